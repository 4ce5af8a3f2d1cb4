//! Properties of the core over random legal playouts from the standard start and from
//! random Chess960 starts.

use arbiter_core::{chess960, perft, Position};
use proptest::prelude::*;

/// The positions of a playout: each choice picks one legal move, modulo their number.
fn playout(start: Position, choices: &[u16]) -> Vec<Position> {
    let mut positions = vec![start];
    let mut pos = start;
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play(moves[c as usize % moves.len()]).expect("a generated move is legal");
        positions.push(pos);
    }
    positions
}

fn start() -> impl Strategy<Value = Position> {
    prop_oneof![Just(Position::startpos()), (0u16..960).prop_map(|n| chess960::start_position(n).unwrap())]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn fen_write_then_read_is_the_identity(start in start(), choices in prop::collection::vec(any::<u16>(), 0..150)) {
        for pos in playout(start, &choices) {
            let fen = pos.fen();
            let back = Position::from_fen_in(&fen, pos.castling_mode()).unwrap_or_else(|e| panic!("{fen}: {e}"));
            prop_assert_eq!(back, pos, "{}", fen);
            prop_assert_eq!(back.fen(), fen);
            prop_assert_eq!(back.key(), pos.key());
        }
    }

    #[test]
    fn incremental_zobrist_key_equals_key_from_scratch(start in start(), choices in prop::collection::vec(any::<u16>(), 0..150)) {
        for pos in playout(start, &choices) {
            prop_assert_eq!(pos.key(), pos.key_from_scratch(), "{}", pos.fen());
        }
    }

    /// FIDE 3.9.2: no move may leave or expose the own king to attack.
    #[test]
    fn no_generated_move_leaves_the_own_king_attacked(start in start(), choices in prop::collection::vec(any::<u16>(), 0..100)) {
        for pos in playout(start, &choices) {
            let us = pos.turn();
            for &m in pos.legal_moves().iter() {
                let mut child = pos;
                child.play_unchecked(m);
                prop_assert!(
                    !child.is_attacked_by(!us, child.king(us), child.occupied()),
                    "{} leaves the king attacked in {}", pos.uci(m), pos.fen()
                );
            }
        }
    }

    #[test]
    fn perft_divide_sums_to_perft(start in start(), choices in prop::collection::vec(any::<u16>(), 0..60), depth in 1u32..4) {
        let pos = *playout(start, &choices).last().unwrap();
        let divide = perft::divide(&pos, depth);
        prop_assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), perft::perft(&pos, depth));
        prop_assert_eq!(divide.len() as u64, pos.count_legal_moves());
        prop_assert_eq!(perft::perft_full(&pos, depth.min(2)), perft::perft(&pos, depth.min(2)));
    }

    /// The UCI text of every legal move reads back to the same move.
    #[test]
    fn uci_text_round_trips(start in start(), choices in prop::collection::vec(any::<u16>(), 0..100)) {
        for pos in playout(start, &choices) {
            for &m in pos.legal_moves().iter() {
                prop_assert_eq!(pos.parse_uci(&pos.uci(m)), Ok(m), "{}", pos.fen());
            }
        }
    }
}

/// FIDE 5.1.1: `is_checkmate` answers most checks from the king's flight squares and double
/// check before it generates moves; on every position of 900 random games (mates, double
/// checks and blocked checks among them) it agrees with the definition, in check and with
/// no legal move counted.
#[test]
fn checkmate_5_1_1_early_exits_agree_with_the_move_count() {
    let mut rng = arbiter_core::SplitMix64::new(0x5EED_0511);
    let (mut checks, mut mates) = (0, 0);
    for start in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        for _ in 0..300 {
            let mut pos: Position = start.parse().expect("a test FEN");
            for _ in 0..200 {
                let mated = pos.is_check() && pos.count_legal_moves() == 0;
                assert_eq!(pos.is_checkmate(), mated, "{}", pos.fen());
                checks += usize::from(pos.is_check());
                mates += usize::from(mated);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.index(moves.len())]);
            }
        }
    }
    assert!(checks > 1_000 && mates > 20, "only {checks} checks and {mates} mates exercised");
}
