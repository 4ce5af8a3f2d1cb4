//! The category of a game from its time control (FIDE A.1, B.1), and whether it is played
//! under adequate supervision (A.5; A.4 in 2018).

use serde::{Deserialize, Serialize};

use crate::time_control::{Millis, TimeControl};

const MINUTE: Millis = 60 * 1000;

/// Standard, rapid or blitz.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// 60 minutes or more for each player (base time plus 60 times the extra time per move).
    Standard,
    /// FIDE A.1: more than 10 minutes but less than 60 for each player.
    Rapid,
    /// FIDE B.1: 10 minutes or less for each player.
    Blitz,
}

impl Category {
    /// FIDE A.1, B.1: the category of `control`, counting the time allotted for the game (all
    /// periods) plus 60 times the fixed extra time per move. The Laws speak of "any
    /// increment"; a delay is fixed extra time per move too (6.3.2) and is counted the same way.
    pub fn of(control: &TimeControl) -> Category {
        let total = control.allotted_ms().saturating_add(control.extra_per_move_ms().saturating_mul(60));
        if total <= 10 * MINUTE {
            Category::Blitz
        } else if total < 60 * MINUTE {
            Category::Rapid
        } else {
            Category::Standard
        }
    }

    /// FIDE A.2 (and B via A): in rapid and blitz the players need not record the moves.
    pub fn requires_recording(self) -> bool {
        self == Category::Standard
    }
}

/// Whether Chapter 2 (the Competition Rules) applies in full.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Supervision {
    /// Chapter 2, the Competition Rules, applies in full: standard play, and rapid or blitz with
    /// adequate supervision (2018: A.3.1, B.3.1).
    #[default]
    Full,
    /// Rapid or blitz without adequate supervision: A.5 (A.4 in 2018).
    Unsupervised,
}
