//! What running a case gives: its outcome, and the report line the reports print.

use std::fmt;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// The outcome of one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Outcome {
    /// Every expectation held.
    Pass,
    /// Not checked: the implementation cannot answer what the case asks, or the run leaves it out
    /// (perft over `--max-nodes`); the reason says which.
    Skip,
    /// Failed, and listed in `--expect FILE` as expected to fail.
    Xfail,
    /// An expectation did not hold.
    Fail,
    /// Passed, though listed in `--expect FILE` as expected to fail (fails the run).
    Xpass,
    /// The case could not be run, or the implementation broke (crashed, answered nonsense).
    Error,
    /// The implementation did not answer within the deadline.
    Timeout,
}

impl Outcome {
    /// Every outcome, in the order the summary line counts them.
    pub const ALL: [Outcome; 7] =
        [Outcome::Pass, Outcome::Fail, Outcome::Skip, Outcome::Xfail, Outcome::Xpass, Outcome::Error, Outcome::Timeout];

    /// The outcome as reports print it (`PASS`).
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Pass => "PASS",
            Outcome::Fail => "FAIL",
            Outcome::Xfail => "XFAIL",
            Outcome::Xpass => "XPASS",
            Outcome::Skip => "SKIP",
            Outcome::Error => "ERROR",
            Outcome::Timeout => "TIMEOUT",
        }
    }
    /// The word in the summary line (`3 passed, 1 failed, ...`).
    pub fn summary_word(self) -> &'static str {
        match self {
            Outcome::Pass => "passed",
            Outcome::Fail => "failed",
            Outcome::Xfail => "xfailed",
            Outcome::Xpass => "xpassed",
            Outcome::Skip => "skipped",
            Outcome::Error => "errors",
            Outcome::Timeout => "timeouts",
        }
    }
    /// Whether this outcome makes the run fail (exit status 1).
    pub fn is_unexpected(self) -> bool {
        matches!(self, Outcome::Fail | Outcome::Xpass | Outcome::Error | Outcome::Timeout)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An expectation that did not hold.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mismatch {
    /// What was checked, e.g. `legal_moves` or `perft 3`.
    pub what: String,
    /// What the case expected.
    pub expected: String,
    /// What the implementation answered.
    pub actual: String,
    /// The moves (UCI) the case expected where the answer differs: the move expected, or the
    /// moves missing from the answer (the HTML report's board marks them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expected_moves: Vec<String>,
    /// The moves (UCI) the implementation answered where they differ from the case's: the move
    /// answered, or the moves the case did not expect (as answered, unchecked).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actual_moves: Vec<String>,
    /// What arbiter found out about the difference (for perft: the first position, down the
    /// divide, where the legal moves differ).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The report of one case.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CaseReport {
    /// The case's id.
    pub id: String,
    /// The case file, relative to the corpus directory (in JSON as lossy UTF-8: a file name
    /// that is not UTF-8 shows U+FFFD where its bad bytes were).
    #[serde(serialize_with = "serialize_lossy")]
    pub file: PathBuf,
    /// The line of the case's `id` in its file.
    pub line: usize,
    /// The article of the case's first clause (`3` for `3.7.3.1`).
    pub article: String,
    /// The clauses the case tests, as written in its `refs`.
    pub refs: Vec<String>,
    /// What running the case gave.
    pub outcome: Outcome,
    /// Why it was skipped, errored or timed out; for a PASS, what could not be checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The expectations that did not hold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mismatches: Vec<Mismatch>,
    /// For an XFAIL, the failure the baseline lists it with: FAIL, ERROR or TIMEOUT.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub known_failure: Option<Outcome>,
    /// How long the case took, in seconds (its requests and the implementation's answers).
    #[serde(default)]
    pub seconds: f64,
    /// The case's description (its rule in plain words).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The position the case asks about, as FEN: its start with its moves (or its PGN) played
    /// by the reference core, or the start as written when the core cannot read it and nothing
    /// is played on it (a position the case expects to be refused); none when its moves cannot
    /// be played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
}

/// A path as a string, lossily: serde refuses a path that is not UTF-8.
fn serialize_lossy<S: serde::Serializer>(path: &std::path::Path, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&path.to_string_lossy())
}

/// The counts of each outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Cases that passed.
    pub passed: usize,
    /// Cases that failed.
    pub failed: usize,
    /// Cases skipped.
    pub skipped: usize,
    /// Cases that failed as expected (`--expect`).
    pub xfailed: usize,
    /// Cases that passed though expected to fail.
    pub xpassed: usize,
    /// Cases that could not be run or whose implementation broke.
    pub errors: usize,
    /// Cases whose implementation did not answer in time.
    pub timeouts: usize,
}

impl Summary {
    /// The counts of the outcomes of `reports`.
    pub fn of(reports: &[CaseReport]) -> Summary {
        let mut s = Summary::default();
        for r in reports {
            *s.slot(r.outcome) += 1;
        }
        s
    }
    fn slot(&mut self, outcome: Outcome) -> &mut usize {
        match outcome {
            Outcome::Pass => &mut self.passed,
            Outcome::Fail => &mut self.failed,
            Outcome::Skip => &mut self.skipped,
            Outcome::Xfail => &mut self.xfailed,
            Outcome::Xpass => &mut self.xpassed,
            Outcome::Error => &mut self.errors,
            Outcome::Timeout => &mut self.timeouts,
        }
    }
    /// The number of cases with `outcome`.
    pub fn count(&self, outcome: Outcome) -> usize {
        let mut copy = *self;
        *copy.slot(outcome)
    }
    /// The number of cases.
    pub fn total(&self) -> usize {
        Outcome::ALL.iter().map(|o| self.count(*o)).sum()
    }
    /// Whether nothing unexpected happened.
    pub fn is_success(&self) -> bool {
        Outcome::ALL.iter().all(|o| !o.is_unexpected() || self.count(*o) == 0)
    }
}

impl fmt::Display for Summary {
    /// `N passed, N failed, N skipped, N xfailed, N xpassed, N errors, N timeouts`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let order = [
            Outcome::Pass,
            Outcome::Fail,
            Outcome::Skip,
            Outcome::Xfail,
            Outcome::Xpass,
            Outcome::Error,
            Outcome::Timeout,
        ];
        let parts: Vec<String> = order.iter().map(|o| format!("{} {}", self.count(*o), o.summary_word())).collect();
        f.write_str(&parts.join(", "))
    }
}
