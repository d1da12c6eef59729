//! The capture query's fast paths ([`trap_counts_allow`] and its all-at-once form
//! [`trap_counts_keep`], [`pull_ends_capture`], [`captures_within_two`] and its push
//! or pull [`pushed_or_pulled`], [`captures_within_three`] and its step filter
//! [`mover_step_may_capture`] (all the steps at once: [`steps_that_may_capture`];
//! before it, the "no" [`arrival_may_capture`] and the root's direct yeses
//! [`stepped_then_moved`] and [`vacated_then_pushed`]),
//! [`push_completion_captures`], the search in four's [`first_steps_of_four`] and
//! [`after_the_first_of_four`], the root's four-step filter [`four_step_traps`], its
//! direct "yes" in four [`walk_then_move`] (with its "no" [`walk_may_reach`]),
//! [`pushed_away_then_two`], [`arrived_then_two`] and [`moved_twice`])
//! against its plain search
//! ([`TurnState::capture_moves_plain`]): the same pieces with the same fewest steps, and
//! every move of the fast query replayed step by step through the checked API, capturing
//! its piece. On the archive positions under caps 4 to 1, the endgame positions, and
//! random states inside a turn reached by random legal steps from both.

use super::*;
use crate::tactics::test_data::{archive_positions, endgame_positions, Rng};

/// Compares the fast query with the plain one at `pos`; returns the captures found.
fn check(pos: &Position) -> usize {
    check_counting(pos, &mut [0; 5])
}

/// [`check`], adding to `by_len` the captures found by their fewest steps.
fn check_counting(pos: &Position, by_len: &mut [usize; 5]) -> usize {
    let fast = pos.turn_state().capture_moves();
    let plain = pos.turn_state().capture_moves_plain();
    assert_eq!(
        fast.squares(),
        plain.squares(),
        "captured pieces of {pos:?}"
    );
    for (sq, mv) in &fast {
        let want = plain.get(sq).map(Move::len);
        assert_eq!(Some(mv.len()), want, "fewest steps for {sq} in {pos:?}");
        assert_replays(pos, sq, mv);
        by_len[mv.len()] += 1;
    }
    fast.len()
}

/// `mv` replayed from `pos` through the checked API: legal, a complete turn, capturing
/// the enemy piece on `sq`.
fn assert_replays(pos: &Position, sq: Square, mv: &Move) {
    let mut p = pos.clone();
    let mut at = Some(sq);
    for &step in mv.steps() {
        let effect = p.play_step(step).expect("the move's steps are legal");
        if at == Some(step.from) && effect.piece.color != pos.side_to_move() {
            at = step.to();
        }
        if at.is_some() && effect.capture.map(|c| c.square) == at {
            at = None;
        }
    }
    assert_eq!(at, None, "{mv:?} captures {sq} in {pos:?}");
    assert!(pos.after(mv).is_ok(), "{mv:?} is a legal turn of {pos:?}");
}

/// `check` at `pos`, then along `walks` random sequences of legal steps from it, the
/// state after each step checked too, until the turn has no step left.
fn check_along(rng: &mut Rng, pos: &Position, walks: usize) -> usize {
    let mut found = check(pos);
    for _ in 0..walks {
        let mut p = pos.clone();
        loop {
            let steps = p.legal_steps();
            if steps.is_empty() || p.steps_left() == 0 {
                break;
            }
            let step = steps[rng.below(steps.len())];
            p.play_step(step).expect("a legal step");
            found += check(&p);
        }
    }
    found
}

#[test]
fn fast_paths_agree_on_the_archive_under_every_cap() {
    let mut found = [0; 4];
    for pos in archive_positions() {
        for cap in 1..=4u8 {
            let mut p = pos.clone();
            p.set_step_cap(cap).expect("a cap of 1 to 4");
            found[cap as usize - 1] += check(&p);
        }
    }
    // Captures found under caps 1, 2, 3 and 4: none in one step at the start of a turn
    // (no pull is under way), and more with each step.
    assert_eq!(found[0], 0);
    assert!(found.windows(2).all(|w| w[0] < w[1]), "{found:?}");
}

#[test]
fn fast_paths_agree_on_the_endgames() {
    let found: usize = endgame_positions().iter().map(check).sum();
    assert!(found > 0);
}

#[test]
fn fast_paths_agree_inside_turns() {
    let mut rng = Rng(24);
    let archive = archive_positions();
    let mut found = 0;
    for pos in &archive {
        found += check_along(&mut rng, pos, 3);
    }
    for pos in &endgame_positions() {
        found += check_along(&mut rng, pos, 3);
    }
    assert!(found > 0);
}

/// `pos` after up to `turns` random complete turns (random legal steps, the turn ended
/// at a random point where it may end); `None` when a walk gets stuck.
fn after_random_turns(rng: &mut Rng, pos: &Position, turns: usize) -> Option<Position> {
    let mut p = pos.clone();
    for _ in 0..turns {
        let stop = 1 + rng.below(4) as u8;
        loop {
            if p.steps_taken() >= stop && p.can_end_turn() {
                p.end_turn().expect("the turn may end");
                break;
            }
            let steps = p.legal_steps();
            if steps.is_empty() {
                return None;
            }
            p.play_step(steps[rng.below(steps.len())])
                .expect("a legal step");
        }
    }
    Some(p)
}

#[test]
fn the_search_in_four_agrees_at_turn_starts() {
    // The archive's turn starts, and turn starts reached by random turns from them and
    // from the endgames: captures in exactly four steps are found, and agree.
    let mut rng = Rng(2024);
    let mut by_len = [0; 5];
    for pos in archive_positions() {
        check_counting(&pos, &mut by_len);
        let turns = 1 + rng.below(2);
        if let Some(p) = after_random_turns(&mut rng, &pos, turns) {
            check_counting(&p, &mut by_len);
        }
    }
    for pos in &endgame_positions() {
        if let Some(p) = after_random_turns(&mut rng, pos, 1) {
            check_counting(&p, &mut by_len);
        }
    }
    assert!(by_len[4] > 1_000, "{by_len:?}");
    eprintln!("captures by fewest steps at turn starts: {by_len:?}");
}

/// `pos`'s turn state when it is a turn start with four steps left, no push waiting and
/// no pull under way: the root the four-step filters and answers below are asked at.
fn quiet_four_step_root(pos: &Position) -> Option<&TurnState> {
    let node = pos.turn_state();
    let quiet = node.pending_push().is_none() && node.pull_source().is_none();
    (node.steps_left() == 4 && quiet).then_some(node)
}

/// The enemy pieces of `pos` (a turn start with four steps left) that
/// [`four_step_traps`] rules out, each checked against the plain query: no
/// capture of it in exactly four steps. Returns how many it ruled out of those that
/// [`trap_counts_allow`] keeps (the others no trap can capture in four anyway); and
/// where [`four_step_traps`] narrows the first move, the plain query's capture in four
/// checked to begin with it. Returns how many it ruled out and how many captures in
/// four it checked so.
fn check_four_step_filter(pos: &Position) -> [usize; 2] {
    let Some(node) = quiet_four_step_root(pos) else {
        return [0, 0];
    };
    let side = node.side_to_move();
    let board = node.board();
    let ready = board.threatened(!side);
    let frozen = board.frozen(side);
    let plain = node.capture_moves_plain();
    let (mut ruled_out, mut narrowed) = (0, 0);
    for sq in board.color(!side) {
        if four_step_traps(board, side, sq, ready, &mut Some(frozen)).is_none() {
            let steps = plain.get(sq).map(Move::len);
            assert_ne!(steps, Some(4), "{sq} is captured in four in {pos:?}");
            ruled_out += usize::from(trap_counts_allow(board, side, sq, 4, ready));
        }
        // A capture in four begins with the piece's own move onto `onto`, when that is
        // narrowed: its first step there, or a step from there that it follows.
        let onto = four_step_traps(board, side, sq, ready, &mut Some(frozen));
        let narrow = onto.filter(|&b| b != Bitboard::FULL);
        if let (Some(onto), Some(mv)) = (narrow, plain.get(sq).filter(|m| m.len() == 4)) {
            narrowed += 1;
            let first = mv.steps()[0];
            let own = first.from == sq && first.to().is_some_and(|b| onto.contains(b));
            assert!(
                own || onto.contains(first.from),
                "{mv:?} begins on {onto:?} in {pos:?}"
            );
        }
    }
    [ruled_out, narrowed]
}

/// The sum of `check`'s counts over the sample the checks of the search in four
/// walk: the archive's turn starts, turn starts after one or two random turns from
/// each (drawn with `seed`), the endgames, and one random turn from each of them.
fn sum_over_turn_starts<const N: usize>(
    seed: u64,
    check: impl Fn(&Position) -> [usize; N],
) -> [usize; N] {
    let mut rng = Rng(seed);
    let mut counts = [0; N];
    let mut add = |c: [usize; N]| add_counts(&mut counts, c);
    for pos in archive_positions() {
        add(check(&pos));
        let turns = 1 + rng.below(2);
        if let Some(p) = after_random_turns(&mut rng, &pos, turns) {
            add(check(&p));
        }
    }
    for pos in &endgame_positions() {
        add(check(pos));
        if let Some(p) = after_random_turns(&mut rng, pos, 1) {
            add(check(&p));
        }
    }
    counts
}

#[test]
fn the_four_step_filter_rules_out_no_capture_in_four() {
    let counts = sum_over_turn_starts(77, check_four_step_filter);
    let [ruled_out, narrowed] = counts;
    assert!(ruled_out > 1_000 && narrowed > 100, "{counts:?}");
    eprintln!("pieces the four-step filter rules out: {ruled_out}; captures in four begun with the narrowed first move: {narrowed}");
}

/// At `pos` (a turn start with four steps left, no push waiting, no pull under way), for
/// every enemy piece: [`four_step_traps`] with an empty cache of the mover's frozen
/// pieces gives what it gives with the cache filled, and leaves the cache empty or
/// holding [`Board::frozen`]. Returns how many pieces left it empty and how many filled
/// it.
fn check_four_step_frozen_cache(pos: &Position) -> [usize; 2] {
    let Some(node) = quiet_four_step_root(pos) else {
        return [0, 0];
    };
    let side = node.side_to_move();
    let board = node.board();
    let ready = board.threatened(!side);
    let frozen = board.frozen(side);
    let mut counts = [0, 0];
    for sq in board.color(!side) {
        let filled = four_step_traps(board, side, sq, ready, &mut Some(frozen));
        let mut cache = None;
        let lazy = four_step_traps(board, side, sq, ready, &mut cache);
        assert_eq!(lazy, filled, "{sq} in {pos:?}");
        assert!(cache.is_none_or(|c| c == frozen), "{sq} in {pos:?}");
        counts[usize::from(cache.is_some())] += 1;
    }
    counts
}

#[test]
fn the_four_step_filter_reads_the_frozen_pieces_only_when_a_test_needs_them() {
    let counts = sum_over_turn_starts(78, check_four_step_frozen_cache);
    let [left_empty, filled] = counts;
    assert!(left_empty > 1_000 && filled > 1_000, "{counts:?}");
    eprintln!(
        "four-step filter: {left_empty} pieces left the frozen cache empty, {filled} filled it"
    );
}

/// At `pos` (a turn start with four steps left, no push waiting, no pull under way), for
/// every enemy piece `x` beside a trap held by a piece of the mover not stronger than
/// `x`, with no other enemy piece beside the trap: when [`held_trap_empties_late`] says
/// the trap cannot capture `x` in four and no other trap is within two squares of `x`,
/// the plain query has no capture of `x` in exactly four steps. Returns how many pieces
/// it ruled out so, and how many times it kept a trap.
fn check_held_trap_empties_late(pos: &Position) -> [usize; 2] {
    let Some(node) = quiet_four_step_root(pos) else {
        return [0, 0];
    };
    let side = node.side_to_move();
    let board = node.board();
    let plain = node.capture_moves_plain();
    let (mut ruled_out, mut kept) = (0, 0);
    for x in board.color(!side) {
        let near: Vec<_> = NEAR_TRAPS[x.index() as usize]
            .iter()
            .take_while(|&&(_, m)| m != u8::MAX)
            .copied()
            .collect();
        let Some(&(area, 1)) = near.iter().find(|&&(_, m)| m == 1) else {
            continue;
        };
        let trap = (area & Bitboard::TRAPS).first().expect("a trap");
        let Some(helpers) = stronger_than_piece_on(board, side, x) else {
            continue;
        };
        let others = board.color(!side) & area & !Bitboard::from_square(x);
        let held_weak = (board.color(side) & !helpers).contains(trap);
        if others.any() || !held_weak {
            continue;
        }
        match held_trap_empties_late(board, side, x, trap, helpers) {
            Some(false) if near.len() == 1 => {
                ruled_out += 1;
                let steps = plain.get(x).map(Move::len);
                assert_ne!(steps, Some(4), "{x} is captured in four in {pos:?}");
            }
            Some(true) => kept += 1,
            _ => {}
        }
    }
    [ruled_out, kept]
}

/// [`held_trap_empties_late`] against the plain query on the sample of the search in
/// four (the archive's turn starts, turn starts after random turns from them, the
/// endgames and a random turn from each).
#[test]
fn a_trap_held_until_the_second_step_needs_a_helper_near() {
    let counts = sum_over_turn_starts(78, check_held_trap_empties_late);
    let [ruled_out, kept] = counts;
    assert!(ruled_out > 100 && kept > 10, "{counts:?}");
    eprintln!(
        "pieces a trap held until the second step rules out: {ruled_out}; traps it keeps: {kept}"
    );
}

/// At `pos` (a turn start with four steps left, no push waiting, no pull under way), for
/// every empty trap with one piece `h` of the mover beside it, unfrozen, and an unfrozen
/// piece of the mover two squares from the trap beside an empty square beside it (the
/// friend that may arrive to guard it): when [`pullers_from_trap`] leaves `h` out (the
/// cases where `h` would be frozen once that friend left its square), for each enemy
/// piece `x` beside the trap with no other enemy piece on the trap's area and no other
/// trap within two squares: if the plain query captures `x` in exactly four steps,
/// [`one_move_may_capture`] keeps the trap. Returns how many pullers it left out so, and
/// for how many such pieces the trap was then ruled out.
fn check_puller_stays_unfrozen(pos: &Position) -> [usize; 2] {
    let Some(node) = quiet_four_step_root(pos) else {
        return [0, 0];
    };
    let side = node.side_to_move();
    let board = node.board();
    let (mover, empty) = (board.color(side), !board.occupied());
    let frozen = board.frozen(side);
    let plain = node.capture_moves_plain();
    let (mut left_out, mut ruled_out) = (0, 0);
    for trap in Square::TRAPS {
        let (at, beside) = (Bitboard::from_square(trap), Bitboard::adjacent(trap));
        let arriving = mover & !frozen & !(beside | at) & (empty & beside).neighbours();
        let guard = mover & beside;
        let Some(h) = guard.first() else {
            continue;
        };
        if !empty.contains(trap) || few(guard) != 1 || frozen.contains(h) || arriving.is_empty() {
            continue;
        }
        if pullers_from_trap((board, side), empty, trap, frozen).contains(h) {
            continue;
        }
        left_out += 1;
        let area = beside | at;
        for x in board.color(!side) & beside {
            let near = NEAR_TRAPS[x.index() as usize];
            let alone = (board.color(!side) & area).count() == 1;
            if !alone || near.iter().any(|&(_, m)| m != u8::MAX && m != 1) {
                continue;
            }
            let kept =
                one_move_may_capture(board, side, Bitboard::from_square(x), area, true, frozen);
            ruled_out += usize::from(!kept);
            if plain.get(x).map(Move::len) == Some(4) {
                assert!(kept, "{x} is captured in four in {pos:?}");
            }
        }
    }
    [left_out, ruled_out]
}

/// [`pullers_from_trap`]'s rule for a puller whose guard is still to arrive, against
/// the plain query on the sample of the search in four.
#[test]
fn a_puller_frozen_once_its_guard_leaves_cannot_pull_from_the_trap() {
    let counts = sum_over_turn_starts(79, check_puller_stays_unfrozen);
    let [left_out, ruled_out] = counts;
    assert!(left_out > 0 && ruled_out > 0, "{counts:?}");
    eprintln!("pullers left out as frozen once their guard leaves: {left_out}; pieces whose trap that rules out: {ruled_out}");
}

/// At `pos` (a turn start with four steps left, no push waiting, no pull under way), for
/// every enemy piece `x` beside an empty trap, with no other enemy piece on the trap's
/// area and no other trap within two squares: the helpers (unfrozen pieces of the mover
/// stronger than `x`) beside an empty square beside `x` (not the trap) that
/// [`steps_in_unfrozen`] leaves out; where there is one, if the plain query captures `x`
/// in exactly four steps, [`one_move_may_capture`] keeps the trap. Returns how many
/// helpers it left out, and for how many such pieces the trap was then ruled out.
fn check_steps_in_unfrozen(pos: &Position) -> [usize; 2] {
    let Some(node) = quiet_four_step_root(pos) else {
        return [0, 0];
    };
    let side = node.side_to_move();
    let board = node.board();
    let (enemy, empty) = (board.color(!side), !board.occupied());
    let frozen = board.frozen(side);
    let plain = node.capture_moves_plain();
    let (mut left_out, mut ruled_out) = (0, 0);
    for x in enemy {
        let near = NEAR_TRAPS[x.index() as usize];
        let (area, m) = near[0];
        if m != 1 || near[1].1 != u8::MAX {
            continue;
        }
        let trap = (area & Bitboard::TRAPS).first().expect("a trap");
        if !empty.contains(trap) || (enemy & area).count() != 1 {
            continue;
        }
        let Some(helpers) = stronger_than_piece_on(board, side, x) else {
            continue;
        };
        let open = Bitboard::adjacent(x).without(trap) & empty;
        let steppers = helpers & !frozen & open.neighbours();
        let out = steppers
            .into_iter()
            .filter(|&h| !steps_in_unfrozen(board, side, h, open));
        let n = out.count();
        if n == 0 {
            continue;
        }
        left_out += n;
        let kept = one_move_may_capture(board, side, Bitboard::from_square(x), area, true, frozen);
        ruled_out += usize::from(!kept);
        if plain.get(x).map(Move::len) == Some(4) {
            assert!(kept, "{x} is captured in four in {pos:?}");
        }
    }
    [left_out, ruled_out]
}

/// [`steps_in_unfrozen`] against the plain query on the sample of the search in four.
#[test]
fn a_helper_frozen_on_the_square_it_steps_to_cannot_push() {
    // Rare at turn starts: several draws of the random turns.
    let mut counts = [0, 0];
    for seed in 80..100 {
        let c = sum_over_turn_starts(seed, check_steps_in_unfrozen);
        counts = [counts[0] + c[0], counts[1] + c[1]];
    }
    let [left_out, ruled_out] = counts;
    assert!(left_out > 20 && ruled_out > 10, "{counts:?}");
    eprintln!("helpers left out as frozen on the square they step to: {left_out}; pieces whose trap that rules out: {ruled_out}");
}

/// At `pos` (a turn start with four steps left, no push waiting, no pull under way), for
/// every enemy piece `p` on a trap with one other enemy piece `x` beside the trap (its
/// guard): the helpers (pieces of the mover stronger than `x`) beside `x`, frozen, that
/// [`frozen_helper_may_be_freed`] says cannot be freed; where there is one, if the plain
/// query captures `p` in exactly four steps, [`one_move_may_capture`] keeps the trap.
/// Returns how many helpers it left out, and for how many such pieces the trap was then
/// ruled out.
fn check_frozen_helper_freed(pos: &Position) -> [usize; 2] {
    let Some(node) = quiet_four_step_root(pos) else {
        return [0, 0];
    };
    let side = node.side_to_move();
    let board = node.board();
    let enemy = board.color(!side);
    let frozen = board.frozen(side);
    let plain = node.capture_moves_plain();
    let (mut left_out, mut ruled_out) = (0, 0);
    for p in enemy & Bitboard::TRAPS {
        let area = Bitboard::adjacent(p).with(p);
        let others = enemy & area & !Bitboard::from_square(p);
        let (Some(x), 1) = (others.first(), others.count()) else {
            continue;
        };
        let Some(helpers) = stronger_than_piece_on(board, side, x) else {
            continue;
        };
        let stuck = (helpers & frozen & Bitboard::adjacent(x))
            .into_iter()
            .filter(|&h| !frozen_helper_may_be_freed(board, side, h, frozen))
            .count();
        if stuck == 0 {
            continue;
        }
        left_out += stuck;
        let kept = one_move_may_capture(board, side, others, area, false, frozen);
        ruled_out += usize::from(!kept);
        if plain.get(p).map(Move::len) == Some(4) {
            assert!(kept, "{p} is captured in four in {pos:?}");
        }
    }
    [left_out, ruled_out]
}

/// [`frozen_helper_may_be_freed`] against the plain query on the sample of the search
/// in four, over several draws of the random turns.
#[test]
fn a_frozen_helper_that_cannot_be_freed_cannot_move_the_guard() {
    let mut counts = [0, 0];
    for seed in 80..100 {
        let c = sum_over_turn_starts(seed, check_frozen_helper_freed);
        counts = [counts[0] + c[0], counts[1] + c[1]];
    }
    let [left_out, ruled_out] = counts;
    assert!(left_out > 20 && ruled_out > 10, "{counts:?}");
    eprintln!("frozen helpers beside a guard left out as not freed in time: {left_out}; pieces whose trap that rules out: {ruled_out}");
}

/// The ways [`held_trap_empties_late`] keeps a trap, on positions made for them:
/// Silver's rabbit on c7 beside the trap c6, held by Gold's rabbit with two friends
/// beside it and no empty square to step onto. First, the friends are Gold's horse on
/// d6 and cat on b6: the horse steps onto d7 (a helper beside the trap stepping beside
/// the piece), the cat steps off (d6 and b6 empty, Gold's rabbit falls), then the horse
/// pushes the rabbit on c7 onto c6. Second, the friends are Gold's rabbits on b6 and d6
/// and the horse stands on d7 (a helper beside the piece): both rabbits step off, then
/// the horse pushes. Either way Silver's rabbit falls in exactly four.
#[test]
fn a_trap_held_until_the_second_step_keeps_a_helper_near() {
    for pos in [
        "g [          r      CRH                                            ]",
        "g [          rH     RRR                                            ]",
    ] {
        let pos: Position = pos.parse().expect("a valid position");
        let mv = pos
            .capture_moves()
            .get(Square::C7)
            .copied()
            .expect("the rabbit on c7 falls");
        assert_eq!(mv.len(), 4, "{pos:?}");
        assert_eq!(check(&pos), pos.capture_moves().len(), "{pos:?}");
    }
}

/// At `pos` (a turn start with four steps left, no push waiting, no pull under way),
/// each enemy piece whose first move [`four_step_traps`] narrows: `f` sees the board,
/// the mover, the piece's square, the squares [`alone_moved_twice`] keeps of it, the
/// mover's frozen pieces, and the piece's capture in exactly four by the plain query, if
/// any.
fn for_each_piece_moved_twice(
    pos: &Position,
    mut f: impl FnMut(&Board, Color, Square, Bitboard, Bitboard, Option<&Move>),
) {
    let Some(node) = quiet_four_step_root(pos) else {
        return;
    };
    let side = node.side_to_move();
    let board = node.board();
    let (ready, frozen) = (board.threatened(!side), board.frozen(side));
    let plain = node.capture_moves_plain();
    for sq in board.color(!side) {
        let Some(first) = four_step_traps(board, side, sq, ready, &mut Some(frozen)) else {
            continue;
        };
        if first == Bitboard::FULL {
            continue;
        }
        let kept = alone_moved_twice(board, side, sq, first, frozen);
        let four = plain.get(sq).filter(|m| m.len() == 4);
        f(board, side, sq, kept, frozen, four);
    }
}

/// Asserts that `mv` (a capture of the piece on `sq` at `pos`) begins with the piece's
/// own step onto a square of `onto`, or a step from one that it follows.
fn assert_begins_on(pos: &Position, mv: &Move, sq: Square, onto: Bitboard) {
    let step = mv.steps()[0];
    let own = step.from == sq && step.to().is_some_and(|b| onto.contains(b));
    assert!(
        own || onto.contains(step.from),
        "{mv:?} begins off {onto:?} in {pos:?}"
    );
}

/// The squares [`alone_moved_twice`] keeps ([`for_each_piece_moved_twice`]) checked
/// against the plain query: with none, no capture in exactly four; else its capture in
/// four begins on a kept square ([`assert_begins_on`]). Returns how many pieces it ruled
/// out that the four-step filter kept, and how many captures in four it checked.
fn check_alone_moved_twice(pos: &Position) -> [usize; 2] {
    let (mut ruled_out, mut checked) = (0, 0);
    for_each_piece_moved_twice(pos, |_, _, sq, onto, _, four| match four {
        None => ruled_out += usize::from(onto.is_empty()),
        Some(mv) => {
            checked += 1;
            assert_begins_on(pos, mv, sq, onto);
        }
    });
    [ruled_out, checked]
}

#[test]
fn the_first_moves_of_a_piece_moved_twice_are_narrowed_exactly() {
    let counts = sum_over_turn_starts(2929, check_alone_moved_twice);
    let [ruled_out, checked] = counts;
    assert!(ruled_out > 1_000 && checked > 1_000, "{counts:?}");
    eprintln!("pieces moved twice ruled out: {ruled_out}; captures in four begun on the kept squares: {checked}");
}

/// The squares of [`alone_moved_twice`] that [`second_move_helped`] takes out, checked
/// against the plain query ([`for_each_piece_moved_twice`]): a capture in exactly four,
/// if any, begins on a square [`second_move_helped`] keeps ([`assert_begins_on`]).
/// Returns how many squares it took out, how many pieces it ruled out (squares kept by
/// [`alone_moved_twice`], none by it), and how many captures in four it checked.
fn check_second_move_helped(pos: &Position) -> [usize; 3] {
    let (mut dropped, mut ruled_out, mut checked) = (0, 0, 0);
    for_each_piece_moved_twice(pos, |board, side, sq, kept, frozen, four| {
        let onto = second_move_helped(board, side, sq, kept, frozen);
        assert_eq!(onto & !kept, Bitboard::EMPTY, "{pos:?}");
        dropped += (kept & !onto).count() as usize;
        ruled_out += usize::from(kept.any() && onto.is_empty());
        if let Some(mv) = four {
            checked += 1;
            assert_begins_on(pos, mv, sq, onto);
        }
    });
    [dropped, ruled_out, checked]
}

#[test]
fn the_second_move_needs_a_helper() {
    let counts = sum_over_turn_starts(3939, check_second_move_helped);
    let [dropped, ruled_out, checked] = counts;
    assert!(
        dropped > 0 && ruled_out > 0 && checked > 1_000,
        "{counts:?}"
    );
    eprintln!(
        "squares without a helper for the second move: {dropped}; pieces ruled out: \
         {ruled_out}; captures in four begun on the kept squares: {checked}"
    );
}

/// At `pos` (a turn start with four steps left), every enemy piece for which
/// [`walk_then_move`] gives a move: four steps, replayed through the checked API
/// capturing the piece, and the plain query captures it in four steps or fewer (in
/// exactly four when it has none within three, the only case the root asks). Returns
/// how many moves it gave, and how many of the plain query's captures in exactly four
/// it answered.
fn check_walk_then_move(pos: &Position) -> [usize; 2] {
    check_direct_answers(pos, |node, side, sq, path| {
        walk_then_move(node, side, sq, None, path)
    })
}

/// At `pos` (a turn start with four steps left, no push waiting, no pull under way; else
/// nothing is checked), every enemy piece on `sq` for which `answer` gives a move in
/// `path`: four steps, replayed through the checked API capturing the piece, and the
/// plain query captures it in four steps or fewer. Returns how many moves it gave, and
/// how many of them the plain query needs exactly four steps for.
fn check_direct_answers(
    pos: &Position,
    answer: impl Fn(&TurnState, Color, Square, &mut Move) -> bool,
) -> [usize; 2] {
    let Some(node) = quiet_four_step_root(pos) else {
        return [0, 0];
    };
    let side = node.side_to_move();
    let plain = node.capture_moves_plain();
    let (mut given, mut in_four) = (0, 0);
    for sq in node.board().color(!side) {
        let mut path = Move::EMPTY;
        if !answer(node, side, sq, &mut path) {
            continue;
        }
        given += 1;
        assert_eq!(path.len(), 4, "{path:?} for {sq} in {pos:?}");
        assert_replays(pos, sq, &path);
        let fewest = plain.get(sq).map(Move::len);
        assert!(
            fewest.is_some_and(|n| n <= 4),
            "{sq} in {pos:?}: {fewest:?}"
        );
        in_four += usize::from(fewest == Some(4));
    }
    [given, in_four]
}

#[test]
fn the_direct_answer_in_four_is_a_capture() {
    let counts = sum_over_turn_starts(4444, check_walk_then_move);
    let [given, in_four] = counts;
    assert!(given > 1_000 && in_four > 500, "{counts:?}");
    eprintln!("direct moves in four given: {given}, of them captures in exactly four: {in_four}");
}

/// At `pos` (a turn start with four steps left, no push waiting, no pull under way),
/// every enemy piece: where [`walk_may_reach`] says no, with the mover's frozen pieces
/// given or not, [`walk_then_move`] gives no move. Returns how many pieces it said no
/// for (with the frozen pieces given) and how many moves [`walk_then_move`] gave.
fn check_walk_may_reach(pos: &Position) -> [usize; 2] {
    let Some(node) = quiet_four_step_root(pos) else {
        return [0, 0];
    };
    let side = node.side_to_move();
    let board = node.board();
    let frozen = board.frozen(side);
    let (mut ruled_out, mut given) = (0, 0);
    for sq in board.color(!side) {
        let may = walk_may_reach(board, side, sq, Some(frozen));
        let may_uncached = walk_may_reach(board, side, sq, None);
        assert!(may_uncached || !may, "{sq} in {pos:?}");
        let mut path = Move::EMPTY;
        let moved = walk_then_move(node, side, sq, None, &mut path);
        assert!(may || !moved, "{sq}: {path:?} in {pos:?}");
        ruled_out += usize::from(!may);
        given += usize::from(moved);
    }
    [ruled_out, given]
}

#[test]
fn the_walk_precheck_rules_out_no_direct_answer_in_four() {
    let counts = sum_over_turn_starts(2424, check_walk_may_reach);
    let [ruled_out, given] = counts;
    assert!(ruled_out > 10_000 && given > 1_000, "{counts:?}");
    eprintln!(
        "pieces the walk precheck rules out: {ruled_out}; direct moves in four it kept: {given}"
    );
}

/// At `pos`, every enemy piece for which [`pushed_away_then_two`] gives a move (as
/// [`check_direct_answers`] checks it). Returns how many moves it gave, and how many of
/// the plain query's captures in exactly four it answered.
fn check_pushed_away_then_two(pos: &Position) -> [usize; 2] {
    check_direct_answers(pos, |node, side, sq, path| {
        pushed_away_then_two(node, &root_ctx(node.board(), side), sq, None, path)
    })
}

#[test]
fn a_push_out_of_the_way_then_a_capture_in_two_is_a_capture() {
    let counts = sum_over_turn_starts(1818, check_pushed_away_then_two);
    let [given, in_four] = counts;
    assert!(given > 500 && in_four > 300, "{counts:?}");
    eprintln!("moves given after a push out of the way: {given}, of them captures in exactly four: {in_four}");
}

/// At `pos`, every enemy piece for which [`arrived_then_two`] gives a move (as
/// [`check_direct_answers`] checks it), with the mover's frozen pieces given and
/// without: the same answer either way. Returns how many moves it gave, and how many
/// of the plain query's captures in exactly four it answered.
fn check_arrived_then_two(pos: &Position) -> [usize; 2] {
    check_direct_answers(pos, |node, side, sq, path| {
        let frozen = Some(node.board().frozen(side));
        let mut uncached = Move::EMPTY;
        let without = arrived_then_two(node, side, sq, None, &mut uncached);
        let with = arrived_then_two(node, side, sq, frozen, path);
        assert_eq!((with, *path), (without, uncached), "{sq} in {node:?}");
        with
    })
}

#[test]
fn a_stronger_piece_brought_beside_in_two_steps_then_a_capture_in_two_is_a_capture() {
    let counts = sum_over_turn_starts(2727, check_arrived_then_two);
    let [given, in_four] = counts;
    assert!(given > 1_000 && in_four > 300, "{counts:?}");
    eprintln!("moves given after two steps that bring a stronger piece beside: {given}, of them captures in exactly four: {in_four}");
}

/// At `pos`, the moves [`arrived_then_two`] gives whose first step readies the
/// arriving piece (its from square is not beside the piece `q` the move pushes or pulls,
/// and it is not the step of a piece stronger than `q` from three squares away to two):
/// a friend's step beside a frozen piece that then arrives, or beside the trap it
/// arrives on. Checked as [`check_direct_answers`] checks every move (four steps,
/// replayed, a capture the plain query makes in four or fewer). Returns how many such
/// moves it gave, and how many of them the plain query needs exactly four steps for.
fn check_readying_first_steps(pos: &Position) -> [usize; 2] {
    check_direct_answers(pos, |node, side, sq, path| {
        if !arrived_then_two(node, side, sq, None, path) {
            return false;
        }
        let board = node.board();
        let Some((q, _)) = capturing_step(board, side, sq) else {
            return false;
        };
        let first = path.steps()[0];
        let stronger = stronger_than_piece_on(board, side, q).unwrap_or(Bitboard::EMPTY);
        let walk = stronger.contains(first.from)
            && first.from.distance(q) == 3
            && first.to().is_some_and(|to| to.distance(q) == 2);
        !Bitboard::adjacent(q).contains(first.from) && !walk
    })
}

#[test]
fn a_first_step_that_readies_the_arriving_piece_gives_a_capture() {
    let counts = sum_over_turn_starts(3737, check_readying_first_steps);
    let [given, in_four] = counts;
    assert!(given > 300 && in_four > 90, "{counts:?}");
    eprintln!("moves given whose first step readies the arriving piece: {given}, of them captures in exactly four: {in_four}");
}

/// [`walked_finish`]'s condition that the walk loses no piece of the mover, on a position
/// made for it (no archive or endgame position needs it): Gold's camel on d3 is the only
/// friend of Gold's dog on the trap c3. Its walk d3-d4-c4, to push Silver's rabbit from
/// c5 onto c6, loses the dog when the camel leaves d3, and the dog was the camel's one
/// friend beside c4, where Silver's elephant on b4 then freezes it: the push is illegal.
/// The direct answer must not give that move; the query finds the walk through d5.
#[test]
fn a_walk_that_strands_a_friend_on_a_trap_is_not_a_direct_answer() {
    let pos: Position = "g [r      r                  r      e        DM            R      R]"
        .parse()
        .expect("a valid position");
    let node = pos.turn_state();
    let c5 = Square::C5;
    let mut path = Move::EMPTY;
    if walk_then_move(node, Color::Gold, c5, None, &mut path) {
        assert_replays(&pos, c5, &path);
    }
    assert_eq!(check(&pos), 1, "{pos:?}");
    let mv = pos
        .capture_moves()
        .get(c5)
        .copied()
        .expect("the rabbit on c5 falls");
    assert_eq!(mv.len(), 4);
}

/// [`trap_counts_keep`] against [`trap_counts_allow`] asked of every enemy piece at
/// `node` (no push waiting, no pull under way; else nothing is checked): the same
/// pieces. Returns how many it keeps.
fn check_trap_counts_keep(node: &TurnState) -> usize {
    if node.pending_push().is_some() || node.pull_source().is_some() {
        return 0;
    }
    let (board, side, left) = (node.board(), node.side_to_move(), node.steps_left());
    let ready = board.threatened(!side);
    let keep = trap_counts_keep(board, side, left, ready);
    for sq in board.color(!side) {
        assert_eq!(
            keep.contains(sq),
            trap_counts_allow(board, side, sq, left, ready),
            "{sq} at {node:?}"
        );
    }
    assert!((keep & !board.color(!side)).is_empty(), "{node:?}");
    keep.count() as usize
}

/// Calls `f` on the archive's and the endgames' turn starts under caps 4 to 1, and on
/// the states inside a random turn from each (steps drawn by `Rng(seed)`).
fn for_each_capped_and_inner_state(seed: u64, mut f: impl FnMut(&TurnState)) {
    let mut rng = Rng(seed);
    let archive = archive_positions();
    let endgames = endgame_positions();
    for pos in archive.iter().chain(&endgames) {
        for cap in 1..=4u8 {
            let mut p = pos.clone();
            p.set_step_cap(cap).expect("a cap of 1 to 4");
            f(p.turn_state());
        }
        let mut p = pos.clone();
        while p.steps_left() > 0 {
            let steps = p.legal_steps();
            if steps.is_empty() {
                break;
            }
            p.play_step(steps[rng.below(steps.len())])
                .expect("a legal step");
            f(p.turn_state());
        }
    }
}

/// The sum of `check`'s counts over the states of [`for_each_capped_and_inner_state`]
/// (steps drawn with `inner_seed`) and the turn starts of [`sum_over_turn_starts`]
/// (drawn with `starts_seed`): the archive and the endgames under caps 4 to 1, random
/// states inside turns, and turn starts after random turns.
fn sum_over_states_and_turn_starts<const N: usize>(
    inner_seed: u64,
    starts_seed: u64,
    check: impl Fn(&TurnState) -> [usize; N],
) -> [usize; N] {
    let mut counts = sum_over_turn_starts(starts_seed, |pos| check(pos.turn_state()));
    for_each_capped_and_inner_state(inner_seed, |state| add_counts(&mut counts, check(state)));
    counts
}

/// Adds `more` to `counts`, count by count.
fn add_counts<const N: usize>(counts: &mut [usize; N], more: [usize; N]) {
    counts.iter_mut().zip(more).for_each(|(c, m)| *c += m);
}

/// [`stronger_than_piece_on`] (one walk up the kinds) against [`Board::kind_at`] then
/// [`Board::stronger_than`], for both colours and every square of `node`'s board (the
/// readers of the thirty-fifth round: [`walk_then_move`], [`wide_walk`],
/// [`two_pushers_beside`] for the mover, [`walked_finish`] through
/// [`unfrozen_squares_of`] for the enemy), and [`unfrozen_squares_of`] against
/// [`unfrozen_squares`] for every piece of the mover, its friends the mover's other
/// pieces. Returns how many pieces were compared, and how many of the mover's pieces
/// have an enemy piece stronger than them beside them.
fn check_kind_walks(node: &TurnState) -> [usize; 2] {
    let board = node.board();
    let side = node.side_to_move();
    let mut counts = [0; 2];
    for color in [side, !side] {
        for sq in Square::ALL {
            let plain = board.kind_at(sq).map(|k| board.stronger_than(color, k));
            assert_eq!(
                stronger_than_piece_on(board, color, sq),
                plain,
                "{sq} at {node:?}"
            );
        }
    }
    for h in board.color(side) {
        let friends = board.color(side).without(h);
        let plain = board
            .kind_at(h)
            .map(|k| unfrozen_squares(board, side, k, friends));
        assert_eq!(
            unfrozen_squares_of(board, side, h, friends),
            plain,
            "{h} at {node:?}"
        );
        counts[0] += 1;
        let freezers = board
            .kind_at(h)
            .map_or(Bitboard::EMPTY, |k| board.stronger_than(!side, k));
        if (freezers & Bitboard::adjacent(h)).any() {
            counts[1] += 1;
        }
    }
    counts
}

#[test]
fn the_walk_up_the_kinds_gives_the_stronger_pieces_of_kind_at() {
    // The archive under caps 4 to 1, the endgames, and random states inside turns.
    let mut counts = [0; 2];
    for_each_capped_and_inner_state(35, |state| {
        let [a, b] = check_kind_walks(state);
        counts[0] += a;
        counts[1] += b;
    });
    assert!(counts[0] > 100_000 && counts[1] > 1_000, "{counts:?}");
    eprintln!(
        "kind walks: {} pieces of the mover compared, {} with a stronger enemy piece beside",
        counts[0], counts[1]
    );
}

#[test]
fn the_trap_counts_filter_keeps_the_pieces_it_keeps_one_by_one() {
    // The archive under caps 4 to 1, the endgames, and random states inside turns.
    let (mut kept, mut states) = (0, 0);
    for_each_capped_and_inner_state(7, |state| {
        kept += check_trap_counts_keep(state);
        states += 1;
    });
    assert!(kept > 10_000, "{kept}");
    eprintln!("trap counts: {kept} pieces kept in {states} states, each as one by one");
}

/// At `node` (no push waiting, no pull under way; else nothing is checked): no enemy
/// piece that [`trap_counts_keep`] leaves out is captured by the plain query. Returns
/// how many pieces it leaves out and how many of those the count alone (`2m + 2n` at
/// most `left`, one piece to move in `ready` at the limit: the filter before its rule at
/// the limit) would have kept.
fn check_trap_counts_leave_out(node: &TurnState) -> [usize; 2] {
    if node.pending_push().is_some() || node.pull_source().is_some() {
        return [0, 0];
    }
    let (board, side, left) = (node.board(), node.side_to_move(), node.steps_left());
    let ready = board.threatened(!side);
    let keep = trap_counts_keep(board, side, left, ready);
    let plain = node.capture_moves_plain();
    let enemy = board.color(!side);
    let (mut left_out, mut at_the_limit) = (0, 0);
    for sq in enemy & !keep {
        assert!(plain.get(sq).is_none(), "{sq} is captured at {node:?}");
        left_out += 1;
        // Let through by the rule at the limit before the fourteenth round (some piece
        // to move in `ready`).
        let by_count =
            trap_counts_allow_by(board, side, sq, left, |_, _, moving| (moving & ready).any());
        at_the_limit += usize::from(by_count);
    }
    [left_out, at_the_limit]
}

#[test]
fn the_trap_counts_filter_leaves_out_no_capture() {
    // The archive under caps 4 to 1, the endgames, random states inside turns, and
    // turn starts after random turns.
    let counts = sum_over_states_and_turn_starts(11, 13, check_trap_counts_leave_out);
    let [left_out, at_the_limit] = counts;
    assert!(left_out > 100_000 && at_the_limit > 1_000, "{counts:?}");
    eprintln!("trap counts: {left_out} pieces left out, {at_the_limit} of them by the rule at the limit; none captured");
}

/// At `node` (no push waiting, no pull under way; else nothing is checked):
/// [`capture_candidates`] given [`trap_counts_keep`]'s pieces (its shortened form) is its
/// general form (given every square) on those pieces. Returns how many it keeps.
fn check_candidates_among_kept(node: &TurnState) -> usize {
    if node.pending_push().is_some() || node.pull_source().is_some() {
        return 0;
    }
    let (board, side, left) = (node.board(), node.side_to_move(), node.steps_left());
    let ready = board.threatened(!side);
    let unmovable = root_unmovable(node);
    let keep = trap_counts_keep(board, side, left, ready);
    let ctx = Ctx {
        side,
        strongest: None,
        fast: true,
        none_within_two: false,
    };
    let shortened = capture_candidates(node, &ctx, (ready, unmovable), keep, true);
    let general = capture_candidates(node, &ctx, (ready, unmovable), Bitboard::FULL, true) & keep;
    assert_eq!(shortened, general, "{node:?}");
    shortened.count() as usize
}

#[test]
fn the_candidates_among_the_kept_pieces_are_the_general_ones() {
    // The archive under caps 4 to 1, the endgames, random states inside turns, and
    // turn starts after random turns.
    let mut kept = 0;
    for_each_capped_and_inner_state(17, |state| kept += check_candidates_among_kept(state));
    let [starts, _] =
        sum_over_turn_starts(19, |pos| [check_candidates_among_kept(pos.turn_state()), 0]);
    assert!(kept > 10_000 && starts > 10_000, "{kept} {starts}");
    eprintln!("candidates among the kept pieces: {kept} (capped and inner states), {starts} (turn starts)");
}

/// The context of the fast query at a root on `board` with `side` to move, as
/// `capture_query` makes it (the mover's strongest kind there).
fn root_ctx(board: &Board, side: Color) -> Ctx {
    let strongest = PieceKind::ALL
        .iter()
        .rev()
        .find(|&&k| board.pieces(k.of(side)).any())
        .copied();
    Ctx {
        side,
        strongest,
        fast: true,
        none_within_two: false,
    }
}

/// The enemy pieces that can never move in the turn at `node` (as the root of the
/// query finds them: [`unmovable_pieces`] with the mover's strongest kind there).
fn root_unmovable(node: &TurnState) -> Bitboard {
    let (board, side) = (node.board(), node.side_to_move());
    let ctx = root_ctx(board, side);
    unmovable_pieces(board, &ctx)
}

/// At `node` (three steps left, no push waiting; else nothing is checked), for each
/// enemy piece with no capture within two ([`captures_within_two`]) and a piece `q`
/// from [`capturing_step`]: every plain step of the mover that
/// [`mover_step_may_capture`] rejects has no capture within two in its child. Returns
/// how many steps it rejected, how many of those had a piece of the mover stronger
/// than `q` beside it other than the stepping piece (kept before the seventh round's
/// `unfreeze` and `room`), and how many it kept.
fn check_mover_steps(node: &TurnState) -> [usize; 3] {
    if node.steps_left() != 3 || node.pending_push().is_some() {
        return [0; 3];
    }
    let (board, side) = (node.board(), node.side_to_move());
    let ctx = Ctx {
        side,
        strongest: None,
        fast: true,
        none_within_two: false,
    };
    let mut counts = [0; 3];
    for sq in board.color(!side) {
        let Some((q, ends)) = capturing_step(board, side, sq) else {
            continue;
        };
        let Some(kind) = board.piece_at(q).map(|p| p.kind) else {
            continue;
        };
        let mut path = Move::EMPTY;
        if captures_within_two(node, &ctx, sq, None, &mut path) {
            continue;
        }
        let stronger = board.stronger_than(side, kind);
        let (look, _) = StepLook::new(board, side, (q, stronger, ends), board.color(side), None);
        // The search's form, all the steps at once, is the test step by step.
        let own = node.simple_steps(board.color(side) & !board.frozen(side));
        let admitted = steps_that_may_capture(&look, own);
        let legal = node.legal_steps();
        for (i, &dir) in Direction::ALL.iter().enumerate() {
            for from in admitted[i] {
                let step = Step::new(from, dir);
                assert!(legal.contains(&step), "{step:?} for {sq} at {node:?}");
                assert!(mover_step_may_capture(&look, step), "{step:?} at {node:?}");
            }
        }
        for &step in &legal {
            if !board.color(side).contains(step.from) {
                continue;
            }
            let i = Direction::ALL.iter().position(|&d| d == step.dir);
            let at_once = i.is_some_and(|i| admitted[i].contains(step.from));
            assert_eq!(
                at_once,
                mover_step_may_capture(&look, step),
                "{step:?} at {node:?}"
            );
            if mover_step_may_capture(&look, step) {
                counts[2] += 1;
                continue;
            }
            counts[0] += 1;
            let others = look.stronger.without(step.from) & Bitboard::adjacent(q);
            counts[1] += usize::from(others.any());
            let mut child = *node;
            child.play_step(step).expect("a legal step");
            assert!(
                !captures_within_two(&child, &ctx, sq, None, &mut path),
                "{step:?} for {sq} at {node:?}"
            );
        }
    }
    counts
}

#[test]
fn the_mover_steps_left_out_in_three_lead_to_no_capture_within_two() {
    // The archive and the endgames under a cap of three, and random states inside turns
    // with three steps left.
    let mut counts = [0; 3];
    let mut add = |c: [usize; 3]| add_counts(&mut counts, c);
    let mut rng = Rng(33);
    for pos in archive_positions().iter().chain(&endgame_positions()) {
        let mut p = pos.clone();
        p.set_step_cap(3).expect("a cap of 3");
        add(check_mover_steps(p.turn_state()));
        let mut p = pos.clone();
        let steps = p.legal_steps();
        if let Some(&step) = steps.get(rng.below(steps.len().max(1))) {
            p.play_step(step).expect("a legal step");
            add(check_mover_steps(p.turn_state()));
        }
    }
    let [rejected, newly, kept] = counts;
    assert!(
        rejected > 10_000 && newly > 1_000 && kept > 1_000,
        "{counts:?}"
    );
    eprintln!("mover steps in three: {rejected} left out, {newly} of them beside a helper (none with a capture within two after it); {kept} kept");
}

/// At `node` (three steps left or more, no push waiting; else nothing is checked), for
/// each enemy piece with a piece `q` from [`capturing_step`] and no piece of the mover
/// stronger than `q` beside it, where [`arrival_may_capture`] says no: every plain step
/// of the mover (every legal step of a piece of the mover, no push waiting) has no
/// capture of the piece within two in its child by the plain search ([`capture_search`]
/// without fast paths). Returns how many pieces it ruled out, how many steps after them
/// it checked, how many pieces it let through, how many it ruled out with a square
/// to arrive on and a trap of the mover (two friends or more beside it) beside `q`
/// among `ends`, and how many whose only square to arrive on is a trap with fewer than
/// two pieces of the mover beside it.
fn check_arrival(node: &TurnState) -> [usize; 5] {
    if node.steps_left() < 3 || node.pending_push().is_some() {
        return [0; 5];
    }
    let (board, side) = (node.board(), node.side_to_move());
    let plain = Ctx {
        fast: false,
        ..root_ctx(board, side)
    };
    let mut counts = [0; 5];
    for sq in board.color(!side) {
        let Some((q, ends)) = capturing_step(board, side, sq) else {
            continue;
        };
        let Some(kind) = board.piece_at(q).map(|p| p.kind) else {
            continue;
        };
        let stronger = board.stronger_than(side, kind);
        if (stronger & Bitboard::adjacent(q)).any() {
            continue;
        }
        if arrival_may_capture(board, side, (q, stronger, ends)) {
            counts[2] += 1;
            continue;
        }
        counts[0] += 1;
        let near = Bitboard::adjacent(q);
        let held = near & ends & Bitboard::TRAPS & board.color(side);
        let arrive = near & !board.occupied() & (stronger & Bitboard::within(q, 2)).neighbours();
        counts[3] += usize::from(held.any() && arrive.any());
        let lone_trap = arrive.into_iter().all(|t| {
            Bitboard::TRAPS.contains(t) && (Bitboard::adjacent(t) & board.color(side)).count() < 2
        });
        counts[4] += usize::from(arrive.any() && lone_trap);
        for &step in &node.legal_steps() {
            if !board.color(side).contains(step.from) {
                continue;
            }
            counts[1] += 1;
            let mut child = *node;
            child.play_step(step).expect("a legal step");
            let mut path = Move::EMPTY;
            assert!(
                !capture_search(&child, &plain, Some(sq), 2, &mut path),
                "{step:?} then {path:?} captures {sq} at {node:?}"
            );
        }
    }
    counts
}

#[test]
fn no_arrival_beside_the_piece_leaves_no_capture_in_three() {
    // The archive and the endgames under caps 4 to 1, random states inside turns, and
    // turn starts after random turns.
    let mut counts = [0; 5];
    let mut add = |c: [usize; 5]| add_counts(&mut counts, c);
    for_each_capped_and_inner_state(25, |state| add(check_arrival(state)));
    let at_starts = std::cell::Cell::new([0; 3]);
    let [pieces, steps] = sum_over_turn_starts(26, |pos| {
        let [p, s, kept, held, lone] = check_arrival(pos.turn_state());
        let [k, h, l] = at_starts.get();
        at_starts.set([k + kept, h + held, l + lone]);
        [p, s]
    });
    let [kept, held, lone] = at_starts.get();
    add([pieces, steps, kept, held, lone]);
    let [ruled_out, steps, kept, held, lone] = counts;
    assert!(
        ruled_out > 10_000 && steps > 100_000 && kept > 1_000 && held > 10 && lone > 100,
        "{counts:?}"
    );
    eprintln!("pieces with no stronger piece beside ruled out by the arrival check: {ruled_out} ({held} with a square to arrive on and a held trap of the mover beside, {lone} with only a trap to arrive on, where the piece would be lost; {steps} plain steps after them, none with a capture within two); {kept} let through");
}

/// At `node` (no push waiting, two steps left or more; else nothing is checked), for
/// every enemy piece: [`captures_within_two`] (with [`pushed_or_pulled`], its push or
/// pull decided on the bitboards) against the plain search within two steps
/// ([`capture_search`] without fast paths): the same answer, and a move that replays
/// through the checked API capturing the piece within two steps, no push waiting after
/// it. Where [`capturing_step`] gives a piece `q`, [`pushed_or_pulled`] against the
/// search of its first steps ([`first_steps_moving`] with `k` 2) when no pull is under
/// way (with one, its end, tried first, may be the same step). Both asked with no frozen
/// pieces given and with the mover's frozen pieces given (as the root gives them): the
/// same answer and the same move. Returns how many pieces it captures within two, how
/// many of those [`pushed_or_pulled`] decided, and how many pieces had a frozen piece
/// of the mover stronger than `q` beside `q` (which the frozen pieces given must rule
/// out as pushers and pullers).
fn check_within_two(node: &TurnState) -> [usize; 3] {
    if node.pending_push().is_some() || node.steps_left() < 2 {
        return [0, 0, 0];
    }
    let (board, side) = (node.board(), node.side_to_move());
    let fast = root_ctx(board, side);
    let plain = Ctx {
        fast: false,
        ..fast
    };
    let frozen = board.frozen_among(side, Bitboard::FULL);
    let mut counts = [0; 3];
    for sq in board.color(!side) {
        let mut path = Move::EMPTY;
        let found = captures_within_two(node, &fast, sq, None, &mut path);
        let mut given = Move::EMPTY;
        let with_frozen = captures_within_two(node, &fast, sq, Some(frozen), &mut given);
        assert_eq!((with_frozen, given), (found, path), "{sq} at {node:?}");
        let mut by_search = Move::EMPTY;
        let want = capture_search(node, &plain, Some(sq), 2, &mut by_search);
        assert_eq!(found, want, "{sq} at {node:?}");
        if let (Some((q, ends)), None) = (capturing_step(board, side, sq), node.pull_source()) {
            let mut direct = Move::EMPTY;
            let decided = pushed_or_pulled(node, side, (q, ends), None, &mut direct);
            let mut direct_given = Move::EMPTY;
            let given = pushed_or_pulled(node, side, (q, ends), Some(frozen), &mut direct_given);
            assert_eq!((given, direct_given), (decided, direct), "{sq} at {node:?}");
            let mut searched = Move::EMPTY;
            let search = first_steps_moving(node, &fast, sq, q, ends, 2, &mut searched);
            assert_eq!(decided, search, "{sq} at {node:?}");
            counts[1] += usize::from(decided);
            let kind = board.piece_at(q).map(|p| p.kind);
            let beside = kind.map_or(Bitboard::EMPTY, |k| {
                board.stronger_than(side, k) & Bitboard::adjacent(q)
            });
            counts[2] += usize::from((beside & frozen).any());
        }
        if !found {
            continue;
        }
        counts[0] += 1;
        assert!(
            (1..=2).contains(&path.len()),
            "{path:?} for {sq} at {node:?}"
        );
        let mut state = *node;
        let mut at = Some(sq);
        for &step in path.steps() {
            let effect = state.play_step(step).expect("the move's steps are legal");
            if at == Some(step.from) && effect.piece.color != side {
                at = step.to();
            }
            if at.is_some() && effect.capture.map(|c| c.square) == at {
                at = None;
            }
        }
        assert_eq!(at, None, "{path:?} captures {sq} at {node:?}");
        assert!(state.pending_push().is_none(), "{path:?} at {node:?}");
    }
    counts
}

#[test]
fn the_direct_answer_in_two_is_the_search_in_two() {
    // The archive and the endgames under caps 4 to 1, random states inside turns, and
    // turn starts after random turns.
    let counts = sum_over_states_and_turn_starts(22, 23, check_within_two);
    let [found, decided, frozen_beside] = counts;
    assert!(
        found > 4_000 && decided > 3_000 && frozen_beside > 0,
        "{counts:?}"
    );
    eprintln!("captures within two: {found}, {decided} of them decided on the bitboards with no pull under way; the same as the search, and the same with the frozen pieces given ({frozen_beside} pieces with a frozen stronger piece of the mover beside them)");
}

/// At `node` (no push waiting, three steps left or more; else nothing is checked), for
/// every enemy piece: [`captures_within_three`] with no frozen pieces given against it
/// with the mover's frozen pieces given (as the root gives them): the same answer, the
/// move given then replayed through the checked API (there [`stepped_then_moved`] may
/// answer first, with a move of its own); and against the plain search within three steps ([`capture_search`]
/// without fast paths): the same answer. Where no capture within two exists, the same
/// with [`Ctx::none_within_two`] set, as the root asks it. Returns how many pieces it
/// captures within three, and how many of the calls with the frozen pieces given had a
/// frozen piece of the mover within three squares of the piece (which the given set
/// must keep out of the first steps).
fn check_within_three(node: &TurnState) -> [usize; 2] {
    if node.pending_push().is_some() || node.steps_left() < 3 {
        return [0, 0];
    }
    let (board, side) = (node.board(), node.side_to_move());
    let fast = root_ctx(board, side);
    let known = Ctx {
        none_within_two: true,
        ..fast
    };
    let plain = Ctx {
        fast: false,
        ..fast
    };
    let frozen = board.frozen_among(side, Bitboard::FULL);
    let mut counts = [0; 2];
    for sq in board.color(!side) {
        let mut path = Move::EMPTY;
        let found = captures_within_three(node, &fast, sq, None, &mut path);
        let mut given = Move::EMPTY;
        let with_frozen = captures_within_three(node, &fast, sq, Some(frozen), &mut given);
        // Given the frozen pieces, [`stepped_then_moved`] may answer first, with a move
        // of its own: the same answer, its move replayed.
        assert_eq!(with_frozen, found, "{sq} at {node:?}");
        if with_frozen {
            assert_replays_at(node, sq, &given);
        }
        let mut by_search = Move::EMPTY;
        let want = capture_search(node, &plain, Some(sq), 3, &mut by_search);
        assert_eq!(found, want, "{sq} at {node:?}");
        let mut two = Move::EMPTY;
        if !captures_within_two(node, &fast, sq, None, &mut two) {
            let mut none = Move::EMPTY;
            let computed = captures_within_three(node, &known, sq, None, &mut none);
            let mut some = Move::EMPTY;
            let read = captures_within_three(node, &known, sq, Some(frozen), &mut some);
            assert_eq!(read, computed, "{sq} at {node:?}");
            if read {
                assert_replays_at(node, sq, &some);
            }
            assert_eq!(computed, found, "{sq} at {node:?}");
        }
        let near = (frozen & Bitboard::within(sq, 3)).any();
        counts[1] += usize::from(near && capturing_step(board, side, sq).is_some());
        counts[0] += usize::from(found);
    }
    counts
}

#[test]
fn the_direct_answer_in_three_reads_the_given_frozen_pieces_as_computed() {
    // The archive and the endgames under caps 4 to 1, random states inside turns, and
    // turn starts after random turns.
    let counts = sum_over_states_and_turn_starts(34, 35, check_within_three);
    let [found, frozen_near] = counts;
    assert!(found > 1_000 && frozen_near > 100, "{counts:?}");
    eprintln!("captures within three: {found}, the same as the search and with the frozen pieces given; {frozen_near} pieces with a step to capture them and a frozen piece of the mover within three squares");
}

/// At `pos` (a turn start with four steps left), every enemy piece for which
/// [`moved_twice`], asked with every square as the root asks it, gives a move: four
/// steps, replayed through the checked API capturing the piece, and the plain query
/// captures it in four steps or fewer (in exactly four when it has none within three,
/// the only case the root asks); the piece is in `ready` (the root asks no other) and
/// [`four_step_traps`] keeps a trap for it. Returns how many moves it gave, and how many
/// of the plain query's captures in exactly four it answered.
fn check_moved_twice(pos: &Position) -> [usize; 2] {
    let board = pos.board();
    let side = pos.side_to_move();
    let (ready, frozen) = (board.threatened(!side), board.frozen(side));
    check_direct_answers(pos, |node, side, sq, path| {
        let above = stronger_by_kind(node.board(), side);
        let given = moved_twice(
            node.board(),
            (side, &above),
            sq,
            (Bitboard::FULL, frozen),
            path,
        );
        let kept = four_step_traps(node.board(), side, sq, ready, &mut Some(frozen));
        assert!(
            !given || (ready.contains(sq) && kept.is_some()),
            "{sq} in {pos:?}"
        );
        given
    })
}

#[test]
fn the_direct_answer_for_a_piece_moved_twice_is_a_capture() {
    let counts = sum_over_turn_starts(4545, check_moved_twice);
    let [given, in_four] = counts;
    assert!(given > 500 && in_four > 200, "{counts:?}");
    eprintln!("direct moves in four, the piece moved twice: {given}, of them captures in exactly four: {in_four}");
}

/// [`quiet_bound`] against [`capture_lower_bound`] for every enemy piece at `node` (no
/// push waiting, no pull under way; else nothing is checked), with no frozen pieces
/// known and with them known: every field the same, the frozen pieces computed by both
/// or by neither. Returns how many pieces have a bound within the steps left.
fn check_quiet_bound(node: &TurnState) -> usize {
    if node.pending_push().is_some() || node.pull_source().is_some() {
        return 0;
    }
    let (board, side, left) = (node.board(), node.side_to_move(), node.steps_left());
    let ctx = root_ctx(board, side);
    let above = stronger_by_kind(board, side);
    let shared = (
        unmovable_pieces(board, &ctx),
        board.threatened(!side),
        &above,
    );
    let mut within = 0;
    for sq in board.color(!side) {
        for known in [None, Some(board.frozen(side))] {
            let want = capture_lower_bound(node, &ctx, sq, left, known);
            let mut frozen = known;
            let got = quiet_bound(board, side, sq, left, shared, &mut frozen);
            let fields = |b: &CaptureBound| (b.steps, b.involved, b.far, b.one, b.frozen);
            assert_eq!(fields(&got), fields(&want), "{sq} at {node:?}");
            assert_eq!(frozen, want.frozen, "{sq} at {node:?}");
            within += usize::from(known.is_none() && want.steps <= left);
        }
    }
    within
}

#[test]
fn the_quiet_bound_is_the_bound() {
    // The archive under caps 4 to 1, the endgames, and random states inside turns.
    let (mut within, mut states) = (0, 0);
    for_each_capped_and_inner_state(9, |state| {
        within += check_quiet_bound(state);
        states += 1;
    });
    assert!(within > 10_000, "{within}");
    eprintln!("quiet bound: {within} pieces within the steps left in {states} states");
}

/// The rabbit of Silver on the trap c3 at `pos` falls in exactly four steps, and the
/// fast query agrees with the plain one there.
fn assert_c3_falls_in_four(pos: &str) {
    let pos: Position = pos.parse().expect("a valid position");
    let mv = pos
        .capture_moves()
        .get(Square::C3)
        .copied()
        .expect("the rabbit on c3 falls");
    assert_eq!(mv.len(), 4, "{pos:?}");
    assert_eq!(check(&pos), pos.capture_moves().len(), "{pos:?}");
}

/// [`room_within_two`] on positions made for it (no archive or endgame position needs
/// them): Silver's rabbit on the trap c3 has one friend, the dog on d3, with Gold's
/// camel on d4 beside it and no empty square beside either. First, Gold's horse on e2
/// pulls Silver's cat from e3 (which cannot be pushed: f3, e4 are held) to e2 (e2s,
/// e3s), then the camel pushes the dog onto e3 (d3e, d4s): an enemy piece emptied by a
/// helper other than the camel. Second, with no horse, Gold's dog on c4 pushes Silver's
/// rabbit from b4 to a4 (b4w, c4w), then the camel pulls the dog (d4w, d3n): a piece of
/// the mover leaving by a push. Either way the rabbit falls in four, and the filter
/// must keep the trap.
#[test]
fn room_made_in_two_steps_keeps_the_trap() {
    assert_c3_falls_in_four("g [                          rr     rRMr     rdcR     eHR          ]");
    assert_c3_falls_in_four("g [                          rr     rDMr     rdcR     e R          ]");
}

/// [`BesideTraps::of`] against [`few`] on the squares beside each trap: both colours'
/// pieces on every board of the archive and the endgames, every set of one square, and
/// random sets (dense ones included: every trap surrounded). And [`two_from_traps`]
/// against [`Square::distance`] for every subset of the traps.
#[test]
fn the_beside_traps_counts_are_the_counts() {
    let mut checked = 0;
    let mut check = |set: Bitboard| {
        let beside = BesideTraps::of(set);
        for trap in Square::TRAPS {
            let n = few(set & Bitboard::adjacent(trap));
            assert_eq!(beside.any.contains(trap), n >= 1, "{set:?} at {trap}");
            assert_eq!(beside.two_plus.contains(trap), n >= 2, "{set:?} at {trap}");
            assert_eq!(
                beside.three_plus.contains(trap),
                n >= 3,
                "{set:?} at {trap}"
            );
        }
        assert!(((beside.any | beside.two_plus | beside.three_plus) & !Bitboard::TRAPS).is_empty());
        checked += 1;
    };
    for pos in archive_positions().iter().chain(&endgame_positions()) {
        check(pos.board().color(Color::Gold));
        check(pos.board().color(Color::Silver));
    }
    let mut rng = Rng(24);
    for j in 0..64 {
        check(Bitboard(1 << j));
        check(Bitboard(rng.next()));
        check(Bitboard(rng.next() | rng.next()));
    }
    check(Bitboard::FULL);
    check(Bitboard::EMPTY);
    let boards = archive_positions().len() + endgame_positions().len();
    println!("beside-trap counts checked on {checked} sets");
    assert_eq!(checked, 2 * boards + 3 * 64 + 2);
    let mut subsets = 0;
    for index in 0..16 {
        let traps: Bitboard = Square::TRAPS
            .iter()
            .enumerate()
            .filter(|&(i, _)| index & (1 << i) != 0)
            .map(|(_, &trap)| Bitboard::from_square(trap))
            .fold(Bitboard::EMPTY, |a, b| a | b);
        let mut expected = Bitboard::EMPTY;
        for j in 0..64 {
            let sq = Square::new(j).unwrap();
            if traps.into_iter().any(|trap| sq.distance(trap) == 2) {
                expected = expected.with(sq);
            }
        }
        assert_eq!(two_from_traps(traps), expected, "{traps:?}");
        subsets += 1;
    }
    assert_eq!(subsets, 16);
}

/// The answer table ([`Captures`], a slot per capture in square order, at most
/// [`MAX_CAPTURES`]): on the archive, the endgames and crowded random boards (many weak
/// enemy pieces near the traps, many strong pieces of the mover, so that many captures
/// are found at once), `get` on every square gives what the iteration gives, `len` is
/// the number of squares, and the fast query agrees with the plain one (moves replayed).
/// Then the bound's geometry (each trap's ring meets two other areas in one square
/// each), and random boards made to reach the bound (weak enemy pieces on the rings,
/// none on the areas): they find 24 at once, the bound itself.
#[test]
fn the_answer_table_holds_every_capture() {
    let table = |pos: &Position| {
        let captures = pos.capture_moves();
        let mut listed = Bitboard::EMPTY;
        for (sq, mv) in &captures {
            assert_eq!(captures.get(sq), Some(mv), "{sq} in {pos:?}");
            listed = listed.with(sq);
        }
        for j in 0..64 {
            let sq = Square::new(j).expect("a square");
            assert_eq!(captures.get(sq).is_some(), listed.contains(sq));
        }
        assert_eq!(listed, captures.squares());
        assert_eq!(captures.len(), listed.count() as usize);
        assert_eq!(captures.iter().len(), captures.len());
        captures.len()
    };
    let mut most = 0;
    for pos in archive_positions().iter().chain(&endgame_positions()) {
        most = most.max(table(pos));
    }
    // A random board's captures (checked, and compared with the plain query), or `None`
    // when the board is no position.
    let board = |cells: String| {
        let pos = format!("g [{cells}]").parse::<Position>().ok()?;
        check(&pos);
        Some(table(&pos))
    };
    let mut rng = Rng(17);
    let (mut boards, mut crowded) = (0, 0);
    while boards < 3000 {
        // The traps' areas mostly empty: the pieces two squares away can fall then.
        let areas = Bitboard::TRAPS | Bitboard::TRAPS.neighbours();
        let cells: String = (0..64)
            .map(|j| match rng.next() % 10 {
                _ if areas.0 & (1 << j) != 0 && rng.next() % 8 != 0 => ' ',
                0..=3 => ' ',
                4..=6 => 'r',
                7 => 'c',
                8 => 'E',
                _ => 'H',
            })
            .collect();
        let Some(n) = board(cells) else {
            continue;
        };
        boards += 1;
        most = most.max(n);
        crowded += usize::from(n > 8);
    }
    // The bound's geometry: each trap's area is five squares, and its ring (the squares
    // two from it) meets the areas of exactly two other traps, in one square each.
    let area = |t: Square| Bitboard::adjacent(t).with(t);
    let ring = |t: Square| {
        (0..64)
            .filter_map(Square::new)
            .filter(|sq| sq.distance(t) == 2)
            .fold(Bitboard::EMPTY, Bitboard::with)
    };
    for t in Square::TRAPS {
        assert_eq!(area(t).count(), 5);
        assert_eq!(ring(t).count(), 8);
        let met: Vec<u32> = Square::TRAPS
            .iter()
            .filter(|&&u| u != t)
            .map(|&u| (ring(t) & area(u)).count())
            .filter(|&n| n > 0)
            .collect();
        assert_eq!(met, [1, 1], "{t}");
    }
    let areas = Bitboard::TRAPS | Bitboard::TRAPS.neighbours();
    // Boards made for the most captures at once: weak enemy pieces on the rings, the
    // areas holding none (only strong pieces of the mover, or nothing), strong pieces
    // of the mover everywhere else.
    let rings = Square::TRAPS
        .iter()
        .fold(Bitboard::EMPTY, |b, &t| b | ring(t))
        & !areas;
    let (mut boards, mut over_twelve) = (0, 0);
    while boards < 3000 {
        let cells: String = (0..64)
            .map(|j| {
                let r = rng.next() % 8;
                if rings.0 & (1 << j) != 0 {
                    match r {
                        0 => ' ',
                        1 => 'c',
                        _ => 'r',
                    }
                } else if Bitboard::TRAPS.0 & (1 << j) != 0 {
                    ' '
                } else if areas.0 & (1 << j) != 0 {
                    match r {
                        0..=3 => ' ',
                        4..=5 => 'E',
                        _ => 'H',
                    }
                } else {
                    match r {
                        0..=2 => ' ',
                        3..=5 => 'E',
                        _ => 'M',
                    }
                }
            })
            .collect();
        let Some(n) = board(cells) else {
            continue;
        };
        boards += 1;
        most = most.max(n);
        over_twelve += usize::from(n > 12);
    }
    println!("most captures at once {most}, boards with over 8: {crowded}, over 12: {over_twelve}");
    assert!(crowded > 0 && over_twelve > 0);
    // The boards made for it reach the bound: it is the most, not only a bound.
    assert_eq!(most, MAX_CAPTURES);
}

/// A pull under way with two steps left: the pulled piece is captured by the pull's
/// second step alone, one step, with no stronger piece of the mover beside it now. The
/// quiet root's candidate filter (a piece beside a trap with two steps left needs a
/// stronger piece beside it) would drop it; [`capture_candidates`] applies that filter
/// only when told the root is quiet. The random states inside turns met no such case
/// (the twenty-third capture round's flag flipped failed no test before this one).
#[test]
fn a_pull_under_way_captures_the_pulled_piece_at_once() {
    // Gold's elephant steps onto the trap c3 (the dog on d3 keeps it) and off to b3; the
    // cat on c4, pulled into c3 with no friend beside it, is captured there.
    let mut pos: Position = "g [r                                 c        D      E            R]"
        .parse()
        .expect("a position");
    pos.play_step(Step::new(Square::C2, Direction::North))
        .expect("the elephant to c3");
    pos.play_step(Step::new(Square::C3, Direction::West))
        .expect("the elephant to b3, a pull under way");
    assert_eq!(pos.steps_left(), 2);
    let captures = pos.capture_moves();
    let pull = captures.get(Square::C4).expect("the cat can be captured");
    assert_eq!(pull.len(), 1);
    assert_eq!(check(&pos), 1);
}

/// At `node`, for every enemy piece and every cap from one to three, with the mover's
/// frozen pieces known or not: [`approach_one`] gives [`approach`]'s walk for that one
/// piece and fills the frozen pieces in the same cases. Returns how many walks of 0, 1
/// and 2 were compared, and how often the frozen pieces were filled.
fn check_approach_one(node: &TurnState) -> [usize; 4] {
    let (board, side) = (node.board(), node.side_to_move());
    let mut met = [0; 4];
    for q in board.color(!side) {
        for cap in 1..=3u8 {
            for known in [None, Some(board.frozen(side))] {
                let (mut want_frozen, mut got_frozen) = (known, known);
                let want = approach(board, side, Bitboard::from_square(q), &mut want_frozen, cap);
                let above = stronger_by_kind(board, side);
                let got = approach_one(board, (side, &above), q, &mut got_frozen, cap);
                assert_eq!(got, want, "{q}, cap {cap}, at {node:?}");
                assert_eq!(got_frozen, want_frozen, "{q}, cap {cap}, at {node:?}");
                if got < cap {
                    met[usize::from(got)] += 1;
                }
                met[3] += usize::from(known.is_none() && got_frozen.is_some());
            }
        }
    }
    met
}

#[test]
fn the_walk_of_one_piece_in_one_look_is_the_widening_walk() {
    // The archive under caps 4 to 1, the endgames, and random states inside turns.
    let mut met = [0; 4];
    for_each_capped_and_inner_state(11, |state| {
        for (m, n) in met.iter_mut().zip(check_approach_one(state)) {
            *m += n;
        }
    });
    assert!(met.iter().all(|&n| n > 1_000), "{met:?}");
    eprintln!(
        "walk of one piece: {} walks of 0, {} of 1, {} of 2 under the cap; frozen pieces filled {} times",
        met[0], met[1], met[2], met[3]
    );
}

/// At `node`, for every enemy piece that [`far_helpers_move_nothing`] rules out:
/// [`four_step_traps`] gives `None` too (the mover's frozen pieces given), and at a
/// quiet turn start with four steps left the plain query captures it in no four steps.
/// Returns how many pieces it ruled out, how many of those at such turn starts were
/// compared with the plain query, how many had a trap with one piece to move (where
/// [`one_move_may_capture`] would run), and how many of those had a frozen helper two
/// squares from that piece (the rule's frozen-helper test met).
fn check_far_helpers_move_nothing(node: &TurnState) -> [usize; 4] {
    let (board, side) = (node.board(), node.side_to_move());
    let frozen = board.frozen(side);
    let ready = board.threatened(!side);
    let quiet = node.pending_push().is_none() && node.pull_source().is_none();
    let root = quiet && node.steps_left() == 4;
    let mut plain = None;
    let mut met = [0; 4];
    for sq in board.color(!side) {
        if !far_helpers_move_nothing(board, side, sq, frozen) {
            continue;
        }
        met[0] += 1;
        let filter = four_step_traps(board, side, sq, ready, &mut Some(frozen));
        assert_eq!(filter, None, "{sq} at {node:?}");
        if root {
            let plain = plain.get_or_insert_with(|| node.capture_moves_plain());
            let steps = plain.get(sq).map(Move::len);
            assert_ne!(steps, Some(4), "{sq} is captured in four at {node:?}");
            met[1] += 1;
        }
        let enemy = board.color(!side);
        let empty = !board.occupied();
        let ones = NEAR_TRAPS[sq.index() as usize]
            .iter()
            .take_while(|&&(_, m)| m != u8::MAX)
            .filter_map(|&(area, m)| walked_target(enemy, empty, sq, (area, m)));
        let mut one = false;
        let mut frozen_near = false;
        for x in ones {
            one = true;
            let helpers = stronger_than_piece_on(board, side, x).unwrap_or(Bitboard::EMPTY);
            frozen_near |= (helpers & frozen & Bitboard::within(x, 2)).any();
        }
        met[2] += usize::from(one);
        met[3] += usize::from(frozen_near);
    }
    met
}

#[test]
fn far_helpers_that_move_nothing_leave_no_capture_in_four() {
    // The archive under caps 4 to 1, the endgames, and random states inside turns.
    let mut met = [0; 4];
    for_each_capped_and_inner_state(29, |state| {
        for (m, n) in met.iter_mut().zip(check_far_helpers_move_nothing(state)) {
            *m += n;
        }
    });
    assert!(
        met[0] > 10_000 && met[1] > 1_000 && met[2] > 1_000,
        "{met:?}"
    );
    assert!(met[3] > 100, "{met:?}");
    eprintln!(
        "far helpers: {} pieces ruled out, {} compared with the plain query at turn starts, {} with one piece to move at a trap, {} with a frozen helper two squares from it",
        met[0], met[1], met[2], met[3]
    );
}

/// At `node`, for every enemy piece: [`walk_then_move`] given the mover's frozen pieces
/// gives what it gives without them (the same answer and the same move). Returns how
/// many moves it gave, and for how many pieces a frozen piece of the mover stronger
/// than a rabbit stood within three squares (where a frozen walker may be skipped).
fn check_walk_then_move_frozen(node: &TurnState) -> [usize; 2] {
    let (board, side) = (node.board(), node.side_to_move());
    let frozen = board.frozen(side) & !board.kind(PieceKind::Rabbit);
    let mut met = [0; 2];
    for sq in board.color(!side) {
        let (mut want, mut got) = (Move::EMPTY, Move::EMPTY);
        let plain = walk_then_move(node, side, sq, None, &mut want);
        let cached = walk_then_move(node, side, sq, Some(board.frozen(side)), &mut got);
        assert_eq!(cached, plain, "{sq} at {node:?}");
        assert_eq!(got, want, "{sq} at {node:?}");
        met[0] += usize::from(plain);
        met[1] += usize::from((frozen & Bitboard::within(sq, 3)).any());
    }
    met
}

#[test]
fn the_walk_skips_frozen_walkers_and_gives_the_same_move() {
    // The archive under caps 4 to 1, the endgames, and random states inside turns.
    let mut met = [0; 2];
    for_each_capped_and_inner_state(31, |state| {
        for (m, n) in met.iter_mut().zip(check_walk_then_move_frozen(state)) {
            *m += n;
        }
    });
    assert!(met[0] > 1_000 && met[1] > 10_000, "{met:?}");
    eprintln!(
        "walk then move: {} moves given the same with the frozen pieces known, {} pieces with a frozen walker near",
        met[0], met[1]
    );
}

// Round 40.

/// At `pos`, every move [`moved_twice`] gives in its shape A (the piece's own step
/// first) whose helper `h` would stand frozen on `sq` by the pieces as they stand now
/// ([`unfrozen_squares`] without the loss): the moves only [`freed_by_a_loss`] lets
/// through, checked as [`check_direct_answers`] checks every direct answer. Returns how
/// many such moves it gave, and how many of them the plain query needs exactly four
/// steps for.
fn check_freed_by_a_loss(pos: &Position) -> [usize; 2] {
    let frozen = pos.board().frozen(pos.side_to_move());
    check_direct_answers(pos, |node, side, sq, path| {
        let board = node.board();
        if !moved_twice(
            board,
            (side, &stronger_by_kind(board, side)),
            sq,
            (Bitboard::FULL, frozen),
            path,
        ) {
            return false;
        }
        let (first, second) = (path.steps()[0], path.steps()[1]);
        let own = board.color(side);
        let h = second.from;
        let frozen_now = board
            .kind_at(h)
            .is_some_and(|kind| !unfrozen_squares(board, side, kind, own.without(h)).contains(sq));
        first.from == sq && frozen_now
    })
}

#[test]
fn a_helper_freed_by_the_loss_of_its_freezer_pushes_twice() {
    let counts = sum_over_turn_starts(4040, check_freed_by_a_loss);
    let [given, in_four] = counts;
    assert!(given > 0 && in_four > 0, "{counts:?}");
    eprintln!("moved twice, the helper freed by a loss on the trap: {given} moves, {in_four} captures in exactly four");
}

/// At `pos`, every move [`moved_twice_past_a_lone_guard`] gives (every first square
/// allowed), checked as [`check_direct_answers`] checks every direct answer: four
/// steps, replayed through the checked API capturing the piece, and the plain query
/// captures it in four or fewer. Returns how many moves it gave, and how many of them
/// the plain query needs exactly four steps for.
fn check_past_a_lone_guard(pos: &Position) -> [usize; 2] {
    check_direct_answers(pos, |node, side, sq, path| {
        moved_twice_past_a_lone_guard(node.board(), side, sq, Bitboard::FULL, path)
    })
}

#[test]
fn a_piece_moved_twice_past_the_lone_guard_of_a_trap_is_captured() {
    let counts = sum_over_turn_starts(4141, check_past_a_lone_guard);
    let [given, in_four] = counts;
    assert!(given > 0 && in_four > 0, "{counts:?}");
    eprintln!(
        "moved twice past a trap's lone guard: {given} moves, {in_four} captures in exactly four"
    );
}

/// At `pos`, every move [`moved_twice_through_the_trap`] gives (every first square
/// allowed), checked as [`check_direct_answers`] checks every direct answer. Returns how
/// many moves it gave, and how many of them the plain query needs exactly four steps
/// for.
fn check_through_the_trap(pos: &Position) -> [usize; 2] {
    check_direct_answers(pos, |node, side, sq, path| {
        moved_twice_through_the_trap(node.board(), side, sq, Bitboard::FULL, path)
    })
}

#[test]
fn a_piece_pulled_twice_through_the_trap_is_captured() {
    let counts = sum_over_turn_starts(4242, check_through_the_trap);
    let [given, in_four] = counts;
    assert!(given > 0 && in_four > 0, "{counts:?}");
    eprintln!("pulled twice through the trap: {given} moves, {in_four} captures in exactly four");
}

// Capture round 41: the root's table of the mover's stronger pieces per kind.

/// At `node`, for both sides and every square: [`stronger_than_piece_in`] with
/// [`stronger_by_kind`]'s table gives [`stronger_than_piece_on`]'s set (`None` on an
/// empty square). Returns how many pieces were compared.
fn check_stronger_by_kind(node: &TurnState) -> usize {
    let board = node.board();
    let mut pieces = 0;
    for side in [Color::Gold, Color::Silver] {
        let above = stronger_by_kind(board, side);
        for sq in Bitboard::FULL {
            let want = stronger_than_piece_on(board, side, sq);
            assert_eq!(
                stronger_than_piece_in(board, &above, sq),
                want,
                "{sq}, {side:?} at {node:?}"
            );
            pieces += usize::from(want.is_some());
        }
    }
    pieces
}

#[test]
fn the_stronger_pieces_read_from_the_table_are_the_walks() {
    // The archive under caps 4 to 1, the endgames, and random states inside turns.
    let mut pieces = 0;
    for_each_capped_and_inner_state(41, |state| pieces += check_stronger_by_kind(state));
    assert!(pieces > 100_000, "{pieces}");
    eprintln!("stronger pieces by kind: {pieces} pieces compared");
}

// Forty-fourth capture round

/// `mv` (three steps) replayed from `node` through the checked API ([`TurnState::play_step`]):
/// legal, capturing the enemy piece on `sq`, and leaving no push waiting.
fn assert_replays_at(node: &TurnState, sq: Square, mv: &Move) {
    let mut child = *node;
    let mut at = Some(sq);
    for &step in mv.steps() {
        let effect = child
            .play_step(step)
            .unwrap_or_else(|e| panic!("{mv:?}: {e:?} at {node:?}"));
        if at == Some(step.from) && effect.piece.color != node.side_to_move() {
            at = step.to();
        }
        if at.is_some() && effect.capture.map(|c| c.square) == at {
            at = None;
        }
    }
    assert_eq!(at, None, "{mv:?} captures {sq} at {node:?}");
    assert!(child.pending_push().is_none(), "{mv:?} at {node:?}");
}

/// At `node` (no push waiting, three steps left or more; else nothing is checked), for
/// every enemy piece with a [`capturing_step`] and a piece of the mover stronger than
/// its `q`: the root's direct "yes" in three `rule` (given the board, the side, `q`, its
/// stronger pieces and `ends`, the mover's frozen pieces and a move to fill). Every move
/// it gives has three steps, replays through the checked API capturing the piece with no
/// push waiting, and the plain search ([`capture_search`] without fast paths) captures
/// the piece within three steps. `seen` is told the piece's square, `q` and the move,
/// and whether the plain search finds no capture within two (the only case the root
/// asks).
fn check_direct_in_three(
    node: &TurnState,
    rule: impl Fn(&Board, Color, (Square, Bitboard, Bitboard), Bitboard, &mut Move) -> bool,
    mut seen: impl FnMut(Square, Square, &Move, bool),
) {
    if node.pending_push().is_some() || node.steps_left() < 3 {
        return;
    }
    let (board, side) = (node.board(), node.side_to_move());
    let frozen = board.frozen_among(side, Bitboard::FULL);
    let plain = Ctx {
        fast: false,
        ..root_ctx(board, side)
    };
    for sq in board.color(!side) {
        let Some((q, ends)) = capturing_step(board, side, sq) else {
            continue;
        };
        let Some(stronger) = stronger_than_piece_on(board, side, q) else {
            continue;
        };
        let mut path = Move::EMPTY;
        if !rule(board, side, (q, stronger, ends), frozen, &mut path) {
            continue;
        }
        assert_eq!(path.len(), 3, "{sq} at {node:?}");
        assert_replays_at(node, sq, &path);
        let mut by_search = Move::EMPTY;
        assert!(
            capture_search(node, &plain, Some(sq), 3, &mut by_search),
            "{sq} at {node:?}"
        );
        let mut two = Move::EMPTY;
        let in_three = !capture_search(node, &plain, Some(sq), 2, &mut two);
        seen(sq, q, &path, in_three);
    }
}

/// [`check_direct_in_three`] of [`stepped_then_moved`]. Returns the moves by shape: a
/// push with the piece beside its trap, a push with it on the trap (its guard pushed),
/// the same two for a pull; then the moves whose first step ends on a trap, and those
/// in exactly three.
fn check_stepped_then_moved(node: &TurnState) -> [usize; 6] {
    let mut counts = [0; 6];
    check_direct_in_three(node, stepped_then_moved, |sq, q, path, in_three| {
        let pull = path.steps()[1].from != q;
        let on_trap = Bitboard::TRAPS.contains(sq);
        counts[2 * usize::from(pull) + usize::from(on_trap)] += 1;
        counts[4] += usize::from(Bitboard::TRAPS.contains(path.steps()[0].to_on_board()));
        counts[5] += usize::from(in_three);
    });
    counts
}

#[test]
fn the_helper_stepping_beside_then_moving_the_piece_captures_it_in_three() {
    // The archive and the endgames under caps 4 to 1, random states inside turns, and
    // turn starts after random turns.
    let counts = sum_over_states_and_turn_starts(44, 4444, check_stepped_then_moved);
    assert!(counts.iter().all(|&n| n > 0), "{counts:?}");
    let [push_beside, push_on, pull_beside, pull_on, onto_trap, in_three] = counts;
    eprintln!("stepped then moved: pushes {push_beside} beside the trap and {push_on} of the guard, pulls {pull_beside} beside and {pull_on} of the guard; {onto_trap} with the first step onto a trap; {in_three} in exactly three");
}

/// [`check_direct_in_three`] of [`vacated_then_pushed`]. Returns the moves by shape: the
/// piece pushed onto the trap its first step emptied, the guard of a piece on a trap
/// pushed away; then the moves whose first step is a rabbit's, those whose first step
/// loses its piece on a trap, and those in exactly three.
fn check_vacated_then_pushed(node: &TurnState) -> [usize; 5] {
    let mut counts = [0; 5];
    let board = node.board();
    check_direct_in_three(node, vacated_then_pushed, |sq, _, path, in_three| {
        let first = path.steps()[0];
        counts[usize::from(Bitboard::TRAPS.contains(sq))] += 1;
        let rabbit = board.kind_at(first.from) == Some(PieceKind::Rabbit);
        counts[2] += usize::from(rabbit);
        let mut child = *node;
        let lost = child
            .play_step(first)
            .ok()
            .and_then(|e| e.capture)
            .is_some();
        counts[3] += usize::from(lost);
        counts[4] += usize::from(in_three);
    });
    counts
}

#[test]
fn the_end_vacated_then_the_piece_pushed_onto_it_captures_it_in_three() {
    // The archive and the endgames under caps 4 to 1, random states inside turns, and
    // turn starts after random turns.
    let counts = sum_over_states_and_turn_starts(45, 4545, check_vacated_then_pushed);
    let [onto_trap, guard, rabbit, lost, in_three] = counts;
    eprintln!("vacated then pushed: {onto_trap} onto the emptied trap, {guard} of the guard; {rabbit} with a rabbit's first step, {lost} losing it on a trap; {in_three} in exactly three");
    assert!(counts.iter().all(|&n| n > 0), "{counts:?}");
}

// Forty-sixth capture round

/// At `node` (no push waiting, three steps or more left, no pull under way), every
/// enemy piece where [`only_arrivals_capture`] holds after [`stepped_then_moved`] said
/// no (the root's order): the plain search finds no capture within three steps (none
/// within two either: with no stronger piece beside it, the piece cannot be pushed or
/// pulled at once). Returns how many times the rule decided, and how many of those
/// passed [`arrival_may_capture`] (where the root would have run its step search).
fn check_only_arrivals(node: &TurnState) -> [usize; 2] {
    if node.pending_push().is_some() || node.pull_source().is_some() || node.steps_left() < 3 {
        return [0; 2];
    }
    let (board, side) = (node.board(), node.side_to_move());
    let frozen = board.frozen_among(side, Bitboard::FULL);
    let plain = Ctx {
        fast: false,
        ..root_ctx(board, side)
    };
    let mut counts = [0; 2];
    for sq in board.color(!side) {
        let Some((q, ends)) = capturing_step(board, side, sq) else {
            continue;
        };
        let Some(stronger) = stronger_than_piece_on(board, side, q) else {
            continue;
        };
        let near = (q, stronger, ends);
        let mut path = Move::EMPTY;
        if stepped_then_moved(board, side, near, frozen, &mut path)
            || !only_arrivals_capture(board, side, near)
        {
            continue;
        }
        let mut three = Move::EMPTY;
        let within_three = capture_search(node, &plain, Some(sq), 3, &mut three);
        assert!(!within_three, "{sq} at {node:?}");
        counts[0] += 1;
        counts[1] += usize::from(arrival_may_capture(board, side, near));
    }
    counts
}

#[test]
fn with_no_stronger_piece_beside_the_piece_only_an_arrival_captures_it_in_three() {
    // The archive and the endgames under caps 4 to 1, random states inside turns, and
    // turn starts after random turns.
    let counts = sum_over_states_and_turn_starts(46, 4646, check_only_arrivals);
    let [decided, arrived] = counts;
    eprintln!("only arrivals: {decided} decided \"no\" within three, {arrived} of them past arrival_may_capture");
    assert!(counts.iter().all(|&n| n > 0), "{counts:?}");
}
