//! Checks the slow reference turn enumerator (`tests/support/reference.rs`) against
//! published unique-move counts in `tests/data/` (see the headers of those files for their
//! provenance). The reference enumerator is then trusted by property tests that
//! cross-check the crate's fast move generator, so it must agree with every count here
//! exactly.
//!
//! Nothing here uses the `arimaa` crate.

mod support;

use std::path::PathBuf;
use std::time::Instant;
use support::reference::{parse_aei, reference_moves, to_aei_board, RefBoard};

fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join(name)
}

fn read_data(name: &str) -> String {
    let path = data_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// One position with its expected unique-move count.
#[derive(Debug)]
struct Case {
    label: String,
    gold_to_move: bool,
    board: RefBoard,
    expected: usize,
}

/// Parses a long board diagram (the 8 lines `8| r r . ... |` .. `1| ... |`) into a board.
fn parse_diagram(rank_lines: &[&str]) -> RefBoard {
    assert_eq!(rank_lines.len(), 8, "diagram needs 8 rank lines");
    let mut short = String::from("[");
    for (i, line) in rank_lines.iter().enumerate() {
        let expected_rank = (8 - i).to_string();
        assert!(
            line.starts_with(&expected_rank),
            "rank line {line:?} should start with {expected_rank}"
        );
        let open = line.find('|').expect("'|' in rank line");
        let close = line.rfind('|').expect("'|' in rank line");
        let inner: Vec<char> = line[open + 1..close].chars().collect();
        assert_eq!(inner.len(), 17, "rank line {line:?}");
        for file in 0..8 {
            short.push(inner[1 + 2 * file]);
        }
    }
    short.push(']');
    parse_aei(&short).unwrap().1
}

/// Parses the `### N side=g|s count=C [pyrimaa_unique=U]` record format of
/// `small-positions.txt` and `clueless-benchmark.txt`: a header line, the AEI short board
/// on the next line, then a long diagram. The diagram is parsed too and must agree with
/// the short board. `count_key` names the header field holding the expected count.
fn parse_records(name: &str, count_key: &str) -> Vec<Case> {
    let text = read_data(name);
    let lines: Vec<&str> = text.lines().collect();
    let mut cases = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if !line.starts_with("### ") {
            i += 1;
            continue;
        }
        let mut number = None;
        let mut side = None;
        let mut expected = None;
        for (k, field) in line[4..].split_whitespace().enumerate() {
            if k == 0 {
                number = Some(field.to_string());
            } else if let Some(v) = field.strip_prefix("side=") {
                side = Some(match v {
                    "g" => true,
                    "s" => false,
                    _ => panic!("bad side in {line:?}"),
                });
            } else if let Some(v) = field.strip_prefix(&format!("{count_key}=")) {
                expected = Some(v.parse::<usize>().unwrap());
            }
        }
        let gold_to_move = side.unwrap_or_else(|| panic!("no side in {line:?}"));
        let short = lines[i + 1];
        let (_, board) = parse_aei(short).unwrap();
        // Long diagram: border line, 8 rank lines, border line, file letters.
        assert!(lines[i + 2].trim_start().starts_with('+'), "{name}: {line}");
        let diagram = parse_diagram(&lines[i + 3..i + 11]);
        assert_eq!(
            to_aei_board(&diagram),
            to_aei_board(&board),
            "{name} {line}: diagram and short board disagree"
        );
        assert!(
            lines[i + 11].trim_start().starts_with('+'),
            "{name}: {line}"
        );
        cases.push(Case {
            label: format!("{name} #{}", number.unwrap()),
            gold_to_move,
            board,
            expected: expected.unwrap_or_else(|| panic!("no {count_key} in {line:?}")),
        });
        i += 12;
    }
    cases
}

fn opening_case() -> Case {
    let text = read_data("aei-opening.txt");
    // The header says "Re-run here: moves=3353 nodes=16440".
    let at = text
        .find("moves=")
        .expect("moves= in aei-opening.txt header")
        + "moves=".len();
    let digits: String = text[at..]
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    let expected: usize = digits.parse().unwrap();
    assert_eq!(expected, 3353);
    let short = text
        .lines()
        .find(|l| l.starts_with('['))
        .expect("short board line");
    let (gold_to_move, board) = parse_aei(short).unwrap();
    Case {
        label: "aei-opening".to_string(),
        gold_to_move,
        board,
        expected,
    }
}

/// `opfor.tsv`: comment lines start with '#', then a `side board unique_moves` header,
/// then tab-separated rows (boards contain spaces, so split on tabs only).
fn opfor_cases() -> Vec<Case> {
    let text = read_data("opfor.tsv");
    let mut cases = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.starts_with("side\t") || line.is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 3, "opfor row {line:?}");
        let gold_to_move = match cols[0] {
            "gold" => true,
            "silver" => false,
            other => panic!("bad side {other:?}"),
        };
        let (_, board) = parse_aei(cols[1]).unwrap();
        cases.push(Case {
            label: format!("opfor row {}", cases.len() + 1),
            gold_to_move,
            board,
            expected: cols[2].parse().unwrap(),
        });
    }
    cases
}

/// `archive-positions.tsv`: `game_id turn position_before_turn unique_moves`; the turn
/// ends in `w` (Gold to move) or `b` (Silver to move).
fn archive_cases() -> Vec<Case> {
    let text = read_data("archive-positions.tsv");
    let mut cases = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.starts_with("game_id\t") || line.is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 4, "archive row {line:?}");
        let gold_to_move = match cols[1].chars().last() {
            Some('w') => true,
            Some('b') => false,
            _ => panic!("bad turn {:?}", cols[1]),
        };
        let (_, board) = parse_aei(cols[2]).unwrap();
        cases.push(Case {
            label: format!("archive {} {}", cols[0], cols[1]),
            gold_to_move,
            board,
            expected: cols[3].parse().unwrap(),
        });
    }
    cases
}

/// Runs the reference enumerator on every case and asserts all counts at once.
fn check_all(cases: &[Case]) {
    let start = Instant::now();
    let mut failures = Vec::new();
    for case in cases {
        let got = reference_moves(case.gold_to_move, &case.board, 4).len();
        if got != case.expected {
            failures.push(format!(
                "{}: {} to move {}: expected {}, got {got}",
                case.label,
                if case.gold_to_move { "g" } else { "s" },
                to_aei_board(&case.board),
                case.expected
            ));
        }
    }
    eprintln!(
        "checked {} positions in {:.2?}",
        cases.len(),
        start.elapsed()
    );
    assert!(failures.is_empty(), "mismatches:\n{}", failures.join("\n"));
}

#[test]
fn opening_has_3353_moves() {
    check_all(&[opening_case()]);
}

#[test]
fn small_positions_match_pyrimaa() {
    let cases = parse_records("small-positions.txt", "pyrimaa_unique");
    assert_eq!(cases.len(), 5);
    check_all(&cases);
}

#[test]
fn opfor_positions_match() {
    let cases = opfor_cases();
    assert_eq!(cases.len(), 29);
    check_all(&cases);
}

/// The whole clueless benchmark: 32 positions, 19 to 338,034 moves, 2,987,987 in all.
#[test]
fn clueless_benchmark_all() {
    let cases = parse_records("clueless-benchmark.txt", "count");
    assert_eq!(cases.len(), 32);
    assert_eq!(cases.iter().map(|c| c.expected).sum::<usize>(), 2_987_987);
    check_all(&cases);
}

/// All 206 positions of four archive games.
#[test]
fn archive_positions_all() {
    let cases = archive_cases();
    assert_eq!(cases.len(), 206);
    check_all(&cases);
}

// ---- Small hand-made checks of individual rules and of the parser ----

/// Builds a board from `(square name, piece letter)` pairs, e.g. `("e5", 'R')`.
fn board_of(pieces: &[(&str, char)]) -> RefBoard {
    let mut short: Vec<char> = vec![' '; 64];
    for &(square, piece) in pieces {
        let bytes = square.as_bytes();
        let file = (bytes[0] - b'a') as usize;
        let rank = (bytes[1] - b'1') as usize;
        short[(7 - rank) * 8 + file] = piece;
    }
    let s: String = std::iter::once('[')
        .chain(short)
        .chain(std::iter::once(']'))
        .collect();
    parse_aei(&s).unwrap().1
}

#[test]
fn parser_forms_and_round_trip() {
    let short = "[rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]";
    let (g, b) = parse_aei(short).unwrap();
    assert!(g);
    assert_eq!(to_aei_board(&b), short);
    // a1 = index 0 holds a gold rabbit, e2 (index 12) the gold elephant, h8 a silver rabbit.
    assert_eq!(b[0], Some((true, 0)));
    assert_eq!(b[12], Some((true, 5)));
    assert_eq!(b[63], Some((false, 0)));
    assert_eq!(b[8 * 6 + 3], Some((false, 5))); // d7: silver elephant
    for (prefix, gold) in [("g ", true), ("w ", true), ("s ", false), ("b ", false)] {
        let (side, b2) = parse_aei(&format!("{prefix}{short}")).unwrap();
        assert_eq!(side, gold);
        assert_eq!(b2, b);
    }
    let dotted = short.replace(' ', ".");
    assert_eq!(parse_aei(&dotted).unwrap().1, b);
    assert!(parse_aei("[rr]").is_err());
    assert!(
        parse_aei("q [                                                                ]").is_err()
    );
}

#[test]
fn lone_rabbit_never_steps_backwards() {
    // Gold rabbit on e5: n/e/w reachable, never south.
    let b = board_of(&[("e5", 'R')]);
    let one = reference_moves(true, &b, 1);
    assert_eq!(one.len(), 3);
    assert!(!one.contains(&to_aei_board(&board_of(&[("e4", 'R')]))));
    assert_eq!(reference_moves(true, &b, 4).len(), 21);
    // Silver rabbit on e4: never north.
    let s = board_of(&[("e4", 'r')]);
    assert!(!reference_moves(false, &s, 4).contains(&to_aei_board(&board_of(&[("e5", 'r')]))));
}

#[test]
fn push_needs_two_steps_and_cannot_end_halfway() {
    // Gold elephant on a1 boxed in by silver rabbits on a2 and b1, which have room.
    let b = board_of(&[("a1", 'E'), ("a2", 'r'), ("b1", 'r')]);
    // With one step nothing is possible: the elephant has no empty neighbour.
    assert!(reference_moves(true, &b, 1).is_empty());
    let two = reference_moves(true, &b, 2);
    // Push a2 to a3 or b2, or b1 to c1 or b2: four boards.
    assert_eq!(two.len(), 4);
    assert!(two.contains(&to_aei_board(&board_of(&[
        ("a2", 'E'),
        ("a3", 'r'),
        ("b1", 'r')
    ]))));
    // The half-push (rabbit moved, elephant not yet) is never a result.
    assert!(!two.contains(&to_aei_board(&board_of(&[
        ("a1", 'E'),
        ("a3", 'r'),
        ("b1", 'r')
    ]))));
}

#[test]
fn equal_pieces_do_not_push_pull_or_freeze() {
    // Gold cat d4 next to silver cat d5: no push/pull; the cat is not frozen.
    let b = board_of(&[("d4", 'C'), ("d5", 'c')]);
    // Not frozen: the gold cat can step to c4, e4 or d3.
    assert_eq!(reference_moves(true, &b, 1).len(), 3);
    // Never pushed or pulled: the silver cat stays on d5 in every turn.
    let moves = reference_moves(true, &b, 4);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| {
        let (_, after) = parse_aei(m).unwrap();
        after[8 * 4 + 3] == Some((false, 1))
    }));
}

#[test]
fn pull_completes_when_puller_dies_on_trap() {
    // Gold horse c7, silver dog c8. The horse steps onto trap c6 (no gold neighbour) and
    // is captured; the dog still follows into c7.
    let b = board_of(&[("c7", 'H'), ("c8", 'd')]);
    let moves = reference_moves(true, &b, 2);
    assert!(moves.contains(&to_aei_board(&board_of(&[("c7", 'd')]))));
    // Just the horse's suicide step is a one-step turn too.
    assert!(moves.contains(&to_aei_board(&board_of(&[("c8", 'd')]))));
}

#[test]
fn frozen_pieces_cannot_move_but_can_be_pushed() {
    // Gold dog d4 frozen by silver elephant d5; gold elephant a1 far away.
    let b = board_of(&[("d4", 'D'), ("d5", 'e'), ("a1", 'E')]);
    let one = reference_moves(true, &b, 1);
    // Only the elephant can step: a2 or b1.
    assert_eq!(one.len(), 2);
    // Silver: the elephant pushes the frozen dog, e.g. to c4, and follows to d4.
    let s = reference_moves(false, &b, 2);
    assert!(s.contains(&to_aei_board(&board_of(&[
        ("c4", 'D'),
        ("d4", 'e'),
        ("a1", 'E')
    ]))));
    // Pushed to d3, ... and pulled, e.g. elephant to e5 and the dog to d5.
    assert!(s.contains(&to_aei_board(&board_of(&[
        ("d5", 'D'),
        ("e5", 'e'),
        ("a1", 'E')
    ]))));
}

#[test]
fn pushed_rabbit_may_go_backwards_and_into_a_trap() {
    // Gold rabbit d3 next to trap c3, silver elephant e3.
    let b = board_of(&[("d3", 'R'), ("e3", 'e')]);
    let s = reference_moves(false, &b, 2);
    // Pushed west onto the trap, where it is captured; the elephant follows to d3.
    assert!(s.contains(&to_aei_board(&board_of(&[("d3", 'e')]))));
    // Pushed south (backwards for a gold rabbit) to d2.
    assert!(s.contains(&to_aei_board(&board_of(&[("d2", 'R'), ("d3", 'e')]))));
    // Pulled east: the elephant steps to e2, the rabbit follows to e3.
    assert!(s.contains(&to_aei_board(&board_of(&[("e3", 'R'), ("e2", 'e')]))));
}
