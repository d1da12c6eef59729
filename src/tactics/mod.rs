//! Tactics: exact answers to the two questions a search asks most often about the turn
//! in progress.
//!
//! - [`Position::goal_move`]: the fewest steps, and a shortest move, that end the turn with
//!   a rabbit of the side to move on its goal rank.
//! - [`Position::capture_moves`]: for every enemy piece, the fewest steps, and a move,
//!   that capture it this turn ([`Captures`]).
//!
//! Both count steps from the current state of the turn (steps already taken, a push to
//! complete, a pull available) within the steps it has left (its step cap, 1 to 4), both
//! give moves that [`Position::play`] accepts, and neither looks at a game's history.
//! Each is a small depth-first search over the legal steps with iterative deepening, cut
//! by lower bounds that never exceed the true number of steps (each bound's proof is on
//! its function); the tests compare both with the full-turn enumeration ([`Position::legal_moves`]).
//!
//! The defensive use (after a candidate move, the opponent's goal query) is shown on
//! [`Position::goal_move`].
//!
//! In a [`Game`](crate::Game), [`Game::goal_move`](crate::Game::goal_move) and
//! [`Game::capture_moves`](crate::Game::capture_moves) answer for the movement turn that
//! is due, under its step limit (a Dicey Moves roll included), with moves that
//! [`Game::play`](crate::Game::play) accepts; repetition never refuses a goal or a
//! capture (each method says why).

//!
//! [`Position::goal_move`]: crate::Position::goal_move
//! [`Position::capture_moves`]: crate::Position::capture_moves
//! [`Position::play`]: crate::Position::play
//! [`Position::legal_moves`]: crate::Position::legal_moves

mod captures;
mod goal;
mod in_game;
#[cfg(test)]
mod test_data;

pub use captures::{Captures, CapturesIter};

use crate::{Bitboard, Direction, Step, TurnState};

/// Calls `f` with every legal step from a square of `from` or into a square of `to`
/// (each once), until it returns `true`; returns whether it did. Faster than filtering
/// [`TurnState::legal_steps`] when the sets are small: the core's
/// [`StepSet::touching`](crate::StepSet::touching).
fn any_step_touching(
    state: &TurnState,
    from: Bitboard,
    to: Bitboard,
    mut f: impl FnMut(Step) -> bool,
) -> bool {
    let set = state.step_set().touching(from, to);
    Direction::ALL
        .into_iter()
        .any(|dir| set.from(dir).iter().any(|sq| f(Step::new(sq, dir))))
}
