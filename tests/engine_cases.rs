//! The one-turn engine (`arimaa::engine`) and the judgement it is built on
//! (`Board::outcome_after_turn`), checked against the crate's other rules calls
//! (`Position::outcome`, `Position::goal_move`, `Game::play`) on the labelled endgame
//! positions and on positions from the archive games.

mod support;

use std::ops::ControlFlow;

use arimaa::engine::{self, Choice, Decision};
use arimaa::{Color, Game, Outcome, Phase, Position, Reason, Variant};
use rand::rngs::StdRng;
use rand::SeedableRng;
use support::tactics::{archive_positions, endgame_positions};

/// The endgame positions (483, many with a goal for either side) and every 40th
/// position before an archive turn (273).
fn positions() -> Vec<Position> {
    let mut out: Vec<Position> = endgame_positions().into_iter().map(|(p, _)| p).collect();
    out.extend(archive_positions().into_iter().step_by(40));
    out
}

/// The result of `mover` ending its turn on `board`, by `Position::outcome`.
fn outcome_by_position(board: &arimaa::Board, mover: Color) -> Option<Outcome> {
    Position::new(*board, !mover)
        .expect("a turn leaves a valid board")
        .outcome()
}

/// Whether the side to move in `pos` has a move after which it has won, by
/// `Position::outcome`.
fn has_winning_move(pos: &Position) -> bool {
    let us = pos.side_to_move();
    pos.for_each_move(|_, board, _| match outcome_by_position(board, us) {
        Some(o) if o.winner == us => ControlFlow::Break(()),
        _ => ControlFlow::Continue(()),
    })
    .is_break()
}

/// Whether the opponent of `mover`, to move on `board`, wins at once: a goal by the
/// crate's goal query, or a reply that `Position::outcome` judges a win for it.
fn opponent_can_win(board: &arimaa::Board, mover: Color) -> bool {
    let them = !mover;
    let pos = Position::new(*board, them).expect("a turn leaves a valid board");
    pos.goal_move().is_some()
        || pos
            .for_each_move(|_, reply, _| match outcome_by_position(reply, them) {
                Some(o) if o.winner == them => ControlFlow::Break(()),
                _ => ControlFlow::Continue(()),
            })
            .is_break()
}

fn choose(game: &Game, seed: u64) -> Option<Choice> {
    engine::choose(game, &mut StdRng::seed_from_u64(seed), &mut || false)
}

#[test]
fn outcome_after_turn_is_position_outcome() {
    let mut boards = 0u64;
    let mut decided = [0u64; 3];
    for pos in positions() {
        let side = pos.side_to_move();
        // The position itself, as the board the other side's turn left.
        assert_eq!(
            pos.board().outcome_after_turn(!side),
            pos.outcome(),
            "{pos}"
        );
        let _: ControlFlow<()> = pos.for_each_move(|_, board, _| {
            boards += 1;
            let judged = board.outcome_after_turn(side);
            assert_eq!(
                judged,
                outcome_by_position(board, side),
                "{pos} then {board:?}"
            );
            if let Some(o) = judged {
                let i = match o.reason {
                    Reason::Goal => 0,
                    Reason::Elimination => 1,
                    _ => 2,
                };
                decided[i] += 1;
            }
            ControlFlow::Continue(())
        });
    }
    // Every reason occurs among the judged boards (goal, elimination, immobilization).
    assert!(boards > 7_000_000, "{boards} boards");
    assert!(
        decided.iter().all(|&n| n > 0),
        "decided by reason: {decided:?}"
    );
}

#[test]
fn immediate_wins_are_taken() {
    let (mut wins, mut goals) = (0, 0);
    for pos in positions() {
        let us = pos.side_to_move();
        let mut game = Game::from_position(pos.clone(), Variant::STANDARD);
        if game.phase() != Phase::Play {
            continue;
        }
        let choice = choose(&game, 1).expect("a game in play has a move");
        let can_win = has_winning_move(&pos);
        assert_eq!(
            choice.decision == Decision::WinsAtOnce,
            can_win,
            "{pos}: {choice:?}"
        );
        // Replayed in the game, the move is accepted and its result is as claimed.
        let result = game.play(&choice.mv).expect("the chosen move is legal");
        if can_win {
            wins += 1;
            let o = result.expect("the winning move ends the game");
            assert_eq!(o.winner, us, "{pos}");
            // A goal is preferred to the other ways to win.
            if pos.goal_move().is_some() {
                goals += 1;
                assert_eq!(o.reason, Reason::Goal, "{pos}");
            }
        } else {
            assert_eq!(result, None, "{pos}: the game goes on");
        }
    }
    assert!(wins > 100 && goals > 100, "{wins} wins, {goals} goals");
}

#[test]
fn never_lets_the_opponent_win_when_a_safe_move_exists() {
    let (mut safe, mut lost) = (0, 0);
    for pos in positions() {
        let us = pos.side_to_move();
        let game = Game::from_position(pos.clone(), Variant::STANDARD);
        if game.phase() != Phase::Play {
            continue;
        }
        let choice = choose(&game, 7).expect("a game in play has a move");
        let after = pos.after(&choice.mv).expect("the chosen move is legal");
        match choice.decision {
            Decision::WinsAtOnce => {}
            Decision::Safe { checked, of } => {
                safe += 1;
                assert!(1 <= checked && checked <= of, "{choice:?}");
                assert!(!opponent_can_win(after.board(), us), "{pos}: {choice:?}");
                assert!(!engine::opponent_wins_at_once(after.board(), us));
            }
            Decision::EveryMoveLoses => {
                // Then no move is safe: each one lets the opponent win or loses at once.
                lost += 1;
                assert!(opponent_can_win(after.board(), us) || after.outcome().is_some());
                let _: ControlFlow<()> = pos.for_each_move(|_, board, _| {
                    let own = outcome_by_position(board, us);
                    assert!(
                        own.is_some_and(|o| o.winner != us) || opponent_can_win(board, us),
                        "{pos}: {board:?} is safe, yet every move was said to lose"
                    );
                    ControlFlow::Continue(())
                });
            }
            other => panic!("{pos}: no stop was asked for, yet {other:?}"),
        }
    }
    assert!(
        safe > 100 && lost > 0,
        "{safe} safe moves, {lost} positions lost"
    );
}

#[test]
fn none_only_without_a_legal_move() {
    let mut over = 0;
    for pos in positions() {
        let game = Game::from_position(pos.clone(), Variant::STANDARD);
        let choice = choose(&game, 3);
        assert_eq!(
            choice.is_none(),
            game.legal_moves().is_empty(),
            "{pos}: {choice:?}"
        );
        over += usize::from(choice.is_none());
    }
    // The archive's final positions and the endgames already won are among them.
    assert!(over > 0);
    // No movement turn due: a setup, a Dicey Moves roll.
    assert_eq!(choose(&Game::new(), 0), None);
    assert!(Game::new().legal_moves().is_empty());
    let dicey = Variant {
        dicey: true,
        ..Variant::STANDARD
    };
    let opening: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"
        .parse()
        .expect("the opening");
    let game = Game::from_position(opening, dicey);
    assert_eq!(game.phase(), Phase::AwaitingRoll);
    assert_eq!(choose(&game, 0), None);
}

#[test]
fn stop_ends_the_search_with_a_legal_move() {
    let opening: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"
        .parse()
        .expect("the opening");
    let mut game = Game::from_position(opening, Variant::STANDARD);
    let choice = engine::choose(&game, &mut StdRng::seed_from_u64(5), &mut || true)
        .expect("the opening has moves");
    assert_eq!(
        choice.decision,
        Decision::Stopped {
            checked: 0,
            of: 3353
        }
    );
    assert_eq!(
        choice.decision.to_string(),
        "stopped (time limit) after checking 0 of 3353 moves"
    );
    // Every own move was generated; none of the opponent's.
    assert_eq!(choice.nodes, 3353);
    // The same seed, the same order: unstopped, the same move, checked and safe.
    let again = engine::choose(&game, &mut StdRng::seed_from_u64(5), &mut || false).expect("moves");
    assert_eq!(again.mv, choice.mv);
    assert_eq!(
        again.decision,
        Decision::Safe {
            checked: 1,
            of: 3353
        }
    );
    assert!(again.nodes > choice.nodes);
    assert_eq!(game.play(&choice.mv).expect("legal"), None);
    assert_eq!(again.decision.to_string(), "safe move, 1 of 3353 checked");
    assert_eq!(
        Decision::EveryMoveLoses.to_string(),
        "every move lets the opponent win"
    );
}

/// Harlog from `mover`'s side after its turn to `board` and the opponent's most damaging
/// capture in reply: the lowest over the board itself and the board after each capture
/// the crate's capture query gives the opponent.
fn score_after_captures(board: &arimaa::Board, mover: Color) -> f64 {
    let sign = if mover == Color::Gold { 1.0 } else { -1.0 };
    let pos = Position::new(*board, !mover).expect("a turn leaves a valid board");
    let mut score = sign * arimaa::harlog(board);
    for (_, mv) in &pos.capture_moves() {
        let after = pos.after(mv).expect("the query's captures are legal");
        score = score.min(sign * arimaa::harlog(after.board()));
    }
    score
}

/// Hundredths of a rabbit, as `Choice::score_centi` gives them.
fn centi(score: f64) -> i64 {
    if score.is_finite() {
        (score * 100.0).round() as i64
    } else if score > 0.0 {
        100_000
    } else {
        -100_000
    }
}

#[test]
fn the_safe_choice_is_the_best_after_the_opponents_captures() {
    let (mut checked, mut differ) = (0, 0);
    for pos in archive_positions().into_iter().step_by(200) {
        let us = pos.side_to_move();
        let game = Game::from_position(pos.clone(), Variant::STANDARD);
        if game.phase() != Phase::Play {
            continue;
        }
        let choice = choose(&game, 3).expect("a game in play has a move");
        let Decision::Safe { .. } = choice.decision else {
            continue;
        };
        let after = pos.after(&choice.mv).expect("legal");
        assert_eq!(
            choice.score_centi,
            centi(score_after_captures(after.board(), us))
        );
        // No safe move that ends nothing scores better.
        let _: ControlFlow<()> = pos.for_each_move(|_, board, _| {
            if board.outcome_after_turn(us).is_none()
                && centi(score_after_captures(board, us)) > choice.score_centi
            {
                assert!(
                    opponent_can_win(board, us),
                    "{pos}: a better safe move than {choice:?}"
                );
            }
            ControlFlow::Continue(())
        });
        // The lookahead changes choices: Harlog after the move alone.
        let old = engine::choose_with(
            &game,
            &mut StdRng::seed_from_u64(3),
            &mut || false,
            engine::Lookahead::Move,
        )
        .expect("a move");
        differ += usize::from(old.mv != choice.mv);
        checked += 1;
    }
    assert!(
        checked > 20 && differ > 0,
        "{checked} positions, {differ} differ"
    );
}
