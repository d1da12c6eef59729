"""Pickling and copying round trips (multiprocessing and Ray pickle their arguments)."""

import copy
import pickle

import arimaa
import pytest
from conftest import OPENING, data_path


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


# ---- games ----

GOLD_SETUP = "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2"
SILVER_SETUP = "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7"


def game_state(g):
    try:
        record = g.record()
    except arimaa.ArimaaError as e:  # games from a position have no move list
        record = type(e)
    return (g.variant, g.dicey, g.phase, g.turns, g.outcome, g.step_cap, str(g.position),
            g.position, g.times_seen(g.position), record)


def assert_same_game(back, g):
    """Equal now, equal move lists, and equal after every undo down to the start."""
    assert game_state(back) == game_state(g)
    if g.phase in ("play", "over"):
        assert back.legal_moves() == g.legal_moves()
    a, b = back.copy(), g.copy()
    while True:
        try:
            b.undo()
        except arimaa.GameStateError:
            with pytest.raises(arimaa.GameStateError):
                a.undo()
            break
        a.undo()
        assert game_state(a) == game_state(b)


def play_some(g, turns, pick=7):
    for i in range(turns):
        if g.phase == "roll":
            g.roll()
        if g.phase != "play":
            break
        moves = g.legal_moves()
        g.play(moves[(i * pick) % len(moves)])
    return g


def test_standard_games_at_every_stage():
    g = arimaa.Game(seed=3)
    stages = [g.copy()]
    g.play_setup(GOLD_SETUP)
    stages.append(g.copy())
    g.play_setup(SILVER_SETUP)
    stages.append(g.copy())
    play_some(g, 9)
    stages.append(g.copy())
    for stage in stages:
        for back in roundtrips(stage):
            assert_same_game(back, stage)
    back = pickle.loads(pickle.dumps(g))
    back.undo()
    g.undo()
    assert back.position == g.position and back.record() == g.record()


def test_finished_archive_game():
    with open(data_path("allgames202602.tsv"), encoding="utf-8") as f:
        replays = arimaa.replay_archive(f.read())
    goal = next(r for r in replays if r.termination == "g")
    g = goal.game
    assert g.phase == "over" and g.outcome is not None
    for back in roundtrips(g):
        assert_same_game(back, g)
        assert back.outcome == goal.outcome
        with pytest.raises(arimaa.GameStateError):
            back.play("e2n")


def test_handicap_free_and_from_position():
    h = arimaa.Game("handicap")
    h.play_setup("Ra1 Ee2")
    h.play_setup(SILVER_SETUP)
    play_some(h, 3)
    free = arimaa.Game("free")
    free.play_setup("Ea1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Re2 Cf2 Dg2 Hh2")
    pos = arimaa.Position.from_pieces({"d5": "r", "e5": "E", "a1": "R", "h8": "r"}, "gold")
    from_pos = play_some(arimaa.Game.from_position(pos), 4)
    for g in (h, free, from_pos, arimaa.Game.from_position(pos)):
        for back in roundtrips(g):
            assert_same_game(back, g)


def test_dice_and_endless_resume_their_random_numbers():
    dicey = arimaa.Game(dicey=True, seed=11)
    dicey.play_setup(GOLD_SETUP)
    dicey.play_setup(SILVER_SETUP)
    play_some(dicey, 5)
    awaiting_roll = dicey.copy()
    dicey.roll()  # a roll made, its move not yet
    endless = play_some(arimaa.Game("endless", dicey=True, seed=4), 3)
    for g in (awaiting_roll, dicey, endless, arimaa.Game("endless", seed=9)):
        for back in roundtrips(g):
            assert_same_game(back, g)
            a, b = play_some(back.copy(), 6), play_some(g.copy(), 6)
            assert game_state(a) == game_state(b)


def test_bad_game_state_is_refused():
    g = arimaa.Game()
    cls, args, state = g.__reduce__()
    assert cls is arimaa.Game and state[0] == 1
    bad = [
        (2,) + state[1:],
        state[:4] + ([("move", "e2n")],) + state[5:],
        state[:4] + ([("setup", "Zz9")],) + state[5:],
        state[:4] + ([("dance", "")],) + state[5:],
        state[:3] + ("not a position",) + state[4:],
        state[:5] + ((1, 2**40),),
    ]
    for s in bad:
        fresh = cls(*args)
        with pytest.raises(arimaa.ArimaaError):
            fresh.__setstate__(s)
        assert fresh.turns == 0 and fresh.phase == "setup gold"


def roll_and_report(g):
    """Runs in another process: the game arrives pickled."""
    if g.phase == "roll":
        g.roll()
    return g.step_cap, g.turns, str(g.position)


def test_multiprocessing_sends_games():
    import multiprocessing

    g = arimaa.Game("endless", dicey=True, seed=4)
    g.roll()
    g.play(g.legal_moves()[0])
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        results = pool.map(roll_and_report, [g, g])
    assert results[0] == results[1] == roll_and_report(g.copy())


def test_random_states_raise_or_replay():
    import random

    rnd = random.Random(7)
    texts = ["", "e2n", "Ee2n Ee3n", "Ra1 Rb1", "300", "0", "4", "-1", GOLD_SETUP, "\x00",
             "\u00e9" * 300, "a1n a2n a3n a4n a5n"]
    for i in range(300):
        variant = rnd.choice(["standard", "endless", "free"])
        g = arimaa.Game(variant, dicey=rnd.random() < 0.5, seed=i)
        cls, args, state = g.__reduce__()
        actions = [(rnd.choice(["setup", "roll", "move", "x"]), rnd.choice(texts))
                   for _ in range(rnd.randint(0, 4))]
        start = rnd.choice([None, state[3], OPENING, "junk", "g [" + "R" * 64 + "]"])
        seed = (rnd.randint(0, 2**64 - 1), rnd.randint(0, 1000))
        s = (1, rnd.choice([variant, "standard", "nope"]), rnd.random() < 0.5, start, actions, seed)
        fresh = cls(*args)
        before = game_state(fresh)
        try:
            fresh.__setstate__(s)
        except arimaa.ArimaaError:
            assert game_state(fresh) == before
