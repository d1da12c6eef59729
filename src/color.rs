//! The two sides.

use core::fmt;
use core::ops::{Index, IndexMut, Not};

/// One of the two sides. Gold moves first and sets up on ranks 1-2; Silver sets up on
/// ranks 7-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Color {
    /// The side that moves first, upper-case letters, goal rank 8.
    Gold = 0,
    /// The side that moves second, lower-case letters, goal rank 1.
    Silver = 1,
}

impl Color {
    /// Both colours, Gold first.
    pub const ALL: [Color; 2] = [Color::Gold, Color::Silver];

    /// The colour in words, `gold` or `silver` (its `Display` form).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Gold => "gold",
            Color::Silver => "silver",
        }
    }

    /// The index of the colour: Gold 0, Silver 1.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Gold => Color::Silver,
            Color::Silver => Color::Gold,
        }
    }

    /// The letter of the side in official notation: `g` or `s`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::Gold => 'g',
            Color::Silver => 's',
        }
    }

    /// Reads a side letter: `g`/`w` for Gold, `s`/`b` for Silver (case-insensitive).
    #[must_use]
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'g' | 'G' | 'w' | 'W' => Some(Color::Gold),
            's' | 'S' | 'b' | 'B' => Some(Color::Silver),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opponent()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A pair of values, one for each colour, indexed by [`Color`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ByColor<T> {
    /// Gold's value.
    pub gold: T,
    /// Silver's value.
    pub silver: T,
}

impl<T> ByColor<T> {
    /// Builds the pair by calling `f` for Gold, then Silver.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            gold: f(Color::Gold),
            silver: f(Color::Silver),
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, c: Color) -> &T {
        match c {
            Color::Gold => &self.gold,
            Color::Silver => &self.silver,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::Gold => &mut self.gold,
            Color::Silver => &mut self.silver,
        }
    }
}
