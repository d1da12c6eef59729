//! Episodes: one game of self-play stepped an action at a time ([`Episode`]), how it
//! begins ([`Start`]), what each action did ([`Transition`]), and why one cannot begin
//! ([`EpisodeError`]).

use rand::RngCore;

use super::{Action, ActionError, ActionMask, View, GAME_CHANNELS};
use crate::{Color, Game, Move, Outcome, Position, Setup, SetupVariant, Step, Variant};

/// How an episode's game begins.
///
/// The seed given to [`Episode::new`] and [`Episode::reset`] starts a SplitMix64
/// generator (its state is the seed; each 64-bit draw is SplitMix64's next output, a
/// 32-bit draw the high half of one) that is used only to draw the start, as described
/// for each variant; the same start and seed always give the same game.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Start {
    /// Both sides' setups drawn uniformly at random ([`Setup::random_standard`]) from the
    /// seed: Gold's first, then Silver's.
    #[default]
    RandomSetups,
    /// Both sides set up 99of9 ([`Setup::ninety_nine_of_nine`]); the seed is unused.
    NinetyNineOfNine,
    /// A given position ([`Game::from_position`] with [`Variant::STANDARD`]: a turn in
    /// progress is dropped, the step limit is four); the seed is unused.
    Position(Position),
    /// An Endless Endgame board ([`Board::random_endless_endgame`](crate::Board::random_endless_endgame),
    /// through [`Game::start`]) from the seed; Gold's first turn has two steps.
    EndlessEndgame,
}

/// What one action did in an episode ([`Episode::step`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transition {
    /// +1 / -1 for the side that took the action when the action ended the game with its
    /// win / loss; 0 otherwise.
    pub reward: i8,
    /// The game ended by the rules with this action.
    pub terminated: bool,
    /// The action ended a turn and `max_turns` movement turns have now been played
    /// without the game ending by the rules.
    pub truncated: bool,
}

/// Why [`Episode::new`] refused its start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EpisodeError {
    /// A [`Start::Position`] whose game is already over: a rabbit on a goal rank, a side
    /// without rabbits, or a side to move with no legal turn (its mask would be empty).
    #[error("the episode cannot start: the game is already over ({0})")]
    Over(Outcome),
}

/// SplitMix64 as a [`RngCore`]: the generator an episode's seed starts (see [`Start`]).
struct SeedRng(u64);

impl RngCore for SeedRng {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn next_u64(&mut self) -> u64 {
        let (state, out) = crate::hash::splitmix(self.0);
        self.0 = state;
        out
    }

    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }
}

/// The game `start` begins with, drawn with `seed`.
fn draw_game(start: &Start, seed: u64) -> Game {
    let mut rng = SeedRng(seed);
    let setups = |gold: Setup, silver: Setup| {
        let mut game = Game::new();
        for setup in [gold, silver] {
            // Standard setups of the right side are always accepted.
            let played = game.play_setup(&setup);
            debug_assert!(played.is_ok(), "{played:?}");
        }
        game
    };
    match start {
        Start::RandomSetups => {
            let gold = Setup::random_standard(Color::Gold, &mut rng);
            let silver = Setup::random_standard(Color::Silver, &mut rng);
            setups(gold, silver)
        }
        Start::NinetyNineOfNine => setups(
            Setup::ninety_nine_of_nine(Color::Gold),
            Setup::ninety_nine_of_nine(Color::Silver),
        ),
        Start::Position(pos) => Game::from_position(pos.clone(), Variant::STANDARD),
        Start::EndlessEndgame => {
            let variant = Variant {
                setup: SetupVariant::EndlessEndgame,
                dicey: false,
            };
            Game::start(variant, &mut rng)
        }
    }
}

/// One game of self-play stepped an action at a time, in game context: the mask leaves
/// out the turns that would repeat a position a third time ([`Game::action_mask`]), and
/// an action ends the game exactly when the rules end it.
///
/// An episode holds the [`Game`] (at the start of the current turn), the turn in
/// progress ([`turn`](Episode::turn): the game's position with the steps taken so far)
/// and its exact mask, kept up to date by every [`step`](Episode::step). Ending a turn
/// plays its steps as one move of the game. When the game ends by the rules
/// ([`Transition::terminated`]) or `max_turns` movement turns have been played
/// ([`Transition::truncated`]), the episode is over: its mask is empty and every action
/// is refused with [`ActionError::EpisodeOver`] until [`reset`](Episode::reset).
///
/// ```
/// use arimaa::action::{Episode, Start};
/// let mut episode = Episode::new(Start::RandomSetups, 7, 0)?;
/// let mut pick = 0;
/// loop {
///     let mask = episode.mask();
///     // Any rule for choosing will do: the mask never leads into a dead end.
///     pick = (pick + 5) % mask.len();
///     let action = mask.nth(pick).expect("an episode not over has a non-empty mask");
///     let t = episode.step(action)?;
///     if t.terminated {
///         assert!(t.reward != 0 && episode.game().outcome().is_some());
///         break;
///     }
/// }
/// assert!(episode.is_over() && episode.mask().is_empty());
/// // The same start and seed give the same game.
/// let again = Episode::new(Start::RandomSetups, 7, 0)?;
/// assert_eq!(again.game().history()[..2], episode.game().history()[..2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Episode {
    start: Start,
    max_turns: u32,
    game: Game,
    /// The game's position with the turn's steps played.
    turn: Position,
    /// The turn's steps so far.
    steps: Move,
    /// The exact mask of `turn` in game context; empty once the episode is over.
    mask: ActionMask,
    turns_played: u32,
    over: bool,
}

impl Episode {
    /// An episode of the game `start` gives with `seed` (see [`Start`]), truncated after
    /// `max_turns` movement turns (0: no limit).
    ///
    /// ```
    /// use arimaa::action::{Episode, EpisodeError, Start};
    /// // Gold has a rabbit on a8 (and Silver has none).
    /// let won: arimaa::Position = format!("s [R{}]", " ".repeat(63)).parse()?;
    /// assert!(matches!(Episode::new(Start::Position(won), 0, 0), Err(EpisodeError::Over(_))));
    /// let e = Episode::new(Start::NinetyNineOfNine, 0, 100)?;
    /// assert_eq!((e.turns_played(), e.is_over()), (0, false));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`EpisodeError::Over`] for a [`Start::Position`] whose game is already over (the
    /// other starts always give a game in play).
    pub fn new(start: Start, seed: u64, max_turns: u32) -> Result<Episode, EpisodeError> {
        let game = draw_game(&start, seed);
        if let Some(outcome) = game.outcome() {
            return Err(EpisodeError::Over(outcome));
        }
        let mut episode = Episode {
            start,
            max_turns,
            turn: game.position().clone(),
            game,
            steps: Move::EMPTY,
            mask: ActionMask::EMPTY,
            turns_played: 0,
            over: false,
        };
        episode.open_turn();
        Ok(episode)
    }

    /// Starts a new game from the same [`Start`] with `seed` (the same `max_turns`).
    ///
    /// ```
    /// use arimaa::action::{Episode, Start};
    /// let mut e = Episode::new(Start::RandomSetups, 1, 0)?;
    /// e.reset(2);
    /// assert_eq!(e.game().history(), Episode::new(Start::RandomSetups, 2, 0)?.game().history());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reset(&mut self, seed: u64) {
        let old = core::mem::replace(&mut self.game, draw_game(&self.start, seed));
        self.game.reuse_storage_of(old);
        // `new` checked that this start gives a game in play (the random starts always
        // do), so it is in play again.
        debug_assert!(self.game.outcome().is_none());
        self.turns_played = 0;
        self.over = false;
        self.open_turn();
    }

    /// Begins the game's coming turn: the turn, its steps and its mask afresh.
    fn open_turn(&mut self) {
        self.turn = self.game.position().clone();
        self.steps = Move::EMPTY;
        self.mask = if self.over {
            ActionMask::EMPTY
        } else {
            self.game.action_mask(&self.turn)
        };
    }

    /// The exact mask of the turn in progress in game context ([`Game::action_mask`] of
    /// [`turn`](Episode::turn)), computed when the last action was taken; empty once the
    /// episode [is over](Episode::is_over).
    ///
    /// ```
    /// use arimaa::action::{Action, Episode, Start};
    /// let e = Episode::new(Start::NinetyNineOfNine, 0, 0)?;
    /// assert_eq!(*e.mask(), e.game().action_mask(e.turn()));
    /// assert!(!e.mask().contains(Action::END_TURN));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn mask(&self) -> &ActionMask {
        &self.mask
    }

    /// Takes an action of the [`mask`](Episode::mask): a step of the turn, or the end of
    /// the turn, which plays the turn's steps as one move of the game and judges the
    /// result.
    ///
    /// ```
    /// use arimaa::action::{Action, ActionError, Episode, Start};
    /// use arimaa::{Direction, Square, Step};
    /// let mut e = Episode::new(Start::NinetyNineOfNine, 0, 1)?;
    /// let d2n = Action::from(Step::new(Square::D2, Direction::North));
    /// assert!(matches!(e.step(Action::END_TURN), Err(ActionError::EndTurn(_))));
    /// assert_eq!(e.step(d2n)?.reward, 0);
    /// let t = e.step(Action::END_TURN)?;
    /// assert!(t.truncated && !t.terminated && e.is_over());
    /// assert_eq!(e.step(d2n), Err(ActionError::EpisodeOver));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// An action not in the mask is refused with the [`ActionError`] saying why
    /// ([`Position::check_action`]'s reasons, [`ActionError::Repetition`] for one that
    /// leads only to third repetitions, [`ActionError::EpisodeOver`] once the episode is
    /// over); the episode is unchanged.
    pub fn step(&mut self, action: Action) -> Result<Transition, ActionError> {
        if !self.mask.contains(action) {
            return Err(self.refusal(action));
        }
        let none = Transition {
            reward: 0,
            terminated: false,
            truncated: false,
        };
        let Some(step) = action.step() else {
            return Ok(self.end_turn());
        };
        self.turn.play_step_unchecked(step);
        // A turn of the mask has at most four steps.
        let pushed = self.steps.push(step);
        debug_assert!(pushed.is_ok());
        self.mask = self.game.action_mask(&self.turn);
        Ok(none)
    }

    /// Why `action`, not in the mask, is refused.
    fn refusal(&self, action: Action) -> ActionError {
        if self.over {
            return ActionError::EpisodeOver;
        }
        match self.turn.check_action(action) {
            Err(error) => error,
            // Legal on the position: the game's repetition counts leave it out.
            Ok(()) => ActionError::Repetition(action),
        }
    }

    /// Ends the turn (the mask holds [`Action::END_TURN`]): the move is played in the
    /// game, and the next turn opened.
    fn end_turn(&mut self) -> Transition {
        let mover = self.turn.side_to_move();
        // The mask is exact in game context: the move is legal and repeats nothing a
        // third time, so the game need not check it again.
        self.turn.end_turn_unchecked();
        self.game.play_trusted(&self.steps, self.turn.clone());
        self.turns_played += 1;

        let outcome = self.game.outcome();
        let terminated = outcome.is_some();
        let truncated = !terminated && self.max_turns > 0 && self.turns_played >= self.max_turns;
        let reward = match outcome {
            Some(o) if o.winner == mover => 1,
            Some(_) => -1,
            None => 0,
        };
        self.over = terminated || truncated;
        self.open_turn();
        Transition {
            reward,
            terminated,
            truncated,
        }
    }

    /// The position of the turn in progress: the game's position with the steps of
    /// this turn so far ([`steps`](Episode::steps)) played on it.
    #[must_use]
    pub fn turn(&self) -> &Position {
        &self.turn
    }

    /// The game: its history (setups and every movement turn played), repetition
    /// counts and result. Its [`position`](Game::position) is the start of the turn in
    /// progress.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The side whose turn it is (the side that takes the next action).
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.turn.side_to_move()
    }

    /// The steps of the turn in progress so far, in order (empty at a turn's start).
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        self.steps.steps()
    }

    /// The movement turns played in this episode (since its start or last
    /// [`reset`](Episode::reset)).
    #[must_use]
    pub fn turns_played(&self) -> u32 {
        self.turns_played
    }

    /// Whether the episode is over: its game ended by the rules or it was truncated at
    /// `max_turns`. [`step`](Episode::step) then refuses every action until
    /// [`reset`](Episode::reset).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The observation planes of the turn in progress, [`GAME_CHANNELS`] planes of 64:
    /// [`Position::observation`] of [`turn`](Episode::turn) in `view` and, in plane 18,
    /// how many times [`turn`](Episode::turn) (its board and side to move) has occurred
    /// in the game ([`Game::times_seen`]), divided by 3 and at most 1. At a turn's start
    /// these are [`Game::observation`] of the game.
    pub fn observation(&self, view: View, out: &mut [f32; GAME_CHANNELS * 64]) {
        super::planes::write_game_planes(&self.turn, self.game.times_seen(&self.turn), view, out);
    }
}
