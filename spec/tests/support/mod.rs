//! What the spec crate's integration tests share: the binaries under test, running `arbiter`
//! within a deadline, and scratch directories that are removed when the test ends. Each test
//! file includes it with `mod support;` and uses the part it needs.
#![allow(dead_code)]

use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The `arbiter` binary under test.
pub const ARBITER: &str = env!("CARGO_BIN_EXE_arbiter");
/// The deliberately wrong UCI engine (`src/bin/buggy-uci.rs`, built for the tests only).
pub const BUGGY: &str = env!("CARGO_BIN_EXE_buggy-uci");
/// FIDE 2.3: the initial position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// A generous deadline for anything that must not hang (the machine may be busy).
pub const DEADLINE: Duration = Duration::from_secs(120);

/// The repository's root (the spec crate's parent).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// What `arbiter ARGS` gave: exit code (-1 when killed by a signal), stdout, stderr. Standard
/// input is closed; the pipes are read on their own threads so that a chatty run cannot block
/// on them. The test fails if the run panics or runs past [`DEADLINE`] (it is killed first).
pub fn arbiter(args: &[&str]) -> (i32, String, String) {
    run(Command::new(ARBITER).args(args))
}

/// [`arbiter`] for any command.
pub fn run(command: &mut Command) -> (i32, String, String) {
    let described = format!("{command:?}");
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{described} does not start: {e}"));
    let read = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let out = read(child.stdout.take().map(|p| Box::new(p) as Box<dyn std::io::Read + Send>));
    let err = read(child.stderr.take().map(|p| Box::new(p) as Box<dyn std::io::Read + Send>));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the child") {
            break status;
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{described} still ran after {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let (stdout, stderr) = (out.join().unwrap_or_default(), err.join().unwrap_or_default());
    assert!(!stderr.contains("panicked"), "{described} panicked: {stderr}");
    (status.code().unwrap_or(-1), stdout, stderr)
}

/// A fresh empty directory under the system's temp dir, removed with all it holds when dropped
/// (at the end of the test, passed or failed).
pub struct Scratch(PathBuf);

impl Scratch {
    /// A new directory whose name starts with `arbiter-NAME-`.
    pub fn new(name: &str) -> Scratch {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let unique = COUNT.fetch_add(1, Ordering::Relaxed);
        let name: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
        let dir = std::env::temp_dir().join(format!("arbiter-{name}-{}-{unique}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("create {}: {e}", dir.display()));
        Scratch(dir)
    }
    /// The directory.
    pub fn path(&self) -> &Path {
        &self.0
    }
    /// The directory as a string, for command lines.
    pub fn str(&self) -> &str {
        self.0.to_str().expect("temp dirs have UTF-8 names")
    }
    /// Writes `text` to the file `name` in the directory and returns its path as a string.
    pub fn write(&self, name: &str, text: impl AsRef<[u8]>) -> String {
        let path = self.0.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create a fixture directory");
        }
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
        path.to_string_lossy().into_owned()
    }
}

impl Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
