//! The goal query: the fewest steps to end the turn with a rabbit on its goal rank.

use crate::{Bitboard, Color, Direction, Move, PieceKind, Position, Step};

use super::Path;

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
    /// Repetition is not considered (as in [`Position::legal_moves`]; a [`Game`](crate::Game)
    /// refuses a third repetition when the move is played).
    ///
    /// In the middle of a turn that could end now with a rabbit on its goal rank, the
    /// answer is the empty move (0 steps): ending the turn at once. Otherwise the answer
    /// is the shortest of the moves [`Position::legal_moves`] lists whose board has such a
    /// rabbit (tests check this on real and random positions).
    ///
    /// ```
    /// use arimaa::Position;
    /// // Gold's rabbit on c6 walks c6n c7n; Silver's cat on g7 blocks nothing.
    /// let pos: Position =
    ///     "g [      c  e     R         r    E                       R       ]".parse()?;
    /// let goal = pos.goal_move().expect("a goal in two steps");
    /// assert_eq!(goal.len(), 2);
    /// assert!(pos.play(&goal)?.board().rabbit_on_goal(arimaa::Color::Gold));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn goal_move(&self) -> Option<Move> {
        if self.board().rabbit_on_goal(self.side_to_move()) && self.check_end_turn().is_ok() {
            return Some(Move::EMPTY);
        }
        let left = self.steps_left();
        if goal_lower_bound(self) > left {
            return None;
        }
        let mut path = Path::new();
        // Iterative deepening: the first limit that succeeds gives a shortest turn.
        for limit in 1..=left {
            if goal_search(self, limit, &mut path) {
                return path.to_move();
            }
        }
        None
    }
}

/// The squares of `color`'s rabbits that are `d` steps from their goal rank.
#[inline]
fn rank_band(color: Color, d: u8) -> Bitboard {
    match color {
        Color::Gold => Bitboard(Bitboard::RANK_8.0 >> (8 * u32::from(d))),
        Color::Silver => Bitboard(Bitboard::RANK_1.0 << (8 * u32::from(d))),
    }
}

/// The direction of a rabbit of `color` towards its goal.
#[inline]
fn forward(color: Color) -> Direction {
    Direction::backwards(color).opposite()
}

/// The rabbits that need at least one step besides their own forward steps: frozen ones
/// (another piece must move before they can) and ones whose square ahead is taken (they
/// step aside, or another piece leaves that square first). A frozen rabbit whose square
/// ahead is held by an enemy piece needs at least two such steps, but one is counted.
#[inline]
fn hindered(pos: &Position, rabbits: Bitboard) -> Bitboard {
    let side = pos.side_to_move();
    let board = pos.board();
    let ahead_taken = board.occupied().shift(Direction::backwards(side));
    rabbits & (board.frozen(side) | ahead_taken)
}

/// A lower bound on the steps needed to end the turn with a rabbit of the side to move
/// on its goal rank (`u8::MAX` when it has no rabbit).
///
/// Admissible: the mover's rabbits move only by their own steps (the mover cannot push or
/// pull its own pieces), one rank per forward step, so a rabbit `d` ranks away needs `d`
/// steps; a hindered rabbit (see [`hindered`]) needs one more; so does every rabbit while
/// a push waits for its second step (a step of a piece stronger than a rabbit). The two
/// are not added: the push's second step may be the one that frees a hindered rabbit. A rabbit already on
/// its goal rank stays there (no trap on it, no backward step), so it needs no step.
fn goal_lower_bound(pos: &Position) -> u8 {
    let side = pos.side_to_move();
    let rabbits = pos.board().pieces(PieceKind::Rabbit.of(side));
    if (rabbits & rank_band(side, 0)).any() {
        return 0;
    }
    let hindered = hindered(pos, rabbits);
    let push = pos.pending_push().is_some();
    for d in 1..8 {
        let band = rabbits & rank_band(side, d);
        if band.any() {
            // One step that is not a forward rabbit step: the push's second step may be
            // the one that frees or clears the way for a hindered rabbit, so the two are
            // not added. A rabbit further away needs at least d + 1 steps.
            let extra = u8::from(push || (band & !hindered).is_empty());
            return d + extra;
        }
    }
    u8::MAX
}

/// Depth-first search for a turn of at most `k` more steps ending with a goal; on success
/// `path` holds the steps from the root.
fn goal_search(pos: &Position, k: u8, path: &mut Path) -> bool {
    let side = pos.side_to_move();
    if !path.is_empty() && pos.board().rabbit_on_goal(side) && pos.check_end_turn().is_ok() {
        return true;
    }
    if k == 0 || goal_lower_bound(pos) > k {
        return false;
    }
    let rabbits = pos.board().pieces(PieceKind::Rabbit.of(side));
    let near = (0..k).fold(Bitboard::EMPTY, |b, d| b | rank_band(side, d));
    if (rabbits & near).is_empty() {
        // Every rabbit is at least `k` ranks away, so the next step must take one that is
        // exactly `k` away a rank forward: after any other step every rabbit would still
        // be `k` or more ranks away with `k - 1` steps left. Such a rabbit is unfrozen with
        // its square ahead empty (else the bound above exceeds `k`), and no push is
        // waiting, so the step is legal.
        let movers = rabbits & rank_band(side, k) & !hindered(pos, rabbits);
        for sq in movers {
            let step = Step::new(sq, forward(side));
            if expand(pos, step, k, path) {
                return true;
            }
        }
        return false;
    }
    for &step in pos.legal_steps().iter() {
        if expand(pos, step, k, path) {
            return true;
        }
    }
    false
}

#[inline]
fn expand(pos: &Position, step: Step, k: u8, path: &mut Path) -> bool {
    let mut child = pos.clone();
    child.play_step_unchecked(step);
    path.push(step);
    if goal_search(&child, k - 1, path) {
        return true;
    }
    path.pop();
    false
}
