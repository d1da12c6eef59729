//! Move generation benchmarks. Every benchmark asserts the count it measures, and reports
//! its throughput in those elements (positions, nodes, moves, hashes, move strings).
//!
//! - `steps`: all legal single steps (steps, pushes, pulls) of the opening and the 32
//!   benchmark positions; elements are positions.
//! - `step_walk`: every step sequence of a whole turn (4 steps) from the opening, and of
//!   3 steps from each benchmark position, made and taken back; elements are steps
//!   made (tree nodes).
//! - `turns`: distinct full-turn moves ([`arimaa::TurnGenerator::count`]) of the
//!   opening and of the 32 benchmark positions; elements are moves.
//! - `hashing`: the Zobrist hash of every distinct full-turn result of the benchmark
//!   ([`arimaa::TurnGenerator::for_each_hash`]), and hashing boards from scratch.
//! - `legality`: reading a move in official notation against its position and checking
//!   it by playing it (`notation::official::parse_move` then [`arimaa::Position::after`]).
//!
//! ```text
//! cargo bench --bench movegen
//! ```

mod common;

use std::ops::ControlFlow;

use arimaa::notation::official::{parse_move, write_move};
use arimaa::{Position, TurnGenerator};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

/// Legal single steps of the opening and the 32 benchmark positions, summed.
const STEPS: usize = 903;
/// Steps made by a 4-step walk from the opening.
const WALK_OPENING: u64 = 23_886;
/// Steps made by 3-step walks from the 32 benchmark positions.
const WALK_BENCHMARK: u64 = 1_423_555;

fn count_steps(positions: &[Position]) -> usize {
    positions.iter().map(|p| p.legal_steps().len()).sum()
}

/// Makes every step sequence of up to `depth` steps (copying the position to take a
/// step back); returns the number of steps made.
fn walk(pos: &Position, depth: u32) -> u64 {
    let mut n = 0;
    for &step in pos.legal_steps().iter() {
        let mut child = pos.clone();
        child.play_step_unchecked(step);
        n += 1;
        if depth > 1 {
            n += walk(&child, depth - 1);
        }
    }
    n
}

fn steps(c: &mut Criterion) {
    let positions = common::all_positions();
    assert_eq!(count_steps(&positions), STEPS);
    let mut g = c.benchmark_group("steps");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("legal_steps/33_positions", |b| {
        b.iter(|| assert_eq!(count_steps(black_box(&positions)), STEPS))
    });
    g.finish();
}

fn step_walk(c: &mut Criterion) {
    let opening = common::opening();
    let bench: Vec<Position> = common::benchmark().into_iter().map(|(p, _)| p).collect();
    let mut g = c.benchmark_group("step_walk");
    g.sample_size(20);
    assert_eq!(walk(&opening, 4), WALK_OPENING);
    g.throughput(Throughput::Elements(WALK_OPENING));
    g.bench_function("opening/4_steps", |b| {
        b.iter(|| assert_eq!(walk(black_box(&opening), 4), WALK_OPENING))
    });
    let total = |ps: &[Position]| ps.iter().map(|p| walk(p, 3)).sum::<u64>();
    assert_eq!(total(&bench), WALK_BENCHMARK);
    g.throughput(Throughput::Elements(WALK_BENCHMARK));
    g.bench_function("benchmark32/3_steps", |b| {
        b.iter(|| assert_eq!(total(black_box(&bench)), WALK_BENCHMARK))
    });
    g.finish();
}

fn turns(c: &mut Criterion) {
    let opening = common::opening();
    let bench = common::benchmark();
    let mut gen = TurnGenerator::new();
    let mut g = c.benchmark_group("turns");
    g.throughput(Throughput::Elements(common::OPENING_MOVES as u64));
    g.bench_function("count/opening", |b| {
        b.iter(|| assert_eq!(gen.count(black_box(&opening)), common::OPENING_MOVES))
    });
    g.sample_size(20);
    g.throughput(Throughput::Elements(common::BENCHMARK_MOVES as u64));
    g.bench_function("count/benchmark32", |b| {
        b.iter(|| {
            let mut total = 0;
            for (pos, want) in &bench {
                let n = gen.count(black_box(pos));
                assert_eq!(n, *want);
                total += n;
            }
            total
        })
    });
    g.bench_function("position_count_moves/benchmark32", |b| {
        b.iter(|| {
            let total: usize = bench.iter().map(|(p, _)| black_box(p).count_moves()).sum();
            assert_eq!(total, common::BENCHMARK_MOVES);
        })
    });
    g.bench_function("for_each_board/benchmark32", |b| {
        b.iter(|| {
            let mut total = 0usize;
            for (pos, _) in &bench {
                let _: ControlFlow<()> = gen.for_each_board(black_box(pos), |board, _| {
                    black_box(board);
                    total += 1;
                    ControlFlow::Continue(())
                });
            }
            assert_eq!(total, common::BENCHMARK_MOVES);
        })
    });
    g.bench_function("legal_moves/benchmark32", |b| {
        b.iter(|| {
            let total: usize = bench
                .iter()
                .map(|(p, _)| black_box(p).legal_moves().len())
                .sum();
            assert_eq!(total, common::BENCHMARK_MOVES);
        })
    });
    g.finish();
}

fn hashing(c: &mut Criterion) {
    let bench = common::benchmark();
    let mut gen = TurnGenerator::new();
    // The reported hashes are the hashes of the boards, computed from scratch.
    let (pos, _) = &bench[0];
    let mut fresh = Vec::new();
    let _: ControlFlow<()> = pos.for_each_move(|_, board, hash| {
        fresh.push((hash, board.zobrist()));
        ControlFlow::Continue(())
    });
    assert!(fresh.iter().all(|(a, b)| a == b));
    let mut boards = Vec::new();
    let _: ControlFlow<()> = gen.for_each_board(pos, |board, _| {
        boards.push(*board);
        ControlFlow::Continue(())
    });

    let mut g = c.benchmark_group("hashing");
    g.sample_size(20);
    g.throughput(Throughput::Elements(common::BENCHMARK_MOVES as u64));
    g.bench_function("for_each_hash/benchmark32", |b| {
        b.iter(|| {
            let mut n = 0usize;
            let mut fold = 0u64;
            for (pos, _) in &bench {
                let _: ControlFlow<()> = gen.for_each_hash(black_box(pos), |h| {
                    n += 1;
                    fold ^= h;
                    ControlFlow::Continue(())
                });
            }
            assert_eq!(n, common::BENCHMARK_MOVES);
            fold
        })
    });
    g.throughput(Throughput::Elements(boards.len() as u64));
    g.bench_with_input(
        BenchmarkId::new("board_hash_from_scratch", boards.len()),
        &boards,
        |b, boards| {
            b.iter(|| {
                boards
                    .iter()
                    .fold(0u64, |acc, board| acc ^ black_box(board).zobrist())
            })
        },
    );
    g.finish();
}

fn legality(c: &mut Criterion) {
    // Every 97th distinct move of each benchmark position, written in official notation.
    let mut cases: Vec<(Position, String)> = Vec::new();
    for (pos, _) in common::benchmark() {
        for mv in pos.legal_moves().iter().step_by(97) {
            let text = write_move(&pos, mv).expect("generated moves can be written");
            cases.push((pos.clone(), text));
        }
    }
    let check = |cases: &[(Position, String)]| {
        cases
            .iter()
            .filter(|(pos, text)| {
                parse_move(pos, text)
                    .ok()
                    .is_some_and(|mv| pos.after(&mv).is_ok())
            })
            .count()
    };
    assert_eq!(check(&cases), cases.len());
    let mut g = c.benchmark_group("legality");
    g.throughput(Throughput::Elements(cases.len() as u64));
    g.bench_function("parse_move_and_play", |b| {
        b.iter(|| assert_eq!(check(black_box(&cases)), cases.len()))
    });
    g.finish();
}

criterion_group!(benches, steps, step_walk, turns, hashing, legality);
criterion_main!(benches);
