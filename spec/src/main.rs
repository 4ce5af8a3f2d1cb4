//! The `arbiter` command line.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;

/// arbiter: the FIDE Laws of Chess as executable cases.
#[derive(Parser)]
#[command(name = "arbiter", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (perft), or check a perft suite.
    Perft(cli::perft::Args),
    /// Hunt for move generation bugs in another program by comparing perft divides with the core.
    Hunt(cli::hunt::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft(args) => cli::perft::run(args),
        Command::Hunt(args) => cli::hunt::run(args),
    }
}
