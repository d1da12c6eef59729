"""Random games whose move sets and results equal those of pyrimaa, the reference Python
implementation (PyPI package `aei`, installed by .ci/run; skipped without it)."""

import random

import arimaa
import pytest
from conftest import OPENING

board = pytest.importorskip("pyrimaa.board")

ARMY = "EMHHDDCCRRRRRRRR"


def reference(pos):
    """pyrimaa's position for ours (between turns, four steps)."""
    side = 0 if pos.side_to_move == "gold" else 1
    return board.parse_short_pos(side, 4, str(pos)[2:])


def reference_result(ref):
    """pyrimaa's result at the start of a turn, as (winner, reason) or None; and its
    moves (the boards they give, short form)."""
    moves = ref.get_moves()
    for check, reason in ((ref.is_goal, "goal"), (ref.is_rabbit_loss, "elimination")):
        r = check()
        if r:
            return ("gold" if r == 1 else "silver", reason), moves
    if not moves:
        return ("silver" if ref.color == 0 else "gold", "immobilization"), moves
    return None, moves


def compare(pos):
    """The same boards one turn can reach, and the same result; returns our moves."""
    ours = pos.legal_moves()
    result, ref_moves = reference_result(reference(pos))
    boards = {str(pos.after(m))[2:] for m in ours}
    assert len(boards) == len(ours)
    assert boards == {p.board_to_str("short") for p in ref_moves}, str(pos)
    assert pos.outcome() == result, str(pos)
    return ours


def random_position(rng):
    while True:
        squares = rng.sample([f + r for f in "abcdefgh" for r in "12345678"], rng.randrange(3, 9))
        pieces = {}
        for sq in squares:
            letter = rng.choice(ARMY)
            pieces[sq] = letter if rng.random() < 0.5 else letter.lower()
        try:
            return arimaa.Position.from_pieces(pieces, rng.choice(["gold", "silver"]))
        except arimaa.ArimaaError:
            continue  # a piece alone on a trap


def play_out(pos, rng, turns, ends):
    compared = 0
    for _ in range(turns):
        moves = compare(pos)
        compared += 1
        if pos.outcome() is not None:
            ends.append(pos.outcome()[1])
            break
        pos = pos.after(rng.choice(moves))
    return compared


def test_random_games_from_the_opening():
    rng = random.Random(2026)
    assert sum(play_out(arimaa.Position(OPENING), rng, 5, []) for _ in range(2)) == 10


def test_random_games_from_sparse_positions():
    rng = random.Random(22)
    ends = []
    compared = sum(play_out(random_position(rng), rng, 8, ends) for _ in range(40))
    assert compared >= 40
    # The results are compared too: goals, eliminations and immobilizations occur.
    assert {"goal", "elimination"} <= set(ends), ends
