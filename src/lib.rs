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

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
