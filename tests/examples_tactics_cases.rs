//! The output of `examples/tactics.rs` (its line function, compiled in here): the exact
//! format other tools read, the order of the capture items, and error lines.

#[allow(dead_code)]
#[path = "../examples/tactics.rs"]
mod example;

use example::output_line;

const DEMO: &str = "g [    e              R                    Dc    r             E   ]";

#[test]
fn answers_have_the_documented_format() {
    assert_eq!(output_line(DEMO).as_deref(), Some("goal 2\tcaptures cb3:2"));
    // One step: no goal (two steps away), no capture (a push needs two steps).
    assert_eq!(
        output_line(&format!("{DEMO}\t1")).as_deref(),
        Some("goal -\tcaptures -")
    );
    // Silver to move: its rabbit g3 reaches g1 in two steps; nothing to capture.
    let silver = DEMO.replacen('g', "s", 1);
    // Silver's elephant e8 can also capture Gold's rabbit d6 on the trap c6 in four steps.
    assert_eq!(
        output_line(&silver).as_deref(),
        Some("goal 2\tcaptures Rd6:4")
    );
}

#[test]
fn capture_items_are_ordered_by_steps_then_square() {
    // A position from the February 2026 archive with captures in 2 and 4 steps.
    let line = "s [ dr r c   r rH rr  c     dM E  h  er R        C RCmR   D RD R RR]";
    assert_eq!(
        output_line(line).as_deref(),
        Some("goal -\tcaptures Mc5:2,Dc1:4,Cb2:4,Rd2:4")
    );
    let out = output_line(line).expect("a position line");
    let (goal, captures) = out.split_once('\t').expect("two fields");
    assert_eq!(goal, "goal -");
    let list = captures.strip_prefix("captures ").expect("captures field");
    let items: Vec<(usize, String)> = list
        .split(',')
        .map(|item| {
            let (piece, steps) = item.split_once(':').expect("item");
            assert_eq!(piece.len(), 3, "{item}");
            (steps.parse().expect("steps"), piece[1..].to_owned())
        })
        .collect();
    assert!(items.len() >= 2, "{out}");
    let square_index = |s: &str| {
        let b = s.as_bytes();
        (b[1] - b'1') * 8 + (b[0] - b'a')
    };
    assert!(items
        .windows(2)
        .all(|w| (w[0].0, square_index(&w[0].1)) < (w[1].0, square_index(&w[1].1))));
}

#[test]
fn skipped_and_unreadable_lines() {
    assert_eq!(output_line(""), None);
    assert_eq!(output_line("   "), None);
    assert_eq!(output_line("# a comment"), None);
    let bad = [
        "x [junk]",
        "g [short]",
        &format!("{DEMO}\t5"),
        &format!("{DEMO}\tfour"),
        &format!("{DEMO}\t0"),
    ];
    for line in bad {
        let out = output_line(line).expect("an answer line");
        assert!(out.starts_with("error: "), "{line:?} gave {out:?}");
    }
}
