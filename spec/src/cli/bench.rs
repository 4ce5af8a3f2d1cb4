//! `arbiter bench`: how fast another program's move generator is, measured as perft on the
//! standard positions (chessprogramming.org's start, Kiwipete, positions 3, 4 and 5, and a
//! Chess960 position where the program plays Chess960), against the reference core on the same
//! machine at the same time.
//!
//! For each position the depth is the deepest published one the program reaches within
//! `--budget` seconds (estimated from the depth below and the published counts, once a count
//! takes long enough to say anything). Then, for
//! `--rounds` rounds, the core and the program count it in turn (A B A B, so that a machine
//! that slows down slows both); every count is checked against the published one, and a wrong
//! count is an error, not a time. The report gives the median time of each, the spread (max
//! minus min over the median), nodes per second, and the program's speed as a ratio to the
//! core's. The program's start-up (until its `hello` is answered) is timed on its own and not
//! counted in any perft time.
//!
//! `--baseline FILE` compares with an earlier `--format json` report: a position whose ratio to
//! the core fell by more than `--max-regression` (5% by default), or that is no longer measured,
//! makes the command exit 1. The ratio, not the raw speed, is compared, so that a baseline
//! recorded on another machine still means something.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use arbiter_core::perft_suite::{self, SuiteEntry};
use arbiter_core::CastlingMode;
use arbiter_spec::excerpt::{excerpt, printable};
use arbiter_spec::implementation::{Failure, Implementation};
use arbiter_spec::profile::{self, DEFAULT_PROFILE};
use arbiter_spec::protocol::{ErrorKind, Op, PositionSpec, Reply};
use arbiter_spec::runner::RunOptions;
use serde::{Deserialize, Serialize};

use super::run::{parse_command, parse_timeout, Peer};

#[derive(clap::Args)]
pub struct Args {
    /// A program speaking the adapter protocol.
    #[arg(long, value_name = "CMD", conflicts_with = "uci", required_unless_present = "uci", value_parser = parse_command)]
    pub adapter: Option<String>,
    /// A UCI engine with `go perft`.
    #[arg(long, value_name = "CMD", value_parser = parse_command)]
    pub uci: Option<String>,
    /// Rounds per position (each times the core, then the program).
    #[arg(long, default_value = "5", value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub rounds: u32,
    /// Seconds one perft of the program may take: the depth is the deepest that fits.
    #[arg(long, default_value = "2", value_name = "SECONDS", value_parser = parse_timeout)]
    pub budget: Duration,
    /// Seconds the program may take per request.
    #[arg(long, default_value = "60", value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Duration,
    /// The report format.
    #[arg(long, value_enum, default_value_t = BenchFormat::Human)]
    pub format: BenchFormat,
    /// An earlier `--format json` report to compare with.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
    /// The fall in speed (as a ratio to the core) that counts as a regression, in percent.
    #[arg(long, default_value = "5%", value_name = "PERCENT", value_parser = parse_percent)]
    pub max_regression: f64,
}

/// How `arbiter bench` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BenchFormat {
    /// A table for a terminal.
    Human,
    /// One JSON object, the form `--baseline` reads.
    Json,
}

/// `5%` or `5`: a percentage from 0 to 100.
fn parse_percent(text: &str) -> Result<f64, String> {
    let number = text.trim().trim_end_matches('%');
    let value: f64 = number.trim().parse().map_err(|_| "expected a percentage such as 5%".to_owned())?;
    if value.is_finite() && (0.0..=100.0).contains(&value) {
        Ok(value)
    } else {
        Err("expected a percentage from 0 to 100".into())
    }
}

/// A report: the program, its start-up time and one measurement per position.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Report {
    /// The program's name and version, from its `hello`.
    pub implementation: String,
    /// Seconds from starting the program to its answered `hello`.
    pub startup_seconds: f64,
    /// The positions measured.
    pub positions: Vec<Measurement>,
    /// The positions not measured, and why (Chess960 for a program without it).
    #[serde(default)]
    pub skipped: Vec<Skipped>,
}

/// A position the program could not be timed on.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Skipped {
    pub name: String,
    pub reason: String,
}

/// One position, timed.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Measurement {
    pub name: String,
    pub fen: String,
    pub depth: u32,
    /// The published count, which every answer matched.
    pub nodes: u64,
    /// The program's median time, seconds.
    pub seconds: f64,
    /// (max - min) / median of the program's times.
    pub spread: f64,
    pub core_seconds: f64,
    pub core_spread: f64,
    /// Nodes per second, the program's and the core's.
    pub nps: f64,
    pub core_nps: f64,
    /// The program's speed over the core's.
    pub ratio: f64,
}

/// A standard position: its name, published counts and castling mode.
struct Standard {
    name: &'static str,
    entry: SuiteEntry,
    mode: CastlingMode,
}

/// The positions, from the built-in published suites (core/data/perft/SOURCES.md): the first
/// five of chessprogramming.org's "Perft Results" but for the mirrored position 4, then the
/// first position of the Chess960 suite.
fn standard_positions() -> Result<Vec<Standard>, String> {
    let suite = |name: &str| -> Result<(Vec<SuiteEntry>, CastlingMode), String> {
        let builtin = perft_suite::builtin(name).ok_or_else(|| format!("no built-in suite {name}"))?;
        let entries = perft_suite::parse(builtin.text).map_err(|e| format!("{name}: {} errors", e.len()))?;
        Ok((entries, builtin.mode))
    };
    let (cpw, standard) = suite("cpw_perft_results.epd")?;
    let (c960, chess960) = suite("chess960_fischer.epd")?;
    let names = ["start", "kiwipete", "position-3", "position-4", "position-5"];
    // Position 4 mirrored (cpw's fifth line) has the same counts as position 4: left out.
    let picks = [0usize, 1, 2, 3, 5];
    let mut out = Vec::new();
    for (name, index) in names.into_iter().zip(picks) {
        let entry = cpw.get(index).cloned().ok_or_else(|| format!("cpw_perft_results.epd has no entry {index}"))?;
        out.push(Standard { name, entry, mode: standard });
    }
    let first = c960.first().cloned().ok_or("chess960_fischer.epd is empty")?;
    out.push(Standard { name: "chess960", entry: first, mode: chess960 });
    Ok(out)
}

pub fn run(args: Args) -> ExitCode {
    let report = match bench(&args) {
        Ok(report) => report,
        Err(message) => {
            eprintln!("arbiter bench: {}", printable(&message));
            return ExitCode::from(2);
        }
    };
    match args.format {
        BenchFormat::Human => out!("{}", human(&report)),
        BenchFormat::Json => match serde_json::to_string_pretty(&report) {
            Ok(text) => outln!("{text}"),
            Err(e) => {
                eprintln!("arbiter bench: cannot write the report: {e}");
                return ExitCode::from(2);
            }
        },
    }
    let Some(path) = &args.baseline else { return ExitCode::SUCCESS };
    let baseline = match read_baseline(path) {
        Ok(baseline) => baseline,
        Err(message) => {
            eprintln!("arbiter bench: {}", printable(&message));
            return ExitCode::from(2);
        }
    };
    let regressions = regressions(&baseline, &report, args.max_regression);
    for line in &regressions {
        eprintln!("arbiter bench: {}", printable(line));
    }
    ExitCode::from(u8::from(!regressions.is_empty()))
}

fn read_baseline(path: &std::path::Path) -> Result<Report, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: not a bench report: {e}", path.display()))
}

/// The positions of `baseline` that got slower than `max_regression` percent allows (as a
/// ratio to the core), or that `now` no longer measures, in words.
pub fn regressions(baseline: &Report, now: &Report, max_regression: f64) -> Vec<String> {
    let mut out = Vec::new();
    for old in &baseline.positions {
        let Some(new) = now.positions.iter().find(|m| m.name == old.name) else {
            out.push(format!("{}: in the baseline, not measured now", excerpt(&old.name)));
            continue;
        };
        let floor = old.ratio * (1.0 - max_regression / 100.0);
        if new.ratio < floor {
            let fall = 100.0 * (1.0 - new.ratio / old.ratio);
            out.push(format!(
                "{}: {:.1}% slower than the baseline ({} of the core's speed, was {}; at most {max_regression}% allowed)",
                old.name,
                fall,
                ratio_text(new.ratio),
                ratio_text(old.ratio)
            ));
        }
    }
    out
}

fn bench(args: &Args) -> Result<Report, String> {
    let profile = profile::find(DEFAULT_PROFILE).ok_or("no default profile")?;
    let options = RunOptions::new(profile);
    let peer = match (&args.adapter, &args.uci) {
        (Some(command), _) => Peer::Adapter { command: command.clone(), timeout: args.timeout },
        (None, Some(command)) => Peer::Uci { command: command.clone(), timeout: args.timeout },
        (None, None) => return Err("give --adapter CMD or --uci CMD".into()),
    };
    let started = Instant::now();
    let mut imp = peer.start(&options)?;
    let hello = imp.hello().map_err(|f| format!("{}: hello failed: {f}", peer.describe()))?;
    let startup_seconds = started.elapsed().as_secs_f64();
    let mut report = Report {
        implementation: format!("{} {}", hello.name, hello.version).trim().to_owned(),
        startup_seconds,
        positions: Vec::new(),
        skipped: Vec::new(),
    };
    for standard in standard_positions()? {
        match measure(imp.as_mut(), &standard, args)? {
            Ok(m) => report.positions.push(m),
            Err(reason) => report.skipped.push(Skipped { name: standard.name.into(), reason }),
        }
    }
    if report.positions.is_empty() {
        return Err(format!("{}: no position could be timed", peer.describe()));
    }
    Ok(report)
}

/// Seconds under which a perft is too short to estimate the next depth's time from.
const SHORT: f64 = 0.05;

/// One position: the depth, then the rounds. `Ok(Err(reason))` when the program does not
/// support the position (an `unsupported` answer); `Err` when it fails or miscounts.
fn measure(
    imp: &mut dyn Implementation,
    standard: &Standard,
    args: &Args,
) -> Result<Result<Measurement, String>, String> {
    let fen = &standard.entry.fen;
    let pos = arbiter_core::fen::read_in(fen, standard.mode).map_err(|e| format!("{}: {e}", standard.name))?;
    let spec = PositionSpec { fen: fen.clone(), moves: vec![], chess960: standard.mode == CastlingMode::Chess960 };
    let mut counts = standard.entry.counts.clone();
    counts.sort();
    // The depth: the deepest published one the program is expected to count within the budget.
    let mut chosen: Option<(u32, u64)> = None;
    for (i, &(depth, nodes)) in counts.iter().enumerate() {
        if depth > arbiter_core::perft::MAX_DEPTH {
            break;
        }
        let seconds = match fastest_of_two(imp, standard, &spec, depth, nodes) {
            Ok(seconds) => seconds,
            // Unsupported at the first depth: the position is not timed; deeper: the depth
            // below is the deepest the program counts.
            Err(Failure::Answered(body)) if body.kind == ErrorKind::Unsupported => {
                if chosen.is_none() {
                    return Ok(Err(format!("unsupported: {}", body.message)));
                }
                break;
            }
            Err(failure) => return Err(request_error(standard, depth, &failure)),
        }?;
        chosen = Some((depth, nodes));
        let Some(&(_, next_nodes)) = counts.get(i + 1) else { break };
        // A count under SHORT is mostly the request's own cost (and, at first, a JIT warming
        // up): it says nothing of the next depth, which is tried anyway.
        let estimate = seconds * next_nodes as f64 / nodes.max(1) as f64;
        if seconds > SHORT && estimate > args.budget.as_secs_f64() {
            break;
        }
    }
    let Some((depth, nodes)) = chosen else { return Ok(Err("no published count".into())) };
    let mut core_times = Vec::new();
    let mut times = Vec::new();
    for _ in 0..args.rounds {
        let started = Instant::now();
        let core_nodes = arbiter_core::perft::perft(&pos, depth);
        core_times.push(started.elapsed().as_secs_f64());
        if core_nodes != nodes {
            return Err(format!(
                "{}: the reference core counted {core_nodes} at depth {depth}, the published count is {nodes}",
                standard.name
            ));
        }
        let seconds =
            timed_perft(imp, standard, &spec, depth, nodes).map_err(|f| request_error(standard, depth, &f))??;
        times.push(seconds);
    }
    let (seconds, spread) = median_and_spread(&mut times);
    let (core_seconds, core_spread) = median_and_spread(&mut core_times);
    let nps = nodes as f64 / seconds.max(1e-9);
    let core_nps = nodes as f64 / core_seconds.max(1e-9);
    Ok(Ok(Measurement {
        name: standard.name.into(),
        fen: fen.clone(),
        depth,
        nodes,
        seconds,
        spread,
        core_seconds,
        core_spread,
        nps,
        core_nps,
        ratio: nps / core_nps,
    }))
}

/// [`timed_perft`], asked again when it took over [`SHORT`] (a first request warms the
/// program up, and a busy machine slows one now and then): the faster of the two.
fn fastest_of_two(
    imp: &mut dyn Implementation,
    standard: &Standard,
    spec: &PositionSpec,
    depth: u32,
    published: u64,
) -> Result<Result<f64, String>, Failure> {
    let first = timed_perft(imp, standard, spec, depth, published)?;
    match first {
        Ok(seconds) if seconds > SHORT => {
            Ok(timed_perft(imp, standard, spec, depth, published)?.map(|s| s.min(seconds)))
        }
        other => Ok(other),
    }
}

/// One perft request, timed: `Ok(Ok(seconds))` when the program's count is the published one,
/// `Ok(Err(..))` when it is not (a wrong count is an error, never a time), `Err` when it fails.
fn timed_perft(
    imp: &mut dyn Implementation,
    standard: &Standard,
    spec: &PositionSpec,
    depth: u32,
    published: u64,
) -> Result<Result<f64, String>, Failure> {
    let op = Op::Perft { position: spec.clone(), depth };
    let started = Instant::now();
    let reply = imp.answer(&op)?;
    let seconds = started.elapsed().as_secs_f64();
    Ok(match reply {
        Reply::Perft(answer) if answer.nodes == published => Ok(seconds),
        Reply::Perft(answer) => Err(format!(
            "{} ({}): perft {depth} answered {}, the published count is {published}",
            standard.name,
            excerpt(&spec.fen),
            answer.nodes
        )),
        _ => Err(format!("{}: perft {depth} answered something other than a perft", standard.name)),
    })
}

fn request_error(standard: &Standard, depth: u32, failure: &Failure) -> String {
    format!("{} ({}): perft {depth} failed: {failure}", standard.name, excerpt(&standard.entry.fen))
}

/// The median, and (max - min) / median.
fn median_and_spread(times: &mut [f64]) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    let n = times.len();
    if n == 0 {
        return (0.0, 0.0);
    }
    let median = if n % 2 == 1 { times[n / 2] } else { (times[n / 2 - 1] + times[n / 2]) / 2.0 };
    let spread = if median > 0.0 { (times[n - 1] - times[0]) / median } else { 0.0 };
    (median, spread)
}

fn ratio_text(ratio: f64) -> String {
    if ratio >= 0.1 {
        format!("{ratio:.2}x")
    } else {
        format!("1/{:.0}", 1.0 / ratio.max(1e-12))
    }
}

fn human(report: &Report) -> String {
    let mut out = format!(
        "{}: start-up {:.0} ms (not counted below)\n\n",
        printable(&report.implementation),
        report.startup_seconds * 1000.0
    );
    out.push_str("| position | depth | nodes | program (median ± spread) | core | program nps | core nps | ratio |\n");
    out.push_str("|---|---|---|---|---|---|---|---|\n");
    for m in &report.positions {
        out.push_str(&format!(
            "| {} | {} | {} | {:.3} s ± {:.0}% | {:.3} s ± {:.0}% | {:.0} | {:.0} | {} |\n",
            m.name,
            m.depth,
            m.nodes,
            m.seconds,
            m.spread * 100.0,
            m.core_seconds,
            m.core_spread * 100.0,
            m.nps,
            m.core_nps,
            ratio_text(m.ratio)
        ));
    }
    for s in &report.skipped {
        out.push_str(&format!("\n{}: not timed: {}\n", s.name, printable(&s.reason)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measurement(name: &str, ratio: f64) -> Measurement {
        Measurement {
            name: name.into(),
            fen: String::new(),
            depth: 1,
            nodes: 20,
            seconds: 1.0,
            spread: 0.0,
            core_seconds: 1.0,
            core_spread: 0.0,
            nps: 20.0,
            core_nps: 20.0,
            ratio,
        }
    }

    fn report(positions: Vec<Measurement>) -> Report {
        Report { implementation: "x".into(), startup_seconds: 0.0, positions, skipped: vec![] }
    }

    #[test]
    fn a_fall_over_the_allowed_percentage_is_a_regression() {
        let baseline = report(vec![measurement("start", 1.0)]);
        assert!(regressions(&baseline, &report(vec![measurement("start", 0.96)]), 5.0).is_empty());
        assert_eq!(regressions(&baseline, &report(vec![measurement("start", 0.94)]), 5.0).len(), 1);
        // Faster is never a regression.
        assert!(regressions(&baseline, &report(vec![measurement("start", 3.0)]), 0.0).is_empty());
    }

    #[test]
    fn a_position_no_longer_measured_is_a_regression() {
        let baseline = report(vec![measurement("start", 1.0), measurement("chess960", 1.0)]);
        let found = regressions(&baseline, &report(vec![measurement("start", 1.0)]), 5.0);
        assert_eq!(found.len(), 1);
        assert!(found[0].contains("chess960"), "{found:?}");
    }

    #[test]
    fn median_and_spread_of_odd_and_even_counts() {
        assert_eq!(median_and_spread(&mut [3.0, 1.0, 2.0]), (2.0, 1.0));
        assert_eq!(median_and_spread(&mut [4.0, 1.0, 2.0, 3.0]), (2.5, 1.2));
    }

    #[test]
    fn percentages_are_read_with_or_without_the_sign() {
        assert_eq!(parse_percent("5%"), Ok(5.0));
        assert_eq!(parse_percent("12.5"), Ok(12.5));
        assert!(parse_percent("-1%").is_err() && parse_percent("101").is_err() && parse_percent("x").is_err());
    }

    #[test]
    fn the_standard_positions_have_their_published_start_counts() {
        let positions = standard_positions().expect("built-in suites");
        let names: Vec<&str> = positions.iter().map(|p| p.name).collect();
        assert_eq!(names, ["start", "kiwipete", "position-3", "position-4", "position-5", "chess960"]);
        // chessprogramming.org, Perft Results: 20 at depth 1 from the start, 48 in Kiwipete.
        assert!(positions[0].entry.counts.contains(&(1, 20)));
        assert!(positions[1].entry.counts.contains(&(1, 48)));
    }
}
