//! Property test: random games with random clocks, offers, claims, touches, illegal moves and
//! flags, replayed through the arbiter. Invariants (FIDE 5, 6.9, 10.1, 10.2):
//! - the game ends exactly once: one `Ended` ruling when it is over, none while it goes on,
//!   and every event after the end is refused;
//! - the points of an ended game sum to one point (two halves);
//! - no clock is below zero without its flag down;
//! - a dead position always ends the game as a draw.

use arbiter_core::arbiter::{
    allowed_moves, Arbiter, ArbiterError, Category, Event, Period, Ruling, Settings, Status, Supervision, TimeControl,
};
use arbiter_core::material::is_dead_position;
use arbiter_core::{Color, DrawClaim, GameResult, Laws, SplitMix64, Square};
use proptest::prelude::*;

fn time_control(rng: &mut SplitMix64) -> TimeControl {
    let base = 1_000 * (1 + rng.below(3_600));
    let increment = [0, 1_000, 2_000, 30_000][rng.below(4) as usize];
    if rng.below(3) == 0 {
        TimeControl {
            periods: vec![
                Period { moves: Some(1 + rng.below(20) as u32), base_ms: base },
                Period { moves: None, base_ms: base / 2 + 1 },
            ],
            increment_ms: increment,
            delay: None,
        }
    } else {
        TimeControl::sudden_death(base, increment)
    }
}

fn random_event(rng: &mut SplitMix64, a: &Arbiter, at_ms: u64) -> Event {
    let player = if rng.below(2) == 0 { Color::White } else { Color::Black };
    let pos = a.game().position();
    match rng.below(1000) {
        0..=949 => {
            let allowed = a.allowed_moves().allowed;
            let m = allowed[rng.below(allowed.len() as u64) as usize];
            Event::Move { at_ms, uci: pos.uci(m), position_after: None }
        }
        950..=951 => {
            let from = Square::from_index(rng.below(64) as u8).expect("index below 64");
            let to = Square::from_index(rng.below(64) as u8).expect("index below 64");
            Event::Move { at_ms, uci: format!("{from}{to}"), position_after: None }
        }
        952 => Event::PressWithoutMove { at_ms },
        953..=955 => Event::ClaimIllegalMove { at_ms },
        956..=965 => Event::DrawOffer { at_ms, player },
        966..=970 => Event::DrawAccept { at_ms, player },
        971..=972 => Event::DrawDecline { at_ms, player },
        973..=980 => {
            let claim = if rng.below(2) == 0 { DrawClaim::Threefold } else { DrawClaim::FiftyMoves };
            Event::Claim { at_ms, claim, intended: None }
        }
        981..=990 => {
            let own: Vec<Square> = pos.by_color(pos.turn()).into_iter().collect();
            let sq = own[rng.below(own.len() as u64) as usize];
            Event::Touch { at_ms, square: sq.to_string() }
        }
        991..=995 => Event::Flag { at_ms, player },
        996 => Event::BothFlagsFallen { at_ms },
        997 => Event::Resign { at_ms, player },
        _ => Event::ColoursReversed { at_ms },
    }
}

/// What a refused event must leave unchanged.
fn snapshot(a: &Arbiter) -> (String, Status, i64, i64, Option<Color>, u32, u32) {
    (
        a.game().position().fen(),
        a.status(),
        a.remaining_ms(Color::White),
        a.remaining_ms(Color::Black),
        a.draw_offer(),
        a.illegal_moves(Color::White),
        a.illegal_moves(Color::Black),
    )
}

fn check_clocks(a: &Arbiter, at_ms: u64) {
    for color in Color::ALL {
        if a.clock().remaining_at(color, at_ms) < 0 {
            assert!(a.clock().flag_fallen(color, at_ms), "{color} below zero with the flag up");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn arbiter_random_games_end_exactly_once_points_sum_to_one(seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        let laws = if rng.below(2) == 0 { Laws::Fide2018 } else { Laws::Fide2023 };
        let control = time_control(&mut rng);
        let mut settings = Settings::new(laws, control.clone());
        if Category::of(&control) != Category::Standard && rng.below(2) == 0 {
            settings.supervision = Supervision::Unsupervised;
        }
        let mut arbiter = Arbiter::new(settings).expect("valid settings");
        let mut at_ms = 0;
        let mut endings = 0;
        for _ in 0..1000 {
            if arbiter.status() != Status::Ongoing {
                break;
            }
            at_ms += rng.below(4_000);
            let event = random_event(&mut rng, &arbiter, at_ms);
            let before = snapshot(&arbiter);
            match arbiter.apply(&event) {
                Ok(rulings) => endings += rulings.iter().filter(|r| matches!(r, Ruling::Ended(_))).count(),
                // Refused events (an acceptance with no offer, an early agreement, both flags
                // claimed when they are not both down...) change nothing.
                Err(_) => prop_assert_eq!(snapshot(&arbiter), before),
            }
            check_clocks(&arbiter, at_ms);
            if is_dead_position(arbiter.game().position()) {
                match arbiter.status() {
                    Status::Ended(outcome) => prop_assert_eq!(outcome.result(), GameResult::Draw),
                    Status::Annulled => {}
                    Status::Ongoing => prop_assert!(false, "a dead position did not end the game"),
                }
            }
        }
        match arbiter.status() {
            Status::Ended(outcome) => {
                prop_assert_eq!(endings, 1);
                let total = outcome.points(Color::White).halves() + outcome.points(Color::Black).halves();
                prop_assert_eq!(total, 2);
                let after = arbiter.apply(&Event::Resign { at_ms: at_ms + 1, player: Color::White });
                prop_assert!(matches!(after, Err(ArbiterError::Finished(..))));
            }
            Status::Annulled => {
                prop_assert_eq!(endings, 0);
                prop_assert_eq!(arbiter.points(Color::White), None);
            }
            Status::Ongoing => prop_assert_eq!(endings, 0),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// FIDE 4.3-4.5: whatever was touched, the allowed moves are legal, and there is at least
    /// one whenever the player has a legal move (4.5: none of the touched pieces can move,
    /// then any legal move).
    #[test]
    fn touch_4_5_allowed_moves_legal_and_never_empty(seed in any::<u64>(), plies in 0usize..60, touches in 0usize..5) {
        let mut rng = SplitMix64::new(seed);
        let mut pos = arbiter_core::Position::startpos();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves.as_slice()[rng.below(moves.len() as u64) as usize];
            pos = pos.play(m).expect("generated move is legal");
        }
        let occupied: Vec<Square> = pos.occupied().into_iter().collect();
        let touched: Vec<Square> = (0..touches).map(|_| occupied[rng.below(occupied.len() as u64) as usize]).collect();
        let verdict = allowed_moves(&pos, &touched);
        let legal = pos.legal_moves();
        prop_assert!(verdict.allowed.iter().all(|m| legal.contains(*m)));
        prop_assert_eq!(verdict.allowed.is_empty(), legal.is_empty());
    }
}
