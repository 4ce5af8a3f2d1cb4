//! Static proofs that `side` can never checkmate (FIDE 5.2.2, 6.9). Each is sound on its
//! own; when none applies the question goes to the helpmate search.

use std::collections::HashMap;

use crate::{material, Bitboard, Color, Position, Role};

use super::{regions, Proof};

/// FIDE 5.2.2 / 6.9: the static argument that proves that `side` cannot checkmate, if one does.
pub(super) fn proves_unwinnable(pos: &Position, side: Color) -> Option<Proof> {
    material_proof(pos, side).or_else(|| regions::locked_out(pos, side).then_some(Proof::LockedPawns))
}

/// The proof that depends on the material alone (the roles on the board and the square
/// colours of the bishops), not on where the pieces stand: FIDE 5.2.2's material rule
/// ([`material::has_mating_material`], where the rule and its reasons are given once), named
/// by its case.
pub(super) fn material_proof(pos: &Position, side: Color) -> Option<Proof> {
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

/// [`material_proof`] for one side as the searches ask it, position after position: its answers
/// depend on the material alone, so each is kept by [`material_signature`], with the last one
/// at hand (most moves capture nothing).
pub(super) struct MaterialProofs {
    side: Color,
    by_material: HashMap<u128, bool>,
    last: Option<(u128, bool)>,
}

impl MaterialProofs {
    /// The cache for proofs that `side` cannot mate.
    pub(super) fn new(side: Color) -> MaterialProofs {
        MaterialProofs { side, by_material: HashMap::new(), last: None }
    }

    /// Whether the material of `pos` alone proves that the side can never mate.
    pub(super) fn cannot_mate(&mut self, pos: &Position) -> bool {
        let signature = material_signature(pos);
        if let Some((last, answer)) = self.last {
            if last == signature {
                return answer;
            }
        }
        let side = self.side;
        let answer = *self.by_material.entry(signature).or_insert_with(|| material_proof(pos, side).is_some());
        self.last = Some((signature, answer));
        answer
    }
}

/// A number that determines the material on the board: for each colour and role the count,
/// and for bishops the count on each square colour (4 bits each: at most 10 of a kind).
/// Whether any pawn stands on the board follows from it.
fn material_signature(pos: &Position) -> u128 {
    let mut signature = 0u128;
    for color in Color::ALL {
        for role in Role::ALL {
            let pieces = pos.pieces(color, role);
            let count = if role == Role::Bishop {
                u128::from((pieces & Bitboard::LIGHT_SQUARES).count())
                    | (u128::from((pieces & Bitboard::DARK_SQUARES).count()) << 4)
            } else {
                u128::from(pieces.count())
            };
            signature = (signature << 8) ^ count;
        }
    }
    signature
}
