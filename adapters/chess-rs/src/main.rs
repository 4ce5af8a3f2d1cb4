//! An arbiter adapter over the `chess` crate (<https://crates.io/crates/chess>, jordanbray's,
//! 3.2): the adapter protocol (`docs/adapter-protocol.md`) on stdin and stdout. It answers what
//! the crate itself can tell: legal moves, check, checkmate and stalemate (`Board::status`),
//! perft (`MoveGen`), FEN, and SAN read with `ChessMove::from_san`. The crate writes no SAN,
//! has no Chess960, no clock and no claim that says which draw it is: those are `unsupported`,
//! so the runner skips them rather than guess.
//!
//! ```text
//! arbiter run --adapter 'cargo run -q -p arbiter-chess-rs'
//! ```

use std::collections::BTreeMap;
use std::str::FromStr;

use arbiter_protocol::implementation::{Answer, Failure, Implementation};
use arbiter_protocol::message::{
    ErrorKind, Hello, Observation, Op, ParseSanAnswer, PerftAnswer, PositionSpec, Reply, Status, PROTOCOL_VERSION,
};
use arbiter_protocol::serve::serve_stdio;
use chess::{Board, BoardStatus, ChessMove, Color, MoveGen};

/// The `chess` crate behind the adapter protocol.
struct ChessRs;

fn main() -> std::process::ExitCode {
    serve_stdio(&mut ChessRs, "arbiter-chess-rs")
}

/// The position of a request: the FEN as the crate reads it (`Board::from_str`, which refuses
/// a board that is not `is_sane`, FIDE 3.10.3 as far as the crate checks it), then the moves,
/// each of which must be legal (3.10.2).
fn position(spec: &PositionSpec) -> Answer<Board> {
    if spec.chess960 {
        return Err(Failure::unsupported("Chess960 (the chess crate has standard castling only)"));
    }
    let mut board = Board::from_str(&spec.fen).map_err(|e| {
        let kind = match e {
            chess::Error::InvalidBoard => ErrorKind::IllegalPosition,
            _ => ErrorKind::InvalidFen,
        };
        Failure::answered(kind, format!("{:?}: {e}", spec.fen))
    })?;
    for text in &spec.moves {
        let m = legal_move(&board, text)?;
        board = board.make_move_new(m);
    }
    Ok(board)
}

/// A UCI move that is legal on `board` (castling is the king's two-square move, e1g1).
fn legal_move(board: &Board, text: &str) -> Answer<ChessMove> {
    let m = ChessMove::from_str(text)
        .map_err(|e| Failure::answered(ErrorKind::IllegalMove, format!("{text:?} is not a UCI move: {e}")))?;
    if !board.legal(m) {
        return Err(Failure::answered(ErrorKind::IllegalMove, format!("{text} is not a legal move in {board}")));
    }
    Ok(m)
}

/// The FEN of `board` as the crate writes it (`Display`), but for one fault of its writer: it
/// writes the en passant field as the square of the pawn that may be taken (d5) rather than the
/// square it passed over (d6), which is not FEN; the adapter writes the square passed over, so
/// that the rest of the FEN can be checked. (The crate keeps no halfmove clock or move number:
/// it always writes `0 1`.)
fn fen(board: &Board) -> String {
    let text = board.to_string();
    let Some(pawn) = board.en_passant() else { return text };
    let passed = pawn.ubackward(!board.side_to_move()).to_string();
    text.split(' ')
        .enumerate()
        .map(|(i, field)| if i == 3 { passed.as_str() } else { field })
        .collect::<Vec<_>>()
        .join(" ")
}

/// FIDE 5.1.1 checkmate and 5.2.1 stalemate, which is all `Board::status` tells.
fn status(board: &Board) -> Status {
    match board.status() {
        BoardStatus::Checkmate => Status::Checkmate,
        BoardStatus::Stalemate => Status::Stalemate,
        BoardStatus::Ongoing => Status::Ongoing,
    }
}

/// The leaves `depth` plies below `board` (`MoveGen::movegen_perft_test`, which needs depth 1 or more).
fn leaves(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        1
    } else {
        MoveGen::movegen_perft_test(board, depth as usize) as u64
    }
}

impl Implementation for ChessRs {
    fn hello(&mut self) -> Answer<Hello> {
        Ok(Hello {
            name: "chess (jordanbray)".into(),
            version: "3.2".into(),
            protocol: PROTOCOL_VERSION,
            ops: ["observe", "perft", "parse_san"].map(String::from).to_vec(),
            profile: None,
            note: Some("the chess crate writes no SAN and has no draw claims, clock or Chess960".into()),
            rules: None,
        })
    }

    fn answer(&mut self, op: &Op) -> Answer<Reply> {
        match op {
            Op::Observe { position } => observe(position).map(Reply::Observe),
            Op::Perft { position, depth } => perft(position, *depth).map(Reply::Perft),
            Op::ParseSan { position, san } => parse_san(position, san).map(|mv| Reply::ParseSan(ParseSanAnswer { mv })),
            other => Err(Failure::unsupported(other.name())),
        }
    }
}

fn observe(spec: &PositionSpec) -> Answer<Observation> {
    let board = position(spec)?;
    let status = status(&board);
    Ok(Observation {
        fen: fen(&board),
        legal_moves: Some(MoveGen::new_legal(&board).map(|m| m.to_string()).collect()),
        in_check: Some(board.checkers().popcnt() > 0),
        status: Some(status),
        result: Some(status.result(if board.side_to_move() == Color::White {
            arbiter_protocol::message::Color::White
        } else {
            arbiter_protocol::message::Color::Black
        })),
        claimable: None,
    })
}

fn perft(spec: &PositionSpec, depth: u32) -> Answer<PerftAnswer> {
    let board = position(spec)?;
    if depth == 0 {
        return Ok(PerftAnswer { nodes: 1, divide: BTreeMap::new() });
    }
    let divide: BTreeMap<String, u64> =
        MoveGen::new_legal(&board).map(|m| (m.to_string(), leaves(&board.make_move_new(m), depth - 1))).collect();
    Ok(PerftAnswer { nodes: divide.values().sum(), divide })
}

/// FIDE Appendix C as `ChessMove::from_san` reads it; it gives one error for every text it does
/// not take (unreadable, illegal or ambiguous alike), so the answer is `refused`.
fn parse_san(spec: &PositionSpec, san: &str) -> Answer<String> {
    let board = position(spec)?;
    let m =
        ChessMove::from_san(&board, san).map_err(|e| Failure::answered(ErrorKind::Refused, format!("{san:?}: {e}")))?;
    Ok(m.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_protocol::message::GameResult;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn perft_3_of_the_initial_position_3_10_1() {
        // Published count (chessprogramming.org, Perft Results): 8902 at depth 3.
        let answer = perft(&PositionSpec::standard(START, &[]), 3).expect("perft");
        assert_eq!(answer.nodes, 8902);
        assert_eq!(answer.divide.len(), 20);
    }

    #[test]
    fn fools_mate_is_checkmate_5_1_1() {
        let obs = observe(&PositionSpec::standard(START, &["f2f3", "e7e5", "g2g4", "d8h4"])).expect("legal moves");
        assert_eq!(obs.status, Some(Status::Checkmate));
        assert_eq!(obs.result, Some(GameResult::BlackWins));
        assert_eq!(obs.legal_moves, Some(vec![]));
    }

    #[test]
    fn en_passant_square_is_the_square_passed_over_3_7_3_1() {
        let obs = observe(&PositionSpec::standard(START, &["e2e4", "h7h6", "e4e5", "d7d5"])).expect("legal moves");
        assert_eq!(obs.fen, "rnbqkbnr/ppp1ppp1/7p/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 1");
    }

    #[test]
    fn illegal_move_is_refused_3_10_2() {
        let err = observe(&PositionSpec::standard(START, &["e2e5"])).unwrap_err();
        assert!(matches!(err, Failure::Answered(body) if body.kind == ErrorKind::IllegalMove));
    }
}
