//! The step action space for learning agents: 257 actions, one per step of a square in a
//! direction plus one to end the turn, and the exact mask of the actions an agent may
//! take in a turn state; and the observation planes of a position
//! ([`Position::observation`], [`CHANNELS`] planes of 8 by 8, in the absolute orientation
//! or the mover's [`View`]) and of a game ([`Game::observation`](crate::Game::observation),
//! [`GAME_CHANNELS`], with the repetition plane).
//!
//! # The layout
//! Action `4 * square + direction` is the step of the piece on `square` in `direction`;
//! action 256 ends the turn. Squares are numbered a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8,
//! ..., h8 = 63 ([`Square::index`]); directions north, east, south, west are 0, 1, 2, 3
//! (the discriminants of [`Direction`]).
//!
//! | action | step |
//! | --- | --- |
//! | 0, 1, 2, 3 | a1 north, a1 east, a1 south, a1 west |
//! | 4, 5, 6, 7 | b1 north, b1 east, b1 south, b1 west |
//! | ... | ... |
//! | `4 * s + d` | the piece on square `s` steps in direction `d` |
//! | ... | ... |
//! | 252, 253, 254, 255 | h8 north, h8 east, h8 south, h8 west |
//! | 256 | end the turn ([`Action::END_TURN`]) |
//!
//! A step of an enemy piece (the first step of a push, the second of a pull) is the
//! action of its square and direction, like any other step. The 32 actions that would
//! leave the board (a1 south, a1 west, ..., h8 east) are never legal;
//! [`Action::step`] gives `None` for them and for [`Action::END_TURN`].
//!
//! # The mask is exact
//! [`Position::action_mask`] holds exactly the steps after which the turn can still be
//! completed legally (some continuation within the steps left reaches a board other than
//! the turn's start with no push pending), plus [`Action::END_TURN`] when the turn can
//! end now. A step that can only lead to an unchanged board or to a push that cannot be
//! completed is not offered. So an agent that always picks from the mask completes a
//! legal turn every time, and the turns it can complete are exactly
//! [`Position::legal_moves`] (as boards). Repetition is not considered on a `Position`.
//!
//! ```
//! use arimaa::action::{Action, ActionMask};
//! use arimaa::{Direction, Position, Square, Step};
//! let mut pos: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]".parse()?;
//! let e2n = Action::from(Step::new(Square::E2, Direction::North));
//! assert_eq!(e2n.index(), 4 * 12);
//! let mask: ActionMask = pos.action_mask();
//! assert!(mask.contains(e2n));
//! assert!(!mask.contains(Action::END_TURN)); // no step taken yet
//! pos.play_action(e2n)?;
//! assert!(pos.action_mask().contains(Action::END_TURN));
//! pos.play_action(Action::END_TURN)?;
//! assert_eq!(pos.side_to_move(), arimaa::Color::Silver);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use crate::TurnState;
use crate::{Board, Direction, EndTurnError, Position, Square, Step, StepEffect, StepError};

/// The number of actions: 256 steps (64 squares, 4 directions) and the end of the turn.
pub const ACTIONS: usize = 257;

/// One action of the step action space: a step (`4 * square + direction`) or the end of
/// the turn (256). See the [module documentation](self) for the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Action(u16);

impl Action {
    /// Ending the turn: action 256.
    pub const END_TURN: Action = Action(256);

    /// The action numbered `index`, or `None` when `index` is 257 or more.
    #[inline]
    #[must_use]
    pub const fn new(index: u16) -> Option<Action> {
        if (index as usize) < ACTIONS {
            Some(Action(index))
        } else {
            None
        }
    }

    /// The number of the action, 0 to 256.
    #[inline]
    #[must_use]
    pub const fn index(self) -> u16 {
        self.0
    }

    /// The action of a step: `4 * square + direction`.
    #[inline]
    #[must_use]
    pub const fn of_step(step: Step) -> Action {
        Action(step.from.index() as u16 * 4 + step.dir as u16)
    }

    /// Whether this is [`Action::END_TURN`].
    #[inline]
    #[must_use]
    pub const fn is_end_turn(self) -> bool {
        self.0 == 256
    }

    /// The square and direction of a step action, also for the 32 that leave the board
    /// (`None` only for [`Action::END_TURN`]).
    #[inline]
    #[must_use]
    pub const fn square_direction(self) -> Option<(Square, Direction)> {
        if self.0 >= 256 {
            return None;
        }
        let sq = Square::ALL[(self.0 / 4) as usize];
        let dir = Direction::ALL[(self.0 % 4) as usize];
        Some((sq, dir))
    }

    /// The step of this action, or `None` for [`Action::END_TURN`] and for the 32 steps
    /// that would leave the board.
    #[inline]
    #[must_use]
    pub const fn step(self) -> Option<Step> {
        match self.square_direction() {
            Some((sq, dir)) if sq.step(dir).is_some() => Some(Step::new(sq, dir)),
            _ => None,
        }
    }

    /// The action mirrored left to right (files a to h reversed: the square's file is
    /// reversed, east and west swap). [`Action::END_TURN`] stays itself. Applying it
    /// twice gives the action back; [`MIRROR_ACTIONS`] is the same map as a table.
    #[inline]
    #[must_use]
    pub const fn mirror(self) -> Action {
        match self.square_direction() {
            None => self,
            Some((sq, dir)) => {
                let dir = match dir {
                    Direction::East => Direction::West,
                    Direction::West => Direction::East,
                    d => d,
                };
                Action::of_step(Step::new(sq.flip_files(), dir))
            }
        }
    }

    /// The action with ranks reversed (rank 1 becomes rank 8, north and south swap), the
    /// permutation between the absolute orientation and Silver's view of the board.
    /// [`Action::END_TURN`] stays itself; applying it twice gives the action back.
    #[inline]
    #[must_use]
    pub const fn flip_ranks(self) -> Action {
        match self.square_direction() {
            None => self,
            Some((sq, dir)) => {
                let dir = match dir {
                    Direction::North => Direction::South,
                    Direction::South => Direction::North,
                    d => d,
                };
                Action::of_step(Step::new(sq.flip_ranks(), dir))
            }
        }
    }

    /// The 257 actions in order, 0 to 256.
    pub fn all() -> impl Iterator<Item = Action> {
        (0..ACTIONS as u16).map(Action)
    }
}

/// [`Action::mirror`] as a table: entry `a` is the index of the mirror of action `a`.
pub const MIRROR_ACTIONS: [u16; ACTIONS] = {
    let mut table = [0u16; ACTIONS];
    let mut i = 0;
    while i < ACTIONS {
        table[i] = Action(i as u16).mirror().0;
        i += 1;
    }
    table
};

impl From<Step> for Action {
    #[inline]
    fn from(step: Step) -> Action {
        Action::of_step(step)
    }
}

impl From<Action> for u16 {
    #[inline]
    fn from(action: Action) -> u16 {
        action.0
    }
}

impl fmt::Display for Action {
    /// The step (`e2n`), or `end` for [`Action::END_TURN`]; an off-board step is written
    /// by its number (`#3`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step() {
            Some(step) => fmt::Display::fmt(&step, f),
            None if self.is_end_turn() => f.pad("end"),
            None => write!(f, "#{}", self.0),
        }
    }
}

impl Step {
    /// This step's action, `4 * square + direction` (see [`action`](crate::action)).
    #[inline]
    #[must_use]
    pub const fn action(self) -> Action {
        Action::of_step(self)
    }

    /// The step of an action, or `None` for [`Action::END_TURN`] and the 32 actions that
    /// would leave the board. The same as [`Action::step`].
    #[inline]
    #[must_use]
    pub const fn from_action(action: Action) -> Option<Step> {
        action.step()
    }
}

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
        Action::all().filter(move |&a| self.contains(a))
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

/// The number of observation planes of a [`Position`] ([`Position::observation`]).
pub const CHANNELS: usize = 18;

/// The number of observation planes of a [`Game`](crate::Game)
/// ([`Game::observation`](crate::Game::observation)): the position's planes and the
/// repetition plane.
pub const GAME_CHANNELS: usize = CHANNELS + 1;

/// The orientation of the observation planes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum View {
    /// The board as it stands: Gold's pieces in planes 0 to 5, rank 1 in row 0.
    #[default]
    Absolute,
    /// The board as the side to move sees it: for Silver the ranks are reversed (rank 8
    /// in row 0) and the colours swapped (Silver's pieces in planes 0 to 5). For Gold it
    /// is [`View::Absolute`]. An action in this view is turned into the board's with
    /// [`Action::flip_ranks`] when Silver is to move ([`View::action`]).
    Mover,
}

impl View {
    /// Whether this view reverses the ranks and swaps the colours of `pos`.
    #[must_use]
    pub fn flips(self, pos: &Position) -> bool {
        self == View::Mover && pos.side_to_move() == crate::Color::Silver
    }

    /// The action of the board for an action chosen in this view of `pos` (and back: the
    /// map is its own inverse).
    #[must_use]
    pub fn action(self, pos: &Position, action: Action) -> Action {
        if self.flips(pos) {
            action.flip_ranks()
        } else {
            action
        }
    }
}

impl Position {
    /// Writes the observation planes into `out`, `CHANNELS` planes of 64 squares, in the
    /// shape `(CHANNELS, 8, 8)`: entry `out[64 * c + 8 * row + column]`, where column 0 is
    /// the a-file and row 0 is rank 1 (rank 8 in Silver's [`View::Mover`]). Every entry is
    /// 0 or 1 but plane 13.
    ///
    /// | planes | content |
    /// | --- | --- |
    /// | 0 to 5 | Gold's rabbits, cats, dogs, horses, camel, elephant (the mover's in [`View::Mover`]) |
    /// | 6 to 11 | Silver's, in the same order (the opponent's in [`View::Mover`]) |
    /// | 12 | all 1 when Gold is to move, all 0 when Silver is |
    /// | 13 | the steps left in the turn, divided by 4, on every square |
    /// | 14 | the square a pending push must fill (the square the pushed piece left) |
    /// | 15 | the square a pull may fill (the square the mover's piece has just left) |
    /// | 16 | the enemy pieces that pull may move |
    /// | 17 | the frozen pieces of both sides |
    ///
    /// Repetition is not seen here: [`Game::observation`](crate::Game::observation) adds
    /// a plane for it.
    pub fn observation(&self, view: View, out: &mut [f32; CHANNELS * 64]) {
        out.fill(0.0);
        let flip = view.flips(self);
        let at = |sq: Square| {
            let sq = if flip { sq.flip_ranks() } else { sq };
            usize::from(sq.index())
        };
        let board = self.board();
        for (sq, piece) in board.iter() {
            let own = (piece.color == crate::Color::Gold) != flip;
            let colour = if own { 0 } else { 6 };
            let kind = crate::PieceKind::ALL
                .iter()
                .position(|&k| k == piece.kind)
                .unwrap_or(0);
            out[64 * (colour + kind) + at(sq)] = 1.0;
        }
        let side = if self.side_to_move() == crate::Color::Gold {
            1.0
        } else {
            0.0
        };
        out[64 * 12..64 * 13].fill(side);
        out[64 * 13..64 * 14].fill(f32::from(self.steps_left()) / 4.0);
        if let Some((sq, _)) = self.pending_push() {
            out[64 * 14 + at(sq)] = 1.0;
        }
        if let Some((sq, _)) = self.pull_source() {
            out[64 * 15 + at(sq)] = 1.0;
        }
        for sq in self.turn_state().pullable() {
            out[64 * 16 + at(sq)] = 1.0;
        }
        for sq in board.frozen(crate::Color::Gold) | board.frozen(crate::Color::Silver) {
            out[64 * 17 + at(sq)] = 1.0;
        }
    }
}

impl crate::Game {
    /// The observation planes of the current position ([`Position::observation`]) and
    /// plane 18: how many times the current position (board and side to move) has
    /// occurred since play began ([`Game::times_seen`](crate::Game::times_seen)), divided
    /// by 3 and at most 1, on every square.
    pub fn observation(&self, view: View, out: &mut [f32; GAME_CHANNELS * 64]) {
        let mut planes = [0.0; CHANNELS * 64];
        self.position().observation(view, &mut planes);
        out[..CHANNELS * 64].copy_from_slice(&planes);
        let seen = self.times_seen(self.position()).min(3) as f32 / 3.0;
        out[CHANNELS * 64..].fill(seen);
    }
}

/// Mirrors observation planes left to right in place (files a to h reversed): every row
/// of 8 entries is reversed, for any number of planes ([`CHANNELS`], [`GAME_CHANNELS`]).
/// The planes of [`Position::mirror_files`] are those of the position, mirrored; its
/// actions are [`Action::mirror`] of the position's. Entries past the last whole row
/// are left alone.
pub fn mirror_planes(planes: &mut [f32]) {
    for row in planes.chunks_exact_mut(8) {
        row.reverse();
    }
}
