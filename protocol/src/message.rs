//! The adapter protocol (version 1): JSON lines on stdin and stdout, one request per line and
//! exactly one response per line, in order. See `docs/adapter-protocol.md`.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

pub use arbiter_types::{
    Action, Category, ClockTime, Color, DeadMode, DrawClaim, DrawMode, Event, GameResult, SealedVerdict, Supervision,
    TimeControl,
};

/// The protocol version this runner speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// The state of a game (FIDE 5.1.1 checkmate, 5.2.1 stalemate, 5.2.2 dead position, 9.6.1
/// fivefold repetition, 9.6.2 seventy-five moves; `threefold_repetition` and `fifty_moves` only
/// under a profile that draws those automatically instead of on a claim, 9.2 and 9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// FIDE 5.1.1: the player to move is checkmated.
    Checkmate,
    /// FIDE 5.2.1: the player to move has no legal move and is not in check.
    Stalemate,
    /// FIDE 5.2.2: neither player can checkmate by any series of legal moves.
    DeadPosition,
    /// FIDE 9.6.1: the same position has appeared at least five times.
    FivefoldRepetition,
    /// FIDE 9.6.2: the last 75 moves of each player had no pawn move and no capture.
    SeventyfiveMoves,
    /// FIDE 9.2: the same position has appeared three times (only under a profile that draws it automatically).
    ThreefoldRepetition,
    /// FIDE 9.3: the last 50 moves of each player had no pawn move and no capture (only under a profile that draws it automatically).
    FiftyMoves,
}

impl Status {
    /// Whether the game is over in this status (FIDE 5.1.1, 5.2.1, 5.2.2, 9.6).
    pub fn is_over(self) -> bool {
        self != Status::Ongoing
    }

    /// The result this status gives when `to_move` is the side to move (FIDE 5.1.1, 1.4): the
    /// mated side loses, every other end is a draw (5.2, 9.6), and an ongoing game has none.
    ///
    /// ```
    /// use arbiter_protocol::message::{Color, GameResult, Status};
    /// assert_eq!(Status::Checkmate.result(Color::White), GameResult::BlackWins);
    /// assert_eq!(Status::Stalemate.result(Color::White), GameResult::Draw);
    /// ```
    pub fn result(self, to_move: Color) -> GameResult {
        match self {
            Status::Ongoing => GameResult::Ongoing,
            Status::Checkmate if to_move == Color::White => GameResult::BlackWins,
            Status::Checkmate => GameResult::WhiteWins,
            _ => GameResult::Draw,
        }
    }
}

/// The kinds of error an implementation may answer with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The text is not a FEN.
    InvalidFen,
    /// The position cannot occur (FIDE 3.10.3).
    IllegalPosition,
    /// The move is not legal here (FIDE 3.10.2), or names no legal move (Appendix C).
    IllegalMove,
    /// The text is not notation of Appendix C.
    InvalidSan,
    /// The text fits more than one legal move (FIDE C.10).
    AmbiguousSan,
    /// The text is not accepted, and the implementation does not say why. The Laws say which
    /// texts a program must not accept (C.10: an ambiguous move), not how it must say so: where
    /// a case expects `parse_san` to refuse a text for any reason, `refused` is a correct answer;
    /// refusing a text that names a move is still a failure. A case that expects `refused`
    /// takes any refusal.
    Refused,
    /// The implementation cannot answer this request: neither right nor wrong.
    Unsupported,
    /// The request is malformed.
    BadRequest,
}

impl ErrorKind {
    /// The kind as it is written on the wire (`illegal_move`).
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::InvalidFen => "invalid_fen",
            ErrorKind::IllegalPosition => "illegal_position",
            ErrorKind::IllegalMove => "illegal_move",
            ErrorKind::InvalidSan => "invalid_san",
            ErrorKind::AmbiguousSan => "ambiguous_san",
            ErrorKind::Refused => "refused",
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ErrorBody {
    /// What kind of error it is.
    pub kind: ErrorKind,
    /// What went wrong, in words.
    pub message: String,
    /// A finer reason than `kind`, if the implementation gives one (`opposite_check`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

impl ErrorBody {
    /// An error of `kind` saying `message`, without a detail.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> ErrorBody {
        ErrorBody { kind, message: message.into(), detail: None }
    }
    /// This error with `detail` as its finer reason.
    pub fn with_detail(mut self, detail: impl Into<String>) -> ErrorBody {
        self.detail = Some(detail.into());
        self
    }
    /// An `unsupported` error saying that `what` is not supported.
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PositionSpec {
    /// The FEN of the starting position.
    pub fen: String,
    /// Moves in UCI notation played from the FEN, in order.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Chess960 castling (Guidelines II): castling moves written king takes own rook.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chess960: bool,
}

impl PositionSpec {
    /// A position of standard chess: `fen`, then `moves` (UCI) played from it.
    pub fn standard(fen: &str, moves: &[&str]) -> PositionSpec {
        PositionSpec { fen: fen.to_owned(), moves: moves.iter().map(|m| (*m).to_owned()).collect(), chess960: false }
    }
}

/// How an event case's game is played: its time control and supervision. Absent: 90 minutes
/// with 30 seconds a move (a standard game, A.1) under full supervision.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct EventSetup {
    /// The time control (absent: 90 minutes with 30 seconds a move).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
    /// The supervision of the game (absent: full supervision).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supervision: Option<Supervision>,
}

/// The draw offer standing after the events (FIDE 9.1.2, 9.1.2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum DrawOffer {
    /// White's offer stands.
    White,
    /// Black's offer stands.
    Black,
    /// No offer stands.
    None,
}

/// The arbiter's outcome of an event list. In a case, only the fields given are checked (and
/// an unknown field is an error: [`EventOutcome::read_strict`]); in an answer, other fields
/// (`id`) are ignored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
    pub clock: Option<BTreeMap<String, ClockTime>>,
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

/// `scoresheet`'s answer: the moves read (UCI) and the half-moves (1 = White's first) after
/// which a draw offer `(=)` is written (FIDE C.12).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ScoresheetAnswer {
    /// The moves read, in UCI notation.
    pub moves: Vec<String>,
    /// The half-moves (1 = White's first) after which `(=)` is written (FIDE C.12).
    pub draw_offers: Vec<u32>,
}
/// A request: `id` (echoed in the response) and the operation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Request {
    /// The request's id, echoed in its answer.
    pub id: u64,
    /// The operation and its arguments.
    #[serde(flatten)]
    pub op: Op,
}

/// The operations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Op {
    /// Who the implementation is and which operations it answers: [`Hello`].
    Hello,
    /// The FEN after the moves and what the implementation can tell of the position: [`Observation`].
    Observe {
        /// The position observed.
        #[serde(flatten)]
        position: PositionSpec,
    },
    /// The number of leaf nodes of the legal move tree `depth` half-moves deep: [`PerftAnswer`].
    Perft {
        /// The position at the root.
        #[serde(flatten)]
        position: PositionSpec,
        /// The depth in half-moves.
        depth: u32,
    },
    /// A move in the algebraic notation of Appendix C: [`SanAnswer`].
    San {
        /// The position the move is played in.
        #[serde(flatten)]
        position: PositionSpec,
        /// The move, in UCI notation.
        #[serde(rename = "move")]
        mv: String,
    },
    /// The move named by a text in algebraic notation (Appendix C): [`ParseSanAnswer`].
    ParseSan {
        /// The position the move is played in.
        #[serde(flatten)]
        position: PositionSpec,
        /// The text in algebraic notation.
        san: String,
    },
    /// FIDE 9.2, 9.3: whether a claim of a draw is valid: [`ClaimAnswer`].
    Claim {
        /// The position in which the claim is made.
        #[serde(flatten)]
        position: PositionSpec,
        /// The draw claimed.
        claim: DrawClaim,
        /// The move the claimant intends to make (FIDE 9.2.1.1, 9.3.1), or none.
        #[serde(rename = "move")]
        mv: Option<String>,
    },
    /// FIDE 6.9: the result when a flag falls: [`FlagAnswer`].
    Flag {
        /// The position when the flag falls.
        #[serde(flatten)]
        position: PositionSpec,
        /// The side whose flag has fallen.
        flagged: Color,
    },
    /// What the arbiter decides after a list of board and clock events: [`EventOutcome`].
    Events {
        /// The position the events start from.
        #[serde(flatten)]
        position: PositionSpec,
        /// The events, in order.
        events: Vec<Event>,
        /// The time control (absent: 90 minutes with 30 seconds a move).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time_control: Option<TimeControl>,
        /// The supervision of the game (absent: full supervision).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        supervision: Option<Supervision>,
    },
    /// FIDE D.2.1: the spoken form of a move.
    Spoken {
        /// The position the move is played in.
        #[serde(flatten)]
        position: PositionSpec,
        /// The move, in UCI notation.
        #[serde(rename = "move")]
        mv: String,
    },
    /// Guidelines I.8: the verdict on a sealed move written `text`.
    Sealed {
        /// The position the move was sealed in.
        #[serde(flatten)]
        position: PositionSpec,
        /// The sealed move as written.
        text: String,
    },
    /// FIDE C.12, C.13: a game written on a scoresheet, read from the position.
    Scoresheet {
        /// The position the game starts from.
        #[serde(flatten)]
        position: PositionSpec,
        /// The game as written on the scoresheet.
        text: String,
    },
    /// The end of the session: the implementation answers `{}` and exits.
    Quit,
}

/// `hello`'s answer: who the implementation is and what it can answer. It is the one place an
/// implementation says what it cannot answer: an operation it leaves out of `ops` is never
/// asked, and every expectation that needed it is a SKIP whose reason starts with `note`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Hello {
    /// The implementation's name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// The protocol version it speaks: [`PROTOCOL_VERSION`].
    pub protocol: u32,
    /// The operations it answers (names from [`Op::NAMES`]; names this runner does not know
    /// are allowed and ignored).
    pub ops: Vec<String>,
    /// The rule profile it implements (a name `arbiter profiles` lists, such as
    /// `automatic-draws` for a library that draws at threefold without a claim): the run uses
    /// it unless `--profile` is given. None for the default, `fide-2023`.
    #[serde(default)]
    pub profile: Option<String>,
    /// Words the runner puts before the reason of every expectation skipped because this
    /// implementation cannot answer it (a UCI engine: "needs an adapter").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Its rule model, axis by axis, where the Laws leave room or where it plays less than
    /// the Laws: the run applies it as it applies a combined `profile` (unless `--profile` is
    /// given), and a `profile` and `rules` that contradict each other are an error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<Rules>,
}

/// `hello`'s `rules`: what an implementation does where implementations may legitimately
/// differ, and whether it plays Chess960. A field left out is the Laws as written (and
/// Chess960 played).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Rules {
    /// How threefold repetition and the fifty-move rule draw: `claims` (FIDE 9.2, 9.3) or
    /// `automatic` (the game ends at once, as the `automatic-draws` profile has it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draws: Option<DrawMode>,
    /// How far dead positions (FIDE 5.2.2) are recognised: `full` or `material_only` (the
    /// `material-only` profile).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dead: Option<DeadMode>,
    /// Whether it plays Chess960 (Appendix II, and FEN castling rights naming a file): with
    /// `false`, every Chess960 case is a SKIP that says so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chess960: Option<bool>,
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Observation {
    /// The FEN of the position after the moves.
    pub fen: String,
    /// The legal moves, in UCI notation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<Vec<String>>,
    /// Whether the player to move is in check (FIDE 3.9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_check: Option<bool>,
    /// The state of the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<Status>,
    /// The result of the game in this position (`*` while it goes on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// The draws the player to move may claim now without naming a move (FIDE 9.2, 9.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimable: Option<Vec<DrawClaim>>,
}

/// `perft`'s answer.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PerftAnswer {
    /// The number of leaf nodes.
    pub nodes: u64,
    /// The count under each first move (UCI); optional, but if given it sums to `nodes`.
    #[serde(default)]
    pub divide: BTreeMap<String, u64>,
}

/// `san`'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SanAnswer {
    /// The move in algebraic notation (Appendix C).
    pub san: String,
}

/// `parse_san`'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ParseSanAnswer {
    /// The move named, in UCI notation.
    #[serde(rename = "move")]
    pub mv: String,
}

/// `claim`'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ClaimAnswer {
    /// Whether the claim is valid.
    pub valid: bool,
}

/// `flag`'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FlagAnswer {
    /// The result under FIDE 6.9.
    pub result: GameResult,
}

/// `spoken`'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SpokenAnswer {
    /// The move as announced (FIDE D.2.1).
    pub spoken: String,
}

/// `sealed`'s answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SealedAnswer {
    /// The verdict on the sealed move (Guidelines I.8).
    pub verdict: SealedVerdict,
}

/// `quit`'s answer: nothing but the id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Goodbye {}

/// The operations of the protocol, each once: its [`Op`] variant, its answer type and its name
/// as written in `op` and in `hello`'s `ops`. From this table come [`Op::name`], [`Op::NAMES`],
/// [`Reply`] (an answer of any operation), [`Reply::read`] (an answer read as the one its
/// request asks for) and the conversions from a [`Reply`] to each answer type.
macro_rules! operations {
    ($($variant:ident($answer:ty) = $name:literal,)*) => {
        impl Op {
            /// Every operation's name, in the order of the protocol's documentation.
            pub const NAMES: &'static [&'static str] = &[$($name),*];

            /// The operation's name as written in `op` and in `hello`'s `ops`.
            pub fn name(&self) -> &'static str {
                match self {
                    $(Op::$variant { .. } => $name,)*
                }
            }
        }

        /// The answer to one request, of the type its operation answers with.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(untagged)]
        pub enum Reply {
            $(
                #[doc = concat!("The answer to `", $name, "`.")]
                $variant($answer),
            )*
        }

        impl Reply {
            /// Reads `value`, an answer without its `error`, as the answer `op` asks for.
            pub fn read(op: &Op, value: serde_json::Value) -> Result<Reply, serde_json::Error> {
                match op {
                    $(Op::$variant { .. } => serde_json::from_value(value).map(Reply::$variant),)*
                }
            }

            /// The name of the operation this answers.
            pub fn op_name(&self) -> &'static str {
                match self {
                    $(Reply::$variant(_) => $name,)*
                }
            }
        }

        $(
            impl From<$answer> for Reply {
                fn from(answer: $answer) -> Reply {
                    Reply::$variant(answer)
                }
            }

            impl TryFrom<Reply> for $answer {
                type Error = Reply;
                fn try_from(reply: Reply) -> Result<$answer, Reply> {
                    match reply {
                        Reply::$variant(answer) => Ok(answer),
                        other => Err(other),
                    }
                }
            }
        )*
    };
}

operations! {
    Hello(Hello) = "hello",
    Observe(Observation) = "observe",
    Perft(PerftAnswer) = "perft",
    San(SanAnswer) = "san",
    ParseSan(ParseSanAnswer) = "parse_san",
    Claim(ClaimAnswer) = "claim",
    Flag(FlagAnswer) = "flag",
    Events(EventOutcome) = "events",
    Spoken(SpokenAnswer) = "spoken",
    Sealed(SealedAnswer) = "sealed",
    Scoresheet(ScoresheetAnswer) = "scoresheet",
    Quit(Goodbye) = "quit",
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
