//! Writing: a short Lightvector string that resolves to a given move.
//!
//! The algorithm is described in the documentation of the parent module.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

use crate::notation::WriteError;
use crate::{Board, Move, Position, Step};

use super::goals::Goals;
use super::node::Node;
use super::resolve::{first_bucket, resolve, ResolveOptions};
use super::search::{Flow, MixBuild, Search, Table};
use super::syntax::{Directions, Lightvector, Property, Specifier, Token};

/// At most this many searches per move; past it the best string found so far is kept
/// (it always resolves). Typical moves need a few dozen.
const CHECK_BUDGET: u32 = 600;

/// How many combinations of tokens are tried for one set of pieces.
const COMBO_BUDGET: u32 = 1000;

/// A candidate token about one piece of the witness turn.
#[derive(Debug, Clone, Copy)]
struct Cand {
    token: Token,
    /// Characters.
    len: usize,
    /// Where the token goes in the written string: the step at which its piece first
    /// moved or died, or the first step a direction token matches.
    key: u8,
    /// For direction tokens, the first and last steps of the witness they match.
    span: Option<(u8, u8)>,
}

impl Cand {
    fn new(token: Token, key: u8, span: Option<(u8, u8)>) -> Cand {
        Cand {
            token,
            len: token.text_len(),
            key,
            span,
        }
    }
}

/// A chosen string: tokens in order, with the count and length that rank it.
#[derive(Debug, Clone)]
struct Form {
    tokens: Vec<Token>,
    chars: usize,
}

impl Form {
    fn rank(&self) -> (usize, usize) {
        (self.tokens.len(), self.chars)
    }
}

/// Orders candidates into a string: by key, direction tokens in the order of the
/// steps they match. `None` when two direction tokens' steps interleave (they could not
/// be written in an order the witness satisfies).
fn arrange(cands: &[Cand]) -> Option<Form> {
    let mut v: Vec<Cand> = cands.to_vec();
    v.sort_by_key(|c| (c.key, c.span.map_or(0, |s| s.1)));
    let mut last: Option<u8> = None;
    for c in &v {
        if let Some((first, end)) = c.span {
            if last.is_some_and(|l| l >= first) {
                return None;
            }
            last = Some(end);
        }
    }
    let chars = v.iter().map(|c| c.len).sum::<usize>() + v.len().saturating_sub(1);
    Some(Form {
        tokens: v.iter().map(|c| c.token).collect(),
        chars,
    })
}

struct Writer {
    side: crate::Color,
    target: Board,
    pos: Position,
    /// Steps and displaced pieces of the best bucket reaching the target.
    kb: u32,
    db: u32,
    /// Turns found to refute earlier token sets: each satisfies them, has a bucket at
    /// least as good as the target's and ends on another board.
    refuters: Vec<Node>,
    cache: HashMap<Vec<Token>, bool, MixBuild>,
    /// The tokens being checked, compiled (kept to reuse the memory).
    goals: Goals,
    /// The checks' table of states met (kept to reuse the memory).
    table: Table,
    budget: u32,
    /// Whether a budget ran out (some shorter string may have been missed).
    exhausted: bool,
}

impl Writer {
    /// Whether `tokens` (all true of the witness turn) resolve to the target board:
    /// no turn satisfying them with at most `kb` steps (and, at `kb` steps, at most
    /// `db` displaced pieces) ends on another board.
    fn check(&mut self, tokens: &[Token]) -> bool {
        if let Some(&r) = self.cache.get(tokens) {
            return r;
        }

        self.goals.refill(tokens, self.side);
        let goals = &self.goals;
        if let Some(i) = self.refuters.iter().position(|n| goals.satisfied_by(n)) {
            // Tried first next time.
            self.refuters.swap(0, i);
            return false;
        }

        if self.budget == 0 {
            self.exhausted = true;
            return false;
        }
        self.budget -= 1;

        let (kb, db, target) = (self.kb, self.db, self.target);
        let mut found: Option<Node> = None;
        // The resolver's own search, stopped at the first turn that shows the answer
        // is not the target: a satisfying turn of fewer than `kb` steps, or of `kb`
        // steps displacing at most `db` pieces and ending on another board.
        let bucket = first_bucket(&self.pos, goals, kb, &mut self.table, &mut |k, node| {
            let other = *node.state.board() != target;
            let refutes = other && (k < kb || node.displaced() <= db);
            if refutes {
                found = Some(node.clone());
            }
            refutes || k < kb || node.displaced() < db
        });

        // Run to the end, it is the resolver's answer (within `kb` steps; the tokens
        // are true of the witness, so the resolver never looks further).
        let ok = bucket.is_some_and(|b| matches!(b.cands.as_slice(), [one] if one.board == target));
        if let Some(n) = found {
            self.refuters.insert(0, n);
            self.refuters.truncate(32);
        }
        self.cache.insert(tokens.to_vec(), ok);
        ok
    }
}

/// The steps of tracked piece `e` in the witness: (step index, step).
fn steps_of(w: &Node, e: usize) -> Vec<(u8, Step)> {
    w.mv.steps()
        .iter()
        .enumerate()
        .filter(|(j, _)| w.movers()[*j] as usize == e)
        .map(|(j, s)| (j as u8, *s))
        .collect()
}

/// Every token true of tracked piece `e` in the witness, shortest first.
fn menu(w: &Node, e: usize) -> Vec<Cand> {
    let Some(&t) = w.get(e) else {
        return Vec::new();
    };

    let key = t.first;
    let mut specs = vec![Specifier::Piece(t.piece)];
    for s in t.visited {
        specs.push(Specifier::Square(s));
        specs.push(Specifier::PieceOn(t.piece, s));
    }

    let mut out = Vec::new();
    let mut push = |token: Token, key: u8, span: Option<(u8, u8)>| {
        out.push(Cand::new(token, key, span));
    };
    for &spec in &specs {
        if t.captured {
            push(Token::new(spec, Property::Capture), key, None);
        }
        push(Token::new(spec, Property::Destination(t.cur)), key, None);
    }

    let steps = steps_of(w, e);
    let m = steps.len().min(crate::MAX_STEPS);
    for mask in 1u32..(1 << m) {
        let chosen: Vec<(u8, Step)> = (0..m)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| steps[i])
            .collect();
        let dirs: Vec<crate::Direction> = chosen.iter().map(|(_, s)| s.dir).collect();
        let Some(d) = Directions::new(&dirs) else {
            continue;
        };
        let (first, from) = (chosen[0].0, chosen[0].1.from);
        let last = chosen[chosen.len() - 1].0;
        for spec in [
            Specifier::Piece(t.piece),
            Specifier::Square(from),
            Specifier::PieceOn(t.piece, from),
        ] {
            push(
                Token::new(spec, Property::Steps(d)),
                first,
                Some((first, last)),
            );
        }
    }

    // Shortest first; among equals captures, then destinations, then steps.
    let kind = |c: &Cand| match c.token.property {
        Property::Capture => 0,
        Property::Destination(_) => 1,
        Property::Steps(_) => 2,
    };
    out.sort_by_key(|c| (c.len, kind(c)));
    out
}

/// The conjunction of every destination and capture fact about piece `e`: with its
/// letter and each square of its path (its end square adds nothing: a piece ending
/// there has been there).
fn strongest(w: &Node, e: usize) -> Vec<Token> {
    let Some(&t) = w.get(e) else {
        return Vec::new();
    };

    let path = if t.visited == crate::Bitboard::from_square(t.cur) {
        t.visited
    } else {
        t.visited.without(t.cur)
    };

    let mut props = vec![Property::Destination(t.cur)];
    if t.captured {
        props.push(Property::Capture);
    }
    path.iter()
        .flat_map(|s| {
            props
                .iter()
                .map(move |&p| Token::new(Specifier::PieceOn(t.piece, s), p))
        })
        .collect()
}

/// The explicit form: one token per displaced or captured piece, with its letter and
/// start square, and its destination or `x`.
fn explicit(w: &Node) -> Vec<Cand> {
    w.tracked()
        .filter(|t| t.displaced() || t.captured)
        .map(|t| {
            let spec = Specifier::PieceOn(t.piece, t.start);
            let p = if t.captured {
                Property::Capture
            } else {
                Property::Destination(t.cur)
            };
            Cand::new(Token::new(spec, p), t.first, None)
        })
        .collect()
}

/// Every step of the witness as direction tokens, consecutive steps of one piece merged
/// (`Ed4ne`). This always resolves: its letters need every step of the turn, in order.
fn full_steps(w: &Node) -> Form {
    let mut tokens = Vec::new();
    let steps = w.mv.steps();
    let movers = w.movers();
    let mut i = 0;
    while i < steps.len() {
        let e = movers[i];
        let mut j = i;
        let mut dirs = Vec::new();
        while j < steps.len() && movers[j] == e {
            dirs.push(steps[j].dir);
            j += 1;
        }
        if let (Some(t), Some(d)) = (w.get(e as usize), Directions::new(&dirs)) {
            tokens.push(Token::new(
                Specifier::PieceOn(t.piece, steps[i].from),
                Property::Steps(d),
            ));
        }
        i = j;
    }
    let chars = tokens.iter().map(Token::text_len).sum::<usize>() + tokens.len().saturating_sub(1);
    Form { tokens, chars }
}

/// The witness: a turn reaching `target` with the fewest steps, then the fewest
/// displaced pieces.
fn witness(pos: &Position, target: &Board, max_steps: usize) -> Option<Node> {
    let goals = Goals::new(&[], pos.side_to_move());
    let root = Node::root(pos);
    let mut table = Table::default();
    let mut search = Search::new(&goals, Some(target), pos.turn_start_board(), &mut table);
    // One walk up to the move's own step count visits every turn to the target within
    // it, whatever its length: the best is kept.
    let mut best: Option<Node> = None;
    search.run(&root, max_steps as u32, false, &mut |node| {
        let key = |n: &Node| (n.mv.len(), n.displaced());
        if best.as_ref().map_or(true, |b| key(node) < key(b)) {
            best = Some(node.clone());
        }
        Flow::Continue
    });
    best
}

/// The shortest string naming each piece of `set` with one token, if shorter than
/// `limit` (count, characters).
fn min_combo(
    w: &mut Writer,
    all_menus: &[Vec<Cand>],
    set: &[usize],
    limit: Option<(usize, usize)>,
) -> Option<Form> {
    let menus: Vec<&Vec<Cand>> = set.iter().map(|&q| &all_menus[q]).collect();
    let n = set.len();
    // A combination is one index per piece, eight bits each (menus are shorter than
    // 256 and a turn touches at most eight pieces).
    if n > 8 || menus.iter().any(|m| m.len() > 255) {
        return None;
    }

    let index = |code: u64, i: usize| ((code >> (8 * i)) & 0xff) as usize;
    let total = |code: u64| -> Option<usize> {
        let mut sum = n - 1;
        for (i, menu) in menus.iter().enumerate() {
            sum += menu.get(index(code, i))?.len;
        }
        Some(sum)
    };
    let beats = |chars: usize| limit.map_or(true, |(lt, lc)| (n, chars) < (lt, lc));

    let mut heap: BinaryHeap<Reverse<(usize, u64)>> = BinaryHeap::new();
    let mut seen: HashSet<u64, MixBuild> = HashSet::default();
    if let Some(t) = total(0) {
        heap.push(Reverse((t, 0)));
        seen.insert(0);
    }

    let mut tries = 0;
    let mut cands: Vec<Cand> = Vec::with_capacity(n);
    while let Some(Reverse((chars, code))) = heap.pop() {
        if !beats(chars) {
            return None;
        }
        if tries >= COMBO_BUDGET || w.budget == 0 {
            w.exhausted = true;
            return None;
        }

        tries += 1;
        cands.clear();
        cands.extend(menus.iter().enumerate().map(|(i, m)| m[index(code, i)]));
        if let Some(written) = arrange(&cands) {
            if w.check(&written.tokens) {
                return Some(written);
            }
        }

        for (i, menu) in menus.iter().enumerate() {
            let next = code + (1u64 << (8 * i));
            if index(next, i) < menu.len() && seen.insert(next) {
                if let Some(t) = total(next) {
                    heap.push(Reverse((t, next)));
                }
            }
        }
    }
    None
}

/// The shortest string of one token per piece for some set of the witness's pieces,
/// fewest tokens first, that ranks below `bound` (count, characters), if any.
fn shortest(
    w: &mut Writer,
    wit: &Node,
    menus: &[Vec<Cand>],
    mut bound: Option<(usize, usize)>,
) -> Option<Form> {
    let n = menus.len();
    let mut best: Option<Form> = None;
    for size in 1..=n {
        if bound.is_some_and(|b| b.0 < size) {
            break;
        }

        // Sets whose shortest possible string is shortest first, so that a good string
        // found early rules the others out before any search (at most eight pieces).
        let mut sets: Vec<(usize, Vec<usize>)> = (0u32..1 << n.min(8))
            .filter(|m| m.count_ones() as usize == size)
            .map(|m| {
                let set: Vec<usize> = (0..n).filter(|i| m & (1 << i) != 0).collect();
                let first = |&q: &usize| menus[q].first().map_or(0, |c| c.len);
                (set.iter().map(first).sum::<usize>() + size - 1, set)
            })
            .collect();
        sets.sort();

        for (least, set) in sets {
            if w.budget == 0 {
                w.exhausted = true;
                break;
            }
            if bound.is_some_and(|b| b <= (size, least)) {
                continue;
            }

            // A set leaving some of the witness's pieces out must at least resolve by
            // every destination and capture fact about its pieces. The whole set is
            // tried anyway: direction tokens may do what those facts cannot.
            if size < n {
                let all: Vec<Token> = set.iter().flat_map(|&q| strongest(wit, q)).collect();
                if !w.check(&all) {
                    continue;
                }
            }

            if let Some(found) = min_combo(w, menus, &set, bound) {
                if bound.map_or(true, |b| found.rank() < b) {
                    bound = Some(found.rank());
                    best = Some(found);
                }
            }
        }

        if best.is_some() {
            break;
        }
    }
    best
}

/// The witness: a turn reaching `target` with the fewest steps, then the fewest
/// displaced pieces; `mv` itself replayed if the search finds none (it always should).
fn witness_or_move(pos: &Position, mv: &Move, target: &Board) -> Node {
    if let Some(w) = witness(pos, target, mv.len()) {
        return w;
    }
    let goals = Goals::new(&[], pos.side_to_move());
    let mut node = Node::root(pos);
    for &s in mv.steps() {
        goals.play(&mut node, s);
    }
    node
}

/// Writes `mv` (legal in `pos`) as a short Lightvector string resolving to it; says
/// whether the search for short strings ran its course (no budget ran out).
pub(crate) fn write(pos: &Position, mv: &Move) -> Result<(Lightvector, bool), WriteError> {
    let after = pos.after(mv)?;
    let target = *after.board();
    let wit = witness_or_move(pos, mv, &target);

    let mut w = Writer {
        side: pos.side_to_move(),
        target,
        pos: pos.clone(),
        kb: wit.mv.len() as u32,
        db: wit.displaced(),
        refuters: Vec::new(),
        cache: HashMap::default(),
        goals: Goals::new(&[], pos.side_to_move()),
        table: Table::default(),
        budget: CHECK_BUDGET,
        exhausted: false,
    };

    // The explicit form bounds the search before it is checked: only a shorter string
    // is looked for, and the explicit form is checked only if none is found.
    let explicit_form = arrange(&explicit(&wit)).filter(|e| !e.tokens.is_empty());
    let menus: Vec<Vec<Cand>> = (0..wit.ntracked()).map(|q| menu(&wit, q)).collect();
    let mut best = shortest(&mut w, &wit, &menus, explicit_form.as_ref().map(Form::rank));

    if best.is_none() {
        if let Some(e) = &explicit_form {
            if w.check(&e.tokens) {
                best = Some(e.clone());
            } else {
                best = shortest(&mut w, &wit, &menus, None);
            }
        }
    }

    let fallback = full_steps(&wit);
    // A form the check accepted was resolved to the move's board by the resolver itself
    // (the check is the resolver's search, stopped early only on its way to another
    // answer). The longer forms are resolved here, the first that gives the board kept.
    let resolves = |f: &Form| {
        resolve(pos, &f.tokens, ResolveOptions::default())
            .is_ok_and(|r| pos.after(&r.mv).is_ok_and(|p| *p.board() == target))
    };

    let chosen = match best.filter(|b| b.rank() <= fallback.rank()) {
        Some(b) => b,
        None => explicit_form
            .into_iter()
            .chain([fallback])
            .find(|f| resolves(f))
            .ok_or(WriteError::NoForm)?,
    };

    let chosen = Lightvector::new(chosen.tokens).ok_or(WriteError::NoForm)?;
    Ok((chosen, !w.exhausted))
}
