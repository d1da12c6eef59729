//! A slow, simple, independently written reference enumerator of full Arimaa turns.
//!
//! This module deliberately uses nothing from the `arimaa` crate: it exists so that
//! property tests can cross-check the crate's fast bitboard move generator against a
//! second implementation written straight from the rules as the crate states them (the
//! crate documentation, `src/lib.rs`, section "The rules").
//! Clarity beats speed everywhere here.
//!
//! Model of a turn used below:
//! - A turn is a sequence of *actions*: a plain step (1 step), a push (2 steps) or a
//!   pull (2 steps). Pushes and pulls are generated as whole two-step actions, so a turn
//!   can never end between their two steps, a push/pull can never start with fewer than
//!   2 steps left, and the step completing one of them can never also be the first step
//!   of another (the next action always starts fresh).
//! - Captures are applied after EVERY single step, including between the two steps of a
//!   push or pull. A pull is completed even if the puller died on a trap in its first step.
//! - Freezing is evaluated on the current board whenever an action begins, so it is
//!   re-evaluated after every step. The pusher/puller must be unfrozen when the push/pull
//!   begins (it may end frozen). Frozen enemy pieces can be pushed and pulled.
//! - The mover's own rabbits never step backwards on their own (Gold not south, Silver
//!   not north); pushed or pulled rabbits may move in any direction.
//! - "Stronger" is always strictly stronger.

use std::collections::{BTreeMap, BTreeSet, HashSet};

/// Board as 64 cells, index = rank*8 + file with a1 = 0, h8 = 63.
/// Cell: `None` or `Some((gold, kind))` with kind 0=Rabbit, 1=Cat, 2=Dog, 3=Horse,
/// 4=Camel, 5=Elephant.
pub type RefBoard = [Option<(bool, u8)>; 64];

const RABBIT: u8 = 0;
const PIECE_LETTERS: [char; 6] = ['r', 'c', 'd', 'h', 'm', 'e'];
/// Trap squares c3, f3, c6, f6 as indices (rank*8 + file).
const TRAPS: [usize; 4] = [2 * 8 + 2, 2 * 8 + 5, 5 * 8 + 2, 5 * 8 + 5];

/// The four directions as (file delta, rank delta): north, south, east, west.
/// North is towards rank 8.
const NORTH: (i32, i32) = (0, 1);
const SOUTH: (i32, i32) = (0, -1);
const DIRECTIONS: [(i32, i32); 4] = [NORTH, SOUTH, (1, 0), (-1, 0)];

/// Parses a position in AEI short form.
///
/// Accepted: `"g [64 chars]"`, `"s [64 chars]"`, `"w [..]"`, `"b [..]"` (also
/// `"gold"`/`"silver"`), or just `"[64 chars]"` (then Gold is to move). The squares inside
/// the brackets are ordered a8..h8, a7..h7, ..., a1..h1; `' '`, `'.'` or `'x'` is an empty
/// square; `RCDHME` are Gold pieces and `rcdhme` Silver pieces.
/// Returns (gold to move, board).
pub fn parse_aei(s: &str) -> Result<(bool, RefBoard), String> {
    let open = s
        .find('[')
        .ok_or_else(|| format!("no '[' in position {s:?}"))?;
    let close = s
        .rfind(']')
        .ok_or_else(|| format!("no ']' in position {s:?}"))?;
    if close < open {
        return Err(format!("']' before '[' in position {s:?}"));
    }
    if !s[close + 1..].trim().is_empty() {
        return Err(format!("trailing text after ']' in position {s:?}"));
    }
    let gold_to_move = match s[..open].trim() {
        "" | "g" | "w" | "gold" => true,
        "s" | "b" | "silver" => false,
        other => return Err(format!("unknown side {other:?} in position {s:?}")),
    };
    let cells: Vec<char> = s[open + 1..close].chars().collect();
    if cells.len() != 64 {
        return Err(format!(
            "expected 64 squares between brackets, found {} in {s:?}",
            cells.len()
        ));
    }
    let mut board: RefBoard = [None; 64];
    for (i, &c) in cells.iter().enumerate() {
        // The i-th character is rank 8 - i/8 (1-based), file i%8.
        let rank = 7 - i / 8;
        let file = i % 8;
        board[rank * 8 + file] = parse_cell(c)
            .ok_or_else(|| format!("bad square character {c:?} at position {i} of {s:?}"))?;
    }
    Ok((gold_to_move, board))
}

/// One board cell from its character; `None` (outer) if the character is invalid.
fn parse_cell(c: char) -> Option<Option<(bool, u8)>> {
    if c == ' ' || c == '.' || c == 'x' || c == 'X' {
        return Some(None);
    }
    let lower = c.to_ascii_lowercase();
    let kind = PIECE_LETTERS.iter().position(|&l| l == lower)? as u8;
    let gold = c.is_ascii_uppercase();
    Some(Some((gold, kind)))
}

/// Character for one cell: space for empty, `RCDHME` Gold, `rcdhme` Silver.
fn cell_char(cell: Option<(bool, u8)>) -> char {
    match cell {
        None => ' ',
        Some((gold, kind)) => {
            let c = PIECE_LETTERS[kind as usize];
            if gold {
                c.to_ascii_uppercase()
            } else {
                c
            }
        }
    }
}

/// The AEI short board: `"["` + 64 characters (a8..h8, a7..h7, ..., a1..h1) + `"]"`,
/// a space for an empty square.
pub fn to_aei_board(b: &RefBoard) -> String {
    let mut s = String::with_capacity(66);
    s.push('[');
    for rank in (0..8).rev() {
        for file in 0..8 {
            s.push(cell_char(b[rank * 8 + file]));
        }
    }
    s.push(']');
    s
}

/// The square one step from `sq` in direction `dir`, or `None` off the board.
fn neighbour(sq: usize, dir: (i32, i32)) -> Option<usize> {
    let file = (sq % 8) as i32 + dir.0;
    let rank = (sq / 8) as i32 + dir.1;
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Some((rank * 8 + file) as usize)
    } else {
        None
    }
}

/// All on-board orthogonal neighbours of `sq`.
fn neighbours(sq: usize) -> impl Iterator<Item = usize> {
    DIRECTIONS.iter().filter_map(move |&d| neighbour(sq, d))
}

/// True if the piece on `sq` has a piece of its own colour orthogonally adjacent.
fn has_friend(b: &RefBoard, sq: usize) -> bool {
    match b[sq] {
        None => false,
        Some((colour, _)) => neighbours(sq).any(|n| matches!(b[n], Some((c, _)) if c == colour)),
    }
}

/// True if the piece on `sq` is frozen: a strictly stronger enemy piece is orthogonally
/// adjacent and no friendly piece is.
fn is_frozen(b: &RefBoard, sq: usize) -> bool {
    let Some((colour, kind)) = b[sq] else {
        return false;
    };
    let stronger_enemy_adjacent =
        neighbours(sq).any(|n| matches!(b[n], Some((c, k)) if c != colour && k > kind));
    stronger_enemy_adjacent && !has_friend(b, sq)
}

/// Removes every piece (either colour) standing on a trap with no friendly piece
/// orthogonally adjacent.
fn apply_captures(b: &mut RefBoard) {
    // Decide first, then remove, so the check is made on the board as the step left it.
    let doomed: Vec<usize> = TRAPS
        .iter()
        .copied()
        .filter(|&t| b[t].is_some() && !has_friend(b, t))
        .collect();
    for t in doomed {
        b[t] = None;
    }
}

/// Moves the piece on `from` to the empty square `to`, then applies trap captures.
/// This is exactly one step.
fn single_step(b: &RefBoard, from: usize, to: usize) -> RefBoard {
    assert!(b[from].is_some(), "stepping from an empty square");
    assert!(b[to].is_none(), "stepping onto an occupied square");
    let mut next = *b;
    next[to] = next[from];
    next[from] = None;
    apply_captures(&mut next);
    next
}

/// Compact, cheaply hashable encoding of a board for the memo table.
fn board_key(b: &RefBoard) -> [u8; 64] {
    let mut key = [0u8; 64];
    for (k, cell) in key.iter_mut().zip(b.iter()) {
        *k = match *cell {
            None => 0,
            Some((true, kind)) => 1 + kind,
            Some((false, kind)) => 7 + kind,
        };
    }
    key
}

/// Everything the recursive search needs that does not change along a path.
struct Search<'a> {
    gold: bool,
    max_steps: u32,
    start: &'a RefBoard,
    /// (board, steps used so far) pairs already expanded. Whatever is reachable from a
    /// board depends only on the board and the steps left, so expanding twice is useless.
    visited: HashSet<([u8; 64], u32)>,
    /// Each resulting board with the fewest steps found so far that reach it.
    results: BTreeMap<String, u32>,
}

impl Search<'_> {
    /// `b` is the board after `used` steps of complete actions (never mid-push/pull).
    fn visit(&mut self, b: &RefBoard, used: u32) {
        if !self.visited.insert((board_key(b), used)) {
            return;
        }
        // Any board reached by at least one step at an action boundary is a complete
        // turn, unless it equals the board the turn started from.
        if used > 0 && b != self.start {
            // Every (board, steps used) pair is visited, so the minimum over the visits
            // is the shortest turn giving the board.
            let depth = self.results.entry(to_aei_board(b)).or_insert(used);
            *depth = (*depth).min(used);
        }
        if used >= self.max_steps {
            return;
        }
        let left = self.max_steps - used;

        for p in 0..64 {
            // P: a piece of the side to move that is not frozen right now.
            let Some((colour, p_kind)) = b[p] else {
                continue;
            };
            if colour != self.gold || is_frozen(b, p) {
                continue;
            }
            for &dir in DIRECTIONS.iter() {
                let Some(q) = neighbour(p, dir) else {
                    continue;
                };
                match b[q] {
                    None => {
                        // Plain step P: p -> q. The mover's own rabbits may not step
                        // backwards.
                        let backwards = if self.gold { SOUTH } else { NORTH };
                        if p_kind == RABBIT && dir == backwards {
                            continue;
                        }
                        let after_p = single_step(b, p, q);
                        self.visit(&after_p, used + 1);

                        // Pull: the same first step of P, then a strictly weaker enemy
                        // piece V adjacent to P's original square p steps into p. V
                        // follows even if P was captured on a trap by its own step.
                        if left >= 2 {
                            for v in neighbours(p) {
                                if let Some((v_colour, v_kind)) = b[v] {
                                    if v_colour != self.gold && v_kind < p_kind {
                                        // V was not touched by P's step (P's step can
                                        // only capture P or a friend of P).
                                        assert_eq!(after_p[v], b[v]);
                                        let after_v = single_step(&after_p, v, p);
                                        self.visit(&after_v, used + 2);
                                    }
                                }
                            }
                        }
                    }
                    Some((q_colour, q_kind)) => {
                        // Push: V on q is a strictly weaker enemy. V steps to an empty
                        // square next to q (any direction, rabbits included), then P
                        // steps into q.
                        if q_colour == self.gold || q_kind >= p_kind || left < 2 {
                            continue;
                        }
                        for r in neighbours(q) {
                            if b[r].is_some() {
                                continue;
                            }
                            let after_v = single_step(b, q, r);
                            // V's step can only capture V or a friend of V, never P.
                            assert_eq!(after_v[p], b[p]);
                            let after_p = single_step(&after_v, p, q);
                            self.visit(&after_p, used + 2);
                        }
                    }
                }
            }
        }
    }
}

/// The set of distinct boards (as [`to_aei_board`] strings) that the side to move can
/// reach by one complete turn of 1..=`max_steps` steps: excluding the unchanged board,
/// excluding turns that would end in the middle of a push or pull, with no repetition
/// filtering.
pub fn reference_moves(gold_to_move: bool, b: &RefBoard, max_steps: u32) -> BTreeSet<String> {
    reference_moves_with_depth(gold_to_move, b, max_steps)
        .into_keys()
        .collect()
}

/// Like [`reference_moves`], with each resulting board mapped to the fewest steps
/// (a push or pull counting 2) of any complete turn that produces it.
pub fn reference_moves_with_depth(
    gold_to_move: bool,
    b: &RefBoard,
    max_steps: u32,
) -> BTreeMap<String, u32> {
    let mut search = Search {
        gold: gold_to_move,
        max_steps,
        start: b,
        visited: HashSet::new(),
        results: BTreeMap::new(),
    };
    search.visit(b, 0);
    search.results
}
