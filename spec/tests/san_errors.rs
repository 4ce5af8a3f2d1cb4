//! The protocol's `parse_san` error kinds from the reference core: `illegal_move` for a text
//! that is notation (Appendix C) but names no legal move, `invalid_san` for a text that is not;
//! and how the runner judges `refused`, the answer that gives no reason.

use std::path::Path;

use arbiter_spec::corpus;
use arbiter_spec::implementation::{Answer, Failure, Implementation};
use arbiter_spec::outcome::Outcome;
use arbiter_spec::profile;
use arbiter_spec::protocol::{ErrorBody, ErrorKind, Hello, Op, PositionSpec, Reply};
use arbiter_spec::reference::Reference;
use arbiter_spec::runner::{run_case, Declared, RunOptions};

fn parse_san_error(fen: &str, san: &str) -> ErrorKind {
    let spec = PositionSpec { fen: fen.to_owned(), moves: Vec::new(), chess960: false };
    match Reference::default().parse_san(&spec, san) {
        Err(Failure::Answered(body)) => body.kind,
        other => panic!("{san} in {fen}: {other:?}"),
    }
}

#[test]
fn c8_pawn_advance_only_a_capture_reaches_is_illegal_move_c9_3() {
    // After 1. e4 d5 2. e5 f5, only exf6 e.p. reaches f6; `f6` names a pawn advance (C.8).
    let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    assert_eq!(parse_san_error(fen, "f6"), ErrorKind::IllegalMove);
    assert_eq!(parse_san_error("4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1", "e5"), ErrorKind::IllegalMove);
    // A capture sign without the departure file is no form of Appendix C.
    assert_eq!(parse_san_error(fen, "xf6"), ErrorKind::InvalidSan);
}

/// An implementation that refuses every `parse_san` text, and every other request it cannot
/// answer, without saying why.
struct RefusesWithoutReason(Reference);

impl Implementation for RefusesWithoutReason {
    fn hello(&mut self) -> Answer<Hello> {
        self.0.hello()
    }
    fn answer(&mut self, op: &Op) -> Answer<Reply> {
        if matches!(op, Op::ParseSan { .. }) {
            return Err(Failure::Answered(ErrorBody::new(ErrorKind::Refused, "not accepted")));
        }
        self.0.answer(op).map_err(|failure| match failure {
            Failure::Answered(body) if body.kind != ErrorKind::Unsupported => {
                Failure::Answered(ErrorBody::new(ErrorKind::Refused, "not accepted"))
            }
            other => other,
        })
    }
}

/// The outcome of one `parse_san` case against `imp`.
fn outcome(imp: &mut dyn Implementation, parse_san: &str) -> Outcome {
    let yaml = format!(
        "cases:\n  - id: c\n    refs: [\"C.10\"]\n    description: d\n    \
         fen: 4k3/8/8/8/8/8/8/N3K2N w - - 0 1\n    expect:\n      parse_san: {{{parse_san}}}\n"
    );
    let cases = corpus::parse_file(Path::new("c.yaml"), &yaml).expect("the case loads");
    let declared = Declared::ask(imp).expect("hello");
    let options = RunOptions::new(profile::find(profile::DEFAULT_PROFILE).expect("the default profile"));
    run_case(imp, &declared, &cases[0], &options).outcome
}

/// FIDE C.10 says an ambiguous move is not accepted, not how a program must say so: `refused`
/// passes every case that expects a refusal, whatever its kind, and still fails a program that
/// refuses a move the text names. A case may ask only for a refusal (`error: refused`).
#[test]
fn c10_refused_without_a_reason_is_a_correct_refusal_and_a_wrong_reading() {
    let mut refuses = RefusesWithoutReason(Reference::default());
    // Knights on a1 and h1: none reaches f5; Nb3 is a1-b3.
    assert_eq!(outcome(&mut refuses, "Nf5: {error: illegal_move}"), Outcome::Pass);
    assert_eq!(outcome(&mut refuses, "Zz9: {error: invalid_san}"), Outcome::Pass);
    assert_eq!(outcome(&mut refuses, "Nb3: a1b3"), Outcome::Fail, "Nb3 names the move a1b3");
    // Asking for any refusal: the reference's own kinds pass it.
    let mut reference = Reference::default();
    assert_eq!(outcome(&mut reference, "Nb3: a1b3"), Outcome::Pass);
    assert_eq!(outcome(&mut reference, "Nf5: {error: refused}"), Outcome::Pass);
    assert_eq!(outcome(&mut reference, "Nb3: {error: refused}"), Outcome::Fail);
}
