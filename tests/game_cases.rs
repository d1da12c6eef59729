//! End-of-game rules, their precedence, repetition, variants and Harlog.

use arimaa::{
    harlog, Board, Color, Direction, Game, GameError, Move, Outcome, Phase, Piece, PieceKind,
    Position, Reason, Setup, SetupProblem, SetupRules, SetupVariant, Square, Step, Symmetry,
    Variant,
};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// A position from a side letter and piece tokens like `"Ra7 cb8"`.
fn pos(side: char, pieces: &str) -> Position {
    let mut board = Board::empty();
    for tok in pieces.split_whitespace() {
        let piece = Piece::from_char(tok.chars().next().unwrap()).unwrap();
        let sq: Square = tok[1..].parse().unwrap();
        board.set(sq, Some(piece));
    }
    Position::new(board, Color::from_char(side).unwrap()).unwrap()
}

/// Steps like `"a7n d2s"`.
fn mv(steps: &str) -> Move {
    let steps: Vec<Step> = steps
        .split_whitespace()
        .map(|s| {
            let from: Square = s[..2].parse().unwrap();
            let dir = Direction::from_char(s.chars().nth(2).unwrap()).unwrap();
            Step::new(from, dir)
        })
        .collect();
    Move::from_steps(&steps).unwrap()
}

fn win(winner: Color, reason: Reason) -> Option<Outcome> {
    Some(Outcome { winner, reason })
}

/// Plays `m` from `p` in a game, and checks that the position with the move's steps
/// played (the turn not yet ended) judges the same result by `outcome_if_ended`, and
/// none by `outcome`, at every step.
fn play(p: &Position, m: &str) -> Game {
    let mut g = Game::from_position(p.clone(), Variant::STANDARD);
    assert_eq!(g.outcome(), None, "game over before the move");
    g.play(&mv(m)).unwrap();
    let mut stepped = p.clone();
    for &step in mv(m).steps() {
        stepped.play_step(step).unwrap();
        assert_eq!(stepped.outcome(), None, "no result in the middle of a turn");
    }
    assert!(stepped.can_end_turn());
    assert_eq!(stepped.outcome_if_ended(), g.outcome(), "{m} from {p:?}");
    g
}

#[test]
fn no_result_when_the_turn_cannot_end() {
    // Gold's elephant pushes a silver rabbit onto rank 1 (Silver's goal) but has not
    // completed the push: the turn cannot end, so nothing is judged.
    let mut p = pos('g', "Eh3 rh2 rc8 Ra4");
    p.play_step(Step::new(Square::H2, Direction::South))
        .unwrap();
    assert!(!p.can_end_turn());
    assert_eq!(p.outcome_if_ended(), None);
    p.play_step(Step::new(Square::H3, Direction::South))
        .unwrap();
    assert!(p.can_end_turn());
    assert_eq!(p.outcome_if_ended(), win(Color::Silver, Reason::Goal));
    // Back to the starting board: the turn cannot end either.
    let mut q = pos('g', "Eh3 rh2 rc8 Ra4");
    q.play_step(Step::new(Square::H3, Direction::North))
        .unwrap();
    q.play_step(Step::new(Square::H4, Direction::South))
        .unwrap();
    assert_eq!(q.board(), q.turn_start_board());
    assert!(!q.can_end_turn());
    assert_eq!(q.outcome_if_ended(), None);
}

#[test]
fn both_goals_at_once_the_mover_wins() {
    // Gold walks a rabbit to rank 8 and pushes a silver rabbit onto rank 1.
    let p = pos('g', "Ra7 Eh3 rh2 rc8");
    let g = play(&p, "a7n h2s h3s");
    assert_eq!(g.outcome(), win(Color::Gold, Reason::Goal));
}

#[test]
fn pushing_the_opponents_rabbit_to_its_goal_loses() {
    let p = pos('g', "Ra4 Eh3 rh2 rc8");
    let g = play(&p, "h2s h3s");
    assert_eq!(g.outcome(), win(Color::Silver, Reason::Goal));
}

#[test]
fn goal_beats_elimination() {
    // Gold reaches goal and captures Silver's last rabbit in the same turn: goal.
    let p = pos('g', "Ra7 Ed4 rc4 Hb2");
    // push the silver rabbit from c4 onto c3 (trap, no silver friend): captured.
    let g = play(&p, "a7n c4s d4w");
    assert!(g
        .board()
        .pieces(PieceKind::Rabbit.of(Color::Silver))
        .is_empty());
    assert_eq!(g.outcome(), win(Color::Gold, Reason::Goal));
    // The opponent's goal beats the mover's elimination: Gold's last rabbit dies on f3
    // while pushing a silver rabbit to rank 1.
    let p = pos('g', "Re3 Eh3 rh2 ra8");
    let g = play(&p, "e3e h2s h3s");
    assert_eq!(
        g.board().pieces(PieceKind::Rabbit.of(Color::Gold)).count(),
        0
    );
    assert_eq!(g.outcome(), win(Color::Silver, Reason::Goal));
}

#[test]
fn both_last_rabbits_captured_the_mover_wins() {
    // Gold's last rabbit steps onto f3 (no friend) and dies; Gold then pushes Silver's
    // last rabbit onto c3 where it dies too.
    let p = pos('g', "Re3 Ed4 rc4 Ha2");
    let g = play(&p, "e3e c4s d4w");
    let b = g.board();
    assert!(b.pieces(PieceKind::Rabbit.of(Color::Gold)).is_empty());
    assert!(b.pieces(PieceKind::Rabbit.of(Color::Silver)).is_empty());
    assert_eq!(g.outcome(), win(Color::Gold, Reason::Elimination));
}

#[test]
fn losing_your_own_last_rabbit_loses() {
    let p = pos('g', "Re3 Ed4 ra7 ha6");
    let g = play(&p, "e3e");
    assert_eq!(g.outcome(), win(Color::Silver, Reason::Elimination));
}

#[test]
fn immobilization_by_freezing() {
    // Silver's only pieces: a rabbit frozen by a gold cat, and a dog that gold's camel
    // freezes by stepping beside it.
    let p = pos('g', "Cg8 rh8 Mb3 da4 Re2 Ra1");
    // before: silver's dog can move
    assert!(Game::from_position(p.clone(), Variant::STANDARD)
        .outcome()
        .is_none());
    let g = play(&p, "b3n");
    assert!(g.board().is_frozen(Square::A4));
    assert!(g.board().is_frozen(Square::H8));
    assert_eq!(g.outcome(), win(Color::Gold, Reason::Immobilization));
    // the same judgement from the bare position
    assert_eq!(
        g.position().outcome(),
        win(Color::Gold, Reason::Immobilization)
    );
}

#[test]
fn immobilization_by_blocking() {
    // Silver's cat and rabbit are not frozen (equal or supported) but have nowhere to go.
    let p = pos('g', "Ca7 Rb7 Cd8 ca8 rb8 Re2");
    let g = play(&p, "d8w");
    assert!(!g.board().is_frozen(Square::A8));
    assert!(!g.board().is_frozen(Square::B8));
    assert_eq!(g.outcome(), win(Color::Gold, Reason::Immobilization));
}

#[test]
fn immobilization_by_repetition_only() {
    // Silver's cat shuttles between a7 and a8 (its only moves); Gold's elephant
    // shuttles between d4 and d5. The start (Gold to move) counts once.
    let start = pos('g', "Cb8 Cb7 Ca6 Cg8 rh8 ca7 Ed4 Re2");
    let mut g = Game::from_position(start, Variant::STANDARD);
    for m in ["d4n", "a7n", "d5s", "a8s", "d4n", "a7n"] {
        assert_eq!(g.play(&mv(m)).unwrap(), None, "after {m}");
    }
    // Gold brings about silver-to-move with the cat on a8 for the second time...
    let out = g.play(&mv("d5s")).unwrap();
    // ...and Silver's only move would repeat a position a third time.
    let p = g.position().clone();
    assert!(p.has_legal_move());
    let only = p.legal_moves();
    assert_eq!(only.len(), 1);
    let after = p.after(&only[0]).unwrap();
    assert_eq!(g.times_seen(&after), 2);
    assert_eq!(out, win(Color::Gold, Reason::Immobilization));
    // Without the repetition history the bare position is not immobilized.
    assert_eq!(p.outcome(), None);
    // Undo Gold's last move and play it again: the same verdict.
    g.undo().unwrap();
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.play(&mv("d5s")).unwrap(), out);
}

#[test]
fn third_repetition_is_refused() {
    // As above, but the cat may also leave through a6.
    let start = pos('g', "Cb8 Cb7 Cg8 rh8 ca7 Ed4 Re2");
    let mut g = Game::from_position(start, Variant::STANDARD);
    for m in ["d4n", "a7n", "d5s", "a8s"] {
        g.play(&mv(m)).unwrap();
    }
    // Gold to move: the start position has now occurred twice.
    assert_eq!(g.times_seen(g.position()), 2);
    g.play(&mv("d4n")).unwrap(); // silver-to-move position, second time
    g.play(&mv("a7n")).unwrap();
    g.play(&mv("d5s")).unwrap(); // second time
    let before = g.history().len();
    assert_eq!(g.play(&mv("a8s")), Err(GameError::ThirdRepetition));
    assert_eq!(g.history().len(), before, "a refused move changes nothing");
    assert!(!g.legal_moves().contains(&mv("a8s")));
}

#[test]
fn one_step_die_immobilizes_when_only_pushes_remain() {
    // Silver's elephant is walled in by gold rabbits: it can only push. Silver's rabbit
    // is frozen.
    let p = pos('s', "ed5 Rd6 Rd4 Rc5 Re5 Cg8 rh8 Ra1");
    let dicey = Variant {
        setup: SetupVariant::Standard,
        dicey: true,
    };
    let mut g = Game::from_position(p.clone(), dicey);
    assert_eq!(g.phase(), Phase::AwaitingRoll);
    assert_eq!(g.play(&mv("d6n d5n")), Err(GameError::RollNeeded));
    g.set_roll(1).unwrap();
    assert_eq!(g.outcome(), win(Color::Gold, Reason::Immobilization));
    g.undo().unwrap();
    assert_eq!(g.phase(), Phase::AwaitingRoll);
    g.set_roll(2).unwrap();
    assert_eq!(g.phase(), Phase::Play);
    assert!(g.legal_moves().iter().all(|m| m.len() == 2));
    g.play(&mv("d6n d5n")).unwrap();
    assert_eq!(g.set_roll(5), Err(GameError::BadRoll(5)));
}

#[test]
fn rabbit_pushed_onto_goal_and_pulled_off_does_not_win() {
    let p = pos('g', "Ed3 rd2 Ra4 rh8");
    // push rd2 to d1 (silver's goal), elephant into d2, then step west and pull the
    // rabbit back to d2.
    let g = play(&p, "d2s d3s d2w d1n");
    assert_eq!(
        g.board().piece_at(Square::D2),
        Some(PieceKind::Rabbit.of(Color::Silver))
    );
    assert_eq!(g.outcome(), None);
}

#[test]
fn precedence_between_goal_elimination_and_immobilization() {
    // Silver to move (Gold just moved) in every case.
    // Goal (1) beats the opponent's immobilization (5).
    let p = pos('s', "Rc8 Ca7 Rb7 Cd8 ca8 rb8");
    assert_eq!(p.outcome(), win(Color::Gold, Reason::Goal));
    // The opponent's goal (2) beats the mover's elimination (4).
    let p = pos('s', "Ec4 rb1 rh8");
    assert_eq!(p.outcome(), win(Color::Silver, Reason::Goal));
    // The opponent's elimination (3) beats its immobilization (5).
    let p = pos('s', "Ra2 ca8 Ca7 Cb8");
    assert_eq!(p.outcome(), win(Color::Gold, Reason::Elimination));
    // The mover's elimination (4) beats the opponent's immobilization (5).
    let p = pos('s', "Ca7 Rb7 Cd8 ca8 rb8");
    assert_eq!(p.outcome(), None, "silver's rabbit can still step to c8");
    let p = pos('s', "Ca7 Cb7 Cc8 ca8 rb8");
    assert_eq!(p.outcome(), win(Color::Silver, Reason::Elimination));
    // Both eliminated (3 before 4): the mover wins.
    let p = pos('s', "Ea2 ea7");
    assert_eq!(p.outcome(), win(Color::Gold, Reason::Elimination));
    // A game-over position is readable and judged as such.
    let p: Position = "s [R                                                              r]"
        .parse()
        .unwrap();
    assert_eq!(p.outcome(), win(Color::Gold, Reason::Goal));
}

#[test]
fn standard_setup_errors_list_every_problem() {
    let mut s = Setup::new(Color::Gold);
    s.place(PieceKind::Elephant, Square::E2)
        .place(PieceKind::Elephant, Square::D2)
        .place(PieceKind::Camel, Square::D4)
        .place(PieceKind::Horse, Square::E2);
    let err = s.check(SetupRules::Standard, &Board::empty()).unwrap_err();
    assert!(err
        .problems
        .contains(&SetupProblem::SquareTwice(Square::E2)));
    assert!(err
        .problems
        .contains(&SetupProblem::OutsideHomeRanks(Square::D4)));
    assert!(err.problems.contains(&SetupProblem::WrongCount {
        kind: PieceKind::Elephant,
        placed: 2,
        expected: 1
    }));
    assert!(err.problems.contains(&SetupProblem::WrongCount {
        kind: PieceKind::Rabbit,
        placed: 0,
        expected: 8
    }));
    let msg = err.to_string();
    assert!(
        msg.contains("e2 is used twice") && msg.contains("d4 is outside the home ranks"),
        "{msg}"
    );
    assert!(Setup::ninety_nine_of_nine(Color::Gold)
        .check(SetupRules::Standard, &Board::empty())
        .is_ok());
}

#[test]
fn rabbit_autofill_completes_a_standard_setup() {
    use PieceKind::*;
    let mut s = Setup::new(Color::Gold);
    for (k, sq) in [
        (Elephant, Square::E2),
        (Camel, Square::D2),
        (Horse, Square::B2),
        (Horse, Square::G2),
        (Cat, Square::F2),
        (Cat, Square::C2),
        (Dog, Square::D1),
        (Dog, Square::E1),
    ] {
        s.place(k, sq);
    }
    assert_eq!(s.autofill_rabbits(), 8);
    assert!(s.check(SetupRules::Standard, &Board::empty()).is_ok());
    // The same as the 99of9 setup, which has these pieces in these places.
    let mut a = Board::empty();
    s.apply_to(&mut a);
    let mut b = Board::empty();
    Setup::ninety_nine_of_nine(Color::Gold).apply_to(&mut b);
    assert_eq!(a, b);
    // Silver's 99of9 is the mirror image.
    let mut c = Board::empty();
    Setup::ninety_nine_of_nine(Color::Silver).apply_to(&mut c);
    assert_eq!(c.piece_at(Square::E7), Some(Elephant.of(Color::Silver)));
    assert_eq!(c.piece_at(Square::D7), Some(Camel.of(Color::Silver)));
    // Too few empty squares left for the rule: nothing is filled.
    let mut partial = Setup::new(Color::Gold);
    partial.place(Elephant, Square::E2);
    assert_eq!(partial.autofill_rabbits(), 0);
}

#[test]
fn a_standard_game_from_setups() {
    let mut g = Game::new();
    assert_eq!(g.phase(), Phase::Setup(Color::Gold));
    assert!(matches!(
        g.play_setup(&Setup::ninety_nine_of_nine(Color::Silver)),
        Err(GameError::WrongSide { .. })
    ));
    g.play_setup(&Setup::ninety_nine_of_nine(Color::Gold))
        .unwrap();
    // Silver may not place on gold's squares or outside its home ranks.
    let mut bad = Setup::ninety_nine_of_nine(Color::Silver);
    bad.pieces[0].1 = Square::E2;
    let err = g.play_setup(&bad).unwrap_err();
    assert!(matches!(err, GameError::Setup(_)), "{err}");
    g.play_setup(&Setup::ninety_nine_of_nine(Color::Silver))
        .unwrap();
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.legal_moves().len(), g.position().count_moves());
    assert_eq!(g.times_seen(&g.position().clone()), 1);
    g.undo().unwrap();
    assert_eq!(g.phase(), Phase::Setup(Color::Silver));
    assert_eq!(g.times_seen(&g.position().clone()), 0);
}

#[test]
fn free_placement_traps_act_after_both_sides_placed() {
    let free = Variant {
        setup: SetupVariant::Free,
        dicey: false,
    };
    let mut rng = StdRng::seed_from_u64(1);
    let mut g = Game::start(free, &mut rng);
    let mut gold = Setup::new(Color::Gold);
    gold.place(PieceKind::Elephant, Square::C3)
        .place(PieceKind::Rabbit, Square::A1)
        .place(PieceKind::Dog, Square::F3)
        .place(PieceKind::Cat, Square::F2);
    g.play_setup(&gold).unwrap();
    // Pieces on traps stay until Silver has placed.
    assert_eq!(
        g.board().piece_at(Square::C3),
        Some(PieceKind::Elephant.of(Color::Gold))
    );
    let mut silver = Setup::new(Color::Silver);
    silver.place(PieceKind::Rabbit, Square::H8);
    // A rabbit on its own goal rank is refused.
    let mut bad = Setup::new(Color::Silver);
    bad.place(PieceKind::Rabbit, Square::H1);
    assert!(g.play_setup(&bad).is_err());
    g.play_setup(&silver).unwrap();
    assert_eq!(
        g.board().piece_at(Square::C3),
        None,
        "unsupported elephant removed"
    );
    assert_eq!(
        g.board().piece_at(Square::F3),
        Some(PieceKind::Dog.of(Color::Gold))
    );
    // A setup without rabbits is refused.
    let mut none = Setup::new(Color::Gold);
    none.place(PieceKind::Elephant, Square::D4);
    assert!(none
        .check(SetupRules::Free, &Board::empty())
        .unwrap_err()
        .problems
        .contains(&SetupProblem::NoRabbit));
    // Handicap: fewer pieces on the home ranks.
    let mut h = Setup::new(Color::Gold);
    h.place(PieceKind::Elephant, Square::D1)
        .place(PieceKind::Rabbit, Square::A2);
    assert!(h.check(SetupRules::Handicap, &Board::empty()).is_ok());
    assert!(h.check(SetupRules::Standard, &Board::empty()).is_err());
}

#[test]
fn endless_endgame_armies_follow_the_procedure() {
    let mut sizes = [0u32; 13];
    let mut symmetries = [0u32; 2];
    let mut rabbits = [0u32; 9];
    for seed in 0..4000u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let (b, sym) = Board::random_endless_endgame(&mut rng);
        let gold = b.color(Color::Gold);
        let n = gold.count() as usize;
        assert!((4..=12).contains(&n), "army of {n}");
        assert!((gold & !(arimaa::Bitboard::RANK_1 | arimaa::Bitboard::RANK_2)).is_empty());
        assert_eq!(b.count(PieceKind::Elephant.of(Color::Gold)), 1);
        assert!(b.count(PieceKind::Camel.of(Color::Gold)) <= 1);
        for k in [PieceKind::Horse, PieceKind::Dog, PieceKind::Cat] {
            assert!(b.count(k.of(Color::Gold)) <= 2);
        }
        let r = b.count(PieceKind::Rabbit.of(Color::Gold)) as usize;
        assert!((1..=8).contains(&r));
        rabbits[r] += 1;
        for (sq, p) in b.iter().filter(|(_, p)| p.color == Color::Gold) {
            let mirror = match sym {
                Symmetry::Reflection => sq.flip_ranks(),
                Symmetry::Rotation => sq.rotate(),
            };
            assert_eq!(b.piece_at(mirror), Some(p.kind.of(Color::Silver)));
        }
        assert_eq!(b.color(Color::Silver).count() as usize, n);
        sizes[n] += 1;
        symmetries[(sym == Symmetry::Rotation) as usize] += 1;
    }
    // Both symmetries about half the time (4000 draws: sd ~32).
    assert!(
        symmetries.iter().all(|&c| (1800..=2200).contains(&c)),
        "{symmetries:?}"
    );
    // Every size 4..=12 occurs.
    assert!(sizes[4..=12].iter().all(|&c| c > 0), "{sizes:?}");
    // Every rabbit count occurs.
    assert!(rabbits[1..=8].iter().all(|&c| c > 0), "{rabbits:?}");
}

#[test]
fn endless_endgame_game_starts_with_a_two_step_turn() {
    let ee = Variant {
        setup: SetupVariant::EndlessEndgame,
        dicey: false,
    };
    let mut rng = StdRng::seed_from_u64(7);
    let mut g = Game::start(ee, &mut rng);
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.step_cap(), 2);
    assert!(g.legal_moves().iter().all(|m| m.len() <= 2));
    let m = g.legal_moves()[0];
    g.play(&m).unwrap();
    assert_eq!(g.step_cap(), 4);
}

#[test]
fn dice_follow_the_distribution() {
    let dicey = Variant {
        setup: SetupVariant::Standard,
        dicey: true,
    };
    let mut rng = StdRng::seed_from_u64(3);
    let mut counts = [0u32; 5];
    let mut g = Game::start(dicey, &mut rng);
    g.play_setup(&Setup::ninety_nine_of_nine(Color::Gold))
        .unwrap();
    g.play_setup(&Setup::ninety_nine_of_nine(Color::Silver))
        .unwrap();
    for _ in 0..6000 {
        let r = g.roll(&mut rng).unwrap();
        assert_eq!(g.step_cap(), r);
        counts[r as usize] += 1;
        g.undo().unwrap();
    }
    // P(1) = P(2) = P(3) = 1/6, P(4) = 1/2; sd of 1000 is ~29, of 3000 ~39.
    for c in &counts[1..=3] {
        assert!((870..=1130).contains(c), "{counts:?}");
    }
    assert!((2840..=3160).contains(&counts[4]), "{counts:?}");

    // Endless Endgame with dice: Gold's first turn 1 or 2 steps with equal chance.
    let ee_dicey = Variant {
        setup: SetupVariant::EndlessEndgame,
        dicey: true,
    };
    let mut first = [0u32; 5];
    for seed in 0..2000 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut g = Game::start(ee_dicey, &mut rng);
        first[g.roll(&mut rng).unwrap() as usize] += 1;
    }
    assert_eq!(first[3] + first[4], 0);
    assert!((900..=1100).contains(&first[1]), "{first:?}");
}

#[test]
fn harlog_values() {
    let start: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"
        .parse()
        .unwrap();
    assert_eq!(harlog(start.board()), 0.0);
    let rabbit_down: Position =
        "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRR ]"
            .parse()
            .unwrap();
    assert_eq!(format!("{:.2}", harlog(rabbit_down.board())), "-1.00");
    // Gold gives a dog for two silver rabbits: 0.00.
    let trade: Position = "g [rrrrrr  dhcemchd                                 HCMECHDRRRRRRRR]"
        .parse()
        .unwrap();
    assert_eq!(format!("{:.2}", harlog(trade.board())), "0.00");
    assert!(harlog(trade.board()).abs() < 1e-6);
    // Symmetric: swapping colours negates.
    let flipped = rabbit_down.flip_colors();
    assert!((harlog(flipped.board()) - 1.0).abs() < 0.01);
    // No rabbits: documented infinities, never NaN.
    let no_gold_rabbits = pos('g', "Ed1 rd8");
    assert_eq!(harlog(no_gold_rabbits.board()), f64::NEG_INFINITY);
    assert_eq!(harlog(no_gold_rabbits.flip_colors().board()), f64::INFINITY);
    assert_eq!(harlog(pos('g', "Ed1 ed8").board()), 0.0);
}

#[test]
fn an_action_out_of_turn_names_what_the_game_awaits() {
    use arimaa::GameAction;
    let mut g = Game::new();
    assert_eq!(g.awaited(), Some(GameAction::Setup));
    let refused = g.play(&mv("d2n"));
    assert_eq!(
        refused,
        Err(GameError::WrongPhase {
            expected: GameAction::Setup,
            got: GameAction::Move,
        })
    );
    assert_eq!(
        refused.unwrap_err().to_string(),
        "expected a setup, not a movement turn"
    );
    assert_eq!(
        g.set_roll(3),
        Err(GameError::WrongPhase {
            expected: GameAction::Setup,
            got: GameAction::Roll,
        })
    );
    g.play_setup(&Setup::ninety_nine_of_nine(Color::Gold))
        .unwrap();
    g.play_setup(&Setup::ninety_nine_of_nine(Color::Silver))
        .unwrap();
    assert_eq!(g.awaited(), Some(GameAction::Move));
    assert_eq!(
        g.play_setup(&Setup::ninety_nine_of_nine(Color::Gold)),
        Err(GameError::WrongPhase {
            expected: GameAction::Move,
            got: GameAction::Setup,
        })
    );
    // Dicey Moves: a roll is awaited before the movement turn.
    let dicey = Variant {
        setup: SetupVariant::Standard,
        dicey: true,
    };
    let mut d = Game::from_position(pos('g', "Ra2 ra7"), dicey);
    assert_eq!(d.awaited(), Some(GameAction::Roll));
    assert_eq!(
        d.play_setup(&Setup::ninety_nine_of_nine(Color::Gold)),
        Err(GameError::WrongPhase {
            expected: GameAction::Roll,
            got: GameAction::Setup,
        })
    );
    // A finished game says so, whatever is given.
    let mut over = Game::from_position(pos('s', "Ra8 ra7"), Variant::STANDARD);
    let outcome = over.outcome().expect("Gold's rabbit is on rank 8");
    assert_eq!(over.awaited(), None);
    assert_eq!(over.play(&mv("a7e")), Err(GameError::Over(outcome)));
    assert_eq!(over.set_roll(2), Err(GameError::Over(outcome)));
    assert_eq!(
        over.play_setup(&Setup::ninety_nine_of_nine(Color::Gold)),
        Err(GameError::Over(outcome))
    );
    assert_eq!(format!("[{:>16}]", GameAction::Roll), "[          a roll]");
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "play_step_unchecked: e1n is illegal here: e2 is occupied")]
fn an_illegal_unchecked_step_panics_in_debug_builds() {
    // Before, `e1n` onto the occupied e2 silently deleted the elephant.
    let mut p = pos('g', "Ee1 Re2 ra7");
    p.play_step_unchecked(Step::new(Square::E1, Direction::North));
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "play_unchecked: the turn cannot end")]
fn an_unchecked_move_that_cannot_end_panics_in_debug_builds() {
    let mut p = pos('g', "Ee1 Re2 ra7");
    p.play_unchecked(&mv("e1w d1e"));
}

#[test]
fn undo_takes_back_every_action_to_the_state_before_it() {
    use rand::seq::IndexedRandom;
    let mut rng = StdRng::seed_from_u64(23);
    let mut g = Game::new();
    // What each action must give back: phase, board, position, history, and how often
    // the position then was seen.
    let state = |g: &Game| {
        (
            g.phase(),
            *g.board(),
            g.position().clone(),
            g.history().len(),
            g.times_seen(&g.position().clone()),
        )
    };
    let mut before = Vec::new();
    for side in [Color::Gold, Color::Silver] {
        before.push(state(&g));
        g.play_setup(&Setup::ninety_nine_of_nine(side)).unwrap();
    }
    while before.len() < 60 && g.outcome().is_none() {
        let moves = g.legal_moves();
        before.push(state(&g));
        g.play(moves.choose(&mut rng).unwrap()).unwrap();
    }
    while let Some(expected) = before.pop() {
        g.undo().unwrap();
        assert_eq!(state(&g), expected, "{} actions left", before.len());
    }
    assert_eq!(g.undo(), Err(GameError::NothingToUndo));
}
