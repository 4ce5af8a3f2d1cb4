//! perft: the number of leaf nodes of the legal move tree to a given depth, the standard
//! test of a move generator against published counts.

use std::time::Instant;

use crate::{Move, Position};

pub mod split;
pub mod table;
pub use table::{Table, TableError};

/// The deepest perft any arbiter command, case or request accepts. The count recurses one
/// stack frame per ply, so a deeper request is refused with an error that names this limit
/// instead of overflowing the stack; no position's tree can be counted this deep in any case
/// (the start position's depth 15 is already about 2 * 10^21 leaves).
pub const MAX_DEPTH: u32 = 64;

/// Counts leaf nodes to `depth`, counting the last ply in bulk (moves are counted, not made).
///
/// On x86-64 CPUs that have the POPCNT instruction (detected at run time, so that the binary
/// still runs on any x86-64 machine) the count uses it; `benches/` measures the gain.
///
/// ```
/// use arbiter_core::{perft, Position};
///
/// // "Kiwipete", the published counts of the Chess Programming Wiki.
/// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
/// assert_eq!(perft::perft(&pos, 1), 48);
/// assert_eq!(perft::perft(&pos, 2), 2_039);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU supports POPCNT, checked just above; that is the only
            // requirement of a `#[target_feature(enable = "popcnt")]` function.
            return unsafe { perft_popcnt(pos, depth) };
        }
    }
    perft_portable(pos, depth)
}

/// The same recursion compiled for more than one instruction set.
macro_rules! bulk_perft {
    ($(#[$attr:meta])* $vis:vis $name:ident) => {
        $(#[$attr])*
        $vis fn $name(pos: &Position, depth: u32) -> u64 {
            match depth {
                0 => 1,
                1 => pos.count_legal_moves(),
                _ => {
                    let mut nodes = 0;
                    pos.for_each_child_unkeyed(|child| nodes += $name(child, depth - 1));
                    nodes
                }
            }
        }
    };
}

bulk_perft!(
    /// [`perft`] compiled for the x86-64 baseline only, without the POPCNT dispatch: public so
    /// that `benches/` can measure what the dispatch gains.
    #[doc(hidden)]
    pub perft_portable
);
#[cfg(target_arch = "x86_64")]
bulk_perft!(
    #[target_feature(enable = "popcnt")]
    perft_popcnt
);

/// [`perft`] with a transposition table: the count of every subtree two or more plies deep is
/// looked up in `table` first and stored there after it is counted, so that a position reached
/// by several move orders is counted once. The result is the same as [`perft`]'s (see
/// [`table`] for why a collision cannot change it). The table may be shared with other
/// threads counting at the same time, and may already hold counts of other positions.
///
/// ```
/// use arbiter_core::perft::{self, Table};
/// use arbiter_core::Position;
/// let table = Table::with_megabytes(1).unwrap();
/// assert_eq!(perft::perft_hashed(&Position::startpos(), 4, &table), 197_281);
/// ```
pub fn perft_hashed(pos: &Position, depth: u32, table: &Table) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU supports POPCNT, checked just above; that is the only
            // requirement of a `#[target_feature(enable = "popcnt")]` function.
            return unsafe { hashed_perft_popcnt(pos, depth, table) };
        }
    }
    hashed_perft_portable(pos, depth, table)
}

/// The hashed recursion compiled for more than one instruction set.
macro_rules! hashed_perft {
    ($(#[$attr:meta])* $name:ident) => {
        $(#[$attr])*
        fn $name(pos: &Position, depth: u32, table: &Table) -> u64 {
            match depth {
                0 => 1,
                1 => pos.count_legal_moves(),
                _ => {
                    if let Some(nodes) = table.probe(pos.key(), depth) {
                        return nodes;
                    }
                    let mut nodes = 0;
                    pos.for_each_child(|child| nodes += $name(child, depth - 1, table));
                    table.store(pos.key(), depth, nodes);
                    nodes
                }
            }
        }
    };
}

hashed_perft!(hashed_perft_portable);
#[cfg(target_arch = "x86_64")]
hashed_perft!(
    #[target_feature(enable = "popcnt")]
    hashed_perft_popcnt
);

/// [`divide`] with a transposition table (see [`perft_hashed`]).
pub fn divide_hashed(pos: &Position, depth: u32, table: &Table) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            (m, perft_hashed(&child, depth.saturating_sub(1), table))
        })
        .collect()
}

/// Counts leaf nodes to `depth` making every move, the last ply included (no bulk counting).
pub fn perft_full(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    pos.for_each_child_unkeyed(|child| {
        nodes += if depth == 1 {
            std::hint::black_box(child);
            1
        } else {
            perft_full(child, depth - 1)
        };
    });
    nodes
}

/// The leaf count below each legal move at the root (`depth` >= 1), in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            (m, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}

/// [`divide`] with the root moves shared among `threads` threads (0: as many as cores).
#[cfg(feature = "parallel")]
pub fn divide_parallel(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    divide_shared(pos, depth, threads, None)
}

/// [`divide_parallel`] with a transposition table that the threads share (see [`perft_hashed`]).
#[cfg(feature = "parallel")]
pub fn divide_parallel_hashed(pos: &Position, depth: u32, threads: usize, table: &Table) -> Vec<(Move, u64)> {
    divide_shared(pos, depth, threads, Some(table))
}

/// [`perft`], or [`perft_hashed`] when there is a table.
#[cfg(feature = "parallel")]
#[inline]
fn count(pos: &Position, depth: u32, table: Option<&Table>) -> u64 {
    match table {
        Some(table) => perft_hashed(pos, depth, table),
        None => perft(pos, depth),
    }
}

#[cfg(feature = "parallel")]
fn divide_shared(pos: &Position, depth: u32, threads: usize, table: Option<&Table>) -> Vec<(Move, u64)> {
    use rayon::prelude::*;
    let moves: Vec<Move> = pos.legal_moves().to_vec();
    let run = || {
        moves
            .par_iter()
            .map(|&m| {
                let mut child = *pos;
                child.play_unchecked(m);
                (m, count(&child, depth.saturating_sub(1), table))
            })
            .collect()
    };
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(run),
        Err(_) => run(),
    }
}

/// [`perft`] with the work shared among `threads` threads (0: as many as cores). Below depth
/// 3 the tree is too small to share, and the count is computed serially.
#[cfg(feature = "parallel")]
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize) -> u64 {
    perft_shared(pos, depth, threads, None)
}

/// [`perft_parallel`] with a transposition table that the threads share (see [`perft_hashed`];
/// the table's entries are safe to read and write from any number of threads at once).
///
/// ```
/// use arbiter_core::perft::{self, Table};
/// use arbiter_core::Position;
/// let table = Table::with_megabytes(4).unwrap();
/// assert_eq!(perft::perft_parallel_hashed(&Position::startpos(), 5, 2, &table), 4_865_609);
/// ```
#[cfg(feature = "parallel")]
pub fn perft_parallel_hashed(pos: &Position, depth: u32, threads: usize, table: &Table) -> u64 {
    perft_shared(pos, depth, threads, Some(table))
}

#[cfg(feature = "parallel")]
fn perft_shared(pos: &Position, depth: u32, threads: usize, table: Option<&Table>) -> u64 {
    if depth < 3 || threads == 1 {
        return count(pos, depth, table);
    }
    // Split the tree into many small units (three plies deep from depth 6: 8,902 at the
    // start; two from depth 4), so that the threads finish together.
    use rayon::prelude::*;
    let split = if depth >= 6 {
        3
    } else if depth >= 4 {
        2
    } else {
        1
    };
    let mut units = vec![*pos];
    for _ in 0..split {
        units = units
            .iter()
            .flat_map(|p| {
                p.legal_moves()
                    .iter()
                    .map(|&m| {
                        let mut child = *p;
                        child.play_unchecked(m);
                        child
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    let run = || units.par_iter().map(|child| count(child, depth - split, table)).sum();
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(run),
        Err(_) => run(),
    }
}

/// Subtrees this shallow are counted without looking at the clock: at most a few milliseconds.
const UNTIMED_DEPTH: u32 = 3;

/// [`perft`] that gives up at `deadline`: `None` when the time ran out first. The clock is read
/// once per node more than three plies from the leaves, so the answer comes at most a few
/// milliseconds after the deadline.
///
/// ```
/// use std::time::{Duration, Instant};
/// use arbiter_core::{perft, Position};
/// let start = Position::startpos();
/// assert_eq!(perft::perft_until(&start, 4, Instant::now() + Duration::from_secs(60)), Some(197_281));
/// assert_eq!(perft::perft_until(&start, 9, Instant::now()), None);
/// ```
pub fn perft_until(pos: &Position, depth: u32, deadline: Instant) -> Option<u64> {
    if depth <= UNTIMED_DEPTH {
        return Some(perft(pos, depth));
    }
    if Instant::now() >= deadline {
        return None;
    }
    let mut nodes = Some(0u64);
    pos.for_each_child_unkeyed(|child| {
        if let Some(sum) = nodes {
            nodes = perft_until(child, depth - 1, deadline).map(|n| sum + n);
        }
    });
    nodes
}

/// [`divide`] that gives up at `deadline` (see [`perft_until`]).
pub fn divide_until(pos: &Position, depth: u32, deadline: Instant) -> Option<Vec<(Move, u64)>> {
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            perft_until(&child, depth.saturating_sub(1), deadline).map(|n| (m, n))
        })
        .collect()
}
