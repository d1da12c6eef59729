//! Property tests for Lightvector notation over random positions (random standard
//! setups, then random legal moves) and random legal moves in them:
//! - the written form resolves (strictly) to the same board;
//! - whenever the explicit form (one destination or capture token per displaced or
//!   captured piece) resolves to the move, the written form is no longer (fewer tokens,
//!   or as many and no more characters);
//! - tokens and token lists survive `Display` then `FromStr`;
//! - no string makes the reader or the resolver panic.

mod support;

use arimaa::notation::lightvector::{self, Lightvector, Token};
use arimaa::{Move, Position};
use proptest::prelude::*;
use support::explicit::explicit;
use support::lightvector::random_position;

/// A random position and one of its legal moves (by index), or `None` when stuck.
fn position_and_move(seed: u64, plies: usize, pick: usize) -> Option<(Position, Move)> {
    let pos = random_position(seed, plies);
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let mv = moves[pick % moves.len()];
    Some((pos, mv))
}

fn rank(s: &str) -> (usize, usize) {
    (s.split_whitespace().count(), s.len())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn written_form_resolves_and_is_no_longer_than_explicit(
        seed in any::<u64>(),
        plies in 0usize..24,
        pick in any::<usize>(),
    ) {
        let Some((pos, mv)) = position_and_move(seed, plies, pick) else {
            return Ok(());
        };
        let board = *pos.after(&mv).unwrap().board();
        let text = lightvector::write_move(&pos, &mv).unwrap();
        let back = lightvector::parse_move(&pos, &text)
            .map_err(|e| TestCaseError::fail(format!("{pos} {mv:?}: {text}: {e}")))?;
        let got = *pos.after(&back).unwrap().board();
        prop_assert_eq!(got, board, "{} {:?} {}", pos, mv, text);
        let ex = explicit(&pos, &mv);
        if let Ok(exm) = lightvector::parse_move(&pos, &ex) {
            if pos.after(&exm).unwrap().board() == &board {
                prop_assert!(rank(&text) <= rank(&ex), "{} {:?}: {} longer than {}", pos, mv, text, ex);
            }
        }
    }

    #[test]
    fn written_form_resolves_with_a_step_cap(
        seed in any::<u64>(),
        plies in 0usize..16,
        cap in 1u8..4,
        pick in any::<usize>(),
    ) {
        let mut pos = random_position(seed, plies);
        pos.set_step_cap(cap).unwrap();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Ok(());
        }
        let mv = moves[pick % moves.len()];
        prop_assert!(mv.len() <= cap as usize);
        let text = lightvector::write_move(&pos, &mv).unwrap();
        let back = lightvector::parse_move(&pos, &text)
            .map_err(|e| TestCaseError::fail(format!("{pos:?} {mv:?}: {text}: {e}")))?;
        prop_assert!(back.len() <= cap as usize);
        let got = *pos.after(&back).unwrap().board();
        let want = *pos.after(&mv).unwrap().board();
        prop_assert_eq!(got, want);
    }
}

/// Characters of the notation, and a few others.
fn notation_string() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('E'),
            Just('M'),
            Just('H'),
            Just('D'),
            Just('C'),
            Just('R'),
            Just('e'),
            Just('m'),
            Just('h'),
            Just('d'),
            Just('c'),
            Just('r'),
            Just('a'),
            Just('b'),
            Just('f'),
            Just('g'),
            Just('n'),
            Just('s'),
            Just('w'),
            Just('x'),
            Just('1'),
            Just('3'),
            Just('4'),
            Just('6'),
            Just('8'),
            Just('9'),
            Just(' '),
            Just(','),
            Just('('),
            Just(')'),
            Just('é'),
            Just('€'),
        ],
        0..24,
    )
    .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn reading_never_panics(s in any::<String>()) {
        let _ = s.parse::<Lightvector>();
        let _ = s.parse::<Token>();
    }

    #[test]
    fn resolving_never_panics(s in notation_string(), seed in 0u64..8) {
        let pos = random_position(seed, 6);
        if let Ok(lv) = s.parse::<Lightvector>() {
            // Display then FromStr gives the same tokens.
            prop_assert_eq!(lv.to_string().parse::<Lightvector>().unwrap(), lv.clone());
            if let Ok(r) = lv.resolve(&pos) {
                prop_assert!(pos.after(&r.mv).is_ok());
            }
        }
    }
}

#[test]
fn overlong_input_is_refused_quickly() {
    let pos = random_position(1, 4);
    let long = "Ee4 ".repeat(25_000);
    let t = std::time::Instant::now();
    assert!(lightvector::parse_move(&pos, &long).is_err());
    assert!("Ennnnnnnnnnnnnnnnnnnnnnnnnnn".parse::<Token>().is_err());
    let many = "Ee4 ".repeat(17);
    assert!(many.parse::<Lightvector>().is_err());
    assert!(t.elapsed().as_millis() < 50);
}
