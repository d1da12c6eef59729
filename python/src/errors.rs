//! The exceptions of the package and the crate's errors mapped onto them, each with the
//! crate's own message.

use arimaa_rs::notation::official::OfficialError;
use arimaa_rs::notation::record::{ReplayError, ReplayFailure};
use arimaa_rs::notation::{ParsePositionError, WriteError};
use arimaa_rs::{EndTurnError, GameError, MoveError, PositionError, StepError};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    arimaa,
    ArimaaError,
    PyValueError,
    "The base of every error of the arimaa package (a ValueError). Its message is the \
     Rust crate's own."
);
create_exception!(
    arimaa,
    ParseError,
    ArimaaError,
    "Text that cannot be read: a position, square, piece, colour, direction, step or \
     move in notation."
);
create_exception!(
    arimaa,
    IllegalMove,
    ArimaaError,
    "A well-formed step, move or turn end that the rules refuse in this position or game."
);
create_exception!(
    arimaa,
    GameStateError,
    ArimaaError,
    "A game action the game does not await now (a move during the setups, a setup \
     after them, undo with nothing to undo, a move after the end), or a setup the rules \
     refuse."
);

pub(crate) fn parse_err(e: impl std::fmt::Display) -> PyErr {
    ParseError::new_err(e.to_string())
}

pub(crate) fn illegal(e: impl std::fmt::Display) -> PyErr {
    IllegalMove::new_err(e.to_string())
}

pub(crate) fn position_err(e: ParsePositionError) -> PyErr {
    parse_err(e)
}

pub(crate) fn step_err(e: StepError) -> PyErr {
    illegal(e)
}

pub(crate) fn end_turn_err(e: EndTurnError) -> PyErr {
    illegal(e)
}

pub(crate) fn move_err(e: MoveError) -> PyErr {
    illegal(e)
}

pub(crate) fn write_err(e: WriteError) -> PyErr {
    illegal(e)
}

pub(crate) fn cap_err(e: PositionError) -> PyErr {
    ArimaaError::new_err(e.to_string())
}

pub(crate) fn official_err(e: OfficialError) -> PyErr {
    match e {
        OfficialError::Parse(p) => parse_err(p),
        OfficialError::Illegal(i) => illegal(i),
        other => ArimaaError::new_err(other.to_string()),
    }
}

pub(crate) fn game_err(e: GameError) -> PyErr {
    match e {
        GameError::Move(_) | GameError::ThirdRepetition => illegal(e),
        other => GameStateError::new_err(other.to_string()),
    }
}

pub(crate) fn replay_err(f: &ReplayFailure) -> PyErr {
    let text = f.to_string();
    match &f.error {
        ReplayError::Parse(_) => ParseError::new_err(text),
        ReplayError::Illegal(_) => IllegalMove::new_err(text),
        ReplayError::Game(GameError::Move(_) | GameError::ThirdRepetition) => {
            IllegalMove::new_err(text)
        }
        _ => GameStateError::new_err(text),
    }
}
