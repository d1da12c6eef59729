//! `arimaa.Move`: a turn of one to four steps, and move lists for Python.

use std::sync::Arc;

use arimaa_rs::notation::official::{self};
use arimaa_rs::{Move, Position};
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyList, PyString, PyTuple, PyType};

use crate::errors::*;
use crate::position::*;
use crate::step::*;
use crate::vocab::*;

/// A turn: one to four steps, played in order.
///
/// ``Move("e2n e3n")`` reads step tokens (``"e2n"``, or official tokens such as
/// ``"Ee2n"``, whose piece letters and capture tokens are not checked without a
/// position); ``Move([Step("e2n"), "e3n"])`` takes a sequence of steps.
/// ``Move(text, position)`` reads the move for a position and checks that it is legal
/// there: official notation (``"Ee2n Ee3n"``, pieces and captures checked) or bare steps.
///
/// A move made for a position (by ``Position.legal_moves``, ``Position.parse_move``,
/// ``goal_move``, ``capture_moves``, or ``Move(text, position)``) writes itself in
/// official step notation, ``str(move) == "Ee2n Ee3n"``; any other move writes its bare
/// steps, ``"e2n e3n"`` (also ``move.steps_text``).
///
/// Equality and hashing compare the steps, in order (not the position, nor the board they
/// give): ``Position.same_result`` and ``Position.canonical_move`` compare by result.
#[pyclass(module = "arimaa", name = "Move", frozen)]
#[derive(Clone)]
pub(crate) struct PyMove {
    pub(crate) mv: Move,
    pub(crate) origin: Option<Arc<Position>>,
}

impl PyMove {
    pub(crate) fn bare(mv: Move) -> PyMove {
        PyMove { mv, origin: None }
    }

    pub(crate) fn of(mv: Move, origin: &Arc<Position>) -> PyMove {
        PyMove {
            mv,
            origin: Some(Arc::clone(origin)),
        }
    }
}

pub(crate) fn read_move_text(text: &str, pos: Option<&Position>) -> PyResult<Move> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let has_pieces = tokens.iter().any(|t| t.chars().count() >= 4);
    if let (Some(pos), true) = (pos, has_pieces) {
        return official::parse_move(pos, text).map_err(official_err);
    }
    let mut mv = Move::EMPTY;
    for token in tokens {
        if is_capture_token(token) {
            continue;
        }
        let (step, _) = read_step_token(token)?;
        mv.push(step)
            .map_err(|e| ParseError::new_err(format!("{e}: {text:?}")))?;
    }
    if let Some(pos) = pos {
        pos.after(&mv).map_err(move_err)?;
    }
    Ok(mv)
}

pub(crate) fn move_from_steps(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    let mut mv = Move::EMPTY;
    for item in obj.try_iter()? {
        let step = extract_step(&item?)?;
        mv.push(step).map_err(parse_err)?;
    }
    Ok(mv)
}

/// A move from a Python value: an arimaa.Move, text (read for `pos` when given), or a
/// sequence of steps.
pub(crate) fn extract_move(obj: &Bound<'_, PyAny>, pos: Option<&Position>) -> PyResult<Move> {
    if let Ok(m) = obj.cast::<PyMove>() {
        return Ok(m.get().mv);
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return read_move_text(&text.to_cow()?, pos);
    }
    if obj.cast::<PyTuple>().is_ok() || obj.hasattr("__iter__")? {
        return move_from_steps(obj);
    }
    Err(pyo3::exceptions::PyTypeError::new_err(
        "expected an arimaa.Move, a move as text, or a sequence of steps",
    ))
}

#[pymethods]
impl PyMove {
    #[new]
    #[pyo3(signature = (steps, position=None))]
    fn new(steps: &Bound<'_, PyAny>, position: Option<PyRef<'_, PyPosition>>) -> PyResult<PyMove> {
        match position {
            None => Ok(PyMove::bare(extract_move(steps, None)?)),
            Some(p) => {
                let mv = extract_move(steps, Some(&p.pos))?;
                p.pos.after(&mv).map_err(move_err)?;
                Ok(PyMove::of(mv, &Arc::new(p.pos.clone())))
            }
        }
    }

    /// The steps, in order.
    #[getter]
    fn steps(&self) -> Vec<PyStep> {
        self.mv
            .steps()
            .iter()
            .map(|&step| PyStep { step })
            .collect()
    }

    /// The steps as text, ``"e2n e3n"`` (no piece letters).
    #[getter]
    fn steps_text(&self) -> String {
        steps_text(&self.mv)
    }

    /// The position this move was made for, if any (a copy).
    #[getter]
    fn position(&self) -> Option<PyPosition> {
        self.origin.as_ref().map(|p| PyPosition {
            pos: Position::clone(p),
        })
    }

    fn __len__(&self) -> usize {
        self.mv.len()
    }

    fn __getitem__(&self, index: isize) -> PyResult<PyStep> {
        let len = self.mv.len() as isize;
        let i = if index < 0 { index + len } else { index };
        if i < 0 || i >= len {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "move step index out of range",
            ));
        }
        Ok(PyStep {
            step: self.mv.steps()[i as usize],
        })
    }

    fn __str__(&self) -> String {
        match &self.origin {
            Some(pos) => {
                official::write_move(pos, &self.mv).unwrap_or_else(|_| steps_text(&self.mv))
            }
            None => steps_text(&self.mv),
        }
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.__str__())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<PyMove>() {
            Ok(o) => o.get().mv == self.mv,
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.mv.hash(&mut h);
        h.finish()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (Bound<'py, PyType>, (String, Option<PyPosition>)) {
        let me = slf.get();
        (slf.get_type(), (steps_text(&me.mv), me.position()))
    }
}

/// The moves as a Python list of `Move`s made for `origin`.
///
/// PyO3's classes are tracked by Python's cyclic garbage collector, and a few hundred
/// thousand new tracked objects set off collections that walk them all again and again:
/// half the time of a big list went there. None of these objects can be in a cycle, so
/// the collector is paused while the list is built (and resumed as it was found, also on
/// an error); no Python code runs in between, the GIL being held throughout.
pub(crate) fn moves_list<'py>(
    py: Python<'py>,
    moves: Vec<Move>,
    origin: &Arc<Position>,
) -> PyResult<Bound<'py, PyList>> {
    const PAUSE_FROM: usize = 2048;
    let build = || PyList::new(py, moves.iter().map(|&m| PyMove::of(m, origin)));
    if moves.len() < PAUSE_FROM {
        return build();
    }
    let gc = py.import("gc")?;
    let enabled: bool = gc.call_method0("isenabled")?.extract()?;
    if enabled {
        gc.call_method0("disable")?;
    }
    let list = build();
    if enabled {
        gc.call_method0("enable")?;
    }
    list
}
