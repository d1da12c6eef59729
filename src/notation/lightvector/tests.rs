//! Pruning invariance: the pruned resolver and writer against a brute-force reference
//! that walks every step sequence and evaluates the tokens from scratch.

use std::collections::HashSet;

use crate::{Board, Color, Direction, Move, Piece, PieceKind, Position, Square, Step};

use super::resolve::{resolve, IllegalLightvector, ResolveOptions};
use super::syntax::{Directions, Property, Specifier, Token};

/// SplitMix64 (the crate's own, [`crate::hash::splitmix`]).
struct Rng(u64);

/// The seed of a test, varied by the environment variable `LV_TEST_SEED` (to search
/// for counterexamples beyond the fixed seeds).
fn seed(base: u64) -> u64 {
    base ^ std::env::var("LV_TEST_SEED")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(0)
}

impl Rng {
    fn next(&mut self) -> u64 {
        let (state, out) = crate::hash::splitmix(self.0);
        self.0 = state;
        out
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random position with `n` pieces (both colours, at least one each).
fn random_position(rng: &mut Rng, n: usize, cap: u8) -> Position {
    loop {
        let mut b = Board::empty();
        for i in 0..n {
            let sq = Square::ALL[rng.below(64)];
            let color = if i % 2 == 0 {
                Color::Gold
            } else {
                Color::Silver
            };
            let kind = PieceKind::ALL[rng.below(6)];
            b.set(sq, Some(Piece::new(color, kind)));
        }
        for sq in b.unsupported_on_traps() {
            b.set(sq, None);
        }
        let side = if rng.below(2) == 0 {
            Color::Gold
        } else {
            Color::Silver
        };
        if let Ok(mut p) = Position::new(b, side) {
            if p.set_step_cap(cap).is_ok() && p.has_legal_move() {
                return p;
            }
        }
    }
}

/// A piece's history in one turn.
#[derive(Clone, Debug)]
struct Hist {
    piece: Piece,
    start: Square,
    path: Vec<Square>,
    captured: bool,
    /// (global step index, from, direction).
    steps: Vec<(usize, Square, Direction)>,
}

/// Replays `steps` from `pos`, recording every piece's history (pieces that never
/// move included).
fn histories(pos: &Position, steps: &[Step]) -> (Vec<Hist>, Board) {
    let mut p = pos.clone();
    let mut hs: Vec<Hist> = pos
        .board()
        .iter()
        .map(|(sq, piece)| Hist {
            piece,
            start: sq,
            path: vec![sq],
            captured: false,
            steps: Vec::new(),
        })
        .collect();
    for (i, &s) in steps.iter().enumerate() {
        let eff = p.play_step_unchecked(s);
        let h = hs
            .iter_mut()
            .find(|h| !h.captured && *h.path.last().unwrap() == eff.from)
            .expect("mover");
        h.path.push(eff.to);
        h.steps.push((i, eff.from, s.dir));
        if let Some(c) = eff.capture {
            let v = hs
                .iter_mut()
                .find(|h| !h.captured && *h.path.last().unwrap() == c.square)
                .expect("captured");
            v.captured = true;
        }
    }
    (hs, *p.board())
}

fn matches(h: &Hist, spec: Specifier) -> bool {
    spec.piece().map_or(true, |l| l == h.piece)
}

/// Whether direction tokens `dirs[i..]` can be matched after step index `after`.
fn dirs_hold(hs: &[Hist], dirs: &[(Specifier, Directions)], after: Option<usize>) -> bool {
    let Some(&(spec, d)) = dirs.first() else {
        return true;
    };
    let want = d.as_slice();
    for h in hs.iter().filter(|h| matches(h, spec)) {
        let cand: Vec<&(usize, Square, Direction)> = h
            .steps
            .iter()
            .filter(|(i, _, _)| after.map_or(true, |a| *i > a))
            .collect();
        // Every way to choose the subsequence.
        let m = cand.len();
        if m > 12 {
            continue;
        }
        for mask in 0u32..(1 << m) {
            if mask.count_ones() as usize != want.len() {
                continue;
            }
            let chosen: Vec<&&(usize, Square, Direction)> = (0..m)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| &cand[i])
                .collect();
            if chosen.iter().zip(want).any(|(c, w)| c.2 != *w) {
                continue;
            }
            if spec.square().is_some_and(|s| chosen[0].1 != s) {
                continue;
            }
            if dirs_hold(hs, &dirs[1..], Some(chosen[chosen.len() - 1].0)) {
                return true;
            }
        }
    }
    false
}

fn holds(hs: &[Hist], tokens: &[Token]) -> bool {
    for t in tokens {
        let ok = match t.property {
            Property::Destination(d) => hs.iter().any(|h| {
                matches(h, t.specifier)
                    && t.specifier.square().map_or(true, |s| h.path.contains(&s))
                    && *h.path.last().unwrap() == d
            }),
            Property::Capture => hs.iter().any(|h| {
                matches(h, t.specifier)
                    && h.captured
                    && t.specifier.square().map_or(true, |s| h.path.contains(&s))
            }),
            Property::Steps(_) => true,
        };
        if !ok {
            return false;
        }
    }
    let dirs: Vec<(Specifier, Directions)> = tokens
        .iter()
        .filter_map(|t| match t.property {
            Property::Steps(d) => Some((t.specifier, d)),
            _ => None,
        })
        .collect();
    dirs_hold(hs, &dirs, None)
}

/// Every legal turn (step sequence) from `pos` within its steps left.
fn all_turns(pos: &Position) -> Vec<Vec<Step>> {
    fn rec(p: &Position, cur: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
        if !cur.is_empty() && p.check_end_turn().is_ok() {
            out.push(cur.clone());
        }
        for &s in p.legal_steps().iter() {
            let mut c = p.clone();
            c.play_step_unchecked(s);
            cur.push(s);
            rec(&c, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    rec(pos, &mut Vec::new(), &mut out);
    out
}

#[derive(Debug, PartialEq, Eq)]
enum RefResult {
    One(Board, usize, usize),
    None,
    Ambiguous(usize),
}

fn reference(pos: &Position, turns: &[Vec<Step>], tokens: &[Token]) -> RefResult {
    let mut best: Option<(usize, usize)> = None;
    let mut boards: HashSet<Board> = HashSet::new();
    for t in turns {
        let (hs, board) = histories(pos, t);
        if !holds(&hs, tokens) {
            continue;
        }
        let displaced = hs
            .iter()
            .filter(|h| *h.path.last().unwrap() != h.start)
            .count();
        let key = (t.len(), displaced);
        if best.map_or(true, |b| key < b) {
            best = Some(key);
            boards.clear();
        }
        if best == Some(key) {
            boards.insert(board);
        }
    }
    match (best, boards.len()) {
        (None, _) => RefResult::None,
        (Some((k, d)), 1) => RefResult::One(*boards.iter().next().unwrap(), k, d),
        (_, n) => RefResult::Ambiguous(n),
    }
}

/// Tokens true of `turn`, chosen at random in every form.
fn random_tokens(rng: &mut Rng, pos: &Position, turn: &[Step]) -> Vec<Token> {
    let (hs, _) = histories(pos, turn);
    let moved: Vec<&Hist> = hs
        .iter()
        .filter(|h| h.path.len() > 1 || h.captured)
        .collect();
    let mut out = Vec::new();
    let n = 1 + rng.below(3);
    for _ in 0..n {
        let h = if moved.is_empty() || rng.below(6) == 0 {
            &hs[rng.below(hs.len())]
        } else {
            moved[rng.below(moved.len())]
        };
        let sq = h.path[rng.below(h.path.len())];
        let spec = match rng.below(3) {
            0 => Specifier::Piece(h.piece),
            1 => Specifier::Square(sq),
            _ => Specifier::PieceOn(h.piece, sq),
        };
        let prop = match rng.below(4) {
            0 if h.captured => Property::Capture,
            1 | 2 if !h.steps.is_empty() => {
                // A subsequence of its steps, the first from the named square when there is
                // one (else any).
                let m = h.steps.len();
                let first = rng.below(m);
                let mut dirs = vec![h.steps[first].2];
                for st in &h.steps[first + 1..] {
                    if rng.below(2) == 0 {
                        dirs.push(st.2);
                    }
                }
                let d = Directions::new(&dirs).unwrap();
                let spec = match spec {
                    Specifier::Square(_) => Specifier::Square(h.steps[first].1),
                    Specifier::PieceOn(p, _) => Specifier::PieceOn(p, h.steps[first].1),
                    s => s,
                };
                out.push(Token::new(spec, Property::Steps(d)));
                continue;
            }
            _ => Property::Destination(*h.path.last().unwrap()),
        };
        out.push(Token::new(spec, prop));
    }
    // Direction tokens in the order of their first steps keeps most sets satisfiable;
    // sometimes shuffle, and sometimes add a random (likely false) token.
    if rng.below(4) == 0 {
        let sq = Square::ALL[rng.below(64)];
        let p = Piece::new(
            if rng.below(2) == 0 {
                Color::Gold
            } else {
                Color::Silver
            },
            PieceKind::ALL[rng.below(6)],
        );
        out.push(Token::new(Specifier::Piece(p), Property::Destination(sq)));
    }
    out
}

fn check_position(rng: &mut Rng, pos: &Position, rounds: usize) -> usize {
    let turns = all_turns(pos);
    if turns.is_empty() {
        return 0;
    }
    let mut checked = 0;
    for _ in 0..rounds {
        let turn = &turns[rng.below(turns.len())];
        let tokens = random_tokens(rng, pos, turn);
        let want = reference(pos, &turns, &tokens);
        let got = resolve(pos, &tokens, ResolveOptions::default());
        let text: Vec<String> = tokens.iter().map(|t| t.to_string()).collect();
        match (&want, &got) {
            (RefResult::One(b, k, d), Ok(r)) => {
                let mut p = pos.clone();
                for &s in r.mv.steps() {
                    p.play_step(s).unwrap();
                }
                assert_eq!(p.board(), b, "{pos:?} {text:?}");
                assert_eq!(
                    (r.steps as usize, r.displaced as usize),
                    (*k, *d),
                    "{pos:?} {text:?}"
                );
            }
            (RefResult::Ambiguous(n), Err(IllegalLightvector::Ambiguous { count })) => {
                assert_eq!(n, count, "{pos:?} {text:?}");
            }
            (RefResult::None, Err(e)) => {
                assert!(
                    !matches!(e, IllegalLightvector::Ambiguous { .. }),
                    "{pos:?} {text:?}"
                );
            }
            _ => panic!("{pos:?} {text:?}: reference {want:?}, resolver {got:?}"),
        }
        checked += 1;
    }
    checked
}

#[test]
fn pruning_invariance_small_boards_four_steps() {
    let mut rng = Rng(seed(12345));
    let mut checked = 0;
    for _ in 0..600 {
        let n = 4 + rng.below(4);
        let pos = random_position(&mut rng, n, 4);
        checked += check_position(&mut rng, &pos, 6);
    }
    assert!(checked > 2500, "{checked}");
}

#[test]
fn pruning_invariance_larger_boards_three_steps() {
    let mut rng = Rng(seed(777));
    let mut checked = 0;
    for _ in 0..200 {
        let n = 9 + rng.below(5);
        let pos = random_position(&mut rng, n, 3);
        checked += check_position(&mut rng, &pos, 6);
    }
    assert!(checked > 800, "{checked}");
}

#[test]
fn pruning_invariance_dense_boards_four_steps() {
    let mut rng = Rng(seed(99));
    let mut checked = 0;
    for _ in 0..8 {
        let n = 10 + rng.below(3);
        let pos = random_position(&mut rng, n, 4);
        checked += check_position(&mut rng, &pos, 12);
    }
    assert!(checked > 60, "{checked}");
}

#[test]
fn writer_resolves_to_every_move_of_small_boards() {
    let mut rng = Rng(seed(4242));
    let mut checked = 0;
    for round in 0..40 {
        let n = 4 + rng.below(5);
        let cap = if round % 4 == 0 {
            2 + rng.below(2) as u8
        } else {
            4
        };
        let pos = random_position(&mut rng, n, cap);
        let turns = all_turns(&pos);
        let moves = pos.legal_moves();
        for mv in moves.iter().take(40) {
            let lv = super::write::write(&pos, mv).unwrap().0;
            let want = pos.after(mv).unwrap();
            match reference(&pos, &turns, lv.tokens()) {
                RefResult::One(b, _, _) => {
                    assert_eq!(&b, want.board(), "{pos:?} {mv:?} {lv}");
                }
                other => panic!("{pos:?} {mv:?} wrote {lv}: {other:?}"),
            }
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked}");
}

#[test]
fn writer_resolves_on_dense_boards() {
    let mut rng = Rng(seed(5151));
    let mut checked = 0;
    for _ in 0..6 {
        let n = 10 + rng.below(4);
        let pos = random_position(&mut rng, n, 4);
        let turns = all_turns(&pos);
        let moves = pos.legal_moves();
        for _ in 0..25 {
            let mv = moves[rng.below(moves.len())];
            let lv = super::write::write(&pos, &mv).unwrap().0;
            let want = pos.after(&mv).unwrap();
            match reference(&pos, &turns, lv.tokens()) {
                RefResult::One(b, _, _) => assert_eq!(&b, want.board(), "{pos:?} {mv:?} {lv}"),
                other => panic!("{pos:?} {mv:?} wrote {lv}: {other:?}"),
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 150);
}

#[test]
fn moves_compare() {
    // Move equality is by steps; boards are what the notation identifies.
    assert_ne!(
        Move::from_steps(&[Step::new(Square::A1, Direction::North)]),
        Move::from_steps(&[Step::new(Square::A2, Direction::North)])
    );
}

/// Checks the bounds along `turn` (which satisfies `tokens`): after every prefix,
/// neither the tokens' bound, nor the bound towards the turn's board, nor the events'
/// cover may exceed the steps the turn still takes, and the steps the search plays
/// when it has none to spare, or two left, include the turn's next step.
fn check_admissible_along(pos: &Position, turn: &[Step], tokens: &[Token]) {
    use super::goals::Goals;
    use super::node::Node;
    let goals = Goals::new(tokens, pos.side_to_move());
    let mut end = pos.clone();
    for &s in turn {
        end.play_step_unchecked(s);
    }
    let mut node = Node::root(pos);
    for i in 0..=turn.len() {
        let left = (turn.len() - i) as u32;
        let what = || {
            let t: Vec<String> = tokens.iter().map(|t| t.to_string()).collect();
            let s: Vec<String> = turn.iter().map(|s| s.to_string()).collect();
            format!("{pos:?} tokens {t:?} turn {s:?} after {i} steps, {left} left")
        };
        let at = Along {
            goals: &goals,
            node: &node,
            end: end.board(),
            next: turn.get(i).copied(),
            left,
            what: &what,
        };
        at.check_bounds();
        at.check_target_squares();
        if let Some(next) = at.next {
            at.check_next_step(next);
        }
        if let Some(next) = at.next {
            goals.play(&mut node, next);
        }
    }
}

/// One point along a turn for [`check_admissible_along`]: the node reached, the turn's
/// board, its next step (none at the end) and the steps it still takes.
struct Along<'a> {
    goals: &'a super::goals::Goals,
    node: &'a super::node::Node,
    end: &'a Board,
    next: Option<Step>,
    left: u32,
    what: &'a dyn Fn() -> String,
}

impl Along<'_> {
    /// No bound exceeds the steps left: the tokens' (at every cap), the captures', the
    /// one towards the turn's board, and the events' least and cover.
    fn check_bounds(&self) {
        use super::goals::INF;
        use super::search::target_bound;
        let (left, what) = (self.left, self.what);
        for cap in [left, left + 1, INF] {
            let b = self.goals.bound(self.node, cap);
            assert!(b <= left, "bound {b} (cap {cap}): {}", what());
        }
        let cb = self.goals.capture_bound(self.node);
        assert!(cb <= left, "capture bound {cb}: {}", what());
        let tb = target_bound(self.node, self.end);
        assert!(tb <= left, "target bound {tb}: {}", what());
        // What the rest of the turn must do: no more steps than it has.
        let events = self.goals.events(self.node);
        let least = events.least();
        assert!(least <= left, "least {least}: {}", what());
        assert!(events.cover() <= least);
    }

    /// Towards the turn's board: no more squares to arrive on or to leave than steps
    /// left, and with none to spare the next step arrives on one and leaves one.
    fn check_target_squares(&self) {
        use super::search::target_squares;
        let (left, what) = (self.left, self.what);
        let (arrive, depart) = target_squares(self.node.state.board(), self.end);
        assert!(
            arrive.count().max(depart.count()) <= left,
            "target squares: {}",
            what()
        );
        let Some(next) = self.next else { return };
        if arrive.count() == left {
            assert!(
                next.to().is_some_and(|t| arrive.contains(t)),
                "arrive: {}",
                what()
            );
        }
        if depart.count() == left {
            assert!(depart.contains(next.from), "depart: {}", what());
        }
    }

    /// The steps the search plays when it has no step to spare, two left or one left
    /// include the turn's next step.
    fn check_next_step(&self, next: Step) {
        use super::goals::Events;
        let (left, what, node) = (self.left, self.what, self.node);
        let board = node.state.board();
        let events = self.goals.events(node);
        let no_push = node.state.pending_push().is_none();
        // With no step to spare outside pushes and pulls, each step is in one.
        if no_push && events.pairs_only(left) {
            assert!(
                Events::paired_from(board, node.state.side_to_move()).contains(next.from),
                "paired step: {}",
                what()
            );
        }
        // With two steps left, the first arrives where the last needs a piece.
        if left == 2 && no_push {
            assert!(
                next.to()
                    .is_some_and(|t| events.first_of_two(node).contains(t)),
                "first of two: {}",
                what()
            );
        }
        if left == 1 {
            self.check_last_step(next);
        } else if left >= 2 && events.cover() == left {
            assert!(events.admits_next(board, next), "next step: {}", what());
        }
    }

    /// The last step is one the search's last-step rules admit.
    fn check_last_step(&self, last: Step) {
        use super::search::differing;
        let (what, node) = (self.what, self.node);
        let board = node.state.board();
        let events = self.goals.events(node);
        assert!(events.admits_last(board, last), "last step: {}", what());
        if let Some(mut steps) = events.last_candidates(board) {
            assert!(steps.any(|s| s == last), "last candidates: {}", what());
        }
        if events.needs_enemy_step() {
            assert!(
                node.pullable().contains(last.from),
                "last step pulls: {}",
                what()
            );
        }
        let differ = differing(board, self.end);
        assert!(differ.contains(last.from), "last step's square: {}", what());
    }
}

/// The positions before the turns of `tests/data/archive-positions.tsv`.
fn archive_positions() -> Vec<Position> {
    const ARCHIVE: &str = include_str!("../../../tests/data/archive-positions.tsv");
    let mut out = Vec::new();
    for line in ARCHIVE.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (Some(turn), Some(board)) = (fields.get(1), fields.get(2)) else {
            continue;
        };
        let side = match turn.chars().last() {
            Some('w' | 'g') => 'g',
            Some('b' | 's') => 's',
            _ => continue,
        };
        if let Ok(pos) = format!("{side} {board}").parse::<Position>() {
            out.push(pos);
        }
    }
    out
}

fn tokens_of(texts: &[&str]) -> Vec<Token> {
    texts.iter().map(|t| t.parse().unwrap()).collect()
}

/// Checks the bounds along `n` random legal moves of `pos`, with tokens true of each:
/// along the move's steps, along the same steps in another order when that is a legal
/// turn the tokens still hold for, and from the middle of the turn (its first step
/// taken, tokens about the rest). Returns how many moves were checked along their steps.
fn check_random_moves(rng: &mut Rng, pos: &Position, n: usize) -> usize {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return 0;
    }
    let mut checked = 0;
    for _ in 0..n {
        let mv = moves[rng.below(moves.len())];
        let tokens = random_tokens(rng, pos, mv.steps());
        let (hs, _) = histories(pos, mv.steps());
        if holds(&hs, &tokens) {
            check_admissible_along(pos, mv.steps(), &tokens);
            checked += 1;
        }
        let mut steps = mv.steps().to_vec();
        for i in (1..steps.len()).rev() {
            steps.swap(i, rng.below(i + 1));
        }
        let mut p = pos.clone();
        if steps.iter().all(|&s| p.play_step(s).is_ok()) && p.check_end_turn().is_ok() {
            let (hs, _) = histories(pos, &steps);
            if holds(&hs, &tokens) {
                check_admissible_along(pos, &steps, &tokens);
            }
        }
        if mv.len() > 1 {
            let mut mid = pos.clone();
            if mid.play_step(mv.steps()[0]).is_ok() {
                let rest = &mv.steps()[1..];
                let tokens = random_tokens(rng, &mid, rest);
                let (hs, _) = histories(&mid, rest);
                if holds(&hs, &tokens) {
                    check_admissible_along(&mid, rest, &tokens);
                }
            }
        }
    }
    checked
}

/// The bound never exceeds the true number of steps still needed: on random small
/// boards, along every turn that satisfies random tokens.
#[test]
fn bound_is_admissible_small_boards() {
    let mut rng = Rng(seed(2024));
    let mut checked = 0;
    for round in 0..150 {
        let n = 4 + rng.below(7);
        let cap = if round % 5 == 0 { 3 } else { 4 };
        let pos = random_position(&mut rng, n, cap);
        let turns = all_turns(&pos);
        if turns.is_empty() || turns.len() > 60_000 {
            continue;
        }
        for _ in 0..4 {
            let turn = &turns[rng.below(turns.len())];
            let tokens = random_tokens(&mut rng, &pos, turn);
            for t in &turns {
                let (hs, _) = histories(&pos, t);
                if holds(&hs, &tokens) {
                    check_admissible_along(&pos, t, &tokens);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 2000, "{checked}");
}

/// The same along real game turns from the archive: every position before a turn of
/// the four games of `tests/data/archive-positions.tsv`, tokens true of random legal
/// moves.
#[test]
fn bound_is_admissible_on_archive_positions() {
    let mut rng = Rng(seed(8086));
    let mut checked = 0;
    for pos in archive_positions() {
        checked += check_random_moves(&mut rng, &pos, 60);
    }
    assert!(checked > 6000, "{checked}");
}

/// A destination on a trap held by a piece no token names does not cost that piece a
/// step: it may die there instead (the bound once charged one, and the resolver then
/// called a satisfiable token impossible).
#[test]
fn destination_trap_occupant_may_die_instead_of_leaving() {
    let pos: Position = "s [                                 C    MrRerE      Drrr R  RRRRR ]"
        .parse()
        .unwrap();
    let tokens = tokens_of(&["c4c4", "ec3c3", "eb4c3"]);
    let want = reference(&pos, &all_turns(&pos), &tokens);
    let RefResult::One(board, 4, 2) = want else {
        panic!("reference: {want:?}");
    };
    let got = resolve(&pos, &tokens, ResolveOptions::default()).unwrap();
    assert_eq!((got.steps, got.displaced), (4, 2));
    assert_eq!(*pos.after(&got.mv).unwrap().board(), board);
}

/// The bound's rules see what the distances alone miss, and stay admissible along the
/// archive's own turn: `Rg6` needs the silver dog on g6 pulled off by the camel (its
/// step there, its pull, the dog's step), `rx` the fewest steps of a capture of a
/// silver rabbit; `rg1` and `Rh8` a frozen rabbit beside an elephant, released only by a
/// friend three steps away; `a5n` a piece on a5 stepping north, which the gold rabbits
/// on a6 and b6 cannot reach (backwards), so the rabbit on c5 walks there and the one on
/// a6 makes room.
#[test]
fn bound_rules_see_the_whole_turn() {
    use super::goals::Goals;
    use super::node::Node;
    let step = |t: &str| {
        Step::new(
            t[..2].parse().unwrap(),
            match &t[2..] {
                "n" => Direction::North,
                "s" => Direction::South,
                "e" => Direction::East,
                _ => Direction::West,
            },
        )
    };
    let cases = [
        (
            "g [  h      hEmre   R R  d   H  CRM    C   r   D   H D  R  R  R  RR]",
            "Rg6",
            "h5n h6s g6e g5n",
        ),
        (
            "g [ H      re      R  E       rH    D M     R hRrm   D  CCRR R  R R]",
            "rx",
            "d6n d5n d6w d7s",
        ),
        (
            "s [ r    rr rr  d     c             r  r   Meh       m  ErR     R  ]",
            "rg1",
            "e4e f4e g4s g2s",
        ),
        (
            "g [        rH     RRD H   e     E           R M  C   D  C RR R  R R]",
            "Rh8",
            "f5e g5n g6n h7n",
        ),
        (
            "g [r r c eM hHrrE RRR HD  R  R                   C   C  D    RR R  ]",
            "a5n",
            "a6n c5w b5w a5n",
        ),
    ];
    for (text, token, turn) in cases {
        let pos: Position = text.parse().unwrap();
        let tokens = tokens_of(&[token]);
        let steps: Vec<Step> = turn.split(' ').map(step).collect();
        let goals = Goals::new(&tokens, pos.side_to_move());
        let root = Node::root(&pos);
        let bound = goals.bound(&root, 4).max(goals.capture_bound(&root));
        assert_eq!(bound, 4, "{text} {token}");
        check_admissible_along(&pos, &steps, &tokens);
        let got = resolve(&pos, &tokens, ResolveOptions::default()).unwrap();
        assert_eq!(got.steps, 4, "{text} {token}");
    }
}

/// The same along random legal moves of positions from the 147 games of February 2026
/// (`tests/data/allgames202602.tsv`), one position in seven.
#[test]
fn bound_is_admissible_on_archive_games() {
    const GAMES: &str = include_str!("../../../tests/data/allgames202602.tsv");
    let archive: crate::notation::record::Archive = GAMES.parse().unwrap();
    let mut rng = Rng(seed(1066));
    let mut checked = 0;
    let positions = archive
        .games
        .iter()
        .flat_map(|g| g.replay().positions().to_vec());
    for pos in positions.step_by(7) {
        checked += check_random_moves(&mut rng, &pos, 6);
    }
    assert!(checked > 5000, "{checked}");
}

/// Pruning invariance on real game positions: archive positions with the turn
/// cut to three steps (so that every step sequence can be walked), tokens true of
/// random turns.
#[test]
fn pruning_invariance_game_positions_three_steps() {
    let mut rng = Rng(seed(4711));
    let mut checked = 0;
    for mut pos in archive_positions().into_iter().step_by(20) {
        pos.set_step_cap(3).unwrap();
        checked += check_position(&mut rng, &pos, 10);
    }
    assert!(checked > 50, "{checked}");
}

/// A piece that must make room for a destination may be the enemy piece a pull ready
/// now moves: the cheap bound once counted a step of the mover for that pull too, one
/// more than the turn needs.
#[test]
fn room_made_by_a_ready_pull_costs_no_pairing_step() {
    let pos: Position = "s [         r       H E          M          DD r   RR  HRRR    m   ]"
        .parse()
        .unwrap();
    let tokens = tokens_of(&["rb7b7", "Rf2e2", "mn"]);
    let turn = [
        Step::new(Square::E1, Direction::East),
        Step::new(Square::E2, Direction::South),
        Step::new(Square::F2, Direction::West),
        Step::new(Square::F1, Direction::North),
    ];
    check_admissible_along(&pos, &turn, &tokens);
    let r = resolve(&pos, &tokens, ResolveOptions::default()).unwrap();
    assert_eq!(r.steps, 4);
}

/// Steps from their texts (`a2s`).
fn steps_of(text: &str) -> Vec<Step> {
    text.split(' ')
        .map(|w| {
            let dir = Direction::from_char(w.chars().nth(2).unwrap()).unwrap();
            Step::new(w[..2].parse().unwrap(), dir)
        })
        .collect()
}

/// Resolves `text` in `pos` and checks the answer against the turn `steps`, which
/// satisfies it: the resolver must find a turn at least as good, satisfying the tokens.
fn resolve_checked(
    pos: &str,
    steps: &str,
    text: &str,
) -> Result<super::Resolved, IllegalLightvector> {
    let pos: Position = pos.parse().unwrap();
    let turn = steps_of(steps);
    let tokens = tokens_of(&text.split(' ').collect::<Vec<_>>());
    let (hs, _) = histories(&pos, &turn);
    assert!(holds(&hs, &tokens), "{text} holds for {steps}");
    check_admissible_along(&pos, &turn, &tokens);
    let r = resolve(&pos, &tokens, ResolveOptions::default());
    if let Ok(r) = &r {
        let (hs, _) = histories(&pos, r.mv.steps());
        assert!(
            holds(&hs, &tokens),
            "{text}: the answer {:?} satisfies it",
            r.mv
        );
        assert!(r.steps as usize <= turn.len());
    }
    r
}

/// The archive turn `Ca2s ra3s db3w Hc3w` was written `da3`, which the resolver then
/// rejected: with no step to spare, the search tried only steps it judged able to lower
/// its bound, and the cat stepping away to pull the rabbit off a3 (making room for the
/// dog) was not one of them.
#[test]
fn regression_da3_room_made_by_a_pull() {
    let r = resolve_checked(
        "g [    rr   cr  r        cr   r     rE  H  rdHdehMhCRmDDRCR RRR R R]",
        "a2s a3s b3w c3w",
        "da3",
    );
    assert_eq!(r.map(|r| (r.steps, r.displaced)), Ok((4, 4)));
}

/// Game 669266: `rd5` (a silver rabbit pushed and pulled by one gold horse) was
/// rejected for the same reason.
#[test]
fn regression_rd5_pushed_then_pulled() {
    let r = resolve_checked(
        "g [        r r   dcH  rd HR mEcCrR hM r h  RCreDR    RDRR          ]",
        "c5s d5w d4n c4e",
        "rd5",
    );
    assert!(r.is_ok(), "{r:?}");
}

/// Game 669211: `Hx` (a gold horse on f6 dies when the silver dog pulls its last
/// supporter away, after a rabbit made room) was rejected for the same reason.
#[test]
fn regression_hx_support_pulled_away() {
    let r = resolve_checked(
        "s [ r  rrm rrr rREc chddHh RM  De R     H     C  DrRCR  R    R  R  ]",
        "e7w e6n e7s f7w",
        "Hx",
    );
    assert!(r.is_ok(), "{r:?}");
}

/// `Rh2g2` for `eg3w ef3x Hg2n Rh2w hh3s` is ambiguous by the rule (the elephant may
/// step west and die on f3, or north to g4, pulling the horse either way); the
/// resolver said no move matches, and the writer wrote it.
#[test]
fn regression_rh2g2_is_ambiguous() {
    let pos = "s [rrrc rrr rc   d m Eh      M  d     R   rH     ehR C  DHR R   RRR]";
    let r = resolve_checked(pos, "g3w g2n h2w h3s", "Rh2g2");
    assert_eq!(
        r.map(|r| r.mv),
        Err(IllegalLightvector::Ambiguous { count: 2 })
    );
    let pos: Position = pos.parse().unwrap();
    let mv = Move::from_steps(&steps_of("g3w g2n h2w h3s")).unwrap();
    let lv = super::write::write(&pos, &mv).unwrap().0;
    let back = resolve(&pos, lv.tokens(), ResolveOptions::default()).unwrap();
    assert_eq!(
        pos.after(&back.mv).unwrap().board(),
        pos.after(&mv).unwrap().board()
    );
}

/// The archive turn `f7e f6n g4w f5n` is written `Hw Hf6`, once one of the slowest
/// strings to resolve: the horse on f5 is beside the trap f6, held by a gold rabbit
/// (which may leave, or die when its friend the elephant leaves). The turn takes four
/// steps; `Hf6` alone is ambiguous.
#[test]
fn destination_beside_a_held_trap() {
    let pos: Position = "g [ rr rrm rc rrE ch  ddRh    DeH RR     Hr M    D  CRC R  R R  R  ]"
        .parse()
        .unwrap();
    let r = resolve_checked(&pos.to_string(), "f7e f6n g4w f5n", "Hw Hf6").unwrap();
    assert_eq!(r.steps, 4);
    let r = resolve_checked(&pos.to_string(), "f7e f6n g4w f5n", "Hf6").unwrap_err();
    assert!(matches!(r, IllegalLightvector::Ambiguous { .. }), "{r:?}");
}

/// Destinations on occupied traps along every turn of random small boards that ends a
/// piece on an occupied trap (destination tokens `Lt` for each letter and each
/// occupied trap `t`, and `Lst` through a square `s` the piece visited): the bound never
/// exceeds the steps the turn still takes. About 0.5 s.
#[test]
fn bound_is_admissible_for_destinations_on_held_traps() {
    let mut rng = Rng(seed(6174));
    let mut checked = 0;
    for _ in 0..400 {
        let n = 6 + rng.below(9);
        let pos = random_position(&mut rng, n, 4);
        let held: Vec<Square> = Square::TRAPS
            .into_iter()
            .filter(|&t| pos.board().piece_at(t).is_some())
            .collect();
        if held.is_empty() {
            continue;
        }
        let turns = all_turns(&pos);
        if turns.is_empty() || turns.len() > 60_000 {
            continue;
        }
        for turn in turns.iter().step_by(3) {
            let (hs, end) = histories(&pos, turn);
            for &t in &held {
                let Some(p) = end.piece_at(t) else {
                    continue;
                };
                let mut texts = vec![format!("{}{t}", p.char())];
                if let Some(h) = hs.iter().find(|h| h.path.last() == Some(&t) && !h.captured) {
                    let s = h.path[h.path.len() / 2];
                    texts.push(format!("{}{s}{t}", p.char()));
                }
                for text in texts {
                    let tokens = tokens_of(&[text.as_str()]);
                    if holds(&hs, &tokens) {
                        check_admissible_along(&pos, turn, &tokens);
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 50_000, "{checked}");
}

/// The first steps the search leaves out with two steps left (`Search::idle`): every
/// satisfying turn through one of them, played in the other order, is legal, may end,
/// and reaches the same board with the same paths and deaths (so the same tokens hold).
/// On random boards (sparse and dense, mid-turn included) and archive positions.
#[test]
fn idle_first_steps_commute_with_the_last() {
    use super::goals::Goals;
    use super::node::Node;
    use super::search::Search;
    let mut rng = Rng(seed(2027));
    let positions = two_step_positions(&mut rng);
    let (mut idle, mut pairs) = (0, 0);
    for pos in &positions {
        let turns = all_turns(pos);
        for _ in 0..6 {
            let Some(turn) = turns.get(rng.below(turns.len().max(1))) else {
                break;
            };
            let tokens = random_tokens(&mut rng, pos, turn);
            let goals = Goals::new(&tokens, pos.side_to_move());
            let root = Node::root(pos);
            let events = goals.events(&root);
            let (Some(last), None) = (events.last_squares(pos.board()), pos.pending_push()) else {
                continue;
            };
            for &s1 in pos.legal_steps().iter() {
                if Search::idle(&root, last, s1) {
                    idle += 1;
                    pairs += check_idle_commutes(pos, &tokens, s1);
                }
            }
        }
    }
    assert!(
        idle > 5000 && pairs > 2000,
        "{idle} idle steps, {pairs} turns"
    );
}

/// Positions with two steps left and no push under way: random boards (sparse and
/// dense) on a two-step turn and two steps into a four-step one, and every tenth
/// archive position under a step limit of two.
fn two_step_positions(rng: &mut Rng) -> Vec<Position> {
    let mut positions: Vec<Position> = Vec::new();
    for n in [8, 16, 28, 40] {
        for _ in 0..150 {
            positions.push(random_position(rng, n, 2));
            let mut p = random_position(rng, n, 4);
            for _ in 0..2 {
                let steps = p.legal_steps();
                if let Some(&s) = steps.get(rng.below(steps.len().max(1))) {
                    p.play_step_unchecked(s);
                }
            }
            if p.steps_left() == 2 && p.pending_push().is_none() {
                positions.push(p);
            }
        }
    }
    for mut p in archive_positions().into_iter().step_by(10) {
        if p.set_step_cap(2).is_ok() {
            positions.push(p);
        }
    }
    positions
}

/// What a turn does to each piece: where it started and ended, whether it was
/// captured, and the squares it visited; and the board it leaves.
type TurnFacts = (Vec<(Piece, Square, Square, bool, Vec<Square>)>, Board);

fn turn_facts(pos: &Position, turn: &[Step]) -> TurnFacts {
    let (hs, board) = histories(pos, turn);
    let mut f: Vec<_> = hs
        .into_iter()
        .map(|h| {
            let mut seen = h.path.clone();
            seen.sort_by_key(|s| s.index());
            seen.dedup();
            (h.piece, h.start, *h.path.last().unwrap(), h.captured, seen)
        })
        .collect();
    f.sort_by_key(|x| x.1.index());
    (f, board)
}

/// Every turn `s1 s2` that satisfies `tokens` after the idle first step `s1`, played as
/// `s2 s1`, is legal, may end, and does the same to every piece; returns how many
/// such turns there were.
fn check_idle_commutes(pos: &Position, tokens: &[Token], s1: Step) -> usize {
    let mut pairs = 0;
    let mut after = pos.clone();
    after.play_step_unchecked(s1);
    for &s2 in after.legal_steps().iter() {
        let mut end = after.clone();
        end.play_step_unchecked(s2);
        let (hs, _) = histories(pos, &[s1, s2]);
        if end.check_end_turn().is_err() || !holds(&hs, tokens) {
            continue;
        }
        pairs += 1;
        let what = format!("{pos:?} {tokens:?} {s1} {s2}");
        let mut other = pos.clone();
        assert!(other.play_step(s2).is_ok(), "{what}");
        assert!(other.play_step(s1).is_ok(), "{what}");
        assert!(other.check_end_turn().is_ok(), "{what}");
        assert_eq!(
            turn_facts(pos, &[s1, s2]),
            turn_facts(pos, &[s2, s1]),
            "{what}"
        );
        let (hs, _) = histories(pos, &[s2, s1]);
        assert!(holds(&hs, tokens), "{what}");
    }
    pairs
}

/// The one archive move whose writing ran out of the combination budget (400 then):
/// with 1,000 the search runs its course, and the string it keeps resolves to the move.
#[test]
fn writer_search_runs_its_course_on_the_budget_move() {
    let pos: Position = "s [ rr  rr rcrd mcrh    dE     r eh        RM DH H   R  RDRCCR RR  ]"
        .parse()
        .unwrap();
    let mv = Move::from_steps(&steps_of("f6s f7w f8s f5n")).unwrap();
    let report = super::Lightvector::from_move_detailed(&pos, &mv).unwrap();
    assert!(report.exhaustive, "{}", report.lightvector);
    let back = report.lightvector.to_move(&pos).unwrap();
    assert_eq!(
        pos.after(&back).unwrap().board(),
        pos.after(&mv).unwrap().board()
    );
}
