//! PGN game collections (the Portable Game Notation, 1994 standard): a streaming reader that
//! reports a bad game with its number and line and goes on with the next, and a writer in the
//! export format. Moves are read as FIDE Appendix C allows (see [`SanReader`]) and written in
//! SAN's PGN export style.

use std::fmt::Write as _;
use std::io::BufRead;
use std::time::Duration;

use crate::notation::scoresheet::strip_move_number;
use crate::notation::{write_san, SanError, SanReader, SanStyle};
use crate::{FenError, Move, Position};

/// The result of a game (PGN termination markers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl GameResult {
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }
    pub fn parse(text: &str) -> Option<GameResult> {
        match text {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

/// A move of a game with its annotations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameMove {
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
    pub kind: PgnErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnErrorKind {
    #[error("cannot read the input: {0}")]
    Io(String),
    #[error("malformed tag pair {0:?} (expected [Name \"value\"])")]
    Tag(String),
    #[error("bad FEN tag: {0}")]
    Fen(#[from] FenError),
    #[error("move {ply} ({text:?}): {source}")]
    Move { ply: usize, text: String, source: Box<SanError> },
    #[error("comment not closed by }}")]
    UnclosedComment,
    #[error("variation not closed by )")]
    UnclosedVariation,
    #[error(") without a variation to close")]
    UnopenedVariation,
    #[error("variation before any move")]
    VariationWithoutMove,
    #[error("result {0:?} inside a variation")]
    ResultInVariation(String),
    #[error("{0:?} after the result")]
    AfterResult(String),
    #[error("unexpected {0:?} in the movetext")]
    Unexpected(String),
}

/// The lines of one game, with their line numbers.
struct Chunk {
    first_line: usize,
    tags: Vec<(usize, String)>,
    movetext: Vec<(usize, String)>,
}

/// Reads the games of a PGN collection one by one.
///
/// Each item is a game or the error that stopped it; after an error the reader goes on with
/// the next game (only an I/O error ends the collection).
pub struct PgnReader<R> {
    input: R,
    line: usize,
    /// A tag line read ahead: the start of the next game.
    peeked: Option<(usize, String)>,
    games: usize,
    done: bool,
    variations: Variations,
    san: SanReader,
}

impl<R: BufRead> PgnReader<R> {
    pub fn new(input: R) -> PgnReader<R> {
        PgnReader {
            input,
            line: 0,
            peeked: None,
            games: 0,
            done: false,
            variations: Variations::Skip,
            san: SanReader::default(),
        }
    }
    pub fn variations(self, variations: Variations) -> PgnReader<R> {
        PgnReader { variations, ..self }
    }
    /// How moves are read (letters, strictness); English and lenient by default.
    pub fn san_reader(self, san: SanReader) -> PgnReader<R> {
        PgnReader { san, ..self }
    }

    fn next_line(&mut self) -> Result<Option<(usize, String)>, PgnError> {
        if let Some(peeked) = self.peeked.take() {
            return Ok(Some(peeked));
        }
        let mut buf = String::new();
        match self.input.read_line(&mut buf) {
            Ok(0) => Ok(None),
            Ok(_) => {
                self.line += 1;
                let text = buf.trim_end_matches(['\n', '\r']).to_owned();
                Ok(Some((self.line, text)))
            }
            Err(e) => {
                Err(PgnError { game: self.games + 1, line: self.line + 1, kind: PgnErrorKind::Io(e.to_string()) })
            }
        }
    }

    /// The lines of the next game, or `None` at the end of the input.
    fn next_chunk(&mut self) -> Result<Option<Chunk>, PgnError> {
        let mut chunk = Chunk { first_line: 0, tags: Vec::new(), movetext: Vec::new() };
        let mut comment_open = false;
        let mut after_blank = false;
        while let Some((no, text)) = self.next_line()? {
            let trimmed = text.trim();
            // PGN 6: a line starting with % is an escape, ignored.
            if text.starts_with('%') || (trimmed.is_empty() && chunk.first_line == 0) {
                continue;
            }
            if chunk.first_line == 0 {
                chunk.first_line = no;
            }
            let blank_before = std::mem::replace(&mut after_blank, trimmed.is_empty());
            // A tag pair after a blank line starts a game even inside a comment never closed,
            // so that one unclosed brace does not swallow the rest of the collection.
            if trimmed.starts_with('[') && (!comment_open || (blank_before && looks_like_tag(trimmed))) {
                if !chunk.movetext.is_empty() {
                    self.peeked = Some((no, text));
                    break;
                }
                chunk.tags.push((no, text));
                continue;
            }
            if trimmed.is_empty() {
                if !comment_open && ends_with_result(&chunk.movetext) {
                    break;
                }
                continue;
            }
            comment_open = comment_state(comment_open, trimmed);
            chunk.movetext.push((no, text));
        }
        Ok((chunk.first_line != 0).then_some(chunk))
    }
}

/// `[Name "...`, ending with `]`.
fn looks_like_tag(line: &str) -> bool {
    let Some(inner) = line.strip_prefix('[') else {
        return false;
    };
    let name_len = inner.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(0);
    name_len > 0 && inner[name_len..].trim_start().starts_with('"') && line.ends_with(']')
}

/// Whether a brace comment is still open at the end of `line`, given whether it was at its start.
fn comment_state(mut open: bool, line: &str) -> bool {
    for c in line.chars() {
        match (open, c) {
            (false, '{') => open = true,
            (true, '}') => open = false,
            (false, ';') => break,
            _ => {}
        }
    }
    open
}

fn ends_with_result(movetext: &[(usize, String)]) -> bool {
    movetext.last().and_then(|(_, l)| l.split_whitespace().last()).is_some_and(|t| GameResult::parse(t).is_some())
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<Game, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let chunk = match self.next_chunk() {
            Ok(Some(chunk)) => chunk,
            Ok(None) => return None,
            Err(e) => {
                self.done = true;
                return Some(Err(e));
            }
        };
        self.games += 1;
        let number = self.games;
        Some(
            read_game(&chunk, self.variations, &self.san)
                .map(|game| Game { number, line: chunk.first_line, ..game })
                .map_err(|(line, kind)| PgnError { game: number, line, kind }),
        )
    }
}

/// Reads every game of a PGN text (a convenience over [`PgnReader`]).
pub fn read_all(text: &str, variations: Variations) -> Vec<Result<Game, PgnError>> {
    PgnReader::new(text.as_bytes()).variations(variations).collect()
}

type Located<T> = Result<T, (usize, PgnErrorKind)>;

fn read_game(chunk: &Chunk, variations: Variations, san: &SanReader) -> Located<Game> {
    let mut tags = Vec::new();
    for (no, line) in &chunk.tags {
        read_tags(line, &mut tags).map_err(|kind| (*no, kind))?;
    }
    let mut start = Position::startpos();
    if let Some((_, fen)) = tags.iter().find(|(n, _)| n == "FEN") {
        let line = chunk.tags.first().map_or(chunk.first_line, |t| t.0);
        start = Position::from_fen(fen).map_err(|e| (line, PgnErrorKind::Fen(e)))?;
    }
    if tags.iter().any(|(n, v)| n == "Variant" && v.contains("960")) {
        start.set_chess960(true);
    }
    let tokens = tokenize(&chunk.movetext)?;
    let (moves, result) = MovetextParser::new(start, variations, san).run(tokens)?;
    Ok(Game { number: 0, line: chunk.first_line, tags, start, moves, result })
}

/// Reads the tag pairs of one line: `[Name "value"]`, with `\"` and `\\` escaped in the value.
fn read_tags(line: &str, tags: &mut Vec<(String, String)>) -> Result<(), PgnErrorKind> {
    let bad = || PgnErrorKind::Tag(line.to_owned());
    let mut rest = line.trim();
    while !rest.is_empty() {
        let inner = rest.strip_prefix('[').ok_or_else(bad)?;
        let name_len = inner.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).ok_or_else(bad)?;
        let name = &inner[..name_len];
        let after = inner[name_len..].trim_start().strip_prefix('"').ok_or_else(bad)?;
        let mut value = String::new();
        let mut chars = after.char_indices();
        let end = loop {
            match chars.next() {
                Some((_, '\\')) => value.push(chars.next().ok_or_else(bad)?.1),
                Some((i, '"')) => break i,
                Some((_, c)) => value.push(c),
                None => return Err(bad()),
            }
        };
        rest = after[end + 1..].trim_start().strip_prefix(']').ok_or_else(bad)?.trim_start();
        if name.is_empty() {
            return Err(bad());
        }
        tags.push((name.to_owned(), value));
    }
    Ok(())
}

/// A movetext token with its line.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Move(String),
    Nag(u8),
    Comment(String),
    Open,
    Close,
    Result(GameResult),
}

/// The suffix annotations of PGN 8.2.4 and their NAGs.
fn suffix_nag(s: &str) -> Option<u8> {
    match s {
        "!" => Some(1),
        "?" => Some(2),
        "!!" => Some(3),
        "??" => Some(4),
        "!?" => Some(5),
        "?!" => Some(6),
        _ => None,
    }
}

fn tokenize(lines: &[(usize, String)]) -> Located<Vec<(usize, Token)>> {
    let mut tokens = Vec::new();
    let mut comment: Option<(usize, String)> = None;
    for (no, line) in lines {
        let mut chars = line.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if let Some((_, text)) = comment.as_mut() {
                if c == '}' {
                    let (start, text) = comment.take().unwrap_or_default();
                    tokens.push((start, Token::Comment(text.trim().to_owned())));
                } else {
                    text.push(c);
                }
                continue;
            }
            match c {
                '{' => comment = Some((*no, String::new())),
                ';' => {
                    tokens.push((*no, Token::Comment(line[i + 1..].trim().to_owned())));
                    break;
                }
                '(' => tokens.push((*no, Token::Open)),
                ')' => tokens.push((*no, Token::Close)),
                c if c.is_whitespace() => {}
                _ => {
                    let mut end = line.len();
                    while let Some(&(j, d)) = chars.peek() {
                        if d.is_whitespace() || "{}();".contains(d) || (d == '$' && j > i) {
                            end = j;
                            break;
                        }
                        chars.next();
                    }
                    symbol(&line[i..end], *no, &mut tokens)?;
                }
            }
        }
        if let Some((_, text)) = comment.as_mut() {
            text.push(' ');
        }
    }
    match comment {
        Some((start, _)) => Err((start, PgnErrorKind::UnclosedComment)),
        None => Ok(tokens),
    }
}

/// One run of symbol characters: a NAG, a result, a move number, a move with its suffix
/// annotation.
fn symbol(text: &str, no: usize, tokens: &mut Vec<(usize, Token)>) -> Located<()> {
    if let Some(digits) = text.strip_prefix('$') {
        let nag = digits.parse().map_err(|_| (no, PgnErrorKind::Unexpected(text.to_owned())))?;
        tokens.push((no, Token::Nag(nag)));
        return Ok(());
    }
    if let Some(result) = GameResult::parse(text) {
        tokens.push((no, Token::Result(result)));
        return Ok(());
    }
    if let Some(nag) = suffix_nag(text) {
        tokens.push((no, Token::Nag(nag)));
        return Ok(());
    }
    let text = strip_move_number(text);
    if text.is_empty() {
        return Ok(());
    }
    let annotation = text.len() - text.trim_end_matches(['!', '?']).len();
    let (mv, suffix) = text.split_at(text.len() - annotation);
    if mv.is_empty() || mv.starts_with('.') {
        return Err((no, PgnErrorKind::Unexpected(text.to_owned())));
    }
    tokens.push((no, Token::Move(mv.to_owned())));
    if !suffix.is_empty() {
        let nag = suffix_nag(suffix).ok_or_else(|| (no, PgnErrorKind::Unexpected(suffix.to_owned())))?;
        tokens.push((no, Token::Nag(nag)));
    }
    Ok(())
}

/// A line of play being read: the main line or a variation.
struct Line {
    moves: Vec<GameMove>,
    pos: Position,
    before_last: Position,
    comments_before: Vec<String>,
}

impl Line {
    fn new(pos: Position) -> Line {
        Line { moves: Vec::new(), pos, before_last: pos, comments_before: Vec::new() }
    }
}

struct MovetextParser<'a> {
    lines: Vec<Line>,
    skipping: usize,
    variations: Variations,
    san: &'a SanReader,
    result: Option<GameResult>,
}

impl<'a> MovetextParser<'a> {
    fn new(start: Position, variations: Variations, san: &'a SanReader) -> MovetextParser<'a> {
        MovetextParser { lines: vec![Line::new(start)], skipping: 0, variations, san, result: None }
    }

    fn run(mut self, tokens: Vec<(usize, Token)>) -> Located<(Vec<GameMove>, Option<GameResult>)> {
        let mut last_line = 0;
        for (no, token) in tokens {
            last_line = no;
            if self.result.is_some() {
                return Err((no, PgnErrorKind::AfterResult(describe(&token))));
            }
            self.token(token).map_err(|kind| (no, kind))?;
        }
        if self.skipping > 0 || self.lines.len() > 1 {
            return Err((last_line, PgnErrorKind::UnclosedVariation));
        }
        let main = self.lines.pop().map(|l| l.moves).unwrap_or_default();
        Ok((main, self.result))
    }

    fn token(&mut self, token: Token) -> Result<(), PgnErrorKind> {
        if self.skipping > 0 {
            match token {
                Token::Open => self.skipping += 1,
                Token::Close => self.skipping -= 1,
                _ => {}
            }
            return Ok(());
        }
        let depth = self.lines.len();
        let line = self.lines.last_mut().ok_or(PgnErrorKind::UnopenedVariation)?;
        match token {
            Token::Move(text) => {
                let ply = line.moves.len() + 1;
                let read = self.san.read(&line.pos, &text).map_err(|source| PgnErrorKind::Move {
                    ply,
                    text: text.clone(),
                    source: Box::new(source),
                })?;
                let mut m = GameMove::new(read.mv, text);
                m.comments_before = std::mem::take(&mut line.comments_before);
                line.before_last = line.pos;
                line.pos.play_unchecked(read.mv);
                line.moves.push(m);
            }
            Token::Nag(nag) => {
                if let Some(last) = line.moves.last_mut() {
                    last.nags.push(nag);
                }
            }
            Token::Comment(text) => {
                let (clock, rest) = take_clock(&text);
                match line.moves.last_mut() {
                    Some(last) => {
                        last.clock = clock.or(last.clock);
                        if !rest.is_empty() {
                            last.comments.push(rest);
                        }
                    }
                    None if !rest.is_empty() => line.comments_before.push(rest),
                    None => {}
                }
            }
            Token::Open if self.variations == Variations::Skip => self.skipping = 1,
            Token::Open => {
                if line.moves.is_empty() {
                    return Err(PgnErrorKind::VariationWithoutMove);
                }
                let start = line.before_last;
                self.lines.push(Line::new(start));
            }
            Token::Close => {
                if depth < 2 {
                    return Err(PgnErrorKind::UnopenedVariation);
                }
                let variation = self.lines.pop().map(|l| l.moves).unwrap_or_default();
                if let Some(last) = self.lines.last_mut().and_then(|l| l.moves.last_mut()) {
                    last.variations.push(variation);
                }
            }
            Token::Result(result) => {
                if depth > 1 {
                    return Err(PgnErrorKind::ResultInVariation(result.as_str().to_owned()));
                }
                self.result = Some(result);
            }
        }
        Ok(())
    }
}

fn describe(token: &Token) -> String {
    match token {
        Token::Move(t) | Token::Comment(t) => t.clone(),
        Token::Nag(n) => format!("${n}"),
        Token::Open => "(".to_owned(),
        Token::Close => ")".to_owned(),
        Token::Result(r) => r.as_str().to_owned(),
    }
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

/// `h:mm:ss`, with tenths when the clock has a fraction of a second.
fn write_clock(clock: Duration) -> String {
    let secs = clock.as_secs();
    let tenths = clock.subsec_millis() / 100;
    let base = format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60);
    if tenths == 0 {
        base
    } else {
        format!("{base}.{tenths}")
    }
}

/// PGN 8.1.1: the Seven Tag Roster, in its order, with its defaults for missing values.
const SEVEN_TAGS: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// PGN export format: the longest line.
pub const MAX_LINE: usize = 79;

/// Writes a game in the PGN export format: the Seven Tag Roster first, then the other tags,
/// a blank line, and the movetext in SAN (PGN style) in lines of at most 79 characters, so
/// that they fit in 80 columns.
pub fn write_game(game: &Game) -> String {
    let mut out = String::new();
    let result = game.result.unwrap_or(GameResult::Unknown);
    for (name, default) in SEVEN_TAGS {
        let value = if name == "Result" { result.as_str() } else { game.tag(name).unwrap_or(default) };
        write_tag(&mut out, name, value);
    }
    let has_fen = game.tag("FEN").is_some();
    for (name, value) in game.tags.iter().filter(|(n, _)| !SEVEN_TAGS.iter().any(|(s, _)| s == n)) {
        write_tag(&mut out, name, value);
    }
    if !has_fen && !game.start.same_position(&Position::startpos()) {
        if game.tag("SetUp").is_none() {
            write_tag(&mut out, "SetUp", "1");
        }
        write_tag(&mut out, "FEN", &game.start.fen());
    }
    out.push('\n');
    let mut words = Vec::new();
    write_line(&mut words, &game.start, &game.moves);
    words.push(result.as_str().to_owned());
    wrap(&mut out, &words);
    out
}

/// Writes a whole collection, games separated by a blank line.
pub fn write_games<'a>(games: impl IntoIterator<Item = &'a Game>) -> String {
    games.into_iter().map(write_game).collect::<Vec<_>>().join("\n")
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[{name} \"{escaped}\"]");
}

/// The words of a line of play (the main line or a variation) from `start`.
fn write_line(words: &mut Vec<String>, start: &Position, moves: &[GameMove]) {
    let mut pos = *start;
    let mut need_number = true;
    for m in moves {
        for c in &m.comments_before {
            push_comment(words, c);
            need_number = true;
        }
        // The move number stays on the line of its move.
        let number = pos.fullmoves();
        let san = write_san(&pos, m.mv, SanStyle::PGN);
        words.push(match pos.turn() {
            crate::Color::White => format!("{number}. {san}"),
            crate::Color::Black if need_number => format!("{number}... {san}"),
            crate::Color::Black => san,
        });
        need_number = false;
        for nag in &m.nags {
            words.push(format!("${nag}"));
        }
        if let Some(clock) = m.clock {
            words.push(format!("{{[%clk {}]}}", write_clock(clock)));
            need_number = true;
        }
        for c in &m.comments {
            push_comment(words, c);
            need_number = true;
        }
        for variation in &m.variations {
            words.push("(".to_owned());
            write_line(words, &pos, variation);
            words.push(")".to_owned());
            need_number = true;
        }
        pos.play_unchecked(m.mv);
    }
}

/// A comment, one word per word so that it can wrap (a `}` inside would end it, so it is
/// dropped). A word starting with `%` stays on the line of the word before it: at the start of a
/// line it would make the line a PGN escape (PGN 6), which readers skip, closing brace and all.
fn push_comment(words: &mut Vec<String>, comment: &str) {
    let clean = comment.replace('}', "");
    let mut inner: Vec<String> = Vec::new();
    for word in clean.split_whitespace() {
        match inner.last_mut() {
            Some(last) if word.starts_with('%') => {
                last.push(' ');
                last.push_str(word);
            }
            _ => inner.push(word.to_owned()),
        }
    }
    match inner.as_slice() {
        [] => words.push("{}".to_owned()),
        [only] => words.push(format!("{{{only}}}")),
        [first, middle @ .., last] => {
            words.push(format!("{{{first}"));
            words.extend(middle.iter().cloned());
            words.push(format!("{last}}}"));
        }
    }
}

/// Joins words with spaces into lines of at most [`MAX_LINE`] characters (a longer word stands
/// alone on its line). `(` and `)` hug the words they enclose.
fn wrap(out: &mut String, words: &[String]) {
    let mut line = String::new();
    let mut glue = false;
    for word in words {
        let space = !line.is_empty() && !glue && word != ")";
        let width = line.chars().count() + usize::from(space) + word.chars().count();
        if !line.is_empty() && width > MAX_LINE {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        } else if space {
            line.push(' ');
        }
        line.push_str(word);
        glue = word == "(";
    }
    out.push_str(&line);
    out.push('\n');
}
