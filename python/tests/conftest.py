"""Shared helpers: the repository's test data (tests/data), read as the Rust tests read it."""

import os
import re

import pytest

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "data")

OPENING = "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]"


def data_path(name):
    return os.path.join(DATA, name)


def data_lines(name):
    with open(data_path(name), encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if not (line.startswith("#") and not line.startswith("###"))]


def board_records(name, count_key):
    """The records of clueless-benchmark.txt / small-positions.txt: (side, board, count)."""
    out = []
    lines = data_lines(name)
    for i, line in enumerate(lines):
        if line.startswith("### "):
            side = re.search(r"side=([gs])", line).group(1)
            count = int(re.search(count_key + r"=(\d+)", line).group(1))
            board = lines[i + 1]
            assert board.startswith("[") and board.endswith("]") and len(board) == 66
            out.append((side, board, count))
    return out


@pytest.fixture
def opening():
    import arimaa

    return arimaa.Position(OPENING)
