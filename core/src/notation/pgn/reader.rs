//! Reading a PGN collection: split into games (tag pairs, then movetext), each game's tags
//! read and its movetext parsed into the main line and its variations, a bad game reported
//! with its number and line.

use std::io::BufRead;

use super::tokens::{describe, tokenize, Token};
use super::{take_clock, Game, GameMove, Located, PgnError, PgnErrorKind, Variations};
use crate::notation::SanReader;
use crate::{CastlingMode, GameResult, Position};

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
    /// A reader of the games in `input`, skipping variations, reading English SAN leniently.
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
    /// This reader, with variations skipped or kept as `variations` says.
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
    movetext.last().and_then(|(_, l)| l.split_whitespace().last()).is_some_and(|t| t.parse::<GameResult>().is_ok())
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
///
/// ```
/// use arbiter_core::notation::pgn::{read_all, Variations};
/// use arbiter_core::GameResult;
///
/// let text = "[Event \"?\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Event \"?\"]\n\n1. e4 Ke7 2. Ke3 *\n";
/// let games = read_all(text, Variations::Skip);
/// let first = games[0].as_ref().unwrap();
/// assert_eq!((first.moves.len(), first.result), (4, Some(GameResult::BlackWins)));
/// assert!(first.final_position().is_check());
/// // The second game's second move is illegal: an error naming the game and its line.
/// let error = games[1].as_ref().unwrap_err();
/// assert_eq!((error.game, error.line), (2, 7));
/// ```
pub fn read_all(text: &str, variations: Variations) -> Vec<Result<Game, PgnError>> {
    PgnReader::new(text.as_bytes()).variations(variations).collect()
}

fn read_game(chunk: &Chunk, variations: Variations, san: &SanReader) -> Located<Game> {
    let mut tags = Vec::new();
    for (no, line) in &chunk.tags {
        read_tags(line, &mut tags).map_err(|kind| (*no, kind))?;
    }
    // The castling mode comes from the Variant tag ("Chess960", "Fischerandom", ...), never
    // from the FEN's castling field.
    let mode = CastlingMode::from_chess960(tags.iter().any(|(n, v)| n == "Variant" && is_chess960_variant(v)));
    let mut start = Position::startpos();
    if let Some((_, fen)) = tags.iter().find(|(n, _)| n == "FEN") {
        let line = chunk.tags.first().map_or(chunk.first_line, |t| t.0);
        start = Position::from_fen_in(fen, mode).map_err(|e| (line, PgnErrorKind::Fen(e)))?;
    }
    start.set_chess960(mode.is_chess960());
    let tokens = tokenize(&chunk.movetext)?;
    let (moves, result) = MovetextParser::new(start, variations, san).run(tokens)?;
    Ok(Game { number: 0, line: chunk.first_line, tags, start, moves, result })
}

/// Whether a Variant tag names Chess960 (`Chess960`, `chess 960`, `Fischerandom`, `Fischer Random`).
fn is_chess960_variant(value: &str) -> bool {
    let v = value.to_ascii_lowercase();
    v.contains("960") || v.contains("fischer")
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
