//! Replaying a record's turns into a game, checking each one.

use super::MAX_TURNS;
use crate::notation::official::{
    IllegalOfficial, OfficialMove, OfficialSetup, ParseOfficialError, SideLetters, TurnBody,
    TurnLabel, TurnText,
};
use crate::{Color, Game, GameAction, GameError, Move, Outcome, Phase, Position, Turn};

/// Why a record's turn could not be replayed.
///
/// `#[non_exhaustive]`: a match outside the crate needs a wildcard arm (this one,
/// without it, does not compile):
///
/// ```compile_fail,E0004
/// use arimaa::notation::record::ReplayError;
/// fn is_illegal(e: &ReplayError) -> bool {
///     match e {
///         ReplayError::Illegal(_) | ReplayError::Game(_) => true,
///         ReplayError::Parse(_) | ReplayError::Label { .. } | ReplayError::GameOver(_) => false,
///         ReplayError::AfterEnd | ReplayError::WrittenBack { .. } => false,
///         ReplayError::TooManyTurns => false,
///     }
/// }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The turn is not well-formed notation.
    #[error("{0}")]
    Parse(#[from] ParseOfficialError),
    /// The label is not the one the game is at.
    #[error("label {found}, but the game is at {expected}")]
    Label {
        /// The label written.
        found: TurnLabel,
        /// The label of the turn due.
        expected: TurnLabel,
    },
    /// The turn breaks a rule: a movement turn in the game's position, or setup
    /// tokens naming pieces of the wrong side.
    #[error("{0}")]
    Illegal(#[from] IllegalOfficial),
    /// The game refused the turn (a setup breaking the rules, a setup when a movement
    /// turn is due or the reverse, nothing to take back).
    #[error("{0}")]
    Game(GameError),
    /// The rules had already ended the game.
    #[error("the game was already over by the rules ({0})")]
    GameOver(Outcome),
    /// A turn follows the final tag, or the game was resigned.
    #[error("the record goes on after its end")]
    AfterEnd,
    /// The crate writes the turn differently from the record.
    #[error("written back as {written:?}, the record has {record:?}")]
    WrittenBack {
        /// The record's step and capture tokens.
        record: String,
        /// What the crate writes for the move.
        written: String,
    },
    /// More turns than the readers accept.
    #[error("more than {MAX_TURNS} turns")]
    TooManyTurns,
}

/// The first turn of a record that could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("turn {}{}: {error}", .label.map(|l| l.to_string()).unwrap_or_else(|| format!("#{}", .index + 1)), if .text.is_empty() { String::new() } else { format!(" ({})", .text) })]
pub struct ReplayFailure {
    /// The entry's position in the record's turns, from 0.
    pub index: usize,
    /// The entry's label, when it has one.
    pub label: Option<TurnLabel>,
    /// The entry's tokens as written (label excluded; cut to 200 characters).
    pub text: String,
    /// Why it failed.
    pub error: ReplayError,
}

/// How a record stopped other than by the rules.
///
/// `#[non_exhaustive]`: a match outside the crate needs a wildcard arm (this one,
/// without it, does not compile):
///
/// ```compile_fail,E0004
/// use arimaa::notation::record::RecordStop;
/// fn resigned(stop: RecordStop) -> bool {
///     match stop {
///         RecordStop::Tag(_) => false,
///         RecordStop::Resigned(_) => true,
///     }
/// }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RecordStop {
    /// The final bare tag (`37b`).
    Tag(TurnLabel),
    /// A `resign`/`resigns` by this side.
    Resigned(Color),
}

/// A record played into a [`Game`]: the game, the position before every movement turn
/// and after the last one, and either the end reached or the first failing turn.
///
/// Each turn is checked: the label (when written) must be the turn due, a setup must
/// obey the game's setup rules, a movement turn must resolve (see
/// [`OfficialMove::to_move_in_game`]) and be written back by the crate exactly as the record has
/// it, and no turn may come after the rules ended the game. A bare tag (`37b`) ends
/// the record; `takeback` undoes the previous turn; `resign` ends the record.
#[derive(Debug, Clone)]
pub struct Replay {
    game: Game,
    positions: Vec<Position>,
    /// The movement turns played, each with its label; `positions[i]` is the position
    /// before `moves[i]` and `positions[i + 1]` the one after.
    moves: Vec<(TurnLabel, Move)>,
    letters: SideLetters,
    /// The ordinal of the game's first turn when the record writes no labels.
    default_base: i64,
    entries: usize,
    label_base: Option<i64>,
    stop: Option<RecordStop>,
    failure: Option<ReplayFailure>,
}

/// One movement turn of a [`Replay`]: its label, the position it was played from, the
/// move, and the position it led to. Given by [`Replay::moves`].
#[derive(Debug, Clone, Copy)]
pub struct ReplayedMove<'a> {
    /// The turn's label (`2g`, `37b`): as written in the record, or counted from the
    /// start when the record writes none.
    pub label: TurnLabel,
    /// The position before the move (the move is legal here).
    pub before: &'a Position,
    /// The move played.
    pub mv: Move,
    /// The position after the move: the other side to move, the turn's captures done.
    pub after: &'a Position,
}

/// The iterator of [`Replay::moves`]: the movement turns in order.
#[derive(Debug, Clone)]
pub struct ReplayMoves<'a> {
    moves: core::slice::Iter<'a, (TurnLabel, Move)>,
    positions: &'a [Position],
    index: usize,
}

impl<'a> Iterator for ReplayMoves<'a> {
    type Item = ReplayedMove<'a>;

    fn next(&mut self) -> Option<ReplayedMove<'a>> {
        let (label, mv) = self.moves.next()?;
        let i = self.index;
        self.index += 1;
        Some(ReplayedMove {
            label: *label,
            before: self.positions.get(i)?,
            mv: *mv,
            after: self.positions.get(i + 1)?,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.moves.size_hint()
    }
}

impl ExactSizeIterator for ReplayMoves<'_> {}

fn side_to_play(game: &Game) -> Color {
    match game.phase() {
        Phase::Setup(c) => c,
        _ => game.position().side_to_move(),
    }
}

impl Replay {
    /// A replay starting from `game` (a new game awaiting setups, a game of a variant,
    /// or a game from a position).
    #[must_use]
    pub fn new(game: Game) -> Replay {
        let positions = if matches!(game.phase(), Phase::Setup(_)) {
            Vec::new()
        } else {
            vec![game.position().clone()]
        };

        let mut start = game.clone();
        while start.undo().is_ok() {}
        let default_base = match game.history().first() {
            Some(Turn::Setup(_)) => 0,
            _ if matches!(start.phase(), Phase::Setup(_)) => 0,
            _ => 2 + start.position().side_to_move().index() as i64,
        };

        Replay {
            game,
            positions,
            moves: Vec::new(),
            letters: SideLetters::GoldSilver,
            default_base,
            entries: 0,
            label_base: None,
            stop: None,
            failure: None,
        }
    }

    /// Replays turns given as text into `game`, stopping at the first failure.
    pub fn run<'a>(game: Game, turns: impl IntoIterator<Item = &'a str>) -> Replay {
        let mut r = Replay::new(game);
        for t in turns {
            if !r.push_text(t) {
                break;
            }
        }
        r
    }

    /// Replays read turns into a standard game from its setups.
    pub fn standard<'a>(turns: impl IntoIterator<Item = &'a TurnText>) -> Replay {
        let mut r = Replay::new(Game::new());
        for t in turns {
            if !r.push(t) {
                break;
            }
        }
        r
    }

    /// Reads and plays the next turn. Returns whether the replay can go on (false once
    /// a turn has failed).
    pub fn push_text(&mut self, text: &str) -> bool {
        match text.parse::<TurnText>() {
            Ok(turn) => self.push(&turn),
            Err(error) => {
                let text = text.chars().take(200).collect();
                self.fail(None, text, error.into());
                false
            }
        }
    }

    /// Plays the next turn. Returns whether the replay can go on (false once a turn has
    /// failed).
    pub fn push(&mut self, turn: &TurnText) -> bool {
        if self.failure.is_some() {
            return false;
        }
        if let Err(error) = self.play(turn) {
            let text = turn.body.to_string().chars().take(200).collect();
            self.fail(turn.label, text, error);
            return false;
        }
        self.entries += 1;
        true
    }

    fn fail(&mut self, label: Option<TurnLabel>, text: String, error: ReplayError) {
        if self.failure.is_none() {
            self.failure = Some(ReplayFailure {
                index: self.entries,
                label,
                text,
                error,
            });
        }
    }

    fn check_label(&mut self, label: TurnLabel) -> Result<(), ReplayError> {
        let done = i64::try_from(self.game.history().len()).unwrap_or(i64::MAX);
        let ordinal = i64::try_from(label.ordinal()).unwrap_or(i64::MAX);
        let base = *self.label_base.get_or_insert(ordinal.saturating_sub(done));
        let due = base.saturating_add(done);
        let side = side_to_play(&self.game);
        if ordinal != due || label.side != side {
            let expected = TurnLabel::from_ordinal(u64::try_from(due).unwrap_or(0), label.letters);
            // Keep the side actually to move in the message even if the count is off.
            let expected = TurnLabel { side, ..expected };
            return Err(ReplayError::Label {
                found: label,
                expected,
            });
        }
        Ok(())
    }

    /// The label of the turn the game is at, for a record that does not write labels:
    /// counted as [`game_turns`](super::game_turns) does (`1g` for the first setup; a game without setups
    /// starts at `2g`, or `2s` when Silver moves first), or from the first label
    /// written.
    fn label_due(&self) -> TurnLabel {
        let done = i64::try_from(self.game.history().len()).unwrap_or(i64::MAX);
        let base = self.label_base.unwrap_or(self.default_base);
        let ordinal = u64::try_from(base.saturating_add(done)).unwrap_or(0);
        let label = TurnLabel::from_ordinal(ordinal, self.letters);
        // The side actually to move, should the count disagree.
        TurnLabel {
            side: side_to_play(&self.game),
            ..label
        }
    }

    /// Plays one turn of the record: checks the count and the end, the label, then
    /// plays the body by its kind.
    fn play(&mut self, turn: &TurnText) -> Result<(), ReplayError> {
        if self.entries >= MAX_TURNS {
            return Err(ReplayError::TooManyTurns);
        }
        if self.stop.is_some() {
            return Err(ReplayError::AfterEnd);
        }

        if let Some(label) = turn.label {
            self.check_label(label)?;
            self.letters = label.letters;
        }

        match &turn.body {
            TurnBody::Empty => {
                let side = side_to_play(&self.game);
                let label = turn.label.unwrap_or_else(|| TurnLabel::new(0, side));
                self.stop = Some(RecordStop::Tag(label));
                Ok(())
            }
            TurnBody::Setup(syntax) => self.play_setup(syntax),
            TurnBody::Move(syntax) => self.play_move(turn, syntax),
            TurnBody::Resign(_) => {
                self.check_not_over()?;
                self.stop = Some(RecordStop::Resigned(side_to_play(&self.game)));
                Ok(())
            }
            TurnBody::Takeback => self.take_back(),
        }
    }

    /// A turn after the rules ended the game is refused.
    fn check_not_over(&self) -> Result<(), ReplayError> {
        match self.game.phase() {
            Phase::Over(o) => Err(ReplayError::GameOver(o)),
            _ => Ok(()),
        }
    }

    /// A setup turn: its pieces for the side to set up, by the game's setup rules.
    fn play_setup(&mut self, syntax: &OfficialSetup) -> Result<(), ReplayError> {
        self.check_not_over()?;
        let setup = syntax.to_setup(side_to_play(&self.game))?;
        self.game.play_setup(&setup).map_err(ReplayError::Game)?;
        if !matches!(self.game.phase(), Phase::Setup(_)) {
            self.positions.push(self.game.position().clone());
        }
        Ok(())
    }

    /// A movement turn: resolved in the game, written back exactly as the record has
    /// it, then played (a third repetition is the notation's illegal move).
    fn play_move(&mut self, turn: &TurnText, syntax: &OfficialMove) -> Result<(), ReplayError> {
        match self.game.phase() {
            Phase::Over(o) => return Err(ReplayError::GameOver(o)),
            Phase::Play => {}
            Phase::Setup(_) => {
                return Err(ReplayError::Game(GameError::WrongPhase {
                    expected: GameAction::Setup,
                    got: GameAction::Move,
                }))
            }
            Phase::AwaitingRoll => return Err(ReplayError::Game(GameError::RollNeeded)),
        }

        let mv = syntax.to_move_in_game(&self.game)?;
        let label = turn.label.unwrap_or_else(|| self.label_due());
        let written = OfficialMove::from_legal_move(self.game.position(), &mv)
            .map_err(|e| ReplayError::Game(GameError::Move(e)))?
            .to_string();

        let record = turn.move_tokens_text();
        if written != record {
            return Err(ReplayError::WrittenBack { record, written });
        }

        self.game.play(&mv).map_err(|e| match e {
            GameError::ThirdRepetition => ReplayError::Illegal(IllegalOfficial::ThirdRepetition),
            e => ReplayError::Game(e),
        })?;
        self.moves.push((label, mv));
        self.positions.push(self.game.position().clone());
        Ok(())
    }

    /// `takeback`: undoes the previous turn, and the move and position it recorded.
    fn take_back(&mut self) -> Result<(), ReplayError> {
        let was_move = matches!(self.game.history().last(), Some(Turn::Move { .. }));
        let had_play = !matches!(self.game.phase(), Phase::Setup(_));
        self.game.undo().map_err(ReplayError::Game)?;
        if was_move {
            self.moves.pop();
        }
        if was_move || (had_play && matches!(self.game.phase(), Phase::Setup(_))) {
            self.positions.pop();
        }
        Ok(())
    }

    /// The game as replayed so far.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position before every movement turn played and after the last one (empty
    /// while the setups are not complete).
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The movement turns replayed, in order, each with the position it was played
    /// from and the position it led to: no pairing of [`Replay::positions`] with the
    /// game's history needed. Setups, tags, resignations and taken-back turns do not
    /// appear. There is one item per movement turn, so `moves().len()` is the number of
    /// movement turns (unlike the archive's [`ArchiveGame::plycount`](super::ArchiveGame::plycount)).
    ///
    /// ```
    /// use arimaa::notation::{official, record::Replay};
    /// use arimaa::Game;
    ///
    /// let replay = Replay::run(
    ///     Game::new(),
    ///     [
    ///         "1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2",
    ///         "1s ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7",
    ///         "2g Ee2n Ee3n Ee4n Ee5n",
    ///         "2s ed7s ed6s ed5s ed4s",
    ///     ],
    /// );
    /// assert!(replay.failure().is_none());
    /// let mut written = Vec::new();
    /// for m in replay.moves() {
    ///     // `m.before` is the position the move is legal in: write it from there.
    ///     let text = official::write_move(m.before, &m.mv)?;
    ///     assert_eq!(m.before.side_to_move(), m.label.side);
    ///     assert_ne!(m.before.board(), m.after.board());
    ///     written.push(format!("{} {text}", m.label));
    /// }
    /// assert_eq!(written, ["2g Ee2n Ee3n Ee4n Ee5n", "2s ed7s ed6s ed5s ed4s"]);
    /// assert_eq!(replay.moves().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn moves(&self) -> ReplayMoves<'_> {
        ReplayMoves {
            moves: self.moves.iter(),
            positions: &self.positions,
            index: 0,
        }
    }

    /// The result by the rules after the last turn replayed.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The first failing turn, if any.
    #[must_use]
    pub fn failure(&self) -> Option<&ReplayFailure> {
        self.failure.as_ref()
    }

    /// How the record stopped other than by the rules (final tag or resignation).
    #[must_use]
    pub fn stop(&self) -> Option<RecordStop> {
        self.stop
    }

    /// The number of entries replayed successfully.
    #[must_use]
    pub fn turns_read(&self) -> usize {
        self.entries
    }
}
