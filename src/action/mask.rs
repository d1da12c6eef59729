//! The action mask: [`ActionMask`], the exact mask of a turn state (`Position::action_mask`,
//! `Game::action_mask`) and the check and play of one action.

use core::fmt;

use super::{Action, ACTIONS};
use crate::{Bitboard, Board, Color, Direction, PieceKind, Position, Square, Step};
use crate::{EndTurnError, StepEffect, StepError, StepKind, StepSet, TurnState};

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

    /// The set of every step of `set` (as actions; not the end of the turn), built from
    /// its bitboards: word `w` of the set holds the actions of squares `16 * w` to
    /// `16 * w + 15`, four bits a square, so each direction's squares are spread to
    /// every fourth bit and shifted by the direction.
    #[inline]
    pub(crate) fn of_steps(set: &StepSet) -> ActionMask {
        let mut steps = [0u64; 4];
        for dir in Direction::ALL {
            let from = set.from(dir).0;
            for (w, word) in steps.iter_mut().enumerate() {
                *word |= spread_nibbles(from >> (16 * w)) << dir as u32;
            }
        }
        ActionMask { steps, end: false }
    }

    /// Removes `action` from the set.
    #[inline]
    fn remove(&mut self, action: Action) {
        if action.is_end_turn() {
            self.end = false;
        } else {
            let i = action.0 as usize;
            self.steps[i / 64] &= !(1 << (i % 64));
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

    /// The set as 257 booleans, entry `a` for action `a` (what a numpy mask holds).
    #[must_use]
    pub fn to_bools(&self) -> [bool; ACTIONS] {
        let mut out = [false; ACTIONS];
        // A mask holds a few dozen actions: set them one by one.
        for (word, &bits) in self.steps.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                out[64 * word + bits.trailing_zeros() as usize] = true;
                bits &= bits - 1;
            }
        }
        out[ACTIONS - 1] = self.end;
        out
    }

    /// The set of the mirrored actions ([`Action::mirror`]): the mask of the mirrored
    /// position.
    ///
    /// On the bits: a step's action is `4 * square + direction` and a 64-bit word holds
    /// two ranks of eight squares, so reversing the files reverses the order of the
    /// 4-bit groups within each 32-bit half, and east (bit 1 of a group) and west (bit 3)
    /// swap.
    #[must_use]
    pub fn mirror(&self) -> ActionMask {
        let steps = self.steps.map(|w| {
            // Reverses all sixteen groups (and so the halves), then swaps the halves back.
            let b = w.swap_bytes();
            let groups = ((b >> 4) & 0x0f0f_0f0f_0f0f_0f0f) | ((b & 0x0f0f_0f0f_0f0f_0f0f) << 4);
            swap_bits_in_groups(groups.rotate_left(32), 1)
        });
        ActionMask {
            steps,
            end: self.end,
        }
    }

    /// The set of the actions with ranks reversed ([`Action::flip_ranks`]).
    ///
    /// On the bits: rank `r` is the 32-bit half `r % 2` of word `r / 2`, so reversing
    /// the ranks reverses the words and swaps the halves of each, and north (bit 0 of a
    /// 4-bit group) and south (bit 2) swap.
    #[must_use]
    pub fn flip_ranks(&self) -> ActionMask {
        let w = &self.steps;
        let flip = |x: u64| swap_bits_in_groups(x.rotate_left(32), 0);
        ActionMask {
            steps: [flip(w[3]), flip(w[2]), flip(w[1]), flip(w[0])],
            end: self.end,
        }
    }
}

/// Swaps bits `low` and `low + 2` of every 4-bit group of `x` (`low` is 0 or 1).
#[inline]
const fn swap_bits_in_groups(x: u64, low: u32) -> u64 {
    let lower = 0x1111_1111_1111_1111u64 << low;
    let upper = lower << 2;
    (x & !(lower | upper)) | ((x & lower) << 2) | ((x & upper) >> 2)
}

/// The low 16 bits of `x` spread to every fourth bit: bit `i` goes to bit `4 * i`.
#[inline]
const fn spread_nibbles(x: u64) -> u64 {
    let mut x = x & 0xffff;
    x = (x | x << 24) & 0x0000_00ff_0000_00ff;
    x = (x | x << 12) & 0x000f_000f_000f_000f;
    x = (x | x << 6) & 0x0303_0303_0303_0303;
    (x | x << 3) & 0x1111_1111_1111_1111
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
/// may end (board not `start`, no push pending). Depth first, stopping at the first: the
/// plain reference the fast mask falls back on.
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
/// and [`Action::END_TURN`] when the turn may end now. The plain reference: a search
/// per legal step ([`fast_mask`] is the same mask when every ending is allowed).
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

/// The squares where boards `a` and `b` differ (a different piece, or a piece on one
/// only): a square's piece is its colour bit and its kind bit.
#[inline]
fn board_diff(a: &Board, b: &Board) -> Bitboard {
    let mut diff = Bitboard::EMPTY;
    for color in Color::ALL {
        diff |= a.color(color) ^ b.color(color);
    }
    for kind in PieceKind::ALL {
        diff |= a.kind(kind) ^ b.kind(kind);
    }
    diff
}

/// The squares a step from `from` in `dir` can change: its square, the square it
/// enters, and the trap beside its square (where a piece of its colour may be left
/// alone and captured; the piece itself is captured on the square it enters). The
/// first step of a push is [`push_reach`]'s.
#[inline]
fn step_reach(from: Square, dir: Direction) -> Bitboard {
    let sq = Bitboard::from_square(from);
    sq | sq.shift(dir) | (sq.neighbours() & Bitboard::TRAPS)
}

/// The squares the first step of a push from `from` (in any direction) and any step
/// completing it can change: the pushed piece's square, the squares beside it (the one
/// it enters, and the pusher's, which the pusher leaves), and the traps beside any of
/// these (the completion enters `from`, whose trap is among them).
#[inline]
fn push_reach(from: Square) -> Bitboard {
    let sq = Bitboard::from_square(from);
    let near = sq | sq.neighbours();
    near | (near.neighbours() & Bitboard::TRAPS)
}

/// The exact mask of `state` in a turn that started on `start` (repetition not
/// considered): [`mask_where`] with every ending allowed, without a search for most
/// steps.
///
/// # Why it is exact
/// Let `diff` be the squares where the board differs from `start`.
///
/// 1. *After a legal step that leaves no push pending (a simple step, a pull, or the
///    completion of a push), the turn can end at once unless the board equals `start`.*
///    At least one step has been taken and no push waits. If some square of `diff`
///    lies outside [`step_reach`] of the step, the step leaves it as it was, so the
///    board still differs from `start` there: the step is in the mask.
/// 2. *After the first step of a push, a completion exists.* The pushed piece left a
///    square `p` beside the pusher `q` (stronger, unfrozen); it entered a square beside
///    `p` other than `q`, which is not beside `q` (two squares beside `p` never touch),
///    and a capture only removes a piece. So `q` has no new enemy neighbour and keeps
///    its friends: it is still unfrozen, `p` is empty, and a step is left (a push may
///    begin only with two). If some square of `diff` lies outside [`push_reach`] of
///    the pushed piece's square, neither step of the push changes it: after any
///    completion the board differs from `start`, no push waits, and the turn can end.
///    So the step is in the mask.
/// 3. *When `diff` is empty* (no step taken, or the steps taken undone), every legal
///    step is in the mask. After a step that leaves no push pending, the square its
///    piece left is empty (nothing enters it in the same step) but occupied in `start`,
///    which is the current board; after the first step of a push, a completion exists
///    (2) and leaves the pusher's square empty, occupied in `start` in the same way. In
///    both cases the turn can then end.
///
/// Only the steps for which neither (1), (2) nor (3) decides (every square of a
/// non-empty `diff` inside the step's reach; at most three squares for a step, seven
/// for a push) are searched, with [`can_complete`]. The end of the turn is in the
/// mask when a step was taken, no push waits and `diff` is not empty
/// ([`TurnState::check_end_turn`]). `tests/action_rules.rs` checks this mask against a
/// plain walk of every step sequence, and debug builds against [`mask_where`].
fn fast_mask(state: &TurnState, start: &Board) -> ActionMask {
    let set = state.step_set();
    let mut mask = ActionMask::of_steps(&set);
    let diff = board_diff(state.board(), start);
    if diff.any() {
        remove_dead_ends(&mut mask, &set, state, start, diff);
        if state.steps_taken() > 0 && state.pending_push().is_none() {
            mask.end = true;
        }
    }
    debug_assert_eq!(mask, mask_where(state, start, &|_| true), "{state:?}");
    mask
}

/// Removes from `mask` the steps of `set` that lead only to dead ends: it searches the
/// steps whose reach holds all of `diff` (see [`fast_mask`]).
fn remove_dead_ends(
    mask: &mut ActionMask,
    set: &StepSet,
    state: &TurnState,
    start: &Board,
    diff: Bitboard,
) {
    let dead = |step: Step| {
        let mut next = *state;
        next.play_step_unchecked(step);
        !can_complete(&next, start)
    };
    let small = diff.count() <= 3;
    for dir in Direction::ALL {
        let plain = if small {
            set.own(dir) | set.pulls(dir)
        } else {
            Bitboard::EMPTY
        };
        for from in plain {
            let step = Step::new(from, dir);
            if (diff & !step_reach(from, dir)).is_empty() && dead(step) {
                mask.remove(Action::of_step(step));
            }
        }
        for from in set.pushes(dir) {
            let step = Step::new(from, dir);
            if (diff & !push_reach(from)).is_empty() && dead(step) {
                mask.remove(Action::of_step(step));
            }
        }
    }
}

/// Whether the legal step `step` of `state` is in the mask: [`fast_mask`]'s reasoning
/// for one step.
fn step_completes(state: &TurnState, start: &Board, step: Step, kind: StepKind) -> bool {
    let diff = board_diff(state.board(), start);
    let reach = match kind {
        StepKind::Pushed => push_reach(step.from),
        _ => step_reach(step.from, step.dir),
    };
    if diff.is_empty() || (diff & !reach).any() {
        return true;
    }
    let mut next = *state;
    next.play_step_unchecked(step);
    can_complete(&next, start)
}

impl Position {
    /// The exact legal-action mask: every legal step after which the turn can still be
    /// completed legally, plus [`Action::END_TURN`] when the turn can end now (see the
    /// [`action`](crate::action) module). Following it always completes a legal turn, and
    /// the turns it can complete are exactly [`legal_moves`](Position::legal_moves).
    /// Repetition is not considered.
    #[must_use]
    pub fn action_mask(&self) -> ActionMask {
        fast_mask(self.turn_state(), self.turn_start_board())
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
        let kind = state
            .check_step(step)
            .map_err(|error| ActionError::Step { action, error })?;
        if step_completes(state, start, step, kind) {
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
        // Some position has been seen twice: the plain search, which checks every
        // ending against the counts.
        let allowed = |state: &TurnState| {
            let board = state.board();
            let key = crate::repetition::SeenKey::from_board(board, board.zobrist(), next_side);
            seen.count(&key) < 2
        };
        mask_where(turn.turn_state(), turn.turn_start_board(), &allowed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The actions `i` with `(31 i + offset) % stride == 0`: masks of every density.
    fn scattered(stride: u16, offset: u16) -> ActionMask {
        (0..ACTIONS as u16)
            .filter(|i| (i * 31 + offset) % stride == 0)
            .filter_map(Action::new)
            .collect()
    }

    #[test]
    fn mask_symmetries_and_bools_match_the_actions_one_by_one() {
        for stride in 1..12 {
            for offset in 0..stride {
                let mask = scattered(stride, offset);
                let mirrored: ActionMask = mask.iter().map(Action::mirror).collect();
                let flipped: ActionMask = mask.iter().map(Action::flip_ranks).collect();
                assert_eq!(mask.mirror(), mirrored, "stride {stride} offset {offset}");
                assert_eq!(
                    mask.flip_ranks(),
                    flipped,
                    "stride {stride} offset {offset}"
                );
                let bools = mask.to_bools();
                for i in 0..ACTIONS as u16 {
                    let a = Action::new(i).unwrap();
                    assert_eq!(bools[usize::from(i)], mask.contains(a), "action {i}");
                }
            }
        }
    }

    #[test]
    fn spread_nibbles_puts_bit_i_at_bit_4i() {
        for i in 0..16 {
            assert_eq!(spread_nibbles(1 << i), 1 << (4 * i));
        }
        assert_eq!(spread_nibbles(0xffff), 0x1111_1111_1111_1111);
        assert_eq!(spread_nibbles(!0xffff), 0);
    }

    #[test]
    fn a_mask_of_steps_holds_exactly_the_legal_steps() {
        let pos: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"
            .parse()
            .unwrap();
        let set = pos.turn_state().step_set();
        let mask = ActionMask::of_steps(&set);
        let listed: ActionMask = pos
            .legal_steps()
            .iter()
            .map(|&s| Action::of_step(s))
            .collect();
        assert_eq!(mask, listed);
        assert_eq!(mask.len(), 8);
    }
}
