//! The adapter's binary: [`arbiter_shakmaty::Shakmaty`] served on stdin and stdout.

use std::io::{stdin, stdout};

use arbiter_protocol::serve::serve;
use arbiter_shakmaty::Shakmaty;

fn main() -> std::process::ExitCode {
    match serve(&mut Shakmaty, stdin().lock(), stdout().lock()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter-shakmaty: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
