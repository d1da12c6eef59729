//! Lightvector and legacy notation on the real moves of the archive files in
//! `tests/data/` (`allgames202602.tsv` and `allgames201111-sample.tsv`: 10,891 movement
//! turns, each with the position before it).
//!
//! Criterion, on every tenth archive move (1,090 moves; throughput in moves):
//! - `lightvector/write`: the crate's short string for each move;
//! - `lightvector/resolve_written`: resolving those strings;
//! - `lightvector/resolve_explicit`: resolving the explicit form (one
//!   `<letter><start><end>` or `<letter><start>x` token per displaced or captured
//!   piece), as a person drawing arrows would enter it;
//! - `lightvector/parse`: reading the written strings, no position;
//! - `legacy/write_read`: the legacy form written and read back.
//!
//! Every benchmark first checks what it measures (each string resolves to its move's
//! board).
//!
//! ```text
//! cargo bench --bench notation
//! ```
//!
//! Statistics over all 10,891 moves (median, 99th percentile and maximum of writing and
//! of resolving the written string, each the faster of two runs; how often the writer's
//! effort budget ran out; the slowest moves; the indices of the 1 % slowest),
//! `LV_STATS_EVERY=n` for every n-th move, `LV_STATS_ONLY=i,j,...` for the moves of
//! those indices (the tail, for a profiler run):
//!
//! ```text
//! cargo bench --bench notation -- --stats
//! ```

use std::time::{Duration, Instant};

use arimaa::notation::legacy;
use arimaa::notation::lightvector::{self, Lightvector};
use arimaa::notation::official::{self, TurnBody};
use arimaa::notation::record::Archive;
use arimaa::{Board, Move, Position};
use criterion::{criterion_group, Criterion, Throughput};

#[path = "../tests/support/explicit.rs"]
mod explicit;
use explicit::explicit;

/// A move with its position, resulting board and texts.
struct Case {
    pos: Position,
    board: Board,
    mv: Move,
    written: String,
    explicit: String,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for (pos, mv) in archive_moves().into_iter().step_by(10) {
        let board = *pos.after(&mv).expect("legal").board();
        let written = lightvector::write_move(&pos, &mv).expect("legal");
        let back = lightvector::parse_move(&pos, &written).expect("written form resolves");
        assert_eq!(pos.after(&back).expect("legal").board(), &board);
        out.push(Case {
            explicit: explicit(&pos, &mv),
            pos,
            board,
            mv,
            written,
        });
    }
    out
}

fn bench(c: &mut Criterion) {
    let cases = cases();
    let n = cases.len() as u64;
    // Explicit forms that resolve to their move (most do).
    let explicit: Vec<&Case> = cases
        .iter()
        .filter(|k| {
            lightvector::parse_move(&k.pos, &k.explicit)
                .is_ok_and(|m| k.pos.after(&m).is_ok_and(|p| *p.board() == k.board))
        })
        .collect();

    let mut g = c.benchmark_group("lightvector");
    g.sample_size(10);
    g.throughput(Throughput::Elements(n));
    g.bench_function("write", |b| {
        b.iter(|| {
            let mut chars = 0;
            for k in &cases {
                chars += lightvector::write_move(&k.pos, &k.mv).expect("legal").len();
            }
            chars
        })
    });
    g.bench_function("resolve_written", |b| {
        b.iter(|| {
            let mut ok = 0;
            for k in &cases {
                ok += usize::from(lightvector::parse_move(&k.pos, &k.written).is_ok());
            }
            assert_eq!(ok, cases.len());
        })
    });
    g.throughput(Throughput::Elements(explicit.len() as u64));
    g.bench_function("resolve_explicit", |b| {
        b.iter(|| {
            let mut ok = 0;
            for k in &explicit {
                ok += usize::from(lightvector::parse_move(&k.pos, &k.explicit).is_ok());
            }
            assert_eq!(ok, explicit.len());
        })
    });
    g.throughput(Throughput::Elements(n));
    g.sample_size(50);
    g.bench_function("parse", |b| {
        b.iter(|| {
            let mut tokens = 0;
            for k in &cases {
                tokens += k
                    .written
                    .parse::<lightvector::Lightvector>()
                    .expect("reads")
                    .tokens()
                    .len();
            }
            tokens
        })
    });
    g.finish();

    let mut g = c.benchmark_group("legacy");
    g.throughput(Throughput::Elements(n));
    g.bench_function("write_read", |b| {
        b.iter(|| {
            for k in &cases {
                let text = legacy::write_move(&k.pos, &k.mv).expect("legal");
                let back = legacy::parse_move(&k.pos, &text).expect("reads");
                assert_eq!(back, k.mv);
            }
        })
    });
    g.finish();
}

const FEB_2026: &str = include_str!("../tests/data/allgames202602.tsv");
const NOV_2011: &str = include_str!("../tests/data/allgames201111-sample.tsv");

/// Every movement turn of the two archive files with the position before it: 10,891.
fn archive_moves() -> Vec<(Position, Move)> {
    let mut out = Vec::new();
    for text in [FEB_2026, NOV_2011] {
        let archive: Archive = text.parse().expect("the archive reads");
        for g in &archive.games {
            let r = g.replay();
            assert!(r.failure().is_none(), "game {} replays", g.id());
            let turns = g.turns().expect("the move list reads");
            let moves = turns.iter().filter(|t| matches!(t.body, TurnBody::Move(_)));
            for (pos, turn) in r.positions().iter().zip(moves) {
                let mv = official::parse_move(pos, &turn.move_tokens_text()).expect("legal");
                out.push((pos.clone(), mv));
            }
        }
    }
    assert_eq!(out.len(), ARCHIVE_MOVES);
    out
}

/// Movement turns of the two archive files.
const ARCHIVE_MOVES: usize = 10_891;

/// Median, 99th percentile and maximum of `times`, in microseconds.
fn summary(times: &mut [Duration]) -> String {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1e6;
    let mean = times.iter().sum::<Duration>().as_secs_f64() * 1e6 / times.len() as f64;
    format!(
        "mean {mean:.1} us, median {:.1} us, p90 {:.1} us, p99 {:.1} us, max {:.1} us",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    )
}

/// `cargo bench --bench notation -- --stats`: writes every archive move and resolves
/// the written string, each timed once (the faster of two runs), and prints the
/// statistics, the moves whose writing ran out of its effort budget, and any string
/// that does not resolve to its move (none expected).
fn stats() {
    let every: usize = std::env::var("LV_STATS_EVERY")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    // `LV_STATS_ONLY=i,j,...`: only those archive moves (indices as printed by
    // `tail indices`), e.g. the tail for a profiler run.
    let only: Option<Vec<usize>> = std::env::var("LV_STATS_ONLY")
        .ok()
        .map(|s| s.split(',').filter_map(|i| i.trim().parse().ok()).collect());
    let all = archive_moves();
    let index: Vec<usize> = match only {
        Some(ix) => ix.into_iter().filter(|&i| i < all.len()).collect(),
        None => (0..all.len()).step_by(every).collect(),
    };
    let moves: Vec<&(Position, Move)> = index.iter().map(|&i| &all[i]).collect();
    let (mut write_t, mut read_t) = (Vec::new(), Vec::new());
    let mut slow: Vec<(Duration, Duration, String)> = Vec::new();
    let mut total: Vec<(Duration, usize)> = Vec::new();
    let (mut budget_out, mut wrong) = (0usize, 0usize);
    for &(pos, mv) in &moves {
        let board = *pos.after(mv).expect("legal").board();
        let mut best = Duration::MAX;
        let mut written = None;
        for _ in 0..2 {
            let t = Instant::now();
            let w = Lightvector::from_move_detailed(pos, mv).expect("legal");
            best = best.min(t.elapsed());
            written = Some(w);
        }
        write_t.push(best);
        let report = written.expect("written");
        budget_out += usize::from(!report.exhaustive);
        let text = report.lightvector.to_string();
        if !report.exhaustive {
            println!("budget ran out: {pos}\t{mv:?}\t{text}");
        }
        let mut best = Duration::MAX;
        let mut back = None;
        for _ in 0..2 {
            let t = Instant::now();
            back = Some(lightvector::parse_move(pos, &text));
            best = best.min(t.elapsed());
        }
        read_t.push(best);
        total.push((best + *write_t.last().expect("timed"), index[total.len()]));
        slow.push((
            best,
            *write_t.last().expect("timed"),
            format!("{pos}\t{mv:?}\t{text}"),
        ));
        let ok = back
            .expect("resolved")
            .is_ok_and(|m| pos.after(&m).is_ok_and(|p| *p.board() == board));
        if !ok {
            wrong += 1;
            println!("NOT RESOLVING: {pos}\t{mv:?}\t{text}");
        }
    }
    total.sort_by_key(|t| std::cmp::Reverse(t.0));
    let tail: Vec<String> = total[..total.len().div_ceil(100)]
        .iter()
        .map(|t| t.1.to_string())
        .collect();
    println!(
        "tail indices (1 % slowest, write + resolve): {}",
        tail.join(",")
    );
    slow.sort_by_key(|s| std::cmp::Reverse(s.0));
    for (r, w, what) in slow.iter().take(12) {
        println!("slowest to resolve: {r:?} (written in {w:?}) {what}");
    }
    slow.sort_by_key(|s| std::cmp::Reverse(s.1));
    for (r, w, what) in slow.iter().take(12) {
        println!("slowest to write: {w:?} (resolved in {r:?}) {what}");
    }
    println!("archive moves: {}", moves.len());
    println!("write:            {}", summary(&mut write_t));
    println!("resolve written:  {}", summary(&mut read_t));
    println!("budget ran out: {budget_out}; written strings not resolving to their move: {wrong}");
}

criterion_group!(benches, bench);

fn main() {
    if std::env::args().any(|a| a == "--stats") {
        stats();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
