//! The `Display` forms of the vocabulary types: the words or letters each one prints,
//! and width, fill, alignment and precision honoured as for `str`.

use std::fmt::Display;

use arimaa::clicks::{ClickInput, Preview};
use arimaa::notation::legacy::{LegacyMove, LegacySetup};
use arimaa::notation::lightvector::{Directions, Lightvector};
use arimaa::notation::official::{
    CaptureToken, MoveToken, OfficialMove, OfficialSetup, PlaceToken, StepToken, TurnBody,
    TurnLabel, TurnText,
};
use arimaa::notation::record::{Archive, MoveList, Termination};
use arimaa::{
    Color, Direction, Outcome, Piece, PieceKind, Position, Reason, Setup, SetupProblem, Square,
    Step,
};

const OPENING: &str = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]";

/// `x` prints `plain`, and pads, aligns, fills and truncates exactly as `plain` does.
fn check(x: &dyn Display, plain: &str) {
    assert_eq!(x.to_string(), plain);
    let wide = plain.chars().count() + 3;
    let pairs = [
        (format!("{x:<8}|"), format!("{plain:<8}|")),
        (format!("{x:>6}|"), format!("{plain:>6}|")),
        (
            format!("{x:*^w$}", w = wide),
            format!("{plain:*^w$}", w = wide),
        ),
        (format!("{x:>w$}", w = wide), format!("   {plain}")),
        (format!("{x:.1}"), format!("{plain:.1}")),
        (format!("{x:-<100.70}|"), format!("{plain:-<100.70}|")),
        (format!("{x}"), plain.to_owned()),
    ];
    for (got, want) in pairs {
        assert_eq!(got, want, "{plain:?}");
    }
}

#[test]
fn vocabulary_types_pad() {
    check(&Color::Gold, "gold");
    check(&Color::Silver, "silver");
    check(&PieceKind::Camel, "camel");
    check(&PieceKind::Elephant.of(Color::Silver), "e");
    check(&Piece::from_char('R').expect("a piece"), "R");
    check(&Square::E2, "e2");
    check(&Square::H8.file(), "h");
    check(&Square::H8.rank(), "8");
    check(&Direction::West, "w");
    check(&Step::new(Square::E2, Direction::North), "e2n");
    check(&Reason::Immobilization, "immobilization");
    let outcome = Outcome {
        winner: Color::Silver,
        reason: Reason::Goal,
    };
    check(&outcome, "Silver wins by goal");
    check(&Termination::IllegalMove, "illegal move");
    check(&SetupProblem::NoRabbit, "no rabbit placed");
    check(
        &SetupProblem::Occupied(Square::C3),
        "c3 is already occupied",
    );
    let pos: Position = OPENING.parse().expect("the opening");
    check(&pos, OPENING);
}

#[test]
fn notation_types_pad() {
    let pos: Position = OPENING.parse().expect("the opening");
    let text = "Ee2n Ee3n";
    let mv = arimaa::notation::official::parse_move(&pos, text).expect("legal");
    check(&OfficialMove::from_move(&pos, &mv).expect("legal"), text);
    check(&text.parse::<OfficialMove>().expect("tokens"), text);
    check(&"Ee2n".parse::<StepToken>().expect("a step token"), "Ee2n");
    check(
        &"rc6x".parse::<CaptureToken>().expect("a capture token"),
        "rc6x",
    );
    check(&"Ra1".parse::<PlaceToken>().expect("a placement"), "Ra1");
    check(&"Ee2n".parse::<MoveToken>().expect("a token"), "Ee2n");
    check(&"pass".parse::<MoveToken>().expect("a token"), "pass");
    check(&"12s".parse::<TurnLabel>().expect("a label"), "12s");
    for body in ["Ee2n Ee3n", "resign", "takeback", ""] {
        check(&body.parse::<TurnBody>().expect("a body"), body);
    }
    check(
        &"2g Ee2n Ee3n".parse::<TurnText>().expect("a turn"),
        "2g Ee2n Ee3n",
    );
    let setup = Setup::ninety_nine_of_nine(Color::Gold);
    let official_setup = OfficialSetup::from_setup(&setup);
    let official_text = official_setup.to_string();
    check(&official_setup, &official_text);
    let lv = Lightvector::from_move(&pos, &mv).expect("legal");
    check(&lv, "Ee4");
    check(&lv.tokens()[0], "Ee4");
    check(&lv.tokens()[0].specifier, "E");
    check(&lv.tokens()[0].property, "e4");
    check(
        &Directions::new(&[Direction::North, Direction::North]).expect("two"),
        "nn",
    );
    let legacy = LegacyMove::from_move(&pos, &mv).expect("legal");
    check(&legacy, "Ee2e3, Ee3e4");
    check(&legacy.steps()[1], "Ee3e4");
    let legacy_setup = LegacySetup::from_setup(&setup).expect("a setup");
    let legacy_text = legacy_setup.to_string();
    check(&legacy_setup, &legacy_text);
}

#[test]
fn documents_and_messages_pad() {
    let list_text = "1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2\n# note\n";
    check(
        &list_text.parse::<MoveList>().expect("a move list"),
        list_text,
    );
    let archive_text = include_str!("data/replay-sample.tsv");
    let archive: Archive = archive_text.parse().expect("an archive");
    // Longer than the 64-byte stack buffer: padded through a `String`.
    assert!(archive_text.len() > 64);
    check(&archive, archive_text);
    let input = ClickInput::new(OPENING.parse().expect("the opening"));
    let preview: &Preview = input.preview();
    check(preview, &preview.to_string());
}

#[test]
fn termination_displays_words_and_keeps_its_letter() {
    let expected = [
        (Termination::Goal, "goal", 'g'),
        (Termination::Immobilization, "immobilization", 'm'),
        (Termination::Elimination, "elimination", 'e'),
        (Termination::Time, "time", 't'),
        (Termination::Resignation, "resignation", 'r'),
        (Termination::IllegalMove, "illegal move", 'i'),
        (Termination::Score, "score", 's'),
        (Termination::Forfeit, "forfeit", 'f'),
        (Termination::Abandoned, "abandoned", 'a'),
        (Termination::Repetition, "repetition", 'p'),
        (Termination::Draw, "draw", 'n'),
    ];
    assert_eq!(Termination::ALL.len(), expected.len());
    for ((t, word, letter), listed) in expected.into_iter().zip(Termination::ALL) {
        assert_eq!(t, listed);
        assert_eq!(t.to_string(), word);
        assert_eq!(t.name(), word);
        assert_eq!(t.char(), letter);
        assert_eq!(Termination::from_char(letter), Some(t));
    }
    // `Termination` is `#[non_exhaustive]`: its doc test shows an exhaustive match
    // outside the crate refused (as for `RecordStop`, `RecordError`, `ReplayError`).
}
