//! FIDE Appendix C, property: for every legal move of positions reached by random playouts,
//! reading the SAN we write gives back the same move, in both styles, in national letter sets
//! and in the long form; the check and mate signs agree with the position after the move.

use arbiter_core::notation::pgn::{read_all, write_game, Game, Variations};
use arbiter_core::notation::{write_long, write_san, LetterSet, Letters, MateSign, SanReader, SanStyle};
use arbiter_core::{chess960, File, Move, Position, Rank, Role, Square};
use proptest::prelude::*;

const SEEDS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "Q6Q/8/8/8/8/4k3/8/Q6K w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

fn check_every_move(pos: &Position) -> Result<(), TestCaseError> {
    let styles = [
        (SanStyle::PGN, Letters::Set(LetterSet::English)),
        (SanStyle::FIDE, Letters::Set(LetterSet::English)),
        (SanStyle::FIDE.with_mate(MateSign::DoublePlus), Letters::Set(LetterSet::English)),
        (SanStyle::FIDE.with_letters(LetterSet::German), Letters::Set(LetterSet::German)),
        (SanStyle::PGN.with_letters(LetterSet::French), Letters::Set(LetterSet::French)),
        (SanStyle::PGN.with_letters(LetterSet::Figurine), Letters::Set(LetterSet::English)),
    ];
    for &m in pos.legal_moves().iter() {
        let after = pos.play(m).map_err(|e| TestCaseError::fail(e.to_string()))?;
        for (style, letters) in styles {
            let reader = SanReader::new(letters).strict();
            for text in [write_san(pos, m, style), write_long(pos, m, style)] {
                let read =
                    reader.read(pos, &text).map_err(|e| TestCaseError::fail(format!("{text}: {e} in {pos:?}")))?;
                prop_assert_eq!(read.mv, m, "{} in {:?}", text, pos);
                let marked = text.ends_with('+') || text.ends_with('#');
                prop_assert_eq!(marked, after.is_check(), "{} in {:?}", text, pos);
                prop_assert_eq!(text.ends_with('#') || text.ends_with("++"), after.is_checkmate(), "{}", text);
            }
        }
    }
    Ok(())
}

/// FIDE C.3: in the auto-detecting mode an English text reads as the same move, except that
/// `R` (rook in English, king in French, Spanish, Italian) may be reported as ambiguous.
fn check_auto_letters(pos: &Position) -> Result<(), TestCaseError> {
    let auto = SanReader::new(Letters::Auto);
    for &m in pos.legal_moves().iter() {
        let text = pos.san(m);
        match auto.read(pos, &text) {
            Ok(read) => prop_assert_eq!(read.mv, m, "{}", text),
            Err(e) => prop_assert!(e.kind() == "ambiguous_san" && text.starts_with('R'), "{}: {}", text, e),
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn c8_c13_san_round_trips_for_every_legal_move(seed in 0..SEEDS.len() + 1, n960 in 0u16..960, choices in prop::collection::vec(any::<u16>(), 0..100)) {
        let mut pos = match SEEDS.get(seed) {
            Some(fen) => Position::from_fen(fen).map_err(|e| TestCaseError::fail(e.to_string()))?,
            None => chess960::start_position(n960).ok_or_else(|| TestCaseError::fail("960 start"))?,
        };
        check_every_move(&pos)?;
        for choice in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[usize::from(choice) % moves.len()]);
            check_every_move(&pos)?;
            check_auto_letters(&pos)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// FIDE C: malformed or illegal text is an error, never a panic, and what is accepted is legal.
    #[test]
    fn c_san_reader_never_panics_on_san_like_text(seed in 0..SEEDS.len(), auto in any::<bool>(), text in "[a-iKQRBNSLTDFCAP0-9xX=+#:() .ep♘♞-]{0,14}") {
        let pos = Position::from_fen(SEEDS[seed]).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let letters = if auto { Letters::Auto } else { Letters::Set(LetterSet::English) };
        if let Ok(read) = SanReader::new(letters).read(&pos, &text) {
            prop_assert!(pos.is_legal(read.mv), "{}", text);
        }
        let _ = arbiter_core::notation::judge_sealed_move(&pos, &text, &SanReader::new(letters));
    }

    /// PGN: any text is read without a panic, and a game read is written back to the same moves.
    #[test]
    fn c_pgn_reader_never_panics_and_round_trips(text in "(\\[[A-Za-z]{0,5} \"[a-z0-9/ \\\\]{0,8}\"\\]\n|[1-9]\\.{1,3} |[a-hNBRQKOx0-8=+#-]{1,6} |\\{[a-z %:\\[\\]0-9]{0,12}\\} ?|[()*;$!?\n]|1-0 |1/2-1/2 |\n\n){0,40}") {
        for variations in [Variations::Skip, Variations::Keep] {
            for game in read_all(&text, variations).into_iter().flatten() {
                let written = write_game(&game);
                let again = read_all(&written, variations);
                let moves = |g: &Game| g.moves.iter().map(|m| m.mv).collect::<Vec<_>>();
                let first = again.first().and_then(|g| g.as_ref().ok()).map(moves);
                prop_assert_eq!(first, Some(moves(&game)), "{}", written);
            }
        }
    }
}

/// FIDE C.8 to C.11 against the legal moves: `N<sq>` ... `K<sq>`, `<sq>` and `<f>x<sq>` read as
/// the one legal move that fits, are ambiguous when several fit and illegal when none does.
fn check_reader_against_legal_moves(pos: &Position) -> Result<(), TestCaseError> {
    let moves = pos.legal_moves();
    let reader = SanReader::default();
    let last_rank = Rank::EIGHTH.relative(pos.turn());
    for to in Square::all() {
        let promotion = if to.rank() == last_rank { "=Q" } else { "" };
        let fits_promotion = |m: &Move| m.promotion_role().is_none_or(|r| r == Role::Queen);
        let mut texts: Vec<(String, Vec<Move>)> = Vec::new();
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
            let fitting =
                moves.iter().filter(|m| !m.is_castle() && m.to() == to && pos.role_at(m.from()) == Some(role));
            texts.push((format!("{}{to}", role.upper_char()), fitting.copied().collect()));
        }
        for file in File::ALL {
            let fitting = moves.iter().filter(|m| {
                m.to() == to
                    && m.from().file() == file
                    && pos.role_at(m.from()) == Some(Role::Pawn)
                    && fits_promotion(m)
            });
            let text = if file == to.file() { format!("{to}{promotion}") } else { format!("{file}x{to}{promotion}") };
            texts.push((text, fitting.copied().collect()));
        }
        for (text, fitting) in texts {
            match (reader.read(pos, &text), fitting.as_slice()) {
                (Ok(read), [only]) => prop_assert_eq!(read.mv, *only, "{} in {:?}", text, pos),
                (Err(e), []) if e.kind() == "pawn_capture_without_file" => {
                    let capture = moves.iter().any(|m| {
                        m.to() == to && m.from().file() != to.file() && pos.role_at(m.from()) == Some(Role::Pawn)
                    });
                    prop_assert!(capture, "{}: {} in {:?}", text, e, pos);
                }
                (Err(e), []) => prop_assert_eq!(e.kind(), "illegal_move", "{}: {} in {:?}", text, e, pos),
                (Err(e), [_, _, ..]) => prop_assert_eq!(e.kind(), "ambiguous_san", "{}: {} in {:?}", text, e, pos),
                (result, fitting) => prop_assert!(false, "{}: {:?} but legal {:?} in {:?}", text, result, fitting, pos),
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn c8_c11_reader_agrees_with_the_legal_moves(seed in 0..SEEDS.len(), choices in prop::collection::vec(any::<u16>(), 0..80)) {
        let mut pos = Position::from_fen(SEEDS[seed]).map_err(|e| TestCaseError::fail(e.to_string()))?;
        check_reader_against_legal_moves(&pos)?;
        for choice in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[usize::from(choice) % moves.len()]);
            check_reader_against_legal_moves(&pos)?;
        }
    }
}
