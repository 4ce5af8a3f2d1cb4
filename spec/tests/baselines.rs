//! Putting arbiter into another project's CI: baselines written from a run (`--write-expect`)
//! and read back (`--expect`, with ERROR and TIMEOUT as well as FAIL), exclusions, shards and
//! their merge, the JSON document and the human report's skips.

use std::collections::BTreeSet;

mod support;
use support::{arbiter, Scratch, BUGGY};

/// `arbiter run ... --format json`, parsed.
fn document(args: &[&str]) -> (i32, serde_json::Value, String) {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let (code, out, err) = arbiter(&all);
    let doc = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: not one JSON document: {out}{err}"));
    (code, doc, err)
}

fn ids(doc: &serde_json::Value) -> Vec<String> {
    doc["cases"].as_array().expect("cases").iter().map(|c| c["id"].as_str().expect("id").to_owned()).collect()
}

fn count(doc: &serde_json::Value, outcome: &str) -> usize {
    doc["cases"].as_array().expect("cases").iter().filter(|c| c["outcome"] == outcome).count()
}

/// FIDE 3.7.3.1 broken in an engine: `--write-expect` lists every failing case with its
/// mismatches as comments; read back with `--expect` the same run passes with the failures as
/// XFAIL; the engine fixed, the listed cases XPASS and fail the run.
#[test]
fn write_expect_lists_the_failures_and_makes_the_same_run_pass_3_7_3_1() {
    let dir = Scratch::new("write-expect");
    let file = dir.path().join("known.txt");
    let file = file.to_str().expect("a UTF-8 path");
    let buggy = format!("'{BUGGY}' --bug no-en-passant");
    let (code, doc, err) = document(&["run", "--uci", &buggy, "--clause", "3.7.3", "--write-expect", file]);
    assert_eq!(code, 0, "{err}");
    let failed = count(&doc, "FAIL");
    assert!(failed > 0, "{doc}");
    let text = std::fs::read_to_string(file).expect("the baseline was written");
    let listed: Vec<&str> = text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    assert_eq!(listed.len(), failed, "{text}");
    assert!(
        text.contains("# legal e5d6: expected legal, got not among the legal moves"),
        "the mismatches are comments: {text}"
    );
    assert!(err.contains(&format!("wrote {failed} known failure(s)")), "{err}");

    let (code, doc, err) = document(&["run", "--uci", &buggy, "--clause", "3.7.3", "--expect", file]);
    assert_eq!(code, 0, "{err}");
    assert_eq!((count(&doc, "XFAIL"), count(&doc, "FAIL")), (failed, 0), "{doc}");

    let fixed = format!("'{BUGGY}' --bug none");
    let (code, doc, _) = document(&["run", "--uci", &fixed, "--clause", "3.7.3", "--expect", file]);
    assert_eq!(code, 1);
    assert_eq!(count(&doc, "XPASS"), failed, "{doc}");
}

/// A hanging engine's cases are TIMEOUT; the baseline records them as such, and read back
/// makes them XFAIL, while a FAIL entry does not excuse a TIMEOUT.
#[test]
fn a_baseline_holds_timeouts_and_errors_as_well_as_failures() {
    let dir = Scratch::new("expect-timeout");
    let file = dir.path().join("known.txt");
    let file = file.to_str().expect("a UTF-8 path");
    let hanging = format!("'{BUGGY}' --hang-after 1");
    let args = ["run", "--uci", hanging.as_str(), "--id", "ep-basic-white-3-7-3-1", "--timeout", "0.5"];
    let (code, doc, err) = document(&[&args[..], &["--write-expect", file]].concat());
    assert_eq!(code, 0, "{err}");
    assert_eq!(count(&doc, "TIMEOUT"), 1, "{doc}");
    let text = std::fs::read_to_string(file).expect("the baseline was written");
    assert!(text.lines().any(|l| l == "ep-basic-white-3-7-3-1 TIMEOUT"), "{text}");
    let (code, doc, err) = document(&[&args[..], &["--expect", file]].concat());
    assert_eq!(code, 0, "{err}");
    assert_eq!(count(&doc, "XFAIL"), 1, "{doc}");
    std::fs::write(file, "ep-basic-white-3-7-3-1\n").expect("write");
    let (code, doc, _) = document(&[&args[..], &["--expect", file]].concat());
    assert_eq!(code, 1, "a FAIL entry does not excuse a TIMEOUT");
    assert_eq!(count(&doc, "TIMEOUT"), 1, "{doc}");
}

/// Every bad line of a baseline is an error naming the file and the line.
#[test]
fn a_bad_baseline_line_names_the_file_and_the_line() {
    let dir = Scratch::new("expect-bad");
    let file = dir.write("known.txt", "# ok\nfools-mate-5-1-1 FAIL\nno-such-case\nfools-mate-5-1-1\nscholars SLOW\n");
    let (code, _, err) = arbiter(&["run", "--id", "fools-mate-5-1-1", "--expect", &file]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("known.txt:3: no case has the id \"no-such-case\""), "{err}");
    assert!(err.contains("known.txt:4: \"fools-mate-5-1-1\" is listed twice"), "{err}");
    assert!(err.contains("known.txt:5: \"SLOW\" is not an outcome"), "{err}");
}

/// The rerun hint of a failing case repeats what the run was given: the baseline, the node
/// limit and the timeout, so that it reruns the case as the run ran it.
#[test]
fn the_rerun_hint_keeps_the_baseline_the_node_limit_and_the_timeout() {
    let dir = Scratch::new("rerun");
    let file = dir.write("known.txt", "# nothing known\n");
    let buggy = format!("'{BUGGY}' --bug no-en-passant");
    let (code, out, _) = arbiter(&[
        "run",
        "--uci",
        &buggy,
        "--clause",
        "3.7.3.1",
        "--expect",
        &file,
        "--max-nodes",
        "5000",
        "--timeout",
        "2.5",
    ]);
    assert_eq!(code, 1, "{out}");
    let hint = out.lines().find(|l| l.trim_start().starts_with("rerun:")).expect("a rerun hint");
    assert!(hint.contains(&format!("--expect {file}")) || hint.contains(&format!("--expect '{file}'")), "{hint}");
    assert!(hint.contains("--max-nodes 5000") && hint.contains("--timeout 2.5"), "{hint}");
    // The default timeout is not repeated: `--timeout`'s default text and the runner's
    // `DEFAULT_TIMEOUT` name the same time.
    let (code, out, _) = arbiter(&["run", "--uci", &buggy, "--clause", "3.7.3.1", "--max-nodes", "5000"]);
    assert_eq!(code, 1, "{out}");
    let hint = out.lines().find(|l| l.trim_start().starts_with("rerun:")).expect("a rerun hint");
    assert!(!hint.contains("--timeout"), "{hint}");
}

/// `--exclude-id`, `--exclude-tag` and `--exclude-file` leave out what they name, and only that.
#[test]
fn exclusions_leave_out_what_they_name() {
    let (_, all, _) = document(&["run", "--clause", "9"]);
    let all = ids(&all);
    let (_, doc, _) = document(&["run", "--clause", "9", "--exclude-id", &all[0], "--exclude-tag", "fifty"]);
    let kept = ids(&doc);
    assert!(!kept.contains(&all[0]));
    let corpus = arbiter_spec::corpus::load_embedded().expect("corpus");
    let tagged = |id: &str| corpus.find(id).expect("a case").case.tags.iter().any(|t| t == "fifty");
    assert!(kept.iter().all(|id| !tagged(id)));
    let expected: Vec<&String> = all.iter().skip(1).filter(|id| !tagged(id)).collect();
    assert_eq!(kept.iter().collect::<Vec<_>>(), expected);
    let (_, doc, _) = document(&["run", "--clause", "9", "--exclude-file", "repetition"]);
    assert!(doc["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .all(|c| !c["file"].as_str().unwrap_or("").contains("repetition")));
    assert!(ids(&doc).len() < all.len());
}

/// `--shard K/N` splits the selection into N disjoint parts whose union is the whole, the same
/// for every implementation; `arbiter merge` makes the shards' reports one report with the
/// whole run's summary and exit status, and refuses a missing, repeated or foreign shard.
#[test]
fn shards_split_the_run_and_merge_puts_it_back_together() {
    let dir = Scratch::new("shards");
    let buggy = format!("'{BUGGY}' --bug castle-through-attack");
    let (whole_code, whole, _) = document(&["run", "--uci", &buggy, "--clause", "3"]);
    assert_eq!(whole_code, 1);
    let mut paths = Vec::new();
    let mut union = BTreeSet::new();
    let mut total = 0;
    for k in 1..=4 {
        let shard = format!("{k}/4");
        let (_, out, err) = arbiter(&["run", "--uci", &buggy, "--clause", "3", "--shard", &shard, "--format", "json"]);
        let doc: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {err}"));
        assert_eq!(doc["shard"], shard.as_str());
        total += ids(&doc).len();
        union.extend(ids(&doc));
        // The same split against another implementation.
        let (_, core_doc, _) = document(&["run", "--clause", "3", "--shard", &shard]);
        assert_eq!(ids(&core_doc), ids(&doc), "shard {shard}");
        paths.push(dir.write(&format!("shard{k}.json"), &out));
    }
    assert_eq!(total, union.len(), "the shards are disjoint");
    assert_eq!(union, ids(&whole).into_iter().collect::<BTreeSet<_>>(), "the shards make the whole");

    let args: Vec<&str> = ["merge"].into_iter().chain(paths.iter().map(String::as_str)).collect();
    let (code, out, err) = arbiter(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, whole_code, "{err}");
    let merged: serde_json::Value = serde_json::from_str(&out).expect("a JSON document");
    assert_eq!(merged["summary"], whole["summary"]);
    assert_eq!(ids(&merged), ids(&whole), "the corpus's order");

    let (code, _, err) = arbiter(&["merge", &paths[0], &paths[1], &paths[2]]);
    assert_eq!(code, 2);
    assert!(err.contains("shard(s) 4/4 missing"), "{err}");
    let (code, _, err) = arbiter(&["merge", &paths[0], &paths[0], &paths[1], &paths[2], &paths[3]]);
    assert_eq!(code, 2);
    assert!(err.contains("is given twice"), "{err}");
    let (_, other, _) = arbiter(&["run", "--clause", "3", "--shard", "4/4", "--format", "json"]);
    let other = dir.write("other.json", &other);
    let (code, _, err) = arbiter(&["merge", &paths[0], &paths[1], &paths[2], &other]);
    assert_eq!(code, 2);
    assert!(err.contains("another run's shard: its implementation"), "{err}");
    // One whole run's report, alone, is that run in another format, with its exit status.
    let whole_path = dir.write("whole.json", serde_json::to_string(&whole).expect("JSON"));
    let (code, out, _) = arbiter(&["merge", &whole_path, "--format", "junit"]);
    assert_eq!(code, whole_code);
    assert!(out.starts_with("<?xml") && out.contains("castling"), "{out}");
    let (code, _, err) = arbiter(&["merge", &whole_path, &paths[0]]);
    assert_eq!(code, 2);
    assert!(err.contains("not the report of a shard"), "{err}");
    let (code, _, err) = arbiter(&["run", "--shard", "5/4"]);
    assert_eq!(code, 2);
    assert!(err.contains("K/N"), "{err}");
}

/// The human report lists the skipped cases grouped by their reason, and the run's rule model;
/// a UCI case whose move-generation expectations all held is a PASS that says what it could not check.
#[test]
fn the_human_report_lists_skips_by_reason_and_names_the_rule_model() {
    let engine = format!("'{BUGGY}' --bug none");
    let (code, out, err) = arbiter(&["run", "--uci", &engine, "--clause", "3.9"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("rule model: Laws of 2023; threefold repetition and fifty moves on a claim"), "{out}");
    assert!(out.contains("== Skipped, by reason =="), "{out}");
    assert!(out.contains("case(s): needs an adapter"), "{out}");
    let (_, doc, _) = document(&["run", "--uci", &engine, "--clause", "3.9"]);
    let partly = doc["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .find(|c| c["outcome"] == "PASS" && c["reason"].as_str().is_some_and(|r| r.starts_with("not checked: ")));
    assert!(partly.is_some(), "a PASS that names what it did not check: {doc}");
}

/// A perft FAIL shows the position and where the count goes wrong: the divide followed down to
/// the first position whose legal moves differ, with the moves missed or added and their
/// article (an engine that castles through an attacked square, FIDE 3.8.2.2).
#[test]
fn a_perft_failure_shows_the_position_and_the_first_wrong_move_3_8_2_2() {
    let buggy = format!("'{BUGGY}' --bug castle-through-attack");
    let (code, doc, _) = document(&["run", "--uci", &buggy, "--clause", "3.10.1"]);
    assert_eq!(code, 1);
    let failed: Vec<&serde_json::Value> =
        doc["cases"].as_array().expect("cases").iter().filter(|c| c["outcome"] == "FAIL").collect();
    assert!(!failed.is_empty(), "{doc}");
    let perft = failed
        .iter()
        .flat_map(|c| c["mismatches"].as_array().into_iter().flatten())
        .find(|m| m["what"].as_str().is_some_and(|w| w.starts_with("perft")))
        .expect("a perft mismatch");
    let note = perft["note"].as_str().expect("a note on the perft mismatch");
    assert!(
        note.contains("the divide goes wrong") && note.contains("and adds ") && note.contains("FIDE 3.8.2.2"),
        "{note}"
    );
    let (_, out, _) = arbiter(&["run", "--uci", &buggy, "--clause", "3.10.1"]);
    assert!(out.contains("    position: ") && out.contains("the divide goes wrong"), "{out}");
}

/// `--perft-budget SECONDS` measures the implementation's perft speed once and skips what it
/// could not count within the budget: SKIPs that say so, never a TIMEOUT; without it the same
/// expectations are checked.
#[test]
fn a_perft_budget_skips_what_the_implementation_cannot_count_in_time() {
    let engine = format!("'{BUGGY}' --bug none");
    let (code, doc, err) = document(&["run", "--uci", &engine, "--file", "perft", "--perft-budget", "0.001"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("perft measured at") && err.contains("nodes/s"), "{err}");
    let over = |doc: &serde_json::Value| {
        doc["cases"]
            .as_array()
            .expect("cases")
            .iter()
            .filter(|c| c["reason"].as_str().is_some_and(|r| r.contains("over the run's node limit")))
            .count()
    };
    assert!(over(&doc) > 0, "{doc}");
    assert_eq!(count(&doc, "TIMEOUT"), 0);
    let (_, unlimited, _) = document(&["run", "--uci", &engine, "--file", "perft", "--max-nodes", "100000000000"]);
    assert_eq!(over(&unlimited), 0);
}
