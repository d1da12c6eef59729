"""arimaa.archive_arrays on both archive files: the actions replayed through
Position.play_action (and Game.play at each turn's end) reproduce every game; masks,
planes and results agree with the replays."""

import arimaa
import numpy as np
import pytest
from conftest import data_path


def read(name):
    with open(data_path(name), encoding="utf-8") as f:
        return f.read()


@pytest.mark.parametrize("name", ["allgames202602.tsv", "allgames201111-sample.tsv"])
def test_actions_reproduce_every_game(name):
    text = read(name)
    small = name.startswith("allgames2011")
    arrays = arimaa.archive_arrays(text, observations=small)
    replays = arimaa.replay_archive(text)
    assert arrays["skipped"].size == 0
    n = arrays["action"].shape[0]
    assert arrays["mask"].shape == (n, 257) and arrays["mask"].dtype == np.bool_
    assert arrays["action"].dtype == np.int64 and arrays["result"].dtype == np.int8
    assert arrays["mask"][np.arange(n), arrays["action"]].all()
    assert set(np.unique(arrays["result"])) <= {-1, 1}
    if small:
        assert arrays["observation"].shape == (n, 19, 8, 8)
    else:
        assert "observation" not in arrays
    game_ix = arrays["game"]
    for g, r in enumerate(replays):
        rows = np.flatnonzero(game_ix == g)
        positions = r.positions()
        pos = positions[0].copy()
        turn_no = 0
        for k in rows:
            a = int(arrays["action"][k])
            mover = pos.side_to_move
            assert arrays["turn"][k] == turn_no
            assert arrays["result"][k] == (1 if mover == r.recorded_winner else -1)
            if small:
                assert (arrays["observation"][k, :18] == pos.observation()[:18]).all()
            pos.play_action(a)
            if a == 256:
                turn_no += 1
                assert pos == positions[turn_no], f"game {g}, turn {turn_no}"
        assert turn_no == len(r.moves()) == len(positions) - 1


def test_views_agree():
    text = read("allgames201111-sample.tsv")
    absolute = arimaa.archive_arrays(text, observations=False)
    mover = arimaa.archive_arrays(text, observations=False, view="mover")
    flip = arimaa.FLIP_RANKS_ACTIONS
    silver = np.zeros(len(absolute["action"]), dtype=bool)
    # Rows of Silver's turns: odd movement turns (Gold moves first in these games).
    silver[:] = absolute["turn"] % 2 == 1
    assert (mover["action"][~silver] == absolute["action"][~silver]).all()
    assert (mover["action"][silver] == flip[absolute["action"][silver]]).all()
    assert (mover["mask"][silver] == absolute["mask"][silver][:, flip]).all()


def test_not_an_archive():
    with pytest.raises(arimaa.ParseError):
        arimaa.archive_arrays("not\tan archive\n")
