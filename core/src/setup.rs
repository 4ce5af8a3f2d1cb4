//! An unvalidated position: pieces placed on squares, a side to move, castling rights, an en
//! passant square and the move counters, before FIDE 3.10.3 is checked. A [`Setup`] is what a
//! FEN says or what a program assembles square by square; [`Setup::position`] turns it into a
//! [`Position`] in an explicit [`CastlingMode`], or says why the position cannot occur.

use crate::{CastlingRights, CastlingSide, Color, File, IllegalPosition, Piece, Position, Rank, Square, Validation};

/// How castling rights are read and castling moves written (FIDE 3.8.2; Guidelines II.3).
///
/// The mode is chosen by the caller, never guessed from the position: a FEN read in
/// [`CastlingMode::Standard`] that gives a right with the king or rook off its original
/// square (which only Chess960 allows) is refused, not switched to Chess960.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CastlingMode {
    /// Standard chess: a right needs the king on the e-file and its rook on the a- or h-file;
    /// a castling move is written in UCI as the king's two-square move (`e1g1`).
    #[default]
    Standard,
    /// Chess960 (Guidelines II): a right names the rook's file wherever king and rook stand on
    /// the back rank; a castling move is written as the king taking its own rook (`e1h1`).
    Chess960,
}

impl CastlingMode {
    /// `Chess960` when `chess960` is true, else `Standard`.
    pub const fn from_chess960(chess960: bool) -> CastlingMode {
        if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }
    /// Whether this is Chess960.
    pub const fn is_chess960(self) -> bool {
        matches!(self, CastlingMode::Chess960)
    }
}

/// A position that has not been checked: any pieces on any squares.
///
/// ```
/// use arbiter_core::{CastlingMode, Color, Piece, Role, Setup, Square, Validation};
///
/// let sq = |name: &str| name.parse::<Square>().unwrap();
/// let mut setup = Setup::empty();
/// setup.put(Piece::new(Color::White, Role::King), sq("e1"));
/// setup.put(Piece::new(Color::Black, Role::King), sq("e8"));
/// setup.put(Piece::new(Color::White, Role::Rook), sq("a1"));
/// setup.set_turn(Color::Black);
/// let pos = setup.position(CastlingMode::Standard, Validation::Full).unwrap();
/// assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
///
/// // Two white kings cannot occur (FIDE 3.10.3).
/// setup.put(Piece::new(Color::White, Role::King), sq("h1"));
/// assert!(setup.position(CastlingMode::Standard, Validation::Full).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    board: [Option<Piece>; 64],
    turn: Color,
    castling: CastlingRights,
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::empty()
    }
}

impl Setup {
    /// An empty board, White to move, no rights, counters 0 and 1.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 64],
            turn: Color::White,
            castling: CastlingRights::NONE,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }
    /// Puts `piece` on `sq` and returns the piece it replaces.
    pub fn put(&mut self, piece: Piece, sq: Square) -> Option<Piece> {
        self.board[sq.index()].replace(piece)
    }
    /// Empties `sq` and returns the piece that stood there.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        self.board[sq.index()].take()
    }
    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }
    /// Sets the side to move.
    pub fn set_turn(&mut self, turn: Color) {
        self.turn = turn;
    }
    /// The castling rights, by the file of the rook that may castle.
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }
    /// Gives `color` the right to castle on `side` with the rook on `file` of its back rank
    /// (whether that rook is there is checked by [`Setup::position`]).
    pub fn set_castling(&mut self, color: Color, side: CastlingSide, file: File) {
        self.castling.set(color, side, file);
    }
    /// The en passant square as written: it must follow a double step (FIDE 3.7.3.1), but a
    /// capture there need not be legal.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }
    /// Sets the en passant square.
    pub fn set_ep_square(&mut self, sq: Option<Square>) {
        self.ep_square = sq;
    }
    /// Sets the half-moves since the last capture or pawn move (FIDE 9.3) and the number of the
    /// current move (a 0, common in the wild, is read as 1).
    pub fn set_counters(&mut self, halfmoves: u32, fullmoves: u32) {
        self.halfmoves = halfmoves;
        self.fullmoves = fullmoves.max(1);
    }

    /// The position, if it can occur (FIDE 3.10.3, checked as `validation` says) and its
    /// castling rights are possible in `mode`.
    pub fn position(&self, mode: CastlingMode, validation: Validation) -> Result<Position, IllegalPosition> {
        let mut pos = Position::empty();
        for sq in Square::all() {
            if let Some(piece) = self.piece_at(sq) {
                pos.put(piece, sq);
            }
        }
        pos.turn = self.turn;
        pos.castling = self.castling;
        pos.halfmoves = self.halfmoves;
        pos.fullmoves = self.fullmoves;
        pos.chess960 = mode.is_chess960();
        if mode == CastlingMode::Standard {
            standard_rights(&pos)?;
        }
        pos.validate(self.ep_square, validation)
    }
}

/// FIDE 3.8.2.1: in standard chess a right needs the king on its e-file square and the rook in
/// its corner; any other right belongs to Chess960, whose mode the caller must choose.
fn standard_rights(pos: &Position) -> Result<(), IllegalPosition> {
    for (color, side, file) in pos.castling.iter() {
        let corner = match side {
            CastlingSide::KingSide => File::H,
            CastlingSide::QueenSide => File::A,
        };
        let home = Square::new(File::E, Rank::back(color));
        if file != corner || !(pos.pieces(color, crate::Role::King)).contains(home) {
            let rook = Square::new(file, Rank::back(color));
            return Err(IllegalPosition::InvalidCastlingRights(format!(
                "{color} may castle with the rook on {rook}, which standard chess allows only with the king on {home} and the rook on {corner}{} (FIDE 3.8.2.1); this right exists only in Chess960 (Guidelines II)",
                Rank::back(color).char()
            )));
        }
    }
    Ok(())
}

impl Position {
    /// The position as a [`Setup`] (with its en passant square only when a capture is legal).
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for sq in self.occupied() {
            if let Some(piece) = self.piece_at(sq) {
                setup.put(piece, sq);
            }
        }
        setup.turn = self.turn;
        setup.castling = self.castling;
        setup.ep_square = self.ep_square;
        setup.halfmoves = self.halfmoves;
        setup.fullmoves = self.fullmoves;
        setup
    }
    /// The castling mode in which the position reads and writes castling.
    pub fn castling_mode(&self) -> CastlingMode {
        CastlingMode::from_chess960(self.chess960)
    }
}
