//! FIDE 3.10.3: a position that no series of legal moves can reach is illegal. These are the
//! checks a program can make without a retrograde search, each with its own error kind.

use crate::attacks::{aligned, between};
use crate::{Bitboard, CastlingSide, Color, File, Position, Rank, Role, Square};

/// Why a position cannot occur in a game (FIDE 3.10.3).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalPosition {
    /// FIDE 2.2: each side has exactly one king.
    #[error("{0} has no king")]
    MissingKing(Color),
    /// FIDE 2.2: each side has exactly one king.
    #[error("{0} has more than one king")]
    TooManyKings(Color),
    /// FIDE 1.4.1, 3.9.2: the side that has just moved cannot have left its king in check.
    #[error("{0} is in check although it is not {0}'s turn to move")]
    OppositeCheck(Color),
    /// FIDE 3.7.3.3: a pawn on the last rank has been promoted; none can stand on its first.
    #[error("a pawn stands on the first or eighth rank")]
    PawnsOnBackRank,
    /// A side has more than the 16 pieces it starts with (FIDE 2.3).
    #[error("{0} has more than 16 pieces")]
    TooManyPieces(Color),
    /// A side has more than the 8 pawns it starts with (FIDE 2.3).
    #[error("{0} has more than 8 pawns")]
    TooManyPawns(Color),
    /// More queens, rooks, knights or bishops of one square colour than the missing pawns
    /// could have promoted to.
    #[error("{0} has more promoted pieces than missing pawns")]
    TooManyPromotedPieces(Color),
    /// FIDE 3.8.2.1: a castling right needs the king and that rook on their first rank.
    #[error("castling rights without king and rook on their squares: {0}")]
    InvalidCastlingRights(String),
    /// FIDE 3.7.3.1: no double step by the side that has just moved explains the square.
    #[error("en passant square {0} cannot follow a double step")]
    ImpossibleEnPassant(Square),
    /// A check that no last move can have given: three checkers, two on one line, two that
    /// cannot have been uncovered, or a check that the double step just made cannot explain.
    #[error("impossible check: {0}")]
    ImpossibleCheck(String),
}

/// How much of FIDE 3.10.3 to check when a position is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Validation {
    /// Everything listed in [`IllegalPosition`]: the default.
    #[default]
    Full,
    /// Everything except [`IllegalPosition::ImpossibleCheck`]: positions whose checks no last
    /// move can have given are still played correctly by the move generator, and published
    /// perft suites contain some on purpose.
    AllowImpossibleChecks,
}

impl IllegalPosition {
    /// A stable machine name for the kind (used by the corpus and the adapter protocol).
    pub fn kind(&self) -> &'static str {
        match self {
            IllegalPosition::MissingKing(_) => "missing_king",
            IllegalPosition::TooManyKings(_) => "too_many_kings",
            IllegalPosition::OppositeCheck(_) => "opposite_check",
            IllegalPosition::PawnsOnBackRank => "pawns_on_back_rank",
            IllegalPosition::TooManyPieces(_) => "too_many_pieces",
            IllegalPosition::TooManyPawns(_) => "too_many_pawns",
            IllegalPosition::TooManyPromotedPieces(_) => "too_many_promoted_pieces",
            IllegalPosition::InvalidCastlingRights(_) => "invalid_castling_rights",
            IllegalPosition::ImpossibleEnPassant(_) => "impossible_en_passant",
            IllegalPosition::ImpossibleCheck(_) => "impossible_check",
        }
    }
}

impl Position {
    /// Validates a freshly assembled position (FIDE 3.10.3). `ep_candidate` is the en passant
    /// square as written, which must be explained by a double step even when no capture is
    /// legal; the position keeps it only if a capture is legal.
    pub(crate) fn validate(
        mut self,
        ep_candidate: Option<Square>,
        validation: Validation,
    ) -> Result<Position, IllegalPosition> {
        for color in Color::ALL {
            match self.pieces(color, Role::King).count() {
                0 => return Err(IllegalPosition::MissingKing(color)),
                1 => {}
                _ => return Err(IllegalPosition::TooManyKings(color)),
            }
        }
        if (self.by_role(Role::Pawn) & Bitboard::BACK_RANKS).any() {
            return Err(IllegalPosition::PawnsOnBackRank);
        }
        for color in Color::ALL {
            let ours = self.by_color(color);
            if ours.count() > 16 {
                return Err(IllegalPosition::TooManyPieces(color));
            }
            let pawns = self.pieces(color, Role::Pawn).count();
            if pawns > 8 {
                return Err(IllegalPosition::TooManyPawns(color));
            }
            let excess = |n: u32, allowed: u32| n.saturating_sub(allowed);
            let bishops = self.pieces(color, Role::Bishop);
            let promoted = excess(self.pieces(color, Role::Queen).count(), 1)
                + excess(self.pieces(color, Role::Rook).count(), 2)
                + excess(self.pieces(color, Role::Knight).count(), 2)
                + excess((bishops & Bitboard::LIGHT_SQUARES).count(), 1)
                + excess((bishops & Bitboard::DARK_SQUARES).count(), 1);
            if promoted > 8 - pawns {
                return Err(IllegalPosition::TooManyPromotedPieces(color));
            }
        }
        for (color, side, file) in self.castling.iter() {
            let king = self.king(color);
            let rook = Square::new(file, Rank::back(color));
            let ok = king.rank() == Rank::back(color)
                && self.pieces(color, Role::Rook).contains(rook)
                && CastlingSide::of(king.file(), file) == side
                && king.file() != file;
            if !ok {
                return Err(IllegalPosition::InvalidCastlingRights(format!(
                    "{color} may castle with a rook on {rook}, but king and rook are not there"
                )));
            }
            // II.2: the king starts between the rooks, so a king on the a- or h-file has never
            // had a right to castle. Lenient reading keeps such a right and plays it by the rules
            // of II.3, as the published perft suites that contain one count it.
            if validation == Validation::Full && (king.file() == File::A || king.file() == File::H) {
                return Err(IllegalPosition::InvalidCastlingRights(format!(
                    "{color} may castle, but its king on {king} never stood between its rooks (Guidelines II.2)"
                )));
            }
        }
        let them = !self.turn;
        if self.is_attacked_by(self.turn, self.king(them), self.occupied()) {
            return Err(IllegalPosition::OppositeCheck(them));
        }
        let double_step = match ep_candidate {
            Some(ep) => Some(self.check_double_step(ep)?),
            None => None,
        };
        if validation == Validation::Full {
            self.check_checkers(double_step)?;
        }
        self.ep_square = None;
        self.key = self.key_from_scratch();
        if let Some(ep) = ep_candidate {
            self.set_ep_if_legal(ep);
        }
        Ok(self)
    }

    /// The en passant square must lie behind a pawn of the side that just moved, on its fourth
    /// rank, with the skipped square and the start square empty. Returns (from, to) of the step.
    fn check_double_step(&self, ep: Square) -> Result<(Square, Square), IllegalPosition> {
        let mover = !self.turn;
        let err = IllegalPosition::ImpossibleEnPassant(ep);
        if ep.rank() != Rank::THIRD.relative(mover) {
            return Err(err);
        }
        let dir = mover.fold(1, -1);
        let (Some(to), Some(from)) = (ep.offset(0, dir), ep.offset(0, -dir)) else { return Err(err) };
        let occupied = self.occupied();
        if !self.pieces(mover, Role::Pawn).contains(to) || occupied.contains(ep) || occupied.contains(from) {
            return Err(err);
        }
        Ok((from, to))
    }

    fn check_checkers(&self, double_step: Option<(Square, Square)>) -> Result<(), IllegalPosition> {
        let checkers = self.checkers();
        let king = self.king(self.turn);
        let impossible = |why: &str| Err(IllegalPosition::ImpossibleCheck(why.to_owned()));
        match checkers.count() {
            0 => {}
            1 => {}
            2 => {
                let (a, b) = (checkers.first().unwrap_or(king), checkers.last().unwrap_or(king));
                if aligned(a, b, king) {
                    return impossible("two checkers on one line");
                }
                let role = |sq| self.role_at(sq).unwrap_or(Role::King);
                let (ra, rb) = (role(a), role(b));
                // A double check needs a discovered check, which only a slider can give; two
                // bishops cannot both be (one would have left a diagonal for another diagonal).
                if !ra.is_slider() && !rb.is_slider() {
                    return impossible("a double check with no line piece");
                }
                if ra == Role::Bishop && rb == Role::Bishop {
                    return impossible("a double check by two bishops");
                }
            }
            _ => return impossible("more than two checkers"),
        }
        if let (Some((from, to)), true) = (double_step, checkers.any()) {
            // The last move was the double step: each checker is the pawn, or uncovered by it.
            for checker in checkers {
                if checker != to && !between(king, checker).contains(from) {
                    return impossible("a check that the last double step cannot have given");
                }
            }
        }
        Ok(())
    }
}
