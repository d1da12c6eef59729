//! The step action space for learning agents: 257 actions, one per step of a square in a
//! direction plus one to end the turn, and the exact mask of the actions an agent may
//! take in a turn state; the observation planes of a position
//! ([`Position::observation`], [`CHANNELS`] planes of 8 by 8, in the absolute orientation
//! or the mover's [`View`]) and of a game ([`Game::observation`](crate::Game::observation),
//! [`GAME_CHANNELS`], with the repetition plane); and episodes of self-play stepped an
//! action at a time ([`Episode`], from a [`Start`], each action giving a [`Transition`]).
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

#[cfg(doc)]
use crate::Position;
use crate::{Direction, Square, Step};

mod episode;
mod mask;
mod planes;

pub use episode::{Episode, EpisodeError, Start, Transition};
pub use mask::{ActionError, ActionMask};
pub use planes::{mirror_planes, View, CHANNELS, GAME_CHANNELS};

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
