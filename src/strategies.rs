//! `proptest` strategies for the crate's types, so that code built on the crate can be
//! property-tested against it. Enabled by the `proptest` feature.
//!
//! ```
//! use arimaa::strategies::{arb_position, arb_position_with_move};
//! use proptest::prelude::*;
//! use proptest::test_runner::TestRunner;
//!
//! let mut runner = TestRunner::default();
//! // Every generated position reads back from its own text.
//! runner.run(&arb_position(), |pos| {
//!     prop_assert_eq!(pos.to_string().parse::<arimaa::Position>().ok(), Some(pos));
//!     Ok(())
//! })?;
//! // Every generated move is legal in its position.
//! runner.run(&arb_position_with_move(), |(pos, mv)| {
//!     prop_assert!(pos.after(&mv).is_ok());
//!     Ok(())
//! })?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! What the strategies make:
//! - vocabulary: [`arb_color`], [`arb_kind`], [`arb_piece`], [`arb_square`],
//!   [`arb_direction`], [`arb_step`] (any square and direction, legal or not),
//!   [`arb_steps`];
//! - boards and positions: [`arb_board`] (each side at most the standard army, placed
//!   anywhere, pieces left alone on traps removed), [`arb_position`], and
//!   [`arb_played_position`] (a position reached by play from random standard setups,
//!   so with realistic structure);
//! - moves: [`arb_position_with_move`] (a legal move of a position that has one) and
//!   [`arb_move`] (one to four arbitrary steps, usually illegal: for error paths);
//! - games: [`arb_setup`] (a random standard setup) and [`arb_game`] (a game after
//!   random setups and up to 60 random legal turns, possibly over).
//!
//! Boards shrink towards fewer pieces; games and played positions shrink towards
//! fewer turns.

use proptest::prelude::*;
use proptest::sample::Index;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use crate::{
    Army, Board, Color, Direction, Game, Move, Phase, Piece, PieceKind, Position, Setup, Square,
    Step, MAX_STEPS,
};

/// Gold or Silver.
pub fn arb_color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Gold), Just(Color::Silver)]
}

/// One of the six kinds.
pub fn arb_kind() -> impl Strategy<Value = PieceKind> {
    proptest::sample::select(PieceKind::ALL.to_vec())
}

/// A piece of either colour.
pub fn arb_piece() -> impl Strategy<Value = Piece> {
    (arb_color(), arb_kind()).prop_map(|(c, k)| Piece::new(c, k))
}

/// Any of the 64 squares.
pub fn arb_square() -> impl Strategy<Value = Square> {
    proptest::sample::select(Square::ALL.to_vec())
}

/// One of the four directions.
pub fn arb_direction() -> impl Strategy<Value = Direction> {
    proptest::sample::select(Direction::ALL.to_vec())
}

/// A step from any square in any direction (possibly off the board or illegal).
pub fn arb_step() -> impl Strategy<Value = Step> {
    (arb_square(), arb_direction()).prop_map(|(s, d)| Step::new(s, d))
}

/// Up to `max` arbitrary steps.
pub fn arb_steps(max: usize) -> impl Strategy<Value = Vec<Step>> {
    proptest::collection::vec(arb_step(), 0..=max)
}

/// A move of one to four arbitrary steps: mostly illegal, for testing error paths.
pub fn arb_move() -> impl Strategy<Value = Move> {
    proptest::collection::vec(arb_step(), 1..=MAX_STEPS)
        .prop_filter_map("at most four steps", |steps| Move::from_steps(&steps))
}

/// A board with each side holding at most the standard army (1E 1M 2H 2D 2C 8R), the
/// count of each kind drawn uniformly, placed on distinct random squares; pieces that
/// would be left alone on a trap are removed. Either side may have no pieces, and
/// rabbits may stand on any rank.
pub fn arb_board() -> impl Strategy<Value = Board> {
    let counts = |c: Color| {
        Army::STANDARD
            .iter()
            .map(|(_, max)| 0..=max)
            .collect::<Vec<_>>()
            .prop_map(move |n| (c, Army::from_fn(|kind| n[kind.index()])))
    };

    (
        counts(Color::Gold),
        counts(Color::Silver),
        Just(Square::ALL.to_vec()).prop_shuffle(),
    )
        .prop_map(|((g, gold), (s, silver), squares)| {
            let mut board = Board::empty();
            let mut free = squares.into_iter();
            for (color, counts) in [(g, gold), (s, silver)] {
                for (kind, n) in counts.iter() {
                    for _ in 0..n {
                        if let Some(sq) = free.next() {
                            board.set(sq, Some(kind.of(color)));
                        }
                    }
                }
            }

            // Removing a piece from a trap never leaves another unsupported: no
            // square touches two traps.
            for sq in board.unsupported_on_traps() {
                board.set(sq, None);
            }
            board
        })
}

/// A valid position: an [`arb_board`] with either side to move, at the start of a
/// four-step turn. The game may already be over in it.
pub fn arb_position() -> impl Strategy<Value = Position> {
    (arb_board(), arb_color()).prop_filter_map("a valid board", |(b, c)| Position::new(b, c).ok())
}

/// A random standard setup (1E 1M 2H 2D 2C 8R on the home ranks) for either side.
pub fn arb_setup() -> impl Strategy<Value = Setup> {
    (arb_color(), any::<u64>())
        .prop_map(|(c, seed)| Setup::random_standard(c, &mut StdRng::seed_from_u64(seed)))
}

/// A random legal move of `pos` built step by step (cheap, not uniform over the
/// resulting boards): up to eight random walks of legal steps, then a uniform choice
/// among all moves. `None` when there is no legal move.
fn random_move(pos: &Position, rng: &mut StdRng) -> Option<Move> {
    for _ in 0..8 {
        let want = rng.random_range(1..=MAX_STEPS);
        let mut p = pos.clone();
        let mut steps = Vec::with_capacity(MAX_STEPS);
        while steps.len() < MAX_STEPS {
            let legal = p.legal_steps();
            let Some(&step) = legal.choose(rng) else {
                break;
            };
            if p.play_step(step).is_err() {
                break;
            }
            steps.push(step);
            if steps.len() >= want && p.check_end_turn().is_ok() {
                break;
            }
        }

        if !steps.is_empty() && p.check_end_turn().is_ok() {
            return Move::from_steps(&steps);
        }
    }

    pos.legal_moves().choose(rng).copied()
}

/// Plays random standard setups, then up to `turns` random legal turns (fewer if the
/// game ends), every choice drawn from `seed`.
fn play_random(seed: u64, turns: usize) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new();
    for color in Color::ALL {
        // Random standard setups are always legal; a refusal would leave the game in
        // setup, which the strategies filter out.
        let _ = game.play_setup(&Setup::random_standard(color, &mut rng));
    }

    let mut played = 0;
    let mut tries = 0;
    while played < turns && game.phase() == Phase::Play && tries < 4 * turns {
        tries += 1;
        let Some(mv) = random_move(game.position(), &mut rng) else {
            break;
        };
        // A third repetition is refused: draw again.
        if game.play(&mv).is_ok() {
            played += 1;
        }
    }
    game
}

/// A standard game after random setups and 0 to 60 random legal turns (repetition
/// respected); it may be over.
pub fn arb_game() -> impl Strategy<Value = Game> {
    (any::<u64>(), 0usize..=60).prop_map(|(seed, turns)| play_random(seed, turns))
}

/// The position of an [`arb_game`] that is still going on: realistic structure, with
/// the side to move at the start of its turn.
pub fn arb_played_position() -> impl Strategy<Value = Position> {
    arb_game().prop_filter_map("a game still going on", |g| {
        (g.phase() == Phase::Play).then(|| g.position().clone())
    })
}

/// A position (from [`arb_position`] or [`arb_played_position`], half each) with one of
/// its legal moves, drawn uniformly among the distinct resulting boards.
pub fn arb_position_with_move() -> impl Strategy<Value = (Position, Move)> {
    (
        prop_oneof![arb_position(), arb_played_position()],
        any::<Index>(),
    )
        .prop_filter_map("a position with a legal move", |(pos, index)| {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return None;
            }
            let mv = moves[index.index(moves.len())];
            Some((pos, mv))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::test_runner::{Config, TestRunner};

    fn runner(cases: u32) -> TestRunner {
        TestRunner::new(Config {
            cases,
            ..Config::default()
        })
    }

    #[test]
    fn boards_are_valid_and_within_the_army() {
        runner(300)
            .run(&arb_board(), |b| {
                prop_assert!(b.unsupported_on_traps().is_empty());
                for color in Color::ALL {
                    for (kind, max) in Army::STANDARD.iter() {
                        prop_assert!(b.count(kind.of(color)) <= u32::from(max));
                    }
                }
                Ok(())
            })
            .expect("valid boards");
    }

    #[test]
    fn moves_are_legal() {
        runner(64)
            .run(&arb_position_with_move(), |(pos, mv)| {
                prop_assert!(pos.after(&mv).is_ok());
                Ok(())
            })
            .expect("legal moves");
    }

    #[test]
    fn games_are_past_setup() {
        runner(32)
            .run(&arb_game(), |g| {
                prop_assert!(!matches!(g.phase(), Phase::Setup(_)));
                Ok(())
            })
            .expect("games");
    }
}
