//! An exact and fast Arimaa rules engine.
//!
//! ```
//! use arimaa::{Color, Position, Square, Step, Direction};
//!
//! // The AEI short form: side to move, then the squares a8..h8, ..., a1..h1.
//! let mut pos: Position =
//!     "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]".parse()?;
//! assert_eq!(pos.side_to_move(), Color::Gold);
//!
//! // Every distinct board one complete turn can reach.
//! assert_eq!(pos.count_moves(), 3353);
//!
//! // Play a turn step by step.
//! pos.play_step(Step::new(Square::D2, Direction::North))?;
//! pos.play_step(Step::new(Square::D3, Direction::North))?;
//! pos.end_turn()?;
//! assert_eq!(pos.side_to_move(), Color::Silver);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The rules
//! The crate implements these rules exactly; the tests check the fast code against plain
//! models written from this statement.
//!
//! **Board and pieces.** An 8x8 board, files a-h and ranks 1-8, a1 in Gold's lower left;
//! the traps are c3, f3, c6 and f6. Gold moves first, sets up on ranks 1-2 and scores on
//! rank 8; Silver sets up on ranks 7-8 and scores on rank 1. Directions are seen from
//! Gold (north is towards rank 8). The kinds, strongest first: elephant, camel, horse,
//! dog, cat, rabbit. "Stronger" is always strict: equal pieces never push, pull or
//! freeze each other.
//!
//! **A turn** is one to four steps (fewer when a variant caps it), split among pieces
//! freely, and must leave a board different from the one it started from; there is no
//! pass. A *step* moves an unfrozen piece of the mover to an adjacent empty square; the
//! mover's rabbits may not step backwards on their own. A *push* (two steps) moves an
//! enemy piece weaker than an adjacent unfrozen piece of the mover to an adjacent empty
//! square, then the pusher into the square it left; a *pull* (two steps) moves the
//! mover's piece away first and the weaker enemy piece into the square it left. Pushed
//! and pulled rabbits may move in any direction, frozen pieces may be pushed and pulled,
//! a push must be completed within the turn (so it cannot begin on the last step), and
//! the step that completes a push cannot also begin a pull.
//!
//! **After every step** (also between the two steps of a push or pull) a piece standing on
//! a trap with no friendly piece beside it is captured; a pull still completes when the
//! puller was captured by its own step. A piece is *frozen* when a stronger enemy piece
//! is beside it and no friendly piece is; freezing is judged again after every step.
//!
//! **Repetition.** A turn may not produce the same position (board and side to move) a
//! third time; positions count from the first movement turn (or from the position a game
//! is started from), [`Game`] keeps the count.
//!
//! **End of game,** judged only at the end of a turn: with A the side that just moved and
//! B the side to move, the first that holds decides: a rabbit of A on A's goal rank (A
//! wins), a rabbit of B on B's goal rank (B wins), B has no rabbits (A wins), A has no
//! rabbits (B wins), B has no legal turn, counting turns that would repeat a position a
//! third time as unavailable (A wins). See [`Position::outcome`].
//!
//! **Setups and variants.** A standard setup places 1 elephant, 1 camel, 2 horses, 2 dogs,
//! 2 cats and 8 rabbits on the side's two home ranks ([`Setup`], [`SetupRules`]); the
//! variants (handicap and free placement, Endless Endgame, Dicey Moves) are described at
//! [`SetupVariant`] and [`Variant`], Harlog at [`harlog`].
//!
//! # Decisions where the rules texts are silent
//! - **What makes a position valid.** Only one thing: no piece stands on a trap without a
//!   friendly piece beside it. Any material is allowed (handicaps, free placement,
//!   variants), and positions where the game is over are valid, so that their result can
//!   be asked for.
//! - **Pull or push.** When an enemy piece steps into the square the mover's piece has just
//!   left, and it could be pulled there, the step is the pull. Reading it as the first step
//!   of a push by another piece would only restrict what may follow, so every board
//!   reachable one way is reachable the other.
//! - **Moves from the middle of a turn.** [`Position::legal_moves`] on a position with
//!   steps already taken lists the boards that completing the turn can give and that
//!   differ from the board at the turn's start; the current board is among them when a
//!   step away and back reaches it.
//! - **Free placement.** Pieces go on any empty squares, traps included; a side needs at
//!   least one rabbit and may not put a rabbit on its own goal rank; after both sides have
//!   placed, unsupported pieces on traps are removed once. The result is then judged as if
//!   Silver had just moved.
//! - **Dice.** A roll is the step limit of the turn, min(d6, 4); in Endless Endgame Gold's
//!   first roll is 1 or 2. Immobilization is judged against the roll once it is known.
//! - **Harlog without rabbits.** `+inf` when only Silver has no rabbits, `-inf` when only
//!   Gold has none, `0.0` when neither has any; never NaN (and never a result: see
//!   [`harlog`]).
//!
//! # A one-turn engine
//! [`engine::choose`] picks a move for the side to move in a [`Game`]: an immediate win,
//! else the best move by Harlog after which the opponent cannot win at once. It uses
//! the public rules only ([`Board::outcome_after_turn`] judges each board), takes the
//! random number generator and a `stop` callback from the caller, and reads no clock.
//! The AEI example and the browser package play with it.
//!
//! # Errors
//! Every fallible call returns a typed error whose message says what is wrong; the
//! value it was called on is left as it was. One scheme throughout: `Parse<Thing>Error`
//! for text that cannot be read, `Illegal<Notation>` for a well-read move the rules
//! refuse, `<Notation>Error` wrapping the two for a call that does both, and
//! `<Thing>Error` for a refused action. The enums are `#[non_exhaustive]`. Every public
//! error type of the crate:
//!
//! | layer | type | returned by |
//! |---|---|---|
//! | squares | [`ParseSquareError`] | [`Square`]'s `FromStr` and `TryFrom<u8>` |
//! | moves | [`MoveFullError`] | [`Move::push`] on a move of four steps |
//! | positions | [`PositionError`] | [`Position::new`] (a piece alone on a trap), [`Position::set_step_cap`] |
//! | | [`StepError`] | [`Position::play_step`], [`Position::check_step`], [`TurnState::check_step`] |
//! | | [`EndTurnError`] | [`Position::end_turn`], [`Position::check_end_turn`] |
//! | | [`MoveError`] | [`Position::play`] (a [`StepError`] with the step's index, or an [`EndTurnError`]) |
//! | actions | [`ActionError`](action::ActionError) | [`Position::play_action`] and [`Position::check_action`]: a step action the rules refuse, one that leads only to dead ends, or the end of a turn that cannot end; [`Episode::step`](action::Episode::step) also: one that leads only to third repetitions, or an episode that is over |
//! | | [`EpisodeError`](action::EpisodeError) | [`Episode::new`](action::Episode::new): a [`Start::Position`](action::Start::Position) whose game is already over |
//! | setups and games | [`SetupError`] | [`Setup::check`] and the game's setup turn; its [`SetupProblem`]s list every fault |
//! | | [`GameError`] | [`Game`]'s actions (play, setup, roll, undo) |
//! | clicks | [`ClickError`](clicks::ClickError) | [`clicks::ClickInput`]'s actions |
//! | notation | [`WriteError`](notation::WriteError) | writing a move in any notation |
//! | | [`ParsePositionError`](notation::ParsePositionError) | [`Position`]'s `FromStr` (AEI form, text forms, diagrams) |
//! | official | [`ParseOfficialError`](notation::official::ParseOfficialError), [`IllegalOfficial`](notation::official::IllegalOfficial), [`OfficialError`](notation::official::OfficialError) | [`notation::official`] |
//! | Lightvector | [`ParseLightvectorError`](notation::lightvector::ParseLightvectorError), [`IllegalLightvector`](notation::lightvector::IllegalLightvector), [`LightvectorError`](notation::lightvector::LightvectorError) | [`notation::lightvector`] |
//! | legacy | [`ParseLegacyError`](notation::legacy::ParseLegacyError), [`IllegalLegacy`](notation::legacy::IllegalLegacy), [`LegacyError`](notation::legacy::LegacyError) | [`notation::legacy`] |
//! | records | [`RecordError`](notation::record::RecordError) | reading a game record or an archive |
//! | | [`ReplayError`](notation::record::ReplayError), [`ReplayFailure`](notation::record::ReplayFailure) | replaying a record: why a turn failed, and which turn |
//! | | [`EndMismatch`](notation::record::EndMismatch) | [`ArchiveGame::check_end`](notation::record::ArchiveGame::check_end): the archive's result is not the rules' |
//!
//! [`notation`] has the per-notation table with its parse, illegal and wrapping errors.
//!
//! # Randomness
//! Everything random (setups, Endless Endgame armies, Dicey Moves rolls) takes the
//! random number generator from the caller: the crate never reads the operating
//! system's randomness, and it builds for `wasm32-unknown-unknown`. The `rand` version
//! of its signatures is re-exported as [`arimaa::rand`](rand).
//!
//! # Cargo features
//! - `proptest`: public proptest strategies for positions, moves and games
//!   (`arimaa::strategies`).
//! - `serde`: `Serialize` and `Deserialize` for the vocabulary types and positions, each
//!   in its short text form, so that stored data stays readable and does not depend on
//!   the order of enum variants:
//!
//! | type | form | example |
//! |------|------|---------|
//! | [`Color`] | its name | `"gold"` |
//! | [`PieceKind`] | its name | `"elephant"` |
//! | [`Piece`] | its letter, upper case for Gold | `"E"`, `"r"` |
//! | [`File`], [`Rank`] | letter, digit | `"e"`, `"2"` |
//! | [`Square`] | its name | `"e2"` |
//! | [`Direction`] | its letter | `"n"` |
//! | [`Step`] | square and direction | `"e2n"` |
//! | [`Move`] | a sequence of at most four steps | `["e2n", "e3n"]` |
//! | [`Reason`] | its name | `"goal"` |
//! | [`Outcome`] | a map | `{"winner": "gold", "reason": "goal"}` |
//! | [`Bitboard`] | its bits, a1 = bit 0 | `65280` |
//! | [`Position`] | its text form: the AEI short form, with the turn state in the middle of a turn | `"g [rrrr... ]"` |
//!
//! Reading checks what the constructors check (a position is read with
//! [`FromStr`](core::str::FromStr), so an illegal board, or a turn state the rules cannot
//! reach, is refused). A position in the middle of a turn keeps its whole turn state
//! (see [`Position`'s text forms](Position#text-forms)).
#![deny(missing_docs)]
#![forbid(unsafe_code)]

// The unit tests include files of the integration tests' support tree, which name the
// crate `arimaa` as users do.
#[cfg(test)]
extern crate self as arimaa;

pub mod action;
mod bitboard;
mod board;
pub mod clicks;
mod color;
pub mod engine;
mod eval;
mod game;
mod hash;
mod moves;
pub mod notation;
mod outcome;
mod pad;
mod piece;
mod position;
mod repetition;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod square;
mod step;
mod step_list;
#[cfg(feature = "proptest")]
pub mod strategies;
mod tactics;
mod turn_state;
mod turngen;
mod zobrist;

pub use bitboard::{Bitboard, Squares};
pub use board::Board;
pub use color::{ByColor, Color};
pub use eval::harlog;
pub use game::{Game, GameAction, GameError, Phase, SetupVariant, Turn, Variant};
pub use moves::{Move, MoveFullError, MAX_STEPS};
pub use outcome::{Outcome, Reason};
pub use piece::{Piece, PieceKind};
pub use position::{EndTurnError, MoveError, Position, PositionError, StepError};
pub use setup::{Army, Setup, SetupError, SetupProblem, SetupRules, Symmetry};
pub use square::{Direction, File, ParseSquareError, Rank, Square};
pub use step::{Capture, Step, StepEffect, StepKind};
pub use step_list::{StepList, MAX_LEGAL_STEPS};
pub use tactics::{Captures, CapturesIter};
pub use turn_state::{StepSet, TurnState};
pub use turngen::TurnGenerator;

/// The version of [`rand`](https://docs.rs/rand/0.9) whose traits appear in this crate's
/// signatures ([`Setup::random_standard`], [`Game::start`], [`Game::roll`], ...), so
/// callers need not depend on the same version themselves: pass any
/// `arimaa::rand::Rng`, for example a seeded `StdRng` or `SmallRng` of your own
/// `rand` 0.9 dependency with its `std_rng` or `small_rng` feature. The crate itself
/// never draws randomness from the operating system.
pub use rand;

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
