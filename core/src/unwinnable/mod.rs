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
//! 2. a static proof of unwinnability (`static_proof`): the material rule (a bare king, a lone
//!    knight against queens, bishops of one colour, against rooks and queens that can always
//!    interpose), and permanently locked pawn structures with the kings and pieces confined to
//!    regions;
//! 3. a quick helpmate search (`helpmate`): three greedy lines along a move ordering that drives
//!    the losing king to the edge, each breaking ties its own way and none repeating a
//!    position, then narrow searches: it finds the mates of most real game endings in a few
//!    dozen nodes;
//! 4. the reaches of the men (`confinement`): for every man the squares it can ever stand on, a
//!    least fixpoint of the move rules in which pawns on one file never pass each other (an
//!    assumption kept only where the result confirms it); the losing king can only be mated
//!    on a square of its reach that the winner's men can attack, with a net of the men's
//!    possible contributions around it (blockers, attackers, the winner's king); and, where
//!    one side can only ever move its king between two squares, the reaches with the other
//!    king kept away from them (stepping next to them would stalemate the boxed side);
//! 5. a short exhaustive search of the reachable positions (`reachable`), which settles the
//!    positions whose future is small (every move stalemates, the pieces are walled in);
//! 6. the guided search (`guided`): depth-first with iterative deepening over every move, the
//!    moves towards a mating picture costing no depth, with a table of the positions searched;
//!    it finds the long helpmates, and proves unwinnability when an iteration cuts nothing;
//! 7. the exhaustive search again, taken up where it stopped, up to a fixed total: it proves
//!    the positions whose future is small but too long for the guided search to exhaust
//!    (kings and pawns where the count of the pawn moves left decides);
//! 8. the guided search, taken up where it stopped, and the exhaustive search with what is
//!    left of the budget.
//!
//! A line found is the certificate of [`Verdict::Winnable`]; the proof of
//! [`Verdict::Unwinnable`] says what it rests on ([`Proof`]), and [`analyse`] reports the nodes.
//! The verdict is never wrong in the unsafe direction: [`Verdict::Unwinnable`] comes only from
//! a proof, [`Verdict::Winnable`] only with a line that ends in checkmate, and everything else
//! is [`Verdict::Undetermined`].

mod confinement;
mod distance;
mod guided;
mod helpmate;
mod reachable;
mod regions;
mod static_proof;

use std::fmt;

use crate::{Color, Move, Position};

use reachable::Reach;

/// The node budget of [`unwinnable`]. It decides every one of the 30,000 Lichess flag falls
/// of the tests as CHA does, the hardest of them within a few hundred thousand nodes (a node
/// is a move made, a fraction of a microsecond), so it matters only where the answer needs a
/// long helpmate: of CHA's test-vector half, 750,000 nodes (CHA's own 500,000 and a second
/// turn for the exhaustive search) left 24 queries undetermined, 3,000,000 left 8 and
/// 5,000,000 leave 4 (the last long helpmate found took 4.1 million nodes; measured
/// 2026-12-02). A position left undetermined takes about a second on this project's 2-core
/// machine.
pub const DEFAULT_NODE_BUDGET: u64 = 5_000_000;

/// The first exhaustive search gets at most this many nodes: the futures it settles (forced
/// stalemates, walled-in kings) are small, and the helpmate search is better at the rest.
const FIRST_REACH_BUDGET: u64 = 2_000;

/// The first exhaustive search runs only when the side to move has at most this many moves.
const SMALL_FUTURE_MOVES: usize = 10;

/// The guided search's first turn: nine tenths of CHA's budget, about the share it had when it
/// ran in one turn, so that what it found within that share it still finds at the same cost.
const GUIDED_FIRST_BUDGET: u64 = 450_000;

/// The exhaustive search's second turn, after the guided search's first, brings its nodes up
/// to this: enough to prove the king-and-pawn positions of CHA's test vector whose futures
/// are small but whose proofs need every line (measured: at most 240,000 nodes), which the
/// guided search proves only at several times the cost.
const SECOND_REACH_BUDGET: u64 = 250_000;

/// The first helpmate search, greedy along its move ordering, gets at most this many nodes:
/// it finds the mates of most real game endings at once.
const QUICK_HELPMATE_BUDGET: u64 = 1_000;

/// Forced moves are followed at most this far (a forced sequence that repeats a position is
/// recognised earlier).
const MAX_FORCED_PLIES: usize = 256;

/// What a proof of unwinnability rests on (FIDE 5.2.2, 6.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The side has nothing but its king: a king can never give check.
    BareKing,
    /// No pawn is on the board, every man but the kings is a bishop, and the bishops stand on
    /// squares of one colour: the mated king would always have a flight of the other colour.
    BishopsOfOneColour,
    /// The side has a king and a single knight, and the opponent nothing but its king and
    /// queens: a knight's mate needs the checked king's flights blocked by its own men, and a
    /// queen next to the king always attacks the square the knight checks from.
    LoneMinorPiece,
    /// No pawn or knight is on the board, the side's pieces are bishops, and every bishop on
    /// the board stands on squares of one colour, but the opponent has rooks or queens. Only a
    /// bishop can give check (bishops of one colour never give a double check: a bishop that
    /// uncovers another's check moves along a diagonal parallel to the king's other one), along
    /// a diagonal to the mated king's square `x`; let `d` be the square of that diagonal next
    /// to `x`. The two squares next to both `x` and `d` on a rank or file are of the other
    /// colour, so no bishop attacks them, and the side's king, which may not stand next to `x`,
    /// covers at most one of them. The other must hold one of the mated side's own men, or the
    /// king could step there; on that colour it is a rook or a queen, not pinned (a bishop pins
    /// only along diagonals), and it steps to `d`: it blocks the check or captures the bishop.
    Interposition,
    /// The pawns are locked for ever and wall the side's pieces away from the losing king.
    LockedPawns,
    /// The squares every man can ever reach (pawns on one file never passing each other)
    /// leave the losing king no square where the side's men could checkmate it.
    Confined,
    /// One side can only ever move its king between two squares: the first time the other
    /// king steps next to them, the boxed side has no legal move and the game ends (FIDE
    /// 5.2.1); until then the reaches leave no checkmate by the side.
    BoxedKing,
    /// The position has only forced moves, and they end in stalemate, in a checkmate of the
    /// side, or in a repetition.
    ForcedLine,
    /// Every position reachable by any series of legal moves was examined, and none is a
    /// checkmate by the side: `nodes` is the work of the search that finished the proof (the
    /// positions it reached by a move, transpositions included).
    Exhausted {
        /// The positions the finishing search reached.
        nodes: u64,
    },
}

impl Proof {
    /// A stable machine name for the proof kind.
    pub fn kind(&self) -> &'static str {
        match self {
            Proof::BareKing => "bare_king",
            Proof::BishopsOfOneColour => "bishops_of_one_colour",
            Proof::LoneMinorPiece => "lone_minor_piece",
            Proof::Interposition => "interposition",
            Proof::LockedPawns => "locked_pawns",
            Proof::Confined => "confined",
            Proof::BoxedKing => "boxed_king",
            Proof::ForcedLine => "forced_line",
            Proof::Exhausted { .. } => "exhausted_search",
        }
    }
}

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Proof::Exhausted { nodes } => write!(f, "exhausted search, {nodes} nodes"),
            other => f.write_str(&other.kind().replace('_', " ")),
        }
    }
}

/// Whether one side can still checkmate (FIDE 5.2.2, 6.9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// `side` can checkmate: the moves, played from the position, end in checkmate of the
    /// opponent by `side` (a helpmate line, the certificate).
    Winnable(Vec<Move>),
    /// Proven: `side` cannot checkmate by any series of legal moves; what the proof rests on.
    Unwinnable(Proof),
    /// The node budget ran out before a proof or a line was found.
    Undetermined,
}

impl Verdict {
    /// Whether the side is proven unable to checkmate.
    pub fn is_unwinnable(&self) -> bool {
        matches!(self, Verdict::Unwinnable(_))
    }
}

/// A verdict with the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The verdict.
    pub verdict: Verdict,
    /// The nodes searched (helpmate and exhaustive searches together).
    pub nodes: u64,
}

/// Whether a position is dead (FIDE 5.2.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadVerdict {
    /// Proven: neither player can checkmate by any series of legal moves; the game ends at once.
    Dead,
    /// At least one player can checkmate (the line for White, then Black, when found; at least
    /// one is `Some`).
    Alive {
        /// White's mating line, if one was found.
        white: Option<Vec<Move>>,
        /// Black's mating line, if one was found.
        black: Option<Vec<Move>>,
    },
    /// Neither proven dead nor shown alive within the budget: the game goes on.
    Undetermined,
}

/// FIDE 5.2.2 / 6.9: whether `side` can checkmate from `pos` by any series of legal moves,
/// with the default node budget ([`DEFAULT_NODE_BUDGET`]).
pub fn unwinnable(pos: &Position, side: Color) -> Verdict {
    unwinnable_with_budget(pos, side, DEFAULT_NODE_BUDGET)
}

/// FIDE 5.2.2 / 6.9: [`unwinnable`] with a given node budget for the searches. With a budget
/// of 0 only the cheap static proofs run (material, locked pawns, forced moves), not the
/// analysis of the men's reaches ([`Proof::Confined`]).
pub fn unwinnable_with_budget(pos: &Position, side: Color, nodes: u64) -> Verdict {
    analyse(pos, side, nodes).verdict
}

/// FIDE 5.2.2 / 6.9: [`unwinnable_with_budget`], with the number of nodes searched.
pub fn analyse(pos: &Position, side: Color, budget: u64) -> Analysis {
    let (pos, forced) = match follow_forced(pos, side) {
        Forced::Ended(verdict) => return Analysis { verdict, nodes: 0 },
        Forced::Reached(pos, line) => (pos, line),
    };
    if let Some(proof) = static_proof::proves_unwinnable(&pos, side) {
        return Analysis { verdict: Verdict::Unwinnable(proof), nodes: 0 };
    }
    let with_forced = |line: Vec<Move>| Verdict::Winnable(forced.iter().copied().chain(line).collect());
    let (line, quick_nodes) = helpmate::search(&pos, side, budget.min(QUICK_HELPMATE_BUDGET));
    if let Some(line) = line {
        return Analysis { verdict: with_forced(line), nodes: quick_nodes };
    }
    // The reaches of the men cost as much as a few hundred nodes: with no budget (the check
    // after every move of a game, `material::is_dead_position`) only the cheap proofs run.
    if budget > 0 && confinement::no_mate(&pos, side) {
        return Analysis { verdict: Verdict::Unwinnable(Proof::Confined), nodes: quick_nodes };
    }
    if budget > 0 && confinement::boxed_no_mate(&pos, side) {
        return Analysis { verdict: Verdict::Unwinnable(Proof::BoxedKing), nodes: quick_nodes };
    }
    let budget = budget.saturating_sub(quick_nodes);
    let mut reach = reachable::Search::new(&pos, side);
    // A small future shows in few moves now: elsewhere the guided search goes first.
    let first = if pos.legal_moves().len() <= SMALL_FUTURE_MOVES { budget.min(FIRST_REACH_BUDGET) } else { 0 };
    match reach.run(first) {
        Reach::Mate(line) => return Analysis { verdict: with_forced(line), nodes: quick_nodes + reach.nodes },
        Reach::Exhausted => {
            let nodes = quick_nodes + reach.nodes;
            return Analysis { verdict: Verdict::Unwinnable(Proof::Exhausted { nodes: reach.nodes }), nodes };
        }
        Reach::OutOfBudget => {}
    }
    // The guided search finds the long helpmates, the exhaustive search proves the small
    // futures: the guided search goes first, the exhaustive one gets its share in a pause,
    // and the guided search then takes up where it stopped.
    let mut guide = guided::Deepening::new(&pos, side);
    let nodes = |reach: &reachable::Search, guide: &guided::Deepening| quick_nodes + reach.nodes + guide.nodes();
    let slices = [
        Slice::Guided(GUIDED_FIRST_BUDGET),
        Slice::Reach(SECOND_REACH_BUDGET),
        Slice::Guided(u64::MAX),
        Slice::Reach(u64::MAX),
    ];
    for slice in slices {
        let left = budget.saturating_sub(reach.nodes + guide.nodes());
        let verdict = match slice {
            Slice::Guided(share) => match guide.run(share.min(left)) {
                guided::Guided::Mate(line) => Some(with_forced(line)),
                guided::Guided::Exhausted => Some(Verdict::Unwinnable(Proof::Exhausted { nodes: guide.nodes() })),
                guided::Guided::OutOfBudget => None,
            },
            Slice::Reach(share) => match reach.run(share.saturating_sub(reach.nodes).min(left)) {
                Reach::Mate(line) => Some(with_forced(line)),
                Reach::Exhausted => Some(Verdict::Unwinnable(Proof::Exhausted { nodes: reach.nodes })),
                Reach::OutOfBudget => None,
            },
        };
        if let Some(verdict) = verdict {
            return Analysis { verdict, nodes: nodes(&reach, &guide) };
        }
    }
    Analysis { verdict: Verdict::Undetermined, nodes: nodes(&reach, &guide) }
}

/// One turn of a search in [`analyse`], with the nodes it may use: for the guided search the
/// nodes of this turn, for the exhaustive one its total so far.
enum Slice {
    Guided(u64),
    Reach(u64),
}

/// FIDE 5.2.2: a position is dead when neither player can checkmate by any series of legal
/// moves; [`DeadVerdict::Undetermined`] when that is not settled for either side.
pub fn is_dead(pos: &Position) -> DeadVerdict {
    is_dead_with_budget(pos, DEFAULT_NODE_BUDGET)
}

/// FIDE 5.2.2: [`is_dead`] with a node budget for each side's searches.
pub fn is_dead_with_budget(pos: &Position, nodes: u64) -> DeadVerdict {
    let white = unwinnable_with_budget(pos, Color::White, nodes);
    if let Verdict::Winnable(w) = white {
        // One side that can mate makes the position alive; Black's line is looked for only
        // cheaply, as a courtesy.
        let black = unwinnable_with_budget(pos, Color::Black, nodes.min(FIRST_REACH_BUDGET));
        return DeadVerdict::Alive { white: Some(w), black: line_of(black) };
    }
    let black = unwinnable_with_budget(pos, Color::Black, nodes);
    match (white, black) {
        (Verdict::Unwinnable(_), Verdict::Unwinnable(_)) => DeadVerdict::Dead,
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
    let mut seen: Vec<Position> = Vec::new();
    loop {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Forced::Ended(if pos.is_check() && pos.turn() != side {
                Verdict::Winnable(line)
            } else {
                Verdict::Unwinnable(Proof::ForcedLine)
            });
        }
        if moves.len() > 1 {
            return Forced::Reached(pos, line);
        }
        if seen.iter().any(|earlier| earlier.same_position(&pos)) {
            return Forced::Ended(Verdict::Unwinnable(Proof::ForcedLine));
        }
        seen.push(pos);
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

    use super::{confinement, guided, helpmate, static_proof};
    use crate::{CastlingMode, Color, Piece, Position, Setup, Square, Validation};

    /// Random positions around the proofs' cases: small pawnless material (lone minors,
    /// bishops of one colour) and locked walls with kings and pieces dropped anywhere.
    fn random_position(rng: &mut crate::SplitMix64, n: usize) -> Option<Position> {
        const SETS: [&str; 12] =
            ["Kk", "KkN", "KkBb", "KkNq", "KkNr", "KkBn", "KkBBb", "KkNb", "KkBrr", "KkBqb", "KkBrb", "KkNqqr"];
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
        let square = |index: usize| Square::from_index(index as u8);
        let mut setup = Setup::empty();
        let pieces = if n % 2 == 0 {
            SETS[rng.index(SETS.len())].to_string()
        } else {
            for (sq, c) in WALL {
                setup.put(Piece::from_char(c)?, square(sq)?);
            }
            format!("Kk{}", EXTRAS[rng.index(EXTRAS.len())])
        };
        for c in pieces.chars() {
            let free = |sq: &usize| square(*sq).is_some_and(|sq| setup.piece_at(sq).is_none());
            let sq = (0..64).map(|_| rng.index(64)).find(free)?;
            setup.put(Piece::from_char(c)?, square(sq)?);
        }
        setup.set_turn(if rng.index(2) == 0 { Color::White } else { Color::Black });
        setup.position(CastlingMode::Standard, Validation::Full).ok()
    }

    #[test]
    fn static_proofs_5_2_2_never_contradict_a_helpmate() {
        let mut rng = crate::SplitMix64::new(0x2545_F491_4F6C_DD1D);
        let mut proofs = 0;
        for n in 0..3000 {
            let Some(pos) = random_position(&mut rng, n) else { continue };
            for side in Color::ALL {
                if static_proof::proves_unwinnable(&pos, side).is_some() || confinement::no_mate(&pos, side) {
                    proofs += 1;
                    let (line, _) = helpmate::search(&pos, side, 3_000);
                    assert!(line.is_none(), "{}: proof for {side:?} but helpmate {line:?}", pos.fen());
                    let (guided, _) = guided::search(&pos, side, 3_000);
                    assert!(
                        !matches!(guided, guided::Guided::Mate(_)),
                        "{}: proof for {side:?} but a guided mate",
                        pos.fen()
                    );
                }
            }
        }
        assert!(proofs > 500, "only {proofs} proofs exercised");
    }
}
