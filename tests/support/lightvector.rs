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

/// What section 3 of the vectors expects of an input.
pub enum Expected {
    /// More than one turn fits it.
    Ambiguous,
    /// No turn fits it.
    Unsatisfiable,
    /// One turn fits it, with the facts the line gives.
    Resolved(Resolution),
}

/// The facts a `resolved` line of section 3 gives about its turn.
pub struct Resolution {
    /// `bucket [steps, displaced]`: the turn's steps and displaced pieces.
    pub bucket: Option<(u8, u8)>,
    /// `captures [sq]`: an empty square of the start whose piece is captured.
    pub captures: Option<Square>,
    /// `steps in order [a, b, ...]`: the turn's steps, as the crate writes steps.
    pub steps: Option<Vec<&'static str>>,
    /// `serialize "..."`: Abstract Play's string for the same turn.
    pub serialize: Option<&'static str>,
}

/// One resolution case of section 3: the position of the `board:` line before it, the
/// input, and what is expected.
pub struct ResolutionCase {
    pub pos: Position,
    pub input: &'static str,
    pub expected: Expected,
}

/// The resolution cases of section 3 (those whose input is a Lightvector string; the
/// turns given step by step, 3.3 and 3.4, are left to the tests of special turns).
pub fn resolution_cases() -> Vec<ResolutionCase> {
    let inside = |text: &'static str, open: &str, close: char| {
        text.split_once(open)
            .map(|(_, rest)| &rest[..rest.find(close).expect("a closing mark")])
    };
    let mut pos: Option<Position> = None;
    let mut cases = Vec::new();
    for line in section("3. RESOLUTION") {
        if let Some(rest) = line.strip_prefix("board:") {
            pos = Some(board_line(rest));
            continue;
        }
        let (input, expect) = line.split_once("->").expect("->");
        let (input, expect) = (input.trim(), expect.trim());
        if input.starts_with("turn from steps") {
            continue;
        }
        let expected = if expect.starts_with("ambiguous") {
            Expected::Ambiguous
        } else if expect.starts_with("unsatisfiable") {
            Expected::Unsatisfiable
        } else if expect.starts_with("resolved") {
            Expected::Resolved(Resolution {
                bucket: inside(expect, "bucket [", ']').map(|b| {
                    let nums: Vec<u8> = b.split(',').map(|n| n.trim().parse().unwrap()).collect();
                    (nums[0], nums[1])
                }),
                captures: inside(expect, "captures [", ']').map(|sq| sq.parse().unwrap()),
                steps: inside(expect, "steps in order [", ']')
                    .map(|list| list.split(',').map(str::trim).collect()),
                serialize: inside(expect, "serialize \"", '"'),
            })
        } else {
            panic!("unknown expectation {expect}");
        };
        let pos = pos.clone().expect("a board first");
        cases.push(ResolutionCase {
            pos,
            input,
            expected,
        });
    }
    cases
}
