//! The official step notation of arimaa.com game records, the AEI protocol and every
//! bot: `2g Ee2n Ee3n rc6s rc5x`.
//!
//! Reading has two phases.
//!
//! 1. **Syntax** ([`OfficialMove`], [`OfficialSetup`], [`TurnText`], [`StepToken`],
//!    [`CaptureToken`], [`PlaceToken`], [`TurnLabel`], all with `FromStr` and `Display`): text to tokens, no position
//!    needed. A [`ParseOfficialError`] names the token that is malformed and why.
//! 2. **Resolution** ([`OfficialMove::to_move`], [`OfficialMove::to_move_in_game`],
//!    [`OfficialSetup::to_setup`]; in one call from text: [`parse_move`],
//!    [`parse_move_in_game`], [`parse_setup`]): tokens to a legal [`Move`] or [`Setup`]
//!    against a position or a game. An [`IllegalOfficial`] names the rule broken: piece letter does not match,
//!    frozen, occupied, push not completed, capture token missing or wrong, unchanged
//!    position, too many steps, third repetition and no movement turn due (in game
//!    context), a setup piece of the wrong side. [`parse_move`] and [`parse_setup`]
//!    fail with an [`OfficialError`], one of the two.
//!
//! Writing ([`OfficialMove::from_move`], [`OfficialSetup::from_setup`]; as text:
//! [`write_move`], [`write_setup`]; a move that is not legal is refused with a
//! [`WriteError`]) puts a capture token right after the step
//! that caused it, which is where the rules cause it: between the two steps of a push
//! onto a trap, and after the step of the supporter whose departure leaves a friend
//! alone on a trap.
//!
//! ```
//! use arimaa::notation::official::{parse_move, write_move};
//! use arimaa::Position;
//!
//! let pos: Position =
//!     "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]".parse()?;
//! let mv = parse_move(&pos, "Ee2n Ee3n Dh2n")?;
//! assert_eq!(write_move(&pos, &mv)?, "Ee2n Ee3n Dh2n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Historic tokens of old records: `resign` and `resigns` (the side gives up),
//! `takeback` (the previous turn is taken back) each stand alone in a turn and are read
//! into [`TurnBody`]; `pass` is read as a [`MoveToken::Pass`] and accepted only as the
//! last token of a turn that has steps (it then just ends the turn; the crate never
//! writes it).

use super::{snippet, WriteError};
use core::fmt;
use core::str::FromStr;

use crate::{
    Color, Direction, EndTurnError, Game, Move, MoveError, Piece, Position, Setup, Square, Step,
    StepError,
};

/// Longest turn text the readers look at (a setup of 64 pieces with a label fits);
/// anything longer is refused before it is split.
pub const MAX_TURN_LEN: usize = 1024;

/// Most tokens a turn may hold (a free-placement setup fills at most 64 squares).
pub const MAX_TURN_TOKENS: usize = 64;

/// How a side letter is written: `g`/`s` (the default) or the historic `w`/`b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SideLetters {
    /// `g` for Gold, `s` for Silver.
    #[default]
    GoldSilver,
    /// `w` (white) for Gold, `b` (black) for Silver, as in the arimaa.com archive.
    WhiteBlack,
}

impl SideLetters {
    /// The letter of `color` in this style.
    #[must_use]
    pub const fn letter(self, color: Color) -> char {
        match (self, color) {
            (SideLetters::GoldSilver, Color::Gold) => 'g',
            (SideLetters::GoldSilver, Color::Silver) => 's',
            (SideLetters::WhiteBlack, Color::Gold) => 'w',
            (SideLetters::WhiteBlack, Color::Silver) => 'b',
        }
    }

    /// The side and style of a letter `g s w b`.
    #[must_use]
    pub const fn read(c: char) -> Option<(Color, SideLetters)> {
        match c {
            'g' => Some((Color::Gold, SideLetters::GoldSilver)),
            's' => Some((Color::Silver, SideLetters::GoldSilver)),
            'w' => Some((Color::Gold, SideLetters::WhiteBlack)),
            'b' => Some((Color::Silver, SideLetters::WhiteBlack)),
            _ => None,
        }
    }
}

/// The move-number-and-side label that opens a turn in a record: `2g`, `37b`.
/// Setups are turn 1 (`1g`, `1s`); Gold's first movement turn is `2g`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TurnLabel {
    /// The move number, from 1.
    pub number: u32,
    /// The side that plays the turn.
    pub side: Color,
    /// How the side letter is written.
    pub letters: SideLetters,
}

impl TurnLabel {
    /// The label of `side`'s turn `number`, written with `g`/`s`.
    #[must_use]
    pub const fn new(number: u32, side: Color) -> TurnLabel {
        TurnLabel {
            number,
            side,
            letters: SideLetters::GoldSilver,
        }
    }

    /// The position of the turn in a record counting from 0: `1g` is 0, `1s` 1, `2g` 2.
    #[must_use]
    pub fn ordinal(&self) -> u64 {
        u64::from(self.number.saturating_sub(1)) * 2 + self.side.index() as u64
    }

    /// The label of the turn at `ordinal` (the inverse of [`TurnLabel::ordinal`]).
    #[must_use]
    pub fn from_ordinal(ordinal: u64, letters: SideLetters) -> TurnLabel {
        let side = if ordinal % 2 == 0 {
            Color::Gold
        } else {
            Color::Silver
        };
        TurnLabel {
            number: u32::try_from(ordinal / 2 + 1).unwrap_or(u32::MAX),
            side,
            letters,
        }
    }
}

impl fmt::Display for TurnLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::padded(f, |f| {
            write!(f, "{}{}", self.number, self.letters.letter(self.side))
        })
    }
}

impl FromStr for TurnLabel {
    type Err = ParseOfficialError;
    fn from_str(s: &str) -> Result<TurnLabel, ParseOfficialError> {
        read_label(s).ok_or_else(|| ParseOfficialError::BadLabel(snippet(s)))
    }
}

fn read_label(s: &str) -> Option<TurnLabel> {
    let (at, last) = s.char_indices().last()?;
    let digits = s.get(..at)?;
    if digits.is_empty() || digits.len() > 9 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let number: u32 = digits.parse().ok()?;
    let (side, letters) = SideLetters::read(last)?;
    (number >= 1).then_some(TurnLabel {
        number,
        side,
        letters,
    })
}

/// A step token `<piece><square><dir>`: `Ee2n` (the gold elephant on e2 steps north).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StepToken {
    /// The piece said to move.
    pub piece: Piece,
    /// The square it leaves.
    pub from: Square,
    /// The direction.
    pub dir: Direction,
}

impl StepToken {
    /// The step, without the piece.
    #[must_use]
    pub const fn step(&self) -> Step {
        Step::new(self.from, self.dir)
    }
}

impl fmt::Display for StepToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::padded(f, |f| write!(f, "{}{}{}", self.piece, self.from, self.dir))
    }
}

/// A capture token `<piece><trap>x`: `rc6x` (the silver rabbit on the trap c6 is
/// removed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CaptureToken {
    /// The piece removed.
    pub piece: Piece,
    /// The trap it was removed from.
    pub square: Square,
}

impl fmt::Display for CaptureToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::padded(f, |f| write!(f, "{}{}x", self.piece, self.square))
    }
}

/// A setup token `<piece><square>`: `Ra1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlaceToken {
    /// The piece placed.
    pub piece: Piece,
    /// Where.
    pub square: Square,
}

impl fmt::Display for PlaceToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::padded(f, |f| write!(f, "{}{}", self.piece, self.square))
    }
}

/// A token of a movement turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveToken {
    /// A step.
    Step(StepToken),
    /// A capture caused by the step before it.
    Capture(CaptureToken),
    /// The historic `pass`: ends the turn early (the crate never writes it).
    Pass,
}

impl fmt::Display for MoveToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveToken::Step(t) => t.fmt(f),
            MoveToken::Capture(t) => t.fmt(f),
            MoveToken::Pass => f.pad("pass"),
        }
    }
}

/// The word of a historic resignation token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResignWord {
    /// `resign`.
    Resign,
    /// `resigns`.
    Resigns,
}

/// What a turn of a record holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TurnBody {
    /// No tokens: the bare tag that ends an archive move list (`37b`), naming the side
    /// to move when the game stopped.
    Empty,
    /// A setup turn: the pieces placed, in the order written.
    Setup(OfficialSetup),
    /// A movement turn: steps and capture tokens in order.
    Move(OfficialMove),
    /// The historic `resign` / `resigns`: the side gives up.
    Resign(ResignWord),
    /// The historic `takeback`: the previous turn is taken back.
    Takeback,
}

/// One turn of a record as text, read without a position: an optional label and the
/// body. `Display` writes it back in the same form (`2g Ee2n Ee3n`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TurnText {
    /// The label (`2g`), when written.
    pub label: Option<TurnLabel>,
    /// The tokens.
    pub body: TurnBody,
}

impl TurnText {
    /// The step and capture tokens of a movement turn as written by the crate: without
    /// label and without `pass` (empty for any other body).
    #[must_use]
    pub fn move_tokens_text(&self) -> String {
        match &self.body {
            TurnBody::Move(m) => join(m.tokens.iter().filter(|t| **t != MoveToken::Pass)),
            _ => String::new(),
        }
    }
}

fn join<T: fmt::Display>(items: impl Iterator<Item = T>) -> String {
    let mut out = String::new();
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&item.to_string());
    }
    out
}

impl fmt::Display for TurnBody {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnBody::Empty => f.pad(""),
            TurnBody::Setup(setup) => setup.fmt(f),
            TurnBody::Move(m) => m.fmt(f),
            TurnBody::Resign(ResignWord::Resign) => f.pad("resign"),
            TurnBody::Resign(ResignWord::Resigns) => f.pad("resigns"),
            TurnBody::Takeback => f.pad("takeback"),
        }
    }
}

impl fmt::Display for TurnText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::padded(f, |f| {
            if let Some(label) = self.label {
                write!(f, "{label}")?;
                if self.body != TurnBody::Empty {
                    f.write_str(" ")?;
                }
            }
            write!(f, "{}", self.body)
        })
    }
}

/// Why text is not well-formed official notation (no position involved): the parse
/// error of the official notation. Errors about a token give its place among the turn's
/// tokens (label excluded, from 1) and the token itself (cut to 20 characters).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseOfficialError {
    /// The text is longer than any turn can be.
    #[error("turn text too long ({0} bytes, at most {MAX_TURN_LEN})")]
    TooLong(usize),
    /// The turn has more tokens than any turn can have.
    #[error("turn has too many tokens ({0}, at most {MAX_TURN_TOKENS})")]
    TooManyTokens(usize),
    /// There is nothing to read.
    #[error("empty turn")]
    Empty,
    /// The label is not a move number followed by `g`, `s`, `w` or `b`.
    #[error("invalid turn label {0:?}: expected a move number and a side letter, like \"2g\"")]
    BadLabel(String),
    /// A token's first character is not a piece letter `RCDHMErcdhme`.
    #[error("token {index} {token:?}: expected a piece letter RCDHME or rcdhme first")]
    BadPiece {
        /// The token's position among the turn's tokens (label excluded), from 1.
        index: usize,
        /// The token (cut to 20 characters).
        token: String,
    },
    /// A token's characters 2-3 are not a square `a1`..`h8`.
    #[error("token {index} {token:?}: expected a square a1-h8 after the piece letter")]
    BadSquare {
        /// The token's position, from 1.
        index: usize,
        /// The token.
        token: String,
    },
    /// A token's last character is not a direction `n s e w` or the capture mark `x`
    /// (or the token is of another kind than the one asked for).
    #[error("token {index} {token:?}: expected a direction n, s, e, w or the capture mark x after the square")]
    BadSuffix {
        /// The token's position, from 1.
        index: usize,
        /// The token.
        token: String,
    },
    /// A capture token names a square that is not a trap.
    #[error("token {index} {token:?}: captures happen only on the traps c3, f3, c6, f6")]
    NotATrap {
        /// The token's position, from 1.
        index: usize,
        /// The token.
        token: String,
    },
    /// A token has the wrong length for any token.
    #[error("token {index} {token:?}: expected a piece letter and a square (setup), plus a direction or x (move), or pass, resign, resigns, takeback")]
    BadLength {
        /// The token's position, from 1.
        index: usize,
        /// The token.
        token: String,
    },
    /// Setup tokens and step tokens are mixed in one turn.
    #[error("token {index} {token:?}: setup tokens and step tokens cannot be mixed")]
    Mixed {
        /// The token's position, from 1.
        index: usize,
        /// The token.
        token: String,
    },
    /// `resign`, `resigns` or `takeback` is not alone in its turn.
    #[error("token {index} {token:?}: {token} must stand alone in its turn")]
    NotAlone {
        /// The token's position, from 1.
        index: usize,
        /// The token.
        token: String,
    },
    /// The text is well formed but is not a movement turn (a setup, `resign` or
    /// `takeback`), where one is read.
    #[error("not a movement turn: {0:?}")]
    NotAMove(String),
    /// The text is well formed but holds no setup tokens, where a setup is read.
    #[error("not a setup: {0:?}")]
    NotASetup(String),
}

/// What is wrong with a single token (the crate's own shorthand; the public error is
/// the matching [`ParseOfficialError`] variant, with the token and its place).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TokenFault {
    BadPiece,
    BadSquare,
    BadSuffix,
    NotATrap,
    BadLength,
}

impl TokenFault {
    /// The parse error of token number `index`, `token`.
    fn at(self, index: usize, token: &str) -> ParseOfficialError {
        let token = snippet(token);
        match self {
            TokenFault::BadPiece => ParseOfficialError::BadPiece { index, token },
            TokenFault::BadSquare => ParseOfficialError::BadSquare { index, token },
            TokenFault::BadSuffix => ParseOfficialError::BadSuffix { index, token },
            TokenFault::NotATrap => ParseOfficialError::NotATrap { index, token },
            TokenFault::BadLength => ParseOfficialError::BadLength { index, token },
        }
    }
}

/// Any one token of official notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum AnyToken {
    Place(PlaceToken),
    Move(MoveToken),
    Resign(ResignWord),
    Takeback,
}

fn read_piece_square(s: &str) -> Result<(Piece, Square), TokenFault> {
    let mut chars = s.chars();
    let piece = chars
        .next()
        .and_then(Piece::from_char)
        .ok_or(TokenFault::BadPiece)?;
    let square = chars
        .as_str()
        .get(..2)
        .and_then(|sq| sq.parse::<Square>().ok())
        .ok_or(TokenFault::BadSquare)?;
    Ok((piece, square))
}

fn read_token(s: &str) -> Result<AnyToken, TokenFault> {
    match s {
        "pass" => return Ok(AnyToken::Move(MoveToken::Pass)),
        "resign" => return Ok(AnyToken::Resign(ResignWord::Resign)),
        "resigns" => return Ok(AnyToken::Resign(ResignWord::Resigns)),
        "takeback" => return Ok(AnyToken::Takeback),
        _ => {}
    }

    let len = s.chars().count();
    if !(3..=4).contains(&len) {
        return Err(TokenFault::BadLength);
    }

    let (piece, square) = read_piece_square(s)?;
    let Some(last) = s.get(3..) else {
        return Err(TokenFault::BadSuffix);
    };

    match last {
        "" => Ok(AnyToken::Place(PlaceToken { piece, square })),
        "x" if square.is_trap() => Ok(AnyToken::Move(MoveToken::Capture(CaptureToken {
            piece,
            square,
        }))),
        "x" => Err(TokenFault::NotATrap),
        _ => match last.chars().next().and_then(Direction::from_char) {
            Some(dir) => Ok(AnyToken::Move(MoveToken::Step(StepToken {
                piece,
                from: square,
                dir,
            }))),
            None => Err(TokenFault::BadSuffix),
        },
    }
}

impl FromStr for StepToken {
    type Err = ParseOfficialError;
    fn from_str(s: &str) -> Result<StepToken, ParseOfficialError> {
        match read_token(s) {
            Ok(AnyToken::Move(MoveToken::Step(t))) => Ok(t),
            Ok(_) => Err(TokenFault::BadSuffix.at(1, s)),
            Err(p) => Err(p.at(1, s)),
        }
    }
}

impl FromStr for CaptureToken {
    type Err = ParseOfficialError;
    fn from_str(s: &str) -> Result<CaptureToken, ParseOfficialError> {
        match read_token(s) {
            Ok(AnyToken::Move(MoveToken::Capture(t))) => Ok(t),
            Ok(_) => Err(TokenFault::BadSuffix.at(1, s)),
            Err(p) => Err(p.at(1, s)),
        }
    }
}

impl FromStr for PlaceToken {
    type Err = ParseOfficialError;
    fn from_str(s: &str) -> Result<PlaceToken, ParseOfficialError> {
        match read_token(s) {
            Ok(AnyToken::Place(t)) => Ok(t),
            Ok(_) => Err(TokenFault::BadLength.at(1, s)),
            Err(p) => Err(p.at(1, s)),
        }
    }
}

impl FromStr for MoveToken {
    type Err = ParseOfficialError;
    fn from_str(s: &str) -> Result<MoveToken, ParseOfficialError> {
        match read_token(s) {
            Ok(AnyToken::Move(t)) => Ok(t),
            Ok(_) => Err(TokenFault::BadLength.at(1, s)),
            Err(p) => Err(p.at(1, s)),
        }
    }
}

/// Reads a turn body (no label) from whitespace-separated tokens.
fn read_body<'a>(tokens: impl Iterator<Item = &'a str>) -> Result<TurnBody, ParseOfficialError> {
    let mut setup: Vec<PlaceToken> = Vec::new();
    let mut moves: Vec<MoveToken> = Vec::new();
    let mut single: Option<(usize, &str, TurnBody)> = None;
    let mut count = 0;

    for (i, tok) in tokens.enumerate() {
        let index = i + 1;
        count = index;
        if index > MAX_TURN_TOKENS {
            return Err(ParseOfficialError::TooManyTokens(index));
        }

        if let Some((_, first, _)) = &single {
            return Err(ParseOfficialError::NotAlone {
                index: 1,
                token: snippet(first),
            });
        }

        let mixed = || ParseOfficialError::Mixed {
            index,
            token: snippet(tok),
        };
        match read_token(tok).map_err(|p| p.at(index, tok))? {
            AnyToken::Place(t) if moves.is_empty() => setup.push(t),
            AnyToken::Move(t) if setup.is_empty() => moves.push(t),
            AnyToken::Place(_) | AnyToken::Move(_) => return Err(mixed()),
            AnyToken::Resign(w) if index == 1 => {
                single = Some((index, tok, TurnBody::Resign(w)));
            }
            AnyToken::Takeback if index == 1 => single = Some((index, tok, TurnBody::Takeback)),
            AnyToken::Resign(_) | AnyToken::Takeback => {
                return Err(ParseOfficialError::NotAlone {
                    index,
                    token: snippet(tok),
                })
            }
        }
    }

    Ok(match single {
        Some((_, _, body)) => body,
        None if count == 0 => TurnBody::Empty,
        None if !setup.is_empty() => TurnBody::Setup(OfficialSetup { tokens: setup }),
        None => TurnBody::Move(OfficialMove { tokens: moves }),
    })
}

impl FromStr for TurnBody {
    type Err = ParseOfficialError;
    /// Reads the tokens of a turn without label.
    fn from_str(s: &str) -> Result<TurnBody, ParseOfficialError> {
        if s.len() > MAX_TURN_LEN {
            return Err(ParseOfficialError::TooLong(s.len()));
        }
        read_body(s.split_ascii_whitespace())
    }
}

impl FromStr for TurnText {
    type Err = ParseOfficialError;
    /// Reads a turn: an optional label (`2g`, `2w`), then the tokens. A label alone is
    /// the bare final tag of an archive move list; empty text is an error.
    fn from_str(s: &str) -> Result<TurnText, ParseOfficialError> {
        if s.len() > MAX_TURN_LEN {
            return Err(ParseOfficialError::TooLong(s.len()));
        }
        let mut tokens = s.split_ascii_whitespace().peekable();
        let first = tokens.peek().copied().ok_or(ParseOfficialError::Empty)?;
        let label = if first.starts_with(|c: char| c.is_ascii_digit()) {
            tokens.next();
            Some(first.parse::<TurnLabel>()?)
        } else {
            None
        };
        Ok(TurnText {
            label,
            body: read_body(tokens)?,
        })
    }
}

/// Why official tokens do not make a legal turn (a move in a position or a game, or a
/// setup of a side): the illegal-move error of the official notation, naming the rule
/// broken, with the token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalOfficial {
    /// A step token's square is empty (the server's "bad step").
    #[error("{token}: bad step, there is no piece on {}", .token.from)]
    NoPiece {
        /// The step token.
        token: StepToken,
    },
    /// The piece on the square is not the one the token names.
    #[error("{token}: piece letter does not match, {} holds {found}", .token.from)]
    WrongPiece {
        /// The step token.
        token: StepToken,
        /// The piece actually there.
        found: Piece,
    },
    /// The step leaves the board.
    #[error("{token}: the step leaves the board")]
    OffBoard {
        /// The step token.
        token: StepToken,
    },
    /// The square stepped to is occupied.
    #[error("{token}: {square} is occupied")]
    Occupied {
        /// The step token.
        token: StepToken,
        /// The occupied square.
        square: Square,
    },
    /// The mover's piece is frozen.
    #[error("{token}: the piece is frozen")]
    Frozen {
        /// The step token.
        token: StepToken,
    },
    /// The mover's rabbit steps backwards on its own.
    #[error("{token}: a rabbit may not step backwards")]
    RabbitBackwards {
        /// The step token.
        token: StepToken,
    },
    /// An enemy piece moves but is neither pushed (no stronger unfrozen piece of the
    /// mover beside it) nor pulled.
    #[error("{token}: the enemy piece can be neither pushed nor pulled here")]
    NotPushable {
        /// The step token.
        token: StepToken,
    },
    /// A push is begun on the last step of the turn.
    #[error("{token}: a push needs two steps and one is left")]
    PushNeedsTwoSteps {
        /// The step token.
        token: StepToken,
    },
    /// A push is not completed: the next step is not a stronger piece of the mover
    /// stepping into the square the pushed piece left, or the turn ends first.
    #[error("{}push not completed: a stronger piece must step into {square}", .token.map(|t| format!("{t}: ")).unwrap_or_default())]
    PushNotCompleted {
        /// The step token that fails to complete the push (`None` when the turn ends).
        token: Option<StepToken>,
        /// The square the pushing piece must step into.
        square: Square,
    },
    /// More steps than the turn allows.
    #[error("{token}: too many steps, the turn allows {cap}")]
    TooManySteps {
        /// The first step token over the limit.
        token: StepToken,
        /// The step limit of the turn.
        cap: u8,
    },
    /// A step caused a capture that the tokens do not record right after it.
    #[error("capture token missing after {after}: expected {expected}")]
    CaptureMissing {
        /// The step that caused the capture.
        after: StepToken,
        /// The capture token that should follow it.
        expected: CaptureToken,
    },
    /// A capture token does not match what the step before it did.
    #[error("capture token {token} is wrong: {}", .expected.map(|e| format!("expected {e}")).unwrap_or_else(|| "no piece was captured there".to_string()))]
    CaptureWrong {
        /// The capture token.
        token: CaptureToken,
        /// The capture the step before it caused, if any.
        expected: Option<CaptureToken>,
    },
    /// `pass` stands before further tokens, or the turn has nothing but `pass`.
    #[error("pass is not a move: it may only end a turn that has steps")]
    Pass,
    /// The turn has no steps.
    #[error("the turn has no steps")]
    NoSteps,
    /// The board after the turn is the board before it.
    #[error("the turn leaves the position unchanged")]
    Unchanged,
    /// The turn would produce a position for the third time (game context only).
    #[error("the move repeats a position for the third time")]
    ThirdRepetition,
    /// No movement turn is due in the game (setup phase, game over, or a die roll
    /// awaited; game context only).
    #[error("no movement turn is due in the game")]
    NotDue,
    /// A setup token places a piece of the other side.
    #[error("{token}: piece letter does not match, {side} places {} pieces", if *.side == Color::Gold { "upper-case" } else { "lower-case" })]
    WrongColor {
        /// The token.
        token: PlaceToken,
        /// The side setting up.
        side: Color,
    },
}

impl IllegalOfficial {
    fn from_step(token: StepToken, error: StepError) -> IllegalOfficial {
        match error {
            StepError::NoStepsLeft { cap } => IllegalOfficial::TooManySteps { token, cap },
            StepError::OffBoard { .. } => IllegalOfficial::OffBoard { token },
            StepError::NoPiece(_) => IllegalOfficial::NoPiece { token },
            StepError::Occupied(square) => IllegalOfficial::Occupied { token, square },
            StepError::PushNotCompleted(square) => IllegalOfficial::PushNotCompleted {
                token: Some(token),
                square,
            },
            StepError::Frozen { .. } => IllegalOfficial::Frozen { token },
            StepError::RabbitBackwards { .. } => IllegalOfficial::RabbitBackwards { token },
            StepError::NotPushable { .. } => IllegalOfficial::NotPushable { token },
            StepError::PushNeedsTwoSteps { .. } => IllegalOfficial::PushNeedsTwoSteps { token },
        }
    }
}

/// Why text is not a legal turn in official notation: [`parse_move`],
/// [`parse_move_in_game`] and [`parse_setup`] read and resolve in one call. The same
/// shape in every notation: the parse error, or the illegal-move error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OfficialError {
    /// The text is not well-formed notation, or not the kind of turn asked for.
    #[error(transparent)]
    Parse(#[from] ParseOfficialError),
    /// The tokens break a rule in the position or game.
    #[error(transparent)]
    Illegal(#[from] IllegalOfficial),
}

/// The tokens of one movement turn without label, `Ee2n Ee3n rc6s rc5x`: the syntax of
/// a move in official notation. `FromStr` reads it without a position ([`TurnBody`]
/// reads any turn); [`OfficialMove::to_move`] finds the legal move it describes in a
/// position, [`OfficialMove::from_move`] writes a move as tokens, and `Display` writes
/// them back as text.
///
/// ```
/// use arimaa::notation::official::OfficialMove;
/// use arimaa::Position;
///
/// let pos: Position =
///     "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]".parse()?;
/// let syntax: OfficialMove = "Ee2n Ee3n".parse()?;
/// assert_eq!(syntax.tokens().len(), 2);
/// let mv = syntax.to_move(&pos)?;
/// assert_eq!(OfficialMove::from_move(&pos, &mv)?, syntax);
/// assert_eq!(syntax.to_string(), "Ee2n Ee3n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct OfficialMove {
    tokens: Vec<MoveToken>,
}

/// Plays one step token on `p` and appends its step to `mv`: the token's piece must
/// stand on its square and the step must be legal. Returns the capture token the step
/// calls for, if it captures.
fn play_step_token(
    p: &mut Position,
    mv: &mut Move,
    t: StepToken,
) -> Result<Option<CaptureToken>, IllegalOfficial> {
    match p.board().piece_at(t.from) {
        None => return Err(IllegalOfficial::NoPiece { token: t }),
        Some(found) if found != t.piece => {
            return Err(IllegalOfficial::WrongPiece { token: t, found })
        }
        Some(_) => {}
    }

    let effect = p
        .play_step(t.step())
        .map_err(|e| IllegalOfficial::from_step(t, e))?;
    // A position allows at most MAX_STEPS steps, so the move has room.
    mv.push(t.step())
        .map_err(|_| IllegalOfficial::TooManySteps {
            token: t,
            cap: p.step_cap(),
        })?;

    Ok(effect.capture.map(|c| CaptureToken {
        piece: c.piece,
        square: c.square,
    }))
}

impl OfficialMove {
    /// A movement turn of these tokens, in order (checked only by
    /// [`OfficialMove::to_move`]).
    #[must_use]
    pub fn new(tokens: Vec<MoveToken>) -> OfficialMove {
        OfficialMove { tokens }
    }

    /// The step, capture and `pass` tokens, in order.
    #[must_use]
    pub fn tokens(&self) -> &[MoveToken] {
        &self.tokens
    }

    /// The legal move these tokens describe in `pos` (at the start of its turn, or
    /// part way through: the tokens continue it). Every step must be legal, every piece
    /// letter must match the board, every capture must be recorded by a capture token
    /// right after the step that caused it (and no other capture token may appear), and
    /// the turn must be able to end after the last token.
    ///
    /// # Errors
    /// The [`IllegalOfficial`] naming the first rule broken.
    pub fn to_move(&self, pos: &Position) -> Result<Move, IllegalOfficial> {
        let mut p = pos.clone();
        let mut mv = Move::EMPTY;
        // The capture the last step caused, not yet matched by a token.
        let mut pending: Option<(StepToken, CaptureToken)> = None;
        let mut passed = false;

        for token in &self.tokens {
            if passed {
                return Err(IllegalOfficial::Pass);
            }
            match *token {
                MoveToken::Step(t) => {
                    if let Some((after, expected)) = pending {
                        return Err(IllegalOfficial::CaptureMissing { after, expected });
                    }
                    pending = play_step_token(&mut p, &mut mv, t)?.map(|c| (t, c));
                }
                MoveToken::Capture(c) => match pending {
                    Some((_, expected)) if expected == c => pending = None,
                    _ => {
                        return Err(IllegalOfficial::CaptureWrong {
                            token: c,
                            expected: pending.map(|(_, expected)| expected),
                        })
                    }
                },
                MoveToken::Pass if mv.is_empty() => return Err(IllegalOfficial::Pass),
                MoveToken::Pass => passed = true,
            }
        }

        if let Some((after, expected)) = pending {
            return Err(IllegalOfficial::CaptureMissing { after, expected });
        }
        p.check_end_turn().map_err(|e| match e {
            EndTurnError::PushNotCompleted(square) => IllegalOfficial::PushNotCompleted {
                token: None,
                square,
            },
            EndTurnError::NoSteps => IllegalOfficial::NoSteps,
            EndTurnError::Unchanged => IllegalOfficial::Unchanged,
        })?;
        Ok(mv)
    }

    /// The legal move these tokens describe in `game`: as [`OfficialMove::to_move`]
    /// against the game's position, and the resulting position must not occur for the
    /// third time.
    ///
    /// # Errors
    /// As [`OfficialMove::to_move`], plus [`IllegalOfficial::ThirdRepetition`].
    pub fn to_move_in_game(&self, game: &Game) -> Result<Move, IllegalOfficial> {
        let mv = self.to_move(game.position())?;
        match game.position().after(&mv) {
            Ok(after) if game.times_seen(&after) >= 2 => Err(IllegalOfficial::ThirdRepetition),
            _ => Ok(mv),
        }
    }

    /// The tokens of `mv` played in `pos` (what [`write_move`] writes): each step token
    /// names the piece that moves; a capture token follows the step that caused it.
    ///
    /// # Errors
    /// [`WriteError::Illegal`] with the [`MoveError`] of [`Position::play`] when `mv`
    /// is not legal in `pos`.
    pub fn from_move(pos: &Position, mv: &Move) -> Result<OfficialMove, WriteError> {
        Ok(OfficialMove::from_legal_move(pos, mv)?)
    }

    /// [`OfficialMove::from_move`] for the crate's own records, which can only fail
    /// with a [`MoveError`].
    pub(crate) fn from_legal_move(pos: &Position, mv: &Move) -> Result<OfficialMove, MoveError> {
        let mut p = pos.clone();
        let mut tokens = Vec::with_capacity(mv.len() * 2);
        for (index, &step) in mv.steps().iter().enumerate() {
            let effect =
                p.play_step(step)
                    .map_err(|error| MoveError::Step { index, step, error })?;
            tokens.push(MoveToken::Step(StepToken {
                piece: effect.piece,
                from: step.from,
                dir: step.dir,
            }));

            if let Some(c) = effect.capture {
                tokens.push(MoveToken::Capture(CaptureToken {
                    piece: c.piece,
                    square: c.square,
                }));
            }
        }
        p.check_end_turn().map_err(MoveError::EndTurn)?;
        Ok(OfficialMove { tokens })
    }
}

impl fmt::Display for OfficialMove {
    /// The tokens separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&join(self.tokens.iter()))
    }
}

impl FromStr for OfficialMove {
    type Err = ParseOfficialError;
    /// Reads the tokens of one movement turn without label. Empty text gives no tokens
    /// (which [`OfficialMove::to_move`] refuses as [`IllegalOfficial::NoSteps`]).
    ///
    /// # Errors
    /// The [`ParseOfficialError`] naming a malformed token, or
    /// [`ParseOfficialError::NotAMove`] for a setup or a historic word.
    fn from_str(text: &str) -> Result<OfficialMove, ParseOfficialError> {
        match text.parse::<TurnBody>()? {
            TurnBody::Move(m) => Ok(m),
            TurnBody::Empty => Ok(OfficialMove::default()),
            other => Err(ParseOfficialError::NotAMove(snippet(&other.to_string()))),
        }
    }
}

/// Reads the tokens of one movement turn (no label), e.g. `Ee2n Ee3n rc6s rc5x`, as a
/// legal move in `pos`.
///
/// ```
/// use arimaa::notation::official::{parse_move, IllegalOfficial, OfficialError};
/// use arimaa::Position;
///
/// let pos: Position =
///     "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]".parse()?;
/// assert!(parse_move(&pos, "Ed2n").is_err()); // d2 holds the camel
/// assert!(matches!(
///     parse_move(&pos, "Ee2n Ee3s"),
///     Err(OfficialError::Illegal(IllegalOfficial::Unchanged))
/// ));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`OfficialError::Parse`] naming a malformed token (or
/// [`ParseOfficialError::NotAMove`] for a setup or historic word),
/// [`OfficialError::Illegal`] naming the rule broken.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, OfficialError> {
    let syntax: OfficialMove = text.parse()?;
    Ok(syntax.to_move(pos)?)
}

/// Reads the tokens of one movement turn (no label) as a legal move in `game`, third
/// repetition included.
///
/// # Errors
/// As [`parse_move`], plus [`IllegalOfficial::ThirdRepetition`] and
/// [`IllegalOfficial::NotDue`] when the game awaits no movement turn.
pub fn parse_move_in_game(game: &Game, text: &str) -> Result<Move, OfficialError> {
    let syntax: OfficialMove = text.parse()?;
    if game.phase() != crate::Phase::Play {
        return Err(IllegalOfficial::NotDue.into());
    }
    Ok(syntax.to_move_in_game(game)?)
}

/// The tokens of `mv` played in `pos`, without label: `Ee2n Ee3n rc6s rc5x`. Each step
/// token names the piece that moves; a capture token follows the step that caused it
/// (between the two steps of a push onto a trap; after the step of a supporter whose
/// departure leaves a friend alone on a trap).
///
/// # Errors
/// [`WriteError::Illegal`] with the [`MoveError`] of [`Position::play`] when `mv` is
/// not legal in `pos`.
pub fn write_move(pos: &Position, mv: &Move) -> Result<String, WriteError> {
    let mut p = pos.clone();
    let mut out = String::with_capacity(mv.len() * 10);
    for (index, &step) in mv.steps().iter().enumerate() {
        let effect = p
            .play_step(step)
            .map_err(|error| MoveError::Step { index, step, error })?;
        if index > 0 {
            out.push(' ');
        }
        push_step(&mut out, effect.piece, step);
        if let Some(c) = effect.capture {
            out.push(' ');
            push_capture(&mut out, c.piece, c.square);
        }
    }
    p.check_end_turn().map_err(MoveError::EndTurn)?;
    Ok(out)
}

fn push_step(out: &mut String, piece: Piece, step: Step) {
    out.push(piece.char());
    out.push(step.from.file().char());
    out.push(step.from.rank().char());
    out.push(step.dir.char());
}

fn push_capture(out: &mut String, piece: Piece, square: Square) {
    out.push(piece.char());
    out.push(square.file().char());
    out.push(square.rank().char());
    out.push('x');
}

/// The tokens of a setup turn without label, `Ra1 Rb1 ... Ee2`: the syntax of a setup in
/// official notation. `FromStr` reads it; [`OfficialSetup::to_setup`] gives the
/// [`Setup`] of a side, [`OfficialSetup::from_setup`] writes one as tokens, and
/// `Display` writes them back as text.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct OfficialSetup {
    tokens: Vec<PlaceToken>,
}

impl OfficialSetup {
    /// A setup turn of these tokens, in order (checked only by
    /// [`OfficialSetup::to_setup`]).
    #[must_use]
    pub fn new(tokens: Vec<PlaceToken>) -> OfficialSetup {
        OfficialSetup { tokens }
    }

    /// The placement tokens, in order.
    #[must_use]
    pub fn tokens(&self) -> &[PlaceToken] {
        &self.tokens
    }

    /// The setup of `side` these tokens describe, in the order written. Whether it obeys
    /// the setup rules is [`Setup::check`]'s (or [`Game::play_setup`]'s) business.
    ///
    /// # Errors
    /// [`IllegalOfficial::WrongColor`] when a token names a piece of the other side.
    pub fn to_setup(&self, side: Color) -> Result<Setup, IllegalOfficial> {
        let mut setup = Setup::new(side);
        for &token in &self.tokens {
            if token.piece.color != side {
                return Err(IllegalOfficial::WrongColor { token, side });
            }
            setup.place(token.piece.kind, token.square);
        }
        Ok(setup)
    }

    /// The tokens of `setup`, in its order (what [`write_setup`] writes).
    #[must_use]
    pub fn from_setup(setup: &Setup) -> OfficialSetup {
        OfficialSetup {
            tokens: setup
                .pieces
                .iter()
                .map(|&(kind, square)| PlaceToken {
                    piece: Piece::new(setup.color, kind),
                    square,
                })
                .collect(),
        }
    }
}

impl fmt::Display for OfficialSetup {
    /// The tokens separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&join(self.tokens.iter()))
    }
}

impl FromStr for OfficialSetup {
    type Err = ParseOfficialError;
    /// Reads the tokens of a setup turn without label.
    ///
    /// # Errors
    /// The [`ParseOfficialError`] naming a malformed token, or
    /// [`ParseOfficialError::NotASetup`] for anything but placement tokens.
    fn from_str(text: &str) -> Result<OfficialSetup, ParseOfficialError> {
        match text.parse::<TurnBody>()? {
            TurnBody::Setup(setup) => Ok(setup),
            other => Err(ParseOfficialError::NotASetup(snippet(&other.to_string()))),
        }
    }
}

/// Reads the tokens of a setup turn (no label), e.g. `Ra1 Rb1 ... Ee2`, as `side`'s
/// setup. Whether it obeys the setup rules is checked by [`Setup::check`] or
/// [`Game::play_setup`].
///
/// # Errors
/// [`OfficialError::Parse`] for malformed tokens or a movement turn,
/// [`OfficialError::Illegal`] ([`IllegalOfficial::WrongColor`]) for a piece of the
/// wrong side.
pub fn parse_setup(side: Color, text: &str) -> Result<Setup, OfficialError> {
    let syntax: OfficialSetup = text.parse()?;
    Ok(syntax.to_setup(side)?)
}

/// The tokens of a setup without label, in its order: `Ra1 Rb1 ...`.
#[must_use]
pub fn write_setup(setup: &Setup) -> String {
    join(setup.pieces.iter().map(|&(kind, square)| PlaceToken {
        piece: Piece::new(setup.color, kind),
        square,
    }))
}
