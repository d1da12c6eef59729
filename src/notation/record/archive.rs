//! The arimaa.com archive TSV: its columns, games, players and event log.

use core::fmt;
use core::str::FromStr;

use super::{lines, RecordError, Replay, MAX_LINE_LEN, MAX_RECORD_LEN, MAX_TURNS};
use crate::notation::official::{ParseOfficialError, TurnLabel, TurnText};
use crate::notation::snippet;
use crate::{ByColor, Color, Game, Outcome, Reason};

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
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The column's name in the header.
    #[must_use]
    pub const fn name(self) -> &'static str {
        ARCHIVE_COLUMNS[self as usize]
    }
}

/// How an archived game ended (the `termination` column). Displayed in words
/// ([`Termination::name`]); [`Termination::char`] gives the archive's code letter.
///
/// The archive may gain codes: the enum is `#[non_exhaustive]`, and a match outside
/// the crate needs a wildcard arm (this one, without it, does not compile):
///
/// ```compile_fail,E0004
/// use arimaa::notation::record::Termination;
/// fn by_the_rules(t: Termination) -> bool {
///     match t {
///         Termination::Goal | Termination::Immobilization | Termination::Elimination => true,
///         Termination::Time | Termination::Resignation | Termination::IllegalMove => false,
///         Termination::Score | Termination::Forfeit | Termination::Abandoned => false,
///         Termination::Repetition | Termination::Draw => false,
///     }
/// }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
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
    /// Every termination, in the order of the archive's documentation.
    pub const ALL: [Termination; 11] = [
        Termination::Goal,
        Termination::Immobilization,
        Termination::Elimination,
        Termination::Time,
        Termination::Resignation,
        Termination::IllegalMove,
        Termination::Score,
        Termination::Forfeit,
        Termination::Abandoned,
        Termination::Repetition,
        Termination::Draw,
    ];

    /// The termination in words (its `Display` form): `goal`, `immobilization`,
    /// `elimination`, `time`, `resignation`, `illegal move`, `score`, `forfeit`,
    /// `abandoned`, `repetition`, `draw`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Goal => "goal",
            Termination::Immobilization => "immobilization",
            Termination::Elimination => "elimination",
            Termination::Time => "time",
            Termination::Resignation => "resignation",
            Termination::IllegalMove => "illegal move",
            Termination::Score => "score",
            Termination::Forfeit => "forfeit",
            Termination::Abandoned => "abandoned",
            Termination::Repetition => "repetition",
            Termination::Draw => "draw",
        }
    }

    /// The code letter of the archive's `termination` column (records write this,
    /// not the `Display` words).
    #[must_use]
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
    #[must_use]
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
    #[must_use]
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
    /// In words, e.g. `resignation` or `illegal move` ([`Termination::name`]);
    /// [`Termination::char`] gives the archive's code letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
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
    #[must_use]
    pub fn received_move(&self) -> Option<(&'a str, &'a str)> {
        let rest = self.text.strip_prefix("move ")?;
        let (label, rest) = rest.split_once(' ')?;
        let start = rest.find('[')?;
        let end = rest.rfind(']')?;
        Some((label, rest.get(start + 1..end)?))
    }

    /// For `gameserver rejected move [cb3n ...]; position repeats ...`: the move text
    /// and the server's reason.
    #[must_use]
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
    #[must_use]
    pub fn columns(&self) -> &[String] {
        &self.columns
    }

    /// The game number.
    #[must_use]
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The player of `color` (Gold is the archive's `w`, Silver its `b`).
    #[must_use]
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
    #[must_use]
    pub fn players(&self) -> ByColor<Player<'_>> {
        ByColor {
            gold: self.player(Color::Gold),
            silver: self.player(Color::Silver),
        }
    }

    /// The winner (the `result` column: `w` Gold, `b` Silver).
    #[must_use]
    pub fn winner(&self) -> Color {
        self.winner
    }

    /// How the game ended.
    #[must_use]
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
    #[must_use]
    pub fn plycount(&self) -> u32 {
        self.plycount
    }

    /// The entries of the move list as written (the final one is the bare tag such as
    /// `37b`).
    #[must_use]
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
    pub fn turns(&self) -> Result<Vec<TurnText>, (usize, ParseOfficialError)> {
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
    #[must_use]
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
    #[must_use]
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
#[must_use]
pub fn is_archive(text: &str) -> bool {
    text.starts_with("id\t")
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
        crate::pad::padded(f, |f| {
            writeln!(f, "{}", ARCHIVE_COLUMNS.join("\t"))?;
            for g in &self.games {
                writeln!(f, "{}", g.columns.join("\t"))?;
            }
            Ok(())
        })
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
