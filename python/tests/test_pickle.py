"""Pickling and copying round trips (multiprocessing and Ray pickle their arguments)."""

import copy
import pickle

import arimaa
from conftest import OPENING


def roundtrips(obj):
    return [pickle.loads(pickle.dumps(obj, protocol=p)) for p in range(pickle.HIGHEST_PROTOCOL + 1)]


def test_position_between_and_inside_turns():
    pos = arimaa.Position(OPENING)
    states = [pos.copy()]
    for step in ("d2n", "d3n", "e2n"):
        pos.play_step(step)
        states.append(pos.copy())
    pull = arimaa.Position.from_pieces({"d5": "r", "e5": "E"}, "gold")
    pull.play_step("e5e")  # the rabbit on d5 may now be pulled
    states.append(pull)
    capped = arimaa.Position(OPENING)
    capped.set_step_cap(2)
    states.append(capped)
    for state in states:
        for back in roundtrips(state) + [copy.copy(state), copy.deepcopy(state)]:
            assert back == state and hash(back) == hash(state) and str(back) == str(state)
            assert back.count_moves() == state.count_moves()


def test_moves_and_steps():
    pos = arimaa.Position(OPENING)
    for mv in pos.legal_moves()[::97] + [arimaa.Move("e2n e3n")]:
        for back in roundtrips(mv):
            assert back == mv and str(back) == str(mv)
    for step in pos.legal_steps():
        assert all(back == step for back in roundtrips(step))


def test_copies_are_independent():
    pos = arimaa.Position(OPENING)
    for other in (copy.copy(pos), copy.deepcopy(pos), pos.copy()):
        other.play("e2n")
        assert pos == arimaa.Position(OPENING) and other != pos
