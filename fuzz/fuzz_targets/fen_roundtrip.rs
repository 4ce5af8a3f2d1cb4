//! The FEN reader never panics; every FEN it accepts writes and reads back to the same position
//! with the same text; and what it accepts as standard chess it also accepts as Chess960 (a
//! standard right is a Chess960 right), with the same position.
#![no_main]

use arbiter_core::{fen, CastlingMode, CastlingNotation, Validation};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for (mode, validation) in [CastlingMode::Standard, CastlingMode::Chess960]
        .into_iter()
        .flat_map(|mode| [(mode, Validation::Full), (mode, Validation::AllowImpossibleChecks)])
    {
        let Ok(pos) = fen::read_with(text, mode, validation) else { continue };
        if mode == CastlingMode::Standard {
            let as_960 = fen::read_with(text, CastlingMode::Chess960, validation)
                .unwrap_or_else(|e| panic!("{text:?} is standard but not Chess960: {e}"));
            assert_eq!(as_960.fen(), pos.fen(), "{text:?}");
        }
        for notation in [CastlingNotation::XFen, CastlingNotation::Shredder] {
            let written = fen::write_with(&pos, notation);
            let back =
                fen::read_with(&written, mode, validation).unwrap_or_else(|e| panic!("{text:?} -> {written}: {e}"));
            assert_eq!(back, pos, "{text:?} -> {written}");
            assert_eq!(fen::write_with(&back, notation), written);
            assert_eq!(back.key(), pos.key());
        }
        // Move generation must not panic on anything the reader accepts.
        let _ = pos.legal_moves();
    }
});
