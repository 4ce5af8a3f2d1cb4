//! Deep perft split into independent subtrees for a batch system (`xargs -P`, GNU parallel, a
//! Slurm job array, a Kubernetes Indexed Job): a [`Plan`] lists every subtree at ply `split`
//! below a root, each one a [`Subtree`] line that any machine can count on its own; the counts
//! come back as [`SubtreeCount`] lines, and a [`Merge`] checks that every subtree of the plan
//! is there exactly once before it adds them up. `docs/perft-split.md` describes the JSON
//! form of the lines.
//!
//! Every line carries the whole identity of its plan (root, depth, split, number of subtrees
//! and the plan's hash), so a merge needs nothing but the result lines: it regenerates the
//! plan from the root and checks each line against it.
//!
//! Split 0 is a plan of one subtree, the root itself; split equal to the depth is a plan of
//! the leaves, each counted 1. A line of play that ends (mate or stalemate) before ply
//! `split` has no leaf at the full depth and no subtree in the plan; its root move still
//! appears in the merged divide, with 0.
//!
//! ```
//! use arbiter_core::perft::split::{Merge, Plan};
//! use arbiter_core::{perft, Position};
//!
//! let plan = Plan::new(&Position::startpos(), 4, 2).unwrap();
//! assert_eq!(plan.len(), 400);
//! let mut merge = Merge::default();
//! for line in plan.lines() {
//!     // Each line is counted on its own, anywhere.
//!     let nodes = perft::perft(&line.position().unwrap(), line.depth_left);
//!     merge.add(format!("line {}", line.index + 1), line.with_count(nodes)).unwrap();
//! }
//! let merged = merge.finish().unwrap();
//! assert_eq!(merged.total, 197_281);
//! assert_eq!(merged.divide.len(), 20);
//! ```

use std::collections::HashMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::perft::MAX_DEPTH;
use crate::{fen, CastlingMode, Move, Position};

/// The value of every line's `format` field.
pub const FORMAT: &str = "arbiter-perft-split/1";

/// The most subtrees a plan may have (a plan line is a few hundred bytes: 1,000,000 lines are
/// a few hundred MB). A deeper split is refused; split less deep.
pub const MAX_SUBTREES: usize = 1_000_000;

/// One subtree of a plan: a line of the plan file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subtree {
    /// Always [`FORMAT`].
    pub format: String,
    /// The plan's hash ([`Plan::id`]): 16 hexadecimal digits.
    pub plan: String,
    /// The FEN of the plan's root.
    pub root: String,
    /// Whether the root's FEN and the moves are written as in Chess960.
    pub chess960: bool,
    /// The plan's depth, counted from the root.
    pub depth: u32,
    /// The ply of the subtrees below the root.
    pub split: u32,
    /// The number of subtrees in the plan.
    pub subtrees: usize,
    /// This subtree's place in the plan, from 0.
    pub index: usize,
    /// The moves from the root to this subtree, in UCI.
    pub moves: Vec<String>,
    /// The FEN of the subtree's position.
    pub fen: String,
    /// The depth to count below the subtree's position (`depth - split`).
    pub depth_left: u32,
}

/// A counted subtree: a line of a result file, the plan line with its count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubtreeCount {
    /// The subtree counted.
    #[serde(flatten)]
    pub subtree: Subtree,
    /// The number of leaves `depth_left` plies below it.
    pub nodes: u64,
}

/// What is wrong with a plan, a line or a set of results.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SplitError {
    /// The depth is beyond [`MAX_DEPTH`].
    #[error("depth {0}: deeper than the deepest perft arbiter counts ({MAX_DEPTH})")]
    TooDeep(u32),
    /// The split ply is beyond the depth.
    #[error("split {split}: deeper than the depth {depth} (the split must be from 0 to the depth)")]
    SplitBeyondDepth {
        /// The split ply.
        split: u32,
        /// The depth.
        depth: u32,
    },
    /// The plan would have more than [`MAX_SUBTREES`] subtrees.
    #[error("split {0}: more than {MAX_SUBTREES} subtrees; split at a smaller ply")]
    TooManySubtrees(u32),
    /// The line is not of this format.
    #[error("format {0:?}: not {FORMAT:?}")]
    Format(String),
    /// A field contradicts the others or the plan.
    #[error("{0}")]
    Inconsistent(String),
    /// A line belongs to another plan than the lines before it.
    #[error("from plan {plan} (root {root:?}, depth {depth}, split {split}), not plan {expected} of {first}")]
    ForeignPlan {
        /// The line's plan.
        plan: String,
        /// The line's root FEN.
        root: String,
        /// The line's depth.
        depth: u32,
        /// The line's split.
        split: u32,
        /// The plan of the first line.
        expected: String,
        /// Where the first line was read.
        first: String,
    },
    /// A subtree is there twice.
    #[error("subtree {index} ({moves}) again: it is already in {first}")]
    Duplicate {
        /// The subtree's index.
        index: usize,
        /// Its moves.
        moves: String,
        /// Where it was read first.
        first: String,
    },
    /// Subtrees of the plan have no result.
    #[error("{count} of the plan's {subtrees} subtrees have no result: {listed}")]
    Missing {
        /// How many are missing.
        count: usize,
        /// The plan's number of subtrees.
        subtrees: usize,
        /// The first few, with their moves.
        listed: String,
    },
    /// There was no result at all.
    #[error("no result lines")]
    Empty,
}

/// A split of the tree below `root` into the subtrees at ply `split`.
#[derive(Clone, Debug)]
pub struct Plan {
    root: Position,
    depth: u32,
    split: u32,
    /// The moves of every subtree, `split` of them each, one after another.
    moves: Vec<Move>,
    id: String,
}

impl Plan {
    /// The plan of `root`'s tree to `depth`, split at ply `split` (0 to `depth`).
    pub fn new(root: &Position, depth: u32, split: u32) -> Result<Plan, SplitError> {
        if depth > MAX_DEPTH {
            return Err(SplitError::TooDeep(depth));
        }
        if split > depth {
            return Err(SplitError::SplitBeyondDepth { split, depth });
        }
        let mut moves = Vec::new();
        let mut path = Vec::with_capacity(split as usize);
        if !collect(root, split, &mut path, &mut moves) {
            return Err(SplitError::TooManySubtrees(split));
        }
        let mut plan = Plan { root: *root, depth, split, moves, id: String::new() };
        plan.id = plan.hash();
        Ok(plan)
    }

    /// The plan's hash: FNV-1a (64 bits) of its format, root FEN, mode, depth, split and the
    /// moves of every subtree, in 16 hexadecimal digits. Two plans with the same hash are the
    /// same plan.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The number of subtrees.
    pub fn len(&self) -> usize {
        if self.split == 0 {
            1
        } else {
            self.moves.len() / self.split as usize
        }
    }

    /// Whether the plan has no subtree (every line ends before ply `split`).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn hash(&self) -> String {
        let mut text =
            format!("{FORMAT}\n{}\n{}\n{}\n{}\n", self.root.fen(), self.root.is_chess960(), self.depth, self.split);
        for index in 0..self.len() {
            text.push_str(&self.uci_moves(index).join(" "));
            text.push('\n');
        }
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in text.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        format!("{hash:016x}")
    }

    fn path(&self, index: usize) -> &[Move] {
        let k = self.split as usize;
        &self.moves[index * k..(index + 1) * k]
    }

    /// The moves of subtree `index` in UCI, and its position.
    fn walk(&self, index: usize) -> (Vec<String>, Position) {
        let mut pos = self.root;
        let mut ucis = Vec::with_capacity(self.split as usize);
        for &m in self.path(index) {
            ucis.push(pos.uci(m));
            pos.play_unchecked(m);
        }
        (ucis, pos)
    }

    fn uci_moves(&self, index: usize) -> Vec<String> {
        self.walk(index).0
    }

    /// Subtree `index` as a plan line.
    fn line(&self, index: usize) -> Subtree {
        let (moves, pos) = self.walk(index);
        Subtree {
            format: FORMAT.to_owned(),
            plan: self.id.clone(),
            root: self.root.fen(),
            chess960: self.root.is_chess960(),
            depth: self.depth,
            split: self.split,
            subtrees: self.len(),
            index,
            moves,
            fen: pos.fen(),
            depth_left: self.depth - self.split,
        }
    }

    /// The plan's lines, in order.
    pub fn lines(&self) -> impl Iterator<Item = Subtree> + '_ {
        (0..self.len()).map(|index| self.line(index))
    }
}

/// Appends the paths of `depth` plies below `pos` to `out`; false when there would be more
/// than [`MAX_SUBTREES`].
fn collect(pos: &Position, depth: u32, path: &mut Vec<Move>, out: &mut Vec<Move>) -> bool {
    if depth == 0 {
        if out.len() >= MAX_SUBTREES * path.len().max(1) {
            return false;
        }
        out.extend_from_slice(path);
        return true;
    }
    for &m in pos.legal_moves().iter() {
        let mut child = *pos;
        child.play_unchecked(m);
        path.push(m);
        let ok = collect(&child, depth - 1, path, out);
        path.pop();
        if !ok {
            return false;
        }
    }
    true
}

impl Subtree {
    /// The line's root, read in its mode, after the checks every line must pass: the format,
    /// depth at most [`MAX_DEPTH`], split at most the depth, `depth_left` and the number of
    /// moves that the depth and split give, an index below the number of subtrees.
    fn checked_root(&self) -> Result<Position, SplitError> {
        if self.format != FORMAT {
            return Err(SplitError::Format(self.format.clone()));
        }
        if self.depth > MAX_DEPTH {
            return Err(SplitError::TooDeep(self.depth));
        }
        if self.split > self.depth {
            return Err(SplitError::SplitBeyondDepth { split: self.split, depth: self.depth });
        }
        let bad = |what: String| Err(SplitError::Inconsistent(what));
        if self.depth_left != self.depth - self.split {
            return bad(format!("depth_left {}: not depth - split = {}", self.depth_left, self.depth - self.split));
        }
        if self.moves.len() != self.split as usize {
            return bad(format!("{} moves for split {}", self.moves.len(), self.split));
        }
        if self.index >= self.subtrees {
            return bad(format!(
                "index {}: the plan has {} subtrees (0 to {})",
                self.index,
                self.subtrees,
                self.subtrees.saturating_sub(1)
            ));
        }
        fen::read_in(&self.root, CastlingMode::from_chess960(self.chess960)).or_else(|e| bad(format!("root: {e}")))
    }

    /// The position of this subtree, after checking the line: the checks of every line (see
    /// [`Subtree`]'s fields), then that its moves are legal from its root and lead to its FEN.
    /// The plan's hash is not checked here (it takes the whole plan: [`Merge`] checks it).
    pub fn position(&self) -> Result<Position, SplitError> {
        let mut pos = self.checked_root()?;
        for (ply, uci) in self.moves.iter().enumerate() {
            pos =
                pos.play_uci(uci).map_err(|e| SplitError::Inconsistent(format!("move {} ({uci:?}): {e}", ply + 1)))?;
        }
        if pos.fen() != self.fen {
            return Err(SplitError::Inconsistent(format!("fen {:?}: the moves lead to {:?}", self.fen, pos.fen())));
        }
        Ok(pos)
    }

    /// This line as a result line with its count.
    pub fn with_count(self, nodes: u64) -> SubtreeCount {
        SubtreeCount { subtree: self, nodes }
    }
}

/// The merged count of a plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merged {
    /// The plan's hash.
    pub plan: String,
    /// The root.
    pub root: Position,
    /// The plan's depth.
    pub depth: u32,
    /// The total number of leaves.
    pub total: u64,
    /// The count below each legal root move, in generation order (empty for split 0).
    pub divide: Vec<(Move, u64)>,
}

/// Result lines being merged: [`Merge::add`] each, then [`Merge::finish`].
#[derive(Default)]
pub struct Merge {
    state: Option<MergeState>,
}

struct MergeState {
    plan: Plan,
    /// Where the first line was read.
    first: String,
    /// For each subtree, its count and where it was read.
    seen: Vec<Option<(u64, String)>>,
}

impl Merge {
    /// Adds a result line read at `place` (a file and line, for the messages). The first line
    /// fixes the plan: it is regenerated from the line's root, depth and split, and must have
    /// the line's hash. Every line must be of that plan, be the plan's subtree at its index,
    /// and come only once.
    pub fn add(&mut self, place: String, result: SubtreeCount) -> Result<(), SplitError> {
        let line = &result.subtree;
        let root = line.checked_root()?;
        if self.state.is_none() {
            let plan = Plan::new(&root, line.depth, line.split)?;
            if plan.id != line.plan || plan.len() != line.subtrees {
                return Err(SplitError::Inconsistent(format!(
                    "plan {} of {} subtrees: the root, depth and split give plan {} of {} subtrees",
                    line.plan,
                    line.subtrees,
                    plan.id,
                    plan.len()
                )));
            }
            let seen = vec![None; plan.len()];
            self.state = Some(MergeState { plan, first: place.clone(), seen });
        }
        let Some(state) = self.state.as_mut() else { return Err(SplitError::Empty) };
        let plan = &state.plan;
        if line.plan != plan.id
            || line.subtrees != plan.len()
            || line.depth != plan.depth
            || line.split != plan.split
            || root.fen() != plan.root.fen()
        {
            return Err(SplitError::ForeignPlan {
                plan: line.plan.clone(),
                root: line.root.clone(),
                depth: line.depth,
                split: line.split,
                expected: plan.id.clone(),
                first: state.first.clone(),
            });
        }
        let expected = plan.line(line.index);
        if line.moves != expected.moves || line.fen != expected.fen {
            return Err(SplitError::Inconsistent(format!(
                "subtree {} is {} ({}) in plan {}, not {} ({})",
                line.index,
                expected.moves.join(" "),
                expected.fen,
                plan.id,
                line.moves.join(" "),
                line.fen
            )));
        }
        if let Some((_, first)) = &state.seen[line.index] {
            return Err(SplitError::Duplicate {
                index: line.index,
                moves: expected.moves.join(" "),
                first: first.clone(),
            });
        }
        state.seen[line.index] = Some((result.nodes, place));
        Ok(())
    }

    /// The total and the root divide, once every subtree of the plan has its count.
    pub fn finish(self) -> Result<Merged, SplitError> {
        let Some(state) = self.state else { return Err(SplitError::Empty) };
        let plan = &state.plan;
        let missing: Vec<usize> = (0..plan.len()).filter(|&i| state.seen[i].is_none()).collect();
        if !missing.is_empty() {
            let mut listed = String::new();
            for (n, &index) in missing.iter().take(10).enumerate() {
                if n > 0 {
                    listed.push_str(", ");
                }
                let _ = write!(listed, "{index} ({})", plan.uci_moves(index).join(" "));
            }
            if missing.len() > 10 {
                listed.push_str(", ...");
            }
            return Err(SplitError::Missing { count: missing.len(), subtrees: plan.len(), listed });
        }
        let counts: Vec<u64> = state.seen.iter().map(|s| s.as_ref().map_or(0, |(n, _)| *n)).collect();
        let total = counts.iter().fold(0u64, |sum, n| sum.saturating_add(*n));
        let mut divide = Vec::new();
        if plan.split > 0 {
            let mut by_move: HashMap<Move, u64> = HashMap::new();
            for (index, n) in counts.iter().enumerate() {
                *by_move.entry(plan.path(index)[0]).or_default() += n;
            }
            divide = plan.root.legal_moves().iter().map(|m| (*m, by_move.get(m).copied().unwrap_or(0))).collect();
        }
        Ok(Merged { plan: plan.id.clone(), root: plan.root, depth: plan.depth, total, divide })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_zero_is_the_root_and_split_depth_the_leaves() {
        let start = Position::startpos();
        let plan = Plan::new(&start, 3, 0).unwrap();
        assert_eq!(plan.len(), 1);
        let line = plan.lines().next().unwrap();
        assert!(line.moves.is_empty());
        assert_eq!(line.fen, start.fen());
        assert_eq!(line.position().unwrap().fen(), start.fen());
        // CPW: 8,902 leaves at depth 3, each its own subtree at split 3.
        assert_eq!(Plan::new(&start, 3, 3).unwrap().len(), 8_902);
    }

    #[test]
    fn bad_plans_are_refused() {
        let start = Position::startpos();
        assert_eq!(Plan::new(&start, 3, 4).unwrap_err(), SplitError::SplitBeyondDepth { split: 4, depth: 3 });
        assert_eq!(Plan::new(&start, MAX_DEPTH + 1, 1).unwrap_err(), SplitError::TooDeep(MAX_DEPTH + 1));
        // Ply 5 of the start position has 4,865,609 lines.
        assert_eq!(Plan::new(&start, 6, 5).unwrap_err(), SplitError::TooManySubtrees(5));
    }

    #[test]
    fn plans_differ_in_their_hash() {
        let start = Position::startpos();
        let ids: Vec<String> =
            [(3, 1), (4, 1), (4, 2)].iter().map(|&(d, k)| Plan::new(&start, d, k).unwrap().id().to_owned()).collect();
        assert!(ids[0] != ids[1] && ids[1] != ids[2] && ids[0] != ids[2], "{ids:?}");
        assert_eq!(Plan::new(&start, 4, 2).unwrap().id(), ids[2]);
    }

    #[test]
    fn a_mate_before_the_split_leaves_its_root_move_at_zero() {
        // Fool's mate: after 1. f3 e5 2. g4, Qh4 mates; split at 2, the mating line has no
        // subtree, and its root move counts 0 at depth 2 (there is no reply).
        let pos = Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2").unwrap();
        let plan = Plan::new(&pos, 2, 2).unwrap();
        let mut merge = Merge::default();
        for line in plan.lines() {
            merge.add(String::new(), line.with_count(1)).unwrap();
        }
        let merged = merge.finish().unwrap();
        let mate = merged.divide.iter().find(|(m, _)| pos.uci(*m) == "d8h4").unwrap();
        assert_eq!(mate.1, 0);
        assert_eq!(merged.total, crate::perft::perft(&pos, 2));
    }
}
