//! One module per subcommand.

pub mod check;
pub mod coverage;
pub mod explain;
pub mod hunt;
pub mod list;
pub mod matrix;
pub mod perft;
pub mod run;
pub mod selection;
pub mod serve;
