//! Tokens compiled for the search: which turns satisfy them, how direction tokens are
//! matched step by step, and which steps can help when there is no slack.

use crate::{Bitboard, Board, Color, Piece, PieceKind, Square, Step};

use super::bound::{dist, weaker_than, Bound};
use super::node::{Node, Tracked, MAX_TRACKED};
use crate::notation::lightvector::syntax::{Directions, Property, Token};

/// One token, ready for the search.
#[derive(Debug, Clone, Copy)]
pub(super) struct Goal {
    pub(super) piece: Option<Piece>,
    pub(super) square: Option<Square>,
    pub(super) property: Property,
}

/// The letter groups: tokens naming the same piece letter. Pieces with different letters
/// are different pieces, so what each group needs adds up.
#[derive(Debug, Clone)]
pub(super) struct Group {
    pub(super) piece: Piece,
    /// Destination tokens, sorted by destination square.
    pub(super) dests: Vec<usize>,
    /// Capture tokens.
    pub(super) captures: Vec<usize>,
    /// Direction tokens (indices into `Goals::dirs`).
    pub(super) dirs: Vec<usize>,
}

/// A set of tokens compiled for the search, for one side to move.
#[derive(Debug, Clone)]
pub(crate) struct Goals {
    pub(super) side: Color,
    pub(super) goals: Vec<Goal>,
    /// Destination and capture tokens (indices into `goals`).
    pub(super) plain: Vec<usize>,
    /// Direction tokens in written order: goal index and directions.
    pub(super) dirs: Vec<(usize, Directions)>,
    /// The letter groups (the first `ngroups`; the rest keep their memory).
    groups: Vec<Group>,
    ngroups: usize,
    /// Plain tokens with no piece letter.
    pub(super) unlettered: Vec<usize>,
    /// The squares of all destination tokens.
    pub(super) dest_squares: Bitboard,
    /// Capture tokens that may be about the mover's own pieces.
    pub(super) captures_by_mover: Vec<usize>,
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
            ngroups: 0,
            unlettered: Vec::new(),
            dest_squares: Bitboard::EMPTY,
            captures_by_mover: Vec::new(),
            named_squares: Bitboard::EMPTY,
        };
        g.refill(tokens, side);
        g
    }

    /// The letter groups.
    pub(super) fn groups(&self) -> &[Group] {
        &self.groups[..self.ngroups]
    }

    /// Compiles `tokens` in place of the tokens held, keeping the memory.
    pub fn refill(&mut self, tokens: &[Token], side: Color) {
        let g = self;
        g.side = side;
        g.goals.clear();
        g.plain.clear();
        g.dirs.clear();
        g.ngroups = 0;
        g.unlettered.clear();
        g.dest_squares = Bitboard::EMPTY;
        g.captures_by_mover.clear();
        g.named_squares = Bitboard::EMPTY;
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
                    let gi = match g.groups[..g.ngroups].iter().position(|gr| gr.piece == p) {
                        Some(gi) => gi,
                        None => {
                            if g.ngroups == g.groups.len() {
                                g.groups.push(Group {
                                    piece: p,
                                    dests: Vec::new(),
                                    captures: Vec::new(),
                                    dirs: Vec::new(),
                                });
                            }
                            let gr = &mut g.groups[g.ngroups];
                            gr.piece = p;
                            gr.dests.clear();
                            gr.captures.clear();
                            gr.dirs.clear();
                            g.ngroups += 1;
                            g.ngroups - 1
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
        let goals = &g.goals;
        let dest_of = |i: &usize| match goals[*i].property {
            Property::Destination(s) => s.index(),
            _ => 0,
        };
        for gr in &mut g.groups[..g.ngroups] {
            gr.dests.sort_by_key(dest_of);
        }
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
    pub(super) fn advance_dirs(&self, node: &mut Node, e: usize, step: Step) {
        let piece = node.tracked[e].piece;
        self.advance(&mut node.dir_token, &mut node.prog, e, piece, step);
    }

    /// [`Goals::advance_dirs`] on the matching state alone.
    fn advance(
        &self,
        dir_token: &mut u8,
        prog: &mut [u8; MAX_TRACKED],
        e: usize,
        piece: Piece,
        step: Step,
    ) {
        let Some(&(gi, dirs)) = self.dirs.get(*dir_token as usize) else {
            return;
        };
        let goal = &self.goals[gi];
        let d = dirs.as_slice();
        let p = prog[e] as usize;
        let advance = if p == 0 {
            goal.piece.map_or(true, |l| l == piece)
                && goal.square.map_or(true, |s| s == step.from)
                && d[0] == step.dir
        } else {
            p < d.len() && d[p] == step.dir
        };
        if advance {
            prog[e] += 1;
            if prog[e] as usize == d.len() {
                *dir_token += 1;
                *prog = [0; MAX_TRACKED];
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
        let (mut dir_token, mut prog) = (0u8, [0u8; MAX_TRACKED]);
        for (i, &s) in node.mv.steps().iter().enumerate() {
            let e = node.movers[i] as usize;
            self.advance(&mut dir_token, &mut prog, e, node.tracked[e].piece, s);
            if dir_token as usize >= self.dirs.len() {
                return true;
            }
        }
        dir_token as usize >= self.dirs.len()
    }

    /// The pieces now on the board that some token could be about, by colour, and the
    /// squares whose arrival of a piece could satisfy a token naming only a square.
    pub(super) fn candidates(&self, node: &Node) -> Cands {
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
        for gr in self.groups() {
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

    /// Whether playing `step` in `node` could lower the binding part of `bound` (the
    /// search only needs such steps when it has no slack). `false` only when the step
    /// provably cannot: it moves no piece a token could be about and cannot make a pull
    /// possible, free a frozen candidate, bring a stronger piece nearer an enemy
    /// candidate, or leave a candidate alone on a trap.
    pub(super) fn may_progress(
        &self,
        node: &Node,
        cands: &Cands,
        bound: &Bound,
        step: Step,
    ) -> bool {
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
            let weaker = weaker_than(board, x.kind);
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

    /// A lower bound on the steps needed to make the board equal `target` with `side`
    /// to move: each step fills one square and empties at most two (its start and a
    /// trap); and each square to fill needs a piece of its own, at least as far away
    /// as the nearest piece of that kind, and each piece that must die walks to a trap
    /// (an enemy piece's steps each need a step of the mover too). Also says whether
    /// the fill count is the binding part.
    pub fn target_bound(board: &Board, target: &Board, side: Color) -> (u32, bool) {
        let mut fill = 0u32;
        let mut empty = 0u32;
        let (mut own, mut enemy) = (0u32, 0u32);
        for c in Color::ALL {
            for k in PieceKind::ALL {
                let p = Piece::new(c, k);
                let have = board.pieces(p);
                let want = target.pieces(p);
                if have == want {
                    continue;
                }
                let missing = want & !have;
                fill += missing.count();
                empty += (have & !want).count();
                let mut steps = 0u32;
                for f in missing {
                    steps = steps.saturating_add(super::bound::ring_min(f, have));
                }
                // Pieces of the kind that must die: each walks to a trap first, the
                // nearest ones at best (other pieces than those filling squares).
                let deaths = have.count().saturating_sub(want.count()) as usize;
                if deaths > 0 {
                    let mut d = [0u32; 16];
                    let mut n = 0;
                    for q in have {
                        if n < d.len() {
                            d[n] = super::bound::ring_min(q, Bitboard::TRAPS);
                            n += 1;
                        }
                    }
                    d[..n].sort_unstable();
                    steps = steps.saturating_add(d[..deaths.min(n)].iter().sum());
                }
                if c == side {
                    own = own.saturating_add(steps);
                } else {
                    enemy = enemy.saturating_add(steps);
                }
            }
        }
        let e = empty.div_ceil(2);
        // One enemy step may follow a pull already made.
        let walk = enemy
            .saturating_add(own.max(enemy.saturating_sub(1)))
            .min(super::INF);
        (fill.max(e).max(walk), fill >= e && fill >= walk)
    }
}

/// Pieces tokens could be about (see [`Goals::candidates`]).
pub(super) struct Cands {
    own: Bitboard,
    enemy: Bitboard,
    arrive: Bitboard,
    /// Destination squares: a piece leaving one may be making room.
    dests: Bitboard,
    /// Other squares a piece leaving may be making room or removing support.
    helpers: Bitboard,
}
