//! The fast goal search ([`Position::goal_move`]: the leaf rule [`goal_in_one`], steps
//! from bitboards) against the plain one ([`Position::plain_goal_move`]) on the archive
//! positions under every cap, the labelled endgames, and random positions in the middle
//! of a turn: the same fewest steps, and every fast answer replays to a goal.

use super::{any_step_of, promising_squares, root_order};
use super::{
    blocked_four_away, four_step_region, frozen_behind_enemy_pieces, frozen_rabbits, goal_in_one,
    goal_in_two, goal_lower_bound, goal_rabbits_within, immovable, path_bound, path_costs,
    path_region, paths_in_three, paths_within, push_completers, rabbit_within_reach, rank_band,
    squares_within_paths, steps_lowering_a_tighter_bound, steps_on_cheap_paths, three_step_region,
    to_go_layers, unfrozen_within_two_steps, walk_from_four_ranks, walk_from_three_ranks, walls,
    walls_in_three, walls_may_raise, walls_that_may_raise, PathLayers, Region,
};
use super::{
    closed_behind_a_friend, forward, ranks_within, region_in_four, steps_lowering_the_goal_bound,
    NoSlack,
};
use crate::tactics::test_data::{archive_positions, endgame_positions, random_position, Rng};
use crate::Bitboard;
use crate::{Color, Direction, Move, PieceKind, Position, Rank, Step, TurnState};

/// `pos` under a random cap with random legal steps played (enemy steps preferred, so
/// that pushes wait and pulls are available), as many as the cap allows but one.
fn random_state(rng: &mut Rng, pos: &Position) -> Position {
    let mut p = pos.clone();
    let cap = 1 + rng.below(4) as u8;
    p.set_step_cap(cap).expect("1-4");
    for _ in 0..rng.below(usize::from(cap)) {
        let steps = p.legal_steps();
        if steps.is_empty() {
            break;
        }
        let side = p.side_to_move();
        let enemy: Vec<_> = steps
            .iter()
            .filter(|s| p.board().piece_at(s.from).map(|q| q.color) != Some(side))
            .copied()
            .collect();
        let step = if !enemy.is_empty() && rng.below(2) == 0 {
            enemy[rng.below(enemy.len())]
        } else {
            steps[rng.below(steps.len())]
        };
        p.play_step(step).expect("a listed step is legal");
    }
    p
}

/// A random state of a turn for test `i`: from a random position, an archive position or
/// an endgame in turn, after random legal steps ([`random_state`]).
fn sample_state(rng: &mut Rng, i: usize, archive: &[Position], endgames: &[Position]) -> Position {
    let base = match i % 3 {
        0 => random_position(rng),
        1 => archive[rng.below(archive.len())].clone(),
        _ => endgames[rng.below(endgames.len())].clone(),
    };
    random_state(rng, &base)
}

/// The fast answer has the plain answer's length and replays to a goal; returns whether
/// there is one.
fn check(pos: &Position) -> bool {
    let fast = pos.goal_move();
    let plain = pos.plain_goal_move();
    assert_eq!(
        fast.as_ref().map(Move::len),
        plain.as_ref().map(Move::len),
        "{pos}: fast {fast:?}, plain {plain:?}"
    );
    let Some(mv) = fast else {
        return false;
    };
    assert_replays_to_goal(pos, &mv);
    true
}

/// Replays `path` from `pos` with the checked API and asserts that it ends the turn with a
/// rabbit of the mover on its goal rank.
fn assert_replays_to_goal(pos: &Position, path: &Move) {
    let after = pos
        .after(path)
        .unwrap_or_else(|e| panic!("{pos}: {path:?} replays: {e}"));
    assert!(
        after.board().rabbit_on_goal(pos.side_to_move()),
        "{pos}: {path:?}"
    );
}

fn with_cap(pos: &Position, cap: u8) -> Position {
    let mut p = pos.clone();
    p.set_step_cap(cap).expect("1-4 at the start of a turn");
    p
}

#[test]
fn fast_search_matches_the_plain_one_on_the_archive_under_every_cap() {
    let positions = archive_positions();
    let mut goals = [0usize; 5];
    for pos in &positions {
        for cap in 1..=4 {
            goals[usize::from(cap)] += usize::from(check(&with_cap(pos, cap)));
        }
    }
    eprintln!("archive: goals under caps 1-4: {:?}", &goals[1..]);
    // Fewer goals under smaller caps, and some under each.
    assert!(
        goals[1] > 0 && goals.windows(2).skip(1).all(|w| w[0] <= w[1]),
        "{goals:?}"
    );
}

#[test]
fn fast_search_matches_the_plain_one_on_the_endgames() {
    let positions = endgame_positions();
    let mut goals = 0;
    for pos in &positions {
        for cap in 1..=4 {
            goals += usize::from(check(&with_cap(pos, cap)));
        }
    }
    eprintln!("endgames: {goals} goals over caps 1-4");
    assert!(goals > 300, "{goals}");
}

#[test]
fn fast_search_matches_the_plain_one_mid_turn() {
    let mut rng = Rng(24);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let (mut goals, mut mid) = (0, 0);
    for i in 0..6000 {
        let pos = sample_state(&mut rng, i, &archive, &endgames);
        mid += usize::from(pos.steps_taken() > 0);
        goals += usize::from(check(&pos));
    }
    eprintln!("random states: {goals} goals, {mid} mid-turn of 6000");
    assert!(goals > 500 && mid > 2000, "{goals} goals, {mid} mid-turn");
}

/// Whether some `n` or fewer legal steps from `pos` end the turn with a goal (a plain
/// walk over the legal steps).
fn goal_within(pos: &Position, n: usize) -> bool {
    if pos.board().rabbit_on_goal(pos.side_to_move()) && pos.check_end_turn().is_ok() {
        return true;
    }
    n > 0
        && pos.legal_steps().iter().any(|&s| {
            let mut p = pos.clone();
            p.play_step(s).is_ok() && goal_within(&p, n - 1)
        })
}

/// The two-step rule alone: whenever it applies, it says what a walk of two steps finds,
/// and its steps replay to a goal.
#[test]
fn goal_in_two_matches_a_two_step_walk() {
    let mut rng = Rng(2);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let (mut decided, mut goals) = (0, 0);
    for i in 0..30_000 {
        let pos = sample_state(&mut rng, i, &archive, &endgames);
        let mut path = Move::EMPTY;
        let Some(found) = goal_in_two::<false>(pos.turn_state(), pos.turn_start_board(), &mut path)
        else {
            continue;
        };
        decided += 1;
        assert_eq!(found, goal_within(&pos, 2), "{pos}");
        if found {
            goals += 1;
            assert!((1..=2).contains(&path.len()), "{pos}: {path:?}");
            assert_replays_to_goal(&pos, &path);
        }
    }
    eprintln!("goal_in_two: decided {decided} of 30000 states, {goals} goals");
    assert!(decided > 5_000 && goals > 500, "{decided} {goals}");
}

/// Whether one or two legal steps from `state` end the turn with a goal, by play: every
/// legal step, then every legal step of the child (goal in one by play), each board asked
/// whether a rabbit of the mover stands on its goal rank and the turn may end. Returns
/// (in one, in two or fewer).
fn plain_goal_in_one_or_two(state: &TurnState, start: &crate::Board) -> (bool, bool) {
    let side = state.side_to_move();
    let ends = |s: &TurnState| s.board().rabbit_on_goal(side) && s.check_end_turn(start).is_ok();
    let children: Vec<TurnState> = if state.steps_left() == 0 {
        Vec::new()
    } else {
        state
            .legal_steps()
            .iter()
            .map(|&s| {
                let mut child = *state;
                child.play_step(s).expect("a listed step is legal");
                child
            })
            .collect()
    };
    let in_one = children.iter().any(ends);
    let in_two = in_one
        || children.iter().any(|child| {
            child.steps_left() > 0
                && child.legal_steps().iter().any(|&s| {
                    let mut next = *child;
                    next.play_step(s).expect("a listed step is legal");
                    ends(&next)
                })
        });
    (in_one, in_two)
}

/// [`goal_in_two`] (its direct pairs, [`rabbit_goal_in_two`](super::rabbit_goal_in_two), and the
/// pulls and pushes it plays) against [`plain_goal_in_one_or_two`] on the archive positions under
/// caps 2 and 4, the endgames under caps 2-4, every state one step into the endgames and into the
/// first 3,000 archive positions, and 30,000 random mid-turn states: wherever it applies,
/// the same answer, a goal in two only when there is none in one, and the steps replay
/// to a goal. Counts the goals in two by the case of their first step: the rabbit's own
/// step forward (a) or aside (b), the friend ahead stepping aside (c), another step
/// beside the rabbit (d), the end of a pull or a push's completion.
#[test]
fn goal_in_two_matches_every_step_then_goal_in_one_by_play() {
    let mut rng = Rng(31);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states: Vec<Position> = Vec::new();
    for pos in &archive {
        states.push(with_cap(pos, 2));
        states.push(pos.clone());
    }
    for pos in &endgames {
        for cap in 2..=4 {
            states.push(with_cap(pos, cap));
        }
    }
    states.extend(one_step_in(&endgames));
    states.extend(one_step_in(&archive[..3_000]));
    states.extend((0..30_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    let (mut decided, mut in_one, mut by_case) = (0, 0, [0usize; 5]);
    for pos in &states {
        let (state, start) = (pos.turn_state(), pos.turn_start_board());
        let mut path = Move::EMPTY;
        let Some(found) = goal_in_two::<false>(state, start, &mut path) else {
            continue;
        };
        decided += 1;
        let (one, two) = plain_goal_in_one_or_two(state, start);
        assert_eq!(found, two, "{pos}: {path:?}");
        if !found {
            continue;
        }
        assert_eq!(path.len(), if one { 1 } else { 2 }, "{pos}: {path:?}");
        assert_replays_to_goal(pos, &path);
        if one {
            in_one += 1;
            continue;
        }
        let (s1, s2) = (path.steps()[0], path.steps()[1]);
        let piece = pos.board().piece_at(s1.from).expect("a piece moves");
        let case = if piece.color != pos.side_to_move() {
            4
        } else if s1.to() == Some(s2.from) {
            usize::from(s1.dir != super::forward(pos.side_to_move()))
        } else if s2.to() == Some(s1.from) {
            2
        } else {
            3
        };
        by_case[case] += 1;
    }
    eprintln!(
        "goal_in_two against a walk by play: {decided} of {} states decided, {in_one} goals \
         in one, goals in two by case (a, b, c, d, pull or push): {by_case:?}",
        states.len()
    );
    assert!(
        decided > 30_000 && in_one > 500 && by_case[..4].iter().all(|&n| n > 10),
        "{decided} {in_one} {by_case:?}"
    );
}

/// [`goal_in_one_after`](super::goal_in_one_after) against the step played and
/// [`goal_in_one`] on the child, for every pull's end and every push's completion of the
/// states one step into the endgames and the first 3,000 archive positions, two steps
/// into the endgames, and 30,000 random mid-turn states, with a step left after it and no
/// rabbit of the mover on its goal rank now or at the turn's start: the same rabbit (the
/// same first goal step). Counts the steps compared, those with a capture, and the goals.
#[test]
fn goal_in_one_after_a_pull_or_a_push_matches_the_step_played() {
    let mut rng = Rng(37);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let first = one_step_in(&endgames);
    let mut states = one_step_in(&first);
    states.extend(first);
    states.extend(one_step_in(&archive[..3_000]));
    states.extend((0..30_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    let (mut compared, mut captures, mut goals) = (0, 0, 0);
    for pos in &states {
        let (state, start) = (pos.turn_state(), pos.turn_start_board());
        let (board, side) = (state.board(), state.side_to_move());
        if state.steps_left() < 2 || board.rabbit_on_goal(side) || start.rabbit_on_goal(side) {
            continue;
        }
        let near = board.pieces(PieceKind::Rabbit.of(side)) & rank_band(side, 1);
        let (steps, ours): (Vec<Step>, bool) = if let Some((to, _)) = state.pending_push() {
            let completers = push_completers(state, to).iter();
            (
                completers.filter_map(|sq| Step::between(sq, to)).collect(),
                true,
            )
        } else if let Some((to, _)) = state.pull_source() {
            let pulled = state.pullable().iter();
            (
                pulled.filter_map(|sq| Step::between(sq, to)).collect(),
                false,
            )
        } else {
            continue;
        };
        for step in steps {
            let mut child = *state;
            let effect = child.play_step_unchecked(step);
            let mut path = Move::EMPTY;
            let played = goal_in_one(&child, start, &mut path)
                .expect("it applies after the step")
                .then(|| path.steps()[0].from);
            let direct = if ours {
                super::goal_in_one_after::<true>(board, side, near, step)
            } else {
                super::goal_in_one_after::<false>(board, side, near, step)
            };
            assert_eq!(direct, played, "{pos}: {step}");
            compared += 1;
            captures += usize::from(effect.capture.is_some());
            goals += usize::from(played.is_some());
        }
    }
    eprintln!(
        "goal_in_one_after: {compared} pull ends and push completions compared, \
         {captures} with a capture, {goals} goals"
    );
    assert!(
        compared > 10_000 && captures > 100 && goals > 50,
        "{compared} {captures} {goals}"
    );
}

/// A case the sets above do not hold: the pull's end moves an enemy rabbit beside the
/// mover's frozen rabbit and captures its only freezer (a dog on c6, its last friend the
/// rabbit pulled from b6 to b7): the rabbit pulled freezes nothing, so the goal is in two
/// steps, by the pull's end alone (the cat that left b7 is frozen on a7).
#[test]
fn a_pulled_rabbit_beside_the_goal_rabbit_freezes_nothing() {
    let board = |rank7: &str| format!("[e       {rank7} rd     {}       E]", " ".repeat(32));
    let text = format!(
        "g {} steps 1/4 from {} pull Cb7",
        board("C R     "),
        board(" CR     ")
    );
    let pos: Position = text.parse().expect("a reachable state");
    let (state, start) = (pos.turn_state(), pos.turn_start_board());
    let pull = Step::new(crate::Square::B6, crate::Direction::North);
    let near = state.board().pieces(PieceKind::Rabbit.of(Color::Gold)) & rank_band(Color::Gold, 1);
    assert_eq!(
        super::goal_in_one_after::<false>(state.board(), Color::Gold, near, pull),
        Some(crate::Square::C7)
    );
    let mut path = Move::EMPTY;
    assert_eq!(
        goal_in_two::<false>(state, start, &mut path),
        Some(true),
        "{pos}"
    );
    assert_eq!(
        path.steps(),
        [pull, Step::new(crate::Square::C7, crate::Direction::North)]
    );
    assert!(check(&pos));
}

/// Whether the search tries `step` as a first step within `region` ([`any_step_of`]):
/// the first step of a push by the enemy piece's square, a simple step or a pull by the
/// square it leaves or enters.
fn in_region(pos: &Position, region: Region, s: Step) -> bool {
    let pushed = pos.board().piece_at(s.from).map(|q| q.color) != Some(pos.side_to_move())
        && pos.turn_state().pull_source().is_none_or(|(to, kind)| {
            s.to() != Some(to) || pos.board().piece_at(s.from).is_none_or(|q| q.kind >= kind)
        });
    if pushed {
        region.pushes.contains(s.from)
    } else {
        region.from.contains(s.from) || s.to().is_some_and(|to| region.into.contains(to))
    }
}

/// The rabbits a node with three steps to go hands to its rules past the straight walk,
/// as the search asks them: those of [`goal_rabbits_within`] (`goal_rabbits_of`), without
/// those three ranks away when none of them walks ([`walk_from_three_ranks`]); `None`
/// where the search decides before its rules (a rabbit three ranks away walks, or one
/// stands there with a push waiting) or no rabbit is left.
fn rabbits_past_the_walk(state: &TurnState) -> Option<Bitboard> {
    let (mut rabbits, _) = goal_rabbits_of(state, 3);
    let three = rabbits & rank_band(state.side_to_move(), 3);
    if three.any() {
        if state.pending_push().is_some() || walk_from_three_ranks(state, three).is_some() {
            return None;
        }
        rabbits ^= three;
    }
    rabbits.any().then_some(rabbits)
}

/// The rabbits past the straight walk at `pos` ([`rabbits_past_the_walk`]) and the first
/// steps a rule that tries its steps one by one gives there (each answered "no goal", so
/// that it gives them all, and then answers "no"), when the rule answers at `pos` and
/// `pos` has no goal within two steps (the premise of the rules with three to go);
/// `None` otherwise.
fn steps_given_where_asked(
    pos: &Position,
    rule: impl FnOnce(&TurnState, Bitboard, &mut dyn FnMut(Step) -> bool) -> Option<bool>,
) -> Option<(Bitboard, Vec<Step>)> {
    let state = pos.turn_state();
    let rabbits = rabbits_past_the_walk(state)?;
    let mut given = Vec::new();
    let answer = rule(state, rabbits, &mut |s| {
        given.push(s);
        false
    })?;
    assert!(!answer, "{pos}: a goal with every step answered no");
    (!goal_within(pos, 2)).then_some((rabbits, given))
}

/// What a rule that returns `(movers, open, pulled)` gives at `pos`, as the search asks
/// it (three steps to go, the rabbits of [`rabbits_past_the_walk`]).
struct SetsGiven {
    /// The rabbits handed to the rule.
    rabbits: Bitboard,
    /// The pieces the rule lets pull onto the pull's source square.
    pulled: Bitboard,
    /// The first steps the search tries: each mover's steps into the open squares beside
    /// it, then the pull's end for each pulled piece.
    steps: Vec<Step>,
}

/// The sets `rule` gives at `pos` ([`SetsGiven`]), when it answers there and `pos` has no
/// goal within two steps (the premise of the rules with three to go); `None` otherwise.
fn sets_given_where_asked(
    pos: &Position,
    rule: impl FnOnce(&TurnState, Bitboard) -> Option<(Bitboard, Bitboard, Bitboard)>,
) -> Option<SetsGiven> {
    let state = pos.turn_state();
    let rabbits = rabbits_past_the_walk(state)?;
    let (movers, open, pulled) = rule(state, rabbits)?;
    if goal_within(pos, 2) {
        return None;
    }
    let mut steps = Vec::new();
    for r in movers {
        for y in Bitboard::adjacent(r) & open {
            steps.extend(Step::between(r, y));
        }
    }
    if let Some((p, _)) = state.pull_source() {
        for x in pulled {
            steps.extend(Step::between(x, p));
        }
    }
    Some(SetsGiven {
        rabbits,
        pulled,
        steps,
    })
}

/// The first steps a rule gives at `pos` (a state with three steps to go and no goal in
/// fewer, the rule's premise), checked against every legal step played: each given step
/// is legal, no step left out begins a goal within two more (a plain walk), and some
/// given step does exactly when the plain search finds a goal. Returns the steps left
/// out and whether a goal was found.
fn check_given_steps(pos: &Position, given: &[Step]) -> (usize, bool) {
    let legal = pos.legal_steps();
    for s in given {
        assert!(
            legal.iter().any(|l| l == s),
            "{pos}: {s:?} given, not legal"
        );
    }
    let mut left_out = 0;
    let mut found = false;
    for &s in legal.iter() {
        let mut p = pos.clone();
        let goal = p.play_step(s).is_ok() && goal_within(&p, 2);
        if given.contains(&s) {
            found |= goal;
        } else {
            left_out += 1;
            assert!(!goal, "{pos}: {s:?} left out begins a goal");
        }
    }
    assert_eq!(found, pos.plain_goal_move().is_some(), "{pos}");
    (left_out, found)
}

/// The legal steps at `pos` that `wider` tries and `region` does not, each shown to
/// begin no goal within `left` more steps (the plain search after it); `f` sees each
/// first (to sort them by the rule that left it out). Returns how many there were.
fn check_left_out(
    pos: &Position,
    (region, wider): (Region, Region),
    left: usize,
    mut f: impl FnMut(Step),
) -> usize {
    let mut n = 0;
    for &s in pos.legal_steps().iter() {
        if in_region(pos, region, s) || !in_region(pos, wider, s) {
            continue;
        }
        n += 1;
        f(s);
        let mut p = pos.clone();
        assert!(
            !(p.play_step(s).is_ok() && p.plain_goal_move().is_some_and(|m| m.len() <= left)),
            "{pos}: {s:?} left out begins a goal"
        );
    }
    n
}

/// The three-step region alone ([`three_step_region`]) at one state whose fewest steps
/// are exactly three, of the rabbits the fast search passes (those that may end a goal in
/// three, [`goal_rabbits_within`]; some, as there is a goal): no first step outside it
/// begins a goal in two more (a plain walk), and some step inside it does; returns the
/// steps outside, those of them that leave a square beside an empty trap (the trap term
/// asks only the traps with a piece on them), those that leave a square beside an enemy
/// piece within two of a trap with no enemy piece on it (the pull term asks only the
/// traps with one), and whether rabbits were left out.
fn check_three_step_region(pos: &Position) -> (usize, usize, usize, bool) {
    let state = pos.turn_state();
    let (rabbits, asked) = goal_rabbits_of(state, 3);
    assert!(
        asked && rabbits.any(),
        "{pos}: no rabbit may end a goal in three"
    );
    let all = state
        .board()
        .pieces(PieceKind::Rabbit.of(state.side_to_move()));
    let region = three_step_region(state, pos.turn_start_board(), rabbits);
    let after = |s: Step| {
        let mut p = pos.clone();
        p.play_step(s).is_ok() && goal_within(&p, 2)
    };
    let (inside, outside): (Vec<Step>, Vec<Step>) = pos
        .legal_steps()
        .iter()
        .partition(|&&s| in_region(pos, region, s));
    for &s in &outside {
        assert!(!after(s), "{pos}: {s:?} outside the region begins a goal");
    }
    assert!(inside.into_iter().any(after), "{pos}");
    let empty_traps = Bitboard::TRAPS & !pos.board().occupied();
    let beside_empty = outside
        .iter()
        .filter(|s| empty_traps.neighbours().contains(s.from))
        .count();
    let enemy = pos.board().color(!pos.side_to_move());
    let other_traps = (Bitboard::TRAPS & !enemy).neighbours();
    let pullers = enemy.neighbours() & (other_traps | other_traps.neighbours());
    let near_no_enemy_trap = outside.iter().filter(|s| pullers.contains(s.from)).count();
    (
        outside.len(),
        beside_empty,
        near_no_enemy_trap,
        rabbits != all,
    )
}

/// The three-step rule on the states it is asked at: the archive positions under a cap
/// of three, every state one step into the turn of an endgame (three steps left), and
/// random states in the middle of a turn, wherever the fewest steps are exactly three;
/// and where three steps are left and no rabbit may end a goal in three (the search
/// stops there), the plain search finds none.
#[test]
fn a_goal_in_three_begins_in_the_three_step_region() {
    let mut rng = Rng(3);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states: Vec<Position> = archive.iter().map(|p| with_cap(p, 3)).collect();
    for pos in &endgames {
        for &s in pos.legal_steps().iter() {
            let mut p = pos.clone();
            if p.play_step(s).is_ok() {
                states.push(p);
            }
        }
    }
    states.extend((0..30_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    let (mut threes, mut cut, mut fewer, mut none) = (0, 0usize, 0, 0);
    let (mut beside_empty, mut near_no_enemy_trap) = (0, 0);
    for pos in &states {
        let fewest = pos.plain_goal_move().map(|m| m.len());
        if pos.steps_left() == 3 {
            let (rabbits, asked) = goal_rabbits_of(pos.turn_state(), 3);
            if asked && rabbits.is_empty() {
                assert!(fewest.is_none(), "{pos}: a goal in {fewest:?}");
                none += 1;
            }
        }
        if fewest == Some(3) {
            threes += 1;
            let (outside, empty_trap, no_enemy_trap, left_out) = check_three_step_region(pos);
            cut += outside;
            beside_empty += empty_trap;
            near_no_enemy_trap += no_enemy_trap;
            fewer += usize::from(left_out);
        }
    }
    eprintln!(
        "three_step_region: {} states, {threes} goals in three, {fewer} with rabbits left \
         out, {cut} first steps outside (none begins a goal; {beside_empty} of them beside \
         an empty trap, {near_no_enemy_trap} beside an enemy piece within two of a trap \
         with none); {none} states with three steps past the bounds where no rabbit may \
         end a goal in three (none has one)",
        states.len()
    );
    assert!(
        threes > 1_000
            && cut > 10_000
            && fewer > 10
            && none > 10
            && beside_empty > 100
            && near_no_enemy_trap > 100,
        "{threes} {cut} {fewer} {none} {beside_empty} {near_no_enemy_trap}"
    );
}

/// The leaf rule alone: whenever it applies, it says what a search of one step finds.
#[test]
fn goal_in_one_matches_a_one_step_search() {
    let mut rng = Rng(1);
    let mut decided = 0;
    for _ in 0..20_000 {
        let base = random_position(&mut rng);
        let pos = random_state(&mut rng, &base);
        let state = pos.turn_state();
        if state.steps_left() == 0 {
            continue;
        }
        let mut path = Move::EMPTY;
        let Some(found) = goal_in_one(state, pos.turn_start_board(), &mut path) else {
            continue;
        };
        decided += 1;
        let by_search = pos.legal_steps().iter().any(|&s| {
            let mut p = pos.clone();
            p.play_step(s).is_ok()
                && p.board().rabbit_on_goal(p.side_to_move())
                && p.check_end_turn().is_ok()
        });
        assert_eq!(found, by_search, "{pos}");
        if found {
            assert_replays_to_goal(&pos, &path);
        }
    }
    eprintln!("goal_in_one: decided {decided} of 20000 states");
    assert!(decided > 10_000, "{decided}");
}

/// [`path_region`] as the fourth round wrote it: rabbit by rabbit, file by file.
fn path_region_by_files(side: Color, rabbits: Bitboard, k: u8) -> Bitboard {
    let mut region = Bitboard::EMPTY;
    for d in 0..=k.min(7) {
        let ranks = (0..=d).fold(Bitboard::EMPTY, |b, e| b | rank_band(side, e));
        for r in rabbits & rank_band(side, d) {
            let spread = i16::from(k - d);
            let file = i16::from(r.index() & 7);
            let files = (0..8u8)
                .filter(|&f| (i16::from(f) - file).abs() <= spread)
                .fold(0u64, |b, f| b | (0x0101_0101_0101_0101u64 << f));
            region |= ranks & Bitboard(files);
        }
    }
    region
}

/// [`rank_band`] as the fifth round wrote it: from the goal rank by [`Rank`].
fn rank_band_by_rank(color: Color, d: u8) -> Bitboard {
    let goal = Rank::goal(color).index();
    let rank = match color {
        Color::Gold => goal.checked_sub(d),
        Color::Silver => goal.checked_add(d),
    };
    rank.and_then(Rank::new)
        .map_or(Bitboard::EMPTY, Bitboard::rank)
}

#[test]
fn rank_band_is_the_rank_d_from_the_goal() {
    for color in Color::ALL {
        for d in 0..=u8::MAX {
            assert_eq!(
                rank_band(color, d),
                rank_band_by_rank(color, d),
                "{color:?} {d}"
            );
        }
        assert_eq!(rank_band(color, 0), Bitboard::rank(Rank::goal(color)));
    }
}

#[test]
fn path_region_is_the_union_over_rabbits_and_files() {
    let mut rng = Rng(5);
    for _ in 0..20_000 {
        let rabbits = Bitboard((0..1 + rng.below(8)).fold(0u64, |b, _| b | 1 << rng.below(64)));
        let side = Color::ALL[rng.below(2)];
        let k = rng.below(9) as u8;
        assert_eq!(
            path_region(side, rabbits, k),
            path_region_by_files(side, rabbits, k),
            "{side:?} {rabbits:?} {k}"
        );
    }
}

/// The path bound with the walls of [`immovable`] never exceeds the fewest steps of the
/// plain search, for every number of steps to go from that many up to the steps left;
/// returns whether there is a goal, and counts in `cut` the states the walls alone
/// settle (no goal within the steps left).
fn check_walls(pos: &Position, cut: &mut usize) -> bool {
    let state = pos.turn_state();
    let left = state.steps_left();
    *cut += usize::from(
        path_bound(state, left, Bitboard::EMPTY) <= left
            && path_bound(state, left, immovable(state, left)) > left,
    );
    let Some(len) = pos.plain_goal_move().map(|m| m.len()) else {
        return false;
    };
    for k in len as u8..=state.steps_left() {
        let walls = immovable(state, k);
        let bound = path_bound(state, k, walls);
        assert!(
            usize::from(bound) <= len,
            "{pos}: {k} to go, walls {walls:?}, bound {bound}, fewest {len}"
        );
    }
    true
}

#[test]
fn walls_keep_the_path_bound_admissible() {
    let archive = archive_positions();
    let endgames = endgame_positions();
    let (mut goals, mut cut) = (0, 0);
    for pos in archive.iter().chain(&endgames) {
        for cap in 1..=4 {
            goals += usize::from(check_walls(&with_cap(pos, cap), &mut cut));
        }
    }
    let mut rng = Rng(25);
    let mut mid = 0;
    for i in 0..30_000 {
        let pos = sample_state(&mut rng, i, &archive, &endgames);
        mid += usize::from(pos.steps_taken() > 0);
        goals += usize::from(check_walls(&pos, &mut cut));
    }
    eprintln!(
        "walls: {goals} goals checked, {cut} states settled by the walls alone, \
         {mid} of 30000 random states mid-turn"
    );
    assert!(
        goals > 5_000 && cut > 1_000 && mid > 10_000,
        "{goals} {cut} {mid}"
    );
}

/// [`immovable`] by its definition, square by square: the enemy pieces not on a trap and
/// not movable by a pull under way with no piece of the mover stronger than them within
/// `k - 1 - d` (Manhattan distance), `d` the fewest ranks from a rabbit of the mover to its
/// goal; none when `d = 0` or `d + 2 > k`.
fn immovable_by_distance(state: &TurnState, k: u8) -> Bitboard {
    let side = state.side_to_move();
    let board = state.board();
    let rabbits = board.pieces(PieceKind::Rabbit.of(side));
    let Some(d) = (0..8u8).find(|&d| (rabbits & rank_band(side, d)).any()) else {
        return Bitboard::EMPTY;
    };
    if d == 0 || d + 2 > k {
        return Bitboard::EMPTY;
    }
    let mut walls = Bitboard::EMPTY;
    for e in board.color(!side) & !Bitboard::TRAPS & !state.pullable() {
        let kind = board.piece_at(e).expect("an enemy piece").kind;
        let stronger = board.stronger_than(side, kind);
        if stronger.iter().all(|p| p.distance(e) > k - 1 - d) {
            walls |= Bitboard::from_square(e);
        }
    }
    walls
}

/// [`immovable`] against [`immovable_by_distance`] for every number of steps to go (one
/// to four) on the archive, the endgames, 20,000 random positions, every state one step
/// after those, and 30,000 random mid-turn states: the same walls. Counts the states
/// with walls for four steps.
#[test]
fn immovable_is_its_definition() {
    fn check(state: &TurnState, walled: &mut usize) {
        for k in 1..=4 {
            assert_eq!(
                immovable(state, k),
                immovable_by_distance(state, k),
                "{:?}, {k} steps",
                state.board()
            );
        }
        *walled += usize::from(immovable(state, 4).any());
    }
    let mut walled = 0;
    for_each_sampled_state(&mut Rng(33), |state| check(state, &mut walled));
    eprintln!("immovable: {walled} states with walls for four steps");
    assert!(walled > 10_000, "{walled}");
}

/// [`goal_lower_bound`] against its definition rank by rank: 0 with a rabbit of the mover
/// on its goal rank, else the fewest over the ranks `d` holding its rabbits of `d` and the
/// extra steps of the band's least hindered rabbit (the push waiting if one is not
/// hindered, else one if one is not hindered by two, else two); `u8::MAX` with no rabbit
/// or when that fewest is more than 7 (`counted_back` drops such rabbits off the board).
/// On the archive, the endgames, 20,000 random positions, every state one step after
/// those, and 30,000 random mid-turn states. Counts the states by bound (0 to 4, more).
#[test]
fn goal_lower_bound_is_its_definition() {
    // `counts`: the states by bound (0 to 4, more), then those whose fewest count is
    // more than 7 (read as `u8::MAX`, `counted_back`).
    fn check(state: &TurnState, counts: &mut [usize; 7]) {
        let side = state.side_to_move();
        let rabbits = state.board().pieces(PieceKind::Rabbit.of(side));
        let bound = goal_lower_bound(state, frozen_rabbits(state.board(), side, rabbits));
        let push = u8::from(state.pending_push().is_some());
        let h = &bound.hindered;
        let fewest = if (rabbits & rank_band(side, 0)).any() {
            Some(0)
        } else {
            (1..8u8)
                .filter_map(|d| {
                    let band = rabbits & rank_band(side, d);
                    let extra = if (band & !h.one).any() {
                        push
                    } else if (band & !h.two).any() {
                        1
                    } else {
                        2
                    };
                    band.any().then_some(d + extra)
                })
                .min()
        };
        let by_ranks = fewest.filter(|&count| count <= 7).unwrap_or(u8::MAX);
        assert_eq!(bound.steps, by_ranks, "{:?}", state.board());
        counts[usize::from(bound.steps.min(5))] += 1;
        counts[6] += usize::from(fewest.is_some_and(|count| count > 7));
    }
    let mut counts = [0; 7];
    for_each_sampled_state(&mut Rng(34), |state| check(state, &mut counts));
    eprintln!("goal_lower_bound: states by bound 0-4 and above, then those above 7: {counts:?}");
    assert!(counts[..6].iter().all(|&n| n > 100), "{counts:?}");
    assert!(counts[6] > 0, "{counts:?}");
}

/// The sample of the tests of a rule against its definition: the archive's turn starts,
/// the endgames and 20,000 random positions from `rng`, each with the state after each of
/// its legal steps, then 30,000 random states from `rng` (mid-turn ones among them).
fn for_each_sampled_state(rng: &mut Rng, mut check: impl FnMut(&TurnState)) {
    for pos in &archive_endgames_and_randoms(rng) {
        for state in state_and_children(pos.turn_state()) {
            check(&state);
        }
    }
    let archive = archive_positions();
    let endgames = endgame_positions();
    for i in 0..30_000 {
        check(sample_state(rng, i, &archive, &endgames).turn_state());
    }
}

/// `state` and the state after each of its legal steps.
fn state_and_children(state: &TurnState) -> Vec<TurnState> {
    let mut states = vec![*state];
    for &step in state.legal_steps().iter() {
        let mut child = *state;
        child.play_step_unchecked(step);
        states.push(child);
    }
    states
}

/// [`walls_in_three`] against [`immovable`] for three steps on `state` and on every state
/// one legal step after it: a subset with the same [`path_bound`] for three steps. Counts
/// in `walled` the states with walls, in `settled` those whose bound the walls raise.
fn check_walls_in_three(state: &TurnState, walled: &mut usize, settled: &mut usize) {
    let mut check = |s: &TurnState| {
        let all = immovable(s, 3);
        let few = walls_in_three(s);
        assert_eq!(few & !all, Bitboard::EMPTY, "{:?}", s.board());
        let bound = path_bound(s, 3, all);
        assert_eq!(path_bound(s, 3, few), bound, "{:?}", s.board());
        *walled += usize::from(few.any());
        *settled += usize::from(bound > path_bound(s, 3, Bitboard::EMPTY));
    };
    for s in &state_and_children(state) {
        check(s);
    }
}

#[test]
fn walls_in_three_give_the_bound_of_immovable() {
    let archive = archive_positions();
    let endgames = endgame_positions();
    let (mut walled, mut settled) = (0, 0);
    for pos in archive.iter().chain(&endgames) {
        for cap in 1..=4 {
            check_walls_in_three(with_cap(pos, cap).turn_state(), &mut walled, &mut settled);
        }
    }
    let mut rng = Rng(26);
    let mut mid = 0;
    for i in 0..30_000 {
        let pos = sample_state(&mut rng, i, &archive, &endgames);
        mid += usize::from(pos.steps_taken() > 0);
        check_walls_in_three(pos.turn_state(), &mut walled, &mut settled);
    }
    eprintln!(
        "walls in three: {walled} states with walls, {settled} whose bound they raise, \
         {mid} of 30000 random states mid-turn"
    );
    assert!(
        walled > 10_000 && settled > 1_000 && mid > 10_000,
        "{walled} {settled} {mid}"
    );
}

/// The archive's turn starts, the endgames and 20,000 random positions from `rng`, the
/// sample of the two four-step tests.
fn archive_endgames_and_randoms(rng: &mut Rng) -> Vec<Position> {
    let mut out = archive_positions();
    out.extend(endgame_positions());
    out.extend((0..20_000).map(|_| random_position(rng)));
    out
}

/// The squares within `n` steps of `set`.
fn spread(set: Bitboard, n: usize) -> Bitboard {
    (0..n).fold(set, |s, _| s | s.neighbours())
}

/// The turn starts the narrowed [`four_step_region`] tests read: those of
/// [`archive_endgames_and_randoms`] (with `Rng(seed)`) and `randoms` random positions
/// more (the region is asked only at a turn's start). For each where `ask(state,
/// rabbits)` holds (`rabbits`: the mover's rabbits that may end a goal in four,
/// [`goal_rabbits_of`]) and the fewest steps are exactly four, calls `f(pos, rabbits,
/// region)` with the region [`four_step_region`] gives. Returns the number of turn starts
/// and of goals in four met.
fn for_each_goal_in_four(
    seed: u64,
    randoms: usize,
    ask: impl Fn(&TurnState, Bitboard) -> bool,
    mut f: impl FnMut(&Position, Bitboard, Region),
) -> (usize, usize) {
    let mut rng = Rng(seed);
    let mut turn_starts = archive_endgames_and_randoms(&mut rng);
    turn_starts.extend((0..randoms).map(|_| random_position(&mut rng)));
    let mut fours = 0;
    for pos in &turn_starts {
        let state = pos.turn_state();
        let (rabbits, _) = goal_rabbits_of(state, 4);
        if !ask(state, rabbits) || pos.plain_goal_move().map(|m| m.len()) != Some(4) {
            continue;
        }
        fours += 1;
        f(
            pos,
            rabbits,
            four_step_region(state, pos.turn_start_board(), rabbits),
        );
    }
    (turn_starts.len(), fours)
}

/// The four-step rule alone: where it restricts the first steps, no step it leaves out
/// begins a goal in three more (the plain search on every such child), and where the
/// fewest steps are exactly four, one of the steps it keeps does.
#[test]
fn a_goal_in_four_begins_where_the_tighter_bound_says() {
    let mut rng = Rng(4);
    let turn_starts = archive_endgames_and_randoms(&mut rng);
    let (mut restricted, mut fours, mut cut) = (0, 0, 0usize);
    for pos in &turn_starts {
        let (goal_rabbits, _) = goal_rabbits_of(pos.turn_state(), 4);
        let (from, to) = steps_lowering_a_tighter_bound(pos.turn_state(), 4, goal_rabbits, None);
        // The root's form: the costs and layers of the walls for four passed on (used
        // where they are the walls for three), the same sets.
        let state = pos.turn_state();
        let walls = walls(state, 4);
        let costs = path_costs(state, walls);
        let to_go = to_go_layers(state.side_to_move(), costs, 4);
        let known = PathLayers {
            walls,
            costs,
            to_go,
        };
        assert_eq!(
            steps_lowering_a_tighter_bound(state, 4, goal_rabbits, Some(&known)),
            (from, to),
            "{pos}"
        );
        if from == Bitboard::FULL {
            continue;
        }
        restricted += 1;
        let steps = pos.legal_steps();
        let kept = |s: &Step| from.contains(s.from) || s.to().is_some_and(|t| to.contains(t));
        let begins = |s: &Step| {
            let mut p = pos.clone();
            p.play_step(*s).is_ok() && p.plain_goal_move().is_some_and(|m| m.len() <= 3)
        };
        for s in steps.iter().filter(|s| !kept(s)) {
            assert!(!begins(s), "{pos}: {s:?} left out begins a goal");
            cut += 1;
        }
        if pos.plain_goal_move().map(|m| m.len()) == Some(4) {
            fours += 1;
            assert!(steps.iter().filter(|s| kept(s)).any(begins), "{pos}");
        }
    }
    eprintln!(
        "tighter bound: {restricted} restricted, {fours} goals in four, {cut} first steps \
         left out (none begins a goal)"
    );
    assert!(
        restricted > 1_000 && fours > 10 && cut > 10_000,
        "{restricted} {fours} {cut}"
    );
}

/// The rabbits that may end a goal in `k` at `state` ([`goal_rabbits_within`] with the
/// walls and goal bound the fast search reads), and whether the search gets that far (its
/// bounds for the whole position are at most `k`).
fn goal_rabbits_of(state: &TurnState, k: u8) -> (Bitboard, bool) {
    let side = state.side_to_move();
    let rabbits = state.board().pieces(PieceKind::Rabbit.of(side));
    let bound = goal_lower_bound(state, frozen_rabbits(state.board(), side, rabbits));
    let asked = bound.steps <= k && path_bound(state, k, walls(state, k)) <= k;
    (
        goal_rabbits_within(state, &bound, walls(state, k), k).0,
        asked,
    )
}

/// The four-step region ([`four_step_region`]) of the rabbits that may end a goal in four
/// ([`goal_rabbits_within`]), as the search asks it: where the fewest steps are exactly
/// four (at the start of a turn of four), no first step outside it begins a goal in three
/// more (the plain search on every such child), and some step inside it does; where no
/// rabbit may end a goal in four, the plain search finds none. Counts the first steps
/// outside that capture a piece of the mover (the region asks no trap term) and checks
/// the hand-made cases of [`a_capture_of_the_movers_piece_begins_no_goal_in_four`].
#[test]
fn every_goal_in_four_begins_in_the_four_step_region() {
    let mut rng = Rng(6);
    let turn_starts = archive_endgames_and_randoms(&mut rng);
    let (mut fours, mut restricted, mut cut, mut fewer, mut none) = (0, 0, 0usize, 0, 0);
    // The first steps outside that leave a square beside an empty trap (the trap term
    // asks only the traps with a piece on them), and those that leave a square beside an
    // enemy piece within two of a trap with no enemy piece on it (the pullers' term asks
    // only the traps with one).
    let (mut beside_empty, mut near_no_enemy_trap, mut captures) = (0, 0, 0);
    for pos in &turn_starts {
        let state = pos.turn_state();
        let (goal_rabbits, asked) = goal_rabbits_of(state, 4);
        let fewest = pos.plain_goal_move().map(|m| m.len());
        if goal_rabbits.is_empty() {
            assert!(fewest.is_none_or(|n| n > 4), "{pos}: a goal in {fewest:?}");
            none += usize::from(asked);
            continue;
        }
        if fewest != Some(4) {
            continue;
        }
        fours += 1;
        let all = state
            .board()
            .pieces(PieceKind::Rabbit.of(state.side_to_move()));
        fewer += usize::from(goal_rabbits != all & path_region(state.side_to_move(), all, 4));
        let region = four_step_region(state, pos.turn_start_board(), goal_rabbits);
        restricted += usize::from(region.from != Bitboard::FULL);
        let begins = |s: Step| {
            let mut p = pos.clone();
            p.play_step(s).is_ok() && p.plain_goal_move().is_some_and(|m| m.len() <= 3)
        };
        let (inside, outside): (Vec<Step>, Vec<Step>) = pos
            .legal_steps()
            .iter()
            .partition(|&&s| in_region(pos, region, s));
        let empty_traps = Bitboard::TRAPS & !pos.board().occupied();
        let enemy = pos.board().color(!state.side_to_move());
        let other_traps = (Bitboard::TRAPS & !enemy).neighbours();
        let pullers = enemy.neighbours() & (other_traps | other_traps.neighbours());
        for &s in &outside {
            assert!(!begins(s), "{pos}: {s:?} outside the region begins a goal");
            beside_empty += usize::from(empty_traps.neighbours().contains(s.from));
            near_no_enemy_trap += usize::from(pullers.contains(s.from));
            let mut p = pos.clone();
            let own = |p: &Position| p.board().color(state.side_to_move()).count();
            captures += usize::from(p.play_step(s).is_ok() && own(&p) < own(pos));
        }
        cut += outside.len();
        assert!(inside.into_iter().any(begins), "{pos}");
    }
    eprintln!(
        "four_step_region: {fours} goals in four, {restricted} restricted, {fewer} with \
         rabbits left out, {cut} first steps outside (none begins a goal; {beside_empty} of \
         them beside an empty trap, {near_no_enemy_trap} beside an enemy piece within two \
         of a trap with none, {captures} capture a piece of the mover); {none} turn starts \
         past the bounds where no rabbit may end a goal in four (none has one)"
    );
    assert!(
        fours > 300
            && restricted > 300
            && cut > 1_000
            && fewer > 10
            && none > 10
            && beside_empty > 100
            && near_no_enemy_trap > 100
            && captures > 100,
        "{fours} {restricted} {cut} {fewer} {none} {beside_empty} {near_no_enemy_trap} \
         {captures}"
    );
}

/// A goal in four whose first step is useful only by its capture of a piece of the
/// mover (the case [`four_step_region`]'s proof reads for its trap term, now gone): Gold's
/// rabbit on b7 is frozen by the dog on c7, which can be pushed only onto c6, where
/// Gold's rabbit stands with its last friend, the cat on c5 (the elephant on d7 is hemmed
/// in by silver rabbits, so it can push but not pull). The cat's step (to b5, c4 or d5)
/// captures the rabbit on c6; then the elephant pushes the dog onto c6 and Gold's rabbit
/// steps to b8. Every first step of a goal is the cat's, and as the proof says, the cat
/// stands in `Y` (three from b7): a capture by a step leaving a square outside `Y` begins
/// no goal in four ([`every_goal_in_four_begins_in_the_four_step_region`] counts them).
#[test]
fn a_capture_of_the_movers_piece_begins_no_goal_in_four() {
    let blank = " ".repeat(8);
    let diagram = format!("g [  rr     RdEr    rRr      C     {}]", blank.repeat(4));
    let pos: Position = diagram.parse().expect("a diagram");
    let sq = |s: &str| -> crate::Square { s.parse().expect("a square") };
    assert!(check(&pos), "{pos}: a goal");
    assert_eq!(pos.goal_move().map(|m| m.len()), Some(4), "{pos}");
    let begins = |s: Step| {
        let mut p = pos.clone();
        p.play_step(s).is_ok() && p.plain_goal_move().is_some_and(|m| m.len() <= 3)
    };
    let firsts: Vec<Step> = pos
        .legal_steps()
        .iter()
        .copied()
        .filter(|&s| begins(s))
        .collect();
    assert!(!firsts.is_empty(), "{pos}");
    for &s in &firsts {
        assert_eq!(s.from, sq("c5"), "{pos}: {s:?} begins a goal");
        let mut p = pos.clone();
        p.play_step(s).expect("legal");
        assert!(
            p.board().piece_at(sq("c6")).is_none(),
            "{pos}: {s:?} captures"
        );
    }
    let state = pos.turn_state();
    let (rabbits, _) = goal_rabbits_of(state, 4);
    let region = four_step_region(state, pos.turn_start_board(), rabbits);
    assert!(firsts.iter().all(|&s| in_region(&pos, region, s)), "{pos}");
}

/// The restricted frozen sets ([`frozen_rabbits`], `Board::frozen_among`) agree with
/// `Board::frozen` on their pieces, for both colours, on every state and every state one
/// step after it; counts the frozen pieces they find.
fn check_restricted_frozen(state: &TurnState, rabbits: &mut usize, others: &mut usize) {
    let mut check = |s: &TurnState| {
        let board = s.board();
        for side in [Color::Gold, Color::Silver] {
            let frozen = board.frozen(side);
            let own_rabbits = board.pieces(crate::PieceKind::Rabbit.of(side));
            let found = frozen_rabbits(board, side, own_rabbits);
            assert_eq!(found, frozen & own_rabbits, "{board:?}");
            *rabbits += found.count() as usize;
            for among in [
                Bitboard::FULL,
                !own_rabbits,
                board.occupied() & rank_band(side, 2),
            ] {
                let found = board.frozen_among(side, among);
                assert_eq!(found, frozen & among, "{board:?}");
                *others += found.count() as usize;
            }
        }
    };
    for s in &state_and_children(state) {
        check(s);
    }
}

#[test]
fn restricted_frozen_sets_agree_with_the_whole_one() {
    let archive = archive_positions();
    let endgames = endgame_positions();
    let (mut rabbits, mut others) = (0, 0);
    for pos in archive.iter().chain(&endgames) {
        check_restricted_frozen(pos.turn_state(), &mut rabbits, &mut others);
    }
    let mut rng = Rng(27);
    let mut mid = 0;
    for i in 0..30_000 {
        let pos = sample_state(&mut rng, i, &archive, &endgames);
        mid += usize::from(pos.steps_taken() > 0);
        check_restricted_frozen(pos.turn_state(), &mut rabbits, &mut others);
    }
    eprintln!(
        "restricted frozen: {rabbits} frozen rabbits, {others} other frozen pieces found, \
         {mid} of 30000 random states mid-turn"
    );
    assert!(
        rabbits > 10_000 && others > 10_000 && mid > 10_000,
        "{rabbits} {others} {mid}"
    );
}

/// The step set `any_step_of` builds (`step_set_with` given `Board::frozen_among` on the
/// squares it reads: the pieces asked and the squares beside the enemy ones among them)
/// equals the one given the whole frozen set, for random sets of pieces; counts the sets
/// where the restricted frozen set differs from the whole one.
fn check_step_set_reads(rng: &mut Rng, state: &TurnState, smaller: &mut usize) {
    let mut check = |s: &TurnState, pieces: Bitboard| {
        let board = s.board();
        let side = s.side_to_move();
        let frozen = board.frozen(side);
        let reads = pieces | (pieces & board.color(!side)).neighbours();
        let few = board.frozen_among(side, reads);
        assert_eq!(
            s.step_set_with(pieces, few),
            s.step_set_with(pieces, frozen),
            "{board:?} {pieces:?}"
        );
        *smaller += usize::from(few != frozen);
    };
    for s in &state_and_children(state) {
        let sparse = Bitboard(rng.next() & rng.next());
        let near = Bitboard(rng.next() & rng.next() & rng.next())
            .neighbours()
            .neighbours();
        for pieces in [Bitboard::FULL, sparse, near] {
            check(s, pieces);
        }
    }
}

#[test]
fn step_sets_from_the_frozen_set_they_read_agree() {
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut rng = Rng(28);
    let mut smaller = 0;
    for pos in archive.iter().chain(&endgames) {
        check_step_set_reads(&mut rng, pos.turn_state(), &mut smaller);
    }
    let mut mid = 0;
    for i in 0..30_000 {
        let pos = sample_state(&mut rng, i, &archive, &endgames);
        mid += usize::from(pos.steps_taken() > 0);
        check_step_set_reads(&mut rng, pos.turn_state(), &mut smaller);
    }
    eprintln!(
        "step sets from the frozen set they read: {smaller} sets with fewer frozen pieces, \
         {mid} of 30000 random states mid-turn"
    );
    assert!(smaller > 10_000 && mid > 10_000, "{smaller} {mid}");
}

/// The fast no-slack rule of the path bound ([`steps_on_cheap_paths`]) at `pos` for each
/// `k` up to its steps left where it applies (no push waiting, the path bound with the
/// walls of the fast search equal to `k`): no step from a square outside its set begins a
/// goal in `k` (the plain search on the child finds none in `k - 1`), and where the plain
/// search finds a goal in `k` at `pos`, a step inside does. Returns the states checked,
/// the steps outside and the goals found.
fn check_cheap_paths(pos: &Position) -> [usize; 3] {
    let state = pos.turn_state();
    let mut counts = [0; 3];
    if state.pending_push().is_some() {
        return counts;
    }
    let fewest = pos.plain_goal_move().map(|m| m.len());
    let children: Vec<(Step, Option<usize>)> = pos
        .legal_steps()
        .iter()
        .map(|&s| {
            let mut p = pos.clone();
            p.play_step(s).expect("a listed step is legal");
            (s, p.plain_goal_move().map(|m| m.len()))
        })
        .collect();
    for k in 1..=state.steps_left() {
        if path_bound(state, k, walls(state, k)) != k {
            continue;
        }
        // The rabbits the search passes: with four steps to go those that may end a goal
        // in four, else all.
        let rabbits = if k == 4 {
            goal_rabbits_of(state, 4).0
        } else {
            state
                .board()
                .pieces(PieceKind::Rabbit.of(state.side_to_move()))
        };
        let from = steps_on_cheap_paths(state, k, walls(state, k), rabbits);
        let begins = |n: &Option<usize>| n.is_some_and(|n| n < usize::from(k));
        counts[0] += 1;
        for (s, n) in &children {
            if !from.contains(s.from) {
                assert!(!begins(n), "{pos}: k = {k}, {s:?} outside begins a goal");
                counts[1] += 1;
            }
        }
        if fewest.is_some_and(|n| n <= usize::from(k)) {
            counts[2] += 1;
            assert!(
                children
                    .iter()
                    .any(|(s, n)| from.contains(s.from) && begins(n)),
                "{pos}: k = {k}"
            );
        }
    }
    counts
}

/// Every state one step into the turns of `positions` (each legal step played).
fn one_step_in(positions: &[Position]) -> Vec<Position> {
    let mut out = Vec::new();
    for pos in positions {
        for &s in pos.legal_steps().iter() {
            let mut p = pos.clone();
            p.play_step(s).expect("a listed step is legal");
            out.push(p);
        }
    }
    out
}

/// The sums over `states` of the three counts `check` returns for each.
fn sum_of_counts(states: &[Position], check: impl Fn(&Position) -> [usize; 3]) -> [usize; 3] {
    let mut counts = [0; 3];
    for pos in states {
        for (sum, c) in counts.iter_mut().zip(check(pos)) {
            *sum += c;
        }
    }
    counts
}

#[test]
fn a_goal_without_slack_in_the_path_bound_begins_on_a_cheap_path() {
    let mut rng = Rng(7);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states: Vec<Position> = archive_endgames_and_randoms(&mut rng);
    states.extend(archive.iter().map(|p| with_cap(p, 3)));
    states.extend(one_step_in(&endgames));
    states.extend((0..30_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    let [checked, outside, goals] = sum_of_counts(&states, check_cheap_paths);
    eprintln!(
        "cheap paths: {} states, {checked} (state, k) without slack, {goals} with a goal, \
         {outside} steps outside (none begins a goal)",
        states.len()
    );
    assert!(
        checked > 1_000 && goals > 100 && outside > 10_000,
        "{checked} {goals} {outside}"
    );
}

/// The fewest steps of [`path_bound`]'s count for the rabbit on `from` alone, by
/// relaxation over the squares (forward and sideways steps, entering costs of
/// [`path_costs`]); `u8::MAX` when no path reaches the goal rank.
fn path_count_by_relaxation(state: &TurnState, from: crate::Square, walls: Bitboard) -> u8 {
    let side = state.side_to_move();
    let [one, two, three] = path_costs(state, walls);
    let cost = |i: usize| {
        let b = Bitboard(1 << i);
        if (one & b).any() {
            1
        } else if (two & b).any() {
            2
        } else if (three & b).any() {
            3
        } else {
            u8::MAX
        }
    };
    let fwd = super::forward(side);
    let mut dist = [u8::MAX; 64];
    dist[from.index() as usize] = 0;
    for _ in 0..64 {
        let mut changed = false;
        for i in 0..64 {
            if dist[i] == u8::MAX {
                continue;
            }
            let b = Bitboard(1 << i);
            let next =
                b.shift(fwd) | b.shift(crate::Direction::East) | b.shift(crate::Direction::West);
            for j in next {
                let j = j.index() as usize;
                let d = dist[i].saturating_add(cost(j));
                if d < dist[j] {
                    dist[j] = d;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    rank_band(side, 0)
        .iter()
        .map(|sq| dist[sq.index() as usize])
        .min()
        .unwrap_or(u8::MAX)
}

/// [`squares_within_paths`] per rabbit against a relaxation over the squares, and the
/// fewest over the rabbits against [`path_bound`], for `k` from one to four with the walls
/// of the fast search, on the archive and endgame turn starts and 30,000 random states.
#[test]
fn squares_within_paths_give_each_rabbits_path_count() {
    let mut rng = Rng(9);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states: Vec<Position> = archive.iter().chain(&endgames).cloned().collect();
    states.extend((0..30_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    let (mut within, mut outside) = (0, 0);
    for pos in &states {
        let state = pos.turn_state();
        let side = state.side_to_move();
        let rabbits = state.board().pieces(PieceKind::Rabbit.of(side));
        for k in 1..=4 {
            let walls = walls(state, k);
            let squares = squares_within_paths(state, k, walls);
            for r in rabbits {
                let count = path_count_by_relaxation(state, r, walls);
                assert_eq!(squares.contains(r), count <= k, "{pos}: {r} k = {k}");
                within += usize::from(count <= k);
                outside += usize::from(count > k);
            }
            let fewest = path_bound(state, k, walls);
            assert_eq!((rabbits & squares).any(), fewest <= k, "{pos}: k = {k}");
        }
    }
    eprintln!(
        "squares within paths: {} states, {within} rabbits within, {outside} outside",
        states.len()
    );
    assert!(within > 10_000 && outside > 100_000, "{within} {outside}");
}

/// The goal bound's no-slack rule with three steps to go as the fast search asks it
/// ([`steps_lowering_the_goal_bound`] for the rabbits whose path count is at most three)
/// at `pos` when it applies (three steps left, no push waiting, the goal bound three): no
/// step it leaves out begins a goal in three (the plain search on the child finds none in
/// two), and where the plain search finds a goal in three a kept step begins one. Returns
/// whether it applied, the steps left out and whether there was a goal.
fn check_goal_bound_in_three(pos: &Position) -> [usize; 3] {
    let state = pos.turn_state();
    let side = state.side_to_move();
    let rabbits = state.board().pieces(PieceKind::Rabbit.of(side));
    let bound = goal_lower_bound(state, frozen_rabbits(state.board(), side, rabbits));
    if state.steps_left() != 3 || state.pending_push().is_some() || bound.steps != 3 {
        return [0; 3];
    }
    let near = rabbits & squares_within_paths(state, 3, walls(state, 3));
    let kept = |s: &Step| match steps_lowering_the_goal_bound(state, &bound, 3, near) {
        NoSlack::Forward(r) => r.contains(s.from) && s.dir == super::forward(side),
        NoSlack::Touching { from, to } => {
            from.contains(s.from) || s.to().is_some_and(|t| to.contains(t))
        }
    };
    let begins = |s: &Step| {
        let mut p = pos.clone();
        p.play_step(*s).is_ok() && p.plain_goal_move().is_some_and(|m| m.len() <= 2)
    };
    let steps = pos.legal_steps();
    let mut out = 0;
    for s in steps.iter().filter(|s| !kept(s)) {
        assert!(!begins(s), "{pos}: {s:?} left out begins a goal");
        out += 1;
    }
    let goal = pos.plain_goal_move().is_some_and(|m| m.len() <= 3);
    if goal {
        assert!(steps.iter().filter(|s| kept(s)).any(begins), "{pos}");
    }
    [1, out, usize::from(goal)]
}

#[test]
fn a_goal_without_slack_in_the_goal_bound_moves_a_rabbit_within_its_paths() {
    let mut rng = Rng(11);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states: Vec<Position> = archive.iter().map(|p| with_cap(p, 3)).collect();
    states.extend(one_step_in(&archive));
    states.extend(one_step_in(&endgames));
    states.extend((0..30_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    let [checked, outside, goals] = sum_of_counts(&states, check_goal_bound_in_three);
    eprintln!(
        "goal bound in three: {} states, {checked} without slack, {goals} with a goal, \
         {outside} steps left out (none begins a goal)",
        states.len()
    );
    assert!(
        checked > 1_000 && goals > 100 && outside > 10_000,
        "{checked} {goals} {outside}"
    );
}

/// The two-step rule where a pull is under way (its last part tries the pull's end), on
/// every endgame one step in and on random mid-turn states: what a walk of two steps
/// finds, and every end of the pull after which one step is a goal leaves a rabbit of
/// the mover one rank from its goal (the rule asks none when there is none).
#[test]
fn goal_in_two_with_a_pull_under_way_matches_a_two_step_walk() {
    let mut rng = Rng(11);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states = one_step_in(&endgames);
    states.extend((0..30_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    let (mut decided, mut goals, mut pulled) = (0, 0, 0);
    for pos in states {
        let state = pos.turn_state();
        let Some((to, _)) = state.pull_source() else {
            continue;
        };
        let start = pos.turn_start_board();
        let mut path = Move::EMPTY;
        let Some(found) = goal_in_two::<false>(state, start, &mut path) else {
            continue;
        };
        decided += 1;
        assert_eq!(found, goal_within(&pos, 2), "{pos}");
        goals += usize::from(found);
        let side = state.side_to_move();
        let near = state.board().pieces(PieceKind::Rabbit.of(side)) & rank_band(side, 1);
        for sq in state.pullable() {
            let step = Step::between(sq, to).expect("a pullable piece stands beside");
            let mut child = *state;
            child.play_step_unchecked(step);
            let mut goal = Move::EMPTY;
            if goal_in_one(&child, start, &mut goal) == Some(true) {
                pulled += 1;
                assert!(near.any(), "{pos}: {step}");
            }
        }
    }
    eprintln!("goal_in_two with a pull under way: {decided} decided, {goals} goals, {pulled} goals after the pull's end");
    assert!(
        decided > 1_000 && goals > 50 && pulled > 10,
        "{decided} {goals} {pulled}"
    );
}

/// Where [`walls_may_raise`] says no, the path bound with the walls of [`walls`] is the
/// bound without them: on the archive under every cap, the endgames, 20,000 random
/// positions, every state one step after those, and 30,000 random mid-turn states.
/// Counts the states with walls and how many the rule settles.
#[test]
fn walls_raise_no_path_bound_near_the_nearest_rank() {
    fn check(state: &TurnState, walled: &mut usize, settled: &mut usize) {
        let left = state.steps_left();
        let walls = walls(state, left);
        if walls.is_empty() {
            return;
        }
        *walled += 1;
        let side = state.side_to_move();
        let rabbits = state.board().pieces(PieceKind::Rabbit.of(side));
        let passing = path_bound(state, left, Bitboard::EMPTY);
        if !walls_may_raise(passing, side, rabbits) {
            *settled += 1;
            assert_eq!(
                path_bound(state, left, walls),
                passing,
                "{:?}",
                state.board()
            );
        }
    }
    let mut rng = Rng(12);
    let (mut walled, mut settled) = (0, 0);
    let mut positions = archive_endgames_and_randoms(&mut rng);
    for cap in 1..4 {
        positions.extend(archive_positions().iter().map(|p| with_cap(p, cap)));
    }
    for pos in &positions {
        for state in state_and_children(pos.turn_state()) {
            check(&state, &mut walled, &mut settled);
        }
    }
    let archive = archive_positions();
    let endgames = endgame_positions();
    for i in 0..30_000 {
        check(
            sample_state(&mut rng, i, &archive, &endgames).turn_state(),
            &mut walled,
            &mut settled,
        );
    }
    eprintln!("walls_may_raise: {walled} states with walls, {settled} settled");
    assert!(settled > 1_000, "{walled} {settled}");
}

/// [`walls_that_may_raise`] (the root's walls with four steps left) is
/// [`immovable_near_goal`](super::immovable_near_goal) for four where [`walls_may_raise`]
/// says yes for the path bound without walls, and no walls otherwise; where it leaves
/// walls out, the path bound with them is the one without, and the fast goal query (which
/// passes no walls on then) answers as the plain one does, its answers replayed. On the
/// archive, the endgames and 20,000 random positions (four steps left), each with its
/// path bound as given and with a bound of `u8::MAX`. Counts the positions where walls are
/// kept, left out, and the goals among the latter.
#[test]
fn the_root_keeps_the_walls_only_where_they_may_raise_the_bound() {
    let mut rng = Rng(73);
    let (mut kept, mut left_out, mut goals) = (0, 0, 0);
    for pos in &archive_endgames_and_randoms(&mut rng) {
        let state = pos.turn_state();
        assert_eq!(state.steps_left(), 4, "{pos}");
        let side = state.side_to_move();
        let rabbits = state.board().pieces(PieceKind::Rabbit.of(side));
        let all = super::immovable_near_goal(state, 4);
        assert_eq!(walls_that_may_raise(state, u8::MAX), all, "{pos}");
        let passing = path_bound(state, 4, Bitboard::EMPTY);
        let walls = walls_that_may_raise(state, passing);
        if walls_may_raise(passing, side, rabbits) {
            assert_eq!(walls, all, "{pos}");
            kept += usize::from(all.any());
        } else {
            assert_eq!(walls, Bitboard::EMPTY, "{pos}");
            if all.any() {
                left_out += 1;
                assert_eq!(path_bound(state, 4, all), passing, "{pos}");
                goals += usize::from(check(pos));
            }
        }
    }
    eprintln!("root walls: {kept} kept, {left_out} left out ({goals} goals there)");
    assert!(
        kept > 1_500 && left_out > 4_000 && goals > 3_000,
        "{kept} {left_out} {goals}"
    );
}

/// Where [`rabbit_within_reach`] says no or [`blocked_four_away`] says yes with four
/// steps left (the first exits of [`Position::goal_move`]), the plain search finds no
/// goal and the fast answer is `None`; where [`blocked_four_away`] says yes, whatever
/// the steps left, the path bound for four without walls exceeds four; and the fast
/// query's empty move (asked only when its path bound is 0) is the plain one's. On the
/// archive under caps 4 to 1, the endgames under every cap, every state one step into the
/// archive and the endgames, and 30,000 random mid-turn states. Counts the states each
/// exit settles and the empty moves.
#[test]
fn the_first_exits_find_no_goal() {
    fn check(pos: &Position, settled: &mut [usize; 2], empty: &mut usize) {
        let state = pos.turn_state();
        let plain = pos.plain_goal_move();
        let fast = pos.goal_move();
        if !rabbit_within_reach(state) {
            settled[0] += 1;
            assert!(plain.is_none() && fast.is_none(), "{pos}: {plain:?}");
        } else if blocked_four_away(state) {
            assert!(
                path_bound(state, 4, Bitboard::EMPTY) > 4,
                "{pos}: blocked four away"
            );
            if state.steps_left() == 4 {
                settled[1] += 1;
                assert!(plain.is_none() && fast.is_none(), "{pos}: {plain:?}");
            }
        }
        let plain_empty = plain.is_some_and(|m| m.is_empty());
        *empty += usize::from(plain_empty);
        assert_eq!(
            fast.is_some_and(|m| m.is_empty()),
            plain_empty,
            "{pos}: fast {fast:?}, plain {plain:?}"
        );
    }
    let archive = archive_positions();
    let endgames = endgame_positions();
    let (mut settled, mut empty) = ([0; 2], 0);
    let mut states = 0;
    for pos in archive.iter().chain(&endgames) {
        for cap in (1..=4).rev() {
            check(&with_cap(pos, cap), &mut settled, &mut empty);
            states += 1;
        }
        for &step in &pos.legal_steps() {
            let mut child = pos.clone();
            child.play_step(step).expect("a listed step is legal");
            check(&child, &mut settled, &mut empty);
            states += 1;
        }
    }
    let mut rng = Rng(31);
    for i in 0..30_000 {
        check(
            &sample_state(&mut rng, i, &archive, &endgames),
            &mut settled,
            &mut empty,
        );
        states += 1;
    }
    // A piece on a trap straight ahead costs one (it may be captured): the gold rabbit on
    // c4 with a silver cat on c6 (its friend on d6) is not blocked, its path count is four
    // (none of the sets above has such a column).
    let pos: Position = "g [e                 cd              R                            E]"
        .parse()
        .expect("a position");
    assert!(!blocked_four_away(pos.turn_state()));
    assert_eq!(path_bound(pos.turn_state(), 4, Bitboard::EMPTY), 4);
    eprintln!(
        "first exits: of {states} states, {} without a rabbit within reach, {} blocked four \
         away with four steps left; {empty} empty moves",
        settled[0], settled[1]
    );
    assert!(
        settled[0] > 10_000 && settled[1] > 1_000 && empty > 0,
        "{settled:?} {empty}"
    );
}

/// [`paths_in_three`] against [`path_bound`] for three steps, with the walls the fast
/// search reads ([`walls_in_three`]) and with none: the same bound, and when it has the
/// layers (exactly when the bound is at least one and some rabbit is within three ranks),
/// the costs of [`path_costs`] and the layers of [`to_go_layers`] up to three; and
/// [`paths_within`] for four the same against [`path_bound`] for four, its layers up to
/// three those for three (the root's, read by its pass of three steps). Counts the
/// states with layers for three, by bound (1, 2, 3, above three).
fn check_paths_in_three(state: &TurnState, counts: &mut [usize; 4]) {
    for walls in [walls_in_three(state), Bitboard::EMPTY] {
        let (passing, layers) = paths_in_three(state, walls);
        assert_eq!(passing, path_bound(state, 3, walls), "{:?}", state.board());
        let side = state.side_to_move();
        let rabbits = state.board().pieces(PieceKind::Rabbit.of(side));
        let within = rank_band(side, 1) | rank_band(side, 2) | rank_band(side, 3);
        assert_eq!(
            layers.is_some(),
            passing > 0 && (rabbits & within).any(),
            "{:?}",
            state.board()
        );
        if let Some(l) = &layers {
            let costs = path_costs(state, walls);
            assert_eq!(l.walls, walls);
            assert_eq!(l.costs, costs);
            assert_eq!(l.to_go[..4], to_go_layers(side, costs, 3)[..4]);
            counts[usize::from(passing.min(4)) - 1] += 1;
        }
        // For four steps (the root's): the same bound, and layers up to three that are
        // those for three when both have them.
        let (four, layers4) = paths_within(state, 4, walls);
        assert_eq!(four, path_bound(state, 4, walls), "{:?}", state.board());
        if let Some(l4) = &layers4 {
            let costs = path_costs(state, walls);
            assert_eq!(l4.costs, costs);
            assert_eq!(l4.to_go, to_go_layers(side, costs, 4));
        }
        if let (Some(l3), Some(l4)) = (&layers, &layers4) {
            assert_eq!(l3.to_go[..4], l4.to_go[..4]);
            assert_eq!(
                if four <= 3 { four } else { u8::MAX },
                passing,
                "{:?}",
                state.board()
            );
        }
    }
}

/// [`PathLayers::in_three_with`] and [`PathLayers::with_walls`] for four against the
/// costs and layers computed for their walls: from the layers of [`paths_within`] for four
/// (the root's) with no walls, the walls of [`walls`] for four and those for three,
/// derived for each of these walls: the costs of [`path_costs`] and the layers of
/// [`to_go_layers`] up to three, and up to four; and the bound read from those for four
/// is [`paths_within`]'s with those walls. Counts the derivations to other walls.
fn check_in_three_with(state: &TurnState, derived: &mut usize) {
    let side = state.side_to_move();
    let sets = [Bitboard::EMPTY, walls(state, 4), walls_in_three(state)];
    for from in sets {
        let (_, layers4) = paths_within(state, 4, from);
        let Some(l4) = layers4 else {
            continue;
        };
        for to in sets {
            let l = l4.in_three_with(side, to);
            let costs = path_costs(state, to);
            assert_eq!(l.walls, to);
            assert_eq!(l.costs, costs, "{:?}", state.board());
            assert_eq!(
                l.to_go[..4],
                to_go_layers(side, costs, 3)[..4],
                "{:?}",
                state.board()
            );
            let l = l4.with_walls(side, to, 4);
            assert_eq!(l.walls, to);
            assert_eq!(l.costs, costs);
            assert_eq!(l.to_go, to_go_layers(side, costs, 4), "{:?}", state.board());
            let rabbits = state.board().pieces(PieceKind::Rabbit.of(side));
            assert_eq!(l.path_bound(rabbits, 4), paths_within(state, 4, to).0);
            *derived += usize::from(to != from);
        }
    }
}

#[test]
fn paths_in_three_give_the_path_bound_in_three() {
    let mut rng = Rng(27);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut counts = [0; 4];
    let mut derived = 0;
    let starts = archive_endgames_and_randoms(&mut rng);
    for pos in starts.iter().chain(&one_step_in(&endgames)) {
        for state in &state_and_children(pos.turn_state()) {
            check_paths_in_three(state, &mut counts);
            check_in_three_with(state, &mut derived);
        }
    }
    for i in 0..30_000 {
        let pos = sample_state(&mut rng, i, &archive, &endgames);
        check_paths_in_three(pos.turn_state(), &mut counts);
        check_in_three_with(pos.turn_state(), &mut derived);
    }
    eprintln!("paths_in_three: states with layers by bound 1, 2, 3, above: {counts:?}");
    eprintln!("PathLayers::in_three_with: {derived} derivations to other walls");
    assert!(counts.iter().all(|&n| n > 1_000), "{counts:?}");
    assert!(derived > 1_000, "{derived}");
}

/// [`goal_in_two`] where a push waits for its second step ([`goal_after_push`]): on every
/// state one and two steps into the endgames and one step into the first 2,000 archive
/// positions, and on 30,000 random mid-turn states, each with a push waiting: decided
/// whenever two steps are left and no rabbit of the mover stands on its goal rank now or
/// stood there when the turn started, with what a walk of two steps finds, and its steps
/// replay to a goal; and on each, the completions [`push_completers`] gives (which the
/// fast search tries directly while a push waits) are the legal steps. Counts the states
/// with a push waiting, those decided and the goals.
#[test]
fn goal_in_two_with_a_push_waiting_matches_a_two_step_walk() {
    fn check(pos: &Position, [completed, decided, goals]: &mut [usize; 3]) {
        let state = pos.turn_state();
        let Some((to, _)) = state.pending_push() else {
            return;
        };
        // The completions tried directly are the legal steps.
        let mut direct: Vec<Step> = push_completers(state, to)
            .iter()
            .map(|sq| Step::between(sq, to).expect("beside"))
            .collect();
        let mut legal: Vec<Step> = state.legal_steps().iter().copied().collect();
        direct.sort_by_key(|s| (s.from, s.dir));
        legal.sort_by_key(|s| (s.from, s.dir));
        assert_eq!(direct, legal, "{pos}");
        *completed += 1;
        if state.steps_left() < 2 {
            return;
        }
        let side = state.side_to_move();
        let start = pos.turn_start_board();
        let mut path = Move::EMPTY;
        let found = goal_in_two::<false>(state, start, &mut path);
        if state.board().rabbit_on_goal(side) || start.rabbit_on_goal(side) {
            return;
        }
        let found = found.unwrap_or_else(|| panic!("{pos}: undecided"));
        *decided += 1;
        assert_eq!(found, goal_within(pos, 2), "{pos}");
        if found {
            *goals += 1;
            assert_eq!(path.len(), 2, "{pos}: {path:?}");
            assert_replays_to_goal(pos, &path);
        }
    }
    let mut rng = Rng(28);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut counts = [0; 3];
    let mut states = one_step_in(&archive[..2_000]);
    for pos in one_step_in(&endgames) {
        for &s in pos.legal_steps().iter() {
            let mut p = pos.clone();
            p.play_step(s).expect("a listed step is legal");
            check(&p, &mut counts);
        }
        states.push(pos);
    }
    states.extend((0..30_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    for pos in &states {
        check(pos, &mut counts);
    }
    let [completed, decided, goals] = counts;
    eprintln!(
        "goal_in_two with a push waiting: {completed} states with a push waiting, \
         {decided} decided, {goals} goals"
    );
    assert!(
        completed > 10_000 && decided > 5_000 && goals > 100,
        "{completed} {decided} {goals}"
    );
}

/// The fast search against the plain one where a push waits with three steps left (the
/// fast search tries the completions directly, [`push_completers`]): every state one step
/// into the archive positions and the endgames that has a push waiting. Counts the
/// states, those with two completions or more, and the goals.
#[test]
fn fast_search_matches_the_plain_one_with_a_push_waiting() {
    let archive = archive_positions();
    let endgames = endgame_positions();
    let (mut states, mut several, mut goals) = (0, 0, 0);
    for pos in archive.iter().chain(&endgames) {
        for &s in pos.legal_steps().iter() {
            let mut p = pos.clone();
            p.play_step(s).expect("a listed step is legal");
            let Some((to, _)) = p.pending_push() else {
                continue;
            };
            states += 1;
            several += usize::from(push_completers(p.turn_state(), to).count() > 1);
            goals += usize::from(check(&p));
        }
    }
    eprintln!(
        "a push waiting: {states} states one step in, {several} with two completions or \
         more, {goals} goals"
    );
    assert!(
        states > 10_000 && several > 1_000 && goals > 100,
        "{states} {several} {goals}"
    );
}

/// A push waiting whose goal needs a completion other than the first one
/// [`push_completers`] lists, three and two steps from the goal: Gold's rabbit on d6 (d7)
/// reaches d8 only if the elephant on d7 (d8) completes the push of the rabbit from e7
/// (e8) to f7 (f8), leaving the rabbit's path; the camel on e6 (e7), listed first,
/// completes it too but leaves the elephant in the way, one step more. Trying only the
/// first completion (in the search, or in [`goal_after_push`]) fails this test.
#[test]
fn a_goal_through_the_second_push_completion() {
    let blank = " ".repeat(8);
    for (rows_above, from, to, first, steps) in [(1, "e7", "f7", "e6", 3), (0, "e8", "f8", "e7", 2)]
    {
        let diagram = format!(
            "g [{}   Er      RM   {}]",
            blank.repeat(rows_above),
            blank.repeat(6 - rows_above)
        );
        let mut pos: Position = diagram.parse().expect("a diagram");
        let sq = |s: &str| -> crate::Square { s.parse().expect("a square") };
        pos.play_step(Step::between(sq(from), sq(to)).expect("adjacent"))
            .expect("the elephant or the camel pushes the rabbit");
        let (empty, _) = pos.pending_push().expect("a push waits");
        let completers: Vec<_> = push_completers(pos.turn_state(), empty).iter().collect();
        assert_eq!(completers.len(), 2, "{pos}");
        assert_eq!(completers[0], sq(first), "{pos}");
        assert!(check(&pos), "{pos}: a goal");
        let mv = pos.goal_move().expect("checked");
        assert_eq!(mv.len(), steps, "{pos}: {mv:?}");
        assert_ne!(mv.steps()[0].from, sq(first), "{mv:?}");
    }
}

/// [`ranks_within`](super::ranks_within) (read from a table) against its definition: the
/// union of the bands of [`rank_band`] from the goal rank to `d` ranks from it, for every
/// `d` (every square from `d = 7` on).
#[test]
fn ranks_within_is_the_union_of_the_bands() {
    for color in Color::ALL {
        for d in 0..=u8::MAX {
            let bands = (0..=d.min(7)).fold(Bitboard::EMPTY, |b, e| b | rank_band(color, e));
            assert_eq!(super::ranks_within(color, d), bands, "{color:?} {d}");
        }
        assert_eq!(super::ranks_within(color, 7), Bitboard::FULL);
    }
}

/// [`three_step_region`]'s narrower sets against the wider ones they replaced: the
/// squares entered three from a rabbit one rank away, kept only beside a piece of its
/// `H` (the mover's pieces beside an empty square beside such a rabbit with the square
/// ahead empty), where all of them were (`P`); and the enemy pieces whose pushes are
/// tried, those of its `Q`, where all within two of such a rabbit were (`L`); and its
/// `C`, the squares within one of the square ahead of a rabbit two ranks away or of a
/// frozen one, where those within one of every such rabbit were; and its `F` and `E`,
/// around a rabbit one rank away with the square ahead taken or empty, where all of `L`
/// was. On the states of `a_goal_in_three_begins_in_the_three_step_region` (more random
/// ones), the endgames under a cap of three and the archive positions one step into a
/// turn (every fourth), wherever the fewest steps are exactly three, no step the wider
/// region tries and the narrower one does not begins a goal in two more (the plain
/// search after it, [`check_left_out`]); and the narrowings leave out many steps,
/// counted by kind (the rules apply).
#[test]
fn three_step_region_narrowed_sets_begin_no_goal() {
    let mut rng = Rng(11);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states: Vec<Position> = archive.iter().map(|p| with_cap(p, 3)).collect();
    for pos in &endgames {
        for &s in pos.legal_steps().iter() {
            let mut p = pos.clone();
            if p.play_step(s).is_ok() {
                states.push(p);
            }
        }
    }
    states.extend(endgames.iter().map(|p| with_cap(p, 3)));
    // The archive positions one step into a turn of four (three left), every fourth one.
    for pos in archive.iter().step_by(4) {
        for &s in pos.legal_steps().iter() {
            let mut p = pos.clone();
            if p.play_step(s).is_ok() {
                states.push(p);
            }
        }
    }
    states.extend((0..60_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    let (mut threes, mut dropped, mut applied) = (0, 0usize, 0);
    let (mut pushes, mut columns, mut lefts) = (0usize, 0usize, 0usize);
    for pos in &states {
        if pos.plain_goal_move().map(|m| m.len()) != Some(3) {
            continue;
        }
        threes += 1;
        let state = pos.turn_state();
        let side = state.side_to_move();
        let (rabbits, _) = goal_rabbits_of(state, 3);
        let region = three_step_region(state, pos.turn_start_board(), rabbits);
        let mut spread = [rabbits & rank_band(side, 1); 4];
        for d in 1..4 {
            spread[d] = spread[d - 1] | spread[d - 1].neighbours();
        }
        // The former `C`: within one of a rabbit two ranks away or of the square ahead.
        let two = rabbits & rank_band(side, 2);
        let column = two | two.shift(super::forward(side));
        let column = column | column.neighbours();
        let wider = Region {
            from: region.from | spread[2] | column,
            into: region.into | spread[3] | column,
            pushes: region.pushes | spread[2],
        };
        // The former `L` around every rabbit one rank away (now `F` or `E`).
        let by_left = Region {
            from: region.from | spread[2],
            into: region.into | spread[2],
            ..region
        };
        let by_column = Region {
            from: region.from | column,
            into: region.into | column,
            ..region
        };
        // Left out by the pushes' rule (the rest by the entered squares').
        let by_pushes = Region {
            pushes: spread[2],
            ..region
        };
        let here = check_left_out(pos, (region, wider), 2, |s| {
            pushes += usize::from(in_region(pos, by_pushes, s));
            columns += usize::from(in_region(pos, by_column, s));
            lefts += usize::from(in_region(pos, by_left, s));
        });
        dropped += here;
        applied += usize::from(here > 0);
    }
    eprintln!(
        "three_step_region's narrower sets: {} states, {threes} goals in three, {applied} \
         with steps left out, {dropped} steps left out, {pushes} of them pushes, {columns} \
         about a rabbit two ranks away, {lefts} within two of one one rank away (none \
         begins a goal)",
        states.len()
    );
    assert!(
        threes > 1_000
            && applied > 100
            && pushes > 100
            && columns > 100
            && lefts > 100
            && dropped - pushes - columns - lefts > 100,
        "{threes} {applied} {dropped} {pushes} {columns} {lefts}"
    );
}

/// [`immovable_near_goal`](super::immovable_near_goal) against [`immovable`] for one to
/// four steps on the archive, the endgames, 20,000 random positions, every state one step
/// after those, and 30,000 random mid-turn states: [`immovable`]'s pieces on the goal
/// rank and the rank next to it, with the same [`path_bound`], the same layers of
/// [`to_go_layers`] up to four and the same squares of
/// [`cheap_paths_from`](super::cheap_paths_from) for four steps (all the mover's rabbits).
/// Counts the states where walls are left out.
#[test]
fn immovable_near_goal_keeps_the_bounds_of_immovable() {
    fn check(state: &TurnState, fewer: &mut usize) {
        let side = state.side_to_move();
        let rabbits = state.board().pieces(PieceKind::Rabbit.of(side));
        for k in 1..=4 {
            let all = immovable(state, k);
            let near = super::immovable_near_goal(state, k);
            assert_eq!(
                near,
                all & super::ranks_within(side, 1),
                "{:?}, {k} steps",
                state.board()
            );
            assert_eq!(
                path_bound(state, k, near),
                path_bound(state, k, all),
                "{:?}, {k} steps",
                state.board()
            );
            let layers = |w| super::to_go_layers(side, super::path_costs(state, w), 4);
            assert_eq!(layers(near), layers(all), "{:?}, {k} steps", state.board());
            let cheap = |w| {
                let costs = super::path_costs(state, w);
                let to_go = super::to_go_layers(side, costs, 3);
                super::cheap_paths_from(side, 4, costs, &to_go, rabbits, super::pullers_of(state))
            };
            assert_eq!(cheap(near), cheap(all), "{:?}, {k} steps", state.board());
            *fewer += usize::from(near != all);
        }
    }
    let mut fewer = 0;
    for_each_sampled_state(&mut Rng(35), |state| check(state, &mut fewer));
    eprintln!("immovable near the goal: {fewer} states and steps with walls left out");
    assert!(fewer > 10_000, "{fewer}");
}

/// [`paths_within_reached`](super::paths_within_reached) against [`paths_within`] for
/// four steps without walls on the archive, the endgames, 20,000 random positions, every
/// state one step after those, and 30,000 random mid-turn states: the same bound always,
/// the same costs and layers where [`paths_within`] gives them. Counts the states with no
/// rabbit within four ranks (where it gives none).
#[test]
fn paths_within_reached_is_paths_within_for_four() {
    fn check(state: &TurnState, far: &mut usize) {
        let (bound, layers) = super::paths_within_reached(state);
        let (expected, expected_layers) = paths_within(state, 4, Bitboard::EMPTY);
        assert_eq!(bound, expected, "{:?}", state.board());
        match (layers, expected_layers) {
            (Some(l), Some(e)) => {
                assert_eq!((l.walls, l.costs, l.to_go), (e.walls, e.costs, e.to_go));
            }
            (None, None) => {}
            (_, None) => *far += 1,
            (None, Some(_)) => panic!("{:?}: no layers", state.board()),
        }
    }
    let mut far = 0;
    for_each_sampled_state(&mut Rng(36), |state| check(state, &mut far));
    eprintln!("paths within reach: {far} states with no rabbit within four ranks");
    assert!(far > 1_000, "{far}");
}

/// [`four_step_region`]'s pushes with no rabbit one rank away (`Z`: within one of a rabbit
/// two ranks away or of the square ahead, or three on the goal rank; within two but the
/// square two behind when an enemy piece stands on a trap beside it) against the wider
/// set they replaced (within three of it): on the turn starts of
/// `every_goal_in_four_begins_in_the_four_step_region` with 1,000,000 more random ones
/// (the region is asked only with four steps to go, at a turn's start), wherever the
/// fewest steps are exactly four, no push's first step the wider set tries and `Z` does
/// not begins a goal in three more (a plain search after it), and many are left out.
#[test]
fn four_step_region_narrowed_pushes_begin_no_goal() {
    let (mut applied, mut dropped) = (0, 0usize);
    let (turn_starts, fours) = for_each_goal_in_four(
        13,
        1_000_000,
        |_, _| true,
        |pos, rabbits, region| {
            let side = pos.side_to_move();
            // The former pushes: within four of a rabbit one rank away, three of one two away.
            let one = rabbits & rank_band(side, 1);
            let inner = spread(one | one.neighbours() | (rabbits & rank_band(side, 2)), 3);
            let wider = Region {
                pushes: region.pushes | inner,
                ..region
            };
            let here = check_left_out(pos, (region, wider), 3, |_| {});
            dropped += here;
            applied += usize::from(here > 0);
        },
    );
    eprintln!(
        "four_step_region's narrower pushes: {} turn starts, {fours} goals in four, \
         {applied} with pushes left out, {dropped} left out (none begins a goal)",
        turn_starts
    );
    assert!(
        fours > 10_000 && applied > 100 && dropped > 200,
        "{fours} {applied} {dropped}"
    );
}

// Twenty-fifth goal round, three to go (h-g14)

/// [`three_step_region`]'s rule for a rabbit two ranks away whose square ahead or goal
/// square ahead of that is taken (only its own square and the taken one are asked), on
/// the states [`three_step_region_narrowed_sets_begin_no_goal`] reads and 200,000 random
/// states more (their turns, mid-turn included): wherever the fewest steps are exactly
/// three, no first step that the former set for such a rabbit (within one of the square
/// ahead, and of the rabbit when frozen, with the traps there holding a piece) tries and
/// the region does not begins a goal in two more (the plain search after it). Counts the
/// states with such a rabbit, those with steps left out, and the steps.
#[test]
fn a_rabbit_two_ranks_away_with_its_column_taken_asks_only_the_taken_square() {
    let mut rng = Rng(25);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states: Vec<Position> = archive.iter().map(|p| with_cap(p, 3)).collect();
    states.extend(endgames.iter().map(|p| with_cap(p, 3)));
    for pos in endgames.iter().chain(archive.iter().step_by(4)) {
        for &s in pos.legal_steps().iter() {
            let mut p = pos.clone();
            if p.play_step(s).is_ok() {
                states.push(p);
            }
        }
    }
    states.extend((0..200_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    let (mut threes, mut blocked_states, mut applied, mut dropped) = (0, 0, 0, 0usize);
    for pos in &states {
        if pos.plain_goal_move().map(|m| m.len()) != Some(3) {
            continue;
        }
        threes += 1;
        let state = pos.turn_state();
        let (board, side) = (state.board(), state.side_to_move());
        let (rabbits, _) = goal_rabbits_of(state, 3);
        let fwd = super::forward(side);
        let two = rabbits & rank_band(side, 2);
        let ahead = two.shift(fwd);
        let taken = board.occupied();
        let blocked = two & !(ahead & !taken & !taken.shift(fwd.opposite())).shift(fwd.opposite());
        if blocked.is_empty() {
            continue;
        }
        blocked_states += 1;
        let region = three_step_region(state, pos.turn_start_board(), rabbits);
        // The former set of such a rabbit: within one of the square ahead, and of the
        // rabbit when frozen, and the squares beside a trap there with a piece on it.
        let column = blocked.shift(fwd) | frozen_rabbits(board, side, blocked);
        let near = column | column.neighbours();
        let traps = near & Bitboard::TRAPS & taken;
        let wider = Region {
            from: region.from | near | traps.neighbours(),
            into: region.into | near,
            ..region
        };
        let here = check_left_out(pos, (region, wider), 2, |_| {});
        dropped += here;
        applied += usize::from(here > 0);
    }
    eprintln!(
        "a rabbit two ranks away with its column taken: {} states, {threes} goals in three, \
         {blocked_states} with such a rabbit, {applied} with steps left out, {dropped} \
         steps left out (none begins a goal)",
        states.len()
    );
    assert!(
        threes > 1_000 && blocked_states > 100 && applied > 50 && dropped > 100,
        "{threes} {blocked_states} {applied} {dropped}"
    );
}

/// [`rabbit_goal_in_two`](super::rabbit_goal_in_two)'s case (d) skips an empty square `Y`
/// beside a frozen rabbit one rank away (the square ahead empty) that has no friend beside
/// it but the rabbit, before the frozen test: [`goal_in_two`] against
/// [`plain_goal_in_one_or_two`] on the states one step into the endgames and the first
/// 3,000 archive positions and 30,000 random states (mid-turn included), counting those
/// with such a square (the skip taken) and their goals in two.
#[test]
fn goal_in_two_skips_a_square_with_no_friend_beside_it() {
    let mut rng = Rng(41);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states = one_step_in(&endgames);
    states.extend(one_step_in(&archive[..3_000]));
    states.extend((0..30_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    let (mut skipped, mut goals) = (0, 0);
    for pos in &states {
        let (state, start) = (pos.turn_state(), pos.turn_start_board());
        let (board, side) = (state.board(), state.side_to_move());
        if state.pending_push().is_some() || board.rabbit_on_goal(side) {
            continue;
        }
        let rabbits = board.pieces(PieceKind::Rabbit.of(side));
        let back = super::forward(side).opposite();
        let empty = !board.occupied();
        let open = rabbits & rank_band(side, 1) & empty.shift(back);
        let frozen = frozen_rabbits(board, side, open);
        let own = board.color(side);
        let skips = frozen.iter().any(|x| {
            let ahead = super::Step::new(x, super::forward(side)).to_on_board();
            (Bitboard::adjacent(x) & empty & !Bitboard::from_square(ahead))
                .iter()
                .any(|y| (Bitboard::adjacent(y) & own & !Bitboard::from_square(x)).is_empty())
        });
        if !skips {
            continue;
        }
        let mut path = Move::EMPTY;
        let Some(found) = goal_in_two::<false>(state, start, &mut path) else {
            continue;
        };
        skipped += 1;
        let (_, two) = plain_goal_in_one_or_two(state, start);
        assert_eq!(found, two, "{pos}: {path:?}");
        goals += usize::from(found);
    }
    eprintln!(
        "goal_in_two's skip of a square with no friend beside it: {} states, {skipped} with \
         such a square, {goals} goals in two",
        states.len()
    );
    assert!(skipped > 1_000 && goals > 10, "{skipped} {goals}");
}

// Twenty-sixth goal round, the root (h-g15)

/// [`four_step_region`]'s entered squares (`X` outside `Y` only beside a frozen piece of
/// the mover in `Y`) against the wider set they replaced (all of `X`: within five of a
/// rabbit one rank away, four of one two away, and the squares within one of a rabbit
/// three ranks away and of the two squares ahead of it): on the turn starts of
/// `every_goal_in_four_begins_in_the_four_step_region` with 1,000,000 more random ones
/// (the region is asked only with four steps to go, at a turn's start), wherever the
/// fewest steps are exactly four, no step the wider set tries and the region does not
/// begins a goal in three more (a plain search after it), and many are left out; some of
/// them enter a square beside a piece of the mover in `Y` that is not frozen (the
/// frozen test's part).
#[test]
fn four_step_region_narrowed_entries_begin_no_goal() {
    let (mut applied, mut dropped, mut unfrozen) = (0, 0usize, 0);
    let (turn_starts, fours) = for_each_goal_in_four(
        26,
        1_000_000,
        |_, _| true,
        |pos, rabbits, region| {
            let side = pos.side_to_move();
            // The former entered squares, `X`.
            let one = rabbits & rank_band(side, 1);
            let inner = spread(one | one.neighbours() | (rabbits & rank_band(side, 2)), 3);
            let three = rabbits & rank_band(side, 3);
            let fwd = super::forward(side);
            let column = three | three.shift(fwd) | three.shift(fwd).shift(fwd);
            let x = inner | inner.neighbours() | column | column.neighbours();
            let wider = Region {
                into: region.into | x,
                ..region
            };
            let beside_own = (inner & pos.board().color(side)).neighbours();
            let here = check_left_out(pos, (region, wider), 3, |s| {
                unfrozen += usize::from(s.to().is_some_and(|to| beside_own.contains(to)));
            });
            dropped += here;
            applied += usize::from(here > 0);
        },
    );
    eprintln!(
        "four_step_region's narrower entries: {} turn starts, {fours} goals in four, \
         {applied} with steps left out, {dropped} left out, {unfrozen} of them beside an \
         unfrozen piece of the mover in Y (none begins a goal)",
        turn_starts
    );
    assert!(
        fours > 10_000 && applied > 1_000 && dropped > 5_000 && unfrozen > 500,
        "{fours} {applied} {dropped} {unfrozen}"
    );
}

/// [`four_step_region`]'s pushes with a rabbit one rank away (`Z1`: within two of it,
/// beside a frozen piece of the mover within two of it, beside a trap within three of it
/// with an enemy piece on it, or on the goal rank within four; and for a rabbit two ranks
/// away `Z`) against the wider set they replaced
/// (within four of a rabbit one rank away, three of one two away): on the turn starts of
/// `every_goal_in_four_begins_in_the_four_step_region` with 3,000,000 more random ones
/// (the region is asked only at a turn's start), wherever the fewest steps are exactly
/// four and a rabbit that may end it stands one rank away, no push's first step the wider
/// set tries and `Z1` does not begins a goal in three more (a plain search after it), and
/// many are left out; counts the first steps of pushes four from every such rabbit that
/// the trap term keeps, and those three from every such rabbit kept beside a frozen
/// piece of the mover within two of one.
#[test]
fn four_step_region_pushes_near_a_rabbit_one_rank_away_begin_no_goal() {
    let (mut applied, mut dropped, mut by_traps) = (0, 0usize, 0);
    let mut by_frozen = 0;
    let (turn_starts, fours) = for_each_goal_in_four(
        27,
        3_000_000,
        |state, rabbits| (rabbits & rank_band(state.side_to_move(), 1)).any(),
        |pos, rabbits, region| {
            let side = pos.side_to_move();
            let one = rabbits & rank_band(side, 1);
            let inner = spread(one | one.neighbours() | (rabbits & rank_band(side, 2)), 3);
            let wider = Region {
                pushes: region.pushes | inner,
                ..region
            };
            let here = check_left_out(pos, (region, wider), 3, |_| {});
            dropped += here;
            applied += usize::from(here > 0);
            // The pushes kept only by the trap term: four from every rabbit one rank away.
            let within_three = spread(one, 3);
            let four_away = inner & !within_three & (Bitboard::TRAPS.neighbours());
            let within_two = spread(one, 2);
            let own = within_two & pos.board().color(side);
            let beside_frozen = pos.board().frozen_among(side, own).neighbours();
            let three_away = within_three & !within_two & beside_frozen;
            by_frozen += pos
                .legal_steps()
                .iter()
                .filter(|s| {
                    three_away.contains(s.from)
                        && pos.board().piece_at(s.from).map(|q| q.color) == Some(!side)
                })
                .count();
            by_traps += pos
                .legal_steps()
                .iter()
                .filter(|s| {
                    four_away.contains(s.from)
                        && region.pushes.contains(s.from)
                        && pos.board().piece_at(s.from).map(|q| q.color) == Some(!side)
                })
                .count();
        },
    );
    eprintln!(
        "four_step_region's pushes near a rabbit one rank away: {} turn starts, {fours} \
         goals in four with one, {applied} with pushes left out, {dropped} left out (none \
         begins a goal), {by_traps} four away beside a trap kept, {by_frozen} three away beside a \
         frozen piece kept",
        turn_starts
    );
    assert!(
        fours > 1_000 && applied > 100 && dropped > 200 && by_traps > 0 && by_frozen > 0,
        "{fours} {applied} {dropped} {by_traps} {by_frozen}"
    );
}

/// [`four_step_region`]'s squares left with a rabbit one rank away (`Y1`, with `Y2`'s
/// terms too when a rabbit stands two ranks away: within three of such a rabbit, and four away only
/// beside an enemy piece and within two of a frozen piece of the mover within two of the rabbit, or
/// within three of a trap within three of the rabbit with an enemy piece on it) against the wider
/// set they replaced (all of `Y`, within four): on the turn starts of
/// `every_goal_in_four_begins_in_the_four_step_region` with 3,000,000 more random ones
/// (the region is asked only at a turn's start), wherever the fewest steps are exactly
/// four and a rabbit that may end it stands one rank away, no step the wider set tries and
/// the region does not begins a goal in three more (a plain search after it), and many
/// are left out; counts the steps four away kept by each term.
#[test]
fn four_step_region_narrowed_squares_left_begin_no_goal() {
    let (mut applied, mut dropped) = (0, 0usize);
    let mut kept = [0usize; 2];
    let (turn_starts, fours) = for_each_goal_in_four(
        28,
        3_000_000,
        |state, rabbits| (rabbits & rank_band(state.side_to_move(), 1)).any(),
        |pos, rabbits, region| {
            let side = pos.side_to_move();
            let one = rabbits & rank_band(side, 1);
            let inner = spread(one | one.neighbours() | (rabbits & rank_band(side, 2)), 3);
            let wider = Region {
                from: region.from | inner,
                ..region
            };
            let here = check_left_out(pos, (region, wider), 3, |_| {});
            dropped += here;
            applied += usize::from(here > 0);
            // The steps four away that each term keeps.
            let within_three = spread(one, 3);
            let board = pos.board();
            let four_away = region.from & inner & !within_three;
            let within_two = spread(one, 2);
            let enemy_traps = Bitboard::TRAPS & board.color(!side) & within_two;
            let near_traps = spread(enemy_traps, 3);
            let frozen = board.frozen_among(side, within_two & board.color(side));
            let near_frozen = spread(frozen, 2);
            let terms = [board.color(!side).neighbours() & near_frozen, near_traps];
            for s in pos.legal_steps().iter() {
                for (n, term) in kept.iter_mut().zip(terms) {
                    *n += usize::from((four_away & term).contains(s.from));
                }
            }
        },
    );
    eprintln!(
        "four_step_region's narrower squares left: {} turn starts, {fours} goals in four \
         with a rabbit one rank away, {applied} with steps left out, {dropped} left out \
         (none begins a goal); steps four away kept beside an enemy piece near a frozen \
         piece {}, near a trap with an enemy piece {}",
        turn_starts, kept[0], kept[1]
    );
    assert!(
        fours > 1_000 && applied > 100 && dropped > 200 && kept.iter().all(|&n| n > 0),
        "{fours} {applied} {dropped} {kept:?}"
    );
}

/// [`four_step_region`] (with this round's `V`, `Z1` and `Y1`) on turn starts near the
/// goals of real games: the boards of the endgames and the first 3,000 archive positions,
/// and those after each of their first steps and, for a turn of four, each pair of steps,
/// with either side to move and a turn of four. Wherever the fewest steps are exactly
/// four, no first step outside the region begins a goal in three more (the plain search
/// after it).
#[test]
fn four_step_region_on_turn_starts_derived_from_real_games() {
    let mut starts = Vec::new();
    for pos in endgame_positions()
        .iter()
        .chain(archive_positions().iter().take(3000))
    {
        let side = pos.side_to_move();
        if let Ok(p) = Position::new(*pos.board(), !side) {
            starts.push(p);
        }
        for &s in pos.legal_steps().iter() {
            let mut p = pos.clone();
            if p.play_step(s).is_ok() {
                for c in [side, !side] {
                    if let Ok(q) = Position::new(*p.board(), c) {
                        starts.push(q);
                    }
                }
                if p.turn_state().steps_left() > 0 && pos.turn_state().steps_left() == 4 {
                    for &t in p.legal_steps().iter() {
                        let mut p2 = p.clone();
                        if p2.play_step(t).is_ok() {
                            for c in [side, !side] {
                                if let Ok(q) = Position::new(*p2.board(), c) {
                                    starts.push(q);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    let (mut fours, mut outside) = (0, 0usize);
    for pos in &starts {
        let state = pos.turn_state();
        if state.steps_left() != 4 {
            continue;
        }
        let (goal_rabbits, _) = goal_rabbits_of(state, 4);
        if goal_rabbits.is_empty() {
            continue;
        }
        if pos.plain_goal_move().map(|m| m.len()) != Some(4) {
            continue;
        }
        fours += 1;
        let region = four_step_region(state, pos.turn_start_board(), goal_rabbits);
        for &s in pos.legal_steps().iter() {
            if in_region(pos, region, s) {
                continue;
            }
            outside += 1;
            let mut p = pos.clone();
            assert!(
                !(p.play_step(s).is_ok() && p.plain_goal_move().is_some_and(|m| m.len() <= 3)),
                "{pos}: {s:?}"
            );
        }
    }
    eprintln!(
        "four_step_region on derived turn starts: {} turn starts, {fours} goals in four, \
         {outside} first steps outside (none begins a goal)",
        starts.len()
    );
    assert!(fours > 10_000 && outside > 100_000, "{fours} {outside}");
}

/// [`four_step_region`]'s squares left with no rabbit one rank away (`Y2`: within two of a
/// rabbit two ranks away, and three away only on the goal rank or beside an enemy piece) against
/// the wider set they replaced (all of `Y`, within three): on the turn starts of
/// `every_goal_in_four_begins_in_the_four_step_region` with 3,000,000 more random ones
/// (the region is asked only at a turn's start), wherever the fewest steps are exactly
/// four and a rabbit that may end it stands two ranks away and none one rank away, no
/// step the wider set tries and the region does not begins a goal in three more (a plain
/// search after it), and many are left out; counts the steps three away kept by each term.
#[test]
fn four_step_region_narrowed_squares_left_two_ranks_away_begin_no_goal() {
    let (mut applied, mut dropped) = (0, 0usize);
    let mut kept = [0usize; 2];
    let (turn_starts, fours) = for_each_goal_in_four(
        29,
        3_000_000,
        |state, rabbits| {
            let side = state.side_to_move();
            (rabbits & rank_band(side, 2)).any() && (rabbits & rank_band(side, 1)).is_empty()
        },
        |pos, rabbits, region| {
            let side = pos.side_to_move();
            let two = rabbits & rank_band(side, 2);
            let inner = spread(two, 3);
            let wider = Region {
                from: region.from | inner,
                ..region
            };
            let here = check_left_out(pos, (region, wider), 3, |_| {});
            dropped += here;
            applied += usize::from(here > 0);
            let within_two = spread(two, 2);
            let board = pos.board();
            let three_away = region.from & inner & !within_two;
            let terms = [
                super::ranks_within(side, 0),
                board.color(!side).neighbours(),
            ];
            for s in pos.legal_steps().iter() {
                for (n, term) in kept.iter_mut().zip(terms) {
                    *n += usize::from((three_away & term).contains(s.from));
                }
            }
        },
    );
    eprintln!(
        "four_step_region's narrower squares left two ranks away: {} turn starts, {fours} \
         goals in four with a rabbit two ranks away and none one away, {applied} with steps \
         left out, {dropped} left out (none begins a goal); steps three away kept on the \
         goal rank {}, beside an enemy piece {}",
        turn_starts, kept[0], kept[1]
    );
    assert!(
        fours > 1_000 && applied > 100 && dropped > 200 && kept.iter().all(|&n| n > 0),
        "{fours} {applied} {dropped} {kept:?}"
    );
}

// Twenty-seventh goal round, a direct decision at three to go (h-g16)

/// [`frozen_behind_enemy_pieces`]'s "no" against the plain search: on the archive and
/// endgame positions under a cap of three, the states one step into the endgames and into
/// every other archive position, and 300,000 random states (mid-turn included), wherever
/// three steps are left and every rabbit that may end a goal in three is a frozen rabbit
/// one rank away with an enemy piece ahead (the shape), a "no" of the rule means no goal
/// by [`Position::plain_goal_move`]; the shape's states with a goal are counted too (the
/// rule leaves them to the search).
#[test]
fn frozen_behind_enemy_pieces_decides_no_goal() {
    let mut rng = Rng(27);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states: Vec<Position> = archive.iter().map(|p| with_cap(p, 3)).collect();
    states.extend(endgames.iter().map(|p| with_cap(p, 3)));
    states.extend(one_step_in(&endgames));
    let halves: Vec<Position> = archive.iter().step_by(2).cloned().collect();
    states.extend(one_step_in(&halves));
    states.extend((0..300_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    let (mut shaped, mut decided, mut goals, mut pulls, mut outside) = (0, 0, 0, 0, 0);
    for pos in &states {
        let state = pos.turn_state();
        if state.steps_left() != 3 {
            continue;
        }
        let (board, side) = (state.board(), state.side_to_move());
        let (rabbits, _) = goal_rabbits_of(state, 3);
        if rabbits.is_empty() {
            continue;
        }
        // Asked of every such state, the shape or not: a "no" only of the shape.
        let no = frozen_behind_enemy_pieces(state, rabbits);
        let near = rabbits & rank_band(side, 1);
        let ahead = near.shift(super::forward(side));
        if near != rabbits
            || (ahead & !board.color(!side)).any()
            || frozen_rabbits(board, side, near) != near
        {
            if no {
                assert_eq!(pos.plain_goal_move(), None, "{pos}");
                // Those with a rabbit two ranks away are the twenty-ninth round's (v),
                // those with one one rank away and the square ahead empty the
                // thirty-first round's (vi).
                let open = ahead & !board.occupied();
                outside +=
                    usize::from((rabbits & rank_band(side, 2)).is_empty() && open.is_empty());
            }
            continue;
        }
        shaped += 1;
        let plain = pos.plain_goal_move();
        if no {
            assert_eq!(plain, None, "{pos}");
            decided += 1;
            pulls += usize::from(state.pull_source().is_some());
        } else {
            goals += usize::from(plain.is_some());
        }
    }
    eprintln!(
        "frozen_behind_enemy_pieces: {} states, {shaped} of the shape with three left, \
         {decided} decided no goal ({pulls} with a pull under way), {goals} goals left to \
         the search",
        states.len()
    );
    assert!(
        shaped > 1_000 && decided > 500 && pulls > 100 && goals > 10 && outside == 0,
        "{shaped} {decided} {pulls} {goals} {outside}"
    );
}

// Twenty-eighth goal round, the root's region (h-g17)

/// [`four_step_region`]'s squares left four from a rabbit one rank away or three from one
/// two ranks away, without the term that kept those beside a trap with a piece of the
/// mover on it (a capture by the first step) and with `Y1`'s trap term only about the
/// traps within two of a rabbit one rank away, against the set with both wider terms
/// back (and the traps three away): on the turn starts of
/// `every_goal_in_four_begins_in_the_four_step_region` with 3,000,000 more random ones
/// (the region is asked only at a turn's start), wherever the fewest steps are exactly
/// four and a rabbit that may end it stands one or two ranks away, no step the wider set
/// tries and the region does not begins a goal in three more (a plain search after it),
/// and some of those left out capture a piece of the mover, some are within three of a
/// trap three from a rabbit one rank away with an enemy piece on it.
#[test]
fn four_step_region_squares_left_with_a_capture_begin_no_goal() {
    let (mut applied, mut dropped) = (0, 0usize);
    let (mut captures, mut near_far_traps) = (0usize, 0usize);
    let (turn_starts, fours) = for_each_goal_in_four(
        30,
        3_000_000,
        |state, rabbits| {
            let side = state.side_to_move();
            (rabbits & (rank_band(side, 1) | rank_band(side, 2))).any()
        },
        |pos, rabbits, region| {
            let (board, side) = (pos.board(), pos.side_to_move());
            let one = rabbits & rank_band(side, 1);
            let near = one | one.neighbours() | (rabbits & rank_band(side, 2));
            let inner = spread(near, 3);
            let own_traps = Bitboard::TRAPS & board.color(side);
            // Within three of a trap within three of a rabbit one rank away with an enemy piece
            // on it (the wider trap term).
            let mut far_traps = spread(one, 3);
            far_traps &= Bitboard::TRAPS & board.color(!side);
            let near_traps = spread(far_traps, 3);
            let wider = Region {
                from: region.from | (inner & (own_traps.neighbours() | near_traps)),
                ..region
            };
            let here = check_left_out(pos, (region, wider), 3, |s| {
                // The step takes the last friend of a piece of the mover on a trap.
                let from = Bitboard::from_square(s.from);
                let lone = own_traps
                    .iter()
                    .any(|t| Bitboard::from_square(t).neighbours() & board.color(side) == from);
                captures += usize::from(lone);
                near_far_traps += usize::from(near_traps.contains(s.from));
            });
            dropped += here;
            applied += usize::from(here > 0);
        },
    );
    eprintln!(
        "four_step_region without the capture term: {} turn starts, {fours} goals in four \
         with a rabbit one or two ranks away, {applied} with steps left out, {dropped} left \
         out, {captures} of them capturing a piece of the mover, {near_far_traps} near a \
         trap three away with an enemy piece (none begins a goal)",
        turn_starts
    );
    assert!(
        fours > 1_000 && applied > 10 && dropped > 20 && captures > 0 && near_far_traps > 0,
        "{fours} {applied} {dropped} {captures} {near_far_traps}"
    );
}

// Twenty-ninth goal round, three to go (h-g18)

/// [`frozen_behind_enemy_pieces`]'s condition (iii), a pull under way that may move enemy
/// pieces, none within two of a rabbit of the shape: on the states of
/// `frozen_behind_enemy_pieces_decides_no_goal` (other random states) where three steps are
/// left and the pull under way may move some enemy piece, a "no" of the rule means no goal
/// by [`Position::plain_goal_move`]; the states of the shape the rule decides with such a
/// pull, and those it leaves to the search because of one within two, are counted.
#[test]
fn frozen_behind_enemy_pieces_with_a_pull_under_way() {
    let mut rng = Rng(29);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states = one_step_in(&endgames);
    let halves: Vec<Position> = archive.iter().skip(1).step_by(2).cloned().collect();
    states.extend(one_step_in(&halves));
    states.extend((0..300_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    let (mut pulling, mut shaped, mut decided, mut close, mut goals) = (0, 0, 0, 0, 0);
    // The "no"s of the shape (the others are (v)'s and (vi)'s).
    let mut of_shape = 0;
    for pos in &states {
        let state = pos.turn_state();
        let pullable = state.pullable();
        if state.steps_left() != 3 || pullable.is_empty() {
            continue;
        }
        let (rabbits, _) = goal_rabbits_of(state, 3);
        if rabbits.is_empty() {
            continue;
        }
        pulling += 1;
        let no = frozen_behind_enemy_pieces(state, rabbits);
        let plain = pos.plain_goal_move();
        if no {
            assert_eq!(plain, None, "{pos}");
            decided += 1;
        }
        let (board, side) = (state.board(), state.side_to_move());
        let near = rabbits & rank_band(side, 1);
        let ahead = near.shift(super::forward(side));
        if near == rabbits
            && (ahead & !board.color(!side)).is_empty()
            && frozen_rabbits(board, side, near) == near
        {
            shaped += 1;
            of_shape += usize::from(no);
            goals += usize::from(plain.is_some());
            let mut ball = near | near.neighbours();
            ball |= ball.neighbours();
            close += usize::from((pullable & ball).any());
        }
    }
    eprintln!(
        "frozen_behind_enemy_pieces with a pull under way: {} states, {pulling} with three \
         left and an enemy piece pullable, {shaped} of the shape, {decided} decided no goal \
         ({of_shape} of the shape), {close} with one within two of a rabbit, {goals} goals",
        states.len()
    );
    assert!(
        decided > 20 && close > 0 && shaped > of_shape,
        "{pulling} {shaped} {decided} {of_shape} {close} {goals}"
    );
}

/// [`frozen_behind_enemy_pieces`]'s condition (v), frozen rabbits two ranks away whose
/// square ahead or the goal square ahead of that is taken: on the states of
/// `frozen_behind_enemy_pieces_decides_no_goal` (other random states) where three steps are
/// left and some rabbit that may end a goal in three is two ranks away, a "no" of the rule
/// means no goal by [`Position::plain_goal_move`]; the states where every such rabbit is
/// frozen with its column taken are counted, and the goals among them.
#[test]
fn frozen_two_ranks_away_with_the_column_taken() {
    let mut rng = Rng(2_929);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states: Vec<Position> = archive.iter().map(|p| with_cap(p, 3)).collect();
    states.extend(endgames.iter().map(|p| with_cap(p, 3)));
    states.extend(one_step_in(&endgames));
    let halves: Vec<Position> = archive.iter().skip(1).step_by(2).cloned().collect();
    states.extend(one_step_in(&halves));
    states.extend((0..300_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    let (mut asked, mut shaped, mut decided, mut goals) = (0, 0, 0, 0);
    for pos in &states {
        let state = pos.turn_state();
        if state.steps_left() != 3 {
            continue;
        }
        let (board, side) = (state.board(), state.side_to_move());
        let (rabbits, _) = goal_rabbits_of(state, 3);
        let two = rabbits & rank_band(side, 2);
        if two.is_empty() {
            continue;
        }
        asked += 1;
        let no = frozen_behind_enemy_pieces(state, rabbits);
        let empty = !board.occupied();
        let fwd = super::forward(side);
        let taken = ((two.shift(fwd) & empty).shift(fwd) & empty).is_empty();
        let plain = (no || (taken && frozen_rabbits(board, side, two) == two))
            .then(|| pos.plain_goal_move());
        if no {
            assert_eq!(plain.flatten(), None, "{pos}");
            decided += 1;
        }
        if let Some(plain) = plain {
            shaped += 1;
            goals += usize::from(plain.is_some());
        }
    }
    eprintln!(
        "frozen_behind_enemy_pieces, two ranks away: {} states, {asked} with three left and a \
         rabbit two ranks away, {shaped} with every such rabbit frozen and its column taken, \
         {decided} decided no goal, {goals} goals among them",
        states.len()
    );
    assert!(
        decided > 100 && shaped > decided,
        "{asked} {shaped} {decided} {goals}"
    );
}

/// Condition (iii) of [`frozen_behind_enemy_pieces`] read over the rabbits two ranks away
/// too: Gold's horse stepped from c7 to c8, and the silver dog on d7, the only freezer of
/// Gold's rabbit on d6 and the piece on its square ahead, may follow it into c7; the
/// rabbit then steps to d7 (Gold's cat on e7 keeps it unfrozen there) and d8, a goal in
/// three. The rule must leave this state to the search.
#[test]
fn a_pull_under_way_may_free_a_rabbit_two_ranks_away() {
    let board = |top: &str| format!("[{top}   R    {}r]", " ".repeat(39));
    let text = format!(
        "g {} steps 1/4 from {} pull Hc7",
        board("  H        dC   "),
        board("          HdC   ")
    );
    let pos: Position = text.parse().expect("a reachable state");
    let state = pos.turn_state();
    let (rabbits, _) = goal_rabbits_of(state, 3);
    assert_eq!(rabbits, Bitboard::from_square(crate::Square::D6), "{pos}");
    assert!(!frozen_behind_enemy_pieces(state, rabbits), "{pos}");
    assert!(pos.plain_goal_move().is_some(), "{pos}");
    assert!(pos.goal_move().is_some(), "{pos}");
}

// Thirtieth goal round, the root (h-g19)

/// [`four_step_region`] around a rabbit one rank away with a piece on the square ahead
/// (`W`, `region_with_the_square_ahead_taken`) against the region it replaced there (the
/// one of every other rabbit one rank away, [`region_in_four`] for all the rabbits): on
/// the turn starts of `every_goal_in_four_begins_in_the_four_step_region` with 3,000,000
/// more random ones (the region is asked only at a turn's start), wherever the fewest
/// steps are exactly four and such a rabbit may end the goal, no step the wider region
/// tries and the narrower does not begins a goal in three more (a plain search after
/// it), and many are left out, among them steps from three away to four away and from
/// five away to four away; counts the steps three away or more that each term of `W`
/// keeps (the goal rank, a pull beside an enemy piece within two, a pull whose end
/// captures on a trap within two, beside a frozen piece of the mover within three), and
/// the goals in four where every such rabbit has a friend ahead.
#[test]
fn four_step_region_with_the_square_ahead_taken_begins_no_goal() {
    let (mut applied, mut dropped) = (0, 0usize);
    let (mut outward, mut inward) = (0usize, 0usize);
    let (mut kept, mut friend_ahead, mut friend_dropped) = ([0usize; 4], 0usize, 0usize);
    let (turn_starts, fours) = for_each_goal_in_four(
        31,
        3_000_000,
        |state, rabbits| {
            let side = state.side_to_move();
            let behind = state
                .board()
                .occupied()
                .shift(super::forward(side).opposite());
            (rabbits & rank_band(side, 1) & behind).any()
        },
        |pos, rabbits, region| {
            let state = pos.turn_state();
            let (board, side) = (pos.board(), pos.side_to_move());
            let old = region_in_four(state, rabbits);
            let wider = Region {
                from: region.from | old.from,
                into: region.into | old.into,
                pushes: region.pushes | old.pushes,
            };
            let back = super::forward(side).opposite();
            let blocked = rabbits & rank_band(side, 1) & board.occupied().shift(back);
            let friends = blocked & board.color(side).shift(back);
            let all_friends = friends == blocked;
            friend_ahead += usize::from(all_friends);
            let (two, three) = (spread(blocked, 2), spread(blocked, 3));
            let here = check_left_out(pos, (region, wider), 3, |s| {
                let to = s.to().map_or(Bitboard::EMPTY, Bitboard::from_square);
                let four_away = (to & spread(blocked, 4) & !three).any();
                outward += usize::from(four_away && three.contains(s.from));
                inward += usize::from(four_away && !three.contains(s.from));
            });
            dropped += here;
            applied += usize::from(here > 0);
            friend_dropped += if all_friends { here } else { 0 };
            // The steps three away or more that each term of `W` keeps.
            let enemy = board.color(!side);
            let near_traps = Bitboard::TRAPS & enemy & two;
            let frozen = board.frozen_among(side, three & board.color(side));
            let terms = [
                (three & !two & rank_band(side, 0), Bitboard::EMPTY),
                (three & !two & (enemy & two).neighbours(), Bitboard::EMPTY),
                (
                    (enemy & near_traps.neighbours()).neighbours() & !two,
                    Bitboard::EMPTY,
                ),
                (Bitboard::EMPTY, frozen.neighbours() & !three),
            ];
            for s in pos.legal_steps().iter() {
                let to = s.to().map_or(Bitboard::EMPTY, Bitboard::from_square);
                for (n, (from, into)) in kept.iter_mut().zip(terms) {
                    *n += usize::from(from.contains(s.from) || (to & into).any());
                }
            }
        },
    );
    eprintln!(
        "four_step_region with the square ahead taken: {} turn starts, {fours} goals in four \
         with such a rabbit ({friend_ahead} with a friend ahead of each, {friend_dropped} steps \
         left out there), {applied} with steps left out, {dropped} left out ({outward} from \
         three away into four away, {inward} from five away), none begins a goal; steps \
         kept three away or more by the goal rank {}, a pull near the rabbit {}, a pull \
         capturing on a trap {}, a frozen piece {}",
        turn_starts, kept[0], kept[1], kept[2], kept[3]
    );
    assert!(
        fours > 1_000
            && applied > 100
            && dropped > 200
            && outward > 0
            && inward > 0
            && friend_ahead > 100
            && friend_dropped > 0
            && kept.iter().all(|&n| n > 0),
        "{fours} {applied} {dropped} {outward} {inward} {friend_ahead} {friend_dropped} {kept:?}"
    );
}

/// [`four_step_region`] around a rabbit two ranks away with a piece on the square ahead or
/// an enemy piece on the goal square ahead of that (`W2`, `region_two_ranks_away_blocked`)
/// against the region it replaced there ([`region_in_four`] for all the rabbits): on the
/// turn starts of `every_goal_in_four_begins_in_the_four_step_region` with 3,000,000 more
/// random ones, wherever the fewest steps are exactly four and such a rabbit may end the
/// goal, no step the wider region tries and the narrower does not begins a goal in three
/// more (a plain search after it), and many are left out, among them pushes, steps into a
/// square three or four from the rabbit, and steps of the three shapes (an enemy piece on
/// the square ahead, a friend there, an enemy piece on the goal square).
#[test]
fn four_step_region_two_ranks_away_blocked_begins_no_goal() {
    let (mut applied, mut dropped) = (0, 0usize);
    let (mut pushes, mut far, mut shapes) = (0usize, 0usize, [0usize; 3]);
    let (turn_starts, fours) = for_each_goal_in_four(
        32,
        3_000_000,
        |state, rabbits| {
            let side = state.side_to_move();
            let back = super::forward(side).opposite();
            let board = state.board();
            let behind = board.color(!side).shift(back);
            (rabbits & rank_band(side, 2) & (board.occupied().shift(back) | behind.shift(back)))
                .any()
        },
        |pos, rabbits, region| {
            let state = pos.turn_state();
            let (board, side) = (pos.board(), pos.side_to_move());
            let old = region_in_four(state, rabbits);
            let wider = Region {
                from: region.from | old.from,
                into: region.into | old.into,
                pushes: region.pushes | old.pushes,
            };
            let back = super::forward(side).opposite();
            let behind = board.color(!side).shift(back);
            let two = rabbits & rank_band(side, 2);
            let friend_ahead = two & board.color(side).shift(back);
            let within_two = spread(two & (behind | friend_ahead | behind.shift(back)), 2);
            let here = check_left_out(pos, (region, wider), 3, |s| {
                pushes += usize::from(board.color(!side).contains(s.from));
                far += usize::from(s.to().is_some_and(|to| !within_two.contains(to)));
            });
            dropped += here;
            applied += usize::from(here > 0);
            shapes[0] += if (two & behind).any() { here } else { 0 };
            let on_goal_square = (two & behind.shift(back)).any();
            shapes[1] += if on_goal_square { here } else { 0 };
            shapes[2] += if friend_ahead.any() { here } else { 0 };
        },
    );
    eprintln!(
        "four_step_region two ranks away, blocked: {} turn starts, {fours} goals in \
         four with such a rabbit, {applied} with steps left out, {dropped} left out ({pushes} \
         pushes, {far} into a square three or more away; {} with an enemy piece ahead, {} \
         with one on the goal square, {} with a friend ahead), none begins a goal",
        turn_starts, shapes[0], shapes[1], shapes[2]
    );
    assert!(
        fours > 1_000
            && applied > 100
            && dropped > 200
            && pushes > 0
            && far > 0
            && shapes.iter().all(|&n| n > 0),
        "{fours} {applied} {dropped} {pushes} {far} {shapes:?}"
    );
}

// Thirty-first goal round, three to go (h-g20)

/// The states of the three-step tests of this round: the archive and endgame positions
/// under a cap of three, the states one step into the endgames and into every third
/// archive position, and `randoms` random states (mid-turn included), from `seed`.
fn three_left_states(seed: u64, randoms: usize) -> Vec<Position> {
    let mut rng = Rng(seed);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states: Vec<Position> = archive.iter().map(|p| with_cap(p, 3)).collect();
    states.extend(endgames.iter().map(|p| with_cap(p, 3)));
    states.extend(one_step_in(&endgames));
    let thirds: Vec<Position> = archive.iter().step_by(3).cloned().collect();
    states.extend(one_step_in(&thirds));
    states.extend((0..randoms).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    states
}

/// The frozen rabbits of the mover one rank from their goal with the square ahead empty
/// (the rabbits of [`frozen_behind_enemy_pieces`]' case (vi)).
fn frozen_with_the_square_ahead_empty(state: &TurnState) -> Bitboard {
    let (board, side) = (state.board(), state.side_to_move());
    let rabbits = board.pieces(PieceKind::Rabbit.of(side)) & rank_band(side, 1);
    let open = rabbits & (!board.occupied()).shift(Direction::backwards(side));
    frozen_rabbits(board, side, open)
}

/// [`unfrozen_within_two_steps`]' "no" by play: on the states of [`three_left_states`]
/// with no push waiting, for every frozen rabbit of the mover one rank away with the
/// square ahead empty and no enemy piece the pull under way may move within two of it,
/// where the rule says "no", every legal step and every legal pair of steps leaves it
/// frozen on its square or the square ahead taken (or a push waiting, whose completion
/// comes before any step of the rabbit), and where a first step unfroze it (the square
/// ahead then taken), its step aside leaves it frozen or the goal square ahead taken. Counts the
/// rabbits so decided with a piece of the mover within three (which a distance test would not
/// decide): two away, three away, beside a freezer of the rabbit or beside an enemy piece beside an
/// occupied trap beside it, and with a pull under way.
#[test]
fn unfrozen_within_two_steps_by_play() {
    let states = three_left_states(31, 300_000);
    let (mut asked, mut stuck) = (0usize, 0usize);
    let [mut two, mut three, mut movers, mut pulls, mut aside] = [0usize; 5];
    for pos in &states {
        let state = pos.turn_state();
        if state.steps_left() < 2 || state.pending_push().is_some() {
            continue;
        }
        let (board, side) = (state.board(), state.side_to_move());
        let pullable = state.pullable();
        for r in frozen_with_the_square_ahead_empty(state) {
            if (pullable & spread(Bitboard::from_square(r), 2)).any() {
                continue;
            }
            asked += 1;
            if unfrozen_within_two_steps(board, side, r, pullable.any()) {
                continue;
            }
            stuck += 1;
            let fwd = super::forward(side);
            let ahead = Step::new(r, fwd).to_on_board();
            // The rabbit may step forward: unfrozen on `r` with the square ahead empty.
            let free = |s: &TurnState| {
                s.pending_push().is_none()
                    && !s.board().is_frozen(r)
                    && s.board().piece_at(ahead).is_none()
            };
            for first in state.legal_steps().iter() {
                let mut after = *state;
                after.play_step_unchecked(*first);
                assert!(!free(&after), "{pos} {first}");
                if after.steps_left() == 0 {
                    continue;
                }
                for second in after.legal_steps().iter() {
                    let mut then = after;
                    then.play_step_unchecked(*second);
                    assert!(!free(&then), "{pos} {first} {second}");
                    // The rabbit's step aside, then a goal in one from there.
                    if second.from == r && then.steps_left() > 0 {
                        let y = second.to_on_board();
                        let g = Step::new(y, fwd).to_on_board();
                        let open = then.board().piece_at(g).is_none();
                        assert!(!open || then.board().is_frozen(y), "{pos} {first} {second}");
                        aside += 1;
                    }
                }
            }
            let helpers = board.color(side).without(r);
            let ball = spread(Bitboard::from_square(r), 1);
            let enemy = board.color(!side);
            let near = Bitboard::adjacent(r) & enemy;
            let moved = near | ((near & Bitboard::TRAPS).neighbours() & enemy);
            two += usize::from((spread(ball, 1) & !ball & helpers).any());
            three += usize::from((spread(ball, 2) & !spread(ball, 1) & helpers).any());
            movers += usize::from((moved.neighbours() & helpers).any());
            pulls += usize::from(pullable.any());
        }
    }
    eprintln!(
        "unfrozen_within_two_steps: {} states, {asked} frozen rabbits one rank away with the \
         square ahead empty, {stuck} stuck by the rule (no one or two steps free it to \
         step forward): {two} with a piece of the mover two away, {three} three away, {movers} \
         beside an enemy piece that may free it, {pulls} with a pull under way; {aside} \
         steps aside after a first step that unfroze it (none ends a goal)",
        states.len()
    );
    assert!(
        stuck > 1_000 && two > 100 && three > 100 && movers > 50 && pulls > 10 && aside > 10,
        "{asked} {stuck} {two} {three} {movers} {pulls} {aside}"
    );
}

/// [`frozen_behind_enemy_pieces`]' "no" with case (vi) against the plain search: on the
/// states of [`three_left_states`] (others) where three steps are left and some rabbit
/// that may end a goal in three is a frozen rabbit one rank away with the square ahead
/// empty, a "no" of the rule means no goal by [`Position::plain_goal_move`]. Counts
/// those states, the ones decided, those decided with a piece of the mover within three
/// of such a rabbit, and the goals among those left to the search.
#[test]
fn frozen_with_the_square_ahead_empty_decides_no_goal() {
    let states = three_left_states(3_131, 300_000);
    let (mut shaped, mut decided, mut helped, mut goals) = (0usize, 0usize, 0usize, 0usize);
    for pos in &states {
        let state = pos.turn_state();
        if state.steps_left() != 3 {
            continue;
        }
        let (rabbits, _) = goal_rabbits_of(state, 3);
        let open = rabbits & frozen_with_the_square_ahead_empty(state);
        if open.is_empty() {
            continue;
        }
        shaped += 1;
        let no = frozen_behind_enemy_pieces(state, rabbits);
        let plain = pos.plain_goal_move();
        if no {
            assert_eq!(plain, None, "{pos}");
            decided += 1;
            let helpers = state.board().color(state.side_to_move()) & !open;
            helped += usize::from((spread(open, 3) & helpers).any());
        } else {
            goals += usize::from(plain.is_some());
        }
    }
    eprintln!(
        "frozen_behind_enemy_pieces (vi): {} states, {shaped} with three left and a frozen \
         goal rabbit one rank away with the square ahead empty, {decided} decided no goal \
         ({helped} with a piece of the mover within three of it), {goals} goals left to the \
         search",
        states.len()
    );
    assert!(
        decided > 500 && helped > 300 && goals > 10,
        "{shaped} {decided} {helped} {goals}"
    );
}

/// `aside_after_the_square_ahead_taken` counts a frozen friend beside the square aside:
/// Gold's rabbit on d7 is frozen by the silver dog on d6 and elephant on e7; Gold's
/// elephant on e8 may enter d8 only (e7 is taken), which frees the rabbit but blocks its
/// forward step. The rabbit then steps to c7, where the silver cat on c6 would freeze it
/// but Gold's dog on b7 (itself frozen by the silver horse on a7) stands beside it, and
/// on to c8: a goal in three the rule must leave to the search.
#[test]
fn a_frozen_friend_beside_the_square_aside_unfreezes_the_rabbit_there() {
    let rows = ["    E   ", "hD Re   ", "  cd    ", "       r"];
    let pos: Position = format!("g [{}{}]", rows.concat(), " ".repeat(32))
        .parse()
        .expect("a position");
    let state = pos.turn_state();
    let (rabbits, _) = goal_rabbits_of(state, 3);
    assert_eq!(rabbits, Bitboard::from_square(crate::Square::D7), "{pos}");
    assert!(
        unfrozen_within_two_steps(state.board(), Color::Gold, crate::Square::D7, false),
        "{pos}"
    );
    assert!(!frozen_behind_enemy_pieces(state, rabbits), "{pos}");
    assert_eq!(pos.plain_goal_move().map(|m| m.len()), Some(3), "{pos}");
    assert_eq!(pos.goal_move().map(|m| m.len()), Some(3), "{pos}");
}

// Thirty-third goal round, the root (h-g22)

/// [`four_step_region`] around a rabbit two ranks away with the square ahead empty and a
/// friend on the goal square ahead of that (`W2`'s case of `G` on `g`,
/// `region_two_ranks_away_blocked`) against the region it replaced there
/// ([`region_in_four`] for all the rabbits): on the turn starts of
/// `every_goal_in_four_begins_in_the_four_step_region` with 3,000,000 more random ones,
/// wherever the fewest steps are exactly four and such a rabbit may end the goal, no step
/// the wider region tries and the narrower does not begins a goal in three more (a plain
/// search after it), and many are left out; counts the goals in four that begin with the
/// push of an enemy piece from a goal square beside the friend (the pushes `W2` tries for
/// that case).
#[test]
fn four_step_region_with_a_friend_on_the_goal_square_begins_no_goal() {
    let (mut applied, mut dropped, mut pushes_kept) = (0, 0usize, 0usize);
    let shape = |board: &crate::Board, side: Color, rabbits: Bitboard| {
        let back = super::forward(side).opposite();
        rabbits
            & rank_band(side, 2)
            & !board.occupied().shift(back)
            & board.color(side).shift(back).shift(back)
    };
    let (turn_starts, fours) = for_each_goal_in_four(
        33,
        3_000_000,
        |state, rabbits| shape(state.board(), state.side_to_move(), rabbits).any(),
        |pos, rabbits, region| {
            let state = pos.turn_state();
            let (board, side) = (pos.board(), pos.side_to_move());
            let old = region_in_four(state, rabbits);
            let wider = Region {
                from: region.from | old.from,
                into: region.into | old.into,
                pushes: region.pushes | old.pushes,
            };
            let here = check_left_out(pos, (region, wider), 3, |_| {});
            dropped += here;
            applied += usize::from(here > 0);
            // The pushes from a goal square beside the friend that begin a goal.
            let fwd = super::forward(side);
            let goal = shape(board, side, rabbits).shift(fwd).shift(fwd);
            let beside = goal.shift(Direction::East) | goal.shift(Direction::West);
            for &s in pos.legal_steps().iter() {
                if !(board.color(!side) & beside).contains(s.from) {
                    continue;
                }
                let mut p = pos.clone();
                pushes_kept += usize::from(
                    p.play_step(s).is_ok() && p.plain_goal_move().is_some_and(|m| m.len() <= 3),
                );
            }
        },
    );
    eprintln!(
        "four_step_region with a friend on the goal square: {turn_starts} turn starts, \
         {fours} goals in four with such a rabbit, {applied} with steps left out, {dropped} \
         left out, none begins a goal; {pushes_kept} pushes from a goal square beside the \
         friend begin one"
    );
    assert!(
        fours > 1_000 && applied > 200 && dropped > 500 && pushes_kept > 0,
        "{fours} {applied} {dropped} {pushes_kept}"
    );
}

// Thirty-fifth goal round, three or fewer to go (h-g24)

/// The states of [`goal_in_two_matches_every_step_then_goal_in_one_by_play`] with other
/// random ones: the archive positions under caps 2 and 4, the endgames under caps 2-4,
/// every state one step into the endgames and into the first 3,000 archive positions,
/// and 30,000 random mid-turn states.
fn states_for_two_to_go(seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states: Vec<Position> = Vec::new();
    for pos in &archive {
        states.push(with_cap(pos, 2));
        states.push(pos.clone());
    }
    for pos in &endgames {
        for cap in 2..=4 {
            states.push(with_cap(pos, cap));
        }
    }
    states.extend(one_step_in(&endgames));
    states.extend(one_step_in(&archive[..3_000]));
    states.extend((0..30_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    states
}

/// [`goal_in_two`] with `NONE_IN_ONE` (the goal in one not asked, as inside the root's
/// deepening) against the full rule and [`plain_goal_in_one_or_two`] (by play): wherever
/// there is no goal in one, the same answer and the same steps, which replay to a goal
/// in two. Counts the states it touches (a rabbit of the mover one rank away with the
/// square ahead empty, the loop the full rule runs there) and those with a goal in one
/// (outside its premise: the full rule answers them in one).
#[test]
fn goal_in_two_with_none_in_one_matches_the_full_rule() {
    let states = states_for_two_to_go(35);
    let (mut compared, mut touched, mut goals, mut in_one) = (0, 0, 0, 0);
    for pos in &states {
        let (state, start) = (pos.turn_state(), pos.turn_start_board());
        let mut full = Move::EMPTY;
        let Some(found) = goal_in_two::<false>(state, start, &mut full) else {
            continue;
        };
        let (one, two) = plain_goal_in_one_or_two(state, start);
        if one {
            in_one += 1;
            continue;
        }
        compared += 1;
        let mut path = Move::EMPTY;
        let lean = goal_in_two::<true>(state, start, &mut path);
        assert_eq!(lean, Some(found), "{pos}");
        assert_eq!(lean, Some(two), "{pos}");
        assert_eq!(path, full, "{pos}");
        let side = pos.side_to_move();
        let board = pos.board();
        let ahead_empty = (!board.occupied()).shift(Direction::backwards(side));
        if state.pending_push().is_none()
            && (board.pieces(PieceKind::Rabbit.of(side)) & rank_band(side, 1) & ahead_empty).any()
        {
            touched += 1;
        }
        if two {
            goals += 1;
            assert_replays_to_goal(pos, &path);
        }
    }
    eprintln!(
        "goal_in_two with none in one: {compared} compared of {} states, {touched} with a \
         rabbit one rank away and the square ahead empty, {goals} goals in two, {in_one} \
         with a goal in one (not compared)",
        states.len()
    );
    assert!(
        compared > 30_000 && touched > 1_000 && goals > 500 && in_one > 500,
        "{compared} {touched} {goals} {in_one}"
    );
}

/// The fast search asks no goal with no step more at a node with steps to go (inside the
/// root's deepening it has none): the states with no rabbit of the mover on its goal rank
/// where a child of the root has one, a legal step putting a rabbit of the mover on its
/// goal rank with the turn free to end, and three or four steps left (so that the fast search
/// reaches that child through its regions, not only through [`goal_in_one`]): the fast answer is
/// the plain one, a goal in one that replays. Counts them.
#[test]
fn a_goal_in_one_with_steps_to_spare_is_the_fast_answer() {
    let states = states_for_two_to_go(36);
    let (mut met, mut spare) = (0, 0);
    for pos in &states {
        let (state, start) = (pos.turn_state(), pos.turn_start_board());
        if state.steps_left() < 2
            || state.board().rabbit_on_goal(pos.side_to_move())
            || !plain_goal_in_one_or_two(state, start).0
        {
            continue;
        }
        met += 1;
        if state.steps_left() >= 3 {
            spare += 1;
        }
        assert!(check(pos), "{pos}");
        let fast = pos.goal_move().map(|m| m.len());
        assert_eq!(fast, Some(1), "{pos}");
    }
    eprintln!(
        "a goal in one with two steps or more left: {met} states, {spare} with three or more"
    );
    assert!(met > 500 && spare > 200, "{met} {spare}");
}

// Thirty-seventh goal round, the root (h-g26)

/// The root's order ([`root_order`]: directions and squares) tries the steps the plain
/// order ([`Direction::ALL`], squares by index) tries, each once: on the turn starts of
/// [`archive_endgames_and_randoms`] where some rabbit may end a goal in four, the steps
/// [`any_step_of`] yields from the root's region ([`four_step_region`], the parts of
/// [`promising_squares`]) in the side's order are a permutation of those it yields in the
/// plain order. Where the fewest steps are four, the fast answer (the first goal found in
/// the new order) has four steps and replays to a goal. Counts the turn starts compared,
/// those whose order differs, and the goals in four.
#[test]
fn the_root_order_tries_the_plain_orders_steps() {
    let mut rng = Rng(37);
    let (mut compared, mut reordered, mut fours) = (0, 0, 0);
    for pos in archive_endgames_and_randoms(&mut rng) {
        let state = pos.turn_state();
        let side = state.side_to_move();
        let (goal_rabbits, _) = goal_rabbits_of(state, 4);
        if goal_rabbits.is_empty() {
            continue;
        }
        let region = four_step_region(state, pos.turn_start_board(), goal_rabbits);
        let first = promising_squares(state, goal_rabbits);
        let steps_in = |(order, down): ([Direction; 4], bool)| {
            let mut steps = Vec::new();
            any_step_of(
                state,
                Bitboard::FULL,
                Bitboard::EMPTY,
                region,
                (first, order, down),
                |s| {
                    steps.push(s);
                    false
                },
            );
            steps
        };
        let plain = steps_in((Direction::ALL, false));
        let ours = steps_in(root_order(side));
        let (mut a, mut b) = (plain.clone(), ours.clone());
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b, "{pos}: other steps in the root's order");
        b.dedup();
        assert_eq!(a.len(), b.len(), "{pos}: a step twice");
        compared += 1;
        reordered += usize::from(plain != ours);
        if pos.plain_goal_move().map(|m| m.len()) == Some(4) {
            fours += 1;
            check(&pos);
            assert_eq!(pos.goal_move().map(|m| m.len()), Some(4), "{pos}");
        }
    }
    eprintln!(
        "root order: {compared} turn starts compared, {reordered} reordered, {fours} goals in four"
    );
    assert!(reordered > 100 && fours > 100, "{reordered} {fours}");
}

// Thirty-eighth goal round, three or fewer to go (h-g27)

/// The states of [`walk_from_three_ranks_matches_the_plain_search`] and
/// [`walk_from_three_ranks_matches_the_walks_by_play`]: the archive positions and the
/// endgames under a cap of three, every state one step into the endgames and into the
/// first 3,000 archive positions, and random states (mid-turn included) with three steps
/// left, from 200,000 drawn.
fn states_for_three_to_go(seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states: Vec<Position> = Vec::new();
    states.extend(archive.iter().map(|pos| with_cap(pos, 3)));
    states.extend(endgames.iter().map(|pos| with_cap(pos, 3)));
    states.extend(one_step_in(&endgames));
    states.extend(one_step_in(&archive[..3_000]));
    states.extend(
        (0..200_000)
            .map(|i| sample_state(&mut rng, i, &archive, &endgames))
            .filter(|pos| pos.turn_state().steps_left() == 3),
    );
    states
}

/// The rabbits of the mover three ranks from their goal in `pos` and those within three
/// ranks, when three steps are left, no push waits and some rabbit is three ranks away.
fn rabbits_three_ranks_away(pos: &Position) -> Option<(Bitboard, Bitboard)> {
    let state = pos.turn_state();
    let side = pos.side_to_move();
    let within = pos.board().pieces(PieceKind::Rabbit.of(side)) & super::ranks_within(side, 3);
    let three = within & rank_band(side, 3);
    (state.steps_left() == 3 && state.pending_push().is_none() && three.any())
        .then_some((three, within))
}

/// The three forward steps of the rabbit on `x`.
fn walk_of(pos: &Position, x: crate::Square) -> Move {
    let fwd = super::forward(pos.side_to_move());
    let mut path = Move::EMPTY;
    let mut sq = x;
    for _ in 0..3 {
        let step = Step::new(sq, fwd);
        path.push(step).expect("three steps fit");
        sq = step.to_on_board();
    }
    path
}

/// [`walk_from_three_ranks`] against the plain search, on the states of
/// [`states_for_three_to_go`] where every rabbit of the mover within three ranks of its
/// goal stands three ranks away (so these are the only rabbits that may end a goal in
/// three): it finds a walk exactly when [`Position::plain_goal_move`] finds a goal, and
/// the walk replays to one. Counts the goals, the "no"s with a rabbit whose three squares
/// ahead are empty (decided by the frozen tests), and those where such a rabbit would
/// enter a trap with no friend beside it.
#[test]
fn walk_from_three_ranks_matches_the_plain_search() {
    let states = states_for_three_to_go(38);
    let (mut compared, mut goals, mut mid, mut frozen, mut trapped) = (0, 0, 0, 0, 0);
    for pos in &states {
        let Some((three, within)) = rabbits_three_ranks_away(pos) else {
            continue;
        };
        if three != within {
            continue;
        }
        let side = pos.side_to_move();
        let board = pos.board();
        compared += 1;
        mid += usize::from(pos.turn_state().steps_taken() > 0);
        let found = walk_from_three_ranks(pos.turn_state(), three);
        let plain = pos.plain_goal_move();
        assert_eq!(
            found.is_some(),
            plain.is_some(),
            "{pos}: {found:?} {plain:?}"
        );
        if let Some(x) = found {
            goals += 1;
            let path = walk_of(pos, x);
            assert_replays_to_goal(pos, &path);
            continue;
        }
        let back = Direction::backwards(side);
        let ahead = (!board.occupied()).shift(back);
        let two_ahead = ahead.shift(back);
        let open = three & ahead & two_ahead & two_ahead.shift(back);
        frozen += usize::from(open.any());
        let fwd = super::forward(side);
        trapped += usize::from(open.iter().any(|x| {
            let a = Step::new(x, fwd).to_on_board();
            Bitboard::TRAPS.contains(a)
                && (Bitboard::adjacent(a) & board.color(side).without(x)).is_empty()
        }));
    }
    eprintln!(
        "walk from three ranks: {compared} compared of {} states ({mid} mid-turn), {goals} \
         goals, {frozen} \"no\" with the three squares ahead empty, {trapped} with a trap \
         and no friend on the way",
        states.len()
    );
    assert!(
        goals > 0 && frozen > 0 && trapped > 0 && mid > 0,
        "{compared} {goals} {frozen} {trapped} {mid}"
    );
}

/// [`walk_from_three_ranks`] where other rabbits of the mover stand within three ranks of
/// their goal too (the search then drops the rabbits three ranks away when none walks):
/// on the states of [`states_for_three_to_go`] with a rabbit three ranks away, its answer
/// is the first rabbit in square order whose three forward steps, played with their
/// checks, put it on its goal rank with the turn free to end (the only turn of three more
/// steps that ends with that rabbit there, by the function's proof, which the test above
/// checks against the plain search). Counts the states with other rabbits, and the walks.
#[test]
fn walk_from_three_ranks_matches_the_walks_by_play() {
    let states = states_for_three_to_go(39);
    let (mut compared, mut mixed, mut walks) = (0, 0, 0);
    for pos in &states {
        let Some((three, within)) = rabbits_three_ranks_away(pos) else {
            continue;
        };
        compared += 1;
        mixed += usize::from(three != within);
        let side = pos.side_to_move();
        let by_play = three.iter().find(|&x| {
            pos.after(&walk_of(pos, x))
                .is_ok_and(|after| after.board().rabbit_on_goal(side))
        });
        let found = walk_from_three_ranks(pos.turn_state(), three);
        assert_eq!(found, by_play, "{pos}");
        walks += usize::from(found.is_some());
    }
    eprintln!(
        "walks from three ranks by play: {compared} states, {mixed} with other rabbits \
         within three ranks, {walks} walks"
    );
    assert!(mixed > 1_000 && walks > 500, "{compared} {mixed} {walks}");
}

// Thirty-ninth goal round, the root's region (h-g28)

/// [`region_in_four`]'s `Y2` keeps three from a rabbit two ranks away (the squares ahead
/// of it empty) only the squares beside an enemy piece whose pull may free the rabbit (on
/// a square beside the square ahead, or beside a trap beside the rabbit with an enemy
/// piece on it), no longer those beside any enemy piece: against the region that keeps
/// them all, on the turn starts of `every_goal_in_four_begins_in_the_four_step_region`
/// with 3,000,000 more random ones (the region is asked only at a turn's start), wherever
/// the fewest steps are exactly four and such a rabbit may end the goal, no step the wider
/// region tries and the narrower does not begins a goal in three more (a plain search
/// after it), and many are left out, beside an enemy piece two away (not beside the square
/// ahead) and beside one four away; counts the legal steps from three away that each
/// term keeps (beside an enemy piece beside the square ahead, beside one beside such a
/// trap).
#[test]
fn y2_keeps_only_the_pulls_that_may_free_the_rabbit() {
    let (mut applied, mut dropped) = (0, 0usize);
    let (mut kept, mut pulls) = ([0usize; 2], [0usize; 2]);
    let open_two = |state: &TurnState, rabbits: Bitboard| {
        let side = state.side_to_move();
        let back = super::forward(side).opposite();
        let taken = state.board().occupied().shift(back);
        rabbits & rank_band(side, 2) & !taken & !taken.shift(back)
    };
    let (turn_starts, fours) = for_each_goal_in_four(
        39,
        3_000_000,
        |state, rabbits| open_two(state, rabbits).any(),
        |pos, rabbits, region| {
            let state = pos.turn_state();
            let (board, side) = (pos.board(), pos.side_to_move());
            let two = open_two(state, rabbits);
            let enemy = board.color(!side);
            let three = spread(two, 3) & !spread(two, 2);
            let wider = Region {
                from: region.from | (spread(two, 3) & enemy.neighbours()),
                ..region
            };
            let (near, far) = (spread(two, 2), spread(two, 4) & !spread(two, 3));
            let here = check_left_out(pos, (region, wider), 3, |s| {
                let beside = Bitboard::from_square(s.from).neighbours() & enemy;
                pulls[0] += usize::from((beside & near).any());
                pulls[1] += usize::from((beside & far).any());
            });
            dropped += here;
            applied += usize::from(here > 0);
            let ahead = two.shift(super::forward(side)).neighbours();
            let traps = Bitboard::TRAPS & enemy & two.neighbours();
            let terms = [
                (enemy & ahead).neighbours(),
                (enemy & traps.neighbours()).neighbours(),
            ];
            for s in pos.legal_steps().iter() {
                for (n, term) in kept.iter_mut().zip(terms) {
                    *n += usize::from((three & term).contains(s.from));
                }
            }
        },
    );
    eprintln!(
        "Y2 pulls: {turn_starts} turn starts, {fours} goals in four with a rabbit two ranks \
         away and the squares ahead empty, {applied} with steps left out, {dropped} left out \
         (beside an enemy piece two away {}, four away {}), none begins a goal; steps kept \
         three away beside an enemy piece beside the square ahead {}, beside one beside a \
         trap {}",
        pulls[0], pulls[1], kept[0], kept[1]
    );
    assert!(
        fours > 1_000
            && applied > 100
            && pulls.iter().all(|&n| n > 100)
            && kept.iter().all(|&n| n > 0),
        "{fours} {applied} {dropped} {pulls:?} {kept:?}"
    );
}

// Forty-first goal round, the root (h-g30)

/// A position made from `pos` for [`walk_from_four_ranks`]: the mover's rabbits within
/// three ranks of their goal taken off, a rabbit of the mover put on a random empty
/// square four ranks away, and when `clear` the four squares ahead of it emptied (pieces
/// left unsupported on traps taken off); `None` when the board is no position.
fn four_ranks_away(rng: &mut Rng, pos: &Position, clear: bool) -> Option<Position> {
    let side = pos.side_to_move();
    let mut board = *pos.board();
    let rabbit = crate::Piece::new(side, PieceKind::Rabbit);
    for sq in board.pieces(PieceKind::Rabbit.of(side)) & ranks_within(side, 3) {
        board.set(sq, None);
    }
    let band: Vec<_> = (rank_band(side, 4) & !board.occupied()).iter().collect();
    if !band.is_empty() {
        let x = band[rng.below(band.len())];
        board.set(x, Some(rabbit));
        if clear {
            let mut sq = x;
            for _ in 0..4 {
                sq = Step::new(sq, super::forward(side)).to_on_board();
                board.set(sq, None);
            }
        }
    }
    for sq in board.unsupported_on_traps() {
        board.set(sq, None);
    }
    Position::new(board, side).ok()
}

/// [`walk_from_four_ranks`] against the plain search where [`Position::goal_move`] asks
/// it (four steps left, no rabbit of the mover within three ranks, one within reach, not
/// [`blocked_four_away`]): the same fewest steps, the fast answer is the walk, and a walk
/// replays to a goal. On the archive and the endgames, 30,000 random states, and two
/// positions made from each archive position and endgame ([`four_ranks_away`], the
/// squares ahead left or emptied). Counts the states asked, the walks and the "no"s.
#[test]
fn the_walk_from_four_ranks_is_the_goal_query_there() {
    fn check(pos: &Position, counts: &mut [usize; 3]) {
        let state = pos.turn_state();
        let side = state.side_to_move();
        let rabbits = state.board().pieces(PieceKind::Rabbit.of(side));
        if state.steps_left() != 4
            || (rabbits & ranks_within(side, 3)).any()
            || !rabbit_within_reach(state)
            || blocked_four_away(state)
        {
            return;
        }
        counts[0] += 1;
        let walk = walk_from_four_ranks(state);
        let plain = pos.plain_goal_move();
        assert_eq!(
            walk.as_ref().map(Move::len),
            plain.as_ref().map(Move::len),
            "{pos}: walk {walk:?}, plain {plain:?}"
        );
        assert_eq!(pos.goal_move(), walk, "{pos}");
        let Some(mv) = walk else {
            counts[2] += 1;
            return;
        };
        counts[1] += 1;
        assert_replays_to_goal(pos, &mv);
    }
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut counts = [0usize; 3];
    let mut rng = Rng(41);
    for pos in archive.iter().chain(&endgames) {
        check(pos, &mut counts);
        for clear in [false, true] {
            if let Some(made) = four_ranks_away(&mut rng, pos, clear) {
                check(&made, &mut counts);
            }
        }
    }
    for i in 0..30_000 {
        check(&sample_state(&mut rng, i, &archive, &endgames), &mut counts);
    }
    eprintln!(
        "walk from four ranks: {} states asked, {} walks, {} without a goal",
        counts[0], counts[1], counts[2]
    );
    assert!(
        counts[0] > 1_000 && counts[1] > 100 && counts[2] > 100,
        "{counts:?}"
    );
}

// Forty-third goal round, three or fewer to go (h-g32)

use super::steps_around_enemy_pieces;

/// [`steps_around_enemy_pieces`] as the search asks it (three steps to go, the rabbits of
/// [`goal_rabbits_within`] without those three ranks away when none of them walks): on
/// the states of [`states_for_three_to_go`] with no goal in fewer than three (a plain
/// walk) where it gives steps, each step it gives (the unfrozen rabbits' steps into its
/// squares) is legal, no other legal step begins a goal in two more (a plain walk after
/// it), and one of its steps does exactly when the plain search finds a goal. Counts the
/// states, the goals, the steps left out, the forward steps given (an enemy piece on the
/// goal square ahead), the states with a pull under way and those mid-turn.
#[test]
fn steps_around_enemy_pieces_begin_every_goal_in_three() {
    let states = states_for_three_to_go(43);
    let [mut shaped, mut goals, mut left_out, mut forward, mut pulls, mut mid] = [0usize; 6];
    for pos in &states {
        let state = pos.turn_state();
        let side = pos.side_to_move();
        let Some(rabbits) = rabbits_past_the_walk(state) else {
            continue;
        };
        let Some(open) = steps_around_enemy_pieces(state, rabbits) else {
            continue;
        };
        if goal_within(pos, 2) {
            continue;
        }
        shaped += 1;
        mid += usize::from(state.steps_taken() > 0);
        pulls += usize::from(state.pullable().any());
        let movable = rabbits & !frozen_rabbits(pos.board(), side, rabbits);
        let fwd = super::forward(side);
        let mut given = Vec::new();
        for r in movable {
            for y in Bitboard::adjacent(r) & open {
                let step = Step::between(r, y).expect("beside");
                forward += usize::from(step.dir == fwd);
                given.push(step);
            }
        }
        let (out, found) = check_given_steps(pos, &given);
        left_out += out;
        goals += usize::from(found);
    }
    eprintln!(
        "steps around enemy pieces: {shaped} states of {} with the shape, {goals} goals, \
         {left_out} steps left out, {forward} forward steps given, {pulls} with a pull under \
         way, {mid} mid-turn",
        states.len()
    );
    assert!(
        shaped > 100 && goals > 0 && left_out > 0 && forward > 0 && pulls > 0 && mid > 0,
        "{shaped} {goals} {left_out} {forward} {pulls} {mid}"
    );
}

// Forty-fourth goal round, the root's pass with three (h-g31)

/// [`rabbits_asked_in_three`](super::rabbits_asked_in_three) against the plain search, on
/// the archive's turn starts and the endgames under a cap of four, and 3,000 random
/// positions (turn starts: with four steps left no step is taken; the states mid-turn
/// never ask it), the bound and layers as the root computes them (without walls, and
/// with the walls for four where there are some): a "no goal in three"
/// (`None`) means none within three by [`Position::plain_goal_move`] under a cap of
/// three, and the fast search matches the plain one on the whole turn. The rabbits handed
/// down are ones [`frozen_behind_enemy_pieces`] does not decide; counts how often they are
/// the limit-three pass's own set (its question skipped).
#[test]
fn rabbits_asked_in_three_decide_no_goal_in_three() {
    let mut rng = Rng(44);
    let mut positions: Vec<Position> = archive_positions().iter().map(|p| with_cap(p, 4)).collect();
    positions.extend(endgame_positions().iter().map(|p| with_cap(p, 4)));
    positions.extend((0..3_000).map(|_| with_cap(&random_position(&mut rng), 4)));
    let (mut asked_at, mut none, mut reached, mut handed, mut same) = (0, 0, 0, 0, 0);
    let mut walled_none = 0;
    for pos in &positions {
        let state = pos.turn_state();
        let side = state.side_to_move();
        let rabbits = state.board().pieces(PieceKind::Rabbit.of(side));
        if state.steps_left() != 4 || (rabbits & rank_band(side, 0)).any() {
            continue;
        }
        let bound = goal_lower_bound(state, frozen_rabbits(state.board(), side, rabbits));
        let (_, layers) = super::paths_within_reached(state);
        // Also with the walls for four, as the root derives them when it has some.
        let four = walls(state, 4);
        if four.any() {
            let walled = layers.as_ref().map(|l| l.with_walls(side, four, 4));
            if super::rabbits_asked_in_three(state, &bound, walled.as_ref()).is_none() {
                walled_none += 1;
                assert_eq!(with_cap(pos, 3).plain_goal_move(), None, "{pos}");
            }
        }
        asked_at += 1;
        match super::rabbits_asked_in_three(state, &bound, layers.as_ref()) {
            None => {
                none += 1;
                assert_eq!(with_cap(pos, 3).plain_goal_move(), None, "{pos}");
                check(pos);
                // Those whose bounds let the root reach its pass with three.
                let passing = layers
                    .as_ref()
                    .map_or(u8::MAX, |l| l.path_bound(rabbits, 3));
                reached += usize::from(bound.steps <= 3 && passing <= 3);
            }
            Some(asked) => {
                if asked.is_empty() {
                    continue;
                }
                handed += 1;
                assert!(!frozen_behind_enemy_pieces(state, asked), "{pos}");
                // The pass's own set: three ranks away dropped when none walks.
                let (mut own, _) = goal_rabbits_of(state, 3);
                let three = own & rank_band(side, 3);
                if three.any() && walk_from_three_ranks(state, three).is_none() {
                    own ^= three;
                }
                same += usize::from(own == asked);
            }
        }
    }
    eprintln!(
        "rabbits_asked_in_three: {asked_at} roots asked, {none} no goal in three ({reached} \
         past the root's bounds for three), {handed} handed down, {same} the pass's own set, \
         {walled_none} no goal in three with the walls for four"
    );
    assert!(
        none > 100 && reached > 100 && handed > 100 && same > 50 && walled_none > 100,
        "{none} {reached} {handed} {same} {walled_none}"
    );
}

// Forty-sixth goal round, three to go, one rank away (h-g35; the rule of the forty-fifth
// round, h-g32, widened)

use super::steps_off_the_squares_aside;

/// [`steps_off_the_squares_aside`] as the search asks it (three steps to go, the rabbits
/// of [`goal_rabbits_within`] without those three ranks away when none of them walks):
/// on the states of [`states_for_three_to_go`] with no goal in fewer than three (a plain
/// walk) where it answers, each step the search tries (the given movers' steps into the
/// given squares beside them, and the pull's end for the given enemy pieces) is legal, no
/// other legal step begins a goal in two more (a plain walk after it), and one of the
/// tried steps does exactly when the plain search finds a goal. Counts the states, the
/// goals, the steps tried and left out, the states decided "no" with no step tried, the
/// pulls' ends tried, the steps from the goal rank (a piece beside the enemy piece
/// ahead, or a friend leaving the goal square ahead of an empty square aside), the
/// rabbits' own steps aside, and the states mid-turn.
#[test]
fn steps_off_the_squares_aside_begin_every_goal_in_three() {
    let states = states_for_three_to_go(46);
    let [mut shaped, mut goals, mut tried, mut left_out, mut none, mut pulls, mut mid] =
        [0usize; 7];
    let (mut on_goal_rank, mut rabbit_steps, mut kind_f) = (0usize, 0usize, 0usize);
    for pos in &states {
        let state = pos.turn_state();
        let side = pos.side_to_move();
        let Some(SetsGiven {
            rabbits,
            pulled,
            steps: given,
        }) = sets_given_where_asked(pos, steps_off_the_squares_aside)
        else {
            continue;
        };
        shaped += 1;
        mid += usize::from(state.steps_taken() > 0);
        // Kind (f): an empty square aside under an empty goal square.
        let empty = !pos.board().occupied();
        let row = rank_band(side, 1);
        let open_aside =
            rabbits.neighbours() & row & empty & empty.shift(Direction::backwards(side));
        kind_f += usize::from(open_aside.any());
        for s in &given {
            on_goal_rank += usize::from(rank_band(side, 0).contains(s.from));
            rabbit_steps += usize::from(rabbits.contains(s.from));
        }
        if state.pull_source().is_some() {
            pulls += pulled.count() as usize;
        }
        none += usize::from(given.is_empty());
        tried += given.len();
        let (out, found) = check_given_steps(pos, &given);
        left_out += out;
        goals += usize::from(found);
    }
    eprintln!(
        "steps off the squares aside: {shaped} states of {} with the shape, {goals} goals, \
         {tried} steps tried, {left_out} left out, {none} decided with no step, {pulls} \
         pulls' ends tried, {on_goal_rank} steps from the goal rank, {rabbit_steps} \
         steps of the rabbits, {mid} mid-turn, {kind_f} with a square aside of kind (f)",
        states.len()
    );
    assert!(
        shaped > 100
            && goals > 0
            && tried > 0
            && left_out > 0
            && none > 0
            && pulls > 0
            && on_goal_rank > 0
            && rabbit_steps > 0
            && mid > 0
            && kind_f > 0,
        "{shaped} {goals} {tried} {left_out} {none} {pulls} {on_goal_rank} {rabbit_steps} {mid} \
         {kind_f}"
    );
}

// Forty-eighth goal round, three to go (h-g35)

use super::{steps_into_an_open_column, steps_past_a_friend_ahead};

/// [`steps_into_an_open_column`] as the search asks it (three steps to go, the rabbits of
/// [`goal_rabbits_within`] without those three ranks away when none of them walks): on
/// the states of [`states_for_three_to_go`] with no goal in fewer than three (a plain
/// walk) where it answers, each step the search tries (the given movers' steps into the
/// given squares beside them, and the pull's end for the given enemy pieces) is legal, no
/// other legal step begins a goal in two more (a plain walk after it), and one of the
/// tried steps does exactly when the plain search finds a goal. Counts the states (with
/// the rabbit frozen, unfrozen), the goals, the steps tried (the rabbit's, friends'),
/// left out, the states decided "no" with no step tried, the pulls' ends tried, and the
/// states mid-turn.
#[test]
fn steps_into_an_open_column_begin_every_goal_in_three() {
    let states = states_for_three_to_go(48);
    let [mut shaped, mut frozen, mut goals, mut tried, mut left_out, mut none, mut pulls] =
        [0usize; 7];
    let (mut rabbit_steps, mut mid) = (0usize, 0usize);
    for pos in &states {
        let state = pos.turn_state();
        let side = pos.side_to_move();
        let Some(SetsGiven {
            rabbits,
            pulled,
            steps: given,
        }) = sets_given_where_asked(pos, steps_into_an_open_column)
        else {
            continue;
        };
        shaped += 1;
        frozen += usize::from(frozen_rabbits(pos.board(), side, rabbits).any());
        mid += usize::from(state.steps_taken() > 0);
        rabbit_steps += given.iter().filter(|s| rabbits.contains(s.from)).count();
        if state.pull_source().is_some() {
            pulls += pulled.count() as usize;
        }
        none += usize::from(given.is_empty());
        tried += given.len();
        let (out, found) = check_given_steps(pos, &given);
        left_out += out;
        goals += usize::from(found);
    }
    eprintln!(
        "steps into an open column: {shaped} states of {} with the shape ({frozen} the \
         rabbit frozen), {goals} goals, {tried} steps tried ({rabbit_steps} the rabbit's), \
         {left_out} left out, {none} decided with no step, {pulls} pulls' ends tried, \
         {mid} mid-turn",
        states.len()
    );
    assert!(
        shaped > 100
            && frozen > 0
            && frozen < shaped
            && goals > 0
            && rabbit_steps > 0
            && rabbit_steps < tried
            && left_out > 0
            && none > 0
            && pulls > 0
            && mid > 0,
        "{shaped} {frozen} {goals} {tried} {rabbit_steps} {left_out} {none} {pulls} {mid}"
    );
}

/// [`steps_past_a_friend_ahead`] as the search asks it (three steps to go, the rabbits of
/// [`goal_rabbits_within`] without those three ranks away when none of them walks): on the
/// states of [`states_for_three_to_go`] with no goal in fewer than three (a plain walk)
/// where it answers, each step the search tries (the given movers' steps into the given
/// squares beside them, and the pull's end for the given enemy pieces) is legal, no other
/// legal step begins a goal in two more (a plain walk after it), and one of the tried steps
/// does exactly when the plain search finds a goal. Counts the states (with the goal square
/// ahead taken; with the friend on it, the square before it empty), the goals, the steps
/// tried (the rabbit's), left out, the states decided "no" with no step tried, those with a
/// pull under way (no pull's end given), and the states mid-turn.
#[test]
fn steps_past_a_friend_ahead_begin_every_goal_in_three() {
    let states = states_for_three_to_go(49);
    let [mut shaped, mut taken, mut goals, mut tried, mut left_out, mut none, mut pulls] =
        [0usize; 7];
    let (mut rabbit_steps, mut mid, mut on_goal) = (0usize, 0usize, 0usize);
    for pos in &states {
        let state = pos.turn_state();
        let side = pos.side_to_move();
        let Some(SetsGiven {
            rabbits,
            pulled,
            steps: given,
        }) = sets_given_where_asked(pos, steps_past_a_friend_ahead)
        else {
            continue;
        };
        shaped += 1;
        let h = rabbits
            .shift(super::forward(side))
            .shift(super::forward(side));
        taken += usize::from((pos.board().occupied() & h).any());
        let b = rabbits.shift(super::forward(side));
        on_goal += usize::from((pos.board().occupied() & b).is_empty());
        mid += usize::from(state.steps_taken() > 0);
        rabbit_steps += given.iter().filter(|s| rabbits.contains(s.from)).count();
        assert!(pulled.is_empty());
        pulls += usize::from(state.pull_source().is_some());
        none += usize::from(given.is_empty());
        tried += given.len();
        let (out, found) = check_given_steps(pos, &given);
        left_out += out;
        goals += usize::from(found);
    }
    eprintln!(
        "steps past a friend ahead: {shaped} states of {} with the shape ({taken} the \
         goal square taken, {on_goal} the friend on it), {goals} goals, {tried} steps \
         tried ({rabbit_steps} the rabbit's), {left_out} left out, {none} decided with no \
         step, {pulls} with a pull under way, {mid} mid-turn",
        states.len()
    );
    assert!(
        shaped > 100
            && taken > 0
            && taken < shaped
            && on_goal > 0
            && goals > 0
            && rabbit_steps > 0
            && rabbit_steps < tried
            && left_out > 0
            && none > 0
            && pulls > 0
            && mid > 0,
        "{shaped} {taken} {on_goal} {goals} {tried} {rabbit_steps} {left_out} {none} {pulls} {mid}"
    );
}

// Forty-ninth goal round, three to go (h-g39)

use super::past_a_friend_on_the_goal_square;

/// [`past_a_friend_on_the_goal_square`] as the search asks it (three steps to go, the
/// rabbits of [`goal_rabbits_within`] without those three ranks away when none of them
/// walks): on the states of [`states_for_three_to_go`] with no goal in fewer than three
/// (a plain walk) where it answers, each step it tries (none found, so all of them) is
/// legal, no other legal step begins a goal in two more (a plain walk after it), and one
/// of the tried steps does exactly when the plain search finds a goal; `F` and `R` are
/// never frozen where it answers (their steps are tried with no frozen test). Counts the states,
/// the goals, the steps tried (the friend's on the goal square, the rabbit's, the
/// enemy pieces' as a push's start, the pulls' ends), left out, the states decided "no"
/// with no step tried, and the states mid-turn.
#[test]
fn past_a_friend_on_the_goal_square_begins_every_goal_in_three() {
    let states = states_for_three_to_go(50);
    let [mut shaped, mut goals, mut tried, mut left_out, mut none, mut pulls] = [0usize; 6];
    let (mut friend_steps, mut rabbit_steps, mut pushes, mut mid) = (0usize, 0, 0, 0);
    for pos in &states {
        let state = pos.turn_state();
        let side = pos.side_to_move();
        let Some((rabbits, given)) = steps_given_where_asked(pos, |state, rabbits, tried| {
            past_a_friend_on_the_goal_square(state, rabbits, &mut |s| tried(s))
        }) else {
            continue;
        };
        shaped += 1;
        mid += usize::from(state.steps_taken() > 0);
        let g = rabbits.shift(super::forward(side));
        // `F` and `R` stand beside each other: neither frozen (their steps skip the test).
        assert!(
            pos.board().frozen_among(side, g | rabbits).is_empty(),
            "{pos}"
        );
        let enemy = pos.board().color(!side);
        for s in &given {
            friend_steps += usize::from(g.contains(s.from));
            rabbit_steps += usize::from(rabbits.contains(s.from));
            let from_enemy = enemy.contains(s.from);
            let is_pull = state.pull_source().is_some_and(|(p, _)| s.to() == Some(p));
            pulls += usize::from(from_enemy && is_pull);
            pushes += usize::from(from_enemy && !is_pull);
        }
        none += usize::from(given.is_empty());
        tried += given.len();
        let (out, found) = check_given_steps(pos, &given);
        left_out += out;
        goals += usize::from(found);
    }
    eprintln!(
        "past a friend on the goal square: {shaped} states of {} with the shape, {goals} \
         goals, {tried} steps tried ({friend_steps} the friend's, {rabbit_steps} the \
         rabbit's, {pushes} pushes' starts, {pulls} pulls' ends), {left_out} left out, \
         {none} decided with no step, {mid} mid-turn",
        states.len()
    );
    assert!(
        shaped > 100
            && goals > 0
            && friend_steps > 0
            && rabbit_steps > 0
            && pushes > 0
            && pulls > 0
            && left_out > 0
            && none > 0
            && mid > 0,
        "{shaped} {goals} {tried} {friend_steps} {rabbit_steps} {pushes} {pulls} {left_out} \
         {none} {mid}"
    );
}

/// [`past_a_friend_on_the_goal_square`]'s step of the rabbit aside, on a board that needs
/// it (no sampled state of the test above does): Gold's rabbit on a7 under its cat on a8,
/// Silver's dog on b8 (the cat cannot move it, nor step along the goal rank), Gold's cat
/// on b6 (the rabbit stands unfrozen on b7 beside the dog): with three steps the only goal
/// is the rabbit's own walk a7-b7, b7-c7, c7-c8. The rule gives that first step alone, and
/// the query finds the goal in three; without the rabbit's steps aside it would answer
/// "no".
#[test]
fn past_a_friend_on_the_goal_square_gives_the_rabbits_step_aside() {
    let blank = " ".repeat(8);
    let diagram = format!("g [Cd      R        C      {}]", blank.repeat(5));
    let pos = with_cap(&diagram.parse().expect("a diagram"), 3);
    let sq = |s: &str| -> crate::Square { s.parse().expect("a square") };
    let state = pos.turn_state();
    let rabbits = rabbits_past_the_walk(state).expect("the rabbit on a7 may end a goal");
    assert_eq!(rabbits, Bitboard::from_square(sq("a7")), "{pos}");
    let mut given = Vec::new();
    let answer = past_a_friend_on_the_goal_square(state, rabbits, &mut |s| {
        given.push(s);
        false
    });
    assert_eq!(answer, Some(false), "{pos}");
    let aside = Step::between(sq("a7"), sq("b7")).expect("adjacent");
    assert_eq!(given, [aside], "{pos}");
    assert!(!goal_within(&pos, 2), "{pos}");
    let (_, found) = check_given_steps(&pos, &given);
    assert!(found, "{pos}");
    let mv = pos.goal_move().expect("a goal in three");
    assert_eq!(mv.len(), 3, "{pos}: {mv:?}");
    assert_eq!(mv.steps()[0], aside, "{mv:?}");
    assert_replays_to_goal(&pos, &mv);
}

// Fiftieth goal round, three to go (h-g40)

use super::unfreezing_one_rank_away;

/// [`unfreezing_one_rank_away`] as the search asks it (three steps to go, the rabbits of
/// [`goal_rabbits_within`] without those three ranks away when none of them walks): on
/// the states of [`states_for_three_to_go`] with no goal in fewer than three (a plain
/// walk) where it answers, each step it tries (none found, so all of them) is legal, no
/// other legal step begins a goal in two more (a plain walk after it), and one of the
/// tried steps does exactly when the plain search finds a goal. Counts the states, the
/// goals, the steps tried (the friends' steps into a square beside the rabbit, their other
/// steps, the enemy pieces' as a push's start, the pulls' ends), left out, the states
/// decided "no" with no step tried, those mid-turn and those with a pull under way.
#[test]
fn unfreezing_one_rank_away_begins_every_goal_in_three() {
    let states = states_for_three_to_go(51);
    let [mut shaped, mut goals, mut tried, mut left_out, mut none, mut pulls] = [0usize; 6];
    let (mut beside_steps, mut other_steps, mut pushes, mut mid, mut pulling) = (0, 0, 0, 0, 0);
    for pos in &states {
        let state = pos.turn_state();
        let side = pos.side_to_move();
        let Some((rabbits, given)) = steps_given_where_asked(pos, |state, rabbits, tried| {
            unfreezing_one_rank_away(state, rabbits, &mut |s| tried(s))
        }) else {
            continue;
        };
        shaped += 1;
        mid += usize::from(state.steps_taken() > 0);
        pulling += usize::from(state.pull_source().is_some());
        let enemy = pos.board().color(!side);
        for s in &given {
            let from_enemy = enemy.contains(s.from);
            let is_pull = state.pull_source().is_some_and(|(p, _)| s.to() == Some(p));
            pulls += usize::from(from_enemy && is_pull);
            pushes += usize::from(from_enemy && !is_pull);
            let beside = s.to().is_some_and(|to| rabbits.neighbours().contains(to));
            beside_steps += usize::from(!from_enemy && beside);
            other_steps += usize::from(!from_enemy && !beside);
        }
        none += usize::from(given.is_empty());
        tried += given.len();
        let (out, found) = check_given_steps(pos, &given);
        left_out += out;
        goals += usize::from(found);
    }
    eprintln!(
        "unfreezing one rank away: {shaped} states of {} with the shape, {goals} goals, \
         {tried} steps tried ({beside_steps} friends' beside the rabbit, {other_steps} \
         friends' other, {pushes} pushes' starts, {pulls} pulls' ends), {left_out} left \
         out, {none} decided with no step, {mid} mid-turn, {pulling} with a pull under way",
        states.len()
    );
    assert!(
        shaped > 100
            && goals > 0
            && beside_steps > 0
            && other_steps > 0
            && pushes > 0
            && pulls > 0
            && left_out > 0
            && none > 0
            && mid > 0
            && pulling > 0,
        "{shaped} {goals} {tried} {beside_steps} {other_steps} {pushes} {pulls} {left_out} \
         {none} {mid} {pulling}"
    );
}

// Fifty-first goal round

/// The rule of [`steps_on_cheap_paths`] before the fifty-first round, the reference its
/// narrowing is tested against: the squares within one of a square `y` and of a square
/// `x` with `A(y) + G(x) <= k - 1` (`A` and `G` as there); and the squares of the
/// narrowed rule's first two cases (a rabbit's own step, the square's own sum), those
/// kept with no pull asked.
fn cheap_paths_within_one(
    state: &TurnState,
    k: u8,
    walls: Bitboard,
    rabbits: Bitboard,
) -> (Bitboard, Bitboard) {
    let side = state.side_to_move();
    let costs = path_costs(state, walls);
    let n = usize::from(k - 1);
    let to_go = to_go_layers(side, costs, n);
    let fwd = forward_of(side);
    let next = |b: Bitboard| b.shift(fwd) | b.shift(Direction::East) | b.shift(Direction::West);
    let arrive = super::arrival_layers(rabbits, costs, n, next);
    let old = (0..=n).fold(Bitboard::EMPTY, |from, a| {
        let (y, x) = (arrive[a], to_go[n - a]);
        from | ((y | y.neighbours()) & (x | x.neighbours()))
    });
    let own = (1..=n).fold(Bitboard::EMPTY, |own, a| own | (arrive[a] & to_go[n - a]));
    (old, own | (rabbits & (to_go[n] | to_go[n].neighbours())))
}

/// `side`'s forward direction.
fn forward_of(side: Color) -> Direction {
    match side {
        Color::Gold => Direction::North,
        Color::Silver => Direction::South,
    }
}

/// [`steps_on_cheap_paths`] against the rule before it ([`cheap_paths_within_one`]) and the
/// plain search, where the fast search asks it (no push waiting, the path bound with the
/// walls of the fast search equal to `k`): its squares are among the old ones, and no step
/// from a square it leaves out begins a goal in `k` (the plain search on the child finds
/// none in `k - 1`). On the archive's turn starts under caps four and three, the
/// endgames and every state one step into them, random positions and 30,000 random
/// states mid-turn. Counts the squares left out (by the piece on them: of the mover other
/// than a rabbit, or any other), their steps, and the squares kept only for a pull begun
/// there, with the steps from those that begin a goal.
#[test]
fn cheap_paths_leave_out_only_steps_that_begin_no_goal() {
    let mut rng = Rng(51);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states: Vec<Position> = archive_endgames_and_randoms(&mut rng);
    states.extend(archive.iter().map(|p| with_cap(p, 3)));
    states.extend(one_step_in(&endgames));
    states.extend((0..30_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    let (mut checked, mut mid) = (0usize, 0usize);
    let (mut out_pullers, mut out_others, mut out_steps) = (0usize, 0usize, 0usize);
    let (mut pull_kept, mut pull_goals) = (0usize, 0usize);
    for pos in &states {
        let state = pos.turn_state();
        if state.pending_push().is_some() {
            continue;
        }
        let side = state.side_to_move();
        let board = state.board();
        let pullers = board.color(side) & !board.pieces(PieceKind::Rabbit.of(side));
        for k in 1..=state.steps_left() {
            let w = walls(state, k);
            if path_bound(state, k, w) != k {
                continue;
            }
            let rabbits = if k == 4 {
                goal_rabbits_of(state, 4).0
            } else {
                board.pieces(PieceKind::Rabbit.of(side))
            };
            let new = steps_on_cheap_paths(state, k, w, rabbits);
            let (old, own) = cheap_paths_within_one(state, k, w, rabbits);
            assert_eq!(new & !old, Bitboard::EMPTY, "{pos}: k = {k}");
            checked += 1;
            mid += usize::from(pos.steps_taken() > 0);
            let begins = |s: Step| {
                let mut p = pos.clone();
                p.play_step(s).expect("a listed step is legal");
                p.plain_goal_move()
                    .is_some_and(|m| m.len() < usize::from(k))
            };
            let out = old & !new & board.occupied();
            out_pullers += (out & pullers).count() as usize;
            out_others += (out & !pullers).count() as usize;
            // Kept for a pull only: not by the square's own sum nor as a rabbit's.
            let pull_only = new & !own;
            for s in pos.legal_steps().iter().copied() {
                if out.contains(s.from) {
                    assert!(!begins(s), "{pos}: k = {k}, {s:?} left out begins a goal");
                    out_steps += 1;
                } else if pull_only.contains(s.from) {
                    pull_kept += 1;
                    pull_goals += usize::from(begins(s));
                }
            }
        }
    }
    eprintln!(
        "cheap paths narrowed: {} states, {checked} (state, k) without slack ({mid} \
         mid-turn), squares left out {out_pullers} of a puller and {out_others} others \
         ({out_steps} steps, none begins a goal); {pull_kept} steps from squares beside an \
         enemy piece kept, {pull_goals} of them begin a goal",
        states.len()
    );
    assert!(
        checked > 1_000
            && mid > 100
            && out_pullers > 0
            && out_others > 0
            && out_steps > 1_000
            && pull_goals > 0,
        "{checked} {mid} {out_pullers} {out_others} {out_steps} {pull_kept} {pull_goals}"
    );
}

// Fifty-sixth goal round, three to go before the bounds (h-g56)

/// [`rabbits_asked_before_the_bounds`](super::rabbits_asked_before_the_bounds) against the
/// plain search, on the states of [`states_for_three_to_go`] (three steps left, mid-turn
/// included): a "no goal within three" (`None`) means none by
/// [`Position::plain_goal_move`] (three steps left: the plain search asks every turn of at
/// most three more), and the fast search matches the plain one there. Counts those whose
/// bounds would not have cut them (the path bound with the walls for three and
/// [`goal_lower_bound`] both at most three), the rabbits handed down (ones
/// [`frozen_behind_enemy_pieces`] does not decide), and the states where the node's own
/// set lies within them (its question then skipped).
#[test]
fn rabbits_asked_before_the_bounds_decide_no_goal_within_three() {
    let states = states_for_three_to_go(56);
    let (mut none, mut mid, mut past, mut handed, mut within, mut pushes) = (0, 0, 0, 0, 0, 0);
    for pos in &states {
        let state = pos.turn_state();
        let side = state.side_to_move();
        match super::rabbits_asked_before_the_bounds(state) {
            None => {
                none += 1;
                mid += usize::from(state.steps_taken() > 0);
                assert_eq!(pos.plain_goal_move(), None, "{pos}");
                assert!(!check(pos), "{pos}");
                past += usize::from(goal_rabbits_of(state, 3).1);
            }
            Some(asked) => {
                if state.pending_push().is_some() {
                    pushes += 1;
                    assert!(asked.is_empty(), "{pos}");
                    continue;
                }
                if asked.is_empty() {
                    continue;
                }
                handed += 1;
                assert!(!frozen_behind_enemy_pieces(state, asked), "{pos}");
                // The node's own set: three ranks away dropped when none walks.
                let (mut own, _) = goal_rabbits_of(state, 3);
                let three = own & rank_band(side, 3);
                if three.any() && walk_from_three_ranks(state, three).is_none() {
                    own ^= three;
                }
                within += usize::from((own & !asked).is_empty());
            }
        }
    }
    eprintln!(
        "rabbits asked before the bounds: {} states, {none} no goal within three ({mid} \
         mid-turn, {past} past both bounds), {handed} handed down ({within} holding the \
         node's own set), {pushes} with a push waiting (not asked)",
        states.len()
    );
    assert!(
        none > 1_000 && mid > 100 && past > 100 && handed > 100 && within > 100 && pushes > 0,
        "{none} {mid} {past} {handed} {within} {pushes}"
    );
}

/// [`shaped_rules_decide`](super::shaped_rules_decide) asked before the bounds, for the
/// rabbits of [`rabbits_asked_before_the_bounds`](super::rabbits_asked_before_the_bounds)
/// (every rabbit within three ranks but those three ranks away, none of which walks): on
/// the states of [`states_for_three_to_go`] with no goal within two (the rules' premise)
/// where it answers, each step it tries (none found, so all of them) is legal, no other
/// legal step begins a goal in two more, and one of the tried steps does exactly when the
/// plain search finds a goal ([`check_given_steps`]). Counts the states, the goals, those
/// whose set is larger than the node's own ([`rabbits_past_the_walk`]: the bounds would
/// have narrowed it), those the node's bounds would have cut, and those mid-turn.
#[test]
fn shaped_rules_before_the_bounds_begin_every_goal_in_three() {
    let states = states_for_three_to_go(57);
    let (mut decided, mut goals, mut wider, mut cut, mut mid, mut tried) = (0, 0, 0, 0, 0, 0);
    for pos in &states {
        let state = pos.turn_state();
        let Some(rabbits) = super::rabbits_asked_before_the_bounds(state) else {
            continue;
        };
        if rabbits.is_empty() {
            continue;
        }
        let mut given = Vec::new();
        let Some(answer) = super::shaped_rules_decide(state, rabbits, &mut |s| {
            given.push(s);
            false
        }) else {
            continue;
        };
        assert!(!answer, "{pos}: a goal with every step answered no");
        if goal_within(pos, 2) {
            continue;
        }
        decided += 1;
        mid += usize::from(state.steps_taken() > 0);
        tried += given.len();
        wider += usize::from(rabbits_past_the_walk(state) != Some(rabbits));
        cut += usize::from(!goal_rabbits_of(state, 3).1);
        let (_, found) = check_given_steps(pos, &given);
        goals += usize::from(found);
    }
    eprintln!(
        "shaped rules before the bounds: {decided} states of {} decided, {goals} goals, \
         {tried} steps tried, {wider} with a set wider than the node's own, {cut} the \
         bounds would cut, {mid} mid-turn",
        states.len()
    );
    assert!(
        decided > 1_000 && goals > 100 && wider > 100 && cut > 10 && mid > 100,
        "{decided} {goals} {wider} {cut} {mid}"
    );
}

/// [`shaped_rules_decide`](super::shaped_rules_decide) at the root's pass with three, asked
/// before its bounds for the root's rabbits of
/// [`rabbits_asked_in_three`](super::rabbits_asked_in_three): on the archive's turn
/// starts, the endgames and 3,000 random positions under a cap of four, where the root
/// has no goal within two (the premise), the rules' answer is checked as
/// [`check_given_steps`] checks it on the same board with three steps left (the rules
/// read no count of steps: every step tried legal, no step left out begins a goal in two
/// more, a tried one does exactly when the plain search finds a goal within three).
/// Counts the roots decided and the goals.
#[test]
fn shaped_rules_at_the_roots_pass_with_three_begin_every_goal_in_three() {
    let mut rng = Rng(58);
    let mut positions: Vec<Position> = archive_positions().iter().map(|p| with_cap(p, 4)).collect();
    positions.extend(endgame_positions().iter().map(|p| with_cap(p, 4)));
    positions.extend((0..3_000).map(|_| with_cap(&random_position(&mut rng), 4)));
    let (mut decided, mut goals, mut tried) = (0, 0, 0);
    for pos in &positions {
        let state = pos.turn_state();
        let side = state.side_to_move();
        let rabbits = state.board().pieces(PieceKind::Rabbit.of(side));
        if state.steps_left() != 4 || (rabbits & rank_band(side, 0)).any() {
            continue;
        }
        let bound = goal_lower_bound(state, frozen_rabbits(state.board(), side, rabbits));
        let (_, layers) = super::paths_within_reached(state);
        let Some(asked) = super::rabbits_asked_in_three(state, &bound, layers.as_ref()) else {
            continue;
        };
        let three = with_cap(pos, 3);
        if asked.is_empty() || goal_within(&three, 2) {
            continue;
        }
        let mut given = Vec::new();
        let Some(answer) = super::shaped_rules_decide(state, asked, &mut |s| {
            given.push(s);
            false
        }) else {
            continue;
        };
        assert!(!answer, "{pos}: a goal with every step answered no");
        decided += 1;
        tried += given.len();
        let (_, found) = check_given_steps(&three, &given);
        goals += usize::from(found);
        check(pos);
    }
    eprintln!(
        "shaped rules at the root's pass with three: {} roots, {decided} decided, {goals} \
         goals, {tried} steps tried",
        positions.len()
    );
    assert!(decided > 100 && goals > 10, "{decided} {goals}");
}

// Fifty-eighth goal round.

/// [`four_step_region`]'s entered squares four from a rabbit one rank away (`V4` left
/// out: more than two from every piece of the mover within three of such a rabbit that
/// may be frozen, beside no trap within three with a piece of the mover on it, more than
/// three from every rabbit two ranks away) against the wider set they replaced (every
/// square within four of a rabbit one rank away): on the turn starts of
/// [`for_each_goal_in_four`] with 1,000,000 more random ones, wherever the fewest steps
/// are exactly four and a rabbit that may end it stands one rank away, no step the wider
/// set tries and the region does not begins a goal in three more (a plain search after
/// it), and many are left out; counts those left out that enter a square beside a piece
/// of the mover within three of such a rabbit (unfrozen there: the frozen ones keep it).
#[test]
fn four_step_region_entries_four_from_a_rabbit_one_rank_away_begin_no_goal() {
    let (mut applied, mut dropped, mut beside_own) = (0, 0usize, 0);
    let (turn_starts, fours) = for_each_goal_in_four(
        58,
        1_000_000,
        |state, rabbits| (rabbits & rank_band(state.side_to_move(), 1)).any(),
        |pos, rabbits, region| {
            let side = pos.side_to_move();
            let one = rabbits & rank_band(side, 1);
            let within_four = spread(one, 4);
            let own = (spread(one, 3) & pos.board().color(side)).neighbours();
            let wider = Region {
                into: region.into | within_four,
                ..region
            };
            let here = check_left_out(pos, (region, wider), 3, |s| {
                beside_own += usize::from(s.to().is_some_and(|to| own.contains(to)));
            });
            dropped += here;
            applied += usize::from(here > 0);
        },
    );
    eprintln!(
        "four_step_region's entries four from a rabbit one rank away: {turn_starts} turn \
         starts, {fours} goals in four with such a rabbit, {applied} with steps left out, \
         {dropped} left out, {beside_own} of them beside a piece of the mover within three \
         (none begins a goal)"
    );
    assert!(
        fours > 1_000 && applied > 100 && dropped > 200 && beside_own > 10,
        "{fours} {applied} {dropped} {beside_own}"
    );
}

// Sixty-first goal round

use super::{rabbits_after_step, shaped_rules_decide};

/// The root's pass with four when every rabbit that may end a goal in four stands one rank
/// away, or every one two (its children asking [`shaped_rules_decide`] first, for those
/// rabbits where they stand after the step, [`rabbits_after_step`]): on the turn starts of
/// [`archive_endgames_and_randoms`] with 200,000 random positions more, where the plain
/// search finds no goal in three or fewer and those rabbits ([`goal_rabbits_of`]) are some
/// and all one rank away or all two, after every legal first step the moved set holds a
/// rabbit within three of a rabbit of the mover on its goal rank after the plain search's
/// goal in three from the child (when there is one), the rules' answer, when they give one
/// (their steps tried by a plain search of two more), is whether the plain search finds a
/// goal in three from the child, and the fast search's answer at the root is the plain
/// one's (its witness replayed). Counts the roots, those two ranks away, those with a goal
/// in four, with two rabbits or more, the children answered "goal" and "no goal", those not
/// answered, and those after a step of a goal rabbit.
#[test]
fn children_of_rabbits_near_goal_ask_the_shaped_rules_first() {
    let mut rng = Rng(61);
    let mut turn_starts = archive_endgames_and_randoms(&mut rng);
    turn_starts.extend((0..200_000).map(|_| random_position(&mut rng)));
    let (mut roots, mut two_away, mut fours, mut several) = (0, 0, 0, 0);
    let (mut yes, mut no, mut unanswered, mut own_step) = (0, 0, 0, 0);
    for pos in &turn_starts {
        let state = pos.turn_state();
        let side = state.side_to_move();
        let (rabbits, asked) = goal_rabbits_of(state, 4);
        let two = rabbits & rank_band(side, 2) == rabbits;
        if !asked || rabbits.is_empty() || (rabbits & rank_band(side, 1) != rabbits && !two) {
            continue;
        }
        let plain = pos.plain_goal_move().map(|m| m.len());
        if plain.is_some_and(|n| n <= 3) {
            continue;
        }
        roots += 1;
        two_away += usize::from(two);
        fours += usize::from(plain == Some(4));
        several += usize::from(rabbits.count() > 1);
        for &s in pos.legal_steps().iter() {
            let mut child = pos.clone();
            child.play_step(s).expect("a listed step is legal");
            let set = rabbits_after_step(child.turn_state(), rabbits, s);
            own_step += usize::from(rabbits.contains(s.from));
            let plain_child = child.plain_goal_move().filter(|m| m.len() <= 3);
            if let Some(m) = &plain_child {
                let end = child.after(m).expect("the plain witness replays");
                let on_goal = end.board().pieces(PieceKind::Rabbit.of(side)) & rank_band(side, 0);
                let before = child.board().pieces(PieceKind::Rabbit.of(side));
                // The rabbit that ends it: on the goal rank after, one rank away before
                // (its forward step) or beside such a square (aside first).
                assert!(
                    spread(on_goal, 3) & before & set != Bitboard::EMPTY,
                    "{pos}: after {s:?}, {m:?}"
                );
            }
            let answer = shaped_rules_decide(child.turn_state(), set, &mut |t| {
                let mut next = child.clone();
                next.play_step(t).is_ok() && next.plain_goal_move().is_some_and(|m| m.len() <= 2)
            });
            let Some(found) = answer else {
                unanswered += 1;
                continue;
            };
            assert_eq!(found, plain_child.is_some(), "{pos}: after {s:?}");
            yes += usize::from(found);
            no += usize::from(!found);
        }
        assert!(check(pos) == (plain == Some(4)), "{pos}");
    }
    eprintln!(
        "children of rabbits near the goal: {} turn starts, {roots} roots with no goal in \
         three ({two_away} two ranks away, {fours} with a goal in four, {several} with two rabbits or more), children \
         answered {yes} goal and {no} no goal, {unanswered} not answered, {own_step} after \
         a step of a goal rabbit",
        turn_starts.len()
    );
    assert!(
        roots > 1_000
            && two_away > 1_000
            && fours > 100
            && several > 10
            && yes > 100
            && no > 10_000,
        "{roots} {two_away} {fours} {several} {yes} {no}"
    );
    assert!(
        unanswered > 100 && own_step > 100,
        "{unanswered} {own_step}"
    );
}

// Sixty-second goal round

/// [`four_step_region`]'s part `W` ([`super::region_with_the_square_ahead_taken`]) with
/// the square three behind a blocked rabbit one rank away in its column (`c3`) no longer
/// entered, nor the square two behind (`c2`) left for it, nor the pulls of an enemy piece
/// on `c2` tried, against the wider set it replaced (the steps leaving a square within two
/// of such a rabbit, or one within three beside an enemy piece within two, or entering one
/// within three): on the turn starts of `every_goal_in_four_begins_in_the_four_step_region` with
/// 1,000,000 more random ones (the region is asked only at a turn's start), wherever a
/// goal rabbit stands one rank away with the square ahead taken and the fewest steps are
/// exactly four, no step the wider set tries and the region does not begins a goal in
/// three more (a plain search after it); some such steps leave `c2` for `c3`, some leave
/// a square beside an enemy piece on `c2`, some enter `c3` from the squares four away.
#[test]
fn square_ahead_taken_region_skips_the_square_three_behind() {
    let (mut applied, mut dropped, mut from_c2, mut from_far) = (0, 0usize, 0, 0);
    let mut beside_c2 = 0;
    let (turn_starts, fours) = for_each_goal_in_four(
        62,
        1_000_000,
        |state, rabbits| {
            let side = state.side_to_move();
            let back = Direction::backwards(side);
            (rabbits & rank_band(side, 1) & state.board().occupied().shift(back)).any()
        },
        |pos, rabbits, region| {
            let side = pos.side_to_move();
            let back = Direction::backwards(side);
            let blocked = rabbits & rank_band(side, 1) & pos.board().occupied().shift(back);
            let c2 = blocked.shift(back).shift(back);
            // The squares within three beside an enemy piece within two (its pulls).
            let pullers =
                spread(blocked, 3) & (spread(blocked, 2) & pos.board().color(!side)).neighbours();
            let wider = Region {
                from: region.from | spread(blocked, 2) | pullers,
                into: region.into | spread(blocked, 3),
                ..region
            };
            let pulling_c2 = (c2 & pos.board().color(!side)).neighbours();
            let here = check_left_out(pos, (region, wider), 3, |s| {
                if c2.contains(s.from) {
                    from_c2 += 1;
                } else if pulling_c2.contains(s.from) {
                    beside_c2 += 1;
                } else {
                    from_far += 1;
                }
            });
            dropped += here;
            applied += usize::from(here > 0);
        },
    );
    eprintln!(
        "W without the square three behind: {turn_starts} turn starts, {fours} goals in four \
         with a blocked rabbit one rank away, {applied} with steps left out, {dropped} left \
         out ({from_c2} from two behind, {beside_c2} beside an enemy piece there, {from_far} \
         from four away; none begins a goal)"
    );
    assert!(
        fours > 1_000 && applied > 50 && from_c2 > 10 && beside_c2 > 10 && from_far > 10,
        "{fours} {applied} {from_c2} {beside_c2} {from_far}"
    );
}

/// [`four_step_region`]'s part `W2` ([`super::region_two_ranks_away_blocked`]) with the
/// square two behind a rabbit two ranks away in its column (`c2`) neither left nor
/// entered, and of the other squares only the `gy`s left (the steps from `r`, `a`, `g`,
/// a `y` or an `ay` enter squares within two or beside an `ay`), against the wider set it
/// replaced
/// (the steps leaving or entering a square within two of such a rabbit): on the turn
/// starts of `every_goal_in_four_begins_in_the_four_step_region` with 1,000,000 more
/// random ones, wherever a goal rabbit stands two ranks away with the square ahead or the
/// goal square ahead of that taken and the fewest steps are exactly four, no step the
/// wider set tries and the region does not begins a goal in three more (a plain search
/// after it); some such steps leave `c2`, some enter it, some leave another square
/// (`c1`, a `y2` or a square behind a `y`).
#[test]
fn two_ranks_away_blocked_region_skips_the_square_two_behind() {
    let (mut applied, mut dropped) = (0, 0usize);
    let (mut leaving, mut entering, mut others) = (0, 0, 0);
    let behind_enemy = |state: &TurnState, rabbits: Bitboard| {
        let side = state.side_to_move();
        let taken_behind = state.board().occupied().shift(Direction::backwards(side));
        rabbits
            & rank_band(side, 2)
            & (taken_behind | taken_behind.shift(Direction::backwards(side)))
    };
    let (turn_starts, fours) = for_each_goal_in_four(
        622,
        1_000_000,
        |state, rabbits| behind_enemy(state, rabbits).any(),
        |pos, rabbits, region| {
            let two = behind_enemy(pos.turn_state(), rabbits);
            let back = Direction::backwards(pos.side_to_move());
            let c2 = two.shift(back).shift(back);
            let wider = Region {
                from: region.from | spread(two, 2),
                into: region.into | spread(two, 2),
                ..region
            };
            let here = check_left_out(pos, (region, wider), 3, |s| {
                if c2.contains(s.from) {
                    leaving += 1;
                } else if s.to().is_some_and(|to| c2.contains(to)) {
                    entering += 1;
                } else {
                    others += 1;
                }
            });
            dropped += here;
            applied += usize::from(here > 0);
        },
    );
    eprintln!(
        "W2 narrowed: {turn_starts} turn starts, {fours} goals in four with a blocked rabbit \
         two ranks away, {applied} with steps left out, {dropped} left out ({leaving} leaving \
         c2, {entering} entering it, {others} leaving another square; none begins a goal)"
    );
    assert!(
        fours > 1_000 && applied > 50 && leaving > 10 && entering > 10 && others > 10,
        "{fours} {applied} {leaving} {entering} {others}"
    );
}

/// [`four_step_region`]'s part `W` ([`super::region_with_the_square_ahead_taken`]) with its
/// pushes narrowed to the enemy pieces within two of a blocked rabbit one rank away but
/// the square two behind it (`c2`), on the goal rank within three, or beside a trap within
/// three with an enemy piece on it, against the pushes of `Z1` it replaced (also `c2`, the
/// squares beside a frozen piece of the mover within two, and the goal rank within four):
/// on the turn starts of `every_goal_in_four_begins_in_the_four_step_region` with
/// 3,000,000 more random ones, wherever such a rabbit may end a goal and the fewest steps
/// are exactly four, no push the wider set tries and the region does not begins a goal in
/// three more (a plain search after it); some pushes left out are of a piece on `c2`,
/// some beside a frozen piece, some four away on the goal rank.
#[test]
fn square_ahead_taken_region_pushes_begin_no_goal() {
    let (mut applied, mut dropped) = (0, 0usize);
    let (mut from_c2, mut beside_frozen, mut goal_rank) = (0, 0, 0);
    let (turn_starts, fours) = for_each_goal_in_four(
        623,
        3_000_000,
        |state, rabbits| {
            let side = state.side_to_move();
            let back = Direction::backwards(side);
            (rabbits & rank_band(side, 1) & state.board().occupied().shift(back)).any()
        },
        |pos, rabbits, region| {
            let side = pos.side_to_move();
            let back = Direction::backwards(side);
            let blocked = rabbits & rank_band(side, 1) & pos.board().occupied().shift(back);
            let c2 = blocked.shift(back).shift(back);
            let within_two = spread(blocked, 2);
            let frozen = pos.board().frozen(side).intersect(within_two).neighbours();
            let four_on_goal_rank = spread(blocked, 4) & rank_band(side, 0);
            let wider = Region {
                pushes: region.pushes | within_two | frozen | four_on_goal_rank,
                ..region
            };
            let here = check_left_out(pos, (region, wider), 3, |s| {
                from_c2 += usize::from(c2.contains(s.from));
                beside_frozen += usize::from(frozen.contains(s.from));
                goal_rank += usize::from(four_on_goal_rank.contains(s.from));
            });
            dropped += here;
            applied += usize::from(here > 0);
        },
    );
    eprintln!(
        "W's pushes narrowed: {turn_starts} turn starts, {fours} goals in four with a blocked \
         rabbit one rank away, {applied} with pushes left out, {dropped} left out \
         ({from_c2} of a piece on c2, {beside_frozen} beside a frozen piece, {goal_rank} on \
         the goal rank four away; none begins a goal)"
    );
    assert!(
        fours > 1_000 && applied > 50 && from_c2 > 10 && beside_frozen > 10 && goal_rank > 10,
        "{fours} {applied} {from_c2} {beside_frozen} {goal_rank}"
    );
}

// Sixty-sixth goal round

/// A random position near [`closed_behind_a_friend`]'s shape, or `None` when the board
/// drawn is not a position (a piece on a trap with no friend beside it): the side to move
/// has one rabbit `R` one rank from its goal with a piece of its own (no rabbit) on the
/// square ahead; the squares beside `R` on its rank, the square behind it and the goal
/// squares beside the one ahead hold mostly enemy pieces, and the squares within three
/// of `R` random pieces of either side, none of them a rabbit of the side to move (a
/// second rabbit near its goal would make the goal rabbits more than `R`). The side
/// to move keeps two rabbits on its home rank, to be a position of a game.
fn near_a_friend_ahead(rng: &mut Rng) -> Option<Position> {
    let side = Color::ALL[rng.below(2)];
    let fwd = forward(side);
    let kinds = [
        PieceKind::Cat,
        PieceKind::Dog,
        PieceKind::Horse,
        PieceKind::Camel,
        PieceKind::Elephant,
    ];
    let mut board = crate::Board::empty();
    let rank = rank_band(side, 1);
    let r = rank.iter().nth(rng.below(8))?;
    let rabbit = Bitboard::from(r);
    board.set(r, Some(crate::Piece::new(side, PieceKind::Rabbit)));
    let ahead = rabbit.shift(fwd).iter().next()?;
    board.set(ahead, Some(crate::Piece::new(side, kinds[rng.below(5)])));
    let aside = rabbit.shift(Direction::East) | rabbit.shift(Direction::West);
    let shape = aside | rabbit.shift(fwd.opposite()) | aside.shift(fwd);
    for sq in spread(rabbit, 3) & !rabbit & !Bitboard::from(ahead) {
        let in_shape = shape.contains(sq);
        let roll = rng.below(10);
        let piece = if in_shape && roll < 6 || !in_shape && roll < 2 {
            let kind = if rng.below(3) == 0 {
                PieceKind::Rabbit
            } else {
                kinds[rng.below(5)]
            };
            Some(crate::Piece::new(!side, kind))
        } else if in_shape && roll < 7 || !in_shape && roll < 4 {
            Some(crate::Piece::new(side, kinds[rng.below(5)]))
        } else {
            None
        };
        board.set(sq, piece);
    }
    for sq in rank_band(side, 7) & !spread(rabbit, 3) {
        if rng.below(4) == 0 {
            board.set(sq, Some(crate::Piece::new(side, PieceKind::Rabbit)));
        }
    }
    Position::new(board, side).ok()
}

/// [`closed_behind_a_friend`], the root's decision that no goal in four ends with a
/// rabbit one rank away behind a friend whose square aside and behind give it no friend
/// in time: wherever it holds with the rabbits that may end a goal within the steps left
/// ([`goal_rabbits_of`]), the plain search finds no goal. Asked on the turn starts of
/// `every_goal_in_four_begins_in_the_four_step_region` with 1,000,000 random positions
/// more, on 300,000 random states in the middle of a turn, and on 3,000,000 random
/// positions near the shape ([`near_a_friend_ahead`]); counts the states where it holds
/// by case: `F` able to leave the square ahead in one step or not, the square behind
/// empty or held.
#[test]
fn closed_behind_a_friend_finds_no_goal() {
    let mut rng = Rng(66);
    let archive = archive_positions();
    let endgames = endgame_positions();
    let mut states = archive_endgames_and_randoms(&mut rng);
    states.extend((0..1_000_000).map(|_| random_position(&mut rng)));
    states.extend((0..300_000).map(|i| sample_state(&mut rng, i, &archive, &endgames)));
    states.extend((0..3_000_000).filter_map(|_| near_a_friend_ahead(&mut rng)));
    let (mut closed, mut asked, mut endgame_roots, mut passing_closed) = (0, 0, 0, 0);
    // [one step off][behind empty]
    let mut cases = [[0usize; 2]; 2];
    for (i, pos) in states.iter().enumerate() {
        let state = pos.turn_state();
        // At least two (`goal_rabbits_within` asks `k >= 2`): with one step left the
        // rabbits that may end a goal within two hold those within one, and the rule's
        // "no goal in four" covers a goal in fewer.
        let (rabbits, _) = goal_rabbits_of(state, pos.steps_left().max(2));
        if rabbits.count() != 1 {
            continue;
        }
        asked += 1;
        if !closed_behind_a_friend(state, rabbits) {
            continue;
        }
        assert!(pos.plain_goal_move().is_none(), "{pos}: a goal");
        closed += 1;
        let side = pos.side_to_move();
        let board = pos.board();
        let aside = rabbits.shift(Direction::East) | rabbits.shift(Direction::West);
        let off = (aside.shift(forward(side)) & !board.occupied()).any();
        let behind = rabbits.shift(Direction::backwards(side)) & !board.occupied();
        cases[usize::from(off)][usize::from(behind.any())] += 1;
        // A friend two from the empty square behind, free, whose ways in are closed.
        let two = spread(behind, 2) & !spread(behind, 1) & board.color(side);
        let ahead = rabbits.shift(forward(side));
        passing_closed += usize::from(off && (two & !ahead & !board.frozen(side)).any());
        let first_endgame = archive.len();
        endgame_roots += usize::from((first_endgame..first_endgame + endgames.len()).contains(&i));
    }
    eprintln!(
        "closed behind a friend: {} states, {asked} with one goal rabbit, {closed} closed \
         ({endgame_roots} endgames; one step off with the square behind empty {}, held {}; \
         two steps off, empty {}, held {}; {passing_closed} with a free friend two from the \
         square behind, its ways in closed); none has a goal",
        states.len(),
        cases[1][1],
        cases[1][0],
        cases[0][1],
        cases[0][0]
    );
    assert!(
        endgame_roots >= 8 && cases.iter().flatten().all(|&n| n > 20) && passing_closed > 20,
        "{endgame_roots} {cases:?} {passing_closed}"
    );
}

// Sixty-seventh goal round

/// The children of the root's pass with four that [`super::four_with_rabbits_near_goal`]
/// reaches (every rabbit that may end a goal in four one rank away, or every one two, no
/// goal in three or fewer), by their shape: on the turn starts of
/// [`archive_endgames_and_randoms`] with 200,000 random positions more (the pass is asked
/// at a turn's start only; its children are mid-turn states), after every legal first step:
/// - with a push waiting (the step began one), the child's legal steps are exactly the
///   completions of [`push_completers`] into the pushed piece's square, and one of them
///   followed by a plain goal in two or fewer exists exactly when the plain search finds a
///   goal in three or fewer from the child;
/// - with none and the moved set ([`rabbits_after_step`]) on the rank one from the goal,
///   the three one-rank rules answer only as [`shaped_rules_decide`] asks them:
///   [`steps_off_the_squares_aside`] only with an enemy piece ahead of every rabbit of the
///   set, [`past_a_friend_on_the_goal_square`] only for one rabbit with the square ahead
///   taken, [`unfreezing_one_rank_away`] only for one rabbit with it empty (each rule's
///   steps tried by a plain search of two more), and [`shaped_rules_decide`] answers
///   exactly where one of them does;
///
/// and the fast search's answer at the root is the plain one's (its witness replayed).
/// Counts the push children, those with a goal, those with two completers or more, and
/// the children each one-rank rule answered.
#[test]
fn children_of_the_pass_with_four_by_their_shape() {
    let mut rng = Rng(67);
    let mut turn_starts = archive_endgames_and_randoms(&mut rng);
    turn_starts.extend((0..200_000).map(|_| random_position(&mut rng)));
    let (mut roots, mut pushes, mut push_goals, mut two_completers) = (0, 0, 0, 0);
    let mut answered = [0usize; 3];
    for pos in &turn_starts {
        let state = pos.turn_state();
        let side = state.side_to_move();
        let (rabbits, asked) = goal_rabbits_of(state, 4);
        if !asked
            || rabbits.is_empty()
            || (rabbits & rank_band(side, 1) != rabbits && rabbits & rank_band(side, 2) != rabbits)
        {
            continue;
        }
        if pos.plain_goal_move().is_some_and(|m| m.len() <= 3) {
            continue;
        }
        roots += 1;
        for &s in pos.legal_steps().iter() {
            let mut child = pos.clone();
            child.play_step(s).expect("a listed step is legal");
            let cs = child.turn_state();
            let goal_in =
                |p: &Position, n: usize| p.plain_goal_move().is_some_and(|m| m.len() <= n);
            if let Some((to, _)) = cs.pending_push() {
                let completers = push_completers(cs, to);
                let legal: Vec<Step> = child.legal_steps().iter().copied().collect();
                let expected: Vec<Step> = completers.iter().map(|x| Step::onto(x, to)).collect();
                assert_eq!(legal.len(), expected.len(), "{pos}: after {s:?}");
                assert!(
                    expected.iter().all(|t| legal.contains(t)),
                    "{pos}: after {s:?}"
                );
                let found = expected.iter().any(|&t| {
                    let mut next = child.clone();
                    next.play_step(t).is_ok() && goal_in(&next, 2)
                });
                assert_eq!(found, goal_in(&child, 3), "{pos}: after {s:?}");
                pushes += 1;
                push_goals += usize::from(found);
                two_completers += usize::from(expected.len() > 1);
                continue;
            }
            let set = rabbits_after_step(cs, rabbits, s);
            if set & rank_band(side, 1) != set {
                continue;
            }
            let mut try_step = |t| {
                let mut next = child.clone();
                next.play_step(t).is_ok() && goal_in(&next, 2)
            };
            let ahead = set.shift(forward_of(side));
            let board = cs.board();
            let asked_rule = if ahead & board.color(!side) == ahead {
                0
            } else if set.count() != 1 {
                3
            } else if (board.occupied() & ahead).any() {
                1
            } else {
                2
            };
            let answers = [
                steps_off_the_squares_aside(cs, set).is_some(),
                past_a_friend_on_the_goal_square(cs, set, &mut try_step).is_some(),
                unfreezing_one_rank_away(cs, set, &mut try_step).is_some(),
            ];
            for (rule, &given) in answers.iter().enumerate() {
                assert!(
                    !given || rule == asked_rule,
                    "{pos}: after {s:?}, rule {rule}"
                );
                answered[rule] += usize::from(given);
            }
            // And the shaped rules answer wherever one of the three does.
            let decided = shaped_rules_decide(cs, set, &mut try_step).is_some();
            assert_eq!(decided, answers.contains(&true), "{pos}: after {s:?}");
        }
        check(pos);
    }
    eprintln!(
        "children of the pass with four: {} turn starts, {roots} roots, {pushes} children \
         with a push waiting ({push_goals} with a goal in three, {two_completers} with two \
         completers or more), one-rank rules answered {answered:?}",
        turn_starts.len()
    );
    assert!(
        roots > 1_000 && pushes > 1_000 && push_goals > 10 && two_completers > 10,
        "{roots} {pushes} {push_goals} {two_completers}"
    );
    assert!(answered.iter().all(|&n| n > 100), "{answered:?}");
}
