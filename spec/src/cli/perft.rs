//! `arbiter perft`: counts, divides, and perft suites.

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// placeholder
    #[arg(long)]
    pub fen: Option<String>,
}

pub fn run(_args: Args) -> ExitCode {
    ExitCode::from(2)
}
