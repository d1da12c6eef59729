"""arimaa.VecEnv and arimaa.Episode: games that replay legally through arimaa.Game with
the rewards matching the results, refusals that change nothing, observations=False,
determinism by seed, the starts and the views."""

import arimaa
import numpy as np
import pytest
from conftest import OPENING


class Tracker:
    """Each game's current episode: the game at its start and the actions since."""

    def __init__(self, env):
        self.env = env
        self.starts = [env.game(i) for i in range(env.num_envs)]
        self.actions = [[] for _ in range(env.num_envs)]
        self.finished = []

    def step(self, actions):
        out = self.env.step(actions)
        _, _, reward, terminated, truncated = out
        for i, a in enumerate(actions):
            self.actions[i].append(int(a))
            if terminated[i] or truncated[i]:
                self.finished.append(
                    (self.starts[i], self.actions[i], float(reward[i]), bool(terminated[i]))
                )
                self.starts[i] = self.env.game(i)
                self.actions[i] = []
        return out


def replay(start, actions, max_turns):
    """Plays an episode's actions through arimaa.Game, checking each against the game's
    mask; returns (game, the side of the last action)."""
    game = start.copy()
    turn = game.position
    steps, mover = [], None
    for a in actions:
        assert game.action_mask(turn)[a], f"action {a} not in the game's mask at {turn}"
        mover = turn.side_to_move
        if a == 256:
            game.play(steps)
            steps, turn = [], game.position
        else:
            steps.append(arimaa.Step.from_action(a))
            turn.play_action(a)
    return game, mover


def test_random_games_replay_legally_with_matching_rewards():
    max_turns = 40
    env = arimaa.VecEnv(num_envs=16, seed=3, max_turns=max_turns, observations=False)
    obs, mask = env.reset()
    assert obs is None and mask.shape == (16, 257) and mask.dtype == np.bool_
    tracker = Tracker(env)
    for _ in range(1500):
        actions = env.random_actions()
        assert actions.dtype == np.int64 and actions.shape == (16,)
        assert mask[np.arange(16), actions].all()
        _, mask, reward, terminated, truncated = tracker.step(actions)
        assert not (terminated & truncated).any()
        assert ((reward != 0) == terminated).all()
    assert len(tracker.finished) >= 16
    kinds = set()
    for start, actions, reward, terminated in tracker.finished:
        game, mover = replay(start, actions, max_turns)
        assert actions[-1] == 256
        if terminated:
            winner, _ = game.outcome
            assert reward == (1.0 if winner == mover else -1.0)
        else:
            assert game.outcome is None and game.turns == 2 + max_turns and reward == 0
        kinds.add(terminated)
    assert kinds == {True, False}


def test_restart_gives_the_new_games_observation_and_mask():
    env = arimaa.VecEnv(num_envs=8, seed=5, max_turns=3)
    env.reset()
    seen_restart = False
    for _ in range(200):
        obs, mask, _, terminated, truncated = env.step(env.random_actions())
        for i in np.flatnonzero(terminated | truncated):
            seen_restart = True
            assert env.turns_played()[i] == 0 and env.steps_taken()[i] == 0
            assert (obs[i] == env.game(i).observation()).all()
            assert (mask[i] == env.game(i).action_mask()).all()
            assert env.seeds()[i] == arimaa.VecEnv.episode_seed(5, int(i), int(env.episodes()[i]))
    assert seen_restart


def test_illegal_action_refused_and_nothing_changes():
    env = arimaa.VecEnv(num_envs=6, seed=11)
    obs, mask = env.reset()
    for _ in range(30):
        env.step(env.random_actions())
    _, mask, *_ = env.step(env.random_actions())
    mask = mask.copy()
    before = [str(env.position(i)) for i in range(6)]
    actions = env.random_actions()
    bad = actions.copy()
    bad[3] = int(np.flatnonzero(~mask[3])[0])
    with pytest.raises(ValueError, match="game 3"):
        env.step(bad)
    with pytest.raises(ValueError):
        env.step(actions[:5])
    out_of_range = actions.copy()
    out_of_range[2] = 999
    with pytest.raises(ValueError, match="game 2"):
        env.step(out_of_range)
    with pytest.raises(ValueError, match="integers"):
        env.step(actions.astype(np.float64))
    assert [str(env.position(i)) for i in range(6)] == before
    # The refused calls left the games as they were: the same step as an untouched twin.
    twin = arimaa.VecEnv(num_envs=6, seed=11)
    twin.reset()
    for _ in range(31):
        twin.step(twin.random_actions())
    assert [str(twin.position(i)) for i in range(6)] == before
    a = env.step(actions)
    b = twin.step(actions)
    for x, y in zip(a, b):
        assert (x == y).all()


def test_determinism_by_seed_threads_and_buffers():
    runs = []
    for threads, reuse in ((1, True), (2, False), (3, True)):
        # 200 games: more than one chunk of 64, so that threads share them out.
        env = arimaa.VecEnv(num_envs=200, seed=42, max_turns=20, threads=threads, reuse_buffers=reuse)
        trace = [tuple(x.copy() for x in env.reset())]
        for _ in range(120):
            trace.append(tuple(x.copy() for x in env.step(env.random_actions())))
        runs.append(trace)
    for other in runs[1:]:
        for a, b in zip(runs[0], other):
            for x, y in zip(a, b):
                assert (x == y).all()
    other_seed = arimaa.VecEnv(num_envs=200, seed=43)
    assert not (other_seed.reset()[0] == runs[0][0][0]).all()


def test_buffers_reused_or_fresh():
    env = arimaa.VecEnv(num_envs=4, seed=0)
    o1, m1 = env.reset()
    o2, m2, *_ = env.step(env.random_actions())
    assert o1 is o2 and m1 is m2
    env = arimaa.VecEnv(num_envs=4, seed=0, reuse_buffers=False)
    o1, m1 = env.reset()
    o2, m2, *_ = env.step(env.random_actions())
    assert o1 is not o2 and not np.shares_memory(o1, o2)


def test_read_only_buffer_refused_not_written():
    env = arimaa.VecEnv(num_envs=4, seed=0)
    obs, mask = env.reset()
    obs.flags.writeable = False
    before = obs.copy()
    with pytest.raises(ValueError, match="read-only"):
        env.step(env.random_actions())
    assert (obs == before).all()
    # Python lists of ints are taken too.
    env = arimaa.VecEnv(num_envs=4, seed=0, observations=False)
    env.reset()
    env.step([int(a) for a in env.random_actions()])


def test_reset_seed_and_episodes():
    env = arimaa.VecEnv(num_envs=3, seed=9)
    first = env.reset()[0].copy()
    assert (env.episodes() == 0).all()
    env.reset()
    assert (env.episodes() == 1).all()
    again = env.reset(seed=9)[0]
    assert (again == first).all() and (env.episodes() == 0).all()


def test_starts_views_and_inspection():
    env = arimaa.VecEnv(num_envs=4, seed=1, start="99of9")
    obs, mask = env.reset()
    assert len({str(env.position(i)) for i in range(4)}) == 1
    assert (env.side_to_move() == 1).all()
    first = np.full(4, int(np.flatnonzero(mask[0])[0]))
    env.step(first)
    env.step(np.full(4, 256))
    assert (env.side_to_move() == -1).all()
    mover = arimaa.VecEnv(num_envs=4, seed=1, start="99of9", view="mover")
    mover.reset()
    mover.step(first)
    o, m, *_ = mover.step(np.full(4, 256))
    pos = mover.position(0)
    assert pos.side_to_move == "silver"
    assert (o[0] == mover.game(0).observation(view="mover")).all()
    assert (m[0] == pos.action_mask("mover")).all()
    # An action in Silver's view is the board's action with ranks reversed.
    a = int(np.flatnonzero(m[0])[0])
    mover.step(np.full(4, a))
    expected = pos.copy()
    expected.play_action(int(arimaa.FLIP_RANKS_ACTIONS[a]))
    assert mover.position(0) == expected
    for _ in range(50):
        r = mover.random_actions()
        assert m[np.arange(4), r].all()
        o, m, *_ = mover.step(r)
    given = arimaa.Position(OPENING)
    env = arimaa.VecEnv(num_envs=2, seed=0, start=given)
    assert str(env.position(0)) == str(given)
    endless = arimaa.VecEnv(num_envs=2, seed=0, start="endless", max_turns=10)
    endless.reset()
    for _ in range(100):
        endless.step(endless.random_actions())
    with pytest.raises(ValueError):
        arimaa.VecEnv(num_envs=2, start="chess960")
    won = arimaa.Position("s [R" + " " * 63 + "]")  # a Gold rabbit on a8, no Silver rabbit
    with pytest.raises(ValueError):
        arimaa.VecEnv(num_envs=2, start=won)
    with pytest.raises(ValueError):
        arimaa.Episode(start=won)
    with pytest.raises(IndexError):
        env.position(2)
    with pytest.raises(ValueError):
        arimaa.VecEnv(num_envs=0)


def test_episode_single_game():
    ep = arimaa.Episode(seed=4, max_turns=5)
    start = ep.game
    actions = []
    done = False
    while not done:
        a = ep.random_action()
        assert ep.action_mask()[a]
        assert (ep.observation() == ep.game.observation(ep.position)).all()
        reward, terminated, truncated = ep.step(a)
        actions.append(a)
        done = terminated or truncated
    assert ep.is_over and not ep.action_mask().any() and ep.random_action() is None
    with pytest.raises(arimaa.IllegalMove):
        ep.step(256)
    game, _ = replay(start, actions, 5)
    assert game.turns == ep.game.turns
    ep.reset(4)
    assert str(ep.position) == str(start.position) and ep.turns_played == 0


def test_random_actions_and_checks_follow_the_returned_masks():
    # The random actions and the check of the actions read each game's mask from a
    # compact copy kept beside the games: it must be the mask returned, in both views,
    # right after construction, after every step and after reset(seed).
    for view in ("absolute", "mover"):
        env = arimaa.VecEnv(num_envs=130, seed=5, max_turns=8, view=view, threads=2, observations=False)
        first = env.random_actions()
        _, mask = env.reset()
        rows = np.arange(130)
        assert mask[rows, first].all()
        for _ in range(80):
            actions = env.random_actions()
            assert mask[rows, actions].all()
            mask = env.step(actions)[1].copy()
        mask = env.reset(7)[1].copy()
        assert mask[rows, env.random_actions()].all()
        # An action outside game 129's mask is refused, naming the game; nothing changes.
        bad = env.random_actions()
        bad[129] = int(np.flatnonzero(~mask[129])[0])
        before = [str(env.position(i)) for i in (0, 129)]
        with pytest.raises(arimaa.IllegalMove, match="game 129"):
            env.step(bad)
        assert [str(env.position(i)) for i in (0, 129)] == before
