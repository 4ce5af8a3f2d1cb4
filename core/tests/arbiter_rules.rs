//! The arbiter's procedures (FIDE 5.2.3, 6.3, 6.9, 7.3, 7.5, 8.4, 9.1.2, 9.4, 9.5, 10.1,
//! A.1-A.5, B.1-B.3, Guidelines III.3), each test named after its article and edition.
//! Expected values come from the Laws text (`/work/shared/laws/`), worked out by hand.

use arbiter_core::arbiter::{
    judge, penalty_ms, Arbiter, ArbiterError, Category, Delay, DelayMode, Event, Judgement, Period, Ruling, Settings,
    Status, Supervision, TimeControl, TimelineError, TouchRule,
};
use arbiter_core::types::DeadMode;
use arbiter_core::{Color, DrawClaim, Forfeit, GameError, GameResult, Laws, Termination};

const SEC: u64 = 1000;
const MIN: u64 = 60 * SEC;

fn tc(base: u64, inc: u64) -> TimeControl {
    TimeControl::sudden_death(base, inc)
}

fn arbiter(laws: Laws, control: TimeControl) -> Arbiter {
    Arbiter::new(Settings::new(laws, control)).expect("valid settings")
}

fn arbiter_from(laws: Laws, control: TimeControl, fen: &str, supervision: Supervision) -> Arbiter {
    let mut settings = Settings::new(laws, control);
    settings.supervision = supervision;
    settings.start_fen = Some(fen.to_owned());
    Arbiter::new(settings).expect("valid settings")
}

fn unsupervised(laws: Laws, control: TimeControl) -> Arbiter {
    let mut settings = Settings::new(laws, control);
    settings.supervision = Supervision::Unsupervised;
    Arbiter::new(settings).expect("valid settings")
}

fn mv(at_ms: u64, uci: &str) -> Event {
    Event::Move { at_ms, uci: uci.to_owned(), position_after: None }
}

fn play(a: &mut Arbiter, events: &[Event]) -> Vec<Ruling> {
    a.apply_all(events).expect("events apply")
}

fn ended(a: &Arbiter) -> (GameResult, Termination) {
    match a.status() {
        Status::Ended(o) => (o.result(), o.termination()),
        other => panic!("game not ended: {other:?}"),
    }
}

// ---------------------------------------------------------------- categories (A.1, B.1)

#[test]
fn category_a_1_b_1_base_plus_sixty_increments_2018_2023() {
    // B.1: 10 minutes or less; A.1: more than 10 and less than 60; otherwise standard.
    assert_eq!(Category::of(&tc(10 * MIN, 0)), Category::Blitz);
    assert_eq!(Category::of(&tc(3 * MIN, 2 * SEC)), Category::Blitz); // 3 + 2 = 5 min
    assert_eq!(Category::of(&tc(5 * MIN, 5 * SEC)), Category::Blitz); // 5 + 5 = 10 min
    assert_eq!(Category::of(&tc(10 * MIN, 5 * SEC)), Category::Rapid); // 10 + 5 = 15 min
    assert_eq!(Category::of(&tc(10 * MIN + 1, 0)), Category::Rapid);
    assert_eq!(Category::of(&tc(15 * MIN, 10 * SEC)), Category::Rapid); // 25 min
    assert_eq!(Category::of(&tc(59 * MIN, 0)), Category::Rapid);
    assert_eq!(Category::of(&tc(45 * MIN, 15 * SEC)), Category::Standard); // 60: not less than 60
    assert_eq!(Category::of(&tc(60 * MIN, 0)), Category::Standard);
    let classical = TimeControl {
        periods: vec![Period { moves: Some(40), base_ms: 90 * MIN }, Period { moves: None, base_ms: 30 * MIN }],
        increment_ms: 30 * SEC,
        delay: None,
    };
    assert_eq!(Category::of(&classical), Category::Standard);
}

#[test]
fn penalty_a_3_b_2_b_3_one_minute_in_blitz_and_2023_rapid() {
    // 7.5.5 / 9.5.3: two minutes; B.2 (2018) one in blitz; A.3 (2023) one in rapid too; in
    // 2023 blitz one minute only without supervision (B.3 through A.3): supervised blitz plays
    // under the Competition Rules (B.2), two minutes.
    use Supervision::{Full, Unsupervised};
    for supervision in [Full, Unsupervised] {
        assert_eq!(penalty_ms(Category::Standard, Laws::Fide2018, supervision), 2 * MIN);
        assert_eq!(penalty_ms(Category::Standard, Laws::Fide2023, supervision), 2 * MIN);
        assert_eq!(penalty_ms(Category::Rapid, Laws::Fide2018, supervision), 2 * MIN);
        assert_eq!(penalty_ms(Category::Rapid, Laws::Fide2023, supervision), MIN);
        assert_eq!(penalty_ms(Category::Blitz, Laws::Fide2018, supervision), MIN);
    }
    assert_eq!(penalty_ms(Category::Blitz, Laws::Fide2023, Unsupervised), MIN);
    assert_eq!(penalty_ms(Category::Blitz, Laws::Fide2023, Full), 2 * MIN);
}

// ---------------------------------------------------------------- the clock (6.3, 6.9)

#[test]
fn clock_6_3_1_fischer_increment_after_each_move_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(3 * MIN, 2 * SEC));
    play(&mut a, &[mv(1_000, "e2e4"), mv(4_000, "e7e5")]);
    assert_eq!(a.remaining_ms(Color::White), (3 * MIN - 1_000 + 2_000) as i64);
    assert_eq!(a.remaining_ms(Color::Black), (3 * MIN - 3_000 + 2_000) as i64);
}

#[test]
fn clock_6_3_2_unused_time_carried_to_next_period_2018() {
    // 2 moves in 1 minute, then the rest in 30 seconds.
    let control = TimeControl {
        periods: vec![Period { moves: Some(2), base_ms: MIN }, Period { moves: None, base_ms: 30 * SEC }],
        increment_ms: 0,
        delay: None,
    };
    let mut a = arbiter(Laws::Fide2018, control);
    play(&mut a, &[mv(10_000, "e2e4"), mv(15_000, "e7e5"), mv(25_000, "g1f3")]);
    // White used 10 + 10 seconds in the first period: 40 s left, plus 30 s.
    assert_eq!(a.remaining_ms(Color::White), 70_000);
    assert!(a.clock().in_last_period(Color::White));
    assert!(!a.clock().in_last_period(Color::Black));
}

#[test]
fn clock_6_3_2_delay_main_time_runs_only_after_delay_2023() {
    let control = TimeControl {
        periods: vec![Period { moves: None, base_ms: MIN }],
        increment_ms: 0,
        delay: Some(Delay { mode: DelayMode::Simple, ms: 5 * SEC }),
    };
    let mut a = arbiter(Laws::Fide2023, control);
    // White presses within the delay: the main time does not change.
    play(&mut a, &[mv(4_000, "e2e4")]);
    assert_eq!(a.remaining_ms(Color::White), MIN as i64);
    // Black thinks 8 s: 3 s come off the main time.
    play(&mut a, &[mv(12_000, "e7e5")]);
    assert_eq!(a.remaining_ms(Color::Black), (MIN - 3 * SEC) as i64);
}

#[test]
fn clock_6_3_2_delay_modes_differ_on_the_flag_2023() {
    // One second of main time and a five-second delay, White thinking three seconds.
    let with = |mode| TimeControl {
        periods: vec![Period { moves: None, base_ms: SEC }],
        increment_ms: 0,
        delay: Some(Delay { mode, ms: 5 * SEC }),
    };
    let simple = arbiter(Laws::Fide2023, with(DelayMode::Simple));
    let bronstein = arbiter(Laws::Fide2023, with(DelayMode::Bronstein));
    assert!(!simple.clock().flag_fallen(Color::White, 3_000), "6.3.2: main time not yet running");
    assert!(bronstein.clock().flag_fallen(Color::White, 3_000), "Bronstein: main time runs at once");
    assert!(simple.clock().flag_fallen(Color::White, 6_001));
}

#[test]
fn flag_6_9_time_the_flag_will_fall_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(MIN, 2 * SEC));
    assert_eq!(a.clock().flag_time(), Some(MIN + 1));
    play(&mut a, &[mv(10 * SEC, "e2e4")]);
    // Black's clock started at 10 s with a full minute.
    assert_eq!(a.clock().flag_time(), Some(10 * SEC + MIN + 1));
    let control = TimeControl {
        periods: vec![Period { moves: None, base_ms: MIN }],
        increment_ms: 0,
        delay: Some(Delay { mode: DelayMode::Simple, ms: 5 * SEC }),
    };
    assert_eq!(arbiter(Laws::Fide2023, control).clock().flag_time(), Some(MIN + 5 * SEC + 1));
}

#[test]
fn flag_6_9_loss_on_time_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(MIN, 0));
    let r = play(&mut a, &[Event::Flag { at_ms: MIN, player: Color::White }]);
    assert_eq!(r, vec![Ruling::FlagNotFallen { player: Color::White }], "exactly zero left is in time");
    play(&mut a, &[Event::Flag { at_ms: MIN + 1, player: Color::White }]);
    assert_eq!(ended(&a), (GameResult::BlackWins, Termination::Forfeit(Forfeit::FlagFall)));
    assert_eq!(a.points(Color::Black).map(|p| p.halves()), Some(2));
    assert_eq!(a.points(Color::White).map(|p| p.halves()), Some(0));
}

#[test]
fn flag_6_9_draw_when_opponent_cannot_mate_2018() {
    // White has a pawn, Black a bare king: White's flag falls, Black cannot mate: draw.
    let fen = "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1";
    let mut a = arbiter_from(Laws::Fide2018, tc(MIN, 0), fen, Supervision::Full);
    play(&mut a, &[Event::Flag { at_ms: MIN + 1, player: Color::White }]);
    assert_eq!(ended(&a), (GameResult::Draw, Termination::ForfeitOpponentCannotMate(Forfeit::FlagFall)));
    assert_eq!(a.points(Color::White).map(|p| p.halves()), Some(1));
    // Black's flag: White can mate, White wins.
    let mut a = arbiter_from(Laws::Fide2018, tc(MIN, 0), fen, Supervision::Full);
    play(&mut a, &[mv(1_000, "d3d4"), Event::Flag { at_ms: MIN + 1_001, player: Color::Black }]);
    assert_eq!(ended(&a), (GameResult::WhiteWins, Termination::Forfeit(Forfeit::FlagFall)));
}

#[test]
fn flag_6_9_judged_as_the_settings_judge_dead_positions_2023() {
    // A locked pawn wall: no series of legal moves mates, so the game ended at once (5.2.2);
    // an arbiter that knows dead positions by material only lets it go on, and then a flag
    // falling loses, since Black has pawns (6.9 asked by the material alone).
    let wall = "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1";
    let full = arbiter_from(Laws::Fide2023, tc(MIN, 0), wall, Supervision::Full);
    assert_eq!(ended(&full), (GameResult::Draw, Termination::DeadPosition));
    let mut settings = Settings::new(Laws::Fide2023, tc(MIN, 0));
    settings.start_fen = Some(wall.to_owned());
    settings.dead = DeadMode::MaterialOnly;
    let mut material_only = Arbiter::new(settings).expect("valid settings");
    assert_eq!(material_only.status(), Status::Ongoing);
    play(&mut material_only, &[Event::Flag { at_ms: MIN + 1, player: Color::White }]);
    assert_eq!(ended(&material_only), (GameResult::BlackWins, Termination::Forfeit(Forfeit::FlagFall)));
}

#[test]
fn flag_6_8_flag_stays_down_after_a_late_move_2023() {
    // White moves after the flag fell; it is only observed later, and still counts.
    let mut a = arbiter(Laws::Fide2023, tc(MIN, 10 * SEC));
    play(&mut a, &[mv(MIN + 500, "e2e4")]);
    assert!(a.remaining_ms(Color::White) > 0, "the increment brought the display back above zero");
    play(&mut a, &[Event::Flag { at_ms: MIN + 600, player: Color::White }]);
    assert_eq!(ended(&a).0, GameResult::BlackWins);
}

// ---------------------------------------------------------------- recording (8.4, A.2)

#[test]
fn recording_8_4_not_obliged_under_five_minutes_without_increment_2018() {
    let mut a = arbiter(Laws::Fide2018, tc(90 * MIN, 0));
    assert!(a.must_record(Color::White));
    // White spends 86 minutes on the first move: 4 minutes left.
    play(&mut a, &[mv(86 * MIN, "e2e4")]);
    assert!(!a.must_record(Color::White));
    assert!(a.must_record(Color::Black));
}

#[test]
fn recording_8_4_while_the_clock_runs_2023() {
    // Black's clock runs: at 86 minutes into Black's move, 4 minutes are left.
    let mut a = arbiter(Laws::Fide2023, tc(90 * MIN, 0));
    play(&mut a, &[mv(SEC, "e2e4")]);
    assert!(a.clock().must_record(Color::Black, 80 * MIN));
    assert!(!a.clock().must_record(Color::Black, 86 * MIN + SEC));
}

#[test]
fn recording_8_4_increment_of_30_seconds_keeps_obligation_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(90 * MIN, 30 * SEC));
    play(&mut a, &[mv(88 * MIN, "e2e4")]);
    assert!(a.must_record(Color::White));
}

#[test]
fn recording_a_2_rapid_and_blitz_not_obliged_2018_2023() {
    for laws in Laws::ALL {
        assert!(!arbiter(laws, tc(15 * MIN, 10 * SEC)).must_record(Color::White));
        assert!(!arbiter(laws, tc(3 * MIN, 2 * SEC)).must_record(Color::Black));
    }
}

// ---------------------------------------------------------------- illegal moves (7.5)

#[test]
fn illegal_move_7_5_1_position_reinstated_and_2_minutes_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(90 * MIN, 30 * SEC));
    play(&mut a, &[mv(1_000, "e2e4")]);
    let before = a.game().position().fen();
    let r = play(&mut a, &[mv(3_000, "e7e4")]);
    assert_eq!(
        r,
        vec![
            Ruling::IllegalMove { player: Color::Black, count: 1 },
            Ruling::TimeAdded { player: Color::White, ms: 2 * MIN, article: "7.5.5" },
        ]
    );
    assert_eq!(a.game().position().fen(), before);
    assert_eq!(a.to_move(), Color::Black);
    // White: 90 min - 1 s + 30 s + 2 min.
    assert_eq!(a.remaining_ms(Color::White), (90 * MIN - SEC + 30 * SEC + 2 * MIN) as i64);
}

#[test]
fn illegal_move_7_5_1_touch_move_applies_to_replacing_move_2018() {
    let mut a = arbiter(Laws::Fide2018, tc(90 * MIN, 0));
    play(&mut a, &[mv(1_000, "e2e4"), mv(3_000, "d7d4")]);
    // The d7 pawn was touched: it must be moved. A move with another piece stands unless White
    // claims before touching a piece (4.8); White claims, and the d7 pawn must move.
    let r = play(&mut a, &[mv(4_000, "e7e5")]);
    assert_eq!(
        r,
        vec![
            Ruling::Moved { uci: "e7e5".into() },
            Ruling::TouchMoveViolated { player: Color::Black, rule: TouchRule::MoveFirstOwn }
        ]
    );
    let r = play(&mut a, &[Event::ClaimTouchMove { at_ms: 4_500 }]);
    assert_eq!(r, vec![Ruling::TouchMoveReinstated { player: Color::Black }]);
    assert_eq!(a.to_move(), Color::Black);
    let r = play(&mut a, &[mv(5_000, "d7d5")]);
    assert_eq!(r, vec![Ruling::Moved { uci: "d7d5".into() }]);
}

#[test]
fn illegal_move_7_5_5_second_loses_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(90 * MIN, 0));
    play(&mut a, &[mv(1_000, "e2e5"), mv(2_000, "e2e4"), mv(3_000, "e7e5"), mv(4_000, "d1d8")]);
    assert_eq!(a.illegal_moves(Color::White), 2);
    assert_eq!(ended(&a), (GameResult::BlackWins, Termination::Forfeit(Forfeit::IllegalMoves)));
    assert_eq!(Termination::Forfeit(Forfeit::IllegalMoves).article(Laws::Fide2023), "7.5.5");
}

#[test]
fn illegal_move_7_5_5_second_draws_if_opponent_cannot_mate_2018() {
    // Black has a rook, White a bare king: Black's second illegal move is a draw.
    let fen = "8/8/4k3/8/8/3K4/8/r7 b - - 0 1";
    let mut a = arbiter_from(Laws::Fide2018, tc(90 * MIN, 0), fen, Supervision::Full);
    play(&mut a, &[mv(1_000, "a1h8"), mv(2_000, "e6e4")]);
    assert_eq!(ended(&a), (GameResult::Draw, Termination::ForfeitOpponentCannotMate(Forfeit::IllegalMoves)));
}

/// FIDE 5.1.2 (2023), 6.9, 7.5.5: a forfeit that is a draw if the opponent cannot checkmate,
/// in a position where the analysis leaves that undetermined within its budget, is an error
/// the caller sees, never a loss taken on a guess (CHA's test vector, line 166, Black to move:
/// whether White can mate is beyond the default budget).
#[test]
fn forfeit_5_1_2_6_9_7_5_5_undetermined_is_an_error_not_a_loss_2023() {
    let fen = "1b1k4/p1p1p1p1/P1P1P1P1/p1p1pBp1/8/8/P1P1P1P1/3K4 b - - 0 1";
    let undetermined = |kind| ArbiterError::Game(GameError::ForfeitUndetermined { player: Color::Black, kind });
    let mut a = arbiter_from(Laws::Fide2023, tc(90 * MIN, 0), fen, Supervision::Full);
    let resigned = a.apply(&Event::Resign { at_ms: 1_000, player: Color::Black });
    assert_eq!(resigned, Err(undetermined(Forfeit::Resignation)));
    assert_eq!(a.status(), Status::Ongoing);
    let flagged = a.apply(&Event::Flag { at_ms: 90 * MIN + 1, player: Color::Black });
    assert_eq!(flagged, Err(undetermined(Forfeit::FlagFall)));
    let mut a = arbiter_from(Laws::Fide2023, tc(90 * MIN, 0), fen, Supervision::Full);
    play(&mut a, &[mv(1_000, "d8d6")]);
    let before = (a.illegal_moves(Color::Black), a.remaining_ms(Color::White), a.remaining_ms(Color::Black));
    assert_eq!(a.apply(&mv(2_000, "d8d6")), Err(undetermined(Forfeit::IllegalMoves)));
    // The error leaves the arbiter as it was: the move not counted, the clocks not restarted.
    assert_eq!((a.illegal_moves(Color::Black), a.remaining_ms(Color::White), a.remaining_ms(Color::Black)), before);
    assert_eq!((a.status(), a.to_move(), a.clock().running()), (Status::Ongoing, Color::Black, Some(Color::Black)));
}

#[test]
fn illegal_move_7_5_2_unpromoted_pawn_becomes_queen_2023() {
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    let mut a = arbiter_from(Laws::Fide2023, tc(90 * MIN, 0), fen, Supervision::Full);
    let r = play(&mut a, &[mv(1_000, "e7e8")]);
    assert_eq!(r[0], Ruling::PawnReplacedByQueen { uci: "e7e8q".into() });
    assert!(r.contains(&Ruling::IllegalMove { player: Color::White, count: 1 }));
    assert!(r.contains(&Ruling::TimeAdded { player: Color::Black, ms: 2 * MIN, article: "7.5.5" }));
    assert_eq!(a.game().position().fen(), "4Q3/8/8/8/8/8/k7/4K3 b - - 0 1");
}

#[test]
fn illegal_move_7_5_3_clock_pressed_without_move_2018() {
    let mut a = arbiter(Laws::Fide2018, tc(90 * MIN, 0));
    let r = play(&mut a, &[Event::PressWithoutMove { at_ms: 5_000 }]);
    assert_eq!(r[0], Ruling::IllegalMove { player: Color::White, count: 1 });
    assert_eq!(a.to_move(), Color::White);
    assert_eq!(a.remaining_ms(Color::Black), (92 * MIN) as i64);
}

#[test]
fn illegal_move_7_5_4_two_hands_penalised_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(90 * MIN, 0));
    play(&mut a, &[mv(1_000, "e2e4"), mv(2_000, "d7d5")]);
    let r = play(&mut a, &[Event::TwoHands { at_ms: 3_000, uci: "e4d5".into() }]);
    assert_eq!(r[0], Ruling::IllegalMove { player: Color::White, count: 1 });
    // 7.5.1: the capturing pawn and the captured pawn were touched; exd5 is the only move.
    assert_eq!(a.allowed_moves().allowed.len(), 1);
}

#[test]
fn illegal_move_a_3_rapid_one_minute_2023_two_minutes_2018() {
    for (laws, penalty) in [(Laws::Fide2018, 2 * MIN), (Laws::Fide2023, MIN)] {
        let mut a = arbiter(laws, tc(15 * MIN, 10 * SEC));
        let r = play(&mut a, &[mv(1_000, "e2e5")]);
        assert_eq!(r[1], Ruling::TimeAdded { player: Color::Black, ms: penalty, article: "7.5.5" });
    }
}

#[test]
fn illegal_move_b_2_blitz_one_minute_2018() {
    let mut a = arbiter(Laws::Fide2018, tc(5 * MIN, 0));
    let r = play(&mut a, &[mv(1_000, "e2e5")]);
    assert_eq!(r[1], Ruling::TimeAdded { player: Color::Black, ms: MIN, article: "7.5.5" });
}

// ---------------------------------------------------------------- without supervision (A.4 / A.5)

#[test]
fn unsupervised_a_5_2_illegal_move_stands_after_opponent_moves_2023() {
    let mut a = unsupervised(Laws::Fide2023, tc(5 * MIN, 3 * SEC));
    let after = "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let r = play(&mut a, &[Event::Move { at_ms: 1_000, uci: "e2e5".into(), position_after: Some(after.into()) }]);
    assert_eq!(r, vec![Ruling::IllegalMovePending { player: Color::White }]);
    let r = play(&mut a, &[mv(2_000, "d7d5")]);
    assert_eq!(r[0], Ruling::IllegalMoveStands { player: Color::White });
    assert_eq!(a.game().position().fen(), "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    // A claim now comes too late.
    assert_eq!(a.apply(&Event::ClaimIllegalMove { at_ms: 3_000 }), Err(ArbiterError::NoPendingIllegalMove));
}

#[test]
fn unsupervised_a_4_2_claim_before_moving_acts_per_7_5_5_2018() {
    let mut a = unsupervised(Laws::Fide2018, tc(5 * MIN, 0));
    play(&mut a, &[mv(1_000, "e2e5"), Event::ClaimIllegalMove { at_ms: 2_000 }]);
    assert_eq!(a.illegal_moves(Color::White), 1);
    assert_eq!(a.game().position().fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // B.2: one minute to Black, who has used one second.
    assert_eq!(a.remaining_ms(Color::Black), (6 * MIN - SEC) as i64);
    // 7.5.1: the e2 pawn must be moved.
    assert_eq!(a.allowed_moves().rule, TouchRule::MoveFirstOwn);
}

#[test]
fn unsupervised_a_5_4_pawn_on_last_rank_still_there_draws_2023() {
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    let mut a = arbiter_from(Laws::Fide2023, tc(5 * MIN, 0), fen, Supervision::Unsupervised);
    play(&mut a, &[mv(1_000, "e7e8"), mv(2_000, "a2a3")]);
    assert_eq!(ended(&a), (GameResult::Draw, Termination::IllegalPositionStands));
    assert_eq!(Termination::IllegalPositionStands.article(Laws::Fide2023), "A.5.4");
    assert_eq!(Termination::IllegalPositionStands.article(Laws::Fide2018), "A.4.4");
}

#[test]
fn unsupervised_a_5_2_claimed_unpromoted_pawn_becomes_queen_2023() {
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    let mut a = arbiter_from(Laws::Fide2023, tc(5 * MIN, 0), fen, Supervision::Unsupervised);
    let r = play(&mut a, &[mv(1_000, "e7e8"), Event::ClaimIllegalMove { at_ms: 2_000 }]);
    assert!(r.contains(&Ruling::PawnReplacedByQueen { uci: "e7e8q".into() }));
    assert!(r.contains(&Ruling::TimeAdded { player: Color::Black, ms: MIN, article: "7.5.5" }));
    assert_eq!(a.game().position().fen(), "4Q3/8/8/8/8/8/k7/4K3 b - - 0 1");
    assert_eq!(a.to_move(), Color::Black);
}

#[test]
fn unsupervised_a_4_4_illegal_position_gone_after_next_move_continues_2018() {
    // The pawn left on e8 is taken by the next move: play goes on from the board given.
    let fen = "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    let mut a = arbiter_from(Laws::Fide2018, tc(5 * MIN, 0), fen, Supervision::Unsupervised);
    let after = "4r3/8/8/8/8/8/k7/4K3 w - - 0 2";
    let r = play(
        &mut a,
        &[mv(1_000, "e7e8"), Event::Move { at_ms: 2_000, uci: "d8e8".into(), position_after: Some(after.into()) }],
    );
    assert_eq!(r.last(), Some(&Ruling::IllegalMoveStands { player: Color::White }));
    assert_eq!(a.status(), Status::Ongoing);
    assert_eq!(a.game().position().fen(), after);
    assert_eq!(a.to_move(), Color::White);
}

#[test]
fn unsupervised_a_5_3_win_on_time_drawn_if_claimant_cannot_mate_2023() {
    // Black (bare king) claims White's flag: Black cannot mate, so the game is drawn.
    let fen = "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1";
    let mut a = arbiter_from(Laws::Fide2023, tc(5 * MIN, 0), fen, Supervision::Unsupervised);
    play(&mut a, &[Event::Flag { at_ms: 5 * MIN + 1, player: Color::White }]);
    assert_eq!(ended(&a), (GameResult::Draw, Termination::ForfeitOpponentCannotMate(Forfeit::FlagFall)));
    // White claims Black's flag with a pawn left: a win.
    let mut a = arbiter_from(Laws::Fide2018, tc(5 * MIN, 0), fen, Supervision::Unsupervised);
    play(&mut a, &[mv(1_000, "e2e4"), Event::Flag { at_ms: 5 * MIN + 1_001, player: Color::Black }]);
    assert_eq!(ended(&a), (GameResult::WhiteWins, Termination::Forfeit(Forfeit::FlagFall)));
}

#[test]
fn unsupervised_a_4_2_clock_pressed_without_move_stands_2018() {
    // 7.5.3 without supervision, not claimed: White has passed, and Black's move stands.
    let mut a = unsupervised(Laws::Fide2018, tc(3 * MIN, 0));
    play(&mut a, &[Event::PressWithoutMove { at_ms: 1_000 }, mv(2_000, "d7d5")]);
    assert_eq!(a.game().position().fen(), "rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2");
    assert_eq!(a.illegal_moves(Color::White), 0);
}

#[test]
fn unsupervised_a_5_2_standing_illegal_move_into_dead_position_draws_2023() {
    // The knight "captures" the last black pawn with an illegal jump, leaving K+N v K;
    // Black moves on without claiming.
    let fen = "4k3/8/8/8/4p3/8/8/1N1K4 w - - 0 1";
    let mut a = arbiter_from(Laws::Fide2023, tc(3 * MIN, 0), fen, Supervision::Unsupervised);
    let after = "4k3/8/8/8/4N3/8/8/3K4 b - - 0 1";
    play(
        &mut a,
        &[Event::Move { at_ms: 1_000, uci: "b1e4".into(), position_after: Some(after.into()) }, mv(2_000, "e8e7")],
    );
    assert_eq!(ended(&a), (GameResult::Draw, Termination::DeadPosition));
}

#[test]
fn unsupervised_a_5_not_for_standard_play_2023() {
    let mut settings = Settings::new(Laws::Fide2023, tc(90 * MIN, 30 * SEC));
    settings.supervision = Supervision::Unsupervised;
    assert!(matches!(Arbiter::new(settings), Err(ArbiterError::UnsupervisedStandard(Category::Standard))));
}

// ---------------------------------------------------------------- claims (9.1.2.3, 9.4, 9.5)

#[test]
fn claim_9_5_2_correct_threefold_draws_at_once_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(90 * MIN, 30 * SEC));
    let moves = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"];
    for (i, m) in moves.iter().enumerate() {
        play(&mut a, &[mv(1_000 * (i as u64 + 1), m)]);
    }
    let claim = Event::Claim { at_ms: 10_000, claim: DrawClaim::Threefold, intended: Some("f6g8".into()) };
    play(&mut a, &[claim]);
    assert_eq!(ended(&a), (GameResult::Draw, Termination::ThreefoldRepetition));
    assert_eq!(a.game().moves().len(), 7, "9.5.2: the intended move is not played");
}

#[test]
fn claim_9_5_3_incorrect_gives_two_minutes_and_move_played_2018() {
    let mut a = arbiter(Laws::Fide2018, tc(90 * MIN, 0));
    play(&mut a, &[mv(1_000, "e2e4")]);
    let claim = Event::Claim { at_ms: 2_000, claim: DrawClaim::Threefold, intended: Some("e7e5".into()) };
    let r = play(&mut a, &[claim]);
    assert_eq!(r[0], Ruling::ClaimIncorrect);
    assert_eq!(r[1], Ruling::TimeAdded { player: Color::White, ms: 2 * MIN, article: "9.5.3" });
    assert!(r.contains(&Ruling::Moved { uci: "e7e5".into() }));
    assert_eq!(a.to_move(), Color::White);
    assert_eq!(a.remaining_ms(Color::White), (92 * MIN - SEC) as i64);
    assert_eq!(a.remaining_ms(Color::Black), (90 * MIN - SEC) as i64);
}

#[test]
fn claim_9_5_3_blitz_2023_two_minutes_supervised_b_2_one_without_b_3() {
    let claim = Event::Claim { at_ms: 1_000, claim: DrawClaim::FiftyMoves, intended: None };
    let mut a = arbiter(Laws::Fide2023, tc(3 * MIN, 2 * SEC));
    let r = play(&mut a, std::slice::from_ref(&claim));
    assert_eq!(r[1], Ruling::TimeAdded { player: Color::Black, ms: 2 * MIN, article: "9.5.3" });
    assert_eq!(a.to_move(), Color::White, "no intended move: the claimant still has the move");
    let mut a = unsupervised(Laws::Fide2023, tc(3 * MIN, 2 * SEC));
    let r = play(&mut a, &[claim]);
    assert_eq!(r[1], Ruling::TimeAdded { player: Color::Black, ms: MIN, article: "9.5.3" });
}

#[test]
fn claim_9_1_2_3_incorrect_claim_is_a_draw_offer_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(90 * MIN, 0));
    play(&mut a, &[mv(1_000, "e2e4"), mv(2_000, "e7e5")]);
    let r = play(&mut a, &[Event::Claim { at_ms: 3_000, claim: DrawClaim::FiftyMoves, intended: None }]);
    assert!(r.contains(&Ruling::DrawOffered { player: Color::White }));
    play(&mut a, &[Event::DrawAccept { at_ms: 4_000, player: Color::Black }]);
    assert_eq!(ended(&a), (GameResult::Draw, Termination::Agreement));
}

#[test]
fn claim_9_4_touched_piece_loses_right_to_claim_2018() {
    let mut a = arbiter(Laws::Fide2018, tc(90 * MIN, 0));
    let moves = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"];
    for (i, m) in moves.iter().enumerate() {
        play(&mut a, &[mv(1_000 * (i as u64 + 1), m)]);
    }
    // The start position has now appeared three times; White touches the g1 knight first.
    play(&mut a, &[Event::Touch { at_ms: 9_500, square: "g1".into() }]);
    let r = play(&mut a, &[Event::Claim { at_ms: 10_000, claim: DrawClaim::Threefold, intended: None }]);
    assert_eq!(r, vec![Ruling::ClaimRefused]);
    assert_eq!(a.status(), Status::Ongoing);
}

// ---------------------------------------------------------------- offers and agreement (9.1.2, 5.2.3)

#[test]
fn agreement_5_2_3_only_after_both_have_moved_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(90 * MIN, 0));
    play(&mut a, &[mv(1_000, "e2e4"), Event::DrawOffer { at_ms: 1_000, player: Color::White }]);
    let err = a.apply(&Event::DrawAccept { at_ms: 2_000, player: Color::Black });
    assert_eq!(err, Err(ArbiterError::Game(GameError::AgreementTooEarly { moves: 1 })));
    play(&mut a, &[mv(3_000, "e7e5"), mv(4_000, "g1f3"), Event::DrawOffer { at_ms: 4_000, player: Color::White }]);
    play(&mut a, &[Event::DrawAccept { at_ms: 5_000, player: Color::Black }]);
    assert_eq!(ended(&a), (GameResult::Draw, Termination::Agreement));
    let halves = a.points(Color::White).map(|p| p.halves()).zip(a.points(Color::Black).map(|p| p.halves()));
    assert_eq!(halves, Some((1, 1)), "10.1: half a point each");
}

#[test]
fn offer_9_1_2_2_rejected_by_a_move_2018() {
    let mut a = arbiter(Laws::Fide2018, tc(90 * MIN, 0));
    play(&mut a, &[mv(1_000, "e2e4"), Event::DrawOffer { at_ms: 1_000, player: Color::White }]);
    let r = play(&mut a, &[mv(2_000, "e7e5")]);
    assert!(r.contains(&Ruling::OfferRejected { player: Color::White }));
    assert_eq!(
        a.apply(&Event::DrawAccept { at_ms: 3_000, player: Color::Black }),
        Err(ArbiterError::NoOffer { player: Color::Black, action: "accept a draw" })
    );
}

#[test]
fn offer_9_1_2_2_rejected_by_touching_a_piece_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(90 * MIN, 0));
    play(&mut a, &[mv(1_000, "e2e4"), mv(2_000, "e7e5"), Event::DrawOffer { at_ms: 2_500, player: Color::Black }]);
    let r = play(&mut a, &[Event::Touch { at_ms: 3_000, square: "g1".into() }]);
    assert!(r.contains(&Ruling::OfferRejected { player: Color::Black }));
    assert_eq!(a.draw_offer(), None);
}

#[test]
fn offer_9_1_2_2_stands_through_the_offerers_own_move_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(90 * MIN, 0));
    play(&mut a, &[mv(1_000, "e2e4"), mv(2_000, "e7e5"), Event::DrawOffer { at_ms: 2_500, player: Color::White }]);
    play(&mut a, &[mv(3_000, "g1f3")]);
    assert_eq!(a.draw_offer(), Some(Color::White));
    play(&mut a, &[Event::DrawDecline { at_ms: 4_000, player: Color::Black }]);
    assert_eq!(a.draw_offer(), None);
}

// ---------------------------------------------------------------- resignation (5.1.2)

#[test]
fn resignation_5_1_2_bare_king_opponent_2018_loses_2023_draws() {
    let fen = "8/8/4k3/8/8/3K4/8/7Q w - - 0 1";
    let mut a = arbiter_from(Laws::Fide2018, tc(90 * MIN, 0), fen, Supervision::Full);
    play(&mut a, &[Event::Resign { at_ms: 1_000, player: Color::White }]);
    assert_eq!(ended(&a).0, GameResult::BlackWins);
    let mut a = arbiter_from(Laws::Fide2023, tc(90 * MIN, 0), fen, Supervision::Full);
    play(&mut a, &[Event::Resign { at_ms: 1_000, player: Color::White }]);
    assert_eq!(ended(&a).0, GameResult::Draw);
}

// ---------------------------------------------------------------- colours reversed (7.3)

/// Ten pawn moves by each side, no position repeated.
const TWENTY_PLIES: [&str; 20] = [
    "a2a3", "a7a6", "b2b3", "b7b6", "c2c3", "c7c6", "d2d3", "d7d6", "e2e3", "e7e6", "f2f3", "f7f6", "g2g3", "g7g6",
    "h2h3", "h7h6", "a3a4", "a6a5", "b3b4", "b6b5",
];

#[test]
fn colours_reversed_7_3_annulled_before_ten_moves_each_2018_2023() {
    for laws in Laws::ALL {
        let mut a = arbiter(laws, tc(90 * MIN, 0));
        // 19 half-moves: White has made 10 moves, Black 9.
        for (i, m) in TWENTY_PLIES[..19].iter().enumerate() {
            play(&mut a, &[mv(1_000 * (i as u64 + 1), m)]);
        }
        play(&mut a, &[Event::ColoursReversed { at_ms: 30_000 }]);
        assert_eq!(a.status(), Status::Annulled);
        assert_eq!(a.points(Color::White), None);
    }
}

#[test]
fn colours_reversed_7_3_continues_after_ten_moves_each_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(90 * MIN, 0));
    for (i, m) in TWENTY_PLIES.iter().enumerate() {
        play(&mut a, &[mv(1_000 * (i as u64 + 1), m)]);
    }
    let r = play(&mut a, &[Event::ColoursReversed { at_ms: 30_000 }]);
    assert_eq!(r, vec![Ruling::GameContinues { article: "7.3" }]);
}

#[test]
fn incorrect_initial_position_7_2_1_annulled_whenever_found_2018_2023() {
    for laws in Laws::ALL {
        let mut a = arbiter(laws, tc(90 * MIN, 0));
        // Unlike 7.3, the number of moves made does not matter.
        for (i, m) in TWENTY_PLIES.iter().enumerate() {
            play(&mut a, &[mv(1_000 * (i as u64 + 1), m)]);
        }
        let r = play(&mut a, &[Event::InitialPositionIncorrect { at_ms: 30_000 }]);
        assert_eq!(r, vec![Ruling::Annulled { article: "7.2.1" }]);
        assert_eq!(a.status(), Status::Annulled);
        assert_eq!(a.points(Color::White), None);
    }
}

// ---------------------------------------------------------------- quickplay finish (III.3)

#[test]
fn quickplay_iii_3_1_both_flags_before_last_period_continue_2018() {
    let control = TimeControl {
        periods: vec![Period { moves: Some(20), base_ms: MIN }, Period { moves: None, base_ms: MIN }],
        increment_ms: 0,
        delay: None,
    };
    let mut a = arbiter(Laws::Fide2018, control);
    // White's flag falls before the first move is made; Black then lets the minute run out.
    play(&mut a, &[mv(MIN + 1_000, "e2e4")]);
    let r = play(&mut a, &[Event::BothFlagsFallen { at_ms: 2 * MIN + 2_000 }]);
    assert_eq!(r, vec![Ruling::GameContinues { article: "III.3.1" }]);
    assert_eq!(a.remaining_ms(Color::White), MIN as i64);
    assert!(a.clock().in_last_period(Color::Black));
}

#[test]
fn quickplay_iii_3_2_both_flags_in_last_period_draw_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(MIN, 0));
    play(&mut a, &[mv(MIN + 1_000, "e2e4"), Event::BothFlagsFallen { at_ms: 2 * MIN + 2_000 }]);
    assert_eq!(ended(&a), (GameResult::Draw, Termination::BothFlagsFallen));
    assert_eq!(Termination::BothFlagsFallen.article(Laws::Fide2023), "III.3.1");
}

/// Two moves in 60 minutes, then 30 minutes, no increment.
fn two_moves_an_hour_then_half_an_hour() -> TimeControl {
    TimeControl {
        periods: vec![Period { moves: Some(2), base_ms: 60 * MIN }, Period { moves: None, base_ms: 30 * MIN }],
        increment_ms: 0,
        delay: None,
    }
}

#[test]
fn quickplay_iii_3_1_flag_fell_before_the_control_then_reached_continue_2023() {
    // White's flag falls at 70 min on its second move, which it completes at 71 min (the
    // clock counts the control reached); Black's flag falls at 121 min, still in the first
    // period. Neither fell in the last period: III.3.1.1, the game continues.
    let mut a = arbiter(Laws::Fide2023, two_moves_an_hour_then_half_an_hour());
    play(&mut a, &[mv(10 * MIN, "e2e4"), mv(20 * MIN, "e7e5"), mv(71 * MIN, "g1f3")]);
    assert!(a.clock().in_last_period(Color::White));
    assert!(!a.clock().flag_fell_in_last_period(Color::White, 122 * MIN));
    let r = play(&mut a, &[Event::BothFlagsFallen { at_ms: 122 * MIN }]);
    assert_eq!(r, vec![Ruling::GameContinues { article: "III.3.1" }]);
    assert_eq!(a.status(), Status::Ongoing);
}

#[test]
fn quickplay_iii_3_1_one_flag_fell_in_the_last_period_draw_2023() {
    // Black's flag falls at 80 min on its second move (first period), completed at 81 min;
    // White, in the last period since its second move, runs out there at 151 min: III.3.1.2.
    let mut a = arbiter(Laws::Fide2023, two_moves_an_hour_then_half_an_hour());
    play(&mut a, &[mv(10 * MIN, "e2e4"), mv(20 * MIN, "e7e5"), mv(30 * MIN, "g1f3"), mv(81 * MIN, "b8c6")]);
    assert!(!a.clock().flag_fell_in_last_period(Color::Black, 152 * MIN));
    assert!(a.clock().flag_fell_in_last_period(Color::White, 152 * MIN));
    play(&mut a, &[Event::BothFlagsFallen { at_ms: 152 * MIN }]);
    assert_eq!(ended(&a), (GameResult::Draw, Termination::BothFlagsFallen));
}

#[test]
fn quickplay_iii_2_not_with_increment_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(MIN, SEC));
    assert_eq!(a.apply(&Event::BothFlagsFallen { at_ms: 5 * MIN }), Err(ArbiterError::QuickplayWithExtraTime));
}

// ---------------------------------------------------------------- touch-move claims (4.8)

fn touch(at_ms: u64, square: &str) -> Event {
    Event::Touch { at_ms, square: square.to_owned() }
}

#[test]
fn touch_move_4_8_claim_in_time_restores_the_position_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(90 * MIN, 0));
    let r = play(&mut a, &[touch(1_000, "g1"), mv(2_000, "e2e4")]);
    assert!(r.contains(&Ruling::TouchMoveViolated { player: Color::White, rule: TouchRule::MoveFirstOwn }));
    assert_eq!(a.to_move(), Color::Black, "the move stands until claimed");
    let r = play(&mut a, &[Event::ClaimTouchMove { at_ms: 3_000 }]);
    assert_eq!(r, vec![Ruling::TouchMoveReinstated { player: Color::White }]);
    assert_eq!(r[0].article(Laws::Fide2023), "4.8");
    assert_eq!(a.to_move(), Color::White);
    assert_eq!(a.clock().running(), Some(Color::White));
    assert_eq!(a.allowed_moves().allowed.len(), 2, "the knight g1 must move");
}

#[test]
fn touch_move_4_8_claim_lost_once_the_claimant_touches_a_piece_2018() {
    let mut a = arbiter(Laws::Fide2018, tc(90 * MIN, 0));
    play(&mut a, &[touch(1_000, "g1"), mv(2_000, "e2e4"), touch(3_000, "e7")]);
    let r = play(&mut a, &[Event::ClaimTouchMove { at_ms: 4_000 }]);
    assert_eq!(r, vec![Ruling::TouchClaimRefused]);
    assert_eq!(a.to_move(), Color::Black);
    // A claim with no violation standing is refused too.
    let mut b = arbiter(Laws::Fide2018, tc(90 * MIN, 0));
    play(&mut b, &[mv(1_000, "e2e4")]);
    assert_eq!(play(&mut b, &[Event::ClaimTouchMove { at_ms: 2_000 }]), vec![Ruling::TouchClaimRefused]);
}

#[test]
fn touch_move_5_1_1_violating_mate_does_not_end_the_game_2023() {
    let mut a = arbiter(Laws::Fide2023, tc(90 * MIN, 0));
    play(&mut a, &[mv(1_000, "f2f3"), mv(2_000, "e7e5"), mv(3_000, "g2g4"), touch(4_000, "g8")]);
    let r = play(&mut a, &[mv(5_000, "d8h4")]);
    assert_eq!(r, vec![Ruling::MoveRefused { uci: "d8h4".into(), rule: TouchRule::MoveFirstOwn }]);
    assert_eq!(a.status(), Status::Ongoing);
}

#[test]
fn touch_4_4_2_chess960_settings_read_the_start_position_with_its_castling_rules_2023() {
    // Guidelines II: a Chess960 position (rooks a1 and g1, the king f1 between them, the
    // rights in Shredder-FEN) is no standard position; the arbiter reads it as Chess960 only
    // when the settings say so, and then writes castling king takes own rook.
    let fen = "4k3/8/8/8/8/8/5PP1/R4KRN w AG - 0 1";
    let mut settings = Settings::new(Laws::Fide2023, tc(90 * MIN, 0));
    settings.start_fen = Some(fen.to_owned());
    assert!(matches!(Arbiter::new(settings.clone()), Err(ArbiterError::Game(GameError::Fen(_)))));
    settings.chess960 = true;
    let mut a = Arbiter::new(settings.clone()).expect("a Chess960 position");
    // 4.4.2: the rook g1 (which cannot move) and then the king: no castling on the g1 side;
    // 4.3.1: the king must move, castling with the rook a1 included (3.8.2).
    play(&mut a, &[touch(1_000, "g1"), touch(2_000, "f1")]);
    let pos = *a.game().position();
    let mut allowed: Vec<String> = a.allowed_moves().allowed.iter().map(|&m| pos.uci(m)).collect();
    allowed.sort();
    assert_eq!(allowed, ["f1a1", "f1e1", "f1e2"]);
    // The field is left out of the JSON when false, and read as false when absent.
    let json = serde_json::to_string(&settings).expect("serialisable");
    assert!(json.contains("\"chess960\":true"), "{json}");
    settings.chess960 = false;
    let json = serde_json::to_string(&settings).expect("serialisable");
    assert!(!json.contains("chess960"), "{json}");
    assert_eq!(serde_json::from_str::<Settings>(&json).expect("readable"), settings);
}

// ---------------------------------------------------------------- moves not pressed (6.2.1.2)

fn timed(action: arbiter_core::types::Action, at_ms: i64) -> arbiter_core::types::Event {
    arbiter_core::types::Event { action, at: Some(arbiter_core::types::ClockTime::from_ms(at_ms)) }
}

fn judged(events: &[arbiter_core::types::Event]) -> Result<Judgement, TimelineError> {
    judge(Settings::new(Laws::Fide2023, tc(90 * MIN, 30 * SEC)), &[], events)
}

#[test]
fn unpressed_move_6_2_1_2_completed_by_the_next_move_2023() {
    use arbiter_core::types::Action;
    let play = |uci: &str| Action::Play { uci: uci.to_owned(), position_after: None };
    // White makes e4 without pressing; Black replies (a press on a clock that is not running);
    // White's next move completes e4 and White's press stops White's clock: one increment.
    let events = [timed(Action::Move("e2e4".into()), 5_000), timed(play("e7e5"), 10_000), timed(play("g1f3"), 20_000)];
    let j = judged(&events).expect("6.2.1.2: the opponent may reply before the press");
    assert_eq!(j.result, GameResult::Ongoing);
    assert_eq!(j.clock_ms, [(90 * MIN - 20 * SEC + 30 * SEC) as i64, (90 * MIN) as i64]);
    assert_eq!(j.allowed_moves.len(), 29, "Black to move after 1. e4 e5 2. Nf3: {:?}", j.allowed_moves);
    // The same with no press until White's last move.
    let unpressed = [
        timed(Action::Move("e2e4".into()), 5_000),
        timed(Action::Move("e7e5".into()), 10_000),
        timed(Action::Move("g1f3".into()), 15_000),
        timed(Action::PressClock, 20_000),
    ];
    assert_eq!(judged(&unpressed).map(|j| (j.clock_ms, j.allowed_moves.len())), Ok((j.clock_ms, 29)));
}

#[test]
fn unpressed_move_6_2_1_press_after_the_reply_stops_the_movers_clock_2023() {
    use arbiter_core::types::Action;
    let events = [
        timed(Action::Move("e2e4".into()), 5_000),
        timed(Action::Play { uci: "e7e5".into(), position_after: None }, 10_000),
        timed(Action::PressClock, 12_000),
    ];
    let j = judged(&events).expect("a late press is no illegal move");
    assert_eq!(j.time_added_ms, [0, 0], "not 7.5.3: the press follows White's move");
    assert_eq!(j.clock_ms, [(90 * MIN - 12 * SEC + 30 * SEC) as i64, (90 * MIN) as i64]);
}

#[test]
fn unpressed_illegal_move_7_5_1_must_be_pressed_2023() {
    use arbiter_core::types::Action;
    let events = [timed(Action::Move("e2e5".into()), 5_000), timed(Action::Move("e7e5".into()), 10_000)];
    assert_eq!(judged(&events), Err(TimelineError::UnpressedIllegalMove { uci: "e2e5".into() }));
}

// ---------------------------------------------------------------- increment request (III.4)

/// The opening moves e4 and e5 in a 15-minute game without increment, one second each; White
/// to move with 1:30 left at 13:31.
fn quickplay_at_one_thirty(laws: Laws) -> Arbiter {
    let mut a = arbiter(laws, tc(15 * MIN, 0));
    play(&mut a, &[mv(1_000, "e2e4"), mv(2_000, "e7e5")]);
    assert_eq!(a.apply(&Event::RequestIncrement { at_ms: 13 * MIN + 31 * SEC }).map(|r| r.len()), Ok(1));
    a
}

#[test]
fn quickplay_iii_4_request_is_a_draw_offer_2018_2023() {
    for laws in [Laws::Fide2018, Laws::Fide2023] {
        let mut a = quickplay_at_one_thirty(laws);
        assert_eq!(a.draw_offer(), Some(Color::White));
        assert_eq!(a.remaining_ms(Color::White), (90 * SEC) as i64);
        play(&mut a, &[Event::DrawAccept { at_ms: 13 * MIN + 40 * SEC, player: Color::Black }]);
        assert_eq!(ended(&a).0, GameResult::Draw);
    }
}

#[test]
fn quickplay_iii_4_refused_five_seconds_both_two_minutes_opponent_2023() {
    let mut a = quickplay_at_one_thirty(Laws::Fide2023);
    let r = play(&mut a, &[Event::DrawDecline { at_ms: 13 * MIN + 31 * SEC, player: Color::Black }]);
    assert_eq!(
        r,
        vec![
            Ruling::OfferRejected { player: Color::White },
            Ruling::IncrementIntroduced { ms: 5 * SEC },
            // Two minutes, not the one minute of a rapid penalty under 2023 A.3.
            Ruling::TimeAdded { player: Color::Black, ms: 2 * MIN, article: "III.4" },
        ]
    );
    assert_eq!(r[1].article(Laws::Fide2023), "III.4");
    play(&mut a, &[mv(13 * MIN + 41 * SEC, "g1f3"), mv(13 * MIN + 51 * SEC, "b8c6")]);
    assert_eq!(a.remaining_ms(Color::White), (85 * SEC) as i64);
    assert_eq!(a.remaining_ms(Color::Black), (16 * MIN + 54 * SEC) as i64);
    assert_eq!(a.draw_offer(), None);
}

#[test]
fn quickplay_iii_4_refused_by_a_move_increment_after_it_2018() {
    let mut a = quickplay_at_one_thirty(Laws::Fide2018);
    play(&mut a, &[mv(13 * MIN + 41 * SEC, "g1f3")]);
    assert_eq!(a.draw_offer(), Some(Color::White), "9.1.2: the offer stands after the requester's move");
    let r = play(&mut a, &[mv(13 * MIN + 51 * SEC, "b8c6")]);
    assert!(r.contains(&Ruling::IncrementIntroduced { ms: 5 * SEC }));
    assert_eq!(a.remaining_ms(Color::Black), (16 * MIN + 49 * SEC) as i64);
}

#[test]
fn quickplay_iii_4_refused_outside_the_guidelines_2023() {
    // Two minutes or more left.
    let mut a = arbiter(Laws::Fide2023, tc(15 * MIN, 0));
    play(&mut a, &[mv(1_000, "e2e4"), mv(2_000, "e7e5")]);
    assert_eq!(play(&mut a, &[Event::RequestIncrement { at_ms: 12 * MIN + 31 * SEC }]), vec![Ruling::IncrementRefused]);
    assert_eq!(a.draw_offer(), None);
    // III.2.2: not with an increment, and not in blitz.
    for control in [tc(15 * MIN, 10 * SEC), tc(5 * MIN, 0)] {
        let mut a = arbiter(Laws::Fide2023, control);
        let r = play(&mut a, &[Event::RequestIncrement { at_ms: 4 * MIN }]);
        assert_eq!(r, vec![Ruling::IncrementRefused]);
        assert_eq!(a.draw_offer(), None);
    }
}

// ---------------------------------------------------------------- bad input

#[test]
fn events_bad_input_is_an_error_never_a_panic() {
    let mut a = arbiter(Laws::Fide2023, tc(MIN, 0));
    assert!(matches!(a.apply(&mv(1_000, "zz")), Err(ArbiterError::Game(GameError::Uci(_)))));
    assert!(matches!(a.apply(&Event::Touch { at_ms: 1_000, square: "k9".into() }), Err(ArbiterError::Square(_))));
    play(&mut a, &[mv(2_000, "e2e4")]);
    assert_eq!(a.apply(&mv(1_000, "e7e5")), Err(ArbiterError::TimeGoesBack { at: 1_000, last: 2_000 }));
    play(&mut a, &[Event::Resign { at_ms: 3_000, player: Color::Black }]);
    assert!(matches!(a.apply(&mv(4_000, "e7e5")), Err(ArbiterError::Finished(..))));
}

#[test]
fn events_json_round_trip_and_documented_format() {
    let json = r#"[
        {"type": "move", "at_ms": 1500, "uci": "e2e4"},
        {"type": "draw_offer", "at_ms": 1600, "player": "white"},
        {"type": "touch", "at_ms": 2000, "square": "g8"},
        {"type": "claim", "at_ms": 5000, "claim": "fifty_moves"},
        {"type": "claim", "at_ms": 5000, "claim": "threefold", "intended": "f3g1"},
        {"type": "press_without_move", "at_ms": 6000},
        {"type": "flag", "at_ms": 900000, "player": "black"},
        {"type": "both_flags_fallen", "at_ms": 900001}
    ]"#;
    let events: Vec<Event> = serde_json::from_str(json).expect("documented format parses");
    assert_eq!(events[1], Event::DrawOffer { at_ms: 1600, player: Color::White });
    assert_eq!(events[3], Event::Claim { at_ms: 5000, claim: DrawClaim::FiftyMoves, intended: None });
    let back: Vec<Event> = serde_json::from_str(&serde_json::to_string(&events).expect("serialises")).expect("parses");
    assert_eq!(back, events);
    let bad = serde_json::from_str::<Event>(r#"{"type": "flag", "at_ms": 1, "player": "green"}"#);
    assert!(bad.is_err());
}

#[test]
fn settings_json_with_edition_and_supervision() {
    let json = r#"{
        "laws": "fide2018",
        "time_control": {"periods": [{"base_ms": 600000}], "increment_ms": 5000},
        "supervision": "unsupervised"
    }"#;
    let settings: Settings = serde_json::from_str(json).expect("settings parse");
    let a = Arbiter::new(settings).expect("valid settings");
    assert_eq!(a.laws(), Laws::Fide2018);
    assert_eq!(a.category(), Category::Rapid); // 10 + 5 = 15 minutes
    assert_eq!(a.supervision(), Supervision::Unsupervised);
    let bad = r#"{"laws": "fide2018", "time_control": {"periods": [{"moves": 40, "base_ms": 1}]}}"#;
    let settings: Settings = serde_json::from_str(bad).expect("parses");
    assert!(matches!(Arbiter::new(settings), Err(ArbiterError::TimeControl(_))));
}

#[test]
fn settings_json_documented_example_parses() {
    let json = r#"{"laws": "fide2023", "supervision": "unsupervised",
        "time_control": {"periods": [{"moves": 40, "base_ms": 5400000}, {"base_ms": 1800000}],
                         "increment_ms": 30000, "delay": {"mode": "simple", "ms": 5000}},
        "start_fen": "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1"}"#;
    let settings: Settings = serde_json::from_str(json).expect("documented settings parse");
    assert_eq!(settings.time_control.delay, Some(Delay { mode: DelayMode::Simple, ms: 5_000 }));
    // 90 + 30 minutes + 60 x 35 s: standard, so A.5 cannot apply.
    assert!(matches!(Arbiter::new(settings), Err(ArbiterError::UnsupervisedStandard(Category::Standard))));
}

#[test]
fn rulings_cite_the_article_of_their_edition() {
    let pending = Ruling::IllegalMovePending { player: Color::White };
    assert_eq!(pending.article(Laws::Fide2018), "A.4.2");
    assert_eq!(pending.article(Laws::Fide2023), "A.5.2");
    assert_eq!(Ruling::ClaimRefused.article(Laws::Fide2023), "9.4");
    assert_eq!(Ruling::MoveRefused { uci: "e2e4".into(), rule: TouchRule::Castle }.article(Laws::Fide2023), "4.4.1");
}
