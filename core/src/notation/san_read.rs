//! Reading moves written in algebraic notation (FIDE Appendix C): everything C.1 to C.13
//! allows, and a precise error, naming the text, for everything it does not.

use std::borrow::Cow;
use std::fmt;

use crate::attacks::{attacks, pawn_attacks};
use crate::notation::{write_san, Letters, Roles, SanStyle};
use crate::{Bitboard, CastlingSide, File, Move, Position, Rank, Role, Square};

/// Reads SAN in one reading context.
///
/// ```
/// use arbiter_core::notation::{LetterSet, Letters, SanError, SanReader};
/// use arbiter_core::Position;
///
/// let pos = Position::startpos();
/// // FIDE C.3: German letters (S for Springer).
/// let german = SanReader::new(Letters::Set(LetterSet::German));
/// assert_eq!(pos.uci(german.read(&pos, "Sf3").unwrap().mv), "g1f3");
/// // A false check sign is a warning, or an error for a strict reader (C.13).
/// assert_eq!(SanReader::default().read(&pos, "e4+").unwrap().warnings.len(), 1);
/// assert!(matches!(SanReader::default().strict().read(&pos, "e4+"), Err(SanError::FalseSign(_))));
/// ```
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
    /// The move.
    pub mv: Move,
    /// The signs written that the move does not bear out.
    pub warnings: Vec<SanWarning>,
}

/// A sign in the text that the move does not bear out (FIDE C.13: the signs are optional, so
/// leaving them out is fine, but a wrong one is a false statement).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanWarning {
    /// `+` on a move that gives no check.
    FalseCheck {
        /// The move as written.
        text: String,
    },
    /// `#` or `++` on a move that does not checkmate.
    FalseMate {
        /// The move as written.
        text: String,
    },
    /// `x` on a move that captures nothing (C.9).
    FalseCapture {
        /// The move as written.
        text: String,
    },
    /// `e.p.` on a move that is not an en passant capture (C.9.3).
    FalseEnPassant {
        /// The move as written.
        text: String,
    },
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
    Invalid {
        /// The text read.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// FIDE 3.10: the text is notation (Appendix C), but no piece can legally make the move.
    /// `pawn_captures` are the pawn captures onto the square when the text is a pawn advance
    /// (`f6`, C.8) that only a capture can reach: the capture is written with the departure
    /// file (`exf6`, C.9.3), so the text names no legal move, but a reader may take it for one
    /// (Guidelines I.8: a sealed move whose meaning is clear).
    #[error("illegal move {text:?} in position {fen}{}", capture_hint(pawn_captures))]
    Illegal {
        /// The text read.
        text: String,
        /// The FEN of the position it was read in.
        fen: String,
        /// The pawn captures onto the square, in SAN (empty unless the text is a pawn advance only a capture can make).
        pawn_captures: Vec<String>,
    },
    /// FIDE C.10: more than one piece can make the move and the text does not say which.
    #[error("ambiguous move {text:?} in position {fen}: it could be {}", candidates.join(" or "))]
    Ambiguous {
        /// The text read.
        text: String,
        /// The FEN of the position it was read in.
        fen: String,
        /// The moves it could be, in SAN.
        candidates: Vec<String>,
    },
    /// FIDE C.9.3: a pawn capture must name the pawn's departure file (`exf6`, not `xf6`): a
    /// capture sign without it is not notation.
    #[error("pawn capture {text:?} does not name the departure file (FIDE C.9.3) in position {fen}: write {}", candidates.join(" or "))]
    PawnCaptureWithoutFile {
        /// The text read.
        text: String,
        /// The FEN of the position it was read in.
        fen: String,
        /// The captures it could be, in SAN with the departure file.
        candidates: Vec<String>,
    },
    /// A false sign, rejected in strict mode.
    #[error("{0}")]
    FalseSign(SanWarning),
}

/// The end of an illegal-move message: how the pawn captures onto the square are written.
fn capture_hint(pawn_captures: &[String]) -> String {
    if pawn_captures.is_empty() {
        String::new()
    } else {
        format!(
            "; no pawn advances there, and a pawn capture names its departure file (FIDE C.9.3): {}",
            pawn_captures.join(" or ")
        )
    }
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
    /// Reads in the given letters, lenient about false signs.
    pub const fn new(letters: Letters) -> SanReader {
        SanReader { letters, strict: false }
    }
    /// The same reader, rejecting false signs.
    pub const fn strict(self) -> SanReader {
        SanReader { strict: true, ..self }
    }

    /// Reads `text` as a move in `pos`.
    pub fn read(&self, pos: &Position, text: &str) -> Result<ReadMove, SanError> {
        let parsed = parse(text, self.letters).map_err(|reason| invalid(text, reason))?;
        let mv = find(pos, &parsed.target, parsed.capture).map_err(|unfound| unfound.into_error(pos, text))?;
        let warnings = self.check_signs(pos, text, &parsed, mv)?;
        Ok(ReadMove { mv, warnings })
    }

    /// The warnings for signs the move does not bear out; in strict mode, the first is an error.
    fn check_signs(&self, pos: &Position, text: &str, parsed: &Parsed, mv: Move) -> Result<Vec<SanWarning>, SanError> {
        let mut warnings = Vec::new();
        let captures = pos.is_capture(mv);
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

fn invalid(text: &str, reason: Reason) -> SanError {
    SanError::Invalid { text: text.to_owned(), reason: reason.into_owned() }
}

/// Why a text is not algebraic notation (made into a [`SanError`] only when reading fails,
/// so that a good read builds no strings).
type Reason = Cow<'static, str>;

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
fn parse(text: &str, letters: Letters) -> Result<Parsed, Reason> {
    let body = text.trim();
    if body.is_empty() {
        return Err(Reason::Borrowed("empty move"));
    }
    // C.13: the sign and `e.p.` (C.9.3) may come in either order.
    let (body, last_sign) = strip_sign(body);
    let (body, en_passant, sign) = match strip(body, "e.p.") {
        Some(rest) => {
            let (rest, sign) = strip_sign(rest);
            (rest, true, if last_sign == Sign::None { sign } else { last_sign })
        }
        None => (body, false, last_sign),
    };
    let target = match body {
        "O-O" | "0-0" => Target::Castle(CastlingSide::KingSide),
        "O-O-O" | "0-0-0" => Target::Castle(CastlingSide::QueenSide),
        _ => return parse_move(body, letters).map(|(target, capture)| Parsed { target, capture, en_passant, sign }),
    };
    if en_passant {
        return Err(Reason::Borrowed("castling cannot be en passant"));
    }
    Ok(Parsed { target, capture: false, en_passant, sign })
}

/// The longest move text read (`Ng1xf3` is 6 characters, `e7xf8=Q` 7).
const MAX_CHARS: usize = 12;

/// `[piece][from file][from rank][x|-]to[[=]promotion]` (FIDE C.8 to C.11).
fn parse_move(body: &str, letters: Letters) -> Result<(Target, bool), Reason> {
    let mut buf = ['\0'; MAX_CHARS];
    let mut n = 0;
    for c in body.chars() {
        if n == MAX_CHARS {
            return Err(Reason::Borrowed("too long for a move"));
        }
        buf[n] = c;
        n += 1;
    }
    let mut chars = &buf[..n];
    // C.2 to C.4: a piece letter, or none for a pawn.
    let first = chars.first().map_or(Roles::NONE, |&c| letters.roles(c));
    let roles = match chars.first() {
        Some(_) if !first.is_empty() => {
            chars = &chars[1..];
            first
        }
        Some(&'P') => return Err(Reason::Borrowed("a pawn move has no piece letter (C.4): write e4, not Pe4")),
        Some(&c) if c.is_ascii_uppercase() => {
            return Err(Reason::Owned(format!("{c:?} is not a piece letter here (C.2, C.3)")));
        }
        _ => Roles::only(Role::Pawn),
    };
    let is_pawn = roles == Roles::only(Role::Pawn);
    // C.11: the new piece after the pawn's move, with or without `=`.
    let mut promotion = Roles::NONE;
    if let Some((&c, rest)) = chars.split_last() {
        let named = letters.roles(c);
        if !named.is_empty() {
            if !is_pawn {
                return Err(Reason::Borrowed("only a pawn can be promoted (C.11)"));
            }
            // A king named (`d8=K`) is notation all the same: it names a move 3.7.3.3 forbids,
            // which no legal move matches (illegal, not unreadable).
            promotion = named.promotions();
            if promotion.is_empty() {
                promotion = named;
            }
            chars = rest.strip_suffix(&['=']).unwrap_or(rest);
        }
    }
    // C.5 to C.7: the arrival square, always last.
    let [rest @ .., file, rank] = chars else {
        return Err(Reason::Borrowed("no arrival square"));
    };
    let to = match (File::from_char(*file), Rank::from_char(*rank)) {
        (Some(f), Some(r)) => Square::new(f, r),
        _ => return Err(Reason::Borrowed("no arrival square (a file a-h and a rank 1-8) where expected")),
    };
    // C.9: `x` before the arrival square; C.8: a hyphen may separate the squares of the long form.
    let (rest, capture, hyphen) = match rest {
        [rest @ .., 'x'] => (rest, true, false),
        [rest @ .., '-'] => (rest, false, true),
        _ => (rest, false, false),
    };
    let (from_file, from_rank) = match rest {
        [] => (None, None),
        [f] if File::from_char(*f).is_some() => (File::from_char(*f), None),
        [r] if Rank::from_char(*r).is_some() => (None, Rank::from_char(*r)),
        [f, r] => match (File::from_char(*f), Rank::from_char(*r)) {
            (Some(f), Some(r)) => (Some(f), Some(r)),
            _ => return Err(Reason::Borrowed("the departure square is not a square")),
        },
        _ => return Err(Reason::Borrowed("unexpected characters before the arrival square")),
    };
    if hyphen && (from_file.is_none() || from_rank.is_none()) {
        return Err(Reason::Borrowed("a hyphen belongs between two whole squares (C.8)"));
    }
    Ok((Target::Move { roles, from_file, from_rank, to, promotion }, capture))
}

/// Why no single legal move fits a target.
enum Unfound {
    Illegal,
    MissingPromotion,
    Ambiguous(Vec<Move>),
    /// A pawn advance (no capture sign) that only these pawn captures reach.
    OnlyPawnCaptures(Vec<Move>),
    PawnCaptureWithoutFile(Vec<Move>),
}

impl Unfound {
    fn into_error(self, pos: &Position, text: &str) -> SanError {
        let (text, fen) = (text.to_owned(), pos.fen());
        match self {
            Unfound::Illegal => SanError::Illegal { text, fen, pawn_captures: Vec::new() },
            // FIDE 3.7.3.3: a pawn reaching the last rank must be exchanged, so `d8` names a
            // move no rule allows: well-formed (C.8), and illegal.
            Unfound::MissingPromotion => SanError::Illegal { text, fen, pawn_captures: Vec::new() },
            // FIDE C.8, C.9.3: `f6` is a pawn advance, well-formed; only `exf6` would capture.
            Unfound::OnlyPawnCaptures(moves) => SanError::Illegal { text, fen, pawn_captures: sans(pos, moves) },
            Unfound::Ambiguous(moves) => SanError::Ambiguous { text, fen, candidates: sans(pos, moves) },
            Unfound::PawnCaptureWithoutFile(moves) => {
                SanError::PawnCaptureWithoutFile { text, fen, candidates: sans(pos, moves) }
            }
        }
    }
}

/// The one legal move that the target names; `capture`: the text has the capture sign.
fn find(pos: &Position, target: &Target, capture: bool) -> Result<Move, Unfound> {
    let (roles, from_file, from_rank, to, promotion) = match *target {
        Target::Castle(side) => {
            return pos.legal_moves().iter().find(|m| m.castling_side() == Some(side)).copied().ok_or(Unfound::Illegal);
        }
        Target::Move { roles, from_file, from_rank, to, promotion } => (roles, from_file, from_rank, to, promotion),
    };
    // C.9.3: a pawn named without its departure file may only advance on its file.
    let pawn_file = from_file.or_else(|| (roles == Roles::only(Role::Pawn)).then_some(to.file()));
    let found = matches(pos, roles, pawn_file, from_rank, to, promotion);
    match found.first {
        Some(m) if found.others.is_empty() => Ok(m),
        Some(m) if m.promotion_role().is_some() && promotion.is_empty() => Err(Unfound::MissingPromotion),
        Some(m) => Err(Unfound::Ambiguous(std::iter::once(m).chain(found.others).collect())),
        None if pawn_file == from_file => Err(Unfound::Illegal),
        None => {
            let captures = matches(pos, roles, None, from_rank, to, promotion);
            let captures: Vec<Move> = captures.first.into_iter().chain(captures.others).collect();
            match (captures.is_empty(), capture) {
                (true, _) => Err(Unfound::Illegal),
                // `xf6`: a capture sign without the departure file (C.9.3).
                (false, true) => Err(Unfound::PawnCaptureWithoutFile(captures)),
                // `f6`: a pawn advance (C.8) that no pawn can make; a capture is not it.
                (false, false) => Err(Unfound::OnlyPawnCaptures(captures)),
            }
        }
    }
}

/// The legal moves that fit a target: the first, and the others.
struct Matches {
    first: Option<Move>,
    others: Vec<Move>,
}

/// FIDE 3.1 to 3.7 and 3.9.2: the legal moves of a piece of `roles` to `to`, from the given file
/// and rank. The pieces that can reach `to` are found from it (the moves of knights, bishops,
/// rooks, queens and kings are symmetric; pawns are looked for behind and diagonally behind),
/// and each candidate is kept if it does not leave its own king attacked.
fn matches(
    pos: &Position,
    roles: Roles,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Roles,
) -> Matches {
    let mut found = Matches { first: None, others: Vec::new() };
    let us = pos.turn();
    if pos.by_color(us).contains(to) {
        return found;
    }
    let mut from = reaching(pos, roles, to);
    if let Some(f) = from_file {
        from &= Bitboard::file(f);
    }
    if let Some(r) = from_rank {
        from &= Bitboard::rank(r);
    }
    for sq in from {
        let pawn = pos.pieces(us, Role::Pawn).contains(sq);
        let (moves, n) = moves_between(pos, pawn, sq, to, promotion);
        if leaves_king_attacked(pos, moves[0]) {
            continue;
        }
        for &m in &moves[..n] {
            match found.first {
                None => found.first = Some(m),
                Some(_) => found.others.push(m),
            }
        }
    }
    found
}

/// FIDE 3.9.2: whether the non-castling move `m` would leave the mover's king attacked. The
/// board after the move is looked at as occupancy: the mover leaves `from` for `to`, the piece
/// captured (on `to`, or beside it en passant) no longer attacks.
fn leaves_king_attacked(pos: &Position, m: Move) -> bool {
    let us = pos.turn();
    let (from, to) = (m.from(), m.to());
    let captured = pos.captured(m).unwrap_or(to);
    let occupied = pos.occupied().without(from).without(captured).with(to);
    let king = if from == pos.king(us) { to } else { pos.king(us) };
    (pos.attackers_to(king, occupied) & pos.by_color(!us)).without(captured).any()
}

/// The side to move's pieces of `roles` that can move to `to`, before king safety is looked at.
fn reaching(pos: &Position, roles: Roles, to: Square) -> Bitboard {
    let us = pos.turn();
    let occupied = pos.occupied();
    let mut from = Bitboard::EMPTY;
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
        if roles.contains(role) {
            from |= attacks(us, role, to, occupied) & pos.pieces(us, role);
        }
    }
    if roles.contains(Role::Pawn) {
        let pawns = pos.pieces(us, Role::Pawn);
        let capturers = pawn_attacks(!us, to) & pawns;
        if pos.by_color(!us).contains(to) || pos.ep_square() == Some(to) {
            // FIDE 3.7.2 and 3.7.3.1: diagonally forward onto an enemy piece, or en passant.
            from |= capturers;
        } else if !occupied.contains(to) {
            // FIDE 3.7.1: one square forward, or two from the starting rank over an empty square.
            let back = us.fold(-1, 1);
            if let Some(behind) = to.offset(0, back) {
                if pawns.contains(behind) {
                    from = from.with(behind);
                } else if !occupied.contains(behind) && to.rank() == Rank::FOURTH.relative(us) {
                    if let Some(start) = behind.offset(0, back).filter(|s| pawns.contains(*s)) {
                        from = from.with(start);
                    }
                }
            }
        }
    }
    from
}

/// The moves of the piece on `from` to `to`: for a pawn on the last rank one per promotion piece
/// named (all four when none is), en passant when `to` is the en passant square.
fn moves_between(pos: &Position, pawn: bool, from: Square, to: Square, promotion: Roles) -> ([Move; 4], usize) {
    let mut moves = [Move::normal(from, to); 4];
    if !pawn {
        return (moves, usize::from(promotion.is_empty()));
    }
    if to.rank() != Rank::EIGHTH.relative(pos.turn()) {
        if pos.ep_square() == Some(to) && from.file() != to.file() {
            moves[0] = Move::en_passant(from, to);
        }
        return (moves, usize::from(promotion.is_empty()));
    }
    let mut n = 0;
    for role in Role::PROMOTIONS {
        if promotion.is_empty() || promotion.contains(role) {
            moves[n] = Move::promotion(from, to, role);
            n += 1;
        }
    }
    (moves, n)
}

fn sans(pos: &Position, moves: Vec<Move>) -> Vec<String> {
    moves.into_iter().map(|m| write_san(pos, m, SanStyle::PGN)).collect()
}
