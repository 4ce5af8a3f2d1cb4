//! The squares each piece attacks (FIDE 3.1.2: a piece attacks a square it could capture on,
//! and 3.1.3: a pinned piece still attacks).
//!
//! Knight, king and pawn attacks come from tables computed at compile time. Slider attacks
//! (FIDE 3.2 to 3.5: bishops, rooks and queens move along lines and may not jump) go through
//! one interface, [`rook_attacks`] and [`bishop_attacks`], backed by tables that `build.rs`
//! generates: indexed by magic multiplication, or by PEXT when the crate is compiled with
//! BMI2 enabled.

use crate::{Bitboard, Color, Role, Square};

const fn step_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < deltas.len() {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// FIDE 3.6: the knight moves to one of the nearest squares not on its rank, file or diagonal.
static KNIGHT: [u64; 64] = step_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
/// FIDE 3.8.1: the king moves to an adjoining square.
static KING: [u64; 64] = step_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
/// FIDE 3.7.3: a pawn captures diagonally forward.
static PAWN: [[u64; 64]; 2] = [step_table(&[(1, 1), (-1, 1)]), step_table(&[(1, -1), (-1, -1)])];

/// The squares along `dirs` from each square to the edge of an empty board.
const fn ray_table(dirs: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < dirs.len() {
            let (mut f, mut r) = ((sq % 8) as i8 + dirs[i].0, (sq / 8) as i8 + dirs[i].1);
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1 << (r * 8 + f);
                f += dirs[i].0;
                r += dirs[i].1;
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// FIDE 3.3: the rook's lines on an empty board.
static ROOK_RAYS: [u64; 64] = ray_table(&[(1, 0), (-1, 0), (0, 1), (0, -1)]);
/// FIDE 3.2: the bishop's diagonals on an empty board.
static BISHOP_RAYS: [u64; 64] = ray_table(&[(1, 1), (1, -1), (-1, 1), (-1, -1)]);

const fn ray_between(a: i8, b: i8) -> (u64, u64) {
    // Returns (squares strictly between, the whole line through both) or zeros if not aligned.
    let (fa, ra, fb, rb) = (a % 8, a / 8, b % 8, b / 8);
    let (df, dr) = (fb - fa, rb - ra);
    if a == b || !(df == 0 || dr == 0 || df == dr || df == -dr) {
        return (0, 0);
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let mut between = 0u64;
    let (mut f, mut r) = (fa + sf, ra + sr);
    while f != fb || r != rb {
        between |= 1 << (r * 8 + f);
        f += sf;
        r += sr;
    }
    // Extend the line to both edges.
    let mut line = 0u64;
    let (mut f, mut r) = (fa, ra);
    while f >= 0 && f < 8 && r >= 0 && r < 8 {
        line |= 1 << (r * 8 + f);
        f -= sf;
        r -= sr;
    }
    let (mut f, mut r) = (fa + sf, ra + sr);
    while f >= 0 && f < 8 && r >= 0 && r < 8 {
        line |= 1 << (r * 8 + f);
        f += sf;
        r += sr;
    }
    (between, line)
}

const fn line_tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (bt, ln) = ray_between(a as i8, b as i8);
            between[a][b] = bt;
            line[a][b] = ln;
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

static LINES: ([[u64; 64]; 64], [[u64; 64]; 64]) = line_tables();

/// One square's entry in the slider tables.
pub(crate) struct SliderEntry {
    mask: u64,
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
    magic: u64,
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
    shift: u32,
    offset: usize,
}

include!(concat!(env!("OUT_DIR"), "/slider_tables.rs"));

#[inline(always)]
fn slider_index(entry: &SliderEntry, occupied: Bitboard) -> usize {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: this branch is compiled only when the target has BMI2.
        entry.offset + unsafe { core::arch::x86_64::_pext_u64(occupied.0, entry.mask) } as usize
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        entry.offset + ((occupied.0 & entry.mask).wrapping_mul(entry.magic) >> entry.shift) as usize
    }
}

/// FIDE 3.3: the squares a rook on `sq` attacks, stopping at the first occupied square
/// in each direction (which is included).
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(SLIDER_TABLE[slider_index(&ROOK_ENTRIES[sq.index()], occupied)])
}

/// FIDE 3.2: the squares a bishop on `sq` attacks.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(SLIDER_TABLE[slider_index(&BISHOP_ENTRIES[sq.index()], occupied)])
}

/// FIDE 3.4: the queen combines rook and bishop.
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// FIDE 3.6: the squares a knight on `sq` attacks.
#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

/// FIDE 3.8.1: the squares adjoining `sq`, which a king there attacks.
#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// The two squares diagonally in front of a `color` pawn on `sq`.
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

/// The squares a rook on `sq` would attack on an empty board: a rook or queen elsewhere can
/// attack `sq` along a line only from one of these (a cheap test before [`rook_attacks`]).
#[inline(always)]
pub fn rook_rays(sq: Square) -> Bitboard {
    Bitboard(ROOK_RAYS[sq.index()])
}

/// The squares a bishop on `sq` would attack on an empty board (see [`rook_rays`]).
#[inline(always)]
pub fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(BISHOP_RAYS[sq.index()])
}

/// FIDE 3.7.3: every square that one of the `color` pawns on `pawns` attacks, in one shift
/// each way.
#[inline(always)]
pub fn pawn_attacks_all(color: Color, pawns: Bitboard) -> Bitboard {
    const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
    const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;
    let (west, east) = (pawns.0 & NOT_FILE_A, pawns.0 & NOT_FILE_H);
    match color {
        Color::White => Bitboard(west << 7 | east << 9),
        Color::Black => Bitboard(west >> 9 | east >> 7),
    }
}

/// The squares a piece of `color` and `role` on `sq` attacks, given the occupancy.
pub fn attacks(color: Color, role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal; else empty.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES.0[a.index()][b.index()])
}

/// The whole line (edge to edge) through `a` and `b` if they are aligned; else empty.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES.1[a.index()][b.index()])
}

/// Whether `a`, `b` and `c` lie on one rank, file or diagonal.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(sq: Square, occ: Bitboard, dirs: &[(i8, i8)]) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for &(df, dr) in dirs {
            let mut cur = sq;
            while let Some(next) = cur.offset(df, dr) {
                bb = bb.with(next);
                if occ.contains(next) {
                    break;
                }
                cur = next;
            }
        }
        bb
    }

    #[test]
    fn slider_tables_match_ray_walk_3_2_3_3() {
        let mut x = 0x1234_5678_9abc_def0u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = Bitboard(x & x.rotate_left(17));
            let sq = Square::from_index((x >> 58) as u8).unwrap();
            assert_eq!(rook_attacks(sq, occ), naive(sq, occ, &[(1, 0), (-1, 0), (0, 1), (0, -1)]));
            assert_eq!(bishop_attacks(sq, occ), naive(sq, occ, &[(1, 1), (1, -1), (-1, 1), (-1, -1)]));
        }
    }

    #[test]
    fn knight_and_king_counts_3_6_3_8() {
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(knight_attacks(Square::D4).count(), 8);
        assert_eq!(king_attacks(Square::H8).count(), 3);
        assert_eq!(king_attacks(Square::E4).count(), 8);
        assert_eq!(pawn_attacks(Color::White, Square::A2), Bitboard::from_square(Square::B3));
        assert_eq!(pawn_attacks(Color::Black, Square::E5).count(), 2);
    }

    #[test]
    fn rays_are_empty_board_attacks_and_pawn_sets_are_unions_3_2_3_3_3_7_3() {
        for sq in Square::all() {
            assert_eq!(rook_rays(sq), rook_attacks(sq, Bitboard::EMPTY));
            assert_eq!(bishop_rays(sq), bishop_attacks(sq, Bitboard::EMPTY));
        }
        let mut x = 0x0fed_cba9_8765_4321u64;
        for _ in 0..1_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let pawns = Bitboard(x & 0x00ff_ffff_ffff_ff00);
            for color in [Color::White, Color::Black] {
                let union = pawns.into_iter().fold(Bitboard::EMPTY, |acc, sq| acc | pawn_attacks(color, sq));
                assert_eq!(pawn_attacks_all(color, pawns), union);
            }
        }
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(Square::A1, Square::D4).count(), 2);
        assert!(between(Square::A1, Square::B3).is_empty());
        assert_eq!(line(Square::B2, Square::C3).count(), 8);
        assert!(aligned(Square::A1, Square::H8, Square::E5));
        assert!(!aligned(Square::A1, Square::H8, Square::E4));
    }
}
