//! `Game::goal_move` and `Game::capture_moves` (issue 21, item 7): in a game, the tactics
//! answer only when a movement turn is due, under its step limit, and `Game::play`
//! accepts every move they give. Checked at every movement turn of the two archive files
//! (with their real repetition histories) and on Dicey Moves turns.

use arimaa::notation::record::Archive;
use arimaa::{Color, Game, Phase, Position, Reason, Square, Turn, Variant};

const FEB_2026: &str = include_str!("data/allgames202602.tsv");
const NOV_2011: &str = include_str!("data/allgames201111-sample.tsv");

/// Plays every answer of the two queries on a copy of `game`; returns how many moves
/// were played (goals, captures).
fn play_answers(game: &Game) -> (usize, usize) {
    let mut played = (0, 0);
    if let Some(goal) = game.goal_move() {
        let mover = game.position().side_to_move();
        let outcome = game
            .clone()
            .play(&goal)
            .expect("Game::play accepts the goal move");
        let o = outcome.expect("the goal ends the game");
        assert_eq!((o.winner, o.reason), (mover, Reason::Goal));
        assert_eq!(Some(goal), game.position().goal_move());
        played.0 += 1;
    }
    let captures = game.capture_moves();
    assert_eq!(
        captures.squares(),
        game.position().capture_moves().squares()
    );
    for (square, mv) in &captures {
        let mut g = game.clone();
        g.play(mv).expect("Game::play accepts the capture");
        let count = |g: &Game| g.position().board().occupied().count();
        assert!(
            count(&g) < count(game),
            "{square}: a capture removes a piece"
        );
        played.1 += 1;
    }
    played
}

#[test]
fn every_answer_on_the_archive_games_is_accepted_by_play() {
    let (mut turns, mut goals, mut captures) = (0, 0, 0);
    for text in [FEB_2026, NOV_2011] {
        let archive: Archive = text.parse().expect("archive reads");
        for record in &archive.games {
            let replay = record.replay();
            let mut game = Game::new();
            for turn in replay.game().history() {
                match turn {
                    Turn::Setup(setup) => game.play_setup(setup).expect("the record's setup"),
                    Turn::Move { mv, .. } => {
                        let (g, c) = play_answers(&game);
                        goals += g;
                        captures += c;
                        turns += 1;
                        game.play(mv).expect("the record's move");
                    }
                }
            }
            if let Phase::Over(_) = game.phase() {
                assert_eq!(game.goal_move(), None);
                assert!(game.capture_moves().is_empty());
            }
        }
    }
    eprintln!("{turns} turns: {goals} goal moves and {captures} captures played");
    assert_eq!(turns, 10_891);
    assert!(goals > 0 && captures > 0);
}

/// Gold: rabbit d6, dog a3, elephant e1; Silver: elephant e8, cat b3, rabbit g3.
const POS: &str = "g [    e              R                    Dc    r             E   ]";

#[test]
fn dicey_turns_answer_after_the_roll_and_under_its_limit() {
    let pos: Position = POS.parse().unwrap();
    let dicey = Variant {
        dicey: true,
        ..Variant::STANDARD
    };
    let game = Game::from_position(pos.clone(), dicey);
    assert_eq!(game.phase(), Phase::AwaitingRoll);
    // Before the roll no movement turn is due; the position alone would answer with a
    // move that a roll of 1 then refuses.
    assert_eq!(game.goal_move(), None);
    assert!(game.capture_moves().is_empty());
    let two_steps = game
        .position()
        .goal_move()
        .expect("two steps from the goal");
    let mut one = game.clone();
    one.set_roll(1).unwrap();
    assert!(one.play(&two_steps).is_err());
    assert_eq!(one.goal_move(), None);
    assert_eq!(play_answers(&one), (0, 0));
    let mut two = game.clone();
    two.set_roll(2).unwrap();
    assert_eq!(two.goal_move().map(|m| m.len()), Some(2));
    assert!(two.capture_moves().get(Square::B3).is_some());
    assert_eq!(play_answers(&two), (1, 1));
}

#[test]
fn no_answers_once_the_game_is_over_or_before_play() {
    let pos: Position = POS.parse().unwrap();
    let mut game = Game::from_position(pos, Variant::STANDARD);
    let goal = game.goal_move().unwrap();
    game.play(&goal).unwrap();
    assert!(matches!(game.phase(), Phase::Over(o) if o.winner == Color::Gold));
    assert_eq!(game.goal_move(), None);
    assert!(game.capture_moves().is_empty());
    let fresh = Game::new();
    assert_eq!(fresh.goal_move(), None);
    assert!(fresh.capture_moves().is_empty());
}
