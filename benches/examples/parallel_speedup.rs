//! Parallel perft against single-threaded perft, alternated round by round so that both see the
//! same drift of a shared machine (criterion measures one after the other, and on a virtual
//! machine whose speed wanders the ratio of two such runs says more about the host than the code).
//!
//! Each round also measures the machine's own ceiling: two single-threaded perfts of the same
//! tree run at once on two threads, timed until both end. Parallel perft cannot beat that ratio,
//! whatever the split; the gap between the two is what the parallel code loses.
//!
//! `cargo run --release -p arbiter-benches --example parallel_speedup -- [ROUNDS] [DEPTH]`
//! (defaults 8 and 6, start position): prints the median of each and the ratios.

use std::time::Instant;

use arbiter_benches::median;
use arbiter_core::{perft, Position};

/// Millions of nodes per second of `work`, which returns the nodes it counted.
fn speed(work: impl FnOnce() -> u64) -> f64 {
    let clock = Instant::now();
    let nodes = work();
    nodes as f64 / clock.elapsed().as_secs_f64() / 1e6
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(8).max(1);
    let depth: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(6);
    let start = Position::startpos();
    let (mut single, mut parallel, mut ceiling) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rounds {
        single.push(speed(|| perft::perft(&start, depth)));
        parallel.push(speed(|| perft::perft_parallel(&start, depth, 2)));
        ceiling.push(speed(|| {
            std::thread::scope(|s| {
                let twins = [s.spawn(|| perft::perft(&start, depth)), s.spawn(|| perft::perft(&start, depth))];
                twins.into_iter().map(|t| t.join().expect("perft does not panic")).sum()
            })
        }));
    }
    let middle = |speeds: &mut Vec<f64>| median(speeds).expect("at least one round");
    let (single, parallel, ceiling) = (middle(&mut single), middle(&mut parallel), middle(&mut ceiling));
    println!(
        "start position, depth {depth}, {rounds} rounds (medians): 1 thread {single:.0} Mnps; \
         parallel perft on 2 threads {parallel:.0} Mnps, {:.2} times; two whole perfts at once \
         {ceiling:.0} Mnps, {:.2} times (the machine's ceiling)",
        parallel / single,
        ceiling / single
    );
}
