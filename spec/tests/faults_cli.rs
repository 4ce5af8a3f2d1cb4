//! Regression tests for the command line and its reports: what other projects' CI trusts. Every
//! command here ends with the status its results give, never panics, never reports a success
//! that did not happen, and every report is valid in its format whatever the case ids and the
//! implementation's messages hold. Each test runs the `arbiter` binary against a small corpus in
//! a temp dir.

use std::process::{Command, Stdio};

mod support;
use support::{arbiter, Scratch as TempDir, ARBITER};

const BROKEN_ADAPTER: &str = "sh tests/fixtures/broken-adapter.sh";

/// One case that the reference core passes.
const ONE_CASE: &str = "cases:\n  - id: one\n    refs: [\"2.3\"]\n    description: The initial position is not check.\n    expect:\n      in_check: false\n";

/// A corpus whose case ids hold Markdown, XML and TAP syntax (`#SKIP` would make a failing TAP
/// test a skipped one). Control characters reach the reports through the adapter's messages: the
/// loader refuses them in ids (faults_input.rs).
const NASTY_CASES: &str = r#"cases:
  - id: "x#SKIP|<b>`y`&z"
    refs: ["3.9.1"]
    description: The adapter answers bad_request with a message full of control characters and TAP lines.
    fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1
    expect:
      in_check: false
  - id: "skip#TODO"
    refs: ["3.9.1"]
    description: The adapter answers unsupported with the same message.
    fen: 4k3/8/8/8/8/8/8/r3K3 w - - 0 1
    expect:
      in_check: true
  - id: plain
    refs: ["3.9.1"]
    description: The same as the first case, with a plain id.
    fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1
    expect:
      in_check: false
"#;

/// What the nasty adapter says (as JSON string text): every control character, a terminal
/// escape, TAP lines (a test, a plan, a YAML block, a comment), Markdown and XML syntax, and a
/// long tail.
fn nasty_message_json() -> String {
    let controls: String = (0..0x20u32).chain(0x7f..0xa0).map(|c| format!("\\u{c:04x}")).collect();
    format!(
        "{controls}\\ufffe\\uffff\\u001b[31mred|<b>&amp;`x` # not a comment\\nok 99 - injected\\n1..1\\n  ---\\n  ...\\nBail out! injected{}",
        "x".repeat(100_000)
    )
}

/// An adapter (a `sh` script) that declares `observe`, names itself `name` (JSON string text)
/// and answers every observation with an error whose message is [`nasty_message_json`]:
/// `unsupported` for the position with the rook, `bad_request` otherwise.
fn nasty_adapter(dir: &TempDir, name: &str) -> String {
    let script = format!(
        r#"NAME='{name}'
MESSAGE='{message}'
while IFS= read -r line; do
  id=$(printf '%s\n' "$line" | sed -E 's/.*"id":([0-9]+).*/\1/')
  case "$line" in
    *'"op":"hello"'*)
      printf '{{"id":%s,"name":"%s","version":"0","protocol":1,"ops":["observe"],"profile":"fide-2023"}}\n' "$id" "$NAME" ;;
    *'"op":"quit"'*)
      exit 0 ;;
    *'4k3/8/8/8/8/8/8/r3K3'*)
      printf '{{"id":%s,"error":{{"kind":"unsupported","message":"%s"}}}}\n' "$id" "$MESSAGE" ;;
    *)
      printf '{{"id":%s,"error":{{"kind":"bad_request","message":"%s"}}}}\n' "$id" "$MESSAGE" ;;
  esac
done
"#,
        message = nasty_message_json()
    );
    let path = dir.write("adapter.sh", &script);
    format!("sh {path}")
}

/// A corpus of [`NASTY_CASES`] and the nasty adapter, in a fresh temp dir.
fn nasty_setup(name: &str) -> (TempDir, String) {
    let dir = TempDir::new(name);
    std::fs::create_dir_all(dir.path().join("cases")).expect("cases dir");
    dir.write("cases/nasty.yaml", NASTY_CASES);
    let adapter = nasty_adapter(&dir, "nasty");
    (dir, adapter)
}

fn nasty_run(name: &str, format: &str) -> (i32, String, String) {
    let (dir, adapter) = nasty_setup(name);
    let cases = format!("{}/cases", dir.str());
    arbiter(&["run", "--cases", &cases, "--adapter", &adapter, "--timeout", "5", "--format", format])
}

// 1. A case file whose name is not UTF-8.

#[cfg(unix)]
#[test]
fn json_report_of_a_case_file_with_a_non_utf8_name_is_json_lines() {
    use std::os::unix::ffi::OsStrExt;
    let dir = TempDir::new("non-utf8");
    let name = std::ffi::OsStr::from_bytes(b"caf\xff.yaml");
    std::fs::write(dir.path().join(name), ONE_CASE).expect("write the case file");
    for format in ["json", "jsonl", "human", "junit", "tap", "markdown"] {
        let (code, out, err) = arbiter(&["run", "--cases", dir.str(), "--format", format]);
        assert_eq!(code, 0, "{format}: {err}");
        if format == "json" {
            let document: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
            assert_eq!(document["cases"][0]["file"], "caf\u{fffd}.yaml", "{out}");
        }
        if format == "jsonl" {
            let lines: Vec<serde_json::Value> =
                out.lines().map(|l| serde_json::from_str(l).expect("each line is JSON")).collect();
            assert_eq!(lines.len(), 2, "{out}");
            assert_eq!(lines[0]["file"], "caf\u{fffd}.yaml", "{out}");
        }
    }
}

// 2. Timeouts that are not durations, and too many jobs.

#[test]
fn timeout_that_is_not_a_finite_positive_representable_duration_exits_2() {
    for command in ["run", "matrix"] {
        for timeout in ["1e300", "1e20", "inf", "NaN", "0", "-1", "1e-300", "ten"] {
            let flag = format!("--timeout={timeout}");
            let (code, _, err) = arbiter(&[command, "--id", "fools-mate-5-1-1", &flag]);
            assert_eq!(code, 2, "{command} --timeout {timeout}: {err}");
            assert!(err.contains("--timeout"), "{command} --timeout {timeout}: {err}");
        }
        let (code, _, err) = arbiter(&[command, "--id", "fools-mate-5-1-1", "--timeout", "0.5"]);
        assert_eq!(code, 0, "{command} --timeout 0.5: {err}");
    }
}

#[test]
fn jobs_over_the_maximum_or_zero_exit_2() {
    for jobs in ["5000", "0"] {
        let (code, _, err) = arbiter(&["run", "--id", "fools-mate-5-1-1", "--jobs", jobs]);
        assert_eq!(code, 2, "--jobs {jobs}: {err}");
        assert!(err.contains("--jobs") && err.contains("256"), "--jobs {jobs}: {err}");
    }
    let (code, _, err) = arbiter(&["run", "--id", "fools-mate-5-1-1", "--jobs", "256"]);
    assert_eq!(code, 0, "{err}");
}

/// More jobs than cases start no more implementations than there are cases (plus the start-up
/// check): a job without a case would start an adapter (and say hello) for nothing.
#[test]
fn jobs_are_no_more_than_the_cases() {
    let dir = TempDir::new("jobs-clamp");
    let log = dir.path().join("starts.log");
    let adapter = dir.write(
        "adapter.sh",
        format!("echo started >> '{}'\nexec sh tests/fixtures/broken-adapter.sh\n", log.display()),
    );
    let (code, _, err) = arbiter(&[
        "run",
        "--cases",
        "tests/fixtures/small",
        "--adapter",
        &format!("sh {adapter}"),
        "--id",
        "passes",
        "--jobs",
        "8",
    ]);
    assert_eq!(code, 0, "{err}");
    let starts = std::fs::read_to_string(&log).expect("the adapter started");
    // Once for the start-up check (its hello), once for the one job that has a case.
    assert_eq!(starts.lines().count(), 2, "{starts}");
}

// 3. A closed standard error.

/// A corpus with `n` broken cases: `arbiter check` writes a line to stderr for each.
fn broken_corpus(dir: &TempDir, n: usize) {
    let mut text = String::from("cases:\n");
    for i in 0..n {
        text.push_str(&format!(
            "  - id: broken-{i}\n    refs: [\"3.1\"]\n    description: y\n    expect: {{legal: [e2e4], illegal: [e2e4]}}\n"
        ));
    }
    dir.write("bad.yaml", &text);
}

/// The exit status of `arbiter ARGS` whose stderr is a pipe that nobody reads any more (like
/// `arbiter check 2>&1 | head -1` once `head` is gone): the reader exits first, arbiter starts
/// 0.3 s later.
fn status_with_closed_stderr(args: &[&str]) -> i32 {
    let dir = TempDir::new(&format!("closed-stderr-{}", args.join("-").replace('/', "_")));
    let rc = dir.path().join("rc");
    let script = "{ sleep 0.3; \"$0\" \"$@\"; echo $? > \"$RC\"; } 2>&1 >/dev/null | true; sleep 0.1; wait";
    let status = Command::new("sh").arg("-c").arg(script).arg(ARBITER).args(args).env("RC", &rc).status();
    assert!(status.is_ok_and(|s| s.success()), "sh runs");
    // The group writes the status when arbiter has ended; wait for it (bounded).
    for _ in 0..200 {
        if let Ok(text) = std::fs::read_to_string(&rc) {
            if text.ends_with('\n') {
                return text.trim().parse().unwrap_or(-1);
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("{args:?} did not end within 10 s");
}

/// A closed stderr: arbiter still ends with its own status (2: the corpus is broken, the
/// timeout is not one), never with the panic of `eprintln!` (101). `perft` (whose messages go
/// through the same function) too.
#[test]
fn closed_standard_error_is_not_a_panic() {
    let dir = TempDir::new("closed-stderr");
    broken_corpus(&dir, 3000);
    for args in [
        &["check", "--cases", dir.str()][..],
        &["run", "--cases", dir.str()][..],
        &["matrix", "--cases", dir.str()][..],
        &["run", "--id", "no-such-case"][..],
        &["explain", "no-such-case"][..],
    ] {
        assert_eq!(status_with_closed_stderr(args), 2, "{args:?}");
    }
    assert_ne!(status_with_closed_stderr(&["perft", "--fen", "bad", "--depth", "1"]), 101);
    // Closed outright (`2>&-`).
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" \"$@\" 2>&-", ARBITER, "check", "--cases", dir.str()])
        .output()
        .expect("sh runs");
    assert_eq!(out.status.code(), Some(2));
}

// 4. A closed standard output.

/// The reader of the report goes away: arbiter stops writing but ends with the status the run's
/// results give (1: the broken adapter fails cases), not 0.
#[test]
fn closed_standard_output_keeps_a_failing_run_failing() {
    for format in ["human", "json", "jsonl", "tap"] {
        let mut child = Command::new(ARBITER)
            .args(["run", "--cases", "tests/fixtures/small", "--adapter", BROKEN_ADAPTER, "--timeout", "0.5"])
            .args(["--format", format])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("arbiter runs");
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("arbiter ends");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert_eq!(out.status.code(), Some(1), "{format}: {stderr}");
    }
}

/// Standard output that fails for another reason than a reader gone away (a full disk): the
/// report is lost, so the run cannot succeed.
#[cfg(target_os = "linux")]
#[test]
fn standard_output_on_a_full_disk_is_not_a_success() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let out =
        Command::new(ARBITER).args(["run", "--id", "fools-mate-5-1-1"]).stdout(full).output().expect("arbiter runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot write to standard output"), "{stderr}");
}

// 5. `--expect` files.

#[test]
fn expect_file_with_an_id_of_no_case_exits_2_naming_file_and_line() {
    let dir = TempDir::new("expect-unknown");
    let expect = dir.write("expect.txt", "# known failures\n\nfools-mate-5-1-1\nfools-mate-typo # a comment\n");
    let (code, _, err) = arbiter(&["run", "--id", "fools-mate-5-1-1", "--expect", &expect]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(&format!("{expect}:4")) && err.contains("fools-mate-typo"), "{err}");
}

#[test]
fn expect_file_line_that_is_not_an_id_exits_2_naming_file_and_line() {
    let dir = TempDir::new("expect-not-id");
    let expect = dir.write("expect.txt", "fools-mate-5-1-1 fails on purpose\n");
    let (code, _, err) = arbiter(&["run", "--id", "fools-mate-5-1-1", "--expect", &expect]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(&format!("{expect}:1")), "{err}");
}

/// The expect files shipped with arbiter and its adapters keep working (a case id per line, `#`
/// comments, blank lines): they name cases of the shipped corpus.
#[test]
fn shipped_expect_files_are_accepted() {
    for file in [
        "expected/core.txt",
        "../adapters/python-chess/expected-failures.txt",
        "../adapters/shakmaty/expected-failures.txt",
    ] {
        let (code, _, err) = arbiter(&["run", "--id", "fools-mate-5-1-1", "--expect", file]);
        assert_eq!(code, 0, "{file}: {err}");
    }
    let (code, out, err) = arbiter(&[
        "run",
        "--cases",
        "tests/fixtures/small",
        "--adapter",
        BROKEN_ADAPTER,
        "--id",
        "known-failure",
        "--expect",
        "tests/fixtures/small-expect.txt",
        "--format",
        "jsonl",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"outcome\":\"XFAIL\""), "{out}");
}

// 6. Runs that check nothing.

#[test]
fn run_check_and_matrix_that_check_nothing_fail() {
    // (and `list` and `coverage`, which would print nothing)
    let empty = TempDir::new("empty-corpus");
    empty.write("none.yaml", "cases: []\n");
    for command in ["run", "check", "matrix", "list", "coverage"] {
        let (code, out, err) = arbiter(&[command, "--cases", empty.str()]);
        assert_eq!(code, 2, "{command} on an empty corpus: {out}{err}");
        assert!(err.contains("no case"), "{command}: {err}");
        let (code, out, err) = arbiter(&[command, "--id", "no-such-case"]);
        assert_eq!(code, 2, "{command} --id no-such-case: {out}{err}");
        assert!(err.contains("no case"), "{command}: {err}");
    }
    let no_files = TempDir::new("no-files");
    let (code, _, err) = arbiter(&["check", "--cases", no_files.str()]);
    assert_eq!(code, 2, "{err}");
}

/// Every selected case skipped (the adapter declares no `perft`): nothing was checked.
#[test]
fn run_whose_every_case_was_skipped_fails() {
    let (code, out, err) = arbiter(&[
        "run",
        "--cases",
        "tests/fixtures/small",
        "--adapter",
        BROKEN_ADAPTER,
        "--id",
        "skipped-perft",
        "--id",
        "only-2018",
    ]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("no case was checked"), "{err}");
    assert!(out.contains("2 skipped"), "the report is still written: {out}");
}

// 7. Filters and blank commands.

#[test]
fn explain_and_check_apply_their_filters() {
    let id = "castling-queenside-b1-attacked-allowed-3-8-2-2";
    let (code, _, err) = arbiter(&["explain", id, "--tag", "no-such-tag"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(id), "{err}");
    let (code, _, err) = arbiter(&["explain", id, "--clause", "3.8.2.2"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = arbiter(&["check", "--id", "fools-mate-5-1-1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(": 1 cases, no problems"), "{out}");
}

/// `coverage` counts the selected cases only, and selecting none is an error.
#[test]
fn coverage_applies_its_filters() {
    let sum = |args: &[&str]| -> u64 {
        let (code, out, err) = arbiter(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        let map: serde_json::Value = serde_json::from_str(&out).expect("coverage --json is JSON");
        map.as_object().expect("an object").values().filter_map(serde_json::Value::as_u64).sum()
    };
    let all = sum(&["coverage", "--json"]);
    let one = sum(&["coverage", "--json", "--id", "fools-mate-5-1-1"]);
    assert!((1..=4).contains(&one) && one < all, "one case counts {one} clauses, all count {all}");
    let (code, _, err) = arbiter(&["coverage", "--id", "no-such-case"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn empty_or_blank_implementation_command_exits_2() {
    for (command, flag) in [("run", "--adapter"), ("run", "--uci"), ("matrix", "--adapter"), ("matrix", "--uci")] {
        for value in ["", "  ", "\t"] {
            let (code, _, err) = arbiter(&[command, "--id", "fools-mate-5-1-1", flag, value]);
            assert_eq!(code, 2, "{command} {flag} {value:?}: {err}");
            assert!(err.contains(flag), "{command} {flag} {value:?}: {err}");
        }
    }
}

// 8. Escape sequences and bounded quoting in the human report.

#[test]
fn human_report_shows_no_raw_control_characters_and_bounded_messages() {
    let (code, out, err) = nasty_run("human", "human");
    assert_eq!(code, 1, "{out}{err}");
    assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
    assert!(out.contains("x#SKIP|<b>`y`&z"), "{out}");
    assert!(out.lines().all(|l| l.len() < 1000), "an unbounded line: {out}");
    assert!(out.contains("bytes)"), "a cut message says how long it was: {out}");
    assert!(!out.lines().any(|l| l.starts_with("ok 99")), "{out}");
}

/// Corpus problems name the case, and its id reaches the terminal escaped.
#[test]
fn corpus_problems_on_stderr_show_no_raw_control_characters() {
    let dir = TempDir::new("escaped-errors");
    dir.write(
        "bad.yaml",
        "cases:\n  - id: \"evil\\e[2J\"\n    refs: [\"3.1\"]\n    description: y\n    expect: {legal: [e2e4], illegal: [e2e4]}\n",
    );
    let (code, _, err) = arbiter(&["check", "--cases", dir.str()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("evil\\u{1b}[2J") && !err.contains('\u{1b}'), "{err:?}");
}

// 9. TAP, read by Perl's `prove`.

/// Runs `prove` on a TAP stream; a missing `prove` fails the test (ci/setup.sh installs it).
fn prove(tap: &str, name: &str) -> String {
    let dir = TempDir::new(name);
    let file = dir.write("report.tap", tap);
    let out = Command::new("prove")
        .args(["-e", "cat", &file])
        .output()
        .unwrap_or_else(|e| panic!("`prove` (Perl's Test::Harness) is needed for this test: {e}"));
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

#[test]
fn tap_of_a_failing_run_is_valid_for_prove() {
    let (code, tap, err) = arbiter(&[
        "run",
        "--cases",
        "tests/fixtures/small",
        "--adapter",
        BROKEN_ADAPTER,
        "--timeout",
        "0.5",
        "--expect",
        "tests/fixtures/small-expect.txt",
        "--format",
        "tap",
    ]);
    assert_eq!(code, 1, "{err}");
    let verdict = prove(&tap, "prove-small");
    assert!(!verdict.contains("Parse errors"), "{verdict}\n{tap}");
    assert!(verdict.contains("Failed 5/10 subtests"), "{verdict}\n{tap}");
}

#[test]
fn tap_is_valid_whatever_the_ids_and_messages_hold() {
    let (code, tap, err) = nasty_run("tap", "tap");
    assert_eq!(code, 1, "{err}");
    assert!(!tap.lines().any(|l| l.starts_with("ok 99") || l.starts_with("1..1") || l.starts_with("Bail out!")));
    let verdict = prove(&tap, "prove-nasty");
    assert!(!verdict.contains("Parse errors"), "{verdict}\n{tap}");
    // The two bad_request cases fail (the `#SKIP` in an id is no directive), one is skipped.
    assert!(verdict.contains("Failed 2/3 subtests"), "{verdict}\n{tap}");
    assert!(tap.lines().all(|l| l.len() < 1000), "an unbounded line: {tap}");
}

// 10. JUnit.

#[test]
fn junit_is_xml_whatever_the_ids_and_messages_hold() {
    let (code, xml, err) = nasty_run("junit", "junit");
    assert_eq!(code, 1, "{err}");
    let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("not XML: {e}\n{xml}"));
    let names: Vec<&str> =
        doc.descendants().filter(|n| n.has_tag_name("testcase")).filter_map(|n| n.attribute("name")).collect();
    assert_eq!(names, ["x#SKIP|<b>`y`&z", "skip#TODO", "plain"]);
    let failures = doc.descendants().filter(|n| n.has_tag_name("failure")).count();
    assert_eq!(failures, 2, "{xml}");
}

// 11. The matrix.

/// Cells of a Markdown table row: the `|` that are not escaped.
fn cells(row: &str) -> usize {
    let mut count = 0;
    let mut escaped = false;
    for c in row.chars() {
        match c {
            '\\' if !escaped => escaped = true,
            '|' if !escaped => count += 1,
            _ => escaped = false,
        }
    }
    count
}

/// An implementation that fails `hello` gets a column that says so; the others are still
/// checked, and the matrix fails (exit 1) since one implementation was not checked.
#[test]
fn matrix_renders_an_implementation_that_fails_hello_as_not_checked() {
    let (code, table, err) =
        arbiter(&["matrix", "--id", "fools-mate-5-1-1", "--adapter", "sh -c 'exit 3'", "--timeout", "5"]);
    assert_eq!(code, 1, "{table}{err}");
    let header = table.lines().find(|l| l.starts_with("| Article")).unwrap_or_else(|| panic!("a header: {table}"));
    assert!(header.starts_with("| Article | arbiter-core | sh -c 'exit 3' |"), "{header}");
    assert!(table.lines().any(|l| l.starts_with("| 5 | 1 / 0 / 0 | not checked |")), "{table}");
    assert!(table.contains("could not be checked"), "{table}");
    assert!(err.contains("could not be checked"), "{err}");
}

#[test]
fn matrix_escapes_implementation_names() {
    let (dir, _) = nasty_setup("matrix-names");
    let adapter = nasty_adapter(&dir, "a|b<i>&amp;`c`\\nd\\u001b[2J");
    let cases = format!("{}/cases", dir.str());
    let (code, table, err) = arbiter(&["matrix", "--cases", &cases, "--adapter", &adapter, "--timeout", "5"]);
    assert_eq!(code, 0, "{table}{err}");
    assert!(!table.chars().any(|c| c.is_control() && c != '\n'), "{table:?}");
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with('|')).collect();
    assert!(rows.len() >= 4, "{table}");
    assert!(rows.iter().all(|r| cells(r) == 4), "a row with another number of cells:\n{table}");
    assert!(!table.contains("<i>") && table.contains("\\<i\\>\\&amp;\\`c\\`"), "{table}");
}

// 12. The Markdown and JSON reports.

#[test]
fn markdown_report_escapes_ids_and_messages() {
    let (code, md, err) = nasty_run("markdown", "markdown");
    assert_eq!(code, 1, "{err}");
    assert!(!md.chars().any(|c| c.is_control() && c != '\n'), "{md:?}");
    // Ids as code spans (fenced past their backticks), messages as escaped text.
    assert!(md.contains("- **FAIL** ``x#SKIP|<b>`y`&z`` (3.9.1): "), "{md}");
    assert!(md.contains("red\\|\\<b\\>\\&amp;\\`x\\` \\# not a comment"), "{md}");
    let list: Vec<&str> = md.lines().skip_while(|l| !l.starts_with("### ")).skip(1).filter(|l| !l.is_empty()).collect();
    assert_eq!(list.len(), 2, "one line per unexpected outcome:\n{md}");
    assert!(list.iter().all(|l| l.starts_with("- **FAIL** ") && l.len() < 1000), "{md}");
    let rows: Vec<&str> = md.lines().filter(|l| l.starts_with('|')).collect();
    assert!(rows.iter().all(|r| cells(r) == 9), "{md}");
}

#[test]
fn json_report_keeps_ids_whole_and_quotes_adapter_messages_bounded() {
    let (code, out, err) = nasty_run("json", "jsonl");
    assert_eq!(code, 1, "{err}");
    let lines: Vec<serde_json::Value> =
        out.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0]["id"], "x#SKIP|<b>`y`&z", "the case's own id, whole");
    // What the adapter said is offending input: quoted as a bounded excerpt, escapes escaped.
    let actual = lines[0]["mismatches"][0]["actual"].as_str().unwrap_or_default();
    assert!(!actual.contains('\u{1b}') && actual.contains("\\u{1b}[31mred"), "{actual:.300}");
    assert!(actual.len() < 1_000 && actual.contains("bytes)"), "{} bytes: {actual:.300}", actual.len());
}

/// The in-process reference is held to `--timeout` like any program: a flag question whose
/// search takes longer (CHA's line 522, some two million nodes: a few tenths of a second at
/// best) is a TIMEOUT that names the request, the requests asked while the reference is still
/// busy with it are refused at once (TIMEOUT, naming the late request) instead of waiting, and
/// the run ends with status 1 rather than waiting for the search.
#[test]
fn the_reference_past_its_deadline_is_a_timeout_not_a_wait() {
    let (code, out, err) = arbiter(&["run", "--clause", "6.9", "--timeout", "0.01"]);
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(out.contains("TIMEOUT flag-cha-522-6-9"), "{out}");
    assert!(out.contains("within 0.01 s from the reference core"), "{out}");
    assert!(out.contains("was not asked: the reference core is still answering request"), "{out}");
    assert!(!err.contains("panicked"), "{err}");
}
