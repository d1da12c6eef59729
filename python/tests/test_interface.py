"""The interface of issue 22 and the Python idiom around it."""

import threading

import arimaa
import pytest
from conftest import OPENING


def test_exact_interface():
    pos = arimaa.Position("g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]")
    assert str(pos) == "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"
    assert pos.count_moves() == 3353
    moves = pos.legal_moves()
    assert isinstance(moves, list) and len(moves) == 3353
    assert all(isinstance(m, arimaa.Move) for m in moves)
    assert len(set(moves)) == 3353
    with pytest.raises(ValueError):
        arimaa.Position("g [not a board]")
    assert arimaa.OPENING == OPENING


def test_board_access(opening):
    assert opening.side_to_move == "gold"
    assert opening.piece_at("e2") == "E"
    assert opening.piece_at("d7") == "e"
    assert opening.piece_at("e4") is None
    pieces = opening.pieces()
    assert len(pieces) == 32 and pieces["a1"] == "R" and pieces["h8"] == "r"
    assert arimaa.Position.from_pieces(pieces, "gold") == opening
    assert arimaa.Position.from_pieces(pieces, "s").side_to_move == "silver"


def test_steps_and_turn_state(opening):
    steps = opening.legal_steps()
    assert all(isinstance(s, arimaa.Step) for s in steps)
    assert arimaa.Step("e2n") in steps
    assert opening.is_legal_step("e2n") and not opening.is_legal_step("e2s")
    assert not opening.can_end_turn()
    assert opening.play_step(arimaa.Step("e2", "n")) is None
    assert opening.steps_taken == 1 and opening.steps_left == 3 and opening.step_cap == 4
    assert opening.can_end_turn()
    text = str(opening)
    assert "steps 1/4" in text
    assert arimaa.Position(text) == opening
    opening.end_turn()
    assert opening.side_to_move == "silver" and opening.steps_taken == 0
    assert opening.piece_at("e3") == "E"


def test_step_type():
    s = arimaa.Step("e2n")
    assert (s.from_square, s.direction, s.to_square) == ("e2", "n", "e3")
    assert str(s) == "e2n" and repr(s) == "Step('e2n')"
    assert arimaa.Step("a8n").to_square is None
    assert s == arimaa.Step("e2", "n") and hash(s) == hash(arimaa.Step("e2n"))
    assert sorted([arimaa.Step("h1n"), arimaa.Step("a1n")])[0] == arimaa.Step("a1n")


def test_move_text_and_notation(opening):
    mv = opening.parse_move("Ee2n Ee3n")
    assert str(mv) == "Ee2n Ee3n" and mv.steps_text == "e2n e3n"
    assert [str(s) for s in mv.steps] == ["e2n", "e3n"] and len(mv) == 2
    assert mv[0] == arimaa.Step("e2n") and mv[-1] == arimaa.Step("e3n")
    bare = arimaa.Move("e2n e3n")
    assert bare == mv and hash(bare) == hash(mv) and str(bare) == "e2n e3n"
    assert arimaa.Move(["e2n", arimaa.Step("e3n")]) == mv
    assert str(arimaa.Move("e2n e3n", opening)) == "Ee2n Ee3n"
    assert opening.move_text("e2n e3n") == "Ee2n Ee3n"
    # A capture token is written after the step that causes it.
    assert opening.move_text("c2n") == "Cc2n Cc3x"
    assert str(opening.parse_move("Cc2n Cc3x")) == "Cc2n Cc3x"
    # Every generated move writes itself in official notation and reads back.
    for m in opening.legal_moves()[::37]:
        assert opening.parse_move(str(m)) == m


def test_play_forms(opening):
    a = opening.copy()
    a.play("Ee2n Ee3n")
    b = opening.copy()
    b.play("e2n e3n")
    c = opening.copy()
    c.play([arimaa.Step("e2n"), "e3n"])
    d = opening.after(arimaa.Move("e2n e3n"))
    assert a == b == c == d and a.side_to_move == "silver"
    assert opening.side_to_move == "gold"


def test_same_result_and_canonical(opening):
    de, ed = arimaa.Move("d2n e2n"), arimaa.Move("e2n d2n")
    assert de != ed and opening.same_result(de, ed)
    canonical = opening.canonical_move(ed)
    assert canonical == opening.canonical_move(de)
    assert canonical in opening.legal_moves()


def test_outcome_goal_captures():
    won = arimaa.Position("s [ R                                                      r       ]")
    assert won.outcome() == ("gold", "goal")
    assert arimaa.Position(OPENING).outcome() is None
    pos = arimaa.Position("g [    e              R                    Dc    r             E   ]")
    goal = pos.goal_move()
    assert goal is not None
    assert pos.after(goal).outcome() == ("gold", "goal")
    captures = pos.capture_moves()
    assert list(captures) == ["b3"]
    assert pos.after(captures["b3"]).piece_at("c3") is None
    assert arimaa.Position(OPENING).goal_move() is None


def test_keys(opening):
    assert hash(opening) == hash(arimaa.Position(OPENING))
    assert opening.zobrist == opening.turn_key
    one = opening.copy()
    one.play_step("d2n")
    three = opening.copy()
    for s in ("a2n", "a3s", "d2n"):
        three.play_step(s)
    assert one.zobrist == three.zobrist and one != three and one.turn_key != three.turn_key
    assert opening.flip_colors().side_to_move == "silver"


def test_threads_share_work():
    # Generation releases the GIL: threads run it at once and get the same answers.
    pos = arimaa.Position(OPENING)
    results = []
    threads = [threading.Thread(target=lambda: results.append(pos.count_moves())) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [3353] * 4


def test_help_and_docstrings():
    for obj in (arimaa, arimaa.Position, arimaa.Move, arimaa.Step, arimaa.Game,
                arimaa.Position.count_moves, arimaa.Position.legal_moves, arimaa.ArimaaError):
        assert obj.__doc__ and obj.__doc__.strip()


def test_big_lists_leave_the_collector_as_found():
    import gc

    big = arimaa.Position(OPENING)
    assert gc.isenabled()
    assert len(big.legal_moves()) == 3353
    assert gc.isenabled()
    gc.disable()
    try:
        assert len(big.legal_moves()) == 3353
        assert not gc.isenabled()
    finally:
        gc.enable()
