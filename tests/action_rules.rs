//! The step action space (`arimaa::action`) against plain references written here: the
//! 257 actions and their layout (`4 * square + direction`, 256 = end the turn), the
//! mirror and rank-flip permutations, and the exact mask against the full-turn
//! enumeration. On archive positions (at every depth of the turn) and random states
//! (pushes under way and pulls available included): the mask equals the first steps of
//! the step sequences that end legally (found by a plain walk of every legal step
//! sequence), following masks never meets an empty mask and reaches exactly the boards
//! of `legal_moves`, and `play_action` plays exactly the masked actions.

mod support;

use std::collections::HashSet;
use std::ops::ControlFlow;

use arimaa::action::{
    mirror_planes, Action, ActionError, ActionMask, View, ACTIONS, CHANNELS, GAME_CHANNELS,
    MIRROR_ACTIONS,
};
use arimaa::notation::record::Archive;
use arimaa::{Board, Color, Direction, Game, Piece, PieceKind, Position, Square, Step, TurnState};
use support::random::{random_position, random_state, Rng};

const FEB_2026: &str = include_str!("data/allgames202602.tsv");
const NOV_2011: &str = include_str!("data/allgames201111-sample.tsv");

#[test]
fn the_257_actions_follow_the_documented_layout_and_round_trip() {
    let mut on_board = 0;
    for (i, a) in Action::all().enumerate() {
        assert_eq!(usize::from(a.index()), i);
        assert_eq!(Action::new(i as u16), Some(a));
        assert_eq!(u16::from(a), i as u16);
        if i == 256 {
            assert_eq!(a, Action::END_TURN);
            assert!(a.is_end_turn());
            assert_eq!(a.step(), None);
            assert_eq!(Step::from_action(a), None);
            assert_eq!(a.square_direction(), None);
            assert_eq!(a.to_string(), "end");
            continue;
        }
        assert!(!a.is_end_turn());
        let sq = Square::ALL[i / 4];
        let dir = Direction::ALL[i % 4];
        assert_eq!(sq.index() as usize, i / 4);
        assert_eq!(dir as usize, i % 4);
        assert_eq!(a.square_direction(), Some((sq, dir)));
        match sq.step(dir) {
            Some(_) => {
                on_board += 1;
                let step = Step::new(sq, dir);
                assert_eq!(a.step(), Some(step));
                assert_eq!(Step::from_action(a), Some(step));
                assert_eq!(step.action(), a);
                assert_eq!(Action::from(step), a);
                assert_eq!(a.to_string(), step.to_string());
            }
            None => {
                assert_eq!(a.step(), None);
                assert_eq!(a.to_string(), format!("#{i}"));
            }
        }
    }
    assert_eq!(ACTIONS, 257);
    assert_eq!(Action::all().count(), 257);
    assert_eq!(on_board, 224, "32 steps leave the board");
    for i in 257..=u16::MAX {
        assert_eq!(Action::new(i), None);
    }
    // The corners of the table in the documentation.
    let named = |s: &str| {
        Action::from(Step::new(
            s[..2].parse().unwrap(),
            Direction::from_char(s.as_bytes()[2] as char).unwrap(),
        ))
    };
    assert_eq!(named("a1n").index(), 0);
    assert_eq!(named("b1e").index(), 5);
    assert_eq!(named("a2s").index(), 34);
    assert_eq!(named("h8w").index(), 255);
    assert_eq!(named("e2n").index(), 48);
}

#[test]
fn mirror_and_rank_flip_are_the_permutations_they_say() {
    let mut seen = HashSet::new();
    for a in Action::all() {
        let m = a.mirror();
        assert_eq!(MIRROR_ACTIONS[usize::from(a.index())], m.index());
        assert_eq!(m.mirror(), a);
        assert_eq!(a.flip_ranks().flip_ranks(), a);
        assert!(seen.insert(m));
        match a.step() {
            Some(step) => {
                let dir = match step.dir {
                    Direction::East => Direction::West,
                    Direction::West => Direction::East,
                    d => d,
                };
                assert_eq!(m.step(), Some(Step::new(step.from.flip_files(), dir)));
                let dir = match step.dir {
                    Direction::North => Direction::South,
                    Direction::South => Direction::North,
                    d => d,
                };
                let f = a.flip_ranks();
                assert_eq!(f.step(), Some(Step::new(step.from.flip_ranks(), dir)));
            }
            None => {
                assert_eq!(m.step(), None);
                assert_eq!(a.flip_ranks().step(), None);
                assert_eq!(m.is_end_turn(), a.is_end_turn());
            }
        }
    }
    assert_eq!(seen.len(), 257);
    assert_eq!(Action::END_TURN.mirror(), Action::END_TURN);
    let all: ActionMask = Action::all().collect();
    assert_eq!(all.len(), 257);
    assert_eq!(all.mirror(), all);
    assert_eq!(ActionMask::EMPTY.len(), 0);
    assert!(ActionMask::EMPTY.is_empty());
}

/// Adds to `ends` every board where a turn continued from `state` may end, walking every
/// legal step sequence (each state once: what follows a state does not depend on the way
/// to it).
fn walk(state: TurnState, start: &Board, seen: &mut HashSet<TurnState>, ends: &mut HashSet<Board>) {
    if !seen.insert(state) {
        return;
    }
    if state.check_end_turn(start).is_ok() {
        ends.insert(*state.board());
    }
    for &step in &state.legal_steps() {
        let mut next = state;
        next.play_step(step).expect("listed steps are legal");
        walk(next, start, seen, ends);
    }
}

/// The reference mask: the legal steps from which some sequence ends legally, and the
/// end of the turn when it may end now; with every board a completed turn can give.
fn reference(pos: &Position) -> (ActionMask, HashSet<Board>) {
    let state = *pos.turn_state();
    let start = pos.turn_start_board();
    let mut mask = ActionMask::EMPTY;
    let mut all = HashSet::new();
    for step in Square::ALL
        .into_iter()
        .flat_map(|sq| Direction::ALL.into_iter().map(move |d| Step::new(sq, d)))
    {
        let mut next = state;
        if next.play_step(step).is_err() {
            continue;
        }
        let mut ends = HashSet::new();
        walk(next, start, &mut HashSet::new(), &mut ends);
        if !ends.is_empty() {
            mask.insert(Action::from(step));
        }
        all.extend(ends);
    }
    if pos.can_end_turn() {
        mask.insert(Action::END_TURN);
        all.insert(*pos.board());
    }
    (mask, all)
}

/// Follows the masks from `pos` through every state they lead to (each once), checking
/// that no mask is empty and that `play_action` plays each masked action; collects the
/// boards where the turn is ended. Returns the number of states visited.
fn follow(pos: &Position, seen: &mut HashSet<TurnState>, ends: &mut HashSet<Board>) -> usize {
    if !seen.insert(*pos.turn_state()) {
        return 0;
    }
    let mask = pos.action_mask();
    // Only the state followed from may have an empty mask (no legal turn at all).
    assert!(
        !mask.is_empty() || seen.len() == 1,
        "{pos}: a dead end reached by following masks"
    );
    let mut visited = 1;
    for a in mask.iter() {
        let mut next = pos.clone();
        let effect = next
            .play_action(a)
            .unwrap_or_else(|e| panic!("{pos}: {a}: {e}"));
        if a.is_end_turn() {
            assert!(effect.is_none());
            assert_eq!(next.side_to_move(), !pos.side_to_move());
            ends.insert(*pos.board());
        } else {
            assert!(effect.is_some());
            visited += follow(&next, seen, ends);
        }
    }
    visited
}

#[derive(Default, Debug)]
struct Counts {
    states: usize,
    followed: usize,
    masked: usize,
    dead_ends: usize,
    pushes: usize,
    pulls: usize,
}

/// Every check of one state.
fn check(pos: &Position, counts: &mut Counts) {
    let mask = pos.action_mask();
    let (expected, boards) = reference(pos);
    assert_eq!(mask, expected, "{pos}");
    // The mask is a subset of the legal steps, and what it leaves out are dead ends.
    let legal = pos.legal_steps();
    for &s in &legal {
        let in_mask = mask.contains(Action::from(s));
        if !in_mask {
            counts.dead_ends += 1;
        }
    }
    assert_eq!(mask.len(), mask.to_bools().iter().filter(|&&b| b).count());
    counts.masked += mask.len();
    // Following masks gives exactly the boards of the full-turn enumeration.
    let mut gen = HashSet::new();
    let _: ControlFlow<()> = pos.for_each_move(|_, board, _| {
        gen.insert(*board);
        ControlFlow::Continue(())
    });
    if pos.can_end_turn() {
        gen.insert(*pos.board());
    }
    assert_eq!(gen, boards, "{pos}: the reference against legal_moves");
    let mut ends = HashSet::new();
    counts.followed += follow(pos, &mut HashSet::new(), &mut ends);
    assert_eq!(ends, boards, "{pos}: the boards reached by following masks");
    // `play_action` plays the masked actions and refuses the others, changing nothing.
    for a in Action::all() {
        let mut p = pos.clone();
        let checked = p.check_action(a);
        match p.play_action(a) {
            Ok(_) => assert!(mask.contains(a) && checked.is_ok(), "{pos}: {a}"),
            Err(e) => {
                assert!(!mask.contains(a), "{pos}: {a}: {e}");
                assert_eq!(checked, Err(e));
                assert_eq!(&p, pos, "{pos}: a refused action changed the position");
                match e {
                    ActionError::Step { action, .. } | ActionError::DeadEnd(action) => {
                        assert_eq!(action, a);
                        assert_eq!(
                            matches!(e, ActionError::DeadEnd(_)),
                            a.step().is_some_and(|s| legal.contains(&s))
                        );
                    }
                    ActionError::EndTurn(_) => assert!(a.is_end_turn()),
                    _ => unreachable!(),
                }
            }
        }
    }
    counts.states += 1;
    counts.pushes += usize::from(pos.pending_push().is_some());
    counts.pulls += usize::from(pos.pull_source().is_some());
}

#[test]
fn archive_masks_are_the_first_steps_of_the_legal_turns() {
    let mut counts = Counts::default();
    let mut turns = 0;
    for text in [FEB_2026, NOV_2011] {
        let archive: Archive = text.parse().expect("archive reads");
        for game in &archive.games {
            for m in game.replay().moves() {
                turns += 1;
                // One state a turn, at a depth rotating with the turn's number; turn
                // starts (the costliest) on every 1,000th turn only.
                let steps = m.mv.steps();
                let depth = turns % (steps.len() + 1);
                if depth == 0 && turns % 1000 != 0 {
                    continue;
                }
                let mut pos = m.before.clone();
                for &step in &steps[..depth] {
                    pos.play_step(step).expect("the record's step");
                }
                check(&pos, &mut counts);
            }
        }
    }
    eprintln!("{turns} archive turns: {counts:?}");
    assert_eq!(turns, 10_891);
    assert!(counts.pushes > 0 && counts.pulls > 0);
}

#[test]
fn random_state_masks_are_the_first_steps_of_the_legal_turns() {
    let mut rng = Rng(23);
    let mut counts = Counts::default();
    for _ in 0..3000 {
        let start = random_position(&mut rng);
        let state = random_state(&mut rng, &start);
        check(&state, &mut counts);
    }
    eprintln!("random states: {counts:?}");
    assert_eq!(counts.states, 3000);
    assert!(counts.pushes > 0 && counts.pulls > 0 && counts.dead_ends > 0);
}

/// The planes of `pos` in `view`, square by square against the board and turn state.
fn check_planes(pos: &Position, view: View) {
    let mut out = [f32::NAN; CHANNELS * 64];
    pos.observation(view, &mut out);
    let flip = view == View::Mover && pos.side_to_move() == Color::Silver;
    assert_eq!(view.flips(pos), flip);
    let board = pos.board();
    for sq in Square::ALL {
        // The square of the board shown at this entry.
        let shown = if flip { sq.flip_ranks() } else { sq };
        let plane =
            |c: usize| out[64 * c + 8 * sq.rank().index() as usize + sq.file().index() as usize];
        for c in 0..12 {
            let colour = if (c < 6) != flip {
                Color::Gold
            } else {
                Color::Silver
            };
            let kind = PieceKind::ALL[c % 6];
            let want = board.piece_at(shown) == Some(Piece::new(colour, kind));
            assert_eq!(
                plane(c),
                f32::from(u8::from(want)),
                "{pos}: plane {c} at {sq}"
            );
        }
        assert_eq!(
            plane(12),
            f32::from(u8::from(pos.side_to_move() == Color::Gold))
        );
        assert_eq!(plane(13), f32::from(pos.steps_left()) / 4.0);
        let push = pos.pending_push().map(|(s, _)| s) == Some(shown);
        assert_eq!(plane(14), f32::from(u8::from(push)), "{pos}: push at {sq}");
        let pull = pos.pull_source().map(|(s, _)| s) == Some(shown);
        assert_eq!(plane(15), f32::from(u8::from(pull)), "{pos}: pull at {sq}");
        let pullable = pos.turn_state().pullable().contains(shown);
        assert_eq!(
            plane(16),
            f32::from(u8::from(pullable)),
            "{pos}: pullable {sq}"
        );
        assert_eq!(
            plane(17),
            f32::from(u8::from(board.is_frozen(shown))),
            "{pos}: frozen {sq}"
        );
    }
    // Silver's view is Gold's view of the position with colours swapped and ranks
    // reversed, but for the side-to-move plane.
    if flip {
        let mut flipped = [0.0; CHANNELS * 64];
        pos.flip_colors().observation(View::Absolute, &mut flipped);
        for i in 0..CHANNELS * 64 {
            if i / 64 != 12 {
                assert_eq!(out[i], flipped[i], "{pos}: entry {i}");
            }
        }
        // The action permutation matches: the mask seen from Silver is the mask of the
        // flipped position.
        assert_eq!(
            pos.action_mask().flip_ranks(),
            pos.flip_colors().action_mask(),
            "{pos}"
        );
        for a in pos.action_mask().iter() {
            assert!(pos
                .flip_colors()
                .action_mask()
                .contains(view.action(pos, a)));
        }
    }
}

#[test]
fn observation_planes_agree_with_the_board_square_by_square() {
    let mut states = 0;
    for text in [FEB_2026, NOV_2011] {
        let archive: Archive = text.parse().expect("archive reads");
        for game in archive.games.iter().step_by(4) {
            for m in game.replay().moves() {
                let mut pos = m.before.clone();
                for &step in m.mv.steps() {
                    for view in [View::Absolute, View::Mover] {
                        check_planes(&pos, view);
                    }
                    states += 1;
                    pos.play_step(step).expect("the record's step");
                }
            }
        }
    }
    let mut rng = Rng(7);
    for _ in 0..3000 {
        let start = random_position(&mut rng);
        let state = random_state(&mut rng, &start);
        for view in [View::Absolute, View::Mover] {
            check_planes(&state, view);
        }
        states += 1;
    }
    eprintln!("{states} states' planes checked in both views");
}

#[test]
fn the_game_adds_the_repetition_plane() {
    let pos: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"
        .parse()
        .unwrap();
    let mut game = Game::from_position(pos.clone(), arimaa::Variant::default());
    let mut planes = [0.0; CHANNELS * 64];
    let mut out = [f32::NAN; GAME_CHANNELS * 64];
    for view in [View::Absolute, View::Mover] {
        game.observation(view, &mut out);
        pos.observation(view, &mut planes);
        assert_eq!(&out[..CHANNELS * 64], &planes[..]);
        let seen = game.times_seen(game.position()) as f32 / 3.0;
        assert!(seen > 0.0);
        assert!(out[CHANNELS * 64..].iter().all(|&x| x == seen));
    }
    // Two moves out and two back: the start is seen again.
    for mv in ["Ee2n", "ed7s", "Ee3s", "ed6n"] {
        let m = arimaa::notation::official::parse_move(game.position(), mv).unwrap();
        game.play(&m).unwrap();
    }
    game.observation(View::Absolute, &mut out);
    assert_eq!(game.times_seen(game.position()), 2);
    assert!(out[CHANNELS * 64..].iter().all(|&x| x == 2.0 / 3.0));
}

/// Mirroring `pos`, its mask, its planes and its turns commute.
fn check_mirror(pos: &Position) {
    let m = pos.mirror_files();
    assert_eq!(m.mirror_files(), *pos);
    assert_eq!(m.side_to_move(), pos.side_to_move());
    assert_eq!(m.to_string().parse::<Position>().expect("reads back"), m);
    if m.steps_taken() == 0 {
        assert_eq!(
            m,
            Position::new(*m.board(), m.side_to_move())
                .unwrap()
                .with_cap(m.step_cap())
        );
    }
    for sq in Square::ALL {
        assert_eq!(
            m.board().piece_at(sq.flip_files()),
            pos.board().piece_at(sq)
        );
    }
    let mask = pos.action_mask();
    assert_eq!(m.action_mask(), mask.mirror(), "{pos}");
    for a in Action::all() {
        let mirrored = Action::new(MIRROR_ACTIONS[usize::from(a.index())]).unwrap();
        assert_eq!(m.action_mask().contains(mirrored), mask.contains(a));
    }
    for view in [View::Absolute, View::Mover] {
        let mut planes = [0.0; CHANNELS * 64];
        let mut mirrored = [0.0; CHANNELS * 64];
        pos.observation(view, &mut planes);
        m.observation(view, &mut mirrored);
        mirror_planes(&mut planes);
        assert_eq!(planes, mirrored, "{pos}: {view:?}");
    }
    let boards = |p: &Position| {
        let mut set = HashSet::new();
        let _: ControlFlow<()> = p.for_each_move(|_, b, _| {
            set.insert(*b);
            ControlFlow::Continue(())
        });
        set
    };
    let mirrored: HashSet<Board> = boards(pos).iter().map(Board::mirror_files).collect();
    assert_eq!(boards(&m), mirrored, "{pos}");
}

trait WithCap {
    fn with_cap(self, cap: u8) -> Position;
}

impl WithCap for Position {
    fn with_cap(mut self, cap: u8) -> Position {
        self.set_step_cap(cap).unwrap();
        self
    }
}

#[test]
fn mirroring_a_position_its_mask_its_planes_and_its_turns_commute() {
    let mut states = 0;
    for text in [FEB_2026, NOV_2011] {
        let archive: Archive = text.parse().expect("archive reads");
        for game in archive.games.iter().step_by(30) {
            for m in game.replay().moves() {
                let mut pos = m.before.clone();
                for &step in m.mv.steps() {
                    check_mirror(&pos);
                    states += 1;
                    pos.play_step(step).expect("the record's step");
                }
            }
        }
    }
    let mut rng = Rng(99);
    for _ in 0..2000 {
        let start = random_position(&mut rng);
        check_mirror(&random_state(&mut rng, &start));
        states += 1;
    }
    eprintln!("{states} states mirrored");
}

/// Follows the game's masks from `pos` (a turn of `game`), collecting the end boards.
fn follow_game(
    game: &Game,
    pos: &Position,
    seen: &mut HashSet<TurnState>,
    ends: &mut HashSet<Board>,
) {
    if !seen.insert(*pos.turn_state()) {
        return;
    }
    let mask = game.action_mask(pos);
    assert!(!mask.is_empty(), "{pos}: a dead end");
    for a in mask.iter() {
        assert!(
            pos.action_mask().contains(a),
            "{pos}: {a} beyond the position's mask"
        );
        if a.is_end_turn() {
            ends.insert(*pos.board());
        } else {
            let mut next = pos.clone();
            next.play_action(a).unwrap();
            follow_game(game, &next, seen, ends);
        }
    }
}

#[test]
fn the_game_mask_leaves_out_turns_that_repeat_a_position_a_third_time() {
    let pos: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"
        .parse()
        .unwrap();
    let mut game = Game::from_position(pos, arimaa::Variant::default());
    assert_eq!(
        game.action_mask(game.position()),
        game.position().action_mask()
    );
    for mv in ["Ee2n", "ed7s", "Ee3s", "ed6n", "Ee2n", "ed7s", "Ee3s"] {
        let m = arimaa::notation::official::parse_move(game.position(), mv).unwrap();
        game.play(&m).unwrap();
    }
    // Silver's ed6n would give the start a third time.
    let mut turn = game.position().clone();
    let d6n = Action::from(Step::new(Square::D6, Direction::North));
    assert!(
        game.action_mask(&turn).contains(d6n),
        "other turns begin with it"
    );
    turn.play_action(d6n).unwrap();
    assert!(turn.action_mask().contains(Action::END_TURN));
    assert!(!game.action_mask(&turn).contains(Action::END_TURN));
    // Following the game's masks gives exactly the game's legal moves.
    let mut ends = HashSet::new();
    follow_game(&game, game.position(), &mut HashSet::new(), &mut ends);
    let legal: HashSet<Board> = game
        .legal_moves()
        .iter()
        .map(|m| *game.position().after(m).unwrap().board())
        .collect();
    assert_eq!(ends, legal);
    let all = game.position().legal_moves().len();
    assert_eq!(legal.len() + 1, all, "one turn repeats: {all} turns");
}

/// Whether some legal step of `pos` (with, for the first step of a push, one of its
/// completions) gives back the board the turn started from: the states where the fast
/// mask must search instead of deciding from the squares that changed.
fn can_return(pos: &Position) -> bool {
    let start = pos.turn_start_board();
    pos.legal_steps().iter().any(|&s| {
        let mut next = pos.clone();
        next.play_step(s).expect("a listed step");
        if next.pending_push().is_none() {
            return next.board() == start;
        }
        next.legal_steps().iter().any(|&c| {
            let mut done = next.clone();
            done.play_step(c).expect("a listed completion");
            done.board() == start
        })
    })
}

/// States built to hit the fast mask's search: steps undone (a piece stepping back, a
/// pull pushed back, a push pulled back) at every depth and step limit, found by random
/// walks from archive turn starts and random positions; each checked in full (`check`).
#[test]
fn masks_where_a_step_can_restore_the_turn_start_are_exact() {
    let mut rng = Rng(41);
    let mut counts = Counts::default();
    let mut returns = 0;
    let mut starts: Vec<Position> = support::tactics::archive_positions()
        .into_iter()
        .step_by(97)
        .collect();
    starts.extend((0..300).map(|_| random_position(&mut rng)));
    for start in &starts {
        let mut found = 0;
        for _ in 0..40 {
            if found == 3 {
                break;
            }
            let mut pos = start.clone();
            pos.set_step_cap(1 + rng.below(4) as u8).unwrap();
            for _ in 0..rng.below(usize::from(pos.step_cap())) {
                let steps = pos.legal_steps();
                // Prefer the steps that undo the turn so far.
                let back: Vec<Step> = steps
                    .iter()
                    .copied()
                    .filter(|&s| {
                        let mut p = pos.clone();
                        p.play_step(s).unwrap();
                        can_return(&p) || p.board() == pos.turn_start_board()
                    })
                    .collect();
                let pool = if !back.is_empty() && rng.below(3) > 0 {
                    &back[..]
                } else {
                    &steps[..]
                };
                if pool.is_empty() {
                    break;
                }
                pos.play_step(pool[rng.below(pool.len())]).unwrap();
            }
            if pos.steps_taken() > 0 && can_return(&pos) {
                found += 1;
                returns += 1;
                check(&pos, &mut counts);
            }
        }
    }
    eprintln!("{returns} states with a step back to the turn's start: {counts:?}");
    assert!(returns > 500 && counts.dead_ends > 100 && counts.pushes > 0);
}

/// Hand-made states: a step undone with no step left to change the board again, a pull
/// whose push back would restore the start on the last steps, a push whose pull back
/// would.
#[test]
fn undone_steps_pushes_and_pulls_are_dead_ends_when_nothing_is_left() {
    let state = |text: &str, cap: u8, steps: &[&str]| {
        let mut pos: Position = text.parse().unwrap();
        pos.set_step_cap(cap).unwrap();
        for s in steps {
            let sq: Square = s[..2].parse().unwrap();
            let dir = Direction::from_char(s.as_bytes()[2] as char).unwrap();
            pos.play_step(Step::new(sq, dir)).unwrap();
        }
        pos
    };
    let action = |s: &str| {
        let sq: Square = s[..2].parse().unwrap();
        Action::from(Step::new(
            sq,
            Direction::from_char(s.as_bytes()[2] as char).unwrap(),
        ))
    };
    let mut counts = Counts::default();
    // Gold's elephant on d4 and Silver's rabbit on d5, each alone with its army far off.
    let row = |s: &str| format!("{s:<8}");
    let text = format!(
        "g [{}{}{}{}{}{}{}{}]",
        row("       r"),
        row(""),
        row(""),
        row("   r"),
        row("   E"),
        row(""),
        row(""),
        row("R"),
    );
    // A step and its undoing, with no step left after it: not offered.
    let pos = state(&text, 2, &["d4e"]);
    assert!(!pos.action_mask().contains(action("e4w")));
    check(&pos, &mut counts);
    // With steps left after it: offered.
    let pos = state(&text, 3, &["d4e"]);
    assert!(pos.action_mask().contains(action("e4w")));
    check(&pos, &mut counts);
    // The pull d4s d5s, then pushing the rabbit back (d4n d3n) on the last two steps
    // restores the start: not offered; pushing it elsewhere is.
    let pos = state(&text, 4, &["d4s", "d5s"]);
    assert_eq!(
        pos.board().piece_at(Square::D4).map(|p| p.kind),
        Some(PieceKind::Rabbit)
    );
    assert!(!pos.action_mask().contains(action("d4n")));
    assert!(pos.action_mask().contains(action("d4e")));
    check(&pos, &mut counts);
    // The push d5n d4n, then the pull back d5s d6s on the last two steps: after the
    // elephant steps back, the rabbit's pull back is not offered.
    let pos = state(&text, 4, &["d5n", "d4n", "d5s"]);
    assert!(!pos.action_mask().contains(action("d6s")));
    check(&pos, &mut counts);
    let pos = state(&text, 4, &["d5n", "d4n"]);
    check(&pos, &mut counts);
    assert!(counts.dead_ends >= 3, "{counts:?}");
}
