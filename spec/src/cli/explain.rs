//! `arbiter explain ID`: a case, the titles of its clauses, and the rule in plain words.

use std::process::ExitCode;

use arbiter_spec::clauses::Clauses;
use arbiter_spec::excerpt::{excerpt, printable};

use super::printable_lines;
use super::selection::Selection;

#[derive(clap::Args)]
pub struct Args {
    /// The case id (it must also match the filters, if any are given).
    pub id: String,
    #[command(flatten)]
    pub selection: Selection,
}

pub fn run(args: Args) -> ExitCode {
    let Some(corpus) = args.selection.load_or_report() else { return ExitCode::from(2) };
    let Some(located) = corpus.find(&args.id) else {
        eprintln!("arbiter explain: no case with id {}", excerpt(&args.id));
        return ExitCode::from(2);
    };
    if !args.selection.matches(located) {
        eprintln!(
            "arbiter explain: case {} does not match the filters{}",
            printable(&args.id),
            printable(&args.selection.filter_args())
        );
        return ExitCode::from(2);
    }
    let clauses = Clauses::builtin();
    let case = &located.case;
    outln!("{} ({}:{})", printable(&case.id), printable(&located.file.to_string_lossy()), located.line);
    outln!("{}", printable(&case.description));
    outln!("\nClauses:");
    for r in case.clause_refs() {
        let title = clauses.get(&r.id).map(|c| c.title.as_str()).unwrap_or("(unknown clause)");
        outln!("  {}: {title}", printable(&r.to_string()));
    }
    let laws: Vec<String> = case.laws.iter().map(|e| e.to_string()).collect();
    outln!("\nLaws: {}", laws.join(", "));
    if !case.tags.is_empty() {
        outln!("Tags: {}", printable(&case.tags.join(", ")));
    }
    match serde_yaml::to_string(case) {
        Ok(yaml) => outln!("\nCase:\n{}", printable_lines(&yaml)),
        Err(e) => eprintln!("arbiter explain: cannot show the case: {e}"),
    }
    ExitCode::SUCCESS
}
