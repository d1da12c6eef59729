//! `arimaa.Position`: the board, the side to move and the turn in progress.

use std::collections::HashMap;
use std::sync::Arc;

use arimaa_rs::notation::official::{self};
use arimaa_rs::notation::{legacy, lightvector};
use arimaa_rs::{Board, Piece, Position};
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyList, PyType};

use crate::actions::*;
use crate::errors::*;
use crate::moves::*;
use crate::step::*;
use crate::vocab::*;

/// A position: the board, the side to move and the turn in progress.
///
/// ``Position(text)`` reads the AEI short form, ``"g [rrrrrrrrdhcemchd ... RRRRRRRR]"``
/// (the side, then the 64 squares a8..h8, ..., a1..h1, a space for an empty square),
/// optionally followed by the state of a turn in progress as ``str()`` writes it.
/// ``str(pos)`` writes it back. A bad text raises ``ParseError`` naming what is wrong.
///
/// Positions compare equal (``==``) when board, side to move and turn state are equal;
/// ``hash(pos)`` is the 64-bit key of all three (``turn_key``); ``zobrist`` keys the board
/// and side only. They copy (``copy.copy``, ``copy.deepcopy``, ``pos.copy()``) and pickle
/// through their text form, which keeps a turn in progress.
#[pyclass(module = "arimaa", name = "Position", eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct PyPosition {
    pub(crate) pos: Position,
}

#[pymethods]
impl PyPosition {
    #[new]
    fn new(text: &str) -> PyResult<PyPosition> {
        let pos = text.parse::<Position>().map_err(position_err)?;
        Ok(PyPosition { pos })
    }

    /// A position between turns from a dict of square to piece letter
    /// (``{"e2": "E", "d7": "r"}``) and the side to move (``"gold"``/``"silver"``, or
    /// ``"g"``/``"s"``). Raises ``ParseError`` for a bad square, piece or colour, and
    /// ``ArimaaError`` for a piece alone on a trap.
    #[staticmethod]
    #[pyo3(signature = (pieces, side_to_move="gold"))]
    fn from_pieces(pieces: HashMap<String, String>, side_to_move: &str) -> PyResult<PyPosition> {
        let side = read_color(side_to_move)?;
        let mut board = Board::empty();
        for (square, piece) in &pieces {
            let sq = read_square(square)?;
            let p = one_char(piece).and_then(Piece::from_char).ok_or_else(|| {
                ParseError::new_err(format!(
                    "invalid piece {piece:?}: expected one of EMHDCR (Gold) or emhdcr (Silver)"
                ))
            })?;
            board.set(sq, Some(p));
        }
        let pos = Position::new(board, side).map_err(cap_err)?;
        Ok(PyPosition { pos })
    }

    /// The side to move, ``"gold"`` or ``"silver"``.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        self.pos.side_to_move().name()
    }

    /// The piece on a square, e.g. ``piece_at("e2") == "E"`` (upper case Gold, lower case
    /// Silver), or ``None`` for an empty square.
    fn piece_at(&self, square: &str) -> PyResult<Option<String>> {
        Ok(self
            .pos
            .board()
            .piece_at(read_square(square)?)
            .map(piece_str))
    }

    /// Every piece on the board, as a dict from square to piece letter
    /// (``{"a1": "R", ...}``).
    fn pieces(&self) -> HashMap<String, String> {
        self.pos
            .board()
            .iter()
            .map(|(sq, p)| (sq.to_string(), piece_str(p)))
            .collect()
    }

    /// The steps taken in the turn in progress (0 between turns).
    #[getter]
    fn steps_taken(&self) -> u8 {
        self.pos.steps_taken()
    }

    /// The steps the turn in progress may still take.
    #[getter]
    fn steps_left(&self) -> u8 {
        self.pos.steps_left()
    }

    /// The step limit of the turn (4, or fewer in variants).
    #[getter]
    fn step_cap(&self) -> u8 {
        self.pos.step_cap()
    }

    /// Sets the step limit of the turn (1 to 4) before its first step. Raises
    /// ``ArimaaError`` otherwise, and leaves the position as it was.
    fn set_step_cap(&mut self, cap: u8) -> PyResult<()> {
        self.pos.set_step_cap(cap).map_err(cap_err)
    }

    /// The Zobrist key of the board and the side to move (not the turn state): equal for
    /// equal boards with the same side to move.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.pos.zobrist()
    }

    /// The 64-bit key of everything ``==`` compares (board, side, turn state); equals
    /// ``zobrist`` between turns. ``hash(pos)`` is derived from it.
    #[getter]
    fn turn_key(&self) -> u64 {
        self.pos.turn_key()
    }

    fn __hash__(&self) -> u64 {
        self.pos.turn_key()
    }

    /// Every legal single step now (simple steps and the halves of pushes and pulls).
    fn legal_steps(&self) -> Vec<PyStep> {
        self.pos
            .legal_steps()
            .iter()
            .map(|&step| PyStep { step })
            .collect()
    }

    /// Whether a step (an ``arimaa.Step`` or text like ``"e2n"``) is legal now.
    fn is_legal_step(&self, step: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.pos.is_legal_step(extract_step(step)?))
    }

    /// Plays one step of the turn in progress. Raises ``IllegalMove`` naming the rule
    /// broken, leaving the position as it was. Returns the square of a piece a trap
    /// captured after the step, or ``None``.
    fn play_step(&mut self, step: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let effect = self.pos.play_step(extract_step(step)?).map_err(step_err)?;
        Ok(effect.capture.map(|c| c.square.to_string()))
    }

    /// Whether the turn in progress may end now (a step taken, no push half done, a board
    /// different from the turn's start).
    fn can_end_turn(&self) -> bool {
        self.pos.can_end_turn()
    }

    /// Ends the turn in progress: the other side is to move. Raises ``IllegalMove`` when
    /// the turn cannot end now, leaving the position as it was.
    fn end_turn(&mut self) -> PyResult<()> {
        self.pos.end_turn().map_err(end_turn_err)
    }

    /// Plays a whole move and ends the turn: an ``arimaa.Move``, official notation
    /// (``"Ee2n Ee3n"``), bare steps (``"e2n e3n"``) or a sequence of steps. Raises
    /// ``IllegalMove`` (or ``ParseError`` for bad text), leaving the position as it was.
    fn play(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = extract_move(mv, Some(&self.pos))?;
        self.pos.play(&mv).map_err(move_err)
    }

    /// The position after a whole move (as ``play`` takes it); this one is unchanged.
    fn after(&self, mv: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let mv = extract_move(mv, Some(&self.pos))?;
        let pos = self.pos.after(&mv).map_err(move_err)?;
        Ok(PyPosition { pos })
    }

    /// Every distinct board one complete turn can reach (the unchanged board excluded),
    /// one ``arimaa.Move`` each: a shortest step sequence for its board. Generation
    /// releases the GIL.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let pos = self.pos.clone();
        let moves = py.detach(|| pos.legal_moves());
        moves_list(py, moves, &Arc::new(self.pos.clone()))
    }

    /// The number of ``legal_moves()``, counted without making them (3353 on the
    /// standard opening). Releases the GIL.
    fn count_moves(&self, py: Python<'_>) -> usize {
        let pos = self.pos.clone();
        py.detach(|| pos.count_moves())
    }

    /// The result by the rules of a position between turns, taking the side to move as
    /// the one about to move: ``None`` while the game goes on (and in the middle of a
    /// turn), else ``(winner, reason)``, e.g. ``("gold", "goal")``. Repetition is not known
    /// to a bare position (see ``Game``).
    fn outcome(&self, py: Python<'_>) -> Option<(String, String)> {
        let pos = self.pos.clone();
        py.detach(|| pos.outcome()).map(outcome_tuple)
    }

    /// A move that wins by goal this turn, or ``None`` when there is none.
    fn goal_move(&self, py: Python<'_>) -> Option<PyMove> {
        let pos = self.pos.clone();
        let found = py.detach(|| pos.goal_move())?;
        Some(PyMove::of(found, &Arc::new(self.pos.clone())))
    }

    /// The enemy pieces this turn can capture: a dict from each one's square to a
    /// shortest move capturing it.
    fn capture_moves(&self, py: Python<'_>) -> HashMap<String, PyMove> {
        let pos = self.pos.clone();
        let captures = py.detach(|| pos.capture_moves());
        let origin = Arc::new(self.pos.clone());
        captures
            .iter()
            .map(|(sq, m)| (sq.to_string(), PyMove::of(*m, &origin)))
            .collect()
    }

    /// Reads a move for this position and checks that it is legal. ``notation`` is
    /// ``"official"`` (the default: ``"Ee2n Ee3n"``, pieces and capture tokens checked,
    /// or bare steps ``"e2n e3n"``), ``"lightvector"`` or ``"legacy"``. Raises
    /// ``ParseError`` or ``IllegalMove``.
    #[pyo3(signature = (text, notation="official"))]
    fn parse_move(&self, text: &str, notation: &str) -> PyResult<PyMove> {
        let mv = match read_notation(notation)? {
            Notation::Official => read_move_text(text, Some(&self.pos))?,
            Notation::Lightvector => {
                lightvector::parse_move(&self.pos, text).map_err(|e| match e {
                    lightvector::LightvectorError::Parse(p) => parse_err(p),
                    lightvector::LightvectorError::Illegal(i) => illegal(i),
                    other => ArimaaError::new_err(other.to_string()),
                })?
            }
            Notation::Legacy => legacy::parse_move(&self.pos, text).map_err(|e| match e {
                legacy::LegacyError::Parse(p) => parse_err(p),
                legacy::LegacyError::Illegal(i) => illegal(i),
                other => ArimaaError::new_err(other.to_string()),
            })?,
        };
        Ok(PyMove::of(mv, &Arc::new(self.pos.clone())))
    }

    /// A move written for this position: in ``"official"`` notation (the default:
    /// ``"Ee2n Ee3n"``, with capture tokens), ``"lightvector"`` or ``"legacy"``. Raises
    /// ``IllegalMove`` when the move is not legal here.
    #[pyo3(signature = (mv, notation="official"))]
    fn move_text(&self, mv: &Bound<'_, PyAny>, notation: &str) -> PyResult<String> {
        let notation = read_notation(notation)?;
        let mv = extract_move(mv, Some(&self.pos))?;
        let written = match notation {
            Notation::Official => official::write_move(&self.pos, &mv),
            Notation::Lightvector => lightvector::write_move(&self.pos, &mv),
            Notation::Legacy => legacy::write_move(&self.pos, &mv),
        };
        written.map_err(write_err)
    }

    /// Harlog, the material evaluation of the board from Gold's side (positive when Gold
    /// is ahead): ``+inf`` when only Silver has no rabbits, ``-inf`` when only Gold has
    /// none, never NaN.
    fn harlog(&self) -> f64 {
        arimaa_rs::harlog(self.pos.board())
    }

    /// Whether two moves give the same position from this one (``False`` when either is
    /// illegal).
    fn same_result(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<bool> {
        let py = a.py();
        let (a, b) = match (
            extract_move(a, Some(&self.pos)),
            extract_move(b, Some(&self.pos)),
        ) {
            (Ok(a), Ok(b)) => (a, b),
            // Text read for this position is checked as it is read: an illegal move
            // gives no position, so no result the same as another's.
            (Err(e), _) | (_, Err(e)) if e.is_instance_of::<IllegalMove>(py) => return Ok(false),
            (Err(e), _) | (_, Err(e)) => return Err(e),
        };
        Ok(self.pos.same_result(&a, &b))
    }

    /// The move ``legal_moves()`` lists for the board a legal move gives (so that it
    /// compares with ``==`` against that list). Raises ``IllegalMove`` for an illegal one.
    fn canonical_move(&self, mv: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let mv = extract_move(mv, Some(&self.pos))?;
        let found = self.pos.canonical_move(&mv).map_err(move_err)?;
        Ok(PyMove::of(found, &Arc::new(self.pos.clone())))
    }

    /// The legal-action mask: a numpy bool array of shape ``(257,)``, entry ``a`` true
    /// when action ``a`` (``4 * square + direction``, squares a1 = 0 ... h8 = 63,
    /// directions n, e, s, w = 0..3; 256 ends the turn) may be played now. It is exact:
    /// every step offered can still be completed into a legal turn, so following masks
    /// always completes one, and the turns it can complete are exactly ``legal_moves()``.
    /// Repetition is ignored (a bare position has no history; see
    /// ``Game.action_mask``). ``view="mover"`` gives it in the mover's view (ranks
    /// reversed when Silver is to move, as ``FLIP_RANKS_ACTIONS``).
    #[pyo3(signature = (view="absolute"))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        view: &str,
    ) -> PyResult<Bound<'py, numpy::PyArray1<bool>>> {
        let flip = read_view(view)?.flips(&self.pos);
        Ok(mask_array(py, &self.pos.action_mask(), flip))
    }

    /// Whether action ``a`` (0 to 256) is in ``action_mask()``.
    fn is_legal_action(&self, a: i64) -> PyResult<bool> {
        Ok(self.pos.check_action(read_action(a)?).is_ok())
    }

    /// Plays action ``a`` of ``action_mask()`` in place: a step, or 256 to end the turn.
    /// Returns the square of a piece a trap captured after the step, or ``None``. An
    /// action not in the mask raises ``IllegalMove`` (a ``ValueError``) with the crate's
    /// reason, an out-of-range number ``ArimaaError``; the position is left unchanged.
    fn play_action(&mut self, a: i64) -> PyResult<Option<String>> {
        let effect = self.pos.play_action(read_action(a)?).map_err(illegal)?;
        Ok(effect.and_then(|e| e.capture).map(|c| c.square.to_string()))
    }

    /// The observation planes: a numpy float32 array of ``OBSERVATION_SHAPE``,
    /// ``(19, 8, 8)``, entry ``[c, row, column]`` with column 0 the a-file and row 0 rank
    /// 1 (``view="absolute"``, the default), or the mover's view (``"mover"``: for Silver
    /// ranks reversed and colours swapped). Planes 0-5 Gold's (the mover's) rabbits,
    /// cats, dogs, horses, camel, elephant; 6-11 Silver's (the opponent's); 12 Gold to
    /// move; 13 steps left / 4; 14 the square a pending push must fill; 15 the square a
    /// pull may fill; 16 the pieces that pull may move; 17 frozen pieces; 18 how often the
    /// board and side to move have occurred / 3, as in ``Game.from_position(pos)``: 1/3
    /// at a turn's start, 0 in a turn in progress whose board differs from its start.
    #[pyo3(signature = (view="absolute"))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        view: &str,
    ) -> PyResult<Bound<'py, numpy::PyArray3<f32>>> {
        // Game::from_position(pos) counts the turn's starting board (its side to move)
        // once: the planes of a turn in progress see it again when it is back.
        let seen = u32::from(self.pos.board() == self.pos.turn_start_board());
        planes_array(py, &self.pos, read_view(view)?, seen)
    }

    /// The same position mirrored left to right (files a to h reversed): its mask is
    /// ``MIRROR_ACTIONS`` applied to this one's, its planes ``mirror_observation`` of
    /// these.
    fn mirror_files(&self) -> PyPosition {
        PyPosition {
            pos: self.pos.mirror_files(),
        }
    }

    /// The same position with the colours swapped and the board turned around.
    fn flip_colors(&self) -> PyPosition {
        PyPosition {
            pos: self.pos.flip_colors(),
        }
    }

    /// A copy.
    fn copy(&self) -> PyPosition {
        self.clone()
    }

    fn __copy__(&self) -> PyPosition {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyPosition {
        self.clone()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String,)) {
        (slf.get_type(), (slf.borrow().pos.to_string(),))
    }

    /// The board as a diagram: the side to move on the first line, then rank 8 to rank
    /// 1 between borders (pieces as letters, empty traps ``x``, other empty squares
    /// ``.``) and the files. The turn in progress is not shown (``str(pos)`` keeps it).
    fn diagram(&self) -> String {
        self.pos.to_diagram()
    }

    fn __str__(&self) -> String {
        self.pos.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.pos)
    }
}

/// Harlog, the material evaluation of a position's board from Gold's side (as
/// ``Position.harlog()``): positive when Gold is ahead, ``+inf`` when only Silver has no
/// rabbits, ``-inf`` when only Gold has none, never NaN.
#[pyfunction]
pub(crate) fn harlog(position: PyRef<'_, PyPosition>) -> f64 {
    position.harlog()
}
