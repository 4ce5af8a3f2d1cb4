//! Positions for the hunt: random legal playouts from the standard start or a Chess960
//! start (FIDE Guidelines II), biased towards the moves where move generators go wrong:
//! captures, checks, castling (3.8.2), en passant (3.7.3.1), promotion (3.7.3.3) and the
//! pawn double step (3.7.2).

use arbiter_core::{chess960, CastlingMode, Color, Move, Piece, Position, Role, Setup, Square, Validation};

use super::double_step_target;
use arbiter_core::SplitMix64;

/// One position of a playout with the move that led to it (none for the start).
#[derive(Clone, Copy)]
pub struct Step {
    /// The position.
    pub pos: Position,
    /// The move that led to it.
    pub last_move: Option<Move>,
}

/// A random playout: its positions from the start, the start included.
pub struct Playout {
    /// The steps, from the start.
    pub steps: Vec<Step>,
}

/// How likely a move is to be chosen, relative to a quiet move (weight 1).
fn weight(pos: &Position, m: Move) -> u64 {
    if m.is_en_passant() {
        return 40;
    }
    if m.is_castle() {
        return 30;
    }
    let mut w = 1;
    if m.promotion_role().is_some() {
        w += 20;
    }
    if double_step_target(pos.role_at(m.from()), m).is_some() {
        w += 4;
    }
    if pos.is_capture(m) {
        w += 3;
    }
    let mut after = *pos;
    after.play_unchecked(m);
    if after.is_check() {
        w += 4;
    }
    w
}

/// Plays up to `max_plies` random moves from a random start: the standard start, a
/// Chess960 start (`chess960_percent` of the time) or, `sparse_percent` of the time, a random
/// legal setup of kings, pawns and a few pieces (where pins along a rank, en passant and
/// promotion come up far more often than in playouts from the start).
pub fn random_playout(rng: &mut SplitMix64, max_plies: u64, chess960_percent: u64, sparse_percent: u64) -> Playout {
    let sparse = if rng.chance(sparse_percent) { sparse_setup(rng) } else { None };
    let (start, max_plies) = match sparse {
        Some(pos) => (pos, max_plies.min(16)),
        None if rng.chance(chess960_percent) => {
            (chess960::start_position(rng.below(960) as u16).unwrap_or_else(Position::startpos), max_plies)
        }
        None => (Position::startpos(), max_plies),
    };
    let mut steps = vec![Step { pos: start, last_move: None }];
    let plies = rng.below(max_plies + 1);
    let mut pos = start;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        let weights: Vec<u64> = moves.iter().map(|&m| weight(&pos, m)).collect();
        let total: u64 = weights.iter().sum();
        if total == 0 {
            break;
        }
        let mut pick = rng.below(total);
        let Some(index) = weights.iter().position(|&w| {
            if pick < w {
                true
            } else {
                pick -= w;
                false
            }
        }) else {
            break;
        };
        let m = moves[index];
        pos.play_unchecked(m);
        steps.push(Step { pos, last_move: Some(m) });
    }
    Playout { steps }
}

/// A random legal position with both kings, pawns of both colours and a few pieces, or none
/// if the tries all gave illegal positions (FIDE 3.10.3, checked by the core).
fn sparse_setup(rng: &mut SplitMix64) -> Option<Position> {
    for _ in 0..20 {
        let mut setup = Setup::empty();
        let mut place = |rng: &mut SplitMix64, piece: Piece, ranks: std::ops::Range<u64>| {
            for _ in 0..20 {
                let index = (rng.below(ranks.end - ranks.start) + ranks.start) * 8 + rng.below(8);
                if let Some(sq) = Square::from_index(index as u8).filter(|sq| setup.piece_at(*sq).is_none()) {
                    setup.put(piece, sq);
                    return;
                }
            }
        };
        let piece = |color, role| Piece::new(color, role);
        // Half the setups gather kings, pawns and pieces on the fourth and fifth ranks and
        // the pawns' start ranks, where en passant and pins along a rank meet (3.7.3.1, 3.9.2).
        let en_passant_ranks = rng.chance(50);
        let anywhere = |rng: &mut SplitMix64| if en_passant_ranks && rng.chance(60) { 3..5 } else { 0..8 };
        for color in Color::ALL {
            let ranks = anywhere(rng);
            place(rng, piece(color, Role::King), ranks);
        }
        for (color, start, fifth) in [(Color::White, 1, 4), (Color::Black, 6, 3)] {
            for _ in 0..=rng.below(4) {
                let ranks = match (en_passant_ranks, rng.chance(50)) {
                    (true, true) => start..start + 1,
                    (true, false) => fifth..fifth + 1,
                    (false, _) => 1..7,
                };
                place(rng, piece(color, Role::Pawn), ranks);
            }
        }
        for role in [Role::Rook, Role::Queen, Role::Bishop, Role::Knight] {
            for color in Color::ALL {
                if rng.chance(35) {
                    let ranks = anywhere(rng);
                    place(rng, piece(color, role), ranks);
                }
            }
        }
        setup.set_turn(if rng.chance(50) { Color::White } else { Color::Black });
        if let Ok(pos) = setup.position(CastlingMode::Standard, Validation::Full) {
            return Some(pos);
        }
    }
    None
}

/// The FEN to send to another program: the core's FEN, but with the en passant target
/// square written after every double step (FEN's own convention), even when no capture
/// there is legal, so that a program that would wrongly allow one sees the same position.
pub fn fen_for_peer(pos: &Position, last_move: Option<Move>) -> String {
    let fen = pos.fen();
    let Some(m) = last_move else { return fen };
    let Some(skipped) = double_step_target(pos.role_at(m.to()), m) else { return fen };
    let mut fields: Vec<String> = fen.split(' ').map(str::to_owned).collect();
    if let Some(field) = fields.get_mut(3) {
        *field = skipped.to_string();
    }
    fields.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_for_peer_keeps_the_en_passant_target_3_7_3_1() {
        // After 1. e4 no black pawn can capture en passant; FEN still names e3 (FEN standard).
        let start = Position::startpos();
        let m = start.parse_uci("e2e4").unwrap();
        let after = start.play(m).unwrap();
        assert_eq!(fen_for_peer(&after, Some(m)), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        assert_eq!(fen_for_peer(&start, None), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    }

    #[test]
    fn playouts_are_legal_and_reproducible() {
        let a = random_playout(&mut SplitMix64::new(7), 60, 50, 30);
        let b = random_playout(&mut SplitMix64::new(7), 60, 50, 30);
        assert_eq!(a.steps.len(), b.steps.len());
        for pair in a.steps.windows(2) {
            let m = pair[1].last_move.unwrap();
            assert!(pair[0].pos.is_legal(m));
        }
        for (x, y) in a.steps.iter().zip(&b.steps) {
            assert_eq!(x.pos.fen(), y.pos.fen());
        }
    }
}
