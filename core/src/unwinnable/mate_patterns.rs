//! An exhaustive look at the checkmates a lone knight or bishop can give (FIDE 5.2.2).
//!
//! With no pawn on the board, material can only be captured, never gained: every later
//! position has a subset of today's pieces, and bishops keep their square colour. If `side`
//! has a king and a single knight or bishop, a checkmate of the opponent's king is given by
//! that piece, and the opponent's pieces that do not stand next to their king only hurt the
//! mate (they may capture or block; removing them never frees a flight square). So a mate
//! exists with the present material if and only if one exists with the opponent's pieces (a
//! subset of them) placed next to its king; with at most three such pieces, all those
//! placements are enumerated and tested. None is checkmate: `side` cannot mate, ever
//! (K+N v K, K+N v K+Q, K+N v K+3Q, K+B v K+B of the same colour, ...).

use crate::attacks::{attacks, king_attacks};
use crate::{Bitboard, Color, Piece, Position, Role, Square};

/// At most this many opponent pieces are placed around the king (three take about 2 ms, once
/// per material in a search).
const MAX_BLOCKERS: usize = 3;

/// FIDE 5.2.2: `side` has a king and one knight or bishop, there are no pawns, the opponent
/// has at most [`MAX_BLOCKERS`] pieces besides the king, and no placement of them gives a
/// checkmate by `side`.
pub(super) fn no_mate_with_lone_minor(pos: &Position, side: Color) -> bool {
    if pos.by_role(Role::Pawn).any() {
        return false;
    }
    let kings = pos.by_role(Role::King);
    let Some(minor_sq) = (pos.by_color(side) & !kings).single() else {
        return false;
    };
    let Some(minor) = pos.role_at(minor_sq).filter(|r| matches!(r, Role::Knight | Role::Bishop)) else {
        return false;
    };
    let blockers: Vec<(Role, Square)> =
        (pos.by_color(!side) & !kings).into_iter().filter_map(|sq| Some((pos.role_at(sq)?, sq))).collect();
    if blockers.len() > MAX_BLOCKERS {
        return false;
    }
    let patterns = Patterns { side, minor, minor_colour: colour_class(minor, minor_sq), blockers };
    !patterns.any_mate()
}

/// The squares a piece can ever stand on: a bishop's colour, or the whole board.
fn colour_class(role: Role, sq: Square) -> Bitboard {
    match role {
        Role::Bishop if sq.is_light() => Bitboard::LIGHT_SQUARES,
        Role::Bishop => Bitboard::DARK_SQUARES,
        _ => Bitboard::FULL,
    }
}

struct Patterns {
    side: Color,
    minor: Role,
    minor_colour: Bitboard,
    /// The opponent's pieces (role, present square: for a bishop's colour).
    blockers: Vec<(Role, Square)>,
}

impl Patterns {
    fn any_mate(&self) -> bool {
        Square::all().any(|king| self.any_mate_of(king))
    }

    /// A mate of the opponent's king on `king`: the minor checks from `checker`, `side`'s king
    /// stands on `own` (not adjacent), the flights not covered are filled with blockers.
    fn any_mate_of(&self, king: Square) -> bool {
        let flights = king_attacks(king);
        let checkers = attacks(!self.side, self.minor, king, Bitboard::EMPTY) & self.minor_colour;
        for checker in checkers {
            // Unless the blockers alone can fill the flights the minor leaves open, `side`'s
            // king must cover one of them: it stands two squares from the mated king.
            let open_by_minor = flights & !attacks(self.side, self.minor, checker, Bitboard::EMPTY);
            let own_squares = if open_by_minor.count() as usize <= self.blockers.len() {
                Bitboard::FULL
            } else {
                open_by_minor.into_iter().fold(Bitboard::EMPTY, |acc, sq| acc | king_attacks(sq))
            };
            for own in own_squares {
                if own == checker || (king_attacks(king).with(king)).contains(own) {
                    continue;
                }
                // An upper bound of the covered squares: the fewest obstacles, and the
                // mated king itself transparent (it cannot step back along the check).
                let covered = attacks(self.side, self.minor, checker, Bitboard::from_square(own)) | king_attacks(own);
                let open = flights & !covered;
                if open.count() as usize > self.blockers.len() {
                    continue;
                }
                let free = flights.without(checker).without(own);
                if self.place(king, checker, own, free, open, 0, &mut Vec::new()) {
                    return true;
                }
            }
        }
        false
    }

    /// Places blockers `next..` on the squares `free` (or leaves them out), so that every
    /// square of `open` is filled, and tests each placement.
    #[allow(clippy::too_many_arguments)]
    fn place(
        &self,
        king: Square,
        checker: Square,
        own: Square,
        free: Bitboard,
        open: Bitboard,
        next: usize,
        placed: &mut Vec<(Role, Square)>,
    ) -> bool {
        if next == self.blockers.len() {
            let filled: Bitboard = placed.iter().map(|&(_, sq)| sq).collect();
            return (open & !filled).is_empty() && self.is_mate(king, checker, own, placed);
        }
        if self.place(king, checker, own, free, open, next + 1, placed) {
            return true;
        }
        let (role, home) = self.blockers[next];
        for sq in free & colour_class(role, home) {
            placed.push((role, sq));
            let found = self.place(king, checker, own, free.without(sq), open, next + 1, placed);
            placed.pop();
            if found {
                return true;
            }
        }
        false
    }

    /// Whether the placement is a legal position (the opponent to move, `side`'s king not
    /// attacked) in which the opponent is checkmated (FIDE 5.1.1).
    fn is_mate(&self, king: Square, checker: Square, own: Square, placed: &[(Role, Square)]) -> bool {
        let loser = !self.side;
        let mut pos = Position::empty();
        pos.put(Piece::new(loser, Role::King), king);
        pos.put(Piece::new(self.side, Role::King), own);
        pos.put(Piece::new(self.side, self.minor), checker);
        for &(role, sq) in placed {
            if role == Role::Pawn || role == Role::King {
                return false;
            }
            pos.put(Piece::new(loser, role), sq);
        }
        pos.turn = loser;
        if pos.is_attacked_by(loser, own, pos.occupied()) {
            return false;
        }
        pos.is_checkmate()
    }
}
