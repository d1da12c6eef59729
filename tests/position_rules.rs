//! Property tests of the rules core on random positions reached by random legal play.
//!
//! Positions come from three families, all built from a proptest-provided seed:
//! - `Standard`: a shuffled standard setup for both sides (1E 1M 2H 2D 2C 8R on the home
//!   ranks), then up to 60 random turns;
//! - `Thinned`: a standard setup with about half of the pieces taken off, then random turns;
//! - `Sparse`: 1 to 8 random pieces a side, placed mostly around the traps, so captures,
//!   freezing and pulls onto traps are frequent, then a few random turns.
//!
//! Random turns are random walks over `legal_steps()`, biased towards pushes, pulls
//! (onto traps in particular) and steps that open a pull, ending the turn at a random
//! legal point, and now and then under a step cap of 1 to 3 (the Dicey Moves variant).
//! Some tests then play 0 to 3 more steps to reach a state in the middle of a turn
//! (possibly halfway through a push).
//!
//! Along every walk, after every step and every turn end, the crate is compared with a
//! naive model written here from the rules as the crate states them (`src/lib.rs`,
//! section "The rules"), with its own board array, freezing, captures, and push/pull
//! bookkeeping derived from the steps played:
//! - the board, the frozen pieces, what the step was and what it captured;
//! - property a: `legal_steps()` equals the set of all 64 x 4 (square, direction) pairs
//!   for which `check_step` is `Ok`, and equals the naive model's legal steps;
//! - property d: `Position::zobrist()` equals the hash of a fresh `Position::new` of the
//!   same board and side;
//! - whether the turn may end (`check_end_turn`).
//!
//! Then, on the positions reached:
//! - property b: the boards of `legal_moves()` (each played with the checked `after`, at
//!   most the cap in steps, no two giving the same board) equal those of the slow
//!   reference enumerator `tests/support/reference.rs`, with step caps 4, 3, 2 and 1; in
//!   the middle of a turn they equal those of a breadth-first search over the naive
//!   model's steps;
//! - property c: every move is a shortest step sequence for its board (its length is the
//!   reference's, or the naive search's, minimal depth);
//! - property e: `flip_colors()` has the same number of moves, its moves give exactly the
//!   mirrored boards, its legal steps are the mirrored steps, and flipping twice is the
//!   identity.

mod support;

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::ops::ControlFlow;

use arimaa::{Board, Color, Direction, Piece, PieceKind, Position, Square, Step, StepKind};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use support::random::Rng;
use support::reference::{parse_aei, reference_moves_with_depth, to_aei_board, RefBoard};

// ---------------------------------------------------------------------------------------
// Deterministic random numbers (`support::random::Rng`, SplitMix64), so a proptest seed
// fixes a whole scenario.

// ---------------------------------------------------------------------------------------
// The naive model: a 64-cell array (a1 = 0, h8 = 63) in the reference enumerator's cell
// format `Some((gold, kind))`, kind 0 = rabbit .. 5 = elephant.

const RABBIT: u8 = 0;
/// c3, f3, c6, f6.
const TRAPS: [usize; 4] = [18, 21, 42, 45];

fn neighbour(sq: usize, dir: Direction) -> Option<usize> {
    let (df, dr) = match dir {
        Direction::North => (0, 1),
        Direction::South => (0, -1),
        Direction::East => (1, 0),
        Direction::West => (-1, 0),
    };
    let file = (sq % 8) as i32 + df;
    let rank = (sq / 8) as i32 + dr;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

fn neighbours(sq: usize) -> impl Iterator<Item = usize> {
    Direction::ALL
        .into_iter()
        .filter_map(move |d| neighbour(sq, d))
}

fn has_friend(cells: &RefBoard, sq: usize) -> bool {
    let Some((gold, _)) = cells[sq] else {
        return false;
    };
    neighbours(sq).any(|n| matches!(cells[n], Some((g, _)) if g == gold))
}

fn naive_frozen(cells: &RefBoard, sq: usize) -> bool {
    let Some((gold, kind)) = cells[sq] else {
        return false;
    };
    !has_friend(cells, sq)
        && neighbours(sq).any(|n| matches!(cells[n], Some((g, k)) if g != gold && k > kind))
}

/// The naive state of a turn in progress, tracked from the steps played.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Naive {
    cells: RefBoard,
    gold_to_move: bool,
    taken: u8,
    cap: u8,
    /// A push waiting for its second step: the square the pushed piece left and its kind.
    push: Option<(usize, u8)>,
    /// After a step of one of the mover's pieces on its own: the square it left and its
    /// kind (a weaker enemy piece beside that square may be pulled into it).
    pull: Option<(usize, u8)>,
    /// The board when the turn began.
    start: RefBoard,
}

/// A piece taken off a trap: the trap and the piece.
type NaiveCapture = (usize, (bool, u8));

/// The naive classification of a step (compared with the crate's `StepKind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NaiveKind {
    Simple,
    Pushed,
    PushFinish,
    Pulled,
}

impl Naive {
    /// The naive model of `pos`, read from its AEI text; `pos` must be at a turn start.
    fn at_turn_start(pos: &Position) -> Naive {
        assert_eq!(pos.steps_taken(), 0);
        let (gold_to_move, cells) = parse_aei(&pos.to_aei()).expect("the crate's AEI text");
        Naive {
            cells,
            gold_to_move,
            taken: 0,
            cap: pos.step_cap(),
            push: None,
            pull: None,
            start: cells,
        }
    }

    /// Whether the piece on `from` may step in `dir` now, straight from the rules.
    fn is_legal(&self, from: usize, dir: Direction) -> bool {
        if self.taken >= self.cap {
            return false;
        }
        let Some(to) = neighbour(from, dir) else {
            return false;
        };
        let Some((gold, kind)) = self.cells[from] else {
            return false;
        };
        if self.cells[to].is_some() {
            return false;
        }
        let mine = gold == self.gold_to_move;
        if let Some((vacated, pushed_kind)) = self.push {
            // Only the completion of the push: a stronger unfrozen piece of the mover
            // steps into the square the pushed piece left.
            return mine && to == vacated && kind > pushed_kind && !naive_frozen(&self.cells, from);
        }
        if mine {
            let backwards = if self.gold_to_move {
                Direction::South
            } else {
                Direction::North
            };
            let rabbit_backwards = kind == RABBIT && dir == backwards;
            return !naive_frozen(&self.cells, from) && !rabbit_backwards;
        }
        // An enemy piece: pulled into the square the mover's piece just left...
        if matches!(self.pull, Some((sq, puller)) if sq == to && kind < puller) {
            return true;
        }
        // ... or pushed by a stronger unfrozen piece of the mover beside it, which needs
        // two steps.
        let pusher = neighbours(from).any(|n| {
            matches!(self.cells[n], Some((g, k)) if g == self.gold_to_move && k > kind)
                && !naive_frozen(&self.cells, n)
        });
        pusher && self.cap - self.taken >= 2
    }

    /// All legal steps, by trying every square and direction.
    fn legal_steps(&self) -> BTreeSet<(usize, Direction)> {
        let mut out = BTreeSet::new();
        for sq in 0..64 {
            if self.cells[sq].is_none() {
                continue;
            }
            for dir in Direction::ALL {
                if self.is_legal(sq, dir) {
                    out.insert((sq, dir));
                }
            }
        }
        out
    }

    /// Plays a legal step; returns its kind and the capture it caused.
    fn play(&mut self, from: usize, dir: Direction) -> (NaiveKind, Option<NaiveCapture>) {
        let to = neighbour(from, dir).expect("legal step");
        let (gold, kind) = self.cells[from].expect("legal step");
        let step_kind = if self.push.is_some() {
            NaiveKind::PushFinish
        } else if gold == self.gold_to_move {
            NaiveKind::Simple
        } else if matches!(self.pull, Some((sq, puller)) if sq == to && kind < puller) {
            NaiveKind::Pulled
        } else {
            NaiveKind::Pushed
        };
        self.cells[to] = self.cells[from].take();
        let mut captures = TRAPS
            .iter()
            .copied()
            .filter(|&t| self.cells[t].is_some() && !has_friend(&self.cells, t))
            .collect::<Vec<_>>();
        assert!(captures.len() <= 1, "one step captured two pieces");
        let capture = captures.pop().map(|t| (t, self.cells[t].take().unwrap()));
        self.taken += 1;
        (self.push, self.pull) = match step_kind {
            NaiveKind::Simple => (None, Some((from, kind))),
            NaiveKind::Pushed => (Some((from, kind)), None),
            NaiveKind::PushFinish | NaiveKind::Pulled => (None, None),
        };
        (step_kind, capture)
    }

    fn can_end_turn(&self) -> bool {
        self.push.is_none() && self.taken > 0 && self.cells != self.start
    }

    fn end_turn(&mut self) {
        self.gold_to_move = !self.gold_to_move;
        self.taken = 0;
        self.cap = 4;
        self.push = None;
        self.pull = None;
        self.start = self.cells;
    }

    /// Breadth-first search over the naive steps: every board a complete turn can reach
    /// with one or more further steps from this state, with the fewest further steps that
    /// reach it. Excluded: the turn's start board (a turn must change the board) and
    /// boards halfway through a push. In the middle of a turn the current board is
    /// included when some steps lead back to it (a step away and back) and it differs
    /// from the start board.
    fn moves(&self) -> BTreeMap<String, u32> {
        let mut results = BTreeMap::new();
        let mut seen = HashSet::new();
        let mut layer = vec![self.clone()];
        let mut depth = 0;
        while !layer.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for state in &layer {
                for (from, dir) in state.legal_steps() {
                    let mut child = state.clone();
                    child.play(from, dir);
                    if child.can_end_turn() {
                        results.entry(to_aei_board(&child.cells)).or_insert(depth);
                    }
                    if seen.insert((child.cells, child.push, child.pull)) {
                        next.push(child);
                    }
                }
            }
            layer = next;
        }
        results
    }
}

// ---------------------------------------------------------------------------------------
// The crate and the naive model in lockstep.

/// What the random walks did, to show the generators reach the interesting cases.
#[derive(Debug, Default, Clone)]
struct Stats {
    steps: usize,
    pushes: usize,
    pulls: usize,
    captures: usize,
    /// Captures of a piece of the side not moving (pushed or pulled onto a trap, or
    /// left alone on one by a pushed or pulled friend).
    enemy_captures: usize,
    /// Pulls completed after the puller died on a trap.
    pulls_after_puller_died: usize,
    /// States with at least one frozen piece of the side to move.
    frozen_states: usize,
    turns: usize,
    capped_turns: usize,
}

#[derive(Clone)]
struct Walker {
    pos: Position,
    naive: Naive,
    stats: Stats,
    /// Whether the last step was a simple step whose piece died on the trap it entered.
    puller_died: bool,
}

fn step_of(sq: usize, dir: Direction) -> Step {
    Step::new(Square::ALL[sq], dir)
}

fn naive_kind(kind: StepKind) -> NaiveKind {
    match kind {
        StepKind::Simple => NaiveKind::Simple,
        StepKind::Pushed => NaiveKind::Pushed,
        StepKind::PushFinish => NaiveKind::PushFinish,
        StepKind::Pulled => NaiveKind::Pulled,
    }
}

fn ref_cell(piece: Piece) -> (bool, u8) {
    (piece.color == Color::Gold, piece.kind as u8)
}

/// The AEI board part (`[...]`) of a position's text.
fn aei_board(pos: &Position) -> String {
    let text = pos.to_aei();
    text[text.find('[').expect("'[' in the AEI text")..].to_string()
}

/// The hash of a fresh position with the same board and side to move.
fn fresh_hash(pos: &Position) -> u64 {
    Position::new(*pos.board(), pos.side_to_move())
        .expect("a reachable board is a valid position")
        .zobrist()
}

impl Walker {
    fn new(pos: Position) -> Result<Walker, TestCaseError> {
        let w = Walker {
            naive: Naive::at_turn_start(&pos),
            pos,
            stats: Stats::default(),
            puller_died: false,
        };
        w.check()?;
        Ok(w)
    }

    /// Compares the crate with the naive model in the current state: properties a and d
    /// and everything listed in the module docs.
    fn check(&self) -> Result<(), TestCaseError> {
        let pos = &self.pos;
        let naive = &self.naive;
        let (gold, cells) = parse_aei(&pos.to_aei()).expect("the crate's AEI text");
        prop_assert_eq!(gold, naive.gold_to_move);
        prop_assert_eq!(to_aei_board(&cells), to_aei_board(&naive.cells));
        prop_assert_eq!(pos.steps_taken(), naive.taken);
        prop_assert_eq!(pos.step_cap(), naive.cap);
        prop_assert_eq!(
            pos.pending_push().map(|(sq, kind)| (sq, kind as u8)),
            naive.push.map(|(sq, kind)| (Square::ALL[sq], kind))
        );
        prop_assert_eq!(
            pos.pull_source().map(|(sq, kind)| (sq, kind as u8)),
            naive.pull.map(|(sq, kind)| (Square::ALL[sq], kind))
        );

        // Freezing, both colours.
        for color in Color::ALL {
            let frozen = pos.board().frozen(color);
            for sq in 0..64 {
                let naive_says = naive.cells[sq].is_some_and(|(g, _)| g == (color == Color::Gold))
                    && naive_frozen(&naive.cells, sq);
                prop_assert_eq!(
                    frozen.contains(Square::ALL[sq]),
                    naive_says,
                    "frozen {}",
                    sq
                );
            }
        }

        // Property a.
        let generated: Vec<(usize, Direction)> = pos
            .legal_steps()
            .iter()
            .map(|s| (s.from as usize, s.dir))
            .collect();
        let generated_set: BTreeSet<_> = generated.iter().copied().collect();
        prop_assert_eq!(
            generated.len(),
            generated_set.len(),
            "duplicate legal steps"
        );
        let mut checked = BTreeSet::new();
        for sq in 0..64 {
            for dir in Direction::ALL {
                let ok = pos.check_step(step_of(sq, dir)).is_ok();
                prop_assert_eq!(ok, pos.is_legal_step(step_of(sq, dir)));
                if ok {
                    checked.insert((sq, dir));
                }
            }
        }
        prop_assert_eq!(
            &generated_set,
            &checked,
            "legal_steps vs check_step in {:?}",
            pos
        );
        prop_assert_eq!(
            &generated_set,
            &naive.legal_steps(),
            "legal_steps vs the naive check in {:?}",
            pos
        );

        // Property d.
        prop_assert_eq!(
            pos.zobrist(),
            fresh_hash(pos),
            "incremental hash in {:?}",
            pos
        );

        prop_assert_eq!(pos.check_end_turn().is_ok(), naive.can_end_turn());
        Ok(())
    }

    fn play_step(&mut self, step: Step) -> Result<(), TestCaseError> {
        let from = step.from as usize;
        let expected_kind = self.pos.check_step(step);
        let effect = self
            .pos
            .play_step(step)
            .map_err(|e| TestCaseError::fail(format!("generated step {step} refused: {e}")))?;
        prop_assert_eq!(Ok(effect.kind), expected_kind);
        let mover = self.naive.gold_to_move;
        let piece = self.naive.cells[from];
        let (kind, capture) = self.naive.play(from, step.dir);
        prop_assert_eq!(Some(ref_cell(effect.piece)), piece);
        prop_assert_eq!(effect.from, step.from);
        prop_assert_eq!(Some(effect.to), step.to());
        prop_assert_eq!(naive_kind(effect.kind), kind, "kind of {}", step);
        prop_assert_eq!(
            effect
                .capture
                .map(|c| (c.square as usize, ref_cell(c.piece))),
            capture
        );

        self.stats.steps += 1;
        match kind {
            NaiveKind::Pushed => self.stats.pushes += 1,
            NaiveKind::Pulled => self.stats.pulls += 1,
            _ => {}
        }
        if let Some((_, (gold, _))) = capture {
            self.stats.captures += 1;
            if gold != mover {
                self.stats.enemy_captures += 1;
            }
        }
        if kind == NaiveKind::Pulled && self.puller_died {
            self.stats.pulls_after_puller_died += 1;
        }
        self.puller_died =
            kind == NaiveKind::Simple && capture.is_some_and(|(t, _)| t == effect.to as usize);
        self.after_change()
    }

    fn end_turn(&mut self) -> Result<(), TestCaseError> {
        self.pos
            .end_turn()
            .map_err(|e| TestCaseError::fail(format!("end_turn refused: {e}")))?;
        self.naive.end_turn();
        self.puller_died = false;
        self.stats.turns += 1;
        self.after_change()
    }

    fn after_change(&mut self) -> Result<(), TestCaseError> {
        let side = self.pos.side_to_move();
        if self.pos.board().frozen(side).any() {
            self.stats.frozen_states += 1;
        }
        self.check()
    }

    fn set_cap(&mut self, cap: u8) {
        self.pos
            .set_step_cap(cap)
            .expect("cap 1-4 at or above the steps taken");
        self.naive.cap = cap;
    }

    /// A random legal step, biased towards what makes captures and forced sequences
    /// common: two times in three a pull when one is open; otherwise half of the time a
    /// push or pull step when there is one (onto a trap when there is one of those, half
    /// of the time); otherwise half of the time a step away from a weaker enemy piece
    /// (which opens a pull; onto a trap, where the puller may die, when there is one of
    /// those, half of the time); otherwise any step.
    fn random_step(&self, rng: &mut Rng) -> Option<Step> {
        let steps = self.pos.legal_steps();
        let pick = |rng: &mut Rng, among: &[Step]| among[rng.below(among.len())];
        let mut enemy_moves = Vec::new();
        let mut enemy_onto_traps = Vec::new();
        let mut pull_openers = Vec::new();
        let mut openers_onto_traps = Vec::new();
        let mut pulls = Vec::new();
        for &step in steps.iter() {
            let from = step.from as usize;
            let (gold, kind) = self.naive.cells[from].expect("a piece steps");
            match self.pos.check_step(step) {
                Ok(step_kind @ (StepKind::Pushed | StepKind::Pulled)) => {
                    if step_kind == StepKind::Pulled {
                        pulls.push(step);
                    }
                    enemy_moves.push(step);
                    if step.to().is_some_and(Square::is_trap) {
                        enemy_onto_traps.push(step);
                    }
                }
                Ok(StepKind::Simple)
                    if neighbours(from).any(
                        |n| matches!(self.naive.cells[n], Some((g, k)) if g != gold && k < kind),
                    ) =>
                {
                    pull_openers.push(step);
                    if step.to().is_some_and(Square::is_trap) {
                        openers_onto_traps.push(step);
                    }
                }
                _ => {}
            }
        }
        if !pulls.is_empty() && !rng.one_in(3) {
            return Some(pick(rng, &pulls));
        }
        if !enemy_moves.is_empty() && rng.one_in(2) {
            if !enemy_onto_traps.is_empty() && rng.one_in(2) {
                return Some(pick(rng, &enemy_onto_traps));
            }
            return Some(pick(rng, &enemy_moves));
        }
        if !pull_openers.is_empty() && rng.one_in(2) {
            if !openers_onto_traps.is_empty() && rng.one_in(2) {
                return Some(pick(rng, &openers_onto_traps));
            }
            return Some(pick(rng, &pull_openers));
        }
        (!steps.is_empty()).then(|| pick(rng, &steps))
    }

    /// Plays one random complete turn. Returns false (and leaves the position as it
    /// was) when no turn was found, which happens when the side to move is stuck.
    fn random_turn(&mut self, rng: &mut Rng) -> Result<bool, TestCaseError> {
        let cap = if rng.one_in(5) {
            1 + rng.below(3) as u8
        } else {
            4
        };
        for cap in [cap, 4] {
            let saved = self.clone();
            self.set_cap(cap);
            for _attempt in 0..6 {
                loop {
                    let step = self.random_step(rng);
                    if self.pos.check_end_turn().is_ok() && (step.is_none() || rng.one_in(5)) {
                        if cap < 4 {
                            self.stats.capped_turns += 1;
                        }
                        self.end_turn()?;
                        return Ok(true);
                    }
                    match step {
                        Some(step) => self.play_step(step)?,
                        None => break,
                    }
                }
                let stats = self.stats.clone();
                *self = saved.clone();
                self.set_cap(cap);
                self.stats = stats;
            }
            let stats = self.stats.clone();
            *self = saved;
            self.stats = stats;
        }
        Ok(false)
    }

    /// Plays up to `n` random steps without ending the turn.
    fn random_steps(&mut self, n: usize, rng: &mut Rng) -> Result<(), TestCaseError> {
        for _ in 0..n {
            match self.random_step(rng) {
                Some(step) => self.play_step(step)?,
                None => break,
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------
// Random positions.

const ARMY: [PieceKind; 16] = {
    use PieceKind::*;
    [
        Elephant, Camel, Horse, Horse, Dog, Dog, Cat, Cat, Rabbit, Rabbit, Rabbit, Rabbit, Rabbit,
        Rabbit, Rabbit, Rabbit,
    ]
};

/// Both standard armies, each shuffled over its two home ranks.
fn standard_setup(rng: &mut Rng) -> Board {
    let mut board = Board::empty();
    for (color, ranks) in [(Color::Gold, 0..16), (Color::Silver, 48..64)] {
        let mut squares: Vec<usize> = ranks.collect();
        rng.shuffle(&mut squares);
        for (kind, sq) in ARMY.into_iter().zip(squares) {
            board.set(Square::ALL[sq], Some(Piece::new(color, kind)));
        }
    }
    board
}

/// A board with 1 to 8 random pieces a side, most of them on or around the traps.
fn sparse_board(rng: &mut Rng) -> Board {
    let near_traps: Vec<usize> = TRAPS
        .iter()
        .flat_map(|&t| std::iter::once(t).chain(neighbours(t)))
        .collect();
    let mut board = Board::empty();
    for color in Color::ALL {
        for _ in 0..1 + rng.below(8) {
            // Rabbits a third of the time, otherwise any kind.
            let kind = if rng.one_in(3) {
                PieceKind::Rabbit
            } else {
                PieceKind::ALL[rng.below(6)]
            };
            let sq = if rng.one_in(4) {
                rng.below(64)
            } else {
                near_traps[rng.below(near_traps.len())]
            };
            let sq = Square::ALL[sq];
            if board.piece_at(sq).is_none() {
                board.set(sq, Some(Piece::new(color, kind)));
            }
        }
    }
    remove_unsupported(&mut board);
    board
}

/// Takes away pieces standing alone on traps (the rules would have captured them).
/// No square touches two traps, so one pass suffices.
fn remove_unsupported(board: &mut Board) {
    for sq in board.unsupported_on_traps() {
        board.set(sq, None);
    }
}

#[derive(Debug, Clone, Copy)]
enum Family {
    Standard,
    Thinned,
    Sparse,
}

fn family() -> impl Strategy<Value = Family> {
    prop_oneof![
        Just(Family::Standard),
        Just(Family::Thinned),
        Just(Family::Sparse)
    ]
}

/// A position at the start of a turn: a board from `family`, then up to `turns` random
/// turns (fewer when a side gets stuck), every step checked against the naive model.
fn random_game(family: Family, seed: u64, turns: usize) -> Result<(Walker, Rng), TestCaseError> {
    let mut rng = Rng(seed);
    let (board, turns) = match family {
        Family::Standard => (standard_setup(&mut rng), turns),
        Family::Thinned => {
            let mut board = standard_setup(&mut rng);
            for sq in Square::ALL {
                if rng.one_in(2) {
                    board.set(sq, None);
                }
            }
            (board, turns)
        }
        Family::Sparse => (sparse_board(&mut rng), turns.min(6)),
    };
    let side = if rng.one_in(2) {
        Color::Gold
    } else {
        Color::Silver
    };
    let pos = Position::new(board, side).expect("no piece stands alone on a trap");
    let mut walker = Walker::new(pos)?;
    for _ in 0..turns {
        if !walker.random_turn(&mut rng)? {
            break;
        }
    }
    Ok((walker, rng))
}

// ---------------------------------------------------------------------------------------
// Checks of full-turn generation.

/// The moves of `pos` as AEI boards with their step counts. Checks that every move is
/// legal through the checked `after`, has 1 to `steps_left` steps, that no two moves give
/// the same board, that the hashes after the moves are right, and that `count_moves`,
/// `has_legal_move` and `for_each_move` agree.
fn crate_moves(pos: &Position) -> Result<BTreeMap<String, u32>, TestCaseError> {
    let moves = pos.legal_moves();
    let mut out = BTreeMap::new();
    let mut boards = HashSet::new();
    for mv in &moves {
        prop_assert!(
            !mv.is_empty() && mv.len() <= usize::from(pos.steps_left()),
            "move {:?} has {} steps, {} left",
            mv,
            mv.len(),
            pos.steps_left()
        );
        let after = pos
            .after(mv)
            .map_err(|e| TestCaseError::fail(format!("move {mv:?} of {pos:?} refused: {e}")))?;
        prop_assert_eq!(after.zobrist(), fresh_hash(&after));
        boards.insert(*after.board());
        let previous = out.insert(aei_board(&after), mv.len() as u32);
        prop_assert!(
            previous.is_none(),
            "two moves give the board after {:?}",
            mv
        );
    }
    prop_assert_eq!(pos.count_moves(), out.len());
    prop_assert_eq!(pos.has_legal_move(), !out.is_empty());
    let mut reported = HashSet::new();
    let mut bad_hashes = 0;
    let all: ControlFlow<()> = pos.for_each_move(|_, board, hash| {
        reported.insert(*board);
        bad_hashes += usize::from(hash != board.zobrist());
        ControlFlow::Continue(())
    });
    prop_assert!(all.is_continue());
    prop_assert_eq!(bad_hashes, 0, "for_each_move hashes");
    prop_assert!(
        reported == boards,
        "for_each_move boards differ from legal_moves"
    );
    Ok(out)
}

/// Compares two board -> depth maps, naming a few differences on failure.
fn same_moves(
    what: &str,
    pos: &Position,
    got: &BTreeMap<String, u32>,
    want: &BTreeMap<String, u32>,
) -> Result<(), TestCaseError> {
    if got == want {
        return Ok(());
    }
    let missing: Vec<_> = want
        .keys()
        .filter(|b| !got.contains_key(*b))
        .take(3)
        .collect();
    let extra: Vec<_> = got
        .keys()
        .filter(|b| !want.contains_key(*b))
        .take(3)
        .collect();
    let longer: Vec<_> = got
        .iter()
        .filter(|(b, d)| want.get(*b).is_some_and(|w| w != *d))
        .take(3)
        .map(|(b, d)| format!("{b}: {d} steps, shortest {}", want[b]))
        .collect();
    Err(TestCaseError::fail(format!(
        "{what} in {pos:?} (taken {}, cap {}): {} moves vs {} expected; \
         missing {missing:?}, extra {extra:?}, not shortest {longer:?}",
        pos.steps_taken(),
        pos.step_cap(),
        got.len(),
        want.len()
    )))
}

/// Properties b and c at a turn start, for step caps 4, 3, 2 and 1.
fn check_against_reference(pos: &Position, naive_too: bool) -> Result<(), TestCaseError> {
    let (gold, board) = parse_aei(&pos.to_aei()).expect("the crate's AEI text");
    for cap in [4u8, 3, 2, 1] {
        let mut capped = pos.clone();
        capped.set_step_cap(cap).expect("cap 1-4");
        let want = reference_moves_with_depth(gold, &board, u32::from(cap));
        let got = crate_moves(&capped)?;
        same_moves("legal_moves vs reference", &capped, &got, &want)?;
        if naive_too || cap <= 2 {
            let mut naive = Naive::at_turn_start(pos);
            naive.cap = cap;
            same_moves("naive search vs reference", &capped, &naive.moves(), &want)?;
        }
    }
    Ok(())
}

/// The AEI board mirrored: ranks flipped and colours swapped.
fn flip_aei(board: &str) -> String {
    let cells: Vec<char> = board
        .trim_start_matches('[')
        .trim_end_matches(']')
        .chars()
        .collect();
    assert_eq!(cells.len(), 64);
    let mut out = String::from("[");
    for row in cells.chunks(8).rev() {
        for &c in row {
            out.push(if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            });
        }
    }
    out.push(']');
    out
}

/// Property e.
fn check_flip(pos: &Position) -> Result<(), TestCaseError> {
    let flipped = pos.flip_colors();
    prop_assert_eq!(&flipped.flip_colors(), pos, "flipping twice");
    prop_assert_eq!(flipped.side_to_move(), !pos.side_to_move());
    prop_assert_eq!(aei_board(&flipped), flip_aei(&aei_board(pos)));
    prop_assert_eq!(flipped.zobrist(), fresh_hash(&flipped));
    prop_assert_eq!(flipped.steps_taken(), pos.steps_taken());
    prop_assert_eq!(flipped.step_cap(), pos.step_cap());
    prop_assert_eq!(
        flipped.pending_push(),
        pos.pending_push().map(|(sq, kind)| (sq.flip_ranks(), kind))
    );
    prop_assert_eq!(
        flipped.pull_source(),
        pos.pull_source().map(|(sq, kind)| (sq.flip_ranks(), kind))
    );

    let mirror = |s: &Step| {
        let dir = match s.dir {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            other => other,
        };
        (s.from.flip_ranks(), dir)
    };
    let steps: BTreeSet<_> = pos.legal_steps().iter().map(mirror).collect();
    let flipped_steps: BTreeSet<_> = flipped
        .legal_steps()
        .iter()
        .map(|s| (s.from, s.dir))
        .collect();
    prop_assert_eq!(steps, flipped_steps, "mirrored legal steps");

    prop_assert_eq!(flipped.count_moves(), pos.count_moves());
    let mirrored: BTreeMap<String, u32> = crate_moves(pos)?
        .into_iter()
        .map(|(b, d)| (flip_aei(&b), d))
        .collect();
    same_moves(
        "flipped moves",
        &flipped,
        &crate_moves(&flipped)?,
        &mirrored,
    )
}

// ---------------------------------------------------------------------------------------
// The properties.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Properties a and d (and the naive model's board, freezing, captures and step
    /// kinds) after every step and turn of long random games.
    #[test]
    fn steps_and_hashes_along_random_games(
        family in family(),
        seed in any::<u64>(),
        turns in 0..60usize,
    ) {
        let (mut walker, mut rng) = random_game(family, seed, turns)?;
        // End in the middle of a turn as well.
        let extra = rng.below(4);
        walker.random_steps(extra, &mut rng)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Properties b and c at turn starts, caps 4 to 1, against the reference enumerator.
    #[test]
    fn moves_match_reference(family in family(), seed in any::<u64>(), turns in 0..40usize) {
        let (walker, _) = random_game(family, seed, turns)?;
        check_against_reference(&walker.pos, matches!(family, Family::Sparse))?;
    }

    /// Properties b and c in the middle of a turn (0 to 3 steps played, any cap, possibly
    /// halfway through a push), against a breadth-first search over the naive steps.
    #[test]
    fn midturn_moves_match_naive_search(
        family in family(),
        seed in any::<u64>(),
        turns in 0..40usize,
        cap in 1..=4u8,
        steps in 0..=3usize,
    ) {
        let (mut walker, mut rng) = random_game(family, seed, turns)?;
        walker.set_cap(cap);
        walker.random_steps(steps.min(usize::from(cap)), &mut rng)?;
        let got = crate_moves(&walker.pos)?;
        same_moves("legal_moves vs naive search", &walker.pos, &got, &walker.naive.moves())?;
    }

    /// Property e, at turn starts and in the middle of turns.
    #[test]
    fn flip_colors_mirrors_everything(
        family in family(),
        seed in any::<u64>(),
        turns in 0..40usize,
        steps in 0..=3usize,
    ) {
        let (mut walker, mut rng) = random_game(family, seed, turns)?;
        walker.random_steps(steps, &mut rng)?;
        check_flip(&walker.pos)?;
    }
}

/// The random walks really reach the cases the properties are about: pushes, pulls,
/// captures of both sides, pulls completed after the puller died on a trap, frozen
/// pieces, capped turns. (Fixed seeds, so this is deterministic.)
#[test]
fn random_games_reach_interesting_states() {
    let mut total = Stats::default();
    for seed in 0..40u64 {
        for family in [Family::Standard, Family::Thinned, Family::Sparse] {
            let (walker, _) = random_game(family, seed, 40).expect("checks along the walk");
            let s = walker.stats;
            total.steps += s.steps;
            total.pushes += s.pushes;
            total.pulls += s.pulls;
            total.captures += s.captures;
            total.enemy_captures += s.enemy_captures;
            total.pulls_after_puller_died += s.pulls_after_puller_died;
            total.frozen_states += s.frozen_states;
            total.turns += s.turns;
            total.capped_turns += s.capped_turns;
        }
    }
    eprintln!("{total:?}");
    // About a third of what the fixed seeds give today, so that a harmless change of
    // the order of `legal_steps()` cannot break this, but a walk that stopped pushing,
    // pulling or capturing would.
    assert!(total.turns > 1000, "{total:?}");
    assert!(total.pushes > 200, "{total:?}");
    assert!(total.pulls > 70, "{total:?}");
    assert!(total.captures > 200, "{total:?}");
    assert!(total.enemy_captures > 25, "{total:?}");
    assert!(total.pulls_after_puller_died > 3, "{total:?}");
    assert!(total.frozen_states > 600, "{total:?}");
    assert!(total.capped_turns > 200, "{total:?}");
}

/// The naive model itself on a hand-made case, so a blunder in it cannot hide: a gold
/// horse on c7 beside a silver dog on c8 steps onto the empty trap c6 and dies, and the
/// dog may still be pulled into c7.
#[test]
fn naive_model_pull_after_puller_died() {
    let mut cells = [' '; 64];
    // AEI order: c8 is character 2, c7 character 10.
    cells[2] = 'd';
    cells[10] = 'H';
    let text = format!("g [{}]", cells.iter().collect::<String>());
    let pos: Position = text.parse().unwrap();
    let mut walker = Walker::new(pos).unwrap();
    walker
        .play_step(Step::new(Square::C7, Direction::South))
        .unwrap();
    assert_eq!(walker.naive.cells[Square::C6 as usize], None);
    assert_eq!(walker.stats.captures, 1);
    assert!(walker.naive.is_legal(Square::C8 as usize, Direction::South));
    walker
        .play_step(Step::new(Square::C8, Direction::South))
        .unwrap();
    assert_eq!(aei_board(&walker.pos), to_aei_board(&walker.naive.cells));
    assert_eq!(walker.stats.pulls, 1);
}
