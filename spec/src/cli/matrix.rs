//! `arbiter matrix`: the corpus against several implementations at once, as a markdown table of
//! pass, fail and skip counts by article of the Laws (the reference core is always a column).

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Duration;

use arbiter_spec::outcome::{CaseReport, Outcome};
use arbiter_spec::profile::{self, DEFAULT_PROFILE};
use arbiter_spec::runner::{self, RunOptions};

use super::run::Peer;
use super::selection::{print_errors, Selection};

#[derive(clap::Args)]
pub struct Args {
    /// A program speaking the adapter protocol (repeatable).
    #[arg(long, value_name = "CMD")]
    pub adapter: Vec<String>,
    /// A UCI engine (repeatable): move generation only.
    #[arg(long, value_name = "CMD")]
    pub uci: Vec<String>,
    /// The rule profile.
    #[arg(long, default_value = DEFAULT_PROFILE)]
    pub profile: String,
    #[command(flatten)]
    pub selection: Selection,
    /// Skip perft expectations over this many nodes (for every implementation).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Seconds an implementation may take per request.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub timeout: f64,
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

/// One column: an implementation's name and its tallies by article.
pub struct Column {
    pub name: String,
    pub by_article: BTreeMap<ArticleKey, Tally>,
}

/// An article of the Laws, ordered as in the Laws: numbered articles, then the appendices and
/// guidelines by name.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ArticleKey {
    /// `false` for a numbered article, so that those come first.
    lettered: bool,
    number: u32,
    name: String,
}

impl ArticleKey {
    fn of(article: &str) -> ArticleKey {
        let number = article.parse().ok();
        ArticleKey { lettered: number.is_none(), number: number.unwrap_or(0), name: article.to_owned() }
    }
}

pub fn run(args: Args) -> ExitCode {
    match matrix(&args) {
        Ok(table) => {
            out!("{table}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("arbiter matrix: {message}");
            ExitCode::from(2)
        }
    }
}

fn matrix(args: &Args) -> Result<String, String> {
    let profile = profile::find(&args.profile)
        .ok_or_else(|| format!("unknown profile {:?} (known: {})", args.profile, profile::names()))?;
    let mut options = RunOptions::new(profile);
    options.max_nodes = args.max_nodes;
    if !(args.timeout > 0.0 && args.timeout.is_finite()) {
        return Err(format!("--timeout {}: expected a positive number of seconds", args.timeout));
    }
    let timeout = Duration::from_secs_f64(args.timeout);
    let corpus = args.selection.load_checked().map_err(|errors| {
        print_errors(&errors);
        "the corpus has errors".to_owned()
    })?;
    let cases = args.selection.select(&corpus);
    let mut peers = vec![Peer::Reference];
    peers.extend(args.adapter.iter().map(|command| Peer::Adapter { command: command.clone(), timeout }));
    peers.extend(args.uci.iter().map(|command| Peer::Uci { command: command.clone(), timeout }));
    let mut columns = Vec::new();
    for peer in &peers {
        // An implementation that does not start is a column of errors, not the end of the table.
        let kind = if matches!(peer, Peer::Uci { .. }) { " (UCI)" } else { "" };
        let reports = match peer.check_start(&options) {
            Ok(name) => {
                let reports = runner::run(&cases, &|| peer.start(&options), &options, &|_: &CaseReport| {});
                Ok((format!("{name}{kind}"), reports))
            }
            Err(message) => Err(message),
        };
        let (name, reports) = reports.unwrap_or_else(|message| {
            eprintln!("arbiter matrix: {message}");
            (format!("{} (did not start)", peer.describe()), runner::unable_to_run(&cases, &message))
        });
        columns.push(column(name, &reports));
    }
    Ok(render(&columns, &options))
}

/// Tallies the reports by article.
pub fn column(name: String, reports: &[CaseReport]) -> Column {
    let mut by_article: BTreeMap<ArticleKey, Tally> = BTreeMap::new();
    for report in reports {
        by_article.entry(ArticleKey::of(&report.article)).or_default().add(report.outcome);
    }
    Column { name, by_article }
}

/// The markdown table: one row per article plus a total row; cells are pass / fail / skip.
pub fn render(columns: &[Column], options: &RunOptions) -> String {
    let mut out = format!(
        "Profile {}, Laws of {}{}. Cells: passed / failed (FAIL, ERROR, TIMEOUT) / skipped cases.\n\n",
        options.profile.name,
        options.laws,
        options.max_nodes.map(|n| format!(", perft over {n} nodes skipped")).unwrap_or_default()
    );
    out.push_str("| Article |");
    for c in columns {
        out.push_str(&format!(" {} |", c.name));
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(columns.len()));
    out.push('\n');
    let articles: std::collections::BTreeSet<&ArticleKey> = columns.iter().flat_map(|c| c.by_article.keys()).collect();
    for article in articles {
        out.push_str(&format!("| {} |", article.name));
        for c in columns {
            out.push_str(&format!(" {} |", c.by_article.get(article).copied().unwrap_or_default()));
        }
        out.push('\n');
    }
    out.push_str("| **all** |");
    for c in columns {
        let total = c.by_article.values().fold(Tally::default(), |a, t| Tally {
            pass: a.pass + t.pass,
            fail: a.fail + t.fail,
            skip: a.skip + t.skip,
        });
        out.push_str(&format!(" **{total}** |"));
    }
    out.push('\n');
    out
}
