//! What the runner checks: an implementation of the Laws, reached in-process or over the
//! adapter protocol. It answers `hello` and then any request through one method,
//! [`Implementation::answer`]; an operation it does not support is answered
//! [`Failure::unsupported`], and `hello` declares the ones supported.

use serde_json::{json, Value};

use crate::message::{
    ErrorBody, ErrorKind, Goodbye, Hello, Observation, Op, PerftAnswer, PositionSpec, Reply, Request,
};

/// Why an operation gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The implementation answered with an error (a refused position or move, `unsupported`...).
    Answered(ErrorBody),
    /// The implementation crashed, answered nonsense or broke the protocol.
    Broken(String),
    /// No answer within the time limit: which request, and what the program was doing.
    Timeout(String),
}

impl std::fmt::Display for Failure {
    /// The failure in words: the error answered, or what went wrong with the program.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Answered(body) => body.fmt(f),
            Failure::Broken(message) | Failure::Timeout(message) => f.write_str(message),
        }
    }
}

impl Failure {
    /// An error answered, of `kind` (`illegal_move`, `invalid_fen`, ...), with its message.
    pub fn answered(kind: ErrorKind, message: impl Into<String>) -> Failure {
        Failure::Answered(ErrorBody::new(kind, message.into()))
    }

    /// The answer to an operation the implementation does not support.
    pub fn unsupported(what: &str) -> Failure {
        Failure::Answered(ErrorBody::unsupported(what))
    }

    /// Whether this is the answer `unsupported`: the implementation cannot answer, which is
    /// neither right nor wrong.
    pub fn is_unsupported(&self) -> bool {
        matches!(self, Failure::Answered(body) if body.kind == ErrorKind::Unsupported)
    }
}

/// An answer or a failure.
pub type Answer<T> = Result<T, Failure>;

/// A chess program under test.
pub trait Implementation {
    /// Name, version and the operations supported.
    fn hello(&mut self) -> Answer<Hello>;

    /// Answers one request: a [`Reply`] of the type `op` asks for, or why not
    /// ([`Failure::unsupported`] for an operation this implementation does not support).
    /// `hello` and `quit` are answered by [`dispatch`] and never reach this method.
    fn answer(&mut self, op: &Op) -> Answer<Reply>;

    /// Called after each case that asked something: an error when the implementation has
    /// said more than it was asked (an adapter that answered a request twice), so that the
    /// case that asked fails, not the next one.
    fn finish_case(&mut self) -> Answer<()> {
        Ok(())
    }
}

/// Asks `imp` the request `op` and takes the answer as the type `op` answers with: an answer
/// of another type is a broken implementation.
pub fn ask<T: TryFrom<Reply, Error = Reply>>(imp: &mut (impl Implementation + ?Sized), op: &Op) -> Answer<T> {
    let reply = imp.answer(op)?;
    T::try_from(reply)
        .map_err(|other| Failure::Broken(format!("{} was answered with an answer to {}", op.name(), other.op_name())))
}

/// `observe`: the position, its legal moves and its state.
pub fn observe(imp: &mut (impl Implementation + ?Sized), position: &PositionSpec) -> Answer<Observation> {
    ask(imp, &Op::Observe { position: position.clone() })
}

/// `perft`: the leaf nodes `depth` plies down, with the divide if the implementation gives it.
pub fn perft(imp: &mut (impl Implementation + ?Sized), position: &PositionSpec, depth: u32) -> Answer<PerftAnswer> {
    ask(imp, &Op::Perft { position: position.clone(), depth })
}

/// Answers one request with `imp`, as the JSON object `arbiter serve` prints.
pub fn dispatch(imp: &mut dyn Implementation, request: &Request) -> Value {
    let answer = match &request.op {
        Op::Hello => imp.hello().map(Reply::Hello),
        Op::Quit => Ok(Reply::Quit(Goodbye {})),
        op => imp.answer(op),
    };
    let mut object = match answer
        .map_err(error_body)
        .and_then(|reply| serde_json::to_value(reply).map_err(|e| ErrorBody::new(ErrorKind::BadRequest, e.to_string())))
    {
        Ok(Value::Object(map)) => map,
        Ok(_) => serde_json::Map::new(),
        Err(error) => {
            let mut map = serde_json::Map::new();
            map.insert("error".into(), json!(error));
            map
        }
    };
    object.insert("id".into(), json!(request.id));
    Value::Object(object)
}

/// A failure as the error object of an answer.
fn error_body(failure: Failure) -> ErrorBody {
    match failure {
        Failure::Answered(body) => body,
        Failure::Broken(message) | Failure::Timeout(message) => ErrorBody::new(ErrorKind::BadRequest, message),
    }
}
