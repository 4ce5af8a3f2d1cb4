//! `arbiter run`: runs the corpus against an implementation and reports.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use arbiter_spec::adapter::Adapter;
use arbiter_spec::case::Edition;
use arbiter_spec::excerpt::excerpt;
use arbiter_spec::implementation::{Failure, Implementation};
use arbiter_spec::outcome::{CaseReport, Outcome, Summary};
use arbiter_spec::profile::{self, DEFAULT_PROFILE};
use arbiter_spec::reference::Reference;
use arbiter_spec::report::{self, Format, RunInfo};
use arbiter_spec::runner::{self, RunOptions};
use arbiter_spec::uci::UciImplementation;

use super::selection::{print_errors, Selection};

#[derive(clap::Args)]
pub struct Args {
    /// Run against a program that speaks the adapter protocol (a command line, run by `sh`).
    #[arg(long, value_name = "CMD", conflicts_with = "uci")]
    pub adapter: Option<String>,
    /// Run against a UCI engine (a command line, split like a shell would): move generation
    /// only (`go perft`); the other expectations are skipped as needing an adapter.
    #[arg(long, value_name = "CMD")]
    pub uci: Option<String>,
    /// The edition of the Laws (default: the profile's).
    #[arg(long, value_parser = ["2018", "2023"])]
    pub laws: Option<String>,
    /// The rule profile: fide-2023 (default), fide-2018, automatic-draws, material-only.
    #[arg(long, default_value = DEFAULT_PROFILE)]
    pub profile: String,
    #[command(flatten)]
    pub selection: Selection,
    /// Known failures, one case id per line (`#` comments): FAIL becomes XFAIL, PASS XPASS.
    #[arg(long, value_name = "FILE")]
    pub expect: Option<PathBuf>,
    /// An XPASS does not fail the run.
    #[arg(long)]
    pub allow_xpass: bool,
    /// Skip perft expectations over this many nodes.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Cases run in parallel (one adapter process each).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub jobs: usize,
    /// Seconds an adapter may take per request.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub timeout: f64,
    /// The report format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
}

pub fn run(args: Args) -> ExitCode {
    match prepare(&args) {
        Ok((options, info)) => execute(&args, &options, &info),
        Err(message) => {
            eprintln!("arbiter run: {message}");
            ExitCode::from(2)
        }
    }
}

fn prepare(args: &Args) -> Result<(RunOptions, RunInfo), String> {
    let profile = profile::find(&args.profile)
        .ok_or_else(|| format!("unknown profile {:?} (known: {})", args.profile, profile::names()))?;
    let mut options = RunOptions::new(profile);
    if let Some(year) = &args.laws {
        let year: u16 = year.parse().map_err(|_| format!("--laws {year}: expected 2018 or 2023"))?;
        options.laws = Edition::try_from(year)?;
    }
    options.max_nodes = args.max_nodes;
    options.jobs = args.jobs.max(1);
    if let Some(path) = &args.expect {
        options.expected_failures = read_expect_file(path)?;
    }
    if !(args.timeout > 0.0 && args.timeout.is_finite()) {
        return Err(format!("--timeout {}: expected a positive number of seconds", args.timeout));
    }
    let mut rerun = String::from("arbiter run");
    if let Some(cmd) = &args.adapter {
        rerun.push_str(&format!(" --adapter '{cmd}'"));
    }
    if let Some(cmd) = &args.uci {
        rerun.push_str(&format!(" --uci '{cmd}'"));
    }
    if args.profile != DEFAULT_PROFILE {
        rerun.push_str(&format!(" --profile {}", args.profile));
    }
    if let Some(laws) = &args.laws {
        rerun.push_str(&format!(" --laws {laws}"));
    }
    rerun.push_str(&args.selection.corpus_args());
    let implementation = match (&args.adapter, &args.uci) {
        (Some(cmd), _) => cmd.clone(),
        (None, Some(cmd)) => format!("{cmd} (UCI)"),
        (None, None) => "arbiter-core (in-process)".into(),
    };
    let info = RunInfo { implementation, profile: profile.name.into(), laws: options.laws.to_string(), rerun };
    Ok((options, info))
}

/// Reads an `--expect` file: one case id per line, blank lines and `#` comments ignored.
pub fn read_expect_file(path: &std::path::Path) -> Result<BTreeSet<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("--expect {}: {e}", path.display()))?;
    Ok(text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect())
}

fn execute(args: &Args, options: &RunOptions, info: &RunInfo) -> ExitCode {
    let corpus = match args.selection.load_checked() {
        Ok(corpus) => corpus,
        Err(errors) => {
            print_errors(&errors);
            return ExitCode::from(2);
        }
    };
    let cases = args.selection.select(&corpus);
    if cases.is_empty() {
        eprintln!("arbiter run: no case matches the filters");
        return ExitCode::from(2);
    }
    let peer = Peer::of(args);
    if let Err(message) = peer.check_start(options).map(drop) {
        eprintln!("arbiter run: {message}");
        return ExitCode::from(2);
    }
    let bar = progress_bar(args.format, cases.len());
    let progress = |_: &CaseReport| bar.inc(1);
    let reports = runner::run(&cases, &|| peer.start(options), options, &progress);
    bar.finish_and_clear();
    out!("{}", report::render(args.format, info, &reports));
    exit_status(&reports, args.allow_xpass)
}

/// The implementation a run is against, as given on the command line.
#[derive(Clone, Debug)]
pub enum Peer {
    /// The reference core, in-process.
    Reference,
    /// A program speaking the adapter protocol.
    Adapter { command: String, timeout: Duration },
    /// A UCI engine (move generation only).
    Uci { command: String, timeout: Duration },
}

impl Peer {
    fn of(args: &Args) -> Peer {
        let timeout = Duration::try_from_secs_f64(args.timeout).unwrap_or(Duration::MAX);
        match (&args.adapter, &args.uci) {
            (Some(command), _) => Peer::Adapter { command: command.clone(), timeout },
            (None, Some(command)) => Peer::Uci { command: command.clone(), timeout },
            (None, None) => Peer::Reference,
        }
    }

    /// An implementation that cannot start (a mistyped command, an adapter whose `hello`
    /// fails, a UCI engine without `go perft`) is one start-up error, not a run of errors: it
    /// is started once here, and asked `hello`, to find out. Its name from `hello` on success.
    pub fn check_start(&self, options: &RunOptions) -> Result<String, String> {
        let mut imp = self.start(options)?;
        let hello = imp.hello().map_err(|f| {
            let why = match f {
                Failure::Answered(body) => format!("error {}: {}", body.kind, body.message),
                Failure::Broken(message) | Failure::Timeout(message) => message,
            };
            format!("{}: hello failed: {why}", self.describe())
        })?;
        Ok(hello.name)
    }

    /// The implementation in words, for start-up errors.
    pub fn describe(&self) -> String {
        match self {
            Peer::Reference => "the reference core".to_owned(),
            Peer::Adapter { command, .. } => format!("the adapter {}", excerpt(command)),
            Peer::Uci { command, .. } => format!("the UCI engine {}", excerpt(command)),
        }
    }

    /// A running implementation (one per runner worker); the reference core follows the run's
    /// profile and edition.
    pub fn start(&self, options: &RunOptions) -> Result<Box<dyn Implementation>, String> {
        Ok(match self {
            Peer::Reference => Box::new(Reference::for_profile(&options.profile, options.laws)),
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
