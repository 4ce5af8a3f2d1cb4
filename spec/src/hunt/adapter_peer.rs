//! The adapter protocol as a [`PerftPeer`]: the hunt's divides come from the adapter's `perft`
//! operation (FIDE 3: every legal move, counted to the depth).

use std::time::Duration;

use super::PerftPeer;
use crate::adapter::Adapter;
use crate::implementation::{Failure, Implementation};
use crate::protocol::{ErrorKind, PositionSpec};
use crate::uci::{Divide, UciError};

/// A program speaking the adapter protocol, questioned with `perft`. The adapter client
/// restarts the process itself after a crash or hang.
pub struct AdapterPeer {
    command: String,
    timeout: Duration,
    adapter: Adapter,
    chess960: bool,
}

impl AdapterPeer {
    /// Starts the adapter and checks with `hello` that it offers `perft`.
    pub fn start(command: &str, timeout: Duration) -> Result<AdapterPeer, UciError> {
        let mut peer = AdapterPeer {
            command: command.to_owned(),
            timeout,
            adapter: Adapter::new(command, timeout),
            chess960: false,
        };
        let hello = peer.adapter.hello().map_err(|f| peer.error(f, "waiting for the hello answer"))?;
        if !hello.ops.iter().any(|op| op == "perft") {
            return Err(peer.unsupported("perft (hello does not list it)".to_owned()));
        }
        Ok(peer)
    }

    fn unsupported(&self, feature: String) -> UciError {
        UciError::Unsupported { command: self.command.clone(), feature }
    }

    /// The client error for a failed request: a hang is `TimedOut`, an `unsupported` answer
    /// `Unsupported`, anything else a protocol error naming the request.
    fn error(&self, failure: Failure, waiting_for: &str) -> UciError {
        match failure {
            Failure::Timeout(message) => UciError::TimedOut {
                command: self.command.clone(),
                timeout: self.timeout,
                waiting_for: format!("{waiting_for} ({message})"),
                stderr: Vec::new(),
            },
            Failure::Answered(body) if body.kind == ErrorKind::Unsupported => self.unsupported(body.message),
            Failure::Answered(body) => UciError::Protocol {
                command: self.command.clone(),
                message: format!("error {} ({waiting_for}): {}", body.kind, body.message),
            },
            Failure::Broken(message) => {
                UciError::Protocol { command: self.command.clone(), message: format!("{message} ({waiting_for})") }
            }
        }
    }
}

impl PerftPeer for AdapterPeer {
    fn divide(&mut self, fen: &str, moves: &[String], depth: u32) -> Result<Divide, UciError> {
        let spec = PositionSpec { fen: fen.to_owned(), moves: moves.to_vec(), chess960: self.chess960 };
        let waiting_for = format!("waiting for the perft {depth} of {fen} after {moves:?}");
        let answer =
            crate::implementation::perft(&mut self.adapter, &spec, depth).map_err(|f| self.error(f, &waiting_for))?;
        let sum: u64 = answer.divide.values().sum();
        if depth > 0 && sum != answer.nodes {
            let message = format!("its divide sums to {sum}, its total is {} ({waiting_for})", answer.nodes);
            return Err(UciError::Protocol { command: self.command.clone(), message });
        }
        Ok(Divide { nodes: answer.nodes, moves: answer.divide })
    }

    /// Chess960 positions are requests with `"chess960": true` (Guidelines II); a program that
    /// cannot play them answers `unsupported` to the request itself.
    fn set_chess960(&mut self, on: bool) -> Result<(), UciError> {
        self.chess960 = on;
        Ok(())
    }

    /// The adapter client starts the program again by itself after a failed request.
    fn restart(&mut self) -> Result<(), UciError> {
        Ok(())
    }
}
