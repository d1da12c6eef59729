//! Round trip on generated games: random legal games written as records (plain move
//! lists and archive rows), read back and replayed, give the same game.

use arimaa::notation::official::SideLetters;
use arimaa::notation::record::{
    game_record, movelist_field, Archive, ArchiveGame, MoveList, RecordStop, Replay,
    ARCHIVE_COLUMNS,
};
use arimaa::{Color, Game, Setup, SetupVariant, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Plays random legal turns until the game ends or `max` turns are played.
fn random_game(mut game: Game, rng: &mut StdRng, max: usize) -> Game {
    for _ in 0..max {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        game.play(&mv).expect("generated move is legal");
    }
    game
}

fn standard_game(seed: u64, max: usize) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new();
    game.play_setup(&Setup::random_standard(Color::Gold, &mut rng))
        .unwrap();
    game.play_setup(&Setup::random_standard(Color::Silver, &mut rng))
        .unwrap();
    random_game(game, &mut rng, max)
}

fn same_game(a: &Game, b: &Game) {
    assert_eq!(a.history(), b.history());
    assert_eq!(a.position(), b.position());
    assert_eq!(a.outcome(), b.outcome());
    assert_eq!(a.phase(), b.phase());
}

#[test]
fn plain_move_lists_round_trip() {
    for seed in 0..10 {
        let game = standard_game(seed, 120);
        for letters in [SideLetters::GoldSilver, SideLetters::WhiteBlack] {
            let turns = game_record(&game, letters, false).unwrap();
            let text = MoveList::from_turns(turns).to_string();
            let list: MoveList = text.parse().unwrap();
            assert_eq!(list.to_string(), text);
            let r = Replay::standard(list.turns());
            assert_eq!(r.failure(), None, "seed {seed}\n{text}");
            same_game(r.game(), &game);
            assert!(matches!(r.stop(), Some(RecordStop::Tag(_))));
        }
    }
}

#[test]
fn archive_rows_round_trip() {
    let mut archive = Archive::default();
    let mut games = Vec::new();
    for seed in 100..108 {
        let game = standard_game(seed, 150);
        let turns = game_record(&game, SideLetters::WhiteBlack, game.outcome().is_none()).unwrap();
        let mut columns = vec![String::new(); ARCHIVE_COLUMNS.len()];
        columns[0] = seed.to_string();
        columns[21] = "w".into();
        columns[22] = match game.outcome() {
            Some(o) => o.reason.char().to_string(),
            None => "r".into(),
        };
        if let Some(o) = game.outcome() {
            columns[21] = if o.winner == Color::Gold { "w" } else { "b" }.into();
        }
        columns[23] = (game.history().len() / 2).to_string();
        columns[27] = movelist_field(&turns);
        archive
            .games
            .push(ArchiveGame::from_columns(columns).unwrap());
        games.push(game);
    }
    let text = archive.to_string();
    let back: Archive = text.parse().unwrap();
    assert_eq!(back, archive);
    for (g, game) in back.games.iter().zip(&games) {
        let r = g.replay();
        assert_eq!(r.failure(), None, "game {}", g.id());
        g.check_end(&r).unwrap();
        same_game(r.game(), game);
    }
}

#[test]
fn endless_endgame_round_trip() {
    for seed in 0..12 {
        let mut rng = StdRng::seed_from_u64(seed);
        let variant = Variant {
            setup: SetupVariant::EndlessEndgame,
            dicey: false,
        };
        let start = Game::start(variant, &mut rng);
        let game = random_game(start.clone(), &mut rng, 60);
        let turns = game_record(&game, SideLetters::GoldSilver, false).unwrap();
        // Without setup turns, Gold's first movement turn is 2g as in standard games.
        assert_eq!(turns[0].label.map(|l| l.to_string()), Some("2g".into()));
        let text = MoveList::from_turns(turns).to_string();
        let list: MoveList = text.parse().unwrap();
        let mut r = Replay::new(start);
        for t in list.turns() {
            assert!(r.push(t), "seed {seed}: {:?}", r.failure());
        }
        same_game(r.game(), &game);
    }
}
