//! Replaying the 147 games of the February 2026 archive (`tests/data/allgames202602.tsv`):
//! reading every turn, resolving it against the position (piece letters, captures,
//! every rule), writing it back, and playing it into the game with repetition and
//! the result by the rules. Throughput is in movement turns.
//!
//! `replay/allgames202602` is the whole replay into a [`arimaa::Game`];
//! `replay/notation_allgames202602` is the notation alone: each movement turn read,
//! resolved against the position before it and written back.

use arimaa::notation::official::{write_move, TurnBody, TurnText};
use arimaa::notation::record::Archive;
use arimaa::Position;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const FEB_2026: &str = include_str!("../tests/data/allgames202602.tsv");

/// The movement turns of the archive: the check the benchmark asserts.
const TURNS: usize = 10_004;

/// Replays every game; returns the movement turns played.
fn replay_all(archive: &Archive) -> usize {
    let mut turns = 0;
    for g in &archive.games {
        let r = g.replay();
        assert!(r.failure().is_none(), "game {} fails", g.id());
        turns += r.positions().len() - 1;
    }
    turns
}

/// Every movement turn of the archive with the position before it.
fn turns_with_positions(archive: &Archive) -> Vec<(Position, String)> {
    let mut out = Vec::new();
    for g in &archive.games {
        let r = g.replay();
        let moves = g.movelist().into_iter().skip(2);
        for (pos, text) in r.positions().iter().zip(moves) {
            out.push((pos.clone(), text.to_string()));
        }
    }
    out
}

/// Reads, resolves and writes back every turn; returns how many matched the record.
fn notation_only(turns: &[(Position, String)]) -> usize {
    let mut same = 0;
    for (pos, text) in turns {
        let Ok(turn) = text.parse::<TurnText>() else {
            continue;
        };
        let TurnBody::Move(syntax) = &turn.body else {
            continue;
        };
        if let Ok(mv) = syntax.to_move(pos) {
            if write_move(pos, &mv).is_ok_and(|w| w == turn.move_tokens_text()) {
                same += 1;
            }
        }
    }
    same
}

fn bench(c: &mut Criterion) {
    let archive: Archive = FEB_2026.parse().expect("the archive reads");
    assert_eq!(archive.games.len(), 147);
    assert_eq!(replay_all(&archive), TURNS);

    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(TURNS as u64));
    group.sample_size(10);
    group.bench_function("allgames202602", |b| {
        b.iter(|| assert_eq!(replay_all(&archive), TURNS))
    });
    let turns = turns_with_positions(&archive);
    assert_eq!(notation_only(&turns), TURNS);
    group.sample_size(50);
    group.bench_function("notation_allgames202602", |b| {
        b.iter(|| assert_eq!(notation_only(&turns), TURNS))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
