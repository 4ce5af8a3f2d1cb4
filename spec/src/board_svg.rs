//! A board diagram as SVG, for the HTML report: the pieces of a FEN's placement (FIDE 2.3: the
//! board with White's first rank at the bottom), its coordinates (Appendix C.2: files a to h,
//! ranks 1 to 8), and moves as arrows: the moves a case expected in one colour, the moves the
//! implementation answered in another, with a legend.
//!
//! The diagram needs nothing at view time: pieces are discs with their FEN letter (no chess
//! font, no image), text is in the generic `sans-serif` family. Nothing of the input reaches the
//! SVG as text: the placement is read into pieces and the moves into squares, and only what was
//! read is written, so a FEN or a move holding markup cannot inject any. A placement that is not
//! eight ranks of eight squares is no diagram ([`board`] gives `None`); a move that is not UCI
//! (two squares and an optional promotion letter) is no arrow.

use std::collections::BTreeSet;
use std::fmt::Write;

/// The side of a square, in SVG user units.
const SQUARE: f64 = 40.0;
/// The margin left of the board (rank numbers) and below it (file letters).
const MARGIN: f64 = 20.0;
/// The height of the legend under the coordinates.
const LEGEND: f64 = 44.0;
/// The most arrows of each kind drawn: an answer of a thousand moves is listed in the report's
/// text, and a diagram of a thousand arrows shows nothing.
pub const MAX_ARROWS: usize = 64;

/// The colour of the arrows of expected moves.
pub const EXPECTED_COLOUR: &str = "#1b7f3b";
/// The colour of the arrows of actual moves (drawn dashed as well, for who cannot tell the
/// colours apart).
pub const ACTUAL_COLOUR: &str = "#c0392b";

/// A square: file 0 to 7 (a to h), rank 0 to 7 (1 to 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Square {
    /// 0 for the a-file.
    pub file: u8,
    /// 0 for the first rank.
    pub rank: u8,
}

impl Square {
    /// Reads a square's name (`e4`).
    pub fn parse(name: &str) -> Option<Square> {
        let mut chars = name.chars();
        let (f, r) = (chars.next()?, chars.next()?);
        if chars.next().is_some() || !('a'..='h').contains(&f) || !('1'..='8').contains(&r) {
            return None;
        }
        Some(Square { file: f as u8 - b'a', rank: r as u8 - b'1' })
    }

    /// The square's name (`e4`).
    pub fn name(self) -> String {
        format!("{}{}", char::from(b'a' + self.file), char::from(b'1' + self.rank))
    }

    /// The centre of the square in the diagram.
    fn centre(self) -> (f64, f64) {
        (MARGIN + (f64::from(self.file) + 0.5) * SQUARE, (7.5 - f64::from(self.rank)) * SQUARE)
    }
}

/// A move as an arrow: from, to, and the promotion letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Arrow {
    /// Where the piece starts.
    pub from: Square,
    /// Where it goes (in Chess960 castling written as king takes rook, the rook's square).
    pub to: Square,
    /// `q`, `r`, `b` or `n` for a promotion.
    pub promotion: Option<char>,
}

impl Arrow {
    /// Reads a UCI move (`e2e4`, `e7e8q`); `None` for anything else (`0000`, SAN, garbage).
    pub fn parse(uci: &str) -> Option<Arrow> {
        if !uci.is_ascii() || !(4..=5).contains(&uci.len()) {
            return None;
        }
        let (from, to) = (Square::parse(&uci[0..2])?, Square::parse(&uci[2..4])?);
        let promotion = match uci[4..].chars().next() {
            None => None,
            Some(c @ ('q' | 'r' | 'b' | 'n')) => Some(c),
            Some(_) => return None,
        };
        (from != to).then_some(Arrow { from, to, promotion })
    }

    /// The move as UCI text, as read.
    pub fn uci(self) -> String {
        let mut text = self.from.name() + &self.to.name();
        text.extend(self.promotion);
        text
    }
}

/// The 64 squares of a FEN's piece placement (its first field), `board[rank][file]` holding the
/// FEN letter of the piece there (`K` a white king, `p` a black pawn); `None` when the field is
/// not eight ranks of eight squares of the six pieces of either colour.
pub fn placement(fen: &str) -> Option<[[Option<char>; 8]; 8]> {
    let field = fen.split_whitespace().next()?;
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return None;
    }
    let mut board = [[None; 8]; 8];
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0usize;
        for c in text.chars() {
            match c {
                '1'..='8' => file += c as usize - '0' as usize,
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => {
                    *board[rank].get_mut(file)? = Some(c);
                    file += 1;
                }
                _ => return None,
            }
            if file > 8 {
                return None;
            }
        }
        if file != 8 {
            return None;
        }
    }
    Some(board)
}

/// The side to move of a FEN (its second field): `Some(true)` for White, `Some(false)` for
/// Black, `None` when it is neither `w` nor `b`.
pub fn white_to_move(fen: &str) -> Option<bool> {
    match fen.split_whitespace().nth(1) {
        Some("w") => Some(true),
        Some("b") => Some(false),
        _ => None,
    }
}

/// The piece a FEN letter stands for, in words (`white king`).
fn piece_name(letter: char) -> String {
    let colour = if letter.is_ascii_uppercase() { "white" } else { "black" };
    let role = match letter.to_ascii_lowercase() {
        'k' => "king",
        'q' => "queen",
        'r' => "rook",
        'b' => "bishop",
        'n' => "knight",
        _ => "pawn",
    };
    format!("{colour} {role}")
}

/// The moves of `texts` that read as UCI, each once, at most [`MAX_ARROWS`].
pub fn arrows<S: AsRef<str>>(texts: &[S]) -> Vec<Arrow> {
    let unique: BTreeSet<Arrow> = texts.iter().filter_map(|t| Arrow::parse(t.as_ref())).collect();
    unique.into_iter().take(MAX_ARROWS).collect()
}

/// The diagram of the position of `fen` with the `expected` moves and the `actual` moves as
/// arrows (see [`arrows`]); `None` when the FEN's placement cannot be read ([`placement`]).
///
/// ```
/// use arbiter_spec::board_svg::board;
/// let svg = board("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &["e2e4"], &["e2e5"]).unwrap();
/// assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>"));
/// assert_eq!(svg.matches("class=\"piece ").count(), 3);
/// assert!(svg.contains("data-move=\"e2e4\"") && svg.contains("data-move=\"e2e5\""));
/// assert!(board("not a fen", &[] as &[&str], &[] as &[&str]).is_none());
/// ```
pub fn board<E: AsRef<str>, A: AsRef<str>>(fen: &str, expected: &[E], actual: &[A]) -> Option<String> {
    let squares = placement(fen)?;
    let (expected, actual) = (arrows(expected), arrows(actual));
    let width = MARGIN + 8.0 * SQUARE;
    let height = 8.0 * SQUARE + MARGIN + LEGEND;
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg class=\"board\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" role=\"img\" \
         aria-label=\"board diagram: {} expected and {} actual moves marked\" font-family=\"sans-serif\">",
        expected.len(),
        actual.len()
    );
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let (x, y) = (MARGIN + f64::from(file) * SQUARE, f64::from(7 - rank) * SQUARE);
            // FIDE 2.1: a1 is dark, so a square is light when its file and rank differ in parity.
            let fill = if (file + rank) % 2 == 1 { "#f0d9b5" } else { "#b58863" };
            let _ = write!(svg, "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{fill}\"/>");
        }
    }
    for i in 0..8u8 {
        let file_x = MARGIN + (f64::from(i) + 0.5) * SQUARE;
        let rank_y = (7.5 - f64::from(i)) * SQUARE;
        let _ = write!(
            svg,
            "<text class=\"coordinate\" x=\"{file_x}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#333\">{}</text>\
             <text class=\"coordinate\" x=\"{}\" y=\"{rank_y}\" font-size=\"12\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#333\">{}</text>",
            8.0 * SQUARE + 14.0,
            char::from(b'a' + i),
            MARGIN / 2.0,
            char::from(b'1' + i)
        );
    }
    for (rank, row) in squares.iter().enumerate() {
        for (file, piece) in row.iter().enumerate() {
            let Some(letter) = piece else { continue };
            let square = Square { file: file as u8, rank: rank as u8 };
            let (cx, cy) = square.centre();
            let (disc, ink) = if letter.is_ascii_uppercase() { ("#fdfdfd", "#111") } else { ("#222", "#f5f5f5") };
            let _ = write!(
                svg,
                "<g class=\"piece {}\" data-square=\"{}\"><title>{} {}</title>\
                 <circle cx=\"{cx}\" cy=\"{cy}\" r=\"15\" fill=\"{disc}\" stroke=\"#111\" stroke-width=\"1.5\"/>\
                 <text x=\"{cx}\" y=\"{cy}\" font-size=\"18\" font-weight=\"bold\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{ink}\">{}</text></g>",
                piece_name(*letter).replace(' ', "-"),
                square.name(),
                piece_name(*letter),
                square.name(),
                letter.to_ascii_uppercase()
            );
        }
    }
    let both: BTreeSet<(Square, Square)> =
        expected.iter().map(|a| (a.from, a.to)).filter(|pair| actual.iter().any(|b| (b.from, b.to) == *pair)).collect();
    for (kind, moves, side) in [("expected", &expected, -1.0), ("actual", &actual, 1.0)] {
        for arrow in moves.iter() {
            let (from, to) = (arrow.from.centre(), arrow.to.centre());
            // The same move in both lists: the two arrows side by side, not one over the other.
            let shift = if both.contains(&(arrow.from, arrow.to)) { 4.0 * side } else { 0.0 };
            draw_arrow(&mut svg, kind, *arrow, from, to, shift);
        }
    }
    let legend_y = 8.0 * SQUARE + MARGIN + 12.0;
    for (i, (kind, words)) in
        [("expected", "expected (the case)"), ("actual", "actual (the implementation)")].into_iter().enumerate()
    {
        let y = legend_y + 16.0 * i as f64;
        let _ = write!(svg, "<g class=\"legend {kind}\">");
        draw_arrow_shape(&mut svg, kind, (MARGIN, y), (MARGIN + 40.0, y));
        let _ = write!(
            svg,
            "<text x=\"{}\" y=\"{y}\" font-size=\"12\" dominant-baseline=\"central\" fill=\"#222\">{words}</text></g>",
            MARGIN + 50.0
        );
    }
    svg.push_str("</svg>");
    Some(svg)
}

/// One move's arrow, moved `shift` units to its side.
fn draw_arrow(svg: &mut String, kind: &str, arrow: Arrow, from: (f64, f64), to: (f64, f64), shift: f64) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt().max(1.0);
    let (nx, ny) = (-dy / length * shift, dx / length * shift);
    let _ =
        write!(svg, "<g class=\"arrow {kind}\" data-move=\"{}\"><title>{kind} {}</title>", arrow.uci(), arrow.uci());
    draw_arrow_shape(svg, kind, (from.0 + nx, from.1 + ny), (to.0 + nx, to.1 + ny));
    svg.push_str("</g>");
}

/// A shaft and a head from `from` to `to`: solid in [`EXPECTED_COLOUR`] for `expected`, dashed
/// in [`ACTUAL_COLOUR`] otherwise.
fn draw_arrow_shape(svg: &mut String, kind: &str, from: (f64, f64), to: (f64, f64)) {
    let (colour, dash) =
        if kind == "expected" { (EXPECTED_COLOUR, "") } else { (ACTUAL_COLOUR, " stroke-dasharray=\"7 4\"") };
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / length, dy / length);
    let head = 12.0_f64.min(length / 2.0);
    let (bx, by) = (to.0 - ux * head, to.1 - uy * head);
    let (px, py) = (-uy * head * 0.6, ux * head * 0.6);
    let _ = write!(
        svg,
        "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{bx:.1}\" y2=\"{by:.1}\" stroke=\"{colour}\" stroke-width=\"5\" stroke-opacity=\"0.85\"{dash}/>\
         <polygon points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"{colour}\" fill-opacity=\"0.85\"/>",
        from.0,
        from.1,
        to.0,
        to.1,
        bx + px,
        by + py,
        bx - px,
        by - py
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placement_reads_the_initial_position_2_3() {
        let board = placement("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(board[0][4], Some('K'), "the white king on e1");
        assert_eq!(board[7][3], Some('q'), "the black queen on d8");
        assert_eq!(board[3], [None; 8]);
    }

    #[test]
    fn placement_refuses_what_is_not_eight_ranks_of_eight() {
        for fen in [
            "",
            "8/8/8/8/8/8/8 w - - 0 1",
            "8/8/8/8/8/8/8/8/8 w",
            "9/8/8/8/8/8/8/8",
            "7/8/8/8/8/8/8/8",
            "ppppppppp/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/7x",
            "<script>/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/0K7",
        ] {
            assert!(placement(fen).is_none(), "{fen:?}");
        }
    }

    #[test]
    fn arrows_read_uci_only() {
        assert_eq!(Arrow::parse("e7e8q").map(Arrow::uci).as_deref(), Some("e7e8q"));
        for text in ["0000", "e2e2", "e2e9", "e7e8k", "Nf3", "e2e4\"", "é2e4", "e2e4qq", ""] {
            assert_eq!(Arrow::parse(text), None, "{text:?}");
        }
        let many: Vec<String> =
            (0..200).map(|i| format!("{}1{}8", (b'a' + i % 8) as char, (b'a' + i / 8 % 8) as char)).collect();
        assert_eq!(arrows(&many).len(), MAX_ARROWS);
        assert_eq!(arrows(&["e2e4", "e2e4", "bad"]).len(), 1);
    }

    #[test]
    fn the_same_move_expected_and_answered_is_two_arrows() {
        let svg = board("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &["e2e4"], &["e2e4"]).unwrap();
        assert_eq!(svg.matches("class=\"arrow expected\" data-move=\"e2e4\"").count(), 1);
        assert_eq!(svg.matches("class=\"arrow actual\" data-move=\"e2e4\"").count(), 1);
    }

    #[test]
    fn a1_is_dark_2_1() {
        let svg = board("8/8/8/8/8/8/8/8 w - - 0 1", &[] as &[&str], &[] as &[&str]).unwrap();
        // a1 is drawn at the bottom left: x = MARGIN, y = 7 squares down.
        assert!(
            svg.contains(&format!(
                "<rect x=\"{MARGIN}\" y=\"{}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"#b58863\"/>",
                7.0 * SQUARE
            )),
            "{svg}"
        );
    }
}
