//! Differential tests of the crate's Lightvector resolver and writer against the plain
//! reference resolver of `tests/support/lv_reference.rs` (every legal step sequence
//! walked, tokens checked literally, the resolution rule applied as stated).
//!
//! Inputs: the turns of the two archive files `tests/data/allgames202602.tsv` and
//! `tests/data/allgames201111-sample.tsv` (10,891 moves), and moves of random play from
//! positions reached from archive positions (a seeded generator: from an archive
//! position 0-3 random moves, then a move drawn uniformly from all distinct moves, or
//! only from the capturing moves, or only from the moves displacing two or more enemy
//! pieces). For each move: the string `lightvector::write_move` returns, the explicit
//! form (one `<letter><start><end>` or `<letter><start>x` token per displaced or
//! captured piece), and perturbed strings of both (a token dropped, a square changed, a
//! letter changed).
//!
//! Checks, per string: the crate (`Lightvector::resolve`) and the reference give the same
//! verdict: the same board (and the crate's move has the reference's bucket and
//! satisfies the tokens by the reference's reading), the same ambiguity count
//! (`IllegalLightvector::Ambiguous`), or no match (any other error). Per move: the written
//! string resolves, by the reference, to exactly the move's board.
//!
//! `cargo test --test lightvector_rules` runs a subset sized for CI (one archive
//! move in 40, 90 random moves, and the moves found wrong before, `REPORTED`): about 20 s
//! of CPU time. The whole set (10,891 archive moves, 5,000 random ones and the reported
//! moves) takes about 20 minutes of CPU time and runs with
//!
//! ```text
//! LV_DIFF=full cargo test --test lightvector_rules -- --nocapture
//! ```
//!
//! which prints the counts and writes every mismatch, one per line, to the file named by
//! `LV_DIFF_OUT` (default `lightvector-mismatches.txt` in `target/tmp/`, Cargo's scratch
//! directory for integration tests in the target directory in use). `LV_DIFF_THREADS` sets
//! the number of threads (default: the available parallelism).

mod support;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use arimaa::notation::lightvector::{
    self, IllegalLightvector, Lightvector, Property, Specifier, Token,
};
use arimaa::notation::record::Archive;
use arimaa::{Color, Move, Piece, PieceKind, Position, Square, StepEffect, Turn};
use support::lightvector::splitmix;
use support::lv_reference::{judge, move_satisfies, tracks, Verdict};

const FEB_2026: &str = include_str!("data/allgames202602.tsv");
const NOV_2011: &str = include_str!("data/allgames201111-sample.tsv");

/// One move to check, with where it comes from.
#[derive(Clone)]
struct Case {
    pos: Position,
    mv: Move,
    origin: String,
    /// Strings to check besides the ones made from the move.
    extra: Vec<String>,
}

/// Every movement turn of both archive files, with the position before it.
fn archive_cases() -> Vec<Case> {
    let mut out = Vec::new();
    for text in [FEB_2026, NOV_2011] {
        let archive: Archive = text.parse().expect("archive reads");
        for g in &archive.games {
            let r = g.replay();
            assert!(r.failure().is_none(), "game {} replays", g.id());
            let moves: Vec<Move> = r
                .game()
                .history()
                .iter()
                .filter_map(|t| match t {
                    Turn::Move { mv, .. } => Some(*mv),
                    Turn::Setup(_) => None,
                })
                .collect();
            let positions = r.positions();
            assert_eq!(positions.len(), moves.len() + 1, "game {}", g.id());
            for (i, (pos, mv)) in positions.iter().zip(&moves).enumerate() {
                let label = format!("{}{}", i / 2 + 2, pos.side_to_move().char());
                out.push(Case {
                    pos: pos.clone(),
                    mv: *mv,
                    origin: format!("game {} {label}", g.id()),
                    extra: Vec::new(),
                });
            }
        }
    }
    out
}

/// Moves found wrong (issue 11, and the full run of this test on the crate as it was
/// then), in official notation, with the strings that went wrong: always checked.
/// The comment says what the crate did and what the rule says.
const REPORTED: [(&str, &str, &str, &str); 11] = [
    (
        "game 669188 18g",
        "g [    rr   cr  r        cr   r     rE  H  rdHdehMhCRmDDRCR RRR R R]",
        "Ca2s ra3s db3w Hc3w",
        // Written "da3", which the crate's reader rejected: the move itself (4, 4).
        "da3",
    ),
    (
        "random play",
        "s [rrrc rrr rc   d m Eh      M  d     R   rH     ehR C  DHR R   RRR]",
        "eg3w ef3x Hg2n Rh2w hh3s",
        // Written "Rh2g2", which is ambiguous (2) by the rule; the crate rejected it.
        "Rh2g2",
    ),
    (
        "game 669211 15s",
        "s [ r  rrm rrr rREc chddHh RM  De R     H     C  DrRCR  R    R  R  ]",
        "re7w de6n de7s Rf7w Hf6x",
        // Written "Hx", rejected; a perturbed "re7d7 Hf6x" too.
        "Hx|re7d7 Hf6x",
    ),
    (
        "game 669266 44g",
        "g [        r r   dcH  rd HR mEcCrR hM r h  RCreDR    RDRR          ]",
        "Ec5s cd5w rd4n Ec4e",
        // Written "rd5", rejected.
        "rd5",
    ),
    (
        "random play",
        "g [r  rD  rrcrdr   Hh Er d R Re   c  C   HR D  R R      C       R  ]",
        "De8e re7n dd7e Ed6n",
        // Written "de7", rejected.
        "de7",
    ),
    (
        "random play",
        "g [    r     ccrrr r   Edhr m   eMRd   R   rH  D R CRDC R   RR  R  ]",
        "Mg5s hg6s df6e Ee6e Ef6x",
        // Written "dg6", rejected.
        "dg6",
    ),
    (
        "game 669230 13s",
        "s [rr r rrr  r r c dm E  H    h      e      hM     R D  D RRRRCCRRR]",
        "ec4w hb3s Dc2e Mc3x hb2e",
        // Written "Mx"; the crate resolved it to this move, (4, 3), but
        // "ec4w hb3s hb2n Dc2w Mc3x" also kills the camel in (4, 2).
        "Mx",
    ),
    (
        "game 669253 22g",
        "g [rrrc rrrrc d  M  H    e      E       r   D  DhR   CR  CRRRR R R ]",
        "rf4w hf3x Ef5s Ef4n re4e",
        // "hf3x": the crate said ambiguous (2); five boards in (2, 2): the elephant
        // pushes the rabbit east or west, or pulls it north stepping east, west or
        // north (dying on f6).
        "hf3x",
    ),
    (
        "random play",
        "s [r rr rc rc   r   M          E   r  C    R  De  r H  Rh  RR R  RR]",
        "hf2n Re2e ee3s hf3x Dd3e",
        // Written "ee2 De", which is ambiguous (3); the crate rejected it.
        "ee2 De",
    ),
    (
        "game 669188 25g",
        "g [    rr   cr  r        c    rd  rd rD  eM H mEC  rR  DRh CRRR RRR]",
        "md3w Ee3w rc4w mc3x Dd4w",
        // A perturbed "mx": the crate said ambiguous (2); three boards in (4, 4) (the
        // dog pushes the rabbit north or west, or pulls it east).
        "mx",
    ),
    (
        "random play",
        "s [     r   r rr rrr  Eh mdhcce d    RR    RHR  CR     R  D  CR   R]",
        "df5e dg5s dg4w Rg3n Cf3x",
        // A perturbed "Cx": the crate said ambiguous (8); ten boards in (4, 2).
        "Cx",
    ),
];

/// The moves of `REPORTED`.
fn reported_cases() -> Vec<Case> {
    REPORTED
        .iter()
        .map(|(origin, pos, mv, strings)| {
            let pos: Position = pos.parse().expect("position reads");
            let mv = arimaa::notation::official::parse_move(&pos, mv).expect("move reads");
            Case {
                origin: format!("reported: {origin}"),
                pos,
                mv,
                extra: strings.split('|').map(str::to_string).collect(),
            }
        })
        .collect()
}

/// How a random move is drawn.
#[derive(Clone, Copy, Debug)]
enum Draw {
    Uniform,
    Capturing,
    TwoEnemies,
}

/// What each step of `mv` (legal in `pos`) did, in order.
fn step_effects(pos: &Position, mv: &Move) -> Vec<StepEffect> {
    let mut p = pos.clone();
    mv.steps()
        .iter()
        .map(|&s| p.play_step(s).expect("legal"))
        .collect()
}

/// The number of enemy pieces `mv` displaces or captures.
fn enemies_displaced(pos: &Position, mv: &Move) -> usize {
    tracks(pos.board(), &step_effects(pos, mv))
        .touched()
        .iter()
        .filter(|t| t.piece.color != pos.side_to_move() && (t.displaced() || t.captured))
        .count()
}

/// `n` random moves of the given kind, from positions reached from archive positions.
fn random_cases(archive: &[Case], n: usize, draw: Draw, seed: u64) -> Vec<Case> {
    let mut rng = splitmix(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let k = (rng() % archive.len() as u64) as usize;
        let mut pos = archive[k].pos.clone();
        let plies = rng() % 4;
        let mut ok = true;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                ok = false;
                break;
            }
            let mv = moves[(rng() % moves.len() as u64) as usize];
            pos = pos.after(&mv).expect("generated move is legal");
        }
        if !ok {
            continue;
        }
        let moves: Vec<Move> = match draw {
            Draw::Uniform => pos.legal_moves(),
            Draw::Capturing => {
                let before = pos.board().occupied().count();
                pos.legal_moves()
                    .into_iter()
                    .filter(|m| pos.after(m).expect("legal").board().occupied().count() < before)
                    .collect()
            }
            Draw::TwoEnemies => pos
                .legal_moves()
                .into_iter()
                .filter(|m| enemies_displaced(&pos, m) >= 2)
                .collect(),
        };
        if moves.is_empty() {
            continue;
        }
        let mv = moves[(rng() % moves.len() as u64) as usize];
        out.push(Case {
            origin: format!("random {draw:?} from {} +{plies}", archive[k].origin),
            pos,
            mv,
            extra: Vec::new(),
        });
    }
    out
}

/// The explicit form of `mv`: `<letter><start><end>` per displaced piece,
/// `<letter><start>x` per captured piece, in the order the move first touches them.
fn explicit(pos: &Position, mv: &Move) -> Vec<Token> {
    tracks(pos.board(), &step_effects(pos, mv))
        .touched()
        .iter()
        .filter(|t| t.captured || t.displaced())
        .map(|t| {
            let prop = if t.captured {
                Property::Capture
            } else {
                Property::Destination(t.at)
            };
            Token::new(Specifier::PieceOn(t.piece, t.start), prop)
        })
        .collect()
}

/// The role of a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Role {
    Reported,
    Written,
    Explicit,
    Perturbed,
}

fn text_of(tokens: &[Token]) -> String {
    tokens
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A square next to `sq` (or `sq` itself when `pick` says so is impossible), chosen by
/// `pick`.
fn other_square(sq: Square, pick: u64) -> Square {
    let near: Vec<Square> = arimaa::Bitboard::adjacent(sq).iter().collect();
    near[(pick % near.len() as u64) as usize]
}

/// Another piece letter: another kind of the same colour, or the other colour.
fn other_piece(p: Piece, pick: u64) -> Piece {
    let kinds = [
        PieceKind::Rabbit,
        PieceKind::Cat,
        PieceKind::Dog,
        PieceKind::Horse,
        PieceKind::Camel,
        PieceKind::Elephant,
    ];
    if pick % 3 == 0 {
        return Piece::new(!p.color, p.kind);
    }
    let others: Vec<PieceKind> = kinds.into_iter().filter(|k| *k != p.kind).collect();
    Piece::new(p.color, others[(pick % others.len() as u64) as usize])
}

/// Perturbed copies of `tokens`: one token dropped, one square changed (specifier or
/// destination), one letter changed.
fn perturbed(tokens: &[Token], rng: &mut impl FnMut() -> u64) -> Vec<Vec<Token>> {
    let mut out = Vec::new();
    if tokens.len() > 1 {
        let mut t = tokens.to_vec();
        t.remove((rng() % tokens.len() as u64) as usize);
        out.push(t);
    }
    let i = (rng() % tokens.len() as u64) as usize;
    let tok = tokens[i];
    let pick = rng();
    let changed = match (tok.property, tok.specifier.square()) {
        (Property::Destination(d), Some(s)) if pick % 2 == 0 => Token::new(
            Specifier::from_parts(tok.specifier.piece(), Some(other_square(s, rng())))
                .expect("a square"),
            Property::Destination(d),
        ),
        (Property::Destination(d), _) => {
            Token::new(tok.specifier, Property::Destination(other_square(d, rng())))
        }
        (p, Some(s)) => Token::new(
            Specifier::from_parts(tok.specifier.piece(), Some(other_square(s, rng())))
                .expect("a square"),
            p,
        ),
        (p, None) => {
            // No square: add one, the piece's square in some other place.
            let sq = Square::ALL[(pick % 64) as usize];
            Token::new(
                Specifier::from_parts(tok.specifier.piece(), Some(sq)).expect("a square"),
                p,
            )
        }
    };
    let mut t = tokens.to_vec();
    t[i] = changed;
    out.push(t);
    let i = (rng() % tokens.len() as u64) as usize;
    let tok = tokens[i];
    let letter = match tok.specifier {
        Specifier::Piece(p) => Specifier::Piece(other_piece(p, rng())),
        Specifier::PieceOn(p, s) => Specifier::PieceOn(other_piece(p, rng()), s),
        // A bare square gets a letter.
        Specifier::Square(s) => {
            let kind = [PieceKind::Rabbit, PieceKind::Elephant][(rng() % 2) as usize];
            let color = if rng() % 2 == 0 {
                Color::Gold
            } else {
                Color::Silver
            };
            Specifier::PieceOn(Piece::new(color, kind), s)
        }
    };
    let mut t = tokens.to_vec();
    t[i] = Token::new(letter, tok.property);
    out.push(t);
    out
}

/// The kinds of disagreement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// The crate finds no match; the reference resolves.
    CrateRejectsRefResolves,
    /// Both resolve, to different boards.
    DifferentBoard,
    /// Both say ambiguous, with different counts.
    AmbiguityCount,
    /// The crate resolves; the reference says ambiguous or no match.
    CrateResolvesRefNot,
    /// The crate says ambiguous; the reference resolves or finds no match.
    CrateAmbiguousRefNot,
    /// The crate finds no match; the reference says ambiguous.
    CrateRejectsRefAmbiguous,
    /// Same board, but the crate's move or bucket is not the reference's (more steps,
    /// another displacement count, or a step sequence that does not satisfy the tokens).
    CrateMoveNotInBucket,
    /// The written string does not resolve, by the reference, to the move's board.
    WrittenNotTheMove,
    /// The writer returned an error or a string the crate cannot read.
    WriterError,
}

struct Mismatch {
    kind: Kind,
    line: String,
}

/// A move in official notation (the steps as they are if it is not legal).
fn official(pos: &Position, mv: &Move) -> String {
    arimaa::notation::official::write_move(pos, mv).unwrap_or_else(|_| format!("{mv:?}"))
}

/// The reference's verdict, moves in official notation.
fn reference_verdict(pos: &Position, v: &Verdict) -> String {
    match v {
        Verdict::Move {
            steps,
            displaced,
            witness,
            ..
        } => format!("move[{steps},{displaced}] {}", official(pos, witness)),
        v => v.short(),
    }
}

/// The crate's verdict, moves in official notation.
fn crate_verdict(
    pos: &Position,
    r: &Result<arimaa::notation::lightvector::Resolved, IllegalLightvector>,
) -> String {
    match r {
        Ok(r) => format!("move[{},{}] {}", r.steps, r.displaced, official(pos, &r.mv)),
        Err(IllegalLightvector::Ambiguous { count }) => format!("ambiguous({count})"),
        Err(e) => format!("no match ({e})"),
    }
}

/// Totals of a run.
#[derive(Default)]
struct Totals {
    moves: usize,
    strings: usize,
    by_role: BTreeMap<String, usize>,
    verdicts: BTreeMap<String, usize>,
    agreements: usize,
    mismatches: Vec<Mismatch>,
    nodes: u64,
    slowest: (Duration, String),
}

/// Checks one move: every string's crate verdict against the reference's.
fn check_case(case: &Case, seed: u64, totals: &Mutex<Totals>) {
    let pos = &case.pos;
    let mv = &case.mv;
    let want = *pos.after(mv).expect("legal move").board();
    let mut rng = splitmix(seed);
    let mut mismatches = Vec::new();
    let head = format!("{} | {pos} | move {}", case.origin, official(pos, mv));

    let written_text = match lightvector::write_move(pos, mv) {
        Ok(t) => Some(t),
        Err(e) => {
            mismatches.push(Mismatch {
                kind: Kind::WriterError,
                line: format!("{head} | writer error: {e}"),
            });
            None
        }
    };
    let written: Option<Vec<Token>> =
        written_text
            .as_ref()
            .and_then(|t| match t.parse::<Lightvector>() {
                Ok(lv) => Some(lv.tokens().to_vec()),
                Err(e) => {
                    mismatches.push(Mismatch {
                        kind: Kind::WriterError,
                        line: format!("{head} | written {t:?} does not parse: {e}"),
                    });
                    None
                }
            });
    let ex = explicit(pos, mv);
    let mut strings: Vec<(Role, Vec<Token>)> = Vec::new();
    for text in &case.extra {
        let lv: Lightvector = text.parse().expect("reported strings read");
        strings.push((Role::Reported, lv.tokens().to_vec()));
    }
    if let Some(w) = &written {
        strings.push((Role::Written, w.clone()));
    }
    strings.push((Role::Explicit, ex.clone()));
    if let Some(w) = &written {
        for p in perturbed(w, &mut rng) {
            strings.push((Role::Perturbed, p));
        }
    }
    for p in perturbed(&ex, &mut rng) {
        strings.push((Role::Perturbed, p));
    }
    // The same token list once (the first role wins); the text goes through the crate's
    // reader so that both sides judge the tokens it reads.
    let mut unique: Vec<(Role, Vec<Token>, String)> = Vec::new();
    for (role, toks) in strings {
        let text = text_of(&toks);
        let Ok(lv) = text.parse::<Lightvector>() else {
            continue;
        };
        let toks = lv.tokens().to_vec();
        if unique.iter().all(|(_, t, _)| *t != toks) {
            unique.push((role, toks, text));
        }
    }
    let lists: Vec<Vec<Token>> = unique.iter().map(|(_, t, _)| t.clone()).collect();
    let t0 = Instant::now();
    let (verdicts, stats) = judge(pos, &lists);
    let took = t0.elapsed();

    let mut agreements = 0;
    let mut verdict_counts: Vec<String> = Vec::new();
    for ((role, toks, text), reference) in unique.iter().zip(&verdicts) {
        let lv = Lightvector::new(toks.clone()).expect("at most 16 tokens");
        let ours = lv.resolve(pos);
        let kind = match (&ours, reference) {
            (
                Ok(r),
                Verdict::Move {
                    board,
                    steps,
                    displaced,
                    ..
                },
            ) => {
                let got = pos.after(&r.mv).map(|p| *p.board());
                if got.as_ref().ok() != Some(board) {
                    Some(Kind::DifferentBoard)
                } else if r.steps != *steps
                    || r.mv.len() != usize::from(*steps)
                    || r.displaced != *displaced
                    || support::lv_reference::displaced_by(pos, &r.mv) != usize::from(*displaced)
                    || !move_satisfies(pos, &r.mv, toks)
                {
                    Some(Kind::CrateMoveNotInBucket)
                } else {
                    None
                }
            }
            (Ok(_), _) => Some(Kind::CrateResolvesRefNot),
            (Err(IllegalLightvector::Ambiguous { count }), Verdict::Ambiguous(n)) => {
                (count != n).then_some(Kind::AmbiguityCount)
            }
            (Err(IllegalLightvector::Ambiguous { .. }), _) => Some(Kind::CrateAmbiguousRefNot),
            (Err(_), Verdict::Move { .. }) => Some(Kind::CrateRejectsRefResolves),
            (Err(_), Verdict::Ambiguous(_)) => Some(Kind::CrateRejectsRefAmbiguous),
            (Err(_), Verdict::NoMatch) => None,
        };
        verdict_counts.push(
            match reference {
                Verdict::Move { .. } => "reference move",
                Verdict::NoMatch => "reference no match",
                Verdict::Ambiguous(_) => "reference ambiguous",
            }
            .to_string(),
        );
        match kind {
            None => agreements += 1,
            Some(kind) => mismatches.push(Mismatch {
                kind,
                line: format!(
                    "{head} | {role:?} {text:?} | crate {} | reference {}",
                    crate_verdict(pos, &ours),
                    reference_verdict(pos, reference)
                ),
            }),
        }
    }
    // The written string must mean the move, by the reference.
    if let Some(w) = &written {
        let i = unique
            .iter()
            .position(|(_, t, _)| t == w)
            .expect("the written list is judged");
        let ok = matches!(&verdicts[i], Verdict::Move { board, .. } if *board == want);
        if !ok {
            mismatches.push(Mismatch {
                kind: Kind::WrittenNotTheMove,
                line: format!(
                    "{head} | written {:?} | reference {}",
                    unique[i].2,
                    reference_verdict(pos, &verdicts[i])
                ),
            });
        }
    }

    let mut t = totals.lock().expect("no thread panicked holding the lock");
    t.moves += 1;
    t.strings += unique.len();
    for (role, _, _) in &unique {
        *t.by_role.entry(format!("{role:?}")).or_default() += 1;
    }
    for v in verdict_counts {
        *t.verdicts.entry(v).or_default() += 1;
    }
    t.agreements += agreements;
    t.nodes += stats.nodes;
    if took > t.slowest.0 {
        t.slowest = (took, format!("{pos} ({} nodes)", stats.nodes));
    }
    t.mismatches.extend(mismatches);
}

/// Runs `cases` on the configured number of threads.
fn run(cases: &[Case]) -> Totals {
    let threads: usize = std::env::var("LV_DIFF_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let totals = Mutex::new(Totals::default());
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(case) = cases.get(i) else {
                    break;
                };
                check_case(case, 0x5eed ^ i as u64, &totals);
            });
        }
    });
    totals.into_inner().expect("no thread panicked")
}

fn full() -> bool {
    std::env::var("LV_DIFF").is_ok_and(|v| v == "full")
}

#[test]
fn crate_agrees_with_the_reference() {
    let start = Instant::now();
    let archive = archive_cases();
    assert_eq!(
        archive.len(),
        10_891,
        "movement turns of the two archive files"
    );
    let (every, uniform, capturing, two) = if full() {
        (1, 3000, 1000, 1000)
    } else {
        (40, 60, 15, 15)
    };
    let mut cases = reported_cases();
    let reported = cases.len();
    cases.extend(archive.iter().step_by(every).cloned());
    cases.extend(random_cases(&archive, uniform, Draw::Uniform, 1));
    cases.extend(random_cases(&archive, capturing, Draw::Capturing, 2));
    cases.extend(random_cases(&archive, two, Draw::TwoEnemies, 3));
    let prepared = start.elapsed();
    let mut totals = run(&cases);
    let elapsed = start.elapsed();

    totals
        .mismatches
        .sort_by(|a, b| a.kind.cmp(&b.kind).then(a.line.cmp(&b.line)));
    let mut by_kind: BTreeMap<Kind, usize> = BTreeMap::new();
    for m in &totals.mismatches {
        *by_kind.entry(m.kind).or_default() += 1;
    }
    let mut report = String::new();
    let _ = writeln!(
        report,
        "lightvector differential ({}): {} moves ({reported} reported, {} archive, {} random), {} strings {:?}, \
         reference verdicts {:?}, {} agreements, {} mismatches {:?}; {} reference nodes; \
         {:.1?} total ({:.1?} preparing); slowest walk {:.1?} on {}",
        if full() { "full" } else { "CI subset" },
        totals.moves,
        archive.len().div_ceil(every),
        uniform + capturing + two,
        totals.strings,
        totals.by_role,
        totals.verdicts,
        totals.agreements,
        totals.mismatches.len(),
        by_kind,
        totals.nodes,
        elapsed,
        prepared,
        totals.slowest.0,
        totals.slowest.1,
    );
    println!("{report}");
    if full() {
        // Cargo's scratch directory for integration tests, inside the target directory
        // in use (`CARGO_TARGET_DIR` included).
        let path = std::env::var("LV_DIFF_OUT").unwrap_or_else(|_| {
            format!("{}/lightvector-mismatches.txt", env!("CARGO_TARGET_TMPDIR"))
        });
        let mut body = report.clone();
        for m in &totals.mismatches {
            let _ = writeln!(body, "{:?} | {}", m.kind, m.line);
        }
        std::fs::write(&path, body).expect("mismatch file written");
        println!("mismatches written to {path}");
    }
    let shown: Vec<String> = totals
        .mismatches
        .iter()
        .take(40)
        .map(|m| format!("{:?} | {}", m.kind, m.line))
        .collect();
    assert!(
        totals.mismatches.is_empty(),
        "{report}\n{}{}",
        shown.join("\n"),
        if totals.mismatches.len() > shown.len() {
            format!("\n... and {} more", totals.mismatches.len() - shown.len())
        } else {
            String::new()
        }
    );
}
