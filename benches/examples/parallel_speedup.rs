//! Parallel perft against single-threaded perft, alternated round by round so that both see the
//! same drift of a shared machine (criterion measures one after the other, and on a virtual
//! machine whose speed wanders the ratio of two such runs says more about the host than the code).
//!
//! `cargo run --release -p arbiter-benches --example parallel_speedup -- [ROUNDS] [DEPTH]`
//! (defaults 8 and 6, start position): prints the median speed of each and their ratio.

use std::time::Instant;

use arbiter_core::{perft, Position};

fn median(mut speeds: Vec<f64>) -> f64 {
    speeds.sort_by(f64::total_cmp);
    speeds[speeds.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(8).max(1);
    let depth: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(6);
    let start = Position::startpos();
    let (mut one, mut two) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        for (threads, speeds) in [(1, &mut one), (2, &mut two)] {
            let clock = Instant::now();
            let nodes =
                if threads == 1 { perft::perft(&start, depth) } else { perft::perft_parallel(&start, depth, 2) };
            speeds.push(nodes as f64 / clock.elapsed().as_secs_f64() / 1e6);
        }
    }
    let (one, two) = (median(one), median(two));
    println!(
        "start position, depth {depth}, {rounds} rounds: 1 thread {one:.0} Mnps, 2 threads {two:.0} Mnps, {:.2} times",
        two / one
    );
}
