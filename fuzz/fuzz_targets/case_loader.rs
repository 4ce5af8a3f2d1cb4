//! Fuzz target: the case loader (`corpus::parse_bytes`, what `arbiter check` reads each case
//! file with) gives cases or an error for any bytes, never a panic; checking the cases it
//! gives, and showing the errors, never panics either. A text refused for nesting brackets
//! too deep must really nest that deep: the YAML parser must not read it as a value nested
//! less deeply (the refusal may never turn away a file that loads).
#![no_main]

use std::path::Path;
use std::sync::OnceLock;

use arbiter_spec::clauses::Clauses;
use arbiter_spec::corpus::{self, Corpus, MAX_FLOW_DEPTH};
use libfuzzer_sys::fuzz_target;

fn clauses() -> &'static Clauses {
    static CLAUSES: OnceLock<Clauses> = OnceLock::new();
    CLAUSES.get_or_init(Clauses::builtin)
}

/// How deeply collections nest in a YAML value (a scalar is 0).
fn depth(value: &serde_yaml::Value) -> usize {
    use serde_yaml::Value;
    match value {
        Value::Sequence(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
        Value::Mapping(map) => 1 + map.iter().map(|(k, v)| depth(k).max(depth(v))).max().unwrap_or(0),
        Value::Tagged(tagged) => depth(&tagged.value),
        _ => 0,
    }
}

/// For a text that cannot hold block collections or aliases (no `:`, `-`, `?`, `&` or `*`),
/// the depth of the value the YAML parser reads is the nesting of its flow collections: the
/// loader's refusal must agree with it both ways.
fn check_refusal_against_parser(data: &[u8], refused: bool) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if text.contains([':', '-', '?', '&', '*']) {
        return;
    }
    match serde_yaml::from_str::<serde_yaml::Value>(text) {
        Ok(value) => assert_eq!(refused, depth(&value) > MAX_FLOW_DEPTH, "nests {} deep: {text:?}", depth(&value)),
        Err(e) => assert!(refused || !e.to_string().starts_with("recursion limit exceeded"), "{e}: {text:?}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let result = corpus::parse_bytes(Path::new("fuzz.yaml"), data);
    let refused = result.as_ref().is_err_and(|e| e.message.starts_with("brackets nested more than"));
    check_refusal_against_parser(data, refused);
    match result {
        Ok(cases) => {
            let corpus = Corpus { root: "fuzz".into(), cases };
            for error in corpus::check(&corpus, clauses()) {
                let _ = error.to_string();
            }
        }
        Err(error) => {
            let _ = error.to_string();
            if error.message.starts_with("brackets nested more than") {
                let text = std::str::from_utf8(data).unwrap_or_default();
                if let Ok(value) = serde_yaml::from_str::<serde_yaml::Value>(text) {
                    assert!(depth(&value) > MAX_FLOW_DEPTH, "refused, but nests {} deep: {text:?}", depth(&value));
                }
            }
        }
    }
});
