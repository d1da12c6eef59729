//! The rules of a single step, written once: the turn state, its legal steps as
//! bitboards, the check of one step with the rule it breaks, and playing a step with its
//! trap capture and turn-state change. [`Position`] is a [`TurnState`] with its Zobrist
//! keys and the board the turn started from; the tactics queries and the Lightvector
//! search play their steps on a bare `TurnState`; the full-turn generator keeps a faster
//! search of its own, which its debug build checks against [`TurnState::step_set`].

use crate::{Bitboard, Board, Color, Direction, Piece, PieceKind, Square, Step};
use crate::{Capture, EndTurnError, StepEffect, StepError, StepKind, StepList};

/// A turn in progress, without keys: the board, the side to move, the steps taken and
/// the step limit, a push waiting for its second step, and what the last step allows to
/// be pulled. This is where the step rules live: [`step_set`](TurnState::step_set) (every
/// legal step, as bitboards), [`check_step`](TurnState::check_step) (one step, with the
/// rule it breaks) and [`play_step`](TurnState::play_step) (the step, its trap capture
/// and the new turn state).
///
/// A [`Position`] is a turn state with its Zobrist keys and the board the turn started
/// from ([`Position::turn_state`]). Searches inside a turn (the tactics queries, a bot's
/// own) copy a `TurnState` per node instead of a `Position`: it is smaller and a step
/// updates no keys. Whether the turn may end needs the board the turn started from (a turn
/// may not end on it): [`check_end_turn`](TurnState::check_end_turn) takes it, and
/// [`Position::can_end_turn`] has it.
///
/// A `TurnState` comes from a valid position and changes only by legal steps
/// ([`play_step`](TurnState::play_step) refuses the others), so it is always a state the
/// rules can reach.
///
/// ```
/// use arimaa::{Direction, Position, Square, Step, StepKind};
/// let pos: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]".parse()?;
/// let mut state = *pos.turn_state();
/// let effect = state.play_step(Step::new(Square::E2, Direction::North))?;
/// assert_eq!(effect.kind, StepKind::Simple);
/// assert_eq!((state.steps_taken(), state.steps_left()), (1, 3));
/// // The elephant just left e2: nothing of Silver's is beside it to pull.
/// assert_eq!(state.step_set().len(), state.legal_steps().len());
/// // The position it came from is unchanged.
/// assert_eq!(pos.steps_taken(), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`Position`]: crate::Position
/// [`Position::turn_state`]: crate::Position::turn_state
/// [`Position::can_end_turn`]: crate::Position::can_end_turn
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TurnState {
    board: Board,
    side: Color,
    taken: u8,
    cap: u8,
    /// A push waiting for its second step: the square the pushed piece left, and its
    /// kind (the piece completing the push must be stronger).
    push: Option<(Square, PieceKind)>,
    /// The square the mover's piece left by its last, plain step, and that piece's kind:
    /// enemy pieces weaker than it beside the square may be pulled in. `None` whenever
    /// `push` is `Some`.
    pull: Option<(Square, PieceKind)>,
}

impl TurnState {
    /// The start of a turn of `side` on `board` with a step limit of `cap` (the caller
    /// guarantees a valid board and a limit of 1 to 4).
    pub(crate) const fn new(board: Board, side: Color, cap: u8) -> TurnState {
        TurnState {
            board,
            side,
            taken: 0,
            cap,
            push: None,
            pull: None,
        }
    }

    /// The placement of the pieces.
    #[inline]
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The side whose turn it is.
    #[inline]
    #[must_use]
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// Steps taken in the turn so far.
    #[inline]
    #[must_use]
    pub const fn steps_taken(&self) -> u8 {
        self.taken
    }

    /// The step limit of this turn (4 unless a variant set it lower).
    #[inline]
    #[must_use]
    pub const fn step_cap(&self) -> u8 {
        self.cap
    }

    /// Steps still available this turn.
    #[inline]
    #[must_use]
    pub const fn steps_left(&self) -> u8 {
        self.cap.saturating_sub(self.taken)
    }

    /// A push under way: the square a piece of the side to move stronger than the
    /// pushed piece must step into next, and the pushed piece's kind. While it is
    /// `Some`, the only legal steps complete the push and the turn cannot end.
    #[inline]
    #[must_use]
    pub const fn pending_push(&self) -> Option<(Square, PieceKind)> {
        self.push
    }

    /// What the last step allows to be pulled: the square the mover's piece has just
    /// left by a plain step, and that piece's kind. An enemy piece weaker than it and
    /// beside that square may be pulled into it by the next step (also when the moving
    /// piece was captured on a trap by that step). `None` at the start of a turn, after
    /// a push or a pull, and while a push waits to be completed.
    #[inline]
    #[must_use]
    pub const fn pull_source(&self) -> Option<(Square, PieceKind)> {
        self.pull
    }

    /// The enemy pieces the pull under way may move: those beside the square of
    /// [`pull_source`](TurnState::pull_source) and weaker than the piece that left it
    /// (empty when no pull is under way). The next step may pull one of them into that
    /// square, when the turn has a step left.
    #[inline]
    #[must_use]
    pub fn pullable(&self) -> Bitboard {
        // With no pull under way, a rabbit's pull from a1: no piece is weaker than a
        // rabbit, so the set is empty, and there is no branch on it. Every kind read,
        // each kept when weaker than `kind` by a mask, with no exit that depends on the
        // board or the kind: the searches ask this at most nodes, and a walk that stops
        // at `kind`, or a test of the pull, mispredicts.
        let (sq, kind) = self.pull.unwrap_or((Square::A1, PieceKind::Rabbit));
        let mut weaker = Bitboard::EMPTY;
        for k in PieceKind::ALL {
            let keep = Bitboard(0u64.wrapping_sub(u64::from(k.index() < kind.index())));
            weaker |= self.board.pieces(k.of(!self.side)) & keep;
        }
        weaker & Bitboard::adjacent(sq)
    }

    /// Every legal step now, as bitboards ([`StepSet`]).
    #[inline]
    #[must_use]
    pub fn step_set(&self) -> StepSet {
        self.step_set_of(Bitboard::FULL)
    }

    /// The legal steps of the pieces standing on `pieces` (of either colour), as
    /// [`step_set`](TurnState::step_set) gives them: cheaper when `pieces` is small.
    #[must_use]
    pub fn step_set_of(&self, pieces: Bitboard) -> StepSet {
        self.step_set_with(pieces, self.board.frozen(self.side))
    }

    /// [`step_set_of`](TurnState::step_set_of), given the mover's frozen pieces
    /// ([`Board::frozen`]), for searches that have them already.
    #[inline(always)]
    pub(crate) fn step_set_with(&self, pieces: Bitboard, frozen: Bitboard) -> StepSet {
        self.steps_with(pieces, frozen, false)
    }

    /// Whether any step is legal now (the [`step_set`](TurnState::step_set) is not
    /// empty), cheaper: the pulls and pushes are looked at only when no simple step is
    /// legal.
    pub(crate) fn has_legal_step(&self) -> bool {
        !self
            .steps_with(Bitboard::FULL, self.board.frozen(self.side), true)
            .is_empty()
    }

    /// The steps of [`step_set_with`](TurnState::step_set_with); with `any`, only the
    /// simple steps when there is one (the set is then not empty, and not complete).
    /// Composed of the four phases below, which searches that want the steps in an order
    /// of their own (the capture search) call one at a time.
    #[inline(always)]
    fn steps_with(&self, pieces: Bitboard, frozen: Bitboard, any: bool) -> StepSet {
        let mut set = StepSet::EMPTY;
        if self.taken >= self.cap {
            return set;
        }
        let free = self.board.color(self.side) & !frozen;

        if let Some((sq, pushers)) = self.push_completions(free & pieces) {
            set.own =
                Direction::ALL.map(|dir| pushers & Bitboard::from_square(sq).shift(dir.opposite()));
            set.push_to = Some(sq);
            return set;
        }

        set.own = self.simple_steps(free & pieces);
        if any && set.own.iter().any(|b| b.any()) {
            return set;
        }

        if let Some((sq, _)) = self.pull {
            set.pulls = self.pullable() & pieces;
            set.pull_to = Some(sq);
        }
        set.pushes = self.push_starts(free, self.board.color(!self.side) & pieces, set.pulls);
        set
    }

    /// Phase 1 of the legal steps, for a state with a step left: while a push waits for
    /// its second step, the square it left and the pieces of `free` (unfrozen pieces of
    /// the mover) that may complete it (stronger than the pushed piece, beside the
    /// square); the state allows no other step then. `None` when no push waits.
    #[inline(always)]
    pub(crate) fn push_completions(&self, free: Bitboard) -> Option<(Square, Bitboard)> {
        let (sq, kind) = self.push?;
        let pushers = self.board.stronger_than(self.side, kind) & free & Bitboard::adjacent(sq);
        Some((sq, pushers))
    }

    /// Phase 2, with no push waiting: for each direction (in [`Direction::ALL`] order),
    /// the pieces of `movers` (unfrozen pieces of the mover) that may step that way on
    /// their own: onto an empty square, a rabbit never backwards.
    #[inline(always)]
    pub(crate) fn simple_steps(&self, movers: Bitboard) -> [Bitboard; 4] {
        let empty = !self.board.occupied();
        let mut own = Direction::ALL.map(|dir| movers & empty.shift(dir.opposite()));
        let rabbits = self.board.pieces(PieceKind::Rabbit.of(self.side));
        own[Direction::backwards(self.side) as usize] &= !rabbits;
        own
    }

    /// Phase 4 (phase 3 is [`pullable`](TurnState::pullable): the ends of a pull under
    /// way), with no push waiting: for each direction, the pieces of `among` (enemy
    /// pieces) that may be pushed that way, the first step of a push: beside a stronger
    /// piece of `free` (unfrozen pieces of the mover), onto an empty square, with a step
    /// left to follow it. The step into the pull square by a piece of `pulls` (the
    /// [`pullable`](TurnState::pullable) pieces the caller looks at) is the pull, not a
    /// push.
    #[inline(always)]
    pub(crate) fn push_starts(
        &self,
        free: Bitboard,
        among: Bitboard,
        pulls: Bitboard,
    ) -> [Bitboard; 4] {
        if self.steps_left() < 2 {
            return [Bitboard::EMPTY; 4];
        }
        let pushable = self.board.pushable_by(self.side, free, among);
        if pushable.is_empty() {
            return [Bitboard::EMPTY; 4];
        }
        let empty = !self.board.occupied();
        let pull_to = self
            .pull
            .map_or(Bitboard::EMPTY, |(sq, _)| Bitboard::from_square(sq));
        Direction::ALL.map(|dir| {
            let back = dir.opposite();
            pushable & empty.shift(back) & !(pulls & pull_to.shift(back))
        })
    }

    /// Every legal single step now: push completions, or else simple steps, pulls and
    /// first steps of pushes, in that order.
    #[must_use]
    pub fn legal_steps(&self) -> StepList {
        let mut list = StepList::new();
        self.step_set().append_to(&mut list);
        list
    }

    /// Whether `step` is legal now.
    #[inline]
    #[must_use]
    pub fn is_legal_step(&self, step: Step) -> bool {
        self.check_step(step).is_ok()
    }

    /// Checks a step and says what kind of step it would be: the rules of
    /// [`step_set`](TurnState::step_set) for one step, with the rule it breaks.
    ///
    /// # Errors
    /// The [`StepError`] naming the rule the step breaks.
    pub fn check_step(&self, step: Step) -> Result<StepKind, StepError> {
        if self.taken >= self.cap {
            return Err(StepError::NoStepsLeft { cap: self.cap });
        }

        let from = step.from;
        let to = step.to().ok_or(StepError::OffBoard {
            from,
            dir: step.dir,
        })?;

        let board = &self.board;
        let piece = board.piece_at(from).ok_or(StepError::NoPiece(from))?;
        if board.occupied().contains(to) {
            return Err(StepError::Occupied(to));
        }

        if let Some((s, k)) = self.push {
            let ok = piece.color == self.side
                && to == s
                && piece.kind > k
                && !board.frozen(self.side).contains(from);
            return if ok {
                Ok(StepKind::PushFinish)
            } else {
                Err(StepError::PushNotCompleted(s))
            };
        }

        if piece.color == self.side {
            return self.check_own_step(piece, step);
        }
        if let Some((s, k)) = self.pull {
            if to == s && piece.kind < k {
                return Ok(StepKind::Pulled);
            }
        }
        self.check_push(piece, from)
    }

    /// The mover's own step of `piece`: not frozen, a rabbit not backwards.
    fn check_own_step(&self, piece: Piece, step: Step) -> Result<StepKind, StepError> {
        let square = step.from;
        if self.board.is_frozen(square) {
            return Err(StepError::Frozen { piece, square });
        }
        if piece.kind == PieceKind::Rabbit && step.dir == Direction::backwards(self.side) {
            return Err(StepError::RabbitBackwards { piece, square });
        }
        Ok(StepKind::Simple)
    }

    /// An enemy piece's step that is not a pull: the first step of a push, which needs a
    /// stronger unfrozen piece of the mover beside it and a step left to follow it.
    fn check_push(&self, piece: Piece, square: Square) -> Result<StepKind, StepError> {
        let free = self.board.color(self.side) & !self.board.frozen(self.side);
        let pushers = self.board.stronger_than(self.side, piece.kind) & free;
        if (pushers & Bitboard::adjacent(square)).is_empty() {
            return Err(StepError::NotPushable { piece, square });
        }
        if self.steps_left() < 2 {
            return Err(StepError::PushNeedsTwoSteps { piece, square });
        }
        Ok(StepKind::Pushed)
    }

    /// Whether the turn could end now, given the board it started from (`start`), and if
    /// not, why: a push waits for its second step, no step was taken, or the board is
    /// the one the turn started from. [`Position::check_end_turn`] asks this with its own
    /// start board.
    ///
    /// # Errors
    /// The [`EndTurnError`] saying why the turn cannot end.
    ///
    /// [`Position::check_end_turn`]: crate::Position::check_end_turn
    pub fn check_end_turn(&self, start: &Board) -> Result<(), EndTurnError> {
        if let Some((s, _)) = self.push {
            return Err(EndTurnError::PushNotCompleted(s));
        }
        if self.taken == 0 {
            return Err(EndTurnError::NoSteps);
        }
        if self.board == *start {
            return Err(EndTurnError::Unchanged);
        }
        Ok(())
    }

    /// Plays a step after checking it: the piece moves, a piece left alone on a trap is
    /// removed, and the turn state moves on; reports what happened.
    ///
    /// # Errors
    /// The [`StepError`] naming the rule the step breaks; the state is unchanged.
    pub fn play_step(&mut self, step: Step) -> Result<StepEffect, StepError> {
        let kind = self.check_step(step)?;
        Ok(self.apply(step, kind))
    }

    /// Plays a step without checking it, for searches that only play the steps of
    /// [`step_set`](TurnState::step_set).
    ///
    /// # Panics
    /// In debug builds, if `step` is not legal ([`check_step`](TurnState::check_step)
    /// fails). In release builds the check is left out: an illegal step may then panic or
    /// leave a state that breaks the rules (never undefined behaviour).
    #[inline(always)]
    pub fn play_step_unchecked(&mut self, step: Step) -> StepEffect {
        debug_assert!(
            self.check_step(step).is_ok(),
            "play_step_unchecked: {step} is illegal here: {:?}",
            self.check_step(step).err()
        );

        let Some(piece) = self.board.piece_at(step.from) else {
            panic!("TurnState: illegal step {step}");
        };
        // A legal step stays on the board (checked in debug builds above).
        let to = step.to_on_board();
        // The kind, and what the step leaves pending (see `pending_after`), in one test.
        let left = Some((step.from, piece.kind));
        let (kind, push, pull) = if self.push.is_some() {
            (StepKind::PushFinish, None, None)
        } else if piece.color == self.side {
            (StepKind::Simple, None, left)
        } else {
            match self.pull {
                Some((sq, k)) if to == sq && piece.kind < k => (StepKind::Pulled, None, None),
                _ => (StepKind::Pushed, left, None),
            }
        };

        let effect = self.apply_piece(step.from, to, piece, kind);
        (self.push, self.pull) = (push, pull);
        effect
    }

    /// Plays the legal step `step` of kind `kind`.
    fn apply(&mut self, step: Step, kind: StepKind) -> StepEffect {
        let (Some(piece), Some(to)) = (self.board.piece_at(step.from), step.to()) else {
            panic!("TurnState: illegal step {step}");
        };
        let effect = self.apply_piece(step.from, to, piece, kind);
        (self.push, self.pull) = pending_after(step.from, piece.kind, kind);
        effect
    }

    /// Plays the legal step of `piece` from `from` to `to`, of kind `kind`, but for what
    /// it leaves pending (the caller sets that): the piece moves, and a piece of its
    /// colour left alone on a trap is removed (only the trap beside the square it left
    /// can lose its last friend, or take the piece itself; no square touches two traps,
    /// so a step captures at most one piece).
    #[inline(always)]
    fn apply_piece(
        &mut self,
        from: Square,
        to: Square,
        piece: Piece,
        kind: StepKind,
    ) -> StepEffect {
        self.board.move_piece(piece, from, to);
        let capture = self.remove_unsupported(piece.color, from);
        self.taken += 1;

        StepEffect {
            piece,
            from,
            to,
            kind,
            capture,
        }
    }

    /// Removes the piece of `color` left alone on the trap beside `left` (the square a
    /// piece of `color` just left), if any.
    #[inline(always)]
    fn remove_unsupported(&mut self, color: Color, left: Square) -> Option<Capture> {
        let trap = left.trap_beside()?;
        let own = self.board.color(color);
        if !own.contains(trap) || (Bitboard::adjacent(trap) & own).any() {
            return None;
        }
        let piece = self.board.piece_at(trap)?;
        // Removes it (`set(trap, None)` would look the piece up again).
        self.board.toggle(piece, trap);
        Some(Capture {
            piece,
            square: trap,
        })
    }

    /// Starts the turn afresh with step limit `cap` (1-4; no step taken).
    pub(crate) fn reset(&mut self, cap: u8) {
        *self = TurnState::new(self.board, self.side, cap);
    }

    /// Sets the step limit (the caller checked it against the steps taken and a push).
    pub(crate) fn set_cap(&mut self, cap: u8) {
        self.cap = cap;
    }

    /// The same turn state mirrored left to right (files reversed).
    pub(crate) fn mirror_files(&self) -> TurnState {
        let flip = |o: Option<(Square, PieceKind)>| o.map(|(s, k)| (s.flip_files(), k));
        TurnState {
            board: self.board.mirror_files(),
            push: flip(self.push),
            pull: flip(self.pull),
            ..*self
        }
    }

    /// The state with colours swapped and the board flipped top to bottom.
    pub(crate) fn flip_colors(&self) -> TurnState {
        let flip = |o: Option<(Square, PieceKind)>| o.map(|(s, k)| (s.flip_ranks(), k));
        TurnState {
            board: self.board.flip_colors(),
            side: !self.side,
            push: flip(self.push),
            pull: flip(self.pull),
            ..*self
        }
    }
}

/// What a step of kind `kind` by a piece of `kind_moved` from `from` leaves pending: a
/// simple step may begin a pull (of pieces weaker than it, into `from`), the first step
/// of a push waits for its second, and the others leave nothing pending. As
/// `(push, pull)`.
#[inline(always)]
fn pending_after(from: Square, kind_moved: PieceKind, kind: StepKind) -> (Pending, Pending) {
    match kind {
        StepKind::Simple => (None, Some((from, kind_moved))),
        StepKind::Pushed => (Some((from, kind_moved)), None),
        StepKind::PushFinish | StepKind::Pulled => (None, None),
    }
}

/// A square and a kind the next step depends on ([`TurnState::pending_push`],
/// [`TurnState::pull_source`]).
type Pending = Option<(Square, PieceKind)>;

/// The legal steps of a [`TurnState`] as bitboards: for each direction, the squares whose
/// piece may step that way, split by the role of the step. Every legal step is in exactly
/// one of the three sets.
///
/// - [`own`](StepSet::own): the mover's pieces: simple steps, or while a push waits, the
///   steps that complete it;
/// - [`pulls`](StepSet::pulls): enemy pieces pulled into the square the mover's piece
///   just left ([`TurnState::pull_source`]);
/// - [`pushes`](StepSet::pushes): enemy pieces pushed (the first step of a push).
///
/// ```
/// use arimaa::{Direction, Position, Square, Step};
/// let pos: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]".parse()?;
/// let set = pos.turn_state().step_set();
/// // Only the second rank can move, north: eight steps.
/// assert_eq!(set.own(Direction::North).count(), 8);
/// assert!(set.own(Direction::South).is_empty());
/// assert!(set.contains(Step::new(Square::D2, Direction::North)));
/// assert_eq!(set.len(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct StepSet {
    own: [Bitboard; 4],
    /// The enemy pieces that may be pulled into `pull_to` (beside it).
    pulls: Bitboard,
    pushes: [Bitboard; 4],
    push_to: Option<Square>,
    pull_to: Option<Square>,
}

impl StepSet {
    const EMPTY: StepSet = StepSet {
        own: [Bitboard::EMPTY; 4],
        pulls: Bitboard::EMPTY,
        pushes: [Bitboard::EMPTY; 4],
        push_to: None,
        pull_to: None,
    };

    /// The mover's pieces that may step in `dir`: simple steps, or the completions of
    /// a push waiting for its second step.
    #[inline]
    #[must_use]
    pub const fn own(&self, dir: Direction) -> Bitboard {
        self.own[dir as usize]
    }

    /// The enemy pieces that may be pulled in `dir` (into the pull square).
    #[inline]
    #[must_use]
    pub const fn pulls(&self, dir: Direction) -> Bitboard {
        match self.pull_to {
            Some(to) => self
                .pulls
                .intersect(Bitboard::from_square(to).shift(dir.opposite())),
            None => Bitboard::EMPTY,
        }
    }

    /// The enemy pieces that may be pushed in `dir` (the first step of a push).
    #[inline]
    #[must_use]
    pub const fn pushes(&self, dir: Direction) -> Bitboard {
        self.pushes[dir as usize]
    }

    /// Every piece that may step in `dir`.
    #[inline]
    #[must_use]
    pub const fn from(&self, dir: Direction) -> Bitboard {
        let i = dir as usize;
        self.own[i].union(self.pulls(dir)).union(self.pushes[i])
    }

    /// Whether `step` is legal.
    #[inline]
    #[must_use]
    pub const fn contains(&self, step: Step) -> bool {
        self.from(step.dir).contains(step.from)
    }

    /// The number of legal steps.
    #[must_use]
    pub fn len(&self) -> usize {
        Direction::ALL
            .iter()
            .map(|&d| self.from(d).count() as usize)
            .sum()
    }

    /// Whether no step is legal.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        Direction::ALL.iter().all(|&d| self.from(d).is_empty())
    }

    /// The legal steps from a square of `from` or into a square of `to`.
    #[must_use]
    pub fn touching(&self, from: Bitboard, to: Bitboard) -> StepSet {
        let mut out = *self;
        for dir in Direction::ALL {
            let i = dir as usize;
            let keep = from | to.shift(dir.opposite());
            out.own[i] &= keep;
            out.pushes[i] &= keep;
        }
        // Every pull enters the pull square.
        if !self.pull_to.is_some_and(|sq| to.contains(sq)) {
            out.pulls &= from;
        }
        out
    }

    /// The mover's pieces that may step (or complete the push under way).
    #[inline]
    pub(crate) fn all_own(&self) -> Bitboard {
        self.own[0] | self.own[1] | self.own[2] | self.own[3]
    }

    /// The enemy pieces that may be pulled.
    #[inline]
    pub(crate) fn all_pulls(&self) -> Bitboard {
        self.pulls
    }

    /// Appends the steps to `list`: push completions (by square), or else simple steps
    /// (by direction), pulls (by square) and first steps of pushes (by direction).
    pub(crate) fn append_to(&self, list: &mut StepList) {
        if let Some(to) = self.push_to {
            for p in self.all_own() {
                list.push_between(p, to);
            }
            return;
        }
        for dir in Direction::ALL {
            list.push_all(self.own[dir as usize], dir);
        }
        if let Some(to) = self.pull_to {
            for p in self.all_pulls() {
                list.push_between(p, to);
            }
        }
        for dir in Direction::ALL {
            list.push_all(self.pushes[dir as usize], dir);
        }
    }
}
