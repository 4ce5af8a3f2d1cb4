//! A position: the pieces on the board, the side to move, castling rights, the en passant
//! square and the move counters (FIDE 2, 3, 9.2.3, 9.3), and playing a move on it.

use std::fmt;

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::{zobrist, Bitboard, CastlingRights, CastlingSide, Color, File, Move, MoveKind, Piece, Rank, Role, Square};

/// A chess position.
///
/// Invariant: a `Position` obtained from this crate is legal in the sense of
/// [`crate::IllegalPosition`] (FIDE 3.10.3, as far as a program can decide it), and its en
/// passant square is set only when an en passant capture is legal now, so that two positions
/// that FIDE 9.2.3 calls the same compare equal (move counters aside, see [`Position::same_position`]).
///
/// ```
/// use arbiter_core::{Move, Position, Square};
///
/// // After 1. f3 e5 2. g4, Black mates with Qh4 (FIDE 3.10.1: legal moves only).
/// let pos = Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2").unwrap();
/// assert_eq!(pos.legal_moves().len(), 30);
/// let mate = pos.play(Move::normal(Square::D8, Square::H4)).unwrap();
/// assert!(mate.is_check() && mate.legal_moves().is_empty());
/// // An illegal move is refused: the queen cannot jump over its own pawn.
/// assert!(mate.play(Move::normal(Square::D1, Square::D3)).is_err());
/// ```
#[derive(Clone, Copy)]
// A cache line's alignment (the 89 bytes take 128): perft copies a position for every move,
// and a copy that straddled three lines where the stack happened to put it made the same
// count 25 % slower in one binary than in another (issue 17, the standalone check: Kiwipete,
// every leaf played, 35 ms a count in `perft-anchor` against 27 ms in criterion's binary; 27
// and 26 once aligned).
#[repr(align(64))]
pub struct Position {
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) key: u64,
    pub(crate) chess960: bool,
}

impl Position {
    /// FIDE 2.3: the initial position.
    pub fn startpos() -> Position {
        crate::chess960::start_position(crate::chess960::STANDARD_START_NUMBER)
            .expect("518 is the standard start position")
    }

    pub(crate) fn empty() -> Position {
        Position {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            turn: Color::White,
            castling: CastlingRights::NONE,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            key: 0,
            chess960: false,
        }
    }

    // --- reading the position -------------------------------------------------------------

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }
    /// The castling rights still held (FIDE 3.8.2.1).
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }
    /// FIDE 3.7.3.1 and 9.2.3.1: the square a pawn may capture on en passant, set only when
    /// such a capture is legal now.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }
    /// Half-moves since the last capture or pawn move (FIDE 9.3, 9.6.2).
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
    /// The number of the current move, starting at 1 and increased after Black's move.
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }
    /// The Zobrist key: equal for positions that FIDE 9.2.3 calls the same (side to move,
    /// pieces, castling rights, legal en passant); the move counters are not part of it.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }
    /// Whether castling is written and read as in Chess960 (king takes rook in UCI).
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }
    /// Switches Chess960 mode (how castling moves are written in UCI and FEN); the position is unchanged.
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
    }
    /// Sets the move counters (they are not part of the position's identity).
    pub fn set_counters(&mut self, halfmoves: u32, fullmoves: u32) {
        self.halfmoves = halfmoves;
        self.fullmoves = fullmoves.max(1);
    }
    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }
    /// The squares of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }
    /// The squares of the pieces of `role`, of either colour.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }
    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }
    #[inline]
    pub(crate) fn diagonal_sliders(&self, color: Color) -> Bitboard {
        self.by_color(color) & (self.by_role(Role::Bishop) | self.by_role(Role::Queen))
    }
    #[inline]
    pub(crate) fn line_sliders(&self, color: Color) -> Bitboard {
        self.by_color(color) & (self.by_role(Role::Rook) | self.by_role(Role::Queen))
    }
    /// The king of `color`. Every position of this crate has exactly one per side.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.pieces(color, Role::King).first().unwrap_or(Square::A1)
    }
    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Role::ALL.into_iter().find(|r| self.by_role(*r).contains(sq))
    }
    /// The colour of the piece on `sq`, if any.
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        Color::ALL.into_iter().find(|c| self.by_color(*c).contains(sq))
    }
    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Some(Piece::new(self.color_at(sq)?, self.role_at(sq)?))
    }

    // --- attacks ------------------------------------------------------------------------------

    /// FIDE 3.1.2: every piece of either colour that attacks `sq`, given the occupancy
    /// `occupied` (pinned pieces included, FIDE 3.1.3).
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        (pawn_attacks(Color::Black, sq) & self.pieces(Color::White, Role::Pawn))
            | (pawn_attacks(Color::White, sq) & self.pieces(Color::Black, Role::Pawn))
            | (knight_attacks(sq) & self.by_role(Role::Knight))
            | (king_attacks(sq) & self.by_role(Role::King))
            | (bishop_attacks(sq, occupied) & (self.by_role(Role::Bishop) | self.by_role(Role::Queen)))
            | (rook_attacks(sq, occupied) & (self.by_role(Role::Rook) | self.by_role(Role::Queen)))
    }

    /// Whether a piece of `attacker` attacks `sq` with the given occupancy.
    #[inline]
    pub fn is_attacked_by(&self, attacker: Color, sq: Square, occupied: Bitboard) -> bool {
        let them = self.by_color(attacker);
        (pawn_attacks(!attacker, sq) & them & self.by_role(Role::Pawn)).any()
            || (knight_attacks(sq) & them & self.by_role(Role::Knight)).any()
            || (king_attacks(sq) & them & self.by_role(Role::King)).any()
            || (bishop_attacks(sq, occupied) & self.diagonal_sliders(attacker)).any()
            || (rook_attacks(sq, occupied) & self.line_sliders(attacker)).any()
    }

    /// FIDE 3.9.1: the pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        let king = self.king(self.turn);
        self.attackers_to(king, self.occupied()) & self.by_color(!self.turn)
    }

    /// FIDE 3.9.1: the king of the side to move is attacked.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// `color`'s pieces that stand alone between `color`'s king and an enemy slider (pinned,
    /// FIDE 3.9.2: they may move only along that line).
    pub fn pinned(&self, color: Color) -> Bitboard {
        let king = self.king(color);
        let theirs = self.by_color(!color);
        let snipers = (rook_attacks(king, theirs) & self.line_sliders(!color))
            | (bishop_attacks(king, theirs) & self.diagonal_sliders(!color));
        let occupied = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let between = crate::attacks::between(king, sniper) & occupied;
            if !between.more_than_one() {
                pinned |= between & self.by_color(color);
            }
        }
        pinned
    }

    // --- changing the position -----------------------------------------------------------------

    /// Puts `p` on the empty square `sq`, keeping the Zobrist key in step.
    #[inline]
    pub(crate) fn put(&mut self, p: Piece, sq: Square) {
        self.toggle::<true>(p, sq);
    }

    /// Takes `p` off `sq` (only the tests of other modules need it; moves use
    /// [`Position::play_normal`] and its siblings).
    #[cfg(test)]
    pub(crate) fn remove(&mut self, p: Piece, sq: Square) {
        self.put(p, sq); // toggling is its own inverse
    }

    /// Plays `m`, which must be legal in this position (see [`Position::is_legal`] and
    /// [`crate::Position::legal_moves`]); playing an illegal move leaves an undefined but
    /// memory-safe position. Use [`Position::play`] for a checked version.
    pub fn play_unchecked(&mut self, m: Move) {
        let mover = self.role_at(m.from()).unwrap_or(Role::Pawn);
        self.play_moving(m, mover);
    }

    /// [`Position::play_unchecked`] for a move whose piece is known to be a `mover` (move
    /// generation knows it, which spares the look-up).
    #[inline]
    pub(crate) fn play_moving(&mut self, m: Move, mover: Role) {
        self.play_move::<true>(m, mover);
    }

    /// [`Position::play_moving`]; with `KEY` false the Zobrist key is left as it was, stale,
    /// for a count that never reads it (perft without a table).
    #[inline(always)]
    pub(crate) fn play_move<const KEY: bool>(&mut self, m: Move, mover: Role) {
        match m.kind() {
            MoveKind::Normal => self.play_normal::<KEY>(mover, mover, m.from(), m.to()),
            MoveKind::Promotion(role) => self.play_normal::<KEY>(Role::Pawn, role, m.from(), m.to()),
            MoveKind::Castle => self.play_castle::<KEY>(m.from(), m.to()),
            MoveKind::EnPassant => self.play_en_passant::<KEY>(m.from(), m.to()),
        }
    }

    /// What every move does: the en passant square lapses, the counters advance (FIDE 9.3:
    /// the half-moves since the last capture or pawn move; the move number goes up after
    /// Black's move, 1.2), and the turn passes (last, by [`Position::pass_turn`]).
    #[inline(always)]
    fn begin_move<const KEY: bool>(&mut self) {
        if let Some(ep) = self.ep_square.take() {
            if KEY {
                self.key ^= zobrist::ep_file(ep.file());
            }
        }
        // Saturating: a FEN may start the counters anywhere up to u32::MAX.
        self.halfmoves = self.halfmoves.saturating_add(1);
        self.fullmoves = self.fullmoves.saturating_add(self.turn.index() as u32);
    }

    #[inline(always)]
    fn pass_turn<const KEY: bool>(&mut self) {
        self.turn = !self.turn;
        if KEY {
            self.key ^= zobrist::turn(Color::Black);
        }
    }

    /// Toggles `p` on `sq`, and the key with it when `KEY`.
    #[inline(always)]
    fn toggle<const KEY: bool>(&mut self, p: Piece, sq: Square) {
        self.by_color[p.color.index()].toggle(sq);
        self.by_role[p.role.index()].toggle(sq);
        if KEY {
            self.key ^= zobrist::piece(p, sq);
        }
    }

    /// A move that is neither castling nor en passant: the `mover` goes from `from` to `to`,
    /// capturing whatever stands there (FIDE 3.1.1), and arrives as `arriving` (the mover
    /// itself, or the piece a pawn promotes to, 3.7.3.3).
    #[inline(always)]
    pub(crate) fn play_normal<const KEY: bool>(&mut self, mover: Role, arriving: Role, from: Square, to: Square) {
        let us = self.turn;
        let them = !us;
        self.begin_move::<KEY>();
        let to_bb = Bitboard::from_square(to);
        if self.by_color[them.index()].contains(to) {
            if KEY {
                // A king is never captured (FIDE 1.4), so one of the other five stands there.
                let captured = Role::ALL.into_iter().find(|r| self.by_role(*r).contains(to)).unwrap_or(Role::Pawn);
                self.key ^= zobrist::piece(Piece::new(them, captured), to);
            }
            self.halfmoves = 0;
        }
        // The captured piece, whatever its role, leaves every set: no look-up needed.
        self.by_color[them.index()] = self.by_color[them.index()] - to_bb;
        for set in &mut self.by_role {
            *set = *set - to_bb;
        }
        let from_to = Bitboard::from_square(from) | to_bb;
        self.by_color[us.index()] ^= from_to;
        self.by_role[mover.index()].toggle(from);
        self.by_role[arriving.index()] |= to_bb;
        if KEY {
            self.key ^= zobrist::piece(Piece::new(us, mover), from) ^ zobrist::piece(Piece::new(us, arriving), to);
        }
        // FIDE 3.8.2.1: a rook that leaves its home square, or is captured there, takes its
        // right with it; moving the king loses both. Most moves do neither, which one test of
        // the rooks' squares tells.
        if (from_to & self.castling.squares()).any() || (mover == Role::King && self.castling.has_color(us)) {
            let mut rights = self.castling;
            if mover == Role::King {
                rights.clear_color(us);
            }
            rights.discard_rooks(from_to);
            self.set_castling::<KEY>(rights);
        }
        if mover == Role::Pawn {
            self.halfmoves = 0;
            if from.index().abs_diff(to.index()) == 16 {
                let skipped = Square::from_index_unchecked(((from.index() + to.index()) / 2) as u8);
                self.turn = them;
                self.set_ep::<KEY>(skipped);
                self.turn = us;
            }
        }
        self.pass_turn::<KEY>();
    }

    /// FIDE 3.8.2 and II.3: the king on `king` castles with the rook on `rook`; the king goes
    /// to the g- or c-file, the rook next to it on the inside.
    #[inline]
    fn play_castle<const KEY: bool>(&mut self, king: Square, rook: Square) {
        let us = self.turn;
        self.begin_move::<KEY>();
        let side = CastlingSide::of(king.file(), rook.file());
        self.toggle::<KEY>(Piece::new(us, Role::King), king);
        self.toggle::<KEY>(Piece::new(us, Role::Rook), rook);
        self.toggle::<KEY>(Piece::new(us, Role::King), side.king_to(us));
        self.toggle::<KEY>(Piece::new(us, Role::Rook), side.rook_to(us));
        let mut rights = self.castling;
        rights.clear_color(us);
        self.set_castling::<KEY>(rights);
        self.pass_turn::<KEY>();
    }

    /// FIDE 3.7.3.1: the pawn on `from` takes en passant on `to`; the captured pawn stands
    /// beside the capturer, on the arrival file.
    #[inline]
    fn play_en_passant<const KEY: bool>(&mut self, from: Square, to: Square) {
        let us = self.turn;
        self.begin_move::<KEY>();
        self.toggle::<KEY>(Piece::new(!us, Role::Pawn), Square::new(to.file(), from.rank()));
        self.toggle::<KEY>(Piece::new(us, Role::Pawn), from);
        self.toggle::<KEY>(Piece::new(us, Role::Pawn), to);
        self.halfmoves = 0;
        self.pass_turn::<KEY>();
    }

    /// Replaces the castling rights, keeping the Zobrist key in step when `KEY`.
    #[inline]
    fn set_castling<const KEY: bool>(&mut self, rights: CastlingRights) {
        if rights != self.castling {
            if KEY {
                self.key ^= zobrist::castling(&self.castling) ^ zobrist::castling(&rights);
            }
            self.castling = rights;
        }
    }

    /// Sets the en passant square after a double step if the side to move can capture there
    /// legally (FIDE 9.2.3.1: only then does it distinguish positions).
    pub(crate) fn set_ep_if_legal(&mut self, ep: Square) {
        self.set_ep::<true>(ep);
    }

    #[inline]
    fn set_ep<const KEY: bool>(&mut self, ep: Square) {
        let capturers = pawn_attacks(!self.turn, ep) & self.pieces(self.turn, Role::Pawn);
        if capturers.is_empty() {
            return;
        }
        if capturers.into_iter().any(|from| self.en_passant_is_legal(from, ep)) {
            self.ep_square = Some(ep);
            if KEY {
                self.key ^= zobrist::ep_file(ep.file());
            }
        }
    }

    /// FIDE 3.7.3.1 with 3.9.2: whether the side to move's pawn on `from` may capture en
    /// passant onto `ep` without leaving its king attacked. Exact: it removes both pawns,
    /// places the capturer and looks at every attacker of the king, which covers a pin along
    /// the rank through both pawns and a capture that fails to answer a check.
    pub(crate) fn en_passant_is_legal(&self, from: Square, ep: Square) -> bool {
        let us = self.turn;
        let them = !us;
        let captured = Square::new(ep.file(), from.rank());
        let king = self.king(us);
        let occupied = (self.occupied().without(from).without(captured)).with(ep);
        let theirs = self.by_color(them).without(captured);
        (rook_attacks(king, occupied) & theirs & (self.by_role(Role::Rook) | self.by_role(Role::Queen))).is_empty()
            && (bishop_attacks(king, occupied) & theirs & (self.by_role(Role::Bishop) | self.by_role(Role::Queen)))
                .is_empty()
            && (knight_attacks(king) & theirs & self.by_role(Role::Knight)).is_empty()
            && (pawn_attacks(us, king) & theirs & self.by_role(Role::Pawn)).is_empty()
    }

    /// Plays `m` if it is legal here (FIDE 3.10.1); otherwise returns the position unchanged
    /// in an error.
    pub fn play(&self, m: Move) -> Result<Position, IllegalMove> {
        if self.is_legal(m) {
            let mut next = *self;
            next.play_unchecked(m);
            Ok(next)
        } else {
            Err(IllegalMove { uci: m.to_uci(self.chess960), fen: crate::fen::write(self) })
        }
    }

    /// The square of the man `m` captures, if any: for en passant the pawn beside its arrival
    /// square (FIDE 3.7.3.1), otherwise the arrival square when an opponent's man stands there.
    /// Castling captures nothing: it is written king takes own rook, so its arrival square
    /// holds no opponent's man. Also answers for a move that is not legal here.
    ///
    /// ```
    /// use arbiter_core::{Position, Square};
    ///
    /// let pos = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    /// let ep = *pos.legal_moves().iter().find(|m| m.is_en_passant()).unwrap();
    /// assert_eq!(pos.captured(ep), Some(Square::D5));
    /// assert!(pos.is_capture(ep));
    /// ```
    pub fn captured(&self, m: Move) -> Option<Square> {
        match m.kind() {
            MoveKind::EnPassant => Some(Square::new(m.to().file(), m.from().rank())),
            _ => (self.color_at(m.to()) == Some(!self.turn)).then_some(m.to()),
        }
    }

    /// Whether `m` captures a man (see [`Position::captured`]).
    pub fn is_capture(&self, m: Move) -> bool {
        self.captured(m).is_some()
    }

    /// FIDE 3.10.1: whether `m` is a legal move in this position.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// The same position for FIDE 9.2.3: same side to move, same pieces on the same squares,
    /// same castling rights and the same legal en passant capture. Move counters are ignored.
    pub fn same_position(&self, other: &Position) -> bool {
        self.by_color == other.by_color
            && self.by_role == other.by_role
            && self.turn == other.turn
            && self.castling == other.castling
            && self.ep_square == other.ep_square
    }

    /// The Zobrist key computed from scratch (the incremental one must always equal it).
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = zobrist::turn(self.turn) ^ zobrist::castling(&self.castling);
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in self.pieces(color, role) {
                    key ^= zobrist::piece(Piece::new(color, role), sq);
                }
            }
        }
        if let Some(ep) = self.ep_square {
            key ^= zobrist::ep_file(ep.file());
        }
        key
    }
}

/// Positions are equal when they are the same for FIDE 9.2.3 and have the same move counters.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.same_position(other) && self.halfmoves == other.halfmoves && self.fullmoves == other.fullmoves
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key.hash(state);
        self.halfmoves.hash(state);
        self.fullmoves.hash(state);
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", crate::fen::write(self))
    }
}

impl fmt::Display for Position {
    /// The board as eight lines, rank 8 first, then the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let sq = Square::new(file, *rank);
                let c = self.piece_at(sq).map_or('.', Piece::char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "{}", crate::fen::write(self))
    }
}

/// A move that is not legal in the position (FIDE 3.10.2).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {uci} in position {fen}")]
pub struct IllegalMove {
    /// The move, in UCI notation.
    pub uci: String,
    /// The FEN of the position.
    pub fen: String,
}
