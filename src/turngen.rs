//! Full-turn move generation: every distinct board one complete turn can produce.
//!
//! The search runs breadth first over the steps of the turn. Each layer holds the
//! distinct states (board and turn state) reachable with exactly that many steps, so
//! every resulting board is first met through a shortest step sequence, and a state met
//! again later (through a transposition, with no more steps left) is not expanded twice.
//!
//! Deduplication is exact. A board is keyed by how it differs from the root board: the
//! set of changed squares and, packed four bits each, what now stands on them. A turn
//! touches at most 12 squares (each of at most four steps empties one square, fills
//! one and may clear one trap), so 48 bits hold the contents and the two words are a
//! complete, collision-free description of the board. The Zobrist hash only chooses the
//! slot in the table.

use crate::movegen::{apply_step, gen_steps, StepList};
use crate::position::TurnState;
use crate::{Board, Color, Move, PieceKind, Position, Square};

/// A board described exactly by its difference from the root board, plus (for search
/// states) the turn state in the top 16 bits of `packed`.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    changed: u64,
    packed: u64,
}

fn board_key(root: &Board, b: &Board) -> Key {
    let mut changed = 0;
    for c in Color::ALL {
        changed |= (root.color(c) ^ b.color(c)).0;
    }
    for k in PieceKind::ALL {
        changed |= (root.kind(k) ^ b.kind(k)).0;
    }
    let mut packed = 0u64;
    let mut shift = 0;
    let mut bits = changed;
    while bits != 0 {
        let sq = Square::ALL[bits.trailing_zeros() as usize];
        bits &= bits - 1;
        let code = b.piece_at(sq).map_or(0, |p| p.index() as u64 + 1);
        packed |= code << shift;
        shift += 4;
    }
    Key { changed, packed }
}

fn state_code(t: &TurnState) -> u64 {
    let enc = |o: Option<(Square, PieceKind)>| o.map_or(0, |(s, k)| 1 + s as u64 + 64 * k as u64);
    enc(t.push) | (enc(t.pull) << 9)
}

/// An open-addressing hash set of keys with a `u32` payload each.
struct Table {
    slots: Vec<(u64, Key, u32)>,
    len: usize,
}

const VACANT: u32 = u32::MAX;

impl Table {
    fn new() -> Table {
        Table {
            slots: vec![
                (
                    0,
                    Key {
                        changed: 0,
                        packed: 0
                    },
                    VACANT
                );
                1024
            ],
            len: 0,
        }
    }

    /// Inserts the key unless present; returns whether it was inserted.
    fn insert(&mut self, hash: u64, key: Key, payload: u32) -> bool {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = (hash as usize) & mask;
        loop {
            let slot = &mut self.slots[i];
            if slot.2 == VACANT {
                *slot = (hash, key, payload);
                self.len += 1;
                return true;
            }
            if slot.0 == hash && slot.1 == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let bigger = vec![
            (
                0,
                Key {
                    changed: 0,
                    packed: 0
                },
                VACANT
            );
            self.slots.len() * 2
        ];
        let old = core::mem::replace(&mut self.slots, bigger);
        let mask = self.slots.len() - 1;
        for slot in old.into_iter().filter(|s| s.2 != VACANT) {
            let mut i = (slot.0 as usize) & mask;
            while self.slots[i].2 != VACANT {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }
}

#[derive(Clone)]
struct Node {
    board: Board,
    hash: u64,
    turn: TurnState,
    mv: Move,
}

/// Runs the search from `pos` and calls `found` once for every distinct resulting board
/// with a shortest move producing it and the board's Zobrist hash (placement only).
pub(crate) fn for_each_unique(pos: &Position, mut found: impl FnMut(&Move, &Board, u64)) {
    let side = pos.side_to_move();
    let root = *pos.board();
    let start = *pos.turn_start_board();
    let root_turn = *pos.turn_state();
    let mid_turn = root_turn.taken > 0;
    let mut results = Table::new();
    let mut seen = Table::new();
    let mut layer = vec![Node {
        board: root,
        hash: root.hash(),
        turn: root_turn,
        mv: Move::EMPTY,
    }];
    let mut next = Vec::new();
    let mut steps = StepList::new();
    let depth = root_turn.left();
    for d in 0..depth {
        let last = d + 1 == depth;
        for node in &layer {
            steps.clear();
            gen_steps(&node.board, side, &node.turn, &mut steps);
            for &step in steps.iter() {
                let mut child = node.clone();
                apply_step(
                    &mut child.board,
                    &mut child.hash,
                    side,
                    &mut child.turn,
                    step,
                );
                child.mv.push(step);
                let key = board_key(&root, &child.board);
                if child.turn.push.is_none() {
                    let unchanged = if mid_turn {
                        child.board == start
                    } else {
                        key.changed == 0
                    };
                    if !unchanged && results.insert(child.hash, key, 0) {
                        found(&child.mv, &child.board, child.hash);
                    }
                }
                if !last && child.turn.left() > 0 {
                    let code = state_code(&child.turn);
                    let skey = Key {
                        changed: key.changed,
                        packed: key.packed | (code << 48),
                    };
                    let h = child.hash ^ code.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                    if seen.insert(h, skey, 0) {
                        next.push(child);
                    }
                }
            }
        }
        core::mem::swap(&mut layer, &mut next);
        next.clear();
    }
}

impl Position {
    /// Every distinct board one complete turn can produce from here (using the steps
    /// left in the turn), each as a shortest move that produces it. The unchanged board
    /// and turns that end in the middle of a push are excluded; repetition is not
    /// considered here (see [`Game`](crate::Game) for that).
    ///
    /// ```
    /// use arimaa::Position;
    /// let pos: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"
    ///     .parse()
    ///     .unwrap();
    /// assert_eq!(pos.legal_moves().len(), 3353);
    /// ```
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for_each_unique(self, |m, _, _| out.push(*m));
        out
    }

    /// The number of distinct boards one complete turn can produce: the length of
    /// [`legal_moves`](Position::legal_moves) without building the list.
    pub fn count_moves(&self) -> usize {
        let mut n = 0;
        for_each_unique(self, |_, _, _| n += 1);
        n
    }

    /// Calls `f` for every distinct move with the board it produces and that board's
    /// Zobrist hash (placement only; XOR in nothing for the side, which is the
    /// opponent's after the move). Nothing is collected.
    pub fn for_each_move(&self, f: impl FnMut(&Move, &Board, u64)) {
        for_each_unique(self, f);
    }

    /// Whether the side to move has at least one legal turn (repetition not
    /// considered).
    pub fn has_legal_move(&self) -> bool {
        if self.steps_taken() == 0 {
            // At the start of a turn every legal first step begins a turn that changes
            // the board: a simple step or a pull moves a piece, and a push can always be
            // completed (the pusher beside the vacated square is unfrozen and it is
            // empty).
            !self.legal_steps().is_empty()
        } else {
            let mut any = false;
            for_each_unique(self, |_, _, _| any = true);
            any
        }
    }
}
