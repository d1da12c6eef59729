//! The action mask: [`ActionMask`], the exact mask of a turn state (`Position::action_mask`,
//! `Game::action_mask`) and the check and play of one action.

use core::fmt;

use super::{Action, ACTIONS};
use crate::TurnState;
use crate::{Board, EndTurnError, Position, Step, StepEffect, StepError};

/// A set of actions, such as the legal-action mask of [`Position::action_mask`]: 257
/// bits, no allocation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ActionMask {
    steps: [u64; 4],
    end: bool,
}

impl ActionMask {
    /// The empty set.
    pub const EMPTY: ActionMask = ActionMask {
        steps: [0; 4],
        end: false,
    };

    /// Whether `action` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(&self, action: Action) -> bool {
        if action.is_end_turn() {
            self.end
        } else {
            let i = action.0 as usize;
            self.steps[i / 64] >> (i % 64) & 1 != 0
        }
    }

    /// Adds `action` to the set.
    #[inline]
    pub fn insert(&mut self, action: Action) {
        if action.is_end_turn() {
            self.end = true;
        } else {
            let i = action.0 as usize;
            self.steps[i / 64] |= 1 << (i % 64);
        }
    }

    /// The number of actions in the set.
    #[inline]
    #[must_use]
    pub const fn len(&self) -> usize {
        let mut n = self.end as usize;
        let mut i = 0;
        while i < 4 {
            n += self.steps[i].count_ones() as usize;
            i += 1;
        }
        n
    }

    /// Whether the set is empty (a position whose side to move has no legal step: it
    /// has lost by immobility when no step was taken).
    #[inline]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The actions of the set, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        let steps = self.steps.iter().enumerate().flat_map(|(word, &bits)| {
            let mut bits = bits;
            core::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                Some(Action(64 * word as u16 + bit as u16))
            })
        });
        steps.chain(self.end.then_some(Action::END_TURN))
    }

    /// The `n`-th action of the set in increasing order (from 0), without walking the
    /// ones before it: `mask.nth(k)` for a `k` drawn uniformly below
    /// [`len`](ActionMask::len) is a uniformly random action of the mask.
    ///
    /// ```
    /// use arimaa::action::{Action, ActionMask};
    /// let mask: ActionMask = [3, 200, 256].into_iter().filter_map(Action::new).collect();
    /// assert_eq!(mask.nth(1), Action::new(200));
    /// assert_eq!(mask.nth(2), Some(Action::END_TURN));
    /// assert_eq!(mask.nth(3), None);
    /// ```
    #[must_use]
    pub fn nth(&self, n: usize) -> Option<Action> {
        let mut n = n;
        for (word, &bits) in self.steps.iter().enumerate() {
            let ones = bits.count_ones() as usize;
            if n < ones {
                let mut bits = bits;
                for _ in 0..n {
                    bits &= bits - 1;
                }
                return Some(Action(64 * word as u16 + bits.trailing_zeros() as u16));
            }
            n -= ones;
        }
        (n == 0 && self.end).then_some(Action::END_TURN)
    }

    /// The set as 257 booleans, entry `a` for action `a`.
    #[must_use]
    pub fn to_bools(&self) -> [bool; ACTIONS] {
        let mut out = [false; ACTIONS];
        for a in self.iter() {
            out[usize::from(a.0)] = true;
        }
        out
    }

    /// The set of the mirrored actions ([`Action::mirror`]): the mask of the mirrored
    /// position.
    #[must_use]
    pub fn mirror(&self) -> ActionMask {
        self.iter().map(Action::mirror).collect()
    }

    /// The set of the actions with ranks reversed ([`Action::flip_ranks`]).
    #[must_use]
    pub fn flip_ranks(&self) -> ActionMask {
        self.iter().map(Action::flip_ranks).collect()
    }
}

impl fmt::Debug for ActionMask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|a| a.to_string()))
            .finish()
    }
}

impl FromIterator<Action> for ActionMask {
    fn from_iter<I: IntoIterator<Item = Action>>(iter: I) -> ActionMask {
        let mut out = ActionMask::EMPTY;
        for a in iter {
            out.insert(a);
        }
        out
    }
}

/// Why [`Position::play_action`] refused an action. The position is left unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The step is illegal here (off the board included).
    #[error("action {action}: {error}")]
    Step {
        /// The action.
        action: Action,
        /// The rule the step breaks.
        error: StepError,
    },
    /// The step is legal, but after it the turn can no longer be completed legally
    /// (every continuation ends on the turn's starting board or in the middle of a push).
    #[error("action {0}: after this step the turn cannot be completed legally")]
    DeadEnd(Action),
    /// The turn cannot end now.
    #[error("the turn cannot end: {0}")]
    EndTurn(EndTurnError),
    /// In a game ([`Episode::step`](super::Episode::step)): the action is legal on the
    /// position, but every turn it leads to (for [`Action::END_TURN`], the turn ended
    /// now) would produce a position for the third time.
    #[error("action {0}: every turn it leads to repeats a position a third time")]
    Repetition(Action),
    /// The [`Episode`](super::Episode) is over (ended by the rules or truncated); it
    /// takes no action until it is reset.
    #[error("the episode is over: reset it to play on")]
    EpisodeOver,
}

/// Whether some continuation of `state` within its steps left reaches a state whose turn
/// may end (board not `start`, no push pending). Depth first, stopping at the first.
fn can_complete(state: &TurnState, start: &Board) -> bool {
    can_complete_where(state, start, &|_| true)
}

/// [`can_complete`] where a turn may also end only where `allowed` says so.
fn can_complete_where(
    state: &TurnState,
    start: &Board,
    allowed: &dyn Fn(&TurnState) -> bool,
) -> bool {
    if state.check_end_turn(start).is_ok() && allowed(state) {
        return true;
    }
    if state.steps_left() == 0 {
        return false;
    }
    state.legal_steps().iter().any(|&step| {
        let mut next = *state;
        next.play_step_unchecked(step);
        can_complete_where(&next, start, allowed)
    })
}

/// The mask of `state` in a turn that started on `start`, where a turn may end only
/// where `allowed` says so: the legal steps after which [`can_complete_where`] holds,
/// and [`Action::END_TURN`] when the turn may end now.
fn mask_where(
    state: &TurnState,
    start: &Board,
    allowed: &dyn Fn(&TurnState) -> bool,
) -> ActionMask {
    let mut mask = ActionMask::EMPTY;
    for &step in &state.legal_steps() {
        let mut next = *state;
        next.play_step_unchecked(step);
        if can_complete_where(&next, start, allowed) {
            mask.insert(Action::of_step(step));
        }
    }
    if state.check_end_turn(start).is_ok() && allowed(state) {
        mask.insert(Action::END_TURN);
    }
    mask
}

impl Position {
    /// The exact legal-action mask: every legal step after which the turn can still be
    /// completed legally, plus [`Action::END_TURN`] when the turn can end now (see the
    /// [`action`](crate::action) module). Following it always completes a legal turn, and
    /// the turns it can complete are exactly [`legal_moves`](Position::legal_moves).
    /// Repetition is not considered.
    #[must_use]
    pub fn action_mask(&self) -> ActionMask {
        mask_where(self.turn_state(), self.turn_start_board(), &|_| true)
    }

    /// Whether `action` is in [`action_mask`](Position::action_mask), and if not, why
    /// (cheaper than the whole mask).
    ///
    /// # Errors
    /// The [`ActionError`] saying why the action is not offered.
    pub fn check_action(&self, action: Action) -> Result<(), ActionError> {
        let state = self.turn_state();
        let start = self.turn_start_board();
        let Some((from, dir)) = action.square_direction() else {
            return state.check_end_turn(start).map_err(ActionError::EndTurn);
        };
        let step = Step::new(from, dir);
        state
            .check_step(step)
            .map_err(|error| ActionError::Step { action, error })?;
        let mut next = *state;
        next.play_step_unchecked(step);
        if can_complete(&next, start) {
            Ok(())
        } else {
            Err(ActionError::DeadEnd(action))
        }
    }

    /// Plays an action of the [`action_mask`](Position::action_mask): a step (returning
    /// what it did) or the end of the turn (returning `None`).
    ///
    /// # Errors
    /// An action not in the mask is refused with the [`ActionError`] saying why; the
    /// position is unchanged.
    pub fn play_action(&mut self, action: Action) -> Result<Option<StepEffect>, ActionError> {
        self.check_action(action)?;
        match action.step() {
            Some(step) => Ok(Some(self.play_step_unchecked(step))),
            None => {
                self.end_turn_unchecked();
                Ok(None)
            }
        }
    }
}

impl crate::Game {
    /// The exact action mask of a turn in progress in this game: `turn` is the game's
    /// [`position`](crate::Game::position) with the steps of the turn taken so far
    /// played on it (`game.position()` itself at the turn's start). It is
    /// [`Position::action_mask`] without the steps whose every completion would produce
    /// a position for the third time, and without [`Action::END_TURN`] when ending now
    /// would: following it completes exactly the turns of
    /// [`legal_moves`](crate::Game::legal_moves). The repetition counts are the game's;
    /// for any other `turn` the mask is that of `turn` under those counts. The game's
    /// phase is not looked at (a game over or awaiting a setup or a roll still answers).
    #[must_use]
    pub fn action_mask(&self, turn: &Position) -> ActionMask {
        let seen = self.repetitions();
        let next_side = !turn.side_to_move();
        if !seen.any_twice(next_side) {
            return turn.action_mask();
        }
        let allowed = |state: &TurnState| {
            let board = state.board();
            let key = crate::repetition::SeenKey::from_board(board, board.zobrist(), next_side);
            seen.count(&key) < 2
        };
        mask_where(turn.turn_state(), turn.turn_start_board(), &allowed)
    }
}
