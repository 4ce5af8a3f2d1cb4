//! Snapshots of every report format on a small fixed corpus run through a deliberately broken
//! adapter (`tests/fixtures/broken-adapter.sh`): passing, failing, expected-failing, skipped,
//! erroring, crashing and hanging cases.

use std::path::Path;
use std::time::Duration;

use arbiter_spec::adapter::Adapter;
use arbiter_spec::corpus;
use arbiter_spec::implementation::Implementation;
use arbiter_spec::outcome::{CaseReport, Outcome};
use arbiter_spec::profile;
use arbiter_spec::report::{render, Format, RunInfo};
use arbiter_spec::runner::{run, RunOptions};

const ADAPTER: &str = "sh tests/fixtures/broken-adapter.sh";

fn run_small() -> Vec<CaseReport> {
    let corpus = corpus::load(Path::new("tests/fixtures/small")).expect("the fixture corpus loads");
    let cases: Vec<_> = corpus.cases.iter().collect();
    let mut options = RunOptions::new(profile::find("fide-2023").expect("default profile"));
    options.baseline = arbiter_spec::baseline::Baseline::failing(["known-failure"]);
    let factory = || -> Result<Box<dyn Implementation>, String> {
        Ok(Box::new(Adapter::new(ADAPTER, Duration::from_millis(500))))
    };
    let mut reports = run(&cases, &factory, &options, &|_| {});
    // The snapshots guard the formats: the durations, which vary, are fixed here.
    for r in &mut reports {
        r.seconds = 0.25;
    }
    reports
}

fn info() -> RunInfo {
    RunInfo {
        implementation: ADAPTER.into(),
        profile: "fide-2023".into(),
        rules: arbiter_spec::profile::Profile::default().rules_in_words(),
        laws: "2023".into(),
        rerun: format!("arbiter run --adapter '{ADAPTER}' --cases tests/fixtures/small"),
        selection: String::new(),
        shard: None,
    }
}

#[test]
fn broken_adapter_outcomes_per_case() {
    let reports = run_small();
    let outcomes: Vec<(&str, Outcome)> = reports.iter().map(|r| (r.id.as_str(), r.outcome)).collect();
    assert_eq!(
        outcomes,
        vec![
            ("passes", Outcome::Pass),
            ("fails", Outcome::Fail),
            ("known-failure", Outcome::Xfail),
            ("skipped-perft", Outcome::Skip),
            ("garbage", Outcome::Error),
            ("crash", Outcome::Error),
            ("after-crash", Outcome::Pass),
            ("hang", Outcome::Timeout),
            ("wrong-id", Outcome::Error),
            ("only-2018", Outcome::Skip),
        ]
    );
}

#[test]
fn report_snapshots_every_format() {
    let reports = run_small();
    let info = info();
    for (name, format) in [
        ("human", Format::Human),
        ("json", Format::Json),
        ("jsonl", Format::Jsonl),
        ("junit", Format::Junit),
        ("tap", Format::Tap),
        ("markdown", Format::Markdown),
        ("html", Format::Html),
        ("badge", Format::Badge),
    ] {
        insta::assert_snapshot!(format!("report_{name}"), render(format, &info, &reports));
    }
}

#[test]
fn human_report_ends_with_summary_line() {
    let text = render(Format::Human, &info(), &run_small());
    let last = text.lines().last().unwrap_or_default();
    assert_eq!(last, "2 passed, 1 failed, 2 skipped, 1 xfailed, 0 xpassed, 3 errors, 1 timeouts");
}
