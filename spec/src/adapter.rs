//! An implementation in another process, spoken to over the adapter protocol (JSON lines on
//! its stdin and stdout). A crash, a hang, a line that is not JSON or an answer with the wrong
//! id ends that request with [`Failure::Broken`] or [`Failure::Timeout`]; the process is then
//! killed and started again for the next request.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::implementation::{Answer, Failure, Implementation};
use crate::protocol::{
    ClaimAnswer, DrawClaim, ErrorBody, Event, EventOutcome, EventSetup, FlagAnswer, GameResult, Hello, Observation, Op,
    ParseSanAnswer, PerftAnswer, PositionSpec, Request, SanAnswer, ScoresheetAnswer, SealedAnswer, SealedVerdict, Side,
    SpokenAnswer,
};

/// A running adapter process.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<std::io::Result<String>>,
}

impl Drop for Process {
    /// Kills the adapter and everything it started (its process group), so that no grandchild
    /// keeps running or holds our pipes open.
    fn drop(&mut self) {
        #[cfg(unix)]
        let _ = Command::new("kill")
            .args(["-s", "KILL", "--", &format!("-{}", self.child.id())])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An adapter: a command line, started on demand and restarted after a failure.
pub struct Adapter {
    command: String,
    timeout: Duration,
    process: Option<Process>,
    next_id: u64,
}

impl Adapter {
    /// `command` is run by `sh -c`; `timeout` bounds each request.
    pub fn new(command: &str, timeout: Duration) -> Adapter {
        Adapter { command: command.to_owned(), timeout, process: None, next_id: 1 }
    }

    fn start(&mut self) -> Result<&mut Process, Failure> {
        if self.process.is_none() {
            let mut command = Command::new("sh");
            command
                .arg("-c")
                .arg(format!("exec {}", self.command))
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit());
            #[cfg(unix)]
            std::os::unix::process::CommandExt::process_group(&mut command, 0);
            let mut child = command
                .spawn()
                .map_err(|e| Failure::Broken(format!("cannot start the adapter `{}`: {e}", self.command)))?;
            let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
                return Err(Failure::Broken("the adapter's pipes are missing".into()));
            };
            let (send, lines) = mpsc::channel();
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let stop = line.is_err();
                    if send.send(line).is_err() || stop {
                        break;
                    }
                }
            });
            self.process = Some(Process { child, stdin, lines });
        }
        self.process.as_mut().ok_or_else(|| Failure::Broken("the adapter did not start".into()))
    }

    /// Sends one request and reads its answer; on a broken answer the process is dropped.
    fn call<T: DeserializeOwned>(&mut self, op: Op) -> Answer<T> {
        let id = self.next_id;
        self.next_id += 1;
        let result = self.exchange(&Request { id, op });
        if matches!(result, Err(Failure::Broken(_) | Failure::Timeout)) {
            self.process = None;
        }
        let value = result?;
        if let Some(error) = value.get("error") {
            return match serde_json::from_value::<ErrorBody>(error.clone()) {
                Ok(body) => Err(Failure::Answered(body)),
                Err(e) => {
                    self.process = None;
                    Err(Failure::Broken(format!("malformed error object {error}: {e}")))
                }
            };
        }
        serde_json::from_value(value.clone()).map_err(|e| {
            self.process = None;
            Failure::Broken(format!("malformed answer {value}: {e}"))
        })
    }

    fn exchange(&mut self, request: &Request) -> Result<Value, Failure> {
        let timeout = self.timeout;
        let process = self.start()?;
        let line = serde_json::to_string(request).map_err(|e| Failure::Broken(e.to_string()))?;
        writeln!(process.stdin, "{line}")
            .and_then(|_| process.stdin.flush())
            .map_err(|e| Failure::Broken(format!("the adapter stopped reading: {e}")))?;
        let answer = match process.lines.recv_timeout(timeout) {
            Ok(Ok(text)) => text,
            Ok(Err(e)) => return Err(Failure::Broken(format!("reading the adapter's output: {e}"))),
            Err(RecvTimeoutError::Timeout) => return Err(Failure::Timeout),
            Err(RecvTimeoutError::Disconnected) => {
                let status = process.child.wait().map(|s| s.to_string()).unwrap_or_default();
                return Err(Failure::Broken(format!("the adapter exited ({status}) without answering")));
            }
        };
        let value: Value = serde_json::from_str(&answer)
            .map_err(|_| Failure::Broken(format!("the adapter printed a line that is not JSON: {answer:?}")))?;
        match value.get("id").and_then(Value::as_u64) {
            Some(got) if got == request.id => Ok(value),
            _ => Err(Failure::Broken(format!("answer to request {} has the wrong id: {answer}", request.id))),
        }
    }
}

impl Drop for Adapter {
    fn drop(&mut self) {
        if let Some(process) = self.process.as_mut() {
            let _ = writeln!(process.stdin, "{{\"id\":0,\"op\":\"quit\"}}");
        }
    }
}

impl Implementation for Adapter {
    fn hello(&mut self) -> Answer<Hello> {
        self.call(Op::Hello)
    }
    fn observe(&mut self, position: &PositionSpec) -> Answer<Observation> {
        self.call(Op::Observe { position: position.clone() })
    }
    fn perft(&mut self, position: &PositionSpec, depth: u32) -> Answer<PerftAnswer> {
        self.call(Op::Perft { position: position.clone(), depth })
    }
    fn san(&mut self, position: &PositionSpec, mv: &str) -> Answer<String> {
        self.call::<SanAnswer>(Op::San { position: position.clone(), mv: mv.to_owned() }).map(|a| a.san)
    }
    fn parse_san(&mut self, position: &PositionSpec, san: &str) -> Answer<String> {
        self.call::<ParseSanAnswer>(Op::ParseSan { position: position.clone(), san: san.to_owned() }).map(|a| a.mv)
    }
    fn claim(&mut self, position: &PositionSpec, claim: DrawClaim, mv: Option<&str>) -> Answer<bool> {
        let op = Op::Claim { position: position.clone(), claim, mv: mv.map(str::to_owned) };
        self.call::<ClaimAnswer>(op).map(|a| a.valid)
    }
    fn flag(&mut self, position: &PositionSpec, flagged: Side) -> Answer<GameResult> {
        self.call::<FlagAnswer>(Op::Flag { position: position.clone(), flagged }).map(|a| a.result)
    }
    fn events(&mut self, position: &PositionSpec, setup: &EventSetup, events: &[Event]) -> Answer<EventOutcome> {
        self.call(Op::Events {
            position: position.clone(),
            events: events.to_vec(),
            time_control: setup.time_control.clone(),
            supervision: setup.supervision,
        })
    }
    fn spoken(&mut self, position: &PositionSpec, mv: &str) -> Answer<String> {
        self.call::<SpokenAnswer>(Op::Spoken { position: position.clone(), mv: mv.to_owned() }).map(|a| a.spoken)
    }
    fn sealed(&mut self, position: &PositionSpec, text: &str) -> Answer<SealedVerdict> {
        self.call::<SealedAnswer>(Op::Sealed { position: position.clone(), text: text.to_owned() }).map(|a| a.verdict)
    }
    fn scoresheet(&mut self, position: &PositionSpec, text: &str) -> Answer<ScoresheetAnswer> {
        self.call(Op::Scoresheet { position: position.clone(), text: text.to_owned() })
    }
}
