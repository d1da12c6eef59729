//! Step generation and step application: the rules of a single step.

use core::fmt;
use core::ops::Deref;

use crate::position::TurnState;
use crate::{zobrist, Bitboard, Board, Capture, Color, Direction, PieceKind, Step, StepEffect};
use crate::{Piece, StepKind};

/// The capacity of a [`StepList`]. Every step crosses one edge of the 8x8 grid from an
/// occupied square to an empty one, and the grid has 2 * 8 * 7 = 112 edges, so no
/// position has more than 112 legal steps.
pub const MAX_LEGAL_STEPS: usize = 112;

/// The legal steps of a position, held on the stack (no allocation).
#[derive(Clone)]
pub struct StepList {
    steps: [Step; MAX_LEGAL_STEPS],
    len: usize,
}

impl StepList {
    pub(crate) const fn new() -> StepList {
        StepList {
            steps: [Step::new(crate::Square::A1, Direction::North); MAX_LEGAL_STEPS],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, step: Step) {
        // The bound is proven above; a longer list would be a bug in generation.
        debug_assert!(self.len < MAX_LEGAL_STEPS);
        if self.len < MAX_LEGAL_STEPS {
            self.steps[self.len] = step;
            self.len += 1;
        }
    }

    #[inline]
    fn push_all(&mut self, from: Bitboard, dir: Direction) {
        for sq in from {
            self.push(Step::new(sq, dir));
        }
    }
}

impl Deref for StepList {
    type Target = [Step];
    #[inline]
    fn deref(&self) -> &[Step] {
        &self.steps[..self.len]
    }
}

impl fmt::Debug for StepList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a StepList {
    type Item = &'a Step;
    type IntoIter = core::slice::Iter<'a, Step>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Appends every legal step of `side` in turn state `turn` to `out`.
pub(crate) fn gen_steps(board: &Board, side: Color, turn: &TurnState, out: &mut StepList) {
    if turn.taken >= turn.cap {
        return;
    }
    let empty = !board.occupied();
    let own = board.color(side);
    let frozen = board.frozen(side);
    let mobile = own & !frozen;

    if let Some((sq, kind)) = turn.push {
        let pushers = board.stronger_than(side, kind) & mobile & Bitboard::adjacent(sq);
        for p in pushers {
            if let Some(step) = Step::between(p, sq) {
                out.push(step);
            }
        }
        return;
    }

    // Simple steps; rabbits never step backwards on their own.
    let rabbits = board.pieces(PieceKind::Rabbit.of(side));
    let back = Direction::backwards(side);
    for dir in Direction::ALL {
        let mut movers = mobile & empty.shift(dir.opposite());
        if dir == back {
            movers &= !rabbits;
        }
        out.push_all(movers, dir);
    }

    // Pulls: enemy pieces weaker than the piece that just left `sq` step into it.
    let mut pulled = Bitboard::EMPTY;
    let mut pull_sq = Bitboard::EMPTY;
    if let Some((sq, kind)) = turn.pull {
        pull_sq = Bitboard::from_square(sq);
        pulled = board.weaker_than(!side, kind) & Bitboard::adjacent(sq);
        for v in pulled {
            if let Some(step) = Step::between(v, sq) {
                out.push(step);
            }
        }
    }

    // First steps of pushes: an enemy piece beside a stronger unfrozen piece of ours
    // moves to an empty square beside it. A step into the pull square by a piece that
    // could be pulled there was listed as a pull already.
    if turn.left() >= 2 {
        let mut pushable = Bitboard::EMPTY;
        for kind in PieceKind::ALL.into_iter().take(5) {
            let strong = board.stronger_than(side, kind) & mobile;
            pushable |= board.pieces(kind.of(!side)) & strong.neighbours();
        }
        for dir in Direction::ALL {
            let mut victims = pushable & empty.shift(dir.opposite());
            victims &= !(pulled & pull_sq.shift(dir.opposite()));
            out.push_all(victims, dir);
        }
    }
}

/// Plays `step` (assumed legal) for `side`: moves the piece, removes a piece left
/// unsupported on a trap, updates the hash and the turn state.
///
/// # Panics
/// If there is no piece on `step.from` or the step leaves the board.
pub(crate) fn apply_step(
    board: &mut Board,
    hash: &mut u64,
    side: Color,
    turn: &mut TurnState,
    step: Step,
) -> StepEffect {
    let from = step.from;
    let (Some(to), Some(piece)) = (step.to(), board.piece_at(from)) else {
        panic!("apply_step: illegal step {step}");
    };
    let kind = if turn.push.is_some() {
        StepKind::PushFinish
    } else if piece.color == side {
        StepKind::Simple
    } else {
        match turn.pull {
            Some((sq, k)) if sq == to && piece.kind < k => StepKind::Pulled,
            _ => StepKind::Pushed,
        }
    };
    board.move_piece(piece, from, to);
    *hash ^= zobrist::piece_key(piece, from) ^ zobrist::piece_key(piece, to);
    let capture = remove_unsupported(board, hash, piece.color);
    turn.taken += 1;
    match kind {
        StepKind::Simple => {
            turn.pull = Some((from, piece.kind));
            turn.push = None;
        }
        StepKind::Pushed => {
            turn.push = Some((from, piece.kind));
            turn.pull = None;
        }
        StepKind::PushFinish | StepKind::Pulled => {
            turn.push = None;
            turn.pull = None;
        }
    }
    StepEffect {
        piece,
        from,
        to,
        kind,
        capture,
    }
}

/// Removes the piece of `color` left on a trap without a friend, if any. Only the
/// moving piece's colour can lose support, and no square touches two traps, so a step
/// captures at most one piece.
#[inline]
fn remove_unsupported(board: &mut Board, hash: &mut u64, color: Color) -> Option<Capture> {
    let own = board.color(color);
    let sq = (own & Bitboard::TRAPS & !own.neighbours()).first()?;
    let kind = PieceKind::ALL
        .into_iter()
        .find(|&k| board.kind(k).contains(sq))?;
    let piece = Piece::new(color, kind);
    board.toggle(piece, sq);
    *hash ^= zobrist::piece_key(piece, sq);
    Some(Capture { piece, square: sq })
}
