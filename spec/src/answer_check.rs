//! What every answer must be, whatever the case expects: an observation whose `fen` is a FEN
//! and whose moves are UCI moves, a perft whose divide is of UCI moves and adds up. An
//! adapter that answers nonsense is an ERROR, not a mismatch that happens to pass or fail.

use arbiter_core::{fen, is_uci_text, FenError};

use crate::excerpt::excerpt;
use crate::protocol::{Observation, PerftAnswer};

/// Why `obs` is not an observation of a position: a `fen` that is not a FEN, or a legal move
/// that is not a UCI move (`e2e4`, `e7e8q`).
pub fn observation(obs: &Observation) -> Result<(), String> {
    // Only the text is judged here: whether the position is the right one is for the
    // expectations (a FEN of an illegal position is still a FEN).
    match fen::read_setup(&obs.fen) {
        Ok(_) | Err(FenError::Illegal(_)) => {}
        Err(e) => return Err(format!("the answer's fen {} is not a FEN: {e}", excerpt(&obs.fen))),
    }
    if let Some(moves) = &obs.legal_moves {
        if let Some(bad) = moves.iter().find(|m| !is_uci_text(m)) {
            return Err(format!("the answer's legal_moves holds {}, which is not a UCI move", excerpt(bad)));
        }
    }
    Ok(())
}

/// Why `answer` is not a perft count: a divide line that is not a UCI move, or a divide whose
/// counts do not add up to `nodes` (without wrapping around at 2^64).
pub fn perft(answer: &PerftAnswer) -> Result<(), String> {
    if let Some(bad) = answer.divide.keys().find(|m| !is_uci_text(m)) {
        return Err(format!("the divide has a line for {}, which is not a UCI move", excerpt(bad)));
    }
    if answer.divide.is_empty() {
        return Ok(());
    }
    match answer.divide.values().try_fold(0u64, |sum, &n| sum.checked_add(n)) {
        Some(sum) if sum == answer.nodes => Ok(()),
        Some(sum) => Err(format!("the divide sums to {sum}, nodes is {}", answer.nodes)),
        None => Err(format!("the divide sums to more than 2^64 - 1, nodes is {}", answer.nodes)),
    }
}
