//! Running cases against an implementation.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use arbiter_core::{Laws, Position};

use crate::case::{pgn_moves, Case, Expect, SanReading};
use crate::corpus::{position_spec, LocatedCase};
use crate::implementation::{Failure, Implementation};
use crate::outcome::{CaseReport, Mismatch, Outcome};
use crate::profile::Profile;
use crate::protocol::{ErrorBody, ErrorKind, EventOutcome, Observation, PositionSpec, SealedVerdict};

/// How to run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    pub profile: Profile,
    /// The edition (the profile's unless `--laws` says otherwise).
    pub laws: Laws,
    /// Perft expectations over this many nodes are skipped.
    pub max_nodes: Option<u64>,
    /// Cases expected to fail (`--expect FILE`).
    pub expected_failures: BTreeSet<String>,
    pub jobs: usize,
}

impl RunOptions {
    pub fn new(profile: Profile) -> RunOptions {
        RunOptions { profile, laws: profile.laws, max_nodes: None, expected_failures: BTreeSet::new(), jobs: 1 }
    }
}

/// Makes a fresh implementation (one per worker thread).
pub type Factory<'a> = dyn Fn() -> Result<Box<dyn Implementation>, String> + Sync + 'a;

/// Runs `cases` with `jobs` workers, calling `progress` after each case; reports in case order.
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
        let mut ops = hello_ops(&mut imp);
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(located) = cases.get(index) else { break };
            let report = match (&mut imp, &ops) {
                (Ok(imp), Ok(ops)) => {
                    let report = run_case(imp.as_mut(), ops, located, options);
                    finish_case(imp.as_mut(), report)
                }
                (Err(reason), _) => report_of(located, Outcome::Error, Some(reason.clone()), vec![]),
                (_, Err(reason)) => report_of(located, Outcome::Error, Some(reason.clone()), vec![]),
            };
            if report.outcome == Outcome::Error && ops.is_err() {
                ops = hello_ops(&mut imp);
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
        let outcome = if matches!(failure, Failure::Timeout(_)) { Outcome::Timeout } else { Outcome::Error };
        if !matches!(report.outcome, Outcome::Error | Outcome::Timeout) {
            report.outcome = outcome;
            report.reason = Some(format!("after the case: {failure}"));
        }
    }
    report
}

fn hello_ops(imp: &mut Result<Box<dyn Implementation>, String>) -> Result<BTreeSet<String>, String> {
    let imp = imp.as_mut().map_err(|e| e.clone())?;
    match imp.hello() {
        Ok(hello) => match hello.check() {
            Ok(()) => Ok(hello.ops.into_iter().collect()),
            Err(problem) => Err(format!("hello: {problem}")),
        },
        Err(f) => Err(format!("hello failed: {f}")),
    }
}

fn report_of(located: &LocatedCase, outcome: Outcome, reason: Option<String>, mismatches: Vec<Mismatch>) -> CaseReport {
    CaseReport {
        id: located.case.id.clone(),
        file: located.file.clone(),
        line: located.line,
        article: located.case.article(),
        refs: located.case.refs.clone(),
        outcome,
        reason,
        mismatches,
    }
}

/// What one expectation gave.
#[derive(Clone, Debug)]
enum Verdict {
    Pass,
    Fail(Mismatch),
    Skip(String),
    Error(String),
    /// No answer in time: which request, and how the program was.
    Timeout(String),
}

/// Runs one case.
pub fn run_case(
    imp: &mut dyn Implementation,
    ops: &BTreeSet<String>,
    located: &LocatedCase,
    options: &RunOptions,
) -> CaseReport {
    let case = &located.case;
    let verdicts = if !case.laws.contains(&options.laws) {
        let editions: Vec<String> = case.laws.iter().map(|e| e.to_string()).collect();
        vec![Verdict::Skip(format!("holds for the Laws of {}, not {}", editions.join(" and "), options.laws))]
    } else {
        let note = imp.skip_note();
        let mut session = Session { imp, ops, note, verdicts: Vec::new() };
        session.check_case(case, &case.expect_under(options.profile.name), options);
        session.verdicts
    };
    let (outcome, reason, mismatches) = combine(verdicts);
    let outcome = match (outcome, options.expected_failures.contains(&case.id)) {
        (Outcome::Fail, true) => Outcome::Xfail,
        (Outcome::Pass, true) => Outcome::Xpass,
        (o, _) => o,
    };
    report_of(located, outcome, reason, mismatches)
}

/// TIMEOUT over ERROR over FAIL over SKIP over PASS; a case with no verdict could not run.
fn combine(verdicts: Vec<Verdict>) -> (Outcome, Option<String>, Vec<Mismatch>) {
    let mut mismatches = Vec::new();
    let (mut error, mut skip, mut timeout) = (None, None, None);
    for v in &verdicts {
        match v {
            Verdict::Pass => {}
            Verdict::Fail(m) => mismatches.push(m.clone()),
            Verdict::Skip(r) => skip = skip.or(Some(r.clone())),
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
    } else if skip.is_some() {
        (Outcome::Skip, skip, mismatches)
    } else if verdicts.is_empty() {
        (Outcome::Error, Some("the case checked nothing".into()), mismatches)
    } else {
        (Outcome::Pass, None, mismatches)
    }
}

fn mismatch(what: impl Into<String>, expected: impl Into<String>, actual: impl Into<String>) -> Verdict {
    Verdict::Fail(Mismatch { what: what.into(), expected: expected.into(), actual: actual.into() })
}

fn compare<T: PartialEq + std::fmt::Debug>(what: &str, expected: &T, actual: &T) -> Verdict {
    if expected == actual {
        Verdict::Pass
    } else {
        mismatch(what, show(expected), show(actual))
    }
}

/// A value as JSON-ish text for reports.
fn show<T: std::fmt::Debug>(value: &T) -> String {
    format!("{value:?}")
}

struct Session<'a> {
    imp: &'a mut dyn Implementation,
    ops: &'a BTreeSet<String>,
    /// The implementation's [`Implementation::skip_note`].
    note: Option<&'static str>,
    verdicts: Vec<Verdict>,
}

impl Session<'_> {
    fn push(&mut self, v: Verdict) {
        self.verdicts.push(v);
    }

    /// Whether the implementation declared `op`; if not, every expectation needing it is skipped.
    fn supports(&mut self, op: &str) -> bool {
        let ok = self.ops.contains(op);
        if !ok {
            self.push(unable(self.note, format!("the implementation does not support `{op}`")));
        }
        ok
    }

    /// Turns a failed answer into the verdict for an expectation that wanted an answer.
    fn failed(&mut self, what: &str, f: Failure) {
        let v = match f {
            Failure::Answered(body) if body.kind == ErrorKind::Unsupported => {
                Verdict::Skip(format!("{what}: the implementation answered unsupported ({})", body.message))
            }
            Failure::Answered(body) => mismatch(what, "an answer", body.to_string()),
            Failure::Broken(message) => Verdict::Error(format!("{what}: {message}")),
            Failure::Timeout(message) => Verdict::Timeout(format!("{what}: {message}")),
        };
        self.push(v);
    }

    fn check_case(&mut self, case: &Case, expect: &Expect, options: &RunOptions) {
        let Some(position) = self.position(case) else { return };
        if expect.needs_observe() && self.supports("observe") {
            self.check_observation(&position, expect);
        }
        if let Some(perft) = &expect.perft {
            self.check_perft(&position, perft, options.max_nodes);
        }
        if let Some(san) = &expect.san {
            self.check_san(&position, san);
        }
        if let Some(readings) = &expect.parse_san {
            self.check_parse_san(&position, readings);
        }
        for claim in expect.claim.iter().flatten() {
            if self.supports("claim") {
                let what = format!("claim {:?} with move {:?}", claim.claim, claim.mv);
                match self.imp.claim(&position, claim.claim, claim.mv.as_deref()) {
                    Ok(valid) => self.push(compare(&what, &claim.valid, &valid)),
                    Err(f) => self.failed(&what, f),
                }
            }
        }
        for flag in expect.flag.iter().flatten() {
            if self.supports("flag") {
                let what = format!("flag {:?}", flag.flagged);
                match self.imp.flag(&position, flag.flagged) {
                    Ok(result) => self.push(compare(&what, &flag.result, &result)),
                    Err(f) => self.failed(&what, f),
                }
            }
        }
        if let Some(outcome) = &expect.events {
            if self.supports("events") {
                match self.imp.events(&position, &case.event_setup(), &case.events) {
                    Ok(actual) => self.check_event_outcome(outcome, &actual),
                    Err(f) => self.failed("events", f),
                }
            }
        }
        if let Some(spoken) = &expect.spoken {
            self.check_spoken(&position, spoken);
        }
        if let Some(sealed) = &expect.sealed {
            self.check_sealed(&position, sealed);
        }
        for sheet in expect.scoresheet.iter().flatten() {
            if self.supports("scoresheet") {
                let what = format!("scoresheet {:?}", sheet.text);
                match self.imp.scoresheet(&position, &sheet.text) {
                    Ok(actual) => {
                        if let Some(moves) = &sheet.moves {
                            self.push(compare(&format!("{what}: moves"), moves, &actual.moves));
                        }
                        self.push(compare(&format!("{what}: draw_offers"), &sheet.draw_offers, &actual.draw_offers));
                    }
                    Err(f) => self.failed(&what, f),
                }
            }
        }
    }

    /// Checks the fields of an event outcome the case names; one the implementation leaves out
    /// is skipped.
    fn check_event_outcome(&mut self, expected: &EventOutcome, actual: &EventOutcome) {
        self.push_reported("events: result", &expected.result, &actual.result);
        if let Some(allowed) = &expected.allowed_moves {
            self.push(compare_sets("events: allowed_moves", allowed, actual.allowed_moves.as_ref(), self.note));
        }
        self.push_reported("events: time_added", &expected.time_added, &actual.time_added);
        self.push_reported("events: annulled", &expected.annulled, &actual.annulled);
        self.push_reported("events: category", &expected.category, &actual.category);
        self.push_reported("events: must_record", &expected.must_record, &actual.must_record);
        self.push_reported("events: clock", &expected.clock, &actual.clock);
        self.push_reported("events: draw_offer", &expected.draw_offer, &actual.draw_offer);
    }

    /// Compares an expected field with the reported one: nothing when the case does not name
    /// it, a skip when the implementation does not report it.
    fn push_reported<T: PartialEq + std::fmt::Debug>(&mut self, what: &str, expected: &Option<T>, actual: &Option<T>) {
        match (expected, actual) {
            (None, _) => {}
            (Some(_), None) => self.push(unable(self.note, format!("{what}: the implementation does not report it"))),
            (Some(e), Some(a)) => self.push(compare(what, e, a)),
        }
    }

    /// FIDE D.2.1: compared with umlauts spelled out (`ö` as `oe`), so either spelling passes.
    fn check_spoken(&mut self, position: &PositionSpec, spoken: &BTreeMap<String, String>) {
        for (mv, text) in spoken {
            if !self.supports("spoken") {
                return;
            }
            let what = format!("spoken {mv}");
            match self.imp.spoken(position, mv) {
                Ok(actual) => {
                    let v = if spell_out_umlauts(text) == spell_out_umlauts(&actual) {
                        Verdict::Pass
                    } else {
                        mismatch(&what, text.clone(), actual)
                    };
                    self.push(v);
                }
                Err(f) => self.failed(&what, f),
            }
        }
    }

    fn check_sealed(&mut self, position: &PositionSpec, sealed: &BTreeMap<String, SealedVerdict>) {
        for (text, verdict) in sealed {
            if !self.supports("sealed") {
                return;
            }
            let what = format!("sealed {text:?}");
            match self.imp.sealed(position, text) {
                Ok(actual) => self.push(compare(&what, verdict, &actual)),
                Err(f) => self.failed(&what, f),
            }
        }
    }
}

/// German text with `ä`, `ö`, `ü`, `ß` written `ae`, `oe`, `ue`, `ss` (the usual ASCII spelling).
fn spell_out_umlauts(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            'ä' => out.push_str("ae"),
            'ö' => out.push_str("oe"),
            'ü' => out.push_str("ue"),
            'Ä' => out.push_str("Ae"),
            'Ö' => out.push_str("Oe"),
            'Ü' => out.push_str("Ue"),
            'ß' => out.push_str("ss"),
            c => out.push(c),
        }
    }
    out
}

impl Session<'_> {
    /// The position the case starts from, its PGN read into UCI moves by the implementation.
    fn position(&mut self, case: &Case) -> Option<PositionSpec> {
        let mut spec = match position_spec(case, case.moves.clone()) {
            Ok(spec) => spec,
            Err(e) => {
                self.push(Verdict::Error(format!("case input: {e}")));
                return None;
            }
        };
        let Some(pgn) = &case.pgn else { return Some(spec) };
        let sans = match pgn_moves(pgn) {
            Ok(sans) => sans,
            Err(e) => {
                self.push(Verdict::Error(format!("case input: {e}")));
                return None;
            }
        };
        if !self.supports("parse_san") {
            return None;
        }
        for san in sans {
            match self.imp.parse_san(&spec, &san) {
                Ok(uci) => spec.moves.push(uci),
                Err(f) => {
                    self.failed(&format!("reading the PGN move {san}"), f);
                    return None;
                }
            }
        }
        Some(spec)
    }

    fn check_observation(&mut self, position: &PositionSpec, expect: &Expect) {
        let answer = self.imp.observe(position);
        if let Ok(obs) = &answer {
            if let Err(problem) = obs.check() {
                self.push(Verdict::Error(format!("observe: {problem}")));
                return;
            }
        }
        if let Some(rejection) = &expect.rejected {
            let v = match answer {
                Ok(obs) => mismatch("rejected", rejection.kind.name(), format!("accepted; position {}", obs.fen)),
                Err(Failure::Answered(body)) if body.kind != ErrorKind::Unsupported => {
                    rejection_verdict(rejection, &body)
                }
                Err(f) => {
                    self.failed("observe", f);
                    return;
                }
            };
            self.push(v);
            return;
        }
        match answer {
            Ok(obs) => {
                for v in observation_verdicts(&obs, expect, self.note) {
                    self.push(v);
                }
            }
            Err(f) => self.failed("observe", f),
        }
    }

    fn check_perft(&mut self, position: &PositionSpec, perft: &BTreeMap<u32, u64>, max_nodes: Option<u64>) {
        for (&depth, &nodes) in perft {
            if max_nodes.is_some_and(|max| nodes > max) {
                self.push(Verdict::Skip(format!("perft {depth}: {nodes} nodes is over --max-nodes")));
                continue;
            }
            if !self.supports("perft") {
                return;
            }
            let what = format!("perft {depth}");
            match self.imp.perft(position, depth) {
                Ok(answer) => match answer.check() {
                    Err(problem) if depth > 0 => self.push(Verdict::Error(format!("{what}: {problem}"))),
                    _ => self.push(compare(&what, &nodes, &answer.nodes)),
                },
                Err(f) => self.failed(&what, f),
            }
        }
    }

    fn check_san(&mut self, position: &PositionSpec, san: &BTreeMap<String, String>) {
        for (mv, text) in san {
            if !self.supports("san") {
                return;
            }
            let what = format!("san of {mv}");
            match self.imp.san(position, mv) {
                Ok(actual) => self.push(compare(&what, text, &actual)),
                Err(f) => self.failed(&what, f),
            }
        }
    }

    fn check_parse_san(&mut self, position: &PositionSpec, readings: &BTreeMap<String, SanReading>) {
        for (text, reading) in readings {
            if !self.supports("parse_san") {
                return;
            }
            let what = format!("parse_san {text:?}");
            let v = match (reading, self.imp.parse_san(position, text)) {
                (_, Err(Failure::Answered(b))) if b.kind == ErrorKind::Unsupported => {
                    self.failed(&what, Failure::Answered(b));
                    continue;
                }
                (SanReading::Move(mv), Ok(actual)) => compare(&what, mv, &actual),
                (SanReading::Error { error }, Err(Failure::Answered(body))) => compare(&what, error, &body.kind),
                (SanReading::Error { error }, Ok(actual)) => mismatch(&what, format!("error {error}"), actual),
                (SanReading::Move(_), Err(f)) => {
                    self.failed(&what, f);
                    continue;
                }
                (SanReading::Error { .. }, Err(f)) => {
                    self.failed(&what, f);
                    continue;
                }
            };
            self.push(v);
        }
    }
}

fn rejection_verdict(rejection: &crate::case::Rejection, body: &ErrorBody) -> Verdict {
    if body.kind != rejection.kind {
        return mismatch("rejected", rejection.kind.name(), body.to_string());
    }
    match (&rejection.detail, &body.detail) {
        (Some(want), Some(got)) if want != got => mismatch("rejected detail", want.clone(), got.clone()),
        _ => Verdict::Pass,
    }
}

/// The verdicts on an observation; a field the implementation did not report is skipped.
fn observation_verdicts(obs: &Observation, e: &Expect, note: Option<&str>) -> Vec<Verdict> {
    let mut out = Vec::new();
    let unreported = |field: &str| unreported(note, field);
    let moves: Option<BTreeSet<&str>> = obs.legal_moves.as_ref().map(|m| m.iter().map(String::as_str).collect());
    for m in e.legal.iter().flatten() {
        out.push(match &moves {
            None => unreported("legal_moves"),
            Some(set) if set.contains(m.as_str()) => Verdict::Pass,
            Some(_) => mismatch(format!("legal {m}"), "legal", "not among the legal moves"),
        });
    }
    for m in e.illegal.iter().flatten() {
        out.push(match &moves {
            None => unreported("legal_moves"),
            Some(set) if !set.contains(m.as_str()) => Verdict::Pass,
            Some(_) => mismatch(format!("illegal {m}"), "illegal", "among the legal moves"),
        });
    }
    if let Some(all) = &e.legal_moves {
        out.push(compare_sets("legal_moves", all, obs.legal_moves.as_ref(), note));
    }
    let mut field = |name: &str, v: Option<Verdict>| {
        if let Some(v) = v {
            out.push(v);
        } else {
            out.push(unreported(name));
        }
    };
    if let Some(want) = e.in_check {
        field("in_check", obs.in_check.map(|got| compare("in_check", &want, &got)));
    }
    if let Some(want) = e.status {
        field("status", obs.status.map(|got| compare("status", &want, &got)));
    }
    if let Some(want) = e.result {
        field("result", obs.result.map(|got| compare("result", &want, &got)));
    }
    if let Some(want) = &e.claimable {
        let want: BTreeSet<_> = want.iter().collect();
        field(
            "claimable",
            obs.claimable.as_ref().map(|got| compare("claimable", &want, &got.iter().collect::<BTreeSet<_>>())),
        );
    }
    if let Some(want) = &e.fen {
        out.push(compare_fen(want, &obs.fen));
    }
    out
}

/// A skip for what the implementation cannot give, with its note (see [`Implementation::skip_note`]).
fn unable(note: Option<&str>, reason: String) -> Verdict {
    Verdict::Skip(match note {
        Some(note) => format!("{note}: {reason}"),
        None => reason,
    })
}

fn unreported(note: Option<&str>, field: &str) -> Verdict {
    unable(note, format!("the implementation does not report `{field}`"))
}

fn compare_sets(what: &str, expected: &[String], actual: Option<&Vec<String>>, note: Option<&str>) -> Verdict {
    let Some(actual) = actual else {
        return unreported(note, what);
    };
    let want: BTreeSet<&String> = expected.iter().collect();
    let got: BTreeSet<&String> = actual.iter().collect();
    if want == got {
        return Verdict::Pass;
    }
    let missing: Vec<&&String> = want.difference(&got).collect();
    let extra: Vec<&&String> = got.difference(&want).collect();
    mismatch(
        what,
        format!("{} moves; missing {missing:?}", want.len()),
        format!("{} moves; extra {extra:?}", got.len()),
    )
}

/// FIDE 9.2.3: the same position (side to move, pieces, castling rights, legal en passant),
/// plus the same halfmove clock (9.3).
fn compare_fen(expected: &str, actual: &str) -> Verdict {
    let (Ok(want), got) = (Position::from_fen(expected), Position::from_fen(actual)) else {
        return Verdict::Error(format!("the expected FEN {expected:?} does not parse"));
    };
    match got {
        Ok(got) if got.same_position(&want) && got.halfmoves() == want.halfmoves() => Verdict::Pass,
        Ok(_) => mismatch("fen", expected, actual),
        Err(e) => Verdict::Error(format!("the implementation's FEN {actual:?} does not parse: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combine_ranks_timeout_over_error_over_fail_over_skip() {
        let fail = || mismatch("x", "a", "b");
        assert_eq!(combine(vec![Verdict::Pass, Verdict::Skip("s".into())]).0, Outcome::Skip);
        assert_eq!(combine(vec![Verdict::Skip("s".into()), fail()]).0, Outcome::Fail);
        assert_eq!(combine(vec![fail(), Verdict::Error("e".into())]).0, Outcome::Error);
        assert_eq!(combine(vec![Verdict::Error("e".into()), Verdict::Timeout("t".into())]).0, Outcome::Timeout);
        assert_eq!(combine(vec![Verdict::Pass]).0, Outcome::Pass);
        assert_eq!(combine(vec![]).0, Outcome::Error, "a case that checked nothing never passes");
    }

    #[test]
    fn fen_comparison_is_by_position_9_2_3() {
        // The en passant square is part of the position only when a capture is legal (9.2.3.1).
        let with_ep = "4k3/8/8/4p3/8/8/8/4K3 w - e6 0 1";
        let without = "4k3/8/8/4p3/8/8/8/4K3 w - - 0 1";
        assert!(matches!(compare_fen(without, with_ep), Verdict::Pass));
        assert!(matches!(compare_fen(without, "4k3/8/8/4p3/8/8/8/4K3 b - - 0 1"), Verdict::Fail(_)));
        assert!(matches!(compare_fen(without, "4k3/8/8/4p3/8/8/8/4K3 w - - 7 1"), Verdict::Fail(_)));
        assert!(matches!(compare_fen(without, "not a fen"), Verdict::Error(_)));
    }

    #[test]
    fn spoken_umlauts_and_ascii_spelling_compare_equal_d_2_1() {
        assert_eq!(spell_out_umlauts("König Eva eins Eva zwei"), "Koenig Eva eins Eva zwei");
        assert_eq!(spell_out_umlauts("Läufer Felix eins Hector fünf"), "Laeufer Felix eins Hector fuenf");
        assert_ne!(spell_out_umlauts("Dame David eins"), spell_out_umlauts("Dame David zwei"));
    }
}
