//! Resolution: the legal move a set of tokens identifies in a position.

use std::collections::HashSet;

use crate::{Board, Direction, Move, Piece, PieceKind, Position, Square};

use super::goals::{behind, Goals};
use super::node::Node;
use super::search::{Flow, MixBuild, Search, Table};
use super::syntax::{Property, Specifier, Token};

/// How ties are settled.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ResolveOptions {
    /// Abstract Play's lenient input mode: when the fewest-steps, fewest-displaced
    /// turns still reach several boards, keep those losing the fewest own pieces, then
    /// those capturing the most enemy pieces. Off by default (the strict reading).
    pub lenient: bool,
}

/// A resolved move with the bucket it was chosen from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Resolved {
    /// A step sequence satisfying every token, with the fewest steps.
    pub mv: Move,
    /// The number of steps of the bucket (and of `mv`).
    pub steps: u8,
    /// The number of pieces the move displaces (end or capture square differs from
    /// the start square).
    pub displaced: u8,
}

/// Why tokens do not identify exactly one legal move: the illegal-move error of
/// Lightvector notation. No legal turn satisfies the tokens (one token on its own, with
/// the reason; two tokens that are the legs of one path; or all of them together), or
/// several boards fit equally well ([`IllegalLightvector::Ambiguous`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalLightvector {
    /// The turn has no steps left to take.
    #[error("the turn has no steps left")]
    NoStepsLeft,
    /// The side to move has no legal turn at all.
    #[error("no legal move: the side to move cannot move")]
    NoLegalMove,
    /// The token names a piece letter that is not on the board.
    #[error("no legal move matches {token}: there is no {} {} on the board", .piece.color, .piece.kind)]
    NoSuchPiece {
        /// The token that no legal turn satisfies.
        token: Token,
        /// The piece letter.
        piece: Piece,
    },
    /// The token's piece belongs to the opponent and cannot be pushed or pulled that
    /// way.
    #[error(
        "no legal move matches {token}: the {} {}{} belongs to the opponent, and no piece can push or pull it as written within {steps} steps",
        .piece.color, .piece.kind, on(*.square)
    )]
    Enemy {
        /// The token that no legal turn satisfies.
        token: Token,
        /// The piece.
        piece: Piece,
        /// Its square, when the token names one.
        square: Option<Square>,
        /// The steps the turn has.
        steps: u8,
    },
    /// The token's piece is frozen and nothing can free it in time.
    #[error("no legal move matches {token}: the {} {} on {square} is frozen, and nothing can free it in time", .piece.color, .piece.kind)]
    Frozen {
        /// The token that no legal turn satisfies.
        token: Token,
        /// The piece.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// The token's rabbit would have to move backwards on its own.
    #[error("no legal move matches {token}: the {} rabbit{} may not move backwards", .color, on(*.square))]
    Backwards {
        /// The token that no legal turn satisfies.
        token: Token,
        /// The rabbit's colour.
        color: crate::Color,
        /// Its square, when the token names one.
        square: Option<Square>,
    },
    /// The token's piece cannot get there in time.
    #[error("no legal move matches {token}: the piece on {from} cannot get to {to} within {steps} steps")]
    OutOfReach {
        /// The token that no legal turn satisfies.
        token: Token,
        /// Where the piece stands.
        from: Square,
        /// Where the token sends it.
        to: Square,
        /// The steps the turn has.
        steps: u8,
    },
    /// No piece of the token's kind can get there in time.
    #[error("no legal move matches {token}: no {} {} can get to {to} within {steps} steps", .piece.color, .piece.kind)]
    NoneInReach {
        /// The token that no legal turn satisfies.
        token: Token,
        /// The piece letter.
        piece: Piece,
        /// Where the token sends it.
        to: Square,
        /// The steps the turn has.
        steps: u8,
    },
    /// No legal turn does what the token says (no more precise reason found).
    #[error("no legal move matches {token}: no legal turn of at most {steps} steps does that")]
    Impossible {
        /// The token that no legal turn satisfies.
        token: Token,
        /// The steps the turn has.
        steps: u8,
    },
    /// Two arrows were drawn for one piece's path: one token per piece, from where it
    /// starts to where it ends.
    #[error("no legal move matches: one token per piece, from where it starts to where it ends: {first} and {second} together are {combined}")]
    Chain {
        /// The first leg.
        first: Token,
        /// The second leg, starting where the first ends.
        second: Token,
        /// The single token meant.
        combined: Token,
    },
    /// Every token can be satisfied alone, but not all of them in one turn.
    #[error("no legal move matches: each token works on its own, but not all of them within {steps} steps")]
    Together {
        /// The steps the turn has.
        steps: u8,
    },
    /// Several different resulting boards fit equally well.
    #[error("ambiguous: that fits {count} different moves; say where another piece ends up")]
    Ambiguous {
        /// How many different boards.
        count: usize,
    },
}

impl IllegalLightvector {
    /// The token that no legal turn satisfies even on its own, for the errors about a
    /// single token (`NoSuchPiece`, `Enemy`, `Frozen`, `Backwards`, `OutOfReach`,
    /// `NoneInReach`, `Impossible`); `None` for the others.
    #[must_use]
    pub fn token(&self) -> Option<Token> {
        match self {
            IllegalLightvector::NoSuchPiece { token, .. }
            | IllegalLightvector::Enemy { token, .. }
            | IllegalLightvector::Frozen { token, .. }
            | IllegalLightvector::Backwards { token, .. }
            | IllegalLightvector::OutOfReach { token, .. }
            | IllegalLightvector::NoneInReach { token, .. }
            | IllegalLightvector::Impossible { token, .. } => Some(*token),
            IllegalLightvector::NoStepsLeft
            | IllegalLightvector::NoLegalMove
            | IllegalLightvector::Chain { .. }
            | IllegalLightvector::Together { .. }
            | IllegalLightvector::Ambiguous { .. } => None,
        }
    }
}

fn on(square: Option<Square>) -> String {
    square.map_or(String::new(), |s| format!(" on {s}"))
}

/// One board of the winning bucket.
pub(super) struct Candidate {
    pub board: Board,
    pub mv: Move,
    own_lost: u32,
    enemy_lost: u32,
}

/// The turns the resolution rule keeps: those of the fewest steps, then the fewest
/// displaced pieces, one per board.
pub(super) struct Bucket {
    /// Their steps.
    pub steps: u32,
    /// Their displaced pieces.
    pub displaced: u32,
    /// One turn per board.
    pub cands: Vec<Candidate>,
}

/// The resolution rule's search: for step limits 1, 2, ... `max_steps`, the turns of
/// exactly that many steps from `pos` satisfying `goals`; the first limit with any gives
/// the bucket. `stop` sees every satisfying turn found, with its step count, and may end
/// the search at once; then, or when no turn of at most `max_steps` steps satisfies the
/// tokens, the answer is `None`.
pub(super) fn first_bucket(
    pos: &Position,
    goals: &Goals,
    max_steps: u32,
    table: &mut Table,
    stop: &mut dyn FnMut(u32, &Node) -> bool,
) -> Option<Bucket> {
    let side = pos.side_to_move();
    let root = Node::root(pos);
    let mut search = Search::new(goals, None, pos.turn_start_board(), table);

    for k in 1..=max_steps {
        let mut best = u32::MAX;
        let mut cands: Vec<Candidate> = Vec::new();
        let mut seen: HashSet<Board, MixBuild> = HashSet::default();

        let stopped = search.run(&root, k, true, &mut |node| {
            if stop(k, node) {
                return Flow::Stop;
            }

            let d = node.displaced();
            if d < best {
                best = d;
                cands.clear();
                seen.clear();
            }
            if d == best && seen.insert(*node.state.board()) {
                cands.push(Candidate {
                    board: *node.state.board(),
                    mv: node.mv,
                    own_lost: node.captured(side),
                    enemy_lost: node.captured(!side),
                });
            }
            Flow::Continue
        });

        if stopped {
            return None;
        }
        if !cands.is_empty() {
            return Some(Bucket {
                steps: k,
                displaced: best,
                cands,
            });
        }
    }
    None
}

/// The turns `tokens` leave in `pos` after the resolution rule and, with
/// `options.lenient`, its tie-break: one per board, with the bucket's step count and
/// displaced pieces. Never empty.
fn kept(
    pos: &Position,
    tokens: &[Token],
    options: ResolveOptions,
) -> Result<Bucket, IllegalLightvector> {
    let left = pos.steps_left();
    if left == 0 {
        return Err(IllegalLightvector::NoStepsLeft);
    }

    let goals = Goals::new(tokens, pos.side_to_move());
    let Some(mut bucket) = first_bucket(
        pos,
        &goals,
        u32::from(left),
        &mut Table::default(),
        &mut |_, _| false,
    ) else {
        return Err(diagnose(pos, tokens));
    };

    let cands = &mut bucket.cands;
    if options.lenient && cands.len() > 1 {
        let least_lost = cands.iter().map(|c| c.own_lost).min().unwrap_or(0);
        cands.retain(|c| c.own_lost == least_lost);
        let most_taken = cands.iter().map(|c| c.enemy_lost).max().unwrap_or(0);
        cands.retain(|c| c.enemy_lost == most_taken);
    }
    Ok(bucket)
}

/// Resolves `tokens` against `pos` (the rest of its turn, within its step cap).
pub(crate) fn resolve(
    pos: &Position,
    tokens: &[Token],
    options: ResolveOptions,
) -> Result<Resolved, IllegalLightvector> {
    let Bucket {
        steps,
        displaced,
        cands,
    } = kept(pos, tokens, options)?;

    match cands.as_slice() {
        [one] => {
            debug_assert!(one.board != *pos.turn_start_board());
            Ok(Resolved {
                mv: one.mv,
                steps: steps as u8,
                displaced: displaced as u8,
            })
        }
        many => Err(IllegalLightvector::Ambiguous { count: many.len() }),
    }
}

/// The moves `resolve` chooses among for `tokens` in `pos`: one per board, in the
/// order the search finds them, at most `limit` of them; empty when no move fits.
pub(crate) fn candidates(
    pos: &Position,
    tokens: &[Token],
    options: ResolveOptions,
    limit: usize,
) -> Vec<Move> {
    match kept(pos, tokens, options) {
        Ok(bucket) => bucket.cands.iter().take(limit).map(|c| c.mv).collect(),
        Err(_) => Vec::new(),
    }
}

/// Whether some legal turn (within the steps left) satisfies `tokens`.
fn satisfiable(pos: &Position, tokens: &[Token]) -> bool {
    let goals = Goals::new(tokens, pos.side_to_move());
    let root = Node::root(pos);
    let mut table = Table::default();
    let mut search = Search::new(&goals, None, pos.turn_start_board(), &mut table);
    search.run(&root, u32::from(pos.steps_left()), false, &mut |_| {
        Flow::Stop
    })
}

/// Says why no legal turn satisfies `tokens`.
fn diagnose(pos: &Position, tokens: &[Token]) -> IllegalLightvector {
    if !pos.has_legal_move() {
        return IllegalLightvector::NoLegalMove;
    }

    for &t in tokens {
        if !satisfiable(pos, &[t]) {
            return why(pos, t);
        }
    }

    // Two legs of one path: `Ee2e3 Ee3e4`.
    for &a in tokens {
        for &b in tokens {
            if let Some(combined) = chain(a, b) {
                return IllegalLightvector::Chain {
                    first: a,
                    second: b,
                    combined,
                };
            }
        }
    }

    IllegalLightvector::Together {
        steps: pos.steps_left(),
    }
}

/// `a` ends where `b` names its piece, with compatible letters: the two are legs of one
/// path and `combined` is the token meant.
fn chain(a: Token, b: Token) -> Option<Token> {
    let (Property::Destination(mid), Property::Destination(end)) = (a.property, b.property) else {
        return None;
    };
    if b.specifier.square() != Some(mid) {
        return None;
    }
    let piece = match (a.specifier.piece(), b.specifier.piece()) {
        (Some(x), Some(y)) if x != y => return None,
        (x, y) => x.or(y),
    };
    let spec = Specifier::from_parts(piece, a.specifier.square())?;
    Some(Token::new(spec, Property::Destination(end)))
}

/// Why the token `t`, which no legal turn satisfies, fails: by what its square holds
/// ([`why_on_square`]) or by its letter ([`why_by_letter`]).
fn why(pos: &Position, t: Token) -> IllegalLightvector {
    if let Some(sq) = t.specifier.square() {
        return why_on_square(pos, t, sq);
    }
    match t.specifier.piece() {
        Some(piece) => why_by_letter(pos, t, piece),
        None => IllegalLightvector::Impossible {
            token: t,
            steps: pos.steps_left(),
        },
    }
}

/// [`why`] for a token naming its square `sq`: no such piece there, an enemy piece, a
/// rabbit sent backwards, a frozen piece that cannot move this turn, or else out of
/// reach.
fn why_on_square(pos: &Position, t: Token, sq: Square) -> IllegalLightvector {
    let side = pos.side_to_move();
    let steps = pos.steps_left();
    let letter = t.specifier.piece();
    let Some(piece) = pos
        .board()
        .piece_at(sq)
        .filter(|p| letter.map_or(true, |l| l == *p))
    else {
        return IllegalLightvector::Impossible { token: t, steps };
    };

    if piece.color != side {
        return IllegalLightvector::Enemy {
            token: t,
            piece,
            square: Some(sq),
            steps,
        };
    }

    let goes_back = match t.property {
        Property::Destination(d) => behind(side, sq, d),
        Property::Steps(d) => d.as_slice().contains(&Direction::backwards(side)),
        Property::Capture => false,
    };
    if piece.kind == PieceKind::Rabbit && goes_back {
        return IllegalLightvector::Backwards {
            token: t,
            color: side,
            square: Some(sq),
        };
    }
    if let Some(frozen) = frozen_for_the_turn(pos, t, piece, sq) {
        return frozen;
    }

    match t.property {
        Property::Destination(to) => IllegalLightvector::OutOfReach {
            token: t,
            from: sq,
            to,
            steps,
        },
        _ => IllegalLightvector::Impossible { token: t, steps },
    }
}

/// [`why`] for a token naming a piece by its letter alone: no such piece, an enemy
/// piece, a rabbit sent backwards, the one such piece frozen for the turn or out of
/// reach, or none of them in reach.
fn why_by_letter(pos: &Position, t: Token, piece: Piece) -> IllegalLightvector {
    let side = pos.side_to_move();
    let steps = pos.steps_left();
    let pieces = pos.board().pieces(piece);
    if pieces.is_empty() {
        return IllegalLightvector::NoSuchPiece { token: t, piece };
    }

    if piece.color != side {
        return IllegalLightvector::Enemy {
            token: t,
            piece,
            square: None,
            steps,
        };
    }

    match t.property {
        Property::Steps(d)
            if piece.kind == PieceKind::Rabbit
                && d.as_slice().contains(&Direction::backwards(side)) =>
        {
            IllegalLightvector::Backwards {
                token: t,
                color: side,
                square: None,
            }
        }
        Property::Destination(to) => match (pieces.first(), pieces.count()) {
            (Some(from), 1) => {
                frozen_for_the_turn(pos, t, piece, from).unwrap_or(IllegalLightvector::OutOfReach {
                    token: t,
                    from,
                    to,
                    steps,
                })
            }
            _ => IllegalLightvector::NoneInReach {
                token: t,
                piece,
                to,
                steps,
            },
        },
        _ => IllegalLightvector::Impossible { token: t, steps },
    }
}

/// The error for `t` when the mover's `piece` on `sq` is frozen ([`Board::is_frozen`],
/// the rules' own test) and no legal turn moves it at all.
///
/// [`Board::is_frozen`]: crate::Board::is_frozen
fn frozen_for_the_turn(
    pos: &Position,
    t: Token,
    piece: Piece,
    sq: Square,
) -> Option<IllegalLightvector> {
    (pos.board().is_frozen(sq) && !can_move(pos, piece, sq)).then_some(IllegalLightvector::Frozen {
        token: t,
        piece,
        square: sq,
    })
}

/// Whether the piece on `sq` can take any step at all this turn.
fn can_move(pos: &Position, piece: Piece, sq: Square) -> bool {
    Direction::ALL.iter().any(|&d| {
        super::syntax::Directions::new(&[d]).is_some_and(|dirs| {
            satisfiable(
                pos,
                &[Token::new(
                    Specifier::PieceOn(piece, sq),
                    Property::Steps(dirs),
                )],
            )
        })
    })
}
