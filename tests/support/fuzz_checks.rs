//! The checks behind the fuzz targets, one function per target. Each takes the raw
//! fuzz input and panics only when the crate misbehaves: a reader that panics, text the
//! crate accepts but cannot write back, a move it reads but cannot play, or a position
//! that play leaves inconsistent.
//!
//! One copy, in the crate's test tree so that the published package carries it: the
//! crate's own test `tests/fuzz_regressions.rs` includes this file and runs every saved
//! input under `tests/fuzz_regressions/<target>/` through the same checks, and the fuzz
//! crate's `fuzz/src/lib.rs` includes it too (the package leaves `fuzz/` out: a crate
//! of its own).

use arimaa::clicks::{ClickInput, ClickMode, Preview};
use arimaa::notation::official::{self, TurnBody, TurnText};
use arimaa::notation::record::{Archive, MoveList, Replay};
use arimaa::notation::{legacy, lightvector};
use arimaa::{Board, Color, Direction, Game, Move, Phase, Piece, Position, Setup, Square, Step};

/// A target's check of one input.
pub type Check = fn(&[u8]);

/// Every target: its name and its check.
pub const TARGETS: [(&str, Check); 10] = [
    ("position_short", position_short),
    ("position_diagram", position_diagram),
    ("official_turn", official_turn),
    ("record_archive", record_archive),
    ("record_plain", record_plain),
    ("lightvector", lightvector),
    ("legacy", legacy),
    ("play", play),
    ("clicks", clicks),
    ("tactics", tactics),
];

/// Positions the notation targets read moves against (the first input byte picks
/// one): the opening, middle games with traps in play, Silver to move, few pieces.
const POSITIONS: [&str; 6] = [
    "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]",
    "s [rrrrrrrrdhcemchd            E                   DHCM CHDRRRRRRRR]",
    "g [rrr  rr r mcchrr d    d     E            H  e D R C  C RRRRDMRRR]",
    "s [rrrm rrrr c  d r h  c h    dE           HH  e M DDR  CC RRRR RRR]",
    "g [    r           R                  e                        E   ]",
    "s [             M r  rc mr     e     H  E   R    h  rD   R         ]",
];

fn pick(byte: u8) -> Option<Position> {
    POSITIONS[usize::from(byte) % POSITIONS.len()].parse().ok()
}

/// The input as text, when it is UTF-8 (the readers take `&str`).
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// The first byte picks a position, the rest is the text.
fn position_and_text(data: &[u8]) -> Option<(Position, &str)> {
    let (&first, rest) = data.split_first()?;
    Some((pick(first)?, text(rest)?))
}

fn same_place(a: &Position, b: &Position) -> bool {
    a.board() == b.board() && a.side_to_move() == b.side_to_move() && a.zobrist() == b.zobrist()
}

/// A position the crate accepted: its text form reads back as itself (turn state
/// included), its diagram as its board and side.
fn check_position_text(pos: &Position) {
    let short = pos.to_string();
    match short.parse::<Position>() {
        Ok(back) => assert!(back == *pos, "{short} reads back differently"),
        Err(e) => panic!("own short form {short:?} refused: {e}"),
    }
    let diagram = pos.to_diagram();
    match Position::from_diagram(&diagram) {
        Ok(back) => assert!(same_place(pos, &back), "{diagram} reads back differently"),
        Err(e) => panic!("own diagram {diagram:?} refused: {e}"),
    }
}

/// The AEI short form reader.
pub fn position_short(data: &[u8]) {
    if let Some(s) = text(data) {
        if let Ok(pos) = s.parse::<Position>() {
            check_position_text(&pos);
        }
    }
}

/// The board diagram reader.
pub fn position_diagram(data: &[u8]) {
    if let Some(s) = text(data) {
        if let Ok(pos) = Position::from_diagram(s) {
            check_position_text(&pos);
        }
    }
}

/// A move the crate read in `pos`: it plays, and `write` then `read` give it back (the
/// same resulting board).
fn check_move_round_trip(
    pos: &Position,
    mv: &Move,
    name: &str,
    write: impl Fn(&Position, &Move) -> Option<String>,
    read: impl Fn(&Position, &str) -> Option<Move>,
) {
    let after = match pos.after(mv) {
        Ok(after) => after,
        Err(e) => panic!("{name}: a move read in {pos} does not play: {e}"),
    };
    let Some(written) = write(pos, mv) else {
        panic!("{name}: cannot write a move read in {pos}")
    };
    let Some(again) = read(pos, &written) else {
        panic!("{name}: own text {written:?} does not read back in {pos}")
    };
    match pos.after(&again) {
        Ok(p) => assert!(
            same_place(&p, &after),
            "{name}: {written:?} reads back as another move in {pos}"
        ),
        Err(e) => panic!("{name}: {written:?} read back as an illegal move in {pos}: {e}"),
    }
}

/// The official notation: turn syntax (written back as read), moves against a
/// position, setups.
pub fn official_turn(data: &[u8]) {
    let Some((pos, s)) = position_and_text(data) else {
        return;
    };
    if let Ok(turn) = s.parse::<TurnText>() {
        let written = turn.to_string();
        match written.parse::<TurnText>() {
            Ok(back) => assert_eq!(back, turn, "{written:?} reads back differently"),
            Err(e) => panic!("own turn text {written:?} refused: {e}"),
        }
        if let TurnBody::Setup(syntax) = &turn.body {
            for side in Color::ALL {
                if let Ok(setup) = syntax.to_setup(side) {
                    check_setup(&setup);
                }
            }
        }
    }
    if let Ok(mv) = official::parse_move(&pos, s) {
        check_move_round_trip(
            &pos,
            &mv,
            "official",
            |p, m| official::write_move(p, m).ok(),
            |p, t| official::parse_move(p, t).ok(),
        );
    }
}

/// A setup the crate read: written back as the same tokens, and played into a game
/// (where the rules may refuse it, without panicking).
fn check_setup(setup: &Setup) {
    let text = official::write_setup(setup);
    match text.parse::<TurnBody>() {
        Ok(TurnBody::Setup(syntax)) => {
            assert_eq!(
                syntax,
                official::OfficialSetup::from_setup(setup),
                "{text:?} reads back differently"
            )
        }
        other => panic!("own setup text {text:?} reads as {other:?}"),
    }
    let mut game = Game::new();
    if setup.color == Color::Silver
        && game
            .play_setup(&Setup::ninety_nine_of_nine(Color::Gold))
            .is_err()
    {
        panic!("the 99of9 setup is refused");
    }
    if game.play_setup(setup).is_ok() {
        assert!(!matches!(game.phase(), Phase::Setup(c) if c == setup.color));
    }
}

/// The archive TSV reader and the replay of its games.
pub fn record_archive(data: &[u8]) {
    let Some(s) = text(data) else {
        return;
    };
    if let Ok(archive) = s.parse::<Archive>() {
        let written = archive.to_string();
        assert!(
            written.parse::<Archive>().is_ok(),
            "own archive text refused"
        );
        for game in archive.games.iter().take(4) {
            let _ = game.turns();
            let _ = game.events();
            let _ = game.rejected_moves();
            let replay = game.replay();
            let _ = game.check_end(&replay);
        }
    }
}

/// The plain move list reader and its replay.
pub fn record_plain(data: &[u8]) {
    let Some(s) = text(data) else {
        return;
    };
    if let Ok(list) = s.parse::<MoveList>() {
        let written = list.to_string();
        assert!(written.parse::<MoveList>().is_ok(), "own move list refused");
        let replay = Replay::standard(list.turns());
        let _ = replay.outcome();
        check_game(replay.game());
    }
}

/// A game the crate built from a record: its history replays from a new game.
fn check_game(game: &Game) {
    match arimaa::notation::record::game_turns(game, Default::default()) {
        Ok(turns) => {
            let again = Replay::standard(turns.iter());
            assert_eq!(
                again.game().position(),
                game.position(),
                "the game's own record replays differently"
            );
        }
        Err(e) => panic!("the game's history does not replay: {e}"),
    }
}

/// Lightvector notation: syntax written back as read, moves resolved against a
/// position.
pub fn lightvector(data: &[u8]) {
    let Some((pos, s)) = position_and_text(data) else {
        return;
    };
    if let Ok(lv) = s.parse::<lightvector::Lightvector>() {
        let written = lv.to_string();
        match written.parse::<lightvector::Lightvector>() {
            Ok(back) => assert_eq!(back, lv, "{written:?} reads back differently"),
            Err(e) => panic!("own Lightvector text {written:?} refused: {e}"),
        }
    }
    if let Ok(mv) = lightvector::parse_move(&pos, s) {
        check_move_round_trip(
            &pos,
            &mv,
            "lightvector",
            |p, m| lightvector::write_move(p, m).ok(),
            |p, t| lightvector::parse_move(p, t).ok(),
        );
    }
}

/// Legacy notation: moves against a position, setups onto a board.
pub fn legacy(data: &[u8]) {
    let Some((pos, s)) = position_and_text(data) else {
        return;
    };
    if let Ok(lm) = s.parse::<legacy::LegacyMove>() {
        let written = lm.to_string();
        match written.parse::<legacy::LegacyMove>() {
            Ok(back) => assert_eq!(back, lm, "{written:?} reads back differently"),
            Err(e) => panic!("own legacy text {written:?} refused: {e}"),
        }
    }
    if let Ok(mv) = legacy::parse_move(&pos, s) {
        check_move_round_trip(
            &pos,
            &mv,
            "legacy",
            |p, m| legacy::write_move(p, m).ok(),
            |p, t| legacy::parse_move(p, t).ok(),
        );
    }
    if let Ok(setup) = legacy::parse_setup(pos.side_to_move(), s) {
        let text = legacy::write_setup(&setup);
        match legacy::parse_setup(setup.color, &text) {
            Ok(back) => assert_eq!(back, setup, "{text:?} reads back differently"),
            Err(e) => panic!("own legacy setup {text:?} refused: {e}"),
        }
        check_setup(&setup);
    }
}

/// The board a play input starts from: a fixed position (even first byte) or one
/// built square by square from the next 64 bytes (odd first byte), when valid.
/// Returns the position and the bytes left for the steps.
fn play_start(data: &[u8]) -> Option<(Position, &[u8])> {
    let (&first, rest) = data.split_first()?;
    if first % 2 == 0 {
        return Some((pick(first / 2)?, rest));
    }
    if rest.len() < 64 {
        return None;
    }
    let (cells, rest) = rest.split_at(64);
    let mut board = Board::empty();
    for (sq, &b) in Square::ALL.iter().zip(cells) {
        // 12 pieces and 20 ways to be empty: boards come out about a third full.
        let code = usize::from(b % 32);
        if code < 12 {
            board.set(*sq, Piece::from_char(char::from(b"RCDHMErcdhme"[code])));
        }
    }
    // Removing a piece from a trap never leaves another alone: no square touches two.
    for sq in board.unsupported_on_traps() {
        board.set(sq, None);
    }
    let side = if first & 2 == 0 {
        Color::Gold
    } else {
        Color::Silver
    };
    Some((Position::new(board, side).ok()?, rest))
}

/// The position's state that every operation must keep consistent: the board has no
/// piece left alone on a trap, and a fresh position built from the board has the same
/// hash as the one kept up step by step.
fn check_consistent(pos: &Position) {
    let board = pos.board();
    assert!(
        board.unsupported_on_traps().is_empty(),
        "a piece left alone on a trap in {pos:?}"
    );
    assert!(
        (board.color(Color::Gold) & board.color(Color::Silver)).is_empty(),
        "a square of both colours in {pos:?}"
    );
    let mut count = 0;
    for sq in Square::ALL {
        if board.piece_at(sq).is_some() {
            count += 1;
        }
    }
    assert_eq!(
        count,
        board.occupied().count(),
        "pieces and occupancy disagree in {pos:?}"
    );
    match Position::new(*board, pos.side_to_move()) {
        Ok(fresh) => {
            assert_eq!(fresh.zobrist(), pos.zobrist(), "stale hash in {pos:?}");
            // Between turns nothing but the board and the side is left: the position
            // is the fresh one, and has the same steps.
            if pos.steps_taken() == 0 && pos.step_cap() == 4 {
                assert_eq!(&fresh, pos, "differs from its fresh rebuild");
                assert!(
                    fresh.legal_steps()[..] == pos.legal_steps()[..],
                    "other steps"
                );
            }
        }
        Err(e) => panic!("the board of {pos:?} is not a valid position: {e}"),
    }
    assert!(
        pos.steps_taken() <= pos.step_cap(),
        "more steps than the cap in {pos:?}"
    );
}

/// One operation of a play input.
enum Op {
    Step(Step),
    EndTurn,
    Cap(u8),
}

/// Reads the operations: a byte `v` with `v % 16 == 15` ends the turn, `v % 16 == 14`
/// sets the step cap to `(v >> 4) % 6` (0 and 5 are invalid caps), anything else is a
/// step in direction `v % 4` from the square whose index is the next byte modulo 64.
fn ops(bytes: &[u8]) -> Vec<Op> {
    let mut out = Vec::new();
    let mut it = bytes.iter();
    while let Some(&v) = it.next() {
        out.push(match v % 16 {
            15 => Op::EndTurn,
            14 => Op::Cap((v >> 4) % 6),
            _ => {
                let Some(&s) = it.next() else {
                    break;
                };
                let sq = Square::ALL[usize::from(s % 64)];
                Op::Step(Step::new(sq, Direction::ALL[usize::from(v % 4)]))
            }
        });
    }
    out
}

/// Play through the checked API: every operation (a step, ending the turn, a step cap)
/// either applies or returns an error and leaves the position exactly as it was; the
/// position stays consistent; a step is accepted exactly when it is among the legal
/// steps; a turn ends exactly when `check_end_turn` says so, and only on a changed
/// board; a generated move then plays.
pub fn play(data: &[u8]) {
    let Some((mut pos, bytes)) = play_start(data) else {
        return;
    };
    check_consistent(&pos);
    for op in ops(bytes).into_iter().take(512) {
        let before = pos.clone();
        match op {
            Op::Step(step) => {
                let legal = before.legal_steps().contains(&step);
                assert_eq!(legal, before.is_legal_step(step), "{step} in {before:?}");
                assert_eq!(
                    legal,
                    before.check_step(step).is_ok(),
                    "{step} in {before:?}"
                );
                match pos.play_step(step) {
                    Ok(_) => assert!(legal, "illegal {step} accepted in {before:?}"),
                    Err(_) => {
                        assert!(!legal, "legal {step} refused in {before:?}");
                        assert_eq!(pos, before, "a refused step changed the position");
                    }
                }
            }
            Op::EndTurn => {
                let allowed = before.check_end_turn().is_ok();
                match pos.end_turn() {
                    Ok(()) => {
                        assert!(allowed, "end of turn accepted against check_end_turn");
                        assert_ne!(before.turn_start_board(), pos.board(), "unchanged turn");
                        assert_eq!(pos.side_to_move(), !before.side_to_move());
                        assert_eq!(pos.steps_taken(), 0);
                    }
                    Err(_) => {
                        assert!(!allowed, "end of turn refused against check_end_turn");
                        assert_eq!(pos, before, "a refused end of turn changed the position");
                    }
                }
            }
            Op::Cap(cap) => {
                if pos.set_step_cap(cap).is_err() {
                    assert_eq!(pos, before, "a refused step cap changed the position");
                }
            }
        }
        check_consistent(&pos);
    }
    // A whole generated turn plays through the checked API from where the steps left
    // the turn (on small boards: full generation on crowded ones is slow to fuzz).
    if pos.board().occupied().count() > 12 {
        return;
    }
    let moves = pos.legal_moves();
    if let Some(mv) = moves.get(bytes.len() % moves.len().max(1)) {
        match pos.after(mv) {
            Ok(after) => check_consistent(&after),
            Err(e) => panic!("generated move {mv:?} refused in {pos:?}: {e}"),
        }
    }
}

/// Clicks: any click, undo, clear or switch between arrows and steps on any position
/// (mid-turn too) never panics; a refused click leaves the input as it was; the step
/// board is the position with the steps drawn played in order; a preview's move is
/// legal, gives the position it shows, and typing the input's own Lightvector text in
/// the same reading gives the same board.
pub fn clicks(data: &[u8]) {
    let Some((pos, bytes)) = play_start(data) else {
        return;
    };
    let mut input = ClickInput::new(pos.clone());
    // What a refused click must leave as it was.
    let visible = |input: &ClickInput| {
        (
            input.instructions().to_vec(),
            input.steps().to_vec(),
            input.step_board().clone(),
            input.selection(),
            input.preview().clone(),
        )
    };
    for &b in bytes.iter().take(64) {
        match b {
            64..=71 => {
                let _ = input.undo();
            }
            72 => input.clear(),
            73 => input.set_mode(ClickMode::Steps),
            74 => input.set_mode(ClickMode::Arrows),
            _ => {
                let before = visible(&input);
                if input.click(Square::ALL[usize::from(b % 64)]).is_err() {
                    let after = visible(&input);
                    assert_eq!(before, after, "a refused click changed the input");
                }
            }
        }
        let mut board = pos.clone();
        for s in input.steps() {
            assert_eq!(board.board().piece_at(s.from), Some(s.piece), "{s:?}");
            board
                .play_step(s.step())
                .unwrap_or_else(|e| panic!("step {s:?} drawn is illegal: {e}"));
        }
        assert_eq!(
            &board,
            input.step_board(),
            "the step board is not the steps'"
        );
        if let Preview::Move(m) = input.preview() {
            let after = pos
                .after(&m.mv)
                .unwrap_or_else(|e| panic!("preview move {:?} illegal in {pos:?}: {e}", m.mv));
            assert_eq!(after, m.after, "the preview's position is not its move's");
            let typed: lightvector::Lightvector = input
                .text()
                .parse()
                .unwrap_or_else(|e| panic!("own tokens {:?} unreadable: {e}", input.text()));
            let again = typed
                .resolve_with(&pos, input.options())
                .unwrap_or_else(|e| panic!("own tokens {typed} do not resolve: {e}"));
            assert_eq!(
                pos.after(&again.mv).map(|p| *p.board()).ok(),
                Some(*after.board()),
                "typing {typed} gives another move"
            );
        }
    }
}

/// Tactics: every move the goal and capture queries give plays step by step through the
/// checked API, ends the turn, and does what it claims in exactly its length; on small
/// boards the fewest steps equal the full-turn enumeration's.
pub fn tactics(data: &[u8]) {
    let Some((pos, bytes)) = play_start(data) else {
        return;
    };
    let side = pos.side_to_move();
    let replay = |mv: &Move| -> Position {
        let mut p = pos.clone();
        for &step in mv.steps() {
            p.play_step(step)
                .unwrap_or_else(|e| panic!("witness {mv:?} has an illegal step in {pos:?}: {e}"));
        }
        assert!(
            mv.is_empty() || p.can_end_turn(),
            "witness {mv:?} cannot end the turn in {pos:?}"
        );
        p
    };
    let goal = pos.goal_move();
    if let Some(mv) = &goal {
        let end = replay(mv);
        assert!(
            end.board().rabbit_on_goal(side),
            "goal witness {mv:?} reaches no goal in {pos:?}"
        );
    }
    let captures = pos.capture_moves();
    for (sq, mv) in captures.iter() {
        let Some(piece) = pos.board().piece_at(sq).filter(|p| p.color != side) else {
            panic!("{sq} is not an enemy piece in {pos:?}");
        };
        let end = replay(mv);
        assert!(
            end.board().count(piece) < pos.board().count(piece),
            "capture witness {mv:?} for {sq} captures nothing of its kind in {pos:?}"
        );
    }
    // Small boards: the fewest steps against the full-turn enumeration.
    if pos.board().occupied().count() > 10 || bytes.is_empty() {
        return;
    }
    let moves = pos.legal_moves();
    let goal_now = pos.can_end_turn() && pos.board().rabbit_on_goal(side);
    let fewest_goal = if goal_now {
        Some(0)
    } else {
        moves
            .iter()
            .filter(|m| pos.after(m).is_ok_and(|a| a.board().rabbit_on_goal(side)))
            .map(Move::len)
            .min()
    };
    assert_eq!(
        goal.map(|m| m.len()),
        fewest_goal,
        "goal steps differ from the enumeration in {pos:?}"
    );
    let enemy_count = pos.board().color(!side).count();
    let fewest_capture = moves
        .iter()
        .filter(|m| {
            pos.after(m)
                .is_ok_and(|a| a.board().color(!side).count() < enemy_count)
        })
        .map(Move::len)
        .min();
    assert_eq!(
        captures.fewest_steps(),
        fewest_capture,
        "fewest capture steps differ from the enumeration in {pos:?}"
    );
}

/// Whether every fixed position of the targets reads (for the regression test).
pub fn positions_read() -> bool {
    (0..POSITIONS.len()).all(|i| pick(i as u8).is_some())
}
