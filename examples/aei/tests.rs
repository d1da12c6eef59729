//! Scripted sessions and checks of the search against full move generation.

use crate::input::{read_line, Input};
use crate::protocol::{Engine, Flow};
use std::io;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use arimaa::engine::opponent_wins_at_once;
use arimaa::notation::official::parse_move;
use arimaa::{Color, Phase, Position};

fn run(engine: &mut Engine, line: &str) -> Vec<String> {
    let (flow, out) = engine.handle(line, &mut || false);
    assert_eq!(flow, Flow::Continue, "{line}");
    out
}

fn best(engine: &mut Engine) -> String {
    let out = run(engine, "go");
    let last = out.last().expect("go answers");
    last.strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("no bestmove in {out:?}"))
        .to_string()
}

fn is_error(out: &[String]) -> bool {
    out.len() == 1 && out[0].starts_with("log error: ")
}

#[test]
fn scripted_session() {
    let mut e = Engine::new(7);
    assert_eq!(
        run(&mut e, "aei"),
        [
            "protocol-version 1",
            "id name arimaa-rs one-turn",
            "id author the arimaa crate",
            &format!("id version {}", env!("CARGO_PKG_VERSION")),
            "aeiok"
        ]
    );
    assert_eq!(run(&mut e, "isready"), ["readyok"]);
    // Malformed and unknown commands: an error line, then the engine goes on.
    for bad in [
        "frobnicate",
        "isready now",
        "go fast",
        "setoption tcmove 3",
        "setoption name tcmove value soon",
        "setoption name tcmove junk 3",
        "setposition g [rrrr",
        "setposition q [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]",
        "makemove Ee2n",
        "makemove Ra1 Ra1 Zz9",
        "makemove ra7 rb7 rc7 rd7 re7 rf7 rg7 rh7 ha8 db8 cc8 md8 ee8 cf8 dg8 hh8",
    ] {
        assert!(is_error(&run(&mut e, bad)), "{bad}");
    }
    let long = format!("makemove {}", "Ra1 ".repeat(25_000));
    assert!(is_error(&run(&mut e, &long)));
    assert_eq!(
        run(&mut e, "setoption name whatever value 1"),
        ["log Warning: unrecognized option whatever"]
    );
    assert!(run(&mut e, "setoption name opponent value bot Some Name").is_empty());
    assert!(run(&mut e, "setoption name movetime value 0.5").is_empty());
    assert!(run(&mut e, "newgame").is_empty());
    // Setups, checked by the game they are played into.
    let gold = best(&mut e);
    assert_eq!(gold.split_whitespace().count(), 16);
    assert!(run(&mut e, &format!("makemove {gold}")).is_empty());
    let silver = best(&mut e);
    assert!(silver.chars().all(|c| !c.is_ascii_uppercase()));
    assert!(run(&mut e, &format!("makemove {silver}")).is_empty());
    assert_eq!(e.game.phase(), Phase::Play);
    // A few movement turns, each read back as legal.
    for _ in 0..6 {
        let mv = best(&mut e);
        parse_move(e.game.position(), &mv).expect("legal move");
        assert!(run(&mut e, &format!("makemove {mv}")).is_empty());
    }
    assert!(run(&mut e, "go ponder").is_empty());
    assert!(run(&mut e, "stop").is_empty());
    assert!(is_error(&run(&mut e, "makemove Ee2n Ee2s")));
    let (flow, out) = e.handle("quit", &mut || false);
    assert_eq!(flow, Flow::Quit);
    assert!(out.is_empty());
}

/// An AEI position from the side and `<piece><square>` tokens: `pos('g', "Ra6 re8")`.
fn pos(side: char, pieces: &str) -> String {
    let mut cells = [' '; 64];
    for token in pieces.split_whitespace() {
        let b = token.as_bytes();
        let file = usize::from(b[1] - b'a');
        let rank = usize::from(b[2] - b'1');
        cells[(7 - rank) * 8 + file] = char::from(b[0]);
    }
    format!("{side} [{}]", cells.iter().collect::<String>())
}

fn play_best(e: &mut Engine) -> Position {
    let mv = best(e);
    let parsed = parse_move(e.game.position(), &mv).expect("legal move");
    e.game.position().after(&parsed).expect("plays")
}

#[test]
fn setposition_setup_phase_and_game_over() {
    let mut e = Engine::new(1);
    run(&mut e, &format!("setposition {}", pos('g', "")));
    assert_eq!(e.game.phase(), Phase::Setup(Color::Gold));
    let gold = "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Da2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Dh2";
    run(&mut e, &format!("setposition {}", pos('s', gold)));
    assert_eq!(e.game.phase(), Phase::Setup(Color::Silver));
    assert!(best(&mut e).starts_with(|c: char| c.is_ascii_lowercase()));
    // Gold has a rabbit on its goal: the game is over, go is refused.
    run(&mut e, &format!("setposition {}", pos('s', "Ra8 re5 Ee1")));
    assert!(matches!(e.game.phase(), Phase::Over(_)));
    assert!(is_error(&run(&mut e, "go")));
}

#[test]
fn takes_an_immediate_goal() {
    for seed in 0..4 {
        let mut e = Engine::new(seed);
        run(
            &mut e,
            &format!("setposition {}", pos('g', "Ra6 re8 Ee1 ed4")),
        );
        let after = play_best(&mut e);
        assert!(after.board().rabbit_on_goal(Color::Gold));
    }
}

#[test]
fn blocks_a_goal_threat() {
    // The silver rabbit on h3 reaches h1 next turn unless Gold stops it.
    for seed in 0..6 {
        let mut e = Engine::new(seed);
        run(
            &mut e,
            &format!("setposition {}", pos('g', "Ra1 Eg1 rh3 ea8")),
        );
        let after = play_best(&mut e);
        assert!(
            !opponent_wins_at_once(after.board(), Color::Gold),
            "{after} lets silver win"
        );
    }
}

#[test]
fn answers_quickly_in_a_crowded_position() {
    // 20,229 legal moves: the first position of the clueless benchmark.
    let data = include_str!("../../tests/data/clueless-benchmark.txt");
    let board = data
        .lines()
        .find(|l| l.starts_with('['))
        .expect("a board line");
    let mut e = Engine::new(9);
    run(&mut e, "setoption name movetime value 1");
    assert!(run(&mut e, &format!("setposition g {board}")).is_empty());
    assert_eq!(e.game.position().count_moves(), 20_229);
    let start = Instant::now();
    play_best(&mut e);
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn opponent_win_check_agrees_with_full_generation() {
    for text in [
        pos('s', "Ra1 Eg1 rh3 ea8"),
        pos('s', "Ra1 Eg2 rh3 ea8 rb2"),
        pos('s', "Ra1 Ea2 rb3 ec8 Mb1 Rc1"),
        pos('g', "Ra6 re8 Ee1 ed4"),
        pos('g', "Rb5 Ra5 mb7 rh8 Ee1"),
        "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]".to_string(),
    ] {
        let p: Position = text.parse().expect("position");
        let side = p.side_to_move();
        let fast = opponent_wins_at_once(p.board(), !side);
        // The plain check: some reply ends with a goal of the side to move, an
        // elimination of the other side, or leaves the other side without a turn.
        let mut slow = false;
        let _: ControlFlow<()> = p.for_each_move(|_, b, _| {
            let immobile = Position::new(*b, !side).is_ok_and(|q| !q.has_legal_move());
            let eliminated = b.pieces(arimaa::PieceKind::Rabbit.of(!side)).is_empty();
            let lost_own =
                b.pieces(arimaa::PieceKind::Rabbit.of(side)).is_empty() || b.rabbit_on_goal(!side);
            slow |= b.rabbit_on_goal(side) || (!lost_own && (eliminated || immobile));
            ControlFlow::Continue(())
        });
        assert_eq!(fast, slow, "{text}");
    }
}

#[test]
fn bounded_line_reader() {
    let text = format!("isready\n{}\nquit", "x".repeat(100_000));
    let mut r = io::Cursor::new(text.into_bytes());
    assert!(matches!(read_line(&mut r, 64), Ok(Some(Input::Line(l))) if l == "isready"));
    assert!(matches!(
        read_line(&mut r, 64),
        Ok(Some(Input::TooLong(100_000)))
    ));
    assert!(matches!(read_line(&mut r, 64), Ok(Some(Input::Line(l))) if l == "quit"));
    assert!(matches!(read_line(&mut r, 64), Ok(None)));
}
