//! `arbiter hunt --adapter`: the perft hunter over the adapter protocol. A seeded buggy adapter
//! (python-chess with en passant removed, written by the test itself) is caught; shakmaty's
//! adapter and the reference core served by `arbiter serve` give no finding. The buggy adapter's
//! findings, run from the hunt's output directory with `arbiter run --cases`, fail against it
//! and pass against the reference core.

use std::process::Command;

mod support;
use support::{repo_root, Scratch, ARBITER};

fn python_chess_available() -> bool {
    Command::new("python3").args(["-c", "import chess"]).status().is_ok_and(|s| s.success())
}

/// Runs `arbiter hunt --adapter CMD --format json` with a fixed seed: exit code and report.
fn hunt(adapter: &str, out: &std::path::Path) -> (i32, serde_json::Value) {
    let output = Command::new(ARBITER)
        .args(["hunt", "--adapter", adapter, "--seed", "7", "--positions", "200", "--depth", "3", "--time", "30"])
        .args(["--format", "json", "--out"])
        .arg(out)
        .current_dir(repo_root())
        .output()
        .expect("arbiter runs");
    let report = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)));
    (output.status.code().unwrap_or(-1), report)
}

fn temp_dir(name: &str) -> Scratch {
    Scratch::new(&format!("peers-hunt-{name}"))
}

#[test]
fn hunt_over_the_adapter_finds_missing_en_passant_3_7_3_1() {
    // CI installs python-chess (ci/setup.sh): a missing peer fails, it does not pass.
    assert!(python_chess_available(), "python-chess is not installed (python3 -m pip install chess)");
    let dir = temp_dir("no-ep");
    let script = dir.join("no_en_passant.py");
    let adapter = repo_root().join("adapters/python-chess");
    // python-chess with its en passant generator switched off: the seeded bug.
    let source = format!(
        "import sys\nsys.path.insert(0, {:?})\nimport chess\nimport adapter\n\
         chess.Board.generate_pseudo_legal_ep = lambda self, *a, **k: iter(())\nadapter.main()\n",
        adapter.display().to_string()
    );
    std::fs::write(&script, source).expect("script written");
    let adapter = format!("python3 '{}'", script.display());
    let (code, report) = hunt(&adapter, &dir.join("cases"));
    assert_eq!(code, 1, "{report}");
    let findings = report["findings"].as_array().cloned().unwrap_or_default();
    assert!(!findings.is_empty());
    let text = serde_json::to_string(&findings).unwrap_or_default();
    assert!(text.contains("3.7.3.1"), "no finding under 3.7.3.1: {text}");
    // The findings as regression cases: each fails against the buggy adapter, passes against
    // the reference core.
    let ids: Vec<&str> = findings.iter().filter_map(|f| f["id"].as_str()).collect();
    for (peer, outcome, status) in [(&["--adapter", adapter.as_str()][..], "FAIL", 1), (&[][..], "PASS", 0)] {
        let output = Command::new(ARBITER)
            .args(["run", "--format", "jsonl", "--cases"])
            .arg(dir.join("cases"))
            .args(peer)
            .output()
            .expect("arbiter runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        for id in &ids {
            let line = format!("\"id\":\"{id}\"");
            let case = stdout.lines().find(|l| l.contains(&line)).unwrap_or_else(|| panic!("{id} not run: {stdout}"));
            assert!(case.contains(&format!("\"outcome\":\"{outcome}\"")), "{peer:?}: {case}");
        }
        assert_eq!(output.status.code(), Some(status), "{peer:?}: {stdout}");
    }
}

#[test]
fn hunt_over_the_reference_adapter_finds_nothing_3_10_1() {
    let dir = temp_dir("serve");
    let (code, report) = hunt(&format!("'{ARBITER}' serve"), &dir.join("cases"));
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["findings"].as_array().map(Vec::len), Some(0));
    assert!(report["positions"].as_u64().is_some_and(|n| n > 0));
}
