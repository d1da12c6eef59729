"""The Ray self-play example (python/examples/ray_selfplay.py): its shards replay as
legal games with the crate.

It starts a local Ray (two CPUs), so it needs ``ray`` (``pip install ray``; ``.ci/run``
installs it) and takes about 15 s; without ray it is skipped. Run it alone with
``pytest python/tests/test_rl_ray.py``.
"""

import glob
import os
import subprocess
import sys

import numpy as np
import pytest

import arimaa

pytest.importorskip("ray")

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "examples", "ray_selfplay.py")
ACTORS, ENVS, SHARDS, STEPS, MAX_TURNS = 2, 8, 2, 300, 40


@pytest.fixture(scope="module")
def shards(tmp_path_factory):
    out = tmp_path_factory.mktemp("shards")
    args = [
        sys.executable, EXAMPLE, "--local", "--out", str(out),
        "--actors", str(ACTORS), "--envs", str(ENVS), "--shards", str(SHARDS),
        "--steps", str(STEPS), "--max-turns", str(MAX_TURNS), "--seed", "3",
    ]
    run = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    paths = sorted(glob.glob(os.path.join(out, "shard-*.npz")))
    assert len(paths) == ACTORS * SHARDS, run.stdout
    return [dict(np.load(p)) for p in paths]


def turn_steps(pos, action, steps):
    """Plays `action` on `pos`; a step is added to `steps`, the end of the turn returns
    the turn's steps (and empties `steps`)."""
    pos.play_action(int(action))
    step = arimaa.Step.from_action(int(action))
    if step is not None:
        steps.append(step)
        return None
    played, steps[:] = list(steps), []
    return played


class GameReplay:
    """A game that began in the shard: replayed through ``arimaa.Game``, which knows
    its repetitions, so the mask and observation must be the game's exactly."""

    def __init__(self, text):
        self.game = arimaa.Game.from_position(arimaa.Position(text))
        self.turn = self.game.position
        self.steps = []

    def check(self, row):
        assert np.array_equal(row["mask"], self.game.action_mask(self.turn))
        if "observation" in row:
            assert np.array_equal(row["observation"], self.game.observation(self.turn))
        mover = self.turn.side_to_move
        played = turn_steps(self.turn, row["action"], self.steps)
        if played is None:
            assert not row["terminated"] and row["reward"] == 0
            return
        outcome = self.game.play(played)
        self.turn = self.game.position
        assert row["terminated"] == (outcome is not None)
        if outcome is not None:
            assert row["reward"] == (1 if outcome[0] == mover else -1)
        else:
            assert row["reward"] == 0
            assert row["truncated"] == (self.game.turns >= MAX_TURNS)


class PositionReplay:
    """A game already under way when the shard began (its history is in an earlier
    shard): replayed on its position, whose mask ignores repetition, so the game's mask
    must lie within it and its planes agree but for the repetition plane."""

    def __init__(self, text):
        self.turn = arimaa.Position(text)
        self.steps = []

    def check(self, row):
        mask = self.turn.action_mask()
        assert row["mask"][row["action"]]
        assert not np.any(row["mask"] & ~mask)
        if "observation" in row:
            planes = self.turn.observation()
            assert np.array_equal(row["observation"][:-1], planes[:-1])
        mover = self.turn.side_to_move
        if turn_steps(self.turn, row["action"], self.steps) is None:
            assert not row["terminated"] and row["reward"] == 0
            return
        outcome = self.turn.outcome()
        if row["terminated"]:
            # Every ending by the rules but one a bare position cannot see (a side left
            # with only repeating turns) shows on the position.
            assert outcome is not None, str(self.turn)
            assert row["reward"] == (1 if outcome[0] == mover else -1)
        else:
            assert outcome is None and row["reward"] == 0


def test_shards_replay_as_legal_games(shards):
    counts = {"games": 0, "steps": 0, "terminated": 0, "truncated": 0}
    for n, shard in enumerate(shards):
        assert shard["action"].shape == (STEPS, ENVS)
        assert shard["mask"].shape == (STEPS, ENVS, arimaa.ACTIONS)
        assert shard["observation"].shape == (STEPS, ENVS) + tuple(arimaa.OBSERVATION_SHAPE)
        # Shards sort by actor, then by number: an actor's first shard begins with
        # fresh games (the env's reset), its others with games under way.
        replay = GameReplay if n % SHARDS == 0 else PositionReplay
        games = [replay(str(shard["start"][i])) for i in range(ENVS)]
        restarts = {
            (int(t), int(i)): str(p)
            for t, i, p in zip(shard["restart_step"], shard["restart_game"], shard["restart_position"])
        }
        for t in range(STEPS):
            for i in range(ENVS):
                row = {k: shard[k][t, i] for k in ("mask", "action", "reward", "terminated", "truncated", "observation")}
                games[i].check(row)
                counts["steps"] += 1
                if row["terminated"] or row["truncated"]:
                    counts["terminated" if row["terminated"] else "truncated"] += 1
                    counts["games"] += 1
                    games[i] = GameReplay(restarts.pop((t, i)))
        assert not restarts, "a restart with no game ending at its step"
    assert counts["steps"] == ACTORS * SHARDS * STEPS * ENVS
    # The run is seeded: games end both ways in it.
    assert counts["terminated"] > 0 and counts["truncated"] > 0, counts


def test_bad_policy_is_refused_before_ray_starts(tmp_path):
    run = subprocess.run(
        [sys.executable, EXAMPLE, "--local", "--out", str(tmp_path), "--policy", "nonsense"],
        capture_output=True, text=True, timeout=60,
    )
    assert run.returncode != 0
    assert "module:function" in run.stderr
