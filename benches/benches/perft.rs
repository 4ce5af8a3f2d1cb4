//! perft, side by side: arbiter's core against cozy-chess and shakmaty, in one run with the
//! same build flags, with bulk counting (the last ply counted, not made) and without it
//! (every leaf move made).
//!
//! `cargo bench -p arbiter-benches --bench perft`; `ARBITER_BENCH_QUICK=1` lowers every depth
//! by two for a smoke run. `ci/bench-report.py` turns the results into the README's table.

use std::hint::black_box;

use arbiter_core::perft as ours;
use arbiter_core::Position;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

/// (name, FEN, depth, published leaf count at that depth)
const POSITIONS: [(&str, &str, u32, u64); 3] = [
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119_060_324),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193_690_690),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178_633_661),
];

mod cozy {
    use cozy_chess::Board;

    pub fn perft(board: &Board, depth: u32, bulk: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        board.generate_moves(|moves| {
            if depth == 1 && bulk {
                nodes += moves.len() as u64;
            } else {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += if depth == 1 {
                        std::hint::black_box(&child);
                        1
                    } else {
                        perft(&child, depth - 1, bulk)
                    };
                }
            }
            false
        });
        nodes
    }
}

mod shak {
    use shakmaty::{Chess, Position};

    pub fn perft(pos: &Chess, depth: u32, bulk: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = pos.legal_moves();
        if depth == 1 && bulk {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                if depth == 1 {
                    std::hint::black_box(&child);
                    1
                } else {
                    perft(&child, depth - 1, bulk)
                }
            })
            .sum()
    }
}

fn quick() -> bool {
    std::env::var_os("ARBITER_BENCH_QUICK").is_some()
}

fn bench_perft(c: &mut Criterion) {
    for bulk in [true, false] {
        let mode = if bulk { "bulk" } else { "full" };
        let mut group = c.benchmark_group(format!("perft-{mode}"));
        group.sample_size(10);
        for (name, fen, depth, expected) in POSITIONS {
            let depth = if quick() { depth - 2 } else { depth };
            let ours_pos = Position::from_fen(fen).expect("valid FEN");
            let cozy_board: cozy_chess::Board = fen.parse().expect("valid FEN");
            let shak_pos: shakmaty::Chess = fen
                .parse::<shakmaty::fen::Fen>()
                .expect("valid FEN")
                .into_position(shakmaty::CastlingMode::Standard)
                .expect("legal position");
            // The three must agree with each other (and, at full depth, with the published count).
            let count = if bulk { ours::perft(&ours_pos, depth) } else { ours::perft_full(&ours_pos, depth) };
            assert_eq!(count, cozy::perft(&cozy_board, depth, bulk), "{name}");
            assert_eq!(count, shak::perft(&shak_pos, depth, bulk), "{name}");
            if !quick() {
                assert_eq!(count, expected, "{name}");
            }
            group.throughput(Throughput::Elements(count));
            let id = |lib: &str| BenchmarkId::new(lib, format!("{name}-{depth}"));
            if bulk {
                group.bench_function(id("arbiter"), |b| b.iter(|| ours::perft(black_box(&ours_pos), depth)));
            } else {
                group.bench_function(id("arbiter"), |b| b.iter(|| ours::perft_full(black_box(&ours_pos), depth)));
            }
            group.bench_function(id("cozy-chess"), |b| b.iter(|| cozy::perft(black_box(&cozy_board), depth, bulk)));
            group.bench_function(id("shakmaty"), |b| b.iter(|| shak::perft(black_box(&shak_pos), depth, bulk)));
        }
        group.finish();
    }
    let mut group = c.benchmark_group("perft-parallel");
    group.sample_size(10);
    let start = Position::startpos();
    let depth = if quick() { 4 } else { 6 };
    group.throughput(Throughput::Elements(ours::perft(&start, depth)));
    for threads in [1, 2] {
        group.bench_function(BenchmarkId::new("arbiter", format!("startpos-{depth}-threads-{threads}")), |b| {
            b.iter(|| ours::perft_parallel(black_box(&start), depth, threads))
        });
    }
    group.finish();
}

/// What the run-time POPCNT dispatch of [`ours::perft`] gains over the same recursion compiled
/// for the x86-64 baseline (the `unsafe` call it needs is justified by this ratio).
fn bench_popcnt_dispatch(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft-popcnt");
    group.sample_size(10);
    for (name, fen, depth, _) in POSITIONS.into_iter().take(2) {
        let depth = if quick() { depth - 2 } else { depth - 1 };
        let pos = Position::from_fen(fen).expect("valid FEN");
        assert_eq!(ours::perft(&pos, depth), ours::perft_portable(&pos, depth), "{name}");
        group.throughput(Throughput::Elements(ours::perft(&pos, depth)));
        let id = |variant: &str| BenchmarkId::new(variant, format!("{name}-{depth}"));
        group.bench_function(id("dispatched"), |b| b.iter(|| ours::perft(black_box(&pos), depth)));
        group.bench_function(id("portable"), |b| b.iter(|| ours::perft_portable(black_box(&pos), depth)));
    }
    group.finish();
}

criterion_group!(benches, bench_perft, bench_popcnt_dispatch);
criterion_main!(benches);
