//! arbiter's reference implementation of the FIDE Laws of Chess.
//!
//! This crate holds the rules a program can decide: the board and the moves (FIDE Arts. 1-3),
//! FEN, perft, and Chess960 (Guidelines II). Every rule cites its article in its doc comment.
//! The small value types (sides, pieces, squares, results, claims, time controls) are those of
//! `arbiter_types`, re-exported here.
//!
//! ```
//! use arbiter_core::{perft, Position};
//! let pos = Position::startpos();
//! assert_eq!(perft::perft(&pos, 3), 8_902);
//! let after = pos.play_uci("e2e4").unwrap();
//! assert_eq!(after.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]

pub mod arbiter;
pub mod attacks;
mod castling;
pub mod chess960;
pub mod counts;
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
mod position;
mod setup;
mod uci;
pub mod unwinnable;
mod validate;
mod zobrist;

pub use arbiter_types as types;
pub use arbiter_types::{
    Bitboard, Category, ClockTime, Color, DrawClaim, File, GameResult, ParseSquareError, Piece, Points, Rank, Role,
    SealedVerdict, SplitMix64, Square, Squares, Supervision,
};
pub use castling::{CastlingRights, CastlingSide};
pub use fen::{CastlingNotation, FenError};
pub use game::{
    automatic_end, automatic_end_under, decided_forfeit_outcome, decided_forfeit_outcome_under, forfeit_outcome,
    ClaimVerdict, Game, GameError, GameState, StateError,
};
pub use laws::{Article, Laws};
pub use moves::{Move, MoveKind, MoveList};
pub use outcome::{Forfeit, Outcome, Termination};
pub use position::{IllegalMove, Position};
pub use setup::{CastlingMode, Setup};
pub use uci::{is_uci_text, UciError};
pub use unwinnable::{analyse, is_dead, unwinnable, unwinnable_with_budget, Analysis, DeadVerdict, Proof, Verdict};
pub use validate::{IllegalPosition, Validation};
