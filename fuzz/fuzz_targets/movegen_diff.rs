//! Differential fuzzing of legal move generation against shakmaty, an independent oracle.
//!
//! The input bytes drive a random legal playout: the first two bytes choose the standard
//! start or one of the 960 Chess960 starts, each further byte chooses one legal move. The two
//! libraries play the same game side by side. At every position the legal move sets must be
//! equal (each move as from, to, promotion and kind), and so must the check, the board (each
//! colour's and each role's squares), the side to move and the castling rights; at the end,
//! shakmaty must read our FEN as the position it reached itself, and perft(2) must agree.
//!
//! The oracle is played move by move and the moves are compared as small integers: reading
//! our FEN into shakmaty and comparing move strings at every ply, as this target first did,
//! made it about 25 times slower.
#![no_main]

use arbiter_core::{chess960, perft, Move, MoveKind, Position, Role};
use libfuzzer_sys::fuzz_target;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};

/// A move as one integer: from, to (the rook's square for castling, as in Chess960 UCI), the
/// promotion role and the kind.
fn code(from: u32, to: u32, promotion: u32, kind: u32) -> u32 {
    from | to << 6 | promotion << 12 | kind << 15
}

fn our_code(m: Move) -> u32 {
    let promotion = match m.promotion_role() {
        None => 0,
        Some(Role::Knight) => 1,
        Some(Role::Bishop) => 2,
        Some(Role::Rook) => 3,
        Some(Role::Queen) => 4,
        Some(role) => 5 + role.index() as u32,
    };
    let kind = match m.kind() {
        MoveKind::Castle => 1,
        MoveKind::EnPassant => 2,
        _ => 0,
    };
    code(m.from().index() as u32, m.to().index() as u32, promotion, kind)
}

fn their_code(m: &shakmaty::Move) -> u32 {
    let promotion = |role: Option<shakmaty::Role>| match role {
        None => 0,
        Some(shakmaty::Role::Knight) => 1,
        Some(shakmaty::Role::Bishop) => 2,
        Some(shakmaty::Role::Rook) => 3,
        Some(shakmaty::Role::Queen) => 4,
        Some(_) => 15,
    };
    match *m {
        shakmaty::Move::Normal { from, to, promotion: p, .. } => code(u32::from(from), u32::from(to), promotion(p), 0),
        shakmaty::Move::Castle { king, rook } => code(u32::from(king), u32::from(rook), 0, 1),
        shakmaty::Move::EnPassant { from, to } => code(u32::from(from), u32::from(to), 0, 2),
        shakmaty::Move::Put { .. } => panic!("a drop in standard chess: {m:?}"),
    }
}

/// The board, the side to move and the castling rights (rook squares) of either library, as
/// plain integers in the same order.
fn our_state(pos: &Position) -> [u64; 10] {
    let c = |color| pos.by_color(color).0;
    let r = |role| pos.by_role(role).0;
    [
        c(arbiter_core::Color::White),
        c(arbiter_core::Color::Black),
        r(Role::Pawn),
        r(Role::Knight),
        r(Role::Bishop),
        r(Role::Rook),
        r(Role::Queen),
        r(Role::King),
        pos.turn().index() as u64,
        pos.castling_rights().squares().0,
    ]
}

fn their_state(pos: &Chess) -> [u64; 10] {
    let board = pos.board();
    let c = |color| board.by_color(color).0;
    let r = |role| board.by_role(role).0;
    [
        c(shakmaty::Color::White),
        c(shakmaty::Color::Black),
        r(shakmaty::Role::Pawn),
        r(shakmaty::Role::Knight),
        r(shakmaty::Role::Bishop),
        r(shakmaty::Role::Rook),
        r(shakmaty::Role::Queen),
        r(shakmaty::Role::King),
        u64::from(pos.turn() == shakmaty::Color::Black),
        pos.castles().castling_rights().0,
    ]
}

/// Our FEN read by shakmaty.
fn oracle(pos: &Position) -> Chess {
    let fen = pos.fen();
    let parsed: Fen = fen.parse().unwrap_or_else(|e| panic!("shakmaty cannot read our FEN {fen}: {e}"));
    parsed.into_position(CastlingMode::Chess960).unwrap_or_else(|e| panic!("shakmaty rejects our position {fen}: {e}"))
}

fuzz_target!(|data: &[u8]| {
    let (start, choices) = match data {
        [a, b, rest @ ..] => {
            let n = u16::from_le_bytes([*a, *b]);
            let start =
                if n & 1 == 0 { Position::startpos() } else { chess960::start_position((n >> 1) % 960).unwrap() };
            (start, rest)
        }
        _ => return,
    };
    let mut pos = start;
    let mut theirs = oracle(&pos);
    let (mut ours_codes, mut their_codes) = (Vec::with_capacity(256), Vec::with_capacity(256));
    for &c in choices.iter().take(300) {
        let moves = pos.legal_moves();
        let their_moves = theirs.legal_moves();
        ours_codes.clear();
        ours_codes.extend(moves.iter().map(|&m| our_code(m)));
        ours_codes.sort_unstable();
        their_codes.clear();
        their_codes.extend(their_moves.iter().map(their_code));
        their_codes.sort_unstable();
        if ours_codes != their_codes {
            let ours: Vec<String> = moves.iter().map(|m| m.to_uci(true)).collect();
            let them: Vec<String> = their_moves.iter().map(|m| m.to_uci(CastlingMode::Chess960).to_string()).collect();
            panic!("legal moves differ in {}: ours {ours:?}, shakmaty {them:?}", pos.fen());
        }
        assert_eq!(pos.is_check(), theirs.is_check(), "check differs in {}", pos.fen());
        if moves.is_empty() {
            break;
        }
        let chosen = moves[c as usize % moves.len()];
        let code = our_code(chosen);
        let Some(their_move) = their_moves.iter().find(|m| their_code(m) == code) else {
            panic!("shakmaty has no move {} in {}", chosen.to_uci(true), pos.fen());
        };
        pos.play_unchecked(chosen);
        theirs.play_unchecked(their_move);
        assert_eq!(
            our_state(&pos),
            their_state(&theirs),
            "the boards differ after {} in {}",
            chosen.to_uci(true),
            pos.fen()
        );
    }
    let read_back = oracle(&pos);
    assert_eq!(
        their_state(&read_back),
        their_state(&theirs),
        "our FEN {} is not the position shakmaty played to",
        pos.fen()
    );
    assert_eq!(
        read_back.ep_square(shakmaty::EnPassantMode::Legal),
        theirs.ep_square(shakmaty::EnPassantMode::Legal),
        "our FEN {} has another en passant square",
        pos.fen()
    );
    assert_eq!(perft::perft(&pos, 2), shakmaty::perft(&theirs, 2), "perft(2) differs in {}", pos.fen());
});
