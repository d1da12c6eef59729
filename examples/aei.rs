//! An Arimaa engine speaking the AEI protocol (Arimaa Engine Interface) on standard
//! input and output, built on the crate for everything: positions, setups, move
//! generation, official notation, repetition and the result.
//!
//! ```text
//! cargo run --release --example aei
//! ```
//!
//! Commands (one per line): `aei`, `isready`, `newgame`, `setposition <side> [<board>]`,
//! `setoption name <name> [value <value>]`, `makemove <move or setup tokens>`,
//! `go`, `go ponder`, `stop`, `quit`. A malformed or untimely command is answered with
//! `log error: ...` and the engine goes on.
//!
//! The search looks one turn deep:
//! 1. a move that wins at once (goal, elimination, immobilization) is played;
//! 2. otherwise the moves are ordered by Harlog after the move (from the mover's point of
//!    view, ties broken at random), and the first one after which the opponent cannot
//!    win at once is played. "Cannot win at once" is checked exactly: a fast goal search
//!    with pruning rejects most losing moves, then every reply of the opponent is
//!    generated and judged (goal, elimination, immobilization; repetition is not
//!    considered for the opponent's replies);
//! 3. the search has a time limit (option `movetime`, seconds, default 2; halved
//!    `tcmove`/`tcturntime` when the controller sets them): when it runs out the best
//!    move not yet shown to lose is played.
//!
//! Engine options: `movetime <seconds>`, `seed <u64>` (random tie-breaks and setups).
//! The standard game-state options (`tcmove`, `greserve`, `opponent`, ...) are accepted.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::ops::ControlFlow;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use arimaa::notation::official::{
    resolve_move_in_game, resolve_setup, write_move, write_setup, TurnBody, TurnText,
};
use arimaa::{
    harlog, Board, Color, Direction, Game, Move, Phase, PieceKind, Position, Setup, SetupRules,
    Variant,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Longest command line read; the rest of a longer line is dropped and the line refused.
const MAX_LINE_LEN: usize = 8192;

/// Default time limit of one search.
const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(2);

/// Nodes the goal search may visit before it gives up and leaves the question to the
/// full reply generation.
const GOAL_SEARCH_NODES: u32 = 20_000;

/// Why a command was refused.
#[derive(Debug, thiserror::Error)]
enum CommandError {
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
    Syntax(#[from] arimaa::notation::official::ParseTurnError),
    #[error("makemove: {0}")]
    IllegalMove(#[from] arimaa::notation::official::IllegalTurn),
    #[error("makemove: {0}")]
    IllegalSetup(#[from] arimaa::notation::official::IllegalSetup),
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
enum Flow {
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
struct Engine {
    game: Game,
    options: Options,
    rng: StdRng,
}

impl Engine {
    fn new(seed: u64) -> Engine {
        Engine {
            game: Game::new(),
            options: Options::default(),
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// Handles one line. `stop` is polled during a search: when it returns true the
    /// search ends with the best move found so far.
    fn handle(&mut self, line: &str, stop: &mut dyn FnMut() -> bool) -> (Flow, Vec<String>) {
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
            (Phase::Setup(side), TurnBody::Setup(tokens)) => {
                let setup = resolve_setup(side, &tokens)?;
                self.game.play_setup(&setup)?;
            }
            (Phase::Setup(side), _) => {
                return Err(usage("makemove", format!("expected {side}'s setup")))
            }
            (Phase::Play, TurnBody::Move(tokens)) => {
                let mv = resolve_move_in_game(&self.game, &tokens)?;
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
                let choice = search(&self.game, &mut self.rng, deadline, stop)
                    .ok_or(CommandError::NoMove)?;
                let pos = self.game.position();
                let text = write_move(pos, &choice.mv).map_err(|_| CommandError::NoMove)?;
                let info = vec![
                    format!("info score {}", choice.score_centi),
                    format!("info nodes {}", choice.nodes),
                    format!("info time {}", start.elapsed().as_secs()),
                    format!("log Debug: {}", choice.note),
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

// ---------------------------------------------------------------------------------
// The one-turn search.

/// The move chosen and how.
#[derive(Debug, Clone)]
struct Choice {
    mv: Move,
    /// Harlog after the move from the mover's side, in hundredths of a rabbit.
    score_centi: i64,
    /// Boards generated (own moves and the opponent's replies examined).
    nodes: u64,
    /// What decided the choice.
    note: String,
}

/// One candidate move with what is known about it.
struct Candidate {
    mv: Move,
    board: Board,
    score: f64,
    tie: u64,
}

/// Who wins by the rules once `mover` has ended its turn on `board` (repetition
/// not considered): goals, eliminations, then the immobilization of the next side.
fn winner_after(board: &Board, mover: Color) -> Option<Color> {
    let next = !mover;
    if board.rabbit_on_goal(mover) {
        return Some(mover);
    }
    if board.rabbit_on_goal(next) {
        return Some(next);
    }
    if board.pieces(PieceKind::Rabbit.of(next)).is_empty() {
        return Some(mover);
    }
    if board.pieces(PieceKind::Rabbit.of(mover)).is_empty() {
        return Some(next);
    }
    if !has_legal_turn(board, next) {
        return Some(mover);
    }
    None
}

/// Whether `color` can step one of its own unfrozen pieces (a turn of one such step is
/// always legal): a cheap bitboard test.
fn has_simple_step(board: &Board, color: Color) -> bool {
    let empty = !board.occupied();
    let movers = board.color(color) & !board.frozen(color);
    let rabbits = board.pieces(PieceKind::Rabbit.of(color));
    Direction::ALL.into_iter().any(|dir| {
        let who = if dir == Direction::backwards(color) {
            movers & !rabbits
        } else {
            movers
        };
        (who & empty.shift(dir.opposite())).any()
    })
}

/// Whether `color`, to move on `board`, has a legal turn (repetition not considered).
fn has_legal_turn(board: &Board, color: Color) -> bool {
    has_simple_step(board, color) || Position::new(*board, color).is_ok_and(|p| p.has_legal_move())
}

/// The fewest own steps any rabbit of `color` needs to reach its goal rank.
fn goal_distance(board: &Board, color: Color) -> u8 {
    board
        .pieces(PieceKind::Rabbit.of(color))
        .iter()
        .map(|sq| {
            let rank = sq.rank().index();
            match color {
                Color::Gold => 7 - rank,
                Color::Silver => rank,
            }
        })
        .min()
        .unwrap_or(u8::MAX)
}

/// Whether the side to move in `pos` can end its turn with one of its rabbits on its
/// goal rank. `None` when the node budget ran out first. Sound pruning: a rabbit
/// moves only by its own steps, so a node where every rabbit is further from its goal
/// than the steps left is a dead end.
fn goal_in_one(pos: &Position, budget: &mut u32) -> Option<bool> {
    let side = pos.side_to_move();
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    if pos.steps_taken() > 0 && pos.board().rabbit_on_goal(side) && pos.check_end_turn().is_ok() {
        return Some(true);
    }
    if goal_distance(pos.board(), side) > pos.steps_left() {
        return Some(false);
    }
    for step in &pos.legal_steps() {
        let mut next = pos.clone();
        if next.play_step(*step).is_err() {
            continue;
        }
        if goal_in_one(&next, budget)? {
            return Some(true);
        }
    }
    Some(false)
}

/// Whether the opponent, to move on `board` after `us` moved, can win at once.
/// Exact (repetition aside): a goal search first, then every reply judged.
fn opponent_wins_at_once(board: &Board, us: Color, nodes: &mut u64) -> bool {
    let them = !us;
    let Ok(pos) = Position::new(*board, them) else {
        return false;
    };
    let mut budget = GOAL_SEARCH_NODES;
    let goal = goal_in_one(&pos, &mut budget);
    *nodes += u64::from(GOAL_SEARCH_NODES - budget);
    if goal == Some(true) {
        return true;
    }
    let mut wins = false;
    let _: ControlFlow<()> = pos.for_each_move(|_, reply, _| {
        *nodes += 1;
        if !wins && winner_after(reply, them) == Some(them) {
            wins = true;
        }
        ControlFlow::Continue(())
    });
    wins
}

/// The one-turn search of the module documentation. `None` when there is no legal
/// move.
fn search(
    game: &Game,
    rng: &mut impl Rng,
    deadline: Instant,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Choice> {
    let pos = game.position();
    let us = pos.side_to_move();
    let sign = if us == Color::Gold { 1.0 } else { -1.0 };
    let mut nodes = 0u64;
    let mut winning: Option<Candidate> = None;
    let mut candidates: Vec<Candidate> = Vec::new();
    let mut losing: Vec<Candidate> = Vec::new();
    let _: ControlFlow<()> = pos.for_each_move(|mv, board, _| {
        nodes += 1;
        // Third repetitions are not legal in the game.
        let after = match Position::new(*board, !us) {
            Ok(p) => p,
            Err(_) => return ControlFlow::Continue(()),
        };
        if game.times_seen(&after) >= 2 {
            return ControlFlow::Continue(());
        }
        let c = Candidate {
            mv: *mv,
            board: *board,
            score: sign * harlog(board),
            tie: rng.random(),
        };
        match winner_after(board, us) {
            Some(w) if w == us => {
                // Prefer a goal, then the best material.
                let better = match &winning {
                    None => true,
                    Some(b) => {
                        (board.rabbit_on_goal(us), c.score) > (b.board.rabbit_on_goal(us), b.score)
                    }
                };
                if better {
                    winning = Some(c);
                }
            }
            Some(_) => losing.push(c),
            None => candidates.push(c),
        }
        ControlFlow::Continue(())
    });
    let choice = |c: &Candidate, nodes: u64, note: &str| Choice {
        mv: c.mv,
        score_centi: score_centi(c.score),
        nodes,
        note: note.to_string(),
    };
    if let Some(c) = winning {
        return Some(choice(&c, nodes, "wins at once"));
    }
    let order = |a: &Candidate, b: &Candidate| b.score.total_cmp(&a.score).then(b.tie.cmp(&a.tie));
    candidates.sort_by(order);
    let mut checked = 0usize;
    for c in &candidates {
        if Instant::now() >= deadline || stop() {
            return Some(choice(
                c,
                nodes,
                &format!(
                    "out of time after checking {checked} of {} moves",
                    candidates.len()
                ),
            ));
        }
        checked += 1;
        if !opponent_wins_at_once(&c.board, us, &mut nodes) {
            return Some(choice(
                c,
                nodes,
                &format!("safe move, {checked} of {} checked", candidates.len()),
            ));
        }
    }
    // Every move loses: play the best material among them.
    losing.extend(candidates);
    losing.sort_by(order);
    losing
        .first()
        .map(|c| choice(c, nodes, "every move lets the opponent win"))
}

fn score_centi(score: f64) -> i64 {
    if score.is_finite() {
        (score * 100.0).round() as i64
    } else if score > 0.0 {
        100_000
    } else {
        -100_000
    }
}

// ---------------------------------------------------------------------------------
// Input and the main loop.

/// One input line, or the length of a line that was too long to keep.
enum Input {
    Line(String),
    TooLong(usize),
}

/// Reads one line of at most `max` bytes (the rest of a longer line is read and
/// dropped). `None` at the end of input.
fn read_line(r: &mut impl BufRead, max: usize) -> io::Result<Option<Input>> {
    let mut buf = Vec::new();
    let mut total = 0usize;
    let mut any = false;
    loop {
        let available = r.fill_buf()?;
        if available.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let (chunk, used, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], i + 1, true),
            None => (available, available.len(), false),
        };
        total += chunk.len();
        let room = max.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
        r.consume(used);
        if done {
            break;
        }
    }
    if total > max {
        return Ok(Some(Input::TooLong(total)));
    }
    Ok(Some(Input::Line(
        String::from_utf8_lossy(&buf).into_owned(),
    )))
}

fn main() {
    let (tx, rx) = mpsc::channel::<Input>();
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut lock = stdin.lock();
        while let Ok(Some(input)) = read_line(&mut lock, MAX_LINE_LEN) {
            if tx.send(input).is_err() {
                break;
            }
        }
    });
    let seed = rand::rng().random();
    let mut engine = Engine::new(seed);
    let mut pending: VecDeque<Input> = VecDeque::new();
    let stdout = io::stdout();
    loop {
        let input = match pending.pop_front() {
            Some(i) => i,
            None => match rx.recv() {
                Ok(i) => i,
                Err(_) => break,
            },
        };
        let line = match input {
            Input::Line(l) => l,
            Input::TooLong(n) => {
                let mut out = stdout.lock();
                let _ = writeln!(out, "log error: {}", CommandError::TooLong(n));
                let _ = out.flush();
                continue;
            }
        };
        // During a search, `stop` and `quit` end it; other commands wait their turn.
        let mut quit_seen = false;
        let mut stop = || {
            while let Ok(next) = rx.try_recv() {
                match &next {
                    Input::Line(l) if l.trim() == "stop" => return true,
                    Input::Line(l) if l.trim() == "quit" => {
                        quit_seen = true;
                        pending.push_back(next);
                        return true;
                    }
                    _ => pending.push_back(next),
                }
            }
            quit_seen
        };
        let (flow, lines) = engine.handle(&line, &mut stop);
        let mut out = stdout.lock();
        for l in lines {
            if writeln!(out, "{l}").is_err() {
                return;
            }
        }
        if out.flush().is_err() || flow == Flow::Quit {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arimaa::notation::official::parse_move;

    fn run(engine: &mut Engine, line: &str) -> Vec<String> {
        let (flow, out) = engine.handle(line, &mut || false);
        assert_eq!(flow, Flow::Continue, "{line}");
        out
    }

    fn best(engine: &mut Engine) -> String {
        let out = run(engine, "go");
        let last = out.last().expect("go answers");
        last.strip_prefix("bestmove ")
            .unwrap_or_else(|| panic!("no bestmove in {out:?}"))
            .to_string()
    }

    fn is_error(out: &[String]) -> bool {
        out.len() == 1 && out[0].starts_with("log error: ")
    }

    #[test]
    fn scripted_session() {
        let mut e = Engine::new(7);
        assert_eq!(
            run(&mut e, "aei"),
            [
                "protocol-version 1",
                "id name arimaa-rs one-turn",
                "id author the arimaa crate",
                &format!("id version {}", env!("CARGO_PKG_VERSION")),
                "aeiok"
            ]
        );
        assert_eq!(run(&mut e, "isready"), ["readyok"]);
        // Malformed and unknown commands: an error line, then the engine goes on.
        for bad in [
            "frobnicate",
            "isready now",
            "go fast",
            "setoption tcmove 3",
            "setoption name tcmove value soon",
            "setoption name tcmove junk 3",
            "setposition g [rrrr",
            "setposition q [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]",
            "makemove Ee2n",
            "makemove Ra1 Ra1 Zz9",
            "makemove ra7 rb7 rc7 rd7 re7 rf7 rg7 rh7 ha8 db8 cc8 md8 ee8 cf8 dg8 hh8",
        ] {
            assert!(is_error(&run(&mut e, bad)), "{bad}");
        }
        let long = format!("makemove {}", "Ra1 ".repeat(25_000));
        assert!(is_error(&run(&mut e, &long)));
        assert_eq!(
            run(&mut e, "setoption name whatever value 1"),
            ["log Warning: unrecognized option whatever"]
        );
        assert!(run(&mut e, "setoption name opponent value bot Some Name").is_empty());
        assert!(run(&mut e, "setoption name movetime value 0.5").is_empty());
        assert!(run(&mut e, "newgame").is_empty());
        // Setups, checked by the game they are played into.
        let gold = best(&mut e);
        assert_eq!(gold.split_whitespace().count(), 16);
        assert!(run(&mut e, &format!("makemove {gold}")).is_empty());
        let silver = best(&mut e);
        assert!(silver.chars().all(|c| !c.is_ascii_uppercase()));
        assert!(run(&mut e, &format!("makemove {silver}")).is_empty());
        assert_eq!(e.game.phase(), Phase::Play);
        // A few movement turns, each read back as legal.
        for _ in 0..6 {
            let mv = best(&mut e);
            parse_move(e.game.position(), &mv).expect("legal move");
            assert!(run(&mut e, &format!("makemove {mv}")).is_empty());
        }
        assert!(run(&mut e, "go ponder").is_empty());
        assert!(run(&mut e, "stop").is_empty());
        assert!(is_error(&run(&mut e, "makemove Ee2n Ee2s")));
        let (flow, out) = e.handle("quit", &mut || false);
        assert_eq!(flow, Flow::Quit);
        assert!(out.is_empty());
    }

    /// An AEI position from the side and `<piece><square>` tokens: `pos('g', "Ra6 re8")`.
    fn pos(side: char, pieces: &str) -> String {
        let mut cells = [' '; 64];
        for token in pieces.split_whitespace() {
            let b = token.as_bytes();
            let file = usize::from(b[1] - b'a');
            let rank = usize::from(b[2] - b'1');
            cells[(7 - rank) * 8 + file] = char::from(b[0]);
        }
        format!("{side} [{}]", cells.iter().collect::<String>())
    }

    fn play_best(e: &mut Engine) -> Position {
        let mv = best(e);
        let parsed = parse_move(e.game.position(), &mv).expect("legal move");
        e.game.position().after(&parsed).expect("plays")
    }

    #[test]
    fn setposition_setup_phase_and_game_over() {
        let mut e = Engine::new(1);
        run(&mut e, &format!("setposition {}", pos('g', "")));
        assert_eq!(e.game.phase(), Phase::Setup(Color::Gold));
        let gold = "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Da2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Dh2";
        run(&mut e, &format!("setposition {}", pos('s', gold)));
        assert_eq!(e.game.phase(), Phase::Setup(Color::Silver));
        assert!(best(&mut e).starts_with(|c: char| c.is_ascii_lowercase()));
        // Gold has a rabbit on its goal: the game is over, go is refused.
        run(&mut e, &format!("setposition {}", pos('s', "Ra8 re5 Ee1")));
        assert!(matches!(e.game.phase(), Phase::Over(_)));
        assert!(is_error(&run(&mut e, "go")));
    }

    #[test]
    fn takes_an_immediate_goal() {
        for seed in 0..4 {
            let mut e = Engine::new(seed);
            run(
                &mut e,
                &format!("setposition {}", pos('g', "Ra6 re8 Ee1 ed4")),
            );
            let after = play_best(&mut e);
            assert!(after.board().rabbit_on_goal(Color::Gold));
        }
    }

    #[test]
    fn blocks_a_goal_threat() {
        // The silver rabbit on h3 reaches h1 next turn unless Gold stops it.
        for seed in 0..6 {
            let mut e = Engine::new(seed);
            run(
                &mut e,
                &format!("setposition {}", pos('g', "Ra1 Eg1 rh3 ea8")),
            );
            let after = play_best(&mut e);
            let mut nodes = 0;
            assert!(
                !opponent_wins_at_once(after.board(), Color::Gold, &mut nodes),
                "{after} lets silver win"
            );
        }
    }

    #[test]
    fn answers_quickly_in_a_crowded_position() {
        // 20,229 legal moves: the first position of the clueless benchmark.
        let data = include_str!("../tests/data/clueless-benchmark.txt");
        let board = data
            .lines()
            .find(|l| l.starts_with('['))
            .expect("a board line");
        let mut e = Engine::new(9);
        run(&mut e, "setoption name movetime value 1");
        assert!(run(&mut e, &format!("setposition g {board}")).is_empty());
        assert_eq!(e.game.position().count_moves(), 20_229);
        let start = Instant::now();
        play_best(&mut e);
        assert!(start.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn goal_search_agrees_with_full_generation() {
        for text in [
            pos('s', "Ra1 Eg1 rh3 ea8"),
            pos('s', "Ra1 Eg2 rh3 ea8 rb2"),
            pos('s', "Ra1 Ea2 rb3 ec8 Mb1 Rc1"),
            pos('g', "Ra6 re8 Ee1 ed4"),
            pos('g', "Rb5 Ra5 mb7 rh8 Ee1"),
            "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]".to_string(),
        ] {
            let p: Position = text.parse().expect("position");
            let side = p.side_to_move();
            let mut budget = u32::MAX;
            let fast = goal_in_one(&p, &mut budget);
            let mut slow = false;
            let _: ControlFlow<()> = p.for_each_move(|_, b, _| {
                slow |= b.rabbit_on_goal(side);
                ControlFlow::Continue(())
            });
            assert_eq!(fast, Some(slow), "{text}");
        }
    }

    #[test]
    fn bounded_line_reader() {
        let text = format!("isready\n{}\nquit", "x".repeat(100_000));
        let mut r = io::Cursor::new(text.into_bytes());
        assert!(matches!(read_line(&mut r, 64), Ok(Some(Input::Line(l))) if l == "isready"));
        assert!(matches!(
            read_line(&mut r, 64),
            Ok(Some(Input::TooLong(100_000)))
        ));
        assert!(matches!(read_line(&mut r, 64), Ok(Some(Input::Line(l))) if l == "quit"));
        assert!(matches!(read_line(&mut r, 64), Ok(None)));
    }
}
