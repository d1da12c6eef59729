//! Piece kinds and coloured pieces.

use core::fmt;

use crate::Color;

/// The six kinds of piece, ordered by strength: `Rabbit < Cat < ... < Elephant`, so
/// "stronger than" is `>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum PieceKind {
    /// Rabbit, `R`: the weakest; may not step backwards; reaching the goal rank wins.
    Rabbit = 0,
    /// Cat, `C`.
    Cat = 1,
    /// Dog, `D`.
    Dog = 2,
    /// Horse, `H`.
    Horse = 3,
    /// Camel, `M`.
    Camel = 4,
    /// Elephant, `E`: the strongest.
    Elephant = 5,
}

impl PieceKind {
    /// All kinds, weakest first.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Rabbit,
        PieceKind::Cat,
        PieceKind::Dog,
        PieceKind::Horse,
        PieceKind::Camel,
        PieceKind::Elephant,
    ];

    /// The kind in words, `rabbit` to `elephant` (its `Display` form).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Rabbit => "rabbit",
            PieceKind::Cat => "cat",
            PieceKind::Dog => "dog",
            PieceKind::Horse => "horse",
            PieceKind::Camel => "camel",
            PieceKind::Elephant => "elephant",
        }
    }

    /// The index of the kind, 0 (rabbit) to 5 (elephant).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with the given index (0 rabbit .. 5 elephant).
    #[inline]
    #[must_use]
    pub const fn from_index(i: usize) -> Option<PieceKind> {
        if i < 6 {
            Some(PieceKind::ALL[i])
        } else {
            None
        }
    }

    /// The upper-case letter of the kind: `R C D H M E`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            PieceKind::Rabbit => 'R',
            PieceKind::Cat => 'C',
            PieceKind::Dog => 'D',
            PieceKind::Horse => 'H',
            PieceKind::Camel => 'M',
            PieceKind::Elephant => 'E',
        }
    }

    /// Reads a kind letter in either case.
    #[must_use]
    pub const fn from_char(c: char) -> Option<PieceKind> {
        match c.to_ascii_uppercase() {
            'R' => Some(PieceKind::Rabbit),
            'C' => Some(PieceKind::Cat),
            'D' => Some(PieceKind::Dog),
            'H' => Some(PieceKind::Horse),
            'M' => Some(PieceKind::Camel),
            'E' => Some(PieceKind::Elephant),
            _ => None,
        }
    }

    /// The piece of this kind for `color`.
    #[inline]
    #[must_use]
    pub const fn of(self, color: Color) -> Piece {
        Piece { color, kind: self }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A piece: a kind and a colour. Written as one letter, upper case for Gold
/// (`E`, `M`, ...), lower case for Silver (`e`, `m`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side the piece belongs to.
    pub color: Color,
    /// What the piece is.
    pub kind: PieceKind,
}

impl Piece {
    /// Makes a piece.
    #[inline]
    #[must_use]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// The letter of the piece: upper case for Gold, lower case for Silver.
    #[must_use]
    pub const fn char(self) -> char {
        let c = self.kind.char();
        match self.color {
            Color::Gold => c,
            Color::Silver => c.to_ascii_lowercase(),
        }
    }

    /// Reads a piece letter: `RCDHME` Gold, `rcdhme` Silver.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::Gold
        } else {
            Color::Silver
        };
        match PieceKind::from_char(c) {
            Some(kind) => Some(Piece { color, kind }),
            None => None,
        }
    }

    /// A dense index 0..12: Gold kinds 0..6, Silver kinds 6..12.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.color.index() * 6 + self.kind.index()
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::pad_char(f, self.char())
    }
}
