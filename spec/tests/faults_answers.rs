//! Fault injection: answers that are well-formed JSON but not true answers (a legal move that is
//! no move, a FEN that is no FEN, a divide that wraps around, a protocol version nobody speaks),
//! and the in-process reference held to `--timeout`. Each is an ERROR or a TIMEOUT, never a
//! PASS, and the run goes on.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use arbiter_spec::corpus::{self, LocatedCase};
use arbiter_spec::implementation::{Answer, Failure, Implementation};
use arbiter_spec::outcome::Outcome;
use arbiter_spec::profile::{self, DEFAULT_PROFILE};
use arbiter_spec::protocol::{Hello, Observation, Op, PerftAnswer, PositionSpec, Reply, PROTOCOL_VERSION};
use arbiter_spec::reference::Reference;
use arbiter_spec::runner::{self, RunOptions};

mod support;
use support::{arbiter, Scratch, START};

/// Two cases: one that needs an observation, one a perft count.
fn cases() -> Vec<LocatedCase> {
    let text = format!(
        "cases:
  - id: start-moves
    refs: [\"3.10.1\"]
    description: The initial position has twenty legal moves.
    fen: {START}
    expect:
      legal: [e2e4]
  - id: start-perft
    refs: [\"3.10.1\"]
    description: Perft 2 of the initial position.
    fen: {START}
    expect:
      perft: {{2: 400}}
"
    );
    corpus::parse_file(Path::new("faults.yaml"), &text).expect("the fixture parses")
}

/// An implementation that answers every request with the values it was given.
struct Liar {
    protocol: u32,
    observation: Observation,
    perft: PerftAnswer,
}

impl Liar {
    fn honest() -> Liar {
        let mut divide = BTreeMap::new();
        for (m, n) in [("a2a3", 200u64), ("e2e4", 200)] {
            divide.insert(m.to_owned(), n);
        }
        Liar {
            protocol: PROTOCOL_VERSION,
            observation: Observation {
                fen: START.to_owned(),
                legal_moves: Some(vec!["e2e4".into(), "d2d4".into()]),
                ..Observation::default()
            },
            perft: PerftAnswer { nodes: 400, divide },
        }
    }
}

impl Implementation for Liar {
    fn hello(&mut self) -> Answer<Hello> {
        let ops = vec!["observe".to_owned(), "perft".to_owned()];
        Ok(Hello {
            name: "liar".into(),
            version: "1".into(),
            protocol: self.protocol,
            ops,
            profile: None,
            note: None,
            rules: None,
        })
    }
    fn answer(&mut self, op: &Op) -> Answer<Reply> {
        match op {
            Op::Observe { .. } => Ok(Reply::Observe(self.observation.clone())),
            Op::Perft { .. } => Ok(Reply::Perft(self.perft.clone())),
            other => Err(Failure::unsupported(other.name())),
        }
    }
}

/// The outcome and reason of each case run against `liar`.
fn run(liar: impl Fn() -> Liar + Sync) -> Vec<(Outcome, String)> {
    let cases = cases();
    let selected: Vec<&LocatedCase> = cases.iter().collect();
    let profile = profile::find(DEFAULT_PROFILE).expect("the default profile");
    let options = RunOptions::new(profile);
    let factory = || Ok(Box::new(liar()) as Box<dyn Implementation>);
    runner::run(&selected, &factory, &options, &|_| {})
        .into_iter()
        .map(|r| (r.outcome, r.reason.unwrap_or_default()))
        .collect()
}

#[test]
fn the_honest_liar_passes_so_the_faults_below_are_what_fails() {
    let outcomes = run(Liar::honest);
    assert!(outcomes.iter().all(|(o, _)| *o == Outcome::Pass), "{outcomes:?}");
}

#[test]
fn a_legal_move_that_is_not_a_uci_move_is_an_error() {
    for bad in ["zz99", "", "e2e4 ", "E2E4"] {
        let outcomes = run(|| {
            let mut liar = Liar::honest();
            liar.observation.legal_moves = Some(vec!["e2e4".into(), bad.into()]);
            liar
        });
        assert_eq!(outcomes[0].0, Outcome::Error, "{bad:?}: {outcomes:?}");
        assert!(outcomes[0].1.contains("not a UCI move"), "{}", outcomes[0].1);
        assert_eq!(outcomes[1].0, Outcome::Pass, "the run goes on: {outcomes:?}");
    }
}

#[test]
fn an_observed_fen_that_is_not_a_fen_is_an_error() {
    let outcomes = run(|| {
        let mut liar = Liar::honest();
        liar.observation.fen = "garbage".into();
        liar
    });
    assert_eq!(outcomes[0].0, Outcome::Error, "{outcomes:?}");
    assert!(outcomes[0].1.contains("not a FEN"), "{}", outcomes[0].1);
}

#[test]
fn a_divide_that_wraps_around_at_2_64_is_an_error_not_a_pass() {
    let outcomes = run(|| {
        let mut liar = Liar::honest();
        // 2^64 - 1 + 401 wraps to 400, the expected count.
        liar.perft.divide.insert("a2a3".into(), u64::MAX);
        liar.perft.divide.insert("e2e4".into(), 401);
        liar
    });
    assert_eq!(outcomes[1].0, Outcome::Error, "{outcomes:?}");
    assert!(outcomes[1].1.contains("2^64"), "{}", outcomes[1].1);
}

#[test]
fn a_divide_line_that_is_not_a_move_is_an_error() {
    let outcomes = run(|| {
        let mut liar = Liar::honest();
        liar.perft.divide.remove("e2e4");
        liar.perft.divide.insert("total".into(), 200);
        liar
    });
    assert_eq!(outcomes[1].0, Outcome::Error, "{outcomes:?}");
}

#[test]
fn a_protocol_version_the_runner_does_not_speak_is_an_error() {
    let outcomes = run(|| Liar { protocol: 99, ..Liar::honest() });
    assert!(outcomes.iter().all(|(o, _)| *o == Outcome::Error), "{outcomes:?}");
    assert!(outcomes[0].1.contains("protocol version 99"), "{}", outcomes[0].1);
}

#[test]
fn the_in_process_reference_answers_timeout_when_a_perft_outlasts_the_limit() {
    let profile = profile::find(DEFAULT_PROFILE).expect("the default profile");
    let mut reference = Reference::for_profile(&profile, profile.laws).with_timeout(Duration::from_millis(200));
    let position = PositionSpec { fen: START.into(), ..PositionSpec::default() };
    let started = Instant::now();
    let answer = reference.perft(&position, 12);
    assert!(matches!(answer, Err(Failure::Timeout(_))), "{answer:?}");
    assert!(started.elapsed() < Duration::from_secs(10), "took {:?}", started.elapsed());
    assert_eq!(reference.perft(&position, 3).map(|a| a.nodes), Ok(8_902), "shallow counts still answer");
}

#[test]
fn run_with_a_depth_12_perft_case_ends_in_timeout_within_the_limit() {
    let dir = Scratch::new("faults-answers-deep");
    let text = format!(
        "cases:
  - id: deep
    refs: [\"3.10.1\"]
    description: A count nobody can wait for.
    fen: {START}
    expect:
      perft: {{12: 62854969236701747}}
  - id: shallow
    refs: [\"3.10.1\"]
    description: Perft 1 of the initial position.
    fen: {START}
    expect:
      perft: {{1: 20}}
"
    );
    dir.write("cases.yaml", text);
    let started = Instant::now();
    let (code, stdout, _) = arbiter(&["run", "--timeout", "1", "--cases", dir.str()]);
    assert!(started.elapsed() < Duration::from_secs(30), "took {:?}", started.elapsed());
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("1 passed") && stdout.contains("1 timeout"), "{stdout}");
}
