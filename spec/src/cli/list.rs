//! `arbiter list`: the cases, with their ids and clauses.

use std::io::Write;
use std::process::ExitCode;

use super::selection::Selection;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub selection: Selection,
}

pub fn run(args: Args) -> ExitCode {
    let Some(corpus) = args.selection.load_or_report() else { return ExitCode::from(2) };
    let mut out = std::io::stdout().lock();
    for located in args.selection.select(&corpus) {
        let line = format!("{}\t{}\t{}", located.case.id, located.case.refs.join(", "), located.file.display());
        // A closed pipe (`arbiter list | head`) ends the listing quietly.
        if writeln!(out, "{line}").is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}
