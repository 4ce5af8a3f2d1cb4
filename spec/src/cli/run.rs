//! `arbiter run`: runs the corpus against an implementation and reports.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use arbiter_spec::adapter::Adapter;
use arbiter_spec::baseline::{self, Baseline};
use arbiter_spec::corpus::Corpus;
use arbiter_spec::excerpt::{excerpt, printable};
use arbiter_spec::implementation::Implementation;
use arbiter_spec::outcome::{CaseReport, Outcome, Summary};
use arbiter_spec::profile::{Profile, DEFAULT_PROFILE};
use arbiter_spec::protocol::Hello;
use arbiter_spec::reference::Reference;
use arbiter_spec::report::{self, shell_word, Format, RunInfo};
use arbiter_spec::runner::{self, RunOptions, DEFAULT_TIMEOUT};
use arbiter_spec::uci::UciImplementation;

use super::selection::{print_errors, Selection};

#[derive(clap::Args)]
pub struct Args {
    /// Run against a program that speaks the adapter protocol (a command line, run by `sh`).
    #[arg(long, value_name = "CMD", conflicts_with = "uci", value_parser = parse_command)]
    pub adapter: Option<String>,
    /// Run against a UCI engine (a command line, split like a shell would): move generation
    /// only (`go perft`); the other expectations are skipped as needing an adapter.
    #[arg(long, value_name = "CMD", value_parser = parse_command)]
    pub uci: Option<String>,
    /// The edition of the Laws (default: the profile's).
    #[arg(long, value_parser = super::laws_arg())]
    pub laws: Option<arbiter_core::Laws>,
    /// The rule profile: fide-2023, fide-2018, automatic-draws, material-only, or several
    /// joined by `+` (`automatic-draws+material-only`); default: what the implementation
    /// declares in `hello` (its `profile` and `rules`), else fide-2023.
    #[arg(long)]
    pub profile: Option<String>,
    #[command(flatten)]
    pub selection: Selection,
    /// Known failures, one case id per line, optionally followed by the outcomes it is known
    /// to have (FAIL, the default, ERROR, TIMEOUT); `#` comments: a listed failure becomes
    /// XFAIL, a listed case that passes XPASS.
    #[arg(long, value_name = "FILE")]
    pub expect: Option<PathBuf>,
    /// Writes the run's failures (FAIL, ERROR, TIMEOUT, and the XFAILs still failing) to FILE
    /// in the `--expect` format, each after comments saying what went wrong; the run then
    /// exits 0 unless the file cannot be written.
    #[arg(long, value_name = "FILE")]
    pub write_expect: Option<PathBuf>,
    /// An XPASS does not fail the run.
    #[arg(long)]
    pub allow_xpass: bool,
    /// Skip perft expectations over this many nodes.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Skip perft expectations the implementation would take more than SECONDS over, at the
    /// speed measured once at start-up (perft of the initial position): a slow library gets
    /// SKIPs for what it cannot count in time, not TIMEOUTs at random. Combines with
    /// `--max-nodes` (the lower limit holds).
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub perft_budget: Option<Duration>,
    /// Cases run in parallel (one adapter process each; 1 to 256, and no more than the cases).
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = parse_jobs)]
    pub jobs: usize,
    /// Seconds an implementation may take per request, the in-process reference core's included
    /// (over 0, at most a day).
    #[arg(long, default_value = "10", value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Duration,
    /// The report format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
}

/// The most jobs `--jobs` accepts: each is a thread and an implementation's process, and more
/// than this many at once is a typo (`--jobs 5000`) rather than a machine that gains from them.
pub const MAX_JOBS: usize = 256;

/// The longest `--timeout`: a request that may take more than a day is not bounded at all, and
/// deadlines a day away are far from the limits of the clock.
pub const MAX_TIMEOUT: Duration = Duration::from_secs(24 * 60 * 60);

/// `--timeout SECONDS`: a finite number of seconds over zero (once rounded to nanoseconds) and
/// at most [`MAX_TIMEOUT`].
pub fn parse_timeout(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.trim().parse().map_err(|_| "expected a number of seconds".to_owned())?;
    if !(seconds.is_finite() && seconds > 0.0) {
        return Err("expected a finite number of seconds over 0".into());
    }
    if seconds > MAX_TIMEOUT.as_secs_f64() {
        return Err(format!("at most {} seconds (a day)", MAX_TIMEOUT.as_secs()));
    }
    Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|t| !t.is_zero())
        .ok_or_else(|| "under a nanosecond, which is no time at all".into())
}

/// `--jobs N`: 1 to [`MAX_JOBS`].
pub fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(jobs) if (1..=MAX_JOBS).contains(&jobs) => Ok(jobs),
        _ => Err(format!("expected a number of jobs from 1 to {MAX_JOBS}")),
    }
}

/// `--adapter CMD`, `--uci CMD`: a command line that is not empty or blank (`sh -c 'exec '`
/// would start nothing, and every case would error).
pub fn parse_command(text: &str) -> Result<String, String> {
    if text.trim().is_empty() {
        Err("expected a command line, not an empty or blank one".into())
    } else {
        Ok(text.to_owned())
    }
}

pub fn run(args: Args) -> ExitCode {
    match prepare(&args) {
        Ok((options, info)) => execute(&args, options, info),
        Err(message) => {
            eprintln!("arbiter run: {message}");
            ExitCode::from(2)
        }
    }
}

fn prepare(args: &Args) -> Result<(RunOptions, RunInfo), String> {
    let profile = Profile::parse(args.profile.as_deref().unwrap_or(DEFAULT_PROFILE))?;
    let mut options = RunOptions::new(profile);
    if let Some(laws) = args.laws {
        options.laws = laws;
    }
    options.max_nodes = args.max_nodes;
    options.jobs = args.jobs;
    let info = RunInfo {
        implementation: implementation(args),
        profile: profile.name(),
        rules: profile.rules_in_words(),
        laws: options.laws.to_string(),
        rerun: rerun_command(args),
        selection: Selection { shard: None, ..args.selection.clone() }.filter_args(),
        shard: args.selection.shard.map(|s| s.to_string()),
    };
    Ok((options, info))
}

/// The implementation as reports name it.
fn implementation(args: &Args) -> String {
    match (&args.adapter, &args.uci) {
        (Some(cmd), _) => cmd.clone(),
        (None, Some(cmd)) => format!("{cmd} (UCI)"),
        (None, None) => "arbiter-core (in-process)".into(),
    }
}

/// The command that reruns one case as this run ran it (`--id ID` is appended): the
/// implementation, the rules, the corpus, the baseline and the limits.
fn rerun_command(args: &Args) -> String {
    let mut rerun = String::from("arbiter run");
    if let Some(cmd) = &args.adapter {
        rerun.push_str(&format!(" --adapter {}", shell_word(cmd)));
    }
    if let Some(cmd) = &args.uci {
        rerun.push_str(&format!(" --uci {}", shell_word(cmd)));
    }
    if let Some(profile) = &args.profile {
        rerun.push_str(&format!(" --profile {}", shell_word(profile)));
    }
    if let Some(laws) = &args.laws {
        rerun.push_str(&format!(" --laws {laws}"));
    }
    rerun.push_str(&args.selection.corpus_args());
    if let Some(path) = &args.expect {
        rerun.push_str(&format!(" --expect {}", shell_word(&path.to_string_lossy())));
    }
    if let Some(n) = args.max_nodes {
        rerun.push_str(&format!(" --max-nodes {n}"));
    }
    if let Some(budget) = args.perft_budget {
        rerun.push_str(&format!(" --perft-budget {}", budget.as_secs_f64()));
    }
    if args.timeout != DEFAULT_TIMEOUT {
        rerun.push_str(&format!(" --timeout {}", args.timeout.as_secs_f64()));
    }
    rerun
}

/// Reads an `--expect` file (a [`Baseline`]): every line that is not an id and outcomes, or
/// names an id no case of `corpus` has, is an error naming the file and the line: a typo would
/// otherwise leave a known failure failing the run, or an entry that no longer means anything.
pub fn read_expect_file(path: &std::path::Path, corpus: &Corpus) -> Result<Baseline, Vec<String>> {
    let name = format!("--expect {}", printable(&path.display().to_string()));
    let text = std::fs::read_to_string(path).map_err(|e| vec![format!("{name}: {e}")])?;
    let known: BTreeSet<&str> = corpus.cases().map(|c| c.id.as_str()).collect();
    Baseline::parse(&name, &text, &|id| known.contains(id))
}

fn execute(args: &Args, mut options: RunOptions, mut info: RunInfo) -> ExitCode {
    let corpus = match args.selection.load_whole_checked() {
        Ok(corpus) => corpus,
        Err(errors) => {
            print_errors(&errors);
            return ExitCode::from(2);
        }
    };
    if let Some(path) = &args.expect {
        match read_expect_file(path, &corpus) {
            Ok(baseline) => options.baseline = baseline,
            Err(problems) => {
                for problem in problems {
                    eprintln!("arbiter run: {problem}");
                }
                return ExitCode::from(2);
            }
        }
    }
    let cases = match args.selection.select_some(&corpus) {
        Ok(cases) => cases,
        Err(error) => {
            eprintln!("arbiter run: {error}");
            return ExitCode::from(2);
        }
    };
    // A job without a case would only start an implementation for nothing.
    options.jobs = options.jobs.min(cases.len());
    let peer = Peer::of(args);
    let hello = match peer.check_start(&options) {
        Ok(hello) => hello,
        Err(message) => {
            eprintln!("arbiter run: {}", printable(&message));
            return ExitCode::from(2);
        }
    };
    if args.profile.is_none() {
        if let Err(message) = adopt_profile(&hello, args, &mut options, &mut info) {
            eprintln!("arbiter run: {}: {}", peer.describe(), printable(&message));
            return ExitCode::from(2);
        }
    }
    if let Some(budget) = args.perft_budget.filter(|_| hello.ops.iter().any(|op| op == "perft")) {
        match perft_speed(&peer, &options) {
            Ok(nodes_per_second) => {
                let limit = (nodes_per_second * budget.as_secs_f64()) as u64;
                options.max_nodes = Some(options.max_nodes.map_or(limit, |max| max.min(limit)));
                eprintln!(
                    "arbiter run: perft measured at {nodes_per_second:.0} nodes/s: expectations over {limit} nodes ({} s) are skipped",
                    budget.as_secs_f64()
                );
            }
            Err(message) => {
                eprintln!("arbiter run: --perft-budget: {}", printable(&message));
                return ExitCode::from(2);
            }
        }
    }
    let options = &options;
    let bar = progress_bar(args.format, cases.len());
    let progress = |_: &CaseReport| bar.inc(1);
    let reports = runner::run(&cases, &|| peer.start(options), options, &progress);
    bar.finish_and_clear();
    if let Some(path) = &args.write_expect {
        let text = baseline::write(&info.implementation, &info.profile, &reports);
        if let Err(e) = std::fs::write(path, &text) {
            eprintln!("arbiter run: --write-expect {}: {e}", printable(&path.display().to_string()));
            return ExitCode::from(2);
        }
        let listed = text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')).count();
        eprintln!("arbiter run: wrote {listed} known failure(s) to {}", printable(&path.display().to_string()));
    }
    out!("{}", report::render(args.format, &info, &reports));
    let summary = Summary::of(&reports);
    if summary.skipped == summary.total() {
        eprintln!(
            "arbiter run: no case was checked: all {} selected cases were skipped (see the report for why)",
            summary.total()
        );
        return ExitCode::from(2);
    }
    if args.write_expect.is_some() {
        return ExitCode::SUCCESS;
    }
    exit_status(&reports, args.allow_xpass)
}

/// Without `--profile`, the run follows the rule profile the implementation declares in
/// `hello`, its `profile` combined with its `rules` (and that profile's edition, unless
/// `--laws` is given); the report names it.
fn adopt_profile(hello: &Hello, args: &Args, options: &mut RunOptions, info: &mut RunInfo) -> Result<(), String> {
    let profile = Profile::declared(hello)?;
    options.profile = profile;
    options.laws = args.laws.unwrap_or(profile.laws);
    info.profile = profile.name();
    info.rules = profile.rules_in_words();
    info.laws = options.laws.to_string();
    Ok(())
}

/// The implementation's perft speed in nodes a second: the initial position counted one ply
/// deeper each time (FIDE 3: 20, 400, 8,902, 197,281, 4,865,609 nodes) until a count takes a
/// quarter of a second or depth 5 is reached; the last count's speed.
fn perft_speed(peer: &Peer, options: &RunOptions) -> Result<f64, String> {
    let mut imp = peer.start(options)?;
    let start = arbiter_spec::protocol::PositionSpec::standard(&arbiter_core::Position::startpos().fen(), &[]);
    let mut speed = 0.0;
    for depth in 1..=5 {
        let started = std::time::Instant::now();
        let answer = arbiter_spec::implementation::perft(imp.as_mut(), &start, depth)
            .map_err(|f| format!("perft {depth} of the initial position: {f}"))?;
        let seconds = started.elapsed().as_secs_f64().max(1e-6);
        speed = answer.nodes as f64 / seconds;
        if seconds >= 0.25 {
            break;
        }
    }
    Ok(speed)
}

/// The implementation a run is against, as given on the command line.
#[derive(Clone, Debug)]
pub enum Peer {
    /// The reference core, in-process; every request bounded by the same timeout as a peer's.
    Reference { timeout: Duration },
    /// A program speaking the adapter protocol.
    Adapter { command: String, timeout: Duration },
    /// A UCI engine (move generation only).
    Uci { command: String, timeout: Duration },
}

impl Peer {
    fn of(args: &Args) -> Peer {
        let timeout = args.timeout;
        match (&args.adapter, &args.uci) {
            (Some(command), _) => Peer::Adapter { command: command.clone(), timeout },
            (None, Some(command)) => Peer::Uci { command: command.clone(), timeout },
            (None, None) => Peer::Reference { timeout },
        }
    }

    /// An implementation that cannot start (a mistyped command, an adapter whose `hello`
    /// fails, a UCI engine without `go perft`) is one start-up error, not a run of errors: it
    /// is started once here, and asked `hello`, to find out. Its `hello` on success.
    pub fn check_start(&self, options: &RunOptions) -> Result<Hello, String> {
        let mut imp = self.start(options)?;
        let hello = imp.hello().map_err(|f| format!("{}: hello failed: {f}", self.describe()))?;
        hello.check().map_err(|problem| format!("{}: {problem}", self.describe()))?;
        Ok(hello)
    }

    /// The implementation in words, for start-up errors.
    pub fn describe(&self) -> String {
        match self {
            Peer::Reference { .. } => "the reference core".to_owned(),
            Peer::Adapter { command, .. } => format!("the adapter {}", excerpt(command)),
            Peer::Uci { command, .. } => format!("the UCI engine {}", excerpt(command)),
        }
    }

    /// A running implementation (one per runner worker); the reference core follows the run's
    /// profile and edition.
    pub fn start(&self, options: &RunOptions) -> Result<Box<dyn Implementation>, String> {
        Ok(match self {
            Peer::Reference { timeout } => {
                Box::new(Reference::for_profile(&options.profile, options.laws).watched(*timeout))
            }
            Peer::Adapter { command, timeout } => Box::new(Adapter::new(command, *timeout)),
            Peer::Uci { command, timeout } => {
                Box::new(UciImplementation::start(command, *timeout).map_err(|e| e.to_string())?)
            }
        })
    }
}

fn progress_bar(format: Format, len: usize) -> indicatif::ProgressBar {
    if format != Format::Human {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len as u64);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} cases {elapsed}") {
        bar.set_style(style);
    }
    bar
}

/// 0 when nothing unexpected happened, 1 on FAIL, XPASS (unless allowed), ERROR or TIMEOUT.
pub fn exit_status(reports: &[CaseReport], allow_xpass: bool) -> ExitCode {
    let summary = Summary::of(reports);
    let bad = Outcome::ALL
        .iter()
        .filter(|o| o.is_unexpected() && !(allow_xpass && **o == Outcome::Xpass))
        .any(|o| summary.count(*o) > 0);
    ExitCode::from(u8::from(bad))
}
