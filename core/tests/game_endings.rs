//! How a game ends (FIDE 5, 6.9, 7.5.5, 9.3, 9.5, 9.6.2, 10.1), written from the Laws text.
//! Every expected value below follows from the article named in the test.

use arbiter_core::types::{DeadMode, RuleModel};
use arbiter_core::{
    forfeit_outcome, ClaimVerdict, Color, DrawClaim, Forfeit, Game, GameError, GameResult, Laws, Outcome, Points,
    Position, Termination,
};

fn game(fen: &str) -> Game {
    Game::from_fen(fen, Laws::Fide2023).expect("test FEN is valid")
}

fn uci(game: &Game, m: &str) -> arbiter_core::Move {
    game.position().parse_uci(m).unwrap_or_else(|e| panic!("{m}: {e}"))
}

// --- 5.1.1, 5.2.1, 5.2.2: the position itself ends the game ---------------------------------

#[test]
fn checkmate_5_1_1_fools_mate_is_0_1() {
    let mut g = Game::startpos(Laws::Fide2023);
    for m in ["f2f3", "e7e5", "g2g4"] {
        assert_eq!(g.play_uci(m).expect("legal"), None);
    }
    let outcome = g.play_uci("d8h4").expect("legal").expect("mate ends the game");
    assert_eq!(outcome.termination(), Termination::Checkmate);
    assert_eq!(outcome.result(), GameResult::BlackWins);
    assert_eq!(outcome.result().as_str(), "0-1");
    assert_eq!(outcome.points(Color::Black), Points::WIN);
    assert_eq!(outcome.points(Color::White), Points::LOSS);
}

#[test]
fn stalemate_5_2_1_ends_the_game_as_a_draw() {
    // Qe7-f7: the king on h8 is not in check and g8, g7, h7 are all attacked.
    let mut g = game("7k/4Q3/6K1/8/8/8/8/8 w - - 0 1");
    let outcome = g.play_uci("e7f7").expect("legal").expect("stalemate ends the game");
    assert_eq!(outcome, Outcome::draw(Termination::Stalemate));
    assert_eq!(outcome.points(Color::White), Points::DRAW);
}

#[test]
fn dead_position_5_2_2_capture_leaving_king_and_bishop_against_king() {
    let mut g = game("4k3/8/8/8/8/8/3p4/3KB3 w - - 0 1");
    let outcome = g.play_uci("e1d2").expect("legal").expect("K+B v K is dead");
    assert_eq!(outcome.termination(), Termination::DeadPosition);
    assert_eq!(outcome.result(), GameResult::Draw);
}

#[test]
fn dead_position_5_2_2_kings_and_bishops_on_one_colour() {
    // Black's d6 bishop and White's e3 bishop both stand on dark squares; a move keeps it so.
    let g = game("8/8/3bk3/8/8/3KB3/8/8 w - - 0 1");
    assert_eq!(g.outcome(), Some(Outcome::draw(Termination::DeadPosition)));
    // Bishops on both colours: mate is possible with help, the game goes on.
    let g = game("8/8/2b1k3/8/8/3KB3/8/8 w - - 0 1");
    assert_eq!(g.outcome(), None);
}

#[test]
fn dead_position_5_2_2_two_knights_are_not_dead() {
    let g = game("8/8/4k3/8/8/3KNN2/8/8 w - - 0 1");
    assert_eq!(g.outcome(), None);
}

// --- 9.6.2 and its precedence ------------------------------------------------------------------

#[test]
fn seventy_five_moves_9_6_2_at_the_150th_halfmove() {
    let mut g = game("k7/8/1K6/8/8/8/8/7R w - - 148 100");
    assert_eq!(g.play_uci("h1h2").expect("legal"), None, "149 half-moves are not 75 moves each");
    let outcome = g.play_uci("a8b8").expect("legal").expect("150 half-moves end the game");
    assert_eq!(outcome, Outcome::draw(Termination::SeventyFiveMoves));
}

#[test]
fn seventy_five_moves_9_6_2_mate_on_the_150th_halfmove_takes_precedence() {
    // Rh1-h8 is mate (a8: a7 and b7 are the white king's, b8 and h8's rank the rook's) and
    // completes 75 moves by each player: "If the last move resulted in checkmate, that shall
    // take precedence."
    let mut g = game("k7/8/1K6/8/8/8/8/7R w - - 149 100");
    let outcome = g.play_uci("h1h8").expect("legal").expect("game over");
    assert_eq!(outcome, Outcome::win(Color::White, Termination::Checkmate));
    assert_eq!(g.position().halfmoves(), 150);
}

#[test]
fn seventy_five_moves_9_6_2_stalemate_on_the_150th_halfmove_is_reported_as_stalemate() {
    // 5.2.1: the stalemate ends the game on the move that produces it.
    let mut g = game("7k/4Q3/6K1/8/8/8/8/8 w - - 149 100");
    let outcome = g.play_uci("e7f7").expect("legal").expect("game over");
    assert_eq!(outcome, Outcome::draw(Termination::Stalemate));
}

#[test]
fn seventy_five_moves_9_6_2_clock_from_the_starting_fen() {
    // 75 moves each without pawn move or capture are already behind this position.
    let mut g = game("k7/8/1K6/8/8/8/8/7R w - - 150 100");
    assert_eq!(g.outcome(), Some(Outcome::draw(Termination::SeventyFiveMoves)));
    let before = g.positions().len();
    assert!(matches!(g.play_uci("h1h8"), Err(GameError::GameOver { .. })));
    assert_eq!(g.positions().len(), before);
}

// --- errors change nothing ---------------------------------------------------------------------

#[test]
fn illegal_move_3_10_2_is_an_error_that_changes_nothing() {
    let mut g = Game::startpos(Laws::Fide2023);
    g.play_uci("e2e4").expect("legal");
    let fen = g.position().fen();
    assert!(g.play_uci("e2e4").is_err(), "no white pawn left on e2, and it is Black's move");
    assert!(g.play_uci("e1e2").is_err());
    assert!(g.play_uci("zz").is_err());
    let illegal = arbiter_core::Move::normal(arbiter_core::Square::E8, arbiter_core::Square::E6);
    assert!(matches!(g.play(illegal), Err(GameError::IllegalMove(_))));
    assert_eq!(g.position().fen(), fen);
    assert_eq!(g.moves().len(), 1);
    assert_eq!(g.positions().len(), 2);
}

#[test]
fn checkmate_5_1_1_no_move_after_the_end() {
    let mut g = Game::startpos(Laws::Fide2023);
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        g.play_uci(m).expect("legal");
    }
    let err = g.play_uci("e1f2").unwrap_err();
    assert!(matches!(err, GameError::GameOver { .. }));
    assert!(g.resign(Color::White).is_err());
    assert!(g.flag_fall(Color::White).is_err());
    assert!(g.agree_draw().is_err());
    assert!(g.claim_draw(DrawClaim::Threefold, None).is_err());
    assert_eq!(g.outcome().map(Outcome::termination), Some(Termination::Checkmate));
}

// --- 9.3 and 9.5: claims -----------------------------------------------------------------------

#[test]
fn fifty_moves_9_3_1_claim_with_intended_move_from_clock_99() {
    let mut g = game("8/8/4k3/8/8/3K4/7P/R7 w - - 99 80");
    assert!(!g.can_claim_fifty_moves(), "99 half-moves are not 50 moves each");
    assert!(!g.claim_is_correct(DrawClaim::FiftyMoves, None).expect("ongoing"));
    let rook = uci(&g, "a1a2");
    assert!(g.claim_is_correct(DrawClaim::FiftyMoves, Some(rook)).expect("ongoing"));
    // A pawn move restarts the count: a claim on it is incorrect.
    let pawn = uci(&g, "h2h3");
    assert!(!g.claim_is_correct(DrawClaim::FiftyMoves, Some(pawn)).expect("ongoing"));
    // 9.5.2: the correct claim draws at once, and the intended move is not played.
    let verdict = g.claim_draw(DrawClaim::FiftyMoves, Some(rook)).expect("ongoing");
    assert_eq!(verdict, ClaimVerdict::Correct(Outcome::draw(Termination::FiftyMoves)));
    assert_eq!(g.outcome(), Some(Outcome::draw(Termination::FiftyMoves)));
    assert!(g.moves().is_empty());
}

#[test]
fn fifty_moves_9_5_3_incorrect_claim_plays_the_intended_move() {
    let mut g = game("8/8/4k3/8/8/3K4/7P/R7 w - - 99 80");
    let pawn = uci(&g, "h2h3");
    assert_eq!(g.claim_draw(DrawClaim::FiftyMoves, Some(pawn)).expect("ongoing"), ClaimVerdict::Incorrect);
    assert_eq!(g.moves(), &[pawn]);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position().halfmoves(), 0);
}

#[test]
fn fifty_moves_9_3_2_claim_now_at_clock_100() {
    let mut g = game("8/8/4k3/8/8/3K4/7P/R7 b - - 100 80");
    assert!(g.can_claim_fifty_moves());
    assert_eq!(g.outcome(), None, "the fifty-move rule needs a claim");
    let verdict = g.claim_draw(DrawClaim::FiftyMoves, None).expect("ongoing");
    assert_eq!(verdict, ClaimVerdict::Correct(Outcome::draw(Termination::FiftyMoves)));
}

// A locked pawn wall: dead by 5.2.2, not by material.
const WALL_AT_100: &str = "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 100 80";

#[test]
fn dead_position_5_2_2_locked_wall_ends_the_game_and_leaves_nothing_to_claim() {
    let g = game(WALL_AT_100);
    assert_eq!(g.outcome(), Some(Outcome::draw(Termination::DeadPosition)));
    assert!(!g.can_claim_fifty_moves(), "the game is over");
    let state = g.state(RuleModel::default()).expect("decided");
    assert_eq!((state.ending, state.claimable), (Some(Termination::DeadPosition), vec![]));
}

#[test]
fn material_only_the_game_goes_on_past_a_locked_wall_with_its_claims_and_9_6() {
    let start = Position::from_fen(WALL_AT_100).expect("valid");
    let mut g = Game::with_rules(start, Laws::Fide2023, DeadMode::MaterialOnly);
    assert_eq!(g.outcome(), None);
    let material_only = RuleModel { dead: DeadMode::MaterialOnly, ..RuleModel::default() };
    let state = g.state(material_only).expect("decided");
    assert_eq!(
        (state.ending, state.result, state.claimable.clone()),
        (None, GameResult::Ongoing, vec![DrawClaim::FiftyMoves])
    );
    // A game built under the full 5.2.2 reads the same under the material-only model.
    assert_eq!(game(WALL_AT_100).state(material_only), Ok(state));
    // The game goes on: moves follow, and the claim stays open.
    for m in ["e1d1", "e8d8"] {
        let m = uci(&g, m);
        assert_eq!(g.play(m).expect("the game goes on"), None);
    }
    assert!(g.can_claim_fifty_moves());
    // 9.6.2 ends it at the 150th half-move.
    let wall_at_149 = WALL_AT_100.replace(" 100 80", " 149 80");
    let mut g =
        Game::with_rules(Position::from_fen(&wall_at_149).expect("valid"), Laws::Fide2023, DeadMode::MaterialOnly);
    let m = uci(&g, "e1d1");
    assert_eq!(g.play(m).expect("legal"), Some(Outcome::draw(Termination::SeventyFiveMoves)));
}

#[test]
fn fifty_moves_9_3_1_intended_move_that_mates_still_draws() {
    // Decision (see Game::claim_is_correct): the intended move is written, not made, and a
    // correct claim draws at once (9.5.2); the mate of 5.1.1 needs the move to be made.
    let mut g = game("k7/8/1K6/8/8/8/8/7R w - - 99 80");
    let mate = uci(&g, "h1h8");
    let verdict = g.claim_draw(DrawClaim::FiftyMoves, Some(mate)).expect("ongoing");
    assert_eq!(verdict, ClaimVerdict::Correct(Outcome::draw(Termination::FiftyMoves)));
    // Played instead of claimed, the same move mates: 50 moves do not end a game by themselves.
    let mut g = game("k7/8/1K6/8/8/8/8/7R w - - 99 80");
    let outcome = g.play(mate).expect("legal");
    assert_eq!(outcome, Some(Outcome::win(Color::White, Termination::Checkmate)));
}

#[test]
fn fifty_moves_9_3_1_intended_move_that_stalemates_still_draws_by_claim() {
    let mut g = game("7k/4Q3/6K1/8/8/8/8/8 w - - 99 80");
    let stalemate = uci(&g, "e7f7");
    let verdict = g.claim_draw(DrawClaim::FiftyMoves, Some(stalemate)).expect("ongoing");
    assert_eq!(verdict, ClaimVerdict::Correct(Outcome::draw(Termination::FiftyMoves)));
}

#[test]
fn threefold_9_5_2_correct_claim_draws_and_9_5_3_incorrect_claim_goes_on() {
    let mut g = Game::startpos(Laws::Fide2023);
    for m in "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6".split_whitespace() {
        g.play_uci(m).expect("legal");
    }
    // White's f3g1 would bring about only the second occurrence of that position.
    let back = uci(&g, "f3g1");
    assert_eq!(g.claim_draw(DrawClaim::Threefold, Some(back)).expect("ongoing"), ClaimVerdict::Incorrect);
    assert_eq!(g.moves().len(), 7, "9.5.3: the intended move is played");
    let back = uci(&g, "f6g8");
    let verdict = g.claim_draw(DrawClaim::Threefold, Some(back)).expect("ongoing");
    assert_eq!(verdict, ClaimVerdict::Correct(Outcome::draw(Termination::ThreefoldRepetition)));
    assert_eq!(g.moves().len(), 7, "9.5.2: a correct claim's intended move is not played");
}

#[test]
fn threefold_9_2_1_illegal_intended_move_is_an_error() {
    let mut g = Game::startpos(Laws::Fide2023);
    let illegal = arbiter_core::Move::normal(arbiter_core::Square::E2, arbiter_core::Square::E5);
    assert!(matches!(g.claim_draw(DrawClaim::Threefold, Some(illegal)), Err(GameError::IllegalMove(_))));
    assert!(g.moves().is_empty());
    assert_eq!(g.outcome(), None);
}

// --- 5.2.3: agreement --------------------------------------------------------------------------

#[test]
fn agreement_5_2_3_needs_a_move_by_each_player() {
    let mut g = Game::startpos(Laws::Fide2023);
    assert!(matches!(g.agree_draw(), Err(GameError::AgreementTooEarly { moves: 0 })));
    g.play_uci("e2e4").expect("legal");
    assert!(matches!(g.agree_draw(), Err(GameError::AgreementTooEarly { moves: 1 })));
    g.play_uci("e7e5").expect("legal");
    assert_eq!(g.agree_draw().expect("both have moved"), Outcome::draw(Termination::Agreement));
}

// --- 6.9: flag fall ----------------------------------------------------------------------------

#[test]
fn flag_fall_6_9_against_a_bare_king_is_a_draw() {
    // White's flag falls; Black has only the king and can never mate.
    let mut g = game("4k3/8/8/8/8/8/8/3QK3 b - - 0 60");
    let outcome = g.flag_fall(Color::White).expect("ongoing");
    assert_eq!(outcome, Outcome::draw(Termination::ForfeitOpponentCannotMate(Forfeit::FlagFall)));
    // Black's flag falls instead: White's queen can mate, so Black loses.
    let mut g = game("4k3/8/8/8/8/8/8/3QK3 b - - 0 60");
    let outcome = g.flag_fall(Color::Black).expect("ongoing");
    assert_eq!(outcome, Outcome::win(Color::White, Termination::Forfeit(Forfeit::FlagFall)));
    assert_eq!(outcome.result().as_str(), "1-0");
}

#[test]
fn flag_fall_6_9_king_and_knight_against_king_and_pawn_wins() {
    // Black has K+N; White's own pawn can block its king's flight, so a helpmate exists
    // (White Kh1, Ph2; Black Kf1, Nf2 is mate): White's flag fall loses.
    let mut g = game("8/8/4k3/8/8/5n2/7P/7K w - - 0 60");
    let outcome = g.flag_fall(Color::White).expect("ongoing");
    assert_eq!(outcome, Outcome::win(Color::Black, Termination::Forfeit(Forfeit::FlagFall)));
}

#[test]
fn flag_fall_6_9_king_and_knight_against_king_and_queen_is_a_draw() {
    // Black's K+N cannot mate a king whose only other man is a queen: White's flag fall draws.
    let mut g = game("8/8/4k3/8/8/5n2/7Q/7K w - - 0 60");
    let outcome = g.flag_fall(Color::White).expect("ongoing");
    assert_eq!(outcome, Outcome::draw(Termination::ForfeitOpponentCannotMate(Forfeit::FlagFall)));
    // The queen's side can mate: Black's flag fall loses.
    let mut g = game("8/8/4k3/8/8/5n2/7Q/7K w - - 0 60");
    let outcome = g.flag_fall(Color::Black).expect("ongoing");
    assert_eq!(outcome, Outcome::win(Color::White, Termination::Forfeit(Forfeit::FlagFall)));
}

// --- 5.1.2: resignation, 2018 against 2023 -------------------------------------------------------

#[test]
fn resignation_5_1_2_against_a_side_that_cannot_mate_differs_by_edition() {
    let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 60";
    // 2023: "unless the position is such that the opponent cannot checkmate ... a draw".
    let mut g = Game::from_fen(fen, Laws::Fide2023).expect("valid");
    let outcome = g.resign(Color::White).expect("ongoing");
    assert_eq!(outcome, Outcome::draw(Termination::ForfeitOpponentCannotMate(Forfeit::Resignation)));
    // 2018: a resignation always loses.
    let mut g = Game::from_fen(fen, Laws::Fide2018).expect("valid");
    let outcome = g.resign(Color::White).expect("ongoing");
    assert_eq!(outcome, Outcome::win(Color::Black, Termination::Forfeit(Forfeit::Resignation)));
}

#[test]
fn resignation_5_1_2_against_a_side_that_can_mate_loses_in_both_editions() {
    for laws in Laws::ALL {
        let mut g = Game::startpos(laws);
        let outcome = g.resign(Color::Black).expect("ongoing");
        assert_eq!(outcome, Outcome::win(Color::White, Termination::Forfeit(Forfeit::Resignation)), "{laws}");
        assert_eq!(outcome.termination().article(laws), "5.1.2");
    }
}

// --- 7.5.5 and A.5.3: the same question, exposed for the arbiter -----------------------------------

#[test]
fn illegal_moves_7_5_5_second_illegal_move_loses_unless_opponent_cannot_mate() {
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 60").expect("valid");
    for laws in Laws::ALL {
        assert_eq!(
            forfeit_outcome(laws, &pos, Color::White, Forfeit::IllegalMoves),
            Outcome::draw(Termination::ForfeitOpponentCannotMate(Forfeit::IllegalMoves))
        );
        assert_eq!(
            forfeit_outcome(laws, &pos, Color::Black, Forfeit::IllegalMoves),
            Outcome::win(Color::White, Termination::Forfeit(Forfeit::IllegalMoves))
        );
    }
}

#[test]
fn rapid_win_on_time_a_5_3_numbering_and_decision() {
    assert_eq!(Laws::Fide2023.article(arbiter_core::Article::RapidWinOnTime), "A.5.3");
    assert_eq!(Laws::Fide2018.article(arbiter_core::Article::RapidWinOnTime), "A.4.3");
    // The claimant (White, bare king) cannot mate: the claimed win on time is a draw.
    let pos = Position::from_fen("3qk3/8/8/8/8/8/8/4K3 b - - 0 60").expect("valid");
    assert_eq!(forfeit_outcome(Laws::Fide2023, &pos, Color::Black, Forfeit::FlagFall).result(), GameResult::Draw);
}

// --- 10.1: points ------------------------------------------------------------------------------

#[test]
fn scoring_10_1_points_in_half_units() {
    let halves = |r: GameResult, c: Color| r.points(c).map(|p| p.halves());
    let text = |r: GameResult, c: Color| r.points(c).map(|p| p.to_string());
    assert_eq!(halves(GameResult::WhiteWins, Color::White), Some(2));
    assert_eq!(halves(GameResult::WhiteWins, Color::Black), Some(0));
    assert_eq!(halves(GameResult::Draw, Color::White), Some(1));
    assert_eq!(text(GameResult::Draw, Color::Black).as_deref(), Some("1/2"));
    assert_eq!(text(GameResult::BlackWins, Color::Black).as_deref(), Some("1"));
    // 10.2: the two scores of a game add up to one point; a game going on scores nothing yet.
    for r in [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw] {
        assert_eq!(halves(r, Color::White).zip(halves(r, Color::Black)).map(|(w, b)| w + b), Some(2), "{r}");
    }
    assert_eq!(halves(GameResult::Ongoing, Color::White), None);
}

// --- editions: numbering (fide-clauses.yaml maps the 2018 ids to the 2023 ones) ------------------

#[test]
fn threefold_9_2_numbering_2018_and_2023() {
    use arbiter_core::Article;
    let pairs = [
        (Article::ThreefoldIntended, "9.2.1.1", "9.2.1"),
        (Article::ThreefoldNow, "9.2.1.2", "9.2.2"),
        (Article::SamePosition, "9.2.2", "9.2.3"),
        (Article::RapidWinOnTime, "A.4.3", "A.5.3"),
        (Article::Fivefold, "9.6.1", "9.6.1"),
        (Article::SeventyFiveMoves, "9.6.2", "9.6.2"),
        (Article::Resignation, "5.1.2", "5.1.2"),
    ];
    for (article, in_2018, in_2023) in pairs {
        assert_eq!(Laws::Fide2018.article(article), in_2018, "{article:?}");
        assert_eq!(Laws::Fide2023.article(article), in_2023, "{article:?}");
    }
    assert_eq!(Laws::default(), Laws::Fide2023);
    assert_eq!(Termination::ForfeitOpponentCannotMate(Forfeit::FlagFall).article(Laws::Fide2023), "6.9");
}
