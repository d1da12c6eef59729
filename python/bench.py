"""The Python package against pyrimaa (PyPI `aei`), side by side in one run.

    pip install ./python aei==1.4.1
    python python/bench.py            # pyrimaa on the benchmark for about 20 s
    python python/bench.py --full     # pyrimaa on all 32 positions (minutes)
    python python/bench.py --rl       # only the reinforcement-learning figures

The reinforcement-learning figures (issue 23): `arimaa.VecEnv` stepping 1,024 games
with `random_actions`, masks only and with observations, the PettingZoo environment's
step (with `pip install "./python[pettingzoo]"`), and pyrimaa playing random step-level
games (`Position.get_rnd_step_move`, one random step at a time), all counted in actions:
a step or the end of a turn.


Prints, for each task, the time and rate of `arimaa` and of pyrimaa and their ratio:
full-turn generation on the opening and on the 32-position benchmark (counted, and as
Python objects), playing a move, and replaying the two archive files. pyrimaa has one
generator, `Position.get_moves()`, which returns its moves as Python objects (a dict of
positions); both of arimaa's rows are compared with it. Times are the best of several
runs for arimaa; pyrimaa's are single runs on as many benchmark positions as fit in its
time budget (all of them with --full), as rates per second.
"""

import argparse
import os
import re
import sys
import time

# numpy's OpenBLAS threads would spin beside VecEnv's (nothing here uses BLAS).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# python/ itself holds the package's sources (arimaa/ without the built extension), and
# a script's directory comes first on sys.path: import the installed package instead.
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]

import arimaa  # noqa: E402

try:
    from pyrimaa import board as pyrimaa
except ImportError:  # pragma: no cover - the comparison needs it
    sys.exit("bench.py compares with pyrimaa: pip install aei==1.4.1")

DATA = os.path.join(HERE, "..", "tests", "data")


def data(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        return f.read()


def benchmark_positions():
    out = []
    lines = data("clueless-benchmark.txt").splitlines()
    for i, line in enumerate(lines):
        if line.startswith("### "):
            side = re.search(r"side=([gs])", line).group(1)
            count = int(re.search(r"count=(\d+)", line).group(1))
            out.append((side + " " + lines[i + 1], count))
    return out


def best(f, runs=5):
    times = []
    result = None
    for _ in range(runs):
        t = time.perf_counter()
        result = f()
        times.append(time.perf_counter() - t)
    return min(times), result


def ref_position(text):
    side, board_text = text.split(" ", 1)
    return pyrimaa.parse_short_pos(0 if side == "g" else 1, 4, board_text)


def rate(n, seconds):
    return n / seconds if seconds > 0 else float("inf")


def human(x):
    for unit, size in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if x >= size:
            return f"{x / size:.3g} {unit}"
    return f"{x:.3g} "


ROWS = []


def row(task, unit, ours_n, ours_s, ref_n, ref_s):
    ours, ref = rate(ours_n, ours_s), rate(ref_n, ref_s)
    ROWS.append((task, f"{human(ours)}{unit}/s", f"{human(ref)}{unit}/s", f"{ours / ref:,.0f}x"))
    print(f"  {task}: arimaa {human(ours)}{unit}/s ({ours_s:.4f} s), "
          f"pyrimaa {human(ref)}{unit}/s ({ref_s:.3f} s for {ref_n:,}): {ours / ref:,.0f}x",
          flush=True)


def ref_generate(positions, budget):
    """pyrimaa's get_moves on positions until the time budget is spent (at least one)."""
    n = 0
    start = time.perf_counter()
    for text, count in positions:
        moves = ref_position(text).get_moves()
        assert len(moves) == count, text
        n += len(moves)
        if time.perf_counter() - start > budget:
            break
    return n, time.perf_counter() - start


def ref_replay(text):
    """Every archive game's turns played by pyrimaa (do_move_str), setups included."""
    header, *rows = [r for r in text.split("\n") if r]
    col = header.split("\t").index("movelist")
    turns = 0
    for r in rows:
        entries = r.split("\t")[col].split("\\n")
        pos = pyrimaa.Position(pyrimaa.Color.GOLD, 4, pyrimaa.BLANK_BOARD)
        for entry in entries:
            parts = entry.split(" ", 1)
            if len(parts) < 2 or not parts[1].strip():
                continue
            pos = pos.do_move_str(parts[1])
            turns += 1
    return turns


def timed_loop(f, seconds):
    """Calls f() (which returns how many actions it took) for about `seconds`; returns
    (actions, elapsed)."""
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        n += f()
    return n, time.perf_counter() - start


def vecenv_rate(observations, seconds, threads=None, num_envs=1024):
    env = arimaa.VecEnv(num_envs=num_envs, seed=0, observations=observations, threads=threads)
    env.reset()
    for _ in range(20):  # warm up: the games leave their setups
        env.step(env.random_actions())

    def one():
        env.step(env.random_actions())
        return num_envs

    return timed_loop(one, seconds)


def pettingzoo_rate(seconds, with_last):
    from arimaa import pettingzoo as arimaa_pz

    env = arimaa_pz.env()
    env.reset(seed=0)
    episode = env.episode

    def one():
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.reset()
            return 0
        if with_last:
            env.last()
        env.step(episode.random_action())
        return 1

    return timed_loop(one, seconds)


def pyrimaa_random_play(seconds, max_turns=300):
    """pyrimaa's random step-level games from its basic setup: actions (steps and turn
    ends) in `seconds`."""
    import random

    random.seed(0)
    state = {"pos": pyrimaa.Position(pyrimaa.Color.GOLD, 4, pyrimaa.BASIC_SETUP), "turns": 0}

    def one():
        pos = state["pos"]
        steps, result = pos.get_rnd_step_move()
        state["turns"] += 1
        if steps is None or result.is_goal() or result.is_rabbit_loss() or state["turns"] >= max_turns:
            state["pos"] = pyrimaa.Position(pyrimaa.Color.GOLD, 4, pyrimaa.BASIC_SETUP)
            state["turns"] = 0
        else:
            state["pos"] = result
        return len(steps or []) + 1

    return timed_loop(one, seconds)


def rl_rows(seconds):
    print("reinforcement learning, random actions (steps and turn ends), "
          f"{os.cpu_count()} cores:")
    ref_n, ref_s = pyrimaa_random_play(seconds)
    cores = os.cpu_count()
    for threads in sorted({1, cores}):
        n, s = vecenv_rate(False, seconds, threads)
        row(f"VecEnv, 1,024 games, masks only, {threads} thread(s)", " steps", n, s, ref_n, ref_s)
        n, s = vecenv_rate(True, seconds, threads)
        row(f"VecEnv, 1,024 games, with observations, {threads} thread(s)", " steps", n, s,
            ref_n, ref_s)
    try:
        import pettingzoo  # noqa: F401
    except ImportError:
        print("  (PettingZoo not installed: pip install \"./python[pettingzoo]\")")
        return
    n, s = pettingzoo_rate(seconds, with_last=False)
    row("PettingZoo env.step", " steps", n, s, ref_n, ref_s)
    n, s = pettingzoo_rate(seconds, with_last=True)
    row("PettingZoo env.last + env.step", " steps", n, s, ref_n, ref_s)


def print_table():
    print()
    print("| task | arimaa | pyrimaa | ratio |")
    print("|---|---|---|---|")
    for r in ROWS:
        print("| " + " | ".join(r) + " |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="pyrimaa on all 32 positions")
    parser.add_argument("--budget", type=float, default=20.0,
                        help="seconds of pyrimaa generation on the benchmark (default 20)")
    parser.add_argument("--rl", action="store_true",
                        help="only the reinforcement-learning figures")
    parser.add_argument("--rl-seconds", type=float, default=5.0,
                        help="seconds of each reinforcement-learning figure (default 5)")
    args = parser.parse_args()
    budget = float("inf") if args.full else args.budget
    print(f"Python {sys.version.split()[0]}, arimaa (the crate through PyO3), pyrimaa (aei)")
    if args.rl:
        rl_rows(args.rl_seconds)
        print_table()
        return

    opening = arimaa.Position(arimaa.OPENING)
    ref_opening = ref_position(arimaa.OPENING)
    s, n = best(opening.count_moves, 20)
    assert n == 3353
    rs, moves = best(ref_opening.get_moves, 3)
    assert len(moves) == 3353
    print("opening, 3,353 moves:")
    row("opening, counted", " moves", n, s, 3353, rs)
    s, ms = best(opening.legal_moves, 20)
    row("opening, as Python objects", " moves", len(ms), s, 3353, rs)

    positions = benchmark_positions()
    objs = [(arimaa.Position(t), c) for t, c in positions]
    print("the 32-position benchmark, 2,987,987 moves:")
    ref_n, ref_s = ref_generate(positions, budget)
    s, total = best(lambda: sum(p.count_moves() for p, _ in objs), 5)
    assert total == 2_987_987
    row("benchmark, counted", " moves", total, s, ref_n, ref_s)
    s, total = best(lambda: sum(len(p.legal_moves()) for p, _ in objs), 3)
    assert total == 2_987_987
    row("benchmark, as Python objects", " moves", total, s, ref_n, ref_s)

    print("playing a move (Ee2n Ee3n from the opening), on a copy each time:")
    mv = opening.parse_move("Ee2n Ee3n")
    reps = 20000
    s, _ = best(lambda: [opening.after(mv) for _ in range(reps)], 3)
    steps = pyrimaa.parse_move("Ee2n Ee3n")
    rs, _ = best(lambda: [ref_opening.do_move(steps) for _ in range(reps)], 3)
    row("a move played", " moves", reps, s, reps, rs)

    print("replaying the two archive files (setups and every turn):")
    for name in ("allgames202602.tsv", "allgames201111-sample.tsv"):
        text = data(name)
        s, replays = best(lambda: arimaa.replay_archive(text), 3)
        assert all(r.failure is None for r in replays)
        turns = sum(len(r.moves()) + 2 for r in replays)
        rs, ref_turns = best(lambda: ref_replay(text), 1)
        row(f"{name}, {len(replays)} games", " turns", turns, s, ref_turns, rs)

    rl_rows(args.rl_seconds)
    print_table()


if __name__ == "__main__":
    main()
