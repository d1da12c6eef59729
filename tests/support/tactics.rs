//! The positions the tactics tests and benchmarks use: the positions before every
//! movement turn of the two archive files, and the labelled endgame positions (see
//! `tests/data/README.md`).

#![allow(dead_code)]

use arimaa::notation::record::Archive;
use arimaa::Position;

pub const FEB_2026: &str = include_str!("../data/allgames202602.tsv");
pub const NOV_2011: &str = include_str!("../data/allgames201111-sample.tsv");
pub const ENDGAMES: &str = include_str!("../data/endgame-positions.txt");

/// Positions before every movement turn of the two archive files (10,891).
pub const ARCHIVE_POSITIONS: usize = 10_891;

/// The position before every movement turn of an archive, in order.
pub fn archive_positions_of(text: &str) -> Vec<Position> {
    let archive: Archive = text.parse().expect("the archive reads");
    let mut out = Vec::new();
    for game in &archive.games {
        let replay = game.replay();
        assert!(replay.failure().is_none(), "game {} replays", game.id());
        let positions = replay.positions();
        // The last position is the one after the last turn.
        out.extend_from_slice(&positions[..positions.len().saturating_sub(1)]);
    }
    out
}

/// The 10,891 positions before the movement turns of both archive files.
pub fn archive_positions() -> Vec<Position> {
    let mut out = archive_positions_of(FEB_2026);
    out.extend(archive_positions_of(NOV_2011));
    assert_eq!(out.len(), ARCHIVE_POSITIONS);
    out
}

/// What `endgame-positions.txt` says about a position's goal this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoalLabel {
    /// No goal within four steps.
    No,
    /// A goal within four steps, in some number of steps.
    Yes,
    /// A goal in exactly this many steps at the fewest.
    Steps(usize),
}

/// One record of the endgame file: the diagram and its label.
pub struct Endgame {
    /// The diagram text (first line the side to move).
    pub diagram: String,
    /// The label.
    pub label: GoalLabel,
}

/// The 485 records of the endgame file, in order.
pub fn endgame_records() -> Vec<Endgame> {
    let mut out = Vec::new();
    let mut diagram = String::new();
    let mut label = None;
    for line in ENDGAMES.lines() {
        if let Some(rest) = line.strip_prefix("::: cangoal ") {
            label = Some(match rest.trim() {
                "true" => GoalLabel::Yes,
                "false" => GoalLabel::No,
                n => GoalLabel::Steps(n.parse().expect("a label is true, false or a number")),
            });
        } else if line.trim() == "end" {
            let label = label.take().expect("every record has a label");
            out.push(Endgame {
                diagram: std::mem::take(&mut diagram),
                label,
            });
        } else {
            diagram.push_str(line);
            diagram.push('\n');
        }
    }
    assert_eq!(out.len(), 485);
    out
}

/// The valid endgame positions with their labels (the two invalid ones left out).
pub fn endgame_positions() -> Vec<(Position, GoalLabel)> {
    endgame_records()
        .into_iter()
        .filter_map(|r| {
            Position::from_diagram(&r.diagram)
                .ok()
                .map(|p| (p, r.label))
        })
        .collect()
}
