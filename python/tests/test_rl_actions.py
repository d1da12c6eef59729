"""The step action space in Python: masks against the crate's full-turn generation
(following masks reaches exactly the boards of legal_moves, with no dead end), play_action,
the planes, the mirror, and pickling after play_action."""

import pickle

import arimaa
import numpy as np
import pytest
from conftest import OPENING, board_records, data_path


def reachable(pos, mask_of):
    """Every board (with the side to move after) that following masks from pos reaches,
    asserting that every action offered leads to at least one (no dead end)."""
    memo = {}

    def visit(p):
        key = str(p)
        if key in memo:
            return memo[key]
        ends = set()
        mask = mask_of(p)
        assert mask.dtype == np.bool_ and mask.shape == (257,)
        for a in np.flatnonzero(mask):
            q = p.copy()
            q.play_action(int(a))
            if a == 256:
                ends.add(str(q))
            else:
                found = visit(q)
                assert found, f"action {a} in the mask of {p} leads to no legal turn"
                ends |= found
        memo[key] = ends
        return ends

    return visit(pos)


def boards_of(pos, moves):
    return {str(pos.after(m)) for m in moves}


def small_positions(limit=2000):
    out = []
    for side, board, count in board_records("small-positions.txt", "pyrimaa_unique"):
        if count <= limit:
            out.append(arimaa.Position(side + " " + board))
    return out


def archive_positions(step=40):
    with open(data_path("allgames201111-sample.tsv"), encoding="utf-8") as f:
        replays = arimaa.replay_archive(f.read())
    out = []
    for r in replays[:6]:
        out.extend(r.positions()[5::step])
    return out


def test_constants():
    assert arimaa.ACTIONS == 257
    assert arimaa.OBSERVATION_SHAPE == (19, 8, 8)
    m = arimaa.MIRROR_ACTIONS
    assert m.shape == (257,) and m.dtype.kind == "i"
    assert (m[m] == np.arange(257)).all() and m[256] == 256
    # e2 north (4 * 12 + 0) mirrors to d2 north (4 * 11 + 0); a1 east to h1 west.
    assert m[48] == 44 and m[1] == 4 * 7 + 3
    f = arimaa.FLIP_RANKS_ACTIONS
    assert (f[f] == np.arange(257)).all() and f[48] == 4 * 52 + 2
    with pytest.raises(ValueError):
        m[0] = 1
    assert arimaa.Step("e2n").action == 48 and str(arimaa.Step.from_action(48)) == "e2n"
    assert arimaa.Step.from_action(256) is None and arimaa.Step.from_action(2) is None


@pytest.mark.parametrize("pos", small_positions(), ids=str)
def test_masks_reach_exactly_the_legal_moves_small(pos):
    assert reachable(pos, lambda p: p.action_mask()) == boards_of(pos, pos.legal_moves())


def test_masks_reach_exactly_the_legal_moves_archive_and_mid_turn():
    positions = archive_positions()
    assert len(positions) >= 8
    checked = 0
    for pos in positions:
        if pos.outcome() is not None or pos.count_moves() > 6000:
            continue
        assert reachable(pos, lambda p: p.action_mask()) == boards_of(pos, pos.legal_moves())
        # Mid-turn: after the first step offered, the mask still reaches exactly the
        # boards of the legal moves of that turn state.
        first = int(np.flatnonzero(pos.action_mask())[0])
        mid = pos.copy()
        mid.play_action(first)
        assert reachable(mid, lambda p: p.action_mask()) == boards_of(mid, mid.legal_moves())
        checked += 1
    assert checked >= 5


def test_game_masks_in_random_games_with_repetition_context():
    env = arimaa.VecEnv(num_envs=4, seed=7, observations=False)
    env.reset()
    for _ in range(150):
        env.step(env.random_actions())
    for i in range(4):
        game, turn = env.game(i), env.position(i)
        ends = reachable(turn, lambda p: game.action_mask(p))
        start = game.position
        assert reachable(start, lambda p: game.action_mask(p)) == boards_of(start, game.legal_moves())
        assert ends <= boards_of(start, game.legal_moves())
        assert (game.action_mask(turn) <= turn.action_mask()).all()


def test_play_action_and_refusals():
    pos = arimaa.Position(OPENING)
    before = str(pos)
    for bad in (0, 256, 4 * 12 + 2):  # a1n (occupied), end with no step, e2s (occupied)
        with pytest.raises(arimaa.IllegalMove):
            pos.play_action(bad)
        assert str(pos) == before
    for bad in (-1, 257, 10**20):
        with pytest.raises((arimaa.ArimaaError, OverflowError)):
            pos.play_action(bad)
        assert str(pos) == before
    assert not pos.is_legal_action(256) and pos.is_legal_action(48)
    assert pos.play_action(48) is None
    assert pos.action_mask()[256]
    pos.play_action(256)
    assert pos.side_to_move == "silver"


def test_capture_returned_and_pickled_after_play_action():
    pos = arimaa.Position.from_pieces({"c4": "r", "e5": "E", "d4": "E", "b3": "R"}, "gold")
    # Rb3 east would walk onto the trap c3 alone: captured.
    a = arimaa.Step("b3e").action
    assert pos.action_mask()[a]
    assert pos.play_action(a) == "c3"
    states = [pos.copy()]
    pos2 = arimaa.Position(OPENING)
    for a in (48, 44):
        pos2.play_action(a)
        states.append(pos2.copy())
    for s in states:
        for proto in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(s, protocol=proto))
            assert back == s and str(back) == str(s)
            assert (back.action_mask() == s.action_mask()).all()
            assert (back.observation() == s.observation()).all()


def test_observation_planes():
    pos = arimaa.Position(OPENING)
    obs = pos.observation()
    assert obs.dtype == np.float32 and obs.shape == arimaa.OBSERVATION_SHAPE
    assert obs[0, 0].sum() == 8  # Gold's rabbits fill rank 1 (row 0) in the opening
    assert obs[12].min() == 1 and obs[13].min() == 1 and np.allclose(obs[18], 1 / 3)
    game = arimaa.Game.from_position(pos)
    assert (game.observation() == obs).all() and (game.action_mask() == pos.action_mask()).all()
    # Mid-turn, plane 18 is that of Game.from_position's game: 0 on a new board, 1/3
    # when the turn's steps bring the starting board back.
    mid = pos.copy()
    mid.play_action(48)
    assert mid.observation()[18].max() == 0
    assert (game.observation(mid) == mid.observation()).all()
    back = mid.copy()
    back.play_action(4 * 20 + 2)  # e3 south: the opening's board again, mid-turn
    assert np.allclose(back.observation()[18], 1 / 3)
    assert (game.observation(back) == back.observation()).all()
    pos.play_action(48)
    pos.play_action(256)
    mover = pos.observation("mover")
    flipped = pos.flip_colors().observation()
    # Silver's view: its pieces as "own" planes, ranks reversed; the same pieces as the
    # colour-flipped position's Gold, but plane 12 says Silver is to move.
    assert (mover[:12] == flipped[:12]).all() and mover[12].max() == 0
    assert (pos.action_mask("mover") == pos.action_mask()[arimaa.FLIP_RANKS_ACTIONS]).all()


def test_mirror_commutes():
    for pos in archive_positions(step=60)[:6] + [arimaa.Position(OPENING)]:
        mirrored = pos.mirror_files()
        assert (mirrored.action_mask() == pos.action_mask()[arimaa.MIRROR_ACTIONS]).all()
        assert (mirrored.observation() == arimaa.mirror_observation(pos.observation())).all()
        batch = np.stack([pos.observation(), mirrored.observation()])
        assert (arimaa.mirror_observation(batch)[::-1] == batch).all()
    with pytest.raises(arimaa.ArimaaError):
        arimaa.mirror_observation(np.zeros((19, 8, 7), dtype=np.float32))
