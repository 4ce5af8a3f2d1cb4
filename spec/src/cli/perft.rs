//! `arbiter perft`: count the leaf nodes of the legal move tree from one position, with a
//! Stockfish-style divide, or check a whole perft suite against its published counts.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use arbiter_core::perft_suite::{self, SuiteEntry};
use arbiter_core::{fen, perft, CastlingMode, Position, Validation};
use arbiter_spec::corpus;
use arbiter_spec::excerpt::{excerpt, printable};
use indicatif::{ProgressBar, ProgressStyle};

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("source").args(["fen", "epd", "builtin"])))]
pub struct Args {
    /// The position (default: the initial position). Castling in KQkq, X-FEN or Shredder-FEN.
    #[arg(long)]
    pub fen: Option<String>,
    /// Read --fen or --epd as Chess960 (Guidelines II): castling rights with the king or rooks
    /// off their standard squares, castling written as the king taking its rook.
    #[arg(long)]
    pub chess960: bool,
    /// Moves to play first, in UCI notation.
    #[arg(long, num_args = 1.., value_name = "UCI")]
    pub moves: Vec<String>,
    /// Depth in plies (required with --fen; with a suite, the deepest count to check).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Print the count below each legal move (`e2e4: 600`).
    #[arg(long)]
    pub divide: bool,
    /// Threads (default 1: single-threaded with bulk counting at the last ply; 0: all cores;
    /// at most 256).
    #[arg(long, default_value_t = 1, value_parser = parse_threads)]
    pub threads: usize,
    /// Check a perft suite file (`FEN ;D1 20 ;D2 400` lines, or python-chess `id`/`epd`/`perft` blocks).
    #[arg(long, value_name = "FILE")]
    pub epd: Option<PathBuf>,
    /// Check the suites built into arbiter (the public suites in core/data/perft).
    #[arg(long)]
    pub builtin: bool,
    /// With a suite: skip counts larger than this many nodes.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
}

pub fn run(args: Args) -> ExitCode {
    if let Some(path) = &args.epd {
        let name = printable(&path.display().to_string());
        let bytes = match corpus::read_bytes(path, corpus::MAX_FILE_BYTES) {
            Ok(bytes) => bytes,
            Err(e) => return usage_error(&format!("{name}: {e}")),
        };
        let text = match corpus::utf8_text(&bytes) {
            Ok(text) => text.to_owned(),
            Err((line, e)) => return usage_error(&format!("{name}:line {line}: {e}")),
        };
        return run_suites(&[(name, text, mode(&args))], &args);
    }
    if args.builtin {
        let suites: Vec<Suite> =
            perft_suite::BUILTIN.iter().map(|b| (format!("builtin:{}", b.name), b.text.to_owned(), b.mode)).collect();
        return run_suites(&suites, &args);
    }
    run_single(&args)
}

/// A suite to check: where it comes from, its text, and how its FENs write castling.
type Suite = (String, String, CastlingMode);

/// The castling mode the command line asks for (`--chess960`).
fn mode(args: &Args) -> CastlingMode {
    CastlingMode::from_chess960(args.chess960)
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("arbiter perft: {message}");
    ExitCode::from(2)
}

fn run_single(args: &Args) -> ExitCode {
    let Some(depth) = args.depth else {
        return usage_error("--depth is required (or check a suite with --epd FILE or --builtin)");
    };
    if depth > perft::MAX_DEPTH {
        return usage_error(&format!(
            "--depth {depth}: deeper than the deepest perft arbiter counts ({})",
            perft::MAX_DEPTH
        ));
    }
    let mut pos = match &args.fen {
        Some(fen) => match Position::from_fen_in(fen, mode(args)) {
            Ok(p) => p,
            Err(e) => {
                return usage_error(&format!("--fen {}: {}", excerpt(fen), corpus::bounded_message(&e.to_string())))
            }
        },
        None => Position::startpos(),
    };
    for uci in &args.moves {
        match pos.play_uci(uci) {
            Ok(next) => pos = next,
            Err(e) => {
                return usage_error(&format!("--moves {}: {}", excerpt(uci), corpus::bounded_message(&e.to_string())))
            }
        }
    }
    let start = Instant::now();
    let (nodes, lines) = if args.divide && depth > 0 {
        let divide = divide(&pos, depth, args.threads);
        (divide.iter().map(|(_, n)| n).sum(), divide)
    } else {
        (count(&pos, depth, args.threads), Vec::new())
    };
    let elapsed = start.elapsed();
    for (m, n) in &lines {
        outln!("{}: {n}", pos.uci(*m));
    }
    if !lines.is_empty() {
        outln!();
    }
    outln!("Nodes searched: {nodes}");
    let secs = elapsed.as_secs_f64();
    if secs > 0.0 {
        eprintln!("{:.3} s, {:.1} Mnps", secs, nodes as f64 / secs / 1e6);
    }
    ExitCode::SUCCESS
}

fn count(pos: &Position, depth: u32, threads: usize) -> u64 {
    if threads == 1 {
        perft::perft(pos, depth)
    } else {
        perft::perft_parallel(pos, depth, threads)
    }
}

fn divide(pos: &Position, depth: u32, threads: usize) -> Vec<(arbiter_core::Move, u64)> {
    if threads == 1 {
        perft::divide(pos, depth)
    } else {
        perft::divide_parallel(pos, depth, threads)
    }
}

/// One count of a suite to check: where it is written, the position and the published count.
struct Check {
    source: String,
    line: usize,
    fen: String,
    position: Position,
    depth: u32,
    expected: u64,
}

/// Reads suites into the checks to run. Any unreadable line or FEN is a usage error (exit 2)
/// naming the file, the line and the field.
fn load_checks(suites: &[Suite], args: &Args) -> Result<(Vec<Check>, usize), Vec<String>> {
    let mut checks = Vec::new();
    let mut skipped = 0;
    let mut errors = Vec::new();
    for (source, text, mode) in suites {
        let entries: Vec<SuiteEntry> = match perft_suite::parse(text) {
            Ok(e) => e,
            Err(errs) => {
                errors.extend(errs.iter().map(|e| format!("{source}:{e}")));
                continue;
            }
        };
        for entry in entries {
            let position = match fen::read_with(&entry.fen, *mode, Validation::AllowImpossibleChecks) {
                Ok(p) => p,
                Err(e) => {
                    let (e, fen) = (corpus::bounded_message(&e.to_string()), excerpt(&entry.fen));
                    errors.push(format!("{source}:line {}: {e} (FEN {fen})", entry.line));
                    continue;
                }
            };
            for &(depth, expected) in &entry.counts {
                let too_deep = args.depth.is_some_and(|d| depth > d);
                let too_big = args.max_nodes.is_some_and(|m| expected > m);
                if too_deep || too_big {
                    skipped += 1;
                    continue;
                }
                checks.push(Check {
                    source: source.clone(),
                    line: entry.line,
                    fen: entry.fen.clone(),
                    position,
                    depth,
                    expected,
                });
            }
        }
    }
    if errors.is_empty() {
        Ok((checks, skipped))
    } else {
        Err(errors)
    }
}

fn run_suites(suites: &[Suite], args: &Args) -> ExitCode {
    let (checks, skipped) = match load_checks(suites, args) {
        Ok(c) => c,
        Err(errors) => {
            for e in &errors {
                eprintln!("arbiter perft: {e}");
            }
            return ExitCode::from(2);
        }
    };
    let total_nodes: u64 = checks.iter().map(|c| c.expected).sum();
    let bar = ProgressBar::new(total_nodes);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {percent}% of {human_len} nodes, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let start = Instant::now();
    let results: Vec<u64> = run_checks(&checks, args.threads, &bar);
    bar.finish_and_clear();
    let mut failed = 0;
    for (check, &got) in checks.iter().zip(&results) {
        if got != check.expected {
            failed += 1;
            outln!(
                "{}:{}: depth {}: expected {}, got {} ({})",
                check.source,
                check.line,
                check.depth,
                check.expected,
                got,
                check.fen
            );
        }
    }
    let nodes: u64 = results.iter().sum();
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{} counts, {nodes} nodes in {secs:.2} s ({:.1} Mnps)",
        checks.len(),
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    if skipped > 0 {
        outln!("{} passed, {failed} failed, {skipped} skipped", checks.len() - failed);
    } else {
        outln!("{} passed, {failed} failed", checks.len() - failed);
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn run_checks(checks: &[Check], threads: usize, bar: &ProgressBar) -> Vec<u64> {
    use rayon::prelude::*;
    let one = |c: &Check| {
        let n = perft::perft(&c.position, c.depth);
        bar.inc(c.expected);
        n
    };
    if threads == 1 {
        return checks.iter().map(one).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| checks.par_iter().map(one).collect()),
        Err(_) => checks.iter().map(one).collect(),
    }
}

/// `--threads N`: 0 (all cores) or 1 to [`super::run::MAX_JOBS`]; more would only start
/// threads that wait.
fn parse_threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(threads) if threads <= super::run::MAX_JOBS => Ok(threads),
        _ => Err(format!("expected 0 (all cores) or a number of threads from 1 to {}", super::run::MAX_JOBS)),
    }
}
