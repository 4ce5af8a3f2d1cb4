//! Writing and reading SAN (FIDE Appendix C) for every legal move of a set of positions,
//! arbiter's core side by side with shakmaty in the same run.

use std::hint::black_box;

use arbiter_core::notation::SanReader;
use criterion::{criterion_group, criterion_main, Criterion};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Position as _};

const POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

struct Case {
    ours: arbiter_core::Position,
    moves: Vec<arbiter_core::Move>,
    theirs: Chess,
    their_moves: Vec<shakmaty::Move>,
    sans: Vec<String>,
}

fn cases() -> Vec<Case> {
    POSITIONS
        .iter()
        .map(|fen| {
            let ours = arbiter_core::Position::from_fen(fen).expect("bench FEN");
            let theirs: Chess =
                fen.parse::<Fen>().expect("bench FEN").into_position(CastlingMode::Standard).expect("bench position");
            let moves: Vec<_> = ours.legal_moves().iter().copied().collect();
            let sans: Vec<String> = moves.iter().map(|m| ours.san(*m)).collect();
            let their_moves: Vec<_> = theirs.legal_moves().into_iter().collect();
            assert_eq!(moves.len(), their_moves.len(), "{fen}");
            Case { ours, moves, theirs, their_moves, sans }
        })
        .collect()
}

fn bench_san(c: &mut Criterion) {
    let cases = cases();
    // Both write the same SAN for every move (the benchmark compares like with like).
    for case in &cases {
        let mut ours: Vec<String> = case.sans.clone();
        let mut theirs: Vec<String> =
            case.their_moves.iter().map(|m| SanPlus::from_move(case.theirs.clone(), m).to_string()).collect();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs);
    }
    let mut write = c.benchmark_group("san_write_all_legal_moves");
    write.bench_function("arbiter", |b| {
        b.iter(|| {
            for case in &cases {
                for m in &case.moves {
                    black_box(case.ours.san(*m));
                }
            }
        })
    });
    write.bench_function("shakmaty", |b| {
        b.iter(|| {
            for case in &cases {
                for m in &case.their_moves {
                    black_box(SanPlus::from_move(case.theirs.clone(), m).to_string());
                }
            }
        })
    });
    write.finish();

    let reader = SanReader::default();
    let mut read = c.benchmark_group("san_read_all_legal_moves");
    read.bench_function("arbiter", |b| {
        b.iter(|| {
            for case in &cases {
                for text in &case.sans {
                    black_box(reader.read(&case.ours, text).expect("our SAN reads").mv);
                }
            }
        })
    });
    read.bench_function("shakmaty", |b| {
        b.iter(|| {
            for case in &cases {
                for text in &case.sans {
                    let san = SanPlus::from_ascii(text.as_bytes()).expect("SAN parses").san;
                    black_box(san.to_move(&case.theirs).expect("SAN is legal"));
                }
            }
        })
    });
    read.finish();
}

criterion_group!(benches, bench_san);
criterion_main!(benches);
