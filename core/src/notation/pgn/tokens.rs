//! The tokens of PGN movetext: moves with their suffix annotations, NAGs, comments, the
//! parentheses of variations, move numbers and results.

use super::{Located, PgnErrorKind};
use crate::notation::scoresheet::strip_move_number;
use crate::GameResult;

/// A movetext token with its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token {
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

pub(super) fn tokenize(lines: &[(usize, String)]) -> Located<Vec<(usize, Token)>> {
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
    if let Ok(result) = text.parse::<GameResult>() {
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

pub(super) fn describe(token: &Token) -> String {
    match token {
        Token::Move(t) | Token::Comment(t) => t.clone(),
        Token::Nag(n) => format!("${n}"),
        Token::Open => "(".to_owned(),
        Token::Close => ")".to_owned(),
        Token::Result(r) => r.as_str().to_owned(),
    }
}
