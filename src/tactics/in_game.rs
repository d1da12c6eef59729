//! The tactics queries in a game: only when a movement turn is due, under that turn's
//! step limit, with moves that [`Game::play`] accepts.

use crate::{Captures, Game, Move, Phase};

impl Game {
    /// [`Position::goal_move`](crate::Position::goal_move) for the movement turn that is
    /// due: a shortest move that wins by goal now, which [`Game::play`] accepts as it is.
    /// `None` when no movement turn is due (a setup, a Dicey Moves roll still to make, the
    /// game over) or when no turn within the step limit reaches the goal.
    ///
    /// Repetition never refuses such a move: the position after it has a rabbit of the
    /// mover on its goal rank, and a game ends on the first position like that, so it has
    /// not been seen before (the tests play the answer on every archive position).
    ///
    /// ```
    /// use arimaa::{Game, Variant};
    /// let pos = "g [    e              R                    Dc    r             E   ]".parse()?;
    /// let mut game = Game::from_position(pos, Variant::STANDARD);
    /// let goal = game.goal_move().expect("the rabbit on d6 is two steps from rank 8");
    /// assert!(game.play(&goal)?.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn goal_move(&self) -> Option<Move> {
        if self.phase() != Phase::Play {
            return None;
        }
        self.position().goal_move()
    }

    /// [`Position::capture_moves`](crate::Position::capture_moves) for the movement turn
    /// that is due: for every enemy piece that can be captured within the turn's step
    /// limit, a shortest capturing move that [`Game::play`] accepts as it is. Empty when
    /// no movement turn is due (a setup, a Dicey Moves roll still to make, the game over).
    ///
    /// Repetition never refuses such a move: pieces never come back, so the position
    /// after a capture has fewer pieces than every position seen so far in the game.
    ///
    /// ```
    /// use arimaa::{Game, Square, Variant};
    /// let pos = "g [    e              R                    Dc    r             E   ]".parse()?;
    /// let mut game = Game::from_position(pos, Variant::STANDARD);
    /// let captures = game.capture_moves();
    /// let push = *captures.get(Square::B3).expect("the cat on b3 can be pushed into c3");
    /// game.play(&push)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn capture_moves(&self) -> Captures {
        if self.phase() != Phase::Play {
            return Captures::new();
        }
        self.position().capture_moves()
    }
}
