//! Touch-move (FIDE 4.3 to 4.5, 9.4): the moves allowed after touching pieces in order.
//! Expected move sets are written from the Laws text and the positions, by hand.

use std::collections::BTreeSet;

use arbiter_core::arbiter::{allowed_moves, TouchRule};
use arbiter_core::{Position, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("test FEN is valid")
}

fn sq(name: &str) -> Square {
    name.parse().expect("test square is valid")
}

/// The allowed moves as UCI texts (castling as king takes rook, `e1h1`).
fn allowed(p: &Position, touched: &[&str]) -> (TouchRule, BTreeSet<String>) {
    let squares: Vec<Square> = touched.iter().map(|s| sq(s)).collect();
    let verdict = allowed_moves(p, &squares);
    (verdict.rule, verdict.allowed.iter().map(|m| m.to_uci(true)).collect())
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|s| s.to_string()).collect()
}

#[test]
fn touch_4_3_1_own_piece_must_be_moved_2018_2023() {
    let (rule, moves) = allowed(&Position::startpos(), &["g1"]);
    assert_eq!(rule, TouchRule::MoveFirstOwn);
    assert_eq!(moves, set(&["g1f3", "g1h3"]));
}

#[test]
fn touch_4_3_1_first_touched_that_can_be_moved_2018_2023() {
    // The rook on a1 cannot move; the knight touched next can.
    let (rule, moves) = allowed(&Position::startpos(), &["a1", "b1", "g1"]);
    assert_eq!(rule, TouchRule::MoveFirstOwn);
    assert_eq!(moves, set(&["b1a3", "b1c3"]));
}

#[test]
fn touch_4_3_2_opponent_piece_must_be_captured_2018_2023() {
    // White pawn e4, knight c3, black pawn d5: touching the d5 pawn obliges a capture of it,
    // by the e4 pawn or the c3 knight; no other move.
    let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 2");
    let (rule, moves) = allowed(&p, &["d5"]);
    assert_eq!(rule, TouchRule::CaptureFirstOpponent);
    assert_eq!(moves, set(&["e4d5", "c3d5"]));
}

#[test]
fn touch_4_3_2_any_capture_of_the_touched_piece_2018_2023() {
    // A black knight on d5 attacked by the e4 pawn and by the queen on d1 along the open d-file.
    let p = pos("rnbqkb1r/ppp1pppp/8/3n4/4P3/8/PPP2PPP/RNBQKBNR w KQkq - 0 4");
    let (_, moves) = allowed(&p, &["d5"]);
    assert_eq!(moves, set(&["e4d5", "d1d5"]));
}

#[test]
fn touch_4_3_3_capture_with_the_touched_own_piece_2018_2023() {
    let p = pos("rnbqkb1r/ppp1pppp/8/3n4/4P3/8/PPP2PPP/RNBQKBNR w KQkq - 0 4");
    let (rule, moves) = allowed(&p, &["d1", "d5"]);
    assert_eq!(rule, TouchRule::CaptureWithOwn);
    assert_eq!(moves, set(&["d1d5"]));
}

#[test]
fn touch_4_3_3_capture_illegal_then_first_touched_2018_2023() {
    // The g1 knight cannot take on d5: the first touched piece that can move (the knight) must.
    let p = pos("rnbqkb1r/ppp1pppp/8/3n4/4P3/8/PPP2PPP/RNBQKBNR w KQkq - 0 4");
    let (rule, moves) = allowed(&p, &["g1", "d5"]);
    assert_eq!(rule, TouchRule::FirstMovableOrCapturable);
    assert_eq!(moves, set(&["g1f3", "g1h3", "g1e2"]));
    // Opponent's piece touched first: it must be captured (by any piece).
    let (_, moves) = allowed(&p, &["d5", "g1"]);
    assert_eq!(moves, set(&["e4d5", "d1d5"]));
}

#[test]
fn touch_4_4_1_king_then_rook_must_castle_2018_2023() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let (rule, moves) = allowed(&p, &["e1", "h1"]);
    assert_eq!(rule, TouchRule::Castle);
    assert_eq!(moves, set(&["e1h1"]));
    let (_, moves) = allowed(&p, &["e1", "a1"]);
    assert_eq!(moves, set(&["e1a1"]));
}

#[test]
fn touch_4_4_2_rook_then_king_no_castling_that_side_2018_2023() {
    // Rook first: 4.3.1 governs and the rook must move; castling on that side is not allowed.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let (rule, moves) = allowed(&p, &["h1", "e1"]);
    assert_eq!(rule, TouchRule::MoveFirstOwn);
    assert_eq!(moves, set(&["h1g1", "h1f1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8"]));
}

#[test]
fn touch_4_4_2_rook_cannot_move_then_king_without_that_castling_2018_2023() {
    // The a1 rook is boxed in by the a2 pawn and the b1 knight, so 4.3.1 passes to the king;
    // castling long is not legal anyway here (b1 occupied), and is not among the king's moves.
    let p = pos("4k3/8/8/8/8/8/P7/RN2K3 w Q - 0 1");
    let (_, moves) = allowed(&p, &["a1", "e1"]);
    assert!(!moves.contains("e1a1"), "{moves:?}");
    assert_eq!(moves, set(&["e1d1", "e1d2", "e1e2", "e1f2", "e1f1"]));
}

#[test]
fn touch_4_4_3_castling_illegal_other_king_move_2018_2023() {
    // The f-file is open to the black rook: castling short is illegal (f1 attacked); the king
    // must make another legal move, castling long included.
    let p = pos("1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let (rule, moves) = allowed(&p, &["e1", "h1"]);
    assert_eq!(rule, TouchRule::KingMoveInstead);
    assert_eq!(moves, set(&["e1a1", "e1d1", "e1d2", "e1e2"]));
}

#[test]
fn touch_4_4_3_king_cannot_move_any_move_2018_2023() {
    // King on e1 hemmed in by its own pieces, castling short blocked by the bishop on f1.
    let p = pos("4k3/8/8/8/8/8/3PPP2/3QKB1R w K - 0 1");
    let (rule, moves) = allowed(&p, &["e1", "h1"]);
    assert_eq!(rule, TouchRule::AnyMove);
    // Pawns d, e, f: 6; queen: c1 b1 a1 c2 b3 a4; bishop: g2 h3; rook: g1, h2-h8.
    assert_eq!(moves.len(), 22);
}

#[test]
fn touch_4_5_nothing_touched_can_move_any_move_2018_2023() {
    let (rule, moves) = allowed(&Position::startpos(), &["a1", "h8"]);
    assert_eq!(rule, TouchRule::AnyMove);
    assert_eq!(moves.len(), 20);
}

#[test]
fn touch_4_3_empty_square_is_not_a_touch_2018_2023() {
    let (rule, moves) = allowed(&Position::startpos(), &["e4"]);
    assert_eq!(rule, TouchRule::Untouched);
    assert_eq!(moves.len(), 20);
}

#[test]
fn touch_4_3_en_passant_captures_the_touched_pawn_2018_2023() {
    // 1. e4 a6 2. e5 d5: touching the d5 pawn obliges exd6 e.p. (the only capture of it).
    let p = pos("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    let (rule, moves) = allowed(&p, &["d5"]);
    assert_eq!(rule, TouchRule::CaptureFirstOpponent);
    assert_eq!(moves, set(&["e5d6"]));
}

#[test]
fn touch_4_4_3_king_then_rook_without_castling_right_2018_2023() {
    // No castling rights: castling with the rook h1 is illegal, and 4.4.3 names no reason, so
    // touching king then rook is 4.4.3 all the same. The king cannot move (hemmed in): any
    // legal move, not only the rook's (4.3.1 would pass to the rook).
    let p = pos("4k3/8/8/8/8/8/3PPP2/3QKB1R w - - 0 1");
    let (rule, moves) = allowed(&p, &["e1", "h1"]);
    assert_eq!(rule, TouchRule::AnyMove);
    assert_eq!(moves.len(), p.legal_moves().len());
    assert!(moves.contains("d2d4") && moves.contains("h1h8"));
    // With a king that can move, another king move (4.4.3), castling with the rook a1 included.
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1");
    let (rule, moves) = allowed(&p, &["e1", "h1"]);
    assert_eq!(rule, TouchRule::KingMoveInstead);
    assert_eq!(moves, set(&["e1a1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]));
    // 4.4.2: that rook first, then the king: no castling on its side (none is possible); the
    // rook, touched first, must move (4.3.1).
    let (rule, moves) = allowed(&p, &["h1", "e1"]);
    assert_eq!(rule, TouchRule::MoveFirstOwn);
    assert!(moves.iter().all(|m| m.starts_with("h1")), "{moves:?}");
}
