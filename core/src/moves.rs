//! Moves (FIDE 3: the moves of the pieces), packed into 16 bits.

use std::fmt;

use crate::{CastlingSide, Role, Square};

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Any move of a piece to a square, capturing what stands there (FIDE 3.1 to 3.8.1).
    Normal,
    /// FIDE 3.7.3.3: a pawn reaching the last rank is exchanged, as part of the same move,
    /// for a queen, rook, bishop or knight of its colour.
    Promotion(Role),
    /// FIDE 3.7.3.1: a pawn captures an enemy pawn that has just made a double step,
    /// as if that pawn had moved only one square.
    EnPassant,
    /// FIDE 3.8.2 and Guidelines II.3: castling. The move is stored as king to rook square,
    /// which names the side and the rook in Chess960 as well.
    Castle,
}

/// A move: its departure and arrival squares and its kind.
///
/// For castling, `to` is the square of the castling rook (king takes own rook), so that
/// Chess960 castling is unambiguous; see [`Move::king_to`] for where the king ends up.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

const KIND_NORMAL: u16 = 0;
const KIND_EN_PASSANT: u16 = 1;
const KIND_CASTLE: u16 = 2;
const KIND_PROMOTION: u16 = 4; // + role index - 1 (knight 4, bishop 5, rook 6, queen 7)

impl Move {
    #[inline]
    const fn pack(from: Square, to: Square, kind: u16) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | kind << 12)
    }
    /// A move from `from` to `to` that is not en passant, castling or a promotion.
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::pack(from, to, KIND_NORMAL)
    }
    /// # Panics
    /// If `role` is a pawn or a king (FIDE 3.7.3.3 allows neither).
    #[inline]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        assert!(matches!(role, Role::Knight | Role::Bishop | Role::Rook | Role::Queen));
        Move::pack(from, to, KIND_PROMOTION + role as u16 - 1)
    }
    /// FIDE 3.7.3.1: a pawn on `from` taking en passant by moving to `to`.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, KIND_EN_PASSANT)
    }
    /// Castling with the king on `king` and the rook on `rook`.
    #[inline]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::pack(king, rook, KIND_CASTLE)
    }
    /// The departure square; for castling, the king's square.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index_unchecked((self.0 & 63) as u8)
    }
    /// The arrival square; for castling, the rook's square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked(((self.0 >> 6) & 63) as u8)
    }
    /// What kind of move this is.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            KIND_NORMAL => MoveKind::Normal,
            KIND_EN_PASSANT => MoveKind::EnPassant,
            KIND_CASTLE => MoveKind::Castle,
            4 => MoveKind::Promotion(Role::Knight),
            5 => MoveKind::Promotion(Role::Bishop),
            6 => MoveKind::Promotion(Role::Rook),
            _ => MoveKind::Promotion(Role::Queen),
        }
    }
    /// The piece a pawn promotes to (FIDE 3.7.3.3), for a promotion.
    #[inline]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }
    /// Whether this is castling (FIDE 3.8.2).
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.0 >> 12 == KIND_CASTLE
    }
    /// Whether this is an en passant capture (FIDE 3.7.3.1).
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 == KIND_EN_PASSANT
    }
    /// The side of a castling move (`None` for other moves).
    pub fn castling_side(self) -> Option<CastlingSide> {
        self.is_castle().then(|| CastlingSide::of(self.from().file(), self.to().file()))
    }
    /// Where the moving king or piece ends: for castling the king's destination
    /// (g- or c-file, FIDE 3.8.2 and II.3), else `to`.
    pub fn king_to(self) -> Square {
        match self.castling_side() {
            Some(side) => Square::new(side.king_to_file(), self.from().rank()),
            None => self.to(),
        }
    }
    /// The UCI text: `e2e4`, `e7e8q`; castling as `e1g1` (king to its destination) or, with
    /// `chess960`, as king takes own rook (`e1h1`), the form the UCI_Chess960 option uses.
    pub fn to_uci(self, chess960: bool) -> String {
        let to = if self.is_castle() && !chess960 { self.king_to() } else { self.to() };
        let mut s = format!("{}{}", self.from(), to);
        if let Some(role) = self.promotion_role() {
            s.push(role.char());
        }
        s
    }
    /// The raw 16-bit encoding (stable within a version; for hashing and compact storage).
    pub const fn bits(self) -> u16 {
        self.0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({}{}", self.from(), self.to())?;
        match self.kind() {
            MoveKind::Normal => {}
            MoveKind::Promotion(r) => write!(f, "={}", r.upper_char())?,
            MoveKind::EnPassant => f.write_str(" e.p.")?,
            MoveKind::Castle => f.write_str(" castle")?,
        }
        f.write_str(")")
    }
}

/// A list of moves, big enough for any legal position (at most 218 legal moves are known).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; 256],
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList { moves: [Move(0); 256], len: 0 }
    }
    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        debug_assert!(self.len < 256);
        self.moves[self.len & 255] = m;
        self.len += 1;
    }
    /// The number of moves in the list.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether the list holds no move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The moves, in the order they were generated.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
    /// Whether `m` is in the list.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
    /// The moves, in the order they were generated.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        for role in Role::PROMOTIONS {
            let m = Move::promotion(Square::E7, Square::E8, role);
            assert_eq!(m.kind(), MoveKind::Promotion(role));
            assert_eq!((m.from(), m.to()), (Square::E7, Square::E8));
        }
        let c = Move::castle(Square::E1, Square::H1);
        assert_eq!(c.king_to(), Square::G1);
        assert_eq!(c.to_uci(false), "e1g1");
        assert_eq!(c.to_uci(true), "e1h1");
        assert_eq!(Move::castle(Square::E8, Square::A8).to_uci(false), "e8c8");
        assert_eq!(Move::promotion(Square::B2, Square::A1, Role::Knight).to_uci(false), "b2a1n");
    }
}
