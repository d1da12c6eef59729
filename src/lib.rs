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
//! | [`Position`] | the AEI short form | `"g [rrrr... ]"` |
//!
//! Reading checks what the constructors check (a position is read with
//! [`FromStr`](core::str::FromStr), so an illegal board is refused). The AEI form holds a
//! position between turns only: serializing a position in the middle of a turn (a step
//! taken, or a step limit below four) is an error rather than a silent loss of its turn
//! state.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod bitboard;
mod board;
mod color;
mod eval;
mod game;
mod movegen;
mod moves;
pub mod notation;
mod outcome;
mod piece;
mod position;
mod repetition;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod square;
mod step;
#[cfg(feature = "proptest")]
pub mod strategies;
mod turngen;
mod zobrist;

pub use bitboard::{Bitboard, Squares};
pub use board::Board;
pub use color::{ByColor, Color};
pub use eval::harlog;
pub use game::{Game, GameError, Phase, SetupVariant, Turn, Variant};
pub use movegen::{StepList, MAX_LEGAL_STEPS};
pub use moves::{Move, MAX_STEPS};
pub use outcome::{Outcome, Reason};
pub use piece::{Piece, PieceKind};
pub use position::{EndTurnError, MoveError, Position, PositionError, StepCapError, StepError};
pub use setup::{
    endless_endgame_board, random_free, Setup, SetupError, SetupProblem, SetupRules, Symmetry,
    STANDARD_ARMY,
};
pub use square::{Direction, File, ParseSquareError, Rank, Square};
pub use step::{Capture, Step, StepEffect, StepKind};
pub use turngen::TurnGenerator;

/// The version of [`rand`](https://docs.rs/rand/0.9) whose traits appear in this crate's
/// signatures ([`Setup::random_standard`], [`Game::start`], [`Game::roll`], ...), so
/// callers need not depend on the same version themselves: pass any
/// `arimaa::rand::Rng`, for example a seeded `StdRng` or `SmallRng` of your own
/// `rand` 0.9 dependency with its `std_rng` or `small_rng` feature. The crate itself
/// never draws randomness from the operating system.
pub use rand;

// The unit tests share the benchmarks' loader (`benches/common`), which names the
// crate `arimaa`.
#[cfg(test)]
extern crate self as arimaa;

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
