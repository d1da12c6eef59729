//! The step rules of `TurnState` (the one place they are written) against a plain
//! statement of the rules in this file, square by square: every one of the 256 steps of
//! a state is legal by `check_step` exactly when the reference says so, with the same
//! role; `step_set` and `legal_steps` list exactly those steps; `step_set_of` and
//! `touching` are the filters they say; `pullable` is the pieces a pull may move;
//! playing a step gives the reference's board and turn state. Checked in every state of
//! all 10,891 movement turns of the two archive files and on random positions and
//! states (mid-turn, under every step limit).

mod support;

use arimaa::notation::record::Archive;
use arimaa::{Bitboard, Board, Direction, Piece, PieceKind, Position, Square, Step};
use arimaa::{StepKind, TurnState};
use support::random::{random_position, random_state, Rng};

const FEB_2026: &str = include_str!("data/allgames202602.tsv");
const NOV_2011: &str = include_str!("data/allgames201111-sample.tsv");

/// The neighbours of `sq` on the board.
fn neighbours(sq: Square) -> impl Iterator<Item = Square> {
    Direction::ALL.into_iter().filter_map(move |d| sq.step(d))
}

/// Whether the piece on `sq` is frozen: a stronger enemy beside it and no friend.
fn frozen(board: &Board, sq: Square) -> bool {
    let Some(p) = board.piece_at(sq) else {
        return false;
    };
    let near: Vec<Piece> = neighbours(sq).filter_map(|n| board.piece_at(n)).collect();
    let friend = near.iter().any(|q| q.color == p.color);
    let stronger = near.iter().any(|q| q.color != p.color && q.kind > p.kind);
    stronger && !friend
}

/// The role of `step` by the rules, or `None` when it is illegal.
fn reference_kind(state: &TurnState, step: Step) -> Option<StepKind> {
    let board = state.board();
    let side = state.side_to_move();
    let to = step.to()?;
    let piece = board.piece_at(step.from)?;
    if state.steps_left() == 0 || board.piece_at(to).is_some() {
        return None;
    }
    if let Some((sq, kind)) = state.pending_push() {
        let ok = piece.color == side && to == sq && piece.kind > kind && !frozen(board, step.from);
        return ok.then_some(StepKind::PushFinish);
    }
    if piece.color == side {
        let backwards = piece.kind == PieceKind::Rabbit && step.dir == Direction::backwards(side);
        return (!frozen(board, step.from) && !backwards).then_some(StepKind::Simple);
    }
    if let Some((sq, kind)) = state.pull_source() {
        if to == sq && piece.kind < kind {
            return Some(StepKind::Pulled);
        }
    }
    let pusher = neighbours(step.from).any(|n| {
        board
            .piece_at(n)
            .is_some_and(|q| q.color == side && q.kind > piece.kind && !frozen(board, n))
    });
    (pusher && state.steps_left() >= 2).then_some(StepKind::Pushed)
}

/// The board after `step` by the rules: the piece moves, then every piece on a trap
/// without a friend beside it is removed.
fn reference_board(board: &Board, step: Step) -> Board {
    let mut b = *board;
    let piece = b.piece_at(step.from).unwrap();
    b.set(step.from, None);
    b.set(step.to().unwrap(), Some(piece));
    for trap in Square::TRAPS {
        if let Some(p) = b.piece_at(trap) {
            if !neighbours(trap).any(|n| b.piece_at(n).is_some_and(|q| q.color == p.color)) {
                b.set(trap, None);
            }
        }
    }
    b
}

fn every_step() -> impl Iterator<Item = Step> {
    Square::ALL
        .into_iter()
        .flat_map(|sq| Direction::ALL.into_iter().map(move |d| Step::new(sq, d)))
}

/// Checks every rule of `state` against the reference; returns the number of legal steps.
fn check(state: &TurnState) -> usize {
    let set = state.step_set();
    let listed = state.legal_steps();
    let mut legal = 0;
    for step in every_step() {
        let expected = reference_kind(state, step);
        let got = state.check_step(step).ok();
        assert_eq!(got, expected, "{state:?}: {step}");
        assert_eq!(
            set.contains(step),
            expected.is_some(),
            "{state:?}: {step} in the set"
        );
        let role = match expected {
            Some(StepKind::Simple | StepKind::PushFinish) => Some(set.own(step.dir)),
            Some(StepKind::Pulled) => Some(set.pulls(step.dir)),
            Some(StepKind::Pushed) => Some(set.pushes(step.dir)),
            None => None,
        };
        if let Some(role) = role {
            assert!(
                role.contains(step.from),
                "{state:?}: {step} in the wrong role"
            );
            legal += 1;
            check_play(state, step, expected.unwrap());
        }
    }
    assert_eq!(set.len(), legal, "{state:?}");
    assert_eq!(
        listed.len(),
        legal,
        "{state:?}: legal_steps lists each step once"
    );
    assert!(listed.iter().all(|&s| set.contains(s)));
    check_filters(state);
    check_pullable(state);
    legal
}

/// `pullable` is the enemy pieces beside the pull square that are weaker than the piece
/// that left it, square by square (empty when no pull is under way).
fn check_pullable(state: &TurnState) {
    let board = state.board();
    let expected: Bitboard = match state.pull_source() {
        Some((sq, kind)) => neighbours(sq)
            .filter(|&n| {
                board
                    .piece_at(n)
                    .is_some_and(|q| q.color != state.side_to_move() && q.kind < kind)
            })
            .collect(),
        None => Bitboard::EMPTY,
    };
    assert_eq!(state.pullable(), expected, "{state:?}: pullable");
}

/// Playing `step` (of role `kind`) gives the reference's board and turn state.
fn check_play(state: &TurnState, step: Step, kind: StepKind) {
    let mut after = *state;
    let effect = after.play_step(step).expect("legal");
    assert_eq!(effect.kind, kind);
    assert_eq!(
        after.board(),
        &reference_board(state.board(), step),
        "{state:?}: {step}"
    );
    assert_eq!(after.steps_taken(), state.steps_taken() + 1);
    let piece = state.board().piece_at(step.from).unwrap();
    let (push, pull) = match kind {
        StepKind::Simple => (None, Some((step.from, piece.kind))),
        StepKind::Pushed => (Some((step.from, piece.kind)), None),
        StepKind::PushFinish | StepKind::Pulled => (None, None),
    };
    assert_eq!((after.pending_push(), after.pull_source()), (push, pull));
    let mut unchecked = *state;
    assert_eq!(unchecked.play_step_unchecked(step), effect);
    assert_eq!(unchecked, after);
}

/// `step_set_of` and `touching` keep exactly the steps they name.
fn check_filters(state: &TurnState) {
    let set = state.step_set();
    let occupied = state.board().occupied();
    for mask in [
        Bitboard::EMPTY,
        occupied,
        Bitboard::TRAPS.neighbours(),
        !occupied,
    ] {
        let of = state.step_set_of(mask);
        let touching = set.touching(mask, Bitboard::TRAPS);
        for step in every_step() {
            let to = step.to().map_or(Bitboard::EMPTY, Bitboard::from_square);
            let near = mask.contains(step.from) || (to & Bitboard::TRAPS).any();
            assert_eq!(
                of.contains(step),
                set.contains(step) && mask.contains(step.from)
            );
            assert_eq!(touching.contains(step), set.contains(step) && near);
        }
    }
}

#[test]
fn every_state_of_the_archive_turns_follows_the_rules() {
    let (mut states, mut steps) = (0, 0);
    for text in [FEB_2026, NOV_2011] {
        let archive: Archive = text.parse().expect("archive reads");
        for game in &archive.games {
            for m in game.replay().moves() {
                let mut pos = m.before.clone();
                steps += check(pos.turn_state());
                for &step in m.mv.steps() {
                    pos.play_step(step).expect("the record's step");
                    steps += check(pos.turn_state());
                    states += 1;
                }
            }
        }
    }
    eprintln!("{states} states inside the archive turns, {steps} legal steps checked");
    assert!(states > 40_000);
}

#[test]
fn random_states_follow_the_rules() {
    let mut rng = Rng(26);
    let (mut pushes, mut pulls) = (0, 0);
    for _ in 0..3000 {
        let start = random_position(&mut rng);
        let state = random_state(&mut rng, &start);
        check(state.turn_state());
        pushes += usize::from(state.pending_push().is_some());
        pulls += usize::from(state.pull_source().is_some());
        // The flipped state follows the same rules.
        check(state.flip_colors().turn_state());
    }
    eprintln!("3000 random states: {pushes} with a push under way, {pulls} with a pull");
    assert!(pushes > 50 && pulls > 100);
}

#[test]
fn a_position_steps_as_its_turn_state_does() {
    let mut rng = Rng(27);
    for _ in 0..500 {
        let start = random_position(&mut rng);
        let pos = random_state(&mut rng, &start);
        for &step in &pos.legal_steps() {
            let mut p = pos.clone();
            let mut s = *pos.turn_state();
            assert_eq!(p.play_step(step), s.play_step(step));
            assert_eq!(p.turn_state(), &s);
            // The hash is the board's and the side's, kept up to date.
            let side_key = Position::new(*s.board(), s.side_to_move())
                .unwrap()
                .zobrist();
            assert_eq!(p.zobrist(), side_key);
        }
        assert_eq!(pos.turn_state().side_to_move(), pos.side_to_move());
        assert_eq!(pos.turn_state().board(), pos.board());
    }
}
