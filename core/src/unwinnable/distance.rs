//! The distances the searches' move orderings measure: king steps between two squares, knight
//! moves between two squares on an empty board, and a square's king steps to the nearest edge
//! and to the nearest corner. Each is a table, so that scoring a move costs a look-up, not
//! arithmetic (the ordering scores every legal move of every node).

use std::sync::OnceLock;

use crate::{Bitboard, Square};

/// The king steps from `a` to `b` (FIDE 3.8.1: one square in any direction a step).
pub(super) fn king(a: Square, b: Square) -> u8 {
    KING[a.index()][b.index()]
}

/// The king steps from `sq` to the nearest edge of the board.
pub(super) fn to_edge(sq: Square) -> u8 {
    EDGE[sq.index()]
}

/// The king steps from `sq` to the nearest corner of the board.
pub(super) fn to_corner(sq: Square) -> u8 {
    CORNER[sq.index()]
}

/// The fewest knight moves (FIDE 3.6) from `a` to `b` on an empty board.
pub(super) fn knight(a: Square, b: Square) -> u8 {
    static TABLE: OnceLock<Box<[[u8; 64]; 64]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = Box::new([[u8::MAX; 64]; 64]);
        for from in Square::all() {
            let row = &mut table[from.index()];
            row[from.index()] = 0;
            let mut frontier = Bitboard::from_square(from);
            let mut distance = 0;
            while frontier.any() {
                distance += 1;
                let mut next = Bitboard::EMPTY;
                for sq in frontier {
                    for to in crate::attacks::knight_attacks(sq) {
                        if row[to.index()] == u8::MAX {
                            row[to.index()] = distance;
                            next = next.with(to);
                        }
                    }
                }
                frontier = next;
            }
        }
        table
    });
    table[a.index()][b.index()]
}

static KING: [[u8; 64]; 64] = king_table();
static EDGE: [u8; 64] = edge_table(false);
static CORNER: [u8; 64] = edge_table(true);

/// (file, rank) of a square index.
const fn coordinates(index: usize) -> (u8, u8) {
    let sq = Square::from_index_unchecked(index as u8);
    (sq.file().index(), sq.rank().index())
}

const fn king_table() -> [[u8; 64]; 64] {
    let mut table = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let ((fa, ra), (fb, rb)) = (coordinates(a), coordinates(b));
            let (df, dr) = (fa.abs_diff(fb), ra.abs_diff(rb));
            table[a][b] = if df > dr { df } else { dr };
            b += 1;
        }
        a += 1;
    }
    table
}

/// For each square, the king steps to the nearest edge, or with `corner` to the nearest
/// corner (the farther of the nearest file edge and the nearest rank edge).
const fn edge_table(corner: bool) -> [u8; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = coordinates(sq);
        let to_file_edge = if file < 7 - file { file } else { 7 - file };
        let to_rank_edge = if rank < 7 - rank { rank } else { 7 - rank };
        let (near, far) =
            if to_file_edge < to_rank_edge { (to_file_edge, to_rank_edge) } else { (to_rank_edge, to_file_edge) };
        table[sq] = if corner { far } else { near };
        sq += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::{king, knight, to_corner, to_edge};
    use crate::Square;

    #[test]
    fn distances_of_the_orderings() {
        assert_eq!(king(Square::A1, Square::H8), 7);
        assert_eq!(king(Square::E4, Square::F6), 2);
        assert_eq!(king(Square::D5, Square::D5), 0);
        assert_eq!(to_edge(Square::A5), 0);
        assert_eq!(to_edge(Square::D4), 3);
        assert_eq!(to_edge(Square::B7), 1);
        assert_eq!(to_corner(Square::A1), 0);
        assert_eq!(to_corner(Square::A5), 3);
        assert_eq!(to_corner(Square::G2), 1);
        assert_eq!(knight(Square::A1, Square::B3), 1);
        assert_eq!(knight(Square::A1, Square::H8), 6);
        assert_eq!(knight(Square::A1, Square::B2), 4);
        for a in Square::all() {
            for b in Square::all() {
                let (df, dr) =
                    (a.file().index().abs_diff(b.file().index()), a.rank().index().abs_diff(b.rank().index()));
                assert_eq!(king(a, b), df.max(dr), "{a} {b}");
            }
        }
    }
}
