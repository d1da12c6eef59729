//! The admissible lower bound on the steps the tokens still need.

use crate::{Bitboard, Board, Color, Piece, PieceKind, Square};

use super::goals::{Goal, Goals};
use super::node::Node;
use super::INF;
use crate::notation::lightvector::syntax::{Directions, Property, MAX_TOKENS};

/// The smaller piece-step count and the smaller total, each on its own (both are
/// lower bounds over the same candidates).
#[inline]
pub(super) fn both_min(a: (u32, u32), b: (u32, u32)) -> (u32, u32) {
    (a.0.min(b.0), a.1.min(b.1))
}

/// Manhattan distance.
#[inline]
pub(crate) fn dist(a: Square, b: Square) -> u32 {
    let (af, ar) = (a.file().index() as i32, a.rank().index() as i32);
    let (bf, br) = (b.file().index() as i32, b.rank().index() as i32);
    ((af - bf).abs() + (ar - br).abs()) as u32
}

/// Squares at each Manhattan distance from each square.
static RINGS: [[u64; 15]; 64] = {
    let mut t = [[0u64; 15]; 64];
    let mut a: usize = 0;
    while a < 64 {
        let mut b: usize = 0;
        while b < 64 {
            let df = (a % 8) as i64 - (b % 8) as i64;
            let dr = (a / 8) as i64 - (b / 8) as i64;
            let d = (if df < 0 { -df } else { df }) + (if dr < 0 { -dr } else { dr });
            t[a][d as usize] |= 1u64 << b;
            b += 1;
        }
        a += 1;
    }
    t
};

/// The smallest Manhattan distance from `center` to a square of `set`, or `INF`.
#[inline]
pub(super) fn ring_min(center: Square, set: Bitboard) -> u32 {
    if set.is_empty() {
        return INF;
    }
    let rings = &RINGS[center.index() as usize];
    for (d, r) in rings.iter().enumerate() {
        if r & set.0 != 0 {
            return d as u32;
        }
    }
    INF
}

/// The squares at Manhattan distance `d` from `center`.
#[inline]
pub(super) fn ring(center: Square, d: u32) -> Bitboard {
    RINGS[center.index() as usize]
        .get(d as usize)
        .map_or(Bitboard::EMPTY, |&r| Bitboard(r))
}

/// The squares within Manhattan distance `r` of `center`.
#[inline]
pub(super) fn within(center: Square, r: u32) -> Bitboard {
    RINGS[center.index() as usize]
        .iter()
        .take(r as usize + 1)
        .fold(Bitboard::EMPTY, |b, &x| b | Bitboard(x))
}

/// The pieces (of both colours) weaker than `kind`.
#[inline]
pub(super) fn weaker_than(board: &Board, kind: PieceKind) -> Bitboard {
    PieceKind::ALL
        .iter()
        .filter(|&&w| w < kind)
        .fold(Bitboard::EMPTY, |b, &w| b | board.kind(w))
}

/// For each kind, the pieces of `side` stronger than it.
pub(super) fn stronger_by_kind(board: &Board, side: Color) -> [Bitboard; 6] {
    let mut strong = [Bitboard::EMPTY; 6];
    let mut acc = Bitboard::EMPTY;
    for k in (0..6).rev() {
        strong[k] = acc;
        acc |= board.kind(PieceKind::ALL[k]) & board.color(side);
    }
    strong
}

/// The squares from which a rabbit of `color` can reach `target` without stepping
/// backwards: the ranks behind it and its own.
#[inline]
pub(super) fn behind_or_level(color: Color, target: Square) -> Bitboard {
    let r = u32::from(target.rank().index());
    match color {
        Color::Gold => Bitboard(if r == 7 {
            !0
        } else {
            (1u64 << (8 * (r + 1))) - 1
        }),
        Color::Silver => Bitboard(!0u64 << (8 * r)),
    }
}

/// Whether a rabbit of `color` can go from `a` to `b` on its own (never backwards).
#[inline]
pub(super) fn forward_ok(color: Color, a: Square, b: Square) -> bool {
    match color {
        Color::Gold => b.rank() >= a.rank(),
        Color::Silver => b.rank() <= a.rank(),
    }
}

/// Distance from `x` to the nearest trap; for an own rabbit only traps it can reach
/// without stepping backwards.
pub(super) fn trap_dist(x: Square, rabbit: Option<Color>) -> u32 {
    Square::TRAPS
        .iter()
        .filter(|&&t| rabbit.map_or(true, |c| forward_ok(c, x, t)))
        .map(|&t| dist(x, t))
        .min()
        .unwrap_or(INF)
}

/// How many steps a piece of the mover stronger than `kind` needs to come beside
/// `sq` (0 when one is beside it already); `INF` when the mover has no such piece.
pub(super) fn approach(strong: Bitboard, sq: Square, limit: u32) -> u32 {
    if strong.is_empty() {
        return INF;
    }
    let mut reach = Bitboard::from_square(sq);
    for d in 0..=limit {
        let ring = reach.neighbours();
        if (ring & strong).any() {
            return d;
        }
        reach |= ring;
    }
    limit + 1
}

impl Goals {
    /// A lower bound on the steps still needed before every token holds (`INF` when
    /// they cannot), with its parts.
    ///
    /// Costs are distances: an own piece needs at least its Manhattan distance in steps
    /// (one more if it is frozen now), and an enemy piece moves only when pushed or
    /// pulled, so each of its steps is paired with a step of the mover, and a stronger
    /// piece of the mover must first come beside it (unless a pull of it is possible
    /// right now). Three bounds are combined:
    /// - letter groups: tokens with different piece letters speak about different
    ///   pieces, and destination tokens with different squares about different pieces,
    ///   so their distances add up; with `o` own and `e` enemy piece-steps needed, at
    ///   least `e + max(o, e)` steps remain (less one when a pull is already possible);
    /// - the costliest single token (with the freezing and approach penalties, and for
    ///   a token naming only a square, the steps to bring a piece there);
    /// - the direction letters still to match, which all need distinct steps.
    pub fn lower_bound(&self, node: &Node) -> Bound {
        if self.is_empty() {
            return Bound::ZERO;
        }
        let pos = &node.pos;
        let board = pos.board();
        let turn = pos.turn_state();
        let pending = u32::from(turn.push.is_some());
        let pull = if turn.push.is_none() { turn.pull } else { None };
        let pullable = match pull {
            Some((sq, k)) => {
                board.color(!self.side) & weaker_than(board, k) & Bitboard::adjacent(sq)
            }
            None => Bitboard::EMPTY,
        };
        // A pull of an enemy piece some token may be about is possible right now (or of
        // one that must make room, see `vacate` below).
        let mut pre = if pullable.is_empty() {
            0
        } else if !self.unlettered.is_empty()
            || self
                .dirs
                .iter()
                .any(|&(gi, _)| self.goals[gi].piece.is_none())
        {
            1
        } else {
            let mut enemy = Bitboard::EMPTY;
            for gr in self.groups() {
                if gr.piece.color != self.side {
                    enemy |= board.pieces(gr.piece);
                }
            }
            u32::from((pullable & enemy).any())
        };
        let strong = stronger_by_kind(board, self.side);
        let cx = Cx {
            node,
            board,
            side: self.side,
            frozen: board.frozen(self.side),
            pullable,
            left: u32::from(pos.steps_left()),
            strong,
        };
        let mut single = 0u32;
        // What each piece letter needs: pieces with different letters are different
        // pieces, so their needs add up.
        let mut classes = [Class::EMPTY; 12];
        let mut lettered = [false; 12];
        for gr in self.groups() {
            lettered[gr.piece.index()] = true;
        }
        let named = |sq: Square| board.piece_at(sq).is_some_and(|p| lettered[p.index()]);
        // Destination squares held by a piece no lettered token names: it must leave
        // (unless the square is a trap, where it may die instead).
        let mut vacate = Bitboard::EMPTY;
        for gr in self.groups() {
            let class = &mut classes[gr.piece.index()];
            for &i in &gr.dests {
                let g = &self.goals[i];
                let (raw, s) = cx.cost(g);
                if raw >= INF || s >= INF {
                    return Bound::IMPOSSIBLE;
                }
                single = single.max(s);
                if let Property::Destination(d) = g.property {
                    if raw > 0 && board.occupied().contains(d) && !d.is_trap() && !named(d) {
                        vacate = vacate.with(d);
                    }
                    class.dest(d, raw);
                }
            }
            for &i in &gr.captures {
                let (raw, s) = cx.cost(&self.goals[i]);
                if raw >= INF || s >= INF {
                    return Bound::IMPOSSIBLE;
                }
                single = single.max(s);
                class.add_capture(raw);
            }
            for &di in &gr.dirs {
                if di < node.dir_token as usize {
                    continue;
                }
                let (raw, s) = self.dir_cost(&cx, di);
                if raw >= INF || s >= INF {
                    return Bound::IMPOSSIBLE;
                }
                single = single.max(s);
                class.add_letters(raw);
            }
        }
        // Tokens naming only a square: either the piece standing there now does it (its
        // needs join its letter's), or another piece comes there first (which costs at
        // least `arrive`).
        let mut pins: [(usize, Pinned); MAX_TOKENS] = [(0, Pinned::Letters(0)); MAX_TOKENS];
        let mut npins = 0;
        let mut pinned = Bitboard::EMPTY;
        let mut arrive = INF;
        let mut unpinned = false;
        for &i in &self.unlettered {
            let g = &self.goals[i];
            let (raw, s) = cx.cost(g);
            if raw >= INF || s >= INF {
                return Bound::IMPOSSIBLE;
            }
            single = single.max(s);
            match self.pin(&cx, g) {
                Some((x, letter, need, other)) if npins < MAX_TOKENS => {
                    pinned = pinned.with(x);
                    let what = match g.property {
                        Property::Destination(d) => Pinned::Dest(d, need),
                        Property::Capture => Pinned::Capture(need),
                        Property::Steps(_) => Pinned::Letters(need),
                    };
                    pins[npins] = (letter.index(), what);
                    npins += 1;
                    arrive = arrive.min(other);
                }
                _ => unpinned = true,
            }
        }
        for di in node.dir_token as usize..self.dirs.len() {
            let (gi, dirs) = self.dirs[di];
            let g = &self.goals[gi];
            if g.piece.is_some() {
                continue;
            }
            let (raw, s) = self.dir_cost(&cx, di);
            if raw >= INF || s >= INF {
                return Bound::IMPOSSIBLE;
            }
            single = single.max(s);
            let started = di == node.dir_token as usize
                && node.prog[..node.ntracked as usize].iter().any(|&p| p > 0);
            let occupant = g.square.and_then(|sq| board.piece_at(sq).map(|x| (sq, x)));
            match occupant {
                Some((sq, x)) if !started && npins < MAX_TOKENS => {
                    let len = dirs.len() as u32;
                    let back = dirs
                        .as_slice()
                        .contains(&crate::Direction::backwards(self.side));
                    let need = if x.color == self.side && x.kind == PieceKind::Rabbit && back {
                        INF
                    } else {
                        len
                    };
                    pinned = pinned.with(sq);
                    pins[npins] = (x.index(), Pinned::Letters(need));
                    npins += 1;
                    arrive = arrive.min(2 + len);
                }
                _ => unpinned = true,
            }
        }
        vacate &= !pinned;
        // An enemy piece that must make room may be the one a pull ready now moves.
        if (pullable & vacate).any() {
            pre = 1;
        }
        let (mut h_own, mut h_enemy) = (0u32, 0u32);
        for sq in vacate {
            if board.color(self.side).contains(sq) {
                h_own += 1;
            } else {
                h_enemy += 1;
            }
        }
        let combine = |o: u32, e: u32| e + o.max((e + pending).saturating_sub(pre));
        let sum = |classes: &[Class; 12]| -> (u32, u32) {
            let (mut o, mut e) = (0u32, 0u32);
            for (i, c) in classes.iter().enumerate() {
                let need = c.need();
                if (i < 6) == (self.side == Color::Gold) {
                    o += need;
                } else {
                    e += need;
                }
            }
            (o, e)
        };
        let (own, enemy) = sum(&classes);
        let mut grouped = combine(own + h_own, enemy + h_enemy);
        if npins > 0 && !unpinned {
            let mut with = classes;
            for &(letter, what) in &pins[..npins] {
                let c = &mut with[letter];
                match what {
                    Pinned::Dest(d, need) => c.dest(d, need),
                    Pinned::Capture(need) => c.add_capture(need),
                    Pinned::Letters(need) => c.add_letters(need),
                }
            }
            let (po, pe) = sum(&with);
            let with_pinned = combine(po + h_own, pe + h_enemy);
            grouped = grouped.max(with_pinned.min(arrive));
        }
        // Direction letters: own (or unknown colour) and enemy.
        let (mut o, mut e) = (0u32, 0u32);
        for di in node.dir_token as usize..self.dirs.len() {
            let (gi, dirs) = self.dirs[di];
            let n = if di == node.dir_token as usize {
                self.current_letters(node, dirs)
            } else {
                dirs.len() as u32
            };
            match self.goals[gi].piece {
                Some(p) if p.color != self.side => e += n,
                _ => o += n,
            }
        }
        let letters = e + o.max((e + pending).saturating_sub(pre));
        Bound {
            value: grouped.max(single).max(letters),
            grouped,
            single,
            letters,
        }
    }

    /// The fewest letters of the current direction token still to match (by the piece
    /// furthest along).
    fn current_letters(&self, node: &Node, dirs: Directions) -> u32 {
        let best = node.prog[..node.ntracked as usize]
            .iter()
            .copied()
            .max()
            .unwrap_or(0);
        (dirs.len() as u32).saturating_sub(u32::from(best))
    }

    /// For a plain token naming only a square, the piece standing on it now (when no
    /// piece has left the square during the turn): the square, the piece, the steps it
    /// must take to satisfy the token itself, and a lower bound on the whole turn if
    /// another piece satisfies it instead (it must come to the square after the piece
    /// there leaves).
    fn pin(&self, cx: &Cx<'_>, g: &Goal) -> Option<(Square, Piece, u32, u32)> {
        let s = g.square?;
        let x = cx.board.piece_at(s)?;
        let node = cx.node;
        if node
            .tracked()
            .iter()
            .any(|t| t.visited.contains(s) && t.cur != s)
        {
            return None;
        }
        let (need, _) = cx.piece_cost(s, x, None, g.property);
        let metric = match g.property {
            Property::Destination(d) => dist(s, d),
            Property::Capture => trap_dist(s, None),
            Property::Steps(_) => 0,
        };
        // Leave (1), arrive (1), then do it.
        Some((s, x, need.min(INF), 2 + metric))
    }

    /// The cost of direction token `di` (current or later), as (piece steps, total
    /// steps) for the best candidate piece.
    fn dir_cost(&self, cx: &Cx<'_>, di: usize) -> (u32, u32) {
        let (gi, dirs) = self.dirs[di];
        let g = &self.goals[gi];
        let d = dirs.as_slice();
        let len = d.len() as u32;
        let node = cx.node;
        let back = crate::Direction::backwards(cx.side);
        let has_back = d.contains(&back);
        // A piece on a trap may die when a step of the token's own piece takes its last
        // support away, so it need not cost a step of its own.
        let occupied = cx.board.occupied() & !Bitboard::TRAPS;
        // Steps of other pieces an own piece on `at` needs before stepping `dir` from
        // there: the square must be on the board (else it must go elsewhere first: a
        // step of its own, also one more) and empty (its occupant leaves first).
        let clear = |at: Square, dir: crate::Direction| -> u32 {
            match at.step(dir) {
                Some(t) => u32::from(occupied.contains(t)),
                None => 1,
            }
        };
        let mut best = (INF, INF);
        if di == node.dir_token as usize {
            // A piece already part way through the token.
            for (i, t) in node.tracked().iter().enumerate() {
                let p = u32::from(node.prog[i]);
                if p > 0 && !t.captured {
                    let raw = len - p;
                    let helper = if t.piece.color == cx.side && raw > 0 {
                        clear(t.cur, d[p as usize])
                    } else {
                        0
                    };
                    let total = cx.scale_with(t.cur, t.piece, raw, helper);
                    best = both_min(best, (raw, total));
                }
            }
        }
        let Some(letter) = g.piece else {
            // Only a square: the piece on it now, or one that comes there first.
            let Some(s) = g.square else {
                return both_min(best, (0, 0));
            };
            let Some(target) = s.step(d[0]) else {
                return best;
            };
            let here = match cx.board.piece_at(s) {
                Some(x) if x.color == cx.side => {
                    if x.kind == PieceKind::Rabbit && has_back {
                        INF
                    } else {
                        cx.scale_with(s, x, len, u32::from(occupied.contains(target)))
                    }
                }
                Some(x) => cx.scale(s, x, len),
                None => INF,
            };
            let other = 1 + u32::from(cx.board.piece_at(s).is_some()) + len;
            let total = here.min(other);
            return both_min(best, (len.min(total), total));
        };
        let own = letter.color == cx.side;
        if own && letter.kind == PieceKind::Rabbit && has_back {
            return best;
        }
        for q in cx.board.pieces(letter) {
            let (travel, extra) = match g.square {
                Some(s) => {
                    if own && letter.kind == PieceKind::Rabbit && !forward_ok(cx.side, q, s) {
                        continue;
                    }
                    let Some(target) = s.step(d[0]) else {
                        continue;
                    };
                    let blocked = occupied.contains(target) && target != q;
                    (dist(q, s), u32::from(own && blocked))
                }
                None => (0, if own { clear(q, d[0]) } else { 0 }),
            };
            let total = cx.scale_with(q, letter, travel + len, extra);
            best = both_min(best, (len, total));
        }
        best
    }
}

/// What the pieces of one letter need, in their own steps.
#[derive(Debug, Clone, Copy)]
struct Class {
    /// Destination squares with the most steps any one needs (pieces ending on
    /// different squares are different pieces).
    dests: [(Square, u16); 4],
    ndests: u8,
    capture: u16,
    /// Direction letters (each a step of its own).
    letters: u16,
}

impl Class {
    const EMPTY: Class = Class {
        dests: [(Square::A1, 0); 4],
        ndests: 0,
        capture: 0,
        letters: 0,
    };

    /// Steps are below `INF`, which fits.
    fn narrow(x: u32) -> u16 {
        x.min(INF) as u16
    }

    fn dest(&mut self, d: Square, raw: u32) {
        let raw = Class::narrow(raw);
        let n = self.ndests as usize;
        if let Some(e) = self.dests[..n].iter_mut().find(|e| e.0 == d) {
            e.1 = e.1.max(raw);
        } else if n < self.dests.len() {
            self.dests[n] = (d, raw);
            self.ndests += 1;
        }
        // Further squares are left out: a smaller sum is still a lower bound.
    }

    fn add_capture(&mut self, raw: u32) {
        self.capture = self.capture.max(Class::narrow(raw));
    }

    fn add_letters(&mut self, raw: u32) {
        self.letters = self
            .letters
            .saturating_add(Class::narrow(raw))
            .min(INF as u16);
    }

    fn need(&self) -> u32 {
        let dests: u32 = self.dests[..self.ndests as usize]
            .iter()
            .map(|e| u32::from(e.1))
            .fold(0, u32::saturating_add);
        dests
            .max(u32::from(self.capture))
            .max(u32::from(self.letters))
    }
}

/// A square-only token given to the piece standing on the square.
#[derive(Debug, Clone, Copy)]
enum Pinned {
    Dest(Square, u32),
    Capture(u32),
    Letters(u32),
}

/// A lower bound on the steps still needed, with its parts (see
/// [`Goals::lower_bound`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bound {
    /// The bound: the largest part.
    pub value: u32,
    /// The letter-group part.
    pub(super) grouped: u32,
    /// The costliest single token.
    pub(super) single: u32,
    /// The direction letters.
    pub(super) letters: u32,
}

impl Bound {
    pub(super) const ZERO: Bound = Bound {
        value: 0,
        grouped: 0,
        single: 0,
        letters: 0,
    };
    pub(super) const IMPOSSIBLE: Bound = Bound {
        value: INF,
        grouped: INF,
        single: INF,
        letters: INF,
    };
}

/// What the cost functions look at.
struct Cx<'a> {
    node: &'a Node,
    board: &'a Board,
    side: Color,
    frozen: Bitboard,
    /// Enemy pieces that could be pulled by the next step.
    pullable: Bitboard,
    left: u32,
    /// For each kind, the mover's pieces stronger than it.
    strong: [Bitboard; 6],
}

impl Cx<'_> {
    /// Total steps for `piece` on `q` that must itself take `raw` steps: own pieces
    /// pay one more when frozen, enemy pieces twice plus the approach of a stronger
    /// piece of the mover (one less when it can be pulled right now).
    fn scale(&self, q: Square, piece: Piece, raw: u32) -> u32 {
        self.scale_with(q, piece, raw, 0)
    }

    /// [`Cx::scale`] when an own piece also needs `helper` steps of other pieces to
    /// clear its way (one of which may also free it when frozen).
    fn scale_with(&self, q: Square, piece: Piece, raw: u32, helper: u32) -> u32 {
        if raw == 0 {
            return 0;
        }
        if piece.color == self.side {
            raw + helper.max(u32::from(self.frozen.contains(q)))
        } else if self.pullable.contains(q) {
            2 * raw - 1
        } else {
            let a = approach(self.strong[piece.kind.index()], q, self.left);
            if a >= INF {
                return INF;
            }
            2 * raw + a
        }
    }

    /// The cost of a destination or capture token, as (steps the piece itself must take,
    /// total steps), minimised over the pieces that could satisfy it.
    fn cost(&self, g: &Goal) -> (u32, u32) {
        let node = self.node;
        let letter_ok = |p: Piece| g.piece.map_or(true, |l| l == p);
        // Pieces already dead.
        for t in node.tracked() {
            if t.captured && letter_ok(t.piece) && g.square.map_or(true, |s| t.visited.contains(s))
            {
                match g.property {
                    Property::Capture => return (0, 0),
                    Property::Destination(d) if d == t.cur => return (0, 0),
                    _ => {}
                }
            }
        }
        let Some(letter) = g.piece else {
            return self.unlettered_cost(g);
        };
        if letter.color == self.side {
            return self.own_cost(g, letter);
        }
        let mut best = (INF, INF);
        for q in self.board.pieces(letter) {
            let via = match g.square {
                Some(s) if s != q && !node.visited_of(q).contains(s) => Some(s),
                _ => None,
            };
            best = both_min(best, self.piece_cost(q, letter, via, g.property));
        }
        best
    }

    /// [`Cx::cost`] for a token about the mover's own pieces, over all candidates at
    /// once with distance rings (the same values as [`Cx::piece_cost`] per piece).
    fn own_cost(&self, g: &Goal, letter: Piece) -> (u32, u32) {
        let node = self.node;
        let all = self.board.pieces(letter);
        let rabbit = letter.kind == PieceKind::Rabbit;
        // Pieces measured straight to the target (no square to visit first), and pieces
        // that must pass the named square first.
        let (direct, via) = match g.square {
            None => (all, Bitboard::EMPTY),
            Some(s) => {
                let mut d = all & Bitboard::from_square(s);
                for t in node.tracked() {
                    if !t.captured && t.visited.contains(s) && all.contains(t.cur) {
                        d = d.with(t.cur);
                    }
                }
                (d, all & !d)
            }
        };
        let frozen = self.frozen;
        let side = self.side;
        let occupied = self.board.occupied();
        // (raw, total) of the nearest pieces of `set` to `center`, with `path` more steps
        // of their own; a piece that must move pays `helper` steps of other pieces (to
        // clear its way) and one more if frozen.
        let scan = |center: Square, set: Bitboard, path: u32, helper: u32| -> (u32, u32) {
            let set = if rabbit {
                set & behind_or_level(side, center)
            } else {
                set
            };
            let ru = ring_min(center, set & !frozen).saturating_add(path);
            let rf = ring_min(center, set & frozen).saturating_add(path);
            let raw = ru.min(rf);
            let tu = if ru == 0 {
                0
            } else {
                ru.saturating_add(helper)
            };
            // One step of another piece may both free a frozen piece and clear its way.
            let tf = if rf == 0 {
                0
            } else {
                rf.saturating_add(helper.max(1))
            };
            (raw.min(INF), tu.min(tf).min(INF))
        };
        let mut best = (INF, INF);
        match g.property {
            Property::Destination(d) => {
                // Another piece on the destination must leave first (on a trap it may
                // die when the candidate's own step takes its support away).
                let occ = u32::from(occupied.contains(d) && !d.is_trap());
                if direct.any() {
                    best = both_min(best, scan(d, direct, 0, occ));
                }
                if let (Some(s), true) = (g.square, via.any()) {
                    if !rabbit || forward_ok(side, s, d) {
                        let helper = if via.contains(d) { 0 } else { occ };
                        best = both_min(best, scan(s, via, dist(s, d), helper));
                    }
                }
            }
            Property::Capture => {
                if direct.any() {
                    let own = self.board.color(side);
                    for t in Square::TRAPS {
                        // Every friend beside the trap must be gone when the piece dies
                        // there, and a piece on the trap must leave first.
                        let friends = own & Bitboard::adjacent(t);
                        let n = friends.count();
                        if direct.contains(t) {
                            best = both_min(best, (0, n.max(1)));
                        }
                        // Each friend leaves by a step of its own (no square beside a trap
                        // is a trap). A friend of ours on the trap may die when the last
                        // supporter leaves, so that step may do both; an enemy piece
                        // there needs a step of its own.
                        let helper = |others: u32| match self.board.piece_at(t) {
                            Some(p) if p.color == side => others.max(1),
                            Some(_) => others + 1,
                            None => others,
                        };
                        let beside = direct & friends;
                        if beside.any() {
                            best = both_min(best, scan(t, beside, 0, helper(n - 1)));
                        }
                        let rest = direct & !friends & !Bitboard::from_square(t);
                        if rest.any() {
                            best = both_min(best, scan(t, rest, 0, helper(n)));
                        }
                    }
                }
                if let (Some(s), true) = (g.square, via.any()) {
                    let td = trap_dist(s, rabbit.then_some(side));
                    if td < INF {
                        best = both_min(best, scan(s, via, td, 0));
                    }
                }
            }
            Property::Steps(_) => best = (0, 0),
        }
        best
    }

    /// The cost for the piece on `q` to do what `property` says, passing `via` first.
    fn piece_cost(
        &self,
        q: Square,
        piece: Piece,
        via: Option<Square>,
        property: Property,
    ) -> (u32, u32) {
        let own = piece.color == self.side;
        let own_rabbit = own && piece.kind == PieceKind::Rabbit;
        let raw = match property {
            Property::Destination(d) => match via {
                None => {
                    if own_rabbit && !forward_ok(self.side, q, d) {
                        return (INF, INF);
                    }
                    dist(q, d)
                }
                Some(s) => {
                    if own_rabbit && !(forward_ok(self.side, q, s) && forward_ok(self.side, s, d)) {
                        return (INF, INF);
                    }
                    dist(q, s) + dist(s, d)
                }
            },
            Property::Capture => {
                let rb = own_rabbit.then_some(self.side);
                match via {
                    None => trap_dist(q, rb),
                    Some(s) => {
                        if own_rabbit && !forward_ok(self.side, q, s) {
                            return (INF, INF);
                        }
                        dist(q, s).saturating_add(trap_dist(s, rb))
                    }
                }
            }
            Property::Steps(_) => 0,
        };
        if raw >= INF {
            return (INF, INF);
        }
        let total = match property {
            // On a trap already: its support must leave (a push or pull of an
            // enemy supporter is two steps, one if a pull is ready).
            Property::Capture if raw == 0 => {
                if own || self.pullable.any() {
                    1
                } else {
                    2
                }
            }
            _ => self.scale(q, piece, raw),
        };
        (raw, total)
    }

    /// Tokens with only a square: a piece that visited the square, the piece on it now,
    /// or one that comes there first.
    fn unlettered_cost(&self, g: &Goal) -> (u32, u32) {
        let Some(s) = g.square else {
            return (0, 0);
        };
        let node = self.node;
        let mut best = (INF, INF);
        for t in node.tracked() {
            if !t.captured && t.visited.contains(s) {
                best = both_min(best, self.piece_cost(t.cur, t.piece, None, g.property));
            }
        }
        if let Some(x) = self.board.piece_at(s) {
            best = both_min(best, self.piece_cost(s, x, None, g.property));
        }
        let metric = match g.property {
            Property::Destination(d) => dist(s, d),
            // A piece arriving on an unsupported trap dies at once.
            Property::Capture => trap_dist(s, None),
            Property::Steps(_) => 0,
        };
        let arrive = 1 + u32::from(self.board.piece_at(s).is_some()) + metric;
        both_min(best, (1 + metric, arrive))
    }
}
