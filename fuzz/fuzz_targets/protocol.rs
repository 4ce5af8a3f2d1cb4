//! The adapter protocol's readers, fed anything: the request reader of `arbiter serve` (the
//! reference core behind the protocol, every operation reachable) and the answer types the
//! runner reads from an adapter, with the checks the runner applies to them. Whatever the
//! bytes, each line gets one answer and nothing panics.
#![no_main]

use std::time::Duration;

use arbiter_spec::protocol::{Hello, Observation, PerftAnswer};
use arbiter_spec::reference::Reference;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The server side: every line of input answered (a perft is cut short by the timeout).
    let mut reference = Reference::default().with_timeout(Duration::from_millis(50));
    let mut output = Vec::new();
    arbiter_spec::serve::serve(&mut reference, data, &mut output).expect("writing to memory cannot fail");
    let answers = String::from_utf8(output).expect("answers are UTF-8");
    let requests = data.split(|&b| b == b'\n').filter(|l| !l.iter().all(u8::is_ascii_whitespace)).count();
    for answer in answers.lines() {
        let value: serde_json::Value = serde_json::from_str(answer).expect("every answer is JSON");
        assert!(value.get("id").is_some(), "every answer has an id: {answer}");
    }
    // A quit request ends the session early; otherwise each request has its answer.
    assert!(answers.lines().count() <= requests, "more answers than requests");

    // The client side: an adapter's answer, read as each answer type and checked.
    if let Ok(text) = std::str::from_utf8(data) {
        for line in text.lines() {
            if let Ok(hello) = serde_json::from_str::<Hello>(line) {
                let _ = hello.check();
            }
            if let Ok(observation) = serde_json::from_str::<Observation>(line) {
                let _ = arbiter_spec::answer_check::observation(&observation);
            }
            if let Ok(perft) = serde_json::from_str::<PerftAnswer>(line) {
                let _ = arbiter_spec::answer_check::perft(&perft);
            }
        }
    }
});
