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

const OPENING: &str = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]";
const BENCHMARK: &str = include_str!("../tests/data/clueless-benchmark.txt");

/// Reads `g [..]`/`s [..]` (also `w`/`b`), ignoring anything after the closing `]`.
fn read_line(line: &str) -> Result<Position, String> {
    let text = match line.find(']') {
        Some(i) => &line[..=i],
        None => line,
    };
    text.parse::<Position>().map_err(|e| e.to_string())
}

/// The benchmark file: a header `### N side=g count=C`, then the board `[...]` on the
/// next line (then a diagram, ignored).
fn benchmark_positions() -> Vec<(Position, usize)> {
    let mut out = Vec::new();
    let mut header: Option<(char, usize)> = None;
    for line in BENCHMARK.lines() {
        if let Some(rest) = line.strip_prefix("### ") {
            let field = |name: &str| {
                rest.split_whitespace()
                    .find_map(|w| w.strip_prefix(name).map(str::to_owned))
            };
            let side = field("side=").and_then(|s| s.chars().next());
            let count = field("count=").and_then(|c| c.parse().ok());
            header = side.zip(count);
        } else if line.starts_with('[') {
            if let Some((side, count)) = header.take() {
                if let Ok(pos) = read_line(&format!("{side} {line}")) {
                    out.push((pos, count));
                }
            }
        }
    }
    out
}

fn report(label: &str, moves: usize, secs: f64) {
    println!(
        "{label}: {moves} moves in {:.3} s ({:.2} M moves/s)",
        secs,
        moves as f64 / secs.max(1e-9) / 1e6
    );
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
            match read_line(l) {
                Ok(pos) => println!("{}", pos.count_moves()),
                Err(e) => {
                    println!("error: {e}");
                    failed = true;
                }
            }
        }
        return if failed {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        };
    }
    if !args.is_empty() {
        let mut failed = false;
        for a in &args {
            match read_line(a) {
                Ok(pos) => {
                    let t = Instant::now();
                    let n = pos.count_moves();
                    let secs = t.elapsed().as_secs_f64();
                    println!("{n}");
                    report("time", n, secs);
                }
                Err(e) => {
                    println!("error: {e}");
                    failed = true;
                }
            }
        }
        return if failed {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        };
    }
    let opening: Position = OPENING.parse().expect("embedded opening is valid");
    let t = Instant::now();
    let n = opening.count_moves();
    report("opening", n, t.elapsed().as_secs_f64());
    let positions = benchmark_positions();
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
    if wrong > 0 || n != 3353 {
        eprintln!("error: {wrong} benchmark count(s) differ from the reference");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
