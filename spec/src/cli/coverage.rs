//! `arbiter coverage`: cases per clause of `fide-clauses.yaml`.

use std::collections::BTreeMap;
use std::process::ExitCode;

use arbiter_spec::clauses::{coverage, Checkable, ClauseKey, Clauses};
use arbiter_spec::corpus::Corpus;

use super::selection::Selection;

#[derive(clap::Args)]
pub struct Args {
    /// Print `{"3.8.2.2": 7, ...}`, clauses in the order of the Laws.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub selection: Selection,
}

pub fn run(args: Args) -> ExitCode {
    let Some(corpus) = args.selection.load_or_report() else { return ExitCode::from(2) };
    // The filters choose the cases counted; selecting none is an error.
    let selected = match args.selection.select_some(&corpus) {
        Ok(cases) => Corpus { root: corpus.root.clone(), cases: cases.into_iter().cloned().collect() },
        Err(error) => {
            eprintln!("arbiter coverage: {error}");
            return ExitCode::from(2);
        }
    };
    let rows = coverage(&Clauses::builtin(), &selected);
    if args.json {
        let map: BTreeMap<ClauseKey, u32> = rows.iter().map(|r| (ClauseKey::of(&r.id), r.cases)).collect();
        match serde_json::to_string_pretty(&map) {
            Ok(text) => outln!("{text}"),
            Err(e) => {
                eprintln!("arbiter coverage: {e}");
                return ExitCode::from(2);
            }
        }
        return ExitCode::SUCCESS;
    }
    let mut text = format!("{:<8} {:>5} {:>4}  {:<3} title\n", "clause", "cases", "min", "ok");
    for r in &rows {
        let mark = match (r.checkable, r.is_met()) {
            (Checkable::No, _) => "n/a",
            (_, true) => "yes",
            (_, false) => "NO",
        };
        text.push_str(&format!("{:<8} {:>5} {:>4}  {:<3} {}\n", r.id, r.cases, r.required, mark, r.title));
    }
    let unmet = rows.iter().filter(|r| !r.is_met()).count();
    text.push_str(&format!("\n{} clauses, {} below their minimum\n", rows.len(), unmet));
    out!("{text}");
    ExitCode::SUCCESS
}
