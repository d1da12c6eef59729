//! The Abstract Play vectors (`tests/data/abstractplay-vectors.txt`) for Lightvector
//! notation: token parsing, malformed tokens, resolution buckets and ambiguity,
//! unsatisfiable inputs, the game-level entry cases, and click coverage.
//!
//! Abstract Play's printer is not minimal, so where the vectors list the string it
//! writes, the test checks that the crate's string resolves to the same board and is
//! no longer.

mod support;

use arimaa::notation::lightvector::{
    self, IllegalLightvector, Lightvector, Property, ResolveOptions, Specifier, Token,
};
use arimaa::{Board, Color, Move, Position, Square, Step};
use support::lightvector::{free, position, resolution_cases, section, Expected};

fn after(pos: &Position, mv: &Move) -> Board {
    *pos.after(mv).expect("resolved move is legal").board()
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
    let cases = resolution_cases();
    for case in &cases {
        let (pos, input) = (&case.pos, case.input);
        let lv: Lightvector = input.parse().expect(input);
        let result = lv.resolve(pos);
        match &case.expected {
            Expected::Ambiguous => assert!(
                matches!(result, Err(IllegalLightvector::Ambiguous { .. })),
                "{input}: {result:?}"
            ),
            Expected::Unsatisfiable => assert!(
                matches!(
                    result,
                    Err(ref e) if e.token().is_some()
                        || matches!(e, IllegalLightvector::Together { .. } | IllegalLightvector::Chain { .. })
                ),
                "{input}: {result:?}"
            ),
            Expected::Resolved(want) => {
                let r = result.unwrap_or_else(|e| panic!("{input}: {e}"));
                if let Some(bucket) = want.bucket {
                    assert_eq!((r.steps, r.displaced), bucket, "{input}");
                }
                if let Some(sq) = want.captures {
                    let b = after(pos, &r.mv);
                    assert!(b.piece_at(sq).is_none(), "{input}: {sq} emptied");
                    assert!(
                        b.occupied().count() < pos.board().occupied().count(),
                        "{input}: a capture"
                    );
                }
                if let Some(steps) = &want.steps {
                    let got: Vec<String> = r.mv.steps().iter().map(Step::to_string).collect();
                    assert_eq!(got, *steps, "{input}");
                }
                if let Some(theirs) = want.serialize {
                    compare_with(pos, &r.mv, theirs, ResolveOptions::default());
                }
                check_written(pos, &r.mv);
            }
        }
    }
    assert_eq!(cases.len(), 15);
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
}

fn lenient(
    pos: &Position,
    input: &str,
) -> Result<arimaa::notation::lightvector::Resolved, IllegalLightvector> {
    let lv: Lightvector = input.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
    lv.resolve_with(pos, ResolveOptions { lenient: true })
}

fn strict(
    pos: &Position,
    input: &str,
) -> Result<arimaa::notation::lightvector::Resolved, IllegalLightvector> {
    let lv: Lightvector = input.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
    lv.resolve(pos)
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn piece(c: char) -> arimaa::Piece {
    arimaa::Piece::from_char(c).unwrap()
}

/// Resolves `input` leniently (Abstract Play's game-level reading), checks the
/// resulting squares (`"e6=r"`, `"c3=."`), and, when given, that Abstract Play's stored
/// string resolves (strictly) to the same board and is no shorter than the crate's.
fn valid(pos: &Position, input: &str, squares: &[&str], lastmove: Option<&str>) -> Board {
    let r = lenient(pos, input).unwrap_or_else(|e| panic!("{input}: {e}"));
    let b = after(pos, &r.mv);
    for s in squares {
        let (at, what) = s.split_once('=').unwrap();
        let want = match what.chars().next().unwrap() {
            '.' => None,
            c => Some(piece(c)),
        };
        assert_eq!(b.piece_at(sq(at)), want, "{input}: {s}");
    }
    if let Some(theirs) = lastmove {
        compare_with(pos, &r.mv, theirs, ResolveOptions::default());
    }
    check_written(pos, &r.mv);
    b
}

fn standard_opening() -> Position {
    position(
        "Ee2 Md2 Hb2 Hg2 Dd1 De1 Cc2 Cf2 Ra2 Ra1 Rb1 Rc1 Rf1 Rg1 Rh1 Rh2 \
         ee7 md7 hb7 hg7 dd8 de8 cc7 cf7 ra7 ra8 rb8 rc8 rf8 rg8 rh8 rh7",
        Color::Gold,
        4,
    )
}

/// Section 4: the game-level arrow and typed entry cases (lenient reading).
#[test]
fn arrow_entry_section() {
    // 4.1 the flip entered as one arrow.
    let p = free("Hg3,Cf2,Ra2,Ee1", "dh3,ra7,ee8");
    assert!(
        "h3".parse::<Lightvector>().is_err(),
        "a selection is not a move"
    );
    let r = lenient(&p, "dh3f3").unwrap();
    assert_eq!(r.steps, 4);
    valid(&p, "dh3f3", &["h3=.", "g3=H", "f3=."], Some("dx"));

    // 4.2 ambiguous push, settled by naming the pusher.
    let p = free("Ed4,Hf4,Ra1,Cc1", "re4,ra8,ee8");
    assert!(matches!(
        lenient(&p, "re4e5"),
        Err(IllegalLightvector::Ambiguous { .. })
    ));
    valid(&p, "re4e5 Ed4e4", &["e5=r", "e4=E"], Some("re5 Ee4"));
    // 4.3 a pull.
    valid(&p, "Ed4c4 re4d4", &["c4=E", "d4=r"], Some("Ec4 rd4"));
    // 4.4 an arrow onto an occupied square: where the horse goes is open.
    assert!(matches!(
        lenient(&p, "Ed4f4"),
        Err(IllegalLightvector::Ambiguous { .. })
    ));
    valid(&p, "Ed4d6", &["d6=E"], None);
    valid(&p, "Ed4e6", &["e6=E"], None);
    assert!(matches!(
        lenient(&p, "Ed4d4"),
        Ok(_) | Err(IllegalLightvector::Ambiguous { .. })
    ));
    // 4.9 the selection dropped: "Ec4".
    valid(&p, "Ed4c4", &["c4=E", "f4=H"], Some("Ec4"));

    // 4.5 unreachable.
    let p = free("Ed4,Ra1", "ee5,ra8");
    assert!(matches!(
        lenient(&p, "Ed4h8"),
        Err(e) if e.token().is_some()
    ));

    // 4.6 rejections on the standard opening.
    let p = standard_opening();
    let reason = |input: &str| match strict(&p, input) {
        Err(e) if e.token() == Some(input.parse().unwrap()) => e,
        other => panic!("{input}: {other:?}"),
    };
    assert!(matches!(
        reason("Ra2a1"),
        IllegalLightvector::Backwards { .. }
    ));
    assert!(matches!(
        strict(&p, "Hb2b3 Ra2b3"),
        Err(IllegalLightvector::Together { steps: 4 })
    ));
    assert_eq!(
        reason("Rh1h4"),
        IllegalLightvector::OutOfReach {
            token: "Rh1h4".parse().unwrap(),
            from: Square::H1,
            to: Square::H4,
            steps: 4
        }
    );
    assert_eq!(
        reason("De1d3"),
        IllegalLightvector::OutOfReach {
            token: "De1d3".parse().unwrap(),
            from: Square::E1,
            to: Square::D3,
            steps: 4
        }
    );
    assert!(matches!(
        reason("ra7a6"),
        IllegalLightvector::Enemy {
            square: Some(Square::A7),
            steps: 4,
            ..
        }
    ));
    match strict(&p, "Ee2e3 Ee3e4") {
        Err(IllegalLightvector::Chain { combined, .. }) => {
            assert_eq!(combined.to_string(), "Ee2e4")
        }
        other => panic!("{other:?}"),
    }
    for input in ["ex", "mx", "Ra2s"] {
        assert!(
            matches!(strict(&p, input), Err(e) if e.token().is_some()),
            "{input}"
        );
    }
    let p = free("Ma4,Rh1", "ea5,rh8");
    let r = strict(&p, "Ma4b4");
    assert!(
        matches!(
            r,
            Err(IllegalLightvector::Frozen {
                square: Square::A4,
                ..
            })
        ),
        "{r:?}"
    );

    // 4.7 the step budget of drawn arrows.
    let p = free("Ed4,Ra1", "ee8,ra8");
    for input in ["Ed4g4 Ee4g4", "Ed4g4 Ed4g4", "Ed4g4 Ef4g4"] {
        let r = valid(&p, input, &["g4=E"], None);
        let _ = r;
        assert_eq!(lenient(&p, input).unwrap().steps, 3, "{input}");
    }
    assert!(matches!(
        lenient(&p, "Ed4g4 Ed4a4"),
        Err(IllegalLightvector::Together { steps: 4 })
    ));
    let p = free("Rc2,Rc3,Ra1", "ee8,ra8");
    assert!(matches!(
        lenient(&p, "Rc3c5 Rc2c5"),
        Ok(_) | Err(IllegalLightvector::Ambiguous { .. })
    ));

    // 4.8 holds and capture marks.
    let p = free("Ed4,Cc4,Ra1", "ee8,ra8");
    valid(&p, "Ed4e4 Cc4c4", &["e4=E", "c4=C"], None);
    let p = free("Ee6,Cg2,Ra1", "dd6,ra8,ee8");
    valid(&p, "dd6c6 Cg2g3", &["d6=E", "g3=C", "c6=."], None);
    valid(
        &p,
        "dd6c6 Cg2g3 Ee6e6",
        &["e6=E", "c6=.", "g3=C"],
        Some("Cg3 dx Ee6"),
    );
    let p = free("Eh5,Ra1", "rh6,rg6,ra8,ee8");
    valid(&p, "Eh5g6 rg6h6 rh6h5", &["g6=E", "h6=r", "h5=r"], None);
    let p = free("Re2,De3,Ra1", "ra8,ee8");
    valid(&p, "Re2e4", &["e4=R", "d3=D"], None);
    valid(&p, "Re2e4 De3e3", &["e4=R", "e3=D"], Some("Re4 De3"));
    let p = free(
        "Ra1,Rg1,Rh1,Rh2,Ce1,Ca2,Hb3,Dh3,Rg2,Rb2,Ef2,Rd2,Hf3,Dc5,Rc3,Mb4",
        "ra7,ra8,rb8,rc8,rf8,rg8,rh8,rh7,cc7,df7,ce8,dd7,mf4,hg3,he3,ec4",
    );
    valid(
        &p,
        "Hb3a4 Mb4b3 Rb2c2",
        &["c3=R", "a4=H", "b3=M", "c2=R"],
        None,
    );
    valid(&p, "Hb3a4 Mb4b3 Rb2c2 Rc3c3", &["c3=R"], None);
    valid(&p, "Hb3a4 Mb4b3 Rb2c2 Rc3x", &["c3=."], None);
    let p = free(
        "Rh3,Re3,Rf3,Rh2,Re2,Rd2,Rg3,Rg2,Re1,Rg1,Ra3,Rd3,Ra2,Hb5,Cb2,Eb4",
        "rg8,cb8,hf7,rh5,ef2,rd7,cb6,ra4,rf5,rd4,rc3,mb3",
    );
    lenient(&p, "rc3x").unwrap();
    valid(
        &p,
        "rc3x Eb4b4",
        &["c3=.", "b4=E", "b3=m"],
        Some("rc3x Eb4"),
    );

    // 4.9 an inferred pusher, and a push two squares on.
    let p = free("Ed4,Ra1,Cc1", "re4,ra8,ee8");
    valid(&p, "re4e6 Ed4e5", &["e6=r", "e5=E"], Some("re6 Ee5"));
    valid(&p, "re4e5", &["e5=r", "e4=E"], None);
    // Endless Endgame's first ply has two steps: three ranks is out of reach.
    let mut p = free("Ed1,Ra1", "ee8,ra8");
    p.set_step_cap(2).unwrap();
    let r = strict(&p, "Ed1d4");
    assert!(
        r.as_ref().is_err_and(|e| e.to_string().contains('2')),
        "{r:?}"
    );
}

/// Section 5: notation compatibility (the Lightvector side; the legacy strings are in
/// `tests/legacy_vectors.rs`).
#[test]
fn compatibility_section() {
    let p = free("Hg3,Cf2,Ra2,Ee1", "dh3,ra7,ee8");
    let dx = after(&p, &strict(&p, "dx").unwrap().mv);
    assert_eq!(after(&p, &strict(&p, "df3").unwrap().mv), dx);
    assert_ne!(
        after(
            &p,
            &lenient(&p, "Hg3g4").map(|r| r.mv).unwrap_or(Move::EMPTY)
        ),
        dx
    );

    // A sequence of moves, each entered, stored in the crate's form, and replayed.
    let mut p = free("Ed4,Hf4,Ra1,Cc1,Db4", "re4,ra8,ee8,md7");
    for input in [
        "Db4b5 Ed4c4",
        "md7d6 ra8b8",
        "Hf4e4 re4e5 Ec4c5",
        "ee8e7",
        "Hf4 Db5b4",
    ] {
        let r = lenient(&p, input).unwrap_or_else(|e| panic!("{input}: {e}"));
        let text = check_written(&p, &r.mv);
        assert!(strict(&p, &text).is_ok(), "{text}");
        p = p.after(&r.mv).unwrap();
    }

    // Illegal in the rules, so also unreadable as Lightvector.
    let p = free(
        "De1,Dg2,Cd2,Ch1,Rh2,Ra2,Ra1,Hf2,Mc2,Eb4",
        "hb8,ca8,rh7,rh8,cf7,ra3,db6,ec4,dd6,mg5",
    );
    assert!(strict(&p, "Mb2 Ea4 rb3 Ra3").is_err());
    let p = free("Db3,Cc2,Rb1,Cf7,Ee6", "ef5,db2,re7,cd8,cg4");
    assert!(strict(&p, "Ed6 rd7 Dd3").is_err());
}

/// Section 7: Dicey Moves (step caps below four).
#[test]
fn dicey_section() {
    let mut p = free("Ed2, Ra2", "ee7, ra7");
    p.set_step_cap(1).unwrap();
    assert_eq!(strict(&p, "Ed3").unwrap().steps, 1);
    assert_eq!(strict(&p, "Ed2d3").unwrap().steps, 1);
    assert!(strict(&p, "Ed4").is_err());
    assert!(matches!(
        strict(&p, "Ed2d4"),
        Err(IllegalLightvector::OutOfReach { steps: 1, .. })
    ));
    let mv = strict(&p, "Ed3").unwrap().mv;
    compare_with(&p, &mv, "Ed3", ResolveOptions::default());

    // A die of one leaves Gold only pushes, which need two steps.
    let mut p = free("Ea8, Rh1", "ra7, rb8, ch2, dg1");
    p.set_step_cap(1).unwrap();
    assert!(p.legal_moves().is_empty());
    assert!(matches!(
        strict(&p, "Ea7"),
        Err(IllegalLightvector::NoLegalMove)
    ));
    p.set_step_cap(4).unwrap();
    // "valid" in Abstract Play: a legal start (the rabbit can go to a6 or b7).
    assert!(matches!(
        lenient(&p, "Ea7"),
        Err(IllegalLightvector::Ambiguous { count: 2 })
    ));
    valid(&p, "Ea7 ra6", &["a7=E", "a6=r"], None);

    let p = free("Rd7, Ee2", "ee5, ra7");
    valid(&p, "Rd8", &["d8=R"], None);
}

/// Section 8: Lightvector's own examples (positions unknown): they all read.
#[test]
fn lightvector_examples_parse() {
    let lines = section("8. LIGHTVECTOR");
    let mut n = 0;
    for line in lines {
        let Some((notation, _)) = line.split_once('|') else {
            continue;
        };
        let notation = notation.trim();
        if notation.starts_with('(') {
            continue;
        }
        let lv: Lightvector = notation
            .parse()
            .unwrap_or_else(|e| panic!("{notation}: {e}"));
        assert_eq!(
            lv.to_string(),
            notation.split_whitespace().collect::<Vec<_>>().join(" ")
        );
        n += 1;
    }
    assert_eq!(n, 12);
}

/// Section 10: every legal move of the click-coverage positions is written and read
/// back.
#[test]
fn click_coverage_section() {
    let mut n = 0;
    for line in section("10. CLICK") {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        let side = if cols[2] == "g" {
            Color::Gold
        } else {
            Color::Silver
        };
        let p = position(cols[1], side, 4);
        let moves = p.legal_moves();
        assert!(moves.len() > 20, "{}", cols[0]);
        for mv in &moves {
            check_written(&p, mv);
        }
        n += 1;
    }
    assert_eq!(n, 3);
}
