//! A full turn as a sequence of steps.

use core::fmt;

use crate::{Direction, Square, Step};

/// The most steps a turn can have.
pub const MAX_STEPS: usize = 4;

/// A turn: one to four steps, played in order. Moves produced by the move generator
/// hold a shortest step sequence giving their resulting board.
///
/// # Equality is of steps, not of results
/// Two moves are equal (`==`, and `Hash` agrees) when their step sequences are equal, in
/// order. Different sequences often give the same board (`e2n d2n` and `d2n e2n`), and
/// a move read from a record is seldom the sequence [`Position::legal_moves`] lists for
/// its board. To compare moves by what they do, or to match a move against the
/// generator's list (policy targets, opening books, de-duplication), use the position
/// they are played from:
/// - [`Position::same_result`]: whether two moves give the same position;
/// - [`Position::canonical_move`]: the move `legal_moves` lists for the board a move
///   gives, which compares with `==` against that list.
///
/// ```
/// use arimaa::{Direction, Move, Position, Square, Step};
/// let pos: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]".parse()?;
/// let d = Step::new(Square::D2, Direction::North);
/// let e = Step::new(Square::E2, Direction::North);
/// let de = Move::from_steps(&[d, e]).unwrap();
/// let ed = Move::from_steps(&[e, d]).unwrap();
/// assert_ne!(de, ed); // other steps in another order...
/// assert!(pos.same_result(&de, &ed)); // ...but the same board
/// let canonical = pos.canonical_move(&ed)?;
/// assert_eq!(canonical, pos.canonical_move(&de)?);
/// assert!(pos.legal_moves().contains(&canonical));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`Position::legal_moves`]: crate::Position::legal_moves
/// [`Position::same_result`]: crate::Position::same_result
/// [`Position::canonical_move`]: crate::Position::canonical_move
#[derive(Clone, Copy)]
pub struct Move {
    steps: [Step; MAX_STEPS],
    len: u8,
}

impl Move {
    /// The move with no steps (not playable; a start for building one with
    /// [`push`](Move::push)).
    ///
    /// ```
    /// use arimaa::{Direction, Move, Square, Step};
    /// let mut mv = Move::EMPTY;
    /// mv.push(Step::new(Square::E2, Direction::North))?;
    /// mv.push(Step::new(Square::E3, Direction::North))?;
    /// assert_eq!(format!("{mv:?}"), "Move(e2n e3n)");
    /// # Ok::<(), arimaa::MoveFullError>(())
    /// ```
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

    /// Appends a step. Whether the move is legal is checked where it is played
    /// ([`Position::play`](crate::Position::play)).
    ///
    /// # Errors
    /// [`MoveFullError`] when the move already has [`MAX_STEPS`] steps; the move is left
    /// as it was.
    #[inline]
    pub fn push(&mut self, step: Step) -> Result<(), MoveFullError> {
        let slot = self.steps.get_mut(self.len as usize).ok_or(MoveFullError)?;
        *slot = step;
        self.len += 1;
        Ok(())
    }

    /// Removes the last step and returns it; `None` for the empty move.
    #[inline]
    pub fn pop(&mut self) -> Option<Step> {
        self.len = self.len.checked_sub(1)?;
        Some(self.steps[self.len as usize])
    }
}

/// A step was pushed onto a move that already has [`MAX_STEPS`] steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a move has at most {MAX_STEPS} steps")]
pub struct MoveFullError;

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
