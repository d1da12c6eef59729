//! The Abstract Play vectors (`tests/data/abstractplay-vectors.txt`) for the legacy
//! notation: detection, legal and illegal legacy moves, setups, step caps, and the five
//! recorded games replayed end to end (every ply also written in Lightvector and read
//! back).

mod support;

use arimaa::notation::legacy::{
    self, IllegalLegacy, LegacyError, LegacyMove, LegacySetup, ParseLegacyError,
};
use arimaa::notation::lightvector;
use arimaa::{
    Board, Color, Piece, PieceKind, Position, SetupProblem, SetupRules, Square, StepError,
};
use support::lightvector::{board_from_list, free, section, VECTORS};

fn after(pos: &Position, text: &str) -> Board {
    let mv = legacy::parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    *pos.after(&mv).unwrap().board()
}

#[test]
fn detection_section() {
    let lines = section("2. LEGACY DETECTION");
    assert_eq!(lines.len(), 6);
    for line in lines {
        let quoted = line.split('"').nth(1).unwrap();
        let want = !line.contains("NOT legacy");
        assert_eq!(legacy::is_legacy(quoted), want, "{line}");
    }
}

/// Section 5: legacy strings, legal and not.
#[test]
fn compatibility_section() {
    let p = free("Hg3,Cf2,Ra2,Ee1", "dh3,ra7,ee8");
    let dx = lightvector::parse_move(&p, "dx").unwrap();
    let dx = *p.after(&dx).unwrap().board();
    assert_eq!(after(&p, "Hg3g4,dh3g3,dg3f3(xdf3),Hg4g3"), dx);
    assert_eq!(after(&p, "Hg3g2, dh3g3, dg3f3, Hg2g3"), dx);
    assert_ne!(after(&p, "Hg3g4"), dx);
    // A wrong capture note is refused.
    assert!(matches!(
        legacy::parse_move(&p, "Hg3g4,dh3g3,dg3f3(xdg3),Hg4g3"),
        Err(LegacyError::Illegal(IllegalLegacy::WrongCapture {
            index: 2,
            ..
        }))
    ));
    // Written with every capture.
    let mv = legacy::parse_move(&p, "Hg3g2, dh3g3, dg3f3, Hg2g3").unwrap();
    assert_eq!(
        legacy::write_move(&p, &mv).unwrap(),
        "Hg3g2, dh3g3, dg3f3(xdf3), Hg2g3"
    );

    // A rabbit may not complete the push of an equal.
    let p = free(
        "De1,Dg2,Cd2,Ch1,Rh2,Ra2,Ra1,Hf2,Mc2,Eb4",
        "hb8,ca8,rh7,rh8,cf7,ra3,db6,ec4,dd6,mg5",
    );
    assert!(matches!(
        legacy::parse_move(&p, "Mc2b2, Eb4a4, ra3b3, Ra2a3"),
        Err(LegacyError::Illegal(IllegalLegacy::Step {
            index: 3,
            error: StepError::PushNotCompleted(Square::A3),
            ..
        }))
    ));
    // The "pulled" piece does not move into the square the puller left.
    let p = free("Db3,Cc2,Rb1,Cf7,Ee6", "ef5,db2,re7,cd8,cg4");
    assert!(legacy::parse_move(&p, "Ee6d6, re7d7, Db3c3, Dc3d3").is_err());
    let p = free("Ee5,Ra1", "re6,ra8,eh8");
    assert!(legacy::parse_move(&p, "Ee5e4, re6f6, Ra1a2, Ra2a3").is_err());

    // Legal pushes and pulls.
    let p = free("Ed4,Ra1,Cc1", "re4,ra8,ee8");
    legacy::parse_move(&p, "re4e5, Ed4e4").unwrap();
    let p = free("Ed4,Hf4,Ra1,Cc1", "re4,ra8,ee8");
    legacy::parse_move(&p, "Ed4c4, re4d4").unwrap();
}

/// Section 6: push and pull by one piece, moves that end games, setups.
#[test]
fn rules_section() {
    let p = free("Ra1,Ed4", "rd3,rd5");
    assert!(legacy::parse_move(&p, "rd5d6,Ed4d5,rd3d4").is_err());
    let p = free("Ra1,Ed4,Hd6", "rd5,rd3");
    legacy::parse_move(&p, "Hd6d7,rd5d6,Ed4d5,rd3d4").unwrap();

    let p = free("Rc3,Ed3", "re3,ee5");
    let b = after(&p, "re3f3,Ed3e3");
    assert_eq!(b.count(Piece::new(Color::Gold, PieceKind::Rabbit)), 0);
    assert_eq!(b.count(Piece::new(Color::Silver, PieceKind::Rabbit)), 0);
    let p = free("Ed2, Rb7", "eg7, re2");
    let b = after(&p, "re2e1, Ed2e2, Ee2e3, re1e2");
    assert!(!b.rabbit_on_goal(Color::Silver));
    let p = free("Rd7, Ee2", "rd2");
    let b = after(&p, "Rd7d8, rd2d1, Ee2d2");
    assert!(b.rabbit_on_goal(Color::Gold) && b.rabbit_on_goal(Color::Silver));

    // Setups: the side placing decides the colour.
    let setup = legacy::parse_setup(
        Color::Gold,
        "ee2,Md2,Hb2,Hg2,Ra2,Ra1,Rb1,Rc1,Rf1,Rg1,Rh1,Rh2,Cf2,Cc2,Dd1,De1",
    )
    .unwrap();
    assert_eq!(setup.check(SetupRules::Standard, &Board::empty()), Ok(()));
    let mut b = Board::empty();
    setup.apply_to(&mut b);
    assert_eq!(
        b.piece_at(Square::E2),
        Some(Piece::new(Color::Gold, PieceKind::Elephant))
    );
    assert_eq!(b.occupied().count(), 16);
    // A square named twice, or one the other side holds, is read, and the setup rules
    // refuse it (as for every notation).
    let twice = legacy::parse_setup(
        Color::Gold,
        "Ee2,Me2,Hb2,Hg2,Cf2,Cc2,Dd1,De1,Ra2,Rh2,Ra1,Rb1,Rc1,Rf1,Rg1,Rh1",
    )
    .unwrap();
    assert_eq!(
        twice
            .check(SetupRules::Standard, &Board::empty())
            .map_err(|e| e.problems),
        Err(vec![SetupProblem::SquareTwice(Square::E2)])
    );
    let mut b = Board::empty();
    legacy::parse_setup(Color::Gold, "Ec3,Rd4")
        .unwrap()
        .apply_to(&mut b);
    assert_eq!(
        legacy::parse_setup(Color::Silver, "ec3")
            .unwrap()
            .check(SetupRules::Free, &b)
            .map_err(|e| e.problems),
        Err(vec![
            SetupProblem::Occupied(Square::C3),
            SetupProblem::NoRabbit
        ])
    );
    // The 99of9 quick setups read and write back.
    for (text, color) in [
        (
            "Ee2,Md2,Hb2,Hg2,Ra2,Ra1,Rb1,Rc1,Rf1,Rg1,Rh1,Rh2",
            Color::Gold,
        ),
        (
            "ee7,md7,hb7,hg7,ra7,ra8,rb8,rc8,rf8,rg8,rh8,rh7",
            Color::Silver,
        ),
        (
            "ed7,me7,hb7,hg7,ra7,ra8,rb8,rc8,rf8,rg8,rh8,rh7",
            Color::Silver,
        ),
    ] {
        let setup = legacy::parse_setup(color, text).unwrap();
        let written = legacy::write_setup(&setup);
        assert_eq!(written.replace(' ', "").to_lowercase(), text.to_lowercase());
        assert_eq!(legacy::parse_setup(color, &written).unwrap(), setup);
    }
}

/// Section 7: more steps than the die allows.
#[test]
fn step_cap_section() {
    let mut p = free("Ed2, Ra2", "ee7, ra7");
    p.set_step_cap(1).unwrap();
    legacy::parse_move(&p, "Ed2d3").unwrap();
    assert_eq!(
        legacy::parse_move(&p, "Ed2d3,Ed3d4"),
        Err(LegacyError::Illegal(IllegalLegacy::TooManySteps {
            count: 2,
            cap: 1
        }))
    );
}

#[test]
fn malformed_legacy_strings() {
    for bad in [
        "",
        ",",
        "Ee2e4",
        "Ee2",
        "Ez2e3",
        "Ee2e3(",
        "Ee2e3(xE)",
        "Ee2e3(xEe3)(xRc3)",
        "xRc3",
        "Ee2e3,Ee3e4,Ee4e5,Ee5e6,Ee6e7",
        "Ee2e3,Md2",
        "Ee2e3!",
        "Ée2e3",
    ] {
        assert!(bad.parse::<LegacyMove>().is_err(), "{bad:?}");
    }
    for bad in ["", "Ee2e3", "E2", "Ee9", "xEe2"] {
        assert!(bad.parse::<LegacySetup>().is_err(), "{bad:?}");
    }
    let long = "Ee2e3,".repeat(1000);
    assert!(matches!(
        long.parse::<LegacyMove>(),
        Err(ParseLegacyError::TooLong { .. })
    ));
    // Whitespace is ignored everywhere.
    let a: LegacyMove = "E e2 e3 , E e3e4".parse().unwrap();
    assert_eq!(a.to_string(), "Ee2e3, Ee3e4");
    // A separate capture item attaches to the step before it.
    let b: LegacyMove = "re6f6, xrf6".parse().unwrap();
    assert_eq!(b.to_string(), "re6f6(xrf6)");
}

/// One recorded game of section 9.
struct Game {
    name: String,
    eee: bool,
    free: bool,
    legacy_turns: Vec<usize>,
    start: Option<String>,
    plies: Vec<String>,
}

fn games() -> Vec<Game> {
    let mut out = Vec::new();
    let mut cur: Option<Game> = None;
    for line in VECTORS.lines() {
        if let Some(rest) = line.strip_prefix("GAME ") {
            let name = rest.split('"').nth(1).unwrap().to_string();
            let legacy_turns = rest
                .split("legacyTurns=[")
                .nth(1)
                .map(|s| {
                    s[..s.find(']').unwrap()]
                        .split(',')
                        .map(|n| n.trim().parse().unwrap())
                        .collect()
                })
                .unwrap_or_default();
            cur = Some(Game {
                name,
                eee: rest.contains("variants=[eee]"),
                free: rest.contains("variants=[free]"),
                legacy_turns,
                start: None,
                plies: Vec::new(),
            });
        } else if line == "END" {
            out.extend(cur.take());
        } else if let Some(g) = cur.as_mut() {
            if let Some(s) = line.strip_prefix("START ") {
                g.start = Some(s.to_string());
            } else if !line.trim().is_empty() {
                g.plies.push(line.to_string());
            }
        }
    }
    out
}

/// Plays steps the rules refuse (Abstract Play's trusted replay): moves the pieces and
/// removes any piece left alone on a trap.
fn trusted(pos: &Position, text: &str) -> Position {
    let lm: LegacyMove = text.parse().unwrap();
    let mut b = *pos.board();
    for s in lm.steps() {
        b.set(s.step.from, None);
        b.set(s.to().expect("read steps stay on the board"), Some(s.piece));
        for sq in b.unsupported_on_traps() {
            b.set(sq, None);
        }
    }
    Position::new(b, !pos.side_to_move()).unwrap()
}

/// Section 9: the recorded games, replayed. Every movement ply reads in legacy
/// notation (except the one the rules refuse), is written back identically with its
/// captures, and the crate's Lightvector form resolves (strictly) to the same board.
#[test]
fn recorded_games() {
    let games = games();
    assert_eq!(games.len(), 5);
    let mut plies = 0;
    let mut lv_chars = 0;
    let mut legacy_chars = 0;
    for g in &games {
        let mut board;
        let mut rest: &[String] = &g.plies;
        if let Some(start) = &g.start {
            board = board_from_list(start);
        } else {
            board = Board::empty();
            for (text, color) in [(&g.plies[0], Color::Gold), (&g.plies[1], Color::Silver)] {
                let setup = legacy::parse_setup(color, text)
                    .unwrap_or_else(|e| panic!("{}: {text}: {e}", g.name));
                let rules = if g.free {
                    SetupRules::Free
                } else {
                    SetupRules::Standard
                };
                setup
                    .check(rules, &board)
                    .unwrap_or_else(|e| panic!("{}: {text}: {e}", g.name));
                setup.apply_to(&mut board);
            }
            assert_eq!(board.occupied().count(), 32, "{}", g.name);
            if g.free {
                for sq in board.unsupported_on_traps() {
                    board.set(sq, None);
                }
            }
            rest = &g.plies[2..];
        }
        let mut pos = Position::new(board, Color::Gold).unwrap();
        if g.eee {
            pos.set_step_cap(2).unwrap();
        }
        for (i, text) in rest.iter().enumerate() {
            let ply = i + 1;
            // Game 216, plies 40 and 44 (both start `ed6d5`): the record names a silver
            // elephant on d6, but it stands on d7 before ply 40 (ply 36 moved it
            // e6-e7-d7 and nothing has moved it since) and on d5 before ply 44. The data
            // is inconsistent there (the file only lists ply 29 as refused); replay those
            // plies as Abstract Play's trusted replay would (pieces moved as written) and
            // check every other ply.
            let inconsistent = g.name.contains("game 216") && (ply == 40 || ply == 44);
            if g.legacy_turns.contains(&ply) || inconsistent {
                assert!(
                    legacy::parse_move(&pos, text).is_err(),
                    "{} ply {ply}: {text} should be refused",
                    g.name
                );
                pos = trusted(&pos, text);
                continue;
            }
            let mv = legacy::parse_move(&pos, text)
                .unwrap_or_else(|e| panic!("{} ply {ply}: {text}: {e}", g.name));
            let written = legacy::write_move(&pos, &mv).unwrap();
            assert_eq!(
                written.replace(' ', ""),
                text.replace(' ', ""),
                "{} ply {ply}",
                g.name
            );
            let next = pos.after(&mv).unwrap();
            let lv = lightvector::write_move(&pos, &mv).unwrap();
            let back = lightvector::parse_move(&pos, &lv)
                .unwrap_or_else(|e| panic!("{} ply {ply}: {lv}: {e}", g.name));
            assert_eq!(pos.after(&back).unwrap().board(), next.board(), "{lv}");
            lv_chars += lv.len();
            legacy_chars += text.len();
            plies += 1;
            pos = next;
        }
    }
    assert_eq!(plies, 237);
    assert!(lv_chars * 2 < legacy_chars, "{lv_chars} vs {legacy_chars}");
}
