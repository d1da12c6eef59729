//! Position text: the AEI short form and the board diagram.

use core::fmt;
use core::str::FromStr;

use crate::{Board, Color, Piece, Position, PositionError, Square};

/// The order of squares in the AEI short form: a8..h8, a7..h7, ..., a1..h1.
pub(crate) const AEI_ORDER: [Square; 64] = {
    let mut order = [Square::A1; 64];
    let mut i = 0;
    while i < 64 {
        let rank = 7 - i / 8;
        let file = i % 8;
        order[i] = Square::ALL[rank * 8 + file];
        i += 1;
    }
    order
};

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
}

fn snippet(s: &str) -> String {
    s.chars().take(20).collect()
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

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads the AEI short form, e.g. `g [rrrrrrrr...RRRRRRRR]`.
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
        let rest = &s[open + 1..];
        let close = rest.find(']').ok_or(ParsePositionError::MissingClose)?;
        let trailing = rest[close + 1..].trim();
        if !trailing.is_empty() {
            return Err(ParsePositionError::Trailing(snippet(trailing)));
        }
        let cells = &rest[..close];
        let n = cells.chars().count();
        if n != 64 {
            return Err(ParsePositionError::WrongLength(n));
        }
        let mut board = Board::empty();
        for (ch, square) in cells.chars().zip(AEI_ORDER) {
            if empty_mark(ch) {
                continue;
            }
            let piece =
                Piece::from_char(ch).ok_or(ParsePositionError::UnknownPiece { ch, square })?;
            board.set(square, Some(piece));
        }
        Ok(Position::new(board, side)?)
    }
}

impl fmt::Display for Position {
    /// The AEI short form: `g [` + 64 characters + `]`, a space for an empty square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = [b' '; 68];
        text[..3].copy_from_slice(&[self.side_to_move().char() as u8, b' ', b'[']);
        for (byte, sq) in text[3..67].iter_mut().zip(AEI_ORDER) {
            if let Some(p) = self.board().piece_at(sq) {
                *byte = p.char() as u8;
            }
        }
        text[67] = b']';
        crate::pad::pad_ascii(f, &text)
    }
}

impl Position {
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
    /// side to move, empty traps are marked `x`.
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
