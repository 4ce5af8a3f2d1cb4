//! Permanently locked pawn structures and the regions the pieces can never leave (FIDE 5.2.2).
//!
//! A pawn is *frozen* when the square in front of it holds a frozen pawn (the greatest set
//! with that property: two pawns blocking each other head-on, and pawns stuck behind them). If
//! every pawn is frozen, no frozen pawn attacks an enemy pawn, no king can ever reach a square
//! from which to capture an unprotected enemy pawn, and no other piece can ever reach a square
//! attacked by an enemy pawn or attack an enemy pawn, then no pawn will ever move or be
//! captured: by induction, the first such event would need one of those. The pawns are then
//! walls, the regions below are exact upper bounds, and if none of `side`'s pieces can ever
//! attack a square of the losing king's region, `side` can never even give check.
//!
//! Pieces *entombed* behind their own frozen pawns (every square they could move to holds one
//! of their own frozen pawns or entombed pieces) are walls as well, provided that no enemy
//! piece or king can ever reach them.

use crate::attacks::{attacks, king_attacks, pawn_attacks};
use crate::{Bitboard, Color, Position, Role, Square};

/// The pawn structure, proven permanent.
struct Lock {
    /// Every pawn (all of them are frozen).
    pawns: Bitboard,
    /// The frozen pawns and the entombed pieces: squares nothing can ever enter.
    walls: Bitboard,
    /// The squares attacked by each colour's pawns.
    pawn_attacks: [Bitboard; 2],
}

/// FIDE 5.2.2: a proof that `side` can never give check (hence never mate) because the pawn
/// structure is locked for ever and walls in the pieces and the losing king; `false` when the
/// argument does not apply.
pub(super) fn locked_out(pos: &Position, side: Color) -> bool {
    let Some(lock) = Lock::of(pos) else {
        return false;
    };
    let loser_king = king_region(pos, &lock, !side);
    let kings_stay = Color::ALL.into_iter().all(|c| lock.king_cannot_capture(pos, c));
    if !kings_stay {
        return false;
    }
    let mut side_reach = Bitboard::EMPTY;
    for color in Color::ALL {
        for sq in pos.by_color(color) & !pos.by_role(Role::Pawn) & !pos.by_role(Role::King) {
            let Some(role) = pos.role_at(sq) else { continue };
            let Some(reach) = lock.piece_reach(pos, color, role, sq) else {
                return false;
            };
            if color == side {
                side_reach |= reach;
            }
        }
    }
    (side_reach & loser_king).is_empty()
}

/// The squares the king of `color` can ever stand on while the lock holds.
fn king_region(pos: &Position, lock: &Lock, color: Color) -> Bitboard {
    let open = !lock.walls & !lock.pawn_attacks[(!color).index()];
    flood(pos.king(color), open, king_attacks)
}

/// Every square reachable from `start` by steps `step`, through the squares `open`.
fn flood(start: Square, open: Bitboard, step: impl Fn(Square) -> Bitboard) -> Bitboard {
    let mut region = Bitboard::from_square(start);
    let mut frontier = region;
    while let Some(sq) = frontier.first() {
        frontier = frontier.without(sq);
        let new = step(sq) & open & !region;
        region |= new;
        frontier |= new;
    }
    region
}

impl Lock {
    /// The pawn structure if every pawn is frozen, no two enemy pawns attack each other and
    /// no en passant capture is possible now.
    fn of(pos: &Position) -> Option<Lock> {
        let pawns = pos.by_role(Role::Pawn);
        // FIDE 3.7.3.1: an en passant capture may be open even between blocked pawns.
        if pawns.is_empty() || pos.ep_square().is_some() || frozen(pos) != pawns {
            return None;
        }
        let mut by_color = [Bitboard::EMPTY; 2];
        for color in Color::ALL {
            for sq in pos.pieces(color, Role::Pawn) {
                by_color[color.index()] |= pawn_attacks(color, sq);
            }
        }
        let walls = pawns | entombed(pos);
        let lock = Lock { pawns, walls, pawn_attacks: by_color };
        let pawn_takes_pawn =
            Color::ALL.into_iter().any(|c| (lock.pawn_attacks[c.index()] & pos.pieces(!c, Role::Pawn)).any());
        (!pawn_takes_pawn).then_some(lock)
    }

    /// No king of `color` can ever reach an enemy pawn that no enemy pawn protects, and the
    /// king is not now in check from a pawn.
    fn king_cannot_capture(&self, pos: &Position, color: Color) -> bool {
        let king = pos.king(color);
        if self.pawn_attacks[(!color).index()].contains(king) {
            return false;
        }
        let region = king_region(pos, self, color);
        let touched = region.into_iter().fold(Bitboard::EMPTY, |acc, sq| acc | king_attacks(sq));
        let unprotected = pos.pieces(!color, Role::Pawn) & !self.pawn_attacks[(!color).index()];
        let entombed = self.walls & pos.by_color(!color) & !self.pawns;
        (touched & (unprotected | entombed)).is_empty()
    }

    /// Every square a `color` `role` on `start` can ever attack, with the pawns as its only
    /// obstacles; `None` if it could ever capture an enemy pawn or stand where one could
    /// capture it.
    fn piece_reach(&self, pos: &Position, color: Color, role: Role, start: Square) -> Option<Bitboard> {
        let step = |sq: Square| attacks(color, role, sq, self.walls);
        let region = flood(start, !self.walls, step);
        let attacked = region.into_iter().fold(Bitboard::EMPTY, |acc, sq| acc | step(sq));
        let captures_pawn = (attacked & self.walls & pos.by_color(!color)).any();
        let capturable = (region & self.pawn_attacks[(!color).index()]).any();
        (!captures_pawn && !capturable).then_some(attacked)
    }
}

/// The entombed pieces: the greatest set of pieces (kings aside) every move of which would
/// land on a frozen pawn or an entombed piece of their own colour (FIDE 3.1: no piece moves
/// to a square occupied by a piece of its own colour). Every pawn must be frozen.
fn entombed(pos: &Position) -> Bitboard {
    let pawns = pos.by_role(Role::Pawn);
    let mut set = pos.occupied() & !pawns & !pos.by_role(Role::King);
    loop {
        let walls = pawns | set;
        let stuck = set
            .into_iter()
            .filter(|&sq| {
                let (Some(color), Some(role)) = (pos.color_at(sq), pos.role_at(sq)) else { return false };
                let targets = attacks(color, role, sq, walls);
                (targets & !(walls & pos.by_color(color))).is_empty()
            })
            .collect();
        if stuck == set {
            return set;
        }
        set = stuck;
    }
}

/// The frozen pawns: the greatest set of pawns each of which has a frozen pawn on the square
/// in front of it (FIDE 3.7.1: a pawn moves forward only to an unoccupied square).
fn frozen(pos: &Position) -> Bitboard {
    let mut set = pos.by_role(Role::Pawn);
    loop {
        let white = pos.pieces(Color::White, Role::Pawn) & set & set.shift_ranks(-1);
        let black = pos.pieces(Color::Black, Role::Pawn) & set & set.shift_ranks(1);
        let next = white | black;
        if next == set {
            return set;
        }
        set = next;
    }
}
