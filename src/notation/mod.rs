//! Reading and writing positions, moves, setups and games as text.
//!
//! # One scheme for every notation
//!
//! Each move notation has a *syntax* type: the text read into values, with no position
//! needed. Reading text needs no position; turning syntax into a move does, because
//! only the position says which piece stands where and what a step captures:
//!
//! | step | method | error |
//! |---|---|---|
//! | text to syntax | `text.parse::<Syntax>()` (`FromStr`) | what is malformed, and where |
//! | syntax to move | `syntax.to_move(&position)` | the rule broken |
//! | move to syntax | `Syntax::from_move(&position, &mv)` | [`WriteError`] ([`MoveError`] inside) when `mv` is not legal there |
//! | syntax to text | `syntax.to_string()` (`Display`) | none |
//!
//! and the module functions `parse_move(&position, text)` (text to a legal move) and
//! `write_move(&position, &mv)` (a legal move to text) do both steps at once. Setups
//! follow the same pattern without a position: `parse_setup(color, text)` gives a
//! [`Setup`] of that side, `write_setup(&setup)` its text, and the syntax types have
//! `to_setup(color)` and `from_setup(&setup)`. A setup that reads is not yet legal:
//! the setup rules are [`Setup::check`]'s (and [`Game::play_setup`]'s) business.
//!
//! | module | move syntax | setup syntax | what it is |
//! |---|---|---|---|
//! | [`official`] | [`OfficialMove`](official::OfficialMove) | [`OfficialSetup`](official::OfficialSetup) | the step notation of arimaa.com records, the AEI protocol and bots: `Ee2n Ee3n rc6s rc5x`; [`TurnText`](official::TurnText) adds the turn label (`2g`) and the historic words |
//! | [`lightvector`] | [`Lightvector`](lightvector::Lightvector) | (none) | moves described by where pieces end up (`re5 Ee4`): shortest to write, resolved by search |
//! | [`legacy`] | [`LegacyMove`](legacy::LegacyMove) | [`LegacySetup`](legacy::LegacySetup) | the comma-separated notation of old Abstract Play records (`Ee5e4, re6f6(xrf6)`) |
//! | [`record`] | (uses [`official`]) | (uses [`official`]) | whole games: the arimaa.com archive TSV ([`Archive`](record::Archive)), plain move lists ([`MoveList`](record::MoveList)), replayed into a [`Game`] turn by turn ([`Replay`](record::Replay), whose [`moves`](record::Replay::moves) pair every move with the positions before and after it), and a game's history written back ([`game_turns`](record::game_turns)) |
//!
//! Official notation also resolves against a game, third repetition included
//! ([`OfficialMove::to_move_in_game`](official::OfficialMove::to_move_in_game),
//! [`parse_move_in_game`](official::parse_move_in_game)).
//!
//! ```
//! use arimaa::notation::{legacy, official, lightvector};
//! use arimaa::Position;
//!
//! let pos: Position =
//!     "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]".parse()?;
//! let mv = official::parse_move(&pos, "Ee2n Ee3n")?;
//! assert_eq!(legacy::write_move(&pos, &mv)?, "Ee2e3, Ee3e4");
//! assert_eq!(legacy::parse_move(&pos, "Ee2e3, Ee3e4")?, mv);
//! let lv = lightvector::write_move(&pos, &mv)?;
//! assert_eq!(lightvector::parse_move(&pos, &lv)?, mv);
//! // The same in two steps: text to syntax, syntax to move.
//! let syntax: official::OfficialMove = "Ee2n Ee3n".parse()?;
//! assert_eq!(syntax.to_move(&pos)?, mv);
//! assert_eq!(official::OfficialMove::from_move(&pos, &mv)?, syntax);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Errors
//!
//! Every notation fails the same way, in the shape of shakmaty's `ParseSanError` then
//! `SanError`: a *parse* error for text that is not well-formed (no position involved),
//! an *illegal* error for syntax that gives no legal move in the position (Lightvector's
//! with an `Ambiguous` case, as only it can match several moves), one error wrapping both
//! (variants `Parse` and `Illegal`) for `parse_move`, and the one [`WriteError`] for
//! writing. Errors about one token (item, for legacy) are variants of the parse or
//! illegal error that hold the token; there are no separate token-problem types.
//!
//! | notation | parse error | illegal error | both (`parse_move`) | writing |
//! |---|---|---|---|---|
//! | [`official`] | [`ParseOfficialError`](official::ParseOfficialError) | [`IllegalOfficial`](official::IllegalOfficial) | [`OfficialError`](official::OfficialError) | [`WriteError`] |
//! | [`lightvector`] | [`ParseLightvectorError`](lightvector::ParseLightvectorError) | [`IllegalLightvector`](lightvector::IllegalLightvector) (with [`Ambiguous`](lightvector::IllegalLightvector::Ambiguous)) | [`LightvectorError`](lightvector::LightvectorError) | [`WriteError`] |
//! | [`legacy`] | [`ParseLegacyError`](legacy::ParseLegacyError) | [`IllegalLegacy`](legacy::IllegalLegacy) | [`LegacyError`](legacy::LegacyError) | [`WriteError`] |
//!
//! Official setups use the same types ([`official::parse_setup`] fails with
//! [`OfficialError`](official::OfficialError); a piece of the wrong side is
//! [`IllegalOfficial::WrongColor`](official::IllegalOfficial::WrongColor)); a legacy
//! setup can only fail to read ([`ParseLegacyError`](legacy::ParseLegacyError)).
//! Positions fail to read with [`ParsePositionError`]; whole records with
//! [`RecordError`](record::RecordError) (reading) and
//! [`ReplayFailure`](record::ReplayFailure) (replaying, its
//! [`ReplayError`](record::ReplayError) holding the official parse or illegal error).
//!
//! # Positions
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
//! [`MoveError`]: crate::MoveError
//! [`Setup`]: crate::Setup
//! [`Setup::check`]: crate::Setup::check
//! [`Game::play_setup`]: crate::Game::play_setup
//! [`Game`]: crate::Game

pub mod legacy;
pub mod lightvector;
pub mod official;
pub(crate) mod position_text;
pub mod record;

pub use position_text::ParsePositionError;

use crate::MoveError;

/// Why a move could not be written, in any notation: [`official::write_move`],
/// [`lightvector::write_move`], [`legacy::write_move`] and the syntax types'
/// `from_move` all fail this way.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// The move is not legal in the position.
    #[error(transparent)]
    Illegal(#[from] MoveError),
    /// Lightvector only: none of the forms the writer tries, down to every step written
    /// out, resolves to the move's board. This would be a bug of the crate; please
    /// report the position and move.
    #[error(
        "no Lightvector form the writer tries resolves to this move (a bug: please report it)"
    )]
    NoForm,
}

/// The start of a text, for an error message: its first 20 characters.
pub(crate) fn snippet(s: &str) -> String {
    s.chars().take(20).collect()
}
