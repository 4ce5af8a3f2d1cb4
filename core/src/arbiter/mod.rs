//! The arbiter: an event-driven judge of a game under the Competition Rules (FIDE Arts. 4, 6,
//! 7, 8.4, 9.1-9.5, Appendices A and B, Guidelines III), on top of [`Game`].
//!
//! An [`Arbiter`] is built from [`Settings`] (the Laws edition, the time control, and whether
//! Chapter 2 applies in full or the unsupervised rules of A.5, A.4 in 2018) and is fed
//! [`Event`]s in time order; each event gives back the [`Ruling`]s it led to. The category
//! (standard, rapid, blitz) follows from the time control ([`Category::of`]). The event format
//! (JSON / YAML) is described in [`events`], the clock and its delay modes in [`clock`], the
//! touch-move rules in [`touch`].
//!
//! ```
//! use arbiter_core::arbiter::{Arbiter, Event, Ruling, Settings, TimeControl};
//! use arbiter_core::{Color, Laws};
//!
//! let settings = Settings::new(Laws::Fide2023, TimeControl::sudden_death(3 * 60_000, 2_000));
//! let mut arbiter = Arbiter::new(settings).unwrap();
//! let events: Vec<Event> = serde_json::from_str(r#"[
//!     {"type": "move", "at_ms": 1000, "uci": "e2e4"},
//!     {"type": "move", "at_ms": 2500, "uci": "e7e5"},
//!     {"type": "move", "at_ms": 3000, "uci": "e1e3"}
//! ]"#).unwrap();
//! for event in &events {
//!     arbiter.apply(event).unwrap();
//! }
//! // FIDE 7.5.5 (blitz under adequate supervision, B.2: the Competition Rules): the first
//! // illegal move gives the opponent two minutes (one without supervision, B.3 through A.3).
//! assert_eq!(arbiter.illegal_moves(Color::White), 1);
//! assert_eq!(arbiter.remaining_ms(Color::Black), 3 * 60_000 - 1_500 + 2_000 + 120_000);
//! ```
//!
//! Modelling choices, where the Laws leave room:
//! - A flag falls when the arbiter observes it or a player claims it (6.8): only a `flag` or
//!   `both_flags_fallen` event ends a game on time; a move pressed after the flag fell leaves
//!   the flag down (the clock remembers it) until it is observed.
//! - After an illegal move (supervised) the player's clock keeps running from the time of the
//!   press; no increment is given for it, and the move does not count for the period. Under
//!   7.5.1 "Article 4.3 applies to the move replacing the illegal move": the piece moved, and
//!   the piece it would have captured, count as touched.
//! - A claim stops the clock (9.5.1); the time the arbiter takes is not counted: the game
//!   resumes at the time of the claim.
//! - Without supervision, an illegal move that stands changes the board to `position_after`;
//!   the game's history (repetitions, 5.2.3) then restarts from that board. The core cannot
//!   hold the illegal positions of A.5.4 (both kings in check, a pawn on the last rank): when
//!   the board after the next move is not given, or is still such a position, the game is
//!   drawn (A.5.4).
//! - A forfeit (6.9, 7.5.5, 5.1.2) is judged in the current position through
//!   [`crate::material::checkmate_possible`]; for a flag observed late, that is the position when it
//!   was observed.
//! - When the queen of 7.5.2 mates or otherwise ends the game, the game ends and no penalty
//!   follows.
//! - 7.3 counts the half-moves completed in this game: fewer than 20 (10 by each player)
//!   annuls it.
//! - Guidelines III apply only without increment or delay (III.2.2); the category is not
//!   checked.
//! - Touch-move is enforced on the opponent's claim (4.8): a move the touched pieces do not
//!   allow stands until the opponent claims it ([`Event::ClaimTouchMove`]) before touching a
//!   piece; the claim restores the position and the offender's clock runs from it, with no
//!   time added (12.9 is discretionary). Such a move that would end the game is refused at once
//!   (5.1.1, 5.2.1, 5.2.2 end the game only after a move in accordance with 4.2-4.7).
//! - A move made without a press ([`Event::Made`]) leaves the mover's clock running; a press
//!   while the opponent's clock runs changes no clock; each effective press adds one increment
//!   and counts one move for the period (6.2.1.2 completes a move without adding time).
//! - Guidelines III.4: the arbiter agrees to every request the Guidelines allow; a refusal of
//!   the offer by a move sets the increment after that move.
//! - An event that is refused (an error) leaves the arbiter as it was: each event is decided
//!   on a copy of the state.
//!
//! Settings are serde-(de)serialisable too:
//!
//! ```json
//! {"laws": 2023, "supervision": "unsupervised",
//!  "time_control": {"periods": [{"moves": 40, "base_ms": 5400000}, {"base_ms": 1800000}],
//!                   "increment_ms": 30000, "delay": {"mode": "simple", "ms": 5000}},
//!  "start_fen": "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1"}
//! ```

pub mod category;
pub mod clock;
pub mod events;
pub mod timeline;
pub mod touch;

pub use crate::{Category, Supervision};
pub use arbiter_types::{Delay, DelayMode, Millis, Period, TimeControl, TimeControlError};
pub use category::penalty_ms;
pub use clock::Clock;
pub use events::Event;
pub use timeline::{judge, Judgement, TimelineError};
pub use touch::{allowed_moves, TouchRule, TouchVerdict};

use arbiter_types::DeadMode;
use serde::{Deserialize, Serialize};

use crate::counts::{LOSING_ILLEGAL_MOVE, TEN_MOVES_EACH};
use crate::fen::read_with;
use crate::{
    Article, CastlingMode, ClaimVerdict, Color, FenError, Forfeit, Game, GameError, IllegalPosition, Laws, Move,
    Outcome, Points, Position, Role, Square, Termination, UciError, Validation,
};

/// Guidelines III.4: a player may request the increment with less than two minutes left.
const QUICKPLAY_REQUEST_BELOW_MS: i64 = 2 * 60_000;
/// Guidelines III.4: the increment of five seconds for both players.
const QUICKPLAY_INCREMENT_MS: Millis = 5_000;
/// Guidelines III.4: the two extra minutes for the opponent who refused the request.
const QUICKPLAY_EXTRA_MS: Millis = 2 * 60_000;

/// How the arbiter is set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The edition: its year (`2023`; `"fide2023"` is read too).
    pub laws: Laws,
    /// The time control (FIDE 6.1; its category decides Appendices A and B).
    pub time_control: TimeControl,
    /// Who watches the game (A.5, B.3: play without supervision); full by default.
    #[serde(default)]
    pub supervision: Supervision,
    /// The starting position; the standard one (2.3) when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_fen: Option<String>,
    /// Chess960 (Guidelines II): `start_fen` is read with the castling rules of II.3 (a
    /// castling right names its rook, castling is written king takes own rook); standard
    /// chess by default.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chess960: bool,
    /// Which dead positions end the game (5.2.2), and how a forfeit asks whether the opponent
    /// can still checkmate (6.9, 7.5.5, 5.1.2): in full by default ([`Game::with_rules`]).
    #[serde(default, skip_serializing_if = "is_full")]
    pub dead: DeadMode,
}

/// Whether `dead` is the default mode, left out when the settings are written.
fn is_full(dead: &DeadMode) -> bool {
    *dead == DeadMode::Full
}

impl Settings {
    /// Supervised play from the standard starting position.
    pub fn new(laws: Laws, time_control: TimeControl) -> Settings {
        Settings {
            laws,
            time_control,
            supervision: Supervision::Full,
            start_fen: None,
            chess960: false,
            dead: DeadMode::Full,
        }
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The game ended, how and why.
    Ended(Outcome),
    /// FIDE 7.3: discontinued, to be replayed with the right colours.
    Annulled,
}

/// What the arbiter decided on one event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ruling {
    /// FIDE 6.2.1: the move was made and the clock pressed.
    Moved {
        /// The move (UCI).
        uci: String,
    },
    /// FIDE 1.3, 4.7: the move was made on the board but not completed by a press: the
    /// clock was not pressed, or the mover's clock was not running (the opponent had not
    /// pressed yet). It is completed by the mover's press or next move (6.2.1.2).
    Made {
        /// The move (UCI).
        uci: String,
    },
    /// FIDE 6.2.1, 6.2.2: `player` pressed the clock after a move made on the board.
    Pressed {
        /// The player concerned.
        player: Color,
    },
    /// FIDE 7.5.1 (7.5.3, 7.5.4): an illegal move completed by `player`, the `count`th; the
    /// position before it is reinstated.
    IllegalMove {
        /// The player concerned.
        player: Color,
        /// How many illegal moves this player has completed (7.5.5: the second loses).
        count: u32,
    },
    /// FIDE 7.5.2: the pawn moved to the last rank without promotion becomes a queen.
    PawnReplacedByQueen {
        /// The move (UCI).
        uci: String,
    },
    /// `ms` added to `player`'s clock under `article` (7.5.5, 9.5.3).
    TimeAdded {
        /// The player concerned.
        player: Color,
        /// Milliseconds.
        ms: Millis,
        /// The article applied.
        article: &'static str,
    },
    /// FIDE 4.3-4.5: the move is not one the touched pieces allow; it is not made and the
    /// player must make one of the allowed moves.
    MoveRefused {
        /// The move (UCI).
        uci: String,
        /// What the touched pieces allow (4.3, 4.4).
        rule: TouchRule,
    },
    /// FIDE 4.3: a touch was noted; `rule` now governs the move.
    Touched {
        /// What the touched pieces allow (4.3, 4.4).
        rule: TouchRule,
    },
    /// FIDE 4.3, 4.4, 4.8: `player` completed a move that the touched pieces did not allow
    /// (`rule` allowed others); it stands unless the opponent claims before touching a piece.
    TouchMoveViolated {
        /// The player concerned.
        player: Color,
        /// What the touched pieces allow (4.3, 4.4).
        rule: TouchRule,
    },
    /// FIDE 4.8: the opponent's claim was in time: the position before the move of `player`
    /// stands again and `player` must make a move the touched pieces allow.
    TouchMoveReinstated {
        /// The player concerned.
        player: Color,
    },
    /// FIDE 4.8: no claim against a touch-move violation stands: none was committed, or the
    /// claimant has touched a piece (or moved) since; the game goes on as it is.
    TouchClaimRefused,
    /// FIDE 9.1.2: an offer stands.
    DrawOffered {
        /// The player concerned.
        player: Color,
    },
    /// FIDE 9.1.2.2: the offer of `player` was rejected (orally, by a touch or by a move).
    OfferRejected {
        /// The player concerned.
        player: Color,
    },
    /// FIDE 9.5.3: the claim was incorrect; the game goes on.
    ClaimIncorrect,
    /// FIDE 9.4: the claimant touched a piece and lost the right to claim on this move.
    ClaimRefused,
    /// FIDE 6.8: the flag named has not fallen.
    FlagNotFallen {
        /// The player concerned.
        player: Color,
    },
    /// Without supervision (A.5.2; A.4.2 in 2018): an illegal move waits for the opponent,
    /// who may claim it before moving.
    IllegalMovePending {
        /// The player concerned.
        player: Color,
    },
    /// A.5.2: the opponent moved without claiming; the illegal move stands.
    IllegalMoveStands {
        /// The player concerned.
        player: Color,
    },
    /// The game goes on under `article` (7.3 with 10 moves each; III.3.1 before the last period).
    GameContinues {
        /// The article applied.
        article: &'static str,
    },
    /// The game is annulled (FIDE 7.2.1: incorrect initial position; 7.3: colours reversed
    /// before each player made 10 moves).
    Annulled {
        /// The article applied.
        article: &'static str,
    },
    /// Guidelines III.4: the request for an increment was refused by the opponent and the
    /// clocks are set with `ms` per move for both players.
    IncrementIntroduced {
        /// Milliseconds.
        ms: Millis,
    },
    /// Guidelines III.4 (III.2.2): the request for an increment is not one the Guidelines
    /// allow (two minutes or more left, a game with increment or delay, blitz); it has no
    /// effect and is no draw offer.
    IncrementRefused,
    /// The game ended.
    Ended(Outcome),
}

impl Ruling {
    /// The article the ruling applies, numbered as in `laws`.
    pub fn article(&self, laws: Laws) -> &'static str {
        match self {
            Ruling::Moved { .. } | Ruling::Pressed { .. } => "6.2.1",
            Ruling::Made { .. } => "6.2.1.2",
            Ruling::IllegalMove { .. } => "7.5.1",
            Ruling::PawnReplacedByQueen { .. } => "7.5.2",
            Ruling::TimeAdded { article, .. } | Ruling::GameContinues { article } => article,
            Ruling::MoveRefused { rule, .. } | Ruling::Touched { rule } => rule.article(),
            Ruling::TouchMoveViolated { .. } | Ruling::TouchMoveReinstated { .. } | Ruling::TouchClaimRefused => "4.8",
            Ruling::DrawOffered { .. } | Ruling::OfferRejected { .. } => "9.1.2",
            Ruling::ClaimIncorrect => "9.5.3",
            Ruling::ClaimRefused => "9.4",
            Ruling::FlagNotFallen { .. } => "6.8",
            Ruling::IllegalMovePending { .. } | Ruling::IllegalMoveStands { .. } => {
                laws.article(Article::RapidIllegalMove)
            }
            Ruling::Annulled { article } => article,
            Ruling::IncrementIntroduced { .. } | Ruling::IncrementRefused => "III.4",
            Ruling::Ended(outcome) => outcome.termination().article(laws),
        }
    }
}

/// An event the arbiter cannot take: bad input, or an event that contradicts the state.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArbiterError {
    /// An event after the end of the game.
    #[error("the game is over ({0:?}); event at {1} ms cannot follow")]
    Finished(Status, Millis),
    /// An event timed before the one before it.
    #[error("event at {at} ms comes before the previous event at {last} ms")]
    TimeGoesBack {
        /// The event's time.
        at: Millis,
        /// The time of the event before it.
        last: Millis,
    },
    /// A time control that cannot be set.
    #[error(transparent)]
    TimeControl(#[from] TimeControlError),
    /// A move or position the game refuses.
    #[error(transparent)]
    Game(#[from] GameError),
    /// A touch of something that is not a square.
    #[error("not a square: {0:?}")]
    Square(String),
    /// A `position_after` that cannot be read.
    #[error("position_after {fen:?}: {error}")]
    PositionAfter {
        /// The FEN given.
        fen: String,
        /// Why it cannot be read.
        error: FenError,
    },
    /// A `position_after` with the wrong side to move.
    #[error("position_after: after the illegal move by {0} it is the opponent's turn, but the FEN gives {0} to move")]
    PositionAfterTurn(Color),
    /// An illegal move that stands (A.5.2) without a board to continue from.
    #[error("A.5.2: the illegal move by {0} stands, but the event gave no readable position_after to continue from")]
    UnknownBoard(Color),
    /// Play without supervision in a standard game (A.5 is for rapid and blitz).
    #[error("no supervision (A.5) is for rapid and blitz only; this time control is {0:?}")]
    UnsupervisedStandard(Category),
    /// An acceptance or a rejection with no offer standing.
    #[error("{player} cannot {action}: no draw offer by the opponent stands")]
    NoOffer {
        /// The player who would accept or reject.
        player: Color,
        /// What the player did (`accept`, `reject`).
        action: &'static str,
    },
    /// A claim of an illegal move when none is pending.
    #[error("no illegal move is pending (A.5.2 claims are for play without supervision, before the opponent moves)")]
    NoPendingIllegalMove,
    /// Guidelines III.3.1 claimed while a flag still stands.
    #[error("III.3.1: not both flags have fallen at {0} ms")]
    NotBothFlags(Millis),
    /// Guidelines III applied to a game with increment or delay.
    #[error("Guidelines III (III.2.2) apply only to games without increment or delay")]
    QuickplayWithExtraTime,
    /// An event other than the opponent's move or claim while an illegal move is pending.
    #[error("an illegal move by {0} is pending; the opponent must move or claim first")]
    PendingIllegalMove(Color),
}

/// The board an unsupervised illegal move left.
#[derive(Clone, Debug)]
enum Board {
    /// A position the core can play on.
    Legal(Position),
    /// A.5.4: both kings in check (or the side not to move in check) or a pawn on the last rank.
    Illegal,
    /// No board given.
    Unknown,
}

/// A move completed against the touched pieces, which the opponent may still claim (4.8).
#[derive(Clone, Debug)]
struct Violation {
    offender: Color,
    /// The game before the move.
    game: Game,
    /// The pieces touched before it.
    touched: Vec<Square>,
}

/// An illegal move completed without supervision, not yet claimed (A.5.2).
#[derive(Clone, Debug)]
struct Pending {
    offender: Color,
    board: Board,
    /// The pieces the illegal move touched (7.5.1: 4.3 applies to the replacing move).
    touched: Vec<Square>,
    /// 7.5.2: the queen promotion an unpromoted pawn move becomes if claimed.
    queen: Option<Move>,
}

/// The event-driven arbiter of one game.
#[derive(Clone, Debug)]
pub struct Arbiter {
    laws: Laws,
    /// Which dead positions end the game, and how forfeits judge the opponent's mate.
    dead: DeadMode,
    supervision: Supervision,
    category: Category,
    game: Game,
    clock: Clock,
    status: Status,
    illegal_moves: [u32; 2],
    touched: Vec<Square>,
    offer: Option<Color>,
    /// FIDE 4.8: the opponent's last move broke 4.3/4.4 and may still be claimed.
    violation: Option<Box<Violation>>,
    /// FIDE 6.2.1.2: each side's last move was made on the board but not completed by a press.
    unpressed: [bool; 2],
    /// Guidelines III.4: the standing offer is a request for an increment.
    increment_requested: bool,
    pending: Option<Pending>,
    plies: usize,
    last_at: Millis,
}

impl Arbiter {
    /// An arbiter for a game under `settings`, White's clock running from time 0.
    pub fn new(settings: Settings) -> Result<Arbiter, ArbiterError> {
        let category = Category::of(&settings.time_control);
        if settings.supervision == Supervision::Unsupervised && category == Category::Standard {
            return Err(ArbiterError::UnsupervisedStandard(category));
        }
        let start = match &settings.start_fen {
            Some(fen) => {
                Position::from_fen_in(fen, CastlingMode::from_chess960(settings.chess960)).map_err(GameError::from)?
            }
            None => Position::startpos(),
        };
        let game = Game::with_rules(start, settings.laws, settings.dead);
        let mut clock = Clock::new(settings.time_control)?;
        if game.position().turn() == Color::Black {
            clock.stop(0);
            clock.start(Color::Black, 0);
        }
        let status = game.outcome().map_or(Status::Ongoing, Status::Ended);
        Ok(Arbiter {
            laws: settings.laws,
            dead: settings.dead,
            supervision: settings.supervision,
            category,
            game,
            clock,
            status,
            illegal_moves: [0; 2],
            touched: Vec::new(),
            offer: None,
            violation: None,
            unpressed: [false; 2],
            increment_requested: false,
            pending: None,
            plies: 0,
            last_at: 0,
        })
    }

    /// The edition of the Laws the game is played under.
    pub fn laws(&self) -> Laws {
        self.laws
    }

    /// The category of the time control (standard, rapid, blitz: Appendices A, B).
    pub fn category(&self) -> Category {
        self.category
    }

    /// Who watches the game (A.5: play without supervision).
    pub fn supervision(&self) -> Supervision {
        self.supervision
    }

    /// The game: its position and moves.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The clock (FIDE 6).
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// FIDE 10.1: the points `color` scored, once the game has ended (none if annulled or
    /// still going on).
    pub fn points(&self, color: Color) -> Option<Points> {
        match self.status {
            Status::Ended(outcome) => Some(outcome.points(color)),
            _ => None,
        }
    }

    /// The main time `color` has left at the last event.
    pub fn remaining_ms(&self, color: Color) -> i64 {
        self.clock.remaining_at(color, self.last_at)
    }

    /// How many illegal moves `color` has completed (7.5.5).
    pub fn illegal_moves(&self, color: Color) -> u32 {
        self.illegal_moves[color.index()]
    }

    /// The player whose turn it is: the side to move, or the opponent of a player whose
    /// unsupervised illegal move is pending.
    pub fn to_move(&self) -> Color {
        match &self.pending {
            Some(p) => !p.offender,
            None => self.game.position().turn(),
        }
    }

    /// FIDE 4.3-4.5: the moves the player to move may make after the touches so far.
    pub fn allowed_moves(&self) -> TouchVerdict {
        allowed_moves(self.game.position(), &self.touched)
    }

    /// The draw offer that stands, by whom.
    pub fn draw_offer(&self) -> Option<Color> {
        self.offer
    }

    /// FIDE 8.4 (A.2 for rapid and blitz): whether `color` must record the moves at the time
    /// of the last event.
    pub fn must_record(&self, color: Color) -> bool {
        self.category.requires_recording() && self.clock.must_record(color, self.last_at)
    }

    /// FIDE 7.5.5, 9.5.3 (A.3, B.2/B.3): the time given to the opponent for an illegal move or
    /// an incorrect claim.
    pub fn penalty_ms(&self) -> Millis {
        penalty_ms(self.category, self.laws, self.supervision)
    }

    /// Applies one event and returns what the arbiter decided. An error leaves the arbiter
    /// unchanged.
    pub fn apply(&mut self, event: &Event) -> Result<Vec<Ruling>, ArbiterError> {
        let at = event.at_ms();
        if self.status != Status::Ongoing {
            return Err(ArbiterError::Finished(self.status, at));
        }
        if at < self.last_at {
            return Err(ArbiterError::TimeGoesBack { at, last: self.last_at });
        }
        let mut next = self.clone();
        next.last_at = at;
        let rulings = next.decide(event, at)?;
        *self = next;
        Ok(rulings)
    }

    /// Applies events in order, stopping at the first error; returns every ruling.
    pub fn apply_all<'a>(&mut self, events: impl IntoIterator<Item = &'a Event>) -> Result<Vec<Ruling>, ArbiterError> {
        let mut all = Vec::new();
        for event in events {
            all.extend(self.apply(event)?);
        }
        Ok(all)
    }

    fn decide(&mut self, event: &Event, at: Millis) -> Result<Vec<Ruling>, ArbiterError> {
        if let Some(p) = &self.pending {
            // The board is not known until the opponent moves: only these can come first.
            let allowed = matches!(
                event,
                Event::Move { .. }
                    | Event::ClaimIllegalMove { .. }
                    | Event::Resign { .. }
                    | Event::Flag { .. }
                    | Event::BothFlagsFallen { .. }
                    | Event::ColoursReversed { .. }
                    | Event::InitialPositionIncorrect { .. }
            );
            if !allowed {
                return Err(ArbiterError::PendingIllegalMove(p.offender));
            }
        }
        match event {
            Event::Move { uci, position_after, .. } => self.on_move(at, uci, position_after.as_deref()),
            Event::Made { uci, .. } => self.on_made(at, uci),
            Event::PressWithoutMove { .. } if self.clock.running().is_some_and(|p| self.unpressed[p.index()]) => {
                Ok(self.on_late_press(at))
            }
            Event::PressWithoutMove { .. } => {
                let pos = *self.game.position();
                self.on_illegal(at, None, || Ok(pass(&pos)))
            }
            Event::TwoHands { uci, .. } => {
                self.violation = None;
                let pos = *self.game.position();
                let m = pos.parse_uci(uci).map_err(GameError::from)?;
                self.on_illegal(at, Some(m), || Ok(pos.play(m).map_or(Board::Unknown, Board::Legal)))
            }
            Event::Touch { square, .. } => self.on_touch(square),
            Event::DrawOffer { player, .. } => Ok(self.on_offer(*player)),
            Event::DrawAccept { player, .. } => self.on_accept(*player),
            Event::DrawDecline { player, .. } => self.on_decline(*player),
            Event::Claim { claim, intended, .. } => self.on_claim(at, *claim, intended.as_deref()),
            Event::ClaimIllegalMove { .. } => self.on_claim_illegal(at),
            Event::Resign { player, .. } => {
                let outcome = self.game.decided_forfeit(*player, Forfeit::Resignation)?;
                Ok(vec![self.end(outcome)])
            }
            Event::Flag { player, .. } => self.on_flag(at, *player),
            Event::BothFlagsFallen { .. } => self.on_both_flags(at),
            Event::ColoursReversed { .. } => Ok(self.on_colours_reversed()),
            Event::InitialPositionIncorrect { .. } => Ok(self.on_initial_position_incorrect()),
            Event::RequestIncrement { .. } => Ok(self.on_request_increment()),
            Event::ClaimTouchMove { .. } => Ok(self.on_claim_touch_move(at)),
        }
    }

    fn end(&mut self, outcome: Outcome) -> Ruling {
        self.status = Status::Ended(outcome);
        self.offer = None;
        self.increment_requested = false;
        Ruling::Ended(outcome)
    }

    /// A move made and the clock pressed by the player to move.
    fn on_move(&mut self, at: Millis, uci: &str, position_after: Option<&str>) -> Result<Vec<Ruling>, ArbiterError> {
        let mut rulings = Vec::new();
        if let Some(pending) = self.pending.take() {
            match self.resolve_pending(pending, at, position_after)? {
                Some(ruling) => return Ok(vec![ruling]),
                None => rulings.push(Ruling::IllegalMoveStands { player: !self.game.position().turn() }),
            }
        }
        let pos = *self.game.position();
        self.violation = None;
        match pos.parse_uci(uci) {
            Ok(m) => {
                let verdict = self.allowed_moves();
                if !verdict.allows(m) {
                    rulings.extend(self.against_touch(at, m, true, verdict.rule)?);
                    return Ok(rulings);
                }
                rulings.extend(self.complete_move(at, m)?);
            }
            Err(e @ UciError::Malformed(_)) => return Err(GameError::from(e).into()),
            Err(UciError::Illegal { .. }) => match unpromoted(&pos, uci) {
                Some(queen) => rulings.extend(self.on_unpromoted(at, queen)?),
                None => {
                    let m = pseudo_move(&pos, uci);
                    let board = || position_after.map_or(Ok(Board::Unknown), read_board);
                    rulings.extend(self.on_illegal(at, m, board)?);
                }
            },
        }
        Ok(rulings)
    }

    /// A legal move made and the clock pressed (6.2.1); ends the game if the move does.
    fn complete_move(&mut self, at: Millis, m: Move) -> Result<Vec<Ruling>, ArbiterError> {
        self.make_move(at, m, true)
    }

    /// FIDE 1.3, 4.7, 6.2.1.2: a legal move made on the board, the clock not pressed (the
    /// touched pieces decide the moves allowed, as for a move pressed).
    fn on_made(&mut self, at: Millis, uci: &str) -> Result<Vec<Ruling>, ArbiterError> {
        let m = self.game.position().parse_uci(uci).map_err(GameError::from)?;
        self.violation = None;
        let verdict = self.allowed_moves();
        if !verdict.allows(m) {
            return self.against_touch(at, m, false, verdict.rule);
        }
        self.make_move(at, m, false)
    }

    /// FIDE 4.3, 4.4, 4.8: a legal move that the touched pieces do not allow. It is made and
    /// stands unless the opponent claims before touching a piece (4.8). A move that would end
    /// the game is refused instead: checkmate, stalemate and a dead position end the game only
    /// when the move producing them was in accordance with 4.2-4.7 (5.1.1, 5.2.1, 5.2.2), and the
    /// player must make a move the touched pieces allow.
    fn against_touch(
        &mut self,
        at: Millis,
        m: Move,
        press: bool,
        rule: TouchRule,
    ) -> Result<Vec<Ruling>, ArbiterError> {
        let uci = self.game.position().uci(m);
        let mut trial = self.game.clone();
        if trial.play(m)?.is_some() {
            return Ok(vec![Ruling::MoveRefused { uci, rule }]);
        }
        let offender = self.game.position().turn();
        let before = Violation { offender, game: self.game.clone(), touched: std::mem::take(&mut self.touched) };
        let mut rulings = self.make_move(at, m, press)?;
        rulings.push(Ruling::TouchMoveViolated { player: offender, rule });
        self.violation = Some(Box::new(before));
        Ok(rulings)
    }

    /// FIDE 4.8: the player to move claims against the opponent's touch-move violation. In
    /// time (no piece touched since), the position before the move stands again, with the same
    /// pieces touched; the offender's clock runs from the claim, the time used so far staying
    /// used. Otherwise the claim is refused and changes nothing.
    fn on_claim_touch_move(&mut self, at: Millis) -> Vec<Ruling> {
        let claimant = self.to_move();
        let Some(violation) = self.violation.take().filter(|v| v.offender == !claimant) else {
            return vec![Ruling::TouchClaimRefused];
        };
        let Violation { offender, game, touched } = *violation;
        self.game = game;
        self.touched = touched;
        self.plies = self.plies.saturating_sub(1);
        self.unpressed = [false; 2];
        self.clock.stop(at);
        self.clock.start(offender, at);
        vec![Ruling::TouchMoveReinstated { player: offender }]
    }

    /// FIDE 6.2.1, 6.2.2: the player whose clock runs presses it after a move made on the board,
    /// even after the opponent has made the next move: the time to the press is charged and the
    /// increment added, and the opponent's clock starts.
    fn on_late_press(&mut self, at: Millis) -> Vec<Ruling> {
        let Some(player) = self.clock.running() else {
            return Vec::new();
        };
        self.clock.press(player, at);
        self.unpressed[player.index()] = false;
        vec![Ruling::Pressed { player }]
    }

    /// A legal move made on the board, and the clock pressed if `press` (6.2.1); ends the game
    /// if the move does (6.2.1.1: then it is complete without a press). A press while the
    /// opponent's clock runs (the opponent made a move and has not pressed) changes no clock:
    /// the move stays uncompleted until the mover's next move (6.2.1.2) or press.
    fn make_move(&mut self, at: Millis, m: Move, press: bool) -> Result<Vec<Ruling>, ArbiterError> {
        let mover = self.game.position().turn();
        let uci = self.game.position().uci(m);
        let outcome = self.game.play(m)?;
        let pressed = press && self.clock.running() != Some(!mover);
        if pressed {
            self.clock.press(mover, at);
        }
        self.unpressed[mover.index()] = !pressed;
        self.plies += 1;
        self.touched.clear();
        let mut rulings = vec![if pressed { Ruling::Moved { uci } } else { Ruling::Made { uci } }];
        if self.offer == Some(!mover) {
            // 9.1.2.2: the opponent's offer is rejected by completing a move.
            rulings.extend(self.reject_offer(!mover));
        }
        if let Some(outcome) = outcome {
            rulings.push(self.end(outcome));
        }
        Ok(rulings)
    }

    /// FIDE 7.5.2: a pawn moved to the last rank without promotion, clock pressed.
    fn on_unpromoted(&mut self, at: Millis, queen: Move) -> Result<Vec<Ruling>, ArbiterError> {
        if self.supervision == Supervision::Unsupervised {
            // A.5.4: a pawn on the furthest rank is an illegal position on the board.
            return Ok(self.hold_illegal(at, Board::Illegal, Vec::new(), Some(queen)));
        }
        let player = self.game.position().turn();
        let uci = self.game.position().uci(queen);
        let mut rulings = vec![Ruling::PawnReplacedByQueen { uci }];
        let moved = self.complete_move(at, queen)?;
        let ended = moved.iter().any(|r| matches!(r, Ruling::Ended(_)));
        rulings.extend(moved);
        if !ended {
            rulings.extend(self.penalise(player)?);
        }
        Ok(rulings)
    }

    /// FIDE 7.5.1, 7.5.3, 7.5.4: an illegal move completed (`m`, if a move was made at all).
    /// Without supervision, `board` gives the board the illegal move left (A.5.2).
    fn on_illegal(
        &mut self,
        at: Millis,
        m: Option<Move>,
        board: impl FnOnce() -> Result<Board, ArbiterError>,
    ) -> Result<Vec<Ruling>, ArbiterError> {
        let touched = m.map_or_else(Vec::new, |m| touched_by(self.game.position(), m));
        if self.supervision == Supervision::Unsupervised {
            let board = board()?;
            return Ok(self.hold_illegal(at, board, touched, None));
        }
        let player = self.game.position().turn();
        self.reinstate(at, player, touched)
    }

    /// FIDE 7.5.1, 7.5.5: the position before the illegal move by `player` stands again (the
    /// game's position never changed), the player's clock runs from `at`, the pieces the move
    /// touched must be moved under 4.3, and the illegal move is penalised.
    fn reinstate(&mut self, at: Millis, player: Color, touched: Vec<Square>) -> Result<Vec<Ruling>, ArbiterError> {
        self.clock.stop(at);
        self.clock.start(player, at);
        self.touched = touched;
        self.penalise(player)
    }

    /// FIDE 7.5.5: counts an illegal move by `player`; the first gives the opponent the
    /// penalty time, the second loses (or draws if the opponent cannot mate).
    fn penalise(&mut self, player: Color) -> Result<Vec<Ruling>, ArbiterError> {
        let count = {
            let n = &mut self.illegal_moves[player.index()];
            *n += 1;
            *n
        };
        let mut rulings = vec![Ruling::IllegalMove { player, count }];
        if count >= LOSING_ILLEGAL_MOVE {
            let outcome = self.game.decided_forfeit(player, Forfeit::IllegalMoves)?;
            rulings.push(self.end(outcome));
        } else {
            let ms = self.penalty_ms();
            self.clock.add_time(!player, ms);
            rulings.push(Ruling::TimeAdded { player: !player, ms, article: "7.5.5" });
        }
        Ok(rulings)
    }

    /// A.5.2 (A.4.2 in 2018): without supervision, the illegal move is completed and the
    /// opponent's clock runs; it stands unless the opponent claims before moving.
    fn hold_illegal(&mut self, at: Millis, board: Board, touched: Vec<Square>, queen: Option<Move>) -> Vec<Ruling> {
        let offender = self.game.position().turn();
        self.clock.press(offender, at);
        self.plies += 1;
        self.touched.clear();
        self.pending = Some(Pending { offender, board, touched, queen });
        vec![Ruling::IllegalMovePending { player: offender }]
    }

    /// The opponent moves after an unclaimed illegal move: it stands (A.5.2). Returns a
    /// ruling that ends the game (A.5.4) or `None` when play goes on from the board.
    fn resolve_pending(
        &mut self,
        pending: Pending,
        at: Millis,
        position_after: Option<&str>,
    ) -> Result<Option<Ruling>, ArbiterError> {
        match pending.board {
            Board::Legal(pos) => {
                if pos.turn() == pending.offender {
                    return Err(ArbiterError::PositionAfterTurn(pending.offender));
                }
                self.game = Game::with_rules(pos, self.laws, self.dead);
                // The board the illegal move left may itself end the game (mate, stalemate,
                // dead position: 5.1.1, 5.2.1, 5.2.2); then no move can follow it.
                Ok(self.game.outcome().map(|o| self.end(o)))
            }
            Board::Unknown => Err(ArbiterError::UnknownBoard(pending.offender)),
            Board::Illegal => {
                // A.5.4: wait until the next move is completed; an illegal position still on
                // the board then is a draw. The board after the move is `position_after`;
                // without it the illegal position is taken to be still there.
                let mover = !pending.offender;
                let board = match position_after {
                    Some(fen) => read_board(fen)?,
                    None => Board::Illegal,
                };
                self.clock.press(mover, at);
                self.plies += 1;
                match board {
                    Board::Legal(pos) => {
                        self.game = Game::with_rules(pos, self.laws, self.dead);
                        let outcome = self.game.outcome();
                        Ok(Some(match outcome {
                            Some(o) => self.end(o),
                            None => Ruling::IllegalMoveStands { player: pending.offender },
                        }))
                    }
                    _ => Ok(Some(self.end(Outcome::draw(Termination::IllegalPositionStands)))),
                }
            }
        }
    }

    /// A.5.2 (A.4.2 in 2018): the opponent claims the pending illegal move before moving (or
    /// the arbiter intervenes): the arbiter acts according to 7.5.1-7.5.5: the position before
    /// the illegal move is reinstated, or (7.5.2) the unpromoted pawn becomes a queen and the
    /// claimant, whose clock runs, has the move; then the illegal move is penalised.
    fn on_claim_illegal(&mut self, at: Millis) -> Result<Vec<Ruling>, ArbiterError> {
        let pending = self.pending.take().ok_or(ArbiterError::NoPendingIllegalMove)?;
        let Some(queen) = pending.queen else {
            return self.reinstate(at, pending.offender, pending.touched);
        };
        let uci = self.game.position().uci(queen);
        let mut rulings = vec![Ruling::PawnReplacedByQueen { uci }];
        if let Some(outcome) = self.game.play(queen)? {
            rulings.push(self.end(outcome));
        } else {
            rulings.extend(self.penalise(pending.offender)?);
        }
        Ok(rulings)
    }

    fn on_touch(&mut self, square: &str) -> Result<Vec<Ruling>, ArbiterError> {
        let sq: Square = square.parse().map_err(|_| ArbiterError::Square(square.to_owned()))?;
        let mut rulings = Vec::new();
        if self.game.position().piece_at(sq).is_some() {
            // 4.8: touching a piece forfeits the claim against the opponent's violation.
            self.violation = None;
            self.touched.push(sq);
            let player = self.game.position().turn();
            if self.offer == Some(!player) {
                // 9.1.2.2: a touch with the intention of moving or capturing rejects the offer.
                rulings.extend(self.reject_offer(!player));
            }
        }
        rulings.push(Ruling::Touched { rule: self.allowed_moves().rule });
        Ok(rulings)
    }

    fn on_offer(&mut self, player: Color) -> Vec<Ruling> {
        self.offer = Some(player);
        self.increment_requested = false;
        vec![Ruling::DrawOffered { player }]
    }

    /// FIDE 9.1.2.2: the offer of `offerer` is rejected (orally, by a touch or by a move).
    /// Guidelines III.4: if the offer was a request for an increment, the arbiter agrees to
    /// the request: the clocks are set with five seconds per move for both players and the
    /// opponent of the requester gets two extra minutes.
    fn reject_offer(&mut self, offerer: Color) -> Vec<Ruling> {
        self.offer = None;
        let mut rulings = vec![Ruling::OfferRejected { player: offerer }];
        if std::mem::take(&mut self.increment_requested) {
            self.clock.introduce_increment(QUICKPLAY_INCREMENT_MS);
            self.clock.add_time(!offerer, QUICKPLAY_EXTRA_MS);
            rulings.push(Ruling::IncrementIntroduced { ms: QUICKPLAY_INCREMENT_MS });
            rulings.push(Ruling::TimeAdded { player: !offerer, ms: QUICKPLAY_EXTRA_MS, article: "III.4" });
        }
        rulings
    }

    /// Guidelines III.4: the player having the move, with less than two minutes left, requests
    /// an increment of five seconds for both players; this is a draw offer. The Guidelines
    /// apply only to standard and rapid games without increment (III.2.2; a delay counts as
    /// extra time per move): elsewhere, or with two minutes or more left, the request is
    /// refused and changes nothing.
    fn on_request_increment(&mut self) -> Vec<Ruling> {
        let player = self.to_move();
        let allowed = self.clock.control().extra_per_move_ms() == 0
            && self.category != Category::Blitz
            && self.remaining_ms(player) < QUICKPLAY_REQUEST_BELOW_MS;
        if !allowed {
            return vec![Ruling::IncrementRefused];
        }
        let rulings = self.on_offer(player);
        self.increment_requested = true;
        rulings
    }

    fn on_accept(&mut self, player: Color) -> Result<Vec<Ruling>, ArbiterError> {
        if self.offer != Some(!player) {
            return Err(ArbiterError::NoOffer { player, action: "accept a draw" });
        }
        let outcome = self.game.agree_draw()?;
        Ok(vec![self.end(outcome)])
    }

    fn on_decline(&mut self, player: Color) -> Result<Vec<Ruling>, ArbiterError> {
        if self.offer != Some(!player) {
            return Err(ArbiterError::NoOffer { player, action: "decline a draw" });
        }
        Ok(self.reject_offer(!player))
    }

    /// FIDE 9.4, 9.5, 9.1.2.3: a draw claim by the player to move.
    fn on_claim(
        &mut self,
        at: Millis,
        claim: crate::DrawClaim,
        intended: Option<&str>,
    ) -> Result<Vec<Ruling>, ArbiterError> {
        if !self.touched.is_empty() {
            return Ok(vec![Ruling::ClaimRefused]);
        }
        let claimant = self.game.position().turn();
        let m = intended.map(|uci| self.game.position().parse_uci(uci)).transpose().map_err(GameError::from)?;
        self.clock.stop(at);
        // 9.5.2: a correct claim draws at once; the intended move is not played. (Game::claim_draw
        // is called only for a correct claim: for an incorrect one it would play the move
        // without the clock.)
        if self.game.claim_is_correct(claim, m)? {
            if let ClaimVerdict::Correct(outcome) = self.game.claim_draw(claim, m)? {
                return Ok(vec![self.end(outcome)]);
            }
        }
        // 9.5.3: the opponent gets the penalty time and the game goes on; an intended move
        // must be played (and completes the claimant's move).
        let ms = self.penalty_ms();
        self.clock.add_time(!claimant, ms);
        let mut rulings = vec![Ruling::ClaimIncorrect, Ruling::TimeAdded { player: !claimant, ms, article: "9.5.3" }];
        match m {
            Some(m) => rulings.extend(self.complete_move(at, m)?),
            None => self.clock.start(claimant, at),
        }
        if self.status == Status::Ongoing {
            // 9.1.2.3: the claim counts as a draw offer.
            rulings.extend(self.on_offer(claimant));
        }
        Ok(rulings)
    }

    /// FIDE 6.8, 6.9, A.5.3: `player`'s flag observed or claimed.
    fn on_flag(&mut self, at: Millis, player: Color) -> Result<Vec<Ruling>, ArbiterError> {
        if !self.clock.flag_fallen(player, at) {
            return Ok(vec![Ruling::FlagNotFallen { player }]);
        }
        self.pending = None;
        let outcome = self.game.decided_forfeit(player, Forfeit::FlagFall)?;
        Ok(vec![self.end(outcome)])
    }

    /// Guidelines III.3.1: both flags fallen, which first unknown: drawn if a flag fell in the
    /// last period (III.3.1.2), else the game continues (III.3.1.1), also when a player whose
    /// flag fell has since completed the moves of that period.
    fn on_both_flags(&mut self, at: Millis) -> Result<Vec<Ruling>, ArbiterError> {
        if self.clock.control().extra_per_move_ms() > 0 {
            return Err(ArbiterError::QuickplayWithExtraTime);
        }
        if !(self.clock.flag_fallen(Color::White, at) && self.clock.flag_fallen(Color::Black, at)) {
            return Err(ArbiterError::NotBothFlags(at));
        }
        if self.clock.flag_fell_in_last_period(Color::White, at)
            || self.clock.flag_fell_in_last_period(Color::Black, at)
        {
            return Ok(vec![self.end(Outcome::draw(Termination::BothFlagsFallen))]);
        }
        self.clock.restart_after_both_flags(at);
        Ok(vec![Ruling::GameContinues { article: "III.3.1" }])
    }

    /// FIDE 7.3: colours reversed: annulled if fewer than 10 moves by each player, else the
    /// game goes on.
    /// FIDE 7.2.1: an incorrect initial position annuls the game; without supervision, once
    /// each player has completed ten moves, no claim can be made about the set-up (A.5.1;
    /// A.4.1 in 2018) and the game goes on.
    fn on_initial_position_incorrect(&mut self) -> Vec<Ruling> {
        if self.supervision == Supervision::Unsupervised && self.plies >= TEN_MOVES_EACH {
            vec![Ruling::GameContinues { article: self.laws.article(Article::RapidSetupClaims) }]
        } else {
            self.annul("7.2.1")
        }
    }

    fn on_colours_reversed(&mut self) -> Vec<Ruling> {
        if self.plies < TEN_MOVES_EACH {
            self.annul("7.3")
        } else {
            vec![Ruling::GameContinues { article: "7.3" }]
        }
    }
}

impl Arbiter {
    /// The game is cancelled (FIDE 7.2.1, 7.3): no result, no points.
    fn annul(&mut self, article: &'static str) -> Vec<Ruling> {
        self.status = Status::Annulled;
        self.offer = None;
        self.increment_requested = false;
        vec![Ruling::Annulled { article }]
    }
}

/// FIDE 7.5.1: the pieces an illegal move `m` touched: the piece moved, and the opponent's
/// piece on its arrival square.
fn touched_by(pos: &Position, m: Move) -> Vec<Square> {
    let mut touched = vec![m.from()];
    touched.extend(pos.captured(m));
    touched
}

/// FIDE 7.5.2: `uci` moves a pawn to the last rank without promoting; the queen promotion it
/// becomes, if that is legal.
fn unpromoted(pos: &Position, uci: &str) -> Option<Move> {
    if uci.len() != 4 {
        return None;
    }
    let m = pos.parse_uci(&format!("{uci}q")).ok()?;
    (pos.role_at(m.from()) == Some(Role::Pawn)).then_some(m)
}

/// The move `uci` describes, legal or not, when its squares can be read (for 7.5.1 touches).
fn pseudo_move(pos: &Position, uci: &str) -> Option<Move> {
    let from: Square = uci.get(0..2)?.parse().ok()?;
    let to: Square = uci.get(2..4)?.parse().ok()?;
    pos.piece_at(from).map(|_| Move::normal(from, to))
}

/// The board with the other side to move and no en passant (7.5.3 without supervision: the
/// clock was pressed without a move and the press stands); an illegal position (A.5.4) if the
/// player who pressed is in check.
fn pass(pos: &Position) -> Board {
    let fen = pos.fen();
    let turn = if pos.turn() == Color::White { "b" } else { "w" };
    let fields: Vec<&str> = fen
        .split(' ')
        .enumerate()
        .map(|(i, field)| match i {
            1 => turn,
            3 => "-",
            _ => field,
        })
        .collect();
    read_board(&fields.join(" ")).unwrap_or(Board::Unknown)
}

/// Reads the board after an unsupervised illegal move: a position the core can play on, or
/// one of the illegal positions of A.5.4.
fn read_board(fen: &str) -> Result<Board, ArbiterError> {
    match read_with(fen, CastlingMode::Standard, Validation::AllowImpossibleChecks) {
        Ok(pos) => Ok(Board::Legal(pos)),
        Err(FenError::Illegal(IllegalPosition::OppositeCheck(_) | IllegalPosition::PawnsOnBackRank)) => {
            Ok(Board::Illegal)
        }
        Err(error) => Err(ArbiterError::PositionAfter { fen: fen.to_owned(), error }),
    }
}
