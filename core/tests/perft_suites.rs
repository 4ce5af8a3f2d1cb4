//! Every published count of the perft suites built into the core (`core/data/perft/`, sources in
//! `core/data/perft/SOURCES.md`).
//! These are the FIDE Art. 3 move rules checked against public reference counts, including
//! the deep ones: the start position to depth 6, Kiwipete to 5 and position 3 to 7.
//!
//! The test profile is optimised (see the workspace Cargo.toml), so `cargo test` runs them all.

use arbiter_core::perft::perft;
use arbiter_core::perft_suite::{builtin, parse, SuiteEntry};
use arbiter_core::{fen, Position, Validation};
use rayon::prelude::*;

/// Checks every count (at most `max_depth` deep) of a suite, and reports every mismatch.
fn check_suite(name: &str, max_depth: u32) -> usize {
    let suite = builtin(name).unwrap_or_else(|| panic!("no built-in suite {name}"));
    let entries: Vec<SuiteEntry> = parse(suite.text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    let work: Vec<(usize, String, Position, u32, u64)> = entries
        .iter()
        .flat_map(|e| {
            // Some suites hold positions with checks no last move can give, on purpose.
            let pos = fen::read_with(&e.fen, suite.mode, Validation::AllowImpossibleChecks)
                .unwrap_or_else(|err| panic!("{name}:{}: {err}", e.line));
            e.counts.iter().filter(|(d, _)| *d <= max_depth).map(move |&(d, n)| (e.line, e.fen.clone(), pos, d, n))
        })
        .collect();
    let failures: Vec<String> = work
        .par_iter()
        .filter_map(|(line, fen, pos, depth, expected)| {
            let got = perft(pos, *depth);
            (got != *expected).then(|| format!("{name}:{line}: depth {depth}: expected {expected}, got {got} ({fen})"))
        })
        .collect();
    assert!(failures.is_empty(), "{} wrong counts:\n{}", failures.len(), failures.join("\n"));
    work.len()
}

#[test]
fn cpw_perft_results_every_count() {
    // Includes the deep counts: start position D6 (119 060 324), Kiwipete D5 (193 690 690),
    // position 3 D7 (178 633 661) and position 4 D6 (706 045 033).
    let n = check_suite("cpw_perft_results.epd", u32::MAX);
    assert_eq!(n, 40);
}

#[test]
fn perftsuite_every_count() {
    let n = check_suite("perftsuite.epd", u32::MAX);
    assert_eq!(n, 755);
}

#[test]
fn tricky_edge_cases_every_count() {
    let n = check_suite("tricky_edge_cases.epd", u32::MAX);
    assert_eq!(n, 33);
}

#[test]
fn tricky_pychess_every_count() {
    let n = check_suite("tricky_pychess.perft", u32::MAX);
    assert_eq!(n, 67);
}

#[test]
fn chess960_fischer_all_960_to_depth_4() {
    let n = check_suite("chess960_fischer.epd", 4);
    assert_eq!(n, 960 * 4);
}
