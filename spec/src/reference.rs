//! The reference core (`arbiter-core`) as an [`Implementation`], in-process.
//!
//! Every operation is answered by the core: the position after the moves, the legal moves,
//! check, the game's status with every automatic ending (Arts. 5, 9.6, through `Game`),
//! claims (9.2, 9.3), flag fall (6.9), SAN (Appendix C), perft, rejected positions and moves,
//! and the arbiter's procedures for event cases (Arts. 4, 6, 7, 9, through `arbiter::Arbiter`).

use std::collections::BTreeMap;
use std::time::Duration;

use arbiter_core::arbiter::{self as core_arbiter, Arbiter, Delay, DelayMode, Period, Ruling, Settings, TimeControl};
use arbiter_core::notation::{
    judge_sealed_move, read_scoresheet, write_san, write_spoken, SanError, SanReader, SanStyle, ScoresheetError,
    SealedVerdict as CoreSealed, Spelling,
};
use arbiter_core::{perft, Color, FenError, Game, GameError, Laws, Position, Termination, UciError};

use crate::excerpt::excerpt;
use crate::implementation::{Answer, Failure, Implementation};
use crate::profile::{DeadMode, DrawMode, Profile};
use crate::protocol::{
    Action, Category, DrawClaim, DrawOffer, ErrorBody, ErrorKind, Event, EventOutcome, EventSetup, GameResult, Hello,
    Observation, PerftAnswer, PositionSpec, ScoresheetAnswer, SealedVerdict, Side, Status, Supervision,
    PROTOCOL_VERSION,
};
use crate::timing::{ClockTime, DelayModeSpec, TimeControlSpec};

/// The reference core, deciding under one edition of the Laws and one rule profile.
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
    /// Bounds every request by `timeout`, as `--timeout` bounds an adapter's: the in-process
    /// reference is judged by the same deadline as any other implementation.
    pub fn with_timeout(self, timeout: Duration) -> Reference {
        Reference { timeout: Some(timeout), ..self }
    }
}

/// The operations the reference answers: all of them.
const OPS: [&str; 10] =
    ["observe", "perft", "san", "parse_san", "claim", "flag", "events", "spoken", "sealed", "scoresheet"];

impl Implementation for Reference {
    fn hello(&mut self) -> Answer<Hello> {
        Ok(Hello {
            name: "arbiter-core".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            protocol: PROTOCOL_VERSION,
            ops: OPS.iter().map(|op| op.to_string()).collect(),
            profile: Some(format!("fide-{}", self.laws.year())),
        })
    }

    fn observe(&mut self, spec: &PositionSpec) -> Answer<Observation> {
        let game = self.replay(spec)?;
        let pos = *game.position();
        let mut status = status(&game);
        let mut result = result_of(&game);
        // FIDE 5.2.2: the game's check after each move is cheap (material, static proofs, one
        // ply); a position it calls ongoing gets the full analysis here, and one that analysis
        // cannot settle, or finds dead, is reported rather than answered as ongoing.
        if status == Status::Ongoing && self.dead == DeadMode::Full {
            match arbiter_core::is_dead(&pos) {
                arbiter_core::DeadVerdict::Alive { .. } => {}
                arbiter_core::DeadVerdict::Dead => {
                    return Err(Failure::Broken(
                        "FIDE 5.2.2: the position is dead by a search the game's check after each move does not make"
                            .into(),
                    ))
                }
                arbiter_core::DeadVerdict::Undetermined => {
                    return Err(Failure::Broken(
                        "FIDE 5.2.2: whether the position is dead is undetermined within the core's node budget".into(),
                    ))
                }
            }
        }
        // Profile "material-only": only the material cases of 5.2.2 end the game.
        if self.dead == DeadMode::MaterialOnly
            && status == Status::DeadPosition
            && !arbiter_core::material::is_insufficient_material(&pos)
        {
            (status, result) = (Status::Ongoing, GameResult::Ongoing);
        }
        let mut claimable = Vec::new();
        if status == Status::Ongoing {
            if game.can_claim_threefold() {
                claimable.push(DrawClaim::Threefold);
            }
            if game.can_claim_fifty_moves() {
                claimable.push(DrawClaim::Fifty);
            }
        }
        // Profile "automatic-draws": what the Laws let a player claim (9.2.2, 9.3.2) ends the game.
        if self.draws == DrawMode::Automatic && !claimable.is_empty() {
            status =
                if claimable[0] == DrawClaim::Threefold { Status::ThreefoldRepetition } else { Status::FiftyMoves };
            result = GameResult::Draw;
            claimable.clear();
        }
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

    fn perft(&mut self, spec: &PositionSpec, depth: u32) -> Answer<PerftAnswer> {
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
    fn san(&mut self, spec: &PositionSpec, mv: &str) -> Answer<String> {
        let pos = *self.replay(spec)?.position();
        let m = pos.parse_uci(mv).map_err(uci_error)?;
        Ok(write_san(&pos, m, SanStyle::PGN))
    }

    /// Appendix C: reading a move in any notation C.1-C.13 allows (English letters).
    fn parse_san(&mut self, spec: &PositionSpec, san: &str) -> Answer<String> {
        let pos = *self.replay(spec)?.position();
        let m = pos.parse_san(san).map_err(san_error)?;
        Ok(pos.uci(m))
    }

    /// FIDE 9.2, 9.3: whether a claim, with its intended move if any, is correct.
    fn claim(&mut self, spec: &PositionSpec, claim: DrawClaim, mv: Option<&str>) -> Answer<bool> {
        let game = self.replay(spec)?;
        let intended = match mv {
            Some(text) => Some(game.position().parse_uci(text).map_err(uci_error)?),
            None => None,
        };
        game.claim_is_correct(core_claim(claim), intended).map_err(game_error)
    }

    /// FIDE 6.9: the result when `flagged`'s flag falls in this position.
    fn flag(&mut self, spec: &PositionSpec, flagged: Side) -> Answer<GameResult> {
        let mut game = self.replay(spec)?;
        // A game that has already ended (5.2.2: a dead position ends it at once) keeps its result.
        if let Some(outcome) = game.outcome() {
            return Ok(core_result(outcome.result()));
        }
        // FIDE 6.9 turns on whether the opponent can still checkmate: a question the core may
        // leave undetermined within its budget, which is reported, never taken as an answer.
        let opponent = !color(flagged);
        if arbiter_core::unwinnable(game.position(), opponent) == arbiter_core::Verdict::Undetermined {
            return Err(Failure::Broken(format!(
                "FIDE 6.9: whether {opponent} can still checkmate is undetermined within the core's node budget"
            )));
        }
        let outcome = game.flag_fall(color(flagged)).map_err(game_error)?;
        Ok(core_result(outcome.result()))
    }

    /// FIDE 4, 6, 7, 9: the arbiter's decisions on the events after the position.
    fn events(&mut self, spec: &PositionSpec, setup: &EventSetup, events: &[Event]) -> Answer<EventOutcome> {
        run_events(self.laws, spec, setup, events)
    }

    /// FIDE D.2.1: the move in the spoken German words (umlauts spelled out).
    fn spoken(&mut self, spec: &PositionSpec, mv: &str) -> Answer<String> {
        let pos = *self.replay(spec)?.position();
        let m = pos.parse_uci(mv).map_err(uci_error)?;
        Ok(write_spoken(&pos, m, Spelling::Ascii))
    }

    /// Guidelines I.8: the verdict on a sealed move written in English letters.
    fn sealed(&mut self, spec: &PositionSpec, text: &str) -> Answer<SealedVerdict> {
        let pos = *self.replay(spec)?.position();
        match judge_sealed_move(&pos, text, &SanReader::default()) {
            CoreSealed::Valid { .. } => Ok(SealedVerdict::Valid),
            CoreSealed::Ambiguous { .. } => Ok(SealedVerdict::Ambiguous),
            CoreSealed::Unreadable { .. } => Ok(SealedVerdict::Unreadable),
            CoreSealed::Illegal { .. } => Ok(SealedVerdict::Illegal),
            CoreSealed::GameOver => Err(bad(
                ErrorKind::IllegalMove,
                format!("I.8 does not apply: the game in {} has ended, there is no move to seal", pos.fen()),
            )),
        }
    }

    /// FIDE C.12, C.13: the scoresheet's moves and its draw offers `(=)`.
    fn scoresheet(&mut self, spec: &PositionSpec, text: &str) -> Answer<ScoresheetAnswer> {
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
    /// Reads the FEN and plays the moves as a game under this edition (FIDE 3.10: each move
    /// must be legal; no move may follow the end of the game).
    fn replay(&self, spec: &PositionSpec) -> Answer<Game> {
        let mut pos = Position::from_fen(&spec.fen).map_err(fen_error)?;
        if spec.chess960 {
            pos.set_chess960(true);
        } else if pos.is_chess960() {
            return Err(standard_castling_error(&spec.fen));
        }
        let mut game = Game::with_laws(pos, self.laws);
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
fn standard_castling_error(fen: &str) -> Failure {
    let message = format!(
        "illegal position (FIDE 3.10.3): castling rights in {fen:?} need the king and rooks on their original squares (3.8.2.1)"
    );
    Failure::Answered(ErrorBody::new(ErrorKind::IllegalPosition, message).with_detail("invalid_castling_rights"))
}

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

/// A game error: a move after the end of the game (FIDE 5.1.1, 5.2, 9.6: the game ended at
/// once), or an illegal move.
fn game_error(e: GameError) -> Failure {
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

/// The game's status: an automatic ending (FIDE 5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2), or ongoing.
fn status(game: &Game) -> Status {
    match game.outcome().map(|o| o.termination()) {
        Some(Termination::Checkmate) => Status::Checkmate,
        Some(Termination::Stalemate) => Status::Stalemate,
        Some(Termination::DeadPosition) => Status::DeadPosition,
        Some(Termination::FivefoldRepetition) => Status::FivefoldRepetition,
        Some(Termination::SeventyFiveMoves) => Status::SeventyfiveMoves,
        _ => Status::Ongoing,
    }
}

/// FIDE 10.1: the result, `*` while the game goes on.
fn result_of(game: &Game) -> GameResult {
    game.outcome().map_or(GameResult::Ongoing, |o| core_result(o.result()))
}

fn core_result(result: arbiter_core::GameResult) -> GameResult {
    match result {
        arbiter_core::GameResult::WhiteWins => GameResult::WhiteWins,
        arbiter_core::GameResult::BlackWins => GameResult::BlackWins,
        arbiter_core::GameResult::Draw => GameResult::Draw,
    }
}

fn core_claim(claim: DrawClaim) -> arbiter_core::DrawClaim {
    match claim {
        DrawClaim::Threefold => arbiter_core::DrawClaim::Threefold,
        DrawClaim::Fifty => arbiter_core::DrawClaim::FiftyMoves,
    }
}

fn color(side: Side) -> Color {
    match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

fn side_name(c: Color) -> String {
    c.name().to_owned()
}

/// The time control the event cases are judged under when they name none: a standard game
/// (FIDE 6, not rapid or blitz: A.1, B.1), 90 minutes and 30 seconds a move, so that the
/// penalties are those of Articles 7 and 9 (two minutes).
fn standard_time_control() -> TimeControl {
    TimeControl::sudden_death(90 * 60_000, 30_000)
}

/// FIDE 6.3: a case's time control as the core's.
fn core_time_control(spec: &TimeControlSpec) -> Result<TimeControl, String> {
    let written = spec.periods()?;
    let periods = written
        .periods
        .iter()
        .map(|p| Ok(Period { moves: p.moves, base_ms: p.time.duration_ms()? }))
        .collect::<Result<Vec<_>, String>>()?;
    let increment_ms = written.increment.map_or(Ok(0), |t| t.duration_ms())?;
    let delay = match written.delay {
        None => None,
        Some(t) => {
            let mode = match written.delay_mode.unwrap_or_default() {
                DelayModeSpec::Simple => DelayMode::Simple,
                DelayModeSpec::Bronstein => DelayMode::Bronstein,
            };
            Some(Delay { mode, ms: t.duration_ms()? })
        }
    };
    Ok(TimeControl { periods, increment_ms, delay })
}

/// The arbiter's settings for an event case: the edition, its time control (or the standard
/// one), its supervision, its starting position.
fn settings(laws: Laws, spec: &PositionSpec, setup: &EventSetup) -> Answer<Settings> {
    let control = match &setup.time_control {
        Some(tc) => core_time_control(tc).map_err(|e| bad(ErrorKind::BadRequest, e))?,
        None => standard_time_control(),
    };
    let mut settings = Settings::new(laws, control);
    settings.supervision = match setup.supervision.unwrap_or_default() {
        Supervision::Full => core_arbiter::Supervision::Full,
        Supervision::Unsupervised => core_arbiter::Supervision::Unsupervised,
    };
    settings.start_fen = Some(spec.fen.clone());
    Ok(settings)
}

/// Applies one event. An agreement before both players have moved (5.2.3) has no effect, and
/// nothing that happens after the game has ended changes its result (5.1, 5.2, 10.2).
fn apply(arbiter: &mut Arbiter, event: core_arbiter::Event) -> Answer<Vec<Ruling>> {
    match arbiter.apply(&event) {
        Ok(rulings) => Ok(rulings),
        // FIDE 5.2.3: an agreement before both players have moved has no effect; the game goes on.
        Err(core_arbiter::ArbiterError::Game(GameError::AgreementTooEarly { .. })) => Ok(Vec::new()),
        // FIDE 10.2: the game has ended; a later flag, resignation or claim cannot add a result.
        Err(core_arbiter::ArbiterError::Finished(..)) => Ok(Vec::new()),
        Err(e) => Err(bad(ErrorKind::BadRequest, format!("event at {} ms: {e}", event.at_ms()))),
    }
}

/// The arbiter replays the case's moves (one second each), then its events in order, each at
/// its `at` time or one second after the one before: a `play`, or a `move` followed by a
/// clock press, is a completed move (FIDE 6.2.1; an illegal one falls under 7.5), a clock
/// press with no move is 7.5.3, a `move` not followed by a press is made but not completed (it
/// is judged only if it ends the game).
fn run_events(laws: Laws, spec: &PositionSpec, setup: &EventSetup, events: &[Event]) -> Answer<EventOutcome> {
    let mut arbiter =
        Arbiter::new(settings(laws, spec, setup)?).map_err(|e| bad(ErrorKind::BadRequest, e.to_string()))?;
    let mut now: u64 = 0;
    let mut rulings = Vec::new();
    for text in &spec.moves {
        now += 1_000;
        apply(&mut arbiter, core_arbiter::Event::Move { at_ms: now, uci: text.clone(), position_after: None })?;
    }
    let mut pending_move: Option<String> = None;
    for event in events {
        now = match event.at {
            Some(at) => at.duration_ms().map_err(|e| bad(ErrorKind::BadRequest, e))?,
            None => now + 1_000,
        };
        let core_event = match &event.action {
            Action::Move(uci) => {
                if let Some(previous) = pending_move.replace(uci.clone()) {
                    return Err(bad(
                        ErrorKind::BadRequest,
                        format!("move {uci} follows move {previous} without a clock press"),
                    ));
                }
                continue;
            }
            Action::Play { uci, position_after } => {
                core_arbiter::Event::Move { at_ms: now, uci: uci.clone(), position_after: position_after.clone() }
            }
            Action::PressClock => match pending_move.take() {
                Some(uci) => core_arbiter::Event::Move { at_ms: now, uci, position_after: None },
                None => core_arbiter::Event::PressWithoutMove { at_ms: now },
            },
            Action::TwoHands(uci) => core_arbiter::Event::TwoHands { at_ms: now, uci: uci.clone() },
            Action::Touch(square) => core_arbiter::Event::Touch { at_ms: now, square: square.clone() },
            Action::Resign(side) => core_arbiter::Event::Resign { at_ms: now, player: color(*side) },
            Action::FlagFall(side) => {
                let player = color(*side);
                if event.at.is_none() {
                    // Without a time, the flag is seen one second after the side's time has run out.
                    now += arbiter.remaining_ms(player).max(0).unsigned_abs();
                }
                core_arbiter::Event::Flag { at_ms: now, player }
            }
            Action::OfferDraw => core_arbiter::Event::DrawOffer { at_ms: now, player: arbiter.to_move() },
            // The opponent of the player whose offer stands accepts or rejects it.
            Action::AcceptDraw => {
                let offerer = arbiter.draw_offer().unwrap_or(arbiter.to_move());
                core_arbiter::Event::DrawAccept { at_ms: now, player: !offerer }
            }
            Action::DeclineDraw => {
                let offerer = arbiter.draw_offer().unwrap_or(arbiter.to_move());
                core_arbiter::Event::DrawDecline { at_ms: now, player: !offerer }
            }
            Action::Claim { claim, intended } => {
                core_arbiter::Event::Claim { at_ms: now, claim: core_claim(*claim), intended: intended.clone() }
            }
            Action::ClaimIllegalMove => core_arbiter::Event::ClaimIllegalMove { at_ms: now },
            Action::BothFlagsFallen => core_arbiter::Event::BothFlagsFallen { at_ms: now },
            Action::ColoursReversed => core_arbiter::Event::ColoursReversed { at_ms: now },
            Action::InitialPositionIncorrect => core_arbiter::Event::InitialPositionIncorrect { at_ms: now },
        };
        rulings.extend(apply(&mut arbiter, core_event)?);
    }
    if let Some(uci) = pending_move {
        // FIDE 6.2.1: a move that ends the game is complete without the clock press. Any other
        // legal move not followed by a press is made all the same (4.7: the piece released on
        // its square stays there, and no other move may replace it; 1.3: the opponent has the
        // move), but not completed: the board and the moves allowed are those after it, the
        // clocks those before the press that has not come (no increment, 6.2.1).
        let legal = arbiter.game().position().parse_uci(&uci).is_ok();
        if legal {
            let mut made = arbiter.clone();
            let ruled = apply(&mut made, core_arbiter::Event::Move { at_ms: now, uci, position_after: None })?;
            if matches!(made.status(), core_arbiter::Status::Ended(_)) {
                arbiter = made;
                rulings.extend(ruled);
            } else {
                let mut answer = outcome(&made, &rulings);
                answer.clock = Some(clocks(&arbiter));
                return Ok(answer);
            }
        }
    }
    Ok(outcome(&arbiter, &rulings))
}

/// Each side's remaining time (FIDE 6.1).
fn clocks(arbiter: &Arbiter) -> BTreeMap<String, ClockTime> {
    Color::ALL.iter().map(|&c| (side_name(c), ClockTime::from_ms(arbiter.remaining_ms(c)))).collect()
}

/// What the arbiter reports after the events.
fn outcome(arbiter: &Arbiter, rulings: &[Ruling]) -> EventOutcome {
    let mut time_added: BTreeMap<String, u32> = BTreeMap::new();
    for ruling in rulings {
        if let Ruling::TimeAdded { player, ms, .. } = ruling {
            *time_added.entry(side_name(*player)).or_default() += (*ms / 60_000) as u32;
        }
    }
    let result = match arbiter.status() {
        core_arbiter::Status::Ended(outcome) => core_result(outcome.result()),
        _ => GameResult::Ongoing,
    };
    let allowed = arbiter.allowed_moves();
    let pos = *arbiter.game().position();
    let per_side = |f: &dyn Fn(Color) -> _| Color::ALL.iter().map(|&c| (side_name(c), f(c))).collect();
    let category = match arbiter.category() {
        core_arbiter::Category::Standard => Category::Standard,
        core_arbiter::Category::Rapid => Category::Rapid,
        core_arbiter::Category::Blitz => Category::Blitz,
    };
    let draw_offer = match arbiter.draw_offer() {
        Some(Color::White) => DrawOffer::White,
        Some(Color::Black) => DrawOffer::Black,
        None => DrawOffer::None,
    };
    EventOutcome {
        result: Some(result),
        allowed_moves: Some(allowed.allowed.iter().map(|m| pos.uci(*m)).collect()),
        time_added: Some(time_added),
        annulled: Some(arbiter.status() == core_arbiter::Status::Annulled),
        category: Some(category),
        must_record: Some(per_side(&|c| arbiter.must_record(c))),
        clock: Some(clocks(arbiter)),
        draw_offer: Some(draw_offer),
    }
}
