//! Chess notation: algebraic notation as FIDE Appendix C writes it (written and read), PGN
//! game collections, spoken moves for visually disabled players (Appendix D.2.1) and the
//! judging of sealed moves (Guidelines I.8).

mod letters;
pub mod pgn;
mod san;
mod san_read;
mod scoresheet;
mod sealed;
mod spoken;

pub use letters::{LetterSet, Letters, Roles};
pub use san::{write_long, write_san, CastlingSign, MateSign, SanStyle};
pub use san_read::{ReadMove, SanError, SanReader, SanWarning};
pub use scoresheet::{read_scoresheet, ScoresheetError, ScoresheetMove};
pub use sealed::{judge_sealed_move, SealedReading};
pub use spoken::{write_spoken, Spelling};
