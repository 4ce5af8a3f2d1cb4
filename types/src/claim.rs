//! The draws a player may claim (FIDE 9.2, 9.3).

use serde::{Deserialize, Serialize};

/// A draw a player may claim.
///
/// Written `threefold` and `fifty` in cases and the adapter protocol; `fifty_moves` is read as
/// well (the spelling of the core's event format before the two were one type).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum DrawClaim {
    /// FIDE 9.2: the same position for at least the third time.
    #[serde(rename = "threefold")]
    Threefold,
    /// FIDE 9.3: the last 50 moves by each player without a pawn move or a capture.
    #[serde(rename = "fifty", alias = "fifty_moves")]
    FiftyMoves,
}

impl DrawClaim {
    /// Both claims.
    pub const ALL: [DrawClaim; 2] = [DrawClaim::Threefold, DrawClaim::FiftyMoves];

    /// The name as written: `threefold` or `fifty`.
    pub const fn name(self) -> &'static str {
        match self {
            DrawClaim::Threefold => "threefold",
            DrawClaim::FiftyMoves => "fifty",
        }
    }

    /// Reads a claim by name (`fifty_moves` too).
    pub fn from_name(name: &str) -> Option<DrawClaim> {
        match name {
            "threefold" => Some(DrawClaim::Threefold),
            "fifty" | "fifty_moves" => Some(DrawClaim::FiftyMoves),
            _ => None,
        }
    }
}

impl std::fmt::Display for DrawClaim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
