//! perft: the number of leaf nodes of the legal move tree to a given depth, the standard
//! test of a move generator against published counts.

use std::time::Instant;

use crate::{Move, Position};

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
                    pos.for_each_child(|child| nodes += $name(child, depth - 1));
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

/// Counts leaf nodes to `depth` making every move, the last ply included (no bulk counting).
pub fn perft_full(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    pos.for_each_child(|child| {
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
    use rayon::prelude::*;
    let moves: Vec<Move> = pos.legal_moves().to_vec();
    let run = || {
        moves
            .par_iter()
            .map(|&m| {
                let mut child = *pos;
                child.play_unchecked(m);
                (m, perft(&child, depth.saturating_sub(1)))
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
    if depth < 3 || threads == 1 {
        return perft(pos, depth);
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
    let run = || units.par_iter().map(|child| perft(child, depth - split)).sum();
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
    pos.for_each_child(|child| {
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
