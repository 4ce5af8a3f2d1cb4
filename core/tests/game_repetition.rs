//! FIDE 9.2.3 (9.2.2 in 2018): what "the same position" is, and the repetitions that follow
//! from it: threefold claims (9.2.1, 9.2.2) and fivefold repetition (9.6.1).
//!
//! Each family plays the same shuffle of knights (or kings, or bishops) after a position whose
//! identity is in question and counts when the third occurrence arrives: if the first
//! occurrence counts, one shuffle fewer is needed.

use arbiter_core::{DrawClaim, Game, Laws, Termination};

fn game(fen: &str) -> Game {
    Game::from_fen(fen, Laws::Fide2023).expect("test FEN is valid")
}

fn play(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        game.play_uci(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

const KNIGHTS_WHITE_FIRST: &str = "g1f3 g8f6 f3g1 f6g8";

#[test]
fn threefold_9_2_2_start_position_counts_as_first_occurrence() {
    let mut g = Game::startpos(Laws::Fide2023);
    assert_eq!(g.repetitions(), 1);
    play(&mut g, KNIGHTS_WHITE_FIRST);
    assert_eq!(g.repetitions(), 2);
    assert!(!g.can_claim_threefold());
    play(&mut g, KNIGHTS_WHITE_FIRST);
    // The initial position has now appeared three times: the start and after each shuffle.
    assert_eq!(g.repetitions(), 3);
    assert!(g.can_claim_threefold());
    assert!(g.outcome().is_none(), "a threefold repetition does not end the game without a claim");
}

#[test]
fn threefold_9_2_1_claim_with_intended_move_before_the_third_occurrence() {
    let mut g = Game::startpos(Laws::Fide2023);
    play(&mut g, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    // Black writes f6g8, which brings the initial position about for the third time.
    let intended = g.position().parse_uci("f6g8").expect("legal");
    assert!(!g.claim_is_correct(DrawClaim::Threefold, None).expect("ongoing"));
    assert!(g.claim_is_correct(DrawClaim::Threefold, Some(intended)).expect("ongoing"));
    // Another move does not repeat anything.
    let other = g.position().parse_uci("b8c6").expect("legal");
    assert!(!g.claim_is_correct(DrawClaim::Threefold, Some(other)).expect("ongoing"));
}

#[test]
fn same_position_9_2_3_occurrences_need_not_be_consecutive() {
    // Two different shuffles, each returning to the initial position; the positions in
    // between differ, so the repetitions are not a repetition of moves.
    let mut g = Game::startpos(Laws::Fide2023);
    play(&mut g, "g1f3 g8f6 f3g1 f6g8");
    play(&mut g, "b1c3 b8c6 c3b1 c6b8");
    assert_eq!(g.repetitions(), 3);
    assert!(g.can_claim_threefold());
}

#[test]
fn fivefold_9_6_1_non_consecutive_ends_the_game() {
    let mut g = Game::startpos(Laws::Fide2023);
    play(&mut g, "g1f3 g8f6 f3g1 f6g8"); // 2nd
    play(&mut g, "b1c3 b8c6 c3b1 c6b8"); // 3rd
    play(&mut g, "g1h3 g8h6 h3g1 h6g8"); // 4th
    play(&mut g, "b1a3 b8a6 a3b1");
    assert!(g.outcome().is_none(), "four occurrences do not end the game");
    let outcome = g.play_uci("a6b8").expect("legal").expect("the fifth occurrence ends the game");
    assert_eq!(outcome.termination(), Termination::FivefoldRepetition);
    assert_eq!(outcome.result().as_str(), "1/2-1/2");
    assert!(g.play_uci("g1f3").is_err(), "no move after the end");
}

#[test]
fn same_position_9_2_3_1_legal_en_passant_makes_the_first_position_different() {
    // Black plays d7-d5 next to the pawn on e5; exd6 e.p. is legal, so the position after the
    // double step differs from the same placement later (FIDE 9.2.3.1).
    let mut g = game("r5nk/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1");
    play(&mut g, "d7d5");
    play(&mut g, KNIGHTS_WHITE_FIRST);
    play(&mut g, KNIGHTS_WHITE_FIRST);
    assert_eq!(g.repetitions(), 2);
    assert!(!g.can_claim_threefold());
    play(&mut g, KNIGHTS_WHITE_FIRST);
    assert!(g.can_claim_threefold());
}

#[test]
fn same_position_9_2_3_1_pinned_pawn_en_passant_does_not_count() {
    // The e5 pawn is pinned to its king on e1 by the rook on e8: exd6 e.p. would expose the
    // king, so it is not a possible move and the position after d7-d5 is the same as later.
    double_step_then_knights_repeat_three_times("4r1nk/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1");
}

#[test]
fn same_position_9_2_3_1_horizontal_pin_en_passant_does_not_count() {
    // King a5, pawns d5 and e5, black rook h5: exd6 e.p. takes both pawns off the fifth rank
    // and exposes the king to the rook, so it is illegal (FIDE 3.9.2) and does not count.
    double_step_then_knights_repeat_three_times("4k1n1/3p4/8/K3P2r/8/8/8/6N1 b - - 0 1");
}

/// FIDE 9.2.3.1: after d7-d5 no en passant capture is legal, so the position after the double
/// step is the same as after two rounds of knight moves: it appears a third time.
fn double_step_then_knights_repeat_three_times(fen: &str) {
    let mut g = game(fen);
    play(&mut g, "d7d5");
    assert_eq!(g.position().ep_square(), None);
    play(&mut g, KNIGHTS_WHITE_FIRST);
    play(&mut g, KNIGHTS_WHITE_FIRST);
    assert_eq!(g.repetitions(), 3);
    assert!(g.can_claim_threefold());
}

#[test]
fn same_position_9_2_3_1_en_passant_that_leaves_the_king_in_check_does_not_count() {
    // d7-d5 uncovers a check from the bishop on c8 to the king on h3. exd6 e.p. does not
    // answer it (d6 is off the c8-h3 diagonal), so it is not a possible move, and the position
    // is the same when the bishop later returns to c8 with check.
    let mut g = game("2b4k/3p4/8/4P3/8/7K/8/8 b - - 0 1");
    play(&mut g, "d7d5");
    assert!(g.position().is_check());
    assert_eq!(g.position().ep_square(), None);
    let shuffle = "h3h2 c8b7 h2h3 b7c8";
    play(&mut g, shuffle);
    assert_eq!(g.repetitions(), 2);
    play(&mut g, shuffle);
    assert_eq!(g.repetitions(), 3);
    assert!(g.can_claim_threefold());
}

#[test]
fn same_position_9_2_3_2_castling_rights_lost_by_king_move_between_occurrences() {
    let mut g = Game::startpos(Laws::Fide2023);
    play(&mut g, "e2e4 e7e5");
    // Both kings walk out and back: the placement is the same, but all castling rights are lost.
    play(&mut g, "e1e2 e8e7 e2e1 e7e8");
    assert_eq!(g.repetitions(), 1);
    play(&mut g, KNIGHTS_WHITE_FIRST);
    assert_eq!(g.repetitions(), 2);
    assert!(!g.can_claim_threefold());
    play(&mut g, KNIGHTS_WHITE_FIRST);
    assert!(g.can_claim_threefold());
}

#[test]
fn same_position_9_2_3_2_castling_right_lost_by_rook_move_between_occurrences() {
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let rooks = "h1g1 h8g8 g1h1 g8h8";
    play(&mut g, rooks);
    // Same placement as the start, but only the queen-side rights are left.
    assert_eq!(g.repetitions(), 1);
    assert!(g.position().castling_rights() != g.start().castling_rights());
    play(&mut g, rooks);
    assert_eq!(g.repetitions(), 2);
    play(&mut g, rooks);
    assert_eq!(g.repetitions(), 3);
}

#[test]
fn same_position_9_2_3_side_to_move_matters() {
    // The same placement with the other side to move is another position: after a king
    // triangle White has "lost a tempo".
    let mut g = game("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    play(&mut g, "e1d1 e8d8 d1d2 d8e8 d2e1");
    // Placement as at the start, but Black to move.
    assert_eq!(g.repetitions(), 1);
}

#[test]
fn threefold_9_2_2_numbering_differs_between_editions() {
    assert_eq!(Termination::ThreefoldRepetition.article(Laws::Fide2023), "9.2.2");
    assert_eq!(Termination::ThreefoldRepetition.article(Laws::Fide2018), "9.2.1.2");
}
