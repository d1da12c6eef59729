"""Variants: handicap and free setups, Endless Endgame, Dicey Moves."""

import arimaa
import pytest
from conftest import OPENING

GOLD_SETUP = "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2"
SILVER_SETUP = "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7"


def test_handicap_allows_less():
    with pytest.raises(arimaa.GameStateError):
        arimaa.Game().play_setup("Ra1 Ee2")
    g = arimaa.Game("handicap")
    assert g.variant == "handicap" and not g.dicey
    g.play_setup("Ra1 Ee2")
    g.play_setup(SILVER_SETUP)
    assert g.phase == "play" and len(g.position.pieces()) == 18


def test_endless_endgame_is_seeded():
    a, b = arimaa.Game("endless", seed=5), arimaa.Game("endless", seed=5)
    assert a.variant == "endless" and a.phase == "play"
    assert a.position == b.position and a.step_cap == 2
    assert all(len(m) <= 2 for m in a.legal_moves())


def test_dicey_moves():
    g = arimaa.Game(dicey=True, seed=1)
    g.play_setup(GOLD_SETUP)
    g.play_setup(SILVER_SETUP)
    assert g.phase == "roll"
    with pytest.raises(arimaa.GameStateError):
        g.play("Ee2n")
    with pytest.raises(arimaa.GameStateError):
        g.set_roll(5)
    assert 1 <= g.roll() <= 4
    assert g.phase == "play"
    with pytest.raises(arimaa.GameStateError):
        g.roll()
    cap = g.step_cap
    assert all(len(m) <= cap for m in g.legal_moves())
    g.play(g.legal_moves()[0])
    g.set_roll(1)
    assert g.step_cap == 1 and all(len(m) == 1 for m in g.legal_moves())


def test_bad_variant():
    with pytest.raises(arimaa.ArimaaError):
        arimaa.Game("chess")
    with pytest.raises(arimaa.ArimaaError):
        arimaa.Game.from_position(arimaa.Position(OPENING), "chess")
