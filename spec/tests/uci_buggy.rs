//! The UCI client against the seeded test engine `buggy-uci`: start-up, legal moves,
//! crashes (ERROR), hangs (TIMEOUT), restarts, and an engine without Chess960.

use std::time::{Duration, Instant};

use arbiter_spec::uci::{UciEngine, UciError};

mod support;
use support::{BUGGY, START};

fn start(args: &str, timeout: Duration) -> Result<UciEngine, UciError> {
    UciEngine::start(&format!("'{BUGGY}' {args}"), timeout)
}

#[test]
fn legal_moves_of_the_initial_position_2_3() {
    let mut engine = start("--bug none", Duration::from_secs(10)).unwrap();
    assert!(engine.name().is_some_and(|n| n.starts_with("buggy-uci")));
    let moves = engine.legal_moves(START, &[]).unwrap();
    // FIDE 2.3 and 3: 16 pawn moves and 4 knight moves.
    assert_eq!(moves.len(), 20);
    assert!(moves.contains("g1f3") && moves.contains("a2a4"));
    assert_eq!(engine.perft(START, &["e2e4".to_owned()], 1).unwrap().nodes, 20);
}

#[test]
fn a_crash_is_an_error_with_stderr_and_restart_works() {
    // Go number 1 is the start-up check, 2 is answered, 3 crashes.
    let mut engine = start("--crash-after 2", Duration::from_secs(10)).unwrap();
    assert_eq!(engine.perft(START, &[], 1).unwrap().nodes, 20);
    let err = engine.perft(START, &[], 1).unwrap_err();
    assert!(matches!(err, UciError::Crashed { .. }), "{err}");
    assert_eq!(err.outcome(), "ERROR");
    assert!(err.to_string().contains("crashing on purpose"), "{err}");
    engine.restart().unwrap();
    assert_eq!(engine.perft(START, &[], 2).unwrap().nodes, 400);
}

#[test]
fn a_hang_is_a_timeout_and_restart_works() {
    let timeout = Duration::from_millis(700);
    let mut engine = start("--hang-after 2", timeout).unwrap();
    assert_eq!(engine.perft(START, &[], 1).unwrap().nodes, 20);
    let asked = Instant::now();
    let err = engine.perft(START, &[], 1).unwrap_err();
    assert!(asked.elapsed() < Duration::from_secs(5), "waited {:?}", asked.elapsed());
    assert!(matches!(err, UciError::TimedOut { .. }), "{err}");
    assert_eq!(err.outcome(), "TIMEOUT");
    assert!(err.to_string().contains("hanging on purpose"), "{err}");
    engine.restart().unwrap();
    assert_eq!(engine.perft(START, &[], 1).unwrap().nodes, 20);
}

#[test]
fn chess960_unsupported_without_the_uci_chess960_option() {
    let mut engine = start("--no-chess960", Duration::from_secs(10)).unwrap();
    let err = engine.set_chess960(true).unwrap_err();
    assert!(matches!(err, UciError::Unsupported { .. }), "{err}");
    let mut engine = start("", Duration::from_secs(10)).unwrap();
    engine.set_chess960(true).unwrap();
    // Guidelines II.3: castling written as king takes own rook.
    let moves = engine.legal_moves("4k3/8/8/8/8/8/8/4K2R w K - 0 1", &[]).unwrap();
    assert!(moves.contains("e1h1") && !moves.contains("e1g1"), "{moves:?}");
}

#[test]
fn programs_that_are_not_uci_engines_give_clear_errors() {
    let err = UciEngine::start("/nonexistent/engine --flag", Duration::from_secs(2)).err().unwrap();
    assert!(matches!(err, UciError::Spawn { .. }), "{err}");
    let err = UciEngine::start("true", Duration::from_secs(2)).err().unwrap();
    assert!(matches!(err, UciError::Crashed { .. }), "{err}");
    let err = UciEngine::start("sleep 30", Duration::from_millis(300)).err().unwrap();
    assert!(matches!(err, UciError::TimedOut { .. }), "{err}");
    let err = UciEngine::start("engine 'unterminated", Duration::from_secs(2)).err().unwrap();
    assert!(matches!(err, UciError::BadCommand { .. }), "{err}");
}

#[test]
fn a_silent_program_times_out_at_the_handshake() {
    // `cat` answers nothing a UCI engine would.
    let err = UciEngine::start("cat", Duration::from_millis(300)).err().unwrap();
    assert_eq!(err.outcome(), "TIMEOUT");
}

#[test]
fn an_engine_without_go_perft_is_unsupported() {
    // A minimal engine that knows `uci` and `isready` but ignores `go perft`.
    let script = "while read l; do case $l in uci) echo uciok;; isready) echo readyok;; esac; done";
    let err = UciEngine::start(&format!("sh -c '{script}'"), Duration::from_millis(500)).err().unwrap();
    assert!(matches!(err, UciError::Unsupported { .. }), "{err}");
    assert!(err.to_string().contains("go perft"), "{err}");
}
