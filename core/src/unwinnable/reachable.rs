//! The exhaustive search: every position reachable from the given one by any series of legal
//! moves of both players (FIDE 5.2.2), examined once each, until a checkmate by the intended
//! winner is found (its line is the certificate) or none is left to examine (the proof).
//!
//! The search is breadth-first over a set of the positions already seen, so that it explores
//! each position once, whatever the order of the moves that reach it (transpositions), and the
//! mating line it finds is a shortest one. A position is not expanded when the game ends there
//! (checkmate, FIDE 5.1.1, or stalemate, 5.2.1) or when a static proof shows that the winner
//! can never mate from it: nothing after it matters. What remains is finite in the positions
//! that need a search (locked pawns with the kings and pieces walled in, forced stalemates,
//! material that runs out), and the node budget bounds the rest.
//!
//! Soundness: when the frontier empties, every position reachable from the start has been
//! seen (each was either expanded, with all of its legal moves, or ended the game, or was
//! proven unwinnable on its own), and none was a checkmate of the loser. Positions are
//! compared exactly (pieces, side to move, castling rights and en passant square), never by
//! their hash key alone, so a key collision cannot hide a position.

use std::collections::{HashSet, VecDeque};
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::{material, Bitboard, CastlingRights, Color, Move, Position, Square};

use super::regions;

/// How the search ended.
pub(super) enum Reach {
    /// A checkmate of the loser: the moves from the start to it.
    Mate(Vec<Move>),
    /// Every reachable position was examined: `side` cannot mate.
    Exhausted,
    /// The node budget ran out first.
    OutOfBudget,
}

/// A position exactly as FIDE 9.2.3 compares them (move counters aside), hashed by its key.
#[derive(PartialEq, Eq)]
pub(super) struct Exact {
    key: u64,
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    turn: Color,
    castling: CastlingRights,
    ep_square: Option<Square>,
}

impl Exact {
    pub(super) fn of(pos: &Position) -> Exact {
        Exact {
            key: pos.key,
            by_color: pos.by_color,
            by_role: pos.by_role,
            turn: pos.turn,
            castling: pos.castling,
            ep_square: pos.ep_square,
        }
    }
}

impl Hash for Exact {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.key);
    }
}

/// Zobrist keys are already uniformly spread: hash them as they are.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8) | u64::from(*b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub(super) type KeyBuild = BuildHasherDefault<KeyHasher>;

/// The search state: the positions seen, how each was first reached, the frontier.
pub(super) struct Search {
    side: Color,
    /// Nodes so far: the positions reached by a move (each costs a move and a look-up).
    pub(super) nodes: u64,
    seen: HashSet<Exact, KeyBuild>,
    /// For each position seen, in order: the index of the one it was reached from and the move.
    parents: Vec<(u32, Move)>,
    /// Positions still to expand, with their index in `parents`.
    frontier: VecDeque<(Position, u32)>,
}

/// The index of the start position in `parents` (it has no parent).
const ROOT: u32 = u32::MAX;

impl Search {
    /// A search from `pos` for a checkmate by `side`.
    pub(super) fn new(pos: &Position, side: Color) -> Search {
        let mut search =
            Search { side, nodes: 0, seen: HashSet::default(), parents: Vec::new(), frontier: VecDeque::new() };
        search.seen.insert(Exact::of(pos));
        search.frontier.push_back((*pos, ROOT));
        search
    }

    /// Goes on until a mate, the end of the reachable positions, or `budget` more nodes.
    pub(super) fn run(&mut self, budget: u64) -> Reach {
        let stop = self.nodes.saturating_add(budget);
        while let Some((pos, index)) = self.frontier.pop_front() {
            if self.nodes >= stop {
                self.frontier.push_front((pos, index));
                return Reach::OutOfBudget;
            }
            let moves = pos.legal_moves();
            self.nodes += moves.len() as u64;
            for &m in &moves {
                let mut child = pos;
                child.play_unchecked(m);
                if !self.seen.insert(Exact::of(&child)) {
                    continue;
                }
                let Ok(child_index) = u32::try_from(self.parents.len()) else {
                    // More positions than an index can name: give up rather than guess.
                    return Reach::OutOfBudget;
                };
                self.parents.push((index, m));
                if !child.has_legal_moves() {
                    if child.turn() != self.side && child.is_check() {
                        return Reach::Mate(self.line_to(child_index));
                    }
                    continue;
                }
                if self.proven_unwinnable(&child) {
                    continue;
                }
                self.frontier.push_back((child, child_index));
            }
        }
        Reach::Exhausted
    }

    /// Whether a static proof shows that nothing reachable from `pos` is a mate by `side`.
    fn proven_unwinnable(&mut self, pos: &Position) -> bool {
        !material::has_mating_material(pos, self.side) || regions::locked_out(pos, self.side)
    }

    /// The moves from the start to the position with index `index`.
    fn line_to(&self, mut index: u32) -> Vec<Move> {
        let mut line = Vec::new();
        while index != ROOT {
            let (parent, m) = self.parents[index as usize];
            line.push(m);
            index = parent;
        }
        line.reverse();
        line
    }
}
