//! A running UCI engine process: the protocol exchanges, each request bounded by one deadline
//! (a chatty engine that never finishes cannot stretch it), the engine held by
//! [`crate::child::Child`] (its own process group, killed on every way out).

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use super::divide::{parse_line, DivideLine, DivideReader};
use super::{split_command_line, Divide, UciError};
use crate::child::{deadline_after, Child, ReadError, Stderr};
use crate::excerpt::excerpt;

/// FIDE 2.3: the initial position.
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A UCI engine started once and kept running across requests.
pub struct UciEngine {
    command: String,
    argv: Vec<String>,
    timeout: Duration,
    process: Child,
    name: Option<String>,
    options: Vec<String>,
    chess960: bool,
    /// A wait failed: the engine may still print the answer to an earlier request.
    stale: bool,
}

/// What `go perft` gave: a divide, or a sign that the engine searched instead of counting.
enum PerftOutput {
    Divide(Divide),
    /// `bestmove ...`, or search `info` before any divide line (only looked for when asked).
    Searched(String),
}

impl UciEngine {
    /// Starts `command` (split like a shell would, without expansions), does the UCI
    /// handshake and checks that the engine answers `go perft 1` from the start position
    /// with its 20 moves. `timeout` bounds each step of the handshake and every request
    /// as a whole.
    pub fn start(command: &str, timeout: Duration) -> Result<UciEngine, UciError> {
        let argv = split_command_line(command)?;
        let process = spawn(command, &argv)?;
        let mut engine = UciEngine {
            command: command.to_owned(),
            argv,
            timeout,
            process,
            name: None,
            options: Vec::new(),
            chess960: false,
            stale: false,
        };
        engine.handshake()?;
        Ok(engine)
    }

    /// Stops the engine (if it still runs, with everything it started) and starts it again,
    /// as after a crash or hang.
    pub fn restart(&mut self) -> Result<(), UciError> {
        self.process.kill();
        self.process = spawn(&self.command, &self.argv)?;
        self.stale = false;
        let chess960 = std::mem::take(&mut self.chess960);
        self.handshake()?;
        if chess960 {
            self.set_chess960(true)?;
        }
        Ok(())
    }

    /// The engine's `id name`, if it gave one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Whether the engine listed the option `name` (`option name NAME type ...`).
    pub fn has_option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o.eq_ignore_ascii_case(name))
    }

    /// Chess960 (FIDE Guidelines II) mode: castling is then written as king takes own rook.
    /// Sends `setoption name UCI_Chess960 value ...` when the engine offers the option; an
    /// engine without it is `Unsupported` for Chess960.
    pub fn set_chess960(&mut self, on: bool) -> Result<(), UciError> {
        if on == self.chess960 {
            return Ok(());
        }
        if !self.has_option("UCI_Chess960") {
            if !on {
                return Ok(());
            }
            return Err(self.unsupported("Chess960 (it offers no UCI_Chess960 option)"));
        }
        self.send(&format!("setoption name UCI_Chess960 value {on}"))?;
        self.sync(deadline_after(self.timeout))?;
        self.chess960 = on;
        Ok(())
    }

    /// `go perft depth` in the position `fen` after `moves` (UCI texts), within the timeout
    /// as a whole. The divide's total must equal the sum of its lines; an engine that answers
    /// with a search (`bestmove`) or with a second divide breaks the protocol. `depth` must be
    /// at least 1.
    pub fn perft(&mut self, fen: &str, moves: &[String], depth: u32) -> Result<Divide, UciError> {
        match self.run_perft(fen, moves, depth, false)? {
            PerftOutput::Divide(divide) => Ok(divide),
            PerftOutput::Searched(line) => {
                self.stale = true;
                Err(self.protocol(format!(
                    "it answered go perft {depth} with {} (a search, not a count) ({})",
                    excerpt(&line),
                    describe_position(fen, moves)
                )))
            }
        }
    }

    fn run_perft(
        &mut self,
        fen: &str,
        moves: &[String],
        depth: u32,
        spot_search: bool,
    ) -> Result<PerftOutput, UciError> {
        if depth == 0 {
            return Err(self.protocol("perft depth must be at least 1".to_owned()));
        }
        let deadline = deadline_after(self.timeout);
        if std::mem::take(&mut self.stale) {
            // Skip what the engine still prints for the request that failed.
            self.send("stop")?;
            self.sync(deadline).inspect_err(|_| self.stale = true)?;
        }
        self.send(&position_command(fen, moves))?;
        self.send(&format!("go perft {depth}"))?;
        let waiting_for = format!("waiting for the perft {depth} divide of {}", describe_position(fen, moves));
        let mut reader = DivideReader::default();
        let mut lines = 0usize;
        loop {
            let line = self.read_line(deadline, &waiting_for).inspect_err(|_| self.stale = true)?;
            let trimmed = line.trim_start();
            if trimmed.starts_with("bestmove") {
                return Ok(PerftOutput::Searched(line));
            }
            if spot_search && lines == 0 && is_search_info(trimmed) {
                let _ = self.send("stop");
                self.stale = true;
                return Ok(PerftOutput::Searched(line));
            }
            if let Some(done) = reader.feed(&line) {
                let divide = done.map_err(|message| {
                    self.stale = true;
                    self.protocol(format!("{message} ({waiting_for})"))
                })?;
                self.after_divide(deadline, &waiting_for)?;
                return Ok(PerftOutput::Divide(divide));
            }
            if matches!(parse_line(&line), DivideLine::Move(..)) {
                lines += 1;
            }
        }
    }

    /// After a divide: `isready` until `readyok`. A divide line in between is a second answer
    /// to the same `go perft`, caught here instead of spoiling the next request.
    fn after_divide(&mut self, deadline: Instant, waiting_for: &str) -> Result<(), UciError> {
        self.send("isready")?;
        loop {
            let line =
                self.read_line(deadline, "waiting for readyok after a divide").inspect_err(|_| self.stale = true)?;
            match line.trim() {
                "readyok" => return Ok(()),
                _ if !matches!(parse_line(&line), DivideLine::Other) => {
                    self.stale = true;
                    return Err(self.protocol(format!(
                        "it printed {} after its divide: it answered twice ({waiting_for})",
                        excerpt(&line)
                    )));
                }
                _ => {}
            }
        }
    }

    /// The legal moves in `fen` after `moves`, from the engine's `go perft 1` divide.
    pub fn legal_moves(&mut self, fen: &str, moves: &[String]) -> Result<BTreeSet<String>, UciError> {
        Ok(self.perft(fen, moves, 1)?.moves.into_keys().collect())
    }

    /// `uci` until `uciok` (collecting `id name` and options), then Chess960 off when the
    /// engine has the option (some start with it on), `isready`, then the start-position
    /// `go perft 1` check. Each step has the timeout as its deadline.
    fn handshake(&mut self) -> Result<(), UciError> {
        self.options.clear();
        self.send("uci")?;
        let deadline = deadline_after(self.timeout);
        loop {
            let line = self.read_line(deadline, "waiting for uciok")?;
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                self.name = Some(crate::excerpt::printable(name.trim()).chars().take(100).collect());
            } else if let Some(option) = line.strip_prefix("option name ") {
                let name = option.split(" type ").next().unwrap_or(option).trim();
                if self.options.len() < 1000 {
                    self.options.push(name.to_owned());
                }
            }
        }
        self.chess960 = false;
        if self.has_option("UCI_Chess960") {
            self.send("setoption name UCI_Chess960 value false")?;
        }
        self.sync(deadline_after(self.timeout))?;
        self.check_perft_support()
    }

    /// `go perft` support: a start-position `go perft 1` must give a divide within the
    /// timeout. An engine that answers with a search (`bestmove`, or search `info` first) has
    /// no `go perft`, said at once. An engine that lists moves but not the 20 legal ones
    /// (FIDE 2.3 and 3) supports perft and is wrong: that is for the caller to find, not a
    /// start-up error.
    fn check_perft_support(&mut self) -> Result<(), UciError> {
        match self.run_perft(START_FEN, &[], 1, true) {
            Ok(PerftOutput::Divide(d)) if !d.moves.is_empty() => Ok(()),
            Ok(PerftOutput::Divide(_)) => {
                Err(self.unsupported("go perft (its start-position go perft 1 listed no moves)"))
            }
            Ok(PerftOutput::Searched(line)) => Err(self.unsupported(&format!(
                "go perft (it answered the start-position go perft 1 with {}: a search, not a count)",
                excerpt(&line)
            ))),
            Err(UciError::TimedOut { .. }) => {
                // It may have started a search instead: stop it, and say what is missing.
                let _ = self.send("stop");
                Err(self.unsupported("go perft (no divide within the timeout for the start position)"))
            }
            Err(e) => Err(e),
        }
    }

    /// `isready` until `readyok`, by `deadline`: everything the engine printed before is skipped.
    fn sync(&mut self, deadline: Instant) -> Result<(), UciError> {
        self.send("isready")?;
        while self.read_line(deadline, "waiting for readyok")?.trim() != "readyok" {}
        Ok(())
    }

    fn send(&mut self, line: &str) -> Result<(), UciError> {
        let sent = self.process.send(line);
        sent.map_err(|reason| self.crashed(&format!("sending {} ({reason})", excerpt(line))))
    }

    /// The next stdout line, or `TimedOut` at the deadline, or `Crashed` at end of output.
    fn read_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, UciError> {
        match self.process.read_line(deadline) {
            Ok(line) => Ok(line),
            Err(ReadError::TimedOut) => Err(UciError::TimedOut {
                command: self.command.clone(),
                timeout: self.timeout,
                waiting_for: format!("{waiting_for}{}", self.process.unread_note()),
                stderr: self.process.stderr_tail(),
            }),
            Err(ReadError::Ended(how)) => Err(UciError::Crashed {
                command: self.command.clone(),
                status: how,
                waiting_for: waiting_for.to_owned(),
                stderr: self.process.stderr_tail(),
            }),
            Err(ReadError::TooLong(start)) => {
                Err(self.protocol(format!("it printed a line too long while {waiting_for}: {start}")))
            }
        }
    }

    fn crashed(&mut self, waiting_for: &str) -> UciError {
        UciError::Crashed {
            command: self.command.clone(),
            status: self.process.ending(),
            waiting_for: waiting_for.to_owned(),
            stderr: self.process.stderr_tail(),
        }
    }

    fn protocol(&self, message: String) -> UciError {
        UciError::Protocol { command: self.command.clone(), message }
    }

    fn unsupported(&self, feature: &str) -> UciError {
        UciError::Unsupported { command: self.command.clone(), feature: feature.to_owned() }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        self.process.close(Some("quit"), Duration::from_millis(200));
    }
}

/// A search's `info` line (`info depth 1 score cp 20 ...`), as opposed to `info string ...`.
fn is_search_info(line: &str) -> bool {
    let mut words = line.split_whitespace();
    words.next() == Some("info")
        && words.any(|w| matches!(w, "depth" | "score" | "pv" | "currmove" | "seldepth" | "nps"))
}

/// The position of a request for messages, bounded (a game of 20,000 moves quotes its start).
fn describe_position(fen: &str, moves: &[String]) -> String {
    let text = position_command(fen, moves);
    match moves.len() {
        0 => excerpt(&text),
        n => format!("{} ({n} moves)", excerpt(&text)),
    }
}

fn spawn(command: &str, argv: &[String]) -> Result<Child, UciError> {
    let (program, args) = argv
        .split_first()
        .ok_or_else(|| UciError::BadCommand { command: command.to_owned(), reason: "empty command line".to_owned() })?;
    Child::spawn(program, args, Stderr::Keep).map_err(|source| UciError::Spawn { command: command.to_owned(), source })
}

/// `position fen FEN [moves M1 M2 ...]`.
fn position_command(fen: &str, moves: &[String]) -> String {
    let mut command = format!("position fen {}", fen.trim());
    if !moves.is_empty() {
        command.push_str(" moves ");
        command.push_str(&moves.join(" "));
    }
    command
}
