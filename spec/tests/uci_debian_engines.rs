//! Real Debian engines without `go perft` (ci/setup.sh installs them): toga2 and
//! `gnuchess --uci` answer `go perft 1` with an endless search. `arbiter run` must end at once
//! with one clear "no go perft" error (exit 2), not wait, and leave no engine running. A
//! missing engine fails these tests; it does not pass them.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod support;
use support::ARBITER;

fn assert_no_go_perft(program: &str, args: &str) {
    assert!(Path::new(program).exists(), "{program} is not installed (ci/setup.sh installs it)");
    let command = format!("{program} {args}");
    let started = Instant::now();
    // The timeout is 20 s: the answer must come from the search the engine starts, not from
    // waiting the timeout out.
    let mut child = Command::new(ARBITER)
        .args(["run", "--uci", command.trim(), "--cases", "tests/fixtures/small", "--timeout", "20"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arbiter runs");
    // A hang fails the test instead of blocking the suite.
    while child.try_wait().expect("arbiter waited for").is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{command}: arbiter still running after 60 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("arbiter's output");
    let elapsed = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{command}: {stderr}");
    assert!(stderr.contains("does not support go perft") && stderr.contains("a search"), "{command}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{command}: one clear error: {stderr}");
    assert!(elapsed < Duration::from_secs(15), "{command}: {elapsed:?}");
}

#[test]
fn toga2_has_no_go_perft_and_run_says_so_at_once() {
    assert_no_go_perft("/usr/games/toga2", "");
}

#[test]
fn gnuchess_uci_has_no_go_perft_and_run_says_so_at_once() {
    assert_no_go_perft("/usr/games/gnuchess", "--uci");
}
