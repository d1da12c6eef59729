//! Game records: the arimaa.com archive TSV and plain move lists, read, written back,
//! and replayed into a [`Game`].
//!
//! - [`Archive`]: the archive's tab-separated file, a header of the 29
//!   [`ARCHIVE_COLUMNS`] and one [`ArchiveGame`] per row, with typed access to the id,
//!   players, ratings, result, termination, plycount, move list and events. `Display`
//!   writes the file back exactly as read.
//! - [`MoveList`]: one turn per line (`1g Ra1 ...`, `2g Ee2n ...`), blank lines and `#`
//!   comments kept, as the AEI tools write. `Display` writes it back.
//! - [`Replay`]: plays a record's turns into a [`Game`], giving every position, each
//!   movement turn with the positions before and after it ([`Replay::moves`]), and the
//!   result by the rules, or the first turn that fails and why.
//! - [`game_turns`], [`game_record`]: a game's history written as record turns, which
//!   [`MoveList`] and [`movelist_field`] put into text.
//!
//! ```
//! use arimaa::notation::record::{MoveList, Replay};
//!
//! let text = "\
//! 1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2
//! 1s ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7
//! ## the elephant walks
//! 2g Ee2n Ee3n Ee4n Ee5n
//! 2s ed7s ed6s ed5s ed4s
//! ";
//! let list: MoveList = text.parse()?;
//! assert_eq!(list.to_string(), text);
//! let replay = Replay::standard(list.turns());
//! assert!(replay.failure().is_none());
//! assert_eq!(replay.positions().len(), 3); // before 2g, after 2g, after 2s
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Game`]: crate::Game

mod archive;
mod movelist;
mod replay;
mod write;

pub use archive::{
    is_archive, movelist_field, Archive, ArchiveGame, Column, EndMismatch, Event, Player,
    PlayerKind, RejectedMove, Termination, ARCHIVE_COLUMNS,
};
pub use movelist::{MoveList, MoveListLine};
pub use replay::{RecordStop, Replay, ReplayError, ReplayFailure, ReplayMoves, ReplayedMove};
pub use write::{game_record, game_turns};

use crate::notation::official::ParseOfficialError;

/// Longest record text the readers accept (a whole archive file or move list).
pub const MAX_RECORD_LEN: usize = 64 << 20;

/// Longest single line (an archive row, or a move list line) the readers accept.
pub const MAX_LINE_LEN: usize = 1 << 20;

/// Most turns a record's game may have.
pub const MAX_TURNS: usize = 10_000;

/// Why a record could not be read.
///
/// `#[non_exhaustive]`: a match outside the crate needs a wildcard arm (this one,
/// without it, does not compile):
///
/// ```compile_fail,E0004
/// use arimaa::notation::record::RecordError;
/// fn names_a_line(e: &RecordError) -> bool {
///     match e {
///         RecordError::TooLong(_) | RecordError::Header(_) => false,
///         RecordError::LineTooLong { .. } | RecordError::FieldCount { .. } => true,
///         RecordError::Field { .. } | RecordError::TooManyTurns { .. } => true,
///         RecordError::Turn { .. } => true,
///     }
/// }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The text is longer than any record the readers accept.
    #[error("record text too long ({0} bytes, at most {MAX_RECORD_LEN})")]
    TooLong(usize),
    /// A line is longer than the readers accept.
    #[error("line {line}: too long ({len} bytes, at most {MAX_LINE_LEN})")]
    LineTooLong {
        /// The line number, from 1.
        line: usize,
        /// Its length.
        len: usize,
    },
    /// The archive header is not the 29 expected column names.
    #[error("archive header: {0}")]
    Header(String),
    /// An archive row does not have 29 fields.
    #[error("line {line}: {found} tab-separated fields, expected 29")]
    FieldCount {
        /// The line number, from 1.
        line: usize,
        /// The fields found.
        found: usize,
    },
    /// A field does not hold what its column requires.
    #[error("line {line}: column {column} {value:?}: {problem}")]
    Field {
        /// The line number, from 1 (0 for a row made with [`ArchiveGame::from_columns`]).
        line: usize,
        /// The column's name.
        column: &'static str,
        /// The value (cut to 20 characters).
        value: String,
        /// What it should be.
        problem: &'static str,
    },
    /// A game has more turns than the readers accept.
    #[error("line {line}: more than {MAX_TURNS} turns")]
    TooManyTurns {
        /// The line number, from 1.
        line: usize,
    },
    /// A move list line is not a turn.
    #[error("line {line}: {error}")]
    Turn {
        /// The line number, from 1.
        line: usize,
        /// Why.
        error: ParseOfficialError,
    },
}

/// The lines of a record text, numbered from 1, without their `\r`.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
}
