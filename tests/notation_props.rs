//! Very long inputs are refused quickly by every reader: a 100,000-character line is
//! turned away by its length before any real work, not processed for seconds.
//!
//! Time is measured only as a coarse guard with a generous bound; the point is that
//! each reader checks the length first (its error says so where it has a variant for
//! it). The archive reader is the exception by design: real archive rows reach 44,000
//! characters, so it reads lines up to a mebibyte, and must do so in linear time.

use std::time::{Duration, Instant};

use arimaa::notation::official::{self, StepToken, TurnBody, TurnLabel, TurnText};
use arimaa::notation::record::{Archive, MoveList, ARCHIVE_COLUMNS};
use arimaa::notation::{legacy, lightvector, ParsePositionError};
use arimaa::{Color, Game, Position, Setup};

const LEN: usize = 100_000;
const BOUND: Duration = Duration::from_millis(50);

/// Long lines of different shapes, each at least 100,000 characters.
fn long_lines() -> Vec<(&'static str, String)> {
    let fill = |unit: &str| unit.repeat(LEN.div_ceil(unit.chars().count()));
    vec![
        ("letters", fill("a")),
        ("spaces", fill(" ")),
        ("steps", fill("Ee2n ")),
        ("placements", fill("Ra1 ")),
        ("legacy steps", fill("Ee2e3, ")),
        ("lightvector", fill("Ee4 ")),
        ("directions", fill("n")),
        ("multibyte", fill("€")),
        ("label", format!("{}g", "9".repeat(LEN))),
        ("board", format!("g [{}]", " ".repeat(LEN))),
        ("unclosed board", format!("g [{}", "r".repeat(LEN))),
    ]
}

fn pos() -> Position {
    "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"
        .parse()
        .expect("the opening")
}

fn game() -> Game {
    let mut g = Game::new();
    g.play_setup(&Setup::ninety_nine_of_nine(Color::Gold))
        .expect("gold setup");
    g.play_setup(&Setup::ninety_nine_of_nine(Color::Silver))
        .expect("silver setup");
    g
}

/// Runs `read` on every long line, asserting it fails (`refused`) within the bound.
fn refuses(reader: &str, read: impl Fn(&str) -> bool) {
    let mut slowest = Duration::ZERO;
    for (shape, line) in long_lines() {
        assert!(line.chars().count() >= LEN);
        let start = Instant::now();
        let refused = read(&line);
        let took = start.elapsed();
        assert!(
            refused,
            "{reader} accepted a {shape} line of {} bytes",
            line.len()
        );
        assert!(took < BOUND, "{reader} took {took:?} on a {shape} line");
        slowest = slowest.max(took);
    }
    println!("{reader}: slowest {slowest:?}");
}

#[test]
fn position_readers_refuse_by_length() {
    refuses("short form", |s| {
        matches!(s.parse::<Position>(), Err(ParsePositionError::TooLong(_)))
    });
    refuses("diagram", |s| {
        matches!(
            Position::from_diagram(s),
            Err(ParsePositionError::TooLong(_))
        )
    });
    refuses("diagram lines", |s| {
        let text = format!("2g\n{s}\n{s}\n");
        matches!(
            Position::from_diagram(&text),
            Err(ParsePositionError::TooLong(_))
        )
    });
}

#[test]
fn official_readers_refuse_by_length() {
    use official::ParseOfficialError::TooLong;
    refuses("turn", |s| matches!(s.parse::<TurnText>(), Err(TooLong(_))));
    refuses("turn body", |s| {
        matches!(s.parse::<TurnBody>(), Err(TooLong(_)))
    });
    refuses("labelled turn", |s| {
        matches!(format!("2g {s}").parse::<TurnText>(), Err(TooLong(_)))
    });
    refuses("label", |s| s.parse::<TurnLabel>().is_err());
    refuses("step token", |s| s.parse::<StepToken>().is_err());
    refuses("move", |s| {
        matches!(
            official::parse_move(&pos(), s),
            Err(official::OfficialError::Parse(TooLong(_)))
        )
    });
    refuses("move in game", |s| {
        matches!(
            official::parse_move_in_game(&game(), s),
            Err(official::OfficialError::Parse(TooLong(_)))
        )
    });
}

#[test]
fn lightvector_readers_refuse_by_length() {
    refuses("lightvector", |s| {
        s.parse::<lightvector::Lightvector>().is_err()
    });
    refuses("lightvector move", |s| {
        lightvector::parse_move(&pos(), s).is_err()
    });
    refuses("lightvector token", |s| {
        s.parse::<lightvector::Token>().is_err()
    });
}

#[test]
fn legacy_readers_refuse_by_length() {
    refuses("legacy move", |s| s.parse::<legacy::LegacyMove>().is_err());
    refuses("legacy setup", |s| {
        s.parse::<legacy::LegacySetup>().is_err()
    });
    refuses("legacy resolve", |s| legacy::parse_move(&pos(), s).is_err());
    refuses("legacy setup of a side", |s| {
        legacy::parse_setup(Color::Gold, s).is_err()
    });
}

#[test]
fn plain_move_lists_refuse_a_long_turn_line() {
    // A line of spaces is a blank line, which move lists skip.
    refuses("move list", |s| {
        s.parse::<MoveList>().is_err() || s.trim().is_empty()
    });
    refuses("move list with a good first line", |s| {
        format!("1g Ra1 Rb1\n{s}\n").parse::<MoveList>().is_err() || s.trim().is_empty()
    });
}

#[test]
fn the_archive_reader_stays_linear_on_long_rows() {
    let header = ARCHIVE_COLUMNS.join("\t");
    for (shape, line) in long_lines() {
        // The long line as a row of its own, and as the move list of a row.
        let mut columns = vec!["1"; ARCHIVE_COLUMNS.len()];
        let movelist = ARCHIVE_COLUMNS
            .iter()
            .position(|c| *c == "movelist")
            .expect("a movelist column");
        columns[movelist] = &line;
        for text in [
            format!("{header}\n{line}\n"),
            format!("{header}\n{}\n", columns.join("\t")),
        ] {
            let start = Instant::now();
            let archive = text.parse::<Archive>();
            if let Ok(a) = &archive {
                for g in &a.games {
                    let _ = g.turns();
                }
            }
            let took = start.elapsed();
            println!("archive, {shape} line: {took:?}");
            assert!(
                took < BOUND,
                "archive reader took {took:?} on a {shape} line"
            );
        }
    }
    // A header line alone of 100,000 characters is not a header.
    let start = Instant::now();
    assert!("a".repeat(LEN).parse::<Archive>().is_err());
    assert!(start.elapsed() < BOUND);
}
