//! The depth-first turn search over actions (simple steps, pushes, pulls) with canonical
//! ordering of independent actions. See the module documentation of `turngen` for why it
//! finds every board and why it stays exact.

use super::geometry::{direction, sets, target, StepSets};
use super::table::{Buckets, Key, Table};
use crate::TurnState;
use crate::MAX_LEGAL_STEPS;
use crate::{zobrist, Bitboard, Board, Color, Direction, Piece, PieceKind, Square, Step};

/// Cell codes: 0 for an empty square, `1 + Piece::index()` for a piece.
const PIECES: [Piece; 13] = {
    let mut out = [Piece::new(Color::Gold, PieceKind::Rabbit); 13];
    let mut i = 0;
    while i < 12 {
        let color = if i < 6 { Color::Gold } else { Color::Silver };
        out[i + 1] = Piece::new(color, PieceKind::ALL[i % 6]);
        i += 1;
    }
    out
};

/// The board of a search node: bitboards, a square-to-piece table, the Zobrist hash of
/// the placement, and the squares whose content differs from the root board.
#[derive(Clone, Copy)]
pub(super) struct Grid {
    pub board: Board,
    pub cell: [u8; 64],
    pub hash: u64,
    pub changed: Bitboard,
}

impl Grid {
    pub(super) fn new(board: &Board) -> Grid {
        let mut cell = [0u8; 64];
        for (sq, piece) in board.iter() {
            cell[sq as usize] = piece.index() as u8 + 1;
        }
        Grid {
            board: *board,
            cell,
            hash: board.zobrist(),
            changed: Bitboard::EMPTY,
        }
    }

    /// Records whether `sq` now differs from the root.
    #[inline(always)]
    fn mark(&mut self, sq: Square, root: &[u8; 64]) {
        let i = sq as usize;
        if self.cell[i] != root[i] {
            self.changed = self.changed.with(sq);
        } else {
            self.changed = self.changed.without(sq);
        }
    }

    /// Moves the piece on `f` one square in `dir` (the target is empty) and removes a
    /// piece of its colour left on a trap without a friend. Returns the square of the
    /// removed piece and its code, if one was removed. The hash is kept only when `hash`
    /// is set.
    #[inline(always)]
    fn step(
        &mut self,
        f: Square,
        dir: Direction,
        root: &[u8; 64],
        hash: bool,
    ) -> Option<(Square, u8)> {
        let t = target(f, dir);
        let code = self.cell[f as usize];
        let piece = PIECES[code as usize];
        self.board.move_piece(piece, f, t);
        self.cell[f as usize] = 0;
        self.cell[t as usize] = code;
        if hash {
            self.hash ^= zobrist::piece_key(piece, f) ^ zobrist::piece_key(piece, t);
        }
        self.mark(f, root);
        self.mark(t, root);

        let own = self.board.color(piece.color);
        let traps = sets(f, dir).traps & own;
        if traps.is_empty() {
            return None;
        }

        // No square touches two traps, so at most one piece is lost.
        let sq = (traps & !own.neighbours()).first()?;
        let code = self.cell[sq as usize];
        let piece = PIECES[code as usize];
        self.board.toggle(piece, sq);
        self.cell[sq as usize] = 0;
        if hash {
            self.hash ^= zobrist::piece_key(piece, sq);
        }
        self.mark(sq, root);
        Some((sq, code))
    }

    /// Takes back [`step`](Grid::step) (the caller restores `changed` and `hash`).
    #[inline(always)]
    fn unstep(&mut self, f: Square, dir: Direction, captured: Option<(Square, u8)>) {
        let t = target(f, dir);
        if let Some((sq, code)) = captured {
            self.board.toggle(PIECES[code as usize], sq);
            self.cell[sq as usize] = code;
        }
        let code = self.cell[t as usize];
        self.board.move_piece(PIECES[code as usize], t, f);
        self.cell[t as usize] = 0;
        self.cell[f as usize] = code;
    }

    /// The exact description of the board relative to the root.
    #[inline(always)]
    fn key(&self) -> Key {
        pack(self.changed, &self.cell)
    }

    /// The key of `board` relative to this grid's board (for excluding the board the turn
    /// started from).
    pub(super) fn key_of(&self, board: &Board) -> Key {
        let mut other = Grid::new(board);
        for sq in Square::ALL {
            other.mark(sq, &self.cell);
        }
        other.key()
    }
}

/// The Zobrist hashes of the boards found, from their keys: for each square and each
/// content, what putting that content there instead of the root's changes in the hash.
pub(super) struct HashDeltas {
    root_hash: u64,
    delta: [[u64; 16]; 64],
}

impl HashDeltas {
    pub(super) fn new(root: &Grid) -> HashDeltas {
        let mut d = HashDeltas {
            root_hash: root.hash,
            delta: [[0; 16]; 64],
        };
        let key = |code: u8, sq: usize| {
            if code == 0 {
                0
            } else {
                zobrist::piece_key(PIECES[code as usize % 13], Square::ALL[sq])
            }
        };
        for (sq, row) in d.delta.iter_mut().enumerate() {
            for (code, entry) in row.iter_mut().enumerate().take(13) {
                *entry = key(code as u8, sq) ^ key(root.cell[sq], sq);
            }
        }
        d
    }

    /// The Zobrist hash (placement only) of the board with key `key`.
    #[inline]
    pub(super) fn hash_of(&self, key: Key) -> u64 {
        let mut h = self.root_hash;
        let mut bits = key.changed;
        let mut packed = key.packed;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            h ^= self.delta[sq][(packed & 15) as usize];
            packed >>= 4;
        }
        h
    }
}

/// The key of a board given the squares that differ from the root and its cells.
#[inline(always)]
fn pack(changed: Bitboard, cell: &[u8; 64]) -> Key {
    let mut packed = 0u64;
    let mut shift = 0;
    for sq in changed {
        packed |= u64::from(cell[sq as usize]) << shift;
        shift += 4;
    }
    Key {
        changed: changed.0,
        packed,
    }
}

/// Whether the canonical order skips the simple step from `f` with square sets `s` (and
/// read set `read_simple` when paired with another simple step) after `last`.
fn skips_step(last: &Last, s: &StepSets, read_simple: Bitboard, f: Square) -> bool {
    if f >= last.key {
        return false;
    }
    let (ra, rb) = if last.simple {
        (last.read_simple, read_simple)
    } else {
        (last.read, s.read_full)
    };
    (s.write & ra).is_empty() && (last.write & rb).is_empty()
}

/// The simple steps the canonical order skips after an action, as bitboards of from
/// squares per direction: the same test as `skips_step`, for all squares at once.
///
/// A step `b` from `f` to `t` is independent of the last action `a` when `b` writes
/// nothing `a` reads and `a` writes nothing `b` reads. `b` writes `f`, `t`, `t` if it
/// is a trap and the traps beside `f`; so it writes into a set `R` exactly when `f` is
/// in `R`, `t` is in `R`, or `f` is beside a trap in `R`. `b` reads (calm) `f`, `t`,
/// the closed neighbourhood of `t` if `t` is a trap and of each trap beside `f`, plus
/// (full) the closed neighbourhood of `f`; so it reads from a set `W` exactly when `f`
/// or `t` is in `W`, `t` is a trap beside or in `W`, or `f` is beside such a trap, plus
/// (full) when `f` is in or beside `W`.
struct Prune {
    /// Squares below the last action's key.
    below: Bitboard,
    /// `f` in `R`, `f` beside a trap in `R` (the `t` part is shifted per direction).
    write_hits: Bitboard,
    read_by_last: Bitboard,
    /// Squares `t` whose step into them reads what the last action wrote.
    target_hits: Bitboard,
    /// `f` reads what the last action wrote (calm, without the `t` part).
    calm_hits: Bitboard,
    /// `f` reads what the last action wrote (full, without the `t` part).
    full_hits: Bitboard,
    threatened: Bitboard,
    simple: bool,
}

impl Prune {
    #[inline(always)]
    fn new(last: &Last, threatened: Bitboard) -> Prune {
        let below = Bitboard::below(last.key);
        let read = if last.simple {
            last.read_simple
        } else {
            last.read
        };
        let w = last.write;
        let traps_near_w = Bitboard::TRAPS & (w | w.neighbours());
        let calm_hits = w | traps_near_w.neighbours();

        Prune {
            below,
            write_hits: read | (Bitboard::TRAPS & read).neighbours(),
            read_by_last: read,
            target_hits: w | traps_near_w,
            calm_hits,
            full_hits: calm_hits | w | w.neighbours(),
            threatened,
            simple: last.simple,
        }
    }

    /// The from squares of the skipped simple steps in direction `dir`.
    #[inline(always)]
    fn steps(&self, dir: Direction) -> Bitboard {
        let back = dir.opposite();
        let writes = self.write_hits | self.read_by_last.shift(back);
        let t_hits = self.target_hits.shift(back);
        let reads = if self.simple {
            t_hits | (self.calm_hits & !self.threatened) | (self.full_hits & self.threatened)
        } else {
            t_hits | self.full_hits
        };
        self.below & !writes & !reads
    }
}

/// The number of set bits of each byte value.
static POP8: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// Where each square's entry sits in the packed contents of a key whose changed squares
/// are `changed`: the number of changed squares below it.
#[derive(Default)]
struct Slots {
    changed: u64,
    /// Changed squares on the ranks below each rank.
    below_rank: [u32; 8],
}

impl Slots {
    #[inline(always)]
    fn new(changed: u64) -> Slots {
        let mut below_rank = [0; 8];
        let mut total = 0;
        for (r, below) in below_rank.iter_mut().enumerate() {
            *below = total;
            total += u32::from(POP8[((changed >> (8 * r)) & 0xff) as usize]);
        }
        Slots {
            changed,
            below_rank,
        }
    }

    #[inline(always)]
    fn index(&self, sq: Square) -> u32 {
        let sq = sq as usize;
        let on_rank = (self.changed >> (sq & 56)) & ((1 << (sq & 7)) - 1);
        self.below_rank[sq >> 3] + u32::from(POP8[on_rank as usize])
    }
}

/// The packed contents `p` with the entry at index `i` changed: `had` says whether the
/// square had an entry, `want` whether it keeps one, holding `code`.
#[inline(always)]
fn edit(p: u64, i: u32, had: bool, want: bool, code: u64) -> u64 {
    let shift = 4 * i;
    let low = (1u64 << shift) - 1;
    let high = (p >> (4 * u32::from(had))) & !low;
    (p & low) | (high << (4 * u32::from(want))) | ((code * u64::from(want)) << shift)
}

/// What a search reports boards to.
pub(super) trait Visit {
    /// Whether the steps leading to each board are needed.
    const MOVES: bool;
    /// Whether the board and its hash are needed when the board is found (otherwise the
    /// grid passed to [`visit`](Visit::visit) is not the board found, and the search
    /// does not keep the hash up to date).
    const BOARD: bool;
    /// Whether boards may be inserted later than found, in batches: when neither the
    /// board nor the moves are needed.
    const DEFER: bool = !Self::BOARD && !Self::MOVES;
    /// Called once for each distinct board, with its key; returns `false` to stop the
    /// search.
    fn visit(&mut self, grid: &Grid, key: Key, path: &[Step]) -> bool;
}

/// The previous action, for the pruning rules.
#[derive(Clone, Copy)]
struct Last {
    /// The square that orders actions (a1: no square is below it, so nothing is pruned
    /// against this action).
    key: Square,
    /// Whether it was a simple step of the mover's own piece.
    simple: bool,
    /// Squares it may have changed.
    write: Bitboard,
    /// Squares its outcome depends on.
    read: Bitboard,
    /// Squares its outcome depends on when paired with another simple step.
    read_simple: Bitboard,
    /// The step that would exactly undo it, if any.
    undo: Option<Step>,
}

const FIRST: Last = Last {
    key: Square::A1,
    simple: false,
    write: Bitboard::EMPTY,
    read: Bitboard::EMPTY,
    read_simple: Bitboard::EMPTY,
    undo: None,
};

pub(super) struct Search<'a, V: Visit> {
    side: Color,
    /// The node being expanded (made and unmade in place).
    grid: Grid,
    root: [u8; 64],
    /// The occupied squares of the root board.
    root_occupied: Bitboard,
    table: &'a mut Table,
    /// Where deferred keys go when `bucketed` (see [`Buckets`]).
    buckets: &'a mut Buckets,
    bucketed: bool,
    pub(super) visitor: V,
    path: [Step; 4],
    len: usize,
    /// Boards at a depth below this are not reported (iterative deepening).
    emit_from: u32,
    /// Whether a first step may be undone by the second (in the middle of a turn the
    /// board before the search is itself a result when it differs from the board the turn
    /// started from, and stepping away and back is the shortest way to reach it).
    undo_first: bool,
    /// The most steps a move may have in this pass.
    limit: u32,
    stop: bool,
    /// Keys waiting to be inserted: all boards found (visitors that need neither boards
    /// nor moves), or the leaves of one node (the others).
    pending: [Key; PENDING],
    waiting: usize,
    /// The leaf step of each waiting key set aside by a node for visitors that need
    /// boards or moves (from square, direction).
    leaf_steps: [Step; PENDING],
    /// The key of the node being expanded (kept when boards are inserted later).
    node_key: Key,
}

/// Keys are inserted in batches of at least this many.
const BATCH: usize = 64;
/// Room for a batch that has not reached [`BATCH`] plus the leaves of one node and the
/// node itself.
const PENDING: usize = BATCH + MAX_LEGAL_STEPS + 1;

impl<'a, V: Visit> Search<'a, V> {
    /// A search from `root` for `side`; `undo_first` allows a first step to be undone
    /// by the second one. Deferred keys (see [`Visit::DEFER`]) go into `1 << bucket_bits`
    /// buckets, or straight into the table when `bucket_bits` is 0.
    pub(super) fn new(
        side: Color,
        root: &Grid,
        table: &'a mut Table,
        buckets: &'a mut Buckets,
        bucket_bits: u32,
        visitor: V,
        undo_first: bool,
    ) -> Self {
        let bucketed = V::DEFER && bucket_bits > 0;
        if bucketed {
            buckets.start(bucket_bits);
        }

        Search {
            side,
            grid: *root,
            root: root.cell,
            root_occupied: root.board.occupied(),
            table,
            buckets,
            bucketed,
            visitor,
            path: [Step::new(Square::A1, Direction::North); 4],
            len: 0,
            emit_from: 1,
            undo_first,
            limit: 0,
            stop: false,
            pending: [Key {
                changed: 0,
                packed: 0,
            }; PENDING],
            waiting: 0,
            leaf_steps: [Step::new(Square::A1, Direction::North); PENDING],
            node_key: Key {
                changed: 0,
                packed: 0,
            },
        }
    }

    /// Searches every move of `limit` steps at most from the root (with the turn state
    /// `turn`), reporting boards reached with `emit_from` steps or more.
    pub(super) fn run(&mut self, turn: &TurnState, emit_from: u32, limit: u32) {
        self.emit_from = emit_from;
        self.limit = limit;
        self.len = 0;
        if limit == 0 || self.stop {
            return;
        }

        let set = turn.step_set();
        if let Some((sq, _)) = turn.pending_push() {
            // The first step must complete the push under way.
            self.special(set.all_own(), sq);
            return;
        }

        if let Some((sq, _)) = turn.pull_source() {
            // The piece that just stepped away from `sq` may pull a weaker enemy into it.
            self.special(set.all_pulls(), sq);
        }

        // The node key is the root's again after the first steps above.
        self.node_key = self.grid.key();
        self.expand(0, &FIRST);
    }

    /// First steps forced or allowed by the turn state: each piece of `movers` steps
    /// into `to`.
    fn special(&mut self, movers: Bitboard, to: Square) {
        for f in movers {
            if self.stop {
                return;
            }
            let dir = direction(f, to);
            let (changed, hash) = (self.grid.changed, self.grid.hash);
            let captured = self.grid.step(f, dir, &self.root, true);
            self.push_step(f, dir);
            self.found(1);
            if self.limit > 1 {
                self.expand(1, &FIRST);
            }
            self.len -= 1;
            self.grid.unstep(f, dir, captured);
            (self.grid.changed, self.grid.hash) = (changed, hash);
        }
    }

    /// Reports the current node, reached with `depth` steps, if it is new.
    #[inline(always)]
    fn found(&mut self, depth: u32) {
        if depth < self.emit_from {
            return;
        }
        if V::DEFER {
            // At most `BATCH` keys wait after this, leaving room for the leaves of the
            // node's children (a node expanding leaves adds no other keys).
            if self.waiting >= BATCH {
                self.flush();
            }
            self.node_key = self.grid.key();
            self.pending[self.waiting] = self.node_key;
            self.waiting += 1;
            return;
        }

        let key = self.grid.key();
        if self.table.insert(key) && !self.visitor.visit(&self.grid, key, &self.path[..self.len]) {
            self.stop = true;
        }
    }

    #[inline(always)]
    fn push_step(&mut self, f: Square, dir: Direction) {
        if V::MOVES {
            self.path[self.len & 3] = Step::new(f, dir);
        }
        self.len += 1;
    }

    /// Expands the current node, reached with `depth` steps after action `last`: the
    /// simple steps of the mover's pieces, then (with two steps left) pushes and pulls.
    fn expand(&mut self, depth: u32, last: &Last) {
        let left = self.limit - depth;
        let side = self.side;
        let b = self.grid.board;
        let own = b.color(side);
        let empty = !b.occupied();

        // Own pieces with a stronger enemy beside them, and the frozen ones among them.
        let threatened = b.threatened(side);
        let mobile = own & !(threatened & !own.neighbours());

        // The children are leaves, keyed without being made: set aside (deferred
        // visitors) or inserted together after the loop (the others, which need the
        // boards and moves of the new ones only).
        let leaves = left == 1 && depth + 1 >= self.emit_from;
        let first_leaf = self.waiting;
        debug_assert!(self.simple_steps_are_the_rules(mobile, empty));

        self.simple_steps(depth, last, leaves, mobile, threatened, empty);
        if self.stop {
            return;
        }

        if !V::DEFER && leaves {
            self.report_leaves(first_leaf);
        }
        if self.waiting >= BATCH {
            self.flush();
        }

        if left < 2 {
            return;
        }
        self.pushes_and_pulls(depth, last, mobile, empty);
    }

    /// Whether the simple steps this search derives from `mobile` and `empty` (a rabbit
    /// not backwards) are the core's ([`TurnState::step_set`]): the debug build's check
    /// that this faster search follows the one statement of the step rules.
    fn simple_steps_are_the_rules(&self, mobile: Bitboard, empty: Bitboard) -> bool {
        let rules = TurnState::new(self.grid.board, self.side, 4).step_set();
        let rabbits = self.grid.board.kind(PieceKind::Rabbit);
        Direction::ALL.into_iter().all(|dir| {
            let mut movers = mobile & empty.shift(dir.opposite());
            if dir == Direction::backwards(self.side) {
                movers &= !rabbits;
            }
            movers == rules.own(dir)
        })
    }

    /// Whether the push or pull `first` then `second` is legal by the core's rules
    /// ([`TurnState::play_step`]), as the debug build checks.
    fn double_is_the_rules(&self, first: (Square, Direction), second: (Square, Direction)) -> bool {
        let mut state = TurnState::new(self.grid.board, self.side, 2);
        state.play_step(Step::new(first.0, first.1)).is_ok()
            && state.play_step(Step::new(second.0, second.1)).is_ok()
    }

    /// The simple steps of the mover's `mobile` pieces onto `empty` squares (a rabbit not
    /// backwards), less those the pruning rules skip after `last`: each leaf keyed and
    /// set aside when `leaves`, each other child made, reported and expanded.
    #[inline(always)]
    fn simple_steps(
        &mut self,
        depth: u32,
        last: &Last,
        leaves: bool,
        mobile: Bitboard,
        threatened: Bitboard,
        empty: Bitboard,
    ) {
        let own = self.grid.board.color(self.side);
        let rabbits = self.grid.board.kind(PieceKind::Rabbit);
        let back = Direction::backwards(self.side);

        let slots = if leaves {
            if V::DEFER {
                debug_assert_eq!(self.node_key, self.grid.key());
            } else {
                self.node_key = self.grid.key();
            }
            Slots::new(self.node_key.changed)
        } else {
            Slots::default()
        };

        let prune = Prune::new(last, threatened);
        for dir in Direction::ALL {
            let mut movers = mobile & empty.shift(dir.opposite()) & !prune.steps(dir);
            if dir == back {
                movers &= !rabbits;
            }
            if let Some(undo) = last.undo {
                if undo.dir == dir {
                    movers = movers.without(undo.from);
                }
            }

            for f in movers {
                let s: &StepSets = sets(f, dir);
                let calm = !threatened.contains(f);
                let read_simple = if calm { s.read_calm } else { s.read_full };
                debug_assert!(!skips_step(last, s, read_simple, f));
                if leaves {
                    let key = self.leaf_key(own, f, dir, &slots);
                    debug_assert_eq!(key, {
                        let mut g = self.grid;
                        g.step(f, dir, &self.root, false);
                        g.key()
                    });
                    self.pending[self.waiting] = key;
                    self.leaf_steps[self.waiting] = Step::new(f, dir);
                    self.waiting += 1;
                    continue;
                }

                self.simple_child(depth, f, dir, s, read_simple);
                if self.stop {
                    return;
                }
            }
        }
    }

    /// The simple step of the piece on `f` towards `dir` as a child of the node at
    /// `depth` (not a leaf): made, reported, expanded while steps are left, and taken
    /// back.
    #[inline(always)]
    fn simple_child(
        &mut self,
        depth: u32,
        f: Square,
        dir: Direction,
        s: &StepSets,
        read_simple: Bitboard,
    ) {
        let (changed, hash) = (self.grid.changed, self.grid.hash);
        let captured = self.grid.step(f, dir, &self.root, V::BOARD);
        self.push_step(f, dir);
        self.found(depth + 1);
        if self.limit - depth > 1 && !self.stop {
            let next = Last {
                key: f,
                simple: true,
                write: s.write,
                read: s.read_full,
                read_simple,
                undo: if captured.is_some() || (depth == 0 && self.undo_first) {
                    None
                } else {
                    Some(Step::new(target(f, dir), dir.opposite()))
                },
            };
            self.expand(depth + 1, &next);
        }

        self.len -= 1;
        self.grid.unstep(f, dir, captured);
        (self.grid.changed, self.grid.hash) = (changed, hash);
    }

    /// Pushes and pulls: each `mobile` piece other than a rabbit with a weaker enemy
    /// beside it, pushing that piece onto an `empty` square beside it, or stepping onto
    /// an empty square beside itself and pulling it in ([`double`](Search::double)).
    #[inline(always)]
    fn pushes_and_pulls(&mut self, depth: u32, last: &Last, mobile: Bitboard, empty: Bitboard) {
        let b = self.grid.board;
        let side = self.side;
        let strong = mobile & !b.kind(PieceKind::Rabbit) & b.color(!side).neighbours();
        for p in strong {
            let kind = PIECES[self.grid.cell[p as usize] as usize].kind;
            let victims = b.weaker_than(!side, kind) & Bitboard::adjacent(p);

            // Pushes: the victim steps away, then the pusher takes its square.
            for v in victims {
                let dpv = direction(p, v);
                for e in empty & Bitboard::adjacent(v) {
                    let dve = direction(v, e);
                    self.double(depth, last, p, (v, dve), (p, dpv));
                    if self.stop {
                        return;
                    }
                }
            }

            // Pulls: the puller steps away, then the victim follows into its square.
            for e in empty & Bitboard::adjacent(p) {
                let dpe = direction(p, e);
                for v in victims {
                    let dvp = direction(v, p);
                    self.double(depth, last, p, (p, dpe), (v, dvp));
                    if self.stop {
                        return;
                    }
                }
            }
        }
    }

    /// Inserts the waiting keys. Their table slots are touched first, all together, so
    /// that the cache misses overlap instead of following each other.
    #[inline(never)]
    pub(super) fn flush(&mut self) {
        let keys = &self.pending[..self.waiting];
        self.waiting = 0;
        if self.stop {
            return;
        }

        if self.bucketed {
            for &key in keys {
                self.buckets.push(key);
            }
            return;
        }

        let mut touched = 0;
        for &key in keys {
            touched ^= self.table.peek(key);
        }
        core::hint::black_box(touched);

        for &key in keys {
            if self.table.insert(key) && !self.visitor.visit(&self.grid, key, &[]) {
                self.stop = true;
                return;
            }
        }
    }

    /// Inserts the leaf keys waiting from `first` on (all children of the current node,
    /// their slots touched together first) and reports the new ones, made one by one.
    fn report_leaves(&mut self, first: usize) {
        let end = self.waiting;
        self.waiting = first;
        let mut touched = 0;
        for &key in &self.pending[first..end] {
            touched ^= self.table.peek(key);
        }
        core::hint::black_box(touched);

        for i in first..end {
            let key = self.pending[i];
            if !self.table.insert(key) {
                continue;
            }

            let Step { from: f, dir } = self.leaf_steps[i];
            let (changed, hash) = (self.grid.changed, self.grid.hash);
            let captured = self.grid.step(f, dir, &self.root, true);
            self.push_step(f, dir);
            let go_on = self.visitor.visit(&self.grid, key, &self.path[..self.len]);
            self.len -= 1;
            self.grid.unstep(f, dir, captured);
            (self.grid.changed, self.grid.hash) = (changed, hash);
            if !go_on {
                self.stop = true;
                return;
            }
        }
    }

    /// Ends the search: inserts the keys still waiting, bucket by bucket when they were
    /// set aside, `start` (the board the turn started from, never reported) first.
    pub(super) fn finish(&mut self, start: Key) {
        self.flush();
        if !self.bucketed || self.stop {
            return;
        }

        let skip = self.buckets.bits();
        let start_bucket = self.buckets.bucket_of(start);
        for b in 0..self.buckets.count() {
            let keys = self.buckets.keys(b);
            self.table.clear_for_bucket(keys.len() + 1, skip);
            if b == start_bucket {
                self.table.insert(start);
            }
            for &key in keys {
                if self.table.insert(key) && !self.visitor.visit(&self.grid, key, &[]) {
                    return;
                }
            }
        }
    }

    /// The key of the board after the simple step `f` in `dir` by a piece of `own`,
    /// without making it: the node's key with the entries of `f` and `t` edited
    /// (`slots` locates them), or, when the step captures, packed afresh.
    #[inline(always)]
    fn leaf_key(&mut self, own: Bitboard, f: Square, dir: Direction, slots: &Slots) -> Key {
        let t = target(f, dir);
        let code = self.grid.cell[f as usize];
        let node = self.node_key;
        let node_changed = Bitboard(node.changed);
        let had_f = node_changed.contains(f);
        let had_t = node_changed.contains(t);
        let want_f = self.root_occupied.contains(f);
        let want_t = self.root[t as usize] != code;

        let moved = Bitboard::from_square(f) | Bitboard::from_square(t);
        let mut changed = node.changed & !moved.0;
        changed |= u64::from(want_f) << (f as u32) | u64::from(want_t) << (t as u32);
        let after = own ^ moved;
        let mut lost = sets(f, dir).traps & after;
        if lost.any() {
            lost &= !after.neighbours();
        }

        let Some(sq) = lost.first() else {
            // Edit the higher square first, so the lower one keeps its index.
            let (i_f, i_t) = (slots.index(f), slots.index(t));
            let code = u64::from(code);
            let packed = if t > f {
                let p = edit(node.packed, i_t, had_t, want_t, code);
                edit(p, i_f, had_f, want_f, 0)
            } else {
                let p = edit(node.packed, i_f, had_f, want_f, 0);
                edit(p, i_t, had_t, want_t, code)
            };
            return Key { changed, packed };
        };

        let cell = &mut self.grid.cell;
        let saved = cell[sq as usize];
        cell[f as usize] = 0;
        cell[t as usize] = code;
        cell[sq as usize] = 0;
        let mut changed = Bitboard(changed).without(sq);
        if self.root[sq as usize] != 0 {
            changed = changed.with(sq);
        }
        let key = pack(changed, cell);
        cell[sq as usize] = saved;
        cell[t as usize] = 0;
        cell[f as usize] = code;
        key
    }

    /// A push or a pull by the piece on `p`: the two steps `first` and `second`.
    #[inline(always)]
    fn double(
        &mut self,
        depth: u32,
        last: &Last,
        p: Square,
        first: (Square, Direction),
        second: (Square, Direction),
    ) {
        let s1 = sets(first.0, first.1);
        let s2 = sets(second.0, second.1);
        let write = s1.write | s2.write;
        let read = s1.read_full | s2.read_full;
        if p < last.key && (write & last.read).is_empty() && (last.write & read).is_empty() {
            return;
        }

        debug_assert!(self.double_is_the_rules(first, second));
        let (changed, hash) = (self.grid.changed, self.grid.hash);
        let c1 = self.grid.step(first.0, first.1, &self.root, V::BOARD);
        let c2 = self.grid.step(second.0, second.1, &self.root, V::BOARD);
        self.push_step(first.0, first.1);
        self.push_step(second.0, second.1);
        self.found(depth + 2);

        if depth + 2 < self.limit && !self.stop {
            let next = Last {
                key: p,
                simple: false,
                write,
                read,
                read_simple: read,
                undo: None,
            };
            self.expand(depth + 2, &next);
        }

        self.len -= 2;
        self.grid.unstep(second.0, second.1, c2);
        self.grid.unstep(first.0, first.1, c1);
        (self.grid.changed, self.grid.hash) = (changed, hash);
    }
}
