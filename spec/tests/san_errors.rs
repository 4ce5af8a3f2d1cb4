//! The protocol's `parse_san` error kinds from the reference core: `illegal_move` for a text
//! that is notation (Appendix C) but names no legal move, `invalid_san` for a text that is not.

use arbiter_spec::implementation::Failure;
use arbiter_spec::protocol::{ErrorKind, PositionSpec};
use arbiter_spec::reference::Reference;

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
