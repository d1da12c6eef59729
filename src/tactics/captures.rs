//! The captures query: for every enemy piece, the fewest steps to capture it this turn.

use core::fmt;

use crate::{Bitboard, Board, Color, Move, PieceKind, Position, Square};

use super::Path;

/// For each enemy piece that the side to move can capture this turn, a shortest turn
/// capturing it, keyed by the square the piece stands on now. Held on the stack (a slot
/// per square, no allocation); iteration runs from a1 to h8.
#[derive(Clone)]
pub struct Captures {
    found: Bitboard,
    moves: [Move; 64],
}

impl Captures {
    /// No captures.
    pub const fn new() -> Captures {
        Captures {
            found: Bitboard::EMPTY,
            moves: [Move::EMPTY; 64],
        }
    }

    /// A shortest turn capturing the enemy piece now on `square`; its
    /// [`len`](Move::len) is the fewest steps. `None` when that piece cannot be captured
    /// this turn (or no enemy piece stands there).
    #[inline]
    pub fn get(&self, square: Square) -> Option<&Move> {
        if self.found.contains(square) {
            Some(&self.moves[square.index() as usize])
        } else {
            None
        }
    }

    /// The squares of the enemy pieces that can be captured.
    #[inline]
    pub fn squares(&self) -> Bitboard {
        self.found
    }

    /// The number of enemy pieces that can be captured.
    #[inline]
    pub fn len(&self) -> usize {
        self.found.count() as usize
    }

    /// Whether no enemy piece can be captured.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// The fewest steps over all captures, if any.
    pub fn fewest_steps(&self) -> Option<usize> {
        self.iter().map(|(_, m)| m.len()).min()
    }

    /// Each capturable piece's square and a shortest turn capturing it, a1 first.
    pub fn iter(&self) -> impl Iterator<Item = (Square, &Move)> + '_ {
        self.found
            .iter()
            .map(move |sq| (sq, &self.moves[sq.index() as usize]))
    }

    fn insert(&mut self, square: Square, mv: Move) {
        self.found = self.found.with(square);
        self.moves[square.index() as usize] = mv;
    }
}

impl Default for Captures {
    fn default() -> Self {
        Captures::new()
    }
}

impl fmt::Debug for Captures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl Position {
    /// For every enemy piece, named by the square it stands on now, the fewest steps of
    /// a legal turn during which it is captured, with one such turn (a complete move that
    /// [`Position::play`] accepts), using at most the steps the turn has left.
    ///
    /// A turn may not end in the middle of a push, so a capture by a push costs both of
    /// its steps. In the middle of a turn, pieces captured earlier in the turn are no
    /// longer on the board and are not listed; pulls and pushes under way are taken into
    /// account. Repetition is not considered (see [`Position::goal_move`]).
    ///
    /// ```
    /// use arimaa::{Position, Square};
    /// // Gold's elephant on d3 pushes Silver's dog on d4... no: it pulls the cat on c4?
    /// // Silver's cat on d3 stands beside the trap c3 and Gold's dog on e3 pushes it in.
    /// let pos: Position =
    ///     "g [r       e                                       cD  R        ]".parse()?;
    /// let captures = pos.capture_moves();
    /// let push = captures.get(Square::D3).expect("the cat can be pushed into c3");
    /// assert_eq!(push.len(), 2);
    /// assert_eq!(pos.play(push)?.board().piece_at(Square::D3), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn capture_moves(&self) -> Captures {
        let mut out = Captures::new();
        let left = self.steps_left();
        let identity = Origins::identity();
        let mut search = CaptureSearch {
            side: self.side_to_move(),
            out: &mut out,
            path: Path::new(),
        };
        if !search.has_target(self, &identity, Bitboard::EMPTY, left) {
            return out;
        }
        // Iterative deepening: a piece is first captured at the limit equal to its
        // fewest steps, and is no target at deeper limits.
        for limit in 1..=left {
            search.node(self, &identity, Bitboard::EMPTY, limit);
        }
        out
    }
}

/// For each square, where the enemy piece now on it stood when the query began.
#[derive(Clone, Copy)]
struct Origins([Square; 64]);

impl Origins {
    const fn identity() -> Origins {
        Origins(Square::ALL)
    }

    #[inline]
    fn of(&self, sq: Square) -> Square {
        self.0[sq.index() as usize]
    }
}

struct CaptureSearch<'a> {
    side: Color,
    out: &'a mut Captures,
    path: Path,
}

impl CaptureSearch<'_> {
    /// Searches on from `pos` with `k` more steps; `captured` holds the origins of the
    /// enemy pieces captured on the way here.
    fn node(&mut self, pos: &Position, origins: &Origins, captured: Bitboard, k: u8) {
        let fresh = captured & !self.out.found;
        if fresh.any() && pos.check_end_turn().is_ok() {
            if let Some(mv) = self.path.to_move() {
                for origin in fresh {
                    self.out.insert(origin, mv);
                }
            }
        }
        if k == 0 || !self.has_target(pos, origins, captured, k) {
            return;
        }
        for &step in pos.legal_steps().iter() {
            let mut child = pos.clone();
            let effect = child.play_step_unchecked(step);
            let mut child_origins = *origins;
            if effect.piece.color != self.side {
                child_origins.0[effect.to.index() as usize] = origins.of(effect.from);
            }
            let mut child_captured = captured;
            if let Some(c) = effect.capture {
                if c.piece.color != self.side {
                    child_captured = child_captured.with(child_origins.of(c.square));
                }
            }
            self.path.push(step);
            self.node(&child, &child_origins, child_captured, k - 1);
            self.path.pop();
        }
    }

    /// Whether some enemy piece not yet found could still be captured within `k` steps
    /// from `pos`: one captured on the way here whose push is still to be completed, or
    /// one on the board whose lower bound is at most `k`.
    fn has_target(&self, pos: &Position, origins: &Origins, captured: Bitboard, k: u8) -> bool {
        if (captured & !self.out.found).any() {
            return true;
        }
        let board = pos.board();
        let enemy = board.color(!self.side) & TRAP_ZONE;
        enemy.iter().any(|sq| {
            !self.out.found.contains(origins.of(sq)) && capture_lower_bound(pos, sq) <= k
        })
    }
}

/// The squares at most two steps from a trap: an enemy piece moves one square per push
/// or pull, two steps each, so no other piece can reach a trap within four steps.
const TRAP_ZONE: Bitboard = {
    let t = Bitboard::TRAPS;
    let one = t.union(t.neighbours());
    one.union(one.neighbours())
};

/// The Manhattan distance between two squares.
#[inline]
fn distance(a: Square, b: Square) -> u8 {
    let (fa, ra) = (a.index() & 7, a.index() >> 3);
    let (fb, rb) = (b.index() & 7, b.index() >> 3);
    fa.abs_diff(fb) + ra.abs_diff(rb)
}

/// The pieces of `color` strictly stronger than `kind`.
#[inline]
fn stronger(board: &Board, color: Color, kind: PieceKind) -> Bitboard {
    PieceKind::ALL[kind.index() + 1..]
        .iter()
        .fold(Bitboard::EMPTY, |b, &k| b | board.kind(k))
        & board.color(color)
}

/// A lower bound on the steps of a turn from `pos` capturing the enemy piece on `sq`
/// (`u8::MAX` when none can).
///
/// Admissible, by these facts: an enemy piece is captured only on a trap with no friend
/// beside it, and only enemy steps can bring that about (a step of the mover's piece
/// removes at most a piece of the mover). Enemy pieces move only in pushes and pulls,
/// one piece one square per two steps, except that a pull already begun (see
/// [`Position::pull_source`]) moves one piece in one step, and a push waiting for its
/// second step costs that step first. So a piece `m` squares from a trap needs `2m`
/// steps, each other friend beside the trap two more, a friend on the trap two more; a
/// piece on a trap needs its friends beside it gone, two steps each. A trap three or
/// more squares away costs at least six steps, more than a turn has. A piece that must
/// move first, with no stronger unfrozen piece of the mover beside it (and no pull
/// pending), needs one more step to bring or free one. The mover's elephant has nothing
/// stronger than it to move it.
fn capture_lower_bound(pos: &Position, sq: Square) -> u8 {
    let side = pos.side_to_move();
    let board = pos.board();
    let Some(piece) = board.piece_at(sq) else {
        return u8::MAX;
    };
    let enemy = board.color(!side);
    let push = u8::from(pos.pending_push().is_some());
    // Enemy pieces a pull already begun may move into its square with one step.
    let pullable = match pos.pull_source() {
        Some((to, kind)) => {
            enemy & Bitboard::adjacent(to) & !stronger_or_equal(board, kind)
        }
        None => Bitboard::EMPTY,
    };
    if sq.is_trap() {
        let friends = enemy & Bitboard::adjacent(sq);
        let cost = 2 * friends.count() as u8;
        let discount = u8::from((friends & pullable).any());
        return (cost + push).saturating_sub(discount);
    }
    let movers = stronger(board, side, piece.kind);
    if movers.is_empty() {
        return u8::MAX;
    }
    let helpers = movers & !board.frozen(side) & Bitboard::adjacent(sq);
    let mut best = u8::MAX;
    for trap in Square::TRAPS {
        let m = distance(sq, trap);
        if m > 2 {
            continue;
        }
        let others = enemy & Bitboard::adjacent(trap) & !Bitboard::from_square(sq);
        let on_trap = enemy & Bitboard::from_square(trap);
        let involved = others | on_trap | Bitboard::from_square(sq);
        let mut cost = 2 * (m + others.count() as u8 + on_trap.count() as u8) + push;
        if (involved & pullable).any() {
            cost -= 1;
        } else if push == 0 && (others | on_trap).is_empty() && helpers.is_empty() {
            cost += 1;
        }
        best = best.min(cost);
    }
    best
}

/// The pieces of either colour at least as strong as `kind`.
#[inline]
fn stronger_or_equal(board: &Board, kind: PieceKind) -> Bitboard {
    PieceKind::ALL[kind.index()..]
        .iter()
        .fold(Bitboard::EMPTY, |b, &k| b | board.kind(k))
}
