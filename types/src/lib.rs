//! arbiter's vocabulary: the small value types of the FIDE Laws of Chess that the reference
//! core, the adapter protocol, the runner and the adapters share, defined once.
//!
//! Sides and pieces (FIDE 1.1, 2.2), files, ranks and squares (2.4), sets of squares, the
//! result of a game and its points (10.1), the draws a player may claim (9.2, 9.3), the
//! category of a game (A.1, B.1) and its supervision (A.5), time controls and clock times
//! (6.3), what happens at the board (the events of Arts. 4, 6, 7, 9), and the verdict on a sealed move (Guidelines I.8). Each serialises as the case
//! format and the adapter protocol write it. Beside them, the one seeded random number
//! generator everything random in arbiter uses ([`SplitMix64`]).
//!
//! ```
//! use arbiter_types::{Bitboard, Color, GameResult, Square, TimeControl, Category};
//! let e4: Square = "e4".parse().unwrap();
//! assert!(Bitboard::rank(e4.rank()).contains(e4));
//! assert_eq!(GameResult::win(Color::Black).to_string(), "0-1");
//! let blitz: TimeControl = serde_json::from_str("\"3+2\"").unwrap();
//! assert_eq!(blitz.category(), Category::Blitz);
//! ```

#![deny(missing_docs)]

mod bitboard;
mod category;
mod claim;
mod clock_time;
mod color;
mod event;
mod piece;
mod result;
mod rng;
mod rule_model;
mod sealed;
mod square;
mod time_control;

pub use bitboard::{Bitboard, Squares};
pub use category::{Category, Supervision};
pub use claim::DrawClaim;
pub use clock_time::ClockTime;
pub use color::Color;
pub use event::{Action, Event};
pub use piece::{Piece, Role};
pub use result::{GameResult, Points};
pub use rng::SplitMix64;
pub use rule_model::{DeadMode, DrawMode, RuleModel};
pub use sealed::SealedVerdict;
pub use square::{File, ParseSquareError, Rank, Square};
pub use time_control::{Delay, DelayMode, Millis, Period, TimeControl, TimeControlError};
