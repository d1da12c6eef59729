//! Every unique-move count in `tests/data/` (see `tests/data/README.md` for where each
//! file comes from and the exact counting rule), checked with the crate's generator.
//!
//! For every position:
//! - `count_moves()` and `legal_moves().len()` equal the published count;
//! - playing every move of `legal_moves()` with the checked `Position::after` succeeds,
//!   each move has 1 to 4 steps, and the resulting boards are pairwise distinct (checked
//!   with a plain `HashSet<Board>`, not the generator's own deduplication);
//! - `has_legal_move()` is true exactly when the count is not zero;
//! - the colour-flipped position has the same count.
//!
//! Positions are read with the crate's own readers: the short form with
//! `Position::from_str`, and, where a file prints a board diagram too, the diagram with
//! `Position::from_diagram`; both must give the same position.

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use arimaa::{Board, Color, Position};

fn read_data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// One position with its published count.
struct Case {
    label: String,
    pos: Position,
    expected: usize,
}

fn side_letter(gold: bool) -> char {
    if gold {
        'g'
    } else {
        's'
    }
}

/// Reads `side [64 chars]` with the crate's reader, panicking with the label on failure.
fn read_short(label: &str, side: char, board: &str) -> Position {
    let text = format!("{side} {board}");
    text.parse()
        .unwrap_or_else(|e| panic!("{label}: cannot read {text:?}: {e}"))
}

/// Reads the diagram lines (border, 8 ranks, border, file letters) with the side put in
/// front, and checks it gives `expected`.
fn check_diagram(label: &str, side: char, diagram: &[&str], expected: &Position) {
    let text = format!("{side}\n{}\n", diagram.join("\n"));
    let pos = Position::from_diagram(&text)
        .unwrap_or_else(|e| panic!("{label}: cannot read diagram {text:?}: {e}"));
    assert_eq!(
        &pos, expected,
        "{label}: the diagram and the short board disagree"
    );
}

/// The `### N side=g|s count=C [pyrimaa_unique=U]` records of `small-positions.txt` and
/// `clueless-benchmark.txt`: a header line, the short board on the next line, then an
/// 11-line diagram. `count_key` names the header field holding the count to check.
fn parse_records(name: &str, count_key: &str) -> Vec<Case> {
    let text = read_data(name);
    let lines: Vec<&str> = text.lines().collect();
    let mut cases = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(fields) = line.strip_prefix("### ") else {
            continue;
        };
        let mut fields = fields.split_whitespace();
        let number = fields.next().expect("record number");
        let label = format!("{name} #{number}");
        let mut side = None;
        let mut expected = None;
        for field in fields {
            if let Some(v) = field.strip_prefix("side=") {
                side = Some(match v {
                    "g" => 'g',
                    "s" => 's',
                    _ => panic!("{label}: bad side {v:?}"),
                });
            } else if let Some(v) = field
                .strip_prefix(count_key)
                .and_then(|r| r.strip_prefix('='))
            {
                expected = Some(v.parse::<usize>().expect("count"));
            }
        }
        let side = side.unwrap_or_else(|| panic!("{label}: no side"));
        let pos = read_short(&label, side, lines[i + 1]);
        check_diagram(&label, side, &lines[i + 2..i + 13], &pos);
        cases.push(Case {
            label,
            pos,
            expected: expected.unwrap_or_else(|| panic!("{name} #{number}: no {count_key}")),
        });
    }
    cases
}

/// Runs every check of the module doc on one case; returns what went wrong.
fn check_case(case: &Case) -> Vec<String> {
    let mut errors = Vec::new();
    let pos = &case.pos;
    let want = case.expected;
    let mut fail = |what: String| errors.push(format!("{} ({pos}): {what}", case.label));

    let counted = pos.count_moves();
    if counted != want {
        fail(format!("count_moves() = {counted}, expected {want}"));
    }

    let moves = pos.legal_moves();
    if moves.len() != want {
        fail(format!(
            "legal_moves().len() = {}, expected {want}",
            moves.len()
        ));
    }
    let mut played: HashSet<Board> = HashSet::with_capacity(moves.len());
    for mv in &moves {
        if !(1..=4).contains(&mv.len()) {
            fail(format!("move {mv:?} has {} steps", mv.len()));
        }
        match pos.after(mv) {
            Ok(after) => {
                played.insert(*after.board());
            }
            Err(e) => fail(format!("returned move {mv:?} cannot be played: {e}")),
        }
    }
    if played.len() != want {
        fail(format!(
            "playing legal_moves() gives {} distinct boards, expected {want}",
            played.len()
        ));
    }
    if pos.has_legal_move() != (want > 0) {
        fail(format!(
            "has_legal_move() = {} with {want} moves",
            pos.has_legal_move()
        ));
    }

    let flipped = pos.flip_colors().count_moves();
    if flipped != want {
        fail(format!(
            "flip_colors() has {flipped} moves, expected {want}"
        ));
    }
    errors
}

/// Checks every case and reports all failures at once.
fn check_all(cases: &[Case]) {
    let start = Instant::now();
    let failures: Vec<String> = cases.iter().flat_map(check_case).collect();
    eprintln!(
        "checked {} positions ({} moves) in {:.2?}",
        cases.len(),
        cases.iter().map(|c| c.expected).sum::<usize>(),
        start.elapsed()
    );
    assert!(failures.is_empty(), "mismatches:\n{}", failures.join("\n"));
}

#[test]
fn opening_has_3353_moves() {
    let text = read_data("aei-opening.txt");
    // The header says "Re-run here: moves=3353 nodes=16440".
    let at = text.find("moves=").expect("moves= in the header") + "moves=".len();
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let expected: usize = digits.parse().expect("count after moves=");
    assert_eq!(expected, 3353);

    let lines: Vec<&str> = text.lines().collect();
    let short = lines
        .iter()
        .position(|l| l.starts_with('['))
        .expect("short board line");
    let pos = read_short("aei-opening", 'g', lines[short]);
    check_diagram("aei-opening", 'g', &lines[short + 1..short + 12], &pos);
    assert_eq!(pos.side_to_move(), Color::Gold);
    assert_eq!(pos.board().iter().count(), 32);
    check_all(&[Case {
        label: "aei-opening".to_string(),
        pos,
        expected,
    }]);
}

#[test]
fn opfor_29_positions() {
    let text = read_data("opfor.tsv");
    let mut cases = Vec::new();
    let mut header_seen = false;
    for line in text.lines() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        // Boards contain spaces: split on tabs only.
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 3, "opfor row {line:?}");
        if cols == ["side", "board", "unique_moves"] {
            header_seen = true;
            continue;
        }
        let side = match cols[0] {
            "gold" => 'g',
            "silver" => 's',
            other => panic!("opfor: bad side {other:?}"),
        };
        let label = format!("opfor row {}", cases.len() + 1);
        cases.push(Case {
            pos: read_short(&label, side, cols[1]),
            label,
            expected: cols[2].parse().expect("count"),
        });
    }
    assert!(header_seen, "opfor.tsv column header");
    assert_eq!(cases.len(), 29);
    assert_eq!(cases.iter().map(|c| c.expected).min(), Some(998));
    assert_eq!(cases.iter().map(|c| c.expected).max(), Some(101_363));
    check_all(&cases);
}

#[test]
fn clueless_benchmark_32_positions() {
    let cases = parse_records("clueless-benchmark.txt", "count");
    assert_eq!(cases.len(), 32);
    assert_eq!(cases.iter().map(|c| c.expected).sum::<usize>(), 2_987_987);
    check_all(&cases);
}

#[test]
fn small_positions_5_pyrimaa_counts() {
    let cases = parse_records("small-positions.txt", "pyrimaa_unique");
    assert_eq!(cases.len(), 5);
    assert_eq!(
        cases.iter().map(|c| c.expected).collect::<Vec<_>>(),
        [21, 15419, 2, 1, 15419]
    );
    check_all(&cases);
}

/// One row of `archive-positions.tsv`.
struct ArchiveRow {
    game: String,
    /// Move number and side, e.g. `(12, 'b')`.
    turn: (u32, char),
    case: Case,
}

fn archive_rows() -> Vec<ArchiveRow> {
    let text = read_data("archive-positions.tsv");
    let mut rows = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.is_empty() || line.starts_with("game_id\t") {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 4, "archive row {line:?}");
        let (number, side) = cols[1].split_at(cols[1].len() - 1);
        let side = match side {
            "w" => 'w',
            "b" => 'b',
            other => panic!("archive: bad side {other:?} in {line:?}"),
        };
        let number: u32 = number.parse().expect("move number");
        let label = format!("archive {} {}", cols[0], cols[1]);
        // The reader takes the archive's w/b letters as well as g/s.
        let pos = read_short(&label, side, cols[2]);
        let gold = side == 'w';
        assert_eq!(pos.side_to_move() == Color::Gold, gold, "{label}");
        assert_eq!(
            pos,
            read_short(&label, side_letter(gold), cols[2]),
            "{label}: w/b and g/s read differently"
        );
        rows.push(ArchiveRow {
            game: cols[0].to_string(),
            turn: (number, side),
            case: Case {
                label,
                pos,
                expected: cols[3].parse().expect("count"),
            },
        });
    }
    rows
}

#[test]
fn archive_206_positions() {
    let rows = archive_rows();
    assert_eq!(rows.len(), 206);
    let games: HashSet<&str> = rows.iter().map(|r| r.game.as_str()).collect();
    assert_eq!(games.len(), 4);
    // The shared README says one position has 0 moves; the file itself holds two: the
    // final positions of the two games won by immobilization (see tests/data/README.md).
    let zeros: Vec<&str> = rows
        .iter()
        .filter(|r| r.case.expected == 0)
        .map(|r| r.case.label.as_str())
        .collect();
    assert_eq!(zeros, ["archive 669239 25b", "archive 669202 36b"]);
    for (i, row) in rows.iter().enumerate() {
        if row.case.expected == 0 {
            let last_of_game = !matches!(rows.get(i + 1), Some(next) if next.game == row.game);
            assert!(
                last_of_game,
                "{}: 0 moves before the game's end",
                row.case.label
            );
        }
    }
    let cases: Vec<Case> = rows.into_iter().map(|r| r.case).collect::<Vec<_>>();
    check_all(&cases);
}

/// The archive rows are consecutive turns of real games: the board before each turn must
/// be among the boards the previous position's generated moves produce. This replays
/// every turn of the four games through the generator.
#[test]
fn archive_games_replay_through_generated_moves() {
    let rows = archive_rows();
    let mut replayed = 0;
    for pair in rows.windows(2) {
        let (before, after) = (&pair[0], &pair[1]);
        if before.game != after.game {
            continue;
        }
        let (n, side) = before.turn;
        let expected_next = if side == 'w' { (n, 'b') } else { (n + 1, 'w') };
        assert_eq!(
            after.turn, expected_next,
            "{}: turns are not consecutive",
            after.case.label
        );
        let target = *after.case.pos.board();
        let found = before.case.pos.for_each_move(|_, board, _| {
            if *board == target {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert!(
            found.is_break(),
            "{} -> {}: the played turn is not among the generated moves",
            before.case.label,
            after.case.label
        );
        assert_eq!(
            after.case.pos.side_to_move(),
            !before.case.pos.side_to_move()
        );
        replayed += 1;
    }
    // 206 rows in 4 games: 202 turns between consecutive rows.
    assert_eq!(replayed, 202);
}
