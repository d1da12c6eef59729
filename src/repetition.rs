//! Counting positions for the repetition rule.

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
#[derive(Debug, Clone, Default)]
pub(crate) struct Repetitions {
    counts: HashMap<SeenKey, u32, BuildHasherDefault<PassThroughHasher>>,
    twice: [u32; 2],
}

impl Repetitions {
    pub(crate) fn count(&self, key: &SeenKey) -> u32 {
        self.counts.get(key).copied().unwrap_or(0)
    }

    pub(crate) fn add(&mut self, key: SeenKey) {
        let n = self.counts.entry(key).or_insert(0);
        *n += 1;
        if *n == 2 {
            self.twice[key.side.index()] += 1;
        }
    }

    pub(crate) fn remove(&mut self, key: &SeenKey) {
        if let Some(n) = self.counts.get_mut(key) {
            if *n == 2 {
                self.twice[key.side.index()] -= 1;
            }
            *n -= 1;
            if *n == 0 {
                self.counts.remove(key);
            }
        }
    }

    /// Whether some position with `side` to move has occurred twice.
    pub(crate) fn any_twice(&self, side: Color) -> bool {
        self.twice[side.index()] > 0
    }
}
