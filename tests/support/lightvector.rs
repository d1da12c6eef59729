//! Helpers shared by the Lightvector and legacy notation tests (each test binary uses
//! part of them).
#![allow(dead_code)]

use arimaa::{Board, Color, Piece, PieceKind, Position, Square};

/// The Abstract Play vectors (see the header of the file for provenance).
pub const VECTORS: &str = include_str!("../data/abstractplay-vectors.txt");

/// The lines of the section whose header starts with `## {number}`.
pub fn section(number: &str) -> Vec<&'static str> {
    let header = format!("## {number}");
    let mut lines = VECTORS.lines().skip_while(|l| !l.starts_with(&header));
    lines.next();
    lines
        .skip_while(|l| l.starts_with("##"))
        .take_while(|l| !l.starts_with("## ") && !l.starts_with("####"))
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect()
}

/// Reads `<piece><square>` items separated by spaces and/or commas onto a board.
pub fn board_from_list(list: &str) -> Board {
    let mut b = Board::empty();
    for item in list.split(|c: char| c == ',' || c.is_whitespace()) {
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        let piece = Piece::from_char(item.chars().next().unwrap()).expect("piece letter");
        let sq: Square = item[1..].parse().expect("square");
        b.set(sq, Some(piece));
    }
    b
}

/// A position from a piece list, side and step cap.
pub fn position(list: &str, side: Color, steps: u8) -> Position {
    let mut p = Position::new(board_from_list(list), side).expect("valid position");
    p.set_step_cap(steps).expect("step cap");
    p
}

/// Abstract Play's `FREE(gold; silver)`: both sides place, then every piece alone on
/// a trap is removed, then Gold is to move with four steps.
pub fn free(gold: &str, silver: &str) -> Position {
    let mut b = board_from_list(gold);
    let s = board_from_list(silver);
    for (sq, p) in s.iter() {
        b.set(sq, Some(p));
    }
    for sq in b.unsupported_on_traps() {
        b.set(sq, None);
    }
    Position::new(b, Color::Gold).expect("valid position")
}

/// A random standard setup for both sides (1E 1M 2H 2D 2C 8R on the home ranks).
pub fn random_setup(rng: &mut impl FnMut() -> u64) -> Board {
    let army = [
        PieceKind::Elephant,
        PieceKind::Camel,
        PieceKind::Horse,
        PieceKind::Horse,
        PieceKind::Dog,
        PieceKind::Dog,
        PieceKind::Cat,
        PieceKind::Cat,
        PieceKind::Rabbit,
        PieceKind::Rabbit,
        PieceKind::Rabbit,
        PieceKind::Rabbit,
        PieceKind::Rabbit,
        PieceKind::Rabbit,
        PieceKind::Rabbit,
        PieceKind::Rabbit,
    ];
    let mut b = Board::empty();
    for color in Color::ALL {
        let mut squares: Vec<Square> = Square::ALL
            .iter()
            .copied()
            .filter(|s| match color {
                Color::Gold => s.rank().index() <= 1,
                Color::Silver => s.rank().index() >= 6,
            })
            .collect();
        // Fisher-Yates.
        for i in (1..squares.len()).rev() {
            let j = (rng() % (i as u64 + 1)) as usize;
            squares.swap(i, j);
        }
        for (kind, sq) in army.iter().zip(squares) {
            b.set(sq, Some(Piece::new(color, *kind)));
        }
    }
    b
}

/// A small deterministic generator: the outputs of [`super::random::Rng`] from `seed`.
pub fn splitmix(seed: u64) -> impl FnMut() -> u64 {
    let mut rng = super::random::Rng(seed);
    move || rng.next()
}

/// A random position: a random standard setup, then `plies` random legal moves (fewer
/// if the game gets stuck or a side runs out of rabbits).
pub fn random_position(seed: u64, plies: usize) -> Position {
    let mut rng = splitmix(seed);
    let board = random_setup(&mut rng);
    let mut pos = Position::new(board, Color::Gold).expect("setup is valid");
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[(rng() % moves.len() as u64) as usize];
        let next = pos.after(&mv).expect("generated move is legal");
        let b = next.board();
        let rabbits = |c| b.count(Piece::new(c, PieceKind::Rabbit));
        if rabbits(Color::Gold) == 0 || rabbits(Color::Silver) == 0 {
            break;
        }
        if b.rabbit_on_goal(Color::Gold) || b.rabbit_on_goal(Color::Silver) {
            break;
        }
        pos = next;
    }
    pos
}

/// The position of a section's `board: <list> side: <g|s> [steps: <n>]` line (the text
/// after `board:`).
pub fn board_line(rest: &str) -> Position {
    let (list, rest) = rest.split_once("side:").expect("side");
    let mut words = rest.split_whitespace();
    let side = match words.next() {
        Some("g") => Color::Gold,
        _ => Color::Silver,
    };
    let steps = match (words.next(), words.next()) {
        (Some("steps:"), Some(n)) => n.parse().expect("steps"),
        _ => 4,
    };
    position(list, side, steps)
}
