//! The same full-turn counting work done by this crate and by `arimaa_engine_step` (the
//! rules engine of the strongest Arimaa bot, a dev-dependency), on the same positions,
//! in the same run.
//!
//! ```text
//! cargo bench --bench peers
//! ```
//!
//! The work: the number of distinct boards one complete turn (1 to 4 steps, pushes and
//! pulls as two steps, no turn ending halfway through a push) can produce, the unchanged
//! board excluded, exactly (no hash decides equality). For the 32-position benchmark
//! this is 2,987,987; both sides must produce every count.
//!
//! How `arimaa_engine_step` is made to do it. The crate generates single steps only
//! (`GameState::valid_actions_no_rep`, which includes `Pass` once a step has been taken
//! and no push is pending, also when the board is back where the turn started), so the
//! harness searches the steps depth first:
//! - a state reached again at the same step number with the same push/pull state is not
//!   searched again (an exact visited set keyed by the peer's bitboards, its
//!   `PushPullState` and the step number: without it the peer would walk every step
//!   sequence, e.g. 64 million for the benchmark at depth 4);
//! - the board is a result when `Pass` is legal, and after the fourth step;
//! - the results go into an exact set of the peer's bitboards, and the unchanged board
//!   is dropped (the peer's `Pass` allows it, the rules do not).
//!
//! Both sets use a fast multiplicative hasher and keep their capacity from one position
//! to the next (as this crate's generator keeps its table), so the harness costs the
//! peer little. No repetition history is involved (`valid_actions_no_rep`; the positions are
//! fresh). This crate's side is [`arimaa::TurnGenerator::count`], which is exact by
//! construction.
//!
//! After the criterion groups, the bench prints a side-by-side summary: the best of a few
//! timed runs of each, and the ratio.

mod common;

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use arimaa::{File, Position, Rank, Square, TurnGenerator};
use arimaa_engine_step::{Action, GameState, PushPullState};
use criterion::{black_box, Criterion, Throughput};

/// A multiplicative hasher (the idea of rustc's FxHash) for the peer's sets.
#[derive(Default, Clone, Copy)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.write_u64(u64::from_le_bytes(w.try_into().expect("8 bytes")));
        }
        for &b in words.remainder() {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
}

type Set<T> = HashSet<T, BuildHasherDefault<Mix>>;

/// The peer's board: its eight bitboards.
type PeerBoard = [u64; 8];

fn peer_board(s: &GameState) -> PeerBoard {
    let b = s.piece_board();
    [
        b.p1_pieces,
        b.all_pieces,
        b.elephants,
        b.camels,
        b.horses,
        b.dogs,
        b.cats,
        b.rabbits,
    ]
}

/// The position as the peer's board diagram (move 2, Gold or Silver to move).
fn to_peer(pos: &Position) -> GameState {
    let side = if pos.side_to_move() == arimaa::Color::Gold {
        'g'
    } else {
        's'
    };
    let mut text = format!("2{side}\n +-----------------+\n");
    for rank in Rank::ALL.iter().rev() {
        text.push_str(&format!("{}|", rank.index() + 1));
        for file in File::ALL {
            let sq = Square::from_coords(file, *rank);
            text.push(' ');
            text.push(pos.board().piece_at(sq).map_or('.', |p| p.char()));
        }
        text.push_str(" |\n");
    }
    text.push_str(" +-----------------+\n   a b c d e f g h\n");
    text.parse().expect("the peer reads the diagram")
}

struct PeerSearch {
    root: PeerBoard,
    seen: Set<(PeerBoard, PushPullState, usize)>,
    results: Set<PeerBoard>,
}

impl PeerSearch {
    fn visit(&mut self, s: &GameState, depth: usize) {
        for action in s.valid_actions_no_rep() {
            match action {
                Action::Pass => {
                    let b = peer_board(s);
                    if b != self.root {
                        self.results.insert(b);
                    }
                }
                Action::Move(..) => {
                    let child = s.take_action(&action);
                    let b = peer_board(&child);
                    if depth + 1 == 4 {
                        if b != self.root {
                            self.results.insert(b);
                        }
                    } else {
                        let state = child.unwrap_play_phase().push_pull_state();
                        if self.seen.insert((b, state, depth + 1)) {
                            self.visit(&child, depth + 1);
                        }
                    }
                }
                Action::Place(_) => unreachable!("the positions are in the play phase"),
            }
        }
    }
}

impl PeerSearch {
    fn new() -> PeerSearch {
        PeerSearch {
            root: [0; 8],
            seen: Set::default(),
            results: Set::default(),
        }
    }

    /// Distinct full-turn boards by `arimaa_engine_step`. The sets keep their capacity
    /// from one call to the next, as [`TurnGenerator`] keeps its table.
    fn count(&mut self, s: &GameState) -> usize {
        self.root = peer_board(s);
        self.seen.clear();
        self.results.clear();
        self.visit(s, 0);
        self.results.len()
    }
}

fn best_of(runs: usize, mut f: impl FnMut() -> usize, want: usize) -> f64 {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            assert_eq!(f(), want);
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let bench = common::benchmark();
    let opening = common::opening();
    let peer_bench: Vec<(GameState, usize)> = bench.iter().map(|(p, n)| (to_peer(p), *n)).collect();
    let peer_opening = to_peer(&opening);

    // Both sides must produce every count before anything is timed.
    let mut gen = TurnGenerator::new();
    assert_eq!(gen.count(&opening), common::OPENING_MOVES);
    let mut peer = PeerSearch::new();
    assert_eq!(peer.count(&peer_opening), common::OPENING_MOVES);
    for ((pos, want), (state, _)) in bench.iter().zip(&peer_bench) {
        assert_eq!(gen.count(pos), *want, "arimaa on {pos}");
        assert_eq!(peer.count(state), *want, "arimaa_engine_step on {pos}");
    }

    let ours = |gen: &mut TurnGenerator| -> usize {
        bench.iter().map(|(p, _)| gen.count(black_box(p))).sum()
    };
    let theirs = |peer: &mut PeerSearch| -> usize {
        peer_bench
            .iter()
            .map(|(s, _)| peer.count(black_box(s)))
            .sum()
    };

    let mut c = Criterion::default().configure_from_args();
    {
        let mut g = c.benchmark_group("peers/opening");
        g.throughput(Throughput::Elements(common::OPENING_MOVES as u64));
        g.bench_function("arimaa", |b| b.iter(|| gen.count(black_box(&opening))));
        g.bench_function("arimaa_engine_step", |b| {
            b.iter(|| peer.count(black_box(&peer_opening)))
        });
        g.finish();
    }
    {
        let mut g = c.benchmark_group("peers/benchmark32");
        g.sample_size(10);
        g.throughput(Throughput::Elements(common::BENCHMARK_MOVES as u64));
        g.bench_function("arimaa", |b| {
            b.iter(|| assert_eq!(ours(&mut gen), common::BENCHMARK_MOVES))
        });
        g.bench_function("arimaa_engine_step", |b| {
            b.iter(|| assert_eq!(theirs(&mut peer), common::BENCHMARK_MOVES))
        });
        g.finish();
    }
    c.final_summary();

    // The side-by-side summary (skipped when criterion only lists or tests).
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--list" || a == "--test") {
        return;
    }
    let a = best_of(5, || ours(&mut gen), common::BENCHMARK_MOVES);
    let b = best_of(2, || theirs(&mut peer), common::BENCHMARK_MOVES);
    let rate = |s: f64| common::BENCHMARK_MOVES as f64 / s / 1e6;
    println!(
        "side by side, 32 positions, {} moves:\n  arimaa             {:8.3} s  {:7.2} M moves/s\n  arimaa_engine_step {:8.3} s  {:7.2} M moves/s\n  ratio              {:8.1}x",
        common::BENCHMARK_MOVES,
        a,
        rate(a),
        b,
        rate(b),
        b / a
    );
}
