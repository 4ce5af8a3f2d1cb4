//! The pieces (FIDE 2.2: king, queen, rook, bishop, knight, pawn, in White and Black).

use std::fmt;

use crate::Color;

/// A kind of piece, regardless of colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// A pawn (FIDE 3.7).
    Pawn = 0,
    /// A knight (FIDE 3.6).
    Knight = 1,
    /// A bishop (FIDE 3.2).
    Bishop = 2,
    /// A rook (FIDE 3.3).
    Rook = 3,
    /// A queen (FIDE 3.4).
    Queen = 4,
    /// A king (FIDE 3.8).
    King = 5,
}

impl Role {
    /// The six roles, pawn first.
    pub const ALL: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
    /// FIDE 3.7.3.3: a pawn promotes to a queen, rook, bishop or knight of its own colour.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// 0 for the pawn up to 5 for the king (for tables indexed by role).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English letter of Appendix C.2 in lower case (`p` for the pawn, as in FEN).
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The English upper-case letter (`P` for the pawn).
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// Reads an English piece letter in either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// Bishops, rooks and queens move along lines and may not jump (FIDE 3.5).
    pub const fn is_slider(self) -> bool {
        matches!(self, Role::Bishop | Role::Rook | Role::Queen)
    }

    /// The English name in lower case (`pawn`, `knight`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

/// A piece of one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// Reads a FEN letter.
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
