//! arbiter's conformance corpus (the FIDE Laws as YAML cases), the runner that checks an
//! implementation against it, and the pieces of the `arbiter` command line.
//!
//! The adapter protocol (requests, answers, the [`Implementation`](implementation::Implementation)
//! trait, serving and the adapter client) is the crate `arbiter_protocol`, re-exported here
//! under the module names it had before it became a crate of its own.

#![deny(missing_docs)]

pub use arbiter_protocol::client as adapter;
pub use arbiter_protocol::message as protocol;
pub use arbiter_protocol::{child, excerpt, implementation, serve, watchdog};

pub mod answer_check;
pub mod badge;
pub mod baseline;
pub mod board_svg;
pub mod case;
pub mod check;
pub mod clauses;
pub mod corpus;
pub mod html;
pub mod hunt;
pub mod outcome;
pub mod profile;
pub mod reference;
pub mod report;
pub mod runner;
pub mod schema;
pub mod uci;
