//! The squares each man can ever stand on, and the checkmates they leave possible (FIDE 5.2.2).
//!
//! For every man on the board, a set of squares it may ever stand on (its *reach*), and for
//! every square whether the man standing there now may ever be gone from it (*cleared*). Both
//! are the least solution of rules that every legal move obeys, so they are upper bounds of
//! what any series of legal moves can do (by induction on the moves: the first move outside
//! them would need a fact before it that is outside them):
//! - a knight, bishop, rook or queen steps or slides as it moves (FIDE 3.2 to 3.5), through
//!   squares that can be empty (cleared), onto a square that can be empty or holds an enemy
//!   man other than the king (a capture, 3.1.1);
//! - a king steps the same way, never onto a square attacked by an enemy man that never
//!   leaves its square (3.8.2: a king may not move into check);
//! - a pawn advances onto squares that can be empty and captures onto squares an enemy man
//!   other than the king can reach (3.7); once it can reach its last rank it may become any
//!   piece anywhere (3.7.5);
//! - a man leaves its square when it can reach another one, and is gone from it when an
//!   enemy can reach its square (to capture it there);
//! - castling (3.8.2) puts the king and the rook on their destinations whatever stands
//!   between, as far as these rules are concerned.
//!
//! Pawns on one file cannot pass each other (3.7.1, 3.7.2): a white pawn below a black pawn
//! on its file stays below it for as long as neither makes a capture nor is captured. The
//! analysis assumes that for the pairs of such pawns, computes the reaches under it, and keeps
//! the assumption only when the result confirms it (neither pawn of the pair can ever reach
//! a square off its file, and no enemy can ever reach a square the pawn may stand on);
//! otherwise it drops the pair and starts again. The first move that broke a kept assumption
//! would be a capture or a capture by a pawn, which the rules that do not depend on the
//! assumption already allow: so a confirmed assumption is a true one.
//!
//! From the reaches, [`no_mate`] proves that `side` can never checkmate: the losing king can
//! only be mated on a square of its reach that one of `side`'s men can attack, and each square
//! around it must be one that a man of the loser can fill, a man of `side` can attack, or
//! `side`'s king can cover from a square two steps away.

use crate::attacks::{attacks, between, king_attacks, line, pawn_attacks};
use crate::{Bitboard, Color, Position, Role, Square};

/// The assumptions about pawns on one file are revised at most this many times.
const MAX_ROUNDS: usize = 12;

/// One man on the board and the squares it may ever stand on.
#[derive(Clone, Copy)]
struct Man {
    color: Color,
    role: Role,
    start: Square,
    reach: Bitboard,
    /// A pawn that may reach its last rank: it may become any piece anywhere (FIDE 3.7.5).
    promotes: bool,
}

impl Man {
    /// The squares this man may arrive on by a capture (a superset).
    fn arrivals(&self) -> Bitboard {
        match self.role {
            _ if self.promotes => self.reach,
            Role::Pawn => {
                let diagonals =
                    self.reach.into_iter().fold(Bitboard::EMPTY, |acc, sq| acc | pawn_attacks(self.color, sq));
                diagonals & self.reach
            }
            _ => self.reach,
        }
    }
}

/// The reaches of every man and the squares that may ever be emptied.
pub(super) struct Confinement {
    men: Vec<Man>,
    /// The squares whose present occupant may ever be gone (every empty square is).
    cleared: Bitboard,
}

impl Confinement {
    /// The reaches of the men of `pos`, with the assumptions about pawns on one file that the
    /// result confirms.
    pub(super) fn of(pos: &Position) -> Confinement {
        Confinement::with_king_bans(pos, [Bitboard::EMPTY; 2])
    }

    /// [`Confinement::of`] where the king of each colour is assumed never to enter the squares
    /// `king_bans` gives it (by colour index): an upper bound of the games that keep the
    /// assumption, up to the first move that breaks it.
    fn with_king_bans(pos: &Position, king_bans: [Bitboard; 2]) -> Confinement {
        let mut dropped = Bitboard::EMPTY;
        for _ in 0..MAX_ROUNDS {
            let barriers = Barriers::of(pos, dropped);
            let confinement = Confinement::saturate(pos, &barriers.squares, king_bans);
            let broken = confinement.broken(&barriers);
            if broken.is_empty() {
                return confinement;
            }
            dropped |= broken;
        }
        Confinement::saturate(pos, &[Bitboard::EMPTY; 64], king_bans)
    }

    /// The least solution of the rules, with the pawns' advances kept off `barriers` (by the
    /// pawn's start square).
    fn saturate(pos: &Position, barriers: &[Bitboard; 64], king_bans: [Bitboard; 2]) -> Confinement {
        let mut men: Vec<Man> = pos
            .occupied()
            .into_iter()
            .filter_map(|sq| {
                let piece = pos.piece_at(sq)?;
                Some(Man {
                    color: piece.color,
                    role: piece.role,
                    start: sq,
                    reach: Bitboard::from_square(sq),
                    promotes: false,
                })
            })
            .collect();
        // FIDE 3.7.3.1: a pawn that has just advanced two squares may be captured as if it
        // had advanced one; it counts as standing on the square it passed.
        if let Some(ep) = pos.ep_square() {
            let passed_by = !pos.turn();
            if let Some(pawn) = men
                .iter_mut()
                .find(|m| m.role == Role::Pawn && m.color == passed_by && pawn_push(passed_by, ep) == Some(m.start))
            {
                pawn.reach = pawn.reach.with(ep);
            }
        }
        // FIDE 3.8.2 (and II.3 for Chess960): castling moves the king and the rook at once, the
        // king possibly across the rook's square and the rook across the king's: their
        // destinations are counted as reached from the start.
        let rights = pos.castling_rights();
        for (color, side, _) in rights.iter() {
            let Some(rook) = rights.rook_square(color, side) else { continue };
            let king = pos.king(color);
            for man in men.iter_mut() {
                if man.start == king {
                    man.reach = man.reach.with(side.king_to(color));
                } else if man.start == rook && man.color == color && man.role == Role::Rook {
                    man.reach = man.reach.with(side.rook_to(color));
                }
            }
        }
        let enemy_pieces = [
            pos.by_color(Color::Black) & !pos.by_role(Role::King),
            pos.by_color(Color::White) & !pos.by_role(Role::King),
        ];
        let mut cleared = !pos.occupied();
        loop {
            let never_empty = !cleared;
            let mut can_be = [Bitboard::EMPTY; 2];
            let mut forbidden = [Bitboard::EMPTY; 2];
            for m in &men {
                if m.role != Role::King {
                    can_be[m.color.index()] |= m.reach;
                }
                if !m.promotes && never_empty.contains(m.start) {
                    // A man that never leaves its square always attacks the squares next to it
                    // (and a pawn or knight all of its targets).
                    forbidden[(!m.color).index()] |= attacks(m.color, m.role, m.start, Bitboard::FULL);
                }
            }
            let mut changed = false;
            for m in men.iter_mut() {
                let enterable = cleared | enemy_pieces[m.color.index()];
                let before = m.reach;
                if m.promotes {
                    // Any piece, anywhere it may enter.
                    m.reach |= enterable;
                    changed |= m.reach != before;
                    continue;
                }
                match m.role {
                    Role::Pawn => {
                        let targets = can_be[(!m.color).index()];
                        m.reach =
                            flood(m.reach, |sq| pawn_steps(m.color, sq, cleared, targets) - barriers[m.start.index()]);
                        let last = Bitboard::rank(crate::Rank::back(!m.color));
                        if (m.reach & last).any() {
                            m.promotes = true;
                            m.reach |= enterable;
                        }
                    }
                    Role::King => {
                        let open = enterable - forbidden[m.color.index()] - king_bans[m.color.index()];
                        m.reach = flood(m.reach, |sq| king_attacks(sq) & open);
                    }
                    role => {
                        m.reach = flood(m.reach, |sq| attacks(m.color, role, sq, never_empty) & enterable);
                    }
                }
                changed |= m.reach != before;
            }
            let mut now_cleared = cleared;
            for m in &men {
                let elsewhere = m.reach.without(m.start);
                if elsewhere.any() {
                    now_cleared = now_cleared.with(m.start) | elsewhere;
                }
            }
            changed |= now_cleared != cleared;
            cleared = now_cleared;
            if !changed {
                return Confinement { men, cleared };
            }
        }
    }

    /// The pawns whose barrier the reaches do not confirm: the pawn may leave its file (or
    /// promote), or the pawn ahead of it that the barrier rests on may leave its file or be
    /// captured.
    fn broken(&self, barriers: &Barriers) -> Bitboard {
        let man_at = |sq: Square| self.men.iter().find(|m| m.start == sq);
        let leaves = |m: &Man| m.promotes || (m.reach - Bitboard::file(m.start.file())).any();
        let captured =
            |m: &Man| self.men.iter().any(|enemy| enemy.color != m.color && (enemy.arrivals() & m.reach).any());
        let mut broken = Bitboard::EMPTY;
        for (index, ahead) in barriers.rests_on.iter().enumerate() {
            let (Some(ahead), Some(pawn)) = (ahead, Square::from_index(index as u8).and_then(man_at)) else {
                continue;
            };
            let Some(ahead) = man_at(*ahead) else { continue };
            if leaves(pawn) || leaves(ahead) || captured(ahead) {
                broken = broken.with(pawn.start);
            }
        }
        broken
    }

    /// Every square `color`'s men other than the king may ever attack.
    fn attacked_by(&self, color: Color) -> Bitboard {
        let never_empty = !self.cleared;
        let mut attacked = Bitboard::EMPTY;
        for m in self.men.iter().filter(|m| m.color == color && m.role != Role::King) {
            for sq in m.reach {
                attacked |= if m.promotes {
                    attacks(color, Role::Queen, sq, never_empty) | attacks(color, Role::Knight, sq, never_empty)
                } else {
                    attacks(color, m.role, sq, never_empty)
                };
            }
        }
        attacked
    }

    /// Every square `color`'s men other than the king may ever stand on.
    fn fillable_by(&self, color: Color) -> Bitboard {
        self.men
            .iter()
            .filter(|m| m.color == color && m.role != Role::King)
            .fold(Bitboard::EMPTY, |acc, m| acc | m.reach)
    }

    fn king_reach(&self, color: Color) -> Bitboard {
        self.men.iter().find(|m| m.color == color && m.role == Role::King).map_or(Bitboard::EMPTY, |m| m.reach)
    }
}

/// FIDE 5.2.2: a proof that `side` can never checkmate, from the reaches of the men: no square
/// the losing king may stand on can be attacked by `side` with every square around it filled
/// by the loser's men, attacked by `side`'s men, or covered by `side`'s king.
pub(super) fn no_mate(pos: &Position, side: Color) -> bool {
    let confinement = Confinement::of(pos);
    confinement.no_mate(side)
}

/// FIDE 5.2.1, 5.2.2: a proof that `side` can never checkmate that rests on a *boxed* king:
/// a side (`boxed`) whose men can never move except its king, which can only step between its
/// square `s` and one other square `t`.
///
/// The argument assumes that the other side's king never steps next to `s` or `t` and computes
/// the reaches under that assumption. If they confirm that the boxed side can only ever move
/// its king between `s` and `t`, consider the first move that breaks the assumption: the free
/// king steps next to the boxed king's other square (next to the boxed king itself is
/// illegal, FIDE 3.8.2), so the boxed side is left without a legal move: the game ends at
/// once, in stalemate (5.2.1) or checkmate (5.1.1). Every mate is then a mate of a game that
/// keeps the assumption (which the reaches rule out), or the breaking move itself, which can
/// only mate by uncovering a check of the free side's pieces (a king gives no check): that is
/// ruled out separately when `side` is the free side.
pub(super) fn boxed_no_mate(pos: &Position, side: Color) -> bool {
    Color::ALL.into_iter().any(|boxed| boxed_king_proof(pos, side, boxed))
}

/// [`boxed_no_mate`] with `boxed` the side whose king is boxed in.
fn boxed_king_proof(pos: &Position, side: Color, boxed: Color) -> bool {
    let free = !boxed;
    let s = pos.king(boxed);
    // Castling moves a rook with the king (FIDE 3.8.2): the argument counts king steps only.
    if !pos.castling_rights().is_empty() || pos.ep_square().is_some() {
        return false;
    }
    let occupied = pos.occupied();
    // The boxed side's other men must never move: none of them may have a move now (a cheap
    // test before the reaches, which would find the same move).
    let movable = (pos.by_color(boxed) - pos.by_role(Role::King)).into_iter().any(|sq| {
        let Some(role) = pos.role_at(sq) else { return false };
        if role == Role::Pawn {
            let push = pawn_push(boxed, sq).is_some_and(|to| !occupied.contains(to));
            push || (pawn_attacks(boxed, sq) & (pos.by_color(free) - pos.by_role(Role::King))).any()
        } else {
            (attacks(boxed, role, sq, occupied) - pos.by_color(boxed)).any()
        }
    });
    if movable {
        return false;
    }
    // The king's other square: the one next to it not held by its own men and not attacked
    // now. There must be exactly one. Each such square is empty or holds an enemy man, and
    // the reaches keep the king off it only if a man that never leaves its square attacks it,
    // which that man would do now: so each is in the king's reach, and with two the king
    // never shuttles.
    let mut candidates = (king_attacks(s) - pos.by_color(boxed))
        .into_iter()
        .filter(|&t| !pos.is_attacked_by(free, t, occupied.without(s)));
    let (Some(t), None) = (candidates.next(), candidates.next()) else {
        return false;
    };
    let box_squares = Bitboard::from_square(s).with(t);
    let near = king_attacks(s) | king_attacks(t);
    if near.contains(pos.king(free)) {
        return false;
    }
    let mut bans = [Bitboard::EMPTY; 2];
    bans[free.index()] = near;
    let confinement = Confinement::with_king_bans(pos, bans);
    let shuttles = confinement.men.iter().filter(|m| m.color == boxed).all(|m| {
        if m.role == Role::King {
            (m.reach - box_squares).is_empty()
        } else {
            !m.promotes && m.reach == Bitboard::from_square(m.start)
        }
    });
    shuttles && confinement.no_mate(side) && (side == boxed || !confinement.discovers_check(free, box_squares, near))
}

impl Confinement {
    /// Whether a step of `color`'s king from a square of its reach onto a square of `near`
    /// could uncover a check of one of `color`'s pieces on a king on `targets` (the piece on
    /// its reach, beyond the king's square on a line to the target, with nothing that always
    /// stays in between, and the king stepping off that line).
    fn discovers_check(&self, color: Color, targets: Bitboard, near: Bitboard) -> bool {
        let king = self.king_reach(color);
        let departures = king.into_iter().filter(|&y| (king_attacks(y) & near).any());
        let sliders: Vec<&Man> = self
            .men
            .iter()
            .filter(|m| m.color == color && (m.promotes || matches!(m.role, Role::Bishop | Role::Rook | Role::Queen)))
            .collect();
        let never_empty = !self.cleared;
        departures.into_iter().any(|y| {
            targets.into_iter().any(|k| {
                sliders.iter().any(|m| {
                    m.reach.into_iter().any(|p| {
                        // The king must leave the line for another square next to the box,
                        // and nothing that always stays may stand between.
                        let ray = between(p, k);
                        let leaves_line = (king_attacks(y) & (near - line(p, k))).any();
                        if !ray.contains(y) || !leaves_line || (ray.without(y) & never_empty).any() {
                            return false;
                        }
                        let straight = p.file() == k.file() || p.rank() == k.rank();
                        m.promotes
                            || m.role == Role::Queen
                            || (straight && m.role == Role::Rook)
                            || (!straight && m.role == Role::Bishop)
                    })
                })
            })
        })
    }
}

impl Confinement {
    fn no_mate(&self, side: Color) -> bool {
        let region = self.king_reach(!side);
        let attacked = self.attacked_by(side);
        let candidates = region & attacked;
        if candidates.is_empty() {
            return true;
        }
        let fill = self.fillable_by(!side);
        let own_king = self.king_reach(side);
        candidates.into_iter().all(|mated| {
            let flights = king_attacks(mated);
            // FIDE 3.8.2: the kings never stand next to each other.
            let king_squares = own_king - flights.with(mated);
            let needs_king = flights - fill - attacked;
            if needs_king.is_empty() {
                return !self.mating_net(side, mated);
            }
            !king_squares.into_iter().any(|sq| (needs_king - king_attacks(sq)).is_empty())
                || !self.mating_net(side, mated)
        })
    }

    /// Whether the men, each on one square of its reach (or gone), can check the losing king
    /// on `mated` and take every square around it away: a loser's man fills a square, a man
    /// of `side` attacks squares (not its own: a man next to the king needs another's
    /// protection), `side`'s king covers squares from two steps away. The choices are
    /// combined over the men, each contributing once (a superset of the real mates: men may
    /// share a square, lines may be blocked).
    fn mating_net(&self, side: Color, mated: Square) -> bool {
        let flights = king_attacks(mated);
        let order: Vec<Square> = flights.into_iter().collect();
        let mask_of = |squares: Bitboard| -> usize {
            order.iter().enumerate().filter(|(_, sq)| squares.contains(**sq)).fold(0, |acc, (i, _)| acc | 1 << i)
        };
        let full = (1usize << order.len()) - 1;
        // A state: the flights taken (low bits) and whether the king is in check (the next bit).
        let check_bit = 1usize << order.len();
        let mut states = vec![false; check_bit << 1];
        states[0] = true;
        let never_empty = !self.cleared;
        let mut options = vec![false; check_bit << 1];
        for m in &self.men {
            options.iter_mut().for_each(|o| *o = false);
            options[0] = true;
            if m.color == side {
                for sq in m.reach.without(mated) {
                    let roles: &[Role] = match m.role {
                        _ if m.promotes => &[Role::Queen, Role::Knight],
                        Role::King if king_attacks(mated).with(mated).contains(sq) => &[],
                        role => &[role][..],
                    };
                    for &role in roles {
                        let targets = attacks(side, role, sq, never_empty);
                        let check = if role != Role::King && targets.contains(mated) { check_bit } else { 0 };
                        options[mask_of(targets) | check] = true;
                    }
                }
            } else if m.role != Role::King {
                for sq in m.reach & flights {
                    options[mask_of(Bitboard::from_square(sq))] = true;
                }
            }
            let mut next = states.clone();
            for (state, _) in states.iter().enumerate().filter(|(_, on)| **on) {
                for (option, _) in options.iter().enumerate().filter(|(_, on)| **on) {
                    next[state | option] = true;
                }
            }
            states = next;
            if states[full | check_bit] {
                return true;
            }
        }
        false
    }
}

/// The square in front of a `color` pawn on `sq` (towards the last rank), if any.
fn pawn_push(color: Color, sq: Square) -> Option<Square> {
    sq.offset(0, if color == Color::White { 1 } else { -1 })
}

/// The squares a `color` pawn on `sq` may move to: forward onto squares that may be empty
/// (two from its first rank, FIDE 3.7.2), diagonally onto squares an enemy may stand on.
fn pawn_steps(color: Color, sq: Square, cleared: Bitboard, targets: Bitboard) -> Bitboard {
    let mut steps = pawn_attacks(color, sq) & targets;
    if let Some(one) = pawn_push(color, sq).filter(|&one| cleared.contains(one)) {
        steps = steps.with(one);
    }
    steps
}

/// Every square reachable from `start` by steps `step`.
fn flood(start: Bitboard, step: impl Fn(Square) -> Bitboard) -> Bitboard {
    let mut region = start;
    let mut frontier = start;
    while let Some(sq) = frontier.first() {
        frontier = frontier.without(sq);
        let new = step(sq) - region;
        region |= new;
        frontier |= new;
    }
    region
}

/// The squares each pawn's advances may never enter, for as long as the pawns keep their files.
struct Barriers {
    /// By the pawn's square: the square of the nearest pawn ahead on its file and beyond, for
    /// an enemy pawn (which only comes closer); for a pawn of its own colour, whatever is
    /// beyond where that pawn is stopped.
    squares: [Bitboard; 64],
    /// By the pawn's square: the pawn ahead its barrier rests on.
    rests_on: [Option<Square>; 64],
}

impl Barriers {
    /// The barriers of every pawn except those `dropped`.
    fn of(pos: &Position, dropped: Bitboard) -> Barriers {
        let mut barriers = Barriers { squares: [Bitboard::EMPTY; 64], rests_on: [None; 64] };
        for color in Color::ALL {
            // From the most advanced pawn backwards, so that a pawn's barrier is known before
            // the barrier of the pawn behind it.
            let mut pawns: Vec<Square> = (pos.pieces(color, Role::Pawn) - dropped).into_iter().collect();
            pawns.sort_by_key(|sq| std::cmp::Reverse(sq.relative(color).rank().index()));
            for sq in pawns {
                let ahead = squares_ahead(color, sq) & pos.by_role(Role::Pawn);
                let Some(next) = ahead.into_iter().min_by_key(|s| s.rank().index().abs_diff(sq.rank().index())) else {
                    continue;
                };
                let squares = if pos.color_at(next) != Some(color) {
                    squares_ahead(color, next).with(next)
                } else {
                    let stop = barriers.squares[next.index()];
                    let nearest = stop.into_iter().min_by_key(|s| s.rank().index().abs_diff(sq.rank().index()));
                    match nearest.and_then(|s| pawn_push(!color, s)) {
                        Some(behind) => squares_ahead(color, behind).with(behind),
                        None => continue,
                    }
                };
                barriers.squares[sq.index()] = squares;
                barriers.rests_on[sq.index()] = Some(next);
            }
        }
        barriers
    }
}

/// The squares of `sq`'s file beyond it, in the direction a `color` pawn advances.
fn squares_ahead(color: Color, sq: Square) -> Bitboard {
    let file = Bitboard::file(sq.file());
    let rank = sq.rank().index();
    file.into_iter()
        .filter(|s| if color == Color::White { s.rank().index() > rank } else { s.rank().index() < rank })
        .collect()
}

#[cfg(test)]
mod tests {
    //! Soundness of the reaches (FIDE 5.2.2): along random series of legal moves from the
    //! positions of CHA's test vector, every man stays within its reach, a pawn that promotes
    //! was allowed to, a square left by its first occupant was counted as cleared, and no side
    //! proven unable to mate ever mates.

    use super::*;
    use crate::Move;

    /// Moves the men of `at` (square -> index into the confinement's men) as `m` moves them.
    /// The men captured and promoted are added to `captured` and `promoted`.
    fn follow(
        at: &mut [Option<usize>; 64],
        pos: &Position,
        m: Move,
        captured: &mut Vec<usize>,
        promoted: &mut Vec<usize>,
    ) {
        let (from, to) = (m.from(), m.to());
        if let Some(side) = m.castling_side() {
            let (king, rook) = (at[from.index()], at[to.index()]);
            at[from.index()] = None;
            at[to.index()] = None;
            at[side.king_to(pos.turn()).index()] = king;
            at[side.rook_to(pos.turn()).index()] = rook;
            return;
        }
        if m.is_en_passant() {
            captured.extend(at[Square::new(to.file(), from.rank()).index()].take());
        }
        captured.extend(at[to.index()]);
        let man = at[from.index()];
        at[from.index()] = None;
        at[to.index()] = man;
        if let (Some(man), Some(_)) = (man, m.promotion_role()) {
            promoted.push(man);
        }
    }

    /// The positions of CHA's test-vector half (published data for FIDE 5.2.2).
    fn cha_positions() -> Vec<Position> {
        let text = include_str!("../../tests/data/unwinnability/cha-test-vector-half.txt");
        text.lines()
            .filter(|l| !l.starts_with('#') && l.len() > 3)
            .filter_map(|l| format!("{} 0 1", l[2..].trim()).parse::<Position>().ok())
            .collect()
    }

    /// `pos` with one man of a random colour added on a random square, or that colour's king
    /// moved there: `None` when the square is taken, a pawn would stand on a back rank, or the
    /// position is not legal (FIDE 3.10.3).
    fn changed_by_one_man(pos: &Position, rng: &mut crate::SplitMix64) -> Option<Position> {
        use crate::Piece;
        const ROLES: [Role; 5] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
        let mut pos = *pos;
        let sq = Square::from_index(rng.index(64) as u8).unwrap_or(Square::A1);
        if pos.occupied().contains(sq) {
            return None;
        }
        let color = if rng.index(2) == 0 { Color::White } else { Color::Black };
        if rng.index(3) == 0 {
            let king = pos.king(color);
            pos.remove(Piece { color, role: Role::King }, king);
            pos.put(Piece { color, role: Role::King }, sq);
        } else {
            let role = ROLES[rng.index(ROLES.len())];
            if role == Role::Pawn && !(8..56).contains(&sq.index()) {
                return None;
            }
            pos.put(Piece { color, role }, sq);
        }
        pos.fen().parse().ok()
    }

    /// FIDE 5.2.1, 5.2.2: the boxed-king proof near the positions it settles: each CHA position
    /// with a boxed king, changed by one man added anywhere or one king moved, and wherever
    /// the proof still says a side cannot mate, neither helpmate search finds a mate.
    #[test]
    fn boxed_king_5_2_2_never_contradicts_a_helpmate() {
        let boxed: Vec<Position> = cha_positions()
            .into_iter()
            .filter(|pos| Color::ALL.into_iter().any(|side| boxed_no_mate(pos, side)))
            .collect();
        assert!(boxed.len() >= 8, "only {} boxed positions", boxed.len());
        let mut rng = crate::SplitMix64::new(0xB0C5_ED00_4B1D_5EED);
        let (mut proofs, mut mates) = (0, 0);
        for n in 0..1500 {
            let Some(pos) = changed_by_one_man(&boxed[n % boxed.len()], &mut rng) else { continue };
            for side in Color::ALL {
                let (helpmate, _) = super::super::helpmate::search(&pos, side, 1_000);
                mates += usize::from(helpmate.is_some());
                if boxed_no_mate(&pos, side) {
                    proofs += 1;
                    let (guided, _) = super::super::guided::search(&pos, side, 5_000);
                    let mate = helpmate.is_some() || matches!(guided, super::super::guided::Guided::Mate(_));
                    assert!(!mate, "{}: boxed-king proof for {side:?}, but a helpmate", pos.fen());
                }
            }
        }
        assert!(proofs > 250 && mates > 500, "{proofs} proofs, {mates} mates");
    }

    /// FIDE 5.2.2: `no_mate`'s quick tests never decide alone. Before it asks whether the men
    /// can build a mating net around a square of the losing king's reach, `no_mate` drops the
    /// squares `side`'s men can never attack and the squares around which some flight needs
    /// `side`'s king while no one square of its reach covers all of those. Both follow from
    /// the net (a net checks the king, and covers each flight by a loser's man, an attack of a
    /// man of `side`, or the king on one square), so the proof must be the same as asking the
    /// net about every square of the reach. On CHA's positions and on each changed by one man
    /// added or one king moved, it is, and the quick tests settle many squares on the way.
    #[test]
    fn no_mate_5_2_2_is_the_mating_nets_alone() {
        let bases = cha_positions();
        let mut rng = crate::SplitMix64::new(0x5EED_0FA1_14E7_5000);
        let mut positions = bases.clone();
        for n in 0..4 * bases.len() {
            positions.extend(changed_by_one_man(&bases[n % bases.len()], &mut rng));
        }
        let (mut proofs, mut unattacked, mut uncovered) = (0, 0, 0);
        for pos in &positions {
            let confinement = Confinement::of(pos);
            for side in Color::ALL {
                let region = confinement.king_reach(!side);
                let by_nets = region.into_iter().all(|mated| !confinement.mating_net(side, mated));
                assert_eq!(confinement.no_mate(side), by_nets, "{}: {side:?}", pos.fen());
                proofs += usize::from(by_nets);
                let attacked = confinement.attacked_by(side);
                let fill = confinement.fillable_by(!side);
                let king_squares = confinement.king_reach(side);
                for mated in region {
                    let flights = king_attacks(mated);
                    let needs_king = flights - fill - attacked;
                    let covers = (king_squares - flights.with(mated))
                        .into_iter()
                        .any(|sq| (needs_king - king_attacks(sq)).is_empty());
                    if !attacked.contains(mated) {
                        unattacked += 1;
                    } else if !covers {
                        uncovered += 1;
                    }
                }
            }
        }
        assert!(
            positions.len() > 3_000 && proofs > 500 && unattacked > 10_000 && uncovered > 1_000,
            "{} positions, {proofs} proofs, {unattacked} squares never attacked, {uncovered} never covered",
            positions.len()
        );
    }

    #[test]
    fn reaches_5_2_2_contain_every_random_game() {
        let positions = cha_positions();
        assert!(positions.len() > 800, "only {} positions", positions.len());
        let mut rng = crate::SplitMix64::new(0x9E37_79B9_7F4A_7C15);
        let mut plies = 0;
        let mut proofs = 0;
        for start in &positions {
            let confinement = Confinement::of(start);
            let no_mate = [Color::White, Color::Black].map(|side| confinement.no_mate(side));
            proofs += no_mate.iter().filter(|&&p| p).count();
            for _ in 0..4 {
                let mut pos = *start;
                let mut at = [None; 64];
                for (index, man) in confinement.men.iter().enumerate() {
                    at[man.start.index()] = Some(index);
                }
                let (mut captured, mut promoted) = (Vec::new(), Vec::new());
                for _ in 0..120 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        if pos.is_check() {
                            let winner = !pos.turn();
                            assert!(
                                !no_mate[winner.index()],
                                "{}: {winner:?} proven unable to mate, mates",
                                start.fen()
                            );
                        }
                        break;
                    }
                    let m = moves[rng.index(moves.len())];
                    follow(&mut at, &pos, m, &mut captured, &mut promoted);
                    pos.play_unchecked(m);
                    plies += 1;
                    for (sq, man) in Square::all().zip(at) {
                        let Some(index) = man else { continue };
                        let man = &confinement.men[index];
                        assert!(
                            man.reach.contains(sq),
                            "{}: the {:?} from {} reached {sq}",
                            start.fen(),
                            man.role,
                            man.start
                        );
                        if sq != man.start {
                            assert!(
                                confinement.cleared.contains(man.start),
                                "{}: {} left, not cleared",
                                start.fen(),
                                man.start
                            );
                        }
                    }
                    for &index in &captured {
                        let start_square = confinement.men[index].start;
                        assert!(confinement.cleared.contains(start_square), "{}: {start_square} captured", start.fen());
                    }
                    for &index in &promoted {
                        assert!(confinement.men[index].promotes, "{}: a pawn promoted", start.fen());
                    }
                }
            }
        }
        assert!(plies > 100_000 && proofs > 300, "{plies} plies, {proofs} proofs");
    }
}
