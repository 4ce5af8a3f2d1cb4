//! The static verdict on every material a lone minor piece's proofs can apply to (FIDE 5.2.2,
//! 6.9): White's king and a knight, a light-squared or a dark-squared bishop against Black's
//! king and up to four of queen, rook, knight, light- and dark-squared bishop, no pawns. Those
//! proofs (`Proof::LoneMinorPiece`, `Proof::Interposition`, `Proof::BishopsOfOneColour`) depend
//! on the material alone, so this list is their whole domain: one line a material, with a
//! position of it and the verdict of the proofs that need no search (budget 0).
//!
//! Used by the mutation testing of issue 12 (docs/mutation.md): a mutant of
//! `unwinnable/mate_patterns.rs` that leaves every line unchanged changes no verdict.
//!
//! ```text
//! cargo run --profile mutants -p arbiter-core --example lone_minor_materials > before.txt
//! ```

use arbiter_core::{unwinnable_with_budget, Color, Position, Verdict};

/// Black's men besides the king: queen, rook, knight, light- and dark-squared bishop.
const KINDS: [char; 5] = ['q', 'r', 'n', 'l', 'd'];
/// The squares Black's men are put on, first free one of the right colour first.
const SQUARES: [&str; 12] = ["d8", "e8", "f8", "d7", "e7", "f7", "d6", "e6", "f6", "d5", "e5", "f5"];

fn is_light(sq: &str) -> bool {
    let b = sq.as_bytes();
    (b[0] - b'a' + b[1] - b'1') % 2 == 1
}

/// Every multiset of up to four of [`KINDS`], in order.
fn materials() -> Vec<Vec<char>> {
    let mut all: Vec<Vec<char>> = vec![Vec::new()];
    let mut last: Vec<Vec<char>> = vec![Vec::new()];
    for _ in 0..4 {
        let mut next = Vec::new();
        for set in &last {
            let from = set.last().map_or(0, |l| KINDS.iter().position(|k| k == l).unwrap_or(0));
            for &kind in &KINDS[from..] {
                let mut bigger = set.clone();
                bigger.push(kind);
                next.push(bigger);
            }
        }
        all.extend(next.iter().cloned());
        last = next;
    }
    all
}

/// The FEN of White's king a1 and `minor` on `home` against Black's king h8 and `set`.
fn fen(minor: char, home: &str, set: &[char]) -> String {
    let mut board = [['.'; 8]; 8];
    let mut put = |sq: &str, piece: char| {
        let b = sq.as_bytes();
        board[usize::from(b[1] - b'1')][usize::from(b[0] - b'a')] = piece;
    };
    put("a1", 'K');
    put("h8", 'k');
    put(home, minor);
    let mut used: Vec<&str> = Vec::new();
    for &kind in set {
        let fits = |sq: &&str| {
            !used.contains(sq)
                && match kind {
                    'l' => is_light(sq),
                    'd' => !is_light(sq),
                    _ => true,
                }
        };
        let sq = SQUARES.iter().copied().find(|sq| fits(sq)).expect("twelve squares for four men");
        used.push(sq);
        put(sq, if matches!(kind, 'l' | 'd') { 'b' } else { kind });
    }
    let ranks: Vec<String> = board
        .iter()
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for &c in rank {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(c);
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    format!("{} w - - 0 1", ranks.join("/"))
}

fn main() {
    for (name, minor, home) in [("N", 'N', "b3"), ("Bl", 'B', "c2"), ("Bd", 'B', "c1")] {
        for set in materials() {
            let fen = fen(minor, home, &set);
            let verdict = match Position::from_fen(&fen) {
                Ok(pos) => match unwinnable_with_budget(&pos, Color::White, 0) {
                    Verdict::Unwinnable(proof) => format!("unwinnable {proof:?}"),
                    Verdict::Winnable(_) => "winnable".to_owned(),
                    Verdict::Undetermined => "undetermined".to_owned(),
                },
                Err(e) => format!("refused: {e}"),
            };
            println!("{:12} {fen:50} {verdict}", format!("{name} v {}", set.iter().collect::<String>()));
        }
    }
}
