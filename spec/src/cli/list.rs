//! `arbiter list`: the cases, with their ids and clauses.

use std::process::ExitCode;

use super::selection::Selection;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub selection: Selection,
}

pub fn run(args: Args) -> ExitCode {
    let Some(corpus) = args.selection.load_or_report() else { return ExitCode::from(2) };
    for located in args.selection.select(&corpus) {
        outln!("{}\t{}\t{}", located.case.id, located.case.refs.join(", "), located.file.display());
    }
    ExitCode::SUCCESS
}
