//! The committed JSON Schemas are the ones the types generate (so a schema cannot drift from
//! what the loader and the protocol read), the corpus validates against the case schema, and
//! the schema refuses what the loader refuses. `ARBITER_WRITE_SCHEMAS=1 cargo test -p
//! arbiter-spec --test schemas` writes the schemas anew after a change to the types.

use std::path::PathBuf;

use arbiter_spec::schema::{self, CaseValidator};

fn committed(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(name)
}

fn check_current(name: &str, generated: &schemars::Schema) {
    let path = committed(name);
    let text = schema::text(generated);
    if std::env::var_os("ARBITER_WRITE_SCHEMAS").is_some() {
        std::fs::write(&path, &text).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    assert!(
        on_disk == text,
        "{} differs from the schema the types generate: run ARBITER_WRITE_SCHEMAS=1 cargo test -p arbiter-spec --test schemas",
        path.display()
    );
}

#[test]
fn the_committed_case_schema_is_the_generated_one() {
    check_current("schema.json", &schema::cases());
}

#[test]
fn the_committed_protocol_schema_is_the_generated_one() {
    check_current("adapter-protocol.schema.json", &schema::protocol());
}

#[test]
fn every_case_file_of_the_corpus_validates_against_the_case_schema() {
    // The loader checks every file against the schema as it reads it.
    let loaded = arbiter_spec::corpus::load(&committed("cases"));
    let problems: Vec<String> = loaded.err().into_iter().flatten().map(|e| e.to_string()).collect();
    assert_eq!(problems, Vec::<String>::new());
}

#[test]
fn the_case_schema_refuses_what_the_loader_refuses() {
    let validator = CaseValidator::new().expect("the schema compiles");
    let ok = "cases:\n  - id: a\n    refs: [\"3.1\"]\n    description: d\n    expect: {perft: {1: 20}}\n";
    assert_eq!(validator.problems(ok), Vec::<String>::new());
    for (bad, place) in [
        ("cases:\n  - id: a\n    refs: [\"3.1\"]\n    description: d\n    expect: {perfct: {1: 20}}\n", "/cases/0/expect"),
        ("cases:\n  - id: a\n    refs: [\"3.1\"]\n    description: d\n    laws: [2019]\n    expect: {}\n", "/cases/0/laws/0"),
        ("cases:\n  - id: a\n    description: d\n    expect: {}\n", "/cases/0"),
        ("cases:\n  - id: a\n    refs: [\"3.1\"]\n    description: d\n    events: [{touch: e9}]\n    expect: {}\n", "/cases/0/events/0"),
        ("cases:\n  - id: a\n    refs: [\"3.1\"]\n    description: d\n    time_control: \"ninety\"\n    expect: {}\n", "/cases/0/time_control"),
    ] {
        let problems = validator.problems(bad);
        assert!(problems.iter().any(|p| p.contains(place)), "{bad}: {problems:?}");
    }
}

#[test]
fn the_reference_s_requests_and_answers_validate_against_the_protocol_schema() {
    let schema = serde_json::to_value(schema::protocol()).expect("the schema is JSON");
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let requests = [
        r#"{"id":1,"op":"hello"}"#.to_owned(),
        format!(r#"{{"id":2,"op":"observe","fen":"{start}","moves":["e2e4"]}}"#),
        format!(r#"{{"id":3,"op":"perft","fen":"{start}","moves":[],"depth":2}}"#),
        format!(r#"{{"id":4,"op":"san","fen":"{start}","moves":[],"move":"g1f3"}}"#),
        format!(r#"{{"id":5,"op":"parse_san","fen":"{start}","moves":[],"san":"Nf3"}}"#),
        format!(r#"{{"id":6,"op":"claim","fen":"{start}","moves":[],"claim":"fifty","move":null}}"#),
        format!(r#"{{"id":7,"op":"flag","fen":"{start}","moves":[],"flagged":"white"}}"#),
        format!(
            r#"{{"id":8,"op":"events","fen":"{start}","moves":[],"events":[{{"play":"e2e4","at":"0:05"}},"offer_draw"],"time_control":"5+3"}}"#
        ),
        format!(r#"{{"id":9,"op":"spoken","fen":"{start}","moves":[],"move":"e2e4"}}"#),
        format!(r#"{{"id":10,"op":"sealed","fen":"{start}","moves":[],"text":"Nf3"}}"#),
        format!(r#"{{"id":11,"op":"scoresheet","fen":"{start}","moves":[],"text":"1. e4 e5 (=)"}}"#),
        r#"{"id":12,"op":"observe","fen":"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1","moves":[]}"#.to_owned(),
        r#"{"id":13,"op":"quit"}"#.to_owned(),
    ];
    let input = requests.join("\n") + "\n";
    let mut output = Vec::new();
    arbiter_spec::serve::serve(&mut arbiter_spec::reference::Reference::default(), input.as_bytes(), &mut output)
        .expect("serving to memory");
    let answers = String::from_utf8(output).expect("UTF-8");
    assert_eq!(answers.lines().count(), requests.len(), "{answers}");
    for line in requests.iter().map(String::as_str).chain(answers.lines()) {
        let value: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let errors: Vec<String> = validator.iter_errors(&value).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{line}: {errors:?}");
    }
    // And the schema is not vacuous: a line without an id is neither, and a request with an
    // unknown op or without its fields is no request. (An answer is judged by its request:
    // answers may carry fields a newer runner reads, so one answer type accepts another's.)
    for bad in [r#"{"op":"hello"}"#, r#"{"nodes":20}"#, r#"{"id":"one","op":"hello"}"#] {
        let value: serde_json::Value = serde_json::from_str(bad).expect("JSON");
        assert!(!validator.is_valid(&value), "{bad} validates");
    }
    let request = serde_json::to_value(schemars::schema_for!(arbiter_spec::protocol::Request)).expect("JSON");
    let request = jsonschema::validator_for(&request).expect("the request schema compiles");
    assert!(request.is_valid(&serde_json::from_str(&requests[2]).expect("JSON")));
    for bad in [
        r#"{"id":1,"op":"guess"}"#.to_owned(),
        format!(r#"{{"id":3,"op":"perft","fen":"{start}","moves":[]}}"#),
        format!(r#"{{"id":7,"op":"flag","fen":"{start}","flagged":"green"}}"#),
    ] {
        let value: serde_json::Value = serde_json::from_str(&bad).expect("JSON");
        assert!(!request.is_valid(&value), "{bad} validates as a request");
    }
}
