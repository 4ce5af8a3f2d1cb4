//! PGN collections: the streaming reader (tags, movetext, comments, NAGs, variations, results,
//! `[%clk]`), its error reports (game number and line, then the next game) and the writer.
//! PGN is the record of the moves FIDE 8.1.1 asks for, in Appendix C's algebraic notation.

use std::time::Duration;

use arbiter_core::notation::pgn::{
    read_all, take_clock, write_game, Game, GameMove, PgnErrorKind, PgnReader, Variations, MAX_LINE,
};
use arbiter_core::{GameResult, Position};

const COLLECTION: &str = include_str!("data/pgn/collection.pgn");

fn games(variations: Variations) -> Vec<Result<Game, arbiter_core::notation::pgn::PgnError>> {
    read_all(COLLECTION, variations)
}

fn sans(moves: &[GameMove]) -> Vec<&str> {
    moves.iter().map(|m| m.san.as_str()).collect()
}

#[test]
fn c_pgn_reads_every_game_and_reports_the_bad_ones_with_number_and_line() {
    let all = games(Variations::Skip);
    assert_eq!(all.len(), 5);
    assert!(all[0].is_ok() && all[2].is_ok() && all[4].is_ok(), "{all:?}");
    let bad = all[1].as_ref().unwrap_err();
    assert_eq!((bad.game, bad.line), (2, 23));
    match &bad.kind {
        PgnErrorKind::Move { ply, text, source } => {
            assert_eq!((*ply, text.as_str(), source.kind()), (5, "Bb6", "illegal_move"));
        }
        other => panic!("{other:?}"),
    }
    assert!(bad.to_string().starts_with("game 2, line 23:"), "{bad}");
    let unclosed = all[3].as_ref().unwrap_err();
    assert_eq!((unclosed.game, unclosed.line, &unclosed.kind), (4, 45, &PgnErrorKind::UnclosedComment));
    let last = all[4].as_ref().expect("game five");
    assert_eq!(last.number, 5);
    assert_eq!(last.tag("Round"), Some("5"));
    assert_eq!(sans(&last.moves), ["f3", "e5", "g4", "Qh4#"]);
    assert!(last.final_position().is_checkmate());
}

#[test]
fn c_pgn_tags_movetext_comments_nags_clocks_and_result() {
    let all = games(Variations::Skip);
    let game = all[0].as_ref().expect("game one");
    assert_eq!((game.number, game.line), (1, 1));
    assert_eq!(game.tag("White"), Some("Alpha"));
    assert_eq!(game.tag("TimeControl"), Some("300+2"));
    assert_eq!(game.tags.len(), 8);
    assert_eq!(game.result, Some(GameResult::WhiteWins));
    assert_eq!(sans(&game.moves), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]);
    assert_eq!(game.moves[0].comments_before, ["Opening comment"]);
    assert_eq!(game.moves[0].clock, Some(Duration::from_secs(300)));
    assert_eq!(game.moves[1].clock, Some(Duration::from_millis(299_500)));
    assert_eq!(game.moves[1].comments, ["a reply"]);
    assert_eq!(game.moves[2].nags, [1]);
    assert_eq!(game.moves[4].nags, [5]);
    assert_eq!(game.moves[5].comments, ["the Morphy defence"]);
    assert!(game.moves[3].variations.is_empty());
    assert!(game.moves[8].mv.is_castle());
}

#[test]
fn c_pgn_variations_kept_are_played_from_the_position_before_the_move() {
    let all = games(Variations::Keep);
    let game = all[0].as_ref().expect("game one");
    assert_eq!(game.moves[3].variations.len(), 1);
    assert_eq!(sans(&game.moves[3].variations[0]), ["d6", "d4"]);
}

#[test]
fn c_pgn_fen_tag_sets_the_start() {
    let all = games(Variations::Skip);
    let game = all[2].as_ref().expect("game three");
    assert_eq!(game.start.fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(game.result, Some(GameResult::Draw));
    assert_eq!(game.final_position().fen(), "8/8/4k3/4P3/8/8/8/4K3 w - - 1 3");
}

#[test]
fn c_pgn_streaming_reader_works_over_bufread() {
    let reader = std::io::BufReader::new(COLLECTION.as_bytes());
    let numbers: Vec<usize> = PgnReader::new(reader).filter_map(Result::ok).map(|g| g.number).collect();
    assert_eq!(numbers, [1, 3, 5]);
}

#[test]
fn c_pgn_malformed_games_are_errors_not_panics() {
    type Expect = fn(&PgnErrorKind) -> bool;
    let cases: [(&str, Expect); 6] = [
        ("[Event \"x\"\n\n1. e4 *\n", |k| matches!(k, PgnErrorKind::Tag(_))),
        ("[FEN \"not a fen\"]\n\n1. e4 *\n", |k| matches!(k, PgnErrorKind::Fen(_))),
        ("1. e4 ( d4 *\n", |k| matches!(k, PgnErrorKind::ResultInVariation(_))),
        ("1. e4 e5 ) *\n", |k| matches!(k, PgnErrorKind::UnopenedVariation)),
        ("( 1. e4 ) *\n", |k| matches!(k, PgnErrorKind::VariationWithoutMove)),
        ("1. e4 * e5\n", |k| matches!(k, PgnErrorKind::AfterResult(_))),
    ];
    for (text, expected) in cases {
        let all = read_all(text, Variations::Keep);
        assert_eq!(all.len(), 1, "{text:?}");
        let err = all[0].as_ref().unwrap_err();
        assert!(expected(&err.kind), "{text:?}: {err}");
        assert_eq!(err.game, 1);
    }
    let all = read_all("1. e4 ( d4\n", Variations::Keep);
    assert_eq!(all[0].as_ref().unwrap_err().kind, PgnErrorKind::UnclosedVariation);
}

#[test]
fn c_pgn_games_without_tags_are_split_at_blank_lines_after_a_result() {
    let all = read_all("1. e4 e5 1-0\n\n1. d4 d5 0-1\n", Variations::Skip);
    let results: Vec<_> = all.iter().map(|g| g.as_ref().map(|g| g.result)).collect();
    assert_eq!(results, [Ok(Some(GameResult::WhiteWins)), Ok(Some(GameResult::BlackWins))]);
}

#[test]
fn c_pgn_clock_annotation() {
    assert_eq!(take_clock("[%clk 1:02:03]"), (Some(Duration::from_secs(3723)), String::new()));
    assert_eq!(take_clock("ok [%clk 0:00:07.25] then"), (Some(Duration::from_millis(7250)), "ok then".into()));
    assert_eq!(take_clock("[%clk 1:99:00]").0, None);
    assert_eq!(take_clock("no clock"), (None, "no clock".into()));
}

#[test]
fn c_pgn_writer_export_format_round_trips_and_keeps_lines_under_80_columns() {
    let all = games(Variations::Keep);
    for game in all.iter().filter_map(|g| g.as_ref().ok()) {
        let text = write_game(game);
        for line in text.lines() {
            assert!(line.chars().count() <= MAX_LINE, "{line:?}");
        }
        let again = read_all(&text, Variations::Keep);
        let again = again[0].as_ref().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(
            again.moves.iter().map(|m| m.mv).collect::<Vec<_>>(),
            game.moves.iter().map(|m| m.mv).collect::<Vec<_>>()
        );
        assert_eq!(again.result, game.result);
        assert_eq!(again.start, game.start);
        for (a, b) in again.moves.iter().zip(&game.moves) {
            assert_eq!(
                (&a.nags, &a.comments, a.clock, &a.comments_before),
                (&b.nags, &b.comments, b.clock, &b.comments_before)
            );
            assert_eq!(a.variations.len(), b.variations.len());
        }
    }
}

#[test]
fn c_pgn_writer_output_of_game_one() {
    let all = games(Variations::Keep);
    let text = write_game(all[0].as_ref().expect("game one"));
    let expected = "[Event \"Fixture game one\"]\n[Site \"arbiter\"]\n[Date \"2026.11.30\"]\n[Round \"1\"]\n\
[White \"Alpha\"]\n[Black \"Beta\"]\n[Result \"1-0\"]\n[TimeControl \"300+2\"]\n\n\
{Opening comment} 1. e4 {[%clk 0:05:00]} 1... e5 {[%clk 0:04:59.5]} {a reply}\n\
2. Nf3 $1 Nc6 (2... d6 3. d4) 3. Bb5 $5 a6 {the Morphy defence} 4. Ba4 Nf6\n\
5. O-O Be7 1-0\n";
    assert_eq!(text, expected);
}

#[test]
fn c_pgn_writer_long_game_wraps_and_adds_fen_for_a_set_up_position() {
    let start = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").expect("fen");
    let mut game = Game { start, ..Game::new() };
    let mut pos = start;
    for i in 0..60 {
        let uci = match i % 4 {
            0 => "a1a2",
            1 => "e8d8",
            2 => "a2a1",
            _ => "d8e8",
        };
        let mv = pos.parse_uci(uci).expect("legal");
        game.moves.push(GameMove::new(mv, pos.san(mv)));
        pos.play_unchecked(mv);
    }
    let text = write_game(&game);
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n"), "{text}");
    assert!(text.lines().count() > 12);
    assert!(text.lines().all(|l| l.chars().count() <= MAX_LINE));
    let again = read_all(&text, Variations::Skip);
    assert_eq!(again[0].as_ref().expect("round trip").moves.len(), 60);
}

/// Found by the `pgn` fuzz target: a comment word starting with `%` that the writer wrapped to
/// the start of a line turned the line into a PGN escape (PGN 6), which the reader skips with
/// the comment's closing brace, so the written game no longer read back.
#[test]
fn c_pgn_writer_never_starts_a_line_with_a_percent_sign() {
    let start = Position::startpos();
    let mv = start.parse_uci("e2e4").expect("legal");
    let mut first = GameMove::new(mv, "e4".into());
    let filler = "word ".repeat(14);
    first.comments.push(format!("{filler} %clk %evl 0.3 {filler} %"));
    let game = Game { moves: vec![first], ..Game::new() };
    let text = write_game(&game);
    assert!(text.lines().all(|l| !l.starts_with('%') && l.chars().count() <= MAX_LINE), "{text}");
    let again = read_all(&text, Variations::Skip);
    let again = again[0].as_ref().unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.moves.len(), 1);
    assert_eq!(
        again.moves[0].comments,
        game.moves[0].comments.iter().map(|c| c.split_whitespace().collect::<Vec<_>>().join(" ")).collect::<Vec<_>>()
    );
}

/// Guidelines II: a PGN game of Chess960 says so in its Variant tag; the castling mode comes
/// from that tag, not from what the FEN's castling field looks like. Without the tag, a FEN
/// with rights only Chess960 has is refused (FIDE 3.8.2.1) with its line.
#[test]
fn pgn_chess960_mode_comes_from_the_variant_tag_ii() {
    let fen = "4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1";
    let with_tag = format!("[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n\n1. O-O-O *\n");
    let game = read_all(&with_tag, Variations::Skip).remove(0).expect("a Chess960 game");
    assert_eq!(game.start.castling_mode(), arbiter_core::CastlingMode::Chess960);
    assert_eq!(game.start.uci(game.moves[0].mv), "f1b1", "king takes rook in Chess960 UCI");
    let without = format!("[FEN \"{fen}\"]\n\n1. O-O-O *\n");
    let err = read_all(&without, Variations::Skip).remove(0).expect_err("standard chess");
    assert_eq!(err.line, 1);
    match &err.kind {
        PgnErrorKind::Fen(e) => assert_eq!(e.kind(), "illegal_position", "{e}"),
        other => panic!("{other:?}"),
    }
}
