//! Random valid positions and random states inside a turn, from a small seeded
//! generator (SplitMix64), for tests that compare against references.

use arimaa::{Board, Color, Piece, PieceKind, Position, Square, Step};

/// A seeded SplitMix64 generator: reproducible, no dependency.
#[derive(Clone)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// True once in `n` draws on average.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
    /// Shuffles `v` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// A random valid position: a few pieces a side, many of them around the traps and
/// rabbits near their goals, so goals, captures, pushes and pulls are frequent.
pub fn random_position(rng: &mut Rng) -> Position {
    loop {
        let mut board = Board::empty();
        for color in Color::ALL {
            let n = 2 + rng.below(8);
            for i in 0..n {
                let kind = if i < 2 {
                    PieceKind::Rabbit
                } else {
                    PieceKind::ALL[rng.below(6)]
                };
                let sq = if rng.below(3) == 0 {
                    Square::ALL[rng.below(64)]
                } else {
                    // Around a trap.
                    let t = Square::TRAPS[rng.below(4)];
                    let f = (t.index() & 7) as i32 + rng.below(5) as i32 - 2;
                    let r = (t.index() >> 3) as i32 + rng.below(5) as i32 - 2;
                    Square::ALL[(r.clamp(0, 7) * 8 + f.clamp(0, 7)) as usize]
                };
                if board.piece_at(sq).is_none() {
                    board.set(sq, Some(Piece::new(color, kind)));
                }
            }
        }
        let side = Color::ALL[rng.below(2)];
        if let Ok(p) = Position::new(board, side) {
            return p;
        }
    }
}

/// `pos` under a random cap with 0 to 3 random legal steps played (pushes under way and
/// pulls available included).
pub fn random_state(rng: &mut Rng, pos: &Position) -> Position {
    let mut p = pos.clone();
    let cap = 1 + rng.below(4) as u8;
    p.set_step_cap(cap).expect("1-4");
    let taken = rng.below(usize::from(cap));
    for _ in 0..taken {
        let steps = p.legal_steps();
        if steps.is_empty() {
            break;
        }
        // Prefer steps that move enemy pieces, to reach pushes and pulls.
        let enemy: Vec<Step> = steps
            .iter()
            .copied()
            .filter(|s| p.board().piece_at(s.from).map(|q| q.color) != Some(p.side_to_move()))
            .collect();
        let step = if !enemy.is_empty() && rng.below(2) == 0 {
            enemy[rng.below(enemy.len())]
        } else {
            steps[rng.below(steps.len())]
        };
        p.play_step(step).expect("generated steps are legal");
    }
    p
}
