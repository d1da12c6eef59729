//! Plain move lists: one turn per line, comments and blank lines kept.

use core::fmt;
use core::str::FromStr;

use super::{lines, RecordError, MAX_LINE_LEN, MAX_RECORD_LEN, MAX_TURNS};
use crate::notation::official::TurnText;

/// One line of a plain move list.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MoveListLine {
    /// A turn, possibly followed by a `#` comment on the same line.
    Turn {
        /// The turn.
        turn: TurnText,
        /// The comment after it, from `#` (kept as written), if any.
        comment: Option<String>,
    },
    /// A line holding only a comment, from `#` (leading blanks dropped).
    Comment(String),
    /// An empty line.
    Blank,
}

/// A plain move list: one turn per line, `#` comments and blank lines kept.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct MoveList {
    /// The lines, in order.
    pub lines: Vec<MoveListLine>,
}

impl MoveList {
    /// A move list holding `turns`, one per line.
    #[must_use]
    pub fn from_turns(turns: Vec<TurnText>) -> MoveList {
        MoveList {
            lines: turns
                .into_iter()
                .map(|turn| MoveListLine::Turn {
                    turn,
                    comment: None,
                })
                .collect(),
        }
    }

    /// The turns, in order.
    #[must_use]
    pub fn turns(&self) -> Vec<&TurnText> {
        self.lines
            .iter()
            .filter_map(|l| match l {
                MoveListLine::Turn { turn, .. } => Some(turn),
                _ => None,
            })
            .collect()
    }
}

impl FromStr for MoveList {
    type Err = RecordError;
    fn from_str(text: &str) -> Result<MoveList, RecordError> {
        if text.len() > MAX_RECORD_LEN {
            return Err(RecordError::TooLong(text.len()));
        }

        let body = text.strip_suffix('\n').unwrap_or(text);
        let mut out = Vec::new();
        let mut turns = 0usize;
        for (line, l) in lines(body) {
            if l.len() > MAX_LINE_LEN {
                return Err(RecordError::LineTooLong { line, len: l.len() });
            }

            let (content, comment) = match l.find('#') {
                Some(i) => (&l[..i], Some(&l[i..])),
                None => (l, None),
            };
            if content.trim().is_empty() {
                out.push(match comment {
                    Some(c) => MoveListLine::Comment(c.to_string()),
                    None => MoveListLine::Blank,
                });
                continue;
            }

            turns += 1;
            if turns > MAX_TURNS {
                return Err(RecordError::TooManyTurns { line });
            }

            let turn = content
                .parse::<TurnText>()
                .map_err(|error| RecordError::Turn { line, error })?;
            out.push(MoveListLine::Turn {
                turn,
                comment: comment.map(str::to_string),
            });
        }
        Ok(MoveList { lines: out })
    }
}

impl fmt::Display for MoveList {
    /// One line per entry, each ending in a newline; a comment after a turn is
    /// separated from it by one space.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::padded(f, |f| {
            for l in &self.lines {
                match l {
                    MoveListLine::Turn {
                        turn,
                        comment: None,
                    } => writeln!(f, "{turn}")?,
                    MoveListLine::Turn {
                        turn,
                        comment: Some(c),
                    } => writeln!(f, "{turn} {c}")?,
                    MoveListLine::Comment(c) => writeln!(f, "{c}")?,
                    MoveListLine::Blank => writeln!(f)?,
                }
            }
            Ok(())
        })
    }
}
