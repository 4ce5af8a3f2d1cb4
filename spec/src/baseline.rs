//! Baselines: an implementation's known failures (`arbiter run --expect FILE`), and writing
//! them from a run (`--write-expect FILE`).
//!
//! The file holds one case id per line, optionally followed by the outcomes it is known to
//! have (`FAIL`, `ERROR`, `TIMEOUT`, separated by spaces or commas; `FAIL` when none is
//! written), and `#` comments. A listed case that fails in a listed way is XFAIL; one that
//! passes is XPASS (it has been fixed: take it out); any other outcome counts as usual.
//!
//! ```
//! use arbiter_spec::baseline::Baseline;
//! use arbiter_spec::outcome::Outcome;
//!
//! let text = "# known\nslow-perft TIMEOUT\nep-pin   # FIDE 3.7.3.2\n";
//! let baseline = Baseline::parse("x.txt", text, &|id| id != "gone").unwrap();
//! assert!(baseline.expects("slow-perft", Outcome::Timeout));
//! assert!(baseline.expects("ep-pin", Outcome::Fail));
//! assert!(!baseline.expects("ep-pin", Outcome::Error));
//! assert!(Baseline::parse("x.txt", "gone\n", &|id| id != "gone").is_err());
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use crate::excerpt::excerpt;
use crate::outcome::{CaseReport, Outcome};

/// The outcomes a baseline may list.
pub const LISTABLE: [Outcome; 3] = [Outcome::Fail, Outcome::Error, Outcome::Timeout];

/// Known failures: case id to the outcomes it is known to have.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Baseline {
    entries: BTreeMap<String, BTreeSet<Outcome>>,
}

impl Baseline {
    /// Every case of `ids` known to FAIL.
    pub fn failing<I: IntoIterator<Item = S>, S: Into<String>>(ids: I) -> Baseline {
        Baseline { entries: ids.into_iter().map(|id| (id.into(), BTreeSet::from([Outcome::Fail]))).collect() }
    }

    /// Reads a baseline file's text (`name` for messages). A line that is not an id and
    /// outcomes, an outcome that cannot be listed, an id listed twice or an id `known` refuses
    /// (no case has it) is an error naming the file and the line; every such line is returned.
    pub fn parse(name: &str, text: &str, known: &dyn Fn(&str) -> bool) -> Result<Baseline, Vec<String>> {
        let mut entries: BTreeMap<String, BTreeSet<Outcome>> = BTreeMap::new();
        let mut problems = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let at = format!("{name}:{}", number + 1);
            let entry = line.split('#').next().unwrap_or("").trim();
            let mut words = entry.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty());
            let Some(id) = words.next() else { continue };
            let mut outcomes = BTreeSet::new();
            for word in words {
                match LISTABLE.iter().find(|o| o.name() == word) {
                    Some(o) => {
                        outcomes.insert(*o);
                    }
                    None => problems.push(format!(
                        "{at}: {} is not an outcome a baseline lists (one id per line, then any of FAIL, ERROR, TIMEOUT; `#` comments)",
                        excerpt(word)
                    )),
                }
            }
            if outcomes.is_empty() {
                outcomes.insert(Outcome::Fail);
            }
            if !known(id) {
                problems.push(format!("{at}: no case has the id {}", excerpt(id)));
            } else if entries.insert(id.to_owned(), outcomes).is_some() {
                problems.push(format!("{at}: {} is listed twice", excerpt(id)));
            }
        }
        if problems.is_empty() {
            Ok(Baseline { entries })
        } else {
            Err(problems)
        }
    }

    /// Whether the case `id` is listed.
    pub fn contains(&self, id: &str) -> bool {
        self.entries.contains_key(id)
    }

    /// Whether the case `id` is known to have `outcome`.
    pub fn expects(&self, id: &str, outcome: Outcome) -> bool {
        self.entries.get(id).is_some_and(|o| o.contains(&outcome))
    }

    /// The number of cases listed.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no case is listed.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// An outcome as the baseline judges it: a listed failure is XFAIL, a listed case that
    /// passed XPASS.
    pub fn judge(&self, id: &str, outcome: Outcome) -> Outcome {
        match outcome {
            Outcome::Pass if self.contains(id) => Outcome::Xpass,
            Outcome::Fail | Outcome::Error | Outcome::Timeout if self.expects(id, outcome) => Outcome::Xfail,
            other => other,
        }
    }
}

/// The failure a report stands for in a baseline: its outcome, or for an XFAIL the failure the
/// baseline knew it by.
fn failure_of(report: &CaseReport) -> Option<Outcome> {
    match report.outcome {
        Outcome::Fail | Outcome::Error | Outcome::Timeout => Some(report.outcome),
        Outcome::Xfail => Some(report.known_failure.unwrap_or(Outcome::Fail)),
        Outcome::Pass | Outcome::Xpass | Outcome::Skip => None,
    }
}

/// The baseline file of a run (`--write-expect`): every case that failed, errored or timed out,
/// in the order run, each after comments that say what went wrong (its mismatches, or its
/// reason), under a header naming the implementation and the profile. Read back with
/// [`Baseline::parse`], it makes the same run pass.
pub fn write(implementation: &str, profile: &str, reports: &[CaseReport]) -> String {
    let comment = |text: &str| crate::report::shown(text).replace('\n', " ");
    let mut out = String::new();
    let _ = writeln!(out, "# Known failures of {} under the profile {}.", comment(implementation), comment(profile));
    let _ = writeln!(out, "# Written by `arbiter run --write-expect`; read by `arbiter run --expect`.");
    for report in reports {
        let Some(outcome) = failure_of(report) else { continue };
        out.push('\n');
        let _ =
            writeln!(out, "# {} ({}:{})", report.refs.join(", "), comment(&report.file.to_string_lossy()), report.line);
        for m in &report.mismatches {
            let _ =
                writeln!(out, "# {}: expected {}, got {}", comment(&m.what), comment(&m.expected), comment(&m.actual));
        }
        if let Some(reason) = &report.reason {
            let _ = writeln!(out, "# {}", comment(reason));
        }
        match outcome {
            Outcome::Fail => out.push_str(&report.id),
            other => {
                let _ = write!(out, "{} {}", report.id, other.name());
            }
        }
        out.push('\n');
    }
    out
}
