//! Writing a game in the PGN export format (PGN 8): the Seven Tag Roster, the movetext in SAN
//! wrapped at 79 columns, comments and clock commands.

use std::fmt::Write as _;
use std::time::Duration;

use super::{Game, GameMove};
use crate::notation::{write_san, SanStyle};
use crate::{GameResult, Position};

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
    let result = game.result.unwrap_or(GameResult::Ongoing);
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
