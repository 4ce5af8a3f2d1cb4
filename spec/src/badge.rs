//! `--format badge`: a shields.io endpoint badge (its JSON schema: `schemaVersion` 1, `label`,
//! `message`, `color`), saying how many of the checked cases passed: `P/T passed`.
//!
//! How the outcomes count: `P` is the cases that passed, PASS and XPASS (an expected failure
//! that passed conforms all the same); `T` is every case that was checked, which is every case
//! but the SKIPs (a skip checked nothing, so it neither passes nor fails the badge). FAIL,
//! XFAIL (a known failure is still a failure to conform), ERROR and TIMEOUT count in `T` only.
//! The colour follows the ratio `P/T` ([`colour`]); a run that checked nothing says so in grey.

use serde_json::json;

use crate::outcome::{CaseReport, Outcome, Summary};

/// The badge's label.
pub const LABEL: &str = "FIDE Laws";

/// The cases that passed and the cases checked, as the badge counts them (see the module).
pub fn counts(reports: &[CaseReport]) -> (usize, usize) {
    let s = Summary::of(reports);
    (s.count(Outcome::Pass) + s.count(Outcome::Xpass), s.total() - s.count(Outcome::Skip))
}

/// The shields.io colour for `passed` of `total`: `brightgreen` for all, `green` from 95 %,
/// `yellowgreen` from 80 %, `yellow` from 60 %, `orange` from 40 %, `red` below;
/// `lightgrey` when nothing was checked.
pub fn colour(passed: usize, total: usize) -> &'static str {
    if total == 0 {
        return "lightgrey";
    }
    if passed >= total {
        return "brightgreen";
    }
    // In integers: passed / total >= p / 100.
    let at_least = |percent: usize| passed * 100 >= total * percent;
    match () {
        _ if at_least(95) => "green",
        _ if at_least(80) => "yellowgreen",
        _ if at_least(60) => "yellow",
        _ if at_least(40) => "orange",
        _ => "red",
    }
}

/// The endpoint JSON, one line.
///
/// ```
/// use arbiter_spec::badge::endpoint;
/// let badge: serde_json::Value = serde_json::from_str(&endpoint(&[])).unwrap();
/// assert_eq!(badge["schemaVersion"], 1);
/// assert_eq!(badge["message"], "no cases checked");
/// assert_eq!(badge["color"], "lightgrey");
/// ```
pub fn endpoint(reports: &[CaseReport]) -> String {
    let (passed, total) = counts(reports);
    let message = if total == 0 { "no cases checked".to_owned() } else { format!("{passed}/{total} passed") };
    let badge = json!({"schemaVersion": 1, "label": LABEL, "message": message, "color": colour(passed, total)});
    format!("{badge}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_steps_by_ratio() {
        assert_eq!(colour(10, 10), "brightgreen");
        assert_eq!(colour(19, 20), "green");
        assert_eq!(colour(189, 200), "yellowgreen", "94.5 % is under 95 %");
        assert_eq!(colour(8, 10), "yellowgreen");
        assert_eq!(colour(6, 10), "yellow");
        assert_eq!(colour(4, 10), "orange");
        assert_eq!(colour(3, 10), "red");
        assert_eq!(colour(0, 10), "red");
        assert_eq!(colour(0, 0), "lightgrey");
    }
}
