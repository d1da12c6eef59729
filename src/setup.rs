//! Setups: placing a side's army before play, by the standard rules, with reduced
//! material (handicap), by free placement, and the Endless Endgame random armies.

use core::fmt;

use rand::seq::SliceRandom;
use rand::Rng;

use crate::{Bitboard, Board, Color, Piece, PieceKind, Rank, Square};

/// How many pieces of each kind an army has: [`Army::STANDARD`], the limit of a
/// handicap or free setup, or an Endless Endgame draw.
///
/// ```
/// use arimaa::{Army, PieceKind};
///
/// assert_eq!(Army::STANDARD.count(PieceKind::Horse), 2);
/// assert_eq!(Army::STANDARD.total(), 16);
/// let kinds: Vec<_> = Army::STANDARD.iter().map(|(kind, n)| format!("{n}{kind:?}")).collect();
/// assert_eq!(kinds[0], "8Rabbit");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Army {
    /// Indexed by [`PieceKind::index`].
    counts: [u8; 6],
}

impl Army {
    /// The standard army: 1 elephant, 1 camel, 2 horses, 2 dogs, 2 cats and 8 rabbits.
    pub const STANDARD: Army = Army {
        counts: [8, 2, 2, 2, 1, 1],
    };

    /// No pieces.
    pub const EMPTY: Army = Army { counts: [0; 6] };

    /// The army with `count(kind)` pieces of each kind, asked weakest kind first (the
    /// order of [`PieceKind::ALL`]).
    #[must_use]
    pub fn from_fn(mut count: impl FnMut(PieceKind) -> u8) -> Army {
        Army {
            counts: PieceKind::ALL.map(&mut count),
        }
    }

    /// How many pieces of `kind` the army has.
    #[must_use]
    pub const fn count(self, kind: PieceKind) -> u8 {
        self.counts[kind.index()]
    }

    /// How many pieces the army has in all.
    #[must_use]
    pub fn total(self) -> u32 {
        self.counts.iter().map(|&n| u32::from(n)).sum()
    }

    /// Each kind with its count, weakest kind first (kinds with none included).
    pub fn iter(self) -> impl Iterator<Item = (PieceKind, u8)> {
        PieceKind::ALL.into_iter().zip(self.counts)
    }
}

/// The rules a setup is checked against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetupRules {
    /// Exactly 1E 1M 2H 2D 2C 8R on the side's two home ranks.
    Standard,
    /// At most the standard army, at least one rabbit, on the side's two home ranks.
    Handicap,
    /// Any material on any empty squares, traps included, with at least one rabbit and
    /// no rabbit on the side's own goal rank. Traps act once after both sides placed.
    Free,
}

/// One side's placement: the pieces and their squares, in the order given. An editable
/// value; [`Setup::check`] says whether it obeys a set of [`SetupRules`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The side placing the pieces.
    pub color: Color,
    /// The pieces placed, as kind and square.
    pub pieces: Vec<(PieceKind, Square)>,
}

/// One thing wrong with a setup.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetupProblem {
    /// A piece is placed outside the side's two home ranks.
    OutsideHomeRanks(Square),
    /// Two pieces are placed on the same square.
    SquareTwice(Square),
    /// The square already holds a piece (of the side that set up first).
    Occupied(Square),
    /// The number of pieces of a kind is not what the rules ask.
    WrongCount {
        /// The kind.
        kind: PieceKind,
        /// How many were placed.
        placed: usize,
        /// How many the rules ask for (at most this many for a handicap setup).
        expected: u8,
    },
    /// The setup has no rabbit.
    NoRabbit,
    /// A rabbit is placed on its own goal rank.
    RabbitOnGoal(Square),
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::padded(f, |f| match self {
            SetupProblem::OutsideHomeRanks(s) => write!(f, "{s} is outside the home ranks"),
            SetupProblem::SquareTwice(s) => write!(f, "{s} is used twice"),
            SetupProblem::Occupied(s) => write!(f, "{s} is already occupied"),
            SetupProblem::WrongCount {
                kind,
                placed,
                expected,
            } => write!(f, "{placed} {kind}(s) placed, expected {expected}"),
            SetupProblem::NoRabbit => write!(f, "no rabbit placed"),
            SetupProblem::RabbitOnGoal(s) => write!(f, "rabbit on its own goal rank at {s}"),
        })
    }
}

/// Everything wrong with a setup.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid setup: {}", list(.problems))]
pub struct SetupError {
    /// The problems, in the order found.
    pub problems: Vec<SetupProblem>,
}

fn list(problems: &[SetupProblem]) -> String {
    problems
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// The two home ranks of `color`.
pub(crate) fn home_ranks(color: Color) -> Bitboard {
    match color {
        Color::Gold => Bitboard::RANK_1 | Bitboard::RANK_2,
        Color::Silver => Bitboard::RANK_7 | Bitboard::RANK_8,
    }
}

/// The home squares of `color`, in a fixed order: rank 1 (or 8) from a to h, then
/// rank 2 (or 7).
fn home_squares(color: Color) -> Vec<Square> {
    let (back, front) = match color {
        Color::Gold => (Rank::First, Rank::Second),
        Color::Silver => (Rank::Eighth, Rank::Seventh),
    };
    [back, front]
        .into_iter()
        .flat_map(|r| crate::File::ALL.map(|f| Square::from_coords(f, r)))
        .collect()
}

impl Setup {
    /// An empty setup for `color`.
    #[must_use]
    pub fn new(color: Color) -> Setup {
        Setup {
            color,
            pieces: Vec::new(),
        }
    }

    /// Adds a piece.
    pub fn place(&mut self, kind: PieceKind, square: Square) -> &mut Setup {
        self.pieces.push((kind, square));
        self
    }

    /// The 99of9 setup, the balanced template of the English rules text (Abstract Play's
    /// "Quick setup"): for Gold Ee2 Md2 Hb2 Hg2, cats behind the traps on c2 and f2, dogs
    /// on d1 and e1, rabbits on a1 a2 b1 c1 f1 g1 h1 h2; Silver's is its mirror image
    /// across the middle of the board (ee7 md7 ...).
    #[must_use]
    pub fn ninety_nine_of_nine(color: Color) -> Setup {
        use PieceKind::*;
        use Square::*;
        let gold = [
            (Elephant, E2),
            (Camel, D2),
            (Horse, B2),
            (Horse, G2),
            (Cat, C2),
            (Cat, F2),
            (Dog, D1),
            (Dog, E1),
            (Rabbit, A2),
            (Rabbit, A1),
            (Rabbit, B1),
            (Rabbit, C1),
            (Rabbit, F1),
            (Rabbit, G1),
            (Rabbit, H1),
            (Rabbit, H2),
        ];

        Setup {
            color,
            pieces: gold
                .into_iter()
                .map(|(k, s)| match color {
                    Color::Gold => (k, s),
                    Color::Silver => (k, s.flip_ranks()),
                })
                .collect(),
        }
    }

    /// A uniformly random standard setup for `color`.
    #[must_use]
    pub fn random_standard<R: Rng + ?Sized>(color: Color, rng: &mut R) -> Setup {
        let mut kinds: Vec<PieceKind> = Vec::with_capacity(16);
        for (kind, n) in Army::STANDARD.iter() {
            kinds.extend(std::iter::repeat(kind).take(n as usize));
        }
        kinds.shuffle(rng);
        Setup {
            color,
            pieces: kinds.into_iter().zip(home_squares(color)).collect(),
        }
    }

    /// A random free-placement setup for `color` (for self-play and tests): 1-8 rabbits and
    /// 0 up to the standard number of each other kind, on random squares of the side's home
    /// ranks and the two traps in front of them, never on `board`'s occupied squares.
    #[must_use]
    pub fn random_free<R: Rng + ?Sized>(color: Color, board: &Board, rng: &mut R) -> Setup {
        let mut squares: Vec<Square> = home_squares(color);
        squares.extend(match color {
            Color::Gold => [Square::C3, Square::F3],
            Color::Silver => [Square::C6, Square::F6],
        });
        squares.retain(|s| !board.occupied().contains(*s));
        squares.shuffle(rng);

        let mut setup = Setup::new(color);
        let mut next = squares.into_iter();
        for (kind, max) in Army::STANDARD.iter() {
            let n = if kind == PieceKind::Rabbit {
                rng.random_range(1..=max)
            } else {
                rng.random_range(0..=max)
            };
            for _ in 0..n {
                if let Some(sq) = next.next() {
                    setup.place(kind, sq);
                }
            }
        }

        setup
    }

    /// Rabbit autofill: fills every empty home square with a rabbit, as long as the
    /// setup then has at most eight rabbits. Used when a player places only the eight
    /// non-rabbits (or some rabbits too). Returns how many rabbits were added.
    pub fn autofill_rabbits(&mut self) -> usize {
        let used: Bitboard = self.pieces.iter().map(|&(_, s)| s).collect();
        let have = self
            .pieces
            .iter()
            .filter(|(k, _)| *k == PieceKind::Rabbit)
            .count();
        let free: Vec<Square> = home_squares(self.color)
            .into_iter()
            .filter(|s| !used.contains(*s))
            .collect();
        if have + free.len() > usize::from(Army::STANDARD.count(PieceKind::Rabbit)) {
            return 0;
        }
        for &s in &free {
            self.pieces.push((PieceKind::Rabbit, s));
        }
        free.len()
    }

    /// Checks the setup against `rules`, with `board` holding what is already placed
    /// (the other side's setup when Silver places second).
    ///
    /// # Errors
    /// A [`SetupError`] listing every problem found.
    pub fn check(&self, rules: SetupRules, board: &Board) -> Result<(), SetupError> {
        let mut problems = Vec::new();
        let mut used = Bitboard::EMPTY;
        let home = home_ranks(self.color);
        let goal = match self.color {
            Color::Gold => Bitboard::RANK_8,
            Color::Silver => Bitboard::RANK_1,
        };

        let mut counts = [0usize; 6];
        for &(kind, sq) in &self.pieces {
            counts[kind.index()] += 1;
            if used.contains(sq) {
                problems.push(SetupProblem::SquareTwice(sq));
                continue;
            }

            used = used.with(sq);
            if board.occupied().contains(sq) {
                problems.push(SetupProblem::Occupied(sq));
            }
            if rules == SetupRules::Free {
                if kind == PieceKind::Rabbit && goal.contains(sq) {
                    problems.push(SetupProblem::RabbitOnGoal(sq));
                }
            } else if !home.contains(sq) {
                problems.push(SetupProblem::OutsideHomeRanks(sq));
            }
        }

        for (kind, expected) in Army::STANDARD.iter() {
            let placed = counts[kind.index()];
            let wrong = match rules {
                SetupRules::Standard => placed != expected as usize,
                SetupRules::Handicap => placed > expected as usize,
                SetupRules::Free => false,
            };
            if wrong {
                problems.push(SetupProblem::WrongCount {
                    kind,
                    placed,
                    expected,
                });
            }
        }

        if counts[0] == 0 && rules != SetupRules::Standard {
            problems.push(SetupProblem::NoRabbit);
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(SetupError { problems })
        }
    }

    /// Puts the pieces on `board` (no checks; see [`Setup::check`]).
    pub fn apply_to(&self, board: &mut Board) {
        for &(kind, sq) in &self.pieces {
            board.set(sq, Some(Piece::new(self.color, kind)));
        }
    }

    /// The setup of `color` read off a board: all its pieces, a1 first (how Endless
    /// Endgame and free-placement armies are written as setup turns).
    #[must_use]
    pub fn from_board(board: &Board, color: Color) -> Setup {
        Setup {
            color,
            pieces: board
                .iter()
                .filter(|(_, p)| p.color == color)
                .map(|(s, p)| (p.kind, s))
                .collect(),
        }
    }
}

/// How Silver's Endless Endgame army mirrors Gold's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Reflection across the middle of the board: a1 -> a8.
    Reflection,
    /// Rotation by 180 degrees: a1 -> h8.
    Rotation,
}

impl Board {
    /// Draws an Endless Endgame starting board, exactly as the variant specifies: Gold gets
    /// 1 elephant, 0-1 camels, 0-2 horses, dogs and cats each, 1-8 rabbits, every count
    /// uniform and independent, redrawn until the army has 4-12 pieces; the pieces go on
    /// uniformly random distinct squares of ranks 1-2; Silver gets the same army by
    /// reflection or rotation, chosen with equal chance.
    #[must_use]
    pub fn random_endless_endgame<R: Rng + ?Sized>(rng: &mut R) -> (Board, Symmetry) {
        let army = loop {
            // Drawn weakest kind first, the order this function always drew in.
            let army = Army::from_fn(|kind| match kind {
                PieceKind::Rabbit => rng.random_range(1..=8u8),
                PieceKind::Cat | PieceKind::Dog | PieceKind::Horse => rng.random_range(0..=2u8),
                PieceKind::Camel => rng.random_range(0..=1u8),
                PieceKind::Elephant => 1,
            });
            if (4..=12).contains(&army.total()) {
                break army;
            }
        };

        let mut squares = home_squares(Color::Gold);
        squares.shuffle(rng);
        let symmetry = if rng.random_bool(0.5) {
            Symmetry::Reflection
        } else {
            Symmetry::Rotation
        };

        let mut board = Board::empty();
        let mut next = squares.into_iter();
        for (kind, n) in army.iter() {
            for _ in 0..n {
                if let Some(sq) = next.next() {
                    board.set(sq, Some(kind.of(Color::Gold)));
                    let mirror = match symmetry {
                        Symmetry::Reflection => sq.flip_ranks(),
                        Symmetry::Rotation => sq.rotate(),
                    };
                    board.set(mirror, Some(kind.of(Color::Silver)));
                }
            }
        }

        (board, symmetry)
    }
}
