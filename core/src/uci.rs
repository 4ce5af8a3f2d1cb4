//! UCI move text: `e2e4`, `e7e8q`, castling as `e1g1` in standard chess and as king takes
//! own rook (`e1h1`) in Chess960.

use crate::{Move, Position, Role, Square};

/// A UCI move text that cannot be read, or that names no legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UciError {
    /// The text is not a UCI move.
    #[error(
        "not a UCI move: {0:?} (expected from and to squares and an optional promotion letter, such as e2e4 or e7e8q)"
    )]
    Malformed(String),
    /// FIDE 3.10.2: the move is not legal in the position.
    #[error("illegal move {uci} in position {fen}")]
    Illegal {
        /// The move, in UCI notation.
        uci: String,
        /// The FEN of the position.
        fen: String,
    },
}

impl UciError {
    /// `invalid_move` for unreadable text, `illegal_move` for a move not legal here.
    pub fn kind(&self) -> &'static str {
        match self {
            UciError::Malformed(_) => "invalid_move",
            UciError::Illegal { .. } => "illegal_move",
        }
    }
}

/// The parts of a UCI move text.
fn split(text: &str) -> Option<(Square, Square, Option<Role>)> {
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return None;
    }
    let from: Square = text[0..2].parse().ok()?;
    let to: Square = text[2..4].parse().ok()?;
    let promotion = match text.as_bytes().get(4) {
        None => None,
        Some(&c) => match Role::from_char(c as char) {
            Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) if c.is_ascii_lowercase() => Some(r),
            _ => return None,
        },
    };
    Some((from, to, promotion))
}

/// Whether `text` has the shape of a UCI move: two squares and an optional lower-case
/// promotion letter (`e2e4`, `e7e8q`), whatever the position.
pub fn is_uci_text(text: &str) -> bool {
    split(text).is_some()
}

impl Position {
    /// Reads a UCI move and returns it if it is legal here. Castling is accepted as king to
    /// its destination (`e1g1`) in standard chess, and as king takes own rook (`e1h1`) in
    /// both modes; in Chess960 the king-destination form is accepted only when it cannot be
    /// read as an ordinary king move.
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        let (from, to, promotion) = split(text).ok_or_else(|| UciError::Malformed(text.to_owned()))?;
        let moves = self.legal_moves();
        let exact = moves.iter().find(|m| {
            m.from() == from
                && m.promotion_role() == promotion
                && (m.to() == to || (!self.chess960 && m.king_to() == to))
        });
        let found = exact.or_else(|| {
            // Chess960: castling written as king to destination, when no plain king move matches.
            let plain = moves.iter().any(|m| !m.is_castle() && m.from() == from && m.to() == to);
            (!plain && promotion.is_none())
                .then(|| moves.iter().find(|m| m.is_castle() && m.from() == from && m.king_to() == to))
                .flatten()
        });
        found.copied().ok_or_else(|| UciError::Illegal { uci: text.to_owned(), fen: self.fen() })
    }

    /// Plays a UCI move if it is legal here.
    pub fn play_uci(&self, text: &str) -> Result<Position, UciError> {
        let m = self.parse_uci(text)?;
        let mut next = *self;
        next.play_unchecked(m);
        Ok(next)
    }

    /// The UCI text of a move in this position's mode (see [`Move::to_uci`]).
    pub fn uci(&self, m: Move) -> String {
        m.to_uci(self.chess960)
    }
}
