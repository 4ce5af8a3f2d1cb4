//! What the core's integration tests share.

pub mod pychess;
