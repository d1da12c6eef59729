//! Reading and writing positions: the AEI short form (`Position`'s `FromStr` and
//! `Display`) and the board diagram (`Position::from_diagram`, `Position::to_diagram`).
//!
//! - every `ParsePositionError` variant, from both readers where it applies, asserted by
//!   value and by message;
//! - round trips of both forms, fixed and random;
//! - the accepted spellings: `g s w b` sides, `.` `x` `X` and space as empty squares,
//!   surrounding whitespace, a move number before the diagram's side;
//! - finished games (a rabbit on its goal, a side or both without rabbits) are readable;
//! - no string panics either reader: arbitrary unicode, and random edits of valid texts.

use arimaa::notation::ParsePositionError;
use arimaa::{Board, Color, Piece, PieceKind, Position, PositionError, Square};
use proptest::prelude::*;

const OPENING: &str = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]";

const OPENING_DIAGRAM: &str = "\
g
 +-----------------+
8| r r r r r r r r |
7| d h c e m c h d |
6| . . x . . x . . |
5| . . . . . . . . |
4| . . . . . . . . |
3| . . x . . x . . |
2| D H C M E C H D |
1| R R R R R R R R |
 +-----------------+
   a b c d e f g h
";

/// The 64 squares of the opening, without side or brackets.
fn opening_cells() -> String {
    OPENING[3..67].to_string()
}

/// `g [` + the 64 cells + `]`, with `cells` given as (AEI index, char) changes to an
/// empty board.
fn short_with(side: char, changes: &[(usize, char)]) -> String {
    let mut cells = [' '; 64];
    for &(i, c) in changes {
        cells[i] = c;
    }
    format!("{side} [{}]", cells.iter().collect::<String>())
}

fn parse(text: &str) -> Result<Position, ParsePositionError> {
    text.parse::<Position>()
}

/// Asserts that `text` gives `expected` and that the error prints as `message`.
fn assert_short_error(text: &str, expected: ParsePositionError, message: &str) {
    let err = parse(text).expect_err(text);
    assert_eq!(err, expected, "reading {text:?}");
    assert_eq!(err.to_string(), message, "message for {text:?}");
}

fn assert_diagram_error(text: &str, expected: ParsePositionError, message: &str) {
    let err = Position::from_diagram(text).expect_err(text);
    assert_eq!(err, expected, "reading diagram {text:?}");
    assert_eq!(err.to_string(), message, "message for diagram {text:?}");
}

/// The opening diagram with line `index` (0 = the side line) replaced by `line`.
fn diagram_with_line(index: usize, line: &str) -> String {
    let mut lines: Vec<&str> = OPENING_DIAGRAM.lines().collect();
    lines[index] = line;
    lines.join("\n")
}

// ---- Errors of the short form -------------------------------------------------------

#[test]
fn empty_text() {
    for text in ["", "   ", "\n\t "] {
        assert_short_error(text, ParsePositionError::Empty, "empty position text");
    }
}

#[test]
fn too_long_text() {
    let long = format!("{OPENING}{}", " ".repeat(10_000));
    let len = long.len();
    assert_short_error(
        &long,
        ParsePositionError::TooLong(len),
        &format!("position text too long ({len} bytes)"),
    );
    // Length is measured in bytes: 3,000 four-byte characters.
    let wide = "\u{1F600}".repeat(3_000);
    assert_short_error(
        &wide,
        ParsePositionError::TooLong(12_000),
        "position text too long (12000 bytes)",
    );
    // A little surrounding whitespace is fine.
    let padded = format!("  \n{OPENING}\t \n");
    assert_eq!(parse(&padded).unwrap(), parse(OPENING).unwrap());
}

#[test]
fn bad_side() {
    let cells = opening_cells();
    for (side, shown) in [
        ("x", "x"),
        ("gold", "gold"),
        ("gs", "gs"),
        ("1", "1"),
        ("\u{e9}", "\u{e9}"),
        ("23w", "23w"),
    ] {
        assert_short_error(
            &format!("{side} [{cells}]"),
            ParsePositionError::BadSide(shown.to_string()),
            &format!("invalid side to move {shown:?}: expected g, s, w or b"),
        );
    }
    // No side at all.
    assert_short_error(
        &format!("[{cells}]"),
        ParsePositionError::BadSide(String::new()),
        "invalid side to move \"\": expected g, s, w or b",
    );
    // A long side is cut to 20 characters in the error.
    let long_side = "s".repeat(50);
    assert_short_error(
        &format!("{long_side} [{cells}]"),
        ParsePositionError::BadSide("s".repeat(20)),
        &format!(
            "invalid side to move {:?}: expected g, s, w or b",
            "s".repeat(20)
        ),
    );
}

#[test]
fn missing_brackets() {
    let cells = opening_cells();
    let open = "expected '[' to open the board after the side to move";
    let close = "expected ']' to close the board";
    assert_short_error(
        &format!("g {cells}]"),
        ParsePositionError::MissingOpen,
        open,
    );
    assert_short_error("g", ParsePositionError::MissingOpen, open);
    assert_short_error(
        &format!("g ({cells})"),
        ParsePositionError::MissingOpen,
        open,
    );
    assert_short_error(
        &format!("g [{cells}"),
        ParsePositionError::MissingClose,
        close,
    );
    assert_short_error("g [", ParsePositionError::MissingClose, close);
    // The ']' must come after the '['.
    assert_short_error(
        &format!("g ][{cells}"),
        ParsePositionError::BadSide("g ]".to_string()),
        "invalid side to move \"g ]\": expected g, s, w or b",
    );
}

#[test]
fn wrong_length() {
    let cells = opening_cells();
    for n in [0, 1, 63, 65, 128] {
        let text = if n <= 64 {
            format!("g [{}]", &cells[..n])
        } else {
            format!("g [{cells}{}]", " ".repeat(n - 64))
        };
        assert_short_error(
            &text,
            ParsePositionError::WrongLength(n),
            &format!("the board has {n} squares between the brackets, expected 64"),
        );
    }
    // Squares are counted as characters, not bytes: 64 characters with a two-byte one
    // is the right length and fails on the character instead.
    let mut with_accent: Vec<char> = cells.chars().collect();
    with_accent[20] = '\u{e9}';
    let text = format!("g [{}]", with_accent.iter().collect::<String>());
    assert!(matches!(
        parse(&text),
        Err(ParsePositionError::UnknownPiece { ch: '\u{e9}', .. })
    ));
    // 63 characters with a multi-byte one is 63 squares.
    let text = format!("g [{}\u{e9}]", &cells[..62]);
    assert_eq!(parse(&text), Err(ParsePositionError::WrongLength(63)));
}

#[test]
fn unknown_piece() {
    // The character's index in the AEI text names the square: a8 first, h1 last.
    for (index, ch, square) in [
        (0, 'Z', Square::A8),
        (7, 'k', Square::H8),
        (8, '1', Square::A7),
        (42, '?', Square::C3),
        (56, 'q', Square::A1),
        (63, '\u{1F600}', Square::H1),
        (35, '\t', Square::D4),
    ] {
        let text = short_with('g', &[(index, ch)]);
        assert_short_error(
            &text,
            ParsePositionError::UnknownPiece { ch, square },
            &format!(
                "unknown character {ch:?} on {square}: expected one of RCDHMErcdhme or an empty mark"
            ),
        );
    }
}

/// Every index of the AEI text maps to its square (a8..h8, a7..h7, ..., a1..h1), both
/// for reading a piece and for naming a bad character.
#[test]
fn every_square_in_aei_order() {
    for i in 0..64 {
        let square = Square::ALL[(7 - i / 8) * 8 + i % 8];
        let err = parse(&short_with('s', &[(i, '*')])).unwrap_err();
        assert_eq!(err, ParsePositionError::UnknownPiece { ch: '*', square });
        if square.is_trap() {
            continue;
        }
        let pos = parse(&short_with('s', &[(i, 'h')])).unwrap();
        assert_eq!(
            pos.board().piece_at(square),
            Some(Piece::new(Color::Silver, PieceKind::Horse)),
            "index {i}"
        );
        assert_eq!(pos.board().occupied().count(), 1);
        assert_eq!(pos.to_string(), short_with('s', &[(i, 'h')]));
    }
}

#[test]
fn trailing_text() {
    for (tail, shown) in [
        (" extra", "extra"),
        ("]", "]"),
        (" 12 moves", "12 moves"),
        (
            " this tail is much longer than twenty characters",
            "this tail is much lo",
        ),
    ] {
        assert_short_error(
            &format!("{OPENING}{tail}"),
            ParsePositionError::Trailing(shown.to_string()),
            &format!("unexpected text after the board: {shown:?}"),
        );
    }
    // Whitespace after the board is not trailing text.
    assert!(parse(&format!("{OPENING}  \t\n")).is_ok());
}

#[test]
fn unsupported_piece_on_trap_is_invalid() {
    // A gold rabbit alone on c3 (AEI index 42).
    let text = short_with('g', &[(42, 'R')]);
    let err = parse(&text).unwrap_err();
    let expected = ParsePositionError::Invalid(PositionError::UnsupportedOnTrap {
        piece: Piece::new(Color::Gold, PieceKind::Rabbit),
        square: Square::C3,
    });
    assert_eq!(err, expected);
    assert_eq!(
        err.to_string(),
        "R on trap c3 has no friendly piece beside it and would be captured"
    );
    // An enemy beside it does not support it (c4 is index 34).
    let text = short_with('s', &[(42, 'R'), (34, 'e')]);
    assert_eq!(parse(&text).unwrap_err(), expected);
    // A silver elephant alone on f6 (index 21).
    let err = parse(&short_with('s', &[(21, 'e')])).unwrap_err();
    assert_eq!(
        err,
        ParsePositionError::Invalid(PositionError::UnsupportedOnTrap {
            piece: Piece::new(Color::Silver, PieceKind::Elephant),
            square: Square::F6,
        })
    );
    assert_eq!(
        err.to_string(),
        "e on trap f6 has no friendly piece beside it and would be captured"
    );
    // With a friend beside it (f5, index 29) the same piece is fine.
    let pos = parse(&short_with('s', &[(21, 'e'), (29, 'c')])).unwrap();
    assert_eq!(
        pos.board().piece_at(Square::F6),
        Some(Piece::new(Color::Silver, PieceKind::Elephant))
    );
    // The same check through Position::new.
    let mut board = Board::empty();
    board.set(Square::C6, Some(Piece::new(Color::Gold, PieceKind::Dog)));
    assert_eq!(
        Position::new(board, Color::Gold),
        Err(PositionError::UnsupportedOnTrap {
            piece: Piece::new(Color::Gold, PieceKind::Dog),
            square: Square::C6,
        })
    );
}

// ---- Errors of the diagram -----------------------------------------------------------

#[test]
fn diagram_errors() {
    for text in ["", "\n\n   \n"] {
        assert_diagram_error(text, ParsePositionError::Empty, "empty position text");
    }
    let long = format!("{OPENING_DIAGRAM}{}", "\n".repeat(5_000));
    let len = long.len();
    assert_diagram_error(
        &long,
        ParsePositionError::TooLong(len),
        &format!("position text too long ({len} bytes)"),
    );

    // The first line must be the side to move, optionally after a move number.
    assert_diagram_error(
        &diagram_with_line(0, "23x"),
        ParsePositionError::BadSide("x".to_string()),
        "invalid side to move \"x\": expected g, s, w or b",
    );
    let no_side: String = OPENING_DIAGRAM
        .lines()
        .skip(1)
        .collect::<Vec<_>>()
        .join("\n");
    assert_diagram_error(
        &no_side,
        ParsePositionError::BadSide("+-----------------+".to_string()),
        "invalid side to move \"+-----------------+\": expected g, s, w or b",
    );

    let cases = [
        (
            3,
            "9| d h c e m c h d |",
            "bad rank in \"9| d h c e m c h d |\"",
        ),
        (
            3,
            "0| d h c e m c h d |",
            "bad rank in \"0| d h c e m c h d |\"",
        ),
        (3, "7  d h c e m c h d", "row 7 must be enclosed in '|'"),
        (3, "7| d h c e m c h d ", "row 7 must be enclosed in '|'"),
        (
            3,
            "7| d h c e m c h |",
            "row 7 has 15 characters between the bars, expected 17",
        ),
        (
            3,
            "7|d h c e m c h d|",
            "row 7 has 15 characters between the bars, expected 17",
        ),
        (4, "7| . . x . . x . . |", "row 7 appears twice"),
        (5, "   some text", "row 5 is missing"),
    ];
    for (line_index, line, message) in cases {
        assert_diagram_error(
            &diagram_with_line(line_index, line),
            ParsePositionError::Diagram(message.to_string()),
            &format!("diagram: {message}"),
        );
    }
    // Only the side line.
    assert_diagram_error(
        "g\n",
        ParsePositionError::Diagram("row 1 is missing".to_string()),
        "diagram: row 1 is missing",
    );

    // An unknown letter names its square.
    assert_diagram_error(
        &diagram_with_line(3, "7| d h c e m c h Q |"),
        ParsePositionError::UnknownPiece {
            ch: 'Q',
            square: Square::H7,
        },
        "unknown character 'Q' on h7: expected one of RCDHMErcdhme or an empty mark",
    );
    // A piece alone on a trap: a gold rabbit on c3 with rank 2 emptied.
    let mut lines: Vec<&str> = OPENING_DIAGRAM.lines().collect();
    lines[7] = "3| . . R . . x . . |";
    lines[8] = "2| . . . . . . . . |";
    let err = Position::from_diagram(&lines.join("\n")).unwrap_err();
    assert_eq!(
        err,
        ParsePositionError::Invalid(PositionError::UnsupportedOnTrap {
            piece: Piece::new(Color::Gold, PieceKind::Rabbit),
            square: Square::C3,
        })
    );
    assert_eq!(
        err.to_string(),
        "R on trap c3 has no friendly piece beside it and would be captured"
    );
}

// ---- What is accepted, and round trips -----------------------------------------------

#[test]
fn display_is_the_aei_short_form() {
    let pos = parse(OPENING).unwrap();
    assert_eq!(pos.to_string(), OPENING);
    assert_eq!(pos.side_to_move(), Color::Gold);
    assert_eq!(
        pos.board().piece_at(Square::A1),
        Some(Piece::new(Color::Gold, PieceKind::Rabbit))
    );
    assert_eq!(
        pos.board().piece_at(Square::E2),
        Some(Piece::new(Color::Gold, PieceKind::Elephant))
    );
    assert_eq!(
        pos.board().piece_at(Square::D7),
        Some(Piece::new(Color::Silver, PieceKind::Elephant))
    );
    assert_eq!(
        pos.board().piece_at(Square::H8),
        Some(Piece::new(Color::Silver, PieceKind::Rabbit))
    );
    assert_eq!(pos.board().piece_at(Square::D4), None);
    let silver = parse(&OPENING.replacen('g', "s", 1)).unwrap();
    assert_eq!(silver.to_string(), OPENING.replacen('g', "s", 1));
}

#[test]
fn side_spellings() {
    let cells = opening_cells();
    for (side, color) in [
        ('g', Color::Gold),
        ('w', Color::Gold),
        ('G', Color::Gold),
        ('W', Color::Gold),
        ('s', Color::Silver),
        ('b', Color::Silver),
        ('S', Color::Silver),
        ('B', Color::Silver),
    ] {
        let pos = parse(&format!("{side} [{cells}]")).unwrap();
        assert_eq!(pos.side_to_move(), color, "side {side}");
        // Written back as g or s.
        let letter = if color == Color::Gold { 'g' } else { 's' };
        assert_eq!(pos.to_string(), format!("{letter} [{cells}]"));
        // No space needed, extra spaces allowed.
        assert_eq!(parse(&format!("{side}[{cells}]")).unwrap(), pos);
        assert_eq!(parse(&format!("  {side}   [{cells}]  ")).unwrap(), pos);
        // The diagram takes the same letters, also after a move number.
        let diagram = diagram_with_line(0, &format!("17{side}"));
        assert_eq!(Position::from_diagram(&diagram).unwrap(), pos);
    }
}

#[test]
fn dots_and_x_are_empty_squares() {
    let reference = parse(OPENING).unwrap();
    for mark in ['.', 'x', 'X'] {
        let text = OPENING
            .replace(' ', &mark.to_string())
            .replacen(mark, " ", 1);
        assert!(text.starts_with("g ["), "{text}");
        assert_eq!(parse(&text).unwrap(), reference, "empty mark {mark:?}");
    }
    // Mixed marks.
    let mixed: String = opening_cells()
        .chars()
        .enumerate()
        .map(|(i, c)| match (c, i % 3) {
            (' ', 0) => '.',
            (' ', 1) => 'x',
            (c, _) => c,
        })
        .collect();
    assert_eq!(parse(&format!("g [{mixed}]")).unwrap(), reference);
    // The diagram: '.', 'x', 'X' and space are all empty.
    let diagram = OPENING_DIAGRAM
        .replace("6| . . x . . x . . |", "6| X .   . . x x . |")
        .replace("4| . . . . . . . . |", "4|                 |");
    assert_eq!(Position::from_diagram(&diagram).unwrap(), reference);
}

#[test]
fn diagram_round_trips_and_format() {
    let pos = parse(OPENING).unwrap();
    assert_eq!(pos.to_diagram(), OPENING_DIAGRAM);
    assert_eq!(Position::from_diagram(OPENING_DIAGRAM).unwrap(), pos);
    // Leading and trailing blank lines, indentation and trailing spaces are fine.
    let loose = format!(
        "\n\n  12g  \n{}\n\n",
        OPENING_DIAGRAM
            .lines()
            .skip(1)
            .map(|l| format!("   {l}   "))
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert_eq!(Position::from_diagram(&loose).unwrap(), pos);
    // Rows in any order.
    let mut lines: Vec<&str> = OPENING_DIAGRAM.lines().collect();
    lines[2..10].reverse();
    assert_eq!(Position::from_diagram(&lines.join("\n")).unwrap(), pos);
    // An occupied trap is written with its piece, an empty one as x.
    let text = short_with('s', &[(42, 'R'), (43, 'R'), (21, 'e'), (29, 'c')]);
    let pos = parse(&text).unwrap();
    let diagram = pos.to_diagram();
    assert!(diagram.starts_with("s\n"));
    assert!(diagram.contains("6| . . x . . e . . |"), "{diagram}");
    assert!(diagram.contains("5| . . . . . c . . |"), "{diagram}");
    assert!(diagram.contains("3| . . R R . x . . |"), "{diagram}");
    assert_eq!(Position::from_diagram(&diagram).unwrap(), pos);
}

#[test]
fn finished_games_are_readable() {
    // A gold rabbit on its goal (a8), Silver to move; a silver rabbit on h7.
    let pos = parse(&short_with('s', &[(0, 'R'), (15, 'r')])).unwrap();
    assert!(pos.board().rabbit_on_goal(Color::Gold));
    assert!(!pos.board().rabbit_on_goal(Color::Silver));
    // A silver rabbit on its goal (h1).
    let pos = parse(&short_with('g', &[(63, 'r'), (0, 'e')])).unwrap();
    assert!(pos.board().rabbit_on_goal(Color::Silver));
    // Gold has no rabbits.
    let pos = parse(&short_with('g', &[(27, 'E'), (12, 'r')])).unwrap();
    assert_eq!(
        pos.board()
            .count(Piece::new(Color::Gold, PieceKind::Rabbit)),
        0
    );
    assert!(pos.count_moves() > 0);
    // Nobody has rabbits; and the empty board.
    let pos = parse(&short_with('s', &[(27, 'E'), (28, 'm')])).unwrap();
    assert_eq!(pos.board().kind(PieceKind::Rabbit).count(), 0);
    let empty = parse(&short_with('g', &[])).unwrap();
    assert_eq!(empty.board().occupied().count(), 0);
    assert_eq!(empty.count_moves(), 0);
    assert!(!empty.has_legal_move());
    // All of them round trip through both forms.
    for text in [
        short_with('s', &[(0, 'R'), (15, 'r')]),
        short_with('g', &[(63, 'r'), (0, 'e')]),
        short_with('g', &[(27, 'E'), (12, 'r')]),
        short_with('g', &[]),
    ] {
        let pos = parse(&text).unwrap();
        assert_eq!(pos.to_string(), text);
        assert_eq!(Position::from_diagram(&pos.to_diagram()).unwrap(), pos);
    }
    // The same through the diagram: a gold rabbit on a8.
    let diagram = diagram_with_line(2, "8| R r r r r r r r |");
    assert!(Position::from_diagram(&diagram)
        .unwrap()
        .board()
        .rabbit_on_goal(Color::Gold));
}

// ---- Random texts ----------------------------------------------------------------------

const LETTERS: [char; 13] = [
    ' ', 'R', 'C', 'D', 'H', 'M', 'E', 'r', 'c', 'd', 'h', 'm', 'e',
];

/// Random boards: any letters anywhere, pieces left alone on traps removed.
fn board_text() -> impl Strategy<Value = String> {
    (prop::collection::vec(0..LETTERS.len(), 64), prop::bool::ANY).prop_map(|(cells, gold)| {
        let mut board = Board::empty();
        for (i, &c) in cells.iter().enumerate() {
            // AEI order: index i is rank 8 - i/8, file i%8.
            let sq = Square::ALL[(7 - i / 8) * 8 + i % 8];
            board.set(sq, Piece::from_char(LETTERS[c]));
        }
        for sq in board.unsupported_on_traps() {
            board.set(sq, None);
        }
        let side = if gold { Color::Gold } else { Color::Silver };
        Position::new(board, side).unwrap().to_string()
    })
}

/// A random edit of `text`: replace, insert or delete a character, or cut the text.
#[derive(Debug, Clone)]
enum Edit {
    Replace(usize, char),
    Insert(usize, char),
    Delete(usize),
    Truncate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let ch = prop_oneof![
        prop::sample::select(vec![
            ' ',
            '.',
            'x',
            '[',
            ']',
            '|',
            '+',
            '\n',
            'g',
            's',
            'w',
            'b',
            'R',
            'e',
            '0',
            '8',
            '9',
            '\u{e9}',
            '\u{1F600}',
            '\u{0}',
        ]),
        any::<char>(),
    ];
    prop_oneof![
        (any::<usize>(), ch.clone()).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), ch).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        any::<usize>().prop_map(Edit::Truncate),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len();
        match *e {
            Edit::Replace(i, c) if n > 0 => chars[i % n] = c,
            Edit::Insert(i, c) => chars.insert(i % (n + 1), c),
            Edit::Delete(i) if n > 0 => {
                chars.remove(i % n);
            }
            Edit::Truncate(i) => chars.truncate(i % (n + 1)),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Whatever a reader accepts must write back and read again as the same position.
/// Errors must print a message.
fn check_accepted(result: Result<Position, ParsePositionError>) -> Result<(), TestCaseError> {
    match result {
        Ok(pos) => {
            let again = parse(&pos.to_string());
            prop_assert_eq!(again, Ok(pos.clone()));
            let again = Position::from_diagram(&pos.to_diagram());
            prop_assert_eq!(again, Ok(pos));
        }
        Err(e) => prop_assert!(!e.to_string().is_empty()),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn short_form_and_diagram_round_trip(text in board_text()) {
        let pos = parse(&text).unwrap();
        prop_assert_eq!(pos.to_string(), text.clone());
        let diagram = pos.to_diagram();
        prop_assert_eq!(Position::from_diagram(&diagram).unwrap(), pos.clone());
        // Dots for spaces read the same.
        let dotted = format!("{}{}", &text[..3], text[3..].replace(' ', "."));
        prop_assert_eq!(parse(&dotted).unwrap(), pos);
    }

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        check_accepted(parse(&text))?;
        check_accepted(Position::from_diagram(&text))?;
    }

    #[test]
    fn bracketed_noise_never_panics(side in "[gswbxGS ]{0,3}", cells in "[ .xRrEe\u{e9}\\]\\[|]{0,70}", tail in ".{0,4}") {
        let text = format!("{side}[{cells}]{tail}");
        check_accepted(parse(&text))?;
        check_accepted(Position::from_diagram(&text))?;
    }

    #[test]
    fn edited_short_forms_never_panic(text in board_text(), edits in prop::collection::vec(edit(), 1..6)) {
        let edited = apply(&text, &edits);
        check_accepted(parse(&edited))?;
        check_accepted(Position::from_diagram(&edited))?;
    }

    #[test]
    fn edited_diagrams_never_panic(text in board_text(), edits in prop::collection::vec(edit(), 1..6)) {
        let diagram = parse(&text).unwrap().to_diagram();
        let edited = apply(&diagram, &edits);
        check_accepted(Position::from_diagram(&edited))?;
        check_accepted(parse(&edited))?;
    }
}
