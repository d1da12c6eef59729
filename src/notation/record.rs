//! Game records: the arimaa.com archive TSV and plain move lists, read, written back,
//! and replayed into a [`Game`].
//!
//! - [`Archive`]: the archive's tab-separated file, a header of the 29
//!   [`ARCHIVE_COLUMNS`] and one [`ArchiveGame`] per row, with typed access to the id,
//!   players, ratings, result, termination, plycount, move list and events. `Display`
//!   writes the file back exactly as read.
//! - [`MoveList`]: one turn per line (`1g Ra1 ...`, `2g Ee2n ...`), blank lines and `#`
//!   comments kept, as the AEI tools write. `Display` writes it back.
//! - [`Replay`]: plays a record's turns into a [`Game`], giving every position and the
//!   result by the rules, or the first turn that fails and why.
//!
//! ```
//! use arimaa::notation::record::{MoveList, Replay};
//!
//! let text = "\
//! 1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2
//! 1s ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7
//! ## the elephant walks
//! 2g Ee2n Ee3n Ee4n Ee5n
//! 2s ed7s ed6s ed5s ed4s
//! ";
//! let list: MoveList = text.parse()?;
//! assert_eq!(list.to_string(), text);
//! let replay = Replay::standard(list.turns());
//! assert!(replay.failure().is_none());
//! assert_eq!(replay.positions().len(), 3); // before 2g, after 2g, after 2s
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use crate::notation::official::{
    move_to_tokens, resolve_move_in_game, resolve_setup, setup_to_tokens, IllegalSetup,
    IllegalTurn, ParseTurnError, ResignWord, SideLetters, TurnBody, TurnLabel, TurnText,
};
use crate::{ByColor, Color, Game, GameError, Move, Outcome, Phase, Position, Reason, Turn};

/// Longest record text the readers accept (a whole archive file or move list).
pub const MAX_RECORD_LEN: usize = 64 << 20;

/// Longest single line (an archive row, or a move list line) the readers accept.
pub const MAX_LINE_LEN: usize = 1 << 20;

/// Most turns a record's game may have.
pub const MAX_TURNS: usize = 10_000;

/// The 29 columns of the arimaa.com archive TSV, in order.
pub const ARCHIVE_COLUMNS: [&str; 29] = [
    "id",
    "wplayerid",
    "bplayerid",
    "wusername",
    "busername",
    "wtitle",
    "btitle",
    "wcountry",
    "bcountry",
    "wrating",
    "brating",
    "wratingk",
    "bratingk",
    "wtype",
    "btype",
    "event",
    "site",
    "timecontrol",
    "postal",
    "startts",
    "endts",
    "result",
    "termination",
    "plycount",
    "mode",
    "rated",
    "corrupt",
    "movelist",
    "events",
];

/// A column of the archive TSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Column {
    /// `id`: the game number.
    Id = 0,
    /// `wplayerid`: Gold's player number.
    WPlayerId,
    /// `bplayerid`: Silver's player number.
    BPlayerId,
    /// `wusername`: Gold's user name.
    WUsername,
    /// `busername`: Silver's user name.
    BUsername,
    /// `wtitle`: Gold's title.
    WTitle,
    /// `btitle`: Silver's title.
    BTitle,
    /// `wcountry`: Gold's country code.
    WCountry,
    /// `bcountry`: Silver's country code.
    BCountry,
    /// `wrating`: Gold's rating.
    WRating,
    /// `brating`: Silver's rating.
    BRating,
    /// `wratingk`: the uncertainty of Gold's rating.
    WRatingK,
    /// `bratingk`: the uncertainty of Silver's rating.
    BRatingK,
    /// `wtype`: Gold's player type, `h` human or `b` bot.
    WType,
    /// `btype`: Silver's player type.
    BType,
    /// `event`: the event name.
    Event,
    /// `site`: where it was played.
    Site,
    /// `timecontrol`: the time control.
    TimeControl,
    /// `postal`: 1 for a postal game.
    Postal,
    /// `startts`: start time, Unix seconds.
    StartTs,
    /// `endts`: end time, Unix seconds.
    EndTs,
    /// `result`: the winner, `w` or `b`.
    Result,
    /// `termination`: how the game ended (see [`Termination`]).
    Termination,
    /// `plycount`: the move number of the last turn played (not a count of plies; see
    /// [`ArchiveGame::plycount`]).
    PlyCount,
    /// `mode`: the server mode.
    Mode,
    /// `rated`: 1 for a rated game.
    Rated,
    /// `corrupt`: 1 when the server marked the record corrupt.
    Corrupt,
    /// `movelist`: the turns, separated by the two characters `\n`.
    MoveList,
    /// `events`: the server's event log, separated by the two characters `\n`.
    Events,
}

impl Column {
    /// Every column, in order.
    pub const ALL: [Column; 29] = [
        Column::Id,
        Column::WPlayerId,
        Column::BPlayerId,
        Column::WUsername,
        Column::BUsername,
        Column::WTitle,
        Column::BTitle,
        Column::WCountry,
        Column::BCountry,
        Column::WRating,
        Column::BRating,
        Column::WRatingK,
        Column::BRatingK,
        Column::WType,
        Column::BType,
        Column::Event,
        Column::Site,
        Column::TimeControl,
        Column::Postal,
        Column::StartTs,
        Column::EndTs,
        Column::Result,
        Column::Termination,
        Column::PlyCount,
        Column::Mode,
        Column::Rated,
        Column::Corrupt,
        Column::MoveList,
        Column::Events,
    ];

    /// The column's position, from 0.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The column's name in the header.
    pub const fn name(self) -> &'static str {
        ARCHIVE_COLUMNS[self as usize]
    }
}

/// How an archived game ended (the `termination` column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// `g`: a rabbit reached its goal.
    Goal,
    /// `m`: the side to move had no legal turn.
    Immobilization,
    /// `e`: a side lost all its rabbits.
    Elimination,
    /// `t`: a side ran out of time.
    Time,
    /// `r`: a side resigned.
    Resignation,
    /// `i`: an illegal move (for bots, this includes a third repetition).
    IllegalMove,
    /// `s`: decided by score.
    Score,
    /// `f`: forfeit.
    Forfeit,
    /// `a`: abandoned.
    Abandoned,
    /// `p`: repetition (obsolete).
    Repetition,
    /// `n`: draw (obsolete).
    Draw,
}

impl Termination {
    /// The code letter.
    pub const fn char(self) -> char {
        match self {
            Termination::Goal => 'g',
            Termination::Immobilization => 'm',
            Termination::Elimination => 'e',
            Termination::Time => 't',
            Termination::Resignation => 'r',
            Termination::IllegalMove => 'i',
            Termination::Score => 's',
            Termination::Forfeit => 'f',
            Termination::Abandoned => 'a',
            Termination::Repetition => 'p',
            Termination::Draw => 'n',
        }
    }

    /// Reads a code letter.
    pub const fn from_char(c: char) -> Option<Termination> {
        Some(match c {
            'g' => Termination::Goal,
            'm' => Termination::Immobilization,
            'e' => Termination::Elimination,
            't' => Termination::Time,
            'r' => Termination::Resignation,
            'i' => Termination::IllegalMove,
            's' => Termination::Score,
            'f' => Termination::Forfeit,
            'a' => Termination::Abandoned,
            'p' => Termination::Repetition,
            'n' => Termination::Draw,
            _ => return None,
        })
    }

    /// The reason by the rules, for the three terminations the rules decide.
    pub const fn reason(self) -> Option<Reason> {
        match self {
            Termination::Goal => Some(Reason::Goal),
            Termination::Immobilization => Some(Reason::Immobilization),
            Termination::Elimination => Some(Reason::Elimination),
            _ => None,
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// Whether a player is a person or a program (the `wtype`/`btype` columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// `h`.
    Human,
    /// `b`.
    Bot,
    /// Empty or another letter.
    Unknown,
}

/// One side's player, read from the archive's columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Player<'a> {
    /// The player number (`wplayerid`/`bplayerid`), when given.
    pub id: Option<u64>,
    /// The user name.
    pub username: &'a str,
    /// The title (often empty).
    pub title: &'a str,
    /// The country code.
    pub country: &'a str,
    /// The rating, when given.
    pub rating: Option<u32>,
    /// The rating's uncertainty (`wratingk`/`bratingk`), when given.
    pub rating_k: Option<u32>,
    /// Person or program.
    pub kind: PlayerKind,
}

/// One entry of the server's event log: `1769941026 [Sun Feb  1 10:17:06 2026] text`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Event<'a> {
    /// The Unix time, when the entry starts with one.
    pub time: Option<u64>,
    /// The bracketed date as written (empty when absent).
    pub date: &'a str,
    /// The rest of the entry.
    pub text: &'a str,
}

impl<'a> Event<'a> {
    fn parse(entry: &'a str) -> Event<'a> {
        let (time, rest) = match entry.split_once(' ') {
            Some((t, rest)) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => {
                (t.parse().ok(), rest)
            }
            _ => (None, entry),
        };
        let (date, text) = match rest.strip_prefix('[').and_then(|r| r.split_once("] ")) {
            Some((date, text)) => (date, text),
            None => ("", rest),
        };
        Event { time, date, text }
    }

    /// For `move 31b received from b [cb3n ...]`: the label and the move text.
    pub fn received_move(&self) -> Option<(&'a str, &'a str)> {
        let rest = self.text.strip_prefix("move ")?;
        let (label, rest) = rest.split_once(' ')?;
        let start = rest.find('[')?;
        let end = rest.rfind(']')?;
        Some((label, rest.get(start + 1..end)?))
    }

    /// For `gameserver rejected move [cb3n ...]; position repeats ...`: the move text
    /// and the server's reason.
    pub fn rejected_move(&self) -> Option<(&'a str, &'a str)> {
        let rest = self.text.strip_prefix("gameserver rejected move [")?;
        let (mv, reason) = rest.split_once(']')?;
        Some((mv, reason.trim_start_matches(';').trim()))
    }
}

/// A move the server refused, found in a game's event log.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RejectedMove {
    /// The label of the turn it was sent for (from the `move ... received` entry before
    /// it), when known.
    pub label: Option<TurnLabel>,
    /// The move as sent.
    pub text: String,
    /// The server's reason, e.g. `push not completed`.
    pub reason: String,
}

/// Why a record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The text is longer than any record the readers accept.
    #[error("record text too long ({0} bytes, at most {MAX_RECORD_LEN})")]
    TooLong(usize),
    /// A line is longer than the readers accept.
    #[error("line {line}: too long ({len} bytes, at most {MAX_LINE_LEN})")]
    LineTooLong {
        /// The line number, from 1.
        line: usize,
        /// Its length.
        len: usize,
    },
    /// The archive header is not the 29 expected column names.
    #[error("archive header: {0}")]
    Header(String),
    /// An archive row does not have 29 fields.
    #[error("line {line}: {found} tab-separated fields, expected 29")]
    FieldCount {
        /// The line number, from 1.
        line: usize,
        /// The fields found.
        found: usize,
    },
    /// A field does not hold what its column requires.
    #[error("line {line}: column {column} {value:?}: {problem}")]
    Field {
        /// The line number, from 1 (0 for a row made with [`ArchiveGame::from_columns`]).
        line: usize,
        /// The column's name.
        column: &'static str,
        /// The value (cut to 20 characters).
        value: String,
        /// What it should be.
        problem: &'static str,
    },
    /// A game has more turns than the readers accept.
    #[error("line {line}: more than {MAX_TURNS} turns")]
    TooManyTurns {
        /// The line number, from 1.
        line: usize,
    },
    /// A move list line is not a turn.
    #[error("line {line}: {error}")]
    Turn {
        /// The line number, from 1.
        line: usize,
        /// Why.
        error: ParseTurnError,
    },
}

fn snippet(s: &str) -> String {
    s.chars().take(20).collect()
}

/// One game of the archive: the 29 fields as written, with typed access. The typed
/// values are checked when the row is read.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ArchiveGame {
    columns: Vec<String>,
    id: u64,
    winner: Color,
    termination: Termination,
    plycount: u32,
}

fn field_error(line: usize, column: Column, value: &str, problem: &'static str) -> RecordError {
    RecordError::Field {
        line,
        column: column.name(),
        value: snippet(value),
        problem,
    }
}

fn number<T: FromStr>(s: &str) -> Option<T> {
    if s.is_empty() || s.len() > 20 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

impl ArchiveGame {
    /// A game from its 29 fields, checked: `id` and `plycount` are numbers, `result` is
    /// `w` or `b`, `termination` a known code, the ratings numbers or empty, and no
    /// field holds a tab or line break.
    ///
    /// # Errors
    /// [`RecordError`] naming the column.
    pub fn from_columns(columns: Vec<String>) -> Result<ArchiveGame, RecordError> {
        ArchiveGame::read(columns, 0)
    }

    fn read(columns: Vec<String>, line: usize) -> Result<ArchiveGame, RecordError> {
        if columns.len() != ARCHIVE_COLUMNS.len() {
            return Err(RecordError::FieldCount {
                line,
                found: columns.len(),
            });
        }
        for (i, c) in columns.iter().enumerate() {
            if c.contains(['\t', '\n', '\r']) {
                return Err(field_error(
                    line,
                    Column::ALL[i],
                    c,
                    "a field may not hold a tab or line break",
                ));
            }
        }
        let get = |c: Column| columns[c.index()].as_str();
        let id = number(get(Column::Id))
            .ok_or_else(|| field_error(line, Column::Id, get(Column::Id), "expected a number"))?;
        let winner = match get(Column::Result) {
            "w" => Color::Gold,
            "b" => Color::Silver,
            v => return Err(field_error(line, Column::Result, v, "expected w or b")),
        };
        let t = get(Column::Termination);
        let mut chars = t.chars();
        let termination = match (chars.next().and_then(Termination::from_char), chars.next()) {
            (Some(t), None) => t,
            _ => {
                return Err(field_error(
                    line,
                    Column::Termination,
                    t,
                    "expected one of g m e t r i s f a p n",
                ))
            }
        };
        let plycount = number(get(Column::PlyCount)).ok_or_else(|| {
            field_error(
                line,
                Column::PlyCount,
                get(Column::PlyCount),
                "expected a number",
            )
        })?;
        for c in [
            Column::WPlayerId,
            Column::BPlayerId,
            Column::WRating,
            Column::BRating,
            Column::WRatingK,
            Column::BRatingK,
        ] {
            let v = get(c);
            if !v.is_empty() && number::<u64>(v).is_none() {
                return Err(field_error(line, c, v, "expected a number or nothing"));
            }
        }
        let game = ArchiveGame {
            columns,
            id,
            winner,
            termination,
            plycount,
        };
        if game.movelist().len() > MAX_TURNS {
            return Err(RecordError::TooManyTurns { line });
        }
        Ok(game)
    }

    /// The field of `column` as written.
    pub fn column(&self, column: Column) -> &str {
        self.columns
            .get(column.index())
            .map(String::as_str)
            .unwrap_or("")
    }

    /// The 29 fields as written.
    pub fn columns(&self) -> &[String] {
        &self.columns
    }

    /// The game number.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The player of `color` (Gold is the archive's `w`, Silver its `b`).
    pub fn player(&self, color: Color) -> Player<'_> {
        let (id, name, title, country, rating, k, kind) = match color {
            Color::Gold => (
                Column::WPlayerId,
                Column::WUsername,
                Column::WTitle,
                Column::WCountry,
                Column::WRating,
                Column::WRatingK,
                Column::WType,
            ),
            Color::Silver => (
                Column::BPlayerId,
                Column::BUsername,
                Column::BTitle,
                Column::BCountry,
                Column::BRating,
                Column::BRatingK,
                Column::BType,
            ),
        };
        Player {
            id: number(self.column(id)),
            username: self.column(name),
            title: self.column(title),
            country: self.column(country),
            rating: number(self.column(rating)),
            rating_k: number(self.column(k)),
            kind: match self.column(kind) {
                "h" => PlayerKind::Human,
                "b" => PlayerKind::Bot,
                _ => PlayerKind::Unknown,
            },
        }
    }

    /// Both players.
    pub fn players(&self) -> ByColor<Player<'_>> {
        ByColor {
            gold: self.player(Color::Gold),
            silver: self.player(Color::Silver),
        }
    }

    /// The winner (the `result` column: `w` Gold, `b` Silver).
    pub fn winner(&self) -> Color {
        self.winner
    }

    /// How the game ended.
    pub fn termination(&self) -> Termination {
        self.termination
    }

    /// The `plycount` column as the archive writes it. Despite its name it is **not a
    /// count of plies** (turns): it is the move number of the last turn played, a
    /// resignation counting as a turn. A game whose move list ends `37w ..`, `37b` (the
    /// bare tag of the side that did not get to move) has 37, and so does one ending
    /// `37b ..`, `38w` (not 38, unless the termination is `r`: Gold resigned at `38w`).
    /// Such a game has about 74 turns, setups included.
    ///
    /// To count or walk the movement turns themselves, replay the game:
    /// [`Replay::moves`] gives each one with its label and the positions around it.
    pub fn plycount(&self) -> u32 {
        self.plycount
    }

    /// The entries of the move list as written (the final one is the bare tag such as
    /// `37b`).
    pub fn movelist(&self) -> Vec<&str> {
        let list = self.column(Column::MoveList);
        if list.is_empty() {
            return Vec::new();
        }
        list.split("\\n").collect()
    }

    /// The turns of the move list, read.
    ///
    /// # Errors
    /// The index of the first entry that is not well-formed, and why.
    pub fn turns(&self) -> Result<Vec<TurnText>, (usize, ParseTurnError)> {
        self.movelist()
            .into_iter()
            .enumerate()
            .map(|(i, t)| t.parse().map_err(|e| (i, e)))
            .collect()
    }

    /// The server's event log.
    pub fn events(&self) -> Vec<Event<'_>> {
        self.column(Column::Events)
            .split("\\n")
            .filter(|e| !e.is_empty())
            .map(Event::parse)
            .collect()
    }

    /// The moves the server refused, from the event log, each with the label of the
    /// turn it was sent for.
    pub fn rejected_moves(&self) -> Vec<RejectedMove> {
        let mut last_label = None;
        let mut out = Vec::new();
        for e in self.events() {
            if let Some((label, _)) = e.received_move() {
                last_label = label.parse::<TurnLabel>().ok();
            } else if let Some((text, reason)) = e.rejected_move() {
                out.push(RejectedMove {
                    label: last_label,
                    text: text.to_string(),
                    reason: reason.to_string(),
                });
            }
        }
        out
    }

    /// Replays the move list from the standard start.
    pub fn replay(&self) -> Replay {
        let list = self.movelist();
        Replay::run(Game::new(), list.iter().copied())
    }

    /// Whether a replay agrees with the record's end: for a termination `g`, `e` or `m`
    /// the rules must have ended the game with the recorded winner and that reason.
    /// Other terminations (time, resignation, ...) are facts of the record that the
    /// position cannot confirm, and always agree.
    ///
    /// # Errors
    /// [`EndMismatch`] saying what the rules gave instead.
    pub fn check_end(&self, replay: &Replay) -> Result<(), EndMismatch> {
        let Some(reason) = self.termination.reason() else {
            return Ok(());
        };
        let expected = Outcome {
            winner: self.winner,
            reason,
        };
        match replay.outcome() {
            Some(o) if o == expected => Ok(()),
            found => Err(EndMismatch { expected, found }),
        }
    }
}

/// A replay whose result by the rules differs from the archive's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the record says {expected}, the rules give {}", .found.map(|o| o.to_string()).unwrap_or_else(|| "no result".to_string()))]
pub struct EndMismatch {
    /// The winner and reason the record gives.
    pub expected: Outcome,
    /// What the rules gave after the last turn.
    pub found: Option<Outcome>,
}

/// An archive file: the header and the games, in order.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Archive {
    /// The games, one per row.
    pub games: Vec<ArchiveGame>,
}

/// Whether `text` looks like an archive file (it starts with the `id<TAB>` header).
pub fn is_archive(text: &str) -> bool {
    text.starts_with("id\t")
}

fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
}

impl FromStr for Archive {
    type Err = RecordError;
    /// Reads an archive file: the header, then one game per line (blank lines are
    /// skipped; a final newline is optional).
    fn from_str(text: &str) -> Result<Archive, RecordError> {
        if text.len() > MAX_RECORD_LEN {
            return Err(RecordError::TooLong(text.len()));
        }
        let mut rows = lines(text);
        let header = rows.next().map(|(_, l)| l).unwrap_or("");
        if header.len() > MAX_LINE_LEN {
            return Err(RecordError::Header("too long".into()));
        }
        let names: Vec<&str> = header.split('\t').collect();
        if names != ARCHIVE_COLUMNS {
            return Err(RecordError::Header(format!(
                "expected the 29 columns id, wplayerid, ..., movelist, events; found {} starting {:?}",
                names.len(),
                snippet(header)
            )));
        }
        let mut games = Vec::new();
        for (line, row) in rows {
            if row.is_empty() {
                continue;
            }
            if row.len() > MAX_LINE_LEN {
                return Err(RecordError::LineTooLong {
                    line,
                    len: row.len(),
                });
            }
            let columns: Vec<String> = row.split('\t').map(str::to_string).collect();
            games.push(ArchiveGame::read(columns, line)?);
        }
        Ok(Archive { games })
    }
}

impl fmt::Display for Archive {
    /// The header and one line per game, each ending in a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", ARCHIVE_COLUMNS.join("\t"))?;
        for g in &self.games {
            writeln!(f, "{}", g.columns.join("\t"))?;
        }
        Ok(())
    }
}

/// Joins turns into an archive `movelist` field (separated by the two characters
/// `\n`).
pub fn movelist_field(turns: &[TurnText]) -> String {
    turns
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\\n")
}

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
    }
}

/// Why a record's turn could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The turn is not well-formed notation.
    #[error("{0}")]
    Syntax(#[from] ParseTurnError),
    /// The label is not the one the game is at.
    #[error("label {found}, but the game is at {expected}")]
    Label {
        /// The label written.
        found: TurnLabel,
        /// The label of the turn due.
        expected: TurnLabel,
    },
    /// The movement turn breaks a rule.
    #[error("{0}")]
    Illegal(#[from] IllegalTurn),
    /// The setup tokens name pieces of the wrong side.
    #[error("{0}")]
    SetupTokens(#[from] IllegalSetup),
    /// The game refused the turn (a setup breaking the rules, a setup when a movement
    /// turn is due or the reverse, nothing to take back).
    #[error("{0}")]
    Game(GameError),
    /// The rules had already ended the game.
    #[error("the game was already over by the rules ({0})")]
    GameOver(Outcome),
    /// A turn follows the final tag, or the game was resigned.
    #[error("the record goes on after its end")]
    AfterEnd,
    /// The crate writes the turn differently from the record.
    #[error("written back as {written:?}, the record has {record:?}")]
    WrittenBack {
        /// The record's step and capture tokens.
        record: String,
        /// What the crate writes for the move.
        written: String,
    },
    /// More turns than the readers accept.
    #[error("more than {MAX_TURNS} turns")]
    TooManyTurns,
}

/// The first turn of a record that could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("turn {}{}: {error}", .label.map(|l| l.to_string()).unwrap_or_else(|| format!("#{}", .index + 1)), if .text.is_empty() { String::new() } else { format!(" ({})", .text) })]
pub struct ReplayFailure {
    /// The entry's position in the record's turns, from 0.
    pub index: usize,
    /// The entry's label, when it has one.
    pub label: Option<TurnLabel>,
    /// The entry's tokens as written (label excluded; cut to 200 characters).
    pub text: String,
    /// Why it failed.
    pub error: ReplayError,
}

/// How a record stopped other than by the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecordStop {
    /// The final bare tag (`37b`).
    Tag(TurnLabel),
    /// A `resign`/`resigns` by this side.
    Resigned(Color),
}

/// A record played into a [`Game`]: the game, the position before every movement turn
/// and after the last one, and either the end reached or the first failing turn.
///
/// Each turn is checked: the label (when written) must be the turn due, a setup must
/// obey the game's setup rules, a movement turn must resolve (see
/// [`resolve_move_in_game`]) and be written back by the crate exactly as the record has
/// it, and no turn may come after the rules ended the game. A bare tag (`37b`) ends
/// the record; `takeback` undoes the previous turn; `resign` ends the record.
#[derive(Debug, Clone)]
pub struct Replay {
    game: Game,
    positions: Vec<Position>,
    /// The movement turns played, each with its label; `positions[i]` is the position
    /// before `moves[i]` and `positions[i + 1]` the one after.
    moves: Vec<(TurnLabel, Move)>,
    letters: SideLetters,
    /// The ordinal of the game's first turn when the record writes no labels.
    default_base: i64,
    entries: usize,
    label_base: Option<i64>,
    stop: Option<RecordStop>,
    failure: Option<ReplayFailure>,
}

/// One movement turn of a [`Replay`]: its label, the position it was played from, the
/// move, and the position it led to. Given by [`Replay::moves`].
#[derive(Debug, Clone, Copy)]
pub struct ReplayedMove<'a> {
    /// The turn's label (`2g`, `37b`): as written in the record, or counted from the
    /// start when the record writes none.
    pub label: TurnLabel,
    /// The position before the move (the move is legal here).
    pub before: &'a Position,
    /// The move played.
    pub mv: Move,
    /// The position after the move: the other side to move, the turn's captures done.
    pub after: &'a Position,
}

/// The iterator of [`Replay::moves`]: the movement turns in order.
#[derive(Debug, Clone)]
pub struct ReplayMoves<'a> {
    moves: core::slice::Iter<'a, (TurnLabel, Move)>,
    positions: &'a [Position],
    index: usize,
}

impl<'a> Iterator for ReplayMoves<'a> {
    type Item = ReplayedMove<'a>;

    fn next(&mut self) -> Option<ReplayedMove<'a>> {
        let (label, mv) = self.moves.next()?;
        let i = self.index;
        self.index += 1;
        Some(ReplayedMove {
            label: *label,
            before: self.positions.get(i)?,
            mv: *mv,
            after: self.positions.get(i + 1)?,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.moves.size_hint()
    }
}

impl ExactSizeIterator for ReplayMoves<'_> {}

fn side_to_play(game: &Game) -> Color {
    match game.phase() {
        Phase::Setup(c) => c,
        _ => game.position().side_to_move(),
    }
}

impl Replay {
    /// A replay starting from `game` (a new game awaiting setups, a game of a variant,
    /// or a game from a position).
    pub fn new(game: Game) -> Replay {
        let positions = if matches!(game.phase(), Phase::Setup(_)) {
            Vec::new()
        } else {
            vec![game.position().clone()]
        };
        let mut start = game.clone();
        while start.undo().is_ok() {}
        let default_base = match game.history().first() {
            Some(Turn::Setup(_)) => 0,
            _ if matches!(start.phase(), Phase::Setup(_)) => 0,
            _ => 2 + start.position().side_to_move().index() as i64,
        };
        Replay {
            game,
            positions,
            moves: Vec::new(),
            letters: SideLetters::GoldSilver,
            default_base,
            entries: 0,
            label_base: None,
            stop: None,
            failure: None,
        }
    }

    /// Replays turns given as text into `game`, stopping at the first failure.
    pub fn run<'a>(game: Game, turns: impl IntoIterator<Item = &'a str>) -> Replay {
        let mut r = Replay::new(game);
        for t in turns {
            if !r.push_text(t) {
                break;
            }
        }
        r
    }

    /// Replays read turns into a standard game from its setups.
    pub fn standard<'a>(turns: impl IntoIterator<Item = &'a TurnText>) -> Replay {
        let mut r = Replay::new(Game::new());
        for t in turns {
            if !r.push(t) {
                break;
            }
        }
        r
    }

    /// Reads and plays the next turn. Returns whether the replay can go on (false once
    /// a turn has failed).
    pub fn push_text(&mut self, text: &str) -> bool {
        match text.parse::<TurnText>() {
            Ok(turn) => self.push(&turn),
            Err(error) => {
                let text = text.chars().take(200).collect();
                self.fail(None, text, error.into());
                false
            }
        }
    }

    /// Plays the next turn. Returns whether the replay can go on (false once a turn has
    /// failed).
    pub fn push(&mut self, turn: &TurnText) -> bool {
        if self.failure.is_some() {
            return false;
        }
        if let Err(error) = self.play(turn) {
            let text = turn.body.to_string().chars().take(200).collect();
            self.fail(turn.label, text, error);
            return false;
        }
        self.entries += 1;
        true
    }

    fn fail(&mut self, label: Option<TurnLabel>, text: String, error: ReplayError) {
        if self.failure.is_none() {
            self.failure = Some(ReplayFailure {
                index: self.entries,
                label,
                text,
                error,
            });
        }
    }

    fn check_label(&mut self, label: TurnLabel) -> Result<(), ReplayError> {
        let done = i64::try_from(self.game.history().len()).unwrap_or(i64::MAX);
        let ordinal = i64::try_from(label.ordinal()).unwrap_or(i64::MAX);
        let base = *self.label_base.get_or_insert(ordinal.saturating_sub(done));
        let due = base.saturating_add(done);
        let side = side_to_play(&self.game);
        if ordinal != due || label.side != side {
            let expected = TurnLabel::from_ordinal(u64::try_from(due).unwrap_or(0), label.letters);
            // Keep the side actually to move in the message even if the count is off.
            let expected = TurnLabel { side, ..expected };
            return Err(ReplayError::Label {
                found: label,
                expected,
            });
        }
        Ok(())
    }

    /// The label of the turn the game is at, for a record that does not write labels:
    /// counted as [`game_turns`] does (`1g` for the first setup; a game without setups
    /// starts at `2g`, or `2s` when Silver moves first), or from the first label
    /// written.
    fn label_due(&self) -> TurnLabel {
        let done = i64::try_from(self.game.history().len()).unwrap_or(i64::MAX);
        let base = self.label_base.unwrap_or(self.default_base);
        let ordinal = u64::try_from(base.saturating_add(done)).unwrap_or(0);
        let label = TurnLabel::from_ordinal(ordinal, self.letters);
        // The side actually to move, should the count disagree.
        TurnLabel {
            side: side_to_play(&self.game),
            ..label
        }
    }

    fn play(&mut self, turn: &TurnText) -> Result<(), ReplayError> {
        if self.entries >= MAX_TURNS {
            return Err(ReplayError::TooManyTurns);
        }
        if self.stop.is_some() {
            return Err(ReplayError::AfterEnd);
        }
        if let Some(label) = turn.label {
            self.check_label(label)?;
            self.letters = label.letters;
        }
        match &turn.body {
            TurnBody::Empty => {
                let side = side_to_play(&self.game);
                let label = turn.label.unwrap_or_else(|| TurnLabel::new(0, side));
                self.stop = Some(RecordStop::Tag(label));
                Ok(())
            }
            TurnBody::Setup(tokens) => {
                if let Phase::Over(o) = self.game.phase() {
                    return Err(ReplayError::GameOver(o));
                }
                let side = side_to_play(&self.game);
                let setup = resolve_setup(side, tokens)?;
                self.game.play_setup(&setup).map_err(ReplayError::Game)?;
                if !matches!(self.game.phase(), Phase::Setup(_)) {
                    self.positions.push(self.game.position().clone());
                }
                Ok(())
            }
            TurnBody::Move(tokens) => {
                match self.game.phase() {
                    Phase::Over(o) => return Err(ReplayError::GameOver(o)),
                    Phase::Play => {}
                    Phase::Setup(_) => {
                        return Err(ReplayError::Game(GameError::WrongPhase {
                            expected: "a setup",
                            got: "a movement turn",
                        }))
                    }
                    Phase::AwaitingRoll => return Err(ReplayError::Game(GameError::RollNeeded)),
                }
                let mv = resolve_move_in_game(&self.game, tokens)?;
                let label = turn.label.unwrap_or_else(|| self.label_due());
                let written = move_to_tokens(self.game.position(), &mv)
                    .map(|t| {
                        t.iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .map_err(|e| ReplayError::Game(GameError::Move(e)))?;
                let record = turn.move_tokens_text();
                if written != record {
                    return Err(ReplayError::WrittenBack { record, written });
                }
                self.game.play(&mv).map_err(|e| match e {
                    GameError::ThirdRepetition => {
                        ReplayError::Illegal(IllegalTurn::ThirdRepetition)
                    }
                    e => ReplayError::Game(e),
                })?;
                self.moves.push((label, mv));
                self.positions.push(self.game.position().clone());
                Ok(())
            }
            TurnBody::Resign(_) => {
                if let Phase::Over(o) = self.game.phase() {
                    return Err(ReplayError::GameOver(o));
                }
                self.stop = Some(RecordStop::Resigned(side_to_play(&self.game)));
                Ok(())
            }
            TurnBody::Takeback => {
                let was_move = matches!(self.game.history().last(), Some(Turn::Move { .. }));
                let had_play = !matches!(self.game.phase(), Phase::Setup(_));
                self.game.undo().map_err(ReplayError::Game)?;
                if was_move {
                    self.moves.pop();
                }
                if was_move || (had_play && matches!(self.game.phase(), Phase::Setup(_))) {
                    self.positions.pop();
                }
                Ok(())
            }
        }
    }

    /// The game as replayed so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position before every movement turn played and after the last one (empty
    /// while the setups are not complete).
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The movement turns replayed, in order, each with the position it was played
    /// from and the position it led to: no pairing of [`Replay::positions`] with the
    /// game's history needed. Setups, tags, resignations and taken-back turns do not
    /// appear. There is one item per movement turn, so `moves().len()` is the number of
    /// movement turns (unlike the archive's [`ArchiveGame::plycount`]).
    ///
    /// ```
    /// use arimaa::notation::{official, record::Replay};
    /// use arimaa::Game;
    ///
    /// let replay = Replay::run(
    ///     Game::new(),
    ///     [
    ///         "1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2",
    ///         "1s ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7",
    ///         "2g Ee2n Ee3n Ee4n Ee5n",
    ///         "2s ed7s ed6s ed5s ed4s",
    ///     ],
    /// );
    /// assert!(replay.failure().is_none());
    /// let mut written = Vec::new();
    /// for m in replay.moves() {
    ///     // `m.before` is the position the move is legal in: write it from there.
    ///     let text = official::write_move(m.before, &m.mv)?;
    ///     assert_eq!(m.before.side_to_move(), m.label.side);
    ///     assert_ne!(m.before.board(), m.after.board());
    ///     written.push(format!("{} {text}", m.label));
    /// }
    /// assert_eq!(written, ["2g Ee2n Ee3n Ee4n Ee5n", "2s ed7s ed6s ed5s ed4s"]);
    /// assert_eq!(replay.moves().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves(&self) -> ReplayMoves<'_> {
        ReplayMoves {
            moves: self.moves.iter(),
            positions: &self.positions,
            index: 0,
        }
    }

    /// The result by the rules after the last turn replayed.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The first failing turn, if any.
    pub fn failure(&self) -> Option<&ReplayFailure> {
        self.failure.as_ref()
    }

    /// How the record stopped other than by the rules (final tag or resignation).
    pub fn stop(&self) -> Option<RecordStop> {
        self.stop
    }

    /// The number of entries replayed successfully.
    pub fn turns_read(&self) -> usize {
        self.entries
    }
}

/// The turns of a game's history in official notation, labelled from `1g` (a game
/// without setup turns, such as Endless Endgame or one from a position, starts at
/// `2g`, or `2s` when Silver moves first), with capture tokens where the rules caused
/// them. Reading them back with [`Replay`] from the same start gives the same game.
///
/// # Errors
/// A [`GameError`] if the history cannot be played again from the game's start (which
/// would be a bug).
pub fn game_turns(game: &Game, letters: SideLetters) -> Result<Vec<TurnText>, GameError> {
    let mut start = game.clone();
    while start.undo().is_ok() {}
    let base: u64 = match game.history().first() {
        Some(Turn::Setup(_)) | None => 0,
        Some(Turn::Move { .. }) => 2 + start.position().side_to_move().index() as u64,
    };
    let mut g = start;
    let mut out = Vec::with_capacity(game.history().len());
    for (i, turn) in game.history().iter().enumerate() {
        let label = Some(TurnLabel::from_ordinal(base + i as u64, letters));
        match turn {
            Turn::Setup(setup) => {
                out.push(TurnText {
                    label,
                    body: TurnBody::Setup(setup_to_tokens(setup)),
                });
                g.play_setup(setup)?;
            }
            Turn::Move { mv, cap } => {
                if g.phase() == Phase::AwaitingRoll {
                    g.set_roll(*cap)?;
                }
                let tokens = move_to_tokens(g.position(), mv)?;
                out.push(TurnText {
                    label,
                    body: TurnBody::Move(tokens),
                });
                g.play(mv)?;
            }
        }
    }
    Ok(out)
}

/// [`game_turns`] followed by the bare tag of the side to move, as the archive ends its
/// move lists (`37b`), or by `resign` for `resigned`.
///
/// # Errors
/// As [`game_turns`].
pub fn game_record(
    game: &Game,
    letters: SideLetters,
    resigned: bool,
) -> Result<Vec<TurnText>, GameError> {
    let mut turns = game_turns(game, letters)?;
    let next = match turns.last().and_then(|t| t.label) {
        Some(l) => l.ordinal() + 1,
        None => 0,
    };
    turns.push(TurnText {
        label: Some(TurnLabel::from_ordinal(next, letters)),
        body: if resigned {
            TurnBody::Resign(ResignWord::Resign)
        } else {
            TurnBody::Empty
        },
    });
    Ok(turns)
}
