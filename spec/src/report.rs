//! The reports of a run: human, JSON lines, JUnit XML, TAP and Markdown.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde_json::json;

use crate::outcome::{CaseReport, Outcome, Summary};

/// A report format (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Human,
    Json,
    Junit,
    Tap,
    Markdown,
}

/// What a report says about the run besides the cases.
#[derive(Clone, Debug)]
pub struct RunInfo {
    /// The implementation (`hello`'s name, or the command).
    pub implementation: String,
    pub profile: String,
    pub laws: String,
    /// The command that reruns one case, without the case (`--id ID` is appended).
    pub rerun: String,
}

/// Renders the reports in `format`.
pub fn render(format: Format, info: &RunInfo, reports: &[CaseReport]) -> String {
    match format {
        Format::Human => human(info, reports),
        Format::Json => json_lines(info, reports),
        Format::Junit => junit(info, reports),
        Format::Tap => tap(reports),
        Format::Markdown => markdown(info, reports),
    }
}

/// Reports grouped by article, articles in the order of the clause list (numbers first).
fn by_article(reports: &[CaseReport]) -> BTreeMap<ArticleKey, Vec<&CaseReport>> {
    let mut groups: BTreeMap<ArticleKey, Vec<&CaseReport>> = BTreeMap::new();
    for r in reports {
        groups.entry(ArticleKey::of(&r.article)).or_default().push(r);
    }
    groups
}

/// Sorts articles 1..12 numerically, then appendices (A-D), then guidelines (I-III).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct ArticleKey(Part, u32, String);

/// The part of the Laws an article belongs to, in the order of the Laws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Part {
    Article,
    Appendix,
    Guidelines,
}

impl ArticleKey {
    fn of(article: &str) -> ArticleKey {
        match article.parse::<u32>() {
            Ok(n) => ArticleKey(Part::Article, n, article.to_owned()),
            Err(_) if article.len() == 1 => ArticleKey(Part::Appendix, 0, article.to_owned()),
            Err(_) => ArticleKey(Part::Guidelines, 0, article.to_owned()),
        }
    }
    fn title(&self) -> String {
        match self.0 {
            Part::Article => format!("Article {}", self.2),
            Part::Appendix => format!("Appendix {}", self.2),
            Part::Guidelines => format!("Guidelines {}", self.2),
        }
    }
}

fn human(info: &RunInfo, reports: &[CaseReport]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "arbiter: {} under profile {} (Laws of {})", info.implementation, info.profile, info.laws);
    for (article, group) in by_article(reports) {
        let bad: Vec<&&CaseReport> = group.iter().filter(|r| r.outcome.is_unexpected()).collect();
        if bad.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n== {} ==", article.title());
        for r in bad {
            let _ = writeln!(out, "{} {} ({}:{}) [{}]", r.outcome, r.id, r.file.display(), r.line, r.refs.join(", "));
            if let Some(reason) = &r.reason {
                let _ = writeln!(out, "    {reason}");
            }
            for m in &r.mismatches {
                let _ = writeln!(out, "    {}:\n      expected: {}\n      actual:   {}", m.what, m.expected, m.actual);
            }
            let _ = writeln!(out, "    rerun: {} --id {}", info.rerun, r.id);
        }
    }
    let _ = writeln!(out, "\n{}", Summary::of(reports));
    out
}

fn json_lines(info: &RunInfo, reports: &[CaseReport]) -> String {
    let mut out = String::new();
    for r in reports {
        let _ = writeln!(out, "{}", json!(r));
    }
    let summary = Summary::of(reports);
    let _ = writeln!(
        out,
        "{}",
        json!({"summary": summary, "implementation": info.implementation, "profile": info.profile, "laws": info.laws})
    );
    out
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The details of a case that did not pass, as text.
fn details(r: &CaseReport) -> String {
    let mut text = r.reason.clone().unwrap_or_default();
    for m in &r.mismatches {
        if !text.is_empty() {
            text.push('\n');
        }
        let _ = write!(text, "{}: expected {}, actual {}", m.what, m.expected, m.actual);
    }
    text
}

fn junit(info: &RunInfo, reports: &[CaseReport]) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let summary = Summary::of(reports);
    let _ = writeln!(
        out,
        "<testsuites name=\"arbiter {}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
        xml_escape(&info.profile),
        summary.total(),
        summary.failed + summary.xpassed,
        summary.errors + summary.timeouts,
        summary.skipped + summary.xfailed,
    );
    for (article, group) in by_article(reports) {
        let s = Summary::of(&group.iter().map(|r| (*r).clone()).collect::<Vec<_>>());
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
            xml_escape(&article.title()),
            s.total(),
            s.failed + s.xpassed,
            s.errors + s.timeouts,
            s.skipped + s.xfailed,
        );
        for r in group {
            let _ = write!(
                out,
                "    <testcase name=\"{}\" classname=\"{}\"",
                xml_escape(&r.id),
                xml_escape(&r.file.display().to_string())
            );
            let body = xml_escape(&details(r));
            let element = match r.outcome {
                Outcome::Pass => None,
                Outcome::Fail | Outcome::Xpass => Some("failure"),
                Outcome::Error | Outcome::Timeout => Some("error"),
                Outcome::Skip | Outcome::Xfail => Some("skipped"),
            };
            match element {
                None => out.push_str("/>\n"),
                Some(tag) => {
                    let _ = writeln!(out, ">\n      <{tag} message=\"{}\">{body}</{tag}>\n    </testcase>", r.outcome);
                }
            }
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

fn tap(reports: &[CaseReport]) -> String {
    let mut out = format!("TAP version 13\n1..{}\n", reports.len());
    for (n, r) in reports.iter().enumerate() {
        let ok = if r.outcome.is_unexpected() { "not ok" } else { "ok" };
        let directive = match r.outcome {
            Outcome::Skip => format!(" # SKIP {}", r.reason.clone().unwrap_or_default()),
            Outcome::Xfail => " # TODO expected failure".to_owned(),
            _ => String::new(),
        };
        let _ = writeln!(out, "{ok} {} - {}{directive}", n + 1, r.id);
        if r.outcome.is_unexpected() {
            let _ = writeln!(out, "  ---\n  outcome: {}\n  file: {}:{}", r.outcome, r.file.display(), r.line);
            for line in details(r).lines() {
                let _ = writeln!(out, "  # {line}");
            }
            out.push_str("  ...\n");
        }
    }
    out
}

fn markdown(info: &RunInfo, reports: &[CaseReport]) -> String {
    let mut out = format!(
        "## arbiter: {} (profile {}, Laws of {})\n\n| article | passed | failed | skipped | xfailed | xpassed | errors | timeouts |\n|---|---|---|---|---|---|---|---|\n",
        info.implementation, info.profile, info.laws
    );
    let row = |name: &str, s: &Summary| {
        format!(
            "| {name} | {} | {} | {} | {} | {} | {} | {} |\n",
            s.passed, s.failed, s.skipped, s.xfailed, s.xpassed, s.errors, s.timeouts
        )
    };
    for (article, group) in by_article(reports) {
        let s = Summary::of(&group.iter().map(|r| (*r).clone()).collect::<Vec<_>>());
        out.push_str(&row(&article.title(), &s));
    }
    out.push_str(&row("**total**", &Summary::of(reports)));
    let bad: Vec<&CaseReport> = reports.iter().filter(|r| r.outcome.is_unexpected()).collect();
    if !bad.is_empty() {
        out.push_str("\n### Unexpected outcomes\n\n");
        for r in bad {
            let _ = writeln!(
                out,
                "- **{}** `{}` ({}): {}",
                r.outcome,
                r.id,
                r.refs.join(", "),
                details(r).replace('\n', "; ")
            );
        }
    }
    out
}
