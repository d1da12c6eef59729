//! Single steps and what playing one does.

use core::fmt;

use crate::{Direction, Piece, Square};

/// One step: the piece on `from` moves one square in `dir`. Whose piece it is and whether
/// the step is a simple step, half of a push or the second half of a pull follows from
/// the position it is played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    /// The square the piece leaves.
    pub from: Square,
    /// The direction it moves in.
    pub dir: Direction,
}

impl Step {
    /// The step from `from` in `dir`.
    #[inline]
    #[must_use]
    pub const fn new(from: Square, dir: Direction) -> Step {
        Step { from, dir }
    }

    /// The step from `from` to the adjacent square `to`, if they are adjacent.
    #[inline]
    #[must_use]
    pub const fn between(from: Square, to: Square) -> Option<Step> {
        match from.direction_to(to) {
            Some(dir) => Some(Step { from, dir }),
            None => None,
        }
    }

    /// The square the piece arrives on, or `None` when the step would leave the board.
    #[inline]
    #[must_use]
    pub const fn to(self) -> Option<Square> {
        self.from.step(self.dir)
    }

    /// [`to`](Step::to) for a step known to stay on the board (a legal step): the index
    /// of `from` plus the direction's offset, with no edge test. For a step that leaves
    /// the board it is a wrong square (the index wraps), never a panic.
    #[inline(always)]
    pub(crate) const fn to_on_board(self) -> Square {
        // North +8, east +1, south -8, west -1 (in `Direction` order), modulo 256.
        const OFFSET: [u8; 4] = [8, 1, 248, 255];
        Square::from_index_wrapping((self.from as u8).wrapping_add(OFFSET[self.dir as usize]))
    }

    /// [`between`](Step::between) for a square `to` known to be beside `from`, without
    /// the test: the direction by [`Square::direction_onto`]. For a `to` not beside
    /// `from` it is a wrong step, never a panic; each caller shows that `to` is beside.
    #[inline(always)]
    pub(crate) const fn onto(from: Square, to: Square) -> Step {
        Step {
            from,
            dir: from.direction_onto(to),
        }
    }
}

impl fmt::Display for Step {
    /// The square and direction, e.g. `e2n` (official notation puts the piece letter in
    /// front; see [`notation`](crate::notation)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [file, rank] = self.from.name_bytes();
        crate::pad::pad_ascii(f, &[file, rank, self.dir.char() as u8])
    }
}

/// The role a step plays in the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// The mover's own piece steps on its own.
    Simple,
    /// An enemy piece is pushed: the first step of a push. The next step must be a
    /// stronger piece of the mover moving into the square it left.
    Pushed,
    /// The mover's piece moves into the square a pushed piece left, completing the push.
    PushFinish,
    /// An enemy piece is pulled into the square the mover's piece just left, completing
    /// a pull.
    Pulled,
}

/// A piece removed from a trap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Capture {
    /// The piece that was removed.
    pub piece: Piece,
    /// The trap it stood on.
    pub square: Square,
}

/// What playing a step did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StepEffect {
    /// The piece that moved.
    pub piece: Piece,
    /// Where it came from.
    pub from: Square,
    /// Where it went.
    pub to: Square,
    /// The role of the step.
    pub kind: StepKind,
    /// The piece a trap took after the step, if any (a step captures at most one piece).
    pub capture: Option<Capture>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Direction;

    /// `to_on_board` is `to` for every step that stays on the board.
    #[test]
    fn to_on_board_is_to_on_the_board() {
        let mut on_board = 0;
        for from in Square::ALL {
            for dir in Direction::ALL {
                let step = Step::new(from, dir);
                if let Some(to) = step.to() {
                    assert_eq!(step.to_on_board(), to, "{step}");
                    on_board += 1;
                }
            }
        }
        // 4 * 64 steps less the 4 * 8 that leave the board.
        assert_eq!(on_board, 224);
    }

    /// `onto` is `between` for every pair of squares beside each other, and `between`
    /// steps onto the square it was asked for (or is `None` when no step does).
    #[test]
    fn onto_is_between_for_squares_beside() {
        let mut beside = 0;
        for from in Square::ALL {
            for to in Square::ALL {
                let step = Step::between(from, to);
                assert_eq!(step.and_then(Step::to), step.map(|_| to), "{from} to {to}");
                if let Some(step) = step {
                    assert_eq!(Step::onto(from, to), step, "{from} to {to}");
                    beside += 1;
                }
            }
        }
        assert_eq!(beside, 224);
    }
}
