//! A one-turn engine: the move an opponent program plays, built only on the crate's
//! public rules (move generation, [`Board::outcome_after_turn`], the goal query,
//! repetition counts from [`Game`] and [`harlog`]). The AEI example (`examples/aei`)
//! and the browser package (`web/`) play with it.
//!
//! [`choose`] looks one turn deep:
//! 1. a move that wins at once (goal, elimination, immobilization) is played, a goal
//!    first, then the best material;
//! 2. otherwise the moves are ordered by Harlog from the mover's side after the move and
//!    the opponent's most damaging capture in reply (each turn the crate's capture query,
//!    [`Position::capture_moves`], finds for an own piece; [`Lookahead::Captures`], the
//!    default; [`Lookahead::Move`] scores the move alone), ties broken by the caller's
//!    random number generator, and the first one after which the opponent cannot win at
//!    once ([`opponent_wins_at_once`]) is played;
//! 3. when every move lets the opponent win, the best of them in that order is played,
//!    or, when every move loses at once, the best by Harlog.
//!
//! Moves that would repeat a position a third time are never chosen. The opponent's
//! replies are judged without repetition and with a full four-step turn.
//!
//! No clock is read here (the crate builds for targets without one, such as the
//! browser): the caller's `stop` callback, asked before each safety check, ends the
//! search with the best move not yet shown to lose.
//!
//! ```
//! use arimaa::engine::{self, Decision};
//! use rand::{rngs::StdRng, SeedableRng};
//! use arimaa::{Color, Game, Reason, Variant};
//!
//! // Gold's rabbit on a6 reaches a8 in two steps.
//! let pos = "g [    r           R                  e                        E   ]".parse()?;
//! let mut game = Game::from_position(pos, Variant::STANDARD);
//! let mut rng = StdRng::seed_from_u64(1);
//! let choice = engine::choose(&game, &mut rng, &mut || false).expect("a legal move");
//! assert_eq!(choice.decision, Decision::WinsAtOnce);
//! assert_eq!(choice.decision.to_string(), "wins at once");
//! let outcome = game.play(&choice.mv)?.expect("the game ends");
//! assert_eq!((outcome.winner, outcome.reason), (Color::Gold, Reason::Goal));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::ops::ControlFlow;

use rand::Rng;

use crate::{harlog, Board, Color, Game, Move, Phase, Position, Reason};

/// How far [`choose_with`] looks past its own move when it scores one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Lookahead {
    /// Harlog after the move alone (the engine up to issue 25, which walked into
    /// one-turn captures).
    Move,
    /// Harlog after the move and the opponent's most damaging capture in reply: the
    /// lowest score over the board after the move and, for each own piece the crate's
    /// capture query ([`Position::capture_moves`]) finds capturable, the board after
    /// that shortest capture.
    #[default]
    Captures,
}

/// The move [`choose`] picked, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The move, a whole turn that [`Game::play`] accepts.
    pub mv: Move,
    /// Harlog from the mover's side after the move (and, with [`Lookahead::Captures`],
    /// the opponent's most damaging capture in reply), in hundredths of a rabbit
    /// (`100_000` and `-100_000` stand for a side without rabbits).
    pub score_centi: i64,
    /// Boards generated: the own moves and the opponent's replies examined.
    pub nodes: u64,
    /// What decided the choice.
    pub decision: Decision,
}

/// What decided a [`Choice`]. Its `Display` form is the sentence the AEI example logs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Decision {
    /// The move wins at once (`wins at once`).
    WinsAtOnce,
    /// The best move by Harlog after which the opponent cannot win at once: the
    /// `checked`-th of `of` candidates checked (`safe move, 2 of 30 checked`).
    Safe {
        /// Candidates checked, this one included.
        checked: usize,
        /// Candidates (the moves that neither win nor lose at once).
        of: usize,
    },
    /// `stop` ended the search before this move was checked; `checked` of `of`
    /// candidates had been shown to lose (`stopped (time limit) after checking 3 of 30
    /// moves`).
    Stopped {
        /// Candidates checked (each let the opponent win).
        checked: usize,
        /// Candidates.
        of: usize,
    },
    /// Every move lets the opponent win at once (`every move lets the opponent win`).
    EveryMoveLoses,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Decision::WinsAtOnce => f.write_str("wins at once"),
            Decision::Safe { checked, of } => write!(f, "safe move, {checked} of {of} checked"),
            Decision::Stopped { checked, of } => {
                write!(
                    f,
                    "stopped (time limit) after checking {checked} of {of} moves"
                )
            }
            Decision::EveryMoveLoses => f.write_str("every move lets the opponent win"),
        }
    }
}

/// One move with what is known about it.
struct Candidate {
    mv: Move,
    board: Board,
    score: f64,
    tie: u64,
}

/// Whether the opponent of `mover`, to move on `board` after `mover`'s turn, can win
/// at once: reach its goal (the crate's goal query, [`Position::goal_move`], first),
/// or end its turn on a board that [`Board::outcome_after_turn`] judges a win for it.
/// Repetition is not considered; the opponent has a full four-step turn. `false` for
/// a board no turn leaves (a piece unsupported on a trap).
#[must_use]
pub fn opponent_wins_at_once(board: &Board, mover: Color) -> bool {
    opponent_wins_counted(board, mover, &mut 0)
}

/// [`opponent_wins_at_once`], adding the boards it generates to `nodes`.
fn opponent_wins_counted(board: &Board, mover: Color, nodes: &mut u64) -> bool {
    let them = !mover;
    let Ok(pos) = Position::new(*board, them) else {
        return false;
    };
    *nodes += 1;
    if pos.goal_move().is_some() {
        return true;
    }
    let found = pos.for_each_move(|_, reply, _| {
        *nodes += 1;
        if wins(reply, them) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    found.is_break()
}

/// Whether `mover`, having ended its turn on `board`, wins by the rules.
fn wins(board: &Board, mover: Color) -> bool {
    board
        .outcome_after_turn(mover)
        .is_some_and(|o| o.winner == mover)
}

/// The move the engine plays in `game` (see the [module documentation](self)). `None`
/// when no movement turn is due (a setup, a Dicey Moves roll still to make, the game
/// over) or when the side to move has no legal move that does not repeat a position a
/// third time (a game in play always has one: it would be over by immobilization).
///
/// `rng` breaks ties between moves of equal Harlog; `stop` is asked before each
/// safety check and ends the search when it says so. The moves are scored with
/// [`Lookahead::Captures`]; [`choose_with`] chooses the lookahead.
pub fn choose<R: Rng + ?Sized>(
    game: &Game,
    rng: &mut R,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Choice> {
    choose_with(game, rng, stop, Lookahead::default())
}

/// [`choose`], scoring the moves with `lookahead`.
pub fn choose_with<R: Rng + ?Sized>(
    game: &Game,
    rng: &mut R,
    stop: &mut dyn FnMut() -> bool,
    lookahead: Lookahead,
) -> Option<Choice> {
    if game.phase() != Phase::Play {
        return None;
    }

    let us = game.position().side_to_move();
    let mut nodes = 0u64;
    let Classified {
        winning,
        mut candidates,
        mut losing,
    } = classify(game, rng, &mut nodes, lookahead);
    let choice = |c: &Candidate, nodes: u64, decision: Decision| Choice {
        mv: c.mv,
        score_centi: score_centi(c.score),
        nodes,
        decision,
    };
    if let Some((_, c)) = winning {
        return Some(choice(&c, nodes, Decision::WinsAtOnce));
    }

    // The best move by Harlog after which the opponent cannot win at once.
    let order = |a: &Candidate, b: &Candidate| b.score.total_cmp(&a.score).then(b.tie.cmp(&a.tie));
    candidates.sort_by(order);
    let of = candidates.len();
    for (before, c) in candidates.iter().enumerate() {
        if stop() {
            let stopped = Decision::Stopped {
                checked: before,
                of,
            };
            return Some(choice(c, nodes, stopped));
        }
        if !opponent_wins_counted(&c.board, us, &mut nodes) {
            let safe = Decision::Safe {
                checked: before + 1,
                of,
            };
            return Some(choice(c, nodes, safe));
        }
    }

    // Every move loses: play the best among those that do not lose at once (the
    // candidates, already in order), else the best material among the rest.
    losing.sort_by(order);
    candidates
        .first()
        .or(losing.first())
        .map(|c| choice(c, nodes, Decision::EveryMoveLoses))
}

/// The legal moves of the side to move, by what the board each leaves gives at once.
struct Classified {
    /// The best win (by goal first, then by Harlog), with whether it is a goal.
    winning: Option<(bool, Candidate)>,
    /// The moves that end nothing at once.
    candidates: Vec<Candidate>,
    /// The moves that lose at once.
    losing: Vec<Candidate>,
}

/// Every legal move of the game's side to move (third repetitions left out: they are
/// not legal in the game), scored by Harlog from the mover's side and judged by
/// [`Board::outcome_after_turn`]; the moves that end nothing are scored with
/// `lookahead`. Adds the own boards generated to `nodes` (the capture queries are not
/// counted).
fn classify<R: Rng + ?Sized>(
    game: &Game,
    rng: &mut R,
    nodes: &mut u64,
    lookahead: Lookahead,
) -> Classified {
    let pos = game.position();
    let us = pos.side_to_move();
    let sign = if us == Color::Gold { 1.0 } else { -1.0 };
    let mut out = Classified {
        winning: None,
        candidates: Vec::new(),
        losing: Vec::new(),
    };

    let _: ControlFlow<()> = pos.for_each_move(|mv, board, _| {
        *nodes += 1;
        let Ok(after) = Position::new(*board, !us) else {
            return ControlFlow::Continue(());
        };
        if game.times_seen(&after) >= 2 {
            return ControlFlow::Continue(());
        }

        let mut c = Candidate {
            mv: *mv,
            board: *board,
            score: sign * harlog(board),
            tie: rng.random(),
        };

        match board.outcome_after_turn(us) {
            Some(o) if o.winner == us => {
                // Prefer a goal, then the best material.
                let goal = o.reason == Reason::Goal;
                let better = match &out.winning {
                    None => true,
                    Some((best_goal, b)) => (goal, c.score) > (*best_goal, b.score),
                };
                if better {
                    out.winning = Some((goal, c));
                }
            }
            Some(_) => out.losing.push(c),
            None => {
                if lookahead == Lookahead::Captures {
                    c.score = c.score.min(worst_capture(&after, sign));
                }
                out.candidates.push(c)
            }
        }
        ControlFlow::Continue(())
    });
    out
}

/// The lowest Harlog (times `sign`: from the side that just moved) over the boards
/// after the shortest captures the side to move in `pos` has (the crate's capture
/// query); infinity when it has none.
fn worst_capture(pos: &Position, sign: f64) -> f64 {
    pos.capture_moves()
        .iter()
        .filter_map(|(_, mv)| pos.after(mv).ok())
        .map(|p| sign * harlog(p.board()))
        .fold(f64::INFINITY, f64::min)
}

/// Harlog in hundredths of a rabbit, the infinities of a side without rabbits as
/// ±100,000.
fn score_centi(score: f64) -> i64 {
    if score.is_finite() {
        (score * 100.0).round() as i64
    } else if score > 0.0 {
        100_000
    } else {
        -100_000
    }
}
