//! The `arimaa` crate for JavaScript, through `wasm-bindgen`: one class, [`WebGame`],
//! holding a game, the click input of the turn being entered, the setup being placed by
//! clicks, a resignation, and the crate's one-turn engine ([`arimaa::engine`]) as an
//! opponent.
//!
//! Everything the page draws comes from [`WebGame::state`], a JSON text (the board, the
//! side to move, the move list in official, Lightvector and legacy notation with each
//! turn's side, changed squares and captures, the last move, the captured pieces of
//! each side, the frozen pieces, the result with its reason, the setup being placed, and
//! the click input: its mode (arrows or steps), instructions, steps and the step board,
//! selection, preview, "also moving" and the resolver's message). Actions return a short
//! JSON answer `{"ok":true,...}` or `{"ok":false,"error":"..."}`: nothing a user can type
//! or click panics, and a refused action leaves the game as it was.

use std::fmt::Write as _;

use arimaa::clicks::{
    ClickInput, ClickMode, Instruction, PieceChange, Preview, Selection, StepInstruction,
};
use arimaa::notation::lightvector::ResolveOptions;
use arimaa::notation::official::{SideLetters, TurnLabel};
use arimaa::notation::{legacy, lightvector, official, record};
use arimaa::{
    engine, Army, Board, Color, File, Game, Move, Phase, Piece, PieceKind, Position, Rank, Setup,
    SetupProblem, SetupRules, SetupVariant, Square, Turn, Variant,
};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

/// Longest text (a move, a setup or a position) the page may pass in; longer input is
/// refused before it is read.
const MAX_INPUT: usize = 4096;

/// A game with its click input, for the page.
#[wasm_bindgen]
pub struct WebGame {
    game: Game,
    input: Option<ClickInput>,
    /// How clicks are read; kept from turn to turn.
    mode: ClickMode,
    /// The game's kind, for the page's title line.
    kind: String,
    /// The side that resigned, which ends the game outside the rules' outcomes.
    resigned: Option<Color>,
    /// The setup being placed by clicks ([`WebGame::setup_click`]) while a setup is due.
    draft: Option<Setup>,
    /// The history replayed and written ([`WebGame::update_turns`]), kept so that
    /// [`WebGame::state`] does not replay the game each time.
    turns: Vec<Replayed>,
}

fn ok(extra: Value) -> String {
    let mut v = json!({ "ok": true });
    if let (Some(map), Value::Object(more)) = (v.as_object_mut(), extra) {
        map.extend(more);
    }
    v.to_string()
}

fn fail(error: impl std::fmt::Display) -> String {
    json!({ "ok": false, "error": error.to_string() }).to_string()
}

/// The squares in the order of every board text and of the drawing: a8..h8 (the top row,
/// left to right) down to a1..h1, the AEI order.
fn board_order() -> impl Iterator<Item = Square> {
    Rank::ALL.into_iter().rev().flat_map(|rank| {
        File::ALL
            .into_iter()
            .map(move |file| Square::from_coords(file, rank))
    })
}

/// The board as 64 characters in [`board_order`], `.` for empty.
fn board_text(board: &Board) -> String {
    board_order()
        .map(|sq| board.piece_at(sq).map_or('.', |p| p.char()))
        .collect()
}

/// What the drawing needs to know of the board, from the crate: the square names in
/// the order of the board texts (8 to a row, top row first), the file and rank labels
/// of the columns (left to right) and rows (top to bottom), the traps, and each piece
/// letter's colour and kind.
fn layout_json() -> Value {
    let pieces: serde_json::Map<String, Value> = Color::ALL
        .into_iter()
        .flat_map(|color| PieceKind::ALL.into_iter().map(move |kind| kind.of(color)))
        .map(|p| {
            (
                p.char().to_string(),
                json!({ "color": p.color.name(), "kind": p.kind.name() }),
            )
        })
        .collect();
    json!({
        "squares": board_order().map(|sq| sq.to_string()).collect::<Vec<_>>(),
        "files": File::ALL.map(|f| f.to_string()),
        "ranks": Rank::ALL.map(|r| r.to_string()).into_iter().rev().collect::<Vec<_>>(),
        "traps": Square::TRAPS.map(|sq| sq.to_string()),
        "pieces": pieces,
    })
}

fn instruction_json(i: &Instruction) -> Value {
    json!({
        "piece": i.piece.char().to_string(),
        "from": i.from.to_string(),
        "to": i.to.to_string(),
        "capture": i.capture,
        "hold": i.is_hold(),
        "tokens": i.tokens().map(|t| t.to_string()).collect::<Vec<_>>().join(" "),
    })
}

fn step_json(s: &StepInstruction) -> Value {
    json!({
        "piece": s.piece.char().to_string(),
        "from": s.from.to_string(),
        "to": s.to().map(|t| t.to_string()),
        "dir": s.dir.char().to_string(),
        "token": s.token().to_string(),
    })
}

fn mode_name(mode: ClickMode) -> &'static str {
    match mode {
        ClickMode::Arrows => "arrows",
        ClickMode::Steps => "steps",
    }
}

fn change_json(c: &PieceChange) -> Value {
    json!({
        "piece": c.piece.char().to_string(),
        "from": c.from.to_string(),
        "to": c.to.to_string(),
        "captured": c.captured,
        "token": c.token().to_string(),
    })
}

fn parse_square(text: &str) -> Result<Square, String> {
    text.trim()
        .parse::<Square>()
        .map_err(|e| format!("{text:?} is not a square: {e}"))
}

/// Reads typed Lightvector and resolves it as the click input does, in Abstract Play's
/// game-level (lenient) reading, so that the text the clicks show, typed, is the same
/// move. A string the strict reading resolves means the same move in this one.
fn parse_lightvector(pos: &Position, text: &str) -> Result<Move, String> {
    let lv: lightvector::Lightvector = text.parse().map_err(|e| format!("{e}"))?;
    lv.resolve_with(pos, ResolveOptions { lenient: true })
        .map(|r| r.mv)
        .map_err(|e| e.to_string())
}

/// Reads a move in any notation: official first; well-formed official notation is read
/// as official only (a move it finds illegal is refused with the reason, not read again
/// as Lightvector, where `Ef7s` would mean something else); otherwise Lightvector (the
/// clicks' reading), then legacy notation.
fn parse_auto(game: &Game, text: &str) -> Result<Move, String> {
    let official = match official::parse_move_in_game(game, text) {
        Ok(mv) => return Ok(mv),
        Err(e @ official::OfficialError::Illegal(_)) => {
            return Err(format!("as official notation: {e}"))
        }
        Err(e) => e.to_string(),
    };
    let pos = game.position();
    let both = match parse_lightvector(pos, text) {
        Ok(mv) => return Ok(mv),
        Err(lv) => format!("as official notation: {official}; as Lightvector: {lv}"),
    };
    if legacy::is_legacy(text) {
        legacy::parse_move(pos, text).map_err(|l| format!("{both}; as legacy notation: {l}"))
    } else {
        Err(both)
    }
}

fn check_len(text: &str) -> Result<(), String> {
    if text.len() > MAX_INPUT {
        Err(format!(
            "input too long ({} bytes, at most {MAX_INPUT})",
            text.len()
        ))
    } else {
        Ok(())
    }
}

/// `gold` or `silver` ([`Color::name`]) as a colour.
fn parse_side(text: &str) -> Result<Color, String> {
    Color::ALL
        .into_iter()
        .find(|c| c.name() == text)
        .ok_or_else(|| format!("{text:?} is not a side (gold or silver)"))
}

/// The side's name as a sentence begins it (`Gold`), as [`arimaa::Outcome`] writes it.
fn title(side: Color) -> &'static str {
    match side {
        Color::Gold => "Gold",
        Color::Silver => "Silver",
    }
}

/// The squares whose contents differ between `before` and `after`, in [`board_order`]:
/// what a turn changed.
fn changed_squares(before: &Board, after: &Board) -> Vec<String> {
    board_order()
        .filter(|&sq| before.piece_at(sq) != after.piece_at(sq))
        .map(|sq| sq.to_string())
        .collect()
}

/// One candidate of an ambiguous click input, a legal move in `pos`: the board after
/// it, the squares it changes, the changed squares a piece ends on, and its
/// Lightvector text.
fn candidate_json(pos: &Position, mv: &Move) -> Value {
    let Ok(after) = pos.after(mv) else {
        return Value::Null;
    };
    let (before, after_board) = (pos.board(), after.board());
    let ends: Vec<String> = board_order()
        .filter(|&sq| {
            before.piece_at(sq) != after_board.piece_at(sq) && after_board.piece_at(sq).is_some()
        })
        .map(|sq| sq.to_string())
        .collect();
    json!({
        "board": board_text(after_board),
        "changed": changed_squares(before, after_board),
        "ends": ends,
        "lightvector": lightvector::write_move(pos, mv).unwrap_or_default(),
    })
}

/// The pieces on `before` that `after` lacks (the turn's captures), Gold's first, each
/// side's strongest first.
fn missing_pieces(before: &Board, after: &Board) -> Vec<Piece> {
    let mut out = Vec::new();
    for color in Color::ALL {
        for kind in PieceKind::ALL.into_iter().rev() {
            let piece = kind.of(color);
            let count = |b: &Board| b.iter().filter(|&(_, p)| p == piece).count();
            out.extend(std::iter::repeat_n(
                piece,
                count(before).saturating_sub(count(after)),
            ));
        }
    }
    out
}

/// The letters of `pieces` of `color`, strongest first.
fn letters_of(pieces: &[Piece], color: Color) -> String {
    let mut own: Vec<Piece> = pieces
        .iter()
        .copied()
        .filter(|p| p.color == color)
        .collect();
    own.sort_by_key(|p| std::cmp::Reverse(p.kind));
    own.iter().map(|p| p.char()).collect()
}

/// One turn of the history, replayed: who played it, its label, the pieces it captured,
/// and its row of the move list.
#[derive(Clone)]
struct Replayed {
    side: Color,
    setup: bool,
    label: Option<TurnLabel>,
    captured: Vec<Piece>,
    row: Value,
}

/// Plays `turn` in `g` (the game just before it) and describes it: the turn written in
/// the three notations from the position it was played in, the squares it changed and
/// the pieces it captured (the boards before and after it, compared). `None` when the
/// game does not take it.
fn replay_turn(g: &mut Game, turn: &Turn, label: Option<TurnLabel>) -> Option<Replayed> {
    let before = *g.board();
    let (side, mut row) = match turn {
        Turn::Setup(setup) => {
            let Phase::Setup(side) = g.phase() else {
                return None;
            };
            let row = json!({ "setup": true, "official": official::write_setup(setup) });
            g.play_setup(setup).ok()?;
            (side, row)
        }
        Turn::Move { mv, cap } => {
            if g.phase() == Phase::AwaitingRoll {
                g.set_roll(*cap).ok()?;
            }
            let pos = g.position().clone();
            let row = json!({
                "setup": false,
                "official": official::write_move(&pos, mv).unwrap_or_default(),
                "lightvector": lightvector::write_move(&pos, mv).unwrap_or_default(),
                "legacy": legacy::write_move(&pos, mv).unwrap_or_default(),
            });
            g.play(mv).ok()?;
            (pos.side_to_move(), row)
        }
    };
    let after = *g.board();
    let captured = missing_pieces(&before, &after);
    if let Some(map) = row.as_object_mut() {
        map.insert(
            "label".into(),
            json!(label.map(|l| l.to_string()).unwrap_or_default()),
        );
        map.insert("side".into(), json!(side.name()));
        map.insert("changed".into(), json!(changed_squares(&before, &after)));
        map.insert(
            "captured".into(),
            json!(captured.iter().map(|p| p.char()).collect::<String>()),
        );
    }
    Some(Replayed {
        side,
        setup: matches!(turn, Turn::Setup(_)),
        label,
        captured,
        row,
    })
}

#[wasm_bindgen]
impl WebGame {
    /// A standard game at its first setup turn: the page then plays the 99of9 setup
    /// ([`WebGame::setup_99of9`]) or a setup typed in official notation
    /// ([`WebGame::play_setup`]) for each side.
    #[wasm_bindgen(constructor)]
    pub fn new() -> WebGame {
        let mut g = WebGame {
            game: Game::new(),
            input: None,
            mode: ClickMode::Arrows,
            kind: "standard".into(),
            resigned: None,
            draft: None,
            turns: Vec::new(),
        };
        g.refresh();
        g
    }

    /// A standard game with both sides set up by the 99of9 setup, Gold to move.
    pub fn standard() -> WebGame {
        let mut g = WebGame::new();
        for side in [Color::Gold, Color::Silver] {
            // The 99of9 setup is legal for either side on an empty home area.
            if g.game
                .play_setup(&Setup::ninety_nine_of_nine(side))
                .is_err()
            {
                break;
            }
        }
        g.refresh();
        g
    }

    /// An Endless Endgame game: random armies drawn with a generator seeded by `seed`.
    pub fn endless_endgame(seed: u64) -> WebGame {
        let mut rng = SmallRng::seed_from_u64(seed);
        let variant = Variant {
            setup: SetupVariant::EndlessEndgame,
            dicey: false,
        };
        let mut g = WebGame {
            game: Game::start(variant, &mut rng),
            input: None,
            mode: ClickMode::Arrows,
            kind: "Endless Endgame".into(),
            resigned: None,
            draft: None,
            turns: Vec::new(),
        };
        g.refresh();
        g
    }

    /// A game from a position: the AEI short form (`g [rrrr...RRRR]`, 64 squares a8..h1)
    /// or a board diagram. The text of the error when it cannot be read is thrown.
    pub fn from_position(text: &str) -> Result<WebGame, JsError> {
        check_len(text).map_err(|e| JsError::new(&e))?;
        let pos: Position = match text.trim().parse() {
            Ok(p) => p,
            Err(short) => Position::from_diagram(text).map_err(|diagram| {
                JsError::new(&format!(
                    "not a position: as the short form, {short}; as a diagram, {diagram}"
                ))
            })?,
        };
        let mut g = WebGame {
            game: Game::from_position(pos, Variant::STANDARD),
            input: None,
            mode: ClickMode::Arrows,
            kind: "from a position".into(),
            resigned: None,
            draft: None,
            turns: Vec::new(),
        };
        g.refresh();
        Ok(g)
    }

    /// Plays the 99of9 setup for the side to set up.
    pub fn setup_99of9(&mut self) -> String {
        let side = match self.setup_due() {
            Ok(side) => side,
            Err(e) => return fail(e),
        };
        let r = self
            .game
            .play_setup(&Setup::ninety_nine_of_nine(side))
            .map(|_| Value::Null);
        self.finish(r)
    }

    /// Plays a setup typed in official notation (`Ra1 Rb1 ... Hh2`) for the side to set
    /// up.
    pub fn play_setup(&mut self, text: &str) -> String {
        if let Err(e) = check_len(text) {
            return fail(e);
        }
        let side = match self.setup_due() {
            Ok(side) => side,
            Err(e) => return fail(e),
        };
        let setup = match official::parse_setup(side, text) {
            Ok(s) => s,
            Err(e) => return fail(e),
        };
        let r = self.game.play_setup(&setup).map(|_| Value::Null);
        self.finish(r)
    }

    /// A click on the board square named `square` (`"e4"`): the click model of
    /// `arimaa::clicks`, in the mode [`WebGame::set_click_mode`] chose (in step mode the
    /// square is one of the step board). The answer says what the click did, or why it
    /// was refused.
    pub fn click(&mut self, square: &str) -> String {
        let sq = match parse_square(square) {
            Ok(sq) => sq,
            Err(e) => return fail(e),
        };
        let Some(input) = self.input.as_mut() else {
            return fail("no movement turn is due");
        };
        match input.click(sq) {
            Ok(effect) => ok(json!({ "effect": format!("{effect:?}") })),
            Err(e) => fail(e),
        }
    }

    /// Reads clicks as `"arrows"` (arrows, holds and capture marks, the default) or
    /// `"steps"` (a piece, then a square beside it: one step on the step board). What
    /// is drawn stays; the mode is kept for the next turns.
    pub fn set_click_mode(&mut self, mode: &str) -> String {
        let mode = match mode {
            "arrows" => ClickMode::Arrows,
            "steps" => ClickMode::Steps,
            other => return fail(format!("unknown click mode {other:?} (arrows or steps)")),
        };
        self.mode = mode;
        if let Some(input) = self.input.as_mut() {
            input.set_mode(mode);
        }
        ok(json!({ "mode": mode_name(mode) }))
    }

    /// Takes back the last click that changed anything.
    pub fn click_undo(&mut self) -> bool {
        self.input.as_mut().is_some_and(ClickInput::undo)
    }

    /// Removes every arrow, hold, mark, step and the selection.
    pub fn click_clear(&mut self) {
        if let Some(input) = self.input.as_mut() {
            input.clear();
        }
    }

    /// Plays the move the clicks identify, when they identify exactly one.
    pub fn submit(&mut self) -> String {
        let Some(mv) = self.input.as_ref().and_then(ClickInput::move_to_submit) else {
            return fail("the arrows do not identify one move yet");
        };
        self.play_move(mv)
    }

    /// Plays a move typed in `notation`: `"official"` (`Ee2n Ee3n`), `"lightvector"`
    /// (`Ee2e4`, read as the clicks are: Abstract Play's lenient reading), `"legacy"`,
    /// or `"auto"` (official, then Lightvector, then legacy: the first reading that
    /// gives a legal move).
    pub fn play_text(&mut self, text: &str, notation: &str) -> String {
        if let Err(e) = check_len(text) {
            return fail(e);
        }
        if let Err(e) = self.playing() {
            return fail(e);
        }
        match self.parse_text(text, notation) {
            Ok(mv) => self.play_move(mv),
            Err(e) => fail(e),
        }
    }

    /// What a move typed in `notation` would do, without playing it: `{"ok":true,
    /// "official", "lightvector", "board"` (64 characters a8..h1, the board after it),
    /// `"changed"` (the squares it changes) and `"captured"` (the letters of the pieces
    /// it captures)`}`, or the error [`WebGame::play_text`] would give. The game is left
    /// unchanged.
    pub fn preview_text(&self, text: &str, notation: &str) -> String {
        if let Err(e) = check_len(text) {
            return fail(e);
        }
        if let Err(e) = self.playing() {
            return fail(e);
        }
        let mv = match self.parse_text(text, notation) {
            Ok(mv) => mv,
            Err(e) => return fail(e),
        };
        let pos = self.game.position();
        let before = *self.game.board();
        let mut after = self.game.clone();
        if let Err(e) = after.play(&mv) {
            return fail(e);
        }
        let captured: String = missing_pieces(&before, after.board())
            .iter()
            .map(|p| p.char())
            .collect();
        ok(json!({
            "official": official::write_move(pos, &mv).unwrap_or_default(),
            "lightvector": lightvector::write_move(pos, &mv).unwrap_or_default(),
            "board": board_text(after.board()),
            "changed": changed_squares(&before, after.board()),
            "captured": captured,
        }))
    }

    /// The move `text` names in `notation` (see [`WebGame::play_text`]).
    fn parse_text(&self, text: &str, notation: &str) -> Result<Move, String> {
        let pos = self.game.position().clone();
        match notation {
            "official" => official::parse_move_in_game(&self.game, text).map_err(|e| e.to_string()),
            "lightvector" => parse_lightvector(&pos, text),
            "legacy" => legacy::parse_move(&pos, text).map_err(|e| e.to_string()),
            "auto" => parse_auto(&self.game, text),
            other => Err(format!(
                "unknown notation {other:?} (official, lightvector, legacy or auto)"
            )),
        }
    }

    /// Takes back the last turn (a move or a setup), or the resignation when a side
    /// has resigned.
    pub fn undo(&mut self) -> String {
        if self.resigned.take().is_some() {
            self.refresh();
            return ok(json!({ "undone": 0 }));
        }
        let r = self.game.undo().map(|_| json!({ "undone": 1 }));
        self.finish(r)
    }

    /// Takes back the last movement turn of `side` (`"gold"` or `"silver"`) and every
    /// turn after it, so that `side` is to move again where it was: against the engine,
    /// the person's move and the engine's reply. Setups are never taken back by it; with
    /// no movement turn of `side` to take back it is refused and the game is unchanged. A
    /// resignation is taken back first, alone. The answer's `undone` counts the turns.
    pub fn undo_for(&mut self, side: &str) -> String {
        let side = match parse_side(side) {
            Ok(c) => c,
            Err(e) => return fail(e),
        };
        if self.resigned.take().is_some() {
            self.refresh();
            return ok(json!({ "undone": 0 }));
        }
        let turns = &self.turns;
        let Some(last) = turns.iter().rposition(|t| t.side == side && !t.setup) else {
            return fail(format!(
                "{} has no move to take back (setups stay; a new game sets up again)",
                title(side)
            ));
        };
        let count = turns.len() - last;
        let mut g = self.game.clone();
        for _ in 0..count {
            if let Err(e) = g.undo() {
                return fail(e);
            }
        }
        self.game = g;
        self.refresh();
        ok(json!({ "undone": count }))
    }

    /// `side` (`"gold"` or `"silver"`) resigns: the game ends, the other side winning
    /// "by resignation". Refused when the game is already over. [`WebGame::undo`] takes it
    /// back.
    pub fn resign(&mut self, side: &str) -> String {
        let side = match parse_side(side) {
            Ok(c) => c,
            Err(e) => return fail(e),
        };
        if self.resigned.is_some() || self.game.outcome().is_some() {
            return fail(format!("the game is over ({})", self.phase_text()));
        }
        self.resigned = Some(side);
        self.refresh();
        ok(json!({ "text": self.outcome_json()["text"] }))
    }

    /// A click on `square` while a setup is due: a piece of the setup being placed there
    /// is taken off; else the piece `letter` (`"E"`, `"r"`, ...; the side's own) is
    /// placed there, when the crate's setup rules allow it so far (on the side's home
    /// ranks, an empty square, at most the standard number of its kind; a handicap
    /// check, the missing pieces aside). The answer says `placed` or `removed`; a
    /// refusal leaves the draft as it was. [`WebGame::setup_play_draft`] plays it.
    pub fn setup_click(&mut self, square: &str, letter: &str) -> String {
        let sq = match parse_square(square) {
            Ok(sq) => sq,
            Err(e) => return fail(e),
        };
        let board = *self.game.board();
        let Some(draft) = self.draft.as_mut() else {
            return fail(format!("no setup is due ({})", self.phase_text()));
        };
        if let Some(i) = draft.pieces.iter().position(|&(_, s)| s == sq) {
            let (kind, _) = draft.pieces.remove(i);
            return ok(json!({ "removed": kind.of(draft.color).char().to_string() }));
        }
        let side = draft.color;
        let Some(piece) = Color::ALL
            .into_iter()
            .flat_map(|c| PieceKind::ALL.map(|k| k.of(c)))
            .find(|p| p.char().to_string() == letter)
        else {
            return fail(format!(
                "{letter:?} is not a piece letter; choose a piece to place"
            ));
        };
        if piece.color != side {
            return fail(format!(
                "{letter} is not {}'s: {} sets up",
                title(side),
                title(side)
            ));
        }
        let mut next = draft.clone();
        next.place(piece.kind, sq);
        if let Err(e) = next.check(SetupRules::Handicap, &board) {
            let problems: Vec<String> = e
                .problems
                .iter()
                .filter(|p| **p != SetupProblem::NoRabbit)
                .map(ToString::to_string)
                .collect();
            if !problems.is_empty() {
                return fail(format!("{letter} on {sq} refused: {}", problems.join("; ")));
            }
        }
        *draft = next;
        ok(json!({ "placed": letter }))
    }

    /// Fills every empty home square of the setup being placed with a rabbit, when it
    /// then has at most eight ([`Setup::autofill_rabbits`]); `added` counts them.
    pub fn setup_fill_rabbits(&mut self) -> String {
        match self.draft.as_mut() {
            Some(draft) => ok(json!({ "added": draft.autofill_rabbits() })),
            None => fail(format!("no setup is due ({})", self.phase_text())),
        }
    }

    /// Takes every piece of the setup being placed off the board.
    pub fn setup_clear(&mut self) {
        if let Some(draft) = self.draft.as_mut() {
            draft.pieces.clear();
        }
    }

    /// Plays the setup placed by clicks; refused with the crate's reasons (the pieces
    /// still missing, say) while it is not a whole legal setup.
    pub fn setup_play_draft(&mut self) -> String {
        let Some(draft) = self.draft.clone() else {
            return fail(format!("no setup is due ({})", self.phase_text()));
        };
        let r = self.game.play_setup(&draft).map(|_| Value::Null);
        self.finish(r)
    }

    /// Plays a uniformly random standard setup ([`Setup::random_standard`], seeded by
    /// `seed`) for the side to set up.
    pub fn setup_random(&mut self, seed: u64) -> String {
        let side = match self.setup_due() {
            Ok(side) => side,
            Err(e) => return fail(e),
        };
        let mut rng = SmallRng::seed_from_u64(seed);
        let r = self
            .game
            .play_setup(&Setup::random_standard(side, &mut rng))
            .map(|_| Value::Null);
        self.finish(r)
    }

    /// [`WebGame::engine_move`] for `side` (`"gold"` or `"silver"`) only: refused, the
    /// game unchanged, when the other side is to move (the engine never plays the
    /// person's side by mistake).
    pub fn engine_move_as(&mut self, side: &str, seed: u64, millis: f64) -> String {
        let side = match parse_side(side) {
            Ok(c) => c,
            Err(e) => return fail(e),
        };
        if let Err(e) = self.playing() {
            return fail(e);
        }
        let due = self.game.position().side_to_move();
        if due != side {
            return fail(format!(
                "{} is to move, not {} (the engine plays {})",
                title(due),
                title(side),
                title(side)
            ));
        }
        self.engine_move(seed, millis)
    }

    /// The crate's one-turn engine ([`arimaa::engine::choose`]) chooses and plays the
    /// move: an immediate win, else the best move by Harlog after which the opponent
    /// cannot win at once, checked until `millis` milliseconds have passed (measured
    /// with the page's clock). Ties are broken by a generator seeded with `seed`.
    pub fn engine_move(&mut self, seed: u64, millis: f64) -> String {
        if let Err(e) = self.playing() {
            return fail(e);
        }
        let mut rng = SmallRng::seed_from_u64(seed);
        let start = js_sys::Date::now();
        let mut stop = || js_sys::Date::now() - start >= millis;
        let Some(choice) = engine::choose(&self.game, &mut rng, &mut stop) else {
            return fail("the engine has no legal move");
        };
        let note = choice.decision.to_string();
        let answer = self.play_move(choice.mv);
        match serde_json::from_str::<Value>(&answer) {
            Ok(mut v) => {
                if let Some(map) = v.as_object_mut() {
                    map.insert("note".into(), json!(note));
                    map.insert("nodes".into(), json!(choice.nodes));
                }
                v.to_string()
            }
            Err(_) => answer,
        }
    }

    /// The game record as a plain move list, one turn a line (`1g Ra1 ...`, `2g Ee2n
    /// ...`). While the game goes on it ends with the tag of the side to move; once it
    /// is over, with the last turn played (`resign` for a resignation on one's own
    /// turn) and then the result as a comment (`# result: Gold wins by goal`), which
    /// the crate's `MoveList` reads and keeps.
    pub fn record(&self) -> String {
        // A resignation on one's own turn ends the record as the archive's do (`2g
        // resign`).
        let resigned = self.resigned == Some(self.game.position().side_to_move());
        let outcome = self.outcome_json();
        let turns = if outcome.is_null() || resigned {
            record::game_record(&self.game, SideLetters::GoldSilver, resigned)
        } else {
            record::game_turns(&self.game, SideLetters::GoldSilver)
        };
        match turns {
            Ok(turns) => {
                let mut out = String::new();
                for t in turns {
                    let _ = writeln!(out, "{t}");
                }
                if let Some(text) = outcome["text"].as_str() {
                    let _ = writeln!(out, "# result: {text}");
                }
                out
            }
            Err(e) => format!("# the record could not be written: {e}\n"),
        }
    }

    /// The current position in the AEI short form.
    pub fn position_text(&self) -> String {
        self.game.position().to_aei()
    }

    /// Everything the page draws, as JSON: `kind`, `phase`, `side`, `board` (64
    /// characters a8..h1), `moves` (for each turn: label, side, setup, official, and for
    /// a movement turn lightvector and legacy; `changed`, the squares whose contents the
    /// turn changed, and `captured`, the letters of the pieces it captured, both found by
    /// comparing the boards before and after it), `last_move` (the last turn's row when
    /// it is a movement turn, else null), `captured` (`gold` and `silver`: the letters of
    /// each side's pieces captured so far, strongest first), `outcome` (winner, reason,
    /// text; a resignation is the reason `resignation`), `resigned` (the side, or null),
    /// `frozen` (the squares of the frozen pieces while a movement turn is due), `setup`
    /// (while a setup is due: the setup placed by clicks so far, its `side`, the `board`
    /// with it, the count `placed` and the letters `remaining`; else null), `mode`
    /// (`arrows` or `steps`), `input` (mode, instructions, steps, the step board,
    /// selection, lightvector text, preview, rejection), and `layout` (the square names
    /// in the order of the board texts, the file and rank labels, the traps, and the
    /// colour and kind of each piece letter: what the drawing needs of the rules).
    pub fn state(&self) -> String {
        let pos = self.game.position();
        let turns = &self.turns;
        let captured: Vec<Piece> = turns.iter().flat_map(|t| t.captured.clone()).collect();
        let last_move = turns
            .last()
            .filter(|t| !t.setup)
            .map_or(Value::Null, |t| t.row.clone());
        json!({
            "kind": self.kind,
            "phase": self.phase_text(),
            "side": Color::name(pos.side_to_move()),
            "board": board_text(self.game.board()),
            "position": pos.to_aei(),
            "moves": turns.iter().map(|t| t.row.clone()).collect::<Vec<_>>(),
            "last_move": last_move,
            "captured": {
                "gold": letters_of(&captured, Color::Gold),
                "silver": letters_of(&captured, Color::Silver),
            },
            "outcome": self.outcome_json(),
            "resigned": self.resigned.map(Color::name),
            "frozen": self.frozen_squares(),
            "setup": self.draft_json(),
            "mode": mode_name(self.mode),
            "input": self.input_json(),
            "layout": layout_json(),
        })
        .to_string()
    }
}

impl Default for WebGame {
    fn default() -> WebGame {
        WebGame::new()
    }
}

impl WebGame {
    fn phase_text(&self) -> String {
        if self.resigned.is_some() {
            return format!(
                "over: {}",
                self.outcome_json()["text"].as_str().unwrap_or("")
            );
        }
        match self.game.phase() {
            Phase::Setup(side) => format!("setup {}", Color::name(side)),
            Phase::Play => "play".into(),
            Phase::AwaitingRoll => "roll".into(),
            Phase::Over(o) => format!("over: {o}"),
        }
    }

    /// After any change to the game: a fresh click input when a movement turn is due,
    /// and a setup draft when a setup is due (the one begun, if it is that side's).
    fn refresh(&mut self) {
        self.update_turns();
        self.draft = match (self.setup_due(), self.draft.take()) {
            (Ok(side), Some(d)) if d.color == side => Some(d),
            (Ok(side), _) => Some(Setup::new(side)),
            (Err(_), _) => None,
        };
        self.input = self.playing().is_ok().then(|| {
            let mut input = ClickInput::new(self.game.position().clone());
            input.set_mode(self.mode);
            input
        });
    }

    fn finish(&mut self, r: Result<Value, arimaa::GameError>) -> String {
        match r {
            Ok(extra) => {
                self.refresh();
                ok(extra)
            }
            Err(e) => fail(e),
        }
    }

    fn play_move(&mut self, mv: Move) -> String {
        let pos = self.game.position().clone();
        let written = json!({
            "official": official::write_move(&pos, &mv).unwrap_or_default(),
            "lightvector": lightvector::write_move(&pos, &mv).unwrap_or_default(),
            "legacy": legacy::write_move(&pos, &mv).unwrap_or_default(),
        });
        let r = self.game.play(&mv).map(|_| json!({ "move": written }));
        self.finish(r)
    }

    /// Every turn of the history, replayed from the start: each movement turn written in
    /// the three notations from the position it was played in, with the squares it
    /// changed and the pieces it captured (the boards before and after it, compared).
    fn replay(&self) -> Vec<Replayed> {
        let labels = record::game_turns(&self.game, SideLetters::GoldSilver).unwrap_or_default();
        let mut g = self.game.clone();
        while g.undo().is_ok() {}
        let mut out = Vec::new();
        for (i, turn) in self.game.history().iter().enumerate() {
            let label = labels.get(i).and_then(|t| t.label);
            match replay_turn(&mut g, turn, label) {
                Some(t) => out.push(t),
                None => break,
            }
        }
        out
    }

    /// Keeps [`WebGame::turns`] the replay of the history: after one more turn only that
    /// turn is replayed (from the game with it taken back, its label the next after the
    /// last one), after an undo the list is cut; anything else replays it all.
    fn update_turns(&mut self) {
        let n = self.game.history().len();
        self.turns.truncate(n);
        if self.turns.len() + 1 == n {
            let next = self.turns.last().and_then(|prev| {
                let label = prev
                    .label
                    .map(|l| TurnLabel::from_ordinal(l.ordinal() + 1, SideLetters::GoldSilver));
                let mut g = self.game.clone();
                g.undo().ok()?;
                replay_turn(&mut g, self.game.history().last()?, label)
            });
            if let Some(t) = next {
                self.turns.push(t);
                return;
            }
        }
        if self.turns.len() != n {
            self.turns = self.replay();
        }
    }

    /// The game's result: the crate's outcome, or the resignation.
    fn outcome_json(&self) -> Value {
        if let Some(side) = self.resigned {
            let winner = !side;
            return json!({
                "winner": winner.name(),
                "reason": "resignation",
                "text": format!("{} wins by resignation", title(winner)),
            });
        }
        match self.game.outcome() {
            Some(o) => json!({
                "winner": Color::name(o.winner),
                "reason": o.reason.to_string(),
                "text": o.to_string(),
            }),
            None => Value::Null,
        }
    }

    /// The squares of the frozen pieces of the position, while a movement turn is due.
    fn frozen_squares(&self) -> Vec<String> {
        if self.playing().is_err() {
            return Vec::new();
        }
        let board = self.game.board();
        board_order()
            .filter(|&sq| board.is_frozen(sq))
            .map(|sq| sq.to_string())
            .collect()
    }

    /// The setup being placed by clicks: its side, the board with it placed, and the
    /// letters of the standard army not placed yet, strongest first.
    fn draft_json(&self) -> Value {
        let Some(draft) = self.draft.as_ref() else {
            return Value::Null;
        };
        let mut board = *self.game.board();
        draft.apply_to(&mut board);
        let mut remaining = String::new();
        for (kind, count) in Army::STANDARD.iter().collect::<Vec<_>>().into_iter().rev() {
            let placed = draft.pieces.iter().filter(|&&(k, _)| k == kind).count();
            let letter = kind.of(draft.color).char();
            remaining.extend(std::iter::repeat_n(
                letter,
                usize::from(count).saturating_sub(placed),
            ));
        }
        json!({
            "side": draft.color.name(),
            "board": board_text(&board),
            "placed": draft.pieces.len(),
            "remaining": remaining,
        })
    }

    /// The side to set up, when a setup is due and nobody has resigned.
    fn setup_due(&self) -> Result<Color, String> {
        match (self.game.phase(), self.resigned) {
            (Phase::Setup(side), None) => Ok(side),
            _ => Err(format!("no setup is due ({})", self.phase_text())),
        }
    }

    /// `Ok` when a movement turn is due and nobody has resigned.
    fn playing(&self) -> Result<(), String> {
        if self.game.phase() == Phase::Play && self.resigned.is_none() {
            Ok(())
        } else {
            Err(format!("no movement turn is due ({})", self.phase_text()))
        }
    }

    fn input_json(&self) -> Value {
        let Some(input) = self.input.as_ref() else {
            return Value::Null;
        };
        let selection = match input.selection() {
            Selection::None => json!({ "kind": "none" }),
            Selection::Piece { square, previous } => json!({
                "kind": "piece",
                "square": square.to_string(),
                "previous": previous.map(|p| p.to_string()),
            }),
            Selection::Head { square } => json!({ "kind": "head", "square": square.to_string() }),
            Selection::Step { square } => json!({ "kind": "step", "square": square.to_string() }),
        };
        let preview = match input.preview() {
            Preview::Empty => json!({ "kind": "empty" }),
            Preview::Move(p) => {
                let pos = input.position();
                json!({
                    "kind": "move",
                    "board": board_text(p.after.board()),
                    "steps": p.steps,
                    "steps_left": p.steps_left,
                    "complete": p.uses_all_steps(),
                    "official": official::write_move(pos, &p.mv).unwrap_or_default(),
                    "lightvector": lightvector::write_move(pos, &p.mv).unwrap_or_default(),
                    "changes": p.changes.iter().map(change_json).collect::<Vec<_>>(),
                    "also_moving": p.also_moving.iter().map(change_json).collect::<Vec<_>>(),
                })
            }
            // The crate's own wording (`Display for Preview`).
            // The candidates (the crate's, at most `ClickInput::CANDIDATE_LIMIT`): for
            // each the board after it, the squares it changes and those where its
            // pieces end (changed squares occupied after it).
            Preview::Ambiguous { count } => json!({
                "kind": "ambiguous",
                "count": count,
                "message": input.preview().to_string(),
                "candidates": input.candidates().iter().map(|mv| candidate_json(input.position(), mv)).collect::<Vec<_>>(),
            }),
            Preview::NoMove(e) => json!({ "kind": "nomove", "message": e.to_string() }),
        };
        json!({
            "mode": mode_name(input.mode()),
            // Steps alone (no arrows) that bring the board back to the position (out and
            // back): no turn yet, whatever the resolver makes of them.
            "unchanged": !input.steps().is_empty()
                && input.instructions().is_empty()
                && input.step_board().board() == input.position().board(),
            "instructions": input.instructions().iter().map(instruction_json).collect::<Vec<_>>(),
            "steps": input.steps().iter().map(step_json).collect::<Vec<_>>(),
            "step_board": board_text(input.step_board().board()),
            "selection": selection,
            "text": input.text(),
            "preview": preview,
            "can_submit": input.can_submit(),
            "rejection": input.rejection().map(|e| e.to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(turns: &[Replayed]) -> Vec<Value> {
        turns.iter().map(|t| t.row.clone()).collect()
    }

    /// The list kept turn by turn is the list a whole replay gives, through moves,
    /// undos, an undo for a side and a resignation.
    #[test]
    fn the_kept_turns_are_the_whole_replay() {
        let mut g = WebGame::new();
        let check = |g: &WebGame| assert_eq!(rows(&g.turns), rows(&g.replay()));
        for step in [
            "99of9",
            "99of9",
            "Ee2n Ee3n",
            "ee7s ee6s",
            "undo",
            "ee7s",
            "Md2n",
            "resign",
            "undo",
            "undo_for",
            "Hb2n",
            "hb7s",
        ] {
            let a = match step {
                "99of9" => g.setup_99of9(),
                "random" => g.setup_random(3),
                "undo" => g.undo(),
                "undo_for" => g.undo_for("gold"),
                "resign" => g.resign("gold"),
                text => g.play_text(text, "official"),
            };
            assert!(a.contains("\"ok\":true"), "{step}: {a}");
            check(&g);
        }
        assert_eq!(g.turns.len(), 6);
        assert_eq!(g.turns[5].row["label"], "3s");
    }
}
