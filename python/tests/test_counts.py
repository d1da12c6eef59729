"""The published unique-move counts of every count file in tests/data (see its README)."""

import arimaa
from conftest import OPENING, board_records, data_lines


def test_opening_3353():
    lines = [l for l in data_lines("aei-opening.txt") if l.startswith("[")]
    pos = arimaa.Position("g " + lines[0])
    assert str(pos) == OPENING
    assert pos.count_moves() == 3353
    assert len(pos.legal_moves()) == 3353


def test_opfor():
    rows = [l.split("\t") for l in data_lines("opfor.tsv")[1:] if l.strip()]
    assert len(rows) == 29
    for side, board, count in rows:
        pos = arimaa.Position(side[0] + " " + board)
        assert pos.count_moves() == int(count), board


def test_clueless_benchmark():
    records = board_records("clueless-benchmark.txt", "count")
    assert len(records) == 32
    total = 0
    for side, board, count in records:
        pos = arimaa.Position(side + " " + board)
        assert pos.count_moves() == count, board
        total += count
    assert total == 2_987_987


def test_clueless_benchmark_lists_equal_counts():
    # The moves as objects: as many as counted, all distinct boards.
    for side, board, count in board_records("clueless-benchmark.txt", "count")[:8]:
        pos = arimaa.Position(side + " " + board)
        moves = pos.legal_moves()
        assert len(moves) == count
        assert len({pos.after(m).zobrist for m in moves[:500]}) == min(count, 500)


def test_small_positions_pyrimaa_unique():
    records = board_records("small-positions.txt", "pyrimaa_unique")
    assert len(records) == 5
    for side, board, count in records:
        assert arimaa.Position(side + " " + board).count_moves() == count, board


def test_archive_positions():
    rows = [l.split("\t") for l in data_lines("archive-positions.tsv")[1:] if l.strip()]
    assert len(rows) == 206
    zeros = 0
    for game_id, turn, board, count in rows:
        side = "g" if turn.endswith("w") else "s"
        pos = arimaa.Position(side + " " + board)
        assert pos.count_moves() == int(count), (game_id, turn)
        zeros += int(count) == 0
    assert zeros == 2
