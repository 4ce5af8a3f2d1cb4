//! FIDE Article 3 (the moves of the pieces), 3.10.3 (illegal positions) and FEN, each test
//! written from the Laws with the article in its name. Expected values are worked out by hand
//! from the rule, never taken from running the core.

use arbiter_core::{fen, CastlingMode, CastlingNotation, FenError, IllegalPosition, Position, Square, Validation};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A position of Chess960 (Guidelines II).
fn pos960(fen: &str) -> Position {
    Position::from_fen_in(fen, CastlingMode::Chess960).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(fen: &str, uci: &str) -> bool {
    let p = pos(fen);
    p.legal_moves().iter().any(|m| p.uci(*m) == uci)
}

fn moves_from(fen: &str, from: Square) -> Vec<String> {
    let p = pos(fen);
    let mut v: Vec<String> = p.legal_moves_from(from).iter().map(|m| p.uci(*m)).collect();
    v.sort();
    v
}

#[test]
fn castling_3_8_2_2_attacked_b1_does_not_prevent_queenside() {
    // The rook on b8 attacks b1, which only the rook crosses.
    assert!(legal("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"));
}

#[test]
fn castling_3_8_2_2_king_may_not_cross_an_attacked_square() {
    assert!(!legal("3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"), "d1 attacked");
    assert!(!legal("4kr2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "f1 attacked");
}

#[test]
fn castling_3_8_2_2_king_may_not_land_on_an_attacked_square() {
    assert!(!legal("2r1k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"));
    assert!(!legal("4k1r1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"));
}

#[test]
fn castling_3_8_2_2_not_out_of_check() {
    assert!(!legal("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
    assert!(!legal("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"));
}

#[test]
fn castling_3_8_2_2_not_with_a_piece_between() {
    assert!(!legal("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1", "e1c1"), "knight on b1");
    assert!(!legal("4k3/8/8/8/8/8/8/4K1NR w K - 0 1", "e1g1"), "knight on g1");
    assert!(legal("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
    assert!(legal("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"));
}

#[test]
fn castling_3_8_2_moves_king_two_squares_and_rook_over_it() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").play_uci("e8c8").unwrap();
    assert_eq!(p.fen(), "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2");
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").play_uci("e1g1").unwrap();
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
}

#[test]
fn castling_3_8_2_1_right_lost_for_good_when_the_king_returns() {
    let mut p = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    for m in ["e1e2", "e8e7", "e2e1", "e7e8"] {
        p = p.play_uci(m).unwrap();
    }
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/R3K2R w - - 4 3");
    assert!(!p.legal_moves().iter().any(|m| m.is_castle()));
}

#[test]
fn castling_3_8_2_1_right_lost_when_that_rook_moves_and_returns() {
    let mut p = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    for m in ["h1h2", "e8e7", "h2h1", "e7e8"] {
        p = p.play_uci(m).unwrap();
    }
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/R3K2R w Q - 4 3");
    assert!(legal(&p.fen(), "e1c1"));
    assert!(!legal(&p.fen(), "e1g1"));
}

#[test]
fn castling_3_8_2_1_right_lost_when_the_rook_is_captured_at_home() {
    let p = pos("4k3/8/8/8/8/8/6b1/R3K2R b KQ - 0 1").play_uci("g2h1").unwrap();
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/R3K2b w Q - 0 2");
}

#[test]
fn en_passant_3_7_3_1_captures_as_if_one_step() {
    let p = pos("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").play_uci("e2e4").unwrap();
    assert_eq!(p.ep_square(), Some(Square::E3));
    let after = p.play_uci("d4e3").unwrap();
    assert_eq!(after.fen(), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
}

#[test]
fn en_passant_3_7_3_2_only_on_the_very_next_move() {
    let mut p = pos("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    for m in ["e2e4", "e8e7", "e1e2"] {
        p = p.play_uci(m).unwrap();
    }
    assert!(!p.legal_moves().iter().any(|m| m.is_en_passant()));
    assert!(p.play_uci("d4e3").is_err());
}

#[test]
fn en_passant_3_9_2_not_when_it_exposes_the_king_along_the_rank() {
    // Black has just played d7-d5: exd6 would take both pawns off the fifth rank.
    let p = pos("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    assert!(!legal("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "e5d6"));
    assert_eq!(p.ep_square(), None, "9.2.3.1: an en passant square with no legal capture is not kept");
    assert_eq!(p.fen(), "8/8/8/K2pP2r/8/8/8/7k w - - 0 1");
}

#[test]
fn en_passant_3_9_2_may_remove_the_checking_pawn() {
    // White has just played d2-d4 with check; exd3 e.p. removes the checker.
    assert!(legal("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", "e4d3"));
}

#[test]
fn en_passant_3_9_2_not_when_it_leaves_another_check() {
    // d2-d4 uncovered the bishop c1's check on h6; capturing on d3 does not block it.
    let p = pos("8/8/7k/8/3Pp3/8/8/K1B5 b - d3 0 1");
    assert!(p.is_check());
    assert!(!p.legal_moves().iter().any(|m| m.is_en_passant()));
}

#[test]
fn en_passant_3_9_2_pinned_capturer_only_along_the_pin() {
    // The e5 pawn is pinned on the diagonal a1-h8 by the bishop on h8... only a capture along it.
    let fen = "7b/8/8/3pP3/8/8/8/K6k w - d6 0 1";
    // e5xd6 leaves the a1-h8 diagonal: illegal.
    assert!(!legal(fen, "e5d6"));
}

#[test]
fn promotion_3_7_3_3_to_each_of_four_pieces_and_nothing_else() {
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    assert_eq!(
        moves_from(fen, Square::E7),
        vec!["e7e8b".to_owned(), "e7e8n".to_owned(), "e7e8q".to_owned(), "e7e8r".to_owned()]
    );
    assert!(pos(fen).parse_uci("e7e8").is_err(), "a pawn may not stay a pawn on the last rank");
    assert!(pos(fen).parse_uci("e7e8k").is_err());
}

#[test]
fn promotion_3_7_3_5_the_new_piece_acts_at_once() {
    // e8=N gives check to the king on d6 at once (and e8=Q does too, along the diagonal).
    let p = pos("8/4P3/3k4/8/8/8/8/4K3 w - - 0 1");
    assert!(p.play_uci("e7e8n").unwrap().is_check());
    assert!(!p.play_uci("e7e8r").unwrap().is_check());
}

#[test]
fn pinned_piece_3_1_3_still_attacks() {
    // The white rook on d2 is pinned by the bishop on b4 but still guards d8 and d7.
    assert_eq!(
        moves_from("4k3/8/8/8/1b6/8/3R4/4K3 b - - 0 1", Square::E8),
        vec!["e8e7".to_owned(), "e8f7".to_owned(), "e8f8".to_owned()]
    );
}

#[test]
fn pinned_piece_3_9_2_moves_only_along_the_pin() {
    // The rook on e4 is pinned by the rook on e8 against the king on e1: it may move on the e-file only.
    let moves = moves_from("4r1k1/8/8/8/4R3/8/8/4K3 w - - 0 1", Square::E4);
    assert_eq!(moves, vec!["e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8"]);
}

#[test]
fn double_check_3_9_2_only_the_king_moves() {
    let p = pos("4k3/8/3N4/8/8/8/8/4R2K b - - 0 1");
    assert_eq!(p.checkers().count(), 2);
    assert!(p.legal_moves().iter().all(|m| m.from() == Square::E8));
    // e7 is on the rook's file and f7 is guarded by the knight: d8, d7 and f8 remain.
    assert_eq!(p.legal_moves().len(), 3);
}

#[test]
fn pawn_3_7_2_double_step_needs_both_squares_empty() {
    assert!(!legal("4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1", "e2e4"));
    assert!(legal("4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1", "e2e3"));
    assert!(!legal("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "e2e3"));
    assert!(!legal("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "e2e4"));
}

fn illegal(fen: &str) -> IllegalPosition {
    match Position::from_fen(fen) {
        Err(FenError::Illegal(e)) => e,
        other => panic!("{fen}: expected an illegal position, got {other:?}"),
    }
}

#[test]
fn illegal_position_3_10_3_each_kind() {
    use arbiter_core::Color::*;
    assert_eq!(illegal("8/8/8/8/8/8/8/4K3 w - - 0 1"), IllegalPosition::MissingKing(Black));
    assert_eq!(illegal("4k3/8/8/8/8/8/8/K3K3 w - - 0 1"), IllegalPosition::TooManyKings(White));
    assert_eq!(illegal("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"), IllegalPosition::OppositeCheck(Black));
    assert_eq!(illegal("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"), IllegalPosition::PawnsOnBackRank);
    assert_eq!(illegal("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1"), IllegalPosition::TooManyPawns(White));
    assert_eq!(illegal("4k3/8/8/8/8/7N/PPPPPPPP/RNBQKBNR w KQ - 0 1"), IllegalPosition::TooManyPieces(White));
    assert_eq!(illegal("4k3/8/8/8/8/QQQ5/PPPPPPP1/4K3 w - - 0 1"), IllegalPosition::TooManyPromotedPieces(White));
    // Two bishops on light squares (b1, f1) and all eight pawns: one must be promoted.
    assert_eq!(illegal("4k3/8/8/8/8/8/PPPPPPPP/1B2KB2 w - - 0 1"), IllegalPosition::TooManyPromotedPieces(White));
    assert_eq!(illegal("4k3/8/8/8/8/8/8/4K3 w K - 0 1").kind(), "invalid_castling_rights");
    // A king on the h-file can never have castled-from rights (II.2: the king starts between the rooks).
    assert_eq!(illegal("r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1").kind(), "invalid_castling_rights");
    assert_eq!(illegal("4k3/8/8/8/8/8/8/4K3 b - e3 0 1"), IllegalPosition::ImpossibleEnPassant(Square::E3));
}

#[test]
fn illegal_position_3_10_3_impossible_checks() {
    for fen in [
        "8/8/8/R3k3/8/3N4/8/4R2K b - - 0 1",   // three checkers
        "8/8/8/4k3/8/3N1N2/8/7K b - - 0 1",    // two knights
        "8/8/8/4k3/3P4/5N2/8/7K b - - 0 1",    // pawn and knight
        "8/8/8/4k3/8/2B3B1/8/7K b - - 0 1",    // two bishops
        "5R2/2P5/8/4k3/8/3rK2r/8/8 w - - 0 1", // two rooks on one rank
        "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",  // a check the double step d2-d4 cannot have given
    ] {
        assert_eq!(illegal(fen).kind(), "impossible_check", "{fen}");
        // Such positions are still playable when asked for (published perft suites hold some).
        assert!(fen::read_with(fen, CastlingMode::Standard, Validation::AllowImpossibleChecks).is_ok(), "{fen}");
    }
    // A rook and a discovered knight... no: a knight moving away uncovering a rook is possible.
    assert!(Position::from_fen("4k3/8/3N4/8/8/8/8/4R2K b - - 0 1").is_ok());
}

#[test]
fn fen_errors_name_the_field() {
    let cases = [
        ("8/8/8 w - -", "placement"),
        ("4k3/8/8/8/8/8/8/4K3 w -", "fields"),
        ("4k3/8/8/8/8/8/8/4KX2 w - - 0 1", "placement"),
        ("4k3/8/8/8/8/8/8/4K4 w - - 0 1", "placement"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"),
        ("4k3/8/8/8/8/8/8/4K3 w Z - 0 1", "castling"),
        ("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "en passant"),
        ("4k3/8/8/8/8/8/8/4K3 w - e4 0 1", "en passant"),
        ("4k3/8/8/8/8/8/8/4K3 w - - a 1", "halfmove clock"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 -1", "fullmove number"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "fields"),
    ];
    for (text, field) in cases {
        let err = Position::from_fen(text).expect_err(text);
        assert_eq!(err.field(), field, "{text}: {err}");
        assert_eq!(err.kind(), "invalid_fen");
    }
}

#[test]
fn fen_reads_standard_x_fen_and_shredder_castling() {
    let standard = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let shredder = pos("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    assert_eq!(standard, shredder);
    assert_eq!(fen::write_with(&standard, CastlingNotation::Shredder), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    // X-FEN: with two rooks on one side, K names the outermost and a letter the inner one.
    let inner = pos960("4k3/8/8/8/8/8/8/4KRR1 w F - 0 1");
    assert_eq!(inner.fen(), "4k3/8/8/8/8/8/8/4KRR1 w F - 0 1");
    assert!(inner.is_chess960());
    let outer = pos960("4k3/8/8/8/8/8/8/4KRR1 w K - 0 1");
    assert_eq!(fen::write_with(&outer, CastlingNotation::Shredder), "4k3/8/8/8/8/8/8/4KRR1 w G - 0 1");
}

/// FIDE 3.8.2.1: in standard chess a castling right needs the king on e1/e8 and the rook in
/// its corner. The reader takes the castling mode from its caller and never switches to
/// Chess960 on its own: the same text is refused as standard chess and read as Chess960.
#[test]
fn fen_standard_mode_refuses_chess960_rights_3_8_2_1() {
    for fen in [
        "4k3/8/8/8/8/8/8/4KRR1 w F - 0 1",   // the inner rook
        "4k3/8/8/8/8/8/8/4KRR1 w K - 0 1",   // K names the outermost rook, on g1
        "4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1", // king on f1
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ] {
        let err = Position::from_fen(fen).expect_err(fen);
        assert!(matches!(err, FenError::Illegal(IllegalPosition::InvalidCastlingRights(_))), "{fen}: {err}");
        assert!(err.to_string().contains("Chess960"), "{fen}: the error should name the mode: {err}");
        let p = pos960(fen);
        assert_eq!(p.castling_mode(), CastlingMode::Chess960);
        assert!(!p.castling_rights().is_empty());
    }
    // Standard rights read in either mode, and only the mode differs.
    let standard = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let in_960 = pos960("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(standard.castling_mode(), CastlingMode::Standard);
    assert_eq!(standard.castling_rights(), in_960.castling_rights());
    assert_eq!(standard.uci(standard.parse_uci("e1g1").unwrap()), "e1g1");
    assert_eq!(in_960.uci(in_960.parse_uci("e1h1").unwrap()), "e1h1");
}

#[test]
fn fen_missing_counters_default_and_fullmove_zero_reads_as_one() {
    assert_eq!(pos("4k3/8/8/8/8/8/8/4K3 w - -").fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(pos("4k3/8/8/8/8/8/8/4K3 w - - 3 0").fullmoves(), 1);
}

#[test]
fn initial_position_2_3() {
    let p = Position::startpos();
    assert_eq!(p.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(p.legal_moves().len(), 20);
    // FIDE 2.1: h1 is a light square, a1 dark.
    assert!(Square::H1.is_light() && !Square::A1.is_light() && Square::A8.is_light());
}

#[test]
fn uci_castling_forms() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(p.parse_uci("e1g1"), p.parse_uci("e1h1"), "standard chess reads both forms");
    assert_eq!(p.uci(p.parse_uci("e1h1").unwrap()), "e1g1");
    assert_eq!(p.parse_uci("e2e4").unwrap_err().kind(), "illegal_move");
    assert_eq!(p.parse_uci("e1").unwrap_err().kind(), "invalid_move");
    assert_eq!(p.parse_uci("e1g1Q").unwrap_err().kind(), "invalid_move");
    // Four or five bytes but not ASCII: a character across the squares' bytes is refused as
    // text, not sliced through.
    for text in ["e\u{e9}4", "e1\u{e9}1", "e1g\u{e9}"] {
        assert_eq!(p.parse_uci(text).unwrap_err().kind(), "invalid_move", "{text}");
        assert!(!arbiter_core::is_uci_text(text), "{text}");
    }
}

fn castle_960(fen: &str, uci: &str) -> Option<String> {
    let p = pos960(fen);
    let m = p.parse_uci(uci).ok()?;
    assert!(m.is_castle(), "{uci} in {fen} is not castling");
    Some(p.play(m).unwrap().fen())
}

#[test]
fn chess960_ii_3_king_does_not_move_rook_does() {
    assert_eq!(castle_960("4k3/8/8/8/8/8/8/6KR w K - 0 1", "g1h1").as_deref(), Some("4k3/8/8/8/8/8/8/5RK1 b - - 1 1"));
}

#[test]
fn chess960_ii_3_king_and_rook_swap_squares() {
    assert_eq!(castle_960("4k3/8/8/8/8/8/8/5KR1 w K - 0 1", "f1g1").as_deref(), Some("4k3/8/8/8/8/8/8/5RK1 b - - 1 1"));
}

#[test]
fn chess960_ii_3_queenside_from_b1() {
    assert_eq!(castle_960("4k3/8/8/8/8/8/8/RK6 w Q - 0 1", "b1a1").as_deref(), Some("4k3/8/8/8/8/8/8/2KR4 b - - 1 1"));
}

#[test]
fn chess960_ii_3_not_when_the_castling_rook_shields_the_king_square() {
    // King c1 stays, rook b1 goes to d1: the black rook on a1 would then attack c1.
    let p = pos960("4k3/8/8/8/8/8/8/rRK5 w Q - 0 1");
    assert!(!p.legal_moves().iter().any(|m| m.is_castle()));
}

#[test]
fn chess960_ii_3_squares_between_must_be_empty_but_for_king_and_rook() {
    // Rook a1, king e1 (Chess960 rights named by file): the bishop on b1 is in the rook's way.
    assert!(castle_960("4k3/8/8/8/8/8/8/RB2K2R w AH - 0 1", "e1a1").is_none());
    // The king on b1 and rook on g1 castle king side: king to g1 needs c1..g1 free but for the rook.
    assert_eq!(
        castle_960("4k3/8/8/8/8/8/8/1K4R1 w G - 0 1", "b1g1").as_deref(),
        Some("4k3/8/8/8/8/8/8/5RK1 b - - 1 1")
    );
    assert!(castle_960("4k3/8/8/8/8/8/8/1K1N2R1 w G - 0 1", "b1g1").is_none());
}

#[test]
fn chess960_ii_3_king_may_not_cross_attacked_squares() {
    // King b1 to g1 crosses d1, which the rook on d8 attacks.
    assert!(castle_960("3rk3/8/8/8/8/8/8/1K4R1 w G - 0 1", "b1g1").is_none());
}

#[test]
fn chess960_ii_2_start_positions() {
    let p0 = arbiter_core::chess960::start_position(0).unwrap();
    assert_eq!(p0.fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    assert_eq!(
        fen::write_with(&p0, CastlingNotation::Shredder),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
    );
    assert_eq!(arbiter_core::chess960::start_position(518).unwrap(), Position::startpos());
    assert!(arbiter_core::chess960::start_position(960).is_none());
}

#[test]
fn move_counters_read_at_their_maximum_do_not_wrap_1_2() {
    // FIDE 1.2 (White moves first; the move number grows after Black's move) and 9.3 (the
    // halfmove clock): a FEN may start both counters anywhere a u32 holds. Playing on must not
    // wrap them around to 0 (which would make 9.3 and 9.6.2 forget a hundred moves).
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R b K - 4294967295 4294967295").unwrap();
    let after = pos.play_uci("e8d8").unwrap();
    assert_eq!((after.halfmoves(), after.fullmoves()), (u32::MAX, u32::MAX));
    let again = after.play_uci("e1d1").unwrap();
    assert_eq!((again.halfmoves(), again.fullmoves()), (u32::MAX, u32::MAX));
}
