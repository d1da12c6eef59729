//! One self-play game stepped an action at a time in game context, for `VecEnv` and the
//! PettingZoo environment: the shape of the crate's announced
//! `arimaa::action::Episode` (issue 23), kept here until the crate has it.

use arimaa_rs::action::{Action, ActionError, ActionMask, View};
use arimaa_rs::{Color, Game, Move, Position, SetupVariant, Variant};
use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::actions::write_planes;

/// Where each episode starts.
#[derive(Clone)]
pub(crate) enum Start {
    /// Seeded uniformly random standard setups for both sides.
    RandomSetups,
    /// Both sides in the 99of9 setup.
    NinetyNineOfNine,
    /// A given position, between turns (a turn in progress is dropped).
    Position(Box<Position>),
    /// Endless Endgame: seeded random armies, Gold to move with a two-step first turn.
    EndlessEndgame,
}

/// What one action did.
#[derive(Clone, Copy, Default)]
pub(crate) struct Transition {
    /// +1 when the action ended the game and its side won, -1 when it lost, else 0.
    pub(crate) reward: i8,
    /// The game ended by the rules.
    pub(crate) terminated: bool,
    /// The game reached its `max_turns` movement turns without a result.
    pub(crate) truncated: bool,
}

/// One game in progress, with the steps of the turn in progress and its exact mask.
#[derive(Clone)]
pub(crate) struct Episode {
    start: Start,
    max_turns: u32,
    game: Game,
    turn: Position,
    steps: Move,
    turns_played: u32,
    mask: ActionMask,
    over: bool,
}

/// The game an episode of `start` begins with, its setups drawn from `seed`.
fn start_game(start: &Start, seed: u64) -> Game {
    let mut rng = SmallRng::seed_from_u64(seed);
    match start {
        Start::Position(pos) => Game::from_position((**pos).clone(), Variant::STANDARD),
        Start::EndlessEndgame => {
            let variant = Variant {
                setup: SetupVariant::EndlessEndgame,
                dicey: false,
            };
            Game::start(variant, &mut rng)
        }
        Start::RandomSetups | Start::NinetyNineOfNine => {
            let mut game = Game::new();
            for color in [Color::Gold, Color::Silver] {
                let setup = match start {
                    Start::NinetyNineOfNine => arimaa_rs::Setup::ninety_nine_of_nine(color),
                    _ => arimaa_rs::Setup::random_standard(color, &mut rng),
                };
                // Standard setups of the side whose setup is due: always accepted.
                let _ = game.play_setup(&setup);
            }
            game
        }
    }
}

impl Episode {
    /// A game of `start` (setups drawn from `seed`) that is cut after `max_turns`
    /// movement turns.
    pub(crate) fn new(start: Start, seed: u64, max_turns: u32) -> Episode {
        let game = start_game(&start, seed);
        let turn = game.position().clone();
        let mask = game.action_mask(&turn);
        Episode {
            start,
            max_turns,
            game,
            turn,
            steps: Move::EMPTY,
            turns_played: 0,
            mask,
            over: false,
        }
    }

    /// Starts a new game of the same start, drawn from `seed`.
    pub(crate) fn reset(&mut self, seed: u64) {
        let start = self.start.clone();
        *self = Episode::new(start, seed, self.max_turns);
    }

    /// The exact mask of the turn in progress, in game context (repetition included);
    /// empty once the episode is over.
    pub(crate) fn mask(&self) -> &ActionMask {
        &self.mask
    }

    /// Why `action` is not in the mask, or `None` when it is.
    pub(crate) fn refusal(&self, action: Action) -> Option<String> {
        if self.mask.contains(action) {
            return None;
        }
        Some(match self.turn.check_action(action) {
            Err(e) => e.to_string(),
            Ok(()) if self.over => "the episode is over (reset it)".to_string(),
            Ok(()) => format!("action {action}: every turn it leads to repeats a position a third time"),
        })
    }

    /// Plays an action of the mask. At the end of a turn the game plays the turn and
    /// judges it; a finished game stays as it is (call `reset`).
    pub(crate) fn step(&mut self, action: Action) -> Result<Transition, ActionError> {
        if !self.mask.contains(action) {
            return Err(match self.turn.check_action(action) {
                Err(e) => e,
                Ok(()) => ActionError::DeadEnd(action),
            });
        }
        let mover = self.turn.side_to_move();
        let mut out = Transition::default();
        match action.step() {
            Some(step) => {
                self.turn.play_step_unchecked(step);
                // At most 4 steps: the mask offers no step past the turn's limit.
                let _ = self.steps.push(step);
            }
            None => {
                if let Ok(Some(outcome)) = self.game.play(&self.steps) {
                    out.terminated = true;
                    out.reward = if outcome.winner == mover { 1 } else { -1 };
                }
                self.turns_played += 1;
                out.truncated = !out.terminated && self.turns_played >= self.max_turns;
                self.turn = self.game.position().clone();
                self.steps = Move::EMPTY;
            }
        }
        self.over = out.terminated || out.truncated;
        self.mask = if self.over {
            ActionMask::EMPTY
        } else {
            self.game.action_mask(&self.turn)
        };
        Ok(out)
    }

    /// The position with the turn in progress played on it.
    pub(crate) fn turn(&self) -> &Position {
        &self.turn
    }

    /// The game (its position is the turn's start).
    pub(crate) fn game(&self) -> &Game {
        &self.game
    }

    /// The steps taken in the turn in progress.
    pub(crate) fn steps(&self) -> &Move {
        &self.steps
    }

    /// The movement turns played in this episode.
    pub(crate) fn turns_played(&self) -> u32 {
        self.turns_played
    }

    /// Whether the episode has ended (terminated or truncated): its mask is empty.
    pub(crate) fn is_over(&self) -> bool {
        self.over
    }

    /// The side to move.
    pub(crate) fn side_to_move(&self) -> Color {
        self.turn.side_to_move()
    }

    /// Writes the observation planes of the turn in progress (`OBS_LEN` entries).
    pub(crate) fn observation(&self, view: View, out: &mut [f32]) {
        let seen = self.game.times_seen(self.game.position());
        write_planes(&self.turn, view, seen, out);
    }
}
