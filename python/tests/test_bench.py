"""python/bench.py runs as its docstring says (``python python/bench.py --rl``), from the
repository's root, against the installed package: a short run of its
reinforcement-learning rows, each printed in the table."""

import os
import subprocess
import sys

import pytest

pytest.importorskip("pyrimaa")
pytest.importorskip("pettingzoo")

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def test_bench_rl_rows_run_from_the_repository_root():
    run = subprocess.run(
        [sys.executable, os.path.join("python", "bench.py"), "--rl", "--rl-seconds", "0.05"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    table = [line for line in run.stdout.splitlines() if line.startswith("| ")]
    assert table[0] == "| task | arimaa | pyrimaa | ratio |"
    tasks = [line.split(" | ")[0][2:] for line in table[1:]]
    assert any(t.startswith("VecEnv, 1,024 games, masks only") for t in tasks), tasks
    assert any(t.startswith("VecEnv, 1,024 games, with observations") for t in tasks), tasks
    assert "PettingZoo env.step" in tasks
