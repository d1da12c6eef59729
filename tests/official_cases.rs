//! Official step notation: reading, writing, and the rule each illegal turn breaks.

use arimaa::notation::official::{
    parse_move, write_move, CaptureToken, IllegalOfficial, MoveToken, OfficialError,
    ParseOfficialError, StepToken, TurnBody, TurnLabel, TurnText,
};
use arimaa::{Board, Color, Piece, Position, Square};

const OPENING: &str = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]";

fn pos(s: &str) -> Position {
    s.parse().expect("valid position")
}

/// A position from `(letter, square)` pairs.
fn place(side: Color, pieces: &[(char, &str)]) -> Position {
    let mut b = Board::empty();
    for &(c, sq) in pieces {
        b.set(sq.parse().unwrap(), Some(Piece::from_char(c).unwrap()));
    }
    Position::new(b, side).unwrap()
}

fn illegal(p: &Position, text: &str) -> IllegalOfficial {
    match parse_move(p, text) {
        Err(OfficialError::Illegal(e)) => e,
        other => panic!("{text}: expected an illegal turn, got {other:?}"),
    }
}

fn round_trip(p: &Position, text: &str) {
    let mv = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(write_move(p, &mv).unwrap(), text);
}

#[test]
fn simple_steps_round_trip() {
    let p = pos(OPENING);
    let mv = parse_move(&p, "Ee2n Ee3n Dh2n").unwrap();
    assert_eq!(mv.len(), 3);
    assert_eq!(write_move(&p, &mv).unwrap(), "Ee2n Ee3n Dh2n");
}

#[test]
fn capture_between_the_two_steps_of_a_push_onto_a_trap() {
    let p = place(
        Color::Gold,
        &[('E', "d5"), ('h', "d4"), ('R', "a1"), ('r', "h8")],
    );
    round_trip(&p, "hd4w Ed5s hc4s hc3x Ed4w");
    // The capture token written after the push is completed is wrong.
    assert_eq!(
        illegal(&p, "hd4w Ed5s hc4s Ed4w hc3x"),
        IllegalOfficial::CaptureMissing {
            after: "hc4s".parse().unwrap(),
            expected: "hc3x".parse().unwrap(),
        }
    );
}

#[test]
fn capture_when_the_last_supporter_leaves() {
    let p = place(
        Color::Gold,
        &[('C', "c3"), ('D', "c2"), ('R', "a1"), ('r', "h8")],
    );
    round_trip(&p, "Dc2e Cc3x");
    assert_eq!(
        illegal(&p, "Dc2e"),
        IllegalOfficial::CaptureMissing {
            after: "Dc2e".parse().unwrap(),
            expected: "Cc3x".parse().unwrap(),
        }
    );
    assert_eq!(
        illegal(&p, "Dc2e Dc3x"),
        IllegalOfficial::CaptureWrong {
            token: "Dc3x".parse().unwrap(),
            expected: Some("Cc3x".parse().unwrap()),
        }
    );
}

#[test]
fn pull_completed_after_the_puller_dies_on_a_trap() {
    let p = place(
        Color::Gold,
        &[('D', "d3"), ('c', "e3"), ('R', "a1"), ('r', "h8")],
    );
    round_trip(&p, "Dd3w Dc3x ce3w");
}

#[test]
fn each_rule_is_named() {
    let p = pos(OPENING);
    assert!(matches!(
        illegal(&p, "Ed2n"),
        IllegalOfficial::WrongPiece { .. }
    ));
    assert!(matches!(
        illegal(&p, "Ee4n"),
        IllegalOfficial::NoPiece { .. }
    ));
    assert!(matches!(
        illegal(&p, "Ee2w"),
        IllegalOfficial::Occupied { .. }
    ));
    assert!(matches!(
        illegal(&p, "Ra1n"),
        IllegalOfficial::Occupied { .. }
    ));
    assert!(matches!(
        illegal(&p, "Ra1w"),
        IllegalOfficial::OffBoard { .. }
    ));
    assert_eq!(illegal(&p, "Ee2n Ee3s"), IllegalOfficial::Unchanged);
    assert_eq!(illegal(&p, ""), IllegalOfficial::NoSteps);
    assert!(matches!(
        illegal(&p, "Ee2n Ee3n Ee4n Ee5w Ed5s"),
        IllegalOfficial::TooManySteps { cap: 4, .. }
    ));
    assert!(matches!(
        illegal(&p, "Ee2n Ee3n Ec3x"),
        IllegalOfficial::CaptureWrong { expected: None, .. }
    ));
    assert_eq!(illegal(&p, "pass"), IllegalOfficial::Pass);
    assert_eq!(illegal(&p, "Ee2n pass Ee3n"), IllegalOfficial::Pass);
    // A trailing pass just ends the turn.
    assert_eq!(parse_move(&p, "Ee2n pass").unwrap().len(), 1);

    let frozen = place(Color::Gold, &[('R', "d4"), ('c', "d5"), ('r', "h8")]);
    assert!(matches!(
        illegal(&frozen, "Rd4e"),
        IllegalOfficial::Frozen { .. }
    ));
    let back = place(Color::Gold, &[('R', "d4"), ('r', "h8")]);
    assert!(matches!(
        illegal(&back, "Rd4s"),
        IllegalOfficial::RabbitBackwards { .. }
    ));
    let push = place(Color::Gold, &[('E', "d4"), ('r', "d5"), ('R', "a1")]);
    assert_eq!(
        illegal(&push, "rd5n"),
        IllegalOfficial::PushNotCompleted {
            token: None,
            square: Square::D5
        }
    );
    assert!(matches!(
        illegal(&push, "rd5n Ra1n"),
        IllegalOfficial::PushNotCompleted {
            token: Some(_),
            square: Square::D5
        }
    ));
    assert!(matches!(
        illegal(&push, "Ra1n Ra2n Ra3n rd5n"),
        IllegalOfficial::PushNeedsTwoSteps { .. }
    ));
    let weak = place(
        Color::Gold,
        &[('R', "d4"), ('e', "d5"), ('R', "a1"), ('r', "h8")],
    );
    assert!(matches!(
        illegal(&weak, "ed5n"),
        IllegalOfficial::NotPushable { .. }
    ));
}

#[test]
fn syntax_errors_name_the_token() {
    let err = "2g Ee2n Xe3n".parse::<TurnText>().unwrap_err();
    assert_eq!(
        err,
        ParseOfficialError::BadPiece {
            index: 2,
            token: "Xe3n".into(),
        }
    );
    assert_eq!(
        err.to_string(),
        "token 2 \"Xe3n\": expected a piece letter RCDHME or rcdhme first"
    );
    assert!(matches!(
        "Ee9n".parse::<StepToken>(),
        Err(ParseOfficialError::BadSquare { .. })
    ));
    assert!(matches!(
        "Ee2q".parse::<StepToken>(),
        Err(ParseOfficialError::BadSuffix { .. })
    ));
    assert!(matches!(
        "rc5x".parse::<CaptureToken>(),
        Err(ParseOfficialError::NotATrap { .. })
    ));
    assert!(matches!(
        "1g Ra1 Ee2n".parse::<TurnText>(),
        Err(ParseOfficialError::Mixed { index: 2, .. })
    ));
    assert!(matches!(
        "0g Ra1".parse::<TurnText>(),
        Err(ParseOfficialError::BadLabel(_))
    ));
    assert!(matches!(
        "2g resign Ee2n".parse::<TurnText>(),
        Err(ParseOfficialError::NotAlone { .. })
    ));
    assert!(matches!(
        "2g Ee2n resign".parse::<TurnText>(),
        Err(ParseOfficialError::NotAlone { index: 2, .. })
    ));
    let long = "Ee2n ".repeat(1000);
    assert!(matches!(
        long.parse::<TurnText>(),
        Err(ParseOfficialError::TooLong(_))
    ));
}

#[test]
fn turn_text_forms() {
    let t: TurnText = "2w Ee2n Ee3n".parse().unwrap();
    assert_eq!(
        t.label,
        Some(TurnLabel {
            number: 2,
            side: Color::Gold,
            letters: arimaa::notation::official::SideLetters::WhiteBlack
        })
    );
    assert_eq!(t.to_string(), "2w Ee2n Ee3n");
    let t: TurnText = "37b".parse().unwrap();
    assert_eq!(t.body, TurnBody::Empty);
    assert_eq!(t.to_string(), "37b");
    for s in ["2s resign", "2s resigns", "5w takeback", "3g Ee2n pass"] {
        assert_eq!(s.parse::<TurnText>().unwrap().to_string(), s);
    }
    let t: TurnText = "1g Ra1 Rb1".parse().unwrap();
    assert!(matches!(t.body, TurnBody::Setup(ref v) if v.tokens().len() == 2));
    let t: TurnText = "Ee2n Ee3n".parse().unwrap();
    assert_eq!(t.label, None);
    assert!(
        matches!(t.body, TurnBody::Move(ref v) if v.tokens()[0] == MoveToken::Step("Ee2n".parse().unwrap()))
    );
}

#[test]
fn setups() {
    use arimaa::notation::official::{parse_setup, write_setup};
    use arimaa::{Setup, SetupRules};
    let text = "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2";
    let setup = parse_setup(Color::Gold, text).unwrap();
    assert_eq!(setup.pieces.len(), 16);
    setup.check(SetupRules::Standard, &Board::empty()).unwrap();
    assert_eq!(write_setup(&setup), text);
    assert!(matches!(
        parse_setup(Color::Silver, text),
        Err(OfficialError::Illegal(IllegalOfficial::WrongColor { .. }))
    ));
    assert!(matches!(
        parse_setup(Color::Gold, "Ee2n"),
        Err(OfficialError::Parse(ParseOfficialError::NotASetup(_)))
    ));
    let s = Setup::ninety_nine_of_nine(Color::Silver);
    assert_eq!(parse_setup(Color::Silver, &write_setup(&s)).unwrap(), s);
}
