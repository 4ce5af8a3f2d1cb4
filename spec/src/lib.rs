//! arbiter's conformance corpus (the FIDE Laws as YAML cases), the runner that checks an
//! implementation against it, and the pieces of the `arbiter` command line.

pub mod adapter;
pub mod case;
pub mod child;
pub mod clauses;
pub mod corpus;
pub mod excerpt;
pub mod hunt;
pub mod implementation;
pub mod outcome;
pub mod profile;
pub mod protocol;
pub mod reference;
pub mod report;
pub mod runner;
pub mod serve;
pub mod timing;
pub mod uci;
