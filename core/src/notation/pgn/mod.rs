//! PGN game collections (the Portable Game Notation, 1994 standard): a streaming reader that
//! reports a bad game with its number and line and goes on with the next, and a writer in the
//! export format. Moves are read as FIDE Appendix C allows (see [`SanReader`](crate::notation::SanReader)) and written in
//! SAN's PGN export style.
//!
//! The reader is in `reader` (the collection split into games, the tags, the movetext parsed
//! into lines of play), the movetext's tokens in `tokens`, the writer in `writer`.

mod reader;
mod tokens;
mod writer;

use std::time::Duration;

use crate::notation::SanError;
use crate::{FenError, GameResult, Move, Position};

pub use reader::{read_all, PgnReader};
pub use writer::{write_game, MAX_LINE};

/// A result, or the line and the reason it failed.
type Located<T> = Result<T, (usize, PgnErrorKind)>;

/// A move of a game with its annotations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameMove {
    /// The move played.
    pub mv: Move,
    /// The move as written in the file.
    pub san: String,
    /// Numeric annotation glyphs (`$1`, or `!` = 1, `?` = 2, `!!` = 3, `??` = 4, `!?` = 5, `?!` = 6).
    pub nags: Vec<u8>,
    /// Comments before the move; only the first move of a game or variation has them.
    pub comments_before: Vec<String>,
    /// Comments after the move, without their `[%clk]` command.
    pub comments: Vec<String>,
    /// The clock after the move, from a `[%clk h:mm:ss]` command in a comment.
    pub clock: Option<Duration>,
    /// Alternatives to this move, each played from the position before it.
    pub variations: Vec<Vec<GameMove>>,
}

impl GameMove {
    /// `mv` written `san`, without annotations, comments, clock or variations.
    pub fn new(mv: Move, san: String) -> GameMove {
        GameMove {
            mv,
            san,
            nags: Vec::new(),
            comments_before: Vec::new(),
            comments: Vec::new(),
            clock: None,
            variations: Vec::new(),
        }
    }
}

/// One game of a collection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// 1 for the first game of the collection.
    pub number: usize,
    /// The line on which the game starts.
    pub line: usize,
    /// The tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The starting position (from the `FEN` tag, else the initial position of FIDE 2.3).
    pub start: Position,
    /// The moves of the main line, in order.
    pub moves: Vec<GameMove>,
    /// The termination marker, if the movetext has one.
    pub result: Option<GameResult>,
}

impl Game {
    /// A game from the initial position without tags or moves.
    pub fn new() -> Game {
        Game { number: 1, line: 1, tags: Vec::new(), start: Position::startpos(), moves: Vec::new(), result: None }
    }
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
    /// The position after the main line.
    pub fn final_position(&self) -> Position {
        self.moves.iter().fold(self.start, |mut pos, m| {
            pos.play_unchecked(m.mv);
            pos
        })
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

/// What to do with variations (recursive annotation variations, `( ... )`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variations {
    /// Skip them unread (their moves are not checked).
    #[default]
    Skip,
    /// Read them and keep them on the move they replace.
    Keep,
}

/// A game that cannot be read: where, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}: {kind}")]
pub struct PgnError {
    /// The game's number in the collection (1 for the first).
    pub game: usize,
    /// The line of the offending text.
    pub line: usize,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

/// Why a game cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnErrorKind {
    /// The input cannot be read (an I/O error, in words).
    #[error("cannot read the input: {0}")]
    Io(String),
    /// A tag pair that is not `[Name "value"]`.
    #[error("malformed tag pair {0:?} (expected [Name \"value\"])")]
    Tag(String),
    /// The `FEN` tag's position cannot be read or cannot occur.
    #[error("bad FEN tag: {0}")]
    Fen(#[from] FenError),
    /// A move of the movetext names no legal move.
    #[error("move {ply} ({text:?}): {source}")]
    Move {
        /// The half-move in its line (1 for the line's first move).
        ply: usize,
        /// The move as written.
        text: String,
        /// Why it names no legal move.
        source: Box<SanError>,
    },
    /// A `{` comment runs to the end of the input.
    #[error("comment not closed by }}")]
    UnclosedComment,
    /// A `(` variation is not closed.
    #[error("variation not closed by )")]
    UnclosedVariation,
    /// A `)` closes no variation.
    #[error(") without a variation to close")]
    UnopenedVariation,
    /// A variation stands before any move it could replace.
    #[error("variation before any move")]
    VariationWithoutMove,
    /// A termination marker inside a variation.
    #[error("result {0:?} inside a variation")]
    ResultInVariation(String),
    /// Text after the game's termination marker.
    #[error("{0:?} after the result")]
    AfterResult(String),
    /// Text in the movetext that is no move, number, annotation or comment.
    #[error("unexpected {0:?} in the movetext")]
    Unexpected(String),
}

/// Splits a `[%clk h:mm:ss]` command (seconds may have a fraction) off a comment.
pub fn take_clock(comment: &str) -> (Option<Duration>, String) {
    let Some(start) = comment.find("[%clk") else {
        return (None, comment.to_owned());
    };
    let Some(len) = comment[start..].find(']') else {
        return (None, comment.to_owned());
    };
    let clock = parse_clock(comment[start + 5..start + len].trim());
    let rest = format!("{} {}", comment[..start].trim(), comment[start + len + 1..].trim());
    match clock {
        Some(clock) => (Some(clock), rest.trim().to_owned()),
        None => (None, comment.to_owned()),
    }
}

/// `h:mm:ss` or `h:mm:ss.f`.
fn parse_clock(text: &str) -> Option<Duration> {
    let mut parts = text.split(':');
    let (h, m, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let hours: u64 = h.parse().ok()?;
    let minutes: u64 = m.parse().ok()?;
    let seconds: f64 = s.parse().ok()?;
    if minutes >= 60 || !(0.0..60.0).contains(&seconds) || h.is_empty() || m.len() != 2 {
        return None;
    }
    let whole = hours.checked_mul(3600)?.checked_add(minutes * 60)?;
    Some(Duration::from_secs(whole) + Duration::from_secs_f64(seconds))
}
