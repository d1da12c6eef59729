//! The `arimaa` crate for Python: positions in the AEI short form, steps, whole moves,
//! full-turn generation, the goal and capture queries, games with repetition and undo,
//! and official notation, through PyO3.
//!
//! Squares, pieces, colours and directions cross the boundary as strings (`"e2"`, `"E"`,
//! `"gold"`, `"n"`). Every error of the crate reaches Python as an exception under
//! `ValueError` carrying the crate's own message, and a failed call leaves its object as
//! it was. Nothing a caller passes may panic: text is read by the crate's own parsers,
//! which check lengths and characters.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

use arimaa_rs::notation::official::{self, OfficialError, SideLetters};
use arimaa_rs::notation::record::{
    self, Archive, ArchiveGame, Column, MoveList, PlayerKind, Replay, ReplayError, ReplayFailure,
};
use arimaa_rs::notation::{legacy, lightvector};
use arimaa_rs::notation::{ParsePositionError, WriteError};
use arimaa_rs::{
    Board, Color, Direction, EndTurnError, Game, GameError, Move, MoveError, Outcome, Phase, Piece,
    Position, PositionError, SetupVariant, Square, Step, StepError, Turn, Variant,
};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyList, PyString, PyTuple, PyType};
use rand::rngs::SmallRng;
use rand::{RngCore, SeedableRng};

create_exception!(
    arimaa,
    ArimaaError,
    PyValueError,
    "The base of every error of the arimaa package (a ValueError). Its message is the \
     Rust crate's own."
);
create_exception!(
    arimaa,
    ParseError,
    ArimaaError,
    "Text that cannot be read: a position, square, piece, colour, direction, step or \
     move in notation."
);
create_exception!(
    arimaa,
    IllegalMove,
    ArimaaError,
    "A well-formed step, move or turn end that the rules refuse in this position or game."
);
create_exception!(
    arimaa,
    GameStateError,
    ArimaaError,
    "A game action the game does not await now (a move during the setups, a setup \
     after them, undo with nothing to undo, a move after the end), or a setup the rules \
     refuse."
);

fn parse_err(e: impl std::fmt::Display) -> PyErr {
    ParseError::new_err(e.to_string())
}

fn illegal(e: impl std::fmt::Display) -> PyErr {
    IllegalMove::new_err(e.to_string())
}

fn position_err(e: ParsePositionError) -> PyErr {
    parse_err(e)
}

fn step_err(e: StepError) -> PyErr {
    illegal(e)
}

fn end_turn_err(e: EndTurnError) -> PyErr {
    illegal(e)
}

fn move_err(e: MoveError) -> PyErr {
    illegal(e)
}

fn write_err(e: WriteError) -> PyErr {
    illegal(e)
}

fn cap_err(e: PositionError) -> PyErr {
    ArimaaError::new_err(e.to_string())
}

fn official_err(e: OfficialError) -> PyErr {
    match e {
        OfficialError::Parse(p) => parse_err(p),
        OfficialError::Illegal(i) => illegal(i),
        other => ArimaaError::new_err(other.to_string()),
    }
}

fn game_err(e: GameError) -> PyErr {
    match e {
        GameError::Move(_) | GameError::ThirdRepetition => illegal(e),
        other => GameStateError::new_err(other.to_string()),
    }
}

// ---- the vocabulary as strings ----

fn read_square(text: &str) -> PyResult<Square> {
    text.parse::<Square>().map_err(parse_err)
}

fn one_char(text: &str) -> Option<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

fn read_direction(text: &str) -> PyResult<Direction> {
    one_char(text)
        .and_then(Direction::from_char)
        .ok_or_else(|| {
            ParseError::new_err(format!(
                "invalid direction {text:?}: expected one of \"n\", \"e\", \"s\", \"w\""
            ))
        })
}

fn read_color(text: &str) -> PyResult<Color> {
    match text.to_ascii_lowercase().as_str() {
        "gold" | "g" | "w" | "white" => Ok(Color::Gold),
        "silver" | "s" | "b" | "black" => Ok(Color::Silver),
        _ => Err(ParseError::new_err(format!(
            "invalid colour {text:?}: expected \"gold\" or \"silver\""
        ))),
    }
}

fn piece_str(p: Piece) -> String {
    p.char().to_string()
}

fn outcome_tuple(o: Outcome) -> (String, String) {
    (o.winner.name().to_string(), o.reason.name().to_string())
}

/// A step from text: `e2n`, or an official step token `Ee2n` (the piece letter is read
/// and dropped; it is checked where a position is known).
fn read_step_token(token: &str) -> PyResult<(Step, Option<char>)> {
    let chars: Vec<char> = token.chars().collect();
    let (piece, rest) = match chars.len() {
        3 => (None, &chars[..]),
        4 if Piece::from_char(chars[0]).is_some() => (Some(chars[0]), &chars[1..]),
        _ => {
            return Err(ParseError::new_err(format!(
                "invalid step {token:?}: expected a square and a direction, like \"e2n\" \
                 (optionally after a piece letter, like \"Ee2n\")"
            )))
        }
    };
    let square: String = rest[..2].iter().collect();
    let from = read_square(&square)?;
    let dir = Direction::from_char(rest[2]).ok_or_else(|| {
        ParseError::new_err(format!(
            "invalid step {token:?}: the direction must be one of n, e, s, w"
        ))
    })?;
    Ok((Step::new(from, dir), piece))
}

fn is_capture_token(token: &str) -> bool {
    token.ends_with('x') && token.chars().count() == 4
}

fn steps_text(mv: &Move) -> String {
    let mut out = String::new();
    for (i, s) in mv.steps().iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{s}");
    }
    out
}

#[derive(Clone, Copy)]
enum Notation {
    Official,
    Lightvector,
    Legacy,
}

fn read_notation(name: &str) -> PyResult<Notation> {
    match name {
        "official" => Ok(Notation::Official),
        "lightvector" => Ok(Notation::Lightvector),
        "legacy" => Ok(Notation::Legacy),
        _ => Err(ArimaaError::new_err(format!(
            "unknown notation {name:?}: expected \"official\", \"lightvector\" or \"legacy\""
        ))),
    }
}

fn replay_err(f: &ReplayFailure) -> PyErr {
    let text = f.to_string();
    match &f.error {
        ReplayError::Parse(_) => ParseError::new_err(text),
        ReplayError::Illegal(_) => IllegalMove::new_err(text),
        ReplayError::Game(GameError::Move(_) | GameError::ThirdRepetition) => {
            IllegalMove::new_err(text)
        }
        _ => GameStateError::new_err(text),
    }
}

// ---- Step ----

/// One step: the piece on a square moves one square in a direction (``"n"``, ``"e"``,
/// ``"s"``, ``"w"``, seen from Gold). Whose piece it is, and whether the step is a simple
/// step or half of a push or pull, follows from the position it is played in.
///
/// ``Step("e2n")`` or ``Step("e2", "n")``; ``str(step)`` is ``"e2n"``.
#[pyclass(module = "arimaa", name = "Step", frozen, eq, hash, ord)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct PyStep {
    step: Step,
}

#[pymethods]
impl PyStep {
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

fn extract_step(obj: &Bound<'_, PyAny>) -> PyResult<Step> {
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

// ---- Move ----

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
struct PyMove {
    mv: Move,
    origin: Option<Arc<Position>>,
}

impl PyMove {
    fn bare(mv: Move) -> PyMove {
        PyMove { mv, origin: None }
    }

    fn of(mv: Move, origin: &Arc<Position>) -> PyMove {
        PyMove {
            mv,
            origin: Some(Arc::clone(origin)),
        }
    }
}

fn read_move_text(text: &str, pos: Option<&Position>) -> PyResult<Move> {
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

fn move_from_steps(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    let mut mv = Move::EMPTY;
    for item in obj.try_iter()? {
        let step = extract_step(&item?)?;
        mv.push(step).map_err(parse_err)?;
    }
    Ok(mv)
}

/// A move from a Python value: an arimaa.Move, text (read for `pos` when given), or a
/// sequence of steps.
fn extract_move(obj: &Bound<'_, PyAny>, pos: Option<&Position>) -> PyResult<Move> {
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
fn moves_list<'py>(
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

// ---- Position ----

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
struct PyPosition {
    pos: Position,
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

    fn __str__(&self) -> String {
        self.pos.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.pos)
    }
}

// ---- Game ----

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
struct PyGame {
    game: Game,
    rng: GameRng,
}

fn read_variant(name: &str, dicey: bool) -> PyResult<Variant> {
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
struct GameRng {
    rng: SmallRng,
    seed: u64,
    draws: u64,
}

/// A pickled game: the format version, the variant's name, Dicey Moves, the starting
/// position (`None` for a game that began with its setups), the actions (`"setup"`,
/// `"roll"` or `"move"`, with its text) and the generator's seed and draws.
type GameState = (
    u8,
    String,
    bool,
    Option<String>,
    Vec<(String, String)>,
    (u64, u64),
);

/// The most draws a pickled game's generator may claim (far beyond any real game's).
const MAX_RNG_DRAWS: u64 = 1 << 32;

impl GameRng {
    fn new(seed: Option<u64>) -> GameRng {
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
    fn restored(seed: u64, draws: u64) -> GameRng {
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
    fn wrap(game: Game) -> PyGame {
        PyGame {
            game,
            rng: GameRng::new(None),
        }
    }

    /// The game as its start and the actions since: `None` for a game that began with
    /// its setups (a fresh `Game::start`), else the position it began from; then every
    /// setup, roll and movement turn in order. Found by taking the actions back one by
    /// one on a copy.
    fn actions(&self) -> (Option<Position>, Vec<(String, String)>) {
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
    fn replayed(
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

fn replay_move_list(text: &str) -> PyResult<Replay> {
    let list: MoveList = text.parse().map_err(parse_err)?;
    Ok(Replay::standard(list.turns()))
}

/// A game record replayed by the rules: every position, each movement turn, the result
/// by the rules, or the first turn that failed. ``replay_record`` and ``replay_archive``
/// make them.
#[pyclass(module = "arimaa", name = "Replay", frozen)]
struct PyReplay {
    replay: Replay,
    id: Option<u64>,
    termination: Option<char>,
    recorded_winner: Option<Color>,
    end_mismatch: Option<String>,
    archive: Option<ArchiveGame>,
}

impl PyReplay {
    fn column(&self, column: Column) -> Option<String> {
        self.archive.as_ref().map(|g| g.column(column).to_string())
    }

    /// A `0`/`1` column: `None` when empty or another value.
    fn flag(&self, column: Column) -> Option<bool> {
        match self.archive.as_ref()?.column(column) {
            "1" => Some(true),
            "0" => Some(false),
            _ => None,
        }
    }

    fn number(&self, column: Column) -> Option<u64> {
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
struct PyPlayer {
    id: Option<u64>,
    username: String,
    title: String,
    country: String,
    rating: Option<u32>,
    rating_k: Option<u32>,
    kind: Option<&'static str>,
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

fn player_of(game: &ArchiveGame, color: Color) -> PyPlayer {
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
struct PyReplayFailure {
    failure: ReplayFailure,
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
fn replay_record(py: Python<'_>, text: &str) -> PyResult<PyReplay> {
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

/// Harlog, the material evaluation of a position's board from Gold's side (as
/// ``Position.harlog()``): positive when Gold is ahead, ``+inf`` when only Silver has no
/// rabbits, ``-inf`` when only Gold has none, never NaN.
#[pyfunction]
fn harlog(position: PyRef<'_, PyPosition>) -> f64 {
    position.harlog()
}

/// Reads an arimaa.com archive file (the TSV with its 29-column header) and replays
/// every game, in order, returning one ``Replay`` each. Raises ``ParseError`` for a file
/// that is not an archive. Releases the GIL for the whole file.
#[pyfunction]
fn replay_archive(py: Python<'_>, text: &str) -> PyResult<Vec<PyReplay>> {
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

/// An exact and fast Arimaa rules engine: the Rust crate ``arimaa`` for Python.
///
/// ``Position`` (AEI short form in and out, steps, moves, full-turn generation, goal and
/// capture queries, official notation), ``Step``, ``Move``, ``Game``, and the exceptions
/// ``ArimaaError`` (a ``ValueError``), ``ParseError``, ``IllegalMove`` and
/// ``GameStateError``.
#[pymodule]
fn arimaa(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyStep>()?;
    m.add_class::<PyMove>()?;
    m.add_class::<PyPosition>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyReplay>()?;
    m.add_class::<PyReplayFailure>()?;
    m.add_class::<PyPlayer>()?;
    m.add_function(wrap_pyfunction!(harlog, m)?)?;
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
