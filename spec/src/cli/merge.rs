//! `arbiter merge`: the reports of the shards of one run (`arbiter run --shard K/N --format
//! json`) as one report, in any format, with the exit status the whole run would have had.
//!
//! The shards must be one run's: the same implementation, profile, edition and filters, every
//! shard from 1 to N exactly once, and no case in two of them. Anything else is an error (exit
//! status 2) that names the file: a missing shard would otherwise make a failing run pass.
//! One report of a whole run (no `--shard`) is read alone: `arbiter merge report.json --format
//! junit` writes the same run in another format, with its exit status.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_spec::excerpt::{excerpt, printable};
use arbiter_spec::outcome::CaseReport;
use arbiter_spec::report::{self, Format, RunInfo};
use serde::Deserialize;

use super::selection::Shard;

#[derive(clap::Args)]
pub struct Args {
    /// The shards' reports (`arbiter run --shard K/N --format json`), one per shard.
    #[arg(required = true, value_name = "REPORT.json")]
    pub reports: Vec<PathBuf>,
    /// The merged report's format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// An XPASS does not fail the merged run.
    #[arg(long)]
    pub allow_xpass: bool,
}

/// A report as `--format json` writes it (the fields merge needs).
#[derive(Deserialize)]
struct Document {
    implementation: String,
    profile: String,
    #[serde(default)]
    rules: String,
    laws: String,
    #[serde(default)]
    rerun: String,
    #[serde(default)]
    selection: String,
    #[serde(default)]
    shard: Option<String>,
    cases: Vec<CaseReport>,
}

/// The largest report file merge reads (256 MiB): the reports of the whole corpus are a few MiB.
const MAX_REPORT_BYTES: u64 = 256 << 20;

pub fn run(args: Args) -> ExitCode {
    match merge(&args.reports) {
        Ok((info, reports)) => {
            out!("{}", report::render(args.format, &info, &reports));
            super::run::exit_status(&reports, args.allow_xpass)
        }
        Err(message) => {
            eprintln!("arbiter merge: {}", printable(&message));
            ExitCode::from(2)
        }
    }
}

/// Reads and checks the shards' reports: one run's shards, each once, no case twice.
fn merge(paths: &[PathBuf]) -> Result<(RunInfo, Vec<CaseReport>), String> {
    let mut first: Option<(PathBuf, Document)> = None;
    let mut shards: Vec<Option<PathBuf>> = Vec::new();
    let mut cases: Vec<CaseReport> = Vec::new();
    let mut seen = std::collections::BTreeMap::<String, PathBuf>::new();
    for path in paths {
        let name = path.display().to_string();
        let bytes = arbiter_spec::corpus::read_bytes(path, MAX_REPORT_BYTES).map_err(|e| format!("{name}: {e}"))?;
        let doc: Document = serde_json::from_slice(&bytes)
            .map_err(|e| format!("{name}: not a report of `arbiter run --format json` ({e})"))?;
        let shard = match &doc.shard {
            Some(text) => Shard::parse(text).map_err(|e| format!("{name}: shard {}: {e}", excerpt(text)))?,
            None if paths.len() == 1 => Shard { index: 1, count: 1 },
            None => return Err(format!("{name}: not the report of a shard (the run had no --shard)")),
        };
        if let Some((first_path, f)) = &first {
            let same = |what: &str, a: &str, b: &str| {
                if a == b {
                    Ok(())
                } else {
                    Err(format!(
                        "{name}: another run's shard: its {what} is {}, {}'s is {}",
                        excerpt(b),
                        first_path.display(),
                        excerpt(a)
                    ))
                }
            };
            same("implementation", &f.implementation, &doc.implementation)?;
            same("profile", &f.profile, &doc.profile)?;
            same("edition", &f.laws, &doc.laws)?;
            same("selection", &f.selection, &doc.selection)?;
            if shards.len() != shard.count as usize {
                return Err(format!(
                    "{name}: shard {shard} of another split: {} is one of {}",
                    first_path.display(),
                    shards.len()
                ));
            }
        } else {
            shards = vec![None; shard.count as usize];
        }
        let slot = &mut shards[shard.index as usize - 1];
        if let Some(other) = slot {
            return Err(format!("{name}: shard {shard} is given twice (also {})", other.display()));
        }
        *slot = Some(path.clone());
        for case in &doc.cases {
            if let Some(other) = seen.insert(case.id.clone(), path.clone()) {
                return Err(format!("{name}: the case {} is also in {}", excerpt(&case.id), other.display()));
            }
        }
        cases.extend(doc.cases.iter().cloned());
        if first.is_none() {
            first = Some((path.clone(), doc));
        }
    }
    let missing: Vec<String> = shards
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_none())
        .map(|(i, _)| format!("{}/{}", i + 1, shards.len()))
        .collect();
    if !missing.is_empty() {
        return Err(format!("shard(s) {} missing: the merged run would leave their cases out", missing.join(", ")));
    }
    let Some((_, f)) = first else { return Err("no report given".into()) };
    // The corpus's order: by file, then line.
    cases.sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
    let info = RunInfo {
        implementation: f.implementation,
        profile: f.profile,
        rules: f.rules,
        laws: f.laws,
        rerun: f.rerun,
        selection: f.selection,
        shard: None,
    };
    Ok((info, cases))
}
