//! `arbiter serve`'s loop (arbiter_protocol::serve) over the reference: what a line that is not
//! a request gets, and that a bad line never stops the loop.

use arbiter_spec::reference::Reference;
use arbiter_spec::serve::{serve, MAX_REQUEST_BYTES};
use serde_json::Value;

fn answers(input: &[u8]) -> Vec<Value> {
    let mut out = Vec::new();
    serve(&mut Reference::default(), input, &mut out).expect("writing to a Vec");
    String::from_utf8(out).expect("answers are UTF-8").lines().map(|l| serde_json::from_str(l).expect("JSON")).collect()
}

fn error_kind(answer: &Value) -> Option<&str> {
    answer.get("error").and_then(|e| e.get("kind")).and_then(Value::as_str)
}

#[test]
fn a_line_that_is_not_utf8_is_a_bad_request_and_the_next_line_is_answered() {
    let mut input = b"{\"id\":1,\"op\":\"hello\"}\n".to_vec();
    input.extend_from_slice(b"\xff\xfe garbage\n");
    input.extend_from_slice(b"{\"id\":3,\"op\":\"hello\"}\n");
    let out = answers(&input);
    assert_eq!(out.len(), 3, "{out:?}");
    assert_eq!(error_kind(&out[1]), Some("bad_request"));
    assert!(out[1]["error"]["message"].as_str().is_some_and(|m| m.contains("UTF-8")), "{}", out[1]);
    assert_eq!(out[2]["id"], 3);
    assert_eq!(out[2]["name"], "arbiter-core");
}

#[test]
fn a_line_over_the_limit_is_refused_without_being_kept() {
    let mut input = vec![b'x'; MAX_REQUEST_BYTES + 10];
    input.push(b'\n');
    input.extend_from_slice(b"{\"id\":2,\"op\":\"hello\"}");
    let out = answers(&input);
    assert_eq!(out.len(), 2, "{out:?}");
    assert_eq!(error_kind(&out[0]), Some("bad_request"));
    assert!(out[0]["error"]["message"].as_str().is_some_and(|m| m.contains("longer than")));
    assert_eq!(out[1]["id"], 2, "the last line has no newline and is still answered");
}

#[test]
fn a_perft_deeper_than_the_limit_is_a_bad_request_not_a_stack_overflow() {
    let request = format!(
        "{{\"id\":7,\"op\":\"perft\",\"position\":{{\"fen\":\"{}\"}},\"depth\":100000}}\n",
        arbiter_core::Position::startpos().fen()
    );
    let out = answers(request.as_bytes());
    assert_eq!(error_kind(&out[0]), Some("bad_request"), "{}", out[0]);
    assert_eq!(out[0]["id"], 7);
}

#[test]
fn a_quoted_bad_line_is_bounded() {
    let line = format!("{{\"id\":1,\"op\":\"nonsense\",\"pad\":\"{}\"}}\n", "y".repeat(100_000));
    let out = answers(line.as_bytes());
    let message = out[0]["error"]["message"].as_str().unwrap_or_default();
    assert!(message.len() < 1_000, "{} bytes", message.len());
    assert_eq!(out[0]["id"], 1);
}

#[test]
fn an_events_request_refuses_an_illegal_move_in_its_moves_and_reads_chess960() {
    // h8g8 walks into the rook g1: the moves are a game's moves, so this is an illegal_move
    // error (the adapter protocol), not an illegal move for the arbiter to penalise (7.5).
    let illegal = r#"{"id":1,"op":"events","fen":"7k/8/8/8/8/7b/3PPP2/3BK2R w K - 0 1","moves":["h1g1","h8g8"],"events":[{"touch":"e1"}]}"#;
    // A Chess960 position (Guidelines II) is read as one: the rook g1 beside the king f1
    // cannot move, so after rook and king the king moves, castling with a1 included (4.4.2).
    let chess960 = r#"{"id":2,"op":"events","fen":"4k3/8/8/8/8/8/5PP1/R4KRN w AG - 0 1","moves":[],"chess960":true,"events":[{"touch":"g1"},{"touch":"f1"}]}"#;
    let out = answers(format!("{illegal}\n{chess960}\n").as_bytes());
    assert_eq!(error_kind(&out[0]), Some("illegal_move"), "{}", out[0]);
    let mut allowed: Vec<&str> =
        out[1]["allowed_moves"].as_array().expect("allowed moves").iter().filter_map(Value::as_str).collect();
    allowed.sort_unstable();
    assert_eq!(allowed, ["f1a1", "f1e1", "f1e2"], "{}", out[1]);
}
