//! The reference core (`arbiter-core`) as an [`Implementation`], in-process.
//!
//! It answers what the core decides today: the position after the moves, the legal moves,
//! check, checkmate and stalemate, perft, rejected positions and moves. What needs the game
//! state (repetition, move counts, dead positions, claims, flag fall, arbiter events) or SAN
//! is answered `unsupported` from one marked function each (`NOT WIRED YET`), to be wired to
//! the core's `Game` and SAN modules.

use arbiter_core::{perft, Color, FenError, Position, UciError};

use crate::implementation::{Answer, Failure, Implementation};
use crate::protocol::{
    DrawClaim, ErrorBody, ErrorKind, Event, EventOutcome, GameResult, Hello, Observation, PerftAnswer, PositionSpec,
    Side, Status, PROTOCOL_VERSION,
};

/// The reference core.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reference;

/// The operations the reference answers (the unwired ones answer `unsupported`).
const OPS: [&str; 7] = ["observe", "perft", "san", "parse_san", "claim", "flag", "events"];

impl Implementation for Reference {
    fn hello(&mut self) -> Answer<Hello> {
        Ok(Hello {
            name: "arbiter-core".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            protocol: PROTOCOL_VERSION,
            ops: OPS.iter().map(|op| op.to_string()).collect(),
            profile: Some("fide-2023".into()),
        })
    }

    fn observe(&mut self, spec: &PositionSpec) -> Answer<Observation> {
        let (pos, history) = replay(spec)?;
        let status = status(&pos, &history);
        Ok(Observation {
            fen: pos.fen(),
            legal_moves: Some(pos.legal_moves().iter().map(|m| pos.uci(*m)).collect()),
            in_check: Some(pos.is_check()),
            status,
            result: status.map(|s| result_of(s, pos.turn())),
            claimable: claimable(&pos, &history),
        })
    }

    fn perft(&mut self, spec: &PositionSpec, depth: u32) -> Answer<PerftAnswer> {
        let (pos, _) = replay(spec)?;
        if depth == 0 {
            return Ok(PerftAnswer { nodes: 1, divide: Default::default() });
        }
        let divide: std::collections::BTreeMap<String, u64> =
            perft::divide(&pos, depth).into_iter().map(|(m, n)| (pos.uci(m), n)).collect();
        Ok(PerftAnswer { nodes: divide.values().sum(), divide })
    }

    fn san(&mut self, spec: &PositionSpec, mv: &str) -> Answer<String> {
        let (pos, _) = replay(spec)?;
        let m = pos.parse_uci(mv).map_err(uci_error)?;
        san_not_wired(&pos, m)
    }

    fn parse_san(&mut self, spec: &PositionSpec, san: &str) -> Answer<String> {
        let (pos, _) = replay(spec)?;
        parse_san_not_wired(&pos, san)
    }

    fn claim(&mut self, spec: &PositionSpec, claim: DrawClaim, mv: Option<&str>) -> Answer<bool> {
        let (pos, history) = replay(spec)?;
        claim_not_wired(&pos, &history, claim, mv)
    }

    fn flag(&mut self, spec: &PositionSpec, flagged: Side) -> Answer<GameResult> {
        let (pos, _) = replay(spec)?;
        flag_not_wired(&pos, flagged)
    }

    fn events(&mut self, spec: &PositionSpec, events: &[Event]) -> Answer<EventOutcome> {
        let (pos, _) = replay(spec)?;
        events_not_wired(&pos, events)
    }
}

/// Reads the FEN and plays the moves (FIDE 3.10: each must be legal), returning the final
/// position and every position of the game, the final one included.
fn replay(spec: &PositionSpec) -> Answer<(Position, Vec<Position>)> {
    let mut pos = Position::from_fen(&spec.fen).map_err(fen_error)?;
    if spec.chess960 {
        pos.set_chess960(true);
    } else if pos.is_chess960() {
        return Err(standard_castling_error(&spec.fen));
    }
    let mut history = Vec::with_capacity(spec.moves.len() + 1);
    history.push(pos);
    for text in &spec.moves {
        pos = pos.play_uci(text).map_err(uci_error)?;
        history.push(pos);
    }
    Ok((pos, history))
}

/// FIDE 3.10.3: a FEN that cannot be read, or a position that cannot arise.
fn fen_error(e: FenError) -> Failure {
    let body = match &e {
        FenError::Illegal(illegal) => {
            ErrorBody::new(ErrorKind::IllegalPosition, e.to_string()).with_detail(illegal.kind())
        }
        _ => ErrorBody::new(ErrorKind::InvalidFen, e.to_string()),
    };
    Failure::Answered(body)
}

/// FIDE 3.8.2.1 / 3.10.3: in standard chess a castling right needs the king on e1/e8 and the
/// rook on the a- or h-file; the core reads such FENs as Chess960, so standard requests refuse them.
fn standard_castling_error(fen: &str) -> Failure {
    let message = format!(
        "illegal position (FIDE 3.10.3): castling rights in {fen:?} need the king and rooks on their original squares (3.8.2.1)"
    );
    Failure::Answered(ErrorBody::new(ErrorKind::IllegalPosition, message).with_detail("invalid_castling_rights"))
}

/// FIDE 3.10.2: a move that is not legal here (or not a move at all).
fn uci_error(e: UciError) -> Failure {
    let kind = match e {
        UciError::Malformed(_) => ErrorKind::BadRequest,
        UciError::Illegal { .. } => ErrorKind::IllegalMove,
    };
    Failure::Answered(ErrorBody::new(kind, e.to_string()))
}

/// FIDE 5.1.1 checkmate and 5.2.1 stalemate, decided by the position alone; anything else
/// needs the game state.
fn status(pos: &Position, history: &[Position]) -> Option<Status> {
    if pos.is_checkmate() {
        Some(Status::Checkmate)
    } else if pos.is_stalemate() {
        Some(Status::Stalemate)
    } else {
        game_status_not_wired(pos, history)
    }
}

/// FIDE 10.1 / 1.4.2: the result in a status that has ended the game, `*` while it goes on.
fn result_of(status: Status, turn: Color) -> GameResult {
    match status {
        Status::Ongoing => GameResult::Ongoing,
        Status::Checkmate => GameResult::win_for(side(!turn)),
        _ => GameResult::Draw,
    }
}

fn side(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

// --- NOT WIRED YET: these need the game state (issue 3), dead positions (issue 4) or SAN
// (issue 5). Each answers `unsupported`; the runner reports the cases that need them as SKIP.

/// NOT WIRED YET. FIDE 5.2.2 dead position, 9.6.1 fivefold repetition, 9.6.2 seventy-five
/// moves, and `ongoing` (which needs all three ruled out): needs `Game` (issue 3, 4).
fn game_status_not_wired(_pos: &Position, _history: &[Position]) -> Option<Status> {
    None
}

/// NOT WIRED YET. FIDE 9.2 / 9.3: the draws the player to move may claim now: needs `Game`.
fn claimable(_pos: &Position, _history: &[Position]) -> Option<Vec<DrawClaim>> {
    None
}

/// NOT WIRED YET. FIDE 9.2.1 / 9.3.1 / 9.5: whether a claim (with its intended move) is valid.
fn claim_not_wired(_pos: &Position, _history: &[Position], _claim: DrawClaim, _mv: Option<&str>) -> Answer<bool> {
    Err(Failure::Answered(ErrorBody::new(ErrorKind::Unsupported, "claims need the game state (not wired yet)")))
}

/// NOT WIRED YET. FIDE 6.9: the result when a flag falls (needs the dead-position test).
fn flag_not_wired(_pos: &Position, _flagged: Side) -> Answer<GameResult> {
    Err(Failure::Answered(ErrorBody::new(ErrorKind::Unsupported, "flag fall needs the game state (not wired yet)")))
}

/// NOT WIRED YET. Appendix C: the SAN of a move.
fn san_not_wired(_pos: &Position, _m: arbiter_core::Move) -> Answer<String> {
    Err(Failure::Answered(ErrorBody::new(ErrorKind::Unsupported, "SAN is not wired to the core yet")))
}

/// NOT WIRED YET. Appendix C: reading a SAN move.
fn parse_san_not_wired(_pos: &Position, _san: &str) -> Answer<String> {
    Err(Failure::Answered(ErrorBody::new(ErrorKind::Unsupported, "SAN is not wired to the core yet")))
}

/// NOT WIRED YET. FIDE 4, 6, 7, 9: the arbiter's procedures.
fn events_not_wired(_pos: &Position, _events: &[Event]) -> Answer<EventOutcome> {
    Err(Failure::Answered(ErrorBody::new(ErrorKind::Unsupported, "arbiter events need the game state (not wired yet)")))
}
