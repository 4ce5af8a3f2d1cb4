//! The FEN reader never panics, and every FEN it accepts writes and reads back to the same
//! position with the same text.
#![no_main]

use arbiter_core::{fen, CastlingNotation, Validation};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for validation in [Validation::Full, Validation::AllowImpossibleChecks] {
        let Ok(pos) = fen::read_with(text, validation) else { continue };
        for notation in [CastlingNotation::XFen, CastlingNotation::Shredder] {
            let written = fen::write_with(&pos, notation);
            let back = fen::read_with(&written, validation).unwrap_or_else(|e| panic!("{text:?} -> {written}: {e}"));
            assert_eq!(back, pos, "{text:?} -> {written}");
            assert_eq!(fen::write_with(&back, notation), written);
            assert_eq!(back.key(), pos.key());
        }
        // Move generation must not panic on anything the reader accepts.
        let _ = pos.legal_moves();
    }
});
