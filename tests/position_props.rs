//! Moves compared by what they do (issue 21, item 6): `Move`'s `==` compares step
//! sequences, `Position::same_result` compares the positions two moves give, and
//! `Position::canonical_move` turns any legal move into the entry `legal_moves` lists for
//! its board. Checked on the movement turns of the two archive files (every 8th by
//! default, about ten seconds; `ARCHIVE_FULL=1` checks all 10,891) and on random
//! positions, mid-turn included.

mod support;

use std::collections::HashMap;

use arimaa::notation::record::Archive;
use arimaa::{Board, Move, Position, TurnGenerator};
use std::ops::ControlFlow;
use support::random::{random_position, random_state, Rng};

const FEB_2026: &str = include_str!("data/allgames202602.tsv");
const NOV_2011: &str = include_str!("data/allgames201111-sample.tsv");

/// Every board one turn gives from `pos`, with the move the generator lists for it.
fn listed(gen: &mut TurnGenerator, pos: &Position) -> HashMap<Board, Move> {
    let mut map = HashMap::new();
    let _: ControlFlow<()> = gen.for_each_move(pos, |mv, board, _| {
        map.insert(*board, *mv);
        ControlFlow::Continue(())
    });
    map
}

/// Checks `canonical_move` and `same_result` for `mv` in `pos` against the generator's
/// list; returns whether `mv` was already the listed move.
fn check(pos: &Position, mv: &Move, list: &HashMap<Board, Move>) -> bool {
    let after = pos.after(mv).expect("the move is legal");
    let canonical = pos
        .canonical_move(mv)
        .expect("a legal move has a canonical form");
    assert_eq!(Some(&canonical), list.get(after.board()), "{pos} {mv:?}");
    assert!(pos.same_result(mv, &canonical));
    assert!(pos.same_result(&canonical, mv));
    assert_eq!(pos.canonical_move(&canonical), Ok(canonical));
    canonical == *mv
}

#[test]
fn every_archive_move_has_the_listed_canonical_form() {
    let full = std::env::var_os("ARCHIVE_FULL").is_some();
    let mut gen = TurnGenerator::new();
    let (mut turns, mut checked, mut already) = (0, 0, 0);
    for text in [FEB_2026, NOV_2011] {
        let archive: Archive = text.parse().expect("archive reads");
        for game in &archive.games {
            let replay = game.replay();
            for m in replay.moves() {
                turns += 1;
                if !full && turns % 8 != 1 {
                    continue;
                }
                checked += 1;
                let list = listed(&mut gen, m.before);
                if check(m.before, &m.mv, &list) {
                    already += 1;
                }
            }
        }
    }
    eprintln!(
        "{checked} of {turns} archive moves checked, {already} already in the generator's form"
    );
    assert_eq!(turns, 10_891);
    assert_eq!(
        checked,
        if full {
            10_891
        } else {
            10_891usize.div_ceil(8)
        }
    );
    // Many records give another step order than the generator's, or a longer way to the
    // same board: `==` alone would miss them.
    assert!(already < checked);
}

#[test]
fn same_result_is_false_for_other_boards_and_illegal_moves() {
    let pos: Position = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"
        .parse()
        .unwrap();
    let moves = pos.legal_moves();
    assert!(!pos.same_result(&moves[0], &moves[1]));
    let illegal = Move::from_steps(&[arimaa::Step::new(
        arimaa::Square::D1,
        arimaa::Direction::North,
    )])
    .unwrap();
    assert!(!pos.same_result(&illegal, &illegal));
    assert!(pos.canonical_move(&illegal).is_err());
    assert!(pos.canonical_move(&Move::EMPTY).is_err());
}

#[test]
fn random_moves_from_random_states_have_the_listed_canonical_form() {
    let mut gen = TurnGenerator::new();
    let mut rng = Rng(21);
    let mut checked = 0;
    while checked < 300 {
        let start = random_position(&mut rng);
        let pos = random_state(&mut rng, &start);
        let list = listed(&mut gen, &pos);
        if list.is_empty() {
            continue;
        }
        // A random sequence of legal steps that can end the turn.
        let mut p = pos.clone();
        let mut mv = Move::EMPTY;
        let mut ended = None;
        while p.steps_left() > 0 {
            let steps = p.legal_steps();
            if steps.is_empty() {
                break;
            }
            let step = steps[rng.below(steps.len())];
            p.play_step(step).unwrap();
            mv.push(step).expect("a turn has at most four steps");
            if p.can_end_turn() && rng.below(3) == 0 {
                ended = Some(mv);
                break;
            }
        }
        let mv = match ended {
            Some(m) => m,
            None if p.can_end_turn() => mv,
            None => continue,
        };
        check(&pos, &mv, &list);
        checked += 1;
    }
}
