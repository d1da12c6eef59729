//! The observation planes of a position and of a game, and their orientation ([`View`]).

use super::Action;
use crate::{Bitboard, Color, Piece, PieceKind, Position, Square};

/// The number of observation planes of a [`Position`] ([`Position::observation`]).
pub const CHANNELS: usize = 18;

/// The number of observation planes of a [`Game`](crate::Game)
/// ([`Game::observation`](crate::Game::observation)): the position's planes and the
/// repetition plane.
pub const GAME_CHANNELS: usize = CHANNELS + 1;

/// The orientation of the observation planes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum View {
    /// The board as it stands: Gold's pieces in planes 0 to 5, rank 1 in row 0.
    #[default]
    Absolute,
    /// The board as the side to move sees it: for Silver the ranks are reversed (rank 8
    /// in row 0) and the colours swapped (Silver's pieces in planes 0 to 5). For Gold it
    /// is [`View::Absolute`]. An action in this view is turned into the board's with
    /// [`Action::flip_ranks`] when Silver is to move ([`View::action`]).
    Mover,
}

impl View {
    /// Whether this view reverses the ranks and swaps the colours of `pos`.
    #[must_use]
    pub fn flips(self, pos: &Position) -> bool {
        self == View::Mover && pos.side_to_move() == crate::Color::Silver
    }

    /// The action of the board for an action chosen in this view of `pos` (and back: the
    /// map is its own inverse).
    #[must_use]
    pub fn action(self, pos: &Position, action: Action) -> Action {
        if self.flips(pos) {
            action.flip_ranks()
        } else {
            action
        }
    }
}

impl Position {
    /// Writes the observation planes into `out`, `CHANNELS` planes of 64 squares, in the
    /// shape `(CHANNELS, 8, 8)`: entry `out[64 * c + 8 * row + column]`, where column 0 is
    /// the a-file and row 0 is rank 1 (rank 8 in Silver's [`View::Mover`]). Every entry is
    /// 0 or 1 but plane 13.
    ///
    /// | planes | content |
    /// | --- | --- |
    /// | 0 to 5 | Gold's rabbits, cats, dogs, horses, camel, elephant (the mover's in [`View::Mover`]) |
    /// | 6 to 11 | Silver's, in the same order (the opponent's in [`View::Mover`]) |
    /// | 12 | all 1 when Gold is to move, all 0 when Silver is |
    /// | 13 | the steps left in the turn, divided by 4, on every square |
    /// | 14 | the square a pending push must fill (the square the pushed piece left) |
    /// | 15 | the square a pull may fill (the square the mover's piece has just left) |
    /// | 16 | the enemy pieces that pull may move |
    /// | 17 | the frozen pieces of both sides |
    ///
    /// Repetition is not seen here: [`Game::observation`](crate::Game::observation) adds
    /// a plane for it.
    pub fn observation(&self, view: View, out: &mut [f32; CHANNELS * 64]) {
        write_planes(self, view, out);
    }
}

/// [`Position::observation`] into the first [`CHANNELS`] planes of `out` (which has at
/// least that many).
fn write_planes(pos: &Position, view: View, out: &mut [f32]) {
    let out = &mut out[..CHANNELS * 64];
    out.fill(0.0);
    let flip = view.flips(pos);
    let at = |sq: Square| {
        let sq = if flip { sq.flip_ranks() } else { sq };
        usize::from(sq.index())
    };
    let mut mark = |plane: usize, squares: Bitboard| {
        for sq in squares {
            out[64 * plane + at(sq)] = 1.0;
        }
    };

    let board = pos.board();
    for (k, &kind) in PieceKind::ALL.iter().enumerate() {
        for colour in [Color::Gold, Color::Silver] {
            let own = (colour == Color::Gold) != flip;
            let plane = if own { k } else { 6 + k };
            mark(plane, board.pieces(Piece::new(colour, kind)));
        }
    }
    let square = |o: Option<(Square, PieceKind)>| o.map_or(Bitboard::EMPTY, |(sq, _)| sq.into());
    mark(14, square(pos.pending_push()));
    mark(15, square(pos.pull_source()));
    mark(16, pos.turn_state().pullable());
    mark(17, board.frozen(Color::Gold) | board.frozen(Color::Silver));

    let side = f32::from(u8::from(pos.side_to_move() == Color::Gold));
    out[64 * 12..64 * 13].fill(side);
    out[64 * 13..64 * 14].fill(f32::from(pos.steps_left()) / 4.0);
}

impl crate::Game {
    /// The observation planes of the current position ([`Position::observation`]) and
    /// plane 18: how many times the current position (board and side to move) has
    /// occurred since play began ([`Game::times_seen`](crate::Game::times_seen)), divided
    /// by 3 and at most 1, on every square.
    pub fn observation(&self, view: View, out: &mut [f32; GAME_CHANNELS * 64]) {
        write_game_planes(self.position(), self.times_seen(self.position()), view, out);
    }
}

/// The planes of `pos` and the repetition plane of a position seen `seen` times.
pub(super) fn write_game_planes(
    pos: &Position,
    seen: u32,
    view: View,
    out: &mut [f32; GAME_CHANNELS * 64],
) {
    write_planes(pos, view, out);
    out[CHANNELS * 64..].fill(seen.min(3) as f32 / 3.0);
}

/// Mirrors observation planes left to right in place (files a to h reversed): every row
/// of 8 entries is reversed, for any number of planes ([`CHANNELS`], [`GAME_CHANNELS`]).
/// The planes of [`Position::mirror_files`] are those of the position, mirrored; its
/// actions are [`Action::mirror`] of the position's. Entries past the last whole row
/// are left alone.
pub fn mirror_planes(planes: &mut [f32]) {
    for row in planes.chunks_exact_mut(8) {
        row.reverse();
    }
}
