//! `arbiter serve`: the reference core behind the adapter protocol on stdin and stdout.

use std::process::ExitCode;

use arbiter_spec::reference::Reference;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    match arbiter_spec::serve::serve(&mut Reference::default(), stdin, stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter serve: {e}");
            ExitCode::from(1)
        }
    }
}
