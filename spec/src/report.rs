//! The reports of a run: human, JSON lines, JUnit XML, TAP and Markdown. Other projects' CI
//! reads them, so each is valid in its format whatever the case ids and the implementation's
//! messages hold: everything that comes from a case file or an implementation is escaped for
//! its format, and, except in the JSON lines (the whole record, escaped by serde), bounded and
//! free of control characters (see [`shown`]).

use std::collections::BTreeMap;
use std::fmt::Write;

use serde_json::json;

use crate::clauses::ClauseKey;
use crate::excerpt::{excerpt, printable};
use crate::outcome::{CaseReport, Outcome, Summary};

/// A report format (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// For a terminal: the cases with an unexpected outcome, grouped by article, and the counts.
    Human,
    /// One JSON document: the run (implementation, profile, rules, summary) and its cases.
    Json,
    /// JSON lines, for streaming: one object per case, then the summary.
    Jsonl,
    /// JUnit XML, for CI systems.
    Junit,
    /// TAP (Test Anything Protocol).
    Tap,
    /// A Markdown table.
    Markdown,
    /// One self-contained HTML page: the summary by article, filters, and each case that did
    /// not pass with a board diagram of its position ([`crate::html`]).
    Html,
    /// A shields.io endpoint badge, `passed/total` ([`crate::badge`]).
    Badge,
}

/// What a report says about the run besides the cases.
#[derive(Clone, Debug)]
pub struct RunInfo {
    /// The implementation (`hello`'s name, or the command).
    pub implementation: String,
    /// The profile the run followed.
    pub profile: String,
    /// The profile's rule model in words ([`Profile::rules_in_words`](crate::profile::Profile::rules_in_words)).
    pub rules: String,
    /// The edition of the Laws the run followed.
    pub laws: String,
    /// The command that reruns one case, without the case (`--id ID` is appended).
    pub rerun: String,
    /// The filters that selected the cases (`--clause 9 --exclude-tag slow`), without the shard.
    pub selection: String,
    /// The shard run (`2/4`), if the run was one.
    pub shard: Option<String>,
}

/// Renders the reports in `format`.
pub fn render(format: Format, info: &RunInfo, reports: &[CaseReport]) -> String {
    match format {
        Format::Human => human(info, reports),
        Format::Json => json_document(info, reports),
        Format::Jsonl => json_lines(info, reports),
        Format::Junit => junit(info, reports),
        Format::Tap => tap(reports),
        Format::Markdown => markdown(info, reports),
        Format::Html => html(info, reports),
        Format::Badge => badge(reports),
    }
}

/// Reports grouped by article, articles in the order of the Laws ([`ClauseKey`]).
pub(crate) fn by_article(reports: &[CaseReport]) -> BTreeMap<ClauseKey, Vec<&CaseReport>> {
    let mut groups: BTreeMap<ClauseKey, Vec<&CaseReport>> = BTreeMap::new();
    for r in reports {
        groups.entry(ClauseKey::of(&r.article)).or_default().push(r);
    }
    groups
}

/// How many characters of a message, id or value a line-based report shows as they are; a
/// longer one is shown through [`excerpt`] (its start, quoted, and its length).
pub const SHOWN_CHARS: usize = 2000;

/// `text` as the human, TAP, JUnit and Markdown reports show it: control characters escaped
/// ([`printable`]), and bounded: a text over [`SHOWN_CHARS`] characters is shown as its
/// [`excerpt`].
pub fn shown(text: &str) -> String {
    if text.chars().nth(SHOWN_CHARS).is_some() {
        excerpt(text)
    } else {
        printable(text)
    }
}

/// `word` as one word of a POSIX shell command line: as it is when that is safe, else in single
/// quotes (a `'` inside written `'\''`).
pub fn shell_word(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "_./:=+,@%-".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

fn human(info: &RunInfo, reports: &[CaseReport]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "arbiter: {} under profile {} (Laws of {})\nrule model: {}",
        shown(&info.implementation),
        shown(&info.profile),
        shown(&info.laws),
        shown(&info.rules)
    );
    for (article, group) in by_article(reports) {
        let bad: Vec<&&CaseReport> = group.iter().filter(|r| r.outcome.is_unexpected()).collect();
        if bad.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n== {} ==", shown(&article.article_title()));
        for r in bad {
            let _ = writeln!(
                out,
                "{} {} ({}:{}) [{}]",
                r.outcome,
                shown(&r.id),
                shown(&r.file.to_string_lossy()),
                r.line,
                shown(&r.refs.join(", "))
            );
            if let Some(reason) = &r.reason {
                let _ = writeln!(out, "    {}", shown(reason));
            }
            if let Some(fen) = r.fen.as_deref().filter(|_| !r.mismatches.is_empty()) {
                let _ = writeln!(out, "    position: {}", shown(fen));
            }
            for m in &r.mismatches {
                let _ = writeln!(
                    out,
                    "    {}:\n      expected: {}\n      actual:   {}",
                    shown(&m.what),
                    shown(&m.expected),
                    shown(&m.actual)
                );
                if let Some(note) = &m.note {
                    let _ = writeln!(out, "      {}", shown(note));
                }
            }
            let _ = writeln!(out, "    rerun: {} --id {}", shown(&info.rerun), shown(&shell_word(&r.id)));
        }
    }
    let skipped: Vec<&CaseReport> = reports.iter().filter(|r| r.outcome == Outcome::Skip).collect();
    if !skipped.is_empty() {
        let _ = writeln!(out, "\n== Skipped, by reason ==");
        let mut by_reason: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for r in &skipped {
            by_reason.entry(r.reason.as_deref().unwrap_or("(no reason given)")).or_default().push(&r.id);
        }
        let mut groups: Vec<(&str, Vec<&str>)> = by_reason.into_iter().collect();
        groups.sort_by_key(|(reason, ids)| (std::cmp::Reverse(ids.len()), *reason));
        for (reason, ids) in groups {
            let _ = writeln!(out, "{} case(s): {}", ids.len(), shown(reason));
            let _ = writeln!(out, "    {}", shown(&ids.join(" ")));
        }
    }
    let _ = writeln!(out, "\n{}", Summary::of(reports));
    out
}

/// One JSON object per case, then the summary: the whole record (nothing is cut), every string
/// escaped by serde.
fn json_lines(info: &RunInfo, reports: &[CaseReport]) -> String {
    let mut out = String::new();
    for r in reports {
        out.push_str(&case_value(r).to_string());
        out.push('\n');
    }
    let summary = Summary::of(reports);
    let _ = writeln!(
        out,
        "{}",
        json!({"summary": summary, "implementation": info.implementation, "profile": info.profile, "laws": info.laws})
    );
    out
}

/// A case report as JSON, through a `Value`, whose keys are sorted (the lines keep the key
/// order they had). A case report is strings and numbers (its file as lossy UTF-8): this cannot
/// fail, but if it did, the value would still be JSON and say what is missing.
fn case_value(r: &CaseReport) -> serde_json::Value {
    serde_json::to_value(r).unwrap_or_else(|e| json!({"id": r.id, "error": e.to_string()}))
}

/// One JSON document: `{"implementation", "profile", "rules", "laws", "summary", "seconds",
/// "cases": [...]}`, each case the object a JSON line holds; `json.load` reads it.
fn json_document(info: &RunInfo, reports: &[CaseReport]) -> String {
    let cases: Vec<serde_json::Value> = reports.iter().map(case_value).collect();
    let document = json!({
        "implementation": info.implementation,
        "profile": info.profile,
        "rules": info.rules,
        "laws": info.laws,
        "rerun": info.rerun,
        "selection": info.selection,
        "shard": info.shard,
        "summary": Summary::of(reports),
        "seconds": reports.iter().map(|r| r.seconds).sum::<f64>(),
        "cases": cases,
    });
    let mut out =
        serde_json::to_string_pretty(&document).unwrap_or_else(|e| json!({"error": e.to_string()}).to_string());
    out.push('\n');
    out
}

/// `text` escaped for XML 1.0 character data (`attribute == false`) or a double-quoted
/// attribute value: markup characters as entities, in an attribute also tabs and line breaks
/// (which a parser would turn into spaces), and every character XML 1.0 forbids (the control
/// characters but tab and line breaks, U+FFFE, U+FFFF) replaced by its escaped text (`\u{1b}`).
fn xml_escape(text: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' | '\r' if attribute => {
                let _ = write!(out, "&#{};", u32::from(c));
            }
            '\t' | '\n' | '\r' => out.push(c),
            c if c.is_control() || c == '\u{fffe}' || c == '\u{ffff}' => out.extend(c.escape_debug()),
            c => out.push(c),
        }
    }
    out
}

/// The details of a case that did not pass, as text: the reason, then one line per mismatch,
/// each part [`shown`].
fn details(r: &CaseReport) -> String {
    let mut text = r.reason.as_deref().map(shown).unwrap_or_default();
    for m in &r.mismatches {
        if !text.is_empty() {
            text.push('\n');
        }
        let _ = write!(text, "{}: expected {}, actual {}", shown(&m.what), shown(&m.expected), shown(&m.actual));
    }
    text
}

fn junit(info: &RunInfo, reports: &[CaseReport]) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let summary = Summary::of(reports);
    let _ = writeln!(
        out,
        "<testsuites name=\"arbiter {}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
        xml_escape(&shown(&info.profile), true),
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
            xml_escape(&shown(&article.article_title()), true),
            s.total(),
            s.failed + s.xpassed,
            s.errors + s.timeouts,
            s.skipped + s.xfailed,
        );
        for r in group {
            let _ = write!(
                out,
                "    <testcase name=\"{}\" classname=\"{}\" time=\"{:.3}\"",
                xml_escape(&shown(&r.id), true),
                xml_escape(&shown(&r.file.to_string_lossy()), true),
                r.seconds
            );
            let body = xml_escape(&details(r), false);
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

/// A test's description on a TAP line: one line, no control characters, and its `#` and `\`
/// escaped (`\#`, `\\`), so that an id can neither start a directive (`#SKIP`) nor a new line.
fn tap_description(text: &str) -> String {
    shown(text).replace('\\', "\\\\").replace('#', "\\#")
}

/// `text` as a double-quoted YAML string, as TAP 13's YAML diagnostics (and Perl's YAMLish
/// reader) read it: `"` and `\` escaped, line breaks and tabs as `\n`, `\r`, `\t`, any other
/// character YAML does not allow as its escaped text.
fn yaml_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || c == '\u{fffe}' || c == '\u{ffff}' => {
                out.extend(c.escape_debug().flat_map(|e| if e == '\\' { vec!['\\', '\\'] } else { vec![e] }))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// TAP version 13: a line per case (an expected failure is `not ok ... # TODO`, a skip
/// `ok ... # SKIP`), and for each unexpected outcome a YAML block with its outcome, file and
/// message, every value a quoted YAML string.
fn tap(reports: &[CaseReport]) -> String {
    let mut out = format!("TAP version 13\n1..{}\n", reports.len());
    for (n, r) in reports.iter().enumerate() {
        let ok = if r.outcome.is_unexpected() || r.outcome == Outcome::Xfail { "not ok" } else { "ok" };
        let directive = match r.outcome {
            Outcome::Skip => format!(" # SKIP {}", r.reason.as_deref().map(shown).unwrap_or_default()),
            Outcome::Xfail => " # TODO expected failure".to_owned(),
            _ => String::new(),
        };
        let _ = writeln!(out, "{ok} {} - {}{directive}", n + 1, tap_description(&r.id));
        if r.outcome.is_unexpected() {
            let file = format!("{}:{}", shown(&r.file.to_string_lossy()), r.line);
            let _ = writeln!(out, "  ---\n  outcome: {}\n  file: {}", r.outcome, yaml_string(&file));
            let message = details(r);
            if !message.is_empty() {
                let _ = writeln!(out, "  message: {}", yaml_string(&message));
            }
            out.push_str("  ...\n");
        }
    }
    out
}

/// `text` as Markdown inline text, also inside a table cell: control characters escaped and
/// the text bounded ([`shown`]), and every character that Markdown or GitHub's tables give a
/// meaning (`|`, `<`, `&`, backticks, emphasis, links, headings) escaped with a backslash, so
/// that it shows as it is and cannot end a cell, start a line or open HTML.
pub fn markdown_text(text: &str) -> String {
    markdown_escape(&shown(text))
}

/// [`markdown_text`] of a text already [`shown`].
fn markdown_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\`*_[]<>|~&#".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `text` as a Markdown code span: control characters escaped, bounded ([`shown`]), and fenced
/// by one backtick more than the longest run of backticks in it.
pub fn markdown_code(text: &str) -> String {
    let text = shown(text);
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') || text.trim().is_empty() { " " } else { "" };
    format!("{fence}{pad}{text}{pad}{fence}")
}

fn markdown(info: &RunInfo, reports: &[CaseReport]) -> String {
    let mut out = format!(
        "## arbiter: {} (profile {}, Laws of {})\n\n| article | passed | failed | skipped | xfailed | xpassed | errors | timeouts |\n|---|---|---|---|---|---|---|---|\n",
        markdown_text(&info.implementation),
        markdown_text(&info.profile),
        markdown_text(&info.laws)
    );
    let row = |name: &str, s: &Summary| {
        format!(
            "| {name} | {} | {} | {} | {} | {} | {} | {} |\n",
            s.passed, s.failed, s.skipped, s.xfailed, s.xpassed, s.errors, s.timeouts
        )
    };
    for (article, group) in by_article(reports) {
        let s = Summary::of(&group.iter().map(|r| (*r).clone()).collect::<Vec<_>>());
        out.push_str(&row(&markdown_text(&article.article_title()), &s));
    }
    out.push_str(&row("**total**", &Summary::of(reports)));
    let bad: Vec<&CaseReport> = reports.iter().filter(|r| r.outcome.is_unexpected()).collect();
    if !bad.is_empty() {
        out.push_str("\n### Unexpected outcomes\n\n");
        for r in bad {
            let _ = writeln!(
                out,
                "- **{}** {} ({}): {}",
                r.outcome,
                markdown_code(&r.id),
                markdown_text(&r.refs.join(", ")),
                markdown_escape(&details(r).replace('\n', "; "))
            );
        }
    }
    out
}

fn html(info: &RunInfo, reports: &[CaseReport]) -> String {
    crate::html::page(info, reports)
}

fn badge(reports: &[CaseReport]) -> String {
    crate::badge::endpoint(reports)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Mismatch;

    /// Every character XML 1.0, YAML or a terminal has trouble with, and each format's syntax.
    fn nasty() -> String {
        let controls: String = (0..0x20u32).chain(0x7f..0xa0).filter_map(char::from_u32).collect();
        format!("{controls}\u{fffe}\u{ffff}|<b>&amp;\"'`x`#SKIP \\ \nok 99 - injected\n1..1\n  ---\n  ...\nend")
    }

    fn report(id: &str, outcome: Outcome, message: &str) -> CaseReport {
        CaseReport {
            id: id.to_owned(),
            file: format!("dir/{id}.yaml").into(),
            line: 7,
            article: "3".into(),
            refs: vec!["3.9.1".into()],
            outcome,
            reason: Some(message.to_owned()),
            mismatches: vec![Mismatch {
                what: message.into(),
                expected: message.into(),
                actual: message.into(),
                ..Mismatch::default()
            }],
            description: None,
            fen: None,
            known_failure: None,
            seconds: 0.5,
        }
    }

    fn reports() -> Vec<CaseReport> {
        let nasty = nasty();
        Outcome::ALL.iter().map(|o| report(&format!("{}{nasty}", o.name()), *o, &nasty)).collect()
    }

    fn info() -> RunInfo {
        let nasty = nasty();
        RunInfo {
            implementation: nasty.clone(),
            profile: nasty.clone(),
            rules: nasty.clone(),
            laws: "2023".into(),
            rerun: nasty.clone(),
            selection: nasty,
            shard: Some("1/2".into()),
        }
    }

    #[test]
    fn junit_is_xml_1_0_for_ids_and_messages_holding_every_control_character() {
        let reports = reports();
        let xml = render(Format::Junit, &info(), &reports);
        let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("not XML: {e}\n{xml}"));
        let names: Vec<String> = doc
            .descendants()
            .filter(|n| n.has_tag_name("testcase"))
            .filter_map(|n| n.attribute("name").map(str::to_owned))
            .collect();
        let visible = |id: &str| shown(id).replace('\u{fffe}', "\\u{fffe}").replace('\u{ffff}', "\\u{ffff}");
        let mut expected: Vec<String> = reports.iter().map(|r| visible(&r.id)).collect();
        expected.sort();
        let mut names_sorted = names.clone();
        names_sorted.sort();
        assert_eq!(names_sorted, expected);
        let bodies: Vec<&str> = doc
            .descendants()
            .filter(|n| ["failure", "error", "skipped"].iter().any(|t| n.has_tag_name(*t)))
            .filter_map(|n| n.text())
            .collect();
        assert_eq!(bodies.len(), Outcome::ALL.len() - 1, "{xml}");
        assert!(bodies.iter().all(|b| b.contains("|<b>&amp;\"'`x`#SKIP")), "{bodies:?}");
    }

    /// Issue 12: the articles are titled by the part of the Laws they are in, Guidelines I
    /// (adjourned games) among the Guidelines and not as an appendix, and ordered as in the Laws.
    #[test]
    fn human_junit_and_markdown_title_guidelines_i_as_guidelines() {
        let mut reports = Vec::new();
        for (article, id) in [("I", "sealed"), ("C", "san"), ("II", "chess960"), ("10", "score"), ("III", "quickplay")]
        {
            let mut r = report(id, Outcome::Fail, "wrong");
            r.article = article.into();
            reports.push(r);
        }
        let titles = ["Article 10", "Appendix C", "Guidelines I", "Guidelines II", "Guidelines III"];
        let in_order = |text: &str, shown: &dyn Fn(&str) -> String| {
            let at: Vec<Option<usize>> = titles.iter().map(|t| text.find(&shown(t))).collect();
            assert!(at.iter().all(Option::is_some), "{titles:?} in {text}");
            assert!(at.windows(2).all(|w| w[0] < w[1]), "{titles:?} in order in {text}");
            assert!(!text.contains("Appendix I"), "{text}");
        };
        in_order(&render(Format::Human, &info(), &reports), &|t| format!("== {t} =="));
        in_order(&render(Format::Junit, &info(), &reports), &|t| format!("<testsuite name=\"{t}\""));
        in_order(&render(Format::Markdown, &info(), &reports), &|t| format!("| {t} |"));
    }

    #[test]
    fn line_reports_hold_no_control_characters_but_line_breaks() {
        for format in [Format::Human, Format::Junit, Format::Tap, Format::Markdown] {
            let text = render(format, &info(), &reports());
            assert!(!text.chars().any(|c| c.is_control() && c != '\n'), "{format:?}: {text:?}");
        }
    }

    #[test]
    fn tap_lines_are_a_plan_tests_and_yaml_blocks_only() {
        let text = render(Format::Tap, &info(), &reports());
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("TAP version 13"));
        assert_eq!(lines.next(), Some("1..7"));
        let mut tests = 0;
        let mut in_yaml = false;
        for line in lines {
            if in_yaml {
                in_yaml = line != "  ...";
                let value = line.split_once(": ").map(|(_, v)| v);
                assert!(
                    !in_yaml || value.is_some_and(|v| !v.starts_with('"') || v.ends_with('"')),
                    "a YAML line that is not `key: value`: {line:?}"
                );
            } else if line == "  ---" {
                in_yaml = true;
            } else {
                tests += 1;
                assert!(line.starts_with(&format!("ok {tests} - ")) || line.starts_with(&format!("not ok {tests} - ")));
                // The `#` of ids is escaped, so only a real directive starts one.
                let directive =
                    line.match_indices('#').find(|(i, _)| !line[..*i].ends_with('\\')).map(|(i, _)| &line[i..]);
                assert!(directive.is_none_or(|d| d.starts_with("# SKIP ") || d == "# TODO expected failure"), "{line}");
            }
        }
        assert_eq!(tests, 7, "{text}");
    }

    #[test]
    fn tap_description_escapes_hash_and_backslash() {
        assert_eq!(tap_description("a#SKIP\\b\nok 2"), "a\\#SKIP\\\\b\\\\nok 2");
    }

    #[test]
    fn yaml_string_escapes_quotes_backslashes_and_controls() {
        assert_eq!(yaml_string("a\"b\\c\nd\te\u{1b}"), "\"a\\\"b\\\\c\\nd\\te\\\\u{1b}\"");
    }

    #[test]
    fn markdown_text_escapes_cells_html_and_code() {
        assert_eq!(markdown_text("a|b<i>&c`d`_e*\n"), "a\\|b\\<i\\>\\&c\\`d\\`\\_e\\*\\\\n");
        assert_eq!(markdown_text("buggy-uci 1.0 (UCI)"), "buggy-uci 1.0 (UCI)");
        assert_eq!(markdown_code("plain"), "`plain`");
        assert_eq!(markdown_code("a``b"), "```a``b```");
        assert_eq!(markdown_code("`x"), "`` `x ``");
    }

    #[test]
    fn shown_bounds_long_texts_and_escapes_controls() {
        assert_eq!(shown("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        let long = "x".repeat(SHOWN_CHARS + 1);
        assert!(shown(&long).len() < 300 && shown(&long).ends_with(&format!("({} bytes)", long.len())));
        assert_eq!(shown(&"y".repeat(SHOWN_CHARS)), "y".repeat(SHOWN_CHARS));
    }

    #[test]
    fn shell_word_quotes_only_what_needs_it() {
        assert_eq!(shell_word("fools-mate-5-1-1"), "fools-mate-5-1-1");
        assert_eq!(shell_word("sh adapter.sh"), "'sh adapter.sh'");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
        assert_eq!(shell_word(""), "''");
    }
}
