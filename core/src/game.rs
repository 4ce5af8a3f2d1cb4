//! A game with its history: the moves played, the position after each, how often each
//! position has appeared, the draws a player may claim, and how and when the game ends
//! (FIDE 5, 6.9, 7.5.5, 9, 10.1).

use crate::counts::{FIFTY_MOVES, FIVEFOLD, SEVENTY_FIVE_MOVES, THREEFOLD};
use crate::laws::Laws;
use crate::material;
use crate::outcome::{Forfeit, Outcome, Termination};
use arbiter_types::{DeadMode, DrawMode, RuleModel};

use crate::{Color, DrawClaim, FenError, GameResult, IllegalMove, Move, Position, UciError};

/// What a game refuses to do. The game is unchanged after every error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// Nothing can follow the end of the game: FIDE 5.1.1, 5.1.2, 5.2.1, 5.2.2, 5.2.3 and 9.6
    /// each "immediately end the game".
    #[error("the game is over ({outcome}); no move, claim or forfeit can follow")]
    GameOver {
        /// How the game ended.
        outcome: Outcome,
    },
    /// FIDE 3.10.2: the move (played or intended for a claim) is not legal here.
    #[error(transparent)]
    IllegalMove(#[from] IllegalMove),
    /// A UCI move that cannot be read or is not legal here.
    #[error(transparent)]
    Uci(#[from] UciError),
    /// The starting FEN cannot be read or describes an illegal position.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// FIDE 5.2.3: a draw may be agreed only after both players have made at least one move.
    #[error("FIDE 5.2.3: a draw may be agreed only after both players have made at least one move ({moves} half-moves played)")]
    AgreementTooEarly {
        /// The half-moves played so far.
        moves: usize,
    },
    /// A forfeit whose outcome turns on whether the opponent can still checkmate (a draw if
    /// not), a question the analysis left undetermined within its node budget
    /// ([`Game::decided_forfeit`]): reported, never taken for a loss.
    #[error("FIDE {}: whether {} can still checkmate is undetermined within the core's node budget", .kind.article().id(), !*.player)]
    ForfeitUndetermined {
        /// The player who forfeits.
        player: Color,
        /// How.
        kind: Forfeit,
    },
}

/// Where a game stands under a rule model ([`Game::state`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    /// How the game ended, or `None` while it goes on.
    pub ending: Option<Termination>,
    /// The result, `*` while the game goes on.
    pub result: GameResult,
    /// The draws the player to move may claim now without naming a move (9.2.2, 9.3.2).
    pub claimable: Vec<DrawClaim>,
}

/// Why [`Game::state`] cannot say where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    /// The position is dead by a search the game's check after each move does not make.
    #[error("FIDE 5.2.2: the position is dead by a search the game's check after each move does not make")]
    DeadBySearch,
    /// Whether the position is dead is undetermined within the core's node budget.
    #[error("FIDE 5.2.2: whether the position is dead is undetermined within the core's node budget")]
    Undetermined,
}

/// The arbiter's finding on a draw claim (FIDE 9.5.2, 9.5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClaimVerdict {
    /// FIDE 9.5.2: the claim is correct and the game is drawn at once; an intended move is
    /// not played.
    Correct(Outcome),
    /// FIDE 9.5.3: the claim is incorrect; the game goes on, and an intended move is played
    /// (it may end the game, see [`Game::outcome`]).
    Incorrect,
}

/// A game of chess from a starting position, under an edition of the Laws.
///
/// Invariants: `positions[0]` is the starting position and `positions[i + 1]` follows from
/// `positions[i]` by `moves[i]`; `outcome` is the end the game reached, if any.
///
/// ```
/// use arbiter_core::{Game, GameResult, Laws, Termination};
///
/// let mut game = Game::startpos(Laws::Fide2023);
/// for uci in ["f2f3", "e7e5", "g2g4"] {
///     assert_eq!(game.play_uci(uci).unwrap(), None);
/// }
/// // FIDE 5.1.1: checkmate ends the game at once, and no move can follow.
/// let outcome = game.play_uci("d8h4").unwrap().unwrap();
/// assert_eq!((outcome.result(), outcome.termination()), (GameResult::BlackWins, Termination::Checkmate));
/// assert_eq!(game.outcome(), Some(outcome));
/// assert!(game.play_uci("a2a3").is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    laws: Laws,
    dead: DeadMode,
    positions: Vec<Position>,
    moves: Vec<Move>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A game from `start` under the default (2023) Laws. The starting position counts as
    /// the first occurrence of that position (FIDE 9.2.3), and its halfmove clock counts for
    /// 9.3 and 9.6.2. A starting position that already ends the game (mate, stalemate, dead
    /// position, a clock of 150 or more) gives a game that is over from the start.
    pub fn new(start: Position) -> Game {
        Game::with_laws(start, Laws::default())
    }

    /// A game from `start` under `laws`, every dead position ending it (5.2.2).
    pub fn with_laws(start: Position, laws: Laws) -> Game {
        Game::with_rules(start, laws, DeadMode::Full)
    }

    /// A game from `start` under `laws`, where the positions that end the game as dead are
    /// those of `dead`: with [`DeadMode::MaterialOnly`] only insufficient material does, and a
    /// position dead for another reason (a locked pawn wall) does not end the game, which goes
    /// on with its moves, its claims (9.2, 9.3) and its automatic draws (9.6).
    pub fn with_rules(start: Position, laws: Laws, dead: DeadMode) -> Game {
        let mut game = Game { laws, dead, positions: vec![start], moves: Vec::new(), outcome: None };
        game.outcome = automatic_end_under(&start, 1, dead);
        game
    }

    /// A game from the standard starting position (FIDE 2.3).
    pub fn startpos(laws: Laws) -> Game {
        Game::with_laws(Position::startpos(), laws)
    }

    /// A game from a FEN, halfmove clock included.
    pub fn from_fen(fen: &str, laws: Laws) -> Result<Game, GameError> {
        Ok(Game::with_laws(Position::from_fen(fen)?, laws))
    }

    /// The edition of the Laws the game is played under.
    pub fn laws(&self) -> Laws {
        self.laws
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position (the history is never empty: it holds at least the start).
    pub fn position(&self) -> &Position {
        &self.positions[self.positions.len() - 1]
    }

    /// The starting position and the position after each move, in order.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Plays `m` and returns how the game stands after it. An illegal move, or any move after
    /// the game has ended, is an error that changes nothing (FIDE 3.10.2, 5).
    pub fn play(&mut self, m: Move) -> Result<Option<Outcome>, GameError> {
        self.ensure_ongoing()?;
        let next = self.position().play(m)?;
        let occurrences = self.occurrences_of(&next, self.positions.len());
        self.positions.push(next);
        self.moves.push(m);
        self.outcome = automatic_end_under(&next, occurrences, self.dead);
        Ok(self.outcome)
    }

    /// Plays a move written in UCI; see [`Game::play`].
    pub fn play_uci(&mut self, text: &str) -> Result<Option<Outcome>, GameError> {
        self.ensure_ongoing()?;
        let m = self.position().parse_uci(text)?;
        self.play(m)
    }

    /// FIDE 9.2.3, 9.6.1: how many times the current position has appeared in this game,
    /// itself and the starting position included; occurrences need not be consecutive.
    pub fn repetitions(&self) -> usize {
        self.occurrences_of(self.position(), self.positions.len() - 1)
    }

    /// FIDE 9.2.2 (9.2.1.2 in 2018): the player to move may claim a draw now because the
    /// current position has just appeared for at least the third time.
    pub fn can_claim_threefold(&self) -> bool {
        !self.is_over() && self.repetitions() >= THREEFOLD
    }

    /// FIDE 9.3.2: the player to move may claim a draw now because the last 50 moves by each
    /// player were made without a pawn move or a capture (the halfmove clock, which counts
    /// from the starting FEN's clock, is at least 100).
    pub fn can_claim_fifty_moves(&self) -> bool {
        !self.is_over() && self.position().halfmoves() >= FIFTY_MOVES
    }

    /// Where the game stands under a rule model: how it ended, if it did, its result (`*` while
    /// it goes on) and the draws the player to move may claim now without naming a move.
    ///
    /// - The game's check after each move is cheap (material, static proofs, one ply); with
    ///   [`DeadMode::Full`] a position it calls ongoing gets the full analysis of 5.2.2 here, and
    ///   one that analysis finds dead, or cannot settle, is an error rather than "ongoing".
    /// - With [`DeadMode::MaterialOnly`], only the material cases of 5.2.2 end the game: a game
    ///   built under the other mode is judged as if played under this one ([`Game::with_rules`]),
    ///   so after a locked pawn wall it goes on, and the player to move may claim a draw there.
    /// - With [`DrawMode::Automatic`], what the Laws let a player claim (9.2.2, 9.3.2) ends the
    ///   game at once; threefold repetition comes before fifty moves when both hold.
    ///
    /// ```
    /// use arbiter_core::types::RuleModel;
    /// use arbiter_core::{Game, GameResult, Laws};
    /// let game = Game::from_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1", Laws::Fide2023).unwrap();
    /// let state = game.state(RuleModel::default()).unwrap();
    /// assert_eq!(state.result, GameResult::Draw); // 5.2.2: king against king
    /// ```
    pub fn state(&self, model: RuleModel) -> Result<GameState, StateError> {
        if model.dead != self.dead {
            return self.under(model.dead).state(model);
        }
        let pos = self.position();
        let mut ending = self.outcome.map(|o| o.termination());
        let mut result = self.outcome.map_or(GameResult::Ongoing, |o| o.result());
        if ending.is_none() && model.dead == DeadMode::Full {
            match crate::is_dead(pos) {
                crate::DeadVerdict::Alive { .. } => {}
                crate::DeadVerdict::Dead => return Err(StateError::DeadBySearch),
                crate::DeadVerdict::Undetermined => return Err(StateError::Undetermined),
            }
        }
        // Nothing is claimable once the game is over (the claims ask `is_over` themselves).
        let mut claimable = Vec::new();
        if self.can_claim_threefold() {
            claimable.push(DrawClaim::Threefold);
        }
        if self.can_claim_fifty_moves() {
            claimable.push(DrawClaim::FiftyMoves);
        }
        if model.draws == DrawMode::Automatic {
            if let Some(&first) = claimable.first() {
                ending = Some(match first {
                    DrawClaim::Threefold => Termination::ThreefoldRepetition,
                    DrawClaim::FiftyMoves => Termination::FiftyMoves,
                });
                result = GameResult::Draw;
                claimable.clear();
            }
        }
        Ok(GameState { ending, result, claimable })
    }

    /// Whether the player to move would be right to claim `claim`, with an intended move or
    /// without (FIDE 9.2, 9.3).
    ///
    /// With an intended move the claim is correct when the move would make the position appear
    /// a third time (9.2.1; 9.2.1.1 in 2018) or complete the 50 moves (9.3.1), and also when
    /// the claim is already correct without it (9.2.2, 9.3.2): the player has the move in both
    /// cases and the claim is for the same draw.
    ///
    /// An intended move that would checkmate or stalemate does not make a correct claim
    /// incorrect. Under 9.2.1 and 9.3.1 the move is only written and declared, not made, and a
    /// correct claim draws the game at once (9.5.2); 5.1.1 and 5.2.1 end the game only when the
    /// move producing the mate or stalemate is made. (For threefold the case cannot arise: a
    /// mate or stalemate that appeared twice before would already have ended the game.)
    /// python-chess decides otherwise for the fifty-move claim; see `core/tests/game_pychess.rs`.
    pub fn claim_is_correct(&self, claim: DrawClaim, intended: Option<Move>) -> Result<bool, GameError> {
        self.ensure_ongoing()?;
        let now = match claim {
            DrawClaim::Threefold => self.repetitions() >= THREEFOLD,
            DrawClaim::FiftyMoves => self.position().halfmoves() >= FIFTY_MOVES,
        };
        let Some(m) = intended else { return Ok(now) };
        let next = self.position().play(m)?;
        let after = match claim {
            DrawClaim::Threefold => self.occurrences_of(&next, self.positions.len()) >= THREEFOLD,
            DrawClaim::FiftyMoves => next.halfmoves() >= FIFTY_MOVES,
        };
        Ok(now || after)
    }

    /// The player to move claims a draw (FIDE 9.5). A correct claim draws the game at once
    /// (9.5.2); after an incorrect one the game goes on and an intended move is played
    /// (9.5.3). An illegal intended move is an error that changes nothing.
    pub fn claim_draw(&mut self, claim: DrawClaim, intended: Option<Move>) -> Result<ClaimVerdict, GameError> {
        if self.claim_is_correct(claim, intended)? {
            let termination = match claim {
                DrawClaim::Threefold => Termination::ThreefoldRepetition,
                DrawClaim::FiftyMoves => Termination::FiftyMoves,
            };
            let outcome = Outcome::draw(termination);
            self.outcome = Some(outcome);
            return Ok(ClaimVerdict::Correct(outcome));
        }
        if let Some(m) = intended {
            self.play(m)?;
        }
        Ok(ClaimVerdict::Incorrect)
    }

    /// FIDE 5.2.3: the players agree to a draw, allowed only after both have made at least one
    /// move in this game.
    pub fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        self.ensure_ongoing()?;
        if self.moves.len() < 2 {
            return Err(GameError::AgreementTooEarly { moves: self.moves.len() });
        }
        Ok(self.end(Outcome::draw(Termination::Agreement)))
    }

    /// FIDE 5.1.2: `player` resigns; see [`forfeit_outcome`] for when that is a draw.
    pub fn resign(&mut self, player: Color) -> Result<Outcome, GameError> {
        self.forfeit(player, Forfeit::Resignation)
    }

    /// FIDE 6.9: `player`'s flag fell; see [`forfeit_outcome`] for when that is a draw.
    pub fn flag_fall(&mut self, player: Color) -> Result<Outcome, GameError> {
        self.forfeit(player, Forfeit::FlagFall)
    }

    /// `player` loses by `kind` (resignation, flag fall, second illegal move), or draws when
    /// the opponent cannot mate and the Laws say so ([`forfeit_outcome`]), judged as the game
    /// judges dead positions ([`Game::with_rules`], [`decided_forfeit_outcome_under`]). A game
    /// already over is not changed (6.9: "except where one of 5.1.1, 5.1.2, 5.2.1, 5.2.2, 5.2.3
    /// applies").
    pub fn forfeit(&mut self, player: Color, kind: Forfeit) -> Result<Outcome, GameError> {
        self.ensure_ongoing()?;
        Ok(self.end(forfeit_outcome_under(self.laws, self.position(), player, kind, self.dead)))
    }

    /// [`Game::forfeit`] for a caller that must not take a guess for a ruling: where the
    /// outcome turns on a question the analysis left undetermined
    /// ([`decided_forfeit_outcome`]), an error [`GameError::ForfeitUndetermined`] and the game
    /// goes on unchanged.
    pub fn decided_forfeit(&mut self, player: Color, kind: Forfeit) -> Result<Outcome, GameError> {
        self.ensure_ongoing()?;
        let outcome = decided_forfeit_outcome_under(self.laws, self.position(), player, kind, self.dead)
            .ok_or(GameError::ForfeitUndetermined { player, kind })?;
        Ok(self.end(outcome))
    }

    /// This game as played under `dead` ([`Game::with_rules`]): its moves replayed up to the
    /// end of the game under that mode, and an ending that no position brought about (an
    /// agreement, a claim, a forfeit) kept when the replay reaches it.
    fn under(&self, dead: DeadMode) -> Game {
        let mut game = Game::with_rules(*self.start(), self.laws, dead);
        for &m in &self.moves {
            if game.play(m).is_err() {
                return game;
            }
        }
        if game.outcome.is_none() {
            game.outcome = self.outcome.filter(|o| !ended_by_position(o.termination()));
        }
        game
    }

    fn end(&mut self, outcome: Outcome) -> Outcome {
        self.outcome = Some(outcome);
        outcome
    }

    fn ensure_ongoing(&self) -> Result<(), GameError> {
        match self.outcome {
            Some(outcome) => Err(GameError::GameOver { outcome }),
            None => Ok(()),
        }
    }

    /// How many times `pos`, standing at index `index` of the history (the next index for a
    /// position not yet played), has appeared up to and including itself (FIDE 9.2.3). Only
    /// the positions since the last pawn move or capture can be the same (the halfmove clock
    /// counts them); the Zobrist key is checked first and [`Position::same_position`] decides.
    fn occurrences_of(&self, pos: &Position, index: usize) -> usize {
        let first = index.saturating_sub(pos.halfmoves() as usize);
        let earlier = &self.positions[first..index.min(self.positions.len())];
        1 + earlier.iter().filter(|p| p.key() == pos.key() && p.same_position(pos)).count()
    }
}

/// The end the position `pos` brings about by itself, having appeared `occurrences` times.
///
/// The order is the Laws': a checkmate (5.1.1), a stalemate (5.2.1) and a dead position
/// (5.2.2) each "immediately end the game" on the move that produces them, and 9.6.2 says
/// that a checkmate on the move that completes the 75 moves "shall take precedence". A
/// stalemate or a dead position on that move is a draw either way and is reported as such,
/// since it ended the game on that move. Fivefold repetition never meets a checkmate,
/// stalemate or dead position: such a position ends the game the first time it appears. The
/// Laws give no order between 9.6.1 and 9.6.2 (both draw); the fivefold is reported first,
/// as the Laws list it first.
pub fn automatic_end(pos: &Position, occurrences: usize) -> Option<Outcome> {
    automatic_end_under(pos, occurrences, DeadMode::Full)
}

/// [`automatic_end`] where the dead positions are those of `dead`: with
/// [`DeadMode::MaterialOnly`] only insufficient material ends the game.
pub fn automatic_end_under(pos: &Position, occurrences: usize, dead: DeadMode) -> Option<Outcome> {
    if !pos.has_legal_moves() {
        return Some(if pos.is_check() {
            Outcome::win(!pos.turn(), Termination::Checkmate)
        } else {
            Outcome::draw(Termination::Stalemate)
        });
    }
    let is_dead = match dead {
        DeadMode::Full => material::is_dead_position(pos),
        DeadMode::MaterialOnly => material::is_insufficient_material(pos),
    };
    if is_dead {
        return Some(Outcome::draw(Termination::DeadPosition));
    }
    if occurrences >= FIVEFOLD {
        return Some(Outcome::draw(Termination::FivefoldRepetition));
    }
    if pos.halfmoves() >= SEVENTY_FIVE_MOVES {
        return Some(Outcome::draw(Termination::SeventyFiveMoves));
    }
    None
}

/// Whether `termination` is one that a position brings about by itself ([`automatic_end`]).
fn ended_by_position(termination: Termination) -> bool {
    matches!(
        termination,
        Termination::Checkmate
            | Termination::Stalemate
            | Termination::DeadPosition
            | Termination::FivefoldRepetition
            | Termination::SeventyFiveMoves
    )
}

/// How a forfeit by `player` in `pos` ends the game under `laws`: a loss, or a draw when the
/// opponent cannot checkmate `player`'s king by any series of legal moves
/// ([`material::checkmate_possible`]) and the Laws make that a draw: a flag fall (6.9, and a win on
/// time claimed in rapid without supervision, A.5.3 / A.4.3 in 2018), a second illegal move
/// (7.5.5), and from 2023 a resignation (5.1.2).
pub fn forfeit_outcome(laws: Laws, pos: &Position, player: Color, kind: Forfeit) -> Outcome {
    forfeit_outcome_under(laws, pos, player, kind, DeadMode::Full)
}

/// [`forfeit_outcome`] judged as `dead` judges dead positions ([`decided_forfeit_outcome_under`]).
fn forfeit_outcome_under(laws: Laws, pos: &Position, player: Color, kind: Forfeit, dead: DeadMode) -> Outcome {
    decided_forfeit_outcome_under(laws, pos, player, kind, dead)
        .unwrap_or(Outcome::win(!player, Termination::Forfeit(kind)))
}

/// [`forfeit_outcome`] for a caller that must not take a guess for an answer: `None` when the
/// outcome turns on whether the opponent can still checkmate and the analysis left that
/// undetermined within its budget ([`material::checkmate_possible`]), where
/// [`forfeit_outcome`] counts a loss. The analysis runs once.
pub fn decided_forfeit_outcome(laws: Laws, pos: &Position, player: Color, kind: Forfeit) -> Option<Outcome> {
    decided_forfeit_outcome_under(laws, pos, player, kind, DeadMode::Full)
}

/// [`decided_forfeit_outcome`] where whether the opponent can still checkmate is judged as
/// `dead` judges dead positions: with [`DeadMode::MaterialOnly`] by the material alone
/// ([`material::has_mating_material`], never undetermined), as a program that knows only the
/// material cases of 5.2.2 judges 6.9, 7.5.5 and 5.1.2 too.
///
/// ```
/// use arbiter_core::types::DeadMode;
/// use arbiter_core::{decided_forfeit_outcome_under, Color, Forfeit, GameResult, Laws, Position};
/// // A locked pawn wall: no series of legal moves mates, but Black has pawns.
/// let wall: Position = "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1".parse().unwrap();
/// let judge = |dead| decided_forfeit_outcome_under(Laws::Fide2023, &wall, Color::White, Forfeit::FlagFall, dead);
/// assert_eq!(judge(DeadMode::Full).map(|o| o.result()), Some(GameResult::Draw));
/// assert_eq!(judge(DeadMode::MaterialOnly).map(|o| o.result()), Some(GameResult::BlackWins));
/// ```
pub fn decided_forfeit_outcome_under(
    laws: Laws,
    pos: &Position,
    player: Color,
    kind: Forfeit,
    dead: DeadMode,
) -> Option<Outcome> {
    let opponent = !player;
    let win = Outcome::win(opponent, Termination::Forfeit(kind));
    if !kind.drawn_if_opponent_cannot_mate(laws) {
        return Some(win);
    }
    let can_mate = match dead {
        DeadMode::Full => material::checkmate_possible(pos, opponent),
        DeadMode::MaterialOnly => Some(material::has_mating_material(pos, opponent)),
    };
    can_mate.map(|can_mate| if can_mate { win } else { Outcome::draw(Termination::ForfeitOpponentCannotMate(kind)) })
}
