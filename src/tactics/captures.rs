//! The captures query: for every enemy piece, the fewest steps to capture it this turn.

use core::fmt;
use core::ops::ControlFlow;

use crate::{
    Bitboard, Board, Color, Direction, Move, PieceKind, Position, Square, Squares, Step, TurnState,
};

/// For each enemy piece that the side to move can capture this turn, a shortest turn
/// capturing it, keyed by the square the piece stands on now. Held on the stack (a slot
/// per piece that can be captured, 24 of them, the most one query can find; no
/// allocation); iteration runs from a1 to h8.
#[derive(Clone)]
pub struct Captures {
    found: Bitboard,
    /// The number of squares of `found` (kept: a bit count is a loop of its own without
    /// a `popcnt` instruction).
    len: u8,
    /// The moves of the pieces of `found` in its order, a1 first: the piece on `sq` has
    /// the slot of its rank among them (the number of squares of `found` below `sq`).
    /// The slots from `len` on are never read.
    moves: [Move; MAX_CAPTURES],
}

impl Captures {
    /// No captures.
    #[must_use]
    pub const fn new() -> Captures {
        Captures {
            found: Bitboard::EMPTY,
            len: 0,
            moves: [Move::EMPTY; MAX_CAPTURES],
        }
    }

    /// A shortest turn capturing the enemy piece now on `square`; its
    /// [`len`](Move::len) is the fewest steps. `None` when that piece cannot be captured
    /// this turn (or no enemy piece stands there).
    #[inline]
    #[must_use]
    pub fn get(&self, square: Square) -> Option<&Move> {
        if self.found.contains(square) {
            Some(&self.moves[(self.found & Bitboard::below(square)).count() as usize])
        } else {
            None
        }
    }

    /// The squares of the enemy pieces that can be captured.
    #[inline]
    #[must_use]
    pub fn squares(&self) -> Bitboard {
        self.found
    }

    /// The number of enemy pieces that can be captured.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no enemy piece can be captured.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// The fewest steps over all captures, if any.
    #[must_use]
    pub fn fewest_steps(&self) -> Option<usize> {
        self.iter().map(|(_, m)| m.len()).min()
    }

    /// Each capturable piece's square and a shortest turn capturing it, a1 first (also
    /// what `for (square, mv) in &captures` gives).
    pub fn iter(&self) -> CapturesIter<'_> {
        CapturesIter {
            squares: self.found.iter(),
            moves: self.moves.iter(),
        }
    }

    /// Records `mv` for the piece on `square`, which must be above every square found
    /// so far (the query asks the pieces a1 first), so that its slot is its rank.
    fn insert(&mut self, square: Square, mv: Move) {
        debug_assert!((self.found & !Bitboard::below(square)).is_empty());
        self.moves[self.len as usize] = mv;
        self.found = self.found.with(square);
        self.len += 1;
    }
}

impl<'a> IntoIterator for &'a Captures {
    type Item = (Square, &'a Move);
    type IntoIter = CapturesIter<'a>;

    fn into_iter(self) -> CapturesIter<'a> {
        self.iter()
    }
}

/// The captures of a [`Captures`], a1 first: each capturable piece's square and a
/// shortest turn capturing it.
#[derive(Debug, Clone)]
pub struct CapturesIter<'a> {
    squares: Squares,
    /// The moves of `squares`, in their order.
    moves: core::slice::Iter<'a, Move>,
}

impl<'a> Iterator for CapturesIter<'a> {
    type Item = (Square, &'a Move);

    #[inline]
    fn next(&mut self) -> Option<(Square, &'a Move)> {
        let sq = self.squares.next()?;
        Some((sq, self.moves.next()?))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.squares.size_hint()
    }
}

impl ExactSizeIterator for CapturesIter<'_> {}

impl Default for Captures {
    fn default() -> Self {
        Captures::new()
    }
}

impl fmt::Debug for Captures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl Position {
    /// For every enemy piece, named by the square it stands on now, the fewest steps of
    /// a legal turn during which it is captured, with one such turn (a complete move that
    /// [`Position::play`] accepts), using at most the steps the turn has left.
    ///
    /// A turn may not end in the middle of a push, so a capture by a push costs both of
    /// its steps. In the middle of a turn, pieces captured earlier in the turn are no
    /// longer on the board and are not listed; pulls and pushes under way are taken into
    /// account. A position knows no game: in a [`Game`](crate::Game), ask
    /// [`Game::capture_moves`](crate::Game::capture_moves), which answers only when a
    /// movement turn is due and under its step limit.
    ///
    /// ```
    /// use arimaa::{Position, Square};
    /// // Silver's cat on b3 stands beside the empty trap c3, and Gold's dog on a3 can
    /// // push it in: b3e, then a3e to complete the push.
    /// let pos: Position = "g [    e              R                    Dc    r             E   ]".parse()?;
    /// let captures = pos.capture_moves();
    /// let push = captures.get(Square::B3).expect("the cat can be captured");
    /// assert_eq!(push.len(), 2);
    /// assert_eq!(captures.len(), 1);
    /// assert_eq!(pos.after(push)?.board().piece_at(Square::C3), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn capture_moves(&self) -> Captures {
        self.turn_state().capture_moves()
    }
}

impl TurnState {
    /// [`Position::capture_moves`] on a bare turn state, for searches that keep one (the
    /// query needs no keys and no start board: a turn that captures an enemy piece
    /// changes the board). The moves are legal from this state.
    #[must_use]
    pub fn capture_moves(&self) -> Captures {
        capture_query::<true>(self)
    }

    /// [`TurnState::capture_moves`] without its fast paths (see [`Ctx::fast`]): the
    /// plain search the tests compare it with.
    #[cfg(test)]
    pub(crate) fn capture_moves_plain(&self) -> Captures {
        capture_query::<false>(self)
    }
}

/// The captures query at `node`; `FAST`: whether the fast paths are on (see
/// [`Ctx::fast`]; the answers are the same). A constant, so that the query with them
/// on is compiled without the tests of the plain one.
fn capture_query<const FAST: bool>(node: &Node) -> Captures {
    if node.pending_push().is_none() && node.pull_source().is_none() {
        capture_query_in::<FAST, true>(node)
    } else {
        capture_query_in::<FAST, false>(node)
    }
}

/// [`capture_query`] with `QUIET`: whether no push waits and no pull is under way at
/// `node` (a constant too, for the same reason).
fn capture_query_in<const FAST: bool, const QUIET: bool>(node: &Node) -> Captures {
    let mut out = Captures::new();
    let node = *node;
    let left = node.steps_left();
    let side = node.side_to_move();
    let board = node.board();
    let quiet = QUIET;

    // The mover's frozen pieces, once computed (below, or by a bound), for the others.
    let mut frozen = None;
    // `ready`: the enemy pieces with a stronger piece of the mover beside them
    // ([`Board::threatened`]), computed once, before the first exit (10,130 of the
    // archive's 10,891 queries read it before that exit anyway).
    let ready = threatened_by(board, side);
    let among = if FAST && quiet {
        trap_counts_keep(board, side, left, ready)
    } else {
        Bitboard::FULL
    };
    if among.is_empty() {
        // No piece kept: `capture_candidates` gives a subset of the enemy pieces in
        // `among`, none, so the loop below would insert nothing (the archive's 2,975
        // such queries skip `unmovable_pieces` and the candidates).
        return out;
    }
    let strongest = PieceKind::ALL
        .iter()
        .rev()
        .find(|&&k| board.pieces(k.of(side)).any())
        .copied();
    let ctx = Ctx {
        side,
        strongest,
        fast: FAST,
        none_within_two: false,
    };
    let unmovable = unmovable_pieces(board, &ctx);
    let candidates = capture_candidates(&node, &ctx, (ready, unmovable), among, quiet);
    // With the fast paths, no push waiting and no pull under way, the cache is filled
    // before the first candidate, once (none: no candidate, nothing read). Exact: every
    // reader of `frozen` reads the mover's frozen pieces on this board,
    // `frozen_among(side, FULL)`, and computes that same set itself when given none
    // ([`quiet_bound`], [`approach`], the limit of four here, and the functions given it
    // as an `Option`, which fall back to the same call or to a weaker filter that is
    // exact either way, [`walk_may_reach`]); so only when it is computed changes, no
    // answer. A cost choice: several of those fall back without filling the cache, and
    // computed them again for each candidate and each limit.
    // `above`: the mover's pieces stronger than each kind, for [`quiet_bound`] (asked only
    // with the fast paths and `quiet`, of a candidate: after it is filled here).
    let mut above = [Bitboard::EMPTY; 6];
    if FAST && quiet && candidates.any() {
        frozen = Some(board.frozen_among(side, Bitboard::FULL));
        above = stronger_by_kind(board, side);
    }
    for sq in candidates {
        let bound = if ctx.fast && quiet {
            quiet_bound(
                board,
                side,
                sq,
                left,
                (unmovable, ready, &above),
                &mut frozen,
            )
        } else {
            capture_lower_bound(&node, &ctx, sq, left, frozen)
        };
        frozen = bound.frozen;

        // Iterative deepening from the bound: the first limit that succeeds gives a
        // shortest turn. The root's bound is computed once, with the turn's steps as
        // its limit: a trap within a smaller limit `k` is counted exactly either way
        // and a trap over it stays over it, so at every limit `k` at or above the
        // bound the search sees what `capture_lower_bound(node, ctx, sq, k, _)` would
        // give.
        let mut path = Move::EMPTY;
        // `..left + 1` (at most 5), not `..=left`: an inclusive range's iterator keeps a
        // flag for its end. A bound of `u8::MAX` gives an empty range either way.
        // With `quiet` (no pull under way), [`can_capture_in`] holds exactly from two
        // steps on: the loop starts there instead of asking it.
        let first = if quiet {
            bound.steps.max(2)
        } else {
            bound.steps
        };
        for limit in first..left + 1 {
            if !quiet && !can_capture_in(&node, limit) {
                continue;
            }
            let mut onto = Bitboard::FULL;
            if ctx.fast && quiet && limit == 4 {
                // The direct "yes" first: it needs a piece of the mover stronger than the
                // piece beside it (in `ready`), and proves its capture by itself. The
                // mover's frozen pieces are computed only where a test reads them.
                if ready.contains(sq) {
                    let frozen =
                        *frozen.get_or_insert_with(|| board.frozen_among(side, Bitboard::FULL));
                    let pair = (Bitboard::FULL, frozen);
                    if moved_twice(board, (side, &above), sq, pair, &mut path) {
                        out.insert(sq, path);
                        break;
                    }
                }
                // The direct "yes" of [`walk_then_move`] before the four-step filter
                // when the bound counts a walk of two squares or more (`far`), where it
                // often succeeds, sparing the filter; its "no" there is left to the
                // cheap [`walk_may_reach`] first. Elsewhere [`search_at`] asks it after
                // the filter, as before. A move it gives is a capture in exactly four
                // (see there), which the filter would have kept with every first move.
                if bound.far {
                    if walk_may_reach(board, side, sq, frozen) {
                        if walk_then_move(&node, side, sq, frozen, &mut path) {
                            out.insert(sq, path);
                            break;
                        }
                    } else if frozen.is_some_and(|f| far_helpers_move_nothing(board, side, sq, f)) {
                        // [`four_step_traps`] would give `None` (see there).
                        break;
                    }
                }
                match four_step_traps(board, side, sq, ready, &mut frozen) {
                    Some(first) if first == Bitboard::FULL => {}
                    Some(first) => {
                        let frozen =
                            *frozen.get_or_insert_with(|| board.frozen_among(side, Bitboard::FULL));
                        let kept = alone_moved_twice(board, side, sq, first, frozen);
                        onto = second_move_helped(board, side, sq, kept, frozen);
                        if onto.is_empty() {
                            break;
                        }
                    }
                    None => break,
                }
            }
            let shape = (limit, quiet, onto, frozen);
            if search_at(&node, &ctx, sq, &bound, shape, &mut path) {
                out.insert(sq, path);
                break;
            }
        }
    }

    out
}

/// The root's search for a capture of the enemy piece on `sq` within `limit` steps
/// (`quiet`: no push waits and no pull is under way at the root), given its bound, in the root's
/// iterative deepening (so no capture within `limit - 1` exists: a smaller limit failed, or the
/// bound is over it; see [`Ctx::none_within_two`]). With three steps or fewer, the search's direct
/// answers where they apply (no push waiting; the bound at this node would only cut what they
/// reject); when `quiet`, [`captures_within_two`] or [`captures_within_three`] called
/// directly, as [`capture_search`] would call them after its checks, which pass then
/// (no push waits, and [`can_capture_in`] holds with two or three steps; with one the
/// root's own [`can_capture_in`] skips the limit, no pull being under way); with four,
/// only the first steps of the mover that may begin a capture ([`first_steps_of_four`]),
/// after the direct "yes" of [`walk_then_move`] (unless the root asked it before the
/// four-step filter, with `bound.far`; asked after its "no" [`walk_may_reach`]), of
/// [`pushed_away_then_two`] and of [`arrived_then_two`] (both given `frozen`, the mover's
/// frozen pieces at the root when the root has them), or those of the piece's own move
/// when [`four_step_traps`] narrows it (`onto`, every square otherwise;
/// [`first_moves_towards`]).
#[inline(always)]
fn search_at(
    node: &Node,
    ctx: &Ctx,
    sq: Square,
    bound: &CaptureBound,
    (limit, quiet, onto, frozen): (u8, bool, Bitboard, Option<Bitboard>),
    path: &mut Move,
) -> bool {
    let known = Ctx {
        none_within_two: limit >= 3,
        ..*ctx
    };
    if ctx.fast && quiet && limit == 2 {
        captures_within_two(node, &known, sq, frozen, path)
    } else if ctx.fast && quiet && limit == 3 {
        captures_within_three(node, &known, sq, frozen, path)
    } else if ctx.fast && limit <= 3 {
        capture_search(node, &known, Some(sq), limit, path)
    } else if ctx.fast && limit == 4 && quiet && onto != Bitboard::FULL {
        first_moves_towards(node, &known, sq, onto, path)
    } else if ctx.fast && limit == 4 && quiet {
        (!bound.far
            && walk_may_reach(node.board(), ctx.side, sq, frozen)
            && walk_then_move(node, ctx.side, sq, frozen, path))
            || pushed_away_then_two(node, ctx, sq, frozen, path)
            || arrived_then_two(node, ctx.side, sq, frozen, path)
            || {
                let admit = first_steps_of_four(node.board(), ctx.side, sq);
                search_bounded(node, &known, sq, bound, limit, admit, path)
            }
    } else {
        search_bounded(node, ctx, sq, bound, limit, ANY, path)
    }
}

/// The enemy pieces `trap_counts_allow` (the tests' form) keeps at the root, all at
/// once, a trap at a time: the root's fast "no" filter (no push waiting, no pull under
/// way). The pieces it leaves out have a bound over `left`, or can be captured in no
/// turn of `left` steps at a trap whose count is `left` (see there), so their searches
/// would find nothing.
///
/// Proof: `trap_counts_allow` keeps a piece when some trap `m <= 2` squares from it
/// passes its test, which reads only `m`, the other enemy pieces beside that trap or on
/// it and whether one of the pieces to move is in `ready`. For a trap whose area (the
/// trap and the squares beside it) holds the enemy pieces `near`, `n` of them, that test
/// is the same for every piece at one distance `m`: on the trap (`m = 0`) the others are
/// `near` but the piece, `n - 1` of them, all to move; beside it (`m = 1`) the others
/// are `n - 1` and the pieces to move are `near` (the piece with them); two squares away
/// (`m = 2`) the others are `near`, the pieces to move `near` and the piece. So the set
/// kept is the union over the traps of the pieces at each distance whose test passes,
/// the piece itself asked to be in `ready` only at `m = 2`. At the limit
/// (`2m + 2n = left`) the test asks every piece to move to be in `ready` and, at `m = 1`,
/// no other enemy piece on the trap (`near` holds the piece and the others): again the
/// same for every piece at one distance. So with an enemy piece on the trap no piece
/// beside it is kept: with one there, `n >= 2` (else there is none beside), `2n >= 4`,
/// at the limit or over it; only the piece on the trap is asked. The pieces two squares
/// away count `2 * (2 + n)`: with `n >= 1` at least 6, over any `left` (a turn has four
/// steps), so they are asked only at a trap with no enemy piece near.
///
/// `ready`: [`Board::threatened`] of the enemy (the enemy pieces with a stronger piece
/// of the mover beside them).
///
/// Computed for the four traps at once, without a branch per trap. For a trap with `b`
/// enemy pieces beside it, the test above is the same whether an enemy piece stands on
/// the trap or not: on it, the others are the `b` beside it (`2 * (n - 1) = 2b`), and
/// beside it with none on it `n = b`; the pieces to move are the `b` beside it either
/// way. So a trap passes when `2b < left`, or `2b = left` with no piece beside it out
/// of `ready`, and [`BesideTraps`] gives `b = 0`, `b = 1` and `b = 2` as masks at the
/// traps' bits. A passing trap keeps the piece on it, or else the pieces beside it (its
/// area's pieces but the trap's); a trap with no enemy piece near (`b = 0`, none on it)
/// keeps, with `left = 4`, the pieces two squares away that are in `ready`
/// ([`two_from_traps`]). `left` is at most 4 (a turn has four steps).
#[inline]
fn trap_counts_keep(board: &Board, side: Color, left: u8, ready: Bitboard) -> Bitboard {
    let enemy = board.color(!side);
    let on = enemy & Bitboard::TRAPS;
    let beside = BesideTraps::of(enemy);
    let unready = BesideTraps::of(enemy & !ready).any;
    let none = Bitboard::TRAPS & !beside.any;
    let one = beside.any & !beside.two_plus;
    let two = beside.two_plus & !beside.three_plus;
    let pass = match left {
        0 | 1 => none,
        2 => none | (one & !unready),
        3 => none | one,
        _ => none | one | (two & !unready),
    };
    let mut keep = (on & pass) | (enemy & (pass & !on).neighbours());
    if left == 4 {
        keep |= enemy & ready & two_from_traps(none & !on);
    }
    keep
}

/// The traps of [`Square::TRAPS`] with at least one, two and three squares of a set
/// beside them (bits at the traps only).
#[derive(Clone, Copy)]
struct BesideTraps {
    /// At least one.
    any: Bitboard,
    /// At least two.
    two_plus: Bitboard,
    /// At least three.
    three_plus: Bitboard,
}

impl BesideTraps {
    /// The counts for `pieces`. Exact: each shift brings the square beside a trap in one
    /// direction onto the trap's bit (the traps stand on files c and f and ranks 3 and 6,
    /// so no shift wraps round an edge onto a trap's bit); two or more of the four
    /// directions are both of one axis or one of each; three or more are both of one
    /// axis and one of the other.
    #[inline(always)]
    fn of(pieces: Bitboard) -> BesideTraps {
        let (x, t) = (pieces.0, Bitboard::TRAPS.0);
        let (east, west) = ((x >> 1) & t, (x << 1) & t);
        let (north, south) = ((x >> 8) & t, (x << 8) & t);
        let (file, rank) = (east | west, north | south);
        let (both_file, both_rank) = (east & west, north & south);
        BesideTraps {
            any: Bitboard(file | rank),
            two_plus: Bitboard(both_file | both_rank | (file & rank)),
            three_plus: Bitboard((both_file & rank) | (both_rank & file)),
        }
    }
}

/// The bit of a trap (of [`Square::TRAPS`]) in [`two_from_traps`]' index: c3 and f3
/// (squares 18 and 21) shifted down by 18, c6 and f6 (42 and 45) by 41.
const fn trap_index_bit(trap: Square) -> u8 {
    if trap.index() < 32 {
        trap.index() - 18
    } else {
        trap.index() - 41
    }
}

/// The squares exactly two squares from a trap of `traps` (a subset of
/// [`Square::TRAPS`]), read from [`TWO_FROM_TRAPS`] at an index of the four traps' bits
/// gathered by two shifts ([`trap_index_bit`]: bits 0, 3, 1 and 4).
#[inline(always)]
fn two_from_traps(traps: Bitboard) -> Bitboard {
    let x = traps.0;
    TWO_FROM_TRAPS[(((x >> 18) & 0b1001) | ((x >> 41) & 0b1_0010)) as usize]
}

/// For each index of [`two_from_traps`] (a subset of [`Square::TRAPS`], bits by
/// [`trap_index_bit`]), the squares exactly two squares from one of its traps (some of
/// them beside another trap).
const TWO_FROM_TRAPS: [Bitboard; 32] = {
    let mut out = [Bitboard::EMPTY; 32];
    let mut index = 0;
    while index < 32 {
        let mut i = 0;
        while i < 4 {
            let trap = Square::TRAPS[i];
            if index & (1 << trap_index_bit(trap)) != 0 {
                let mut j = 0;
                while j < 64 {
                    if let Some(sq) = Square::new(j) {
                        if sq.distance(trap) == 2 {
                            out[index] = out[index].union(Bitboard::from_square(sq));
                        }
                    }
                    j += 1;
                }
            }
            i += 1;
        }
        index += 1;
    }
    out
};

/// The enemy pieces with a piece of `side` stronger than them beside them
/// ([`Board::threatened`] of the other side), out of line: the root computes it once.
#[inline(never)]
fn threatened_by(board: &Board, side: Color) -> Bitboard {
    board.threatened(!side)
}

/// The root's fast "no" filter, with no push waiting and no pull under way: whether some
/// trap near the enemy piece on `sq` may still capture it within `left` steps, judged
/// from the pieces' counts alone (`ready`: the enemy pieces with a stronger piece of
/// the mover beside them, [`Board::threatened`]). A piece it rules out has no capture
/// within `left` steps (a bound over `left`, or the limit's own rule below): skipping it
/// changes no answer.
///
/// Proof: with no push waiting and no pull under way, [`capture_lower_bound`] counts a
/// trap `m` squares from the piece, with `n` other enemy pieces beside it or on it, as
/// `2m + 2n` plus a walk (never negative), or skips it. Over `left` when `2m + 2n` is;
/// and at `left` exactly only with a walk of none, which needs an unfrozen piece of the
/// mover stronger than one of the pieces to move (the others, and the piece itself if
/// it is off the trap) beside it: that piece is then in `ready`. A trap where neither
/// holds counts more than `left`, so when no trap near the piece passes, the bound is
/// over `left`. The root asks it of all pieces at once ([`trap_counts_keep`]); the tests
/// ask it piece by piece.
///
/// At `left` exactly (`2m + 2n = left`, even, so 2 or 4) it asks more: every piece to
/// move in `ready`, and, with the piece beside the trap, no other enemy piece on the
/// trap. A trap failing this captures the piece in no turn of `left` steps, and in none
/// of fewer (its count is `left`), so it is left out as a trap over `left` is. With
/// `left = 2` there is one piece to move (`m + n = 1`), so "every" is "one", and the
/// piece beside the trap with another on it has `n >= 1`, `2m + 2n >= 4`. With
/// `left = 4` (a turn start: no push waits, no pull is under way) and `m + n = 2`, these
/// are [`four_step_traps`]' own rules for a capture in exactly four at such a trap: with
/// the piece two squares away (`n = 0`) it alone moves and must be in `ready`; with the
/// piece beside the trap and the other on it, no capture in four; else, with the piece
/// beside the trap or on it, the two pieces to move are moved by two different pieces
/// of the mover each standing beside its piece now and stronger than it
/// ([`two_pushers_beside`]), so both are in `ready`.
#[cfg(test)]
fn trap_counts_allow(board: &Board, side: Color, sq: Square, left: u8, ready: Bitboard) -> bool {
    trap_counts_allow_by(board, side, sq, left, |m, others, moving| {
        (moving & !ready).is_empty() && !(m == 1 && (others & Bitboard::TRAPS).any())
    })
}

/// [`trap_counts_allow`]'s walk over the traps near the piece on `sq`, with the test at
/// the limit (`2m + 2n = left`) given: `at_limit(m, others, moving)`, the other enemy
/// pieces near the trap and the pieces to move (the tests count what an earlier form of
/// that test let through).
#[cfg(test)]
fn trap_counts_allow_by(
    board: &Board,
    side: Color,
    sq: Square,
    left: u8,
    at_limit: impl Fn(u8, Bitboard, Bitboard) -> bool,
) -> bool {
    let enemy = board.color(!side);
    let this = Bitboard::from_square(sq);
    NEAR_TRAPS[sq.index() as usize]
        .iter()
        .take_while(|&&(_, m)| m != u8::MAX)
        .any(|&(area, m)| {
            let others = enemy & area & !this;
            let moves = 2 * (m + few(others));
            let moving = others | if m > 0 { this } else { Bitboard::EMPTY };
            moves < left || (moves == left && at_limit(m, others, moving))
        })
}

/// The root's "no" filter for a capture in exactly four steps, with four steps left, no
/// push waiting and no pull under way: whether some trap near the enemy piece on `sq`
/// may capture it in four, judged from who must move and who can move them (`ready`:
/// the enemy pieces with a stronger piece of the mover beside them,
/// [`Board::threatened`]; `frozen`: the root's cache of the mover's frozen pieces,
/// filled here only when a test reads them: the same set either way). When it fails the
/// root's search in four finds nothing, so it is not run (the root has then tried every
/// smaller limit).
///
/// Proof. As [`capture_lower_bound`] counts it, capturing the piece at a trap `m`
/// squares from it, with `n` other enemy pieces beside the trap or on it, takes at least
/// `m + n` moves of enemy pieces (each a push or a pull of one piece one square, two
/// steps; none is already under way): the piece's `m` squares, and each of the others
/// must move off (none can be captured instead: one beside the trap stands on no trap,
/// and one on it, when the piece is beside it, keeps the piece as its friend until the
/// piece leaves, after which the piece is two squares from the trap). A trap with
/// `m + n > 2` needs over four steps; one with `m + n = 0`, or `m = 2` (the piece alone,
/// moved twice), is kept. That leaves `m + n = 2` with two pieces to move, `x`
/// and `y` (the piece and one other, or two others with the piece on the trap): the
/// four steps are then exactly two moves, `x`'s in steps one and two and `y`'s in three
/// and four, or the other way round. The first needs a stronger piece of the mover
/// beside `x` now (`x` in `ready`). The second needs a piece of the mover stronger than
/// `y` beside `y` after the first move, where `y` has not moved and the mover's pieces
/// stand where they stand now (a capture only removes one), but the piece `h` that moved
/// `x`, which went one square: in a pull from beside `h` to a square beside its own, in
/// a push into `x`'s square, beside `h`'s. So either `y` is in `ready` too, or such an
/// `h` beside `x` and stronger than both stands at most two squares from `y`. A trap
/// where neither order allows this cannot capture the piece in four steps. Nor can a
/// trap with the piece beside it and the other on it: that one can only move to a square
/// beside the trap, where it is still the piece's friend, so it must move twice (it is
/// not captured on the trap while the piece stands beside it, and the piece leaving goes
/// two squares from the trap), three moves in all. A trap with `m + n = 1` is kept when
/// [`one_move_may_capture`] allows it.
///
/// `None` when no trap is kept; else the squares the piece's first move may go to in a
/// capture in exactly four: every square but when every trap kept is two squares from
/// the piece with no other enemy piece beside it or on it; then the squares beside the
/// piece and beside one of those traps. Proof: at such a trap the piece must move two
/// squares, two moves, which are all four steps (as above); each takes it one square
/// nearer, so the first goes to a square beside the piece at one square from the trap,
/// that is beside it.
/// A trap kept at `m <= 1` gives every square, so the filter returns at the first one
/// (the union with every square is every square; the traps after it are not looked at,
/// and the frozen pieces are computed only if a test before it read them).
#[inline(always)]
fn four_step_traps(
    board: &Board,
    side: Color,
    sq: Square,
    ready: Bitboard,
    frozen: &mut Option<Bitboard>,
) -> Option<Bitboard> {
    let enemy = board.color(!side);
    let this = Bitboard::from_square(sq);
    let mut onto = None;
    let mut frozen = || *frozen.get_or_insert_with(|| board.frozen_among(side, Bitboard::FULL));
    for &(area, m) in NEAR_TRAPS[sq.index() as usize]
        .iter()
        .take_while(|&&(_, m)| m != u8::MAX)
    {
        let others = enemy & area & !this;
        let moving = others | if m > 0 { this } else { Bitboard::EMPTY };
        let kept = match m + few(others) {
            0 => true,
            1 => one_move_may_capture(board, side, moving, area, m == 1, frozen()),
            2 if m == 1 && (others & Bitboard::TRAPS).any() => false,
            2 if m == 1 && !held_trap_may_empty(board, side, moving, area) => false,
            // `two_pushers_beside` needs a stronger piece of the mover beside each piece
            // to move: both in `ready`.
            2 if (moving & !ready).any() && m <= 1 => false,
            2 if m == 1 => two_pushers_beside(board, side, sq, others, area, frozen()),
            2 if m == 0 => match others.first() {
                Some(y) => two_pushers_beside(board, side, y, others.without(y), area, frozen()),
                None => false,
            },
            2 => m == 2 || two_moves_may_follow(board, side, moving, ready),
            _ => false,
        };
        if kept {
            if m < 2 {
                return Some(Bitboard::FULL);
            }
            let first = Bitboard::adjacent(sq) & area;
            onto = Some(onto.unwrap_or(Bitboard::EMPTY) | first);
        }
    }
    onto
}

/// A cheap "no" for the root's limit of four: true only when [`four_step_traps`]
/// gives `None` for the enemy piece on `sq` (`frozen`: the mover's frozen pieces), so
/// that no turn of four steps captures it. It looks only at traps where the filter
/// rejects at once (more than one piece to move at `m = 2`, `m + n >= 3`) or where one
/// piece `x` must move one square, in the shapes of [`walked_target`] (the piece beside
/// an empty trap with no other enemy piece on its area, or on the trap with one other
/// beside it), and says "no" there only when no piece of the mover stronger than `x`
/// stands within two squares of `x`, none unfrozen stands two squares from an empty
/// square beside `x` (not the trap) through an empty square, and, with the piece beside
/// the trap, none unfrozen stands beside an empty square beside the trap while a piece
/// of the mover stands beside the trap. Any other trap (none to move, two with
/// `m + n = 2`, a trap held by the mover) gives false: the filter decides.
///
/// Proof. [`four_step_traps`] rejects a trap with `m + n >= 3` (its last arm), and at
/// `m + n = 1` asks [`one_move_may_capture`] with `x` the one piece to move and `onto`
/// when `m = 1`; in the two shapes here the trap is empty or holds the piece, so not
/// the mover's (`held_by_mover` is false). That function returns true only by one of
/// its tests, each of which needs a helper (a piece of the mover stronger than `x`)
/// in a set near `x`: on a held square beside `x` (`onto`, and `room_within_two`
/// without it: within one); pushing a piece off a square beside `x` (beside it: within
/// two); `steps_in_unfrozen` (beside an empty square beside `x`: within two);
/// `unfrozen_after_a_friend_leaves` (beside a square beside `x`: within two);
/// `freed_by_a_friend` (on or beside an empty square beside `x`: within two);
/// `walk_may_ready` (unfrozen, in `two`, two squares from an empty square beside `x`
/// through an empty square: the set read here); and with `onto` the pullers off the
/// trap ([`pullers_from_trap`]): the trap (beside `x`), squares beside the trap
/// (within two of `x`), and, only with a piece of the mover beside the trap, unfrozen
/// pieces beside an empty square beside the trap (`ready_to_step` takes out the frozen
/// ones not beside the trap): the last set read here. With no helper in any of these
/// sets every test fails, so the trap is rejected; with every trap rejected the filter
/// gives `None`, and its proof says no capture in four exists.
#[inline(never)]
fn far_helpers_move_nothing(board: &Board, side: Color, sq: Square, frozen: Bitboard) -> bool {
    let enemy = board.color(!side);
    let empty = !board.occupied();
    for &(area, m) in NEAR_TRAPS[sq.index() as usize]
        .iter()
        .take_while(|&&(_, m)| m != u8::MAX)
    {
        let others = enemy & area & !Bitboard::from_square(sq);
        let count = m + few(others);
        if count >= 3 {
            continue;
        }
        let (true, Some(x), Some(trap)) = (
            count == 1,
            walked_target(enemy, empty, sq, (area, m)),
            (area & Bitboard::TRAPS).first(),
        ) else {
            return false;
        };
        let Some(helpers) = stronger_than_piece_on(board, side, x) else {
            continue;
        };
        let near = helpers & Bitboard::within(x, 2);
        if near.any() {
            if (near & (!frozen | Bitboard::within(x, 1))).any() {
                return false;
            }
            let unfrozen_by_a_step = freed_by_a_step(board.color(side) & !frozen, empty);
            if (near & unfrozen_by_a_step).any() {
                return false;
            }
        }
        let open = Bitboard::adjacent(x).without(trap) & empty;
        let two = (empty & open.neighbours()).neighbours();
        let beside_trap = Bitboard::adjacent(trap);
        let pull = if m == 1 && (board.color(side) & beside_trap).any() {
            (empty & beside_trap).neighbours()
        } else {
            Bitboard::EMPTY
        };
        if (helpers & !frozen & (two | pull)).any() {
            return false;
        }
    }
    true
}

/// The root's narrowing of the first move of the enemy piece `p` on `sq` when
/// [`four_step_traps`] narrows it to `onto` (every trap it keeps two squares from `p`,
/// with no other enemy piece beside it or on it; `frozen`: the mover's frozen pieces),
/// asked after [`moved_twice`] failed: the squares `o` of `onto` where `p`'s first move
/// may go in a capture in exactly four steps; empty when there is none, and the root
/// then skips its search in four. They are the squares of `onto` that are empty or hold
/// an unfrozen piece of the mover stronger than `p`, when such a piece stands beside
/// `sq`, and whose trap `t` (the one beside `o`) is empty, or holds a piece of the mover
/// stronger than `p`, or has at most one piece of the mover beside it, standing beside
/// `sq`, unfrozen and stronger than `p`.
///
/// Proof. The four steps are `p`'s two moves, one square each ([`four_step_traps`]):
/// from `sq` onto a square `o` beside `sq` and `t`, then onto `t`; no other piece moves
/// but the movers (and a piece a step captures on a trap). No enemy piece stands on `o`
/// or `t`. The first move is by a piece `h` of the mover stronger than `p`, unfrozen now
/// (its step or `p`'s is the turn's first): a push (`p` onto `o`, empty now, `h` from a
/// square beside `sq` into `sq`) or a pull (`h` on `o` onto an empty square `e` beside
/// `o`, `p` into `o`). So `o` is empty or holds such an `h`, and `h` stands beside `sq`
/// either way. The second move is a push (`p` onto `t`, empty then) or a pull (the
/// mover's piece on `t`, stronger than `p`, steps off and `p` follows). If `t` holds a
/// piece `T` of the mover now, `T` is not `h` (`h` stands beside `sq`, `t` is two
/// squares from it), is not moved in the first move, and is lost then only when `h`'s
/// step takes away its last friend beside `t`: the mover's pieces beside `t` are `h`
/// alone (beside `sq`, unfrozen, stronger). Else `T` stands on `t` at the second move,
/// which must then be its pull: `T` stronger than `p`. (`e` may be `t`, empty now: `h`
/// then pulls from `t`, which the empty `t` allows.) So a capture in four begins with
/// `p`'s move onto a kept square, and [`first_moves_towards`]' proof holds with it.
#[inline]
fn alone_moved_twice(
    board: &Board,
    side: Color,
    sq: Square,
    onto: Bitboard,
    frozen: Bitboard,
) -> Bitboard {
    let Some(stronger) = stronger_than_piece_on(board, side, sq) else {
        return Bitboard::EMPTY;
    };
    let movers = Bitboard::adjacent(sq) & stronger & !frozen;
    if movers.is_empty() {
        return Bitboard::EMPTY;
    }
    let empty = !board.occupied();
    let mut keep = Bitboard::EMPTY;
    for o in onto & (empty | movers) {
        let Some(trap) = (Bitboard::adjacent(o) & Bitboard::TRAPS).first() else {
            continue;
        };
        let friends = board.color(side) & Bitboard::adjacent(trap);
        let trap_may_empty = few(friends) <= 1 && (friends & !movers).is_empty();
        if empty.contains(trap) || stronger.contains(trap) || trap_may_empty {
            keep = keep.with(o);
        }
    }
    keep
}

/// For [`four_step_traps`], a trap (`area`: the trap and the squares beside it)
/// where one enemy piece, the one on `moving`, must move one square (the piece beside
/// the trap onto it, `onto`, or the one other enemy piece beside it off while the piece
/// stands on it): whether a piece of the mover stronger than it can be ready to move it
/// within the two steps the move leaves (`frozen`: the mover's frozen pieces).
///
/// Proof. The move is a push or a pull by a piece `h` of the mover stronger than the
/// moved piece `x`, standing beside `x`, unfrozen, before the move begins; the steps
/// before it are at most two. A push or a pull from a square beside `x` other than the
/// trap (the piece stands on it, or the push moves `x` onto it); else `onto` holds and
/// `h` pulls `x` from the trap. Every step moves one piece one square and `h` moves only
/// by its own steps, none of them a step of the move. From a square `s` beside `x`, not
/// the trap: `h` first needs `dist(h, s)` steps of its own, and a step of another piece
/// when `h` is frozen now (a friend arriving; its freezer leaving takes a move of two
/// steps) or when another piece holds `s` (it leaves: `s` is no trap, so no capture
/// takes it away); these last two may be one step, so one more at least if either holds.
/// That is at most two: an unfrozen `h` beside an empty `s` (and unfrozen on `s` once
/// there, [`steps_in_unfrozen`]), or two squares from it
/// with an empty square between them (its two steps are all the steps, so the square
/// it passes must be empty now, and it must be unfrozen there and on `s`:
/// [`walk_may_ready`]); a frozen one beside an empty `s`, beside an empty
/// square that an unfrozen piece of the mover stands beside (the friend's step is the
/// first, from where it stands now onto a square empty now); `h` on `s` (with the
/// piece on the trap and `x` moved off, only with room for the move after the steps
/// before it: [`room_within_two`]); or an
/// unfrozen `h` beside a held `s` with an empty square beside `s`: the other piece must
/// step off first (with its own step if it is the mover's, so it is unfrozen now and, a
/// rabbit, steps not backwards; if it is an enemy piece, as
/// the first step of a push by `h`, whose second is `h`'s into `s`: any other push or
/// pull adds a step; so `h` is then stronger than that enemy piece, and the square the
/// push sends it to is not beside the trap: there it would stand beside the trap when
/// the move ends, a friend of the piece, and the piece would not be captured), then `h`
/// steps in, and these are all the steps: so `h` is not frozen now, and still unfrozen
/// when a piece of the mover has left `s` ([`unfrozen_after_a_friend_leaves`]) (the piece leaving
/// `s`, beside `h`, lands on no square beside `h`, and only a friend arriving unfreezes it), and
/// the piece leaving steps to a square beside `s` that is empty now. From the trap: see
/// [`pullers_from_trap`]; a puller not on the trap now steps onto it before the move, so it is
/// unfrozen when it takes that step: from two squares away its two steps are all the steps, so it
/// is unfrozen now; from beside the trap the one other step may come first, and it unfreezes the
/// puller only by bringing a friend beside it (its freezer leaving takes a move of two steps): an
/// unfrozen piece of the mover stepping onto an empty square beside it, as for a frozen
/// pusher above. When a piece of
/// the mover holds the trap, `onto` needs it gone first: see [`trap_leavers`] for the
/// helpers that stay possible.
#[inline]
fn one_move_may_capture(
    board: &Board,
    side: Color,
    moving: Bitboard,
    area: Bitboard,
    onto: bool,
    frozen: Bitboard,
) -> bool {
    let (Some(x), Some(trap)) = (moving.first(), (area & Bitboard::TRAPS).first()) else {
        return false;
    };
    let Some(helpers) = stronger_than_piece_on(board, side, x) else {
        return false;
    };
    // The trap held by a piece of the mover that cannot pull `x`, and not emptied by the
    // first step: no helper near enough rules it out (the checks below still apply).
    let held_by_mover = onto && board.color(side).contains(trap);
    let held_weak = held_by_mover && !helpers.contains(trap);
    if held_weak && held_trap_empties_late(board, side, x, trap, helpers) == Some(false) {
        return false;
    }
    let one = |b: Bitboard| b | b.neighbours();
    let beside = Bitboard::adjacent(x).without(trap);
    let empty = !board.occupied();
    let open = beside & empty;
    let held = beside & !empty;
    // A helper beside the piece when it is moved onto the trap: kept as it is. Asked
    // before the held squares are walked (only the order of the tests changes); with
    // `!onto` the helpers beside it are asked for room by `room_within_two` below.
    // (No helper stands on `open`, which is empty.)
    if onto && (helpers & held).any() {
        return true;
    }
    let mover = board.color(side);
    let mut two = (empty & open.neighbours()).neighbours();
    // A held square that may be left: by its own step (the mover's piece), or pushed by
    // a piece of the mover stronger than the enemy piece on it, which then steps in.
    let leaving = held & empty.neighbours();
    // The mover's piece steps off first, unfrozen now, a rabbit not backwards.
    let rabbits = board.pieces(PieceKind::Rabbit.of(side));
    let rabbit_room = rabbit_steps(side, empty, Towards::Onto);
    let own_leaving = leaving & mover & !frozen & (!rabbits | rabbit_room);
    let mut stepping_in = own_leaving.neighbours();
    let mut leavers_only = Bitboard::FULL;
    if held_by_mover {
        let leavers = trap_leavers(mover, trap);
        two &= leavers;
        leavers_only = leavers;
        stepping_in &= leavers;
    }
    // An unfrozen helper beside a held square, stronger than the enemy piece on it, may
    // push that piece off (onto an empty square not beside the trap) and step in. Asked
    // first of the steps before the move (the most frequent of them to answer on the
    // archive), and only with such a helper beside a held square: the order of the
    // tests and this skip change no answer (every test is a term of one "or", without
    // side effects).
    let pushers = helpers & !frozen & leavers_only;
    let pushed = leaving & !mover;
    if (pushers & pushed.neighbours()).any() {
        for s in pushed {
            if (empty & Bitboard::adjacent(s) & !Bitboard::adjacent(trap)).is_empty() {
                continue;
            }
            if let Some(k) = board.kind_at(s) {
                if (pushers & Bitboard::adjacent(s) & board.stronger_than(side, k)).any() {
                    return true;
                }
            }
        }
    }
    let unfrozen_by_a_step = freed_by_a_step(mover & !frozen, empty);
    for h in helpers & !frozen & two {
        if walk_may_ready(board, side, h, open) {
            return true;
        }
    }
    for h in helpers & !frozen & open.neighbours() {
        if steps_in_unfrozen(board, side, h, open) {
            return true;
        }
    }
    for h in helpers & !frozen & stepping_in {
        if unfrozen_after_a_friend_leaves(board, side, h) {
            return true;
        }
    }
    for h in helpers & frozen & one(open) & unfrozen_by_a_step {
        if freed_by_a_friend(board, side, h, open, frozen) {
            return true;
        }
    }
    if !onto {
        return (helpers & held)
            .into_iter()
            .any(|h| room_within_two(board, side, (x, trap, h), frozen));
    }
    // A puller off the trap steps onto it first, so it is unfrozen by then: now, or,
    // from beside the trap, by a friend's step (the only other step before the move).
    let ready_to_step = !frozen | (Bitboard::adjacent(trap) & unfrozen_by_a_step);
    let mut from_trap =
        pullers_from_trap((board, side), empty, trap, frozen) & ready_to_step.with(trap);
    if held_by_mover {
        from_trap &= held_trap_pullers(board, side, trap);
    }
    (helpers & from_trap).any()
}

/// For [`one_move_may_capture`], with the piece `x` beside `trap` alone to move (no other
/// enemy piece beside the trap), onto it, and a piece `p` of the mover on the trap not
/// stronger than `x` (`helpers`: the mover's pieces stronger than `x`): `None` when `p`
/// has an empty square beside the trap to step onto (a rabbit not backwards); else
/// whether a helper stands beside `x` (not on the trap), or beside the trap and beside a
/// square beside `x` (not the trap) that holds no enemy piece. When false the trap
/// cannot capture `x` in four steps.
///
/// Proof. The capture is `x`'s one move onto the trap, two steps, which needs the trap
/// empty when it begins (a push moves `x` onto it first; a pull by a piece on the trap
/// needs that piece to have stepped on after `p` left, a step more than below allows),
/// so at most two steps come before it ([`four_step_traps`]), and `p` leaves the trap
/// in them: by its own step (the mover cannot push or pull its own pieces; the enemy's
/// pieces move only in pushes and pulls, each two steps, and none stands beside the
/// trap to be moved into a square `p` needs, `x` but for its own move) or captured, when
/// its last friend beside the trap steps away. Neither can be the first step here: no
/// square for `p` is empty now (squares beside the trap are emptied only by a step of
/// the piece on them, the mover's, as no capture empties a square beside a trap other
/// than the trap itself, since no trap is beside a square beside another); and `p` has
/// two friends or more now, for its squares (at least three, a rabbit's) but `x`'s hold
/// pieces of the mover (no other enemy piece stands beside the trap). So the trap
/// empties at the second step, `x`'s move is steps three and four, and it is a push
/// (`p` cannot pull it, and another puller would step onto the trap in a fifth step) by
/// a helper `h` standing beside `x`, not on the trap, after the second step. Either `h`
/// stands there now, or it stepped there in the first two steps. If in the second, that
/// step also empties the trap: `h` is `p`'s last friend leaving (`p` stepping off lands
/// beside the trap, never beside `x`: two squares beside one square are never beside
/// each other), so `h` stands beside the trap now. If in the first, the second step
/// empties the trap, which needs a square for `p` emptied by the first step or `p`'s
/// friends down to one after it: either way the first step, `h`'s, leaves a square
/// beside the trap, so again `h` stands beside the trap now. Either way it steps from
/// there onto a square beside `x` (not the trap), which must not hold an enemy piece
/// (none moves off in one step).
#[inline(never)]
fn held_trap_empties_late(
    board: &Board,
    side: Color,
    x: Square,
    trap: Square,
    helpers: Bitboard,
) -> Option<bool> {
    let around = Bitboard::adjacent(trap);
    let empty = !board.occupied();
    let at = Bitboard::from_square(trap);
    let rabbit = board.pieces(PieceKind::Rabbit.of(side)).contains(trap);
    let steps = if rabbit {
        rabbit_steps(side, at, Towards::From)
    } else {
        around
    };
    if (steps & empty).any() {
        return None;
    }
    let beside = Bitboard::adjacent(x).without(trap);
    let landing = beside & !board.color(!side);
    Some((helpers & (beside | (around & landing.neighbours()))).any())
}

/// For [`one_move_may_capture`], with the piece on `trap` and its one friend `x` beside
/// it to move away: whether the helper `h` of the mover, standing beside `x` now, may
/// push or pull `x` from where it stands after the two steps before the move (`frozen`:
/// the mover's frozen pieces). False only when no square beside `x` (but the trap) or
/// beside `h` is empty now and either none of them may be emptied in two steps, or only
/// one, `c`, may be, and without `c` `h` has no friend beside it and an enemy piece
/// stronger than it beside it; false also when `h` is frozen now and cannot be freed
/// in those two steps ([`frozen_helper_may_be_freed`], whose proof is there).
///
/// Proof. The move is `x`'s only move and comes after at most two steps; the trap keeps
/// the piece until it. Let `room` be the squares beside `x` but the trap and `h`'s, and
/// beside `h` but `x`'s: a push by `h` from its square sends `x` onto one of the first
/// (not the trap, which is held), a pull moves `h` onto one of the second; so one of
/// them is empty when the move begins. With none empty now, `h` does not move before
/// the move: it would first step onto a square beside it emptied earlier, with no step
/// left to come back (or push its way off, and not come back either). Nor does `x`.
/// A square of `room` emptied at any time in the two steps is, with its piece `p`:
/// - `p` the mover's, by its own step: unfrozen now onto a square that is empty now or
///   left by the first step (by a piece of the mover that is unfrozen now and steps
///   onto an empty square, a rabbit not backwards, or lost on a trap: a piece of the
///   mover on a trap), a rabbit not backwards; or frozen now and freed by a friend
///   arriving first (its only way: its freezer would need a push or pull), onto an
///   empty square beside it ([`one_move_may_capture`]'s `unfrozen_by_a_step`); or by
///   pushing an enemy piece beside it onto an empty square (then `p` is no rabbit and
///   is unfrozen now). `p` is not lost on a trap: the squares beside `x` are no traps
///   but the piece's, and a trap beside `h` keeps `h` as `p`'s friend.
/// - `p` an enemy piece, moved by a push or a pull of a piece of the mover other than
///   `h`, stronger than `p`, beside it and unfrozen now (both steps are the move's); or,
///   on a trap, lost when its friends move away.
///
/// These are the squares asked (over-approximated: a frozen piece is asked for a friend
/// that may arrive, not where it steps; any such mover beside an enemy piece counts). If
/// none of `room` can be emptied, no push or pull by `h` has room. If only `c`: at the
/// move `c` is empty and every other square beside `h` holds the piece it holds now
/// (none was emptied, so none changed its piece; `x` stays), so `h` is frozen at the
/// move when, without `c`, no piece of the mover and some enemy piece stronger than it
/// stand beside it.
#[inline(never)]
fn room_within_two(
    board: &Board,
    side: Color,
    (x, trap, h): (Square, Square, Square),
    frozen: Bitboard,
) -> bool {
    if frozen.contains(h) && !frozen_helper_may_be_freed(board, side, h, frozen) {
        return false;
    }
    let around = Bitboard::adjacent(h);
    let room = (Bitboard::adjacent(x).without(trap) | around)
        .without(x)
        .without(h);
    let empty = !board.occupied();
    if (room & empty).any() {
        return true;
    }
    let mover = board.color(side);
    let enemy = board.color(!side);
    let free = mover & !frozen;
    let rabbits = board.pieces(PieceKind::Rabbit.of(side));
    // The pieces of the mover with a step onto `targets` (rabbits not backwards).
    let steppers = |targets: Bitboard| {
        (targets.neighbours() & !rabbits) | (rabbits & rabbit_steps(side, targets, Towards::Onto))
    };
    let first = free & steppers(empty);
    let later = empty | first | (mover & Bitboard::TRAPS);
    let unfrozen_by_a_step = freed_by_a_step(free, empty);
    let pushing = free & !rabbits & (enemy & empty.neighbours()).neighbours();
    let mut emptied =
        room & mover & ((free & steppers(later)) | (frozen & unfrozen_by_a_step) | pushing);
    for q in room & enemy {
        let movers = board
            .kind_at(q)
            .map_or(Bitboard::EMPTY, |k| board.stronger_than(side, k));
        if (Bitboard::TRAPS.contains(q)) || (movers & free.without(h) & Bitboard::adjacent(q)).any()
        {
            emptied = emptied.with(q);
        }
    }
    let Some(c) = emptied.first() else {
        return false;
    };
    if emptied.count() > 1 {
        return true;
    }
    let kind = board.kind_at(h).unwrap_or(PieceKind::Elephant);
    let stays = around.without(c);
    (mover & stays).any() || (board.stronger_than(!side, kind) & stays).is_empty()
}

/// For [`one_move_may_capture`], with the piece on the trap and its one friend `x`
/// beside it to move away: whether the helper `h` of the mover beside `x`, frozen now
/// (`frozen`: the mover's frozen pieces), may be unfrozen within the two steps before
/// the move. True when a piece of the mover may step onto an empty square `e` beside
/// `h` (from beside `e`, unfrozen now or beside an empty square that an unfrozen piece
/// of the mover stands beside; or from two squares away through an empty square,
/// unfrozen now); when an enemy piece stronger than `h` beside it stands on a trap; or
/// when an enemy piece beside `h` has an unfrozen piece of the mover other than `h`,
/// stronger than it, beside it.
///
/// Proof that the move needs this. `h` pushes or pulls `x`, so it is unfrozen when the
/// move begins, after at most two steps (see [`one_move_may_capture`]). Frozen now, it
/// has no friend beside it and an enemy piece stronger than it beside it; it is
/// unfrozen by a friend arriving beside it or by every such enemy piece leaving. A
/// piece of the mover moves only by its own steps, alone or in a push or a pull. By a
/// plain step, or the pulling step of a pull, it lands on a square empty then, and a
/// square beside `h` is empty then only if it is empty now (one held by an enemy piece
/// is emptied only by a push or a pull, both steps, none left for another step; `x`'s
/// moves in the move): with one step it stands beside `e` and is unfrozen when it steps
/// (now, or freed by the other step, a friend arriving beside it: a freezer leaving
/// takes two); with two it is two squares from `e`, passes an empty square beside `e`,
/// and is unfrozen now (nothing comes before its first step); a pull's first step needs
/// it unfrozen now and beside `e` too. By a push it lands on the square of the enemy
/// piece it pushes, both steps: that piece stands beside `h` now, and the pusher is
/// stronger than it, beside it and unfrozen now (not `h`, frozen). An enemy piece
/// leaves by a push or a pull, both steps, by a piece of the mover stronger than it,
/// beside it and unfrozen now (the last case again), or is captured on a trap; as one
/// move at most fits, with two freezers or more one of them is captured, so stands on a
/// trap. (Rabbits' directions, room for the push or pull and the freezing on the way
/// are not asked: that keeps more, never less.) Asked first in [`room_within_two`],
/// which is out of line; a closure over the pieces here made the query copy its answer
/// with `memcpy`, 26 instructions a query more on the archive.
#[inline]
fn frozen_helper_may_be_freed(board: &Board, side: Color, h: Square, frozen: Bitboard) -> bool {
    let mover = board.color(side).without(h);
    let empty = !board.occupied();
    let free = mover & !frozen;
    let e = Bitboard::adjacent(h) & empty;
    let unfrozen_by_a_step = freed_by_a_step(free, empty);
    let one = mover & e.neighbours() & (!frozen | unfrozen_by_a_step);
    let two = free & (e.neighbours() & empty).neighbours();
    if (one | two).any() {
        return true;
    }
    let Some(kind) = board.kind_at(h) else {
        return false;
    };
    let enemy = board.color(!side) & Bitboard::adjacent(h);
    if (enemy & board.stronger_than(!side, kind) & Bitboard::TRAPS).any() {
        return true;
    }
    for y in enemy {
        let Some(k) = board.kind_at(y) else {
            continue;
        };
        if (board.stronger_than(side, k) & free & Bitboard::adjacent(y)).any() {
            return true;
        }
    }
    false
}

/// The squares beside an empty square (of `empty`) that is beside a piece of `free`:
/// where a piece gains a friend by one step of a piece of `free` (given as the side's
/// unfrozen pieces). Over-approximated: a rabbit's direction and the piece on the square
/// itself are not asked. A frozen piece is unfrozen by a single step of a friend only
/// when it stands on one of these squares (its freezer leaving needs a push or a pull),
/// which is how the callers read it.
#[inline(always)]
fn freed_by_a_step(free: Bitboard, empty: Bitboard) -> Bitboard {
    (empty & free.neighbours()).neighbours()
}

/// For [`one_move_may_capture`], a helper `h` of the mover, frozen now, beside an empty
/// square of `open` (beside the piece to move): whether an unfrozen piece of the mover
/// (`frozen`: the mover's frozen pieces) may step onto an empty square beside `h` other
/// than one such square of `open` left for `h` (a rabbit not backwards).
///
/// Proof that it needs this: `h` is unfrozen before the move only by a friend arriving
/// beside it (its freezer leaving takes a move of two steps), so the friend's step and
/// `h`'s onto a square `s` of `open` are all the steps before the move, the friend's
/// first: it steps from where it stands now, unfrozen now, onto a square empty now and
/// beside `h`, and not onto `s`, which must be empty when `h` steps onto it.
#[inline(never)]
fn freed_by_a_friend(
    board: &Board,
    side: Color,
    h: Square,
    open: Bitboard,
    frozen: Bitboard,
) -> bool {
    let around = Bitboard::adjacent(h);
    let unfrozen = board.color(side) & !frozen;
    let rabbits = unfrozen & board.pieces(PieceKind::Rabbit.of(side));
    let reach = (unfrozen & !rabbits).neighbours() | rabbit_steps(side, rabbits, Towards::From);
    distinct_pair(around & !board.occupied() & reach, around & open)
}

/// Which way [`rabbit_steps`] reads a rabbit's step.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Towards {
    /// The squares a rabbit steps from onto the given squares.
    Onto,
    /// The squares a rabbit on the given squares steps onto.
    From,
}

/// The squares one step of a rabbit of `side` away from `squares` (rabbits step
/// sideways or forwards, never backwards): with [`Towards::From`], those a rabbit on
/// `squares` may step onto; with [`Towards::Onto`], those from which a rabbit may step
/// onto one of `squares`. Only the direction is read: whether the squares are empty or
/// the rabbit frozen is the caller's.
#[inline(always)]
fn rabbit_steps(side: Color, squares: Bitboard, towards: Towards) -> Bitboard {
    let back = Direction::backwards(side);
    let last = if towards == Towards::Onto {
        back
    } else {
        back.opposite()
    };
    squares.shift(Direction::East) | squares.shift(Direction::West) | squares.shift(last)
}

/// For [`one_move_may_capture`], a helper `h` of the mover, unfrozen now, beside an
/// empty square of `open` (the empty squares beside the piece `x` to move, but the
/// trap): whether it may push `x` from such a square `s` after its one step onto it:
/// no enemy piece stronger than `h` stands beside `s`, or another piece of the mover
/// stands within two squares of `s`.
///
/// Proof that the push needs this. From `s` (not the trap) `h` moves `x` onto the trap
/// by a push (a pull from `s` would take `x` off towards `s`), whose first step needs
/// `h` beside `x` and unfrozen. `h` is not beside `x` now (no square is beside both `s`
/// and `x`, which are beside each other), so its step onto `s` comes first, and the push
/// takes two more: one step is left, a step of one piece of the mover (no enemy piece
/// moves but in a push or a pull, two steps). So when the push begins the enemy pieces
/// beside `s` are those now (or fewer, one lost on a trap), and `h`'s friends there are
/// pieces of the mover beside `s` now, or one that arrived with that one step, from a
/// square within two squares of `s` now. With a stronger enemy piece beside `s` and no
/// such friend, `h` is frozen on `s` when the push would begin, and cannot push. (Out
/// of line: inlined, the query cost more instructions on both sets of positions.)
#[inline(never)]
fn steps_in_unfrozen(board: &Board, side: Color, h: Square, open: Bitboard) -> bool {
    let Some(kind) = board.kind_at(h) else {
        return false;
    };
    let stronger = board.stronger_than(!side, kind);
    let others = board.color(side).without(h);
    (open & Bitboard::adjacent(h)).into_iter().any(|s| {
        (stronger & Bitboard::adjacent(s)).is_empty() || (others & Bitboard::within(s, 2)).any()
    })
}

/// For [`one_move_may_capture`], a helper `h` of the mover, unfrozen now, beside a
/// square held by a piece of the mover that steps off so that `h` may step in: whether
/// `h` is still unfrozen after that piece leaves (another piece of the mover beside it,
/// or no enemy piece beside it stronger than it).
///
/// Proof that it needs this: the friend's step and `h`'s are all the steps before the
/// move, the friend's first; the friend lands beside the square it left, so not beside
/// `h` (two squares beside one square are never beside each other), no other piece moves,
/// and `h` must be unfrozen to step in.
#[inline]
fn unfrozen_after_a_friend_leaves(board: &Board, side: Color, h: Square) -> bool {
    let Some(kind) = board.kind_at(h) else {
        return false;
    };
    let around = Bitboard::adjacent(h);
    few(board.color(side) & around) >= 2 || (board.stronger_than(!side, kind) & around).is_empty()
}

/// For [`one_move_may_capture`], a helper `h` of the mover, unfrozen now, two squares
/// from an empty square of `open` (beside the piece to move): whether its two steps may
/// bring it onto such a square `s`, through an empty square `mid` beside both, with `h`
/// unfrozen on `mid` and on `s`.
///
/// Proof that the walk needs this: its two steps are all the steps before the move (see
/// [`one_move_may_capture`]), so no other piece moves: the enemy pieces beside `mid` and
/// `s` are those beside them now, and `h`'s friends there are pieces of the mover beside
/// them now other than `h` (none arrives; one may be lost on a trap, which only takes a
/// friend away). `h` must be unfrozen on `mid` to take its second step and on `s` to
/// push or pull: a piece of the mover other than `h` beside the square now, or no enemy
/// piece stronger than `h` beside it; and `h` must not be captured on `mid` or `s`: a
/// trap needs a friend beside it. A square two steps from `h` through a square
/// beside both is never `h`'s own (`s` is empty), so those are the walks of two.
#[inline]
fn walk_may_ready(board: &Board, side: Color, h: Square, open: Bitboard) -> bool {
    let Some(kind) = board.kind_at(h) else {
        return false;
    };
    let friends = board.color(side).without(h);
    let alive = friends.neighbours() | !Bitboard::TRAPS;
    let unfrozen_on = alive & unfrozen_squares(board, side, kind, friends);
    let mid = !board.occupied() & Bitboard::adjacent(h) & unfrozen_on;
    (open & unfrozen_on & mid.neighbours()).any()
}

/// The squares on which a piece of the mover (`side`) of `kind` would stand unfrozen with
/// the mover's pieces on `friends` and the enemy pieces where they stand now: a friend
/// beside the square, or no enemy piece stronger than `kind` beside it (the rule of
/// [`Board::frozen`]). The four-step filter and the direct answers in four ask it of a
/// piece that moves while the others stay (`friends`: the mover's pieces without it),
/// or after one of them has left.
#[inline]
fn unfrozen_squares(board: &Board, side: Color, kind: PieceKind, friends: Bitboard) -> Bitboard {
    friends.neighbours() | !board.stronger_than(!side, kind).neighbours()
}

/// [`unfrozen_squares`] for the mover's piece on `h`: the enemy pieces stronger than it
/// read in one walk up the kinds ([`stronger_than_piece_on`] of the enemy, the same set
/// as [`Board::stronger_than`] of its kind); `None` for an empty square.
#[inline(always)]
fn unfrozen_squares_of(
    board: &Board,
    side: Color,
    h: Square,
    friends: Bitboard,
) -> Option<Bitboard> {
    stronger_than_piece_on(board, !side, h)
        .map(|freezers| friends.neighbours() | !freezers.neighbours())
}

/// For [`one_move_may_capture`], with the piece beside `trap` and a piece `p` of the
/// mover on the trap (`mover`: the mover's pieces): the pieces whose own steps may leave
/// the trap empty: `p`, and the one piece of the mover beside the trap when it is the
/// only one (its leaving captures `p`).
///
/// Proof that with the trap held the piece's move needs more than two steps before it
/// from a helper `h` that is two steps from its square `s` (not in these), or that must
/// step into a held `s` (not in these), or that pulls from the trap but stands two
/// squares from it. The move onto the trap, a push from `s` (beside the piece, not the
/// trap, so not beside the trap: two squares beside each other have no square beside
/// both) or a pull by `h` from the trap, needs the trap empty first: `p` steps off (the
/// mover cannot push or pull its own pieces) or is captured, when the last piece of the
/// mover beside the trap leaves, a step each. In those three cases the two steps before
/// the move are already taken, by `h` alone (two of its own) or by the piece leaving `s`
/// and then `h` (the piece leaving `s` is not beside the trap, and a push of it by `h`
/// is the same two steps), or else `h` needs two steps to reach the trap and `p` a
/// third to leave (`h`'s steps before it arrives beside the trap take no friend of `p`
/// away). So one of `h`'s steps leaves the trap empty: `h` is `p`, or `h` stands beside
/// the trap, the only piece of the mover there (no other piece moves). A helper beside
/// the trap that pulls from it after `p` steps off is kept as [`pullers_from_trap`]
/// keeps it.
#[inline]
fn trap_leavers(mover: Bitboard, trap: Square) -> Bitboard {
    let beside = mover & Bitboard::adjacent(trap);
    let last = if beside.count() == 1 {
        beside
    } else {
        Bitboard::EMPTY
    };
    Bitboard::from_square(trap) | last
}

/// For [`four_step_traps`]: whether the two enemy pieces of `moving` may be moved
/// one after the other, each by a push or a pull, in four steps (see there for why).
#[inline(never)]
fn two_moves_may_follow(board: &Board, side: Color, moving: Bitboard, ready: Bitboard) -> bool {
    if (moving & !ready).is_empty() {
        return true;
    }
    let (Some(x), Some(y)) = (moving.first(), moving.iter().nth(1)) else {
        return false;
    };
    let (Some(kx), Some(ky)) = (board.kind_at(x), board.kind_at(y)) else {
        return false;
    };
    let both = board.stronger_than(side, kx.max(ky));
    let moves_then =
        |a: Square, b: Square| (both & Bitboard::adjacent(a) & Bitboard::within(b, 2)).any();
    moves_then(x, y) || moves_then(y, x)
}

/// For [`one_move_may_capture`], with the piece beside `trap` and a piece `p` of the
/// mover on it: the squares from which a piece of the mover may pull the piece onto the
/// trap within four steps: the trap (`p` itself); and, when a square beside the trap is
/// empty now, the pieces of the mover beside the trap that have a friend other than `p`
/// beside them or no stronger enemy piece beside them.
///
/// Proof. A puller other than `p` must stand on the trap when the pull (two steps)
/// begins, so `p` steps off before it (it is not captured: the puller, beside the trap
/// until it steps on, is its friend) and the puller steps on after; those are the two
/// steps before the pull, the puller's from beside the trap (a puller two squares away
/// is ruled out in [`trap_leavers`]). `p`'s step comes first, onto a square beside the
/// trap, empty now as nothing moved before it. The puller steps second, unfrozen then:
/// only `p` has moved, from the trap (beside the puller) to a square beside the trap,
/// which is not beside the puller (two squares beside a trap are not beside each
/// other); so the puller then has the friends it has now but `p`, and the same enemy
/// pieces beside it.
#[inline(never)]
fn held_trap_pullers(board: &Board, side: Color, trap: Square) -> Bitboard {
    let at = Bitboard::from_square(trap);
    let beside = Bitboard::adjacent(trap);
    if (beside & !board.occupied()).is_empty() {
        return at;
    }
    let friends = board.color(side).without(trap);
    let stays_free = |&h: &Square| match board.kind_at(h) {
        Some(kind) => {
            let near = Bitboard::adjacent(h);
            (near & friends).any() || (near & board.stronger_than(!side, kind)).is_empty()
        }
        None => false,
    };
    (friends & beside)
        .iter()
        .filter(stays_free)
        .fold(at, |b, h| b | Bitboard::from_square(h))
}

/// For [`four_step_traps`], a trap (`area`: the trap and the squares beside it) with
/// the piece beside it and one other enemy piece beside it (`moving`: the two): false
/// when a piece `p` of the mover holds the trap and is stronger than neither, so the
/// trap cannot capture the piece in four steps.
///
/// Proof. The four steps are exactly two moves, the piece's onto the trap and the
/// other's away from it (see [`four_step_traps`]; the other moved onto the trap would
/// stay there, two squares beside each other have no square beside both, so its one
/// move takes it off the area). The piece's move needs the trap empty when it begins
/// (a push moves it onto the trap first) or is a pull by the piece on the trap; so `p`
/// leaves the trap in one of these steps. It is not captured there: a step that leaves
/// it without a friend goes from beside the trap to a square not beside it, and none of
/// the moves has one (the pieces pushed or pulled are the enemy's; a pusher steps into
/// the square of the piece it pushes, beside the trap; a puller or pusher standing
/// beside one of the two moved pieces stands on the trap or not beside it, as above).
/// So `p` steps off by its own step, which is one of a push or pull by `p`, of a piece
/// weaker than `p`: one of the two.
#[inline]
fn held_trap_may_empty(board: &Board, side: Color, moving: Bitboard, area: Bitboard) -> bool {
    let Some(trap) = (area & Bitboard::TRAPS).first() else {
        return true;
    };
    if !board.color(side).contains(trap) {
        return true;
    }
    let weakest = moving.iter().filter_map(|q| board.kind_at(q)).min();
    weakest.is_some_and(|k| board.stronger_than(side, k).contains(trap))
}

/// For [`four_step_traps`], a trap (`area`: the trap and the squares beside it) with
/// the piece `x` (on `sq`) beside it, one other enemy piece `y` (on `other`) beside it
/// and no enemy piece on it: whether two different pieces of the mover stand now, one
/// beside `x` and stronger than it, one beside `y` and stronger than it, one of them
/// unfrozen (`frozen`: the mover's frozen pieces), and, when a piece of the mover holds
/// the trap, one of them on it. Also asked with the piece on the trap and `x`, `y` the
/// two other enemy pieces beside it: the same holds (proof at the end).
///
/// Proof. The four steps are exactly two moves, `x`'s onto the trap and `y`'s off the
/// area (see [`four_step_traps`] and [`held_trap_may_empty`]: `y` moved onto the trap
/// would keep `x` off it). The first move's pusher or puller stands beside its piece
/// now, unfrozen. The second's stands beside its piece after the first move: it did not
/// move in the first, for the first's mover ends on no square beside the second's piece.
/// A pusher ends on the square of the piece it pushed, beside the trap, as the second's
/// piece is, and two squares beside a trap are not beside each other. A puller of `y`
/// ends beside the square it left, which is beside `y`, so an even number of squares
/// from `x` (`x` and `y` are two squares apart), not beside it. A puller of `x` stands on
/// the trap (`x` goes onto it) and ends beside it. So the two are different pieces,
/// each beside its piece now. With the trap empty now, the one that moves `x` pushes it
/// from beside it; with a piece `p` of the mover on it, the trap must be empty before
/// `x` is pushed onto it, and `p` leaves only by its own step ([`held_trap_may_empty`]),
/// as the puller of `x` or the pusher of `y`, one of the two.
///
/// With the piece on the trap and `x`, `y` beside it, the four steps are exactly the
/// two moves of `x` and `y`, each off the area (the trap is held; see
/// [`four_step_traps`]), one after the other. As above, the first's mover ends on no
/// square beside the second's piece (a pusher on a square beside the trap, a puller an
/// even number of squares from the other piece), so the two movers are different
/// pieces, each beside its piece now, the first unfrozen now; the trap holds an enemy
/// piece, none of the mover's.
#[inline]
fn two_pushers_beside(
    board: &Board,
    side: Color,
    sq: Square,
    other: Bitboard,
    area: Bitboard,
    frozen: Bitboard,
) -> bool {
    let mover = board.color(side);
    let movers_of = |q: Option<Square>| match q
        .and_then(|q| stronger_than_piece_on(board, side, q).map(|stronger| (q, stronger)))
    {
        Some((q, stronger)) => mover & Bitboard::adjacent(q) & stronger,
        None => Bitboard::EMPTY,
    };
    let (of_x, of_y) = (movers_of(Some(sq)), movers_of(other.first()));
    let held = mover & area & Bitboard::TRAPS;
    if held.any() {
        // The piece on the trap is not frozen: it stands there with a friend beside it.
        distinct_pair(of_x & held, of_y) || distinct_pair(of_x, of_y & held)
    } else {
        distinct_pair(of_x & !frozen, of_y) || distinct_pair(of_x, of_y & !frozen)
    }
}

/// Whether a square of `a` and a different square of `b` exist.
#[inline]
fn distinct_pair(a: Bitboard, b: Bitboard) -> bool {
    a.any() && b.any() && !(a == b && a.count() == 1)
}

/// For [`one_move_may_capture`]: the squares from which a piece `h` of the mover may
/// stand on `trap` within two steps of its own and others, alive (`board`, `side`: the
/// board and the mover, whose pieces are meant): on it; beside it, with another piece of the mover at most two squares from
/// it; two squares from it, with a piece of the mover beside it and an empty square
/// (`empty`: the empty squares) beside it and `h`. With the trap empty, a piece beside it
/// is kept only with another piece of the mover beside the trap now, or, if it is not
/// frozen (`frozen`: the mover's frozen pieces), with an unfrozen piece of the mover two
/// squares from the trap beside an empty square beside it, and then only if it stays
/// unfrozen when such a piece leaves its square: one of them stands not beside it, or it
/// has another friend beside it or no stronger enemy piece beside it
/// ([`unfrozen_after_a_friend_leaves`]).
///
/// Proof. `h` needs `dist(h, trap)` steps of its own, and it is captured on arriving
/// unless another piece of the mover then stands beside the trap (one on it now has
/// one). From beside the trap that leaves one step: another piece at most two squares
/// from the trap, to be beside it by then (it may stand there already). From two squares
/// away, none: another piece already beside it (`h` is not), and `h`'s two steps are all
/// the steps, so the square it passes, beside the trap, is empty now. Farther is over
/// two steps. With the trap empty and `h` beside it, the friend beside the trap when `h`
/// arrives stands beside it now, or arrives with the one other step, before `h`'s (a piece
/// of the mover moves only by its own steps, and in no push or pull here: that would
/// take two more): onto a
/// square beside the trap that is empty now (`h`'s is not empty yet), from a square two
/// squares from the trap (one step), unfrozen now (no step before it). That step then is
/// the other one, so `h` is not unfrozen by a friend arriving beside it (a square beside
/// the trap is not beside `h`'s) and must be unfrozen now. It must still be unfrozen
/// after that step, to take its own onto the trap: the friend lands beside the trap, not
/// beside `h`, so it brings `h` no friend; no enemy piece moves (the step is the
/// mover's); so the enemy pieces beside `h` are those now, and its friends those now,
/// less the friend if it stood beside `h` (and less a piece lost on a trap, which only
/// takes a friend away). So some such friend stands not beside `h` (its leaving changes
/// nothing), or `h` has another friend beside it now, or no enemy piece stronger than it
/// beside it (a friend lost on a trap is not counted: that keeps more, never less).
#[inline]
fn pullers_from_trap(
    (board, side): (&Board, Color),
    empty: Bitboard,
    trap: Square,
    frozen: Bitboard,
) -> Bitboard {
    let mover = board.color(side);
    let at = Bitboard::from_square(trap);
    let beside = Bitboard::adjacent(trap);
    let mut from = at;
    if mover.contains(trap) {
        if (mover & Bitboard::within(trap, 2)).count() >= 2 {
            from |= beside;
        }
    } else if (mover & beside).count() >= 2 {
        from |= beside;
    } else {
        let arriving = mover & !frozen & !(beside | at) & (empty & beside).neighbours();
        if arriving.any() {
            for h in mover & beside & !frozen {
                let other = (arriving & !Bitboard::adjacent(h)).any();
                if other || unfrozen_after_a_friend_leaves(board, side, h) {
                    from = from.with(h);
                }
            }
        }
    }
    if (mover & beside).any() {
        from |= (empty & beside).neighbours() & !(beside | at);
    }
    from
}

/// The enemy pieces worth a capture search at the root: two cheap tests before the
/// bound (`quiet`: whether no push waits and no pull is under way at `node`).
///
/// First: an enemy piece off the traps is captured only on a trap, so it must move, and
/// only a push or pull by a stronger piece of the mover moves it (a pull under way
/// included: its puller is the mover's). A piece at least as strong as the mover's
/// strongest piece can never move.
///
/// Second, when no push waits and no pull is available: a piece `m` squares from the
/// nearest trap makes at least `m` moves, each a push or a pull of two steps by a
/// stronger piece of the mover standing beside it when the move begins. Before its
/// first move such a piece must come beside it: from `r` squares away that is `r - 1`
/// steps of its own, none of them a step of those moves, so at least `2m + r - 1` steps
/// in all. A piece two squares from every trap near it needs four steps and a stronger
/// piece beside it now; one beside a trap, with two steps left, needs a stronger piece
/// beside it now too, and with three or four steps left a stronger piece of the mover at
/// most `left - 1` squares away. `ready`: the enemy pieces with a stronger piece of the
/// mover beside them ([`Board::threatened`]); `unmovable`: the enemy pieces that can
/// never move ([`unmovable_pieces`], computed once per query for the bound too). Only
/// the pieces on `among` are looked at (the root passes [`trap_counts_keep`]'s when it
/// applies, else every square).
///
/// With `among` from [`trap_counts_keep`] (any set but every square; it keeps enemy
/// pieces only, so never every square), the second test's checks for the pieces two
/// squares from every trap and, with two steps left or fewer, for those beside a trap
/// are already met by `among`, and are skipped: the same set. Proof: a piece two squares
/// from every trap near it is kept there only at `m = 2`, which counts `2 * (2 + n)`,
/// at least 4: only at the limit, so with four steps left, with `n = 0` and the piece
/// in `ready`. A piece beside a trap with `left <= 2` is kept at `m = 1` (counting
/// `2n`, `n >= 1` with the piece among the `n`) only at the limit, `n = 1`, the piece
/// alone to move and in `ready`, or at `m = 2` of another trap, never with
/// `left < 4`. The first test and the pieces' squares (all in [`TRAP_ZONE`]) are
/// unchanged.
#[inline(always)]
fn capture_candidates(
    node: &Node,
    ctx: &Ctx,
    (ready, unmovable): (Bitboard, Bitboard),
    among: Bitboard,
    quiet: bool,
) -> Bitboard {
    let (board, side, left) = (node.board(), ctx.side, node.steps_left());
    let enemy = board.color(!side) & among & TRAP_ZONE;
    let mut enemy = enemy & !(unmovable & !Bitboard::TRAPS);
    if !quiet {
        return enemy;
    }

    let beside_traps = Bitboard::TRAPS.neighbours();
    // `among` from `trap_counts_keep` meets the checks below (see above).
    if among != Bitboard::FULL {
        if left < 3 {
            return enemy;
        }
    } else {
        let two_away = enemy & !(Bitboard::TRAPS | beside_traps);
        if left < 4 {
            enemy &= !two_away;
        } else {
            enemy &= !(two_away & !ready);
        }
        if left < 3 {
            return enemy & !(beside_traps & !ready);
        }
    }

    // `stronger`: the mover's pieces stronger than `kind`; a piece is kept when one of
    // them is within `left - 1` squares of it. A piece in `ready` has one beside it,
    // within one square, and `left >= 3` here: it is kept without the walk.
    let beside = enemy & beside_traps & !ready;
    if beside.is_empty() {
        return enemy;
    }
    // The kinds from the rabbit up, stopping once every piece of `beside` has been
    // asked ([`walk_kinds`]).
    let mut keep = Bitboard::EMPTY;
    walk_kinds(board, side, beside, |these, stronger| {
        for sq in these {
            if (stronger & Bitboard::within(sq, left - 1)).any() {
                keep = keep.with(sq);
            }
        }
        ControlFlow::<()>::Continue(())
    });

    enemy & !(beside & !keep)
}

/// What stays the same at every node of a query's searches.
#[derive(Clone, Copy)]
struct Ctx {
    /// The side to move.
    side: Color,
    /// The mover's strongest kind at the root (`None`: no piece).
    strongest: Option<PieceKind>,
    /// Whether the fast paths are on ([`trap_counts_keep`] at the root; the direct
    /// answers [`pull_ends_capture`], [`captures_within_two`] and
    /// [`captures_within_three`] with one, two or three steps left and no push
    /// waiting); off, the plain search answers alone.
    fast: bool,
    /// Whether every node of the search with three steps left is known to have no
    /// capture within two steps (so [`captures_within_three`] need not look for one):
    /// set at the root with a limit of three (the root's iterative deepening tried two
    /// first, or its bound is over two; its children have two steps or fewer) and for
    /// the root's search in four (see [`first_steps_of_four`]; there
    /// [`after_the_first_of_four`] narrows the children further).
    none_within_two: bool,
}

/// What the capture search keeps of a position: the core's [`TurnState`] (the board and
/// the state of the turn; the side to move is [`Ctx::side`] at every node). The Zobrist
/// keys and the board the turn started from are not needed: the turn may end once a
/// push is complete, because a turn that captured an enemy piece has one enemy piece
/// fewer than its start board (captured pieces never return), and at least one step.
type Node = TurnState;

/// Depth-first search for a turn of at most `k` more steps during which the enemy piece
/// now on `target` is captured (`None`: captured on the way here); on success `path` holds
/// the steps from the root.
fn capture_search(node: &Node, ctx: &Ctx, target: Option<Square>, k: u8, path: &mut Move) -> bool {
    let Some(sq) = target else {
        // Captured; the turn ends as soon as it may (see `Node`): at once, or after the
        // second step of a push waiting for it (its completions, directly when fast).
        return node.pending_push().is_none()
            || (k > 0 && ctx.fast && push_completion_captures(node, ctx, None, k, path))
            || (k > 0
                && !ctx.fast
                && for_each_step(
                    node,
                    None,
                    &Select::All,
                    Bitboard::FULL,
                    Bitboard::FULL,
                    Bitboard::FULL,
                    |step| expand(node, ctx, None, step, k, path),
                ));
    };

    if !can_capture_in(node, k)
        || (node.pending_push().is_some() && waiting_push_bound(node, ctx, sq) > k)
    {
        return false;
    }

    if ctx.fast && node.pending_push().is_some() {
        return push_completion_captures(node, ctx, Some(sq), k, path);
    }
    if ctx.fast && k == 1 {
        return pull_ends_capture(node, ctx, sq, path);
    }
    if ctx.fast && k == 2 && node.pending_push().is_none() {
        return captures_within_two(node, ctx, sq, None, path);
    }
    if ctx.fast && k == 3 && node.pending_push().is_none() {
        return captures_within_three(node, ctx, sq, None, path);
    }

    let bound = capture_lower_bound(node, ctx, sq, k, None);
    search_bounded(node, ctx, sq, &bound, k, ANY, path)
}

/// A lower bound on the steps to capture the enemy piece on `sq` while a push waits for
/// its second step: the least over the traps near the piece of `2m + 2n + 1`, where `m`
/// is the piece's distance to the trap and `n` counts the other enemy pieces beside the
/// trap or on it. That is what [`capture_lower_bound`] counts for each trap while a
/// push waits (no walk, and no pull: none is available then), without its test for
/// pieces that can never move, so it is at most that bound; it is cheap, and cuts most
/// of the nodes after the first step of a push before the bound is computed.
#[inline]
fn waiting_push_bound(node: &Node, ctx: &Ctx, sq: Square) -> u8 {
    let enemy = node.board().color(!ctx.side);
    let this = Bitboard::from_square(sq);
    let mut best = u8::MAX;
    for &(area, m) in &NEAR_TRAPS[sq.index() as usize] {
        if m == u8::MAX {
            break;
        }
        best = best.min(2 * (m + few(enemy & area & !this)) + 1);
    }
    best
}

/// The direct answer with a push waiting for its second step: whether completing it
/// with one of its pushers leads to a capture of the enemy piece on `target` within `k`
/// steps in all (`None`: it was captured on the way, and the turn needs only the
/// completion, as the plain search's [`capture_search`] asks of [`for_each_step`]); on
/// success `path` holds the steps from the root.
///
/// What the plain search does at such a node, without its bound: with a push waiting,
/// the legal steps are its completions alone ([`for_each_step`]'s first phase, the
/// core's [`TurnState::push_completions`]), and [`search_bounded`] tries them all (its
/// `Select::All` for a push waiting). The bound only cuts nodes where none of them
/// leads to a capture, so skipping it changes no answer. The pushers are the unfrozen
/// pieces of the mover beside the square the pushed piece left: only those are looked
/// at for freezing (the core keeps the stronger ones among them).
#[inline]
fn push_completion_captures(
    node: &Node,
    ctx: &Ctx,
    target: Option<Square>,
    k: u8,
    path: &mut Move,
) -> bool {
    let Some((to, _)) = node.pending_push() else {
        return false;
    };
    let board = node.board();
    let near = board.color(ctx.side) & Bitboard::adjacent(to);
    let free = near & !board.frozen_among(ctx.side, near);
    let Some((_, pushers)) = node.push_completions(free) else {
        return false;
    };
    // Each pusher is beside `to` (`push_completions` takes them from its neighbours).
    pushers
        .iter()
        .map(|p| Step::onto(p, to))
        .any(|step| expand(node, ctx, target, step, k, path))
}

/// The direct answer with one step left and a pull under way (the only way a capture
/// within one step is possible, [`can_capture_in`]): whether ending the pull with one of
/// the [`pullable`](TurnState::pullable) pieces captures the enemy piece on `sq`, each
/// tried by the step itself; on success `path` holds the steps from the root.
///
/// What the plain search does at such a node, without its bound: it tries only the ends
/// of the pull under way ([`search_bounded`] with `k == 1`: one step left, and a capture
/// needs an enemy piece to move, which one step does only by ending a pull; the first
/// step of a push needs a second). The bound only cuts nodes where none of these
/// captures, so skipping it changes no answer, and the ends of the pull are the core's
/// own ([`TurnState::pullable`], as [`TurnState::step_set`] gives them).
#[inline]
fn pull_ends_capture(node: &Node, ctx: &Ctx, sq: Square, path: &mut Move) -> bool {
    let Some((to, _)) = node.pull_source() else {
        return false;
    };
    // Each pullable piece is beside the pull square `to` (`pullable` takes its neighbours).
    node.pullable()
        .iter()
        .map(|p| Step::onto(p, to))
        .any(|step| expand(node, ctx, Some(sq), step, 1, path))
}

/// The direct answer with two steps left and no push waiting: whether a turn of at
/// most two more steps captures the enemy piece on `sq`; on success `path` holds the
/// steps from the root.
///
/// Proof. Only an enemy piece's step captures an enemy piece (a step of the mover
/// changes no enemy piece's friends), and it captures the piece only if, once it is
/// made, the piece stands on a trap with no friend beside it. One step of one enemy
/// piece `q` changes the friends of one square by at most one piece, so:
/// - the piece on a trap is captured only by a step of its only friend beside the trap,
///   to a square not beside it;
/// - a piece off the traps only by its own step onto the trap beside it (a square is
///   beside at most one trap), with no other friend beside that trap or on it (a piece
///   of the mover on it may leave it first: the pull of the piece from there);
/// - a piece farther away not within one enemy step.
///
/// Within two steps an enemy piece moves by the end of the pull under way (one step),
/// by the first step of a push (then completed: two steps), or by the end of a pull the
/// mover's first step begins (a plain step of a piece stronger than `q` from a square
/// beside it; the pull square is the one it left, whatever the square it goes to and
/// even if it is captured there). Any other pair of steps moves no enemy piece or ends
/// with a push waiting. Each of these three is asked for the one piece `q` and the
/// squares its step must end on, by the core's rules, and none is played: the end of
/// the pull under way when `q` is [`pullable`](TurnState::pullable) and the pull square
/// among the ends (then `q`'s one step, into the square just left, is legal and
/// captures the piece, as above); the other two by [`pushed_or_pulled`] (see there). So
/// this finds a capture exactly when the plain search does (any capture within the
/// steps left will do: the root's iterative deepening makes the whole turn a shortest
/// one).
///
/// `frozen`: the mover's frozen pieces at `node` when the caller has them
/// ([`Board::frozen_among`] of every square; the root's), or `None`; only
/// [`pushed_or_pulled`] reads it (see there).
fn captures_within_two(
    node: &Node,
    ctx: &Ctx,
    sq: Square,
    frozen: Option<Bitboard>,
    path: &mut Move,
) -> bool {
    let board = node.board();
    let Some((q, ends)) = capturing_step(board, ctx.side, sq) else {
        return false;
    };
    moved_within_two(node, ctx.side, (q, ends), frozen, path)
}

/// [`captures_within_two`] given what [`capturing_step`] gives at `node` (`q`, `ends`),
/// for a caller that has it: the end of the pull under way, then [`pushed_or_pulled`].
/// [`captures_within_three`] asks it at the child of a plain step of the mover, whose
/// enemy pieces are its own (a step of the mover moves none and captures none), so
/// [`capturing_step`] gives the child the same. `frozen` as for
/// [`captures_within_two`]: the mover's frozen pieces at `node`, or `None`.
#[inline(always)]
fn moved_within_two(
    node: &Node,
    side: Color,
    (q, ends): (Square, Bitboard),
    frozen: Option<Bitboard>,
    path: &mut Move,
) -> bool {
    // The end of the pull under way: `q`'s step onto `ends` captures the piece (see
    // [`captures_within_two`]), so it is not played.
    if let Some((to, _)) = node.pull_source() {
        if ends.contains(to) && node.pullable().contains(q) {
            // `q` is pullable, so beside the pull square `to`. The searches go no deeper
            // than the steps a turn has left: the move has room.
            let _ = path.push(Step::onto(q, to));
            return true;
        }
    }

    // The first step of a push of `q`, then the end of a pull of `q` begun now.
    pushed_or_pulled(node, side, (q, ends), frozen, path)
}

/// For [`captures_within_two`], decided on the bitboards: whether a push or a pull of
/// the enemy piece on `q` onto a square of `ends`, begun now (no push waiting, two steps
/// left at least), captures the piece [`capturing_step`] gave `q` and `ends` for; on
/// success the two steps are pushed onto `path`. A push when an unfrozen piece `h` of the
/// mover stronger than `q` stands beside it and a square of `ends` beside `q` is empty
/// (`q` onto it, `h` into `q`'s square); else a pull when such an `h` stands on a square
/// of `ends` with an empty square `e` beside it (`h` onto `e`, `q` into `h`'s square).
///
/// Proof. What [`captures_within_two`] tried here, by the search, were the first steps
/// of [`first_steps_moving`] with `k` 2: the core's first steps of pushes of `q` by the
/// unfrozen pieces of the mover stronger than `q` beside it ([`TurnState::push_starts`]),
/// onto `ends`, and the core's plain steps of those pieces from `ends`
/// ([`TurnState::simple_steps`]), each searched by [`expand`]. Those first steps are
/// exactly the two shapes above (the push needs such a piece beside `q` and an empty
/// square, and two steps left; the plain step an unfrozen piece onto an empty square, no
/// rabbit here: it is stronger than `q`; a step of `q` into the square of a pull under
/// way is that pull's end, tried before this with the same effect, and with the square
/// in `ends` it captured, see below). Each leads to a capture within two: `q`'s step onto
/// a square of `ends` captures the piece ([`captures_within_two`]'s proof of
/// [`capturing_step`]: off the traps the piece is `q` and steps onto its trap, which no
/// enemy piece stands beside; on a trap `q` is its only friend and steps off the trap's
/// neighbourhood). After the push's first step the pusher `h` is still unfrozen (the
/// mover's pieces are unchanged, an enemy step takes none of them from a trap, and the
/// enemy pieces beside `h` are fewer: `q` went to a square beside its own, not beside
/// `h`'s), so it completes the push ([`TurnState::push_completions`]); after `h`'s plain
/// step a pull is under way from `h`'s square (even if `h` is lost on a trap there:
/// [`TurnState::play_step_unchecked`] records the pull square and kind), which `q`,
/// weaker and beside it, ends. So the search succeeds exactly when one of the two shapes
/// exists, and either is a capture within two steps.
///
/// `frozen`, when given, is the mover's frozen pieces at `node`
/// ([`Board::frozen_among`] of every square; the root passes its own). The unfrozen
/// pieces `h` are then `stronger` less `frozen`: the same set as
/// `frozen_among(side, stronger)` gives, because that function decides each piece of
/// `among` by its own square alone (whether a friend stands beside it, and the enemy
/// pieces beside it), so its answer on `stronger` is its answer on every square, cut to
/// `stronger`. Without it, the set is computed here as before.
#[inline]
fn pushed_or_pulled(
    node: &Node,
    side: Color,
    (q, ends): (Square, Bitboard),
    frozen: Option<Bitboard>,
    path: &mut Move,
) -> bool {
    let board = node.board();
    let Some(stronger) = stronger_than_piece_on(board, side, q) else {
        return false;
    };
    let stronger = Bitboard::adjacent(q) & stronger;
    if stronger.is_empty() {
        return false;
    }
    let frozen = frozen.unwrap_or_else(|| board.frozen_among(side, stronger));
    let free = stronger & !frozen;
    let empty = !board.occupied();
    // `h` (of `free`) and `e` beside `q` for the push; `e` beside `h` for the pull.
    let (first, second) = if let (Some(h), Some(e)) =
        (free.first(), (Bitboard::adjacent(q) & ends & empty).first())
    {
        (Step::onto(q, e), Step::onto(h, q))
    } else if let Some((h, e)) = (free & ends)
        .into_iter()
        .find_map(|h| (Bitboard::adjacent(h) & empty).first().map(|e| (h, e)))
    {
        (Step::onto(h, e), Step::onto(q, h))
    } else {
        return false;
    };
    // The searches go no deeper than the steps a turn has left: the move has room.
    let _ = path.push(first);
    let _ = path.push(second);
    true
}

/// Whether a push or pull of the enemy piece on `q` moving it onto a square of `ends`,
/// begun now, leads to a capture of the enemy piece on `sq` within `k` steps (searched
/// by [`expand`] with limit `k`); on success `path` holds the steps. Its first steps are
/// the piece's own step onto `ends` as the first step of a push, and a plain step from
/// a square of `ends` of a piece beside `q` that it may then follow (a pull): both need
/// an unfrozen piece of the mover stronger than it beside `q`, the only pieces that can
/// push or pull it. They are the core's own steps ([`TurnState::push_starts`] with those
/// pushers, [`TurnState::simple_steps`]), so this tries every such first step. Used by
/// [`first_moves_towards`] (`q` = `sq`, `k` 4); with `k` 2 [`captures_within_two`]
/// decides the same on the bitboards ([`pushed_or_pulled`]).
#[inline(always)]
fn first_steps_moving(
    node: &Node,
    ctx: &Ctx,
    sq: Square,
    q: Square,
    ends: Bitboard,
    k: u8,
    path: &mut Move,
) -> bool {
    let board = node.board();
    let Some(stronger) = stronger_than_piece_on(board, ctx.side, q) else {
        return false;
    };
    let stronger = Bitboard::adjacent(q) & stronger;
    if stronger.is_empty() {
        return false;
    }
    let free = stronger & !board.frozen_among(ctx.side, stronger);
    if free.is_empty() {
        return false;
    }
    // With no pull under way (as in the search in four) `pullable` masks nothing.
    let pushes = node.push_starts(free, Bitboard::from_square(q), node.pullable());
    let pulls = node.simple_steps(free & ends);
    Direction::ALL.iter().enumerate().any(|(i, &dir)| {
        let push = Step::new(q, dir);
        let pushed = pushes[i].any() && push.to().is_some_and(|to| ends.contains(to));
        (pushed && expand(node, ctx, Some(sq), push, k, path))
            || pulls[i]
                .iter()
                .any(|p| expand(node, ctx, Some(sq), Step::new(p, dir), k, path))
    })
}

/// The one enemy piece whose single step may capture the enemy piece on `sq` (of the
/// side not `side`), and the squares that step must end on, as [`captures_within_two`]
/// proves them; `None` when no single step of an enemy piece can capture it. It looks
/// at the enemy pieces only: steps of the mover's pieces leave it as it is.
#[inline]
fn capturing_step(board: &Board, side: Color, sq: Square) -> Option<(Square, Bitboard)> {
    let enemy = board.color(!side);
    if Bitboard::TRAPS.contains(sq) {
        let friends = enemy & Bitboard::adjacent(sq);
        let q = friends.first()?;
        return (friends.count() == 1).then_some((q, !Bitboard::adjacent(sq)));
    }
    let trap = (Bitboard::adjacent(sq) & Bitboard::TRAPS).first()?;
    let others = enemy & Bitboard::adjacent(trap).with(trap) & !Bitboard::from_square(sq);
    others
        .is_empty()
        .then_some((sq, Bitboard::from_square(trap)))
}

/// The direct answer with three steps left and no push waiting: whether a turn of at
/// most three more steps captures the enemy piece on `sq`; on success `path` holds the
/// steps from the root.
///
/// Proof. A capture within two steps is [`captures_within_two`]'s. One in exactly three
/// happens at an enemy piece's step (see there): the first step of a push (completed by
/// the next step), the end of a pull the step before began, or the end of the pull under
/// way (the first step only). At the first step, or at the second as the end of a pull
/// the first began, the capture is within two steps. So it happens at the second step as
/// the first step of a push the third completes, or at the third as the end of a pull
/// the second began (a push begun at the third would need a fourth). Either way the
/// first step `X` is followed by a capture within two steps, and `X` is not the first
/// step of a push (its completion would be the second step, after which no pull is under
/// way and one step captures nothing), nor a completion (no push waits): `X` is the end
/// of the pull under way or a plain step of the mover. Every end of the pull is tried. A
/// plain step of the mover's piece `P` from `a` to `b`, when no capture within two
/// steps exists here, helps only if:
/// - [`capturing_step`] gives a piece `q` (a step of the mover leaves it as it is);
/// - `a` is at most three squares from `q`: else the squares at most two from `q` keep
///   their pieces (`b` is over two squares away, and so is a piece of the mover the
///   step loses on a trap beside `a`), so the pieces beside `q` keep their friends and
///   freezers (a friend lost farther away is no friend of theirs) and the squares they
///   may step to, and the child's pushes and pulls of `q` are this node's, where none
///   captured (a push of `q` into the square of the pull under way here is its end of
///   the pull, tried here when `q` may be pulled; the child's own pull, into `a`, is
///   not a step of `q`, which is not beside `a`);
/// - and [`mover_step_may_capture`] holds.
///
/// Each step admitted is played, and its child (no push waiting, two steps left, the
/// enemy pieces as here) is answered by [`moved_within_two`] with this `q` and `ends`:
/// what [`expand`] and [`capture_search`] would ask there ([`captures_within_two`], whose
/// [`capturing_step`] reads only the enemy pieces).
///
/// `frozen`: the mover's frozen pieces at `node` when the caller has them (the root's,
/// [`Board::frozen_among`] of every square), or `None`; [`StepLook::new`] reads it
/// instead of computing them (see there). Given (at the root), the direct "yes" of
/// [`stepped_then_moved`] is asked after the early refusals and before the steps are
/// tried: a move it gives is a capture in three steps (see there), the fewest here;
/// after its "no", [`only_arrivals_capture`] may decide "no" without the steps (see
/// there).
///
/// The root's call (`frozen` given, [`Ctx::none_within_two`], no pull under way) runs
/// the early refusals ([`three_step_piece`]) inline, in the caller, and calls only
/// [`plain_steps_in_three`]: the same answer, as the two checks it leaves out decide
/// nothing there (the capture within two is not asked, and there is no pull to end).
/// Every other call runs [`captures_within_three_in_full`].
#[inline(always)]
fn captures_within_three(
    node: &Node,
    ctx: &Ctx,
    sq: Square,
    frozen: Option<Bitboard>,
    path: &mut Move,
) -> bool {
    match frozen {
        Some(all) if ctx.none_within_two && node.pull_source().is_none() => {
            let Some(near) = three_step_piece(node.board(), ctx.side, sq) else {
                return false;
            };
            plain_steps_in_three(node, ctx, near, Some(all), path)
        }
        _ => captures_within_three_in_full(node, ctx, sq, frozen, path),
    }
}

/// [`captures_within_three`]'s early refusals with no pull under way: the enemy piece
/// `q` that must step onto one of `ends` ([`capturing_step`]) and the mover's pieces
/// `stronger` than it, when a plain step of the mover may be followed by a capture
/// within two steps; `None` when none may (see [`captures_within_three`]'s proof and
/// [`arrival_may_capture`]'s).
#[inline(always)]
fn three_step_piece(
    board: &Board,
    side: Color,
    sq: Square,
) -> Option<(Square, Bitboard, Bitboard)> {
    let (q, ends) = capturing_step(board, side, sq)?;
    let stronger = stronger_than_piece_on(board, side, q)?;
    // Every step [`mover_step_may_capture`] admits needs a piece of the mover stronger
    // than `q` beside it, or one that arrives there ([`arrival_may_capture`], which also
    // finds no piece of `stronger` two squares from `q` to arrive).
    if (stronger & Bitboard::adjacent(q)).is_empty()
        && !arrival_may_capture(board, side, (q, stronger, ends))
    {
        return None;
    }
    Some((q, stronger, ends))
}

/// [`captures_within_three`] in full: with a capture within two steps asked first
/// (unless [`Ctx::none_within_two`]), the ends of the pull under way, then the early
/// refusals ([`three_step_piece`]) and the plain steps of the mover
/// ([`plain_steps_in_three`]).
fn captures_within_three_in_full(
    node: &Node,
    ctx: &Ctx,
    sq: Square,
    frozen: Option<Bitboard>,
    path: &mut Move,
) -> bool {
    if !ctx.none_within_two && captures_within_two(node, ctx, sq, None, path) {
        return true;
    }

    // The first step ends the pull under way.
    if let Some((to, _)) = node.pull_source() {
        // Each pullable piece is beside the pull square `to`.
        let ends = node.pullable().iter().map(|p| Step::onto(p, to));
        for step in ends {
            if expand(node, ctx, Some(sq), step, 3, path) {
                return true;
            }
        }
    }

    // The first step is a plain step of the mover near the piece `q`.
    let Some(near) = three_step_piece(node.board(), ctx.side, sq) else {
        return false;
    };
    plain_steps_in_three(node, ctx, near, frozen, path)
}

/// [`captures_within_three`] after its early refusals ([`three_step_piece`] gave `q`,
/// `stronger` and `ends`): the direct "yes" rules and the "no" of
/// [`only_arrivals_capture`] when `frozen` is given (at the root), then each plain step
/// of the mover [`mover_step_may_capture`] admits, its child answered by
/// [`moved_within_two`] (see [`captures_within_three`]'s proof).
#[inline(never)]
fn plain_steps_in_three(
    node: &Node,
    ctx: &Ctx,
    (q, stronger, ends): (Square, Bitboard, Bitboard),
    frozen: Option<Bitboard>,
    path: &mut Move,
) -> bool {
    let board = node.board();
    if let Some(all) = frozen {
        if stepped_then_moved(board, ctx.side, (q, stronger, ends), all, path)
            || vacated_then_pushed(board, ctx.side, (q, stronger, ends), all, path)
        {
            return true;
        }
        if only_arrivals_capture(board, ctx.side, (q, stronger, ends)) {
            return false;
        }
    }
    let mut movers = board.color(ctx.side) & Bitboard::within(q, 3);
    if ctx.none_within_two {
        movers &= after_the_first_of_four(path, q);
    }
    let (look, frozen) = StepLook::new(board, ctx.side, (q, stronger, ends), movers, frozen);
    let own = steps_that_may_capture(&look, node.simple_steps(movers & !frozen));
    Direction::ALL.iter().enumerate().any(|(i, &dir)| {
        own[i].iter().any(|p| {
            let step = Step::new(p, dir);
            // The child: no push waiting, two steps left, the piece where it is (what
            // `expand` and `capture_search` would find), answered by
            // `captures_within_two` with this `q` and `ends`.
            let mut child = *node;
            child.play_step_unchecked(step);
            let _ = path.push(step);
            moved_within_two(&child, ctx.side, (q, ends), None, path) || {
                path.pop();
                false
            }
        })
    })
}

/// For [`captures_within_three`] when no piece of `stronger` (the mover's pieces
/// stronger than `q`) stands beside the enemy piece `q` that must step onto one of
/// `ends` ([`capturing_step`]): whether a plain step of the mover may be followed by a
/// capture within two steps. A cheap "no" before [`StepLook`]: it asks for an empty
/// square beside `q` that a piece of `stronger` two squares from `q` may step onto
/// and stay on (`arrive`: a trap only with two pieces of the mover beside it), and a
/// square of `ends` beside `q` that is empty or is a trap holding a piece of the mover
/// with at most one friend beside it (`room`).
///
/// Proof. Let the step move the mover's piece `P` from `a` to `b` (empty here). Its
/// child has no push waiting and the enemy pieces as here, so (see
/// [`mover_step_may_capture`]) a capture within two there is the end of the child's
/// pull, into `a`, or a push or pull of `q` by an unfrozen piece `h` of `stronger`
/// beside `q` there. The end of the pull needs `q` beside `a` and `P` stronger than `q`:
/// `P` would stand beside `q` here, and none does. The mover's pieces in the child are
/// this node's (less any lost on a trap), with `P` on `b`; none of them stood beside
/// `q` here, so `h` is `P` and `b` is beside `q`: `a`, beside `b`, is at most two
/// squares from `q`. If `b` is a trap, `P` stays on it only with a friend beside it in
/// the child: one of the mover's pieces beside `b` here other than `P` (on `a`, beside
/// `b`), none of them lost by the step (a piece lost stands on a trap, and no trap is
/// beside the trap `b`); so two of the mover's pieces stand beside `b` here. (At most
/// one trap is beside `q`: the traps are three squares apart.) So `b` is in `arrive`.
/// Then a push moves `q` onto an empty square
/// of `ends` beside `q` in the child, and a pull needs `h`'s square `b` in `ends` (`b`
/// is empty here). The child's empty squares are this node's, less `b`, with `a` (not
/// beside `q`: `P` would have stood beside it) and a trap where the step lost a piece
/// of the mover, which happens only when `P` was its last friend beside the trap (it
/// had one friend there, `P`): such a square beside `q` and in `ends` is in `room`.
/// So with `arrive` or `room` empty, no step of the mover leads to a capture within two, and
/// [`mover_step_may_capture`] would let through only steps whose children find none.
#[inline(always)]
fn arrival_may_capture(
    board: &Board,
    side: Color,
    (q, stronger, ends): (Square, Bitboard, Bitboard),
) -> bool {
    let near = Bitboard::adjacent(q);
    let empty = !board.occupied();
    let mut arrive = near & empty & (stronger & Bitboard::within(q, 2)).neighbours();
    let mover = board.color(side);
    if let Some(t) = (arrive & Bitboard::TRAPS).first() {
        if few(Bitboard::adjacent(t) & mover) < 2 {
            arrive = arrive.without(t);
        }
    }
    if arrive.is_empty() {
        return false;
    }
    if (near & ends & empty).any() {
        return true;
    }
    (near & ends & Bitboard::TRAPS & mover)
        .into_iter()
        .any(|t| few(Bitboard::adjacent(t) & mover) <= 1)
}

/// For [`captures_within_three`] at the root (`frozen`: the mover's frozen pieces there,
/// [`Board::frozen_among`] of every square), after its early refusals: the direct "yes"
/// of the mover's piece `h` two squares from the enemy piece `q` that must step onto one
/// of `ends` ([`capturing_step`]; `stronger`: the mover's pieces stronger than `q`),
/// stepping to an empty square `b` beside `q`, then moving `q` from there. Two shapes,
/// decided on the bitboards; on success the three steps are added to `path`:
/// - push: `h` to `b`, `q` to an empty square `e` of `ends` beside `q` other than `b`,
///   `h` to `q`'s square;
/// - pull: `b` in `ends`: `h` to `b`, `h` back to its first square, `q` to `b`.
///
/// It asks: `h` in `stronger`, not frozen, beside an empty square beside `q`; `h`
/// unfrozen on `b` with the mover's other pieces where they stand (a friend beside
/// `b`, or no enemy piece stronger than `h` beside it, [`freezes_on`]); and, when `b`
/// is a trap, a piece of the mover beside `b` other than `h`.
///
/// Proof (the rules as [`TurnState::check_step`] and [`TurnState::play_step`] apply
/// them; no push waits here and at least three steps are left, as
/// [`captures_within_three`] is asked).
/// 1. `h`'s step from its square `a` to `b`: `h` is the mover's, not frozen, not a
///    rabbit (it is stronger than `q`), and `b` is empty: legal, a plain step (it ends
///    any pull under way and leaves one from `a`). The one trap it may empty is the
///    one beside `a`: when `b` is that trap, `h` stays on it (a piece of the mover
///    other than `h` stands beside it); else a piece of the mover it may lose stands
///    on that trap, beside `a` like `b`, so not beside `b` (two squares beside one
///    square are never beside each other), and `b` is no trap (no square touches two
///    traps). So after it the mover's pieces beside `b` are the root's but `h`, `h`
///    stands on `b`, and the enemy pieces are the root's (a step of the mover moves
///    and removes none): [`capturing_step`], which reads only the enemy pieces, still
///    gives (`q`, `ends`).
/// 2. `h` is unfrozen on `b` then: a friend beside `b` or no enemy piece stronger than
///    `h` beside it, read with the pieces of step 1 (the mover's pieces but `h`,
///    which beside `b` are those of step 1, then [`freezes_on`] with the enemy's as at
///    the root).
/// 3. Push: `q`'s step onto `e` (empty at the root, not `b`, and not `a`, which held
///    `h`): not the end of a pull (the pull left by step 1 is into `a`), so the first
///    step of a push: `h` on `b`, beside `q`, is stronger and unfrozen (2), and two
///    steps are left. Stepping onto a square of `ends` captures the piece on `sq`
///    ([`capturing_step`]'s proof, the enemy pieces as at the root). Then `h` completes
///    the push into `q`'s emptied square: still unfrozen, as the mover's pieces are
///    those of step 1 (a step of the enemy removes none of them) and the enemy pieces
///    beside `b` are at most those of step 1 (`q` went to `e`, beside `q`'s square
///    like `b`, so not beside `b`; a capture only removes a piece). The push is
///    complete: no push waits.
/// 4. Pull: `h` steps off `b` back to `a` (empty after step 1): unfrozen (2), not a
///    rabbit, a plain step; it leaves a pull from `b` of a piece weaker than `h`. `q`,
///    beside `b` and weaker than `h`, steps into `b`: the end of the pull, legal with
///    no push waiting after it. `b` is in `ends`, so the step
///    captures the piece on `sq` ([`capturing_step`]'s proof: the enemy pieces are the
///    root's).
/// 5. Fewest steps: the root asks [`captures_within_three`] at its limit of three, with
///    no capture within two steps (a smaller limit failed or its bound is over it), so
///    three steps are the fewest. False decides nothing: the search runs.
#[inline(always)]
fn stepped_then_moved(
    board: &Board,
    side: Color,
    (q, stronger, ends): (Square, Bitboard, Bitboard),
    frozen: Bitboard,
    path: &mut Move,
) -> bool {
    let own = board.color(side);
    let empty = !board.occupied();
    let near = Bitboard::adjacent(q) & empty;
    // The squares `q` may be pushed onto, and (as `b`) pulled into.
    let exits = near & ends;
    // `h`: unfrozen, beside a square of `near`.
    let helpers = stronger & !frozen & near.neighbours();
    if exits.is_empty() || helpers.is_empty() {
        return false;
    }
    for h in helpers {
        let others = own.without(h);
        for b in Bitboard::adjacent(h) & near {
            // No friend beside `b`: `h` is lost on a trap `b`, and frozen on `b` when a
            // stronger enemy piece stands beside it.
            if (others & Bitboard::adjacent(b)).is_empty()
                && (Bitboard::TRAPS.contains(b) || freezes_on(board, side, h, b))
            {
                continue;
            }
            let steps = if let Some(e) = exits.without(b).first() {
                [Step::onto(h, b), Step::onto(q, e), Step::onto(b, q)]
            } else if exits.contains(b) {
                [Step::onto(h, b), Step::onto(b, h), Step::onto(q, b)]
            } else {
                continue;
            };
            push_three_steps(path, steps);
            return true;
        }
    }
    false
}

/// Whether an enemy piece stronger than the mover's piece on `h` (of `side`) stands
/// beside `b`: the freezers of `h` on `b` with no friend there (the enemy pieces as
/// they stand; [`stronger_than_piece_on`] read only when some enemy piece is beside
/// `b`).
#[inline(always)]
fn freezes_on(board: &Board, side: Color, h: Square, b: Square) -> bool {
    let enemies = board.color(!side) & Bitboard::adjacent(b);
    enemies.any() && stronger_than_piece_on(board, !side, h).is_some_and(|f| (f & enemies).any())
}

/// For [`captures_within_three`] at the root (`frozen`: the mover's frozen pieces there,
/// [`Board::frozen_among`] of every square), after its early refusals: the direct "yes"
/// when a piece `X` of the mover, not stronger than the enemy piece `q` that must step
/// onto one of `ends` ([`capturing_step`]; `stronger`: the mover's pieces stronger than
/// `q`), stands on a square `x` of `ends` beside `q` (a trap it holds, or a square away
/// from the trap `q` guards): `X` steps off `x` to an empty square `f`, then a piece `h`
/// of `stronger` beside `q` pushes `q` onto `x` and follows into `q`'s square. It asks:
/// `X` and `h` not frozen, and `X` a rabbit only towards a square it may step to. On
/// success the three steps are added to `path`.
///
/// Proof (the rules as [`TurnState::check_step`] and [`TurnState::play_step`] apply
/// them; no push waits here and at least three steps are left, as
/// [`captures_within_three`] is asked). `x` and `h`'s square are both beside `q`, so
/// they are not beside each other.
/// 1. `X`'s step from `x` to the empty `f`: the mover's, not frozen, a rabbit not
///    backwards: legal, a plain step, leaving a pull from `x` by `X`'s kind. It can
///    remove only `X` itself (on `f`, a trap with no friend beside it) or a piece `G`
///    of the mover on a trap `T` beside `x`, not beside `h`: then `x` is no trap (no
///    trap is beside a trap), so it is a square of `ends` away from the trap `sq` that
///    `q` guards, and a `T` beside both `x` and `h`'s square, other than `q`, would
///    stand diagonally beside `q`, at most two ranks and two files from `sq`, while
///    two traps are three ranks or files apart. It moves and removes no enemy piece,
///    so [`capturing_step`] still gives (`q`, `ends`). The mover's pieces beside `h`
///    are the root's (`X`, on `x`, and `G` were not beside `h`; `X` may now be), so
///    `h`, unfrozen at the root, is unfrozen.
/// 2. `q`'s step onto the emptied `x`: not the end of the pull (`q` is not weaker than
///    `X`, which is not stronger than it), so the first step of a push: `h` beside it is
///    stronger and unfrozen, and two steps are left. `x` is in `ends`: the step
///    captures the piece on `sq` ([`capturing_step`]'s proof, the enemy pieces as at the
///    root).
/// 3. `h` completes the push into `q`'s emptied square: still unfrozen (the mover's
///    pieces are those of step 1, and the enemy pieces beside `h` at most those of step
///    1: `q` went to `x`, not beside `h`; a capture only removes a piece). No push waits.
/// 4. Fewest steps: the root asks [`captures_within_three`] at its limit of three, with
///    no capture within two steps, so three steps are the fewest. False decides nothing:
///    the search runs.
#[inline(always)]
fn vacated_then_pushed(
    board: &Board,
    side: Color,
    (q, stronger, ends): (Square, Bitboard, Bitboard),
    frozen: Bitboard,
    path: &mut Move,
) -> bool {
    let own = board.color(side);
    let beside = Bitboard::adjacent(q) & !frozen;
    let holders = beside & ends & own & !stronger;
    let Some(h) = (beside & stronger).first() else {
        return false;
    };
    let empty = !board.occupied();
    let rabbits = board.pieces(PieceKind::Rabbit.of(side));
    for x in holders {
        let mut room = Bitboard::adjacent(x) & empty;
        if rabbits.contains(x) {
            room &= rabbit_steps(side, Bitboard::from_square(x), Towards::From);
        }
        let Some(f) = room.first() else {
            continue;
        };
        push_three_steps(path, [Step::onto(x, f), Step::onto(q, x), Step::onto(h, q)]);
        return true;
    }
    false
}

/// For [`captures_within_three`] after [`stepped_then_moved`] said no (`frozen` given):
/// whether that "no" decides, with no piece of `stronger` (the mover's pieces stronger
/// than the enemy piece `q` that must step onto one of `ends`, [`capturing_step`])
/// beside `q` and no piece of the mover on a trap of `ends` beside `q`. Then no plain
/// step of the mover is followed by a capture within two steps, and the search would
/// find none.
///
/// Proof. As in [`arrival_may_capture`]'s proof (no piece of `stronger` beside `q`),
/// a plain step of the mover followed by a capture within two is a step of a piece
/// `h` of `stronger` from a square `a` (not beside `q`) to an empty square `b` beside
/// `q`, then `q`'s step by `h`: a push onto a square of `ends` beside `q` empty after
/// the step, or a pull into `b` with `b` in `ends` (the child's pull into `a` is no
/// step of `q`, not beside `a`). `h` steps only if unfrozen here and stays on a trap
/// `b` only with a friend beside it other than `h` (see [`stepped_then_moved`]'s proof,
/// step 1), and it pushes or pulls from `b` only if unfrozen there with the pieces
/// after its step, which [`stepped_then_moved`] reads (the same proof, step 2). The
/// squares beside `q` empty after the step are those empty here but `b` (`a` is not
/// beside `q`), and a trap whose piece of the mover the step lost: that trap is beside
/// `q` and in `ends` only with a piece of the mover on a trap of `ends` beside `q`,
/// which this rule leaves to the search. A pull needs an empty square beside `b` for
/// `h` to step to: `a` is one. So every such capture is one [`stepped_then_moved`]
/// tries: it takes every unfrozen `h` of `stronger` beside an empty square beside
/// `q`, every such `b` where `h` stands unfrozen (a trap with a friend beside it), and
/// gives the push onto an empty square of `ends` beside `q` other than `b`, or else the
/// pull with `b` in `ends`. So when it said no, no step of the mover is followed by a
/// capture within two, and (see [`captures_within_three`]) there is no capture in three
/// beyond those within two, which the caller has ruled out or asked first.
#[inline(always)]
fn only_arrivals_capture(
    board: &Board,
    side: Color,
    (q, stronger, ends): (Square, Bitboard, Bitboard),
) -> bool {
    let near = Bitboard::adjacent(q);
    (stronger & near).is_empty() && (near & ends & Bitboard::TRAPS & board.color(side)).is_empty()
}

/// What [`mover_step_may_capture`] reads at a node of [`captures_within_three`] with no
/// capture within two steps, for the enemy piece `q` that must step to one of `ends`
/// ([`capturing_step`]).
struct StepLook {
    /// The mover's pieces stronger than `q`.
    stronger: Bitboard,
    q: Square,
    ends: Bitboard,
    /// The squares beside a frozen piece of `stronger` beside `q`.
    unfreeze: Bitboard,
    /// The squares beside `q` among `ends`, and the squares beside a piece of
    /// `stronger` that stands beside `q` on a square of `ends`.
    room: Bitboard,
}

impl StepLook {
    /// The look for the enemy piece `q` that must step to one of `ends` (`stronger`:
    /// the mover's pieces stronger than it), and the frozen pieces of the mover among
    /// `movers` and the pieces beside `q`.
    ///
    /// `known`: the mover's frozen pieces on `board` when the caller has them
    /// ([`Board::frozen_among`] of every square), or `None`. Given, they are cut to
    /// `movers` and the pieces beside `q`: the same set as computed, because
    /// [`Board::frozen_among`] decides each piece of its `among` by its own square alone
    /// (a friend beside it, the enemy pieces beside it), so its answer on a part of the
    /// board is its answer on every square, cut to that part.
    #[inline]
    fn new(
        board: &Board,
        side: Color,
        (q, stronger, ends): (Square, Bitboard, Bitboard),
        movers: Bitboard,
        known: Option<Bitboard>,
    ) -> (StepLook, Bitboard) {
        let beside = stronger & Bitboard::adjacent(q);
        let frozen = match known {
            Some(all) => all & (movers | beside),
            None => board.frozen_among(side, movers | beside),
        };
        let look = StepLook {
            stronger,
            q,
            ends,
            unfreeze: (beside & frozen).neighbours(),
            room: (Bitboard::adjacent(q) & ends) | (beside & ends).neighbours(),
        };
        (look, frozen)
    }
}

/// In the search in four ([`first_steps_of_four`]), at the child of the root's plain
/// step `X` (the last step of `path`) with the piece `q` from [`capturing_step`]: the
/// squares the mover's next plain step `Y` may start from towards a capture within
/// three (every square when `X` changed a square at most two from `q`).
///
/// Proof. `X` changes the squares of `C`: the one it leaves, the one it enters and a
/// trap beside the one it leaves (where it may lose a piece of the mover). A capture
/// `Y`, then one within two steps at `q` (see [`captures_within_three`]), reads only:
/// what stands at most two squares from `q` (the pieces that push or pull `q`, their
/// freezing, the squares they and `q` step to, the trap); and for `Y` from `a'` to
/// `b'`, the squares at most two from `a'` (`a'`, `b'`, the freezing of its piece, a
/// piece of the mover it may lose on a trap beside `a'` and that trap's other friends,
/// its own piece's friends on `b'` if that is a trap). If `C` meets none of these, the
/// same three steps played at the root are legal and capture the piece, which the root
/// has no capture within three to allow. So with no square of `C` at most two from
/// `q`, `a'` is at most two squares from one of `C`.
#[inline]
fn after_the_first_of_four(path: &Move, q: Square) -> Bitboard {
    // At the root itself (with a limit of three) there is no first step.
    let Some(&x) = path.steps().last() else {
        return Bitboard::FULL;
    };
    let mut changed =
        Bitboard::from_square(x.from) | (Bitboard::TRAPS & Bitboard::adjacent(x.from));
    if let Some(b) = x.to() {
        changed = changed.with(b);
    }
    if (changed & Bitboard::within(q, 2)).any() {
        return Bitboard::FULL;
    }
    let one = changed | changed.neighbours();
    one | one.neighbours()
}

/// Whether a plain step of the mover's piece may be followed by a capture within two
/// steps at the piece's trap, at a node with no capture within two steps (see
/// [`StepLook`] for what it reads).
///
/// Proof. A step of the mover's piece `P` from `a` to `b` moves no enemy piece, captures
/// none (a step of the mover takes no friend from an enemy piece) and leaves no push
/// waiting, so its child is answered by [`captures_within_two`] with this `q` and
/// `ends`: the end of the pull under way (into `a`: it needs `P` stronger than `q`, `q`
/// beside `a`, and `a` among the ends), or a push or pull of `q` begun there by an
/// unfrozen piece `h` of the mover stronger than `q` beside `q`: a push onto an empty
/// square of `ends` beside `q`, or a pull by `h` standing on a square of `ends`, onto
/// an empty square beside `h`. If `h` is `P`, `P` is stronger than `q` and arrived
/// beside `q` (`b`; it was not beside `q` on `a` too, as two squares beside `q` are not
/// beside each other, unless it stayed on `a`, which it left). Else `h` stood there at
/// this node, as strong, and the same push or pull was not a capture within two here
/// (there is none): some condition it needs held in the child and not here. The enemy
/// pieces stand where they stood, so either `h` was frozen here and not in the child
/// (only a friend arriving unfreezes: `b` beside `h`, in `unfreeze`), or the square the
/// push or pull goes to was taken here and is empty in the child (the square `P` left,
/// or a trap beside `a` where a piece of the mover lost `P` as its last friend; it is
/// then in `room`). A step with none of these has no capture within two in its child;
/// nor has one with no such `h` (a piece of `stronger` beside `q` other than `P`).
///
/// The search asks it of all its steps at once ([`steps_that_may_capture`]); the tests
/// ask it step by step.
#[cfg(test)]
fn mover_step_may_capture(look: &StepLook, step: Step) -> bool {
    let (a, near) = (step.from, Bitboard::adjacent(look.q));
    let strong = look.stronger.contains(a);
    let pull_end = strong && near.contains(a) && look.ends.contains(a);
    let arrives = match step.to() {
        Some(b) if strong => near.contains(b),
        _ => false,
    };
    if pull_end || arrives {
        return true;
    }
    if (look.stronger.without(a) & near).is_empty() {
        return false;
    }
    let unfreezes = step.to().is_some_and(|b| look.unfreeze.contains(b));
    let freed = Bitboard::from_square(a) | (Bitboard::TRAPS & Bitboard::adjacent(a));
    unfreezes || (freed & look.room).any()
}

/// [`mover_step_may_capture`] asked of all the steps of `own` at once (for each
/// direction in [`Direction::ALL`] order, the pieces of the mover stepping that way):
/// those it holds for. The same test on the bitboards: a step from `a` to `b` (`a`
/// shifted one square that way) is the end of a pull when `a` is a square of `stronger`
/// beside `q` among `ends`; arrives when `a` is of `stronger` and `b` beside `q`; else
/// needs a piece of `stronger` beside `q` other than on `a` (with two or more there,
/// every `a`; with one, every `a` but its square; with none, no `a`), and `b` on
/// `unfreeze`, or `a` or a trap beside `a` on `room` (`a` on `room`, or beside a trap
/// of `room`).
#[inline]
fn steps_that_may_capture(look: &StepLook, own: [Bitboard; 4]) -> [Bitboard; 4] {
    let near = Bitboard::adjacent(look.q);
    let beside = look.stronger & near;
    let others = match few(beside) {
        0 => Bitboard::EMPTY,
        1 => !beside,
        _ => Bitboard::FULL,
    };
    let pull_end = beside & look.ends;
    let freed = look.room | (Bitboard::TRAPS & look.room).neighbours();
    let mut out = own;
    for (i, &dir) in Direction::ALL.iter().enumerate() {
        let back = dir.opposite();
        let arrives = look.stronger & near.shift(back);
        let helped = others & (look.unfreeze.shift(back) | freed);
        out[i] &= pull_end | arrives | helped;
    }
    out
}

/// Whether a capture within `k` more steps is possible at all: with no step left none
/// is, and with one step left only the end of a pull can capture (see
/// [`search_bounded`]).
#[inline]
fn can_capture_in(node: &Node, k: u8) -> bool {
    !(k == 0 || (k == 1 && node.pull_source().is_none()))
}

/// Which of the legal steps at a node [`for_each_step`] gives.
enum Select {
    /// Every legal step.
    All,
    /// The steps of enemy pieces into the square a pull under way left.
    Pulls,
    /// Every step of an enemy piece, every step of the mover's pieces on `from`, and
    /// the mover's other steps only onto `unfreeze` or onto a square at most `widen`
    /// squares from a piece of `involved` weaker than the stepping piece.
    Narrow {
        from: Bitboard,
        unfreeze: Bitboard,
        involved: Bitboard,
        widen: u8,
    },
}

/// Calls `f` with each legal step at `node` that `select` admits (each once), until it
/// returns `true`; returns whether it did. Legality is the core's, phase by phase
/// ([`TurnState::step_set`] is built of the same phases), in this order: push
/// completions, ends of pulls, the mover's own steps (those of the pieces on `near`
/// first, then the others), first steps of pushes (the order changes only which of the
/// shortest captures a search returns, not whether it finds one: every step admitted is
/// still given, once; the mover's steps before the pushes, and those near the piece to
/// capture before the others, found captures sooner, measured). `frozen`: the mover's
/// frozen pieces ([`Board::frozen`]) when the caller has them. First steps of pushes are
/// given only for the enemy pieces on `pushed`, and ends of pulls only for those on
/// `pulled`.
fn for_each_step(
    node: &Node,
    frozen: Option<Bitboard>,
    select: &Select,
    pushed: Bitboard,
    pulled: Bitboard,
    near: Bitboard,
    mut f: impl FnMut(Step) -> bool,
) -> bool {
    if node.steps_left() == 0 {
        return false;
    }
    let board = node.board();
    let side = node.side_to_move();
    let frozen = frozen.unwrap_or_else(|| board.frozen_among(side, Bitboard::FULL));
    let free = board.color(side) & !frozen;

    // A push waiting for its second step: only its completions.
    if let Some((sq, pushers)) = node.push_completions(free) {
        // Each pusher is beside `sq` (`push_completions` takes them from its neighbours).
        return pushers.iter().map(|p| Step::onto(p, sq)).any(&mut f);
    }

    // Ends of a pull under way.
    let pulled = node.pullable() & pulled;
    if let Some((sq, _)) = node.pull_source() {
        for p in pulled {
            // `p` is pullable, so beside the pull square `sq`.
            if f(Step::onto(p, sq)) {
                return true;
            }
        }
    }
    if let Select::Pulls = select {
        return false;
    }

    // The mover's own steps that `select` admits, those from `near` first.
    let sources = own_step_sources(board, free, select);
    let own = node.simple_steps(free);
    for part in [near, !near] {
        for (i, &dir) in Direction::ALL.iter().enumerate() {
            for sq in sources[i] & own[i] & part {
                if f(Step::new(sq, dir)) {
                    return true;
                }
            }
        }
    }

    // First steps of pushes.
    let pushes = node.push_starts(free, board.color(!side) & pushed, pulled);
    for (i, &dir) in Direction::ALL.iter().enumerate() {
        for sq in pushes[i] {
            if f(Step::new(sq, dir)) {
                return true;
            }
        }
    }
    false
}

/// For each direction (in [`Direction::ALL`] order), the pieces of the mover that
/// `select` admits to step that way (the caller keeps the legal ones among them).
///
/// [`Select::Narrow`] admits the pieces on `from` and, of the other unfrozen pieces of
/// the mover (`free`), those landing on `unfreeze` or within `widen` squares of an
/// involved piece weaker than themselves, found a kind at a time from the weakest
/// (`weaker` holds the involved pieces weaker than `kind`; all involved pieces are enemy
/// pieces).
#[inline(always)]
fn own_step_sources(board: &Board, free: Bitboard, select: &Select) -> [Bitboard; 4] {
    let Select::Narrow {
        from,
        unfreeze,
        involved,
        widen,
    } = *select
    else {
        return [Bitboard::FULL; 4];
    };

    let mut sources = [from; 4];
    let rest = if (involved | unfreeze).any() {
        free & !from
    } else {
        Bitboard::EMPTY
    };

    let mut weaker = Bitboard::EMPTY;
    for &kind in &PieceKind::ALL {
        let pieces = rest & board.kind(kind);
        if pieces.any() {
            let mut reach = weaker;
            for _ in 0..widen {
                reach |= reach.neighbours();
            }
            let landing = reach | unfreeze;
            for (i, &dir) in Direction::ALL.iter().enumerate() {
                sources[i] |= pieces & landing.shift(dir.opposite());
            }
        }
        weaker |= involved & board.kind(kind);
    }

    sources
}

/// [`capture_search`] for the enemy piece now on `sq`, given the capture bound at this
/// node (as [`capture_lower_bound`] gives it with a limit of at least `k`), and `k` for
/// which [`can_capture_in`] holds. The steps tried are those that may still lead to the
/// capture within `k`: [`pushes_that_may_help`] and, when the bound leaves no slack,
/// [`steps_past_a_far_walk`], [`steps_that_lower_the_bound`] and [`pulls_that_may_help`].
fn search_bounded(
    node: &Node,
    ctx: &Ctx,
    sq: Square,
    bound: &CaptureBound,
    k: u8,
    admit: Option<Admit>,
    path: &mut Move,
) -> bool {
    let side = ctx.side;
    if bound.steps > k {
        return false;
    }
    let board = node.board();
    let try_step =
        |step| admits(admit, board, side, step) && expand(node, ctx, Some(sq), step, k, path);
    let pushed = pushes_that_may_help(node, ctx, sq, k) & admit.map_or(Bitboard::FULL, |a| a.enemy);
    // The mover's steps tried first: from the piece's square, the traps near it and the
    // squares beside them, or one square farther (the order only, see `for_each_step`).
    let near = NEAR_AREA[sq.index() as usize];
    let near = near | near.neighbours();

    // One step left, or slack in the bound, or a push to complete: every legal step of
    // the kind that can still matter.
    if k == 1 {
        // One step left: only an enemy piece's move captures an enemy piece, and with one
        // step that is the end of a pull (a push needs two; a push waiting for its second
        // step completes with a step of the mover, which captures none); without a pull
        // under way this node returned above.
        let pulls = &Select::Pulls;
        return for_each_step(
            node,
            bound.frozen,
            pulls,
            pushed,
            Bitboard::FULL,
            near,
            try_step,
        );
    }
    if bound.steps < k || node.pending_push().is_some() {
        let all = &Select::All;
        return for_each_step(
            node,
            bound.frozen,
            all,
            pushed,
            Bitboard::FULL,
            near,
            try_step,
        );
    }

    // No slack: the next step must lower the bound.
    let frozen = bound
        .frozen
        .unwrap_or_else(|| node.board().frozen_among(side, Bitboard::FULL));
    if bound.far {
        let select = steps_past_a_far_walk(node.board(), side, bound, frozen, k);
        return for_each_step(
            node,
            Some(frozen),
            &select,
            pushed,
            Bitboard::FULL,
            near,
            try_step,
        );
    }
    let select = steps_that_lower_the_bound(node.board(), side, bound, frozen);
    let pulled = pulls_that_may_help(bound, sq);
    for_each_step(node, Some(frozen), &select, pushed, pulled, near, try_step)
}

/// Which steps the search tries at a node with no push waiting and no pull under way:
/// the steps of the enemy pieces (first steps of pushes) on `enemy` (the search
/// narrows its `pushed` with it); and of the
/// mover's (plain) steps, those from `from`, those onto `to`, and those of a piece
/// stronger than an enemy piece of `pulls` beside it (`None`: every step).
#[derive(Clone, Copy)]
struct Admit {
    enemy: Bitboard,
    from: Bitboard,
    to: Bitboard,
    pulls: Bitboard,
}

/// Every step.
const ANY: Option<Admit> = None;

/// Whether `admit` lets the search try `step` at a node with `board`, `side` to move.
#[inline(always)]
fn admits(admit: Option<Admit>, board: &Board, side: Color, step: Step) -> bool {
    let Some(a) = admit else {
        return true;
    };
    let from = step.from;
    if !board.color(side).contains(from) || a.from.contains(from) {
        return true;
    }
    if step.to().is_some_and(|b| a.to.contains(b)) {
        return true;
    }
    let near = Bitboard::adjacent(from) & a.pulls;
    near.any()
        && board
            .kind_at(from)
            .is_some_and(|k| (near & !stronger_or_equal(board, k)).any())
}

/// The root's search in four when [`four_step_traps`] narrows the first move of the
/// enemy piece on `sq` to `onto` (no capture within three, no push waiting, no pull under
/// way; `ctx` with [`Ctx::none_within_two`]): whether one of the first steps of that move
/// leads to a capture within four; on success `path` holds the steps.
///
/// Proof. Every capture in four begins with that move ([`four_step_traps`]), so with its
/// first step: the piece's own step onto `onto` as the first step of a push (legal when
/// an unfrozen piece of the mover stronger than it stands beside it), or a plain step of
/// such a piece from a square of `onto`, which the piece may then follow (a pull). These
/// are the core's own steps ([`TurnState::push_starts`] with those pushers,
/// [`TurnState::simple_steps`]), and each child is searched in full by [`expand`]; the
/// root's bound and its step selection, skipped here, only cut steps that lead to no
/// capture. So this succeeds exactly when the search in four does. The direct "yes" of
/// [`moved_twice_past_a_lone_guard`] is asked first: a move it gives is a capture in
/// four steps (see there), so true is the search's answer, with a move of the length
/// the search would give; its false decides nothing.
///
/// Out of line: a cost choice of the root's code generation (the root's instructions
/// fell with it, 666.7 to 665.3 a query on the archive, 1,008.3 to 1,005.0 on the
/// endgames); no answer depends on it.
#[inline(never)]
fn first_moves_towards(
    node: &Node,
    ctx: &Ctx,
    sq: Square,
    onto: Bitboard,
    path: &mut Move,
) -> bool {
    moved_twice_past_a_lone_guard(node.board(), ctx.side, sq, onto, path)
        || moved_twice_through_the_trap(node.board(), ctx.side, sq, onto, path)
        || first_steps_moving(node, ctx, sq, sq, onto, 4, path)
}

/// For the root's search in four, after [`alone_moved_twice`]: the squares `o` of `onto`
/// (kept by it: `p`, the enemy piece on `sq`, moves onto `o` and then onto the
/// trap `t` beside `o`, the four steps of a capture in four) where the second move may
/// have a helper: a piece of the mover stronger than `p` stands beside `o` now, or the
/// piece `h` that makes the first move may stand, after it, beside `o`, alive and
/// unfrozen. `frozen`: the mover's frozen pieces.
///
/// Proof. The four steps are `p`'s two moves and nothing else moves but the pieces a step
/// captures on a trap ([`alone_moved_twice`]). The second move, a push or a pull of `p`
/// from `o`, needs a piece of the mover stronger than `p` beside `o` after the first
/// move, alive there and unfrozen. With none beside `o` now, that can only be `h` (the
/// only piece of the mover that moves first; `h` is never beside `o` now: on `o` for a
/// pull, beside `sq`, which is beside `o`, for a push). With `o` empty the first move is
/// a push by a piece beside `sq` (unfrozen, stronger than `p`), which ends on `sq`, not
/// a trap (every trap is three squares or more from another, and `t` is two squares from
/// `sq`); it stands frozen there when the mover's only piece beside `sq` is `h` itself
/// (then `h` is the one such piece) and an enemy piece stronger than `h` stands beside
/// `sq` off the traps (no such piece is captured by the move: a capture of an enemy piece
/// happens only on a trap). With `o` holding a piece of the mover the first move is its
/// pull: `h` on `o` steps onto an empty square `e` beside `o` and `p` follows into `o`.
/// On `e = t`, `h` is lost when no other piece of the mover stands beside `t` (the
/// square `o` then holds `p`); elsewhere `e` is no trap (`t` is the only trap beside
/// `o`), and `h` stands frozen there when no other piece of the mover stands beside `e`
/// and an enemy piece stronger than `h` stands beside `e` off the traps. In each case
/// counted here as stopping `h`, no step of the move can help it (the move's steps are
/// `h`'s and `p`'s, and `p` is weaker), so no capture in four moves `p` onto `o`, and
/// [`first_moves_towards`]' proof holds with the squares kept here; with none kept there
/// is no capture in exactly four.
///
/// The pull's test is a plain loop: written with iterator adapters and a closure, it
/// made the root copy its answer out (a 232-byte `memcpy`, round 39 in
/// docs/tactics.md); a cost choice, the same answer.
#[inline]
fn second_move_helped(
    board: &Board,
    side: Color,
    sq: Square,
    onto: Bitboard,
    frozen: Bitboard,
) -> Bitboard {
    if onto.is_empty() {
        return onto;
    }
    let Some(stronger) = stronger_than_piece_on(board, side, sq) else {
        return Bitboard::EMPTY;
    };
    let mine = board.color(side);
    let empty = !board.occupied();
    let freezers = board.color(!side) & !Bitboard::TRAPS;
    // Whether `h`, standing on `at` after the first move with `others` the mover's other
    // pieces beside it, stands frozen there.
    let stuck = |h: Square, at: Square, others: Bitboard| {
        others.is_empty()
            && stronger_than_piece_on(board, !side, h)
                .is_some_and(|s| (s & freezers & Bitboard::adjacent(at)).any())
    };
    let mut keep = Bitboard::EMPTY;
    for o in onto {
        if (Bitboard::adjacent(o) & stronger).any() {
            keep = keep.with(o);
            continue;
        }
        let helped = if empty.contains(o) {
            let movers = Bitboard::adjacent(sq) & stronger & !frozen;
            let beside = mine & Bitboard::adjacent(sq);
            movers.into_iter().any(|h| !stuck(h, sq, beside.without(h)))
        } else {
            // A pull: `h` stands on `o`; the enemy pieces stronger than it, off the traps.
            let freezing =
                stronger_than_piece_on(board, !side, o).map_or(Bitboard::EMPTY, |s| s & freezers);
            let mut any = false;
            for e in Bitboard::adjacent(o) & empty {
                let others = (mine & Bitboard::adjacent(e)).without(o);
                if others.any()
                    || (!Bitboard::TRAPS.contains(e)
                        && (freezing & Bitboard::adjacent(e)).is_empty())
                {
                    any = true;
                    break;
                }
            }
            any
        };
        if helped {
            keep = keep.with(o);
        }
    }
    keep
}

/// The root's direct "yes" in four, tried before its search in four (four steps left,
/// no push waiting, no pull under way): the common shapes where one enemy piece must
/// move one square, after two steps that bring a stronger piece `h` of the mover, ready
/// to move it, onto a square `s` beside it (not the trap). At an empty trap beside the
/// piece on `sq` with no other enemy piece beside it, that piece is pushed onto the
/// trap; with the piece on a trap and exactly one other enemy piece beside it, that one
/// is pushed or pulled away. The two steps are those of [`preparations`] (a walk of
/// `h` from two squares away, through an empty square, onto an empty `s`); then `h`
/// pushes the piece (the piece first, `h` into its square) or, away from the trap, pulls
/// it (`h` off `s`, the piece into `s`), each decided on the bitboards by
/// [`walked_finish`].
///
/// Proof. It returns true only with `path` the four steps [`walked_finish`] gives,
/// which by its proof are legal from `node`, leave no push waiting (a complete turn,
/// see [`Node`]) and capture the piece on `sq`. The root asks it only at its limit of
/// four, after every smaller limit failed or its bound ruled them out (see
/// [`search_at`]), so four steps are the fewest and `path` is a shortest turn, of
/// the length the search would give. False decides nothing: the search runs (so the
/// shapes tried may be any; these are the common ones that pay). The root skips it when
/// [`four_step_traps`] narrows the first move: every trap it keeps is then two squares
/// from the piece, and at the others it has proved no capture in four.
/// When the bound counts a walk of two squares or more the root asks it before that
/// filter instead, after [`walk_may_reach`]; the moves it gives are the same.
///
/// `frozen`: the mover's frozen pieces when the caller has them ([`Board::frozen_among`]
/// of every square), else `None`. With them, the frozen pieces are not walked, and
/// [`walked_finish`] reads `h`'s freezing from them instead of [`Board::is_frozen`]: the
/// same answer and the same move, as [`walked_finish`] rejects every walk of a frozen `h`
/// (its first test) and [`preparations`] stops at the first walk it accepts, so taking
/// out walks it rejects changes neither which walk that is nor its steps.
fn walk_then_move(
    node: &Node,
    side: Color,
    sq: Square,
    frozen: Option<Bitboard>,
    path: &mut Move,
) -> bool {
    let board = node.board();
    let enemy = board.color(!side);
    let empty = !board.occupied();
    for &(area, m) in &NEAR_TRAPS[sq.index() as usize] {
        let Some(moved) = walked_target(enemy, empty, sq, (area, m)) else {
            continue;
        };
        let (Some(trap), Some(stronger)) = (
            (area & Bitboard::TRAPS).first(),
            stronger_than_piece_on(board, side, moved),
        ) else {
            continue;
        };
        let helpers = stronger & !frozen.unwrap_or(Bitboard::EMPTY);
        for s in Bitboard::adjacent(moved).without(trap) & empty {
            let found = preparations(board, helpers, s, |prep| {
                let steps = walked_finish(board, side, (sq, moved, trap), (prep, s), frozen);
                let found = steps.and_then(|steps| Move::from_steps(&steps));
                *path = found.unwrap_or(*path);
                found.is_some()
            });
            if found {
                return true;
            }
        }
    }
    false
}

/// The enemy piece that [`walk_then_move`] and [`walk_may_reach`] would move onto the trap
/// of `area` (`m` squares from the enemy piece on `sq`, [`NEAR_TRAPS`]): the piece on
/// `sq` itself when `m = 1`, the trap empty and no other enemy piece on the area; the one
/// other enemy piece on the area when `m = 0`; none otherwise (then the walk's shapes do
/// not apply at this trap).
#[inline(always)]
fn walked_target(
    enemy: Bitboard,
    empty: Bitboard,
    sq: Square,
    (area, m): (Bitboard, u8),
) -> Option<Square> {
    let others = enemy & area & !Bitboard::from_square(sq);
    match (m, others.first()) {
        (1, None) if (area & Bitboard::TRAPS & empty).any() => Some(sq),
        (0, Some(y)) if few(others) == 1 => Some(y),
        _ => None,
    }
}

/// A "no" for [`walk_then_move`] on the bitboards: false only when it gives no move for
/// the enemy piece on `sq` (`frozen`: the root's cache of the mover's frozen pieces,
/// [`Board::frozen_among`] of every square, or nothing). The root asks it before each
/// call of [`walk_then_move`].
///
/// Proof. [`walk_then_move`] gives a move only at a trap `m <= 1` squares from the
/// piece in one of its two shapes: `m = 1`, the trap empty and no other enemy piece on
/// it or beside it, the piece itself to move; or `m = 0`, exactly one other enemy piece
/// beside the trap, that one to move (`moved`). Then [`preparations`] gives a walk of a
/// piece `h` of the mover from two squares away from an empty square `s` beside `moved`
/// (not the trap), through an empty square beside both, and [`walked_finish`] accepts
/// it only with `h` unfrozen now; `h` is stronger than the piece on `moved`, so no
/// rabbit. So `h` stands beside an empty square beside such an `s`: in `reach` below,
/// with `squares` the empty squares beside `moved` but the trap (the only trap beside
/// `moved`: the traps are three squares apart or more, so no square is beside two).
/// With no cache no piece is taken out as frozen, which keeps more: still a "no" only
/// where there is no move.
#[inline(always)]
fn walk_may_reach(board: &Board, side: Color, sq: Square, frozen: Option<Bitboard>) -> bool {
    let enemy = board.color(!side);
    let empty = !board.occupied();
    let free =
        board.color(side) & !board.kind(PieceKind::Rabbit) & !frozen.unwrap_or(Bitboard::EMPTY);
    for &(area, m) in &NEAR_TRAPS[sq.index() as usize] {
        let Some(moved) = walked_target(enemy, empty, sq, (area, m)) else {
            continue;
        };
        let squares = Bitboard::adjacent(moved) & empty & !Bitboard::TRAPS;
        let reach = (squares.neighbours() & empty).neighbours();
        if (free & reach).any() {
            return true;
        }
    }
    false
}

/// The root's direct "yes" in four after [`walk_then_move`] (four steps left, no push
/// waiting, no pull under way; `frozen`: the mover's frozen pieces, when the caller has
/// them): a push of another enemy piece `y` out of the way, then a capture within the
/// two steps left that [`captures_within_two`] finds. `y` is an
/// enemy piece other than the piece on `sq` that stands, for the trap `t` on or beside
/// which that piece stands, beside `t` or on it, or beside the piece, or beside an
/// enemy piece standing there: a friend guarding `t`, or a blocker of the square a
/// helper needs beside the piece or beside a guard (the pusher lands on `y`'s square).
/// Which pieces are tried changes only the cost: each answer proves itself. On success
/// `path` holds the four steps.
///
/// Proof. It returns true only with `path` four steps: `y`'s step onto an empty square,
/// one of the first steps of pushes [`TurnState::push_starts`] gives at `node` (legal:
/// an unfrozen piece of the mover stronger than `y` beside it, four steps left), played
/// by [`TurnState::play_step_unchecked`]; the completion of that push by a piece of
/// [`TurnState::push_completions`] at the child, given the root's unfrozen pieces, and
/// played. Those pieces (beside `y`'s square, stronger than `y`) are still unfrozen at
/// the child: an enemy step captures no piece of the mover, so their friends are the
/// same, and the enemy pieces beside them are the same but `y`, gone to a square beside
/// its own, which is not beside theirs (two squares beside one square are never beside
/// each other), and perhaps an enemy piece captured by the step on a trap beside `y`'s
/// square (not beside theirs either). So such a piece is unfrozen at the child exactly
/// when it was at the root: these are the completions the core allows there. Then the
/// two steps [`captures_within_two`] gives at that node (two steps left, no push
/// waiting: a completed push leaves none and begins no pull), which by its proof are
/// legal from there, capture the piece on `sq` and leave no push waiting. The piece is
/// still on `sq` there (the push moves `y` and a piece of the mover only, and a
/// capture of the piece within two steps would be a capture within three, which the
/// root has ruled out, see below; the code asks it anyway and skips the node
/// otherwise). So the four steps are a legal turn capturing the piece. The root asks
/// this only at its limit of four, after every smaller limit failed or its bound ruled
/// them out (see [`search_at`]), so four steps are the fewest and `path` is a shortest
/// turn. False decides nothing: the search runs. (Kept out of line: inlined into the
/// root, the query cost more instructions on both sets of positions.)
#[inline(never)]
fn pushed_away_then_two(
    node: &Node,
    ctx: &Ctx,
    sq: Square,
    frozen: Option<Bitboard>,
    path: &mut Move,
) -> bool {
    let board = node.board();
    let side = ctx.side;
    let enemy = board.color(!side);
    let Some(&(area, _)) = NEAR_TRAPS[sq.index() as usize]
        .iter()
        .find(|&&(_, m)| m <= 1)
    else {
        return false;
    };
    let near = enemy & (area | Bitboard::adjacent(sq));
    let moved = enemy & (near | near.neighbours()) & !Bitboard::from_square(sq);
    if moved.is_empty() {
        return false;
    }
    let frozen = frozen.unwrap_or_else(|| board.frozen_among(side, Bitboard::FULL));
    let free = board.color(side) & !frozen;
    let pushes = node.push_starts(free, moved, Bitboard::EMPTY);
    for (i, &dir) in Direction::ALL.iter().enumerate() {
        for y in pushes[i] {
            let first = Step::new(y, dir);
            let mut child = *node;
            child.play_step_unchecked(first);
            // The root's unfrozen pieces beside `y` are still unfrozen (see above).
            let Some((_, pushers)) = child.push_completions(free) else {
                continue;
            };
            for p in pushers {
                // `p` completes the push into `y`, so it stands beside `y`.
                let second = Step::onto(p, y);
                let mut grand = child;
                grand.play_step_unchecked(second);
                if !grand.board().color(!side).contains(sq) {
                    continue;
                }
                let mut found = Move::EMPTY;
                let _ = found.push(first);
                let _ = found.push(second);
                if captures_within_two(&grand, ctx, sq, None, &mut found) {
                    *path = found;
                    return true;
                }
            }
        }
    }
    false
}

/// The root's direct "yes" in four after [`pushed_away_then_two`] (four steps left, no
/// push waiting, no pull under way; `frozen`: the mover's frozen pieces, when the root
/// has them): two plain steps of the mover that bring a piece of the mover stronger
/// than the enemy piece `q` that [`capturing_step`] gives onto a square beside `q`,
/// then the push or pull of `q` that [`moved_within_two`] finds. The second step is
/// the step of such a piece from two squares away from `q` onto a square beside it;
/// the first a step from a square beside `q` (making room: the trap, or the square to
/// arrive on), a step of such a piece from three squares away to two (a walk), or a
/// step onto an empty square that readies the second: beside such a piece two squares
/// away that is frozen now (a friend arriving frees it), or beside a trap beside `q`
/// (a friend there keeps the arriving piece alive on the trap); with no square of
/// `ends` beside `q` empty, only a step from one of them. Which steps are tried changes
/// only the cost: each answer proves itself. On success `path` holds the four steps.
///
/// Proof. It returns true only with `path` four steps: a plain step of the mover among
/// those [`TurnState::simple_steps`] gives at `node` for the root's unfrozen pieces
/// (no push waits and no pull is under way: these are the legal plain steps), played
/// by [`TurnState::play_step_unchecked`]; a plain step among those the core gives at
/// that child for the child's unfrozen pieces ([`Board::frozen_among`] there; a plain
/// step leaves no push waiting, and with a pull under way the mover may still step
/// instead), played; then the steps [`moved_within_two`] gives at that node (two steps
/// left, no push waiting), which by [`captures_within_two`]'s proof are legal from
/// there and capture the piece on `sq`. The mover's plain steps move no enemy piece and
/// capture none, so the piece is still on `sq` there and [`capturing_step`] gives the
/// same `q` and `ends` (it reads the enemy pieces only). So the four steps are a legal
/// turn capturing the piece. The root asks this only at its limit of four, after every
/// smaller limit failed or its bound ruled them out (see [`search_at`]), so four steps
/// are the fewest and `path` is a shortest turn. False decides nothing: the search
/// runs.
#[inline(always)]
fn arrived_then_two(
    node: &Node,
    side: Color,
    sq: Square,
    frozen: Option<Bitboard>,
    path: &mut Move,
) -> bool {
    let board = node.board();
    let Some((q, ends)) = capturing_step(board, side, sq) else {
        return false;
    };
    let Some(stronger) = stronger_than_piece_on(board, side, q) else {
        return false;
    };
    let beside = Bitboard::adjacent(q);
    let two = Bitboard::within(q, 2) & !Bitboard::within(q, 1);
    let three = Bitboard::within(q, 3) & !Bitboard::within(q, 2);
    let arrivers = stronger & two;
    let walkers = stronger & three;
    if (arrivers | walkers).is_empty() {
        return false;
    }
    let frozen = frozen.unwrap_or_else(|| board.frozen_among(side, Bitboard::FULL));
    let free = board.color(side) & !frozen;
    // The last two steps move `q` onto a square of `ends` beside it: a push into it, or
    // a pull by a piece standing on it. The push, and the pull by the arriving piece,
    // need one empty at the child; with none empty now, only the first steps that empty
    // one are tried (a cost choice: a pull by a piece already there is left to the
    // search).
    let room = beside & ends;
    let open = (room & !board.occupied()).any();
    // The empty squares where a first step readies the second: beside a frozen piece
    // that may arrive (a friend frees it), or beside a trap beside `q` (a friend there
    // guards the piece arriving on the trap).
    let readying =
        ((arrivers & frozen) | (beside & Bitboard::TRAPS)).neighbours() & !board.occupied();
    let firsts = node.simple_steps(free);
    for (i, &dir) in Direction::ALL.iter().enumerate() {
        let back = dir.opposite();
        let from = if open {
            firsts[i] & (beside | (walkers & two.shift(back)) | readying.shift(back))
        } else {
            firsts[i] & room
        };
        for a in from {
            let first = Step::new(a, dir);
            let mut child = *node;
            child.play_step_unchecked(first);
            let cboard = child.board();
            // The pieces stronger than `q` at the child: the root's, the stepping one
            // moved, less any the step lost on a trap.
            let moved = match first.to() {
                Some(b) if stronger.contains(a) => stronger.without(a).with(b),
                _ => stronger,
            };
            let movers = moved & cboard.color(side) & two;
            if movers.is_empty() {
                // No piece to take the second step: nothing to try at this child.
                continue;
            }
            let free = movers & !cboard.frozen_among(side, movers);
            let seconds = child.simple_steps(free);
            for (j, &dir2) in Direction::ALL.iter().enumerate() {
                for h in seconds[j] & beside.shift(dir2.opposite()) {
                    let second = Step::new(h, dir2);
                    let mut grand = child;
                    grand.play_step_unchecked(second);
                    let mut found = Move::EMPTY;
                    let _ = found.push(first);
                    let _ = found.push(second);
                    if moved_within_two(&grand, side, (q, ends), None, &mut found) {
                        *path = found;
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// For [`walk_then_move`]: calls `try_prep` with the walks of two steps that bring a
/// piece of `helpers` onto the empty square `s` (from two squares away, through an
/// empty square), until it returns true; whether one did. [`walked_finish`]'s proof
/// reads exactly that: the helper two squares from the empty `s`, the square between
/// empty and beside both. (Two more kinds were
/// tried and did not pay, measured: a frozen helper beside `s` freed by a friend's
/// step, and a piece of the mover on `s` stepping off for a helper beside it.)
fn preparations(
    board: &Board,
    helpers: Bitboard,
    s: Square,
    mut try_prep: impl FnMut([Step; 2]) -> bool,
) -> bool {
    let empty = !board.occupied();
    if !empty.contains(s) {
        return false;
    }
    let far = helpers & Bitboard::within(s, 2) & !Bitboard::within(s, 1);
    for h in far {
        for mid in Bitboard::adjacent(h) & Bitboard::adjacent(s) & empty {
            // `mid` is beside both `h` and `s`.
            if try_prep([Step::onto(h, mid), Step::onto(mid, s)]) {
                return true;
            }
        }
    }
    false
}

/// For [`walk_then_move`], decided on the bitboards: the four steps of the walk `prep`
/// of the helper `h` (from two squares away, through an empty square `mid`, onto the
/// empty `s` beside the enemy piece on `moved`), then its push or pull of that piece:
/// onto the empty `trap` when `moved` is `sq` (no other enemy piece beside or on the
/// trap), else (the piece on `sq` on the trap, its one friend on `moved`) a push to an
/// empty square beside `moved`, or a pull (`h` to an empty square beside `s`, not a
/// trap). Asked only when `mid` is no trap, no piece of the mover stands on a trap
/// beside `h` or `mid` (the walk loses none), `h` is unfrozen now, on `mid` (a piece of
/// the mover beside it other than `h`, or no enemy piece stronger than `h` beside it)
/// and on `s` (the same, `h`'s other squares not being beside `s`). Whether `h` is
/// frozen now is read from `frozen` (the mover's frozen pieces) when given: the same
/// set as [`Board::is_frozen`] asked of each of its pieces.
///
/// Proof (the rules as [`TurnState::check_step`] and [`TurnState::play_step`] apply
/// them; `h` is stronger than the moved piece, so no rabbit). No enemy piece moves or is
/// lost in the walk and no piece of the mover is lost (no mover's piece on a trap beside
/// the squares `h` leaves, and `h` enters no trap), so `h`'s own two steps are legal by
/// the freezing conditions, and on `s` it stays unfrozen while the enemy pieces only
/// leave. The third step, the enemy piece's onto an empty square, is the first step of
/// a push by `h` beside it (two steps left), or, onto `mid`, the end of `h`'s pull from
/// `mid` (`h` is stronger): legal either way, and the fourth, `h` into the emptied
/// square, is then the push's completion or a plain step, legal as `h` is unfrozen. In
/// the pull, `h` steps off `s` onto an empty square (unfrozen, two steps left), and the
/// piece follows into `s`, weaker than `h`. The piece on `sq` is captured: pushed onto
/// the trap with no piece of its colour beside it; or on the trap, when its one friend
/// leaves `moved` (the squares beside `moved` other than the trap are not beside the
/// trap). No push waits after the fourth step.
fn walked_finish(
    board: &Board,
    side: Color,
    (sq, moved, trap): (Square, Square, Square),
    ([first, second], s): ([Step; 2], Square),
    frozen: Option<Bitboard>,
) -> Option<[Step; 4]> {
    let (h, mid) = (first.from, second.from);
    let own = board.color(side);
    let losses = own & Bitboard::TRAPS & (Bitboard::adjacent(h) | Bitboard::adjacent(mid));
    let h_frozen = frozen.map_or_else(|| board.is_frozen(h), |f| f.contains(h));
    if Bitboard::TRAPS.contains(mid) || losses.any() || h_frozen {
        return None;
    }
    // `h` is not beside `s`, so its friends there are the same without it.
    let unfrozen = unfrozen_squares_of(board, side, h, own.without(h))?;
    if !unfrozen.contains(mid) || !unfrozen.contains(s) {
        return None;
    }
    let empty = (!board.occupied() | Bitboard::from_square(h)).without(s);
    // `s` is beside `moved`, and so is `trap` when `moved` is `sq` (the piece beside
    // the trap, see [`walked_target`]); `d` is beside `moved`, `e` beside `s`.
    let (third, fourth) = if moved == sq {
        (Step::onto(sq, trap), Step::onto(s, sq))
    } else if let Some(d) = (Bitboard::adjacent(moved) & empty).first() {
        (Step::onto(moved, d), Step::onto(s, moved))
    } else {
        let e = (Bitboard::adjacent(s) & empty & !Bitboard::TRAPS).first()?;
        (Step::onto(s, e), Step::onto(moved, s))
    };
    Some([first, second, third, fourth])
}

/// The root's direct "yes" in four (four steps left, no push waiting, no pull under
/// way), tried before the four-step filter [`four_step_traps`] and the search in four,
/// for a piece in `ready` (with none beside it stronger there is no `h` below): the
/// enemy piece `p` on `sq` moved twice by one unfrozen piece `h` of the mover stronger
/// than it beside it (`frozen`: the mover's frozen pieces), first onto a square `o`
/// beside `sq` (among `onto`; the root gives every square), then onto an empty
/// trap `t` beside `o` with no enemy piece beside `t` (so `sq`, holding `p`, is not
/// beside `t`: `t` is two squares from `p`). Two
/// shapes, decided on the bitboards; on success `path` holds the four steps.
/// - A, `o` empty: `p` to `o`, `h` to `sq` (a push), `p` to `t`, `h` to `o` (a push),
///   when `h` on `sq` is unfrozen: a piece of the mover beside `sq` other than `h`, or
///   no enemy piece stronger than `h` beside `sq`, or none but one that `p`'s first
///   step loses on the trap beside `sq` ([`freed_by_a_loss`], asked only when the
///   others fail).
/// - B, `h` on `o`: `h` to an empty `e` beside `o` (not `t`), `p` to `o` (a pull), `p`
///   to `t`, `h` back to `o` (a push), when `h` on `e` is unfrozen: a piece of the mover
///   beside `e` other than on `o`, or no enemy piece stronger than `h` beside `e`.
///
/// Proof (the rules as [`TurnState::check_step`] and [`TurnState::play_step`] apply
/// them). Two squares beside one square are never beside each other and share no other
/// neighbour; `sq` is not beside `t`. A: (1) `p`'s step onto the empty `o` is the first
/// step of a push: `h` beside it is stronger and unfrozen, four steps are left; it can
/// only remove an enemy piece from a trap beside `sq` (not `t`). (2) `h` completes the
/// push into the emptied `sq`: the mover's pieces are as at the start and the enemy's
/// fewer or moved away from `h` (`p` is weaker), so `h` is still unfrozen; it can only
/// remove a piece of the mover from a trap beside `h`'s square, which is not beside
/// `sq`. (3) `p` steps onto the empty `t`, the first step of a push (two steps left):
/// `h` on `sq`, beside `o`, is stronger, and unfrozen by the condition (the mover's
/// pieces beside `sq` are the start's but `h`; the enemy's beside it at most the start's
/// and `p`, weaker; with [`freed_by_a_loss`], less the piece (1) lost, see there). The step removes `p` from `t`: of its colour only `p` has moved, and
/// none stood beside `t`. (4) `h` completes the push into the emptied `o`, unfrozen as
/// in (3) (one enemy piece fewer). B: (1) `h`'s own step onto the empty `e`: unfrozen,
/// not a rabbit (stronger than `p`); it empties no trap (`t` is empty) and leaves a
/// pull from `o`. (2) `p` follows into `o`: the pull, `p` weaker than `h`; it can only
/// remove an enemy piece from a trap beside `sq`. (3), (4) as in A with `h` on `e`
/// (the mover's pieces beside `e` are the start's but `h`, whose square `o` now holds
/// `p`). So the four steps are legal, capture `p` and leave no push waiting. The root
/// asks this only at its limit of four, after every smaller limit failed or its bound
/// ruled them out, so four steps are the fewest. False decides nothing: the search runs.
///
/// `above`: [`stronger_by_kind`] of the mover, from which the pieces stronger than the
/// piece on `sq` are read ([`stronger_than_piece_in`]: the set
/// [`stronger_than_piece_on`] gives).
fn moved_twice(
    board: &Board,
    (side, above): (Color, &[Bitboard; 6]),
    sq: Square,
    (onto, frozen): (Bitboard, Bitboard),
    path: &mut Move,
) -> bool {
    let Some(stronger) = stronger_than_piece_in(board, above, sq) else {
        return false;
    };
    let empty = !board.occupied();
    let (own, enemy) = (board.color(side), board.color(!side));
    let helpers = stronger & Bitboard::adjacent(sq) & !frozen;
    // The squares where `h` would stand unfrozen, the mover's pieces but `h` where they
    // stand now.
    let unfrozen_on = |h: Square| match board.kind_at(h) {
        Some(hk) => unfrozen_squares(board, side, hk, own.without(h)),
        None => Bitboard::EMPTY,
    };
    for o in onto & Bitboard::adjacent(sq) & (empty | helpers) {
        let Some(t) = (Bitboard::adjacent(o) & Bitboard::TRAPS & empty).first() else {
            continue;
        };
        if (Bitboard::adjacent(t) & enemy).any() {
            continue;
        }
        let found = if empty.contains(o) {
            helpers
                .into_iter()
                .find(|&h| unfrozen_on(h).contains(sq) || freed_by_a_loss(board, side, sq, h))
                .map(|h| pushed_twice(sq, o, t, h))
        } else {
            (Bitboard::adjacent(o).without(t) & empty & unfrozen_on(o))
                .first()
                .map(|e| pulled_then_pushed(sq, o, t, e))
        };
        let Some(steps) = found else {
            continue;
        };
        write_four_steps(path, steps);
        return true;
    }
    false
}

/// [`moved_twice`]'s shape A as `(from, to)` pairs: the piece on `sq` pushed onto the
/// empty `o` by `h` (beside `sq`), which follows into `sq`, then pushed on onto the trap
/// `t` by `h`, which follows into `o`.
#[inline(always)]
fn pushed_twice(sq: Square, o: Square, t: Square, h: Square) -> [(Square, Square); 4] {
    [(sq, o), (h, sq), (o, t), (sq, o)]
}

/// [`moved_twice`]'s shape B as `(from, to)` pairs: `h` on `o` steps to the empty `e`,
/// the piece on `sq` follows into `o` (a pull), then `h` pushes it from `e` onto the
/// trap `t` and follows into `o`.
#[inline(always)]
fn pulled_then_pushed(sq: Square, o: Square, t: Square, e: Square) -> [(Square, Square); 4] {
    [(o, e), (sq, o), (o, t), (e, o)]
}

/// Writes four `(from, to)` pairs, each two squares beside each other, into `path` as a
/// move (one by one: an array `map` here cost 82 instructions a call in
/// [`moved_twice`]).
#[inline(always)]
fn write_four_steps(path: &mut Move, [p, q, r, u]: [(Square, Square); 4]) {
    let step = |(a, b): (Square, Square)| Step::onto(a, b);
    *path = Move::from_steps(&[step(p), step(q), step(r), step(u)]).unwrap_or(Move::EMPTY);
}

/// Appends three steps to `path`: the direct "yes" answers in three
/// ([`stepped_then_moved`], [`vacated_then_pushed`]). [`write_four_steps`]' twin, but
/// appending: below the root `path` holds the steps that led there, at most one, so the
/// three fit in a turn's four.
#[inline(always)]
fn push_three_steps(path: &mut Move, steps: [Step; 3]) {
    for step in steps {
        let _ = path.push(step);
    }
}

/// [`moved_twice`]'s shapes A and B when the trap `t` two squares from the enemy piece
/// `p` on `sq` holds a piece `G` of the mover whose one friend beside `t` is the helper
/// `h` itself (beside `sq`, stronger than `p`): `h`'s first step loses `G` on `t`, and
/// `p`'s second move goes onto the emptied trap. The root asks it in
/// [`first_moves_towards`] (`onto`: the squares kept for `p`'s first move; every
/// square beside `sq` may be given). A: `o`, the other square beside both `sq` and `t`,
/// empty: `p` to `o`, `h` to `sq`, `p` to `t`, `h` to `o`, when `h` on `sq` is
/// unfrozen (a friend beside `sq` or no stronger enemy piece beside it, as in
/// [`moved_twice`], or [`freed_by_a_loss`]). B: `h` on `o`: `h` to an empty `e` beside
/// `o` where it stands unfrozen, `p` to `o`, `p` to `t`, `h` to `o`. No enemy piece
/// stands beside `t`. On success `path` holds the four steps. (Out of line and cold:
/// the shape is rare; the root's instructions rose with it in [`moved_twice`], which
/// the root asks of every piece in `ready`.)
///
/// Proof: [`moved_twice`]'s, with `t` held at the start. `h` is unfrozen now: `G`, on
/// `t` beside it, is its friend. `G` has `h` as its one friend beside `t`; in A `h`
/// stays until its step onto `sq` (the second), in B it steps off `o` first: at that
/// step `G` has no friend beside `t` (`p`, on `o` or on `sq`, is an enemy piece; `sq`
/// and `e` are not beside `t`: `sq` is two squares from it, `e` is beside `o` like `t`)
/// and is removed, and no other piece of the mover is lost (`t` is the one trap beside
/// `h`'s square). So `t` is empty when `p` steps onto it (the third step, a push by
/// `h`, on `sq` or `e`, beside `o`), and no enemy piece stands beside `t` then (none at
/// the start, and `p` has left `o`): `p` is captured. `G` is no friend of `h` on `sq`
/// or `e` (neither is beside `t`), so `h`'s freezing there reads the mover's pieces as
/// [`moved_twice`] reads them. The other steps are as in [`moved_twice`]'s proof. The
/// root asks this only at its limit of four, after every smaller limit failed or its
/// bound ruled them out, so four steps are the fewest. False decides nothing: the
/// search runs.
#[cold]
#[inline(never)]
fn moved_twice_past_a_lone_guard(
    board: &Board,
    side: Color,
    sq: Square,
    onto: Bitboard,
    path: &mut Move,
) -> bool {
    let (own, enemy) = (board.color(side), board.color(!side));
    let held = onto.neighbours() & Bitboard::TRAPS & own;
    if held.is_empty() {
        return false;
    }
    let empty = !board.occupied();
    for o in onto & Bitboard::adjacent(sq) {
        let Some(t) = (Bitboard::adjacent(o) & held).first() else {
            continue;
        };
        let guards = own & Bitboard::adjacent(t);
        let Some(h) = guards.first() else {
            continue;
        };
        let lone = guards.count() == 1 && Bitboard::adjacent(sq).contains(h);
        if !lone || !(empty.contains(o) || o == h) || (Bitboard::adjacent(t) & enemy).any() {
            continue;
        }
        // `h` is unfrozen now: `G`, on `t` beside it, is its friend.
        let stronger = stronger_than_piece_on(board, side, sq).unwrap_or(Bitboard::EMPTY);
        if !stronger.contains(h) {
            continue;
        }
        let Some(kind) = board.kind_at(h) else {
            continue;
        };
        let unfrozen = unfrozen_squares(board, side, kind, own.without(h));
        let found = if h == o {
            (Bitboard::adjacent(o).without(t) & empty & unfrozen)
                .first()
                .map(|e| pulled_then_pushed(sq, o, t, e))
        } else if empty.contains(o)
            && (unfrozen.contains(sq) || freed_by_a_loss(board, side, sq, h))
        {
            Some(pushed_twice(sq, o, t, h))
        } else {
            None
        };
        let Some(steps) = found else {
            continue;
        };
        write_four_steps(path, steps);
        return true;
    }
    false
}

/// A third shape of [`moved_twice`], C, asked in [`first_moves_towards`] after
/// [`moved_twice_past_a_lone_guard`] (`onto`: the squares kept for the first move of the
/// enemy piece `p` on `sq`; every square beside `sq` may be given): the mover's piece `h`
/// on a square `o` beside `sq` and beside the empty trap `t`, stronger than `p` and
/// unfrozen, steps onto `t` (`p` follows into `o`, a pull), then off `t` onto an empty
/// square `e` beside it (`p` follows onto `t`, a pull), when another piece of the mover
/// stands beside `t` (not on `o`) and no enemy piece stands beside `t`. On success `path`
/// holds the four steps. (Out of line and cold, as the shape is rare; it serves where
/// shape B finds no empty square beside `o` but `t`.)
///
/// Proof. (1) `h`'s plain step onto the empty `t`: unfrozen now, and alive on `t` with
/// the other piece `G` of the mover beside `t`; it loses no piece (`t` is the one trap
/// beside `o`, and `h` stands on it). (2) `p` steps from `sq` into the emptied `o`, the
/// pull's end: `p` beside `o`, weaker than `h`. (3) `h` steps off `t` onto the empty
/// `e` (not `o`, which holds `p`): `h` on `t` is unfrozen, `G` beside it; `h` is no
/// rabbit (stronger than `p`), so any direction is allowed; `G` stands beside `t`, not
/// on a trap, and is not lost. (4) `p` steps from `o` onto the emptied `t`, the pull's
/// end: beside `t`, weaker than `h`. Then no enemy piece stands beside `t`: none at the
/// start, `p` left `sq` (two squares from `t`) and `o`, and no other enemy piece moved;
/// so `p` is removed. The four steps are legal, capture `p` and leave no push waiting.
/// The root asks this only at its limit of four, after every smaller limit failed or its
/// bound ruled them out, so four steps are the fewest. False decides nothing: the search
/// runs.
#[cold]
#[inline(never)]
fn moved_twice_through_the_trap(
    board: &Board,
    side: Color,
    sq: Square,
    onto: Bitboard,
    path: &mut Move,
) -> bool {
    let (own, enemy) = (board.color(side), board.color(!side));
    let empty = !board.occupied();
    for o in onto & Bitboard::adjacent(sq) & own {
        let Some(t) = (Bitboard::adjacent(o) & Bitboard::TRAPS & empty).first() else {
            continue;
        };
        let guards = (own & Bitboard::adjacent(t)).without(o);
        if guards.is_empty() || (Bitboard::adjacent(t) & enemy).any() {
            continue;
        }
        let Some(e) = (Bitboard::adjacent(t).without(o) & empty).first() else {
            continue;
        };
        let stronger = stronger_than_piece_on(board, side, sq).unwrap_or(Bitboard::EMPTY);
        if !stronger.contains(o) || board.frozen_among(side, Bitboard::from_square(o)).any() {
            continue;
        }
        let steps = [
            Step::onto(o, t),
            Step::onto(sq, o),
            Step::onto(t, e),
            Step::onto(o, t),
        ];
        *path = Move::from_steps(&steps).unwrap_or(Move::EMPTY);
        return true;
    }
    false
}

/// For [`moved_twice`]'s shape A: whether the mover's piece on `h` (beside `sq`), once
/// on `sq`, is unfrozen because the enemy piece `p` leaving `sq` loses the enemy piece on
/// the trap `T` beside `sq` (`p` its only friend beside `T`), and that piece was the
/// only one freezing it: no enemy piece stronger than `h`'s but on `T` beside `sq`.
///
/// Proof (the piece on `T` lost at `p`'s step). `T` holds an enemy piece whose only
/// friend beside `T` is `p` on `sq`. `p` steps onto `o`, beside `sq` and beside the
/// trap `t` two squares from `sq`; `o` is not beside `T` (a square is beside one trap
/// at most, and `T` is not `t`, which is not beside `sq`), so after the step the piece
/// on `T` has no friend beside it and is removed. Then the enemy pieces beside `sq` are
/// the start's without it and `p` (on `o`, weaker than `h`): with no other enemy piece
/// stronger than `h` beside `sq`, `h` standing there is unfrozen whatever its friends.
#[inline(never)]
#[cold]
fn freed_by_a_loss(board: &Board, side: Color, sq: Square, h: Square) -> bool {
    let enemy = board.color(!side);
    let Some(trap) = (Bitboard::adjacent(sq) & Bitboard::TRAPS & enemy).first() else {
        return false;
    };
    if (enemy & Bitboard::adjacent(trap)).without(sq).any() {
        return false;
    }
    stronger_than_piece_on(board, !side, h)
        .is_some_and(|s| (s & Bitboard::adjacent(sq)).without(trap).is_empty())
}

/// The first steps of the mover worth trying for a capture of the enemy piece on `sq`
/// in exactly four steps, at a node with four steps left, no push waiting, no pull under
/// way, and no capture of that piece within three steps (the root's iterative deepening
/// tried three first, or its bound exceeds three).
///
/// Proof. No push waits and no pull is under way, so a step of the mover is a plain
/// one and an enemy piece's step the first step of a push. Let `X`, a step of the mover's piece `P`
/// from `a` to `b`, begin a capture in four; its child has three steps left and no capture within
/// two (else the root had one within three), and its enemy pieces are the root's, so
/// [`capturing_step`] gives the child what it gives here.
/// - With a piece `q` from [`capturing_step`]: the child's capture within three, by
///   [`captures_within_three`]'s proof (no capture within two there), begins with the
///   end of the child's pull (of an enemy piece `r` beside `a` into `a`) or with a
///   plain step `Y` of the mover from at most three squares from `q`, then a capture
///   within two steps at `q`, the squares beside it and its ends, by pieces beside `q`
///   (frozen or not by what stands at most two squares from `q`). Everything such a
///   sequence `Y`, ... reads (the squares it steps from and to, a piece lost on a trap
///   beside them, the freezing of a stepping piece) lies within four squares of `q`.
///   If `X` touches none of them, neither `a`, nor `b`, nor a trap beside `a` (where
///   `X` may lose a piece of the mover), within four squares of `q`, the same sequence
///   played here is legal and captures the piece in three: there is none. And the end
///   of the child's pull: `r` beside `a`, over four squares from `q`, moves farther
///   than three squares from it (a piece it makes lose on a trap beside `r` too), so
///   the pieces at most two squares from `q` stay, and so do the pushes and pulls of
///   `q` by pieces beside it, its ends and their freezing: the child's capture within
///   two after it is one here, within two. So `X` needs `a`, `b` or a trap beside `a`
///   within four squares of `q`.
/// - With none (then the first steps of pushes are narrowed too; with a piece they are
///   all tried): [`captures_within_three`] gives the child no capture but one that
///   begins with the end of its pull, moving an enemy piece `e` (beside `a`, weaker
///   than `P`); and a push begun here moves an enemy piece `e` with its first two steps.
///   Either way the capture is not at `e`'s move (that is within three; a push's
///   completion, the mover's step, captures no enemy piece) but within the two steps
///   after it, from a node with no push waiting and no pull under way, where
///   [`captures_within_two`] needs [`capturing_step`] to give a piece. From none here,
///   that needs `e` among [`blockers`] (see there) or the piece itself. So a first step
///   of a push is tried only for those, and a plain step of the mover's piece `P` from
///   `a` only if one of those, weaker than `P`, stands beside `a`.
///
/// The search's nodes with three steps left are then the children of the mover's
/// plain steps here (a push begun here leaves a push waiting; no pull is under way
/// here), with no capture within two steps, as above: [`Ctx::none_within_two`].
#[inline]
fn first_steps_of_four(board: &Board, side: Color, sq: Square) -> Option<Admit> {
    let admit = match capturing_step(board, side, sq) {
        Some((q, _)) => {
            let region = Bitboard::within(q, 4);
            let traps = Bitboard::TRAPS & region;
            Admit {
                enemy: Bitboard::FULL,
                from: region | traps.neighbours(),
                to: region,
                pulls: Bitboard::EMPTY,
            }
        }
        None => {
            let first = blockers(board, side, sq).with(sq);
            Admit {
                enemy: first,
                from: Bitboard::EMPTY,
                to: Bitboard::EMPTY,
                pulls: first,
            }
        }
    };
    Some(admit)
}

/// When [`capturing_step`] gives no piece for the enemy piece on `sq` (the side not
/// `side`'s): the enemy pieces other than it whose one move (a push or a pull, one
/// square) may make it give one. The piece on a trap with exactly two friends beside
/// it: those two; the piece beside a trap with exactly one other enemy piece beside or
/// on that trap: that one; else none.
///
/// Proof. Let `e`, not the piece, move from `s` to `d`; the move may also lose an enemy
/// piece on a trap beside `s`. On a trap `T` the piece has two friends or more beside
/// it (one or none and [`capturing_step`] gives a piece, or it was captured). A piece
/// `e` not beside `T` adds at most a friend, and a piece lost on a trap beside `s` is
/// on `T` (the piece itself, which keeps a friend) or not beside `T`; `e` beside `T`
/// leaves it (`d` is `T`, taken, or two squares from it). So the friends drop to one
/// only from two, with `e` one of them. Beside a trap `T` (a square is beside one trap
/// at most), some other enemy piece stands beside or on `T`; it must go, and only `e`
/// moves: a piece on `T` is not lost (the piece itself is its friend beside `T`), so
/// `e` was the only one. Elsewhere the piece stays where [`capturing_step`] gives
/// nothing.
#[inline]
fn blockers(board: &Board, side: Color, sq: Square) -> Bitboard {
    let enemy = board.color(!side);
    if Bitboard::TRAPS.contains(sq) {
        let friends = enemy & Bitboard::adjacent(sq);
        return if friends.count() == 2 {
            friends
        } else {
            Bitboard::EMPTY
        };
    }
    let Some(trap) = (Bitboard::adjacent(sq) & Bitboard::TRAPS).first() else {
        return Bitboard::EMPTY;
    };
    let others = enemy & Bitboard::adjacent(trap).with(trap) & !Bitboard::from_square(sq);
    if others.count() == 1 {
        others
    } else {
        Bitboard::EMPTY
    }
}

/// The enemy pieces whose push is worth beginning towards capturing the piece on `sq`
/// within `k` steps.
///
/// The first step of a push leaves a push waiting, where `waiting_push_bound` cuts
/// unless a trap near the piece then has `2m + 2n + 1 <= k - 1`, or the step captured
/// the piece. A push of an enemy piece that is neither the piece nor beside or on a trap
/// near it leaves the piece where it is and the traps near it the same, and can only add
/// to their counts (a capture by the step takes a piece from the trap beside the square
/// the pushed piece leaves, so from a trap near the piece only if the pushed piece was
/// beside it), so its node is cut when this node's own count is already over `k - 1`;
/// those pushes are not tried.
#[inline]
fn pushes_that_may_help(node: &Node, ctx: &Ctx, sq: Square, k: u8) -> Bitboard {
    if waiting_push_bound(node, ctx, sq) >= k {
        NEAR_AREA[sq.index() as usize]
    } else {
        Bitboard::FULL
    }
}

/// The mover's pieces stronger than the weakest enemy piece of `involved` (the only
/// ones that can push or pull one of them, or free such a piece by arriving).
#[inline]
fn helpers(board: &Board, side: Color, involved: Bitboard) -> Bitboard {
    match PieceKind::ALL
        .iter()
        .find(|&&kind| (board.pieces(kind.of(!side)) & involved).any())
    {
        Some(&kind) => board.stronger_than(side, kind),
        None => Bitboard::EMPTY,
    }
}

/// The steps worth trying with no slack when a trap that reaches the bound counts a walk
/// of two or more squares (`bound.far`).
///
/// The next step must still lower the bound. An enemy piece's step or a step that
/// begins a pull of an involved piece may (tried: every step of a piece beside an
/// involved piece and stronger than the weakest one, since only a stronger piece pulls).
/// Any other step of the mover leaves the enemy pieces, the push and pull state and the
/// mover's strongest kind as they are (at best it loses pieces of the mover, which
/// freezes or removes helpers and never frees one), so it can only lower a walk: a walk
/// is the least over the involved pieces `q` of the distance to an unfrozen piece
/// stronger than `q`, less one, or to a frozen one; a step changes each of these by at
/// most one (the stepping piece moves one square; a friend arriving frees a frozen
/// piece, distance `c` becoming `c - 1`), so a trap above the bound stays at or above
/// it, and a trap at the bound drops only if its walk does. That needs the stepping
/// piece to be stronger than an involved piece (it moves closer), or to arrive beside a
/// frozen piece of the mover stronger than an involved piece (it frees it). Those are
/// the steps tried, and of the first kind only those ending close enough: a trap at the
/// bound `k` moves at least one piece (a piece on a trap with no friend beside it is
/// already gone), two steps, so its walk `w` is at most `k - 2`; the stepping piece at
/// `t` counts `dist(t, q) - 1` for an involved piece `q` weaker than itself, which is
/// below `w` only if `t` is at most `k - 2` squares from such a `q`.
#[inline]
fn steps_past_a_far_walk(
    board: &Board,
    side: Color,
    bound: &CaptureBound,
    frozen: Bitboard,
    k: u8,
) -> Select {
    let involved = bound.involved;
    let helpers = helpers(board, side, involved);
    Select::Narrow {
        from: involved.neighbours() & helpers,
        unfreeze: (frozen & helpers).neighbours(),
        involved,
        widen: k - 2,
    }
}

/// The steps worth trying with no slack when no trap at the bound counts a walk of two
/// or more squares.
///
/// Only these can lower the bound: an enemy piece moving (a push, or the end of a pull:
/// an involved piece, or a frozen helper's freezer, which may also go by losing its
/// support on a trap); a step that begins a pull of an involved piece (from a square
/// beside it); a step bringing a stronger piece beside an involved piece (to a square
/// beside it) or freeing a frozen one there (a friend arriving beside it, to a square at
/// most two from the involved piece). A bound that counts a longer walk, or a push
/// waiting for its second step, is handled before.
///
/// Narrower still for a step of the mover's piece `P` that does not leave a square
/// beside an involved piece (it begins no pull of one): it leaves the enemy pieces, the
/// push and pull state and the mover's strongest kind as they are (at best it loses the
/// mover pieces), so it can lower the bound only by lowering the walk of a trap that
/// reaches the bound, from one step to none (a trap above the bound would still be at
/// or above it, and longer walks are handled before). A walk of one counts an unfrozen
/// piece stronger than an involved piece `q` two squares from `q`, or a frozen one
/// beside `q`; a walk of none needs such a piece beside `q` unfrozen. So `P` must arrive
/// beside an involved piece weaker than itself, or beside a frozen piece of the mover
/// that stands beside an involved piece (a friend arriving is the only way a step of the
/// mover unfreezes a piece). Other steps of the mover keep the bound at `k` and are not
/// tried. And when no trap that reaches the bound counts a walk of one (always so when
/// `k` is even: a trap's count is then `2m + 2n`, with no walk, as a walk of one or a
/// pull under way makes it odd), none of these is tried either.
///
/// The steps that may begin a pull of an involved piece are those of a piece beside one
/// and stronger than the weakest one (a piece pulls only weaker pieces); any other step
/// of the mover begins no pull of one, and is tried only as above.
#[inline]
fn steps_that_lower_the_bound(
    board: &Board,
    side: Color,
    bound: &CaptureBound,
    frozen: Bitboard,
) -> Select {
    let involved = bound.involved;
    let pulling = involved.neighbours() & helpers(board, side, involved);

    if bound.one {
        Select::Narrow {
            from: pulling,
            unfreeze: (frozen & involved.neighbours()).neighbours(),
            involved,
            widen: 1,
        }
    } else {
        Select::Narrow {
            from: pulling,
            unfreeze: Bitboard::EMPTY,
            involved: Bitboard::EMPTY,
            widen: 0,
        }
    }
}

/// The enemy pieces whose pull is worth ending towards capturing the piece on `sq`,
/// with no slack in the bound.
///
/// The end of a pull of an enemy piece that is neither the piece nor beside or on a
/// trap near it leaves the piece, the traps near it and their counts as they are (a
/// capture by it takes a piece from the trap beside the square it leaves, near the piece
/// only if it stood beside that trap), ends the pull under way (which only takes a
/// discount away) and changes a walk by at most one (a freezer leaving frees a piece;
/// walks count distances, not paths). With no walk of one at the bound, the traps at the
/// bound count no walk and cannot drop, and the others stay at or above the bound: those
/// pulls are not tried.
#[inline]
fn pulls_that_may_help(bound: &CaptureBound, sq: Square) -> Bitboard {
    if bound.one {
        Bitboard::FULL
    } else {
        NEAR_AREA[sq.index() as usize]
    }
}

#[inline]
fn expand(
    node: &Node,
    ctx: &Ctx,
    target: Option<Square>,
    step: Step,
    k: u8,
    path: &mut Move,
) -> bool {
    let side = ctx.side;
    let mut child = *node;
    let effect = child.play_step_unchecked(step);
    let (piece, captured) = (effect.piece, effect.capture.map(|c| c.square));

    let mut next = target;
    if piece.color != side {
        if target == Some(step.from) {
            next = step.to();
        }
        if captured.is_some() && captured == next {
            next = None;
        }
    }

    // The searches go no deeper than the steps a turn has left: the move has room.
    let _ = path.push(step);
    if capture_search(&child, ctx, next, k - 1, path) {
        return true;
    }
    path.pop();
    false
}

/// The squares at most two steps from a trap: an enemy piece moves one square per push
/// or pull, two steps each, so no other piece can reach a trap within four steps.
const TRAP_ZONE: Bitboard = {
    let t = Bitboard::TRAPS;
    let one = t.union(t.neighbours());
    one.union(one.neighbours())
};

/// The most enemy pieces one query can find capturable: 24, five or six per trap. The
/// slots of [`Captures`] (a table of 24 is cleared by a few stores in line, one of 32
/// by a call to `memset`).
///
/// Proof: an enemy piece moves only when pushed or pulled, one square at a time, and
/// each such move takes a step of the mover of its own: a push's first step is followed
/// by its completion, a pull's second step follows the puller's step. So with no push
/// waiting and no pull under way, `2e <= left <= 4` for `e` enemy moves; with a pull
/// under way (a step taken, `left <= 3`) its end is the one move without a step of its
/// own, `e <= 1 + (left - 1) / 2 = 2`; with a push waiting (`left <= 3`) its completion
/// moves a piece of the mover, `2e <= left - 1`. So the rest of a turn moves enemy
/// pieces at most twice, and a piece captured this turn stands now within two squares
/// of the trap `T` it is captured on: on `T`, beside it, or two squares away. Two squares
/// away, both moves are its own, so no other enemy piece moves; then no enemy piece can
/// stand now on `T` or beside it, since one beside `T` would stay there and still guard
/// `T` when the piece lands, and one on `T` has such a guard beside it (a state keeps no
/// unguarded piece on a trap). So the pieces captured at `T` are either among the five
/// squares of `T` and those beside it (its area), or among the eight two squares away
/// (its ring) with its area empty of enemy pieces.
///
/// Across the traps: call a trap empty when no enemy piece stands on its area. The
/// pieces captured at a trap that is not empty stand on its area, five squares. Those
/// captured at an empty trap `T` stand on its ring, and the ring of a trap meets the
/// area of exactly two other traps in one square each (for c3, c5 of c6's area and e3
/// of f3's; by symmetry the same for each trap), and no other: such a square holds no
/// enemy piece when that trap is empty too, and lies in that trap's area, counted
/// there, when it is not. So the pieces captured at an empty trap and not already
/// counted stand on the six other squares of its ring. With `e` empty traps the pieces
/// captured number at most `5 (4 - e) + 6 e <= 24`.
const MAX_CAPTURES: usize = 24;

/// For each square, the traps at most two squares from it (at most two: the traps are
/// three squares apart or more), each as the trap with the squares beside it, and the
/// distance; a distance of `u8::MAX` ends the list.
const NEAR_TRAPS: [[(Bitboard, u8); 2]; 64] = {
    let mut out = [[(Bitboard::EMPTY, u8::MAX); 2]; 64];
    let mut j = 0;
    while j < 64 {
        if let Some(sq) = Square::new(j) {
            let mut n = 0;
            let mut i = 0;
            while i < 4 {
                let trap = Square::TRAPS[i];
                let m = sq.distance(trap);
                if m <= 2 {
                    out[j as usize][n] = (Bitboard::adjacent(trap).with(trap), m);
                    n += 1;
                }
                i += 1;
            }
        }
        j += 1;
    }
    out
};

/// For each square, the square itself and the traps at most two squares from it with the
/// squares beside them (the pieces a capture of a piece there may have to move).
const NEAR_AREA: [Bitboard; 64] = {
    let mut out = [Bitboard::EMPTY; 64];
    let mut j = 0;
    while j < 64 {
        let mut area = Bitboard(1 << j);
        let mut i = 0;
        while i < 2 {
            if NEAR_TRAPS[j][i].1 != u8::MAX {
                area = area.union(NEAR_TRAPS[j][i].0);
            }
            i += 1;
        }
        out[j] = area;
        j += 1;
    }
    out
};

/// The number of squares in a set of at most a few squares (a loop per square, cheaper
/// than a population count without the processor's instruction).
#[inline]
fn few(b: Bitboard) -> u8 {
    let mut x = b.0;
    let mut n = 0;
    while x != 0 {
        x &= x - 1;
        n += 1;
    }
    n
}

/// A lower bound on the steps of a turn capturing a piece, with the enemy pieces whose
/// moves it counts (and the piece itself) for every trap that reaches the bound.
#[derive(Clone, Copy)]
struct CaptureBound {
    steps: u8,
    involved: Bitboard,
    /// Whether the bound counts a stronger piece walking two or more squares towards
    /// the pieces to move (then a step anywhere may lower it).
    far: bool,
    /// Whether a trap that reaches the bound counts a walk of exactly one square.
    one: bool,
    /// The mover's frozen pieces ([`Board::frozen`]) at this node, if the bound
    /// computed them (so the search need not compute them again).
    frozen: Option<Bitboard>,
}

impl CaptureBound {
    /// No trap within reach yet: where the bounds start.
    const NONE: CaptureBound = CaptureBound {
        steps: u8::MAX,
        involved: Bitboard::EMPTY,
        far: false,
        one: false,
        frozen: None,
    };

    /// Merges the count of one more trap into the best so far: the smaller bound wins;
    /// at an equal bound both traps' pieces and walks are kept (the search's step
    /// selection must allow what lowers either).
    #[inline(always)]
    fn keep(&mut self, trap: CaptureBound) {
        if trap.steps < self.steps {
            *self = trap;
        } else if trap.steps == self.steps {
            self.involved |= trap.involved;
            self.far |= trap.far;
            self.one |= trap.one;
        }
    }
}

/// A lower bound on the steps of a turn from `node` capturing the enemy piece on `sq`
/// (`u8::MAX` when none can); traps that need more than `limit` steps are not looked at
/// closely (the bound is then only known to exceed `limit`).
///
/// Admissible, by these facts. An enemy piece is captured only on a trap with no friend
/// beside it, and only an enemy piece's move brings that about (a step of the mover's
/// piece removes at most a piece of the mover). Enemy pieces move only in pushes and
/// pulls, one piece one square per two steps, by a stronger piece of the mover, except
/// that a pull already begun (see [`Position::pull_source`]) moves a piece in one step,
/// and a push waiting for its second step costs that step first. So, for a trap, the
/// piece needs `2m` steps to get there from `m` squares away, each other friend beside
/// the trap and a friend on it two more (each must move away, and a move moves one
/// piece), and a piece the mover has nothing stronger than cannot be moved at all; a
/// piece on a trap is captured there, or on another trap at least three squares away
/// (six steps, more than a turn has). Unless a pull or push is under way, the first of
/// those moves needs a stronger unfrozen piece of the mover beside the piece it moves,
/// and the steps before it move pieces of the mover one square each (or cost two steps
/// a square in pushes and pulls of other pieces): a stronger piece `r` squares away
/// needs `r - 1` of them, and one more to free it first if it is frozen.
///
/// `frozen`: the mover's frozen pieces at this node ([`Board::frozen`]) if the caller has
/// them (else computed here when a trap first needs them).
fn capture_lower_bound(
    node: &Node,
    ctx: &Ctx,
    sq: Square,
    limit: u8,
    frozen: Option<Bitboard>,
) -> CaptureBound {
    let side = ctx.side;
    let board = node.board();

    let unmovable = unmovable_pieces(board, ctx);

    let mut look = TrapLook {
        node,
        side,
        this: Bitboard::from_square(sq),
        unmovable,
        limit,
        // Computed when a trap first needs it (most traps are ruled out before).
        frozen,
    };
    let mut best = CaptureBound::NONE;

    for &(area, m) in &NEAR_TRAPS[sq.index() as usize] {
        if m == u8::MAX {
            break;
        }
        if let Some(trap) = look.count(area, m) {
            best.keep(trap);
        }
    }

    CaptureBound {
        frozen: look.frozen,
        ..best
    }
}

/// The enemy pieces at least as strong as the mover's strongest piece at the root of
/// the search: they can never move (the mover may have lost pieces since, which only
/// makes more of them unmovable, so this is a subset of the unmovable ones and the
/// bound stays a lower bound).
#[inline]
fn unmovable_pieces(board: &Board, ctx: &Ctx) -> Bitboard {
    let enemy = board.color(!ctx.side);
    match ctx.strongest {
        Some(k) => enemy & stronger_or_equal(board, k),
        None => enemy,
    }
}

/// [`capture_lower_bound`] at the root with no push waiting and no pull under way: the
/// same bound (every field; `frozen` is the root's cache of the mover's frozen pieces,
/// read and filled as the bound's own argument and field would be), with the enemy
/// pieces that can never move (`unmovable`, [`unmovable_pieces`]) and those with a
/// stronger piece of the mover beside them (`ready`, [`Board::threatened`]) computed
/// once per query.
///
/// Proof. With no push waiting and no pull under way, [`TrapLook::count`] counts a trap
/// as `2m + 2n` plus the walk [`approach`] gives with a cap of `limit + 1 - 2m - 2n`,
/// after the same two tests as here (over the limit; an unmovable piece to move), and
/// nothing else differs. Its walk is 0 exactly when, at `c = 0`, a piece of the mover
/// stronger than a piece `q` to move stands beside `q` unfrozen (`within` is then the
/// pieces to move, enemy pieces, so no piece of the mover is on it and the frozen
/// test's second half is empty): then `q` is in `ready`, and the test here asks, of
/// each piece to move in `ready`, whether an unfrozen piece of the mover stronger than
/// it stands beside it: the same condition. With a cap of one (the trap at the limit
/// without a walk) the walk is that test's answer, 0 or the cap; with a larger cap a
/// walk of 0 is found the same way, and any other is [`approach`]'s own. When no piece
/// to move is in `ready`, the mover's frozen pieces are not needed for the test (and are
/// then computed only if [`approach`] needs them, as before). That is [`wide_walk`].
/// A trap that costs `2m + 2n = 2` has one piece to move (`m + n = 1`: the piece
/// beside the trap, or the one other on the trap's area with the piece on it), and a
/// cap of `limit - 1`, three or less (a turn has four steps): its walk is
/// [`approach_one`]'s, which is [`approach`]'s for one piece and fills `frozen` in the
/// same cases (see there), so the test for a walk of 0 is not asked first there.
///
/// `above`: the mover's pieces stronger than each kind ([`stronger_by_kind`]), read
/// where [`approach`] and [`stronger_than_piece_on`] walk up the kinds (the same sets,
/// see [`stronger_than_piece_in`]).
#[inline]
fn quiet_bound(
    board: &Board,
    side: Color,
    sq: Square,
    limit: u8,
    (unmovable, ready, above): (Bitboard, Bitboard, &[Bitboard; 6]),
    frozen: &mut Option<Bitboard>,
) -> CaptureBound {
    let enemy = board.color(!side);
    let this = Bitboard::from_square(sq);
    let mut best = CaptureBound::NONE;
    for &(area, m) in &NEAR_TRAPS[sq.index() as usize] {
        if m == u8::MAX {
            break;
        }
        let others = enemy & area & !this;
        let cost = 2 * (m + few(others));
        if cost > limit {
            continue;
        }
        let moving = others | if m > 0 { this } else { Bitboard::EMPTY };
        if (moving & unmovable).any() {
            continue;
        }
        let cap = limit + 1 - cost;
        let walk = if cost == 2 {
            // One piece to move (`m + n = 1`): its walk in one look.
            match moving.first() {
                Some(q) => approach_one(board, (side, above), q, frozen, cap),
                None => cap,
            }
        } else {
            wide_walk(board, (side, above), moving, (ready, cap), frozen)
        };
        best.keep(CaptureBound {
            steps: cost + walk,
            involved: moving | this,
            far: walk > 1,
            one: walk == 1,
            frozen: None,
        });
    }
    CaptureBound {
        frozen: *frozen,
        ..best
    }
}

/// [`quiet_bound`]'s walk for a trap with two or more pieces to move (or none):
/// `0` when one of them in `ready` has an unfrozen piece of the mover stronger than it
/// beside it, else `1` with a `cap` of one, else [`approach`]'s (see [`quiet_bound`]'s
/// proof).
#[inline(always)]
fn wide_walk(
    board: &Board,
    (side, above): (Color, &[Bitboard; 6]),
    moving: Bitboard,
    (ready, cap): (Bitboard, u8),
    frozen: &mut Option<Bitboard>,
) -> u8 {
    let threatened = moving & ready;
    let free_helper = threatened.any() && {
        let frozen = *frozen.get_or_insert_with(|| board.frozen_among(side, Bitboard::FULL));
        threatened.iter().any(|q| {
            stronger_than_piece_in(board, above, q)
                .is_some_and(|stronger| (Bitboard::adjacent(q) & stronger & !frozen).any())
        })
    };
    if free_helper {
        0
    } else if cap == 1 {
        1
    } else {
        approach(board, side, moving, frozen, cap)
    }
}

/// [`approach`] for the one piece on `q` (an enemy piece) with a `cap` of three or
/// less: the same walk, and `frozen` filled in the same cases, from the squares at
/// most one, two and three squares from `q` ([`Bitboard::within`]) instead of a
/// widening a square at a time.
///
/// Proof. For one piece of kind `k`, [`approach`] visits one group, `{q}`, with the
/// mover's pieces stronger than `k` as its helpers ([`walk_kinds`]; here
/// [`stronger_than_piece_on`], the same set). Its widening at `c = 0, 1, ...` below
/// the cap stops at the first `c` where an unfrozen helper stands at most `c + 1`
/// squares from `q` or a frozen one at most `c` squares; with none below the cap it
/// gives the cap. Helpers more than `cap` squares away enter no such test (an unfrozen
/// one counts at `c + 1 <= cap`, a frozen one at `c < cap`), so they are dropped first;
/// with none left the walk is the cap, and the frozen pieces are not computed, as
/// [`approach`] computes them only at a `c` with a helper within `c + 1`, at most the
/// cap. Else they are computed (as [`approach`] does at its first such `c`) and the
/// tests here are its tests at `c = 0, 1, 2`: at `0`, an unfrozen helper beside `q`
/// (none stands on `q`); at `1`, an unfrozen one within two squares or any within one
/// (with no unfrozen one within one, those are frozen); at `2`, likewise with three
/// (every helper left, as the cap is three or less) and two. Each test that holds
/// makes the next hold (its sets grow), so the count of those that hold is three
/// minus the first `c` whose test holds (0 when none holds): the walk given, three
/// minus that count, is that first `c`, or three. The test at `c = cap` (a cap of one or two)
/// holds, as it takes any helper within `c` squares and one is left; so the first `c`
/// is at most the cap, and when none holds the cap is three. That is [`approach`]'s
/// walk: the first `c` below the cap whose test holds, else the cap (which is `c`
/// itself when the test at the cap is the first to hold). No branch but the one on an
/// empty set of helpers (the walks were one more branch each).
#[inline(always)]
fn approach_one(
    board: &Board,
    (side, above): (Color, &[Bitboard; 6]),
    q: Square,
    frozen: &mut Option<Bitboard>,
    cap: u8,
) -> u8 {
    let helpers = match stronger_than_piece_in(board, above, q) {
        Some(stronger) => stronger & Bitboard::within(q, cap),
        None => return cap,
    };
    if helpers.is_empty() {
        return cap;
    }
    let frozen = *frozen.get_or_insert_with(|| board.frozen_among(side, Bitboard::FULL));
    let free = helpers & !frozen;
    let at_0 = (free & Bitboard::within(q, 1)).any();
    let at_1 = ((free & Bitboard::within(q, 2)) | (helpers & Bitboard::within(q, 1))).any();
    let at_2 = (free | (helpers & Bitboard::within(q, 2))).any();
    3 - u8::from(at_0) - u8::from(at_1) - u8::from(at_2)
}

/// What [`capture_lower_bound`] needs to count one trap near the piece.
struct TrapLook<'a> {
    node: &'a Node,
    side: Color,
    /// The piece to capture.
    this: Bitboard,
    /// Enemy pieces that can never move.
    unmovable: Bitboard,
    limit: u8,
    /// The mover's frozen pieces, once computed.
    frozen: Option<Bitboard>,
}

impl TrapLook<'_> {
    /// The count of one trap, `m` squares from the piece, whose neighbourhood (the trap
    /// and the squares beside it) is `area`: `None` when the trap cannot capture the
    /// piece within the limit.
    #[inline(always)]
    fn count(&mut self, area: Bitboard, m: u8) -> Option<CaptureBound> {
        let board = self.node.board();
        let push = u8::from(self.node.pending_push().is_some());
        // The other enemy pieces beside the trap or on it (on it only when the piece
        // is not).
        let others = board.color(!self.side) & area & !self.this;
        let mut cost = 2 * (m + few(others)) + push;
        if cost.saturating_sub(1) > self.limit {
            return None; // over the limit even with a pull under way
        }

        let moving = others | if m > 0 { self.this } else { Bitboard::EMPTY };
        if (moving & self.unmovable).any() {
            return None;
        }

        let (mut far, mut one) = (false, false);
        // A pull already begun moves a piece weaker than the one that left its square
        // into that square with one step.
        let pulled = match self.node.pull_source() {
            Some((to, kind)) => {
                (moving & Bitboard::adjacent(to) & !stronger_or_equal(board, kind)).any()
            }
            None => false,
        };
        if pulled {
            cost -= 1;
        } else if push == 0 {
            if cost > self.limit {
                return None;
            }
            // Capped where the trap goes over the limit: exact below it.
            let walk = approach(
                board,
                self.side,
                moving,
                &mut self.frozen,
                self.limit + 1 - cost,
            );
            far = walk > 1;
            one = walk == 1;
            cost = cost.saturating_add(walk);
        }

        Some(CaptureBound {
            steps: cost,
            involved: moving | self.this,
            far,
            one,
            frozen: None,
        })
    }
}

/// The fewest steps before a piece of the mover (`side`) stronger than one of `pieces`
/// can stand beside it unfrozen: it walks one square per step, after a step that frees
/// it. Capped at `cap` (the count is exact below it), which keeps it a lower bound.
///
/// The pieces are taken a kind at a time, weakest first: pieces of one kind share their
/// helpers, and the walk from a set of squares reaches a helper at the least of the
/// walks from its squares (`within` for the set is the union of the `within` of its
/// squares), so one widening per kind gives the least over its pieces.
///
/// The mover's frozen pieces are computed (into `frozen`) only when a helper is within
/// reach: a walk that finds none needs them not.
#[inline]
fn approach(
    board: &Board,
    side: Color,
    pieces: Bitboard,
    frozen: &mut Option<Bitboard>,
    cap: u8,
) -> u8 {
    let mut best = cap;
    // `helpers`: the mover's pieces of the kinds above the group's ([`walk_kinds`]).
    let stopped = walk_kinds(board, side, pieces, |group, helpers| {
        if group.is_empty() {
            return ControlFlow::Continue(());
        }
        // `within`: the squares at most `c` squares from the group; an unfrozen helper
        // at distance `c + 1`, or a frozen one at `c`, needs `c` steps.
        let mut within = group;
        for c in 0..best {
            let next = within | within.neighbours();
            let near = helpers & next;
            if near.any() {
                let frozen =
                    *frozen.get_or_insert_with(|| board.frozen_among(side, Bitboard::FULL));
                if (near & !frozen).any() || (near & frozen & within).any() {
                    best = c;
                    break;
                }
            }
            within = next;
        }
        if best == 0 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if stopped.is_some() {
        return 0;
    }

    best
}

/// The pieces of `side` stronger than the piece on `sq` ([`Board::kind_at`] then
/// [`Board::stronger_than`] in one walk up the kinds, [`walk_kinds`] over the one
/// square); `None` for an empty square.
#[inline(always)]
fn stronger_than_piece_on(board: &Board, side: Color, sq: Square) -> Option<Bitboard> {
    walk_kinds(board, side, Bitboard::from_square(sq), |these, stronger| {
        if these.any() {
            ControlFlow::Break(stronger)
        } else {
            ControlFlow::Continue(())
        }
    })
}

/// For each piece kind (at [`PieceKind::index`]), the pieces of `side` stronger than it
/// ([`Board::stronger_than`] of `side`, every kind at once): the sets [`walk_kinds`]
/// gives as it walks up the kinds, computed once by the root for [`quiet_bound`].
#[inline]
fn stronger_by_kind(board: &Board, side: Color) -> [Bitboard; 6] {
    let mut out = [Bitboard::EMPTY; 6];
    let mut stronger = Bitboard::EMPTY;
    for &kind in PieceKind::ALL.iter().rev() {
        out[kind.index()] = stronger;
        stronger |= board.pieces(kind.of(side));
    }
    out
}

/// [`stronger_than_piece_on`] read from `above` ([`stronger_by_kind`] of the mover):
/// the set at the kind of the piece on `sq`, found by a walk up the kinds; `None` for
/// an empty square. The same set: [`walk_kinds`] gives, at the piece's kind, the
/// mover's pieces with every kind up to it taken away, those stronger than it, which is
/// `above` at that kind.
#[inline(always)]
fn stronger_than_piece_in(board: &Board, above: &[Bitboard; 6], sq: Square) -> Option<Bitboard> {
    for &kind in &PieceKind::ALL {
        if board.kind(kind).contains(sq) {
            return Some(above[kind.index()]);
        }
    }
    None
}

/// A walk up the piece kinds, the rabbit first, over the pieces on `squares`: `visit`
/// is called for each kind with `(the pieces of that kind there, the pieces of `side`
/// stronger than that kind)`; the first set may be empty (the callers that need a
/// piece skip it). The second is the pieces of `side` with each kind taken away in
/// turn, up to that kind. The walk ends once every square of the set has been met (the
/// squares with no piece are never met, so with one the walk runs through all the
/// kinds), or with the first `Break` of `visit`, which it returns.
///
/// One walk for the three that had their own ([`capture_candidates`], [`approach`],
/// [`stronger_than_piece_on`]); a plain `for` over the kinds and a closure, as an
/// iterator struct compiled to more instructions on the capture query's hot path.
#[inline(always)]
fn walk_kinds<B>(
    board: &Board,
    side: Color,
    squares: Bitboard,
    mut visit: impl FnMut(Bitboard, Bitboard) -> ControlFlow<B>,
) -> Option<B> {
    let mut rest = squares;
    let mut stronger = board.color(side);
    for &kind in &PieceKind::ALL {
        if rest.is_empty() {
            break;
        }
        let all = board.kind(kind);
        stronger &= !all;
        let these = rest & all;
        rest &= !these;
        if let ControlFlow::Break(b) = visit(these, stronger) {
            return Some(b);
        }
    }
    None
}

/// The pieces of either colour at least as strong as `kind`.
#[inline]
fn stronger_or_equal(board: &Board, kind: PieceKind) -> Bitboard {
    // A loop over the kind indices, as `Board::stronger_than` walks them (a fold over a
    // slice of kinds from `kind` on compiled to more instructions).
    let mut b = Bitboard::EMPTY;
    let mut k = kind.index();
    while k < PieceKind::ALL.len() {
        b |= board.kind(PieceKind::ALL[k]);
        k += 1;
    }
    b
}

#[cfg(test)]
mod tests;
