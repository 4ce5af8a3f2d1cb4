//! Static proofs that `side` can never checkmate (FIDE 5.2.2, 6.9). Each is sound on its
//! own; when none applies the question goes to the helpmate search.

use crate::{material, Color, Position, Role};

use super::{regions, Proof};

/// FIDE 5.2.2 / 6.9: the static argument that proves that `side` cannot checkmate, if one does.
pub(super) fn proves_unwinnable(pos: &Position, side: Color) -> Option<Proof> {
    material_proof(pos, side).or_else(|| regions::locked_out(pos, side).then_some(Proof::LockedPawns))
}

/// The proof that depends on the material alone (the roles on the board and the square
/// colours of the bishops), not on where the pieces stand: FIDE 5.2.2's material rule
/// ([`material::has_mating_material`], where the rule and its reasons are given once), named
/// by its case.
fn material_proof(pos: &Position, side: Color) -> Option<Proof> {
    if material::has_mating_material(pos, side) {
        return None;
    }
    let pieces = pos.by_color(side) & !pos.by_role(Role::King);
    Some(if pieces.is_empty() {
        Proof::BareKing
    } else if (pieces & pos.by_role(Role::Knight)).any() {
        Proof::LoneMinorPiece
    } else if pos.occupied() & !pos.by_role(Role::King) == pos.by_role(Role::Bishop) {
        Proof::BishopsOfOneColour
    } else {
        Proof::Interposition
    })
}
