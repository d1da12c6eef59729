//! The Lightvector search's node: the turn state after some steps, the pieces those
//! steps moved or killed ([`Tracked`]), the progress on direction tokens, and the
//! transposition key ([`StateKey`]). The bounds (`goals`) and the search (`search`)
//! both read it; it depends on neither.

use crate::MAX_STEPS;
use crate::{Bitboard, Color, Move, Piece, PieceKind, Position, Square, Step, TurnState};

/// The most pieces a turn can touch: each step moves one piece and kills at most one.
pub(super) const MAX_TRACKED: usize = 2 * MAX_STEPS;

/// A piece that has moved or died during the turn.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tracked {
    /// The piece.
    pub piece: Piece,
    /// Where it stood when the search began.
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
    /// Whether its end (or capture) square differs from its start square.
    pub fn displaced(&self) -> bool {
        self.cur != self.start
    }
}

/// A state of the search: the position after some steps and what they did.
#[derive(Clone)]
pub(crate) struct Node {
    /// The board and the turn state after the steps (the core's [`TurnState`]: no keys,
    /// no start board; [`Search`] holds the board the turn started from).
    pub state: TurnState,
    tracked: [Option<Tracked>; MAX_TRACKED],
    ntracked: u8,
    /// The steps so far.
    pub mv: Move,
    /// For each step, the index in `tracked` of the piece that moved.
    movers: [u8; MAX_STEPS],
    /// The direction token being matched (index into the goals' direction tokens).
    pub(super) dir_token: u8,
    /// Progress of each tracked piece on the current direction token.
    pub(super) prog: [u8; MAX_TRACKED],
}

impl Node {
    /// The start of a search from `pos` (its turn state as it is).
    pub fn root(pos: &Position) -> Node {
        Node {
            state: *pos.turn_state(),
            tracked: [None; MAX_TRACKED],
            ntracked: 0,
            mv: Move::EMPTY,
            movers: [0; MAX_STEPS],
            dir_token: 0,
            prog: [0; MAX_TRACKED],
        }
    }

    /// The pieces that moved or died, in the order they first did.
    pub fn tracked(&self) -> impl Iterator<Item = &Tracked> + '_ {
        self.tracked[..self.ntracked as usize].iter().flatten()
    }

    /// The tracked piece with index `i`.
    pub fn get(&self, i: usize) -> Option<&Tracked> {
        self.tracked.get(i).and_then(Option::as_ref)
    }

    /// How many pieces were tracked.
    pub fn ntracked(&self) -> usize {
        self.ntracked as usize
    }

    /// For each step, the index in [`Node::get`] of the piece that took it.
    pub fn movers(&self) -> &[u8] {
        &self.movers[..self.mv.len()]
    }

    /// How many pieces end (or die) away from their start square.
    pub fn displaced(&self) -> u32 {
        self.tracked().filter(|t| t.displaced()).count() as u32
    }

    /// Pieces of `color` that died.
    pub fn captured(&self, color: Color) -> u32 {
        self.tracked()
            .filter(|t| t.captured && t.piece.color == color)
            .count() as u32
    }

    /// The index of the tracked live piece on `sq`, if it has moved.
    pub(super) fn alive_at(&self, sq: Square) -> Option<usize> {
        self.tracked[..self.ntracked as usize]
            .iter()
            .position(|t| t.is_some_and(|t| !t.captured && t.cur == sq))
    }

    /// The squares visited by the live piece now on `sq` (just `sq` if it has not moved).
    pub(super) fn visited_of(&self, sq: Square) -> Bitboard {
        match self.alive_at(sq).and_then(|i| self.get(i)) {
            Some(t) => t.visited,
            None => Bitboard::from_square(sq),
        }
    }

    /// The index of the tracked entry for `piece` on `sq`, made if new.
    fn entry_for(&mut self, sq: Square, piece: Piece) -> usize {
        if let Some(i) = self.alive_at(sq) {
            return i;
        }
        // At most one new entry per moving piece and one per dying piece per step, so
        // MAX_TRACKED entries always suffice.
        let i = (self.ntracked as usize).min(MAX_TRACKED - 1);
        self.tracked[i] = Some(Tracked {
            piece,
            start: sq,
            cur: sq,
            visited: Bitboard::from_square(sq),
            captured: false,
            first: self.mv.len() as u8,
        });
        self.ntracked = (i + 1) as u8;
        i
    }

    /// Plays a legal step and records what it did; returns the index in
    /// [`Node::get`] of the piece that took it ([`Goals::play`](super::goals::Goals::play)
    /// also advances the direction tokens).
    pub(super) fn apply(&mut self, step: Step) -> usize {
        let idx = self.mv.len();
        let eff = self.state.play_step_unchecked(step);
        let e = self.entry_for(eff.from, eff.piece);

        if let Some(t) = &mut self.tracked[e] {
            t.cur = eff.to;
            t.visited = t.visited.with(eff.to);
        }

        if let Some(c) = eff.capture {
            let v = if c.square == eff.to {
                e
            } else {
                self.entry_for(c.square, c.piece)
            };
            if let Some(t) = &mut self.tracked[v] {
                t.captured = true;
            }
        }
        if idx < MAX_STEPS {
            self.movers[idx] = e as u8;
        }

        // The search never goes deeper than the turn's steps, so there is room.
        let pushed = self.mv.push(step);
        debug_assert!(pushed.is_ok(), "a turn's steps fit in a move");
        e
    }

    /// The enemy pieces the next step may pull (none after a push or a pull, or while
    /// a push waits to be completed): [`TurnState::pullable`].
    pub(super) fn pullable(&self) -> Bitboard {
        self.state.pullable()
    }

    /// The transposition key at `depth`: the pending push, the pull that can be made,
    /// the progress on direction tokens, and for every tracked piece what a token can
    /// see of it (letter, start, where it is or died, whether it died, its progress on
    /// the current direction token, and which of the `named` squares it visited),
    /// sorted by start square so that step orders that commute meet. A piece back on
    /// its start square, alive, with no progress and no named square visited but its
    /// start is left out: it is indistinguishable from a piece that never moved. The
    /// board is not in the key: it is the root's with the tracked pieces moved from
    /// their start to where they are, the dead removed (the same root for every state
    /// of a search).
    pub(super) fn key(&self, depth: u32, named: Bitboard) -> StateKey {
        let enc = |o: Option<(Square, PieceKind)>| {
            o.map_or(0u64, |(s, k)| 1 + u64::from(s.index()) + 64 * k as u64)
        };

        // A pull nobody can make is no different from none.
        let pull = self.state.pull_source().filter(|_| self.pullable().any());
        let misc = enc(self.state.pending_push())
            | (enc(pull) << 10)
            | (u64::from(self.dir_token) << 20)
            | (u64::from(depth) << 28);

        let mut entries = [[0u64; 2]; MAX_TRACKED];
        let mut n = 0;
        for (i, t) in self.tracked[..self.ntracked as usize].iter().enumerate() {
            let Some(t) = t else { continue };
            let seen = t.visited & named;
            let relevant =
                t.captured || t.cur != t.start || self.prog[i] > 0 || seen.without(t.start).any();
            if relevant {
                let a = t.piece.index() as u64
                    | (u64::from(t.start.index()) << 4)
                    | (u64::from(t.cur.index()) << 10)
                    | (u64::from(t.captured) << 16)
                    | (u64::from(self.prog[i]) << 17)
                    | 1 << 24;
                entries[n] = [a, seen.0];
                n += 1;
            }
        }

        // Sorting by the whole entry sorts by start square first (bits 4-9 above the
        // piece, which a square holds at most one of at the start).
        entries[..n].sort_unstable_by_key(|e| (e[0] >> 4) & 63);
        StateKey {
            misc,
            n: n as u8,
            entries,
        }
    }
}

/// An exact description of a search state (see [`Node::key`]). Equality compares it
/// all; the hash takes the entries in use.
#[derive(Clone, PartialEq, Eq)]
pub(super) struct StateKey {
    misc: u64,
    n: u8,
    entries: [[u64; 2]; MAX_TRACKED],
}

impl std::hash::Hash for StateKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.misc);
        for e in &self.entries[..usize::from(self.n)] {
            state.write_u64(e[0]);
            state.write_u64(e[1]);
        }
    }
}
