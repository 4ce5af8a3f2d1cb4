//! Legal move generation (FIDE 3.1 to 3.10), with check and pin masks: every move produced
//! is legal, and no move is made and then tested.

use crate::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks, pawn_attacks_all,
    queen_attacks, rook_attacks, rook_rays,
};
use crate::{Bitboard, CastlingSide, Color, Move, MoveKind, MoveList, Position, Rank, Role, Square};

/// Receives the legal moves of a position in bulk, so that counting (perft) never has to
/// expand a set of destinations into single moves.
pub(crate) trait MoveSink {
    /// One move that is neither en passant nor castling: the `mover` from `from` to `to`,
    /// arriving as `arriving` (the mover itself, or the piece a pawn promotes to).
    fn normal(&mut self, mover: Role, arriving: Role, from: Square, to: Square);
    /// One special move (en passant or castling).
    fn special(&mut self, m: Move);
    /// Non-promoting moves of the `role` on `from` to each square of `to`.
    #[inline(always)]
    fn piece_moves(&mut self, role: Role, from: Square, to: Bitboard) {
        for sq in to {
            self.normal(role, role, from, sq);
        }
    }
    /// Promotions of the pawn on `from` to each square of `to`, four moves each (FIDE 3.7.3.3).
    #[inline(always)]
    fn promotions(&mut self, from: Square, to: Bitboard) {
        for sq in to {
            for role in Role::PROMOTIONS {
                self.normal(Role::Pawn, role, from, sq);
            }
        }
    }
    /// Pawn moves to each square of `to` from the square `delta` behind it; with `promote`,
    /// four promotions each.
    #[inline(always)]
    fn pawn_moves(&mut self, to: Bitboard, delta: i8, promote: bool) {
        for sq in to {
            let from = Square::from_index_unchecked((sq.index() as i8 - delta) as u8);
            if promote {
                self.promotions(from, Bitboard::from_square(sq));
            } else {
                self.normal(Role::Pawn, Role::Pawn, from, sq);
            }
        }
    }
}

/// The piece that makes a special move (see [`MoveSink::special`]): the king castles (FIDE
/// 3.8.2), a pawn takes en passant (3.7.3.1).
#[inline(always)]
pub(crate) fn special_mover(m: Move) -> Role {
    if m.kind() == MoveKind::Castle {
        Role::King
    } else {
        Role::Pawn
    }
}

/// Counts moves without building them.
pub(crate) struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn normal(&mut self, _: Role, _: Role, _: Square, _: Square) {
        self.0 += 1;
    }
    #[inline(always)]
    fn special(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn piece_moves(&mut self, _: Role, _: Square, to: Bitboard) {
        self.0 += u64::from(to.count());
    }
    #[inline(always)]
    fn promotions(&mut self, _: Square, to: Bitboard) {
        self.0 += 4 * u64::from(to.count());
    }
    #[inline(always)]
    fn pawn_moves(&mut self, to: Bitboard, _: i8, promote: bool) {
        self.0 += u64::from(to.count()) * if promote { 4 } else { 1 };
    }
}

/// Hands each legal move, one by one, to a function, with the role of the piece that moves.
pub(crate) struct EachMove<F: FnMut(Move, Role)>(pub F);

impl<F: FnMut(Move, Role)> MoveSink for EachMove<F> {
    #[inline(always)]
    fn normal(&mut self, mover: Role, arriving: Role, from: Square, to: Square) {
        let m = if arriving == mover { Move::normal(from, to) } else { Move::promotion(from, to, arriving) };
        (self.0)(m, mover);
    }
    #[inline(always)]
    fn special(&mut self, m: Move) {
        let role = special_mover(m);
        (self.0)(m, role);
    }
}

/// Plays each legal move on a copy of the position and hands the copy to a function: moves
/// that are neither castling nor en passant go straight to [`Position::play_normal`], with
/// the squares and roles the generator already has, never packed into a [`Move`]. With `KEY`
/// false the copies' Zobrist keys are stale (for perft without a table, which never reads them).
pub(crate) struct Children<'a, F: FnMut(&Position), const KEY: bool> {
    pub pos: &'a Position,
    pub visit: F,
}

impl<F: FnMut(&Position), const KEY: bool> MoveSink for Children<'_, F, KEY> {
    #[inline(always)]
    fn normal(&mut self, mover: Role, arriving: Role, from: Square, to: Square) {
        let mut child = *self.pos;
        child.play_normal::<KEY>(mover, arriving, from, to);
        (self.visit)(&child);
    }
    #[inline(always)]
    fn special(&mut self, m: Move) {
        let role = special_mover(m);
        let mut child = *self.pos;
        child.play_move::<KEY>(m, role);
        (self.visit)(&child);
    }
}

const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);

impl Position {
    /// FIDE 3.10.1: every legal move in this position.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut EachMove(|m, _| list.push(m)));
        list
    }

    /// Plays each legal move on a copy of this position and hands the result to `visit`,
    /// without building a move list (perft's inner loop).
    #[inline(always)]
    pub(crate) fn for_each_child(&self, visit: impl FnMut(&Position)) {
        self.generate(&mut Children::<_, true> { pos: self, visit });
    }

    /// [`Position::for_each_child`] without keeping the children's Zobrist keys: their
    /// [`Position::key`] is stale, so only for a count that never reads it.
    #[inline(always)]
    pub(crate) fn for_each_child_unkeyed(&self, visit: impl FnMut(&Position)) {
        self.generate(&mut Children::<_, false> { pos: self, visit });
    }

    /// The number of legal moves, counted without building them.
    #[inline(always)]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate(&mut counter);
        counter.0
    }

    /// Whether the side to move has at least one legal move (no legal move: checkmate if in
    /// check, FIDE 5.1.1, else stalemate, 5.2.1).
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// FIDE 5.1.1: the side to move is in check and has no legal move. Most checks are
    /// answered before any move is generated: a king with a square to step to is not mated
    /// (3.8.1), and a king in double check that has none is (3.9.2: only the king can answer
    /// it).
    pub fn is_checkmate(&self) -> bool {
        let checkers = self.checkers();
        if checkers.is_empty() {
            return false;
        }
        let us = self.turn;
        let king = self.king(us);
        let without_king = self.occupied().without(king);
        if (king_attacks(king) & !self.by_color(us)).into_iter().any(|to| !self.is_attacked_by(!us, to, without_king)) {
            return false;
        }
        checkers.more_than_one() || !self.has_legal_moves()
    }

    /// FIDE 5.2.1: the side to move is not in check and has no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// The legal moves of the piece on `from` only.
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        for m in self.legal_moves().iter().filter(|m| m.from() == from) {
            list.push(*m);
        }
        list
    }

    #[inline(always)]
    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn;
        let them = !us;
        let ours = self.by_color(us);
        let theirs = self.by_color(them);
        let occupied = ours | theirs;
        let king = self.king(us);
        let (checkers, pinned) = self.checkers_and_pinned(king, occupied);

        // FIDE 3.8.1 and 3.9.2: the king moves to an adjoining square not attacked, with the
        // king itself removed from the board so that it cannot hide behind itself. The same
        // look-up tests the squares castling's king path must not have attacked (3.8.2.2).
        let king_to = king_attacks(king) - ours;
        let may_castle = checkers.is_empty() && self.castling.has_color(us);
        let mut castles = [(king, Bitboard::EMPTY); 2];
        let mut paths = Bitboard::EMPTY;
        if may_castle {
            castles = self.castling_paths(king, occupied);
            paths = castles[0].1 | castles[1].1;
        }
        let mut attacked = Bitboard::EMPTY;
        if (king_to | paths).any() {
            attacked = self.attacked_among(them, king_to | paths, occupied.without(king));
            sink.piece_moves(Role::King, king, king_to - attacked);
        }

        // Double check: only the king may move (FIDE 3.9.2).
        if checkers.more_than_one() {
            return;
        }
        // In check: capture the checker or block the line (or move the king, above).
        let target = match checkers.first() {
            Some(checker) => between(king, checker).with(checker),
            None => !ours,
        };

        // FIDE 3.6: knights; a pinned knight can never move.
        for from in self.pieces(us, Role::Knight) - pinned {
            sink.piece_moves(Role::Knight, from, knight_attacks(from) & target);
        }
        // FIDE 3.2 to 3.5: sliders; a pinned slider moves only along the pin line. Each role
        // in a loop of its own, so that every look-up is inlined.
        macro_rules! slide {
            ($role:expr, $attacks:ident) => {
                for from in self.pieces(us, $role) {
                    let mut to = $attacks(from, occupied) & target;
                    if pinned.contains(from) {
                        to &= line(king, from);
                    }
                    sink.piece_moves($role, from, to);
                }
            };
        }
        slide!(Role::Bishop, bishop_attacks);
        slide!(Role::Rook, rook_attacks);
        slide!(Role::Queen, queen_attacks);

        self.generate_pawn_moves(sink, king, target, pinned, checkers.any());

        if may_castle {
            for &(rook, path) in castles.iter().filter(|(_, path)| path.any()) {
                // `attacked` was looked up with the castling rook on the board. Lifted, the
                // rook can open a line to the king's path only along the back rank, where
                // both stand (Chess960), and only for an enemy rook or queen there: then look
                // again.
                let exposed = (Bitboard::rank(Rank::back(us)) & self.line_sliders(them)).any();
                let safe = if exposed {
                    self.attacked_among(them, path, occupied.without(king).without(rook)).is_empty()
                } else {
                    (path & attacked).is_empty()
                };
                if safe {
                    sink.special(Move::castle(king, rook));
                }
            }
        }
    }

    /// FIDE 3.9.1 and 3.9.2: the enemy pieces giving check to the side to move's king on
    /// `king`, and the side to move's pieces pinned to it (each alone between the king and an
    /// enemy slider on the same line, FIDE 3.1.3). One pass over the enemy sliders that share
    /// a line with the king on an empty board, without a slider look-up: an empty stretch
    /// between slider and king is a check, a single piece of ours there is pinned.
    #[inline(always)]
    fn checkers_and_pinned(&self, king: Square, occupied: Bitboard) -> (Bitboard, Bitboard) {
        let us = self.turn;
        let theirs = self.by_color(!us);
        let mut checkers = (knight_attacks(king) & theirs & self.by_role(Role::Knight))
            | (pawn_attacks(us, king) & theirs & self.by_role(Role::Pawn));
        let queens = self.by_role(Role::Queen);
        let snipers = ((rook_rays(king) & (self.by_role(Role::Rook) | queens))
            | (bishop_rays(king) & (self.by_role(Role::Bishop) | queens)))
            & theirs;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let between = between(king, sniper) & occupied;
            if between.is_empty() {
                checkers = checkers.with(sniper);
            } else if !between.more_than_one() {
                pinned |= between;
            }
        }
        (checkers, pinned & self.by_color(us))
    }

    /// The squares of `squares` that a piece of `attacker` attacks with the occupancy
    /// `occupied` (FIDE 3.1.2, pinned pieces included, 3.1.3): pawns in bulk, and a slider's
    /// attacks looked up only when its lines on an empty board reach a square not yet known
    /// to be attacked.
    #[inline(always)]
    fn attacked_among(&self, attacker: Color, squares: Bitboard, occupied: Bitboard) -> Bitboard {
        let theirs = self.by_color(attacker);
        let mut attacked = (pawn_attacks_all(attacker, theirs & self.by_role(Role::Pawn))
            | king_attacks(self.king(attacker)))
            & squares;
        for knight in theirs & self.by_role(Role::Knight) {
            attacked |= knight_attacks(knight) & squares;
        }
        let queens = self.by_role(Role::Queen);
        for slider in theirs & (self.by_role(Role::Bishop) | queens) {
            if (bishop_rays(slider) & (squares - attacked)).any() {
                attacked |= bishop_attacks(slider, occupied) & squares;
            }
        }
        for slider in theirs & (self.by_role(Role::Rook) | queens) {
            if (rook_rays(slider) & (squares - attacked)).any() {
                attacked |= rook_attacks(slider, occupied) & squares;
            }
        }
        attacked
    }

    #[inline(always)]
    fn generate_pawn_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        king: Square,
        target: Bitboard,
        pinned: Bitboard,
        in_check: bool,
    ) {
        let us = self.turn;
        let theirs = self.by_color(!us);
        let empty = !self.occupied();
        let pawns = self.pieces(us, Role::Pawn);
        let last_rank = Bitboard::rank(Rank::EIGHTH.relative(us));
        let third_rank = Bitboard::rank(Rank::THIRD.relative(us));
        let up: i8 = us.fold(8, -8);
        let fwd = |b: Bitboard, d: i8| -> Bitboard {
            match us {
                Color::White => Bitboard(b.0 << d),
                Color::Black => Bitboard(b.0 >> d),
            }
        };

        // Unpinned pawns, in bulk; those about to promote apart (rarely any).
        let free = pawns - pinned;
        let promoting = free & Bitboard::rank(Rank::SEVENTH.relative(us));
        let movers = free - promoting;
        // FIDE 3.7.1 and 3.7.2: one step to an empty square; two from the start rank.
        let single = fwd(movers, 8) & empty;
        let double = fwd(single & third_rank, 8) & empty & target;
        sink.pawn_moves(single & target, up, false);
        if promoting.any() {
            sink.pawn_moves(fwd(promoting, 8) & empty & target, up, true);
        }
        sink.pawn_moves(double, 2 * up, false);
        // FIDE 3.7.3: captures diagonally forward.
        let (west, east) = match us {
            Color::White => (7, 9),
            Color::Black => (9, 7),
        };
        let (dw, de) = (us.fold(7, -9), us.fold(9, -7));
        let captures = theirs & target;
        sink.pawn_moves(fwd(movers - FILE_A, west) & captures, dw, false);
        if promoting.any() {
            sink.pawn_moves(fwd(promoting - FILE_A, west) & captures, dw, true);
        }
        sink.pawn_moves(fwd(movers - FILE_H, east) & captures, de, false);
        if promoting.any() {
            sink.pawn_moves(fwd(promoting - FILE_H, east) & captures, de, true);
        }

        // Pinned pawns move only along the pin line, and never while in check (a pinned piece
        // can neither capture the checker nor block the check).
        if !in_check {
            for from in pawns & pinned {
                let pin_line = line(king, from);
                let one = fwd(Bitboard::from_square(from), 8) & empty;
                let two = fwd(one & third_rank, 8) & empty;
                let to = (one | two | (pawn_attacks(us, from) & theirs)) & pin_line;
                sink.piece_moves(Role::Pawn, from, to - last_rank);
                sink.promotions(from, to & last_rank);
            }
        }

        // FIDE 3.7.3.1: en passant, each capture checked exactly (3.9.2).
        if let Some(ep) = self.ep_square {
            for from in pawn_attacks(!us, ep) & pawns {
                if self.en_passant_is_legal(from, ep) {
                    sink.special(Move::en_passant(from, ep));
                }
            }
        }
    }

    /// FIDE 3.8.2 and Guidelines II.3: the castlings that the right (3.8.2.1) and the board
    /// allow for now, on each side the rook's square and the king's path (empty where the side
    /// cannot castle; a castling's path is never empty), whose squares must not be attacked (3.8.2.2; the caller tests that, and that the king is not in check). Every
    /// square between the king and its destination and between the rook and its destination
    /// is empty but for the king and that rook. The king's path includes its own square only
    /// when it does not move (Chess960); a square the rook alone crosses, such as b1, may be
    /// attacked.
    fn castling_paths(&self, king: Square, occupied: Bitboard) -> [(Square, Bitboard); 2] {
        let us = self.turn;
        CastlingSide::ALL.map(|side| {
            let Some(rook) = self.castling.rook_square(us, side) else { return (king, Bitboard::EMPTY) };
            let king_to = side.king_to(us);
            let rook_to = side.rook_to(us);
            let king_path = between(king, king_to).with(king_to);
            let rook_path = between(rook, rook_to).with(rook_to);
            let must_be_empty = (king_path | rook_path).without(king).without(rook);
            if (occupied & must_be_empty).any() {
                return (rook, Bitboard::EMPTY);
            }
            (rook, king_path)
        })
    }
}
