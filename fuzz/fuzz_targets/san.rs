//! Fuzz target: the SAN reader (FIDE Appendix C), the scoresheet reader and the sealed-move
//! judge never panic, and every move they accept is legal and written back to a text that
//! reads as the same move.
#![no_main]

use arbiter_core::notation::{
    judge_sealed_move, read_scoresheet, write_long, write_san, LetterSet, Letters, SanReader, SanStyle,
};
use arbiter_core::Position;
use libfuzzer_sys::fuzz_target;

const POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(pos) = Position::from_fen(POSITIONS[usize::from(selector) % POSITIONS.len()]) else {
        return;
    };
    let letters = match (selector >> 2) % 8 {
        7 => Letters::Auto,
        n => Letters::Set(LetterSet::ALL[usize::from(n)]),
    };
    let reader = SanReader { letters, strict: selector & 0x80 != 0 };
    let text = String::from_utf8_lossy(rest);
    if let Ok(read) = reader.read(&pos, &text) {
        assert!(pos.is_legal(read.mv), "{text:?} read as an illegal move");
        for written in [write_san(&pos, read.mv, SanStyle::PGN), write_long(&pos, read.mv, SanStyle::FIDE)] {
            let again = SanReader::default().read(&pos, &written).map(|r| r.mv);
            assert_eq!(again, Ok(read.mv), "{text:?} -> {written:?}");
        }
    }
    let _ = judge_sealed_move(&pos, &text, &reader);
    let _ = read_scoresheet(&pos, &text, &reader);
});
