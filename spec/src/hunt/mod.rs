//! The perft bug hunter.
