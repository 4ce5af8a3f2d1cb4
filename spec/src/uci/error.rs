//! What can go wrong when talking to a UCI engine.

use std::time::Duration;

/// An error from a UCI engine or from the client's use of it. Errors about the engine's
/// process carry the last lines it wrote to stderr.
#[derive(Debug, thiserror::Error)]
pub enum UciError {
    /// The engine command line is empty or cannot be split into words (an unclosed quote).
    #[error("bad engine command line {command:?}: {reason}")]
    BadCommand {
        /// The engine command line.
        command: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The engine cannot be started.
    #[error("cannot start engine {command:?}: {source}")]
    Spawn {
        /// The engine command line.
        command: String,
        /// Why it cannot be started.
        #[source]
        source: std::io::Error,
    },
    /// The engine exited while arbiter waited for an answer.
    #[error("engine {command:?} crashed ({status}) while {waiting_for}{}", stderr_note(.stderr))]
    Crashed {
        /// The engine command line.
        command: String,
        /// How it exited, in words.
        status: String,
        /// What arbiter was waiting for.
        waiting_for: String,
        /// The last lines it wrote to stderr.
        stderr: Vec<String>,
    },
    /// The engine did not answer within the deadline.
    #[error("engine {command:?} timed out after {timeout:?} while {waiting_for}{}", stderr_note(.stderr))]
    TimedOut {
        /// The engine command line.
        command: String,
        /// The deadline.
        timeout: Duration,
        /// What arbiter was waiting for.
        waiting_for: String,
        /// The last lines it wrote to stderr.
        stderr: Vec<String>,
    },
    /// The engine wrote something the UCI protocol does not allow here.
    #[error("engine {command:?} broke the protocol: {message}")]
    Protocol {
        /// The engine command line.
        command: String,
        /// What it wrote wrong.
        message: String,
    },
    /// The engine does not offer a feature arbiter needs (`go perft`, `UCI_Chess960`).
    #[error("engine {command:?} does not support {feature}")]
    Unsupported {
        /// The engine command line.
        command: String,
        /// The feature missing.
        feature: String,
    },
}

impl UciError {
    /// The short outcome name for reports: `TIMEOUT` for a hang, `SKIP` for a feature the
    /// engine does not offer (such as `go perft` or `UCI_Chess960`), `ERROR` otherwise.
    pub fn outcome(&self) -> &'static str {
        match self {
            UciError::TimedOut { .. } => "TIMEOUT",
            UciError::Unsupported { .. } => "SKIP",
            _ => "ERROR",
        }
    }
}

fn stderr_note(lines: &[String]) -> String {
    if lines.is_empty() {
        String::new()
    } else {
        format!("; last lines of its stderr:\n  {}", lines.join("\n  "))
    }
}
