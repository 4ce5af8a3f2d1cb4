//! `arbiter bench`: every count is checked (a program that counts wrong is an error, never a
//! time), and `--baseline` fails a program that got slower. No test asserts a speed: the slow
//! program sleeps a tenth of a second per request, and the baselines are a million times faster
//! or slower than anything a machine can measure.

mod support;
use support::{arbiter, Scratch};

/// A fake adapter in Python that knows only the initial position (published counts,
/// chessprogramming.org "Perft Results": 20, 400, 8902) and answers every other position
/// `unsupported`. It sleeps `delay` seconds per perft; `lie` is added to its depth-1 count.
fn fake_adapter(dir: &Scratch, delay: f64, lie: u64) -> String {
    let script = format!(
        r#"import json, sys, time
COUNTS = {{1: 20 + {lie}, 2: 400, 3: 8902}}
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
for line in sys.stdin:
    req = json.loads(line)
    op = req.get("op")
    if op == "hello":
        out = {{"name": "fake", "version": "1", "protocol": 1, "ops": ["perft"], "profile": None}}
    elif op == "perft" and req.get("fen") == START and req.get("depth") in COUNTS:
        time.sleep({delay})
        out = {{"nodes": COUNTS[req["depth"]]}}
    elif op == "quit":
        out = {{}}
    else:
        out = {{"error": {{"kind": "unsupported", "message": "only the initial position"}}}}
    out["id"] = req.get("id")
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
    if op == "quit":
        break
"#
    );
    let path = dir.write("fake.py", script);
    format!("python3 {path}")
}

/// The measured ratio (to the core) of the report's start position.
fn start_ratio(json: &str) -> f64 {
    let report: serde_json::Value = serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {json}"));
    let start = report["positions"].as_array().and_then(|p| p.iter().find(|m| m["name"] == "start"));
    start.and_then(|m| m["ratio"].as_f64()).unwrap_or_else(|| panic!("no start ratio in {json}"))
}

/// FIDE 3.10.1 / perft: a program whose count differs from the published one is an error (exit
/// 2) naming the position and the counts, not a benchmark of a wrong answer.
#[test]
fn a_wrong_count_is_an_error_not_a_time() {
    let dir = Scratch::new("bench-lie");
    let adapter = fake_adapter(&dir, 0.0, 1);
    let (code, out, err) = arbiter(&["bench", "--adapter", &adapter, "--rounds", "2", "--format", "json"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("start") && err.contains("answered 21") && err.contains("published count is 20"), "{err}");
    assert!(out.is_empty(), "no report for a program that miscounts: {out}");
}

/// The right counts give a report: the positions the fake does not support are listed as not
/// timed, the start position is measured at a published depth with its count.
#[test]
fn correct_counts_give_a_report_with_the_unsupported_positions_listed() {
    let dir = Scratch::new("bench-ok");
    let adapter = fake_adapter(&dir, 0.0, 0);
    let (code, out, err) = arbiter(&["bench", "--adapter", &adapter, "--rounds", "3", "--format", "json"]);
    assert_eq!(code, 0, "{out}{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let start = &report["positions"][0];
    assert_eq!(start["name"], "start");
    let depth = start["depth"].as_u64().expect("a depth");
    let published = [20, 400, 8902];
    assert!((1..=3).contains(&depth) && start["nodes"] == published[depth as usize - 1], "{start}");
    assert!(report["startup_seconds"].as_f64().is_some_and(|s| s >= 0.0), "{report}");
    let skipped: Vec<&str> =
        report["skipped"].as_array().expect("skipped").iter().filter_map(|s| s["name"].as_str()).collect();
    assert_eq!(skipped, ["kiwipete", "position-3", "position-4", "position-5", "chess960"], "{report}");
}

/// `--baseline`: against a baseline a million times faster the slow program has regressed
/// (exit 1, naming the position); against one a million times slower it has not (exit 0).
#[test]
fn baseline_regression_fails_a_slower_program_and_passes_a_faster_one() {
    let dir = Scratch::new("bench-baseline");
    let adapter = fake_adapter(&dir, 0.1, 0);
    let (code, out, err) = arbiter(&["bench", "--adapter", &adapter, "--rounds", "1", "--format", "json"]);
    assert_eq!(code, 0, "{out}{err}");
    let measured = start_ratio(&out);
    let mut report: serde_json::Value = serde_json::from_str(&out).expect("a JSON report");
    let mut baseline_with = |ratio: f64, name: &str| -> String {
        report["positions"][0]["ratio"] = serde_json::json!(ratio);
        dir.write(name, report.to_string())
    };
    let faster = baseline_with(measured * 1e6, "faster.json");
    let slower = baseline_with(measured / 1e6, "slower.json");
    let (code, out, err) =
        arbiter(&["bench", "--adapter", &adapter, "--rounds", "1", "--baseline", &faster, "--max-regression", "5%"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("start") && err.contains("slower than the baseline"), "{err}");
    let (code, out, err) =
        arbiter(&["bench", "--adapter", &adapter, "--rounds", "1", "--baseline", &slower, "--max-regression", "5%"]);
    assert_eq!(code, 0, "{out}{err}");
}

/// A baseline that is not a bench report is an error naming the file (exit 2).
#[test]
fn a_baseline_that_is_not_a_report_is_an_error() {
    let dir = Scratch::new("bench-bad-baseline");
    let adapter = fake_adapter(&dir, 0.0, 0);
    let bad = dir.write("bad.json", "{\"not\": \"a report\"}");
    let (code, out, err) = arbiter(&["bench", "--adapter", &adapter, "--rounds", "1", "--baseline", &bad]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("bad.json") && err.contains("not a bench report"), "{err}");
}
