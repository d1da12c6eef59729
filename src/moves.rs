//! A full turn as a sequence of steps.

use core::fmt;

use crate::{Direction, Square, Step};

/// The most steps a turn can have.
pub const MAX_STEPS: usize = 4;

/// A turn: one to four steps, played in order. Moves produced by the move generator
/// hold a shortest step sequence giving their resulting board. Two moves are equal when
/// their step sequences are.
#[derive(Clone, Copy)]
pub struct Move {
    steps: [Step; MAX_STEPS],
    len: u8,
}

impl Move {
    /// The move with no steps (not playable; a start for building one).
    pub const EMPTY: Move = Move {
        steps: [Step::new(Square::A1, Direction::North); MAX_STEPS],
        len: 0,
    };

    /// A move from a slice of steps; `None` when it holds more than four.
    #[must_use]
    pub fn from_steps(steps: &[Step]) -> Option<Move> {
        if steps.len() > MAX_STEPS {
            return None;
        }
        let mut m = Move::EMPTY;
        m.steps[..steps.len()].copy_from_slice(steps);
        m.len = steps.len() as u8;
        Some(m)
    }

    /// The steps, in order.
    #[inline]
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// The number of steps.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the move has no steps.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The move of a step path of the move generator, which is a slice of a
    /// `[Step; MAX_STEPS]` and so never longer: a longer slice is a bug of the caller and
    /// panics (it is never cut to a wrong move).
    #[inline]
    pub(crate) fn from_path(path: &[Step]) -> Move {
        let mut m = Move::EMPTY;
        m.steps[..path.len()].copy_from_slice(path);
        m.len = path.len() as u8;
        m
    }

    /// Appends a step; the caller guarantees there is room.
    #[inline]
    pub(crate) fn push(&mut self, step: Step) {
        self.steps[self.len as usize] = step;
        self.len += 1;
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.steps() == other.steps()
    }
}

impl Eq for Move {}

impl core::hash::Hash for Move {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.steps().hash(state);
    }
}

impl fmt::Debug for Move {
    /// The steps as squares and directions, e.g. `Move(e2n e3n)`. `Move` has no
    /// `Display`: a move is written in a notation, which needs the position (piece
    /// letters, captures), e.g. [`official::write_move`](crate::notation::official::write_move).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Move(")?;
        for (i, s) in self.steps().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{s}")?;
        }
        f.write_str(")")
    }
}
