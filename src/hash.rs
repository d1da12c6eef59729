//! The crate's one 64-bit mixer (SplitMix64's), and what is built on it: the Zobrist
//! keys ([`crate::zobrist`]), the turn search's table index, the hasher of the
//! repetition counts and the Lightvector search's hasher.

/// The golden-ratio increment of SplitMix64.
pub(crate) const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;
/// The two multipliers of SplitMix64's finaliser.
const M1: u64 = 0xbf58_476d_1ce4_e5b9;
const M2: u64 = 0x94d0_49bb_1331_11eb;

/// SplitMix64's finaliser: every input bit affects every output bit. For values that
/// must look random (Zobrist keys, hashes of arbitrary bytes).
#[inline]
pub(crate) const fn mix(x: u64) -> u64 {
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(M1);
    z = (z ^ (z >> 27)).wrapping_mul(M2);
    z ^ (z >> 31)
}

/// The `n`-th output of SplitMix64 started at `seed` is `mix(seed + (n + 1) * GOLDEN)`:
/// the next state and output after `state`.
#[inline]
pub(crate) const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(GOLDEN);
    (s, mix(s))
}

/// Two words folded into one hash whose *top* bits are well spread: the multiplications
/// of [`mix`] without its shifts. For table indices taken from the top bits, where one
/// multiplication already spreads every input bit upwards (the turn search's table).
#[inline(always)]
pub(crate) const fn fold(a: u64, b: u64) -> u64 {
    (a.wrapping_mul(GOLDEN) ^ b).wrapping_mul(M1)
}

/// A [`Hasher`](core::hash::Hasher) for keys that carry their own well-mixed 64-bit hash
/// (a Zobrist hash): `write_u64` keeps the value as it is; any other bytes are mixed in
/// with [`mix`].
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct PassThroughHasher(u64);

impl core::hash::Hasher for PassThroughHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = mix(self.0 ^ u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A [`Hasher`](core::hash::Hasher) for keys of several words (the Lightvector search's
/// states and token sets): every word is mixed into the state with [`mix`].
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct MixHasher(u64);

impl core::hash::Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = mix(self.0 ^ n);
    }
}

/// Hash maps and sets keyed with [`MixHasher`].
pub(crate) type MixBuild = core::hash::BuildHasherDefault<MixHasher>;

#[cfg(test)]
mod tests {
    use super::*;

    /// The published first outputs of SplitMix64 seeded with 0.
    #[test]
    fn splitmix_matches_the_reference_sequence() {
        let (s, a) = splitmix(0);
        let (_, b) = splitmix(s);
        assert_eq!(a, 0xe220_a839_7b1d_cdaf);
        assert_eq!(b, 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn pass_through_keeps_a_word_and_mixes_bytes() {
        use core::hash::Hasher;
        let mut h = PassThroughHasher::default();
        h.write_u64(42);
        assert_eq!(h.finish(), 42);
        let mut h = PassThroughHasher::default();
        h.write(&[1, 2]);
        assert_eq!(h.finish(), mix(mix(1) ^ 2));
    }
}
