//! The eight game records of the AEI tests (`tests/data/aei-test-records.txt`, from
//! Janzert/AEI `pyrimaa/tests/test_game.py`, MIT) replayed with their expected results:
//! goal, resignation, immobilization, elimination, a handicap setup (illegal under the
//! standard setup rules, an elimination under free placement), and three illegal turns
//! (too many steps, third repetition, unchanged board), each refused for that reason.

use arimaa::notation::official::IllegalOfficial;
use arimaa::notation::record::{MoveList, RecordStop, Replay, ReplayError};
use arimaa::{Color, Game, GameError, Outcome, Reason, SetupVariant, Variant};
use rand::SeedableRng;

const RECORDS: &str = include_str!("data/aei-test-records.txt");

/// The records by name (`## goal_moves` opens a record; other `#` lines are comments).
fn records() -> Vec<(String, MoveList)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in RECORDS.lines() {
        if let Some(name) = line.strip_prefix("## ") {
            if !name.starts_with("expected") {
                out.push((name.trim().to_string(), String::new()));
                continue;
            }
        }
        if let Some((_, text)) = out.last_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    out.into_iter()
        .map(|(name, text)| {
            let list: MoveList = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(list.to_string(), text, "{name} is written back identically");
            (name, list)
        })
        .collect()
}

fn record(name: &str) -> MoveList {
    records()
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, l)| l)
        .unwrap_or_else(|| panic!("no record {name}"))
}

fn replay(name: &str, game: Game) -> Replay {
    let list = record(name);
    let mut r = Replay::new(game);
    for t in list.turns() {
        if !r.push(t) {
            break;
        }
    }
    r
}

fn win(winner: Color, reason: Reason) -> Option<Outcome> {
    Some(Outcome { winner, reason })
}

#[test]
fn eight_records() {
    let names: Vec<String> = records().into_iter().map(|(n, _)| n).collect();
    assert_eq!(
        names,
        [
            "goal_moves",
            "resign_moves",
            "immo_moves",
            "elim_moves",
            "handicap_moves",
            "extra_step_moves",
            "repetition_moves",
            "null_moves"
        ]
    );
}

#[test]
fn goal() {
    let r = replay("goal_moves", Game::new());
    assert_eq!(r.failure(), None);
    assert_eq!(r.outcome(), win(Color::Gold, Reason::Goal));
}

#[test]
fn resignation() {
    let r = replay("resign_moves", Game::new());
    assert_eq!(r.failure(), None);
    assert_eq!(r.outcome(), None);
    // Silver resigns: Gold wins by resignation, a fact of the record.
    assert_eq!(r.stop(), Some(RecordStop::Resigned(Color::Silver)));
}

#[test]
fn immobilization() {
    let r = replay("immo_moves", Game::new());
    assert_eq!(r.failure(), None);
    assert_eq!(r.outcome(), win(Color::Silver, Reason::Immobilization));
}

#[test]
fn elimination() {
    let r = replay("elim_moves", Game::new());
    assert_eq!(r.failure(), None);
    assert_eq!(r.outcome(), win(Color::Silver, Reason::Elimination));
}

#[test]
fn handicap_setup_is_illegal_under_standard_rules() {
    let r = replay("handicap_moves", Game::new());
    let f = r.failure().expect("gold's setup is refused");
    assert_eq!(f.index, 0);
    assert!(
        matches!(f.error, ReplayError::Game(GameError::Setup(_))),
        "{f}"
    );
    // Gold's turn failed: Silver wins (the record's `i`).
    assert_eq!(r.game().phase(), arimaa::Phase::Setup(Color::Gold));
}

#[test]
fn handicap_setup_under_free_placement_ends_in_elimination() {
    let variant = Variant {
        setup: SetupVariant::Free,
        dicey: false,
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(0);
    let r = replay("handicap_moves", Game::start(variant, &mut rng));
    assert_eq!(r.failure(), None);
    assert_eq!(r.outcome(), win(Color::Silver, Reason::Elimination));
}

/// The turn at `index` is refused with `expected`; the side that played it loses.
fn refused(name: &str, index: usize, expected: fn(&IllegalOfficial) -> bool, loser: Color) {
    let r = replay(name, Game::new());
    let f = r
        .failure()
        .unwrap_or_else(|| panic!("{name}: no turn refused"));
    assert_eq!(f.index, index, "{name}: {f}");
    match &f.error {
        ReplayError::Illegal(e) => assert!(expected(e), "{name}: {f}"),
        _ => panic!("{name}: {f}"),
    }
    assert_eq!(r.game().position().side_to_move(), loser, "{name}");
    assert_eq!(f.label.map(|l| l.side), Some(loser));
}

#[test]
fn too_many_steps() {
    refused(
        "extra_step_moves",
        4,
        |e| matches!(e, IllegalOfficial::TooManySteps { cap: 4, .. }),
        Color::Gold,
    );
}

#[test]
fn third_repetition() {
    refused(
        "repetition_moves",
        7,
        |e| *e == IllegalOfficial::ThirdRepetition,
        Color::Silver,
    );
}

#[test]
fn unchanged_board() {
    refused(
        "null_moves",
        4,
        |e| *e == IllegalOfficial::Unchanged,
        Color::Gold,
    );
}
