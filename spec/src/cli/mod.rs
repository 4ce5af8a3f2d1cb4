//! One module per subcommand.

pub mod hunt;
pub mod perft;
