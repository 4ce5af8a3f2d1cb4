//! The events of a game as the arbiter sees them, each with its time in milliseconds since
//! White's clock was started (non-decreasing from one event to the next).
//!
//! Events are serde-(de)serialisable, internally tagged by `type`, so that a corpus case (YAML)
//! or the adapter protocol (JSON) can carry them:
//!
//! ```json
//! [
//!   {"type": "move", "at_ms": 1500, "uci": "e2e4"},
//!   {"type": "draw_offer", "at_ms": 1600, "player": "white"},
//!   {"type": "touch", "at_ms": 2000, "square": "g8"},
//!   {"type": "move", "at_ms": 3000, "uci": "g8f6"},
//!   {"type": "press_without_move", "at_ms": 4000},
//!   {"type": "claim", "at_ms": 5000, "claim": "threefold", "intended": "f3g1"},
//!   {"type": "flag", "at_ms": 900000, "player": "black"}
//! ]
//! ```
//!
//! A `move` is a move made and the clock pressed by the player having the move; if the move is
//! illegal it is an illegal move completed (7.5.1), and a pawn moved to the last rank without
//! promotion (`e7e8`) is 7.5.2. `position_after` (a FEN) is needed only without supervision
//! (A.5.2), where an illegal move may stand and the arbiter must know the board it left.

use serde::{Deserialize, Serialize};

use super::Millis;
use crate::{Color, DrawClaim};

/// One thing that happened in the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// FIDE 6.2.1: the player having the move makes a move (UCI) and presses the clock.
    Move {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
        /// The move, in UCI notation.
        uci: String,
        /// Without supervision only: the board after an illegal move, or after the move that
        /// follows one (A.5.2, A.5.4), as a FEN. Ignored otherwise.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        position_after: Option<String>,
    },
    /// FIDE 1.3, 4.7, 6.2.1.2: the player having the move makes a legal move (UCI) on the
    /// board without pressing the clock. The opponent has the move; the mover's clock runs on
    /// until the mover presses it (6.2.2, even after the opponent's next move), and the move is
    /// completed then or when the mover makes the next move (6.2.1.2).
    Made {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
        /// The move, in UCI notation.
        uci: String,
    },
    /// FIDE 6.2.1, 6.2.2: the player whose clock runs presses it after making a move on the
    /// board ([`Event::Made`]); otherwise 7.5.3: the player having the move presses the clock
    /// without making a move.
    PressWithoutMove {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
    },
    /// FIDE 7.5.4: a move (castling, capture, promotion) made with two hands, clock pressed.
    TwoHands {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
        /// The move, in UCI notation.
        uci: String,
    },
    /// FIDE 4.3: the player having the move touches the piece on `square` deliberately.
    Touch {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
        /// The square of the piece touched (`e2`).
        square: String,
    },
    /// FIDE 9.1.2: `player` offers a draw.
    DrawOffer {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
        /// The player who does it.
        player: Color,
    },
    /// FIDE 5.2.3: `player` accepts the opponent's offer.
    DrawAccept {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
        /// The player who does it.
        player: Color,
    },
    /// FIDE 9.1.2.2: `player` rejects the opponent's offer orally.
    DrawDecline {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
        /// The player who does it.
        player: Color,
    },
    /// FIDE 9.2, 9.3, 9.5: the player having the move claims a draw, with or without an
    /// intended move (UCI).
    Claim {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
        /// The draw claimed.
        claim: DrawClaim,
        /// The move the claimant intends to make (UCI), if any (9.2.1.1, 9.3.1).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        intended: Option<String>,
    },
    /// A.5.2 (A.4.2 in 2018): without supervision, the opponent of the player who completed
    /// an illegal move claims it (or the arbiter intervenes) before making a move.
    ClaimIllegalMove {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
    },
    /// FIDE 5.1.2: `player` resigns.
    Resign {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
        /// The player who does it.
        player: Color,
    },
    /// FIDE 6.8: `player`'s flag is observed by the arbiter or claimed by the opponent (the only
    /// way under A.5.3).
    Flag {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
        /// The player who does it.
        player: Color,
    },
    /// Guidelines III.3.1: both flags have fallen and it cannot be established which first.
    BothFlagsFallen {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
    },
    /// FIDE 7.3: it is found that the game began with colours reversed.
    ColoursReversed {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
    },
    /// FIDE 7.2.1: it is found that the initial position of the pieces was incorrect.
    InitialPositionIncorrect {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
    },
    /// Guidelines III.4: the player having the move requests an increment of five seconds for
    /// both players; the request is a draw offer.
    RequestIncrement {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
    },
    /// FIDE 4.8: the player having the move claims against the opponent's last move, which the
    /// pieces the opponent touched did not allow (4.3, 4.4), before touching a piece.
    ClaimTouchMove {
        /// When, in milliseconds since White's clock was started.
        at_ms: Millis,
    },
}

impl Event {
    /// The time of the event.
    pub fn at_ms(&self) -> Millis {
        match self {
            Event::Move { at_ms, .. }
            | Event::Made { at_ms, .. }
            | Event::PressWithoutMove { at_ms }
            | Event::TwoHands { at_ms, .. }
            | Event::Touch { at_ms, .. }
            | Event::DrawOffer { at_ms, .. }
            | Event::DrawAccept { at_ms, .. }
            | Event::DrawDecline { at_ms, .. }
            | Event::Claim { at_ms, .. }
            | Event::ClaimIllegalMove { at_ms }
            | Event::Resign { at_ms, .. }
            | Event::Flag { at_ms, .. }
            | Event::BothFlagsFallen { at_ms }
            | Event::ColoursReversed { at_ms }
            | Event::InitialPositionIncorrect { at_ms }
            | Event::RequestIncrement { at_ms }
            | Event::ClaimTouchMove { at_ms } => *at_ms,
        }
    }
}
