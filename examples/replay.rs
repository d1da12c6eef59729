//! Replays game records and checks them against the rules.
//!
//! ```text
//! cargo run --release --example replay -- FILE...
//! ```
//!
//! Each FILE is an arimaa.com archive TSV (recognised by its `id<TAB>` header) or a
//! plain move list (one turn per line, one game per file). For each game one line:
//!
//! ```text
//! <id><TAB><ok|fail><TAB><outcome><TAB><detail>
//! ```
//!
//! `id` is the archive id or the file name; `outcome` is `W R` (winner `g`/`s`,
//! reason `g`/`e`/`m`) when the rules ended the game after its last turn, else `- -`;
//! `detail` says which turn failed and why, or on success how many turns were
//! replayed. A game fails when a turn is illegal, when a turn written back by the crate
//! differs from the record's step tokens, when the rules ended the game before its
//! last turn, or when an archive game with termination `g`, `e` or `m` does not end
//! with that winner and reason. The last line is `games N ok K fail F`; the exit
//! status is 0 only when F is 0. With no FILE, an embedded sample of five archive
//! games (`tests/data/replay-sample.tsv`) is replayed.

use std::process::ExitCode;

use arimaa::notation::record::{is_archive, Archive, ArchiveGame, MoveList, Replay};
use arimaa::Game;

/// Five games of the February 2026 archive: goal, elimination, immobilization,
/// resignation, and the game lost by a third repetition.
const SAMPLE: &str = include_str!("../tests/data/replay-sample.tsv");

#[derive(Default)]
struct Tally {
    games: usize,
    ok: usize,
}

impl Tally {
    fn line(&mut self, id: &str, result: Result<String, String>, outcome: &str) {
        self.games += 1;
        match result {
            Ok(detail) => {
                self.ok += 1;
                println!("{id}\tok\t{outcome}\t{detail}");
            }
            Err(detail) => println!("{id}\tfail\t{outcome}\t{detail}"),
        }
    }
}

fn outcome_text(replay: &Replay) -> String {
    match replay.outcome() {
        Some(o) => format!("{} {}", o.winner.char(), o.reason.char()),
        None => "- -".to_string(),
    }
}

/// How many movement turns were played.
fn movement_turns(replay: &Replay) -> usize {
    replay.positions().len().saturating_sub(1)
}

fn check_archive_game(g: &ArchiveGame, tally: &mut Tally) {
    let replay = g.replay();
    let result = match replay.failure() {
        Some(f) => Err(f.to_string()),
        None => match g.check_end(&replay) {
            Err(e) => Err(e.to_string()),
            Ok(()) => Ok(format!(
                "{} turns, termination {}",
                movement_turns(&replay),
                g.termination().char()
            )),
        },
    };
    tally.line(&g.id().to_string(), result, &outcome_text(&replay));
}

fn check_file(name: &str, text: &str, tally: &mut Tally) {
    if is_archive(text) {
        match text.parse::<Archive>() {
            Ok(archive) => {
                for g in &archive.games {
                    check_archive_game(g, tally);
                }
            }
            Err(e) => tally.line(name, Err(e.to_string()), "- -"),
        }
        return;
    }
    match text.parse::<MoveList>() {
        Ok(list) => {
            let mut replay = Replay::new(Game::new());
            for t in list.turns() {
                if !replay.push(t) {
                    break;
                }
            }
            let result = match replay.failure() {
                Some(f) => Err(f.to_string()),
                None => Ok(format!("{} turns", movement_turns(&replay))),
            };
            tally.line(name, result, &outcome_text(&replay));
        }
        Err(e) => tally.line(name, Err(e.to_string()), "- -"),
    }
}

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    let mut tally = Tally::default();
    if files.is_empty() {
        check_file("sample", SAMPLE, &mut tally);
    }
    for path in &files {
        let name = std::path::Path::new(path)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.clone());
        match std::fs::read(path) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => check_file(&name, &text, &mut tally),
                Err(_) => tally.line(&name, Err("not UTF-8 text".into()), "- -"),
            },
            Err(e) => tally.line(&name, Err(format!("cannot read: {e}")), "- -"),
        }
    }
    let fail = tally.games - tally.ok;
    println!("games {} ok {} fail {}", tally.games, tally.ok, fail);
    if fail == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
