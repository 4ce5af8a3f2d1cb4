//! One library's perft loop, timed in a process of its own: the standalone figure that
//! `ci/bench-perft.sh` compares each criterion figure of `benches/perft.rs` with (issue 17: the
//! two must agree within 5 %, or the benchmark does not show the library at its best).
//!
//! `perft-anchor LIBRARY MODE POSITION [ROUNDS] [DEPTH]`, for instance
//! `perft-anchor cozy-chess bulk kiwipete 5`: one untimed run, then ROUNDS (default 5) timed
//! ones; prints one JSON object with the count, every run's time and their median, in
//! nanoseconds of the thread's CPU time ([`arbiter_benches::thread_cpu_ns`], the clock the
//! criterion bench uses too). DEPTH defaults to the benchmark's depth for MODE. A count that differs from
//! the published one is an error (exit 1).

use std::process::ExitCode;

use arbiter_benches::{median, thread_cpu_ns, Board, Library, Mode, POSITIONS};

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("perft-anchor: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Vec<String>) -> Result<String, String> {
    let usage = "usage: perft-anchor LIBRARY MODE POSITION [ROUNDS] [DEPTH]";
    let [library, mode, position, rest @ ..] = args.as_slice() else {
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
    let nodes = board.perft(depth, mode);
    if depth == bench_depth && nodes != published {
        return Err(format!(
            "{} counts {nodes} at {}, not the published {published}",
            library.name(),
            position.id(mode)
        ));
    }
    let runs: Vec<f64> = (0..rounds)
        .map(|_| {
            let start = thread_cpu_ns();
            std::hint::black_box(board.perft(std::hint::black_box(depth), mode));
            (thread_cpu_ns() - start) as f64
        })
        .collect();
    let median_ns = median(&mut runs.clone()).expect("at least one round");
    let report = serde_json::json!({
        "library": library.name(),
        "mode": mode.name(),
        "position": format!("{}-{depth}", position.name),
        "nodes": nodes,
        "median_ns": median_ns,
        "runs_ns": runs,
    });
    Ok(report.to_string())
}
