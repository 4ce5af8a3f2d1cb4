//! Dead positions and unwinnability (FIDE 5.2.2, 6.9, 5.1.2 of the 2023 Laws, 7.5.5, A.5.3).
//!
//! FIDE 5.2.2: "The game is drawn when a position has arisen in which neither player can
//! checkmate the opponent's king with any series of legal moves. The game is said to end in
//! a 'dead position'." The one-sided question (can `side` still checkmate at all, by any
//! series of legal moves, with the opponent's help) decides 6.9 (a flag fall is a draw when
//! the opponent cannot checkmate), 7.5.5 and A.5.3.
//!
//! The analysis follows the idea of M. Ambrona, "A Practical Algorithm for Chess
//! Unwinnability" (FUN 2022), written from scratch:
//! 1. forced-move following: while the side to move has a single legal move, play it;
//! 2. a static proof of unwinnability (`static_proof`): bare king, bishops of one colour,
//!    permanently locked pawn structures with the kings and pieces confined to regions, and an
//!    exhaustive check of the mate patterns a lone minor piece can give (`mate_patterns`);
//! 3. a helpmate search (`helpmate`) with a node budget, whose line is the certificate.
//!
//! The verdict is never wrong in the unsafe direction: [`Verdict::Unwinnable`] comes only from
//! a proof, [`Verdict::Winnable`] only with a line that ends in checkmate, and everything else
//! is [`Verdict::Undetermined`].

mod helpmate;
mod mate_patterns;
mod regions;
mod static_proof;

use std::collections::HashSet;

use crate::{Color, Move, Position};

/// The node budget of [`unwinnable`]: enough for the helpmates of ordinary game endings while
/// keeping the worst case around a few tens of milliseconds.
pub const DEFAULT_NODE_BUDGET: u64 = 100_000;

/// Forced moves are followed at most this far (a forced sequence that repeats a position is
/// recognised earlier).
const MAX_FORCED_PLIES: usize = 256;

/// Whether one side can still checkmate (FIDE 5.2.2, 6.9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// `side` can checkmate: the moves, played from the position, end in checkmate of the
    /// opponent by `side` (a helpmate line, the certificate).
    Winnable(Vec<Move>),
    /// Proven: `side` cannot checkmate by any series of legal moves.
    Unwinnable,
    /// The node budget ran out before a proof or a line was found.
    Undetermined,
}

impl Verdict {
    pub fn is_winnable(&self) -> bool {
        matches!(self, Verdict::Winnable(_))
    }
    pub fn is_unwinnable(&self) -> bool {
        matches!(self, Verdict::Unwinnable)
    }
}

/// Whether a position is dead (FIDE 5.2.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadVerdict {
    /// Proven: neither player can checkmate by any series of legal moves; the game ends at once.
    Dead,
    /// At least one player can checkmate (the line for White, then Black, when found; at least
    /// one is `Some`).
    Alive { white: Option<Vec<Move>>, black: Option<Vec<Move>> },
    /// Neither proven dead nor shown alive within the budget: the game goes on.
    Undetermined,
}

/// FIDE 5.2.2 / 6.9: whether `side` can checkmate from `pos` by any series of legal moves,
/// with the default node budget ([`DEFAULT_NODE_BUDGET`]).
pub fn unwinnable(pos: &Position, side: Color) -> Verdict {
    unwinnable_with_budget(pos, side, DEFAULT_NODE_BUDGET)
}

/// FIDE 5.2.2 / 6.9: [`unwinnable`] with a given node budget for the helpmate search.
pub fn unwinnable_with_budget(pos: &Position, side: Color, nodes: u64) -> Verdict {
    let (pos, forced) = match follow_forced(pos, side) {
        Forced::Ended(verdict) => return verdict,
        Forced::Reached(pos, line) => (pos, line),
    };
    if static_proof::proves_unwinnable(&pos, side) {
        return Verdict::Unwinnable;
    }
    match helpmate::search(&pos, side, nodes) {
        Some(line) => Verdict::Winnable(forced.into_iter().chain(line).collect()),
        None => Verdict::Undetermined,
    }
}

/// FIDE 5.2.2: a position is dead when neither player can checkmate by any series of legal
/// moves; [`DeadVerdict::Undetermined`] when that is not settled for either side.
pub fn is_dead(pos: &Position) -> DeadVerdict {
    is_dead_with_budget(pos, DEFAULT_NODE_BUDGET)
}

/// FIDE 5.2.2: [`is_dead`] with a node budget for each side's helpmate search.
pub fn is_dead_with_budget(pos: &Position, nodes: u64) -> DeadVerdict {
    let white = unwinnable_with_budget(pos, Color::White, nodes);
    let black = unwinnable_with_budget(pos, Color::Black, nodes);
    match (white, black) {
        (Verdict::Unwinnable, Verdict::Unwinnable) => DeadVerdict::Dead,
        (Verdict::Winnable(w), b) => DeadVerdict::Alive { white: Some(w), black: line_of(b) },
        (w, Verdict::Winnable(b)) => DeadVerdict::Alive { white: line_of(w), black: Some(b) },
        _ => DeadVerdict::Undetermined,
    }
}

fn line_of(verdict: Verdict) -> Option<Vec<Move>> {
    match verdict {
        Verdict::Winnable(line) => Some(line),
        _ => None,
    }
}

enum Forced {
    /// The forced sequence settled the question.
    Ended(Verdict),
    /// The first position on the forced path with a choice of moves, and the moves to it.
    Reached(Position, Vec<Move>),
}

/// Follows the position while the side to move has exactly one legal move: every series of
/// legal moves passes through those positions, so the question is the same for the first
/// position with a choice. A checkmate or stalemate on the way ends the game (FIDE 5.1.1,
/// 5.2.1); a forced sequence that repeats a position never leaves its cycle, so nobody mates.
fn follow_forced(pos: &Position, side: Color) -> Forced {
    let mut pos = *pos;
    let mut line = Vec::new();
    let mut seen = HashSet::new();
    loop {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Forced::Ended(if pos.is_check() && pos.turn() != side {
                Verdict::Winnable(line)
            } else {
                Verdict::Unwinnable
            });
        }
        if moves.len() > 1 {
            return Forced::Reached(pos, line);
        }
        if !seen.insert(pos.key()) {
            return Forced::Ended(Verdict::Unwinnable);
        }
        if line.len() >= MAX_FORCED_PLIES {
            return Forced::Reached(pos, line);
        }
        pos.play_unchecked(moves[0]);
        line.push(moves[0]);
    }
}

#[cfg(test)]
mod tests {
    //! Soundness of the static proofs (FIDE 5.2.2: never call a winnable position dead):
    //! on random positions, whenever a proof says `side` cannot mate, the helpmate search,
    //! run on its own, must not find a mate.

    use super::{helpmate, static_proof};
    use crate::{Color, Position};

    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// A FEN board from 64 optional piece letters, rank 8 first.
    fn fen(board: &[Option<char>; 64], turn: char) -> String {
        let ranks: Vec<String> = (0..8)
            .rev()
            .map(|rank| {
                let mut text = String::new();
                let mut empty = 0;
                for file in 0..8 {
                    match board[rank * 8 + file] {
                        Some(c) => {
                            if empty > 0 {
                                text.push_str(&empty.to_string());
                            }
                            empty = 0;
                            text.push(c);
                        }
                        None => empty += 1,
                    }
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                }
                text
            })
            .collect();
        format!("{} {turn} - - 0 1", ranks.join("/"))
    }

    /// Random positions around the proofs' cases: small pawnless material (lone minors,
    /// bishops of one colour) and locked walls with kings and pieces dropped anywhere.
    fn random_position(rng: &mut Rng, n: usize) -> Option<Position> {
        const SETS: [&str; 8] = ["Kk", "KkN", "KkBb", "KkNq", "KkNr", "KkBn", "KkBBb", "KkNb"];
        const WALL: [(usize, char); 16] = [
            (24, 'P'),
            (33, 'P'),
            (26, 'P'),
            (35, 'P'),
            (28, 'P'),
            (37, 'P'),
            (30, 'P'),
            (39, 'P'),
            (32, 'p'),
            (41, 'p'),
            (34, 'p'),
            (43, 'p'),
            (36, 'p'),
            (45, 'p'),
            (38, 'p'),
            (47, 'p'),
        ];
        const EXTRAS: [&str; 6] = ["", "B", "b", "R", "n", "Q"];
        let mut board = [None; 64];
        let pieces = if n % 2 == 0 {
            SETS[rng.below(SETS.len())].to_string()
        } else {
            for (sq, c) in WALL {
                board[sq] = Some(c);
            }
            format!("Kk{}", EXTRAS[rng.below(EXTRAS.len())])
        };
        for c in pieces.chars() {
            let sq = (0..64).map(|_| rng.below(64)).find(|&sq| board[sq].is_none())?;
            board[sq] = Some(c);
        }
        let turn = if rng.below(2) == 0 { 'w' } else { 'b' };
        fen(&board, turn).parse().ok()
    }

    #[test]
    fn static_proofs_5_2_2_never_contradict_a_helpmate() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let mut proofs = 0;
        for n in 0..3000 {
            let Some(pos) = random_position(&mut rng, n) else { continue };
            for side in Color::ALL {
                if static_proof::proves_unwinnable(&pos, side) {
                    proofs += 1;
                    let line = helpmate::search(&pos, side, 3_000);
                    assert!(line.is_none(), "{}: proof for {side:?} but helpmate {line:?}", pos.fen());
                }
            }
        }
        assert!(proofs > 500, "only {proofs} proofs exercised");
    }
}
