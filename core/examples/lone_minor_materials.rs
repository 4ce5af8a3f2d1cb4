//! The static verdict on every material with a lone minor piece (FIDE 5.2.2, 6.9): White's
//! king and a knight, a light-squared or a dark-squared bishop against Black's king and up to
//! four of queen, rook, knight, light- and dark-squared bishop, no pawns. The static proofs of
//! such materials (`Proof::LoneMinorPiece`, `Proof::Interposition`, `Proof::BishopsOfOneColour`:
//! the cases of the material rule) depend on the material alone, so this list is their whole
//! domain: one line a material, with a position of it and the verdict of the proofs that need
//! no search (budget 0).
//!
//! Used by the mutation testing of issue 12 (docs/mutation.md): with the material rule as the
//! analysis's first proof, the mate patterns of a lone minor piece (the placements of up to
//! three of the opponent's pieces around its king, `unwinnable/mate_patterns.rs`, removed on
//! 2026-12-05) proved nothing more on any line.
//!
//! ```text
//! cargo run --profile mutants -p arbiter-core --example lone_minor_materials > before.txt
//! ```

use arbiter_core::{
    unwinnable_with_budget, CastlingMode, Color, Piece, Position, Role, Setup, Square, Validation, Verdict,
};

/// Black's men besides the king: queen, rook, knight, light- and dark-squared bishop.
const KINDS: [char; 5] = ['q', 'r', 'n', 'l', 'd'];
/// The squares Black's men are put on, first free one of the right colour first.
const SQUARES: [&str; 12] = ["d8", "e8", "f8", "d7", "e7", "f7", "d6", "e6", "f6", "d5", "e5", "f5"];

fn square(name: &str) -> Square {
    name.parse().expect("a square's name")
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

/// White's king a1 and `minor` on `home` against Black's king h8 and `set`, White to move.
fn setup(minor: Role, home: &str, set: &[char]) -> Setup {
    let mut setup = Setup::empty();
    setup.put(Piece::new(Color::White, Role::King), square("a1"));
    setup.put(Piece::new(Color::Black, Role::King), square("h8"));
    setup.put(Piece::new(Color::White, minor), square(home));
    for &kind in set {
        let fits = |sq: &Square| {
            setup.piece_at(*sq).is_none()
                && match kind {
                    'l' => sq.is_light(),
                    'd' => !sq.is_light(),
                    _ => true,
                }
        };
        let sq = SQUARES.iter().map(|name| square(name)).find(fits).expect("twelve squares for four men");
        let role = match kind {
            'q' => Role::Queen,
            'r' => Role::Rook,
            'n' => Role::Knight,
            _ => Role::Bishop,
        };
        setup.put(Piece::new(Color::Black, role), sq);
    }
    setup
}

fn main() {
    for (name, minor, home) in [("N", Role::Knight, "b3"), ("Bl", Role::Bishop, "c2"), ("Bd", Role::Bishop, "c1")] {
        for set in materials() {
            let label = format!("{name} v {}", set.iter().collect::<String>());
            let (fen, verdict) = match setup(minor, home, &set).position(CastlingMode::Standard, Validation::Full) {
                Ok(pos) => (pos.fen(), verdict(&pos)),
                Err(e) => (String::new(), format!("refused: {e}")),
            };
            println!("{label:12} {fen:50} {verdict}");
        }
    }
}

/// The verdict of the proofs that need no search.
fn verdict(pos: &Position) -> String {
    match unwinnable_with_budget(pos, Color::White, 0) {
        Verdict::Unwinnable(proof) => format!("unwinnable {proof:?}"),
        Verdict::Winnable(_) => "winnable".to_owned(),
        Verdict::Undetermined => "undetermined".to_owned(),
    }
}
