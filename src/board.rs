//! Piece placement: one bitboard per colour and one per kind.

use core::fmt;

use crate::{zobrist, Bitboard, Color, Piece, PieceKind, Rank, Square};

/// Where the pieces stand. A `Board` is a plain, editable placement with no rules
/// attached: any arrangement can be built. It becomes playable through
/// [`Position::new`](crate::Position::new), which checks it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    colors: [Bitboard; 2],
    kinds: [Bitboard; 6],
}

/// 1 when `sq` is in `b`, else 0: a bit to compute with, where a branch on it would
/// mispredict.
#[inline(always)]
fn bit_at(b: Bitboard, sq: Square) -> usize {
    ((b.0 >> sq.index()) & 1) as usize
}

impl Board {
    /// The board with no pieces.
    #[must_use]
    pub const fn empty() -> Board {
        Board {
            colors: [Bitboard::EMPTY; 2],
            kinds: [Bitboard::EMPTY; 6],
        }
    }

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.colors[0].contains(sq) {
            Color::Gold
        } else if self.colors[1].contains(sq) {
            Color::Silver
        } else {
            return None;
        };
        let kind = self.kind_at(sq)?;
        Some(Piece { color, kind })
    }

    /// The kind of the piece on `sq`, if any, without its colour: [`Board::piece_at`]'s
    /// kind, for callers that know whose piece stands there (one colour test fewer).
    ///
    /// ```
    /// use arimaa::{Board, Piece, PieceKind, Square};
    /// let mut board = Board::empty();
    /// board.set(Square::C3, Piece::from_char('d'));
    /// assert_eq!(board.kind_at(Square::C3), Some(PieceKind::Dog));
    /// assert_eq!(board.kind_at(Square::C4), None);
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn kind_at(&self, sq: Square) -> Option<PieceKind> {
        // The kind's index read bit by bit, with no walk over the kinds (a walk that
        // stops at the piece's kind mispredicts its exit): bit 0 is set for the cat,
        // horse and elephant (1, 3, 5), bit 1 for the dog and horse (2, 3), bit 2 for
        // the camel and elephant (4, 5). A square is in at most one kind's set (every
        // edit toggles one kind and one colour together), so these bits spell its
        // index; an empty square (in no colour's set, so in no kind's) is sent to 6,
        // which is no kind.
        let k = &self.kinds;
        let index = bit_at(k[1] | k[3] | k[5], sq)
            | bit_at(k[2] | k[3], sq) << 1
            | bit_at(k[4] | k[5], sq) << 2;
        let empty = 1 - bit_at(self.occupied(), sq);
        PieceKind::from_index(index | (6 * empty))
    }

    /// Puts `piece` on `sq`, replacing whatever stood there.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if let Some(old) = self.piece_at(sq) {
            self.toggle(old, sq);
        }
        if let Some(new) = piece {
            self.toggle(new, sq);
        }
    }

    /// Moves the piece on `from` to the empty square `to` and returns it: the placement
    /// edit behind a step, for code that plays steps on a bare board, such as a search
    /// that needs no hash keys (a [`Position`](crate::Position) keeps its keys up to date
    /// with every step). No rule is applied: no trap is looked at and the squares need
    /// not be adjacent. `None`, with the board unchanged, when `from` is empty or `to`
    /// is taken.
    ///
    /// ```
    /// use arimaa::{Board, Color, PieceKind, Square};
    /// let mut board = Board::empty();
    /// board.set(Square::D4, Some(PieceKind::Cat.of(Color::Gold)));
    /// assert_eq!(board.relocate(Square::D4, Square::D5), Some(PieceKind::Cat.of(Color::Gold)));
    /// assert_eq!(board.piece_at(Square::D4), None);
    /// assert_eq!(board.relocate(Square::D4, Square::D3), None); // nothing on d4
    /// board.set(Square::D6, Some(PieceKind::Dog.of(Color::Silver)));
    /// assert_eq!(board.relocate(Square::D5, Square::D6), None); // d6 is taken
    /// assert_eq!(board.piece_at(Square::D6), Some(PieceKind::Dog.of(Color::Silver)));
    /// ```
    #[inline]
    pub fn relocate(&mut self, from: Square, to: Square) -> Option<Piece> {
        if self.occupied().contains(to) {
            return None;
        }
        let piece = self.piece_at(from)?;
        self.move_piece(piece, from, to);
        Some(piece)
    }

    /// Flips the presence of `piece` on `sq` in both bitboards (place on an empty square,
    /// or remove the piece that is there).
    #[inline]
    pub(crate) fn toggle(&mut self, piece: Piece, sq: Square) {
        let b = Bitboard::from_square(sq);
        self.colors[piece.color.index()] ^= b;
        self.kinds[piece.kind.index()] ^= b;
    }

    /// Moves `piece` from `from` to the empty square `to`.
    #[inline]
    pub(crate) fn move_piece(&mut self, piece: Piece, from: Square, to: Square) {
        let b = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.colors[piece.color.index()] ^= b;
        self.kinds[piece.kind.index()] ^= b;
    }

    /// The squares holding pieces of `color`.
    #[inline]
    #[must_use]
    pub const fn color(&self, color: Color) -> Bitboard {
        self.colors[color as usize]
    }

    /// The squares holding pieces of `kind`, of either colour.
    #[inline]
    #[must_use]
    pub const fn kind(&self, kind: PieceKind) -> Bitboard {
        self.kinds[kind as usize]
    }

    /// The squares holding `piece`.
    #[inline]
    #[must_use]
    pub const fn pieces(&self, piece: Piece) -> Bitboard {
        self.colors[piece.color as usize].intersect(self.kinds[piece.kind as usize])
    }

    /// The occupied squares.
    #[inline]
    #[must_use]
    pub const fn occupied(&self) -> Bitboard {
        self.colors[0].union(self.colors[1])
    }

    /// The number of pieces equal to `piece`.
    #[must_use]
    pub const fn count(&self, piece: Piece) -> u32 {
        self.pieces(piece).count()
    }

    /// The pieces of `color` that are strictly stronger than `kind`: the pieces that
    /// freeze, push or pull a piece of `kind` of the other colour beside them. This is
    /// the one place the crate builds "stronger than" (freezing, move generation, the
    /// turn search and Harlog all use it or [`Board::weaker_than`]).
    #[inline]
    pub fn stronger_than(&self, color: Color, kind: PieceKind) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        let mut k = kind.index() + 1;
        while k < 6 {
            b |= self.kinds[k];
            k += 1;
        }
        b & self.colors[color.index()]
    }

    /// The pieces of `color` that are strictly weaker than `kind`: those a piece of
    /// `kind` of the other colour may push or pull (and freezes when beside them).
    #[inline]
    pub fn weaker_than(&self, color: Color, kind: PieceKind) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        let mut k = 0;
        while k < kind.index() {
            b |= self.kinds[k];
            k += 1;
        }
        b & self.colors[color.index()]
    }

    /// The pieces of the opponent of `color` on `among` that stand beside a strictly
    /// stronger piece of `movers` (pieces of `color`): those the movers may push or pull,
    /// found a kind at a time from the strongest ("stronger than" as
    /// [`Board::stronger_than`] builds it, for all kinds in one walk).
    ///
    /// ```
    /// use arimaa::{Board, Color, Piece, Square};
    /// let mut board = Board::empty();
    /// board.set(Square::D4, Piece::from_char('E'));
    /// board.set(Square::D5, Piece::from_char('r'));
    /// board.set(Square::E4, Piece::from_char('e'));
    /// let gold = board.color(Color::Gold);
    /// let pushable = board.pushable_by(Color::Gold, gold, board.color(Color::Silver));
    /// // The rabbit, not the equally strong elephant.
    /// assert_eq!(pushable.iter().collect::<Vec<_>>(), [Square::D5]);
    /// ```
    #[inline]
    #[must_use]
    pub fn pushable_by(&self, color: Color, movers: Bitboard, among: Bitboard) -> Bitboard {
        let movers = movers & self.colors[color.index()];
        let near = self.colors[color.opponent().index()] & among & movers.neighbours();
        let mut pushable = Bitboard::EMPTY;
        if near.any() {
            // `stronger`: the movers stronger than kind k. Every kind below the elephant
            // is read, with no test of whether it stands in `near`: that test
            // mispredicts, and the goal search asks this at many nodes.
            let mut stronger = Bitboard::EMPTY;
            for k in (0..5).rev() {
                stronger |= movers & self.kinds[k + 1];
                pushable |= near & self.kinds[k] & stronger.neighbours();
            }
        }
        pushable
    }

    /// The pieces of `color` with a strictly stronger enemy piece beside them: those
    /// the enemy may push or pull, frozen unless a friend stands beside them too.
    #[inline]
    pub fn threatened(&self, color: Color) -> Bitboard {
        self.threatened_among(color, self.colors[color.index()])
    }

    /// [`Board::threatened`] restricted to the pieces of `among`.
    #[inline]
    fn threatened_among(&self, color: Color, among: Bitboard) -> Bitboard {
        let enemy = self.colors[color.opponent().index()];
        let mut threatened = Bitboard::EMPTY;
        // Walk down from the elephant: `stronger` is the enemy pieces stronger than kind
        // k (what `stronger_than` gives, built once for all kinds).
        let mut stronger = Bitboard::EMPTY;
        for k in (0..5).rev() {
            stronger |= enemy & self.kinds[k + 1];
            threatened |= among & self.kinds[k] & stronger.neighbours();
        }
        threatened
    }

    /// The frozen pieces of `color`: those with a strictly stronger enemy piece beside them
    /// and no friendly piece beside them.
    #[must_use]
    pub fn frozen(&self, color: Color) -> Bitboard {
        let own = self.colors[color.index()];
        let lonely = own & !own.neighbours();
        if lonely.is_empty() {
            return Bitboard::EMPTY;
        }
        self.threatened_among(color, lonely)
    }

    /// [`Board::frozen`] restricted to the pieces of `among` (the same answer on them).
    ///
    /// The walk goes up from the rabbit over the five kinds below the elephant: a lonely
    /// piece of kind `k` is frozen exactly when an enemy piece of a kind above `k` stands
    /// beside it, the enemy pieces not among the kinds up to `k` (the elephant, above
    /// every kind, is never frozen). It walks every kind, with no early end when no
    /// lonely piece is left or a kind has none: those tests cost fewer instructions but
    /// mispredict, and the goal and capture queries, which call this at most nodes, ran
    /// 2 to 10 % faster by the wall clock without them (docs/tactics.md, "Core
    /// primitives, thirteenth round"). So it costs the same whatever `among` holds: a
    /// caller that reads several sets of one board asks once, for their union (or
    /// [`Bitboard::FULL`]).
    #[must_use]
    pub(crate) fn frozen_among(&self, color: Color, among: Bitboard) -> Bitboard {
        let own = self.colors[color.index()];
        let lonely = among & own & !own.neighbours() & !self.kinds[5];
        let enemy = self.colors[color.opponent().index()];
        let mut frozen = Bitboard::EMPTY;
        let mut stronger = enemy;
        for kind in &self.kinds[..5] {
            stronger &= !*kind;
            frozen |= lonely & *kind & stronger.neighbours();
        }
        frozen
    }

    /// Whether the piece on `sq` is frozen (false for an empty square).
    #[must_use]
    pub fn is_frozen(&self, sq: Square) -> bool {
        let Some(p) = self.piece_at(sq) else {
            return false;
        };
        // The rule of [`Board::frozen`] asked of one square, without the whole board.
        let near = Bitboard::adjacent(sq);
        (near & self.colors[p.color.index()]).is_empty()
            && (near & self.stronger_than(!p.color, p.kind)).any()
    }

    /// Pieces standing on a trap with no friendly piece beside them: the pieces the rules
    /// would remove. A playable position has none.
    #[must_use]
    pub fn unsupported_on_traps(&self) -> Bitboard {
        let g = self.colors[0];
        let s = self.colors[1];
        Bitboard::TRAPS & ((g & !g.neighbours()) | (s & !s.neighbours()))
    }

    /// Whether a rabbit of `color` stands on `color`'s goal rank.
    #[must_use]
    pub fn rabbit_on_goal(&self, color: Color) -> bool {
        (self.pieces(PieceKind::Rabbit.of(color)) & Bitboard::rank(Rank::goal(color))).any()
    }

    /// The Zobrist hash of the placement alone (no side to move).
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        let mut h = 0;
        for sq in self.occupied() {
            if let Some(p) = self.piece_at(sq) {
                h ^= zobrist::piece_key(p, sq);
            }
        }
        h
    }

    /// The board with colours swapped and ranks flipped: Gold's pieces become Silver's and
    /// a1 becomes a8. Move counts are invariant under this with the side to move swapped.
    #[must_use]
    pub fn flip_colors(&self) -> Board {
        Board {
            colors: [self.colors[1].flip_ranks(), self.colors[0].flip_ranks()],
            kinds: self.kinds.map(Bitboard::flip_ranks),
        }
    }

    /// The board mirrored left to right (files a to h reversed: a1 <-> h1), the
    /// symmetry of the rules that keeps the colours.
    #[must_use]
    pub fn mirror_files(&self) -> Board {
        let mut out = Board::empty();
        for (sq, piece) in self.iter() {
            out.set(sq.flip_files(), Some(piece));
        }
        out
    }

    /// Iterates over the pieces, a1 first.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .iter()
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(")?;
        for sq in Square::AEI_ORDER {
            write!(f, "{}", self.piece_at(sq).map_or('.', Piece::char))?;
        }
        write!(f, ")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color::*;
    use crate::Direction;
    use crate::PieceKind::*;

    /// Random boards: each square empty or holding a random piece.
    fn random_boards(n: usize) -> Vec<Board> {
        let mut state = 7;
        let mut next = || {
            let (s, v) = crate::hash::splitmix(state);
            state = s;
            v
        };

        (0..n)
            .map(|_| {
                let density = next() % 64;
                let mut b = Board::empty();
                for sq in Square::ALL {
                    let r = next();
                    if r % 64 < density {
                        let color = if r & 64 == 0 { Gold } else { Silver };
                        let kind = PieceKind::ALL[((r >> 8) % 6) as usize];
                        b.set(sq, Some(kind.of(color)));
                    }
                }
                b
            })
            .collect()
    }

    /// `kind_at` (the kind's index read bit by bit) against the walk over the kinds it
    /// replaced, and `piece_at` against the colour sets, on every square of random
    /// boards; every kind and the empty square are met, and the counts are asserted.
    #[test]
    fn kind_at_reads_the_kind_walk() {
        let mut met = [0u32; 7];
        for b in random_boards(2000) {
            for sq in Square::ALL {
                let walk = PieceKind::ALL.into_iter().find(|&k| b.kind(k).contains(sq));
                assert_eq!(b.kind_at(sq), walk, "{sq}");
                let color = Color::ALL.into_iter().find(|&c| b.color(c).contains(sq));
                let piece = color.zip(walk).map(|(color, kind)| Piece { color, kind });
                assert_eq!(b.piece_at(sq), piece, "{sq}");
                met[walk.map_or(6, PieceKind::index)] += 1;
            }
        }
        println!("kind_at: squares met per kind (rabbit .. elephant, empty): {met:?}");
        assert!(met.iter().all(|&n| n > 1000), "{met:?}");
        assert_eq!(met.iter().sum::<u32>(), 2000 * 64);
    }

    /// The strength relations against their definitions, square by square.
    #[test]
    fn strength_relations_match_their_definitions() {
        for b in random_boards(2000) {
            for color in Color::ALL {
                for kind in PieceKind::ALL {
                    let pieces_where = |f: &dyn Fn(Piece) -> bool| -> Bitboard {
                        b.iter().filter(|&(_, p)| f(p)).map(|(sq, _)| sq).collect()
                    };
                    assert_eq!(
                        b.stronger_than(color, kind),
                        pieces_where(&|p| p.color == color && p.kind > kind)
                    );
                    assert_eq!(
                        b.weaker_than(color, kind),
                        pieces_where(&|p| p.color == color && p.kind < kind)
                    );
                }

                let threatened: Bitboard = b
                    .iter()
                    .filter(|&(sq, p)| {
                        p.color == color
                            && Bitboard::adjacent(sq).iter().any(|n| {
                                b.piece_at(n)
                                    .is_some_and(|q| q.color != color && q.kind > p.kind)
                            })
                    })
                    .map(|(sq, _)| sq)
                    .collect();
                assert_eq!(b.threatened(color), threatened);

                let lonely: Bitboard = b
                    .iter()
                    .filter(|&(sq, p)| {
                        !Bitboard::adjacent(sq)
                            .iter()
                            .any(|n| b.piece_at(n).is_some_and(|q| q.color == p.color))
                    })
                    .map(|(sq, _)| sq)
                    .collect();
                assert_eq!(b.frozen(color), threatened & lonely);
            }

            for sq in Square::ALL {
                let frozen = b
                    .piece_at(sq)
                    .is_some_and(|p| b.frozen(p.color).contains(sq));
                assert_eq!(b.is_frozen(sq), frozen, "{sq}");
            }
        }
    }

    /// `relocate` against two `set` calls, on random boards and every pair of squares
    /// one step apart (and some that are not).
    #[test]
    fn relocate_moves_one_piece_or_nothing() {
        for b in random_boards(300) {
            for from in Square::ALL {
                for to in [from.step(Direction::North), Square::new(63 - from.index())]
                    .into_iter()
                    .flatten()
                {
                    let mut moved = b;
                    let got = moved.relocate(from, to);

                    let mut expected = b;
                    let piece = b.piece_at(from);
                    if piece.is_some() && b.piece_at(to).is_none() {
                        expected.set(from, None);
                        expected.set(to, piece);
                        assert_eq!(got, piece);
                    } else {
                        assert_eq!(got, None);
                    }
                    assert_eq!(moved, expected, "{from} -> {to}");
                }
            }
        }
    }

    #[test]
    fn freezing_needs_stronger_enemy_and_no_friend() {
        let mut b = Board::empty();
        b.set(Square::D4, Some(Dog.of(Gold)));
        b.set(Square::D5, Some(Horse.of(Silver)));
        assert!(b.is_frozen(Square::D4));
        assert!(!b.is_frozen(Square::D5));
        b.set(Square::C4, Some(Rabbit.of(Gold)));
        assert!(!b.is_frozen(Square::D4));
        b.set(Square::C4, None);
        b.set(Square::D5, Some(Dog.of(Silver)));
        assert!(!b.is_frozen(Square::D4), "equal pieces never freeze");
    }
}
