//! Static proofs that `side` can never checkmate (FIDE 5.2.2, 6.9). Each is sound on its
//! own; when none applies the question goes to the helpmate search.

use crate::{material, Color, Position, Role};

use super::{mate_patterns, regions, Proof};

/// FIDE 5.2.2 / 6.9: the static argument that proves that `side` cannot checkmate, if one does.
pub(super) fn proves_unwinnable(pos: &Position, side: Color) -> Option<Proof> {
    material_proof(pos, side).or_else(|| regions::locked_out(pos, side).then_some(Proof::LockedPawns))
}

/// The proofs that depend on the material alone (the roles on the board and the square
/// colours of the bishops), not on where the pieces stand.
pub(super) fn material_proof(pos: &Position, side: Color) -> Option<Proof> {
    if bare_king(pos, side) {
        Some(Proof::BareKing)
    } else if bishops_of_one_colour(pos, side) {
        Some(Proof::BishopsOfOneColour)
    } else if mate_patterns::no_mate_with_lone_minor(pos, side) {
        Some(Proof::LoneMinorPiece)
    } else if mate_patterns::no_mate_lone_bishop_against_interposers(pos, side) {
        Some(Proof::Interposition)
    } else {
        None
    }
}

/// FIDE 5.2.2: a king alone can never give check.
fn bare_king(pos: &Position, side: Color) -> bool {
    !pos.by_color(side).more_than_one()
}

/// FIDE 5.2.2: every man but the kings is a bishop, and by the material rule
/// ([`material::has_mating_material`], where it is defined once) `side` cannot mate: every
/// bishop stands on squares of one colour. A mated king stands on a square of that colour (a
/// bishop gives the check); its two to four orthogonal neighbours are of the other colour, so
/// no bishop attacks them and none of the opponent's bishops can block them, and a king that
/// is not adjacent covers at most one of them: the king always has a flight.
fn bishops_of_one_colour(pos: &Position, side: Color) -> bool {
    let men = pos.occupied() & !pos.by_role(Role::King);
    men == men & pos.by_role(Role::Bishop) && !material::has_mating_material(pos, side)
}
