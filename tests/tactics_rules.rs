//! The tactics queries (`Position::goal_move`, `Position::capture_moves`) against plain
//! references, on real, labelled and random positions, at the start and in the middle of
//! turns, under step caps 4, 3, 2 and 1.
//!
//! References:
//! - the full-turn enumeration (`TurnGenerator::for_each_move`, one shortest move per
//!   distinct board): the goal answer is the shortest move whose board has a rabbit of the
//!   mover on its goal rank, or 0 steps when the turn could end now with one there (the
//!   enumeration never lists the empty move); for each enemy kind, the fewest captures
//!   steps equal the shortest move whose board has fewer pieces of that kind (captured
//!   pieces never return and pieces never change kind). Which piece of a kind a move
//!   captures is read by replaying it; the enumeration keeps one move per board, so a
//!   board reached both by capturing one dog and by capturing the other is listed with
//!   one of them only: there the query may be shorter for the other dog, and its witness
//!   shows it (these cases are counted);
//! - a breadth-first walk over every step sequence with the checked single-step API,
//!   following each enemy piece by identity: exact per piece, used on random positions.
//!
//! Every answer's move is replayed with the checked API: each step with `play_step`, the
//! turn can end, the final board has the goal (or the piece was captured on the way), and
//! the length is the answer.
//!
//! The archive comparison runs on every 8th position by default (about a fifth of a
//! minute); `TACTICS_FULL=1` runs all 10,891 positions under every cap.

mod support;

use std::collections::HashSet;
use std::ops::ControlFlow;

use arimaa::{Board, Color, Move, PieceKind, Position, Square, Step, TurnGenerator};
use proptest::prelude::*;
use support::random::{random_position, random_state, Rng};
use support::tactics::{archive_positions, endgame_positions, endgame_records, GoalLabel};

/// The square each enemy piece started the query on, indexed by its square now.
type Origins = [Square; 64];

/// Plays `step` with the checked API, following enemy pieces; returns the origin of an
/// enemy piece it captured, if any.
fn play_tracked(pos: &mut Position, origins: &mut Origins, step: Step) -> Option<Square> {
    let side = pos.side_to_move();
    let effect = pos
        .play_step(step)
        .unwrap_or_else(|e| panic!("step {step} of a witness is illegal in {pos:?}: {e}"));
    if effect.piece.color != side {
        origins[effect.to.index() as usize] = origins[effect.from.index() as usize];
    }
    effect
        .capture
        .filter(|c| c.piece.color != side)
        .map(|c| origins[c.square.index() as usize])
}

/// The origins of the enemy pieces `mv` captures, after checking that it is a legal turn.
fn captured_by(pos: &Position, mv: &Move) -> u64 {
    let mut p = pos.clone();
    let mut origins = Square::ALL;
    let mut captured = 0u64;
    for &step in mv.steps() {
        if let Some(o) = play_tracked(&mut p, &mut origins, step) {
            captured |= 1 << o.index();
        }
    }
    assert!(
        p.check_end_turn().is_ok(),
        "{mv:?} cannot end the turn in {pos:?}"
    );
    captured
}

fn check_goal_witness(pos: &Position, mv: &Move) {
    let mut p = pos.clone();
    for &step in mv.steps() {
        p.play_step(step)
            .unwrap_or_else(|e| panic!("goal witness {mv:?} illegal in {pos:?}: {e}"));
    }
    assert!(
        p.check_end_turn().is_ok(),
        "goal witness {mv:?} cannot end in {pos:?}"
    );
    assert!(
        p.board().rabbit_on_goal(pos.side_to_move()),
        "no goal after {mv:?} in {pos:?}"
    );
    assert_eq!(pos.after(mv).map(|a| *a.board()).ok(), Some(*p.board()));
}

/// The goal answer by the full-turn enumeration.
fn goal_by_enumeration(gen: &mut TurnGenerator, pos: &Position) -> Option<usize> {
    let side = pos.side_to_move();
    if pos.check_end_turn().is_ok() && pos.board().rabbit_on_goal(side) {
        return Some(0);
    }
    let mut best = None;
    let _: ControlFlow<()> = gen.for_each_move(pos, |m, b, _| {
        if b.rabbit_on_goal(side) {
            best = Some(m.len());
            return ControlFlow::Break(()); // shorter moves come first
        }
        ControlFlow::Continue(())
    });
    best
}

/// What the enumeration says about captures: per enemy kind the fewest steps, and per
/// origin square the fewest steps of a listed move that captures that very piece.
struct CaptureReference {
    by_kind: [Option<usize>; 6],
    by_piece: [Option<usize>; 64],
}

fn captures_by_enumeration(gen: &mut TurnGenerator, pos: &Position) -> CaptureReference {
    let enemy = !pos.side_to_move();
    let counts = |b: &Board| PieceKind::ALL.map(|k| b.count(k.of(enemy)));
    let now = counts(pos.board());
    let total_now: u32 = now.iter().sum();
    let mut r = CaptureReference {
        by_kind: [None; 6],
        by_piece: [None; 64],
    };
    let _: ControlFlow<()> = gen.for_each_move(pos, |m, b, _| {
        let after = counts(b);
        if after.iter().sum::<u32>() == total_now {
            return ControlFlow::Continue(());
        }
        for k in 0..6 {
            if after[k] < now[k] && r.by_kind[k].is_none() {
                r.by_kind[k] = Some(m.len());
            }
        }
        let captured = captured_by(pos, m);
        for sq in Square::ALL {
            if captured >> sq.index() & 1 == 1 && r.by_piece[sq.index() as usize].is_none() {
                r.by_piece[sq.index() as usize] = Some(m.len());
            }
        }
        ControlFlow::Continue(())
    });
    r
}

/// The exact per-piece reference: a breadth-first walk over all step sequences (turn
/// state and enemy identities included), with the checked API. Also gives the goal.
fn walk(pos: &Position) -> (Option<usize>, [Option<usize>; 64]) {
    let side = pos.side_to_move();
    let mut goal = None;
    let mut by_piece = [None; 64];
    let mut layer = vec![(pos.clone(), Square::ALL, 0u64)];
    let mut seen = HashSet::new();
    for depth in 0..=usize::from(pos.steps_left()) {
        let mut next = Vec::new();
        for (p, origins, captured) in &layer {
            if p.check_end_turn().is_ok() {
                if goal.is_none() && p.board().rabbit_on_goal(side) {
                    goal = Some(depth);
                }
                for sq in Square::ALL {
                    let slot = &mut by_piece[sq.index() as usize];
                    if captured >> sq.index() & 1 == 1 && slot.is_none() {
                        *slot = Some(depth);
                    }
                }
            }
            for &step in p.legal_steps().iter() {
                let mut child = p.clone();
                let mut o = *origins;
                let mut c = *captured;
                if let Some(origin) = play_tracked(&mut child, &mut o, step) {
                    c |= 1 << origin.index();
                }
                if seen.insert((child.clone(), o, c)) {
                    next.push((child, o, c));
                }
            }
        }
        layer = next;
    }
    (goal, by_piece)
}

#[derive(Default, Debug)]
struct Stats {
    compared: usize,
    goals: usize,
    goal_witnesses: usize,
    capture_witnesses: usize,
    identity_cases: usize,
}

/// Checks both queries on `pos` against the enumeration and replays every witness.
fn check_position(gen: &mut TurnGenerator, pos: &Position, stats: &mut Stats) {
    stats.compared += 1;
    let goal = pos.goal_move();
    assert_eq!(
        goal.map(|m| m.len()),
        goal_by_enumeration(gen, pos),
        "goal of {pos:?} (cap {})",
        pos.step_cap()
    );
    if let Some(mv) = goal {
        check_goal_witness(pos, &mv);
        stats.goals += 1;
        stats.goal_witnesses += 1;
    }
    let captures = pos.capture_moves();
    let reference = captures_by_enumeration(gen, pos);
    let enemy = !pos.side_to_move();
    let mut by_kind = [None::<usize>; 6];
    for sq in Square::ALL {
        let got = captures.get(sq);
        let piece = pos.board().piece_at(sq);
        if let Some(mv) = got {
            let p = piece.filter(|p| p.color == enemy);
            let p = p.unwrap_or_else(|| panic!("capture of no enemy piece on {sq} in {pos:?}"));
            assert!(
                captured_by(pos, mv) >> sq.index() & 1 == 1,
                "{mv:?} does not capture {sq} in {pos:?}"
            );
            stats.capture_witnesses += 1;
            let slot = &mut by_kind[p.kind.index()];
            *slot = Some(slot.map_or(mv.len(), |b: usize| b.min(mv.len())));
        }
        let listed = reference.by_piece[sq.index() as usize];
        match (got.map(Move::len), listed) {
            (Some(a), Some(b)) if a < b => stats.identity_cases += 1,
            (Some(a), Some(b)) => assert_eq!(a, b, "capture of {sq} in {pos:?}"),
            (None, Some(b)) => panic!("{sq} capturable in {b} steps in {pos:?}, not found"),
            (Some(_), None) => stats.identity_cases += 1,
            (None, None) => {}
        }
    }
    assert_eq!(
        by_kind, reference.by_kind,
        "fewest steps per kind in {pos:?}"
    );
}

fn with_cap(pos: &Position, cap: u8) -> Position {
    let mut p = pos.clone();
    p.set_step_cap(cap)
        .expect("caps 1-4 at the start of a turn");
    p
}

#[test]
fn archive_positions_match_the_enumeration_under_every_cap() {
    let full = std::env::var_os("TACTICS_FULL").is_some();
    let positions = archive_positions();
    let mut gen = TurnGenerator::new();
    let mut stats = Stats::default();
    for (i, pos) in positions.iter().enumerate() {
        if !full && i % 8 != 0 {
            continue;
        }
        for cap in [4, 3, 2, 1] {
            check_position(&mut gen, &with_cap(pos, cap), &mut stats);
        }
    }
    eprintln!(
        "archive ({}): {stats:?}",
        if full { "full" } else { "every 8th" }
    );
    let expected = if full {
        4 * 10_891
    } else {
        4 * 10_891usize.div_ceil(8)
    };
    assert_eq!(stats.compared, expected);
    assert!(stats.goals > 0 && stats.capture_witnesses > 0);
}

#[test]
fn endgame_labels_hold() {
    let records = endgame_records();
    let invalid: Vec<_> = records
        .iter()
        .filter(|r| Position::from_diagram(&r.diagram).is_err())
        .collect();
    assert_eq!(invalid.len(), 2, "two records are not valid positions");
    for r in &invalid {
        let err = Position::from_diagram(&r.diagram).unwrap_err();
        assert!(err.to_string().contains("f3"), "{err}");
    }
    let positions = endgame_positions();
    assert_eq!(positions.len(), 483);
    let mut gen = TurnGenerator::new();
    let mut stats = Stats::default();
    let mut matched = 0;
    for (pos, label) in &positions {
        let goal = pos.goal_move().map(|m| m.len());
        match *label {
            GoalLabel::No => assert_eq!(goal, None, "{pos:?}"),
            GoalLabel::Yes => assert!(goal.is_some(), "{pos:?}"),
            GoalLabel::Steps(n) => assert_eq!(goal, Some(n), "{pos:?}"),
        }
        matched += 1;
        for cap in [4, 3, 2, 1] {
            check_position(&mut gen, &with_cap(pos, cap), &mut stats);
        }
    }
    assert_eq!(matched, 483);
    eprintln!("endgames: {matched} labels matched, {stats:?}");
}

// ---------------------------------------------------------------------------------------
// Random positions, mid-turn included.

fn check_against_walk(pos: &Position) -> Result<(), TestCaseError> {
    let (goal, by_piece) = walk(pos);
    let got_goal = pos.goal_move();
    prop_assert_eq!(got_goal.map(|m| m.len()), goal, "goal of {:?}", pos);
    if let Some(mv) = got_goal {
        check_goal_witness(pos, &mv);
    }
    let captures = pos.capture_moves();
    for sq in Square::ALL {
        let got = captures.get(sq);
        prop_assert_eq!(
            got.map(Move::len),
            by_piece[sq.index() as usize],
            "{} in {:?}",
            sq,
            pos
        );
        if let Some(mv) = got {
            prop_assert!(captured_by(pos, mv) >> sq.index() & 1 == 1);
        }
    }
    let mut gen = TurnGenerator::new();
    prop_assert_eq!(goal, goal_by_enumeration(&mut gen, pos));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_positions_match_the_exact_walk(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let pos = random_position(&mut rng);
        let state = random_state(&mut rng, &pos);
        check_against_walk(&state)?;
    }
}

/// Mid-turn states that matter, made sure of: a push waiting for its second step and a
/// pull available, from random positions.
#[test]
fn pushes_under_way_and_pulls_available_match_the_walk() {
    let mut rng = Rng(7);
    let (mut pushes, mut pulls) = (0, 0);
    while pushes < 150 || pulls < 150 {
        let pos = random_position(&mut rng);
        let mut p = pos.clone();
        let steps = p.legal_steps();
        let Some(&step) = steps.get(rng.below(steps.len().max(1))) else {
            continue;
        };
        p.play_step(step).expect("legal");
        let push = p.pending_push().is_some();
        let pull = p.pull_source().is_some_and(|(to, kind)| {
            let enemy = p.board().color(!p.side_to_move());
            (enemy & arimaa::Bitboard::adjacent(to))
                .iter()
                .any(|s| p.board().piece_at(s).is_some_and(|q| q.kind < kind))
        });
        if !(push && pushes < 150 || pull && pulls < 150) {
            continue;
        }
        pushes += usize::from(push);
        pulls += usize::from(pull);
        check_against_walk(&p).expect("matches the walk");
    }
}

#[test]
fn a_goal_already_on_the_board_mid_turn_is_the_empty_move() {
    // Gold's rabbit steps from a7 to a8: the turn can end now, so 0 steps.
    let mut pos: Position = "g [        R                                          r        E   ]"
        .parse()
        .unwrap();
    assert_eq!(pos.goal_move().map(|m| m.len()), Some(1));
    pos.play_step(Step::new(Square::A7, arimaa::Direction::North))
        .unwrap();
    let goal = pos.goal_move().expect("the turn can end with the goal");
    assert!(goal.is_empty());
    assert!(pos
        .after(&goal)
        .unwrap()
        .board()
        .rabbit_on_goal(Color::Gold));
}

/// Regressions: goals whose shortest turn begins with steps that the no-slack filter
/// once skipped. Both come from `endgame-positions.txt`.
#[test]
fn goals_that_need_a_pull_to_free_the_rabbit() {
    let cases = [
        // Gold's camel steps h8w and back, pulling the dog f8 that blocks and freezes
        // the rabbit f7 (a pull begun beside the square ahead).
        "g [  rr d M  rcrRr Dh    r           E  e        D  RRR  h         ]",
        // Gold's dog b5 pulls the cat b6, whose dog on the trap c6 (freezing the rabbit
        // c7) is then captured: an enemy piece two squares from the rabbit moves.
        "g [  r       Rr r rrcd   e rDC    R   m d     R Rh      CE RR      ]",
    ];
    let mut gen = TurnGenerator::new();
    for text in cases {
        let pos: Position = text.parse().unwrap();
        let goal = pos.goal_move().expect("a goal in four steps");
        assert_eq!(goal.len(), 4);
        check_goal_witness(&pos, &goal);
        assert_eq!(goal_by_enumeration(&mut gen, &pos), Some(4));
    }
}
