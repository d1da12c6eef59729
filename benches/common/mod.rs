//! The positions the benchmarks measure: the opening and the 32-position "clueless"
//! benchmark (`tests/data/clueless-benchmark.txt`, 2,987,987 distinct moves in all).

#![allow(dead_code)]

use arimaa::Position;

/// The standard 99of9-like opening used throughout (Gold to move).
pub const OPENING: &str = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]";

/// Distinct full-turn moves of [`OPENING`].
pub const OPENING_MOVES: usize = 3_353;

/// Distinct full-turn moves over the 32 benchmark positions.
pub const BENCHMARK_MOVES: usize = 2_987_987;

const BENCHMARK: &str = include_str!("../../tests/data/clueless-benchmark.txt");

pub fn opening() -> Position {
    OPENING.parse().expect("the opening is valid")
}

/// The 32 benchmark positions with their published distinct-move counts. The file has a
/// header `### N side=g count=C`, then the board `[...]` on the next line.
pub fn benchmark() -> Vec<(Position, usize)> {
    let mut out = Vec::new();
    let mut header: Option<(char, usize)> = None;
    for line in BENCHMARK.lines() {
        if let Some(rest) = line.strip_prefix("### ") {
            let field = |name: &str| {
                rest.split_whitespace()
                    .find_map(|w| w.strip_prefix(name).map(str::to_owned))
            };
            let side = field("side=").and_then(|s| s.chars().next());
            let count = field("count=").and_then(|c| c.parse().ok());
            header = side.zip(count);
        } else if line.starts_with('[') {
            if let Some((side, count)) = header.take() {
                let pos = format!("{side} {line}")
                    .parse()
                    .expect("benchmark positions are valid");
                out.push((pos, count));
            }
        }
    }
    assert_eq!(out.len(), 32, "the benchmark file holds 32 positions");
    assert_eq!(out.iter().map(|(_, n)| n).sum::<usize>(), BENCHMARK_MOVES);
    out
}

/// The opening followed by the 32 benchmark positions.
pub fn all_positions() -> Vec<Position> {
    let mut out = vec![opening()];
    out.extend(benchmark().into_iter().map(|(p, _)| p));
    out
}
