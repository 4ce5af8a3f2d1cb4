//! Fault injection: adapters and UCI engines that crash, hang, chat endlessly, stop reading,
//! stream endless lines or answer twice (the fakes in `tests/fakes/`, one program per fault).
//! Each test checks the outcome arbiter gives (ERROR, TIMEOUT, or one clear start-up error with
//! exit 2), that the run goes on to the next case, a generous bound on the time it takes (no
//! hang), and that no process the fake started (itself and a `sleep 1000` grandchild, listed in
//! `$FAKE_PIDS`) is left behind, also after SIGTERM or SIGINT to arbiter.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use nix::sys::resource::{getrusage, UsageWho};
use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;

mod support;
use support::{Scratch, ARBITER, BUGGY};

const ADAPTER_CASES: &str = "tests/fakes/adapter-cases";
const UCI_CASES: &str = "tests/fakes/uci-cases";
/// No run here takes nearly this long; one that does is a hang.
const HANG: Duration = Duration::from_secs(60);

/// A fake's command line.
fn fake(name: &str) -> String {
    format!("python3 tests/fakes/{name}.py")
}

/// A fresh file for the fakes' pids, named after the test.
fn pid_file(test: &str) -> PidFile {
    let dir = Scratch::new(&format!("faults-{test}"));
    let path = dir.join("pids");
    PidFile { _dir: dir, path }
}

/// The file the fakes list their pids in, removed with its directory at the end of the test.
struct PidFile {
    _dir: Scratch,
    path: PathBuf,
}

impl std::ops::Deref for PidFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for PidFile {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

struct Finished {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

impl Finished {
    /// The JSON-lines report: outcome and reason by case id.
    fn outcomes(&self) -> BTreeMap<String, (String, String)> {
        self.stdout
            .lines()
            .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
            .filter_map(|v| {
                let id = v.get("id")?.as_str()?.to_owned();
                let outcome = v["outcome"].as_str().unwrap_or_default().to_owned();
                Some((id, (outcome, v["reason"].as_str().unwrap_or_default().to_owned())))
            })
            .collect()
    }

    fn outcome(&self, id: &str) -> (String, String) {
        self.outcomes().get(id).cloned().unwrap_or_else(|| panic!("no report for {id}: {self}"))
    }
}

impl std::fmt::Display for Finished {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cut = |s: &str| s.chars().take(3000).collect::<String>();
        write!(
            f,
            "exit {:?} after {:?}\nstdout:\n{}\nstderr:\n{}",
            self.code,
            self.elapsed,
            cut(&self.stdout),
            cut(&self.stderr)
        )
    }
}

/// Starts arbiter with `args`, the fakes writing their pids to `pids`.
fn spawn(args: &[&str], pids: &Path) -> Child {
    Command::new(ARBITER)
        .args(args)
        .env("FAKE_PIDS", pids)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arbiter starts")
}

/// Waits for arbiter to end (killing it, and failing, after [`HANG`]).
fn finish(mut child: Child, started: Instant) -> Finished {
    let out = read_all(child.stdout.take().expect("stdout piped"));
    let err = read_all(child.stderr.take().expect("stderr piped"));
    let status = loop {
        if let Some(status) = child.try_wait().expect("arbiter waited for") {
            break status;
        }
        if started.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("arbiter hung: still running after {HANG:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let elapsed = started.elapsed();
    // A process left behind may hold the pipes open: what came until then.
    let text = |r: std::sync::mpsc::Receiver<String>| {
        r.recv_timeout(Duration::from_secs(5)).unwrap_or_else(|_| "(still open: held by a process left behind)".into())
    };
    Finished { code: status.code(), stdout: text(out), stderr: text(err), elapsed }
}

/// Reads `pipe` to its end in a thread; the text comes on the channel.
fn read_all(mut pipe: impl Read + Send + 'static) -> std::sync::mpsc::Receiver<String> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = pipe.read_to_end(&mut text);
        let _ = send.send(String::from_utf8_lossy(&text).into_owned());
    });
    receive
}

/// Runs arbiter with `args` to its end; then checks that every process the fakes listed is gone.
fn arbiter(test: &str, args: &[&str]) -> Finished {
    let pids = pid_file(test);
    let finished = finish(spawn(args, &pids), Instant::now());
    assert_all_gone(&pids, &finished);
    finished
}

/// The pids the fakes wrote.
fn listed(pids: &Path) -> Vec<i32> {
    std::fs::read_to_string(pids).unwrap_or_default().lines().filter_map(|l| l.trim().parse().ok()).collect()
}

/// Whether `pid` is a live process (a zombie is dead, waiting to be reaped).
fn alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat.rsplit(')').next().and_then(|rest| rest.split_whitespace().next()) != Some("Z"),
        Err(_) => false,
    }
}

/// Every process the fakes listed is gone (given a moment to die); at least one was listed.
fn assert_all_gone(pids: &Path, finished: &Finished) {
    let listed = listed(pids);
    assert!(!listed.is_empty(), "the fakes listed no process (did they start?): {finished}");
    let until = Instant::now() + Duration::from_secs(3);
    let mut left: Vec<i32> = listed.clone();
    while !left.is_empty() && Instant::now() < until {
        left.retain(|&pid| alive(pid));
        std::thread::sleep(Duration::from_millis(20));
    }
    for &pid in &left {
        // The test cleans up what arbiter left behind.
        let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
    }
    assert!(left.is_empty(), "processes left behind: {left:?} (of {listed:?}); {finished}");
}

fn run(test: &str, cases: &str, peer: (&str, &str), timeout: &str) -> Finished {
    arbiter(test, &["run", peer.0, peer.1, "--cases", cases, "--timeout", timeout, "--format", "jsonl"])
}

/// The fake adapter misbehaves in the trigger case only: the cases around it pass.
fn assert_goes_on(finished: &Finished) {
    assert_eq!(finished.outcome("before").0, "PASS", "{finished}");
    assert_eq!(finished.outcome("after").0, "PASS", "the run did not go on: {finished}");
    assert_eq!(finished.code, Some(1), "{finished}");
}

/// A corpus of three cases around one of 20,000 moves (knights out and back, 5,000 times): its
/// request is far longer than a pipe holds.
fn long_game_corpus(test: &str, expect: &str) -> Scratch {
    let dir = Scratch::new(&format!("faults-{test}"));
    let moves = ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(5000).join(", ");
    let yaml = format!(
        "cases:\n  - id: before\n    refs: [\"2.3\"]\n    description: d\n    expect: {{{expect}}}\n  \
         - id: long\n    refs: [\"2.3\"]\n    description: d\n    moves: [{moves}]\n    expect: {{{expect}}}\n  \
         - id: after\n    refs: [\"2.3\"]\n    description: d\n    expect: {{{expect}}}\n"
    );
    dir.write("cases.yaml", yaml);
    dir
}

// Fault 1: per-request deadlines for UCI engines.

#[test]
fn uci_engine_chatting_without_uciok_is_one_start_up_error_in_run_hunt_and_matrix() {
    let engine = fake("uci_chatty_no_uciok");
    let r = run("chatty-run", UCI_CASES, ("--uci", &engine), "3");
    assert_eq!(r.code, Some(2), "{r}");
    assert!(r.stderr.contains("uciok") && r.elapsed < Duration::from_secs(20), "{r}");
    let h = arbiter("chatty-hunt", &["hunt", "--uci", &engine, "--timeout", "3", "--time", "5"]);
    assert_eq!(h.code, Some(2), "{h}");
    assert!(h.stderr.contains("uciok") && h.elapsed < Duration::from_secs(20), "{h}");
    let m = arbiter("chatty-matrix", &["matrix", "--uci", &engine, "--cases", UCI_CASES, "--timeout", "3"]);
    assert!(m.stdout.contains("not checked") && m.stdout.contains("could not be checked"), "{m}");
    assert_eq!(m.code, Some(1), "{m}");
    assert!(m.stderr.contains("uciok") && m.elapsed < Duration::from_secs(20), "{m}");
}

#[test]
fn uci_engine_searching_endlessly_on_go_perft_has_no_go_perft() {
    let engine = fake("uci_endless_search");
    let r = run("search-run", UCI_CASES, ("--uci", &engine), "5");
    assert_eq!(r.code, Some(2), "{r}");
    assert!(r.stderr.contains("does not support go perft") && r.elapsed < Duration::from_secs(20), "{r}");
    assert_eq!(r.stderr.lines().count(), 1, "one clear error: {r}");
    let h = arbiter("search-hunt", &["hunt", "--uci", &engine, "--timeout", "5", "--time", "5"]);
    assert_eq!(h.code, Some(2), "{h}");
    assert!(h.stderr.contains("go perft") && h.elapsed < Duration::from_secs(20), "{h}");
}

#[test]
fn uci_bestmove_after_go_perft_is_no_go_perft_at_once() {
    // The timeout is 30 s: the answer must come from the bestmove, not from waiting it out.
    let r = run("bestmove", UCI_CASES, ("--uci", &fake("uci_bestmove")), "30");
    assert_eq!(r.code, Some(2), "{r}");
    assert!(r.stderr.contains("go perft") && r.stderr.contains("bestmove"), "{r}");
    assert!(r.elapsed < Duration::from_secs(15), "waited out the timeout: {r}");
}

#[test]
fn uci_endless_info_in_one_position_is_one_timeout_and_the_run_goes_on() {
    let r = run("chatty-perft", UCI_CASES, ("--uci", &fake("uci_chatty_perft")), "3");
    assert_goes_on(&r);
    let (outcome, reason) = r.outcome("trigger");
    assert_eq!(outcome, "TIMEOUT", "{r}");
    assert!(reason.contains("perft 1") && reason.contains("4k3/8/8/8/8/8/8/4K3"), "the request is named: {r}");
    assert!(r.elapsed < Duration::from_secs(30), "{r}");
}

// Fault 2: programs that close their output or stop reading.

#[test]
fn adapter_closing_its_output_but_living_on_is_an_error_at_once() {
    let r = run("closes-stdout", ADAPTER_CASES, ("--adapter", &fake("adapter_closes_stdout")), "30");
    assert_goes_on(&r);
    let (outcome, reason) = r.outcome("trigger");
    assert_eq!(outcome, "ERROR", "{r}");
    assert!(reason.contains("closed its standard output"), "{r}");
    assert!(r.elapsed < Duration::from_secs(15), "{r}");
}

#[test]
fn adapter_that_stops_reading_a_long_request_times_out_and_the_run_goes_on() {
    let cases = long_game_corpus("adapter-stops-reading", "in_check: false");
    let r = run("adapter-stops-reading", cases.str(), ("--adapter", &fake("adapter_stops_reading")), "3");
    assert_goes_on(&r);
    let (outcome, reason) = r.outcome("long");
    assert_eq!(outcome, "TIMEOUT", "{r}");
    assert!(reason.contains("after 20000 moves") && reason.contains("has not read its input"), "{r}");
    assert!(r.elapsed < Duration::from_secs(30), "{r}");
}

#[test]
fn uci_engine_that_stops_reading_a_long_position_times_out_and_the_run_goes_on() {
    let cases = long_game_corpus("uci-stops-reading", "perft: {1: 20}");
    let r = run("uci-stops-reading", cases.str(), ("--uci", &fake("uci_stops_reading")), "3");
    assert_goes_on(&r);
    let (outcome, reason) = r.outcome("long");
    assert_eq!(outcome, "TIMEOUT", "{r}");
    assert!(reason.contains("20000 moves") && reason.len() < 2000, "{r}");
    assert!(r.elapsed < Duration::from_secs(30), "{r}");
}

// Fault 3: endless lines.

#[test]
fn adapter_streaming_one_endless_line_is_an_error_quoted_briefly() {
    let r = run("endless-line", ADAPTER_CASES, ("--adapter", &fake("adapter_endless_line")), "10");
    assert_goes_on(&r);
    let (outcome, reason) = r.outcome("trigger");
    assert_eq!(outcome, "ERROR", "{r}");
    assert!(reason.contains("too long") && reason.contains("xxxx") && reason.len() < 1500, "{r}");
    assert!(r.elapsed < Duration::from_secs(30), "{r}");
    // The largest child this test process waited for, arbiter included, stayed small.
    let max_rss_kb = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage of the children").max_rss();
    assert!(max_rss_kb < 1_000_000, "a child grew to {max_rss_kb} kB");
}

#[test]
fn adapter_writing_an_endless_stderr_line_is_forwarded_bounded() {
    let r = run("endless-stderr", ADAPTER_CASES, ("--adapter", &fake("adapter_endless_stderr")), "10");
    assert_eq!(r.outcome("trigger").0, "PASS", "{r}");
    assert_eq!(r.outcome("after").0, "PASS", "{r}");
    assert_eq!(r.code, Some(0), "{r}");
    assert!(r.stderr.len() < 100_000, "{} bytes of stderr forwarded", r.stderr.len());
    assert!(r.stderr.contains("eeee") && r.stderr.contains("bytes)"), "{r}");
}

// Fault 4: two answers to one request.

#[test]
fn adapter_answering_twice_fails_the_guilty_case_not_the_next() {
    let r = run("adapter-twice", ADAPTER_CASES, ("--adapter", &fake("adapter_answers_twice")), "5");
    assert_goes_on(&r);
    let (outcome, reason) = r.outcome("trigger");
    assert_eq!(outcome, "ERROR", "{r}");
    assert!(reason.contains("answered twice"), "{r}");
}

#[test]
fn uci_engine_answering_twice_fails_the_guilty_case_not_the_next() {
    let r = run("uci-twice", UCI_CASES, ("--uci", &fake("uci_answers_twice")), "5");
    assert_goes_on(&r);
    let (outcome, reason) = r.outcome("trigger");
    assert_eq!(outcome, "ERROR", "{r}");
    assert!(reason.contains("answered twice"), "{r}");
}

// Fault 5: how a program ended, and which request timed out.

#[test]
fn adapter_exiting_while_its_child_holds_the_pipe_is_an_error_saying_how_it_exited() {
    let r = run("exits", ADAPTER_CASES, ("--adapter", &fake("adapter_exits_grandchild_holds_stdout")), "30");
    assert_goes_on(&r);
    let (outcome, reason) = r.outcome("trigger");
    assert_eq!(outcome, "ERROR", "{r}");
    assert!(reason.contains("exited (exit status: 3)"), "{r}");
    assert!(r.elapsed < Duration::from_secs(15), "{r}");
}

#[test]
fn a_timeout_names_the_request_and_its_position() {
    let r = run("hangs", ADAPTER_CASES, ("--adapter", &fake("adapter_hangs")), "3");
    assert_goes_on(&r);
    let (outcome, reason) = r.outcome("trigger");
    assert_eq!(outcome, "TIMEOUT", "{r}");
    assert!(reason.contains("request") && reason.contains("observe"), "{r}");
    assert!(reason.contains("4k3/8/8/8/8/8/8/4K3 w - - 0 1") && reason.contains("still running"), "{r}");
}

// Fault 6: an adapter that does not start.

#[test]
fn mistyped_adapter_is_one_clear_error_with_exit_2() {
    let pids = pid_file("mistyped");
    let r =
        finish(spawn(&["run", "--adapter", "/nonexistent/arbiter-adapter", "--timeout", "5"], &pids), Instant::now());
    assert_eq!(r.code, Some(2), "{r}");
    assert!(r.stderr.contains("hello failed") && r.stderr.contains("/nonexistent/arbiter-adapter"), "{r}");
    assert!(r.stderr.lines().count() <= 3, "{r}");
    assert!(r.stdout.is_empty(), "{r}");
    let r = run("hello-fails", ADAPTER_CASES, ("--adapter", &fake("adapter_hello_fails")), "5");
    assert_eq!(r.code, Some(2), "{r}");
    assert!(r.stderr.contains("no hello here"), "{r}");
}

#[test]
fn matrix_keeps_its_table_when_one_adapter_does_not_start() {
    let r = arbiter(
        "matrix-hello",
        &["matrix", "--adapter", &fake("adapter_hello_fails"), "--cases", ADAPTER_CASES, "--timeout", "5"],
    );
    // The table is kept: the reference's column counted, the adapter's says why it is not.
    let total = r.stdout.lines().find(|l| l.starts_with("| **all** |")).unwrap_or_default();
    assert!(total.contains("**3 / 0 / 0**") && total.contains("**not checked**"), "{r}");
    assert!(r.stdout.contains("could not be checked") && r.stdout.contains("no hello here"), "{r}");
    assert_eq!(r.code, Some(1), "an implementation not checked fails the matrix: {r}");
}

// Fault 7: Chess960 mode set as the case needs.

#[test]
fn uci_engine_starting_in_chess960_mode_is_set_to_standard_3_8_2() {
    let dir = Scratch::new("faults-960");
    let yaml = "cases:\n  - id: castle\n    refs: [\"3.8.2\"]\n    description: d\n    \
                fen: 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n    expect:\n      legal: [e1g1]\n      illegal: [e1h1]\n";
    std::fs::write(dir.join("cases.yaml"), yaml).expect("corpus written");
    let engine = format!("'{BUGGY}' --chess960-default-true");
    let out = Command::new(ARBITER)
        .args(["run", "--uci", &engine, "--format", "jsonl", "--cases"])
        .arg(&dir)
        .output()
        .expect("arbiter runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("\"id\":\"castle\"") && stdout.contains("\"outcome\":\"PASS\""), "{stdout}");
    assert_eq!(out.status.code(), Some(0), "{stdout}");
}

// Fault 8: no process outlives arbiter, also after a signal.

/// Starts a run against a fake that hangs in the trigger case, waits until its processes are
/// up, sends `signal` to arbiter, and checks the exit status and that the processes are gone.
fn killed_mid_run(test: &str, peer: (&str, &str), cases: &str, signal: Signal, code: i32) {
    let pids = pid_file(test);
    let started = Instant::now();
    let child = spawn(&["run", peer.0, peer.1, "--cases", cases, "--timeout", "50", "--format", "jsonl"], &pids);
    // The start-up check's process and the worker's, each with a grandchild.
    while listed(&pids).len() < 4 && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(500));
    let pid = i32::try_from(child.id()).expect("a pid");
    // To the arbiter this test started.
    let _ = kill(Pid::from_raw(pid), signal);
    let finished = finish(child, started);
    assert_eq!(finished.code, Some(code), "{finished}");
    assert_all_gone(&pids, &finished);
}

#[test]
fn sigterm_kills_the_adapter_and_its_children() {
    killed_mid_run("sigterm", ("--adapter", &fake("adapter_hangs")), ADAPTER_CASES, Signal::SIGTERM, 143);
}

#[test]
fn sigint_kills_the_adapter_and_its_children() {
    killed_mid_run("sigint", ("--adapter", &fake("adapter_hangs")), ADAPTER_CASES, Signal::SIGINT, 130);
}

#[test]
fn sigterm_kills_the_uci_engine_and_its_children() {
    killed_mid_run("sigterm-uci", ("--uci", &fake("uci_chatty_perft")), UCI_CASES, Signal::SIGTERM, 143);
}

// Fault 9: a hunt against a failing program is no clean pass.

#[test]
fn hunt_of_an_engine_that_segfaults_fails() {
    let dir = Scratch::new("faults-hunt");
    let out = dir.str();
    let h = arbiter(
        "segfaults",
        &["hunt", "--uci", &fake("uci_segfaults"), "--seed", "1", "--positions", "30", "--timeout", "5", "--out", out],
    );
    assert_eq!(h.code, Some(1), "{h}");
    assert!(h.stderr.contains("not a clean pass") && h.stdout.contains("SIGSEGV"), "{h}");
    assert!(h.stdout.contains("0 finding(s)"), "{h}");
    assert!(h.elapsed < Duration::from_secs(50), "{h}");
}

#[test]
fn hunt_time_too_large_is_a_clear_error() {
    let out = Command::new(ARBITER)
        .args(["hunt", "--uci", BUGGY, "--time", "18446744073709551615"])
        .output()
        .expect("arbiter runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--time") && !stderr.contains("panicked"), "{stderr}");
}

#[test]
fn sighup_kills_the_adapter_and_its_children() {
    killed_mid_run("sighup", ("--adapter", &fake("adapter_hangs")), ADAPTER_CASES, Signal::SIGHUP, 129);
}

#[test]
fn hunt_of_an_adapter_that_refuses_every_request_fails() {
    let dir = Scratch::new("faults-hunt-refuses");
    let out = dir.str();
    let h = arbiter(
        "refuses",
        &["hunt", "--adapter", &fake("adapter_refuses_perft"), "--seed", "1", "--positions", "30", "--out", out],
    );
    assert_eq!(h.code, Some(1), "{h}");
    assert!(h.stderr.contains("not a clean pass") && h.stdout.contains("refused"), "{h}");
    assert!(h.stdout.contains("0 finding(s)") && h.stdout.contains("in a row"), "{h}");
}

/// Waits until every pid in `pids` is dead, failing after a few seconds.
fn assert_dead(pids: &[i32], what: &str) {
    let until = Instant::now() + Duration::from_secs(3);
    while pids.iter().any(|&pid| alive(pid)) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left: Vec<i32> = pids.iter().copied().filter(|&pid| alive(pid)).collect();
    assert!(left.is_empty(), "{what}: left behind {left:?}");
}

/// FAKE_PIDS is set for the whole test process by these in-process tests: they run one at a
/// time, each with its own file.
static IN_PROCESS: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn a_restarted_adapter_leaves_nothing_behind() {
    use arbiter_spec::adapter::Adapter;
    use arbiter_spec::implementation::{observe, Failure};
    use arbiter_spec::protocol::PositionSpec;
    let _one = IN_PROCESS.lock().unwrap_or_else(|e| e.into_inner());
    let pids = pid_file("restart-adapter");
    std::env::set_var("FAKE_PIDS", &pids);
    let mut adapter = Adapter::new(&fake("adapter_exits_grandchild_holds_stdout"), Duration::from_secs(20));
    let trigger = PositionSpec { fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into(), ..PositionSpec::default() };
    let failure = observe(&mut adapter, &trigger).expect_err("the fake exits");
    assert!(matches!(&failure, Failure::Broken(m) if m.contains("exited (exit status: 3)")), "{failure:?}");
    // The first process and its grandchild are gone while the adapter object lives on.
    let first = listed(&pids);
    assert_eq!(first.len(), 2, "{first:?}");
    assert_dead(&first, "after the failed request");
    let start = PositionSpec { fen: "4k3/8/8/8/8/8/8/4K2R w K - 0 1".into(), ..PositionSpec::default() };
    assert!(observe(&mut adapter, &start).is_ok(), "restarted");
    let all = listed(&pids);
    assert_eq!(all.len(), 4, "{all:?}");
    drop(adapter);
    assert_dead(&all, "after the adapter was dropped");
}

#[test]
fn a_restarted_uci_engine_leaves_nothing_behind() {
    use arbiter_spec::uci::UciEngine;
    let _one = IN_PROCESS.lock().unwrap_or_else(|e| e.into_inner());
    let pids = pid_file("restart-uci");
    std::env::set_var("FAKE_PIDS", &pids);
    // In a thread, so that a hang fails the test instead of blocking it.
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut engine = UciEngine::start(&fake("uci_chatty_perft"), Duration::from_secs(3)).expect("starts");
        let err = engine.perft("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[], 1).expect_err("endless info");
        let _ = send.send((engine, err));
    });
    let (mut engine, err) = receive.recv_timeout(HANG).expect("the request ended (no hang)");
    assert_eq!(err.outcome(), "TIMEOUT", "{err}");
    let first = listed(&pids);
    assert_eq!(first.len(), 2, "{first:?}");
    engine.restart().expect("restarts");
    assert_dead(&first, "after the restart");
    let all = listed(&pids);
    assert_eq!(all.len(), 4, "{all:?}");
    drop(engine);
    assert_dead(&all, "after the engine was dropped");
}
