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
//! give moves that [`Position::play`] accepts, and both ignore repetition. Each is a small
//! depth-first search over the legal steps with iterative deepening, cut by lower bounds
//! that never exceed the true number of steps (each bound's proof is on its function);
//! the tests compare both with the full-turn enumeration ([`Position::legal_moves`]).
//!
//! The defensive use (after a candidate move, the opponent's goal query) is shown on
//! [`Position::goal_move`].

mod captures;
mod goal;

pub use captures::Captures;

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
    let pull = pos.pull_source();
    let pushing = pos.pending_push().is_some();
    let two_left = pos.steps_left() >= 2;
    let back = Direction::backwards(side);
    // An enemy piece moves only when pushed (a piece of the mover beside it) or pulled
    // (beside the square a piece of the mover just left).
    let pull_zone = pull.map_or(Bitboard::EMPTY, |(sq, _)| Bitboard::adjacent(sq));
    let mut stuck = board.color(!side) & !((board.color(side) & !frozen).neighbours() | pull_zone);
    if !pushing {
        // A frozen piece of the mover moves only to complete a push.
        stuck |= frozen;
    }
    // Whether the step of the piece on `sq` in `dir` is legal, its target being empty.
    let legal = |sq: Square, dir: Direction, to: Square| -> bool {
        if pushing {
            return pos.is_legal_step(Step::new(sq, dir));
        }
        let Some(piece) = board.piece_at(sq) else {
            return false;
        };
        if piece.color == side {
            // Unfrozen (not `stuck`); a rabbit never steps backwards.
            return !(piece.kind == PieceKind::Rabbit && dir == back);
        }
        if let Some((t, k)) = pull {
            if to == t && piece.kind < k {
                return true;
            }
        }
        two_left
            && (board.stronger_than(side, piece.kind) & !frozen & Bitboard::adjacent(sq)).any()
    };
    for sq in from & occupied & !stuck {
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
            if occupied.contains(n) && !stuck.contains(n) && !from.contains(n) {
                let back_dir = dir.opposite();
                if legal(n, back_dir, sq) && f(Step::new(n, back_dir)) {
                    return true;
                }
            }
        }
    }
    false
}
