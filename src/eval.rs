//! Harlog, the material evaluation of the English rules text.

use crate::{Board, Color, PieceKind};

const Q: f64 = 1.447530126;
const G: f64 = 0.6314442034;
const SCALE: f64 = 7.995516184;

fn army(board: &Board, side: Color) -> f64 {
    let enemy = board.color(!side);
    let mut total = 0.0;
    for kind in &PieceKind::ALL[1..] {
        let count = board.pieces(kind.of(side)).count();
        if count == 0 {
            continue;
        }

        let stronger = board.stronger_than(!side, *kind).intersect(enemy).count();
        let value = if stronger == 0 {
            2.0 / Q
        } else {
            1.0 / (f64::from(stronger) + Q)
        };
        total += f64::from(count) * value;
    }

    let rabbits = f64::from(board.pieces(PieceKind::Rabbit.of(side)).count());
    let pieces = f64::from(board.color(side).count());
    total + G * (pieces * rabbits).ln()
}

/// The Harlog material evaluation of `board`, from Gold's point of view: positive
/// favours Gold, 1.00 is the value of one rabbit in the opening.
///
/// Each side scores 2/Q for every non-rabbit piece that no enemy piece is strictly
/// stronger than, else 1/(n + Q) with n the number of strictly stronger enemy pieces;
/// plus G * ln(pieces * rabbits). Harlog is (Gold - Silver) * 7.995516184, with
/// Q = 1.447530126 and G = 0.6314442034.
///
/// **No rabbits.** ln(0) has no value: a side without rabbits has lost by elimination,
/// so the result is `f64::INFINITY` when only Silver has none, `f64::NEG_INFINITY`
/// when only Gold has none, and `0.0` when neither side has a rabbit (material is
/// then no guide; the game was decided by who made the last capture). The result is
/// never NaN.
///
/// **Not a result.** Harlog scores material only. Whether a game is over, and who won,
/// is judged by the rules: [`Position::outcome`](crate::Position::outcome) between
/// turns, [`Position::outcome_if_ended`](crate::Position::outcome_if_ended) inside a
/// turn, and [`Game::outcome`](crate::Game::outcome), which also knows repetition. A
/// side far ahead in material may have lost by goal or immobilization, and the
/// infinities above only say that a side has no rabbits left, not who made the last
/// move or whose rabbit reached its goal first.
///
/// ```
/// use arimaa::{harlog, Position};
/// let start: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]".parse()?;
/// assert_eq!(harlog(start.board()), 0.0);
/// let rabbit_down: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRR ]".parse()?;
/// assert_eq!(format!("{:.2}", harlog(rabbit_down.board())), "-1.00");
/// # Ok::<(), arimaa::notation::ParsePositionError>(())
/// ```
#[must_use]
pub fn harlog(board: &Board) -> f64 {
    let gold_rabbits = board.pieces(PieceKind::Rabbit.of(Color::Gold)).any();
    let silver_rabbits = board.pieces(PieceKind::Rabbit.of(Color::Silver)).any();
    match (gold_rabbits, silver_rabbits) {
        (true, true) => (army(board, Color::Gold) - army(board, Color::Silver)) * SCALE,
        (true, false) => f64::INFINITY,
        (false, true) => f64::NEG_INFINITY,
        (false, false) => 0.0,
    }
}
