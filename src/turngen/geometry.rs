//! Precomputed square sets for the turn search: for every single step the squares it
//! may change and the squares its outcome depends on, and the direction between two
//! adjacent squares. Everything is built at compile time from the crate's
//! [`Bitboard`] and [`Square`] (traps, neighbours, shifts), so the search and the rest
//! of the crate share one geometry.

use crate::{Bitboard, Direction, Square};

/// A square and its neighbours.
const fn closed(sq: Square) -> Bitboard {
    Bitboard::from_square(sq).union(Bitboard::adjacent(sq))
}

/// The square one step from `from` in `dir`, for a step that stays on the board.
///
/// The callers step only pieces that the search's masks (an empty square beside them in
/// `dir`) showed to have a target, so the off-board entries of the table are never
/// read; a debug assertion checks every lookup against [`Square::step`].
#[inline(always)]
pub(super) fn target(from: Square, dir: Direction) -> Square {
    let t = TARGET[from as usize][dir as usize];
    debug_assert_eq!(from.step(dir), Some(t));
    t
}

/// `TARGET[sq][dir]`: the square one step from `sq` in `dir` (for a step off the board,
/// `sq` itself, which [`target`]'s callers never ask for).
static TARGET: [[Square; 4]; 64] = {
    let mut out = [[Square::A1; 4]; 64];
    let mut i = 0;
    while i < 64 {
        let mut d = 0;
        while d < 4 {
            out[i][d] = match Square::ALL[i].step(Direction::ALL[d]) {
                Some(t) => t,
                None => Square::ALL[i],
            };
            d += 1;
        }
        i += 1;
    }
    out
};

/// What one geometric step (a piece moving from `f` to the adjacent `t`) may touch.
///
/// - `write`: squares whose content the step may change: `f`, `t`, and the traps where a
///   piece may be captured after it (`t` itself, or a trap beside `f` that loses its
///   supporter).
/// - `read_full`: squares whose content the legality and the effect of the step depend
///   on: the piece on `f` and its neighbours (freezing), `t` (empty), the neighbours of
///   `t` when it is a trap (support of the arriving piece), and each trap beside `f` with
///   its neighbours (a friend left there may lose its support).
/// - `read_calm`: `read_full` without the neighbours of `f`; it is the whole read set of a
///   simple step whose piece has no stronger enemy beside it, as long as only pieces of
///   the mover's colour move (such a piece cannot be frozen by friends coming or going).
/// - `traps`: the traps that may capture after the step.
#[derive(Clone, Copy)]
pub(super) struct StepSets {
    pub write: Bitboard,
    pub read_full: Bitboard,
    pub read_calm: Bitboard,
    pub traps: Bitboard,
}

const NO_SETS: StepSets = StepSets {
    write: Bitboard::EMPTY,
    read_full: Bitboard::EMPTY,
    read_calm: Bitboard::EMPTY,
    traps: Bitboard::EMPTY,
};

const fn step_sets(f: Square, t: Square) -> StepSets {
    let from = Bitboard::from_square(f);
    let to = Bitboard::from_square(t);
    let traps = Bitboard::TRAPS.intersect(to.union(from.neighbours()));
    let mut read_calm = from.union(to);
    if t.is_trap() {
        read_calm = read_calm.union(closed(t));
    }

    let mut beside = Bitboard::TRAPS.intersect(from.neighbours());
    while let Some(trap) = beside.first() {
        beside = beside.without(trap);
        read_calm = read_calm.union(closed(trap));
    }

    StepSets {
        write: from.union(to).union(traps),
        read_full: read_calm.union(closed(f)),
        read_calm,
        traps,
    }
}

const fn make_sets() -> [[StepSets; 4]; 64] {
    let mut out = [[NO_SETS; 4]; 64];
    let mut i = 0;
    while i < 64 {
        let sq = Square::ALL[i];
        let mut d = 0;
        while d < 4 {
            if let Some(t) = sq.step(Direction::ALL[d]) {
                out[i][d] = step_sets(sq, t);
            }
            d += 1;
        }
        i += 1;
    }
    out
}

/// `SETS[sq][dir]`: the [`StepSets`] of the step from `sq` in `dir` (empty sets for a
/// step off the board).
static SETS: [[StepSets; 4]; 64] = make_sets();

/// The [`StepSets`] of the step from `from` in `dir`.
#[inline(always)]
pub(super) fn sets(from: Square, dir: Direction) -> &'static StepSets {
    &SETS[from as usize][dir as usize]
}

/// The direction from `from` to the adjacent `to`.
///
/// The callers pass only pairs taken from a square and the neighbours bitboard of the
/// other, so the core's step between squares beside each other serves
/// ([`Square::direction_onto`]); a debug assertion checks adjacency against
/// [`Square::direction_to`].
#[inline(always)]
pub(super) fn direction(from: Square, to: Square) -> Direction {
    let d = from.direction_onto(to);
    debug_assert_eq!(from.direction_to(to), Some(d));
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_square_type() {
        for sq in Square::ALL {
            for d in Direction::ALL {
                match sq.step(d) {
                    Some(t) => {
                        assert_eq!(target(sq, d), t);
                        assert_eq!(direction(sq, t), d);
                        let s = sets(sq, d);
                        assert_eq!(s.write & s.read_calm, s.write, "writes are read");
                        assert_eq!(s.read_full & s.read_calm, s.read_calm);
                        assert!(s.write.contains(sq) && s.write.contains(t));
                    }
                    None => assert!(sets(sq, d).write.is_empty()),
                }
            }

            for other in Bitboard::adjacent(sq) {
                assert_eq!(Some(direction(sq, other)), sq.direction_to(other));
            }
        }
    }
}
