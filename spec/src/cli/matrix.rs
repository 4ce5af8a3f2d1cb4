//! `arbiter matrix`: the corpus against several implementations at once, as a markdown table of
//! pass, fail and skip counts by article of the Laws (the reference core is always a column).
//! Every implementation named is a column: one that cannot be checked says why (a UCI engine
//! without `go perft` "cannot be checked over UCI", which is what it is, not a failure).

use std::collections::BTreeMap;
use std::num::NonZeroUsize;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Duration;

use arbiter_spec::clauses::ClauseKey;
use arbiter_spec::excerpt::{excerpt, printable};
use arbiter_spec::outcome::{CaseReport, Outcome};
use arbiter_spec::profile::{self, Profile, DEFAULT_PROFILE};
use arbiter_spec::protocol::Hello;
use arbiter_spec::report::{markdown_text, shown};
use arbiter_spec::runner::{self, RunOptions};
use arbiter_spec::uci::{UciError, UciImplementation};

use super::run::{parse_command, parse_timeout, Peer};
use super::selection::{print_errors, Selection};

#[derive(clap::Args)]
pub struct Args {
    /// A program speaking the adapter protocol (repeatable).
    #[arg(long, value_name = "CMD", value_parser = parse_command)]
    pub adapter: Vec<String>,
    /// A UCI engine (repeatable): move generation only.
    #[arg(long, value_name = "CMD", value_parser = parse_command)]
    pub uci: Vec<String>,
    /// The rule profile of every column (default: each implementation's own, as its hello
    /// declares it, else fide-2023; a column under another profile than the table's names it).
    #[arg(long)]
    pub profile: Option<String>,
    #[command(flatten)]
    pub selection: Selection,
    /// Skip perft expectations over this many nodes (for every implementation).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Seconds an implementation may take per request (over 0, at most a day).
    #[arg(long, default_value = "10", value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Duration,
    /// Implementations checked at the same time, each in a thread of its own (the table is the
    /// same whatever N is).
    #[arg(long, default_value = "1", value_name = "N")]
    pub jobs: NonZeroUsize,
}

/// Pass, fail (FAIL, ERROR and TIMEOUT) and skip counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub pass: usize,
    pub fail: usize,
    pub skip: usize,
}

impl Tally {
    fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Pass | Outcome::Xpass => self.pass += 1,
            Outcome::Skip => self.skip += 1,
            Outcome::Fail | Outcome::Xfail | Outcome::Error | Outcome::Timeout => self.fail += 1,
        }
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} / {} / {}", self.pass, self.fail, self.skip)
    }
}

/// Why an implementation could not be checked at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unchecked {
    /// A UCI engine without `go perft` (it searches instead, or says nothing): arbiter has no
    /// way to ask it anything over UCI. This is what the engine is, not a failure of the run.
    NoGoPerft,
    /// It did not start, or its `hello` failed: the reason.
    Failed(String),
}

/// One column: an implementation's name and its tallies by article, or why it could not be
/// checked at all.
pub struct Column {
    pub name: String,
    /// Why the implementation could not be checked: its cells say "no go perft" or "not
    /// checked", and a note under the table says why.
    pub unchecked: Option<Unchecked>,
    pub by_article: BTreeMap<ClauseKey, Tally>,
}

/// Prints the table; the status is 1 when an implementation could not be checked because it
/// failed to start (its column says why; a UCI engine without `go perft` is a column saying so,
/// not a failure), 2 on a usage or corpus error.
pub fn run(args: Args) -> ExitCode {
    match matrix(&args) {
        Ok((columns, table)) => {
            out!("{table}");
            let mut status = ExitCode::SUCCESS;
            for column in &columns {
                match &column.unchecked {
                    None => {}
                    Some(Unchecked::NoGoPerft) => {
                        eprintln!("arbiter matrix: {} {NO_GO_PERFT}", shown(&column.name));
                    }
                    Some(Unchecked::Failed(reason)) => {
                        eprintln!("arbiter matrix: {} could not be checked: {}", shown(&column.name), shown(reason));
                        status = ExitCode::from(1);
                    }
                }
            }
            status
        }
        Err(message) => {
            eprintln!("arbiter matrix: {}", printable(&message));
            ExitCode::from(2)
        }
    }
}

/// What a column of an engine without `go perft` says under the table.
const NO_GO_PERFT: &str = "cannot be checked over UCI: no go perft";

fn matrix(args: &Args) -> Result<(Vec<Column>, String), String> {
    let table_profile = args.profile.as_deref().unwrap_or(DEFAULT_PROFILE);
    let table_profile = profile::find(table_profile)
        .ok_or_else(|| format!("unknown profile {} (known: {})", excerpt(table_profile), profile::names()))?;
    let mut options = RunOptions::new(table_profile);
    options.max_nodes = args.max_nodes;
    let timeout = args.timeout;
    let corpus = args.selection.load_whole_checked().map_err(|errors| {
        print_errors(&errors);
        "the corpus has errors".to_owned()
    })?;
    let cases = args.selection.select_some(&corpus).map_err(|e| e.to_string())?;
    let mut peers = vec![Peer::Reference { timeout }];
    peers.extend(args.adapter.iter().map(|command| Peer::Adapter { command: command.clone(), timeout }));
    peers.extend(args.uci.iter().map(|command| Peer::Uci { command: command.clone(), timeout }));
    // Each worker takes the next implementation not yet taken; the columns keep the order given.
    let next = Mutex::new(0usize);
    let columns: Vec<Mutex<Option<Column>>> = peers.iter().map(|_| Mutex::new(None)).collect();
    let fixed_profile = args.profile.is_some();
    std::thread::scope(|scope| {
        for _ in 0..args.jobs.get().min(peers.len()) {
            scope.spawn(|| loop {
                let index = {
                    let mut next = next.lock().unwrap_or_else(|e| e.into_inner());
                    let index = *next;
                    *next += 1;
                    index
                };
                let Some(peer) = peers.get(index) else { break };
                let column = check(peer, &cases, &options, fixed_profile);
                *columns[index].lock().unwrap_or_else(|e| e.into_inner()) = Some(column);
            });
        }
    });
    let columns: Vec<Column> = columns
        .into_iter()
        .zip(&peers)
        .map(|(slot, peer)| {
            let column = slot.into_inner().unwrap_or_else(|e| e.into_inner());
            // Every slot is filled by the workers; a worker that panicked leaves its column saying so.
            column.unwrap_or_else(|| unchecked(peer, Unchecked::Failed("arbiter failed while checking it".into())))
        })
        .collect();
    let table = render(&columns, &options);
    Ok((columns, table))
}

/// The column of one implementation: started once to read its `hello` (and, for an adapter
/// and without `--profile`, the profile it declares), then run over the cases.
fn check(peer: &Peer, cases: &[&arbiter_spec::corpus::LocatedCase], table: &RunOptions, fixed_profile: bool) -> Column {
    let hello = match start_up(peer, table) {
        Ok(hello) => hello,
        Err(why) => return unchecked(peer, why),
    };
    let mut options = table.clone();
    if !fixed_profile {
        match Profile::declared(&hello) {
            Ok(profile) => {
                options.profile = profile;
                options.laws = profile.laws;
            }
            Err(message) => return unchecked(peer, Unchecked::Failed(message)),
        }
    }
    let kind = if matches!(peer, Peer::Uci { .. }) { " (UCI)" } else { "" };
    let under = if options.profile.name() == table.profile.name() {
        String::new()
    } else {
        format!(" (profile {})", options.profile.name())
    };
    let options = &options;
    let reports = runner::run(cases, &|| peer.start(options), options, &|_: &CaseReport| {});
    column(format!("{}{kind}{under}", hello.name), &reports)
}

/// The implementation's `hello`, or why it cannot be checked: a UCI engine's start-up check
/// finds out whether it has `go perft` at all.
fn start_up(peer: &Peer, options: &RunOptions) -> Result<Hello, Unchecked> {
    if let Peer::Uci { command, timeout } = peer {
        match UciImplementation::start(command, *timeout) {
            Err(UciError::Unsupported { feature, .. }) if feature.starts_with("go perft") => {
                return Err(Unchecked::NoGoPerft);
            }
            Err(e) => return Err(Unchecked::Failed(format!("{}: {e}", peer.describe()))),
            Ok(_) => {}
        }
    }
    peer.check_start(options).map_err(Unchecked::Failed)
}

/// The column of an implementation that could not be checked, named by its command.
fn unchecked(peer: &Peer, why: Unchecked) -> Column {
    let name = match peer {
        Peer::Reference { .. } => "arbiter-core".to_owned(),
        Peer::Adapter { command, .. } => command.clone(),
        Peer::Uci { command, .. } => format!("{command} (UCI)"),
    };
    Column { name, unchecked: Some(why), by_article: BTreeMap::new() }
}

/// Tallies the reports by article.
pub fn column(name: String, reports: &[CaseReport]) -> Column {
    let mut by_article: BTreeMap<ClauseKey, Tally> = BTreeMap::new();
    for report in reports {
        by_article.entry(ClauseKey::of(&report.article)).or_default().add(report.outcome);
    }
    Column { name, unchecked: None, by_article }
}

/// The markdown table: one row per article plus a total row; cells are pass / fail / skip, or
/// "no go perft" / "not checked" in the column of an implementation that could not be checked
/// (a note under the table says why). Names and reasons are escaped for Markdown
/// ([`markdown_text`]).
pub fn render(columns: &[Column], options: &RunOptions) -> String {
    let mut out = format!(
        "Profile {}, Laws of {}{}. Cells: passed / failed (FAIL, ERROR, TIMEOUT) / skipped cases.\n\n",
        options.profile.name(),
        options.laws,
        options.max_nodes.map(|n| format!(", perft over {n} nodes skipped")).unwrap_or_default()
    );
    out.push_str("| Article |");
    for c in columns {
        out.push_str(&format!(" {} |", markdown_text(&c.name)));
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(columns.len()));
    out.push('\n');
    let articles: std::collections::BTreeSet<&ClauseKey> = columns.iter().flat_map(|c| c.by_article.keys()).collect();
    for article in articles {
        out.push_str(&format!("| {} |", markdown_text(article.as_str())));
        for c in columns {
            match c.unchecked {
                Some(ref why) => out.push_str(&format!(" {} |", cell(why))),
                None => out.push_str(&format!(" {} |", c.by_article.get(article).copied().unwrap_or_default())),
            }
        }
        out.push('\n');
    }
    out.push_str("| **all** |");
    for c in columns {
        if let Some(why) = &c.unchecked {
            out.push_str(&format!(" **{}** |", cell(why)));
            continue;
        }
        let total = c.by_article.values().fold(Tally::default(), |a, t| Tally {
            pass: a.pass + t.pass,
            fail: a.fail + t.fail,
            skip: a.skip + t.skip,
        });
        out.push_str(&format!(" **{total}** |"));
    }
    out.push('\n');
    for c in columns {
        match &c.unchecked {
            None => {}
            Some(Unchecked::NoGoPerft) => out.push_str(&format!("\n{} {NO_GO_PERFT}\n", markdown_text(&c.name))),
            Some(Unchecked::Failed(reason)) => {
                out.push_str(&format!(
                    "\n{} could not be checked: {}\n",
                    markdown_text(&c.name),
                    markdown_text(reason)
                ));
            }
        }
    }
    out
}

/// The cell of a column that could not be checked.
fn cell(why: &Unchecked) -> &'static str {
    match why {
        Unchecked::NoGoPerft => "no go perft",
        Unchecked::Failed(_) => "not checked",
    }
}
