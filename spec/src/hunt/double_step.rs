//! The pawn double step (FIDE 3.7.2) and the en passant target it leaves (3.7.3.1).

use arbiter_core::{Move, Role, Square};

/// FIDE 3.7.2: if `m`, made by a piece of role `mover`, is a pawn's two-square advance, the
/// square it crossed: the square an en passant capture would land on (3.7.3.1).
pub fn double_step_target(mover: Option<Role>, m: Move) -> Option<Square> {
    let (from, to) = (m.from().index(), m.to().index());
    if mover == Some(Role::Pawn) && from.abs_diff(to) == 16 {
        Square::from_index(((from + to) / 2) as u8)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        text.parse().unwrap()
    }

    #[test]
    fn double_step_3_7_2_leaves_the_crossed_square_3_7_3_1() {
        let e2e4 = Move::normal(sq("e2"), sq("e4"));
        assert_eq!(double_step_target(Some(Role::Pawn), e2e4), Some(sq("e3")));
        assert_eq!(double_step_target(Some(Role::Pawn), Move::normal(sq("d7"), sq("d5"))), Some(sq("d6")));
        assert_eq!(double_step_target(Some(Role::Pawn), Move::normal(sq("e2"), sq("e3"))), None);
        assert_eq!(double_step_target(Some(Role::Rook), e2e4), None);
    }
}
