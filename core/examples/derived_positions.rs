//! Positions derived from others, for probing a mutant of the unwinnability analysis (FIDE
//! 5.2.2, 6.9) beyond the published data: each position read from standard input (a FEN a
//! line, of standard chess or of Chess960) with, for each side, one man of that side added on
//! an empty square (a queen, rook, bishop, knight, or a pawn on ranks 2 to 7) or its king
//! moved, with either side to move, kept when legal (FIDE 3.10.3). For each, one line: the
//! FEN, the side, and the verdict on whether that side can still checkmate within `BUDGET`
//! nodes (the kind of proof, or `winnable` with its line in UCI).
//!
//! ```text
//! cargo run --release -p arbiter-core --example derived_positions -- derive 1 < fens.txt
//! cargo run --release -p arbiter-core --example derived_positions -- ask 300000 < questions.txt
//! ```
//!
//! `derive BUDGET` reads FENs; `ask BUDGET` reads `FEN<TAB>white|black` lines and answers
//! them as they are. With a budget of one node the proofs alone decide (the searches stop at
//! once), which isolates a mutant of the proofs. `ci/mutant-probe.sh` runs both on the core
//! and on a mutated core and compares them; `ci/search-screen.py` asks a search's mutants the
//! questions the analysis leaves undetermined without that search; docs/mutation.md says what
//! they found.

use std::io::BufRead;

use arbiter_core::{
    unwinnable_with_budget, CastlingMode, Color, Piece, Position, Rank, Role, Square, Validation, Verdict,
};

/// The roles added to a position (a king is moved, never added).
const ADDED: [Role; 5] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

fn verdict(pos: &Position, side: Color, budget: u64) -> String {
    match unwinnable_with_budget(pos, side, budget) {
        Verdict::Winnable(line) => {
            // A move's UCI text depends on the castling mode alone, the same all along the line.
            let moves: Vec<String> = line.iter().map(|&m| pos.uci(m)).collect();
            format!("winnable {}", moves.join(" "))
        }
        Verdict::Unwinnable(proof) => format!("unwinnable {}", proof.kind()),
        Verdict::Undetermined => "undetermined".to_owned(),
    }
}

/// Every legal position one change of `color`'s men away from `pos`, with either side to move.
fn derived(pos: &Position, color: Color) -> Vec<Position> {
    let base = pos.to_setup();
    let mut setups = Vec::new();
    for sq in Square::all() {
        if base.piece_at(sq).is_some() {
            continue;
        }
        let back_rank = Color::ALL.into_iter().any(|c| sq.rank() == Rank::back(c));
        for role in ADDED {
            if role == Role::Pawn && back_rank {
                continue;
            }
            let mut setup = base.clone();
            setup.put(Piece::new(color, role), sq);
            setups.push(setup);
        }
        let mut setup = base.clone();
        setup.remove(pos.king(color));
        setup.put(Piece::new(color, Role::King), sq);
        setups.push(setup);
    }
    let mut positions = Vec::new();
    for mut setup in setups {
        setup.set_ep_square(None);
        for turn in Color::ALL {
            setup.set_turn(turn);
            if let Ok(p) = setup.position(pos.castling_mode(), Validation::Full) {
                positions.push(p);
            }
        }
    }
    positions
}

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: derived_positions derive|ask BUDGET < input";
    let mode = args.next().expect(usage);
    let budget: u64 = args.next().and_then(|b| b.parse().ok()).expect(usage);
    for (number, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.expect("standard input is text");
        let mut fields = line.split('\t');
        let fen = fields.next().unwrap_or_default().trim();
        if fen.is_empty() || fen.starts_with('#') {
            continue;
        }
        // A standard FEN, or else one of Chess960 (Shredder-FEN rights, Guidelines II).
        let read = Position::from_fen(fen).or_else(|_| Position::from_fen_in(fen, CastlingMode::Chess960));
        let Ok(pos) = read else {
            eprintln!("line {}: not a legal position, skipped: {fen}", number + 1);
            continue;
        };
        match mode.as_str() {
            "derive" => {
                for side in Color::ALL {
                    for p in derived(&pos, side) {
                        println!("{}\t{}\t{}", p.fen(), side.name(), verdict(&p, side, budget));
                    }
                }
            }
            "ask" => {
                let named = fields.next().unwrap_or_default();
                let side = Color::ALL
                    .into_iter()
                    .find(|c| c.name() == named)
                    .unwrap_or_else(|| panic!("line {}: FEN<TAB>white|black expected", number + 1));
                println!("{}\t{}\t{}", pos.fen(), side.name(), verdict(&pos, side, budget));
            }
            _ => panic!("{usage}"),
        }
    }
}
