//! `arbiter check`: validates a corpus.

use std::process::ExitCode;

use super::selection::{print_errors, Selection};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub selection: Selection,
}

pub fn run(args: Args) -> ExitCode {
    match args.selection.load_checked() {
        Ok(corpus) => {
            outln!("{}: {} cases, no problems", args.selection.dir().display(), corpus.cases.len());
            ExitCode::SUCCESS
        }
        Err(errors) => {
            print_errors(&errors);
            ExitCode::from(2)
        }
    }
}
