//! Entering a move by clicks: arrows, holds, capture marks and single steps that become
//! Lightvector.
//!
//! Game sites let a player describe a turn by where pieces finish rather than by
//! steps: select a piece, click where it should end up, and the site finds the shortest
//! legal move that fits (Abstract Play's input model, described on its Arimaa rules
//! page). [`ClickInput`] is that model, independent of any user interface: a state
//! machine over the [`Position`] whose turn is being entered, driven by [`ClickInput::click`]
//! with board squares. After every click it holds the *instructions* drawn so far
//! ([`Instruction`]: arrows, holds, capture marks), the *selection* to draw
//! ([`Selection`]) and the *preview* ([`Preview`]): the move those instructions resolve
//! to and the board after it, or why there is none. A second mode,
//! [steps](#step-mode), enters single steps as the arimaa.com client does; it can say
//! what arrows cannot (the order of steps), so every legal move can be entered by clicks.
//!
//! ```
//! use arimaa::clicks::{ClickInput, Preview};
//! use arimaa::{Position, Square};
//!
//! // Gold elephant d4 and horse f4, a silver rabbit on e4 between them.
//! let pos: Position =
//!     "g [r   e                              ErH                  R       ]".parse()?;
//! let mut input = ClickInput::new(pos);
//! // A pull in four clicks: the elephant to c4, then the rabbit to d4.
//! for sq in [Square::D4, Square::C4, Square::E4, Square::D4] {
//!     input.click(sq)?;
//! }
//! assert_eq!(input.text(), "Ed4c4 re4d4");
//! let Preview::Move(preview) = input.preview() else { panic!("resolved") };
//! assert_eq!(preview.steps, 2);
//! assert!(input.can_submit());
//! // The same string, typed, is the same move.
//! let typed = arimaa::notation::lightvector::parse_move(input.position(), &input.text())?;
//! assert_eq!(Some(typed), input.move_to_submit());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Clicks
//! In arrow mode ([`ClickMode::Arrows`], the default), squares always mean squares of
//! the position the turn is entered from ([`ClickInput::position`]), never of the
//! preview or the step board: a piece is named by the square it starts on. Each piece (starting square) has at most one instruction; drawing a new
//! one for it replaces the old. What a click does depends on the [`Selection`]:
//!
//! **Nothing selected**, click on square `q`:
//! 1. `q` is a trap where an arrow from another square ends, and the piece on `q` has an
//!    instruction of its own (or `q` is empty): the arrow heads on `q` are selected
//!    ([`Selection::Head`]).
//! 2. the piece on `q` has an arrow (it moves away): the arrow is removed and the piece
//!    selected again (clicking an arrow's tail);
//! 3. the piece on `q` holds (must finish on `q`): off a trap the hold is removed; on a
//!    trap it becomes a capture mark (the piece must be captured there);
//! 4. the piece on `q` has a capture mark on its own trap: the mark is removed and the
//!    piece selected again;
//! 5. `q` is the head of an arrow and empty: the head is selected (to change the
//!    arrow's destination, or to mark captures on a trap);
//! 6. a piece (of either colour) stands on `q`: it is selected;
//! 7. otherwise nothing happens.
//!
//! **A piece selected** on `s` (with `previous`, the piece selected before it, if the
//! selection was just changed), click on `q`:
//! - `q == s`: with a `previous` piece, that piece gets an arrow to `s` (clicking an
//!   occupied square a second time sends the first piece there anyway; the occupant must
//!   make room); otherwise the piece on `s` gets a hold;
//! - `q` is empty, or its piece has an instruction that takes it away (an arrow, or a
//!   capture mark): the piece on `s` gets an arrow to `q`;
//! - `q` holds another piece with no such instruction: the selection changes to it, and
//!   `s` becomes `previous`.
//!
//! **Arrow heads selected** on `t`, click on `q`:
//! - `q == t` on a trap: the next capture mark among the instructions ending on `t`
//!   (arrows and a hold), most recently drawn first; when all are marked, the marks are
//!   removed. So after drawing an arrow onto a trap, two more clicks on its head mark it,
//!   and each further pair marks the next piece arriving there;
//! - `q == t` off a trap: the heads are deselected;
//! - any other square: the most recently drawn arrow ending on `t` gets `q` as its new
//!   destination (its capture mark is dropped; `q` may be its own start, a hold). The
//!   piece need not pass through `t`.
//!
//! A click that adds or changes an instruction is refused when no legal move would
//! match the instructions any more ([`ClickError`]): the instructions and the selection
//! stay as they were, and [`ClickInput::rejection`] keeps the reason for display.
//! A click that only removes an instruction is never refused. [`ClickInput::undo`] takes
//! back the last click that changed anything, [`ClickInput::clear`] everything (steps
//! included).
//!
//! # Step mode
//! [`ClickInput::set_mode`] with [`ClickMode::Steps`] makes clicks single steps, as the
//! arimaa.com client enters moves. Step clicks name squares of the *step board*
//! ([`ClickInput::step_board`]): the position the turn is entered from with the steps
//! drawn so far ([`ClickInput::steps`], [`StepInstruction`]) played in order through
//! the checked step API ([`Position::play_step`]). Pushes and pulls are entered as
//! their steps: an enemy piece is selected and stepped like any other, and the step
//! API's rules decide (a push begun must be completed by the next step; an enemy
//! piece steps into the square a stronger piece just left to be pulled).
//!
//! **Nothing selected**, click on square `q` of the step board:
//! - a piece stands on `q`: it is selected ([`Selection::Step`]);
//! - `q` is the square the last step left: that step is taken back and its piece
//!   selected again. Only the last step can be taken back by a click (its square is
//!   always empty); earlier ones go after the later ones, or by undo;
//! - otherwise nothing happens.
//!
//! **A piece selected** on `s`, click on `q`:
//! - `q == s`: the selection is dropped;
//! - a piece stands on `q`: it is selected instead;
//! - `q` is empty and beside `s`: the step from `s` to `q` is drawn and the selection
//!   dropped. It is refused ([`ClickError::IllegalStep`], with the step API's reason)
//!   when the step is not legal on the step board, and ([`ClickError::NoMove`],
//!   [`ClickError::TooManyTokens`]) when no legal move would match the tokens with it
//!   or they would be too many;
//! - `q` is empty and not beside `s`: refused ([`ClickError::NotAdjacent`]).
//!
//! Each step drawn is the direction token `<letter><square><dir>` (`Ee2n`), where the
//! square is the one the piece steps from on the step board: some piece of that letter
//! takes that step from that square, after the steps of the direction tokens before it
//! (Lightvector orders direction tokens among themselves; other steps may come
//! between). The tokens are resolved with the arrows' as always, so steps and arrows
//! mix: the arrows still name starting squares, the steps squares of the step board.
//! Steps alone, every step of a move drawn in order, give exactly that move in either
//! reading: a turn that fits them takes each of those steps in that order, so one with
//! no more steps than the move is the move itself.
//!
//! Switching modes keeps everything drawn and drops the selection; it is not a click
//! (undo does not take it back, and a selection of the other mode is not restored).
//! [`ClickInput::reset`] keeps the mode.
//!
//! # Tokens
//! The instructions, in the order drawn, are ordinary Lightvector tokens
//! ([`ClickInput::lightvector`], [`ClickInput::text`]); typing that text gives the same
//! move. The piece is named by its letter and starting square:
//!
//! | instruction | tokens | example |
//! |-------------|--------|---------|
//! | arrow from `s` to `t` | `<letter><s><t>` | `Ed4e6` |
//! | hold on `s` | `<letter><s><s>` | `Ed4d4` |
//! | arrow onto trap `t` with a capture mark | `<letter><s><t> <letter><s>x` | `Hb3c3 Hb3x` |
//! | capture mark on its own trap `s` | `<letter><s><s> <letter><s>x` | `rc3c3 rc3x` |
//! | step from `q` (on the step board) in direction `d` | `<letter><q><d>` | `Ee2n` |
//!
//! The instructions' tokens come first, in the order drawn, then the steps', in order.
//!
//! A capture mark writes the destination as well as `x`, so the piece must be captured
//! on that trap and not elsewhere.
//!
//! # Resolution and preview
//! The tokens are resolved as Abstract Play's game pages read them
//! ([`Lightvector::resolve_with`] with `ResolveOptions { lenient: true }`, see
//! [the resolution rules](crate::notation::lightvector#resolution)): among the legal
//! turns (the rest of the turn in progress) that satisfy every token, the fewest steps,
//! then the fewest displaced pieces, then the fewest own pieces lost, then the most
//! enemy pieces captured; one resulting board left is the move. That is the site's
//! game-level reading, recorded in section 4 of its test vectors
//! (`tests/data/abstractplay-vectors.txt`): the arrow `Re2e4` beside a dog on e3 moves
//! the dog aside to d3 rather than onto the trap f3, and `Hb3a4 Mb4b3 Rb2c2` keeps the
//! rabbit on c3 alive, until the capture mark `Rc3x` asks for its death. The rules page
//! says the same: captures "are usually inferred automatically", a capture mark is needed
//! only "occasionally", and a hold on a trap "does not by itself distinguish survival
//! from capture" (it is the mark that asks for the capture). The strict reading (no
//! tie-break) would leave both of those ambiguous, and with them ordinary moves such as
//! the opening `Md2d3 Hg2g3 Cf2f3` (see below). [`ClickInput::with_options`] takes other
//! [`ResolveOptions`]: `ResolveOptions::default()` is the strict reading. The tokens are
//! the same in both; typed, they mean the same move under the same reading.
//!
//! The [`Preview`] is the move with the board after it and the pieces it also moves
//! that no instruction names and no step drawn moves ([`MovePreview::also_moving`]),
//! or the number of boards that still fit, or (after a removal) why nothing fits.
//! Its message also names the captures of pieces the instructions name, the mover's
//! own losses apart (`Lost: mg7x.`). Repetition is not judged here: the game the move is
//! submitted to does that.
//!
//! A position where the game is already over by the rules
//! ([`Position::outcome`](crate::Position::outcome), judged between turns: a rabbit on a
//! goal rank, a side without rabbits, a side to move with no legal turn) takes no turn:
//! every click is refused with [`ClickError::GameOver`], whatever square it names.
//!
//! # What arrows cannot say
//! Arrows, holds and capture marks make destination and capture tokens only, naming
//! each piece by its letter and a starting square (and a token's square matches any
//! piece of that letter passing it), so two turns that agree on every such fact cannot
//! be told apart by them, only by the order of their steps or the squares they pass.
//! Step mode says exactly that, so every legal move can be entered by clicks: by its
//! steps alone, always, and usually by its arrows and a few steps. Every move can also
//! be typed ([`crate::notation::lightvector::write_move`] finds a string for it). In the
//! lenient reading arrows leave two kinds of moves; the rules page offers nothing more
//! for them (arrows, changed heads, holds and capture marks on any piece have all been
//! tried, see below):
//! - **survival**: a piece steps onto a trap (or stands on one) and survives there,
//!   while a turn in which it dies fits the same arrows in fewer steps. Neither a hold
//!   nor an arrow onto a trap tells survival from capture (the rules page says so), a
//!   capture mark asks for the capture, and the lenient tie-break works only among
//!   turns of the same length. Example: in
//!   `g [rrrdcrrrmrcdrheh                                HMRDERCHRCRRDRRR]` the turn
//!   `Ee2n Rf2n Rf1n Ee3s` (the elephant steps beside f3 and back, so the rabbit f2
//!   survives on f3 and the rabbit f1 follows to f2) has the arrows
//!   `Rf2f3 Rf1f2 Ee2e2`, which the two-step turn `Rf2n Rf1n` also fits (the rabbit
//!   dies on f3; the elephant never moves). In step mode, its four steps enter it, and
//!   so do the arrows `Rf2f3 Rf1f2` with the elephant's two steps `Ee2n Ee3s`.
//! - **crossing**: two pieces of one letter both die on one trap, and a turn where one
//!   of them reaches the trap through the other's starting square while the other steps
//!   aside, to a square no piece starts on (so no click can name it), fits every arrow
//!   in as many steps and loses a piece fewer, which the lenient reading prefers.
//!   Example: in `g [rrrdcrrrmrcd h h r          e       E         M H RD RCHRCRRDRRR]`
//!   the rabbits c2 and c1 both walk onto c3 and die, and the rabbit f2 steps to f3;
//!   `Rc2c3 Rc2x Rc1c3 Rc1x Rf2f3` gives the turn where the rabbit c2 steps aside to b2.
//!   Two steps more, `Rc2n Rc1n` (the rabbit c2 steps north from c2 before the rabbit
//!   c1 does), enter it.
//!
//! In the strict reading, moves of the first kind are far more common: a piece stepping
//! onto a trap beside a friend that arrives in the same turn, where stepping on first
//! would kill it in the same number of steps. It happens in ordinary openings:
//! `Md2d3 Hg2g3 Cf2f3` from the standard setup fits both the cat surviving on f3 and
//! the cat stepping there before the horse arrives.
//!
//! `tests/clicks_cases.rs` searches, for every move of sample positions, for arrow clicks
//! that enter it: arrows for the pieces the move displaces or captures, with capture
//! marks, then, one at a time, every instruction the clicks can draw that is true of
//! the move (holds on other pieces, arrows whose start square another piece of the
//! letter passes, capture marks), taking out a wrong board by an instruction false of
//! it. On every 4th position of its archive sample, every 15th move (83,385 moves), 14
//! moves (0.017%) cannot be entered so in the lenient reading, 11 crossings and 3
//! survivals (a simpler search reported 42); `cargo test` checks every 30th move (8 of
//! 41,705: 6 crossings, 2 survivals). On every 20th position, every 50th move (4,700
//! moves), 124 (2.6%) cannot be entered so in the strict reading, all survivals (on
//! the 83,385 moves: 1,943, 2.3%, of them 1,932 survivals). It also enters every one
//! of those moves by its steps alone in step mode, in both readings, and each move the
//! arrows miss by its arrows and the fewest of its own steps (drawn in order on the
//! step board): on the 83,385 moves, the 14 of the lenient reading take one step (2
//! moves) or two (12), the 1,943 of the strict reading one, two, three or four (45,
//! 1,295, 533, 70); in `cargo test`, the 8 lenient ones two each, the 124 strict ones
//! one to four (9, 75, 37, 3). Three or four are needed when the step that matters
//! comes after other steps of the move: a step is drawn on the step board, so the
//! steps that bring its piece there are drawn too.

use crate::notation::lightvector::{
    Directions, IllegalLightvector, Lightvector, Property, ResolveOptions, Specifier, Token,
    MAX_TOKENS,
};
use crate::{Direction, Move, MoveError, Outcome, Piece, Position, Square, Step, StepError};

/// The most clicks [`ClickInput::undo`] can take back; older ones are forgotten.
pub const MAX_UNDO: usize = 256;

/// One instruction for one piece: where it must finish the turn, and whether it must be
/// captured there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Instruction {
    /// The piece, as it stands on `from` in the position the turn is entered from.
    pub piece: Piece,
    /// The square the piece starts on (the arrow's tail).
    pub from: Square,
    /// Where the piece must finish the turn, or be captured (the arrow's head); equal
    /// to `from` for a hold.
    pub to: Square,
    /// Whether the piece must be captured on `to` (a capture mark; `to` is a trap).
    pub capture: bool,
}

impl Instruction {
    /// Whether this is a hold: the piece must finish on the square it starts on (or be
    /// captured there, with a capture mark).
    #[must_use]
    pub fn is_hold(&self) -> bool {
        self.from == self.to
    }

    /// The destination token: `<letter><from><to>`.
    #[must_use]
    pub fn destination_token(&self) -> Token {
        Token::new(
            Specifier::PieceOn(self.piece, self.from),
            Property::Destination(self.to),
        )
    }

    /// The capture token `<letter><from>x`, when the instruction has a capture mark.
    #[must_use]
    pub fn capture_token(&self) -> Option<Token> {
        self.capture
            .then(|| Token::new(Specifier::PieceOn(self.piece, self.from), Property::Capture))
    }

    /// The instruction's tokens (one or two), in the order they are written.
    pub fn tokens(&self) -> impl Iterator<Item = Token> {
        core::iter::once(self.destination_token()).chain(self.capture_token())
    }
}

/// How clicks on the board are read (see the [module documentation](self#step-mode)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ClickMode {
    /// Arrows, holds and capture marks on the squares of the position the turn is
    /// entered from.
    #[default]
    Arrows,
    /// Single steps on the step board ([`ClickInput::step_board`]): a piece, then a
    /// square beside it.
    Steps,
}

/// One step drawn in step mode: the piece standing on `from` on the step board takes
/// one step in `dir`. Its token is the direction token `<letter><from><dir>` (`Ee2n`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StepInstruction {
    /// The piece that steps (of either colour: an enemy piece is pushed or pulled).
    pub piece: Piece,
    /// The square it steps from, on the step board before this step.
    pub from: Square,
    /// The direction it steps in.
    pub dir: Direction,
}

impl StepInstruction {
    /// The step itself.
    #[must_use]
    pub fn step(&self) -> Step {
        Step::new(self.from, self.dir)
    }

    /// The square the piece steps to; `None` only for a step off the board (which is
    /// never drawn).
    #[must_use]
    pub fn to(&self) -> Option<Square> {
        self.from.step(self.dir)
    }

    /// The direction token `<letter><from><dir>`: a piece of this letter takes a step
    /// in `dir` from `from` (after the steps of the tokens before it, other steps may
    /// come between).
    #[must_use]
    pub fn token(&self) -> Token {
        Token::new(
            Specifier::PieceOn(self.piece, self.from),
            Property::Steps(Directions::one(self.dir)),
        )
    }
}

/// What is selected, for drawing and for the meaning of the next click.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Selection {
    /// Nothing.
    #[default]
    None,
    /// The piece on `square`; the next click says where it goes.
    Piece {
        /// The selected piece's square.
        square: Square,
        /// The piece selected just before, when the click on `square` changed the
        /// selection: a second click on `square` sends that piece there.
        previous: Option<Square>,
    },
    /// The heads of the arrows ending on `square`; the next click gives the most
    /// recent one a new destination, or (on a trap, clicking `square` again) marks a
    /// capture.
    Head {
        /// The square the arrows end on.
        square: Square,
    },
    /// Step mode: the piece on `square` of the step board
    /// ([`ClickInput::step_board`]); a click on a square beside it steps it there.
    Step {
        /// The selected piece's square on the step board.
        square: Square,
    },
}

/// What a click did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClickEffect {
    /// Nothing (an empty square with nothing selected).
    Ignored,
    /// A piece was selected (or the selection changed to it).
    Selected(Square),
    /// The arrow heads on a square were selected.
    HeadSelected(Square),
    /// The selection was dropped.
    Deselected,
    /// A new instruction was drawn (it replaces any earlier one for the same piece).
    Drew(Instruction),
    /// An instruction was changed: a new destination, or a capture mark added.
    Changed(Instruction),
    /// An instruction was removed.
    Removed(Instruction),
    /// The capture marks of the instructions ending on a trap were removed.
    MarksRemoved(Square),
    /// Step mode: a step was drawn (played on the step board).
    Stepped(StepInstruction),
    /// Step mode: the last step was taken back.
    StepRemoved(StepInstruction),
}

/// Why a click was refused; the input is left as it was before the click.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ClickError {
    /// The game is over in the input's position (by the rules, judged between turns):
    /// no turn can be entered.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// No legal move would match the instructions with this click.
    #[error("{tokens}: {error}")]
    NoMove {
        /// The tokens the click would have given.
        tokens: Lightvector,
        /// Why they do not resolve.
        error: IllegalLightvector,
    },
    /// The instructions would need more Lightvector tokens than a move may have.
    #[error("too many instructions: a move has at most {MAX_TOKENS} tokens")]
    TooManyTokens,
    /// The resolved move could not be played (a bug in the resolver; reported rather
    /// than hidden).
    #[error("the resolved move is not legal: {0}")]
    Illegal(MoveError),
    /// Step mode: the step is not legal on the step board (the step API's reason).
    #[error("this step is not legal: {0}")]
    IllegalStep(StepError),
    /// Step mode: the square clicked is not beside the selected piece.
    #[error("{to} is not beside {from}: in step mode a piece moves one square at a time")]
    NotAdjacent {
        /// The selected piece's square.
        from: Square,
        /// The square clicked.
        to: Square,
    },
}

/// What happens to one piece in a move: where it starts and where it ends up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceChange {
    /// The piece.
    pub piece: Piece,
    /// Where it starts the turn.
    pub from: Square,
    /// Where it finishes the turn, or the trap it is captured on.
    pub to: Square,
    /// Whether it is captured (on `to`).
    pub captured: bool,
}

impl PieceChange {
    /// The change as a Lightvector token: `<letter><from><to>`, or `<letter><from>x`
    /// when the piece is captured.
    #[must_use]
    pub fn token(&self) -> Token {
        let property = if self.captured {
            Property::Capture
        } else {
            Property::Destination(self.to)
        };
        Token::new(Specifier::PieceOn(self.piece, self.from), property)
    }
}

/// A resolved move, as the preview shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovePreview {
    /// The move (a shortest step sequence for it).
    pub mv: Move,
    /// The position after the move (the turn ended, the opponent to move).
    pub after: Position,
    /// The number of steps the move takes.
    pub steps: u8,
    /// The number of steps the turn had left.
    pub steps_left: u8,
    /// Every piece the move displaces or captures, in square order of its start.
    pub changes: Vec<PieceChange>,
    /// The changes to pieces no instruction names and no step drawn moves ("also
    /// moving").
    pub also_moving: Vec<PieceChange>,
}

impl MovePreview {
    /// Whether the move takes every step the turn had left (nothing more can be added
    /// without replacing something).
    #[must_use]
    pub fn uses_all_steps(&self) -> bool {
        self.steps >= self.steps_left
    }

    /// The enemy pieces the move captures.
    pub fn captures(&self) -> impl Iterator<Item = &PieceChange> + '_ {
        let mover = !self.after.side_to_move();
        self.changes
            .iter()
            .filter(move |c| c.captured && c.piece.color != mover)
    }

    /// The mover's own pieces the move loses on traps.
    pub fn losses(&self) -> impl Iterator<Item = &PieceChange> + '_ {
        let mover = !self.after.side_to_move();
        self.changes
            .iter()
            .filter(move |c| c.captured && c.piece.color == mover)
    }
}

/// Writes ` Label: t1, t2.` with the tokens of `changes`; nothing when there are none.
fn write_tokens<'a>(
    f: &mut dyn core::fmt::Write,
    label: &str,
    mut changes: impl Iterator<Item = &'a PieceChange>,
) -> core::fmt::Result {
    let Some(first) = changes.next() else {
        return Ok(());
    };
    write!(f, " {label}: {}", first.token())?;
    for c in changes {
        write!(f, ", {}", c.token())?;
    }
    f.write_str(".")
}

/// What the instructions drawn so far amount to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Preview {
    /// No instruction yet.
    #[default]
    Empty,
    /// Exactly one move fits.
    Move(MovePreview),
    /// Several moves fit equally well: another instruction is needed.
    Ambiguous {
        /// How many different boards fit.
        count: usize,
    },
    /// No legal move fits (only after a removal: clicks that would lead here are
    /// refused).
    NoMove(IllegalLightvector),
}

/// A one-line English message for the preview, as a page shows it under the board:
/// the pieces also moving (tokens such as `Ee6d6`, `dc6x`), the pieces captured and the
/// mover's own pieces lost (`Captured: dc6x.`, `Lost: mg7x.`, for pieces the
/// instructions name), how many moves still fit, or why none does.
impl core::fmt::Display for Preview {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        crate::pad::padded(f, |f| {
            match self {
                Preview::Empty => f.write_str(
                    "Click a piece, then the square where it should finish (in step mode: a square beside it).",
                ),
                Preview::Move(p) => {
                    write!(f, "A move of {} of {} steps.", p.steps, p.steps_left)?;
                    write_tokens(f, "Also moving", p.also_moving.iter())?;
                    // Captures of pieces the instructions name are not "also moving":
                    // say them apart, the mover's own losses included.
                    let named = |c: &&PieceChange| !p.also_moving.contains(c);
                    write_tokens(f, "Captured", p.captures().filter(named))?;
                    write_tokens(f, "Lost", p.losses().filter(named))
                }
                Preview::Ambiguous { count } => write!(
                    f,
                    "That fits {count} different moves. Say where another piece ends up to settle it."
                ),
                Preview::NoMove(e) => write!(f, "{e}."),
            }
        })
    }
}

/// The part of the state that [`ClickInput::undo`] restores.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Snapshot {
    instructions: Vec<Instruction>,
    steps: Vec<StepInstruction>,
    step_board: Position,
    selection: Selection,
    preview: Preview,
}

/// The click input model: a turn being entered by clicks on the board (see the
/// [module documentation](self) for what each click does).
#[derive(Debug, Clone)]
pub struct ClickInput {
    position: Position,
    options: ResolveOptions,
    mode: ClickMode,
    instructions: Vec<Instruction>,
    steps: Vec<StepInstruction>,
    /// `position` with `steps` played.
    step_board: Position,
    selection: Selection,
    preview: Preview,
    rejection: Option<ClickError>,
    history: Vec<Snapshot>,
    /// The result by the rules of `position`, if the game is over there.
    over: Option<Outcome>,
}

impl ClickInput {
    /// The most candidates [`ClickInput::candidates`] returns.
    pub const CANDIDATE_LIMIT: usize = 16;

    /// A new input for the turn to move in `position` (its turn may already be in
    /// progress: the instructions describe the rest of it), with nothing drawn, in
    /// arrow mode. Its tokens are resolved in Abstract Play's game-level reading,
    /// `ResolveOptions { lenient: true }` (see
    /// [the module documentation](self#resolution-and-preview)).
    #[must_use]
    pub fn new(position: Position) -> ClickInput {
        ClickInput::with_options(position, ResolveOptions { lenient: true })
    }

    /// A new input that resolves its tokens with `options`;
    /// `ResolveOptions::default()` is the strict reading (no tie-break among boards
    /// reached in the fewest steps with the fewest displaced pieces).
    #[must_use]
    pub fn with_options(position: Position, options: ResolveOptions) -> ClickInput {
        ClickInput {
            step_board: position.clone(),
            options,
            mode: ClickMode::Arrows,
            instructions: Vec::new(),
            steps: Vec::new(),
            selection: Selection::None,
            preview: Preview::Empty,
            rejection: None,
            history: Vec::new(),
            over: position.outcome(),
            position,
        }
    }

    /// The position the turn is entered from.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// How tokens are resolved.
    #[must_use]
    pub fn options(&self) -> ResolveOptions {
        self.options
    }

    /// How clicks are read now.
    #[must_use]
    pub fn mode(&self) -> ClickMode {
        self.mode
    }

    /// Switches between arrows and steps. Everything drawn stays; the selection is
    /// dropped (it means something else in the other mode). Not a click: undo does not
    /// take it back.
    pub fn set_mode(&mut self, mode: ClickMode) {
        if mode != self.mode {
            self.mode = mode;
            self.selection = Selection::None;
            self.rejection = None;
        }
    }

    /// The instructions drawn (arrows, holds, capture marks), in the order drawn.
    #[must_use]
    pub fn instructions(&self) -> &[Instruction] {
        &self.instructions
    }

    /// The steps drawn in step mode, in order.
    #[must_use]
    pub fn steps(&self) -> &[StepInstruction] {
        &self.steps
    }

    /// The step board: the position the turn is entered from with the steps drawn
    /// played in order (the position itself when none is drawn). Step-mode clicks name
    /// its squares.
    #[must_use]
    pub fn step_board(&self) -> &Position {
        &self.step_board
    }

    /// What is selected.
    #[must_use]
    pub fn selection(&self) -> Selection {
        self.selection
    }

    /// The preview of the instructions drawn so far.
    #[must_use]
    pub fn preview(&self) -> &Preview {
        &self.preview
    }

    /// Why the last click was refused; cleared by the next click that is not.
    #[must_use]
    pub fn rejection(&self) -> Option<&ClickError> {
        self.rejection.as_ref()
    }

    /// The instructions and then the steps as Lightvector tokens; `None` when nothing
    /// is drawn.
    #[must_use]
    pub fn lightvector(&self) -> Option<Lightvector> {
        tokens_of(&self.instructions, &self.steps).ok().flatten()
    }

    /// The moves an ambiguous input could mean (when the preview is
    /// [`Preview::Ambiguous`]): those its tokens' resolution chooses among, as
    /// [`Lightvector::candidates`] with this input's options, one per board, at most
    /// [`ClickInput::CANDIDATE_LIMIT`] of them (the preview's count is the full
    /// number). Empty otherwise. Each call runs the resolution again.
    #[must_use]
    pub fn candidates(&self) -> Vec<Move> {
        match (&self.preview, self.lightvector()) {
            (Preview::Ambiguous { .. }, Some(lv)) => {
                lv.candidates(&self.position, self.options, ClickInput::CANDIDATE_LIMIT)
            }
            _ => Vec::new(),
        }
    }

    /// The tokens as Lightvector text (empty when nothing is drawn).
    #[must_use]
    pub fn text(&self) -> String {
        self.lightvector()
            .map(|lv| lv.to_string())
            .unwrap_or_default()
    }

    /// Whether the instructions identify exactly one legal move, so that it can be
    /// submitted (a selection still open does not prevent it: it is dropped).
    #[must_use]
    pub fn can_submit(&self) -> bool {
        matches!(self.preview, Preview::Move(_))
    }

    /// The move to submit, when the instructions identify exactly one.
    #[must_use]
    pub fn move_to_submit(&self) -> Option<Move> {
        match &self.preview {
            Preview::Move(p) => Some(p.mv),
            _ => None,
        }
    }

    /// Takes back the last click that changed anything (instructions, steps or
    /// selection); `false` when there is none to take back. A selection made in the
    /// other mode is not restored.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(s) => {
                self.instructions = s.instructions;
                self.steps = s.steps;
                self.step_board = s.step_board;
                self.selection = if self.fits_mode(s.selection) {
                    s.selection
                } else {
                    Selection::None
                };
                self.preview = s.preview;
                self.rejection = None;
                true
            }
            None => false,
        }
    }

    /// Removes every instruction, every step and the selection (can be undone).
    pub fn clear(&mut self) {
        if self.instructions.is_empty()
            && self.steps.is_empty()
            && self.selection == Selection::None
        {
            return;
        }
        self.save();
        self.instructions.clear();
        self.steps.clear();
        self.step_board = self.position.clone();
        self.selection = Selection::None;
        self.preview = Preview::Empty;
        self.rejection = None;
    }

    /// Drops the selection, keeping the instructions (can be undone).
    pub fn deselect(&mut self) {
        if self.selection != Selection::None {
            self.save();
            self.selection = Selection::None;
        }
    }

    /// Starts over on a new position (after the move was played, for instance), in the
    /// same mode.
    pub fn reset(&mut self, position: Position) {
        let mode = self.mode;
        *self = ClickInput::with_options(position, self.options);
        self.mode = mode;
    }

    /// A click on `square`: a square of [`position`](ClickInput::position) in arrow
    /// mode, of the [step board](ClickInput::step_board) in step mode.
    ///
    /// # Errors
    /// [`ClickError::GameOver`] when the game is over in the input's position;
    /// [`ClickError`] when the click would add or change an instruction or a step so
    /// that no legal move matches, or (step mode) draws a step that is not legal on the
    /// step board or not beside the selected piece; the input is then unchanged (apart
    /// from [`rejection`](ClickInput::rejection)).
    pub fn click(&mut self, square: Square) -> Result<ClickEffect, ClickError> {
        if let Some(o) = self.over {
            self.rejection = Some(ClickError::GameOver(o));
            return Err(ClickError::GameOver(o));
        }

        let selection = if self.fits_mode(self.selection) {
            self.selection
        } else {
            Selection::None
        };

        let result = match (self.mode, selection) {
            (ClickMode::Steps, Selection::Step { square: s }) => {
                self.click_step_selected(s, square)
            }
            (ClickMode::Steps, _) => self.click_step_idle(square),
            (ClickMode::Arrows, Selection::None | Selection::Step { .. }) => {
                self.click_idle(square)
            }
            (
                ClickMode::Arrows,
                Selection::Piece {
                    square: s,
                    previous,
                },
            ) => self.click_selected(s, previous, square),
            (ClickMode::Arrows, Selection::Head { square: t }) => self.click_head(t, square),
        };

        match &result {
            Ok(_) => self.rejection = None,
            Err(e) => self.rejection = Some(e.clone()),
        }
        result
    }

    /// Whether `selection` belongs to the current mode (nothing selected fits both).
    fn fits_mode(&self, selection: Selection) -> bool {
        match selection {
            Selection::None => true,
            Selection::Piece { .. } | Selection::Head { .. } => self.mode == ClickMode::Arrows,
            Selection::Step { .. } => self.mode == ClickMode::Steps,
        }
    }

    /// The instruction for the piece starting on `sq`, with its index.
    fn instruction_at(&self, sq: Square) -> Option<(usize, Instruction)> {
        self.instructions
            .iter()
            .enumerate()
            .find(|(_, i)| i.from == sq)
            .map(|(n, i)| (n, *i))
    }

    /// Whether an arrow from another square ends on `sq`.
    fn is_arrow_head(&self, sq: Square) -> bool {
        self.instructions.iter().any(|i| i.to == sq && i.from != sq)
    }

    fn click_idle(&mut self, q: Square) -> Result<ClickEffect, ClickError> {
        let own = self.instruction_at(q);
        let occupant = self.position.board().piece_at(q);
        if self.is_arrow_head(q) && q.is_trap() && (own.is_some() || occupant.is_none()) {
            return Ok(self.select(Selection::Head { square: q }));
        }

        if let Some((n, ins)) = own {
            if !ins.is_hold() || ins.capture {
                // The arrow's tail, or a capture mark on the piece's own trap: remove
                // the instruction and select the piece again.
                let mut next = self.instructions.clone();
                next.remove(n);
                self.commit_removal(
                    next,
                    Selection::Piece {
                        square: q,
                        previous: None,
                    },
                )?;
                return Ok(ClickEffect::Removed(ins));
            }

            if q.is_trap() {
                let marked = Instruction {
                    capture: true,
                    ..ins
                };
                let mut next = self.instructions.clone();
                next[n] = marked;
                self.commit_change(next, Selection::None)?;
                return Ok(ClickEffect::Changed(marked));
            }

            let mut next = self.instructions.clone();
            next.remove(n);
            self.commit_removal(next, Selection::None)?;
            return Ok(ClickEffect::Removed(ins));
        }

        if occupant.is_none() {
            if self.is_arrow_head(q) {
                return Ok(self.select(Selection::Head { square: q }));
            }
            return Ok(ClickEffect::Ignored);
        }

        Ok(self.select(Selection::Piece {
            square: q,
            previous: None,
        }))
    }

    fn click_selected(
        &mut self,
        s: Square,
        previous: Option<Square>,
        q: Square,
    ) -> Result<ClickEffect, ClickError> {
        if q == s {
            return match previous {
                Some(p) => self.draw(p, s),
                None => self.draw(s, s),
            };
        }

        let leaves = match self.instruction_at(q) {
            Some((_, i)) => !i.is_hold() || i.capture,
            None => false,
        };
        if self.position.board().piece_at(q).is_none() || leaves {
            return self.draw(s, q);
        }

        Ok(self.select(Selection::Piece {
            square: q,
            previous: Some(s),
        }))
    }

    fn click_head(&mut self, t: Square, q: Square) -> Result<ClickEffect, ClickError> {
        if q == t {
            if !t.is_trap() {
                return Ok(self.select(Selection::None));
            }
            return self.mark_next(t);
        }

        // The most recently drawn arrow ending on t gets the new destination.
        let Some(n) = self
            .instructions
            .iter()
            .rposition(|i| i.to == t && i.from != t)
        else {
            return Ok(self.select(Selection::None));
        };

        let old = self.instructions[n];
        let new = Instruction {
            to: q,
            capture: false,
            ..old
        };

        let mut next = self.instructions.clone();
        next.remove(n);
        next.push(new);
        self.commit_change(next, Selection::None)?;
        Ok(ClickEffect::Changed(new))
    }

    /// The next capture mark on the trap `t` (most recent instruction first), or the
    /// removal of all of them.
    fn mark_next(&mut self, t: Square) -> Result<ClickEffect, ClickError> {
        let unmarked = self
            .instructions
            .iter()
            .rposition(|i| i.to == t && !i.capture);
        let mut next = self.instructions.clone();
        match unmarked {
            Some(n) => {
                next[n].capture = true;
                let changed = next[n];
                self.commit_change(next, Selection::None)?;
                Ok(ClickEffect::Changed(changed))
            }
            None => {
                for i in next.iter_mut().filter(|i| i.to == t) {
                    i.capture = false;
                }
                self.commit_removal(next, Selection::None)?;
                Ok(ClickEffect::MarksRemoved(t))
            }
        }
    }

    /// Draws an instruction for the piece on `from` to `to`, replacing its old one.
    fn draw(&mut self, from: Square, to: Square) -> Result<ClickEffect, ClickError> {
        let Some(piece) = self.position.board().piece_at(from) else {
            // Only pieces are ever selected; an empty square is dropped quietly.
            return Ok(self.select(Selection::None));
        };

        let ins = Instruction {
            piece,
            from,
            to,
            capture: false,
        };
        let mut next: Vec<Instruction> = self
            .instructions
            .iter()
            .copied()
            .filter(|i| i.from != from)
            .collect();
        next.push(ins);
        self.commit_change(next, Selection::None)?;
        Ok(ClickEffect::Drew(ins))
    }

    /// Step mode, nothing selected: a piece of the step board is selected; the empty
    /// square the last step left takes that step back (and selects its piece again).
    fn click_step_idle(&mut self, q: Square) -> Result<ClickEffect, ClickError> {
        if self.step_board.board().piece_at(q).is_some() {
            return Ok(self.select(Selection::Step { square: q }));
        }

        match self.steps.last() {
            Some(&last) if last.from == q => {
                let mut steps = self.steps.clone();
                steps.pop();
                let board = board_after(&self.position, &steps)?;
                self.commit(
                    Draft {
                        instructions: self.instructions.clone(),
                        steps,
                        step_board: board,
                    },
                    Selection::Step { square: q },
                    false,
                )?;
                Ok(ClickEffect::StepRemoved(last))
            }
            _ => Ok(ClickEffect::Ignored),
        }
    }

    /// Step mode, the piece on `s` of the step board selected: the square beside it
    /// takes the step there; another piece is selected instead; `s` itself deselects.
    fn click_step_selected(&mut self, s: Square, q: Square) -> Result<ClickEffect, ClickError> {
        if q == s {
            return Ok(self.select(Selection::None));
        }
        if self.step_board.board().piece_at(q).is_some() {
            return Ok(self.select(Selection::Step { square: q }));
        }

        let Some(dir) = s.direction_to(q) else {
            return Err(ClickError::NotAdjacent { from: s, to: q });
        };
        let Some(piece) = self.step_board.board().piece_at(s) else {
            // Only pieces are ever selected; an empty square is dropped quietly.
            return Ok(self.select(Selection::None));
        };

        let drawn = StepInstruction {
            piece,
            from: s,
            dir,
        };
        let mut board = self.step_board.clone();
        board
            .play_step(drawn.step())
            .map_err(ClickError::IllegalStep)?;

        let mut steps = self.steps.clone();
        steps.push(drawn);
        self.commit(
            Draft {
                instructions: self.instructions.clone(),
                steps,
                step_board: board,
            },
            Selection::None,
            true,
        )?;
        Ok(ClickEffect::Stepped(drawn))
    }

    /// Changes the selection only.
    fn select(&mut self, selection: Selection) -> ClickEffect {
        if selection != self.selection {
            self.save();
            self.selection = selection;
        }
        match selection {
            Selection::None => ClickEffect::Deselected,
            Selection::Piece { square, .. } | Selection::Step { square } => {
                ClickEffect::Selected(square)
            }
            Selection::Head { square } => ClickEffect::HeadSelected(square),
        }
    }

    /// Adopts the instructions `next` (the steps unchanged) if they still match a legal
    /// move (or are ambiguous).
    fn commit_change(
        &mut self,
        next: Vec<Instruction>,
        selection: Selection,
    ) -> Result<(), ClickError> {
        let draft = self.draft_with(next);
        self.commit(draft, selection, true)
    }

    /// Adopts the instructions `next` (the steps unchanged), whatever their preview (a
    /// removal).
    fn commit_removal(
        &mut self,
        next: Vec<Instruction>,
        selection: Selection,
    ) -> Result<(), ClickError> {
        let draft = self.draft_with(next);
        self.commit(draft, selection, false)
    }

    /// The instructions `next` with the steps drawn so far.
    fn draft_with(&self, next: Vec<Instruction>) -> Draft {
        Draft {
            instructions: next,
            steps: self.steps.clone(),
            step_board: self.step_board.clone(),
        }
    }

    /// Adopts `draft` with `selection`; when `refusable`, only if it still matches a
    /// legal move (or is ambiguous).
    fn commit(
        &mut self,
        draft: Draft,
        selection: Selection,
        refusable: bool,
    ) -> Result<(), ClickError> {
        let preview = preview_of(&self.position, self.options, &draft)?;
        if refusable {
            if let Preview::NoMove(error) = preview {
                let tokens = tokens_of(&draft.instructions, &draft.steps)?
                    .ok_or(ClickError::TooManyTokens)?;
                return Err(ClickError::NoMove { tokens, error });
            }
        }

        self.save();
        self.instructions = draft.instructions;
        self.steps = draft.steps;
        self.step_board = draft.step_board;
        self.selection = selection;
        self.preview = preview;
        Ok(())
    }

    fn save(&mut self) {
        if self.history.len() >= MAX_UNDO {
            self.history.remove(0);
        }
        self.history.push(Snapshot {
            instructions: self.instructions.clone(),
            steps: self.steps.clone(),
            step_board: self.step_board.clone(),
            selection: self.selection,
            preview: self.preview.clone(),
        });
    }
}

/// Instructions and steps a click would leave, before they are adopted.
struct Draft {
    instructions: Vec<Instruction>,
    steps: Vec<StepInstruction>,
    /// The start position with `steps` played.
    step_board: Position,
}

/// `pos` with `steps` played through the checked step API.
fn board_after(pos: &Position, steps: &[StepInstruction]) -> Result<Position, ClickError> {
    let mut board = pos.clone();
    for s in steps {
        board.play_step(s.step()).map_err(ClickError::IllegalStep)?;
    }
    Ok(board)
}

/// The tokens of `instructions` and then of `steps`: `Ok(None)` when there are none,
/// an error when there are too many.
fn tokens_of(
    instructions: &[Instruction],
    steps: &[StepInstruction],
) -> Result<Option<Lightvector>, ClickError> {
    if instructions.is_empty() && steps.is_empty() {
        return Ok(None);
    }
    let tokens: Vec<Token> = instructions
        .iter()
        .flat_map(Instruction::tokens)
        .chain(steps.iter().map(StepInstruction::token))
        .collect();
    Lightvector::new(tokens)
        .map(Some)
        .ok_or(ClickError::TooManyTokens)
}

/// The starting squares (in `pos`) of the pieces that take the `steps`.
fn stepping_pieces(pos: &Position, steps: &[StepInstruction]) -> Vec<Square> {
    // origin[sq] = the starting square of the piece now on sq.
    let mut origin: [Option<Square>; 64] = [None; 64];
    for (sq, _) in pos.board().iter() {
        origin[sq.index() as usize] = Some(sq);
    }

    let mut p = pos.clone();
    let mut out = Vec::new();
    for s in steps {
        let Ok(effect) = p.play_step(s.step()) else {
            break;
        };
        let from = origin[effect.from.index() as usize].take();
        if let Some(o) = from {
            if !out.contains(&o) {
                out.push(o);
            }
        }
        origin[effect.to.index() as usize] = from;
        if let Some(c) = effect.capture {
            origin[c.square.index() as usize] = None;
        }
    }

    out
}

/// The preview of `draft` in `pos`.
fn preview_of(
    pos: &Position,
    options: ResolveOptions,
    draft: &Draft,
) -> Result<Preview, ClickError> {
    let Some(lv) = tokens_of(&draft.instructions, &draft.steps)? else {
        return Ok(Preview::Empty);
    };

    match lv.resolve_with(pos, options) {
        Ok(resolved) => {
            let after = pos.after(&resolved.mv).map_err(ClickError::Illegal)?;
            let changes = changes(pos, &resolved.mv);
            let stepping = stepping_pieces(pos, &draft.steps);
            let also_moving = changes
                .iter()
                .copied()
                .filter(|c| {
                    !draft.instructions.iter().any(|i| i.from == c.from)
                        && !stepping.contains(&c.from)
                })
                .collect();
            Ok(Preview::Move(MovePreview {
                mv: resolved.mv,
                after,
                steps: resolved.mv.len() as u8,
                steps_left: pos.steps_left(),
                changes,
                also_moving,
            }))
        }
        Err(IllegalLightvector::Ambiguous { count }) => Ok(Preview::Ambiguous { count }),
        Err(e) => Ok(Preview::NoMove(e)),
    }
}

/// What `mv` does to each piece of `pos`: the pieces it displaces or captures, in the
/// order of their starting squares. Steps that cannot be played end the walk (they do
/// not occur for a legal move).
#[must_use]
pub fn changes(pos: &Position, mv: &Move) -> Vec<PieceChange> {
    // origin[sq] = the starting square of the piece now on sq.
    let mut origin: [Option<Square>; 64] = [None; 64];
    for (sq, _) in pos.board().iter() {
        origin[sq.index() as usize] = Some(sq);
    }

    let mut captured: Vec<(Square, Square)> = Vec::new();
    let mut p = pos.clone();
    for &step in mv.steps() {
        let Ok(effect) = p.play_step(step) else {
            break;
        };
        let from = origin[effect.from.index() as usize].take();
        origin[effect.to.index() as usize] = from;
        if let Some(c) = effect.capture {
            if let Some(o) = origin[c.square.index() as usize].take() {
                captured.push((o, c.square));
            }
        }
    }

    let mut out = Vec::new();
    for (start, piece) in pos.board().iter() {
        if let Some(&(_, trap)) = captured.iter().find(|(o, _)| *o == start) {
            out.push(PieceChange {
                piece,
                from: start,
                to: trap,
                captured: true,
            });
            continue;
        }
        let end = origin
            .iter()
            .position(|o| *o == Some(start))
            .and_then(|i| Square::new(i as u8));
        if let Some(end) = end {
            if end != start {
                out.push(PieceChange {
                    piece,
                    from: start,
                    to: end,
                    captured: false,
                });
            }
        }
    }

    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, PieceKind};

    fn ins(piece: Piece, from: &str, to: &str, capture: bool) -> Instruction {
        Instruction {
            piece,
            from: from.parse().unwrap(),
            to: to.parse().unwrap(),
            capture,
        }
    }

    /// The table of the module documentation.
    #[test]
    fn tokens_as_documented() {
        let e = Piece::new(Color::Gold, PieceKind::Elephant);
        let h = Piece::new(Color::Gold, PieceKind::Horse);
        let r = Piece::new(Color::Silver, PieceKind::Rabbit);
        let cases = [
            (ins(e, "d4", "e6", false), "Ed4e6"),
            (ins(e, "d4", "d4", false), "Ed4d4"),
            (ins(h, "b3", "c3", true), "Hb3c3 Hb3x"),
            (ins(r, "c3", "c3", true), "rc3c3 rc3x"),
        ];

        for (i, text) in cases {
            let lv = tokens_of(&[i], &[]).unwrap().unwrap();
            assert_eq!(lv.to_string(), text);
            assert_eq!(i.is_hold(), i.from == i.to);
        }
        assert_eq!(tokens_of(&[], &[]).unwrap(), None);

        // Sixteen tokens at most.
        let many: Vec<Instruction> = (0..9)
            .map(|n| {
                let sq = Square::new(n).unwrap();
                Instruction {
                    piece: r,
                    from: sq,
                    to: sq,
                    capture: true,
                }
            })
            .collect();
        assert_eq!(tokens_of(&many, &[]), Err(ClickError::TooManyTokens));
    }

    /// A step's token is the direction token `<letter><from><dir>`, after the
    /// instructions' tokens; it reads back as the same token.
    #[test]
    fn step_tokens() {
        let e = Piece::new(Color::Gold, PieceKind::Elephant);
        let r = Piece::new(Color::Silver, PieceKind::Rabbit);
        let step = |piece, from: &str, dir| StepInstruction {
            piece,
            from: from.parse().unwrap(),
            dir,
        };
        let steps = [
            step(e, "e2", Direction::North),
            step(r, "d5", Direction::West),
        ];
        assert_eq!(steps[0].to(), Some(Square::E3));
        assert_eq!(steps[1].step(), Step::new(Square::D5, Direction::West));
        let lv = tokens_of(&[ins(e, "d4", "e6", false)], &steps)
            .unwrap()
            .unwrap();
        assert_eq!(lv.to_string(), "Ed4e6 Ee2n rd5w");
        assert_eq!(lv.to_string().parse::<Lightvector>().unwrap(), lv);
        for dir in Direction::ALL {
            assert_eq!(Some(Directions::one(dir)), Directions::new(&[dir]));
        }
    }
}
