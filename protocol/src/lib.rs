//! arbiter's adapter protocol (version 1): JSON lines on an implementation's standard input
//! and output, one request per line and exactly one answer per line, in order (see
//! `docs/adapter-protocol.md`).
//!
//! An adapter written in Rust depends on this crate alone (no command-line, YAML or
//! thread-pool crates): it implements [`Implementation`] over its chess library and calls
//! [`serve()`]. The runner speaks to any adapter through [`client::Adapter`], which holds the
//! program in a [`child::Child`] so that whatever it does cannot hang the runner or outlive it.
//!
//! ```
//! use arbiter_protocol::{serve, Answer, Failure, Hello, Implementation, Op, Reply, PROTOCOL_VERSION};
//!
//! /// An implementation that knows only its name.
//! struct Minimal;
//! impl Implementation for Minimal {
//!     fn hello(&mut self) -> Answer<Hello> {
//!         let (name, version) = ("minimal".into(), "0.1".into());
//!         Ok(Hello { name, version, protocol: PROTOCOL_VERSION, ops: vec![], profile: None, note: None, rules: None })
//!     }
//!     fn answer(&mut self, op: &Op) -> Answer<Reply> {
//!         Err(Failure::unsupported(op.name()))
//!     }
//! }
//! let mut out = Vec::new();
//! serve(&mut Minimal, &b"{\"id\":1,\"op\":\"hello\"}\n{\"id\":2,\"op\":\"perft\",\"fen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\",\"depth\":1}\n"[..], &mut out).unwrap();
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.lines().next().unwrap().contains("\"protocol\":1"));
//! assert!(text.lines().nth(1).unwrap().contains("unsupported"));
//! ```

#![deny(missing_docs)]

pub mod child;
pub mod client;
pub mod excerpt;
pub mod implementation;
pub mod message;
#[cfg(feature = "schema")]
pub mod schema;
pub mod serve;
pub mod watchdog;

pub use arbiter_types as types;
pub use implementation::{dispatch, Answer, Failure, Implementation};
pub use message::*;
pub use serve::serve;
