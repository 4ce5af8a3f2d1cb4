//! Reading moves written in algebraic notation (FIDE Appendix C): everything C.1 to C.13
//! allows, and a precise error, naming the text, for everything it does not.

use std::fmt;

use crate::notation::{write_san, Letters, Roles, SanStyle};
use crate::{CastlingSide, File, Move, Position, Rank, Role, Square};

/// Reads SAN in one reading context.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SanReader {
    /// The piece letters to read (FIDE C.3); English by default.
    pub letters: Letters,
    /// Reject, rather than warn about, a false check, mate, capture or en passant sign.
    pub strict: bool,
}

/// A move read from SAN, with what was wrong but harmless in its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadMove {
    pub mv: Move,
    pub warnings: Vec<SanWarning>,
}

/// A sign in the text that the move does not bear out (FIDE C.13: the signs are optional, so
/// leaving them out is fine, but a wrong one is a false statement).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanWarning {
    /// `+` on a move that gives no check.
    FalseCheck { text: String },
    /// `#` or `++` on a move that does not checkmate.
    FalseMate { text: String },
    /// `x` on a move that captures nothing (C.9).
    FalseCapture { text: String },
    /// `e.p.` on a move that is not an en passant capture (C.9.3).
    FalseEnPassant { text: String },
}

impl SanWarning {
    /// A stable name for the warning.
    pub fn kind(&self) -> &'static str {
        match self {
            SanWarning::FalseCheck { .. } => "false_check_sign",
            SanWarning::FalseMate { .. } => "false_mate_sign",
            SanWarning::FalseCapture { .. } => "false_capture_sign",
            SanWarning::FalseEnPassant { .. } => "false_en_passant_sign",
        }
    }
}

impl fmt::Display for SanWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanWarning::FalseCheck { text } => write!(f, "{text:?} is marked as check (+) but gives no check"),
            SanWarning::FalseMate { text } => write!(f, "{text:?} is marked as checkmate (# or ++) but does not mate"),
            SanWarning::FalseCapture { text } => write!(f, "{text:?} is marked as a capture (x) but captures nothing"),
            SanWarning::FalseEnPassant { text } => {
                write!(f, "{text:?} is marked e.p. but is not an en passant capture")
            }
        }
    }
}

/// Why a SAN text names no single legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// The text is not algebraic notation.
    #[error("invalid SAN {text:?}: {reason}")]
    Invalid { text: String, reason: String },
    /// FIDE 3.10: no piece can legally make the move.
    #[error("illegal move {text:?} in position {fen}")]
    Illegal { text: String, fen: String },
    /// FIDE C.10: more than one piece can make the move and the text does not say which.
    #[error("ambiguous move {text:?} in position {fen}: it could be {}", candidates.join(" or "))]
    Ambiguous { text: String, fen: String, candidates: Vec<String> },
    /// FIDE C.9.3: a pawn capture must name the pawn's departure file (`exf6`, not `f6`).
    #[error("pawn capture {text:?} does not name the departure file (FIDE C.9.3) in position {fen}: write {}", candidates.join(" or "))]
    PawnCaptureWithoutFile { text: String, fen: String, candidates: Vec<String> },
    /// A false sign, rejected in strict mode.
    #[error("{0}")]
    FalseSign(SanWarning),
}

impl SanError {
    /// A stable name for the error: `invalid_san`, `illegal_move`, `ambiguous_san`,
    /// `pawn_capture_without_file`, or the warning's kind for a false sign.
    pub fn kind(&self) -> &'static str {
        match self {
            SanError::Invalid { .. } => "invalid_san",
            SanError::Illegal { .. } => "illegal_move",
            SanError::Ambiguous { .. } => "ambiguous_san",
            SanError::PawnCaptureWithoutFile { .. } => "pawn_capture_without_file",
            SanError::FalseSign(w) => w.kind(),
        }
    }
}

/// The check or mate sign at the end of a move (FIDE C.13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sign {
    None,
    Check,
    Mate,
}

/// What a SAN text says, before it is matched against the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Parsed {
    target: Target,
    capture: bool,
    en_passant: bool,
    sign: Sign,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Castle(CastlingSide),
    Move { roles: Roles, from_file: Option<File>, from_rank: Option<Rank>, to: Square, promotion: Roles },
}

impl SanReader {
    /// English letters, lenient about false signs.
    pub const fn new(letters: Letters) -> SanReader {
        SanReader { letters, strict: false }
    }
    pub const fn strict(self) -> SanReader {
        SanReader { strict: true, ..self }
    }

    /// Reads `text` as a move in `pos`.
    pub fn read(&self, pos: &Position, text: &str) -> Result<ReadMove, SanError> {
        let parsed = parse(text, self.letters)?;
        let mv = find(pos, text, &parsed.target)?;
        let warnings = self.check_signs(pos, text, &parsed, mv)?;
        Ok(ReadMove { mv, warnings })
    }

    /// The warnings for signs the move does not bear out; in strict mode, the first is an error.
    fn check_signs(&self, pos: &Position, text: &str, parsed: &Parsed, mv: Move) -> Result<Vec<SanWarning>, SanError> {
        let mut warnings = Vec::new();
        let captures = mv.is_en_passant() || (!mv.is_castle() && pos.occupied().contains(mv.to()));
        if parsed.capture && !captures {
            warnings.push(SanWarning::FalseCapture { text: text.to_owned() });
        }
        if parsed.en_passant && !mv.is_en_passant() {
            warnings.push(SanWarning::FalseEnPassant { text: text.to_owned() });
        }
        if parsed.sign != Sign::None {
            let mut after = *pos;
            after.play_unchecked(mv);
            if !after.is_check() {
                warnings.push(match parsed.sign {
                    Sign::Mate => SanWarning::FalseMate { text: text.to_owned() },
                    _ => SanWarning::FalseCheck { text: text.to_owned() },
                });
            } else if parsed.sign == Sign::Mate && after.has_legal_moves() {
                warnings.push(SanWarning::FalseMate { text: text.to_owned() });
            }
        }
        match warnings.first() {
            Some(w) if self.strict => Err(SanError::FalseSign(w.clone())),
            _ => Ok(warnings),
        }
    }
}

impl Position {
    /// Reads an English SAN text (lenient about false signs, see [`SanReader`]).
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        SanReader::default().read(self, text).map(|r| r.mv)
    }
}

fn invalid(text: &str, reason: impl Into<String>) -> SanError {
    SanError::Invalid { text: text.to_owned(), reason: reason.into() }
}

/// Splits a suffix off `s` if it is there.
fn strip<'a>(s: &'a str, suffix: &str) -> Option<&'a str> {
    s.strip_suffix(suffix).map(str::trim_end)
}

/// FIDE C.13: the check or mate sign at the end.
fn strip_sign(s: &str) -> (&str, Sign) {
    if let Some(rest) = strip(s, "++").or_else(|| strip(s, "#")) {
        (rest, Sign::Mate)
    } else if let Some(rest) = strip(s, "+") {
        (rest, Sign::Check)
    } else {
        (s, Sign::None)
    }
}

/// Reads the text without looking at a position.
fn parse(text: &str, letters: Letters) -> Result<Parsed, SanError> {
    let body = text.trim();
    if body.is_empty() {
        return Err(invalid(text, "empty move"));
    }
    // C.13: the sign and `e.p.` (C.9.3) may come in either order.
    let (body, mut sign) = strip_sign(body);
    let (body, en_passant) = match strip(body, "e.p.") {
        Some(rest) => (rest, true),
        None => (body, false),
    };
    if sign == Sign::None {
        sign = strip_sign(body).1;
    }
    let body = strip_sign(body).0;
    let target = match body {
        "O-O" | "0-0" => Target::Castle(CastlingSide::KingSide),
        "O-O-O" | "0-0-0" => Target::Castle(CastlingSide::QueenSide),
        _ => {
            return parse_move(text, body, letters).map(|(target, capture)| Parsed {
                target,
                capture,
                en_passant,
                sign,
            })
        }
    };
    if en_passant {
        return Err(invalid(text, "castling cannot be en passant"));
    }
    Ok(Parsed { target, capture: false, en_passant, sign })
}

/// `[piece][from file][from rank][x|-]to[[=]promotion]` (FIDE C.8 to C.11).
fn parse_move(text: &str, body: &str, letters: Letters) -> Result<(Target, bool), SanError> {
    let mut chars: Vec<char> = body.chars().collect();
    // C.2 to C.4: a piece letter, or none for a pawn.
    let roles = match chars.first() {
        Some(&c) if !letters.roles(c).is_empty() => {
            chars.remove(0);
            letters.roles(c)
        }
        Some(&c) if c.is_ascii_uppercase() => {
            return Err(invalid(text, format!("{c:?} is not a piece letter here (C.2, C.3)")));
        }
        _ => Roles::only(Role::Pawn),
    };
    let is_pawn = roles == Roles::only(Role::Pawn);
    // C.11: the new piece after the pawn's move, with or without `=`.
    let mut promotion = Roles::NONE;
    if let Some(&c) = chars.last() {
        let named = letters.roles(c);
        if !named.is_empty() {
            if !is_pawn {
                return Err(invalid(text, "only a pawn can be promoted (C.11)"));
            }
            promotion = named.promotions();
            if promotion.is_empty() {
                return Err(invalid(text, "a pawn cannot be promoted to a king (3.7.3.3)"));
            }
            chars.pop();
            if chars.last() == Some(&'=') {
                chars.pop();
            }
        }
    }
    // C.5 to C.7: the arrival square, always last.
    let n = chars.len();
    if n < 2 {
        return Err(invalid(text, "no arrival square"));
    }
    let to = match (File::from_char(chars[n - 2]), Rank::from_char(chars[n - 1])) {
        (Some(f), Some(r)) => Square::new(f, r),
        _ => return Err(invalid(text, "no arrival square (a file a-h and a rank 1-8) where expected")),
    };
    chars.truncate(n - 2);
    // C.9: `x` before the arrival square; C.8: a hyphen may separate the squares of the long form.
    let capture = chars.last() == Some(&'x');
    let hyphen = chars.last() == Some(&'-');
    if capture || hyphen {
        chars.pop();
    }
    let (from_file, from_rank) = match chars.as_slice() {
        [] => (None, None),
        [f] if File::from_char(*f).is_some() => (File::from_char(*f), None),
        [r] if Rank::from_char(*r).is_some() => (None, Rank::from_char(*r)),
        [f, r] => match (File::from_char(*f), Rank::from_char(*r)) {
            (Some(f), Some(r)) => (Some(f), Some(r)),
            _ => return Err(invalid(text, "the departure square is not a square")),
        },
        _ => return Err(invalid(text, "unexpected characters before the arrival square")),
    };
    if hyphen && (from_file.is_none() || from_rank.is_none()) {
        return Err(invalid(text, "a hyphen belongs between two whole squares (C.8)"));
    }
    Ok((Target::Move { roles, from_file, from_rank, to, promotion }, capture))
}

/// The one legal move that the target names.
fn find(pos: &Position, text: &str, target: &Target) -> Result<Move, SanError> {
    let moves = pos.legal_moves();
    let illegal = || SanError::Illegal { text: text.to_owned(), fen: pos.fen() };
    let (roles, from_file, from_rank, to, promotion) = match *target {
        Target::Castle(side) => {
            return moves.iter().find(|m| m.castling_side() == Some(side)).copied().ok_or_else(illegal);
        }
        Target::Move { roles, from_file, from_rank, to, promotion } => (roles, from_file, from_rank, to, promotion),
    };
    // C.9.3: a pawn named without its departure file may only advance on its file.
    let pawn_file = from_file.or_else(|| (roles == Roles::only(Role::Pawn)).then_some(to.file()));
    let fits = |m: &Move, file: Option<File>| {
        !m.is_castle()
            && m.to() == to
            && file.map_or(true, |f| m.from().file() == f)
            && from_rank.map_or(true, |r| m.from().rank() == r)
            && pos.role_at(m.from()).is_some_and(|r| roles.contains(r))
            && (promotion.is_empty() || m.promotion_role().is_some_and(|r| promotion.contains(r)))
    };
    let mut found = None;
    let mut count = 0;
    for m in moves.iter().filter(|m| fits(m, pawn_file)) {
        found = Some(*m);
        count += 1;
    }
    match (found, count) {
        (Some(m), 1) => Ok(m),
        (Some(m), _) if m.promotion_role().is_some() && promotion.is_empty() => {
            Err(invalid(text, "a promotion must name the new piece (C.11)"))
        }
        (Some(_), _) => Err(SanError::Ambiguous {
            text: text.to_owned(),
            fen: pos.fen(),
            candidates: sans(pos, moves.iter().filter(|m| fits(m, pawn_file))),
        }),
        (None, _) => {
            let captures: Vec<&Move> = moves.iter().filter(|m| pawn_file != from_file && fits(m, None)).collect();
            if captures.is_empty() {
                Err(illegal())
            } else {
                Err(SanError::PawnCaptureWithoutFile {
                    text: text.to_owned(),
                    fen: pos.fen(),
                    candidates: sans(pos, captures.into_iter()),
                })
            }
        }
    }
}

fn sans<'a>(pos: &Position, moves: impl Iterator<Item = &'a Move>) -> Vec<String> {
    moves.map(|m| write_san(pos, *m, SanStyle::PGN)).collect()
}
