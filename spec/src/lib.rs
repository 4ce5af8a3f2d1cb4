//! arbiter's conformance corpus (the FIDE Laws as YAML cases), the runner that checks an
//! implementation against it, and the pieces of the `arbiter` command line.
pub mod hunt;
pub mod uci;
