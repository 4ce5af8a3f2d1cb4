//! Which FIDE article a difference in move lists falls under.

use arbiter_core::attacks::{between, pawn_attacks};
use arbiter_core::{Bitboard, Color, Move, Position, Rank, Role, Square};

use super::double_step_target;

/// The kind of rule a missing or extra move is about, most specific first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Category {
    /// FIDE 3.9.2: a move that exposes or leaves the own king in check (pins, en passant
    /// discovered check, check evasion).
    PinOrCheck,
    /// FIDE 3.9.2 with 3.7.3.1: an en passant capture that exposes the own king (such as
    /// the two pawns leaving a rank open to a rook).
    EnPassantExposingKing,
    /// FIDE 3.7.3.1: en passant.
    EnPassant,
    /// FIDE 3.8.2.2: castling prevented for now (attacked squares, pieces between).
    CastlingPrevented,
    /// FIDE 3.8.2.1: castling right lost.
    CastlingRight,
    /// FIDE 3.8.2: castling itself.
    Castling,
    /// FIDE 3.7.3.3: promotion.
    Promotion,
    /// FIDE 3.7.2: the pawn double step.
    DoubleStep,
    /// Anything else: a legal move missing (3.10.1) or an illegal one listed (3.10.2).
    Other,
}

impl Category {
    /// The FIDE article (2023 numbering).
    pub fn article(self, missing: bool) -> &'static str {
        match self {
            Category::PinOrCheck | Category::EnPassantExposingKing => "3.9.2",
            Category::EnPassant => "3.7.3.1",
            Category::CastlingPrevented => "3.8.2.2",
            Category::CastlingRight => "3.8.2.1",
            Category::Castling => "3.8.2",
            Category::Promotion => "3.7.3.3",
            Category::DoubleStep => "3.7.2",
            Category::Other if missing => "3.10.1",
            Category::Other => "3.10.2",
        }
    }

    /// Every article the difference touches, the main one first.
    pub fn refs(self, missing: bool) -> Vec<&'static str> {
        match self {
            Category::EnPassantExposingKing => vec!["3.9.2", "3.7.3.1"],
            _ => vec![self.article(missing)],
        }
    }

    /// The category in words, as a finding names it (`pins / check`).
    pub fn name(self) -> &'static str {
        match self {
            Category::PinOrCheck => "pins / check",
            Category::EnPassantExposingKing => "en passant exposing the king",
            Category::EnPassant => "en passant",
            Category::CastlingPrevented | Category::CastlingRight | Category::Castling => "castling",
            Category::Promotion => "promotion",
            Category::DoubleStep => "pawn double step",
            Category::Other => "other",
        }
    }
}

/// The squares and promotion of a UCI move text, if it can be read.
fn squares(text: &str) -> Option<(Square, Square, Option<char>)> {
    let from = text.get(0..2)?.parse().ok()?;
    let to = text.get(2..4)?.parse().ok()?;
    Some((from, to, text.chars().nth(4)))
}

/// Classifies a legal move (per the core) that the other program does not list.
pub fn classify_missing(pos: &Position, text: &str) -> Category {
    let Ok(m) = pos.parse_uci(text) else { return Category::Other };
    if m.is_en_passant() {
        Category::EnPassant
    } else if m.is_castle() {
        Category::Castling
    } else if m.promotion_role().is_some() {
        Category::Promotion
    } else if double_step_target(pos.role_at(m.from()), m).is_some() {
        Category::DoubleStep
    } else if pos.is_check() || pos.pinned(pos.turn()).contains(m.from()) {
        Category::PinOrCheck
    } else {
        Category::Other
    }
}

/// Classifies a move the other program lists but the core finds illegal.
pub fn classify_extra(pos: &Position, text: &str) -> Category {
    let Some((from, to, promotion)) = squares(text) else { return Category::Other };
    let us = pos.turn();
    let Some(piece) = pos.piece_at(from).filter(|p| p.color == us) else { return Category::Other };
    let last_rank = Rank::EIGHTH.relative(us);
    match piece.role {
        Role::King if is_castling(pos, from, to) => classify_castling(pos, from, to),
        Role::Pawn if from.file() != to.file() && !pos.occupied().contains(to) => {
            let captured = Square::new(to.file(), from.rank());
            let beside = pos.pieces(!us, Role::Pawn).contains(captured) && pawn_attacks(us, from).contains(to);
            if beside && exposes_king(pos, from, to, Some(captured)) {
                Category::EnPassantExposingKing
            } else {
                Category::EnPassant
            }
        }
        Role::Pawn if promotion.is_some() || to.rank() == last_rank => Category::Promotion,
        Role::Pawn if double_step_target(Some(Role::Pawn), Move::normal(from, to)).is_some() => Category::DoubleStep,
        _ if promotion.is_some() => Category::Promotion,
        _ if exposes_king(pos, from, to, pos.occupied().contains(to).then_some(to)) => Category::PinOrCheck,
        _ => Category::Other,
    }
}

/// A king move two files along its back rank, or onto its own rook (Chess960 notation).
fn is_castling(pos: &Position, from: Square, to: Square) -> bool {
    let us = pos.turn();
    let back = Rank::back(us);
    from.rank() == back
        && to.rank() == back
        && (from.file().index().abs_diff(to.file().index()) == 2 || pos.pieces(us, Role::Rook).contains(to))
}

/// FIDE 3.8.2.1 (no right) or 3.8.2.2 (in check, an attacked square on the king's way, a
/// piece in between), else 3.8.2.
fn classify_castling(pos: &Position, from: Square, to: Square) -> Category {
    let us = pos.turn();
    let rights = pos.castling_rights();
    let side = if to.file() > from.file() {
        arbiter_core::CastlingSide::KingSide
    } else {
        arbiter_core::CastlingSide::QueenSide
    };
    let Some(rook) = rights.rook_square(us, side) else { return Category::CastlingRight };
    let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
    let lifted = pos.occupied().without(from).without(rook);
    let king_path = between(from, king_to).with(king_to).with(from);
    let blocked = (lifted & (king_path | between(rook, rook_to).with(rook_to))).any();
    let attacked = king_path.into_iter().any(|sq| pos.is_attacked_by(!us, sq, lifted));
    if blocked || attacked {
        Category::CastlingPrevented
    } else {
        Category::Castling
    }
}

/// Whether moving the piece on `from` to `to` (capturing on `captured`) leaves the mover's
/// king attacked (FIDE 3.9.2).
fn exposes_king(pos: &Position, from: Square, to: Square, captured: Option<Square>) -> bool {
    let us: Color = pos.turn();
    let mut occupied = pos.occupied().without(from).with(to);
    let mut theirs = pos.by_color(!us);
    if let Some(c) = captured {
        occupied = occupied.without(c).with(to);
        theirs = theirs.without(c);
    }
    let king = if pos.role_at(from) == Some(Role::King) { to } else { pos.king(us) };
    (pos.attackers_to(king, occupied) & theirs & !Bitboard::from_square(to)).any()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn en_passant_exposing_the_king_is_3_9_2() {
        // CPW perft position 3 after 1. e4: exd3 e.p. would open the h4 king to the b4 rook.
        let p = pos("8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - e3 0 1");
        assert_eq!(classify_extra(&p, "f4e3"), Category::EnPassantExposingKing);
        assert_eq!(Category::EnPassantExposingKing.refs(false), ["3.9.2", "3.7.3.1"]);
    }

    #[test]
    fn castling_through_an_attacked_square_is_3_8_2_2() {
        // The black bishop on c4 attacks f1, the square the white king crosses.
        let p = pos("4k3/8/8/8/2b5/8/8/4K2R w K - 0 1");
        assert_eq!(classify_extra(&p, "e1g1"), Category::CastlingPrevented);
    }

    #[test]
    fn missing_moves_3_7_2_3_7_3_1_3_7_3_3() {
        let p = pos("4k3/1P6/8/3pP3/8/8/2P5/4K3 w - d6 0 1");
        assert_eq!(classify_missing(&p, "c2c4"), Category::DoubleStep);
        assert_eq!(classify_missing(&p, "e5d6"), Category::EnPassant);
        assert_eq!(classify_missing(&p, "b7b8n"), Category::Promotion);
        assert_eq!(classify_missing(&p, "e1d1"), Category::Other);
    }

    #[test]
    fn pinned_piece_moving_off_its_line_is_3_9_2() {
        // The white knight on e2 is pinned by the rook on e8.
        let p = pos("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
        assert_eq!(classify_extra(&p, "e2c3"), Category::PinOrCheck);
    }
}
