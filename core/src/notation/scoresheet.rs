//! A game written as on a scoresheet (FIDE Appendix C, as in the sample game of C.13): move
//! numbers with or without a full stop, moves in algebraic notation, `e.p.` as a word of its
//! own (C.9.3) and the draw offer `(=)` (C.12).

use crate::notation::{SanError, SanReader};
use crate::{Move, Position};

/// One move of a scoresheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoresheetMove {
    /// The move read.
    pub mv: Move,
    /// The text as written, `e.p.` included.
    pub text: String,
    /// FIDE C.12: `(=)` follows the move (a draw offer).
    pub draw_offer: bool,
}

/// A scoresheet move that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoresheetError {
    /// The half-move (1 = White's first move) and why it cannot be read.
    #[error("half-move {ply} ({text:?}): {source}")]
    Move {
        /// The half-move (1 = White's first move).
        ply: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be read.
        source: SanError,
    },
    /// A token that belongs to no move (`e.p.` or `(=)` before the first move).
    #[error("{text:?} at the start of the scoresheet belongs to no move")]
    Stray {
        /// The token.
        text: String,
    },
}

/// FIDE C.12/C.13: reads a game written as in Appendix C from `start`.
pub fn read_scoresheet(
    start: &Position,
    text: &str,
    reader: &SanReader,
) -> Result<Vec<ScoresheetMove>, ScoresheetError> {
    let mut written: Vec<(String, bool)> = Vec::new();
    for token in text.split_whitespace() {
        match token {
            "e.p." | "(=)" => {
                let Some(last) = written.last_mut() else {
                    return Err(ScoresheetError::Stray { text: token.to_owned() });
                };
                if token == "(=)" {
                    last.1 = true;
                } else {
                    last.0.push_str(" e.p.");
                }
            }
            _ => {
                let mv = strip_move_number(token);
                if !mv.is_empty() {
                    written.push((mv.to_owned(), false));
                }
            }
        }
    }
    let mut pos = *start;
    let mut moves = Vec::with_capacity(written.len());
    for (i, (text, draw_offer)) in written.into_iter().enumerate() {
        let mv = reader
            .read(&pos, &text)
            .map_err(|source| ScoresheetError::Move { ply: i + 1, text: text.clone(), source })?
            .mv;
        pos.play_unchecked(mv);
        moves.push(ScoresheetMove { mv, text, draw_offer });
    }
    Ok(moves)
}

/// `12.`, `12...`, `9` (a number alone) or the `1.` of `1.e4`; castling `0-0` is no number.
pub(crate) fn strip_move_number(token: &str) -> &str {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &token[digits..];
    if digits == 0 {
        token
    } else if rest.is_empty() {
        ""
    } else if rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        token
    }
}
