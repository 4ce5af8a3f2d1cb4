//! Dead positions and unwinnability (FIDE 5.2.2): time per verdict over a set of 1,200
//! positions built deterministically here:
//! - 700 game endings from random playouts: from the initial position, uniformly random legal
//!   moves (a fixed xorshift seed) until checkmate, stalemate or a random length of 20 to 400
//!   plies, keeping the last position;
//! - 500 generated endgames: kings and a material set chosen in turn from a list (bare kings,
//!   K+N v K, K+B v K+B, K+N v K+Q, K+N v K+R, K+N+N v K, K+B v K+P, K+N v K+P, K+R v K, ...)
//!   placed on random squares, plus a locked pawn wall with the kings placed at random on
//!   their sides; placements that are not legal positions are redrawn.
//!
//! The printed summary gives, for `unwinnable(pos, side)` on both sides of every position
//! with the default budget, the median, 90th and 99th percentile and worst time and the share
//! of each verdict; criterion times `is_dead` on a sample of the set.

use std::time::{Duration, Instant};

use arbiter_core::{is_dead, unwinnable, Color, Position, Verdict};
use criterion::{criterion_group, criterion_main, Criterion};

const PLAYOUTS: usize = 700;
const ENDGAMES: usize = 500;

/// xorshift64*: a small deterministic generator (no dependency needed).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn playout(rng: &mut Rng) -> Position {
    let mut pos = Position::startpos();
    let length = 20 + rng.below(381);
    for _ in 0..length {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        pos = pos.play(m).expect("a generated legal move");
    }
    pos
}

/// Material sets for the generated endgames: white pieces, black pieces (FEN letters).
const MATERIAL: [(&str, &str); 16] = [
    ("", ""),
    ("N", ""),
    ("B", ""),
    ("B", "b"),
    ("N", "q"),
    ("N", "r"),
    ("NN", ""),
    ("B", "p"),
    ("N", "p"),
    ("R", ""),
    ("Q", ""),
    ("P", ""),
    ("BB", ""),
    ("R", "b"),
    ("BN", ""),
    ("P", "p"),
];

/// A zigzag wall: every pawn blocked, White's king below it, Black's above.
const WALL_WHITE: [&str; 8] = ["a4", "b5", "c4", "d5", "e4", "f5", "g4", "h5"];
const WALL_BLACK: [&str; 8] = ["a5", "b6", "c5", "d6", "e5", "f6", "g5", "h6"];

fn square_index(name: &str) -> usize {
    let b = name.as_bytes();
    usize::from(b[0] - b'a') + 8 * usize::from(b[1] - b'1')
}

fn board_fen(board: &[Option<char>; 64], turn: char) -> String {
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    format!("{fen} {turn} - - 0 1")
}

/// Places `pieces` on random free squares (pawns off the back ranks, kings in `king_squares`).
fn place(rng: &mut Rng, board: &mut [Option<char>; 64], pieces: &str, allowed: impl Fn(char, usize) -> bool) {
    for c in pieces.chars() {
        loop {
            let sq = rng.below(64);
            let pawn_ok = !(c == 'P' || c == 'p') || (8..56).contains(&sq);
            if board[sq].is_none() && pawn_ok && allowed(c, sq) {
                board[sq] = Some(c);
                break;
            }
        }
    }
}

fn endgame(rng: &mut Rng, n: usize) -> Position {
    loop {
        let mut board = [None; 64];
        let wall = n % (MATERIAL.len() + 1) == MATERIAL.len();
        if wall {
            for sq in WALL_WHITE {
                board[square_index(sq)] = Some('P');
            }
            for sq in WALL_BLACK {
                board[square_index(sq)] = Some('p');
            }
            place(rng, &mut board, "K", |_, sq| sq < 24);
            place(rng, &mut board, "k", |_, sq| sq >= 48);
        } else {
            let (white, black) = MATERIAL[n % (MATERIAL.len() + 1)];
            place(rng, &mut board, &format!("Kk{white}{black}"), |_, _| true);
        }
        let turn = if rng.below(2) == 0 { 'w' } else { 'b' };
        if let Ok(pos) = board_fen(&board, turn).parse::<Position>() {
            return pos;
        }
    }
}

fn position_set() -> Vec<Position> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut set: Vec<Position> = (0..PLAYOUTS).map(|_| playout(&mut rng)).collect();
    set.extend((0..ENDGAMES).map(|n| endgame(&mut rng, n)));
    set
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn summary(set: &[Position]) {
    let mut times = Vec::with_capacity(set.len() * 2);
    let (mut winnable, mut unwinnable_count, mut undetermined) = (0, 0, 0);
    let mut worst = (Duration::ZERO, String::new());
    for pos in set {
        for side in Color::ALL {
            let start = Instant::now();
            let verdict = unwinnable(pos, side);
            let took = start.elapsed();
            match verdict {
                Verdict::Winnable(_) => winnable += 1,
                Verdict::Unwinnable(_) => unwinnable_count += 1,
                Verdict::Undetermined => undetermined += 1,
            }
            if took > worst.0 {
                worst = (took, format!("{} for {side:?}", pos.fen()));
            }
            times.push(took);
        }
    }
    times.sort_unstable();
    let n = times.len() as f64;
    println!("unwinnable: {} positions, {} verdicts (both sides, default budget)", set.len(), times.len());
    println!(
        "  time per verdict: median {:?}, p90 {:?}, p99 {:?}, worst {:?} ({})",
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        percentile(&times, 0.99),
        worst.0,
        worst.1
    );
    println!(
        "  winnable {:.1}%, unwinnable {:.1}%, undetermined {:.2}% ({undetermined})",
        100.0 * f64::from(winnable) / n,
        100.0 * f64::from(unwinnable_count) / n,
        100.0 * f64::from(undetermined) / n
    );
}

fn bench(c: &mut Criterion) {
    let set = position_set();
    summary(&set);
    let mut group = c.benchmark_group("unwinnable");
    group.sample_size(10);
    let playouts: Vec<Position> = set[..PLAYOUTS].iter().step_by(35).copied().collect();
    let endgames: Vec<Position> = set[PLAYOUTS..].iter().step_by(25).copied().collect();
    group.bench_function("is_dead/20 playout endings", |b| {
        b.iter(|| playouts.iter().for_each(|p| drop(std::hint::black_box(is_dead(p)))))
    });
    group.bench_function("is_dead/20 generated endgames", |b| {
        b.iter(|| endgames.iter().for_each(|p| drop(std::hint::black_box(is_dead(p)))))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
