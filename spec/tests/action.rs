//! The GitHub Action (`action.yml`) run the way GitHub runs it: the `run` script of its step,
//! with `GITHUB_ACTION_PATH` the repository and the step's `env` filled from the inputs as
//! `${{ inputs.NAME }}` would be, and `arbiter` on PATH (this build, so nothing is installed).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

mod support;
use support::{repo_root, Scratch, ARBITER};

/// Runs the action's "Run arbiter" step with `inputs`; its exit status, stdout and stderr.
fn run_action(inputs: &[(&str, &str)], dir: &Scratch) -> (i32, String, String) {
    let text = std::fs::read_to_string(repo_root().join("action.yml")).expect("action.yml");
    let action: serde_yaml::Value = serde_yaml::from_str(&text).expect("action.yml is YAML");
    let defaults: BTreeMap<String, String> = action["inputs"]
        .as_mapping()
        .expect("inputs")
        .iter()
        .map(|(k, v)| (k.as_str().expect("name").to_owned(), v["default"].as_str().unwrap_or("").to_owned()))
        .collect();
    for (name, _) in inputs {
        assert!(defaults.contains_key(*name), "action.yml has no input {name}");
    }
    let steps = action["runs"]["steps"].as_sequence().expect("steps");
    let step = steps.iter().find(|s| s["id"] == "run").expect("the step with id run");
    let script = step["run"].as_str().expect("a run script");
    let summary = dir.path().join("summary.md");
    let output = dir.path().join("output.txt");
    let mut command = Command::new("bash");
    command.arg("-e").arg("-c").arg(script).current_dir(dir.path());
    for (key, value) in step["env"].as_mapping().expect("env") {
        let template = value.as_str().expect("an env value");
        let value = if let Some(name) = template.strip_prefix("${{ inputs.").and_then(|t| t.strip_suffix(" }}")) {
            inputs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
                .unwrap_or_else(|| defaults[name].clone())
        } else if template == "${{ runner.temp }}/arbiter" {
            dir.path().join("out").to_string_lossy().into_owned()
        } else {
            panic!("an env value the test does not know how to fill: {template}")
        };
        command.env(key.as_str().expect("a name"), value);
    }
    let bin = Path::new(ARBITER).parent().expect("the binary's directory");
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    command
        .env("PATH", path)
        .env("GITHUB_ACTION_PATH", repo_root())
        .env("GITHUB_STEP_SUMMARY", &summary)
        .env("GITHUB_OUTPUT", &output);
    support::run(&mut command)
}

/// Stockfish checked by the action: exit 0, the JSON report, the JUnit report and the job
/// summary written, and the report path given as the step's output.
#[test]
fn the_action_checks_an_engine_and_writes_its_reports() {
    let dir = Scratch::new("action-engine");
    let (code, out, err) = run_action(&[("uci", "/usr/games/stockfish"), ("args", "--clause 3.7")], &dir);
    assert_eq!(code, 0, "{out}{err}");
    let out_dir = dir.path().join("out");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out_dir.join("arbiter-report.json")).expect("report"))
            .expect("one JSON document");
    assert!(report["summary"]["passed"].as_u64().is_some_and(|n| n > 10), "{report}");
    assert_eq!(report["summary"]["failed"], 0);
    let junit = std::fs::read_to_string(out_dir.join("arbiter-junit.xml")).expect("junit");
    roxmltree::Document::parse(&junit).expect("the JUnit report is XML");
    let summary = std::fs::read_to_string(dir.path().join("summary.md")).expect("the job summary");
    assert!(summary.contains("| Article 3 | "), "{summary}");
    let output = std::fs::read_to_string(dir.path().join("output.txt")).expect("the step output");
    assert!(output.trim_end().ends_with("out/arbiter-report.json"), "{output}");
}

/// A program that fails cases fails the step (exit 1), and its reports are still written; a
/// run that cannot happen (an unknown option) is exit 2.
#[test]
fn the_action_fails_on_unexpected_outcomes_and_still_reports() {
    let dir = Scratch::new("action-broken");
    let adapter = format!("sh {}", repo_root().join("spec/tests/fixtures/broken-adapter.sh").display());
    let cases = repo_root().join("spec/tests/fixtures/small");
    let args = format!("--cases {} --timeout 0.5", cases.display());
    let (code, out, err) = run_action(&[("adapter", &adapter), ("args", &args)], &dir);
    assert_eq!(code, 1, "{out}{err}");
    let junit = std::fs::read_to_string(dir.path().join("out/arbiter-junit.xml")).expect("junit");
    assert!(junit.contains("<failure"), "{junit}");
    let (code, _, err) = run_action(&[("args", "--no-such-option")], &dir);
    assert_eq!(code, 2, "{err}");
}
