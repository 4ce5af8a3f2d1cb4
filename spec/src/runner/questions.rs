//! The questions a case's expectations ask, defined once per operation: which expectations an
//! operation answers, the request each makes, and how its answer is judged. The runner loops
//! over [`OPERATIONS`]; a new operation is one entry here (and its expectation in
//! [`Expect`], its request and answer in the protocol).

use std::collections::{BTreeMap, BTreeSet};

use arbiter_core::{CastlingMode, Position};

use super::verdict::{compare, compare_sets, failed, mismatch, reported, show, take, unreported, with_moves, Verdict};
use super::RunOptions;
use crate::answer_check;
use crate::case::{Case, Expect, Rejection, SanReading};
use crate::implementation::{Answer, Failure};
use crate::protocol::{
    ClaimAnswer, ErrorBody, ErrorKind, EventOutcome, FlagAnswer, Observation, Op, ParseSanAnswer, PerftAnswer,
    PositionSpec, Reply, SanAnswer, ScoresheetAnswer, SealedAnswer, SpokenAnswer,
};

/// How an answer is judged: the verdicts it gives, with the implementation's skip note.
pub(crate) type Judge<'a> = Box<dyn FnOnce(Answer<Reply>, Option<&str>) -> Vec<Verdict> + 'a>;

/// One request a case makes, and its judge.
pub(crate) struct Question<'a> {
    pub op: Op,
    pub judge: Judge<'a>,
}

/// What an expectation gives before anything is asked: a question, or a skip (a perft over
/// `--max-nodes`).
pub(crate) enum Asked<'a> {
    Question(Question<'a>),
    Skip(String),
}

/// An operation's part of the runner.
pub(crate) struct Operation {
    /// Its name in the protocol (and in `hello`'s `ops`).
    pub name: &'static str,
    /// The questions a case with these expectations asks it about the position.
    pub questions: for<'a> fn(&'a Case, &'a Expect, &PositionSpec, &RunOptions) -> Vec<Asked<'a>>,
}

/// Every operation a case can ask, in the order the runner asks them.
pub(crate) const OPERATIONS: &[Operation] = &[
    Operation { name: "observe", questions: observe },
    Operation { name: "perft", questions: perft },
    Operation { name: "san", questions: san },
    Operation { name: "parse_san", questions: parse_san },
    Operation { name: "claim", questions: claim },
    Operation { name: "flag", questions: flag },
    Operation { name: "events", questions: events },
    Operation { name: "spoken", questions: spoken },
    Operation { name: "sealed", questions: sealed },
    Operation { name: "scoresheet", questions: scoresheet },
];

fn ask<'a>(op: Op, judge: impl FnOnce(Answer<Reply>, Option<&str>) -> Vec<Verdict> + 'a) -> Asked<'a> {
    Asked::Question(Question { op, judge: Box::new(judge) })
}

/// A question whose answer, of type `T`, gives one verdict.
fn ask_one<'a, T: TryFrom<Reply, Error = Reply>>(
    op: Op,
    what: String,
    judge: impl FnOnce(T) -> Verdict + 'a,
) -> Asked<'a> {
    ask(op, move |answer, note| vec![take::<T>(&what, answer, note).map_or_else(|v| v, judge)])
}

/// `observe`: the legal moves, check, the game's state, what may be claimed, the FEN, or the
/// refusal of the position (FIDE 3, 5, 9, 3.10.3).
fn observe<'a>(_: &'a Case, expect: &'a Expect, position: &PositionSpec, _: &RunOptions) -> Vec<Asked<'a>> {
    if !expect.needs_observe() {
        return Vec::new();
    }
    let mode = CastlingMode::from_chess960(position.chess960);
    vec![ask(Op::Observe { position: position.clone() }, move |answer, note| {
        if let Ok(Reply::Observe(obs)) = &answer {
            if let Err(problem) = answer_check::observation(obs) {
                return vec![Verdict::Error(format!("observe: {problem}"))];
            }
        }
        if let Some(rejection) = &expect.rejected {
            return vec![match answer {
                Err(Failure::Answered(body)) if body.kind != ErrorKind::Unsupported => {
                    rejection_verdict(rejection, &body)
                }
                answer => match take::<Observation>("observe", answer, note) {
                    Ok(obs) => mismatch("rejected", rejection.kind.name(), format!("accepted; position {}", obs.fen)),
                    Err(v) => v,
                },
            }];
        }
        match take::<Observation>("observe", answer, note) {
            Ok(obs) => observation_verdicts(&obs, expect, mode, note),
            Err(v) => vec![v],
        }
    })]
}

fn rejection_verdict(rejection: &Rejection, body: &ErrorBody) -> Verdict {
    if body.kind != rejection.kind {
        return mismatch("rejected", rejection.kind.name(), body.to_string());
    }
    match (&rejection.detail, &body.detail) {
        (Some(want), Some(got)) if want != got => mismatch("rejected detail", want.clone(), got.clone()),
        _ => Verdict::Pass,
    }
}

/// The verdicts on an observation; a field the implementation did not report is skipped.
fn observation_verdicts(obs: &Observation, e: &Expect, mode: CastlingMode, note: Option<&str>) -> Vec<Verdict> {
    let mut out = Vec::new();
    let moves: Option<BTreeSet<&str>> = obs.legal_moves.as_ref().map(|m| m.iter().map(String::as_str).collect());
    for m in e.legal.iter().flatten() {
        out.push(match &moves {
            None => unreported(note, "legal_moves"),
            Some(set) if set.contains(m.as_str()) => Verdict::Pass,
            Some(_) => with_moves(
                mismatch(format!("legal {m}"), "legal", "not among the legal moves"),
                vec![m.clone()],
                vec![],
            ),
        });
    }
    for m in e.illegal.iter().flatten() {
        out.push(match &moves {
            None => unreported(note, "legal_moves"),
            Some(set) if !set.contains(m.as_str()) => Verdict::Pass,
            Some(_) => with_moves(
                mismatch(format!("illegal {m}"), "illegal", "among the legal moves"),
                vec![],
                vec![m.clone()],
            ),
        });
    }
    if let Some(all) = &e.legal_moves {
        out.push(compare_sets("legal_moves", all, obs.legal_moves.as_ref(), note));
    }
    let mut field = |name: &str, v: Option<Verdict>| out.push(v.unwrap_or_else(|| unreported(note, name)));
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
        out.push(compare_fen(mode, want, &obs.fen));
    }
    out
}

/// FIDE 9.2.3: the same position (side to move, pieces, castling rights, legal en passant),
/// plus the same halfmove clock (9.3), both FENs read in the case's castling mode.
pub(crate) fn compare_fen(mode: CastlingMode, expected: &str, actual: &str) -> Verdict {
    let (Ok(want), got) = (Position::from_fen_in(expected, mode), Position::from_fen_in(actual, mode)) else {
        return Verdict::Error(format!("the expected FEN {expected:?} does not parse"));
    };
    match got {
        Ok(got) if got.same_position(&want) && got.halfmoves() == want.halfmoves() => Verdict::Pass,
        Ok(_) => mismatch("fen", expected, actual),
        Err(e) => Verdict::Error(format!("the implementation's FEN {actual:?} does not parse: {e}")),
    }
}

/// `perft`: leaf counts by depth (FIDE 3: every legal move); over `--max-nodes` skipped.
fn perft<'a>(_: &'a Case, expect: &'a Expect, position: &PositionSpec, options: &RunOptions) -> Vec<Asked<'a>> {
    let counts = expect.perft.iter().flatten();
    counts
        .map(|(&depth, &nodes)| {
            if options.max_nodes.is_some_and(|max| nodes > max) {
                return Asked::Skip(format!("perft {depth}: {nodes} nodes is over the run's node limit"));
            }
            let what = format!("perft {depth}");
            ask_one(Op::Perft { position: position.clone(), depth }, what.clone(), move |answer: PerftAnswer| {
                match answer_check::perft(&answer) {
                    Err(problem) if depth > 0 => Verdict::Error(format!("{what}: {problem}")),
                    _ => compare(&what, &nodes, &answer.nodes),
                }
            })
        })
        .collect()
}

/// `san`: a move written in SAN (Appendix C).
fn san<'a>(_: &'a Case, expect: &'a Expect, position: &PositionSpec, _: &RunOptions) -> Vec<Asked<'a>> {
    let moves = expect.san.iter().flatten();
    moves
        .map(|(mv, text)| {
            let what = format!("san of {mv}");
            let op = Op::San { position: position.clone(), mv: mv.clone() };
            ask_one(op, what.clone(), move |a: SanAnswer| compare(&what, text, &a.san))
        })
        .collect()
}

/// `parse_san`: a SAN text read to a move, or refused with the error kind the case names.
fn parse_san<'a>(_: &'a Case, expect: &'a Expect, position: &PositionSpec, _: &RunOptions) -> Vec<Asked<'a>> {
    let readings = expect.parse_san.iter().flatten();
    readings
        .map(|(text, reading)| {
            let what = format!("parse_san {text:?}");
            let op = Op::ParseSan { position: position.clone(), san: text.clone() };
            ask(op, move |answer, note| {
                vec![match (reading, answer) {
                    (SanReading::Error { error }, Err(Failure::Answered(body)))
                        if body.kind != ErrorKind::Unsupported =>
                    {
                        // Refused without a reason: right wherever a refusal is; and a case that
                        // asks only for a refusal takes any reason (see ErrorKind::Refused).
                        if body.kind == ErrorKind::Refused || *error == ErrorKind::Refused {
                            Verdict::Pass
                        } else {
                            compare(&what, error, &body.kind)
                        }
                    }
                    (reading, answer) => match (reading, take::<ParseSanAnswer>(&what, answer, note)) {
                        (SanReading::Move(mv), Ok(actual)) => {
                            with_moves(compare(&what, mv, &actual.mv), vec![mv.clone()], vec![actual.mv])
                        }
                        (SanReading::Error { error }, Ok(actual)) => {
                            let moves = vec![actual.mv.clone()];
                            with_moves(mismatch(&what, format!("error {error}"), actual.mv), vec![], moves)
                        }
                        (_, Err(v)) => v,
                    },
                }]
            })
        })
        .collect()
}

/// `claim`: whether a draw claim (FIDE 9.2, 9.3), with its intended move, is correct.
fn claim<'a>(_: &'a Case, expect: &'a Expect, position: &PositionSpec, _: &RunOptions) -> Vec<Asked<'a>> {
    let claims = expect.claim.iter().flatten();
    claims
        .map(|c| {
            let what = format!("claim {} with move {}", show(&c.claim), show(&c.mv));
            let op = Op::Claim { position: position.clone(), claim: c.claim, mv: c.mv.clone() };
            ask_one(op, what.clone(), move |a: ClaimAnswer| compare(&what, &c.valid, &a.valid))
        })
        .collect()
}

/// `flag`: the result when a side's flag falls (FIDE 6.9).
fn flag<'a>(_: &'a Case, expect: &'a Expect, position: &PositionSpec, _: &RunOptions) -> Vec<Asked<'a>> {
    let flags = expect.flag.iter().flatten();
    flags
        .map(|f| {
            let what = format!("flag {}", show(&f.flagged));
            let op = Op::Flag { position: position.clone(), flagged: f.flagged };
            ask_one(op, what.clone(), move |a: FlagAnswer| compare(&what, &f.result, &a.result))
        })
        .collect()
}

/// `events`: the arbiter's outcome of the case's events (FIDE 4, 6, 7, 9, A, B, III); the
/// fields the case names, each skipped when the implementation does not report it.
fn events<'a>(case: &'a Case, expect: &'a Expect, position: &PositionSpec, _: &RunOptions) -> Vec<Asked<'a>> {
    let Some(expected) = &expect.events else { return Vec::new() };
    let op = Op::Events {
        position: position.clone(),
        events: case.events.clone(),
        time_control: case.time_control.clone(),
        supervision: case.supervision,
    };
    vec![ask(op, move |answer, note| match take::<EventOutcome>("events", answer, note) {
        Ok(actual) => event_verdicts(expected, &actual, note),
        Err(v) => vec![v],
    })]
}

fn event_verdicts(expected: &EventOutcome, actual: &EventOutcome, note: Option<&str>) -> Vec<Verdict> {
    let mut out = vec![reported("events: result", &expected.result, &actual.result, note)];
    if let Some(allowed) = &expected.allowed_moves {
        out.push(Some(compare_sets("events: allowed_moves", allowed, actual.allowed_moves.as_ref(), note)));
    }
    out.extend([
        reported("events: time_added", &expected.time_added, &actual.time_added, note),
        reported("events: annulled", &expected.annulled, &actual.annulled, note),
        reported("events: category", &expected.category, &actual.category, note),
        reported("events: must_record", &expected.must_record, &actual.must_record, note),
        reported("events: clock", &expected.clock, &actual.clock, note),
        reported("events: draw_offer", &expected.draw_offer, &actual.draw_offer, note),
    ]);
    out.into_iter().flatten().collect()
}

/// `spoken`: FIDE D.2.1, compared with umlauts spelled out (`ö` as `oe`), so either spelling
/// passes.
fn spoken<'a>(_: &'a Case, expect: &'a Expect, position: &PositionSpec, _: &RunOptions) -> Vec<Asked<'a>> {
    let moves = expect.spoken.iter().flatten();
    moves
        .map(|(mv, text)| {
            let what = format!("spoken {mv}");
            let op = Op::Spoken { position: position.clone(), mv: mv.clone() };
            ask_one(op, what.clone(), move |a: SpokenAnswer| {
                if spell_out_umlauts(text) == spell_out_umlauts(&a.spoken) {
                    Verdict::Pass
                } else {
                    mismatch(&what, text.clone(), a.spoken)
                }
            })
        })
        .collect()
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

/// `sealed`: the verdict on a sealed move (Guidelines I.8).
fn sealed<'a>(_: &'a Case, expect: &'a Expect, position: &PositionSpec, _: &RunOptions) -> Vec<Asked<'a>> {
    let sealed: &'a BTreeMap<_, _> = match &expect.sealed {
        Some(s) => s,
        None => return Vec::new(),
    };
    sealed
        .iter()
        .map(|(text, verdict)| {
            let what = format!("sealed {text:?}");
            let op = Op::Sealed { position: position.clone(), text: text.clone() };
            ask_one(op, what.clone(), move |a: SealedAnswer| compare(&what, verdict, &a.verdict))
        })
        .collect()
}

/// `scoresheet`: a scoresheet read from the position, its moves and draw offers (FIDE C.12).
fn scoresheet<'a>(_: &'a Case, expect: &'a Expect, position: &PositionSpec, _: &RunOptions) -> Vec<Asked<'a>> {
    let sheets = expect.scoresheet.iter().flatten();
    sheets
        .map(|sheet| {
            let what = format!("scoresheet {:?}", sheet.text);
            let op = Op::Scoresheet { position: position.clone(), text: sheet.text.clone() };
            ask(op, move |answer, note| match take::<ScoresheetAnswer>(&what, answer, note) {
                Ok(actual) => {
                    let mut out = Vec::new();
                    if let Some(moves) = &sheet.moves {
                        out.push(compare(&format!("{what}: moves"), moves, &actual.moves));
                    }
                    out.push(compare(&format!("{what}: draw_offers"), &sheet.draw_offers, &actual.draw_offers));
                    out
                }
                Err(v) => vec![v],
            })
        })
        .collect()
}

/// The verdict when reading the case's PGN move `san` failed.
pub(crate) fn pgn_move_failed(san: &str, failure: Failure, note: Option<&str>) -> Verdict {
    failed(&format!("reading the PGN move {san}"), failure, note)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_comparison_is_by_position_9_2_3() {
        // The en passant square is part of the position only when a capture is legal (9.2.3.1).
        let with_ep = "4k3/8/8/4p3/8/8/8/4K3 w - e6 0 1";
        let without = "4k3/8/8/4p3/8/8/8/4K3 w - - 0 1";
        assert!(matches!(compare_fen(CastlingMode::Standard, without, with_ep), Verdict::Pass));
        assert!(matches!(
            compare_fen(CastlingMode::Standard, without, "4k3/8/8/4p3/8/8/8/4K3 b - - 0 1"),
            Verdict::Fail(_)
        ));
        assert!(matches!(
            compare_fen(CastlingMode::Standard, without, "4k3/8/8/4p3/8/8/8/4K3 w - - 7 1"),
            Verdict::Fail(_)
        ));
        assert!(matches!(compare_fen(CastlingMode::Standard, without, "not a fen"), Verdict::Error(_)));
    }

    #[test]
    fn spoken_umlauts_and_ascii_spelling_compare_equal_d_2_1() {
        assert_eq!(spell_out_umlauts("König Eva eins Eva zwei"), "Koenig Eva eins Eva zwei");
        assert_eq!(spell_out_umlauts("Läufer Felix eins Hector fünf"), "Laeufer Felix eins Hector fuenf");
        assert_ne!(spell_out_umlauts("Dame David eins"), spell_out_umlauts("Dame David zwei"));
    }

    #[test]
    fn every_operation_a_case_asks_is_a_protocol_operation_once() {
        let names: Vec<&str> = OPERATIONS.iter().map(|o| o.name).collect();
        let unique: BTreeSet<&str> = names.iter().copied().collect();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        for name in &names {
            assert!(Op::NAMES.contains(name), "{name} is not a protocol operation");
        }
        let asked: BTreeSet<&str> = Op::NAMES.iter().copied().filter(|n| !matches!(*n, "hello" | "quit")).collect();
        assert_eq!(asked, unique, "every operation but hello and quit is asked by some expectation");
    }
}
