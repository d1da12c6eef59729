//! What the tactics unit tests read: the integration tests' own support for the
//! tactics data (the positions before every movement turn of the two archive files, the
//! labelled endgames) and for random positions, shared rather than written again.

use crate::Position;

#[path = "../../tests/support/tactics.rs"]
mod tactics_support;

#[allow(dead_code)]
#[path = "../../tests/support/random.rs"]
mod random;

pub(super) use random::{random_position, Rng};

/// The position before every movement turn of the two archive files (10,891).
pub(super) fn archive_positions() -> Vec<Position> {
    tactics_support::archive_positions()
}

/// The valid positions of the endgame file (483 of its 485 records), in order.
pub(super) fn endgame_positions() -> Vec<Position> {
    tactics_support::endgame_positions()
        .into_iter()
        .map(|(pos, _)| pos)
        .collect()
}
