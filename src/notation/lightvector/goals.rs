//! Tokens compiled for the search: which turns satisfy them, how direction tokens are
//! matched step by step, and a lower bound on the steps they still need.

use crate::{Bitboard, Color, Piece, PieceKind, Square, Step};

use super::search::{Node, Tracked, MAX_TRACKED};
use super::syntax::{Directions, Property, Token, MAX_TOKENS};

/// "Cannot be done": more steps than any turn has, small enough to add up safely.
pub(super) const INF: u32 = 1000;

/// Manhattan distance.
pub(super) fn dist(a: Square, b: Square) -> u32 {
    let d = |x: u8, y: u8| u32::from(x.abs_diff(y));
    d(a.file().index(), b.file().index()) + d(a.rank().index(), b.rank().index())
}

/// One token, ready for the search.
#[derive(Debug, Clone, Copy)]
struct Goal {
    piece: Option<Piece>,
    square: Option<Square>,
    property: Property,
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
    /// The squares named in specifiers: the only squares of a path tokens look at.
    named: Bitboard,
}

impl Goals {
    /// Compiles `tokens` for a search with `side` to move.
    pub fn new(tokens: &[Token], side: Color) -> Goals {
        let mut g = Goals {
            side,
            goals: Vec::new(),
            plain: Vec::new(),
            dirs: Vec::new(),
            named: Bitboard::EMPTY,
        };
        g.refill(tokens, side);
        g
    }

    /// Compiles `tokens` in place of the tokens held, keeping the memory.
    pub fn refill(&mut self, tokens: &[Token], side: Color) {
        self.side = side;
        self.goals.clear();
        self.plain.clear();
        self.dirs.clear();
        self.named = Bitboard::EMPTY;
        for (i, t) in tokens.iter().enumerate() {
            self.goals.push(Goal {
                piece: t.specifier.piece(),
                square: t.specifier.square(),
                property: t.property,
            });
            if let Some(sq) = t.specifier.square() {
                self.named = self.named.with(sq);
            }
            match t.property {
                Property::Steps(d) => self.dirs.push((i, d)),
                _ => self.plain.push(i),
            }
        }
    }

    /// The squares named in specifiers.
    pub(super) fn named_squares(&self) -> Bitboard {
        self.named
    }

    /// Moves the direction-token matching on after `step`, taken by tracked piece `e`.
    ///
    /// Direction tokens are matched greedily in written order: a token's steps must
    /// all come after the previous token's last step. Earliest completion is never
    /// worse, and for each piece the furthest progress dominates, so one counter per
    /// tracked piece is an exact record of every way the tokens could still be met.
    pub(super) fn advance_dirs(&self, node: &mut Node, e: usize, step: Step) {
        if let Some(piece) = node.get(e).map(|t| t.piece) {
            self.advance(&mut node.dir_token, &mut node.prog, e, piece, step);
        }
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

    /// Whether the dead piece `t` is one `g` may be about.
    fn names_dead(g: &Goal, t: &Tracked) -> bool {
        t.captured
            && g.piece.map_or(true, |l| l == t.piece)
            && g.square.map_or(true, |s| t.visited.contains(s))
    }

    /// Whether the destination or capture token `g` holds for the turn so far, if it
    /// ended now.
    fn plain_holds(node: &Node, g: &Goal) -> bool {
        match g.property {
            Property::Destination(d) => {
                let alive = node.pos.board().piece_at(d).is_some_and(|p| {
                    g.piece.map_or(true, |l| l == p)
                        && g.square.map_or(true, |s| node.visited_of(d).contains(s))
                });
                alive || node.tracked().any(|t| t.cur == d && Self::names_dead(g, t))
            }
            Property::Capture => node.tracked().any(|t| Self::names_dead(g, t)),
            Property::Steps(_) => true,
        }
    }

    /// Whether every token holds for the turn so far, if it ended now.
    pub fn satisfied(&self, node: &Node) -> bool {
        node.dir_token as usize >= self.dirs.len()
            && self
                .plain
                .iter()
                .all(|&i| Self::plain_holds(node, &self.goals[i]))
    }

    /// Whether every token holds for a finished turn found in another search (its
    /// direction tokens are matched again from its steps).
    pub fn satisfied_by(&self, node: &Node) -> bool {
        if !self
            .plain
            .iter()
            .all(|&i| Self::plain_holds(node, &self.goals[i]))
        {
            return false;
        }
        let (mut dir_token, mut prog) = (0u8, [0u8; MAX_TRACKED]);
        for (&s, &e) in node.mv.steps().iter().zip(node.movers()) {
            if let Some(t) = node.get(e as usize) {
                self.advance(&mut dir_token, &mut prog, e as usize, t.piece, s);
            }
        }
        dir_token as usize >= self.dirs.len()
    }

    /// The fewest steps a turn needs when the mover's pieces must still take `own`
    /// steps and the opponent's pieces `enemy` steps: every step moves one piece, and
    /// an enemy piece moves only when pushed or pulled, each of its steps paired with
    /// its own step of the mover (the pull that is ready now already has its step; a
    /// push under way needs one more step of the mover that pairs with nothing new).
    pub(super) fn turn_steps(node: &Node, own: u32, enemy: u32) -> u32 {
        let pending = u32::from(node.pos.pending_push().is_some());
        let ready = u32::from(node.ready_pull().is_some());
        (own + enemy)
            .max((2 * enemy + pending).saturating_sub(ready))
            .max(pending)
    }

    /// The steps the piece `p` on `sq`, which has visited `visited`, must still take
    /// to satisfy `g` on its own: to the square of the specifier if it has not been
    /// there, then to the destination or the nearest trap. An own rabbit never goes
    /// backwards.
    fn piece_steps(&self, g: &Goal, p: Piece, sq: Square, visited: Bitboard) -> u32 {
        let own_rabbit = p.kind == PieceKind::Rabbit && p.color == self.side;
        let walk = |a: Square, b: Square| {
            let back = match self.side {
                Color::Gold => b.rank() < a.rank(),
                Color::Silver => b.rank() > a.rank(),
            };
            if own_rabbit && back {
                INF
            } else {
                dist(a, b)
            }
        };
        let path = |to: Square| match g.square.filter(|&s| !visited.contains(s)) {
            Some(via) => walk(sq, via) + walk(via, to),
            None => walk(sq, to),
        };
        match g.property {
            Property::Destination(d) => path(d),
            Property::Capture => Square::TRAPS.iter().map(|&t| path(t)).min().unwrap_or(INF),
            Property::Steps(_) => 0,
        }
    }

    /// The steps of the turn needed to move the enemy piece `p` from `sq` by `m` steps.
    /// Before its first step a stronger piece of the mover must stand beside it (a
    /// pusher or a puller), and those approaching steps come before every pairing step;
    /// a pull ready for it now saves its first pairing step.
    fn enemy_turn_steps(&self, node: &Node, p: Piece, sq: Square, m: u32) -> u32 {
        if m == 0 {
            return 0;
        }
        if node.pos.pending_push().is_some() {
            return 2 * m + 1;
        }
        if let Some((from, k)) = node.pos.pull_source() {
            if p.kind < k && Bitboard::adjacent(from).contains(sq) {
                return 2 * m - 1;
            }
        }
        let board = node.pos.board();
        let stronger = PieceKind::ALL
            .into_iter()
            .filter(|&k| k > p.kind)
            .fold(Bitboard::EMPTY, |b, k| b | board.kind(k));
        let approach = (board.color(self.side) & stronger)
            .iter()
            .map(|q| dist(q, sq) - 1)
            .min()
            .unwrap_or(INF);
        2 * m + approach
    }

    /// For the destination or capture token `g`: the fewest steps a piece it may be
    /// about must still take, and the fewest steps of the turn that needs.
    fn token_cost(&self, node: &Node, g: &Goal) -> (u32, u32) {
        let board = node.pos.board();
        let mut best = (INF, INF);
        if node.tracked().any(|t| Self::names_dead(g, t) && {
            g.property == Property::Capture || Property::Destination(t.cur) == g.property
        }) {
            return (0, 0);
        }
        let squares = match g.piece {
            Some(l) => board.pieces(l),
            None => board.occupied(),
        };
        for sq in squares {
            let Some(p) = board.piece_at(sq) else { continue };
            let m = self.piece_steps(g, p, sq, node.visited_of(sq));
            let turn = if p.color == self.side {
                m
            } else {
                self.enemy_turn_steps(node, p, sq, m)
            };
            best = (best.0.min(m), best.1.min(turn));
        }
        best
    }

    /// An admissible lower bound on the steps still needed from `node` before every
    /// token holds (at least [`INF`] when they cannot), the largest of:
    /// - for each destination and capture token, the fewest turn steps that any piece
    ///   it may be about needs (see [`Goals::token_cost`]);
    /// - the piece-steps of the tokens with a piece letter added up: pieces of
    ///   different letters are different pieces, and so are pieces of one letter
    ///   ending (or dying) on different squares; per letter, the destination squares
    ///   add up and a capture token counts as much as its dearest candidate;
    /// - the direction letters still to match, which all need distinct steps;
    /// - one step while a push waits to be completed.
    pub fn bound(&self, node: &Node) -> u32 {
        let mut steps = [0u32; MAX_TOKENS];
        let mut single = 0;
        for &i in &self.plain {
            let (m, turn) = self.token_cost(node, &self.goals[i]);
            steps[i.min(MAX_TOKENS - 1)] = m;
            single = single.max(turn);
        }
        let (mut own, mut enemy) = (0u32, 0u32);
        // Token indices fit `steps` (a `Lightvector` has at most MAX_TOKENS tokens; the
        // writer's larger conjunctions go without this part).
        let plain = if self.goals.len() <= MAX_TOKENS { &self.plain[..] } else { &[] };
        for (n, &i) in plain.iter().enumerate() {
            let g = &self.goals[i];
            let Some(letter) = g.piece else { continue };
            let same = |j: &&usize| self.goals[**j].piece == Some(letter);
            if self.plain[..n].iter().any(|j| same(&j)) {
                continue; // the letter was counted at its first token
            }
            let (mut dests, mut capture) = (0u32, 0u32);
            for (a, &j) in self.plain.iter().enumerate().filter(|(_, j)| same(j)) {
                match self.goals[j].property {
                    Property::Destination(d) => {
                        let at_d = |k: &&usize| {
                            same(k) && self.goals[**k].property == Property::Destination(d)
                        };
                        if !self.plain[..a].iter().any(|k| at_d(&k)) {
                            dests += self.plain.iter().filter(at_d).map(|&k| steps[k]).max().unwrap_or(0);
                        }
                    }
                    _ => capture = capture.max(steps[j]),
                }
            }
            let cost = dests.max(capture).min(INF);
            if letter.color == self.side {
                own += cost;
            } else {
                enemy += cost;
            }
        }
        let grouped = Self::turn_steps(node, own, enemy);
        let (mut own_letters, mut enemy_letters) = (0u32, 0u32);
        for (k, &(gi, d)) in self.dirs.iter().enumerate().skip(node.dir_token as usize) {
            let mut n = d.len() as u32;
            if k == node.dir_token as usize {
                n -= u32::from(node.prog.iter().copied().max().unwrap_or(0));
            }
            match self.goals[gi].piece {
                Some(p) if p.color != self.side => enemy_letters += n,
                _ => own_letters += n,
            }
        }
        let letters = Self::turn_steps(node, own_letters, enemy_letters);
        grouped.max(single).max(letters)
    }
}
