"""arimaa.pettingzoo: PettingZoo's own api_test and seed_test, and games that replay
through arimaa.Game. Skipped only when pettingzoo is not installed (CI installs the
extra, so there it runs)."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import arimaa  # noqa: E402
from arimaa import pettingzoo as arimaa_pz  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402


# api_test's advice (Box or Discrete spaces, agent names like "player_0", a numpy
# observation) does not fit chess_v6's dict observations, which this follows.
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_api_test():
    api_test(arimaa_pz.env(), num_cycles=1000, verbose_progress=False)
    api_test(arimaa_pz.env(max_turns=3), num_cycles=1000, verbose_progress=False)


def test_seed_test():
    seed_test(arimaa_pz.env, num_cycles=500)


def test_a_whole_game_replays_and_rewards_the_winner():
    env = arimaa_pz.env(render_mode="ansi", max_turns=10_000)
    env.reset(seed=3)
    start = env.episode.game
    steps, turns, last_agent = [], [], None
    game = start.copy()
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        assert obs["observation"].shape == arimaa.OBSERVATION_SHAPE
        assert obs["action_mask"].dtype == np.int8
        if terminated or truncated:
            env.step(None)
            continue
        assert agent == game.position.side_to_move or steps
        a = env.episode.random_action()
        assert obs["action_mask"][a] == 1
        env.step(a)
        last_agent = agent
        if a == 256:
            game.play(steps)
            steps = []
        else:
            steps.append(arimaa.Step.from_action(a))
    winner, _ = game.outcome
    assert winner == last_agent
    assert env.agents == []
    assert env.render().startswith(env.episode.position.diagram())


def test_render_is_the_crates_diagram():
    pos = arimaa.Position(arimaa.OPENING)
    rows = pos.diagram().splitlines()
    assert rows[0] == "g" and rows[-1].split() == list("abcdefgh")
    # Empty traps are marked by the crate (c3, f3, c6 and f6), pieces by their letters.
    cells = {int(r[0]): r.split()[1:9] for r in rows[2:10]}
    traps = ["."] * 2 + ["x"] + ["."] * 2 + ["x"] + ["."] * 2
    assert cells[6] == traps and cells[3] == traps and cells[5] == ["."] * 8
    assert cells[2] == list("DHCMECHD") and cells[1] == list("RRRRRRRR")
    assert cells[8] == list("rrrrrrrr") and cells[7] == list("dhcemchd")
    env = arimaa_pz.env(render_mode="ansi")
    env.reset(seed=1)
    assert env.render().startswith(env.episode.position.diagram())


def test_illegal_action_raises_and_changes_nothing():
    env = arimaa_pz.env()
    env.reset(seed=0)
    before = str(env.episode.position)
    with pytest.raises(ValueError):
        env.step(256)
    with pytest.raises(ValueError):
        env.step(None)
    assert str(env.episode.position) == before and env.agent_selection == "gold"
    waiting = env.observe("silver")["action_mask"]
    assert not waiting.any() and env.observe("gold")["action_mask"].any()
