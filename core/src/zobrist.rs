//! Zobrist hashing: a 64-bit key per position, kept up to date move by move.
//!
//! The key covers what FIDE 9.2.3 counts for the identity of a position: the side to move,
//! the pieces on their squares, the castling rights (9.2.3.2) and the en passant square,
//! which the position stores only when an en passant capture is legal (9.2.3.1). Equal
//! positions in that sense have equal keys; the move counters are not part of the key.

use arbiter_types::SplitMix64;

use crate::{CastlingRights, Color, File, Piece, Square};

pub(crate) struct Keys {
    pub piece: [[[u64; 64]; 6]; 2],
    /// For each colour, the key of every set of castling rook files (bit `n` for file `n`):
    /// the exclusive or of one key per file, tabulated so that a change of rights costs two
    /// look-ups.
    pub castling: [[u64; 256]; 2],
    pub ep_file: [u64; 8],
    pub black_to_move: u64,
}

const fn generate() -> Keys {
    let mut s = SplitMix64::new(0x0A2B_17E2_C0DE_5EED);
    let mut keys = Keys { piece: [[[0; 64]; 6]; 2], castling: [[0; 256]; 2], ep_file: [0; 8], black_to_move: 0 };
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 6 {
            let mut sq = 0;
            while sq < 64 {
                keys.piece[c][r][sq] = s.next_u64();
                sq += 1;
            }
            r += 1;
        }
        let mut file_keys = [0; 8];
        let mut f = 0;
        while f < 8 {
            file_keys[f] = s.next_u64();
            f += 1;
        }
        let mut mask = 0;
        while mask < 256 {
            let mut f = 0;
            while f < 8 {
                if mask & (1 << f) != 0 {
                    keys.castling[c][mask] ^= file_keys[f];
                }
                f += 1;
            }
            mask += 1;
        }
        c += 1;
    }
    let mut f = 0;
    while f < 8 {
        keys.ep_file[f] = s.next_u64();
        f += 1;
    }
    keys.black_to_move = s.next_u64();
    keys
}

pub(crate) static KEYS: Keys = generate();

#[inline(always)]
pub(crate) fn piece(p: Piece, sq: Square) -> u64 {
    KEYS.piece[p.color.index()][p.role.index()][sq.index()]
}

#[inline(always)]
pub(crate) fn ep_file(f: File) -> u64 {
    KEYS.ep_file[f.index() as usize]
}

#[inline(always)]
pub(crate) fn turn(c: Color) -> u64 {
    match c {
        Color::White => 0,
        Color::Black => KEYS.black_to_move,
    }
}

#[inline(always)]
pub(crate) fn castling(rights: &CastlingRights) -> u64 {
    let [white, black] = rights.files();
    KEYS.castling[0][white as usize] ^ KEYS.castling[1][black as usize]
}
