//! Files, ranks and squares (FIDE 2.4: eight files a-h, eight ranks 1-8).

use std::fmt;
use std::str::FromStr;

use crate::Color;

/// A file, `a` (0) to `h` (7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct File(u8);

/// A rank, `1` (0) to `8` (7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl File {
    /// The a-file.
    pub const A: File = File(0);
    /// The b-file.
    pub const B: File = File(1);
    /// The c-file.
    pub const C: File = File(2);
    /// The d-file.
    pub const D: File = File(3);
    /// The e-file.
    pub const E: File = File(4);
    /// The f-file.
    pub const F: File = File(5);
    /// The g-file.
    pub const G: File = File(6);
    /// The h-file.
    pub const H: File = File(7);
    /// The eight files, a first.
    pub const ALL: [File; 8] = [File(0), File(1), File(2), File(3), File(4), File(5), File(6), File(7)];

    /// The file with this index (0 = a), or `None` from 8 on.
    pub const fn new(index: u8) -> Option<File> {
        if index < 8 {
            Some(File(index))
        } else {
            None
        }
    }
    /// 0 for a up to 7 for h.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The letter `a`-`h`.
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
    /// Reads `a`-`h` (lower case only).
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File(c as u8 - b'a')),
            _ => None,
        }
    }
    /// Moves `delta` files, or `None` off the board.
    pub const fn offset(self, delta: i8) -> Option<File> {
        let f = self.0 as i8 + delta;
        if f >= 0 && f < 8 {
            Some(File(f as u8))
        } else {
            None
        }
    }
}

impl Rank {
    /// The first rank.
    pub const FIRST: Rank = Rank(0);
    /// The second rank.
    pub const SECOND: Rank = Rank(1);
    /// The third rank.
    pub const THIRD: Rank = Rank(2);
    /// The fourth rank.
    pub const FOURTH: Rank = Rank(3);
    /// The fifth rank.
    pub const FIFTH: Rank = Rank(4);
    /// The sixth rank.
    pub const SIXTH: Rank = Rank(5);
    /// The seventh rank.
    pub const SEVENTH: Rank = Rank(6);
    /// The eighth rank.
    pub const EIGHTH: Rank = Rank(7);
    /// The eight ranks, the first first.
    pub const ALL: [Rank; 8] = [Rank(0), Rank(1), Rank(2), Rank(3), Rank(4), Rank(5), Rank(6), Rank(7)];

    /// The rank with this index (0 = the first), or `None` from 8 on.
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 8 {
            Some(Rank(index))
        } else {
            None
        }
    }
    /// 0 for the first rank up to 7 for the eighth.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The digit `1`-`8`.
    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }
    /// Reads a digit `1`-`8`.
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank(c as u8 - b'1')),
            _ => None,
        }
    }
    /// The rank as seen from `color`'s side: White's first rank is Black's eighth.
    #[inline]
    pub const fn relative(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank(7 - self.0),
        }
    }
    /// The back rank of `color` (1 for White, 8 for Black).
    pub const fn back(color: Color) -> Rank {
        Rank::FIRST.relative(color)
    }
}

/// One of the 64 squares, numbered a1 = 0, b1 = 1, ..., h8 = 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $idx:expr),* $(,)?) => {
        impl Square { $(#[doc = concat!("The square ", stringify!($name), ".")] pub const $name: Square = Square($idx);)* }
    };
}
square_consts! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

impl Square {
    /// The square on `file` and `rank`.
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square(rank.0 * 8 + file.0)
    }
    /// The square with this index (0..64).
    #[inline]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }
    /// The square with index `index & 63`, for indices that are below 64 by construction (bit
    /// scans of a `u64`, move encodings); debug-asserted.
    #[inline]
    pub const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index & 63)
    }
    /// The index a1 = 0 ... h8 = 63.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The square's file.
    #[inline]
    pub const fn file(self) -> File {
        File(self.0 & 7)
    }
    /// The square's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 >> 3)
    }
    /// Moves by file and rank deltas, or `None` off the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = (self.0 & 7) as i8 + df;
        let r = (self.0 >> 3) as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }
    /// The same square seen from the other side (a1 <-> a8).
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }
    /// FIDE 2.1: the light squares are those where file + rank is odd (h1 and a8 are light).
    pub const fn is_light(self) -> bool {
        ((self.0 & 7) + (self.0 >> 3)) % 2 == 1
    }
    /// The square as seen from `color`'s side.
    #[inline]
    pub const fn relative(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_vertical(),
        }
    }
    /// All 64 squares, a1 first.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..64u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// The text is not a square name such as `e4`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a square: {0:?} (expected a file a-h and a rank 1-8, such as e4)")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next().and_then(File::from_char), chars.next().and_then(Rank::from_char), chars.next()) {
            (Some(f), Some(r), None) => Ok(Square::new(f, r)),
            _ => Err(ParseSquareError(s.to_owned())),
        }
    }
}
