//! Deep perft split for a batch system (docs/perft-split.md): `arbiter perft --plan` writes the
//! subtrees, separate `arbiter perft --plan-line` / `--plan-file` processes count them, and
//! `arbiter perft --merge` checks that every subtree is there exactly once before it adds them
//! up; and `--hash`, the transposition table. The expected counts are the published ones
//! (core/data/perft/cpw_perft_results.epd and chess960_fischer.epd, sources in
//! core/data/perft/SOURCES.md).

mod support;

use std::process::Command;

use support::{arbiter, run, Scratch, ARBITER};

/// The plan lines of `args` (`arbiter perft ARGS --plan`).
fn plan(args: &[&str]) -> Vec<String> {
    let mut all = vec!["perft"];
    all.extend_from_slice(args);
    all.push("--plan");
    let (code, out, err) = arbiter(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    out.lines().map(str::to_owned).collect()
}

/// The result lines of counting `lines` in one `arbiter perft --plan-file` process.
fn count_lines(dir: &Scratch, name: &str, lines: &[String]) -> String {
    let file = dir.write(name, lines.join("\n") + "\n");
    let (code, out, err) = arbiter(&["perft", "--plan-file", &file]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), lines.len(), "{out}");
    out
}

/// `arbiter perft --merge FILES`.
fn merge(files: &[&str]) -> (i32, String, String) {
    let mut args = vec!["perft", "--merge"];
    args.extend_from_slice(files);
    arbiter(&args)
}

#[test]
fn a_plan_counted_in_separate_processes_merges_to_the_published_count() {
    // CPW: the start position has 4,865,609 leaves at depth 5.
    let lines = plan(&["--depth", "5", "--split", "2"]);
    assert_eq!(lines.len(), 400);
    let dir = Scratch::new("perft-split");
    let mut files = Vec::new();
    // As `xargs -n 1` runs it: one process per line, for the first few.
    for (i, line) in lines[..5].iter().enumerate() {
        let (code, out, err) = arbiter(&["perft", "--plan-line", line]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.lines().count(), 1, "{out}");
        files.push(dir.write(&format!("single-{i}.jsonl"), out));
    }
    // A batch system's chunks: one file of lines per process, one of them with a table.
    let out = count_lines(&dir, "chunk-a.jsonl", &lines[5..200]);
    files.push(dir.write("result-a.jsonl", out));
    let chunk = dir.write("chunk-b.jsonl", lines[200..300].join("\n"));
    let (code, out, err) = arbiter(&["perft", "--plan-file", &chunk, "--hash", "1"]);
    assert_eq!(code, 0, "{err}");
    files.push(dir.write("result-b.jsonl", out));
    // The last chunk on standard input, two threads.
    let chunk = dir.write("chunk-c.jsonl", lines[300..].join("\n"));
    let script = format!("'{ARBITER}' perft --plan-file - --threads 2 < '{chunk}'");
    let (code, out, err) = run(Command::new("sh").args(["-c", &script]));
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 100);
    files.push(dir.write("result-c.jsonl", out));

    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    let (code, out, err) = merge(&names);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("\nNodes searched: 4865609\n"), "{out}");
    // The root divide is the one a plain count gives.
    let (code, plain, err) = arbiter(&["perft", "--depth", "5", "--divide"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, plain);
    assert_eq!(out.lines().filter(|l| l.contains(": ")).count(), 20 + 1, "the divide and the total");
}

#[test]
fn every_line_of_a_plan_names_its_plan_and_its_subtree() {
    let lines = plan(&["--depth", "3", "--split", "1"]);
    assert_eq!(lines.len(), 20);
    let first: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(first["format"], "arbiter-perft-split/1");
    assert_eq!(first["root"], support::START);
    assert_eq!(first["depth"], 3);
    assert_eq!(first["split"], 1);
    assert_eq!(first["subtrees"], 20);
    assert_eq!(first["depth_left"], 2);
    assert_eq!(first["moves"].as_array().map(Vec::len), Some(1));
    for (i, line) in lines.iter().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["index"], i);
        assert_eq!(value["plan"], first["plan"]);
        assert_eq!(value["plan"].as_str().map(str::len), Some(16));
    }
}

#[test]
fn split_zero_is_one_subtree_and_split_at_the_depth_counts_the_leaves() {
    let dir = Scratch::new("perft-split-ends");
    // Split 0: the root itself, the whole count (CPW: 8,902 at depth 3).
    let lines = plan(&["--depth", "3", "--split", "0"]);
    assert_eq!(lines.len(), 1);
    let out = count_lines(&dir, "zero.jsonl", &lines);
    assert!(out.contains("\"nodes\":8902"), "{out}");
    // Split 3 of depth 3: every leaf is a subtree of depth 0.
    let lines = plan(&["--depth", "3", "--split", "3"]);
    assert_eq!(lines.len(), 8_902);
    let results = dir.write("leaves-results.jsonl", count_lines(&dir, "leaves.jsonl", &lines));
    let (code, out, err) = merge(&[&results]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("Nodes searched: 8902\n"), "{out}");
}

#[test]
fn a_chess960_plan_merges_to_the_published_count() {
    // core/data/perft/chess960_fischer.epd, line 1: 12,189 leaves at depth 3.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let lines = plan(&["--fen", fen, "--chess960", "--depth", "3", "--split", "2"]);
    assert_eq!(lines.len(), 528);
    let dir = Scratch::new("perft-split-960");
    let results = dir.write("results.jsonl", count_lines(&dir, "plan.jsonl", &lines));
    let (code, out, err) = merge(&[&results]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("Nodes searched: 12189\n"), "{out}");
    assert_eq!(out.lines().filter(|l| l.contains(": ")).count(), 21 + 1);
}

/// A counted plan of the start position to depth 3 split at 1 (20 subtrees), in `dir`.
fn counted(dir: &Scratch) -> Vec<String> {
    let lines = plan(&["--depth", "3", "--split", "1"]);
    count_lines(dir, "plan.jsonl", &lines).lines().map(str::to_owned).collect()
}

#[test]
fn merge_names_a_missing_subtree() {
    let dir = Scratch::new("perft-merge-missing");
    let mut results = counted(&dir);
    let gone = results.remove(7);
    let file = dir.write("results.jsonl", results.join("\n"));
    let (code, out, err) = merge(&[&file]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    let value: serde_json::Value = serde_json::from_str(&gone).unwrap();
    let moves = value["moves"][0].as_str().unwrap();
    assert!(
        err.contains("1 of the plan's 20 subtrees have no result") && err.contains(&format!("7 ({moves})")),
        "{err}"
    );
}

#[test]
fn merge_names_a_duplicate_subtree_and_where_it_was_first() {
    let dir = Scratch::new("perft-merge-duplicate");
    let results = counted(&dir);
    let all = dir.write("results.jsonl", results.join("\n"));
    let again = dir.write("again.jsonl", format!("\n{}\n", results[3]));
    let (code, out, err) = merge(&[&all, &again]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("again.jsonl:line 2: subtree 3") && err.contains("results.jsonl:line 4"), "{err}");
}

#[test]
fn merge_refuses_a_line_of_another_plan() {
    let dir = Scratch::new("perft-merge-foreign");
    let results = counted(&dir);
    // The same root and split, one ply deeper: another plan.
    let other = plan(&["--depth", "4", "--split", "1"]);
    let other = count_lines(&dir, "other.jsonl", &other[..1]);
    let file = dir.write("results.jsonl", format!("{}\n{other}", results.join("\n")));
    let (code, _, err) = merge(&[&file]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("results.jsonl:line 21: from plan") && err.contains("of ") && err.contains("results.jsonl:line 1"),
        "{err}"
    );
}

#[test]
fn merge_refuses_malformed_and_altered_lines_with_their_file_and_line() {
    let dir = Scratch::new("perft-merge-malformed");
    let results = counted(&dir);
    let plan_lines = plan(&["--depth", "3", "--split", "1"]);
    let mut lines = results.clone();
    lines[2] = "{\"format\": \"arbiter-perft-split/1\", ".to_owned();
    lines[5] = plan_lines[5].clone();
    // Another subtree's moves under index 9.
    lines[9] = results[9].replacen("\"index\":9,", "\"index\":10,", 1);
    let file = dir.write("results.jsonl", lines.join("\n"));
    let (code, out, err) = merge(&[&file]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("results.jsonl:line 3: not a result line"), "{err}");
    assert!(
        err.contains("results.jsonl:line 6: not a result line") && err.contains("a plan line, not a result"),
        "{err}"
    );
    assert!(err.contains("results.jsonl:line 10: subtree 10 is"), "{err}");
    // An empty file and a file that is not there.
    let empty = dir.write("empty.jsonl", "");
    let (code, _, err) = merge(&[&empty]);
    assert_eq!(code, 2);
    assert!(err.contains("no result lines"), "{err}");
    let missing = dir.path().join("nothing.jsonl");
    let (code, _, err) = merge(&[missing.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("nothing.jsonl: cannot read"), "{err}");
}

#[test]
fn bad_plans_and_plan_lines_are_clear_errors() {
    // K > D, and a depth beyond perft::MAX_DEPTH.
    let (code, out, err) = arbiter(&["perft", "--depth", "3", "--split", "4", "--plan"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty() && err.contains("split 4: deeper than the depth 3"), "{err}");
    let (code, _, err) = arbiter(&["perft", "--depth", "65", "--split", "1", "--plan"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("64"), "{err}");
    // Too many subtrees (ply 5 of the start position has 4,865,609).
    let (code, _, err) = arbiter(&["perft", "--depth", "6", "--split", "5", "--plan"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("more than 1000000 subtrees"), "{err}");

    let line = plan(&["--depth", "3", "--split", "1"]).remove(0);
    let bad = |text: &str, wanted: &str| {
        let (code, out, err) = arbiter(&["perft", "--plan-line", text]);
        assert_eq!(code, 2, "{text}: {err}");
        assert!(out.is_empty(), "{out}");
        assert!(err.contains("--plan-line: ") && err.contains(wanted), "{text}: {err}");
    };
    bad("not json", "not a plan line");
    bad("{}", "missing field");
    bad(
        &line.replace("\"depth\":3", "\"depth\":65").replace("\"depth_left\":2", "\"depth_left\":64"),
        "deeper than the deepest",
    );
    bad(&line.replace("\"split\":1", "\"split\":4"), "split 4: deeper than the depth 3");
    bad(&line.replace("\"depth_left\":2", "\"depth_left\":5"), "depth_left 5");
    bad(&line.replace("arbiter-perft-split/1", "other/9"), "format");
    let value: serde_json::Value = serde_json::from_str(&line).unwrap();
    let first = value["moves"][0].as_str().unwrap().to_owned();
    bad(&line.replace(&format!("[\"{first}\"]"), "[\"e2e5\"]"), "move 1 (\"e2e5\")");
    // A plan file with one bad line counts nothing and names the line.
    let dir = Scratch::new("perft-plan-lines");
    let file = dir.write("plan.jsonl", format!("{line}\n\n{line}\n{{\n"));
    let (code, out, err) = arbiter(&["perft", "--plan-file", &file]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("plan.jsonl:line 4: not a plan line"), "{err}");
    // A plan line takes its position from the line, not from the command line.
    let (code, _, err) = arbiter(&["perft", "--plan-line", &line, "--depth", "2"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn hash_gives_the_published_counts() {
    // CPW: the start position, depth 5, and Kiwipete's divide at depth 3 (97,862).
    let (code, out, err) = arbiter(&["perft", "--depth", "5", "--hash", "1"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "Nodes searched: 4865609\n");
    let (code, out, err) = arbiter(&["perft", "--depth", "5", "--hash", "2", "--threads", "2"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "Nodes searched: 4865609\n");
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (code, out, err) = arbiter(&["perft", "--fen", kiwipete, "--depth", "3", "--divide", "--hash", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("\nNodes searched: 97862\n") && out.lines().count() == 48 + 2, "{out}");
    let (code, out, err) = arbiter(&["perft", "--builtin", "--max-nodes", "100000", "--hash", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(" passed, 0 failed"), "{out}");
    for bad in ["0", "65537", "lots"] {
        let (code, _, err) = arbiter(&["perft", "--depth", "2", "--hash", bad]);
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(err.contains("--hash"), "{err}");
    }
}
