//! The UCI client against Stockfish (Debian's `/usr/games/stockfish`, installed by
//! `ci/setup.sh`): perft counts published by the Chess Programming Wiki, and Chess960 with
//! `UCI_Chess960`.

use std::time::Duration;

use arbiter_spec::uci::UciEngine;

const STOCKFISH: &str = "/usr/games/stockfish";
mod support;
use support::START;
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn stockfish() -> UciEngine {
    UciEngine::start(STOCKFISH, Duration::from_secs(20))
        .unwrap_or_else(|e| panic!("Stockfish is needed for this test (ci/setup.sh installs it): {e}"))
}

#[test]
fn stockfish_perft_start_position_2_3_published_counts() {
    let mut engine = stockfish();
    // Chess Programming Wiki, "Perft Results", initial position.
    for (depth, nodes) in [(1, 20), (2, 400), (3, 8_902)] {
        let divide = engine.perft(START, &[], depth).unwrap();
        assert_eq!(divide.nodes, nodes, "depth {depth}");
        assert_eq!(divide.moves.len(), 20);
    }
    assert_eq!(engine.perft(START, &[], 2).unwrap().moves.get("e2e4"), Some(&20));
}

#[test]
fn stockfish_perft_kiwipete_3_published_counts() {
    let mut engine = stockfish();
    // Chess Programming Wiki, "Perft Results", position 2 (Kiwipete).
    for (depth, nodes) in [(1, 48), (2, 2_039), (3, 97_862)] {
        assert_eq!(engine.perft(KIWIPETE, &[], depth).unwrap().nodes, nodes, "depth {depth}");
    }
    // Castling is written king to its destination in standard chess (FIDE 3.8.2).
    let moves = engine.legal_moves(KIWIPETE, &[]).unwrap();
    assert!(moves.contains("e1g1") && moves.contains("e1c1"), "{moves:?}");
}

#[test]
fn stockfish_moves_after_a_double_step_3_7_3_1() {
    let mut engine = stockfish();
    // 1. e4 d5 2. e5 f5: exf6 e.p. is legal now (FIDE 3.7.3.1).
    let moves: Vec<String> = ["e2e4", "d7d5", "e4e5", "f7f5"].map(str::to_owned).to_vec();
    assert!(engine.legal_moves(START, &moves).unwrap().contains("e5f6"));
}

#[test]
fn stockfish_chess960_guidelines_ii_published_counts() {
    let mut engine = stockfish();
    assert!(engine.has_option("UCI_Chess960"));
    engine.set_chess960(true).unwrap();
    // Reinhard Scharnagl's Chess960 perft table (core/data/perft/chess960_fischer.epd), first entries.
    let cases = [
        ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", [21, 528, 12_189]),
        ("2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", [21, 807, 18_002]),
    ];
    for (fen, counts) in cases {
        for (depth, nodes) in (1..).zip(counts) {
            assert_eq!(engine.perft(fen, &[], depth).unwrap().nodes, nodes, "{fen} depth {depth}");
        }
    }
    // Castling as king takes own rook (Guidelines II.3): after clearing f1, g1 castles with h1.
    let castle = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BN1KR w H - 0 9";
    assert!(engine.legal_moves(castle, &[]).unwrap().contains("g1h1"));
    engine.set_chess960(false).unwrap();
    assert_eq!(engine.perft(START, &[], 2).unwrap().nodes, 400);
}
