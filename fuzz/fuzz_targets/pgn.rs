//! Fuzz target: the PGN reader never panics on any input, and every game it reads is written
//! back (export format) to a text that reads to the same moves.
#![no_main]

use arbiter_core::notation::pgn::{read_all, write_game, Variations};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for variations in [Variations::Skip, Variations::Keep] {
        for game in read_all(&text, variations).into_iter().flatten() {
            let written = write_game(&game);
            let again = read_all(&written, variations);
            let first = again.first().and_then(|g| g.as_ref().ok());
            let moves = |g: &arbiter_core::notation::pgn::Game| g.moves.iter().map(|m| m.mv).collect::<Vec<_>>();
            assert_eq!(first.map(moves), Some(moves(&game)), "{written}");
        }
    }
});
