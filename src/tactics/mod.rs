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

use crate::{
    Bitboard, Board, Color, Direction, Move, PieceKind, Position, Square, Step, MAX_STEPS,
};

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
/// [`Position::legal_steps`] when the sets are small: legality is decided by
/// [`StepRights`], from bitboards computed once.
fn any_step_touching(
    pos: &Position,
    from: Bitboard,
    to: Bitboard,
    mut f: impl FnMut(Step) -> bool,
) -> bool {
    if pos.steps_left() == 0 {
        return false;
    }
    let occupied = pos.board().occupied();
    let rights = StepRights::of(pos);

    // Steps from the squares of `from`.
    for sq in from & rights.movable {
        for dir in Direction::ALL {
            let Some(t) = sq.step(dir) else { continue };
            if !occupied.contains(t) && rights.allows(pos, sq, dir, t) && f(Step::new(sq, dir)) {
                return true;
            }
        }
    }

    // Steps into the empty squares of `to`, from pieces not on `from` (given above).
    for sq in to & !occupied {
        for dir in Direction::ALL {
            let Some(n) = sq.step(dir) else { continue };
            if rights.movable.contains(n) && !from.contains(n) {
                let back_dir = dir.opposite();
                if rights.allows(pos, n, back_dir, sq) && f(Step::new(n, back_dir)) {
                    return true;
                }
            }
        }
    }
    false
}

/// Which pieces may step now, and how, by the rules of [`Position::check_step`], as
/// bitboards: an unfrozen piece of the mover (a rabbit not backwards), an enemy piece
/// beside a stronger unfrozen piece of the mover with two steps left (a push), an enemy
/// piece weaker than the piece that just left a square beside it, into that square (a
/// pull). With a push waiting for its second step, any piece of the mover may be the
/// one to complete it, and [`Position::is_legal_step`] decides.
struct StepRights {
    /// The pieces that may step at all.
    movable: Bitboard,
    /// Pieces that may step in any direction: the mover's unfrozen pieces other than
    /// rabbits, and the enemy pieces that may be pushed.
    any_dir: Bitboard,
    /// The mover's unfrozen rabbits (not backwards).
    free_rabbits: Bitboard,
    /// The backward direction of the mover's rabbits.
    back: Direction,
    /// Enemy pieces a pull under way may move, and the square they may move into.
    pulled: Bitboard,
    pull_to: Option<Square>,
    /// Whether a push waits for its second step.
    pushing: bool,
}

impl StepRights {
    #[inline(always)]
    fn of(pos: &Position) -> StepRights {
        let board = pos.board();
        let side = pos.side_to_move();
        let frozen = board.frozen(side);
        let own = board.color(side);
        let free = own & !frozen;
        let free_rabbits = free & board.pieces(PieceKind::Rabbit.of(side));
        let pushing = pos.pending_push().is_some();
        let pushable = if pos.steps_left() >= 2 {
            pushable(board, side, free, Bitboard::FULL)
        } else {
            Bitboard::EMPTY
        };
        let (pulled, pull_to) = match pos.pull_source() {
            Some((to, kind)) => (
                board.weaker_than(!side, kind) & Bitboard::adjacent(to),
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
        StepRights {
            movable,
            any_dir,
            free_rabbits,
            back: Direction::backwards(side),
            pulled,
            pull_to,
            pushing,
        }
    }

    /// Whether the piece on `sq` (one of `movable`) may step in `dir` to the empty
    /// square `to`.
    #[inline(always)]
    fn allows(&self, pos: &Position, sq: Square, dir: Direction, to: Square) -> bool {
        if self.pushing {
            return pos.is_legal_step(Step::new(sq, dir));
        }
        self.any_dir.contains(sq)
            || (self.free_rabbits.contains(sq) && dir != self.back)
            || (self.pulled.contains(sq) && self.pull_to == Some(to))
    }
}

/// The enemy pieces on `pushed` that a stronger unfrozen piece of the mover (`free`)
/// stands beside: those a push may move. Found among the enemy pieces beside any free
/// piece, a kind at a time from the strongest, widened only for the kinds among them.
#[inline(always)]
fn pushable(board: &Board, side: Color, free: Bitboard, pushed: Bitboard) -> Bitboard {
    let near = board.color(!side) & pushed & free.neighbours();
    let mut pushable = Bitboard::EMPTY;
    if near.any() {
        let mut stronger = Bitboard::EMPTY;
        for &kind in PieceKind::ALL.iter().rev() {
            let these = near & board.kind(kind);
            if these.any() {
                pushable |= these & stronger.neighbours();
            }
            stronger |= board.pieces(kind.of(side)) & free;
        }
    }
    pushable
}
