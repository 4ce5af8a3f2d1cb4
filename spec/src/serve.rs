//! `arbiter serve`: an implementation behind the adapter protocol on stdin and stdout.

use std::io::{BufRead, Write};

use serde_json::{json, Value};

use crate::implementation::{dispatch, Implementation};
use crate::protocol::{ErrorBody, ErrorKind, Op, Request};

/// Answers requests line by line until `quit` or the end of input.
pub fn serve(imp: &mut dyn Implementation, input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let (answer, quit) = match serde_json::from_str::<Request>(&line) {
            Ok(request) => (dispatch(imp, &request), request.op == Op::Quit),
            Err(e) => (bad_request(&line, &e.to_string()), false),
        };
        writeln!(output, "{answer}")?;
        output.flush()?;
        if quit {
            break;
        }
    }
    Ok(())
}

/// The answer to a line that is not a request: the id echoed when there is one.
fn bad_request(line: &str, message: &str) -> Value {
    let id = serde_json::from_str::<Value>(line).ok().and_then(|v| v.get("id").cloned()).unwrap_or(Value::Null);
    json!({"id": id, "error": ErrorBody::new(ErrorKind::BadRequest, message)})
}
