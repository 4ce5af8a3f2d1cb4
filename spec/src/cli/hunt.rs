//! `arbiter hunt`: differential fuzzing of another program's move generation against the
//! core (see [`arbiter_spec::hunt`]).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use arbiter_spec::adapter::Adapter;
use arbiter_spec::excerpt::excerpt;
use arbiter_spec::hunt::{hunt, Finding, HuntConfig};
use arbiter_spec::implementation::Implementation;
use arbiter_spec::uci::UciImplementation;

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("peer").args(["uci", "adapter"]).required(true)))]
pub struct Args {
    /// A UCI engine command line that supports `go perft N` (for example '/usr/games/stockfish').
    #[arg(long, value_name = "CMD")]
    pub uci: Option<String>,
    /// A program speaking arbiter's adapter protocol that offers `perft` with its divide.
    #[arg(long, value_name = "CMD")]
    pub adapter: Option<String>,
    /// Seed of the random playouts (default: from the clock; printed so that a run can be repeated).
    #[arg(long)]
    pub seed: Option<u64>,
    /// How many generated positions (random playouts) to try at most.
    #[arg(long, default_value_t = 1000)]
    pub positions: u64,
    /// The deepest perft to compare (depths 1, 2, ... this).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=6))]
    pub depth: u32,
    /// Stop after this many seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub time: u64,
    /// Stop after this many findings (0: no limit; at most one finding per kind of rule).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub max_findings: usize,
    /// Seconds to wait for any one answer of the engine.
    #[arg(long, value_name = "SECONDS", default_value_t = 10)]
    pub timeout: u64,
    /// Where to write each finding as a case file (`<id>.yaml`) that the corpus loads as it is:
    /// `arbiter run --cases DIR` runs them.
    #[arg(long, value_name = "DIR", default_value = "hunt-cases")]
    pub out: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// The longest `--time` and `--timeout` accepted: a year.
const MAX_SECONDS: u64 = 365 * 24 * 3600;

/// Exit codes: 0 no finding and no engine error, 1 at least one finding or engine error (a
/// crash, a hang, a refused request: the hunt is then no clean pass), 2 usage or engine
/// start-up error.
pub fn run(args: Args) -> ExitCode {
    for (flag, value) in [("--time", args.time), ("--timeout", args.timeout)] {
        if value > MAX_SECONDS {
            return fail(&format!("{flag} {value}: at most {MAX_SECONDS} seconds (a year)"));
        }
    }
    let timeout = Duration::from_secs(args.timeout.max(1));
    let mut engine = match start(&args, timeout) {
        Ok(e) => e,
        Err(e) => return fail(&e),
    };
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        return fail(&format!("{}: cannot create: {e}", args.out.display()));
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let config = HuntConfig {
        seed,
        positions: args.positions,
        depth: args.depth,
        time: Duration::from_secs(args.time),
        max_findings: args.max_findings,
        ..HuntConfig::default()
    };
    if args.format == Format::Text {
        outln!("arbiter hunt: seed {seed}, up to {} positions, depth {}, {} s", args.positions, args.depth, args.time);
    }
    let mut write_errors = Vec::new();
    let report = hunt(engine.as_mut(), &config, |finding| {
        if let Err(e) = write_case(&args.out, finding) {
            write_errors.push(e);
        }
        if args.format == Format::Text {
            outln!("{}", finding.to_text());
        }
    });
    match args.format {
        Format::Json => match serde_json::to_string_pretty(&report) {
            Ok(json) => outln!("{json}"),
            Err(e) => return fail(&format!("cannot write JSON: {e}")),
        },
        Format::Text => {
            for error in &report.errors {
                outln!("engine error (restarted): {error}");
            }
            if let Some(reason) = &report.chess960_skipped {
                outln!("Chess960 skipped: {reason}");
            }
            if let Some(reason) = &report.stopped {
                outln!("stopped early: {reason}");
            }
            outln!(
                "{} finding(s) in {} positions, {:.1} s (seed {seed}); cases written to {}",
                report.findings.len(),
                report.positions,
                report.seconds,
                args.out.display()
            );
        }
    }
    for e in &write_errors {
        eprintln!("arbiter hunt: {e}");
    }
    if !report.errors.is_empty() {
        eprintln!(
            "arbiter hunt: the program failed {} request(s) (crashes, hangs, refusals or protocol errors){}: \
             this hunt is not a clean pass",
            report.errors.len(),
            report.stopped.as_ref().map(|r| format!("; stopped early: {r}")).unwrap_or_default()
        );
        return ExitCode::from(1);
    }
    if report.positions == 0 {
        eprintln!("arbiter hunt: no position was compared");
        return ExitCode::from(1);
    }
    if report.findings.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// The program to hunt, as the runner questions it, started and asked `hello`: a program that
/// cannot start, or does not offer `perft`, is a start-up error.
fn start(args: &Args, timeout: Duration) -> Result<Box<dyn Implementation>, String> {
    let (mut imp, name): (Box<dyn Implementation>, String) = match (&args.uci, &args.adapter) {
        (Some(command), _) => (
            Box::new(UciImplementation::start(command, timeout).map_err(|e| e.to_string())?),
            format!("the UCI engine {}", excerpt(command)),
        ),
        (None, Some(command)) => {
            (Box::new(Adapter::new(command, timeout)), format!("the adapter {}", excerpt(command)))
        }
        (None, None) => return Err("give --uci or --adapter".to_owned()),
    };
    let hello = imp.hello().map_err(|f| format!("{name}: hello failed: {f}"))?;
    hello.check().map_err(|problem| format!("{name}: {problem}"))?;
    if !hello.ops.iter().any(|op| op == "perft") {
        return Err(format!("{name} does not offer perft (its hello does not list it)"));
    }
    Ok(imp)
}

fn write_case(dir: &std::path::Path, finding: &Finding) -> Result<(), String> {
    let path = dir.join(format!("{}.yaml", finding.id));
    std::fs::write(&path, finding.to_yaml()).map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

fn fail(message: &str) -> ExitCode {
    eprintln!("arbiter hunt: {message}");
    ExitCode::from(2)
}
