//! The search over step sequences behind resolution and writing.
//!
//! Lightvector tokens speak about the paths of pieces (which squares a piece visited,
//! where it ended, which steps it took in which order), so the search walks step
//! sequences rather than distinct boards. Each node carries the position, the pieces
//! that have moved or died so far with the squares they visited, and how far the
//! direction tokens have been matched.
//!
//! The search is a depth-first walk to a fixed step limit, pruned by admissible lower
//! bounds on the steps still needed to satisfy every token: a cheap one computed for
//! every node (see [`Goals::lower_bound`]), and the dearer assignment bound (module
//! `assign`), asked only when the cheap one does not prune, which gives every token to
//! a piece and adds up what those pieces must do. The last step needs neither: a
//! child at the limit is kept exactly when the turn can end there satisfied. Pruning
//! never loses a turn that satisfies the tokens within the limit.

mod assign;
mod bound;
mod goals;
mod node;

pub(crate) use assign::Verdict;
pub(crate) use bound::Bound;
pub(crate) use goals::Goals;
pub(crate) use node::Node;

use crate::Board;

use node::{mix, PassThrough, StateKey};

/// "Cannot be done": larger than any step count.
pub(crate) const INF: u32 = 1000;

/// Whether to use the transposition table (kept switchable for measurements).
const USE_TT: bool = true;

#[cfg(test)]
thread_local! {
    /// Nodes expanded and children bounded on this thread, for tuning tests.
    pub(crate) static STATS: core::cell::Cell<(u64, u64)> = const { core::cell::Cell::new((0, 0)) };
}

/// What a visitor tells the search to do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Keep searching.
    Continue,
    /// Stop the whole search.
    Stop,
}

/// Which part of the bound must drop on every step when there is no slack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Binding {
    /// The tokens' bound: see [`Goals::may_progress`].
    Goals,
    /// The target's fill count: the step must put the right piece on a target square.
    Fill,
    /// No cheap filter.
    Unknown,
}

type Seen = std::collections::HashSet<StateKey, core::hash::BuildHasherDefault<PassThrough>>;

thread_local! {
    /// Transposition tables kept between searches on this thread, so their memory is
    /// allocated (and grown) once.
    static TABLES: core::cell::RefCell<Vec<Seen>> = const { core::cell::RefCell::new(Vec::new()) };
}

/// A small, fast hasher (FxHash's multiply-rotate) for the crate's own keys.
#[derive(Default, Clone, Copy)]
pub(crate) struct FastHasher(u64);

impl core::hash::Hasher for FastHasher {
    fn finish(&self) -> u64 {
        mix(self.0)
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// A `BuildHasher` for [`FastHasher`].
pub(crate) type FastBuild = core::hash::BuildHasherDefault<FastHasher>;

thread_local! {
    /// The assignment bound's memory, kept between searches on this thread.
    static SCRATCH: core::cell::RefCell<Vec<assign::Scratch>> = const { core::cell::RefCell::new(Vec::new()) };
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        let mut seen = core::mem::take(&mut self.seen);
        seen.clear();
        TABLES.with(|t| {
            let mut t = t.borrow_mut();
            // Keep a few tables of moderate size (a key is about 200 bytes).
            if t.len() < 4 && seen.capacity() <= 4096 {
                t.push(seen);
            }
        });
        let scratch = core::mem::take(&mut self.scratch);
        SCRATCH.with(|s| {
            let mut s = s.borrow_mut();
            if s.len() < 4 {
                s.push(scratch);
            }
        });
    }
}

/// A bounded depth-first search over step sequences.
pub(crate) struct Search<'a> {
    /// The tokens to satisfy.
    pub goals: &'a Goals,
    /// A board the turn must end with, if any.
    pub target: Option<&'a Board>,
    /// Nodes expanded, for tests and tuning.
    pub nodes: u64,
    /// Children whose bound was computed, for tests and tuning.
    pub children: u64,
    scratch: assign::Scratch,
    seen: Seen,
}

impl<'a> Search<'a> {
    /// A search for `goals`, optionally for turns ending on `target`.
    pub fn new(goals: &'a Goals, target: Option<&'a Board>) -> Search<'a> {
        Search {
            goals,
            target,
            nodes: 0,
            children: 0,
            scratch: SCRATCH.with(|s| s.borrow_mut().pop()).unwrap_or_default(),
            seen: TABLES
                .with(|t| t.borrow_mut().pop())
                .unwrap_or_else(|| Seen::with_capacity_and_hasher(512, Default::default())),
        }
    }

    /// The bound of `node` at `depth`, which filter applies to its children when it has
    /// no slack by the cheap bound, and the steps that may help when it has none by
    /// the assignment bound.
    fn bound(
        &mut self,
        node: &Node,
        depth: u32,
        limit: u32,
    ) -> (Bound, Binding, Option<assign::Relevant>) {
        let (b, binding) = self.cheap_bound(node);
        self.with_assignment(node, depth, limit, b, binding)
    }

    /// The assignment bound added to the cheap bound `b` of `node` (see [`Search::bound`]).
    fn with_assignment(
        &mut self,
        node: &Node,
        depth: u32,
        limit: u32,
        mut b: Bound,
        mut binding: Binding,
    ) -> (Bound, Binding, Option<assign::Relevant>) {
        let mut relevant = None;
        // The assignment bound is dearer: asked only when the cheap parts do not prune.
        if !self.goals.is_empty() && depth + b.value <= limit {
            let budget = limit - depth;
            match self.goals.assignment(node, budget, &mut self.scratch) {
                Verdict::Exceeds => {
                    b.value = budget + 1;
                    binding = Binding::Unknown;
                }
                Verdict::Tight(r) => {
                    if b.value < budget {
                        b.value = budget;
                        binding = Binding::Unknown;
                    }
                    relevant = Some(r);
                }
                Verdict::Spare => {}
            }
        }
        (b, binding, relevant)
    }

    /// The bound from the tokens' cheap parts and the target.
    fn cheap_bound(&self, node: &Node) -> (Bound, Binding) {
        let b = self.goals.lower_bound(node);
        match self.target {
            Some(t) => {
                let (tb, fill) = Goals::target_bound(node.pos.board(), t, self.goals.side);
                let binding = if fill && tb >= b.value {
                    Binding::Fill
                } else if tb > b.value || self.goals.is_empty() {
                    Binding::Unknown
                } else {
                    Binding::Goals
                };
                (
                    Bound {
                        value: tb.max(b.value),
                        ..b
                    },
                    binding,
                )
            }
            None => (b, Binding::Goals),
        }
    }

    /// Whether the turn could end here with every token satisfied.
    fn is_leaf(&self, node: &Node) -> bool {
        node.pos.check_end_turn().is_ok()
            && self.goals.satisfied(node)
            && self.target.map_or(true, |t| node.pos.board() == t)
    }

    /// Visits every satisfying turn of at most `limit` steps from `root` (of exactly
    /// `limit` steps when `exact`), until the visitor says stop. Returns whether it
    /// stopped. Turns reaching a state already searched (same board, turn state, piece
    /// paths and token progress, at the same depth) are visited once.
    pub fn run(
        &mut self,
        root: &Node,
        limit: u32,
        exact: bool,
        visit: &mut dyn FnMut(&Node) -> Flow,
    ) -> bool {
        self.seen.clear();
        let (b, binding, relevant) = self.bound(root, 0, limit);
        if b.value > limit {
            return false;
        }
        self.dfs(root, &b, binding, relevant, 0, limit, exact, visit)
    }

    #[allow(clippy::too_many_arguments)]
    fn dfs(
        &mut self,
        node: &Node,
        bound: &Bound,
        binding: Binding,
        relevant: Option<assign::Relevant>,
        depth: u32,
        limit: u32,
        exact: bool,
        visit: &mut dyn FnMut(&Node) -> Flow,
    ) -> bool {
        if depth > 0
            && (!exact || depth == limit)
            && self.is_leaf(node)
            && visit(node) == Flow::Stop
        {
            return true;
        }
        if depth >= limit {
            return false;
        }
        self.nodes += 1;
        #[cfg(test)]
        STATS.with(|c| c.set((c.get().0 + 1, c.get().1)));
        let tight = depth + bound.value == limit;
        let cands = (tight && binding == Binding::Goals).then(|| self.goals.candidates(node));
        let steps = node.pos.legal_steps();
        let board = *node.pos.board();
        for &step in steps.iter() {
            // With no step to spare by the assignment bound, only steps that can lower
            // it.
            if relevant.is_some_and(|r| !r.may_help(node, self.goals.side, step)) {
                continue;
            }
            if tight {
                if binding == Binding::Fill {
                    // The fill count binds: the step must put the right piece on a
                    // square of the target.
                    let ok = match (self.target, step.to(), board.piece_at(step.from)) {
                        (Some(t), Some(to), Some(x)) => t.piece_at(to) == Some(x),
                        _ => true,
                    };
                    if !ok {
                        continue;
                    }
                } else if let Some(c) = &cands {
                    if !self.goals.may_progress(node, c, bound, step) {
                        continue;
                    }
                }
            }
            let mut child = node.clone();
            child.apply(step, self.goals);
            self.children += 1;
            #[cfg(test)]
            STATS.with(|c| c.set((c.get().0, c.get().1 + 1)));
            if depth + 1 == limit {
                // The last step: an admissible bound is zero exactly when the turn
                // could end here satisfied, so the leaf test alone decides.
                if self.is_leaf(&child) && visit(&child) == Flow::Stop {
                    return true;
                }
                continue;
            }
            let (cb, cbinding) = self.cheap_bound(&child);
            if depth + 1 + cb.value > limit {
                continue;
            }
            // A state met before at this depth has been searched (or pruned) already;
            // its bound depends on the state alone.
            if USE_TT
                && !self
                    .seen
                    .insert(child.key(depth + 1, self.goals.named_squares))
            {
                continue;
            }
            let (cb, cbinding, crelevant) =
                self.with_assignment(&child, depth + 1, limit, cb, cbinding);
            if depth + 1 + cb.value > limit {
                continue;
            }
            if self.dfs(
                &child,
                &cb,
                cbinding,
                crelevant,
                depth + 1,
                limit,
                exact,
                visit,
            ) {
                return true;
            }
        }
        false
    }
}
