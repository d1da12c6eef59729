//! Counting positions for the repetition rule.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::hash::PassThroughHasher;
use crate::{zobrist, Board, Color, Position};

/// A position as the repetition rule sees it: board and side to move. Compared exactly;
/// hashed by its Zobrist hash, which is already well mixed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SeenKey {
    hash: u64,
    board: Board,
    side: Color,
}

impl SeenKey {
    pub(crate) fn of(pos: &Position) -> SeenKey {
        SeenKey {
            hash: pos.zobrist(),
            board: *pos.board(),
            side: pos.side_to_move(),
        }
    }

    /// The key of `board` with `side` to move, given the board's placement hash.
    pub(crate) fn from_board(board: &Board, board_hash: u64, side: Color) -> SeenKey {
        SeenKey {
            hash: board_hash ^ zobrist::side_key(side),
            board: *board,
            side,
        }
    }
}

impl Hash for SeenKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// How often each position has occurred, with the number of positions seen at least
/// twice for each side to move (when there are none, no turn can be a third
/// repetition and nothing needs looking up).
///
/// Kept compact, since a game adds a position every turn: the table holds the hash, the
/// count and the side, and the boards are kept in order beside it (`boards`), so a
/// lookup compares one board. A position whose hash an earlier, different position
/// holds (a collision of 64-bit keys, which practically never happens) is counted in
/// `clashes`, by its whole key: the counts stay exact either way.
#[derive(Debug, Clone, Default)]
pub(crate) struct Repetitions {
    counts: HashMap<u64, Seen, BuildHasherDefault<PassThroughHasher>>,
    boards: Vec<Board>,
    clashes: HashMap<SeenKey, u32, BuildHasherDefault<PassThroughHasher>>,
    twice: [u32; 2],
}

/// The entry of a hash: how often its position occurred, with its side to move and
/// where its board is in `Repetitions::boards`.
#[derive(Debug, Clone, Copy)]
struct Seen {
    count: u32,
    side: Color,
    board: usize,
}

impl Repetitions {
    /// Whether `seen` is the entry of the position `key` (and not of another position
    /// with the same hash), its board being in `boards`.
    fn holds(boards: &[Board], seen: &Seen, key: &SeenKey) -> bool {
        seen.side == key.side && boards.get(seen.board) == Some(&key.board)
    }

    pub(crate) fn count(&self, key: &SeenKey) -> u32 {
        match self.counts.get(&key.hash) {
            Some(seen) if Self::holds(&self.boards, seen, key) => seen.count,
            _ => self.clashes.get(key).copied().unwrap_or(0),
        }
    }

    pub(crate) fn add(&mut self, key: SeenKey) {
        let boards = &mut self.boards;
        let n = match self.counts.entry(key.hash) {
            Entry::Vacant(entry) => {
                entry.insert(Seen {
                    count: 1,
                    side: key.side,
                    board: boards.len(),
                });
                boards.push(key.board);
                1
            }
            Entry::Occupied(mut entry) if Self::holds(boards, entry.get(), &key) => {
                entry.get_mut().count += 1;
                entry.get().count
            }
            Entry::Occupied(_) => {
                let n = self.clashes.entry(key).or_insert(0);
                *n += 1;
                *n
            }
        };
        if n == 2 {
            self.twice[key.side.index()] += 1;
        }
    }

    pub(crate) fn remove(&mut self, key: &SeenKey) {
        let before = match self.counts.get_mut(&key.hash) {
            Some(seen) if Self::holds(&self.boards, seen, key) => {
                let before = seen.count;
                seen.count -= 1;
                if seen.count == 0 {
                    let board = seen.board;
                    self.counts.remove(&key.hash);
                    // Undo takes positions back in order: the board is the last one.
                    if board + 1 == self.boards.len() {
                        self.boards.pop();
                    }
                }
                before
            }
            _ => match self.clashes.get_mut(key) {
                Some(n) => {
                    let before = *n;
                    *n -= 1;
                    if *n == 0 {
                        self.clashes.remove(key);
                    }
                    before
                }
                None => return,
            },
        };
        if before == 2 {
            self.twice[key.side.index()] -= 1;
        }
    }

    /// Takes over the storage of `old` (emptied) for these counts, which stay as they
    /// are: a new game then grows without allocating.
    pub(crate) fn reuse_storage_of(&mut self, old: Repetitions) {
        let (mut counts, mut boards) = (old.counts, old.boards);
        counts.clear();
        counts.extend(self.counts.drain());
        boards.clear();
        boards.append(&mut self.boards);
        self.counts = counts;
        self.boards = boards;
    }

    /// Whether some position with `side` to move has occurred twice.
    pub(crate) fn any_twice(&self, side: Color) -> bool {
        self.twice[side.index()] > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{PieceKind, Square};

    /// A key of `board` with a hash chosen by the test (to make two positions collide).
    fn key(board: Board, hash: u64, side: Color) -> SeenKey {
        SeenKey { hash, board, side }
    }

    #[test]
    fn colliding_hashes_are_counted_apart() {
        let mut a = Board::empty();
        a.set(Square::A1, Some(PieceKind::Rabbit.of(Color::Gold)));
        let mut b = Board::empty();
        b.set(Square::B1, Some(PieceKind::Rabbit.of(Color::Gold)));
        let (ka, kb) = (key(a, 7, Color::Gold), key(b, 7, Color::Gold));
        let kc = key(a, 7, Color::Silver);
        let mut seen = Repetitions::default();
        for k in [ka, kb, kb, kc, ka, kb] {
            seen.add(k);
        }
        assert_eq!(
            (seen.count(&ka), seen.count(&kb), seen.count(&kc)),
            (2, 3, 1)
        );
        assert!(seen.any_twice(Color::Gold) && !seen.any_twice(Color::Silver));
        // Taken back in the opposite order, every count returns to what it was.
        for (k, counts) in [
            (kb, (2, 2, 1)),
            (ka, (1, 2, 1)),
            (kc, (1, 2, 0)),
            (kb, (1, 1, 0)),
            (kb, (1, 0, 0)),
            (ka, (0, 0, 0)),
        ] {
            seen.remove(&k);
            assert_eq!((seen.count(&ka), seen.count(&kb), seen.count(&kc)), counts);
        }
        assert!(!seen.any_twice(Color::Gold));
        assert!(seen.counts.is_empty() && seen.boards.is_empty() && seen.clashes.is_empty());
        // Removing what is not there changes nothing.
        seen.remove(&ka);
        assert_eq!(seen.count(&ka), 0);
    }
}
