//! An arbiter adapter over cozy-chess (<https://crates.io/crates/cozy-chess>, 0.3): the adapter
//! protocol (`docs/adapter-protocol.md`) on stdin and stdout. It answers what cozy-chess itself
//! can tell: legal moves (standard chess and Chess960), check, `Board::status` (checkmate, and a
//! draw by stalemate or by the fifty-move rule), fivefold repetition from `Board::same_position`
//! (the crate's own FIDE-defined position identity) over the game the adapter replays, perft and
//! FEN. cozy-chess has no SAN, no claims and no clock: those are `unsupported`, so the runner
//! skips them rather than guess.
//!
//! ```text
//! arbiter run --adapter 'cargo run -q -p arbiter-cozy-chess'
//! ```

use std::collections::BTreeMap;

use arbiter_protocol::implementation::{Answer, Failure, Implementation};
use arbiter_protocol::message::{
    ErrorKind, Hello, Observation, Op, PerftAnswer, PositionSpec, Reply, Status, PROTOCOL_VERSION,
};
use arbiter_protocol::serve::serve_stdio;
use cozy_chess::util::{display_uci_move, parse_uci_move};
use cozy_chess::{Board, Color, FenParseError, GameStatus, Move};

/// cozy-chess behind the adapter protocol.
struct Cozy;

fn main() -> std::process::ExitCode {
    serve_stdio(&mut Cozy, "arbiter-cozy-chess")
}

/// The position of a request and how many times it has appeared in the game (FIDE 9.2.3, as
/// `Board::same_position` compares positions), counting the FEN's position as the first. The
/// FEN is read by `Board::from_str` (FEN or Shredder-FEN), which refuses boards, castling rights
/// and en passant squares it finds invalid (3.10.3 as far as it checks); then each move must be
/// legal (3.10.2).
fn game(spec: &PositionSpec) -> Answer<(Board, usize)> {
    let mut board: Board = spec.fen.parse().map_err(|e: FenParseError| {
        // The board, castling and en passant errors are the crate's validity checks (the board
        // error also covers a board field it cannot read); the others are the text's.
        let kind = match e {
            FenParseError::InvalidBoard | FenParseError::InvalidCastlingRights | FenParseError::InvalidEnPassant => {
                ErrorKind::IllegalPosition
            }
            _ => ErrorKind::InvalidFen,
        };
        Failure::answered(kind, format!("{:?}: {e}", spec.fen))
    })?;
    let mut seen = vec![board.clone()];
    for text in &spec.moves {
        let m = legal_move(&board, text, spec.chess960)?;
        board.play_unchecked(m);
        seen.push(board.clone());
    }
    let appearances = seen.iter().filter(|b| b.same_position(&board)).count();
    Ok((board, appearances))
}

/// A UCI move that is legal on `board`: king takes own rook for Chess960, the king's
/// destination (e1g1) in standard chess (`util::parse_uci_move`).
fn legal_move(board: &Board, text: &str, chess960: bool) -> Answer<Move> {
    let parsed = if chess960 {
        text.parse::<Move>().map_err(|e| e.to_string())
    } else {
        parse_uci_move(board, text).map_err(|e| e.to_string())
    };
    let m =
        parsed.map_err(|e| Failure::answered(ErrorKind::IllegalMove, format!("{text:?} is not a UCI move: {e}")))?;
    if !board.is_legal(m) {
        return Err(Failure::answered(ErrorKind::IllegalMove, format!("{text} is not a legal move in {board}")));
    }
    Ok(m)
}

fn uci(board: &Board, m: Move, chess960: bool) -> String {
    if chess960 {
        m.to_string()
    } else {
        display_uci_move(board, m).to_string()
    }
}

fn legal_moves(board: &Board) -> Vec<Move> {
    let mut moves = Vec::new();
    board.generate_moves(|piece_moves| {
        moves.extend(piece_moves);
        false
    });
    moves
}

/// `Board::status`: won is checkmate (FIDE 5.1.1); drawn is stalemate (5.2.1) when there is no
/// legal move, else the crate's fifty-move draw (it draws at a halfmove clock of 100 without a
/// claim); then fivefold repetition (9.6.1) from the replayed game.
fn status(board: &Board, appearances: usize) -> Status {
    match board.status() {
        GameStatus::Won => Status::Checkmate,
        GameStatus::Drawn if legal_moves(board).is_empty() => Status::Stalemate,
        GameStatus::Drawn => Status::FiftyMoves,
        GameStatus::Ongoing if appearances >= 5 => Status::FivefoldRepetition,
        GameStatus::Ongoing => Status::Ongoing,
    }
}

/// The leaves `depth` plies below `board`, counting moves at the last ply as the crate's own
/// perft does (its PieceMoves lengths).
fn leaves(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|piece_moves| {
            nodes += piece_moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|piece_moves| {
        for m in piece_moves {
            let mut child = board.clone();
            child.play_unchecked(m);
            nodes += leaves(&child, depth - 1);
        }
        false
    });
    nodes
}

impl Implementation for Cozy {
    fn hello(&mut self) -> Answer<Hello> {
        Ok(Hello {
            name: "cozy-chess".into(),
            version: "0.3".into(),
            protocol: PROTOCOL_VERSION,
            ops: ["observe", "perft"].map(String::from).to_vec(),
            profile: None,
            note: Some("cozy-chess has no SAN, draw claims or clock".into()),
            rules: None,
        })
    }

    fn answer(&mut self, op: &Op) -> Answer<Reply> {
        match op {
            Op::Observe { position } => observe(position).map(Reply::Observe),
            Op::Perft { position, depth } => perft(position, *depth).map(Reply::Perft),
            other => Err(Failure::unsupported(other.name())),
        }
    }
}

fn observe(spec: &PositionSpec) -> Answer<Observation> {
    let (board, appearances) = game(spec)?;
    let status = status(&board, appearances);
    Ok(Observation {
        fen: if spec.chess960 { format!("{board:#}") } else { board.to_string() },
        legal_moves: Some(legal_moves(&board).into_iter().map(|m| uci(&board, m, spec.chess960)).collect()),
        in_check: Some(!board.checkers().is_empty()),
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
    let (board, _) = game(spec)?;
    if depth == 0 {
        return Ok(PerftAnswer { nodes: 1, divide: BTreeMap::new() });
    }
    let divide: BTreeMap<String, u64> = legal_moves(&board)
        .into_iter()
        .map(|m| {
            let mut child = board.clone();
            child.play_unchecked(m);
            (uci(&board, m, spec.chess960), leaves(&child, depth - 1))
        })
        .collect();
    Ok(PerftAnswer { nodes: divide.values().sum(), divide })
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn perft_3_of_kiwipete_3_10_1() {
        // Published count (chessprogramming.org, Perft Results, position 2): 97862 at depth 3.
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let answer = perft(&PositionSpec::standard(fen, &[]), 3).expect("perft");
        assert_eq!(answer.nodes, 97862);
        assert!(answer.divide.contains_key("e1g1"), "standard castling is written e1g1");
    }

    #[test]
    fn fivefold_repetition_9_6_1_after_four_knight_shuffles() {
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let four: Vec<&str> = shuffle.iter().cycle().take(16).copied().collect();
        let obs = observe(&PositionSpec::standard(START, &four)).expect("legal moves");
        assert_eq!(obs.status, Some(Status::FivefoldRepetition));
        assert_eq!(observe(&PositionSpec::standard(START, &four[..12])).expect("legal").status, Some(Status::Ongoing));
    }

    #[test]
    fn illegal_move_is_refused_3_10_2() {
        let err = observe(&PositionSpec::standard(START, &["e2e5"])).unwrap_err();
        assert!(matches!(err, Failure::Answered(body) if body.kind == ErrorKind::IllegalMove));
    }
}
