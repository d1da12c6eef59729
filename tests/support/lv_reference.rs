//! A plain reference resolver for Lightvector notation, written from the resolution rule
//! (the crate's module docs of `arimaa::notation::lightvector`, section "Resolution",
//! which restate the rule of the English rules text), not from the crate's search.
//!
//! It walks **every** legal step sequence of the rest of the turn with the crate's
//! single-step API (`legal_steps`, `play_step`, `check_end_turn`); there is no bound, no
//! pruning and no merging of states. Wherever the turn may end (at least one step, no
//! push under way, the board differs from the turn's start board) it follows every piece
//! of the walk's starting board along the path (start square, squares visited, its own
//! steps with their place in the turn, captured or not; the end or capture square) and
//! checks each string's tokens literally:
//! - a piece is *named* by a specifier when its letter matches (if given) and it
//!   occupied the square (if given) at some time during the turn;
//! - a destination token holds when some named piece ends the turn on the square or is
//!   captured there (a piece that never moves ends where it stands);
//! - a capture token holds when some named piece is captured;
//! - the direction tokens hold when, taken in the order written, each is met by some
//!   named piece whose own steps contain the directions as a subsequence (the first of
//!   them from the specifier's square, if it has one), every step used for one token
//!   coming after every step used for the token before.
//!
//! Per string it keeps the satisfying turns of the best bucket (fewest steps, then
//! fewest displaced pieces: end or capture square not the start square) by their end
//! board: one board is the move, none is no match, several are ambiguous. One walk
//! judges any number of strings at once.
//!
//! Only the syntax types of the crate are used to read strings (`Token`, `Specifier`,
//! `Property`); what they mean is decided here.
#![allow(dead_code)]

use std::collections::HashMap;

use arimaa::notation::lightvector::{Property, Specifier, Token};
use arimaa::{Bitboard, Board, Direction, Move, Piece, Position, Square, StepEffect, MAX_STEPS};

/// What the rule says a string means in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one board in the best bucket: the move.
    Move {
        /// The resulting board.
        board: Board,
        /// The bucket's step count.
        steps: u8,
        /// The bucket's number of displaced pieces.
        displaced: u8,
        /// A step sequence of the bucket reaching `board` that satisfies the tokens.
        witness: Move,
    },
    /// No legal turn satisfies every token.
    NoMatch,
    /// The best bucket holds this many different boards (two or more).
    Ambiguous(usize),
}

impl Verdict {
    /// A short form for messages: `move[<steps>,<displaced>] <witness steps>`,
    /// `no match`, `ambiguous(<n>)`.
    pub fn short(&self) -> String {
        match self {
            Verdict::Move {
                steps,
                displaced,
                witness,
                ..
            } => format!("move[{steps},{displaced}] {witness:?}"),
            Verdict::NoMatch => "no match".to_string(),
            Verdict::Ambiguous(n) => format!("ambiguous({n})"),
        }
    }
}

/// One piece of the walk's starting board followed along a turn.
#[derive(Debug, Clone, Copy)]
pub struct Track {
    /// The piece.
    pub piece: Piece,
    /// Where it stood when the walk began.
    pub start: Square,
    /// Where it is now, or the trap it was captured on.
    pub at: Square,
    /// Every square it has occupied during the turn (start, intermediate, end or trap).
    pub visited: Bitboard,
    /// Its own steps: (index of the step in the turn, square it left, direction).
    pub steps: [(usize, Square, Direction); MAX_STEPS],
    /// How many of `steps` are used.
    pub len: usize,
    /// Whether a trap took it.
    pub captured: bool,
}

impl Track {
    fn new(piece: Piece, start: Square) -> Track {
        Track {
            piece,
            start,
            at: start,
            visited: Bitboard::from_square(start),
            steps: [(0, start, Direction::North); MAX_STEPS],
            len: 0,
            captured: false,
        }
    }

    /// A piece is displaced when its end or capture square differs from its start.
    pub fn displaced(&self) -> bool {
        self.at != self.start
    }

    fn own_steps(&self) -> &[(usize, Square, Direction)] {
        &self.steps[..self.len]
    }
}

/// The most pieces a turn can touch: four that move, four that die.
const MAX_TOUCHED: usize = 2 * MAX_STEPS;

/// A turn seen piece by piece: every piece of the walk's starting board that a step
/// moved or a trap took, followed along the path. Every other piece of the starting
/// board stayed where it was: its track is `Track::new(piece, square)` (visited only
/// its start, no steps, not captured), which `untouched` gives.
#[derive(Debug, Clone, Copy)]
pub struct Turn {
    start: Board,
    touched: [Track; MAX_TOUCHED],
    len: usize,
}

impl Turn {
    /// The pieces a step moved or a trap took.
    pub fn touched(&self) -> &[Track] {
        &self.touched[..self.len]
    }

    /// The track of the piece that started on `sq` if no step moved it and no trap took
    /// it.
    fn untouched(&self, sq: Square) -> Option<Track> {
        let piece = self.start.piece_at(sq)?;
        self.touched()
            .iter()
            .all(|t| t.start != sq)
            .then(|| Track::new(piece, sq))
    }
}

/// The pieces of `start` that the step effects `path` (in order) move or capture,
/// followed along it.
pub fn tracks(start: &Board, path: &[StepEffect]) -> Turn {
    let mut turn = Turn {
        start: *start,
        touched: [Track::new(Piece::from_char('R').expect("a letter"), Square::A1); MAX_TOUCHED],
        len: 0,
    };
    // The index in `touched` of the piece standing on `sq` now, added on first touch.
    fn find(turn: &mut Turn, sq: Square) -> usize {
        if let Some(i) = turn
            .touched()
            .iter()
            .position(|t| !t.captured && t.at == sq)
        {
            return i;
        }
        let untouched = turn.untouched(sq).expect("an untouched piece stands there");
        turn.touched[turn.len] = untouched;
        turn.len += 1;
        turn.len - 1
    }
    for (i, eff) in path.iter().enumerate() {
        let k = find(&mut turn, eff.from);
        let t = &mut turn.touched[k];
        assert_eq!(
            t.piece, eff.piece,
            "the tracked piece is the one that moved"
        );
        t.steps[t.len] = (i, eff.from, eff.dir());
        t.len += 1;
        t.at = eff.to;
        t.visited = t.visited.with(eff.to);
        if let Some(c) = eff.capture {
            let k = find(&mut turn, c.square);
            let d = &mut turn.touched[k];
            assert_eq!(d.piece, c.piece, "the tracked piece is the one captured");
            d.captured = true;
        }
    }
    turn
}

/// The direction of a step effect.
trait EffectDir {
    fn dir(&self) -> Direction;
}

impl EffectDir for StepEffect {
    fn dir(&self) -> Direction {
        self.from
            .direction_to(self.to)
            .expect("a step goes to an adjacent square")
    }
}

/// Whether the specifier names `t`: its letter (if given) and a square it occupied at
/// some time during the turn (if given).
fn names(spec: Specifier, t: &Track) -> bool {
    spec.piece().map_or(true, |p| p == t.piece)
        && spec.square().map_or(true, |s| t.visited.contains(s))
}

/// Calls `f` with every way `t` takes `dirs` as a subsequence of its steps, the first of
/// them from the specifier's square if it has one: (index of the first step in the
/// turn, index of the last). Stops and returns true as soon as `f` does.
fn any_embedding(
    spec: Specifier,
    dirs: &[Direction],
    t: &Track,
    f: &mut impl FnMut(usize, usize) -> bool,
) -> bool {
    let steps = t.own_steps();
    // Every subset of the piece's steps (at most 4), in order.
    (1u32..(1 << steps.len())).any(|mask| {
        let mut chosen = steps
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, s)| s);
        let n = mask.count_ones() as usize;
        if n != dirs.len() || chosen.clone().zip(dirs).any(|(s, d)| s.2 != *d) {
            return false;
        }
        let first = chosen.next().expect("at least one step");
        let last = chosen.next_back().unwrap_or(first);
        if spec.square().is_some_and(|sq| first.1 != sq) {
            return false;
        }
        f(first.0, last.0)
    })
}

/// Whether the direction tokens among `rest` can all be met, in the order written,
/// each by some named piece, every step used for one after every step used for the
/// one before (`after`: the index of the last step used so far). Only moved pieces
/// have steps, so only they are tried.
fn directions_in_order(rest: &[Token], after: Option<usize>, turn: &Turn) -> bool {
    let Some(pos) = rest
        .iter()
        .position(|t| matches!(t.property, Property::Steps(_)))
    else {
        return true;
    };
    let tok = rest[pos];
    let Property::Steps(dirs) = tok.property else {
        unreachable!("found above")
    };
    let more = &rest[pos + 1..];
    turn.touched()
        .iter()
        .filter(|t| names(tok.specifier, t))
        .any(|t| {
            any_embedding(tok.specifier, dirs.as_slice(), t, &mut |first, last| {
                after.map_or(true, |a| first > a) && directions_in_order(more, Some(last), turn)
            })
        })
}

/// Whether the turn satisfies every token.
pub fn satisfied(tokens: &[Token], turn: &Turn) -> bool {
    let named = |spec: Specifier, f: &dyn Fn(&Track) -> bool| {
        turn.touched().iter().any(|t| names(spec, t) && f(t))
    };
    tokens.iter().all(|tok| {
        let spec = tok.specifier;
        match tok.property {
            // A moved piece ending or dying there, or a piece that never moved standing
            // there.
            Property::Destination(sq) => {
                named(spec, &|t| t.at == sq) || turn.untouched(sq).is_some_and(|t| names(spec, &t))
            }
            // Only touched pieces can be captured.
            Property::Capture => named(spec, &|t| t.captured),
            Property::Steps(_) => true,
        }
    }) && directions_in_order(tokens, None, turn)
}

/// Whether the step sequence `mv`, played from `pos`, is a legal turn that satisfies
/// `tokens` (by the reference's reading).
pub fn move_satisfies(pos: &Position, mv: &Move, tokens: &[Token]) -> bool {
    let mut p = pos.clone();
    let mut path = Vec::new();
    for &s in mv.steps() {
        match p.play_step(s) {
            Ok(e) => path.push(e),
            Err(_) => return false,
        }
    }
    p.check_end_turn().is_ok() && satisfied(tokens, &tracks(pos.board(), &path))
}

/// The number of pieces the step sequence `mv` displaces from `pos`.
pub fn displaced_by(pos: &Position, mv: &Move) -> usize {
    let mut p = pos.clone();
    let path: Vec<StepEffect> = mv
        .steps()
        .iter()
        .map(|&s| p.play_step(s).expect("legal step"))
        .collect();
    tracks(pos.board(), &path)
        .touched()
        .iter()
        .filter(|t| t.displaced())
        .count()
}

/// The best bucket found so far for one string.
#[derive(Default)]
struct Best {
    bucket: Option<(u8, u8)>,
    boards: HashMap<Board, Move>,
}

/// Counts of one walk.
#[derive(Debug, Clone, Copy, Default)]
pub struct WalkStats {
    /// Step sequences visited (every node below the root).
    pub nodes: u64,
    /// Nodes where the turn may end.
    pub ends: u64,
}

/// Calls `f` with the step effects and the position at every point of every legal
/// step sequence from `pos` where the turn may end (at least one step, no push under
/// way, the board differs from the turn's start board).
pub fn walk(pos: &Position, f: &mut impl FnMut(&[StepEffect], &Position)) -> WalkStats {
    fn go(
        p: &Position,
        path: &mut Vec<StepEffect>,
        stats: &mut WalkStats,
        f: &mut impl FnMut(&[StepEffect], &Position),
    ) {
        if !path.is_empty() && p.check_end_turn().is_ok() {
            stats.ends += 1;
            f(path, p);
        }
        if p.steps_left() == 0 {
            return;
        }
        for &s in p.legal_steps().iter() {
            let mut q = p.clone();
            let eff = q.play_step(s).expect("generated steps are legal");
            stats.nodes += 1;
            path.push(eff);
            go(&q, path, stats, f);
            path.pop();
        }
    }
    let mut stats = WalkStats::default();
    go(pos, &mut Vec::with_capacity(MAX_STEPS), &mut stats, f);
    stats
}

/// The reference verdict for each token list in `strings`, from one walk of `pos`.
pub fn judge(pos: &Position, strings: &[Vec<Token>]) -> (Vec<Verdict>, WalkStats) {
    let mut best: Vec<Best> = strings.iter().map(|_| Best::default()).collect();
    let start = *pos.board();
    let stats = walk(pos, &mut |path, end| {
        let ts = tracks(&start, path);
        let steps = path.len() as u8;
        let displaced = ts.touched().iter().filter(|t| t.displaced()).count() as u8;
        let key = (steps, displaced);
        for (tokens, b) in strings.iter().zip(best.iter_mut()) {
            if b.bucket.is_some_and(|k| k < key) || !satisfied(tokens, &ts) {
                continue;
            }
            if b.bucket != Some(key) {
                b.bucket = Some(key);
                b.boards.clear();
            }
            let mv = Move::from_steps(&path.iter().map(step_of).collect::<Vec<_>>())
                .expect("at most four steps");
            b.boards.entry(*end.board()).or_insert(mv);
        }
    });
    let verdicts = best
        .into_iter()
        .map(|b| match (b.bucket, b.boards.len()) {
            (None, _) => Verdict::NoMatch,
            (Some((steps, displaced)), 1) => {
                let (board, witness) = b.boards.into_iter().next().expect("one board");
                Verdict::Move {
                    board,
                    steps,
                    displaced,
                    witness,
                }
            }
            (Some(_), n) => Verdict::Ambiguous(n),
        })
        .collect();
    (verdicts, stats)
}

fn step_of(e: &StepEffect) -> arimaa::Step {
    arimaa::Step::new(e.from, e.dir())
}
