//! FIDE Appendix C: algebraic notation written and read. Expected texts come from the
//! examples of Appendix C itself (C.8 to C.13) and from positions built by hand.

use arbiter_core::notation::{
    read_scoresheet, write_long, write_san, LetterSet, Letters, MateSign, SanError, SanReader, SanStyle, SanWarning,
};
use arbiter_core::{Move, Position, Role, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("test FEN {fen}: {e}"))
}

fn uci(p: &Position, text: &str) -> Move {
    p.parse_uci(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn read(p: &Position, text: &str) -> Result<Move, SanError> {
    SanReader::default().read(p, text).map(|r| r.mv)
}

fn read_in(p: &Position, letters: Letters, text: &str) -> Result<Move, SanError> {
    SanReader::new(letters).read(p, text).map(|r| r.mv)
}

fn kind(result: Result<Move, SanError>) -> &'static str {
    match result {
        Ok(m) => panic!("expected an error, read {m:?}"),
        Err(e) => e.kind(),
    }
}

// --- C.2, C.3: piece letters -------------------------------------------------------------------

const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

#[test]
fn c2_english_letters_write_and_read() {
    let p = pos(AFTER_E4_E5);
    let nf3 = uci(&p, "g1f3");
    assert_eq!(p.san(nf3), "Nf3");
    assert_eq!(read(&p, "Nf3"), Ok(nf3));
    assert_eq!(read(&p, "Bc4"), Ok(uci(&p, "f1c4")));
    assert_eq!(read(&p, "Qh5"), Ok(uci(&p, "d1h5")));
    assert_eq!(read(&p, "Ke2"), Ok(uci(&p, "e1e2")));
}

#[test]
fn c3_national_letter_sets_read_the_same_moves() {
    let p = pos(AFTER_E4_E5);
    let nf3 = uci(&p, "g1f3");
    let bc4 = uci(&p, "f1c4");
    let qh5 = uci(&p, "d1h5");
    let ke2 = uci(&p, "e1e2");
    let cases = [
        (LetterSet::German, "Sf3", "Lc4", "Dh5", "Ke2"),
        (LetterSet::French, "Cf3", "Fc4", "Dh5", "Re2"),
        (LetterSet::Spanish, "Cf3", "Ac4", "Dh5", "Re2"),
        (LetterSet::Dutch, "Pf3", "Lc4", "Dh5", "Ke2"),
        (LetterSet::Italian, "Cf3", "Ac4", "Dh5", "Re2"),
        (LetterSet::Figurine, "♘f3", "♗c4", "♕h5", "♔e2"),
    ];
    for (set, n, b, q, k) in cases {
        let letters = Letters::Set(set);
        assert_eq!(read_in(&p, letters, n), Ok(nf3), "{set:?} {n}");
        assert_eq!(read_in(&p, letters, b), Ok(bc4), "{set:?} {b}");
        assert_eq!(read_in(&p, letters, q), Ok(qh5), "{set:?} {q}");
        assert_eq!(read_in(&p, letters, k), Ok(ke2), "{set:?} {k}");
        let style = SanStyle::PGN.with_letters(set);
        assert_eq!(write_san(&p, nf3, style), n, "{set:?}");
        assert_eq!(write_san(&p, ke2, style), k, "{set:?}");
    }
}

#[test]
fn c3_figurines_of_either_colour_are_read_in_any_set() {
    let p = pos(AFTER_E4_E5);
    assert_eq!(read(&p, "♞f3"), Ok(uci(&p, "g1f3")));
    assert_eq!(read_in(&p, Letters::Set(LetterSet::German), "♘f3"), Ok(uci(&p, "g1f3")));
}

#[test]
fn c3_a_letter_of_another_set_is_not_read() {
    let p = pos(AFTER_E4_E5);
    // German S (Springer) is no English letter; English N is no German letter.
    assert_eq!(kind(read(&p, "Sf3")), "invalid_san");
    assert_eq!(kind(read_in(&p, Letters::Set(LetterSet::German), "Nf3")), "invalid_san");
    // French R is the king (roi): the rook on h1 cannot be meant, and the king cannot reach d3.
    assert_eq!(kind(read_in(&p, Letters::Set(LetterSet::French), "Rf3")), "illegal_move");
}

#[test]
fn c3_auto_letters_read_unambiguous_letters_and_resolve_r_by_legality() {
    let p = pos(AFTER_E4_E5);
    assert_eq!(read_in(&p, Letters::Auto, "Sf3"), Ok(uci(&p, "g1f3")));
    assert_eq!(read_in(&p, Letters::Auto, "Fc4"), Ok(uci(&p, "f1c4")));
    assert_eq!(read_in(&p, Letters::Auto, "Dh5"), Ok(uci(&p, "d1h5")));
    // R: only the king can go to e2 (English rook or Romance king).
    assert_eq!(read_in(&p, Letters::Auto, "Re2"), Ok(uci(&p, "e1e2")));
    // Both a rook and the king can go to d1: R is ambiguous without a chosen set.
    let both = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(kind(read_in(&both, Letters::Auto, "Rd1")), "ambiguous_san");
    assert_eq!(read(&both, "Rd1"), Ok(uci(&both, "a1d1")));
    assert_eq!(read_in(&both, Letters::Set(LetterSet::French), "Rd1"), Ok(uci(&both, "e1d1")));
}

#[test]
fn c3_c5_capital_b_is_the_bishop_and_small_b_the_file() {
    let p = pos("4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1");
    assert_eq!(read(&p, "bxc3"), Ok(uci(&p, "b2c3")));
    assert_eq!(read(&p, "Bxc3"), Ok(uci(&p, "d2c3")));
    assert_eq!(p.san(uci(&p, "b2c3")), "bxc3");
    assert_eq!(p.san(uci(&p, "d2c3")), "Bxc3");
    // French F (fou) is the bishop, f a file.
    assert_eq!(read_in(&p, Letters::Set(LetterSet::French), "Fxc3"), Ok(uci(&p, "d2c3")));
}

// --- C.4: pawns have no letter -----------------------------------------------------------------

#[test]
fn c4_pawn_moves_have_no_letter() {
    let p = Position::startpos();
    let e4 = uci(&p, "e2e4");
    assert_eq!(p.san(e4), "e4");
    assert_eq!(read(&p, "e4"), Ok(e4));
    let err = read(&p, "Pe4").unwrap_err();
    assert_eq!(err.kind(), "invalid_san");
    assert!(err.to_string().contains("C.4"), "{err}");
    assert_eq!(kind(read(&p, "pe4")), "invalid_san");
}

// --- C.5 to C.7: files a-h, ranks 1-8 ---------------------------------------------------------

#[test]
fn c5_c6_c7_each_square_is_a_small_file_letter_and_a_rank_digit() {
    // A lone rook on a1 (kings on h8 and h6 out of its way) reaches the a-file and the first rank.
    let p = pos("7k/8/7K/8/8/8/8/R7 w - - 0 1");
    let files = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    for (i, file) in files.iter().enumerate().skip(1) {
        let text = format!("R{file}1");
        let m = read(&p, &text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((m.to().file().index(), m.to().rank().index()), (i as u8, 0), "{text}");
        assert_eq!(p.san(m), text);
    }
    for rank in 2..=8u8 {
        let text = format!("Ra{rank}");
        let m = read(&p, &text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((m.to().file().index(), m.to().rank().index()), (0, rank - 1), "{text}");
    }
    // C.5: files are small letters; C.6: ranks are 1 to 8.
    for text in ["RA5", "Ra9", "Ra0", "Ri1"] {
        assert_eq!(kind(read(&p, text)), "invalid_san", "{text}");
    }
}

// --- C.8: piece letter and arrival square; the long form ------------------------------------

#[test]
fn c8_short_form_names_the_arrival_square() {
    let p = Position::startpos();
    assert_eq!(p.san(uci(&p, "g1f3")), "Nf3");
    assert_eq!(p.san(uci(&p, "d2d4")), "d4");
    assert_eq!(p.san(uci(&p, "a2a3")), "a3");
}

#[test]
fn c8_long_form_with_departure_square_is_written_and_read() {
    let p = Position::startpos();
    let nf3 = uci(&p, "g1f3");
    assert_eq!(write_long(&p, nf3, SanStyle::FIDE), "Ng1f3");
    assert_eq!(write_long(&p, uci(&p, "d2d4"), SanStyle::FIDE), "d2d4");
    for text in ["Ng1f3", "Ng1-f3", "Nf3", "Ngf3", "N1f3"] {
        assert_eq!(read(&p, text), Ok(nf3), "{text}");
    }
    assert_eq!(read(&p, "e2e4"), Ok(uci(&p, "e2e4")));
    assert_eq!(read(&p, "e2-e4"), Ok(uci(&p, "e2e4")));
    let black = p.play_uci("e2e4").unwrap();
    assert_eq!(write_long(&black, uci(&black, "e7e5"), SanStyle::FIDE), "e7e5");
    // A hyphen belongs between two whole squares.
    assert_eq!(kind(read(&p, "Ng-f3")), "invalid_san");
    // A departure square the piece is not on.
    assert_eq!(kind(read(&p, "Nb1f3")), "illegal_move");
}

// --- C.9: captures --------------------------------------------------------------------------

const EP_F6: &str = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";

#[test]
fn c9_x_is_optional_for_piece_captures() {
    let p = pos("4k3/8/8/8/8/5p2/8/4K1N1 w - - 0 1");
    let nxf3 = uci(&p, "g1f3");
    assert_eq!(p.san(nxf3), "Nxf3");
    assert_eq!(read(&p, "Nxf3"), Ok(nxf3));
    assert_eq!(read(&p, "Nf3"), Ok(nxf3));
}

#[test]
fn c9_3_pawn_capture_names_departure_file_and_e_p_is_optional() {
    let p = pos(EP_F6);
    let ep = uci(&p, "e5f6");
    assert!(ep.is_en_passant());
    assert_eq!(p.san(ep), "exf6");
    for text in ["exf6", "ef6", "exf6 e.p.", "exf6e.p.", "e5xf6", "e5f6", "e5xf6 e.p."] {
        let r = SanReader::default().read(&p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(r.mv, ep, "{text}");
        assert!(r.warnings.is_empty(), "{text}: {:?}", r.warnings);
    }
    let dxe5 = pos("4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1");
    assert_eq!(dxe5.san(uci(&dxe5, "d4e5")), "dxe5");
    assert_eq!(read(&dxe5, "de5"), Ok(uci(&dxe5, "d4e5")));
}

#[test]
fn c9_3_pawn_capture_sign_without_departure_file_is_its_own_error() {
    // `xf6` is no form of Appendix C: a pawn capture names its departure file (C.9.3).
    let p = pos(EP_F6);
    let err = read(&p, "xf6").unwrap_err();
    assert_eq!(err.kind(), "pawn_capture_without_file");
    let message = err.to_string();
    assert!(message.contains("\"xf6\"") && message.contains("exf6"), "{message}");
}

#[test]
fn c8_c9_3_pawn_advance_only_a_capture_reaches_is_an_illegal_move_3_10() {
    // `f6` is well-formed (C.8: a pawn move by its arrival square), a pawn advance on the f-file;
    // no pawn can make it (3.7.1), and the en passant capture onto f6 is written `exf6` (C.9.3):
    // the text names no legal move (illegal_move), it is not unreadable (invalid_san).
    let p = pos(EP_F6);
    let err = read(&p, "f6").unwrap_err();
    assert_eq!(err.kind(), "illegal_move", "{err}");
    assert!(matches!(&err, SanError::Illegal { pawn_captures, .. } if pawn_captures == &["exf6"]), "{err:?}");
    let message = err.to_string();
    assert!(message.contains("\"f6\"") && message.contains("exf6"), "{message}");
    // An ordinary capture: `e5` with the pawn on d4 and Black's on e5.
    let dxe5 = pos("4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1");
    assert_eq!(kind(read(&dxe5, "e5")), "illegal_move");
    assert_eq!(kind(read(&dxe5, "e5+")), "illegal_move");
    // Promotion squares alike: `f8=Q` where only exf8=Q reaches f8 (3.7.3.3).
    let exf8 = pos("5n1k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(kind(read(&exf8, "f8=Q")), "illegal_move");
    assert_eq!(read(&exf8, "exf8=Q"), Ok(uci(&exf8, "e7f8q")));
    // With no pawn near at all, the same answer.
    assert_eq!(kind(read(&Position::startpos(), "f6")), "illegal_move");
}

#[test]
fn c9_false_capture_and_e_p_signs_warn_and_strict_mode_rejects_them() {
    let p = Position::startpos();
    let r = SanReader::default().read(&p, "Nxf3").expect("lenient reading");
    assert_eq!(r.mv, uci(&p, "g1f3"));
    assert_eq!(r.warnings, vec![SanWarning::FalseCapture { text: "Nxf3".into() }]);
    assert_eq!(kind(SanReader::default().strict().read(&p, "Nxf3").map(|r| r.mv)), "false_capture_sign");
    let dxe5 = pos("4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1");
    let r = SanReader::default().read(&dxe5, "dxe5 e.p.").expect("lenient reading");
    assert_eq!(r.warnings[0].kind(), "false_en_passant_sign");
}

#[test]
fn c9_3_en_passant_that_would_expose_the_king_is_illegal_3_9_2() {
    // After ...c7-c5, bxc6 e.p. would open the fifth rank from the rook on h5 to the king on a5.
    let p = pos("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    assert_eq!(kind(read(&p, "bxc6")), "illegal_move");
    assert_eq!(kind(read(&p, "bxc6 e.p.")), "illegal_move");
    assert_eq!(read(&p, "b6"), Ok(uci(&p, "b5b6")));
}

#[test]
fn c8_a_pinned_piece_or_a_king_walking_into_check_is_illegal_3_9_2() {
    // The knight on e2 is pinned by the rook on e8 (FIDE 3.9.2: no move may expose the king).
    let p = pos("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(kind(read(&p, "Nc3")), "illegal_move");
    assert_eq!(kind(read(&p, "Ng3")), "illegal_move");
    assert_eq!(read(&p, "Kd2"), Ok(uci(&p, "e1d2")));
    // Without the knight, the king may not step along the rook's file.
    assert_eq!(read(&p, "Kf1"), Ok(uci(&p, "e1f1")));
    let open = pos("4r1k1/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(kind(read(&open, "Ke2")), "illegal_move");
}

// --- C.10: two pieces that can go to the same square -----------------------------------------

#[test]
fn c10_3_knights_g1_e1_to_f3_written_by_file() {
    let p = pos("4k3/8/8/8/8/8/8/4N1NK w - - 0 1");
    assert_eq!(p.san(uci(&p, "g1f3")), "Ngf3");
    assert_eq!(p.san(uci(&p, "e1f3")), "Nef3");
    assert_eq!(read(&p, "Ngf3"), Ok(uci(&p, "g1f3")));
    assert_eq!(read(&p, "Nef3"), Ok(uci(&p, "e1f3")));
}

#[test]
fn c10_2_knights_g5_g1_to_f3_written_by_rank() {
    let p = pos("4k3/8/8/6N1/8/8/8/6NK w - - 0 1");
    assert_eq!(p.san(uci(&p, "g5f3")), "N5f3");
    assert_eq!(p.san(uci(&p, "g1f3")), "N1f3");
    assert_eq!(read(&p, "N5f3"), Ok(uci(&p, "g5f3")));
    assert_eq!(read(&p, "N1f3"), Ok(uci(&p, "g1f3")));
    // The file alone does not tell them apart.
    assert_eq!(kind(read(&p, "Ngf3")), "ambiguous_san");
}

#[test]
fn c10_3_knights_h2_d4_to_f3_written_by_file() {
    let p = pos("4k3/8/8/8/3N4/8/7N/7K w - - 0 1");
    assert_eq!(p.san(uci(&p, "h2f3")), "Nhf3");
    assert_eq!(p.san(uci(&p, "d4f3")), "Ndf3");
}

#[test]
fn c10_3_captures_insert_x_after_the_disambiguation() {
    let by_file = pos("4k3/8/8/8/8/5p2/8/4N1NK w - - 0 1");
    assert_eq!(by_file.san(uci(&by_file, "g1f3")), "Ngxf3");
    assert_eq!(by_file.san(uci(&by_file, "e1f3")), "Nexf3");
    let by_rank = pos("4k3/8/8/6N1/8/5p2/8/6NK w - - 0 1");
    assert_eq!(by_rank.san(uci(&by_rank, "g5f3")), "N5xf3");
    assert_eq!(by_rank.san(uci(&by_rank, "g1f3")), "N1xf3");
    let diagonal = pos("4k3/8/8/8/3N4/5p2/7N/7K w - - 0 1");
    assert_eq!(diagonal.san(uci(&diagonal, "h2f3")), "Nhxf3");
    assert_eq!(diagonal.san(uci(&diagonal, "d4f3")), "Ndxf3");
    assert_eq!(read(&diagonal, "Ndxf3"), Ok(uci(&diagonal, "d4f3")));
}

#[test]
fn c10_file_and_rank_when_neither_alone_is_enough() {
    // Queens on a1, a3 and c1 can all go to b2.
    let p = pos("4k3/8/8/8/8/Q7/8/Q1Q4K w - - 0 1");
    assert_eq!(p.san(uci(&p, "a1b2")), "Qa1b2");
    assert_eq!(p.san(uci(&p, "a3b2")), "Q3b2");
    assert_eq!(p.san(uci(&p, "c1b2")), "Qcb2");
    assert_eq!(read(&p, "Qa1b2"), Ok(uci(&p, "a1b2")));
    assert_eq!(kind(read(&p, "Qab2")), "ambiguous_san");
    assert_eq!(kind(read(&p, "Q1b2")), "ambiguous_san");
}

#[test]
fn c10_a_pinned_knight_does_not_make_the_move_ambiguous() {
    // The knight on c3 is pinned against the king on e1 by the bishop on a5.
    let p = pos("4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1");
    let nge2 = uci(&p, "g1e2");
    assert_eq!(p.san(nge2), "Ne2");
    assert_eq!(read(&p, "Ne2"), Ok(nge2));
    assert_eq!(read(&p, "Nge2"), Ok(nge2));
    assert_eq!(kind(read(&p, "Nce2")), "illegal_move");
}

#[test]
fn c10_ambiguous_move_is_its_own_error_naming_the_text_and_candidates() {
    let p = pos("4k3/8/8/8/8/8/8/4N1NK w - - 0 1");
    let err = read(&p, "Nf3").unwrap_err();
    assert_eq!(err.kind(), "ambiguous_san");
    let message = err.to_string();
    assert!(message.contains("\"Nf3\"") && message.contains("Nef3") && message.contains("Ngf3"), "{message}");
}

// --- C.11: promotion ---------------------------------------------------------------------------

#[test]
fn c11_promotion_names_the_new_piece_after_the_pawn_move() {
    let p = pos("8/3P1k2/8/8/8/8/8/4K3 w - - 0 1");
    let d8q = Move::promotion(Square::D7, Square::D8, Role::Queen);
    let d8n = Move::promotion(Square::D7, Square::D8, Role::Knight);
    assert_eq!(write_san(&p, d8q, SanStyle::FIDE), "d8Q");
    assert_eq!(write_san(&p, d8q, SanStyle::PGN), "d8=Q");
    // The knight on d8 checks the king on f7: the sign follows the promotion's effect.
    assert_eq!(write_san(&p, d8n, SanStyle::FIDE), "d8N+");
    assert_eq!(write_san(&p, d8n, SanStyle::PGN), "d8=N+");
    for text in ["d8Q", "d8=Q", "d7d8Q"] {
        assert_eq!(read(&p, text), Ok(d8q), "{text}");
    }
    assert_eq!(read(&p, "d8N+"), Ok(d8n));
    assert_eq!(read_in(&p, Letters::Set(LetterSet::German), "d8D"), Ok(d8q));
    assert_eq!(read_in(&p, Letters::Set(LetterSet::German), "d8S"), Ok(d8n));
}

#[test]
fn c11_capture_promotions_exf8n_b1b_g1r() {
    let white = pos("5r2/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
    let exf8n = Move::promotion(Square::E7, Square::F8, Role::Knight);
    assert_eq!(write_san(&white, exf8n, SanStyle::FIDE), "exf8N");
    assert_eq!(read(&white, "exf8N"), Ok(exf8n));
    assert_eq!(read(&white, "exf8=N"), Ok(exf8n));
    let black = pos("4k3/8/8/8/8/8/1p4p1/4K3 b - - 0 1");
    let b1b = Move::promotion(Square::B2, Square::B1, Role::Bishop);
    let g1r = Move::promotion(Square::G2, Square::G1, Role::Rook);
    assert_eq!(write_san(&black, b1b, SanStyle::FIDE), "b1B");
    // The rook on g1 checks the king on e1 along the first rank.
    assert_eq!(write_san(&black, g1r, SanStyle::FIDE), "g1R+");
    assert_eq!(read(&black, "b1B"), Ok(b1b));
    assert_eq!(read(&black, "g1R"), Ok(g1r));
}

#[test]
fn c11_promotion_without_new_piece_or_to_a_king_is_an_illegal_move_3_7_3_3() {
    // Well-formed notation (C.8, C.11) naming moves 3.7.3.3 forbids: illegal, not unreadable.
    let p = pos("8/3P1k2/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(kind(read(&p, "d8")), "illegal_move");
    assert_eq!(kind(read(&p, "d8K")), "illegal_move");
    assert_eq!(kind(read(&p, "d8=K")), "illegal_move");
    assert!(read(&p, "d8=Q").is_ok());
    // Only a pawn is promoted (C.11): a knight move with a promotion letter is not notation.
    assert_eq!(kind(read(&p, "Nd8Q")), "invalid_san");
}

// --- C.12, C.13: draw offer, castling, signs, the sample game -------------------------------

/// FIDE C.13, the sample game in its three notations, as printed in the appendix (the Korean
/// edition in `shared/laws` writes "e.p." with a Cyrillic "р"; here it is the Latin p of the
/// English original).
const SAMPLE_SHORT: &str = "1. e4 e5 2. Nf3 Nf6 3. d4 exd4 4. e5 Ne4 5. Qxd4 d5 6. exd6 e.p. Nxd6 7. Bg5 Nc6 \
     8. Qe3+ Be7 9. Nbd2 0-0 10. 0-0-0 Re8 11. Kb1 (=)";
const SAMPLE_TERSE: &str = "1. e4 e5 2. Nf3 Nf6 3. d4 ed4 4. e5 Ne4 5. Qd4 d5 6. ed6 Nd6 7. Bg5 Nc6 8. Qe3 Be7 \
     9 Nbd2 0-0 10. 0-0-0 Re8 11. Kb1 (=)";
const SAMPLE_LONG: &str = "1. e2e4 e7e5 2. Ng1f3 Ng8f6 3. d2d4 e5xd4 4. e4e5 Nf6e4 5. Qd1xd4 d7d5 \
     6. e5xd6 e.p. Ne4xd6 7. Bc1g5 Nb8c6 8. Qd4e3+ Bf8e7 9. Nb1d2 0-0 10. 0-0-0 Rf8e8 11. Kb1 (=)";
/// The position after 11. Kb1, set up by hand from the moves.
const SAMPLE_END: &str = "r1bqr1k1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/1K1R1B1R b - - 9 11";

#[test]
fn c13_sample_game_reads_to_the_same_positions_in_its_three_notations() {
    let start = Position::startpos();
    let reader = SanReader::default().strict();
    let games: Vec<_> = [SAMPLE_SHORT, SAMPLE_TERSE, SAMPLE_LONG]
        .iter()
        .map(|text| read_scoresheet(&start, text, &reader).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    for game in &games {
        assert_eq!(game.len(), 21);
        assert_eq!(game.iter().map(|m| m.mv).collect::<Vec<_>>(), games[0].iter().map(|m| m.mv).collect::<Vec<_>>());
    }
    let end = games[0].iter().fold(start, |p, m| p.play(m.mv).expect("legal"));
    assert_eq!(end.fen(), SAMPLE_END);
    // 6. exd6 e.p. is the en passant capture.
    assert!(games[0][10].mv.is_en_passant());
}

#[test]
fn c13_sample_game_is_written_back_as_printed() {
    let start = Position::startpos();
    let game = read_scoresheet(&start, SAMPLE_SHORT, &SanReader::default()).expect("sample game");
    let mut p = start;
    let mut short = Vec::new();
    let mut long = Vec::new();
    for m in &game {
        short.push(write_san(&p, m.mv, SanStyle::FIDE));
        long.push(write_long(&p, m.mv, SanStyle::FIDE));
        p.play_unchecked(m.mv);
    }
    // The appendix appends e.p. to 6. exd6 and 11. Kb1 carries the draw offer; the rest is as printed.
    let printed: Vec<&str> =
        SAMPLE_SHORT.split_whitespace().filter(|t| !t.ends_with('.') && *t != "(=)" && *t != "e.p.").collect();
    let printed_long: Vec<&str> =
        SAMPLE_LONG.split_whitespace().filter(|t| !t.ends_with('.') && *t != "(=)" && *t != "e.p.").collect();
    assert_eq!(short, printed);
    // The appendix ends its long-form game with the short 11. Kb1; the long form is Kc1b1.
    assert_eq!(long[..20], printed_long[..20]);
    assert_eq!((long[20].as_str(), printed_long[20]), ("Kc1b1", "Kb1"));
}

#[test]
fn c12_draw_offer_is_recorded_with_the_move() {
    let game = read_scoresheet(&Position::startpos(), SAMPLE_SHORT, &SanReader::default()).expect("sample");
    let offers: Vec<usize> = game.iter().enumerate().filter(|(_, m)| m.draw_offer).map(|(i, _)| i).collect();
    assert_eq!(offers, vec![20]);
    assert_eq!(game[20].text, "Kb1");
    assert_eq!(game[10].text, "exd6 e.p.");
}

#[test]
fn c13_castling_with_zeros_or_letter_o_in_both_styles() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = Move::castle(Square::E1, Square::H1);
    let long = Move::castle(Square::E1, Square::A1);
    assert_eq!(write_san(&p, short, SanStyle::FIDE), "0-0");
    assert_eq!(write_san(&p, long, SanStyle::FIDE), "0-0-0");
    assert_eq!(write_san(&p, short, SanStyle::PGN), "O-O");
    assert_eq!(write_san(&p, long, SanStyle::PGN), "O-O-O");
    assert_eq!(write_long(&p, short, SanStyle::FIDE), "0-0");
    for (text, m) in [("0-0", short), ("O-O", short), ("0-0-0", long), ("O-O-O", long)] {
        assert_eq!(read(&p, text), Ok(m), "{text}");
    }
    let no_rights = pos("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert_eq!(kind(read(&no_rights, "0-0")), "illegal_move");
}

#[test]
fn c13_chess960_castling_is_written_o_o_too() {
    // Guidelines II.3: king on f1, rooks on b1 and g1 (Shredder-FEN rights G and B).
    let p = Position::from_fen_in("4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1", arbiter_core::CastlingMode::Chess960).unwrap();
    let short = Move::castle(Square::F1, Square::G1);
    let long = Move::castle(Square::F1, Square::B1);
    assert_eq!(p.san(short), "O-O");
    assert_eq!(p.san(long), "O-O-O");
    assert_eq!(read(&p, "0-0"), Ok(short));
    assert_eq!(read(&p, "O-O-O"), Ok(long));
}

#[test]
fn c13_check_sign_after_castling_and_en_passant() {
    let castle = pos("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(castle.san(Move::castle(Square::E1, Square::H1)), "O-O+");
    assert_eq!(write_san(&castle, Move::castle(Square::E1, Square::H1), SanStyle::FIDE), "0-0+");
    // The black pawn lands on d3 and attacks the king on e2.
    let ep = pos("k7/8/8/8/3Pp3/8/4K3/8 b - d3 0 1");
    let exd3 = uci(&ep, "e4d3");
    assert!(exd3.is_en_passant());
    assert_eq!(ep.san(exd3), "exd3+");
}

#[test]
fn c13_mate_is_hash_or_double_plus() {
    // Fool's mate: 1. f3 e5 2. g4 Qh4#.
    let p = Position::startpos().play_uci("f2f3").and_then(|p| p.play_uci("e7e5")).and_then(|p| p.play_uci("g2g4"));
    let p = p.expect("legal opening");
    let qh4 = uci(&p, "d8h4");
    assert_eq!(p.san(qh4), "Qh4#");
    assert_eq!(write_san(&p, qh4, SanStyle::FIDE.with_mate(MateSign::DoublePlus)), "Qh4++");
    let strict = SanReader::default().strict();
    for text in ["Qh4#", "Qh4++", "Qh4+", "Qh4"] {
        let r = strict.read(&p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(r.mv, qh4, "{text}");
    }
}

#[test]
fn c13_false_check_or_mate_sign_warns_and_strict_mode_rejects() {
    let p = Position::startpos();
    let r = SanReader::default().read(&p, "Nf3+").expect("lenient");
    assert_eq!(r.mv, uci(&p, "g1f3"));
    assert_eq!(r.warnings, vec![SanWarning::FalseCheck { text: "Nf3+".into() }]);
    assert!(r.warnings[0].to_string().contains("Nf3+"));
    let err = SanReader::default().strict().read(&p, "Nf3#").unwrap_err();
    assert_eq!(err.kind(), "false_mate_sign");
    // A check that is not mate, marked as mate.
    let check = pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    let r = SanReader::default().read(&check, "Qd7#").expect("lenient");
    assert_eq!(r.warnings[0].kind(), "false_mate_sign");
    assert_eq!(SanReader::default().strict().read(&check, "Qd7+").map(|r| r.mv), Ok(uci(&check, "d1d7")));
}

// --- malformed text -------------------------------------------------------------------------

#[test]
fn c_malformed_text_is_invalid_san_and_names_the_text() {
    let p = Position::startpos();
    for text in ["", "   ", "Nz3", "N", "e9", "Nf3x", "0-0-0-0", "--", "Ke", "Xe4", "e4!!", "Ng1f3f3", "0-0 e.p."] {
        let err = read(&p, text).unwrap_err();
        assert_eq!(err.kind(), "invalid_san", "{text:?}: {err}");
        assert!(err.to_string().contains(&format!("{text:?}")), "{err}");
    }
}

#[test]
fn c_move_no_piece_can_make_is_illegal_move() {
    let p = Position::startpos();
    for text in ["e5", "Nf4", "Qd4", "Ke2", "exd3", "O-O"] {
        let err = read(&p, text).unwrap_err();
        assert_eq!(err.kind(), "illegal_move", "{text}: {err}");
        assert!(err.to_string().contains(&format!("{text:?}")), "{err}");
    }
}
