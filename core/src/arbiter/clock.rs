//! The chessclock: time controls with periods, a Fischer increment or a delay, and the time
//! each player has left (FIDE 6.3, 6.9, 8.4).
//!
//! All times are integer milliseconds. A player's flag falls when the time the player has used
//! on the current move exceeds the time available for it (a press at exactly zero is in time).
//!
//! Supported modes (FIDE 6.3.2, "fixed extra time" with every move):
//! - cumulative (Fischer) increment: added to the main time when the move is completed;
//! - [`DelayMode::Simple`]: the delay mode the Laws describe: the main time runs only after
//!   the delay has expired, and does not change if the clock is pressed within the delay;
//! - [`DelayMode::Bronstein`]: the main time runs at once, and the time used on the move, up
//!   to the delay, is given back when the move is completed.

use crate::arbiter::{Delay, DelayMode, Millis, TimeControl, TimeControlError};
use crate::Color;

/// Five minutes, the limit of FIDE 8.4.
const FIVE_MINUTES: Millis = 5 * 60 * 1000;
/// Thirty seconds, the increment of FIDE 8.4.
const THIRTY_SECONDS: Millis = 30 * 1000;

/// One player's side of the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Side {
    /// Main time left; negative only after the flag fell.
    remaining: i64,
    /// Index of the current period.
    period: usize,
    /// Moves completed in the current period.
    moves_in_period: u32,
    /// FIDE 8.4: the player had less than five minutes at some stage of this period.
    below_five: bool,
    /// FIDE 6.9: the flag has fallen (it stays down, whatever time is added later).
    fell: bool,
    /// Guidelines III.3.1: the period in which the flag fell (meaningful once `fell`).
    fell_period: usize,
}

/// A chessclock running a [`TimeControl`]. White's clock starts at time 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    sides: [Side; 2],
    /// The player whose clock runs and since when; `None` when stopped.
    running: Option<(Color, Millis)>,
}

impl Clock {
    /// A clock at the start of the game, White's clock running from time 0.
    pub fn new(control: TimeControl) -> Result<Clock, TimeControlError> {
        control.validate()?;
        let base = to_signed(control.periods[0].base_ms);
        let side =
            Side { remaining: base, period: 0, moves_in_period: 0, below_five: false, fell: false, fell_period: 0 };
        let mut clock = Clock { control, sides: [side; 2], running: Some((Color::White, 0)) };
        for color in Color::ALL {
            clock.note_below_five(color);
        }
        Ok(clock)
    }

    /// The time control the clock was set to (FIDE 6.1).
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// The player whose clock is running.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// The main time `color` has left at `at_ms` (negative once the flag has fallen), without
    /// the delay still to come on the current move.
    pub fn remaining_at(&self, color: Color, at_ms: Millis) -> i64 {
        let side = self.sides[color.index()];
        match self.running {
            Some((c, since)) if c == color => side.remaining - to_signed(self.charged(at_ms.saturating_sub(since))),
            _ => side.remaining,
        }
    }

    /// FIDE 6.9: whether `color`'s flag has fallen by `at_ms`.
    pub fn flag_fallen(&self, color: Color, at_ms: Millis) -> bool {
        self.sides[color.index()].fell || self.remaining_at(color, at_ms) < 0
    }

    /// FIDE 6.9: when the flag of the player whose clock runs will fall, if the clock runs on.
    pub fn flag_time(&self) -> Option<Millis> {
        let (color, since) = self.running?;
        let remaining = self.sides[color.index()].remaining;
        let left = u64::try_from(remaining).unwrap_or(0);
        let delay = match self.control.delay {
            Some(Delay { mode: DelayMode::Simple, ms }) => ms,
            _ => 0,
        };
        Some(since + delay + left + 1)
    }

    /// The time charged to the main time for `used` ms of thinking on one move.
    fn charged(&self, used: Millis) -> Millis {
        match self.control.delay {
            Some(Delay { mode: DelayMode::Simple, ms }) => used.saturating_sub(ms),
            _ => used,
        }
    }

    /// Stops the clock at `at_ms`, charging the running player (FIDE 9.5.1: a claimant stops
    /// the clock).
    pub fn stop(&mut self, at_ms: Millis) {
        if let Some((color, since)) = self.running.take() {
            let used = at_ms.saturating_sub(since);
            let charged = to_signed(self.charged(used));
            let side = &mut self.sides[color.index()];
            side.remaining -= charged;
            if side.remaining < 0 && !side.fell {
                // The move the time ran out on is counted after the stop: this is its period.
                side.fell_period = side.period;
            }
            side.fell |= side.remaining < 0;
            self.note_below_five(color);
        }
    }

    /// Starts `color`'s clock at `at_ms` (after a stop).
    pub fn start(&mut self, color: Color, at_ms: Millis) {
        self.running = Some((color, at_ms));
    }

    /// FIDE 6.2.1, 6.3: `color` completes a move by pressing the clock at `at_ms`: the time
    /// used is charged, the move counts for the period, a completed period adds the next
    /// period's time to what is left (6.3.2), the increment (or the Bronstein refund) is
    /// added, and the opponent's clock starts.
    pub fn press(&mut self, color: Color, at_ms: Millis) {
        let used = match self.running {
            Some((c, since)) if c == color => at_ms.saturating_sub(since),
            _ => 0,
        };
        self.stop(at_ms);
        let refund = match self.control.delay {
            Some(Delay { mode: DelayMode::Bronstein, ms }) => used.min(ms),
            _ => 0,
        };
        self.complete_move(color);
        let side = &mut self.sides[color.index()];
        side.remaining += to_signed(self.control.increment_ms + refund);
        self.start(!color, at_ms);
    }

    /// Counts a move by `color` for its period and moves to the next period when the moves
    /// of this one are completed (6.3.2: the unused time carries over).
    fn complete_move(&mut self, color: Color) {
        let side = &mut self.sides[color.index()];
        side.moves_in_period += 1;
        if self.control.periods[side.period].moves == Some(side.moves_in_period) {
            self.advance_period(color);
        }
    }

    /// Moves `color` to the next period (if any), adding its time.
    pub fn advance_period(&mut self, color: Color) {
        let last = self.control.periods.len() - 1;
        let side = &mut self.sides[color.index()];
        if side.period < last {
            side.period += 1;
            side.moves_in_period = 0;
            side.below_five = false;
            side.remaining += to_signed(self.control.periods[side.period].base_ms);
        }
    }

    /// Guidelines III.3.1: both flags fell before the last period and the game goes on: both
    /// players are taken to have reached the time control, with no time left over, and start
    /// the next period at `at_ms`.
    pub fn restart_after_both_flags(&mut self, at_ms: Millis) {
        let running = self.running();
        self.stop(at_ms);
        for color in Color::ALL {
            let side = &mut self.sides[color.index()];
            side.remaining = side.remaining.max(0);
            side.fell = false;
            self.advance_period(color);
        }
        if let Some(color) = running {
            self.start(color, at_ms);
        }
    }

    /// Guidelines III.4: from now on, `ms` is added to each player's main time with every move
    /// completed (the clocks are set with the extra time).
    pub fn introduce_increment(&mut self, ms: Millis) {
        self.control.increment_ms = ms;
    }

    /// Adds time to `color` (FIDE 7.5.5, 9.5.3 penalties for the opponent).
    pub fn add_time(&mut self, color: Color, ms: Millis) {
        self.sides[color.index()].remaining += to_signed(ms);
        self.note_below_five(color);
    }

    /// Whether `color` is in the last period, the one in which all remaining moves must be
    /// completed (Guidelines III.3.1).
    pub fn in_last_period(&self, color: Color) -> bool {
        self.sides[color.index()].period + 1 == self.control.periods.len()
    }

    /// Guidelines III.3.1: whether `color`'s flag has fallen by `at_ms` in the last period. A
    /// flag that fell in an earlier period stays fallen there, even when the player then
    /// completed the moves of that period (the clock adding the next period's time).
    pub fn flag_fell_in_last_period(&self, color: Color, at_ms: Millis) -> bool {
        let side = self.sides[color.index()];
        let last = self.control.periods.len() - 1;
        if side.fell {
            side.fell_period == last
        } else {
            self.remaining_at(color, at_ms) < 0 && side.period == last
        }
    }

    /// FIDE 8.4: whether `color` must record the moves at `at_ms`: not when the player has had
    /// less than five minutes at some stage of the current period (up to `at_ms`) and there is
    /// no increment of 30 seconds or more per move.
    pub fn must_record(&self, color: Color, at_ms: Millis) -> bool {
        let below_five =
            self.sides[color.index()].below_five || self.remaining_at(color, at_ms) < to_signed(FIVE_MINUTES);
        !below_five || self.control.increment_ms >= THIRTY_SECONDS
    }

    fn note_below_five(&mut self, color: Color) {
        let side = &mut self.sides[color.index()];
        if side.remaining < to_signed(FIVE_MINUTES) {
            side.below_five = true;
        }
    }
}

/// A time in ms as a signed number; saturates (no real clock holds 2^63 ms).
fn to_signed(ms: Millis) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}
