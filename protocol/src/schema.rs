//! The JSON Schema of the protocol, generated from its types (feature `schema`): every line is
//! a request or an answer, an answer being the reply of some operation, or an error, with the
//! request's id.

use schemars::JsonSchema;

use crate::message::{ErrorBody, Reply, Request};

/// One line of the protocol, either way.
#[derive(JsonSchema)]
#[schemars(title = "arbiter adapter protocol, version 1 (docs/adapter-protocol.md)")]
#[serde(untagged)]
#[allow(dead_code)]
enum Line {
    /// A request, to the implementation.
    Request(Request),
    /// An answer, from the implementation.
    Answer(AnswerLine),
}

/// An answer: the reply of the request's operation, or an error.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum AnswerLine {
    /// The reply.
    Reply {
        /// The request's id.
        id: u64,
        #[serde(flatten)]
        reply: Reply,
    },
    /// The error.
    Error {
        /// The request's id.
        id: u64,
        /// What went wrong.
        error: ErrorBody,
    },
}

/// The schema of a protocol line.
pub fn line() -> schemars::Schema {
    schemars::schema_for!(Line)
}
