//! Episodes (`arimaa::action::Episode`), the interface issue 23 specified: random
//! episodes from every `Start` played to the end by picking uniformly from the mask, each
//! finished game replayed move by move through a fresh `Game` with the same result;
//! rewards against the outcome and the side that took the last action; truncation at
//! `max_turns`; refused actions change nothing; seeds decide the episode; a finished
//! `Start::Position` is refused.

mod support;

use arimaa::action::{
    Action, ActionError, ActionMask, Episode, EpisodeError, Start, Transition, View, GAME_CHANNELS,
};
use arimaa::{Color, Game, GameError, Position, Reason, Turn, Variant};
use support::random::Rng;

const OPENING: &str = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]";

/// A busy middle-game position from the archive (Gold to move).
fn archive_position() -> Position {
    support::tactics::archive_positions()
        .into_iter()
        .nth(2_000)
        .expect("the archive has 10,891 positions")
}

fn starts() -> Vec<Start> {
    vec![
        Start::RandomSetups,
        Start::NinetyNineOfNine,
        Start::Position(archive_position()),
        Start::EndlessEndgame,
    ]
}

/// A uniformly random action of `mask`.
fn pick(rng: &mut Rng, mask: &ActionMask) -> Action {
    let n = rng.below(mask.len());
    let a = mask.nth(n).expect("n is below the mask's length");
    assert_eq!(Some(a), mask.iter().nth(n));
    a
}

/// Plays `episode` to its end with random picks, checking every transition; returns the
/// last transition.
fn play_out(episode: &mut Episode, rng: &mut Rng) -> Transition {
    loop {
        assert!(!episode.is_over());
        let mask = *episode.mask();
        assert!(
            !mask.is_empty(),
            "{}: an empty mask in play",
            episode.turn()
        );
        assert_eq!(mask, episode.game().action_mask(episode.turn()));
        let mover = episode.side_to_move();
        let turns = episode.turns_played();
        let steps = episode.steps().len();
        let action = pick(rng, &mask);
        let t = episode.step(action).expect("a masked action is taken");
        if !action.is_end_turn() {
            assert_eq!(
                t,
                Transition {
                    reward: 0,
                    terminated: false,
                    truncated: false
                }
            );
            assert_eq!(episode.steps().len(), steps + 1);
            assert_eq!(episode.steps().last().copied(), action.step());
            assert_eq!(episode.side_to_move(), mover);
            continue;
        }
        assert_eq!(episode.turns_played(), turns + 1);
        assert!(episode.steps().is_empty());
        assert_eq!(episode.turn(), episode.game().position());
        match episode.game().outcome() {
            Some(o) => {
                assert!(t.terminated && !t.truncated);
                assert_eq!(t.reward, if o.winner == mover { 1 } else { -1 });
            }
            None => {
                assert!(!t.terminated && t.reward == 0);
                assert_eq!(episode.side_to_move(), !mover);
            }
        }
        if t.terminated || t.truncated {
            assert!(episode.is_over() && episode.mask().is_empty());
            return t;
        }
    }
}

/// The game before its first movement turn: every action undone.
fn initial(game: &Game) -> Game {
    let mut g = game.clone();
    while g.undo().is_ok() {}
    g
}

/// Replays the episode's game move by move through a fresh `Game`, checking the result.
fn replay(start: &Start, episode: &Episode) {
    let game = episode.game();
    let mut fresh = match start {
        Start::RandomSetups | Start::NinetyNineOfNine => Game::new(),
        Start::Position(pos) => Game::from_position(pos.clone(), Variant::STANDARD),
        Start::EndlessEndgame => Game::endless_endgame_with(*initial(game).board(), false),
    };
    let mut moves = 0;
    for turn in game.history() {
        match turn {
            Turn::Setup(s) => fresh.play_setup(s).expect("the setup replays"),
            Turn::Move { mv, cap } => {
                assert_eq!(fresh.step_cap(), *cap);
                fresh.play(mv).expect("the move replays");
                moves += 1;
            }
        }
    }
    assert_eq!(moves, episode.turns_played());
    assert_eq!(fresh.outcome(), game.outcome());
    assert_eq!(fresh.position(), game.position());
}

#[test]
fn random_episodes_from_every_start_play_to_the_end_and_replay() {
    let mut rng = Rng(23);
    let mut results = [0usize; 3];
    let mut turns = 0;
    for start in starts() {
        for seed in 0..12 {
            let mut episode = Episode::new(start.clone(), seed, 0).expect("the start is in play");
            let t = play_out(&mut episode, &mut rng);
            assert!(t.terminated, "no limit: only the rules end the game");
            replay(&start, &episode);
            let o = episode.game().outcome().expect("terminated");
            results[match o.reason {
                Reason::Goal => 0,
                Reason::Elimination => 1,
                _ => 2,
            }] += 1;
            turns += episode.turns_played() as usize;
        }
    }
    eprintln!("48 episodes, {turns} turns; goal, elimination, other: {results:?}");
}

#[test]
fn endless_endgame_begins_with_a_two_step_turn() {
    let e = Episode::new(Start::EndlessEndgame, 5, 0).unwrap();
    assert_eq!(e.turn().step_cap(), 2);
    assert_eq!(e.side_to_move(), Color::Gold);
    assert!(e.game().history().is_empty());
}

#[test]
fn episodes_truncate_at_max_turns_and_reset() {
    let mut rng = Rng(5);
    for start in starts() {
        for max in [1, 2, 7] {
            let mut episode = Episode::new(start.clone(), 3, max).unwrap();
            let t = play_out(&mut episode, &mut rng);
            if t.truncated {
                assert_eq!(episode.turns_played(), max);
                assert!(episode.game().outcome().is_none());
            } else {
                assert!(episode.turns_played() <= max);
            }
            replay(&start, &episode);
            for a in Action::all() {
                assert_eq!(episode.step(a), Err(ActionError::EpisodeOver));
            }
            episode.reset(4);
            assert!(!episode.is_over());
            assert_eq!(episode.turns_played(), 0);
            assert!(episode.steps().is_empty());
            assert_eq!(*episode.mask(), episode.game().action_mask(episode.turn()));
            let fresh = Episode::new(start.clone(), 4, max).unwrap();
            assert_eq!(episode.game().history(), fresh.game().history());
            assert_eq!(episode.turn(), fresh.turn());
        }
    }
}

/// Everything an episode shows.
fn snapshot(e: &Episode) -> impl PartialEq + std::fmt::Debug {
    let mut obs = vec![0.0; GAME_CHANNELS * 64];
    let mut buf = [0.0; GAME_CHANNELS * 64];
    e.observation(View::Mover, &mut buf);
    obs.copy_from_slice(&buf);
    (
        (*e.mask(), e.turn().clone(), e.game().position().clone()),
        (
            e.game().history().to_vec(),
            e.game().outcome(),
            e.side_to_move(),
        ),
        (e.steps().to_vec(), e.turns_played(), e.is_over()),
        obs.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
    )
}

/// Tries every action not in the mask: each is refused with the reason the position
/// gives (or repetition), and nothing changes. Returns the number of repetition refusals.
fn refuse_all(e: &mut Episode) -> usize {
    let before = snapshot(e);
    let mut repetitions = 0;
    for a in Action::all() {
        if e.mask().contains(a) {
            continue;
        }
        let err = e.step(a).expect_err("not in the mask");
        match e.turn().check_action(a) {
            Err(why) => assert_eq!(err, why),
            Ok(()) => {
                assert_eq!(err, ActionError::Repetition(a));
                repetitions += 1;
            }
        }
        assert!(!err.to_string().is_empty());
        assert_eq!(
            snapshot(e),
            before,
            "{a}: a refused action changed the episode"
        );
    }
    repetitions
}

#[test]
fn refused_actions_leave_the_episode_unchanged() {
    let mut rng = Rng(11);
    for start in starts() {
        let mut e = Episode::new(start, 9, 0).unwrap();
        for _ in 0..60 {
            if e.is_over() {
                break;
            }
            refuse_all(&mut e);
            let a = pick(&mut rng, e.mask());
            e.step(a).unwrap();
        }
    }
}

#[test]
fn repetition_refusals_in_an_episode() {
    let opening: Position = OPENING.parse().unwrap();
    let mut e = Episode::new(Start::Position(opening), 0, 0).unwrap();
    let play = |e: &mut Episode, steps: &[&str]| {
        for s in steps {
            let sq: arimaa::Square = s[..2].parse().unwrap();
            let dir = arimaa::Direction::from_char(s.as_bytes()[2] as char).unwrap();
            e.step(Action::from(arimaa::Step::new(sq, dir))).unwrap();
        }
        e.step(Action::END_TURN).unwrap();
    };
    for turn in [
        ["e2n"],
        ["d7s"],
        ["e3s"],
        ["d6n"],
        ["e2n"],
        ["d7s"],
        ["e3s"],
    ] {
        play(&mut e, &turn);
    }
    // Silver's d6n would give the start a third time.
    let d6n = Action::from(arimaa::Step::new(
        arimaa::Square::D6,
        arimaa::Direction::North,
    ));
    assert!(e.mask().contains(d6n));
    e.step(d6n).unwrap();
    assert!(e.turn().action_mask().contains(Action::END_TURN));
    assert!(!e.mask().contains(Action::END_TURN));
    assert_eq!(refuse_all(&mut e), 1, "only the end of the turn repeats");
    assert_eq!(
        e.step(Action::END_TURN),
        Err(ActionError::Repetition(Action::END_TURN))
    );
}

#[test]
fn the_same_start_and_seed_give_the_same_episode() {
    for start in starts() {
        let run = |seed: u64| {
            let mut e = Episode::new(start.clone(), seed, 40).unwrap();
            let mut rng = Rng(seed);
            let mut rewards = Vec::new();
            while !e.is_over() {
                let a = pick(&mut rng, e.mask());
                rewards.push(e.step(a).unwrap());
            }
            (e.game().history().to_vec(), rewards, e.game().outcome())
        };
        assert_eq!(run(1), run(1));
        let random = matches!(start, Start::RandomSetups | Start::EndlessEndgame);
        let first = |seed| Episode::new(start.clone(), seed, 0).unwrap().turn().clone();
        assert_eq!(first(1) != first(2), random, "{start:?}");
    }
}

#[test]
fn a_finished_start_position_is_refused() {
    // Gold's rabbit on a8: Gold has won.
    let goal: Position = format!("s [R{}]", " ".repeat(63)).parse().unwrap();
    // Gold's only piece, a rabbit on a1, is frozen by Silver's elephant and camel: Gold
    // has no legal turn.
    let row = |s: &str| format!("{s:<8}");
    let stuck = format!(
        "g [{}{}{}{}]",
        row("       r"),
        " ".repeat(40),
        row("e"),
        row("Rm")
    );
    let stuck: Position = stuck.parse().unwrap();
    for (pos, winner, reason) in [
        (goal, Color::Gold, Reason::Goal),
        (stuck, Color::Silver, Reason::Immobilization),
    ] {
        match Episode::new(Start::Position(pos.clone()), 0, 0) {
            Err(EpisodeError::Over(o)) => {
                assert_eq!((o.winner, o.reason), (winner, reason), "{pos}");
                let err = EpisodeError::Over(o);
                assert!(err.to_string().contains(&o.to_string()));
            }
            other => panic!("{pos}: {other:?}"),
        }
        let mut game = Game::from_position(pos, Variant::STANDARD);
        assert!(game.legal_moves().is_empty());
        assert!(matches!(
            game.play(&arimaa::Move::EMPTY),
            Err(GameError::Over(_))
        ));
    }
}

#[test]
fn the_observation_at_a_turn_start_is_the_game_one() {
    let mut rng = Rng(3);
    let mut e = Episode::new(Start::RandomSetups, 8, 0).unwrap();
    let mut ours = [0.0; GAME_CHANNELS * 64];
    let mut theirs = [0.0; GAME_CHANNELS * 64];
    let mut planes = [0.0; arimaa::action::CHANNELS * 64];
    for _ in 0..200 {
        if e.is_over() {
            break;
        }
        for view in [View::Absolute, View::Mover] {
            e.observation(view, &mut ours);
            e.turn().observation(view, &mut planes);
            assert_eq!(&ours[..planes.len()], &planes[..]);
            let seen = e.game().times_seen(e.turn()).min(3) as f32 / 3.0;
            assert!(ours[planes.len()..].iter().all(|&x| x == seen));
            if e.steps().is_empty() {
                e.game().observation(view, &mut theirs);
                assert_eq!(ours, theirs);
            }
        }
        let a = pick(&mut rng, e.mask());
        e.step(a).unwrap();
    }
}
