//! Chess960 start positions (FIDE Guidelines II.2), by the standard numbering 0..959
//! in which 518 is the standard initial position.

use crate::{CastlingSide, Color, File, Piece, Position, Rank, Role, Square};

/// The number of the standard initial position (FIDE 2.3) among the 960.
pub const STANDARD_START_NUMBER: u16 = 518;

/// The knights' places among the five squares left after the bishops and the queen.
const KNIGHTS: [(usize, usize); 10] = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

/// The back-rank arrangement of start position `n` (0..960), a-file first.
///
/// FIDE II.2: the bishops stand on squares of opposite colours and the king between the two
/// rooks. The numbering: `n mod 4` places the light-squared bishop (b, d, f, h), then the
/// dark-squared bishop (a, c, e, g), then `mod 6` the queen on a free square, then one of
/// ten knight placements, and rook, king, rook fill what is left.
pub fn back_rank(n: u16) -> Option<[Role; 8]> {
    if n >= 960 {
        return None;
    }
    let mut n = n as usize;
    let mut rank: [Option<Role>; 8] = [None; 8];
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(Role::Bishop);
    n /= 4;
    let place_nth_free = |rank: &mut [Option<Role>; 8], k: usize, role: Role| {
        if let Some(i) = (0..8).filter(|&i| rank[i].is_none()).nth(k) {
            rank[i] = Some(role);
        }
    };
    place_nth_free(&mut rank, n % 6, Role::Queen);
    n /= 6;
    let (k1, k2) = KNIGHTS[n];
    // Place the second knight first so that the first one's index is not shifted.
    place_nth_free(&mut rank, k2, Role::Knight);
    place_nth_free(&mut rank, k1, Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place_nth_free(&mut rank, 0, role);
    }
    let mut out = [Role::Pawn; 8];
    for (o, r) in out.iter_mut().zip(rank) {
        *o = r?;
    }
    Some(out)
}

/// The Chess960 start position number `n`, with both sides' castling rights; `None` for
/// `n >= 960`. Position 518 is the standard start, and it is not in Chess960 mode.
pub fn start_position(n: u16) -> Option<Position> {
    let roles = back_rank(n)?;
    let mut pos = Position::empty();
    for color in Color::ALL {
        for (file, role) in File::ALL.into_iter().zip(roles) {
            pos.put(Piece::new(color, role), Square::new(file, Rank::back(color)));
            pos.put(Piece::new(color, Role::Pawn), Square::new(file, Rank::SECOND.relative(color)));
        }
        let king = File::ALL.into_iter().zip(roles).find(|(_, r)| *r == Role::King).map(|(f, _)| f)?;
        for (file, role) in File::ALL.into_iter().zip(roles) {
            if role == Role::Rook {
                pos.castling.set(color, CastlingSide::of(king, file), file);
            }
        }
    }
    pos.chess960 = n != STANDARD_START_NUMBER;
    pos.key = pos.key_from_scratch();
    Some(pos)
}

/// The number of a Chess960 start position with this back rank, if it is one.
pub fn number_of(back_rank_roles: &[Role; 8]) -> Option<u16> {
    (0..960).find(|&n| back_rank(n).as_ref() == Some(back_rank_roles))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_numbering_ii_2() {
        use Role::*;
        assert_eq!(back_rank(518), Some([Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook]));
        // Published anchors of the numbering: 0 is BBQNNRKR, 959 is RKRNNQBB.
        assert_eq!(back_rank(0), Some([Bishop, Bishop, Queen, Knight, Knight, Rook, King, Rook]));
        assert_eq!(back_rank(959), Some([Rook, King, Rook, Knight, Knight, Queen, Bishop, Bishop]));
        assert_eq!(back_rank(960), None);
    }

    #[test]
    fn all_960_are_distinct_and_follow_ii_2() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let r = back_rank(n).unwrap();
            assert!(seen.insert(r), "duplicate arrangement {n}");
            let files = |role: Role| (0..8).filter(move |&i| r[i] == role);
            let bishops: Vec<_> = files(Role::Bishop).collect();
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "bishops on one colour in {n}");
            let rooks: Vec<_> = files(Role::Rook).collect();
            let king = files(Role::King).next().unwrap();
            assert!(rooks[0] < king && king < rooks[1], "king not between rooks in {n}");
            assert_eq!(number_of(&r), Some(n));
        }
    }
}
