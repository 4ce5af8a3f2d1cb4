//! Running a python-chess script of `core/tests/pychess/` from the core's peer tests, the one
//! way: its input and output through files, and a failure with an instruction when python3 or
//! python-chess is missing (a peer test never passes without its peer).

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Numbers the runs of a test process, so that tests running at once use files of their own.
static RUNS: AtomicUsize = AtomicUsize::new(0);

/// Runs `core/tests/pychess/SCRIPT INPUT OUTPUT` on `input` and returns what it wrote. The
/// script exits 3 when python-chess cannot be imported.
pub fn run_script(script: &str, input: &str) -> String {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/pychess").join(script);
    let run = RUNS.fetch_add(1, Ordering::Relaxed);
    let temp = |name: &str| std::env::temp_dir().join(format!("arbiter-pychess-{}-{run}-{name}", std::process::id()));
    let (source, target) = (temp("in"), temp("out"));
    std::fs::write(&source, input).unwrap_or_else(|e| panic!("writing {}: {e}", source.display()));
    let output = Command::new("python3").arg(&script).arg(&source).arg(&target).output();
    let _ = std::fs::remove_file(&source);
    let output = output.unwrap_or_else(|e| {
        panic!("cannot run python3 ({e}): install Python 3 and python-chess (`pip install chess`)")
    });
    if output.status.code() == Some(3) {
        panic!("python-chess is not installed: run `pip install chess` (this test compares the core with it)");
    }
    assert!(
        output.status.success(),
        "{} failed: {}\n(is python-chess installed? `pip install chess`)",
        script.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    let result = std::fs::read_to_string(&target).unwrap_or_else(|e| panic!("reading {}: {e}", target.display()));
    let _ = std::fs::remove_file(&target);
    result
}
