//! An Arimaa engine speaking the AEI protocol (Arimaa Engine Interface) on standard
//! input and output, built on the crate for everything: positions, setups, move
//! generation, official notation, repetition and the result.
//!
//! ```text
//! cargo run --release --example aei
//! ```
//!
//! Commands (one per line): `aei`, `isready`, `newgame`, `setposition <side> [<board>]`,
//! `setoption name <name> [value <value>]`, `makemove <move or setup tokens>`,
//! `go`, `go ponder`, `stop`, `quit`. A malformed or untimely command is answered with
//! `log error: ...` and the engine goes on.
//!
//! The search looks one turn deep:
//! 1. a move that wins at once (goal, elimination, immobilization) is played;
//! 2. otherwise the moves are ordered by Harlog after the move (from the mover's point of
//!    view, ties broken at random), and the first one after which the opponent cannot
//!    win at once is played. "Cannot win at once" is checked exactly: a fast goal search
//!    with pruning rejects most losing moves, then every reply of the opponent is
//!    generated and judged (goal, elimination, immobilization; repetition is not
//!    considered for the opponent's replies);
//! 3. the search has a time limit (option `movetime`, seconds, default 2; halved
//!    `tcmove`/`tcturntime` when the controller sets them): when it runs out the best
//!    move not yet shown to lose is played.
//!
//! Engine options: `movetime <seconds>`, `seed <u64>` (random tie-breaks and setups).
//! The standard game-state options (`tcmove`, `greserve`, `opponent`, ...) are accepted.
//!
//! The example is a folder: `protocol.rs` reads the commands and keeps the game
//! ([`protocol::Engine`]), the crate's [`arimaa::engine`] chooses the move, `input.rs` reads bounded
//! lines, and `tests.rs` drives the engine through scripted sessions.

mod input;
mod protocol;
#[cfg(test)]
mod tests;

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::mpsc;

use rand::Rng;

use input::{read_line, Input, MAX_LINE_LEN};
use protocol::{CommandError, Engine, Flow};

fn main() {
    let (tx, rx) = mpsc::channel::<Input>();
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut lock = stdin.lock();
        while let Ok(Some(input)) = read_line(&mut lock, MAX_LINE_LEN) {
            if tx.send(input).is_err() {
                break;
            }
        }
    });
    let seed = rand::rng().random();
    let mut engine = Engine::new(seed);
    let mut pending: VecDeque<Input> = VecDeque::new();
    let stdout = io::stdout();
    loop {
        let input = match pending.pop_front() {
            Some(i) => i,
            None => match rx.recv() {
                Ok(i) => i,
                Err(_) => break,
            },
        };
        let line = match input {
            Input::Line(l) => l,
            Input::TooLong(n) => {
                let mut out = stdout.lock();
                let _ = writeln!(out, "log error: {}", CommandError::TooLong(n));
                let _ = out.flush();
                continue;
            }
        };
        // During a search, `stop` and `quit` end it; other commands wait their turn.
        let mut quit_seen = false;
        let mut stop = || {
            while let Ok(next) = rx.try_recv() {
                match &next {
                    Input::Line(l) if l.trim() == "stop" => return true,
                    Input::Line(l) if l.trim() == "quit" => {
                        quit_seen = true;
                        pending.push_back(next);
                        return true;
                    }
                    _ => pending.push_back(next),
                }
            }
            quit_seen
        };
        let (flow, lines) = engine.handle(&line, &mut stop);
        let mut out = stdout.lock();
        for l in lines {
            if writeln!(out, "{l}").is_err() {
                return;
            }
        }
        if out.flush().is_err() || flow == Flow::Quit {
            return;
        }
    }
}
