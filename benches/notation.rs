//! Lightvector and legacy notation on busy mid-game positions: the seven positions of
//! the "clueless" benchmark (`tests/data/clueless-benchmark.txt`) with 20,000 or more
//! distinct moves (20,203 to 48,665), and 40 moves spread over each one's move list
//! (280 moves). Throughput is in moves.
//!
//! - `lightvector/write`: the crate's shortest string for each move;
//! - `lightvector/resolve_written`: resolving those strings (typically 1-3 tokens);
//! - `lightvector/resolve_explicit`: resolving the explicit form (one
//!   `<letter><start><end>` or `<letter><start>x` token per displaced or captured
//!   piece), as a person drawing arrows would enter it;
//! - `lightvector/parse`: reading the written strings, no position;
//! - `legacy/write_read`: the legacy form written and read back.
//!
//! Every benchmark first checks what it measures (each string resolves to its move's
//! board, and each position has its published move count).
//!
//! ```text
//! cargo bench --bench notation
//! ```

use arimaa::notation::{legacy, lightvector};
use arimaa::{Board, Move, Piece, Position, Square};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

mod common;

/// Moves taken from each position.
const PER_POSITION: usize = 40;

/// The benchmark positions with 20,000 or more distinct moves, with their counts (the
/// mid-game positions; the 300,000-move ones are artificial).
fn busy_positions() -> Vec<(Position, usize)> {
    common::benchmark()
        .into_iter()
        .filter(|(_, count)| (20_000..100_000).contains(count))
        .collect()
}

/// A move with its position, resulting board and texts.
struct Case {
    pos: Position,
    board: Board,
    mv: Move,
    written: String,
    explicit: String,
}

/// One destination or capture token per displaced or captured piece.
fn explicit(pos: &Position, mv: &Move) -> String {
    let mut pieces: Vec<(Piece, Square, Square, bool)> = Vec::new();
    let mut p = pos.clone();
    for &s in mv.steps() {
        let eff = p.play_step(s).expect("legal");
        let i = match pieces.iter().position(|t| !t.3 && t.2 == eff.from) {
            Some(i) => i,
            None => {
                pieces.push((eff.piece, eff.from, eff.from, false));
                pieces.len() - 1
            }
        };
        pieces[i].2 = eff.to;
        if let Some(c) = eff.capture {
            match pieces.iter().position(|t| !t.3 && t.2 == c.square) {
                Some(j) => pieces[j].3 = true,
                None => pieces.push((c.piece, c.square, c.square, true)),
            }
        }
    }
    pieces
        .iter()
        .filter(|t| t.3 || t.1 != t.2)
        .map(|t| {
            if t.3 {
                format!("{}{}x", t.0, t.1)
            } else {
                format!("{}{}{}", t.0, t.1, t.2)
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn cases() -> Vec<Case> {
    let positions = busy_positions();
    assert_eq!(positions.len(), 7);
    let mut out = Vec::new();
    for (pos, count) in positions {
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), count, "published move count");
        for i in 0..PER_POSITION {
            let mv = moves[i * moves.len() / PER_POSITION];
            let board = *pos.after(&mv).expect("legal").board();
            let written = lightvector::write_move(&pos, &mv).expect("legal");
            let back = lightvector::parse_move(&pos, &written).expect("written form resolves");
            assert_eq!(pos.after(&back).expect("legal").board(), &board);
            out.push(Case {
                explicit: explicit(&pos, &mv),
                pos: pos.clone(),
                board,
                mv,
                written,
            });
        }
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

criterion_group!(benches, bench);
criterion_main!(benches);
