//! Squares, files, ranks and directions.

use core::fmt;
use core::str::FromStr;

use crate::{Bitboard, Color};

/// A file (column), `a` to `h`, from Gold's left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row), 1 to 8; rank 1 is Gold's home rank and Silver's goal rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// All files, `a` first.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with index 0 (`a`) to 7 (`h`).
    #[inline]
    #[must_use]
    pub const fn new(index: u8) -> Option<File> {
        if index < 8 {
            Some(File::ALL[index as usize])
        } else {
            None
        }
    }

    /// Index 0 (`a`) to 7 (`h`).
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The letter `a`..`h`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Reads a file letter `a`..`h` (lower case only, as in every notation).
    #[must_use]
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => File::new(c as u8 - b'a'),
            _ => None,
        }
    }
}

impl Rank {
    /// All ranks, rank 1 first.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index 0 (rank 1) to 7 (rank 8).
    #[inline]
    #[must_use]
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 8 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }

    /// Index 0 (rank 1) to 7 (rank 8).
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The digit `1`..`8`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// Reads a rank digit `1`..`8`.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Rank::new(c as u8 - b'1'),
            _ => None,
        }
    }

    /// The goal rank of `color`: rank 8 for Gold, rank 1 for Silver.
    #[must_use]
    pub const fn goal(color: Color) -> Rank {
        match color {
            Color::Gold => Rank::Eighth,
            Color::Silver => Rank::First,
        }
    }
}

/// A square of the board. The index runs a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63,
/// the bit order of [`Bitboard`](crate::Bitboard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Square {
    A1,
    B1,
    C1,
    D1,
    E1,
    F1,
    G1,
    H1,
    A2,
    B2,
    C2,
    D2,
    E2,
    F2,
    G2,
    H2,
    A3,
    B3,
    C3,
    D3,
    E3,
    F3,
    G3,
    H3,
    A4,
    B4,
    C4,
    D4,
    E4,
    F4,
    G4,
    H4,
    A5,
    B5,
    C5,
    D5,
    E5,
    F5,
    G5,
    H5,
    A6,
    B6,
    C6,
    D6,
    E6,
    F6,
    G6,
    H6,
    A7,
    B7,
    C7,
    D7,
    E7,
    F7,
    G7,
    H7,
    A8,
    B8,
    C8,
    D8,
    E8,
    F8,
    G8,
    H8,
}

impl Square {
    /// The order of squares in the AEI short form: a8..h8, a7..h7, ..., a1..h1.
    pub(crate) const AEI_ORDER: [Square; 64] = {
        let mut order = [Square::A1; 64];
        let mut i = 0;
        while i < 64 {
            let rank = 7 - i / 8;
            let file = i % 8;
            order[i] = Square::ALL[rank * 8 + file];
            i += 1;
        }
        order
    };

    /// All 64 squares, a1 first, then b1 ... h1, a2 ... h8.
    pub const ALL: [Square; 64] = [
        Square::A1,
        Square::B1,
        Square::C1,
        Square::D1,
        Square::E1,
        Square::F1,
        Square::G1,
        Square::H1,
        Square::A2,
        Square::B2,
        Square::C2,
        Square::D2,
        Square::E2,
        Square::F2,
        Square::G2,
        Square::H2,
        Square::A3,
        Square::B3,
        Square::C3,
        Square::D3,
        Square::E3,
        Square::F3,
        Square::G3,
        Square::H3,
        Square::A4,
        Square::B4,
        Square::C4,
        Square::D4,
        Square::E4,
        Square::F4,
        Square::G4,
        Square::H4,
        Square::A5,
        Square::B5,
        Square::C5,
        Square::D5,
        Square::E5,
        Square::F5,
        Square::G5,
        Square::H5,
        Square::A6,
        Square::B6,
        Square::C6,
        Square::D6,
        Square::E6,
        Square::F6,
        Square::G6,
        Square::H6,
        Square::A7,
        Square::B7,
        Square::C7,
        Square::D7,
        Square::E7,
        Square::F7,
        Square::G7,
        Square::H7,
        Square::A8,
        Square::B8,
        Square::C8,
        Square::D8,
        Square::E8,
        Square::F8,
        Square::G8,
        Square::H8,
    ];

    /// The four trap squares: c3, f3, c6, f6.
    pub const TRAPS: [Square; 4] = [Square::C3, Square::F3, Square::C6, Square::F6];

    /// The square with the given index (a1 = 0 .. h8 = 63).
    #[inline]
    #[must_use]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square::ALL[index as usize])
        } else {
            None
        }
    }

    /// The square with index `index % 64`. The match is the identity, which the
    /// compiler emits as no code at all: no table load and no bounds check, for the hot
    /// loops that walk the squares of a bitboard.
    #[inline(always)]
    pub(crate) const fn from_index_wrapping(index: u8) -> Square {
        match index & 63 {
            0 => Square::A1,
            1 => Square::B1,
            2 => Square::C1,
            3 => Square::D1,
            4 => Square::E1,
            5 => Square::F1,
            6 => Square::G1,
            7 => Square::H1,
            8 => Square::A2,
            9 => Square::B2,
            10 => Square::C2,
            11 => Square::D2,
            12 => Square::E2,
            13 => Square::F2,
            14 => Square::G2,
            15 => Square::H2,
            16 => Square::A3,
            17 => Square::B3,
            18 => Square::C3,
            19 => Square::D3,
            20 => Square::E3,
            21 => Square::F3,
            22 => Square::G3,
            23 => Square::H3,
            24 => Square::A4,
            25 => Square::B4,
            26 => Square::C4,
            27 => Square::D4,
            28 => Square::E4,
            29 => Square::F4,
            30 => Square::G4,
            31 => Square::H4,
            32 => Square::A5,
            33 => Square::B5,
            34 => Square::C5,
            35 => Square::D5,
            36 => Square::E5,
            37 => Square::F5,
            38 => Square::G5,
            39 => Square::H5,
            40 => Square::A6,
            41 => Square::B6,
            42 => Square::C6,
            43 => Square::D6,
            44 => Square::E6,
            45 => Square::F6,
            46 => Square::G6,
            47 => Square::H6,
            48 => Square::A7,
            49 => Square::B7,
            50 => Square::C7,
            51 => Square::D7,
            52 => Square::E7,
            53 => Square::F7,
            54 => Square::G7,
            55 => Square::H7,
            56 => Square::A8,
            57 => Square::B8,
            58 => Square::C8,
            59 => Square::D8,
            60 => Square::E8,
            61 => Square::F8,
            62 => Square::G8,
            _ => Square::H8,
        }
    }

    /// The square on `file` and `rank`.
    #[inline]
    #[must_use]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::ALL[(rank as usize) * 8 + file as usize]
    }

    /// The index of the square, a1 = 0 .. h8 = 63.
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The file of the square.
    #[inline]
    #[must_use]
    pub const fn file(self) -> File {
        File::ALL[(self as usize) & 7]
    }

    /// The rank of the square.
    #[inline]
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self as usize) >> 3]
    }

    /// Whether this is one of the four traps.
    #[inline]
    #[must_use]
    pub const fn is_trap(self) -> bool {
        matches!(self, Square::C3 | Square::F3 | Square::C6 | Square::F6)
    }

    /// The fewest steps between the two squares on an empty board (the Manhattan
    /// distance: files apart plus ranks apart).
    ///
    /// ```
    /// use arimaa::Square;
    /// assert_eq!(Square::A1.distance(Square::H8), 14);
    /// assert_eq!(Square::C3.distance(Square::D5), 3);
    /// ```
    #[inline]
    #[must_use]
    pub const fn distance(self, other: Square) -> u8 {
        self.file().index().abs_diff(other.file().index())
            + self.rank().index().abs_diff(other.rank().index())
    }

    /// The fewest steps from this square to a trap on an empty board.
    ///
    /// ```
    /// use arimaa::Square;
    /// assert_eq!(Square::C3.trap_distance(), 0);
    /// assert_eq!(Square::A1.trap_distance(), 4);
    /// ```
    #[inline]
    #[must_use]
    pub const fn trap_distance(self) -> u8 {
        let mut best = u8::MAX;
        let mut i = 0;
        while i < 4 {
            let d = self.distance(Square::TRAPS[i]);
            if d < best {
                best = d;
            }
            i += 1;
        }
        best
    }

    /// The trap beside this square, if any (no square is beside two traps: the traps
    /// are three files or three ranks apart). A piece stepping off this square may leave
    /// a friend on that trap alone, and a piece stepping from here into it may be taken.
    ///
    /// ```
    /// use arimaa::Square;
    /// assert_eq!(Square::C4.trap_beside(), Some(Square::C3));
    /// assert_eq!(Square::C3.trap_beside(), None);
    /// assert_eq!(Square::E4.trap_beside(), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn trap_beside(self) -> Option<Square> {
        TRAP_BESIDE[self as usize]
    }

    /// The neighbouring square in `dir`, or `None` at the edge of the board.
    #[inline]
    #[must_use]
    pub const fn step(self, dir: Direction) -> Option<Square> {
        // One load from a table (256 bytes) built by `step_by_edges`.
        STEPS[self as usize][dir as usize]
    }

    /// [`Square::step`] by the index and the edges, which builds its table.
    const fn step_by_edges(self, dir: Direction) -> Option<Square> {
        let i = self as u8;
        match dir {
            Direction::North => Square::new(i + 8),
            Direction::South => {
                if i >= 8 {
                    Square::new(i - 8)
                } else {
                    None
                }
            }
            Direction::East => {
                if i & 7 != 7 {
                    Square::new(i + 1)
                } else {
                    None
                }
            }
            Direction::West => {
                if i & 7 != 0 {
                    Square::new(i - 1)
                } else {
                    None
                }
            }
        }
    }

    /// The direction from this square to an orthogonally adjacent `other`, if adjacent.
    ///
    /// One test, that `other` is beside this square ([`Bitboard::adjacent`], a table that
    /// never wraps round an edge of the board: h1 and a2 are one apart and not beside
    /// each other), then the direction read without a branch by
    /// `direction_onto` (the difference of the indices, two of its bits).
    #[inline]
    #[must_use]
    pub const fn direction_to(self, other: Square) -> Option<Direction> {
        if Bitboard::adjacent(self).contains(other) {
            Some(self.direction_onto(other))
        } else {
            None
        }
    }

    /// The direction from this square to `other`, known to be beside it, without a test.
    ///
    /// Read from the difference of the indices modulo 256 (a rank is 8 squares): 8 north,
    /// 1 east, 248 south (-8), 255 west (-1). Their bit 7 and bit 0 are (0, 0), (0, 1),
    /// (1, 0) and (1, 1): the direction's place in [`Direction::ALL`] (north, east,
    /// south, west) in binary. For an `other` not beside this square it is a wrong
    /// direction, never a panic (as `Step::to_on_board` for a step off the board); each
    /// caller shows that `other` is beside.
    #[inline(always)]
    pub(crate) const fn direction_onto(self, other: Square) -> Direction {
        let diff = (other as u8).wrapping_sub(self as u8);
        Direction::ALL[(((diff >> 6) & 2) | (diff & 1)) as usize]
    }

    /// The square seen from the other side: rank 1 becomes rank 8 (a1 -> a8).
    #[inline]
    #[must_use]
    pub const fn flip_ranks(self) -> Square {
        Square::ALL[(self as usize) ^ 56]
    }

    /// The square turned 180 degrees about the centre (a1 -> h8).
    #[inline]
    #[must_use]
    pub const fn rotate(self) -> Square {
        Square::ALL[63 - self as usize]
    }

    /// The square mirrored left to right (a1 -> h1).
    #[inline]
    #[must_use]
    pub const fn flip_files(self) -> Square {
        Square::ALL[(self as usize) ^ 7]
    }
}

impl Square {
    /// The name's two ASCII bytes (`e2`), for the writers.
    #[inline]
    pub(crate) const fn name_bytes(self) -> [u8; 2] {
        [b'a' + self.file() as u8, b'1' + self.rank() as u8]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::pad_ascii(f, &self.name_bytes())
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::pad_char(f, self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::pad_char(f, self.char())
    }
}

impl TryFrom<u8> for Square {
    type Error = ParseSquareError;
    fn try_from(i: u8) -> Result<Square, ParseSquareError> {
        Square::new(i).ok_or(ParseSquareError::OutOfRange(i))
    }
}

/// Why a square name or index could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseSquareError {
    /// The text is not a file letter `a`-`h` followed by a rank digit `1`-`8`.
    #[error("invalid square {0:?}: expected a file a-h and a rank 1-8, like \"c3\"")]
    Invalid(String),
    /// The index is not below 64.
    #[error("square index {0} is out of range 0-63")]
    OutOfRange(u8),
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (
            chars.next().and_then(File::from_char),
            chars.next().and_then(Rank::from_char),
            chars.next(),
        ) {
            (Some(f), Some(r), None) => Ok(Square::from_coords(f, r)),
            _ => Err(ParseSquareError::Invalid(s.chars().take(16).collect())),
        }
    }
}

/// A direction of a step, absolute and seen from Gold: north is towards rank 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Direction {
    /// Towards rank 8 (`n`).
    North = 0,
    /// Towards the h-file (`e`).
    East = 1,
    /// Towards rank 1 (`s`).
    South = 2,
    /// Towards the a-file (`w`).
    West = 3,
}

impl Direction {
    /// The four directions: north, east, south, west.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The opposite direction.
    #[inline]
    #[must_use]
    pub const fn opposite(self) -> Direction {
        // An identity match on the turned index: the compiler emits `(d + 2) & 3`, with
        // no table load.
        match (self as u8 + 2) & 3 {
            0 => Direction::North,
            1 => Direction::East,
            2 => Direction::South,
            _ => Direction::West,
        }
    }

    /// The letter used in notation: `n`, `e`, `s`, `w`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Direction::North => 'n',
            Direction::East => 'e',
            Direction::South => 's',
            Direction::West => 'w',
        }
    }

    /// Reads a direction letter `n`, `e`, `s`, `w`.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Direction> {
        match c {
            'n' => Some(Direction::North),
            'e' => Some(Direction::East),
            's' => Some(Direction::South),
            'w' => Some(Direction::West),
            _ => None,
        }
    }

    /// The direction in which a rabbit of `color` may not step on its own
    /// (south for Gold, north for Silver).
    #[inline]
    #[must_use]
    pub const fn backwards(color: Color) -> Direction {
        match color {
            Color::Gold => Direction::South,
            Color::Silver => Direction::North,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::pad_char(f, self.char())
    }
}

/// [`Square::step`] for every square and direction (in [`Direction::ALL`] order).
const STEPS: [[Option<Square>; 4]; 64] = {
    let mut out = [[None; 4]; 64];
    let mut i = 0;
    while i < 64 {
        let mut d = 0;
        while d < 4 {
            out[i][d] = Square::ALL[i].step_by_edges(Direction::ALL[d]);
            d += 1;
        }
        i += 1;
    }
    out
};

/// For each square, the trap beside it ([`Square::trap_beside`]).
const TRAP_BESIDE: [Option<Square>; 64] = {
    let mut out = [None; 64];
    let mut t = 0;
    while t < 4 {
        let trap = Square::TRAPS[t];
        let mut d = 0;
        while d < 4 {
            if let Some(sq) = trap.step(Direction::ALL[d]) {
                out[sq as usize] = Some(trap);
            }
            d += 1;
        }
        t += 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;

    /// `step` (a table) against the file and rank arithmetic, every square and direction.
    #[test]
    fn step_moves_one_file_or_rank() {
        for sq in Square::ALL {
            let (f, r) = (sq.file().index(), sq.rank().index());
            for dir in Direction::ALL {
                let (df, dr): (i8, i8) = match dir {
                    Direction::North => (0, 1),
                    Direction::East => (1, 0),
                    Direction::South => (0, -1),
                    Direction::West => (-1, 0),
                };
                let (nf, nr) = (f as i8 + df, r as i8 + dr);
                let expected = if (0..8).contains(&nf) && (0..8).contains(&nr) {
                    Some(Square::from_coords(
                        File::new(nf as u8).unwrap(),
                        Rank::new(nr as u8).unwrap(),
                    ))
                } else {
                    None
                };
                assert_eq!(sq.step(dir), expected, "{sq} {dir:?}");
            }
        }
    }

    /// `direction_to` (the adjacency table and two bits of the index difference) against
    /// the plain definition, the square one step away in each direction by file and rank,
    /// over all 4,096 ordered pairs; `direction_onto` the same on the pairs beside each
    /// other.
    #[test]
    fn direction_to_is_the_one_step_between() {
        let (mut beside, mut wrapping) = (0, 0);
        for from in Square::ALL {
            let (f, r) = (from.file().index() as i8, from.rank().index() as i8);
            for to in Square::ALL {
                let (tf, tr) = (to.file().index() as i8, to.rank().index() as i8);
                let expected = match (tf - f, tr - r) {
                    (0, 1) => Some(Direction::North),
                    (1, 0) => Some(Direction::East),
                    (0, -1) => Some(Direction::South),
                    (-1, 0) => Some(Direction::West),
                    _ => None,
                };
                assert_eq!(from.direction_to(to), expected, "{from} to {to}");
                if let Some(dir) = expected {
                    assert_eq!(from.direction_onto(to), dir, "{from} to {to}");
                    beside += 1;
                } else if (to as u8).abs_diff(from as u8) == 1 {
                    // One apart round an edge (h1 and a2): the adjacency test says no.
                    wrapping += 1;
                }
            }
        }
        // 2 * 8 * 7 pairs beside each other along the ranks and the files, each both
        // ways; 7 pairs one apart round the edge, each both ways.
        assert_eq!((beside, wrapping), (224, 14));
        eprintln!("direction_to: 4,096 pairs, {beside} beside, {wrapping} one apart round an edge");
    }
}
