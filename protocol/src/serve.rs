//! `arbiter serve`: an implementation behind the adapter protocol on stdin and stdout.

use std::io::{BufRead, Write};

use serde_json::{json, Value};

use crate::excerpt::excerpt;
use crate::implementation::{dispatch, Implementation};
use crate::message::{ErrorBody, ErrorKind, Op, Request};

/// The longest request line read whole; a longer one is answered `bad_request` and skipped
/// without being held in memory. (A case with 20,000 moves is about 120 KB.)
pub const MAX_REQUEST_BYTES: usize = 16 << 20;

/// An adapter's `main`: [`serve`] on standard input and output; a failure to read or write
/// them is said on standard error, prefixed with `name`, and is exit status 1.
pub fn serve_stdio(imp: &mut dyn Implementation, name: &str) -> std::process::ExitCode {
    match serve(imp, std::io::stdin().lock(), std::io::stdout().lock()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Answers requests line by line until `quit` or the end of input. A line that is not UTF-8,
/// not JSON, not a request or too long is answered `bad_request`, and the next line is read.
///
/// ```
/// use arbiter_protocol::{serve, Answer, Failure, Hello, Implementation, Op, Reply, PROTOCOL_VERSION};
///
/// struct Nameless;
/// impl Implementation for Nameless {
///     fn hello(&mut self) -> Answer<Hello> {
///         let (name, version) = ("nameless".into(), "0".into());
///         Ok(Hello { name, version, protocol: PROTOCOL_VERSION, ops: vec![], profile: None, note: None, rules: None })
///     }
///     fn answer(&mut self, op: &Op) -> Answer<Reply> {
///         Err(Failure::unsupported(op.name()))
///     }
/// }
/// // A line that is not JSON is answered, `quit` is answered, and nothing after it is read.
/// let input = "not json\n{\"id\":7,\"op\":\"quit\"}\n{\"id\":8,\"op\":\"hello\"}\n";
/// let mut out = Vec::new();
/// serve(&mut Nameless, input.as_bytes(), &mut out).unwrap();
/// let lines: Vec<String> = String::from_utf8(out).unwrap().lines().map(String::from).collect();
/// assert_eq!(lines.len(), 2);
/// assert!(lines[0].contains("bad_request"));
/// assert_eq!(lines[1], "{\"id\":7}");
/// ```
pub fn serve(imp: &mut dyn Implementation, mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut line = Vec::new();
    loop {
        line.clear();
        let complete = read_line(&mut input, &mut line)?;
        if line.is_empty() && complete == Line::End {
            return Ok(());
        }
        let (answer, quit) = match (complete, std::str::from_utf8(&line)) {
            (Line::TooLong(bytes), _) => (
                bad_request("", &format!("the request is longer than {MAX_REQUEST_BYTES} bytes ({bytes} read)")),
                false,
            ),
            (_, Err(e)) => (bad_request("", &format!("the request is not UTF-8: {e}")), false),
            (_, Ok(text)) if text.trim().is_empty() => continue,
            (_, Ok(text)) => match serde_json::from_str::<Request>(text) {
                Ok(request) => (dispatch(imp, &request), request.op == Op::Quit),
                Err(e) => (bad_request(text, &format!("{e} in {}", excerpt(text))), false),
            },
        };
        writeln!(output, "{answer}")?;
        output.flush()?;
        if quit {
            return Ok(());
        }
    }
}

/// How a line read ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    /// At a newline.
    Newline,
    /// At the end of input.
    End,
    /// Past [`MAX_REQUEST_BYTES`]: this many bytes were read (and dropped) up to the newline.
    TooLong(usize),
}

/// Reads up to and without the next newline into `line`, keeping at most
/// [`MAX_REQUEST_BYTES`] of it.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<Line> {
    let mut total = 0usize;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(if total > MAX_REQUEST_BYTES { Line::TooLong(total) } else { Line::End });
        }
        let (chunk, newline) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..i], Some(i)),
            None => (buffer, None),
        };
        total += chunk.len();
        if total <= MAX_REQUEST_BYTES {
            line.extend_from_slice(chunk);
        } else {
            line.clear();
        }
        let used = newline.map_or(chunk.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() {
            return Ok(if total > MAX_REQUEST_BYTES { Line::TooLong(total) } else { Line::Newline });
        }
    }
}

/// The answer to a line that is not a request: the id echoed when there is one.
fn bad_request(line: &str, message: &str) -> Value {
    let id = serde_json::from_str::<Value>(line).ok().and_then(|v| v.get("id").cloned()).unwrap_or(Value::Null);
    json!({"id": id, "error": ErrorBody::new(ErrorKind::BadRequest, message)})
}
