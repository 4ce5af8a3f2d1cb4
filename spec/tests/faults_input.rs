//! What a user hands arbiter (case files, corpus directories, perft suites, PGN text) that is
//! wrong or hostile: each gives a clear error naming the file and line, in bounded time, and
//! never a panic, a hang or a silent pass. Each test runs the `arbiter` binary on small
//! fixtures made in a temporary directory, unless it needs the library.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use arbiter_core::perft::MAX_DEPTH;
use arbiter_spec::corpus::{self, LocatedCase};
use arbiter_spec::outcome::Outcome;
use arbiter_spec::profile;
use arbiter_spec::reference::Reference;
use arbiter_spec::runner::{run_case, Declared, RunOptions};

mod support;
use support::{arbiter, Scratch, DEADLINE};

/// A fresh, empty directory for one test, removed when it ends.
fn temp_dir(name: &str) -> Scratch {
    Scratch::new(&format!("faults-input-{name}"))
}

/// A corpus directory holding one `cases.yaml` with `text`.
fn corpus_with(name: &str, text: &str) -> Scratch {
    let dir = temp_dir(name);
    dir.write("cases.yaml", text);
    dir
}

/// `arbiter check --cases DIR`.
fn check(dir: &Path) -> (i32, String) {
    let (code, _, err) = arbiter(&["check", "--cases", &dir.display().to_string()]);
    (code, err)
}

/// A case that `check` accepts, with `extra` lines added to it (indented as its keys).
fn case(id: &str, extra: &str) -> String {
    format!(
        "  - id: {id}\n    refs: [\"3.9.1\"]\n    description: A rook checks.\n    fen: 4k3/8/8/8/8/8/8/r3K3 w - - 0 1\n{extra}    expect:\n      in_check: true\n"
    )
}

#[test]
fn the_fixture_case_checks_clean() {
    let dir = corpus_with("clean", &format!("cases:\n{}", case("first", "")));
    assert_eq!(check(&dir), (0, String::new()));
}

// 1. Perft deeper than perft::MAX_DEPTH: the recursion used to overflow the stack (exit 134).

#[test]
fn perft_depth_beyond_max_depth_is_a_usage_error() {
    let (code, out, err) = arbiter(&["perft", "--depth", "100000"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains(&format!("--depth 100000: deeper than the deepest perft arbiter counts ({MAX_DEPTH})")),
        "{err}"
    );
}

#[test]
fn perft_threads_beyond_the_cap_is_a_usage_error() {
    let (code, out, err) = arbiter(&["perft", "--depth", "1", "--threads", "5000"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("--threads") && err.contains("256"), "{err}");
    for threads in ["0", "2"] {
        let (code, out, err) = arbiter(&["perft", "--depth", "2", "--threads", threads]);
        assert_eq!((code, out.trim()), (0, "Nodes searched: 400"), "--threads {threads}: {err}");
    }
}

#[test]
fn suite_count_beyond_max_depth_is_an_error_naming_the_line() {
    let dir = temp_dir("epd-deep");
    let suite = dir.join("deep.epd");
    std::fs::write(&suite, "# a suite\n8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3 ;D100000 1\n").expect("write suite");
    let (code, out, err) = arbiter(&["perft", "--epd", &suite.display().to_string()]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("deep.epd:line 2: depth 100000 is deeper than the deepest perft arbiter counts"), "{err}");
}

#[test]
fn case_perft_beyond_max_depth_fails_check_naming_file_and_line() {
    let text = format!(
        "cases:\n{}{}",
        case("fine", ""),
        case("deep", "").replace("      in_check: true\n", "      perft: {100000: 1}\n")
    );
    let (code, err) = check(&corpus_with("case-deep", &text));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cases.yaml:8: case deep: expect: perft depth 100000 is deeper than"), "{err}");
}

// 2. A suite without counts checked nothing and passed.

#[test]
fn empty_or_comment_only_suite_is_an_error() {
    let dir = temp_dir("epd-empty");
    for (name, text) in [("empty.epd", ""), ("comments.epd", "# nothing here\n\n   # still nothing\n")] {
        let suite = dir.join(name);
        std::fs::write(&suite, text).expect("write suite");
        let (code, out, err) = arbiter(&["perft", "--epd", &suite.display().to_string()]);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(err.contains(&format!("{name}:line 1: no perft counts")), "{err}");
    }
}

// 3. The corpus walk: symbolic link loops, FIFOs, `.YAML`.

#[cfg(unix)]
#[test]
fn symlink_loop_in_the_corpus_is_an_error_not_an_endless_walk() {
    let dir = corpus_with("symlink-loop", &format!("cases:\n{}", case("first", "")));
    std::fs::create_dir(dir.join("sub")).expect("sub dir");
    std::os::unix::fs::symlink("..", dir.join("sub").join("up")).expect("symlink");
    let (code, err) = check(&dir);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("sub/up: this directory was already read as"), "{err}");
    // Every command that loads the corpus ends too.
    let (code, _, err) = arbiter(&["list", "--cases", &dir.display().to_string()]);
    assert_eq!(code, 2, "{err}");
}

#[cfg(unix)]
#[test]
fn a_fifo_named_yaml_is_an_error_not_a_blocked_read() {
    let dir = corpus_with("fifo", &format!("cases:\n{}", case("first", "")));
    let fifo = dir.join("pipe.yaml");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let (code, err) = check(&dir);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("pipe.yaml: not a regular file"), "{err}");
}

#[test]
fn upper_case_yaml_extension_is_loaded_not_skipped() {
    let dir = corpus_with("upper-case", &format!("cases:\n{}", case("first", "")));
    let bad = format!("cases:\n{}", case("shouty", "").replace("r3K3 w", "r3K3/8 w"));
    std::fs::write(dir.join("MORE.YAML"), bad).expect("write");
    std::fs::write(dir.join("other.Yml"), format!("cases:\n{}", case("second", ""))).expect("write");
    let (code, err) = check(&dir);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("MORE.YAML:2: case shouty: bad FEN"), "{err}");
    let (code, out, err) = arbiter(&["list", "--cases", &dir.display().to_string()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("second") && out.contains("shouty"), "{out}");
}

// 4. Pathological YAML: nesting, many cases, size.

#[test]
fn deep_brackets_are_refused_at_once_naming_the_line() {
    for (name, open) in [("maps", "{a: "), ("sequences", "[")] {
        let text = format!("description: x\ncases: {}\n", open.repeat(100_000));
        let (code, err) = check(&corpus_with(&format!("nested-{name}"), &text));
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("cases.yaml:2: brackets nested more than"), "{name}: {err}");
    }
}

#[test]
fn a_file_larger_than_the_limit_is_an_error_not_an_allocation() {
    let dir = temp_dir("huge");
    let file = std::fs::File::create(dir.join("huge.yaml")).expect("create");
    file.set_len(1 << 30).expect("a sparse 1 GB file");
    let (code, err) = check(&dir);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("huge.yaml: larger than the limit of"), "{err}");
}

/// Locating each case used to search every id line for each case: 250,000 cases in one file
/// took minutes (and every flow-style case got line 1). The deadline is generous; the point
/// is that it ends.
#[test]
fn many_cases_in_one_file_load_in_bounded_time_with_their_lines() {
    let n = 250_000;
    let mut text = String::from("cases:\n");
    for i in 0..n {
        text.push_str(&format!("  - {{id: c{i}, refs: [x], description: x, expect: {{}}}}\n"));
    }
    let start = Instant::now();
    let cases = corpus::parse_file(Path::new("many.yaml"), &text).expect("parses");
    assert!(start.elapsed() < DEADLINE, "{:?}", start.elapsed());
    assert_eq!(cases.len(), n);
    assert_eq!((cases[0].line, cases[n - 1].line), (2, n + 1));
}

// 5. Line numbers of quoted keys, flow-style cases and duplicate ids.

#[test]
fn quoted_id_key_gets_its_own_line() {
    let text = format!(
        "cases:\n{}{}",
        case("first", ""),
        case("second", "").replace("- id: second", "- \"id\": second").replace("r3K3 w", "r3K3/8 w")
    );
    let (code, err) = check(&corpus_with("quoted-key", &text));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cases.yaml:8: case second: bad FEN"), "{err}");
}

#[test]
fn flow_style_case_gets_its_own_line() {
    let text = format!(
        "cases:\n{}  - {{id: flow, refs: [\"3.9.1\"], description: x, fen: 4k3/8/8/8/8/8/8/r3K3/8 w - - 0 1, expect: {{in_check: true}}}}\n  - {{refs: [\"3.9.1\"], id: later, description: x, moves: [e2], expect: {{in_check: false}}}}\n",
        case("first", "")
    );
    let (code, err) = check(&corpus_with("flow-style", &text));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cases.yaml:8: case flow: bad FEN"), "{err}");
    assert!(err.contains("cases.yaml:9: case later: \"e2\" is not a UCI move"), "{err}");
}

#[test]
fn duplicate_id_names_both_places() {
    let text = format!("cases:\n{}{}", case("twice", ""), case("twice", ""));
    let (code, err) = check(&corpus_with("duplicate", &text));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cases.yaml:8: case twice: duplicate id (first used at cases.yaml:2)"), "{err}");
}

// 6. PGN text that would drop moves silently.

#[test]
fn unclosed_comment_variation_or_result_mid_text_fails_check_naming_the_case() {
    for (pgn, problem) in [
        ("1. e4 {a comment never closed e5", "the comment `{` at character 7 is never closed"),
        ("1. e4 (1. d4 d5 e5", "the variation `(` at character 7 is never closed"),
        ("1. e4 1-0 e5", "the result 1-0 ends the movetext, but \"e5\" follows it"),
    ] {
        let text = format!(
            "cases:\n  - id: pgn-case\n    refs: [\"C.8\"]\n    description: x\n    pgn: \"{pgn}\"\n    expect:\n      fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
        );
        let (code, err) = check(&corpus_with("pgn", &text));
        assert_eq!(code, 2, "{pgn}: {err}");
        assert!(err.contains(&format!("cases.yaml:2: case pgn-case: pgn: {problem}")), "{err}");
    }
}

/// The runner too: a case with such a PGN (loaded without `check`) is an ERROR, never a PASS
/// on the position before the dropped moves (the unclosed comment passed, the result read as
/// nothing played on).
#[test]
fn runner_does_not_pass_a_case_whose_pgn_drops_moves() {
    for (pgn, problem) in
        [("1. e4 {never closed e5", "is never closed"), ("1. e4 1-0 e5", "the result 1-0 ends the movetext")]
    {
        let yaml = format!("cases:\n  - id: pgn-case\n    refs: [\"C.8\"]\n    description: x\n    pgn: \"{pgn}\"\n    expect:\n      fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
        let cases: Vec<LocatedCase> = corpus::parse_file(Path::new("pgn.yaml"), &yaml).expect("loads");
        let mut imp = Reference::default();
        let declared = Declared::ask(&mut imp).expect("hello");
        let options = RunOptions::new(profile::find(profile::DEFAULT_PROFILE).expect("default profile"));
        let report = run_case(&mut imp, &declared, &cases[0], &options);
        assert_eq!(report.outcome, Outcome::Error, "{pgn}: {report:?}");
        assert!(report.reason.as_deref().is_some_and(|r| r.contains(problem)), "{report:?}");
    }
}

// 7. Events, time control or supervision that nothing checks.

#[test]
fn events_time_control_or_supervision_without_expect_events_fail_check() {
    for (key, line) in [
        ("events", "    events: [{touch: e1}]\n"),
        ("time_control", "    time_control: \"5+3\"\n"),
        ("supervision", "    supervision: unsupervised\n"),
    ] {
        let text = format!("cases:\n{}", case("ignored", line));
        let (code, err) = check(&corpus_with("events", &text));
        assert_eq!(code, 2, "{key}: {err}");
        assert!(
            err.contains(&format!(
                "cases.yaml:2: case ignored: `{key}` is given but nothing is expected of the events"
            )),
            "{err}"
        );
    }
}

// 8. Anything else a bad case file can hold.

#[test]
fn a_ten_megabyte_fen_is_quoted_bounded() {
    let text =
        format!("cases:\n{}", case("long-fen", "").replace("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", &"8/".repeat(5_000_000)));
    let (code, err) = check(&corpus_with("long-fen", &text));
    assert_eq!(code, 2, "{}", &err[..err.len().min(2000)]);
    assert!(err.contains("cases.yaml:2: case long-fen: bad FEN \"8/8/"), "{}", &err[..err.len().min(2000)]);
    assert!(err.contains("... (10000000 bytes)"), "{}", &err[..err.len().min(2000)]);
    assert!(err.len() < 2000, "{} bytes of errors", err.len());
}

#[test]
fn invalid_utf8_names_the_line() {
    let mut bytes = format!("cases:\n{}", case("first", "")).into_bytes();
    let at = bytes.iter().position(|&b| b == b'A').expect("an A in the description");
    bytes[at] = 0xff;
    let dir = temp_dir("utf8");
    std::fs::write(dir.join("cases.yaml"), bytes).expect("write");
    let (code, err) = check(&dir);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cases.yaml:4: not UTF-8 text: byte 0xff at column 18"), "{err}");
}

#[test]
fn control_characters_in_an_id_are_escaped_in_messages() {
    let text = format!("cases:\n{}", case("\"bad\\e[2Jid\"", ""));
    let (code, err) = check(&corpus_with("control-id", &text));
    assert_eq!(code, 2, "{err}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("case \"bad\\u{1b}[2Jid\": the id must be at most 200 printable characters"), "{err}");
}

/// Not regressions (these already ended in an error) but guards: hostile YAML of every
/// other kind ends quickly in an error naming the file, never a panic.
#[test]
fn hostile_yaml_ends_in_an_error() {
    let laughs = {
        let mut s = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..30 {
            let p = i - 1;
            s.push_str(&format!(
                "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
            ));
        }
        s + "cases: *a29\n"
    };
    let deep_expect = format!(
        "cases:\n{}",
        case("deep", "").replace(
            "      in_check: true\n",
            &format!("      san:\n{}", (0..200).map(|i| format!("{}k:\n", " ".repeat(8 + 2 * i))).collect::<String>())
        )
    );
    let junk: String =
        (0..100_000u32).map(|i| char::from((i.wrapping_mul(2_654_435_761) >> 24) as u8 & 0x7f)).collect();
    for (name, text) in [
        ("laughs", laughs),
        ("deep-expect", deep_expect),
        ("tabs", format!("cases:\n{}", case("tabs", "")).replace("    refs", "\trefs")),
        ("junk", junk),
        ("not-a-map", "just a string\n".into()),
        ("empty", String::new()),
    ] {
        let (code, err) = check(&corpus_with(&format!("hostile-{name}"), &text));
        assert_eq!(code, 2, "{name}: {err}");
        assert!(err.contains("cases.yaml"), "{name}: {err}");
        assert!(err.len() < 4000, "{name}: {} bytes of errors", err.len());
    }
}

#[test]
fn a_directory_named_yaml_is_walked() {
    let dir = corpus_with("dir-yaml", &format!("cases:\n{}", case("first", "")));
    std::fs::create_dir(dir.join("more.yaml")).expect("dir");
    std::fs::write(dir.join("more.yaml").join("inner.yaml"), format!("cases:\n{}", case("inner", ""))).expect("write");
    let (code, out, err) = arbiter(&["list", "--cases", &dir.display().to_string()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("inner"), "{out}");
}
