//! perft, side by side: arbiter's core against cozy-chess, shakmaty and chess, in one run with
//! the same build flags, each library in its own fastest loop (`arbiter_benches`, shared with
//! the standalone runs that `ci/bench-perft.sh` checks these figures against),
//! with bulk counting (the last ply counted, not played) and without it (every leaf played).
//!
//! `ci/bench-perft.sh default` and `ci/bench-perft.sh native` run it, check it and write the
//! README's two tables; by hand, `cargo bench -p arbiter-benches --bench perft`.
//! `ARBITER_BENCH_QUICK=1` lowers every depth by two for a smoke run.
//!
//! With `ARBITER_PERFT_CHECK=1`, every time criterion takes a sample of a cell (its warm-up
//! included) the same loop first runs once in a process of its own, started from this very
//! binary (`ARBITER_PERFT_STANDALONE` tells `main` to run [`arbiter_benches::standalone`]
//! instead of criterion), and with `ARBITER_PERFT_ANCHOR=BIN` once more from `perft-anchor`, a
//! binary of its own built with the same flags. Each criterion time thus has standalone times
//! taken within a second of it: the host's drift (10 to 60 % over minutes on a shared machine)
//! touches both sides of a pair alike. The same binary runs the same machine code, so its pairs
//! show what criterion's harness adds or takes away; `perft-anchor`'s pairs also show what the
//! placement of the code in another binary does (up to 15 % either way, for every library).
//! The pairs go to `criterion/standalone.jsonl`, which `ci/bench-report.py` checks.
//!
//! The single-threaded counts are timed by the thread's CPU clock
//! ([`arbiter_benches::thread_cpu_ns`]), here and in `perft-anchor` alike, so that time spent
//! waiting for a core on a busy host is not counted; the parallel group keeps the wall clock,
//! which is what sharing the work between threads saves.

use std::hint::black_box;
use std::io::Write;
use std::path::PathBuf;
use std::process::Command;

use arbiter_benches::{thread_cpu_ns, Board, Library, Mode, POSITIONS};
use arbiter_core::{perft, Position};
use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{criterion_group, BenchmarkId, Criterion, SamplingMode, Throughput};

/// criterion's measurement by the thread's CPU clock, in nanoseconds.
struct ThreadCpuTime;

impl Measurement for ThreadCpuTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns() - start
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuNanos
    }
}

/// Shows CPU nanoseconds as criterion shows wall time, and counts a second of CPU time.
struct CpuNanos;

impl ValueFormatter for CpuNanos {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = match typical {
            t if t < 1e3 => (1.0, "ns"),
            t if t < 1e6 => (1e-3, "µs"),
            t if t < 1e9 => (1e-6, "ms"),
            _ => (1e-9, "s"),
        };
        values.iter_mut().for_each(|v| *v *= factor);
        unit
    }
    fn scale_throughputs(&self, _typical: f64, throughput: &Throughput, values: &mut [f64]) -> &'static str {
        let (Throughput::Elements(n) | Throughput::Bytes(n) | Throughput::BytesDecimal(n)) = *throughput;
        values.iter_mut().for_each(|v| *v = n as f64 * 1e3 / *v);
        "M/s of CPU"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

fn quick() -> bool {
    std::env::var_os("ARBITER_BENCH_QUICK").is_some()
}

fn bench_perft(c: &mut Criterion<ThreadCpuTime>) {
    for mode in Mode::ALL {
        let mut group = c.benchmark_group(format!("perft-{}", mode.name()));
        // A count takes 0.05 to 1 s: ten samples of one count each (criterion's linear
        // sampling would count 55 times per figure).
        group.sample_size(10).sampling_mode(SamplingMode::Flat);
        for position in POSITIONS {
            let (depth, published) = position.depth_and_nodes(mode);
            let depth = if quick() { depth - 2 } else { depth };
            let boards: Vec<(Library, Board)> = Library::ALL
                .into_iter()
                .filter(|library| library.times(mode))
                .map(|library| (library, Board::new(library, position.fen).expect("a published position")))
                .collect();
            // Every library must count the same (and, at full depth, the published count).
            let count = boards[0].1.perft(depth, mode);
            for (library, board) in &boards {
                assert_eq!(board.perft(depth, mode), count, "{} {}", library.name(), position.name);
            }
            if !quick() {
                assert_eq!(count, published, "{}", position.name);
            }
            group.throughput(Throughput::Elements(count));
            for (library, board) in &boards {
                let cell = [library.name(), mode.name(), position.name, &depth.to_string()].map(str::to_owned);
                let id = BenchmarkId::new(library.name(), format!("{}-{depth}", position.name));
                // Every time criterion asks for a sample (its warm-up included), the same loop
                // first runs once in a process of its own, from this binary and from
                // `perft-anchor`: each pair is timed within a second, so the host's drift,
                // which moves every figure by 10 to 60 % over minutes, touches both sides of a
                // pair alike.
                let mut pairs = Pairs::default();
                group.bench_function(id, |b| {
                    b.iter_custom(|iters| {
                        let own = check().then(|| standalone(Standalone::OwnBinary, &cell));
                        let other = anchor().map(|anchor| standalone(Standalone::Anchor(anchor), &cell));
                        let start = thread_cpu_ns();
                        for _ in 0..iters {
                            black_box(black_box(board).perft(black_box(depth), mode));
                        }
                        let elapsed = thread_cpu_ns() - start;
                        let inside = elapsed as f64 / iters as f64;
                        pairs.own.extend(own.map(|own| [inside, own]));
                        pairs.anchor.extend(other.map(|other| [inside, other]));
                        elapsed
                    })
                });
                record(&cell, &pairs);
            }
        }
        group.finish();
    }
}

fn bench_parallel(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft-parallel");
    group.sample_size(10).sampling_mode(SamplingMode::Flat);
    let start = Position::startpos();
    let depth = if quick() { 4 } else { 6 };
    group.throughput(Throughput::Elements(perft::perft(&start, depth)));
    for threads in [1, 2] {
        group.bench_function(BenchmarkId::new("arbiter", format!("startpos-{depth}-threads-{threads}")), |b| {
            b.iter(|| perft::perft_parallel(black_box(&start), depth, threads))
        });
    }
    group.finish();
}

/// Set (by `ci/bench-perft.sh`) to pair every sample with a standalone run of this binary.
const CHECK: &str = "ARBITER_PERFT_CHECK";

/// Set in the environment of this binary run as a standalone process: the arguments of
/// [`arbiter_benches::standalone`], separated by spaces.
const STANDALONE: &str = "ARBITER_PERFT_STANDALONE";

fn check() -> bool {
    std::env::var_os(CHECK).is_some()
}

/// The `perft-anchor` binary named by `ARBITER_PERFT_ANCHOR`, if any.
fn anchor() -> Option<PathBuf> {
    std::env::var_os("ARBITER_PERFT_ANCHOR").map(PathBuf::from)
}

/// Which binary runs a loop in a process of its own.
enum Standalone {
    /// This bench binary, told by `ARBITER_PERFT_STANDALONE` (criterion owns its arguments).
    OwnBinary,
    /// `perft-anchor`, which takes the arguments on its command line.
    Anchor(PathBuf),
}

/// The time (ns) of one run of the cell's loop in a process of its own.
fn standalone(binary: Standalone, cell: &[String; 4]) -> f64 {
    let [library, mode, position, depth] = cell;
    let args = [library.as_str(), mode, position, "1", depth];
    let (path, mut command) = match binary {
        Standalone::OwnBinary => {
            let path = std::env::current_exe().expect("the bench binary's path");
            let mut command = Command::new(&path);
            command.env(STANDALONE, args.join(" "));
            (path, command)
        }
        Standalone::Anchor(path) => {
            let mut command = Command::new(&path);
            command.args(args);
            (path, command)
        }
    };
    let out = command.output().unwrap_or_else(|e| panic!("cannot run {}: {e}", path.display()));
    assert!(out.status.success(), "{}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a standalone run prints JSON");
    let runs: Vec<f64> = serde_json::from_value(report["runs_ns"].clone()).expect("a runs_ns list of times in ns");
    runs[0]
}

/// One cell's pairs: criterion's time per count, then the time of the standalone run just
/// before it, from this binary (`own`) and from `perft-anchor` (`anchor`).
#[derive(Default)]
struct Pairs {
    own: Vec<[f64; 2]>,
    anchor: Vec<[f64; 2]>,
}

/// Appends one cell's pairs to `criterion/standalone.jsonl`.
fn record(cell: &[String; 4], pairs: &Pairs) {
    // No pairs: no check asked for, or criterion's filter left the cell out.
    if pairs.own.is_empty() && pairs.anchor.is_empty() {
        return;
    }
    let target = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| "target".into());
    let dir = target.join("criterion");
    std::fs::create_dir_all(&dir).expect("criterion's directory");
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("standalone.jsonl"))
        .expect("standalone.jsonl");
    let [library, mode, position, depth] = cell;
    let row = serde_json::json!({
        "library": library,
        "mode": mode,
        "position": format!("{position}-{depth}"),
        "pairs_ns": pairs.own,
        "anchor_pairs_ns": pairs.anchor,
    });
    writeln!(file, "{row}").expect("standalone.jsonl is writable");
}

criterion_group! {
    name = single;
    config = Criterion::default().with_measurement(ThreadCpuTime);
    targets = bench_perft
}
criterion_group!(parallel, bench_parallel);

/// criterion's groups, or, with `ARBITER_PERFT_STANDALONE` set, one standalone run of a loop
/// (the same machine code as the loop criterion times, in a process of its own).
fn main() {
    if let Some(args) = std::env::var_os(STANDALONE) {
        let args: Vec<String> = args.to_string_lossy().split_whitespace().map(str::to_owned).collect();
        match arbiter_benches::standalone(&args) {
            Ok(report) => println!("{report}"),
            Err(message) => {
                eprintln!("perft bench, standalone: {message}");
                std::process::exit(1);
            }
        }
        return;
    }
    single();
    parallel();
    Criterion::default().configure_from_args().final_summary();
}
