//! `buggy-uci --bug NAME`: a small UCI engine whose move generation has exactly one seeded
//! rule bug, for testing `arbiter hunt` and the UCI client. It speaks `uci`, `isready`,
//! `ucinewgame`, `setoption name UCI_Chess960`, `position`, `go perft N` (Stockfish-style
//! divide) and `quit`. The correct moves come from `arbiter_core`; each bug then adds or
//! removes the moves it describes. `--crash-after N` exits (as a crash) and `--hang-after N`
//! stops answering on the `go` command after the first N; `--no-chess960` leaves out the
//! `UCI_Chess960` option, `--chess960-default-true` starts with it on (as Sjaak II does).
//!
//! It is a binary of the spec crate, not a crate of its own, so that the spec crate's tests
//! can find it with `env!("CARGO_BIN_EXE_buggy-uci")`: cargo builds it before the tests, with
//! no nested `cargo build` (which would wait on the build lock that `cargo test` holds). It
//! needs the crate's `buggy-uci` feature, which only the tests turn on, so `cargo install`
//! leaves it out.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use arbiter_core::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use arbiter_core::{fen, Bitboard, CastlingMode, CastlingSide, Move, Position, Rank, Role, Square, Validation};
use arbiter_spec::hunt::double_step_target;

/// The seeded bugs, each against one FIDE article.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bug {
    /// Correct move generation.
    None,
    /// FIDE 3.7.3.1 broken: no en passant capture.
    NoEnPassant,
    /// FIDE 3.8.2.2 broken: castling allowed when the square the king crosses is attacked.
    CastleThroughAttack,
    /// FIDE 3.9.2 broken: en passant allowed though it exposes the king along the rank.
    EpRankPin,
    /// FIDE 3.7.3.3 broken: promotion to a queen only.
    NoUnderpromotion,
    /// FIDE 3.9.2 broken: pinned pieces move as if they were not pinned.
    PinnedMoveFreely,
    /// FIDE 3.7.2 broken: no pawn double step.
    NoDoubleStep,
}

impl Bug {
    const NAMES: [(&'static str, Bug); 7] = [
        ("none", Bug::None),
        ("no-en-passant", Bug::NoEnPassant),
        ("castle-through-attack", Bug::CastleThroughAttack),
        ("ep-rank-pin", Bug::EpRankPin),
        ("no-underpromotion", Bug::NoUnderpromotion),
        ("pinned-move-freely", Bug::PinnedMoveFreely),
        ("no-double-step", Bug::NoDoubleStep),
    ];

    fn parse(name: &str) -> Option<Bug> {
        Bug::NAMES.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
    }
}

/// A position with the en passant target of the last double step, which the engine keeps
/// itself because the core records it only when the capture is legal.
#[derive(Clone, Copy)]
struct Board {
    pos: Position,
    ep_target: Option<Square>,
}

impl Board {
    fn play(&self, m: Move) -> Board {
        let mut pos = self.pos;
        pos.play_unchecked(m);
        Board { pos, ep_target: double_step_target(self.pos.role_at(m.from()), m) }
    }

    /// The moves this engine believes legal: the core's, changed by the bug.
    fn moves(&self, bug: Bug) -> Vec<Move> {
        let pos = &self.pos;
        let mut moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
        match bug {
            Bug::None => {}
            Bug::NoEnPassant => moves.retain(|m| !m.is_en_passant()),
            Bug::NoUnderpromotion => moves.retain(|m| matches!(m.promotion_role(), None | Some(Role::Queen))),
            Bug::NoDoubleStep => moves.retain(|m| double_step_target(pos.role_at(m.from()), *m).is_none()),
            Bug::CastleThroughAttack => moves.extend(castles_through_attack(pos)),
            Bug::EpRankPin => moves.extend(self.rank_pinned_en_passant()),
            Bug::PinnedMoveFreely => moves.extend(pinned_moves(pos)),
        }
        let their_king = pos.king(!pos.turn());
        moves.retain(|m| m.to() != their_king);
        moves.sort_by_key(|m| m.bits());
        moves.dedup();
        moves
    }

    /// En passant captures that the core refuses only because the two pawns leave the king
    /// open to a rook or queen along their rank.
    fn rank_pinned_en_passant(&self) -> Vec<Move> {
        let pos = &self.pos;
        let Some(ep) = self.ep_target else { return Vec::new() };
        let us = pos.turn();
        let king = pos.king(us);
        let mut extra = Vec::new();
        for from in pawn_attacks(!us, ep) & pos.pieces(us, Role::Pawn) {
            let captured = Square::new(ep.file(), from.rank());
            if pos.piece_at(captured).map(|p| (p.color, p.role)) != Some((!us, Role::Pawn)) || pos.is_check() {
                continue;
            }
            let occupied = pos.occupied().without(from).without(captured).with(ep);
            let attackers = pos.attackers_to(king, occupied) & pos.by_color(!us);
            let along_rank = rook_attacks(king, occupied) & Bitboard::rank(king.rank());
            if attackers.any() && (attackers - along_rank).is_empty() {
                extra.push(Move::en_passant(from, ep));
            }
        }
        extra
    }
}

/// Castling checked like the core, except that the squares the king crosses are not checked.
fn castles_through_attack(pos: &Position) -> Vec<Move> {
    let us = pos.turn();
    let king = pos.king(us);
    if pos.is_check() {
        return Vec::new();
    }
    let occupied = pos.occupied();
    let mut extra = Vec::new();
    for side in CastlingSide::ALL {
        let Some(rook) = pos.castling_rights().rook_square(us, side) else { continue };
        let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
        let path =
            (between(king, king_to).with(king_to) | between(rook, rook_to).with(rook_to)).without(king).without(rook);
        let lifted = occupied.without(king).without(rook);
        if (occupied & path).is_empty() && !pos.is_attacked_by(!us, king_to, lifted) {
            extra.push(Move::castle(king, rook));
        }
    }
    extra
}

/// Moves of pinned pieces as if they were free (pseudo-legal, answering a single check).
fn pinned_moves(pos: &Position) -> Vec<Move> {
    let us = pos.turn();
    let checkers = pos.checkers();
    if checkers.more_than_one() {
        return Vec::new();
    }
    let king = pos.king(us);
    let ours = pos.by_color(us);
    let occupied = pos.occupied();
    let target = match checkers.first() {
        Some(checker) => between(king, checker).with(checker),
        None => !ours,
    };
    let mut extra = Vec::new();
    for from in pos.pinned(us) {
        let Some(role) = pos.role_at(from) else { continue };
        let to = match role {
            Role::Knight => knight_attacks(from),
            Role::Bishop => bishop_attacks(from, occupied),
            Role::Rook => rook_attacks(from, occupied),
            Role::Queen => queen_attacks(from, occupied),
            Role::King => king_attacks(from),
            Role::Pawn => pawn_targets(pos, from),
        } & !ours
            & target;
        for sq in to {
            if role == Role::Pawn && sq.rank() == Rank::EIGHTH.relative(us) {
                extra.extend(Role::PROMOTIONS.map(|r| Move::promotion(from, sq, r)));
            } else {
                extra.push(Move::normal(from, sq));
            }
        }
    }
    extra
}

/// A pawn's pushes (one step, two from its start rank) and captures, legality aside.
fn pawn_targets(pos: &Position, from: Square) -> Bitboard {
    let us = pos.turn();
    let empty = !pos.occupied();
    let up = if us == arbiter_core::Color::White { 1 } else { -1 };
    let mut to = pawn_attacks(us, from) & pos.by_color(!us);
    if let Some(one) = from.offset(0, up).filter(|s| empty.contains(*s)) {
        to = to.with(one);
        if from.rank() == Rank::SECOND.relative(us) {
            if let Some(two) = one.offset(0, up).filter(|s| empty.contains(*s)) {
                to = to.with(two);
            }
        }
    }
    to
}

fn perft(board: &Board, bug: Bug, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves(bug);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|&m| perft(&board.play(m), bug, depth - 1)).sum()
}

/// The engine's command-line options.
struct Options {
    bug: Bug,
    crash_after: Option<u64>,
    hang_after: Option<u64>,
    /// Leave out the UCI_Chess960 option, as an engine without Chess960 support.
    no_chess960: bool,
    /// Start in Chess960 mode, advertising `default true`.
    chess960_default: bool,
}

fn parse_args() -> Result<Options, String> {
    let mut options =
        Options { bug: Bug::None, crash_after: None, hang_after: None, no_chess960: false, chess960_default: false };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--bug" => {
                let name = value()?;
                options.bug = Bug::parse(&name).ok_or_else(|| {
                    let names: Vec<&str> = Bug::NAMES.iter().map(|(n, _)| *n).collect();
                    format!("unknown bug {name:?} (known: {})", names.join(", "))
                })?;
            }
            "--crash-after" => options.crash_after = Some(value()?.parse().map_err(|e| format!("{arg}: {e}"))?),
            "--hang-after" => options.hang_after = Some(value()?.parse().map_err(|e| format!("{arg}: {e}"))?),
            "--no-chess960" => options.no_chess960 = true,
            "--chess960-default-true" => options.chess960_default = true,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(options)
}

/// Reads `position startpos|fen FEN [moves ...]`; unreadable parts are reported on stderr.
fn read_position(words: &[&str], chess960: bool, bug: Bug) -> Result<Board, String> {
    let moves_at = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
    let mut board = match words.first() {
        Some(&"startpos") => Board { pos: Position::startpos(), ep_target: None },
        Some(&"fen") => {
            let text = words[1..moves_at].join(" ");
            // Like many engines, it takes a FEN with Chess960 rights as Chess960 even when
            // UCI_Chess960 is off.
            let read = |mode| fen::read_with(&text, mode, Validation::AllowImpossibleChecks);
            let pos = read(CastlingMode::Standard)
                .or_else(|_| read(CastlingMode::Chess960))
                .map_err(|e| format!("{text}: {e}"))?;
            let ep_target = text.split_whitespace().nth(3).and_then(|s| s.parse().ok());
            Board { pos, ep_target }
        }
        _ => return Err("position needs startpos or fen".to_owned()),
    };
    board.pos.set_chess960(chess960 || board.pos.is_chess960());
    for text in words.iter().skip(moves_at + 1) {
        let uci960 = board.pos.is_chess960();
        let m = board.moves(bug).into_iter().find(|m| m.to_uci(uci960) == *text);
        board = board.play(m.ok_or_else(|| format!("illegal move {text}"))?);
    }
    Ok(board)
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("buggy-uci: {e}");
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut board = Board { pos: Position::startpos(), ep_target: None };
    let mut chess960 = options.chess960_default;
    let mut gos = 0u64;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let written = match words.as_slice() {
            ["uci"] => {
                let option = match (options.no_chess960, options.chess960_default) {
                    (true, _) => "",
                    (false, true) => "option name UCI_Chess960 type check default true\n",
                    (false, false) => "option name UCI_Chess960 type check default false\n",
                };
                writeln!(out, "id name buggy-uci ({:?})\nid author arbiter\n{option}uciok", options.bug)
            }
            ["isready"] => writeln!(out, "readyok"),
            ["ucinewgame"] | ["stop"] => Ok(()),
            ["quit"] => break,
            ["setoption", "name", "UCI_Chess960", "value", value] => {
                chess960 = *value == "true";
                Ok(())
            }
            ["position", rest @ ..] => match read_position(rest, chess960, options.bug) {
                Ok(b) => {
                    board = b;
                    Ok(())
                }
                Err(e) => writeln!(out, "info string {e}"),
            },
            ["go", "perft", depth] => {
                gos += 1;
                if options.crash_after.is_some_and(|n| gos > n) {
                    eprintln!("buggy-uci: crashing on purpose at go number {gos}");
                    std::process::exit(3);
                }
                if options.hang_after.is_some_and(|n| gos > n) {
                    eprintln!("buggy-uci: hanging on purpose at go number {gos}");
                    loop {
                        std::thread::sleep(std::time::Duration::from_secs(3600));
                    }
                }
                let depth: u32 = depth.parse().unwrap_or(1).max(1);
                let mut total = 0;
                let uci960 = board.pos.is_chess960();
                for m in board.moves(options.bug) {
                    let n = perft(&board.play(m), options.bug, depth - 1);
                    total += n;
                    let _ = writeln!(out, "{}: {n}", m.to_uci(uci960));
                }
                writeln!(out, "\nNodes searched: {total}\n")
            }
            _ => Ok(()),
        };
        if written.and_then(|()| out.flush()).is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}
