//! The AEI commands: the engine's game and options, and the answer to every command.

use std::time::{Duration, Instant};

use arimaa::notation::official::{write_move, write_setup, TurnBody, TurnText};
use arimaa::{engine, Color, Game, Phase, Position, Setup, SetupRules, Variant};
use rand::rngs::StdRng;
use rand::SeedableRng;

use crate::input::MAX_LINE_LEN;

/// Default time limit of one search.
const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(2);

/// Why a command was refused.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CommandError {
    #[error("unknown command {0:?}")]
    Unknown(String),
    #[error("command line too long ({0} bytes, at most {MAX_LINE_LEN})")]
    TooLong(usize),
    #[error("{command}: {problem}")]
    Usage {
        command: &'static str,
        problem: String,
    },
    #[error("setposition: {0}")]
    Position(#[from] arimaa::notation::ParsePositionError),
    #[error("makemove: {0}")]
    Parse(#[from] arimaa::notation::official::ParseOfficialError),
    #[error("makemove: {0}")]
    Illegal(#[from] arimaa::notation::official::IllegalOfficial),
    #[error("{0}")]
    Game(#[from] arimaa::GameError),
    #[error("go: the game is over ({0})")]
    GameOver(arimaa::Outcome),
    #[error("go: no move is due (phase {0:?})")]
    NotDue(Phase),
    #[error("go: no legal move")]
    NoMove,
    #[error("setoption: option {name} needs a number, not {value:?}")]
    BadNumber { name: String, value: String },
}

fn usage(command: &'static str, problem: impl Into<String>) -> CommandError {
    CommandError::Usage {
        command,
        problem: problem.into(),
    }
}

/// What the main loop does after a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    Continue,
    Quit,
}

/// Settings given by `setoption`.
#[derive(Debug, Clone)]
struct Options {
    move_time: Duration,
    tc_move: f64,
    tc_turn_time: f64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            move_time: DEFAULT_MOVE_TIME,
            tc_move: 0.0,
            tc_turn_time: 0.0,
        }
    }
}

impl Options {
    /// The time one search may take.
    fn budget(&self) -> Duration {
        let mut secs = self.move_time.as_secs_f64();
        for limit in [self.tc_move, self.tc_turn_time] {
            if limit > 0.0 {
                secs = secs.min(limit * 0.5);
            }
        }
        Duration::from_secs_f64(secs.max(0.05))
    }
}

/// Standard game-state options of the protocol: accepted, only some are used.
const STANDARD_OPTIONS: [&str; 20] = [
    "tcmove",
    "tcreserve",
    "tcpercent",
    "tcmax",
    "tctotal",
    "tcturns",
    "tcturntime",
    "greserve",
    "sreserve",
    "gused",
    "sused",
    "lastmoveused",
    "moveused",
    "opponent",
    "opponent_rating",
    "rating",
    "rated",
    "event",
    "hash",
    "depth",
];

/// The engine: a game and the options. Every command goes through [`Engine::handle`],
/// which returns the lines to send.
pub(crate) struct Engine {
    pub(crate) game: Game,
    options: Options,
    rng: StdRng,
}

impl Engine {
    pub(crate) fn new(seed: u64) -> Engine {
        Engine {
            game: Game::new(),
            options: Options::default(),
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// Handles one line. `stop` is polled during a search: when it returns true the
    /// search ends with the best move found so far.
    pub(crate) fn handle(
        &mut self,
        line: &str,
        stop: &mut dyn FnMut() -> bool,
    ) -> (Flow, Vec<String>) {
        let mut out = Vec::new();
        let flow = match self.command(line, stop, &mut out) {
            Ok(flow) => flow,
            Err(e) => {
                out.push(format!("log error: {e}"));
                Flow::Continue
            }
        };
        (flow, out)
    }

    fn command(
        &mut self,
        line: &str,
        stop: &mut dyn FnMut() -> bool,
        out: &mut Vec<String>,
    ) -> Result<Flow, CommandError> {
        if line.len() > MAX_LINE_LEN {
            return Err(CommandError::TooLong(line.len()));
        }
        let line = line.trim_end_matches(['\r', '\n']);
        let trimmed = line.trim_start();
        let (word, rest) = match trimmed.find(char::is_whitespace) {
            Some(i) => (&trimmed[..i], trimmed[i..].trim_start()),
            None => (trimmed, ""),
        };
        let no_args = |command: &'static str| {
            if rest.trim().is_empty() {
                Ok(())
            } else {
                Err(usage(
                    command,
                    format!("unexpected argument {:?}", rest.trim()),
                ))
            }
        };
        match word {
            "" => {}
            "aei" => {
                no_args("aei")?;
                out.push("protocol-version 1".into());
                out.push("id name arimaa-rs one-turn".into());
                out.push("id author the arimaa crate".into());
                out.push(format!("id version {}", env!("CARGO_PKG_VERSION")));
                out.push("aeiok".into());
            }
            "isready" => {
                no_args("isready")?;
                out.push("readyok".into());
            }
            "newgame" => {
                no_args("newgame")?;
                self.game = Game::new();
            }
            "setposition" => self.set_position(rest)?,
            "setoption" => self.set_option(rest, out)?,
            "makemove" => self.make_move(rest)?,
            "go" => match rest.trim() {
                "" => {
                    let (text, info) = self.best_move(stop)?;
                    out.extend(info);
                    out.push(format!("bestmove {text}"));
                }
                // Pondering is not supported: the engine waits for the opponent's move.
                "ponder" => {}
                other => return Err(usage("go", format!("unknown argument {other:?}"))),
            },
            // The search runs to its end within `go` (polling for `stop`), so a `stop`
            // read here has nothing left to stop.
            "stop" => no_args("stop")?,
            "quit" => {
                no_args("quit")?;
                return Ok(Flow::Quit);
            }
            other => return Err(CommandError::Unknown(snippet(other))),
        }
        Ok(Flow::Continue)
    }

    /// `setposition <side> [<board>]`. A board where the side to move has no pieces yet
    /// is taken as the setup phase (Gold to place on an empty board, or Silver to place
    /// after Gold's pieces).
    fn set_position(&mut self, text: &str) -> Result<(), CommandError> {
        let pos: Position = text.trim().parse()?;
        let side = pos.side_to_move();
        let board = *pos.board();
        if board.color(side).is_empty() && board.color(!side).is_empty() && side == Color::Gold {
            self.game = Game::new();
        } else if board.color(side).is_empty() && side == Color::Silver {
            let mut game = Game::new();
            game.play_setup(&Setup::from_board(&board, Color::Gold))?;
            self.game = game;
        } else {
            self.game = Game::from_position(pos, Variant::STANDARD);
        }
        Ok(())
    }

    /// `setoption name <name> [value <value>]`.
    fn set_option(&mut self, text: &str, out: &mut Vec<String>) -> Result<(), CommandError> {
        let rest = text
            .strip_prefix("name")
            .filter(|r| r.starts_with(char::is_whitespace))
            .ok_or_else(|| usage("setoption", "expected \"name <name> [value <value>]\""))?
            .trim_start();
        let (name, value) = match rest.find(char::is_whitespace) {
            Some(i) => {
                let after = rest[i..].trim_start();
                let value = after
                    .strip_prefix("value")
                    .filter(|v| v.is_empty() || v.starts_with(char::is_whitespace))
                    .ok_or_else(|| {
                        usage(
                            "setoption",
                            format!(
                                "expected \"value\" after the name, not {:?}",
                                snippet(after)
                            ),
                        )
                    })?;
                (&rest[..i], Some(value.trim()))
            }
            None => (rest, None),
        };
        if name.is_empty() {
            return Err(usage("setoption", "missing option name"));
        }
        let number = |value: Option<&str>| -> Result<f64, CommandError> {
            let v = value.unwrap_or("");
            v.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .ok_or_else(|| CommandError::BadNumber {
                    name: name.to_string(),
                    value: snippet(v),
                })
        };
        match name {
            "movetime" => self.options.move_time = Duration::from_secs_f64(number(value)?),
            "tcmove" => self.options.tc_move = number(value)?,
            "tcturntime" => self.options.tc_turn_time = number(value)?,
            "seed" => {
                let v = value.unwrap_or("");
                let seed = v.parse::<u64>().map_err(|_| CommandError::BadNumber {
                    name: name.to_string(),
                    value: snippet(v),
                })?;
                self.rng = StdRng::seed_from_u64(seed);
            }
            _ if STANDARD_OPTIONS.contains(&name) => {}
            _ => out.push(format!(
                "log Warning: unrecognized option {}",
                snippet(name)
            )),
        }
        Ok(())
    }

    /// `makemove <tokens>`: a setup during the setup phase, a movement turn after it.
    fn make_move(&mut self, text: &str) -> Result<(), CommandError> {
        let turn: TurnText = text.trim().parse()?;
        match (self.game.phase(), turn.body) {
            (Phase::Setup(side), TurnBody::Setup(syntax)) => {
                let setup = syntax.to_setup(side)?;
                self.game.play_setup(&setup)?;
            }
            (Phase::Setup(side), _) => {
                return Err(usage("makemove", format!("expected {side}'s setup")))
            }
            (Phase::Play, TurnBody::Move(syntax)) => {
                let mv = syntax.to_move_in_game(&self.game)?;
                self.game.play(&mv)?;
            }
            (Phase::Play, _) => return Err(usage("makemove", "expected a movement turn")),
            (Phase::Over(o), _) => {
                return Err(usage("makemove", format!("the game is over ({o})")))
            }
            (phase, _) => return Err(usage("makemove", format!("no move is due ({phase:?})"))),
        }
        Ok(())
    }

    /// The move to play now, in official notation, with `info` lines.
    fn best_move(
        &mut self,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<(String, Vec<String>), CommandError> {
        match self.game.phase() {
            Phase::Setup(side) => Ok((write_setup(&self.setup(side)), Vec::new())),
            Phase::Play => {
                let start = Instant::now();
                let deadline = start + self.options.budget();
                let mut stop = || Instant::now() >= deadline || stop();
                let choice = engine::choose(&self.game, &mut self.rng, &mut stop)
                    .ok_or(CommandError::NoMove)?;
                let pos = self.game.position();
                let text = write_move(pos, &choice.mv).map_err(|_| CommandError::NoMove)?;
                let info = vec![
                    format!("info score {}", choice.score_centi),
                    format!("info nodes {}", choice.nodes),
                    format!("info time {}", start.elapsed().as_secs()),
                    format!("log Debug: {}", choice.decision),
                ];
                Ok((text, info))
            }
            Phase::Over(o) => Err(CommandError::GameOver(o)),
            phase => Err(CommandError::NotDue(phase)),
        }
    }

    /// A random standard setup for `side`, checked against the game (the 99of9 setup
    /// if the random one were refused).
    fn setup(&mut self, side: Color) -> Setup {
        let setup = Setup::random_standard(side, &mut self.rng);
        if setup.check(SetupRules::Standard, self.game.board()).is_ok() {
            setup
        } else {
            Setup::ninety_nine_of_nine(side)
        }
    }
}

fn snippet(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if out.len() < s.len() {
        out.push_str("...");
    }
    out
}
