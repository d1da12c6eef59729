//! The search over step sequences behind resolution and writing.
//!
//! Lightvector tokens speak about the paths of pieces (which squares a piece visited,
//! where it ended, which steps it took in which order), so the search walks step
//! sequences rather than distinct boards. A [`Node`] carries the position, the pieces
//! that have moved or died so far with the squares they visited, and how far the
//! direction tokens have been matched.
//!
//! [`Search::run`] walks every legal step sequence depth first up to a step limit and
//! leaves out only what cannot change which turns it visits, up to their order:
//! - a branch where the admissible lower bound of [`Goals::bound`] (and, for a target
//!   board, [`target_bound`]; near the root, for capture tokens about the opponent's
//!   pieces, the exact [`Goals::capture_bound`]; everywhere, [`Events::least`]) says
//!   the tokens cannot all hold within the steps left (the bound is asked two steps
//!   from the end only when the root's leaves fewer than two steps to spare: with more,
//!   the rules below cut there at less cost, as measured);
//! - with no step to spare, a step that does none of what the rest of the turn must
//!   do ([`Events::admits_next`]; towards a target, one that arrives on no square that
//!   needs a piece and leaves none that must be left, [`target_squares`]); as the last
//!   step, one that does not do all of it ([`Events::admits_last`]);
//! - with no step to spare outside pushes and pulls ([`Events::pairs_only`]), a step
//!   of the mover that starts no pull ([`Events::paired_from`]);
//! - with two steps left, a first step that commutes with every last step that can
//!   finish the turn ([`Search::idle`]): the search plays that turn in the other order;
//!   and a first step that does not arrive where the last one needs a piece
//!   ([`Events::first_of_two`]);
//! - as the last step, when the tokens still need an enemy piece's step, any step but
//!   the pull ready now;
//! - a state met before at the same depth: same pending push, same possible pull,
//!   same progress on the direction tokens, and the same facts about every piece's
//!   path that a token can see, which give the same board ([`Node::key`]); everything
//!   below it, the bound included, depends on those alone.

use std::collections::HashSet;

use crate::{Bitboard, Board, Color, Piece, PieceKind, Square, Step, TurnState};

use super::goals::{dist, Cx, Events, Goals, INF};
use super::node::{Node, StateKey};

pub(crate) use crate::hash::MixBuild;

/// What a visitor tells the search to do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Keep searching.
    Continue,
    /// Stop the whole search.
    Stop,
}

/// The states a search has met (see [`Node::key`]); kept from one search to the next
/// by a caller that runs many, so that its memory is reused.
#[derive(Default)]
pub(super) struct Table(HashSet<StateKey, MixBuild>);

/// A depth-first search over step sequences, cut by exact means only.
pub(crate) struct Search<'a> {
    goals: &'a Goals,
    target: Option<&'a Board>,
    /// The board the turn started from (a turn may not end on it).
    start: &'a Board,
    seen: &'a mut Table,
    /// The root of the last run and its [`Goals::capture_bound`].
    root_capture: Option<(TurnState, u32)>,
    /// The steps the last run's limit leaves to spare over the root's bound.
    spare: u32,
}

impl<'a> Search<'a> {
    /// A search for turns satisfying `goals`, and ending on `target` if given, in a turn
    /// that started from `start`, keeping the states it meets in `seen` (emptied at each
    /// run).
    pub fn new(
        goals: &'a Goals,
        target: Option<&'a Board>,
        start: &'a Board,
        seen: &'a mut Table,
    ) -> Search<'a> {
        Search {
            goals,
            target,
            start,
            seen,
            root_capture: None,
            spare: 0,
        }
    }

    /// A lower bound on the steps still needed from `node`.
    fn bound(&self, node: &Node, cap: u32) -> u32 {
        match self.target {
            Some(t) => target_bound(node, t).max(self.goals.bound(node, cap)),
            None => self.goals.bound(node, cap),
        }
    }

    /// Whether the turn could end here with every token satisfied.
    fn is_leaf(&self, node: &Node) -> bool {
        node.state.check_end_turn(self.start).is_ok()
            && self.goals.satisfied(node)
            && self.target.map_or(true, |t| node.state.board() == t)
    }

    /// Visits every satisfying turn of at most `limit` steps from `root` (of exactly
    /// `limit` steps when `exact`), until the visitor says stop; returns whether it
    /// stopped. A turn is visited in one order of its steps at least (the same final
    /// state may be visited more than once: the last step is taken without the table),
    /// with the same position, paths and deaths.
    pub fn run(
        &mut self,
        root: &Node,
        limit: u32,
        exact: bool,
        visit: &mut dyn FnMut(&Node) -> Flow,
    ) -> bool {
        self.seen.0.clear();
        let bound = self.bound(root, limit);
        if bound > limit {
            return false;
        }
        self.spare = limit - bound;

        if self.goals.has_enemy_capture() {
            // Computed once per root: iterative deepening runs from the same one.
            let at_root = match &self.root_capture {
                Some((pos, c)) if pos == &root.state => *c,
                _ => {
                    let c = self.goals.capture_bound(root);
                    self.root_capture = Some((root.state, c));
                    c
                }
            };
            if at_root > limit {
                return false;
            }
        }

        let events = self.goals.events(root);
        if events.least() > limit {
            return false;
        }
        self.dfs(root, &events, 0, limit, exact, visit)
    }

    /// Searches below `node` (at `depth`, with its [`Goals::events`]).
    fn dfs(
        &mut self,
        node: &Node,
        events: &Events,
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

        let left = limit - depth;
        if left == 1 {
            return self.last_steps(node, events, visit);
        }
        let Some(filter) = StepFilter::new(node, events, self.target, left) else {
            return false;
        };

        for &step in node.state.legal_steps().iter() {
            if !filter.admits(node, events, step) {
                continue;
            }

            let mut child = node.clone();
            self.goals.play(&mut child, step);
            if left == 2 {
                // One step left below: the events decide which steps to play, which
                // is cheaper than the bound and the table.
                let below = self.goals.events(&child);
                if (!exact && self.is_leaf(&child) && visit(&child) == Flow::Stop)
                    || self.last_steps(&child, &below, visit)
                {
                    return true;
                }
                continue;
            }

            if !self.worth_searching(&child, depth + 1, limit) {
                continue;
            }
            let below = self.goals.events(&child);
            if depth + 1 + below.least() > limit {
                continue;
            }
            if self.dfs(&child, &below, depth + 1, limit, exact, visit) {
                return true;
            }
        }

        false
    }

    /// Whether `child` (at `depth`, with more than one step left below it) is worth a
    /// search: no bound rules it out within `limit`, and it is not a state met before.
    #[inline(always)]
    fn worth_searching(&mut self, child: &Node, depth: u32, limit: u32) -> bool {
        let left = limit - depth;
        // With two steps left below, the bound pays for itself only when the root's
        // bound left fewer than two steps to spare (otherwise the events and the
        // choice of the first and last steps below cut at less cost: measured).
        let bounded = left > 2 || self.spare < 2;
        if (bounded && depth + self.bound(child, left) > limit)
            || !self.seen.0.insert(child.key(depth, self.goals.named))
        {
            return false;
        }
        // The exact capture bound costs a capture search; it pays for itself only at
        // the root's children, with two or more steps left below them.
        !(depth == 1 && limit >= 3 && 1 + self.goals.capture_bound(child) > limit)
    }
}

/// Which of a node's legal steps the search plays, with `left` steps left (two or
/// more): the cuts that need no child.
struct StepFilter {
    /// With no step to spare, every step must do some of what the tokens need.
    narrow: bool,
    /// With no step to spare outside pushes and pulls, every step is in one (a push
    /// under way: every legal step completes it): the squares such steps leave.
    paired_from: Bitboard,
    /// Towards a target: the squares that need a piece, and those that must be left.
    arrive: Bitboard,
    depart: Bitboard,
    /// Whether every step left must arrive on `arrive`, or leave `depart`.
    all_arrive: bool,
    all_depart: bool,
    /// With two steps left: the squares the last step can touch, when it can do all
    /// that is left (see `Search::idle`), and those the first of the two must arrive on.
    last: Option<Bitboard>,
    reach: Bitboard,
}

impl StepFilter {
    /// The filter at `node`; `None` when a target needs more arrivals or departures than
    /// the steps left.
    #[inline(always)]
    fn new(node: &Node, events: &Events, target: Option<&Board>, left: u32) -> Option<StepFilter> {
        let board = node.state.board();
        let paired_from = if node.state.pending_push().is_none() && events.pairs_only(left) {
            Events::paired_from(board, node.state.side_to_move())
        } else {
            Bitboard::FULL
        };

        let (arrive, depart) = match target {
            Some(t) => target_squares(board, t),
            None => (Bitboard::EMPTY, Bitboard::EMPTY),
        };
        let (arrivals, departures) = (arrive.count(), depart.count());
        if arrivals.max(departures) > left {
            return None;
        }

        let (last, reach) = match (left, node.state.pending_push()) {
            (2, None) => (events.last_squares(board), events.first_of_two(node)),
            _ => (None, Bitboard::FULL),
        };

        Some(StepFilter {
            narrow: events.cover() == left,
            paired_from,
            arrive,
            depart,
            all_arrive: arrivals == left,
            all_depart: departures == left,
            last,
            reach,
        })
    }

    /// Whether the search plays `step` at `node`.
    #[inline(always)]
    fn admits(&self, node: &Node, events: &Events, step: Step) -> bool {
        if self.narrow && !events.admits_next(node.state.board(), step) {
            return false;
        }
        if !self.paired_from.contains(step.from)
            || !step.to().is_some_and(|t| self.reach.contains(t))
        {
            return false;
        }
        if self.last.is_some_and(|k| Search::idle(node, k, step)) {
            return false;
        }
        // Towards a target with no step to spare, every step arrives on a square that
        // needs a piece, or leaves one that must be left.
        let arrives = || step.to().is_some_and(|t| self.arrive.contains(t));
        (!self.all_arrive || arrives()) && (!self.all_depart || self.depart.contains(step.from))
    }
}

impl Search<'_> {
    /// Whether the first of the last two steps, `step`, can be left out because the
    /// search plays the same turns in the other order. No push is under way, and one
    /// step can do all the turn must still do ([`Events::last_squares`]): arrive on one
    /// square, take the one letter left, or both (and perhaps kill); `last` holds every
    /// square such a step can leave or enter, and every piece that may take the letter.
    ///
    /// It can when `step` moves a piece of the mover from `a` to `b`, both squares off
    /// the traps, neither of them on or beside a square of `last`, and no trap beside
    /// `a` or `b` holds a piece of the mover. A satisfying turn `step`, `s` has a last
    /// step `s` that does what is left ([`Events::admits_last`]), so it touches squares
    /// of `last` only (its piece stood there before `step`: had `step` brought it beside
    /// the square to arrive on, `b` would be beside a square of `last`). The two steps
    /// commute: neither touches the other's squares or their neighbours (so neither
    /// frees nor freezes the other's piece, and `s` moves a piece of the mover or a
    /// piece `step` could not have pulled), neither changes
    /// the supporters of a trap where the other could kill (`step` kills nothing; `s`
    /// can kill only a piece of the mover on a trap beside the square it leaves, or its
    /// own piece where it enters). In the other order they reach the same position with
    /// the same paths and deaths, and the same tokens hold: `step` takes no letter that
    /// matters (a piece that could take the letter stands on `last`), so the letter is
    /// taken by `s` in both orders. The search plays that order: `s` first (it is not
    /// left out: it touches `last`), then `step` among the last steps (it does all the
    /// tokens still need).
    pub(super) fn idle(node: &Node, last: Bitboard, step: Step) -> bool {
        let (a, Some(b)) = (step.from, step.to()) else {
            return false;
        };
        let squares = Bitboard::from_square(a).with(b);
        let zone = squares | Bitboard::adjacent(a) | Bitboard::adjacent(b);
        let own = node.state.board().color(node.state.side_to_move());
        own.contains(a)
            && (squares & Bitboard::TRAPS).is_empty()
            && (zone & Bitboard::TRAPS & own).is_empty()
            && (zone & last).is_empty()
    }

    /// Visits the satisfying turns that `node`'s last step ends: only the steps its
    /// `events` admit as the last one and, for a target board, that leave a square
    /// where the board differs from it (the square a step leaves becomes empty) are
    /// played; the leaf test decides.
    fn last_steps(
        &self,
        node: &Node,
        events: &Events,
        visit: &mut dyn FnMut(&Node) -> Flow,
    ) -> bool {
        if events.least() > 1 {
            return false;
        }

        let board = node.state.board();
        let differ = self.target.map_or(Bitboard::FULL, |t| differing(board, t));
        let admitted = |step: Step| differ.contains(step.from) && events.admits_last(board, step);
        let mut play = |step: Step| {
            let mut child = node.clone();
            self.goals.play(&mut child, step);
            self.is_leaf(&child) && visit(&child) == Flow::Stop
        };

        // An enemy piece takes the last step only when pulled (a push takes two); when
        // the tokens still need an enemy piece's step (an enemy letter, or an enemy
        // piece's death, which only an enemy piece's step causes), that pull is the
        // last step.
        let movable = if events.needs_enemy_step() {
            node.pullable()
        } else {
            board.color(node.state.side_to_move()) | node.pullable()
        };

        match events.last_candidates(board) {
            // A few steps, each checked for legality.
            Some(mut steps) => steps.any(|step| {
                movable.contains(step.from)
                    && admitted(step)
                    && node.state.is_legal_step(step)
                    && play(step)
            }),
            None => node
                .state
                .legal_steps()
                .iter()
                .any(|&step| movable.contains(step.from) && admitted(step) && play(step)),
        }
    }
}

/// Towards `target`: the squares some step must still arrive on (the target has a
/// piece there that the board has not: the piece ending there arrives last), and the
/// squares off the traps some step must still leave (the board has a piece there that
/// the target has not: off a trap, a piece only goes by stepping). A step arrives on one
/// square and leaves one, so the steps left are at least as many as either.
pub(super) fn target_squares(board: &Board, target: &Board) -> (Bitboard, Bitboard) {
    let differ = differing(board, target);
    (
        differ & target.occupied(),
        differ & board.occupied() & !Bitboard::TRAPS,
    )
}

/// The squares where boards `a` and `b` differ.
pub(super) fn differing(a: &Board, b: &Board) -> Bitboard {
    PieceKind::ALL.iter().fold(
        (a.occupied() ^ b.occupied()) | (a.color(Color::Gold) ^ b.color(Color::Gold)),
        |acc, &k| acc | (a.kind(k) ^ b.kind(k)),
    )
}

/// A lower bound on the steps needed from `node` to a turn ending on `target`.
///
/// For each piece letter, every square that `target` has that letter on and the board
/// does not must be filled by a piece of that letter ending there (a different piece
/// for each square), at least as far away as the nearest piece of the letter; and
/// every piece of the letter that must die walks to a trap first (other pieces than
/// those, the nearest ones at best). These piece-steps add up over letters; `own` of
/// them are the mover's, `enemy` the opponent's (see [`Cx::turn_steps`]).
pub(super) fn target_bound(node: &Node, target: &Board) -> u32 {
    let board = node.state.board();
    let side = node.state.side_to_move();
    let (mut own, mut enemy) = (0u32, 0u32);

    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let p = Piece::new(color, kind);
            let (have, want) = (board.pieces(p), target.pieces(p));
            if have == want {
                continue;
            }

            let mut steps = 0u32;
            for f in want & !have {
                steps += have.iter().map(|q| dist(q, f)).min().unwrap_or(INF);
            }

            let deaths = have.count().saturating_sub(want.count()) as usize;
            if deaths > 0 {
                let mut d = [INF; 16];
                for (slot, q) in d.iter_mut().zip(have) {
                    *slot = trap_dist(q);
                }
                d.sort_unstable();
                steps += d.iter().take(deaths).sum::<u32>();
            }

            if color == side {
                own += steps;
            } else {
                enemy += steps;
            }
        }
    }

    Cx::new(node, side).turn_steps(own.min(INF), enemy.min(INF))
}

/// The distance from `sq` to the nearest trap.
pub(super) fn trap_dist(sq: Square) -> u32 {
    u32::from(sq.trap_distance())
}
