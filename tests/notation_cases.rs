//! The one error scheme of the notations (issue 26): for each of official, Lightvector
//! and legacy, a parse error for bad syntax, an illegal error for resolution, one error
//! wrapping both (`Parse`, `Illegal`) for `parse_move`, and one `WriteError` for writing.
//! The messages are pinned: they are what callers (and the Python package) show.

use arimaa::notation::legacy::{self, IllegalLegacy, LegacyError, ParseLegacyError};
use arimaa::notation::lightvector::{
    self, IllegalLightvector, LightvectorError, ParseLightvectorError, Token,
};
use arimaa::notation::official::{
    self, IllegalOfficial, OfficialError, ParseOfficialError, StepToken,
};
use arimaa::notation::record::{Replay, ReplayError};
use arimaa::notation::WriteError;
use arimaa::{Color, EndTurnError, Game, Move, MoveError, Position, Square, Step, StepError};

const OPENING: &str = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]";

fn opening() -> Position {
    OPENING.parse().unwrap()
}

fn step(from: &str, to: &str) -> Step {
    Step::between(from.parse().unwrap(), to.parse().unwrap()).unwrap()
}

#[test]
fn parse_move_is_parse_or_illegal_in_every_notation() {
    let pos = opening();

    let e = official::parse_move(&pos, "Ee9n").unwrap_err();
    assert!(matches!(
        e,
        OfficialError::Parse(ParseOfficialError::BadSquare { index: 1, .. })
    ));
    let e = official::parse_move(&pos, "Ed2n").unwrap_err();
    assert!(matches!(
        e,
        OfficialError::Illegal(IllegalOfficial::WrongPiece { .. })
    ));
    assert_eq!(
        e.to_string(),
        "Ed2n: piece letter does not match, d2 holds M"
    );

    let e = lightvector::parse_move(&pos, "Ee9").unwrap_err();
    assert!(matches!(
        e,
        LightvectorError::Parse(ParseLightvectorError::BadSquare { .. })
    ));
    let e = lightvector::parse_move(&pos, "Mh1").unwrap_err();
    assert!(matches!(
        e,
        LightvectorError::Illegal(IllegalLightvector::OutOfReach { .. })
    ));
    assert_eq!(
        e.to_string(),
        "no legal move matches Mh1: the piece on d2 cannot get to h1 within 4 steps"
    );

    let e = legacy::parse_move(&pos, "Ee2e4").unwrap_err();
    assert!(matches!(
        e,
        LegacyError::Parse(ParseLegacyError::NotAdjacent { .. })
    ));
    let e = legacy::parse_move(&pos, "Ed2d3").unwrap_err();
    assert!(matches!(
        e,
        LegacyError::Illegal(IllegalLegacy::WrongPiece { index: 0, .. })
    ));
    assert_eq!(e.to_string(), "step 1 (Ed2d3): d2 holds M, not E");
}

#[test]
fn the_wrappers_show_their_inner_error() {
    let pos = opening();
    for text in ["Xe2n", "Ee2n Ee3s", "Ra1"] {
        let e = official::parse_move(&pos, text).unwrap_err();
        let inner = match &e {
            OfficialError::Parse(p) => p.to_string(),
            OfficialError::Illegal(i) => i.to_string(),
            other => panic!("{other:?}"),
        };
        assert_eq!(e.to_string(), inner, "{text}");
    }
    for text in ["E", "re5"] {
        let e = lightvector::parse_move(&pos, text).unwrap_err();
        let inner = match &e {
            LightvectorError::Parse(p) => p.to_string(),
            LightvectorError::Illegal(i) => i.to_string(),
            other => panic!("{other:?}"),
        };
        assert_eq!(e.to_string(), inner, "{text}");
    }
    for text in ["Qe2e3", "Ee3e4"] {
        let e = legacy::parse_move(&pos, text).unwrap_err();
        let inner = match &e {
            LegacyError::Parse(p) => p.to_string(),
            LegacyError::Illegal(i) => i.to_string(),
            other => panic!("{other:?}"),
        };
        assert_eq!(e.to_string(), inner, "{text}");
    }
}

#[test]
fn writing_fails_the_same_way_in_every_notation() {
    let pos = opening();
    let back = Move::from_steps(&[step("e2", "e3"), step("e3", "e2")]).unwrap();
    let blocked = Move::from_steps(&[step("a1", "a2")]).unwrap();
    let unchanged = WriteError::Illegal(MoveError::EndTurn(EndTurnError::Unchanged));
    let occupied = WriteError::Illegal(MoveError::Step {
        index: 0,
        step: step("a1", "a2"),
        error: StepError::Occupied(Square::A2),
    });
    for (mv, expected) in [(back, &unchanged), (blocked, &occupied)] {
        assert_eq!(official::write_move(&pos, &mv).as_ref(), Err(expected));
        assert_eq!(lightvector::write_move(&pos, &mv).as_ref(), Err(expected));
        assert_eq!(legacy::write_move(&pos, &mv).as_ref(), Err(expected));
        assert!(official::OfficialMove::from_move(&pos, &mv).is_err());
        assert!(lightvector::Lightvector::from_move(&pos, &mv).is_err());
        assert!(legacy::LegacyMove::from_move(&pos, &mv).is_err());
    }
    assert_eq!(unchanged.to_string(), "the turn leaves the board unchanged");
    assert_eq!(occupied.to_string(), "step 1 (a1n): a2 is occupied");
}

#[test]
fn official_setups_and_games_use_the_same_types() {
    let pos = opening();
    let e = official::parse_move(&pos, "Ra1").unwrap_err();
    assert_eq!(
        e,
        OfficialError::Parse(ParseOfficialError::NotAMove("Ra1".into()))
    );
    let e = official::parse_setup(Color::Gold, "Ee2n").unwrap_err();
    assert_eq!(
        e,
        OfficialError::Parse(ParseOfficialError::NotASetup("Ee2n".into()))
    );
    let e = official::parse_setup(Color::Silver, "Ra1 Rb1").unwrap_err();
    assert!(matches!(
        e,
        OfficialError::Illegal(IllegalOfficial::WrongColor {
            side: Color::Silver,
            ..
        })
    ));
    assert_eq!(
        e.to_string(),
        "Ra1: piece letter does not match, silver places lower-case pieces"
    );
    let e = official::parse_move_in_game(&Game::new(), "Ee2n").unwrap_err();
    assert_eq!(e, OfficialError::Illegal(IllegalOfficial::NotDue));
    assert_eq!(e.to_string(), "no movement turn is due in the game");
}

#[test]
fn token_errors_hold_the_token() {
    let e = "Ee9n".parse::<StepToken>().unwrap_err();
    assert_eq!(
        e,
        ParseOfficialError::BadSquare {
            index: 1,
            token: "Ee9n".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "token 1 \"Ee9n\": expected a square a1-h8 after the piece letter"
    );

    let e = "Ee9".parse::<Token>().unwrap_err();
    assert_eq!(
        e,
        ParseLightvectorError::BadSquare {
            token: "Ee9".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "could not read \"Ee9\": the destination is not a square"
    );
    // A token read on its own fails as it does inside a move.
    assert_eq!(
        "Ed4 Ee9".parse::<lightvector::Lightvector>().unwrap_err(),
        e
    );
    let e = "Eeeeeeeee".parse::<Token>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "could not read \"Eeeeeeeee\": a token has at most 7 characters"
    );

    let e = "Ee2e3(xrc6)(xrc6)"
        .parse::<legacy::LegacyMove>()
        .unwrap_err();
    assert_eq!(
        e,
        ParseLegacyError::TwoCaptures {
            item: "Ee2e3(xrc6)(xrc6".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "could not read \"Ee2e3(xrc6)(xrc6\": a step captures at most one piece"
    );
}

#[test]
fn lightvector_illegal_names_the_token_or_the_ambiguity() {
    // Gold elephant d4 and horse f4, a silver rabbit on e4 between them.
    let pos: Position = "g [r   e                              ErH                  R       ]"
        .parse()
        .unwrap();
    let e = lightvector::parse_move(&pos, "Mh1").unwrap_err();
    let LightvectorError::Illegal(illegal) = e else {
        panic!("{e:?}");
    };
    assert_eq!(illegal.token(), Some("Mh1".parse().unwrap()));
    assert_eq!(
        illegal.to_string(),
        "no legal move matches Mh1: there is no gold camel on the board"
    );
    let e = lightvector::parse_move(&pos, "re5").unwrap_err();
    assert_eq!(
        e,
        LightvectorError::Illegal(IllegalLightvector::Ambiguous { count: 2 })
    );
    let LightvectorError::Illegal(ambiguous) = e else {
        unreachable!()
    };
    assert_eq!(ambiguous.token(), None);
    let e = lightvector::parse_move(&pos, "Ed4s Hf4s Ed4e5").unwrap_err();
    assert!(matches!(
        e,
        LightvectorError::Illegal(IllegalLightvector::Together { steps: 4 })
    ));
}

#[test]
fn replay_holds_the_official_parse_and_illegal_errors() {
    let setups = [
        "1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2",
        "1s ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7",
    ];
    let r = Replay::run(Game::new(), setups.iter().copied().chain(["2g Ee2q"]));
    let f = r.failure().expect("refused");
    assert!(matches!(
        f.error,
        ReplayError::Parse(ParseOfficialError::BadSuffix { index: 1, .. })
    ));
    let r = Replay::run(Game::new(), ["1g ra1"]);
    let f = r.failure().expect("refused");
    assert!(matches!(
        f.error,
        ReplayError::Illegal(IllegalOfficial::WrongColor { .. })
    ));
}
