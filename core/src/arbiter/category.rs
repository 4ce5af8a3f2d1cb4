//! The category of a game from its time control (FIDE A.1, B.1), and what depends on it: the
//! penalty of Articles 7 and 9 (7.5.5, 9.5.3; A.3 in 2023, B.2 in 2018) and the obligation
//! to record the moves (8.4, A.2).

use serde::{Deserialize, Serialize};

use super::clock::{Millis, TimeControl};
use super::Supervision;
use crate::Laws;

const MINUTE: Millis = 60 * 1000;

/// Standard, rapid or blitz.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
        let total = control.allotted_ms() + 60 * control.extra_per_move_ms();
        if total <= 10 * MINUTE {
            Category::Blitz
        } else if total < 60 * MINUTE {
            Category::Rapid
        } else {
            Category::Standard
        }
    }

    /// FIDE 7.5.5 and 9.5.3: the time given to the opponent after an illegal move or an
    /// incorrect claim: two minutes; one in rapid under the 2023 Laws (A.3); in blitz one
    /// minute in every game under the 2018 Laws (B.2), but under the 2023 Laws only without
    /// adequate supervision (B.3, through A.3): with it the Competition Rules apply (B.2), two
    /// minutes.
    pub fn penalty_ms(self, laws: Laws, supervision: Supervision) -> Millis {
        match (self, laws, supervision) {
            (Category::Standard, _, _) | (Category::Rapid, Laws::Fide2018, _) => 2 * MINUTE,
            (Category::Blitz, Laws::Fide2023, Supervision::Full) => 2 * MINUTE,
            (Category::Rapid, Laws::Fide2023, _) | (Category::Blitz, _, _) => MINUTE,
        }
    }

    /// FIDE A.2 (and B via A): in rapid and blitz the players need not record the moves.
    pub fn requires_recording(self) -> bool {
        self == Category::Standard
    }
}
