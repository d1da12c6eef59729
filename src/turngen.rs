//! Full-turn move generation: every distinct board one complete turn can produce.
//!
//! # Actions
//! A turn is searched as a sequence of *actions*: a simple step of the mover's piece
//! (one step), a push (two steps) or a pull (two steps). Every legal step sequence splits
//! into such actions, and between two actions nothing but the board and the number of
//! steps left matters (no push is pending, and what may be pulled is part of the pull
//! action itself), so the search needs no turn state beyond the first action, which
//! may have to complete a push or may complete a pull begun before the search.
//!
//! # Canonical order
//! Two actions are *independent* when neither may change a square the other depends on
//! (precomputed square sets per step, see `geometry`): then both orders are legal and give
//! the same board. The search is depth first and skips an action that is independent of
//! the action before it and ordered below it (by the square of the mover's piece). It
//! also skips a step that exactly undoes the step before it. Nothing reachable is lost:
//! take a shortest step sequence for a board, and swap adjacent independent actions that
//! are out of order until none is. Each swap keeps the sequence legal and its board
//! unchanged and removes one inversion, so this ends, with a sequence the search does not
//! skip (a shortest sequence never undoes a step).
//!
//! # Exactness
//! The search still reaches many boards more than once (a piece taking two paths to the
//! same square, dependent actions in either order): about 1.6 times each on the
//! 32-position benchmark. Every board is checked against a set keyed by its exact
//! difference from the root board (see `table`): no hash decides alone whether two
//! boards are equal. The key of a board one step from the end of the search (most of
//! them) is edited from its parent's key rather than packed afresh.
//!
//! # Deduplication order
//! When moves are reported, each board is checked as soon as it is reached, and the
//! search runs once per move length (1, 2, ... steps), reporting only the boards first
//! reached at that length, so each reported move is a shortest one for its board.
//! Counting, hashing and listing boards need neither the moves nor the order: one pass
//! sets the keys aside and checks them in batches (the table slots of a batch are
//! touched together, so their cache misses overlap), and a large search puts them into
//! buckets by hash and checks one bucket at a time with a table that stays in the cache.
//! A hash is computed from the key when it turns out to be new. Where boards or moves
//! are reported, the leaves of a node are keyed without being made, checked together,
//! and only the new ones are made.

mod geometry;
mod search;
mod table;

use core::cell::RefCell;

use search::{Grid, HashDeltas, Search, Visit};
use table::{Buckets, Key, Table, MAX_BUCKET_BITS};

use core::ops::ControlFlow;

use crate::{Board, Move, MoveError, Position, Step};

/// A reusable full-turn move generator: it keeps its deduplication table between calls,
/// so repeated generation does not allocate. [`Position::count_moves`] and the other
/// full-turn methods of [`Position`] use one kept per thread; hold your own to control
/// the memory or to use it from a search.
///
/// Every method reports each distinct board once, excludes the unchanged board (the
/// board the turn started from) and turns that end in the middle of a push, and ignores
/// repetition (see [`Game`](crate::Game) for that).
///
/// # Visitors
/// The visitors call a closure for each distinct board one turn can produce, collect
/// nothing, and all stop early the same way: the closure returns
/// [`ControlFlow::Continue(())`](ControlFlow::Continue) to go on or
/// [`ControlFlow::Break(value)`](ControlFlow::Break) to stop, and the visitor returns
/// `Break(value)` when the closure stopped it, `Continue(())` when it saw every board.
/// From the most to the least informative (and slowest to fastest):
/// - [`Position::for_each_move`] and [`TurnGenerator::for_each_move`]: a shortest move
///   for each board, the board, and its Zobrist hash; shorter moves first;
/// - [`TurnGenerator::for_each_board`]: the board and its hash, in no particular order;
/// - [`TurnGenerator::for_each_hash`]: the hash alone, in no particular order.
///
/// The hashes are [`Board::zobrist`] of the boards reached: the placement alone, without
/// the side to move that [`Position::zobrist`] adds.
///
/// ```
/// use std::ops::ControlFlow;
/// use arimaa::{Position, TurnGenerator};
/// let pos: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"
///     .parse()
///     .unwrap();
/// let mut gen = TurnGenerator::new();
/// assert_eq!(gen.count(&pos), 3353);
/// let mut hashes = Vec::new();
/// let all = gen.for_each_hash(&pos, |h| {
///     hashes.push(h);
///     ControlFlow::<()>::Continue(())
/// });
/// assert_eq!(all, ControlFlow::Continue(()));
/// assert_eq!(hashes.len(), 3353);
/// // Stop at the first move of four steps, and get it back.
/// let first_long = gen.for_each_move(&pos, |mv, _, _| {
///     if mv.len() == 4 {
///         ControlFlow::Break(*mv)
///     } else {
///         ControlFlow::Continue(())
///     }
/// });
/// assert!(matches!(first_long, ControlFlow::Break(mv) if mv.len() == 4));
/// ```
pub struct TurnGenerator {
    table: Table,
    buckets: Buckets,
}

impl Default for TurnGenerator {
    fn default() -> Self {
        TurnGenerator::new()
    }
}

impl core::fmt::Debug for TurnGenerator {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TurnGenerator")
            .field("table_bytes", &self.table_bytes())
            .finish()
    }
}

struct Counter(usize);

impl Visit for Counter {
    const MOVES: bool = false;
    const BOARD: bool = false;
    #[inline(always)]
    fn visit(&mut self, _: &Grid, _: Key, _: &[Step]) -> bool {
        self.0 += 1;
        true
    }
}

/// Keeps the value a visitor's callback broke with; `false` stops the search.
#[inline(always)]
fn keep<B>(flow: ControlFlow<B>, stopped: &mut Option<B>) -> bool {
    match flow {
        ControlFlow::Continue(()) => true,
        ControlFlow::Break(b) => {
            *stopped = Some(b);
            false
        }
    }
}

/// What a visitor's run gives back: `Break` with the value its callback broke with.
fn flow<B>(stopped: Option<B>) -> ControlFlow<B> {
    match stopped {
        Some(b) => ControlFlow::Break(b),
        None => ControlFlow::Continue(()),
    }
}

/// Boards and hashes, no moves: each board is checked as soon as it is reached (a node's
/// leaves together), and only the new ones are made.
struct Boards<F, B> {
    f: F,
    stopped: Option<B>,
}

impl<B, F: FnMut(&Board, u64) -> ControlFlow<B>> Visit for Boards<F, B> {
    const MOVES: bool = false;
    const BOARD: bool = true;
    #[inline]
    fn visit(&mut self, g: &Grid, _: Key, _: &[Step]) -> bool {
        keep((self.f)(&g.board, g.hash), &mut self.stopped)
    }
}

/// Hashes only: the boards may be met in any order and inserted later (in buckets), and
/// each new board's hash is computed from its key.
struct Hashes<F, B> {
    f: F,
    hashes: HashDeltas,
    stopped: Option<B>,
}

impl<B, F: FnMut(u64) -> ControlFlow<B>> Visit for Hashes<F, B> {
    const MOVES: bool = false;
    const BOARD: bool = false;
    #[inline]
    fn visit(&mut self, _: &Grid, key: Key, _: &[Step]) -> bool {
        keep((self.f)(self.hashes.hash_of(key)), &mut self.stopped)
    }
}

struct Moves<F, B> {
    f: F,
    stopped: Option<B>,
}

impl<B, F: FnMut(&Move, &Board, u64) -> ControlFlow<B>> Visit for Moves<F, B> {
    const MOVES: bool = true;
    const BOARD: bool = true;
    #[inline]
    fn visit(&mut self, g: &Grid, _: Key, path: &[Step]) -> bool {
        let mv = Move::from_path(path);
        keep((self.f)(&mv, &g.board, g.hash), &mut self.stopped)
    }
}

impl TurnGenerator {
    /// A generator with a small table; it grows as needed and keeps its size.
    #[must_use]
    pub fn new() -> TurnGenerator {
        TurnGenerator {
            table: Table::new(),
            buckets: Buckets::new(),
        }
    }

    /// The memory held for deduplication (kept between calls), in bytes.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.table.bytes() + self.buckets.bytes()
    }

    /// Runs `visitor` over the distinct boards, in one pass (`shortest` false) or one
    /// pass per move length.
    fn run<V: Visit>(&mut self, pos: &Position, visitor: V, shortest: bool) -> V {
        let root = Grid::new(pos.board());
        let turn = *pos.turn_state();
        let left = u32::from(turn.steps_left());
        self.table.clear();

        // The board the turn started from is never a result. In the middle of a turn the
        // current board is one when it differs from it and a step away and back reaches
        // it; at the start of a turn the two are the same.
        let start = root.key_of(pos.turn_start_board());
        self.table.insert(start);
        let undo_first = start.changed != 0;

        let mut search = Search::new(
            pos.side_to_move(),
            &root,
            &mut self.table,
            &mut self.buckets,
            bucket_bits(pos),
            visitor,
            undo_first,
        );

        if shortest {
            for limit in 1..=left {
                search.run(&turn, limit, limit);
            }
        } else {
            search.run(&turn, 1, left);
        }
        search.finish(start);
        search.visitor
    }

    /// The number of distinct boards one complete turn can produce from `pos` (using the
    /// steps left in the turn).
    #[must_use]
    pub fn count(&mut self, pos: &Position) -> usize {
        self.run(pos, Counter(0), false).0
    }

    /// Calls `f` with the Zobrist hash (placement only, as [`Board::zobrist`]) of every
    /// distinct board one turn can produce, in no particular order. The fastest of the
    /// visitors; see the [visitors](TurnGenerator#visitors) for stopping early.
    pub fn for_each_hash<B>(
        &mut self,
        pos: &Position,
        f: impl FnMut(u64) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let hashes = HashDeltas::new(&Grid::new(pos.board()));
        let visitor = Hashes {
            f,
            hashes,
            stopped: None,
        };
        flow(self.run(pos, visitor, false).stopped)
    }

    /// Calls `f` with every distinct board one turn can produce and its Zobrist hash
    /// (placement only), in no particular order. Faster than
    /// [`for_each_move`](TurnGenerator::for_each_move) when the moves themselves are
    /// not needed; see the [visitors](TurnGenerator#visitors) for stopping early.
    pub fn for_each_board<B>(
        &mut self,
        pos: &Position,
        f: impl FnMut(&Board, u64) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let visitor = Boards { f, stopped: None };
        flow(self.run(pos, visitor, false).stopped)
    }

    /// Calls `f` for every distinct board one turn can produce, with a shortest move
    /// producing it, the board and its Zobrist hash (placement only), shorter moves
    /// first; see the [visitors](TurnGenerator#visitors) for stopping early.
    pub fn for_each_move<B>(
        &mut self,
        pos: &Position,
        f: impl FnMut(&Move, &Board, u64) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let visitor = Moves { f, stopped: None };
        flow(self.run(pos, visitor, true).stopped)
    }
}

/// How many hash bits choose the bucket of a deferred key (0: no buckets), from a rough
/// estimate of the number of boards the search meets: a sixteenth of the number of legal
/// first steps to the power of the steps left, aiming at a few thousand keys a bucket.
/// Only the speed depends on it.
fn bucket_bits(pos: &Position) -> u32 {
    let steps = pos.legal_steps().len() as u64;
    let estimate = steps.pow(u32::from(pos.steps_left())) / 16;
    let mut bits = 0;
    while bits < MAX_BUCKET_BITS && estimate >> bits > 4096 {
        bits += 1;
    }
    if estimate < 32_768 {
        0
    } else {
        bits
    }
}

thread_local! {
    static GENERATOR: RefCell<TurnGenerator> = RefCell::new(TurnGenerator::new());
}

/// Runs `f` with this thread's generator, or with a fresh one when it is in use (a
/// callback generating moves itself).
fn with_generator<R>(f: impl FnOnce(&mut TurnGenerator) -> R) -> R {
    let mut f = Some(f);
    let done = GENERATOR.with(|g| match g.try_borrow_mut() {
        Ok(mut gen) => f.take().map(|f| f(&mut gen)),
        Err(_) => None,
    });
    match (done, f) {
        (Some(r), _) => r,
        (None, Some(f)) => f(&mut TurnGenerator::new()),
        (None, None) => unreachable!("the generator ran or was handed back"),
    }
}

impl Position {
    /// Every distinct board one complete turn can produce from here (using the steps
    /// left in the turn), each as a shortest move that produces it, shorter moves first.
    /// The unchanged board and turns that end in the middle of a push are excluded;
    /// repetition is not considered here (see [`Game`](crate::Game) for that).
    ///
    /// ```
    /// use arimaa::Position;
    /// let pos: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"
    ///     .parse()
    ///     .unwrap();
    /// assert_eq!(pos.legal_moves().len(), 3353);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let _: ControlFlow<()> = with_generator(|g| {
            g.for_each_move(self, |m, _, _| {
                out.push(*m);
                ControlFlow::Continue(())
            })
        });
        out
    }

    /// The number of distinct boards one complete turn can produce: the length of
    /// [`legal_moves`](Position::legal_moves) without building the list. It uses a
    /// [`TurnGenerator`] kept per thread, whose tables stay allocated for the thread's
    /// life (about 15 MB after the largest positions); hold your own generator to
    /// control that memory.
    #[must_use]
    pub fn count_moves(&self) -> usize {
        with_generator(|g| g.count(self))
    }

    /// Calls `f` for every distinct move with the board it produces and that board's
    /// Zobrist hash (placement only, [`Board::zobrist`]). Each move is a shortest one
    /// for its board, shorter moves first. Nothing is collected. `f` returns
    /// [`ControlFlow::Break`] to stop, and the value it breaks with is returned; see
    /// the [visitors](TurnGenerator#visitors) for the others (boards or hashes only,
    /// faster).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use arimaa::Position;
    /// let pos: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"
    ///     .parse()
    ///     .unwrap();
    /// // The first move that puts a piece on d4.
    /// let found = pos.for_each_move(|mv, board, _| match board.piece_at(arimaa::Square::D4) {
    ///     Some(_) => ControlFlow::Break(*mv),
    ///     None => ControlFlow::Continue(()),
    /// });
    /// let ControlFlow::Break(mv) = found else { panic!("d4 is reachable") };
    /// assert_eq!(mv.len(), 2);
    /// ```
    pub fn for_each_move<B>(
        &self,
        f: impl FnMut(&Move, &Board, u64) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        with_generator(|g| g.for_each_move(self, f))
    }

    /// The move [`legal_moves`](Position::legal_moves) lists for the board that `mv`
    /// gives: the canonical form of a move, which compares with `==` against that list
    /// (`Move`'s equality is of step sequences; see [`Move`]). Policy targets, opening
    /// books and de-duplication of moves read from records use it.
    ///
    /// It generates the turns from here until it meets that board (about as costly as
    /// [`legal_moves`](Position::legal_moves) at worst); to compare two moves only,
    /// [`same_result`](Position::same_result) is cheaper.
    ///
    /// # Errors
    /// [`MoveError`] when `mv` cannot be played here as a whole turn.
    pub fn canonical_move(&self, mv: &Move) -> Result<Move, MoveError> {
        let target = self.after(mv)?;
        let found = self.for_each_move(|m, board, _| {
            if board == target.board() {
                ControlFlow::Break(*m)
            } else {
                ControlFlow::Continue(())
            }
        });
        match found {
            ControlFlow::Break(m) => Ok(m),
            // Every legal turn's board is among the generated ones (the tests replay the
            // archive moves through this).
            ControlFlow::Continue(()) => unreachable!("a legal turn's board is generated"),
        }
    }

    /// Whether `a` and `b` are both legal turns here and give the same position, whatever
    /// their steps and their order.
    #[must_use]
    pub fn same_result(&self, a: &Move, b: &Move) -> bool {
        match (self.after(a), self.after(b)) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
    }

    /// Whether the side to move has at least one legal turn (repetition not
    /// considered).
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        if self.steps_taken() == 0 {
            // At the start of a turn every legal first step begins a turn that changes
            // the board: a simple step or a pull moves a piece, and a push can always be
            // completed (the pusher beside the vacated square is unfrozen and it is
            // empty).
            self.turn_state().has_legal_step()
        } else {
            with_generator(|g| g.for_each_board(self, |_, _| ControlFlow::Break(()))).is_break()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    const BENCHMARK: &str = include_str!("../tests/data/clueless-benchmark.txt");

    /// Every distinct board a complete turn can produce, by a plain breadth-first search
    /// over positions (turn state included) with the checked single-step API.
    fn naive(pos: &Position) -> HashSet<Board> {
        let mut results = HashSet::new();
        let mut seen = HashSet::new();
        let mut layer = vec![pos.clone()];

        while !layer.is_empty() {
            let mut next = Vec::new();
            for p in &layer {
                for &step in p.legal_steps().iter() {
                    let mut child = p.clone();
                    child.play_step(step).expect("generated steps are legal");
                    if child.check_end_turn().is_ok() {
                        results.insert(*child.board());
                    }
                    if seen.insert(child.clone()) {
                        next.push(child);
                    }
                }
            }
            layer = next;
        }
        results
    }

    fn positions() -> Vec<Position> {
        BENCHMARK
            .lines()
            .zip(BENCHMARK.lines().skip(1))
            .filter_map(|(header, board)| {
                let side = header.split("side=").nth(1)?.chars().next()?;
                format!("{side} {board}").parse().ok()
            })
            .collect()
    }

    /// Positions in the middle of turns: 1 to 3 steps played (chosen by a fixed
    /// pseudo-random sequence, so pushes under way and pull options occur), caps 1 to 4.
    fn midturn_positions() -> Vec<Position> {
        let mut out = Vec::new();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for pos in positions() {
            for taken in 0..=3u8 {
                // Whole four-step turns are the data tests' work; here at most three
                // steps are searched.
                for cap in taken.max(1)..=(taken + 3).min(4) {
                    let mut p = pos.clone();
                    p.set_step_cap(cap).expect("valid cap");
                    for _ in 0..taken {
                        let steps = p.legal_steps();
                        if steps.is_empty() {
                            break;
                        }
                        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                        let step = steps[(seed >> 33) as usize % steps.len()];
                        p.play_step(step).expect("generated steps are legal");
                    }
                    out.push(p);
                }
            }
        }
        out
    }

    /// Every state a turn passes through (board and turn state), from the benchmark
    /// positions and from the middle of turns, many reached in several orders: equal
    /// positions have equal turn keys, different positions different ones, and between
    /// turns the key is the Zobrist hash.
    #[test]
    fn turn_keys_follow_position_equality() {
        use std::collections::HashMap;
        let mut starts: Vec<Position> = positions().into_iter().take(4).collect();
        starts.extend(midturn_positions().into_iter().step_by(40));
        let mut transpositions = 0;

        for start in starts {
            let mut keys: HashMap<u64, Position> = HashMap::new();
            let mut layer = vec![start];
            while !layer.is_empty() {
                let mut next = Vec::new();
                for p in &layer {
                    match keys.get(&p.turn_key()) {
                        Some(q) => {
                            assert_eq!(q, p, "two positions share a turn key");
                            transpositions += 1;
                            continue;
                        }
                        None => {
                            keys.insert(p.turn_key(), p.clone());
                        }
                    }
                    if p.steps_taken() == 0 && p.step_cap() == 4 {
                        assert_eq!(p.turn_key(), p.zobrist());
                    }
                    for &step in p.legal_steps().iter() {
                        let mut child = p.clone();
                        child.play_step(step).expect("generated steps are legal");
                        next.push(child);
                    }

                    if p.check_end_turn().is_ok() {
                        let mut ended = p.clone();
                        ended.end_turn().expect("the turn may end");
                        assert_eq!(ended.turn_key(), ended.zobrist());
                    }
                }
                layer = next;
            }
        }

        assert!(
            transpositions > 1000,
            "states reached in several orders ({transpositions})"
        );
    }

    /// Every visitor stops at the call whose closure breaks (also from the batched and
    /// bucketed paths), returns the value it broke with, and leaves the generator ready
    /// for the next search.
    #[test]
    fn every_visitor_stops_when_asked() {
        let all = positions();
        let mut gen = TurnGenerator::new();
        // A small position (keys batched, no buckets) and a large one (buckets).
        for pos in [&all[0], &all[29]] {
            let n = gen.count(pos);
            for stop_at in [1, 2, n / 2, n - 1, n] {
                let mut calls = 0;
                let at = |calls: &mut usize| {
                    *calls += 1;
                    if *calls == stop_at {
                        ControlFlow::Break(*calls)
                    } else {
                        ControlFlow::Continue(())
                    }
                };

                assert_eq!(
                    gen.for_each_hash(pos, |_| at(&mut calls)),
                    ControlFlow::Break(stop_at)
                );
                assert_eq!(calls, stop_at, "hashes");

                calls = 0;
                assert_eq!(
                    gen.for_each_board(pos, |_, _| at(&mut calls)),
                    ControlFlow::Break(stop_at)
                );
                assert_eq!(calls, stop_at, "boards");

                calls = 0;
                assert_eq!(
                    gen.for_each_move(pos, |_, _, _| at(&mut calls)),
                    ControlFlow::Break(stop_at)
                );
                assert_eq!(calls, stop_at, "moves");

                calls = 0;
                assert_eq!(
                    pos.for_each_move(|_, _, _| at(&mut calls)),
                    ControlFlow::Break(stop_at)
                );
                assert_eq!(calls, stop_at, "moves of the position");
                assert_eq!(gen.count(pos), n, "the generator is reusable");
            }
        }
    }

    /// A position large enough for the bucketed path: the hashes from keys equal the
    /// hashes of the boards, and the count equals the published one.
    #[test]
    fn hashes_from_keys_match_boards_on_a_large_position() {
        let pos = &positions()[29];
        assert!(bucket_bits(pos) > 0, "the bucketed path is exercised");
        let mut gen = TurnGenerator::new();
        assert_eq!(gen.count(pos), 338_034);
        let mut from_boards = Vec::new();
        let _: ControlFlow<()> = gen.for_each_board(pos, |b, h| {
            debug_assert_eq!(h, b.zobrist());
            from_boards.push(h);
            ControlFlow::Continue(())
        });

        let mut from_keys = Vec::new();
        let _: ControlFlow<()> = gen.for_each_hash(pos, |h| {
            from_keys.push(h);
            ControlFlow::Continue(())
        });

        from_boards.sort_unstable();
        from_keys.sort_unstable();
        assert_eq!(from_boards.len(), 338_034);
        assert_eq!(from_boards, from_keys);
    }

    #[test]
    fn all_paths_agree_with_a_naive_search_in_the_middle_of_turns() {
        let positions = midturn_positions();
        assert!(positions.len() > 300);
        let mut pushes = 0;
        let mut gen = TurnGenerator::new();
        for pos in &positions {
            pushes += usize::from(pos.pending_push().is_some());
            let want = naive(pos);
            assert_eq!(gen.count(pos), want.len(), "count of {pos:?}");

            let mut boards = HashSet::new();
            let mut hashes = Vec::new();
            let _: ControlFlow<()> = gen.for_each_board(pos, |b, h| {
                assert_eq!(h, b.zobrist());
                assert!(boards.insert(*b), "board reported twice in {pos:?}");
                hashes.push(h);
                ControlFlow::Continue(())
            });

            let mut only_hashes = Vec::new();
            let _: ControlFlow<()> = gen.for_each_hash(pos, |h| {
                only_hashes.push(h);
                ControlFlow::Continue(())
            });

            hashes.sort_unstable();
            only_hashes.sort_unstable();
            assert_eq!(hashes, only_hashes, "hashes of {pos:?}");
            assert_eq!(boards, want, "boards of {pos:?}");

            let mut moved = HashSet::new();
            let mut last_len = 0;
            let _: ControlFlow<()> = gen.for_each_move(pos, |m, b, _| {
                assert!(m.len() >= last_len, "shorter moves first");
                last_len = m.len();
                let after = pos.after(m).expect("reported moves are legal");
                assert_eq!(after.board(), b);
                assert!(moved.insert(*b));
                ControlFlow::Continue(())
            });
            assert_eq!(moved, want, "moves of {pos:?}");
            assert_eq!(pos.has_legal_move(), !want.is_empty());
        }

        assert!(pushes > 10, "pushes under way are covered ({pushes})");
    }
}
