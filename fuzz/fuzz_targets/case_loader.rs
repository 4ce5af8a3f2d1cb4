//! Fuzz target: the case loader (`corpus::parse_bytes`, what `arbiter check` reads each case
//! file with) gives cases or an error for any bytes, never a panic; checking the cases it
//! gives, and showing the errors, never panics either.
#![no_main]

use std::path::Path;
use std::sync::OnceLock;

use arbiter_spec::clauses::Clauses;
use arbiter_spec::corpus::{self, Corpus};
use libfuzzer_sys::fuzz_target;

fn clauses() -> &'static Clauses {
    static CLAUSES: OnceLock<Clauses> = OnceLock::new();
    CLAUSES.get_or_init(Clauses::builtin)
}

fuzz_target!(|data: &[u8]| {
    match corpus::parse_bytes(Path::new("fuzz.yaml"), data) {
        Ok(cases) => {
            let corpus = Corpus { root: "fuzz".into(), cases };
            for error in corpus::check(&corpus, clauses()) {
                let _ = error.to_string();
            }
        }
        Err(error) => {
            let _ = error.to_string();
        }
    }
});
