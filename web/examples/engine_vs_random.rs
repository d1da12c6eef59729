//! The page's opponent, the crate's one-turn engine ([`arimaa::engine::choose`], which
//! scores a move after the opponent's captures in reply), over seeded games against a
//! random mover (a uniformly random legal move each turn) and against the engine as it
//! was before (Harlog after the move alone, [`engine::Lookahead::Move`]); and that old
//! engine against the random mover:
//!
//! ```sh
//! cd web && cargo run --release --example engine_vs_random -- 20
//! ```
//!
//! Game `n` (from 0) of each match uses the seed `n`: both setups random
//! ([`Setup::random_standard`]), the first player Gold in even games and Silver in odd
//! ones, at most 200 turns. The engine's search is cut by a count of safety checks
//! rather than a clock (64), so a run gives the same games everywhere. It prints one
//! line a game and a summary a match: wins, reasons, turns and the pieces each side lost.

use std::collections::BTreeMap;

use arimaa::engine::Lookahead;
use arimaa::{engine, Color, Game, Move, Setup};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Turns after which a game counts as unfinished.
const MAX_TURNS: usize = 200;

/// Safety checks the engine may make each turn.
const CHECKS: u32 = 64;

/// How one game ended.
struct Played {
    winner: Option<Color>,
    reason: String,
    turns: usize,
    /// Pieces each side lost, `[Gold, Silver]`.
    lost: [usize; 2],
}

/// Who chooses the moves of a side.
#[derive(Clone, Copy, Debug)]
enum Player {
    /// The engine, looking this far.
    Engine(Lookahead),
    /// A uniformly random legal move.
    Random,
}

impl Player {
    fn choose(self, game: &Game, rng: &mut SmallRng) -> Option<Move> {
        match self {
            Player::Engine(lookahead) => {
                let mut checks = 0;
                let mut stop = || {
                    checks += 1;
                    checks > CHECKS
                };
                engine::choose_with(game, rng, &mut stop, lookahead).map(|c| c.mv)
            }
            Player::Random => {
                let moves = game.legal_moves();
                (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
            }
        }
    }
}

/// One game: `first` plays `first_side`, `second` the other side.
fn play(
    seed: u64,
    first: Player,
    second: Player,
    first_side: Color,
) -> Result<Played, arimaa::GameError> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new();
    for side in Color::ALL {
        game.play_setup(&Setup::random_standard(side, &mut rng))?;
    }

    let mut turns = 0;
    while game.outcome().is_none() && turns < MAX_TURNS {
        let player = if game.position().side_to_move() == first_side {
            first
        } else {
            second
        };
        let mv = player.choose(&game, &mut rng);
        let Some(mv) = mv else { break };
        game.play(&mv)?;
        turns += 1;
    }

    let count = |color: Color| {
        game.board()
            .iter()
            .filter(|(_, p)| p.color == color)
            .count()
    };
    let outcome = game.outcome();
    Ok(Played {
        winner: outcome.map(|o| o.winner),
        reason: outcome.map_or("unfinished".into(), |o| o.reason.to_string()),
        turns,
        lost: [16 - count(Color::Gold), 16 - count(Color::Silver)],
    })
}

fn main() -> Result<(), arimaa::GameError> {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let new = Player::Engine(Lookahead::Captures);
    let old = Player::Engine(Lookahead::Move);
    for (name, first, second) in [
        ("engine vs random", new, Player::Random),
        ("old engine vs random", old, Player::Random),
        ("engine vs old engine", new, old),
    ] {
        println!("== {name}");
        play_match(games, first, second)?;
    }
    Ok(())
}

/// `games` games of `first` against `second`, printed.
fn play_match(games: u64, first: Player, second: Player) -> Result<(), arimaa::GameError> {
    let (mut first_wins, mut second_wins, mut turns) = (0, 0, 0);
    let (mut first_lost, mut second_lost) = (0, 0);
    let mut reasons: BTreeMap<String, u32> = BTreeMap::new();
    for seed in 0..games {
        let side = if seed % 2 == 0 {
            Color::Gold
        } else {
            Color::Silver
        };
        let p = play(seed, first, second, side)?;
        let (own, other) = match side {
            Color::Gold => (p.lost[0], p.lost[1]),
            Color::Silver => (p.lost[1], p.lost[0]),
        };
        let who = match p.winner {
            Some(w) if w == side => {
                first_wins += 1;
                "first wins"
            }
            Some(_) => {
                second_wins += 1;
                "second wins"
            }
            None => "no result",
        };
        *reasons.entry(p.reason.clone()).or_default() += 1;
        turns += p.turns;
        first_lost += own;
        second_lost += other;
        println!(
            "game {seed}: first {side}, {who} by {} after {} turns; pieces lost: first {own}, second {other}",
            p.reason, p.turns
        );
    }
    println!(
        "{games} games: first {first_wins} wins, second {second_wins}, unfinished {}; by reason {reasons:?}; {:.1} turns a game; pieces lost: first {first_lost}, second {second_lost}",
        games - first_wins - second_wins,
        turns as f64 / games.max(1) as f64
    );
    Ok(())
}
