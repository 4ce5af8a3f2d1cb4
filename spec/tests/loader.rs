//! Corpus loading and checking: every error names the file, the line and, where known, the case.

use std::path::Path;

use arbiter_spec::clauses::Clauses;
use arbiter_spec::corpus::{self, CorpusError};

mod support;
use support::Scratch;

/// A fresh directory holding one case file with `text`.
fn corpus_dir(name: &str, text: &str) -> Scratch {
    let dir = Scratch::new(&format!("loader-{name}"));
    dir.write("cases.yaml", text);
    dir
}

/// The errors of loading and then checking the corpus in `dir`.
fn errors(dir: &Path) -> Vec<CorpusError> {
    match corpus::load(dir) {
        Err(errors) => errors,
        Ok(corpus) => corpus::check(&corpus, &Clauses::builtin()),
    }
}

const GOOD: &str = "cases:
  - id: first
    refs: [\"3.9.1\"]
    description: A rook checks.
    fen: 4k3/8/8/8/8/8/8/r3K3 w - - 0 1
    expect:
      in_check: true
";

#[test]
fn good_file_loads_without_errors() {
    let dir = corpus_dir("good", GOOD);
    assert_eq!(errors(&dir), vec![]);
}

#[test]
fn yaml_syntax_error_names_file_and_line() {
    let dir = corpus_dir("syntax", "cases:\n  - id: broken\n    refs: [\"3.9.1\"\n    description: x\n");
    let errs = errors(&dir);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs[0].file, Path::new("cases.yaml"));
    assert!(errs[0].line.is_some_and(|l| l >= 3), "{errs:?}");
}

#[test]
fn unknown_key_names_file_line_and_case() {
    let text = GOOD.replace("    expect:\n", "    expcet: {}\n    expect:\n");
    let dir = corpus_dir("unknown-key", &text);
    let errs = errors(&dir);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs[0].line, Some(6), "{errs:?}");
    assert_eq!(errs[0].case.as_deref(), Some("first"));
    assert!(errs[0].message.contains("expcet"), "{}", errs[0]);
    assert!(errs[0].to_string().starts_with("cases.yaml:6: case first: "), "{}", errs[0]);
}

#[test]
fn bad_fen_names_case_and_line() {
    let text = GOOD.replace("4k3/8/8/8/8/8/8/r3K3", "4k3/8/8/8/8/8/8/r3K3/8");
    let dir = corpus_dir("bad-fen", &text);
    let errs = errors(&dir);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!((errs[0].line, errs[0].case.as_deref()), (Some(2), Some("first")));
    assert!(errs[0].message.contains("bad FEN"), "{}", errs[0]);
}

#[test]
fn duplicate_id_is_reported_with_first_use() {
    let text = format!("{GOOD}{}", GOOD.trim_start_matches("cases:\n"));
    let dir = corpus_dir("duplicate", &text);
    let errs = errors(&dir);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].message.contains("duplicate id (first used at cases.yaml:2)"), "{}", errs[0]);
}

#[test]
fn contradiction_is_reported() {
    let text = GOOD.replace("      in_check: true\n", "      in_check: true\n      status: stalemate\n");
    let dir = corpus_dir("contradiction", &text);
    let errs = errors(&dir);
    assert!(errs.iter().any(|e| e.message.contains("stalemate but in check")), "{errs:?}");
}

#[test]
fn unknown_clause_and_missing_2018_number_are_reported() {
    let text = GOOD.replace("[\"3.9.1\"]", "[\"3.99\", \"3.7.3.1\"]");
    let dir = corpus_dir("clauses", &text);
    let messages: Vec<String> = errors(&dir).into_iter().map(|e| e.message).collect();
    assert!(messages.iter().any(|m| m.contains("unknown clause \"3.99\"")), "{messages:?}");
    assert!(messages.iter().any(|m| m.contains("3.7.3.1 (2018: 3.7.4.1)")), "{messages:?}");
}

#[test]
fn shipped_corpus_checks_clean_and_is_large() {
    let corpus = corpus::load(&corpus::default_dir()).expect("the shipped corpus loads");
    assert_eq!(corpus::check(&corpus, &Clauses::builtin()), vec![]);
    assert!(corpus.cases.len() >= 500, "{} cases", corpus.cases.len());
}

/// The corpus built into the binary is the source tree's `spec/cases`, file for file and byte
/// for byte: no file left out by the build script's walk, none stale.
#[test]
fn embedded_corpus_is_the_source_corpus() {
    let embedded = corpus::load_embedded().expect("the embedded corpus loads");
    let on_disk = corpus::load(&corpus::default_dir()).expect("the shipped corpus loads");
    let key = |c: &corpus::Corpus| -> Vec<(std::path::PathBuf, usize, String)> {
        c.cases.iter().map(|l| (l.file.clone(), l.line, format!("{:?}", l.case))).collect()
    };
    assert_eq!(embedded.cases.len(), on_disk.cases.len());
    assert!(key(&embedded) == key(&on_disk), "the embedded corpus differs from spec/cases");
    assert_eq!(embedded.root, std::path::Path::new(corpus::EMBEDDED));
}

#[test]
fn chess960_start_numbers_follow_the_published_numbering_ii_2() {
    // Scharnagl numbering: #0 BBQNNRKR, #518 RNBQKBNR (standard), #959 RKRNNQBB.
    let fen = |n: u16| {
        let case: arbiter_spec::case::Case = serde_yaml::from_str(&format!(
            "{{id: x, refs: [\"II.2\"], description: x, start960: {n}, expect: {{in_check: false}}}}"
        ))
        .expect("case parses");
        corpus::start_fen(&case).expect("start number is valid")
    };
    assert!(fen(0).starts_with("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w"));
    assert!(fen(518).starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq"));
    assert!(fen(959).starts_with("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w"));
}

#[test]
fn every_shipped_case_is_located_at_its_own_id_line() {
    let corpus = corpus::load(&corpus::default_dir()).expect("the shipped corpus loads");
    let mut seen = std::collections::BTreeSet::new();
    for located in &corpus.cases {
        let text = std::fs::read_to_string(corpus.root.join(&located.file)).expect("case file");
        let line = text.lines().nth(located.line - 1).unwrap_or_default();
        assert!(line.contains(&located.case.id), "{}:{}: {line}", located.file.display(), located.line);
        assert!(seen.insert((located.file.clone(), located.line, located.case.id.clone())));
    }
}

/// A case's `profiles:` overrides combine under a combined profile; where the overrides of two
/// parts set one field differently, the case must say which holds under the combination (an
/// override keyed by the combined name), and a key must be a profile's canonical name.
#[test]
fn conflicting_profile_overrides_need_an_override_for_the_combination() {
    let conflicting = GOOD.replace(
        "      in_check: true\n",
        "      in_check: true\n    profiles:\n      automatic-draws: {in_check: false}\n      material-only: {in_check: true}\n",
    );
    let messages: Vec<String> = errors(&corpus_dir("conflict", &conflicting)).into_iter().map(|e| e.message).collect();
    assert!(
        messages.iter().any(|m| m.contains("under the profile automatic-draws+material-only the overrides")),
        "{messages:?}"
    );
    let settled = conflicting.replace(
        "      material-only: {in_check: true}\n",
        "      material-only: {in_check: true}\n      automatic-draws+material-only: {in_check: false}\n",
    );
    let dir = corpus_dir("settled", &settled);
    assert_eq!(errors(&dir), vec![]);
    let corpus = corpus::load(&dir).expect("loads");
    let case = &corpus.cases[0].case;
    let under =
        |name: &str| case.expect_under(&arbiter_spec::profile::Profile::parse(name).expect("a profile")).in_check;
    assert_eq!(under("fide-2023"), Some(true));
    assert_eq!(under("automatic-draws"), Some(false));
    assert_eq!(under("material-only"), Some(true));
    assert_eq!(under("material-only+automatic-draws"), Some(false));
    let misspelt = settled.replace("automatic-draws+material-only:", "material-only+automatic-draws:");
    let messages: Vec<String> = errors(&corpus_dir("order", &misspelt)).into_iter().map(|e| e.message).collect();
    assert!(messages.iter().any(|m| m.contains("as automatic-draws+material-only")), "{messages:?}");
}
