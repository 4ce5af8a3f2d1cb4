//! The reference core (`arbiter-core`) as an [`Implementation`], in-process.
//!
//! Every operation is answered by the core: the position after the moves, the legal moves,
//! check, the game's status with every automatic ending (Arts. 5, 9.6, through `Game`),
//! claims (9.2, 9.3), flag fall (6.9), SAN (Appendix C), perft, rejected positions and moves,
//! and the arbiter's procedures for event cases (Arts. 4, 6, 7, 9, through `arbiter::Arbiter`).

use std::collections::BTreeMap;
use std::time::Duration;

use arbiter_core::arbiter::{judge, ArbiterError, Settings, TimeControl, TimelineError};
use arbiter_core::notation::{
    judge_sealed_move, read_scoresheet, write_san, write_spoken, SanError, SanReader, SanStyle, ScoresheetError,
    Spelling,
};
use arbiter_core::types::RuleModel;
use arbiter_core::{
    perft, CastlingMode, ClockTime, Color, DrawClaim, FenError, Forfeit, Game, GameError, GameResult, Laws, Position,
    SealedVerdict, Termination, UciError,
};

use crate::excerpt::excerpt;
use crate::implementation::{Answer, Failure, Implementation};
use crate::profile::{DeadMode, DrawMode, Profile};
use crate::protocol::{
    ClaimAnswer, DrawOffer, ErrorBody, ErrorKind, Event, EventOutcome, EventSetup, FlagAnswer, Goodbye, Hello,
    Observation, Op, ParseSanAnswer, PerftAnswer, PositionSpec, Reply, SanAnswer, ScoresheetAnswer, SealedAnswer,
    SpokenAnswer, Status, PROTOCOL_VERSION,
};
use crate::watchdog::Watchdog;

/// The reference core, deciding under one edition of the Laws and one rule profile.
///
/// ```
/// use arbiter_spec::implementation::{observe, perft};
/// use arbiter_spec::protocol::{PositionSpec, Status};
/// use arbiter_spec::reference::Reference;
///
/// let mut reference = Reference::default();
/// let start = PositionSpec { fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(), ..Default::default() };
/// assert_eq!(perft(&mut reference, &start, 2).unwrap().nodes, 400);
/// // FIDE 5.1.1: after 1. f3 e5 2. g4 Qh4 White is checkmated.
/// let moves = ["f2f3", "e7e5", "g2g4", "d8h4"].map(String::from).to_vec();
/// let seen = observe(&mut reference, &PositionSpec { moves, ..start }).unwrap();
/// assert_eq!(seen.status, Some(Status::Checkmate));
/// assert_eq!(seen.legal_moves, Some(vec![]));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Reference {
    laws: Laws,
    draws: DrawMode,
    dead: DeadMode,
    /// Each request's time limit (`--timeout`): a perft still counting then answers TIMEOUT.
    timeout: Option<Duration>,
}

impl Default for Reference {
    /// The 2023 Laws as written.
    fn default() -> Reference {
        Reference { laws: Laws::default(), draws: DrawMode::Claims, dead: DeadMode::Full, timeout: None }
    }
}

impl Reference {
    /// The Laws of `laws` as written.
    pub fn new(laws: Laws) -> Reference {
        Reference { laws, ..Reference::default() }
    }

    /// Under a rule profile (its draw and dead-position modes), with the edition `laws`.
    pub fn for_profile(profile: &Profile, laws: Laws) -> Reference {
        Reference { laws, draws: profile.draws, dead: profile.dead, timeout: None }
    }
}

impl Reference {
    /// Bounds a perft by `timeout`: a perft still counting at the deadline stops and answers
    /// TIMEOUT. Perft is the one request whose work grows without bound; the unwinnability
    /// searches of 5.2.2 and 6.9 stop at their node budget, and the other requests are a few
    /// moves' work. [`Reference::watched`] bounds every request.
    pub fn with_timeout(self, timeout: Duration) -> Reference {
        Reference { timeout: Some(timeout), ..self }
    }

    /// The reference as `arbiter run` asks it, judged by the same deadline as any other
    /// implementation (`--timeout`): a perft stops at `timeout`, and every request is answered
    /// on a thread of its own and is a TIMEOUT when not answered within `timeout` (a bug that
    /// makes the core loop fails its case instead of hanging the run).
    ///
    /// ```
    /// use std::time::Duration;
    /// use arbiter_spec::implementation::perft;
    /// use arbiter_spec::protocol::PositionSpec;
    /// use arbiter_spec::reference::Reference;
    ///
    /// let mut reference = Reference::default().watched(Duration::from_secs(10));
    /// let start = PositionSpec { fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(), ..Default::default() };
    /// assert_eq!(perft(&mut reference, &start, 3).unwrap().nodes, 8_902);
    /// ```
    pub fn watched(self, timeout: Duration) -> Watchdog<Reference> {
        Watchdog::new("the reference core", self.with_timeout(timeout), timeout)
    }
}

impl Implementation for Reference {
    /// The reference answers every operation.
    fn hello(&mut self) -> Answer<Hello> {
        Ok(Hello {
            name: "arbiter-core".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            protocol: PROTOCOL_VERSION,
            ops: Op::NAMES.iter().filter(|op| !matches!(**op, "hello" | "quit")).map(|op| op.to_string()).collect(),
            profile: Some(Profile { laws: self.laws, draws: self.draws, dead: self.dead }.name()),
            note: None,
            rules: None,
        })
    }

    fn answer(&mut self, op: &Op) -> Answer<Reply> {
        match op {
            Op::Hello => self.hello().map(Reply::Hello),
            Op::Observe { position } => self.observe(position).map(Reply::Observe),
            Op::Perft { position, depth } => self.perft(position, *depth).map(Reply::Perft),
            Op::San { position, mv } => self.san(position, mv).map(|san| Reply::San(SanAnswer { san })),
            Op::ParseSan { position, san } => {
                self.parse_san(position, san).map(|mv| Reply::ParseSan(ParseSanAnswer { mv }))
            }
            Op::Claim { position, claim, mv } => {
                self.claim(position, *claim, mv.as_deref()).map(|valid| Reply::Claim(ClaimAnswer { valid }))
            }
            Op::Flag { position, flagged } => {
                self.flag(position, *flagged).map(|result| Reply::Flag(FlagAnswer { result }))
            }
            Op::Events { position, events, time_control, supervision } => {
                // The position's moves are a game's moves, as for every operation: an illegal
                // one (or one after the end) is an error, not an irregularity for the arbiter
                // to judge (7.5), which the events alone may ask for.
                self.replay(position)?;
                let setup = EventSetup { time_control: time_control.clone(), supervision: *supervision };
                run_events(self.laws, self.dead, position, &setup, events).map(Reply::Events)
            }
            Op::Spoken { position, mv } => {
                self.spoken(position, mv).map(|spoken| Reply::Spoken(SpokenAnswer { spoken }))
            }
            Op::Sealed { position, text } => {
                self.sealed(position, text).map(|verdict| Reply::Sealed(SealedAnswer { verdict }))
            }
            Op::Scoresheet { position, text } => self.scoresheet(position, text).map(Reply::Scoresheet),
            Op::Quit => Ok(Reply::Quit(Goodbye {})),
        }
    }
}

impl Reference {
    /// FIDE 3.10.1, 5, 9.2, 9.3: the position, its legal moves (whether or not the game has
    /// ended), check, and where the game stands under this reference's rule model.
    pub fn observe(&mut self, spec: &PositionSpec) -> Answer<Observation> {
        let game = self.replay(spec)?;
        let pos = *game.position();
        let model = RuleModel { draws: self.draws, dead: self.dead };
        let state = game.state(model).map_err(|e| Failure::Broken(e.to_string()))?;
        let (status, result, claimable) = (status(state.ending), state.result, state.claimable);
        Ok(Observation {
            fen: pos.fen(),
            // FIDE 3.10.1: the legal moves of the position, whether or not the game has ended.
            legal_moves: Some(pos.legal_moves().iter().map(|m| pos.uci(*m)).collect()),
            in_check: Some(pos.is_check()),
            status: Some(status),
            result: Some(result),
            claimable: Some(claimable),
        })
    }

    /// The perft count (FIDE 3.10.1: legal moves only) of the position `depth` half-moves deep, with its divide; deeper than [`perft::MAX_DEPTH`] is refused.
    pub fn perft(&mut self, spec: &PositionSpec, depth: u32) -> Answer<PerftAnswer> {
        if depth > perft::MAX_DEPTH {
            let message =
                format!("perft depth {depth} is deeper than the {} this implementation counts", perft::MAX_DEPTH);
            return Err(bad(ErrorKind::BadRequest, message));
        }
        let pos = *self.replay(spec)?.position();
        if depth == 0 {
            return Ok(PerftAnswer { nodes: 1, divide: Default::default() });
        }
        let divide = match self.timeout {
            None => perft::divide(&pos, depth),
            Some(timeout) => {
                perft::divide_until(&pos, depth, crate::child::deadline_after(timeout)).ok_or_else(|| {
                    Failure::Timeout(format!(
                        "perft {depth} of {} was still counting after {timeout:?}",
                        excerpt(&spec.fen)
                    ))
                })?
            }
        };
        let divide: BTreeMap<String, u64> = divide.into_iter().map(|(m, n)| (pos.uci(m), n)).collect();
        Ok(PerftAnswer { nodes: divide.values().sum(), divide })
    }

    /// Appendix C: the SAN of a move, in the PGN export style (`O-O`, `e8=Q`, `#`).
    pub fn san(&mut self, spec: &PositionSpec, mv: &str) -> Answer<String> {
        let pos = *self.replay(spec)?.position();
        let m = pos.parse_uci(mv).map_err(uci_error)?;
        Ok(write_san(&pos, m, SanStyle::PGN))
    }

    /// Appendix C: reading a move in any notation C.1-C.13 allows (English letters).
    pub fn parse_san(&mut self, spec: &PositionSpec, san: &str) -> Answer<String> {
        let pos = *self.replay(spec)?.position();
        let m = pos.parse_san(san).map_err(san_error)?;
        Ok(pos.uci(m))
    }

    /// FIDE 9.2, 9.3: whether a claim, with its intended move if any, is correct.
    pub fn claim(&mut self, spec: &PositionSpec, claim: DrawClaim, mv: Option<&str>) -> Answer<bool> {
        let game = self.replay(spec)?;
        let intended = match mv {
            Some(text) => Some(game.position().parse_uci(text).map_err(uci_error)?),
            None => None,
        };
        game.claim_is_correct(claim, intended).map_err(game_error)
    }

    /// FIDE 6.9: the result when `flagged`'s flag falls in this position.
    pub fn flag(&mut self, spec: &PositionSpec, flagged: Color) -> Answer<GameResult> {
        let mut game = self.replay(spec)?;
        // A game that has already ended (5.2.2: a dead position ends it at once) keeps its result.
        if let Some(outcome) = game.outcome() {
            return Ok(outcome.result());
        }
        // FIDE 6.9 turns on whether the opponent can still checkmate: a question the core may
        // leave undetermined within its budget, which is reported ([`game_error`]), never taken
        // as an answer.
        game.decided_forfeit(flagged, Forfeit::FlagFall).map(|o| o.result()).map_err(game_error)
    }

    /// FIDE D.2.1: the move in the spoken German words (umlauts spelled out).
    pub fn spoken(&mut self, spec: &PositionSpec, mv: &str) -> Answer<String> {
        let pos = *self.replay(spec)?.position();
        let m = pos.parse_uci(mv).map_err(uci_error)?;
        Ok(write_spoken(&pos, m, Spelling::Ascii))
    }

    /// Guidelines I.8: the verdict on a sealed move written in English letters.
    pub fn sealed(&mut self, spec: &PositionSpec, text: &str) -> Answer<SealedVerdict> {
        let pos = *self.replay(spec)?.position();
        judge_sealed_move(&pos, text, &SanReader::default()).verdict().ok_or_else(|| {
            bad(
                ErrorKind::IllegalMove,
                format!("I.8 does not apply: the game in {} has ended, there is no move to seal", pos.fen()),
            )
        })
    }

    /// FIDE C.12, C.13: the scoresheet's moves and its draw offers `(=)`.
    pub fn scoresheet(&mut self, spec: &PositionSpec, text: &str) -> Answer<ScoresheetAnswer> {
        let start = *self.replay(spec)?.position();
        let sheet = read_scoresheet(&start, text, &SanReader::default()).map_err(|e| match &e {
            ScoresheetError::Move { source, .. } => bad(san_error_kind(source), e.to_string()),
            ScoresheetError::Stray { .. } => bad(ErrorKind::InvalidSan, e.to_string()),
        })?;
        let mut pos = start;
        let mut answer = ScoresheetAnswer::default();
        for (ply, written) in (1u32..).zip(&sheet) {
            answer.moves.push(pos.uci(written.mv));
            pos.play_unchecked(written.mv);
            if written.draw_offer {
                answer.draw_offers.push(ply);
            }
        }
        Ok(answer)
    }
}

impl Reference {
    /// Reads the FEN and plays the moves as a game under this edition and this reference's
    /// dead positions (FIDE 3.10: each move must be legal; no move may follow the end of the
    /// game, 5.1.1, 5.2.1, 5.2.2, 9.6; under `material-only` a locked pawn wall ends nothing).
    fn replay(&self, spec: &PositionSpec) -> Answer<Game> {
        let pos = Position::from_fen_in(&spec.fen, CastlingMode::from_chess960(spec.chess960)).map_err(fen_error)?;
        let mut game = Game::with_rules(pos, self.laws, self.dead);
        for text in &spec.moves {
            let m = game.position().parse_uci(text).map_err(uci_error)?;
            game.play(m).map_err(game_error)?;
        }
        Ok(game)
    }
}

/// FIDE 3.10.3: a FEN that cannot be read, or a position that cannot arise.
fn fen_error(e: FenError) -> Failure {
    let body = match &e {
        FenError::Illegal(illegal) => {
            ErrorBody::new(ErrorKind::IllegalPosition, e.to_string()).with_detail(illegal.kind())
        }
        _ => ErrorBody::new(ErrorKind::InvalidFen, e.to_string()),
    };
    Failure::Answered(body)
}

/// FIDE 3.8.2.1 / 3.10.3: in standard chess a castling right needs the king on e1/e8 and the
/// rook on the a- or h-file; the core reads such FENs as Chess960, so standard requests refuse them.
/// FIDE 3.10.2: a move that is not legal here (or not a move at all).
fn uci_error(e: UciError) -> Failure {
    let kind = match e {
        UciError::Malformed(_) => ErrorKind::BadRequest,
        UciError::Illegal { .. } => ErrorKind::IllegalMove,
    };
    Failure::Answered(ErrorBody::new(kind, e.to_string()))
}

fn bad(kind: ErrorKind, message: impl Into<String>) -> Failure {
    Failure::Answered(ErrorBody::new(kind, message.into()))
}

/// A game error that is the core's limit, not the request's fault: a forfeit that turns on a
/// question the analysis left undetermined within its budget. The case cannot be answered; it
/// is reported, never answered as a loss.
fn beyond_the_core(e: &GameError) -> bool {
    matches!(e, GameError::ForfeitUndetermined { .. })
}

/// A game error: a move after the end of the game (FIDE 5.1.1, 5.2, 9.6: the game ended at
/// once), an illegal move, or a forfeit the core cannot decide (reported, not answered).
fn game_error(e: GameError) -> Failure {
    if beyond_the_core(&e) {
        return Failure::Broken(e.to_string());
    }
    let kind = match e {
        GameError::AgreementTooEarly { .. } => ErrorKind::BadRequest,
        _ => ErrorKind::IllegalMove,
    };
    bad(kind, e.to_string())
}

/// Appendix C: a text that is not SAN, names no legal move, or names more than one.
fn san_error(e: SanError) -> Failure {
    bad(san_error_kind(&e), e.to_string())
}

fn san_error_kind(e: &SanError) -> ErrorKind {
    match e {
        SanError::Ambiguous { .. } => ErrorKind::AmbiguousSan,
        SanError::Illegal { .. } => ErrorKind::IllegalMove,
        _ => ErrorKind::InvalidSan,
    }
}

/// The protocol's name for how the game ended (FIDE 5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2, and
/// 9.2, 9.3 under automatic draws), or ongoing.
fn status(ending: Option<Termination>) -> Status {
    match ending {
        Some(Termination::Checkmate) => Status::Checkmate,
        Some(Termination::Stalemate) => Status::Stalemate,
        Some(Termination::DeadPosition) => Status::DeadPosition,
        Some(Termination::FivefoldRepetition) => Status::FivefoldRepetition,
        Some(Termination::SeventyFiveMoves) => Status::SeventyfiveMoves,
        Some(Termination::ThreefoldRepetition) => Status::ThreefoldRepetition,
        Some(Termination::FiftyMoves) => Status::FiftyMoves,
        _ => Status::Ongoing,
    }
}

/// A value for each side, keyed by its name as the protocol writes it.
fn per_side<T>(value: impl Fn(Color) -> T) -> BTreeMap<String, T> {
    Color::ALL.iter().map(|&c| (c.name().to_owned(), value(c))).collect()
}

/// The time control the event cases are judged under when they name none: a standard game
/// (FIDE 6, not rapid or blitz: A.1, B.1), 90 minutes and 30 seconds a move, so that the
/// penalties are those of Articles 7 and 9 (two minutes).
fn standard_time_control() -> TimeControl {
    TimeControl::sudden_death(90 * 60_000, 30_000)
}

/// The arbiter's settings for an event case: the edition, its time control (or the standard
/// one), its supervision, its starting position, and the profile's dead positions.
fn settings(laws: Laws, dead: DeadMode, spec: &PositionSpec, setup: &EventSetup) -> Settings {
    let control = setup.time_control.clone().unwrap_or_else(standard_time_control);
    let mut settings = Settings::new(laws, control);
    settings.dead = dead;
    settings.supervision = setup.supervision.unwrap_or_default();
    settings.start_fen = Some(spec.fen.clone());
    settings.chess960 = spec.chess960;
    settings
}

/// FIDE 4, 6, 7, 9: the arbiter's judgement of the events (see [`arbiter_core::arbiter::timeline`]),
/// in the protocol's words.
fn run_events(
    laws: Laws,
    dead: DeadMode,
    spec: &PositionSpec,
    setup: &EventSetup,
    events: &[Event],
) -> Answer<EventOutcome> {
    let judged = judge(settings(laws, dead, spec, setup), &spec.moves, events).map_err(|e| match &e {
        // Reported as [`game_error`] reports it, with the event's time.
        TimelineError::Event { error: ArbiterError::Game(g), .. } if beyond_the_core(g) => {
            Failure::Broken(e.to_string())
        }
        _ => bad(ErrorKind::BadRequest, e.to_string()),
    })?;
    Ok(EventOutcome {
        result: Some(judged.result),
        allowed_moves: Some(judged.allowed_moves),
        // Only the sides that were given time (minutes, as the protocol writes them).
        time_added: Some(
            Color::ALL
                .iter()
                .filter(|c| judged.time_added_ms[c.index()] > 0)
                .map(|c| (c.name().to_owned(), (judged.time_added_ms[c.index()] / 60_000) as u32))
                .collect(),
        ),
        annulled: Some(judged.annulled),
        category: Some(judged.category),
        must_record: Some(per_side(|c| judged.must_record[c.index()])),
        clock: Some(per_side(|c| ClockTime::from_ms(judged.clock_ms[c.index()]))),
        draw_offer: Some(match judged.draw_offer {
            Some(Color::White) => DrawOffer::White,
            Some(Color::Black) => DrawOffer::Black,
            None => DrawOffer::None,
        }),
    })
}
