//! Mating material: whether a side can still checkmate by any series of legal moves (FIDE
//! 5.1.2, 5.2.2, 6.9, 7.5.5, A.5.3), judged from the material on the board alone.
//!
//! [`checkmate_possible`] and [`is_dead_position`] are the entry points the game and the
//! arbiter use: the unwinnability analysis of [`mod@crate::unwinnable`] within a node budget,
//! whose first proof is the material rule ([`has_mating_material`], cheap, and exact where it
//! says a side cannot mate), then locked pawns, entombed pieces, forced moves, exhaustive and
//! helpmate searches. An analysis that runs out of its budget is never taken for a proof: a
//! position not proven dead is not dead, and a forfeit whose opponent's mate is undetermined
//! is not drawn on a guess (`game::decided_forfeit_outcome` leaves it undecided).

use crate::unwinnable::{self, Verdict};
use crate::{Bitboard, Color, Position, Role};

/// The node budget of [`checkmate_possible`], decided once when a game is forfeited (a flag
/// fall, a second illegal move, a resignation): the full analysis.
const FORFEIT_BUDGET: u64 = unwinnable::DEFAULT_NODE_BUDGET;

/// FIDE 5.1.2, 6.9, 7.5.5, A.5.3: whether `side` can checkmate the opponent's king by some
/// series of legal moves (with the opponent's help: every move of both sides counts), in three
/// values, so that a caller never takes a guess for an answer: `Some(false)` when `side` is
/// proven unable to mate (by the material rule or the analysis), `Some(true)` when a mating
/// line was found, `None` when the analysis ran out of its budget.
///
/// ```
/// use arbiter_core::{material::checkmate_possible, Color, Position};
///
/// // King and knight against a bare king: White cannot mate, Black has only its king.
/// let pos = Position::from_fen("8/8/4k3/8/8/3KN3/8/8 w - - 0 1").unwrap();
/// assert_eq!(checkmate_possible(&pos, Color::White), Some(false));
/// // King and rook against king: a mate exists.
/// let pos = Position::from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 0 1").unwrap();
/// assert_eq!(checkmate_possible(&pos, Color::White), Some(true));
/// ```
pub fn checkmate_possible(pos: &Position, side: Color) -> Option<bool> {
    match unwinnable::unwinnable_with_budget(pos, side, FORFEIT_BUDGET) {
        Verdict::Winnable(_) => Some(true),
        Verdict::Unwinnable(_) => Some(false),
        Verdict::Undetermined => None,
    }
}

/// FIDE 5.2.2: a dead position, in which neither player can checkmate the opponent's king by
/// any series of legal moves. Decided after every move of a game, so at a bounded cost: the
/// material cases at once, then the forced-move and static proofs of [`mod@crate::unwinnable`]
/// (the material rule, locked pawns, walled-in pieces), then the same proofs one ply deeper:
/// when every legal move of the side to move leads to a stalemate or to a position proven
/// dead, this one is dead too (a move that stalemates the opponent, FIDE 5.2.1, is often the
/// only kind left). A position not proven dead is not dead: the game goes on.
pub fn is_dead_position(pos: &Position) -> bool {
    is_insufficient_material(pos) || proven_dead(pos) || {
        let moves = pos.legal_moves();
        !moves.is_empty()
            && moves.iter().all(|&m| {
                let mut next = *pos;
                next.play_unchecked(m);
                !next.is_checkmate() && (is_insufficient_material(&next) || proven_dead(&next))
            })
    }
}

/// FIDE 5.2.2: both sides proven unable to mate without a search.
fn proven_dead(pos: &Position) -> bool {
    Color::ALL
        .into_iter()
        .all(|side| matches!(unwinnable::unwinnable_with_budget(pos, side, 0), Verdict::Unwinnable(_)))
}

/// FIDE 5.2.2, the material cases: king against king, king and one knight or one bishop
/// against king, and kings with any number of bishops of either side all standing on squares
/// of one colour. Neither side can mate there, wherever the pieces stand.
pub fn is_insufficient_material(pos: &Position) -> bool {
    !has_mating_material(pos, Color::White) && !has_mating_material(pos, Color::Black)
}

/// Whether `side` has enough material to checkmate with the opponent's help. A side cannot
/// mate, wherever the pieces stand, when it has:
/// - only its king;
/// - king and one knight, and the opponent has nothing but its king and queens: a knight mate
///   needs the mated king's flight squares blocked by its own men, and a queen next to the
///   king always attacks the square the knight checks from (so K+N against K+P, K+N, K+B or
///   K+R can mate: a helpmate exists);
/// - king and bishops all on squares of one colour, no knight or pawn on the board, and no
///   bishop of the opponent on the other colour: a bishop mate needs the flight squares of
///   the other colour blocked by men that can neither interpose nor capture, which only a
///   knight, a pawn or a bishop of the other colour can be.
///
/// This is the rule python-chess applies in `has_insufficient_material`; `core/tests/game_pychess.rs`
/// compares the two.
pub fn has_mating_material(pos: &Position, side: Color) -> bool {
    let ours = pos.by_color(side);
    let theirs = pos.by_color(!side);
    let heavy_or_pawn = pos.by_role(Role::Pawn) | pos.by_role(Role::Rook) | pos.by_role(Role::Queen);
    if (ours & heavy_or_pawn).any() {
        return true;
    }
    let knights = ours & pos.by_role(Role::Knight);
    if knights.any() {
        let lone_knight = (ours.count()) <= 2;
        let opponent_can_block = (theirs & !(pos.by_role(Role::King) | pos.by_role(Role::Queen))).any();
        return !lone_knight || opponent_can_block;
    }
    if (ours & pos.by_role(Role::Bishop)).any() {
        return !bishops_on_one_colour(pos.by_role(Role::Bishop))
            || (pos.by_role(Role::Pawn) | pos.by_role(Role::Knight)).any();
    }
    false
}

/// Whether all of `bishops` stand on squares of one colour.
fn bishops_on_one_colour(bishops: Bitboard) -> bool {
    (bishops & Bitboard::LIGHT_SQUARES).is_empty() || (bishops & Bitboard::DARK_SQUARES).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("test FEN is valid")
    }

    #[test]
    fn dead_position_5_2_2_material_cases() {
        // King against king; king and minor piece against king; bishops on one colour.
        for fen in [
            "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
            "8/8/4k3/8/8/3KN3/8/8 w - - 0 1",
            "8/8/4k3/8/8/3KB3/8/8 b - - 0 1",
            "8/8/3bk3/8/8/3KB3/8/8 w - - 0 1",
            "b7/1b6/4k3/8/8/3K1B2/8/8 w - - 0 1",
        ] {
            assert!(is_insufficient_material(&pos(fen)), "{fen}");
            assert!(is_dead_position(&pos(fen)), "{fen}");
        }
    }

    #[test]
    fn dead_position_5_2_2_not_by_material() {
        // Two knights can mate with help; bishops on both colours; a pawn; minor v minor.
        for fen in [
            "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1",
            "8/8/4k3/8/8/3KBB2/8/8 w - - 0 1",
            "8/8/2b1k3/8/8/3KB3/8/8 w - - 0 1",
            "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1",
            "8/8/4k1n1/8/8/3KN3/8/8 w - - 0 1",
            "8/8/4k1n1/8/8/3KB3/8/8 w - - 0 1",
        ] {
            assert!(!is_insufficient_material(&pos(fen)), "{fen}");
        }
    }
}
