//! The one-turn search: an immediate win, else the best move by Harlog after which the
//! opponent cannot win at once, within the time limit.

use std::ops::ControlFlow;

use arimaa::{harlog, Board, Color, Direction, Game, Move, PieceKind, Position};
use rand::Rng;

/// The move chosen and how.
#[derive(Debug, Clone)]
pub(crate) struct Choice {
    pub(crate) mv: Move,
    /// Harlog after the move from the mover's side, in hundredths of a rabbit.
    pub(crate) score_centi: i64,
    /// Boards generated (own moves and the opponent's replies examined).
    pub(crate) nodes: u64,
    /// What decided the choice.
    pub(crate) note: String,
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

/// Whether the opponent, to move on `board` after `us` moved, can win at once.
/// Exact (repetition aside): the crate's goal query first ([`Position::goal_move`]),
/// then every reply judged for the other ways to win.
pub(crate) fn opponent_wins_at_once(board: &Board, us: Color, nodes: &mut u64) -> bool {
    let them = !us;
    let Ok(pos) = Position::new(*board, them) else {
        return false;
    };
    *nodes += 1;
    if pos.goal_move().is_some() {
        return true;
    }
    let found = pos.for_each_move(|_, reply, _| {
        *nodes += 1;
        if winner_after(reply, them) == Some(them) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    found.is_break()
}

/// The one-turn search of the module documentation. `None` when there is no legal
/// move. `stop` is asked before each safety check and ends the search when it says so
/// (the caller's time limit or a stop command; no clock is read here, so the search
/// also runs where there is none, as in the browser package `web/`).
pub(crate) fn search(
    game: &Game,
    rng: &mut impl Rng,
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
        if stop() {
            return Some(choice(
                c,
                nodes,
                &format!(
                    "stopped (time limit) after checking {checked} of {} moves",
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
