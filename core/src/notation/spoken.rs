//! Spoken moves for games with visually disabled players (FIDE Appendix D.2.1), in the German
//! words the Laws prescribe.

use crate::{CastlingSide, File, Move, Position, Rank, Role, Square};

/// Whether umlauts are written (`König`, `Läufer`, `fünf`) or spelled out in ASCII
/// (`Koenig`, `Laeufer`, `fuenf`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Spelling {
    /// ASCII: `Koenig`, `Laeufer`, `fuenf`.
    #[default]
    Ascii,
    /// Umlauts: `König`, `Läufer`, `fünf`.
    Umlaut,
}

/// FIDE D.2.1.a: the names of the files.
const FILES: [&str; 8] = ["Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector"];

/// FIDE D.2.1.b: the ranks are the German numbers.
fn rank_word(rank: Rank, spelling: Spelling) -> &'static str {
    match (rank.index(), spelling) {
        (0, _) => "eins",
        (1, _) => "zwei",
        (2, _) => "drei",
        (3, _) => "vier",
        (4, Spelling::Ascii) => "fuenf",
        (4, Spelling::Umlaut) => "fünf",
        (5, _) => "sechs",
        (6, _) => "sieben",
        _ => "acht",
    }
}

/// FIDE D.2.1.d: the names of the pieces.
pub fn piece_word(role: Role, spelling: Spelling) -> &'static str {
    match (role, spelling) {
        (Role::King, Spelling::Ascii) => "Koenig",
        (Role::King, Spelling::Umlaut) => "König",
        (Role::Queen, _) => "Dame",
        (Role::Rook, _) => "Turm",
        (Role::Bishop, Spelling::Ascii) => "Laeufer",
        (Role::Bishop, Spelling::Umlaut) => "Läufer",
        (Role::Knight, _) => "Springer",
        (Role::Pawn, _) => "Bauer",
    }
}

fn file_word(file: File) -> &'static str {
    FILES[file.index() as usize]
}

fn square_words(sq: Square, spelling: Spelling) -> String {
    format!("{} {}", file_word(sq.file()), rank_word(sq.rank(), spelling))
}

/// FIDE D.2.1: the spoken form of the legal move `m` in `pos`: the piece (D.2.1.d), its
/// departure and arrival squares with the file names and German numbers (D.2.1.a, b), the
/// chosen piece for a promotion (D.2.1: the player must announce it), and castling as
/// `Kurze Rochade` / `Lange Rochade` (D.2.1.c). Both squares are named so that the opponent
/// can repeat the move on their own board without looking at the position.
///
/// `Springer Gustav eins Felix drei`, `Bauer Eva sieben Eva acht Dame`, `Kurze Rochade`.
pub fn write_spoken(pos: &Position, m: Move, spelling: Spelling) -> String {
    match m.castling_side() {
        Some(CastlingSide::KingSide) => return "Kurze Rochade".to_owned(),
        Some(CastlingSide::QueenSide) => return "Lange Rochade".to_owned(),
        None => {}
    }
    let role = pos.role_at(m.from()).unwrap_or(Role::Pawn);
    let mut words = format!(
        "{} {} {}",
        piece_word(role, spelling),
        square_words(m.from(), spelling),
        square_words(m.to(), spelling)
    );
    if let Some(promoted) = m.promotion_role() {
        words.push(' ');
        words.push_str(piece_word(promoted, spelling));
    }
    words
}
