//! The real archives replayed end to end: every turn legal, written back identically,
//! every rule-decided ending right; the server's rejected moves refused for the
//! server's reason. Data: `tests/data/allgames202602.tsv`,
//! `tests/data/allgames201111-sample.tsv`, `tests/data/server-rejected-moves.tsv`
//! (see `tests/data/README.md`).

use std::collections::BTreeMap;

use arimaa::notation::official::SideLetters;
use arimaa::notation::official::{parse_move, parse_move_in_game, IllegalOfficial, OfficialError};
use arimaa::notation::record::{
    game_record, movelist_field, Archive, ArchiveGame, Column, RecordStop, Replay, Termination,
};
use arimaa::{Color, Position};

const FEB_2026: &str = include_str!("data/allgames202602.tsv");
const NOV_2011: &str = include_str!("data/allgames201111-sample.tsv");
const REJECTED: &str = include_str!("data/server-rejected-moves.tsv");

fn archive(text: &str) -> Archive {
    text.parse().expect("archive reads")
}

/// Replays every game and checks it; returns the number of movement turns.
fn replay_all(a: &Archive) -> usize {
    let mut turns = 0;
    for g in &a.games {
        let r = g.replay();
        if let Some(f) = r.failure() {
            panic!("game {}: {f}", g.id());
        }
        let list = g.movelist();
        assert_eq!(r.turns_read(), list.len(), "game {}", g.id());
        // The game written by the crate, from its history, is the record's move list
        // character for character (setups in their order, captures where they fell,
        // w/b labels, the final bare tag).
        let written = game_record(r.game(), SideLetters::WhiteBlack, false).unwrap();
        assert_eq!(
            movelist_field(&written),
            g.column(Column::MoveList),
            "game {}",
            g.id()
        );
        g.check_end(&r)
            .unwrap_or_else(|e| panic!("game {}: {e}", g.id()));
        // The record ends with its bare tag, naming the side to move.
        let Some(RecordStop::Tag(tag)) = r.stop() else {
            panic!("game {}: no final tag", g.id());
        };
        assert_eq!(tag.side, r.game().position().side_to_move());
        // The rules end the game exactly when the record says they did.
        match g.termination().reason() {
            Some(_) => assert!(r.outcome().is_some()),
            None => assert_eq!(r.outcome(), None, "game {}", g.id()),
        }
        // One position before every movement turn, plus the last.
        let moves = list.len() - 3;
        assert_eq!(r.positions().len(), moves + 1, "game {}", g.id());
        assert_eq!(r.game().history().len(), moves + 2);
        turns += moves;
        // `Replay::moves` pairs each movement turn with the positions around it: the
        // record's entries 2.. (after the two setups, before the tag) in order, each
        // with its label, each legal in `before` and leading to `after`.
        assert_eq!(r.moves().len(), moves, "game {}", g.id());
        let mut count = 0;
        for (m, entry) in r.moves().zip(&list[2..]) {
            let label = entry.split(' ').next().unwrap();
            assert_eq!(m.label.to_string(), label, "game {}", g.id());
            assert_eq!(m.before.side_to_move(), m.label.side);
            let played = m.before.after(&m.mv).expect("legal in `before`");
            assert_eq!(&played, m.after, "game {} {label}", g.id());
            count += 1;
        }
        assert_eq!(count, moves);
        // plycount is the number of the last move played (a resignation counts).
        let tag_number = tag.number;
        let expected = match (tag.side, g.termination()) {
            (Color::Gold, Termination::Resignation) => tag_number,
            (Color::Gold, _) => tag_number - 1,
            (Color::Silver, _) => tag_number,
        };
        assert_eq!(g.plycount(), expected, "game {}", g.id());
    }
    turns
}

fn termination_counts(a: &Archive) -> BTreeMap<char, usize> {
    let mut m = BTreeMap::new();
    for g in &a.games {
        *m.entry(g.termination().char()).or_insert(0) += 1;
    }
    m
}

#[test]
fn february_2026_archive_replays() {
    let a = archive(FEB_2026);
    assert_eq!(a.games.len(), 147);
    assert_eq!(a.to_string(), FEB_2026, "written back identically");
    let counts = termination_counts(&a);
    let expected: BTreeMap<char, usize> = [
        ('g', 88),
        ('t', 30),
        ('r', 16),
        ('m', 7),
        ('e', 5),
        ('i', 1),
    ]
    .into();
    assert_eq!(counts, expected);
    let turns = replay_all(&a);
    assert_eq!(turns, 10_004);
}

#[test]
fn november_2011_sample_replays() {
    let a = archive(NOV_2011);
    assert_eq!(a.games.len(), 12);
    assert_eq!(a.to_string(), NOV_2011, "written back identically");
    let counts = termination_counts(&a);
    let expected: BTreeMap<char, usize> = [('e', 4), ('g', 4), ('t', 3), ('r', 1)].into();
    assert_eq!(counts, expected);
    let turns = replay_all(&a);
    assert_eq!(turns, 887); // with February 2026: 10,891 turns, as the issue says
}

#[test]
fn typed_columns() {
    let a = archive(FEB_2026);
    let g = &a.games[0];
    assert_eq!(g.id(), 669122);
    let gold = g.player(Color::Gold);
    assert_eq!(gold.username, "bot_dolores_v1");
    assert_eq!(gold.rating, Some(2616));
    assert_eq!(gold.rating_k, Some(31));
    assert_eq!(gold.kind, arimaa::notation::record::PlayerKind::Bot);
    let silver = g.player(Color::Silver);
    assert_eq!(silver.username, "browni3141");
    assert_eq!(silver.kind, arimaa::notation::record::PlayerKind::Human);
    assert_eq!(g.winner(), Color::Gold);
    assert_eq!(g.termination(), Termination::Resignation);
    assert_eq!(g.plycount(), 37);
    assert_eq!(g.movelist().first().copied().map(|s| &s[..3]), Some("1w "));
    assert_eq!(g.movelist().last().copied(), Some("37b"));
    let events = g.events();
    assert_eq!(events[0].time, Some(1769941026));
    assert_eq!(events[0].date, "Sun Feb  1 10:17:06 2026");
    assert_eq!(events[0].text, "b player joining");
}

/// The one game ended by an illegal move: Silver's 31st move repeated a position for
/// the third time; the server's event log holds the move it refused.
#[test]
fn third_repetition_game_refuses_the_rejected_move() {
    let a = archive(FEB_2026);
    let illegal: Vec<&ArchiveGame> = a
        .games
        .iter()
        .filter(|g| g.termination() == Termination::IllegalMove)
        .collect();
    assert_eq!(illegal.len(), 1);
    let g = illegal[0];
    assert_eq!(g.id(), 669192);
    let r = g.replay();
    assert!(r.failure().is_none());
    assert_eq!(r.outcome(), None);
    let rejected = g.rejected_moves();
    assert_eq!(rejected.len(), 1);
    let rej = &rejected[0];
    assert_eq!(rej.label.map(|l| l.to_string()), Some("31b".into()));
    assert_eq!(rej.reason, "position repeats for the 3rd time");
    // Legal as steps in the bare position...
    assert!(parse_move(r.game().position(), &rej.text).is_ok());
    // ...but refused in the game, for that reason.
    assert_eq!(
        parse_move_in_game(r.game(), &rej.text),
        Err(OfficialError::Illegal(IllegalOfficial::ThirdRepetition))
    );
    // The winner the archive gives is the other side.
    assert_eq!(g.winner(), Color::Gold);
}

/// The server's reason for a refused move, as a rule of the crate.
fn server_reason(e: &IllegalOfficial) -> &'static str {
    match e {
        IllegalOfficial::PushNotCompleted { .. } => "push not completed",
        IllegalOfficial::ThirdRepetition => "position repeats for the 3rd time",
        IllegalOfficial::NoPiece { .. } => "bad step",
        _ => "other",
    }
}

#[test]
fn server_rejected_moves_are_refused_for_the_servers_reason() {
    let feb = archive(FEB_2026);
    let nov = archive(NOV_2011);
    let mut checked = 0;
    for line in REJECTED.lines() {
        if line.starts_with('#') || line.starts_with("source\t") || line.is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 7, "{line}");
        let (id, turn, text, reason, board) = (f[1], f[2], f[3], f[4], f[6]);
        let side = &turn[turn.len() - 1..];
        let pos: Position = format!("{side} {board}").parse().expect("position reads");
        // The server's reason, without the echo of the move after "bad step".
        let reason = if reason.starts_with("bad step") {
            "bad step"
        } else {
            reason
        };

        // In the game: replay up to the turn, check the position, refuse the move.
        let id: u64 = id.parse().unwrap();
        let g = feb
            .games
            .iter()
            .chain(&nov.games)
            .find(|g| g.id() == id)
            .expect("game in the archives");
        let list = g.movelist();
        let upto = list
            .iter()
            .position(|t| t.split(' ').next() == Some(turn))
            .expect("turn in the movelist");
        let r = Replay::run(arimaa::Game::new(), list[..upto].iter().copied());
        assert!(r.failure().is_none());
        assert_eq!(r.game().position(), &pos, "game {id} before {turn}");
        let in_game = match parse_move_in_game(r.game(), text) {
            Err(OfficialError::Illegal(e)) => e,
            other => panic!("game {id} {turn} {text}: accepted or misread: {other:?}"),
        };
        assert_eq!(
            server_reason(&in_game),
            reason,
            "{id} {turn} {text}: {in_game}"
        );

        // Without history: the same rule, except the repetition, which needs it.
        match parse_move(&pos, text) {
            Err(OfficialError::Illegal(e)) => {
                assert_eq!(server_reason(&e), reason, "{id} {turn} {text}: {e}")
            }
            Ok(_) => assert_eq!(reason, "position repeats for the 3rd time"),
            other => panic!("{id} {turn} {text}: {other:?}"),
        }
        checked += 1;
    }
    assert_eq!(checked, 18);
}

const SETUPS: &str = "\
1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2
1s ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7
";

fn replay_text(text: &str) -> Replay {
    let list: arimaa::notation::record::MoveList = text.parse().expect("move list reads");
    assert_eq!(list.to_string(), text);
    Replay::standard(list.turns())
}

/// `Replay::moves` labels turns of a record that writes no labels as `game_turns`
/// would, follows the first label written, and forgets taken-back turns.
#[test]
fn replay_moves_labels_and_takebacks() {
    let labels = |r: &Replay| r.moves().map(|m| m.label.to_string()).collect::<Vec<_>>();
    let unlabelled: Vec<&str> = SETUPS
        .lines()
        .map(|l| l.split_once(' ').unwrap().1)
        .chain(["Ee2n Ee3n", "ed7s", "Ee4n"])
        .collect();
    let r = Replay::run(arimaa::Game::new(), unlabelled);
    assert_eq!(r.failure(), None);
    assert_eq!(labels(&r), ["2g", "2s", "3g"]);

    // A game from a position, Silver to move: no setups, the first turn is 2s.
    let pos: Position = "s [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"
        .parse()
        .unwrap();
    let game = arimaa::Game::from_position(pos.clone(), arimaa::Variant::STANDARD);
    let r = Replay::run(game.clone(), ["ed7s", "Ee2n"]);
    assert_eq!(r.failure(), None);
    assert_eq!(labels(&r), ["2s", "3g"]);
    let first = r.moves().next().unwrap();
    assert_eq!(first.before, &pos);
    assert_eq!(first.after, &r.positions()[1]);
    // White/black letters and a base taken from the record's first label.
    let r = Replay::run(game, ["10b ed7s", "11w Ee2n", "11b ed6s"]);
    assert_eq!(r.failure(), None);
    assert_eq!(labels(&r), ["10b", "11w", "11b"]);

    // A turn taken back is not among the moves; the one played instead is.
    let r = replay_text(&format!(
        "{SETUPS}2g Ee2n Ee3n\n2s takeback\n2g Ee2n\n2s ed7s\n"
    ));
    assert_eq!(r.failure(), None);
    let moves: Vec<_> = r.moves().collect();
    assert_eq!(labels(&r), ["2g", "2s"]);
    assert_eq!(moves[0].mv.len(), 1);
    assert_eq!(moves[1].before, moves[0].after);
    assert_eq!(moves[1].after, r.game().position());
}

#[test]
fn historic_tokens() {
    use arimaa::notation::record::ReplayError;

    // takeback undoes the previous turn; the turn is then played again.
    let r = replay_text(&format!(
        "{SETUPS}2g Ee2n Ee3n\n2s takeback\n2g Ee2n\n2s ed7s\n"
    ));
    assert_eq!(r.failure(), None);
    assert_eq!(r.game().history().len(), 4);
    assert_eq!(r.positions().len(), 3);

    // pass ends a turn that has steps; it is not written back, and alone it is no turn.
    let r = replay_text(&format!("{SETUPS}2g Ee2n pass\n2s ed7s\n"));
    assert_eq!(r.failure(), None);
    let r = replay_text(&format!("{SETUPS}2g pass\n"));
    let f = r.failure().expect("pass alone is refused");
    assert_eq!(f.error, ReplayError::Illegal(IllegalOfficial::Pass));
    assert_eq!(
        f.to_string(),
        "turn 2g (pass): pass is not a move: it may only end a turn that has steps"
    );

    // resign ends the record; nothing may follow it.
    let r = replay_text(&format!("{SETUPS}2g Ee2n\n2s resigns\n"));
    assert_eq!(r.failure(), None);
    assert_eq!(r.stop(), Some(RecordStop::Resigned(Color::Silver)));
    let r = replay_text(&format!("{SETUPS}2g Ee2n\n2s resign\n3g Ee3n\n"));
    assert_eq!(r.failure().map(|f| &f.error), Some(&ReplayError::AfterEnd));

    // takeback with nothing to take back.
    let r = replay_text("1g takeback\n");
    assert!(matches!(
        r.failure().map(|f| &f.error),
        Some(ReplayError::Game(arimaa::GameError::NothingToUndo))
    ));

    // Labels must follow the game.
    let r = replay_text(&format!("{SETUPS}3g Ee2n\n"));
    assert_eq!(
        r.failure().map(|f| f.error.to_string()),
        Some("label 3g, but the game is at 2g".into())
    );
    let r = replay_text(&format!("{SETUPS}2s ed7s\n"));
    assert!(matches!(
        r.failure().map(|f| &f.error),
        Some(ReplayError::Label { .. })
    ));

    // A turn after the rules ended the game fails.
    let a = archive(FEB_2026);
    let g = a
        .games
        .iter()
        .find(|g| g.termination() == Termination::Goal)
        .unwrap();
    let mut list = g.movelist();
    let tag = list.pop().unwrap().to_string();
    let extra = format!("{tag} Ee2n");
    list.push(&extra);
    let r = Replay::run(arimaa::Game::new(), list.iter().copied());
    let f = r.failure().expect("the turn after the goal fails");
    assert!(matches!(f.error, ReplayError::GameOver(_)), "{f}");
    assert!(f.to_string().contains("already over"), "{f}");
}

#[test]
fn move_list_comments_and_blank_lines_are_kept() {
    let text = format!("# a game\n\n{SETUPS}2g Ee2n Ee3n # the elephant\n  # indented\n2s ed7s\n");
    let list: arimaa::notation::record::MoveList = text.parse().unwrap();
    assert_eq!(list.turns().len(), 4);
    // The indented comment loses its indentation; the rest is written back as read.
    assert_eq!(list.to_string(), text.replace("  # indented", "# indented"));
}
