//! Tactics: exact answers to the two questions a search asks most often about the turn
//! in progress.
//!
//! - [`Position::goal_move`]: the fewest steps, and a shortest move, that end the turn with
//!   a rabbit of the side to move on its goal rank.
//! - [`Position::capture_moves`]: for every enemy piece, the fewest steps, and a move,
//!   that capture it this turn ([`Captures`]).
//!
//! Both count steps from the current state of the turn (steps already taken, a push to
//! complete, a pull available) within the steps it has left (its step cap, 1 to 4), both
//! give moves that [`Position::play`] accepts, and neither looks at a game's history.
//! Each is a small depth-first search over the legal steps with iterative deepening, cut
//! by lower bounds that never exceed the true number of steps (each bound's proof is on
//! its function); the tests compare both with the full-turn enumeration ([`Position::legal_moves`]).
//!
//! The defensive use (after a candidate move, the opponent's goal query) is shown on
//! [`Position::goal_move`].
//!
//! In a [`Game`](crate::Game), [`Game::goal_move`](crate::Game::goal_move) and
//! [`Game::capture_moves`](crate::Game::capture_moves) answer for the movement turn that
//! is due, under its step limit (a Dicey Moves roll included), with moves that
//! [`Game::play`](crate::Game::play) accepts; repetition never refuses a goal or a
//! capture (each method says why).

mod captures;
mod goal;
mod in_game;

pub use captures::{Captures, CapturesIter};

use crate::{Bitboard, Direction, Move, PieceKind, Position, Square, Step, MAX_STEPS};

/// The steps of the search from its root, on the stack.
struct Path {
    steps: [Step; MAX_STEPS],
    len: usize,
}

impl Path {
    const fn new() -> Path {
        Path {
            steps: [Step::new(Square::A1, Direction::North); MAX_STEPS],
            len: 0,
        }
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends a step; the searches never go deeper than the steps a turn has left.
    #[inline]
    fn push(&mut self, step: Step) {
        if let Some(slot) = self.steps.get_mut(self.len) {
            *slot = step;
            self.len += 1;
        }
    }

    #[inline]
    fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    #[inline]
    fn to_move(&self) -> Option<Move> {
        Move::from_steps(&self.steps[..self.len])
    }
}

/// Calls `f` with every legal step from a square of `from` or into a square of `to`
/// (each once), until it returns `true`; returns whether it did. Faster than filtering
/// [`Position::legal_steps`] when the sets are small: legality is decided here from
/// bitboards computed once (the rules of [`Position::check_step`]; a push waiting for
/// its second step falls back to it).
fn any_step_touching(
    pos: &Position,
    from: Bitboard,
    to: Bitboard,
    mut f: impl FnMut(Step) -> bool,
) -> bool {
    if pos.steps_left() == 0 {
        return false;
    }
    let board = pos.board();
    let occupied = board.occupied();
    let side = pos.side_to_move();
    let frozen = board.frozen(side);
    let own = board.color(side);
    let pull = pos.pull_source();
    let pushing = pos.pending_push().is_some();
    let back = Direction::backwards(side);
    // The pieces that may step now. With a push waiting, any piece of the mover (the
    // completing step) and `Position::is_legal_step` decides.
    let free = own & !frozen;
    let free_rabbits = free & board.pieces(PieceKind::Rabbit.of(side));
    // Enemy pieces beside an unfrozen stronger piece of the mover: they may be pushed.
    let mut pushable = Bitboard::EMPTY;
    if pos.steps_left() >= 2 {
        let mut stronger = Bitboard::EMPTY;
        for &kind in PieceKind::ALL.iter().rev() {
            pushable |= board.pieces(kind.of(!side)) & stronger.neighbours();
            stronger |= board.pieces(kind.of(side)) & !frozen;
        }
    }
    // Enemy pieces a pull under way may move into the square its piece left.
    let (pulled, pull_to) = match pull {
        Some((to, kind)) => (
            PieceKind::ALL[..kind.index()]
                .iter()
                .fold(Bitboard::EMPTY, |b, &k| b | board.pieces(k.of(!side)))
                & Bitboard::adjacent(to),
            Some(to),
        ),
        None => (Bitboard::EMPTY, None),
    };
    let any_dir = (free & !free_rabbits) | pushable;
    let movable = if pushing {
        own
    } else {
        any_dir | free_rabbits | pulled
    };
    // Whether the step of the piece on `sq` (in `movable`) in `dir` to the empty `to` is
    // legal: an unfrozen piece of the mover (a rabbit not backwards), a pushed enemy
    // piece, or a pulled one into the square the puller left.
    let legal = |sq: Square, dir: Direction, to: Square| -> bool {
        if pushing {
            return pos.is_legal_step(Step::new(sq, dir));
        }
        any_dir.contains(sq)
            || (free_rabbits.contains(sq) && dir != back)
            || (pulled.contains(sq) && pull_to == Some(to))
    };
    for sq in from & movable {
        for dir in Direction::ALL {
            let Some(t) = sq.step(dir) else { continue };
            if !occupied.contains(t) && legal(sq, dir, t) && f(Step::new(sq, dir)) {
                return true;
            }
        }
    }
    for sq in to & !occupied {
        for dir in Direction::ALL {
            let Some(n) = sq.step(dir) else { continue };
            if movable.contains(n) && !from.contains(n) {
                let back_dir = dir.opposite();
                if legal(n, back_dir, sq) && f(Step::new(n, back_dir)) {
                    return true;
                }
            }
        }
    }
    false
}
