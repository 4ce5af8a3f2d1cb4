//! The helpmate search: can `side` checkmate if both players cooperate (FIDE 5.2.2: "by any
//! series of legal moves")? Greedy lines first, then iterative deepening over the plies with
//! a few moves a position, a transposition table of the positions already searched without
//! success, and a move ordering that drives the losing king towards the edge and the corner,
//! brings the winner's pieces closer to it (without leaving one undefended next to it) and
//! rewards promotion. A line never comes back to a position it has passed. A line found is a
//! certificate; running out of the node budget proves nothing (the table is keyed by hash
//! alone: a collision can only hide a mate, never invent one).

use std::collections::HashMap;

use super::distance;
use super::reachable::KeyBuild;

use crate::attacks::{attacks, between, bishop_attacks, king_attacks, rook_attacks};
use crate::movegen::{special_mover, MoveSink};
use crate::{Bitboard, Color, Move, MoveKind, Position, Role, Square};

/// The passes of the search: (how many moves are tried in each position, best first; the
/// deepest line looked for, in plies; how moves of the same score are ordered). The first
/// three passes follow the move ordering alone, each breaking its ties another way: most
/// failures of one greedy line come from a tie broken the wrong way, and a line costs at most
/// a hundred nodes (measured on the 30,000 Lichess flag falls: the second and third lines
/// together find the mate in 440 of the 1,055 positions where the first one fails, and the
/// nodes of the whole analysis fall by 37 %). The narrow passes find the short cooperative
/// manoeuvres. The search that tries every move is the guided one (`guided`), which comes
/// after this one.
const PASSES: [(usize, u32, TieBreak); 5] = [
    (1, GREEDY_PLIES, TieBreak::LastGenerated),
    (1, GREEDY_PLIES, TieBreak::FirstGenerated),
    (1, GREEDY_PLIES, TieBreak::Hashed),
    (2, 24, TieBreak::LastGenerated),
    (3, 32, TieBreak::LastGenerated),
];

/// The longest greedy line, in plies: long enough for a pawn to promote and the new queen to
/// mate with the loser's help (measured: 60 plies left four more of CHA's test-vector
/// queries undetermined, and 160 decides no more than 100).
const GREEDY_PLIES: u32 = 100;

/// The scored moves the search makes room for at once: the moves of a line some thirty
/// positions deep (a line deeper than that grows the stack).
const SCORED_CAPACITY: usize = 1_024;

/// Which of the moves with the best score a pass tries first.
#[derive(Clone, Copy, PartialEq, Eq)]
enum TieBreak {
    /// The last in the order of generation.
    LastGenerated,
    /// The first in the order of generation.
    FirstGenerated,
    /// The one with the highest hash of the move and the position: a third line, unrelated to
    /// the order of generation.
    Hashed,
}

/// Within a pass, the depth limit grows by this many plies at a time.
const DEEPENING_STEP: u32 = 2;

/// Searches a helpmate by `side` from `pos` within `budget` nodes; the line, if found, and
/// the nodes searched.
pub(super) fn search(pos: &Position, side: Color, budget: u64) -> (Option<Vec<Move>>, u64) {
    let mut search = Search {
        side,
        nodes: 0,
        budget,
        width: 0,
        tie_break: TieBreak::LastGenerated,
        failed: HashMap::default(),
        // Room for the longest line and its moves from the start: most searches end within a
        // few dozen nodes, where growing the vectors step by step cost a fifth of the time.
        line: Vec::with_capacity(GREEDY_PLIES as usize),
        path: Vec::with_capacity(GREEDY_PLIES as usize),
        scored: Vec::with_capacity(SCORED_CAPACITY),
    };
    for (width, max_plies, tie_break) in PASSES {
        search.width = width;
        search.tie_break = tie_break;
        search.failed.clear();
        let mut plies = if width == 1 { max_plies } else { DEEPENING_STEP.min(max_plies) };
        loop {
            match search.mates_within(pos, plies) {
                Outcome::Mate => {
                    search.line.reverse();
                    return (Some(search.line), search.nodes);
                }
                Outcome::OutOfBudget => return (None, search.nodes),
                Outcome::NoMate if plies >= max_plies => break,
                Outcome::NoMate => plies = (plies + DEEPENING_STEP).min(max_plies),
            }
        }
    }
    (None, search.nodes)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Mate,
    NoMate,
    OutOfBudget,
}

struct Search {
    side: Color,
    nodes: u64,
    budget: u64,
    /// How many moves are tried in each position in this pass.
    width: usize,
    /// Which of the moves with the same score this pass tries first.
    tie_break: TieBreak,
    /// Position key -> the most plies searched from it without finding a mate.
    failed: HashMap<u64, u32, KeyBuild>,
    /// The mating line, last move first, filled on the way back up.
    line: Vec<Move>,
    /// The keys of the positions on the current line, the root first.
    path: Vec<u64>,
    /// The scored moves of every position on the current line, each position's after its
    /// parent's: one stack for the whole search, so that a node allocates nothing.
    scored: Vec<(i32, Move, Role)>,
}

impl Search {
    /// Whether `side` can mate from `pos` within `plies` plies.
    fn mates_within(&mut self, pos: &Position, plies: u32) -> Outcome {
        if self.nodes >= self.budget {
            return Outcome::OutOfBudget;
        }
        self.nodes += 1;
        let last_ply_is_ours = plies == 1 && pos.turn() == self.side;
        if !(plies > 1 || last_ply_is_ours) || !has_material(pos, self.side) {
            return Outcome::NoMate;
        }
        // A greedy line never comes back to a position (`path`), so only the wider passes
        // keep the positions that failed.
        let transpositions = self.width > 1;
        if transpositions && self.failed.get(&pos.key()).is_some_and(|&done| done >= plies) {
            return Outcome::NoMate;
        }
        // The legal moves, scored for the ordering as they are generated, on the search's
        // stack: this position's are `start..end`.
        let start = self.scored.len();
        let ordering = Ordering::of(pos, self.side);
        pos.generate(&mut Scorer { pos, ordering: &ordering, scored: &mut self.scored });
        let end = self.scored.len();
        if pos.turn() == self.side {
            let moves = self.scored[start..end].iter().map(|&(_, m, mover)| (m, mover));
            if let Some(m) = mating_move(pos, moves) {
                self.scored.truncate(start);
                self.line.push(m);
                return Outcome::Mate;
            }
        }
        let outcome = if plies > 1 { self.deeper(pos, start, end, plies) } else { Outcome::NoMate };
        self.scored.truncate(start);
        if transpositions && outcome == Outcome::NoMate {
            self.failed.insert(pos.key(), plies);
        }
        outcome
    }

    /// Tries the best `width` moves by the ordering, one ply deeper each. A move back to a
    /// position of the current line is passed over and does not count against the width: a
    /// cycle cannot lead to a mate the line does not already allow, and the next move in the
    /// ordering can (measured on the Lichess flag falls: the greedy first pass otherwise
    /// shuttles to the end of its plies in a third of the positions where it fails).
    fn deeper(&mut self, pos: &Position, start: usize, end: usize, plies: u32) -> Outcome {
        self.path.push(pos.key());
        let mut outcome = Outcome::NoMate;
        let mut tried = 0;
        // A selection sort, one best move at a time: most nodes try one or two moves.
        for next_best in start..end {
            if tried == self.width {
                break;
            }
            let ordered = &mut self.scored;
            let rest = next_best..end;
            let best = match self.tie_break {
                TieBreak::LastGenerated => rest.max_by_key(|&i| ordered[i].0),
                TieBreak::FirstGenerated => rest.rev().max_by_key(|&i| ordered[i].0),
                TieBreak::Hashed => rest.max_by_key(|&i| (ordered[i].0, tie_hash(pos, ordered[i].1))),
            };
            let best = best.unwrap_or(next_best);
            ordered.swap(next_best, best);
            let (_, m, mover) = ordered[next_best];
            let mut next = *pos;
            next.play_moving(m, mover);
            if self.path.contains(&next.key()) {
                continue;
            }
            tried += 1;
            match self.mates_within(&next, plies - 1) {
                Outcome::NoMate => {}
                Outcome::Mate => {
                    self.line.push(m);
                    outcome = Outcome::Mate;
                    break;
                }
                Outcome::OutOfBudget => {
                    outcome = Outcome::OutOfBudget;
                    break;
                }
            }
        }
        self.path.pop();
        outcome
    }
}

/// What the move ordering needs of a position, looked up once for all its moves.
struct Ordering {
    /// Whether the side to move is the one trying to mate.
    winner: bool,
    /// The king of the side that is to be mated.
    loser_king: Square,
}

impl Ordering {
    fn of(pos: &Position, side: Color) -> Ordering {
        Ordering { winner: pos.turn() == side, loser_king: pos.king(!side) }
    }

    /// Move ordering, higher first: the move `m` of the `mover`, arriving on `to` (the king's
    /// square after castling).
    #[inline(always)]
    fn score(&self, pos: &Position, m: Move, mover: Mover, to: Square) -> i32 {
        if self.winner {
            winner_score(pos, m, mover, to, self.loser_king)
        } else {
            loser_score(pos, m, mover, to, self.loser_king)
        }
    }
}

/// Scores each legal move as the generator hands it over, onto the search's stack.
struct Scorer<'a> {
    pos: &'a Position,
    ordering: &'a Ordering,
    scored: &'a mut Vec<(i32, Move, Role)>,
}

impl MoveSink for Scorer<'_> {
    #[inline(always)]
    fn normal(&mut self, mover: Role, arriving: Role, from: Square, to: Square) {
        let m = if arriving == mover { Move::normal(from, to) } else { Move::promotion(from, to, arriving) };
        let score = self.ordering.score(self.pos, m, Mover::of(mover), to);
        self.scored.push((score, m, mover));
    }

    #[inline(always)]
    fn special(&mut self, m: Move) {
        let mover = special_mover(m);
        let score = self.ordering.score(self.pos, m, Mover::of(mover), m.king_to());
        self.scored.push((score, m, mover));
    }
}

/// A hash of a move in a position, for [`TieBreak::Hashed`].
fn tie_hash(pos: &Position, m: Move) -> u64 {
    (pos.key() ^ u64::from(m.bits())).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58
}

/// FIDE 5.1.1: a move after which the opponent is in check and has no legal move. Only the
/// moves that can give check (FIDE 3.9.1) are played and tested.
fn mating_move(pos: &Position, moves: impl Iterator<Item = (Move, Role)>) -> Option<Move> {
    let discoverers = discoverers(pos);
    let checks = CheckSquares::of(pos);
    moves
        .filter(|&(m, mover)| may_check(pos, m, mover, discoverers, &checks))
        .find(|&(m, mover)| {
            // The key of a position only tested for checkmate is never read.
            let mut next = *pos;
            next.play_move::<false>(m, mover);
            next.is_checkmate()
        })
        .map(|(m, _)| m)
}

/// The side to move's pieces standing alone between one of its sliders and the enemy king:
/// moving one of them may uncover a check.
fn discoverers(pos: &Position) -> Bitboard {
    let us = pos.turn();
    let king = pos.king(!us);
    let ours = pos.by_color(us);
    let line = ours & (pos.by_role(Role::Rook) | pos.by_role(Role::Queen));
    let diagonal = ours & (pos.by_role(Role::Bishop) | pos.by_role(Role::Queen));
    let snipers = (rook_attacks(king, Bitboard::EMPTY) & line) | (bishop_attacks(king, Bitboard::EMPTY) & diagonal);
    snipers.into_iter().fold(Bitboard::EMPTY, |acc, sniper| {
        let between = between(king, sniper) & pos.occupied();
        match between.single() {
            Some(sq) if ours.contains(sq) => acc.with(sq),
            _ => acc,
        }
    })
}

/// A superset of the moves that give check: the moved (or promoted) piece attacks the enemy
/// king from its arrival square, or the move uncovers a slider; castling and en passant are
/// always tried.
fn may_check(pos: &Position, m: Move, mover: Role, discoverers: Bitboard, checks: &CheckSquares) -> bool {
    if m.is_castle() || m.is_en_passant() || discoverers.contains(m.from()) {
        return true;
    }
    if m.promotion_role().is_none() && !checks.any.contains(m.to()) {
        // No piece checks from there. A piece that moves away from the king along their line
        // could check only through its own square, and then it would check the king already,
        // on its own side's move; a promoted pawn is the exception (below).
        return false;
    }
    let us = pos.turn();
    let role = m.promotion_role().unwrap_or(mover);
    let king = pos.king(!us);
    if !between(m.to(), king).contains(m.from()) {
        // The square the piece leaves is not on its line to the king: the squares of the
        // present occupancy say it.
        return checks.by_role[role.index()].contains(m.to());
    }
    let occupied = pos.occupied().without(m.from()).with(m.to());
    attacks(us, role, m.to(), occupied).contains(king)
}

/// For each role, the squares from which a piece of the side to move of that role would
/// attack the enemy king, with the pieces as they stand.
struct CheckSquares {
    by_role: [Bitboard; 6],
    /// The union of `by_role`.
    any: Bitboard,
}

impl CheckSquares {
    fn of(pos: &Position) -> CheckSquares {
        let them = !pos.turn();
        let king = pos.king(them);
        let occupied = pos.occupied();
        let mut by_role = [Bitboard::EMPTY; 6];
        for role in Role::ALL {
            // Attacks are symmetric: a piece on `sq` attacks the king exactly when the same
            // piece on the king's square (a pawn of the other colour) attacks `sq`.
            let colour = if role == Role::Pawn { them } else { pos.turn() };
            by_role[role.index()] =
                if role == Role::King { Bitboard::EMPTY } else { attacks(colour, role, king, occupied) };
        }
        let any = by_role.iter().fold(Bitboard::EMPTY, |any, &squares| any | squares);
        CheckSquares { by_role, any }
    }
}

/// The winner's moves: promote (a queen first), push pawns, approach the losing king, but do
/// not leave a piece next to it undefended (the king takes it, which the loser may have to
/// do when the piece gives check).
#[inline(always)]
fn winner_score(pos: &Position, m: Move, mover: Mover, to: Square, loser_king: Square) -> i32 {
    let us = pos.turn();
    let promotion = match m.kind() {
        MoveKind::Promotion(Role::Queen) => 800,
        MoveKind::Promotion(Role::Knight) => 300,
        MoveKind::Promotion(_) => 150,
        _ => 0,
    };
    let progress = if mover == Mover::Pawn {
        20 + 10 * i32::from(to.rank().relative(us).index())
    } else {
        10 * (distance(m.from(), loser_king) - distance(to, loser_king))
    };
    let piece = mover == Mover::Piece || m.promotion_role().is_some();
    let hanging = if piece && king_attacks(loser_king).contains(to) {
        let occupied = pos.occupied().without(m.from()).with(to);
        let defenders = pos.attackers_to(to, occupied) & pos.by_color(us);
        if defenders.without(m.from()).is_empty() {
            HANGING_NEXT_TO_THE_KING
        } else {
            0
        }
    } else {
        0
    };
    promotion + progress + hanging
}

/// The score of a winner's piece moved next to the losing king with nothing defending it:
/// worse than the best approach of any other move.
const HANGING_NEXT_TO_THE_KING: i32 = -80;

/// The loser's moves: walk the king to the edge and the corner, bring pieces next to it as
/// blockers, keep the winner's material on the board.
#[inline(always)]
fn loser_score(pos: &Position, m: Move, mover: Mover, to: Square, king: Square) -> i32 {
    let capture = if m.is_castle() || !pos.occupied().contains(to) {
        0
    } else if pos.by_role(Role::Pawn).contains(to) {
        -100
    } else {
        -300
    };
    let placement = match mover {
        Mover::King => {
            12 * (edge_distance(m.from()) - edge_distance(to)) + 6 * (corner_distance(m.from()) - corner_distance(to))
        }
        Mover::Pawn => 0,
        Mover::Piece => 3 * (distance(m.from(), king) - distance(to, king)),
    };
    capture + placement
}

/// What a move moves, as far as the ordering cares.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mover {
    Pawn,
    King,
    /// A knight, bishop, rook or queen.
    Piece,
}

impl Mover {
    #[inline(always)]
    fn of(role: Role) -> Mover {
        match role {
            Role::Pawn => Mover::Pawn,
            Role::King => Mover::King,
            _ => Mover::Piece,
        }
    }
}

/// Whether `side` still has anything that could give checkmate (a king alone cannot).
fn has_material(pos: &Position, side: Color) -> bool {
    pos.by_color(side).more_than_one()
}

/// The king distance between two squares, signed for the scores' arithmetic.
fn distance(a: Square, b: Square) -> i32 {
    i32::from(distance::king(a, b))
}

fn edge_distance(sq: Square) -> i32 {
    i32::from(distance::to_edge(sq))
}

fn corner_distance(sq: Square) -> i32 {
    i32::from(distance::to_corner(sq))
}

#[cfg(test)]
mod tests {
    //! FIDE 5.2.2, 6.9: the quick helpmate search finds the mates of real flag falls within
    //! its budget, and every line it gives is legal and ends in checkmate.

    use super::search;
    use crate::{Color, Position};

    /// The quick search's budget in `analyse`.
    const BUDGET: u64 = super::super::QUICK_HELPMATE_BUDGET;

    fn assert_quick_mate(fen: &str, side: Color) {
        let pos: Position = fen.parse().expect("a test FEN");
        let (line, nodes) = search(&pos, side, BUDGET);
        let line = line.unwrap_or_else(|| panic!("{fen}: no mate for {side:?} in {nodes} nodes"));
        let mut current = pos;
        for m in line {
            current = current.play(m).unwrap_or_else(|e| panic!("{fen}: illegal move in the line: {e}"));
        }
        assert!(current.is_checkmate() && current.turn() == !side, "{fen}: the line does not mate for {side:?}");
    }

    /// Lichess flag falls (`core/tests/data/unwinnability/lichess-30k-cha.tsv`, CHA: winnable)
    /// whose greedy line gave check with a piece next to the losing king that nothing
    /// defended, or shuttled between two positions: the search found no mate within its
    /// budget before pieces stopped hanging, lines stopped repeating positions, and ties were
    /// broken three ways.
    #[test]
    fn quick_helpmate_5_2_2_finds_the_mates_the_greedy_line_used_to_miss() {
        for (fen, side) in [
            ("8/8/8/8/8/8/1kpK4/8 w - - 2 78", Color::Black),
            ("8/5R1p/8/8/3k1P2/1K6/3P1P2/8 w - - 1 44", Color::Black),
            ("8/8/6pp/PPk5/7P/6PK/8/8 w - - 1 68", Color::Black),
            ("8/8/7k/5Q2/5P2/4K2p/7P/8 w - - 1 51", Color::Black),
            ("3r2k1/p4p1p/4p1p1/1b2P3/4BP2/1P1N3P/PP6/1K1R4 w - - 3 31", Color::Black),
            ("r3r3/1pbq3k/p1n2n2/2P1p2p/3p1pp1/P2P1P2/BPQBR1PN/4R1K1 b - - 0 26", Color::White),
        ] {
            assert_quick_mate(fen, side);
        }
    }
}
