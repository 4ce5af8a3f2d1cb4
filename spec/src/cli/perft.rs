//! `arbiter perft`: count the leaf nodes of the legal move tree from one position, with a
//! Stockfish-style divide, or check a whole perft suite against its published counts; split a
//! deep count into subtrees for a batch system, count them and merge the results
//! (`docs/perft-split.md`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use arbiter_core::perft::split::{Merge, Plan, Subtree, SubtreeCount};
use arbiter_core::perft::{self, Table};
use arbiter_core::perft_suite::{self, SuiteEntry};
use arbiter_core::{fen, CastlingMode, Position, Validation};
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
    /// A transposition table of MB mebibytes (1 to 65536) for the count: a subtree reached
    /// again by another move order is counted once (exact: each entry is checked against the
    /// full Zobrist key and the depth).
    #[arg(long, value_name = "MB", value_parser = parse_hash, conflicts_with_all = ["plan", "merge"])]
    pub hash: Option<usize>,
    /// Print the plan of --fen/--depth split at ply --split: one JSON line per subtree, to be
    /// counted with --plan-line or --plan-file anywhere, then merged with --merge.
    #[arg(long, requires = "split", requires = "depth", conflicts_with_all = ["epd", "builtin", "divide", "max_nodes"])]
    pub plan: bool,
    /// With --plan: the ply of the subtrees (0: one subtree, the root; at most --depth).
    #[arg(long, value_name = "K", requires = "plan")]
    pub split: Option<u32>,
    /// Count one line of a plan (its JSON text) and print its result line.
    #[arg(long, value_name = "LINE", conflicts_with_all = SPLIT_CONFLICTS)]
    pub plan_line: Option<String>,
    /// Count every line of a plan file (`-`: standard input) and print a result line for each.
    #[arg(long, value_name = "FILE", conflicts_with_all = SPLIT_CONFLICTS, conflicts_with = "plan_line")]
    pub plan_file: Option<PathBuf>,
    /// Merge result files (`-`: standard input): check that every subtree of their plan is there
    /// exactly once, and print the root divide and the total.
    #[arg(long, value_name = "RESULT-FILE", num_args = 1.., conflicts_with_all = SPLIT_CONFLICTS)]
    #[arg(conflicts_with_all = ["plan_line", "plan_file", "threads"])]
    pub merge: Vec<PathBuf>,
}

/// What a plan line, a plan file or a merge takes from its lines, not from the command line.
const SPLIT_CONFLICTS: [&str; 8] = ["fen", "chess960", "moves", "depth", "divide", "epd", "builtin", "max_nodes"];

/// The most bytes a plan or result file may have (a plan has at most
/// [`MAX_SUBTREES`](arbiter_core::perft::split::MAX_SUBTREES) lines of a few hundred bytes).
const MAX_SPLIT_FILE_BYTES: u64 = 1 << 30;

pub fn run(args: Args) -> ExitCode {
    if let Some(line) = &args.plan_line {
        return run_plan_lines(&[("--plan-line".to_owned(), line.clone())], &args);
    }
    if let Some(path) = &args.plan_file {
        let (name, text) = match read_text(path) {
            Ok(read) => read,
            Err(message) => return usage_error(&message),
        };
        let lines: Vec<(String, String)> =
            numbered_lines(&text).map(|(n, l)| (format!("{name}:line {n}"), l.to_owned())).collect();
        return run_plan_lines(&lines, &args);
    }
    if !args.merge.is_empty() {
        return run_merge(&args.merge);
    }
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

/// The position `--fen` and `--moves` give (the initial position without --fen), or the
/// usage error that says why there is none.
fn root(args: &Args) -> Result<Position, ExitCode> {
    let mut pos = match &args.fen {
        Some(fen) => match Position::from_fen_in(fen, mode(args)) {
            Ok(p) => p,
            Err(e) => {
                return Err(usage_error(&format!(
                    "--fen {}: {}",
                    excerpt(fen),
                    corpus::bounded_message(&e.to_string())
                )))
            }
        },
        None => Position::startpos(),
    };
    for uci in &args.moves {
        match pos.play_uci(uci) {
            Ok(next) => pos = next,
            Err(e) => {
                return Err(usage_error(&format!(
                    "--moves {}: {}",
                    excerpt(uci),
                    corpus::bounded_message(&e.to_string())
                )))
            }
        }
    }
    Ok(pos)
}

/// The table `--hash` asks for, or the usage error that says why there is none.
fn table(args: &Args) -> Result<Option<Table>, ExitCode> {
    match args.hash {
        None => Ok(None),
        Some(mb) => Table::with_megabytes(mb).map(Some).map_err(|e| usage_error(&format!("--hash {mb}: {e}"))),
    }
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
    let pos = match root(args) {
        Ok(pos) => pos,
        Err(code) => return code,
    };
    if args.plan {
        return run_plan(&pos, depth, args.split.unwrap_or(0));
    }
    let table = match table(args) {
        Ok(table) => table,
        Err(code) => return code,
    };
    let start = Instant::now();
    let (nodes, lines) = if args.divide && depth > 0 {
        let divide = divide(&pos, depth, args.threads, table.as_ref());
        (divide.iter().map(|(_, n)| n).sum(), divide)
    } else {
        (count(&pos, depth, args.threads, table.as_ref()), Vec::new())
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

fn count(pos: &Position, depth: u32, threads: usize, table: Option<&Table>) -> u64 {
    match (threads, table) {
        (1, None) => perft::perft(pos, depth),
        (1, Some(table)) => perft::perft_hashed(pos, depth, table),
        (_, None) => perft::perft_parallel(pos, depth, threads),
        (_, Some(table)) => perft::perft_parallel_hashed(pos, depth, threads, table),
    }
}

fn divide(pos: &Position, depth: u32, threads: usize, table: Option<&Table>) -> Vec<(arbiter_core::Move, u64)> {
    match (threads, table) {
        (1, None) => perft::divide(pos, depth),
        (1, Some(table)) => perft::divide_hashed(pos, depth, table),
        (_, None) => perft::divide_parallel(pos, depth, threads),
        (_, Some(table)) => perft::divide_parallel_hashed(pos, depth, threads, table),
    }
}

/// `--plan`: one JSON line per subtree of the plan.
fn run_plan(root: &Position, depth: u32, split: u32) -> ExitCode {
    let plan = match Plan::new(root, depth, split) {
        Ok(plan) => plan,
        Err(e) => return usage_error(&format!("--split {split}: {e}")),
    };
    for line in plan.lines() {
        match serde_json::to_string(&line) {
            Ok(json) => out!("{json}\n"),
            Err(e) => return usage_error(&format!("cannot write subtree {}: {e}", line.index)),
        }
    }
    eprintln!("plan {}: {} subtrees at ply {split}, each counted {} plies deep", plan.id(), plan.len(), depth - split);
    if plan.is_empty() {
        eprintln!("(every line of play ends before ply {split}: the count is 0, and there is nothing to merge)");
    }
    ExitCode::SUCCESS
}

/// `--plan-line` and `--plan-file`: every line is read and checked first (a bad line is a usage
/// error before anything is counted), then each is counted and its result line printed.
fn run_plan_lines(lines: &[(String, String)], args: &Args) -> ExitCode {
    let mut work = Vec::new();
    let mut errors = Vec::new();
    for (place, text) in lines {
        let line: Subtree = match serde_json::from_str(text) {
            Ok(line) => line,
            Err(e) => {
                errors.push(format!(
                    "{place}: not a plan line: {} ({})",
                    corpus::bounded_message(&e.to_string()),
                    excerpt(text)
                ));
                continue;
            }
        };
        match line.position() {
            Ok(pos) => work.push((line, pos)),
            Err(e) => errors.push(format!("{place}: {}", corpus::bounded_message(&e.to_string()))),
        }
    }
    if work.is_empty() && errors.is_empty() {
        errors.push("no plan lines to count".to_owned());
    }
    if !errors.is_empty() {
        return print_errors(&errors);
    }
    let table = match table(args) {
        Ok(table) => table,
        Err(code) => return code,
    };
    let start = Instant::now();
    let mut nodes_total = 0u64;
    for (line, pos) in work.iter().cloned() {
        let depth = line.depth_left;
        let nodes = count(&pos, depth, args.threads, table.as_ref());
        nodes_total = nodes_total.saturating_add(nodes);
        match serde_json::to_string(&line.with_count(nodes)) {
            Ok(json) => out!("{json}\n"),
            Err(e) => return usage_error(&format!("cannot write a result line: {e}")),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{} subtrees, {nodes_total} nodes in {secs:.3} s ({:.1} Mnps)",
        work.len(),
        nodes_total as f64 / secs.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}

/// `--merge`: every result line of every file, checked against the plan, then the root divide
/// and the total. Every error is reported (the first [`MAX_ERRORS`]), with its file and line.
fn run_merge(paths: &[PathBuf]) -> ExitCode {
    let mut merge = Merge::default();
    let mut errors = Vec::new();
    for path in paths {
        let (name, text) = match read_text(path) {
            Ok(read) => read,
            Err(message) => {
                errors.push(message);
                continue;
            }
        };
        for (n, text) in numbered_lines(&text) {
            let place = format!("{name}:line {n}");
            let result: SubtreeCount = match serde_json::from_str(text) {
                Ok(result) => result,
                Err(e) => {
                    let hint = if serde_json::from_str::<Subtree>(text).is_ok() {
                        " (a plan line, not a result: count it with --plan-line or --plan-file)".to_owned()
                    } else {
                        String::new()
                    };
                    errors.push(format!(
                        "{place}: not a result line: {}{hint} ({})",
                        corpus::bounded_message(&e.to_string()),
                        excerpt(text)
                    ));
                    continue;
                }
            };
            if let Err(e) = merge.add(place.clone(), result) {
                errors.push(format!("{place}: {}", corpus::bounded_message(&e.to_string())));
            }
        }
    }
    let merged = merge.finish();
    match merged {
        Ok(merged) if errors.is_empty() => {
            for (m, n) in &merged.divide {
                outln!("{}: {n}", merged.root.uci(*m));
            }
            if !merged.divide.is_empty() {
                outln!();
            }
            outln!("Nodes searched: {}", merged.total);
            eprintln!("plan {}: depth {}, every subtree counted once", merged.plan, merged.depth);
            ExitCode::SUCCESS
        }
        Ok(_) => print_errors(&errors),
        Err(e) => {
            errors.push(format!("merge: {}", corpus::bounded_message(&e.to_string())));
            print_errors(&errors)
        }
    }
}

/// The most errors a plan or a merge prints; the others are counted.
const MAX_ERRORS: usize = 20;

fn print_errors(errors: &[String]) -> ExitCode {
    for e in errors.iter().take(MAX_ERRORS) {
        eprintln!("arbiter perft: {e}");
    }
    if errors.len() > MAX_ERRORS {
        eprintln!("arbiter perft: ... and {} more errors", errors.len() - MAX_ERRORS);
    }
    ExitCode::from(2)
}

/// A plan or result file's name for messages and its text (`-`: standard input), at most
/// [`MAX_SPLIT_FILE_BYTES`], or a message naming the file.
fn read_text(path: &std::path::Path) -> Result<(String, String), String> {
    let stdin = path.as_os_str() == "-";
    let name = if stdin { "<stdin>".to_owned() } else { printable(&path.display().to_string()) };
    let bytes = if stdin {
        use std::io::Read;
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .take(MAX_SPLIT_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("{name}: cannot read: {e}"))?;
        if bytes.len() as u64 > MAX_SPLIT_FILE_BYTES {
            return Err(format!("{name}: more than {MAX_SPLIT_FILE_BYTES} bytes"));
        }
        bytes
    } else {
        corpus::read_bytes(path, MAX_SPLIT_FILE_BYTES).map_err(|e| format!("{name}: {e}"))?
    };
    match corpus::utf8_text(&bytes) {
        Ok(text) => Ok((name, text.to_owned())),
        Err((line, e)) => Err(format!("{name}:line {line}: {e}")),
    }
}

/// The non-blank lines of `text` with their numbers (from 1).
fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty())
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
    let table = match table(args) {
        Ok(table) => table,
        Err(code) => return code,
    };
    let start = Instant::now();
    let results: Vec<u64> = run_checks(&checks, args.threads, table.as_ref(), &bar);
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

fn run_checks(checks: &[Check], threads: usize, table: Option<&Table>, bar: &ProgressBar) -> Vec<u64> {
    use rayon::prelude::*;
    let one = |c: &Check| {
        let n = match table {
            Some(table) => perft::perft_hashed(&c.position, c.depth, table),
            None => perft::perft(&c.position, c.depth),
        };
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

/// `--hash MB`: 1 to [`perft::table::MAX_MEGABYTES`].
fn parse_hash(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(mb) if (1..=perft::table::MAX_MEGABYTES).contains(&mb) => Ok(mb),
        _ => Err(format!("expected a size in MB from 1 to {}", perft::table::MAX_MEGABYTES)),
    }
}
