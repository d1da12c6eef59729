//! The `serde` feature: every value of the small vocabulary types, every legal move of
//! the benchmark positions and the positions themselves survive a JSON round trip; the
//! written forms are the documented text forms; bad input is refused with an error.
//! Runs with `cargo test --features serde --test serde_props` (well under a second).
#![cfg(feature = "serde")]

use std::fmt::Debug;

use arimaa::{
    Bitboard, Color, Direction, Direction::*, File, Move, Outcome, Piece, PieceKind, Position,
    Rank, Reason, Square, Step,
};
use serde::de::DeserializeOwned;
use serde::Serialize;

const BENCHMARK: &str = include_str!("data/clueless-benchmark.txt");

/// Writes `value` as JSON, checks the text when one is given, reads it back and checks
/// it is equal.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T, text: Option<&str>) {
    let json = serde_json::to_string(value).expect("serializes");
    if let Some(text) = text {
        assert_eq!(json, text);
    }
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
    assert_eq!(&back, value, "{json}");
}

fn refused<T: DeserializeOwned + Debug>(json: &str) -> String {
    match serde_json::from_str::<T>(json) {
        Ok(v) => panic!("{json} was read as {v:?}"),
        Err(e) => e.to_string(),
    }
}

/// The benchmark positions (32, between turns).
fn positions() -> Vec<Position> {
    let lines: Vec<&str> = BENCHMARK.lines().collect();
    lines
        .windows(2)
        .filter_map(|w| {
            let side = w[0].split("side=").nth(1)?.chars().next()?;
            format!("{side} {}", w[1]).parse().ok()
        })
        .collect()
}

/// Every colour, kind and reason is written as its `Display` word and read back.
#[test]
fn named_types_use_their_display_words() {
    for c in Color::ALL {
        round_trip(&c, Some(&format!("\"{c}\"")));
    }
    for k in PieceKind::ALL {
        round_trip(&k, Some(&format!("\"{k}\"")));
    }
    for r in Reason::ALL {
        round_trip(&r, Some(&format!("\"{r}\"")));
    }
    refused::<PieceKind>("\"Rabbit\"");
    refused::<Reason>("\"g\"");
}

#[test]
fn small_types_round_trip_in_their_text_forms() {
    round_trip(&Color::Gold, Some("\"gold\""));
    round_trip(&Color::Silver, Some("\"silver\""));
    round_trip(&PieceKind::Elephant, Some("\"elephant\""));
    round_trip(&PieceKind::Rabbit.of(Color::Silver), Some("\"r\""));
    round_trip(&Square::E2, Some("\"e2\""));
    round_trip(&Step::new(Square::E2, North), Some("\"e2n\""));
    round_trip(&Reason::Immobilization, Some("\"immobilization\""));
    round_trip(
        &Outcome {
            winner: Color::Silver,
            reason: Reason::Goal,
        },
        Some("{\"winner\":\"silver\",\"reason\":\"goal\"}"),
    );
    round_trip(&Bitboard::from_square(Square::B1), Some("2"));
    for color in Color::ALL {
        round_trip(&color, None);
        for kind in PieceKind::ALL {
            round_trip(&kind, None);
            round_trip(&Piece::new(color, kind), None);
        }
    }
    for file in File::ALL {
        round_trip(&file, None);
    }
    for rank in Rank::ALL {
        round_trip(&rank, None);
    }
    for sq in Square::ALL {
        round_trip(&sq, None);
        round_trip(&Bitboard::from_square(sq), None);
        for dir in Direction::ALL {
            round_trip(&dir, None);
            round_trip(&Step::new(sq, dir), None);
        }
    }
    for reason in [Reason::Goal, Reason::Elimination, Reason::Immobilization] {
        for winner in Color::ALL {
            round_trip(&Outcome { winner, reason }, None);
        }
    }
}

#[test]
fn moves_and_positions_round_trip() {
    let opening: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"
        .parse()
        .unwrap();
    round_trip(
        &opening,
        Some("\"g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]\""),
    );
    let mv =
        Move::from_steps(&[Step::new(Square::E2, North), Step::new(Square::E3, North)]).unwrap();
    round_trip(&mv, Some("[\"e2n\",\"e3n\"]"));
    round_trip(&Move::EMPTY, Some("[]"));
    let positions = positions();
    assert_eq!(positions.len(), 32);
    let mut moves = 0;
    for pos in positions.iter().take(8) {
        round_trip(pos, None);
        for mv in pos.legal_moves() {
            round_trip(&mv, None);
            moves += 1;
        }
        // A position after a move is written as the position it is.
        let after = pos.after(&pos.legal_moves()[0]).unwrap();
        let back: Position = serde_json::from_str(&serde_json::to_string(&after).unwrap()).unwrap();
        assert_eq!(back, after);
        assert_eq!(back.zobrist(), after.zobrist());
    }
    assert!(moves > 100_000, "{moves} moves");
}

#[test]
fn bad_input_is_refused() {
    refused::<Color>("\"white\"");
    refused::<Color>("3");
    refused::<PieceKind>("\"queen\"");
    refused::<Piece>("\"Q\"");
    refused::<Piece>("\"Ee\"");
    refused::<Square>("\"i9\"");
    refused::<Square>("\"e22\"");
    refused::<Direction>("\"x\"");
    refused::<Step>("\"e2\"");
    refused::<Step>("\"e2nn\"");
    refused::<Step>("\"é2n\"");
    refused::<Reason>("\"resignation\"");
    refused::<Outcome>("{\"winner\":\"gold\"}");
    refused::<Outcome>("{\"winner\":\"gold\",\"reason\":\"goal\",\"by\":1}");
    let five = refused::<Move>("[\"a2n\",\"a3n\",\"a4n\",\"a5n\",\"a6n\"]");
    assert!(five.contains("at most 4 steps"), "{five}");
    refused::<Move>("\"a2n\"");
    // A gold rabbit alone on the trap c3.
    let trap = refused::<Position>(
        "\"g [                                          R                     ]\"",
    );
    assert!(trap.contains("trap"), "{trap}");
    refused::<Position>("\"g [rrrr]\"");
}

#[test]
fn a_position_in_the_middle_of_a_turn_keeps_its_turn_state() {
    let mut pos: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"
        .parse()
        .unwrap();
    pos.set_step_cap(3).unwrap();
    round_trip(&pos, Some(&format!("\"{pos}\"")));
    pos.play_step(Step::new(Square::E2, North)).unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert!(json.contains("steps 1/3 from ["), "{json}");
    round_trip(&pos, Some(&json));
    let back: Position = serde_json::from_str(&json).unwrap();
    assert_eq!(back.steps_taken(), 1);
    assert_eq!(back.pull_source(), pos.pull_source());
    pos.end_turn().unwrap();
    round_trip(&pos, None);
    // A turn state the rules cannot reach is refused.
    let bad = json.replace("steps 1/3", "steps 2/3");
    assert!(serde_json::from_str::<Position>(&bad).is_err());
}
