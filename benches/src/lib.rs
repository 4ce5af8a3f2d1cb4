//! The perft loops that `benches/perft.rs` times, and that [`standalone`] times again in a
//! process of its own (started from the bench's binary, or as the `perft-anchor` binary), so
//! that a criterion figure can be checked against the same loop outside criterion (issue 17:
//! within 5 %).
//!
//! Every library runs its own fastest loop, the one its authors' examples or benchmarks write:
//!
//! - **arbiter**: [`arbiter_core::perft::perft`] (bulk; on x86-64 a POPCNT build picked at run
//!   time), `arbiter_core::perft::perft_portable` (the same recursion for the x86-64 baseline,
//!   the instruction set the other libraries are compiled for unless `target-cpu` says more),
//!   and [`arbiter_core::perft::perft_full`].
//! - **cozy-chess**: the recursion of its `examples/perft.rs`: `generate_moves` hands over one
//!   piece's moves at a time, a bulk count adds their `len()`, and a child is a clone played
//!   with `play_unchecked`.
//! - **shakmaty**: `shakmaty::perft` (bulk, the library's own function) and the same recursion
//!   with the last ply played.
//! - **chess** (jordanbray): `MoveGen::movegen_perft_test` (bulk, the library's own function,
//!   which its documentation calls the fastest perft with this structure) and the same
//!   recursion over `make_move_new` with the last ply played.
//!
//! "bulk" counts the last ply without playing it; "full" plays every leaf move and hands the
//! child to [`std::hint::black_box`], so that it cannot be optimised away, the shape of
//! [`arbiter_core::perft::perft_full`] in every library.
//!
//! ```
//! use arbiter_benches::{Board, Library, Mode, POSITIONS};
//!
//! let kiwipete = POSITIONS[1];
//! for library in Library::ALL {
//!     let board = Board::new(library, kiwipete.fen).unwrap();
//!     assert_eq!(board.perft(2, Mode::Bulk), 2_039);
//!     assert_eq!(board.perft(2, Mode::Full), 2_039);
//! }
//! ```

use std::str::FromStr;

/// A benchmark position: chessprogramming.org's perft positions, with the depth each mode is
/// timed at and the published leaf count at each of those depths.
#[derive(Clone, Copy, Debug)]
pub struct BenchPosition {
    /// The name in criterion's ids and in the README's tables.
    pub name: &'static str,
    /// The position.
    pub fen: &'static str,
    /// The depth of the bulk-counting benchmark.
    pub bulk_depth: u32,
    /// The published count at `bulk_depth`.
    pub bulk_nodes: u64,
    /// The depth of the benchmark that plays every leaf (one less: about ten times slower a
    /// node).
    pub full_depth: u32,
    /// The published count at `full_depth`.
    pub full_nodes: u64,
}

impl BenchPosition {
    /// The depth and the published count of `mode`.
    pub fn depth_and_nodes(&self, mode: Mode) -> (u32, u64) {
        match mode {
            Mode::Bulk => (self.bulk_depth, self.bulk_nodes),
            Mode::Full => (self.full_depth, self.full_nodes),
        }
    }

    /// The position's id in criterion's groups: `kiwipete-5`.
    pub fn id(&self, mode: Mode) -> String {
        format!("{}-{}", self.name, self.depth_and_nodes(mode).0)
    }
}

/// The positions of the perft benchmark (counts from chessprogramming.org's "Perft Results").
pub const POSITIONS: [BenchPosition; 3] = [
    BenchPosition {
        name: "startpos",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        bulk_depth: 6,
        bulk_nodes: 119_060_324,
        full_depth: 5,
        full_nodes: 4_865_609,
    },
    BenchPosition {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        bulk_depth: 5,
        bulk_nodes: 193_690_690,
        full_depth: 4,
        full_nodes: 4_085_603,
    },
    BenchPosition {
        name: "position3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        bulk_depth: 7,
        bulk_nodes: 178_633_661,
        full_depth: 6,
        full_nodes: 11_030_083,
    },
];

/// Bulk counting at the last ply, or every leaf played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The last ply counted, not played.
    Bulk,
    /// Every leaf move played.
    Full,
}

impl Mode {
    /// Both modes.
    pub const ALL: [Mode; 2] = [Mode::Bulk, Mode::Full];

    /// `bulk` or `full`, as in criterion's group names (`perft-bulk`).
    pub fn name(self) -> &'static str {
        match self {
            Mode::Bulk => "bulk",
            Mode::Full => "full",
        }
    }
}

impl FromStr for Mode {
    type Err = String;
    fn from_str(text: &str) -> Result<Mode, String> {
        Mode::ALL.into_iter().find(|m| m.name() == text).ok_or_else(|| format!("no mode {text:?}: bulk or full"))
    }
}

/// A library timed by the benchmark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Library {
    /// arbiter's core, as its `perft` runs (with the run-time POPCNT dispatch in bulk).
    Arbiter,
    /// arbiter's core compiled for the instruction set of the build only (no run-time dispatch).
    ArbiterPortable,
    /// cozy-chess 0.3.
    CozyChess,
    /// shakmaty 0.27.
    Shakmaty,
    /// chess 3.2 (jordanbray).
    Chess,
}

impl Library {
    /// Every library, arbiter's two forms first.
    pub const ALL: [Library; 5] =
        [Library::Arbiter, Library::ArbiterPortable, Library::CozyChess, Library::Shakmaty, Library::Chess];

    /// The other libraries: the anchors arbiter is compared with.
    pub const ANCHORS: [Library; 3] = [Library::CozyChess, Library::Shakmaty, Library::Chess];

    /// The name in criterion's ids and on the command line of `perft-anchor`.
    pub fn name(self) -> &'static str {
        match self {
            Library::Arbiter => "arbiter",
            Library::ArbiterPortable => "arbiter-portable",
            Library::CozyChess => "cozy-chess",
            Library::Shakmaty => "shakmaty",
            Library::Chess => "chess",
        }
    }

    /// Whether the library is timed in `mode` (arbiter's portable form differs from the
    /// dispatched one only in bulk counting).
    pub fn times(self, mode: Mode) -> bool {
        self != Library::ArbiterPortable || mode == Mode::Bulk
    }
}

impl FromStr for Library {
    type Err = String;
    fn from_str(text: &str) -> Result<Library, String> {
        Library::ALL.into_iter().find(|l| l.name() == text).ok_or_else(|| {
            let names: Vec<_> = Library::ALL.iter().map(|l| l.name()).collect();
            format!("no library {text:?}: one of {}", names.join(", "))
        })
    }
}

/// A position in one library's own type.
#[derive(Clone, Debug)]
pub enum Board {
    /// arbiter's position, counted by `perft` (dispatched) or `perft_portable`.
    Arbiter(arbiter_core::Position, bool),
    /// cozy-chess's board.
    CozyChess(cozy_chess::Board),
    /// shakmaty's position.
    Shakmaty(shakmaty::Chess),
    /// chess's board.
    Chess(chess::Board),
}

impl Board {
    /// `fen` read by `library` (standard chess).
    pub fn new(library: Library, fen: &str) -> Result<Board, String> {
        let fail = |e: &dyn std::fmt::Display| format!("{}: cannot read {fen:?}: {e}", library.name());
        Ok(match library {
            Library::Arbiter | Library::ArbiterPortable => Board::Arbiter(
                arbiter_core::Position::from_fen(fen).map_err(|e| fail(&e))?,
                library == Library::Arbiter,
            ),
            Library::CozyChess => Board::CozyChess(fen.parse().map_err(|e| fail(&e))?),
            Library::Shakmaty => {
                let setup: shakmaty::fen::Fen = fen.parse().map_err(|e| fail(&e))?;
                Board::Shakmaty(setup.into_position(shakmaty::CastlingMode::Standard).map_err(|e| fail(&e))?)
            }
            Library::Chess => Board::Chess(chess::Board::from_str(fen).map_err(|e| fail(&e))?),
        })
    }

    /// The leaf count to `depth`, in `mode`, by the library's own loop.
    pub fn perft(&self, depth: u32, mode: Mode) -> u64 {
        use arbiter_core::perft as ours;
        match (self, mode) {
            (Board::Arbiter(pos, true), Mode::Bulk) => ours::perft(pos, depth),
            (Board::Arbiter(pos, false), Mode::Bulk) => ours::perft_portable(pos, depth),
            (Board::Arbiter(pos, _), Mode::Full) => ours::perft_full(pos, depth),
            (Board::CozyChess(board), Mode::Bulk) => cozy::bulk(board, depth),
            (Board::CozyChess(board), Mode::Full) => cozy::full(board, depth),
            (Board::Shakmaty(pos), Mode::Bulk) => shakmaty::perft(pos, depth),
            (Board::Shakmaty(pos), Mode::Full) => shak::full(pos, depth),
            (Board::Chess(board), Mode::Bulk) => chess::MoveGen::movegen_perft_test(board, depth as usize) as u64,
            (Board::Chess(board), Mode::Full) => jordanbray::full(board, depth),
        }
    }
}

mod cozy {
    use cozy_chess::Board;

    pub fn bulk(board: &Board, depth: u32) -> u64 {
        let mut nodes = 0;
        match depth {
            0 => nodes = 1,
            1 => {
                board.generate_moves(|moves| {
                    nodes += moves.len() as u64;
                    false
                });
            }
            _ => {
                board.generate_moves(|moves| {
                    for mv in moves {
                        let mut child = board.clone();
                        child.play_unchecked(mv);
                        nodes += bulk(&child, depth - 1);
                    }
                    false
                });
            }
        }
        nodes
    }

    pub fn full(board: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += if depth == 1 {
                    std::hint::black_box(&child);
                    1
                } else {
                    full(&child, depth - 1)
                };
            }
            false
        });
        nodes
    }
}

mod shak {
    use shakmaty::{Chess, Position};

    pub fn full(pos: &Chess, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        pos.legal_moves()
            .iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                if depth == 1 {
                    std::hint::black_box(&child);
                    1
                } else {
                    full(&child, depth - 1)
                }
            })
            .sum()
    }
}

mod jordanbray {
    use chess::{Board, MoveGen};

    pub fn full(board: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        MoveGen::new_legal(board)
            .map(|m| {
                let child = board.make_move_new(m);
                if depth == 1 {
                    std::hint::black_box(&child);
                    1
                } else {
                    full(&child, depth - 1)
                }
            })
            .sum()
    }
}

/// One library's perft loop timed in the process that calls it, for a figure outside
/// criterion: `args` are `LIBRARY MODE POSITION [ROUNDS] [DEPTH]` (`cozy-chess bulk kiwipete
/// 5`). One untimed run one ply shallower (the tables paged in, the caches warm), then ROUNDS
/// (default 5) timed runs; the result is one JSON object with the count, every run's time and
/// their median, in nanoseconds of the thread's CPU time ([`thread_cpu_ns`], the clock the
/// criterion bench uses too). DEPTH defaults to the benchmark's depth for MODE. A count that
/// differs from the published one is an error. `perft-anchor` is this function as a binary of
/// its own; the bench runs it in a process of its own too (`benches/perft.rs`).
///
/// ```
/// let report = arbiter_benches::standalone(&["arbiter".into(), "full".into(), "kiwipete".into(), "1".into(), "2".into()]).unwrap();
/// assert!(report.contains(r#""nodes":2039"#));
/// assert!(arbiter_benches::standalone(&["arbiter".into(), "sideways".into(), "kiwipete".into()]).is_err());
/// ```
pub fn standalone(args: &[String]) -> Result<String, String> {
    let usage = "usage: LIBRARY MODE POSITION [ROUNDS] [DEPTH]";
    let [library, mode, position, rest @ ..] = args else {
        return Err(usage.into());
    };
    let library: Library = library.parse()?;
    let mode: Mode = mode.parse()?;
    let position = POSITIONS.iter().find(|p| p.name == position).ok_or_else(|| {
        let names: Vec<_> = POSITIONS.iter().map(|p| p.name).collect();
        format!("no position {position:?}: one of {}", names.join(", "))
    })?;
    let number = |text: Option<&String>, what: &str, default: u32| match text {
        None => Ok(default),
        Some(text) => text.parse::<u32>().map_err(|_| format!("{what} must be a whole number, not {text:?}")),
    };
    let rounds = number(rest.first(), "ROUNDS", 5)?.max(1);
    let (bench_depth, published) = position.depth_and_nodes(mode);
    let depth = number(rest.get(1), "DEPTH", bench_depth)?;
    if rest.len() > 2 {
        return Err(usage.into());
    }
    if !library.times(mode) {
        return Err(format!("{} is timed in bulk only", library.name()));
    }
    let board = Board::new(library, position.fen)?;
    std::hint::black_box(board.perft(depth.saturating_sub(1), mode));
    let mut nodes = Vec::new();
    let runs: Vec<f64> = (0..rounds)
        .map(|_| {
            let start = thread_cpu_ns();
            nodes.push(std::hint::black_box(board.perft(std::hint::black_box(depth), mode)));
            (thread_cpu_ns() - start) as f64
        })
        .collect();
    let counted = nodes[0];
    if depth == bench_depth && nodes.iter().any(|&n| n != published) {
        return Err(format!(
            "{} counts {counted} at {}, not the published {published}",
            library.name(),
            position.id(mode)
        ));
    }
    let median_ns = median(&mut runs.clone()).expect("at least one round");
    let report = serde_json::json!({
        "library": library.name(),
        "mode": mode.name(),
        "position": format!("{}-{depth}", position.name),
        "nodes": counted,
        "median_ns": median_ns,
        "runs_ns": runs,
    });
    Ok(report.to_string())
}

/// The CPU time the calling thread has used so far, in nanoseconds: the clock every perft figure
/// of the benchmark and of `perft-anchor` is read from. A count is single-threaded, CPU-bound
/// work, and on a shared host the wall clock also runs while the thread waits for a core (with
/// other builds running, longer than the count itself); the thread's CPU clock counts only the
/// time it ran, so that two timings of the same loop minutes apart agree however busy the
/// host is.
pub fn thread_cpu_ns() -> u64 {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `now` is a valid, writable timespec for the whole call, and
    // CLOCK_THREAD_CPUTIME_ID is a clock every Linux and BSD kernel provides.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    now.tv_sec as u64 * 1_000_000_000 + now.tv_nsec as u64
}

/// The median of `values` (the upper one of the middle two for an even count); `None` when
/// there are none.
pub fn median(values: &mut [f64]) -> Option<f64> {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied()
}
