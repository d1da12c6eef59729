//! `arimaa.archive_arrays`: an archive file's games as step-level numpy arrays for
//! supervised pre-training (observation, mask, the action played, the game's result from
//! the mover's view).

use arimaa_rs::action::{Action, ActionMask, View, ACTIONS};
use arimaa_rs::notation::record::{self, Archive};
use arimaa_rs::{Color, Game, Turn};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::actions::*;
use crate::errors::*;

/// The rows of the arrays, one per action, as flat vectors.
#[derive(Default)]
struct Rows {
    obs: Vec<f32>,
    mask: Vec<bool>,
    action: Vec<i64>,
    result: Vec<i8>,
    game: Vec<i32>,
    turn: Vec<i32>,
    skipped: Vec<i32>,
}

/// What to make and how to see it.
struct Want {
    observations: bool,
    view: View,
}

impl Rows {
    /// One row: the state `turn` of `game`, its mask `legal`, before `action` (in the
    /// board's orientation).
    fn push(
        &mut self,
        want: &Want,
        game: &Game,
        turn: &arimaa_rs::Position,
        legal: &ActionMask,
        action: Action,
    ) {
        let flip = want.view.flips(turn);
        let mut mask = [false; ACTIONS];
        write_mask(legal, flip, &mut mask);
        self.mask.extend_from_slice(&mask);
        self.action
            .push(i64::from(want.view.action(turn, action).index()));
        if want.observations {
            let at = self.obs.len();
            self.obs.resize(at + OBS_LEN, 0.0);
            let seen = game.times_seen(turn);
            write_planes(turn, want.view, seen, &mut self.obs[at..]);
        }
    }
}

/// Adds the rows of one archive game (its history as replayed) to `rows`; `Err` names
/// a recorded step the game-context mask does not hold (a bug of the mask: every
/// recorded step of a legal move can be completed, by the rest of the move).
fn add_game(
    rows: &mut Rows,
    want: &Want,
    index: i32,
    history: &[Turn],
    winner: Color,
) -> Result<(), String> {
    let mut game = Game::new();
    let mut movement = 0;
    for turn in history {
        match turn {
            Turn::Setup(setup) => game.play_setup(setup).map_err(|e| e.to_string())?,
            Turn::Move { mv, .. } => {
                let mut pos = game.position().clone();
                let mover = pos.side_to_move();
                let actions = mv
                    .steps()
                    .iter()
                    .map(|s| s.action())
                    .chain([Action::END_TURN]);
                for action in actions {
                    let legal = game.action_mask(&pos);
                    if !legal.contains(action) {
                        return Err(format!("game {index}, movement turn {movement}: the recorded action {action} is not in the mask"));
                    }
                    rows.push(want, &game, &pos, &legal, action);
                    rows.result.push(if mover == winner { 1 } else { -1 });
                    rows.game.push(index);
                    rows.turn.push(movement);
                    pos.play_action(action).map_err(|e| e.to_string())?;
                }
                game.play(mv).map_err(|e| e.to_string())?;
                movement += 1;
            }
        }
    }
    Ok(())
}

/// Every game of an archive file (the TSV ``replay_archive`` reads) as step-level numpy
/// arrays for pre-training, one row per action: each movement turn as recorded becomes
/// its steps, in the order recorded, then the end of the turn (256). Returns a dict:
///
/// * ``"observation"``: float32 ``(M, 19, 8, 8)``, the planes before the action (as
///   ``Game.observation`` of the turn in progress; absent with ``observations=False``);
/// * ``"mask"``: bool ``(M, 257)``, the game-context mask there (repetition included);
/// * ``"action"``: int64 ``(M,)``, the action played;
/// * ``"result"``: int8 ``(M,)``, the game's recorded result for the side to move, +1
///   when it won the game, -1 when it lost (resignations and time included);
/// * ``"game"``, ``"turn"``: int32 ``(M,)``, the game's index in the file and the
///   movement turn's (0 first);
/// * ``"skipped"``: int32, the indices of the games left out: those whose replay
///   failed (``Replay.failure``) and those not started from standard setups.
///
/// Every recorded step of a legal move is in its mask (the rest of the move completes
/// it), so a legally replayed game always yields its rows; a recorded step outside the
/// mask would raise ``ArimaaError`` naming the game and turn (it would be a bug). A move
/// that changes nothing is not legal, so its game fails to replay and is skipped.
/// ``view="mover"`` gives masks, actions and planes in the mover's view. Raises
/// ``ParseError`` for a file that is not an archive. Releases the GIL.
#[pyfunction]
#[pyo3(signature = (text, observations=true, view="absolute"))]
pub(crate) fn archive_arrays<'py>(
    py: Python<'py>,
    text: &str,
    observations: bool,
    view: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let want = Want {
        observations,
        view: read_view(view)?,
    };
    let rows = py.detach(|| -> PyResult<Rows> {
        let archive: Archive = text
            .parse()
            .map_err(|e: record::RecordError| ParseError::new_err(e.to_string()))?;
        let mut rows = Rows::default();
        for (i, g) in archive.games.iter().enumerate() {
            let index = i32::try_from(i).unwrap_or(i32::MAX);
            let replay = g.replay();
            let standard = replay.game().variant() == arimaa_rs::Variant::STANDARD;
            if replay.failure().is_some() || !standard {
                rows.skipped.push(index);
                continue;
            }
            add_game(&mut rows, &want, index, replay.game().history(), g.winner())
                .map_err(ArimaaError::new_err)?;
        }
        Ok(rows)
    })?;
    to_dict(py, rows, observations)
}

fn to_dict(py: Python<'_>, rows: Rows, observations: bool) -> PyResult<Bound<'_, PyDict>> {
    let n = rows.action.len();
    let out = PyDict::new(py);
    if observations {
        out.set_item(
            "observation",
            PyArray1::from_vec(py, rows.obs).reshape([n, PLANES, 8, 8])?,
        )?;
    }
    out.set_item(
        "mask",
        PyArray1::from_vec(py, rows.mask).reshape([n, ACTIONS])?,
    )?;
    out.set_item("action", PyArray1::from_vec(py, rows.action))?;
    out.set_item("result", PyArray1::from_vec(py, rows.result))?;
    out.set_item("game", PyArray1::from_vec(py, rows.game))?;
    out.set_item("turn", PyArray1::from_vec(py, rows.turn))?;
    out.set_item("skipped", PyArray1::from_vec(py, rows.skipped))?;
    Ok(out)
}
