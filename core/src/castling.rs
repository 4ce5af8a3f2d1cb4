//! Castling rights (FIDE 3.8.2 and Guidelines II.3), naming the rook's file so that
//! Chess960 castling works as well as the standard one.

use crate::{Color, File, Rank, Square};

/// The side towards which one castles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// With the rook on the h-side of the king (`O-O`): king to g, rook to f.
    KingSide = 0,
    /// With the rook on the a-side of the king (`O-O-O`): king to c, rook to d.
    QueenSide = 1,
}

impl CastlingSide {
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The side of a rook on `rook_file` relative to a king on `king_file`.
    pub fn of(king_file: File, rook_file: File) -> CastlingSide {
        if rook_file > king_file {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }
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
    pub fn king_to(self, color: Color) -> Square {
        Square::new(self.king_to_file(), Rank::back(color))
    }
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
}

impl CastlingRights {
    pub const NONE: CastlingRights = CastlingRights { rooks: [[None; 2]; 2] };
    /// The standard start: both sides may castle with the rooks on a and h.
    pub const STANDARD: CastlingRights = CastlingRights { rooks: [[Some(File::H), Some(File::A)]; 2] };

    #[inline]
    pub fn rook_file(&self, color: Color, side: CastlingSide) -> Option<File> {
        self.rooks[color.index()][side.index()]
    }
    /// The square of the rook that may castle, on `color`'s back rank.
    #[inline]
    pub fn rook_square(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.rook_file(color, side).map(|f| Square::new(f, Rank::back(color)))
    }
    pub fn has(&self, color: Color, side: CastlingSide) -> bool {
        self.rook_file(color, side).is_some()
    }
    pub fn set(&mut self, color: Color, side: CastlingSide, file: File) {
        self.rooks[color.index()][side.index()] = Some(file);
    }
    pub fn clear(&mut self, color: Color, side: CastlingSide) {
        self.rooks[color.index()][side.index()] = None;
    }
    pub fn clear_color(&mut self, color: Color) {
        self.rooks[color.index()] = [None, None];
    }
    pub fn is_empty(&self) -> bool {
        self.rooks.iter().flatten().all(Option::is_none)
    }
    pub fn has_color(&self, color: Color) -> bool {
        self.rooks[color.index()].iter().any(Option::is_some)
    }
    /// FIDE 3.8.2.1: the rights that a move from or to `sq` removes (a rook leaving or being
    /// captured on its home square). The king's own move is handled by the caller.
    #[inline]
    pub(crate) fn discard_rook(&mut self, sq: Square) {
        for color in Color::ALL {
            if sq.rank() == Rank::back(color) {
                for side in CastlingSide::ALL {
                    if self.rook_file(color, side) == Some(sq.file()) {
                        self.clear(color, side);
                    }
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
