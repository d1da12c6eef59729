//! Plays random legal games to their end and prints them as move lists.
//!
//! ```text
//! cargo run --release --example selfplay -- --games N --seed S \
//!     --variant standard|endless-endgame|free [--dicey]
//! ```
//!
//! Each game is printed as `# game K result W R` (`W` the winner's letter `g`/`s`, `R`
//! the reason's code: `g` goal, `e` elimination, `m` immobilization, as in
//! [`Color::char`] and [`Reason::char`]), then its turns in official notation
//! (`1g`/`1s` setups, then movement turns with capture tokens); with `--dicey` a line
//! `# roll N` precedes every movement turn, including a final roll for a side that then
//! has no legal turn. Every turn is chosen uniformly among the distinct legal moves
//! (repetitions excluded); standard games use random setups, Endless Endgame and free
//! games write their armies as the setup lines. A summary goes to standard error.

use std::io::Write;
use std::process::ExitCode;

use arimaa::notation::official::{write_move, write_setup};
use arimaa::{Color, Game, Phase, Reason, Setup, SetupVariant, Variant};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::SeedableRng;

struct Options {
    games: u64,
    seed: u64,
    variant: Variant,
}

fn parse_args() -> Result<Options, String> {
    let mut games = None;
    let mut seed = None;
    let mut setup = None;
    let mut dicey = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--games" => {
                let v = value("--games")?;
                games = Some(v.parse().map_err(|_| format!("invalid --games {v:?}"))?);
            }
            "--seed" => {
                let v = value("--seed")?;
                seed = Some(v.parse().map_err(|_| format!("invalid --seed {v:?}"))?);
            }
            "--variant" => {
                let v = value("--variant")?;
                setup = Some(match v.as_str() {
                    "standard" => SetupVariant::Standard,
                    "endless-endgame" => SetupVariant::EndlessEndgame,
                    "free" => SetupVariant::Free,
                    _ => {
                        return Err(format!(
                            "unknown variant {v:?}: standard, endless-endgame or free"
                        ))
                    }
                });
            }
            "--dicey" => dicey = true,
            _ => return Err(format!("unknown argument {a:?}")),
        }
    }
    Ok(Options {
        games: games.unwrap_or(1),
        seed: seed.unwrap_or(0),
        variant: Variant {
            setup: setup.unwrap_or(SetupVariant::Standard),
            dicey,
        },
    })
}

/// Plays one game; returns its lines, the result and the number of movement turns.
fn play_game(
    variant: Variant,
    rng: &mut StdRng,
) -> Result<(Vec<String>, arimaa::Outcome, usize), String> {
    let mut game = Game::start(variant, rng);
    let mut lines = Vec::new();
    if variant.setup == SetupVariant::EndlessEndgame {
        for color in Color::ALL {
            let setup = Setup::from_board(game.board(), color);
            lines.push(format!("1{} {}", color.char(), write_setup(&setup)));
        }
    }
    let mut turns = 0usize;
    loop {
        match game.phase() {
            Phase::Over(outcome) => return Ok((lines, outcome, turns)),
            Phase::Setup(color) => {
                let setup = match variant.setup {
                    SetupVariant::Free => Setup::random_free(color, game.board(), rng),
                    _ => Setup::random_standard(color, rng),
                };
                game.play_setup(&setup).map_err(|e| e.to_string())?;
                lines.push(format!("1{} {}", color.char(), write_setup(&setup)));
            }
            Phase::AwaitingRoll => {
                let roll = game.roll(rng).map_err(|e| e.to_string())?;
                lines.push(format!("# roll {roll}"));
            }
            Phase::Play => {
                let moves = game.legal_moves();
                let mv = *moves.choose(rng).ok_or("no legal move in play")?;
                let side = game.position().side_to_move();
                let text = write_move(game.position(), &mv).map_err(|e| e.to_string())?;
                game.play(&mv).map_err(|e| e.to_string())?;
                lines.push(format!("{}{} {}", 2 + turns / 2, side.char(), text));
                turns += 1;
            }
        }
    }
}

fn main() -> ExitCode {
    let opts = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            eprintln!("usage: selfplay --games N --seed S --variant standard|endless-endgame|free [--dicey]");
            return ExitCode::FAILURE;
        }
    };
    let mut rng = StdRng::seed_from_u64(opts.seed);
    let mut out = std::io::stdout().lock();
    let mut total_turns = 0usize;
    let mut reasons = [0u64; 4];
    let mut wins = [0u64; 2];
    for k in 1..=opts.games {
        match play_game(opts.variant, &mut rng) {
            Ok((lines, outcome, turns)) => {
                // The interface's letters (`g`/`s`, then `g`/`e`/`m`), not `Outcome`'s
                // words: tools read this line (pinned by tests/examples_cases.rs).
                let written = writeln!(
                    out,
                    "# game {k} result {} {}",
                    outcome.winner.char(),
                    outcome.reason.char()
                )
                .and_then(|_| lines.iter().try_for_each(|l| writeln!(out, "{l}")));
                if written.is_err() {
                    // The reader went away (e.g. `| head`): stop quietly.
                    return ExitCode::SUCCESS;
                }
                total_turns += turns;
                wins[outcome.winner.index()] += 1;
                reasons[match outcome.reason {
                    Reason::Goal => 0,
                    Reason::Elimination => 1,
                    Reason::Immobilization => 2,
                    // Reasons a later version may add.
                    _ => 3,
                }] += 1;
            }
            Err(e) => {
                eprintln!("error: game {k}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    eprintln!(
        "games {} average length {:.1} turns; gold {} silver {}; goal {} elimination {} immobilization {} other {}",
        opts.games,
        total_turns as f64 / opts.games.max(1) as f64,
        wins[0],
        wins[1],
        reasons[0],
        reasons[1],
        reasons[2],
        reasons[3]
    );
    ExitCode::SUCCESS
}
