//! The adapter protocol (version 1): JSON lines on stdin and stdout, one request per line and
//! exactly one response per line, in order. See `docs/adapter-protocol.md`.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::excerpt::excerpt;

/// The protocol version this runner speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// A side (FIDE 2.1: White and Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    White,
    Black,
}

/// The state of a game (FIDE 5.1.1 checkmate, 5.2.1 stalemate, 5.2.2 dead position, 9.6.1
/// fivefold repetition, 9.6.2 seventy-five moves; `threefold_repetition` and `fifty_moves` only
/// under a profile that draws those automatically instead of on a claim, 9.2 and 9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Ongoing,
    Checkmate,
    Stalemate,
    DeadPosition,
    FivefoldRepetition,
    SeventyfiveMoves,
    ThreefoldRepetition,
    FiftyMoves,
}

impl Status {
    /// Whether the game is over in this status (FIDE 5.1.1, 5.2.1, 5.2.2, 9.6).
    pub fn is_over(self) -> bool {
        self != Status::Ongoing
    }
}

/// A game result (FIDE 10.1): `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
    #[serde(rename = "*")]
    Ongoing,
}

impl GameResult {
    /// FIDE 1.4.2 / 10.1: the side that wins.
    pub fn win_for(side: Side) -> GameResult {
        match side {
            Side::White => GameResult::WhiteWins,
            Side::Black => GameResult::BlackWins,
        }
    }
}

/// A draw a player may claim (FIDE 9.2 threefold repetition, 9.3 fifty moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawClaim {
    Threefold,
    Fifty,
}

/// The kinds of error an implementation may answer with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    InvalidFen,
    IllegalPosition,
    IllegalMove,
    InvalidSan,
    AmbiguousSan,
    Unsupported,
    BadRequest,
}

impl ErrorKind {
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::InvalidFen => "invalid_fen",
            ErrorKind::IllegalPosition => "illegal_position",
            ErrorKind::IllegalMove => "illegal_move",
            ErrorKind::InvalidSan => "invalid_san",
            ErrorKind::AmbiguousSan => "ambiguous_san",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::BadRequest => "bad_request",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An error answered by an implementation: `{"kind": .., "message": .., "detail": ..}`.
/// `detail` is optional and finer than `kind` (for example `opposite_check` for an
/// illegal position).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    pub kind: ErrorKind,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

impl ErrorBody {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> ErrorBody {
        ErrorBody { kind, message: message.into(), detail: None }
    }
    pub fn with_detail(mut self, detail: impl Into<String>) -> ErrorBody {
        self.detail = Some(detail.into());
        self
    }
    pub fn unsupported(what: &str) -> ErrorBody {
        ErrorBody::new(ErrorKind::Unsupported, format!("{what} is not supported"))
    }
}

impl fmt::Display for ErrorBody {
    /// `error KIND: MESSAGE`, as reports quote an implementation's error answer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error {}: {}", self.kind, self.message)
    }
}

/// A position: a FEN plus moves in UCI notation played from it. `chess960` asks for Chess960
/// castling (Guidelines II): castling moves are then written king takes own rook (`e1h1`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionSpec {
    pub fen: String,
    #[serde(default)]
    pub moves: Vec<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chess960: bool,
}

/// Whether Chapter 2 (the Competition Rules) applies in full, or the rules for rapid and blitz
/// without adequate supervision (A.5; A.4 in 2018).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Supervision {
    #[default]
    Full,
    Unsupervised,
}

/// How an event case's game is played: its time control and supervision. Absent: 90 minutes
/// with 30 seconds a move (a standard game, A.1) under full supervision.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventSetup {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<crate::timing::TimeControlSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supervision: Option<Supervision>,
}

/// What happens at the board (FIDE 4, 6, 7, 9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The player to move touches the piece on this square (FIDE 4.3, 4.4).
    Touch(String),
    /// The player to move makes this move on the board, legal or not, without pressing the
    /// clock yet (FIDE 4.3, 7.5); `press_clock` completes it (6.2.1).
    Move(String),
    /// The player to move makes this move and presses the clock (FIDE 6.2.1; 7.5 if illegal).
    /// `position_after`: the board after an illegal move, without supervision (A.5.2, A.5.4).
    Play { uci: String, position_after: Option<String> },
    /// A move (castling, capture, promotion) made with two hands and the clock pressed (7.5.4).
    TwoHands(String),
    /// The player to move presses the clock (FIDE 6.2.1, 7.5.3).
    PressClock,
    /// A side resigns (FIDE 5.1.2).
    Resign(Side),
    /// A side's flag is seen to have fallen (FIDE 6.8, 6.9); without `at`, just after it fell.
    FlagFall(Side),
    /// The player to move offers a draw (FIDE 9.1.2).
    OfferDraw,
    /// The other player accepts the standing draw offer (FIDE 9.1.2, 5.2.3).
    AcceptDraw,
    /// The other player rejects the standing draw offer orally (FIDE 9.1.2.2).
    DeclineDraw,
    /// The player to move claims a draw, with the intended move if any (FIDE 9.2-9.5).
    Claim { claim: DrawClaim, intended: Option<String> },
    /// Without supervision, the opponent claims the illegal move just completed (A.5.2).
    ClaimIllegalMove,
    /// Both flags have fallen and which first cannot be established (Guidelines III.3.1).
    BothFlagsFallen,
    /// It is found that the game began with colours reversed (FIDE 7.3).
    ColoursReversed,
    /// It is found that the initial position of the pieces was incorrect (FIDE 7.2.1).
    InitialPositionIncorrect,
}

/// One event of an arbiter case, in order: an [`Action`] and, optionally, its time on the
/// clock (`at`, since White's clock was started; the case's `moves` take one second each, and
/// an event without `at` comes one second after the one before).
///
/// Written as a bare name (`"press_clock"`, `"offer_draw"`, `"accept_draw"`, `"decline_draw"`,
/// `"claim_illegal_move"`, `"both_flags_fallen"`, `"colours_reversed"`) or a map with one action
/// key (`touch`, `move`, `play`, `two_hands`, `resign`, `flag_fall`, `claim`, or `event` naming
/// a bare event) plus the optional keys `at`, `intended` (claim) and `position_after` (play):
/// `{play: e2e4, at: "0:05"}`, `{claim: threefold, intended: g1f3}`, `{event: both_flags_fallen, at: "5:01"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "EventText", into = "EventText")]
pub struct Event {
    pub action: Action,
    pub at: Option<crate::timing::ClockTime>,
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
const NAMED: [(&str, Action); 8] = [
    ("press_clock", Action::PressClock),
    ("offer_draw", Action::OfferDraw),
    ("accept_draw", Action::AcceptDraw),
    ("decline_draw", Action::DeclineDraw),
    ("claim_illegal_move", Action::ClaimIllegalMove),
    ("both_flags_fallen", Action::BothFlagsFallen),
    ("colours_reversed", Action::ColoursReversed),
    ("initial_position_incorrect", Action::InitialPositionIncorrect),
];

fn named(name: &str) -> Result<Action, String> {
    NAMED.iter().find(|(n, _)| *n == name).map(|(_, a)| a.clone()).ok_or_else(|| format!("unknown event {name:?}"))
}

fn side_of(value: &str) -> Result<Side, String> {
    match value {
        "white" => Ok(Side::White),
        "black" => Ok(Side::Black),
        other => Err(format!("expected white or black, found {other:?}")),
    }
}

fn side_text(side: Side) -> String {
    match side {
        Side::White => "white".into(),
        Side::Black => "black".into(),
    }
}

fn claim_of(value: &str) -> Result<DrawClaim, String> {
    match value {
        "threefold" => Ok(DrawClaim::Threefold),
        "fifty" => Ok(DrawClaim::Fifty),
        other => Err(format!("expected a claim threefold or fifty, found {other:?}")),
    }
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
                let name = match claim {
                    DrawClaim::Threefold => "threefold",
                    DrawClaim::Fifty => "fifty",
                };
                ("claim", name.to_owned())
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

/// The category of the game (FIDE A.1 rapid, B.1 blitz, otherwise standard).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    Standard,
    Rapid,
    Blitz,
}

/// The draw offer standing after the events (FIDE 9.1.2, 9.1.2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawOffer {
    White,
    Black,
    None,
}

/// The arbiter's outcome of an event list. In a case, only the fields given are checked (and
/// an unknown field is an error: [`EventOutcome::read_strict`]); in an answer, other fields
/// (`id`) are ignored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventOutcome {
    /// The result of the game after the events (`*` while it goes on, and when annulled).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// The moves the player to move may make now (after touching pieces, FIDE 4.3-4.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowed_moves: Option<Vec<String>>,
    /// Minutes added to each side's clock as penalties (FIDE 7.5.5, 9.5.3, A.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_added: Option<BTreeMap<String, u32>>,
    /// FIDE 7.3 (7.2.1): the game was annulled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub annulled: Option<bool>,
    /// The category of the game from its time control (A.1, B.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<Category>,
    /// Whether each side must record the moves at the last event (FIDE 8.4, A.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub must_record: Option<BTreeMap<String, bool>>,
    /// The main time each side has left at the last event (FIDE 6.3; negative after a flag fall).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<BTreeMap<String, crate::timing::ClockTime>>,
    /// The draw offer that stands after the events (FIDE 9.1.2, 9.1.2.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_offer: Option<DrawOffer>,
}

impl EventOutcome {
    /// The field names, as written.
    pub const FIELDS: [&'static str; 8] =
        ["result", "allowed_moves", "time_added", "annulled", "category", "must_record", "clock", "draw_offer"];

    /// Reads an outcome written in a case, refusing unknown fields (a misspelt expectation
    /// would otherwise assert nothing).
    pub fn read_strict<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<EventOutcome>, D::Error> {
        use serde::de::Error;
        let map = BTreeMap::<String, serde_json::Value>::deserialize(deserializer)?;
        if let Some(unknown) = map.keys().find(|k| !EventOutcome::FIELDS.contains(&k.as_str())) {
            return Err(D::Error::unknown_field(unknown, &EventOutcome::FIELDS));
        }
        let object = serde_json::Value::Object(map.into_iter().collect());
        serde_json::from_value(object).map(Some).map_err(D::Error::custom)
    }
}

/// The verdict on a sealed move (Guidelines I.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

/// `scoresheet`'s answer: the moves read (UCI) and the half-moves (1 = White's first) after
/// which a draw offer `(=)` is written (FIDE C.12).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoresheetAnswer {
    pub moves: Vec<String>,
    pub draw_offers: Vec<u32>,
}
/// A request: `id` (echoed in the response) and the operation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    pub id: u64,
    #[serde(flatten)]
    pub op: Op,
}

/// The operations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Op {
    Hello,
    Observe {
        #[serde(flatten)]
        position: PositionSpec,
    },
    Perft {
        #[serde(flatten)]
        position: PositionSpec,
        depth: u32,
    },
    San {
        #[serde(flatten)]
        position: PositionSpec,
        #[serde(rename = "move")]
        mv: String,
    },
    ParseSan {
        #[serde(flatten)]
        position: PositionSpec,
        san: String,
    },
    Claim {
        #[serde(flatten)]
        position: PositionSpec,
        claim: DrawClaim,
        #[serde(rename = "move")]
        mv: Option<String>,
    },
    Flag {
        #[serde(flatten)]
        position: PositionSpec,
        flagged: Side,
    },
    Events {
        #[serde(flatten)]
        position: PositionSpec,
        events: Vec<Event>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time_control: Option<crate::timing::TimeControlSpec>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        supervision: Option<Supervision>,
    },
    /// FIDE D.2.1: the spoken form of a move.
    Spoken {
        #[serde(flatten)]
        position: PositionSpec,
        #[serde(rename = "move")]
        mv: String,
    },
    /// Guidelines I.8: the verdict on a sealed move written `text`.
    Sealed {
        #[serde(flatten)]
        position: PositionSpec,
        text: String,
    },
    /// FIDE C.12, C.13: a game written on a scoresheet, read from the position.
    Scoresheet {
        #[serde(flatten)]
        position: PositionSpec,
        text: String,
    },
    Quit,
}

impl Op {
    /// The operation's name as written in `op` and in `hello`'s `ops`.
    pub fn name(&self) -> &'static str {
        match self {
            Op::Hello => "hello",
            Op::Observe { .. } => "observe",
            Op::Perft { .. } => "perft",
            Op::San { .. } => "san",
            Op::ParseSan { .. } => "parse_san",
            Op::Claim { .. } => "claim",
            Op::Flag { .. } => "flag",
            Op::Events { .. } => "events",
            Op::Spoken { .. } => "spoken",
            Op::Sealed { .. } => "sealed",
            Op::Scoresheet { .. } => "scoresheet",
            Op::Quit => "quit",
        }
    }
}

/// `hello`'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    pub name: String,
    pub version: String,
    pub protocol: u32,
    pub ops: Vec<String>,
    #[serde(default)]
    pub profile: Option<String>,
}

impl Hello {
    /// Why this `hello` answer cannot be worked with: a protocol version this runner does not
    /// speak. (Operation names it does not know are allowed: a newer adapter may offer more.)
    pub fn check(&self) -> Result<(), String> {
        if self.protocol != PROTOCOL_VERSION {
            return Err(format!(
                "the implementation speaks protocol version {}; this runner speaks version {PROTOCOL_VERSION}",
                self.protocol
            ));
        }
        Ok(())
    }
}

/// `observe`'s answer. A field left out is one the implementation does not report; the
/// expectations that need it are skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Observation {
    pub fen: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_check: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<Status>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimable: Option<Vec<DrawClaim>>,
}

/// `perft`'s answer.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerftAnswer {
    pub nodes: u64,
    #[serde(default)]
    pub divide: BTreeMap<String, u64>,
}

impl Observation {
    /// Why this answer is not an observation of a position: a `fen` that is not a FEN, or a
    /// legal move that is not a UCI move (`e2e4`, `e7e8q`). Checked on every observation, so an
    /// adapter that answers nonsense is an error whatever the case expects.
    pub fn check(&self) -> Result<(), String> {
        // Only the text is judged here: whether the position is the right one is for the
        // expectations (a FEN of an illegal position is still a FEN).
        match arbiter_core::fen::read_with(&self.fen, arbiter_core::Validation::AllowImpossibleChecks) {
            Ok(_) | Err(arbiter_core::FenError::Illegal(_)) => {}
            Err(e) => return Err(format!("the answer's fen {} is not a FEN: {e}", excerpt(&self.fen))),
        }
        if let Some(moves) = &self.legal_moves {
            if let Some(bad) = moves.iter().find(|m| !arbiter_core::is_uci_text(m)) {
                return Err(format!("the answer's legal_moves holds {}, which is not a UCI move", excerpt(bad)));
            }
        }
        Ok(())
    }
}

impl PerftAnswer {
    /// Why this answer is not a perft count: a divide line that is not a UCI move, or a divide
    /// whose counts do not add up to `nodes` (without wrapping around at 2^64).
    pub fn check(&self) -> Result<(), String> {
        if let Some(bad) = self.divide.keys().find(|m| !arbiter_core::is_uci_text(m)) {
            return Err(format!("the divide has a line for {}, which is not a UCI move", excerpt(bad)));
        }
        if self.divide.is_empty() {
            return Ok(());
        }
        match self.divide.values().try_fold(0u64, |sum, &n| sum.checked_add(n)) {
            Some(sum) if sum == self.nodes => Ok(()),
            Some(sum) => Err(format!("the divide sums to {sum}, nodes is {}", self.nodes)),
            None => Err(format!("the divide sums to more than 2^64 - 1, nodes is {}", self.nodes)),
        }
    }
}

/// `san`'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SanAnswer {
    pub san: String,
}

/// `parse_san`'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParseSanAnswer {
    #[serde(rename = "move")]
    pub mv: String,
}

/// `claim`'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimAnswer {
    pub valid: bool,
}

/// `flag`'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlagAnswer {
    pub result: GameResult,
}

/// `spoken`'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpokenAnswer {
    pub spoken: String,
}

/// `sealed`'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedAnswer {
    pub verdict: SealedVerdict,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timing::ClockTime;

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
        let back = serde_json::to_string(&Event::from(Action::Claim { claim: DrawClaim::Fifty, intended: None }));
        assert_eq!(back.ok().as_deref(), Some(r#"{"claim":"fifty"}"#));
    }

    #[test]
    fn event_outcome_in_a_case_refuses_unknown_fields() {
        #[derive(Debug, Deserialize)]
        struct Holder {
            #[serde(deserialize_with = "EventOutcome::read_strict")]
            events: Option<EventOutcome>,
        }
        let ok: Result<Holder, _> = serde_yaml::from_str("events: {result: 1-0, annulled: false}");
        let outcome = ok.map(|h| h.events.map(|e| (e.result, e.annulled)));
        assert_eq!(outcome.ok(), Some(Some((Some(GameResult::WhiteWins), Some(false)))));
        let bad: Result<Holder, _> = serde_yaml::from_str("events: {resutl: 1-0}");
        assert!(bad.is_err_and(|e| e.to_string().contains("resutl")));
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
