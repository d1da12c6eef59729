//! A set of squares as a 64-bit mask.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::{Direction, Rank, Square};

/// A set of squares: bit `i` stands for the square with index `i` (a1 = bit 0, h1 = bit 7,
/// a2 = bit 8, ..., h8 = bit 63).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

const NOT_FILE_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_FILE_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The traps c3, f3, c6, f6.
    pub const TRAPS: Bitboard = Bitboard((1 << 18) | (1 << 21) | (1 << 42) | (1 << 45));
    /// Rank 1 (Gold's home rank, Silver's goal).
    pub const RANK_1: Bitboard = Bitboard(0xff);
    /// Rank 2.
    pub const RANK_2: Bitboard = Bitboard(0xff << 8);
    /// Rank 7.
    pub const RANK_7: Bitboard = Bitboard(0xff << 48);
    /// Rank 8 (Silver's home rank, Gold's goal).
    pub const RANK_8: Bitboard = Bitboard(0xff << 56);

    /// The eight squares of `rank`.
    ///
    /// ```
    /// use arimaa::{Bitboard, Color, Rank};
    /// assert_eq!(Bitboard::rank(Rank::goal(Color::Gold)), Bitboard::RANK_8);
    /// ```
    #[inline]
    #[must_use]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank.index()))
    }

    /// The squares within `r` steps of `sq` on an empty board ([`Square::distance`] at
    /// most `r`).
    ///
    /// ```
    /// use arimaa::{Bitboard, Square};
    /// assert_eq!(Bitboard::within(Square::A1, 1).count(), 3);
    /// assert_eq!(Bitboard::within(Square::D4, 14), Bitboard::FULL);
    /// ```
    #[inline]
    #[must_use]
    pub fn within(sq: Square, r: u8) -> Bitboard {
        WITHIN[sq as usize][usize::from(r.min(14))]
    }

    /// The set holding one square.
    #[inline]
    #[must_use]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u8)
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds at least one square.
    #[inline]
    #[must_use]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether `sq` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq as u8) != 0
    }

    /// The set with `sq` added.
    #[inline]
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1 << sq as u8))
    }

    /// The set with `sq` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u8))
    }

    /// The union of two sets.
    #[inline]
    #[must_use]
    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }

    /// The intersection of two sets.
    #[inline]
    #[must_use]
    pub const fn intersect(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }

    /// The squares of `self` not in `other`.
    #[inline]
    #[must_use]
    pub const fn difference(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }

    /// The number of squares in the set.
    #[inline]
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square of the set (a1 first), if any.
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_wrapping(self.0.trailing_zeros() as u8))
        }
    }

    /// Every square moved one step in `dir`; squares that would leave the board drop out.
    #[inline]
    #[must_use]
    pub const fn shift(self, dir: Direction) -> Bitboard {
        match dir {
            Direction::North => Bitboard(self.0 << 8),
            Direction::South => Bitboard(self.0 >> 8),
            Direction::East => Bitboard((self.0 & NOT_FILE_H) << 1),
            Direction::West => Bitboard((self.0 & NOT_FILE_A) >> 1),
        }
    }

    /// The squares orthogonally adjacent to at least one square of the set.
    #[inline]
    #[must_use]
    pub const fn neighbours(self) -> Bitboard {
        let b = self.0;
        Bitboard((b << 8) | (b >> 8) | ((b & NOT_FILE_H) << 1) | ((b & NOT_FILE_A) >> 1))
    }

    /// The squares with a lower index than `sq` (a1, b1, ... up to the square before
    /// it): empty for a1.
    #[inline]
    pub(crate) const fn below(sq: Square) -> Bitboard {
        Bitboard((1u64 << sq as u32) - 1)
    }

    /// The squares orthogonally adjacent to `sq`.
    #[inline]
    #[must_use]
    pub const fn adjacent(sq: Square) -> Bitboard {
        ADJACENT[sq as usize]
    }

    /// The set seen from the other side: rank 1 becomes rank 8.
    #[inline]
    #[must_use]
    pub const fn flip_ranks(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// Iterates over the squares, a1 first.
    #[inline]
    #[must_use]
    pub const fn iter(self) -> Squares {
        Squares(self.0)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest index first.
#[derive(Debug, Clone)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square::from_index_wrapping(i))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// An 8x8 grid, rank 8 at the top, `X` for a square in the set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let bit = 1u64 << (rank * 8 + file);
                f.write_str(if self.0 & bit != 0 { "X" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The squares orthogonally adjacent to each square ([`Bitboard::neighbours`] of the
/// square): one load where the hot paths ask for a square's neighbours.
const ADJACENT: [Bitboard; 64] = {
    let mut t = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = Bitboard(1u64 << i).neighbours();
        i += 1;
    }
    t
};

/// The squares within distance `r` (up to 14, the board's diameter) of each square.
static WITHIN: [[Bitboard; 15]; 64] = {
    let mut t = [[Bitboard::EMPTY; 15]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (Some(sa), Some(sb)) = (Square::new(a), Square::new(b)) else {
                break;
            };
            let mut r = sa.distance(sb) as usize;
            while r < 15 {
                t[a as usize][r] = Bitboard(t[a as usize][r].0 | 1u64 << b);
                r += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_respect_edges() {
        let h4 = Bitboard::from_square(Square::H4);
        assert!(h4.shift(Direction::East).is_empty());
        assert_eq!(h4.shift(Direction::West), Bitboard::from_square(Square::G4));
        let a8 = Bitboard::from_square(Square::A8);
        assert!(a8.shift(Direction::North).is_empty());
        assert!(a8.shift(Direction::West).is_empty());
        assert_eq!(Bitboard::adjacent(Square::A1).count(), 2);
        assert_eq!(Bitboard::adjacent(Square::D4).count(), 4);
    }

    #[test]
    fn adjacency_and_directions_are_the_steps() {
        for a in Square::ALL {
            let steps: Bitboard = Direction::ALL.iter().filter_map(|&d| a.step(d)).collect();
            assert_eq!(Bitboard::adjacent(a), steps, "{a}");
            assert_eq!(Bitboard::adjacent(a), Bitboard::from_square(a).neighbours());
            for b in Square::ALL {
                let by_steps = Direction::ALL.into_iter().find(|&d| a.step(d) == Some(b));
                assert_eq!(a.direction_to(b), by_steps, "{a} to {b}");
            }
        }
    }

    #[test]
    fn traps_are_the_four_squares() {
        assert_eq!(Bitboard::TRAPS, Square::TRAPS.into_iter().collect());
        for sq in Square::ALL {
            assert!((Bitboard::adjacent(sq) & Bitboard::TRAPS).count() <= 1);
        }
    }
}
