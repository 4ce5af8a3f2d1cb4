//! `--format html` and `--format badge`: the page is well-formed (read as XML), shows hostile
//! case and implementation text as text, draws a board with the expected and the actual moves
//! for every failing case, refers to nothing outside itself, and its filter script runs in a
//! real browser (headless Chromium, Debian's `chromium`: ci/setup.sh installs it; the test
//! fails without it unless `ARBITER_SKIP_BROWSER=1` says to skip); the badge is a shields.io
//! endpoint with the counts of a known run.

mod support;

use std::path::Path;
use std::process::Command;

use arbiter_spec::implementation::Implementation;
use arbiter_spec::outcome::{CaseReport, Mismatch, Outcome};
use arbiter_spec::reference::Reference;
use arbiter_spec::report::{render, Format, RunInfo};
use arbiter_spec::{corpus, profile, runner};
use roxmltree::{Document, Node, ParsingOptions};
use support::{arbiter, Scratch};

/// A corpus whose expectations are wrong on purpose, so that the reference core fails them:
/// a king's moves with one missing and one extra (FIDE 3.8.1), a knight's SAN read to another
/// square (C.2), plus a pass, a known failure and a case of the 2018 Laws only (a SKIP under
/// 2023). The knight's description is hostile markup.
const CORPUS: &str = r#"cases:
  - id: king-moves-wrong
    refs: ["3.8.1"]
    description: A lone king in the corner has three moves (this case lists a wrong set).
    fen: 7k/8/8/8/8/8/8/K7 w - - 0 1
    expect:
      legal_moves: [a1a2, a1b1, a1a3]
  - id: knight-san-wrong
    refs: ["C.2"]
    description: 'A knight <b>jumps</b> & "lands" <script>alert(1)</script> (this case reads Nf3 wrongly).'
    expect:
      parse_san: {Nf3: g1h3}
  - id: start-not-check
    refs: ["2.3"]
    description: The initial position is not check.
    expect:
      in_check: false
  - id: known-wrong
    refs: ["3.6"]
    description: A known failure, listed in the expect file.
    moves: [g1f3]
    expect:
      in_check: true
  - id: only-2018
    refs: ["5.1.2"]
    laws: [2018]
    description: Holds for the Laws of 2018 only.
    expect:
      in_check: false
"#;

/// The run of [`CORPUS`] in `--format FORMAT` through the `arbiter` binary: its exit status
/// and report.
fn run_corpus(dir: &Scratch, format: &str) -> (i32, String) {
    dir.write("cases/wrong.yaml", CORPUS);
    let expect = dir.write("expect.txt", "known-wrong\n");
    let cases = dir.path().join("cases");
    let cases = cases.to_str().expect("UTF-8 temp dir");
    let (code, stdout, stderr) = arbiter(&["run", "--cases", cases, "--expect", &expect, "--format", format]);
    assert!(stderr.is_empty() || code == 1, "{stderr}");
    (code, stdout)
}

/// The page parsed as XML (it is well-formed XML as well as HTML5); the test fails if it is not.
fn parse(page: &str) -> Document<'_> {
    Document::parse_with_options(page, ParsingOptions { allow_dtd: true, ..ParsingOptions::default() })
        .unwrap_or_else(|e| panic!("the page is not well-formed: {e}"))
}

fn has_class(node: &Node<'_, '_>, class: &str) -> bool {
    node.attribute("class").is_some_and(|c| c.split_whitespace().any(|w| w == class))
}

/// The elements named `tag` with every class of `classes`, under `root` (itself included).
fn find<'a, 'input>(root: Node<'a, 'input>, tag: &str, classes: &[&str]) -> Vec<Node<'a, 'input>> {
    root.descendants().filter(|n| n.has_tag_name(tag) && classes.iter().all(|c| has_class(n, c))).collect()
}

fn text_of(node: &Node<'_, '_>) -> String {
    node.descendants().filter(|n| n.is_text()).filter_map(|n| n.text()).collect()
}

/// The case cards: `(id, outcome, card)`.
fn cards<'a, 'input>(doc: &'a Document<'input>) -> Vec<(String, String, Node<'a, 'input>)> {
    find(doc.root(), "article", &["case"])
        .into_iter()
        .map(|card| {
            let outcome = card.attribute("data-outcome").unwrap_or_default().to_owned();
            let id = find(card, "code", &["id"]).first().map(text_of).unwrap_or_default();
            (id, outcome, card)
        })
        .collect()
}

#[test]
fn html_report_draws_each_failing_case_with_expected_and_actual_moves() {
    let dir = Scratch::new("html-run");
    let (code, page) = run_corpus(&dir, "html");
    assert_eq!(code, 1, "two cases fail");
    let doc = parse(&page);
    let cards = cards(&doc);
    let outcomes: Vec<(&str, &str)> = cards.iter().map(|(id, o, _)| (id.as_str(), o.as_str())).collect();
    // The cases that did not pass first, in the order of the Laws (3, 5, C), then those that passed.
    assert_eq!(
        outcomes,
        [
            ("king-moves-wrong", "FAIL"),
            ("known-wrong", "XFAIL"),
            ("only-2018", "SKIP"),
            ("knight-san-wrong", "FAIL"),
            ("start-not-check", "PASS")
        ]
    );
    let board_of = |id: &str| {
        let (_, _, card) = cards.iter().find(|(i, _, _)| i == id).unwrap_or_else(|| panic!("no card {id}"));
        find(*card, "svg", &["board"]).first().copied()
    };
    let arrows = |svg: &Node<'_, '_>, kind: &str| -> Vec<String> {
        find(*svg, "g", &["arrow", kind]).iter().filter_map(|g| g.attribute("data-move").map(str::to_owned)).collect()
    };
    // FIDE 3.8.1: the king on a1 has a1a2, a1b1, a1b2; the case misses a1b2 and wants a1a3.
    let king = board_of("king-moves-wrong").expect("a board for the failing king case");
    assert_eq!(arrows(&king, "expected"), ["a1a3"]);
    assert_eq!(arrows(&king, "actual"), ["a1b2"]);
    let pieces: Vec<&str> = find(king, "g", &["piece"]).iter().filter_map(|g| g.attribute("data-square")).collect();
    assert_eq!(pieces, ["a1", "h8"], "the two kings of the FEN, from the first rank up");
    // C.2: Nf3 is g1f3; the case wants g1h3.
    let knight = board_of("knight-san-wrong").expect("a board for the failing SAN case");
    assert_eq!(arrows(&knight, "expected"), ["g1h3"]);
    assert_eq!(arrows(&knight, "actual"), ["g1f3"]);
    assert_eq!(find(knight, "g", &["piece"]).len(), 32);
    // The known failure is drawn after its move (g1f3 played: the knight on f3).
    let known = board_of("known-wrong").expect("a board for the XFAIL");
    let squares: Vec<&str> =
        find(known, "g", &["piece", "white-knight"]).iter().filter_map(|g| g.attribute("data-square")).collect();
    assert_eq!(squares, ["b1", "f3"]);
    assert!(board_of("start-not-check").is_none() && board_of("only-2018").is_none(), "no board for a pass or a skip");
    // Each board has the legend of both colours.
    for svg in find(doc.root(), "svg", &["board"]) {
        assert_eq!(find(svg, "g", &["legend"]).len(), 2);
    }
    // Descriptions, clauses and the FEN are on the page.
    let card_text = |id: &str| cards.iter().find(|(i, _, _)| i == id).map(|(_, _, c)| text_of(c)).unwrap_or_default();
    assert!(card_text("king-moves-wrong").contains("A lone king in the corner has three moves"));
    assert!(card_text("king-moves-wrong").contains("3.8.1"));
    assert!(card_text("king-moves-wrong").contains("7k/8/8/8/8/8/8/K7 w - - 0 1"));
    // The hostile description is text, whole, and no script but the page's own is there.
    assert!(card_text("knight-san-wrong").contains("A knight <b>jumps</b> & \"lands\" <script>alert(1)</script>"));
    assert_eq!(find(doc.root(), "script", &[]).len(), 1);
    assert!(find(doc.root(), "b", &[]).is_empty());
    // The summary by article.
    let table = doc.descendants().find(|n| n.attribute("id") == Some("by-article")).expect("the summary table");
    let rows: Vec<String> = find(table, "tr", &[])
        .iter()
        .skip(1)
        .filter_map(|tr| tr.children().find(|c| c.has_tag_name("td")))
        .map(|td| text_of(&td))
        .collect();
    assert_eq!(rows, ["Article 2", "Article 3", "Article 5", "Appendix C", "total"]);
}

#[test]
fn html_report_refers_to_nothing_outside_itself() {
    let dir = Scratch::new("html-offline");
    let (_, page) = run_corpus(&dir, "html");
    for needle in ["http:", "https:", "//", "url(", "@import"] {
        assert!(!page.contains(needle), "the page holds {needle:?}");
    }
    let doc = parse(&page);
    for element in doc.descendants().filter(|n| n.is_element()) {
        for a in element.attributes() {
            assert!(!["src", "href", "srcset", "action", "data", "poster"].contains(&a.name()), "{a:?}");
        }
    }
    // With scripts disabled everything is shown: no case is hidden, only the filter form.
    let hidden: Vec<&str> =
        doc.descendants().filter(|n| n.attribute("hidden").is_some()).map(|n| n.tag_name().name()).collect();
    assert_eq!(hidden, ["form"]);
}

/// Reports of a real run (the reference core on [`CORPUS`]), then made hostile: every text that
/// comes from a case or an implementation holds markup, quotes, controls and non-characters.
fn hostile_reports() -> Vec<CaseReport> {
    let cases = corpus::parse_file(Path::new("wrong.yaml"), CORPUS).expect("the corpus parses");
    let options = runner::RunOptions::new(profile::find("fide-2023").expect("the default profile"));
    let factory = || Ok(Box::new(Reference::default()) as Box<dyn Implementation>);
    let mut reports = runner::run(&cases.iter().collect::<Vec<_>>(), &factory, &options, &|_| {});
    let nasty =
        "<script>alert('x')</script>\"'&amp;</style></svg><!-- ]]> \u{0}\u{1b}[31m\u{7f}\u{85}\u{fffe}\u{fdd0}\r\n";
    for (i, r) in reports.iter_mut().enumerate() {
        r.id = format!("id{i}{nasty}");
        r.file = format!("dir/{nasty}.yaml").into();
        r.article = format!("3{nasty}");
        r.refs = vec![format!("3.1{nasty}")];
        r.description = Some(format!("description {nasty}"));
        r.reason = Some(format!("reason {nasty}"));
        r.outcome = Outcome::ALL[i % Outcome::ALL.len()];
        r.mismatches.clear();
        r.mismatches.push(Mismatch {
            what: format!("what {nasty}"),
            expected: format!("expected {nasty}"),
            actual: format!("actual {nasty}"),
            expected_moves: vec![format!("e2e4{nasty}"), "e2e4".into()],
            actual_moves: vec![nasty.into(), "e2e3".into()],
            note: Some(format!("note {nasty}")),
        });
    }
    assert_eq!(reports[1].outcome, Outcome::Fail);
    reports[1].fen = Some(format!("<svg onload=alert(1)>/8/8/8/8/8/8/8 w - - 0 1{nasty}"));
    reports
}

#[test]
fn html_report_shows_hostile_text_as_text() {
    let reports = hostile_reports();
    let nasty_info = "<script>alert('info')</script>\u{1b}";
    let info = RunInfo {
        implementation: nasty_info.into(),
        profile: nasty_info.into(),
        laws: nasty_info.into(),
        rerun: nasty_info.into(),
        rules: nasty_info.into(),
        selection: nasty_info.into(),
        shard: Some(nasty_info.into()),
    };
    let page = render(Format::Html, &info, &reports);
    let doc = parse(&page);
    let scripts = find(doc.root(), "script", &[]);
    assert_eq!(scripts.len(), 1, "only the page's script");
    assert!(!text_of(&scripts[0]).contains("alert"));
    let styles = find(doc.root(), "style", &[]);
    assert!(styles.len() == 1 && !text_of(&styles[0]).contains("alert"));
    for element in doc.descendants().filter(|n| n.is_element()) {
        for a in element.attributes() {
            assert!(!a.name().starts_with("on"), "an event handler attribute {a:?} on {:?}", element.tag_name());
        }
    }
    assert!(!page.chars().any(|c| c.is_control() && c != '\n'), "no control character but line breaks");
    assert!(!page.contains('\u{fffe}') && !page.contains('\u{fdd0}'));
    let ids: Vec<String> = find(doc.root(), "code", &["id"]).iter().map(text_of).collect();
    assert_eq!(ids.len(), reports.len());
    for id in &ids {
        assert!(id.contains("<script>alert('x')</script>\"'&amp;</style></svg><!-- ]]> \\0\\u{1b}[31m"), "{id:?}");
    }
    let articles: Vec<&str> =
        find(doc.root(), "article", &["case"]).iter().filter_map(|e| e.attribute("data-article")).collect();
    assert!(articles.iter().all(|a| a.starts_with("3<script>")), "{articles:?}");
    // Only what reads as a move is drawn; the hostile FEN is shown, not drawn.
    for svg in find(doc.root(), "svg", &["board"]) {
        let moves: Vec<&str> = find(svg, "g", &["arrow"]).iter().filter_map(|g| g.attribute("data-move")).collect();
        assert_eq!(moves, ["e2e4", "e2e3"]);
    }
    let drawn = find(doc.root(), "svg", &["board"]).len();
    let judged = reports.iter().filter(|r| !matches!(r.outcome, Outcome::Pass | Outcome::Skip)).count();
    assert_eq!(drawn + 1, judged, "every failing case drawn but the one whose FEN cannot be read");
    let undrawn: Vec<String> = find(doc.root(), "p", &["fen"]).iter().map(text_of).collect();
    assert_eq!(undrawn.len(), 1);
    assert!(undrawn[0].starts_with("position (not drawn): <svg onload=alert(1)>/8/"), "{undrawn:?}");
}

/// The browser the tests load the page in: `ARBITER_CHROMIUM`, else `chromium`.
fn chromium() -> String {
    std::env::var("ARBITER_CHROMIUM").unwrap_or_else(|_| "chromium".into())
}

/// The page at `url` as headless Chromium has it after its scripts ran (`--dump-dom`); `None`
/// when `ARBITER_SKIP_BROWSER=1` and the browser does not start. Without that variable a
/// missing browser fails the test.
fn dump_dom(profile_dir: &Path, url: &str) -> Option<String> {
    let browser = chromium();
    let skip = std::env::var("ARBITER_SKIP_BROWSER").is_ok_and(|v| v == "1");
    let started = Command::new(&browser).arg("--version").output();
    match started {
        Ok(out) if out.status.success() => {}
        other if skip => {
            eprintln!("ARBITER_SKIP_BROWSER=1: {browser} does not start ({other:?}); the browser test is skipped");
            return None;
        }
        other => panic!(
            "{browser} does not start ({other:?}): install Debian's chromium (ci/setup.sh does), point \
             ARBITER_CHROMIUM at a Chromium, or set ARBITER_SKIP_BROWSER=1 to skip this test"
        ),
    }
    let (code, dom, stderr) = support::run(Command::new(&browser).args([
        "--headless",
        "--disable-gpu",
        "--no-sandbox",
        "--no-first-run",
        "--disable-dev-shm-usage",
        "--disable-extensions",
        &format!("--user-data-dir={}", profile_dir.display()),
        "--dump-dom",
        url,
    ]));
    assert_eq!(code, 0, "{browser} --dump-dom {url}: {stderr}");
    Some(dom)
}

/// What the browser made of the page: the count the script wrote (`None` without it), whether
/// the filter form is still hidden, the number of boards, and the ids of the cases shown.
struct Rendered {
    count: Option<String>,
    form_hidden: bool,
    boards: usize,
    shown: Vec<String>,
}

/// Reads Chromium's serialized DOM (HTML, not XML: read by its start tags).
fn rendered(dom: &str) -> Rendered {
    let start_tag = |at: usize| &dom[at..dom[at..].find('>').map_or(dom.len(), |end| at + end)];
    let count = dom.find("id=\"filter-count\"").map(|at| {
        let text = &dom[at..];
        let open = text.find('>').map_or(0, |i| i + 1);
        text[open..text.find("</p>").unwrap_or(open)].to_owned()
    });
    let form_hidden = dom.find("<form id=\"filters\"").is_some_and(|at| start_tag(at).contains("hidden"));
    let mut shown = Vec::new();
    for (at, _) in dom.match_indices("<article class=\"case") {
        if start_tag(at).contains("hidden") {
            continue;
        }
        let card = &dom[at..];
        let id_at = card.find("<code class=\"id\">").map(|i| i + "<code class=\"id\">".len());
        let id = id_at.map(|i| card[i..card[i..].find("</code>").map_or(i, |end| i + end)].to_owned());
        shown.push(id.unwrap_or_default());
    }
    Rendered { count, form_hidden, boards: dom.matches("<svg class=\"board\"").count(), shown }
}

#[test]
fn html_report_filters_run_in_headless_chromium() {
    let dir = Scratch::new("html-browser");
    let (_, page) = run_corpus(&dir, "html");
    let file = dir.write("report.html", &page);
    let url = format!("file://{file}");
    let profile = dir.path().join("profile");
    let Some(dom) = dump_dom(&profile, &url) else { return };
    let all = rendered(&dom);
    assert_eq!(all.count.as_deref(), Some("5 of 5 cases shown"), "the script ran and counted every case: {dom}");
    assert!(!all.form_hidden, "the script shows its form");
    assert_eq!(all.boards, 3, "the browser has the three boards");
    assert_eq!(all.shown.len(), 5);
    // The fragment selects: the failures only, a text search, an article.
    let Some(dom) = dump_dom(&profile, &format!("{url}#outcome=FAIL,XFAIL")) else { return };
    let failures = rendered(&dom);
    assert_eq!(failures.count.as_deref(), Some("3 of 5 cases shown"));
    assert_eq!(failures.shown, ["king-moves-wrong", "known-wrong", "knight-san-wrong"]);
    let Some(dom) = dump_dom(&profile, &format!("{url}#q=lone%20king")) else { return };
    assert_eq!(rendered(&dom).shown, ["king-moves-wrong"]);
    let Some(dom) = dump_dom(&profile, &format!("{url}#article=C")) else { return };
    assert_eq!(rendered(&dom).shown, ["knight-san-wrong"]);
}

#[test]
fn badge_is_a_shields_endpoint_with_the_counts_of_the_run() {
    let dir = Scratch::new("badge");
    let (code, text) = run_corpus(&dir, "badge");
    assert_eq!(code, 1);
    let badge: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON: {e}: {text}"));
    let object = badge.as_object().expect("an object");
    // The endpoint schema: schemaVersion 1 and label and message strings are required; color is
    // a named colour; nothing else.
    let mut keys: Vec<&str> = object.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["color", "label", "message", "schemaVersion"]);
    assert_eq!(badge["schemaVersion"], 1);
    assert_eq!(badge["label"], "FIDE Laws");
    // One PASS of four checked cases: two FAILs and an XFAIL count, the SKIP does not.
    assert_eq!(badge["message"], "1/4 passed");
    assert_eq!(badge["color"], "red");
    assert_eq!(text.lines().count(), 1);
}

#[test]
fn badge_of_a_clean_run_is_bright_green() {
    let (code, text, stderr) = arbiter(&["run", "--clause", "3.6", "--format", "badge"]);
    assert_eq!(code, 0, "{stderr}");
    let badge: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON: {e}: {text}"));
    let message = badge["message"].as_str().expect("a message");
    let (passed, total) = message.trim_end_matches(" passed").split_once('/').expect("P/T passed");
    assert!(passed == total && passed.parse::<usize>().is_ok_and(|n| n > 0), "{message}");
    assert_eq!(badge["color"], "brightgreen");
}
