//! The guided search: depth-first with iterative deepening over every legal move of both
//! players, where the depth a move costs depends on whether it brings a checkmate closer.
//!
//! A mate by the intended winner needs the losing king in a corner (the one whose colour the
//! winner's bishops can attack), the winner's king two squares from it, the loser's own men
//! blocking its flights and a winner's piece giving check. Moves towards that picture cost no
//! depth (rewarded): pawns that advance, captures by the winner, kings and knights that walk
//! towards their squares, and, when the winner's material alone cannot mate, the loser's pawn
//! moves towards an under-promotion. Moves away from it cost three plies (punished): the
//! loser's captures, and the loser's other moves when it must promote. A move after a
//! rewarded one is free as well, so that the two players can take turns making progress.
//!
//! A table of the positions already searched (compared exactly) and the plies left when they
//! were, prunes transpositions and repetitions. It is kept from one iteration to the next: a
//! position searched before with as many plies left is not searched again, which lets the
//! deeper iterations spend their nodes on new lines (measured on CHA's vector: a sixth fewer
//! undetermined answers). Skipping it may lose a mate (an earlier iteration may have been
//! stopped inside it), never invent one. When an iteration ends without cutting a single line
//! at the depth limit and without a mate, and skipped nothing for an earlier iteration's sake,
//! every reachable position has been expanded: that is a proof that the winner cannot mate
//! (see `reachable` for the argument). An iteration that cut nothing but did skip is run again
//! from an empty table, for the proof.

use std::collections::HashMap;

use crate::{material, Bitboard, Color, Move, MoveKind, Position, Role, Square};

use super::distance;
use super::reachable::{Exact, KeyBuild};

/// The deepest iteration, in plies of unrewarded moves. A line is at most [`REWARD_PLIES`]
/// plus this long, which bounds the recursion (a frame holds a move list, about 1.5 KB): well
/// within the 2 MB stack of a spawned thread.
const MAX_DEPTH: i32 = 200;

/// The nodes an iteration may use, per ply of its depth limit; past them the iteration stops
/// and the next, deeper one starts (deeper iterations follow the rewarded lines further).
const ITERATION_NODES_PER_PLY: u64 = 50_000;

/// The same where only pawns, bishops and kings are on the board. There the mates come after
/// long rewarded lines (pawns racing to promote, kings walking round the walls), and an
/// iteration that is stopped early leaves nothing for the next one: the shallow iterations
/// must run to their end (measured on CHA's vector: a sixth fewer undetermined answers; no
/// Lichess flag fall needs it).
const PAWNS_AND_BISHOPS_NODES_PER_PLY: u64 = 200_000;

/// After this many plies on the current line, moves are no longer rewarded (it keeps the
/// lines finite).
const REWARD_PLIES: usize = 400;

/// How the guided search ended.
pub(super) enum Guided {
    Mate(Vec<Move>),
    /// An iteration examined every reachable position without a cut: no mate exists.
    Exhausted,
    OutOfBudget,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    Mate,
    NoMate,
    OutOfBudget,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Reward,
    Normal,
    Punish,
}

struct Search {
    winner: Color,
    nodes: u64,
    /// The node count at which the whole search stops.
    stop: u64,
    /// The node count at which this iteration stops.
    iteration_stop: u64,
    max_depth: i32,
    /// The number of this iteration, counted over every run.
    iteration: u32,
    /// Some line was cut at the depth limit or by the node limit in this iteration.
    cut: bool,
    /// This iteration skipped a position as searched by an earlier one.
    stale: bool,
    /// By position: the plies left when it was searched, and the number of that iteration.
    table: HashMap<Exact, (i32, u32), KeyBuild>,
    line: Vec<Move>,
}

/// Searches a helpmate by `winner` from `pos` within `budget` nodes, in one run; the outcome
/// and the nodes used.
#[cfg(test)]
pub(super) fn search(pos: &Position, winner: Color, budget: u64) -> (Guided, u64) {
    let mut deepening = Deepening::new(pos, winner);
    let outcome = deepening.run(budget);
    (outcome, deepening.nodes())
}

/// The guided search as a series of iterations that can be stopped and taken up again: the
/// table of the positions searched is kept in between, so that another search (the exhaustive
/// one, which proves the small futures in far fewer nodes) can run in the pause.
pub(super) struct Deepening {
    search: Search,
    root: Position,
    /// The nodes an iteration may use, per ply of its depth limit.
    per_ply: u64,
    /// The depth limit of the next iteration.
    max_depth: i32,
    /// The next iteration starts from an empty table.
    fresh: bool,
}

impl Deepening {
    pub(super) fn new(pos: &Position, winner: Color) -> Deepening {
        let search = Search {
            winner,
            nodes: 0,
            stop: 0,
            iteration_stop: 0,
            max_depth: 0,
            iteration: 0,
            cut: false,
            stale: false,
            table: HashMap::default(),
            line: Vec::new(),
        };
        let per_ply = if knights_rooks_queens(pos).is_empty() {
            PAWNS_AND_BISHOPS_NODES_PER_PLY
        } else {
            ITERATION_NODES_PER_PLY
        };
        Deepening { search, root: *pos, per_ply, max_depth: 2, fresh: true }
    }

    /// The nodes searched so far, in every run.
    pub(super) fn nodes(&self) -> u64 {
        self.search.nodes
    }

    /// Runs iterations until a mate, a proof, or `budget` more nodes. An iteration stopped by
    /// the budget is run again from its start by the next call (its entries in the table count
    /// as an earlier iteration's: they can skip work, never prove anything).
    pub(super) fn run(&mut self, budget: u64) -> Guided {
        let search = &mut self.search;
        search.stop = search.nodes.saturating_add(budget);
        while self.max_depth <= MAX_DEPTH {
            search.max_depth = self.max_depth;
            search.iteration += 1;
            search.cut = false;
            search.stale = false;
            search.line.clear();
            if self.fresh {
                search.table.clear();
            }
            search.iteration_stop = search.nodes.saturating_add(self.per_ply * self.max_depth as u64).min(search.stop);
            match search.visit(&self.root, 0, false, false) {
                Step::Mate => return Guided::Mate(std::mem::take(&mut search.line)),
                Step::NoMate if !search.cut && !search.stale => return Guided::Exhausted,
                Step::OutOfBudget => {
                    // Taken up again at the same depth, over the table as it is.
                    self.fresh = false;
                    return Guided::OutOfBudget;
                }
                Step::NoMate => {}
            }
            if search.nodes >= search.stop {
                // The iteration ended, cut by the budget: the next call deepens.
                self.fresh = false;
                self.max_depth += 1;
                return Guided::OutOfBudget;
            }
            if !search.cut && search.stale {
                // Nothing was cut but what earlier iterations had searched: the same iteration
                // again from an empty table may prove that no mate exists.
                self.fresh = true;
            } else {
                self.fresh = false;
                self.max_depth += 1;
            }
        }
        Guided::OutOfBudget
    }
}

impl Search {
    /// `semi_blocked`: a position on the line to `pos` had a semi-blocked file (see
    /// [`Plan::semi_blocked`]).
    fn visit(&mut self, pos: &Position, depth: i32, progress: bool, semi_blocked: bool) -> Step {
        if self.nodes >= self.iteration_stop {
            self.cut = true;
            return if self.nodes >= self.stop { Step::OutOfBudget } else { Step::NoMate };
        }
        let left = self.max_depth - depth;
        let exact = Exact::of(pos);
        if let Some(&(done, iteration)) = self.table.get(&exact) {
            if done >= left {
                if iteration != self.iteration {
                    // Searched in an earlier iteration, whose cuts this one cannot vouch for.
                    self.stale = true;
                }
                return Step::NoMate;
            }
        }
        if !material::has_mating_material(pos, self.winner) {
            return Step::NoMate;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if pos.turn() != self.winner && pos.is_check() { Step::Mate } else { Step::NoMate };
        }
        if depth >= self.max_depth {
            self.cut = true;
            return Step::NoMate;
        }
        self.table.insert(exact, (left, self.iteration));
        let plan = Plan::of(pos, self.winner);
        let rewards = self.line.len() <= REWARD_PLIES;
        // The moves in the order they are generated: putting the rewarded ones first makes
        // the search dive along long rewarded lines that rarely mate (measured on the Lichess
        // flag falls: a fifth more time, and more undetermined answers on CHA's vector).
        for &m in &moves {
            let kind = match plan.kind(pos, m, semi_blocked) {
                Kind::Reward if !rewards => Kind::Normal,
                kind => kind,
            };
            let next_depth = match kind {
                Kind::Reward => depth,
                Kind::Punish => (depth + 3).min(self.max_depth),
                Kind::Normal if progress => depth,
                Kind::Normal => depth + 1,
            };
            let mut next = *pos;
            next.play_unchecked(m);
            self.nodes += 1;
            self.line.push(m);
            match self.visit(&next, next_depth, kind == Kind::Reward, semi_blocked || plan.semi_blocked.is_some()) {
                Step::Mate => return Step::Mate,
                Step::OutOfBudget => return Step::OutOfBudget,
                Step::NoMate => {}
            }
            self.line.pop();
        }
        Step::NoMate
    }
}

/// The mating picture the moves are judged against.
struct Plan {
    winner: Color,
    /// The corner the losing king is driven to.
    corner: Square,
    /// Where the winner's king goes: two squares from the corner, along the edge file.
    winner_king: Square,
    /// Where the loser's other men go: next to the corner, as blockers.
    blocker: Square,
    /// The winner's material cannot mate alone: a promotion of the loser (to a blocker) is
    /// needed, so the loser's pawn moves are progress.
    loser_must_promote: bool,
    /// Only pawns, bishops and kings, at least four pawns blocked head-on, and every file
    /// with a pawn of one colour holds one of the other: a locked structure that opens only
    /// where the kings break in.
    locked_structure: bool,
    /// In a locked structure, a square with a white pawn just below it and a black pawn just
    /// above it (a file not yet blocked): the kings head for it, and the other moves, which
    /// would lock the file for good or waste time, are put last.
    semi_blocked: Option<Square>,
    /// The loser has more than one bishop: its bishops are worth bringing to the corner.
    loser_bishops: bool,
    /// The winner has no knight, rook or queen: its mates mostly need a promotion, so every
    /// push of its pawns is progress, not only the advanced ones (measured on CHA's vector:
    /// a sixth fewer undetermined answers, and faster).
    winner_must_promote: bool,
}

impl Plan {
    fn of(pos: &Position, winner: Color) -> Plan {
        let bishops = pos.pieces(winner, Role::Bishop);
        let dark = (bishops & Bitboard::DARK_SQUARES).any()
            || (bishops.is_empty() && (pos.pieces(!winner, Role::Bishop) & Bitboard::LIGHT_SQUARES).any());
        // The corner on the winner's side of the board's far edge: h8 is dark, a8 light
        // (for White; mirrored through the centre for Black).
        let (corner, winner_king, blocker) =
            if dark { (Square::H8, Square::H6, Square::G8) } else { (Square::A8, Square::A6, Square::B8) };
        let flip = |sq: Square| if winner == Color::White { sq } else { rotate(sq) };
        Plan {
            winner,
            corner: flip(corner),
            winner_king: flip(winner_king),
            blocker: flip(blocker),
            loser_must_promote: loser_must_promote(pos, winner),
            locked_structure: locked_structure(pos),
            semi_blocked: semi_blocked(pos),
            loser_bishops: pos.pieces(!winner, Role::Bishop).more_than_one(),
            winner_must_promote: (pos.by_color(winner) & knights_rooks_queens(pos)).is_empty(),
        }
    }

    /// The kind of `m`, with the rules for locked structures on top of [`Plan::base_kind`].
    fn kind(&self, pos: &Position, m: Move, was_semi_blocked: bool) -> Kind {
        let base = self.base_kind(pos, m);
        if !self.locked_structure {
            return base;
        }
        let mover = pos.role_at(m.from()).unwrap_or(Role::Pawn);
        match self.semi_blocked {
            target if target.is_some() || was_semi_blocked => {
                let capture = pos.is_capture(m);
                if capture && pos.turn() == self.winner {
                    Kind::Reward
                } else if mover == Role::King {
                    match target {
                        Some(target) if approaches(m, target, mover) => Kind::Reward,
                        _ => Kind::Normal,
                    }
                } else {
                    Kind::Punish
                }
            }
            _ => {
                let target = self.target(pos.turn(), mover);
                let closer = approaches(m, target, mover) || (mover == Role::Bishop && bishop_approaches(m, target));
                if self.loser_bishops && closer {
                    Kind::Reward
                } else {
                    base
                }
            }
        }
    }

    /// Where a `mover` of the side `turn` is heading in the mating picture.
    fn target(&self, turn: Color, mover: Role) -> Square {
        match (turn == self.winner, mover == Role::King) {
            (true, true) => self.winner_king,
            (true, false) | (false, true) => self.corner,
            (false, false) => self.blocker,
        }
    }

    fn base_kind(&self, pos: &Position, m: Move) -> Kind {
        let mover = pos.role_at(m.from()).unwrap_or(Role::Pawn);
        let capture = pos.is_capture(m);
        if pos.turn() == self.winner {
            let target = if mover == Role::King { self.winner_king } else { self.corner };
            let from_rank = if self.winner_must_promote { 0 } else { 4 };
            let advanced_push =
                mover == Role::Pawn && !capture && m.from().rank().relative(self.winner).index() >= from_rank;
            if advanced_push || capture || approaches(m, target, mover) {
                Kind::Reward
            } else {
                Kind::Normal
            }
        } else {
            let target = if mover == Role::King { self.corner } else { self.blocker };
            if approaches(m, target, mover) {
                return Kind::Reward;
            }
            if capture {
                return Kind::Punish;
            }
            if self.loser_must_promote {
                let heavy = matches!(m.kind(), MoveKind::Promotion(Role::Queen | Role::Rook));
                return if mover == Role::Pawn && !heavy { Kind::Reward } else { Kind::Punish };
            }
            Kind::Normal
        }
    }
}

/// The knights, rooks and queens of both sides: the men other than pawns, bishops and kings,
/// which the search and its plan treat apart.
fn knights_rooks_queens(pos: &Position) -> Bitboard {
    pos.by_role(Role::Knight) | pos.by_role(Role::Rook) | pos.by_role(Role::Queen)
}

/// The square seen from the other side of the board (a1 <-> h8).
fn rotate(sq: Square) -> Square {
    Square::from_index(63 - sq.index() as u8).unwrap_or(sq)
}

/// Whether the winner's material alone cannot give mate, so that the loser must promote to a
/// piece that blocks a flight: a lone knight against no minor piece or rook, or bishops of
/// one colour against no knight and no bishop of the other colour.
fn loser_must_promote(pos: &Position, winner: Color) -> bool {
    let ours = pos.by_color(winner) & !pos.by_role(Role::King);
    let theirs = pos.by_color(!winner);
    let knights = pos.pieces(winner, Role::Knight);
    if ours == knights && knights.count() == 1 {
        let blockers = pos.by_role(Role::Knight) | pos.by_role(Role::Bishop) | pos.by_role(Role::Rook);
        return (theirs & blockers).is_empty();
    }
    let bishops = pos.pieces(winner, Role::Bishop);
    if bishops.any() && ours == bishops {
        let colour =
            if (bishops & Bitboard::DARK_SQUARES).any() { Bitboard::DARK_SQUARES } else { Bitboard::LIGHT_SQUARES };
        let other_bishops = pos.by_role(Role::Bishop) & !colour;
        return other_bishops.is_empty() && (theirs & pos.by_role(Role::Knight)).is_empty();
    }
    false
}

/// Only pawns, bishops and kings; at least four white pawns blocked head-on by black pawns;
/// and the files holding a white pawn below the seventh rank are those holding a black pawn
/// above the second.
fn locked_structure(pos: &Position) -> bool {
    if knights_rooks_queens(pos).any() {
        return false;
    }
    let white = pos.pieces(Color::White, Role::Pawn);
    let black = pos.pieces(Color::Black, Role::Pawn);
    if (white.shift_ranks(1) & black).count() < 4 {
        return false;
    }
    let files = |pawns: Bitboard| pawns.into_iter().fold(0u8, |acc, sq| acc | 1 << sq.file().index());
    files(white - Bitboard::rank(crate::Rank::back(Color::Black)).shift_ranks(-1))
        == files(black - Bitboard::rank(crate::Rank::back(Color::White)).shift_ranks(1))
}

/// A square with a white pawn just below it and a black pawn just above it.
fn semi_blocked(pos: &Position) -> Option<Square> {
    let white = pos.pieces(Color::White, Role::Pawn);
    let black = pos.pieces(Color::Black, Role::Pawn);
    (white.shift_ranks(1) & black.shift_ranks(-1)).first()
}

/// Whether the bishop moved by `m` gets closer to `target` (in king steps).
fn bishop_approaches(m: Move, target: Square) -> bool {
    distance::king(m.to(), target) < distance::king(m.from(), target)
}

/// Whether the king or knight moved by `m` gets closer to `target`.
fn approaches(m: Move, target: Square, mover: Role) -> bool {
    match mover {
        Role::King => distance::king(m.king_to(), target) < distance::king(m.from(), target),
        Role::Knight => distance::knight(m.to(), target) < distance::knight(m.from(), target),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    //! Soundness of the exhaustion proof (FIDE 5.2.2): with the table kept from one iteration
    //! to the next, an iteration that skips what an earlier one searched proves nothing.

    use super::*;

    /// On every position of CHA's test vector and both sides, with small budgets (where the
    /// iterations are stopped early and leave incomplete entries behind), the guided search
    /// never calls exhausted a side that CHA's label says can mate.
    /// Every query of CHA's test vector: its line, the position, the side asked about and
    /// whether CHA's label says that side can mate.
    fn cha_queries() -> impl Iterator<Item = (&'static str, Position, Color, bool)> {
        let text = include_str!("../../tests/data/unwinnability/cha-test-vector-half.txt");
        text.lines().filter(|l| !l.starts_with('#') && l.len() > 3).flat_map(|line| {
            let pos = format!("{} 0 1", line[2..].trim()).parse::<Position>().ok();
            pos.into_iter().flat_map(move |pos| {
                Color::ALL
                    .into_iter()
                    .enumerate()
                    .map(move |(index, side)| (line, pos, side, line.as_bytes()[index] != b'-'))
            })
        })
    }

    #[test]
    fn exhausted_5_2_2_only_where_cha_says_unwinnable() {
        let (mut proofs, mut queries) = (0, 0);
        for (line, pos, side, winnable) in cha_queries() {
            for budget in [300, 3_000] {
                queries += 1;
                if let (Guided::Exhausted, _) = search(&pos, side, budget) {
                    proofs += 1;
                    assert!(!winnable, "{line}: {side:?} can mate, the search says exhausted");
                }
            }
        }
        assert!(proofs > 100, "{proofs} proofs in {queries} searches");
    }

    /// The same with the search stopped every few hundred nodes and taken up again over the
    /// table it left (as `analyse` pauses it for the exhaustive search): an iteration stopped
    /// half-way leaves entries that must never count towards a proof.
    #[test]
    fn exhausted_5_2_2_after_pauses_only_where_cha_says_unwinnable() {
        let (mut proofs, mut queries) = (0, 0);
        for (line, pos, side, winnable) in cha_queries() {
            let mut deepening = Deepening::new(&pos, side);
            queries += 1;
            for slice in [150, 250, 350, 450, 550, 650] {
                match deepening.run(slice) {
                    Guided::Exhausted => {
                        proofs += 1;
                        assert!(!winnable, "{line}: {side:?} can mate, the search says exhausted");
                        break;
                    }
                    Guided::Mate(_) => break,
                    Guided::OutOfBudget => {}
                }
            }
        }
        assert!(proofs > 100, "{proofs} proofs in {queries} searches");
    }
}
