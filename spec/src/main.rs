//! The `arbiter` command line.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;

/// What the exit status says, for the CI that runs arbiter.
const EXIT_STATUS: &str = "Exit status: 0 when every selected case ran as expected; 1 when a case \
failed, errored, timed out or passed unexpectedly, or an implementation in a matrix could not be \
checked; 2 on a usage or corpus error, when nothing was checked (no case selected, every case \
skipped), or when the report could not be written. A reader that goes away (`| head`) does not \
change the status.";

/// arbiter: the FIDE Laws of Chess as executable cases.
#[derive(Parser)]
#[command(name = "arbiter", version, about, after_help = EXIT_STATUS)]
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
    /// Run the conformance corpus against an implementation.
    Run(cli::run::Args),
    /// The reports of a run's shards (`run --shard K/N --format json`) as one report.
    Merge(cli::merge::Args),
    /// A markdown table of implementations against the corpus, by article.
    Matrix(cli::matrix::Args),
    /// Time another program's perft on the standard positions against the reference core.
    Bench(cli::bench::Args),
    /// List the cases with their ids and clauses.
    List(cli::list::Args),
    /// Show a case, its clauses and the rule in plain words.
    Explain(cli::explain::Args),
    /// Validate a corpus.
    Check(cli::check::Args),
    /// Cases per clause of the Laws.
    Coverage(cli::coverage::Args),
    /// Serve the reference core over the adapter protocol (stdin/stdout).
    Serve(cli::serve::Args),
    /// Can a side still checkmate (FIDE 5.2.2, 6.9)? The verdict with its certificate.
    Unwinnable(cli::unwinnable::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let _ = arbiter_spec::child::install_exit_cleanup();
    let status = match cli.command {
        Command::Perft(args) => cli::perft::run(args),
        Command::Hunt(args) => cli::hunt::run(args),
        Command::Run(args) => cli::run::run(args),
        Command::Matrix(args) => cli::matrix::run(args),
        Command::Merge(args) => cli::merge::run(args),
        Command::Bench(args) => cli::bench::run(args),
        Command::List(args) => cli::list::run(args),
        Command::Explain(args) => cli::explain::run(args),
        Command::Check(args) => cli::check::run(args),
        Command::Coverage(args) => cli::coverage::run(args),
        Command::Serve(args) => cli::serve::run(args),
        Command::Unwinnable(args) => cli::unwinnable::run(args),
    };
    cli::finish(status)
}
