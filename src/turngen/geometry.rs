//! Precomputed square sets for the turn search: neighbours, step targets, and for every
//! single step the squares it may change and the squares its outcome depends on.

/// No square: the target of a step off the board.
pub(super) const OFF: u8 = 64;

pub(super) const TRAPS: u64 = (1 << 18) | (1 << 21) | (1 << 42) | (1 << 45);
const NOT_FILE_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_FILE_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The squares orthogonally adjacent to any square of `b`.
#[inline]
pub(super) const fn neighbours(b: u64) -> u64 {
    (b << 8) | (b >> 8) | ((b & NOT_FILE_H) << 1) | ((b & NOT_FILE_A) >> 1)
}

/// `b` moved one square in direction `dir` (0 north, 1 east, 2 south, 3 west), squares
/// leaving the board dropped.
#[inline]
pub(super) const fn shift(b: u64, dir: usize) -> u64 {
    match dir {
        0 => b << 8,
        1 => (b & NOT_FILE_H) << 1,
        2 => b >> 8,
        _ => (b & NOT_FILE_A) >> 1,
    }
}

/// A square and its neighbours.
const fn closed(sq: usize) -> u64 {
    (1 << sq) | neighbours(1 << sq)
}

const fn target(sq: usize, dir: usize) -> u8 {
    let b = shift(1 << sq, dir);
    if b == 0 {
        OFF
    } else {
        b.trailing_zeros() as u8
    }
}

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
    pub write: u64,
    pub read_full: u64,
    pub read_calm: u64,
    pub traps: u64,
}

const fn step_sets(f: usize, t: usize) -> StepSets {
    let traps = TRAPS & ((1 << t) | neighbours(1 << f));
    let mut read_calm = (1 << f) | (1 << t);
    if TRAPS & (1 << t) != 0 {
        read_calm |= closed(t);
    }
    let mut beside = TRAPS & neighbours(1 << f);
    while beside != 0 {
        let trap = beside.trailing_zeros() as usize;
        beside &= beside - 1;
        read_calm |= closed(trap);
    }
    StepSets {
        write: (1 << f) | (1 << t) | traps,
        read_full: read_calm | closed(f),
        read_calm,
        traps,
    }
}

const fn make_targets() -> [[u8; 4]; 64] {
    let mut out = [[OFF; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 4 {
            out[sq][d] = target(sq, d);
            d += 1;
        }
        sq += 1;
    }
    out
}

const fn make_sets() -> [[StepSets; 4]; 64] {
    let none = StepSets {
        write: 0,
        read_full: 0,
        read_calm: 0,
        traps: 0,
    };
    let mut out = [[none; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 4 {
            let t = target(sq, d);
            if t != OFF {
                out[sq][d] = step_sets(sq, t as usize);
            }
            d += 1;
        }
        sq += 1;
    }
    out
}

const fn make_dirs() -> [[u8; 64]; 64] {
    let mut out = [[4u8; 64]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 4 {
            let t = target(sq, d);
            if t != OFF {
                out[sq][t as usize] = d as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    out
}

/// `TARGET[sq][dir]`: the square one step from `sq` in `dir`, or [`OFF`].
pub(super) static TARGET: [[u8; 4]; 64] = make_targets();

/// `SETS[sq][dir]`: the [`StepSets`] of the step from `sq` in `dir`.
pub(super) static SETS: [[StepSets; 4]; 64] = make_sets();

/// `DIR[from][to]`: the direction from `from` to the adjacent `to` (4 if not adjacent).
pub(super) static DIR: [[u8; 64]; 64] = make_dirs();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_square_type() {
        use crate::{Direction, Square};
        for sq in Square::ALL {
            for d in Direction::ALL {
                let want = sq.step(d).map_or(OFF, |s| s as u8);
                assert_eq!(TARGET[sq as usize][d as usize], want);
                if want != OFF {
                    assert_eq!(DIR[sq as usize][want as usize], d as u8);
                    let s = SETS[sq as usize][d as usize];
                    assert_eq!(s.write & s.read_calm, s.write, "writes are read");
                }
            }
        }
    }
}
