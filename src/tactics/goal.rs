//! The goal query: the fewest steps to end the turn with a rabbit on its goal rank.

use crate::TurnState;
use crate::{Bitboard, Board, Color, Direction, Move, PieceKind, Position, Step};
use std::ops::{BitOr, BitOrAssign};

use super::any_step_touching;

impl Position {
    /// A shortest way to end the turn with a rabbit of the side to move on its goal rank,
    /// using at most the steps the turn has left; `None` when the turn cannot end so.
    /// The move's [`len`](Move::len) is the fewest steps, counted from the current state
    /// of the turn, and [`Position::play`] accepts the move as it is.
    ///
    /// What counts is the board when the turn ends, the board the rules judge: a rabbit
    /// of the mover on its goal rank then wins the game whatever else stands on the board
    /// (an enemy rabbit on its own goal rank is the opponent's goal, which the rules rank
    /// second). Rabbits pushed or pulled onto a goal rank and off it again within the
    /// turn do not count, and the mover's own rabbits can only move by their own steps.
    /// A position knows no game: in a [`Game`](crate::Game), ask
    /// [`Game::goal_move`](crate::Game::goal_move), which answers only when a movement
    /// turn is due and under its step limit.
    ///
    /// In the middle of a turn that could end now with a rabbit on its goal rank, the
    /// answer is the empty move (0 steps): ending the turn at once. Otherwise the answer
    /// is the shortest of the moves [`Position::legal_moves`] lists whose board has such a
    /// rabbit (tests check this on real and random positions).
    ///
    /// ```
    /// use arimaa::{Color, Position};
    /// // Gold's rabbit on d6 walks d6n d7n.
    /// let pos: Position = "g [    e              R                    Dc    r             E   ]".parse()?;
    /// let goal = pos.goal_move().expect("a goal in two steps");
    /// assert_eq!(goal.len(), 2);
    /// assert!(pos.after(&goal)?.board().rabbit_on_goal(Color::Gold));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Defensive use
    /// The defensive use reads naturally: after a candidate move, ask the opponent's goal
    /// query on the resulting position (the side to move there is the opponent).
    ///
    /// ```
    /// use arimaa::{Color, Position};
    /// // Gold: rabbit d6, dog a3, elephant e1. Silver: elephant e8, cat b3, rabbit g3, two
    /// // steps from rank 1.
    /// let pos: Position = "g [    e              R                    Dc    r             E   ]".parse()?;
    /// let moves = pos.legal_moves();
    /// // Gold's moves after which Silver cannot reach its goal next turn.
    /// let safe: Vec<_> = moves
    ///     .iter()
    ///     .filter(|m| pos.after(m).is_ok_and(|after| after.goal_move().is_none()))
    ///     .collect();
    /// assert!(!safe.is_empty() && safe.len() < moves.len());
    /// // Better still, Gold wins at once: Silver's threat does not matter.
    /// let win = pos.goal_move().expect("Gold's rabbit is two steps from rank 8");
    /// assert!(pos.after(&win)?.board().rabbit_on_goal(Color::Gold));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn goal_move(&self) -> Option<Move> {
        // The cheapest "no"s first, before the rest of the query is set up: no rabbit
        // within reach, or with four steps left only rabbits four ranks away, each with
        // a square straight ahead that costs more than its step (neither answers the
        // empty move: no rabbit on its goal rank). With four steps left and a rabbit
        // within three ranks neither applies (it is within reach, and not four ranks
        // away): that test first, the most frequent past the first exit. With four steps
        // left and only rabbits four ranks away past those, their straight walk answers
        // (`walk_from_four_ranks`), not the search.
        let state = self.turn_state();
        let side = state.side_to_move();
        let rabbits = state.board().pieces(PieceKind::Rabbit.of(side));
        let four = state.steps_left() == 4;
        if !(four && (rabbits & ranks_within(side, 3)).any()) {
            if !rabbit_within_reach(state) || (four && blocked_four_away(state)) {
                return None;
            }
            if four {
                return walk_from_four_ranks(state);
            }
        }
        self.goal_move_within_reach()
    }

    /// [`Position::goal_move`] past its first exits, out of line: the positions those
    /// settle (most of a game's) pay no more than their tests, not this body's prologue.
    #[inline(never)]
    fn goal_move_within_reach(&self) -> Option<Move> {
        self.goal_move_by::<true>()
    }

    /// The goal query by the plain search, as it was before the fast rules (no decisions
    /// of one and two steps, no region with three steps to go, no walls of
    /// [`immovable`] pieces in the path bound, steps from the list of
    /// [`TurnState::legal_steps`] at nodes with slack): the reference the fast search is
    /// tested against.
    #[cfg(test)]
    pub(crate) fn plain_goal_move(&self) -> Option<Move> {
        self.goal_move_by::<false>()
    }

    /// The goal query, by the fast search (`FAST`) or the plain one.
    fn goal_move_by<const FAST: bool>(&self) -> Option<Move> {
        let state = self.turn_state();
        let start = self.turn_start_board();
        if !FAST
            && state.board().rabbit_on_goal(state.side_to_move())
            && self.check_end_turn().is_ok()
        {
            return Some(Move::EMPTY);
        }

        let left = state.steps_left();
        // With four steps, the fast search keeps the costs and layers the path bound is
        // read from, for the searches below that read the same ones.
        let mut layers = None;
        let mut passing = if FAST && left == 4 {
            let passing;
            (passing, layers) = paths_within_reached(state);
            passing
        } else {
            path_bound(state, left, Bitboard::EMPTY)
        };
        // The fast search asks the board's own goal (the empty move) only when the path
        // bound is 0: exactly when a rabbit of the mover stands on its goal rank (both
        // forms test that first, and count a step per rank otherwise).
        if FAST && passing == 0 && self.check_end_turn().is_ok() {
            return Some(Move::EMPTY);
        }
        if passing > left {
            return None;
        }
        let board = state.board();
        let side = state.side_to_move();
        let rabbits = board.pieces(PieceKind::Rabbit.of(side));
        let mut walls = Bitboard::EMPTY;
        if FAST {
            // The walls only where the path bound without them leaves a chance, and
            // before the goal bound (which reads neither): in the archive they settle ten
            // times as many positions as it does.
            walls = if left == 4 {
                walls_that_may_raise(state, passing)
            } else {
                self::walls(state, left)
            };
            // With no walls the bound is the one above (the same state, steps and walls),
            // and so it is when that bound is at most one more than the fewest ranks `d`
            // from a rabbit of the mover to its goal: a path of `passing` from a rabbit
            // `d' >= d` ranks away enters `d'` squares or more, so it enters no square of
            // cost three (it would cost `d' + 2` or more), and the walls are such squares
            // (enemy pieces not on a trap, not pullable): it is a path with the walls too,
            // and the walls never lower the bound.
            // With four steps the walls are none unless they may raise it.
            if walls.any() && (left == 4 || walls_may_raise(passing, side, rabbits)) {
                passing = if left == 4 {
                    // Derived from those without walls (`PathLayers::with_walls`; both
                    // wall sets are enemy pieces of cost three), the bound read from
                    // them as `paths_within` reads it.
                    match &layers {
                        Some(l) => {
                            let derived = l.with_walls(side, walls, 4);
                            let passing = derived.path_bound(rabbits, 4);
                            layers = Some(derived);
                            passing
                        }
                        None => {
                            let passing;
                            (passing, layers) = paths_within(state, 4, walls);
                            passing
                        }
                    }
                } else {
                    path_bound(state, left, walls)
                };
                if passing > left {
                    return None;
                }
            }
        }
        let bound = goal_lower_bound(state, frozen_rabbits(board, side, rabbits));
        if bound.steps > left {
            return None;
        }

        let mut path = Move::EMPTY;
        // Iterative deepening from the bounds: the first limit that succeeds gives a
        // shortest turn.
        // The fast search passes the root's goal bound on: it reads the state only, not
        // the limit (the plain search computes it again, as before).
        let known = if FAST { Some(&bound) } else { None };
        let mut limits = bound.steps.max(passing).max(1)..left;
        // With four steps left the fast search asks `rabbits_asked_in_three` before its
        // passes with fewer: none when no goal within three (the passes would all fail),
        // otherwise the rabbits the pass with three need not ask
        // `frozen_behind_enemy_pieces` about again (only that pass reads them).
        let mut asked = Bitboard::EMPTY;
        if FAST && left == 4 && limits.start <= 3 {
            match rabbits_asked_in_three(state, &bound, layers.as_ref()) {
                Some(rabbits) => asked = rabbits,
                None => limits = left..left,
            }
        }
        for limit in limits {
            let given = (known, layers.as_ref(), asked);
            if goal_search_given::<FAST>(state, start, limit, &mut path, given) {
                return Some(path);
            }
        }
        // The last limit, all the steps left: the bounds `goal_search` would compute
        // first are those above (the same state and limit); with one or two steps the
        // fast search decides directly instead.
        let found = if left == 0 {
            false
        } else if FAST && left <= 2 {
            goal_search::<FAST>(state, start, left, &mut path)
        } else {
            search_within_bounds::<FAST>(
                state,
                start,
                left,
                &mut path,
                (passing, walls),
                &bound,
                (layers.as_ref(), Bitboard::EMPTY),
            )
        };
        found.then_some(path)
    }
}

/// Whether a rabbit of the side to move stands within as many ranks of its goal rank as
/// the turn has steps left (on its goal rank included): when none does, the goal query's
/// answer is `None`, which [`Position::goal_move`] returns before anything else.
///
/// Exact: the empty move answers only when a rabbit of the mover stands on its goal rank
/// now (the board the turn would end with). Otherwise a goal ends the turn with a rabbit
/// of the mover on its goal rank, and that rabbit moved there by its own steps (the mover
/// cannot push or pull its own pieces), one rank per forward step at most: from `d`
/// ranks away it takes `d` steps or more, so one more than `steps_left` ranks away it
/// cannot arrive in time.
#[inline(always)]
fn rabbit_within_reach(pos: &TurnState) -> bool {
    let side = pos.side_to_move();
    let rabbits = pos.board().pieces(PieceKind::Rabbit.of(side));
    (rabbits & ranks_within(side, pos.steps_left())).any()
}

/// Whether the mover's rabbits within four ranks of their goal rank all stand exactly four
/// ranks away, none with the four squares straight ahead empty or traps: then the path
/// bound for four ([`paths_within`], no walls) exceeds four, found without its layers.
///
/// Exact: the bound counts, for each rabbit within four ranks, the fewest over its paths
/// of forward and sideways steps to the goal rank of the entering costs of their squares,
/// each at least one, and exactly one for an empty square or a trap ([`path_costs`]). A
/// path from four ranks away takes four forward steps, so it costs four or less only with
/// no sideways step and every square entered of cost one: the four squares straight
/// ahead, empty or traps. With four steps left, [`Position::goal_move`] answers `None`
/// then: the bound exceeds the steps left, and no rabbit stands on its goal rank (no
/// empty move).
#[inline(always)]
fn blocked_four_away(pos: &TurnState) -> bool {
    let side = pos.side_to_move();
    let board = pos.board();
    let rabbits = board.pieces(PieceKind::Rabbit.of(side));
    if (rabbits & ranks_within(side, 3)).any() {
        return false;
    }
    let open = !board.occupied() | Bitboard::TRAPS;
    let mut ahead = rabbits & rank_band(side, 4);
    for _ in 0..4 {
        ahead = ahead.shift(forward(side)) & open;
    }
    ahead.is_empty()
}

/// The goal query's answer with four steps left when the mover's rabbits within four
/// ranks of their goal rank all stand exactly four ranks away (none within three): the
/// straight walk of the first of them that walks ([`straight_walk`]), four forward
/// steps, or `None`.
///
/// Exact: no rabbit stands on its goal rank, so the empty move answers nothing (it is no
/// goal), and a goal ends the turn with a rabbit `R` of the mover on its goal rank. The
/// mover's rabbits move only by their own steps (the enemy's pieces do not move them; the
/// mover cannot push or pull its own), one rank at most and never backwards, so `R` was
/// four ranks away (none is nearer) and the four steps are its four forward steps, in
/// this order: the only goals are such walks, each of the fewest steps (four, as the
/// search's bounds give), and whichever walks answers; [`straight_walk`] gives when they
/// are legal. After the fourth step the turn may end: steps taken, no push waiting, and
/// the board is not the start's (a rabbit of the mover on its goal rank, none at the
/// start: four steps left means none taken).
#[cold]
#[inline(never)]
fn walk_from_four_ranks(pos: &TurnState) -> Option<Move> {
    let side = pos.side_to_move();
    let rabbits = pos.board().pieces(PieceKind::Rabbit.of(side)) & rank_band(side, 4);
    let x = straight_walk(pos, rabbits, 4)?;
    let fwd = forward(side);
    let a = Step::new(x, fwd).to_on_board();
    let b = Step::new(a, fwd).to_on_board();
    let c = Step::new(b, fwd).to_on_board();
    Some(Move::from_path(&[
        Step::new(x, fwd),
        Step::new(a, fwd),
        Step::new(b, fwd),
        Step::new(c, fwd),
    ]))
}

/// The first rabbit of `rabbits` (the mover's, each `n` ranks from its goal rank, `n`
/// three or four, no push waiting) whose `n` forward steps to its goal rank are legal one
/// after the other now, if any: the walks of [`walk_from_three_ranks`] and
/// [`walk_from_four_ranks`]. Write `x` for the rabbit's square and `s1`, ..., `sn` for the
/// squares straight ahead, `sn` on the goal rank.
///
/// Exact: a rabbit's step begins no push, and the rabbit `R` makes every step, so the
/// steps are legal exactly when `s1` to `sn` are empty and `R` is unfrozen before each
/// step and not captured on entering a trap. The enemy pieces stay (a step of the mover
/// captures only pieces of the mover). The traps lie two and five ranks from each goal, so
/// `sn` and `s(n-1)` are none and a square of the walk that is one (`s(n-2)`) keeps `R`
/// only with a friend beside it, which unfreezes it too. A step captures at most a piece
/// of the mover on a trap beside the square it leaves: from `x`, on `s1` (empty) or on a
/// trap a rank behind (five ranks away, with `n = 4`), beside no later square; from a
/// square two ranks away, on a trap beside it along its rank, diagonal to the square
/// ahead; from the other squares, on none (the trap ahead is the walk's next square,
/// empty). So `R` is unfrozen on `x` with the friends beside `x` now and on each later
/// square with the friends beside it but on `x` (emptied; the others were empty before
/// `R` entered them), or with no enemy piece but rabbits beside it (the enemy pieces stay;
/// an enemy rabbit never freezes a rabbit).
#[inline]
fn straight_walk(pos: &TurnState, rabbits: Bitboard, n: u8) -> Option<crate::Square> {
    let side = pos.side_to_move();
    let board = pos.board();
    let fwd = forward(side);
    let back = Direction::backwards(side);
    let own = board.color(side);
    let freezers = rabbit_freezers(board, side);
    // The rabbits with the `n` squares ahead empty.
    let mut open = !board.occupied();
    let mut walkers = rabbits;
    for _ in 0..n {
        open = open.shift(back);
        walkers &= open;
    }
    walkers.iter().find(|&x| {
        let friends = own.without(x);
        let mut sq = x;
        (0..n).all(|_| {
            let beside = Bitboard::adjacent(sq);
            let unfrozen = (beside & friends).any()
                || (!Bitboard::TRAPS.contains(sq) && (beside & freezers).is_empty());
            sq = Step::new(sq, fwd).to_on_board();
            unfrozen
        })
    })
}

/// The squares at most `d` ranks from `color`'s goal rank (the goal rank included), read
/// from a table by colour and `d` (`d > 7` read as 7, every square).
#[inline(always)]
fn ranks_within(color: Color, d: u8) -> Bitboard {
    Bitboard(RANKS_WITHIN[color.index()][usize::from(d.min(7))])
}

/// The sets of [`ranks_within`] by colour (Gold, Silver) and `d <= 7`, filled by shifts.
const RANKS_WITHIN: [[u64; 8]; 2] = {
    let mut sets = [[0; 8]; 2];
    let mut d = 0;
    while d < 8 {
        sets[0][d] = u64::MAX << (8 * (7 - d));
        sets[1][d] = u64::MAX >> (8 * (7 - d));
        d += 1;
    }
    sets
};

/// The pieces that can freeze a rabbit of `side`: every enemy piece but the enemy
/// rabbits (a rabbit is the weakest kind, so every other enemy kind is stronger than a
/// rabbit and no rabbit is).
#[inline]
fn rabbit_freezers(board: &Board, side: Color) -> Bitboard {
    board.color(!side) & !board.pieces(PieceKind::Rabbit.of(!side))
}

/// The squares of `color`'s rabbits that are `d` steps from their goal rank (the rank
/// `d` ranks from it towards the mover's side; none when `d > 7`), the goal rank being
/// the eighth for Gold and the first for Silver (a test keeps the form by
/// [`Rank`](crate::Rank)): read from a table by colour and `d` (`d > 7` read as 8, the
/// empty band), filled by shifts.
#[inline]
fn rank_band(color: Color, d: u8) -> Bitboard {
    Bitboard(RANK_BANDS[color.index()][usize::from(d.min(8))])
}

/// The bands of [`rank_band`]: for each colour (Gold, Silver), the rank `d` ranks from its
/// goal rank for `d <= 7`, and none for `d = 8`.
const RANK_BANDS: [[u64; 9]; 2] = {
    let mut bands = [[0; 9]; 2];
    let mut d = 0;
    while d < 8 {
        bands[0][d] = 0xff << (8 * (7 - d));
        bands[1][d] = 0xff << (8 * d);
        d += 1;
    }
    bands
};

/// Whether walls may raise a path bound of `passing` found without them, for the mover
/// `side` with `rabbits`: only when it exceeds the fewest ranks to the goal by two or more
/// (the proof is at the root, in `goal_move_by`).
#[inline]
fn walls_may_raise(passing: u8, side: Color, rabbits: Bitboard) -> bool {
    passing > nearest_rank(side, rabbits).saturating_add(1)
}

/// The fewest ranks from one of `rabbits`, rabbits of `color`, to its goal rank (`u8::MAX`
/// when there is none).
#[inline]
fn nearest_rank(color: Color, rabbits: Bitboard) -> u8 {
    if rabbits.is_empty() {
        return u8::MAX;
    }
    (match color {
        Color::Gold => 7 - (63 - rabbits.0.leading_zeros()) / 8,
        Color::Silver => rabbits.0.trailing_zeros() / 8,
    }) as u8
}

/// The direction of a rabbit of `color` towards its goal.
#[inline]
fn forward(color: Color) -> Direction {
    Direction::backwards(color).opposite()
}

/// The rabbits that need steps besides their own forward steps: `one` holds those that
/// need at least one (frozen ones: another piece must move before they can; ones whose
/// square ahead is taken: they step aside, or another piece leaves that square first),
/// `two` those that need at least two: frozen with an enemy piece ahead (a friend
/// arriving frees the rabbit and it still steps aside or waits for the enemy piece to
/// go, which takes a push or a pull of two steps), unless a pull under way could move
/// that piece in one step.
#[derive(Clone, Copy)]
struct Hindered {
    one: Bitboard,
    two: Bitboard,
}

#[inline]
fn hindered(pos: &TurnState, rabbits: Bitboard, frozen: Bitboard) -> Hindered {
    let side = pos.side_to_move();
    let board = pos.board();
    let back = Direction::backwards(side);
    let frozen = rabbits & frozen;
    let ahead_taken = rabbits & board.occupied().shift(back);
    // A pull under way may move a weaker enemy piece beside its square in one step.
    let pullable = pos.pullable();
    let two = frozen & (board.color(!side) & !pullable).shift(back);
    Hindered {
        one: frozen | ahead_taken,
        two,
    }
}

/// The squares of `these`, rabbits of `color`, moved back (away from their goal) by
/// `extra` ranks, `extra <= 2`: a rabbit `d` ranks from its goal stands `d + extra`
/// ranks from it then, and drops off the board when `d + extra > 7`. So the nearest
/// rank ([`nearest_rank`]) of the union of such sets is the fewest of `d + extra` over
/// their rabbits when it is at most 7, and `u8::MAX` when it is more (or no rabbit):
/// a count above four, more than a turn's steps, which every reader of
/// [`goal_lower_bound`] reads as "no goal" as it reads `u8::MAX`.
#[inline(always)]
fn counted_back(color: Color, these: Bitboard, extra: u8) -> Bitboard {
    let ranks = 8 * u32::from(extra);
    Bitboard(match color {
        Color::Gold => these.0 >> ranks,
        Color::Silver => these.0 << ranks,
    })
}

/// The bound of [`goal_lower_bound`] with the facts it is computed from.
struct GoalBound {
    steps: u8,
    rabbits: Bitboard,
    hindered: Hindered,
}

/// A lower bound on the steps needed to end the turn with a rabbit of the side to move
/// on its goal rank (`u8::MAX` when it has no rabbit, or when the bound is more than 7,
/// which no turn of four steps reaches: the readers compare it with the steps left, at
/// most four), given the mover's frozen pieces (`frozen`, [`Board::frozen`]); only its
/// rabbits are read, so the searches pass [`frozen_rabbits`].
///
/// Admissible: the mover's rabbits move only by their own steps (the mover cannot push or
/// pull its own pieces), one rank per forward step, so a rabbit `d` ranks away needs `d`
/// steps, and a hindered rabbit (see [`Hindered`]) one or two more; every rabbit needs one
/// more while a push waits for its second step (a step of a piece stronger than a rabbit),
/// and that step may be the one that frees a hindered rabbit, so the push adds nothing to
/// a hindered rabbit's count. A rabbit already on its goal rank stays there (no trap on
/// it, no backward step), so it needs no step.
#[inline]
fn goal_lower_bound(pos: &TurnState, frozen: Bitboard) -> GoalBound {
    let side = pos.side_to_move();
    let rabbits = pos.board().pieces(PieceKind::Rabbit.of(side));
    let hindered = hindered(pos, rabbits, frozen);
    let push = u8::from(pos.pending_push().is_some());

    // The fewest over the rabbits of `d` and its extra steps: each kind of rabbit (not
    // hindered, hindered by one step only, by two) moved back a rank per extra step
    // (`counted_back`), so that a rabbit's distance to the goal rank is its count, and
    // the nearest read once. The rabbits on the goal rank are added as they are: with one
    // there the nearest is 0, the bound (no test of its own).
    let counted = (rabbits & rank_band(side, 0))
        | counted_back(side, rabbits & !hindered.one, push)
        | counted_back(side, rabbits & hindered.one & !hindered.two, 1)
        | counted_back(side, rabbits & hindered.two, 2);
    let steps = nearest_rank(side, counted);

    GoalBound {
        steps,
        rabbits,
        hindered,
    }
}

/// A second lower bound, from the squares a rabbit must pass (`u8::MAX` when it exceeds
/// `k`): the fewest over the rabbits within `k` ranks, and
/// over the paths of forward and sideways steps to the goal rank, of one step per square
/// entered plus the steps that must first empty the squares on the path that are taken
/// now: one for a friend (it steps away), two for an enemy piece (pushed or pulled away;
/// one if a pull under way may move it), none for a trap (its piece may be captured when
/// another piece moves); the paths never enter a square of `walls` (the fast search
/// passes [`immovable`]'s pieces, the plain one none).
///
/// Admissible: every step moves one piece off one square and captures at most a piece on
/// a trap, so emptying different squares takes different steps, apart from traps. A push
/// moves the pusher into the square the enemy piece left, and a pull moves the enemy
/// piece into the square the puller left, so each emptied square that held an enemy piece
/// costs an enemy step and its partner step. The rabbit's own square is empty once it
/// leaves.
fn path_bound(pos: &TurnState, k: u8, walls: Bitboard) -> u8 {
    bound_of_paths(pos, k, walls)
}

/// [`path_bound`] for three steps, compiled for that count (the plain search's nodes with
/// three steps to go; the fast search's compute [`paths_in_three`]).
fn path_bound_in_three(pos: &TurnState, walls: Bitboard) -> u8 {
    bound_of_paths(pos, 3, walls)
}

/// [`path_bound`] for three steps with `walls`, with the entering costs ([`path_costs`])
/// and the layers to go up to three ([`to_go_layers`]) it is read from when it is at
/// least one (`None` when it is 0 or no rabbit is within three ranks of its goal): the
/// fast search's nodes with three steps to go read the layers again
/// ([`goal_rabbits_within`] for three steps, [`cheap_paths_from`]), and compute them
/// once so.
///
/// The same bound: a rabbit on the goal rank gives 0 in both; with no rabbit within three
/// ranks of its goal both give `u8::MAX` (a rabbit needs a step per rank); otherwise
/// [`path_bound`] is the fewest over the rabbits of each one's count, and a rabbit's count
/// is at most `b <= 3` exactly when it stands on `to_go[b]` ([`squares_within_paths`]:
/// the same paths, counted from their end), so the bound is the least `b <= 3` whose
/// layer holds a rabbit, or `u8::MAX` when none does.
#[inline(always)]
fn paths_in_three(pos: &TurnState, walls: Bitboard) -> (u8, Option<PathLayers>) {
    paths_within(pos, 3, walls)
}

/// [`paths_in_three`] for `k` steps, `3 <= k <= 4` (the root with four steps to go
/// computes it for four): the same proof with `k` for three (the layers up to four, and
/// a rabbit within `k` ranks).
#[inline(always)]
fn paths_within(pos: &TurnState, k: u8, walls: Bitboard) -> (u8, Option<PathLayers>) {
    let side = pos.side_to_move();
    let rabbits = pos.board().pieces(PieceKind::Rabbit.of(side));
    if (rabbits & rank_band(side, 0)).any() {
        return (0, None);
    }
    // Within `k` ranks (none on the goal rank, the test above).
    if (rabbits & ranks_within(side, k)).is_empty() {
        return (u8::MAX, None);
    }
    let costs = path_costs(pos, walls);
    let to_go = to_go_layers(side, costs, usize::from(k));
    let layers = PathLayers {
        walls,
        costs,
        to_go,
    };
    (layers.path_bound(rabbits, k), Some(layers))
}

/// [`paths_within`] for four steps without walls, without its test of the ranks within
/// four: the fast search's root, which [`Position::goal_move`] enters only with a rabbit
/// of the mover within four ranks of its goal (its first exit).
///
/// The same bound in every state, and the same layers when a rabbit stands within four
/// ranks (otherwise these are computed where [`paths_within`] gives `None`): its test only
/// saves the layers, as layer `b` of [`to_go_layers`] lies within `b` ranks of the goal
/// (the goal rank, and each layer spreads one rank back from the one before), so with no
/// rabbit within four ranks no layer up to four holds one and the bound read from them is
/// `u8::MAX` too.
#[inline(always)]
fn paths_within_reached(pos: &TurnState) -> (u8, Option<PathLayers>) {
    let side = pos.side_to_move();
    let rabbits = pos.board().pieces(PieceKind::Rabbit.of(side));
    if (rabbits & rank_band(side, 0)).any() {
        return (0, None);
    }
    let costs = path_costs(pos, Bitboard::EMPTY);
    let to_go = to_go_layers(side, costs, 4);
    let layers = PathLayers {
        walls: Bitboard::EMPTY,
        costs,
        to_go,
    };
    (layers.path_bound(rabbits, 4), Some(layers))
}

/// The body of [`path_bound`], inlined into it and [`path_bound_in_three`].
#[inline(always)]
fn bound_of_paths(pos: &TurnState, k: u8, walls: Bitboard) -> u8 {
    let side = pos.side_to_move();
    let board = pos.board();
    let rabbits = board.pieces(PieceKind::Rabbit.of(side));
    let goal = rank_band(side, 0);
    if (rabbits & goal).any() {
        return 0;
    }

    let k = k.min(7);
    // The ranks at most `k` from the goal rank.
    let shift = 8 * u32::from(7 - k);
    let near = match side {
        Color::Gold => Bitboard(u64::MAX << shift),
        Color::Silver => Bitboard(u64::MAX >> shift),
    };
    if (rabbits & near).is_empty() {
        return u8::MAX;
    }

    let [cost1, cost2, cost3] = path_costs(pos, walls);
    let fwd = forward(side);
    let next = |b: Bitboard| b.shift(fwd) | b.shift(Direction::East) | b.shift(Direction::West);

    // `reach`, after round `c`: the squares a path of forward and sideways steps from a
    // rabbit enters with total cost at most `c` (a shortest path never enters a square
    // twice, so the rabbits' own squares as sources at cost 0 give the minimum over the
    // rabbits); `entered[c]`: the squares one step from those reached with cost `c`.
    let mut entered = [Bitboard::EMPTY; 8];
    let mut reach = rabbits;
    entered[0] = next(rabbits);
    for c in 1..=usize::from(k) {
        reach |= cost1 & entered[c - 1];
        if c >= 2 {
            reach |= cost2 & entered[c - 2];
        }
        if c >= 3 {
            reach |= cost3 & entered[c - 3];
        }
        if (reach & goal).any() {
            return c as u8;
        }
        entered[c] = next(reach);
    }

    u8::MAX
}

/// The enemy pieces that no turn of at most `k` more steps ending with a goal can move
/// off their squares, walls for [`path_bound`]: not on a trap, not movable by a pull under
/// way, and with no piece of the mover stronger than it within `k - 1 - d` steps
/// (Manhattan distance) of its square, `d` the fewest ranks from a mover's rabbit to its
/// goal. None when `d + 2 > k` (or `d = 0`): a path of a rabbit `d` ranks away that
/// enters an enemy piece's square (not a trap, no pull under way) costs at least `d + 2`
/// in [`path_bound`], so walls would change nothing.
///
/// Exact: an enemy piece `E` not on a trap leaves its square `e` only by a push or a pull
/// (in the mover's turn enemy pieces move only so, and only a piece on a trap is
/// captured), unless a pull under way moves it (excluded). A push or a pull needs a piece
/// `P` of the mover stronger than `E` beside `e`: from `dist(P, e)` away, `P` takes `dist -
/// 1` steps to get there (the mover's pieces move only by their own steps), then the pair
/// takes two (a push leaves `P` on `e`, which then takes one more): at least `dist + 1`
/// steps that are not the rabbits'. A rabbit whose path enters `e` also takes at least
/// `d` steps of its own, so at least `dist + 1 + d` in all, more than `k` when `dist >= k -
/// d`. Such a path is too long, so [`path_bound`] may leave out the paths through `e`.
///
/// The fast search passes those near the goal only ([`immovable_near_goal`]); the tests
/// ask this.
#[cfg_attr(not(test), allow(dead_code))]
fn immovable(pos: &TurnState, k: u8) -> Bitboard {
    let side = pos.side_to_move();
    let board = pos.board();
    let rabbits = board.pieces(PieceKind::Rabbit.of(side)).0;
    if rabbits == 0 {
        return Bitboard::EMPTY;
    }
    // The fewest ranks from a rabbit of the mover to its goal.
    let d = match side {
        Color::Gold => 7 - (63 - rabbits.leading_zeros()) / 8,
        Color::Silver => rabbits.trailing_zeros() / 8,
    } as u8;
    if d == 0 || d + 2 > k {
        return Bitboard::EMPTY;
    }
    debug_assert!(k <= 4, "a turn has four steps at most");

    // `near`: the squares within `k - 1 - d` of a piece of the mover stronger than the
    // kind looked at, from the camel down to the rabbit. A spread of a union is the union
    // of the spreads, so each kind's pieces are spread once and added (none when the
    // mover has none of that kind).
    let mut walls = board.kind(PieceKind::Elephant);
    let mut near = Bitboard::EMPTY;
    for i in (0..5).rev() {
        let these = board.pieces(PieceKind::ALL[i + 1].of(side));
        if these.any() {
            near |= if d + 2 == k {
                these | these.neighbours()
            } else {
                // Within two (`k - 1 - d = 2`: `d >= 1` and `k <= 4`, so `k = 4` and `d = 1`)
                // by one formula: the squares within two along the rank, within one along
                // the ranks next to it, and on the same file two ranks away.
                let (east, west) = (these.shift(Direction::East), these.shift(Direction::West));
                let row = these | east | west;
                row | east.shift(Direction::East)
                    | west.shift(Direction::West)
                    | Bitboard(row.0 << 8 | row.0 >> 8 | these.0 << 16 | these.0 >> 16)
            };
        }
        walls |= board.kind(PieceKind::ALL[i]) & !near;
    }
    walls & board.color(!side) & !Bitboard::TRAPS & !pos.pullable()
}

/// The pieces of [`immovable`] for `k <= 4` steps on the goal rank of the side to move
/// and on the rank next to it (`d` as there): the walls the fast search passes for four
/// steps. Found from the other end: the enemy pieces there (the candidates) but those
/// within `k - 1 - d` of a stronger piece of the mover, each of the mover's pieces other
/// than rabbits within `k - d` ranks of the goal covering the squares within that
/// distance of its own (one or two: the pieces of each kind spread together, once or
/// twice) that hold a candidate of a weaker kind.
///
/// Exact, as a subset of [`immovable`]'s pieces: every rule that reads walls reads each
/// one by its own proof (the paths through it are too long), so any subset of them
/// serves. The same pieces there: a candidate is one of [`immovable`]'s exactly when no
/// stronger piece of the mover stands within `k - 1 - d` of it, and such a piece stands
/// within `1 + (k - 1 - d) = k - d` ranks of the goal, so the pieces farther away cover
/// none.
///
/// And no weaker: [`path_bound`] for `k <= 4` gives the same value with these walls as
/// with all of [`immovable`]'s, and [`to_go_layers`] up to four the same layers. The
/// walls left out are squares of enemy pieces two or more ranks from the goal, which
/// change only the cost three of their own squares ([`path_costs`]: cost one and two do
/// not read the walls on an enemy piece's square). A path entering such a square `x`
/// costs three for it and at least one for each rank from `x` to the goal, five or more
/// in all, more than `k`; and the layers read cost three only through layer `b - 3 <= 1`,
/// the squares at most one rank from the goal. [`cheap_paths_from`] for four steps reads
/// the layers up to three and the arrivals up to three, where a square of cost three
/// counts only as the first square entered, beside a rabbit, a rank or more from the
/// goal: the arrival at a square of cost three, `A = 3`, is paired with `G = 0`, a square
/// on the goal rank, within one of a square two or more ranks away only if that square
/// is one rank away.
fn immovable_near_goal(pos: &TurnState, k: u8) -> Bitboard {
    walls_near_goal(pos, k, u8::MAX)
}

/// The walls the fast search's root with four steps left passes on: those of
/// [`immovable_near_goal`] for four when they may raise the path bound `passing` found
/// without them ([`walls_may_raise`]), none otherwise; `d`, the fewest ranks from a
/// rabbit of the mover to its goal, found once for both tests.
///
/// Exact: no walls are a subset of [`immovable`]'s pieces, which serves every rule that
/// reads walls ([`immovable_near_goal`]'s proof); and when the walls may not raise the
/// bound it is the same with them or without (the root's proof, in `goal_move_by`).
fn walls_that_may_raise(pos: &TurnState, passing: u8) -> Bitboard {
    walls_near_goal(pos, 4, passing)
}

/// The body of [`immovable_near_goal`] for `k` steps, none when the path bound `passing`
/// is at most `d + 1` (`u8::MAX`: never): [`immovable_near_goal`] and
/// [`walls_that_may_raise`].
#[inline(always)]
fn walls_near_goal(pos: &TurnState, k: u8, passing: u8) -> Bitboard {
    let side = pos.side_to_move();
    let board = pos.board();
    let rabbits = board.pieces(PieceKind::Rabbit.of(side));
    let d = nearest_rank(side, rabbits);
    if d == 0 || d == u8::MAX || d + 2 > k || passing <= d + 1 {
        return Bitboard::EMPTY;
    }
    debug_assert!(k <= 4, "a turn has four steps at most");
    // No trap stands within one rank of a goal rank.
    let candidates = board.color(!side) & ranks_within(side, 1) & !pos.pullable();
    if candidates.is_empty() {
        return Bitboard::EMPTY;
    }
    let zone = ranks_within(side, k - d);
    // The candidates within `k - 1 - d` of a stronger piece of the mover: for each kind
    // of the mover's pieces from the cat up, those of its pieces in `zone` cover the
    // candidates of the weaker kinds (`weaker`) around them, all at once (the spread of
    // a union is the union of the spreads: no loop over the pieces, whose count varies).
    let wide = d + 2 < k;
    let mut covered = Bitboard::EMPTY;
    let mut weaker = candidates & board.kind(PieceKind::Rabbit);
    for &kind in &PieceKind::ALL[1..] {
        let these = board.pieces(kind.of(side)) & zone;
        let mut ball = these | these.neighbours();
        if wide {
            ball |= ball.neighbours();
        }
        covered |= ball & weaker;
        weaker |= candidates & board.kind(kind);
    }
    candidates & !covered
}

/// What the root's passes with fewer than four steps (four steps left) need to know
/// before they run, from what the root has: its [`goal_lower_bound`] `bound` and its
/// layers of [`paths_within_reached`] (`layers`: without walls, or with the walls of
/// [`immovable_near_goal`] for four derived by [`PathLayers::with_walls`]). `None`: no
/// goal within three steps, so every such pass would fail and none is run. Otherwise a
/// set of the mover's rabbits that [`frozen_behind_enemy_pieces`] was asked about and
/// did not decide (possibly none): the pass with three skips that question for a set
/// within it ([`within_three`]).
///
/// `None` is exact: the root's passes with limits below four find a goal exactly when
/// one within three steps exists (the first that succeeds gives the fewest), and the
/// rule answers `None` only when none does. The rabbits that may end a goal within three
/// lie among those whose counts of [`goal_lower_bound`] are at most three
/// ([`rabbits_within_goal_bound`]) and on the layers' layer three (a rabbit's count of
/// [`path_bound`] is at most three exactly there, [`PathLayers::path_bound`]; both
/// counts are admissible, [`goal_rabbits_within`]'s proof). The walls for four serve for
/// three: by [`immovable`]'s proof a path through one takes more than four steps, so no
/// turn of at most three enters it. So these rabbits are a set [`within_three`] may be
/// given, whose [`WithinThree::NoGoal`] answers "no turn of at most three more steps
/// ends with a goal" (its proof; [`frozen_behind_enemy_pieces`]' proof is one about the
/// steps from this state, not the steps the turn has left: the pass with three asks it
/// of this same state).
#[inline]
fn rabbits_asked_in_three(
    pos: &TurnState,
    bound: &GoalBound,
    layers: Option<&PathLayers>,
) -> Option<Bitboard> {
    let mut rabbits = rabbits_within_goal_bound(pos, bound, 3);
    if let Some(l) = layers {
        rabbits &= l.to_go[3];
    }
    match within_three(pos, rabbits, Bitboard::EMPTY) {
        WithinThree::Walks(_) => Some(Bitboard::EMPTY),
        WithinThree::NoGoal => None,
        WithinThree::Undecided(rest) => Some(rest),
    }
}

/// [`within_three`] at a node of the fast search with three steps to go, before its
/// bounds are computed, on the rabbits of the mover within three ranks of their goal
/// (all of them: no bound narrows the set yet). `None`: no goal within three steps, and
/// the node fails without its set-up (walls, path bound, [`goal_lower_bound`]).
/// Otherwise the rabbits [`frozen_behind_enemy_pieces`] was asked about without deciding
/// (none when it was not asked: a push waits, or a rabbit three ranks away walks), for
/// [`within_three`]'s `asked` below.
///
/// `None` is exact: a rabbit of the mover moves only by its own steps, one rank at most
/// each, so one that ends a turn of at most three more steps on its goal rank stands
/// within three ranks of it now. So the set holds every rabbit that may end such a goal,
/// the premise of [`within_three`], whose [`WithinThree::NoGoal`] says no turn of at most
/// three more steps ends with a goal (its proof). While a push waits the rule is not
/// asked (a rabbit three ranks away needs all three steps, and the push's completion
/// takes one: [`within_three`]'s walk is asked with no push waiting only). A walk found
/// decides nothing here: the node's own [`within_three`] finds it again (the same state;
/// the rabbit, unhindered three ranks away on its empty column, passes both bounds).
#[inline(always)]
fn rabbits_asked_before_the_bounds(pos: &TurnState) -> Option<Bitboard> {
    if pos.pending_push().is_some() {
        return Some(Bitboard::EMPTY);
    }
    let side = pos.side_to_move();
    let rabbits = pos.board().pieces(PieceKind::Rabbit.of(side)) & ranks_within(side, 3);
    match within_three(pos, rabbits, Bitboard::EMPTY) {
        WithinThree::Walks(_) => Some(Bitboard::EMPTY),
        WithinThree::NoGoal => None,
        WithinThree::Undecided(rest) => Some(rest),
    }
}

/// The walls the fast search passes to [`path_bound`] for `k` steps: [`immovable`]'s
/// pieces near the goal ([`immovable_near_goal`]), or with three steps those of
/// [`walls_in_three`] (the same bound, found with less work).
#[inline]
fn walls(pos: &TurnState, k: u8) -> Bitboard {
    if k == 3 {
        walls_in_three(pos)
    } else {
        immovable_near_goal(pos, k)
    }
}

/// The walls of [`immovable`] for three steps that [`path_bound`] for three steps reads:
/// the enemy pieces on the squares ahead of the mover's rabbits one rank from their goal
/// (their goal rank, no trap) that no pull under way may move and with no piece of the
/// mover stronger than them beside them. None when a rabbit of the mover stands on its
/// goal rank (the bound is then 0 whatever the walls).
///
/// The same bound: [`immovable`] for `k = 3` gives pieces only when the nearest rabbit is
/// `d = 1` rank away, and then those on squares with no stronger piece of the mover
/// within `k - 1 - d = 1` (beside them: an enemy piece's square holds no piece of the
/// mover), so these are its pieces on those squares. A wall only takes its square out
/// of the squares of cost three (an enemy piece no pull under way may move, not on a
/// trap), and with `k = 3` [`path_bound`] enters such a square only in its last round
/// (from the squares next to a rabbit's, at cost three), where only a square on the goal
/// rank counts; the squares next to a rabbit's on the goal rank are ahead of a rabbit
/// one rank away (a rabbit on the goal rank ends the bound at 0 first). So the walls
/// elsewhere change no value [`path_bound`] gives for three steps.
///
/// A blocker with none of the mover's pieces other than rabbits beside it is a wall
/// without its kind looked up: a rabbit is the weakest kind, stronger than no piece, so
/// the mover's pieces stronger than the blocker lie among the others (most often the
/// only piece of the mover beside it is the rabbit behind it).
#[inline(always)]
fn walls_in_three(pos: &TurnState) -> Bitboard {
    let side = pos.side_to_move();
    let board = pos.board();
    let rabbits = board.pieces(PieceKind::Rabbit.of(side));
    if (rabbits & rank_band(side, 0)).any() {
        return Bitboard::EMPTY;
    }
    let ahead = (rabbits & rank_band(side, 1)).shift(forward(side));
    let blockers = ahead & board.color(!side);
    if blockers.is_empty() {
        return Bitboard::EMPTY;
    }
    let mut walls = Bitboard::EMPTY;
    // A rabbit is stronger than no piece: only the mover's other pieces may push one.
    let pushers = board.color(side) & !rabbits;
    for sq in blockers & !pos.pullable() {
        if (Bitboard::adjacent(sq) & pushers).is_empty() {
            walls |= Bitboard::from_square(sq);
            continue;
        }
        let Some(piece) = board.piece_at(sq) else {
            continue;
        };
        if (Bitboard::adjacent(sq) & board.stronger_than(side, piece.kind)).is_empty() {
            walls |= Bitboard::from_square(sq);
        }
    }
    walls
}

/// The squares the paths counted by [`path_bound`] with cost at most `k` can use: for each
/// rabbit `d <= k` ranks from its goal, the ranks from its own to the goal rank, on the
/// files at most `k - d` from its own (each step aside costs a step).
fn path_region(side: Color, rabbits: Bitboard, k: u8) -> Bitboard {
    let mut region = Bitboard::EMPTY;
    let mut ranks = Bitboard::EMPTY;
    for d in 0..=k.min(7) {
        ranks |= rank_band(side, d);
        let band = rabbits & rank_band(side, d);
        if band.is_empty() {
            continue;
        }
        // The files of the rabbits `d` ranks away, each widened by `k - d` files: every
        // rank folded onto one, then spread sideways, then copied to every rank.
        let mut files = band.0;
        files |= files >> 32;
        files |= files >> 16;
        files |= files >> 8;
        let mut files = Bitboard(files & 0xff);
        for _ in d..k {
            files = files | files.shift(Direction::East) | files.shift(Direction::West);
        }
        region |= ranks & Bitboard(files.0 * 0x0101_0101_0101_0101);
    }
    region
}

/// Depth-first search for a turn of at most `k` more steps ending with a goal, in a turn
/// that started from `start`; on success `path` holds the steps from the root. `FAST`
/// decides one and two steps to go directly ([`goal_in_one`], [`goal_in_two`]), tries
/// only the first steps of [`three_step_region`] with three to go and of
/// [`four_step_region`] with four, and generates the
/// steps of nodes with slack from bitboards; the plain search (`!FAST`) is the reference
/// the tests compare it with.
///
/// Only the root's deepening ([`Position::goal_move`]'s search) and [`expand`] below it
/// call this, and there a node with `k` steps to go has no goal in fewer than `k` steps
/// (the fast search leans on it with two to go: [`goal_in_two`]'s `NONE_IN_ONE`). The
/// root tries the limits in increasing order, from a lower bound of the fewest steps
/// (its goal lower bound and path bound, both proved) to the steps it has left, and
/// stops at the first that finds a goal. By induction over the passes: when the pass
/// with limit `L` runs, the root has no goal in fewer than `L` steps (none below the
/// first limit by the bounds; the passes from it to `L - 1` ran, each exact under this
/// premise, and found none). A node with `k` to go in that pass stands `L - k` steps
/// from the root; a goal in `j < k` steps from it would be a goal in `L - k + j < L`
/// steps from the root (the turn may end there as it may at the node's own goal): there
/// is none. At the root itself (`L - k = 0`) the premise is the same. Any other caller
/// must keep to states with no goal in fewer than `k` steps.
fn goal_search<const FAST: bool>(pos: &TurnState, start: &Board, k: u8, path: &mut Move) -> bool {
    goal_search_given::<FAST>(pos, start, k, path, (None, None, Bitboard::EMPTY))
}

/// [`goal_search`] with the node's [`goal_lower_bound`] given when `known` (the root
/// passes its own to its passes with fewer steps than it has left: the bound reads the
/// state only, not the steps to go, so it is the one this function would compute), and
/// the root's costs and layers of [`paths_within`] for four when `known_layers`: with
/// three steps to go and the same walls, those up to three are the ones
/// [`paths_in_three`] computes, and with other walls [`PathLayers::in_three_with`]
/// derives them (its proof); `asked` goes to [`search_within_bounds`] (rabbits
/// [`frozen_behind_enemy_pieces`] did not decide at this state, none elsewhere). With
/// three steps to go and no layers known (the children of the root's pass with four),
/// [`rabbits_asked_before_the_bounds`] is asked first: its "no" ends the node before the
/// walls and bounds, and its rabbits are the node's `asked`. With three to go,
/// [`shaped_rules_decide`] is asked for the rabbits of `asked` (these, or the root's of
/// [`rabbits_asked_in_three`] at its pass with three) before the bounds as well.
///
/// The fast search asks whether the node itself ends the turn with a goal (no step more)
/// only with no step to go: with `k >= 1` to go a node inside the root's deepening has
/// no goal in fewer than `k` steps, none in zero among them ([`goal_search`]'s proof), so
/// the test would answer "no". The plain search asks it at every node but the root.
#[inline(always)]
fn goal_search_given<const FAST: bool>(
    pos: &TurnState,
    start: &Board,
    k: u8,
    path: &mut Move,
    (known, known_layers, asked): (Option<&GoalBound>, Option<&PathLayers>, Bitboard),
) -> bool {
    let side = pos.side_to_move();
    // A goal with no step more: in the fast search only with none left (with `k` to go a
    // node has no goal in fewer, `goal_search`'s proof).
    if (!FAST || k == 0)
        && !path.is_empty()
        && pos.board().rabbit_on_goal(side)
        && pos.check_end_turn(start).is_ok()
    {
        return true;
    }
    if k == 0 {
        return false;
    }
    if FAST && k <= 2 {
        let found = if k == 1 {
            goal_in_one(pos, start, path)
        } else {
            // No goal in one from here (the root's order, see `goal_search`).
            goal_in_two::<true>(pos, start, path)
        };
        if let Some(found) = found {
            return found;
        }
    }

    // With three steps to go and nothing known (the children of the root's pass with
    // four): `within_three` on every rabbit within three ranks, before the bounds.
    let mut asked = asked;
    if FAST && k == 3 {
        if known_layers.is_none() {
            match rabbits_asked_before_the_bounds(pos) {
                Some(rabbits) => asked = rabbits,
                None => return false,
            }
        }
        // The shaped rules on the rabbits asked (those, or the root's for its pass with
        // three, `rabbits_asked_in_three`: each set holds every rabbit that may end a
        // goal within three), before the bounds too (exact on any such set: their
        // proofs).
        if asked.any() {
            if let Some(found) = shaped_rules_decide(pos, asked, &mut |step| {
                expand::<FAST>(pos, start, step, k, path)
            }) {
                return found;
            }
        }
    }

    // The path bound first: it needs no frozen set, and cuts most children.
    let walls = if FAST { walls(pos, k) } else { Bitboard::EMPTY };
    let mut layers = None;
    let mut root_layers = None;
    let passing = if FAST && k == 3 {
        match known_layers {
            // The root's layers with these walls: those up to three are the ones
            // `paths_in_three` computes (each layer is computed from the ones before it
            // only), and the bound is read from them the same way.
            Some(l) if l.walls == walls => {
                let rabbits = pos.board().pieces(PieceKind::Rabbit.of(side));
                root_layers = Some(l);
                l.path_bound(rabbits, 3)
            }
            // Other walls: those up to three derived for these walls
            // (`PathLayers::in_three_with`), the bound read from them as above.
            Some(l) => {
                let rabbits = pos.board().pieces(PieceKind::Rabbit.of(side));
                let derived = l.in_three_with(side, walls);
                let passing = derived.path_bound(rabbits, 3);
                layers = Some(derived);
                passing
            }
            None => {
                let passing;
                (passing, layers) = paths_in_three(pos, walls);
                passing
            }
        }
    } else if k == 3 {
        path_bound_in_three(pos, walls)
    } else {
        path_bound(pos, k, walls)
    };
    if passing > k {
        return false;
    }

    let computed;
    let bound = match known {
        Some(bound) => bound,
        None => {
            let board = pos.board();
            let rabbits = board.pieces(PieceKind::Rabbit.of(side));
            computed = goal_lower_bound(pos, frozen_rabbits(board, side, rabbits));
            &computed
        }
    };
    if bound.steps > k {
        return false;
    }
    search_within_bounds::<FAST>(
        pos,
        start,
        k,
        path,
        (passing, walls),
        bound,
        (root_layers.or(layers.as_ref()), asked),
    )
}

/// The rest of [`goal_search`] once its bounds leave a chance: `passing` its path bound
/// for `k` with the walls it read (those of [`walls`] for the fast search, none for the
/// plain one) and `bound` its [`goal_lower_bound`], as it computes them (the root passes
/// those it has); `known`, costs and layers the fast search has for this state: with
/// three steps to go those of [`paths_in_three`] (or the root's, the same), at the root
/// with four those of [`paths_within`] for four, read only where their walls are
/// `walls`; `asked`, rabbits [`frozen_behind_enemy_pieces`] was asked about at this
/// state and did not decide (the root's, [`rabbits_asked_in_three`], or the node's own,
/// [`rabbits_asked_before_the_bounds`]; none elsewhere): with three steps to go that
/// question is skipped for a set within it ([`within_three`]).
fn search_within_bounds<const FAST: bool>(
    pos: &TurnState,
    start: &Board,
    k: u8,
    path: &mut Move,
    (passing, walls): (u8, Bitboard),
    bound: &GoalBound,
    (known, asked): (Option<&PathLayers>, Bitboard),
) -> bool {
    let side = pos.side_to_move();
    let mut try_step = |step| expand::<FAST>(pos, start, step, k, path);
    // With three or four steps to go, the costs and layers of `goal_rabbits_within`,
    // kept for the rules below that read the same ones.
    let mut layers = None;
    // The region of the first steps, and the rabbits that may end the goal.
    let (within, goal_rabbits) = match k {
        3 if FAST => {
            // The rabbits that may end a goal in three, their costs and layers kept: those
            // `paths_in_three` read (the same walls, layers up to three) when it has them.
            let mut goal_rabbits = match known {
                Some(l) => rabbits_within_goal_bound(pos, bound, 3) & l.to_go[3],
                None => {
                    let goal_rabbits;
                    (goal_rabbits, layers) = goal_rabbits_within(pos, bound, walls, 3);
                    goal_rabbits
                }
            };
            // A rabbit three ranks away that walks: its first step, whose child (two to
            // go, none in one) `goal_in_two` answers by its case (a), the rabbit two ranks
            // away walking on. Otherwise the rules below, which follow the goal's rabbit,
            // read the rabbits that are left only (their premise: the rabbits that may end
            // the goal). No push waits when there are rabbits three ranks away:
            // `rabbits_within_goal_bound` keeps none then (the push's completion takes a
            // step). The root may have asked the same set already (`asked`).
            // While a push waits: its completions, the only legal steps, tried as the end
            // of this function would try them (the rules below give `None` then, and the
            // region is `Region::FULL`), once some rabbit may end a goal: `within_three`
            // decides nothing more then (`rabbits_within_goal_bound` keeps no rabbit three
            // ranks away, and `frozen_behind_enemy_pieces` answers "not decided").
            if let Some((to, _)) = pos.pending_push() {
                // Each completer stands beside `to` (`push_completers`).
                return goal_rabbits.any()
                    && push_completers(pos, to)
                        .iter()
                        .any(|sq| try_step(Step::onto(sq, to)));
            }
            match within_three(pos, goal_rabbits, asked) {
                WithinThree::Walks(x) => return try_step(Step::new(x, forward(side))),
                WithinThree::NoGoal => return false,
                WithinThree::Undecided(rest) => goal_rabbits = rest,
            }
            // Every goal rabbit two ranks away behind an enemy piece that stays (on the
            // square ahead or the goal square): only its own steps may begin a goal
            // (`steps_around_enemy_pieces`). Every goal rabbit one rank away behind an
            // enemy piece: only the steps of `steps_off_the_squares_aside` may, the
            // pull's end for the pieces it gives, the movers' steps into its squares. One
            // goal rabbit two ranks away with the two squares ahead empty: those of
            // `steps_into_an_open_column`, the same way; with a friend ahead, or on the
            // goal square ahead of an empty one: those of `steps_past_a_friend_ahead`.
            // One goal rabbit one rank away with a friend on the goal square ahead: the
            // steps of `past_a_friend_on_the_goal_square` decide; frozen with the square
            // ahead empty, those of `unfreezing_one_rank_away`. Each rule answers only
            // with no push waiting and every goal rabbit on the rank it reads (one rank
            // away, or two): the others are not asked (they would answer `None`), in the
            // same order.
            if let Some(found) = shaped_rules_decide(pos, goal_rabbits, &mut try_step) {
                return found;
            }
            (three_step_region(pos, start, goal_rabbits), goal_rabbits)
        }
        4 if FAST => {
            // The costs and layers kept: the root's (`paths_within` for four) when they
            // have these walls.
            let goal_rabbits = match known {
                Some(l) if l.walls == walls => {
                    rabbits_within_goal_bound(pos, bound, 4) & l.to_go[4]
                }
                // Other walls: derived for these (`PathLayers::with_walls`), as
                // `goal_rabbits_within` computes them when some rabbit passes its first
                // test.
                Some(l) => {
                    let near = rabbits_within_goal_bound(pos, bound, 4);
                    if near.any() {
                        let derived = l.with_walls(side, walls, 4);
                        let goal_rabbits = near & derived.to_go[4];
                        layers = Some(derived);
                        goal_rabbits
                    } else {
                        near
                    }
                }
                None => {
                    let goal_rabbits;
                    (goal_rabbits, layers) = goal_rabbits_within(pos, bound, walls, 4);
                    goal_rabbits
                }
            };
            if goal_rabbits.is_empty() {
                return false;
            }
            (four_step_region(pos, start, goal_rabbits), goal_rabbits)
        }
        _ => (Region::FULL, bound.rabbits),
    };
    // While a push waits, its completions are the legal steps, and the rules below try
    // them all (the regions and the step sets restrict nothing then): tried directly.
    if FAST {
        if let Some((to, _)) = pos.pending_push() {
            // Each completer stands beside `to` (`push_completers`).
            return push_completers(pos, to)
                .iter()
                .any(|sq| try_step(Step::onto(sq, to)));
        }
    }
    // Those computed here when the known ones do not serve (other walls, or none).
    let layers = layers.as_ref().or(known);
    let touching = |from, to, f| {
        if FAST {
            any_step_of(
                pos,
                from,
                to,
                within,
                (Bitboard::FULL, Direction::ALL, false),
                f,
            )
        } else {
            any_step_touching(pos, from, to, f)
        }
    };

    if pos.pending_push().is_none() && bound.steps < k && passing == k {
        let from = if FAST {
            match layers {
                // `steps_on_cheap_paths` for `k` steps with `walls`: its costs, and its
                // layers up to `k - 1` (those of `to_go_layers` up to `k` begin with them).
                Some(l) => {
                    cheap_paths_from(side, k, l.costs, &l.to_go, goal_rabbits, pullers_of(pos))
                }
                None => steps_on_cheap_paths(pos, k, walls, goal_rabbits),
            }
        } else {
            steps_lowering_the_path_bound(pos, bound, k)
        };
        return touching(from, Bitboard::EMPTY, &mut try_step);
    }
    if bound.steps < k || pos.pending_push().is_some() {
        if FAST {
            if k != 4 {
                // `steps_lowering_a_tighter_bound` restricts nothing then: every step of
                // the region, without `StepSet::touching`'s pass, in the plain order
                // (`promising_squares` orders the steps at the root only).
                return any_step_of(
                    pos,
                    Bitboard::FULL,
                    Bitboard::EMPTY,
                    within,
                    (Bitboard::FULL, Direction::ALL, false),
                    &mut try_step,
                );
            }
            let first = promising_squares(pos, goal_rabbits);
            let (from, to) = steps_lowering_a_tighter_bound(pos, k, goal_rabbits, layers);
            let steps = (from, to, within, first);
            // Every goal rabbit one rank away, or every one two: the children ask the
            // shaped rules first.
            if goal_rabbits & rank_band(side, 1) == goal_rabbits
                || goal_rabbits & rank_band(side, 2) == goal_rabbits
            {
                return four_with_rabbits_near_goal::<FAST>(pos, start, path, goal_rabbits, steps);
            }
            return any_step_in_root_order(pos, steps, &mut try_step);
        }
        return pos.legal_steps().iter().any(|&step| try_step(step));
    }

    match steps_lowering_the_goal_bound(pos, bound, k, goal_rabbits) {
        NoSlack::Forward(rabbits) => (rabbits & within.movers(forward(side)))
            .iter()
            .any(|sq| try_step(Step::new(sq, forward(side)))),
        NoSlack::Touching { from, to } => touching(from, to, &mut try_step),
    }
}

/// The squares of `rabbits`, rabbits of the mover, after `step` from the state `child`
/// follows: a rabbit of `rabbits` that `step` moved stands on its square after it, and a
/// square left with no rabbit of the mover on it in `child` (one captured) is dropped.
/// The mover's rabbits move only by their own steps (no piece pushes or pulls them), so
/// every rabbit of `rabbits` still on the board stands on a square of the result.
#[inline(always)]
fn rabbits_after_step(child: &TurnState, rabbits: Bitboard, step: Step) -> Bitboard {
    let moved = if rabbits.contains(step.from) {
        rabbits ^ Bitboard::from(step.from) ^ Bitboard::from(step.to_on_board())
    } else {
        rabbits
    };
    moved
        & child
            .board()
            .pieces(PieceKind::Rabbit.of(child.side_to_move()))
}

/// The children of the root's pass with four (`k = 4`, a turn's start, no goal in three
/// or fewer) when every rabbit that may end a goal in four, `rabbits`
/// ([`goal_rabbits_within`]), stands one rank from its goal, or every one two ranks, and
/// the goal bound leaves a step to spare: the same first steps as [`search_within_bounds`] tries there (`from`,
/// `to`, `within` and `first` as it computes them, [`any_step_of`] in the root's order),
/// but each child (three steps to go) asks [`shaped_rules_decide`] first, for those
/// rabbits where they stand after the step ([`rabbits_after_step`]), and searches as before
/// ([`goal_search`]) only when no shaped rule answers.
///
/// Exact: after a first step `t` of the root, a goal in at most two from the child would
/// make, with `t`, one in at most three from the root: none. A goal in three from the
/// child ends with a rabbit of the mover that, with `t`, ends a goal in four from the
/// root, so one of `rabbits` (the root's set holds every rabbit that may end one), which
/// stands in the child on a square of the set [`rabbits_after_step`] gives. So that set
/// holds every rabbit that may end a goal in three from the child, with none in fewer:
/// [`shaped_rules_decide`]'s premises (its rules are exact on any such set, its proof),
/// and its answer, when it gives one, is whether the child has a goal in three, the
/// child's search's answer. The rules read the child's own shape (no push waiting, the
/// set's rabbits one rank away or two) and answer `None` otherwise.
///
/// A child with a push waiting (the first step began one) asks no rule and no bound: its
/// legal steps are the push's completions ([`push_completers`], each into the square the
/// pushed piece left), and each is tried with two steps more ([`expand`]), as its search
/// would try them once its bounds passed (the bounds only cut children with no goal), in
/// the same order; so its answer is the child's search's answer.
#[inline(never)]
fn four_with_rabbits_near_goal<const FAST: bool>(
    pos: &TurnState,
    start: &Board,
    path: &mut Move,
    rabbits: Bitboard,
    steps: (Bitboard, Bitboard, Region, Bitboard),
) -> bool {
    let mut try_step = |step| {
        let mut child = *pos;
        child.play_step_unchecked(step);
        // The searches go no deeper than the steps a turn has left: the move has room.
        let _ = path.push(step);
        let found = if let Some((to, _)) = child.pending_push() {
            // The push's completions, the child's only legal steps, tried as its search
            // would try them (`push_completers`, each stepping into `to`).
            push_completers(&child, to)
                .iter()
                .any(|sq| expand::<FAST>(&child, start, Step::onto(sq, to), 3, path))
        } else {
            let set = rabbits_after_step(&child, rabbits, step);
            match shaped_rules_decide(&child, set, &mut |s| {
                expand::<FAST>(&child, start, s, 3, path)
            }) {
                Some(found) => found,
                None => goal_search::<FAST>(&child, start, 3, path),
            }
        };
        if !found {
            path.pop();
        }
        found
    };
    any_step_in_root_order(pos, steps, &mut try_step)
}

/// The shaped rules of a node of the fast search with three steps to go, asked for
/// `goal_rabbits`, a set holding every rabbit of the mover that may end a goal in three from
/// `pos` (no goal in fewer, no push waiting for them to answer): with every rabbit of
/// `goal_rabbits` one rank away, [`steps_off_the_squares_aside`] with an enemy piece on
/// every square ahead of them, else (one rabbit) [`past_a_friend_on_the_goal_square`]
/// with the square ahead taken and [`unfreezing_one_rank_away`] with it empty; with every
/// one two ranks away, [`steps_around_enemy_pieces`], then [`steps_into_an_open_column`]
/// and [`steps_past_a_friend_ahead`]. The first that answers decides: its first steps are
/// tried by `try_step` (the pull's end for the pieces it gives, the movers' steps into
/// its squares), or it tries them itself, and `Some` gives whether one began a goal.
/// `None`: no rule answers (the shape is another, or a push waits), and the node's
/// region decides.
///
/// Exact as each rule is: each proof follows the rabbit `R` that ends a goal in three
/// and reads of the set only that `R` is one of them ("a goal in at most three ends
/// with some `R` of `rabbits` on its goal rank"), so any set holding every rabbit that
/// may end such a goal serves: the node's own ([`goal_rabbits_within`] past
/// [`within_three`]) or, before its bounds, [`rabbits_asked_before_the_bounds`]' rabbits
/// (every rabbit within three ranks but those three ranks away, none of which walks) or,
/// at the root's pass with three, the root's of [`rabbits_asked_in_three`] (a set
/// [`within_three`] may be given: its proof).
///
/// Each one-rank rule is asked only where its own first test may pass, and the others
/// would give `None` (the same answers as asking the three in turn): the second needs one
/// rabbit with a friend ahead, the third one rabbit with the square ahead empty, so
/// neither answers with an enemy piece ahead of every rabbit (the first's case), nor for
/// a set of two or more rabbits; the first needs an enemy piece ahead of every rabbit,
/// so it gives `None` in the other cases, the second `None` with the square ahead empty,
/// the third `None` with it taken.
///
/// One copy, not inlined, for its two callers (`try_step` behind a `dyn`): inlined at
/// both, the rules it calls were left out of line and the root's pass with three paid
/// the calls.
#[inline(never)]
fn shaped_rules_decide(
    pos: &TurnState,
    goal_rabbits: Bitboard,
    mut try_step: &mut dyn FnMut(Step) -> bool,
) -> Option<bool> {
    let side = pos.side_to_move();
    let mut shaped = None;
    if pos.pending_push().is_none() {
        if goal_rabbits & rank_band(side, 1) == goal_rabbits {
            // Each rule reads its shape from the squares ahead: all enemy pieces for
            // the first, one friend (not a rabbit) for the second, one empty square for
            // the third; asked only where its shape may hold (the others give `None`).
            let board = pos.board();
            let ahead = goal_rabbits.shift(forward(side));
            if ahead & board.color(!side) == ahead {
                shaped = steps_off_the_squares_aside(pos, goal_rabbits);
            } else if goal_rabbits.count() == 1 {
                return if (board.occupied() & ahead).any() {
                    past_a_friend_on_the_goal_square(pos, goal_rabbits, &mut try_step)
                } else {
                    unfreezing_one_rank_away(pos, goal_rabbits, &mut try_step)
                };
            }
        } else if goal_rabbits & rank_band(side, 2) == goal_rabbits {
            shaped = match steps_around_enemy_pieces(pos, goal_rabbits) {
                Some(open) => Some((
                    goal_rabbits & !frozen_rabbits(pos.board(), side, goal_rabbits),
                    open,
                    Bitboard::EMPTY,
                )),
                None => steps_into_an_open_column(pos, goal_rabbits)
                    .or_else(|| steps_past_a_friend_ahead(pos, goal_rabbits)),
            };
        }
    }
    if let Some((movers, open, pulled)) = shaped {
        if let Some((p, _)) = pos.pull_source() {
            // `pulled` is within `pos.pullable()`, the enemy pieces beside `p`.
            for x in pulled {
                if try_step(Step::onto(x, p)) {
                    return Some(true);
                }
            }
        }
        for r in movers {
            // `y` is beside `r` (from `Bitboard::adjacent(r)`).
            for y in Bitboard::adjacent(r) & open {
                if try_step(Step::onto(r, y)) {
                    return Some(true);
                }
            }
        }
        return Some(false);
    }
    None
}

/// The first steps of a goal in three steps, at a node of the search with three steps
/// to go ([`Region`]). Write `B(x, n)` for the squares within `n` (Manhattan distance)
/// of `x`, `L` and `P` for the squares within two and three of a rabbit of the mover
/// one rank from its goal, and `C` for those within one of the square ahead of a rabbit
/// two ranks away whose square ahead and the goal square ahead of that are empty, or of
/// such a rabbit that is frozen (around a rabbit two ranks away with one of those two
/// squares taken, only `K`: its own square and the taken squares, left); `H` for the
/// mover's pieces beside an empty square `Y` beside a rabbit one rank away whose square
/// ahead `A` is empty (`Y` not `A`). Tried: a simple step or a pull that enters a square of `L`, of
/// `C`, or beside a piece of `H`, leaves a square of `L` or `C` (but `L` around a rabbit one
/// rank away whose square ahead `A` is taken is only `F`: left, its square, `A` and the
/// squares beside those two along the ranks; entered, the squares beside its square or
/// beside one beside it, not on the goal rank; and around one whose `A` is empty only
/// `E`: left, the squares within two of it holding a piece of the mover beside an enemy
/// piece; entered, `A` and the squares beside an empty `Y`), leaves a square of `P`
/// holding an enemy piece or beside one and within two of a trap with an enemy piece on
/// it beside a rabbit one rank away, or leaves a square beside a trap of `P` or `C`
/// with a piece on it; a step of a rabbit three ranks away; the first step of a push of
/// an enemy piece of `Q`: beside a rabbit one rank away whose square ahead is empty,
/// beside the square ahead of one held by a friend, or beside a trap with an enemy
/// piece on it beside one. [`Region::FULL`] (no restriction) while a push waits or when
/// a rabbit of the mover stands on its goal rank now or stood there when the turn
/// started. The rabbits named (one rank away, two, three) are those of `rabbits`, the
/// mover's rabbits that may end a goal in three (the fast search passes those of
/// [`goal_rabbits_within`]): the proof below follows the goal's rabbit `R`, one of
/// them, and reads no other rabbit's square (the case of a rabbit on its goal rank, the
/// only one that reads every rabbit, gives no restriction).
///
/// The search calls this only where no goal in fewer steps exists (iterative deepening:
/// every shallower limit failed, and the root starts from lower bounds), so let `t1 t2
/// t3` be a goal, none in two, and `R` the rabbit whose forward step `t3` is (as in
/// [`goal_in_two`], after `t1` there is no goal in one, and `t1` puts no rabbit on its goal
/// rank). A step's legality depends on the board in `B(from, 1)`; it changes `from`, `to`
/// and perhaps the trap beside `from` (the capture decided by the trap's neighbours). If
/// `t1` is `R`'s step, it is from `R`'s square (in `L`, `C`, or a rabbit three away).
/// Otherwise `R` stands one or two ranks away at `r`, and:
/// - `t1` begins a push, `t2` completing it (the pusher from `o` beside the pushed
///   piece's square `e`): `r` is one rank from the goal (`R` does not move before `t3`),
///   and `t3` depends on `B(r, 1)` (`R` unfrozen, the square ahead empty). The pair
///   changes `B(e, 1)` (`e`, `o`, the square the enemy piece enters) and captures at most
///   on a trap beside `e` (an enemy piece's last friend leaving) or beside `o` (a piece
///   of the mover: it takes a friend from beside `R` at most, which never unfreezes it;
///   the square ahead is on the goal rank, no trap). So if `e` were three or more from
///   `r`, `t3` was a goal in one before the pair. Hence `e` is within two of `r` (in
///   `L`). More: `t3` was not a goal in one before the pair, so `R` was frozen or `A`,
///   the square ahead, taken. If `A` was empty (`R` frozen, no friend beside it), the
///   pair unfroze `R`: the pusher leaving `o` (not beside `R`) and the enemy piece
///   entering a square do not; the pusher entering `e` does only beside `r`, and so does
///   the enemy piece leaving `e`; a capture of a freezer needs it on a trap beside `r`
///   (a piece of the mover captured is no help), emptied of its last friend by the
///   enemy piece leaving `e` beside the trap (the piece pushed onto a trap and captured
///   there left `e`, beside `r` if it froze `R`). If `A` held a friend `P`, the pair
///   emptied `A`: the only piece of the mover it moves is the pusher, so `P` pushed from
///   `A` an enemy piece on a square beside `A`. If `A` held an enemy piece, no pair
///   empties it (pushed away, the pusher enters `A`; a goal rank has no trap). So `e`
///   is a square of `Q`.
/// - `t2` pulls into the square `p` that `t1` left, the enemy piece from `q` beside it: as
///   above, the pair changes `B(p, 1)` (`p`, `q`, the square the puller enters) and
///   captures at most a piece of the mover on a trap beside `p` (a friend fewer beside
///   `R`, no help) or an enemy piece on a trap `T` beside `q`. So `p` is within two of
///   `r` (in `L`), or three (in `P`, beside the enemy piece at `q`) with `T` beside `r`
///   and within two of `p` (the enemy piece stands on `T` before `t1`, a step of the
///   mover, which puts none there).
/// - Otherwise `t2` is a simple step of the mover ([`goal_in_two`]'s cases: `R` forward
///   or aside, or another piece leaving the square ahead of `R` or entering one beside
///   it, so from `B(r, 2)`), classified the same before `t1` whatever pull `t1` leaves or
///   ends. `t2 t3` depend on the board in `B(r, 3)` only (`t2`'s legality on
///   `B(from, 1)`, its capture on a trap's neighbours, which matters to `t3` only for a
///   trap beside `R`'s square then), and `t1` changes squares within `B(from, 1)`. If
///   these did not meet, `t2 t3` was a goal in two before `t1`. Hence `t1` changes a
///   square of `B(r, 3)`.
///   - When `r` is one rank away, the squares three from `r` are read only by the frozen
///     test of the piece `t2` moves from two away (into a square beside `R`): every square
///     `t2 t3` enter (`R`'s square aside and the one ahead of it, a square beside the one
///     ahead of `R`, a square beside `R`) is within two of `r`, `t3` reads `B(r, 1)`, and
///     a capture by `t2` three from `r` is outside it. So a `t1` that leaves a square `x`
///     three from `r` and enters one four away changes nothing `t2 t3` read unless it
///     empties a trap beside `x` within `B(r, 3)` (the trap rule) or its piece is an enemy
///     piece (a pull under way ends). A piece of the mover leaving `x` only takes a friend
///     from beside `t2`'s piece, which never unfreezes it (the frozen test is monotone:
///     fewer friends, the same enemies), and whether `x` is empty is not read; with `t1`
///     beginning no pull (no enemy piece beside `x`), `t2 t3` was a goal in two before it.
///     Likewise a `t1` that enters a square three from `r` and leaves one three or more
///     away, neither of them asked above (not an enemy piece's, nor beside an occupied
///     trap of `P` or `C`, nor a pull's beginning of that kind), changes no square within
///     two of `r`: a capture it makes is on an empty or distant trap, or `t1`'s square is
///     asked. So `R`'s frozen test, the square ahead, the squares aside and the squares
///     beside the square ahead are the same, and `t2 t3` are not [`goal_in_two`]'s cases
///     (b) or (c), nor a goal in one (each was one before `t1`): they are case (d), `R`
///     frozen with `A` empty now, `t2` bringing a friend from `S` two from `r` to an
///     empty `Y` beside `r` (not `A`), a piece that `t1` did not move (`S` is two from
///     `r`, `Y` stays empty). Before `t1` that pair was not legal, so the piece on `S` was
///     frozen (its square, `Y` and the rabbit's rule for backward steps are the same), and
///     `t1` unfroze it: by leaving a square beside `S` or capturing the piece on one (an
///     enemy piece's step, or a step beside an occupied trap of `P`: asked above; a friend
///     leaving unfreezes nothing) or by entering one, `x`, a friend arriving (an enemy
///     piece arriving unfreezes nothing). So `x` is beside a piece of `H`. (By the
///     premise a rabbit one rank away with `A` empty is frozen, else a goal in one, so
///     `H` needs no frozen test.)
///   - When `r` is two ranks away, `t2 t3` are `R`'s forward steps (it needs both), and
///     read `B(r, 1)` and `B(a, 1)` only, `a` the square ahead: `R` unfrozen at `r` and at
///     `a`, `a` and the square ahead of it empty (a capture `R` causes by leaving `r` is on
///     a trap beside `r`, which is beside neither `a` nor the square ahead of it). Hence
///     `t1` changes a square of `B(r, 1)` or `B(a, 1)`. The squares of `B(r, 1)` outside
///     `B(a, 1)` are read only by `R`'s frozen test at `r` (`r` itself is in `B(a, 1)`).
///     If `R` is unfrozen before `t1`, a `t1` that changes none of `B(a, 1)` leaves that
///     test passing (`R` stays on `r`: a capture of `R` ends no goal by it) and every
///     other read the same, so `t2 t3` was a goal in two before it. Hence `t1` changes a
///     square of `B(a, 1)`, or of `B(r, 1)` when `R` is frozen: of `C`. More: if `a` or
///     the goal square `g` ahead of it is taken before `t1`, `t1` empties it (`R`'s steps
///     need both empty, and they read no other square's emptiness), and a step empties a
///     square only by leaving it or by a capture, never on `a` or `g` (no trap lies on a
///     goal rank or the rank next to it). So `t1` leaves the taken square (one step
///     leaves one square: with both taken no such `t1` exists): a friend's own step, or
///     an enemy piece's end of a pull under way (its other move, the first step of a
///     push, has `t2` complete the push, not `R`'s step). That is a square of `K`, and so
///     is `R`'s own square for a `t1` that is `R`'s step.
///
/// The sets `F`: let `R` stand one rank away with `A` taken, and `t1` be no step asked
/// otherwise: not `R`'s, not a push's first step, not an enemy piece's from a square
/// within three of `r` (an enemy piece's step from farther leaves and enters no square
/// within two of `r`, and captures none there, which is all the cases below read). `t3`
/// is `R`'s forward step from `r` or from a square `y` beside `r` along the rank, and
/// needs a square ahead empty. A pull pair `t1 t2` empties `A` only by pulling its
/// piece: not a friend `P` (only `P` itself could move it, as the puller, and the piece
/// pulled would enter `A`), so an enemy piece, pulled into the square `p` its puller
/// left, beside `A` and not `r`: `p` is in `F`. Otherwise `t2 t3` is a goal in two
/// after `t1`, none before: a goal in one or case (d) needs `A` empty after `t1`,
/// emptied only by its piece's own step (`P`'s, from `A`); case (c) needs `P` on `A`
/// and `t1` emptying the goal-rank square `P` enters (`t1` leaves it: in `F`) or
/// unfreezing `R` without `P` (a friend entering a square beside `r`, in `F`; an enemy
/// piece moves only by its own step, asked); case (b) needs `t1` emptying `y` or the
/// square ahead of it (leaving them: in `F`) or unfreezing `R` at `r` or at `y` (a
/// friend entering a square beside `r` or `y`, in `F` but on the goal rank, where
/// entering fills `A` or the square ahead of `y`). A capture by a step of the mover
/// takes a piece of the mover, which unfreezes nothing, and `y`, `A` and the squares
/// beside `A` are on no trap.
///
/// The sets `E`: let `R` stand one rank away with `A` empty, frozen (by the premise:
/// else a goal in one), and `t1` be no step asked otherwise as above (`R`, frozen, has
/// no step). A pull pair `t1 t2` (the puller from `p`, the enemy piece from `q` into
/// `p`) must unfreeze `R` for `t3`: the puller entering a square beside `r` (`p` within
/// two of `r`), a freezer leaving `q` beside `r` (`p` within two), or a freezer
/// captured on a trap beside `r` (its last friend leaving `q`: the trap case, asked; or
/// pulled onto `p`, a trap, from `q` beside `r`); a capture of a piece of the mover is
/// no help. So `p` is within two of `r` and beside an enemy piece: in `E`. Otherwise
/// `t2 t3` is a goal in two after `t1`, none before. Cases (b) and (c) and a goal in
/// one need `R` unfrozen after `t1`: by a friend entering a square beside `r`, `A` (any
/// other, with `A` still empty, would make `t1` and `R`'s forward step a goal in two),
/// or by an enemy piece's step (asked). Case (d) needs a friend stepping from `S` into
/// an empty `Y` beside `r` (not `A`), not legal before `t1`: so `t1` emptied `Y` (held
/// by an enemy piece, as `R` has no friend beside it: asked), entered `S` (a square
/// beside an empty `Y`: in `E`), or unfroze the piece on `S` (a friend entering beside
/// it: beside a piece of `H`, tried; an enemy piece leaving or captured: asked).
///
/// The pairs above change a square of `B(r, 3)` too (the square the first step leaves).
/// A step changes squares only by entering or leaving them, or by a capture, which takes
/// the piece on a trap beside the square it leaves: beside an empty trap it captures
/// nothing, so the traps of `P` or `C` asked (for a step that leaves a square outside the
/// sets above and enters one outside `P` and `C`) are those with a piece on them.
#[inline(always)]
fn three_step_region(pos: &TurnState, start: &Board, rabbits: Bitboard) -> Region {
    let side = pos.side_to_move();
    let board = pos.board();
    if pos.pending_push().is_some() || board.rabbit_on_goal(side) || start.rabbit_on_goal(side) {
        return Region::FULL;
    }
    // Within two and three of a rabbit one rank away (each spread computed once).
    let one = rabbits & rank_band(side, 1);
    let (around, left, ball) = if one.any() {
        let around = one.neighbours();
        let mut left = one | around;
        left |= left.neighbours();
        (around, left, left | left.neighbours())
    } else {
        // No rabbit one rank away: no spread.
        (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY)
    };
    // Within one of the square ahead of a rabbit two ranks away with that square and the
    // goal square ahead of it empty, or of such a rabbit that is frozen (`C`; an unfrozen
    // one's own square is beside the square ahead); a rabbit two ranks away with one of
    // those two squares taken asks only its own square and the taken ones, left (`K`).
    let two = rabbits & rank_band(side, 2);
    let (column, column_taken) = if two.any() {
        let fwd = forward(side);
        let open_ahead = open_ahead_of_two(board, side, two);
        let blocked = two & !open_ahead.shift(Direction::backwards(side));
        let clear = two & !blocked;
        let blocked_ahead = blocked.shift(fwd);
        (
            open_ahead | frozen_rabbits(board, side, clear),
            blocked | ((blocked_ahead | blocked_ahead.shift(fwd)) & board.occupied()),
        )
    } else {
        (Bitboard::EMPTY, Bitboard::EMPTY)
    };
    // No rabbit two ranks away: no spread (that of the empty set is empty).
    let near_column = if column.any() {
        column | column.neighbours()
    } else {
        Bitboard::EMPTY
    };
    let changed = ball | near_column;
    // The squares three from a rabbit one rank away are entered to help only a frozen
    // friend two away that then steps beside it (the rabbit frozen, the square ahead
    // empty, case (d) of `goal_in_two`): those beside such a friend are kept (`H`).
    let open = one & (!board.occupied()).shift(Direction::backwards(side));
    // The enemy pieces whose pushes may help (`Q`): beside a rabbit one rank away with the
    // square ahead empty, or beside the square ahead held by a friend (and beside a trap
    // with an enemy piece on it beside a rabbit one rank away, below).
    let mut pushes = Bitboard::EMPTY;
    // Around a rabbit one rank away with the square ahead taken, `L` only where the goals
    // in two after the first step read (`F`): left, its square, the square ahead, and
    // those beside them along the ranks; entered, a square beside its square or beside
    // one beside it, but on the goal rank.
    // Around one with the square ahead empty (`E`): left, the pieces of the mover within
    // two beside an enemy piece (pulls); entered, the square ahead, the squares beside an
    // empty square beside the rabbit, and those beside a piece of `H`.
    let closed = one & !open;
    let (mut left_from, mut reach) = (Bitboard::EMPTY, Bitboard::EMPTY);
    if closed.any() {
        let row = closed | closed.shift(Direction::East) | closed.shift(Direction::West);
        left_from = row | row.shift(forward(side));
        reach = row.neighbours() & !rank_band(side, 0);
    }
    if open.any() {
        let near_open = open.neighbours();
        pushes = near_open;
        let aside = near_open & !board.occupied() & !open.shift(forward(side));
        let helped = aside.neighbours() & board.color(side);
        let l_open = if closed.any() {
            let mut l = open | near_open;
            l |= l.neighbours();
            l
        } else {
            left
        };
        left_from |= l_open & board.color(side) & board.color(!side).neighbours();
        reach |= open.shift(forward(side)) | aside.neighbours() | helped.neighbours();
    }
    let friend_ahead = one & board.color(side).shift(Direction::backwards(side));
    if friend_ahead.any() {
        pushes |= friend_ahead.shift(forward(side)).neighbours();
    }
    // A step leaving a square three from a rabbit one rank away matters only when it is
    // an enemy piece's or may begin a pull (beside an enemy piece) whose end captures an
    // enemy piece on a trap beside the rabbit (within two of the square left).
    let enemy = board.color(!side);
    // The traps of `P` or `C` with a piece on them (a step beside an empty trap captures
    // nothing).
    let traps = changed & Bitboard::TRAPS & board.occupied();
    // With an enemy piece on them (`t1`, a step of the mover, puts none there).
    let beside = Bitboard::TRAPS & around & enemy;
    let mut leaving = enemy;
    if beside.any() {
        let near_beside = beside.neighbours();
        pushes |= near_beside;
        leaving |= enemy.neighbours() & (near_beside | near_beside.neighbours());
    }
    Region {
        from: left_from
            | column_taken
            | (ball & leaving)
            | near_column
            | traps.neighbours()
            | (rabbits & rank_band(side, 3)),
        into: reach | near_column,
        pushes,
    }
}

/// Whether no turn of at most three more steps ends with a goal, decided directly when
/// every rabbit of `rabbits` (the node's rabbits that may end such a goal,
/// [`goal_rabbits_within`]) is a frozen rabbit one rank from its goal with an enemy piece
/// on the square ahead, (vi) one with the square ahead empty that no two steps unfreeze,
/// or (v) a frozen rabbit two ranks away whose square ahead or the goal square ahead of
/// that is taken; `false` means "not decided" (the search decides).
/// The rabbits of (v) first: such a rabbit `R2` on `s`, `b` ahead and `h` ahead of `b`,
/// ends a goal in three only by its two forward steps and one step `t` before them that
/// unfreezes it and empties the taken square. A first step that ends the pull under way
/// unfreezes no `R2` by (iii) below (the same argument), and `t` is a step of the mover
/// that begins no push (a push's second step would come next): it moves a piece of the
/// mover (enemy pieces stay, and none is captured by it), so it must bring a friend
/// beside `s` and leave the taken square (no trap lies on `b` or `h`), which holds a
/// piece of the mover. A friend on `b` is beside `s`, against `R2` frozen; from `h`,
/// the only square beside both `h` and `s` is `b`, which then blocks `R2`. So no `R2`
/// ends a goal, and the rest reads only the rabbits one rank away.
///
/// (vi) A frozen rabbit `R` one rank away on `r` with the square ahead empty, such that
/// [`unfrozen_within_two_steps`] says no one or two steps unfreeze it (with (iii) below,
/// its premise): `R` needs a step of its own, only when unfrozen, and no push may wait
/// before it; with three steps left, its forward step from `r` comes after at most two
/// steps, which leave it frozen or `A` taken, and its steps aside and forward come after
/// one, which leaves it frozen or with no route aside (its proof). So `R` ends no goal,
/// and the rest reads the rabbits one rank away with a piece on the square ahead (a friend
/// there: not decided). Write `R` for such a rabbit on `r`, `E` for the enemy piece on the square
/// `A` ahead, `y` for a square beside `r` along the rank, `g` for the goal square ahead of `y`, and
/// "a helper" for a piece of the mover but `R`. The rule answers "no" when no push waits, (iii) the
/// pull under way (if any) may move no enemy piece within two of a rabbit of `rabbits`
/// ([`TurnState::pullable`]), and for every such `R`: (i) no piece of the mover stronger
/// than `E` stands beside `A`, and (ii) for every `y`, `y` or `g` is taken, or an enemy
/// piece that freezes (not a rabbit) stands beside `y` and no helper does, or no helper
/// stands beside an empty square beside `r` but `y`.
///
/// The pull under way first (iii): a turn whose first step ends it moves one enemy piece
/// `X` from a square `q` more than two from every `r` (and `s`) into the square `p` its puller left
/// (beside `q`), and captures at most an enemy piece on a trap beside `q` (its last
/// friend leaving): that trap is more than one from every `r`, and `q` is not beside
/// `r`, so every freezer beside `r` stays, and no piece of the mover comes beside `r`
/// (the step moves no piece of the mover); `E` is not `X` (`A` is beside `r`). So every
/// `R` is still frozen with `E` ahead, and with two steps left `R`'s forward step from
/// `r` is blocked and its step aside needs a step before it to unfreeze it: no goal. A
/// turn whose first step does not end the pull moves no enemy piece by it afterwards
/// (a pull ends on the step after its puller's or not at all), which is the case below.
///
/// Exact: a goal in at most three ends with some `R` stepping forward onto the goal rank
/// (the rabbits of `rabbits` are the only ones that may end it), from `r` or from a `y`
/// (from farther along the rank it takes three steps of `R`, aside twice and forward, and
/// `R`, frozen, cannot take the first). `E` never leaves `A`: it moves only by a push or
/// a pull begun in the turn (the pull under way, not ended first, moves none) by a piece of the
/// mover stronger than `E` beside `A`: none is there now by (i), and a step to come
/// there, the push's or pull's two steps and `R`'s forward step make four (no piece of
/// the mover moves an enemy piece otherwise); no trap is on the goal rank, so
/// `E` is never captured. So the forward step from `r` is never legal, and the goal from a
/// `y` takes `R`'s step aside, its forward step and one step `t` more. `t` moves no enemy
/// piece (the pull under way is not ended first; a push takes two steps; a pull needs a step of
/// the mover before the enemy's, and the only one is `R`'s step aside, a rabbit's, which
/// pulls nothing), and a step of the mover captures only pieces of the mover (an enemy
/// piece on a trap keeps its friends): the enemy pieces stay where they are. `R` frozen
/// cannot step aside before a friend comes beside `r` (the freezers stay), so `t` comes
/// first and enters an empty square beside `r`: not `A` (held by `E`), not `y` (then `R`
/// cannot enter it), so another one, from a square beside it, by a helper (`R` stays on
/// `r`): the last condition of (ii) leaves no `t`. That square is the one behind `r` or the
/// other square beside `r` along the rank, neither of them beside `y`. So `y` is empty
/// before `t` (no piece of the mover stands there, `R` being frozen, and an enemy piece
/// there stays); `g` too (a piece leaving `g` enters `y`, `A` or a goal-rank square beside
/// no square beside `r`); and `R` on `y` needs a friend beside `y` when a freezer stands
/// beside it (the freezers stay): `t` brings none there (the square it enters is not
/// beside `y`) and takes away or captures only, so such a helper stood beside `y` before
/// `t`. Where (ii) holds for every `y` no route is left for `R`, and with every rabbit of
/// `rabbits` such an `R`, no goal.
///
/// The rule holds with a push waiting too; the function answers `false` then only as a
/// speed shortcut (the rule decides almost none of those nodes, and the test is the
/// cheapest). While a push waits, the only steps complete it: a piece of the mover
/// stronger than the pushed one (not a rabbit), unfrozen and beside the square the pushed
/// piece left, steps into that empty square. That is a legal simple step on the same
/// board with no push waiting, and after it no pull is under way (a simple step would
/// allow one: more turns, not fewer). So every turn of at most three more steps from
/// the state is one from the same board with no push waiting and no pull under way,
/// which the rule reads the same way ([`TurnState::pullable`] is empty in both) and
/// where the proof above holds: no goal by a rabbit of `rabbits`.
#[inline(always)]
fn frozen_behind_enemy_pieces(pos: &TurnState, rabbits: Bitboard) -> bool {
    let side = pos.side_to_move();
    let board = pos.board();
    let fwd = forward(side);
    let near = rabbits & rank_band(side, 1);
    let two = rabbits & rank_band(side, 2);
    // No push waiting (a speed shortcut, the cheapest test first: the rule holds with one
    // too). Then the shape, its tests joined without a branch between them (each reads
    // the board only, so their order changes no answer): every rabbit one rank away with
    // an enemy piece or nothing ahead (vi), or two ranks away (v) with the square ahead
    // of it or the goal square ahead of that taken (`open_ahead_of_two` gives none of
    // their columns open, and none when there is no such rabbit); every rabbit frozen.
    if pos.pending_push().is_some() {
        return false;
    }
    if (near | two != rabbits)
        | (near.shift(fwd) & board.color(side)).any()
        | open_ahead_of_two(board, side, two).any()
        | (frozen_rabbits(board, side, rabbits) != rabbits)
    {
        return false;
    }
    // (iii): the pull under way may move no enemy piece within two of a rabbit.
    let pullable = pos.pullable();
    if pullable.any() {
        let mut close = rabbits | rabbits.neighbours();
        close |= close.neighbours();
        if (pullable & close).any() {
            return false;
        }
    }
    let own = board.color(side);
    let occupied = board.occupied();
    let freezers = rabbit_freezers(board, side);
    let along = rank_band(side, 1);
    // (i) for every rabbit at once: an enemy piece ahead with a piece of the mover that
    // may push or pull it (one stronger beside it; `Board::pushable_by`).
    if board.pushable_by(side, own, near.shift(fwd)).any() {
        return false;
    }
    for r in near {
        let a = Step::new(r, fwd).to_on_board();
        if !occupied.contains(a) {
            // (vi): the square ahead empty.
            if unfrozen_within_two_steps(board, side, r, pullable.any()) {
                return false;
            }
            continue;
        }
        // (ii) for each `y`.
        let helpers = own.without(r);
        let around = Bitboard::adjacent(r);
        for y in around & along {
            let g = Step::new(y, fwd).to_on_board();
            if occupied.contains(y) || occupied.contains(g) {
                continue;
            }
            let beside = Bitboard::adjacent(y);
            if (beside & helpers).is_empty() && (beside & freezers).any() {
                continue;
            }
            // The empty squares beside `r` a helper may enter, but `y`.
            let entered = around & !occupied & !Bitboard::from_square(y);
            if (entered.neighbours() & helpers).any() {
                return false;
            }
        }
    }
    true
}

/// Whether the frozen rabbit `R` of the mover on `r`, one rank from its goal with the
/// square ahead `A` empty, may be unfrozen on `r` by one or two steps with no push
/// waiting after them; `false` proves that no such steps leave `R` unfrozen with `A`
/// empty, and that no one step leaves it unfrozen with a route aside to its goal (a
/// square `y` beside `r` along the rank and the goal square ahead of it empty, `R`
/// unfrozen on `y`): case (vi) of [`frozen_behind_enemy_pieces`]. The caller asks it
/// with no push waiting and no enemy piece the pull under way may move within two of
/// `r`; `pulling` says whether it may move one at all.
///
/// `R` is frozen: no piece of the mover stands beside `r`, a freezer (an enemy piece
/// but a rabbit) does. It is unfrozen after the steps only if a piece `X` of the mover
/// entered a square beside `r`, or every freezer beside `r` left or was captured. A step
/// of the mover captures only pieces of the mover; an enemy piece moves only by a push or
/// pull begun in the turn (two steps, its mover beside it and unfrozen before the first:
/// no push may wait at the end) or by the end of the pull under way (a first step moving
/// a piece more than two from `r`: it changes no square beside `r`, captures no piece on
/// a trap beside `r`, and leaves one step only).
/// - `X` two from `r` enters a square `N` beside both (a rabbit not backwards) by one
///   step, or by a push of the enemy piece on `N` (weaker than `X`, with an empty square
///   beside `N` to go to; `X` unfrozen before it). `N` holds no piece of the mover, and
///   an enemy piece on it stays there unless pushed by `X` (a pull of it by another
///   piece takes both steps and leaves `X` where it is), so a simple step needs `N`
///   empty, and `X` unfrozen before it: unfrozen now, or unfrozen by the first step,
///   which brings a friend beside `X` (an unfrozen piece of the mover beside an empty
///   square beside `X`) or, when `pulling`, ends the pull under way (taken as possible).
///   A square two from `r` is beside none two from `r`: no other route. When `A` is
///   the only empty square beside both (`X` then stands on a goal square beside `A`),
///   `X` entering it leaves `A` taken: `R` then reaches its goal only by its step aside
///   and its forward step, so `X` enters `A` by the first step, unfrozen now, and then
///   [`aside_after_the_square_ahead_taken`] must find a route (its proof).
/// - `X` three from `r` needs both steps, simple steps of its own: into an empty square
///   `M` two from `r`, then into an empty `N` beside both `M` and `r` (a push or pull
///   leaves `X` two from `r`). `X` is unfrozen now, and on `M` keeps a friend (a piece of
///   the mover beside `M` but `X`; `R` is not) or has no stronger enemy piece beside it
///   and is not captured (a trap with no friend beside it); a rabbit takes neither step
///   backwards. Pieces farther away need three steps.
/// - The freezers leave: within two steps at most one enemy piece `P` moves, by a push
///   or pull by a piece of the mover stronger than `P`, beside it and unfrozen now, with
///   an empty square beside `P` (the push) or beside the mover (the pull). `P` does not
///   end beside `r` when it stood beside it (the squares beside its own are `r` and
///   squares two from `r`, the square its puller left among them), and ending there
///   would only freeze `R` again. A freezer left beside `r` by `P`'s move is captured
///   only on a trap with no enemy piece beside it but `P`. So
///   at most one freezer is off a trap (the other is `P`), and `P` is a freezer or the
///   last friend of the freezer on the trap beside `r`.
///
/// Where none of these is possible, no one or two steps (no push waiting after them)
/// leave `R` unfrozen on `r` with `A` empty: a piece entering a square beside `r` from
/// two away enters `A` only where that is its one empty entry, and a piece entering `A`
/// from three away does so by the second step. And one step leaving `R` unfrozen with
/// `A` taken is the first step of such an `X` into `A`, whose route aside is asked.
#[inline]
fn unfrozen_within_two_steps(board: &Board, side: Color, r: crate::Square, pulling: bool) -> bool {
    let own = board.color(side);
    let enemy = board.color(!side);
    let helpers = own.without(r);
    let empty = !board.occupied();
    let back = Direction::backwards(side);
    let rabbits = board.pieces(PieceKind::Rabbit.of(side));
    let beside = Bitboard::adjacent(r);
    let ball1 = beside | Bitboard::from_square(r);
    let ball2 = ball1 | ball1.neighbours();
    let frozen = board.frozen_among(side, ball2.neighbours() & helpers);
    let ahead = Bitboard::from_square(r).shift(forward(side));
    // The pieces of the mover stronger than an enemy piece beside them on a square
    // beside `r` with an empty square beside it (its pushers), by a walk over the kinds
    // from the weakest, `weaker` those enemy pieces of the kinds passed (no branch on
    // the kinds present).
    let pushed = beside & enemy & empty.neighbours();
    let (mut pushers, mut weaker) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for kind in PieceKind::ALL {
        pushers |= board.pieces(kind.of(side)) & weaker.neighbours();
        weaker |= pushed & board.pieces(kind.of(!side));
    }
    // A helper two away enters a square beside `r` in one step, or pushes the enemy
    // piece there away (a rabbit pushes none).
    for x in ball2 & !ball1 & helpers {
        if pushers.contains(x) && !frozen.contains(x) {
            return true;
        }
        let mut entries = Bitboard::adjacent(x) & beside;
        if rabbits.contains(x) {
            entries &= !Bitboard::from_square(x).shift(back);
        }
        let open = entries & empty;
        if open == ahead {
            // Only the square ahead: entered first, then `R` steps aside and forward.
            if !frozen.contains(x) && aside_after_the_square_ahead_taken(board, side, r, x) {
                return true;
            }
        } else if open.any() {
            if pulling || !frozen.contains(x) {
                return true;
            }
            let comers = (Bitboard::adjacent(x) & empty).neighbours() & helpers.without(x);
            if comers.any() && board.frozen_among(side, comers) != comers {
                return true;
            }
        }
    }
    // A helper three away walks in by two steps through an empty square two away.
    let three = (ball2.neighbours() & !ball2) & helpers & !frozen;
    if three.any() {
        let through = ball2 & !ball1 & empty & (beside & empty).neighbours();
        for x in three & through.neighbours() {
            let Some(kind) = board.kind_at(x) else {
                continue;
            };
            let rabbit = rabbits.contains(x);
            for m in Bitboard::adjacent(x) & through {
                if rabbit && Bitboard::from_square(x).shift(back).contains(m) {
                    continue;
                }
                let around = Bitboard::adjacent(m);
                if (around & own.without(x)).is_empty()
                    && (Bitboard::TRAPS.contains(m)
                        || (around & board.stronger_than(!side, kind)).any())
                {
                    continue;
                }
                let mut entries = around & beside & empty;
                if rabbit {
                    entries &= !Bitboard::from_square(m).shift(back);
                }
                if entries.any() {
                    return true;
                }
            }
        }
    }
    // Every freezer pushed or pulled away or captured.
    let freezers = beside & rabbit_freezers(board, side);
    if (freezers & !Bitboard::TRAPS).count() <= 1 {
        let moved = freezers | ((freezers & Bitboard::TRAPS).neighbours() & enemy);
        for p in moved {
            let Some(kind) = board.kind_at(p) else {
                continue;
            };
            let left = freezers.without(p);
            if (left & !Bitboard::TRAPS).any() {
                continue;
            }
            if left.any() && (left.neighbours() & enemy.without(p)).any() {
                continue;
            }
            let movers = Bitboard::adjacent(p) & board.stronger_than(side, kind) & !frozen;
            if movers.any() && ((Bitboard::adjacent(p) | movers.neighbours()) & empty).any() {
                return true;
            }
        }
    }
    false
}

/// Whether the rabbit `R` of the mover on `r` (one rank from its goal, frozen, the square
/// ahead `A` empty) may step aside and forward to its goal once the piece of the mover
/// on `x` (two from `r`, beside `A`) has stepped into `A`: for a square `y` beside `r`
/// along the rank, `y` empty, the goal square `g` ahead of it empty or `x`, and `R`
/// unfrozen on `y` (a piece of the mover beside `y` but `R` and the one from `x`, or no
/// freezer). The one route for such a piece whose only empty square beside `r` is `A`
/// ([`unfrozen_within_two_steps`]).
///
/// Exact: the step into `A` unfreezes `R` and blocks its forward step from `r`, and
/// the two steps left must be `R`'s step to a `y` and its forward step to `g`. The step
/// into `A` changed only `x` (emptied) and `A` (a capture it makes takes a piece of the
/// mover on a trap beside `x`: a friend fewer, never a freezer), so `y` and `g` must be
/// empty now or `g` be `x`, and `R` on `y` keeps a friend other than `R` and the piece
/// now on `A` (not beside `y`) or has no freezer beside it.
#[inline(never)]
fn aside_after_the_square_ahead_taken(
    board: &Board,
    side: Color,
    r: crate::Square,
    x: crate::Square,
) -> bool {
    let empty = !board.occupied() | Bitboard::from_square(x);
    let friends = board.color(side).without(r).without(x);
    let freezers = rabbit_freezers(board, side);
    let row = Bitboard::adjacent(r) & rank_band(side, 1);
    let open = row & empty & empty.shift(Direction::backwards(side));
    open.iter().any(|y| {
        let around = Bitboard::adjacent(y);
        (around & friends).any() || (around & freezers).is_empty()
    })
}

/// The first rabbit of `rabbits` (rabbits of the mover three ranks from their goal) that
/// walks straight to its goal in three more steps, if any ([`straight_walk`], which gives
/// when the walk is legal). `None` proves that no turn of three more steps ends with a
/// rabbit of `rabbits` on its goal rank. The caller asks with three steps to go and no
/// push waiting.
///
/// Exact: the mover's rabbits move only by their own steps (the enemy's pieces do not
/// move them), one rank at most and never backwards, so a turn of three more steps that
/// ends with `R` on its goal rank is `R`'s three forward steps, in this order. After the
/// third step the turn may end: a step taken, no push waiting, and the board is not the
/// start's (the mover's rabbits never step backwards and none is added, so the sum of
/// their ranks towards the goal never falls unless one is captured, which lowers their
/// number; `R`'s walk raised it).
#[cold]
#[inline(never)]
fn walk_from_three_ranks(pos: &TurnState, rabbits: Bitboard) -> Option<crate::Square> {
    straight_walk(pos, rabbits, 3)
}

/// What [`within_three`] decides of a goal within three more steps.
enum WithinThree {
    /// The rabbit on this square, three ranks from its goal, walks straight to it
    /// ([`walk_from_three_ranks`]).
    Walks(crate::Square),
    /// No turn of at most three more steps ends with a goal.
    NoGoal,
    /// Not decided: the rabbits given less those three ranks away, none of which walks.
    Undecided(Bitboard),
}

/// The rules that settle a goal within three more steps from the rabbits that may end
/// one, `rabbits` (a set holding every such rabbit of the mover), before any step is
/// tried: the straight walk of those three ranks away, then
/// [`frozen_behind_enemy_pieces`] on the others. `asked` is a set that rule was already
/// asked about at this state without deciding (none: [`Bitboard::EMPTY`]); it is not
/// asked again for a set within it. Asked by the pass with three steps to go, by the
/// root with four ([`rabbits_asked_in_three`]) and by the nodes with three to go before
/// their bounds ([`rabbits_asked_before_the_bounds`]).
///
/// Exact: rabbits three ranks away end a goal within three only by their straight walk
/// ([`walk_from_three_ranks`]'s proof), so one that walks answers [`WithinThree::Walks`];
/// when none walks, a goal within three ends with a rabbit of the others on its goal
/// rank, and those others hold every rabbit that may end one, the premise of
/// [`frozen_behind_enemy_pieces`], whose "no" is [`WithinThree::NoGoal`] (none left is
/// one too). Leaving [`frozen_behind_enemy_pieces`] out changes no answer: it only
/// answers "no goal" early, and without it the node's rules and region decide (the
/// search without a pruning rule is the same search, slower); a set within `asked` is a
/// set of those rabbits that rule did not decide for a larger set at this state (it
/// mostly would not for the smaller one either), so it is left out there.
#[inline(always)]
fn within_three(pos: &TurnState, mut rabbits: Bitboard, asked: Bitboard) -> WithinThree {
    let three = rabbits & rank_band(pos.side_to_move(), 3);
    if three.any() {
        if let Some(x) = walk_from_three_ranks(pos, three) {
            return WithinThree::Walks(x);
        }
        rabbits ^= three;
    }
    if rabbits.is_empty() || ((rabbits & !asked).any() && frozen_behind_enemy_pieces(pos, rabbits))
    {
        WithinThree::NoGoal
    } else {
        WithinThree::Undecided(rabbits)
    }
}

/// The squares into which the first steps that may begin a goal in three go, when every
/// rabbit of `rabbits` (the node's rabbits that may end such a goal,
/// [`goal_rabbits_within`]) stands two ranks from its goal with an enemy piece that the
/// pull under way may not move on the square ahead `b` or on the goal square `h` ahead
/// of that: the caller tries the steps of the unfrozen rabbits of `rabbits` into them
/// (forward into `b` when empty, aside along the rank into an empty square with the two
/// squares ahead of it empty). `None` when that shape does not hold (a push waiting, a
/// rabbit elsewhere, a column not so held): the caller's region decides. The caller
/// asks with three steps to go and no goal in fewer (inside the root's deepening,
/// [`goal_search`]'s proof).
///
/// Exact: a goal in at most three, so in three, ends with a rabbit `R` of `rabbits` on
/// its goal rank; `R` stands on `s`, the enemy piece `E` on `b` or `h`. The mover's
/// rabbits move only by their own steps (no piece pushes or pulls them), one square at a
/// time and never backwards, so `R` takes at least two forward steps. `E` stays where
/// it is: a push or pull begun in the turn takes two steps and leaves one for `R`; the
/// pull under way moves only a piece it may move, not `E`; and no trap lies on a goal
/// rank or one rank from it, so `E` is never captured. So `R` never enters `E`'s
/// square: it leaves its column by a step aside, and with its two forward steps that
/// makes all three steps, `R`'s own, the first of them from `s`: forward into `b`
/// (empty, then `E` is on `h`), or aside along the rank into a square `y`. Each is legal
/// exactly when `R` is unfrozen on `s` and the square it enters is empty (no push waits;
/// neither step is backwards), and the step aside begins a goal only if the next two are
/// `R`'s forward steps from `y`: the square ahead of `y` and the goal square ahead of
/// that must be empty then, so now (no other step comes between, and `R`'s step aside
/// empties only `s` and perhaps a trap beside it: a friend captured, on `R`'s rank).
/// Every goal in three thus begins with one of the steps tried, each legal; the children
/// decide the rest.
#[inline]
fn steps_around_enemy_pieces(pos: &TurnState, rabbits: Bitboard) -> Option<Bitboard> {
    let side = pos.side_to_move();
    let board = pos.board();
    let fwd = forward(side);
    let two = rank_band(side, 2);
    if pos.pending_push().is_some() || rabbits & two != rabbits {
        return None;
    }
    let back = Direction::backwards(side);
    let held = board.color(!side) & !pos.pullable();
    let behind_held = held.shift(back);
    if rabbits & (behind_held | behind_held.shift(back)) != rabbits {
        return None;
    }
    let empty = !board.occupied();
    let ahead_empty = empty.shift(back);
    // The empty squares ahead of the rabbits, and those along their rank whose two
    // squares ahead are empty.
    Some((rabbits.shift(fwd) | (two & ahead_empty & ahead_empty.shift(back))) & empty)
}

/// The only first steps that may begin a goal in three, when every rabbit `R` of `rabbits`
/// (the node's rabbits that may end such a goal, [`goal_rabbits_within`]) stands on a
/// square `r` one rank from its goal with an enemy piece `E` on the goal square `A` ahead,
/// and each square `s` beside an `r` along the rank (`g` the goal square ahead of it, `t`
/// the square beyond `s` along the rank) is of one of these kinds: (a) an enemy piece on
/// `s`; (b) a friend on `s` and a piece on `g`; (c) `s` empty, an enemy piece on `g`, and
/// no `t`, or `t` or the square ahead of `t` taken; (d) a friend `F` on `s` and `g` empty;
/// (e) `s` empty and a friend `G` on `g`; (f) `s` and `g` empty. Gives `(movers, open,
/// pulled)`: `movers`, the unfrozen friends `F` of kind (d) beside an `R` that keeps, with
/// `F` gone, a friend beside `r` or no freezer (an enemy piece but a rabbit) beside `r`,
/// and the unfrozen pieces `S` of the mover stronger than `E` beside `A` (on a `g`: the
/// squares beside `A` are the two `g` and `r`), the unfrozen `G` of kind (e), the unfrozen
/// `R` beside an `s` of kind (e) or (f), and the unfrozen friends (not a rabbit on the goal
/// rank) beside a square of `helped`: the empty squares beside `r` for a frozen `R` beside
/// an `s` of kind (f), and the empty squares off the goal rank beside an `s` of kind (f)
/// beside an unfrozen `R`; `open`, the empty squares along the rank, for the movers that
/// are not rabbits the squares behind them, the goal-rank squares beside an `S` or a `G`,
/// and `helped`; `pulled`, the enemy pieces on an `A`, on an `s` or on the `g` of a kind
/// (c) that the pull under way may move ([`TurnState::pullable`]), every one it may move
/// when some `s` is of kind (f). The caller tries the movers' steps into the squares of
/// `open` beside them and, for each piece of `pulled`, the pull's end that moves it into
/// the pull's square. `None` when a push waits or some rabbit or square has another shape:
/// the caller's region decides. The caller asks with three steps to go and no goal in fewer
/// (inside the root's deepening, [`goal_search`]'s proof).
///
/// Exact: a goal in at most three, so in three, ends with some `R` on its goal rank.
/// The mover's rabbits move only by their own steps, one square at a time, never
/// backwards; no trap lies on a goal rank or one rank from it, so no piece there is
/// captured. Each step tried is legal: a mover is unfrozen and enters an empty square,
/// not backwards for a rabbit, with no push waiting; a piece of `pulled` may be pulled
/// into the pull's square, empty, with steps left.
///
/// A turn whose first step ends the pull under way: if the piece it moves is one of
/// `pulled`, that step is tried. Otherwise it moves another enemy piece `X` into the
/// pull's square, not `E` (so `A` stays taken), not from an `s` nor from the `g` of a
/// kind (c), and the two steps left, `R`'s own, must be its step aside into an `s` and
/// forward into `g`, with `s` and `g` empty after the first step: `X`'s move empties
/// no `s` or `g` (its square is none of those asked, and no trap is there), and each
/// kind but (f) has `s` taken, or `g` taken by a friend or by an enemy piece that is
/// not `X`: no goal (with an `s` of kind (f) every piece the pull may move is given).
///
/// Any other turn moves no enemy piece by a pull under way (a pull ends on the step after
/// its puller's or not at all), so an enemy piece on those two ranks moves only by a push
/// or pull begun in the turn: two steps. If `R` enters `A`, `E` leaves it first, not by a
/// push, which puts the pusher on `A` (a step more to leave it, and `R`'s step: four), so
/// by a pull by a piece of the mover stronger than `E` beside `A`: one there now, an `S`
/// (else a step to come, the pull's two steps and `R`'s: four). Then the turn is `S`'s
/// step, `E`'s into `S`'s square, and `R`'s forward step: `S`'s step is the first, simple
/// (no push waits; a push would take two more), into an empty square beside its `g`: not
/// `A` (held by `E`) nor the `s` below it (taken: an `s` is empty only in kinds (c), (e)
/// and (f), whose `g` holds an enemy piece, a friend, or nothing, not `S`), so the
/// goal-rank square beside it, tried. Otherwise `R` leaves its column by a step aside into
/// an `s`, and takes at least two steps. Through an `s` of kind (a): the enemy piece leaves
/// `s` only by a push or pull (two steps), then `R`'s two: four. Kind (b): the friend
/// leaves `s` (a step), `R` enters it, and `R` then needs `g` emptied (at least a step) and
/// its forward step, or a step on to `t` and one forward: four either way. Kind (c): from
/// `s`, `g` stays taken (two steps to move the enemy piece there, then `R`'s forward step:
/// four with `R`'s step aside), so `R` goes on to `t` and forward: all three steps are
/// `R`'s own, and `t` and the square ahead of it must be empty now: they are not. Kind (d):
/// `F` leaves `s` (a step), `R` enters it (a step) and the third step is `R`'s forward step
/// into `g` (going on to `t` makes four). So the turn is `F`'s step off `s`, then `R`'s two
/// steps. `F`'s step is a simple step of `F` (its own, onto an empty square: the second
/// step of a push needs the push's first step before it, a fourth step; no push waits), so
/// `F` is unfrozen now; not forward into `g`, which `R` enters last with no step between,
/// so along the rank or behind `s` (not for a rabbit, which never steps backwards): into a
/// square of `open`. Then `R` steps aside from `r`, unfrozen there: `F`'s new square is not
/// beside `r` (it is beside `s`, and no square is beside both of two squares beside each
/// other), `F`'s step moves no enemy piece and captures at most a piece of the mover, so
/// `R`'s friends beside `r` are at most those of now but `F`, and its freezers the same:
/// `R` keeps a friend or has no freezer, and `F` is a mover. Kind (e): `R` enters `s` by
/// its own step, and then either goes on to `t` and forward (all three steps `R`'s, the
/// first its step into `s`) or steps forward into `g` once `G` has left it. `G` leaves `g`
/// by its own simple step (a friend moves only so; no push waits, a push of an enemy piece
/// by `G` takes two steps more) into an empty square beside `g`: not `A` (held by `E`), not
/// `s` (it must be empty when `R` enters it, and `R` stands there after), so the goal-rank
/// square beside `g`. With `R`'s two steps that is the whole turn, begun by `R`'s step into
/// `s` or by `G`'s step: both tried (a first step is taken by an unfrozen piece). Kind (f):
/// `R` enters `s` by its own step, then goes on to `t` and forward (all three steps `R`'s,
/// the first its step into `s`, tried when `R` is unfrozen) or forward into `g` with one
/// other step `X` before that last step, a simple step of a piece of the mover (a push or
/// pull begun takes two; the end of the pull under way is the case above). If `X` follows
/// `R`'s step into `s`, that step begins the turn, tried. If `X` is first, it moves no
/// enemy piece, adds a friend of `R` only on the square it enters and removes only pieces
/// of the mover: with `R` frozen on `r`, `X` unfreezes it there, so enters an empty square
/// beside `r` (the `helped` squares of a frozen `R`); with `R` unfrozen, either `R` would
/// stand unfrozen on `s` after its step with no `X` (then `R`'s step into `s` begins a goal
/// in two more, tried) or `X` brings a friend beside `s`: onto an empty square beside `s`
/// off the goal rank (`g` stays empty for `R`, `r` is held by `R`), `helped` too. `X` is a
/// step of an unfrozen friend beside a square of `helped` (all one or two ranks from the
/// goal), not a rabbit on the goal rank (its step would be backwards); a rabbit enters a
/// square of `helped` one rank away along the rank or from below, and one two ranks away
/// (under `r` or under `s`) along its rank or from below: the square above it is `r` with
/// `R` frozen (no mover) or `s`, empty. So every goal in three begins with a step tried;
/// the children decide the rest. With nothing given, no goal.
#[inline]
fn steps_off_the_squares_aside(
    pos: &TurnState,
    rabbits: Bitboard,
) -> Option<(Bitboard, Bitboard, Bitboard)> {
    let side = pos.side_to_move();
    let row = rank_band(side, 1);
    if rabbits & row != rabbits || pos.pending_push().is_some() {
        return None;
    }
    let board = pos.board();
    let fwd = forward(side);
    let enemy = board.color(!side);
    let ahead = rabbits.shift(fwd);
    if ahead & enemy != ahead {
        return None;
    }
    let back = Direction::backwards(side);
    let own = board.color(side);
    let empty = !board.occupied();
    // The squares whose square ahead is empty.
    let ahead_empty = empty.shift(back);
    // The squares `s` beside the rabbits along the rank, by kind.
    let aside = rabbits.neighbours() & row;
    let given = aside & own & ahead_empty;
    let around = aside & empty & enemy.shift(back);
    // (e): `s` empty, a friend on `g`; (f): `s` and `g` empty (every square aside is of
    // a kind now).
    let below_friend = aside & empty & own.shift(back);
    let open_aside = aside & empty & ahead_empty;
    // (c): no open `t` (the rabbits, beside `s` along the rank too, are not empty).
    if (around.neighbours() & row & empty & ahead_empty).any() {
        return None;
    }
    // The pieces of the mover stronger than `E` beside `A` (on a `g`), whose pull of `E`
    // may open `A`.
    // A walk over the kinds from the strongest, `stronger` the mover's pieces of the
    // kinds passed (no branch on the kinds present).
    let (mut pullers, mut stronger) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for kind in PieceKind::ALL.into_iter().rev() {
        pullers |= stronger & (ahead & board.pieces(kind.of(!side))).neighbours();
        stronger |= board.pieces(kind.of(side));
    }
    // The friends whose leaving keeps some rabbit beside them along the rank unfrozen.
    let freezers = rabbit_freezers(board, side);
    let mut kept = Bitboard::EMPTY;
    for f in given {
        let helps = (Bitboard::adjacent(f) & rabbits).iter().any(|r| {
            let around = Bitboard::adjacent(r);
            (around & own).without(f).any() || (around & freezers).is_empty()
        });
        if helps {
            kept |= Bitboard::from_square(f);
        }
    }
    let leavers = below_friend.shift(fwd);
    let mut asked = kept | pullers | leavers | (rabbits & below_friend.neighbours());
    // (f): the squares a friend's step enters to unfreeze `R`, beside `r` for a frozen
    // `R` beside an `s` of kind (f), beside that `s` off the goal rank for an unfrozen one.
    let mut helped = Bitboard::EMPTY;
    // The mover's frozen pieces, once for both readers below (`Board::frozen_among`
    // costs the same whatever it is asked about; it is `Board::frozen` on those).
    let frozen = board.frozen_among(side, Bitboard::FULL);
    if open_aside.any() {
        let near = rabbits & open_aside.neighbours();
        let stuck = near & frozen;
        let free_aside = open_aside & (near & !stuck).neighbours();
        helped = empty & (stuck.neighbours() | (free_aside.neighbours() & !rank_band(side, 0)));
        // Not a rabbit on the goal rank (its step into `helped` would be backwards).
        let on_goal = board.pieces(PieceKind::Rabbit.of(side)) & rank_band(side, 0);
        asked |= near | (own & !on_goal & helped.neighbours());
    }
    let movers = asked & !frozen;
    let back_steppers = movers & !board.pieces(PieceKind::Rabbit.of(side));
    let mut open = row | back_steppers.shift(back) | helped;
    if (pullers | leavers).any() {
        open |= (pullers | leavers).neighbours() & rank_band(side, 0);
    }
    // The enemy pieces read that the pull under way may move; with an `s` of kind (f),
    // every one.
    let read = if open_aside.any() {
        Bitboard::FULL
    } else {
        ahead | aside | around.shift(fwd)
    };
    let pulled = pos.pullable() & read;
    Some((movers, empty & open, pulled))
}

/// The only first steps that may begin a goal in three, when `rabbits` (the node's
/// rabbits that may end such a goal, [`goal_rabbits_within`]) is one rabbit `R` on a
/// square `q` two ranks from its goal with the square `b` ahead of it and the goal
/// square `h` ahead of that empty. Gives `(movers, open, pulled)` as
/// [`steps_off_the_squares_aside`] does: the caller tries the movers' steps into the
/// squares of `open` beside them and, for each piece of `pulled` (the enemy pieces the
/// pull under way may move, [`TurnState::pullable`], beside `q` or `b` or beside a trap
/// there that holds an enemy piece), the pull's end. With `R` frozen:
/// the unfrozen friends beside an empty square beside `q` but `b` (not a rabbit of the
/// mover one rank from its goal or on it), into those squares, and none when `R` would
/// stand frozen on `b` (no friend and a freezer on the squares beside `b` along its
/// rank, the sides of `b`). With `R` unfrozen: `R` into an empty square beside `q` along
/// its rank whose two squares ahead are empty, and, when a piece of the mover stands
/// beside `q` or beside an empty side of `b`, `R` into `b` and the unfrozen friends beside an empty side of `b` (not a rabbit on
/// the goal rank) into it. `None` when a push waits or the shape is another.
///
/// Exact: a goal in at most three ends with `R` on its goal rank. `R` moves only by its
/// own steps, one square at a time, never backwards, so it takes at least two steps. If
/// it takes three, they are the whole turn, the first `R`'s step from `q` into `b` or
/// along its rank: legal only with `R` unfrozen, and then tried (along its rank into a
/// square `y` only when the two squares ahead of `y` are empty: `R`'s two forward steps
/// from `y` follow with no other step, and its step into `y` empties none of them; into
/// `b` only when a piece of the mover stands beside `q` or beside an empty side of `b`:
/// were `R` unfrozen on `b` after that step, it and `R`'s step into `h` would be a goal
/// in two, so `R` stands frozen there and moves again only after a friend's step brings
/// a friend beside it, onto `q` (empty once `R` has left it) or an empty side of `b`
/// (not `h`, which `R` enters), by a piece of the mover beside that square now: the
/// mover's pieces move only by their own steps). Otherwise `R`'s two
/// steps are `q` to `b` and `b` to `h` (two forward steps), and one other step
/// `X` comes before the last. A push begun in the turn takes two steps, a pull begun two:
/// `X` is a simple step of a piece of the mover or the pull's end of the pull under way.
/// That end comes first, moves one enemy piece `P` off its square, captures at most an
/// enemy piece on a trap beside that square whose last friend `P` was (or `P` itself),
/// and brings no friend anywhere; `R`'s two steps after it are a goal only if `R` is
/// unfrozen on `q` and then on `b`, which without it they were not (no goal in two): so
/// it takes a freezer from beside `q` or `b`, as `P` (beside one of them) or as the
/// piece captured on a trap there (`P` beside that trap), and is tried. A simple step
/// moves no enemy piece: it adds a
/// friend of `R` on the square it enters and may remove pieces of the mover (the one
/// that leaves, one captured), never a freezer. If `R` is frozen on `q`, `X` comes
/// first and brings a friend beside `q`: into an empty square beside `q`, not `b`
/// (which `R` enters next), by an unfrozen friend; not a rabbit one rank from its goal
/// or on it (its only squares beside `q`'s would be backwards: the square under it).
/// Then `R` stands on `b` beside `h`, `q` (empty) and the sides of `b`, with the friends
/// and freezers there of now but those `X` removed (`X`'s square is beside `q`, and no
/// square beside `q` is a side of `b`): frozen if it has no friend there now and a
/// freezer, and then there is no goal but by the pull's end. If `R` is unfrozen, the
/// turn begins with `R`'s step (tried) or with `X`; then `R` steps from `q` unfrozen
/// after `X` and is unfrozen on `b` after its step, where it would be frozen without
/// `X` (else `R`'s two steps were a goal in two, begun by `R`'s step, tried): `X` brings
/// a friend beside `b`, not on `h` (which `R` enters) nor `q` (`R`'s until its step),
/// so onto an empty side of `b`, by an unfrozen friend (a rabbit from the goal rank
/// would step backwards). Each step tried is legal: an unfrozen piece into an empty
/// square, with no push waiting, never backwards for a rabbit (the squares beside `q`
/// along its rank are entered from below or along the rank, the one under `q` from its
/// own rank or below, `q` held by `R`; the sides of `b` from their rank or below).
#[inline]
fn steps_into_an_open_column(
    pos: &TurnState,
    rabbits: Bitboard,
) -> Option<(Bitboard, Bitboard, Bitboard)> {
    let side = pos.side_to_move();
    if pos.pending_push().is_some() || rabbits & rank_band(side, 2) != rabbits {
        return None;
    }
    if rabbits.count() != 1 {
        return None;
    }
    let board = pos.board();
    let fwd = forward(side);
    let empty = !board.occupied();
    // The rabbit's column open: `b` and the goal square `h` ahead of it empty.
    if open_ahead_of_two(board, side, rabbits).is_empty() {
        return None;
    }
    let b = rabbits.shift(fwd);
    let own = board.color(side);
    let own_rabbits = board.pieces(PieceKind::Rabbit.of(side));
    // The pull's ends of the pieces beside `q` or `b`, or beside a trap there that holds
    // an enemy piece.
    let mut pulled = pos.pullable();
    if pulled.any() {
        let around = (rabbits | b).neighbours();
        let traps = around & Bitboard::TRAPS & board.color(!side);
        pulled &= around | traps.neighbours();
    }
    let b_sides = b.neighbours() & rank_band(side, 1);
    let (movers, open) = if frozen_rabbits(board, side, rabbits).any() {
        let freezers = rabbit_freezers(board, side);
        if (b_sides & own).is_empty() && (b_sides & freezers).any() {
            return Some((Bitboard::EMPTY, Bitboard::EMPTY, pulled));
        }
        let open = rabbits.neighbours() & empty & !b;
        let high = own_rabbits & ranks_within(side, 1);
        (own & !high & open.neighbours(), open)
    } else {
        let sides = b_sides & empty;
        let on_goal = own_rabbits & rank_band(side, 0);
        // The squares beside `q` along its rank whose two squares ahead are empty.
        let ahead_empty = empty.shift(Direction::backwards(side));
        let aside = rabbits.neighbours() & rank_band(side, 2) & ahead_empty;
        let mut open = aside & empty & ahead_empty.shift(Direction::backwards(side));
        // `b` and its sides only with a friend beside an empty side or beside `q`.
        if ((sides | rabbits).neighbours() & own).any() {
            open |= b | sides;
        }
        (rabbits | (own & !on_goal & sides.neighbours()), open)
    };
    let movers = movers & !board.frozen_among(side, movers);
    Some((movers, open, pulled))
}

/// The only first steps that may begin a goal in three, when `rabbits` (the node's
/// rabbits that may end such a goal, [`goal_rabbits_within`]) is one rabbit `R` on a
/// square `q` two ranks from its goal with a friend `F` on the square `b` ahead of it,
/// or with `b` empty and a friend `G` but a rabbit on the goal square `h` ahead of `b`.
/// Gives `(movers, open, pulled)` as [`steps_off_the_squares_aside`] does, `pulled`
/// empty. With `F`: `movers` are `R` and `F` (each unfrozen: the other stands beside it),
/// `open` the empty squares beside `q` along its rank whose two squares ahead are empty
/// and, when `h` is empty, the empty squares beside `b` along its rank. With `G`:
/// `movers` are `R` and `G` if unfrozen, `open` `b`, the same squares beside `q` and the
/// empty squares beside `h` along the goal rank. `None` when a push waits or the shape
/// is another.
///
/// Exact: a goal in at most three ends with `R` on its goal rank. `R` moves only by its
/// own steps, one square at a time, never backwards: at least two forward steps. No
/// piece of the mover is pushed or pulled, and no trap lies on a goal rank or one rank
/// from it: `F` and `G` move only by their own simple steps, and are not captured. If
/// `R` leaves its column, it does so by a step aside: from `q`, or from `b` having
/// entered it; with its two forward steps that is the whole turn, `R`'s three steps, the
/// first into a square beside `q` (the two squares ahead of it empty now: no other step
/// comes between) or into `b` (with `F` on `b`, only after `F`'s step: four steps).
/// Otherwise `R` steps into `b` and `h`. With `F`: `F`
/// leaves `b` first by a step, not into `h` (which `R` enters last) nor `q` (held by
/// `R`): onto an empty square beside `b` along its rank, with `h` empty; so the turn is
/// `F`'s step and `R`'s two, `F`'s first (and `R` does not step into `b` first). With
/// `G`: `G` leaves `h` by a step, not into `b` (which `R` enters), so along the goal
/// rank into an empty square; with `R`'s two steps that is the whole turn, begun by
/// `R`'s step into `b` or by `G`'s step. A first step of `R` or `G` is legal only with
/// it unfrozen. No turn begins with the end of a pull under way (the three steps are
/// those named). Each step tried is legal: an unfrozen piece steps into an empty square
/// with no push waiting; `R` forward or along its rank, `F` along its rank, `G` (not a
/// rabbit) anywhere.
#[inline]
fn steps_past_a_friend_ahead(
    pos: &TurnState,
    rabbits: Bitboard,
) -> Option<(Bitboard, Bitboard, Bitboard)> {
    let side = pos.side_to_move();
    let two = rank_band(side, 2);
    if pos.pending_push().is_some() || rabbits & two != rabbits || rabbits.count() != 1 {
        return None;
    }
    let board = pos.board();
    let fwd = forward(side);
    let own = board.color(side);
    let empty = !board.occupied();
    let back = Direction::backwards(side);
    let ahead_empty = empty.shift(back);
    let b = rabbits.shift(fwd);
    let h = b.shift(fwd);
    let aside = rabbits.neighbours() & two & ahead_empty & ahead_empty.shift(back);
    if b & own == b {
        let mut open = aside;
        if (h & empty).any() {
            open |= b.neighbours() & rank_band(side, 1);
        }
        return Some((rabbits | b, empty & open, Bitboard::EMPTY));
    }
    let friend = own & !board.pieces(PieceKind::Rabbit.of(side));
    if b & empty != b || h & friend != h {
        return None;
    }
    let open = b | aside | (h.neighbours() & rank_band(side, 0));
    let asked = rabbits | h;
    let movers = asked & !board.frozen_among(side, asked);
    Some((movers, empty & open, Bitboard::EMPTY))
}

/// Decides a goal in three directly when `rabbits` (the node's rabbits that may end such
/// a goal, [`goal_rabbits_within`]) is one rabbit `R` on a square `r` one rank from its
/// goal with a friend `F` (not a rabbit) on the goal square `g` ahead of it, no push
/// waiting and no rabbit of the mover on its goal rank: tries, by `try_step`, the steps
/// that may begin such a goal and gives whether one did. `None` when the shape is
/// another. The steps tried: `F`'s steps along the goal rank (the `t`, the goal-rank
/// squares beside `g`); with `F` stronger than an enemy piece `E` on a `t`, `E`'s steps
/// (the push's start); the steps of the friends on a `t`; `R`'s steps aside (into an
/// `s`, the squares beside `r` along its rank); the steps of the friends on an `s`; the
/// friends' steps into the empty squares beside an empty `s` off the goal rank; with `R`
/// left frozen by `F`'s leaving, the friends' steps into the empty squares beside `r`;
/// every pull's end. Each step is of an unfrozen piece of the mover into an empty square,
/// never backwards for a rabbit, or a push's start by the unfrozen `F`: legal.
///
/// Exact: a goal in at most three ends with `R` on its goal rank. `R` moves only by its
/// own steps, one square at a time, never backwards (no enemy piece moves it: the turn
/// is the mover's). No trap lies on a goal rank or one rank from it. `R` and `F` stand
/// beside each other: both are unfrozen now. Either `R` steps forward into `g`, or it
/// leaves its column by a step aside into an `s` and then steps forward into the `t`
/// above it (or aside again and forward: three steps of `R`, the first its step into an
/// `s`, tried).
/// Through `g`: `F` leaves `g` before `R` enters it, not into `r` (held by `R`): by a
/// simple step onto a `t`, or by pushing an enemy piece `E` off a `t` and entering it
/// (two steps; `F`'s pull would bring the pulled piece into `g`). The push with `R`'s
/// step is the whole turn, begun by the push's start, tried. With a simple step, the
/// turn holds at most one more step `X`. If `F`'s step begins the turn it is tried
/// (legal now: `F` unfrozen, its `t` empty). If `X` begins it and is needed, it empties
/// the `t` `F` enters (an enemy piece there leaves only by a push or pull, two steps: so
/// a friend's step from it, tried, or a pull's end, tried), or it keeps `R` unfrozen on
/// `r` once `F` has left (`R` would be frozen with no friend but `F` beside `r` and a
/// freezer there): a simple step moves no enemy piece and removes only pieces of the
/// mover, so it brings a friend onto an empty square beside `r` but `g` (tried), or it
/// is a pull's end (tried). If `X` is not needed, `F`'s step and `R`'s are a goal
/// begun by `F`'s step, tried.
/// Through an `s`: `R`'s two steps and at most one `X`. If `R`'s step into `s` comes
/// first, tried (`s` empty now). Otherwise `X` comes first and is needed: it empties
/// `s` or the `t` above it (an enemy piece there needs two steps: so a friend's step
/// from there, tried, or a pull's end), or `R`, stepping into an empty `s` with an empty
/// `t`, would stand frozen there without `X`: `X` brings a friend beside `s`, not into
/// `r` (held) nor `t` (which `R` enters), so onto an empty square beside `s` off the goal
/// rank (tried), or is a pull's end (tried). So every goal in three begins with a step
/// tried or another goal does; the children decide the rest. With none found, no goal.
#[inline]
fn past_a_friend_on_the_goal_square(
    pos: &TurnState,
    rabbits: Bitboard,
    try_step: &mut impl FnMut(Step) -> bool,
) -> Option<bool> {
    let side = pos.side_to_move();
    let row = rank_band(side, 1);
    let goal_row = rank_band(side, 0);
    if pos.pending_push().is_some() || rabbits & row != rabbits || rabbits.count() != 1 {
        return None;
    }
    let board = pos.board();
    let own_rabbits = board.pieces(PieceKind::Rabbit.of(side));
    if (own_rabbits & goal_row).any() {
        return None;
    }
    let fwd = forward(side);
    let own = board.color(side);
    let g = rabbits.shift(fwd);
    if g & own & !own_rabbits != g {
        return None;
    }
    let enemy = board.color(!side);
    let empty = !board.occupied();
    let back = Direction::backwards(side);
    let t_squares = g.neighbours() & goal_row;
    let aside = rabbits.neighbours() & row;
    // The pull's end for the enemy pieces beside `r` or an `s` (on a `t`, an `s`, or a
    // freezer) and those beside a trap beside them (whose leaving may capture a freezer).
    let near = (rabbits | aside).neighbours();
    let read = near | (near & Bitboard::TRAPS).neighbours();
    if let Some((p, _)) = pos.pull_source() {
        // `pos.pullable()`: enemy pieces beside `p`.
        for x in pos.pullable() & read {
            if try_step(Step::onto(x, p)) {
                return Some(true);
            }
        }
    }
    // The unfrozen pieces of the mover among `pieces`.
    let frozen = board.frozen_among(side, Bitboard::FULL);
    let unfrozen = |pieces: Bitboard| pieces & own & !frozen;
    // The steps of `pieces`, unfrozen pieces of the mover, into the empty squares of
    // `targets` beside them, not backwards for a rabbit.
    let mut steps_of = |pieces: Bitboard, targets: Bitboard| {
        for x in pieces {
            let mut into = Bitboard::adjacent(x) & targets & empty;
            if own_rabbits.contains(x) {
                into &= !Bitboard::from_square(x).shift(back);
            }
            // `y` is beside `x` (`into` is within `Bitboard::adjacent(x)`).
            for y in into {
                if try_step(Step::onto(x, y)) {
                    return true;
                }
            }
        }
        false
    };
    // `F` along the goal rank, `R` aside, the friends on a `t` or an `s`. `F` and `R`
    // stand beside each other: both unfrozen, no frozen test.
    if steps_of(g, t_squares) || steps_of(rabbits, aside) {
        return Some(true);
    }
    // The friends on a `t` (for `F`, or for `R` through the `s` below it when empty),
    // and on an `s` under an empty `t` (for `R`).
    let under_empty = aside & empty.shift(back);
    if steps_of(unfrozen(t_squares | under_empty), Bitboard::FULL) {
        return Some(true);
    }
    // The friends beside an empty `s` under an empty `t`, off the goal rank, when `R`
    // would stand frozen there.
    let freezers = rabbit_freezers(board, side);
    for s in aside & empty & empty.shift(back) {
        let around_s = Bitboard::adjacent(s);
        if (around_s & own & !rabbits).is_empty() && (around_s & freezers).any() {
            let helped = around_s & !goal_row;
            if steps_of(unfrozen(helped.neighbours()), helped) {
                return Some(true);
            }
        }
    }
    // `R` left frozen by `F`'s leaving: the friends into the squares beside `r`.
    let around = rabbits.neighbours();
    let left_frozen = (around & own & !g).is_empty() && (around & freezers).any();
    if left_frozen {
        let helped = around & !g;
        if steps_of(unfrozen(helped.neighbours()), helped) {
            return Some(true);
        }
    }
    // The push's start: `E` off a `t` by `F`, when `R` stays unfrozen once `F` has left
    // and no `t` is empty (else `F`'s step and `R`'s were a goal, found above).
    if left_frozen || (t_squares & empty).any() {
        return Some(false);
    }
    let g_sq = g.first()?;
    for e in t_squares & enemy {
        let kind = board.kind_at(e)?;
        if board.stronger_than(side, kind).contains(g_sq) {
            // `y` is beside `e` (from `Bitboard::adjacent(e)`).
            for y in Bitboard::adjacent(e) & empty {
                if try_step(Step::onto(e, y)) {
                    return Some(true);
                }
            }
        }
    }
    Some(false)
}

/// Decides a goal in three directly when `rabbits` (the node's rabbits that may end such
/// a goal, [`goal_rabbits_within`]) is one rabbit `R` of the mover on a square `r` one
/// rank from its goal, frozen, with the goal square `A` ahead of it empty, no push
/// waiting and no rabbit of the mover on its goal rank: tries, by `try_step`, the steps
/// that may begin such a goal and gives whether one did. `None` when the shape is
/// another. Write `N` for an empty square beside `r` but `A`, "two from `r`" for the
/// squares beside a square beside `r` but `r` and those beside it, `Q` for the enemy
/// pieces beside `r` and those beside a trap beside `r` that holds an enemy piece, and
/// `Y` for a frozen piece of the mover two from `r` beside an `N` (a helper). The steps
/// tried: the pull's end (into the pull's square, [`TurnState::pullable`]) of the pieces
/// of `Q`, of those beside a `Y`, and of those beside a trap beside a `Y`; the steps of
/// the unfrozen pieces of the mover (never backwards for a rabbit) into the empty
/// squares beside `r` (`A` among them), beside a `Y`, and two from `r` beside an `N`;
/// the steps of the unfrozen pieces of the mover stronger than a piece of `Q` beside it
/// into any empty square (a pull's start); the pushes' starts of the pieces of `Q` with
/// an unfrozen piece of the mover stronger than them beside them, into any empty square
/// beside them. Each step once; each is legal with no push waiting and three steps
/// left.
///
/// Exact: a goal in three ends with `R` on its goal rank; `R` moves only by its own
/// steps, one square at a time, never backwards, and no trap lies on a goal rank or one
/// rank from it. `R` reaches its goal rank by the third step: after `R`'s step onto it
/// no push waits (a rabbit pushes nothing), and the board is not the start's (that had
/// no rabbit of the mover on its goal rank: one there would stand there still, and none
/// does), so a goal with fewer steps would end there, and there is none. `R`, frozen,
/// takes no first step: either (b) it steps aside into a square beside `r` along its
/// rank by the second step and forward by the third, or (a) it steps forward from `r` by
/// the third. A simple step of the mover moves no enemy piece and captures only pieces
/// of the mover; an enemy piece moves only by a push's first step (a push waits then,
/// and the next step completes it: the pusher, stronger, enters the square it left) or
/// by a pull's end. A pull's end moves one enemy piece `X` off its square `q` (into the
/// square its puller left) and captures at most an enemy piece on a trap beside `q`
/// whose last friend `X` was, or `X` itself: it brings no piece of the mover anywhere,
/// and takes a freezer from beside a square only as `X` (`q` beside that square) or as
/// the piece captured on a trap beside `q`. The end of the pull under way is a first
/// step only; a pull begun in the turn ends on the step after its puller's.
/// (b): `R` is unfrozen after the first step `t1`, which begins no push (`R`'s step,
/// next, completes none): `t1` brings a friend onto an empty square beside `r` (tried),
/// or is a pull's end that takes every freezer from beside `r`, so with `X` in `Q`
/// (tried).
/// (a): `R` is unfrozen on `r` with `A` empty after `t1 t2`. If `t1` is a push's first
/// step, moving `P` off `p`, `t2` completes it: the pusher enters `p`, and the only enemy
/// pieces captured stand on a trap beside `p` (`P`'s leaving; the pusher's leaving takes
/// friends of its own at most), so `R` is unfrozen by the pusher on `p` beside `r`, by
/// `P` leaving `p` beside `r`, or by a freezer captured on a trap beside `p` and `r`: `P`
/// is in `Q`, and `t1` is tried. Otherwise, if `t1` alone left `R` unfrozen with `A`
/// empty, `t1` and `R`'s forward step were a goal in two (no push waits): none. So after
/// `t1` `A` is taken or `R` is frozen. `A` taken: by a friend's step into it (tried), or
/// by an enemy piece (a pull's end), which stays there (it leaves only by a push or pull,
/// two steps more): no goal. `R` frozen: `t2` unfreezes it and begins no push (`R`'s step
/// comes next). If `t2` ends a pull begun by `t1`, `t1` is the step of the puller, a
/// piece of the mover stronger than the pulled piece `X` and beside it, unfrozen, which
/// brought no friend beside `r` (`R` stayed frozen), and `t2` takes every freezer from
/// beside `r`: `X` is in `Q`, and `t1` is tried. Otherwise `t2` is a simple step of the
/// mover, which unfreezes `R` only by bringing a piece `Z` of the mover onto an `N` (not
/// `A`, which `R` enters next; no friend stands beside `r`, so the square was empty or
/// held an enemy piece). Were that step legal now (`Z` on its square, unfrozen, the
/// square empty), `Z`'s step and `R`'s forward step would be a goal in two (`Z` beside
/// `R` is never captured, `A` stays empty): none. So `t1` made it legal, beginning no
/// push (the case above) and no pull that `t2` ends: `t1` is `Z`'s own step into an
/// empty square two from `r` beside that `N` (a friend moves only by its own steps; a
/// simple step empties no square beside `r`, so `N` is empty now), tried; or a pull's
/// end that moves `X` off `N` (`X` in `Q`), or that unfreezes `Z`, frozen now two from
/// `r` beside the `N`, empty now (a `Y`): `X` beside `Y`, or the last friend of its
/// freezer on a trap beside `Y`, tried; or a friend's step into an empty square beside
/// that `Y`, tried (a simple step moves no enemy piece). So every goal in three begins
/// with a step tried; the children decide the rest. With none found, no goal.
#[inline]
fn unfreezing_one_rank_away(
    pos: &TurnState,
    rabbits: Bitboard,
    try_step: &mut impl FnMut(Step) -> bool,
) -> Option<bool> {
    let side = pos.side_to_move();
    if pos.pending_push().is_some()
        || rabbits & rank_band(side, 1) != rabbits
        || rabbits.count() != 1
    {
        return None;
    }
    let board = pos.board();
    let empty = !board.occupied();
    let a = rabbits.shift(forward(side));
    if a & empty != a || frozen_rabbits(board, side, rabbits).is_empty() {
        return None;
    }
    let own_rabbits = board.pieces(PieceKind::Rabbit.of(side));
    if (own_rabbits & rank_band(side, 0)).any() {
        return None;
    }
    let own = board.color(side);
    let enemy = board.color(!side);
    let beside = rabbits.neighbours();
    let ball = beside | rabbits;
    let ball2 = ball | ball.neighbours();
    let ring = ball2 & !ball;
    // The frozen pieces of the mover within four of `r` (every piece read below).
    let ball3 = ball2 | ball2.neighbours();
    let frozen = board.frozen_among(side, own & (ball3 | ball3.neighbours()));
    // The `N` squares, the frozen helpers two from `r` beside them, and the squares
    // entered.
    let near_entries = (beside & empty & !a).neighbours();
    let stuck = own & ring & near_entries & frozen;
    let around = stuck.neighbours();
    let into = (beside | (ring & near_entries) | around) & empty;
    // `Q`.
    let mut q = enemy & beside;
    let traps = beside & Bitboard::TRAPS & enemy;
    if traps.any() {
        q |= enemy & traps.neighbours();
    }
    // The unfrozen pieces of the mover stronger than a piece of `Q` beside it (its
    // pullers), and the pieces of `Q` with one beside them (pushed).
    let (mut pullers, mut pushed, mut stronger) =
        (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    for kind in PieceKind::ALL.into_iter().rev() {
        let these = q & board.pieces(kind.of(!side));
        let near = stronger & these.neighbours();
        pullers |= near;
        pushed |= these & near.neighbours();
        stronger |= board.pieces(kind.of(side)) & !frozen;
    }
    // The steps, each once: of the unfrozen pieces of the mover into `into`, of the
    // pullers into an empty square, of the pieces pushed into an empty square.
    let movers = own & !frozen;
    let back = Direction::backwards(side);
    for dir in Direction::ALL {
        let open = empty.shift(dir.opposite());
        let mut from = movers & (into.shift(dir.opposite()) | (pullers & open));
        if dir == back {
            from &= !own_rabbits;
        }
        from |= pushed & open;
        for x in from {
            if try_step(Step::new(x, dir)) {
                return Some(true);
            }
        }
    }
    // The pull's ends: the pieces of `Q`, and those beside a frozen helper or beside a
    // trap beside one.
    if let Some((p, _)) = pos.pull_source() {
        let pulled = pos.pullable() & (q | around | (around & Bitboard::TRAPS).neighbours());
        // `pulled` is within `pos.pullable()`, the enemy pieces beside `p`.
        for x in pulled {
            if try_step(Step::onto(x, p)) {
                return Some(true);
            }
        }
    }
    Some(false)
}

/// The squares ahead of the rabbits `two` (the mover's, two ranks from their goal) that
/// are empty with the goal square ahead of them empty too: the open columns, along which
/// such a rabbit may walk to its goal in two steps. [`three_step_region`] spreads them
/// (`C`), and [`frozen_behind_enemy_pieces`] (v) needs none.
#[inline]
fn open_ahead_of_two(board: &Board, side: Color, two: Bitboard) -> Bitboard {
    let empty = !board.occupied();
    two.shift(forward(side)) & empty & empty.shift(Direction::backwards(side))
}

/// The rabbits of the mover that may end a turn of at most `k` more steps on their goal
/// rank (`k <= 4`): those whose own counts of [`goal_lower_bound`] (`bound` is the node's)
/// and of [`path_bound`] for `k` steps with `walls` ([`squares_within_paths`]) are both
/// at most `k`.
///
/// Exact: both bounds are the fewest over the rabbits of a count per rabbit, and each
/// proof shows that count admissible for a turn that ends with that rabbit, `R`, on its
/// goal rank: [`goal_lower_bound`] counts `R`'s own forward steps and the steps that must
/// come before them, [`path_bound`] the steps that enter and empty the squares of `R`'s
/// route; the walls of [`immovable`] hold for every rabbit (the nearest one's rank gives
/// the widest reach), and those of [`walls_in_three`] give the same counts for three
/// steps (its proof is per path). So a rabbit one of whose counts exceeds `k` ends no
/// such turn.
///
/// Also returns the entering costs with `walls` and the layers to go up to `k` (at most
/// four) the path counts are read from ([`PathLayers`]: the root keeps them for the rules
/// that read the same ones), or `None` when no rabbit passes the first test (the layers
/// are then not computed).
#[inline(always)]
fn goal_rabbits_within(
    pos: &TurnState,
    bound: &GoalBound,
    walls: Bitboard,
    k: u8,
) -> (Bitboard, Option<PathLayers>) {
    let near = rabbits_within_goal_bound(pos, bound, k);
    if near.is_empty() {
        return (near, None);
    }
    // `squares_within_paths`, its costs and layers kept.
    let n = usize::from(k.min(4));
    let costs = path_costs(pos, walls);
    let to_go = to_go_layers(pos.side_to_move(), costs, n);
    let layers = PathLayers {
        walls,
        costs,
        to_go,
    };
    (near & to_go[n], Some(layers))
}

/// The first part of [`goal_rabbits_within`]: the rabbits whose own counts of
/// [`goal_lower_bound`] are at most `k` (`k >= 2`; the searches ask three and four).
///
/// A rabbit `d` ranks away counts `d`, plus one when hindered by one step only or when a
/// push waits (and it is not hindered), two when hindered by two ([`Hindered`]: `two`
/// lies inside `one`). So with `d <= k - 2` every rabbit passes, with `d = k - 1` those
/// not hindered by two, with `d = k` those not hindered at all and only with no push
/// waiting: one mask per band, by shifts ([`ranks_within`], [`rank_band`]).
#[inline(always)]
fn rabbits_within_goal_bound(pos: &TurnState, bound: &GoalBound, k: u8) -> Bitboard {
    let side = pos.side_to_move();
    let h = &bound.hindered;
    debug_assert!(k >= 2);
    // The counts of `goal_lower_bound` by rank, as above.
    let rabbits = bound.rabbits;
    let mut goal_rabbits = rabbits & ranks_within(side, k - 2);
    goal_rabbits |= rabbits & rank_band(side, k - 1) & !h.two;
    if pos.pending_push().is_none() {
        goal_rabbits |= rabbits & rank_band(side, k) & !h.one;
    }
    goal_rabbits
}

/// The entering costs of [`path_costs`] with `walls` and the layers to go of
/// [`to_go_layers`] for them, as [`goal_rabbits_within`] and [`paths_within`] compute
/// them (up to three or four).
struct PathLayers {
    walls: Bitboard,
    costs: [Bitboard; 3],
    to_go: [Bitboard; 5],
}

impl PathLayers {
    /// These costs and layers (of a state) with `walls` in place of their walls, the
    /// layers up to three only (`to_go[4]` a copy of `to_go[3]`: for the readers with
    /// three steps, which read no further), derived without [`path_costs`] and with one
    /// round of [`to_go_layers`]: what they compute for `walls`, when both wall sets are
    /// enemy pieces not on a trap that no pull under way may move (those of [`walls`] and
    /// [`walls_in_three`] are).
    ///
    /// The same: write `E` for the enemy pieces not on a trap and not movable by the
    /// pull under way (the squares of cost three without walls). Walls `W` within `E`
    /// take their squares out of cost three only: cost three is `E` less `W`, cost two
    /// does not read `W`, and cost one, the squares of neither nor of `W`, is the squares
    /// outside `E` and cost two. So `E` is these walls and cost three, and with `walls`
    /// cost three is `E` less `walls`, costs one and two the same. [`to_go_layers`] reads
    /// cost `c` for layer `b` through layer `b - c`, so cost three first for layer three:
    /// the layers up to two are the same, and layer three is computed from them.
    #[inline(always)]
    fn in_three_with(&self, side: Color, walls: Bitboard) -> PathLayers {
        let mut l = self.with_walls(side, walls, 3);
        l.to_go[4] = l.to_go[3];
        l
    }

    /// [`PathLayers::in_three_with`] with the layers from three up to `n` (`3 <= n <= 4`)
    /// computed for `walls` (the layers above `n` left as they are): the same proof,
    /// each layer from three on computed from the ones before it.
    #[inline(always)]
    fn with_walls(&self, side: Color, walls: Bitboard, n: usize) -> PathLayers {
        let [one, two, three] = self.costs;
        let costs = [one, two, (three | self.walls) & !walls];
        let mut to_go = self.to_go;
        // The colour chosen once, outside the loop.
        match side {
            Color::Gold => {
                for b in 3..=n {
                    to_go[b] = next_layer::<true>(costs, &to_go, b);
                }
            }
            Color::Silver => {
                for b in 3..=n {
                    to_go[b] = next_layer::<false>(costs, &to_go, b);
                }
            }
        }
        PathLayers {
            walls,
            costs,
            to_go,
        }
    }

    /// [`path_bound`] for `k` steps (`1 <= k <= 4`, the layers computed up to `k` or more)
    /// with these walls, for `rabbits`, the mover's rabbits, none on its goal rank: the
    /// least `b <= k` whose layer holds one of them, `u8::MAX` when none does (a rabbit's
    /// count is at most `b` exactly when it stands on `to_go[b]`, [`paths_in_three`]).
    #[inline(always)]
    fn path_bound(&self, rabbits: Bitboard, k: u8) -> u8 {
        (1..=k)
            .find(|&b| (rabbits & self.to_go[usize::from(b)]).any())
            .unwrap_or(u8::MAX)
    }
}

/// The squares from which a path of forward and sideways steps reaches the goal rank with
/// cost at most `k` in [`path_bound`]'s terms (the squares after the first counted, those
/// of `walls` never entered): a rabbit on one of them has a count of at most `k` in
/// [`path_bound`] (the same paths, counted from their end), and a rabbit elsewhere more.
/// The search reads these layers through [`goal_rabbits_within`]; the tests ask this.
#[cfg_attr(not(test), allow(dead_code))]
#[inline]
fn squares_within_paths(pos: &TurnState, k: u8, walls: Bitboard) -> Bitboard {
    let n = usize::from(k.min(4));
    to_go_layers(pos.side_to_move(), path_costs(pos, walls), n)[n]
}

/// The layers of the costs to go of [`path_bound`]'s paths (entering costs `costs`, from
/// [`path_costs`]), up to `n <= 4`: `layers[b]` holds the squares with a path of forward
/// and sideways steps to the goal rank whose squares after the first cost at most `b`
/// (the goal rank itself at 0).
///
/// Compiled once per side (`to_go_layers_of`), so that the backward shift is a plain
/// shift and not a choice made at every spread.
#[inline(always)]
fn to_go_layers(side: Color, costs: [Bitboard; 3], n: usize) -> [Bitboard; 5] {
    match side {
        Color::Gold => to_go_layers_of::<true>(costs, n),
        Color::Silver => to_go_layers_of::<false>(costs, n),
    }
}

/// [`to_go_layers`] for Gold (`GOLD`, goal rank the eighth) or Silver: each layer of
/// [`next_layer`] written out, the first without its sideways spread (the squares beside
/// a square of the goal rank along it are on the goal rank, layer 0 already).
#[inline(always)]
fn to_go_layers_of<const GOLD: bool>(costs: [Bitboard; 3], n: usize) -> [Bitboard; 5] {
    let side = if GOLD { Color::Gold } else { Color::Silver };
    let back = if GOLD {
        Direction::South
    } else {
        Direction::North
    };
    let before = |b: Bitboard| b.shift(back) | b.shift(Direction::East) | b.shift(Direction::West);
    let [one, two, three] = costs;
    let goal = rank_band(side, 0);
    let mut layers = [goal; 5];
    if n >= 1 {
        layers[1] = goal | (one & goal).shift(back);
    }
    if n >= 2 {
        layers[2] = layers[1] | before(one & layers[1] | two & goal);
    }
    if n >= 3 {
        layers[3] = layers[2] | before(one & layers[2] | two & layers[1] | three & goal);
    }
    if n >= 4 {
        layers[4] = layers[3] | before(one & layers[3] | two & layers[2] | three & layers[1]);
    }
    layers
}

/// The layer `b` (`1 <= b <= 4`) of [`to_go_layers`] for Gold (`GOLD`) or Silver, from
/// the layers before it in `layers`: the squares of layer `b - 1` and those from which a
/// step enters a square of cost `c` of layer `b - c`.
#[inline(always)]
fn next_layer<const GOLD: bool>(
    costs: [Bitboard; 3],
    layers: &[Bitboard; 5],
    b: usize,
) -> Bitboard {
    let before = |b: Bitboard| {
        b.shift(if GOLD {
            Direction::South
        } else {
            Direction::North
        }) | b.shift(Direction::East)
            | b.shift(Direction::West)
    };
    let mut entering = Bitboard::EMPTY;
    for (j, &cost) in costs.iter().enumerate().take(b) {
        entering |= cost & layers[b - 1 - j];
    }
    layers[b - 1] | before(entering)
}

/// The squares whose entering costs one, two and three steps in [`path_bound`]'s terms
/// (those of `walls` in none): one step, plus one to empty a friend's square, two to
/// empty an enemy piece's (one if a pull under way may move it), none for a trap.
#[inline(always)]
fn path_costs(pos: &TurnState, walls: Bitboard) -> [Bitboard; 3] {
    let side = pos.side_to_move();
    let board = pos.board();
    let pullable = pos.pullable();
    let occupied = board.occupied() & !Bitboard::TRAPS;
    let enemy = board.color(!side) & occupied;
    let cost3 = enemy & !pullable & !walls;
    let cost2 = (board.color(side) & occupied) | (enemy & pullable);
    let cost1 = !(cost2 | cost3 | walls);
    [cost1, cost2, cost3]
}

/// The first steps of a goal in four steps that ends with one of `rabbits` (the mover's
/// rabbits that may end one, [`goal_rabbits_within`]) on its goal rank, at the root with
/// four steps to go ([`Region`]). Around a rabbit one rank away with the square ahead
/// taken only `W` ([`region_with_the_square_ahead_taken`], its proof there; none when
/// that rabbit is the only one and [`closed_behind_a_friend`] holds: no goal in four then,
/// its proof), around one
/// two ranks away with the square ahead taken or a piece on the goal square ahead
/// of it only `W2`
/// ([`region_two_ranks_away_blocked`]); around the others ([`region_in_four`]):
/// a simple step that enters a square of `V`, leaves a
/// square of `Y` (narrowed by `Y1` and `Y2`, below), leaves a square of `X` beside an enemy piece
/// and within two of a trap with an enemy piece on it within three of a rabbit one rank away;
/// the first step of a push of an enemy piece on a square of `Y` (of `Z1` when a rabbit
/// stands one rank away, of `Z` when none does, below); or a step of a rabbit four ranks away. `X`
/// holds the squares within five (Manhattan distance) of a rabbit of the mover one rank from its
/// goal, within four of one two ranks away, and within one of the squares of a rabbit
/// three ranks away and of the two ahead of it; `Y`, inside it, those within four of a
/// rabbit one rank away, three of one two away, and the squares of a rabbit three away and
/// of the three ahead of it; `V`, between them, the squares of `Y` within four of a
/// rabbit one rank away or three of one two away (but those of `V4`, four from a rabbit one
/// rank away far from its frozen pieces and traps: [`entries_four_away_left_out`], with its
/// proof), those beside a frozen piece of the mover
/// on one of these, and the squares of `X` within one of a rabbit three ranks away or of
/// the two ahead of it (so `V` holds `Y` but `V4`). [`Region::FULL`] (no restriction)
/// while a push waits or a pull is under way, or when a rabbit of the mover stands on its
/// goal rank now or stood there when the turn started. The rabbits named (one rank away,
/// two, three, four) are those of `rabbits`: the proof below follows the goal's rabbit
/// `R`, one of them, and reads no other rabbit's square.
///
/// The search calls this only where no goal in three or fewer steps exists (iterative
/// deepening, as for [`three_step_region`]). Let `t1 t2 t3 t4` be a goal and `R` the
/// rabbit whose step `t4` is; `R` needs one step per rank, so it stands at most four
/// ranks away, and if `t1` is `R`'s step it is tried (a rabbit four ranks away, or one
/// nearer, whose square is in `X`). Otherwise `R` stands at `r`, `d <= 3` ranks away,
/// before and after `t1`; there is no goal in two after `t1` (nor in three before it).
/// Write `B(x, n)` for the squares within `n` of `x`; a step changes only its two squares
/// and perhaps a trap beside the first (a capture), all within `B(from, 1)`, and its
/// legality reads `B(from, 1)` (its piece, the frozen test, the square it enters), a
/// push's first step `B(from, 2)` (a stronger unfrozen piece beside it).
///
/// A capture by a step `t1` of the mover (a simple step or a pull's first step; no pull
/// is under way at the root) that leaves a square `x` outside `Y` is read by no later
/// step. It takes a piece `G` of the mover from a trap `T` beside `x` (`x` held its last
/// friend). `G`'s absence is read only as `T` empty: a friend fewer never unfreezes a
/// piece of the mover nor saves one on a trap (no trap is beside `T`), an enemy piece's
/// survival reads enemy friends only, and pushes and pulls move enemy pieces frozen or
/// not. Let `ti` be the first of `t2 t3 t4` to enter `T`. A piece of the mover entering
/// `T` stands beside it just before; had it stood there after `t1`, `G` had a friend and
/// survived; so it stepped there by an earlier step, two steps. An enemy piece enters
/// `T` by a push's first step, completed by the next, or by a pull's end after its puller
/// left `T` (an earlier entry): two steps again (not `R`'s: from `T`, two or more ranks
/// away, it needs two more). So `R` takes one step, its forward step,
/// and `t4` (a goal after three steps or fewer contradicts the fewest being four, a
/// rabbit never leaving its goal rank): `d = 1`, `R` stands at `r` from `t1` on (`R`'s
/// square is in `Y`, `x` not), not beside `T` (it would be `G`'s friend), and `t4` reads
/// `B(r, 1)` only: `R` unfrozen, the square `a` ahead empty. A piece of the mover taking
/// two steps into `T` leaves `z`, then `w` beside `T`, and captures at most pieces of the
/// mover; `a`, on the goal rank, is beside no trap, so it is not `w` nor `T`, nor `z` (two
/// from `T`, it would be two ranks ahead of `T`, and `T` beside `r`). A push of an enemy
/// piece from `e` beside `T` by a piece from `o` beside `e` changes `e`, `o`, `T` and
/// traps beside `e` (an enemy piece) or `o` (a piece of the mover): `x` is five or more
/// from `r` (outside `Y`), `T` four or more, `e` three, `o` and the traps beside `e` two,
/// so in `B(r, 1)` it takes pieces of the mover only. Either way `t2 t3` change `B(r, 1)`
/// only by taking friends of `R` away, so `t1 t4` was a goal in two: excluded. Hence no
/// step enters `T`, and below `t1`'s capture changes nothing the later steps read (they
/// meet `G`'s friends and `T` occupied or not alike): the region asks no trap term.
///
/// - `t1 t2` a push (`t1` moves the enemy piece from `e`) or a pull (`t1` moves the puller
///   from `p`): the pair changes squares within `B(e, 2)` or `B(p, 2)` only, and `t3 t4` is
///   a goal in two after it that depends on `B(r, 3)` when `d = 1`, on `B(r, 2)` when `d =
///   2` ([`three_step_region`]'s proof; `d = 3` leaves `R` too few steps). Had the pair not
///   met those squares, `t3 t4` was a goal in two at the root. So `e` or `p` is within five
///   of `r` (`d = 1`) or four (`d = 2`): in `X`. For a pull, `p` is within four (`d = 1`)
///   or three (`d = 2`), in `Y`, but for `d = 1` when the pull's end captures an enemy
///   piece on a trap three from `r` and within two of `p` (an enemy piece stands on that
///   trap before `t1`: `t1`, a step of the mover, puts none there): the pull changes
///   `B(p, 1)` (the puller's squares and the square `q` the enemy piece leaves) and
///   captures at most a piece of the mover on a trap beside `p` (four or more from `r`
///   when `p` is five away)
///   or an enemy piece on a trap beside `q`; the reads of `t3 t4` are as for a push, below
///   (for `d = 2`, `q` is three or more from `r`, the traps beside it two or more). For a
///   push, `e` is within four (`d = 1`) or three (`d = 2`), in `Y`: the push changes only
///   `B(e, 1)` (`e`, the square the enemy piece enters, the pusher's square `o`; after it
///   no pull is under way) and captures at most an enemy piece on a trap beside `e` or a
///   piece of the mover on one beside `o`. When `d = 1`, the goal in two `t3 t4` enters
///   squares and moves pieces within two of `r` only, and reads the squares three away by
///   frozen tests only ([`three_step_region`]'s proof): with `e` five away, the push
///   changes at most a square three away, by taking a friend of the mover from it, which
///   never unfreezes a piece. When `d = 2`, `t3 t4` read `C` only (within one of `r` or of
///   the square ahead, whose traps are `r` or beside it on its rank, the ranks ahead having
///   none): with `e` four away, `B(e, 1)` and the traps beside `e` are three or more from
///   `r`, the traps beside `o` two or more, and `C`'s squares two away are on the ranks
///   ahead, so the push misses `C`. Either way `t3 t4` was a goal in two at the root.
///   `Z`, the pushes when no rabbit of `rabbits` stands one rank away (so `d = 2`; `d = 3`
///   leaves `R` too few steps after a push): within one of a rabbit two ranks away or of
///   the square ahead of it, or three of it on the goal rank; and, when an enemy piece
///   stands on a trap beside the rabbit, within two of it but the square two behind it.
///   `t3 t4` are `R`'s two forward steps, to the square ahead `a`, then to the goal square
///   `g`: they read `B(r, 1)` and `B(a, 1)` (frozen tests) and `a` and `g` (empty). Let `e`
///   be outside `Z`: `e` is not in `B(r, 1)` nor `B(a, 1)` (so not `a` nor `g`, and beside
///   neither `r` nor `a`), beside `g` only on the goal rank (`g`'s neighbours are `a` and
///   two squares three from `r` on it), and beside a trap of `B(r, 1)` holding an enemy
///   piece never (those traps are `r`, which holds `R`, and the squares beside `r` on its
///   rank, `a` and `g` being on ranks without traps; a square beside one of these is
///   within two of `r` and not two behind it, so in `Z` when one holds an enemy piece). The
///   push makes `t3 t4` no more legal: the pusher entering `e` is beside neither `r` nor
///   `a`; the pushed enemy piece entering a square beside `e` only freezes or blocks; `e`
///   emptied is not read; the pusher's square `o` emptied takes a friend away (never
///   unfreezing `R`), and is not `a` nor `g` (`o` is beside `e`); an enemy piece captured
///   on a trap beside `e` is not read; a piece of the mover captured on a trap beside `o`
///   is a friend fewer, or `R` (no goal). So `t3 t4` was a goal in two at the root:
///   excluded.
///   `Z1`, the pushes when a rabbit of `rabbits` stands one rank away: within two of it,
///   beside a frozen piece of the mover within two of it, beside a trap within three of it
///   with an enemy piece on it, or on the goal rank within four of it; for a rabbit two
///   ranks away `Z`'s squares. For `d = 1` the goal in two `t3 t4` reads `B(r, 3)`: it
///   enters `R`'s square aside, the square `A` ahead and a square beside `A` (ranks with no
///   trap) or a square beside `r`, and reads the squares three away only by the frozen
///   test of its piece `S` two away (above). Let `e` be three or four from `r` and outside
///   `Z1`. The push changes: `e` (an enemy piece leaves, the pusher enters), read (three
///   away; four away not at all) only by the frozen test of `S` standing beside it, which
///   is not frozen at the root (else `e` is in `Z1`), so passes there; the square the
///   enemy piece enters, empty
///   before, two or more away, not `A`, not beside `r` (an enemy piece more only freezes
///   and blocks); `o`, emptied, two or more away: a friend fewer, never unfreezing, and
///   entered by `t3 t4` only if it is a square beside `A` (the only squares two away they
///   enter), then `e` beside it is on the goal rank within three or beside `r` (in `Z1`);
///   an enemy piece captured on a trap beside `e`, a trap three or more away with no
///   enemy piece on it within three (else `e` is in `Z1`), so five away: not read; a piece
///   of the mover captured on a trap beside `o`: a friend fewer, and the trap emptied,
///   which `t3 t4` enter only if it is beside `r` (the square behind it), where the piece
///   stood beside `R`: `R` was then unfrozen at the root, and a goal in two after the pair
///   entering that square is `goal_in_two`'s case (d), `A` empty, so `R`'s forward step
///   was a goal in one at the root. So `t3 t4` played at the root meet an enemy piece
///   fewer, a friend more or the same on every other square they read, and `S` unfrozen:
///   a goal in two at the root, excluded.
/// - Otherwise `t2 t3 t4` is a goal in three after `t1` that does not begin with the end
///   of a push or a pull `t1` began, and it reads only squares of `X`: for `d = 3` it is
///   `R`'s three forward steps (they read within one of `r` and of the two squares ahead;
///   a capture beside a square `R` leaves is beside no later square of `R`); for `d = 2`
///   either `t2` is `R`'s step, after which a goal in two depends on `B(r, 4)`, or `t3
///   t4` are `R`'s forward steps, which read `B(r, 2)` only, and `t2` changes a square of
///   it (else `t3 t4` was a goal in two after `t1`), so reads `B(r, 4)`; for `d = 1`
///   either `t2` is `R`'s step aside (then a goal in two depends on `B(r, 4)`), or `t2
///   t3` is a push or pull with the enemy piece or puller within three of `r` (it reads
///   `B(r, 5)`, and `t4` reads `B(r, 1)`), or `t2` is a simple step that changes a square
///   of `B(r, 3)` (it enters, leaves or empties a trap within `B(r, 3)`, so it reads
///   `B(r, 5)`), after which `t3 t4` depends on `B(r, 3)` (a capture by `t2` outside it
///   does not matter). In each case `t2`'s capture matters only where the goal in two
///   after it reads. If `t1` changed no square of `X`, then `t2 t3 t4` played from the
///   root meets the same squares, the same pieces and the same pull and push state (the
///   root has neither, and `t2` ends no pull of `t1`), so it is a goal in three there
///   (its board has `R` on its goal rank, unlike the start's): excluded. A step changes
///   squares of `X` only by entering or leaving one, or by a capture, which no later
///   step reads (above) when `t1` leaves a square outside `Y`.
///
/// `Y`: it remains to exclude a simple step `t1` of the mover that leaves a square `x` of
/// `X` outside `Y` (of `R`'s part, the region being the union over the rabbits), enters one
/// outside `X`, begins no pull that `t2` ends (above: the pulls that matter begin beside an
/// enemy piece within two of a trap three or less from a rabbit one rank away); its
/// capture, if any, no later step reads (above). In `X` it changes `x` only,
/// taking a piece of the mover from it. In the cases above the squares of `X` outside `Y`
/// are read only by frozen tests of the mover's pieces beside them, or by a rabbit's
/// survival on a trap (a friend beside it), and never as a square to enter, but for one
/// case below: for `d = 1`, the reads five from `r` are the frozen tests of a pusher or
/// puller four away or of `t2`'s piece four away (the squares any of `t2 t3 t4` enter are
/// within four, the reads three from `r` of a goal in two frozen tests only, by
/// [`three_step_region`]'s proof); for `d = 2`, the reads four away are the frozen tests of
/// `t2`'s piece three away (it enters there a square within one of `r` or of the square
/// ahead, by [`three_step_region`]'s proof; the squares entered are within three,
/// also when `t2` moves `R` aside) or, after `t2` moved `R` ahead to `a`, of a piece two
/// from `a` (the goal in two from `a`); for `d = 3`, the neighbours of `R`'s squares other
/// than the column are read by `R`'s frozen tests and its survival only, the square it ends
/// on being in `Y`. These tests are monotone: a friend fewer never unfreezes a piece nor
/// saves one on a trap. So `t2 t3 t4` played from the root, where `x` holds the friend,
/// reads the same or more friends, and moves the same pieces (all within `X`, `t1`'s piece
/// outside it): a goal in three there, excluded. The one case: a `t2` that enters `x` to
/// take a last friend from beside a trap, for `d = 1` a trap three from `r`, for `d = 2` a
/// trap of `C` (`r` or beside `r` on its rank: no rank ahead of it has a trap). The piece
/// of the mover it captures helps `t3 t4` only through the same monotone tests (for `d = 2`
/// `R`'s at `r`; capturing `R` does not help), and `t2` changes nothing else they read, so
/// `t3 t4` was a goal in two after `t1`, and `t1 t3 t4` a goal in three at the root:
/// excluded.
///
/// `V`: it remains to exclude a simple step `t1` of the mover (or a pull's first step that
/// `t2` does not end: the pulls that matter are asked above) that leaves a square `f`
/// outside `Y` and enters a square `x` of `X` outside `V`, so outside `Y`, beside no
/// frozen piece of the mover on a square of `Y` (of `R`'s part: `x` is outside every
/// rabbit's part of `V`). Its capture, if any, no later step reads (above). In the cases
/// above the pieces `t2 t3 t4` move stand in `Y` when they move (for `d = 1` `t2`'s piece,
/// a pusher or a puller within four of `r`, then those of a goal in two within two; for
/// `d = 2` `t2`'s piece within three, or `R`, or after `R`'s step a piece two from the
/// square ahead), so not `t1`'s piece (at `x`); the squares they enter are in `Y`, so
/// neither `x` nor `f`. The squares of `X` outside `Y` are read only by frozen tests of
/// the mover's pieces beside them (a rabbit's survival on a trap reads them only for
/// `d = 3`, within one of `R`'s column, in `V`; for `d <= 2` `R`'s squares and their
/// neighbours are within two of `r`), and those pieces are tested on their squares after
/// `t1`, their squares at the root (`t1` moved none of them): for `d = 1` `t2`'s piece, a
/// pusher or a puller four away, at the state after `t1`, and a pusher again when it
/// completes the push, after `t2`, an enemy piece's step that takes that piece from
/// beside it to a square not beside it (no square is beside both a square and a
/// neighbour of it) and captures enemy pieces only; for `d = 2` `t2`'s piece three away
/// after `t1`, or a piece two from the square `a` ahead of `r` and three from `r` after
/// `t2`, `R`'s step from `r` to `a`, which enters and leaves no square beside it and
/// captures only on a trap beside `r`, not beside it. So play `t2 t3 t4` from the root:
/// `x` is then empty, `f` holds a friend, and nothing else differs. `f` is read only as a
/// friend in frozen tests and survivals (more friends never freeze a piece of the mover
/// nor capture one); `x` only as a friend in the frozen tests of the pieces of the mover
/// beside it in `Y`, none frozen at the root, which stay so in each state they are tested
/// in (the root, or after `t2` with an enemy piece fewer beside the pusher, or after
/// `R`'s step with the same neighbours); a piece of the mover on a trap beside `x`, in
/// `Y`, that `x`'s friend would save is captured only by a step leaving its other friends,
/// before it moves, and is read, if at all, as a friend fewer (for `d = 1` the reads of a
/// goal in two are within three of `r`, `x` four away or more; for `d = 2` only `R`'s step
/// comes before the moves of a piece three from `r`, and it captures nothing beside that
/// trap). So `t2 t3 t4` is a goal in three at the root: excluded.
///
/// `Y1` and `Y2`: the squares of `Y` left are the column part of a rabbit three away, the
/// squares within three of a rabbit one rank away or two of one two ranks away, and the
/// others (four or more from every rabbit one rank away, three or more from every rabbit
/// two away) only where a term holds: for a rabbit one rank away (`Y1`) beside an enemy
/// piece and within two of a frozen piece of the mover within two of that rabbit, or
/// within three of a trap within two of it with an enemy piece on it; for a rabbit two
/// ranks away (`Y2`) on the goal rank, or beside an enemy piece that stands beside the
/// square ahead of that rabbit or beside a trap beside the rabbit with an enemy piece on it
/// (a pull that may free the rabbit).
///
/// The capture of `t1` in `Y1` and `Y2`: let `t1` (a simple step or a pull's first step)
/// leave `f`, four from `r` with `d = 1` or three with `d = 2`, and capture a piece `G` of
/// the mover on a trap `T` beside `f` (`f` held its last friend). No later step enters
/// `T`. A piece of the mover entering `T` stands beside it just before, and did not stand
/// there after `t1` (else `G` had a friend): two of its steps after `t1`. An enemy piece
/// enters `T` by a push's first step, completed by the next, or by a pull's end after its
/// puller entered `T`: two or three steps after `t1`. None of these is `R`'s step onto
/// the goal rank, and `R` takes `d` steps or more (`R` itself entering `T` takes two
/// steps more than its forward ones). With `d = 2` one step is left besides: no entry.
/// With `d = 1`, `t4` is `R`'s forward step from `r` and `t2 t3` the two steps into `T`
/// (so no pull that `t1` begins is ended by `t2`: that step enters `f`, not `T`); `t4`
/// reads `B(r, 1)` only (`R` unfrozen, the square `a` ahead empty). `T` is three or more
/// from `r` (beside `f`), and no other trap is within two of `T` (traps stand three or
/// more apart). Two steps of a piece of the mover into `T` (from `z` to `w`, then into
/// `T`) leave `z` and `w` and capture pieces of the mover only. A push from `e` beside `T`
/// by a piece from `o` beside `e` changes `e` (two or more from `r`), `T`, `o` (a friend
/// leaves), and captures an enemy piece only on a trap beside `e`, which is `T`, and
/// pieces of the mover beside `o`. `a`, on the goal rank, is none of `z`, `w`, `e`, `o`
/// (within two of `T` it would be two ranks ahead of `T`, and `r` beside `T`). So `t2 t3`
/// change `B(r, 1)` only by taking friends of `R` away, and `t1 t4` was a goal in two:
/// excluded. Hence `t2 t3 t4` neither enter nor leave `T`, and played from the root, with
/// `G` on `T`, they meet `G` only as a friend more in frozen tests (`G`, on a trap, is
/// beside no other trap: it saves no piece of the mover there, and freezes none). The
/// proofs below read `G`'s absence so, as a friend fewer.
///
/// `Y1`: let `t1` be a simple step of the mover from a square `f` of `Y` outside those
/// into a square `x` outside `V`, and `R` the goal's rabbit; if `f` is outside `R`'s part
/// of `Y`, `V`'s proof excludes `t1`, and if `R` stands two ranks away `Y2`'s below; so
/// `R` stands one rank away at `r`, four from `f` (`d = 1`), and `x`, beside `f` and
/// outside `Y`, is five from `r`. `t1`'s capture, if any, no later step reads (above).
/// If `t1` begins a pull that
/// `t2` ends (the puller into `x`, the enemy piece from `q` beside `f` into `f`), then
/// `t3 t4` is a goal in two after the pair, which changed `x` (five away), `f` (an enemy
/// piece arrives four away: not read), `q` (an enemy piece leaves, three or five away)
/// and perhaps an enemy piece captured on a trap beside `q` (two away or more; two away
/// it is within three of `r` with `f` within three of it: in `Y1`), and took `G` (above,
/// a friend fewer): of what `t3 t4` read,
/// only `q` three away, by the frozen test of `S` two from `r` beside it (above), and `f`
/// is then within two of `S`, so `S` is not frozen at the root (else `f` is in `Y1`): `t3
/// t4` was a goal in two at the root, excluded. Otherwise (no pull, or one `t2` does not
/// end) `t1` changes `f` (a friend leaves) and `x` (a friend arrives) only, and perhaps
/// takes `G` (above: a friend fewer).
/// `x` is read as in `V`'s proof, only as a friend in the frozen tests of pieces of the
/// mover beside it in `Y`, none frozen at the root, and `t1`'s piece is moved by none of
/// `t2 t3 t4`. `f` is read as a friend (more friends at the root never freeze a piece of
/// the mover nor capture one), and as a square entered
/// only by a puller (the pieces of `t2 t3 t4` enter squares within four of `r`, so four
/// away only from three or five away; a step of `t2` from five away changes nothing within
/// three of `r`, so `t3 t4` was a goal in two after `t1`, and at the root, `t1` having
/// changed nothing within three of `r`: excluded): by the cases above, `t2 t3` a push
/// moves an enemy piece within two of `r` into a square within three (`Q` of
/// [`three_step_region`], after `t1`); `t2` a simple step from three away into `f`
/// changes `B(r, 3)` only by a friend leaving it and perhaps a friend captured on a trap
/// two away (neither entered by a goal in two, which enters within two of `r` squares off
/// the traps' ranks or beside `r`), so `t3 t4` was a goal in two after `t1`, and at the
/// root, excluded; a pull `t2 t3` whose puller steps into `f` from three away is `P`'s
/// case of [`three_step_region`], its end capturing an enemy piece on a trap beside `r`
/// within two of the puller's square, so `f` is within three of that trap,
/// in `Y1`. (The trap term reads only traps within two of `r`: those beside `r` here,
/// and those two away in the pull case above; a trap three from `r` is read by neither.)
/// So `t2 t3 t4` played from the root enters the same empty squares, meets
/// frozen tests passing at least as often (a piece of the mover on a trap beside `x` is
/// read as in `V`'s proof), and is a goal in three there: excluded.
///
/// `Y2`: let `t1` be as for `Y1`, with `R` two ranks away at `r` (`d = 2`), three from
/// `f`, and `x` four from `r`. If `t1` begins a pull that `t2` ends (the enemy piece `E`
/// from `q` beside `f` into `f`), `t3 t4` are `R`'s forward steps, to the square `a`
/// ahead and the goal square `g`, which read `C` only (within one of `r` or of `a`, above).
/// The pair changes `f` and `x` (three and four away: not in `C`), `q` (`E` leaves) and
/// perhaps an enemy piece captured on a trap beside `q` or a piece of the mover on a trap
/// beside `f` (a friend fewer, or `R`: no goal). `q`, beside `f`, is two or four from `r`;
/// the squares of `C` two away are `g` and the two beside `a` on its rank, and `g` holds no
/// piece (else `R` is `W2`'s). A trap of `C` holds an enemy piece only beside `r` on its
/// rank (`r` holds `R`, and the ranks of `a` and of the square behind `r` have no trap),
/// and a square beside such a trap is within two of `r`. So the pair meets `C` only when
/// `E` stands beside `a` or beside a trap beside `r` holding an enemy piece, and then `f`
/// is kept; otherwise `t3 t4` was a goal in two at the root: excluded. Otherwise (no pull,
/// or one `t2` does not end) `t1` changes `f` and `x` only, and
/// perhaps takes `G` (above: a friend fewer), and `x` is read as in `V`'s proof. `f` is read as a
/// friend (more friends at the root never freeze a piece of the mover nor capture one), and never
/// entered: by the cases above, either `t3 t4` are `R`'s forward steps, entering the square `a`
/// ahead and the goal square `g` only, and `t2` changes a square of `C` (within one of `r` or of
/// `a`): `t2` enters `f` from two away, changing `C` only by a friend leaving or captured (never
/// unfreezing `R`; `t3 t4` enter no trap), so `t3 t4` was a goal in two after `t1` and at the root
/// (`t1` changed nothing within two of `r`), excluded, unless `t2` leaves `g`, when `f`, beside
/// `g`, is on the goal rank; or `t2` is `R`'s step aside, then `t3 t4` its forward steps, entering
/// a square beside `a` and the goal square ahead of it (three from `r` only on the goal
/// rank); or `t2` is `R`'s forward step to `a`, then a goal in two from `a`, which enters
/// squares within two of `a` but the squares two from `a` only on the goal rank
/// ([`three_step_region`]'s proof), and `f` is two or four from `a`. So `t2 t3 t4` played
/// from the root enters the same empty squares, meets frozen tests passing at least as
/// often, and is a goal in three there: excluded.
#[inline]
fn four_step_region(pos: &TurnState, start: &Board, rabbits: Bitboard) -> Region {
    let side = pos.side_to_move();
    let board = pos.board();
    if pos.pending_push().is_some()
        || pos.pull_source().is_some()
        || board.rabbit_on_goal(side)
        || start.rabbit_on_goal(side)
    {
        return Region::FULL;
    }
    // The rabbits one rank away with the square ahead taken ask only `W`, those two ranks
    // away with the square ahead taken or a piece on the goal square ahead of it only
    // `W2` (below).
    let back = Direction::backwards(side);
    let blocked = rabbits & rank_band(side, 1) & board.occupied().shift(back);
    let taken_behind = board.occupied().shift(back);
    let behind_enemy = rabbits & rank_band(side, 2) & (taken_behind | taken_behind.shift(back));
    if (blocked | behind_enemy).is_empty() {
        return region_in_four(pos, rabbits);
    }
    // One goal rabbit one rank away behind a friend, its routes closed: no first step
    // begins a goal in four (`closed_behind_a_friend`).
    if blocked == rabbits
        && (blocked.shift(back.opposite()) & board.color(side)).any()
        && closed_behind_a_friend(pos, blocked)
    {
        return Region::EMPTY;
    }
    let mut region = Region::EMPTY;
    if blocked.any() {
        region = region_with_the_square_ahead_taken(pos, blocked);
    }
    if behind_enemy.any() {
        region |= region_two_ranks_away_blocked(pos, behind_enemy);
    }
    let rest = rabbits & !blocked & !behind_enemy;
    if rest.is_empty() {
        return region;
    }
    region | region_in_four(pos, rest)
}

/// Whether no goal within four steps ends with `rabbits`' rabbit (the one rabbit of the
/// mover that may end one, [`four_step_region`]'s `rabbits`): `R` on `r` one rank from its
/// goal, a piece `F` of the mover on the square `A` ahead, each square `y` beside `r` on
/// its rank (on the board) holding an enemy piece, the square `c` behind `r` no trap and
/// holding no piece of the mover, and some enemy piece beside `r` stronger than a rabbit
/// (a "strong freezer"); `gy` is the goal square ahead of a `y` (beside `A`). Then, when
/// no `gy` is empty: no piece of the mover on a `gy` is stronger than the enemy piece on
/// its `y` while a square beside that `y` is empty; and `c` holds an enemy piece, or every
/// piece of the mover beside `c` but `R` is frozen. When a `gy` is empty: (a) if `c` is
/// empty, no piece of the mover stands beside `c` but `R`, and every one two from `c` but
/// `F` is frozen or passes by no empty square beside `c` ([`may_pass`]); (b) for each enemy piece `e` beside `r` with a stronger piece of the
/// mover beside it, no square beside `e` is empty, or the empty ones are exactly the one
/// empty `gy`; (c) where `F` is stronger than the enemy piece on a `y` whose `gy` is empty,
/// no square beside that `y` but its `gy` is empty; (d) with one strong freezer only, no
/// piece of the mover beside it is stronger, and it is not on a `y` with `gy` empty and
/// `F` stronger; (e) for each `y` with `gy` empty, the pieces of the mover beside `y` on
/// its other squares (`y2` along the rank, `cy` behind) stronger than its enemy piece `E`
/// are at most one, `X`, with `E` no rabbit and no piece of the mover on the other of the
/// two squares. No push waits and no pull is under way (else `false`).
///
/// Exact (the answer "no goal within four"). The goal's last step is `R`'s onto its goal
/// rank (no other rabbit ends one). Enemy pieces move only by pushes and pulls (two
/// steps: the enemy piece's step and the mover's, in either order) and are captured only
/// on traps: no `y` is a trap (the rank one from the goal has none), nor `c`. A simple
/// step of the mover moves one piece one square. `R`'s path to its goal rank ends with a
/// step from `r` onto `A`, or passes a `y` (`R` moves only by its own steps, one square
/// each, never back behind `r` and in again usefully: `c` leads back to `r` only, below).
/// - Through a `y`: its enemy piece `E` leaves by a pull (a push leaves the pusher on `y`,
///   a third step to take it away, and `R`'s two steps from `r` to `y` and to `gy` make
///   five); the pull and `R`'s two steps are the four, in that order, so the puller `X`
///   stands beside `y` at the start, stronger than `E`, not on `r` (`R`) and, if on `gy`,
///   `E` follows it there and `R` cannot step onto `gy`; and `gy` is empty at the start
///   (no step is left to empty it). So `X` stands on `y2` or `cy` and `E` ends on that
///   square, beside `y`: `R` on `y` is frozen when `E` is no rabbit and no friend stands
///   beside `y` (on `gy`, empty; on the other of `y2` and `cy`, as at the start: no step is
///   left, and `X`'s step leaves `y2` or `cy` for a square not beside `y`). With no `gy`
///   empty this route is closed; with one, (e) closes it.
/// - From `r` onto `A`: `F` leaves `A` first (into a `gy`: `A`'s other neighbour is `r`;
///   a pull by `F` fills `A` with an enemy piece, which two more steps would have to take
///   away), and at `R`'s step `R` is not frozen. Its neighbours then are `A` (empty), the
///   `y`s (their enemy pieces stay unless pushed or pulled) and `c`. `R` is not frozen
///   only if a friend stands beside it (on a `y` after a push whose pusher lands there, or
///   on `c`) or no strong freezer is left (each strong freezer pushed or pulled away: a
///   push or a pull per piece, two steps each). No step of `R` helps: stepping back onto
///   `c` and in again takes two steps and leaves the board around `r` as it was.
///
///   No `gy` empty: `F`'s step needs one emptied first, by a friend on `gy` stepping off
///   (a step), pushing a piece beside `gy` (two: the pusher lands on that piece's square;
///   on `y` it stands beside `r`, excluded by the first condition; on the goal square
///   beyond, not, and no step is left) or pulling one (its piece then fills `gy`), or an
///   enemy piece on `gy` pushed or pulled (two, or `F` pushing it: two steps for `F`'s
///   leaving). So `F`'s leaving takes two steps or more, and one step at most is left
///   beside `R`'s: no push or pull, so only a friend arriving on `c` (empty) from beside
///   it, not frozen then; the steps that empty a `gy` and move `F` change no square beside
///   a neighbour of `c` (those are `r`'s other neighbours and squares behind them), so it
///   is not frozen at the start: excluded.
///
///   A `gy` empty: besides `F`'s step (one or more) and `R`'s, two steps are left. A
///   friend arriving on an empty `c` within two: from beside `c`, or from two away if not
///   frozen at the start (a frozen one needs a step to free it first, and the steps of
///   `F`, into `gy` beside `A`, `y` and `g2` only, free no piece two from `c`), through a
///   square `m` beside `c` (not `r`, not a `y`: a `cy` or `c2`), empty at the start (no
///   step is left to empty it), where it must stand neither frozen nor captured; around
///   `m` the board is then the start's but for the piece's own square (`F`'s step touches
///   `A` and a `gy`, beside no `cy` nor `c2`); `F` is two from `c` but reaches it only
///   through `r` or a `y`: (a). A push of an enemy piece
///   `e` beside `r` (two steps) leaves the pusher beside `r`; the pusher stands beside `e`
///   at the start (no step is left to bring it), or is `F` after its step onto `gy` (then
///   the push, its leaving and `R`'s step are the four: (c)); `e` goes to an empty square
///   beside it, and `F` must then step off `A` with no step left to empty a `gy`: (b)
///   allows only a push into the one empty `gy` (a pusher on a `gy` empties it, but no
///   square beside `e` is then empty but that `gy`'s own, taken by the pusher: no push).
///   A pull takes one strong freezer away (two steps); with two or more, one is left; with
///   one, its pullers (a stronger piece beside it at the start, or `F` from an empty `gy`
///   beside it) are excluded by (d). A pull that takes a rabbit from `c` or a `y` leaves
///   the square empty with no step left to bring a friend. So no goal ends with `R`'s step
///   from `r`, and none through a `y`: no goal within four.
#[inline(never)]
fn closed_behind_a_friend(pos: &TurnState, rabbits: Bitboard) -> bool {
    let side = pos.side_to_move();
    let board = pos.board();
    let own = board.color(side);
    let fwd = forward(side);
    let ahead = rabbits.shift(fwd);
    let Some(friend) = (ahead & own).iter().find_map(|a| board.kind_at(a)) else {
        return false;
    };
    let enemy = board.color(!side);
    let aside = rabbits.shift(Direction::East) | rabbits.shift(Direction::West);
    let behind = rabbits.shift(fwd.opposite());
    if rabbits.count() != 1
        || (rabbits & rank_band(side, 1)).is_empty()
        || (aside & !enemy).any()
        || (behind & (Bitboard::TRAPS | own)).any()
        || pos.pending_push().is_some()
        || pos.pull_source().is_some()
    {
        return false;
    }
    let beside = aside | behind;
    let freezers = beside & enemy & !board.kind(PieceKind::Rabbit);
    if freezers.is_empty() {
        return false;
    }
    let empty = !board.occupied();
    let open_goal = aside.shift(fwd) & empty;
    let near = behind.neighbours();
    if open_goal.is_empty() {
        // `F` leaves in two steps or more: one step is left, an arrival behind `r`; or a
        // friend on a goal square aside pushes the enemy piece below it (two steps),
        // which brings it beside `r` and lets `F` step off.
        for y in aside {
            let above = Bitboard::from(y).shift(fwd) & own;
            let pusher = above.iter().find_map(|a| board.kind_at(a));
            if pusher > board.kind_at(y) && (Bitboard::adjacent(y) & empty).any() {
                return false;
            }
        }
        let movers = near & own & !rabbits;
        return (behind & empty).is_empty() || movers == board.frozen_among(side, movers);
    }
    if (behind & empty).any() {
        // No arrival behind `r` within two steps.
        let two = near.neighbours() & !near & !behind & own & !ahead;
        let unfrozen = two & !board.frozen_among(side, two);
        if (near & own & !rabbits).any() || may_pass(board, side, unfrozen, near & empty) {
            return false;
        }
    }
    for e in beside & enemy {
        let Some(kind) = board.kind_at(e) else {
            return false;
        };
        let square = Bitboard::from(e);
        let stronger = board.stronger_than(side, kind) & square.neighbours();
        let free = square.neighbours() & empty;
        let on_aside = aside.contains(e);
        let goal_ahead = square.shift(fwd) & empty;
        let friend_pushes = on_aside && friend > kind && goal_ahead.any();
        // Pushes: a pusher beside `r` with `F` still able to leave in one step.
        if stronger.any() && free.any() && !(free == open_goal && open_goal.count() == 1) {
            return false;
        }
        if friend_pushes && (free & !goal_ahead).any() {
            return false;
        }
        // Pulls of the only freezer.
        if freezers == square && (stronger.any() || friend_pushes) {
            return false;
        }
        // Pulls that open the square aside, with the goal square ahead of it empty.
        if on_aside && goal_ahead.any() {
            let pullers = stronger & !goal_ahead;
            let others = square.neighbours() & !goal_ahead & !rabbits;
            if pullers.any()
                && (kind == PieceKind::Rabbit
                    || pullers.count() > 1
                    || (others & own & !pullers).any())
            {
                return false;
            }
        }
    }
    true
}

/// Whether a piece of `side` on a square of `movers` may step into an empty square of
/// `middles` beside it and stand there neither frozen nor captured: a friend beside that
/// square but on the piece's own, or no enemy piece beside it stronger than the piece and
/// the square no trap. Reads the board as it is (the caller's proof says why that is the
/// board of the step).
fn may_pass(board: &Board, side: Color, movers: Bitboard, middles: Bitboard) -> bool {
    let own = board.color(side);
    movers.iter().any(|x| {
        let Some(kind) = board.kind_at(x) else {
            return true;
        };
        let stronger = board.stronger_than(!side, kind);
        (Bitboard::adjacent(x) & middles).iter().any(|m| {
            let beside = Bitboard::adjacent(m);
            (beside & own & !Bitboard::from(x)).any()
                || !(Bitboard::TRAPS.contains(m) || (beside & stronger).any())
        })
    })
}

/// `W2`, the part of [`four_step_region`] about `rabbits`: rabbits of the mover two ranks
/// from their goal, each with a piece on the square `a` ahead or on the goal
/// square `g` ahead of that, that may end a goal in four (the region is the union of the
/// goal rabbits' parts, as for [`region_with_the_square_ahead_taken`]). For each such
/// rabbit `R` on `r`, with `y` a square beside `r` on its rank, `ay` the square ahead of
/// `y` and `gy` the goal square ahead of `ay`, tried are: a simple step or a pull's first
/// step that leaves a `gy`, or enters a square within two of `r` but `c2` (the square two
/// behind `r` in its column) or beside an `ay`; the first step of a push of an enemy piece
/// on an `ay`; and, when a friend stands on `g`, the first step of a push of an enemy
/// piece on a `gy`.
///
/// Exact. The region is asked at a turn's start (no push waits, no pull is under way, no
/// rabbit of the mover stands on its goal rank: else it is `FULL`), and only where no goal
/// in three or fewer steps exists. Let `t1 t2 t3 t4` be a goal, `t4` `R`'s step onto its
/// goal rank. `R` moves only by its own steps, two of them forward, so `k <= 2` aside. A
/// step of the mover (simple, or a pull's first) moves a piece of the mover and captures
/// only pieces of the mover. No piece on `a` or `g` is captured (ranks without a trap). An
/// enemy piece there leaves only by a push or a pull, two steps, and pushed it leaves its
/// pusher there. A friend `F` on `a` leaves only by its own step (simple, or pushing an
/// enemy piece beside `a`, or pulling one, which then fills `a`), and is never frozen
/// while `R` stands on `r`. Only the first step of a push of an enemy piece on an `ay` by
/// `F` is in a goal below (with `k = 1` or `2` no two steps are left for a push besides
/// `R`'s and the step that empties `a`).
/// - `k = 2`: the four steps are `R`'s, and `t1` leaves `r`.
/// - `k = 0`, `F` on `a`: `F` leaves `a` before `R`'s first step, onto an `ay` (onto `g`
///   it would have to leave `g` too, a fourth step besides `R`'s two: `t1` is then `F`'s
///   step from `a`). By a push, `F` pushes an enemy piece from an `ay` (from `g` it would
///   stand on `g`), and the push's first step is `t1`. By a simple step, that step, `R`'s
///   two and one step `t` more (a simple step of the mover: no room for a push, and no
///   pull ends after `R`'s step or at `t1`) make the goal. If `t1` is not `F`'s step it
///   is `t`, and makes a read of the three others pass (none is a goal in three at the
///   root): it empties `F`'s `ay` or `g` (leaving a square within two of `r`), or brings
///   a friend beside `r` or `a` (entering a square within two).
/// - `k = 0`, a friend `G` on `g` (a piece, not a rabbit: no rabbit of the mover stands
///   on its goal rank), `a` empty (else the case of `F` on `a` above, whose step `t` may
///   be `G`'s): `G` leaves `g` before `R`'s step onto it, and never onto `a` to stay (it
///   would block `R`'s first step or stand on `g`'s way). By a pull `G` steps onto a
///   `gy` or `a` and its enemy piece fills `g` (its squares beside `g` are `a`, empty, and
///   the `gy`s): never. By a push `G` pushes an enemy piece from a `gy` (`a` is empty),
///   two steps with `R`'s two, and the push's first step is `t1` (tried: the pushes from
///   the `gy`s beside a friend on `g`). By simple steps: onto `a` then an `ay`, `G`'s
///   two steps and `R`'s two, `t1` `G`'s step from `g` (within two of `r`); or onto a
///   `gy`, that step, `R`'s two and one step `t` more (a simple step of the mover: no
///   room for a push, and a pull's end follows its first step, which would be `G`'s, `R`'s
///   or `t`, none a pull here). If `t1` is neither `G`'s step nor `R`'s (which leaves
///   `r`), it is `t`, and it makes a read of the three others pass (they are no goal in
///   three at the root): those read `G` unfrozen on `g`, `G`'s `gy` empty, `g` empty after
///   `G`'s step, `a` empty, and `R` unfrozen on `r` and `a` (no trap on `a`'s rank nor on
///   the goal rank). A simple step of the mover moves no enemy piece and captures only
///   pieces of the mover (a friend fewer never unfreezes a piece), so `t` empties `G`'s
///   `gy` (leaving a `gy`) or brings a friend beside `g`, `r` or `a` (entering `a` or a
///   `gy`, beside an `ay`, or a square within two of `r`).
/// - `k = 0`, an enemy piece on `a` or `g`: `R` steps to `a`, then to `g`, and the enemy piece on
///   one of them leaves it first, by a pull (a push leaves the pusher there, and a third step to
///   take it away makes five): the two other steps. If the pull is `t1 t2`, `t1` is its puller's
///   step from a square beside the enemy piece: beside `a` (within two of `r`) or beside `g`
///   (`a`, within one, or a `gy`). Otherwise `t1` is `R`'s step from `r`.
/// - `k = 1`: `R` steps aside and forward twice, from `r` to `y`, `ay` and `gy`, or from
///   `r` to `a`, `ay` and `gy` (`a` empty). One step `t` is left, neither a push (two
///   steps) nor a pull's end (the step before it would be `R`'s, and a rabbit pulls
///   nothing): a step of the mover. If `t1` is not `R`'s step it is `t`. `R`'s steps read
///   `y` or `a`, `ay` and `gy` empty, `R` unfrozen on `r`, on `y` or `a`, and on `ay`, and
///   `R` alive on `y` when `y` is a trap (a friend beside it). They fail at the root (no
///   goal in three), so `t1` makes one of those reads pass: it empties `y`, `a`, `ay` or
///   `gy` by leaving it (a square within two of `r`, or a `gy`) or by capturing a piece of
///   the mover on `y` (leaving a square beside `y`, within two), or brings a friend beside
///   `r`, `y`, `a` or `ay` (entering a square within two of `r` or beside an `ay`).
///
/// The squares left and entered: the cases above leave `r`, `a`, `g`, a `y`, an `ay` or a
/// `gy`, or a square beside `y` to capture a piece of the mover on `y`, which never
/// happens (such a piece has `R`, on `r` beside `y`, for a friend until `R`'s first step,
/// and that step is `t1` then); and they enter squares beside `r`, `a`, `g`, a `y` or an
/// `ay`. A step from `r`, a `y`, `a`, `g` or an `ay` enters a square within two of `r` or
/// beside an `ay` (`g`'s neighbours are `a` and the `gy`s, an `ay`'s are `a`, a `y`, a
/// `gy` and a square beside it on its rank), so of the squares left only the `gy`s are
/// needed beside the squares entered. Those are within two of `r` but `c2` (two behind
/// `r`, beside `c1`, the square behind `r`, and squares two or three from `r` behind it:
/// beside none of the squares named), or beside an `ay`.
#[inline]
fn region_two_ranks_away_blocked(pos: &TurnState, rabbits: Bitboard) -> Region {
    let side = pos.side_to_move();
    let fwd = forward(side);
    let within_one = rabbits | rabbits.neighbours();
    // Within two but the square two behind `r` in its column (`c2`, read by no step of a
    // goal, below).
    let back = Direction::backwards(side);
    let within_two = (within_one | within_one.neighbours()) & !rabbits.shift(back).shift(back);
    let ahead = rabbits.shift(fwd);
    let beside_ahead = ahead.shift(Direction::East) | ahead.shift(Direction::West);
    // The friends on a goal square `g` (`k = 0`, `F` on `g`): the pushes from the `gy`s
    // beside them.
    let friends_on_goal = ahead.shift(fwd) & pos.board().color(side);
    // Left: the `gy`s (the steps from `r`, `a`, `g`, the `y`s and the `ay`s enter squares
    // within two or beside an `ay`).
    Region {
        from: beside_ahead.shift(fwd),
        into: within_two | beside_ahead.neighbours(),
        pushes: beside_ahead
            | friends_on_goal.shift(Direction::East)
            | friends_on_goal.shift(Direction::West),
    }
}

/// `W`, the part of [`four_step_region`] about `blocked`: rabbits of the mover one rank
/// from their goal, each with a piece on the square ahead, that may end a goal in
/// four (the region is the union of the goal rabbits' parts: its proof follows one goal
/// rabbit and reads no other's square). With `B(x, n)` the squares within `n` of `x`, for
/// each such rabbit `R` on `r`, tried are: a simple step or a pull's first step that
/// leaves a square of `B(r, 2)` but `c2` (the square two behind `r` in its column), a
/// goal-rank square of `B(r, 3)`, a square of `B(r, 3)` beside an enemy piece within two
/// of `r` but on `c2`, or a square beside an enemy piece that stands beside a trap within
/// two of `r` with an enemy piece on it; or that enters a square of `B(r, 3)` but `c3`
/// (the square three behind `r` in its column) or one beside a frozen piece of the mover
/// within three of `r`; and the first steps of the pushes of an enemy piece on a square
/// of `B(r, 2)` but `c2`, on a goal-rank square of `B(r, 3)`, or beside a trap within
/// three of `r` with an enemy piece on it (narrower than `Z1`, below).
///
/// Exact. The region is asked at a turn's start (no push waits, no pull is under way, no
/// rabbit of the mover stands on its goal rank: else it is `FULL`), and only where no goal
/// in three or fewer steps exists. Let `t1 t2 t3 t4` be a goal, `t4` `R`'s forward step
/// onto its goal rank (a rabbit there before `t4` would make a goal in three). Write `A`
/// for the square ahead of `r`, `y` for a square beside `r` on its rank and `gy` for the
/// goal square ahead of `y`. `R` moves only by its own steps, along its rank and then
/// forward. The piece on `A` is never captured (no trap on a goal rank). An enemy piece
/// `E` there leaves `A` only by a push or a pull by a stronger piece of the mover beside
/// `A`, so on a `gy` (`r` holds `R`, and a rabbit moves no piece); a friend `F` there
/// only by its own step onto a `gy`, and is never frozen while `R` stands on `r`. A step of the
/// mover (simple, or a pull's first) captures only pieces of the mover, which helps no later step:
/// a friend fewer never unfreezes a piece nor saves one on a trap, and the trap emptied is
/// entered by no step of `R` (its squares are on its rank and the goal rank) and, below,
/// by no other step that matters. If `t1` is `R`'s step it leaves `r`; if it is a push's
/// first step it is one of `Z1`'s. Otherwise `t1` moves a piece `P` of the mover from `x`
/// into `z` (a simple step or a pull's first step), and `R` steps forward from a square
/// `k` squares from `r` along its rank, after `k` steps aside:
/// - `k = 0`, `F` on `A`: `F` steps off `A` onto a `gy` before `t4`. If `t1 t2` is a pull,
///   `t3` is `F`'s step and `t4` `R`'s, which read: that `gy` empty, `R` unfrozen at `r`
///   with `F` gone, and the pull makes one of those reads pass, as for `k = 1` below (it
///   empties `gy` or a square beside `r`, `q` within two; captures a freezer on a trap
///   beside `r`; or its puller enters a square beside `r`). Otherwise, if `t1` is not
///   `F`'s step (leaving `A`, within one), `t1` and the other steps are simple steps of
///   the mover: `F`'s step, `R`'s, and one step `h` more (of another piece, or `F`'s
///   second), which makes a read of theirs pass (else `t1`, `F`'s step and `R`'s are a
///   goal in three): it leaves a `gy`, or arrives beside `r` (from within two), or is
///   `F`'s step from `gy` into a square beside it (`y`, or `g2` below, within three). For
///   `t1` outside `W` the argument of `k = 1` below shows `h`, `F`'s step and `R`'s a goal
///   in three at the root: all they read is within three of `r` (`F` on `gy` is beside
///   `A`, `y` and `g2`, three from `r`, which `t1` does not enter nor leave), and `t1`
///   changes there no square.
/// - `k = 0`, `E` on `A`: `E` leaves `A` before `t4`. Pushed, its pusher stands on `A` and leaves
///   it by a third step: the push begins at `t1` (`Z1` holds `A`'s square, within two). Pulled
///   by a piece `Q` on `gy` that steps to `p` (`y`, or the goal square `g2` beside `gy`
///   three from `r`) while `E` follows into `gy`: if that pull is `t1 t2`, `t1` leaves
///   `gy`; otherwise it is `t2 t3` and, since `t2 t3 t4` is no goal at the root, `t1` makes
///   a read of theirs pass: it brings `Q` onto `gy` (entering it), empties `p` (leaving
///   `y`, or `g2` on the goal rank within three), or arrives beside `gy` or `r` to unfreeze
///   `Q` or `R` (entering `y`, `g2` or a square beside `r`, within three).
/// - `k = 1`: `R` steps from `r` to `y`, then to `gy`, which reads `R` unfrozen at `r`
///   and at `y`, and `y` and `gy` empty. Two steps are left. If `t1 t2` is a pull (the
///   enemy piece from `q` beside `x` into `x`), `t3 t4` are `R`'s and the pull makes one
///   of those reads pass: it changes `x` (an enemy piece arrives: never a help), `z` (a
///   friend arrives: a help only beside `r` or `y`, so `z` within two), `q` (emptied: a
///   help only as `y`, `gy` or a freezer beside `r` or `y`, all within two, so `x` within
///   three beside an enemy piece within two), and captures at most an enemy piece on a
///   trap beside `q` (a help only when that piece freezes `R` at `r` or `y`: the trap is
///   within two, and `x` beside `q` beside it). Otherwise `t1` and the other step `h` are
///   simple steps of the mover (a push takes two steps, a pull's end comes right after its
///   puller's step, and `R`, a rabbit, pulls nothing), so no enemy piece moves or is
///   captured, and `h` makes a read of `R`'s steps pass (else `t1` and `R`'s steps are a
///   goal in three): it leaves `y` or `gy`, or arrives beside `r` or `y` (a square `w`
///   within two, from a square `u` within three). Let `t1` be outside `W`: `x` three or
///   more from `r` and not on the goal rank within three, `z` four or more away and beside
///   no frozen piece of the mover within three. Then `h` and `R`'s steps, played at the
///   root in the same order, are a goal in three (excluded): `h`'s piece `H` is not `P`
///   (from `z` no step reaches a square within two); it stands on `u` at the root, not
///   frozen there (else `z`, beside `u`, is beside a frozen piece within three; `P`
///   leaving `x` unfreezes nothing); `w` is empty at the root (`t1` empties only `x`,
///   three away, and by a capture a trap beside `x`, which is not `w`: `H` on `u`, beside
///   `w`, would be a friend of the piece there, never captured then); a friend that keeps
///   `H` alive on a trap `w` stands within three, so it is not `P` on `z`. `R`'s reads
///   are within two of `r`: `t1` changes there no square (`z` is four away; `x`, three
///   away, and a trap beside it hold at the root friends more, entered by no step above).
/// - `k = 2`: `R` steps to `y`, to the square `y2` beside `y` two from `r`, and to the
///   goal square `g2` ahead of `y2`, and `t1` is a simple step (no room for a pull's end or
///   a push). `R`'s steps read `y`, `y2`, `g2` empty and `R` unfrozen at `r`, `y` and
///   `y2`; they fail at the root (no goal in three), so `t1` empties one of those squares
///   (leaving `y`, `y2` within two, or `g2`, on the goal rank within three) or arrives
///   beside `r`, `y` or `y2` (entering a square within three).
/// - `k = 3`: the four steps are `R`'s, and `t1` leaves `r`.
///
/// `c2` and `c3`: a step from a square of `B(r, 2)` enters one of `B(r, 3)`, and `c3` is
/// beside no square of `B(r, 2)` but `c2`; so the steps left out by `c2` and `c3`, of those
/// `B(r, 2)` and `B(r, 3)` would try, are the steps of `P` from `x` into `c3` (`x` is `c2`,
/// or a square four from `r`) that no other term keeps. Such a `t1` is no pull the cases
/// above need (those leave a square beside an enemy piece within two of `r`, or beside an
/// enemy piece beside a trap within two holding an enemy piece: kept), and none of the
/// squares they name is `x` or `c3`: `r`, `A`, a `y`, `gy`, `y2` or `g2`, a square beside
/// `r`, `y` or `y2`, on `r`'s rank, the goal rank or the rank behind `r` (`c3`'s
/// neighbours are `c2`, the square four behind and two squares three or four from `r`
/// behind it). So with one step besides `R`'s and the pull's or `F`'s (`k = 0`, `E` on
/// `A`; `k = 2`) it is not `t1`. With two (`k = 1`; `k = 0`, `F` on `A`) the argument of
/// `k = 1` holds with `z = c3`: `h` is not `P`'s (from `c3` no step reaches a square
/// beside `r` or `y`); `H` on `u` is not frozen at the root unless `c3` is beside a frozen
/// piece of the mover within three (kept); `w` is empty at the root (`t1` empties only `x`,
/// beside neither `r` nor `y`; its capture, at most of a piece of the mover, helps no later
/// step); no friend that keeps `H` alive on a trap `w` stands on `c3` (beside no `w`); and
/// `R`'s reads within two of `r` meet at the root, where `P` stands on `x`, a friend more
/// at most (on `c2`, a square neither `R` nor `H` enters). So `h` and the other steps were
/// a goal in three at the root: excluded. The pulls of an enemy piece from `c2` (the term
/// of the squares beside an enemy piece within two leaves it out) are needed by no case:
/// the pulls above help by emptying a `y`, a `gy` or a square beside `r` or a `y`, or by
/// a capture on a trap within two (its own term), and `c2` is none of these.
///
/// Pushes: let `t1 t2` push an enemy piece `X` from `e` into `e'` by a piece of the mover
/// from `o` (beside `e`), which enters `e`. Then `t3 t4` is a goal in two ending with `R`'s
/// step: `R`'s steps to a `y` and its `gy`, or a step of `F` off `A` onto a `gy` and `R`'s
/// step onto `A` (an enemy piece on `A` leaves it only by a push or a pull, two steps;
/// `e = A` is within one). They read: `y` and `gy` empty, `R` unfrozen on `r` and on `y`;
/// or that `gy` empty and `R` unfrozen on `r` with `F` gone (`F`, beside `R`, is never
/// frozen). At the root they fail (no goal in three), so the push makes one of these reads
/// pass. It changes `e` (a piece of the mover for `X`), `e'` (`X` arrives: it only freezes
/// and blocks) and `o` (emptied), and captures at most `X` on `e'`, an enemy piece on a
/// trap beside `e` (`X` its last friend), or a piece of the mover on a trap beside `o` (a
/// friend fewer helps no read). So it helps only by emptying `o`, a `y` or a `gy` (then `e`
/// is beside a `y` or a `gy`: within two of `r`, or `g2` on the goal rank within three), by
/// a piece of the mover arriving on `e` or `X` leaving it (`X` captured on `e'` leaves
/// `e` too) with `e` beside `r` or a `y` (within two of `r`), or by the capture of an enemy
/// piece on a trap beside `r` or a `y` (within two of `r`; `e` beside it: kept). None of
/// these is `c2`, which is beside no `y`, `gy` nor `r` (its neighbours are `c1`, `c3` and
/// two squares three from `r`). Frozen pieces of the mover other than `R`, read by `Z1`,
/// are read by neither goal in two here, and the goal rank four from `r` is beside no `gy`.
#[inline]
fn region_with_the_square_ahead_taken(pos: &TurnState, blocked: Bitboard) -> Region {
    let side = pos.side_to_move();
    let board = pos.board();
    let enemy = board.color(!side);
    let own = board.color(side);
    let within_one = blocked | blocked.neighbours();
    let within_two = within_one | within_one.neighbours();
    let within_three = within_two | within_two.neighbours();
    // Within two but the square two behind `r` in its column: its spread is within three
    // but the square three behind (`c3`, entered by no step of a goal, below).
    let back = Direction::backwards(side);
    let near = within_two & !blocked.shift(back).shift(back);
    // The frozen pieces of the mover within three (entered beside: `k = 1`).
    let frozen = board.frozen_among(side, within_three & own);
    let goal_rank = ranks_within(side, 0);
    let enemy_traps = Bitboard::TRAPS & enemy & within_three;
    // The enemy pieces whose leaving captures an enemy piece on a trap within two (a
    // pull's end, `k = 1`).
    let near_traps = enemy_traps & within_two;
    let pulled = if near_traps.any() {
        enemy & near_traps.neighbours()
    } else {
        Bitboard::EMPTY
    };
    // Left: within two but `c2`, the goal rank within three (`g2`), the pulls of a piece
    // within two but on `c2` or capturing on a trap within two; entered: within three but
    // `c3`, beside a frozen piece; pushes: within two but `c2`, the goal rank within three,
    // beside a trap with an enemy piece on it.
    Region {
        from: near
            | (within_three & goal_rank)
            | (within_three & (enemy & near).neighbours())
            | pulled.neighbours(),
        into: near.neighbours() | frozen.neighbours(),
        pushes: near | enemy_traps.neighbours() | (within_three & goal_rank),
    }
}

/// The region of [`four_step_region`] about `rabbits` (those of `W` and `W2` left to
/// [`region_with_the_square_ahead_taken`] and [`region_two_ranks_away_blocked`]),
/// once its [`Region::FULL`] cases are
/// out: its proof is [`four_step_region`]'s, which follows one goal rabbit.
#[inline]
fn region_in_four(pos: &TurnState, rabbits: Bitboard) -> Region {
    let side = pos.side_to_move();
    let board = pos.board();
    let fwd = forward(side);
    // A rabbit three ranks away and the two squares ahead of it.
    let three = rabbits & rank_band(side, 3);
    let column = three | three.shift(fwd) | three.shift(fwd).shift(fwd);
    // Within four and five of a rabbit one rank away, three and four of one two away
    // (the spreads of the empty set, empty, skipped: often no rabbit is one or two ranks
    // away, or none three).
    let one = rabbits & rank_band(side, 1);
    let mut inner = if one.any() {
        one | one.neighbours()
    } else {
        Bitboard::EMPTY
    };
    inner |= rabbits & rank_band(side, 2);
    let mut reads = Bitboard::EMPTY;
    let mut into = Bitboard::EMPTY;
    let mut pushes = Bitboard::EMPTY;
    let mut leave = Bitboard::EMPTY;
    if inner.any() {
        inner |= inner.neighbours();
        let within_two = inner;
        inner |= inner.neighbours();
        let two_spreads = inner;
        inner |= inner.neighbours();
        let enemy_traps = Bitboard::TRAPS & board.color(!side);
        // The frozen pieces of the mover in `Y`, asked only where they are read: within
        // two of a rabbit one rank away (`Z1`, `Y1`) and on `Y`'s outer ring (`V`: the
        // squares beside those further in are in `Y`).
        let asked = inner & board.color(side) & (within_two | !two_spreads);
        let frozen = board.frozen_among(side, asked);
        // The pushes of `Z` for a rabbit two ranks away: within one of it or of the square
        // ahead; within two but the square two behind when an enemy piece stands on a
        // trap beside it; or three on the goal rank (for every rabbit, below).
        let two = rabbits & rank_band(side, 2);
        if two.any() {
            let pair = two | two.shift(fwd);
            let near = pair | pair.neighbours();
            pushes = if (enemy_traps & near).any() {
                two_spreads & !two.shift(fwd.opposite()).shift(fwd.opposite())
            } else {
                near
            };
        }
        pushes |= inner & ranks_within(side, 0);
        if one.any() {
            // `Z1`: within two of a rabbit one rank away, beside a frozen piece of the
            // mover there, or beside a trap within three with an enemy piece on it.
            let traps = enemy_traps & two_spreads;
            pushes |= within_two | (frozen & within_two).neighbours() | traps.neighbours();
        }
        // `Y1` about a rabbit one rank away: four from it only beside an enemy piece near
        // a frozen piece of the mover, or near a trap within two with an enemy piece; `Y2`
        // about one two ranks away: three from it only on the goal rank or beside an enemy
        // piece whose pull may free it, beside the square ahead or beside a trap beside the
        // rabbit with an enemy piece on it (a capture by the step leaving them is read by
        // no later step). Every
        // square of `Y` outside `two_spreads` is as far from each rabbit.
        let mut keep = Bitboard::EMPTY;
        if one.any() {
            let helped = frozen & within_two;
            if helped.any() {
                let near = helped | helped.neighbours();
                keep |= board.color(!side).neighbours() & (near | near.neighbours());
            }
            let near_traps = enemy_traps & within_two;
            if near_traps.any() {
                let mut n = near_traps;
                for _ in 0..3 {
                    n |= n.neighbours();
                }
                keep |= n;
            }
        }
        if two.any() {
            // The squares whose enemy piece, pulled away, may free the rabbit.
            let enemy = board.color(!side);
            let freeing =
                two.shift(fwd).neighbours() | (enemy_traps & two.neighbours()).neighbours();
            keep |= ranks_within(side, 0) | (enemy & freeing).neighbours();
        }
        leave = two_spreads | (inner & keep);
        reads = inner | inner.neighbours();
        // Entered (`V`): `X` outside `Y` only beside a frozen piece of the mover in `Y`.
        into = inner;
        if one.any() {
            into &= !entries_four_away_left_out(pos, inner, two, within_two, two_spreads, frozen);
        }
        into |= frozen.neighbours();
    }
    if column.any() {
        reads |= column | column.neighbours();
        into |= column | column.neighbours();
    }
    // Leaving a square of `X` outside `Y` matters only to a step that may begin a pull
    // whose end captures an enemy piece on a trap three from a rabbit one rank away
    // (within two of the square left; an enemy piece stands there now); its capture, if
    // any, no later step reads. No spread when no trap holds an enemy piece.
    let mut pullers = Bitboard::EMPTY;
    let enemy_traps = Bitboard::TRAPS & board.color(!side);
    if one.any() && enemy_traps.any() {
        let mut three = one;
        for _ in 0..3 {
            three |= three.neighbours();
        }
        let near = enemy_traps & three;
        if near.any() {
            let beside = near.neighbours();
            pullers = reads & board.color(!side).neighbours() & (beside | beside.neighbours());
        }
    }
    Region {
        from: leave | three | column.shift(fwd) | pullers | (rabbits & rank_band(side, 4)),
        into,
        pushes,
    }
}

/// `V4`, the part of [`region_in_four`]'s `V` left out of its entered squares when a
/// rabbit stands one rank away (`one`, asked only then): the squares of `inner` (`Y`) four
/// from the nearest rabbit one rank away and more than three from every rabbit two ranks
/// away (`two`), more than two from every piece of the mover within three of a rabbit one
/// rank away that may be frozen (`frozen` within `within_two`; on the ring three away,
/// outside `within_two` and inside `two_spreads`, any with an enemy piece beside it and
/// no friend, more than the frozen ones), and beside no trap within three of such a rabbit
/// with a piece of the mover on it. The squares beside a frozen piece of the mover in `Y`
/// stay entered (the caller joins them after).
///
/// Exact (the proof follows [`four_step_region`]'s, of which it narrows `V`). Let `t1` be
/// a simple step of the mover, or a pull's first step that `t2` does not end (the pulls
/// that matter are tried: [`four_step_region`]'s first case), that moves a piece `P` from
/// `f` into a square `x` of `V4`, and `R` the goal's rabbit at `r`. If `R` stands two
/// ranks away, `x` is more than three from it, outside its part of `V`; three ranks away,
/// outside its column's part (joined after): `V`'s proof excludes `t1`. So `R` stands one
/// rank away (`d = 1`), four or more from `x`; five or more, `x` is outside its part of
/// `V`, as before. So `x` is four from `r`, and `f`, beside it, three (in `Y`'s part kept
/// as left, `two_spreads`: `t1` is tried) or five (outside `Y`): let it be five. `t1`'s
/// capture, if any, no later step reads ([`four_step_region`]: `f` is outside `Y`). After
/// `t1`, `t2 t3 t4` is a goal in three, with `t4` `R`'s forward step, and by
/// [`four_step_region`]'s proof for `d = 1`: `t2` is `R`'s step aside to `y`, then a goal
/// in two from `y`; or `t2 t3` a push or a pull with the enemy piece or the puller within
/// three of `r`, then `t4`, which reads `B(r, 1)`; or `t2` a simple step that changes a
/// square of `B(r, 3)`, then a goal in two that reads `B(r, 3)`, the squares three away
/// only by the frozen test of its piece `S` two away ([`three_step_region`]).
/// - `P` moves again. Not in a goal in two from `y` (its pieces stand within two of `y`;
///   `x` is three or more from `y`). As a pusher, of an enemy piece `e` beside `x` within
///   three of `r` (so three away): the push changes `e`, the square it is pushed to (two or
///   four away), `x`, and captures on traps beside `e` or `x` (two or more away): nothing
///   of `B(r, 1)`, so `t4` was a goal in one after `t1`, and `t1 t4` a goal in two at the
///   root: excluded. Not as a puller (within three). By a simple step `t2` from `x`: it
///   changes `B(r, 3)` only by entering a square `z` three away (a capture beside `x` takes
///   a piece from a trap three or five away; three away none stands, by the trap term), and
///   the goal in two `t3 t4` reads `z` only by the frozen test of its piece `S` two away,
///   beside `z`, and not otherwise
///   (it enters squares within two only). Without `P` on `z`, that is after `t1`, `S` is
///   frozen (else `t1 t3 t4` is a goal in three at the root: `t1` changed nothing within
///   three of `r`), and so at the root (`t1` changed `x` and `f`, four and five away, and a
///   trap beside `f`, four or more away: none beside `S`). So `x`, beside `z`, is within two
///   of a frozen piece two from `r`: not in `V4`.
/// - `P` stays on `x`. Then `t2 t3 t4` played from the root meets `f` holding `P` (read,
///   if at all, only as a friend in frozen tests: more friends never freeze a piece of the
///   mover nor capture one) and `x` empty (entered by a step, if at all, as easily as
///   after `t1`). `x` is read as a friend only in the frozen tests of the pieces of the
///   mover beside it: three away (five away none moves, and the reads five from `r` are
///   the frozen tests of a piece four away, [`four_step_region`]'s `Y`). Such a piece `Q`
///   is not frozen at the root (`x` would be beside it: not in `V4`). It is tested when it
///   moves: as `t2`'s piece or a pusher or puller of `t2 t3`, in the state after `t1`, which
///   differs from the root's around `Q` only by `x` (`f`, five away, and a trap beside it
///   are not beside `Q`), and a pusher again after `t2`, an enemy piece fewer beside it;
///   or in a goal in two from `y`, where `Q`, three from `r` and two or less from `y`, is
///   moved after `R`'s step only, which changes no square beside `Q` (`r` and `y` are two
///   or more from it). So `Q` passes at the root as after `t1`. `x`'s friend saves no piece
///   of the mover on a trap beside it three away (the trap term: none stands there); on a
///   trap five away, the piece is read only by the frozen test of a piece four away beside
///   it, tested at `t2` or, as a pusher, after `t2` (an enemy piece's step), before any
///   step of the mover after `t1` may take its last friend. So `t2 t3 t4` is a goal in
///   three at the root: excluded.
#[inline]
fn entries_four_away_left_out(
    pos: &TurnState,
    inner: Bitboard,
    two: Bitboard,
    within_two: Bitboard,
    two_spreads: Bitboard,
    frozen: Bitboard,
) -> Bitboard {
    let side = pos.side_to_move();
    let board = pos.board();
    let own = board.color(side);
    let mut ring = inner & !two_spreads;
    if two.any() {
        let mut near = two;
        for _ in 0..3 {
            near |= near.neighbours();
        }
        ring &= !near;
    }
    let maybe_frozen = (frozen & within_two)
        | (own & two_spreads & !within_two & board.color(!side).neighbours() & !own.neighbours());
    let helped = maybe_frozen | maybe_frozen.neighbours();
    let traps = Bitboard::TRAPS & own & two_spreads;
    ring & !(helped | helped.neighbours() | traps.neighbours())
}

/// The first steps tried: the simple steps and pulls from a square of `from` or into one
/// of `into`, and the first steps of pushes from a square of `pushes`.
#[derive(Clone, Copy)]
struct Region {
    from: Bitboard,
    into: Bitboard,
    pushes: Bitboard,
}

impl Region {
    /// No first step tried: the unit of the union.
    const EMPTY: Region = Region {
        from: Bitboard::EMPTY,
        into: Bitboard::EMPTY,
        pushes: Bitboard::EMPTY,
    };

    /// No restriction.
    const FULL: Region = Region {
        from: Bitboard::FULL,
        into: Bitboard::FULL,
        pushes: Bitboard::FULL,
    };

    /// The squares whose simple steps and pulls in `dir` are tried.
    #[inline]
    fn movers(self, dir: Direction) -> Bitboard {
        self.from | self.into.shift(dir.opposite())
    }
}

impl BitOr for Region {
    type Output = Region;

    /// The union: the first steps tried by either region (each field joined).
    #[inline]
    fn bitor(self, other: Region) -> Region {
        Region {
            from: self.from | other.from,
            into: self.into | other.into,
            pushes: self.pushes | other.pushes,
        }
    }
}

impl BitOrAssign for Region {
    /// Joins `other` into this region (see [`BitOr`]).
    #[inline]
    fn bitor_assign(&mut self, other: Region) {
        *self = *self | other;
    }
}

/// Whether one more step ends the turn with a goal, decided from bitboards (on success
/// the step is pushed on `path`); `None` when the rule does not apply: a push waits, or a
/// rabbit of the mover already stands on its goal rank.
///
/// Exact: with no push waiting and no rabbit of the mover on its goal rank, a step ends
/// with one only if it is the forward step of a mover's rabbit one rank from its goal
/// (the mover's rabbits move only by their own steps, one rank at a time). That step is
/// legal exactly when the rabbit is not frozen and the square ahead is empty (no push
/// waits, the search never goes past the steps left, and a rabbit's forward step is never
/// backwards); it cannot be captured (no trap on a goal rank). The turn may then end
/// (a step taken, no push waiting): the board is not the one it started from, which had
/// no rabbit of the mover on its goal rank (one there would stand there still: the
/// mover's rabbits move only by their own steps, never backwards, and no trap is on a
/// goal rank, so this rule would not apply), so no state after the step is asked.
#[inline(always)]
fn goal_in_one(pos: &TurnState, start: &Board, path: &mut Move) -> Option<bool> {
    let side = pos.side_to_move();
    let board = pos.board();
    if pos.pending_push().is_some() || board.rabbit_on_goal(side) {
        return None;
    }

    let ahead_empty = (!board.occupied()).shift(Direction::backwards(side));
    let near = board.pieces(PieceKind::Rabbit.of(side)) & rank_band(side, 1) & ahead_empty;
    // The turn may end after the step: the board differs from the start (see above).
    debug_assert!(!start.rabbit_on_goal(side));
    if near.is_empty() {
        return Some(false);
    }
    // `frozen_rabbits` square by square (most often one rabbit or two here).
    let own = board.color(side);
    let freezers = rabbit_freezers(board, side);
    for sq in near {
        let beside = Bitboard::adjacent(sq);
        if (beside & own).is_empty() && (beside & freezers).any() {
            continue;
        }
        // The search goes no deeper than the steps the turn has left: the move has room.
        let _ = path.push(Step::new(sq, forward(side)));
        return Some(true);
    }
    Some(false)
}

/// Whether at most two more steps end the turn with a goal (on success the steps are
/// pushed on `path`): a goal in one by [`goal_in_one`]'s rule, else the pairs of a first
/// step and a rabbit's forward step that may make a goal in two, both decided from the
/// board by [`rabbit_goal_in_two`] (no step played), then the ends of a pull under way,
/// each followed by [`goal_in_one`] as [`goal_in_one_after`] decides it (not played);
/// while a push waits, [`goal_after_push`]. `None` when the
/// rule does not apply: fewer than two steps are left, or a rabbit of the mover stands on
/// its goal rank now or stood there when the turn started.
///
/// Exact (with no push waiting; [`goal_after_push`] has its own proof): let `s1 s2` end
/// the turn with a goal, no goal in one step being possible. `s1` puts no rabbit of the
/// mover on its goal rank (it would be a goal in one: the turn may end after it, its board
/// differing from the start, which had no such rabbit), and it begins no push (`s2` would
/// complete it, and no rabbit is stronger than the piece pushed), so `s2` is the forward
/// step of a rabbit `R` one rank from its goal, unfrozen with the square ahead empty after
/// `s1` ([`goal_in_one`]). Either `s1` is `R`'s own step (forward from two ranks away, the
/// two squares ahead empty, or aside along the rank one away), or `R` stood one rank away
/// before `s1`, frozen or with the square ahead taken (else `R` had a goal in one), and
/// `s1` is a pull (every pull is tried) or a simple step of another piece of the mover. A
/// simple step empties only the square it leaves (and perhaps a trap, never on a goal
/// rank) and can unfreeze `R` only by bringing a friend beside it: if `R` is unfrozen (the
/// square ahead taken) it leaves the square ahead, which it cannot do by entering a square
/// beside `R` (no square is beside both); if `R` is frozen (no friend beside it, so none
/// ahead) it enters a square beside `R` other than the one ahead. These are the pairs
/// [`rabbit_goal_in_two`] decides and the pulls tried. The turn may end after any such
/// `s1 s2`: a step is taken, no push waits, and the board differs from the start (it has
/// a rabbit of the mover on its goal rank, the start none).
///
/// `NONE_IN_ONE`: the caller knows that no goal in one step exists from `pos` (inside the
/// root's deepening, [`goal_search`]'s proof), and the goal in one is not asked. Exact
/// under that premise: the test of the goal in one answers only where a goal in one
/// exists (it finds one then: [`goal_in_one`]'s proof), and the rest, asked when it
/// finds none, is the same.
#[inline]
fn goal_in_two<const NONE_IN_ONE: bool>(
    pos: &TurnState,
    start: &Board,
    path: &mut Move,
) -> Option<bool> {
    let (board, side) = (pos.board(), pos.side_to_move());
    // The search asks (`NONE_IN_ONE`) only at its nodes with two steps to go, and a node
    // has no more steps to go than the turn has left: two or more then, and the test is
    // the others' only.
    if !NONE_IN_ONE && pos.steps_left() < 2 {
        return None;
    }
    debug_assert!(pos.steps_left() >= 2);
    // A rabbit of the mover on its goal rank at the turn's start stands there still (see
    // [`goal_in_one`]): the tests of the board now below return `None` then.
    debug_assert!(!start.rabbit_on_goal(side) || board.rabbit_on_goal(side));
    if pos.pending_push().is_some() {
        return goal_after_push(pos, path);
    }
    if board.rabbit_on_goal(side) {
        return None;
    }

    let near = board.pieces(PieceKind::Rabbit.of(side)) & rank_band(side, 1);
    if let Some((first, then)) = rabbit_goal_in_two::<NONE_IN_ONE>(pos) {
        // Two steps are left: the move has room.
        let _ = path.push(first);
        if let Some(then) = then {
            let _ = path.push(then);
        }
        return Some(true);
    }

    let Some((to, _)) = pos.pull_source() else {
        return Some(false);
    };
    // The end of the pull moves an enemy piece and captures none of the mover's (a step
    // captures only pieces of the colour it moves): the goal's rabbit stands one rank from
    // its goal already.
    if near.is_empty() {
        return Some(false);
    }
    // The pieces the pull may move, each beside `to`, tried in square order
    // (`TurnState::pullable` walks the kinds only when an enemy piece stands beside `to`).
    let pulled = pos.pullable();
    Some(goal_after_step_into::<false>(
        board, side, near, pulled, to, path,
    ))
}

/// Whether a step of a piece of `movers` into `to` (each beside it), followed by the
/// forward step of a rabbit of `near`, ends the turn with a goal, as
/// [`goal_in_one_after`] decides it (`OURS`: whose piece moves, its caller's terms; its
/// proof): the movers tried in square order, and on success both steps pushed on `path`
/// (the caller has two steps left). The loop of a pull's end in [`goal_in_two`] and of
/// a push's completion in [`goal_after_push`].
#[inline(always)]
fn goal_after_step_into<const OURS: bool>(
    board: &Board,
    side: Color,
    near: Bitboard,
    movers: Bitboard,
    to: crate::Square,
    path: &mut Move,
) -> bool {
    // Each mover stands beside `to` (the callers' promise: pieces of
    // `TurnState::pullable`, or `push_completers`).
    for sq in movers {
        let step = Step::onto(sq, to);
        if let Some(rabbit) = goal_in_one_after::<OURS>(board, side, near, step) {
            // Two steps are left: the move has room.
            let _ = path.push(step);
            let _ = path.push(Step::new(rabbit, forward(side)));
            return true;
        }
    }
    false
}

/// [`goal_in_one`] after `step`, a pull's end (the enemy piece beside the pull's square
/// stepping into it) or a push's completion (the mover's piece stepping into the square
/// the pushed piece left), decided from the board with the step not played: the rabbit
/// among `near` (the mover's rabbits one rank from their goal) whose forward step then
/// ends the turn with a goal, if any. `OURS` says whose piece `step` moves (the mover's
/// for a completion). The caller asks with a step left after `step`, no rabbit of the
/// mover on its goal rank now or at the turn's start.
///
/// Exact: `step` moves the piece on `from` to the empty square `to` (the pull's square,
/// or the square the pushed piece left) and removes the piece of its colour left alone on
/// the trap beside `from`, if any (it may be the moved piece itself, on `to`):
/// `TurnState::play_step_unchecked`'s effect, computed here on the colour sets (the other
/// colour's pieces are the same). After it no push waits, and no rabbit of the mover
/// stands on its goal rank (a pull's end moves an enemy piece; a completion moves a piece
/// stronger than another, not a rabbit), so [`goal_in_one`]'s rule applies: a rabbit of
/// `near` with the square ahead empty and unfrozen (a friend beside it, or no enemy piece
/// but a rabbit), and the turn may end after its step (the board has a rabbit of the
/// mover on its goal rank, the start none). `near` is the same set after `step`: the
/// step moves no rabbit of the mover, and captures none of them (they stand one rank
/// from their goal, on no trap). The first such rabbit in square order is the one
/// [`goal_in_one`] takes.
#[inline(always)]
fn goal_in_one_after<const OURS: bool>(
    board: &Board,
    side: Color,
    near: Bitboard,
    step: Step,
) -> Option<crate::Square> {
    let (from, to) = (step.from, step.to_on_board());
    let moved = Bitboard::from_square(from) | Bitboard::from_square(to);
    let own = board.color(side);
    let colour = board.color(if OURS { side } else { !side }) ^ moved;
    let gone = match from.trap_beside() {
        Some(trap) if colour.contains(trap) && (Bitboard::adjacent(trap) & colour).is_empty() => {
            Bitboard::from_square(trap)
        }
        _ => Bitboard::EMPTY,
    };
    let enemy_rabbits = board.pieces(PieceKind::Rabbit.of(!side));
    let (own, freezers) = if OURS {
        (colour & !gone, board.color(!side) & !enemy_rabbits)
    } else if enemy_rabbits.contains(from) {
        (own, colour & !(enemy_rabbits ^ moved) & !gone)
    } else {
        (own, colour & !enemy_rabbits & !gone)
    };
    let occupied = (board.occupied() ^ moved) & !gone;
    let fwd = forward(side);
    near.iter().find(|&sq| {
        let beside = Bitboard::adjacent(sq);
        !occupied.contains(Step::new(sq, fwd).to_on_board())
            && ((beside & own).any() || (beside & freezers).is_empty())
    })
}

/// A goal in one, else a goal in two by a simple first step of the mover, decided from
/// the board with no step played (for [`goal_in_two`], which calls it with a step or more
/// left after the first, no push waiting and no rabbit of the mover on its goal rank now
/// or at the turn's start): the goal in one by [`goal_in_one`]'s rule (the same test, its
/// proof there), asked first (the shorter), else the two steps of a goal of the cases
/// below (then there is none in one), or `None` when there is none. `R` is a rabbit of the mover on
/// `X`, `A` the square ahead of it; "unfrozen with friends `F`" means that a friend of `F` or no
/// enemy piece but a rabbit stands beside (a rabbit is frozen exactly when no friend and some such
/// piece stands beside it, enemy rabbits never being stronger). Each case, with `s1` the
/// first step and `s2` `R`'s forward step:
///
/// - (a) `R` two ranks away, `s1` its own forward step: legal exactly when `R` is
///   unfrozen on `X` and `A` empty; then `s2` needs the goal square empty (as before:
///   `s1` fills only `A`) and `R` unfrozen on `A` after `s1`. The enemy pieces are the
///   same; `A`'s friends then are those beside `A` but `X` (emptied): the only capture
///   `s1` may make is a friend on the trap beside `X`, which stands on `X`'s rank (the
///   traps are two ranks from the goal, and a trap has no trap beside it), so beside `X`
///   along the rank and not beside `A`; and `A` is no trap.
/// - (b) `R` one rank away, `s1` its step aside along the rank to `Y`: legal exactly when
///   `R` is unfrozen on `X` and `Y` empty; `s2` needs the goal square ahead of `Y` empty
///   and `R` unfrozen on `Y` with the friends beside it but `X`: the only capture is a
///   friend on the trap behind `X`, which is beside neither `Y` nor the square ahead of
///   `Y`, no trap.
/// - (c) `R` one rank away and unfrozen, `A` held by a friend `P` (an enemy piece there
///   moves only by a push, which ends with a piece on `A`, or by a pull): `s1` is `P`'s
///   step aside along the goal rank (`X` is taken, and the board ends there), legal
///   exactly when the square it enters is empty (`P` is no rabbit: none of the mover's
///   stands on its goal rank; and `R` beside it unfreezes it); it captures nothing (no
///   trap beside a goal rank square) and does not enter a square beside `X`, so `s2` is
///   legal exactly when `R` is unfrozen with the friends beside `X` but `A`.
/// - (d) `R` one rank away and frozen, `A` empty (a friend there would unfreeze `R`, and
///   an enemy piece can leave `A` only by a push or a pull): `s1` brings a friend `P` to a
///   square `Y` beside `X` but `A` (a piece on `A` blocks `s2`), from a square `S` beside
///   `Y` but `X`: legal exactly when `Y` is empty and `P` is unfrozen (`P` is no rabbit
///   stepping backwards: the square ahead of `Y` is `X`, or on the goal rank, where no
///   rabbit of the mover stands). Then `R` has `P` beside it and `s2` is legal: `P` stays (on a
///   trap `Y` it has `R` beside it), the only capture is a friend of `P` on the trap beside
///   `S`, the enemy pieces are the same, and `A` stays empty (`S` is not `A`: a friend on
///   `A` would unfreeze `R`; `Y` is not `A`). A `Y` with no friend beside it but `R` has
///   no such `P`, and is passed over before the frozen test.
///
/// So a pair of these cases with the conditions met is a legal goal in two, and a goal
/// in two by a simple first step is one of them ([`goal_in_two`]'s proof).
///
/// The tests are asked on sets where that saves the walk: `R` on `X` is unfrozen with the
/// friends `own` exactly when `X` is beside a piece of `own` or beside no freezer, so
/// `free` answers for every square at once. Case (a) on every rabbit at once: `A`'s
/// friends but `X` are those beside `A` off `X`'s rank (the only square of that rank
/// beside `A` is `X`), and the first `X` in square order is the one a walk finds. The walk
/// over the rabbits one rank away passes over those that meet no case, for which its body
/// returns nothing: (b) needs `R` unfrozen beside an empty `Y` along the rank with the
/// square ahead of `Y` empty, (c) `R` unfrozen with a friend on `A`, (d) `R` frozen with
/// `A` empty; the others are walked in the same order with the same body.
///
/// `NONE_IN_ONE`: the caller knows that `pos` has no goal in one ([`goal_in_two`]'s
/// `NONE_IN_ONE`), and the goal in one is not asked: it would find none.
#[inline(always)]
fn rabbit_goal_in_two<const NONE_IN_ONE: bool>(pos: &TurnState) -> Option<(Step, Option<Step>)> {
    let side = pos.side_to_move();
    let board = pos.board();
    let rabbits = board.pieces(PieceKind::Rabbit.of(side));
    let one = rabbits & rank_band(side, 1);
    let back = Direction::backwards(side);
    let empty = !board.occupied();
    let ahead_empty = empty.shift(back);
    let two = rabbits & rank_band(side, 2) & ahead_empty & ahead_empty.shift(back);
    if (one | two).is_empty() {
        return None;
    }
    let fwd = forward(side);
    let own = board.color(side);
    let freezers = rabbit_freezers(board, side);
    // Whether a rabbit of the mover with the squares `beside` around it is unfrozen with
    // the friends `friends`.
    let unfrozen = |beside: Bitboard, friends: Bitboard| {
        (beside & friends).any() || (beside & freezers).is_empty()
    };
    // A goal in one first: [`goal_in_one`]'s rule (none when the caller knows there is
    // none).
    if !NONE_IN_ONE {
        for x in one & ahead_empty {
            if unfrozen(Bitboard::adjacent(x), own) {
                return Some((Step::new(x, fwd), None));
            }
        }
    }
    // The squares where a rabbit of the mover is unfrozen with the friends `own` (a friend
    // beside it, or no freezer): `unfrozen` on every square at once.
    let free = own.neighbours() | !freezers.neighbours();
    // (a), on every rabbit at once: `x` unfrozen, and `a` unfrozen with the friends beside
    // it but `x`, the one square two ranks from the goal beside `a` (so those off that
    // rank); the first such `x` is the one a walk in square order finds.
    if two.any() {
        let a_free = (own & !rank_band(side, 2)).neighbours() | !freezers.neighbours();
        if let Some(x) = (two & free & a_free.shift(back)).first() {
            let a = Step::new(x, fwd).to_on_board();
            return Some((Step::new(x, fwd), Some(Step::new(a, fwd))));
        }
    }
    let along = rank_band(side, 1);
    // The rabbits one rank away that may meet a case below, in square order (the others
    // meet none, and the walk passes them over): (b) or (c), unfrozen with an empty square
    // beside them along the rank whose square ahead is empty, or a friend ahead; (d),
    // frozen with the square ahead empty.
    let open = along & empty & ahead_empty;
    let aside = open.shift(Direction::East) | open.shift(Direction::West) | own.shift(back);
    for x in one & ((free & aside) | (!free & ahead_empty)) {
        let beside = Bitboard::adjacent(x);
        let a = Step::new(x, fwd).to_on_board();
        if free.contains(x) {
            // (b)
            for y in beside & along & empty & ahead_empty {
                // `y` is beside `x` (within `beside`).
                if unfrozen(Bitboard::adjacent(y), own.without(x)) {
                    return Some((Step::onto(x, y), Some(Step::new(y, fwd))));
                }
            }
            // (c)
            if own.contains(a) && unfrozen(beside, own.without(a)) {
                // `z` is beside `a` (from `Bitboard::adjacent(a)`).
                if let Some(z) = (Bitboard::adjacent(a) & empty).first() {
                    return Some((Step::onto(a, z), Some(Step::new(x, fwd))));
                }
            }
        } else if empty.contains(a) {
            // (d), the mover's frozen pieces read once for every `y`.
            let frozen = board.frozen_among(side, Bitboard::FULL);
            for y in beside & empty & !Bitboard::from_square(a) {
                let movers = Bitboard::adjacent(y) & own & !Bitboard::from_square(x);
                // No friend beside `Y` but `R`: no `P` (the frozen test needs none).
                if movers.is_empty() {
                    continue;
                }
                // `s` is beside `y` (`movers` is within `Bitboard::adjacent(y)`).
                if let Some(s) = (movers & !frozen).first() {
                    return Some((Step::onto(s, y), Some(Step::new(x, fwd))));
                }
            }
        }
    }
    None
}

/// [`goal_in_two`] while a push waits for its second step: whether a step completing the
/// push and then one more step end the turn with a goal (on success both steps are
/// pushed on `path`), each completion followed by [`goal_in_one`] as
/// [`goal_in_one_after`] decides it (not played). `None`
/// when no push waits or a rabbit of the mover stands on its goal rank now (the caller
/// has checked the turn's start board).
///
/// Exact: while a push waits, the only legal steps complete it (the pieces of the mover
/// stronger than the pushed piece, unfrozen, beside the square it left, stepping into
/// that square: [`TurnState::push_completions`] on the mover's unfrozen pieces beside it,
/// `Board::frozen_among` being [`Board::frozen`] on the pieces asked), and the turn cannot
/// end before one is played. A completion moves a piece stronger than another, so not a
/// rabbit, and captures only pieces of the mover on a trap (never on a goal rank): after
/// it a rabbit of the mover stands on its goal rank only if one did before (excluded),
/// no push waits, and the turn has a step left, so the goal is a goal in one after it,
/// which [`goal_in_one`] decides (it applies there), as [`goal_in_one_after`] does
/// without the play; with no rabbit of the mover one rank from its goal there is none.
#[inline]
fn goal_after_push(pos: &TurnState, path: &mut Move) -> Option<bool> {
    let (to, _) = pos.pending_push()?;
    let (board, side) = (pos.board(), pos.side_to_move());
    if board.rabbit_on_goal(side) {
        return None;
    }
    let near = board.pieces(PieceKind::Rabbit.of(side)) & rank_band(side, 1);
    if near.is_empty() {
        return Some(false);
    }
    let completers = push_completers(pos, to);
    Some(goal_after_step_into::<true>(
        board, side, near, completers, to, path,
    ))
}

/// The pieces that may complete the push waiting to step into `to` (the square
/// [`TurnState::pending_push`] gives): the unfrozen pieces of the mover beside `to`
/// stronger than the pushed piece ([`TurnState::push_completions`]), the frozen test asked
/// of the pieces beside `to` only (`Board::frozen_among` is [`Board::frozen`] on them).
/// These are the legal steps while a push waits, each stepping into `to`.
#[inline(always)]
fn push_completers(pos: &TurnState, to: crate::Square) -> Bitboard {
    let (board, side) = (pos.board(), pos.side_to_move());
    let beside = Bitboard::adjacent(to) & board.color(side);
    let free = beside & !board.frozen_among(side, beside);
    pos.push_completions(free)
        .map_or(Bitboard::EMPTY, |(_, pushers)| pushers)
}

/// The frozen pieces among `rabbits`, rabbits of `side`: [`Board::frozen`] on them. A
/// rabbit is the weakest kind, so every enemy piece but a rabbit is stronger than it: it
/// is frozen exactly when no friend stands beside it and an enemy piece other than a
/// rabbit does.
#[inline(always)]
fn frozen_rabbits(board: &Board, side: Color, rabbits: Bitboard) -> Bitboard {
    let own = board.color(side);
    let freezers = rabbit_freezers(board, side);
    rabbits & !own.neighbours() & freezers.neighbours()
}

/// [`any_step_touching`] within `within`: generates the
/// steps from `from` or into `to` of the pieces in the region ([`TurnState::step_set_of`]
/// for some pieces is the step set restricted to them), the pushes of those in its
/// `pushes` only; the steps from a square of `first` before the others, and within each
/// part the directions in the order of `order`, the squares of each by rank from rank 8
/// down when `down`, else by index (every direction once and every square: the same
/// steps, the order only decides which goal of the limit's length is found first).
///
/// The mover's frozen pieces are computed only where the step set reads them
/// (`Board::frozen_among`, equal to [`Board::frozen`] on the pieces asked): the step set of
/// `pieces` reads the frozen set only through the unfrozen pieces of the mover, for the
/// push completions and the simple steps of those among `pieces`, and for the pushers of
/// the enemy pieces among `pieces`, which stand beside them ([`Board::pushable_by`] takes
/// a pusher only beside the piece it pushes); pulls read it not at all. So the set is the
/// same as with the whole frozen set.
///
/// The enemy pieces asked are only those of the region's `pushes` or beside the square of
/// a pull under way: an enemy piece moves in the mover's turn only by the first step of a
/// push (tried only from `pushes`) or by the end of the pull under way (into its square,
/// from beside it); the step set of the others is empty, and leaving them out changes
/// no step of the mover's pieces (their own steps read only their own square and the
/// board) nor the pushes or pulls of the enemy pieces asked (the pushers are read beside
/// the piece pushed, the pulls from [`TurnState::pullable`], all beside the pull square).
#[inline(always)]
fn any_step_of(
    state: &TurnState,
    from: Bitboard,
    to: Bitboard,
    within: Region,
    (first, order, down): (Bitboard, [Direction; 4], bool),
    mut f: impl FnMut(Step) -> bool,
) -> bool {
    let region = within.from | within.into.neighbours() | within.pushes;
    // Most callers give no `to` (no spread then).
    let beside_to = if to.any() {
        to.neighbours()
    } else {
        Bitboard::EMPTY
    };
    // An enemy piece moves only by a push (its first step, kept only from `pushes`) or a
    // pull under way (into the pull square, so from beside it): the others are left out
    // of the pieces asked, which changes none of the steps kept (the pushers of the
    // pieces asked are the mover's pieces beside them, whatever their square).
    let board = state.board();
    let enemy = board.color(!state.side_to_move());
    let pull_side = state
        .pull_source()
        .map_or(Bitboard::EMPTY, |(sq, _)| Bitboard::adjacent(sq));
    let pieces = (from | beside_to) & region & !(enemy & !(within.pushes | pull_side));
    // The step set reads the frozen test on the mover's pieces among `pieces` (their own
    // steps) and beside its enemy pieces (the pushers): `Board::frozen` there only.
    let their = pieces & enemy;
    let reads = if their.any() {
        pieces | their.neighbours()
    } else {
        pieces
    };
    let frozen = board.frozen_among(state.side_to_move(), reads);
    let set = state.step_set_with(pieces, frozen);
    // Every step of the set is from a square of `from` when it is the whole board: no
    // restriction then.
    let set = if from == Bitboard::FULL {
        set
    } else {
        set.touching(from, to)
    };
    // Plain loops: the closures of `Direction::ALL.map` and of iterators here were
    // compiled out of line in some builds.
    let mut steps = [Bitboard::EMPTY; 4];
    for dir in Direction::ALL {
        let own = (set.own(dir) | set.pulls(dir)) & within.movers(dir);
        steps[dir as usize] = own | (set.pushes(dir) & within.pushes);
    }
    for part in [first, !first] {
        for dir in order {
            if down {
                for sq in (steps[dir as usize] & part).flip_ranks() {
                    let sq = sq.flip_ranks();
                    if f(Step::new(sq, dir)) {
                        return true;
                    }
                }
            } else {
                for sq in steps[dir as usize] & part {
                    if f(Step::new(sq, dir)) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The squares whose steps (from them) may lower the path bound when it leaves no slack
/// (`passing == k`, no push waiting).
///
/// The next step must lower it, so it empties a square on a path of cost `k` or moves
/// the rabbit along one (its square is in `region`), begins a pull of an enemy piece on
/// one (from beside it), or moves an enemy piece on a path of cost `k + 1`. Paths of
/// cost `c` stay within `c - d` files of a rabbit `d` ranks from its goal, between its
/// rank and the goal rank. Why `k + 1` for an enemy step: it lowers the cost of one
/// square only, the one it leaves (by two: enemy to empty), raises the one it enters,
/// ends any pull (the pull discount goes) and captures at most a piece on a trap (a trap
/// costs the same taken or empty), so a path of cost `k - 1` after it passes the square
/// it left and cost at most `k + 1` before.
#[inline]
fn steps_lowering_the_path_bound(pos: &TurnState, bound: &GoalBound, k: u8) -> Bitboard {
    let side = pos.side_to_move();
    let region = path_region(side, bound.rabbits, k);
    let enemy = pos.board().color(!side) & path_region(side, bound.rabbits, k + 1);
    region | region.neighbours() | enemy
}

/// The squares whose steps (from them) may begin a goal in `k` when the path bound with
/// `walls` leaves no slack (`passing == k`, no push waiting), for the fast search. Write
/// `A(y)` for the cost of [`path_bound`]'s paths (with `walls`) to arrive at `y` counting
/// `y` itself as one step (zero when `y` holds one of `rabbits`, the mover's rabbits that
/// may end the goal: all of them, or in the fast search with three or four steps to go
/// those of [`goal_rabbits_within`]), `G(x)` for the cost of the squares after `x` to the
/// goal rank (zero on it), and `E` for the enemy pieces not on a trap. The squares `s`:
/// - of `rabbits` with a square `x` within one of `s` (perhaps `s`) with `G(x) <= k - 1`;
/// - with `A(s) + G(s) <= k - 1`;
/// - holding a piece of the mover other than a rabbit, beside a square `e` of `E` with
///   `A(e) + G(e) <= k - 2`, or beside one with `A(s) + G(e) <= k - 3`, or with
///   `A(e) + G(s) <= k - 3`.
///
/// `FULL` when `k > 4` (never: a turn has at most four steps).
///
/// Exact. Let `t1` begin a goal in `k` and `s` the square its piece leaves (for the first
/// step of a push, the pushed piece's square). After `t1` the goal rabbit `R` (one of
/// `rabbits`, whose own count in [`path_bound`] is at least `passing`) walks a
/// route `P` (forward and sideways steps to the goal rank) whose cost in [`path_bound`]'s
/// terms without walls, counted after `t1`, is at most `k - 1` (its proof). `P` enters no
/// square `w` of `walls` ([`immovable`]'s pieces or, with three steps, the subset of
/// [`walls_in_three`]): `w`'s piece is not moved by `t1` (no stronger piece of the mover
/// beside it, no pull under way can move it), no pull begun by `t1` can move it (the
/// puller would have stood beside it, stronger), and the pieces of the mover stronger
/// than it, at least `k - d` away before `t1` (`d` the nearest rabbit's ranks), stand at
/// least `k - d - 1` away after it, or `k - d` when `t1` is a rabbit's step (none of
/// them moved); emptying `w` then takes that distance less one, plus two for the push or
/// pull, besides `R`'s own steps, at least `d`, or `d - 1` after its forward step: `k`
/// or more in all, more than the `k - 1` left. So along `P` the costs before `t1` are
/// the same with and without walls, and `P` cost at least `R`'s count, `k` or more.
///
/// Which costs `t1` lowers ([`path_costs`] reads the squares' pieces, the traps and the
/// pieces a pull under way may move): the square it enters fills (a rise), a capture is
/// on a trap (whose cost never changes), an enemy piece the pull under way could move no
/// longer can once `t1` is not that pull's end (a rise). Only two things lower a cost:
/// `s` empties (to one step), and when `t1` is a step of a piece of the mover other than
/// a rabbit, the enemy pieces beside `s` weaker than it become pieces a pull may move
/// (from three steps to two; a rabbit pulls nothing). Write `F` for `s` and, for such a
/// `t1`, the squares of `E` beside `s` (enemy pieces on a trap cost one step whatever
/// happens). After `t1` `s` costs at least one step and a square of `F` in `E` at least
/// two; every square outside `F` at least its cost before.
///
/// If `t1` is `R`'s step, from `s` into a square within one of it where `P` starts, let
/// `x` be the last square of `P` within one of `s`: the squares after it cost at least
/// their cost before, so `G(x) <= k - 1` (the first case). Otherwise `R` did not move and
/// `P` starts on its square. `P` enters a square of `F`: else it would cost at least its
/// cost before, `k` or more. Let `y` and `x` be the first and the last squares of `F` on
/// `P`: the part before `y` and entering `y` cost at least `A(y)` plus one more step when
/// `y` is in `E` (its cost two, where `A` counts one), the part after `x` at least `G(x)`,
/// the squares between at least one step each, and `x`, when it is not `y`, at least its
/// cost after `t1` (one, or two in `E`). If `y = x = s`: `A(s) + G(s) <= k - 1` (the
/// second case; `s`, another goal rabbit's square, lies in `rabbits`, the first case
/// holds: `G(s) <= k - 1`). The others need a square of `E` in `F`, so `t1` is a step of
/// a piece of the mover other than a rabbit, from `s`: if `y = x = e`, `A(e) + 1 + G(e)
/// <= k - 1`; if `y = s` and `x = e`, `A(s) + 2 + G(e) <= k - 1`; if `y = e` and `x = s`,
/// `A(e) + 1 + 1 + G(s) <= k - 1`; and `y = e`, `x = e'` needs `A(e) + 3 + G(e') <= k - 1`,
/// which no `k <= 4` meets (`A(e) >= 1`: `e` holds no rabbit of the mover). In each `A` of a
/// square other than a rabbit's is at least one. These are the third case.
/// The steps from `s` are then the simple steps and pulls of the piece on `s` and the
/// first steps of pushes of the enemy piece on `s`, all that [`any_step_of`] tries from
/// `from`.
fn steps_on_cheap_paths(pos: &TurnState, k: u8, walls: Bitboard, rabbits: Bitboard) -> Bitboard {
    if k > 4 || k == 0 {
        return Bitboard::FULL;
    }
    let side = pos.side_to_move();
    let costs = path_costs(pos, walls);
    let to_go = to_go_layers(side, costs, usize::from(k - 1));
    cheap_paths_from(side, k, costs, &to_go, rabbits, pullers_of(pos))
}

/// The body of [`steps_on_cheap_paths`] for `1 <= k <= 4`, given the entering costs
/// `costs` ([`path_costs`] with its walls), the layers `to_go` of [`to_go_layers`]
/// for those costs up to `k - 1` (the caller may have them already) and the pieces of
/// [`pullers_of`].
///
/// Compiled once per side (`cheap_paths_of`), the forward shift a plain shift.
#[inline(always)]
fn cheap_paths_from(
    side: Color,
    k: u8,
    costs: [Bitboard; 3],
    to_go: &[Bitboard; 5],
    rabbits: Bitboard,
    enemy: (Bitboard, Bitboard),
) -> Bitboard {
    match side {
        Color::Gold => cheap_paths_of::<true>(k, costs, to_go, rabbits, enemy),
        Color::Silver => cheap_paths_of::<false>(k, costs, to_go, rabbits, enemy),
    }
}

/// The pieces [`cheap_paths_from`] reads beside the paths at `pos`: the enemy pieces
/// (whose cost a pull begun beside them lowers), and the pieces of the side to move other
/// than rabbits (those that may begin such a pull).
#[inline(always)]
fn pullers_of(pos: &TurnState) -> (Bitboard, Bitboard) {
    let board = pos.board();
    let side = pos.side_to_move();
    (
        board.color(!side),
        board.color(side) & !board.pieces(PieceKind::Rabbit.of(side)),
    )
}

/// [`cheap_paths_from`] for Gold (`GOLD`) or Silver.
#[inline(always)]
fn cheap_paths_of<const GOLD: bool>(
    k: u8,
    costs: [Bitboard; 3],
    to_go: &[Bitboard; 5],
    rabbits: Bitboard,
    enemy: (Bitboard, Bitboard),
) -> Bitboard {
    let fwd = if GOLD {
        Direction::North
    } else {
        Direction::South
    };
    let next = |b: Bitboard| b.shift(fwd) | b.shift(Direction::East) | b.shift(Direction::West);

    let n = usize::from(k - 1);
    // `arrive[a]`: `A <= a`; `to_go[b]`: `G <= b`.
    let arrive = arrival_layers(rabbits, costs, n, next);
    // `E`, and the pieces that may begin a pull.
    let (enemy, pullers) = (enemy.0 & !Bitboard::TRAPS, enemy.1);
    // The squares `s` with `A(s) + G(s) <= k - 1`; the squares `e` of `E` with
    // `A(e) + G(e) <= k - 2`; the squares with `A(s) + G(e) <= k - 3` or
    // `A(e) + G(s) <= k - 3`. From `a = 1`: `A` is zero only on `rabbits`, which the
    // last line asks.
    let mut from = Bitboard::EMPTY;
    let mut pulled = Bitboard::EMPTY;
    let mut near = Bitboard::EMPTY;
    for a in 1..=n {
        from |= arrive[a] & to_go[n - a];
        if a < n {
            let e = arrive[a] & enemy;
            pulled |= e & to_go[n - 1 - a];
            if a + 1 < n {
                let x = to_go[n - 2 - a];
                near |= (arrive[a] & (x & enemy).neighbours()) | (e.neighbours() & x);
            }
        }
    }
    from |= (pulled.neighbours() | near) & pullers;
    // A goal rabbit's own step: its route starts within one of its square.
    let x = to_go[n];
    from | (rabbits & (x | x.neighbours()))
}

/// The layers of the costs to arrive `A` of [`steps_on_cheap_paths`], up to `n <= 3`:
/// `arrive[a]` holds the squares with `A <= a`, `rabbits` (at zero) and the squares a
/// route of forward and sideways steps from one of them (`next`: the squares one such
/// step from a set) enters, counting the square itself as one step and the squares
/// entered before it at their costs `costs` ([`path_costs`]). Spread from `entered[c]`,
/// the squares next to those a route enters with cost at most `c` (the rabbits' own at
/// zero). The fifty-first round's test reads them for its reference too.
#[inline(always)]
fn arrival_layers(
    rabbits: Bitboard,
    costs: [Bitboard; 3],
    n: usize,
    next: impl Fn(Bitboard) -> Bitboard,
) -> [Bitboard; 4] {
    let mut entered = [next(rabbits); 4];
    let mut arrive = [rabbits; 4];
    let mut reach = rabbits;
    for c in 1..=n {
        arrive[c] = rabbits | entered[c - 1];
        for (j, &cost) in costs.iter().enumerate().take(c) {
            reach |= cost & entered[c - 1 - j];
        }
        entered[c] = next(reach);
    }
    arrive
}

/// The steps worth trying at a node with four steps to go and slack (no push waiting),
/// as squares to step from or into: when the path bound with three steps to go (with the
/// walls `W` of [`walls`] for three) exceeds three for each of `rabbits` (its count for
/// that rabbit, [`squares_within_paths`]), the steps from the squares of
/// [`steps_on_cheap_paths`] for four steps with `W` and `rabbits` and the steps into a
/// square beside a piece of `W`; every step otherwise (`from` all squares).
///
/// Exact: let `t1` begin a goal in at most four, `s` the square its piece leaves, and
/// `R` the goal rabbit (one of `rabbits`, those of [`goal_rabbits_within`] for four
/// steps, each of which has a count above three in [`path_bound`] with `W` when the
/// steps are restricted), whose route `P` after `t1` costs at most three in
/// [`path_bound`]'s terms without walls (its proof). If `t1` enters no square beside a piece `w` of
/// `W`, `P` enters no such `w`: `W`'s pieces are those of [`immovable`] for three steps (or
/// a subset), so `R` stands at least one rank away and no piece of the mover stronger
/// than `w`'s stands beside it, nor after `t1` (no pull `t1` begins can move `w`, its
/// puller would have stood beside it); emptying `w` then takes a step of such a piece to
/// come beside it and two for the push or pull, and `R` a step more: four, too many. The
/// rest is [`steps_on_cheap_paths`]'s proof with `k - 1` replaced by three: `t1` lowers
/// the costs of its squares `F` only (`s`, and the enemy pieces beside `s` a pull begun
/// by `t1` may move), and `P`, which avoids `W`, costs more than three before `t1`
/// (`R`'s count), so it enters `F`, and its first and last squares there meet that proof's
/// sums (a rabbit four ranks away that steps ahead: its first case).
#[inline]
fn steps_lowering_a_tighter_bound(
    pos: &TurnState,
    k: u8,
    rabbits: Bitboard,
    known: Option<&PathLayers>,
) -> (Bitboard, Bitboard) {
    if k != 4 || pos.pending_push().is_some() {
        return (Bitboard::FULL, Bitboard::EMPTY);
    }
    let walls = walls(pos, 3);
    // The costs and the layers to go up to three serve both `squares_within_paths` for
    // three steps and `steps_on_cheap_paths` for four (its layers up to `4 - 1`), the
    // same walls in each; `known` has them when its walls are these (the costs read
    // the walls and the board only, and the layers up to four begin with those up to
    // three), and gives them for other walls by `PathLayers::in_three_with`.
    let side = pos.side_to_move();
    let (costs, to_go) = match known {
        Some(l) if l.walls == walls => (l.costs, l.to_go),
        // Other walls: derived for these (the layers up to three are read).
        Some(l) => {
            let l = l.in_three_with(side, walls);
            (l.costs, l.to_go)
        }
        None => {
            let costs = path_costs(pos, walls);
            (costs, to_go_layers(side, costs, 3))
        }
    };
    if (rabbits & to_go[3]).any() {
        return (Bitboard::FULL, Bitboard::EMPTY);
    }
    // No walls (most often): no spread (that of the empty set is empty).
    let beside_walls = if walls.any() {
        walls.neighbours()
    } else {
        Bitboard::EMPTY
    };
    (
        cheap_paths_from(side, 4, costs, &to_go, rabbits, pullers_of(pos)),
        beside_walls,
    )
}

/// The squares whose steps a node with slack and four steps to go tries first: within two
/// squares (Manhattan) of a rabbit of `rabbits` one or two ranks from its goal, and those
/// three or four ranks away (`rabbits`: the mover's rabbits that may end the goal,
/// [`goal_rabbits_within`]). Only an order (every step is
/// still tried when these fail): at the root with four steps to go, where a goal in four
/// exists, it is most often begun by one of these steps, and the search stops at the
/// first. The nodes with fewer steps to go try their steps in the plain order (measured:
/// the order did not pay for its spreads there).
#[inline]
fn promising_squares(pos: &TurnState, rabbits: Bitboard) -> Bitboard {
    let side = pos.side_to_move();
    let mut near = rabbits & (rank_band(side, 1) | rank_band(side, 2));
    // None one or two ranks away: no spreads (those of the empty set are empty).
    if near.any() {
        near |= near.neighbours();
        near |= near.neighbours();
    }
    near | (rabbits & (rank_band(side, 3) | rank_band(side, 4)))
}

/// [`any_step_of`] over the root's step sets (`from`, `to`, `within`, `first`) in the
/// side's order ([`root_order`]): each order a constant in its own copy of the loop (one
/// runtime order for both sides cost more than it saved).
#[inline(always)]
fn any_step_in_root_order(
    pos: &TurnState,
    (from, to, within, first): (Bitboard, Bitboard, Region, Bitboard),
    try_step: &mut impl FnMut(Step) -> bool,
) -> bool {
    match pos.side_to_move() {
        Color::Gold => {
            let (order, down) = root_order(Color::Gold);
            any_step_of(pos, from, to, within, (first, order, down), try_step)
        }
        Color::Silver => {
            let (order, down) = root_order(Color::Silver);
            any_step_of(pos, from, to, within, (first, order, down), try_step)
        }
    }
}

/// The order in which the root with four steps to go tries its steps within each part
/// of [`promising_squares`]: the directions, `side`'s forward direction first and the
/// others in the order of [`Direction::ALL`] (Gold: north, east, south, west; Silver:
/// south, north, east, west), and whether the squares of each direction are read from
/// the goal rank down (`true` for Gold: rank 8 first, each rank from the a-file; Silver's
/// goal rank is rank 1, the plain order's first). Only an order: every direction once and
/// every square of each, so [`any_step_of`] tries the same steps; at the root the pass
/// with limit four runs only after every shorter limit found no goal, so any goal it
/// finds first has the fewest steps (the answer's steps may differ, not its length or
/// whether there is one). Measured on the endgames' 229 roots with a goal in four that
/// reach this order: the steps tried before the first that begins a goal fall from 182
/// to 150 (Silver's direction order: 110 to 85, its winning first steps more often south
/// than north; Gold's squares from rank 8 down: 72 to 65).
#[inline]
fn root_order(side: Color) -> ([Direction; 4], bool) {
    match side {
        Color::Gold => (Direction::ALL, true),
        Color::Silver => (
            [
                Direction::South,
                Direction::North,
                Direction::East,
                Direction::West,
            ],
            false,
        ),
    }
}

/// The steps worth trying when the goal bound leaves no slack.
enum NoSlack {
    /// Only the forward steps of these rabbits (legal: unfrozen, the square ahead empty,
    /// no push waiting), played without generating the others.
    Forward(Bitboard),
    /// The legal steps from `from` or into `to` ([`any_step_touching`]).
    Touching { from: Bitboard, to: Bitboard },
}

/// The steps that may lower the goal bound to `k - 1` when it is `k` (no push waiting:
/// that case is handled before), for the goal of a rabbit of `rabbits` (all the mover's,
/// or in the fast search with three or four steps to go those that may end the goal,
/// [`goal_rabbits_within`]: both counts at most `k`).
///
/// A step lowers the bound by lowering one rabbit's count from `k`; a step that begins a
/// goal in `k` lowers the count of the goal's rabbit, whose counts (admissible for a goal
/// by that rabbit) are at most `k`, so it is enough to read those of `rabbits`. For a rabbit `k`
/// ranks away and not hindered, only its own forward step does; for a hindered rabbit,
/// only its own step aside, a piece arriving beside it (a friend freeing it), a friend
/// leaving the square ahead, an enemy piece moving (a push or the end of a pull: the
/// freezer or the blocker goes, or a freezer on a trap loses its last friend and is
/// captured), or a step from beside the square ahead (beginning a pull of the enemy
/// piece there, which lowers a frozen rabbit's count from two to one). An enemy step
/// lowers a slowed rabbit's count only by leaving a square beside it (a freezer, or the
/// piece ahead) or beside a trap beside it (a freezer or the piece ahead on that trap
/// loses its last friend): a square at most two from the rabbit.
#[inline]
fn steps_lowering_the_goal_bound(
    pos: &TurnState,
    bound: &GoalBound,
    k: u8,
    rabbits: Bitboard,
) -> NoSlack {
    let side = pos.side_to_move();
    let r = rabbits;
    let h = &bound.hindered;
    let band = |d: u8| {
        if d <= k {
            rank_band(side, k - d)
        } else {
            Bitboard::EMPTY
        }
    };

    let free = r & band(0) & !h.one;
    let once = r & band(1) & h.one & !h.two;
    let twice = r & band(2) & h.two;
    let slowed = once | twice;
    if slowed.is_empty() {
        return NoSlack::Forward(free);
    }

    let ahead = slowed.shift(forward(side));
    let near = slowed | slowed.neighbours();
    let enemy = pos.board().color(!side) & (near | near.neighbours());
    NoSlack::Touching {
        from: free | slowed | slowed.neighbours() | ahead.neighbours() | enemy,
        to: slowed.neighbours(),
    }
}

#[inline(always)]
fn expand<const FAST: bool>(
    pos: &TurnState,
    start: &Board,
    step: Step,
    k: u8,
    path: &mut Move,
) -> bool {
    let mut child = *pos;
    child.play_step_unchecked(step);
    // The searches go no deeper than the steps a turn has left: the move has room.
    let _ = path.push(step);
    if goal_search::<FAST>(&child, start, k - 1, path) {
        return true;
    }
    path.pop();
    false
}

#[cfg(test)]
#[path = "goal_tests.rs"]
mod tests;
