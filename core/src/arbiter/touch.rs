//! Touch-move (FIDE 4.3 to 4.5): given the pieces the player having the move touched, in
//! order, with the intention of moving or capturing them, the moves the player may now make.
//!
//! Castling is a move of the king (3.8.2: "counting as a single move of the king"), so it
//! moves the king's piece. With several pieces of each colour touched, 4.3.3 is read as:
//! capture a touched opponent's piece with a touched own piece; if no such capture is legal,
//! move or capture the first touched piece that can be moved or captured. Article 4.4 is
//! applied to every own rook touched with the king, whether or not it still has its castling
//! right: 4.4.3 covers castling with the touched rook being illegal for any reason, a right
//! lost (3.8.2.1) as well as castling prevented for now (3.8.2.2), and touching the king and
//! then a rook is taken as the intention to castle the article names.

use serde::{Deserialize, Serialize};

use crate::{CastlingSide, Move, Position, Role, Square};

/// Which rule decided the moves allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TouchRule {
    /// Nothing touched: any legal move.
    Untouched,
    /// 4.3.1: move the first touched own piece that can be moved.
    MoveFirstOwn,
    /// 4.3.2: capture the first touched opponent's piece that can be captured.
    CaptureFirstOpponent,
    /// 4.3.3: capture the touched opponent's piece with the touched own piece.
    CaptureWithOwn,
    /// 4.3.3, when that capture is illegal: move or capture the first touched piece that can
    /// be moved or captured.
    FirstMovableOrCapturable,
    /// 4.4.1: king then rook touched: castle on that side.
    Castle,
    /// 4.4.3: castling intended but illegal: another legal king move.
    KingMoveInstead,
    /// 4.5 (and 4.4.3 when the king cannot move): none of the touched pieces can be moved
    /// or captured: any legal move.
    AnyMove,
}

impl TouchRule {
    /// The article of the rule.
    pub const fn article(self) -> &'static str {
        match self {
            TouchRule::Untouched | TouchRule::AnyMove => "4.5",
            TouchRule::MoveFirstOwn => "4.3.1",
            TouchRule::CaptureFirstOpponent => "4.3.2",
            TouchRule::CaptureWithOwn | TouchRule::FirstMovableOrCapturable => "4.3.3",
            TouchRule::Castle => "4.4.1",
            TouchRule::KingMoveInstead => "4.4.3",
        }
    }
}

/// The moves allowed after the touches, and the rule that allows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TouchVerdict {
    /// The rule that decided the allowed moves (FIDE 4.3-4.5).
    pub rule: TouchRule,
    /// The legal moves that rule allows.
    pub allowed: Vec<Move>,
}

impl TouchVerdict {
    /// Whether `m` is one of the allowed moves.
    pub fn allows(&self, m: Move) -> bool {
        self.allowed.contains(&m)
    }
}

/// FIDE 4.3-4.5: the moves the player to move in `pos` may make after touching the pieces on
/// `touched`, in that order (empty squares are ignored; a square touched twice counts once).
/// If it is unclear which was touched first, the caller lists the own piece first (4.3.3).
pub fn allowed_moves(pos: &Position, touched: &[Square]) -> TouchVerdict {
    let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let us = pos.turn();
    let mut order: Vec<Square> = Vec::new();
    for &sq in touched {
        if pos.piece_at(sq).is_some() && !order.contains(&sq) {
            order.push(sq);
        }
    }
    if order.is_empty() {
        return TouchVerdict { rule: TouchRule::Untouched, allowed: legal };
    }
    let own: Vec<Square> = order.iter().copied().filter(|&s| pos.color_at(s) == Some(us)).collect();
    let theirs: Vec<Square> = order.iter().copied().filter(|&s| pos.color_at(s) == Some(!us)).collect();

    // 4.4: the king and a rook were touched. The rook need not have its castling right: 4.4.3
    // ("castling with this rook is illegal") names no reason, so a rook that has moved is
    // covered too (4.4.1 then finds no castling with it).
    let king = pos.king(us);
    let castling_rook = own.iter().copied().find(|&s| s != king && pos.role_at(s) == Some(Role::Rook));
    let king_index = order.iter().position(|&s| s == king);
    let forbidden_side = match (king_index, castling_rook) {
        (Some(ki), Some(rook)) => {
            let ri = order.iter().position(|&s| s == rook).unwrap_or(usize::MAX);
            if ki < ri {
                return castle_verdict(&legal, king, rook);
            }
            // 4.4.2: rook first, then king: no castling on that side (a rook on the king's
            // file is on neither); 4.3.1 governs.
            (rook.file() != king.file()).then(|| CastlingSide::of(king.file(), rook.file()))
        }
        _ => None,
    };
    let legal: Vec<Move> = legal
        .into_iter()
        .filter(|m| forbidden_side.is_none() || !m.is_castle() || m.castling_side() != forbidden_side)
        .collect();

    if !own.is_empty() && !theirs.is_empty() {
        let captures: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| own.contains(&m.from()) && pos.captured(m).is_some_and(|c| theirs.contains(&c)))
            .collect();
        if !captures.is_empty() {
            return TouchVerdict { rule: TouchRule::CaptureWithOwn, allowed: captures };
        }
        return first_movable(pos, &legal, &order, TouchRule::FirstMovableOrCapturable);
    }
    let rule = if own.is_empty() { TouchRule::CaptureFirstOpponent } else { TouchRule::MoveFirstOwn };
    first_movable(pos, &legal, &order, rule)
}

/// 4.4.1 and 4.4.3: king then rook touched: castle with that rook if legal; else another
/// legal king move (castling with another rook included, since castling with this one is
/// illegal), or any legal move if the king has none.
fn castle_verdict(legal: &[Move], king: Square, rook: Square) -> TouchVerdict {
    let castle: Vec<Move> =
        legal.iter().copied().filter(|m| m.is_castle() && m.from() == king && m.to() == rook).collect();
    if !castle.is_empty() {
        return TouchVerdict { rule: TouchRule::Castle, allowed: castle };
    }
    let king_moves: Vec<Move> = legal.iter().copied().filter(|m| m.from() == king).collect();
    if king_moves.is_empty() {
        TouchVerdict { rule: TouchRule::AnyMove, allowed: legal.to_vec() }
    } else {
        TouchVerdict { rule: TouchRule::KingMoveInstead, allowed: king_moves }
    }
}

/// The moves of the first piece in `order` that can be moved (own piece) or captured
/// (opponent's piece); any legal move if none can (4.5).
fn first_movable(pos: &Position, legal: &[Move], order: &[Square], rule: TouchRule) -> TouchVerdict {
    let us = pos.turn();
    for &sq in order {
        let moves: Vec<Move> = if pos.color_at(sq) == Some(us) {
            legal.iter().copied().filter(|m| m.from() == sq).collect()
        } else {
            legal.iter().copied().filter(|&m| pos.captured(m) == Some(sq)).collect()
        };
        if !moves.is_empty() {
            return TouchVerdict { rule, allowed: moves };
        }
    }
    TouchVerdict { rule: TouchRule::AnyMove, allowed: legal.to_vec() }
}
