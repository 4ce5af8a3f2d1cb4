//! What happens at the board, as cases write it (FIDE 4, 6, 7, 9, Appendices A and B,
//! Guidelines III): a touch, a move, a clock press, a claim, a flag seen to fall, in order and
//! optionally at a time on the clock.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{ClockTime, Color, DrawClaim};

/// What happens at the board (FIDE 4, 6, 7, 9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The player to move touches the piece on this square (FIDE 4.3, 4.4).
    Touch(String),
    /// The player to move makes this move on the board, legal or not, without pressing the
    /// clock yet (FIDE 4.3, 7.5); `press_clock` completes it (6.2.1), and so does the same
    /// player's next move (6.2.1.2) when it is legal.
    Move(String),
    /// The player to move makes this move and presses the clock (FIDE 6.2.1; 7.5 if illegal).
    /// `position_after`: the board after an illegal move, without supervision (A.5.2, A.5.4).
    Play {
        /// The move (UCI).
        uci: String,
        /// The board after it, as a FEN (unsupervised play only).
        position_after: Option<String>,
    },
    /// A move (castling, capture, promotion) made with two hands and the clock pressed (7.5.4).
    TwoHands(String),
    /// A press of the clock: the mover's after a `Move`, or that of the player whose clock
    /// runs after a move made on the board (FIDE 6.2.1, 6.2.2); otherwise the player to move
    /// presses without a move (7.5.3).
    PressClock,
    /// A side resigns (FIDE 5.1.2).
    Resign(Color),
    /// A side's flag is seen to have fallen (FIDE 6.8, 6.9); without `at`, just after it fell.
    FlagFall(Color),
    /// The player to move offers a draw (FIDE 9.1.2).
    OfferDraw,
    /// The other player accepts the standing draw offer (FIDE 9.1.2, 5.2.3).
    AcceptDraw,
    /// The other player rejects the standing draw offer orally (FIDE 9.1.2.2).
    DeclineDraw,
    /// The player to move claims a draw, with the intended move if any (FIDE 9.2-9.5).
    Claim {
        /// The draw claimed.
        claim: DrawClaim,
        /// The move the player intends to make (UCI), if any (9.2.1.1, 9.3.1).
        intended: Option<String>,
    },
    /// Without supervision, the opponent claims the illegal move just completed (A.5.2).
    ClaimIllegalMove,
    /// Both flags have fallen and which first cannot be established (Guidelines III.3.1).
    BothFlagsFallen,
    /// It is found that the game began with colours reversed (FIDE 7.3).
    ColoursReversed,
    /// It is found that the initial position of the pieces was incorrect (FIDE 7.2.1).
    InitialPositionIncorrect,
    /// The player to move, with less than two minutes left in a game without increment,
    /// requests an increment of five seconds for both players; the request is a draw offer
    /// (Guidelines III.4).
    RequestIncrement,
    /// The player to move claims against the opponent's move just completed, which the
    /// pieces the opponent touched did not allow (FIDE 4.3, 4.4), before touching a piece (4.8).
    ClaimTouchMove,
}

/// One event of an arbiter case, in order: an [`Action`] and, optionally, its time on the
/// clock (`at`, since White's clock was started; the case's `moves` take one second each, and
/// an event without `at` comes one second after the one before).
///
/// Written as a bare name (`"press_clock"`, `"offer_draw"`, `"accept_draw"`, `"decline_draw"`,
/// `"claim_illegal_move"`, `"both_flags_fallen"`, `"colours_reversed"`, `"initial_position_incorrect"`,
/// `"request_increment"`, `"claim_touch_move"`) or a map with one action
/// key (`touch`, `move`, `play`, `two_hands`, `resign`, `flag_fall`, `claim`, or `event` naming
/// a bare event) plus the optional keys `at`, `intended` (claim) and `position_after` (play):
/// `{play: e2e4, at: "0:05"}`, `{claim: threefold, intended: g1f3}`, `{event: both_flags_fallen, at: "5:01"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "EventText", into = "EventText")]
pub struct Event {
    /// What happens.
    pub action: Action,
    /// When, on the clock since White's clock was started.
    pub at: Option<ClockTime>,
}

impl From<Action> for Event {
    fn from(action: Action) -> Event {
        Event { action, at: None }
    }
}

/// An event as written: a bare name or a map (YAML and JSON alike).
#[derive(Clone, Serialize, Deserialize)]
#[serde(untagged)]
enum EventText {
    Name(String),
    Map(BTreeMap<String, String>),
}

/// The bare events by name.
const NAMED: [(&str, Action); 10] = [
    ("press_clock", Action::PressClock),
    ("offer_draw", Action::OfferDraw),
    ("accept_draw", Action::AcceptDraw),
    ("decline_draw", Action::DeclineDraw),
    ("claim_illegal_move", Action::ClaimIllegalMove),
    ("both_flags_fallen", Action::BothFlagsFallen),
    ("colours_reversed", Action::ColoursReversed),
    ("initial_position_incorrect", Action::InitialPositionIncorrect),
    ("request_increment", Action::RequestIncrement),
    ("claim_touch_move", Action::ClaimTouchMove),
];

fn named(name: &str) -> Result<Action, String> {
    NAMED.iter().find(|(n, _)| *n == name).map(|(_, a)| a.clone()).ok_or_else(|| format!("unknown event {name:?}"))
}

fn side_of(value: &str) -> Result<Color, String> {
    match value {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        other => Err(format!("expected white or black, found {other:?}")),
    }
}

fn side_text(side: Color) -> String {
    side.name().to_owned()
}

fn claim_of(value: &str) -> Result<DrawClaim, String> {
    DrawClaim::from_name(value).ok_or_else(|| format!("expected a claim threefold or fifty, found {value:?}"))
}

impl TryFrom<EventText> for Event {
    type Error = String;
    fn try_from(text: EventText) -> Result<Event, String> {
        let mut map = match text {
            EventText::Name(name) => return named(&name).map(Event::from),
            EventText::Map(map) => map,
        };
        let at = map.remove("at").map(|t| t.parse()).transpose()?;
        let intended = map.remove("intended");
        let position_after = map.remove("position_after");
        let mut entries = map.into_iter();
        let (Some((key, value)), None) = (entries.next(), entries.next()) else {
            return Err(
                "an event is a map with exactly one action key (and optionally at, intended, position_after)".into()
            );
        };
        let misplaced = |extra: &Option<String>, name: &str, owner: &str| match extra {
            Some(_) if key != owner => Err(format!("`{name}` belongs to a `{owner}` event, not `{key}`")),
            _ => Ok(()),
        };
        misplaced(&intended, "intended", "claim")?;
        misplaced(&position_after, "position_after", "play")?;
        let action = match key.as_str() {
            "touch" => Action::Touch(value),
            "move" => Action::Move(value),
            "play" => Action::Play { uci: value, position_after },
            "two_hands" => Action::TwoHands(value),
            "resign" => Action::Resign(side_of(&value)?),
            "flag_fall" => Action::FlagFall(side_of(&value)?),
            "claim" => Action::Claim { claim: claim_of(&value)?, intended },
            "event" => named(&value)?,
            other => return Err(format!("unknown event {other:?}")),
        };
        Ok(Event { action, at })
    }
}

impl From<Event> for EventText {
    fn from(event: Event) -> EventText {
        let mut map = BTreeMap::new();
        let (key, value) = match event.action {
            Action::Touch(sq) => ("touch", sq),
            Action::Move(m) => ("move", m),
            Action::Play { uci, position_after } => {
                if let Some(fen) = position_after {
                    map.insert("position_after".to_owned(), fen);
                }
                ("play", uci)
            }
            Action::TwoHands(m) => ("two_hands", m),
            Action::Resign(side) => ("resign", side_text(side)),
            Action::FlagFall(side) => ("flag_fall", side_text(side)),
            Action::Claim { claim, intended } => {
                if let Some(m) = intended {
                    map.insert("intended".to_owned(), m);
                }
                ("claim", claim.name().to_owned())
            }
            bare => {
                let name = NAMED.iter().find(|(_, a)| *a == bare).map_or("press_clock", |(n, _)| *n);
                match event.at {
                    None => return EventText::Name(name.to_owned()),
                    Some(_) => ("event", name.to_owned()),
                }
            }
        };
        map.insert(key.to_owned(), value);
        if let Some(at) = event.at {
            map.insert("at".to_owned(), at.to_string());
        }
        EventText::Map(map)
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Event {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Event".into()
    }

    /// A bare name, or a map with exactly one action key and the optional `at`, `intended`
    /// (claims) and `position_after` (plays).
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let names: Vec<&str> = NAMED.iter().map(|(name, _)| *name).collect();
        let at = generator.subschema_for::<ClockTime>();
        let side = generator.subschema_for::<Color>();
        let claim = generator.subschema_for::<DrawClaim>();
        let actions = ["touch", "move", "play", "two_hands", "resign", "flag_fall", "claim", "event"];
        let one_action: Vec<serde_json::Value> =
            actions.iter().map(|key| serde_json::json!({ "required": [key] })).collect();
        schemars::json_schema!({
            "description": "What happens at the board (FIDE 4, 6, 7, 9): a bare event name, or a map with one action key.",
            "oneOf": [
                { "enum": names },
                {
                    "type": "object",
                    "properties": {
                        "touch": { "type": "string", "pattern": "^[a-h][1-8]$" },
                        "move": { "type": "string" },
                        "play": { "type": "string" },
                        "two_hands": { "type": "string" },
                        "resign": side,
                        "flag_fall": side,
                        "claim": claim,
                        "event": { "enum": names },
                        "at": at,
                        "intended": { "type": "string" },
                        "position_after": { "type": "string" }
                    },
                    "additionalProperties": false,
                    "oneOf": one_action
                }
            ]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(yaml: &str) -> Result<Event, String> {
        serde_yaml::from_str(yaml).map_err(|e| e.to_string())
    }

    #[test]
    fn timed_events_read_and_write_back_6_2_1() {
        let play = read("{play: e2e4, at: \"0:05\"}");
        let expected = Event {
            action: Action::Play { uci: "e2e4".into(), position_after: None },
            at: Some(ClockTime::from_ms(5_000)),
        };
        assert_eq!(play, Ok(expected.clone()));
        let json = serde_json::to_string(&expected).unwrap_or_default();
        assert_eq!(json, r#"{"at":"0:05","play":"e2e4"}"#);
        assert_eq!(read("press_clock"), Ok(Event::from(Action::PressClock)));
        let both = read("{event: both_flags_fallen, at: \"31:00\"}");
        assert_eq!(both.map(|e| (e.action, e.at)), Ok((Action::BothFlagsFallen, Some(ClockTime::from_ms(1_860_000)))));
        let written =
            serde_json::to_string(&Event { action: Action::ColoursReversed, at: Some(ClockTime::from_ms(1000)) });
        assert_eq!(written.ok().as_deref(), Some(r#"{"at":"0:01","event":"colours_reversed"}"#));
    }

    #[test]
    fn claim_events_carry_the_intended_move_9_2_1() {
        let claim = read("{claim: threefold, intended: f6g8}").map(|e| e.action);
        assert_eq!(claim, Ok(Action::Claim { claim: DrawClaim::Threefold, intended: Some("f6g8".into()) }));
        let back = serde_json::to_string(&Event::from(Action::Claim { claim: DrawClaim::FiftyMoves, intended: None }));
        assert_eq!(back.ok().as_deref(), Some(r#"{"claim":"fifty"}"#));
    }

    #[test]
    fn increment_request_is_a_bare_event_iii_4() {
        assert_eq!(read("request_increment"), Ok(Event::from(Action::RequestIncrement)));
        let timed = read("{event: request_increment, at: \"13:31\"}").map(|e| e.at);
        assert_eq!(timed, Ok(Some(ClockTime::from_ms(811_000))));
        let back = serde_json::to_string(&Event::from(Action::RequestIncrement));
        assert_eq!(back.ok().as_deref(), Some(r#""request_increment""#));
    }

    #[test]
    fn touch_move_claim_is_a_bare_event_4_8() {
        assert_eq!(read("claim_touch_move"), Ok(Event::from(Action::ClaimTouchMove)));
        let back = serde_json::to_string(&Event::from(Action::ClaimTouchMove));
        assert_eq!(back.ok().as_deref(), Some(r#""claim_touch_move""#));
    }

    #[test]
    fn bad_events_are_refused_with_a_reason() {
        assert!(read("{claim: perpetual}").is_err_and(|e| e.contains("perpetual")));
        assert!(read("{touch: e2, intended: e2e4}").is_err_and(|e| e.contains("intended")));
        assert!(read("{touch: e2, move: e2e4}").is_err());
        assert!(read("{play: e2e4, at: soon}").is_err_and(|e| e.contains("soon")));
        assert!(read("stand_up").is_err_and(|e| e.contains("stand_up")));
    }
}
