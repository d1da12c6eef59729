//! Property tests for the legacy notation over random positions and moves: written then
//! read gives the same move (and board); setups written then read give the same
//! placement; no string makes a reader panic.

mod support;

use arimaa::notation::legacy::{self, LegacyMove, LegacySetup};
use arimaa::{Board, Color, Position, Setup};
use proptest::prelude::*;
use support::lightvector::{random_position, random_setup, splitmix};

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn written_move_reads_back(seed in any::<u64>(), plies in 0usize..24, pick in any::<usize>()) {
        let pos = random_position(seed, plies);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Ok(());
        }
        let mv = moves[pick % moves.len()];
        let text = legacy::write_move(&pos, &mv).unwrap();
        let back = legacy::parse_move(&pos, &text)
            .map_err(|e| TestCaseError::fail(format!("{pos} {mv:?}: {text}: {e}")))?;
        prop_assert_eq!(back, mv);
        let a = *pos.after(&back).unwrap().board();
        let b = *pos.after(&mv).unwrap().board();
        prop_assert_eq!(a, b);
        // The syntax value survives Display then FromStr.
        let lm: LegacyMove = text.parse().unwrap();
        prop_assert_eq!(lm.to_string(), text.clone());
        // Capture notes are optional when reading.
        let bare: String = {
            let mut out = String::new();
            let mut skip = false;
            for c in text.chars() {
                match c {
                    '(' => skip = true,
                    ')' => skip = false,
                    c if !skip => out.push(c),
                    _ => {}
                }
            }
            out
        };
        prop_assert_eq!(legacy::parse_move(&pos, &bare).unwrap(), mv);
    }

    #[test]
    fn written_setup_reads_back(seed in any::<u64>()) {
        let mut rng = splitmix(seed);
        let board = random_setup(&mut rng);
        for color in Color::ALL {
            let setup = Setup::from_board(&board, color);
            let text = legacy::write_setup(&setup);
            let back = legacy::parse_setup(color, &text).unwrap();
            prop_assert_eq!(&back, &setup);
            let mut b = Board::empty();
            back.apply_to(&mut b);
            let mut want = Board::empty();
            for (sq, p) in board.iter().filter(|(_, p)| p.color == color) {
                want.set(sq, Some(p));
            }
            prop_assert_eq!(b, want);
            let s: LegacySetup = text.parse().unwrap();
            prop_assert_eq!(s.to_string(), text);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn reading_never_panics(s in any::<String>()) {
        let _ = s.parse::<LegacyMove>();
        let _ = s.parse::<LegacySetup>();
        let _ = legacy::is_legacy(&s);
        let _ = legacy::parse_setup(Color::Silver, &s);
    }

    #[test]
    fn reading_notation_like_strings_never_panics(
        s in "[EMHDCRemhdcrx(), a-h1-9]{0,30}",
        seed in 0u64..6,
    ) {
        let pos: Position = random_position(seed, 5);
        if let Ok(mv) = legacy::parse_move(&pos, &s) {
            prop_assert!(pos.after(&mv).is_ok());
        }
        let _ = s.parse::<LegacySetup>();
    }
}
