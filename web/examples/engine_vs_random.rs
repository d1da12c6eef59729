//! The page's opponent, the crate's one-turn engine ([`arimaa::engine::choose`]), against
//! a random mover (a uniformly random legal move each turn), over seeded games:
//!
//! ```sh
//! cd web && cargo run --release --example engine_vs_random -- 20
//! ```
//!
//! Game `n` (from 0) uses the seed `n`: both setups random ([`Setup::random_standard`]),
//! the engine Gold in even games and Silver in odd ones, at most 200 turns. The engine's
//! search is cut by a count of safety checks rather than a clock (64, about what the
//! page's 1.5 s allow), so a run gives the same games everywhere. It prints one line a
//! game and a summary: wins, reasons, turns and the pieces each side lost.

use std::collections::BTreeMap;

use arimaa::{engine, Color, Game, Setup};
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

fn play(seed: u64, engine_side: Color) -> Result<Played, arimaa::GameError> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new();
    for side in Color::ALL {
        game.play_setup(&Setup::random_standard(side, &mut rng))?;
    }

    let mut turns = 0;
    while game.outcome().is_none() && turns < MAX_TURNS {
        let mv = if game.position().side_to_move() == engine_side {
            let mut checks = 0;
            let mut stop = || {
                checks += 1;
                checks > CHECKS
            };
            engine::choose(&game, &mut rng, &mut stop).map(|c| c.mv)
        } else {
            let moves = game.legal_moves();
            (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
        };
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
    let (mut engine_wins, mut random_wins, mut turns) = (0, 0, 0);
    let (mut engine_lost, mut random_lost) = (0, 0);
    let mut reasons: BTreeMap<String, u32> = BTreeMap::new();
    for seed in 0..games {
        let engine_side = if seed % 2 == 0 {
            Color::Gold
        } else {
            Color::Silver
        };
        let p = play(seed, engine_side)?;
        let (own, other) = match engine_side {
            Color::Gold => (p.lost[0], p.lost[1]),
            Color::Silver => (p.lost[1], p.lost[0]),
        };
        let who = match p.winner {
            Some(w) if w == engine_side => {
                engine_wins += 1;
                "engine wins"
            }
            Some(_) => {
                random_wins += 1;
                "random wins"
            }
            None => "no result",
        };
        *reasons.entry(p.reason.clone()).or_default() += 1;
        turns += p.turns;
        engine_lost += own;
        random_lost += other;
        println!(
            "game {seed}: engine {engine_side}, {who} by {} after {} turns; pieces lost: engine {own}, random {other}",
            p.reason, p.turns
        );
    }
    println!(
        "{games} games: engine {engine_wins} wins, random {random_wins}, unfinished {}; by reason {reasons:?}; {:.1} turns a game; pieces lost: engine {engine_lost}, random {random_lost}",
        games - engine_wins - random_wins,
        turns as f64 / games.max(1) as f64
    );
    Ok(())
}
