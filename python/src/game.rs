//! `arimaa.Game`: setups, variants, dice, repetition, undo, results and pickling.

use std::sync::Arc;

use arimaa_rs::notation::official::{self, OfficialError, SideLetters};
use arimaa_rs::notation::record::{self, MoveList};
use arimaa_rs::{Color, Game, Phase, Position, SetupVariant, Turn, Variant};
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyList, PyString, PyType};
use rand::rngs::SmallRng;
use rand::{RngCore, SeedableRng};

use crate::actions::*;
use crate::errors::*;
use crate::moves::*;
use crate::position::*;
use crate::records::*;
use crate::vocab::*;

/// A game: the setups (or Endless Endgame's drawn armies), then movement turns, with the
/// repetition rule (a turn may not produce a position a third time), undo and the result.
///
/// ``Game()`` is a standard game awaiting Gold's setup (``play_setup("Ra1 Rb1 ...")`` in
/// official notation, then Silver's). ``variant`` is ``"standard"``, ``"handicap"``
/// (at most the standard army), ``"free"`` (free placement) or ``"endless"`` (Endless
/// Endgame: random armies, no setups); ``dicey=True`` adds Dicey Moves (``roll()`` before
/// each movement turn). ``seed`` seeds the game's random numbers (armies, dice); without
/// it they are seeded from the clock. ``Game.from_position(pos)`` continues from a
/// position.
#[pyclass(module = "arimaa", name = "Game")]
#[derive(Clone)]
pub(crate) struct PyGame {
    pub(crate) game: Game,
    pub(crate) rng: GameRng,
}

pub(crate) fn read_variant(name: &str, dicey: bool) -> PyResult<Variant> {
    let setup = match name {
        "standard" => SetupVariant::Standard,
        "handicap" => SetupVariant::Handicap,
        "free" => SetupVariant::Free,
        "endless" => SetupVariant::EndlessEndgame,
        _ => {
            return Err(ArimaaError::new_err(format!(
                "unknown variant {name:?}: expected \"standard\", \"handicap\", \"free\" or \"endless\""
            )))
        }
    };
    Ok(Variant { setup, dicey })
}

/// The game's random numbers (Endless Endgame armies, dice): a seeded generator that
/// counts its draws, so that a pickled game resumes the same sequence (the seed and the
/// number of 64-bit draws made restore it exactly).
#[derive(Clone)]
pub(crate) struct GameRng {
    pub(crate) rng: SmallRng,
    pub(crate) seed: u64,
    pub(crate) draws: u64,
}

/// A pickled game: the format version, the variant's name, Dicey Moves, the starting
/// position (`None` for a game that began with its setups), the actions (`"setup"`,
/// `"roll"` or `"move"`, with its text) and the generator's seed and draws.
pub(crate) type GameState = (
    u8,
    String,
    bool,
    Option<String>,
    Vec<(String, String)>,
    (u64, u64),
);

/// The most draws a pickled game's generator may claim (far beyond any real game's).
pub(crate) const MAX_RNG_DRAWS: u64 = 1 << 32;

impl GameRng {
    pub(crate) fn new(seed: Option<u64>) -> GameRng {
        let seed = seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(0)
        });
        GameRng {
            rng: SmallRng::seed_from_u64(seed),
            seed,
            draws: 0,
        }
    }

    /// The generator of `seed` after `draws` draws.
    pub(crate) fn restored(seed: u64, draws: u64) -> GameRng {
        let mut rng = GameRng::new(Some(seed));
        for _ in 0..draws {
            rng.next_u64();
        }
        rng
    }
}

impl RngCore for GameRng {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn next_u64(&mut self) -> u64 {
        self.draws += 1;
        self.rng.next_u64()
    }

    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }
}

impl PyGame {
    pub(crate) fn wrap(game: Game) -> PyGame {
        PyGame {
            game,
            rng: GameRng::new(None),
        }
    }

    /// The game as its start and the actions since: `None` for a game that began with
    /// its setups (a fresh `Game::start`), else the position it began from; then every
    /// setup, roll and movement turn in order. Found by taking the actions back one by
    /// one on a copy.
    pub(crate) fn actions(&self) -> (Option<Position>, Vec<(String, String)>) {
        let mut game = self.game.clone();
        let mut actions = Vec::new();
        loop {
            let turns = game.history().len();
            let last = game.history().last().cloned();
            let cap = game.step_cap();
            if game.undo().is_err() {
                break;
            }
            let action = match last {
                Some(Turn::Setup(setup)) if game.history().len() < turns => {
                    ("setup".to_string(), official::write_setup(&setup))
                }
                Some(Turn::Move { mv, .. }) if game.history().len() < turns => {
                    ("move".to_string(), steps_text(&mv))
                }
                // A roll: it adds no turn to the history.
                _ => ("roll".to_string(), cap.to_string()),
            };
            actions.push(action);
        }
        actions.reverse();
        let start = match game.phase() {
            Phase::Setup(_) => None,
            _ => Some(game.position().clone()),
        };
        (start, actions)
    }

    /// The game [`PyGame::actions`] describes, played again.
    pub(crate) fn replayed(
        variant: Variant,
        start: Option<&str>,
        actions: &[(String, String)],
    ) -> PyResult<Game> {
        let fail = |what: String| ArimaaError::new_err(format!("cannot restore the game: {what}"));
        let mut game = match start {
            None if variant.setup == SetupVariant::EndlessEndgame => {
                return Err(fail(
                    "an Endless Endgame game needs its starting position".into(),
                ))
            }
            None => Game::start(variant, &mut GameRng::new(Some(0))),
            Some(text) => {
                let pos: Position = text.parse().map_err(|e| fail(format!("{e}")))?;
                Game::from_position(pos, variant)
            }
        };
        for (i, (kind, text)) in actions.iter().enumerate() {
            let done = match kind.as_str() {
                "setup" => match game.phase() {
                    Phase::Setup(side) => official::parse_setup(side, text)
                        .map_err(|e| e.to_string())
                        .and_then(|s| game.play_setup(&s).map_err(|e| e.to_string())),
                    _ => Err("a setup when none is due".to_string()),
                },
                "roll" => text
                    .parse::<u8>()
                    .map_err(|e| e.to_string())
                    .and_then(|cap| game.set_roll(cap).map_err(|e| e.to_string())),
                "move" => read_move_text(text, None)
                    .map_err(|e| e.to_string())
                    .and_then(|mv| game.play(&mv).map(|_| ()).map_err(|e| e.to_string())),
                other => Err(format!("unknown action {other:?}")),
            };
            done.map_err(|e| fail(format!("action {i} ({kind} {text:?}): {e}")))?;
        }
        Ok(game)
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (variant="standard", dicey=false, seed=None))]
    fn new(variant: &str, dicey: bool, seed: Option<u64>) -> PyResult<PyGame> {
        let variant = read_variant(variant, dicey)?;
        let mut rng = GameRng::new(seed);
        let game = Game::start(variant, &mut rng);
        Ok(PyGame { game, rng })
    }

    /// The variant's setup rules: ``"standard"``, ``"handicap"``, ``"free"`` or
    /// ``"endless"``.
    #[getter]
    fn variant(&self) -> &'static str {
        match self.game.variant().setup {
            SetupVariant::Standard => "standard",
            SetupVariant::Handicap => "handicap",
            SetupVariant::Free => "free",
            SetupVariant::EndlessEndgame => "endless",
            _ => "other",
        }
    }

    /// Whether Dicey Moves is on.
    #[getter]
    fn dicey(&self) -> bool {
        self.game.variant().dicey
    }

    /// The step limit of the movement turn due (4, or the roll in Dicey Moves).
    #[getter]
    fn step_cap(&self) -> u8 {
        self.game.step_cap()
    }

    /// Dicey Moves: rolls the die for the next movement turn with the game's random
    /// numbers and returns the step limit it gives (1 to 4). Raises ``GameStateError``
    /// when no roll is due.
    fn roll(&mut self) -> PyResult<u8> {
        self.game.roll(&mut self.rng).map_err(game_err)
    }

    /// Dicey Moves: sets the step limit of the next movement turn (1 to 4) as a roll
    /// would. Raises ``GameStateError`` when no roll is due or the limit is out of range.
    fn set_roll(&mut self, cap: u8) -> PyResult<()> {
        self.game.set_roll(cap).map_err(game_err)
    }

    /// A game continuing from a position, with no history (the position counts once for
    /// repetition, and its result is judged at once). A turn in progress is dropped (its
    /// board starts a fresh turn). ``variant`` and ``dicey`` as for ``Game()``.
    #[staticmethod]
    #[pyo3(signature = (position, variant="standard", dicey=false))]
    fn from_position(
        position: PyRef<'_, PyPosition>,
        variant: &str,
        dicey: bool,
    ) -> PyResult<PyGame> {
        let variant = read_variant(variant, dicey)?;
        Ok(PyGame::wrap(Game::from_position(
            position.pos.clone(),
            variant,
        )))
    }

    /// What the game awaits: ``"setup gold"``, ``"setup silver"``, ``"play"``, ``"roll"``
    /// or ``"over"``.
    #[getter]
    fn phase(&self) -> &'static str {
        match self.game.phase() {
            Phase::Setup(Color::Gold) => "setup gold",
            Phase::Setup(Color::Silver) => "setup silver",
            Phase::Play => "play",
            Phase::AwaitingRoll => "roll",
            Phase::Over(_) => "over",
        }
    }

    /// The current position (a copy).
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            pos: self.game.position().clone(),
        }
    }

    /// The result: ``None`` while the game goes on, else ``(winner, reason)``.
    #[getter]
    fn outcome(&self) -> Option<(String, String)> {
        self.game.outcome().map(outcome_tuple)
    }

    /// The number of turns played (setups included).
    #[getter]
    fn turns(&self) -> usize {
        self.game.history().len()
    }

    /// The legal-action mask of a turn in progress in this game, a numpy bool array of
    /// shape ``(257,)`` (see ``Position.action_mask``): ``turn`` is ``game.position``
    /// with the steps taken so far in this turn played on it (the default:
    /// ``game.position`` itself). Unlike the position's, it leaves out every step whose
    /// completions all repeat a position a third time, and the turn's end when ending
    /// now would: following it completes exactly the turns of ``legal_moves()``.
    #[pyo3(signature = (turn=None, view="absolute"))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        turn: Option<PyRef<'_, PyPosition>>,
        view: &str,
    ) -> PyResult<Bound<'py, numpy::PyArray1<bool>>> {
        let turn = turn.map_or_else(|| self.game.position().clone(), |t| t.pos.clone());
        let flip = read_view(view)?.flips(&turn);
        Ok(mask_array(py, &self.game.action_mask(&turn), flip))
    }

    /// The observation planes of a turn in progress in this game (``turn`` as for
    /// ``action_mask``), a numpy float32 array of ``OBSERVATION_SHAPE``: the planes of
    /// ``Position.observation`` for ``turn``, and plane 18 the times ``turn`` (its board
    /// and side to move) has occurred in the game, divided by 3 (at most 1), as
    /// ``Episode.observation`` and the crate's ``Episode::observation``.
    #[pyo3(signature = (turn=None, view="absolute"))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        turn: Option<PyRef<'_, PyPosition>>,
        view: &str,
    ) -> PyResult<Bound<'py, numpy::PyArray3<f32>>> {
        let turn = turn.map_or_else(|| self.game.position().clone(), |t| t.pos.clone());
        let seen = self.game.times_seen(&turn);
        planes_array(py, &turn, read_view(view)?, seen)
    }

    /// How many times a position (board and side to move) has occurred in the game.
    fn times_seen(&self, position: PyRef<'_, PyPosition>) -> u32 {
        self.game.times_seen(&position.pos)
    }

    /// Plays the setup of the side to set up, in official notation without the label:
    /// ``"Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2"``. Raises
    /// ``ParseError`` for bad text, ``GameStateError`` for a setup the rules or the phase
    /// refuse; the game is unchanged then.
    fn play_setup(&mut self, text: &str) -> PyResult<()> {
        let setup = match self.game.phase() {
            Phase::Setup(side) => official::parse_setup(side, text),
            // No setup is due: read it for either side, so that the game names the
            // phase it is in.
            _ => official::parse_setup(Color::Gold, text)
                .or_else(|_| official::parse_setup(Color::Silver, text)),
        };
        let setup = setup.map_err(|e| match e {
            OfficialError::Parse(p) => parse_err(p),
            other => GameStateError::new_err(other.to_string()),
        })?;
        self.game.play_setup(&setup).map_err(game_err)
    }

    /// Every legal move now, third repetitions excluded.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let game = self.game.clone();
        let moves = py.detach(|| game.legal_moves());
        moves_list(py, moves, &Arc::new(self.game.position().clone()))
    }

    /// Plays a movement turn (an ``arimaa.Move``, official notation, bare steps or a
    /// sequence of steps) and returns the result it brings, ``None`` or
    /// ``(winner, reason)``. Raises ``IllegalMove`` (also for a third repetition),
    /// ``ParseError`` or ``GameStateError``; the game is unchanged then.
    fn play(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<Option<(String, String)>> {
        let mv = if let Ok(text) = mv.cast::<PyString>() {
            let text = text.to_cow()?;
            let has_pieces = text.split_whitespace().any(|t| t.chars().count() >= 4);
            if has_pieces && self.game.phase() == Phase::Play {
                official::parse_move_in_game(&self.game, &text).map_err(official_err)?
            } else {
                read_move_text(&text, None)?
            }
        } else {
            extract_move(mv, None)?
        };
        Ok(self.game.play(&mv).map_err(game_err)?.map(outcome_tuple))
    }

    /// The game as a move list in official notation, one turn a line (``1g Ra1 ...``,
    /// ``2g Ee2n Ee3n``), as the AEI tools write it and ``Game.from_record`` reads it.
    fn record(&self) -> PyResult<String> {
        let turns = record::game_turns(&self.game, SideLetters::GoldSilver).map_err(game_err)?;
        Ok(MoveList::from_turns(turns).to_string())
    }

    /// A standard game replayed from a move list (``1g Ra1 ...`` lines; ``#`` comments
    /// and blank lines skipped). Raises ``ParseError``, ``IllegalMove`` or
    /// ``GameStateError`` naming the first turn that fails. Releases the GIL.
    #[staticmethod]
    fn from_record(py: Python<'_>, text: &str) -> PyResult<PyGame> {
        let replay = py.detach(|| replay_move_list(text))?;
        if let Some(f) = replay.failure() {
            return Err(replay_err(f));
        }
        Ok(PyGame::wrap(replay.game().clone()))
    }

    /// Takes back the last turn. Raises ``GameStateError`` when there is none.
    fn undo(&mut self) -> PyResult<()> {
        self.game.undo().map_err(game_err)
    }

    /// A copy.
    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// Pickling: the variant, the starting position (for a game that did not begin with
    /// its setups), every setup, roll and move since, and the random generator's seed
    /// and draws, so that the unpickled game is the same game (undo included) and its
    /// later rolls are the ones the original would have made.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String, bool), GameState) {
        let py = slf.py();
        let this = slf.borrow();
        let (start, actions) = this.actions();
        let state = (
            1u8,
            this.variant().to_string(),
            this.dicey(),
            start.map(|p| p.to_string()),
            actions,
            (this.rng.seed, this.rng.draws),
        );
        (
            py.get_type::<PyGame>(),
            (this.variant().to_string(), this.dicey()),
            state,
        )
    }

    /// Unpickling: plays the pickled game again (see ``__reduce__``). Raises
    /// ``ArimaaError`` for a state that does not replay.
    fn __setstate__(&mut self, state: GameState) -> PyResult<()> {
        let (version, variant, dicey, start, actions, (seed, draws)) = state;
        if version != 1 {
            return Err(ArimaaError::new_err(format!(
                "cannot restore the game: unknown state version {version}"
            )));
        }
        if draws > MAX_RNG_DRAWS {
            return Err(ArimaaError::new_err(format!(
                "cannot restore the game: {draws} random draws (at most {MAX_RNG_DRAWS})"
            )));
        }
        let variant = read_variant(&variant, dicey)?;
        let game = PyGame::replayed(variant, start.as_deref(), &actions)?;
        self.game = game;
        self.rng = GameRng::restored(seed, draws);
        Ok(())
    }

    fn __repr__(&self) -> String {
        format!(
            "<arimaa.Game {} after {} turns: {}>",
            self.phase(),
            self.game.history().len(),
            self.game.position()
        )
    }
}
