//! A UCI engine as an [`Implementation`]: the engine is started once and asked only what move
//! generation can answer (`go perft`). Legal moves come from `go perft 1` (FIDE 3: the moves
//! of the pieces, 3.9 and 3.10 legality), perft totals and divides from `go perft N`, and
//! checkmate versus stalemate (FIDE 5.1.1, 5.2.1) from an empty move list plus the core's
//! check test. Everything else needs an adapter.

use arbiter_core::{CastlingMode, Game, Position};

use super::{UciEngine, UciError};
use crate::implementation::{Answer, Failure, Implementation};
use crate::protocol::{
    ErrorBody, ErrorKind, Hello, Observation, Op, PerftAnswer, PositionSpec, Reply, Status, PROTOCOL_VERSION,
};

/// The words every "cannot answer" message of a UCI engine carries, and the note before the
/// reason of every expectation skipped for it.
pub const NEEDS_AN_ADAPTER: &str = "needs an adapter";

/// A UCI engine under test. A crash, a hang or a protocol error ends the request with
/// [`Failure::Broken`] or [`Failure::Timeout`] and restarts the engine for the next one.
pub struct UciImplementation {
    engine: UciEngine,
}

impl UciImplementation {
    /// Starts the engine (see [`UciEngine::start`]: handshake and `go perft` check).
    pub fn start(command: &str, timeout: std::time::Duration) -> Result<UciImplementation, UciError> {
        Ok(UciImplementation { engine: UciEngine::start(command, timeout)? })
    }

    /// `go perft depth` in the position, Chess960 mode set as the position asks.
    fn divide(&mut self, spec: &PositionSpec, depth: u32) -> Answer<super::Divide> {
        let answer =
            self.engine.set_chess960(spec.chess960).and_then(|()| self.engine.perft(&spec.fen, &spec.moves, depth));
        answer.map_err(|e| self.failure(e))
    }

    /// The failure for an engine error; after a crash, hang or protocol break the engine is
    /// restarted (a failed restart shows up as the next request's error).
    fn failure(&mut self, error: UciError) -> Failure {
        let failure = match &error {
            UciError::Unsupported { .. } => {
                return Failure::Answered(ErrorBody::new(
                    ErrorKind::Unsupported,
                    format!("{error}; {NEEDS_AN_ADAPTER}"),
                ))
            }
            UciError::TimedOut { .. } => Failure::Timeout(error.to_string()),
            _ => Failure::Broken(error.to_string()),
        };
        if let Err(restart) = self.engine.restart() {
            return Failure::Broken(format!("{error}; restarting it failed: {restart}"));
        }
        failure
    }
}

impl Implementation for UciImplementation {
    fn hello(&mut self) -> Answer<Hello> {
        Ok(Hello {
            name: self.engine.name().unwrap_or("UCI engine").to_owned(),
            version: String::new(),
            protocol: PROTOCOL_VERSION,
            ops: vec!["observe".into(), "perft".into()],
            profile: None,
            note: Some(NEEDS_AN_ADAPTER.into()),
            rules: None,
        })
    }

    /// `observe` and `perft`, from `go perft`; every other operation needs an adapter.
    fn answer(&mut self, op: &Op) -> Answer<Reply> {
        match op {
            Op::Observe { position } => self.observe(position).map(Reply::Observe),
            Op::Perft { position, depth } => self.perft(position, *depth).map(Reply::Perft),
            other => Err(Failure::Answered(ErrorBody::new(
                ErrorKind::Unsupported,
                format!("a UCI engine cannot answer {}; that {NEEDS_AN_ADAPTER}", other.name()),
            ))),
        }
    }
}

impl UciImplementation {
    /// FIDE 3.10 / 5.1.1 / 5.2.1: the legal moves from `go perft 1`; with none, checkmate when
    /// the core finds the side to move in check, stalemate otherwise.
    fn observe(&mut self, spec: &PositionSpec) -> Answer<Observation> {
        let position = replay(spec, true)?;
        let moves: Vec<String> = self.divide(spec, 1)?.moves.into_keys().collect();
        let status = match (moves.is_empty(), position.is_check()) {
            (false, _) => None,
            (true, true) => Some(Status::Checkmate),
            (true, false) => Some(Status::Stalemate),
        };
        Ok(Observation { fen: position.fen(), legal_moves: Some(moves), status, ..Observation::default() })
    }

    /// `go perft depth`: the total and the divide (FIDE 3: every legal move, to the depth).
    fn perft(&mut self, spec: &PositionSpec, depth: u32) -> Answer<PerftAnswer> {
        replay(spec, false)?;
        if depth == 0 {
            return Ok(PerftAnswer { nodes: 1, divide: Default::default() });
        }
        let divide = self.divide(spec, depth)?;
        Ok(PerftAnswer { nodes: divide.nodes, divide: divide.moves })
    }
}

/// The position the engine is to be given, read and played by the core. A UCI engine has no
/// way to refuse a position or a move (FIDE 3.10), so what the core refuses is for an adapter.
/// With `as_game` the moves are played as a game, and a move after its end (a dead position,
/// 5.2.2; a fivefold repetition, 9.6.1) is refused too: an engine does not know when the game
/// ended (`observe`; a perft counts the moves of the position all the same).
fn replay(spec: &PositionSpec, as_game: bool) -> Answer<Position> {
    let refuse = |what: String| {
        Failure::Answered(ErrorBody::new(
            ErrorKind::Unsupported,
            format!("{what}; a UCI engine cannot refuse it, that {NEEDS_AN_ADAPTER}"),
        ))
    };
    let mode = CastlingMode::from_chess960(spec.chess960);
    let position =
        Position::from_fen_in(&spec.fen, mode).map_err(|e| refuse(format!("the core refuses {:?}: {e}", spec.fen)))?;
    if !as_game {
        let mut position = position;
        for text in &spec.moves {
            position = position.play_uci(text).map_err(|e| refuse(format!("the core refuses the move {text}: {e}")))?;
        }
        return Ok(position);
    }
    let mut game = Game::new(position);
    for text in &spec.moves {
        game.play_uci(text).map_err(|e| refuse(format!("the core refuses the move {text}: {e}")))?;
    }
    Ok(*game.position())
}
