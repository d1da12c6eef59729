//! Records and archives replayed: `arimaa.Replay`, `arimaa.Player`,
//! `arimaa.ReplayFailure`, `replay_record` and `replay_archive`.

use std::collections::HashMap;
use std::sync::Arc;

use arimaa_rs::notation::record::{
    self, Archive, ArchiveGame, Column, MoveList, PlayerKind, Replay, ReplayError, ReplayFailure,
};
use arimaa_rs::Color;
use pyo3::prelude::*;
use pyo3::types::PyAny;

use crate::errors::*;
use crate::game::*;
use crate::moves::*;
use crate::position::*;
use crate::vocab::*;

pub(crate) fn replay_move_list(text: &str) -> PyResult<Replay> {
    let list: MoveList = text.parse().map_err(parse_err)?;
    Ok(Replay::standard(list.turns()))
}

/// A game record replayed by the rules: every position, each movement turn, the result
/// by the rules, or the first turn that failed. ``replay_record`` and ``replay_archive``
/// make them.
#[pyclass(module = "arimaa", name = "Replay", frozen)]
pub(crate) struct PyReplay {
    pub(crate) replay: Replay,
    pub(crate) id: Option<u64>,
    pub(crate) termination: Option<char>,
    pub(crate) recorded_winner: Option<Color>,
    pub(crate) end_mismatch: Option<String>,
    pub(crate) archive: Option<ArchiveGame>,
}

impl PyReplay {
    pub(crate) fn column(&self, column: Column) -> Option<String> {
        self.archive.as_ref().map(|g| g.column(column).to_string())
    }

    /// A `0`/`1` column: `None` when empty or another value.
    pub(crate) fn flag(&self, column: Column) -> Option<bool> {
        match self.archive.as_ref()?.column(column) {
            "1" => Some(true),
            "0" => Some(false),
            _ => None,
        }
    }

    pub(crate) fn number(&self, column: Column) -> Option<u64> {
        let text = self.archive.as_ref()?.column(column);
        if text.is_empty() || text.len() > 20 || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        text.parse().ok()
    }
}

/// One side's player in an archive game, from the archive's columns.
#[pyclass(module = "arimaa", name = "Player", frozen, eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct PyPlayer {
    pub(crate) id: Option<u64>,
    pub(crate) username: String,
    pub(crate) title: String,
    pub(crate) country: String,
    pub(crate) rating: Option<u32>,
    pub(crate) rating_k: Option<u32>,
    pub(crate) kind: Option<&'static str>,
}

#[pymethods]
impl PyPlayer {
    /// The player number (``wplayerid``/``bplayerid``), or ``None`` when not given.
    #[getter]
    fn id(&self) -> Option<u64> {
        self.id
    }

    /// The user name.
    #[getter]
    fn username(&self) -> &str {
        &self.username
    }

    /// The title (often empty).
    #[getter]
    fn title(&self) -> &str {
        &self.title
    }

    /// The country code (may be empty).
    #[getter]
    fn country(&self) -> &str {
        &self.country
    }

    /// The rating, or ``None`` when not given.
    #[getter]
    fn rating(&self) -> Option<u32> {
        self.rating
    }

    /// The rating's uncertainty (``wratingk``/``bratingk``), or ``None``.
    #[getter]
    fn rating_k(&self) -> Option<u32> {
        self.rating_k
    }

    /// ``"human"``, ``"bot"``, or ``None`` when the archive does not say.
    #[getter]
    fn kind(&self) -> Option<&'static str> {
        self.kind
    }

    fn __repr__(&self) -> String {
        let rating = self.rating.map_or("None".to_string(), |r| r.to_string());
        let kind = self.kind.map_or("None".to_string(), |k| format!("'{k}'"));
        format!(
            "<arimaa.Player {:?} rating={rating} kind={kind}>",
            self.username
        )
    }
}

pub(crate) fn player_of(game: &ArchiveGame, color: Color) -> PyPlayer {
    let p = game.player(color);
    PyPlayer {
        id: p.id,
        username: p.username.to_string(),
        title: p.title.to_string(),
        country: p.country.to_string(),
        rating: p.rating,
        rating_k: p.rating_k,
        kind: match p.kind {
            PlayerKind::Human => Some("human"),
            PlayerKind::Bot => Some("bot"),
            _ => None,
        },
    }
}

/// The first entry of a record that could not be replayed: where it is, what it says,
/// and why it failed. ``str()`` of it is ``Replay.failure``.
#[pyclass(module = "arimaa", name = "ReplayFailure", frozen)]
pub(crate) struct PyReplayFailure {
    pub(crate) failure: ReplayFailure,
}

#[pymethods]
impl PyReplayFailure {
    /// The entry's position in the record's entries (setups, moves, final tag), from 0.
    #[getter]
    fn index(&self) -> usize {
        self.failure.index
    }

    /// The entry's label (``"2g"``), or ``None`` when it has none.
    #[getter]
    fn label(&self) -> Option<String> {
        self.failure.label.map(|l| l.to_string())
    }

    /// The entry's tokens as written, label excluded (cut to 200 characters).
    #[getter]
    fn text(&self) -> &str {
        &self.failure.text
    }

    /// Why it failed, in the crate's words (without the label).
    #[getter]
    fn message(&self) -> String {
        self.failure.error.to_string()
    }

    /// The kind of failure: ``"parse"`` (not well-formed), ``"label"`` (not the turn
    /// due), ``"illegal"`` (the rules refuse the move, a third repetition included),
    /// ``"game"`` (the game refused it: a setup breaking the rules, a turn of the wrong
    /// phase),
    /// ``"game over"`` (the rules had ended the game), ``"after end"`` (turns after the
    /// final tag or a resignation), ``"written back"`` (the crate writes the move
    /// differently) or ``"too many turns"``.
    #[getter]
    fn kind(&self) -> &'static str {
        match &self.failure.error {
            ReplayError::Parse(_) => "parse",
            ReplayError::Label { .. } => "label",
            ReplayError::Illegal(_) => "illegal",
            ReplayError::Game(_) => "game",
            ReplayError::GameOver(_) => "game over",
            ReplayError::AfterEnd => "after end",
            ReplayError::WrittenBack { .. } => "written back",
            ReplayError::TooManyTurns => "too many turns",
            _ => "other",
        }
    }

    /// The exception ``Game.from_record`` raises for this failure (a ``ParseError``,
    /// ``IllegalMove`` or ``GameStateError`` carrying the full message).
    #[getter]
    fn error(&self, py: Python<'_>) -> Py<PyAny> {
        replay_err(&self.failure).into_value(py).into_any()
    }

    fn __str__(&self) -> String {
        self.failure.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<arimaa.ReplayFailure index={} kind={:?}: {}>",
            self.failure.index,
            self.kind(),
            self.failure
        )
    }
}

#[pymethods]
impl PyReplay {
    /// The archive's game id (``None`` for a plain move list).
    #[getter]
    fn id(&self) -> Option<u64> {
        self.id
    }

    /// The archive's termination code (``"g"`` goal, ``"r"`` resignation, ``"t"`` time,
    /// ...), or ``None`` for a plain move list.
    #[getter]
    fn termination(&self) -> Option<String> {
        self.termination.map(String::from)
    }

    /// The winner the archive records, or ``None`` for a plain move list.
    #[getter]
    fn recorded_winner(&self) -> Option<&'static str> {
        self.recorded_winner.map(Color::name)
    }

    /// For an archive game ending by goal, elimination or immobilization: why the rules'
    /// result differs from the record's, or ``None`` when they agree.
    #[getter]
    fn end_mismatch(&self) -> Option<String> {
        self.end_mismatch.clone()
    }

    /// Why the first failing turn failed (with its label), or ``None``.
    #[getter]
    fn failure(&self) -> Option<String> {
        self.replay.failure().map(|f| f.to_string())
    }

    /// The first failing entry as an ``arimaa.ReplayFailure`` (index, label, text,
    /// message, kind, error), or ``None``.
    #[getter]
    fn failure_info(&self) -> Option<PyReplayFailure> {
        self.replay
            .failure()
            .map(|f| PyReplayFailure { failure: f.clone() })
    }

    /// The archive's termination in words (``"goal"``, ``"resignation"``, ...), or
    /// ``None`` for a plain move list.
    #[getter]
    fn termination_name(&self) -> Option<&'static str> {
        self.archive.as_ref().map(|g| g.termination().name())
    }

    /// Both players of an archive game, ``{"gold": Player, "silver": Player}``, or
    /// ``None`` for a plain move list.
    #[getter]
    fn players(&self) -> Option<HashMap<&'static str, PyPlayer>> {
        let g = self.archive.as_ref()?;
        Some(HashMap::from([
            ("gold", player_of(g, Color::Gold)),
            ("silver", player_of(g, Color::Silver)),
        ]))
    }

    /// The player of a side (``"gold"`` or ``"silver"``), or ``None`` for a plain move
    /// list. Raises ``ParseError`` for another colour.
    fn player(&self, color: &str) -> PyResult<Option<PyPlayer>> {
        let color = read_color(color)?;
        Ok(self.archive.as_ref().map(|g| player_of(g, color)))
    }

    /// The archive's event name, or ``None`` for a plain move list.
    #[getter]
    fn event(&self) -> Option<String> {
        self.column(Column::Event)
    }

    /// Where the game was played, or ``None`` for a plain move list.
    #[getter]
    fn site(&self) -> Option<String> {
        self.column(Column::Site)
    }

    /// The time control as written (``"2/2/100/10/8"``), or ``None``.
    #[getter]
    fn time_control(&self) -> Option<String> {
        self.column(Column::TimeControl)
    }

    /// The server mode as written, or ``None`` for a plain move list.
    #[getter]
    fn mode(&self) -> Option<String> {
        self.column(Column::Mode)
    }

    /// Whether the game was postal (``None`` when the column is empty or not 0/1).
    #[getter]
    fn postal(&self) -> Option<bool> {
        self.flag(Column::Postal)
    }

    /// Whether the game was rated (``None`` when the column is empty or not 0/1).
    #[getter]
    fn rated(&self) -> Option<bool> {
        self.flag(Column::Rated)
    }

    /// Whether the server marked the record corrupt (``None`` when the column is empty
    /// or not 0/1).
    #[getter]
    fn corrupt(&self) -> Option<bool> {
        self.flag(Column::Corrupt)
    }

    /// The start time in Unix seconds, or ``None``.
    #[getter]
    fn start_time(&self) -> Option<u64> {
        self.number(Column::StartTs)
    }

    /// The end time in Unix seconds, or ``None``.
    #[getter]
    fn end_time(&self) -> Option<u64> {
        self.number(Column::EndTs)
    }

    /// The archive's ``plycount`` column: the move number of the last turn played (not
    /// a count of plies), or ``None`` for a plain move list.
    #[getter]
    fn plycount(&self) -> Option<u32> {
        self.archive.as_ref().map(ArchiveGame::plycount)
    }

    /// The archive row's 29 fields as written, by column name (``"wusername"``,
    /// ``"movelist"``, ...), or ``None`` for a plain move list.
    #[getter]
    fn columns(&self) -> Option<HashMap<&'static str, String>> {
        let g = self.archive.as_ref()?;
        Some(
            Column::ALL
                .iter()
                .map(|&c| (c.name(), g.column(c).to_string()))
                .collect(),
        )
    }

    /// The server's event log: ``(unix_time or None, date as written, text)`` per
    /// entry, or ``None`` for a plain move list.
    #[getter]
    fn events(&self) -> Option<Vec<(Option<u64>, String, String)>> {
        let g = self.archive.as_ref()?;
        Some(
            g.events()
                .iter()
                .map(|e| (e.time, e.date.to_string(), e.text.to_string()))
                .collect(),
        )
    }

    /// The moves the server refused, from the event log: ``(label or None, move as
    /// sent, reason)`` each, or ``None`` for a plain move list.
    #[getter]
    fn rejected_moves(&self) -> Option<Vec<(Option<String>, String, String)>> {
        let g = self.archive.as_ref()?;
        Some(
            g.rejected_moves()
                .into_iter()
                .map(|r| (r.label.map(|l| l.to_string()), r.text, r.reason))
                .collect(),
        )
    }

    /// The result by the rules after the last turn played, ``None`` or
    /// ``(winner, reason)``.
    #[getter]
    fn outcome(&self) -> Option<(String, String)> {
        self.replay.outcome().map(outcome_tuple)
    }

    /// The number of record entries read (setups, moves and the final tag).
    #[getter]
    fn turns_read(&self) -> usize {
        self.replay.turns_read()
    }

    /// The game as replayed (a copy).
    #[getter]
    fn game(&self) -> PyGame {
        PyGame::wrap(self.replay.game().clone())
    }

    /// The position before every movement turn, and the last one.
    fn positions(&self) -> Vec<PyPosition> {
        self.replay
            .positions()
            .iter()
            .map(|p| PyPosition { pos: p.clone() })
            .collect()
    }

    /// Each movement turn as ``(label, move)``, e.g. ``("2g", Move('Ee2n Ee3n'))``; the
    /// move is made for the position before it (``move.position``).
    fn moves(&self) -> Vec<(String, PyMove)> {
        self.replay
            .moves()
            .map(|m| {
                (
                    m.label.to_string(),
                    PyMove::of(m.mv, &Arc::new(m.before.clone())),
                )
            })
            .collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "<arimaa.Replay id={:?} turns_read={} outcome={:?} failure={:?}>",
            self.id,
            self.replay.turns_read(),
            self.outcome(),
            self.failure()
        )
    }
}

/// Replays a move list (``1g Ra1 ...`` lines, as the AEI tools write them) into a
/// standard game. A turn that fails stops the replay (see ``Replay.failure``); text that
/// is not a move list raises ``ParseError``. Releases the GIL.
#[pyfunction]
pub(crate) fn replay_record(py: Python<'_>, text: &str) -> PyResult<PyReplay> {
    let replay = py.detach(|| replay_move_list(text))?;
    Ok(PyReplay {
        replay,
        id: None,
        termination: None,
        recorded_winner: None,
        end_mismatch: None,
        archive: None,
    })
}

/// Reads an arimaa.com archive file (the TSV with its 29-column header) and replays
/// every game, in order, returning one ``Replay`` each. Raises ``ParseError`` for a file
/// that is not an archive. Releases the GIL for the whole file.
#[pyfunction]
pub(crate) fn replay_archive(py: Python<'_>, text: &str) -> PyResult<Vec<PyReplay>> {
    py.detach(|| {
        let archive: Archive = text
            .parse()
            .map_err(|e: record::RecordError| e.to_string())?;
        Ok::<_, String>(
            archive
                .games
                .into_iter()
                .map(|g| {
                    let replay = g.replay();
                    let end_mismatch = g.check_end(&replay).err().map(|e| e.to_string());
                    PyReplay {
                        replay,
                        id: Some(g.id()),
                        termination: Some(g.termination().char()),
                        recorded_winner: Some(g.winner()),
                        end_mismatch,
                        archive: Some(g),
                    }
                })
                .collect(),
        )
    })
    .map_err(ParseError::new_err)
}
