//! Goal and capture queries on positions read from text.
//!
//! ```text
//! cargo run --release --example tactics                    # a short demonstration
//! cargo run --release --example tactics -- --stdin          # one answer per input line
//! cargo run --release --example tactics -- --bench FILE     # queries per second
//! ```
//!
//! Input lines are `<side> [<64 squares>]`, the AEI short form (squares a8..h8, ...,
//! a1..h1, a space for an empty square), optionally followed by a tab and the number of
//! steps the turn has (1-4, default 4). Blank lines and lines starting with `#` are
//! skipped. For each position one line is printed:
//!
//! ```text
//! goal <N|-><TAB>captures <list|->
//! ```
//!
//! `N` is the fewest steps of a turn that ends with a rabbit of the side to move on its
//! goal rank ([`Position::goal_move`]); the list holds one `<piece letter><square>:<steps>`
//! item per enemy piece the side to move can capture this turn, with the fewest steps
//! ([`Position::capture_moves`]), comma-separated, ordered by steps and then by square
//! (a1, b1, ..., h8): `goal 3<TAB>captures rc6:2,dd5:4`. A line that cannot be read prints
//! `error: <reason>` and the run goes on.
//!
//! `--bench FILE` reads the same lines from FILE (printing `error: <reason>` for lines it
//! cannot read), then times the goal queries alone and the capture queries alone over all
//! positions (best of five passes; the parsing is not timed) and prints as its last line
//! `positions N goal_per_s X captures_per_s Y`.
//!
//! Exit status: 0, or 2 for a usage error or an unreadable FILE.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use arimaa::notation::official;
use arimaa::{Captures, Position};

const USAGE: &str = "usage: tactics [--stdin | --bench FILE]";

/// The demonstration's position: Gold's rabbit on d6 is two steps from goal, Silver's cat
/// on b3 stands beside the trap c3 next to Gold's dog on a3, and Silver's rabbit on g3 is
/// two steps from rank 1.
const DEMO: &str = "g [    e              R                    Dc    r             E   ]";

/// Reads one input line: `None` for a blank or comment line, else the position with its
/// step cap set, or the reason it cannot be read.
fn read_line(line: &str) -> Option<Result<Position, String>> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return None;
    }
    let (text, steps) = match line.split_once('\t') {
        Some((text, steps)) => (text, Some(steps.trim())),
        None => (line, None),
    };
    Some(read_position(text, steps))
}

fn read_position(text: &str, steps: Option<&str>) -> Result<Position, String> {
    let mut pos: Position = text.parse().map_err(|e| format!("{e}"))?;
    if let Some(steps) = steps {
        let cap: u8 = steps
            .parse()
            .map_err(|_| format!("the number of steps {steps:?} is not 1 to 4"))?;
        pos.set_step_cap(cap).map_err(|e| format!("{e}"))?;
    }
    Ok(pos)
}

/// The answer line for a position: `goal <N|->` TAB `captures <list|->`.
fn answer(pos: &Position) -> String {
    let goal = pos
        .goal_move()
        .map_or_else(|| "-".to_owned(), |m| m.len().to_string());
    format!(
        "goal {goal}\tcaptures {}",
        capture_list(pos, &pos.capture_moves())
    )
}

/// The capture items, ordered by steps then by square, or `-`.
fn capture_list(pos: &Position, captures: &Captures) -> String {
    let mut items: Vec<_> = captures.iter().map(|(sq, m)| (m.len(), sq)).collect();
    items.sort();
    if items.is_empty() {
        return "-".to_owned();
    }
    let texts: Vec<String> = items
        .iter()
        .map(|&(steps, sq)| {
            let letter = pos.board().piece_at(sq).map_or('?', |p| p.char());
            format!("{letter}{sq}:{steps}")
        })
        .collect();
    texts.join(",")
}

/// The output line for an input line (`None` for a skipped line).
pub(crate) fn output_line(line: &str) -> Option<String> {
    read_line(line).map(|r| match r {
        Ok(pos) => answer(&pos),
        Err(e) => format!("error: {e}"),
    })
}

fn run_stdin() -> ExitCode {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                let _ = writeln!(out, "error: {e}");
                continue;
            }
        };
        if let Some(text) = output_line(&line) {
            if writeln!(out, "{text}").is_err() {
                return ExitCode::SUCCESS; // the reader went away
            }
        }
    }
    let _ = out.flush();
    ExitCode::SUCCESS
}

/// Queries per second of `query` over `positions`, best of five passes; also returns
/// the sum of the answers so the work cannot be skipped.
fn time_queries(positions: &[Position], query: impl Fn(&Position) -> usize) -> (f64, usize) {
    let mut best = f64::INFINITY;
    let mut sum = 0;
    for _ in 0..5 {
        let start = Instant::now();
        sum = positions.iter().map(&query).sum();
        best = best.min(start.elapsed().as_secs_f64());
    }
    (positions.len() as f64 / best.max(1e-9), sum)
}

fn run_bench(file: &str) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("tactics: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut positions = Vec::new();
    for line in text.lines() {
        match read_line(line) {
            Some(Ok(p)) => positions.push(p),
            Some(Err(e)) => println!("error: {e}"),
            None => {}
        }
    }
    let (goal_rate, goals) = time_queries(&positions, |p| p.goal_move().map_or(0, |m| m.len() + 1));
    let (capture_rate, captures) = time_queries(&positions, |p| p.capture_moves().len());
    eprintln!("answer sums: goal {goals}, captures {captures}");
    println!(
        "positions {} goal_per_s {goal_rate:.0} captures_per_s {capture_rate:.0}",
        positions.len()
    );
    ExitCode::SUCCESS
}

fn demo() -> ExitCode {
    let Ok(pos) = DEMO.parse::<Position>() else {
        return ExitCode::from(2);
    };
    println!("{}", pos.to_diagram());
    println!("{}", answer(&pos));
    let write = |mv: &arimaa::Move| official::write_move(&pos, mv).unwrap_or_default();
    if let Some(goal) = pos.goal_move() {
        println!("Gold's goal in {} steps: {}", goal.len(), write(&goal));
    }
    for (sq, mv) in pos.capture_moves().iter() {
        println!("capture of {sq} in {} steps: {}", mv.len(), write(mv));
    }
    // The defensive use: after each of Gold's moves, can Silver reach its goal at once?
    let moves = pos.legal_moves();
    let safe = moves
        .iter()
        .filter(|m| {
            pos.after(m).is_ok_and(|after| {
                after.board().rabbit_on_goal(pos.side_to_move()) || after.goal_move().is_none()
            })
        })
        .count();
    println!(
        "{safe} of Gold's {} moves win or leave Silver no goal next turn",
        moves.len()
    );
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] => demo(),
        ["--stdin"] => run_stdin(),
        ["--bench", file] => run_bench(file),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
