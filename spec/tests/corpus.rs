//! The whole shipped corpus against the reference core, in-process and through `arbiter serve`
//! as an external process (the adapter protocol end to end). In-process, the reference is asked
//! as `arbiter run` asks it, each request within the default timeout: a core that loops fails
//! its case (which is how mutation testing counts such a bug caught, docs/mutation.md), and
//! so does one that loops while the corpus is read.

use std::time::Duration;

use arbiter_spec::adapter::Adapter;
use arbiter_spec::baseline::Baseline;
use arbiter_spec::corpus::{self, Corpus};
use arbiter_spec::implementation::Implementation;
use arbiter_spec::outcome::{CaseReport, Outcome, Summary};
use arbiter_spec::profile;
use arbiter_spec::reference::Reference;
use arbiter_spec::runner::{run, Factory, RunOptions, DEFAULT_TIMEOUT};

/// How long reading the shipped corpus may take (well under a second unmutated): a core that
/// loops while the cases are read (their positions, the editions they name), before any
/// request the reference's deadline covers, fails here instead of hanging the run.
const LOAD_DEADLINE: Duration = Duration::from_secs(60);

fn shipped() -> Corpus {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || sender.send(corpus::load(&corpus::default_dir())));
    match receiver.recv_timeout(LOAD_DEADLINE) {
        Ok(loaded) => loaded.expect("the shipped corpus loads"),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            panic!("the shipped corpus was not read within {LOAD_DEADLINE:?}")
        }
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => panic!("reading the shipped corpus panicked"),
    }
}

/// The core's known departures from the Laws (`spec/expected/core.txt`, as `arbiter run
/// --expect` reads it): listed cases are XFAIL, and XPASS once the core is fixed.
fn known_core_failures() -> Baseline {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/expected/core.txt");
    let text = std::fs::read_to_string(path).expect("spec/expected/core.txt is readable");
    let corpus = shipped();
    Baseline::parse("spec/expected/core.txt", &text, &|id| corpus.find(id).is_some()).expect("a valid baseline")
}

fn run_with(corpus: &Corpus, factory: &Factory<'_>, jobs: usize) -> Vec<CaseReport> {
    let cases: Vec<_> = corpus.cases.iter().collect();
    let mut options = RunOptions::new(profile::find("fide-2023").expect("default profile"));
    options.jobs = jobs;
    options.baseline = known_core_failures();
    run(&cases, factory, &options, &|_| {})
}

fn unexpected(reports: &[CaseReport]) -> Vec<String> {
    reports
        .iter()
        .filter(|r| r.outcome.is_unexpected())
        .map(|r| format!("{} {}: {:?} {:?}", r.outcome, r.id, r.reason, r.mismatches))
        .collect()
}

#[test]
fn whole_corpus_in_process_has_no_failures() {
    let corpus = shipped();
    let factory =
        || -> Result<Box<dyn Implementation>, String> { Ok(Box::new(Reference::default().watched(DEFAULT_TIMEOUT))) };
    let reports = run_with(&corpus, &factory, 2);
    assert_eq!(unexpected(&reports), Vec::<String>::new());
    // The reference answers every operation: a case is skipped only when it holds for
    // another edition of the Laws than the one run.
    for r in reports.iter().filter(|r| r.outcome == Outcome::Skip) {
        assert!(
            r.reason.as_deref().is_some_and(|s| s.starts_with("holds for the Laws of")),
            "{} skipped: {:?}",
            r.id,
            r.reason
        );
    }
    assert!(Summary::of(&reports).passed >= 580, "{}", Summary::of(&reports));
}

#[test]
fn whole_corpus_through_arbiter_serve_matches_in_process() {
    let corpus = shipped();
    let command = format!("{} serve", env!("CARGO_BIN_EXE_arbiter"));
    let factory = move || -> Result<Box<dyn Implementation>, String> {
        Ok(Box::new(Adapter::new(&command, Duration::from_secs(30))))
    };
    let served = run_with(&corpus, &factory, 2);
    assert_eq!(unexpected(&served), Vec::<String>::new());
    let in_process = {
        let factory = || -> Result<Box<dyn Implementation>, String> {
            Ok(Box::new(Reference::default().watched(DEFAULT_TIMEOUT)))
        };
        run_with(&corpus, &factory, 1)
    };
    let outcomes = |reports: &[CaseReport]| reports.iter().map(|r| (r.id.clone(), r.outcome)).collect::<Vec<_>>();
    assert_eq!(outcomes(&served), outcomes(&in_process));
}

#[test]
fn serve_answers_bad_requests_and_keeps_going() {
    let input = b"not json\n{\"id\":7,\"op\":\"observe\",\"fen\":\"8/8/8/8/8/8/8/8 w - - 0 1\",\"moves\":[]}\n{\"id\":8,\"op\":\"quit\"}\n";
    let mut output = Vec::new();
    arbiter_spec::serve::serve(&mut Reference::default(), &input[..], &mut output).expect("serve runs");
    let lines: Vec<serde_json::Value> = String::from_utf8(output)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("every answer is JSON"))
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["error"]["kind"], "bad_request");
    assert_eq!(lines[1]["id"], 7);
    assert_eq!(lines[1]["error"]["kind"], "illegal_position");
    assert_eq!(lines[1]["error"]["detail"], "missing_king");
    assert_eq!(lines[2]["id"], 8);
}

/// Each rule profile (edition, claims or automatic draws, dead positions in full or by
/// material only) passes on the reference core run under that profile.
#[test]
fn every_profile_passes_on_the_core() {
    let corpus = shipped();
    let cases: Vec<_> = corpus.cases.iter().collect();
    for profile in profile::Profile::all() {
        let factory = || -> Result<Box<dyn Implementation>, String> {
            Ok(Box::new(Reference::for_profile(&profile, profile.laws).watched(DEFAULT_TIMEOUT)))
        };
        let mut options = RunOptions::new(profile);
        options.baseline = known_core_failures();
        let reports = run(&cases, &factory, &options, &|_| {});
        assert_eq!(unexpected(&reports), Vec::<String>::new(), "profile {}", profile.name());
    }
}
