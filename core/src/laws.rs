//! The edition of the FIDE Laws of Chess a decision follows.
//!
//! The Laws in force from 1 January 2018 and from 1 January 2023 differ in places the game
//! state touches: resignation (5.1.2) and the numbering of the repetition clauses (9.2). Every
//! decision that depends on the edition takes a [`Laws`] value.

use std::fmt;

/// An edition of the FIDE Laws of Chess.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Laws {
    /// The Laws in force from 1 January 2018.
    Fide2018,
    /// The Laws in force from 1 January 2023 (the default).
    #[default]
    Fide2023,
}

/// A rule whose article number differs between editions (see `fide-clauses.yaml`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Article {
    /// Checkmate (5.1.1).
    Checkmate,
    /// Resignation (5.1.2).
    Resignation,
    /// Stalemate (5.2.1).
    Stalemate,
    /// Dead position (5.2.2).
    DeadPosition,
    /// Draw by agreement (5.2.3).
    Agreement,
    /// Flag fall (6.9).
    FlagFall,
    /// The second illegal move (7.5.5).
    IllegalMoves,
    /// Threefold claim with the intended move (2023: 9.2.1; 2018: 9.2.1.1).
    ThreefoldIntended,
    /// Threefold claim when the position has just appeared a third time (2023: 9.2.2; 2018: 9.2.1.2).
    ThreefoldNow,
    /// What "the same position" means (2023: 9.2.3; 2018: 9.2.2).
    SamePosition,
    /// Fifty-move claim with the intended move (9.3.1).
    FiftyMovesIntended,
    /// Fifty-move claim now (9.3.2).
    FiftyMovesNow,
    /// Fivefold repetition (9.6.1).
    Fivefold,
    /// Seventy-five moves (9.6.2).
    SeventyFiveMoves,
    /// Rapid without supervision: a win on time claimed (2023: A.5.3; 2018: A.4.3).
    RapidWinOnTime,
    /// Quickplay finish: both flags fallen, which first unknown (Guidelines III.3.1).
    BothFlagsFallen,
    /// Without supervision: an illegal position still on the board after the next move
    /// (2023: A.5.4; 2018: A.4.4).
    IllegalPositionStands,
    /// Without supervision: an illegal move claimed before the opponent's next move
    /// (2023: A.5.2; 2018: A.4.2).
    RapidIllegalMove,
    /// Without supervision: no claim about an incorrect set-up once each player has completed
    /// ten moves (2023: A.5.1; 2018: A.4.1).
    RapidSetupClaims,
}

impl Laws {
    /// Every edition, oldest first.
    pub const ALL: [Laws; 2] = [Laws::Fide2018, Laws::Fide2023];

    /// The year the edition came into force.
    pub const fn year(self) -> u16 {
        match self {
            Laws::Fide2018 => 2018,
            Laws::Fide2023 => 2023,
        }
    }

    /// FIDE 5.1.2: whether a resignation is a draw when the opponent cannot checkmate the
    /// resigning player's king by any series of legal moves. The 2023 Laws added this
    /// ("unless the position is such that the opponent cannot checkmate the player's king by
    /// any possible series of legal moves"); under the 2018 Laws a resignation always loses.
    pub const fn resignation_drawn_if_opponent_cannot_mate(self) -> bool {
        match self {
            Laws::Fide2018 => false,
            Laws::Fide2023 => true,
        }
    }

    /// The article number of `article` in this edition.
    pub const fn article(self, article: Article) -> &'static str {
        let is_2018 = matches!(self, Laws::Fide2018);
        match article {
            Article::Checkmate => "5.1.1",
            Article::Resignation => "5.1.2",
            Article::Stalemate => "5.2.1",
            Article::DeadPosition => "5.2.2",
            Article::Agreement => "5.2.3",
            Article::FlagFall => "6.9",
            Article::IllegalMoves => "7.5.5",
            Article::ThreefoldIntended if is_2018 => "9.2.1.1",
            Article::ThreefoldIntended => "9.2.1",
            Article::ThreefoldNow if is_2018 => "9.2.1.2",
            Article::ThreefoldNow => "9.2.2",
            Article::SamePosition if is_2018 => "9.2.2",
            Article::SamePosition => "9.2.3",
            Article::FiftyMovesIntended => "9.3.1",
            Article::FiftyMovesNow => "9.3.2",
            Article::Fivefold => "9.6.1",
            Article::SeventyFiveMoves => "9.6.2",
            Article::RapidWinOnTime if is_2018 => "A.4.3",
            Article::RapidWinOnTime => "A.5.3",
            Article::BothFlagsFallen => "III.3.1",
            Article::IllegalPositionStands if is_2018 => "A.4.4",
            Article::IllegalPositionStands => "A.5.4",
            Article::RapidIllegalMove if is_2018 => "A.4.2",
            Article::RapidIllegalMove => "A.5.2",
            Article::RapidSetupClaims if is_2018 => "A.4.1",
            Article::RapidSetupClaims => "A.5.1",
        }
    }
}

impl fmt::Display for Laws {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FIDE Laws of Chess {}", self.year())
    }
}
