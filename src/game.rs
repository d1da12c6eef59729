//! A whole game: setups, turns, repetition, the result, variants and undo.

use core::fmt;
use core::ops::ControlFlow;

use rand::Rng;

use crate::outcome::decided_by_material;
use crate::repetition::{Repetitions, SeenKey};
use crate::setup::{SetupError, SetupRules};
use crate::{Board, Color, Move, MoveError, Outcome, Position, Reason, Setup, TurnGenerator};

/// How the armies are placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetupVariant {
    /// Each side places 1E 1M 2H 2D 2C 8R on its home ranks (rabbit autofill is
    /// available through [`Setup::autofill_rabbits`]).
    Standard,
    /// Each side places at most the standard army, with at least one rabbit, on its
    /// home ranks.
    Handicap,
    /// Free placement: any material anywhere (see [`SetupRules::Free`]); traps act once
    /// after both sides placed.
    Free,
    /// Endless Endgame: random armies drawn at the start, no setup turns, Gold's first
    /// turn has two steps.
    EndlessEndgame,
}

/// The variant of a game: a way of setting up, and whether Dicey Moves is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Variant {
    /// How the armies are placed.
    pub setup: SetupVariant,
    /// Dicey Moves: a die before every movement turn sets its step limit.
    pub dicey: bool,
}

impl Variant {
    /// Standard Arimaa.
    pub const STANDARD: Variant = Variant {
        setup: SetupVariant::Standard,
        dicey: false,
    };

    fn setup_rules(self) -> SetupRules {
        match self.setup {
            SetupVariant::Standard | SetupVariant::EndlessEndgame => SetupRules::Standard,
            SetupVariant::Handicap => SetupRules::Handicap,
            SetupVariant::Free => SetupRules::Free,
        }
    }
}

impl Default for Variant {
    fn default() -> Variant {
        Variant::STANDARD
    }
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The given side is to place its army.
    Setup(Color),
    /// A movement turn is awaited (in Dicey Moves, after the die for it is rolled).
    Play,
    /// Dicey Moves: the die for the next movement turn must be rolled.
    AwaitingRoll,
    /// The game is over by the rules.
    Over(Outcome),
}

/// One turn of the game's history.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Turn {
    /// A setup turn.
    Setup(Setup),
    /// A movement turn, with its step limit when it was below four (variants).
    Move {
        /// The move played.
        mv: Move,
        /// The step limit the turn had.
        cap: u8,
    },
}

/// Why a game action was refused. The game is left unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// The game is over.
    #[error("the game is over ({0})")]
    Over(Outcome),
    /// An action was given that is not the one the game awaits: a setup when a movement
    /// turn is due, a roll during the setups, and so on.
    #[error("expected {expected}, not {got}")]
    WrongPhase {
        /// What the game awaits.
        expected: GameAction,
        /// What was given.
        got: GameAction,
    },
    /// The setup is for the wrong side.
    #[error("it is {expected}'s setup, not {got}'s")]
    WrongSide {
        /// The side to set up.
        expected: Color,
        /// The side given.
        got: Color,
    },
    /// The setup breaks the rules.
    #[error("{0}")]
    Setup(#[from] SetupError),
    /// The move is illegal.
    #[error("{0}")]
    Move(#[from] MoveError),
    /// The move would produce a position for the third time.
    #[error("the move repeats a position for the third time")]
    ThirdRepetition,
    /// A die roll outside 1-4 (the step limit a roll gives is min(die, 4)).
    #[error("invalid roll {0}: the step limit is 1 to 4")]
    BadRoll(u8),
    /// Dicey Moves: the step limit of the turn must be rolled first.
    #[error("the die for this turn has not been rolled")]
    RollNeeded,
    /// Nothing to undo.
    #[error("nothing to undo")]
    NothingToUndo,
}

/// The actions a game awaits in turn, as [`GameError::WrongPhase`] names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameAction {
    /// A setup turn ([`Game::play_setup`]).
    Setup,
    /// A Dicey Moves roll ([`Game::roll`], [`Game::set_roll`]).
    Roll,
    /// A movement turn ([`Game::play`]).
    Move,
}

impl GameAction {
    /// The words of its `Display` form: `a setup`, `a roll`, `a movement turn`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameAction::Setup => "a setup",
            GameAction::Roll => "a roll",
            GameAction::Move => "a movement turn",
        }
    }
}

impl fmt::Display for GameAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// What an action changed, to take it back.
///
/// Kept small (a game keeps one per turn): the setup board, which only setup turns
/// change, is kept apart for those (`Game::setup_undo`), and the position the action
/// recorded as seen is the game's position when it is taken back.
#[derive(Debug, Clone)]
struct Snapshot {
    position: Position,
    phase: Phase,
    history_len: usize,
    movement_turns: usize,
    /// Whether the action recorded its position as seen.
    seen: bool,
}

/// A game of Arimaa from setup to result: the history, the positions seen and how often,
/// the step limit of each turn, and the result by the rules after every turn.
///
/// ```
/// use arimaa::{Color, Game, Setup};
/// let mut game = Game::new();
/// game.play_setup(&Setup::ninety_nine_of_nine(Color::Gold))?;
/// game.play_setup(&Setup::ninety_nine_of_nine(Color::Silver))?;
/// let moves = game.legal_moves();
/// game.play(&moves[0])?;
/// assert_eq!(game.position().side_to_move(), Color::Silver);
/// assert_eq!(game.outcome(), None);
/// # Ok::<(), arimaa::GameError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    variant: Variant,
    position: Position,
    phase: Phase,
    setup_board: Board,
    history: Vec<Turn>,
    undo: Vec<Snapshot>,
    /// The setup board before each setup turn of `undo`, in order.
    setup_undo: Vec<Board>,
    seen: Repetitions,
    movement_turns: usize,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

fn empty_position(side: Color) -> Position {
    match Position::new(Board::empty(), side) {
        Ok(p) => p,
        Err(_) => unreachable!("the empty board is a valid position"),
    }
}

impl Game {
    /// A standard game, awaiting Gold's setup.
    #[must_use]
    pub fn new() -> Game {
        Game::with_setup_variant(Variant::STANDARD)
    }

    fn with_setup_variant(variant: Variant) -> Game {
        Game {
            variant,
            position: empty_position(Color::Gold),
            phase: Phase::Setup(Color::Gold),
            setup_board: Board::empty(),
            history: Vec::new(),
            undo: Vec::new(),
            setup_undo: Vec::new(),
            seen: Repetitions::default(),
            movement_turns: 0,
        }
    }

    /// A game of `variant`. Endless Endgame draws its armies with `rng` now; Dicey Moves
    /// draws each turn's die from the `rng` given to [`Game::roll`].
    #[must_use]
    pub fn start<R: Rng + ?Sized>(variant: Variant, rng: &mut R) -> Game {
        if variant.setup == SetupVariant::EndlessEndgame {
            let (board, _) = Board::random_endless_endgame(rng);
            Game::endless_endgame_with(board, variant.dicey)
        } else {
            Game::with_setup_variant(variant)
        }
    }

    /// An Endless Endgame game from a given starting board (e.g. one read from a
    /// record), Gold to move with a two-step first turn.
    ///
    /// # Panics
    /// Never for a board from [`Board::random_endless_endgame`]; a board with a piece left
    /// unsupported on a trap has that piece removed first.
    #[must_use]
    pub fn endless_endgame_with(board: Board, dicey: bool) -> Game {
        let mut game = Game::with_setup_variant(Variant {
            setup: SetupVariant::EndlessEndgame,
            dicey,
        });
        game.begin_play(board);
        game
    }

    /// A game continuing from `position`, with no history: for analysis, puzzles and
    /// positions read from text. A turn in progress is dropped (the board as it stands
    /// starts a fresh turn). The position counts once for repetition, and its result is
    /// judged at once with the side not to move as the one that just moved.
    #[must_use]
    pub fn from_position(position: Position, variant: Variant) -> Game {
        let mut game = Game::with_setup_variant(variant);
        game.position = position;
        game.open_turn();
        game
    }

    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The current position (during setup, an empty board with the side to set up to
    /// move; see [`Game::board`]).
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The pieces on the board: during setup, those placed so far (in free placement
    /// possibly on traps, which act only once both sides placed).
    #[must_use]
    pub fn board(&self) -> &Board {
        match self.phase {
            Phase::Setup(_) => &self.setup_board,
            _ => self.position.board(),
        }
    }

    /// Where the game stands.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The result by the rules, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over(o) => Some(o),
            _ => None,
        }
    }

    /// Every turn played, setups included.
    #[must_use]
    pub fn history(&self) -> &[Turn] {
        &self.history
    }

    /// How many times the position (board and side to move) has occurred since play
    /// began.
    #[must_use]
    pub fn times_seen(&self, position: &Position) -> u32 {
        self.seen.count(&SeenKey::of(position))
    }

    /// The repetition counts, for the action mask of a game.
    pub(crate) fn repetitions(&self) -> &Repetitions {
        &self.seen
    }

    /// The step limit of the current turn.
    #[must_use]
    pub fn step_cap(&self) -> u8 {
        self.position.step_cap()
    }

    fn snapshot(&mut self) {
        if matches!(self.phase, Phase::Setup(_)) {
            self.setup_undo.push(self.setup_board);
        }
        self.undo.push(Snapshot {
            position: self.position.clone(),
            phase: self.phase,
            history_len: self.history.len(),
            movement_turns: self.movement_turns,
            seen: false,
        });
    }

    /// Counts the current position as seen (and remembers it for undo).
    fn record_seen(&mut self) {
        let key = SeenKey::of(&self.position);
        self.seen.add(key);
        if let Some(last) = self.undo.last_mut() {
            last.seen = true;
        }
    }

    /// Plays a setup turn.
    ///
    /// # Errors
    /// [`GameError`] when no setup is due, it is the other side's, or it breaks the
    /// variant's setup rules (every problem listed).
    pub fn play_setup(&mut self, setup: &Setup) -> Result<(), GameError> {
        let side = match self.phase {
            Phase::Setup(side) => side,
            _ => return Err(self.refusal(GameAction::Setup)),
        };
        if setup.color != side {
            return Err(GameError::WrongSide {
                expected: side,
                got: setup.color,
            });
        }
        setup.check(self.variant.setup_rules(), &self.setup_board)?;
        self.snapshot();
        setup.apply_to(&mut self.setup_board);
        self.history.push(Turn::Setup(setup.clone()));

        match side {
            Color::Gold => {
                // Traps do not act until both sides have placed.
                self.position = empty_position(Color::Silver);
                self.phase = Phase::Setup(Color::Silver);
            }
            Color::Silver => self.begin_play(self.setup_board),
        }
        Ok(())
    }

    /// Removes pieces left unsupported on traps (free placement), sets Gold to move and
    /// judges the starting position.
    fn begin_play(&mut self, mut board: Board) {
        for sq in board.unsupported_on_traps() {
            board.set(sq, None);
        }
        self.position = match Position::new(board, Color::Gold) {
            Ok(p) => p,
            Err(_) => unreachable!("no unsupported trap piece is left"),
        };
        self.open_turn();
    }

    /// Counts the position just reached, prepares the coming movement turn (or awaits
    /// its roll) and judges the result.
    fn open_turn(&mut self) {
        self.record_seen();
        self.phase = if self.variant.dicey {
            self.position.reset_turn(4);
            Phase::AwaitingRoll
        } else {
            self.set_cap_for_turn(None);
            Phase::Play
        };
        self.judge();
    }

    /// The step limit of the coming turn without dice: 2 for Gold's first turn in
    /// Endless Endgame, else 4; with a roll, min(roll, 4).
    fn set_cap_for_turn(&mut self, roll: Option<u8>) {
        let cap = match roll {
            Some(r) => r.min(4),
            None if self.variant.setup == SetupVariant::EndlessEndgame
                && self.movement_turns == 0 =>
            {
                2
            }
            None => 4,
        };
        self.position.reset_turn(cap);
    }

    /// Dicey Moves: rolls the die for the coming turn with `rng` and returns its step
    /// limit (min(d6, 4); for Gold's first turn of Endless Endgame, 1 or 2 with equal
    /// chance). The result by the rules (immobilization within the limit) is judged
    /// at once.
    ///
    /// # Errors
    /// [`GameError::WrongPhase`] when no roll is due.
    pub fn roll<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<u8, GameError> {
        let roll = if self.variant.setup == SetupVariant::EndlessEndgame && self.movement_turns == 0
        {
            rng.random_range(1..=2u8)
        } else {
            rng.random_range(1..=6u8).min(4)
        };
        self.set_roll(roll)?;
        Ok(roll)
    }

    /// Dicey Moves: sets the step limit of the coming turn to a known roll (1-4), e.g.
    /// when replaying a record.
    ///
    /// # Errors
    /// [`GameError::WrongPhase`] when no roll is due, [`GameError::BadRoll`] for a
    /// limit outside 1-4.
    pub fn set_roll(&mut self, cap: u8) -> Result<(), GameError> {
        if self.phase != Phase::AwaitingRoll {
            return Err(self.refusal(GameAction::Roll));
        }
        if !(1..=4).contains(&cap) {
            return Err(GameError::BadRoll(cap));
        }
        self.snapshot();
        self.set_cap_for_turn(Some(cap));
        self.phase = Phase::Play;
        self.judge_mobility();
        Ok(())
    }

    /// The action the game awaits now; `None` once it is over.
    #[must_use]
    pub fn awaited(&self) -> Option<GameAction> {
        self.awaited_or_outcome().ok()
    }

    fn awaited_or_outcome(&self) -> Result<GameAction, Outcome> {
        match self.phase {
            Phase::Setup(_) => Ok(GameAction::Setup),
            Phase::AwaitingRoll => Ok(GameAction::Roll),
            Phase::Play => Ok(GameAction::Move),
            Phase::Over(o) => Err(o),
        }
    }

    /// Why `got` is refused in the current phase (it is not the awaited action).
    fn refusal(&self, got: GameAction) -> GameError {
        match self.awaited_or_outcome() {
            Ok(expected) => GameError::WrongPhase { expected, got },
            Err(o) => GameError::Over(o),
        }
    }

    /// Whether playing `mv` would produce a position for the third time.
    fn repeats_third_time(&self, after: &Position) -> bool {
        self.times_seen(after) >= 2
    }

    /// The legal movement turns now: every distinct resulting board within the step
    /// limit, except those that would produce a position for the third time. Empty when
    /// no movement turn is due.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.phase != Phase::Play {
            return Vec::new();
        }
        let side = !self.position.side_to_move();
        let mut out = Vec::new();
        let _: ControlFlow<()> = self.position.for_each_move(|mv, board, hash| {
            if self.seen.count(&SeenKey::from_board(board, hash, side)) < 2 {
                out.push(*mv);
            }
            ControlFlow::Continue(())
        });
        out
    }

    /// Plays a movement turn and judges the result.
    ///
    /// # Errors
    /// [`GameError`] when no movement turn is due, the move is illegal (with the step
    /// and rule), or it repeats a position a third time. The game is unchanged.
    pub fn play(&mut self, mv: &Move) -> Result<Option<Outcome>, GameError> {
        match self.phase {
            Phase::Play => {}
            Phase::AwaitingRoll => return Err(GameError::RollNeeded),
            _ => return Err(self.refusal(GameAction::Move)),
        }
        let after = self.position.after(mv)?;
        if self.repeats_third_time(&after) {
            return Err(GameError::ThirdRepetition);
        }
        self.commit_move(mv, after);
        Ok(self.outcome())
    }

    /// [`Game::play`] of a move its caller knows to be legal here and not a third
    /// repetition, given the position it leads to (the turn ended): for the episodes of
    /// [`action`](crate::action), whose exact mask only completes such turns. Debug builds
    /// check it against `play`'s checks.
    pub(crate) fn play_trusted(&mut self, mv: &Move, after: Position) {
        debug_assert_eq!(self.phase, Phase::Play);
        debug_assert_eq!(self.position.after(mv).as_ref(), Ok(&after));
        debug_assert!(!self.repeats_third_time(&after));
        self.commit_move(mv, after);
    }

    /// Takes over the storage of `old` (its lists and tables, emptied) for this game,
    /// which stays as it is: a new game then grows without allocating.
    pub(crate) fn reuse_storage_of(&mut self, old: Game) {
        fn refill<T>(into: &mut Vec<T>, mut from: Vec<T>) {
            from.clear();
            from.append(into);
            *into = from;
        }
        refill(&mut self.history, old.history);
        refill(&mut self.undo, old.undo);
        refill(&mut self.setup_undo, old.setup_undo);
        self.seen.reuse_storage_of(old.seen);
    }

    /// Records the movement turn `mv`, which led to `after`, and opens the next turn.
    fn commit_move(&mut self, mv: &Move, after: Position) {
        self.snapshot();
        let cap = self.position.step_cap();
        self.history.push(Turn::Move { mv: *mv, cap });
        self.position = after;
        self.movement_turns += 1;
        self.open_turn();
    }

    /// Judges rules 1-4 and, when the step limit is known, rule 5.
    fn judge(&mut self) {
        if let Some(o) = decided_by_material(self.position.board(), self.position.side_to_move()) {
            self.phase = Phase::Over(o);
        } else if self.phase == Phase::Play {
            self.judge_mobility();
        }
    }

    /// Rule 5: the side to move has no legal turn within its limit, counting turns that
    /// would repeat a position a third time as unavailable.
    fn judge_mobility(&mut self) {
        if let Some(o) = decided_by_material(self.position.board(), self.position.side_to_move()) {
            self.phase = Phase::Over(o);
            return;
        }

        let side = !self.position.side_to_move();
        let mobile = if !self.position.has_legal_move() {
            false
        } else if !self.seen.any_twice(side) {
            true
        } else {
            // Stop at the first turn that does not repeat a position a third time
            // (almost always the first one generated).
            TurnGenerator::new()
                .for_each_board(&self.position, |board, hash| {
                    if self.seen.count(&SeenKey::from_board(board, hash, side)) < 2 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })
                .is_break()
        };

        if !mobile {
            self.phase = Phase::Over(Outcome {
                winner: side,
                reason: Reason::Immobilization,
            });
        }
    }

    /// Takes back the last action (a setup, a movement turn or a roll).
    ///
    /// # Errors
    /// [`GameError::NothingToUndo`] when nothing was played.
    pub fn undo(&mut self) -> Result<(), GameError> {
        let snap = self.undo.pop().ok_or(GameError::NothingToUndo)?;
        if snap.seen {
            // The game's position is the one the action recorded (a game's position
            // changes only by its actions).
            self.seen.remove(&SeenKey::of(&self.position));
        }
        if matches!(snap.phase, Phase::Setup(_)) {
            if let Some(board) = self.setup_undo.pop() {
                self.setup_board = board;
            }
        }
        self.position = snap.position;
        self.phase = snap.phase;
        self.history.truncate(snap.history_len);
        self.movement_turns = snap.movement_turns;
        Ok(())
    }
}
