//! The result of a game and the points it gives (FIDE 10.1), written as in PGN and in cases.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::Color;

/// A score in half points (FIDE 10.1: win 1, draw ½, loss 0), so that draws are exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points {
    halves: u8,
}

impl Points {
    /// FIDE 10.1: a player who wins, or wins by forfeit, scores one point.
    pub const WIN: Points = Points { halves: 2 };
    /// FIDE 10.1: a player who draws scores half a point.
    pub const DRAW: Points = Points { halves: 1 };
    /// FIDE 10.1: a player who loses, or forfeits, scores no points.
    pub const LOSS: Points = Points { halves: 0 };

    /// The score in half points.
    pub const fn halves(self) -> u8 {
        self.halves
    }
}

impl fmt::Display for Points {
    /// `1`, `1/2` or `0`, as in a PGN result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.halves {
            2 => write!(f, "1"),
            1 => write!(f, "1/2"),
            0 => write!(f, "0"),
            n => write!(f, "{n}/2"),
        }
    }
}

/// The result of a game (FIDE 10.1), or `*` while it goes on (PGN's marker for a game in
/// progress or whose result is unknown).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum GameResult {
    /// `1-0`.
    #[serde(rename = "1-0")]
    WhiteWins,
    /// `0-1`.
    #[serde(rename = "0-1")]
    BlackWins,
    /// `1/2-1/2`.
    #[serde(rename = "1/2-1/2")]
    Draw,
    /// `*`: the game goes on (or, in PGN, its result is unknown).
    #[serde(rename = "*")]
    Ongoing,
}

impl GameResult {
    /// The result in which `winner` wins.
    pub const fn win(winner: Color) -> GameResult {
        match winner {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The winner, if any.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw | GameResult::Ongoing => None,
        }
    }

    /// Whether the game has ended (any result but `*`).
    pub const fn is_over(self) -> bool {
        !matches!(self, GameResult::Ongoing)
    }

    /// FIDE 10.1: the points `color` scores, once the game has ended. The two scores always
    /// add up to one point (10.2).
    pub fn points(self, color: Color) -> Option<Points> {
        match self {
            GameResult::Ongoing => None,
            GameResult::Draw => Some(Points::DRAW),
            _ if self.winner() == Some(color) => Some(Points::WIN),
            _ => Some(Points::LOSS),
        }
    }

    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Ongoing => "*",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text is not a result (`1-0`, `0-1`, `1/2-1/2` or `*`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a game result: {0:?} (expected 1-0, 0-1, 1/2-1/2 or *)")]
pub struct ParseResultError(pub String);

impl FromStr for GameResult {
    type Err = ParseResultError;
    fn from_str(text: &str) -> Result<GameResult, ParseResultError> {
        [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw, GameResult::Ongoing]
            .into_iter()
            .find(|r| r.as_str() == text)
            .ok_or_else(|| ParseResultError(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_add_up_to_one_10_1_10_2() {
        for result in [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw] {
            let total =
                result.points(Color::White).zip(result.points(Color::Black)).map(|(w, b)| w.halves() + b.halves());
            assert_eq!(total, Some(2), "{result}");
        }
        assert_eq!(GameResult::Ongoing.points(Color::White), None);
        assert_eq!(GameResult::Draw.points(Color::Black).map(|p| p.to_string()), Some("1/2".into()));
    }

    #[test]
    fn results_read_and_write_as_pgn_and_cases_do() {
        for text in ["1-0", "0-1", "1/2-1/2", "*"] {
            let result: GameResult = text.parse().unwrap_or(GameResult::Ongoing);
            assert_eq!(result.to_string(), text);
            assert_eq!(serde_json::to_string(&result).ok(), Some(format!("\"{text}\"")));
        }
        assert!("½-½".parse::<GameResult>().is_err());
    }
}
