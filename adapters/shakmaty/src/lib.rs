//! An arbiter adapter over shakmaty (<https://crates.io/crates/shakmaty>): the adapter protocol
//! (`docs/adapter-protocol.md`) on stdin and stdout. It answers what shakmaty itself can tell:
//! legal moves, check, checkmate, stalemate, insufficient material, perft, SAN both ways.
//! Everything else is `unsupported`, so the runner skips it rather than guess.
//!
//! ```text
//! arbiter run --adapter 'cargo run -q -p arbiter-shakmaty'
//! ```
//!
//! The same in-process, in `cargo test` (`tests/conformance.rs`), through
//! `arbiter_spec::check`.

use std::collections::BTreeMap;

use arbiter_protocol::implementation::{Answer, Failure, Implementation};
use arbiter_protocol::message::{
    ErrorKind, Hello, Observation, Op, ParseSanAnswer, PerftAnswer, PositionSpec, Reply, SanAnswer, Status,
    PROTOCOL_VERSION,
};
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::zobrist::{Zobrist64, ZobristHash};
use shakmaty::{perft, CastlingMode, Chess, Color, EnPassantMode, Move, Position};

/// shakmaty behind the adapter protocol.
pub struct Shakmaty;

fn mode(spec: &PositionSpec) -> CastlingMode {
    if spec.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

/// The position of a request: the FEN (FIDE 3.10.3: shakmaty refuses positions it knows to be
/// impossible), then the moves, each of which must be legal (3.10.2).
fn position(spec: &PositionSpec) -> Answer<Chess> {
    Ok(game(spec)?.0)
}

/// The position of a request and how many times it has appeared in the game (FIDE 9.2.3: the
/// same side to move, pieces, castling rights and legal en passant, which is what shakmaty's
/// Zobrist hash with legal en passant covers), counting the FEN's position as the first.
fn game(spec: &PositionSpec) -> Answer<(Chess, usize)> {
    let fen = Fen::from_ascii(spec.fen.as_bytes())
        .map_err(|e| Failure::answered(ErrorKind::InvalidFen, format!("{:?}: {e}", spec.fen)))?;
    let mut pos: Chess = fen
        .into_position(mode(spec))
        .map_err(|e| Failure::answered(ErrorKind::IllegalPosition, format!("{:?}: {e}", spec.fen)))?;
    let key = |pos: &Chess| -> Zobrist64 { pos.zobrist_hash(EnPassantMode::Legal) };
    let mut seen = vec![key(&pos)];
    for text in &spec.moves {
        let m = legal_move(&pos, text)?;
        pos.play_unchecked(&m);
        seen.push(key(&pos));
    }
    let now = key(&pos);
    let appearances = seen.iter().filter(|k| **k == now).count();
    Ok((pos, appearances))
}

/// A UCI move that is legal in `pos`.
fn legal_move(pos: &Chess, text: &str) -> Answer<Move> {
    let uci = UciMove::from_ascii(text.as_bytes())
        .map_err(|e| Failure::answered(ErrorKind::IllegalMove, format!("{text:?} is not a UCI move: {e}")))?;
    uci.to_move(pos).map_err(|e| Failure::answered(ErrorKind::IllegalMove, format!("{text}: {e}")))
}

fn uci(m: &Move, spec: &PositionSpec) -> String {
    m.to_uci(mode(spec)).to_string()
}

/// FIDE 5.1.1 checkmate, 5.2.1 stalemate, 5.2.2 dead position as far as shakmaty sees it
/// (insufficient material on both sides), 9.6.2 seventy-five moves from the halfmove clock.
/// and 9.6.1 fivefold repetition from the game replayed by the adapter.
fn status(pos: &Chess, appearances: usize) -> Status {
    if pos.is_checkmate() {
        Status::Checkmate
    } else if pos.is_stalemate() {
        Status::Stalemate
    } else if pos.is_insufficient_material() {
        Status::DeadPosition
    } else if appearances >= 5 {
        Status::FivefoldRepetition
    } else if pos.halfmoves() >= 150 {
        Status::SeventyfiveMoves
    } else {
        Status::Ongoing
    }
}

impl Implementation for Shakmaty {
    fn hello(&mut self) -> Answer<Hello> {
        Ok(Hello {
            name: "shakmaty".into(),
            version: "0.27".into(),
            protocol: PROTOCOL_VERSION,
            ops: ["observe", "perft", "san", "parse_san"].map(String::from).to_vec(),
            profile: None,
            note: None,
            rules: None,
        })
    }

    fn answer(&mut self, op: &Op) -> Answer<Reply> {
        match op {
            Op::Observe { position } => self.observe(position).map(Reply::Observe),
            Op::Perft { position, depth } => self.perft(position, *depth).map(Reply::Perft),
            Op::San { position, mv } => self.san(position, mv).map(|san| Reply::San(SanAnswer { san })),
            Op::ParseSan { position, san } => {
                self.parse_san(position, san).map(|mv| Reply::ParseSan(ParseSanAnswer { mv }))
            }
            other => Err(Failure::unsupported(other.name())),
        }
    }
}

impl Shakmaty {
    fn observe(&mut self, spec: &PositionSpec) -> Answer<Observation> {
        let (pos, appearances) = game(spec)?;
        let status = status(&pos, appearances);
        Ok(Observation {
            fen: Fen::from_position(pos.clone(), EnPassantMode::Legal).to_string(),
            legal_moves: Some(pos.legal_moves().iter().map(|m| uci(m, spec)).collect()),
            in_check: Some(pos.is_check()),
            status: Some(status),
            result: Some(status.result(if pos.turn() == Color::White {
                arbiter_protocol::message::Color::White
            } else {
                arbiter_protocol::message::Color::Black
            })),
            claimable: None,
        })
    }

    fn perft(&mut self, spec: &PositionSpec, depth: u32) -> Answer<PerftAnswer> {
        let pos = position(spec)?;
        if depth == 0 {
            return Ok(PerftAnswer { nodes: 1, divide: BTreeMap::new() });
        }
        let mut divide = BTreeMap::new();
        for m in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(&m);
            divide.insert(uci(&m, spec), perft(&next, depth - 1));
        }
        Ok(PerftAnswer { nodes: divide.values().sum(), divide })
    }

    /// FIDE Appendix C: the SAN of a legal move, with its check or mate sign (C.11, C.12).
    fn san(&mut self, spec: &PositionSpec, mv: &str) -> Answer<String> {
        let pos = position(spec)?;
        let m = legal_move(&pos, mv)?;
        Ok(SanPlus::from_move(pos, &m).to_string())
    }

    /// FIDE Appendix C: a SAN text read as one legal move.
    fn parse_san(&mut self, spec: &PositionSpec, san: &str) -> Answer<String> {
        let pos = position(spec)?;
        let parsed = San::from_ascii(san.trim_end_matches(['+', '#']).as_bytes())
            .map_err(|e| Failure::answered(ErrorKind::InvalidSan, format!("{san:?}: {e}")))?;
        let m = parsed.to_move(&pos).map_err(|e| match e {
            SanError::AmbiguousSan => {
                Failure::answered(ErrorKind::AmbiguousSan, format!("{san:?} fits several legal moves"))
            }
            SanError::IllegalSan => Failure::answered(ErrorKind::IllegalMove, format!("{san:?} is no legal move here")),
        })?;
        Ok(uci(&m, spec))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_protocol::message::GameResult;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn fivefold_repetition_9_6_1_after_four_knight_shuffles() {
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let four: Vec<&str> = shuffle.iter().cycle().take(16).copied().collect();
        // The initial position, then after each of the four shuffles: five appearances.
        let obs = Shakmaty.observe(&PositionSpec::standard(START, &four)).expect("legal moves");
        assert_eq!(obs.status, Some(Status::FivefoldRepetition));
        assert_eq!(obs.result, Some(GameResult::Draw));
        let three = &four[..12];
        assert_eq!(
            Shakmaty.observe(&PositionSpec::standard(START, three)).expect("legal").status,
            Some(Status::Ongoing)
        );
    }

    #[test]
    fn perft_3_of_the_initial_position_3_10_1() {
        // Published count (chessprogramming.org, Perft Results): 8902 at depth 3.
        let answer = Shakmaty.perft(&PositionSpec::standard(START, &[]), 3).expect("perft");
        assert_eq!(answer.nodes, 8902);
        assert_eq!(answer.divide.len(), 20);
    }

    #[test]
    fn illegal_move_is_refused_3_10_2() {
        let err = Shakmaty.observe(&PositionSpec::standard(START, &["e2e5"])).unwrap_err();
        assert!(matches!(err, Failure::Answered(body) if body.kind == ErrorKind::IllegalMove));
    }
}
