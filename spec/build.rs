//! Embeds the shipped corpus (`cases/`) in the crate, so that an `arbiter` binary copied out of
//! the source tree, or installed with `cargo install` from a checkout since deleted, still has
//! it. Writes `$OUT_DIR/embedded_corpus.rs`: every case file's path (relative to `cases/`, with
//! `/` between its parts) and its bytes, sorted by path as `corpus::load` sorts a directory.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn main() {
    let root = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("cases");
    // A directory makes cargo rerun this script when anything under it changes.
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    collect(&root, &mut files);
    files.sort();
    let mut out =
        String::from("/// The shipped corpus: each case file's path under `cases/` and its bytes, by path.\n");
    out.push_str("pub static FILES: &[(&str, &[u8])] = &[\n");
    for path in &files {
        let relative: Vec<String> = path
            .strip_prefix(&root)
            .expect("a file under cases/")
            .components()
            .map(|c| c.as_os_str().to_str().expect("the shipped case files have UTF-8 names").to_owned())
            .collect();
        let absolute = path.to_str().expect("the source tree has a UTF-8 path");
        writeln!(out, "    ({:?}, include_bytes!({absolute:?})),", relative.join("/")).expect("write to a String");
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded_corpus.rs");
    std::fs::write(target, out).expect("write embedded_corpus.rs");
}

/// Every `*.yaml`/`*.yml` file under `dir` (the rule of `corpus::load`).
fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read cases/") {
        let path = entry.expect("read cases/").path();
        if path.is_dir() {
            collect(&path, files);
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"))
        {
            files.push(path);
        }
    }
}
