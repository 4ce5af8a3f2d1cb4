//! Writing moves in algebraic notation (FIDE Appendix C): short algebraic (SAN) in the PGN
//! export style or in the style of Appendix C itself, and the long form with the departure
//! square (C.8).

use crate::notation::LetterSet;
use crate::{Bitboard, CastlingSide, Move, Position, Role};

/// How castling is written (FIDE C.13: `0-0` and `0-0-0`; PGN uses the letter O).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSign {
    /// `O-O`, `O-O-O` (PGN export format).
    LetterO,
    /// `0-0`, `0-0-0` (FIDE C.13).
    Zero,
}

/// How checkmate is marked (FIDE C.13: `++` or `#`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MateSign {
    /// `#`.
    Hash,
    /// `++`.
    DoublePlus,
}

/// A way of writing SAN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SanStyle {
    /// How castling is written.
    pub castling: CastlingSign,
    /// Whether a promotion is written `e8=Q` (PGN) or `e8Q` (FIDE C.11).
    pub promotion_equals: bool,
    /// How checkmate is marked.
    pub mate: MateSign,
    /// Piece letters (FIDE C.2, C.3).
    pub letters: LetterSet,
}

impl SanStyle {
    /// The PGN export style: `O-O`, `e8=Q`, `#`, English letters.
    pub const PGN: SanStyle = SanStyle {
        castling: CastlingSign::LetterO,
        promotion_equals: true,
        mate: MateSign::Hash,
        letters: LetterSet::English,
    };
    /// The style of FIDE Appendix C: `0-0` (C.13), `e8Q` (C.11), `#` for mate (C.13 allows `++`
    /// as well, see [`SanStyle::with_mate`]).
    pub const FIDE: SanStyle = SanStyle {
        castling: CastlingSign::Zero,
        promotion_equals: false,
        mate: MateSign::Hash,
        letters: LetterSet::English,
    };

    /// This style with checkmate marked by `mate`.
    pub const fn with_mate(self, mate: MateSign) -> SanStyle {
        SanStyle { mate, ..self }
    }
    /// This style with the piece letters of `letters`.
    pub const fn with_letters(self, letters: LetterSet) -> SanStyle {
        SanStyle { letters, ..self }
    }
}

impl Default for SanStyle {
    fn default() -> SanStyle {
        SanStyle::PGN
    }
}

/// Short or long algebraic notation (FIDE C.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Form {
    Short,
    Long,
}

/// FIDE C.8 to C.13: the SAN of the legal move `m` in `pos` in the given style (`Nf3`, `exd6`,
/// `Ngf3`, `e8=Q+`, `O-O#`). `m` must be legal in `pos` (it is written as if it were).
///
/// ```
/// use arbiter_core::notation::{write_san, SanStyle};
/// use arbiter_core::Position;
///
/// let pos = Position::from_fen("4k3/P7/8/8/8/8/8/4K2R w K - 0 1").unwrap();
/// let castle = pos.parse_uci("e1g1").unwrap();
/// assert_eq!(write_san(&pos, castle, SanStyle::PGN), "O-O");
/// assert_eq!(write_san(&pos, castle, SanStyle::FIDE), "0-0"); // FIDE C.13
/// let promote = pos.parse_uci("a7a8q").unwrap();
/// assert_eq!(write_san(&pos, promote, SanStyle::PGN), "a8=Q+");
/// assert_eq!(write_san(&pos, promote, SanStyle::FIDE), "a8Q+"); // FIDE C.11
/// ```
pub fn write_san(pos: &Position, m: Move, style: SanStyle) -> String {
    write(pos, m, style, Form::Short)
}

/// FIDE C.8: the long form with the departure square (`Ng1f3`, `e7e5`, `e5xd4`, `0-0`,
/// `Qd4e3+`), as in the third notation of the sample game of C.13.
pub fn write_long(pos: &Position, m: Move, style: SanStyle) -> String {
    write(pos, m, style, Form::Long)
}

impl Position {
    /// The SAN of the legal move `m` in the PGN export style (see [`write_san`]).
    pub fn san(&self, m: Move) -> String {
        write_san(self, m, SanStyle::PGN)
    }
}

fn write(pos: &Position, m: Move, style: SanStyle, form: Form) -> String {
    let mut s = String::with_capacity(8);
    match m.castling_side() {
        Some(side) => push_castling(&mut s, side, style.castling),
        None => push_body(&mut s, pos, m, style, form),
    }
    push_suffix(&mut s, pos, m, style.mate);
    s
}

/// FIDE C.13: `0-0` / `0-0-0` (or `O-O` / `O-O-O`); Chess960 castling is written the same way
/// (Guidelines II.3.3 names it by side).
fn push_castling(s: &mut String, side: CastlingSide, sign: CastlingSign) {
    let o = match sign {
        CastlingSign::LetterO => "O-O",
        CastlingSign::Zero => "0-0",
    };
    s.push_str(o);
    if side == CastlingSide::QueenSide {
        s.push_str(if sign == CastlingSign::Zero { "-0" } else { "-O" });
    }
}

fn push_body(s: &mut String, pos: &Position, m: Move, style: SanStyle, form: Form) {
    let from = m.from();
    let to = m.to();
    let role = pos.role_at(from).unwrap_or(Role::Pawn);
    let capture = pos.is_capture(m);
    if let Some(letter) = style.letters.letter(role) {
        s.push(letter);
    }
    match form {
        Form::Long => {
            s.push(from.file().char());
            s.push(from.rank().char());
        }
        // C.9.3: a pawn capture names its departure file.
        Form::Short if role == Role::Pawn => {
            if capture {
                s.push(from.file().char());
            }
        }
        Form::Short => push_disambiguation(s, pos, m, role),
    }
    if capture {
        s.push('x');
    }
    s.push(to.file().char());
    s.push(to.rank().char());
    // C.11: the new piece follows the pawn's move.
    if let Some(promoted) = m.promotion_role() {
        if style.promotion_equals {
            s.push('=');
        }
        if let Some(letter) = style.letters.letter(promoted) {
            s.push(letter);
        }
    }
}

/// FIDE C.10: when two pieces of the same kind can legally move to the arrival square, the
/// departure file is written (C.10.1, and C.10.3 when file and rank both differ), the departure
/// rank when they share the file (C.10.2), and both when neither alone tells them apart.
/// Only pieces that can legally make the move count: a pinned knight makes nothing ambiguous.
fn push_disambiguation(s: &mut String, pos: &Position, m: Move, role: Role) {
    let from = m.from();
    let rivals = rivals(pos, m, role);
    if rivals.is_empty() {
        return;
    }
    let shares_file = (rivals & Bitboard::file(from.file())).any();
    let shares_rank = (rivals & Bitboard::rank(from.rank())).any();
    if !shares_file {
        s.push(from.file().char());
    } else if !shares_rank {
        s.push(from.rank().char());
    } else {
        s.push(from.file().char());
        s.push(from.rank().char());
    }
}

/// The squares of the other pieces of `role` that can legally move to `m`'s arrival square.
/// Knights, bishops, rooks and queens attack symmetrically, so the pieces that reach the
/// square are found from it; the legal moves are generated only when there are some.
fn rivals(pos: &Position, m: Move, role: Role) -> Bitboard {
    let us = pos.turn();
    let reach = crate::attacks::attacks(us, role, m.to(), pos.occupied());
    let same = pos.pieces(us, role).without(m.from()) & reach;
    if role == Role::King || role == Role::Pawn || same.is_empty() {
        return Bitboard::EMPTY;
    }
    pos.legal_moves()
        .iter()
        .filter(|r| r.to() == m.to() && !r.is_castle() && same.contains(r.from()))
        .fold(Bitboard::EMPTY, |b, r| b.with(r.from()))
}

/// FIDE C.13: `+` for check, `#` or `++` for checkmate, judged on the position after the
/// whole move (promotion, en passant and castling included).
fn push_suffix(s: &mut String, pos: &Position, m: Move, mate: MateSign) {
    let mut after = *pos;
    after.play_unchecked(m);
    if !after.is_check() {
        return;
    }
    if after.has_legal_moves() {
        s.push('+');
    } else {
        s.push_str(match mate {
            MateSign::Hash => "#",
            MateSign::DoublePlus => "++",
        });
    }
}
