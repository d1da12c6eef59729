//! The vocabulary as strings: squares, directions, colours, pieces, outcomes, step
//! tokens and notation names read from and written to Python strings.

use std::fmt::Write as _;

use arimaa_rs::{Color, Direction, Move, Outcome, Piece, Square, Step};
use pyo3::prelude::*;

use crate::errors::*;

pub(crate) fn read_square(text: &str) -> PyResult<Square> {
    text.parse::<Square>().map_err(parse_err)
}

pub(crate) fn one_char(text: &str) -> Option<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

pub(crate) fn read_direction(text: &str) -> PyResult<Direction> {
    one_char(text)
        .and_then(Direction::from_char)
        .ok_or_else(|| {
            ParseError::new_err(format!(
                "invalid direction {text:?}: expected one of \"n\", \"e\", \"s\", \"w\""
            ))
        })
}

pub(crate) fn read_color(text: &str) -> PyResult<Color> {
    match text.to_ascii_lowercase().as_str() {
        "gold" | "g" | "w" | "white" => Ok(Color::Gold),
        "silver" | "s" | "b" | "black" => Ok(Color::Silver),
        _ => Err(ParseError::new_err(format!(
            "invalid colour {text:?}: expected \"gold\" or \"silver\""
        ))),
    }
}

pub(crate) fn piece_str(p: Piece) -> String {
    p.char().to_string()
}

pub(crate) fn outcome_tuple(o: Outcome) -> (String, String) {
    (o.winner.name().to_string(), o.reason.name().to_string())
}

/// A step from text: `e2n`, or an official step token `Ee2n` (the piece letter is read
/// and dropped; it is checked where a position is known).
pub(crate) fn read_step_token(token: &str) -> PyResult<(Step, Option<char>)> {
    let chars: Vec<char> = token.chars().collect();
    let (piece, rest) = match chars.len() {
        3 => (None, &chars[..]),
        4 if Piece::from_char(chars[0]).is_some() => (Some(chars[0]), &chars[1..]),
        _ => {
            return Err(ParseError::new_err(format!(
                "invalid step {token:?}: expected a square and a direction, like \"e2n\" \
                 (optionally after a piece letter, like \"Ee2n\")"
            )))
        }
    };
    let square: String = rest[..2].iter().collect();
    let from = read_square(&square)?;
    let dir = Direction::from_char(rest[2]).ok_or_else(|| {
        ParseError::new_err(format!(
            "invalid step {token:?}: the direction must be one of n, e, s, w"
        ))
    })?;
    Ok((Step::new(from, dir), piece))
}

pub(crate) fn is_capture_token(token: &str) -> bool {
    token.ends_with('x') && token.chars().count() == 4
}

pub(crate) fn steps_text(mv: &Move) -> String {
    let mut out = String::new();
    for (i, s) in mv.steps().iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{s}");
    }
    out
}

#[derive(Clone, Copy)]
pub(crate) enum Notation {
    Official,
    Lightvector,
    Legacy,
}

pub(crate) fn read_notation(name: &str) -> PyResult<Notation> {
    match name {
        "official" => Ok(Notation::Official),
        "lightvector" => Ok(Notation::Lightvector),
        "legacy" => Ok(Notation::Legacy),
        _ => Err(ArimaaError::new_err(format!(
            "unknown notation {name:?}: expected \"official\", \"lightvector\" or \"legacy\""
        ))),
    }
}
