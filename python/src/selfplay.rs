//! `arimaa.Episode`: one self-play game stepped an action at a time in game context,
//! the single-game engine under `arimaa.pettingzoo`.

use arimaa_rs::action::{Episode, Start, View};
use numpy::{PyArray1, PyArray3};
use pyo3::prelude::*;
use pyo3::types::PyAny;

use crate::actions::*;
use crate::errors::*;
use crate::game::PyGame;
use crate::position::PyPosition;
use crate::vecenv::{action_seed, episode_err, read_start};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// One self-play game stepped an action at a time in game context (repetition
/// counted), as one game of a ``VecEnv`` but never restarted by itself.
///
/// ``Episode(start="random", seed=0, max_turns=300)``: ``start`` as for ``VecEnv``
/// (``"random"`` seeded random standard setups, ``"99of9"``, ``"endless"`` or an
/// ``arimaa.Position``), its setups drawn from ``seed``. ``step(a)`` plays an action
/// of ``action_mask()`` and returns ``(reward, terminated, truncated)``: ``reward`` +1
/// or -1 for the side that acted when the action ended the game (won or lost), else 0;
/// ``terminated`` the end by the rules; ``truncated`` the ``max_turns``-th movement turn
/// without a result (``max_turns=0``: no limit). Once over, the mask is empty, every
/// action raises ``IllegalMove`` and ``reset(seed)`` starts a new game. It is the crate's
/// ``arimaa::action::Episode``.
#[pyclass(module = "arimaa", name = "Episode")]
pub(crate) struct PyEpisode {
    ep: Episode,
    seed: u64,
    rng: SmallRng,
}

#[pymethods]
impl PyEpisode {
    #[new]
    #[pyo3(signature = (start=None, seed=0, max_turns=300))]
    fn new(start: Option<&Bound<'_, PyAny>>, seed: u64, max_turns: u32) -> PyResult<PyEpisode> {
        let start = match start {
            Some(s) => read_start(s)?,
            None => Start::RandomSetups,
        };
        Ok(PyEpisode {
            ep: Episode::new(start, seed, max_turns).map_err(episode_err)?,
            seed,
            rng: SmallRng::seed_from_u64(action_seed(seed)),
        })
    }

    /// Starts a new game of the same start, its setups drawn from ``seed``.
    fn reset(&mut self, seed: u64) {
        self.seed = seed;
        self.ep.reset(seed);
        self.rng = SmallRng::seed_from_u64(action_seed(seed));
    }

    /// A uniformly random action of the mask (from a generator seeded by the game's
    /// seed), or ``None`` once the episode is over.
    fn random_action(&mut self) -> Option<u16> {
        let mask = self.ep.mask();
        let n = mask.len();
        if n == 0 {
            return None;
        }
        let k = self.rng.random_range(0..n);
        mask.nth(k).map(|a| a.index())
    }

    /// The seed of the current game.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// Plays action ``a`` (0 to 256) of ``action_mask()``; returns ``(reward,
    /// terminated, truncated)``. An action not in the mask raises ``IllegalMove`` with
    /// the reason (``ArimaaError`` for a number outside 0 to 256); nothing changes.
    fn step(&mut self, a: i64) -> PyResult<(i8, bool, bool)> {
        let t = self.ep.step(read_action(a)?).map_err(illegal)?;
        Ok((t.reward, t.terminated, t.truncated))
    }

    /// The exact mask of the turn in progress in game context, a numpy bool array
    /// ``(257,)`` (all false once the episode is over); ``view`` as for
    /// ``Position.action_mask``.
    #[pyo3(signature = (view="absolute"))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        view: &str,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let flip = read_view(view)?.flips(self.ep.turn());
        Ok(mask_array(py, self.ep.mask(), flip))
    }

    /// The observation planes of the turn in progress, a numpy float32 array of
    /// ``OBSERVATION_SHAPE`` (as ``Game.observation``).
    #[pyo3(signature = (view="absolute"))]
    fn observation<'py>(&self, py: Python<'py>, view: &str) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let view: View = read_view(view)?;
        let mut out = [0.0f32; OBS_LEN];
        self.ep.observation(view, &mut out);
        numpy::PyArrayMethods::reshape(&PyArray1::from_slice(py, &out), [PLANES, 8, 8])
    }

    /// The side to move, ``"gold"`` or ``"silver"``.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        self.ep.side_to_move().name()
    }

    /// The steps taken in the turn in progress.
    #[getter]
    fn steps_taken(&self) -> usize {
        self.ep.steps().len()
    }

    /// The movement turns played.
    #[getter]
    fn turns_played(&self) -> u32 {
        self.ep.turns_played()
    }

    /// Whether the game has ended (terminated or truncated).
    #[getter]
    fn is_over(&self) -> bool {
        self.ep.is_over()
    }

    /// The result by the rules: ``None`` while the game goes on (and after a
    /// truncation), else ``(winner, reason)``.
    #[getter]
    fn outcome(&self) -> Option<(String, String)> {
        self.ep.game().outcome().map(crate::vocab::outcome_tuple)
    }

    /// The position with the turn in progress played on it (a copy).
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            pos: self.ep.turn().clone(),
        }
    }

    /// The game as an ``arimaa.Game`` (a copy), at the start of the turn in progress.
    #[getter]
    fn game(&self) -> PyGame {
        PyGame::wrap(self.ep.game().clone())
    }

    fn __repr__(&self) -> String {
        format!(
            "Episode(seed={}, turns_played={}, side_to_move={:?})",
            self.seed,
            self.ep.turns_played(),
            self.ep.side_to_move().name()
        )
    }
}
