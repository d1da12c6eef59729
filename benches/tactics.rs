//! Tactics query benchmarks: goal queries ([`arimaa::Position::goal_move`]) and capture
//! queries ([`arimaa::Position::capture_moves`]) per second, at the start of a four-step
//! turn.
//!
//! - `archive`: the 10,891 positions before every movement turn of the two archive files
//!   (`tests/data/allgames202602.tsv`, `tests/data/allgames201111-sample.tsv`);
//! - `endgames`: the 483 valid labelled endgame positions
//!   (`tests/data/endgame-positions.txt`), goal-heavy.
//!
//! Elements are queries (positions). Each benchmark asserts a checksum of the answers it
//! times: for goals the sum over positions of (fewest steps + 1, or 0 for no goal), for
//! captures the sum of the fewest steps over every capturable piece. `tests/tactics_rules.rs`
//! checks the answers themselves against the full-turn enumeration.
//!
//! ```text
//! cargo bench --bench tactics
//! ```
//!
//! For instruction counts (load-independent), `TACTICS_ONE_PASS=<archive|endgames>-<goal|captures>`
//! runs that query once over those positions instead of the benchmarks, for callgrind:
//!
//! ```text
//! cargo bench --bench tactics --no-run     # prints the executable's path
//! TACTICS_ONE_PASS=archive-goal valgrind --tool=callgrind target/release/deps/tactics-<hash>
//! callgrind_annotate --inclusive=yes callgrind.out.<pid> | grep goal_move   # / 10,891 queries
//! ```

#[path = "../tests/support/tactics.rs"]
mod tactics_support;

use arimaa::Position;
use criterion::{black_box, criterion_group, Criterion, Throughput};

fn goal_sum(positions: &[Position]) -> usize {
    positions
        .iter()
        .map(|p| p.goal_move().map_or(0, |m| m.len() + 1))
        .sum()
}

fn capture_sum(positions: &[Position]) -> usize {
    positions
        .iter()
        .map(|p| {
            p.capture_moves()
                .iter()
                .map(|(_, m)| m.len())
                .sum::<usize>()
        })
        .sum()
}

/// Checksums of the answers (see the module docs).
const ARCHIVE_GOALS: usize = 575;
const ARCHIVE_CAPTURES: usize = 12_735;
const ENDGAME_GOALS: usize = 1_466;
const ENDGAME_CAPTURES: usize = 1_303;

fn group(c: &mut Criterion, name: &str, positions: &[Position], sums: (usize, usize)) {
    assert_eq!(goal_sum(positions), sums.0, "{name} goal checksum");
    assert_eq!(capture_sum(positions), sums.1, "{name} capture checksum");
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("goal", |b| {
        b.iter(|| assert_eq!(goal_sum(black_box(positions)), sums.0))
    });
    g.bench_function("captures", |b| {
        b.iter(|| assert_eq!(capture_sum(black_box(positions)), sums.1))
    });
    g.finish();
}

fn tactics(c: &mut Criterion) {
    let archive = tactics_support::archive_positions();
    group(c, "archive", &archive, (ARCHIVE_GOALS, ARCHIVE_CAPTURES));
    let endgames: Vec<Position> = tactics_support::endgame_positions()
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    group(c, "endgames", &endgames, (ENDGAME_GOALS, ENDGAME_CAPTURES));
}

/// One pass of one query over one set of positions (see the module docs); `false` for
/// an unknown name.
fn one_pass(name: &str) -> bool {
    let positions: Vec<Position> = match name.split_once('-') {
        Some(("archive", _)) => tactics_support::archive_positions(),
        Some(("endgames", _)) => tactics_support::endgame_positions()
            .into_iter()
            .map(|(p, _)| p)
            .collect(),
        _ => return false,
    };
    let sum = match name.split_once('-') {
        Some((_, "goal")) => goal_sum(black_box(&positions)),
        Some((_, "captures")) => capture_sum(black_box(&positions)),
        _ => return false,
    };
    println!("{name}: {} positions, checksum {sum}", positions.len());
    true
}

criterion_group!(benches, tactics);

fn main() {
    if let Ok(name) = std::env::var("TACTICS_ONE_PASS") {
        if !one_pass(&name) {
            eprintln!("TACTICS_ONE_PASS: expected archive-goal, archive-captures, endgames-goal or endgames-captures");
            std::process::exit(2);
        }
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
