//! What the tactics unit tests read: the positions before every movement turn of the two
//! archive files, the valid labelled endgames, and a seeded generator.

use crate::notation::record::Archive;
use crate::Position;

const FEB_2026: &str = include_str!("../../tests/data/allgames202602.tsv");
const NOV_2011: &str = include_str!("../../tests/data/allgames201111-sample.tsv");
const ENDGAMES: &str = include_str!("../../tests/data/endgame-positions.txt");

/// The position before every movement turn of the two archive files (10,891).
pub(super) fn archive_positions() -> Vec<Position> {
    let mut out = Vec::new();
    for text in [FEB_2026, NOV_2011] {
        let archive: Archive = text.parse().expect("the archive reads");
        for game in &archive.games {
            let replay = game.replay();
            assert!(replay.failure().is_none(), "game {} replays", game.id());
            let positions = replay.positions();
            out.extend_from_slice(&positions[..positions.len().saturating_sub(1)]);
        }
    }
    assert_eq!(out.len(), 10_891);
    out
}

/// The valid positions of the endgame file (483 of its 485 records: its diagrams, between
/// `end` lines).
pub(super) fn endgame_positions() -> Vec<Position> {
    let mut out = Vec::new();
    let mut diagram = String::new();
    for line in ENDGAMES.lines() {
        if line.trim() == "end" {
            out.extend(Position::from_diagram(&diagram).ok());
            diagram.clear();
        } else if !line.starts_with(":::") {
            diagram.push_str(line);
            diagram.push('\n');
        }
    }
    assert_eq!(out.len(), 483);
    out
}

/// A seeded SplitMix64 generator.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    /// A number below `n`.
    pub(super) fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}
