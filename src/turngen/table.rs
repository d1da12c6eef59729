//! An exact set of boards, each keyed by how it differs from the root board.
//!
//! A board reached within one turn differs from the board the turn search started from
//! on at most 12 squares (each of at most four steps empties one square, fills one and
//! may clear one trap). Its [`Key`] is the set of those squares plus, four bits each in
//! square order, what now stands on them: a complete description of the board, so two
//! keys are equal exactly when the boards are. The set never compares hashes alone.
//!
//! The slots are reused from one search to the next: each holds the number of the search
//! (or of the growth within a search) that filled it, its epoch, so emptying the set
//! touches no memory. Each search uses only as many slots as the boards it finds need
//! (at most half full), starting from the size the previous search ended
//! with, so a small search stays in the cache even after a large one.

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
const LAST_EPOCH: u64 = (1 << (64 - EPOCH_SHIFT)) - 1;

/// The smallest table: 2^10 slots (16 KiB).
const MIN_BITS: u32 = 10;

pub(crate) struct Table {
    /// `[changed, packed | epoch << 48]` per slot; a slot whose epoch is not the current
    /// one is vacant. Only the first `1 << bits` slots are in use.
    slots: Vec<[u64; 2]>,
    bits: u32,
    /// The top bits of the hash to ignore (they chose the bucket of the keys, see
    /// [`Buckets`]).
    skip: u32,
    len: usize,
    /// Grow when `len` reaches this.
    limit: usize,
    epoch: u64,
    /// The keys being moved while growing.
    spill: Vec<Key>,
}

impl Table {
    pub(crate) fn new() -> Table {
        let mut t = Table {
            slots: Vec::new(),
            bits: MIN_BITS,
            skip: 0,
            len: 0,
            limit: 0,
            epoch: 0,
            spill: Vec::new(),
        };
        t.start(MIN_BITS);
        t
    }

    /// Starts a new epoch with `1 << bits` slots in use.
    fn start(&mut self, bits: u32) {
        self.bits = bits;
        self.len = 0;
        self.limit = (1 << bits) / 2;
        if self.slots.len() < 1 << bits {
            self.slots.resize(1 << bits, [0, 0]);
        }
        self.epoch += 1;
        if self.epoch > LAST_EPOCH {
            self.slots.iter_mut().for_each(|s| *s = [0, 0]);
            self.epoch = 1;
        }
    }

    /// Empties the set for a new search, sized for about as many keys as the last one
    /// held.
    pub(crate) fn clear(&mut self) {
        let mut bits = MIN_BITS;
        while (1 << bits) / 2 < self.len && bits < self.bits {
            bits += 1;
        }
        self.skip = 0;
        self.start(bits);
    }

    /// Empties the set for the keys of one bucket: `keys` of them, whose hashes share
    /// their top `skip` bits.
    pub(crate) fn clear_for_bucket(&mut self, keys: usize, skip: u32) {
        let mut bits = MIN_BITS;
        while (1 << bits) / 2 <= keys {
            bits += 1;
        }
        self.skip = skip;
        self.start(bits);
    }

    /// The number of keys in the set.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The memory the slots use, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.capacity() * core::mem::size_of::<[u64; 2]>()
            + self.spill.capacity() * core::mem::size_of::<Key>()
    }

    /// The hash of a key: its top bits choose a bucket, the next ones a slot.
    #[inline(always)]
    fn hash(key: Key) -> u64 {
        crate::hash::fold(key.changed, key.packed)
    }

    #[inline(always)]
    fn slot_of(&self, key: Key) -> usize {
        ((Table::hash(key) << self.skip) >> (64 - self.bits)) as usize
    }

    /// Reads the slot where the search for `key` starts (to bring it into the cache).
    #[inline(always)]
    pub(crate) fn peek(&self, key: Key) -> u64 {
        self.slots[self.slot_of(key)][1]
    }

    /// Adds `key`; returns whether it was new.
    #[inline]
    pub(crate) fn insert(&mut self, key: Key) -> bool {
        debug_assert!(key.packed <= CONTENT_MASK);
        if self.len >= self.limit {
            self.grow();
        }

        let tagged = key.packed | (self.epoch << EPOCH_SHIFT);
        let mask = (1 << self.bits) - 1;
        let mut i = self.slot_of(key);
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

    /// Doubles the number of slots in use, keeping the keys.
    #[cold]
    fn grow(&mut self) {
        let epoch = self.epoch;
        self.spill.clear();
        self.spill.extend(
            self.slots[..1 << self.bits]
                .iter()
                .filter(|s| s[1] >> EPOCH_SHIFT == epoch)
                .map(|s| Key {
                    changed: s[0],
                    packed: s[1] & CONTENT_MASK,
                }),
        );
        self.start(self.bits + 1);
        let spill = core::mem::take(&mut self.spill);
        for &key in &spill {
            self.insert(key);
        }
        self.spill = spill;
    }
}

/// Keys set aside by the top bits of their hash, so that each bucket can be deduplicated
/// with a table small enough to stay in the cache: writing the keys out and reading them
/// back is sequential, where inserting them into one large table would miss the cache
/// on almost every key.
pub(crate) struct Buckets {
    /// `1 << bits` buckets are in use (`bits` from 1 to [`MAX_BUCKET_BITS`]).
    bits: u32,
    lists: Vec<Vec<Key>>,
}

/// At most 256 buckets.
pub(crate) const MAX_BUCKET_BITS: u32 = 8;

impl Buckets {
    pub(crate) fn new() -> Buckets {
        Buckets {
            bits: 1,
            lists: Vec::new(),
        }
    }

    /// Empties the buckets and uses `1 << bits` of them.
    pub(crate) fn start(&mut self, bits: u32) {
        let bits = bits.clamp(1, MAX_BUCKET_BITS);
        self.bits = bits;
        if self.lists.len() < 1 << bits {
            self.lists.resize_with(1 << bits, Vec::new);
        }
        self.lists[..1 << bits].iter_mut().for_each(Vec::clear);
    }

    /// The bucket of `key`.
    #[inline(always)]
    pub(crate) fn bucket_of(&self, key: Key) -> usize {
        (Table::hash(key) >> (64 - self.bits)) as usize
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, key: Key) {
        let b = self.bucket_of(key);
        self.lists[b].push(key);
    }

    /// The number of buckets in use.
    pub(crate) fn count(&self) -> usize {
        1 << self.bits
    }

    /// The hash bits that chose the bucket, for [`Table::clear_for_bucket`].
    pub(crate) fn bits(&self) -> u32 {
        self.bits
    }

    /// The keys of bucket `b`.
    pub(crate) fn keys(&self, b: usize) -> &[Key] {
        &self.lists[b]
    }

    /// The memory held, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.lists
            .iter()
            .map(|l| l.capacity() * core::mem::size_of::<Key>())
            .sum()
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

        for round in 0..3 {
            for i in 0..10_000 {
                assert!(t.insert(key(i)), "round {round}");
            }
            assert_eq!(t.len(), 10_000);
            for i in 0..10_000 {
                assert!(!t.insert(key(i)));
            }
            t.clear();
            assert_eq!(t.len(), 0);
        }
        assert!(t.insert(key(7)));
        assert!(!t.insert(key(7)));
    }

    #[test]
    fn epochs_wrap_around() {
        let mut t = Table::new();
        let key = Key {
            changed: 5,
            packed: 3,
        };
        for _ in 0..(LAST_EPOCH + 10) {
            t.clear();
            assert!(t.insert(key));
            assert!(!t.insert(key));
        }
    }
}
