//! arbiter's reference implementation of the FIDE Laws of Chess.
//!
//! This crate holds the rules a program can decide: the board and the moves (FIDE Arts. 1-3),
//! FEN, perft, and Chess960 (Guidelines II). Every rule cites its article in its doc comment.
//!
//! ```
//! use arbiter_core::{perft, Position};
//! let pos = Position::startpos();
//! assert_eq!(perft::perft(&pos, 3), 8_902);
//! let after = pos.play_uci("e2e4").unwrap();
//! assert_eq!(after.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
//! ```

#![forbid(unsafe_op_in_unsafe_fn)]

pub mod arbiter;
pub mod attacks;
mod bitboard;
mod castling;
pub mod chess960;
mod color;
pub mod fen;
mod game;
mod laws;
pub mod material;
mod movegen;
mod moves;
pub mod notation;
mod outcome;
pub mod perft;
pub mod perft_suite;
mod piece;
mod position;
mod square;
mod uci;
pub mod unwinnable;
mod validate;
mod zobrist;

pub use bitboard::{Bitboard, Squares};
pub use castling::{CastlingRights, CastlingSide};
pub use color::Color;
pub use fen::{CastlingNotation, FenError};
pub use game::{automatic_end, forfeit_outcome, ClaimVerdict, DrawClaim, Game, GameError};
pub use laws::{Article, Laws};
pub use moves::{Move, MoveKind, MoveList};
pub use outcome::{Forfeit, GameResult, Outcome, Points, Termination};
pub use piece::{Piece, Role};
pub use position::{IllegalMove, Position};
pub use square::{File, ParseSquareError, Rank, Square};
pub use uci::{is_uci_text, UciError};
pub use unwinnable::{analyse, is_dead, unwinnable, unwinnable_with_budget, Analysis, DeadVerdict, Proof, Verdict};
pub use validate::{IllegalPosition, Validation};
