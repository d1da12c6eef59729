//! An exact set of boards, each keyed by how it differs from the root board.
//!
//! A board reached within one turn differs from the board the turn search started from
//! on at most 12 squares (each of at most four steps empties one square, fills one and
//! may clear one trap). Its [`Key`] is the set of those squares plus, four bits each in
//! square order, what now stands on them: a complete description of the board, so two
//! keys are equal exactly when the boards are. The set never compares hashes alone.
//!
//! The slots are reused from one search to the next: each holds the number of the search
//! that filled it (its epoch), so starting a new search empties the set without touching
//! memory.

/// A board described by its difference from the root board: `changed` holds the squares
/// whose content differs, `packed` what stands on them now (4 bits a square, lowest
/// square in the lowest bits, 0 for empty, 1 + [`Piece::index`](crate::Piece::index)
/// otherwise). At most 12 squares differ, so `packed` uses at most 48 bits.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Key {
    pub changed: u64,
    pub packed: u64,
}

const EPOCH_SHIFT: u32 = 48;
const CONTENT_MASK: u64 = (1 << EPOCH_SHIFT) - 1;

/// The smallest table: 2^12 slots (64 KiB).
const MIN_BITS: u32 = 12;

pub(crate) struct Table {
    /// `[changed, packed | epoch << 48]` per slot; a slot whose epoch is not the current
    /// one is vacant.
    slots: Vec<[u64; 2]>,
    bits: u32,
    len: usize,
    epoch: u64,
}

impl Table {
    pub(crate) fn new() -> Table {
        Table {
            slots: vec![[0, 0]; 1 << MIN_BITS],
            bits: MIN_BITS,
            len: 0,
            epoch: 1,
        }
    }

    /// Empties the set in constant time (a full clear only when the epoch wraps).
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.epoch += 1;
        if self.epoch >= 1 << (64 - EPOCH_SHIFT) {
            self.slots.iter_mut().for_each(|s| *s = [0, 0]);
            self.epoch = 1;
        }
    }

    /// The number of keys in the set.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The memory the slots use, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * core::mem::size_of::<[u64; 2]>()
    }

    #[inline]
    fn slot_of(key: Key, bits: u32) -> usize {
        let h = (key.changed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ key.packed)
            .wrapping_mul(0xbf58_476d_1ce4_e5b9);
        (h >> (64 - bits)) as usize
    }

    /// Adds `key`; returns whether it was new.
    #[inline]
    pub(crate) fn insert(&mut self, key: Key) -> bool {
        debug_assert!(key.packed <= CONTENT_MASK);
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let tagged = key.packed | (self.epoch << EPOCH_SHIFT);
        let mask = self.slots.len() - 1;
        let mut i = Table::slot_of(key, self.bits);
        loop {
            let slot = &mut self.slots[i];
            if slot[1] == tagged && slot[0] == key.changed {
                return false;
            }
            if slot[1] >> EPOCH_SHIFT != self.epoch {
                *slot = [key.changed, tagged];
                self.len += 1;
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the number of slots, keeping the current keys.
    #[cold]
    fn grow(&mut self) {
        let bits = self.bits + 1;
        let old = core::mem::replace(&mut self.slots, vec![[0, 0]; 1 << bits]);
        self.bits = bits;
        let mask = self.slots.len() - 1;
        for s in old
            .into_iter()
            .filter(|s| s[1] >> EPOCH_SHIFT == self.epoch)
        {
            let key = Key {
                changed: s[0],
                packed: s[1] & CONTENT_MASK,
            };
            let mut i = Table::slot_of(key, bits);
            while self.slots[i][1] >> EPOCH_SHIFT == self.epoch {
                i = (i + 1) & mask;
            }
            self.slots[i] = s;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_is_exact_and_survives_growth_and_clear() {
        let mut t = Table::new();
        let key = |i: u64| Key {
            changed: i.wrapping_mul(0x1234_5678_9abc_def1) | 1,
            packed: i & CONTENT_MASK,
        };
        for i in 0..10_000 {
            assert!(t.insert(key(i)));
        }
        assert_eq!(t.len(), 10_000);
        for i in 0..10_000 {
            assert!(!t.insert(key(i)));
        }
        t.clear();
        assert_eq!(t.len(), 0);
        assert!(t.insert(key(7)));
        assert!(!t.insert(key(7)));
    }
}
