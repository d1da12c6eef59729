//! `arimaa.VecEnv`: a batch of self-play games stepped an action at a time, together, in
//! Rust over every core with the GIL released, writing into numpy arrays.

use arimaa_rs::action::{
    Action, ActionMask, Episode, EpisodeError, Start, Transition, View, ACTIONS,
};
use numpy::{
    PyArray1, PyArray2, PyArray4, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyTuple};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::actions::*;
use crate::errors::*;
use crate::game::PyGame;
use crate::position::PyPosition;
use crate::workers::Workers;

/// SplitMix64's finaliser: a bijection of `u64` that mixes every bit into every bit.
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of game `index`'s `episode`-th game (0 first) in a `VecEnv` of `seed`.
pub(crate) const fn episode_seed(seed: u64, index: u64, episode: u64) -> u64 {
    mix(mix(mix(seed) ^ index) ^ episode)
}

/// The seed of the generator of random actions of a game of episode seed `seed`.
pub(crate) const fn action_seed(seed: u64) -> u64 {
    mix(seed ^ 0xAC71_0000_0000_0000)
}

/// One game of the batch: its episode, the episode's number and seed.
struct Slot {
    ep: Episode,
    episode: u64,
    seed: u64,
}

/// What the calls that look at every game before stepping any (the random actions, the
/// check of the actions) need of one: its mask, whether the env's view reverses its
/// ranks, and its generator of random actions. Kept in one compact array beside the
/// games and brought up to date after every step, so that those calls read a few cache
/// lines per 64 games rather than every game's own memory (on one thread, while the
/// workers wait).
#[derive(Clone)]
struct Lane {
    mask: ActionMask,
    flip: bool,
    rng: SmallRng,
}

impl Lane {
    /// Game `index`'s lane, its generator seeded from the env's seed.
    fn new(cfg: &Config, index: usize, slot: &Slot) -> Lane {
        let mut lane = Lane {
            mask: ActionMask::EMPTY,
            flip: false,
            rng: SmallRng::seed_from_u64(action_seed(episode_seed(
                cfg.seed,
                index as u64,
                u64::MAX,
            ))),
        };
        lane.refresh(cfg, slot);
        lane
    }

    /// Takes the game's mask and view as they are now.
    fn refresh(&mut self, cfg: &Config, slot: &Slot) {
        self.mask = *slot.ep.mask();
        self.flip = cfg.view.flips(slot.ep.turn());
    }

    /// The board's action for `a` in the env's view, or the other way round (reversing
    /// the ranks is its own inverse).
    fn turned(&self, a: Action) -> Action {
        if self.flip {
            a.flip_ranks()
        } else {
            a
        }
    }

    /// Whether `a`, an action in the env's view, is in the mask.
    fn offers(&self, a: Action) -> bool {
        self.mask.contains(self.turned(a))
    }

    /// A uniformly random action of the mask, in the env's view (256, the turn's end,
    /// for an empty mask, which a game in play never has).
    fn random_action(&mut self) -> i64 {
        let n = self.mask.len();
        if n == 0 {
            return 256;
        }
        let k = self.rng.random_range(0..n);
        let a = self.mask.nth(k).unwrap_or(Action::END_TURN);
        i64::from(self.turned(a).index())
    }
}

/// What every slot shares: the start, the view, the turn limit and the base seed.
#[derive(Clone)]
struct Config {
    start: Start,
    view: View,
    max_turns: u32,
    seed: u64,
}

impl Slot {
    fn new(cfg: &Config, index: usize) -> Result<Slot, EpisodeError> {
        let seed = episode_seed(cfg.seed, index as u64, 0);
        let slot = Slot {
            ep: Episode::new(cfg.start.clone(), seed, cfg.max_turns)?,
            episode: 0,
            seed,
        };
        Ok(slot)
    }

    /// The next episode of this game.
    fn restart(&mut self, cfg: &Config, index: usize) {
        self.episode += 1;
        self.seed = episode_seed(cfg.seed, index as u64, self.episode);
        self.ep.reset(self.seed);
    }

    /// Plays `a`, an action of the board (already checked against the mask), restarting
    /// a finished game.
    fn step(&mut self, cfg: &Config, index: usize, a: Action) -> Transition {
        let t = match self.ep.step(a) {
            Ok(t) => t,
            // Not reached: every action was checked against the mask first.
            Err(_) => Transition {
                reward: 0,
                terminated: false,
                truncated: false,
            },
        };
        if t.terminated || t.truncated {
            self.restart(cfg, index);
        }
        t
    }

    /// Writes the mask (ranks reversed when `flip`) and the planes, if asked for.
    fn write(&self, cfg: &Config, flip: bool, obs: Option<&mut [f32]>, mask: &mut [bool]) {
        write_mask(self.ep.mask(), flip, mask);
        if let Some(obs) = obs.and_then(|o| <&mut [f32; OBS_LEN]>::try_from(o).ok()) {
            self.ep.observation(cfg.view, obs);
        }
    }
}

/// The output rows of a chunk of slots.
struct Rows<'a> {
    obs: Option<&'a mut [f32]>,
    mask: &'a mut [bool],
    reward: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
    /// The games' lanes, brought up to date.
    lanes: &'a mut [Lane],
}

/// What a batch call does to each slot of a chunk.
#[derive(Clone, Copy)]
enum Work<'a> {
    /// Write the current observation and mask.
    Observe,
    /// Play the actions (one each), then write.
    Step(&'a [Action]),
}

/// Runs `work` on the slots `first..` of `slots`, writing their rows.
fn run_chunk(cfg: &Config, first: usize, slots: &mut [Slot], work: Work<'_>, rows: Rows<'_>) {
    let Rows {
        mut obs,
        mask,
        reward,
        terminated,
        truncated,
        lanes,
    } = rows;
    for (j, slot) in slots.iter_mut().enumerate() {
        let index = first + j;
        if let Work::Step(actions) = work {
            let t = slot.step(cfg, index, lanes[j].turned(actions[j]));
            reward[j] = f32::from(t.reward);
            terminated[j] = t.terminated;
            truncated[j] = t.truncated;
        }
        let planes = obs
            .as_deref_mut()
            .map(|o| &mut o[j * OBS_LEN..(j + 1) * OBS_LEN]);
        lanes[j].refresh(cfg, slot);
        let flip = lanes[j].flip;
        slot.write(cfg, flip, planes, &mut mask[j * ACTIONS..(j + 1) * ACTIONS]);
    }
}

/// Splits off the first `k` entries of `rest`.
fn take_front<'a, T>(rest: &mut &'a mut [T], k: usize) -> &'a mut [T] {
    let k = k.min(rest.len());
    let (front, back) = std::mem::take(rest).split_at_mut(k);
    *rest = back;
    front
}

/// One chunk of the batch: its first slot's index, its slots, its work and its rows.
type Part<'s, 'w, 'r> = (usize, &'s mut [Slot], Work<'w>, Rows<'r>);

/// The slots and rows cut into chunks of `chunk` slots.
fn parts<'s, 'w, 'r>(
    slots: &'s mut [Slot],
    work: Work<'w>,
    rows: Rows<'r>,
    chunk: usize,
) -> Vec<Part<'s, 'w, 'r>> {
    let Rows {
        mut obs,
        mut mask,
        mut reward,
        mut terminated,
        mut truncated,
        mut lanes,
    } = rows;
    let mut out = Vec::new();
    let mut rest = slots;
    let mut first = 0;
    while !rest.is_empty() {
        let k = chunk.min(rest.len());
        let rows = Rows {
            obs: obs.as_mut().map(|o| take_front(o, k * OBS_LEN)),
            mask: take_front(&mut mask, k * ACTIONS),
            reward: take_front(&mut reward, k),
            terminated: take_front(&mut terminated, k),
            truncated: take_front(&mut truncated, k),
            lanes: take_front(&mut lanes, k),
        };
        let work = match work {
            Work::Step(a) => Work::Step(&a[first..first + k]),
            Work::Observe => Work::Observe,
        };
        out.push((first, take_front(&mut rest, k), work, rows));
        first += k;
    }
    out
}

/// Runs `work` on every slot, on the calling thread and `workers` (none: the calling
/// thread alone), in chunks of 64 games (whole cache lines of the per-game outputs: 64
/// bytes of `terminated`, so that two threads never write one line).
fn run_all(
    cfg: &Config,
    workers: Option<&Workers>,
    slots: &mut [Slot],
    work: Work<'_>,
    rows: Rows<'_>,
) {
    let n = slots.len();
    match workers.filter(|_| n > 64) {
        Some(workers) => workers.share(parts(slots, work, rows, 64), |(first, s, work, rows)| {
            run_chunk(cfg, first, s, work, rows);
        }),
        None => run_chunk(cfg, 0, slots, work, rows),
    }
}

/// The arrays a call returns: the env's own (reused) or fresh ones.
struct Buffers {
    obs: Option<Py<PyArray4<f32>>>,
    mask: Py<PyArray2<bool>>,
    reward: Py<PyArray1<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
}

impl Buffers {
    fn new(py: Python<'_>, n: usize, observations: bool) -> Buffers {
        Buffers {
            obs: observations.then(|| PyArray4::zeros(py, [n, PLANES, 8, 8], false).unbind()),
            mask: PyArray2::zeros(py, [n, ACTIONS], false).unbind(),
            reward: PyArray1::zeros(py, n, false).unbind(),
            terminated: PyArray1::zeros(py, n, false).unbind(),
            truncated: PyArray1::zeros(py, n, false).unbind(),
        }
    }
}

/// A batch of self-play games stepped together, an action each, in game context
/// (repetition counted): the batched environment for reinforcement learning.
///
/// ``VecEnv(num_envs=1024, seed=0, max_turns=300, observations=True, start="random",
/// view="absolute", reuse_buffers=True, threads=None)``.
///
/// * ``reset()`` returns ``(obs, mask)``: ``obs`` a float32 array ``(N, 19, 8, 8)``
///   (``OBSERVATION_SHAPE`` per game, ``None`` with ``observations=False``), ``mask`` a
///   bool array ``(N, 257)``. ``reset(seed)`` starts over with a new seed.
/// * ``random_actions()``: an int64 array ``(N,)``, one uniformly random action of each
///   game's mask (each game's own generator, seeded from ``seed``).
/// * ``step(actions)`` (``N`` actions, any integer array or sequence) returns
///   ``(obs, mask, reward, terminated, truncated)``: ``reward[i]`` (float32) is +1 or -1
///   for the side that took the action when it ended the game (won or lost), else 0;
///   ``terminated`` a game's end by the rules, ``truncated`` its ``max_turns``-th
///   movement turn without a result. A finished game restarts at once (its next
///   episode, a new seeded start), and ``obs`` and ``mask`` are those of the new game.
///   An action not in its game's mask raises ``IllegalMove`` (a ``ValueError``) naming
///   the game's index and why; nothing changes then.
///
/// The side to move is ``side_to_move()`` (``+1`` Gold, ``-1`` Silver per game; plane 12
/// of the absolute planes too); ``steps_taken()`` the steps of each turn in progress.
/// ``position(i)`` is game ``i``'s position with its turn in progress, ``game(i)`` an
/// ``arimaa.Game`` of it (setups and turns played, the turn in progress left out).
///
/// Seeds: game ``i``'s ``k``-th episode (0 first) starts from the seed
/// ``VecEnv.episode_seed(seed, i, k)`` (``episodes()`` and ``seeds()`` give each game's
/// current ``k`` and seed), whatever the number of threads: runs are reproducible.
///
/// ``max_turns=0`` sets no limit. ``start``: ``"random"`` (seeded uniformly random standard setups, the default),
/// ``"99of9"``, ``"endless"`` (Endless Endgame's seeded random armies) or an
/// ``arimaa.Position`` between turns, Gold or Silver to move. ``view="mover"`` gives
/// observations and masks in the mover's view and takes actions in it (ranks reversed
/// for Silver, ``FLIP_RANKS_ACTIONS``).
///
/// Buffers: with ``reuse_buffers=True`` (the default) every call returns the same
/// arrays, overwritten by the next call (copy what you keep); ``False`` returns fresh
/// arrays each call (5 MB of observations a call at 1,024 games: about 7 % fewer steps
/// per second with observations, measured by bench.py's loop). The games step in Rust on
/// ``threads`` threads (default: every core) with the GIL released: the calling thread
/// and ``threads - 1`` workers that stay up (and wait busy for half a millisecond after
/// each call, for the next one), the batch cut into chunks of 64 games that they take in
/// turn. ``random_actions()`` and the check of ``step``'s actions read a compact copy of
/// the masks on the calling thread.
#[pyclass(module = "arimaa", name = "VecEnv")]
pub(crate) struct PyVecEnv {
    slots: Vec<Slot>,
    /// Each game's [`Lane`], in the order of `slots`.
    lanes: Vec<Lane>,
    cfg: Config,
    threads: usize,
    /// The threads stepping the games besides the calling one (`None` for one thread).
    workers: Option<Workers>,
    reuse: bool,
    buffers: Buffers,
    /// Whether the games are at their first episode, untouched since construction or
    /// `reset(seed)` (the next `reset()` then keeps them).
    fresh: bool,
}

pub(crate) fn read_start(start: &Bound<'_, PyAny>) -> PyResult<Start> {
    if let Ok(pos) = start.cast::<PyPosition>() {
        let start = Start::Position(pos.borrow().pos.clone());
        // The seed is unused for a given position: this checks that its game is on.
        Episode::new(start.clone(), 0, 0).map_err(episode_err)?;
        return Ok(start);
    }
    match start.extract::<String>()?.as_str() {
        "random" => Ok(Start::RandomSetups),
        "99of9" => Ok(Start::NinetyNineOfNine),
        "endless" => Ok(Start::EndlessEndgame),
        other => Err(ArimaaError::new_err(format!(
            "unknown start {other:?}: expected \"random\", \"99of9\", \"endless\" or an arimaa.Position"
        ))),
    }
}

/// Why `action` is not in `ep`'s mask: the crate's reason, found on a copy.
pub(crate) fn refusal(ep: &Episode, action: Action) -> String {
    let mut probe = ep.clone();
    match probe.step(action) {
        Err(e) => e.to_string(),
        Ok(_) => format!("action {action} is not in the mask"),
    }
}

/// An episode's start refused: `ArimaaError` with the crate's message.
pub(crate) fn episode_err(e: EpisodeError) -> PyErr {
    ArimaaError::new_err(e.to_string())
}

/// The lanes of `slots`, game `i`'s generator seeded for index `i`.
fn lanes(cfg: &Config, slots: &[Slot]) -> Vec<Lane> {
    slots
        .iter()
        .enumerate()
        .map(|(i, slot)| Lane::new(cfg, i, slot))
        .collect()
}

fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl PyVecEnv {
    fn build_slots(cfg: &Config, n: usize, threads: usize) -> Result<Vec<Slot>, EpisodeError> {
        let chunk = n.div_ceil(threads.max(1)).max(1);
        let mut slots = Vec::with_capacity(n);
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..n)
                .step_by(chunk)
                .map(|first| {
                    let last = (first + chunk).min(n);
                    scope.spawn(move || {
                        (first..last)
                            .map(|i| Slot::new(cfg, i))
                            .collect::<Result<Vec<_>, _>>()
                    })
                })
                .collect();
            for h in handles {
                if let Ok(part) = h.join() {
                    slots.extend(part?);
                }
            }
            Ok(())
        })?;
        Ok(slots)
    }

    /// The arrays for this call: the env's own, or fresh ones.
    fn buffers(&self, py: Python<'_>) -> Buffers {
        if self.reuse {
            Buffers {
                obs: self.buffers.obs.as_ref().map(|b| b.clone_ref(py)),
                mask: self.buffers.mask.clone_ref(py),
                reward: self.buffers.reward.clone_ref(py),
                terminated: self.buffers.terminated.clone_ref(py),
                truncated: self.buffers.truncated.clone_ref(py),
            }
        } else {
            Buffers::new(py, self.slots.len(), self.buffers.obs.is_some())
        }
    }

    /// Runs `work` on every game, writing into `out`, with the GIL released.
    fn run(&mut self, py: Python<'_>, work: Work<'_>, out: &Buffers) -> PyResult<()> {
        // The reused arrays are the caller's too: one made read-only, or borrowed
        // elsewhere, is refused rather than written.
        let busy = |_| {
            ArimaaError::new_err(
                "VecEnv: an output array is read-only or in use (copy the arrays you keep)",
            )
        };
        let mut obs = match out.obs.as_ref() {
            Some(o) => Some(o.bind(py).try_readwrite().map_err(busy)?),
            None => None,
        };
        let mut mask = out.mask.bind(py).try_readwrite().map_err(busy)?;
        let mut reward = out.reward.bind(py).try_readwrite().map_err(busy)?;
        let mut terminated = out.terminated.bind(py).try_readwrite().map_err(busy)?;
        let mut truncated = out.truncated.bind(py).try_readwrite().map_err(busy)?;
        let contiguous = |_| ArimaaError::new_err("VecEnv: an output array is not contiguous");
        let rows = Rows {
            obs: match obs.as_mut() {
                Some(o) => Some(o.as_slice_mut().map_err(contiguous)?),
                None => None,
            },
            mask: mask.as_slice_mut().map_err(contiguous)?,
            reward: reward.as_slice_mut().map_err(contiguous)?,
            terminated: terminated.as_slice_mut().map_err(contiguous)?,
            truncated: truncated.as_slice_mut().map_err(contiguous)?,
            lanes: &mut self.lanes,
        };
        let (cfg, workers, slots) = (&self.cfg, self.workers.as_ref(), &mut self.slots);
        py.detach(|| run_all(cfg, workers, slots, work, rows));
        Ok(())
    }

    /// The actions (in the env's view), read and checked against every game's mask.
    fn checked_actions(&self, actions: &Bound<'_, PyAny>) -> PyResult<Vec<Action>> {
        let array: PyReadonlyArray1<'_, i64> = match actions.extract() {
            Ok(a) => a,
            Err(_) => {
                // Any integer array or sequence (not floats or booleans: no silent cast).
                let array = actions
                    .py()
                    .import("numpy")?
                    .call_method1("asarray", (actions,))?;
                let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
                if kind != "i" && kind != "u" {
                    return Err(ArimaaError::new_err(format!(
                        "step: actions must be integers (got numpy dtype kind {kind:?})"
                    )));
                }
                array.call_method1("astype", ("int64",))?.extract()?
            }
        };
        if array.len() != self.slots.len() {
            return Err(ArimaaError::new_err(format!(
                "step: {} actions for {} games",
                array.len(),
                self.slots.len()
            )));
        }
        let values = array.as_array().to_vec();
        // The numbers first, then the masks.
        let mut checked = Vec::with_capacity(values.len());
        for (i, &a) in values.iter().enumerate() {
            let action =
                read_action(a).map_err(|e| ArimaaError::new_err(format!("game {i}: {e}")))?;
            checked.push(action);
        }
        // The masks are in the lanes: one compact array, read on this thread.
        let refused = self
            .lanes
            .iter()
            .zip(&checked)
            .position(|(lane, &a)| !lane.offers(a));
        if let Some(i) = refused {
            let slot = &self.slots[i];
            let board = self.lanes[i].turned(checked[i]);
            let why = refusal(&slot.ep, board);
            return Err(IllegalMove::new_err(format!(
                "game {i}: action {} is not in the mask: {why}",
                values[i]
            )));
        }
        Ok(checked)
    }
}

/// The tuple of a call: `(obs, mask)` or `(obs, mask, reward, terminated, truncated)`.
fn returned<'py>(py: Python<'py>, out: Buffers, all: bool) -> PyResult<Bound<'py, PyTuple>> {
    let obs = match out.obs {
        Some(o) => o.into_any(),
        None => py.None(),
    };
    let mut items = vec![obs, out.mask.into_any()];
    if all {
        items.extend([
            out.reward.into_any(),
            out.terminated.into_any(),
            out.truncated.into_any(),
        ]);
    }
    PyTuple::new(py, items)
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (num_envs=1024, seed=0, max_turns=300, observations=true, start=None, view="absolute", reuse_buffers=true, threads=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        num_envs: usize,
        seed: u64,
        max_turns: u32,
        observations: bool,
        start: Option<&Bound<'_, PyAny>>,
        view: &str,
        reuse_buffers: bool,
        threads: Option<usize>,
    ) -> PyResult<PyVecEnv> {
        if num_envs == 0 || threads == Some(0) {
            return Err(ArimaaError::new_err(
                "VecEnv: num_envs and threads must be at least 1",
            ));
        }
        let start = match start {
            Some(s) => read_start(s)?,
            None => Start::RandomSetups,
        };
        let cfg = Config {
            start,
            view: read_view(view)?,
            max_turns,
            seed,
        };
        let threads = threads.unwrap_or_else(default_threads).min(num_envs);
        let slots = py
            .detach(|| PyVecEnv::build_slots(&cfg, num_envs, threads))
            .map_err(episode_err)?;
        // No workers (the calling thread alone) when one thread is asked for, or when
        // the system refuses threads.
        let workers = Workers::new(threads);
        Ok(PyVecEnv {
            lanes: lanes(&cfg, &slots),
            slots,
            cfg,
            threads,
            workers,
            reuse: reuse_buffers,
            buffers: Buffers::new(py, num_envs, observations),
            fresh: true,
        })
    }

    /// The number of games, ``N``.
    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// Whether observations are made (``observations=`` at construction).
    #[getter]
    fn observations(&self) -> bool {
        self.buffers.obs.is_some()
    }

    /// The base seed of the games.
    #[getter]
    fn seed(&self) -> u64 {
        self.cfg.seed
    }

    /// The threads stepping the games.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// The seed of game ``index``'s ``episode``-th episode (0 first) in a ``VecEnv`` of
    /// ``seed``.
    #[staticmethod]
    fn episode_seed(seed: u64, index: u64, episode: u64) -> u64 {
        episode_seed(seed, index, episode)
    }

    /// ``(obs, mask)`` of every game. Right after construction (or ``reset(seed)``) the
    /// games are their first episodes; a later ``reset()`` starts each game's next
    /// episode; ``reset(seed)`` starts over from episode 0 of ``seed`` (the random
    /// actions' generators too).
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyTuple>> {
        if let Some(seed) = seed {
            self.cfg.seed = seed;
            let (cfg, n, threads) = (&self.cfg, self.slots.len(), self.threads);
            self.slots = py
                .detach(|| PyVecEnv::build_slots(cfg, n, threads))
                .map_err(episode_err)?;
            self.lanes = lanes(&self.cfg, &self.slots);
        } else if !self.fresh {
            for (i, slot) in self.slots.iter_mut().enumerate() {
                slot.restart(&self.cfg, i);
            }
        }
        self.fresh = false;
        let out = self.buffers(py);
        self.run(py, Work::Observe, &out)?;
        returned(py, out, false)
    }

    /// One uniformly random action of each game's mask: an int64 array ``(N,)``. Each
    /// game draws from its own generator, seeded from the env's seed.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        // The masks are in the lanes: one compact array, read on this thread.
        let actions: Vec<i64> = self.lanes.iter_mut().map(Lane::random_action).collect();
        PyArray1::from_vec(py, actions)
    }

    /// Plays one action in every game (see the class): returns ``(obs, mask, reward,
    /// terminated, truncated)``. Raises ``IllegalMove`` naming the first game whose
    /// action is not in its mask (``ArimaaError`` for a wrong count or a number outside
    /// 0 to 256), changing nothing.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let actions = self.checked_actions(actions)?;
        self.fresh = false;
        let out = self.buffers(py);
        self.run(py, Work::Step(&actions), &out)?;
        returned(py, out, true)
    }

    /// The side to move in each game: an int8 array ``(N,)``, +1 Gold, -1 Silver.
    fn side_to_move<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let sides = self.slots.iter().map(|s| match s.ep.side_to_move() {
            arimaa_rs::Color::Gold => 1,
            arimaa_rs::Color::Silver => -1,
        });
        PyArray1::from_iter(py, sides)
    }

    /// The steps taken in each game's turn in progress: a uint8 array ``(N,)``.
    fn steps_taken<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        PyArray1::from_iter(py, self.slots.iter().map(|s| s.ep.steps().len() as u8))
    }

    /// The movement turns played in each game's current episode: a uint32 array ``(N,)``.
    fn turns_played<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_iter(py, self.slots.iter().map(|s| s.ep.turns_played()))
    }

    /// Each game's current episode number (0 first): a uint64 array ``(N,)``.
    fn episodes<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        PyArray1::from_iter(py, self.slots.iter().map(|s| s.episode))
    }

    /// Each game's current episode seed (``episode_seed(seed, i, episodes()[i])``): a
    /// uint64 array ``(N,)``.
    fn seeds<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        PyArray1::from_iter(py, self.slots.iter().map(|s| s.seed))
    }

    /// Game ``index``'s position, with its turn in progress played on it (a copy).
    fn position(&self, index: usize) -> PyResult<PyPosition> {
        Ok(PyPosition {
            pos: self.slot(index)?.ep.turn().clone(),
        })
    }

    /// Game ``index`` as an ``arimaa.Game`` (a copy): its setups and the turns played,
    /// at the start of the turn in progress (``position(index)`` has its steps).
    fn game(&self, index: usize) -> PyResult<PyGame> {
        Ok(PyGame::wrap(self.slot(index)?.ep.game().clone()))
    }

    fn __len__(&self) -> usize {
        self.slots.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "VecEnv(num_envs={}, seed={}, max_turns={}, observations={})",
            self.slots.len(),
            self.cfg.seed,
            self.cfg.max_turns,
            if self.buffers.obs.is_some() {
                "True"
            } else {
                "False"
            }
        )
    }
}

impl PyVecEnv {
    fn slot(&self, index: usize) -> PyResult<&Slot> {
        self.slots.get(index).ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err(format!(
                "game {index} out of range: {} games",
                self.slots.len()
            ))
        })
    }
}
