//! `arimaa.Step`: one step of a piece.

use arimaa_rs::Step;
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyString, PyType};

use crate::errors::*;
use crate::vocab::*;

/// One step: the piece on a square moves one square in a direction (``"n"``, ``"e"``,
/// ``"s"``, ``"w"``, seen from Gold). Whose piece it is, and whether the step is a simple
/// step or half of a push or pull, follows from the position it is played in.
///
/// ``Step("e2n")`` or ``Step("e2", "n")``; ``str(step)`` is ``"e2n"``.
#[pyclass(module = "arimaa", name = "Step", frozen, eq, hash, ord)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct PyStep {
    pub(crate) step: Step,
}

#[pymethods]
impl PyStep {
    /// The step of action ``a`` (``4 * square + direction``), or ``None`` for 256 (the
    /// end of the turn) and the 32 actions that would leave the board. Raises
    /// ``ArimaaError`` for a number outside 0 to 256.
    #[staticmethod]
    fn from_action(a: i64) -> PyResult<Option<PyStep>> {
        Ok(crate::actions::read_action(a)?
            .step()
            .map(|step| PyStep { step }))
    }

    /// This step's action number, ``4 * square + direction`` (a1 = 0, ..., h8 = 63;
    /// n, e, s, w = 0, 1, 2, 3).
    #[getter]
    fn action(&self) -> u16 {
        self.step.action().index()
    }

    #[new]
    #[pyo3(signature = (square, direction=None))]
    fn new(square: &str, direction: Option<&str>) -> PyResult<PyStep> {
        let step = match direction {
            None => {
                let (step, piece) = read_step_token(square)?;
                if piece.is_some() {
                    return Err(ParseError::new_err(format!(
                        "invalid step {square:?}: a Step has no piece letter (write \"e2n\")"
                    )));
                }
                step
            }
            Some(d) => Step::new(read_square(square)?, read_direction(d)?),
        };
        Ok(PyStep { step })
    }

    /// The square the piece leaves, e.g. ``"e2"``.
    #[getter(from_square)]
    fn source_square(&self) -> String {
        self.step.from.to_string()
    }

    /// The direction, one of ``"n"``, ``"e"``, ``"s"``, ``"w"``.
    #[getter]
    fn direction(&self) -> String {
        self.step.dir.char().to_string()
    }

    /// The square the piece arrives on, or ``None`` when the step would leave the board.
    #[getter(to_square)]
    fn target_square(&self) -> Option<String> {
        self.step.to().map(|s| s.to_string())
    }

    fn __str__(&self) -> String {
        self.step.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Step('{}')", self.step)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String,)) {
        (slf.get_type(), (slf.get().step.to_string(),))
    }
}

pub(crate) fn extract_step(obj: &Bound<'_, PyAny>) -> PyResult<Step> {
    if let Ok(s) = obj.cast::<PyStep>() {
        return Ok(s.get().step);
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return Ok(PyStep::new(&text.to_cow()?, None)?.step);
    }
    Err(pyo3::exceptions::PyTypeError::new_err(
        "expected an arimaa.Step or a step as text, like \"e2n\"",
    ))
}
