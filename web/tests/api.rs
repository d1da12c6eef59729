//! The wrapper's JSON API, natively (`cargo test` in `web/`): what the page relies on, checked
//! against the crate itself. The engine (which reads the page's clock) and the errors thrown
//! as JavaScript exceptions are left to the browser test, `tests/web/run.sh`.

use arimaa::notation::{legacy, lightvector, official};
use arimaa::{Game, Position};
use arimaa_web::WebGame;
use serde_json::Value;

fn json(text: &str) -> Value {
    serde_json::from_str(text).expect("the wrapper writes JSON")
}

fn state(g: &WebGame) -> Value {
    json(&g.state())
}

/// The board text of the wrapper: 64 characters a8..h1, `.` for empty.
fn board_of(pos: &Position) -> String {
    let short = pos.to_aei();
    let inner = &short[short.find('[').expect("[") + 1..short.rfind(']').expect("]")];
    inner
        .chars()
        .map(|c| if c == ' ' { '.' } else { c })
        .collect()
}

/// The position of the browser test's scripted game (`tests/web/game.mjs`): Gold E d4,
/// H f4, C e3, R a1, R h1 around Silver's lone rabbit e4, elephant e8 and horse b8.
fn game_at_start() -> WebGame {
    match WebGame::from_position(&start_text()) {
        Ok(g) => g,
        Err(_) => panic!("the start position is read"),
    }
}

fn start_text() -> String {
    let mut squares = [' '; 64];
    for p in ["Ed4", "Hf4", "Ce3", "Ra1", "Rh1", "re4", "ee8", "hb8"] {
        let sq: arimaa::Square = p[1..].parse().expect("square");
        let (file, rank) = (sq.file().index() as usize, sq.rank().index() as usize);
        squares[(7 - rank) * 8 + file] = p.chars().next().expect("letter");
    }
    format!("g [{}]", squares.iter().collect::<String>())
}

#[test]
fn standard_game_has_both_99of9_setups_and_gold_to_move() {
    let g = WebGame::standard();
    let s = state(&g);
    assert_eq!(s["phase"], "play");
    assert_eq!(s["side"], "gold");
    let mut game = Game::new();
    for side in [arimaa::Color::Gold, arimaa::Color::Silver] {
        game.play_setup(&arimaa::Setup::ninety_nine_of_nine(side))
            .expect("99of9");
    }
    assert_eq!(s["board"], board_of(game.position()));
    assert_eq!(s["moves"].as_array().map(Vec::len), Some(2));
    assert_eq!(s["moves"][0]["label"], "1g");
}

#[test]
fn typed_moves_in_each_notation_are_written_in_all_three() {
    let pos: Position = start_text().parse().expect("position");
    let mv = official::parse_move(&pos, "re4n Ed4e").expect("legal");
    for (text, notation) in [
        ("re4n Ed4e", "official"),
        ("re4e5 Ed4e4", "lightvector"),
        (
            legacy::write_move(&pos, &mv).expect("legacy").as_str(),
            "legacy",
        ),
        ("re4e5 Ed4e4", "auto"),
    ] {
        let mut g = game_at_start();
        let a = json(&g.play_text(text, notation));
        assert_eq!(a["ok"], true, "{text} ({notation}): {a}");
        assert_eq!(
            a["move"]["official"],
            official::write_move(&pos, &mv).expect("official")
        );
        assert_eq!(
            a["move"]["lightvector"],
            lightvector::write_move(&pos, &mv).expect("lightvector")
        );
        assert_eq!(
            a["move"]["legacy"],
            legacy::write_move(&pos, &mv).expect("legacy")
        );
        let s = state(&g);
        assert_eq!(s["board"], board_of(&pos.after(&mv).expect("legal")));
        assert_eq!(s["moves"][0]["label"], "2g");
        assert_eq!(s["side"], "silver");
    }
}

#[test]
fn clicks_resolve_like_the_typed_lightvector_and_undo_restores() {
    let mut g = game_at_start();
    for sq in ["e4", "e5"] {
        assert_eq!(json(&g.click(sq))["ok"], true);
    }
    let s = state(&g);
    assert_eq!(s["input"]["preview"]["kind"], "ambiguous");
    assert_eq!(s["input"]["preview"]["count"], 3);
    assert_eq!(
        json(&g.submit())["ok"],
        false,
        "an ambiguous input is not a move"
    );
    for sq in ["d4", "e4"] {
        assert_eq!(json(&g.click(sq))["ok"], true);
    }
    let s = state(&g);
    assert_eq!(s["input"]["text"], "re4e5 Ed4e4");
    assert_eq!(s["input"]["can_submit"], true);
    let preview = s["input"]["preview"]["board"].clone();
    assert_eq!(json(&g.submit())["ok"], true);
    let after = state(&g);
    assert_eq!(after["board"], preview, "the preview is the board played");
    let mut typed = game_at_start();
    assert_eq!(
        json(&typed.play_text("re4e5 Ed4e4", "lightvector"))["ok"],
        true
    );
    assert_eq!(state(&typed)["board"], after["board"]);

    assert_eq!(json(&g.undo())["ok"], true);
    let back = state(&g);
    assert_eq!(
        back["board"],
        board_of(&start_text().parse().expect("position"))
    );
    assert_eq!(back["moves"].as_array().map(Vec::len), Some(0));
    assert_eq!(json(&g.undo())["ok"], false, "nothing left to undo");
}

#[test]
fn a_game_to_its_end_gives_the_result_and_the_record() {
    let mut g = game_at_start();
    for m in [
        "re4n Ed4e",
        "ee8s ee7s",
        "Ee4w re5s",
        "ee6n",
        "Hf4n re4e rf4s rf3x Hf5s",
    ] {
        let a = json(&g.play_text(m, "official"));
        assert_eq!(a["ok"], true, "{m}: {a}");
    }
    let s = state(&g);
    assert_eq!(s["outcome"]["text"], "Gold wins by elimination");
    assert_eq!(s["outcome"]["reason"], "elimination");
    assert!(s["input"].is_null(), "no click input once the game is over");
    assert_eq!(
        g.record(),
        "2g re4n Ed4e\n2s ee8s ee7s\n3g Ee4w re5s\n3s ee6n\n4g Hf4n re4e rf4s rf3x Hf5s\n\
         # result: Gold wins by elimination\n"
    );
    assert_eq!(json(&g.play_text("ee7s", "official"))["ok"], false);
    assert_eq!(json(&g.click("e7"))["ok"], false);
}

#[test]
fn setups_typed_and_refused() {
    let mut g = WebGame::new();
    assert_eq!(state(&g)["phase"], "setup gold");
    let a = json(&g.play_setup("Ra1 Rb1"));
    assert_eq!(a["ok"], false, "an incomplete standard setup: {a}");
    let a = json(&g.play_setup("Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2"));
    assert_eq!(a["ok"], true, "{a}");
    assert_eq!(json(&g.setup_99of9())["ok"], true);
    let s = state(&g);
    assert_eq!(s["phase"], "play");
    assert_eq!(s["moves"][1]["label"], "1s");
    assert_eq!(json(&g.setup_99of9())["ok"], false, "no setup is due");
}

#[test]
fn endless_endgame_is_seeded() {
    let a = state(&WebGame::endless_endgame(7));
    let b = state(&WebGame::endless_endgame(7));
    assert_eq!(a["board"], b["board"]);
    assert_eq!(a["kind"], "Endless Endgame");
    assert_eq!(a["phase"], "play");
}

#[test]
fn bad_input_is_refused_with_a_message() {
    let mut g = WebGame::standard();
    let long = "x".repeat(5000);
    for (text, notation) in [
        ("", "auto"),
        ("Ee2n Ee3n Ee4n Ee5n Ee6n", "official"),
        ("Ra2a1", "lightvector"),
        ("zz9", "legacy"),
        ("Ee2n", "klingon"),
        (long.as_str(), "auto"),
        ("\u{0}\u{ffff}é", "auto"),
    ] {
        let a = json(&g.play_text(text, notation));
        assert_eq!(a["ok"], false, "{text:?} {notation}");
        assert!(a["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
    for sq in ["", "i9", "e", "a0", "E4 ", "🐘"] {
        let a = json(&g.click(sq));
        if sq.trim().parse::<arimaa::Square>().is_err() {
            assert_eq!(a["ok"], false, "{sq:?}");
        }
    }
    assert_eq!(state(&g)["moves"].as_array().map(Vec::len), Some(2));
}

/// The position `g [...]` with the pieces `pieces` (`"Re2"`, `"ra8"`, ...).
fn short_form(pieces: &[&str]) -> String {
    let mut squares = [' '; 64];
    for p in pieces {
        let sq: arimaa::Square = p[1..].parse().expect("square");
        let (file, rank) = (sq.file().index() as usize, sq.rank().index() as usize);
        squares[(7 - rank) * 8 + file] = p.chars().next().expect("letter");
    }
    format!("g [{}]", squares.iter().collect::<String>())
}

/// Clicks and typed Lightvector are read as on Abstract Play's game pages (the lenient
/// reading, section 4.8 of `tests/data/abstractplay-vectors.txt`): the arrow `Re2e4`
/// moves the dog on e3 aside to d3 rather than onto the trap f3, which the strict
/// reading (`lightvector::parse_move`) leaves ambiguous.
#[test]
fn clicks_and_typed_lightvector_use_the_sites_lenient_reading() {
    let text = short_form(&["Re2", "De3", "Ra1", "ra8", "ee8"]);
    let pos: Position = text.parse().expect("position");
    assert!(
        lightvector::parse_move(&pos, "Re2e4").is_err(),
        "strictly ambiguous"
    );
    let mut g = WebGame::from_position(&text).unwrap_or_else(|_| panic!("position"));
    for sq in ["e2", "e4"] {
        assert_eq!(json(&g.click(sq))["ok"], true);
    }
    let s = state(&g);
    assert_eq!(s["input"]["text"], "Re2e4");
    assert_eq!(s["input"]["can_submit"], true);
    let preview = s["input"]["preview"]["board"].clone();
    let want = short_form(&["Re4", "Dd3", "Ra1", "ra8", "ee8"]);
    assert_eq!(preview, board_of(&want.parse().expect("position")));
    assert_eq!(json(&g.submit())["ok"], true);
    let mut typed = WebGame::from_position(&text).unwrap_or_else(|_| panic!("position"));
    assert_eq!(json(&typed.play_text("Re2e4", "lightvector"))["ok"], true);
    assert_eq!(state(&typed)["board"], state(&g)["board"]);
    let mut auto = WebGame::from_position(&text).unwrap_or_else(|_| panic!("position"));
    assert_eq!(json(&auto.play_text("Re2e4", "auto"))["ok"], true);
    assert_eq!(state(&auto)["board"], state(&g)["board"]);
}

/// Step mode (`set_click_mode("steps")`): the survival move of `arimaa::clicks`'s module
/// documentation, which arrows cannot enter, clicked step by step; the JSON shows the
/// steps, the step board and the step selection; the move played is the crate's; the
/// mode is kept for the next turn; a square not beside the piece and an unknown mode answer
/// with an error.
#[test]
fn step_mode_enters_a_survival_move() {
    let text = "g [rrrdcrrrmrcdrheh                                HMRDERCHRCRRDRRR]";
    let pos: Position = text.parse().expect("position");
    let mut g = WebGame::from_position(text).unwrap_or_else(|_| panic!("position"));
    assert_eq!(state(&g)["mode"], "arrows");
    let a = json(&g.set_click_mode("diagonal"));
    assert_eq!(a["ok"], false);
    assert_eq!(json(&g.set_click_mode("steps"))["mode"], "steps");
    let s = state(&g);
    assert_eq!(
        (&s["mode"], &s["input"]["mode"]),
        (&"steps".into(), &"steps".into())
    );
    assert_eq!(json(&g.click("e2"))["ok"], true);
    assert_eq!(state(&g)["input"]["selection"]["kind"], "step");
    assert_eq!(json(&g.click("e3"))["ok"], true);
    let s = state(&g);
    assert_eq!(s["input"]["steps"][0]["token"], "Ee2n");
    assert_eq!(s["input"]["steps"][0]["to"], "e3");
    let mut after_one = pos.clone();
    after_one
        .play_step(arimaa::Step::new(
            arimaa::Square::E2,
            arimaa::Direction::North,
        ))
        .expect("legal");
    assert_eq!(s["input"]["step_board"], board_of(&after_one));
    // A square not beside the piece: refused with the reason, nothing drawn.
    assert_eq!(json(&g.click("f2"))["ok"], true);
    let a = json(&g.click("f5"));
    assert_eq!(a["ok"], false);
    assert_eq!(
        a["error"],
        "f5 is not beside f2: in step mode a piece moves one square at a time"
    );
    assert_eq!(state(&g)["input"]["text"], "Ee2n");
    for sq in ["f3", "f1", "f2", "e3", "e2"] {
        assert_eq!(json(&g.click(sq))["ok"], true, "{sq}");
    }
    let s = state(&g);
    assert_eq!(s["input"]["text"], "Ee2n Rf2n Rf1n Ee3s");
    assert_eq!(s["input"]["can_submit"], true);
    assert_eq!(json(&g.submit())["ok"], true);
    let want = official::parse_move(&pos, "Ee2n Rf2n Rf1n Ee3s").expect("legal");
    let s = state(&g);
    assert_eq!(s["board"], board_of(&pos.after(&want).expect("legal")));
    assert_eq!(s["moves"][0]["official"], "Ee2n Rf2n Rf1n Ee3s");
    // The next turn is entered in step mode too; back to arrows on request.
    assert_eq!(s["input"]["mode"], "steps");
    assert_eq!(json(&g.set_click_mode("arrows"))["mode"], "arrows");
    assert_eq!(state(&g)["input"]["mode"], "arrows");
}

#[test]
fn the_layout_names_every_square_of_the_board_text_and_the_traps() {
    let g = game_at_start();
    let s = state(&g);
    let layout = &s["layout"];
    let squares: Vec<&str> = layout["squares"]
        .as_array()
        .expect("squares")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(squares.len(), 64);
    // The board text's i-th character is the piece on the i-th square named.
    let board = s["board"].as_str().expect("board");
    let pos: Position = start_text().parse().expect("start");
    for (name, c) in squares.iter().zip(board.chars()) {
        let sq: arimaa::Square = name.parse().expect("a square name");
        assert_eq!(
            pos.board().piece_at(sq).map_or('.', |p| p.char()),
            c,
            "{name}"
        );
    }
    // Eight to a row, the top row first: the labels of the columns and rows.
    assert_eq!(squares[0], "a8");
    assert_eq!(squares[63], "h1");
    for (i, name) in squares.iter().enumerate() {
        assert_eq!(layout["files"][i % 8].as_str(), Some(&name[..1]), "{name}");
        assert_eq!(layout["ranks"][i / 8].as_str(), Some(&name[1..]), "{name}");
    }
    let traps: Vec<String> = arimaa::Square::TRAPS
        .iter()
        .map(|t| t.to_string())
        .collect();
    assert_eq!(layout["traps"], serde_json::json!(traps));
    let pieces = layout["pieces"].as_object().expect("pieces");
    assert_eq!(pieces.len(), 12);
    assert_eq!(pieces["E"]["color"], "gold");
    assert_eq!(pieces["E"]["kind"], "elephant");
    assert_eq!(pieces["r"]["color"], "silver");
    assert_eq!(pieces["r"]["kind"], "rabbit");
}

/// Gold's elephant d4 beside Silver's rabbit c4, which a push sends onto the trap c3.
fn push_to_trap() -> WebGame {
    let text = short_form(&["Ed4", "Ra1", "rc4", "rh8", "eh7"]);
    match WebGame::from_position(&text) {
        Ok(g) => g,
        Err(_) => panic!("the position is read"),
    }
}

#[test]
fn the_last_move_marks_the_squares_it_changed_and_the_trays_its_captures() {
    let mut g = push_to_trap();
    let s = state(&g);
    assert_eq!(s["last_move"], Value::Null, "no turn yet");
    assert_eq!(s["captured"]["gold"], "");
    assert_eq!(s["captured"]["silver"], "");
    assert_eq!(json(&g.play_text("rc4s rc3x Ed4w", "official"))["ok"], true);
    let s = state(&g);
    // c3 is empty before and after the turn (the rabbit dies there): not changed.
    assert_eq!(s["last_move"]["changed"], serde_json::json!(["c4", "d4"]));
    assert_eq!(s["last_move"]["captured"], "r");
    assert_eq!(s["last_move"]["side"], "gold");
    assert_eq!(s["moves"][0]["changed"], s["last_move"]["changed"]);
    assert_eq!(s["captured"]["silver"], "r");
    assert_eq!(s["captured"]["gold"], "");
    // The setups of a standard game are turns, but not a last move.
    let s = state(&WebGame::standard());
    assert_eq!(s["last_move"], Value::Null);
    assert_eq!(s["moves"][0]["side"], "gold");
    assert_eq!(s["moves"][1]["side"], "silver");
    assert_eq!(s["moves"][0]["changed"].as_array().map(Vec::len), Some(16));
}

#[test]
fn resignation_ends_the_game_and_undo_takes_it_back() {
    let mut g = push_to_trap();
    assert_eq!(json(&g.resign("purple"))["ok"], false);
    let a = json(&g.resign("silver"));
    assert_eq!(a["text"], "Gold wins by resignation");
    let s = state(&g);
    assert_eq!(s["outcome"]["winner"], "gold");
    assert_eq!(s["outcome"]["reason"], "resignation");
    assert_eq!(s["resigned"], "silver");
    assert_eq!(s["input"], Value::Null);
    assert_eq!(json(&g.play_text("Ed4n", "official"))["ok"], false);
    assert_eq!(json(&g.resign("gold"))["ok"], false, "already over");
    assert_eq!(json(&g.engine_move_as("gold", 1, 10.0))["ok"], false);
    assert_eq!(json(&g.undo())["undone"], 0);
    let s = state(&g);
    assert_eq!(s["outcome"], Value::Null);
    assert_eq!(json(&g.play_text("Ed4n", "official"))["ok"], true);
}

#[test]
fn undo_for_a_side_keeps_the_setups_and_takes_back_the_reply() {
    let mut g = WebGame::standard();
    let before = state(&g)["board"].clone();
    // Only setups so far: nothing of Gold's to take back, the game unchanged.
    let a = json(&g.undo_for("gold"));
    assert_eq!(a["ok"], false);
    assert!(a["error"]
        .as_str()
        .is_some_and(|e| e.contains("Gold has no move")));
    assert_eq!(state(&g)["moves"].as_array().map(Vec::len), Some(2));
    assert_eq!(json(&g.play_text("Ee2n Ee3n", "official"))["ok"], true);
    assert_eq!(json(&g.play_text("ee7s ee6s", "official"))["ok"], true);
    assert_eq!(json(&g.undo_for("gold"))["undone"], 2);
    let s = state(&g);
    assert_eq!(s["board"], before);
    assert_eq!(s["side"], "gold");
    assert_eq!(s["moves"].as_array().map(Vec::len), Some(2));
    assert_eq!(json(&g.undo_for("silver"))["ok"], false);
    assert_eq!(json(&g.undo_for("blue"))["ok"], false);
}

#[test]
fn the_engine_refuses_the_side_not_to_move_and_random_setups_are_seeded() {
    let mut g = WebGame::standard();
    let a = json(&g.engine_move_as("silver", 1, 10.0));
    assert_eq!(a["ok"], false);
    assert_eq!(
        a["error"],
        "Gold is to move, not Silver (the engine plays Silver)"
    );
    assert_eq!(state(&g)["moves"].as_array().map(Vec::len), Some(2));

    let mut a = WebGame::new();
    let mut b = WebGame::new();
    assert_eq!(json(&a.setup_random(7))["ok"], true);
    assert_eq!(json(&b.setup_random(7))["ok"], true);
    assert_eq!(state(&a)["board"], state(&b)["board"]);
    assert_eq!(state(&a)["phase"], "setup silver");
    assert_eq!(json(&a.setup_random(8))["ok"], true);
    assert_eq!(json(&a.setup_random(9))["ok"], false, "no setup due");
}

#[test]
fn a_setup_placed_by_clicks_is_checked_by_the_crate_and_played() {
    let mut g = WebGame::new();
    let s = state(&g);
    assert_eq!(s["setup"]["side"], "gold");
    assert_eq!(s["setup"]["remaining"], "EMHHDDCCRRRRRRRR");
    let refused = |a: Value, what: &str| {
        assert_eq!(a["ok"], false, "{what}");
        a["error"].as_str().unwrap_or_default().to_string()
    };
    assert!(refused(json(&g.setup_click("e4", "E")), "e4").contains("outside the home ranks"));
    assert!(refused(json(&g.setup_click("e2", "e")), "silver's").contains("not Gold's"));
    assert!(refused(json(&g.setup_click("e2", "")), "no letter").contains("choose a piece"));
    assert!(refused(json(&g.setup_play_draft()), "empty").contains("invalid setup"));
    for (sq, letter) in [
        ("e2", "E"),
        ("d2", "M"),
        ("b2", "H"),
        ("g2", "H"),
        ("d1", "D"),
        ("e1", "D"),
        ("c2", "C"),
        ("f2", "C"),
    ] {
        assert_eq!(json(&g.setup_click(sq, letter))["placed"], letter);
    }
    assert!(refused(json(&g.setup_click("a1", "E")), "a second elephant").contains("elephant"));
    assert_eq!(json(&g.setup_click("e2", "E"))["removed"], "E");
    assert_eq!(state(&g)["setup"]["remaining"], "ERRRRRRRR");
    assert_eq!(json(&g.setup_click("e2", "E"))["placed"], "E");
    assert_eq!(json(&g.setup_fill_rabbits())["added"], 8);
    assert_eq!(state(&g)["setup"]["remaining"], "");
    assert_eq!(json(&g.setup_play_draft())["ok"], true);

    // The same board as the 99of9 setup.
    let mut h = WebGame::new();
    assert_eq!(json(&h.setup_99of9())["ok"], true);
    let s = state(&g);
    assert_eq!(s["board"], state(&h)["board"]);
    assert_eq!(s["setup"]["side"], "silver");
    assert_eq!(s["setup"]["placed"], 0);
    g.setup_clear();
    assert_eq!(json(&g.setup_99of9())["ok"], true);
    assert_eq!(state(&g)["setup"], Value::Null);
    assert_eq!(json(&g.setup_click("e2", "E"))["ok"], false, "no setup due");
}

#[test]
fn frozen_pieces_are_listed() {
    // Silver's rabbit c4 beside Gold's elephant d4, alone: frozen.
    let g = push_to_trap();
    let s = state(&g);
    assert_eq!(s["frozen"], serde_json::json!(["c4"]));
}

#[test]
fn well_formed_official_notation_is_not_read_again_as_lightvector() {
    // No elephant stands on f7: the official reading refuses, and "any notation" says so
    // rather than finding a Lightvector move.
    let mut g = push_to_trap();
    let a = json(&g.play_text("Ef7s", "auto"));
    assert_eq!(a["ok"], false);
    let error = a["error"].as_str().unwrap_or_default();
    assert!(error.starts_with("as official notation: "), "{error}");
    assert!(!error.contains("Lightvector"), "{error}");
    assert_eq!(state(&g)["moves"].as_array().map(Vec::len), Some(0));
    // Lightvector still reads in "any notation": the elephant d4 to d6.
    assert_eq!(json(&g.play_text("Ed4d6", "auto"))["ok"], true);
    assert_eq!(state(&g)["moves"][0]["official"], "Ed4n Ed5n");
}

#[test]
fn a_resignation_on_ones_turn_ends_the_record() {
    let mut g = push_to_trap();
    assert_eq!(json(&g.play_text("Ed4n", "official"))["ok"], true);
    assert_eq!(json(&g.resign("silver"))["ok"], true);
    let record = g.record();
    let lines: Vec<&str> = record.trim_end().lines().collect();
    assert_eq!(
        lines[lines.len() - 2..],
        ["2s resign", "# result: Gold wins by resignation"],
        "{record}"
    );
    assert_eq!(json(&g.undo())["ok"], true);
    assert_eq!(g.record().trim_end().lines().last(), Some("2s"));
}

/// A typed move previewed: the board after it (the crate's), its squares and captures,
/// the game unchanged; an illegal or malformed one gives play_text's error.
#[test]
fn a_typed_move_is_previewed_without_being_played() {
    let g = game_at_start();
    let before = g.state();
    let a = json(&g.preview_text("Ed4n Ed5n", "official"));
    assert_eq!(a["ok"], true, "{a}");
    let mut game = Game::from_position(
        start_text().parse::<Position>().expect("position"),
        arimaa::Variant::STANDARD,
    );
    let mv = official::parse_move_in_game(&game, "Ed4n Ed5n").expect("legal");
    game.play(&mv).expect("plays");
    assert_eq!(a["board"], board_of(game.position()));
    assert_eq!(a["changed"], serde_json::json!(["d6", "d4"]));
    assert_eq!(a["official"], "Ed4n Ed5n");
    assert_eq!(g.state(), before, "the preview plays nothing");
    let refused = json(&g.preview_text("Ef7s", "auto"));
    assert_eq!(refused["ok"], false);
    let mut played = game_at_start();
    assert_eq!(
        refused["error"],
        json(&played.play_text("Ef7s", "auto"))["error"]
    );
    assert_eq!(json(&g.preview_text("Zz9", "official"))["ok"], false);
}

/// The record of a game over is read back by the crate's move list reader, its result
/// line kept as a comment and no empty turn after the last one.
#[test]
fn the_record_of_a_game_over_reads_back() {
    let mut g = push_to_trap();
    assert_eq!(json(&g.play_text("Ed4n", "official"))["ok"], true);
    assert_eq!(json(&g.resign("gold"))["ok"], true);
    let record = g.record();
    let list: arimaa::notation::record::MoveList = record.parse().expect("reads back");
    assert_eq!(list.to_string(), record);
    let lines: Vec<&str> = record.trim_end().lines().collect();
    assert_eq!(lines.last(), Some(&"# result: Silver wins by resignation"));
    assert!(lines[lines.len() - 2].starts_with("2g "), "{record}");
}

/// Steps out and back: the input says the board is unchanged.
#[test]
fn steps_out_and_back_are_marked_unchanged() {
    let mut g = WebGame::standard();
    assert_eq!(json(&g.set_click_mode("steps"))["ok"], true);
    for sq in ["e2", "e3"] {
        assert_eq!(json(&g.click(sq))["ok"], true);
    }
    assert_eq!(state(&g)["input"]["unchanged"], false);
    for sq in ["e3", "e2"] {
        assert_eq!(json(&g.click(sq))["ok"], true);
    }
    let s = state(&g);
    assert_eq!(s["input"]["steps"].as_array().map(Vec::len), Some(2), "{s}");
    assert_eq!(s["input"]["unchanged"], true);
}
