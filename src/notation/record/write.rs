//! A game's history written as record turns.

use crate::notation::official::{
    OfficialMove, OfficialSetup, ResignWord, SideLetters, TurnBody, TurnLabel, TurnText,
};
use crate::{Game, GameError, Phase, Turn};

/// The turns of a game's history in official notation, labelled from `1g` (a game
/// without setup turns, such as Endless Endgame or one from a position, starts at
/// `2g`, or `2s` when Silver moves first), with capture tokens where the rules caused
/// them. Reading them back with [`Replay`](super::Replay) from the same start gives the same game.
///
/// # Errors
/// A [`GameError`] if the history cannot be played again from the game's start (which
/// would be a bug).
pub fn game_turns(game: &Game, letters: SideLetters) -> Result<Vec<TurnText>, GameError> {
    let mut start = game.clone();
    while start.undo().is_ok() {}
    let base: u64 = match game.history().first() {
        Some(Turn::Setup(_)) | None => 0,
        Some(Turn::Move { .. }) => 2 + start.position().side_to_move().index() as u64,
    };

    let mut g = start;
    let mut out = Vec::with_capacity(game.history().len());
    for (i, turn) in game.history().iter().enumerate() {
        let label = Some(TurnLabel::from_ordinal(base + i as u64, letters));
        match turn {
            Turn::Setup(setup) => {
                out.push(TurnText {
                    label,
                    body: TurnBody::Setup(OfficialSetup::from_setup(setup)),
                });
                g.play_setup(setup)?;
            }
            Turn::Move { mv, cap } => {
                if g.phase() == Phase::AwaitingRoll {
                    g.set_roll(*cap)?;
                }
                let tokens = OfficialMove::from_legal_move(g.position(), mv)?;
                out.push(TurnText {
                    label,
                    body: TurnBody::Move(tokens),
                });
                g.play(mv)?;
            }
        }
    }
    Ok(out)
}

/// [`game_turns`] followed by the bare tag of the side to move, as the archive ends its
/// move lists (`37b`), or by `resign` for `resigned`.
///
/// # Errors
/// As [`game_turns`].
pub fn game_record(
    game: &Game,
    letters: SideLetters,
    resigned: bool,
) -> Result<Vec<TurnText>, GameError> {
    let mut turns = game_turns(game, letters)?;
    let next = match turns.last().and_then(|t| t.label) {
        Some(l) => l.ordinal() + 1,
        None => 0,
    };

    turns.push(TurnText {
        label: Some(TurnLabel::from_ordinal(next, letters)),
        body: if resigned {
            TurnBody::Resign(ResignWord::Resign)
        } else {
            TurnBody::Empty
        },
    });
    Ok(turns)
}
