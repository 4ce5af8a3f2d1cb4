//! The corpus inside a Rust crate's own `cargo test`: implement
//! [`Implementation`] for your library and check it
//! in-process against the corpus built into arbiter, with a known-failure list, as `arbiter run
//! --expect` would.
//!
//! ```
//! use arbiter_spec::check::check;
//! use arbiter_spec::reference::Reference;
//!
//! // Your library in place of the reference core; its known failures from a file in your crate
//! // (`include_str!("arbiter-known-failures.txt")`), in the format of `arbiter run --expect`.
//! let reports = check(Reference::default).clause("3.8.2").expect_failures("").assert();
//! assert!(reports.iter().all(|r| r.outcome == arbiter_spec::outcome::Outcome::Pass));
//! ```

use crate::baseline::Baseline;
use crate::corpus::{self, Corpus, LocatedCase};
use crate::implementation::Implementation;
use crate::outcome::{CaseReport, Outcome, Summary};
use crate::profile::Profile;
use crate::report::{self, Format, RunInfo};
use crate::runner::{self, RunOptions};

/// A check of an implementation against the corpus: built with [`check`], run with
/// [`Check::run`] or [`Check::assert`].
pub struct Check<'f> {
    make: Box<dyn Fn() -> Box<dyn Implementation> + Sync + 'f>,
    known_failures: Option<String>,
    profile: Option<String>,
    clauses: Vec<String>,
    max_nodes: Option<u64>,
    jobs: usize,
}

/// A check of the implementations `make` makes (one per worker thread) against the corpus
/// built into arbiter, under the rule model its `hello` declares.
pub fn check<'f, I: Implementation + 'static>(make: impl Fn() -> I + Sync + 'f) -> Check<'f> {
    Check {
        make: Box::new(move || Box::new(make())),
        known_failures: None,
        profile: None,
        clauses: Vec::new(),
        max_nodes: None,
        jobs: 1,
    }
}

impl<'f> Check<'f> {
    /// The known failures, in the format of `arbiter run --expect` (a case id per line, then
    /// optionally FAIL, ERROR or TIMEOUT; `#` comments): listed failures are XFAIL, a listed
    /// case that passes is XPASS, which fails the check.
    pub fn expect_failures(mut self, text: &str) -> Self {
        self.known_failures = Some(text.to_owned());
        self
    }

    /// The rule profile (`automatic-draws+material-only`), instead of what `hello` declares.
    pub fn profile(mut self, name: &str) -> Self {
        self.profile = Some(name.to_owned());
        self
    }

    /// Only the cases citing this clause or one below it (repeatable, as `--clause`).
    pub fn clause(mut self, clause: &str) -> Self {
        self.clauses.push(clause.to_owned());
        self
    }

    /// Perft expectations over this many nodes are skipped (`--max-nodes`).
    pub fn max_nodes(mut self, nodes: u64) -> Self {
        self.max_nodes = Some(nodes);
        self
    }

    /// Cases run in parallel, each worker with an implementation of its own (`--jobs`).
    pub fn jobs(mut self, jobs: usize) -> Self {
        self.jobs = jobs.max(1);
        self
    }

    /// Runs the check: every selected case's report, or why it could not run (a bad
    /// known-failure list, a `hello` that fails or declares an unknown profile, no case
    /// selected).
    pub fn run(self) -> Result<Vec<CaseReport>, String> {
        Ok(self.run_with_info()?.1)
    }

    fn run_with_info(self) -> Result<(RunInfo, Vec<CaseReport>), String> {
        let corpus = corpus::load_embedded().map_err(|e| format!("the built-in corpus: {e:?}"))?;
        let mut first = (self.make)();
        let hello = first.hello().map_err(|f| format!("hello failed: {f}"))?;
        hello.check().map_err(|e| format!("hello: {e}"))?;
        let profile = match &self.profile {
            Some(name) => Profile::parse(name)?,
            None => Profile::declared(&hello)?,
        };
        drop(first);
        let mut options = RunOptions::new(profile);
        options.max_nodes = self.max_nodes;
        options.jobs = self.jobs;
        if let Some(text) = &self.known_failures {
            options.baseline = Baseline::parse("the known failures", text, &|id| corpus.find(id).is_some())
                .map_err(|problems| problems.join("\n"))?;
        }
        let cases = selected(&corpus, &self.clauses);
        if cases.is_empty() {
            return Err(format!("no case cites the clauses {:?}", self.clauses));
        }
        let make = &self.make;
        let factory = || -> Result<Box<dyn Implementation>, String> { Ok(make()) };
        let reports = runner::run(&cases, &factory, &options, &|_| {});
        let info = RunInfo {
            implementation: hello.name.clone(),
            profile: profile.name(),
            rules: profile.rules_in_words(),
            laws: profile.laws.to_string(),
            rerun: "arbiter run".into(),
            selection: self.clauses.iter().map(|c| format!(" --clause {c}")).collect(),
            shard: None,
        };
        Ok((info, reports))
    }

    /// Runs the check and panics, with arbiter's human report of what went wrong, when
    /// anything unexpected happened (a FAIL, XPASS, ERROR or TIMEOUT) or the check could not
    /// run; returns the reports otherwise.
    pub fn assert(self) -> Vec<CaseReport> {
        match self.run_with_info() {
            Err(why) => panic!("arbiter: the check could not run: {why}"),
            Ok((info, reports)) => {
                let summary = Summary::of(&reports);
                if Outcome::ALL.iter().any(|o| o.is_unexpected() && summary.count(*o) > 0) {
                    panic!("{}", report::render(Format::Human, &info, &reports));
                }
                reports
            }
        }
    }
}

/// The cases citing one of `clauses` or a clause below it (all cases when none is given).
fn selected<'c>(corpus: &'c Corpus, clauses: &[String]) -> Vec<&'c LocatedCase> {
    corpus.cases.iter().filter(|c| clauses.is_empty() || clauses.iter().any(|clause| c.case.cites(clause))).collect()
}
