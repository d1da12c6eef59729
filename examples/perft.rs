//! Counts the distinct full-turn moves of Arimaa positions.
//!
//! ```text
//! cargo run --release --example perft                 # opening + 32-position benchmark
//! cargo run --release --example perft -- 'g [64 chars]'
//! cargo run --release --example perft -- --stdin      # one position per line, prints counts
//! ```

use std::io::BufRead;
use std::process::ExitCode;
use std::time::Instant;

use arimaa::Position;

// The embedded default: the opening and the 32-position benchmark, loaded as the
// benchmarks load them.
#[path = "../benches/common/mod.rs"]
mod common;

/// Reads `g [..]`/`s [..]` (also `w`/`b`), ignoring anything after the closing `]`.
fn read_line(line: &str) -> Result<Position, String> {
    let text = match line.find(']') {
        Some(i) => &line[..=i],
        None => line,
    };
    text.parse::<Position>().map_err(|e| e.to_string())
}

fn report(label: &str, moves: usize, secs: f64) {
    println!(
        "{label}: {moves} moves in {:.3} s ({:.2} M moves/s)",
        secs,
        moves as f64 / secs.max(1e-9) / 1e6
    );
}

/// Prints the count of the position `line` gives (with its time on a second line when
/// `timed`), or `error: <reason>`; returns whether the line was read.
fn print_count(line: &str, timed: bool) -> bool {
    match read_line(line) {
        Ok(pos) => {
            let t = Instant::now();
            let n = pos.count_moves();
            let secs = t.elapsed().as_secs_f64();
            println!("{n}");
            if timed {
                report("time", n, secs);
            }
            true
        }
        Err(e) => {
            println!("error: {e}");
            false
        }
    }
}

fn exit_code(failed: bool) -> ExitCode {
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--stdin") {
        let mut failed = false;
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else {
                eprintln!("error: cannot read standard input");
                return ExitCode::FAILURE;
            };
            let l = line.trim();
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            failed |= !print_count(l, false);
        }
        return exit_code(failed);
    }
    if !args.is_empty() {
        let mut failed = false;
        for a in &args {
            failed |= !print_count(a, true);
        }
        return exit_code(failed);
    }
    let opening = common::opening();
    let t = Instant::now();
    let n = opening.count_moves();
    report("opening", n, t.elapsed().as_secs_f64());
    let positions = common::benchmark();
    let t = Instant::now();
    let mut total = 0;
    let mut wrong = 0;
    for (pos, expected) in &positions {
        let n = pos.count_moves();
        total += n;
        if n != *expected {
            wrong += 1;
        }
    }
    report(
        &format!("benchmark ({} positions)", positions.len()),
        total,
        t.elapsed().as_secs_f64(),
    );
    if wrong > 0 || n != common::OPENING_MOVES {
        eprintln!("error: {wrong} benchmark count(s) differ from the reference");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
