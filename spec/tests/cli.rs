//! The `arbiter` command line: exit statuses 0 / 1 / 2, `--expect` with XFAIL / XPASS, and the
//! listing commands.

use std::process::Command;

mod support;
use support::{arbiter, Scratch, ARBITER};

#[test]
fn run_shipped_corpus_exits_0_with_summary_line() {
    let (code, out, _) = arbiter(&["run", "--jobs", "2", "--expect", "expected/core.txt"]);
    assert_eq!(code, 0, "{out}");
    let last = out.lines().last().unwrap_or_default();
    assert!(last.contains(" passed, 0 failed, ") && last.ends_with(" 0 errors, 0 timeouts"), "{last}");
}

#[test]
fn run_broken_adapter_exits_1() {
    let (code, out, _) = arbiter(&[
        "run",
        "--cases",
        "tests/fixtures/small",
        "--adapter",
        "sh tests/fixtures/broken-adapter.sh",
        "--timeout",
        "0.5",
        "--expect",
        "tests/fixtures/small-expect.txt",
        "--format",
        "tap",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("ok 3 - known-failure # TODO expected failure"), "{out}");
}

#[test]
fn xpass_fails_the_run_unless_allowed() {
    let dir = Scratch::new("xpass");
    let expect = dir.write("expected.txt", "fools-mate-5-1-1\n");
    let base = ["run", "--id", "fools-mate-5-1-1", "--expect", expect.as_str(), "--format", "jsonl"];
    let (code, out, _) = arbiter(&base);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("\"outcome\":\"XPASS\""), "{out}");
    let (code, _, _) = arbiter(&[&base[..], &["--allow-xpass"]].concat());
    assert_eq!(code, 0);
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(arbiter(&["run", "--uci", "stockfish"]).0, 2);
    assert_eq!(arbiter(&["run", "--profile", "no-such-profile"]).0, 2);
    assert_eq!(arbiter(&["run", "--id", "no-such-case"]).0, 2);
    assert_eq!(arbiter(&["run", "--bogus-flag"]).0, 2);
}

#[test]
fn broken_corpus_exits_2_naming_file_and_line() {
    let dir = Scratch::new("cli-broken");
    dir.write(
        "bad.yaml",
        "cases:\n  - id: x\n    refs: [\"3.1\"]\n    description: y\n    expect: {legal: [e2e4], illegal: [e2e4]}\n",
    );
    for command in ["run", "check"] {
        let (code, _, err) = arbiter(&[command, "--cases", dir.str()]);
        assert_eq!(code, 2, "{command}: {err}");
        assert!(err.contains("bad.yaml:2: case x: expect: e2e4 is both legal and illegal"), "{err}");
    }
}

#[test]
fn list_explain_and_coverage() {
    let (code, out, _) = arbiter(&["list", "--clause", "3.8.2.2"]);
    assert_eq!(code, 0);
    assert!(out.contains("castling-queenside-b1-attacked-allowed-3-8-2-2\t3.8.2.2"), "{out}");
    let (code, out, _) = arbiter(&["explain", "castling-queenside-b1-attacked-allowed-3-8-2-2"]);
    assert_eq!(code, 0);
    assert!(out.contains("3.8.2.2: Castling prevented for now"), "{out}");
    let (code, out, _) = arbiter(&["coverage", "--json"]);
    assert_eq!(code, 0);
    let map: serde_json::Value = serde_json::from_str(&out).expect("coverage --json is JSON");
    assert!(map["3.8.2.2"].as_u64().is_some_and(|n| n >= 5), "{out}");
    assert_eq!(arbiter(&["explain", "no-such-case"]).0, 2);
}

/// A reader that goes away (`arbiter perft | head -0`) is not a panic about a failed print: the
/// command stops writing and ends with its own status, 0 for these (a failing run keeps failing:
/// tests/faults_cli.rs).
#[test]
fn closed_standard_output_is_not_a_panic() {
    for args in [
        &["perft", "--depth", "3", "--divide"][..],
        &["explain", "castling-queenside-b1-attacked-allowed-3-8-2-2"][..],
        &["list"][..],
    ] {
        let mut child = Command::new(ARBITER)
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("arbiter runs");
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("arbiter ends");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    }
}

/// Guidelines II: `arbiter perft` and `arbiter unwinnable` read a FEN as standard chess unless
/// told `--chess960`; a right only Chess960 has is a usage error that says so (FIDE 3.8.2.1),
/// never a silent switch to Chess960.
#[test]
fn perft_and_unwinnable_take_the_castling_mode_from_the_command_line() {
    // Chess960 start position 0 after a few moves (the Chess960 perft suite's first line).
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let (code, _, err) = arbiter(&["perft", "--fen", fen, "--depth", "1"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("Chess960") && err.contains("3.8.2.1"), "{err}");
    let (code, out, err) = arbiter(&["perft", "--fen", fen, "--depth", "2", "--chess960"]);
    assert_eq!(code, 0, "{err}");
    // The suite's published count at depth 2 (core/data/perft/chess960_fischer.epd, line 1).
    assert!(out.contains("528"), "{out}");
    let (code, _, err) = arbiter(&["unwinnable", "--fen", fen]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("Chess960"), "{err}");
    let (code, out, err) = arbiter(&["unwinnable", "--fen", fen, "--chess960"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("winnable"), "{out}");
}

/// A proxy adapter in front of `arbiter serve --profile SERVED` that rewrites `hello`: drops
/// its `profile` and declares `rules` instead (the JSON object given).
fn rules_proxy(dir: &Scratch, served: &str, rules: &str) -> String {
    let script = dir.write(
        "proxy.py",
        format!(
            "import json, subprocess, sys\n\
             child = subprocess.Popen(['{ARBITER}', 'serve', '--profile', '{served}'], stdin=subprocess.PIPE, \
             stdout=subprocess.PIPE, text=True)\n\
             for line in sys.stdin:\n    child.stdin.write(line)\n    child.stdin.flush()\n    \
             reply = json.loads(child.stdout.readline())\n    \
             if json.loads(line)['op'] == 'hello':\n        reply.pop('profile', None)\n        \
             reply['rules'] = json.loads('{rules}')\n    \
             print(json.dumps(reply), flush=True)\n    \
             if json.loads(line)['op'] == 'quit':\n        break\n"
        ),
    );
    format!("python3 '{script}'")
}

/// `hello`'s `rules` are applied like profile parts, and combine: an implementation that draws
/// automatically and knows dead positions by material only passes articles 5 and 9 under the
/// combined profile it declares, and the report names that profile; with `rules.chess960`
/// false, every Chess960 case is a SKIP that says why, and no other case is.
#[test]
fn run_applies_the_rules_declared_in_hello_and_combines_them() {
    let dir = Scratch::new("hello-rules");
    let both = rules_proxy(&dir, "automatic-draws+material-only", r#"{"draws": "automatic", "dead": "material_only"}"#);
    let (code, out, err) = arbiter(&["run", "--adapter", &both, "--clause", "9", "--clause", "5.2.2"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("under profile automatic-draws+material-only") && out.contains(" 0 failed"), "{out}");
    // The same implementation judged by the Laws as written fails the claim and dead-position cases.
    let (code, out, _) =
        arbiter(&["run", "--adapter", &both, "--clause", "9", "--clause", "5.2.2", "--profile", "fide-2023"]);
    assert_eq!(code, 1, "{out}");

    let no960 = rules_proxy(&dir, "fide-2023", r#"{"chess960": false}"#);
    let (code, out, err) =
        arbiter(&["run", "--adapter", &no960, "--clause", "II", "--clause", "3.8", "--format", "jsonl"]);
    assert_eq!(code, 0, "{out}{err}");
    let corpus = arbiter_spec::corpus::load_embedded().expect("corpus");
    let mut chess960 = 0;
    for line in out.lines() {
        let record: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let Some(file) = record["file"].as_str() else { continue };
        let located = corpus.find(record["id"].as_str().expect("id")).expect("a corpus case");
        if arbiter_spec::corpus::castling_mode(&located.case) == arbiter_core::CastlingMode::Chess960 {
            chess960 += 1;
            assert_eq!(record["outcome"], "SKIP", "{file}: {record}");
            assert!(record["reason"].as_str().is_some_and(|r| r.contains("does not play Chess960")), "{record}");
        } else {
            assert_eq!(record["outcome"], "PASS", "{file}: {record}");
        }
    }
    assert!(chess960 > 10, "{chess960} Chess960 cases");
}

/// `hello`'s `profile` is the run's rule profile unless `--profile` is given: the reference
/// served under `automatic-draws` (FIDE 9.6 applied to threefold and fifty moves as well, as
/// chess libraries do) passes article 9 under its own profile, and fails the claim cases when
/// the run insists on the Laws as written. A profile arbiter does not know is a start-up error.
#[test]
fn run_follows_the_profile_declared_in_hello_unless_told_otherwise() {
    let serve = format!("'{ARBITER}' serve --profile automatic-draws");
    let (code, out, err) = arbiter(&["run", "--adapter", &serve, "--clause", "9"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("under profile automatic-draws") && out.contains(" 0 failed"), "{out}");
    let (code, out, err) = arbiter(&["run", "--adapter", &serve, "--clause", "9", "--profile", "fide-2023"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("under profile fide-2023") && !out.contains(" 0 failed"), "{out}");

    let dir = Scratch::new("hello-profile");
    let script = dir.write(
        "adapter.py",
        "import json, sys\nfor line in sys.stdin:\n    r = json.loads(line)\n    if r['op'] == 'quit':\n        break\n    \
         print(json.dumps({'id': r['id'], 'name': 'x', 'version': '1', 'protocol': 1, 'ops': [], \
         'profile': 'no-such-profile'}), flush=True)\n",
    );
    let (code, _, err) = arbiter(&["run", "--adapter", &format!("python3 '{script}'"), "--clause", "9"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("hello declares the profile \"no-such-profile\""), "{err}");
}
