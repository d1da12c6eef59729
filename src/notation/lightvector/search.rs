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

use super::syntax::{Directions, Property, Token};

/// "Cannot be done": larger than any step count.
pub(crate) const INF: u32 = 1000;

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

/// Manhattan distance.
#[inline]
pub(crate) fn dist(a: Square, b: Square) -> u32 {
    let (af, ar) = (a.file().index() as i32, a.rank().index() as i32);
    let (bf, br) = (b.file().index() as i32, b.rank().index() as i32);
    ((af - bf).abs() + (ar - br).abs()) as u32
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
fn approach(board: &Board, side: Color, sq: Square, kind: PieceKind, limit: u32) -> u32 {
    let mut strong = Bitboard::EMPTY;
    for k in PieceKind::ALL {
        if k > kind {
            strong |= board.kind(k);
        }
    }
    strong &= board.color(side);
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
        };
        for t in tokens {
            let i = g.goals.len();
            g.goals.push(Goal {
                piece: t.specifier.piece(),
                square: t.specifier.square(),
                property: t.property,
            });
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

    /// A lower bound on the steps still needed before every token holds, or `INF`.
    ///
    /// Costs are distances: an own piece needs at least its Manhattan distance in steps
    /// (one more if it is frozen now), and an enemy piece moves only when pushed or
    /// pulled, so each of its steps is paired with a step of the mover, and a stronger
    /// piece of the mover must first come beside it. Three bounds are combined:
    /// - letter groups: tokens with different piece letters speak about different
    ///   pieces, and destination tokens with different squares about different pieces,
    ///   so their distances add up; with `o` own and `e` enemy piece-steps needed, at
    ///   least `e + max(o, e)` steps remain (less one when a pull is already possible);
    /// - the costliest single token (with the freezing and approach penalties);
    /// - the direction letters still to match, which all need distinct steps.
    pub fn lower_bound(&self, node: &Node) -> u32 {
        if self.is_empty() {
            return 0;
        }
        let pos = &node.pos;
        let board = pos.board();
        let turn = pos.turn_state();
        let pending = u32::from(turn.push.is_some());
        let pre = u32::from(turn.pull.is_some() && turn.push.is_none());
        let left = u32::from(pos.steps_left());
        let frozen = board.frozen(self.side);
        let cx = Cx {
            node,
            board,
            side: self.side,
            frozen,
            pre,
            left,
        };
        let mut own = 0u32;
        let mut enemy = 0u32;
        let mut single = 0u32;
        for gr in &self.groups {
            let mut dest_sum = 0u32;
            let mut other = 0u32;
            let mut last_dest: Option<Square> = None;
            let mut cur_max = 0u32;
            for &i in &gr.dests {
                let g = &self.goals[i];
                let (raw, s) = cx.cost(g);
                if raw >= INF || s >= INF {
                    return INF;
                }
                single = single.max(s);
                let d = match g.property {
                    Property::Destination(d) => Some(d),
                    _ => None,
                };
                if d != last_dest {
                    dest_sum += cur_max;
                    cur_max = 0;
                    last_dest = d;
                }
                cur_max = cur_max.max(raw);
            }
            dest_sum += cur_max;
            for &i in &gr.captures {
                let (raw, s) = cx.cost(&self.goals[i]);
                if raw >= INF || s >= INF {
                    return INF;
                }
                single = single.max(s);
                other = other.max(raw);
            }
            let mut letters = 0u32;
            for &di in &gr.dirs {
                if di < node.dir_token as usize {
                    continue;
                }
                let (raw, s) = self.dir_cost(&cx, di);
                if raw >= INF || s >= INF {
                    return INF;
                }
                single = single.max(s);
                letters += raw;
            }
            other = other.max(letters);
            let need = dest_sum.max(other);
            if gr.piece.color == self.side {
                own += need;
            } else {
                enemy += need;
            }
        }
        for &i in &self.unlettered {
            let (raw, s) = cx.cost(&self.goals[i]);
            if raw >= INF || s >= INF {
                return INF;
            }
            single = single.max(s);
        }
        let grouped = enemy + own.max((enemy + pending).saturating_sub(pre));
        // Direction letters: own (or unknown colour) and enemy.
        let (mut o, mut e) = (0u32, 0u32);
        for di in node.dir_token as usize..self.dirs.len() {
            let (gi, dirs) = self.dirs[di];
            let n = if di == node.dir_token as usize {
                self.current_letters(node, gi, dirs)
            } else {
                dirs.len() as u32
            };
            match self.goals[gi].piece {
                Some(p) if p.color != self.side => e += n,
                _ => o += n,
            }
        }
        let letters = e + o.max((e + pending).saturating_sub(pre));
        grouped.max(single).max(letters)
    }

    /// The fewest letters of the current direction token still to match (by the piece
    /// furthest along).
    fn current_letters(&self, node: &Node, _gi: usize, dirs: Directions) -> u32 {
        let best = node.prog[..node.ntracked as usize]
            .iter()
            .copied()
            .max()
            .unwrap_or(0);
        (dirs.len() as u32).saturating_sub(u32::from(best))
    }

    /// The cost of direction token `di` (current or later), as (piece steps, total
    /// steps) for the best candidate piece.
    fn dir_cost(&self, cx: &Cx<'_>, di: usize) -> (u32, u32) {
        let (gi, dirs) = self.dirs[di];
        let g = &self.goals[gi];
        let Some(letter) = g.piece else {
            return (0, 0);
        };
        let len = dirs.len() as u32;
        let node = cx.node;
        let own = letter.color == cx.side;
        let rabbit_back = own
            && letter.kind == PieceKind::Rabbit
            && dirs
                .as_slice()
                .contains(&crate::Direction::backwards(cx.side));
        if rabbit_back {
            return (INF, INF);
        }
        let current = di == node.dir_token as usize;
        if current {
            // A piece already part way through the token.
            let mut best = (INF, INF);
            for (i, t) in node.tracked().iter().enumerate() {
                let p = u32::from(node.prog[i]);
                if p > 0 && !t.captured {
                    let raw = len - p;
                    best = best.min((raw, cx.scale(t.cur, letter, raw)));
                }
            }
            if best.0 < INF {
                return best;
            }
        }
        let mut best = (INF, INF);
        for q in cx.board.pieces(letter) {
            let travel = match g.square {
                Some(s) => {
                    if own && letter.kind == PieceKind::Rabbit && !forward_ok(cx.side, q, s) {
                        continue;
                    }
                    dist(q, s)
                }
                None => 0,
            };
            let raw = len;
            let total = cx.scale(q, letter, travel + len);
            best = best.min((raw, total));
        }
        best
    }

    /// A lower bound on the steps needed to make the board equal `target`: each step
    /// fills one square and empties at most two (its start and a trap).
    pub fn target_bound(board: &Board, target: &Board) -> u32 {
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
        fill.max(empty.div_ceil(2))
    }
}

/// What the cost functions look at.
struct Cx<'a> {
    node: &'a Node,
    board: &'a Board,
    side: Color,
    frozen: Bitboard,
    pre: u32,
    left: u32,
}

impl Cx<'_> {
    /// Total steps for a piece `letter` on `q` that must itself take `raw` steps: own
    /// pieces pay one more when frozen, enemy pieces twice plus the approach of a
    /// stronger piece of the mover.
    fn scale(&self, q: Square, letter: Piece, raw: u32) -> u32 {
        if raw == 0 {
            return 0;
        }
        if letter.color == self.side {
            raw + u32::from(self.frozen.contains(q))
        } else {
            let a = if self.pre == 1 {
                0
            } else {
                approach(self.board, self.side, q, letter.kind, self.left)
            };
            if a >= INF {
                return INF;
            }
            (2 * raw + a).saturating_sub(self.pre)
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
        let own = letter.color == self.side;
        let own_rabbit = own && letter.kind == PieceKind::Rabbit;
        let mut best = (INF, INF);
        for q in self.board.pieces(letter) {
            let visited = node.visited_of(q);
            let via = match g.square {
                Some(s) if !visited.contains(s) => Some(s),
                _ => None,
            };
            let raw = match g.property {
                Property::Destination(d) => match via {
                    None => {
                        if own_rabbit && !forward_ok(self.side, q, d) {
                            continue;
                        }
                        dist(q, d)
                    }
                    Some(s) => {
                        if own_rabbit
                            && !(forward_ok(self.side, q, s) && forward_ok(self.side, s, d))
                        {
                            continue;
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
                                continue;
                            }
                            dist(q, s).saturating_add(trap_dist(s, rb))
                        }
                    }
                }
                Property::Steps(_) => 0,
            };
            if raw >= INF {
                continue;
            }
            let total = match g.property {
                // On a trap already: its support must leave (a push or pull of an
                // enemy supporter is two steps).
                Property::Capture if raw == 0 => {
                    if own {
                        1
                    } else {
                        2u32.saturating_sub(self.pre).max(1)
                    }
                }
                _ => self.scale(q, letter, raw),
            };
            best = best.min((raw, total));
        }
        best
    }

    /// Tokens with only a square: a piece that visited the square, or one that will.
    fn unlettered_cost(&self, g: &Goal) -> (u32, u32) {
        let Some(s) = g.square else {
            return (0, 0);
        };
        let node = self.node;
        let metric = |x: Square| match g.property {
            Property::Destination(d) => dist(x, d),
            Property::Capture => trap_dist(x, None),
            Property::Steps(_) => 0,
        };
        let mut best = INF;
        for t in node.tracked() {
            if !t.captured && t.visited.contains(s) {
                best = best.min(metric(t.cur));
            }
        }
        let on_s = self.board.piece_at(s).is_some() && node.alive_at(s).is_none();
        let here = metric(s) + u32::from(!on_s);
        best = best.min(here);
        if let Property::Capture = g.property {
            if best == 0 {
                best = 1;
            }
        }
        (best, best)
    }
}

/// What a visitor tells the search to do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Keep searching.
    Continue,
    /// Stop the whole search.
    Stop,
}

/// A bounded depth-first search over step sequences.
pub(crate) struct Search<'a> {
    /// The tokens to satisfy.
    pub goals: &'a Goals,
    /// A board the turn must end with, if any.
    pub target: Option<&'a Board>,
    /// Nodes expanded, for tests and tuning.
    pub nodes: u64,
}

impl<'a> Search<'a> {
    /// A search for `goals`, optionally for turns ending on `target`.
    pub fn new(goals: &'a Goals, target: Option<&'a Board>) -> Search<'a> {
        Search {
            goals,
            target,
            nodes: 0,
        }
    }

    fn bound(&self, node: &Node) -> u32 {
        let b = self.goals.lower_bound(node);
        match self.target {
            Some(t) => b.max(Goals::target_bound(node.pos.board(), t)),
            None => b,
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
    /// stopped.
    pub fn run(
        &mut self,
        root: &Node,
        limit: u32,
        exact: bool,
        visit: &mut dyn FnMut(&Node) -> Flow,
    ) -> bool {
        if self.bound(root) > limit {
            return false;
        }
        self.dfs(root, 0, limit, exact, visit)
    }

    fn dfs(
        &mut self,
        node: &Node,
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
        let steps = node.pos.legal_steps();
        for &step in steps.iter() {
            let mut child = node.clone();
            child.apply(step, self.goals);
            if depth + 1 + self.bound(&child) > limit {
                continue;
            }
            if self.dfs(&child, depth + 1, limit, exact, visit) {
                return true;
            }
        }
        false
    }
}
