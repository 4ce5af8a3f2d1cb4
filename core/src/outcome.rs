//! How a game ended: the result, the reason, and the points (FIDE 5, 6.9, 9, 10.1).

use std::fmt;

use crate::laws::{Article, Laws};
use crate::{Color, GameResult, Points};

/// A way of losing other than checkmate that is a draw instead when the opponent cannot
/// checkmate the losing player's king by any series of legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forfeit {
    /// FIDE 5.1.2: the player declares that they resign. Drawn when the opponent cannot mate
    /// only under the 2023 Laws.
    Resignation,
    /// FIDE 6.9 (and A.5.3, A.4.3 in 2018, for a win on time claimed in rapid without
    /// supervision): the player did not complete the moves in the allotted time.
    FlagFall,
    /// FIDE 7.5.5: the second completed illegal move by the same player.
    IllegalMoves,
}

impl Forfeit {
    /// The article that governs this forfeit.
    pub const fn article(self) -> Article {
        match self {
            Forfeit::Resignation => Article::Resignation,
            Forfeit::FlagFall => Article::FlagFall,
            Forfeit::IllegalMoves => Article::IllegalMoves,
        }
    }

    /// Whether, under `laws`, this forfeit is a draw when the opponent cannot mate:
    /// always for a flag fall (6.9) and a second illegal move (7.5.5); for a resignation
    /// only from 2023 (5.1.2).
    pub const fn drawn_if_opponent_cannot_mate(self, laws: Laws) -> bool {
        match self {
            Forfeit::Resignation => laws.resignation_drawn_if_opponent_cannot_mate(),
            Forfeit::FlagFall | Forfeit::IllegalMoves => true,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// FIDE 5.1.1: the player to move is checkmated.
    Checkmate,
    /// FIDE 5.2.1: the player to move has no legal move and is not in check.
    Stalemate,
    /// FIDE 5.2.2: neither player can checkmate by any series of legal moves.
    DeadPosition,
    /// FIDE 5.2.3: the players agreed to a draw.
    Agreement,
    /// FIDE 9.2: a correct claim of threefold repetition.
    ThreefoldRepetition,
    /// FIDE 9.3: a correct claim under the fifty-move rule.
    FiftyMoves,
    /// FIDE 9.6.1: the same position appeared for at least the fifth time.
    FivefoldRepetition,
    /// FIDE 9.6.2: 75 moves by each player without a pawn move or a capture.
    SeventyFiveMoves,
    /// A player lost by a forfeit (resignation, flag fall, second illegal move).
    Forfeit(Forfeit),
    /// A forfeit that is a draw because the opponent cannot checkmate by any series of legal
    /// moves (5.1.2 from 2023, 6.9, 7.5.5); for a flag fall this is the draw "on time with
    /// insufficient mating material".
    ForfeitOpponentCannotMate(Forfeit),
    /// Guidelines III.3.1: both flags fell, it cannot be established which first, and it
    /// happened in the last period.
    BothFlagsFallen,
    /// A.5.4 (A.4.4 in 2018): without supervision, both kings in check or a pawn on the
    /// furthest rank still on the board after the next move.
    IllegalPositionStands,
}

impl Termination {
    /// The article that ends the game this way, numbered as in `laws`.
    pub const fn article(self, laws: Laws) -> &'static str {
        let article = match self {
            Termination::Checkmate => Article::Checkmate,
            Termination::Stalemate => Article::Stalemate,
            Termination::DeadPosition => Article::DeadPosition,
            Termination::Agreement => Article::Agreement,
            Termination::ThreefoldRepetition => Article::ThreefoldNow,
            Termination::FiftyMoves => Article::FiftyMovesNow,
            Termination::FivefoldRepetition => Article::Fivefold,
            Termination::SeventyFiveMoves => Article::SeventyFiveMoves,
            Termination::Forfeit(f) | Termination::ForfeitOpponentCannotMate(f) => f.article(),
            Termination::BothFlagsFallen => Article::BothFlagsFallen,
            Termination::IllegalPositionStands => Article::IllegalPositionStands,
        };
        laws.article(article)
    }
}

/// How a game ended: the result and the reason. Built only through [`Outcome::win`] and
/// [`Outcome::draw`], which keep the two consistent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    result: GameResult,
    termination: Termination,
}

impl Outcome {
    /// `winner` won, for `termination` (checkmate or a forfeit by the opponent).
    pub const fn win(winner: Color, termination: Termination) -> Outcome {
        Outcome { result: GameResult::win(winner), termination }
    }

    /// The game was drawn, for `termination`.
    pub const fn draw(termination: Termination) -> Outcome {
        Outcome { result: GameResult::Draw, termination }
    }

    /// The result of the game.
    pub const fn result(self) -> GameResult {
        self.result
    }

    /// How the game ended.
    pub const fn termination(self) -> Termination {
        self.termination
    }

    /// The winner, or `None` for a draw.
    pub const fn winner(self) -> Option<Color> {
        self.result.winner()
    }

    /// FIDE 10.1: the points `color` scores (an outcome's result is never `*`).
    pub fn points(self, color: Color) -> Points {
        match self.winner() {
            None => Points::DRAW,
            Some(winner) if winner == color => Points::WIN,
            Some(_) => Points::LOSS,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({:?})", self.result, self.termination)
    }
}
