//! perft with a transposition table counts exactly what perft without one counts: on every
//! built-in suite (their published counts, core/data/perft/SOURCES.md), on random positions,
//! and when the table is full of other positions' counts in the very bucket a position uses.
//! The tables here are tiny, so that replacement and index collisions happen all the time.

use arbiter_core::perft::{self, Table};
use arbiter_core::perft_suite::{parse, BUILTIN};
use arbiter_core::{chess960, fen, Position, Validation};
use proptest::prelude::*;
use rayon::prelude::*;

/// Every count of every built-in suite up to `max_nodes`, as (suite, line, position, depth, count).
fn suite_counts(max_nodes: u64) -> Vec<(String, usize, Position, u32, u64)> {
    let mut work = Vec::new();
    for suite in &BUILTIN {
        let entries = parse(suite.text).unwrap_or_else(|e| panic!("{}: {e:?}", suite.name));
        for e in entries {
            let pos = fen::read_with(&e.fen, suite.mode, Validation::AllowImpossibleChecks)
                .unwrap_or_else(|err| panic!("{}:{}: {err}", suite.name, e.line));
            for &(depth, expected) in &e.counts {
                if expected <= max_nodes {
                    work.push((suite.name.to_owned(), e.line, pos, depth, expected));
                }
            }
        }
    }
    work
}

/// Checks every count with `count` and reports every mismatch.
fn check_all(work: &[(String, usize, Position, u32, u64)], count: impl Fn(&Position, u32) -> u64 + Sync) {
    let failures: Vec<String> = work
        .par_iter()
        .filter_map(|(name, line, pos, depth, expected)| {
            let got = count(pos, *depth);
            (got != *expected).then(|| format!("{name}:{line}: depth {depth}: expected {expected}, got {got}"))
        })
        .collect();
    assert!(failures.is_empty(), "{} wrong counts:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn hashed_perft_with_a_tiny_shared_table_gives_every_published_count_of_the_builtin_suites() {
    let work = suite_counts(2_000_000);
    assert!(work.len() > 1_000, "only {} counts", work.len());
    // 4 KB: 64 buckets shared by every position of every suite and by every thread.
    let table = Table::with_bytes(4096).unwrap();
    assert_eq!(table.buckets(), 64);
    check_all(&work, |pos, depth| perft::perft_hashed(pos, depth, &table));
}

#[test]
fn hashed_perft_with_a_one_bucket_table_gives_the_published_counts() {
    let work = suite_counts(200_000);
    let table = Table::with_bytes(1).unwrap();
    assert_eq!(table.buckets(), 1);
    check_all(&work, |pos, depth| perft::perft_hashed(pos, depth, &table));
}

#[test]
fn hashed_parallel_perft_and_divide_give_the_published_counts() {
    // CPW's published counts: start position depth 5, Kiwipete depth 4 and its divide total.
    let table = Table::with_bytes(8192).unwrap();
    let start = Position::startpos();
    assert_eq!(perft::perft_parallel_hashed(&start, 5, 2, &table), 4_865_609);
    let kiwipete = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    assert_eq!(perft::perft_parallel_hashed(&kiwipete, 4, 2, &table), 4_085_603);
    let divide = perft::divide_parallel_hashed(&kiwipete, 4, 2, &table);
    assert_eq!(divide.len(), 48);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 4_085_603);
    assert_eq!(divide, perft::divide(&kiwipete, 4));
    assert_eq!(perft::divide_hashed(&kiwipete, 3, &table), perft::divide(&kiwipete, 3));
}

#[test]
fn a_full_bucket_of_other_keys_never_answers_for_a_position() {
    // Kiwipete, published count at depth 3: 97,862. A one-bucket table, so that every key has
    // the same index; it is filled with wrong counts for keys that differ from Kiwipete's in
    // one bit each, and for Kiwipete's own key at other depths.
    let kiwipete = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    let key = kiwipete.key();
    for bit in 0..64 {
        let table = Table::with_bytes(1).unwrap();
        table.store(key ^ (1 << bit), 3, 1);
        table.store(key, 2, 2);
        table.store(key, 4, 3);
        assert_eq!(table.probe(key, 3), None, "bit {bit}");
        assert_eq!(perft::perft_hashed(&kiwipete, 3, &table), 97_862, "bit {bit}");
    }
}

#[test]
fn two_real_positions_in_one_bucket_keep_their_own_counts() {
    // The start position (depth 4: 197,281) and Kiwipete (depth 4: 4,085,603), counted in turn
    // in a one-bucket table, then again with the other's entries in the bucket.
    let table = Table::with_bytes(1).unwrap();
    let start = Position::startpos();
    let kiwipete = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    assert_ne!(start.key(), kiwipete.key());
    for _ in 0..2 {
        assert_eq!(perft::perft_hashed(&start, 4, &table), 197_281);
        assert_eq!(perft::perft_hashed(&kiwipete, 4, &table), 4_085_603);
    }
    // A table big enough for both, then a forced index collision: a count stored under a key
    // with the start position's index bits but another key is not the start position's.
    let table = Table::with_megabytes(1).unwrap();
    let mask = table.buckets() as u64 - 1;
    let other = (start.key() & mask) | (!start.key() & !mask);
    table.store(other, 4, 42);
    assert_eq!(table.probe(start.key(), 4), None);
    assert_eq!(perft::perft_hashed(&start, 4, &table), 197_281);
    assert_eq!(table.probe(other, 4), Some(42));
}

/// The positions of a playout: each choice picks one legal move, modulo their number.
fn playout(start: Position, choices: &[u16]) -> Position {
    let mut pos = start;
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play(moves[c as usize % moves.len()]).expect("a generated move is legal");
    }
    pos
}

fn start() -> impl Strategy<Value = Position> {
    prop_oneof![Just(Position::startpos()), (0u16..960).prop_map(|n| chess960::start_position(n).unwrap())]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn hashed_perft_equals_plain_perft_on_random_positions(
        start in start(),
        choices in prop::collection::vec(any::<u16>(), 0..80),
        depth in 0u32..5,
        bytes in 0usize..4096,
    ) {
        let pos = playout(start, &choices);
        let table = Table::with_bytes(bytes).unwrap();
        let plain = perft::perft(&pos, depth);
        prop_assert_eq!(perft::perft_hashed(&pos, depth, &table), plain);
        // Again, with the table holding this tree's entries.
        prop_assert_eq!(perft::perft_hashed(&pos, depth, &table), plain);
    }
}
