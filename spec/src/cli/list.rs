//! `arbiter list`: the cases, with their ids and clauses.

use std::process::ExitCode;

use super::selection::{print_errors, Selection};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub selection: Selection,
}

pub fn run(args: Args) -> ExitCode {
    let corpus = match arbiter_spec::corpus::load(&args.selection.dir()) {
        Ok(c) => c,
        Err(errors) => {
            print_errors(&errors);
            return ExitCode::from(2);
        }
    };
    for located in args.selection.select(&corpus) {
        println!("{}\t{}\t{}", located.case.id, located.case.refs.join(", "), located.file.display());
    }
    ExitCode::SUCCESS
}
