//! Zobrist hashing of boards and positions.
//!
//! Every (piece, square) pair and the side to move has a fixed pseudo-random 64-bit key;
//! the hash of a position is the XOR of the keys of its pieces, plus the side key when
//! Silver is to move. [`Position`](crate::Position) updates its hash with every step, and
//! the tests check that it always equals the hash computed from scratch.

use crate::hash::splitmix;
use crate::{Color, Piece, Square};

const fn make_keys() -> ([[u64; 64]; 12], u64) {
    let mut keys = [[0u64; 64]; 12];
    let mut state = 0x4172_696d_6161_2121; // "Arimaa!!"
    let mut p = 0;
    while p < 12 {
        let mut s = 0;
        while s < 64 {
            let (next, k) = splitmix(state);
            state = next;
            keys[p][s] = k;
            s += 1;
        }
        p += 1;
    }
    let (_, side) = splitmix(state);
    (keys, side)
}

/// A 64-bit mixing function (the SplitMix64 finaliser): small changes of the input
/// change about half the bits of the output.
#[inline]
pub(crate) const fn mix(x: u64) -> u64 {
    splitmix(x).1
}

const KEYS: ([[u64; 64]; 12], u64) = make_keys();

/// The key of `piece` standing on `sq`.
#[inline]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.0[piece.index()][sq as usize]
}

/// The key XORed in when Silver is to move.
#[inline]
pub(crate) fn side_key(side: Color) -> u64 {
    match side {
        Color::Gold => 0,
        Color::Silver => KEYS.1,
    }
}
