//! No string panics any reader of official notation or game records, and written
//! moves read back to the same move.

use arimaa::notation::official::{
    parse_move, write_move, CaptureToken, MoveToken, PlaceToken, StepToken, TurnBody, TurnLabel,
    TurnText,
};
use arimaa::notation::record::{Archive, MoveList, Replay, ARCHIVE_COLUMNS};
use arimaa::{Game, Position};
use proptest::prelude::*;

const OPENING: &str = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]";

/// Text that looks like notation: piece letters, squares, directions, labels, words.
fn notationish() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        "[RCDHMErcdhme][a-h][1-8][nsewx]?",
        "[0-9]{1,3}[gswb]",
        Just("pass".to_string()),
        Just("resign".to_string()),
        Just("resigns".to_string()),
        Just("takeback".to_string()),
        Just("#".to_string()),
        Just("\\n".to_string()),
        Just("\t".to_string()),
        ".{0,6}",
    ];
    prop::collection::vec(token, 0..12).prop_map(|v| v.join(" "))
}

fn read_everything(s: &str) {
    let pos: Position = OPENING.parse().unwrap();
    let _ = s.parse::<TurnText>();
    let _ = s.parse::<TurnBody>();
    let _ = s.parse::<TurnLabel>();
    let _ = s.parse::<StepToken>();
    let _ = s.parse::<CaptureToken>();
    let _ = s.parse::<PlaceToken>();
    let _ = s.parse::<MoveToken>();
    if let Ok(mv) = parse_move(&pos, s) {
        let written = write_move(&pos, &mv).unwrap();
        assert_eq!(parse_move(&pos, &written).unwrap(), mv);
    }
    let _ = s.parse::<MoveList>().map(|l| Replay::standard(l.turns()));
    let _ = Replay::run(Game::new(), s.lines());
    let archive = format!("{}\n{s}\n", ARCHIVE_COLUMNS.join("\t"));
    if let Ok(a) = archive.parse::<Archive>() {
        for g in &a.games {
            let _ = g.events();
            let _ = g.rejected_moves();
            let _ = g.turns();
            let _ = g.replay();
        }
    }
    let _ = s.parse::<Archive>();
}

proptest! {
    #[test]
    fn no_string_panics(s in ".{0,80}") {
        read_everything(&s);
    }

    #[test]
    fn no_notation_like_string_panics(s in notationish()) {
        read_everything(&s);
    }

    #[test]
    fn no_archive_row_panics(fields in prop::collection::vec("[0-9a-z \\\\\\[\\]]{0,12}", 20..32)) {
        let row = fields.join("\t");
        read_everything(&row);
    }
}

#[test]
fn odd_inputs() {
    for s in [
        "",
        " ",
        "\n",
        "a€n",
        "E€2n",
        "Ee2€",
        "€",
        "1",
        "g",
        "99999999999999999999g",
        "0g",
        "1g",
        "2g pass",
        "2g takeback",
        "resign",
        "Ee2nn",
        "Ee2",
        "Ee2x",
        "rc3x",
        "Rc3x x",
        "id\t",
        "id",
        "\u{0}",
        "#",
        "# comment\n2g Ee2n",
    ] {
        read_everything(s);
    }
    // Very long input is refused quickly.
    let long = "Ee2n ".repeat(1 << 20);
    let t = std::time::Instant::now();
    read_everything(&long);
    assert!(t.elapsed().as_secs() < 5);
}
