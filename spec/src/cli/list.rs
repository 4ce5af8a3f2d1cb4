//! `arbiter list`: the cases, with their ids and clauses.

use std::process::ExitCode;

use arbiter_spec::excerpt::printable;

use super::selection::Selection;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub selection: Selection,
}

/// A line per selected case (its id, clauses and file, printable); selecting none is an error.
pub fn run(args: Args) -> ExitCode {
    let Some(corpus) = args.selection.load_or_report() else { return ExitCode::from(2) };
    let cases = match args.selection.select_some(&corpus) {
        Ok(cases) => cases,
        Err(error) => {
            eprintln!("arbiter list: {error}");
            return ExitCode::from(2);
        }
    };
    for located in cases {
        outln!(
            "{}\t{}\t{}",
            printable(&located.case.id),
            printable(&located.case.refs.join(", ")),
            printable(&located.file.to_string_lossy())
        );
    }
    ExitCode::SUCCESS
}
