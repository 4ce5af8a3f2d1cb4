//! Castling rights (FIDE 3.8.2 and Guidelines II.3), naming the rook's file so that
//! Chess960 castling works as well as the standard one.

use crate::{Bitboard, Color, File, Rank, Square};

/// The side towards which one castles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// With the rook on the h-side of the king (`O-O`): king to g, rook to f.
    KingSide = 0,
    /// With the rook on the a-side of the king (`O-O-O`): king to c, rook to d.
    QueenSide = 1,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The side of a rook on `rook_file` relative to a king on `king_file`.
    pub fn of(king_file: File, rook_file: File) -> CastlingSide {
        if rook_file > king_file {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }
    /// The side as an index (king side 0, queen side 1).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// FIDE 3.8.2 and II.3: the king ends on the g-file (king side) or the c-file (queen side).
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }
    /// FIDE 3.8.2 and II.3: the rook ends on the f-file or the d-file.
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }
    /// FIDE 3.8.2: the square the king ends on when `color` castles to this side.
    pub fn king_to(self, color: Color) -> Square {
        Square::new(self.king_to_file(), Rank::back(color))
    }
    /// FIDE 3.8.2: the square the rook ends on when `color` castles to this side.
    pub fn rook_to(self, color: Color) -> Square {
        Square::new(self.rook_to_file(), Rank::back(color))
    }
}

/// Which castlings are still possible in principle: for each colour and side, the file of
/// the rook that may castle. FIDE 3.8.2.1: the right is lost for good when the king, or that
/// rook, has moved; the temporary obstacles of 3.8.2.2 do not remove it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights {
    rooks: [[Option<File>; 2]; 2],
    /// The files of those rooks as a mask per colour (bit `n` for file `n`), kept with
    /// `rooks` so that a move can tell at once whether it touches a right (most moves do not).
    files: [u8; 2],
}

impl CastlingRights {
    /// No castling rights.
    pub const NONE: CastlingRights = CastlingRights { rooks: [[None; 2]; 2], files: [0; 2] };
    /// The standard start: both sides may castle with the rooks on a and h.
    pub const STANDARD: CastlingRights =
        CastlingRights { rooks: [[Some(File::H), Some(File::A)]; 2], files: [0x81; 2] };

    /// The file of the rook with which `color` may castle to `side`, if any.
    #[inline]
    pub fn rook_file(&self, color: Color, side: CastlingSide) -> Option<File> {
        self.rooks[color.index()][side.index()]
    }
    /// The square of the rook that may castle, on `color`'s back rank.
    #[inline]
    pub fn rook_square(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.rook_file(color, side).map(|f| Square::new(f, Rank::back(color)))
    }
    /// Whether `color` may still castle to `side` (FIDE 3.8.2.1).
    pub fn has(&self, color: Color, side: CastlingSide) -> bool {
        self.rook_file(color, side).is_some()
    }
    /// Gives `color` the right to castle to `side` with the rook on `file`, replacing the right it had there.
    pub fn set(&mut self, color: Color, side: CastlingSide, file: File) {
        self.clear(color, side);
        self.rooks[color.index()][side.index()] = Some(file);
        self.files[color.index()] |= 1 << file.index();
    }
    /// FIDE 3.8.2.1: removes `color`'s right to castle to `side` (its rook has moved or been taken).
    pub fn clear(&mut self, color: Color, side: CastlingSide) {
        if let Some(file) = self.rook_file(color, side) {
            self.rooks[color.index()][side.index()] = None;
            // Both sides of one colour never name the same rook.
            self.files[color.index()] &= !(1 << file.index());
        }
    }
    /// FIDE 3.8.2.1: removes both of `color`'s rights (its king has moved).
    pub fn clear_color(&mut self, color: Color) {
        self.rooks[color.index()] = [None, None];
        self.files[color.index()] = 0;
    }
    /// Whether neither side may castle any more.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.files == [0; 2]
    }
    /// Whether `color` may still castle to either side.
    #[inline]
    pub fn has_color(&self, color: Color) -> bool {
        self.files[color.index()] != 0
    }
    /// The files of the rooks that may still castle, as a mask per colour (bit `n` for file `n`).
    #[inline]
    pub(crate) fn files(&self) -> [u8; 2] {
        self.files
    }
    /// The home squares of the rooks that may still castle.
    #[inline]
    pub fn squares(&self) -> Bitboard {
        Bitboard(u64::from(self.files[0]) | u64::from(self.files[1]) << 56)
    }
    /// FIDE 3.8.2.1: removes the rights of the rooks on `touched` (a rook leaving its home
    /// square, or captured there). The king's own move is handled by the caller.
    #[inline]
    pub(crate) fn discard_rooks(&mut self, touched: Bitboard) {
        if (self.squares() & touched).is_empty() {
            return;
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if self.rook_square(color, side).is_some_and(|sq| touched.contains(sq)) {
                    self.clear(color, side);
                }
            }
        }
    }
    /// Each right present, as (colour, side, rook file).
    pub fn iter(&self) -> impl Iterator<Item = (Color, CastlingSide, File)> + '_ {
        Color::ALL.into_iter().flat_map(move |c| {
            CastlingSide::ALL.into_iter().filter_map(move |s| self.rook_file(c, s).map(|f| (c, s, f)))
        })
    }
}
