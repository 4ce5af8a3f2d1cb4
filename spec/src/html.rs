//! `--format html`: one self-contained page for people. It holds the run (implementation,
//! profile, edition), the summary by article, every case (those that did not pass first, with
//! their description, clauses, reason and mismatches, and, for each that failed, errored or
//! timed out, a board diagram of its position with the expected and the actual moves marked,
//! [`crate::board_svg`]), and filters by outcome, article and text.
//!
//! The page needs nothing at view time: no URL of any kind (no stylesheet, script, image or
//! font is fetched; the SVG is inline and has no namespace URL), and it shows everything with
//! scripts disabled: the filters are a small inline script that reveals its form, and without
//! it every case is listed. The script also reads filters from the page's fragment
//! (`report.html#outcome=FAIL,ERROR&article=3&q=castling`), so a link can show a selection.
//!
//! The page is well-formed XML too (void elements closed, attributes with values, a script
//! without `<` and `&`), so that XML tools can read it as well as browsers.
//!
//! Everything that comes from a case file or an implementation is escaped for HTML ([`text`]):
//! shown as the line reports show it ([`shown`]: control characters escaped, bounded), then
//! markup characters and quotes as entities and non-characters as their escaped form, so an id
//! or a message holding `<script>` is text on the page.

use std::fmt::Write;

use crate::board_svg;
use crate::clauses::ClauseKey;
use crate::outcome::{CaseReport, Outcome, Summary};
use crate::report::{by_article, shell_word, shown, RunInfo};

/// `raw` escaped for HTML text and for quoted attribute values: `&`, `<`, `>`, `"` and `'` as
/// entities, and the non-characters Unicode reserves (U+FDD0 to U+FDEF, U+FFFE, U+FFFF and their
/// kin in every plane), which HTML counts as parse errors, as their escaped text (`\u{fffe}`).
/// It does not bound or escape controls: [`text`] does, for what comes from outside.
pub fn escape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for c in raw.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if is_noncharacter(c) || (c.is_control() && !matches!(c, '\n' | '\t')) => out.extend(c.escape_debug()),
            c => out.push(c),
        }
    }
    out
}

/// Whether `c` is one of Unicode's 66 non-characters.
fn is_noncharacter(c: char) -> bool {
    let n = u32::from(c);
    (0xfdd0..=0xfdef).contains(&n) || n & 0xfffe == 0xfffe
}

/// A text from a case file or an implementation, as the page shows it: [`shown`] (controls
/// escaped, at most [`crate::report::SHOWN_CHARS`] characters as they are), then [`escape`]d.
pub fn text(raw: &str) -> String {
    escape(&shown(raw))
}

/// The outcomes whose cases get a board diagram: those that failed to conform or could not be
/// judged (a SKIP or a PASS shows none).
fn has_board(outcome: Outcome) -> bool {
    matches!(outcome, Outcome::Fail | Outcome::Xfail | Outcome::Xpass | Outcome::Error | Outcome::Timeout)
}

const STYLE: &str = "
body { font-family: sans-serif; margin: 1.5em auto; max-width: 70em; padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left; vertical-align: top; }
td.n { text-align: right; }
tr.total td { font-weight: bold; }
tr.bad td:first-child { border-left: 4px solid #c0392b; }
code { font-family: monospace; word-break: break-all; }
.outcome { display: inline-block; min-width: 5.5em; text-align: center; font-weight: bold; border-radius: 3px; padding: 0 0.3em; margin-right: 0.5em; }
.o-PASS { background: #d4edda; } .o-FAIL, .o-XPASS { background: #f8d7da; } .o-ERROR, .o-TIMEOUT { background: #f5c6a5; }
.o-SKIP { background: #e2e3e5; } .o-XFAIL { background: #fff3cd; }
.case { border: 1px solid #ddd; border-radius: 4px; padding: 0.5em 0.8em; margin: 0.6em 0; }
.case h3 { font-size: 1em; margin: 0.2em 0; }
.case.compact { padding: 0.2em 0.8em; margin: 0.2em 0; }
.case.compact p { margin: 0.1em 0; }
.where, .rerun { color: #555; font-size: 0.9em; }
figure.board { margin: 0.5em 0; }
figcaption { font-size: 0.9em; color: #444; }
#filters { border: 1px solid #ccc; padding: 0.5em 0.8em; margin: 1em 0; }
#filters label { margin-right: 0.8em; }
#filter-count { font-weight: bold; margin: 0.4em 0 0; }
[hidden] { display: none !important; }
";

/// The filters: reveal the form, apply it (and the page's fragment) to every `.case`, say how
/// many are shown. Written without `//` (so that no text of the page looks like a URL) and
/// without `<` or `&` (so that the page is well-formed XML as well as HTML).
const SCRIPT: &str = "
(function () {
  var form = document.getElementById('filters');
  var cases = Array.prototype.slice.call(document.querySelectorAll('.case'));
  var boxes = Array.prototype.slice.call(form.querySelectorAll('input[name=outcome]'));
  var article = form.querySelector('select[name=article]');
  var search = form.querySelector('input[name=q]');
  cases.forEach(function (c) {
    var parts = Array.prototype.map.call(c.querySelectorAll('.case-text'), function (p) { return p.textContent; });
    c.setAttribute('data-search', parts.join(' ').toLowerCase());
  });
  var count = document.createElement('p');
  count.id = 'filter-count';
  count.setAttribute('role', 'status');
  form.appendChild(count);
  var wanted = new URLSearchParams(location.hash.slice(1));
  if (wanted.has('outcome')) {
    var list = wanted.get('outcome').toUpperCase().split(',');
    boxes.forEach(function (b) { b.checked = list.indexOf(b.value) !== -1; });
  }
  if (wanted.has('article')) { article.value = wanted.get('article'); }
  if (wanted.has('q')) { search.value = wanted.get('q'); }
  function matches(c, on, query) {
    if (on[c.getAttribute('data-outcome')] !== true) { return false; }
    if (article.value !== '') {
      if (c.getAttribute('data-article') !== article.value) { return false; }
    }
    return query === '' || c.getAttribute('data-search').indexOf(query) !== -1;
  }
  function apply() {
    var on = {};
    boxes.forEach(function (b) { on[b.value] = b.checked; });
    var query = search.value.trim().toLowerCase();
    var shown = 0;
    cases.forEach(function (c) {
      var show = matches(c, on, query);
      c.hidden = !show;
      if (show) { shown += 1; }
    });
    count.textContent = shown + ' of ' + cases.length + ' cases shown';
  }
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('submit', function (e) { e.preventDefault(); });
  form.hidden = false;
  apply();
})();
";

/// The page.
pub fn page(info: &RunInfo, reports: &[CaseReport]) -> String {
    let summary = Summary::of(reports);
    let mut out = String::from("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n");
    let _ = writeln!(out, "<title>arbiter: {}</title>", text(&info.implementation));
    let _ = writeln!(out, "<style>{STYLE}</style>\n</head>\n<body>");
    let _ = writeln!(out, "<h1>arbiter: {}</h1>", text(&info.implementation));
    let _ = writeln!(
        out,
        "<p id=\"run\">Profile <code>{}</code>, Laws of {}. <span id=\"summary\">{}</span>.</p>",
        text(&info.profile),
        text(&info.laws),
        summary
    );
    summary_table(&mut out, reports);
    filters(&mut out, reports);
    let (others, passed): (Vec<&CaseReport>, Vec<&CaseReport>) =
        reports.iter().partition(|r| r.outcome != Outcome::Pass);
    let _ = writeln!(out, "<section id=\"not-passed\">\n<h2>Cases that did not pass ({})</h2>", others.len());
    let mut index = 0;
    for r in in_article_order(&others) {
        index += 1;
        case(&mut out, info, r, index);
    }
    out.push_str("</section>\n");
    let _ = writeln!(out, "<section id=\"passed\">\n<h2>Cases that passed ({})</h2>", passed.len());
    for r in in_article_order(&passed) {
        index += 1;
        case(&mut out, info, r, index);
    }
    out.push_str("</section>\n");
    let _ = writeln!(out, "<script>{SCRIPT}</script>\n</body>\n</html>");
    out
}

/// `reports` by article in the order of the Laws, each article's cases in run order.
fn in_article_order<'a>(reports: &[&'a CaseReport]) -> Vec<&'a CaseReport> {
    let mut sorted = reports.to_vec();
    sorted.sort_by_cached_key(|r| ClauseKey::of(&r.article));
    sorted
}

/// The counts of each outcome by article, and the total.
fn summary_table(out: &mut String, reports: &[CaseReport]) {
    out.push_str("<h2>By article</h2>\n<table id=\"by-article\">\n<thead><tr><th>article</th><th>cases</th>");
    for o in Outcome::ALL {
        let _ = write!(out, "<th>{}</th>", o.summary_word());
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    let row = |out: &mut String, name: &str, s: &Summary, class: &str| {
        let _ = write!(out, "<tr class=\"{class}\"><td>{name}</td><td class=\"n\">{}</td>", s.total());
        for o in Outcome::ALL {
            let _ = write!(out, "<td class=\"n\">{}</td>", s.count(o));
        }
        out.push_str("</tr>\n");
    };
    for (article, group) in by_article(reports) {
        let s = Summary::of(&group.iter().map(|r| (*r).clone()).collect::<Vec<_>>());
        let class = if s.is_success() { "article" } else { "article bad" };
        row(out, &text(&article.article_title()), &s, class);
    }
    row(out, "total", &Summary::of(reports), "total");
    out.push_str("</tbody>\n</table>\n");
}

/// The filter form: hidden until the script runs, so that a page without scripts shows no
/// controls that do nothing.
fn filters(out: &mut String, reports: &[CaseReport]) {
    out.push_str("<form id=\"filters\" hidden=\"hidden\">\n<fieldset><legend>Outcome</legend>\n");
    for o in Outcome::ALL {
        let _ = writeln!(
            out,
            "<label><input type=\"checkbox\" name=\"outcome\" value=\"{o}\" checked=\"checked\"/> {o}</label>"
        );
    }
    out.push_str("</fieldset>\n<label>Article <select name=\"article\"><option value=\"\">all</option>\n");
    for article in by_article(reports).keys() {
        let _ =
            writeln!(out, "<option value=\"{}\">{}</option>", text(article.as_str()), text(&article.article_title()));
    }
    out.push_str(
        "</select></label>\n<label>Search <input type=\"search\" name=\"q\" placeholder=\"id, clause, description, message\"/></label>\n</form>\n",
    );
}

/// One case: a card with its outcome, id, file, clauses and description; for a case that did
/// not pass also its reason, mismatches, board and the command that reruns it.
fn case(out: &mut String, info: &RunInfo, r: &CaseReport, index: usize) {
    let compact = if r.outcome == Outcome::Pass { " compact" } else { "" };
    let _ = writeln!(
        out,
        "<article class=\"case{compact}\" id=\"case-{index}\" data-outcome=\"{}\" data-article=\"{}\">",
        r.outcome,
        text(&r.article)
    );
    let _ = writeln!(
        out,
        "<div class=\"case-text\"><h3><span class=\"outcome o-{o}\">{o}</span><code class=\"id\">{}</code></h3>",
        text(&r.id),
        o = r.outcome
    );
    let _ = writeln!(
        out,
        "<p class=\"where\">{}:{} · clauses {}</p>",
        text(&r.file.to_string_lossy()),
        r.line,
        text(&r.refs.join(", "))
    );
    if let Some(description) = &r.description {
        let _ = writeln!(out, "<p class=\"description\">{}</p>", text(description));
    }
    if let Some(reason) = &r.reason {
        let _ = writeln!(out, "<p class=\"reason\">{}</p>", text(reason));
    }
    if !r.mismatches.is_empty() {
        out.push_str("<table class=\"mismatches\"><thead><tr><th>checked</th><th>expected</th><th>actual</th></tr></thead><tbody>\n");
        for m in &r.mismatches {
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
                text(&m.what),
                text(&m.expected),
                text(&m.actual)
            );
        }
        out.push_str("</tbody></table>\n");
    }
    if r.outcome != Outcome::Pass {
        let _ = writeln!(
            out,
            "<p class=\"rerun\">rerun: <code>{} --id {}</code></p>",
            text(&info.rerun),
            text(&shell_word(&r.id))
        );
    }
    out.push_str("</div>\n");
    if has_board(r.outcome) {
        board(out, r);
    }
    out.push_str("</article>\n");
}

/// The board diagram of a case's position with the moves of all its mismatches, and its FEN.
fn board(out: &mut String, r: &CaseReport) {
    let Some(fen) = &r.fen else { return };
    let expected: Vec<&String> = r.mismatches.iter().flat_map(|m| &m.expected_moves).collect();
    let actual: Vec<&String> = r.mismatches.iter().flat_map(|m| &m.actual_moves).collect();
    let to_move = match board_svg::white_to_move(fen) {
        Some(true) => ", White to move",
        Some(false) => ", Black to move",
        None => "",
    };
    match board_svg::board(fen, &expected, &actual) {
        Some(svg) => {
            let _ = writeln!(
                out,
                "<figure class=\"board\">{svg}<figcaption><code class=\"fen\">{}</code>{to_move}</figcaption></figure>",
                text(fen)
            );
        }
        None => {
            let _ = writeln!(out, "<p class=\"fen\">position (not drawn): <code>{}</code></p>", text(fen));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_makes_markup_quotes_and_noncharacters_text() {
        assert_eq!(escape("<script>a&\"b'</script>"), "&lt;script&gt;a&amp;&quot;b&#39;&lt;/script&gt;");
        assert_eq!(escape("a\u{fffe}b\u{fdd0}c\u{10ffff}"), "a\\u{fffe}b\\u{fdd0}c\\u{10ffff}");
        assert_eq!(escape("ligne\nKönig"), "ligne\nKönig");
        assert_eq!(text("a\u{1b}[2J\u{0}b"), "a\\u{1b}[2J\\0b");
    }

    #[test]
    fn script_and_style_hold_no_markup_ampersand_or_double_slash() {
        for code in [SCRIPT, STYLE] {
            assert!(!code.contains('<') && !code.contains('&') && !code.contains("//"), "{code}");
        }
    }
}
