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
//! [`Lightvector::resolve`] finds the legal move the tokens identify. A turn
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
//! for it that satisfies the tokens). None: [`ResolveError`] names the token that no
//! turn can satisfy and why (an enemy piece that cannot be pushed or pulled that way, a
//! frozen piece, a rabbit going backwards, out of reach), or says that the tokens work
//! only on their own, or that two tokens are the two legs of one path. Several:
//! [`ResolveError::Ambiguous`] with the number of boards. [`ResolveOptions::lenient`]
//! adds Abstract Play's tie-break (fewest own pieces lost, then most enemy pieces
//! captured).
//!
//! The search behind it walks step sequences depth first, one step limit at a time
//! (1, 2, ... up to the steps left), tracking every piece's path, and prunes with an
//! admissible lower bound on the steps the tokens still need (pruning never drops a
//! satisfying turn; unit tests compare it with a brute-force walk of every step
//! sequence on thousands of random positions and token sets):
//! - per token: the Manhattan distance of the nearest candidate piece (own rabbits
//!   never backwards), doubled for an enemy piece (each of its steps is paired with a
//!   push or pull step) plus the approach of a stronger piece of the mover, and for an
//!   own piece the steps other pieces must take first: to free it if frozen, to clear
//!   the square it must enter (a destination, the first square of a direction run, a
//!   trap to die on), to take the support away from a trap it must die on;
//! - per piece letter: tokens with different letters, and destinations on different
//!   squares, speak about different pieces, so their distances add up (with `o` own
//!   and `e` enemy steps needed, at least `e + max(o, e)` remain), plus one step for
//!   each destination off the traps held by a piece no token names; a token naming
//!   only a square is either done by the piece standing there (its needs join that
//!   piece's letter) or by another piece that must come there first;
//! - the direction letters still to match, which all need distinct steps;
//! - by assignment: every token is given to a piece that fulfils it (and a dying
//!   piece to the trap it dies on), which fixes what each of those pieces must still
//!   do: squares to visit, where to end or die, which direction letters to take. The
//!   fewest steps of each follow from Manhattan walks and, per axis, the letters it
//!   must take each way; pieces standing where an agent must go, and friends beside
//!   the trap an agent dies on, must take a step too. Pieces are distinct, so their
//!   steps add up (again `e + max(o, e)`), and a piece given several tokens has their
//!   needs merged. The bound is the cheapest assignment, found by branch and bound.
//!
//! With no slack left, only steps that can lower the bound are tried: for the
//! assignment part, steps of a piece some assignment speaks about in a direction it
//! can use, and steps that may kill a piece or make a pull possible. States reached
//! again at the same depth (same board, pull possibility, token progress, and the
//! facts tokens can see about each piece's path) are searched once.
//!
//! # Writing
//! [`write()`] and [`write_move`] produce, for any legal move, a string that resolves
//! to exactly that move's resulting board, with as few tokens as the crate can find,
//! then as few characters. The algorithm:
//! 1. **Witness.** Find a turn reaching the same board with the fewest steps, then the
//!    fewest displaced pieces (a bounded search towards the target board). Its bucket
//!    `(k, d)` is the best any turn to that board can have. Every candidate token is a
//!    fact about this witness, so the witness satisfies any set of them (direction
//!    tokens are written in the order of the witness's steps).
//! 2. **Check.** A set of such tokens resolves to the move exactly when no turn that
//!    satisfies it, with fewer than `k` steps or with `k` steps and at most `d`
//!    displaced pieces, ends on another board. The check searches for such a
//!    *refuting* turn one step limit at a time (short refutations are found first).
//!    Refuting turns are kept and tried first on later sets, which rejects most sets
//!    without a search; the store starts with the witness minus the steps of some of
//!    its pieces (when still legal), which refutes every set that says nothing about
//!    those pieces, and with the witness where one of the mover's pieces is replaced
//!    by another of the same letter taking the same steps (when legal and no worse),
//!    which refutes every set that names that piece by letter and directions only.
//!    Resolving is monotone: adding true tokens to a set that resolves keeps it
//!    resolving, and a set implied by one that fails fails too.
//! 3. **Candidates.** For each piece the witness moves or kills, every token true of
//!    it: specifier = its letter, any square of its path, or both; property = its end
//!    (or capture) square, `x` if it died, or any subsequence of its step directions
//!    (with the square the first of them starts from), shortest first.
//! 4. **Fewest tokens.** For set sizes 1, 2, ...: for each set of pieces of that size
//!    that leaves some of the witness's pieces out, first check the conjunction of
//!    every destination and capture fact about them (letter and each square of the
//!    path); if even that fails, no choice of one destination or capture token per
//!    piece can work, and the set is skipped (the set of all the pieces is always
//!    tried: direction tokens may work where those facts do not). Then try one token
//!    per piece, best first by total length (a priority queue over the per-piece
//!    lists); the first combination that resolves is the shortest for that set. The
//!    first size with a solution wins; among its sets the shortest string wins.
//! 5. **Bounds.** The explicit form (one `<letter><start><end>` or `<letter><start>x`
//!    token per displaced or captured piece) is checked first and kept unless something
//!    shorter resolves, so the result is never longer than the explicit form whenever
//!    that resolves. If nothing else resolves, every step is written as direction
//!    tokens, consecutive steps of a piece merged (`Ed4ne rd5s`), which always
//!    resolves: its letters need every step of the turn, in order. Budgets on the
//!    number of searches and combinations bound the time; past them the best string so
//!    far is used.
//!
//! Tokens are written in the order the witness first moves their pieces. The search
//! space is one token per piece the witness moves or kills, so strings that need two
//! tokens about one piece, or a token about a piece that never moves, are not
//! considered (the step-by-step form covers those moves), and a set of pieces that
//! leaves some out and whose destination and capture facts are not enough is not
//! tried with direction tokens alone.
//!
//! [`Position::step_cap`]: crate::Position::step_cap

mod resolve;
mod search;
mod syntax;
mod write;

pub use resolve::{ResolveError, ResolveOptions, Resolved, TokenFailure};
pub use syntax::{
    Directions, Lightvector, ParseLightvectorError, Property, Specifier, Token, TokenError,
    MAX_INPUT_LEN, MAX_TOKENS,
};

use crate::{Move, MoveError, Position};

/// Why a Lightvector string does not give a legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LightvectorError {
    /// The text could not be read.
    #[error(transparent)]
    Parse(#[from] ParseLightvectorError),
    /// The tokens do not identify exactly one legal move.
    #[error(transparent)]
    Resolve(#[from] ResolveError),
}

impl Lightvector {
    /// The legal move these tokens identify in `pos` (strict reading).
    ///
    /// # Errors
    /// [`ResolveError`]: no legal move matches (with the reason), or several do.
    pub fn resolve(&self, pos: &Position) -> Result<Resolved, ResolveError> {
        resolve::resolve(pos, self.tokens(), ResolveOptions::default())
    }

    /// The legal move these tokens identify in `pos`, with `options`.
    ///
    /// # Errors
    /// As [`Lightvector::resolve`].
    pub fn resolve_with(
        &self,
        pos: &Position,
        options: ResolveOptions,
    ) -> Result<Resolved, ResolveError> {
        resolve::resolve(pos, self.tokens(), options)
    }
}

/// Reads a Lightvector string and resolves it in `pos` (strict reading).
///
/// # Errors
/// [`LightvectorError`]: the text cannot be read, or does not identify exactly one
/// legal move.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, LightvectorError> {
    let lv: Lightvector = text.parse()?;
    Ok(lv.resolve(pos)?.mv)
}

/// The shortest Lightvector form the crate finds for `mv`, a legal move in `pos`
/// (see the module documentation for the algorithm).
///
/// # Errors
/// [`MoveError`] when `mv` is not a legal move in `pos`.
pub fn write(pos: &Position, mv: &Move) -> Result<Lightvector, MoveError> {
    write::write(pos, mv)
}

/// [`write()`] as a string.
///
/// # Errors
/// [`MoveError`] when `mv` is not a legal move in `pos`.
pub fn write_move(pos: &Position, mv: &Move) -> Result<String, MoveError> {
    Ok(write(pos, mv)?.to_string())
}

#[cfg(test)]
mod tests;
