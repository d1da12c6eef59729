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
//! Moves and games:
//! - the official step notation (`2g Ee2n Ee3n Dg2n`, captures as `rc6x`) of game
//!   records, the AEI protocol and bots: [`official`];
//! - game records, the arimaa.com archive TSV and plain move lists, and their replay:
//!   [`record`].
//!
//! [`Position`]: crate::Position
//! [`Position::from_diagram`]: crate::Position::from_diagram
//! [`Position::to_diagram`]: crate::Position::to_diagram

pub mod official;
pub(crate) mod position_text;
pub mod record;

pub use position_text::ParsePositionError;
pub mod legacy;
pub mod lightvector;
