//! The `arimaa` crate for Python: positions in the AEI short form, steps, whole moves,
//! full-turn generation, the goal and capture queries, games with repetition and undo,
//! and official notation, through PyO3.
//!
//! Squares, pieces, colours and directions cross the boundary as strings (`"e2"`, `"E"`,
//! `"gold"`, `"n"`). Every error of the crate reaches Python as an exception under
//! `ValueError` carrying the crate's own message, and a failed call leaves its object as
//! it was. Nothing a caller passes may panic: text is read by the crate's own parsers,
//! which check lengths and characters.
//!
//! One file a concept: `errors` (the exceptions), `vocab` (the vocabulary as strings),
//! `step`, `moves`, `position`, `game` and `records` (replays and archives).

mod actions;
mod archive;
mod errors;
mod game;
mod moves;
mod position;
mod records;
mod selfplay;
mod step;
mod vecenv;
mod vocab;
mod workers;

use pyo3::prelude::*;

use crate::actions::*;
use crate::archive::*;
use crate::errors::*;
use crate::game::*;
use crate::moves::*;
use crate::position::*;
use crate::records::*;
use crate::selfplay::*;
use crate::step::*;
use crate::vecenv::*;

/// An exact and fast Arimaa rules engine: the Rust crate ``arimaa`` for Python.
///
/// ``Position`` (AEI short form in and out, steps, moves, full-turn generation, goal and
/// capture queries, official notation), ``Step``, ``Move``, ``Game``, and the exceptions
/// ``ArimaaError`` (a ``ValueError``), ``ParseError``, ``IllegalMove`` and
/// ``GameStateError``.
#[pymodule]
fn _arimaa(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyStep>()?;
    m.add_class::<PyMove>()?;
    m.add_class::<PyPosition>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyReplay>()?;
    m.add_class::<PyReplayFailure>()?;
    m.add_class::<PyPlayer>()?;
    m.add_class::<PyVecEnv>()?;
    m.add_class::<PyEpisode>()?;
    m.add_function(wrap_pyfunction!(harlog, m)?)?;
    m.add_function(wrap_pyfunction!(mirror_observation, m)?)?;
    m.add_function(wrap_pyfunction!(archive_arrays, m)?)?;
    add_constants(m)?;
    m.add_function(wrap_pyfunction!(replay_record, m)?)?;
    m.add_function(wrap_pyfunction!(replay_archive, m)?)?;
    m.add("ArimaaError", py.get_type::<ArimaaError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("GameStateError", py.get_type::<GameStateError>())?;
    m.add(
        "OPENING",
        "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]",
    )?;
    Ok(())
}
