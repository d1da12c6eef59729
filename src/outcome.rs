//! How a game ends by the rules.

use core::fmt;

use crate::{Board, Color, PieceKind, Position, TurnState};

/// Why a game ended by the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reason {
    /// A rabbit reached its goal rank (`g`).
    Goal,
    /// A side lost all its rabbits (`e`).
    Elimination,
    /// The side to move has no legal turn (`m`).
    Immobilization,
}

impl Reason {
    /// Every reason.
    pub const ALL: [Reason; 3] = [Reason::Goal, Reason::Elimination, Reason::Immobilization];

    /// The reason in words: `goal`, `elimination`, `immobilization` (its `Display` form).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Goal => "goal",
            Reason::Elimination => "elimination",
            Reason::Immobilization => "immobilization",
        }
    }

    /// The one-letter code of archives and records: `g`, `e`, `m`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Reason::Goal => 'g',
            Reason::Elimination => 'e',
            Reason::Immobilization => 'm',
        }
    }

    /// Reads a code `g`, `e` or `m`.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Reason> {
        match c {
            'g' => Some(Reason::Goal),
            'e' => Some(Reason::Elimination),
            'm' => Some(Reason::Immobilization),
            _ => None,
        }
    }
}

impl fmt::Display for Reason {
    /// In words: `goal`, `elimination`, `immobilization` ([`Reason::char`] gives the
    /// code of records).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// The end of a game: who won and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The side that won.
    pub winner: Color,
    /// Why.
    pub reason: Reason,
}

impl fmt::Display for Outcome {
    /// In words, e.g. `Gold wins by goal`. Records write the winner's letter
    /// ([`Color::char`]) and the reason's code ([`Reason::char`]) instead.
    ///
    /// ```
    /// use arimaa::{Color, Outcome, Reason};
    /// let o = Outcome { winner: Color::Gold, reason: Reason::Goal };
    /// assert_eq!(o.to_string(), "Gold wins by goal");
    /// assert_eq!((o.winner.char(), o.reason.char()), ('g', 'g'));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let winner = match self.winner {
            Color::Gold => "Gold",
            Color::Silver => "Silver",
        };
        crate::pad::padded(f, |w| write!(w, "{winner} wins by {}", self.reason))
    }
}

/// Rules 1-4 of the end of game between turns, with `next` to move (the other side has
/// just moved): goals, then eliminations, in the official order.
pub(crate) fn decided_by_material(board: &Board, next: Color) -> Option<Outcome> {
    let mover = !next;
    let win = |winner, reason| Some(Outcome { winner, reason });
    if board.rabbit_on_goal(mover) {
        return win(mover, Reason::Goal);
    }
    if board.rabbit_on_goal(next) {
        return win(next, Reason::Goal);
    }
    if board.pieces(PieceKind::Rabbit.of(next)).is_empty() {
        return win(mover, Reason::Elimination);
    }
    if board.pieces(PieceKind::Rabbit.of(mover)).is_empty() {
        return win(next, Reason::Elimination);
    }
    None
}

/// Rules 1-5 at the start of `state`'s turn (no step taken): rules 1-4, then whether
/// the side to move has a legal first step within the turn's limit. Every legal first
/// step begins a turn that changes the board (see [`Position::has_legal_move`]).
fn decided_at_turn_start(state: &TurnState) -> Option<Outcome> {
    let next = state.side_to_move();
    decided_by_material(state.board(), next).or_else(|| {
        (!state.has_legal_step()).then_some(Outcome {
            winner: !next,
            reason: Reason::Immobilization,
        })
    })
}

impl Board {
    /// The result by the rules once `mover` has ended a turn on this board: the
    /// [`outcome`](Position::outcome) of the position with the other side to move at the
    /// start of a four-step turn, without building that position (no hash is computed).
    /// A search judging the boards [`Position::for_each_move`] gives calls it with the
    /// side that moved.
    ///
    /// Meant for boards a turn can leave (no piece unsupported on a trap, which
    /// [`Position::new`] would refuse); any other board is judged as it stands.
    /// Repetition is not considered (see [`Game`](crate::Game)).
    ///
    /// ```
    /// use arimaa::{Color, Outcome, Position, Reason};
    /// let pos: Position = "s [ R                                                      r       ]".parse()?;
    /// let judged = pos.board().outcome_after_turn(Color::Gold);
    /// assert_eq!(judged, Some(Outcome { winner: Color::Gold, reason: Reason::Goal }));
    /// assert_eq!(judged, pos.outcome());
    /// # Ok::<(), arimaa::notation::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn outcome_after_turn(&self, mover: Color) -> Option<Outcome> {
        decided_at_turn_start(&TurnState::new(*self, !mover, 4))
    }
}

impl Position {
    /// The result by the rules of a position between turns, taking the side not to move
    /// as the one that just moved (A below) and the side to move as B. The game ends
    /// only at the end of a turn, never in the middle of one, and the first of these
    /// that holds decides:
    /// 1. a rabbit of A stands on A's goal rank: A wins by goal;
    /// 2. a rabbit of B stands on B's goal rank: B wins by goal;
    /// 3. B has no rabbits: A wins by elimination;
    /// 4. A has no rabbits: B wins by elimination;
    /// 5. B has no legal turn (within this turn's step limit): A wins by
    ///    immobilization.
    ///
    /// `None` while the game goes on, and for every position in the middle of a turn
    /// (a step taken): see [`outcome_if_ended`](Position::outcome_if_ended) for the
    /// result the turn would have if it ended now.
    ///
    /// Repetition is not known to a bare position; [`Game`](crate::Game) also counts
    /// turns that would repeat a position a third time as unavailable in rule 5.
    ///
    /// ```
    /// use arimaa::{Color, Outcome, Position, Reason};
    /// let pos: Position = "s [ R                                                      r       ]".parse()?;
    /// assert_eq!(pos.outcome(), Some(Outcome { winner: Color::Gold, reason: Reason::Goal }));
    /// # Ok::<(), arimaa::notation::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if self.steps_taken() > 0 {
            return None;
        }
        decided_at_turn_start(self.turn_state())
    }

    /// The result by the rules if the turn in progress ended now: the
    /// [`outcome`](Position::outcome) of the position after
    /// [`end_turn`](Position::end_turn), with the side to move as the one that just
    /// moved and the opponent's next turn taken as four steps. `None` when the game
    /// would go on, and when the turn cannot end now (see
    /// [`can_end_turn`](Position::can_end_turn)). Repetition is not considered (see
    /// [`Game`](crate::Game)).
    ///
    /// A search inside a turn uses it to see a goal (or an elimination) as soon as the
    /// steps reach it, with the official precedence: a rabbit of the mover on its goal
    /// wins even when the opponent's rabbit stands on its goal too.
    ///
    /// ```
    /// use arimaa::{Color, Direction, Outcome, Position, Reason, Square, Step};
    /// let mut pos: Position =
    ///     "g [                      r          R                              ]".parse()?;
    /// pos.play_step(Step::new(Square::B4, Direction::North))?;
    /// pos.play_step(Step::new(Square::B5, Direction::North))?;
    /// pos.play_step(Step::new(Square::B6, Direction::North))?;
    /// assert_eq!(pos.outcome(), None); // in the middle of a turn
    /// assert_eq!(pos.outcome_if_ended(), None);
    /// pos.play_step(Step::new(Square::B7, Direction::North))?;
    /// assert!(pos.can_end_turn());
    /// assert_eq!(
    ///     pos.outcome_if_ended(),
    ///     Some(Outcome { winner: Color::Gold, reason: Reason::Goal })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn outcome_if_ended(&self) -> Option<Outcome> {
        if !self.can_end_turn() {
            return None;
        }
        let mut ended = self.clone();
        ended.end_turn_unchecked();
        ended.outcome()
    }
}
