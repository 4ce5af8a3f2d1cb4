//! `arbiter run --uci` against real and seeded engines: Stockfish passes the suite, every
//! seeded move-generation bug of `buggy-uci` is caught by a case of its article, and a crash
//! or hang costs one case, not the run.

use std::process::Command;

use serde_json::Value;

mod support;
use support::{ARBITER, BUGGY};
const STOCKFISH: &str = "/usr/games/stockfish";

/// Runs `arbiter run --uci CMD EXTRA... --format json`: the exit code and the case reports.
fn run_uci(command: &str, extra: &[&str]) -> (i32, Vec<Value>) {
    let output = Command::new(ARBITER)
        .args(["run", "--uci", command, "--format", "jsonl"])
        .args(extra)
        .output()
        .expect("arbiter runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let reports: Vec<Value> = stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v.get("id").is_some())
        .collect();
    let code = output.status.code().unwrap_or(-1);
    assert!(!reports.is_empty(), "no case reports; stderr: {}", String::from_utf8_lossy(&output.stderr));
    (code, reports)
}

fn outcome(report: &Value) -> &str {
    report["outcome"].as_str().unwrap_or("")
}

fn count(reports: &[Value], wanted: &str) -> usize {
    reports.iter().filter(|r| outcome(r) == wanted).count()
}

/// The ids of the failing cases whose first reference is `article` (or a sub-clause of it).
fn failing_under(reports: &[Value], article: &str) -> Vec<String> {
    reports
        .iter()
        .filter(|r| outcome(r) == "FAIL")
        .filter(|r| {
            r["refs"][0].as_str().is_some_and(|first| {
                let clause = first.split_whitespace().next().unwrap_or("");
                clause == article || clause.starts_with(&format!("{article}."))
            })
        })
        .filter_map(|r| r["id"].as_str().map(str::to_owned))
        .collect()
}

fn buggy(bug: &str) -> String {
    format!("'{BUGGY}' --bug {bug}")
}

#[test]
fn stockfish_passes_the_move_generation_cases_3_and_5() {
    // A peer test never passes without its peer: Stockfish is installed by ci/setup.sh.
    assert!(std::path::Path::new(STOCKFISH).exists(), "{STOCKFISH} is not installed (ci/setup.sh installs it)");
    let (code, reports) = run_uci(STOCKFISH, &[]);
    assert_eq!(count(&reports, "FAIL"), 0);
    assert_eq!(count(&reports, "ERROR"), 0);
    assert_eq!(count(&reports, "TIMEOUT"), 0);
    assert_eq!(code, 0);
    // Move generation answers a large part of the corpus: legal moves (3) and perft (3.10.1).
    assert!(count(&reports, "PASS") > 200, "only {} passed", count(&reports, "PASS"));
}

#[test]
fn skips_say_they_need_an_adapter_5_1_1() {
    let (_, reports) = run_uci(&buggy("none"), &["--id", "fools-mate-5-1-1"]);
    // Fool's mate: the legal moves (none) are a move-generation question and pass; in_check and
    // the result are not (FIDE 5.1.1, 1.4.2): the PASS says they were not checked, and why.
    assert_eq!(outcome(&reports[0]), "PASS");
    let reason = reports[0]["reason"].as_str().unwrap_or("");
    assert!(reason.starts_with("not checked: needs an adapter"), "{reason}");
}

#[test]
fn the_bug_free_engine_passes_3() {
    let (code, reports) = run_uci(&buggy("none"), &[]);
    assert_eq!(count(&reports, "FAIL") + count(&reports, "ERROR"), 0);
    assert_eq!(code, 0);
}

fn assert_caught(bug: &str, article: &str) {
    let (code, reports) = run_uci(&buggy(bug), &[]);
    assert_eq!(code, 1, "--bug {bug} must fail the run");
    let caught = failing_under(&reports, article);
    assert!(!caught.is_empty(), "--bug {bug}: no failing case under {article}");
}

#[test]
fn no_en_passant_is_caught_3_7_3_1() {
    assert_caught("no-en-passant", "3.7.3.1");
}

#[test]
fn castling_through_attack_is_caught_3_8_2_2() {
    assert_caught("castle-through-attack", "3.8.2.2");
}

#[test]
fn en_passant_rank_pin_is_caught_3_9_2() {
    // The horizontal-pin cases name en passant first and 3.9.2 second.
    let (code, reports) = run_uci(&buggy("ep-rank-pin"), &[]);
    assert_eq!(code, 1);
    let caught: Vec<&Value> = reports
        .iter()
        .filter(|r| outcome(r) == "FAIL")
        .filter(|r| r["refs"].as_array().is_some_and(|refs| refs.iter().any(|x| x == "3.9.2")))
        .collect();
    assert!(!caught.is_empty(), "no failing case under 3.9.2");
}

#[test]
fn no_underpromotion_is_caught_3_7_3_3() {
    assert_caught("no-underpromotion", "3.7.3.3");
}

#[test]
fn pinned_pieces_moving_freely_is_caught_3_9_2() {
    assert_caught("pinned-move-freely", "3.9.2");
}

#[test]
fn no_double_step_is_caught_3_7_2() {
    assert_caught("no-double-step", "3.7.2");
}

#[test]
fn a_crash_is_one_error_and_the_run_goes_on_3() {
    // The engine crashes at its 40th `go` after every (re)start; the start-up check is one.
    let (code, reports) = run_uci(&format!("'{BUGGY}' --crash-after 40"), &[]);
    assert_eq!(code, 1);
    let errors = count(&reports, "ERROR");
    assert!(errors >= 1, "no ERROR");
    let first_error = reports.iter().position(|r| outcome(r) == "ERROR").unwrap_or(0);
    assert!(reports[first_error + 1..].iter().any(|r| outcome(r) == "PASS"), "nothing passed after the crash");
    assert!(count(&reports, "PASS") > 200);
}

#[test]
fn a_hang_is_one_timeout_and_the_run_goes_on_3() {
    let (code, reports) = run_uci(&format!("'{BUGGY}' --hang-after 40"), &["--timeout", "1", "--file", "03-moves"]);
    assert_eq!(code, 1);
    let first = reports.iter().position(|r| outcome(r) == "TIMEOUT").expect("a TIMEOUT");
    assert!(reports[first + 1..].iter().any(|r| outcome(r) == "PASS"), "nothing passed after the hang");
}

#[test]
fn chess960_without_uci_chess960_is_skipped_ii() {
    let (code, reports) = run_uci(&format!("'{BUGGY}' --no-chess960"), &["--file", "II-chess960"]);
    assert_eq!(code, 0);
    let chess960: Vec<&Value> =
        reports.iter().filter(|r| r["reason"].as_str().is_some_and(|x| x.contains("UCI_Chess960"))).collect();
    assert!(!chess960.is_empty(), "no case skipped for want of UCI_Chess960");
    assert!(chess960.iter().all(|r| outcome(r) == "SKIP"));
    assert_eq!(count(&reports, "FAIL") + count(&reports, "ERROR"), 0);
}
