//! FIDE Appendix D.2.1 (spoken moves) and Guidelines I.8 (sealed moves).

use arbiter_core::notation::{judge_sealed_move, write_spoken, LetterSet, Letters, SanReader, SealedReading, Spelling};
use arbiter_core::{Move, Position, Role, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("test FEN {fen}: {e}"))
}

// --- D.2.1 ----------------------------------------------------------------------------------

#[test]
fn d2_1_files_are_names_and_ranks_german_numbers() {
    let p = Position::startpos();
    let m = p.parse_uci("g1f3").expect("legal");
    assert_eq!(write_spoken(&p, m, Spelling::Ascii), "Springer Gustav eins Felix drei");
    let m = p.parse_uci("a2a4").expect("legal");
    assert_eq!(write_spoken(&p, m, Spelling::Ascii), "Bauer Anna zwei Anna vier");
    let m = p.parse_uci("b1c3").expect("legal");
    assert_eq!(write_spoken(&p, m, Spelling::Ascii), "Springer Bella eins Cesar drei");
    let black = p.play_uci("d2d4").expect("legal");
    let m = black.parse_uci("h7h5").expect("legal");
    assert_eq!(write_spoken(&black, m, Spelling::Ascii), "Bauer Hector sieben Hector fuenf");
    assert_eq!(write_spoken(&black, m, Spelling::Umlaut), "Bauer Hector sieben Hector fünf");
    let m = black.parse_uci("e7e6").expect("legal");
    assert_eq!(write_spoken(&black, m, Spelling::Ascii), "Bauer Eva sieben Eva sechs");
    let m = black.parse_uci("d7d5").expect("legal");
    assert_eq!(write_spoken(&black, m, Spelling::Ascii), "Bauer David sieben David fuenf");
}

#[test]
fn d2_1_piece_names_koenig_dame_turm_laeufer() {
    let p = pos("4k3/8/8/8/8/8/8/R2QKB2 w - - 0 1");
    let cases = [
        ("e1e2", "Koenig Eva eins Eva zwei", "König Eva eins Eva zwei"),
        ("d1d8", "Dame David eins David acht", "Dame David eins David acht"),
        ("a1a7", "Turm Anna eins Anna sieben", "Turm Anna eins Anna sieben"),
        ("f1c4", "Laeufer Felix eins Cesar vier", "Läufer Felix eins Cesar vier"),
    ];
    for (uci, ascii, umlaut) in cases {
        let m = p.parse_uci(uci).expect("legal");
        assert_eq!(write_spoken(&p, m, Spelling::Ascii), ascii);
        assert_eq!(write_spoken(&p, m, Spelling::Umlaut), umlaut);
    }
}

#[test]
fn d2_1_castling_is_kurze_or_lange_rochade() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(write_spoken(&p, Move::castle(Square::E1, Square::H1), Spelling::Ascii), "Kurze Rochade");
    assert_eq!(write_spoken(&p, Move::castle(Square::E1, Square::A1), Spelling::Umlaut), "Lange Rochade");
}

#[test]
fn d2_1_promotion_names_the_new_piece() {
    let p = pos("8/3P1k2/8/8/8/8/8/4K3 w - - 0 1");
    let m = Move::promotion(Square::D7, Square::D8, Role::Knight);
    assert_eq!(write_spoken(&p, m, Spelling::Ascii), "Bauer David sieben David acht Springer");
    let m = Move::promotion(Square::D7, Square::D8, Role::Bishop);
    assert_eq!(write_spoken(&p, m, Spelling::Umlaut), "Bauer David sieben David acht Läufer");
}

// --- I.8 ------------------------------------------------------------------------------------

#[test]
fn i8_clear_legal_sealed_move_is_valid() {
    let p = Position::startpos();
    let verdict = judge_sealed_move(&p, "Nf3", &SanReader::default());
    assert_eq!(verdict, SealedReading::Valid { mv: p.parse_uci("g1f3").expect("legal"), warnings: vec![] });
    assert!(!verdict.loses());
    let german = SanReader::new(Letters::Set(LetterSet::German));
    assert!(matches!(judge_sealed_move(&p, "Sf3", &german), SealedReading::Valid { .. }));
}

#[test]
fn i8_1_ambiguous_sealed_move_loses() {
    let p = pos("4k3/8/8/8/8/8/8/4N1NK w - - 0 1");
    let verdict = judge_sealed_move(&p, "Nf3", &SanReader::default());
    assert!(matches!(verdict, SealedReading::Ambiguous { .. }), "{verdict:?}");
    assert!(verdict.loses());
}

#[test]
fn i8_2_unreadable_sealed_move_loses() {
    let p = Position::startpos();
    for text in ["Nz3", "", "Sf3"] {
        let verdict = judge_sealed_move(&p, text, &SanReader::default());
        assert!(matches!(verdict, SealedReading::Unreadable { .. }), "{text:?}: {verdict:?}");
        assert!(verdict.loses());
    }
}

#[test]
fn i8_3_illegal_sealed_move_loses() {
    // The king on e1 is in check from the rook on e8: Nf3 does not answer it.
    let p = pos("4r1k1/8/8/8/8/8/8/4K1N1 w - - 0 1");
    let verdict = judge_sealed_move(&p, "Nf3", &SanReader::default());
    assert!(matches!(verdict, SealedReading::Illegal { .. }), "{verdict:?}");
    assert!(verdict.loses());
    assert!(matches!(judge_sealed_move(&p, "Kd2", &SanReader::default()), SealedReading::Valid { .. }));
}

#[test]
fn i8_false_check_sign_on_a_clear_move_does_not_lose() {
    let p = Position::startpos();
    let verdict = judge_sealed_move(&p, "e4+", &SanReader::default().strict());
    match verdict {
        SealedReading::Valid { warnings, .. } => assert_eq!(warnings[0].kind(), "false_check_sign"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn i8_pawn_capture_without_file_is_valid_if_one_pawn_can_and_ambiguous_if_two() {
    let one = pos("4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1");
    assert_eq!(
        judge_sealed_move(&one, "e5", &SanReader::default()),
        SealedReading::Valid { mv: one.parse_uci("d4e5").expect("legal"), warnings: vec![] }
    );
    let two = pos("4k3/8/8/4p3/3P1P2/8/8/4K3 w - - 0 1");
    assert!(matches!(judge_sealed_move(&two, "e5", &SanReader::default()), SealedReading::Ambiguous { .. }));
}

#[test]
fn i8_no_move_to_seal_after_mate_or_stalemate() {
    // Fool's mate, White to move and mated (FIDE 5.1.1).
    let mated = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_eq!(judge_sealed_move(&mated, "Nc3", &SanReader::default()), SealedReading::GameOver);
    assert!(!SealedReading::GameOver.loses());
}
