//! A client for UCI chess engines: starts an engine once, keeps it running across requests,
//! and asks it for perft divides (`go perft N`) and legal move lists, with a timeout on every
//! wait so that a crashing or hanging engine gives an error instead of blocking.

mod command_line;
mod divide;
mod engine;
mod error;
mod implementation;

pub use command_line::split_command_line;
pub use divide::{parse_divide, Divide};
pub use engine::UciEngine;
pub use error::UciError;
pub use implementation::{UciImplementation, NEEDS_AN_ADAPTER};
