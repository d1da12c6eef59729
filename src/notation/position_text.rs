//! Position text: the AEI short form and the board diagram.

use core::fmt;
use core::str::FromStr;

use super::snippet;
use crate::{Board, Color, Piece, PieceKind, Position, PositionError, Square};

/// Longest text the readers look at; anything longer is refused at once.
const MAX_LEN: usize = 4096;

/// Why a position could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// The text is empty.
    #[error("empty position text")]
    Empty,
    /// The text is longer than any position can be.
    #[error("position text too long ({0} bytes)")]
    TooLong(usize),
    /// The side to move is missing or not one of `g s w b`.
    #[error("invalid side to move {0:?}: expected g, s, w or b")]
    BadSide(String),
    /// The `[` that opens the board is missing.
    #[error("expected '[' to open the board after the side to move")]
    MissingOpen,
    /// The `]` that closes the board is missing.
    #[error("expected ']' to close the board")]
    MissingClose,
    /// The board does not have 64 squares.
    #[error("the board has {0} squares between the brackets, expected 64")]
    WrongLength(usize),
    /// A character is not a piece letter or an empty-square mark.
    #[error("unknown character {ch:?} on {square}: expected one of RCDHMErcdhme or an empty mark")]
    UnknownPiece {
        /// The character.
        ch: char,
        /// The square it stands for.
        square: Square,
    },
    /// Text follows the closing bracket.
    #[error("unexpected text after the board: {0:?}")]
    Trailing(String),
    /// A diagram row is malformed or missing.
    #[error("diagram: {0}")]
    Diagram(String),
    /// The board was read but is not a legal position.
    #[error("{0}")]
    Invalid(#[from] PositionError),
    /// The turn state after the board is malformed (see the
    /// [text forms](Position#text-forms)).
    #[error("turn state: {0}")]
    TurnState(String),
    /// The turn state is well formed, but no legal steps from the board the turn
    /// started from give this board with this push and pull.
    #[error(
        "the turn state cannot be reached: no sequence of {taken} legal step(s) from the board the turn started from gives this board, push and pull"
    )]
    Unreachable {
        /// The steps the text says were taken.
        taken: u8,
    },
}

fn empty_mark(c: char) -> bool {
    matches!(c, ' ' | '.' | 'x' | 'X')
}

fn read_side(s: &str) -> Result<Color, ParsePositionError> {
    let mut chars = s.chars();
    match (chars.next().and_then(Color::from_char), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(ParsePositionError::BadSide(snippet(s))),
    }
}

/// Reads the 64 squares between `[` and `]` at the start of `s` (after the side letter
/// has been taken off); returns the board and the text after `]`.
fn read_board(s: &str) -> Result<(Board, &str), ParsePositionError> {
    let rest = s.strip_prefix('[').ok_or(ParsePositionError::MissingOpen)?;
    let close = rest.find(']').ok_or(ParsePositionError::MissingClose)?;
    let cells = &rest[..close];
    let n = cells.chars().count();
    if n != 64 {
        return Err(ParsePositionError::WrongLength(n));
    }
    let mut board = Board::empty();
    for (ch, square) in cells.chars().zip(Square::AEI_ORDER) {
        if empty_mark(ch) {
            continue;
        }
        let piece = Piece::from_char(ch).ok_or(ParsePositionError::UnknownPiece { ch, square })?;
        board.set(square, Some(piece));
    }
    Ok((board, &rest[close + 1..]))
}

fn turn_error(what: impl Into<String>) -> ParsePositionError {
    ParsePositionError::TurnState(what.into())
}

/// What the text says of the turn in progress.
struct TurnText {
    taken: u8,
    cap: u8,
    start: Option<Board>,
    push: Option<(Square, PieceKind)>,
    pull: Option<(Square, PieceKind)>,
}

/// Reads `<piece letter><square>`, such as `re5`.
fn read_piece_square(word: &str) -> Result<(Piece, Square), ParsePositionError> {
    let mut chars = word.chars();
    let piece = chars.next().and_then(Piece::from_char);
    let square = chars.as_str().parse::<Square>().ok();
    match (piece, square) {
        (Some(p), Some(sq)) => Ok((p, sq)),
        _ => Err(turn_error(format!(
            "expected a piece letter and a square, such as re5, not {:?}",
            snippet(word)
        ))),
    }
}

/// Reads the turn state after the board: `steps T/C`, then `from [...]` when a step was
/// taken, then `push <piece><square>` and `pull <piece><square>` when they apply.
fn read_turn(text: &str, side: Color) -> Result<TurnText, ParsePositionError> {
    let rest = text
        .strip_prefix("steps")
        .filter(|r| r.is_empty() || r.starts_with(' '))
        .ok_or_else(|| ParsePositionError::Trailing(snippet(text)))?
        .trim_start();

    let (count, mut rest) = rest.split_once(' ').unwrap_or((rest, ""));
    let bad_count = || {
        turn_error(format!(
            "expected steps taken/limit, such as 2/4, not {:?}",
            snippet(count)
        ))
    };
    let (t, c) = count.split_once('/').ok_or_else(bad_count)?;
    let taken: u8 = t.parse().map_err(|_| bad_count())?;
    let cap: u8 = c.parse().map_err(|_| bad_count())?;
    if !(1..=4).contains(&cap) || taken > cap {
        return Err(turn_error(format!(
            "{taken}/{cap}: the step limit is 1 to 4 and no more steps can have been taken"
        )));
    }

    let mut turn = TurnText {
        taken,
        cap,
        start: None,
        push: None,
        pull: None,
    };

    rest = rest.trim_start();
    if let Some(r) = rest.strip_prefix("from") {
        let (start, after) = read_board(r.trim_start())?;
        turn.start = Some(start);
        rest = after.trim_start();
    }

    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        let slot = match word {
            "push" if turn.push.is_none() => &mut turn.push,
            "pull" if turn.pull.is_none() => &mut turn.pull,
            _ => {
                return Err(turn_error(format!(
                    "expected `push` or `pull` (each once), not {:?}",
                    snippet(word)
                )))
            }
        };
        let value = words
            .next()
            .ok_or_else(|| turn_error(format!("`{word}` needs a piece and a square")))?;
        let (piece, square) = read_piece_square(value)?;

        // The pushed piece is the opponent's; the piece that may pull is the mover's.
        let owner = if word == "push" { !side } else { side };
        if piece.color != owner {
            return Err(turn_error(format!(
                "`{word} {value}`: the piece must be {owner}'s"
            )));
        }
        *slot = Some((square, piece.kind));
    }

    if (taken > 0) != turn.start.is_some() {
        return Err(turn_error(if taken > 0 {
            "a turn with steps taken needs the board it started from: `from [...]`"
        } else {
            "no step taken: the turn starts from this board, `from [...]` is not written"
        }));
    }
    Ok(turn)
}

/// The number of squares whose contents differ between two boards.
fn squares_differing(a: &Board, b: &Board) -> u32 {
    let mut diff = (a.color(Color::Gold) ^ b.color(Color::Gold))
        | (a.color(Color::Silver) ^ b.color(Color::Silver));
    for kind in PieceKind::ALL {
        diff |= a.kind(kind) ^ b.kind(kind);
    }
    diff.count()
}

/// Finds the state `target` describes among the states `left` more legal steps give from
/// `pos`. A plain walk of every step sequence, cut only where the boards differ on more
/// squares than the steps left can change (a step changes at most three: the square left,
/// the square entered, and one trap beside the square left).
fn reach(
    pos: &Position,
    left: u8,
    board: &Board,
    turn: &TurnText,
    seen: &mut std::collections::HashSet<u64>,
) -> Option<Position> {
    if left == 0 {
        let found = pos.board() == board
            && pos.pending_push() == turn.push
            && pos.pull_source() == turn.pull;
        return found.then(|| pos.clone());
    }

    if squares_differing(pos.board(), board) > 3 * u32::from(left) || !seen.insert(pos.turn_key()) {
        return None;
    }

    for &step in &pos.legal_steps() {
        let mut next = pos.clone();
        if next.play_step(step).is_ok() {
            if let Some(found) = reach(&next, left - 1, board, turn, seen) {
                return Some(found);
            }
        }
    }
    None
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads the AEI short form, e.g. `g [rrrrrrrr...RRRRRRRR]`, optionally followed by
    /// the state of a turn in progress (see the [text forms](Position#text-forms)).
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        if s.len() > MAX_LEN {
            return Err(ParsePositionError::TooLong(s.len()));
        }
        let s = s.trim();
        if s.is_empty() {
            return Err(ParsePositionError::Empty);
        }

        let open = s.find('[').ok_or(ParsePositionError::MissingOpen)?;
        let side = read_side(s[..open].trim())?;
        let (board, trailing) = read_board(&s[open..])?;
        let trailing = trailing.trim();
        if trailing.is_empty() {
            return Ok(Position::new(board, side)?);
        }

        let turn = read_turn(trailing, side)?;
        let mut start = Position::new(turn.start.unwrap_or(board), side)?;
        if start.set_step_cap(turn.cap).is_err() {
            return Err(turn_error(format!("step limit {}", turn.cap)));
        }
        let mut seen = std::collections::HashSet::new();
        reach(&start, turn.taken, &board, &turn, &mut seen)
            .ok_or(ParsePositionError::Unreachable { taken: turn.taken })
    }
}

/// Writes the 64 squares of `board` between brackets, in the AEI order, a space for an
/// empty square.
fn write_cells(f: &mut dyn fmt::Write, board: &Board) -> fmt::Result {
    let mut text = [b' '; 66];
    text[0] = b'[';
    for (i, sq) in Square::AEI_ORDER.into_iter().enumerate() {
        if let Some(p) = board.piece_at(sq) {
            // Piece letters are ASCII.
            text[1 + i] = p.char() as u8;
        }
    }
    text[65] = b']';
    f.write_str(core::str::from_utf8(&text).map_err(|_| fmt::Error)?)
}

impl fmt::Display for Position {
    /// Between turns with four steps, the AEI short form: `g [` + 64 characters + `]`, a
    /// space for an empty square. Otherwise the turn state follows, so that the text
    /// reads back as the same position (see the [text forms](Position#text-forms)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::padded(f, |f| {
            let side = self.side_to_move();
            write!(f, "{} ", side.char())?;
            write_cells(f, self.board())?;

            let (taken, cap) = (self.steps_taken(), self.step_cap());
            if taken == 0 && cap == 4 {
                return Ok(());
            }

            write!(f, " steps {taken}/{cap}")?;
            if taken > 0 {
                f.write_str(" from ")?;
                write_cells(f, self.turn_start_board())?;
            }
            if let Some((sq, kind)) = self.pending_push() {
                write!(f, " push {}{sq}", kind.of(!side).char())?;
            }
            if let Some((sq, kind)) = self.pull_source() {
                write!(f, " pull {}{sq}", kind.of(side).char())?;
            }
            Ok(())
        })
    }
}

impl Position {
    /// The AEI short form of the board and the side to move alone (the side letter, then
    /// the 64 squares between brackets), without the turn state: what AEI's
    /// `setposition` takes. In the middle of a turn this drops the turn state, and the
    /// text reads back as a position at the start of a turn on this board; `Display`
    /// keeps everything (see the [text forms](Position#text-forms)).
    #[must_use]
    pub fn to_aei(&self) -> String {
        let mut s = String::with_capacity(68);
        s.push(self.side_to_move().char());
        s.push(' ');
        // Writing to a String cannot fail.
        let _ = write_cells(&mut s, self.board());
        s
    }

    /// Reads a board diagram as arimaa.com and the AEI tools print it:
    ///
    /// ```text
    /// 23w
    ///  +-----------------+
    /// 8| r r . . x . r r |
    /// 7| ...             |
    ///  ...
    /// 1| R R R R R R R R |
    ///  +-----------------+
    ///    a b c d e f g h
    /// ```
    ///
    /// The first line gives the side to move (`g`, `s`, `w` or `b`, optionally after a
    /// move number). `.`, `x`, `X` and spaces are empty squares.
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the bad line or character.
    pub fn from_diagram(text: &str) -> Result<Position, ParsePositionError> {
        if text.len() > MAX_LEN {
            return Err(ParsePositionError::TooLong(text.len()));
        }

        let mut lines = text
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.trim().is_empty());
        let first = lines.next().ok_or(ParsePositionError::Empty)?.trim();
        let side = read_side(first.trim_start_matches(|c: char| c.is_ascii_digit()))?;

        let mut board = Board::empty();
        let mut seen = [false; 8];
        for line in lines {
            let l = line.trim_start();
            let mut chars = l.chars();
            let Some(rank_ch) = chars.next().filter(|c| c.is_ascii_digit()) else {
                continue; // borders and the file letters
            };
            let rank = crate::Rank::from_char(rank_ch).ok_or_else(|| {
                ParsePositionError::Diagram(format!("bad rank in {:?}", snippet(l)))
            })?;
            let inner = l[1..]
                .strip_prefix('|')
                .and_then(|r| r.strip_suffix('|'))
                .ok_or_else(|| {
                    ParsePositionError::Diagram(format!("row {rank} must be enclosed in '|'"))
                })?;

            let cells: Vec<char> = inner.chars().collect();
            if cells.len() != 17 {
                return Err(ParsePositionError::Diagram(format!(
                    "row {rank} has {} characters between the bars, expected 17",
                    cells.len()
                )));
            }
            if seen[rank.index() as usize] {
                return Err(ParsePositionError::Diagram(format!(
                    "row {rank} appears twice"
                )));
            }

            seen[rank.index() as usize] = true;
            for file in crate::File::ALL {
                let ch = cells[1 + 2 * file.index() as usize];
                let square = Square::from_coords(file, rank);
                if empty_mark(ch) {
                    continue;
                }
                let piece =
                    Piece::from_char(ch).ok_or(ParsePositionError::UnknownPiece { ch, square })?;
                board.set(square, Some(piece));
            }
        }

        if let Some(missing) = seen.iter().position(|&s| !s) {
            return Err(ParsePositionError::Diagram(format!(
                "row {} is missing",
                missing + 1
            )));
        }
        Ok(Position::new(board, side)?)
    }

    /// Writes the board diagram (see [`Position::from_diagram`]); the first line is the
    /// side to move, empty traps are marked `x`. Like [`to_aei`](Position::to_aei) it
    /// shows the board and the side only: in the middle of a turn the turn state is not
    /// written, and the diagram reads back as the start of a turn on this board.
    /// `Display` keeps everything (see the [text forms](Position#text-forms)).
    #[must_use]
    pub fn to_diagram(&self) -> String {
        let mut s = String::with_capacity(256);
        s.push(self.side_to_move().char());
        s.push_str("\n +-----------------+\n");

        for rank in crate::Rank::ALL.into_iter().rev() {
            s.push(rank.char());
            s.push('|');
            for file in crate::File::ALL {
                let sq = Square::from_coords(file, rank);
                s.push(' ');
                s.push(match self.board().piece_at(sq) {
                    Some(p) => p.char(),
                    None if sq.is_trap() => 'x',
                    None => '.',
                });
            }
            s.push_str(" |\n");
        }

        s.push_str(" +-----------------+\n   a b c d e f g h\n");
        s
    }
}
