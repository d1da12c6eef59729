//! Self-checks of the plain Lightvector reference resolver
//! (`tests/support/lv_reference.rs`): it reproduces the expected results of the Abstract Play vectors
//! (`tests/data/abstractplay-vectors.txt`, section 3 and the strict cases of sections 4,
//! 5 and 7) and a few hand-made cases (ambiguity with its count, no match, ordered
//! direction tokens, specifier squares on a piece's path).
//!
//! The reference is what `tests/lightvector_rules.rs` compares the crate against;
//! these tests do not call the crate's resolver.

mod support;

use arimaa::notation::lightvector::{Lightvector, Token};
use arimaa::{Board, Color, Move, Position, Square, Step};
use support::lightvector::{free, position, resolution_cases, Expected};
use support::lv_reference::{judge, move_satisfies, Verdict};

fn tokens(text: &str) -> Vec<Token> {
    text.parse::<Lightvector>()
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .tokens()
        .to_vec()
}

/// The reference verdict of one string.
fn verdict(pos: &Position, text: &str) -> Verdict {
    judge(pos, &[tokens(text)]).0.remove(0)
}

fn board_after(pos: &Position, mv: &Move) -> Board {
    *pos.after(mv).expect("legal move").board()
}

/// The resolved board, or a panic naming the verdict.
fn resolved(pos: &Position, text: &str) -> (Board, u8, u8, Move) {
    match verdict(pos, text) {
        Verdict::Move {
            board,
            steps,
            displaced,
            witness,
        } => {
            assert_eq!(board_after(pos, &witness), board, "{text}: witness");
            assert!(move_satisfies(pos, &witness, &tokens(text)), "{text}");
            (board, steps, displaced, witness)
        }
        v => panic!("{text} in {pos}: expected a move, got {v:?}"),
    }
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

/// The move of a list of steps as the crate writes them (`e2n`).
fn steps_from_list(list: &[&str]) -> Move {
    let steps: Vec<Step> = list
        .iter()
        .map(|s| {
            let from: Square = s[..2].parse().unwrap();
            let dir = arimaa::Direction::from_char(s.chars().nth(2).unwrap()).unwrap();
            Step::new(from, dir)
        })
        .collect();
    Move::from_steps(&steps).unwrap()
}

/// Section 3 of the vectors: every input with its expectation (resolved with bucket,
/// captured square and step order; ambiguous; unsatisfiable).
#[test]
fn vectors_section_3() {
    let cases = resolution_cases();
    for case in &cases {
        let (pos, input) = (&case.pos, case.input);
        match &case.expected {
            Expected::Ambiguous => assert!(
                matches!(verdict(pos, input), Verdict::Ambiguous(_)),
                "{input}"
            ),
            Expected::Unsatisfiable => assert_eq!(verdict(pos, input), Verdict::NoMatch, "{input}"),
            Expected::Resolved(want) => {
                let (board, n, displaced, _) = resolved(pos, input);
                if let Some(bucket) = want.bucket {
                    assert_eq!((n, displaced), bucket, "{input}");
                }
                if let Some(sq) = want.captures {
                    assert!(board.piece_at(sq).is_none(), "{input}: {sq} emptied");
                    assert!(
                        pos.board().piece_at(sq).is_none(),
                        "{input}: {sq} was empty"
                    );
                    assert!(
                        board.occupied().count() < pos.board().occupied().count(),
                        "{input}: a capture"
                    );
                }
                if let Some(steps) = &want.steps {
                    let mv = steps_from_list(steps);
                    assert_eq!(board_after(pos, &mv), board, "{input}");
                    assert!(move_satisfies(pos, &mv, &tokens(input)), "{input}");
                }
                if let Some(theirs) = want.serialize {
                    // Abstract Play's printed string means the same move.
                    assert_eq!(resolved(pos, theirs).0, board, "{input}: {theirs}");
                }
            }
        }
    }
    assert_eq!(cases.len(), 15);
}

/// Sections 3.3 and 3.4: turns given step by step.
#[test]
fn vectors_special_turns() {
    // 3.3: "Ee3" is the 2-step walk to the board of the 4-step round trip.
    let pos = position("Ed2 re2 Rb7 eg7 rf8 Ra1", Color::Gold, 4);
    let mv = steps_from_pairs("e2-e1, d2-e2, e2-e3, e1-e2");
    assert_eq!(support::lv_reference::displaced_by(&pos, &mv), 1);
    let (board, steps, displaced, _) = resolved(&pos, "Ee3");
    assert_eq!((steps, displaced), (2, 1));
    assert_eq!(board, board_after(&pos, &mv));
    let (board, steps, _, _) = resolved(&pos, "Ee3 re1e2");
    assert_eq!(board, board_after(&pos, &mv));
    assert_eq!(steps, 4);

    // 3.4: the cat steps out and dies back on its start square: not displaced.
    let pos = position("Cc3 Rc2 Ra1 ee8 ra8", Color::Gold, 4);
    let mv = steps_from_pairs("c3-b3, c2-d2, b3-c3");
    let b = board_after(&pos, &mv);
    assert!(b.piece_at(Square::C3).is_none(), "the cat died on c3");
    assert_eq!(support::lv_reference::displaced_by(&pos, &mv), 1);
    let (board, steps, displaced, _) = resolved(&pos, "Cc3w Rc2e Cb3e");
    assert_eq!((steps, displaced), (3, 1));
    assert_eq!(board, b);
}

/// The strict cases of section 4 (the lenient "valid" cases are Abstract Play's
/// tie-break, which the reference does not model) and of sections 5 and 7.
#[test]
fn vectors_strict_cases() {
    // 4.2 and 4.4: two pushers; an arrow onto an occupied square.
    let p = free("Ed4,Hf4,Ra1,Cc1", "re4,ra8,ee8");
    assert!(matches!(verdict(&p, "re4e5"), Verdict::Ambiguous(_)));
    assert!(matches!(verdict(&p, "Ed4f4"), Verdict::Ambiguous(_)));
    let (b, _, _, _) = resolved(&p, "re4e5 Ed4e4");
    assert_eq!(
        b.piece_at(Square::E5),
        Some(arimaa::Piece::from_char('r').unwrap())
    );
    assert_eq!(resolved(&p, "re5 Ee4").0, b);
    // 4.3 a pull.
    assert_eq!(resolved(&p, "Ed4c4 re4d4").0, resolved(&p, "Ec4 rd4").0);
    // 4.5 out of reach.
    let p = free("Ed4,Ra1", "ee5,ra8");
    assert_eq!(verdict(&p, "Ed4h8"), Verdict::NoMatch);
    // 4.6 rejections on the standard opening.
    let p = position(
        "Ee2 Md2 Hb2 Hg2 Dd1 De1 Cc2 Cf2 Ra2 Ra1 Rb1 Rc1 Rf1 Rg1 Rh1 Rh2 \
         ee7 md7 hb7 hg7 dd8 de8 cc7 cf7 ra7 ra8 rb8 rc8 rf8 rg8 rh8 rh7",
        Color::Gold,
        4,
    );
    for input in [
        "Ra2a1",
        "Hb2b3 Ra2b3",
        "Rh1h4",
        "De1d3",
        "ra7a6",
        "Ee2e3 Ee3e4",
        "ex",
        "mx",
        "Ra2s",
    ] {
        assert_eq!(verdict(&p, input), Verdict::NoMatch, "{input}");
    }
    let p = free("Ma4,Rh1", "ea5,rh8");
    assert_eq!(verdict(&p, "Ma4b4"), Verdict::NoMatch);
    // 4.7 the step budget of drawn arrows.
    let p = free("Ed4,Ra1", "ee8,ra8");
    for input in ["Ed4g4 Ee4g4", "Ed4g4 Ed4g4", "Ed4g4 Ef4g4"] {
        let (b, steps, _, _) = resolved(&p, input);
        assert_eq!(steps, 3, "{input}");
        assert_eq!(
            b.piece_at(Square::G4),
            Some(arimaa::Piece::from_char('E').unwrap())
        );
    }
    assert_eq!(verdict(&p, "Ed4g4 Ed4a4"), Verdict::NoMatch);
    // 4.8 the capture mark: "rc3x Eb4" and "rc3x Eb4b4" give c3 empty, E on b4, m on b3.
    let p = free(
        "Rh3,Re3,Rf3,Rh2,Re2,Rd2,Rg3,Rg2,Re1,Rg1,Ra3,Rd3,Ra2,Hb5,Cb2,Eb4",
        "rg8,cb8,hf7,rh5,ef2,rd7,cb6,ra4,rf5,rd4,rc3,mb3",
    );
    let (b, _, _, _) = resolved(&p, "rc3x Eb4b4");
    assert!(b.piece_at(Square::C3).is_none());
    assert_eq!(
        b.piece_at(Square::B4),
        Some(arimaa::Piece::from_char('E').unwrap())
    );
    assert_eq!(
        b.piece_at(Square::B3),
        Some(arimaa::Piece::from_char('m').unwrap())
    );
    assert_eq!(resolved(&p, "rc3x Eb4").0, b);
    // 4.9 a first ply of two steps cannot go three ranks.
    let mut p = free("Ed1,Ra1", "ee8,ra8");
    p.set_step_cap(2).unwrap();
    assert_eq!(verdict(&p, "Ed1d4"), Verdict::NoMatch);

    // 5: "dx" and "df3" are the flip, "Hg3g4" is not.
    let p = free("Hg3,Cf2,Ra2,Ee1", "dh3,ra7,ee8");
    let dx = resolved(&p, "dx").0;
    assert_eq!(resolved(&p, "df3").0, dx);
    let flip = steps_from_pairs("g3-g4, h3-g3, g3-f3, g4-g3");
    assert_eq!(board_after(&p, &flip), dx);
    assert!(!matches!(verdict(&p, "Hg3g4"), Verdict::Move { board, .. } if board == dx));
    // Illegal in the rules, so unreadable.
    let p = free(
        "De1,Dg2,Cd2,Ch1,Rh2,Ra2,Ra1,Hf2,Mc2,Eb4",
        "hb8,ca8,rh7,rh8,cf7,ra3,db6,ec4,dd6,mg5",
    );
    assert_eq!(verdict(&p, "Mb2 Ea4 rb3 Ra3"), Verdict::NoMatch);
    let p = free("Db3,Cc2,Rb1,Cf7,Ee6", "ef5,db2,re7,cd8,cg4");
    assert_eq!(verdict(&p, "Ed6 rd7 Dd3"), Verdict::NoMatch);

    // 7: step caps below four.
    let mut p = free("Ed2, Ra2", "ee7, ra7");
    p.set_step_cap(1).unwrap();
    assert_eq!(resolved(&p, "Ed3").1, 1);
    assert_eq!(resolved(&p, "Ed2d3").1, 1);
    assert_eq!(verdict(&p, "Ed4"), Verdict::NoMatch);
    assert_eq!(verdict(&p, "Ed2d4"), Verdict::NoMatch);
    let mut p = free("Ea8, Rh1", "ra7, rb8, ch2, dg1");
    p.set_step_cap(1).unwrap();
    assert_eq!(verdict(&p, "Ea7"), Verdict::NoMatch);
    p.set_step_cap(4).unwrap();
    assert_eq!(verdict(&p, "Ea7"), Verdict::Ambiguous(2));
    let (b, _, _, _) = resolved(&p, "Ea7 ra6");
    assert_eq!(
        b.piece_at(Square::A6),
        Some(arimaa::Piece::from_char('r').unwrap())
    );
    let p = free("Rd7, Ee2", "ee5, ra7");
    assert_eq!(
        resolved(&p, "Rd8").0.piece_at(Square::D8),
        Some(arimaa::Piece::from_char('R').unwrap())
    );
}

/// Hand-made cases of the rule, each small enough to check by hand.
#[test]
fn hand_made_cases() {
    // A lone elephant: "Ee" is one step east; "Ed4e5" needs two steps, and both orders
    // reach the same board (one board, not ambiguous).
    let p = position("Ed4 Ra1 ra8 ee8", Color::Gold, 4);
    let (b, steps, displaced, _) = resolved(&p, "Ee");
    assert_eq!((steps, displaced), (1, 1));
    assert_eq!(
        b.piece_at(Square::E4),
        Some(arimaa::Piece::from_char('E').unwrap())
    );
    let (_, steps, _, _) = resolved(&p, "Ed4e5");
    assert_eq!(steps, 2);
    // "Ed4d4" is satisfied by every turn that leaves the elephant on d4, the fewest
    // steps being one rabbit step (two boards: a1-a2, a1-b1): ambiguous(2).
    assert_eq!(verdict(&p, "Ed4d4"), Verdict::Ambiguous(2));
    // Ordered directions: east then north, and north then east, are different paths
    // to the same square; "Een" and "Ene" both resolve in two steps to e5.
    assert_eq!(resolved(&p, "Een").0, resolved(&p, "Ene").0);
    // A rabbit cannot go back; a piece that is not there matches nothing.
    assert_eq!(verdict(&p, "Ra1s"), Verdict::NoMatch);
    assert_eq!(verdict(&p, "Mx"), Verdict::NoMatch);
    // A rabbit step: one board.
    assert_eq!(resolved(&p, "Ra2").1, 1);
    // Two rabbits that can each reach a3 in two steps: ambiguous(2).
    let p = position("Ra1 Rb2 Ed4 ra8 ee8", Color::Gold, 4);
    assert_eq!(verdict(&p, "Ra3"), Verdict::Ambiguous(2));
    // Naming the start square settles it.
    assert_eq!(resolved(&p, "Ra1a3").1, 2);
    // The square in a specifier may be an intermediate square of the path: only the
    // b2 rabbit can pass b3 and end on a3 in two steps.
    let (b, steps, _, _) = resolved(&p, "Rb3a3");
    assert_eq!(steps, 2);
    assert!(b.piece_at(Square::B2).is_none());
    assert!(b.piece_at(Square::A1).is_some());
    // But "Ra2a3" fits both rabbits (a1-a2-a3 and b2-a2-a3).
    assert_eq!(verdict(&p, "Ra2a3"), Verdict::Ambiguous(2));
    // "x": nothing can die here.
    assert_eq!(verdict(&p, "rx"), Verdict::NoMatch);
    // Direction tokens in order across pieces: "Ra1n Ee" needs the rabbit's north step
    // before the elephant's east step; the bucket is (2, 2). "Rn Ee" fits either rabbit.
    assert_eq!(verdict(&p, "Rn Ee"), Verdict::Ambiguous(2));
    let (_, steps, displaced, _) = resolved(&p, "Ra1n Ee");
    assert_eq!((steps, displaced), (2, 2));
    // The written order matters: a piece that must step east after it has stepped
    // north twice, and "Ee Enn" asks for the east step first: the reference must find
    // the 3-step path e, n, n (not n, n, e).
    let (b, steps, _, w) = resolved(&p, "Ee Enn");
    assert_eq!(steps, 3);
    assert_eq!(
        b.piece_at(Square::E6),
        Some(arimaa::Piece::from_char('E').unwrap())
    );
    assert_eq!(w.steps()[0], Step::new(Square::D4, arimaa::Direction::East));
}

/// Cases where the crate once disagreed with the reference (issue 11 and the full run of
/// `tests/lightvector_rules.rs`), checked by hand: the reference's verdicts.
#[test]
fn cases_checked_by_hand() {
    use arimaa::notation::official;
    // The elephant on f5 holds the silver rabbit on f4, the only support of the silver
    // horse on f3: any two-step push or pull of the rabbit kills the horse. Push east or
    // west, pull north while stepping east, west, or north onto f6 (where the elephant
    // dies, a pull still follows): five boards in (2, 2).
    let p: Position = "g [rrrc rrrrc d  M  H    e      E       r   D  DhR   CR  CRRRR R R ]"
        .parse()
        .unwrap();
    assert_eq!(verdict(&p, "hf3x"), Verdict::Ambiguous(5));
    for mv in [
        "rf4e hf3x Ef5s",
        "rf4w hf3x Ef5s",
        "Ef5e rf4n hf3x",
        "Ef5w rf4n hf3x",
        "Ef5n Ef6x rf4n hf3x",
    ] {
        let mv = official::parse_move(&p, mv).unwrap();
        assert!(move_satisfies(&p, &mv, &tokens("hf3x")));
        assert_eq!(
            (mv.len(), support::lv_reference::displaced_by(&p, &mv)),
            (2, 2)
        );
    }

    // "Mx": the gold camel on c3 is held by the dog on c2. The horse steps b3-b2 and
    // back, pulling the dog to b2; the elephant's step c4-b4 comes first: four steps,
    // two pieces displaced (the horse is back on b3, the camel dies where it stood).
    let p: Position = "s [rr r rrr  r r c dm E  H    h      e      hM     R D  D RRRRCCRRR]"
        .parse()
        .unwrap();
    let (b, steps, displaced, _) = resolved(&p, "Mx");
    assert_eq!((steps, displaced), (4, 2));
    let mv = official::parse_move(&p, "ec4w hb3s hb2n Dc2w Mc3x").unwrap();
    assert_eq!(board_after(&p, &mv), b);
    // The crate's old answer: a push with three pieces displaced, a worse bucket.
    let worse = official::parse_move(&p, "ec4w hb3s Dc2e Mc3x hb2e").unwrap();
    assert!(move_satisfies(&p, &worse, &tokens("Mx")));
    assert_eq!(support::lv_reference::displaced_by(&p, &worse), 3);

    // "ee2 De": the horse on f2 steps away (east, south, or north to die on f3) pulling
    // the rabbit e2-f2, then the elephant steps e3-e2 pulling the dog d3-e3: three
    // boards in (4, 4).
    let p: Position = "s [r rr rc rc   r   M          E   r  C    R  De  r H  Rh  RR R  RR]"
        .parse()
        .unwrap();
    assert_eq!(verdict(&p, "ee2 De"), Verdict::Ambiguous(3));

    // Issue 11: "Rh2g2" is ambiguous (2), the elephant stepping west (dying on f3) or
    // north, pulling the horse either way.
    let p: Position = "s [rrrc rrr rc   d m Eh      M  d     R   rH     ehR C  DHR R   RRR]"
        .parse()
        .unwrap();
    assert_eq!(verdict(&p, "Rh2g2"), Verdict::Ambiguous(2));
    // Issue 11: "da3" is the move itself, in (4, 4).
    let p: Position = "g [    rr   cr  r        cr   r     rE  H  rdHdehMhCRmDDRCR RRR R R]"
        .parse()
        .unwrap();
    let mv = official::parse_move(&p, "Ca2s ra3s db3w Hc3w").unwrap();
    let (b, steps, displaced, _) = resolved(&p, "da3");
    assert_eq!((b, steps, displaced), (board_after(&p, &mv), 4, 4));
}
