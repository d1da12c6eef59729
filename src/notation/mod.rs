//! Reading and writing positions and moves as text.
//!
//! Positions:
//! - the AEI short form `g [rrrrrrrr...]` ([`Position`]'s `FromStr` and `Display`):
//!   a side letter (`g`/`s`, also `w`/`b`), then 64 characters in brackets for the
//!   squares a8..h8, a7..h7, ..., a1..h1, with a space (or `.`, `x`, `X`) for an
//!   empty square;
//! - the board diagram of arimaa.com and the AEI tools ([`Position::from_diagram`],
//!   [`Position::to_diagram`]).
//!
//! [`Position`]: crate::Position
//! [`Position::from_diagram`]: crate::Position::from_diagram
//! [`Position::to_diagram`]: crate::Position::to_diagram

pub(crate) mod position_text;

pub use position_text::ParsePositionError;
