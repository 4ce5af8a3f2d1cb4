//! Sealed moves (FIDE Guidelines I.8): a sealed move that is ambiguous, falsely recorded so
//! that its true significance cannot be established, or illegal, loses the game.

use crate::notation::{SanError, SanReader, SanWarning};
use crate::{Move, Position, SealedVerdict};

/// The arbiter's reading of a sealed move: the verdict with what it rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SealedReading {
    /// The move is clear and legal; the signs that are wrong but optional (C.13) are listed.
    Valid {
        /// The move sealed.
        mv: Move,
        /// The signs written that the move does not bear out.
        warnings: Vec<SanWarning>,
    },
    /// I.8.1: the move is ambiguous; the sealing player loses.
    Ambiguous {
        /// Why the text names no single move.
        error: SanError,
    },
    /// I.8.2: the true significance of the move cannot be established; the sealing player loses.
    Unreadable {
        /// Why the text cannot be read.
        error: SanError,
    },
    /// I.8.3: the move is illegal; the sealing player loses.
    Illegal {
        /// Why the move is illegal.
        error: SanError,
    },
    /// I.8 does not apply: the game ended before the move (FIDE 5.1.1 checkmate, 5.2.1
    /// stalemate), so there is no move to seal.
    GameOver,
}

impl SealedReading {
    /// The verdict, or `None` when I.8 does not apply (the game had ended).
    pub fn verdict(&self) -> Option<SealedVerdict> {
        match self {
            SealedReading::Valid { .. } => Some(SealedVerdict::Valid),
            SealedReading::Ambiguous { .. } => Some(SealedVerdict::Ambiguous),
            SealedReading::Unreadable { .. } => Some(SealedVerdict::Unreadable),
            SealedReading::Illegal { .. } => Some(SealedVerdict::Illegal),
            SealedReading::GameOver => None,
        }
    }

    /// Whether the player who sealed the move loses the game by it (I.8).
    pub fn loses(&self) -> bool {
        self.verdict().is_some_and(SealedVerdict::loses)
    }
}

/// FIDE Guidelines I.8: judges the move `text` sealed in `pos`, read in the given letters.
///
/// A pawn capture written without its departure file (C.9.3) is ambiguous when two pawns can
/// make it, and valid when only one can: its meaning is then clear, and I.8 punishes
/// unclear moves, not untidy ones. False check or capture signs are optional marks (C.13) and
/// only give warnings.
pub fn judge_sealed_move(pos: &Position, text: &str, reader: &SanReader) -> SealedReading {
    if !pos.has_legal_moves() {
        return SealedReading::GameOver;
    }
    let lenient = SanReader { strict: false, ..*reader };
    match lenient.read(pos, text) {
        Ok(read) => SealedReading::Valid { mv: read.mv, warnings: read.warnings },
        Err(error @ SanError::Ambiguous { .. }) => SealedReading::Ambiguous { error },
        // `e5` where only `dxe5` reaches e5: illegal as written (C.9.3), clear all the same.
        Err(SanError::Illegal { ref pawn_captures, .. }) if pawn_captures.len() == 1 => {
            match lenient.read(pos, &pawn_captures[0]) {
                Ok(read) => SealedReading::Valid { mv: read.mv, warnings: read.warnings },
                Err(error) => SealedReading::Unreadable { error },
            }
        }
        Err(error @ SanError::Illegal { .. }) if illegal_pawn_captures(&error) > 1 => {
            SealedReading::Ambiguous { error }
        }
        Err(error @ SanError::Illegal { .. }) => SealedReading::Illegal { error },
        Err(SanError::PawnCaptureWithoutFile { ref candidates, .. }) if candidates.len() == 1 => {
            match lenient.read(pos, &candidates[0]) {
                Ok(read) => SealedReading::Valid { mv: read.mv, warnings: read.warnings },
                Err(error) => SealedReading::Unreadable { error },
            }
        }
        Err(error @ SanError::PawnCaptureWithoutFile { .. }) => SealedReading::Ambiguous { error },
        Err(error @ (SanError::Invalid { .. } | SanError::FalseSign(_))) => SealedReading::Unreadable { error },
    }
}

/// How many pawn captures an illegal pawn advance could have meant (see [`SanError::Illegal`]).
fn illegal_pawn_captures(error: &SanError) -> usize {
    match error {
        SanError::Illegal { pawn_captures, .. } => pawn_captures.len(),
        _ => 0,
    }
}
