//! `arbiter hunt` against the seeded buggy engines: each rule bug is found within 30 seconds
//! under the right FIDE article, its case file loads in the corpus as it is and fails against
//! the buggy engine but passes against the reference, and the correct engine gives no finding.

use std::path::Path;
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use arbiter_core::{CastlingMode, Position};
use arbiter_spec::clauses::Clauses;
use arbiter_spec::corpus;

mod support;
use support::{Scratch, ARBITER, BUGGY};

/// The hunts run one at a time, so that their time limits measure the hunt, not the load.
static SERIAL: Mutex<()> = Mutex::new(());

struct Hunt {
    code: Option<i32>,
    report: serde_json::Value,
    out: Scratch,
    elapsed: Duration,
}

fn hunt(engine: &str, extra: &[&str]) -> Hunt {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let out = Scratch::new("hunt");
    let started = Instant::now();
    let output = Command::new(ARBITER)
        .args(["hunt", "--uci", engine, "--format", "json", "--out"])
        .arg(&out)
        .args(extra)
        .output()
        .unwrap();
    let elapsed = started.elapsed();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let report = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}\nstderr: {}", String::from_utf8_lossy(&output.stderr)));
    Hunt { code: output.status.code(), report, out, elapsed }
}

/// `arbiter run --cases DIR` with `peer` (`--uci CMD`, or none for the reference core): the
/// exit code and each case's id with its outcome.
fn run_cases(dir: &Path, peer: &[&str]) -> (Option<i32>, Vec<(String, String)>, String) {
    let output =
        Command::new(ARBITER).args(["run", "--format", "jsonl", "--cases"]).arg(dir).args(peer).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let outcomes = stdout
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|v| Some((v["id"].as_str()?.to_owned(), v["outcome"].as_str()?.to_owned())))
        .collect();
    let text = format!("{stdout}\nstderr: {}", String::from_utf8_lossy(&output.stderr));
    (output.status.code(), outcomes, text)
}

/// The hunt's case files are a corpus as they are: the loader reads them, `check` finds nothing
/// wrong (refs with their 2018 numbers, a valid id, the variant), and run, the finding fails
/// against the engine it was found in and passes against the reference core.
fn case_is_a_regression_test(bug: &str, engine: &str, out: &Path, id: &str) {
    let loaded =
        corpus::load(out).unwrap_or_else(|e| panic!("{bug}: the corpus loader refuses the hunt's output: {e:?}"));
    let problems = corpus::check(&loaded, &Clauses::builtin());
    assert!(problems.is_empty(), "{bug}: {problems:?}");
    assert_eq!(loaded.cases().map(|c| c.id.as_str()).collect::<Vec<_>>(), [id], "{bug}");
    let (code, outcomes, text) = run_cases(out, &["--uci", engine]);
    assert_eq!(outcomes, [(id.to_owned(), "FAIL".to_owned())], "{bug}: {text}");
    assert_eq!(code, Some(1), "{bug}: {text}");
    let (code, outcomes, text) = run_cases(out, &[]);
    assert_eq!(outcomes, [(id.to_owned(), "PASS".to_owned())], "{bug}: {text}");
    assert_eq!(code, Some(0), "{bug}: {text}");
}

/// Hunts the engine with `bug` and checks the single finding: its article, its position,
/// and its case file, run as a regression test.
fn finds(bug: &str, seed: &str, article: &str) -> serde_json::Value {
    let engine = format!("'{BUGGY}' --bug {bug}");
    // The seed fixes the positions visited, so the finding comes after the same number of them
    // however loaded the machine is; the time limit only bounds a hunt that went wrong.
    let h = hunt(&engine, &["--seed", seed, "--time", "300", "--positions", "1000000", "--max-findings", "1"]);
    assert!(h.elapsed < Duration::from_secs(320), "{bug}: {:?}", h.elapsed);
    assert_eq!(h.code, Some(1), "{bug}: {}", h.report);
    let findings = h.report["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 1, "{bug}: {}", h.report);
    let f = findings[0].clone();
    let refs: Vec<&str> = f["refs"].as_array().unwrap().iter().filter_map(|r| r.as_str()).collect();
    assert_eq!(f["article"], article, "{bug}: {f}");
    assert!(refs.contains(&article), "{bug}: {f}");
    // The differing position is a legal position, and the path leads there from the root.
    let fen = f["fen"].as_str().unwrap();
    let mode = CastlingMode::from_chess960(f["chess960"] == true);
    let pos = Position::from_fen_in(fen, mode).unwrap_or_else(|e| panic!("{bug}: {fen}: {e}"));
    let mut walked = Position::from_fen_in(f["root_fen"].as_str().unwrap(), mode).unwrap();
    for m in f["path"].as_array().unwrap() {
        walked = walked.play_uci(m.as_str().unwrap()).unwrap();
    }
    assert!(walked.same_position(&pos), "{bug}: path does not lead to {fen}");
    let id = f["id"].as_str().unwrap();
    let yaml = std::fs::read_to_string(h.out.join(format!("{id}.yaml"))).unwrap();
    assert!(yaml.contains(&format!("id: {id}")) && yaml.contains(fen) && yaml.contains("expect:"), "{yaml}");
    case_is_a_regression_test(bug, &engine, &h.out, id);
    f
}

fn moves(f: &serde_json::Value, key: &str) -> Vec<String> {
    f[key].as_array().unwrap().iter().filter_map(|m| m.as_str().map(str::to_owned)).collect()
}

#[test]
fn hunt_finds_missing_en_passant_3_7_3_1() {
    let f = finds("no-en-passant", "11", "3.7.3.1");
    assert_eq!(moves(&f, "extra"), Vec::<String>::new());
    assert!(!moves(&f, "missing").is_empty());
}

#[test]
fn hunt_finds_castling_through_an_attacked_square_3_8_2_2() {
    let f = finds("castle-through-attack", "12", "3.8.2.2");
    assert!(moves(&f, "missing").is_empty());
    assert!(!moves(&f, "extra").is_empty());
}

#[test]
fn hunt_finds_en_passant_exposing_the_king_along_the_rank_3_9_2() {
    let f = finds("ep-rank-pin", "13", "3.9.2");
    assert!(f["refs"].as_array().unwrap().iter().any(|r| r == "3.7.3.1"), "{f}");
    // The en passant target follows the double step that ends the path (or the root).
    assert_ne!(f["fen"].as_str().unwrap().split(' ').nth(3), Some("-"), "{f}");
}

#[test]
fn hunt_finds_missing_underpromotion_3_7_3_3() {
    let f = finds("no-underpromotion", "14", "3.7.3.3");
    let missing = moves(&f, "missing");
    assert!(!missing.is_empty() && missing.iter().all(|m| m.len() == 5 && !m.ends_with('q')), "{f}");
}

#[test]
fn hunt_finds_pinned_pieces_moving_freely_3_9_2() {
    let f = finds("pinned-move-freely", "15", "3.9.2");
    assert!(!moves(&f, "extra").is_empty());
}

#[test]
fn hunt_finds_missing_double_step_3_7_2() {
    let f = finds("no-double-step", "16", "3.7.2");
    // Minimised to a start position (FIDE 2.3 or Chess960), where all eight double steps
    // of the side to move are missing.
    let fen = f["fen"].as_str().unwrap();
    assert!(fen.contains("/pppppppp/8/8/8/8/PPPPPPPP/") && fen.contains(" w "), "{f}");
    let missing = moves(&f, "missing");
    assert_eq!(missing.len(), 8, "{f}");
    assert!(missing.iter().all(|m| &m[1..2] == "2" && &m[3..4] == "4"), "{f}");
}

#[test]
fn hunt_finds_nothing_in_a_correct_engine_3_10_1() {
    let engine = format!("'{BUGGY}' --bug none");
    let h = hunt(&engine, &["--seed", "17", "--positions", "300", "--time", "25"]);
    assert_eq!(h.code, Some(0), "{}", h.report);
    assert_eq!(h.report["findings"].as_array().unwrap().len(), 0);
    assert!(h.report["positions"].as_u64().unwrap() > 0);
}

#[test]
fn hunt_finds_nothing_in_stockfish_3_10_1() {
    let h = hunt("/usr/games/stockfish", &["--seed", "18", "--positions", "200", "--time", "25"]);
    assert_eq!(h.code, Some(0), "{}", h.report);
    assert_eq!(h.report["chess960_skipped"], serde_json::Value::Null);
}

#[test]
fn hunt_adapter_that_cannot_start_is_a_start_up_error() {
    let output = Command::new(ARBITER).args(["hunt", "--adapter", "some-adapter"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("some-adapter"));
}

#[test]
fn hunt_reports_crashes_and_hangs_goes_on_and_fails_3_10_1() {
    // Every process answers two `go` commands (the start-up check and one more), then fails:
    // the hunt goes on, reports each failure, and is no clean pass (exit 1, not 0).
    for failure in ["--crash-after 2", "--hang-after 2"] {
        let engine = format!("'{BUGGY}' --bug none {failure}");
        let h = hunt(&engine, &["--seed", "19", "--positions", "4", "--time", "25", "--timeout", "1"]);
        assert_eq!(h.code, Some(1), "{failure}: {}", h.report);
        assert_eq!(h.report["findings"].as_array().map(Vec::len), Some(0), "{failure}: {}", h.report);
        let errors = h.report["errors"].as_array().unwrap();
        let outcome = if failure.starts_with("--crash") { "ERROR" } else { "TIMEOUT" };
        assert!(!errors.is_empty(), "{failure}: {}", h.report);
        assert!(errors.iter().all(|e| e.as_str().unwrap().starts_with(outcome)), "{failure}: {}", h.report);
        assert_eq!(h.report["positions"], 4, "{failure}: {}", h.report);
    }
}
