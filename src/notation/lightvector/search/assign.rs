//! The assignment bound: every token given to a piece that fulfils it, and what those
//! pieces then need in steps of their own.
//!
//! Every step of a turn moves exactly one piece, so the steps still to come are the sum,
//! over all pieces, of the steps each piece still takes. A token is fulfilled by some
//! piece (its *agent*); fixing an agent for every token fixes what each agent must do:
//! squares it must still visit, where it must end or die, and which direction letters
//! its steps must contain. From that alone, the fewest steps of its own follow
//! (Manhattan walks, and per axis the letters it must take in each direction). Some
//! choices also force *other* pieces to take a step: a piece must step off a square an
//! agent has to enter (unless the square is a trap, where it may die instead), and
//! every friend beside the trap an agent dies on must step away first. A direction
//! token's first step either starts where its agent stands now (and the square it
//! enters must be cleared) or after a step of the agent's own (only worth considering
//! when that square is taken). The pieces are distinct, so their steps add up. Enemy
//! steps each need a step of the mover (a push or a pull) by a stronger piece, which
//! must first come beside the enemy piece: with `o` own and `e` enemy piece-steps at
//! least `e + max(o, e)` steps remain, and the mover's pieces too weak to move an enemy
//! piece add their steps to what the stronger ones need.
//!
//! The bound says how the cheapest choice of agents (and of the trap each dying agent
//! dies on) compares with the steps the search has left, by branch and bound: more
//! (the node is pruned), exactly as many (no step to spare), or fewer. A piece that
//! fulfils several tokens has their needs merged, so nothing is counted twice; tokens
//! whose agents no other token can use add their least steps ahead, which settles
//! most budgets at once. Freezing and the order of tokens are left to the other parts
//! of the bound: leaving them out only makes this part smaller.
//!
//! With no step to spare, a step can only help if it lowers what some choice costs.
//! A step of the mover's pieces lowers any cost by one at most, an enemy piece's step
//! by two (a step that kills a piece may do more): the search then plays only steps of
//! a piece that some choice within that of the budget speaks about (its agent, a piece
//! that must step away, or the nearest stronger piece an enemy agent waits for), in a
//! direction that choice can use, and steps that may kill a piece or make a pull of
//! such a piece possible ([`Relevant::may_help`]).

use crate::notation::lightvector::syntax::Property;
use crate::{Bitboard, Board, Color, Direction, Piece, PieceKind, Square};

use super::bound::{dist, forward_ok, ring, ring_min, stronger_by_kind, weaker_than, within};
use super::goals::Goals;
use super::node::Node;
use super::INF;

/// Open tokens beyond this many: the bound says nothing ([`Verdict::Spare`]).
const MAX_OPEN: usize = 16;
/// Choices for one token beyond this many: the bound says nothing.
const MAX_OPTIONS: usize = 24;
/// Pieces with needs (agents and pieces that must step away) beyond this many: the
/// bound says nothing.
const MAX_REQS: usize = 16;
/// Branch-and-bound nodes before giving up (the bound then says nothing).
const MAX_WORK: u32 = 2048;

/// Where a piece must be when the turn ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    /// Anywhere (or dead anywhere).
    Free,
    /// On this square, alive or captured there.
    At(Square),
    /// Captured on this trap.
    DieAt(Square),
}

/// Where a direction token's first matched step starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Start {
    /// From this square.
    At(Square),
    /// After at least one step of the agent's own that matches none of its letters.
    Later,
}

/// What one token asks of its agent.
#[derive(Debug, Clone, Copy)]
struct Need {
    /// A square it must still occupy at some time.
    visit: Option<Square>,
    end: End,
    /// Direction letters its steps must contain, by [`Direction`] index.
    letters: [u8; 4],
    /// For a direction token: its place among the direction tokens, and where its
    /// first letter starts.
    dir: Option<(u8, Start)>,
}

/// One way to fulfil a token: its agent, what the agent must do, and the squares whose
/// occupants must step away.
#[derive(Debug, Clone, Copy)]
struct Choice {
    agent: Square,
    need: Need,
    leave: Bitboard,
    /// What the choice costs on its own.
    alone: u32,
}

/// An open token: its choices (a range of the pool, cheapest first).
#[derive(Clone, Copy)]
struct Open {
    start: usize,
    n: usize,
    /// The token, to recognise copies of the same token.
    goal: usize,
    /// The agents of its choices, and the fewest steps any of them takes for it.
    agents: Bitboard,
    least: u32,
    /// No other token has any of its agents: whoever does it, its steps add up with
    /// everyone else's.
    apart: bool,
}

/// Memory the bound reuses from one call to the next, and what the last call found.
#[derive(Default)]
pub(crate) struct Scratch {
    pool: Vec<Choice>,
    undo: Vec<(usize, Req)>,
    /// For each direction, the pieces whose step that way may lower what a choice of
    /// the last call (within one step of its budget) costs.
    relevant: [Bitboard; 4],
}

/// The needs of one piece, merged over the tokens it fulfils.
#[derive(Debug, Clone, Copy)]
struct Req {
    /// Where it stands now (its identity).
    sq: Square,
    piece: Piece,
    /// Squares it must still occupy (beyond the first direction token's start).
    visits: Bitboard,
    end: End,
    letters: [u8; 4],
    /// The earliest direction token it fulfils: its place and where it starts (all
    /// letters come after that).
    first_dir: Option<(u8, Start)>,
    /// It must take at least one step (to make room or take support away).
    leave: bool,
    /// Two needs no piece can meet together (two ends).
    conflict: bool,
    /// Its steps, from the above.
    cost: u32,
    /// For an enemy piece: the steps a stronger piece of the mover needs to come
    /// beside it before it can be moved (`None` when a pull of it is ready now).
    approach: Option<u32>,
}

/// The fewest steps `p + m` with `p - m = delta`, `p >= plus` and `m >= minus`, as
/// `(p, m)`.
#[inline]
fn axis(plus: u32, minus: u32, delta: i32) -> (u32, u32) {
    let p = (plus as i32).max(minus as i32 + delta);
    (p as u32, (p - delta) as u32)
}

impl Req {
    const fn new(sq: Square, piece: Piece) -> Req {
        Req {
            sq,
            piece,
            visits: Bitboard::EMPTY,
            end: End::Free,
            letters: [0; 4],
            first_dir: None,
            leave: false,
            conflict: false,
            cost: 0,
            approach: Some(0),
        }
    }

    fn merge(&mut self, n: &Need) {
        if let Some(v) = n.visit {
            self.visits = self.visits.with(v);
        }
        self.end = match (self.end, n.end) {
            (End::Free, e) | (e, End::Free) => e,
            (End::At(a), End::At(b)) if a == b => End::At(a),
            (End::At(a), End::DieAt(t)) | (End::DieAt(t), End::At(a)) if a == t => End::DieAt(t),
            (End::DieAt(a), End::DieAt(b)) if a == b => End::DieAt(a),
            (e, _) => {
                self.conflict = true;
                e
            }
        };
        for (l, &k) in self.letters.iter_mut().zip(&n.letters) {
            *l += k;
        }
        if let Some((order, start)) = n.dir {
            // The earliest direction token keeps its start; a later token's start is a
            // square to visit (a step before it may be an earlier token's letter).
            let (keep, other) = match self.first_dir {
                Some(first) if first.0 < order => (first, start),
                previous => ((order, start), previous.map_or(Start::Later, |p| p.1)),
            };
            self.first_dir = Some(keep);
            if let Start::At(s) = other {
                self.visits = self.visits.with(s);
            }
        }
    }

    /// The fewest steps this piece can take to meet its needs (`INF` when it cannot).
    fn steps(&self, side: Color) -> u32 {
        if self.conflict {
            return INF;
        }
        let c = self.sq;
        let end = match self.end {
            End::Free => None,
            End::At(s) | End::DieAt(s) => Some(s),
        };
        let start = match self.first_dir {
            Some((_, Start::At(s))) => Some(s),
            _ => None,
        };
        let own_rabbit = self.piece.color == side && self.piece.kind == PieceKind::Rabbit;
        if own_rabbit {
            if self.letters[Direction::backwards(side) as usize] > 0 {
                return INF;
            }
            let stops = self.visits | start.map_or(Bitboard::EMPTY, Bitboard::from_square);
            for w in stops {
                if !forward_ok(side, c, w) || end.is_some_and(|e| !forward_ok(side, w, e)) {
                    return INF;
                }
            }
            if end.is_some_and(|e| !forward_ok(side, c, e)) {
                return INF;
            }
        }
        let [n, e, s, w] = self.letters.map(u32::from);
        let all = n + e + s + w;
        // Steps from `from` to the end that take every letter.
        let letters = |from: Square| -> u32 {
            let Some(to) = end else {
                return all;
            };
            let dr = i32::from(to.rank().index()) - i32::from(from.rank().index());
            let df = i32::from(to.file().index()) - i32::from(from.file().index());
            let (pn, ps) = axis(n, s, dr);
            let (pe, pw) = axis(e, w, df);
            if own_rabbit && (if side == Color::Gold { ps } else { pn }) > 0 {
                return INF;
            }
            pn + ps + pe + pw
        };
        let mut best = letters(c);
        match self.first_dir {
            Some((_, Start::At(a))) => best = best.max(dist(c, a) + letters(a)),
            Some((_, Start::Later)) => best = best.max(1 + all),
            None => {}
        }
        let mut stops = self.visits;
        if let Some(a) = start {
            stops = stops.with(a);
        }
        best = best.max(walk(c, stops, end));
        if self.leave {
            best = best.max(if end == Some(c) { 2 } else { 1 });
        }
        best.min(INF)
    }
}

/// The shortest walk from `from` through every square of `stops` (in any order), then
/// to `end` if given; a lower bound on it when there are more than three stops.
fn walk(from: Square, stops: Bitboard, end: Option<Square>) -> u32 {
    let mut v = [from; 8];
    let mut k = 0;
    for s in stops.without(from) {
        if k < v.len() {
            v[k] = s;
            k += 1;
        }
    }
    let tail = |s: Square| end.map_or(0, |e| dist(s, e));
    match k {
        0 => end.map_or(0, |e| dist(from, e)),
        1 => dist(from, v[0]) + tail(v[0]),
        2 => {
            let (a, b) = (v[0], v[1]);
            let ab = dist(a, b);
            (dist(from, a) + ab + tail(b)).min(dist(from, b) + ab + tail(a))
        }
        3 => [
            (0, 1, 2),
            (0, 2, 1),
            (1, 0, 2),
            (1, 2, 0),
            (2, 0, 1),
            (2, 1, 0),
        ]
        .iter()
        .map(|&(x, y, z)| dist(from, v[x]) + dist(v[x], v[y]) + dist(v[y], v[z]) + tail(v[z]))
        .min()
        .unwrap_or(0),
        _ => v[..k]
            .iter()
            .map(|&s| dist(from, s) + tail(s))
            .max()
            .unwrap_or(0),
    }
}

/// The branch-and-bound state.
struct Solver<'a> {
    side: Color,
    board: &'a Board,
    /// A push waits to be completed: one more own step is owed.
    pending: bool,
    /// Enemy pieces a pull could move with no further own step.
    pullable: Bitboard,
    /// Whether such a pull counts (it moves a piece the choices speak about).
    pre: bool,
    /// For each kind, the mover's pieces stronger than it.
    strong: [Bitboard; 6],
    budget: u32,
    reqs: [Req; MAX_REQS],
    nreqs: usize,
    /// Needs replaced while trying a choice (index and old needs), to restore.
    undo: Vec<(usize, Req)>,
    /// From each token on: the agents of the tokens apart, and the steps they take
    /// at least (added to everything else's).
    ahead: [(Bitboard, u32); MAX_OPEN],
    work: u32,
    aborted: bool,
}

impl Solver<'_> {
    /// Needs (none yet) for the piece on `sq`.
    fn new_req(&self, sq: Square, piece: Piece) -> Req {
        let mut r = Req::new(sq, piece);
        if piece.color != self.side {
            r.approach = if self.pullable.contains(sq) {
                None
            } else {
                Some(super::bound::approach(
                    self.strong[piece.kind.index()],
                    sq,
                    self.budget,
                ))
            };
        }
        r
    }

    /// Marks the pieces of `strong` nearest to `x` (not beside it yet) as helping by a
    /// step towards it.
    fn approachers(&self, x: Square, strong: Bitboard, relevant: &mut [Bitboard; 4]) {
        let d = ring_min(x, strong);
        if d < 2 || d > self.budget + 2 {
            return;
        }
        for p in ring(x, d) & strong {
            for dir in Direction::ALL {
                if p.step(dir).is_some_and(|to| dist(to, x) < d) {
                    relevant[dir as usize] = relevant[dir as usize].with(p);
                }
            }
        }
    }

    /// A quick lower bound on the steps of the turn for `own` and `enemy`
    /// piece-steps: every enemy step needs a step of the mover (one fewer when a pull
    /// is ready, one more when a push waits).
    #[inline]
    fn quick_total(&self, own: u32, enemy: u32) -> u32 {
        let paired = (enemy + u32::from(self.pending)).saturating_sub(u32::from(self.pre));
        enemy + own.max(paired)
    }

    /// The steps of the turn for the needs in `reqs`. The mover's steps must cover
    /// its pieces' own needs and one step for each enemy step (a push or pull, one
    /// fewer when a pull is ready, one more when a push waits). An enemy piece is
    /// moved only by a stronger piece, which must first come beside it: for each
    /// enemy piece `x`, the steps of pieces stronger than `x` cover the approach and
    /// the moves of `x` and of every enemy piece at least as strong, and the mover's
    /// weaker pieces take their steps on top. Adding needs never lowers the result.
    fn total_of(&self, reqs: &[Req]) -> u32 {
        let mut enemy = 0u32;
        let mut own_by_kind = [0u32; 6];
        let mut enemy_by_kind = [0u32; 6];
        for r in reqs {
            if r.piece.color == self.side {
                own_by_kind[r.piece.kind.index()] += r.cost;
            } else {
                enemy += r.cost;
                enemy_by_kind[r.piece.kind.index()] += r.cost;
            }
        }
        let own: u32 = own_by_kind.iter().sum();
        let pre = u32::from(self.pre);
        let mut need = own.max((enemy + u32::from(self.pending)).saturating_sub(pre));
        if enemy > 0 {
            for r in reqs {
                if r.cost == 0 || r.piece.color == self.side {
                    continue;
                }
                let k = r.piece.kind.index();
                let stronger: u32 = own_by_kind[k + 1..].iter().sum();
                let moved: u32 = enemy_by_kind[k..].iter().sum();
                let this = match r.approach {
                    None => r.cost - 1,
                    Some(a) => a.saturating_add(r.cost),
                };
                let by_stronger = stronger.max(this).max(moved.saturating_sub(pre));
                need = need.max((own - stronger).saturating_add(by_stronger));
            }
        }
        enemy.saturating_add(need).min(INF)
    }

    /// What a choice costs on its own, and the agent's own steps for it.
    fn alone(&self, agent: Square, piece: Piece, need: &Need, leave: Bitboard) -> (u32, u32) {
        let mut first = self.new_req(agent, piece);
        first.merge(need);
        first.cost = first.steps(self.side);
        if leave.is_empty() {
            return (self.total_of(&[first]), first.cost);
        }
        let mut reqs = [first; 5];
        let mut n = 1;
        for sq in leave {
            if let (Some(p), true) = (self.board.piece_at(sq), n < reqs.len()) {
                reqs[n] = self.new_req(sq, p);
                reqs[n].leave = true;
                reqs[n].cost = 1;
                n += 1;
            }
        }
        (self.total_of(&reqs[..n]), reqs[0].cost)
    }

    /// Adds a choice for the token being listed (the last of `pool`, from `open.start`)
    /// unless it alone costs more than the budget, keeping its list cheapest first.
    /// `false` when the list is full.
    #[allow(clippy::too_many_arguments)]
    fn push(
        &self,
        pool: &mut Vec<Choice>,
        relevant: &mut [Bitboard; 4],
        open: &mut Open,
        agent: Square,
        need: Need,
        leave: Bitboard,
    ) -> bool {
        let Some(piece) = self.board.piece_at(agent) else {
            return true;
        };
        // A quick look first: the agent's walk to where it must go, and its letters
        // (an enemy's steps each need a step of the mover as well).
        let letters: u32 = need.letters.iter().map(|&l| u32::from(l)).sum();
        let end = match need.end {
            End::At(s) | End::DieAt(s) => Some(s),
            End::Free => None,
        };
        let mut quick = letters;
        if let Some(e) = end {
            quick = quick.max(dist(agent, e));
        }
        if let Some(v) = need.visit {
            quick = quick.max(dist(agent, v) + end.map_or(0, |e| dist(v, e)));
        }
        if let Some((_, Start::At(s))) = need.dir {
            quick = quick.max(dist(agent, s) + letters);
        }
        let quick = if piece.color == self.side {
            self.quick_total(quick, 0)
        } else {
            self.quick_total(0, quick)
        };
        // A step of the mover lowers what a set of choices costs by one at most, an
        // enemy step by two (a step that kills a piece may do more, and is let through
        // anyway): the pieces of choices within that of the budget are the ones
        // [`Relevant::may_help`] lets move.
        let leave = leave.without(agent);
        let slack = if ((leave.with(agent)) & self.board.color(!self.side)).any() {
            2
        } else {
            1
        };
        let reach = (self.budget + slack).saturating_sub(1).max(self.budget);
        if quick > reach {
            return true;
        }
        let (alone, steps) = self.alone(agent, piece, &need, leave);
        if alone > reach {
            return true;
        }
        // The agent helps by stepping towards a square it must reach, or by any step
        // when its token has letters; pieces that must step away help by any step.
        let mut towards = [false; 4];
        let mut targets = Bitboard::EMPTY;
        if let Some(e) = end {
            targets = targets.with(e);
        }
        if let Some(v) = need.visit {
            targets = targets.with(v);
        }
        let later = matches!(need.dir, Some((_, Start::Later)));
        if let Some((_, Start::At(s))) = need.dir {
            targets = targets.with(s);
        }
        // Directions towards the targets: by rank and by file.
        let (af, ar) = (agent.file().index(), agent.rank().index());
        for t in targets {
            let (tf, tr) = (t.file().index(), t.rank().index());
            towards[Direction::North as usize] |= tr > ar;
            towards[Direction::South as usize] |= tr < ar;
            towards[Direction::East as usize] |= tf > af;
            towards[Direction::West as usize] |= tf < af;
        }
        // With letters to take, any step may be needed (merged with an end, letters
        // one way may need steps the other way to come back); without, a step helps
        // only towards a square to reach.
        let any = later || letters > 0;
        for (i, &toward) in towards.iter().enumerate() {
            relevant[i] |= leave;
            if any || toward {
                relevant[i] = relevant[i].with(agent);
            }
        }
        // An enemy piece is moved only by a stronger piece beside it: the nearest such
        // pieces help by coming nearer.
        let theirs = leave.with(agent) & self.board.color(!self.side);
        for x in theirs {
            if let Some(k) = self.board.piece_at(x).map(|p| p.kind.index()) {
                self.approachers(x, self.strong[k], relevant);
            }
        }
        if alone > self.budget {
            return true;
        }
        if open.n == MAX_OPTIONS {
            return false;
        }
        pool.push(Choice {
            agent,
            need,
            leave,
            alone,
        });
        open.agents = open.agents.with(agent);
        open.least = open.least.min(steps);
        let mut i = pool.len() - 1;
        while i > open.start && pool[i - 1].alone > alone {
            pool.swap(i - 1, i);
            i -= 1;
        }
        open.n += 1;
        true
    }

    /// The needs of the piece on `sq`, made if missing; `None` when full.
    fn req(&mut self, sq: Square, piece: Piece) -> Option<usize> {
        if let Some(i) = self.reqs[..self.nreqs].iter().position(|r| r.sq == sq) {
            return Some(i);
        }
        if self.nreqs == MAX_REQS {
            return None;
        }
        self.reqs[self.nreqs] = self.new_req(sq, piece);
        self.nreqs += 1;
        Some(self.nreqs - 1)
    }

    /// Changes the needs of the piece on `sq` by `f`, saving them first. `false` when
    /// a table is full.
    fn touch(&mut self, sq: Square, f: impl FnOnce(&mut Req)) -> bool {
        let Some(piece) = self.board.piece_at(sq) else {
            return false;
        };
        let Some(i) = self.req(sq, piece) else {
            return false;
        };
        self.undo.push((i, self.reqs[i]));
        f(&mut self.reqs[i]);
        self.reqs[i].cost = self.reqs[i].steps(self.side);
        true
    }

    /// Whether some choice for tokens `t..` keeps the turn within the budget. Copies
    /// of one token take their choices in order (`from` on), since swapping them
    /// changes nothing.
    fn feasible(&mut self, pool: &[Choice], open: &[Open], t: usize, from: usize) -> bool {
        if self.total_of(&self.reqs[..self.nreqs]) > self.budget {
            return false;
        }
        let Some(tok) = open.get(t) else {
            return true;
        };
        // The tokens apart still to come each add a piece of their own.
        let (theirs, least) = self.ahead[t];
        if least > 0 {
            let rest: u32 = self.reqs[..self.nreqs]
                .iter()
                .filter(|r| !theirs.contains(r.sq))
                .map(|r| r.cost)
                .sum();
            if rest.saturating_add(least) > self.budget {
                return false;
            }
        }
        self.work += 1;
        if self.work > MAX_WORK {
            self.aborted = true;
            return true;
        }
        for i in from..tok.n {
            let ch = pool[tok.start + i];
            let mark = self.undo.len();
            let old = self.nreqs;
            let mut ok = self.touch(ch.agent, |r| r.merge(&ch.need));
            for sq in ch.leave {
                ok = ok && self.touch(sq, |r| r.leave = true);
            }
            let next_from = match open.get(t + 1) {
                Some(next) if next.goal == tok.goal => i,
                _ => 0,
            };
            let found = if ok {
                self.feasible(pool, open, t + 1, next_from)
            } else {
                self.aborted = true;
                true
            };
            while self.undo.len() > mark {
                if let Some((k, r)) = self.undo.pop() {
                    self.reqs[k] = r;
                }
            }
            self.nreqs = old;
            if found {
                return true;
            }
        }
        false
    }
}

/// The piece on `sq` must step away for another to enter (none when the square is
/// empty; on a trap it may die instead).
#[inline]
fn must_leave(board: &Board, sq: Square) -> Bitboard {
    if !sq.is_trap() && board.occupied().contains(sq) {
        Bitboard::from_square(sq)
    } else {
        Bitboard::EMPTY
    }
}

/// The next open token's slot, for goal `goal` with its choices from `start` in the
/// pool; `None` when all are taken.
fn next_open<'a>(
    open: &'a mut [Open; MAX_OPEN],
    nopen: &mut usize,
    goal: usize,
    start: usize,
) -> Option<&'a mut Open> {
    let tok = open.get_mut(*nopen)?;
    *nopen += 1;
    tok.goal = goal;
    tok.start = start;
    Some(tok)
}

/// Letter counts of `dirs`, by [`Direction`] index.
fn count(dirs: &[Direction]) -> [u8; 4] {
    let mut l = [0u8; 4];
    for &d in dirs {
        l[d as usize] += 1;
    }
    l
}

impl Goals {
    /// How the cheapest way of giving the open tokens to pieces compares with
    /// `budget` steps (see the module documentation). [`Verdict::Spare`] when unsure
    /// (too many choices).
    pub(crate) fn assignment(&self, node: &Node, budget: u32, scratch: &mut Scratch) -> Verdict {
        let undo = core::mem::take(&mut scratch.undo);
        let (verdict, undo) = self.assignment_with(node, budget, scratch, undo);
        scratch.undo = undo;
        verdict
    }

    fn assignment_with(
        &self,
        node: &Node,
        budget: u32,
        scratch: &mut Scratch,
        mut undo: Vec<(usize, Req)>,
    ) -> (Verdict, Vec<(usize, Req)>) {
        undo.clear();
        let pos = &node.pos;
        let board = pos.board();
        let side = self.side;
        let turn = pos.turn_state();
        // A pull ready now: the next enemy step needs no step of the mover after it
        // (when it moves a piece the choices count; settled once they are known).
        let pullable = match (turn.push, turn.pull) {
            (None, Some((sq, k))) => {
                board.color(!side) & Bitboard::adjacent(sq) & weaker_than(board, k)
            }
            _ => Bitboard::EMPTY,
        };
        let strong = stronger_by_kind(board, side);
        let mut solver = Solver {
            side,
            board,
            pending: turn.push.is_some(),
            pullable,
            pre: pullable.any(),
            strong,
            budget,
            reqs: [Req::new(Square::A1, Piece::new(side, PieceKind::Rabbit)); MAX_REQS],
            nreqs: 0,
            undo,
            ahead: [(Bitboard::EMPTY, 0); MAX_OPEN],
            work: 0,
            aborted: false,
        };
        let pool = &mut scratch.pool;
        pool.clear();
        let relevant = &mut scratch.relevant;
        *relevant = [Bitboard::EMPTY; 4];
        let mut open = [Open {
            start: 0,
            n: 0,
            goal: 0,
            agents: Bitboard::EMPTY,
            least: INF,
            apart: false,
        }; MAX_OPEN];
        let mut nopen = 0;
        for &gi in &self.plain {
            let g = &self.goals[gi];
            let letter_ok = |p: Piece| g.piece.map_or(true, |l| l == p);
            let on_path = |v: Bitboard| g.square.map_or(true, |s| v.contains(s));
            // Done for good by a piece that died.
            let done = node.tracked().iter().any(|t| {
                t.captured
                    && letter_ok(t.piece)
                    && on_path(t.visited)
                    && match g.property {
                        Property::Destination(d) => t.cur == d,
                        _ => true,
                    }
            });
            if done {
                continue;
            }
            let Some(tok) = next_open(&mut open, &mut nopen, gi, pool.len()) else {
                return (Verdict::Spare, solver.undo);
            };
            let agents = match (g.piece, g.square) {
                (Some(p), _) => board.pieces(p),
                (None, Some(s)) => {
                    let mut a = board.occupied() & within(s, budget + 1);
                    for t in node.tracked() {
                        if !t.captured && t.visited.contains(s) {
                            a = a.with(t.cur);
                        }
                    }
                    a
                }
                (None, None) => board.occupied(),
            };
            for q in agents {
                let Some(piece) = board.piece_at(q) else {
                    continue;
                };
                if !letter_ok(piece) {
                    continue;
                }
                let visit = g.square.filter(|&s| !node.visited_of(q).contains(s));
                let leave = visit.map_or(Bitboard::EMPTY, |v| must_leave(board, v));
                let mut need = Need {
                    visit,
                    end: End::Free,
                    letters: [0; 4],
                    dir: None,
                };
                let ok = match g.property {
                    Property::Destination(d) => {
                        need.end = End::At(d);
                        solver.push(pool, relevant, tok, q, need, leave | must_leave(board, d))
                    }
                    _ => Square::TRAPS.iter().all(|&t| {
                        need.end = End::DieAt(t);
                        let friends = board.color(piece.color) & Bitboard::adjacent(t);
                        solver.push(pool, relevant, tok, q, need, leave | friends)
                    }),
                };
                if !ok {
                    return (Verdict::Spare, solver.undo);
                }
            }
            if tok.n == 0 {
                return (Verdict::Exceeds, solver.undo);
            }
        }
        for di in node.dir_token as usize..self.dirs.len() {
            let (gi, dirs) = self.dirs[di];
            let g = &self.goals[gi];
            let Some(tok) = next_open(&mut open, &mut nopen, gi, pool.len()) else {
                return (Verdict::Spare, solver.undo);
            };
            let d = dirs.as_slice();
            let order = di as u8;
            // A piece part way through the current token goes on from where it stands,
            // at once or after a step of its own.
            let mut started = Bitboard::EMPTY;
            if di == node.dir_token as usize {
                for (i, t) in node.tracked().iter().enumerate() {
                    let p = node.prog[i] as usize;
                    if p == 0 || t.captured {
                        continue;
                    }
                    started = started.with(t.cur);
                    let need = |start| Need {
                        visit: None,
                        end: End::Free,
                        letters: count(&d[p..]),
                        dir: Some((order, start)),
                    };
                    // Starting later only helps when the square ahead is taken (else
                    // starting now costs no more).
                    let ahead = t.cur.step(d[p]).map(|to| must_leave(board, to));
                    let now = ahead.map_or(true, |leave| {
                        solver.push(pool, relevant, tok, t.cur, need(Start::At(t.cur)), leave)
                    });
                    let later = ahead.map_or(true, Bitboard::any)
                        && !solver.push(
                            pool,
                            relevant,
                            tok,
                            t.cur,
                            need(Start::Later),
                            Bitboard::EMPTY,
                        );
                    if !now || later {
                        return (Verdict::Spare, solver.undo);
                    }
                }
            }
            let letters = count(d);
            let agents = match (g.piece, g.square) {
                (Some(p), _) => board.pieces(p),
                (None, Some(s)) => board.occupied() & within(s, budget + 1),
                (None, None) => board.occupied(),
            };
            for q in agents & !started {
                let need = |start| Need {
                    visit: None,
                    end: End::Free,
                    letters,
                    dir: Some((order, start)),
                };
                let ok = match g.square {
                    // From the named square: the agent must get there, and the squares
                    // it stands on and enters must be free.
                    Some(s) => match s.step(d[0]) {
                        Some(to) => solver.push(
                            pool,
                            relevant,
                            tok,
                            q,
                            need(Start::At(s)),
                            must_leave(board, s) | must_leave(board, to),
                        ),
                        None => true,
                    },
                    // From where it stands, or after a step of its own (which only
                    // helps when the square ahead is taken).
                    None => {
                        let ahead = q.step(d[0]).map(|to| must_leave(board, to));
                        let here = ahead.map_or(true, |leave| {
                            solver.push(pool, relevant, tok, q, need(Start::At(q)), leave)
                        });
                        here && (ahead.is_some_and(Bitboard::is_empty)
                            || solver.push(
                                pool,
                                relevant,
                                tok,
                                q,
                                need(Start::Later),
                                Bitboard::EMPTY,
                            ))
                    }
                };
                if !ok {
                    return (Verdict::Spare, solver.undo);
                }
            }
            if tok.n == 0 {
                return (Verdict::Exceeds, solver.undo);
            }
        }
        if nopen == 0 {
            return (Verdict::Spare, solver.undo);
        }
        let any = relevant[0] | relevant[1] | relevant[2] | relevant[3];
        solver.pre = (pullable & any).any();
        // Copies of a token are known by the first of them; fewest choices first, with
        // copies next to each other.
        let open = &mut open[..nopen];
        let goals = &self.goals;
        for tok in open.iter_mut() {
            let g = &goals[tok.goal];
            if let Some(first) = goals[..tok.goal]
                .iter()
                .position(|h| (h.piece, h.square, h.property) == (g.piece, g.square, g.property))
            {
                tok.goal = first;
            }
        }
        for i in 0..open.len() {
            let others = open
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .fold(Bitboard::EMPTY, |b, (_, t)| b | t.agents);
            open[i].apart = (open[i].agents & others).is_empty();
        }
        // Tokens sharing agents first, so that the ones apart can be counted ahead.
        open.sort_unstable_by_key(|t| (t.apart, t.n, t.goal));
        let mut ahead = (Bitboard::EMPTY, 0);
        for i in (0..open.len()).rev() {
            if open[i].apart {
                ahead = (ahead.0 | open[i].agents, ahead.1 + open[i].least);
            }
            solver.ahead[i] = ahead;
        }
        let verdict = if budget > 0 && {
            solver.budget = budget - 1;
            solver.feasible(pool, open, 0, 0) || solver.aborted
        } {
            Verdict::Spare
        } else {
            solver.budget = budget;
            if solver.aborted {
                Verdict::Spare
            } else if solver.feasible(pool, open, 0, 0) {
                if solver.aborted || budget == 0 {
                    Verdict::Spare
                } else {
                    Verdict::Tight(Relevant(*relevant))
                }
            } else {
                Verdict::Exceeds
            }
        };
        (verdict, solver.undo)
    }
}

/// How the cheapest assignment compares with a budget of steps.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Verdict {
    /// It needs more steps than the budget: the node can be pruned.
    Exceeds,
    /// It needs exactly the budget: no step to spare, and only the steps that
    /// [`Relevant::may_help`] lets through can keep the budget.
    Tight(Relevant),
    /// It may need fewer (or the bound is unsure).
    Spare,
}

/// The steps that can lower what a tight node's assignments cost (see
/// [`Relevant::may_help`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Relevant([Bitboard; 4]);

impl Relevant {
    /// At a node whose cheapest assignment needs its whole budget: whether `step` can
    /// leave the child within its budget (one step fewer). Only a step that lowers
    /// what some choice costs can: one moving a piece some choice speaks about the way
    /// that choice needs, one that may kill a piece, or one that makes a pull of such a
    /// piece possible; any other step leaves every choice as dear as before with one
    /// step fewer to spend.
    pub(crate) fn may_help(self, node: &Node, side: Color, step: crate::Step) -> bool {
        let pos = &node.pos;
        if pos.turn_state().push.is_some() || self.0[step.dir as usize].contains(step.from) {
            return true;
        }
        let board = pos.board();
        let (Some(x), Some(to)) = (board.piece_at(step.from), step.to()) else {
            return true;
        };
        // A capture: the mover onto a trap with no other friend beside it, or the
        // last friend stepping away from beside a friend on a trap.
        let friends = board.color(x.color).without(step.from);
        if to.is_trap() && (Bitboard::adjacent(to) & friends).is_empty() {
            return true;
        }
        for t in Bitboard::adjacent(step.from) & Bitboard::TRAPS & friends {
            if (Bitboard::adjacent(t) & friends).is_empty() {
                return true;
            }
        }
        let any = self.0[0] | self.0[1] | self.0[2] | self.0[3];
        x.color == side
            && (Bitboard::adjacent(step.from)
                & board.color(!side)
                & weaker_than(board, x.kind)
                & any)
                .any()
    }
}
