//! The adapter protocol (version 1): JSON lines on stdin and stdout, one request per line and
//! exactly one response per line, in order. See `docs/adapter-protocol.md`.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

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

/// One event of an arbiter case (FIDE 4, 6, 7, 9): what happens at the board, in order.
/// Written `{"touch": "g1"}`, `{"move": "e2e4"}`, `{"resign": "white"}`, `{"flag_fall": "black"}`,
/// or a bare name: `"press_clock"`, `"offer_draw"`, `"accept_draw"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", try_from = "EventText")]
pub enum Event {
    /// The player to move touches the piece on this square (FIDE 4.3, 4.4).
    Touch(String),
    /// The player to move makes this move on the board, legal or not (FIDE 4.3, 7.5).
    Move(String),
    /// The player to move presses the clock (FIDE 6.2.1, 7.5.3).
    PressClock,
    /// A side resigns (FIDE 5.1.2).
    Resign(Side),
    /// A side's flag falls (FIDE 6.9).
    FlagFall(Side),
    /// The player to move offers a draw (FIDE 9.1.2).
    OfferDraw,
    /// The other player accepts the standing draw offer (FIDE 9.1.2, 5.2.3).
    AcceptDraw,
}

/// An event as written: a bare name or a one-key map (YAML and JSON alike).
#[derive(Deserialize)]
#[serde(untagged)]
enum EventText {
    Name(String),
    Map(BTreeMap<String, String>),
}

impl TryFrom<EventText> for Event {
    type Error = String;
    fn try_from(text: EventText) -> Result<Event, String> {
        let side = |v: &str| match v {
            "white" => Ok(Side::White),
            "black" => Ok(Side::Black),
            other => Err(format!("expected white or black, found {other:?}")),
        };
        match text {
            EventText::Name(name) => match name.as_str() {
                "press_clock" => Ok(Event::PressClock),
                "offer_draw" => Ok(Event::OfferDraw),
                "accept_draw" => Ok(Event::AcceptDraw),
                other => Err(format!("unknown event {other:?}")),
            },
            EventText::Map(map) => {
                let mut entries = map.into_iter();
                let (Some((key, value)), None) = (entries.next(), entries.next()) else {
                    return Err("an event is a map with exactly one key".into());
                };
                match key.as_str() {
                    "touch" => Ok(Event::Touch(value)),
                    "move" => Ok(Event::Move(value)),
                    "resign" => side(&value).map(Event::Resign),
                    "flag_fall" => side(&value).map(Event::FlagFall),
                    other => Err(format!("unknown event {other:?}")),
                }
            }
        }
    }
}

/// The arbiter's outcome of an event list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventOutcome {
    /// The result of the game after the events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// The moves the player to move may make now (after touching pieces, FIDE 4.3-4.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowed_moves: Option<Vec<String>>,
    /// Minutes added to each side's clock as penalties (FIDE 7.5.5, 9.5.3, A.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_added: Option<BTreeMap<String, u32>>,
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
