//! An implementation in another process, spoken to over the adapter protocol (JSON lines on
//! its stdin and stdout). A crash, a hang, a line that is not JSON, an answer with the wrong
//! id or a second answer ends that request with [`Failure::Broken`] or [`Failure::Timeout`];
//! the process (with everything it started) is then killed and started again for the next
//! request. The process is held by [`crate::child::Child`]: every request has a deadline, a
//! program that stops reading or prints endlessly cannot block arbiter or fill its memory.

use std::time::Duration;

use serde_json::Value;

use crate::child::{deadline_after, Child, ReadError, Stderr};
use crate::excerpt::{excerpt, printable, EXCERPT_CHARS};
use crate::implementation::{Answer, Failure, Implementation};
use crate::message::{ErrorBody, Hello, Op, Reply, Request};

/// An adapter: a command line, started on demand and restarted after a failure.
///
/// ```
/// use std::time::Duration;
/// use arbiter_protocol::{client::Adapter, Implementation};
///
/// // An adapter that reads its first request (`hello`, id 1), answers it and then only reads.
/// let command = r#"sh -c 'read -r request; echo "{\"id\":1,\"name\":\"echo\",\"version\":\"1\",\"protocol\":1,\"ops\":[]}"; cat >/dev/null'"#;
/// let mut adapter = Adapter::new(command, Duration::from_secs(10));
/// let hello = adapter.hello().unwrap();
/// assert_eq!(hello.name, "echo");
/// assert!(hello.check().is_ok());
/// ```
pub struct Adapter {
    command: String,
    timeout: Duration,
    process: Option<Child>,
    next_id: u64,
    /// The last request answered since the last [`Implementation::finish_case`], described.
    answered: Option<String>,
}

impl Adapter {
    /// `command` is run by `sh -c`; `timeout` bounds each request.
    pub fn new(command: &str, timeout: Duration) -> Adapter {
        Adapter { command: command.to_owned(), timeout, process: None, next_id: 1, answered: None }
    }

    fn start(&mut self) -> Result<&mut Child, Failure> {
        if self.process.is_none() {
            let args = ["-c".to_owned(), format!("exec {}", self.command)];
            let child = Child::spawn("sh", &args, Stderr::Forward { prefix: String::new() })
                .map_err(|e| Failure::Broken(format!("cannot start the adapter {}: {e}", excerpt(&self.command))))?;
            self.process = Some(child);
        }
        self.process.as_mut().ok_or_else(|| Failure::Broken("the adapter did not start".into()))
    }

    /// Sends one request and reads its answer; on a broken answer the process is dropped.
    fn call(&mut self, op: Op) -> Answer<Reply> {
        let id = self.next_id;
        self.next_id += 1;
        let request = Request { id, op };
        let what = describe(&request);
        let result = self.exchange(&request, &what);
        let request_op = request.op;
        if result.is_err() {
            self.process = None;
        }
        let value = result?;
        self.answered = Some(what);
        if let Some(error) = value.get("error") {
            return match serde_json::from_value::<ErrorBody>(error.clone()) {
                Ok(mut body) => {
                    body.message = bounded(&body.message);
                    Err(Failure::Answered(body))
                }
                Err(e) => {
                    self.process = None;
                    Err(Failure::Broken(format!(
                        "malformed error object {}: {}",
                        excerpt(&error.to_string()),
                        bounded(&e.to_string())
                    )))
                }
            };
        }
        Reply::read(&request_op, value.clone()).map_err(|e| {
            self.process = None;
            Failure::Broken(format!("malformed answer {}: {}", excerpt(&value.to_string()), bounded(&e.to_string())))
        })
    }

    /// Writes the request and reads its answer, a JSON object with the request's id.
    fn exchange(&mut self, request: &Request, what: &str) -> Result<Value, Failure> {
        let answer = self.answer_line(request, what)?;
        let value: Value = serde_json::from_str(&answer).map_err(|_| {
            Failure::Broken(format!("the adapter printed a line that is not JSON: {}", excerpt(&answer)))
        })?;
        match value.get("id").and_then(Value::as_u64) {
            Some(got) if got == request.id => Ok(value),
            _ => Err(Failure::Broken(format!("answer to {what} has the wrong id: {}", excerpt(&answer)))),
        }
    }

    /// Writes the request and reads one line, its answer, within the timeout.
    fn answer_line(&mut self, request: &Request, what: &str) -> Result<String, Failure> {
        let deadline = deadline_after(self.timeout);
        let timeout = self.timeout;
        let previous = self.answered.clone();
        let fresh = self.process.is_none();
        let process = self.start()?;
        if let Some(extra) = process.pending_line() {
            let extra = excerpt(&extra);
            return Err(Failure::Broken(if fresh {
                format!("the adapter printed {extra} before it was sent any request: an answer follows its request")
            } else {
                let earlier = previous.unwrap_or_else(|| "an earlier request".to_owned());
                format!("the adapter printed {extra} after its answer to {earlier}, before {what} was sent: it answered twice")
            }));
        }
        let line = serde_json::to_string(request).map_err(|e| Failure::Broken(e.to_string()))?;
        process.send(&line).map_err(|e| Failure::Broken(format!("the adapter cannot be sent {what}: {e}")))?;
        match process.read_line(deadline) {
            Ok(text) => Ok(text),
            Err(ReadError::TimedOut) => Err(Failure::Timeout(format!(
                "no answer to {what} within {}; the adapter {}{}",
                seconds(timeout),
                process.ending(),
                process.unread_note()
            ))),
            Err(ReadError::Ended(how)) => Err(Failure::Broken(format!("the adapter {how} without answering"))),
            Err(ReadError::TooLong(start)) => {
                Err(Failure::Broken(format!("the adapter answered {what} with a line too long: {start}")))
            }
        }
    }
}

/// A duration as seconds for messages (`0.5 s`).
pub(crate) fn seconds(duration: Duration) -> String {
    format!("{} s", duration.as_secs_f64())
}

/// A request in words for messages: its id, its op and its position (bounded).
pub(crate) fn describe(request: &Request) -> String {
    let fields = serde_json::to_value(&request.op).unwrap_or(Value::Null);
    let op = fields.get("op").and_then(Value::as_str).unwrap_or("?");
    let mut text = format!("request {} ({op}", request.id);
    if let Some(fen) = fields.get("fen").and_then(Value::as_str) {
        text.push_str(&format!(" of {}", excerpt(fen)));
        match fields.get("moves").and_then(Value::as_array).map(Vec::len) {
            Some(0) | None => {}
            Some(1) => text.push_str(" after 1 move"),
            Some(n) => text.push_str(&format!(" after {n} moves")),
        }
    }
    text.push(')');
    text
}

/// An adapter's own text (an error message) fit for a report: printable, and bounded.
fn bounded(text: &str) -> String {
    if text.chars().count() <= EXCERPT_CHARS {
        printable(text)
    } else {
        excerpt(text)
    }
}

impl Drop for Adapter {
    fn drop(&mut self) {
        if let Some(process) = self.process.as_mut() {
            process.close(Some("{\"id\":0,\"op\":\"quit\"}"), Duration::from_millis(100));
        }
    }
}

impl Implementation for Adapter {
    fn hello(&mut self) -> Answer<Hello> {
        crate::implementation::ask(self, &Op::Hello)
    }
    /// A `hello` after the case: its answer must be the next line, so a second answer to the
    /// case's last request shows here (the adapter reads its requests in order).
    fn finish_case(&mut self) -> Answer<()> {
        let Some(last) = self.answered.take() else { return Ok(()) };
        if self.process.is_none() {
            return Ok(());
        }
        let id = self.next_id;
        self.next_id += 1;
        let request = Request { id, op: Op::Hello };
        let what = describe(&request);
        let result = self.answer_line(&request, &what).and_then(|line| {
            let id = serde_json::from_str::<Value>(&line).ok().and_then(|v| v.get("id").and_then(Value::as_u64));
            if id == Some(request.id) {
                Ok(())
            } else {
                Err(Failure::Broken(format!(
                    "{last} was answered twice: the adapter then printed {} before its answer to {what}",
                    excerpt(&line)
                )))
            }
        });
        if result.is_err() {
            self.process = None;
        }
        self.answered = None;
        result
    }
    /// Sends `op` and reads its answer as the type `op` asks for.
    fn answer(&mut self, op: &Op) -> Answer<Reply> {
        self.call(op.clone())
    }
}
