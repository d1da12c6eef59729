//! Search nodes: the position after some steps, the pieces that moved or died with
//! their paths, and the transposition key.

use crate::{Bitboard, Board, Color, Move, Piece, PieceKind, Position, Square, Step, MAX_STEPS};

use super::Goals;

/// The most pieces a turn can touch: each step moves one piece and kills at most one.
pub(super) const MAX_TRACKED: usize = 2 * MAX_STEPS;

/// A piece that has moved or died during the turn.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tracked {
    /// The piece.
    pub piece: Piece,
    /// Where it stood when the turn (the search) began.
    pub start: Square,
    /// Where it stands now, or the trap it died on.
    pub cur: Square,
    /// Every square it has occupied, the start included.
    pub visited: Bitboard,
    /// Whether a trap took it.
    pub captured: bool,
    /// The index of the step at which it first moved or died.
    pub first: u8,
}

impl Tracked {
    const NONE: Tracked = Tracked {
        piece: Piece::new(Color::Gold, PieceKind::Rabbit),
        start: Square::A1,
        cur: Square::A1,
        visited: Bitboard::EMPTY,
        captured: false,
        first: 0,
    };

    /// Whether its end (or capture) square differs from its start square.
    pub fn displaced(&self) -> bool {
        self.cur != self.start
    }
}

/// A state of the search: the position after some steps and what they did.
#[derive(Clone)]
pub(crate) struct Node {
    /// The position after the steps.
    pub pos: Position,
    pub(super) tracked: [Tracked; MAX_TRACKED],
    pub(super) ntracked: u8,
    /// The steps so far.
    pub mv: Move,
    /// For each step, the index in `tracked` of the piece that moved.
    pub(super) movers: [u8; MAX_STEPS],
    /// The direction token being matched (index into [`Goals::dirs`]).
    pub(super) dir_token: u8,
    /// Progress of each tracked piece on the current direction token.
    pub(super) prog: [u8; MAX_TRACKED],
}

impl Node {
    /// The start of a search from `pos` (its turn state as it is).
    pub fn root(pos: &Position) -> Node {
        Node {
            pos: pos.clone(),
            tracked: [Tracked::NONE; MAX_TRACKED],
            ntracked: 0,
            mv: Move::EMPTY,
            movers: [0; MAX_STEPS],
            dir_token: 0,
            prog: [0; MAX_TRACKED],
        }
    }

    /// The pieces that moved or died.
    pub fn tracked(&self) -> &[Tracked] {
        &self.tracked[..self.ntracked as usize]
    }

    /// For each step, the index in [`Node::tracked`] of the piece that took it.
    pub fn movers(&self) -> &[u8] {
        &self.movers[..self.mv.len()]
    }

    /// How many pieces end (or die) away from their start square.
    pub fn displaced(&self) -> u32 {
        self.tracked().iter().filter(|t| t.displaced()).count() as u32
    }

    /// Pieces of `color` that died.
    pub fn captured(&self, color: Color) -> u32 {
        self.tracked()
            .iter()
            .filter(|t| t.captured && t.piece.color == color)
            .count() as u32
    }

    /// The tracked entry of the live piece on `sq`, if it has moved.
    pub(super) fn alive_at(&self, sq: Square) -> Option<usize> {
        self.tracked()
            .iter()
            .position(|t| !t.captured && t.cur == sq)
    }

    /// The squares visited by the live piece now on `sq` (just `sq` if it has not moved).
    pub(super) fn visited_of(&self, sq: Square) -> Bitboard {
        match self.alive_at(sq) {
            Some(i) => self.tracked[i].visited,
            None => Bitboard::from_square(sq),
        }
    }

    fn entry_for(&mut self, sq: Square, piece: Piece) -> usize {
        if let Some(i) = self.alive_at(sq) {
            return i;
        }
        let i = self.ntracked as usize;
        // At most one new entry per moving piece and one per dying piece per step.
        debug_assert!(i < MAX_TRACKED);
        let i = i.min(MAX_TRACKED - 1);
        self.tracked[i] = Tracked {
            piece,
            start: sq,
            cur: sq,
            visited: Bitboard::from_square(sq),
            captured: false,
            first: self.mv.len() as u8,
        };
        self.ntracked = (i + 1) as u8;
        i
    }

    /// Plays a legal step and records what it did.
    pub fn apply(&mut self, step: Step, goals: &Goals) {
        let idx = self.mv.len();
        let eff = self.pos.play_step_unchecked(step);
        let e = self.entry_for(eff.from, eff.piece);
        {
            let t = &mut self.tracked[e];
            t.cur = eff.to;
            t.visited = t.visited.with(eff.to);
        }
        if let Some(c) = eff.capture {
            let v = if c.square == eff.to {
                e
            } else {
                self.entry_for(c.square, c.piece)
            };
            self.tracked[v].captured = true;
        }
        if idx < MAX_STEPS {
            self.movers[idx] = e as u8;
        }
        self.mv.push(step);
        goals.advance_dirs(self, e, step);
    }
}

/// An exact description of a search state, for the transposition table: the board,
/// the turn state, the matching of direction tokens, the depth, and the facts about
/// every tracked piece (sorted by start square, so step orders that commute meet).
#[derive(Clone, PartialEq, Eq)]
pub(super) struct StateKey {
    hash: u64,
    board: Board,
    misc: u64,
    entries: [u64; 2 * MAX_TRACKED],
}

impl core::hash::Hash for StateKey {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// A hasher for keys that carry their own well-mixed hash.
#[derive(Default)]
pub(super) struct PassThrough(u64);

impl core::hash::Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

#[inline]
pub(super) fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Node {
    /// The transposition key. Pieces that are back where they started, alive, with no
    /// progress on a direction token and no token square on their path are left out,
    /// and paths are cut to the squares tokens name: nothing else can tell such states
    /// apart.
    pub(super) fn key(&self, depth: u32, named: Bitboard) -> StateKey {
        let turn = self.pos.turn_state();
        let enc = |o: Option<(Square, PieceKind)>| {
            o.map_or(0u64, |(s, k)| 1 + u64::from(s.index()) + 64 * k as u64)
        };
        // A pull nobody can make is no different from no pull: states reached by
        // independent steps in another order then meet.
        let board = self.pos.board();
        let side = self.pos.side_to_move();
        let pull = turn.pull.filter(|&(sq, k)| {
            turn.push.is_none()
                && PieceKind::ALL
                    .iter()
                    .filter(|&&w| w < k)
                    .any(|&w| (board.pieces(w.of(!side)) & Bitboard::adjacent(sq)).any())
        });
        let misc = enc(turn.push)
            | (enc(pull) << 10)
            | (u64::from(self.dir_token) << 20)
            | (u64::from(depth) << 28);
        let mut order = [0usize; MAX_TRACKED];
        let mut n = 0;
        for (i, t) in self.tracked().iter().enumerate() {
            let relevant = t.captured
                || t.cur != t.start
                || self.prog[i] > 0
                || (t.visited & named).without(t.start).any();
            if relevant {
                order[n] = i;
                n += 1;
            }
        }
        order[..n].sort_unstable_by_key(|&i| self.tracked[i].start.index());
        let mut entries = [0u64; 2 * MAX_TRACKED];
        let mut h = self.pos.zobrist() ^ mix(misc);
        for (j, &i) in order[..n].iter().enumerate() {
            let t = &self.tracked[i];
            let a = t.piece.index() as u64
                | (u64::from(t.start.index()) << 4)
                | (u64::from(t.cur.index()) << 10)
                | (u64::from(t.captured) << 16)
                | (u64::from(self.prog[i]) << 17)
                | 1 << 24;
            let visited = (t.visited & named).0;
            entries[2 * j] = a;
            entries[2 * j + 1] = visited;
            h = mix(h ^ a ^ visited.rotate_left(17));
        }
        StateKey {
            hash: h,
            board: *self.pos.board(),
            misc,
            entries,
        }
    }
}
