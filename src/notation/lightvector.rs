//! Lightvector notation: moves described by where pieces end up.
//!
//! ```
//! use arimaa::notation::lightvector;
//! use arimaa::Position;
//!
//! // Gold elephant d4 and horse f4, a silver rabbit on e4 between them.
//! let pos: Position =
//!     "g [r   e                              ErH                  R       ]".parse()?;
//! // "re5" alone is ambiguous: the elephant or the horse could push.
//! assert!(lightvector::parse_move(&pos, "re5").is_err());
//! // Naming the pusher settles it.
//! let mv = lightvector::parse_move(&pos, "re4e5 Ed4e4")?;
//! // The crate writes the shortest form it can find; it resolves to the same board.
//! let text = lightvector::write_move(&pos, &mv)?;
//! assert!(text.len() <= "re5 Ee4".len());
//! let again = lightvector::parse_move(&pos, &text)?;
//! assert_eq!(pos.after(&again)?.board(), pos.after(&mv)?.board());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Syntax
//! A move is a list of whitespace-separated tokens. A token is a *specifier* naming a
//! piece (a piece letter, colour by case; a square the piece occupied at some time
//! during the turn; or both: `E`, `d4`, `Ed4`) followed by a *property*: a square (the
//! piece ends the turn there or is captured there), a run of directions `n s e w` (the
//! piece takes those steps in that order, possibly with other steps between), or `x`
//! (the piece is captured during the turn).
//!
//! Tokens are read from the right: a trailing `x` is a capture; a trailing digit makes
//! the last two characters the destination; otherwise the longest trailing run of
//! `n s e w` is the property, one character shorter if it would take the whole token
//! (`ee` is the silver elephant stepping east, `eee` is `e` + `ee`, `d4ee` is `d4` +
//! `ee`). What is left must be a piece letter, a square, or both. [`Lightvector`] and
//! [`Token`] implement `FromStr` and `Display`; no position is needed to read them, and
//! errors ([`ParseLightvectorError`]) name the token. Input longer than
//! [`MAX_INPUT_LEN`] bytes or with more than [`MAX_TOKENS`] tokens is refused at once.
//!
//! # Resolution
//! [`Lightvector::to_move`] finds the legal move the tokens identify
//! ([`Lightvector::resolve`] also says how it was chosen). A turn
//! *satisfies* the tokens when every token holds for it:
//! - a destination token: some piece matching the specifier (its letter; the square
//!   anywhere on its path, start, intermediate squares and the trap it died on
//!   included) ends the turn on the square or is captured there (a piece that never
//!   moves ends where it stands, so `Ee6e6` says the elephant stays or comes back);
//! - a capture token: some matching piece is captured;
//! - a direction token: some matching piece takes those directions as a subsequence of
//!   its steps, the first of them from the named square if there is one. Direction
//!   tokens are fulfilled in the order written: all steps matching one come before any
//!   step matching the next. Destination and capture tokens are unordered, and one
//!   piece may satisfy several tokens.
//!
//! Among all legal turns of the side to move (within the steps left in the turn,
//! honouring [`Position::step_cap`]; repetition is not considered, the unchanged board
//! is excluded) that satisfy the tokens, those with the fewest steps are kept, then
//! among those the ones displacing the fewest pieces (a piece is displaced when its end
//! or capture square differs from its start square). Turns ending on the same board
//! count as one. One board left: that is the move ([`Resolved`] holds a step sequence
//! for it that satisfies the tokens). None: [`IllegalLightvector`] names the token that no
//! turn can satisfy and why (an enemy piece that cannot be pushed or pulled that way, a
//! frozen piece, a rabbit going backwards, out of reach), or says that the tokens work
//! only on their own, or that two tokens are the two legs of one path. Several:
//! [`IllegalLightvector::Ambiguous`] with the number of boards. [`ResolveOptions::lenient`]
//! adds Abstract Play's tie-break (fewest own pieces lost, then most enemy pieces
//! captured).
//!
//! The search behind it walks step sequences depth first, one step limit at a time
//! (1, 2, ... up to the steps left), tracking every piece's path. It leaves out only
//! what cannot change the answer:
//! - a branch where a lower bound on the steps the tokens still need exceeds the steps
//!   left (the bound counts distances: the squares a named piece must still visit,
//!   pieces standing in its way or beside the trap it must die on, an enemy piece's
//!   steps each paired with a step of the mover after a stronger piece came beside it,
//!   a frozen piece's wait for a friend or for its stronger neighbours to go, an enemy
//!   piece in the way pushed or pulled off by a stronger piece, the direction letters
//!   still to match; and it shares the tokens out among distinct pieces, whose steps
//!   add up; a capture of the opponent's pieces of a letter costs at least the fewest
//!   steps [`Position::capture_moves`] gives);
//! - a step that does none of what the rest of the turn must do (take a letter, arrive
//!   on a destination, kill) when no step is to spare, and, as the last step, every
//!   step but the few that do all of it;
//! - a step of the mover that starts no pull when every step left is needed for the
//!   enemy steps the tokens still need and the steps of the mover paired with them;
//! - with two steps left, a first step far from everything the last one can touch:
//!   the turn is played in the other order, which reaches the same position; and a
//!   first step that does not bring a piece beside a destination (or onto the square
//!   of the next letter) where the last step needs one;
//! - as the last step, when an enemy piece must still step, any step but the pull
//!   ready now;
//! - a state (board, turn state, token progress, and every fact a token can see about
//!   each piece's path) searched before at the same depth.
//!
//! Tests compare the resolver with a plain walk of every step sequence, check each
//! rule along every step of real and random moves, and replay the reordered turns.
//!
//! # Writing
//! [`Lightvector::from_move`] and [`write_move`] produce, for any legal move, a
//! string that resolves to exactly that move's resulting board. The writer finds a
//! *witness*, a turn to that board with the fewest steps `k`, then the fewest displaced
//! pieces `d`; its candidate tokens are facts about the witness (for each piece it
//! moves or kills: its letter, a square of its path, or both, with its end or capture
//! square, `x`, or a subsequence of its step directions). A set of them resolves to the
//! move exactly when no turn satisfying it, with fewer than `k` steps or with `k` steps
//! and at most `d` displaced pieces, ends on another board. The check is the resolver's
//! own search, stopped at the first such turn (it keeps the turns found, to try them
//! first on later sets); run to its end, it is the resolver's answer. For set sizes 1,
//! 2, ... and each set of pieces of that size, one token per piece is tried, shortest
//! combinations first (a set leaving pieces out is skipped when even all destination
//! and capture facts about its pieces do not resolve).
//!
//! What "short" guarantees: the fewest tokens, then characters, among those strings
//! that are shorter than the explicit form (one `<letter><start><end>` or
//! `<letter><start>x` token per displaced or captured piece); else the explicit form if
//! it resolves; else the shortest of those strings of any length. The search has
//! budgets (600 checks, 1,000 combinations per set of pieces); when one runs out the
//! best string found so far is kept, and [`Lightvector::from_move_detailed`] says so
//! (never in the 10,891 moves of the archive files in `tests/data/`). A string is
//! returned only once the resolver gave the move's board for it: a string a check
//! accepted, else the explicit form, else every step written as direction tokens,
//! consecutive steps of a piece merged (`Ed4ne rd5s`), each of these two resolved by
//! [`Lightvector::resolve`] (the last resolves to the witness: its letters need every
//! step of the turn, in order). Strings that need two tokens about one piece, or a
//! token about a piece that never moves, are not considered.
//!
//! [`Position::step_cap`]: crate::Position::step_cap
//! [`Position::capture_moves`]: crate::Position::capture_moves

mod goals;
mod node;
mod resolve;
mod search;
mod syntax;
mod write;

pub use resolve::{IllegalLightvector, ResolveOptions, Resolved};
pub use syntax::{
    Directions, Lightvector, ParseLightvectorError, Property, Specifier, Token, MAX_INPUT_LEN,
    MAX_TOKENS,
};

use crate::notation::WriteError;
use crate::{Move, Position};

/// Why a Lightvector string does not give a legal move ([`parse_move`] reads and
/// resolves in one call). The same shape in every notation: the parse error, or the
/// illegal-move error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LightvectorError {
    /// The text could not be read.
    #[error(transparent)]
    Parse(#[from] ParseLightvectorError),
    /// The tokens do not identify exactly one legal move.
    #[error(transparent)]
    Illegal(#[from] IllegalLightvector),
}

/// A written move, with whether the writer's search for short strings ran its course.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteReport {
    /// The string; it always resolves to the move's board.
    pub lightvector: Lightvector,
    /// `true` when no effort budget ran out, so the string is the shortest of the
    /// forms the writer considers (see the module documentation); `false` when the best
    /// found before a budget ran out was kept.
    pub exhaustive: bool,
}

impl Lightvector {
    /// The legal move these tokens identify in `pos` (strict reading).
    ///
    /// # Errors
    /// [`IllegalLightvector`]: no legal move matches (with the reason), or several do
    /// ([`IllegalLightvector::Ambiguous`]).
    pub fn to_move(&self, pos: &Position) -> Result<Move, IllegalLightvector> {
        Ok(self.resolve(pos)?.mv)
    }

    /// The legal move these tokens identify in `pos`, with the step count and
    /// displaced pieces it was chosen by (strict reading).
    ///
    /// # Errors
    /// As [`Lightvector::to_move`].
    pub fn resolve(&self, pos: &Position) -> Result<Resolved, IllegalLightvector> {
        resolve::resolve(pos, self.tokens(), ResolveOptions::default())
    }

    /// [`Lightvector::resolve`] with `options`.
    ///
    /// # Errors
    /// As [`Lightvector::to_move`].
    pub fn resolve_with(
        &self,
        pos: &Position,
        options: ResolveOptions,
    ) -> Result<Resolved, IllegalLightvector> {
        resolve::resolve(pos, self.tokens(), options)
    }

    /// The moves these tokens could mean in `pos` read with `options`: those
    /// [`Lightvector::resolve_with`] chooses among (the fewest steps, then the fewest
    /// displaced pieces, then with `options.lenient` its tie-break), one per board
    /// reached, in the order they are found. One move when the tokens resolve, several
    /// when they are [`IllegalLightvector::Ambiguous`] (the count there is the full
    /// number), none when no move fits. At most `limit` are returned: short tokens can
    /// fit hundreds of boards.
    #[must_use]
    pub fn candidates(&self, pos: &Position, options: ResolveOptions, limit: usize) -> Vec<Move> {
        resolve::candidates(pos, self.tokens(), options, limit)
    }

    /// A short string for `mv`, a legal move in `pos`, that resolves to it (see the
    /// module documentation for what "short" guarantees).
    ///
    /// # Errors
    /// [`WriteError::Illegal`] when `mv` is not a legal move in `pos`
    /// ([`WriteError::NoForm`] would be a bug of the crate).
    pub fn from_move(pos: &Position, mv: &Move) -> Result<Lightvector, WriteError> {
        Ok(Lightvector::from_move_detailed(pos, mv)?.lightvector)
    }

    /// [`Lightvector::from_move`], also saying whether the writer's search ran its
    /// course or an effort budget ran out.
    ///
    /// # Errors
    /// As [`Lightvector::from_move`].
    pub fn from_move_detailed(pos: &Position, mv: &Move) -> Result<WriteReport, WriteError> {
        let (lightvector, exhaustive) = write::write(pos, mv)?;
        Ok(WriteReport {
            lightvector,
            exhaustive,
        })
    }
}

/// Reads a Lightvector string and resolves it in `pos` (strict reading).
///
/// # Errors
/// [`LightvectorError`]: the text cannot be read, or does not identify exactly one
/// legal move.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, LightvectorError> {
    let lv: Lightvector = text.parse()?;
    Ok(lv.to_move(pos)?)
}

/// [`Lightvector::from_move`] as a string.
///
/// # Errors
/// [`WriteError::Illegal`] when `mv` is not a legal move in `pos`
/// ([`WriteError::NoForm`] would be a bug of the crate).
pub fn write_move(pos: &Position, mv: &Move) -> Result<String, WriteError> {
    Ok(Lightvector::from_move(pos, mv)?.to_string())
}

#[cfg(test)]
mod tests;
