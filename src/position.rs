//! A playable position: a board, the side to move and the turn in progress.

use core::fmt;

use crate::{zobrist, Board, Color, Direction, Move, Piece, PieceKind, Square, Step, StepList};
use crate::{StepEffect, StepKind, TurnState};

/// A legal Arimaa position: a board, the side to move, and the state of the turn in
/// progress (steps taken, a push that must be completed, what may be pulled).
///
/// A `Position` can only be made through [`Position::new`] (or by reading text), which
/// checks the board, and changes only through legal steps, so an invalid position cannot
/// exist. Positions where the game is already over (a rabbit on its goal rank, a side
/// without rabbits) are valid: judging them is a normal use, see [`Game`](crate::Game).
///
/// # Inside a turn
/// A turn is played step by step ([`play_step`](Position::play_step), then
/// [`end_turn`](Position::end_turn)) or as a whole [`Move`]
/// ([`play`](Position::play) in place, [`after`](Position::after) for a new position).
/// What a search inside a turn needs to know is public:
/// - [`steps_taken`](Position::steps_taken), [`steps_left`](Position::steps_left) and
///   [`step_cap`](Position::step_cap);
/// - [`pending_push`](Position::pending_push): a push waiting for its second step;
/// - [`pull_source`](Position::pull_source): whether, and what, the next step may pull;
/// - [`can_end_turn`](Position::can_end_turn) (and
///   [`check_end_turn`](Position::check_end_turn) for why not);
/// - [`outcome_if_ended`](Position::outcome_if_ended): the result by the rules if the
///   turn ended now ([`outcome`](Position::outcome) judges only between turns);
/// - [`turn_start_board`](Position::turn_start_board): the board the turn may not end on;
/// - [`turn_key`](Position::turn_key): a key for transposition tables inside a turn.
///
/// # Text forms
/// `Display` and [`FromStr`](core::str::FromStr) use the AEI short form between turns:
/// the side to move (`g`/`s`; `w`/`b` are read too), a space, and the 64 squares from a8
/// to h1 between brackets, a space for an empty square. Every other state, a turn in
/// progress or a step limit below four, is written in full after the board, so that
/// `to_string().parse()` always gives back an equal position:
///
/// ```text
/// g [<64 squares>] steps 2/4 from [<64 squares>] push re5 pull Ed4
/// ```
///
/// - `steps T/C`: `T` steps taken of a limit of `C` (1-4);
/// - `from [...]`: the board the turn started from (when a step was taken);
/// - `push <piece><square>`: a push waits for its second step: the opponent's piece
///   that was pushed, and the square it left, which a stronger piece must now enter;
/// - `pull <piece><square>`: the mover's piece that just stepped off `<square>` on its
///   own, whose weaker enemy neighbours of that square may be pulled in.
///
/// Reading such a text checks that the state is one the rules can reach: some `T` legal
/// steps from the start board give exactly this board, push and pull (a walk of the step
/// sequences); otherwise [`ParsePositionError::Unreachable`](crate::notation::ParsePositionError::Unreachable).
///
/// ```
/// use arimaa::{Direction, Position, Square, Step};
/// let mut pos: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]".parse()?;
/// pos.play_step(Step::new(Square::E2, Direction::North))?;
/// let text = pos.to_string();
/// assert!(text.ends_with("steps 1/4 from [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR] pull Ee2"));
/// assert_eq!(text.parse::<Position>()?, pos);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Equality and hashing
/// Two positions are equal (`Eq`, and `Hash` agrees) when everything that decides the
/// legal continuations is equal: the board, the side to move, and the turn in progress
/// (steps taken, step limit, a push waiting to be completed, what may be pulled, and
/// the board the turn started from, which the turn may not end on). Between turns
/// (no step taken, four steps) that is just the board and the side to move.
///
/// Three 64-bit keys, all kept up to date step by step:
/// - [`zobrist`](Position::zobrist): the board and the side to move only, the key for
///   repetition and for tables of positions between turns;
/// - [`turn_key`](Position::turn_key): everything `Eq` compares, the key for
///   transposition tables inside a turn (it equals `zobrist` between turns);
/// - [`Board::zobrist`]: the placement alone.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// The board, the side to move and the turn in progress: where the step rules are.
    state: TurnState,
    /// The Zobrist hash of the board and the side to move.
    hash: u64,
    start: Board,
    /// The Zobrist hash of `start` (placement only).
    start_hash: u64,
}

/// Why a board cannot be made into a position ([`Position::new`]), or a step limit
/// cannot be set on one ([`Position::set_step_cap`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A piece stands on a trap with no friendly piece beside it; the rules would already
    /// have removed it.
    #[error("{piece} on trap {square} has no friendly piece beside it and would be captured")]
    UnsupportedOnTrap {
        /// The piece.
        piece: Piece,
        /// The trap.
        square: Square,
    },
    /// The step limit is not 1 to 4, is below the steps already taken, or leaves no
    /// step to complete a push under way.
    #[error(
        "step limit {cap} is invalid: it must be 1 to 4, at least the {taken} step(s) already taken, and leave a step for a push under way"
    )]
    StepCap {
        /// The limit asked for.
        cap: u8,
        /// Steps already taken.
        taken: u8,
    },
}

/// Why a step cannot be played. The position is left unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StepError {
    /// The turn has already used all its steps.
    #[error("the turn has no steps left (limit {cap})")]
    NoStepsLeft {
        /// The step limit of the turn.
        cap: u8,
    },
    /// The step would leave the board.
    #[error("step from {from} to the {dir} leaves the board")]
    OffBoard {
        /// The square stepped from.
        from: Square,
        /// The direction.
        dir: Direction,
    },
    /// There is no piece on the square stepped from.
    #[error("no piece on {0}")]
    NoPiece(Square),
    /// The target square is occupied.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// A push is under way and this step does not complete it.
    #[error("the push must be completed: a stronger piece of the mover must step into {0}")]
    PushNotCompleted(Square),
    /// The mover's piece is frozen.
    #[error("{piece} on {square} is frozen")]
    Frozen {
        /// The piece.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// A rabbit may not step backwards on its own.
    #[error("{piece} on {square} may not step backwards")]
    RabbitBackwards {
        /// The rabbit.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// An enemy piece moves, but no pull completes and no stronger unfrozen piece of the
    /// mover stands beside it to push it.
    #[error(
        "{piece} on {square} belongs to the opponent and can be neither pushed nor pulled here"
    )]
    NotPushable {
        /// The enemy piece.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// A push needs two steps and the turn has only one left.
    #[error("pushing {piece} on {square} needs two steps but one is left")]
    PushNeedsTwoSteps {
        /// The enemy piece.
        piece: Piece,
        /// Its square.
        square: Square,
    },
}

/// Why the turn cannot end now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EndTurnError {
    /// No step has been taken (there is no pass).
    #[error("no step taken: a turn must change the position")]
    NoSteps,
    /// A push is waiting for its second step.
    #[error("the push is not completed: a stronger piece must step into {0}")]
    PushNotCompleted(Square),
    /// The board is the same as at the start of the turn.
    #[error("the turn leaves the board unchanged")]
    Unchanged,
}

/// Why a move cannot be played. The position is left unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// A step of the move is illegal.
    #[error("step {} ({step}): {error}", index + 1)]
    Step {
        /// The index of the step in the move, from 0.
        index: usize,
        /// The step.
        step: Step,
        /// Why it is illegal.
        error: StepError,
    },
    /// The steps are legal but the turn cannot end after them.
    #[error("{0}")]
    EndTurn(EndTurnError),
}

impl Position {
    /// Makes a position with `side` to move at the start of its turn (four steps).
    ///
    /// # Errors
    /// [`PositionError::UnsupportedOnTrap`] when a piece stands on a trap with no
    /// friendly piece beside it. Any material is allowed (handicaps, free placement,
    /// finished games), including boards where the game is already over.
    pub fn new(board: Board, side: Color) -> Result<Position, PositionError> {
        let unsupported = board.unsupported_on_traps();
        if let Some((square, piece)) = board.iter().find(|&(sq, _)| unsupported.contains(sq)) {
            return Err(PositionError::UnsupportedOnTrap { piece, square });
        }
        Ok(Position {
            state: TurnState::new(board, side, 4),
            hash: board.zobrist() ^ zobrist::side_key(side),
            start: board,
            start_hash: board.zobrist(),
        })
    }

    /// The placement of the pieces.
    #[inline]
    #[must_use]
    pub fn board(&self) -> &Board {
        self.state.board()
    }

    /// The side whose turn it is.
    #[inline]
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.state.side_to_move()
    }

    /// The Zobrist hash of the board and the side to move (not of the turn in progress),
    /// kept up to date with every step: the placement's [`Board::zobrist`], with a fixed
    /// key XORed in when Silver is to move. Positions with the same board and side to
    /// move have the same hash, whatever their turn state; see
    /// [`turn_key`](Position::turn_key) for a key that tells turn states apart.
    #[inline]
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// A 64-bit key of everything position equality compares: the board, the side to
    /// move and the turn in progress (steps taken, step limit, a pending push, what may
    /// be pulled, the board the turn started from). Equal positions have equal keys;
    /// different ones collide only by the chance of any 64-bit hash. It is the key for
    /// transposition tables inside a turn, where [`zobrist`](Position::zobrist) would
    /// confuse, say, a board reached with one step left with the same board reached
    /// with three. Between turns (no step taken, four steps) it equals `zobrist`.
    ///
    /// ```
    /// use arimaa::{Direction, Position, Square, Step};
    /// let start: Position =
    ///     "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]".parse()?;
    /// assert_eq!(start.turn_key(), start.zobrist());
    /// let step = |sq, dir| Step::new(sq, dir);
    /// let after = |steps: &[Step]| -> Result<Position, arimaa::StepError> {
    ///     let mut p = start.clone();
    ///     for &s in steps {
    ///         p.play_step(s)?;
    ///     }
    ///     Ok(p)
    /// };
    /// let (a, h, c) = (
    ///     step(Square::A2, Direction::North),
    ///     step(Square::H2, Direction::North),
    ///     step(Square::C2, Direction::North),
    /// );
    /// // The same board and turn state reached in two orders: equal keys.
    /// assert_eq!(after(&[a, h, c])?, after(&[h, a, c])?);
    /// assert_eq!(after(&[a, h, c])?.turn_key(), after(&[h, a, c])?.turn_key());
    /// // The same board after one step and after three: different keys.
    /// let d = step(Square::D2, Direction::North);
    /// let one = after(&[d])?;
    /// let three = after(&[a, step(Square::A3, Direction::South), d])?;
    /// assert_eq!(one.board(), three.board());
    /// assert_eq!(one.zobrist(), three.zobrist());
    /// assert_ne!(one, three);
    /// assert_ne!(one.turn_key(), three.turn_key());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn turn_key(&self) -> u64 {
        let t = &self.state;
        let (taken, cap) = (t.steps_taken(), t.step_cap());
        if taken == 0 && cap == 4 {
            // No step taken: the turn started from this board, nothing is pending.
            return self.hash;
        }
        // Taken and cap in bits 0-5, the push in bits 6-15 and the pull in 16-25 (a
        // presence bit, the square and the kind each).
        let square = |o: Option<(Square, PieceKind)>| match o {
            Some((sq, kind)) => 1 << 9 | (sq as u64) << 3 | kind as u64,
            None => 0,
        };
        let code = u64::from(taken)
            | u64::from(cap) << 3
            | square(t.pending_push()) << 6
            | square(t.pull_source()) << 16;
        self.hash ^ zobrist::mix(self.start_hash ^ zobrist::mix(code))
    }

    /// Steps taken in the turn so far.
    #[inline]
    #[must_use]
    pub fn steps_taken(&self) -> u8 {
        self.state.steps_taken()
    }

    /// The step limit of this turn (4 unless a variant set it lower).
    #[inline]
    #[must_use]
    pub fn step_cap(&self) -> u8 {
        self.state.step_cap()
    }

    /// Steps still available this turn.
    #[inline]
    #[must_use]
    pub fn steps_left(&self) -> u8 {
        self.state.steps_left()
    }

    /// A push under way: the square a piece of the side to move stronger than the
    /// pushed piece must step into next, and the pushed piece's kind. While it is
    /// `Some`, the only legal steps complete the push and the turn cannot end.
    #[inline]
    #[must_use]
    pub fn pending_push(&self) -> Option<(Square, PieceKind)> {
        self.state.pending_push()
    }

    /// What the last step allows to be pulled: the square the mover's piece has just
    /// left by a plain step, and that piece's kind. An enemy piece weaker than it and
    /// beside that square may be pulled into it by the next step (also when the moving
    /// piece was captured on a trap by that step). `None` at the start of a turn, after
    /// a push or a pull, and while a push waits to be completed.
    #[inline]
    #[must_use]
    pub fn pull_source(&self) -> Option<(Square, PieceKind)> {
        self.state.pull_source()
    }

    /// The board as it was when the turn began.
    #[inline]
    #[must_use]
    pub fn turn_start_board(&self) -> &Board {
        &self.start
    }

    /// The board, the side to move and the turn in progress, without the keys and the
    /// start board: the state the step rules work on ([`TurnState`]), for searches
    /// inside a turn that copy it per node.
    #[inline]
    #[must_use]
    pub fn turn_state(&self) -> &TurnState {
        &self.state
    }

    /// Sets the step limit of the current turn (the variants use 1 to 3).
    ///
    /// # Errors
    /// [`PositionError::StepCap`] when `cap` is not 1-4, is below the steps already
    /// taken, or leaves no step to complete a push under way (a turn may not end in the
    /// middle of a push); the position is unchanged.
    pub fn set_step_cap(&mut self, cap: u8) -> Result<(), PositionError> {
        let taken = self.state.steps_taken();
        let needed = taken + u8::from(self.state.pending_push().is_some());
        if !(1..=4).contains(&cap) || cap < needed {
            return Err(PositionError::StepCap { cap, taken });
        }
        self.state.set_cap(cap);
        Ok(())
    }

    /// Every legal single step in the current state of the turn: simple steps, first
    /// steps of pushes, push completions and pulls.
    #[must_use]
    pub fn legal_steps(&self) -> StepList {
        self.state.legal_steps()
    }

    /// Whether `step` is legal now.
    #[must_use]
    pub fn is_legal_step(&self, step: Step) -> bool {
        self.check_step(step).is_ok()
    }

    /// Checks a step and says what kind of step it would be.
    ///
    /// # Errors
    /// The [`StepError`] naming the rule the step breaks.
    pub fn check_step(&self, step: Step) -> Result<StepKind, StepError> {
        self.state.check_step(step)
    }

    /// Plays a step after checking it, applying trap captures; reports what happened.
    ///
    /// # Errors
    /// The [`StepError`] naming the rule the step breaks; the position is unchanged.
    pub fn play_step(&mut self, step: Step) -> Result<StepEffect, StepError> {
        let effect = self.state.play_step(step)?;
        self.update_hash(&effect);
        Ok(effect)
    }

    /// Plays a step without checking it, for engines that only play generated steps.
    ///
    /// # Panics
    /// In debug builds, if `step` is not legal ([`check_step`](Position::check_step)
    /// fails). In release builds the check is left out: an illegal step may then panic or
    /// leave a position that breaks the rules (never undefined behaviour).
    pub fn play_step_unchecked(&mut self, step: Step) -> StepEffect {
        debug_assert!(
            self.check_step(step).is_ok(),
            "play_step_unchecked: {step} is illegal here: {}",
            self.check_step(step)
                .err()
                .map_or(String::new(), |e| e.to_string())
        );
        let effect = self.state.play_step_unchecked(step);
        self.update_hash(&effect);
        effect
    }

    /// Brings the Zobrist hash up to date after a step: the piece moved, and the piece a
    /// trap took.
    #[inline]
    fn update_hash(&mut self, effect: &StepEffect) {
        self.hash ^= zobrist::piece_key(effect.piece, effect.from)
            ^ zobrist::piece_key(effect.piece, effect.to);
        if let Some(c) = effect.capture {
            self.hash ^= zobrist::piece_key(c.piece, c.square);
        }
    }

    /// Whether the turn may end now: at least one step taken, no push waiting to be
    /// completed, and the board differs from the one the turn started from.
    /// [`check_end_turn`](Position::check_end_turn) says why not.
    #[must_use]
    #[inline]
    pub fn can_end_turn(&self) -> bool {
        self.check_end_turn().is_ok()
    }

    /// Whether the turn could end now, and if not, why.
    ///
    /// # Errors
    /// The [`EndTurnError`] saying why not.
    pub fn check_end_turn(&self) -> Result<(), EndTurnError> {
        self.state.check_end_turn(&self.start)
    }

    /// Ends the turn: the other side is to move with a fresh four-step turn.
    ///
    /// # Errors
    /// The [`EndTurnError`] saying why the turn cannot end; the position is unchanged.
    pub fn end_turn(&mut self) -> Result<(), EndTurnError> {
        self.check_end_turn()?;
        self.end_turn_unchecked();
        Ok(())
    }

    /// Starts the turn afresh with step limit `cap` (the caller guarantees 1-4 and that
    /// no step of the turn was taken).
    pub(crate) fn reset_turn(&mut self, cap: u8) {
        self.state.reset(cap);
        self.start = *self.state.board();
        self.start_hash = self.hash ^ zobrist::side_key(self.state.side_to_move());
    }

    pub(crate) fn end_turn_unchecked(&mut self) {
        let side = self.state.side_to_move();
        self.hash ^= zobrist::side_key(side) ^ zobrist::side_key(!side);
        self.state = TurnState::new(*self.state.board(), !side, 4);
        self.start = *self.state.board();
        self.start_hash = self.hash ^ zobrist::side_key(!side);
    }

    /// Plays a whole move from the current state of the turn and ends the turn, in
    /// place. [`after`](Position::after) returns the new position instead.
    ///
    /// # Errors
    /// [`MoveError`] naming the first illegal step, or why the turn cannot end; the
    /// position is unchanged.
    ///
    /// ```
    /// use arimaa::{Color, Position, Step, Square, Direction, Move};
    /// let mut pos: Position =
    ///     "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]".parse()?;
    /// let mv = Move::from_steps(&[Step::new(Square::D2, Direction::North)]).unwrap();
    /// pos.play(&mv)?;
    /// assert_eq!(pos.side_to_move(), Color::Silver);
    /// // An illegal move leaves the position as it was.
    /// assert!(pos.play(&mv).is_err());
    /// assert_eq!(pos.side_to_move(), Color::Silver);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, mv: &Move) -> Result<(), MoveError> {
        *self = self.after(mv)?;
        Ok(())
    }

    /// The position after a whole move played from the current state of the turn and
    /// the end of the turn; `self` is not changed. [`play`](Position::play) plays in
    /// place instead.
    ///
    /// # Errors
    /// [`MoveError`] naming the first illegal step, or why the turn cannot end.
    #[must_use = "`after` returns the new position; use `play` to play in place"]
    pub fn after(&self, mv: &Move) -> Result<Position, MoveError> {
        let mut p = self.clone();
        for (index, &step) in mv.steps().iter().enumerate() {
            p.play_step(step)
                .map_err(|error| MoveError::Step { index, step, error })?;
        }
        p.end_turn().map_err(MoveError::EndTurn)?;
        Ok(p)
    }

    /// Plays a generated move and ends the turn in place, without checks.
    ///
    /// # Panics
    /// In debug builds, if `mv` is not legal here (a step fails
    /// [`check_step`](Position::check_step), or the turn cannot end after them). In
    /// release builds the checks are left out: an illegal move may then panic or leave a
    /// position that breaks the rules (never undefined behaviour).
    pub fn play_unchecked(&mut self, mv: &Move) {
        for &step in mv.steps() {
            self.play_step_unchecked(step);
        }
        debug_assert!(
            self.check_end_turn().is_ok(),
            "play_unchecked: the turn cannot end after {mv:?}: {}",
            self.check_end_turn()
                .err()
                .map_or(String::new(), |e| e.to_string())
        );
        self.end_turn_unchecked();
    }

    /// The position after a generated move and the end of the turn, without checks;
    /// `self` is not changed.
    ///
    /// # Panics
    /// In debug builds, if `mv` is not legal here (as
    /// [`play_unchecked`](Position::play_unchecked)); in release builds an illegal move
    /// may panic or give a position that breaks the rules.
    #[must_use = "`after_unchecked` returns the new position; use `play_unchecked` to play in place"]
    pub fn after_unchecked(&self, mv: &Move) -> Position {
        let mut p = self.clone();
        p.play_unchecked(mv);
        p
    }

    /// The same position with colours swapped and the board flipped top to bottom.
    /// The flipped position has the same moves, mirrored.
    #[must_use]
    pub fn flip_colors(&self) -> Position {
        let state = self.state.flip_colors();
        Position {
            hash: state.board().zobrist() ^ zobrist::side_key(state.side_to_move()),
            state,
            start: self.start.flip_colors(),
            start_hash: self.start.flip_colors().zobrist(),
        }
    }

    /// The same position mirrored left to right (files a to h reversed), turn state
    /// included: the same side to move, the same moves mirrored. Its
    /// [`action_mask`](Position::action_mask) is this one's
    /// [`mirrored`](crate::action::ActionMask::mirror), and its planes are this one's
    /// with every row reversed ([`mirror_planes`](crate::action::mirror_planes)).
    #[must_use]
    pub fn mirror_files(&self) -> Position {
        let state = self.state.mirror_files();
        let start = self.start.mirror_files();
        Position {
            hash: state.board().zobrist() ^ zobrist::side_key(state.side_to_move()),
            state,
            start,
            start_hash: start.zobrist(),
        }
    }
}

impl fmt::Debug for Position {
    /// `Position(` + the text form (turn state included) + `)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}
