//! Forsyth-Edwards Notation: reading and writing positions, with standard, X-FEN and
//! Shredder-FEN castling fields (Guidelines II: Chess960 rights name the rook's file).

use std::str::FromStr;

use crate::{
    CastlingMode, CastlingSide, Color, File, IllegalPosition, Piece, Position, Rank, Role, Setup, Square, Validation,
};

/// A FEN that cannot be read, naming the field that is wrong; or a position that it describes
/// but that cannot occur (FIDE 3.10.3).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Not 4 to 6 fields separated by whitespace.
    #[error("FEN has {found} fields; expected 4 to 6 (placement, side to move, castling, en passant, halfmove clock, fullmove number)")]
    FieldCount {
        /// The number of fields found.
        found: usize,
    },
    /// The piece placement field (the first) cannot be read.
    #[error("FEN piece placement: {0}")]
    Placement(String),
    /// The side to move is not `w` or `b`.
    #[error("FEN side to move: expected w or b, found {0:?}")]
    Turn(String),
    /// The castling field cannot be read.
    #[error("FEN castling field: {0}")]
    Castling(String),
    /// The en passant field is not `-` or a square on rank 3 or 6.
    #[error("FEN en passant field: expected - or a square on rank 3 or 6, found {0:?}")]
    EnPassant(String),
    /// The halfmove clock is not a whole number.
    #[error("FEN halfmove clock: expected a whole number, found {0:?}")]
    Halfmoves(String),
    /// The fullmove number is not a whole number.
    #[error("FEN fullmove number: expected a whole number, found {0:?}")]
    Fullmoves(String),
    /// The FEN describes a position that cannot occur (FIDE 3.10.3).
    #[error("illegal position (FIDE 3.10.3): {0}")]
    Illegal(#[from] IllegalPosition),
}

impl FenError {
    /// The FEN field at fault, or `position` for an illegal position.
    pub fn field(&self) -> &'static str {
        match self {
            FenError::FieldCount { .. } => "fields",
            FenError::Placement(_) => "placement",
            FenError::Turn(_) => "side to move",
            FenError::Castling(_) => "castling",
            FenError::EnPassant(_) => "en passant",
            FenError::Halfmoves(_) => "halfmove clock",
            FenError::Fullmoves(_) => "fullmove number",
            FenError::Illegal(_) => "position",
        }
    }
    /// `invalid_fen` for text that cannot be read, `illegal_position` for 3.10.3.
    pub fn kind(&self) -> &'static str {
        match self {
            FenError::Illegal(_) => "illegal_position",
            _ => "invalid_fen",
        }
    }
}

/// How to write the castling field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CastlingNotation {
    /// `KQkq`, with a file letter only where `K`/`Q` would name another rook (X-FEN).
    #[default]
    XFen,
    /// Always the rook's file letter (`HAha`).
    Shredder,
}

fn parse_placement(text: &str, setup: &mut Setup) -> Result<(), FenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::Placement(format!("expected 8 ranks separated by '/', found {}", ranks.len())));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = Rank::new(7 - i as u8).unwrap_or(Rank::FIRST);
        let mut file = 0u8;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as u8;
            } else if let Some(piece) = Piece::from_char(c) {
                if file < 8 {
                    setup.put(piece, Square::new(File::new(file).unwrap_or(File::A), rank));
                }
                file += 1;
            } else {
                return Err(FenError::Placement(format!("unexpected character {c:?} on rank {}", rank.char())));
            }
            if file > 8 {
                return Err(FenError::Placement(format!("rank {} has more than 8 squares", rank.char())));
            }
        }
        if file != 8 {
            return Err(FenError::Placement(format!("rank {} has {file} squares, not 8", rank.char())));
        }
    }
    Ok(())
}

/// The files of `color`'s pieces of `role` on its back rank, a to h.
fn back_rank(setup: &Setup, color: Color, role: Role) -> impl DoubleEndedIterator<Item = File> + '_ {
    let back = Rank::back(color);
    File::ALL.into_iter().filter(move |f| setup.piece_at(Square::new(*f, back)) == Some(Piece::new(color, role)))
}

/// Reads the castling field against the placement: `K`/`Q` name the outermost rook on that
/// side of the king (X-FEN), a file letter names the rook on that file (Shredder-FEN).
fn parse_castling(text: &str, setup: &mut Setup) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    if text.is_empty() {
        return Err(FenError::Castling("empty; use - for no rights".into()));
    }
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let back = Rank::back(color);
        let invalid = |what: String| FenError::Illegal(IllegalPosition::InvalidCastlingRights(what));
        let Some(king) = back_rank(setup, color, Role::King).next() else {
            return Err(invalid(format!("{c:?} but {color}'s king is not on rank {}", back.char())));
        };
        let mut rooks = back_rank(setup, color, Role::Rook).collect::<Vec<File>>().into_iter();
        let (side, file) = match c.to_ascii_lowercase() {
            'k' => {
                let Some(rook) = rooks.rev().find(|f| *f > king) else {
                    return Err(invalid(format!("{c:?} but {color} has no rook on the king side")));
                };
                (CastlingSide::KingSide, rook)
            }
            'q' => {
                let Some(rook) = rooks.find(|f| *f < king) else {
                    return Err(invalid(format!("{c:?} but {color} has no rook on the queen side")));
                };
                (CastlingSide::QueenSide, rook)
            }
            f @ 'a'..='h' => {
                let file = File::from_char(f).unwrap_or(File::A);
                if !rooks.any(|r| r == file) || file == king {
                    return Err(invalid(format!("{c:?} but {color} has no rook on {f}{}", back.char())));
                }
                (CastlingSide::of(king, file), file)
            }
            _ => return Err(FenError::Castling(format!("unexpected character {c:?} in {text:?}"))),
        };
        if setup.castling_rights().has(color, side) {
            return Err(FenError::Castling(format!("{text:?} names {color}'s {side:?} right twice")));
        }
        setup.set_castling(color, side, file);
    }
    Ok(())
}

/// X-FEN: `K` and `Q` name the outermost rook on that side of the king, on the back rank.
fn outermost_rook(pos: &Position, color: Color, king: Square, side: CastlingSide) -> Option<Square> {
    let rooks = pos.pieces(color, Role::Rook) & crate::Bitboard::rank(Rank::back(color));
    match side {
        CastlingSide::KingSide => rooks.into_iter().rev().find(|r| r.file() > king.file()),
        CastlingSide::QueenSide => rooks.into_iter().find(|r| r.file() < king.file()),
    }
}

/// Reads the fields of a FEN (4 to 6; missing counters default to 0 and 1) into a [`Setup`],
/// without checking that the position can occur. Castling may be written as `KQkq`, X-FEN or
/// Shredder-FEN.
pub fn read_setup(fen: &str) -> Result<Setup, FenError> {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::FieldCount { found: fields.len() });
    }
    let mut setup = Setup::empty();
    parse_placement(fields[0], &mut setup)?;
    setup.set_turn(match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::Turn(other.to_owned())),
    });
    parse_castling(fields[2], &mut setup)?;
    setup.set_ep_square(match fields[3] {
        "-" => None,
        text => {
            let sq: Square = text.parse().map_err(|_| FenError::EnPassant(text.to_owned()))?;
            if sq.rank() != Rank::THIRD && sq.rank() != Rank::SIXTH {
                return Err(FenError::EnPassant(text.to_owned()));
            }
            Some(sq)
        }
    });
    let halfmoves = match fields.get(4) {
        Some(h) => h.parse().map_err(|_| FenError::Halfmoves((*h).to_owned()))?,
        None => 0,
    };
    let fullmoves = match fields.get(5) {
        Some(f) => f.parse().map_err(|_| FenError::Fullmoves((*f).to_owned()))?,
        None => 1,
    };
    setup.set_counters(halfmoves, fullmoves);
    Ok(setup)
}

/// Reads a FEN of standard chess: [`read_in`] with [`CastlingMode::Standard`]. A castling
/// right that only Chess960 has (king or rook off its original square) is refused as
/// `invalid_castling_rights`, never read as Chess960.
///
/// ```
/// use arbiter_core::{fen, Color};
///
/// let pos = fen::read("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
/// assert_eq!(pos.turn(), Color::White);
/// assert_eq!(fen::read("4k3/8/8/8/8/8/4P3/4K3 x - - 0 1").unwrap_err().field(), "side to move");
/// // FIDE 3.10.3: a position without a black king is no position.
/// assert_eq!(fen::read("8/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap_err().kind(), "illegal_position");
/// ```
pub fn read(fen: &str) -> Result<Position, FenError> {
    read_with(fen, CastlingMode::Standard, Validation::Full)
}

/// Reads a FEN in the castling mode given, checking all of FIDE 3.10.3; the en passant square
/// may be given whether or not a capture is legal, but must follow a double step.
///
/// ```
/// use arbiter_core::{fen, CastlingMode};
///
/// // A Chess960 start (Guidelines II.2), its rights in Shredder-FEN.
/// let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
/// assert!(fen::read_in(fen, CastlingMode::Chess960).is_ok());
/// // The same text is not a standard chess position: its rooks are not in the corners.
/// assert_eq!(fen::read_in(fen, CastlingMode::Standard).unwrap_err().kind(), "illegal_position");
/// ```
pub fn read_in(fen: &str, mode: CastlingMode) -> Result<Position, FenError> {
    read_with(fen, mode, Validation::Full)
}

/// Reads a FEN in the castling mode given, checking the position as `validation` says.
pub fn read_with(fen: &str, mode: CastlingMode, validation: Validation) -> Result<Position, FenError> {
    Ok(read_setup(fen)?.position(mode, validation)?)
}

/// Writes the FEN of a position, with X-FEN castling and the en passant square only when a
/// capture there is legal.
///
/// ```
/// use arbiter_core::{fen, Position};
///
/// // After 1. e4 no black pawn can take en passant, so the field is `-`.
/// let after = Position::startpos().play_uci("e2e4").unwrap();
/// assert_eq!(fen::write(&after), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// ```
pub fn write(pos: &Position) -> String {
    write_with(pos, CastlingNotation::XFen)
}

/// Writes the FEN of a position with the chosen castling notation.
pub fn write_with(pos: &Position, notation: CastlingNotation) -> String {
    let mut s = String::with_capacity(90);
    for rank in Rank::ALL.iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            match pos.piece_at(Square::new(file, *rank)) {
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if *rank != Rank::FIRST {
            s.push('/');
        }
    }
    s.push(' ');
    s.push(pos.turn.char());
    s.push(' ');
    s.push_str(&castling_field(pos, notation));
    s.push(' ');
    match pos.ep_square {
        Some(ep) => s.push_str(&ep.to_string()),
        None => s.push('-'),
    }
    s.push_str(&format!(" {} {}", pos.halfmoves, pos.fullmoves));
    s
}

fn castling_field(pos: &Position, notation: CastlingNotation) -> String {
    let mut s = String::new();
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            let Some(file) = pos.castling.rook_file(color, side) else { continue };
            let outermost = outermost_rook(pos, color, pos.king(color), side);
            let letter = if notation == CastlingNotation::XFen && outermost.map(|r| r.file()) == Some(file) {
                match side {
                    CastlingSide::KingSide => 'k',
                    CastlingSide::QueenSide => 'q',
                }
            } else {
                file.char()
            };
            s.push(if color == Color::White { letter.to_ascii_uppercase() } else { letter });
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

impl FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        read(s)
    }
}

impl Position {
    /// Reads a FEN of standard chess; see [`read()`].
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        read(fen)
    }
    /// Reads a FEN in the castling mode given; see [`read_in()`].
    pub fn from_fen_in(fen: &str, mode: CastlingMode) -> Result<Position, FenError> {
        read_in(fen, mode)
    }
    /// Writes the FEN; see [`write()`].
    pub fn fen(&self) -> String {
        write(self)
    }
}
