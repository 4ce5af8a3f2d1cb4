//! Running cases against an implementation: each case's expectations become questions, one
//! definition per operation (`questions.rs`), asked in order and judged into verdicts
//! (`verdict.rs`), which combine into the case's outcome.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

mod questions;
mod verdict;

use arbiter_core::{CastlingMode, Laws, Position};

use crate::baseline::Baseline;
use crate::case::{pgn_moves, Case, Expect};
use crate::corpus::{castling_mode, position_spec, start_fen, LocatedCase};
use crate::implementation::{ask, Failure, Implementation};
use crate::outcome::{CaseReport, Mismatch, Outcome};
use crate::profile::Profile;
use crate::protocol::{Hello, Op, ParseSanAnswer, PositionSpec};
use crate::reference::Reference;
use crate::watchdog::Watchdog;
use questions::{pgn_move_failed, Asked, OPERATIONS};
use verdict::{unable, Verdict};

/// Each request's time limit unless `--timeout` says otherwise, for the reference core as for
/// any other implementation.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// How to run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The rule profile.
    pub profile: Profile,
    /// The edition (the profile's unless `--laws` says otherwise).
    pub laws: Laws,
    /// Perft expectations over this many nodes are skipped.
    pub max_nodes: Option<u64>,
    /// The known failures (`--expect FILE`).
    pub baseline: Baseline,
    /// The number of worker threads.
    pub jobs: usize,
}

impl RunOptions {
    /// The options of a run under `profile`: its edition, no node limit, no expected failures, one worker.
    pub fn new(profile: Profile) -> RunOptions {
        RunOptions { profile, laws: profile.laws, max_nodes: None, baseline: Baseline::default(), jobs: 1 }
    }
}

/// Makes a fresh implementation (one per worker thread).
pub type Factory<'a> = dyn Fn() -> Result<Box<dyn Implementation>, String> + Sync + 'a;

/// Runs `cases` with `jobs` workers, calling `progress` after each case; reports in case order.
///
/// ```
/// use std::path::Path;
/// use arbiter_spec::implementation::Implementation;
/// use arbiter_spec::outcome::Outcome;
/// use arbiter_spec::reference::Reference;
/// use arbiter_spec::{corpus, profile, runner};
///
/// let text = "cases:
///   - id: right
///     refs: [\"3.10.1\"]
///     description: twenty moves from the start
///     expect: {perft: {1: 20}}
///   - id: wrong
///     refs: [\"3.10.1\"]
///     description: a count the Laws do not give
///     expect: {perft: {1: 21}}
/// ";
/// let cases = corpus::parse_file(Path::new("perft.yaml"), text).unwrap();
/// let options = runner::RunOptions::new(profile::find("fide-2023").unwrap());
/// let factory = || Ok(Box::new(Reference::default()) as Box<dyn Implementation>);
/// let reports = runner::run(&cases.iter().collect::<Vec<_>>(), &factory, &options, &|_| {});
/// let outcomes: Vec<Outcome> = reports.iter().map(|r| r.outcome).collect();
/// assert_eq!(outcomes, [Outcome::Pass, Outcome::Fail]);
/// assert_eq!(reports[1].mismatches[0].actual, "20");
/// ```
pub fn run(
    cases: &[&LocatedCase],
    factory: &Factory<'_>,
    options: &RunOptions,
    progress: &(dyn Fn(&CaseReport) + Sync),
) -> Vec<CaseReport> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<CaseReport>>> = Mutex::new(vec![None; cases.len()]);
    let worker = || {
        let mut imp = factory();
        let mut declared = hello(&mut imp);
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(located) = cases.get(index) else { break };
            let report = match (&mut imp, &declared) {
                (Ok(imp), Ok(declared)) => {
                    let report = run_case(imp.as_mut(), declared, located, options);
                    finish_case(imp.as_mut(), report)
                }
                (Err(reason), _) => report_of(located, Outcome::Error, Some(reason.clone()), vec![]),
                (_, Err(reason)) => report_of(located, Outcome::Error, Some(reason.clone()), vec![]),
            };
            if report.outcome == Outcome::Error && declared.is_err() {
                declared = hello(&mut imp);
            }
            progress(&report);
            if let Ok(mut results) = results.lock() {
                results[index] = Some(report);
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(worker);
        }
    });
    let results = results.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    results
        .into_iter()
        .zip(cases)
        .map(|(r, c)| r.unwrap_or_else(|| report_of(c, Outcome::Error, Some("the worker stopped".into()), vec![])))
        .collect()
}

/// The case's report after [`Implementation::finish_case`]: a case after which the
/// implementation said more than it was asked is an ERROR (or a TIMEOUT), whatever it gave.
fn finish_case(imp: &mut dyn Implementation, mut report: CaseReport) -> CaseReport {
    if let Err(failure) = imp.finish_case() {
        overrule(&mut report, &failure, "after the case");
    }
    report
}

/// A failure outside the case's questions (`when`) makes a case that has not already failed
/// so a TIMEOUT or an ERROR, whatever its questions gave: a pass beside it is not to be trusted.
fn overrule(report: &mut CaseReport, failure: &Failure, when: &str) {
    if !matches!(report.outcome, Outcome::Error | Outcome::Timeout) {
        report.outcome = if matches!(failure, Failure::Timeout(_)) { Outcome::Timeout } else { Outcome::Error };
        report.reason = Some(format!("{when}: {failure}"));
    }
}

fn hello(imp: &mut Result<Box<dyn Implementation>, String>) -> Result<Declared, String> {
    let imp = imp.as_mut().map_err(|e| e.clone())?;
    Declared::ask(imp.as_mut())
}

/// What an implementation said in `hello` it can answer: the operations, and the note put
/// before every skip of what it cannot.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Declared {
    /// The operations declared.
    pub ops: BTreeSet<String>,
    /// [`Hello::note`](crate::protocol::Hello::note).
    pub note: Option<String>,
    /// Whether it plays Chess960: not when `hello`'s `rules.chess960` is false.
    pub chess960: bool,
}

impl Declared {
    /// What `hello` declares.
    pub fn of(hello: Hello) -> Declared {
        let chess960 = hello.rules.and_then(|r| r.chess960).unwrap_or(true);
        Declared { ops: hello.ops.into_iter().collect(), note: hello.note, chess960 }
    }
    /// Asks `imp` `hello` (and checks its protocol version).
    pub fn ask(imp: &mut dyn Implementation) -> Result<Declared, String> {
        match imp.hello() {
            Ok(hello) => match hello.check() {
                Ok(()) => Ok(Declared::of(hello)),
                Err(problem) => Err(format!("hello: {problem}")),
            },
            Err(f) => Err(format!("hello failed: {f}")),
        }
    }
}

fn report_of(located: &LocatedCase, outcome: Outcome, reason: Option<String>, mismatches: Vec<Mismatch>) -> CaseReport {
    let (fen, unread) = match read_position(&located.case) {
        Ok(fen) => (fen, None),
        Err(failure) => (None, Some(failure)),
    };
    let mut report = CaseReport {
        id: located.case.id.clone(),
        file: located.file.clone(),
        line: located.line,
        article: located.case.article(),
        refs: located.case.refs.clone(),
        outcome,
        reason,
        mismatches,
        known_failure: None,
        seconds: 0.0,
        description: Some(located.case.description.clone()),
        fen,
    };
    // arbiter's own core is broken there: no verdict beside it is to be trusted.
    if let Some(failure) = unread {
        overrule(&mut report, &failure, "the report's position");
    }
    report
}

/// The reference core that reads each case's position for the reports, shared by the workers
/// and started at the first case.
static READER: Mutex<Option<Watchdog<Reference>>> = Mutex::new(None);

/// [`position_fen`] on the reference core's own thread, within a request's deadline
/// ([`DEFAULT_TIMEOUT`]): a core that loops or panics reading a position fails the case (a
/// TIMEOUT or an ERROR naming the position) instead of hanging the run, and once it is late
/// the cases after it are refused at once.
fn read_position(case: &Case) -> Result<Option<String>, Failure> {
    let mut reader = READER.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let reader = reader.get_or_insert_with(|| Reference::default().watched(DEFAULT_TIMEOUT));
    // Named as the observation of the position it reads, for the messages.
    let position = position_spec(case, case.moves.clone()).unwrap_or_default();
    let case = case.clone();
    reader.run(Op::Observe { position }, move |_| Ok(position_fen(&case)))
}

/// The position `case` asks about, as FEN, for the reports ([`CaseReport::fen`]): its moves or
/// its PGN played by the reference core (the position the case means, whatever the
/// implementation made of its PGN).
fn position_fen(case: &Case) -> Option<String> {
    let start = start_fen(case).ok()?;
    let Ok(mut position) = Position::from_fen_in(&start, castling_mode(case)) else {
        return (case.moves.is_empty() && case.pgn.is_none()).then_some(start);
    };
    for mv in &case.moves {
        position = position.play_uci(mv).ok()?;
    }
    if let Some(pgn) = &case.pgn {
        for san in pgn_moves(pgn).ok()? {
            position = position.play(position.parse_san(&san).ok()?).ok()?;
        }
    }
    Some(position.fen())
}

/// Runs one case.
pub fn run_case(
    imp: &mut dyn Implementation,
    declared: &Declared,
    located: &LocatedCase,
    options: &RunOptions,
) -> CaseReport {
    let started = std::time::Instant::now();
    let case = &located.case;
    let verdicts = if !case.laws.contains(&options.laws) {
        let editions: Vec<String> = case.laws.iter().map(|e| e.to_string()).collect();
        vec![Verdict::Skip(format!("holds for the Laws of {}, not {}", editions.join(" and "), options.laws))]
    } else if !declared.chess960 && castling_mode(case) == CastlingMode::Chess960 {
        vec![unable(
            declared.note.as_deref(),
            "a Chess960 case: the implementation does not play Chess960 (hello: rules.chess960 is false)".into(),
        )]
    } else {
        let mut session = Session { imp, declared, verdicts: Vec::new() };
        session.check_case(case, &case.expect_under(&options.profile), options);
        session.verdicts
    };
    let (outcome, reason, mismatches) = combine(verdicts);
    let judged = options.baseline.judge(&case.id, outcome);
    let mut report = report_of(located, judged, reason, mismatches);
    report.known_failure = (report.outcome == Outcome::Xfail).then_some(outcome);
    report.seconds = started.elapsed().as_secs_f64();
    report
}

/// TIMEOUT over ERROR over FAIL over SKIP over PASS; a case with no verdict could not run. A
/// case where some expectations passed and the others could not be checked (a UCI engine asked
/// what only an adapter answers) is a PASS whose reason lists what was not checked; a case
/// where nothing passed and something could not be checked is a SKIP.
fn combine(verdicts: Vec<Verdict>) -> (Outcome, Option<String>, Vec<Mismatch>) {
    let mut mismatches = Vec::new();
    let (mut error, mut skip, mut timeout) = (None, None, None);
    let mut unchecked: Vec<&str> = Vec::new();
    let mut passed = false;
    for v in &verdicts {
        match v {
            Verdict::Pass => passed = true,
            Verdict::Fail(m) => mismatches.push((**m).clone()),
            Verdict::Skip(r) => {
                skip = skip.or(Some(r.clone()));
                if !unchecked.contains(&r.as_str()) {
                    unchecked.push(r);
                }
            }
            Verdict::Error(r) => error = error.or(Some(r.clone())),
            Verdict::Timeout(r) => timeout = timeout.or(Some(r.clone())),
        }
    }
    if timeout.is_some() {
        (Outcome::Timeout, timeout, mismatches)
    } else if error.is_some() {
        (Outcome::Error, error, mismatches)
    } else if !mismatches.is_empty() {
        (Outcome::Fail, None, mismatches)
    } else if skip.is_some() && passed {
        (Outcome::Pass, Some(format!("not checked: {}", unchecked.join("; "))), mismatches)
    } else if skip.is_some() {
        (Outcome::Skip, skip, mismatches)
    } else if verdicts.is_empty() {
        (Outcome::Error, Some("the case checked nothing".into()), mismatches)
    } else {
        (Outcome::Pass, None, mismatches)
    }
}

struct Session<'a> {
    imp: &'a mut dyn Implementation,
    declared: &'a Declared,
    verdicts: Vec<Verdict>,
}

impl Session<'_> {
    /// Asks every operation the questions the case's expectations make of it: an operation the
    /// implementation did not declare in `hello` cannot answer any of them.
    fn check_case(&mut self, case: &Case, expect: &Expect, options: &RunOptions) {
        let Some(position) = self.position(case) else { return };
        for operation in OPERATIONS {
            let asked = (operation.questions)(case, expect, &position, options);
            if asked.is_empty() {
                continue;
            }
            if !self.supports(operation.name) {
                continue;
            }
            for item in asked {
                match item {
                    Asked::Skip(reason) => self.verdicts.push(Verdict::Skip(reason)),
                    Asked::Question(question) => {
                        let answer = self.imp.answer(&question.op);
                        let first = self.verdicts.len();
                        self.verdicts.extend((question.judge)(answer, self.declared.note.as_deref()));
                        if let Op::Perft { position, depth } = &question.op {
                            self.explain_perft(first, position, *depth);
                        }
                    }
                }
            }
        }
    }

    /// A perft count that differs (a FAIL among the verdicts from `first` on) gets a note saying
    /// where it goes wrong: the divide followed down to the first position whose legal moves
    /// differ from the core's (as `arbiter hunt` does). The verdict itself stays the case's
    /// comparison; a program that cannot say more leaves the note out.
    fn explain_perft(&mut self, first: usize, position: &PositionSpec, depth: u32) {
        if depth == 0 || !self.verdicts[first..].iter().any(|v| matches!(v, Verdict::Fail(_))) {
            return;
        }
        let Ok(Some(found)) = crate::hunt::perft_difference(self.imp, position, depth) else { return };
        let path =
            if found.path.is_empty() { "at the root".to_owned() } else { format!("after {}", found.path.join(" ")) };
        let list = |moves: &[String]| if moves.is_empty() { "none".to_owned() } else { moves.join(" ") };
        let note = format!(
            "the divide goes wrong {path}: in {} the implementation misses {} and adds {} (FIDE {}, {})",
            found.fen,
            list(&found.missing),
            list(&found.extra),
            found.article,
            found.category
        );
        for verdict in &mut self.verdicts[first..] {
            if let Verdict::Fail(m) = verdict {
                m.note = Some(note.clone());
            }
        }
    }

    /// Whether the implementation declared `op` in `hello`; if not, the expectations that need it
    /// cannot be answered, which is recorded once.
    fn supports(&mut self, op: &str) -> bool {
        let declared = self.declared.ops.contains(op);
        if !declared {
            let note = self.declared.note.as_deref();
            self.verdicts.push(unable(note, format!("the implementation does not support `{op}`")));
        }
        declared
    }

    /// The position the case starts from, its PGN read into UCI moves by the implementation.
    fn position(&mut self, case: &Case) -> Option<PositionSpec> {
        let mut spec = match position_spec(case, case.moves.clone()) {
            Ok(spec) => spec,
            Err(e) => {
                self.verdicts.push(Verdict::Error(format!("case input: {e}")));
                return None;
            }
        };
        let Some(pgn) = &case.pgn else { return Some(spec) };
        let sans = match pgn_moves(pgn) {
            Ok(sans) => sans,
            Err(e) => {
                self.verdicts.push(Verdict::Error(format!("case input: {e}")));
                return None;
            }
        };
        if !self.supports("parse_san") {
            return None;
        }
        for san in sans {
            let op = Op::ParseSan { position: spec.clone(), san: san.clone() };
            match ask::<ParseSanAnswer>(self.imp, &op) {
                Ok(answer) => spec.moves.push(answer.mv),
                Err(failure) => {
                    self.verdicts.push(pgn_move_failed(&san, failure, self.declared.note.as_deref()));
                    return None;
                }
            }
        }
        Some(spec)
    }
}

#[cfg(test)]
mod tests {
    use super::verdict::mismatch;
    use super::*;

    /// Runs `yaml`'s cases against the reference core.
    fn run_yaml(yaml: &str) -> Vec<CaseReport> {
        let cases = crate::corpus::parse_file(std::path::Path::new("t.yaml"), yaml).expect("the cases parse");
        let options = RunOptions::new(crate::profile::find("fide-2023").expect("the default profile"));
        let factory = || Ok(Box::new(Reference::default()) as Box<dyn Implementation>);
        run(&cases.iter().collect::<Vec<_>>(), &factory, &options, &|_| {})
    }

    /// FIDE 3.8.1 (a king on a1 has a1a2, a1b1, a1b2) and C.2 (Nf3 is g1f3), each expected
    /// wrongly: the mismatch names the moves the case expected and those answered.
    #[test]
    fn mismatches_name_the_moves_expected_and_answered_3_8_1() {
        let king = "fen: 7k/8/8/8/8/8/8/K7 w - - 0 1";
        let reports = run_yaml(&format!(
            "cases:
  - {{id: a, refs: [\"3.8.1\"], description: d, {king}, expect: {{legal: [a1a3]}}}}
  - {{id: b, refs: [\"3.8.1\"], description: d, {king}, expect: {{illegal: [a1b2]}}}}
  - {{id: c, refs: [\"3.8.1\"], description: d, {king}, expect: {{legal_moves: [a1a2, a1b1, a1a3]}}}}
  - {{id: d, refs: [\"C.2\"], description: d, expect: {{parse_san: {{Nf3: g1h3}}}}}}
  - {{id: e, refs: [\"C.2\"], description: d, expect: {{parse_san: {{Nf3: {{error: invalid_san}}}}}}}}
  - {{id: f, refs: [\"C.2\"], description: d, expect: {{in_check: true}}}}
"
        ));
        let moves = |r: &CaseReport| -> (Vec<String>, Vec<String>) {
            (r.mismatches[0].expected_moves.clone(), r.mismatches[0].actual_moves.clone())
        };
        let v = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(moves(&reports[0]), (v(&["a1a3"]), v(&[])));
        assert_eq!(moves(&reports[1]), (v(&[]), v(&["a1b2"])));
        assert_eq!(moves(&reports[2]), (v(&["a1a3"]), v(&["a1b2"])));
        assert_eq!(moves(&reports[3]), (v(&["g1h3"]), v(&["g1f3"])));
        assert_eq!(moves(&reports[4]), (v(&[]), v(&["g1f3"])));
        assert_eq!(moves(&reports[5]), (v(&[]), v(&[])), "a mismatch of no move names none");
    }

    /// FIDE 2.3, 3.6: the report's FEN is the position after the case's moves or PGN, played
    /// by the core; a start the core cannot read is kept as written when nothing is played on it.
    #[test]
    fn reports_carry_the_description_and_the_position_asked_about() {
        let reports = run_yaml(
            "cases:
  - {id: a, refs: [\"3.6\"], description: after g1f3, moves: [g1f3], expect: {in_check: false}}
  - {id: b, refs: [\"3.6\"], description: after Nf3, pgn: \"1. Nf3\", expect: {in_check: false}}
  - {id: c, refs: [\"2.3\"], description: the start, expect: {in_check: false}}
",
        );
        let after = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1";
        assert_eq!(reports[0].fen.as_deref(), Some(after));
        assert_eq!(reports[1].fen.as_deref(), Some(after));
        assert_eq!(reports[2].fen.as_deref(), Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
        assert_eq!(reports[1].description.as_deref(), Some("after Nf3"));
        let mut case = crate::corpus::parse_file(
            std::path::Path::new("t.yaml"),
            "cases:\n  - {id: a, refs: [\"3.6\"], description: d, fen: \"8/8/8/8/8/8/8/8 w - - 0 1\", expect: {in_check: false}}\n",
        )
        .expect("parses")
        .remove(0)
        .case;
        assert_eq!(position_fen(&case).as_deref(), Some("8/8/8/8/8/8/8/8 w - - 0 1"), "kingless: kept as written");
        case.moves = vec!["e2e4".into()];
        assert_eq!(position_fen(&case), None, "moves on a position the core cannot read: none");
    }

    #[test]
    fn combine_ranks_timeout_over_error_over_fail_over_skip() {
        let fail = || mismatch("x", "a", "b");
        let partly = combine(vec![Verdict::Pass, Verdict::Skip("s".into()), Verdict::Skip("t".into())]);
        assert_eq!((partly.0, partly.1.as_deref()), (Outcome::Pass, Some("not checked: s; t")));
        assert_eq!(combine(vec![Verdict::Skip("s".into())]).0, Outcome::Skip);
        assert_eq!(combine(vec![Verdict::Skip("s".into()), fail()]).0, Outcome::Fail);
        assert_eq!(combine(vec![fail(), Verdict::Error("e".into())]).0, Outcome::Error);
        assert_eq!(combine(vec![Verdict::Error("e".into()), Verdict::Timeout("t".into())]).0, Outcome::Timeout);
        assert_eq!(combine(vec![Verdict::Pass]).0, Outcome::Pass);
        assert_eq!(combine(vec![]).0, Outcome::Error, "a case that checked nothing never passes");
    }
}
