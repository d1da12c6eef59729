//! [`StepList`]: the legal steps of a position, on the stack.

use core::fmt;
use core::ops::Deref;

use crate::{Bitboard, Direction, Square, Step};

/// The capacity of a [`StepList`]. Every step crosses one edge of the 8x8 grid from an
/// occupied square to an empty one, and the grid has 2 * 8 * 7 = 112 edges, so no
/// position has more than 112 legal steps.
pub const MAX_LEGAL_STEPS: usize = 112;

/// The legal steps of a position, held on the stack (no allocation).
#[derive(Clone)]
pub struct StepList {
    steps: [Step; MAX_LEGAL_STEPS],
    len: usize,
}

impl StepList {
    pub(crate) const fn new() -> StepList {
        StepList {
            steps: [Step::new(Square::A1, Direction::North); MAX_LEGAL_STEPS],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, step: Step) {
        // The bound is proven above; a longer list would be a bug in generation.
        debug_assert!(self.len < MAX_LEGAL_STEPS);
        if self.len < MAX_LEGAL_STEPS {
            self.steps[self.len] = step;
            self.len += 1;
        }
    }

    #[inline]
    pub(crate) fn push_all(&mut self, from: Bitboard, dir: Direction) {
        for sq in from {
            self.push(Step::new(sq, dir));
        }
    }

    /// Appends the step from `from` into the square `to` beside it.
    #[inline]
    pub(crate) fn push_between(&mut self, from: Square, to: Square) {
        if let Some(step) = Step::between(from, to) {
            self.push(step);
        }
    }
}

impl Deref for StepList {
    type Target = [Step];
    #[inline]
    fn deref(&self) -> &[Step] {
        &self.steps[..self.len]
    }
}

impl fmt::Debug for StepList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a StepList {
    type Item = &'a Step;
    type IntoIter = core::slice::Iter<'a, Step>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
