//! The adapter's binary: [`arbiter_shakmaty::Shakmaty`] served on stdin and stdout.

use arbiter_protocol::serve::serve_stdio;
use arbiter_shakmaty::Shakmaty;

fn main() -> std::process::ExitCode {
    serve_stdio(&mut Shakmaty, "arbiter-shakmaty")
}
