//! The points where implementations of the Laws may legitimately differ, and nowhere else:
//! whether threefold repetition and the fifty-move rule end the game on a claim or at once,
//! and how far dead positions are recognised.

use serde::{Deserialize, Serialize};

/// How draws by threefold repetition and the fifty-move rule happen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum DrawMode {
    /// FIDE 9.2 / 9.3: on a correct claim by the player.
    #[default]
    Claims,
    /// Automatically, as many servers do.
    Automatic,
}

/// How dead positions (FIDE 5.2.2) are recognised.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum DeadMode {
    /// Every position from which no series of legal moves leads to checkmate.
    #[default]
    Full,
    /// Only insufficient material (K v K, K+minor v K, bishops all on one colour).
    MaterialOnly,
}

/// A rule model: the Laws as written are the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RuleModel {
    /// How threefold repetition and fifty moves draw.
    pub draws: DrawMode,
    /// How dead positions are recognised.
    pub dead: DeadMode,
}
