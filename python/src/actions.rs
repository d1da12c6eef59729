//! The step action space and the observation planes for Python: `arimaa.ACTIONS`,
//! `OBSERVATION_SHAPE`, `MIRROR_ACTIONS`, `FLIP_RANKS_ACTIONS`, `mirror_observation`,
//! and the helpers `Position`, `Game`, `VecEnv` and the archive arrays share (reading an
//! action or a view, masks and planes written into numpy memory).

use arimaa_rs::action::{self, Action, ActionMask, View, CHANNELS, GAME_CHANNELS};
use arimaa_rs::Position;
use numpy::{PyArray1, PyArray3, PyArrayMethods, PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::prelude::*;

use crate::errors::*;

/// The planes of one observation: a game's ([`GAME_CHANNELS`], the repetition plane
/// last), for positions too, so that every observation of the package has one shape.
pub(crate) const PLANES: usize = GAME_CHANNELS;

/// The entries of one observation, `PLANES * 64`.
pub(crate) const OBS_LEN: usize = PLANES * 64;

/// An action number from Python: 0 to 256, else `ArimaaError`.
pub(crate) fn read_action(a: i64) -> PyResult<Action> {
    u16::try_from(a)
        .ok()
        .and_then(Action::new)
        .ok_or_else(|| ArimaaError::new_err(format!("action {a} out of range: 0 to 256")))
}

/// A view's name: `"absolute"` or `"mover"`.
pub(crate) fn read_view(name: &str) -> PyResult<View> {
    match name {
        "absolute" => Ok(View::Absolute),
        "mover" => Ok(View::Mover),
        _ => Err(ArimaaError::new_err(format!(
            "unknown view {name:?}: expected \"absolute\" or \"mover\""
        ))),
    }
}

/// Writes `mask` as 257 booleans, seen in `view` of `pos` (ranks reversed for Silver in
/// the mover's view).
pub(crate) fn write_mask(mask: &ActionMask, flip: bool, out: &mut [bool]) {
    let bools = if flip { mask.flip_ranks() } else { *mask }.to_bools();
    out.copy_from_slice(&bools);
}

/// Writes the [`PLANES`] planes of `pos` into `out` (`OBS_LEN` entries): the position's
/// [`CHANNELS`] planes in `view`, then the repetition plane, `seen` (the times the
/// turn's starting position has occurred, 1 for a bare position) divided by 3, at most 1.
pub(crate) fn write_planes(pos: &Position, view: View, seen: u32, out: &mut [f32]) {
    let (planes, rest) = out.split_at_mut(CHANNELS * 64);
    if let Ok(planes) = <&mut [f32; CHANNELS * 64]>::try_from(planes) {
        pos.observation(view, planes);
    }
    rest.fill(seen.min(3) as f32 / 3.0);
}

/// A fresh `(257,)` bool array of `mask`.
pub(crate) fn mask_array<'py>(
    py: Python<'py>,
    mask: &ActionMask,
    flip: bool,
) -> Bound<'py, PyArray1<bool>> {
    let mut out = [false; action::ACTIONS];
    write_mask(mask, flip, &mut out);
    PyArray1::from_slice(py, &out)
}

/// A fresh `OBSERVATION_SHAPE` float32 array of `pos`'s planes.
pub(crate) fn planes_array<'py>(
    py: Python<'py>,
    pos: &Position,
    view: View,
    seen: u32,
) -> PyResult<Bound<'py, PyArray3<f32>>> {
    let mut out = vec![0.0f32; OBS_LEN];
    write_planes(pos, view, seen, &mut out);
    PyArray1::from_vec(py, out).reshape([PLANES, 8, 8])
}

/// Observation planes mirrored left to right (files a to h reversed), as a new float32
/// array of the same shape: any array whose last two axes are ``(8, 8)``, one
/// observation or a batch. With ``MIRROR_ACTIONS`` for the actions and masks, the mirror
/// of a position's data (``Position.mirror_files``) for augmentation.
#[pyfunction]
pub(crate) fn mirror_observation<'py>(
    py: Python<'py>,
    planes: PyReadonlyArrayDyn<'py, f32>,
) -> PyResult<Bound<'py, PyAny>> {
    let shape = planes.shape().to_vec();
    if shape.len() < 2 || shape[shape.len() - 1] != 8 || shape[shape.len() - 2] != 8 {
        return Err(ArimaaError::new_err(format!(
            "observation planes end in (8, 8); got shape {shape:?}"
        )));
    }
    let mut out = planes.as_array().iter().copied().collect::<Vec<f32>>();
    action::mirror_planes(&mut out);
    Ok(PyArray1::from_vec(py, out).reshape(shape)?.into_any())
}

/// Adds the action space's constants to the module.
pub(crate) fn add_constants(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ACTIONS", action::ACTIONS)?;
    m.add("OBSERVATION_SHAPE", (PLANES, 8usize, 8usize))?;
    let mirror: Vec<i64> = action::MIRROR_ACTIONS
        .iter()
        .map(|&a| i64::from(a))
        .collect();
    m.add("MIRROR_ACTIONS", read_only(PyArray1::from_vec(py, mirror))?)?;
    let flip: Vec<i64> = Action::all()
        .map(|a| i64::from(a.flip_ranks().index()))
        .collect();
    m.add(
        "FLIP_RANKS_ACTIONS",
        read_only(PyArray1::from_vec(py, flip))?,
    )?;
    Ok(())
}

/// The array, marked read-only (a module's tables must not be changed by accident).
fn read_only<'py>(array: Bound<'py, PyArray1<i64>>) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let kwargs = pyo3::types::PyDict::new(array.py());
    kwargs.set_item("write", false)?;
    array.call_method("setflags", (), Some(&kwargs))?;
    Ok(array)
}
