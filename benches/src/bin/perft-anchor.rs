//! One library's perft loop, timed in a process of its own: the standalone figure that
//! `ci/bench-perft.sh` compares each criterion figure of `benches/perft.rs` with (issue 17: the
//! two must agree within 5 %, or the benchmark does not show the library at its best).
//!
//! `perft-anchor LIBRARY MODE POSITION [ROUNDS] [DEPTH]`, for instance
//! `perft-anchor cozy-chess bulk kiwipete 5`: see [`arbiter_benches::standalone`], which the
//! criterion bench also runs in a process of its own.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match arbiter_benches::standalone(&args) {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("perft-anchor: {message}");
            ExitCode::FAILURE
        }
    }
}
