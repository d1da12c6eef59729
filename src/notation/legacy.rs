//! The legacy Abstract Play notation, still found in older game records.
//!
//! - Setup: comma-separated `<piece><square>` items: `Ee2,Md2,Hb2,Hg2`. The side
//!   placing decides the colour (the letter's case is ignored when placing).
//! - Movement: comma-separated steps `<piece><from><to>`, each optionally followed by
//!   the capture it caused in parentheses: `Ee5e4, re6f6(xrf6), Ra1a2, Ra2a3`. A
//!   capture may also stand as an item of its own after its step (`xrf6`). Captures
//!   are optional when reading (the rules know them) and checked when given; they are
//!   always written.
//!
//! Whitespace is ignored everywhere. Passed steps are simply omitted. A string is
//! legacy when it contains `,` or `(`, or a word starting with `x` ([`is_legacy`]); a
//! single step such as `Ee2e3` reads the same in Lightvector notation.
//!
//! Reading is two-phase like the other notations: [`LegacyMove`] and [`LegacySetup`]
//! are syntax values (`FromStr` + `Display`, no position needed; [`ParseLegacyError`]
//! names the item), and [`LegacyMove::to_move`] checks every step against a position
//! ([`IllegalLegacy`] names the step and the rule); [`LegacySetup::to_setup`] gives
//! a side's [`Setup`]. Writing goes back through [`LegacyMove::from_move`] and
//! [`LegacySetup::from_setup`] (a move that is not legal is refused with a
//! [`WriteError`]). In one call: [`parse_move`], [`write_move`],
//! [`parse_setup`], [`write_setup`].
//!
//! ```
//! use arimaa::notation::legacy;
//! use arimaa::Position;
//!
//! let pos: Position =
//!     "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]".parse()?;
//! let mv = legacy::parse_move(&pos, "Ee2e3, Ee3e4")?;
//! assert_eq!(legacy::write_move(&pos, &mv)?, "Ee2e3, Ee3e4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use super::WriteError;

use crate::{
    Capture, Color, EndTurnError, Move, MoveError, Piece, Position, Setup, Square, Step, StepError,
    MAX_STEPS,
};

/// The longest input the readers look at, in bytes; anything longer is refused at once.
/// A full setup of 16 placements or a four-step move with captures is far shorter.
pub const MAX_LEGACY_LEN: usize = 1024;

/// The most items a legacy string may have (a free placement may fill the board).
const MAX_ITEMS: usize = 64;

/// Whether `text` is in the legacy notation rather than Lightvector: it contains `,`
/// or `(`, or a whitespace-separated word starting with `x`. A single step such as
/// `Ee2e3` is not legacy, and reads the same either way.
#[must_use]
pub fn is_legacy(text: &str) -> bool {
    text.contains([',', '('])
        || text
            .split_whitespace()
            .any(|w| w.starts_with('x') || w.starts_with('X'))
}

/// One step in legacy notation: `Ee2e3`, or `re6f6(xrf6)` with the capture it caused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LegacyStep {
    /// The piece that moves (colour by case).
    pub piece: Piece,
    /// The step.
    pub step: Step,
    /// The capture the step causes, if written.
    pub capture: Option<Capture>,
}

impl LegacyStep {
    /// The square the piece moves to; `None` when the step leaves the board (never for
    /// a step read from text, only for one built by hand).
    #[must_use]
    pub fn to(&self) -> Option<Square> {
        self.step.to()
    }
}

impl fmt::Display for LegacyStep {
    /// The legacy form `Ee2e3`, with `(xrf6)` for a capture. A step that leaves the board
    /// (only possible in a step built by hand) has no legacy spelling and is written
    /// with its direction instead, as in `Ea1s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::padded(f, |f| {
            write!(f, "{}{}", self.piece.char(), self.step.from)?;
            match self.to() {
                Some(to) => write!(f, "{to}")?,
                None => write!(f, "{}", self.step.dir)?,
            }
            if let Some(c) = self.capture {
                write!(f, "(x{}{})", c.piece.char(), c.square)?;
            }
            Ok(())
        })
    }
}

/// A movement turn in legacy notation: one to four steps.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LegacyMove {
    steps: Vec<LegacyStep>,
}

/// A setup in legacy notation: pieces and the squares they are placed on.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LegacySetup {
    placements: Vec<(Piece, Square)>,
}

/// Why a legacy string could not be read: the parse error of the legacy notation.
/// Errors about an item name it, as written with whitespace removed (cut to 16
/// characters if long).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseLegacyError {
    /// Nothing to read.
    #[error("empty legacy notation")]
    Empty,
    /// Longer than any move or setup.
    #[error("input too long ({len} bytes, at most {MAX_LEGACY_LEN})")]
    TooLong {
        /// The length of the input in bytes.
        len: usize,
    },
    /// More items than any move or setup.
    #[error("too many items (more than {max})")]
    TooManyItems {
        /// The limit.
        max: usize,
    },
    /// An item has a character outside the notation.
    #[error("could not read {item:?}: only piece letters, squares, x and parentheses may appear")]
    BadCharacter {
        /// The item.
        item: String,
    },
    /// An item's first character is not a piece letter.
    #[error("could not read {item:?}: expected a piece letter (RCDHME or rcdhme) first")]
    BadPiece {
        /// The item.
        item: String,
    },
    /// A square is malformed.
    #[error("could not read {item:?}: expected a square a1-h8")]
    BadSquare {
        /// The item.
        item: String,
    },
    /// A step's two squares are not side by side.
    #[error("could not read {item:?}: a step goes to an orthogonally adjacent square")]
    NotAdjacent {
        /// The item.
        item: String,
    },
    /// A capture note is malformed or not attached to a step.
    #[error(
        "could not read {item:?}: a capture reads (x<piece><trap>) after the step that caused it"
    )]
    BadCapture {
        /// The item.
        item: String,
    },
    /// A step carries more than one capture (a step captures at most one piece).
    #[error("could not read {item:?}: a step captures at most one piece")]
    TwoCaptures {
        /// The item.
        item: String,
    },
    /// A step was expected (`<piece><from><to>`).
    #[error("could not read {item:?}: expected a step <piece><from><to>")]
    ExpectedStep {
        /// The item.
        item: String,
    },
    /// A placement was expected (`<piece><square>`).
    #[error("could not read {item:?}: expected a placement <piece><square>")]
    ExpectedPlacement {
        /// The item.
        item: String,
    },
}

/// What is wrong with one item (the crate's own shorthand; the public error is the
/// matching [`ParseLegacyError`] variant, with the item).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ItemFault {
    BadCharacter,
    BadPiece,
    BadSquare,
    NotAdjacent,
    BadCapture,
    TwoCaptures,
    ExpectedStep,
    ExpectedPlacement,
}

impl ItemFault {
    /// The parse error of the item `raw`.
    fn at(self, raw: &str) -> ParseLegacyError {
        let item = raw.chars().take(16).collect();
        match self {
            ItemFault::BadCharacter => ParseLegacyError::BadCharacter { item },
            ItemFault::BadPiece => ParseLegacyError::BadPiece { item },
            ItemFault::BadSquare => ParseLegacyError::BadSquare { item },
            ItemFault::NotAdjacent => ParseLegacyError::NotAdjacent { item },
            ItemFault::BadCapture => ParseLegacyError::BadCapture { item },
            ItemFault::TwoCaptures => ParseLegacyError::TwoCaptures { item },
            ItemFault::ExpectedStep => ParseLegacyError::ExpectedStep { item },
            ItemFault::ExpectedPlacement => ParseLegacyError::ExpectedPlacement { item },
        }
    }
}

/// Why a legacy move is not legal in a position: the illegal-move error of the legacy
/// notation, naming the step (from 1 in the message) and the rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalLegacy {
    /// More steps than the turn has left.
    #[error("{count} steps, but the turn allows {cap}")]
    TooManySteps {
        /// Steps written.
        count: usize,
        /// Steps the turn has left.
        cap: u8,
    },
    /// The named piece is not on the square the step starts from.
    #[error("step {} ({step}): {}", index + 1, found.map_or(format!("no piece on {}", step.step.from), |p| format!("{} holds {p}, not {}", step.step.from, step.piece)))]
    WrongPiece {
        /// The index of the step, from 0.
        index: usize,
        /// The step as written.
        step: LegacyStep,
        /// What stands on the square instead.
        found: Option<Piece>,
    },
    /// The step breaks a rule.
    #[error("step {} ({step}): {error}", index + 1)]
    Step {
        /// The index of the step, from 0.
        index: usize,
        /// The step as written.
        step: LegacyStep,
        /// The rule.
        error: StepError,
    },
    /// The capture written after a step is not what the step does.
    #[error("step {} ({step}): {}", index + 1, actual.map_or("it captures nothing".to_string(), |c| format!("it captures {}{}", c.piece.char(), c.square)))]
    WrongCapture {
        /// The index of the step, from 0.
        index: usize,
        /// The step as written.
        step: LegacyStep,
        /// What the step really captures.
        actual: Option<Capture>,
    },
    /// The turn cannot end after these steps.
    #[error("{0}")]
    EndTurn(EndTurnError),
}

/// Why a legacy string does not give a legal move ([`parse_move`] reads and checks in
/// one call). The same shape in every notation: the parse error, or the illegal-move
/// error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LegacyError {
    /// The text could not be read.
    #[error(transparent)]
    Parse(#[from] ParseLegacyError),
    /// The steps are not a legal move here.
    #[error(transparent)]
    Illegal(#[from] IllegalLegacy),
}

/// One comma-separated item, whitespace removed.
enum Item {
    Placement(Piece, Square),
    Step(LegacyStep),
    Capture(Capture),
}

fn piece_of(c: u8) -> Result<Piece, ItemFault> {
    Piece::from_char(c as char).ok_or(ItemFault::BadPiece)
}

fn square_of(b: &[u8]) -> Result<Square, ItemFault> {
    core::str::from_utf8(b)
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or(ItemFault::BadSquare)
}

/// `x<piece><square>`.
fn capture_of(b: &[u8]) -> Result<Capture, ItemFault> {
    match b {
        [b'x', p, rest @ ..] if rest.len() == 2 => Ok(Capture {
            piece: piece_of(*p).map_err(|_| ItemFault::BadCapture)?,
            square: square_of(rest).map_err(|_| ItemFault::BadCapture)?,
        }),
        _ => Err(ItemFault::BadCapture),
    }
}

fn parse_item(b: &[u8]) -> Result<Item, ItemFault> {
    if !b
        .iter()
        .all(|c| c.is_ascii_alphanumeric() || *c == b'(' || *c == b')')
    {
        return Err(ItemFault::BadCharacter);
    }

    if b.first() == Some(&b'x') {
        return capture_of(b).map(Item::Capture);
    }

    let (head, rest) = match b.iter().position(|&c| c == b'(') {
        Some(i) => b.split_at(i),
        None => (b, &b[b.len()..]),
    };
    match head.len() {
        3 => {
            if !rest.is_empty() {
                return Err(ItemFault::BadCapture);
            }
            Ok(Item::Placement(piece_of(head[0])?, square_of(&head[1..])?))
        }
        5 => {
            let piece = piece_of(head[0])?;
            let from = square_of(&head[1..3])?;
            let to = square_of(&head[3..5])?;
            let step = Step::between(from, to).ok_or(ItemFault::NotAdjacent)?;

            let mut capture = None;
            let mut rest = rest;
            while !rest.is_empty() {
                let close = rest
                    .iter()
                    .position(|&c| c == b')')
                    .ok_or(ItemFault::BadCapture)?;
                if rest[0] != b'(' {
                    return Err(ItemFault::BadCapture);
                }
                let c = capture_of(&rest[1..close])?;
                if capture.replace(c).is_some() {
                    return Err(ItemFault::TwoCaptures);
                }
                rest = &rest[close + 1..];
            }
            Ok(Item::Step(LegacyStep {
                piece,
                step,
                capture,
            }))
        }
        _ => {
            if head
                .first()
                .is_some_and(|&c| Piece::from_char(c as char).is_none())
            {
                Err(ItemFault::BadPiece)
            } else if head.len() > 3 {
                Err(ItemFault::ExpectedStep)
            } else {
                Err(ItemFault::ExpectedPlacement)
            }
        }
    }
}

/// Splits `text` into items with whitespace removed, refusing overlong input.
fn items(text: &str) -> Result<Vec<(String, Item)>, ParseLegacyError> {
    if text.len() > MAX_LEGACY_LEN {
        return Err(ParseLegacyError::TooLong { len: text.len() });
    }

    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = Vec::new();
    for raw in compact.split(',') {
        if raw.is_empty() {
            continue;
        }
        if out.len() == MAX_ITEMS {
            return Err(ParseLegacyError::TooManyItems { max: MAX_ITEMS });
        }
        let item = parse_item(raw.as_bytes()).map_err(|r| r.at(raw))?;
        out.push((raw.to_string(), item));
    }

    if out.is_empty() {
        return Err(ParseLegacyError::Empty);
    }
    Ok(out)
}

impl LegacyMove {
    /// A move from its steps; `None` when there are none or more than four.
    #[must_use]
    pub fn new(steps: Vec<LegacyStep>) -> Option<LegacyMove> {
        if steps.is_empty() || steps.len() > MAX_STEPS {
            None
        } else {
            Some(LegacyMove { steps })
        }
    }

    /// The steps, in order.
    #[must_use]
    pub fn steps(&self) -> &[LegacyStep] {
        &self.steps
    }

    /// Checks every step against `pos` (piece letters, the rules, and captures where
    /// written) and returns the move.
    ///
    /// # Errors
    /// [`IllegalLegacy`] naming the first step that fails, or why the turn cannot end.
    pub fn to_move(&self, pos: &Position) -> Result<Move, IllegalLegacy> {
        if self.steps.len() > usize::from(pos.steps_left()) {
            return Err(IllegalLegacy::TooManySteps {
                count: self.steps.len(),
                cap: pos.steps_left(),
            });
        }

        let mut p = pos.clone();
        let mut plain = Vec::with_capacity(self.steps.len());
        for (index, &ls) in self.steps.iter().enumerate() {
            let found = p.board().piece_at(ls.step.from);
            if found != Some(ls.piece) {
                return Err(IllegalLegacy::WrongPiece {
                    index,
                    step: ls,
                    found,
                });
            }

            let effect = p.play_step(ls.step).map_err(|error| IllegalLegacy::Step {
                index,
                step: ls,
                error,
            })?;
            if ls.capture.is_some() && ls.capture != effect.capture {
                return Err(IllegalLegacy::WrongCapture {
                    index,
                    step: ls,
                    actual: effect.capture,
                });
            }
            plain.push(ls.step);
        }

        p.check_end_turn().map_err(IllegalLegacy::EndTurn)?;
        Move::from_steps(&plain).ok_or(IllegalLegacy::TooManySteps {
            count: plain.len(),
            cap: pos.steps_left(),
        })
    }

    /// The legacy form of `mv`, legal in `pos`, with every capture written.
    ///
    /// # Errors
    /// [`WriteError::Illegal`] with the [`MoveError`] when `mv` is not legal in `pos`.
    pub fn from_move(pos: &Position, mv: &Move) -> Result<LegacyMove, WriteError> {
        let mut p = pos.clone();
        let mut steps = Vec::with_capacity(mv.len());
        for (index, &step) in mv.steps().iter().enumerate() {
            let effect =
                p.play_step(step)
                    .map_err(|error| MoveError::Step { index, step, error })?;
            steps.push(LegacyStep {
                piece: effect.piece,
                step,
                capture: effect.capture,
            });
        }
        p.check_end_turn().map_err(MoveError::EndTurn)?;
        Ok(LegacyMove::new(steps).ok_or(MoveError::EndTurn(EndTurnError::NoSteps))?)
    }
}

impl fmt::Display for LegacyMove {
    /// Steps separated by `", "`, captures in parentheses: `Ee5e4, re6f6(xrf6)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::padded(f, |f| {
            for (i, s) in self.steps.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{s}")?;
            }
            Ok(())
        })
    }
}

impl FromStr for LegacyMove {
    type Err = ParseLegacyError;

    /// Reads comma-separated steps (whitespace ignored).
    ///
    /// # Errors
    /// [`ParseLegacyError`] naming the first item that is not a step or capture, or when
    /// there are more than four steps.
    fn from_str(s: &str) -> Result<LegacyMove, ParseLegacyError> {
        let mut steps: Vec<LegacyStep> = Vec::new();
        for (raw, item) in items(s)? {
            match item {
                Item::Step(st) => {
                    if steps.len() == MAX_STEPS {
                        return Err(ParseLegacyError::TooManyItems { max: MAX_STEPS });
                    }
                    steps.push(st);
                }
                Item::Capture(c) => match steps.last_mut() {
                    Some(last) if last.capture.is_none() => last.capture = Some(c),
                    Some(_) => return Err(ItemFault::TwoCaptures.at(&raw)),
                    None => return Err(ItemFault::BadCapture.at(&raw)),
                },
                Item::Placement(..) => {
                    return Err(ItemFault::ExpectedStep.at(&raw));
                }
            }
        }

        LegacyMove::new(steps).ok_or(ParseLegacyError::Empty)
    }
}

impl LegacySetup {
    /// A setup from its placements; `None` when there are none or more than 64.
    #[must_use]
    pub fn new(placements: Vec<(Piece, Square)>) -> Option<LegacySetup> {
        if placements.is_empty() || placements.len() > MAX_ITEMS {
            None
        } else {
            Some(LegacySetup { placements })
        }
    }

    /// The placements, as written (letters keep their case).
    #[must_use]
    pub fn placements(&self) -> &[(Piece, Square)] {
        &self.placements
    }

    /// The setup of `color` these placements describe, in the order written (the
    /// letters' case is ignored: the side placing decides the colour). Whether it obeys
    /// the setup rules (a square named twice or already taken included) is
    /// [`Setup::check`]'s (or [`Game::play_setup`]'s) business, as for every notation.
    ///
    /// [`Game::play_setup`]: crate::Game::play_setup
    #[must_use]
    pub fn to_setup(&self, color: Color) -> Setup {
        let mut setup = Setup::new(color);
        for &(piece, square) in &self.placements {
            setup.place(piece.kind, square);
        }
        setup
    }

    /// The placements of `setup`, in its order; `None` when it places no piece or
    /// more than 64.
    #[must_use]
    pub fn from_setup(setup: &Setup) -> Option<LegacySetup> {
        LegacySetup::new(
            setup
                .pieces
                .iter()
                .map(|&(kind, square)| (Piece::new(setup.color, kind), square))
                .collect(),
        )
    }
}

impl fmt::Display for LegacySetup {
    /// Placements separated by `", "`: `Ee2, Md2, Hb2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::padded(f, |f| {
            for (i, (p, sq)) in self.placements.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{}{sq}", p.char())?;
            }
            Ok(())
        })
    }
}

impl FromStr for LegacySetup {
    type Err = ParseLegacyError;

    /// Reads comma-separated placements (whitespace ignored).
    ///
    /// # Errors
    /// [`ParseLegacyError`] naming the first item that is not a placement.
    fn from_str(s: &str) -> Result<LegacySetup, ParseLegacyError> {
        let mut placements = Vec::new();
        for (raw, item) in items(s)? {
            match item {
                Item::Placement(p, sq) => placements.push((p, sq)),
                _ => return Err(ItemFault::ExpectedPlacement.at(&raw)),
            }
        }
        LegacySetup::new(placements).ok_or(ParseLegacyError::Empty)
    }
}

/// Reads a legacy movement string and checks it against `pos`.
///
/// # Errors
/// [`LegacyError`]: the text cannot be read, or the steps are not a legal move.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, LegacyError> {
    let lm: LegacyMove = text.parse()?;
    Ok(lm.to_move(pos)?)
}

/// Writes `mv`, legal in `pos`, in legacy notation with every capture:
/// `Ee5e4, re6f6(xrf6)`.
///
/// # Errors
/// [`WriteError::Illegal`] with the [`MoveError`] when `mv` is not legal in `pos`.
pub fn write_move(pos: &Position, mv: &Move) -> Result<String, WriteError> {
    Ok(LegacyMove::from_move(pos, mv)?.to_string())
}

/// Reads a legacy setup as `color`'s setup (the letters' case is ignored), in the
/// order written. The setup rules are checked by [`Setup::check`] or
/// [`Game::play_setup`].
///
/// ```
/// use arimaa::notation::legacy;
/// use arimaa::{Board, Color, SetupRules};
///
/// let setup = legacy::parse_setup(Color::Silver, "Ee7, md7")?;
/// assert_eq!(setup.pieces.len(), 2);
/// assert_eq!(legacy::write_setup(&setup), "ee7, md7");
/// // A square named twice reads, and the rules refuse it.
/// let twice = legacy::parse_setup(Color::Gold, "Ee2, Me2")?;
/// assert!(twice.check(SetupRules::Free, &Board::empty()).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`ParseLegacyError`] when the text is not comma-separated placements.
///
/// [`Game::play_setup`]: crate::Game::play_setup
pub fn parse_setup(color: Color, text: &str) -> Result<Setup, ParseLegacyError> {
    let syntax: LegacySetup = text.parse()?;
    Ok(syntax.to_setup(color))
}

/// Writes `setup` as a legacy setup, in its order: `Ee2, Md2, ...` (empty when it
/// places no piece).
#[must_use]
pub fn write_setup(setup: &Setup) -> String {
    LegacySetup::from_setup(setup).map_or(String::new(), |s| s.to_string())
}
