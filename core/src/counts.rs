//! The numbers the Laws count to, each named once.

/// FIDE 9.2: a draw may be claimed when the same position appears for at least the third time.
pub const THREEFOLD: usize = 3;

/// FIDE 9.6.1: the game is drawn when the same position has appeared at least five times.
pub const FIVEFOLD: usize = 5;

/// FIDE 9.3: the last 50 moves by each player without a pawn move or a capture, in half-moves
/// (the halfmove clock of FEN).
pub const FIFTY_MOVES: u32 = 2 * 50;

/// FIDE 9.6.2: 75 moves by each player without a pawn move or a capture, in half-moves.
pub const SEVENTY_FIVE_MOVES: u32 = 2 * 75;

/// FIDE 7.5.5: a player's second completed illegal move loses the game (A.5.2 without
/// supervision: the first one claimed).
pub const LOSING_ILLEGAL_MOVE: u32 = 2;

/// FIDE 7.3 and A.5.1 (A.4.1 in 2018): ten moves by each player, in half-moves.
pub const TEN_MOVES_EACH: usize = 2 * 10;
