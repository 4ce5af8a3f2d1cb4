//! Differential fuzzing of legal move generation against shakmaty, an independent oracle.
//!
//! The input bytes drive a random legal playout: the first two bytes choose the standard
//! start or one of the 960 Chess960 starts, each further byte chooses one legal move. At every
//! position the two legal move sets must be equal, and at the end perft(2) must agree.
#![no_main]

use arbiter_core::{chess960, perft, Position};
use libfuzzer_sys::fuzz_target;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};

fn oracle(pos: &Position) -> Chess {
    let fen = pos.fen();
    let parsed: Fen = fen.parse().unwrap_or_else(|e| panic!("shakmaty cannot read our FEN {fen}: {e}"));
    parsed
        .into_position(CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("shakmaty rejects our position {fen}: {e}"))
}

fn move_set(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.to_uci(true)).collect();
    v.sort();
    v
}

fn oracle_move_set(pos: &Chess) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.to_uci(CastlingMode::Chess960).to_string()).collect();
    v.sort();
    v
}

fuzz_target!(|data: &[u8]| {
    let (start, choices) = match data {
        [a, b, rest @ ..] => {
            let n = u16::from_le_bytes([*a, *b]);
            let start = if n & 1 == 0 { Position::startpos() } else { chess960::start_position((n >> 1) % 960).unwrap() };
            (start, rest)
        }
        _ => return,
    };
    let mut pos = start;
    for &c in choices.iter().take(300) {
        let ours = move_set(&pos);
        let theirs = oracle_move_set(&oracle(&pos));
        assert_eq!(ours, theirs, "legal moves differ in {}", pos.fen());
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[c as usize % moves.len()]);
    }
    let theirs = shakmaty::perft(&oracle(&pos), 2);
    assert_eq!(perft::perft(&pos, 2), theirs, "perft(2) differs in {}", pos.fen());
});
