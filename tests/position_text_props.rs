//! The text form of a position reads back as the same position in every state (issue 21,
//! item 4): between turns, under every step limit, and after every step of a turn,
//! pushes under way and pulls available included. Checked after every step of all
//! 10,891 movement turns of the two archive files, on random positions and states, and
//! on malformed turn states.

mod support;

use arimaa::notation::record::Archive;
use arimaa::notation::ParsePositionError;
use arimaa::{Board, Color, Direction, Piece, Position, Square, Step};
use support::random::{random_position, random_state, Rng};

const FEB_2026: &str = include_str!("data/allgames202602.tsv");
const NOV_2011: &str = include_str!("data/allgames201111-sample.tsv");

fn round_trip(pos: &Position) {
    let text = pos.to_string();
    let back: Position = text
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} does not read back: {e}"));
    assert_eq!(&back, pos, "{text}");
    assert_eq!(back.turn_key(), pos.turn_key());
    assert_eq!(back.to_string(), text);
    let between_turns = pos.steps_taken() == 0 && pos.step_cap() == 4;
    assert_eq!(!text.contains("steps"), between_turns, "{text}");
}

#[test]
fn every_step_of_the_archive_turns_reads_back() {
    let (mut turns, mut states, mut pushes, mut pulls) = (0, 0, 0, 0);
    for text in [FEB_2026, NOV_2011] {
        let archive: Archive = text.parse().expect("archive reads");
        for game in &archive.games {
            for m in game.replay().moves() {
                turns += 1;
                let mut pos = m.before.clone();
                round_trip(&pos);
                for &step in m.mv.steps() {
                    pos.play_step(step).expect("the record's step");
                    pushes += usize::from(pos.pending_push().is_some());
                    pulls += usize::from(pos.pull_source().is_some());
                    round_trip(&pos);
                    states += 1;
                }
            }
        }
    }
    eprintln!("{turns} turns, {states} states inside them read back ({pushes} pushes under way, {pulls} pulls available)");
    assert_eq!(turns, 10_891);
    assert!(pushes > 0 && pulls > 0);
}

#[test]
fn random_states_under_every_limit_read_back() {
    let mut rng = Rng(4);
    for _ in 0..3000 {
        let start = random_position(&mut rng);
        round_trip(&start);
        let state = random_state(&mut rng, &start);
        round_trip(&state);
        // Every step on from there, and every limit the turn may still take.
        for &step in &state.legal_steps() {
            let mut next = state.clone();
            next.play_step(step).unwrap();
            round_trip(&next);
        }
        for cap in state.steps_taken().max(1)..=4 {
            let mut capped = state.clone();
            match capped.set_step_cap(cap) {
                Ok(()) => round_trip(&capped),
                // A push under way needs a step left: that limit is refused.
                Err(_) => assert!(
                    state.pending_push().is_some() && cap == state.steps_taken(),
                    "{state}: limit {cap}"
                ),
            }
        }
    }
}

const OPENING: &str = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]";
const BOARD: &str = "[rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]";

#[test]
fn the_written_forms_are_as_documented() {
    let mut pos: Position = OPENING.parse().unwrap();
    assert_eq!(pos.to_string(), OPENING);
    pos.set_step_cap(2).unwrap();
    assert_eq!(pos.to_string(), format!("{OPENING} steps 0/2"));
    pos.set_step_cap(4).unwrap();
    pos.play_step(Step::new(Square::D2, Direction::North))
        .unwrap();
    let board = Position::new(*pos.board(), Color::Gold)
        .unwrap()
        .to_string();
    assert_eq!(
        pos.to_string(),
        format!("{board} steps 1/4 from {BOARD} pull Md2")
    );
    assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
    assert_eq!(format!("{pos:?}"), format!("Position({pos})"));
}

fn board(pieces: &[(&str, char)]) -> Board {
    let mut b = Board::empty();
    for &(sq, letter) in pieces {
        b.set(sq.parse().unwrap(), Piece::from_char(letter));
    }
    b
}

#[test]
fn a_push_under_way_is_written_and_read() {
    // Gold's elephant d4 pushes Silver's cat d5 to d6; the elephant must enter d5.
    let b = board(&[("d4", 'E'), ("d5", 'c'), ("a1", 'R'), ("h8", 'r')]);
    let mut pos = Position::new(b, Color::Gold).unwrap();
    pos.play_step(Step::new(Square::D5, Direction::North))
        .unwrap();
    assert!(pos.pending_push().is_some());
    // The push needs a step left: the limit cannot drop to the step taken.
    assert!(pos.set_step_cap(1).is_err());
    let text = pos.to_string();
    assert!(text.contains(" steps 1/4 from ["), "{text}");
    assert!(text.ends_with("] push cd5"), "{text}");
    assert_eq!(text.parse::<Position>().unwrap(), pos);
    pos.play_step(Step::new(Square::D4, Direction::North))
        .unwrap();
    round_trip(&pos);
    assert!(!pos.to_string().contains("push"));
}

fn refused(text: &str) -> ParsePositionError {
    match text.parse::<Position>() {
        Ok(p) => panic!("{text:?} was read as {p:?}"),
        Err(e) => e,
    }
}

#[test]
fn malformed_or_unreachable_turn_states_are_refused() {
    let turn = |rest: &str| format!("{OPENING} {rest}");
    for bad in [
        "steps",
        "steps x",
        "steps 1",
        "steps 5/4",
        "steps 3/2",
        "steps 0/0",
        "steps 0/4 push",
        "steps 0/4 sideways",
        "steps 0/4 pull Ee2 pull Ee2",
        "steps 0/4 push Ee2",
        "steps 0/4 pull ee2",
        "steps 0/4 pull Q9",
    ] {
        let e = refused(&turn(bad));
        assert!(
            matches!(e, ParsePositionError::TurnState(_)),
            "{bad}: {e:?}"
        );
    }
    assert!(matches!(
        refused(&turn("moves")),
        ParsePositionError::Trailing(_)
    ));
    // A step taken needs the start board, and no step taken has none.
    assert!(matches!(
        refused(&turn("steps 1/4")),
        ParsePositionError::TurnState(_)
    ));
    assert!(matches!(
        refused(&turn(&format!("steps 0/4 from {BOARD}"))),
        ParsePositionError::TurnState(_)
    ));
    assert!(matches!(
        refused(&turn("steps 1/4 from [rrrr]")),
        ParsePositionError::WrongLength(4)
    ));
    // Well formed, but no legal steps give it: one step cannot leave the board as it
    // started, a pull cannot be available at the start, and two steps are not one.
    for bad in [
        format!("steps 1/4 from {BOARD}"),
        "steps 0/4 pull Md2".to_string(),
    ] {
        let e = refused(&turn(&bad));
        assert!(
            matches!(e, ParsePositionError::Unreachable { .. })
                || matches!(e, ParsePositionError::TurnState(_)),
            "{bad}: {e:?}"
        );
    }
    let mut pos: Position = OPENING.parse().unwrap();
    pos.play_step(Step::new(Square::D2, Direction::North))
        .unwrap();
    let text = pos.to_string();
    for edited in [
        text.replace("steps 1/4", "steps 2/4"),
        text.replace("pull Md2", "pull Ed2"),
        text.replace("pull Md2", "pull Md2 push rd7"),
        text.replace(" pull Md2", ""),
    ] {
        let e = refused(&edited);
        assert!(
            matches!(e, ParsePositionError::Unreachable { .. }),
            "{edited}: {e:?}"
        );
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn the_aei_form_alone_is_the_board_and_side() {
    let mut pos: Position = OPENING.parse().unwrap();
    assert_eq!(pos.to_aei(), OPENING);
    pos.play_step(Step::new(Square::D2, Direction::North))
        .unwrap();
    let aei = pos.to_aei();
    assert!(!aei.contains("steps") && aei.ends_with(']'));
    let read: Position = aei.parse().unwrap();
    assert_eq!(read.board(), pos.board());
    assert_eq!(read.steps_taken(), 0);
    assert_ne!(read, pos);
}

#[test]
fn the_diagram_shows_the_board_and_side_only() {
    let mut pos: Position = OPENING.parse().unwrap();
    assert_eq!(Position::from_diagram(&pos.to_diagram()).unwrap(), pos);
    pos.play_step(Step::new(Square::D2, Direction::North))
        .unwrap();
    let read = Position::from_diagram(&pos.to_diagram()).unwrap();
    assert_eq!(read.to_string(), pos.to_aei());
}
