//! `arbiter matrix`: the corpus against several implementations at once, as a markdown table of
//! pass, fail and skip counts by article of the Laws (the reference core is always a column).

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Duration;

use arbiter_spec::clauses::ClauseKey;
use arbiter_spec::excerpt::{excerpt, printable};
use arbiter_spec::outcome::{CaseReport, Outcome};
use arbiter_spec::profile::{self, DEFAULT_PROFILE};
use arbiter_spec::report::{markdown_text, shown};
use arbiter_spec::runner::{self, RunOptions};

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
    /// The rule profile.
    #[arg(long, default_value = DEFAULT_PROFILE)]
    pub profile: String,
    #[command(flatten)]
    pub selection: Selection,
    /// Skip perft expectations over this many nodes (for every implementation).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Seconds an implementation may take per request (over 0, at most a day).
    #[arg(long, default_value = "10", value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Duration,
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

/// One column: an implementation's name and its tallies by article, or why it could not be
/// checked at all.
pub struct Column {
    pub name: String,
    /// Why the implementation could not be checked (its `hello` failed): its cells say
    /// "not checked" and a note under the table says why.
    pub unchecked: Option<String>,
    pub by_article: BTreeMap<ClauseKey, Tally>,
}

/// Prints the table; the status is 1 when an implementation could not be checked (its column
/// says why), 2 on a usage or corpus error.
pub fn run(args: Args) -> ExitCode {
    match matrix(&args) {
        Ok((columns, table)) => {
            out!("{table}");
            let mut status = ExitCode::SUCCESS;
            for column in columns.iter().filter(|c| c.unchecked.is_some()) {
                let reason = column.unchecked.as_deref().unwrap_or_default();
                eprintln!("arbiter matrix: {} could not be checked: {}", shown(&column.name), shown(reason));
                status = ExitCode::from(1);
            }
            status
        }
        Err(message) => {
            eprintln!("arbiter matrix: {}", printable(&message));
            ExitCode::from(2)
        }
    }
}

fn matrix(args: &Args) -> Result<(Vec<Column>, String), String> {
    let profile = profile::find(&args.profile)
        .ok_or_else(|| format!("unknown profile {} (known: {})", excerpt(&args.profile), profile::names()))?;
    let mut options = RunOptions::new(profile);
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
    let mut columns = Vec::new();
    for peer in &peers {
        // An implementation that does not start is a column saying why, not the end of the table.
        match peer.check_start(&options).map(|hello| hello.name) {
            Ok(name) => {
                let kind = if matches!(peer, Peer::Uci { .. }) { " (UCI)" } else { "" };
                let reports = runner::run(&cases, &|| peer.start(&options), &options, &|_: &CaseReport| {});
                columns.push(column(format!("{name}{kind}"), &reports));
            }
            Err(reason) => columns.push(unchecked(peer, reason)),
        }
    }
    let table = render(&columns, &options);
    Ok((columns, table))
}

/// The column of an implementation that could not be checked, named by its command.
fn unchecked(peer: &Peer, reason: String) -> Column {
    let name = match peer {
        Peer::Reference { .. } => "arbiter-core".to_owned(),
        Peer::Adapter { command, .. } => command.clone(),
        Peer::Uci { command, .. } => format!("{command} (UCI)"),
    };
    Column { name, unchecked: Some(reason), by_article: BTreeMap::new() }
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
/// "not checked" in the column of an implementation that could not be checked (a note under
/// the table says why). Names and reasons are escaped for Markdown ([`markdown_text`]).
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
                Some(_) => out.push_str(" not checked |"),
                None => out.push_str(&format!(" {} |", c.by_article.get(article).copied().unwrap_or_default())),
            }
        }
        out.push('\n');
    }
    out.push_str("| **all** |");
    for c in columns {
        if c.unchecked.is_some() {
            out.push_str(" **not checked** |");
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
        if let Some(reason) = &c.unchecked {
            out.push_str(&format!("\n{} could not be checked: {}\n", markdown_text(&c.name), markdown_text(reason)));
        }
    }
    out
}
