//! The search over step sequences behind resolution and writing.
//!
//! Lightvector tokens speak about the paths of pieces (which squares a piece visited,
//! where it ended, which steps it took in which order), so the search walks step
//! sequences rather than distinct boards. Each node carries the position, the pieces
//! that have moved or died so far with the squares they visited, and how far the
//! direction tokens have been matched.
//!
//! The search is a depth-first walk to a fixed step limit, pruned by an admissible lower
//! bound on the steps still needed to satisfy every token (see [`Goals::lower_bound`]).
//! Pruning never loses a turn that satisfies the tokens within the limit.

use crate::{Bitboard, Board, Color, Move, Piece, PieceKind, Position, Square, Step, MAX_STEPS};

use super::syntax::{Directions, Property, Token, MAX_TOKENS};

/// "Cannot be done": larger than any step count.
pub(crate) const INF: u32 = 1000;

const USE_TT: bool = true;

/// The most pieces a turn can touch: each step moves one piece and kills at most one.
const MAX_TRACKED: usize = 2 * MAX_STEPS;

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
    tracked: [Tracked; MAX_TRACKED],
    ntracked: u8,
    /// The steps so far.
    pub mv: Move,
    /// For each step, the index in `tracked` of the piece that moved.
    movers: [u8; MAX_STEPS],
    /// The direction token being matched (index into [`Goals::dirs`]).
    dir_token: u8,
    /// Progress of each tracked piece on the current direction token.
    prog: [u8; MAX_TRACKED],
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
    fn alive_at(&self, sq: Square) -> Option<usize> {
        self.tracked()
            .iter()
            .position(|t| !t.captured && t.cur == sq)
    }

    /// The squares visited by the live piece now on `sq` (just `sq` if it has not moved).
    fn visited_of(&self, sq: Square) -> Bitboard {
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

/// The smaller piece-step count and the smaller total, each on its own (both are
/// lower bounds over the same candidates).
#[inline]
fn both_min(a: (u32, u32), b: (u32, u32)) -> (u32, u32) {
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
fn ring_min(center: Square, set: Bitboard) -> u32 {
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

/// The squares from which a rabbit of `color` can reach `target` without stepping
/// backwards: the ranks behind it and its own.
#[inline]
fn behind_or_level(color: Color, target: Square) -> Bitboard {
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
fn forward_ok(color: Color, a: Square, b: Square) -> bool {
    match color {
        Color::Gold => b.rank() >= a.rank(),
        Color::Silver => b.rank() <= a.rank(),
    }
}

/// Distance from `x` to the nearest trap; for an own rabbit only traps it can reach
/// without stepping backwards.
fn trap_dist(x: Square, rabbit: Option<Color>) -> u32 {
    Square::TRAPS
        .iter()
        .filter(|&&t| rabbit.map_or(true, |c| forward_ok(c, x, t)))
        .map(|&t| dist(x, t))
        .min()
        .unwrap_or(INF)
}

/// How many steps a piece of the mover stronger than `kind` needs to come beside
/// `sq` (0 when one is beside it already); `INF` when the mover has no such piece.
fn approach(strong: Bitboard, sq: Square, limit: u32) -> u32 {
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

/// One token, ready for the search.
#[derive(Debug, Clone, Copy)]
struct Goal {
    piece: Option<Piece>,
    square: Option<Square>,
    property: Property,
}

/// The letter groups: tokens naming the same piece letter. Pieces with different letters
/// are different pieces, so what each group needs adds up.
#[derive(Debug, Clone)]
struct Group {
    piece: Piece,
    /// Destination tokens, sorted by destination square.
    dests: Vec<usize>,
    /// Capture tokens.
    captures: Vec<usize>,
    /// Direction tokens (indices into `Goals::dirs`).
    dirs: Vec<usize>,
}

/// A set of tokens compiled for the search, for one side to move.
#[derive(Debug, Clone)]
pub(crate) struct Goals {
    side: Color,
    goals: Vec<Goal>,
    /// Destination and capture tokens (indices into `goals`).
    plain: Vec<usize>,
    /// Direction tokens in written order: goal index and directions.
    dirs: Vec<(usize, Directions)>,
    groups: Vec<Group>,
    /// Plain tokens with no piece letter.
    unlettered: Vec<usize>,
    /// The squares of all destination tokens.
    dest_squares: Bitboard,
    /// Capture tokens that may be about the mover's own pieces.
    captures_by_mover: Vec<usize>,
    /// The squares named in specifiers: the only squares of a path tokens look at.
    pub named_squares: Bitboard,
}

impl Goals {
    /// Compiles `tokens` for a search with `side` to move.
    pub fn new(tokens: &[Token], side: Color) -> Goals {
        let mut g = Goals {
            side,
            goals: Vec::with_capacity(tokens.len()),
            plain: Vec::new(),
            dirs: Vec::new(),
            groups: Vec::new(),
            unlettered: Vec::new(),
            dest_squares: Bitboard::EMPTY,
            captures_by_mover: Vec::new(),
            named_squares: Bitboard::EMPTY,
        };
        for t in tokens {
            let i = g.goals.len();
            g.goals.push(Goal {
                piece: t.specifier.piece(),
                square: t.specifier.square(),
                property: t.property,
            });
            if let Property::Destination(d) = t.property {
                g.dest_squares = g.dest_squares.with(d);
            }
            if let Some(sq) = t.specifier.square() {
                g.named_squares = g.named_squares.with(sq);
            }
            if t.property == Property::Capture
                && t.specifier.piece().map_or(true, |p| p.color == side)
            {
                g.captures_by_mover.push(i);
            }
            let dir_index = match t.property {
                Property::Steps(d) => {
                    g.dirs.push((i, d));
                    Some(g.dirs.len() - 1)
                }
                _ => {
                    g.plain.push(i);
                    None
                }
            };
            match t.specifier.piece() {
                Some(p) => {
                    let gi = match g.groups.iter().position(|gr| gr.piece == p) {
                        Some(gi) => gi,
                        None => {
                            g.groups.push(Group {
                                piece: p,
                                dests: Vec::new(),
                                captures: Vec::new(),
                                dirs: Vec::new(),
                            });
                            g.groups.len() - 1
                        }
                    };
                    let gr = &mut g.groups[gi];
                    match (t.property, dir_index) {
                        (Property::Destination(_), _) => gr.dests.push(i),
                        (Property::Capture, _) => gr.captures.push(i),
                        (Property::Steps(_), Some(d)) => gr.dirs.push(d),
                        (Property::Steps(_), None) => {}
                    }
                }
                None => {
                    if dir_index.is_none() {
                        g.unlettered.push(i);
                    }
                }
            }
        }
        let goals = g.goals.clone();
        let dest_of = |i: &usize| match goals[*i].property {
            Property::Destination(s) => s.index(),
            _ => 0,
        };
        for gr in &mut g.groups {
            gr.dests.sort_by_key(dest_of);
        }
        g
    }

    /// Whether there are no tokens at all (every turn satisfies them).
    pub fn is_empty(&self) -> bool {
        self.goals.is_empty()
    }

    /// Moves the direction-token matching on after step `step` by tracked piece `e`.
    ///
    /// Direction tokens are matched greedily in written order: a token's steps must
    /// all come after the previous token's last step. Earliest completion is never
    /// worse, and for each piece the furthest progress dominates, so one counter per
    /// tracked piece is an exact record of every way the tokens could still be met.
    fn advance_dirs(&self, node: &mut Node, e: usize, step: Step) {
        let Some(&(gi, dirs)) = self.dirs.get(node.dir_token as usize) else {
            return;
        };
        let goal = &self.goals[gi];
        let d = dirs.as_slice();
        let p = node.prog[e] as usize;
        let piece = node.tracked[e].piece;
        let advance = if p == 0 {
            goal.piece.map_or(true, |l| l == piece)
                && goal.square.map_or(true, |s| s == step.from)
                && d[0] == step.dir
        } else {
            p < d.len() && d[p] == step.dir
        };
        if advance {
            node.prog[e] += 1;
            if node.prog[e] as usize == d.len() {
                node.dir_token += 1;
                node.prog = [0; MAX_TRACKED];
            }
        }
    }

    /// Whether the plain token `g` holds for the turn so far, if it ended now.
    fn plain_holds(&self, node: &Node, g: &Goal) -> bool {
        let letter_ok = |p: Piece| g.piece.map_or(true, |l| l == p);
        let dead = |t: &Tracked| {
            t.captured && letter_ok(t.piece) && g.square.map_or(true, |s| t.visited.contains(s))
        };
        match g.property {
            Property::Destination(d) => {
                if let Some(p) = node.pos.board().piece_at(d) {
                    if letter_ok(p) && g.square.map_or(true, |s| node.visited_of(d).contains(s)) {
                        return true;
                    }
                }
                node.tracked().iter().any(|t| t.cur == d && dead(t))
            }
            Property::Capture => node.tracked().iter().any(dead),
            Property::Steps(_) => true,
        }
    }

    /// Whether every token holds for the turn so far, if it ended now.
    pub fn satisfied(&self, node: &Node) -> bool {
        node.dir_token as usize >= self.dirs.len()
            && self
                .plain
                .iter()
                .all(|&i| self.plain_holds(node, &self.goals[i]))
    }

    /// Whether every token holds for a finished turn found in another search (its
    /// direction tokens are matched again from its steps).
    pub fn satisfied_by(&self, node: &Node) -> bool {
        if !self
            .plain
            .iter()
            .all(|&i| self.plain_holds(node, &self.goals[i]))
        {
            return false;
        }
        if self.dirs.is_empty() {
            return true;
        }
        let mut probe = Node::root(&node.pos);
        probe.tracked = node.tracked;
        probe.ntracked = node.ntracked;
        for (i, &s) in node.mv.steps().iter().enumerate() {
            self.advance_dirs(&mut probe, node.movers[i] as usize, s);
            if probe.dir_token as usize >= self.dirs.len() {
                return true;
            }
        }
        probe.dir_token as usize >= self.dirs.len()
    }

    /// The pieces now on the board that some token could be about, by colour, and the
    /// squares whose arrival of a piece could satisfy a token naming only a square.
    fn candidates(&self, node: &Node) -> Cands {
        let board = node.pos.board();
        let mut c = Cands {
            own: Bitboard::EMPTY,
            enemy: Bitboard::EMPTY,
            arrive: Bitboard::EMPTY,
            dests: self.dest_squares,
            helpers: Bitboard::EMPTY,
        };
        // Squares whose pieces the bound counts as having to leave: beside and on the
        // traps (for captures), and the first square of each direction token's steps.
        if !self.captures_by_mover.is_empty() {
            c.helpers |= Bitboard::TRAPS | Bitboard::TRAPS.neighbours();
        }
        // A piece on a trap that must make room may die when its support leaves.
        c.helpers |= (self.dest_squares & Bitboard::TRAPS).neighbours();
        for (k, &(gi, dirs)) in self.dirs.iter().enumerate().skip(node.dir_token as usize) {
            let g = &self.goals[gi];
            let d = dirs.as_slice();
            let from = match (g.piece, g.square) {
                (_, Some(s)) => Bitboard::from_square(s),
                (Some(p), None) => board.pieces(p),
                (None, None) => Bitboard::EMPTY,
            };
            c.helpers |= from.shift(d[0]);
            if k == node.dir_token as usize {
                for (i, t) in node.tracked().iter().enumerate() {
                    let p = node.prog[i] as usize;
                    if p > 0 && p < d.len() && !t.captured {
                        c.helpers |= Bitboard::from_square(t.cur).shift(d[p]);
                    }
                }
            }
        }
        let add = |c: &mut Cands, sq: Square| {
            if board.color(self.side).contains(sq) {
                c.own = c.own.with(sq);
            } else if board.color(!self.side).contains(sq) {
                c.enemy = c.enemy.with(sq);
            }
        };
        for gr in &self.groups {
            if gr.piece.color == self.side {
                c.own |= board.pieces(gr.piece);
            } else {
                c.enemy |= board.pieces(gr.piece);
            }
        }
        let mut squares = Bitboard::EMPTY;
        for &i in &self.unlettered {
            if let Some(s) = self.goals[i].square {
                squares = squares.with(s);
            }
        }
        for &(gi, _) in self.dirs.iter().skip(node.dir_token as usize) {
            let g = &self.goals[gi];
            if g.piece.is_none() {
                if let Some(s) = g.square {
                    squares = squares.with(s);
                }
            }
        }
        if squares.any() {
            c.arrive = squares;
            c.helpers |= (squares & Bitboard::TRAPS).neighbours();
            for s in squares {
                add(&mut c, s);
            }
            for (i, t) in node.tracked().iter().enumerate() {
                if !t.captured && ((t.visited & squares).any() || node.prog[i] > 0) {
                    add(&mut c, t.cur);
                }
            }
        }
        c
    }

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
                let mut weaker = Bitboard::EMPTY;
                for kind in PieceKind::ALL {
                    if kind < k {
                        weaker |= board.kind(kind);
                    }
                }
                board.color(!self.side) & weaker & Bitboard::adjacent(sq)
            }
            None => Bitboard::EMPTY,
        };
        // A pull of an enemy piece some token may be about is possible right now.
        let pre = if pullable.is_empty() {
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
            for gr in &self.groups {
                if gr.piece.color != self.side {
                    enemy |= board.pieces(gr.piece);
                }
            }
            u32::from((pullable & enemy).any())
        };
        let mut strong = [Bitboard::EMPTY; 6];
        let mut acc = Bitboard::EMPTY;
        for k in (0..6).rev() {
            strong[k] = acc;
            acc |= board.kind(PieceKind::ALL[k]) & board.color(self.side);
        }
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
        for gr in &self.groups {
            lettered[gr.piece.index()] = true;
        }
        let named = |sq: Square| board.piece_at(sq).is_some_and(|p| lettered[p.index()]);
        // Destination squares held by a piece no lettered token names: it must leave.
        let mut vacate = Bitboard::EMPTY;
        for gr in &self.groups {
            let class = &mut classes[gr.piece.index()];
            for &i in &gr.dests {
                let g = &self.goals[i];
                let (raw, s) = cx.cost(g);
                if raw >= INF || s >= INF {
                    return Bound::IMPOSSIBLE;
                }
                single = single.max(s);
                if let Property::Destination(d) = g.property {
                    if raw > 0 && board.occupied().contains(d) && !named(d) {
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

    /// Whether playing `step` in `node` could lower the binding part of `bound` (the
    /// search only needs such steps when it has no slack). `false` only when the step
    /// provably cannot: it moves no piece a token could be about and cannot make a pull
    /// possible, free a frozen candidate, bring a stronger piece nearer an enemy
    /// candidate, or leave a candidate alone on a trap.
    fn may_progress(&self, node: &Node, cands: &Cands, bound: &Bound, step: Step) -> bool {
        let board = node.pos.board();
        if node.pos.turn_state().push.is_some() {
            return true;
        }
        let (own_c, enemy_c) = (cands.own, cands.enemy);
        let from = step.from;
        let Some(x) = board.piece_at(from) else {
            return true;
        };
        let all_c = own_c | enemy_c | cands.dests | cands.helpers;
        if all_c.contains(from) {
            return true;
        }
        let Some(to) = step.to() else {
            return true;
        };
        if cands.arrive.contains(to) {
            return true;
        }
        // Leaving a candidate of its own colour alone on a neighbouring trap.
        let same_c = if x.color == self.side { own_c } else { enemy_c };
        if (Bitboard::adjacent(from) & Bitboard::TRAPS & same_c).any() {
            return true;
        }
        if x.color == self.side {
            // Making a pull of an enemy candidate possible.
            let mut weaker = Bitboard::EMPTY;
            for kind in PieceKind::ALL {
                if kind < x.kind {
                    weaker |= board.kind(kind);
                }
            }
            if (Bitboard::adjacent(from) & enemy_c & weaker).any() {
                return true;
            }
            if bound.single == bound.value && bound.grouped < bound.value {
                // Freeing an own candidate, or coming nearer a weaker enemy candidate.
                if (Bitboard::adjacent(to) & own_c).any() {
                    return true;
                }
                for c in enemy_c & weaker {
                    if dist(to, c) < dist(from, c) {
                        return true;
                    }
                }
            }
            false
        } else {
            // An enemy piece pushed or pulled away from an own candidate it froze.
            bound.single == bound.value
                && bound.grouped < bound.value
                && (Bitboard::adjacent(from) & own_c).any()
        }
    }

    /// A lower bound on the steps needed to make the board equal `target`: each step
    /// fills one square and empties at most two (its start and a trap). Also says
    /// whether the fill count is the binding part.
    pub fn target_bound(board: &Board, target: &Board) -> (u32, bool) {
        let mut fill = 0u32;
        let mut empty = 0u32;
        for c in Color::ALL {
            for k in PieceKind::ALL {
                let p = Piece::new(c, k);
                let have = board.pieces(p);
                let want = target.pieces(p);
                fill += (want & !have).count();
                empty += (have & !want).count();
            }
        }
        let e = empty.div_ceil(2);
        (fill.max(e), fill >= e)
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

/// Pieces tokens could be about (see [`Goals::candidates`]).
struct Cands {
    own: Bitboard,
    enemy: Bitboard,
    arrive: Bitboard,
    /// Destination squares: a piece leaving one may be making room.
    dests: Bitboard,
    /// Other squares a piece leaving may be making room or removing support.
    helpers: Bitboard,
}

/// A lower bound on the steps still needed, with its parts (see
/// [`Goals::lower_bound`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bound {
    /// The bound: the largest part.
    pub value: u32,
    grouped: u32,
    single: u32,
    letters: u32,
}

impl Bound {
    const ZERO: Bound = Bound {
        value: 0,
        grouped: 0,
        single: 0,
        letters: 0,
    };
    const IMPOSSIBLE: Bound = Bound {
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

#[cfg(test)]
thread_local! {
    /// Nodes expanded and children bounded on this thread, for tuning tests.
    pub(crate) static STATS: core::cell::Cell<(u64, u64)> = const { core::cell::Cell::new((0, 0)) };
}

/// What a visitor tells the search to do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Keep searching.
    Continue,
    /// Stop the whole search.
    Stop,
}

/// An exact description of a search state, for the transposition table: the board,
/// the turn state, the matching of direction tokens, the depth, and the facts about
/// every tracked piece (sorted by start square, so step orders that commute meet).
#[derive(Clone, PartialEq, Eq)]
struct StateKey {
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
struct PassThrough(u64);

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
fn mix(x: u64) -> u64 {
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
    fn key(&self, depth: u32, named: Bitboard) -> StateKey {
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
        let mut h = self.pos.hash() ^ mix(misc);
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

/// Which part of the bound must drop on every step when there is no slack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Binding {
    /// The tokens' bound: see [`Goals::may_progress`].
    Goals,
    /// The target's fill count: the step must put the right piece on a target square.
    Fill,
    /// No cheap filter.
    Unknown,
}

type Seen = std::collections::HashSet<StateKey, core::hash::BuildHasherDefault<PassThrough>>;

thread_local! {
    /// Transposition tables kept between searches on this thread, so their memory is
    /// allocated (and grown) once.
    static TABLES: core::cell::RefCell<Vec<Seen>> = const { core::cell::RefCell::new(Vec::new()) };
}

/// A small, fast hasher (FxHash's multiply-rotate) for the crate's own keys.
#[derive(Default, Clone, Copy)]
pub(crate) struct FastHasher(u64);

impl core::hash::Hasher for FastHasher {
    fn finish(&self) -> u64 {
        mix(self.0)
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// A `BuildHasher` for [`FastHasher`].
pub(crate) type FastBuild = core::hash::BuildHasherDefault<FastHasher>;

impl Drop for Search<'_> {
    fn drop(&mut self) {
        let mut seen = core::mem::take(&mut self.seen);
        seen.clear();
        TABLES.with(|t| {
            let mut t = t.borrow_mut();
            // Keep a few tables of moderate size (a key is about 200 bytes).
            if t.len() < 4 && seen.capacity() <= 4096 {
                t.push(seen);
            }
        });
    }
}

/// A bounded depth-first search over step sequences.
pub(crate) struct Search<'a> {
    /// The tokens to satisfy.
    pub goals: &'a Goals,
    /// A board the turn must end with, if any.
    pub target: Option<&'a Board>,
    /// Nodes expanded, for tests and tuning.
    pub nodes: u64,
    /// Children whose bound was computed, for tests and tuning.
    pub children: u64,
    seen: Seen,
}

impl<'a> Search<'a> {
    /// A search for `goals`, optionally for turns ending on `target`.
    pub fn new(goals: &'a Goals, target: Option<&'a Board>) -> Search<'a> {
        Search {
            goals,
            target,
            nodes: 0,
            children: 0,
            seen: TABLES
                .with(|t| t.borrow_mut().pop())
                .unwrap_or_else(|| Seen::with_capacity_and_hasher(512, Default::default())),
        }
    }

    /// The bound of `node`, and which filter applies to its children when it has no
    /// slack.
    fn bound(&self, node: &Node) -> (Bound, Binding) {
        let b = self.goals.lower_bound(node);
        match self.target {
            Some(t) => {
                let (tb, fill) = Goals::target_bound(node.pos.board(), t);
                let binding = if fill && tb >= b.value {
                    Binding::Fill
                } else if tb > b.value || self.goals.is_empty() {
                    Binding::Unknown
                } else {
                    Binding::Goals
                };
                (
                    Bound {
                        value: tb.max(b.value),
                        ..b
                    },
                    binding,
                )
            }
            None => (b, Binding::Goals),
        }
    }

    /// Whether the turn could end here with every token satisfied.
    fn is_leaf(&self, node: &Node) -> bool {
        node.pos.check_end_turn().is_ok()
            && self.goals.satisfied(node)
            && self.target.map_or(true, |t| node.pos.board() == t)
    }

    /// Visits every satisfying turn of at most `limit` steps from `root` (of exactly
    /// `limit` steps when `exact`), until the visitor says stop. Returns whether it
    /// stopped. Turns reaching a state already searched (same board, turn state, piece
    /// paths and token progress, at the same depth) are visited once.
    pub fn run(
        &mut self,
        root: &Node,
        limit: u32,
        exact: bool,
        visit: &mut dyn FnMut(&Node) -> Flow,
    ) -> bool {
        self.seen.clear();
        let (b, binding) = self.bound(root);
        if b.value > limit {
            return false;
        }
        self.dfs(root, &b, binding, 0, limit, exact, visit)
    }

    #[allow(clippy::too_many_arguments)]
    fn dfs(
        &mut self,
        node: &Node,
        bound: &Bound,
        binding: Binding,
        depth: u32,
        limit: u32,
        exact: bool,
        visit: &mut dyn FnMut(&Node) -> Flow,
    ) -> bool {
        if depth > 0
            && (!exact || depth == limit)
            && self.is_leaf(node)
            && visit(node) == Flow::Stop
        {
            return true;
        }
        if depth >= limit {
            return false;
        }
        self.nodes += 1;
        #[cfg(test)]
        STATS.with(|c| c.set((c.get().0 + 1, c.get().1)));
        let tight = depth + bound.value == limit;
        let cands = (tight && binding == Binding::Goals).then(|| self.goals.candidates(node));
        let steps = node.pos.legal_steps();
        let board = *node.pos.board();
        for &step in steps.iter() {
            if tight {
                if binding == Binding::Fill {
                    // The fill count binds: the step must put the right piece on a
                    // square of the target.
                    let ok = match (self.target, step.to(), board.piece_at(step.from)) {
                        (Some(t), Some(to), Some(x)) => t.piece_at(to) == Some(x),
                        _ => true,
                    };
                    if !ok {
                        continue;
                    }
                } else if let Some(c) = &cands {
                    if !self.goals.may_progress(node, c, bound, step) {
                        continue;
                    }
                }
            }
            let mut child = node.clone();
            child.apply(step, self.goals);
            // A state met before at this depth has been searched (or pruned) already;
            // its bound depends on the state alone.
            if USE_TT
                && depth + 1 < limit
                && !self
                    .seen
                    .insert(child.key(depth + 1, self.goals.named_squares))
            {
                continue;
            }
            self.children += 1;
            #[cfg(test)]
            STATS.with(|c| c.set((c.get().0, c.get().1 + 1)));
            let (cb, cbinding) = self.bound(&child);
            if depth + 1 + cb.value > limit {
                continue;
            }
            if self.dfs(&child, &cb, cbinding, depth + 1, limit, exact, visit) {
                return true;
            }
        }
        false
    }
}
