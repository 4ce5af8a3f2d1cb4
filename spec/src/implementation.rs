//! What the runner checks: an implementation of the Laws, reached in-process or over the
//! adapter protocol. Every operation is optional; `hello` declares the ones supported.

use serde::Serialize;
use serde_json::{json, Value};

use crate::protocol::{
    ClaimAnswer, DrawClaim, ErrorBody, Event, EventOutcome, EventSetup, FlagAnswer, GameResult, Hello, Observation, Op,
    ParseSanAnswer, PerftAnswer, PositionSpec, Request, SanAnswer, ScoresheetAnswer, SealedAnswer, SealedVerdict, Side,
    SpokenAnswer,
};

/// Why an operation gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The implementation answered with an error (a refused position or move, `unsupported`...).
    Answered(ErrorBody),
    /// The implementation crashed, answered nonsense or broke the protocol.
    Broken(String),
    /// No answer within the time limit: which request, and what the program was doing.
    Timeout(String),
}

impl std::fmt::Display for Failure {
    /// The failure in words: the error answered, or what went wrong with the program.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Answered(body) => body.fmt(f),
            Failure::Broken(message) | Failure::Timeout(message) => f.write_str(message),
        }
    }
}

impl Failure {
    pub fn unsupported(what: &str) -> Failure {
        Failure::Answered(ErrorBody::unsupported(what))
    }
}

/// An answer or a failure.
pub type Answer<T> = Result<T, Failure>;

/// A chess program under test. Each operation of the adapter protocol is a method; the
/// defaults answer `unsupported`.
pub trait Implementation {
    /// Name, version and the operations supported.
    fn hello(&mut self) -> Answer<Hello>;
    /// Called after each case that asked something: an error when the implementation has
    /// said more than it was asked (an adapter that answered a request twice), so that the
    /// case that asked fails, not the next one.
    fn finish_case(&mut self) -> Answer<()> {
        Ok(())
    }
    /// Words put before the reason of every expectation skipped because this implementation
    /// does not support an operation or report a field (a UCI engine: "needs an adapter").
    fn skip_note(&self) -> Option<&'static str> {
        None
    }
    fn observe(&mut self, _position: &PositionSpec) -> Answer<Observation> {
        Err(Failure::unsupported("observe"))
    }
    fn perft(&mut self, _position: &PositionSpec, _depth: u32) -> Answer<PerftAnswer> {
        Err(Failure::unsupported("perft"))
    }
    fn san(&mut self, _position: &PositionSpec, _mv: &str) -> Answer<String> {
        Err(Failure::unsupported("san"))
    }
    fn parse_san(&mut self, _position: &PositionSpec, _san: &str) -> Answer<String> {
        Err(Failure::unsupported("parse_san"))
    }
    fn claim(&mut self, _position: &PositionSpec, _claim: DrawClaim, _mv: Option<&str>) -> Answer<bool> {
        Err(Failure::unsupported("claim"))
    }
    fn flag(&mut self, _position: &PositionSpec, _flagged: Side) -> Answer<GameResult> {
        Err(Failure::unsupported("flag"))
    }
    fn events(&mut self, _position: &PositionSpec, _setup: &EventSetup, _events: &[Event]) -> Answer<EventOutcome> {
        Err(Failure::unsupported("events"))
    }
    /// FIDE D.2.1: the spoken form of the move (UCI).
    fn spoken(&mut self, _position: &PositionSpec, _mv: &str) -> Answer<String> {
        Err(Failure::unsupported("spoken"))
    }
    /// Guidelines I.8: the verdict on a sealed move.
    fn sealed(&mut self, _position: &PositionSpec, _text: &str) -> Answer<SealedVerdict> {
        Err(Failure::unsupported("sealed"))
    }
    /// FIDE C.12, C.13: a scoresheet read from the position.
    fn scoresheet(&mut self, _position: &PositionSpec, _text: &str) -> Answer<ScoresheetAnswer> {
        Err(Failure::unsupported("scoresheet"))
    }
}

/// Answers one request with `imp`, as the JSON object `arbiter serve` prints.
pub fn dispatch(imp: &mut dyn Implementation, request: &Request) -> Value {
    let answer = match &request.op {
        Op::Hello => to_json(imp.hello()),
        Op::Observe { position } => to_json(imp.observe(position)),
        Op::Perft { position, depth } => to_json(imp.perft(position, *depth)),
        Op::San { position, mv } => to_json(imp.san(position, mv).map(|san| SanAnswer { san })),
        Op::ParseSan { position, san } => to_json(imp.parse_san(position, san).map(|mv| ParseSanAnswer { mv })),
        Op::Claim { position, claim, mv } => {
            to_json(imp.claim(position, *claim, mv.as_deref()).map(|valid| ClaimAnswer { valid }))
        }
        Op::Flag { position, flagged } => to_json(imp.flag(position, *flagged).map(|result| FlagAnswer { result })),
        Op::Events { position, events, time_control, supervision } => {
            let setup = EventSetup { time_control: time_control.clone(), supervision: *supervision };
            to_json(imp.events(position, &setup, events))
        }
        Op::Spoken { position, mv } => to_json(imp.spoken(position, mv).map(|spoken| SpokenAnswer { spoken })),
        Op::Sealed { position, text } => to_json(imp.sealed(position, text).map(|verdict| SealedAnswer { verdict })),
        Op::Scoresheet { position, text } => to_json(imp.scoresheet(position, text)),
        Op::Quit => Ok(json!({})),
    };
    let mut object = match answer {
        Ok(Value::Object(map)) => map,
        Ok(_) => serde_json::Map::new(),
        Err(error) => {
            let mut map = serde_json::Map::new();
            map.insert("error".into(), json!(error));
            map
        }
    };
    object.insert("id".into(), json!(request.id));
    Value::Object(object)
}

fn to_json<T: Serialize>(answer: Answer<T>) -> Result<Value, ErrorBody> {
    match answer {
        Ok(value) => serde_json::to_value(value)
            .map_err(|e| ErrorBody::new(crate::protocol::ErrorKind::BadRequest, e.to_string())),
        Err(Failure::Answered(body)) => Err(body),
        Err(Failure::Broken(message)) => Err(ErrorBody::new(crate::protocol::ErrorKind::BadRequest, message)),
        Err(Failure::Timeout(message)) => Err(ErrorBody::new(crate::protocol::ErrorKind::BadRequest, message)),
    }
}
