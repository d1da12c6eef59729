"""Games: setups, play, repetition, undo and results."""

import arimaa
import pytest
from conftest import OPENING

GOLD_SETUP = "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2"
SILVER_SETUP = "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7"


def test_setups_then_play():
    g = arimaa.Game()
    assert g.phase == "setup gold" and g.outcome is None
    with pytest.raises(arimaa.GameStateError):
        g.play("Ee2n")
    g.play_setup(GOLD_SETUP)
    assert g.phase == "setup silver"
    g.play_setup(SILVER_SETUP)
    assert g.phase == "play" and g.turns == 2
    assert str(g.position) == "g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]"
    assert len(g.legal_moves()) == g.position.count_moves()
    assert g.play("Ee2n Ee3n") is None
    assert g.position.side_to_move == "silver"
    with pytest.raises(arimaa.GameStateError):
        g.play_setup(GOLD_SETUP)
    g.undo()
    assert g.position.side_to_move == "gold" and g.turns == 2


def test_bad_setup_leaves_game():
    g = arimaa.Game()
    with pytest.raises(arimaa.GameStateError):
        g.play_setup("Ra1")  # not a whole army
    with pytest.raises(arimaa.ParseError):
        g.play_setup("Zz9")
    assert g.phase == "setup gold" and g.turns == 0


def test_third_repetition_is_refused():
    g = arimaa.Game.from_position(arimaa.Position(OPENING))
    cycle = ["Ee2n", "ed7s", "Ee3s", "ed6n"]
    for mv in cycle + cycle[:3]:
        g.play(mv)
    assert g.times_seen(arimaa.Position(OPENING)) == 2
    before = str(g.position)
    moves = g.legal_moves()
    with pytest.raises(arimaa.IllegalMove):
        g.play("ed6n")
    assert str(g.position) == before and g.turns == 7
    assert arimaa.Move("d6n") not in moves
    assert len(moves) == g.position.count_moves() - 1


def test_result_and_over():
    pos = arimaa.Position("g [                      r          R                              ]")
    g = arimaa.Game.from_position(pos)
    assert g.play("Rb4n Rb5n Rb6n Rb7n") == ("gold", "goal")
    assert g.phase == "over" and g.outcome == ("gold", "goal")
    with pytest.raises(arimaa.GameStateError):
        g.play("rg6s")
    g.undo()
    assert g.outcome is None and g.phase == "play"
    with pytest.raises(arimaa.GameStateError):
        arimaa.Game().undo()


def test_game_copies():
    import copy

    g = arimaa.Game.from_position(arimaa.Position(OPENING))
    h = copy.deepcopy(g)
    g.play("Ee2n")
    assert h.turns == 0 and g.turns == 1 and copy.copy(g).turns == 1
