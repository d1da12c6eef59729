//! The example programs' interfaces, pinned: each program is run as a user runs it and
//! every line of its output is checked against the interface its issue specified
//! (`perft`: issue 2, `selfplay`: issue 3, `replay`: issue 4, `notation`: issue 5,
//! `tactics`: issue 13, `aei`: the AEI protocol), with exact values where the output is
//! deterministic and the moves parsed back with the crate. A change elsewhere in the
//! crate (such as a `Display` form) cannot change these interfaces unnoticed.
//!
//! The examples are built once, by Cargo, with the profile and features of this test
//! build and into its target directory (so `cargo test` has already compiled them and
//! nothing is built twice); then each binary is run directly.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{mpsc, OnceLock};
use std::time::Duration;

use arimaa::notation::{legacy, lightvector, official};
use arimaa::{Board, Color, Game, Phase, Position, SetupVariant, Variant};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// The symmetric opening (3,353 distinct moves for either side).
const OPENING: &str = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]";

/// The tactics example's demonstration position.
const DEMO: &str = "g [    e              R                    Dc    r             E   ]";

/// The path of each example's binary, built on first use.
fn examples() -> &'static HashMap<String, PathBuf> {
    static BUILT: OnceLock<HashMap<String, PathBuf>> = OnceLock::new();
    BUILT.get_or_init(build_examples)
}

/// The target directory this test binary was built in (`<dir>/<profile>/deps/<exe>`),
/// when it is recognisably one; else Cargo's own choice (which also follows
/// `CARGO_TARGET_DIR`, inherited from the outer run).
fn target_dir() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?.parent()?;
    dir.join("CACHEDIR.TAG")
        .is_file()
        .then(|| dir.to_path_buf())
}

fn build_examples() -> HashMap<String, PathBuf> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| env!("CARGO").into());
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let mut cmd = Command::new(cargo);
    cmd.arg("build")
        .arg("--quiet")
        .arg("--examples")
        .arg("--message-format=json")
        .arg("--manifest-path")
        .arg(&manifest);
    // The profile of this build: `cargo test` builds the examples with the test profile
    // (debug assertions on), `cargo test --release` with the release profile.
    if cfg!(debug_assertions) {
        cmd.args(["--profile", "test"]);
    } else {
        cmd.arg("--release");
    }
    let mut features = Vec::new();
    if cfg!(feature = "serde") {
        features.push("serde");
    }
    if cfg!(feature = "proptest") {
        features.push("proptest");
    }
    if !features.is_empty() {
        cmd.arg("--features").arg(features.join(","));
    }
    if let Some(dir) = target_dir() {
        cmd.arg("--target-dir").arg(dir);
    }
    let out = cmd
        .stdin(Stdio::null())
        .output()
        .expect("cargo runs to build the examples");
    assert!(
        out.status.success(),
        "building the examples failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut paths = HashMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(msg) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let is_example = msg["target"]["kind"]
            .as_array()
            .is_some_and(|k| k.iter().any(|k| k == "example"));
        if msg["reason"] == "compiler-artifact" && is_example {
            if let (Some(name), Some(exe)) =
                (msg["target"]["name"].as_str(), msg["executable"].as_str())
            {
                paths.insert(name.to_owned(), PathBuf::from(exe));
            }
        }
    }
    for name in ["perft", "selfplay", "replay", "notation", "tactics", "aei"] {
        assert!(paths.contains_key(name), "cargo built no example {name}");
    }
    paths
}

/// What a run of an example gave.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Run {
    fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }
}

/// Runs example `name` with `args`, feeding it `input` on standard input.
fn run(name: &str, args: &[&str], input: &str) -> Run {
    let mut child = Command::new(&examples()[name])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {name}: {e}"));
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_owned();
    let writer = std::thread::spawn(move || {
        // The program may stop reading early; that is its business.
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("the example runs");
    writer.join().expect("writer thread");
    let run = Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 errors"),
    };
    // Every interface here writes whole lines.
    assert!(
        run.stdout.is_empty() || run.stdout.ends_with('\n'),
        "{name} {args:?}: output does not end with a newline: {:?}",
        run.stdout
    );
    run
}

/// Whether `text` has the shape `pattern`: literal text, `{int}` for one or more ASCII
/// digits and `{dec}` for digits, a point and digits.
fn shape(text: &str, pattern: &str) -> bool {
    fn digits(s: &str) -> usize {
        s.bytes().take_while(u8::is_ascii_digit).count()
    }
    let (mut text, mut pattern) = (text, pattern);
    loop {
        if pattern.is_empty() {
            return text.is_empty();
        }
        if let Some(rest) = pattern.strip_prefix("{int}") {
            let n = digits(text);
            if n == 0 {
                return false;
            }
            (text, pattern) = (&text[n..], rest);
        } else if let Some(rest) = pattern.strip_prefix("{dec}") {
            let n = digits(text);
            let Some(frac) = text[n..].strip_prefix('.') else {
                return false;
            };
            let m = digits(frac);
            if n == 0 || m == 0 {
                return false;
            }
            (text, pattern) = (&frac[m..], rest);
        } else {
            let c = pattern.chars().next().expect("not empty");
            let Some(rest) = text.strip_prefix(c) else {
                return false;
            };
            (text, pattern) = (rest, &pattern[c.len_utf8()..]);
        }
    }
}

#[test]
fn the_shape_matcher() {
    assert!(shape(
        "opening: 3353 moves in 0.004 s",
        "opening: {int} moves in {dec} s"
    ));
    assert!(!shape(
        "opening: 3353 moves in 4 s",
        "opening: {int} moves in {dec} s"
    ));
    assert!(!shape("opening: moves", "opening: {int} moves"));
    assert!(!shape("a1 extra", "a{int}"));
}

// ---------------------------------------------------------------- perft (issue 2)

#[test]
fn perft_default_counts_the_opening_and_the_benchmark() {
    let r = run("perft", &[], "");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let lines = r.lines();
    assert_eq!(lines.len(), 2, "{}", r.stdout);
    assert!(
        shape(lines[0], "opening: 3353 moves in {dec} s ({dec} M moves/s)"),
        "{}",
        lines[0]
    );
    assert!(
        shape(
            lines[1],
            "benchmark (32 positions): 2987987 moves in {dec} s ({dec} M moves/s)"
        ),
        "{}",
        lines[1]
    );
}

#[test]
fn perft_with_positions_as_arguments() {
    let r = run("perft", &[OPENING], "");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let lines = r.lines();
    assert_eq!(lines.len(), 2, "{}", r.stdout);
    assert_eq!(lines[0], "3353");
    assert!(
        shape(lines[1], "time: 3353 moves in {dec} s ({dec} M moves/s)"),
        "{}",
        lines[1]
    );
    // A position it cannot read: an error line, the others still counted, exit non-zero.
    let r = run("perft", &["g [short]", OPENING], "");
    assert_ne!(r.code, Some(0));
    let lines = r.lines();
    assert_eq!(lines.len(), 3, "{}", r.stdout);
    assert!(
        lines[0].starts_with("error: ") && lines[0].len() > 7,
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], "3353");
}

#[test]
fn perft_stdin_prints_only_the_counts() {
    // One lone gold rabbit on e5 (tests/data/small-positions.txt: 21 moves without the
    // null move), written with `w` and with text after the board.
    let lone = "w [                            R                                   ] 21 moves";
    let silver = OPENING.replacen('g', "s", 1);
    let input = format!("# a comment\n\n{OPENING}\n{lone}\n  \n{silver}\n");
    let r = run("perft", &["--stdin"], &input);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout, "3353\n21\n3353\n");
    // A bad line: `error: <reason>`, the run goes on, the exit status is non-zero.
    let input = format!("{OPENING}\nq [junk]\n{lone}\n");
    let r = run("perft", &["--stdin"], &input);
    assert_ne!(r.code, Some(0));
    let lines = r.lines();
    assert_eq!(lines.len(), 3, "{}", r.stdout);
    assert_eq!(lines[0], "3353");
    assert!(
        lines[1].starts_with("error: ") && lines[1].len() > 7,
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], "21");
}

// ------------------------------------------------------------- selfplay (issue 3)

/// What the games of one selfplay run gave: winners and reasons, counted.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    games: usize,
    movement_turns: usize,
    gold: usize,
    silver: usize,
    /// Goal, elimination, immobilization.
    reasons: [usize; 3],
}

/// Checks selfplay's standard output line by line: each game is its header
/// `# game K result W R`, then its setups and turns, replayed here with the crate (every
/// turn legal, written exactly as the crate writes it, numbered `2g`, `2s`, `3g`, ...;
/// with Dicey Moves a `# roll N` before every movement turn), ending exactly where the
/// rules end the game with the header's winner and reason.
fn check_selfplay(stdout: &str, variant: Variant) -> Tally {
    let mut lines = stdout.lines().peekable();
    let mut tally = Tally::default();
    while let Some(header) = lines.next() {
        tally.games += 1;
        let k = tally.games;
        let result = header
            .strip_prefix(&format!("# game {k} result "))
            .unwrap_or_else(|| panic!("game {k}: header {header:?}"));
        let (w, r) = match result.as_bytes() {
            [w @ (b'g' | b's'), b' ', r @ (b'g' | b'e' | b'm')] => (*w as char, *r as char),
            _ => panic!("game {k}: result {result:?} is not `W R` in letters"),
        };
        let mut next = |what: &str| {
            lines
                .next()
                .unwrap_or_else(|| panic!("game {k}: the output ends before {what}"))
        };
        let mut setup_line = |color: Color| {
            let line = next("a setup");
            let tokens = line
                .strip_prefix(&format!("1{} ", color.char()))
                .unwrap_or_else(|| panic!("game {k}: setup line {line:?}"));
            let setup = official::parse_setup(color, tokens)
                .unwrap_or_else(|e| panic!("game {k}: setup {line:?}: {e}"));
            assert_eq!(official::write_setup(&setup), tokens, "game {k}");
            setup
        };
        let mut game = if variant.setup == SetupVariant::EndlessEndgame {
            let mut board = Board::empty();
            for color in Color::ALL {
                setup_line(color).apply_to(&mut board);
            }
            Game::endless_endgame_with(board, variant.dicey)
        } else {
            let mut game = Game::start(variant, &mut StdRng::seed_from_u64(0));
            for color in Color::ALL {
                let setup = setup_line(color);
                game.play_setup(&setup)
                    .unwrap_or_else(|e| panic!("game {k}: setup refused: {e}"));
            }
            game
        };
        let mut turns = 0usize;
        let outcome = loop {
            match game.phase() {
                Phase::Over(outcome) => break outcome,
                Phase::Setup(_) => panic!("game {k}: a setup is due after both setups"),
                Phase::AwaitingRoll => {
                    let line = next("a roll");
                    let roll = line
                        .strip_prefix("# roll ")
                        .and_then(|n| n.parse::<u8>().ok())
                        .unwrap_or_else(|| panic!("game {k}: roll line {line:?}"));
                    assert!((1..=4).contains(&roll), "game {k}: {line:?}");
                    game.set_roll(roll).expect("a roll is due");
                }
                Phase::Play => {
                    let line = next("a turn");
                    let side = game.position().side_to_move();
                    let label = format!("{}{} ", 2 + turns / 2, side.char());
                    let text = line
                        .strip_prefix(&label)
                        .unwrap_or_else(|| panic!("game {k}: expected {label:?}, got {line:?}"));
                    let mv = official::parse_move(game.position(), text)
                        .unwrap_or_else(|e| panic!("game {k}: {line:?}: {e}"));
                    let written = official::write_move(game.position(), &mv).expect("legal");
                    assert_eq!(written, text, "game {k}: {line:?} is not the crate's form");
                    game.play(&mv)
                        .unwrap_or_else(|e| panic!("game {k}: {line:?} refused: {e}"));
                    turns += 1;
                }
            }
        };
        assert_eq!(
            (w, r),
            (outcome.winner.char(), outcome.reason.char()),
            "game {k}: the header disagrees with the rules"
        );
        if let Some(line) = lines.peek() {
            assert!(
                line.starts_with("# game "),
                "game {k}: {line:?} after the end"
            );
        }
        tally.movement_turns += turns;
        match outcome.winner {
            Color::Gold => tally.gold += 1,
            Color::Silver => tally.silver += 1,
        }
        tally.reasons[match r {
            'g' => 0,
            'e' => 1,
            _ => 2,
        }] += 1;
    }
    tally
}

/// Runs selfplay and checks its games and its summary on standard error.
fn selfplay(games: usize, seed: u64, variant: &str, dicey: bool) {
    let (games_arg, seed_arg) = (games.to_string(), seed.to_string());
    let mut args = vec![
        "--games",
        &games_arg,
        "--seed",
        &seed_arg,
        "--variant",
        variant,
    ];
    if dicey {
        args.push("--dicey");
    }
    let r = run("selfplay", &args, "");
    assert_eq!(r.code, Some(0), "{args:?}: {}", r.stderr);
    let setup = match variant {
        "standard" => SetupVariant::Standard,
        "endless-endgame" => SetupVariant::EndlessEndgame,
        _ => SetupVariant::Free,
    };
    let tally = check_selfplay(&r.stdout, Variant { setup, dicey });
    assert_eq!(tally.games, games, "{args:?}");
    // The summary agrees with the games.
    let summary = r.stderr.trim_end();
    let expected_start = format!("games {games} average length ");
    let rest = summary
        .strip_prefix(&expected_start)
        .unwrap_or_else(|| panic!("summary {summary:?}"));
    let [g, e, m] = tally.reasons;
    let expected_end = format!(
        " turns; gold {} silver {}; goal {g} elimination {e} immobilization {m} other 0",
        tally.gold, tally.silver
    );
    let average = rest
        .strip_suffix(&expected_end)
        .unwrap_or_else(|| panic!("summary {summary:?}, expected to end {expected_end:?}"));
    assert_eq!(
        average,
        format!("{:.1}", tally.movement_turns as f64 / games as f64),
        "{summary}"
    );
    // Reproducible from its seed.
    assert_eq!(run("selfplay", &args, "").stdout, r.stdout, "{args:?}");
}

#[test]
fn selfplay_standard_games_print_letters_and_replay() {
    selfplay(3, 5, "standard", false);
}

#[test]
fn selfplay_variants_print_their_armies_and_rolls() {
    selfplay(3, 1, "endless-endgame", true);
    selfplay(2, 3, "free", false);
    selfplay(2, 2, "standard", true);
}

#[test]
fn selfplay_usage_errors() {
    for args in [
        &["--games", "x"][..],
        &["--variant", "chess"],
        &["--seed"],
        &["--frobnicate"],
    ] {
        let r = run("selfplay", args, "");
        assert_ne!(r.code, Some(0), "{args:?}");
        assert_eq!(r.stdout, "", "{args:?}");
        assert!(r.stderr.starts_with("error: "), "{args:?}: {}", r.stderr);
        assert!(
            r.stderr.contains("usage: selfplay"),
            "{args:?}: {}",
            r.stderr
        );
    }
}

// --------------------------------------------------------------- replay (issue 4)

/// A scratch file for one test, in Cargo's scratch directory for integration tests.
fn scratch_file(name: &str, text: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("examples-{name}"));
    std::fs::write(&path, text).expect("the scratch directory is writable");
    path
}

/// Checks a replay line's shape: `<id>\t<ok|fail>\t<W R|- ->\t<detail>`.
fn replay_fields(line: &str) -> [&str; 4] {
    let fields: Vec<&str> = line.split('\t').collect();
    let [id, status, outcome, detail] = fields[..] else {
        panic!("{line:?} does not have four tab-separated fields");
    };
    assert!(!id.is_empty(), "{line:?}");
    assert!(status == "ok" || status == "fail", "{line:?}");
    let letters = matches!(outcome.as_bytes(), [b'g' | b's', b' ', b'g' | b'e' | b'm']);
    assert!(letters || outcome == "- -", "{line:?}: outcome {outcome:?}");
    assert!(!detail.is_empty(), "{line:?}");
    [id, status, outcome, detail]
}

#[test]
fn replay_embedded_sample() {
    let r = run("replay", &[], "");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "669192\tok\t- -\t59 turns, termination i\n\
         669204\tok\tg g\t11 turns, termination g\n\
         669205\tok\tg e\t25 turns, termination e\n\
         669226\tok\t- -\t4 turns, termination r\n\
         669239\tok\tg m\t47 turns, termination m\n\
         games 5 ok 5 fail 0\n"
    );
}

#[test]
fn replay_files_archives_move_lists_and_failures() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/replay-sample.tsv");
    let setups = "1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2\n\
                  1s ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 md7 ee7 cf7 dg7 hh7\n";
    let good = scratch_file("good.txt", &format!("{setups}2g Ee2n Ee3n\n2s ee7s\n"));
    let bad = scratch_file("bad.txt", &format!("{setups}2g Ee2n Ee3n Ee4n Ee5n Ee6n\n"));
    let missing = Path::new(env!("CARGO_TARGET_TMPDIR")).join("examples-no-such-file.txt");
    let _ = std::fs::remove_file(&missing);
    let paths: Vec<&str> = [&sample, &good, &bad, &missing]
        .iter()
        .map(|p| p.to_str().expect("UTF-8 path"))
        .collect();
    let r = run("replay", &paths, "");
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    let lines = r.lines();
    assert_eq!(lines.len(), 9, "{}", r.stdout);
    for line in &lines[..8] {
        replay_fields(line);
    }
    let sample_out = run("replay", &[], "").stdout;
    assert_eq!(lines[..5], sample_out.lines().collect::<Vec<_>>()[..5]);
    assert_eq!(lines[5], "examples-good.txt\tok\t- -\t2 turns");
    let [id, status, outcome, detail] = replay_fields(lines[6]);
    assert_eq!((id, status, outcome), ("examples-bad.txt", "fail", "- -"));
    assert!(detail.starts_with("turn 2g"), "{detail}");
    let [id, status, outcome, detail] = replay_fields(lines[7]);
    assert_eq!(
        (id, status, outcome),
        ("examples-no-such-file.txt", "fail", "- -")
    );
    assert!(detail.starts_with("cannot read"), "{detail}");
    assert_eq!(lines[8], "games 8 ok 6 fail 2");
}

// ------------------------------------------------------------- notation (issue 5)

/// Checks an `ok` line of the notation example: five fields, each of the three
/// notations read back (in its own reader) to the resulting position.
fn check_notation_ok(position: &str, line: &str) -> [String; 4] {
    let fields: Vec<&str> = line.split('\t').collect();
    let ["ok", off, lv, leg, after] = fields[..] else {
        panic!("{line:?} is not ok<TAB>official<TAB>lightvector<TAB>legacy<TAB>position");
    };
    let pos: Position = position.parse().expect("a valid position");
    let after_pos: Position = after.parse().expect("the resulting position reads back");
    assert_eq!(after_pos.to_string(), after, "the AEI short form");
    assert_eq!(
        after.chars().next(),
        Some((!pos.side_to_move()).char()),
        "the new side to move first: {line}"
    );
    let boards = [
        pos.after(&official::parse_move(&pos, off).expect("official reads back")),
        pos.after(&lightvector::parse_move(&pos, lv).expect("lightvector reads back")),
        pos.after(&legacy::parse_move(&pos, leg).expect("legacy reads back")),
    ];
    for b in boards {
        assert_eq!(b.expect("legal"), after_pos, "{line}");
    }
    [off, lv, leg, after].map(str::to_owned)
}

#[test]
fn notation_stdin_from_each_notation() {
    let after_e4 = "s [rrrrrrrrdhcemchd                    E           DHCM CHDRRRRRRRR]";
    let expected = format!("ok\tEe2n Ee3n\tEe4\tEe2e3, Ee3e4\t{after_e4}\n");
    for (from, mv) in [
        ("official", "Ee2n Ee3n"),
        ("lightvector", "Ee4"),
        ("legacy", "Ee2e3,Ee3e4"),
    ] {
        let r = run(
            "notation",
            &["--stdin", "--from", from],
            &format!("{OPENING}\t{mv}\n"),
        );
        assert_eq!(r.code, Some(0), "{from}: {}", r.stderr);
        assert_eq!(r.stdout, expected, "{from}");
        check_notation_ok(OPENING, r.stdout.trim_end());
    }
    // Lightvector is the default; a push with a capture on a trap.
    let r = run("notation", &["--stdin"], &format!("{DEMO}\tcx\n"));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let [off, ..] = check_notation_ok(DEMO, r.stdout.trim_end());
    assert_eq!(off, "cb3e cc3x Da3e");
}

#[test]
fn notation_errors_and_arguments() {
    let input = format!(
        "{OPENING}\tEe2n Ee3x\nno tab here\nx [\tEe2n\n{OPENING}\tEe2n\n{OPENING}\tEe2n Ee3n Ee4n Ee5n Ee6n\n"
    );
    let r = run("notation", &["--stdin", "--from", "official"], &input);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    let lines = r.lines();
    assert_eq!(lines.len(), 5, "{}", r.stdout);
    for i in [0, 1, 2, 4] {
        let message = lines[i]
            .strip_prefix("error\t")
            .unwrap_or_else(|| panic!("{:?}", lines[i]));
        assert!(
            !message.is_empty() && !message.contains('\t'),
            "{message:?}"
        );
    }
    assert_eq!(lines[1], "error\texpected POSITION<TAB>MOVE");
    check_notation_ok(OPENING, lines[3]);
    // A position and a move as arguments.
    let r = run("notation", &["--from", "official", OPENING, "Ee2n"], "");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let [_, lv, ..] = check_notation_ok(OPENING, r.stdout.trim_end());
    assert_eq!(lv, "En");
    // Usage errors: status 2, nothing on standard output.
    for args in [
        &["--from", "chess", "--stdin"][..],
        &[OPENING],
        &["--stdin", "x"],
    ] {
        let r = run("notation", args, "");
        assert_eq!(r.code, Some(2), "{args:?}");
        assert_eq!(r.stdout, "", "{args:?}");
        assert!(r.stderr.starts_with("usage: notation"), "{args:?}");
    }
}

// ------------------------------------------------------------- tactics (issue 13)

#[test]
fn tactics_stdin_answers() {
    let silver = DEMO.replacen('g', "s", 1);
    let input = format!("# comment\n\n{DEMO}\n{DEMO}\t1\n{silver}\nx [junk]\n{DEMO}\t5\n");
    let r = run("tactics", &["--stdin"], &input);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let lines = r.lines();
    assert_eq!(lines.len(), 5, "{}", r.stdout);
    assert_eq!(
        lines[..3],
        [
            "goal 2\tcaptures cb3:2",
            "goal -\tcaptures -",
            "goal 2\tcaptures Rd6:4"
        ]
    );
    for line in &lines[3..] {
        assert!(line.starts_with("error: ") && line.len() > 7, "{line:?}");
    }
}

#[test]
fn tactics_bench_and_demonstration() {
    let file = scratch_file("tactics.txt", &format!("{DEMO}\n# c\ng [bad]\n{DEMO}\t2\n"));
    let r = run("tactics", &["--bench", file.to_str().expect("UTF-8")], "");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let lines = r.lines();
    assert_eq!(lines.len(), 2, "{}", r.stdout);
    assert!(lines[0].starts_with("error: "), "{}", lines[0]);
    assert!(
        shape(
            lines[1],
            "positions 2 goal_per_s {int} captures_per_s {int}"
        ),
        "{}",
        lines[1]
    );
    let missing = Path::new(env!("CARGO_TARGET_TMPDIR")).join("examples-no-such-file.txt");
    let r = run(
        "tactics",
        &["--bench", missing.to_str().expect("UTF-8")],
        "",
    );
    assert_eq!(r.code, Some(2));
    let r = run("tactics", &["--frobnicate"], "");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.starts_with("usage: tactics"), "{}", r.stderr);
    // The demonstration: the board, the answer line, then the moves found.
    let r = run("tactics", &[], "");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let lines = r.lines();
    assert!(lines.contains(&"goal 2\tcaptures cb3:2"), "{}", r.stdout);
    assert!(
        shape(
            lines.last().expect("lines"),
            "{int} of Gold's {int} moves win or leave Silver no goal next turn"
        ),
        "{}",
        r.stdout
    );
}

// ------------------------------------------------------------------ aei (protocol)

/// A running AEI engine: lines in, lines out (each read with a time limit).
struct Engine {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: mpsc::Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(&examples()["aei"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the aei example starts");
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the engine reads");
    }

    fn read(&mut self) -> String {
        match self.lines.recv_timeout(Duration::from_secs(60)) {
            Ok(line) => line,
            Err(e) => {
                let _ = self.child.kill();
                panic!("no line from the engine: {e}");
            }
        }
    }

    /// Reads up to `bestmove`, checking the lines before it, and returns its move text.
    fn best_move(&mut self) -> String {
        loop {
            let line = self.read();
            if let Some(text) = line.strip_prefix("bestmove ") {
                return text.to_owned();
            }
            assert!(
                line.starts_with("info ") || line.starts_with("log "),
                "{line:?} during a search"
            );
            assert!(!line.starts_with("log error"), "{line:?}");
        }
    }
}

#[test]
fn aei_session_over_standard_input() {
    let mut e = Engine::start();
    e.send("aei");
    let version = format!("id version {}", env!("CARGO_PKG_VERSION"));
    let handshake: Vec<String> = (0..5).map(|_| e.read()).collect();
    assert_eq!(
        handshake,
        [
            "protocol-version 1",
            "id name arimaa-rs one-turn",
            "id author the arimaa crate",
            &version,
            "aeiok"
        ]
    );
    e.send("setoption name movetime value 0.2");
    e.send("isready");
    assert_eq!(e.read(), "readyok");
    e.send("frobnicate");
    assert!(e.read().starts_with("log error: "));
    e.send(&"x".repeat(10_000));
    assert!(e.read().starts_with("log error: "));
    e.send("newgame");
    // Both setups, then a movement turn, each parsed back with the crate.
    let mut game = Game::new();
    for color in Color::ALL {
        e.send("go");
        let text = e.best_move();
        let setup = official::parse_setup(color, &text)
            .unwrap_or_else(|err| panic!("{color} setup {text:?}: {err}"));
        game.play_setup(&setup).expect("a legal setup");
        e.send(&format!("makemove {text}"));
    }
    e.send("go");
    let text = e.best_move();
    let mv = official::parse_move(game.position(), &text)
        .unwrap_or_else(|err| panic!("move {text:?}: {err}"));
    game.play(&mv).expect("a legal move");
    e.send("quit");
    let status = e.child.wait().expect("the engine ends");
    assert!(status.success(), "{status}");
}
