//! Tokens compiled for the search: which turns satisfy them, how direction tokens are
//! matched step by step, and a lower bound on the steps they still need.

use crate::{Bitboard, Board, Color, Direction, Piece, PieceKind, Square, Step};

use super::node::{Node, Tracked, MAX_TRACKED};
use super::syntax::{Directions, Property, Token, MAX_TOKENS};

/// "Cannot be done": more steps than any turn has, small enough to add up safely.
pub(super) const INF: u32 = 1000;

/// Whether `to` is on a rank behind `from` for `side` (towards its own home rows,
/// where its rabbits may not step).
pub(super) fn behind(side: Color, from: Square, to: Square) -> bool {
    match side {
        Color::Gold => to.rank() < from.rank(),
        Color::Silver => to.rank() > from.rank(),
    }
}

/// Manhattan distance.
pub(super) fn dist(a: Square, b: Square) -> u32 {
    u32::from(a.distance(b))
}

/// One token, ready for the search.
#[derive(Debug, Clone, Copy)]
struct Goal {
    piece: Option<Piece>,
    square: Option<Square>,
    property: Property,
    /// For a direction token, its index among the direction tokens.
    dir: Option<usize>,
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
    pub(super) named: Bitboard,
    /// Capture tokens whose letter is the opponent's (indices into `goals`).
    enemy_captures: Vec<usize>,
    /// Bit `s` set when the set `s` of the first [`PARTITION_MAX`] tokens holds
    /// destinations on two different squares (no single piece can end on both).
    two_dest: u32,
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
            enemy_captures: Vec::new(),
            two_dest: 0,
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
        self.enemy_captures.clear();
        self.named = Bitboard::EMPTY;

        for (i, t) in tokens.iter().enumerate() {
            self.goals.push(Goal {
                piece: t.specifier.piece(),
                square: t.specifier.square(),
                property: t.property,
                dir: matches!(t.property, Property::Steps(_)).then_some(self.dirs.len()),
            });
            if let Some(sq) = t.specifier.square() {
                self.named = self.named.with(sq);
            }
            match t.property {
                Property::Steps(d) => self.dirs.push((i, d)),
                _ => self.plain.push(i),
            }
            if t.property == Property::Capture
                && t.specifier.piece().is_some_and(|p| p.color != side)
            {
                self.enemy_captures.push(i);
            }
        }

        self.two_dest = (0..1u32 << PARTITION_MAX)
            .filter(|&set| self.two_destinations(set))
            .fold(0, |acc, set| acc | 1 << set);
    }

    /// Plays the legal step `step` on `node` ([`Node::apply`]) and advances the
    /// direction tokens with it ([`Goals::advance_dirs`]).
    pub(super) fn play(&self, node: &mut Node, step: Step) {
        let e = node.apply(step);
        self.advance_dirs(node, e, step);
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
                let alive = node.state.board().piece_at(d).is_some_and(|p| {
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

    /// For each direction token not yet matched, in written order: its goal index and
    /// the letters it still needs (the current one less the furthest progress on it).
    fn letters_left<'a>(&'a self, node: &'a Node) -> impl Iterator<Item = (usize, u32)> + 'a {
        let current = node.dir_token as usize;
        let done = u32::from(node.prog.iter().copied().max().unwrap_or(0));
        self.dirs
            .iter()
            .enumerate()
            .skip(current)
            .map(move |(k, &(gi, d))| {
                let len = d.len() as u32;
                (
                    gi,
                    if k == current {
                        len.saturating_sub(done)
                    } else {
                        len
                    },
                )
            })
    }

    /// The events the rest of the turn must contain for every token to hold, and the
    /// fewest steps that can contain them ([`Events`]):
    /// - every direction letter still to match is taken by a step of its own, in
    ///   written order (the first of them, the next letter of the current token);
    /// - a destination token that does not hold now needs a step arriving on its
    ///   square: the piece that ends there (or dies there) either was not there, or was
    ///   there without satisfying the token and must leave and come back for its path
    ///   to change (a piece that does not move keeps its square and its path, and a
    ///   dead piece stays dead); one step arrives on one square;
    /// - a capture token that does not hold now needs a death, which only a step onto
    ///   a trap or off a square beside one causes.
    ///
    /// A step takes at most one letter and arrives on one square; it can do both only
    /// when the letters of the two tokens agree (the piece that arrives is the piece
    /// that ends there). So the steps number at least the letters plus the squares
    /// minus the pairs that can share a step (counted generously: the letters that
    /// agree with some square's token, or the squares that agree with some letter's
    /// token, whichever is fewer), and at least one when a death is needed.
    pub(super) fn events(&self, node: &Node) -> Events {
        let open = self.open_destinations(node);
        let letters = self.letters_and_pairs(node, &open);
        let cover = (letters.all + open.count - letters.pairs).max(u32::from(open.capture));

        // An enemy piece's letters are its steps, each paired with its own step of the
        // mover ([`Cx::turn_steps`]). An enemy piece dies only after a step of an enemy
        // piece (onto the trap, or its last friend's away), so a capture of one still to
        // come needs such a step too (perhaps one of the letters).
        let enemy_steps = letters.enemy.max(u32::from(open.enemy_capture));
        let pending = u32::from(node.state.pending_push().is_some());
        let paired = if enemy_steps > 0 || pending > 0 {
            paired_steps(enemy_steps, pending, u32::from(node.pullable().any()))
        } else {
            0
        };

        let (next, next_piece, next_from) = self.next_letter(node);
        Events {
            cover,
            letters: letters.all,
            dest_piece: open.piece,
            dest_from: open.from,
            least: cover.max(paired),
            enemy_steps,
            next,
            next_piece,
            next_from,
            dests: open.squares,
            capture: open.capture,
        }
    }

    /// The destination and capture tokens that do not hold at `node`.
    #[inline(always)]
    fn open_destinations(&self, node: &Node) -> OpenDestinations {
        let (mut squares, mut count, mut capture) = (Bitboard::EMPTY, 0u32, false);
        let mut enemy_capture = false;
        let (mut piece, mut from) = (None, None);

        for &i in &self.plain {
            let g = &self.goals[i];
            match g.property {
                _ if Self::plain_holds(node, g) => {}
                Property::Destination(d) if !squares.contains(d) => {
                    if count == 0 {
                        piece = g.piece;
                        from = g.square;
                    }
                    squares = squares.with(d);
                    count += 1;
                }
                Property::Destination(d) if squares.first() == Some(d) && piece != g.piece => {
                    piece = None;
                }
                Property::Capture => {
                    capture = true;
                    enemy_capture |= g.piece.is_some_and(|p| p.color != self.side);
                }
                _ => {}
            }
        }

        OpenDestinations {
            squares,
            count,
            piece,
            from,
            capture,
            enemy_capture,
        }
    }

    /// The direction letters still to match, those of enemy pieces, and how many can
    /// share a step with an arrival on an open destination (counted generously: the
    /// letters that agree with some square's token, or the squares that agree with some
    /// letter's token, whichever is fewer; a square's tokens that hold already may count
    /// too).
    #[inline(always)]
    fn letters_and_pairs(&self, node: &Node, open: &OpenDestinations) -> LetterCounts {
        let (mut all, mut shared_letters, mut enemy) = (0u32, 0u32, 0u32);
        let (mut shared_dests, mut nshared) = (Bitboard::EMPTY, 0u32);
        for (gi, left) in self.letters_left(node) {
            let piece = self.goals[gi].piece;
            all += left;
            if piece.is_some_and(|p| p.color != self.side) {
                enemy += left;
            }
            if open.count == 0 {
                continue;
            }

            let mut shares = false;
            for &i in &self.plain {
                let g = &self.goals[i];
                if let Property::Destination(sq) = g.property {
                    let agree = piece.is_none() || g.piece.is_none() || piece == g.piece;
                    if agree && open.squares.contains(sq) {
                        shares = true;
                        if !shared_dests.contains(sq) {
                            shared_dests = shared_dests.with(sq);
                            nshared += 1;
                        }
                    }
                }
            }
            if shares {
                shared_letters += left;
            }
        }

        LetterCounts {
            all,
            enemy,
            pairs: shared_letters.min(nshared),
        }
    }

    /// The next direction letter to match, the letter of the piece that takes it, and
    /// the square it is taken from when it is a token's first.
    #[inline(always)]
    fn next_letter(&self, node: &Node) -> (Option<Direction>, Option<Piece>, Option<Square>) {
        let done = usize::from(node.prog.iter().copied().max().unwrap_or(0));
        self.dirs
            .get(node.dir_token as usize)
            .map_or((None, None, None), |&(gi, d)| {
                let g = &self.goals[gi];
                (
                    d.as_slice().get(done).copied(),
                    g.piece,
                    g.square.filter(|_| done == 0),
                )
            })
    }

    /// An admissible lower bound on the steps still needed from `node` before every
    /// token holds (at least [`INF`] when they cannot), the largest of:
    /// - for each token, the fewest turn steps that any piece it may be about needs
    ///   (see [`Goals::piece_cost`] and [`Goals::dir_cost`]);
    /// - the piece-steps of all tokens added up over pieces: the tokens are shared out
    ///   among distinct pieces (those of the best turn), and a piece given several
    ///   tokens takes at least as many steps as the dearest of them needs, so the
    ///   cheapest way to share them out among distinct pieces is a lower bound (of the
    ///   first [`PARTITION_MAX`] tokens when there are more);
    /// - the direction letters still to match, which all need distinct steps;
    /// - one step while a push waits to be completed.
    ///
    /// Piece-steps become turn steps by [`Cx::turn_steps`]. The answer is only needed
    /// up to `cap`: it is at most the steps needed whenever those are at most `cap`,
    /// and above `cap` otherwise. So it stops once it exceeds `cap`, and a piece that
    /// would need more than `cap` steps of its own for a token is no candidate for it
    /// (no turn within `cap` gives it that token).
    pub fn bound(&self, node: &Node, cap: u32) -> u32 {
        let (own_letters, enemy_letters) = self.letters_by_owner(node);
        if own_letters + enemy_letters > cap {
            // Every letter needs its own step; the node's facts are not needed.
            return own_letters + enemy_letters;
        }

        let cx = Cx::new(node, self.side);
        let mut best = cx.turn_steps(own_letters, enemy_letters);
        if best > cap || self.goals.len() > MAX_TOKENS {
            return best;
        }

        let open = self.open_tokens(node);
        let mut tally = Tally::new();
        self.tally_the_dead(node, &mut tally);

        // The pieces each token may be about; a token none can satisfy within `cap`
        // ends the work.
        let mut cands = [Bitboard::EMPTY; MAX_TOKENS];
        let mut near = Bitboard::EMPTY;
        for (i, g) in self.goals.iter().enumerate() {
            if open & (1 << i) == 0 {
                continue;
            }
            cands[i] = self.candidates(node, i, g, cap);
            if cands[i].is_empty() && tally.turns[i] >= INF {
                // No live candidate within `cap`, and none of the dead satisfies it.
                return INF;
            }
            near |= cands[i];
        }

        // Token by token, so that the first token no candidate can satisfy within
        // `cap` ends the work; each live candidate's row is the one at its rank in
        // `near`, after the rows of the dead.
        let live = tally.nrows;
        let board = node.state.board();
        for (sq, row) in near.iter().zip(tally.rows[live..].iter_mut()) {
            row.1 = board.color(!self.side).contains(sq);
        }

        for (i, g) in self.goals.iter().enumerate() {
            if open & (1 << i) == 0 {
                continue;
            }
            let turns =
                self.tally_candidates(node, &cx, (i, g), cands[i], near, live, cap, &mut tally);
            if turns > cap {
                return turns;
            }
            best = best.max(turns);
        }
        tally.drop_empty_rows(live, near.count() as usize);

        if open.count_ones() <= 1 {
            // One token: its own cost above is already at least its share.
            return best;
        }
        best.max(self.shared_bound(&cx, &tally, open, cap))
    }

    /// The direction letters still to match, of the mover's pieces and of the
    /// opponent's.
    #[inline(always)]
    fn letters_by_owner(&self, node: &Node) -> (u32, u32) {
        let (mut own_letters, mut enemy_letters) = (0u32, 0u32);
        for (gi, n) in self.letters_left(node) {
            match self.goals[gi].piece {
                Some(p) if p.color != self.side => enemy_letters += n,
                _ => own_letters += n,
            }
        }
        (own_letters, enemy_letters)
    }

    /// The tokens still open, as a mask: a direction token once matched stays matched.
    #[inline(always)]
    fn open_tokens(&self, node: &Node) -> u32 {
        let mut open = 0u32;
        for (i, g) in self.goals.iter().enumerate() {
            let matched = matches!(g.property, Property::Steps(_))
                && self.dir_index(i) < Some(node.dir_token as usize);
            if !matched {
                open |= 1 << i;
            }
        }
        open
    }

    /// The pieces captured so far this turn: each token one of them already satisfies
    /// costs nothing, and each such piece gets a row for the sharing.
    #[inline(always)]
    fn tally_the_dead(&self, node: &Node, tally: &mut Tally) {
        for (j, t) in node.tracked().filter(|t| t.captured).enumerate() {
            let mut row = [INF; PARTITION_MAX];
            for (i, g) in self.goals.iter().enumerate() {
                let holds = Self::names_dead(g, t)
                    && (g.property == Property::Capture
                        || g.property == Property::Destination(t.cur));
                if holds {
                    tally.turns[i] = 0;
                    if let Some(c) = row.get_mut(i) {
                        *c = 0;
                        tally.cheapest[i] = (0, 64 + j as u8, t.piece.color != self.side);
                    }
                }
            }
            tally.add_row(row, t.piece.color != self.side);
        }
    }

    /// The live pieces token `i` (`g`) may be about: those of its letter, or for a token
    /// with none, those near enough to matter within `cap`. A piece ends on the
    /// destination, or dies on a trap, only after walking there, and a piece that has not
    /// been on the named square must still walk there: more than `cap` steps from beyond
    /// `cap` squares.
    #[inline(always)]
    fn candidates(&self, node: &Node, i: usize, g: &Goal, cap: u32) -> Bitboard {
        let board = node.state.board();
        let mut cands = match (g.piece, g.property, g.square) {
            (Some(l), ..) => board.pieces(l),
            (None, Property::Destination(d), _) => within(d, cap),
            (None, Property::Capture, _) => near_traps(cap),
            (None, Property::Steps(_), Some(s)) => node
                .tracked()
                .filter(|t| !t.captured && self.dir_index(i) == Some(node.dir_token as usize))
                .fold(within(s, cap), |b, t| b.with(t.cur)),
            (None, Property::Steps(_), None) => board.occupied(),
        } & board.occupied();

        match g.property {
            Property::Destination(d) => cands &= within(d, cap),
            Property::Capture => cands &= near_traps(cap),
            Property::Steps(_) => {}
        }

        if let Some(s) = g.square {
            let been = node
                .tracked()
                .filter(|t| !t.captured && t.visited.contains(s))
                .fold(within(s, cap), |b, t| b.with(t.cur));
            cands &= been;
        }

        cands
    }

    /// The costs of token `i` (`g`) for each of its candidates `cands`: the fewest turn
    /// steps over them (returned, and kept in `tally.turns`), the cheapest candidate in
    /// piece-steps, and each candidate's piece-steps in its row (at its rank in `near`,
    /// after the `live` rows of the dead). A piece that would need more than `cap`
    /// steps of its own is no candidate.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn tally_candidates(
        &self,
        node: &Node,
        cx: &Cx,
        (i, g): (usize, &Goal),
        cands: Bitboard,
        near: Bitboard,
        live: usize,
        cap: u32,
        tally: &mut Tally,
    ) -> u32 {
        let board = node.state.board();
        for sq in cands {
            let Some(p) = board.piece_at(sq) else {
                continue;
            };
            let (m, turn) = match self.dir_index(i) {
                Some(k) => self.dir_cost(node, cx, k, p, sq, cap),
                None => self.piece_cost(node, cx, g, p, sq, cap),
            };
            if m > cap {
                continue; // not a candidate within `cap`
            }

            tally.turns[i] = tally.turns[i].min(turn);
            if let Some(c) = tally.cheapest.get_mut(i).filter(|c| m < c.0) {
                *c = (m, sq.index(), p.color != self.side);
            }

            let rank = (near & Bitboard((1u64 << sq.index()) - 1)).count() as usize;
            if let Some(c) = tally.rows.get_mut(live + rank).and_then(|r| r.0.get_mut(i)) {
                *c = m;
            }
        }
        tally.turns[i]
    }

    /// The bound from sharing the open tokens out among distinct pieces. Only the first
    /// [`PARTITION_MAX`] are shared out (fewer tokens need no more steps). Each token
    /// given its cheapest candidate is one way to share them out: when even that fits
    /// within `cap`, so does the cheapest way, and sharing cuts nothing (0 is returned).
    #[inline(always)]
    fn shared_bound(&self, cx: &Cx, tally: &Tally, open: u32, cap: u32) -> u32 {
        let first = open & ((1 << PARTITION_MAX) - 1);
        if self
            .given_cheapest(&tally.cheapest, first)
            .is_some_and(|(all, enemy)| cx.turn_steps(all - enemy, enemy) <= cap)
        {
            return 0;
        }
        let (all, enemy) = self.share(&tally.rows[..tally.nrows], first);
        cx.turn_steps(all.saturating_sub(enemy), enemy)
    }

    /// Whether the tokens hold a capture token about the opponent's pieces (see
    /// [`Goals::capture_bound`]).
    pub fn has_enemy_capture(&self) -> bool {
        !self.enemy_captures.is_empty()
    }

    /// An exact lower bound for the capture tokens whose letter is the opponent's: a
    /// turn satisfying such a token captures one of the opponent's pieces of that letter
    /// (one captured already satisfies it), and [`Position::capture_moves`] gives the
    /// fewest steps that capture each of those still on the board, from this state of
    /// the turn; [`INF`] when none can be captured. The largest over those tokens.
    ///
    /// [`Position::capture_moves`]: crate::Position::capture_moves
    pub fn capture_bound(&self, node: &Node) -> u32 {
        let mut captures = None;
        let mut best = 0;
        for &i in &self.enemy_captures {
            let g = &self.goals[i];
            if node.tracked().any(|t| Self::names_dead(g, t)) {
                continue;
            }
            let Some(letter) = g.piece else {
                continue;
            };

            let c = captures.get_or_insert_with(|| node.state.capture_moves());
            let fewest = (node.state.board().pieces(letter) & c.squares())
                .iter()
                .filter_map(|sq| c.get(sq).map(|m| m.len() as u32))
                .min()
                .unwrap_or(INF);
            best = best.max(fewest);
        }
        best
    }

    /// The index among the direction tokens of token `i`, if it is one.
    fn dir_index(&self, i: usize) -> Option<usize> {
        self.goals[i].dir
    }

    /// The cheapest way to share the `open` tokens out among distinct pieces (see
    /// [`Goals::bound`]): its piece-steps in all and those of enemy pieces (each
    /// minimised on its own). `rows` holds each candidate's piece-steps per token and
    /// whether it is an enemy piece; a piece given a set of tokens costs the dearest of
    /// them, and no piece ends on two squares.
    fn share(&self, rows: &[([u32; PARTITION_MAX], bool)], open: u32) -> (u32, u32) {
        const SETS: usize = 1 << PARTITION_MAX;
        // The cheapest cover of each set of tokens by the pieces seen so far, each
        // piece used once.
        let mut best = [(INF, INF); SETS];
        best[0] = (0, 0);
        let mut cost = [INF; SETS];
        for (row, enemy) in rows {
            // What this piece costs for each set of open tokens: the dearest of them
            // (built from the set without its lowest token, which comes first in
            // increasing order), unless the set holds two destinations.
            cost[0] = 0;
            let mut set = open & open.wrapping_neg();
            while set != 0 {
                let low = set.trailing_zeros() as usize;
                let dearest = cost[(set & (set - 1)) as usize].max(row[low]);
                cost[set as usize] = if self.two_dest & (1 << set) != 0 {
                    INF
                } else {
                    dearest
                };
                set = set.wrapping_sub(open) & open;
            }

            // Sets already covered, largest first, so that each is extended by this
            // piece before it is itself extended (each piece used once).
            let mut done = open;
            loop {
                let (all, theirs) = best[done as usize];
                if all < INF {
                    let rest = open & !done;
                    let mut give = rest;
                    while give > 0 {
                        let c = cost[give as usize];
                        if c < INF {
                            let e = if *enemy { c } else { 0 };
                            let b = &mut best[(done | give) as usize];
                            *b = (b.0.min(all + c), b.1.min(theirs + e));
                        }
                        give = (give - 1) & rest;
                    }
                }
                if done == 0 {
                    break;
                }
                done = (done - 1) & open;
            }
        }

        best[open as usize]
    }

    /// The piece-steps in all and those of enemy pieces when each of the `open` tokens
    /// goes to its `cheapest` candidate (a piece given several costs the dearest of
    /// them); `None` when one has none or a piece would end on two squares.
    fn given_cheapest(&self, cheapest: &[(u32, u8, bool)], open: u32) -> Option<(u32, u32)> {
        let (mut all, mut enemy, mut done) = (0, 0, 0u32);
        for i in 0..cheapest.len() {
            if (open & !done) & (1 << i) == 0 {
                continue;
            }

            let (_, piece, theirs) = cheapest[i];
            // The tokens going to the same piece, and the dearest of them.
            let (mut set, mut dearest) = (0u32, 0);
            for (k, &(m, q, _)) in cheapest.iter().enumerate().skip(i) {
                if open & (1 << k) != 0 && q == piece {
                    set |= 1 << k;
                    dearest = dearest.max(m);
                }
            }

            if dearest >= INF || self.two_dest & (1 << set) != 0 {
                return None;
            }
            done |= set;
            all += dearest;
            enemy += if theirs { dearest } else { 0 };
        }

        Some((all, enemy))
    }

    /// Whether the tokens of `set` include destinations on two different squares (no
    /// single piece can end on both).
    fn two_destinations(&self, set: u32) -> bool {
        let mut dest = None;
        for (i, g) in self.goals.iter().enumerate() {
            if let (true, Property::Destination(d)) = (set & (1 << i) != 0, g.property) {
                if dest.is_some_and(|e| e != d) {
                    return true;
                }
                dest = Some(d);
            }
        }
        false
    }

    /// For the destination or capture token `g` and the live piece `p` on `sq`: the
    /// fewest steps `p` itself must still take, and the fewest steps of the turn that
    /// needs.
    ///
    /// `p` walks to the square of the specifier if it has not been there, then to the
    /// destination or to a trap (an own rabbit never backwards). Other pieces must
    /// take steps too, each at least one: a piece standing on a square off the traps
    /// that `p` must enter, and for a capture every friend of `p` beside the trap
    /// (traps are not beside traps, so a friend there cannot die: it must leave). See
    /// [`Cx::turn_cost`] for the turn's steps.
    fn piece_cost(
        &self,
        node: &Node,
        cx: &Cx,
        g: &Goal,
        p: Piece,
        sq: Square,
        cap: u32,
    ) -> (u32, u32) {
        let board = node.state.board();
        let walk = |a: Square, b: Square| self.walk(p, a, b);
        let via = g.square.filter(|&s| !node.visited_of(sq).contains(s));
        let path = |to: Square| match via {
            Some(v) => walk(sq, v) + walk(v, to),
            None => walk(sq, to),
        };

        match g.property {
            Property::Destination(d) => {
                let enter = via.map_or(Bitboard::EMPTY, Bitboard::from_square).with(d);
                let m = path(d);
                if m > cap {
                    return (m, m);
                }

                let enter = (enter & !Bitboard::TRAPS).without(sq);
                let blockers = cx.standing(board, enter);
                (
                    m,
                    cx.turn_cost(p, sq, m, blockers).max(cx.evict(p, m, enter)),
                )
            }
            Property::Capture => {
                let mut best = (INF, INF);
                for t in Square::TRAPS {
                    let m = path(t);
                    if m > cap {
                        best = (best.0.min(m), best.1.min(m));
                        continue;
                    }
                    let friends = (Bitboard::adjacent(t) & board.color(p.color)).without(sq);
                    best = (
                        best.0.min(m),
                        best.1
                            .min(cx.turn_cost(p, sq, m, cx.standing(board, friends))),
                    );
                }
                best
            }
            Property::Steps(_) => (0, 0),
        }
    }

    /// The fewest steps the piece `p` takes from `a` to `b`: the distance, or [`INF`]
    /// for an own rabbit going backwards.
    fn walk(&self, p: Piece, a: Square, b: Square) -> u32 {
        if p.kind == PieceKind::Rabbit && p.color == self.side && behind(self.side, a, b) {
            INF
        } else {
            dist(a, b)
        }
    }

    /// For the direction token `k` (the current one or a later one) and the live
    /// piece `p` on `sq`: the steps `p` must take to match the letters still to match,
    /// and the fewest steps of the turn that needs. It walks first to the square of the
    /// specifier (if it has not started), from where the square of its first letter
    /// must be free (a piece standing there must leave, unless it is a trap). An own
    /// rabbit never steps backwards.
    fn dir_cost(
        &self,
        node: &Node,
        cx: &Cx,
        k: usize,
        p: Piece,
        sq: Square,
        cap: u32,
    ) -> (u32, u32) {
        let (gi, dirs) = self.dirs[k];
        let g = &self.goals[gi];

        let done = match node.alive_at(sq) {
            Some(i) if k == node.dir_token as usize => usize::from(node.prog[i]),
            _ => 0,
        };
        let rest = &dirs.as_slice()[done.min(dirs.len())..];

        let own_rabbit = p.kind == PieceKind::Rabbit && p.color == self.side;
        if own_rabbit && rest.contains(&Direction::backwards(self.side)) {
            return (INF, INF);
        }

        let mut m = rest.len() as u32;
        let mut others = [0, 0];
        if let (0, Some(s), Some(&d0)) = (done, g.square, rest.first()) {
            m += self.walk(p, sq, s);
            let Some(next) = s.step(d0) else {
                return (INF, INF);
            };
            if next != sq && !next.is_trap() {
                others = cx.standing(node.state.board(), Bitboard::from_square(next));
            }
        }

        if m > cap {
            return (m, m);
        }
        (m, cx.turn_cost(p, sq, m, others))
    }
}

/// The destination and capture tokens that do not hold at a node ([`Goals::events`]).
struct OpenDestinations {
    /// The squares steps must arrive on, and how many.
    squares: Bitboard,
    count: u32,
    /// The letter the tokens on the first square name, if they agree, and the square
    /// the first of them names (the piece ending there has been there).
    piece: Option<Piece>,
    from: Option<Square>,
    /// Whether a step must kill a piece, and whether the opponent's.
    capture: bool,
    enemy_capture: bool,
}

/// The direction letters still to match ([`Goals::events`]): all, those of enemy
/// pieces, and those that can share a step with an arrival.
struct LetterCounts {
    all: u32,
    enemy: u32,
    pairs: u32,
}

/// What the rest of a turn must do for the tokens to hold (see [`Goals::events`]).
pub(super) struct Events {
    /// The fewest steps that can take its letters, arrive on its squares and kill.
    cover: u32,
    /// The direction letters still to match.
    letters: u32,
    /// With one square in `dests`: the letter of the piece that must arrive there, if
    /// known, and a square it must have been on, if a token names one.
    dest_piece: Option<Piece>,
    dest_from: Option<Square>,
    /// A lower bound on the steps the rest of the turn takes: `cover`, or more when
    /// enemy pieces must take letters or die (their steps are paired with steps of the
    /// mover).
    least: u32,
    /// The steps enemy pieces must still take (each paired with a step of the mover).
    enemy_steps: u32,
    /// The next direction letter to match, the letter of the piece that takes it, and
    /// the square it is taken from when it is a token's first.
    next: Option<Direction>,
    next_piece: Option<Piece>,
    next_from: Option<Square>,
    /// The squares steps must arrive on.
    dests: Bitboard,
    /// Whether a step must kill a piece.
    capture: bool,
}

/// The squares beside a trap.
const BESIDE_TRAPS: Bitboard = Bitboard(
    Bitboard::adjacent(Square::C3).0
        | Bitboard::adjacent(Square::F3).0
        | Bitboard::adjacent(Square::C6).0
        | Bitboard::adjacent(Square::F6).0,
);

impl Events {
    /// The fewest steps that can take the letters, arrive on the squares and kill.
    pub(super) fn cover(&self) -> u32 {
        self.cover
    }

    /// A lower bound on the steps the rest of the turn takes.
    pub(super) fn least(&self) -> u32 {
        self.least
    }

    /// Whether every step of the rest of the turn, from a node with `left` steps left
    /// and no push under way, must be in a push or a pull, the next one included: a
    /// step of the mover in neither leaves the enemy steps still needed to the steps
    /// after it, each paired with its own step of the mover ([`paired_steps`]; a pull
    /// ready now is lost), so it needs `2 * enemy_steps <= left - 1`.
    pub(super) fn pairs_only(&self, left: u32) -> bool {
        self.enemy_steps > 0 && 2 * self.enemy_steps >= left
    }

    /// Whether the tokens still need a step of an enemy piece.
    pub(super) fn needs_enemy_step(&self) -> bool {
        self.enemy_steps > 0
    }

    /// With [`Events::pairs_only`], the squares the next step may leave (on `board`,
    /// `side` to move): an enemy piece's (pushed or pulled), or a piece of the mover's
    /// with a weaker enemy piece beside it (the first step of a pull leaves from beside
    /// the piece it pulls).
    pub(super) fn paired_from(board: &Board, side: Color) -> Bitboard {
        let (own, enemy) = (board.color(side), board.color(!side));
        let mut weaker = Bitboard::EMPTY;
        let mut from = enemy;
        for k in PieceKind::ALL {
            from |= own & board.kind(k) & weaker.neighbours();
            weaker |= enemy & board.kind(k);
        }
        from
    }

    /// With as many steps left as [`Events::cover`] (two or more), whether `step` may be
    /// the next one: every step must then take a letter or arrive on a square of its
    /// own (or the others could not do it all), and the first letter step takes the
    /// next letter.
    pub(super) fn admits_next(&self, board: &Board, step: Step) -> bool {
        self.takes_next(board, step) || step.to().is_some_and(|t| self.dests.contains(t))
    }

    /// Whether `step` (on `board`) may take the next letter.
    fn takes_next(&self, board: &Board, step: Step) -> bool {
        self.next == Some(step.dir)
            && self.next_from.map_or(true, |s| s == step.from)
            && self
                .next_piece
                .map_or(true, |p| board.piece_at(step.from) == Some(p))
    }

    /// The only steps that can be last ([`Events::admits_last`]), when few: those
    /// arriving on the square, or taking the next letter from its square or by a piece
    /// of its letter; `None` when any step might be.
    pub(super) fn last_candidates<'a>(
        &'a self,
        board: &'a Board,
    ) -> Option<impl Iterator<Item = Step> + 'a> {
        let dest = self.dests.first();
        let from = match (dest, self.next, self.next_from, self.next_piece) {
            (Some(d), ..) => Bitboard::adjacent(d) & board.occupied(),
            (None, Some(_), Some(s), _) => Bitboard::from_square(s) & board.occupied(),
            (None, Some(_), None, Some(p)) => board.pieces(p),
            _ => return None,
        };
        let dir = self.next;
        Some(from.iter().filter_map(move |f| match (dest, dir) {
            (Some(d), _) => Step::between(f, d),
            (None, Some(dir)) => Some(Step::new(f, dir)),
            (None, None) => None,
        }))
    }

    /// When one step can do all the rest of the turn must do (arrive on one square,
    /// take one letter from a known square or by a piece of a known letter, or both;
    /// and perhaps kill): every square such a step leaves or enters, if it moves a
    /// piece standing there now, and the squares of every piece that may take the
    /// letter. `None` otherwise.
    pub(super) fn last_squares(&self, board: &Board) -> Option<Bitboard> {
        let takers = || match (self.next_from, self.next_piece) {
            (Some(s), _) => Some(Bitboard::from_square(s)),
            (None, Some(p)) => Some(board.pieces(p)),
            (None, None) => None,
        };

        match (self.letters, self.dests.count(), self.next) {
            // The piece that arrives stands beside the square, with the token's letter.
            (0, 1, _) => self.dests.first().map(|d| {
                let arriving = self
                    .dest_piece
                    .map_or(board.occupied(), |p| board.pieces(p));
                (Bitboard::adjacent(d) & arriving).with(d)
            }),
            (1, 0, Some(dir)) => {
                let from = takers()?;
                Some(
                    from | from
                        .iter()
                        .filter_map(|f| f.step(dir))
                        .collect::<Bitboard>(),
                )
            }
            // A piece that may take the letter steps onto the square.
            (1, 1, Some(_)) => Some(takers()? | self.dests),
            _ => None,
        }
    }

    /// With two steps left and no push under way, the squares the first of them must
    /// arrive on (all of them when it is free). Each square of the destinations needs a
    /// piece that may end there (of the token's letter, having been on the square the
    /// token names, when known) arriving on it from beside it; when none stands beside
    /// it now, it is not the first step that arrives, and the first step brings one
    /// beside it for the last (a step moves one piece, and no other piece changes
    /// square). The next letter, when taken from a square empty now, is taken by the
    /// last step (no first step starts there), so the first arrives there. (A turn
    /// ending after the first step would need it to arrive or take the letter: it
    /// cannot either.)
    pub(super) fn first_of_two(&self, node: &Node) -> Bitboard {
        let board = node.state.board();
        let mut reach = Bitboard::FULL;
        // What may arrive is known for a single square.
        let single = self.dests.count() == 1;
        let arriving = match self.dest_piece {
            Some(p) if single => board.pieces(p),
            _ => board.occupied(),
        };

        // (A piece arriving on the named square has been there.)
        let from = self
            .dest_from
            .filter(|&s| single && !self.dests.contains(s));
        for d in self.dests {
            let ready = (Bitboard::adjacent(d) & arriving)
                .iter()
                .any(|q| from.map_or(true, |s| node.visited_of(q).contains(s)));
            if !ready {
                reach &= Bitboard::adjacent(d);
            }
        }

        if let (Some(_), Some(s)) = (self.next, self.next_from) {
            if !board.occupied().contains(s) {
                reach &= Bitboard::from_square(s);
            }
        }

        reach
    }

    /// With one step left and [`Events::least`] at most one, whether `step` may be that last
    /// step: it takes the letter still to match, arrives on the square, and may kill.
    pub(super) fn admits_last(&self, board: &Board, step: Step) -> bool {
        let to = step.to();
        (self.next.is_none() || self.takes_next(board, step))
            && self.dests.iter().all(|d| to == Some(d))
            && (!self.capture
                || to.is_some_and(Square::is_trap)
                || BESIDE_TRAPS.contains(step.from))
    }
}

/// The fewest steps when enemy pieces must still take `enemy` steps, each paired with
/// its own step of the mover, with `pending` (0 or 1) a push under way (its completion
/// pairs with nothing new) and `ready` (0 or 1) a pull ready now (its step of the mover
/// was taken).
fn paired_steps(enemy: u32, pending: u32, ready: u32) -> u32 {
    (2 * enemy + pending).saturating_sub(ready).max(pending)
}

/// The squares within Manhattan distance `r` of `sq`.
fn within(sq: Square, r: u32) -> Bitboard {
    Bitboard::within(sq, r.min(14) as u8)
}

/// The squares within Manhattan distance `r` of a trap.
fn near_traps(r: u32) -> Bitboard {
    Square::TRAPS
        .iter()
        .fold(Bitboard::EMPTY, |b, &t| b | within(t, r))
}

/// The most tokens [`Goals::bound`] shares out among pieces exactly.
pub(super) const PARTITION_MAX: usize = 5;

/// The most candidates: every piece on the board, and the dead.
const MAX_CANDIDATES: usize = 40;

/// What [`Goals::bound`] gathers token by token: per token, the fewest turn steps over
/// its candidates; for each of the first [`PARTITION_MAX`] tokens, its cheapest
/// candidate (piece-steps, the piece's square or 64 and more for the dead, and whether
/// it is an enemy piece); per candidate (for the sharing), its piece-steps for each
/// token and whether it is an enemy piece.
struct Tally {
    turns: [u32; MAX_TOKENS],
    cheapest: [(u32, u8, bool); PARTITION_MAX],
    rows: [([u32; PARTITION_MAX], bool); MAX_CANDIDATES],
    nrows: usize,
}

impl Tally {
    #[inline(always)]
    fn new() -> Tally {
        Tally {
            turns: [INF; MAX_TOKENS],
            cheapest: [(INF, 0u8, false); PARTITION_MAX],
            rows: [([INF; PARTITION_MAX], false); MAX_CANDIDATES],
            nrows: 0,
        }
    }

    /// Adds a row for a candidate that can take at least one token.
    #[inline(always)]
    fn add_row(&mut self, row: [u32; PARTITION_MAX], enemy: bool) {
        if self.nrows < MAX_CANDIDATES && row.iter().any(|&c| c < INF) {
            self.rows[self.nrows] = (row, enemy);
            self.nrows += 1;
        }
    }

    /// Keeps, of the `count` live candidates' rows after the first `live`, those that
    /// can take a token within the cap.
    #[inline(always)]
    fn drop_empty_rows(&mut self, live: usize, count: usize) {
        for j in live..(live + count).min(MAX_CANDIDATES) {
            if self.rows[j].0.iter().any(|&c| c < INF) {
                self.rows[self.nrows] = self.rows[j];
                self.nrows += 1;
            }
        }
    }
}

/// What the bound needs to know about a node, computed once per node.
pub(super) struct Cx {
    side: Color,
    /// 1 while a push waits to be completed.
    pending: u32,
    /// 1 when a pull can be made now.
    ready: u32,
    /// The enemy pieces a pull can move now.
    pullable: Bitboard,
    /// The mover's frozen pieces, found when first asked.
    frozen: std::cell::OnceCell<Bitboard>,
    board: Board,
    /// For each kind, the mover's pieces stronger than it.
    stronger: [Bitboard; 6],
}

impl Cx {
    /// The facts about `node`, with `side` to move.
    pub(super) fn new(node: &Node, side: Color) -> Cx {
        let board = node.state.board();
        let pullable = node.pullable();
        let mut stronger = [Bitboard::EMPTY; 6];
        let mut acc = Bitboard::EMPTY;
        for k in PieceKind::ALL.into_iter().rev() {
            stronger[k.index()] = acc;
            acc |= board.kind(k) & board.color(side);
        }
        Cx {
            side,
            pending: u32::from(node.state.pending_push().is_some()),
            ready: u32::from(pullable.any()),
            pullable,
            frozen: std::cell::OnceCell::new(),
            board: *board,
            stronger,
        }
    }

    /// The fewest steps a turn needs when the mover's pieces must still take `own`
    /// steps and the opponent's pieces `enemy` steps: every step moves one piece, and
    /// an enemy piece moves only when pushed or pulled, each of its steps paired with
    /// its own step of the mover (the pull that is ready now already has its step; a
    /// push under way needs one more step of the mover that pairs with nothing new).
    pub(super) fn turn_steps(&self, own: u32, enemy: u32) -> u32 {
        (own + enemy).max(paired_steps(enemy, self.pending, self.ready))
    }

    /// The pieces of each colour (the mover's first) standing on `squares`.
    fn standing(&self, board: &Board, squares: Bitboard) -> [u32; 2] {
        [
            (squares & board.color(self.side)).count(),
            (squares & board.color(!self.side)).count(),
        ]
    }

    /// The steps of the turn needed when the piece `p` on `sq` takes `m` steps and
    /// `others` other pieces of each colour (the mover's first) take one at least
    /// ([`Cx::turn_steps`]). Also, on its own: an own frozen piece needs steps of
    /// other pieces before it moves ([`Cx::unfreeze`]); before an enemy piece's first
    /// step a stronger piece of the mover must stand beside it, unfrozen (the pusher or
    /// puller must be unfrozen when the push or pull begins), and those approaching and
    /// unfreezing steps come before every pairing step, unless a pull of it is ready now
    /// (which saves its first pairing step).
    fn turn_cost(&self, p: Piece, sq: Square, m: u32, others: [u32; 2]) -> u32 {
        let own = p.color == self.side;
        let mut steps = others;
        steps[usize::from(!own)] += m;
        let counted = self.turn_steps(steps[0], steps[1]);

        let alone = if m == 0 {
            0
        } else if own {
            m + if self.frozen().contains(sq) {
                self.unfreeze(p, sq)
            } else {
                0
            }
        } else if self.pending == 1 {
            2 * m + 1
        } else if self.pullable.contains(sq) {
            2 * m - 1
        } else {
            2 * m + self.approach(p.kind, sq, true)
        };

        counted.max(alone)
    }

    /// The fewest steps before a piece of the mover stronger than `kind` stands beside
    /// `sq`, unfrozen: its walk there and, with `unfreezing`, a step of another piece
    /// of the mover when it is frozen (not the piece counted by the caller, an enemy
    /// piece that has not stepped yet).
    fn approach(&self, kind: PieceKind, sq: Square, unfreezing: bool) -> u32 {
        // The stronger pieces ring by ring outwards, until no farther one can do better.
        let stronger = self.stronger[kind.index()];
        let mut best = INF;
        let mut inner = Bitboard::from_square(sq);
        for r in 1..15 {
            if r > best {
                break;
            }
            let disc = within(sq, r);
            for q in stronger & disc & !inner {
                let cost = r - 1 + u32::from(unfreezing && self.frozen().contains(q));
                best = best.min(cost);
            }
            inner = disc;
        }
        best
    }

    /// The fewest steps of the turn when the mover's piece `p` takes `m` steps and must
    /// enter the squares `enter` (off the traps): an enemy piece standing on one that
    /// `p` is not stronger than leaves it only when pushed or pulled by another, stronger
    /// piece of the mover, which must first walk beside it ([`Cx::approach`]), then
    /// take a step paired with the enemy piece's step (a pull ready now: the enemy piece's
    /// step alone). None of those steps is one of `p`'s. (Its unfreezing is not counted:
    /// `p` itself may be the friend that comes beside it on its way.)
    fn evict(&self, p: Piece, m: u32, enter: Bitboard) -> u32 {
        if p.color != self.side {
            return 0;
        }

        let mut most = 0;
        for sq in enter & self.board.color(!self.side) {
            let Some(e) = self.board.piece_at(sq) else {
                continue;
            };
            if e.kind < p.kind {
                continue;
            }

            let steps = if self.pullable.contains(sq) {
                1
            } else {
                self.approach(e.kind, sq, false) + 2
            };
            most = most.max(m + steps);
        }

        most
    }

    /// The fewest steps of other pieces before the mover's frozen piece `p` on `sq` can
    /// step (at least 1): it is frozen until a friend stands beside it or no stronger
    /// enemy piece does. A friend `f` comes beside it only after `dist(f, sq) - 1`
    /// steps of its own (none stands beside it now). A stronger enemy neighbour `a`
    /// goes only when pushed or pulled, or killed on the trap it stands on when its
    /// last friend there is pushed or pulled away: either way one enemy step paired
    /// with a step of the mover, and the same enemy step never takes two of them away
    /// (two neighbours of `sq` are not beside each other, nor both beside a friend on
    /// a trap that also borders `sq`: the board has no triangles), except that a pull
    /// ready now needs no new step of the mover; a neighbour off the traps that no
    /// piece of the mover is stronger than never goes.
    fn unfreeze(&self, p: Piece, sq: Square) -> u32 {
        let friends = self.board.color(self.side).without(sq);
        let arrive = (2..15)
            .find(|&r| (within(sq, r) & friends).any())
            .map_or(INF, |r| r - 1);

        let mut remove = 0;
        for a in Bitboard::adjacent(sq) & self.board.color(!self.side) {
            match self.board.piece_at(a) {
                Some(e) if e.kind > p.kind => {
                    remove += if a.is_trap() || self.stronger[e.kind.index()].any() {
                        2
                    } else {
                        INF
                    };
                }
                _ => {}
            }
        }

        arrive.min(remove - self.ready.min(remove)).max(1)
    }

    /// The mover's frozen pieces.
    fn frozen(&self) -> Bitboard {
        *self.frozen.get_or_init(|| self.board.frozen(self.side))
    }
}
