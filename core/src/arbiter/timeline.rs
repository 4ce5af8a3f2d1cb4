//! A game's events as cases and the adapter protocol write them ([`arbiter_types::Event`]),
//! judged in time order: the one definition of what an event list means.
//!
//! - The moves before the events (a case's `moves`) are played one second apart from the
//!   moment White's clock was started; an event without `at` comes one second after the one
//!   before it.
//! - A `play`, or a `move` followed by a clock press, is a completed move (FIDE 6.2.1; an
//!   illegal one falls under 7.5); a clock press with no move before it is 7.5.3.
//! - A `move` followed by `offer_draw` is the mover's offer, made between the move and the
//!   press (9.1.2).
//! - A `move` with no press after it is made all the same (4.7: the piece released on its
//!   square stays there; 1.3: the opponent has the move) but not completed: the board and the
//!   moves allowed are those after it, the mover's clock runs on (no increment, 6.2.1), unless
//!   the move ends the game, which completes it (6.2.1.1). The opponent may move on the board
//!   (a press while the mover's clock runs changes no clock); the mover's next move completes
//!   the move left unpressed (6.2.1.2), and the mover's press, even after the opponent's move,
//!   stops the mover's clock (6.2.2). An illegal move is completed only by a press (7.5.1): one
//!   left without a press may only end the events.
//! - A flag seen to fall without `at` is seen when the side's time has run out.
//! - A draw is offered by the player to move (9.1.2) and accepted or declined by the opponent
//!   of the player whose offer stands.
//! - An agreement before both players have moved has no effect (5.2.3), and nothing after the
//!   game has ended changes its result (5.1, 5.2, 10.2).
//!
//! ```
//! use arbiter_core::arbiter::{judge, Settings, TimeControl};
//! use arbiter_core::types::{Action, Event};
//! use arbiter_core::{Color, GameResult, Laws};
//! let settings = Settings::new(Laws::Fide2023, TimeControl::sudden_death(5 * 60_000, 0));
//! let events = [Event::from(Action::Resign(Color::Black))];
//! let judged = judge(settings, &["e2e4".to_owned()], &events).unwrap();
//! assert_eq!(judged.result, GameResult::WhiteWins);
//! ```

use arbiter_types::{Action, Category, Color, Event, GameResult};

use super::{Arbiter, ArbiterError, Millis, Ruling, Settings, Status};
use crate::GameError;

/// The time between two moves or events that give no time of their own.
const ONE_SECOND: Millis = 1_000;

/// What the arbiter has decided after the events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The result: `*` while the game goes on, and when it was annulled.
    pub result: GameResult,
    /// FIDE 7.3 (7.2.1): the game was annulled.
    pub annulled: bool,
    /// The moves (UCI) the player to move may make now (after touching pieces, 4.3-4.5).
    pub allowed_moves: Vec<String>,
    /// The time added to each side's clock as penalties (7.5.5, 9.5.3, A.3), White first.
    pub time_added_ms: [Millis; 2],
    /// The category of the game from its time control (A.1, B.1).
    pub category: Category,
    /// Whether each side must record the moves at the last event (8.4, A.2), White first.
    pub must_record: [bool; 2],
    /// The main time each side has left at the last event (6.3; negative after a flag fall).
    pub clock_ms: [i64; 2],
    /// The draw offer that stands after the events (9.1.2, 9.1.2.3).
    pub draw_offer: Option<Color>,
}

/// Why an event list cannot be judged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimelineError {
    /// The settings cannot be used.
    #[error(transparent)]
    Settings(ArbiterError),
    /// An event the arbiter cannot apply.
    #[error("event at {at_ms} ms: {error}")]
    Event {
        /// When.
        at_ms: Millis,
        /// Why.
        error: ArbiterError,
    },
    /// An event's time cannot be a time on the clock.
    #[error("{0}")]
    Time(String),
    /// Two moves made without a clock press between them (no longer refused when the first
    /// is legal: 6.2.1.2).
    #[error("move {next} follows move {previous} without a clock press")]
    UnpressedMove {
        /// The move made first.
        previous: String,
        /// The move made after it.
        next: String,
    },
    /// An illegal move left without a press, followed by another event than a press or an
    /// offer: an illegal move is completed only by the press (7.5.1).
    #[error("the illegal move {uci} is completed only by a clock press (7.5.1); press_clock must follow it")]
    UnpressedIllegalMove {
        /// The illegal move.
        uci: String,
    },
}

/// FIDE 4, 6, 7, 9, A, B, Guidelines III: plays `moves` (UCI) from the settings' position,
/// then judges `events` in order, as the module documentation says.
pub fn judge(settings: Settings, moves: &[String], events: &[Event]) -> Result<Judgement, TimelineError> {
    let mut arbiter = Arbiter::new(settings).map_err(TimelineError::Settings)?;
    let mut now: Millis = 0;
    let mut rulings = Vec::new();
    for uci in moves {
        now += ONE_SECOND;
        rulings.extend(apply(&mut arbiter, super::Event::Move { at_ms: now, uci: uci.clone(), position_after: None })?);
    }
    let mut pending: Option<String> = None;
    for event in events {
        now = match event.at {
            Some(at) => at.duration_ms().map_err(TimelineError::Time)?,
            None => now + ONE_SECOND,
        };
        if !matches!(event.action, Action::PressClock | Action::OfferDraw) {
            if let Some(previous) = pending.take() {
                // 1.3, 4.7: the move left without a press is made; the next event follows it.
                if arbiter.game().position().parse_uci(&previous).is_err() {
                    return Err(TimelineError::UnpressedIllegalMove { uci: previous });
                }
                rulings.extend(apply(&mut arbiter, super::Event::Made { at_ms: now, uci: previous })?);
            }
        }
        let core_event = match &event.action {
            Action::Move(uci) => {
                pending = Some(uci.clone());
                continue;
            }
            Action::Play { uci, position_after } => {
                super::Event::Move { at_ms: now, uci: uci.clone(), position_after: position_after.clone() }
            }
            Action::PressClock => match pending.take() {
                Some(uci) => super::Event::Move { at_ms: now, uci, position_after: None },
                None => super::Event::PressWithoutMove { at_ms: now },
            },
            Action::TwoHands(uci) => super::Event::TwoHands { at_ms: now, uci: uci.clone() },
            Action::Touch(square) => super::Event::Touch { at_ms: now, square: square.clone() },
            Action::Resign(player) => super::Event::Resign { at_ms: now, player: *player },
            Action::FlagFall(player) => {
                if event.at.is_none() {
                    // Without a time, the flag is seen one second after the side's time has run out.
                    now += arbiter.remaining_ms(*player).max(0).unsigned_abs();
                }
                super::Event::Flag { at_ms: now, player: *player }
            }
            Action::OfferDraw => super::Event::DrawOffer { at_ms: now, player: arbiter.to_move() },
            Action::AcceptDraw => super::Event::DrawAccept { at_ms: now, player: !offerer(&arbiter) },
            Action::DeclineDraw => super::Event::DrawDecline { at_ms: now, player: !offerer(&arbiter) },
            Action::Claim { claim, intended } => {
                super::Event::Claim { at_ms: now, claim: *claim, intended: intended.clone() }
            }
            Action::ClaimIllegalMove => super::Event::ClaimIllegalMove { at_ms: now },
            Action::BothFlagsFallen => super::Event::BothFlagsFallen { at_ms: now },
            Action::ColoursReversed => super::Event::ColoursReversed { at_ms: now },
            Action::InitialPositionIncorrect => super::Event::InitialPositionIncorrect { at_ms: now },
            Action::RequestIncrement => super::Event::RequestIncrement { at_ms: now },
            Action::ClaimTouchMove => super::Event::ClaimTouchMove { at_ms: now },
        };
        rulings.extend(apply(&mut arbiter, core_event)?);
    }
    if let Some(uci) = pending {
        // Made but not completed: the board after it, the mover's clock running (a move that
        // ends the game is complete without the press, 6.2.1.1). An illegal move never pressed
        // was never completed (7.5.1): the board stays as it was.
        if arbiter.game().position().parse_uci(&uci).is_ok() {
            rulings.extend(apply(&mut arbiter, super::Event::Made { at_ms: now, uci })?);
        }
    }
    Ok(judgement(&arbiter, &rulings))
}

/// The player whose draw offer stands; the player to move when none does (whose opponent
/// then accepts or declines nothing, which the arbiter refuses).
fn offerer(arbiter: &Arbiter) -> Color {
    arbiter.draw_offer().unwrap_or(arbiter.to_move())
}

/// Applies one event. An agreement before both players have moved (5.2.3) has no effect, and
/// nothing that happens after the game has ended changes its result (5.1, 5.2, 10.2).
fn apply(arbiter: &mut Arbiter, event: super::Event) -> Result<Vec<Ruling>, TimelineError> {
    match arbiter.apply(&event) {
        Ok(rulings) => Ok(rulings),
        Err(ArbiterError::Game(GameError::AgreementTooEarly { .. })) => Ok(Vec::new()),
        Err(ArbiterError::Finished(..)) => Ok(Vec::new()),
        Err(error) => Err(TimelineError::Event { at_ms: event.at_ms(), error }),
    }
}

/// The judgement of `board` after its rulings.
fn judgement(board: &Arbiter, rulings: &[Ruling]) -> Judgement {
    let mut time_added_ms = [0; 2];
    for ruling in rulings {
        if let Ruling::TimeAdded { player, ms, .. } = ruling {
            time_added_ms[player.index()] += ms;
        }
    }
    let pos = *board.game().position();
    let result = match board.status() {
        Status::Ended(outcome) => outcome.result(),
        _ => GameResult::Ongoing,
    };
    Judgement {
        result,
        annulled: board.status() == Status::Annulled,
        allowed_moves: board.allowed_moves().allowed.iter().map(|m| pos.uci(*m)).collect(),
        time_added_ms,
        category: board.category(),
        must_record: Color::ALL.map(|c| board.must_record(c)),
        clock_ms: Color::ALL.map(|c| board.remaining_ms(c)),
        draw_offer: board.draw_offer(),
    }
}
