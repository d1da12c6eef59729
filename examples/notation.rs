//! Reads moves in one notation and writes them in all three.
//!
//! ```text
//! cargo run --release --example notation -- --stdin --from official|lightvector|legacy
//! cargo run --release --example notation -- --from lightvector 'g [POSITION]' 'MOVE'
//! ```
//!
//! With `--stdin`, each input line is `POSITION<TAB>MOVE`: the position in the AEI short
//! form with the side to move first (`g [` + 64 squares a8..h8, ..., a1..h1 + `]`), and
//! the move in the notation named by `--from` (default `lightvector`). For each line one
//! line is printed:
//!
//! ```text
//! ok<TAB><official><TAB><lightvector><TAB><legacy><TAB><resulting position>
//! error<TAB><message>
//! ```
//!
//! `official` is the move in official step notation with capture tokens and no
//! move-number label (`Ee2n Ee3n rc6s rc5x`); `lightvector` is the shortest
//! Lightvector form the crate finds; `legacy` is the legacy Abstract Play form with
//! capture notes (`Ee5e4, re6f6(xrf6)`); the resulting position is in the AEI short
//! form with a space for each empty square and the new side to move first (`s [...]`
//! after a Gold move). Lightvector input is read strictly (fewest steps, then fewest
//! displaced pieces; a tie is an error). The exit status is 0 when every line is `ok`,
//! 1 when some line is an error, and 2 for a usage error.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use arimaa::notation::{legacy, lightvector, official};
use arimaa::{Move, Position};

#[derive(Debug, Clone, Copy)]
enum From {
    Official,
    Lightvector,
    Legacy,
}

const USAGE: &str =
    "usage: notation [--from official|lightvector|legacy] (--stdin | POSITION MOVE)";

/// One line of output (without the newline) and whether it is `ok`.
fn convert(from: From, position: &str, text: &str) -> Result<String, String> {
    let pos: Position = position
        .trim()
        .parse()
        .map_err(|e| format!("position: {e}"))?;
    let mv: Move = match from {
        From::Official => official::parse_move(&pos, text).map_err(|e| e.to_string())?,
        From::Lightvector => lightvector::parse_move(&pos, text).map_err(|e| e.to_string())?,
        From::Legacy => legacy::parse_move(&pos, text).map_err(|e| e.to_string())?,
    };
    let after = pos.after(&mv).map_err(|e| e.to_string())?;
    let official = official::write_move(&pos, &mv).map_err(|e| e.to_string())?;
    let lv = lightvector::write_move(&pos, &mv).map_err(|e| e.to_string())?;
    let legacy = legacy::write_move(&pos, &mv).map_err(|e| e.to_string())?;
    Ok(format!("ok\t{official}\t{lv}\t{legacy}\t{after}"))
}

/// The output line for one input: `ok...` or `error<TAB>message` on one line.
fn line_for(from: From, position: &str, text: &str) -> (String, bool) {
    match convert(from, position, text) {
        Ok(line) => (line, true),
        Err(message) => {
            let message: String = message
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect();
            (format!("error\t{message}"), false)
        }
    }
}

fn main() -> ExitCode {
    let mut from = From::Lightvector;
    let mut stdin = false;
    let mut rest = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--stdin" => stdin = true,
            "--from" => {
                from = match args.next().as_deref() {
                    Some("official") => From::Official,
                    Some("lightvector") => From::Lightvector,
                    Some("legacy") => From::Legacy,
                    _ => {
                        eprintln!("{USAGE}");
                        return ExitCode::from(2);
                    }
                }
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ => rest.push(a),
        }
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut all_ok = true;
    if stdin {
        if !rest.is_empty() {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else {
                eprintln!("error reading standard input");
                return ExitCode::from(2);
            };
            let line = line.trim_end_matches('\r');
            let (text, ok) = match line.split_once('\t') {
                Some((position, mv)) => line_for(from, position, mv),
                None => ("error\texpected POSITION<TAB>MOVE".to_string(), false),
            };
            all_ok &= ok;
            if writeln!(out, "{text}").is_err() {
                return ExitCode::from(2);
            }
        }
    } else {
        let [position, mv] = rest.as_slice() else {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        };
        let (text, ok) = line_for(from, position, mv);
        all_ok = ok;
        if writeln!(out, "{text}").is_err() {
            return ExitCode::from(2);
        }
    }
    if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
