//! A running UCI engine process: the protocol exchanges, each wait bounded by a timeout.

use std::collections::{BTreeSet, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::divide::DivideReader;
use super::{split_command_line, Divide, UciError};

/// How many lines of the engine's stderr an error message shows.
const STDERR_LINES: usize = 10;
/// FIDE 2.3: the initial position.
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A UCI engine started once and kept running across requests.
pub struct UciEngine {
    command: String,
    argv: Vec<String>,
    timeout: Duration,
    process: Process,
    name: Option<String>,
    options: Vec<String>,
    chess960: bool,
    /// A wait failed: the engine may still print the answer to an earlier request.
    stale: bool,
}

/// The engine's process, with threads reading its stdout (into a channel) and its stderr
/// (into a ring of the last lines).
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
}

impl UciEngine {
    /// Starts `command` (split like a shell would, without expansions), does the UCI
    /// handshake and checks that the engine answers `go perft 1` from the start position
    /// with its 20 moves. `timeout` bounds every single wait for the engine.
    pub fn start(command: &str, timeout: Duration) -> Result<UciEngine, UciError> {
        let argv = split_command_line(command)?;
        let process = Process::spawn(command, &argv)?;
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

    /// Stops the engine (if it still runs) and starts it again, as after a crash or hang.
    pub fn restart(&mut self) -> Result<(), UciError> {
        self.process.kill();
        self.process = Process::spawn(&self.command, &self.argv)?;
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
        self.sync()?;
        self.chess960 = on;
        Ok(())
    }

    /// Sends `ucinewgame` and waits until the engine is ready.
    pub fn new_game(&mut self) -> Result<(), UciError> {
        self.send("ucinewgame")?;
        self.sync()
    }

    /// `go perft depth` in the position `fen` after `moves` (UCI texts). The divide's total
    /// must equal the sum of its lines. `depth` must be at least 1.
    pub fn perft(&mut self, fen: &str, moves: &[String], depth: u32) -> Result<Divide, UciError> {
        if depth == 0 {
            return Err(self.protocol("perft depth must be at least 1".to_owned()));
        }
        if std::mem::take(&mut self.stale) {
            // Skip what the engine still prints for the request that failed.
            self.send("stop")?;
            self.sync()?;
        }
        self.send(&position_command(fen, moves))?;
        self.send(&format!("go perft {depth}"))?;
        let waiting_for = format!("waiting for the perft {depth} divide of {}", position_command(fen, moves));
        let mut reader = DivideReader::default();
        loop {
            let line = self.read_line(&waiting_for).inspect_err(|_| self.stale = true)?;
            if let Some(done) = reader.feed(&line) {
                return done.map_err(|message| self.protocol(format!("{message} ({waiting_for})")));
            }
        }
    }

    /// The legal moves in `fen` after `moves`, from the engine's `go perft 1` divide.
    pub fn legal_moves(&mut self, fen: &str, moves: &[String]) -> Result<BTreeSet<String>, UciError> {
        Ok(self.perft(fen, moves, 1)?.moves.into_keys().collect())
    }

    /// `uci` until `uciok` (collecting `id name` and options), then `isready`, then the
    /// start-position `go perft 1` check.
    fn handshake(&mut self) -> Result<(), UciError> {
        self.options.clear();
        self.send("uci")?;
        loop {
            let line = self.read_line("waiting for uciok")?;
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                self.name = Some(name.trim().to_owned());
            } else if let Some(option) = line.strip_prefix("option name ") {
                let name = option.split(" type ").next().unwrap_or(option).trim();
                self.options.push(name.to_owned());
            }
        }
        self.sync()?;
        self.check_perft_support()
    }

    /// `go perft` support: a start-position `go perft 1` must give a divide within the
    /// timeout. An engine that lists moves but not the 20 legal ones (FIDE 2.3 and 3)
    /// supports perft and is wrong: that is for the caller to find, not a start-up error.
    fn check_perft_support(&mut self) -> Result<(), UciError> {
        match self.perft(START_FEN, &[], 1) {
            Ok(d) if !d.moves.is_empty() => Ok(()),
            Ok(_) => Err(self.unsupported("go perft (its start-position go perft 1 listed no moves)")),
            Err(UciError::TimedOut { .. }) => {
                // It may have started a search instead: stop it, and say what is missing.
                let _ = self.send("stop");
                Err(self.unsupported("go perft (no divide within the timeout for the start position)"))
            }
            Err(e) => Err(e),
        }
    }

    /// `isready` until `readyok`: everything the engine printed before is skipped.
    fn sync(&mut self) -> Result<(), UciError> {
        self.send("isready")?;
        while self.read_line("waiting for readyok")?.trim() != "readyok" {}
        Ok(())
    }

    fn send(&mut self, line: &str) -> Result<(), UciError> {
        let written = writeln!(self.process.stdin, "{line}").and_then(|()| self.process.stdin.flush());
        written.map_err(|_| self.crashed(&format!("sending {line:?}")))
    }

    /// The next stdout line, or `TimedOut` after the timeout, or `Crashed` at end of output.
    fn read_line(&mut self, waiting_for: &str) -> Result<String, UciError> {
        match self.process.lines.recv_timeout(self.timeout) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(UciError::TimedOut {
                command: self.command.clone(),
                timeout: self.timeout,
                waiting_for: waiting_for.to_owned(),
                stderr: self.process.stderr_tail(),
            }),
            Err(RecvTimeoutError::Disconnected) => Err(self.crashed(waiting_for)),
        }
    }

    fn crashed(&mut self, waiting_for: &str) -> UciError {
        UciError::Crashed {
            command: self.command.clone(),
            status: self.process.exit_status(),
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
        let _ = writeln!(self.process.stdin, "quit").and_then(|()| self.process.stdin.flush());
        let deadline = Instant::now() + Duration::from_millis(200);
        while Instant::now() < deadline {
            if matches!(self.process.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.process.kill();
    }
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

impl Process {
    fn spawn(command: &str, argv: &[String]) -> Result<Process, UciError> {
        let (program, args) = argv.split_first().ok_or_else(|| UciError::BadCommand {
            command: command.to_owned(),
            reason: "empty command line".to_owned(),
        })?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| UciError::Spawn { command: command.to_owned(), source })?;
        let (stdin, stdout, stderr) = match (child.stdin.take(), child.stdout.take(), child.stderr.take()) {
            (Some(i), Some(o), Some(e)) => (i, o, e),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                let source = std::io::Error::other("the engine's standard streams could not be piped");
                return Err(UciError::Spawn { command: command.to_owned(), source });
            }
        };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let tail = Arc::new(Mutex::new(VecDeque::with_capacity(STDERR_LINES)));
        let ring = Arc::clone(&tail);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                let Ok(mut ring) = ring.lock() else { break };
                if ring.len() == STDERR_LINES {
                    ring.pop_front();
                }
                ring.push_back(line);
            }
        });
        Ok(Process { child, stdin, lines, stderr: tail })
    }

    /// The last lines of stderr, after a moment for the reader thread to catch up.
    fn stderr_tail(&self) -> Vec<String> {
        std::thread::sleep(Duration::from_millis(50));
        self.stderr.lock().map(|ring| ring.iter().cloned().collect()).unwrap_or_default()
    }

    /// How the process ended, waiting briefly for it to do so.
    fn exit_status(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_millis(500);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return status.to_string(),
                Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
                Ok(None) => return "still running, but its output is closed".to_owned(),
                Err(e) => return format!("status unknown: {e}"),
            }
        }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
