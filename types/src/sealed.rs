//! The verdict on a sealed move (FIDE Guidelines I.8).

use serde::{Deserialize, Serialize};

/// What the arbiter finds when the sealed move is opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum SealedVerdict {
    /// Clear and legal.
    Valid,
    /// I.8.1: ambiguous; the sealing player loses.
    Ambiguous,
    /// I.8.2: its true significance cannot be established; the sealing player loses.
    Unreadable,
    /// I.8.3: illegal; the sealing player loses.
    Illegal,
}

impl SealedVerdict {
    /// Whether the player who sealed the move loses the game by it (I.8).
    pub const fn loses(self) -> bool {
        !matches!(self, SealedVerdict::Valid)
    }
}
