//! What one expectation gave, and the ways of arriving at it that every operation shares: a
//! comparison, a failed answer, and "cannot answer" in all its forms (an operation the
//! implementation did not declare, an answer `unsupported`, a field it does not report).

use std::collections::BTreeSet;

use crate::implementation::{Answer, Failure};
use crate::outcome::Mismatch;
use crate::protocol::{ErrorKind, Reply};

/// What one expectation gave.
#[derive(Clone, Debug)]
pub(crate) enum Verdict {
    Pass,
    /// Boxed: a mismatch is large, and verdicts pass through `Result`s.
    Fail(Box<Mismatch>),
    Skip(String),
    Error(String),
    /// No answer in time: which request, and how the program was.
    Timeout(String),
}

pub(crate) fn mismatch(what: impl Into<String>, expected: impl Into<String>, actual: impl Into<String>) -> Verdict {
    Verdict::Fail(Box::new(Mismatch {
        what: what.into(),
        expected: expected.into(),
        actual: actual.into(),
        ..Mismatch::default()
    }))
}

/// `verdict` with the moves of its mismatch (UCI) for the board diagram of the HTML report:
/// those the case expected and those the implementation answered ([`Mismatch::expected_moves`],
/// [`Mismatch::actual_moves`]); any other verdict as it is.
pub(crate) fn with_moves(verdict: Verdict, expected: Vec<String>, actual: Vec<String>) -> Verdict {
    match verdict {
        Verdict::Fail(m) => Verdict::Fail(Box::new(Mismatch { expected_moves: expected, actual_moves: actual, ..*m })),
        other => other,
    }
}

pub(crate) fn compare<T: PartialEq + serde::Serialize>(what: &str, expected: &T, actual: &T) -> Verdict {
    if expected == actual {
        Verdict::Pass
    } else {
        mismatch(what, show(expected), show(actual))
    }
}

/// A value as reports show it: as the protocol writes it, in JSON (`"fifty_moves"`, `"0-1"`,
/// `["e2e4","d2d4"]`), so that a mismatch reads in the words of the protocol and the case
/// format, not of arbiter's Rust types.
pub(crate) fn show<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("(cannot be shown: {e})"))
}

/// The one way of saying that the implementation cannot answer: a skip, with the
/// implementation's note (see [`Hello::note`](crate::protocol::Hello::note)).
pub(crate) fn unable(note: Option<&str>, reason: String) -> Verdict {
    Verdict::Skip(match note {
        Some(note) => format!("{note}: {reason}"),
        None => reason,
    })
}

/// A field of an answer the implementation left out.
pub(crate) fn unreported(note: Option<&str>, field: &str) -> Verdict {
    unable(note, format!("the implementation does not report `{field}`"))
}

/// The verdict for an expectation whose request failed: `unsupported` cannot answer, another
/// error answered is a mismatch (an answer was wanted), a broken program an error, no answer
/// in time a timeout.
pub(crate) fn failed(what: &str, failure: Failure, note: Option<&str>) -> Verdict {
    match failure {
        Failure::Answered(body) if body.kind == ErrorKind::Unsupported => {
            unable(note, format!("{what}: the implementation answered unsupported ({})", body.message))
        }
        Failure::Answered(body) => mismatch(what, "an answer", body.to_string()),
        Failure::Broken(message) => Verdict::Error(format!("{what}: {message}")),
        Failure::Timeout(message) => Verdict::Timeout(format!("{what}: {message}")),
    }
}

/// The answer as the type the request asks for, or the verdict when there is none.
pub(crate) fn take<T: TryFrom<Reply, Error = Reply>>(
    what: &str,
    answer: Answer<Reply>,
    note: Option<&str>,
) -> Result<T, Verdict> {
    match answer {
        Ok(reply) => T::try_from(reply)
            .map_err(|other| Verdict::Error(format!("{what}: answered with an answer to {}", other.op_name()))),
        Err(failure) => Err(failed(what, failure, note)),
    }
}

/// Compares an expected field with the reported one: nothing when the case does not name
/// it, a skip when the implementation does not report it.
pub(crate) fn reported<T: PartialEq + serde::Serialize>(
    what: &str,
    expected: &Option<T>,
    actual: &Option<T>,
    note: Option<&str>,
) -> Option<Verdict> {
    match (expected, actual) {
        (None, _) => None,
        (Some(_), None) => Some(unable(note, format!("{what}: the implementation does not report it"))),
        (Some(e), Some(a)) => Some(compare(what, e, a)),
    }
}

/// Compares two sets of moves, naming what is missing and what is extra.
pub(crate) fn compare_sets(
    what: &str,
    expected: &[String],
    actual: Option<&Vec<String>>,
    note: Option<&str>,
) -> Verdict {
    let Some(actual) = actual else {
        return unreported(note, what);
    };
    let want: BTreeSet<&String> = expected.iter().collect();
    let got: BTreeSet<&String> = actual.iter().collect();
    if want == got {
        return Verdict::Pass;
    }
    let missing: Vec<&&String> = want.difference(&got).collect();
    let extra: Vec<&&String> = got.difference(&want).collect();
    let verdict = mismatch(
        what,
        format!("{} moves; missing {missing:?}", want.len()),
        format!("{} moves; extra {extra:?}", got.len()),
    );
    with_moves(verdict, missing.iter().map(|m| (**m).clone()).collect(), extra.iter().map(|m| (**m).clone()).collect())
}
