//! Action-mask and episode benchmarks (issue 23):
//!
//! - `mask/turn_starts`: [`arimaa::Position::action_mask`] on the 10,891 positions before
//!   every movement turn of the two archive files (`tests/data/allgames202602.tsv`,
//!   `tests/data/allgames201111-sample.tsv`), in masks per second;
//! - `mask/mid_turn`: the same on every state inside those turns (one to three of the
//!   record's steps played; 31,890 states);
//! - `episode/masks`: random self-play through [`arimaa::action::Episode`] (random
//!   setups, no turn limit, a finished game reset with the next seed), every action
//!   picked uniformly from the episode's mask, in actions (steps) per second; the mask of
//!   every state is computed, as a vector environment does;
//! - `episode/observations`: the same, writing the observation planes
//!   ([`arimaa::action::Episode::observation`]) after every action.
//!
//! Each mask benchmark asserts a checksum of the answers it times (the total number of
//! masked actions), so a faster mask that changed an answer fails here too;
//! `tests/action_rules.rs` checks the masks themselves.
//!
//! ```text
//! cargo bench --bench action
//! ```

use arimaa::action::{ActionMask, Episode, Start, View, GAME_CHANNELS};
use arimaa::notation::record::Archive;
use arimaa::Position;
use criterion::{black_box, criterion_group, Criterion, Throughput};

const FEB_2026: &str = include_str!("../tests/data/allgames202602.tsv");
const NOV_2011: &str = include_str!("../tests/data/allgames201111-sample.tsv");

/// The archive's turn starts and the states inside its turns.
fn archive_states() -> (Vec<Position>, Vec<Position>) {
    let (mut starts, mut inside) = (Vec::new(), Vec::new());
    for text in [FEB_2026, NOV_2011] {
        let archive: Archive = text.parse().expect("the archive reads");
        for game in &archive.games {
            for m in game.replay().moves() {
                let mut pos = m.before.clone();
                starts.push(pos.clone());
                let steps = m.mv.steps();
                for &step in &steps[..steps.len().saturating_sub(1)] {
                    pos.play_step(step).expect("the record's step");
                    inside.push(pos.clone());
                }
            }
        }
    }
    (starts, inside)
}

fn mask_sum(positions: &[Position]) -> usize {
    positions.iter().map(|p| p.action_mask().len()).sum()
}

/// Checksums: the masked actions over the turn starts and over the states inside turns.
const START_ACTIONS: usize = 241_912;
const INSIDE_ACTIONS: usize = 653_171;

fn masks(c: &mut Criterion) {
    let (starts, inside) = archive_states();
    let mut g = c.benchmark_group("mask");
    for (name, states, sum) in [
        ("turn_starts", &starts, START_ACTIONS),
        ("mid_turn", &inside, INSIDE_ACTIONS),
    ] {
        let got = mask_sum(states);
        eprintln!("{name}: {} states, {got} masked actions", states.len());
        if sum != 0 {
            assert_eq!(got, sum, "{name} checksum");
        }
        g.throughput(Throughput::Elements(states.len() as u64));
        g.bench_function(name, |b| {
            b.iter(|| assert_eq!(mask_sum(black_box(states)), got))
        });
    }
    g.finish();
}

/// SplitMix64, for the picks.
struct Picks(u64);

impl Picks {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (((z >> 32) * n as u64) >> 32) as usize
    }
}

/// A self-playing episode and its generator.
struct SelfPlay {
    episode: Episode,
    picks: Picks,
    seed: u64,
}

impl SelfPlay {
    fn new() -> SelfPlay {
        SelfPlay {
            episode: Episode::new(Start::RandomSetups, 0, 0).expect("random setups start"),
            picks: Picks(1),
            seed: 0,
        }
    }

    /// Takes `n` random actions (resetting finished games); returns a checksum.
    fn run(&mut self, n: usize, planes: Option<&mut [f32; GAME_CHANNELS * 64]>) -> usize {
        let mut sum = 0;
        let mut planes = planes;
        for _ in 0..n {
            let mask: &ActionMask = self.episode.mask();
            let k = self.picks.below(mask.len());
            let Some(action) = mask.nth(k) else {
                unreachable!("an episode in play has a non-empty mask")
            };
            let t = self.episode.step(action).expect("a masked action");
            sum += usize::from(action.index());
            if t.terminated || t.truncated {
                self.seed += 1;
                self.episode.reset(self.seed);
            }
            if let Some(out) = planes.as_deref_mut() {
                self.episode.observation(View::Mover, out);
            }
        }
        sum
    }
}

const EPISODE_STEPS: usize = 20_000;

fn episodes(c: &mut Criterion) {
    let mut g = c.benchmark_group("episode");
    g.throughput(Throughput::Elements(EPISODE_STEPS as u64));
    let mut play = SelfPlay::new();
    g.bench_function("masks", |b| {
        b.iter(|| black_box(play.run(EPISODE_STEPS, None)))
    });
    let mut play = SelfPlay::new();
    let mut planes = Box::new([0.0; GAME_CHANNELS * 64]);
    g.bench_function("observations", |b| {
        b.iter(|| black_box(play.run(EPISODE_STEPS, Some(&mut planes))))
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = masks, episodes
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
