//! What can go wrong when talking to a UCI engine.

use std::time::Duration;

/// An error from a UCI engine or from the client's use of it. Errors about the engine's
/// process carry the last lines it wrote to stderr.
#[derive(Debug, thiserror::Error)]
pub enum UciError {
    #[error("bad engine command line {command:?}: {reason}")]
    BadCommand { command: String, reason: String },
    #[error("cannot start engine {command:?}: {source}")]
    Spawn {
        command: String,
        #[source]
        source: std::io::Error,
    },
    #[error("engine {command:?} crashed ({status}) while {waiting_for}{}", stderr_note(.stderr))]
    Crashed { command: String, status: String, waiting_for: String, stderr: Vec<String> },
    #[error("engine {command:?} timed out after {timeout:?} while {waiting_for}{}", stderr_note(.stderr))]
    TimedOut { command: String, timeout: Duration, waiting_for: String, stderr: Vec<String> },
    #[error("engine {command:?} broke the protocol: {message}")]
    Protocol { command: String, message: String },
    #[error("engine {command:?} does not support {feature}")]
    Unsupported { command: String, feature: String },
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
