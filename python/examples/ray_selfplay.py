"""Self-play with Ray: actors, each holding an ``arimaa.VecEnv`` and a policy, write
trajectories as ``.npz`` shards.

On this machine (a local Ray with two CPUs, a few seconds)::

    python python/examples/ray_selfplay.py --local --out shards/

On a Ray cluster: install the package on every node (``pip install ./python`` from a
clone of the repository, or a wheel built once with ``maturin build --release`` and
installed everywhere), start the cluster (``ray start --head`` on one machine, ``ray
start --address=<head>:6379`` on the others), then run the script on the head node
without ``--local``; it joins the running cluster (``--address``, default ``auto``) and
spreads ``--actors`` actors over it, one CPU each. ``--out`` must then be a directory
every node can write (a shared file system), or each node keeps the shards of its own
actors.

Policies: ``--policy random`` (the default: one uniformly random action from each
game's mask, ``VecEnv.random_actions``) or ``--policy module:function``, a function
``policy(obs, mask, env) -> actions`` that takes the observations (``None`` with
``--no-observations``) and masks of the actor's games and returns one action per game
(an integer array); the module must be importable on every node.

Each shard ``shard-<actor>-<n>.npz`` holds ``--steps`` batch steps of ``--envs`` games:

* ``observation`` float32 ``(T, N, C, 8, 8)`` (left out with ``--no-observations``),
  ``mask`` bool ``(T, N, 257)``, ``action`` int64 ``(T, N)``, ``reward`` float32
  ``(T, N)``, ``terminated`` and ``truncated`` bool ``(T, N)``: row ``t`` is what game
  ``i`` saw (observation and mask), what it did (action) and what came of it (reward,
  terminated, truncated), as ``VecEnv.step`` returns them;
* ``start`` ``(N,)`` strings: each game's position (with its turn in progress) before
  the shard's first step, in the AEI short form with the turn state, which
  ``arimaa.Position`` reads back;
* ``restart_step``, ``restart_game`` ``(K,)`` int64 and ``restart_position`` ``(K,)``
  strings: where a game ended (terminated or truncated) at step ``t`` and restarted, the
  new game's first position.

So a shard replays with the crate alone: from ``start[i]``, ``Position.play_action`` of
each action, and at each restart the new position (``python/tests/test_rl_ray.py`` does
it). Actor ``k`` seeds its ``VecEnv`` with ``seed + k``; a ``VecEnv``'s games take their
episode seeds from it (``VecEnv.episode_seed``), so runs are reproducible.
"""

import argparse
import importlib
import os
import sys
import time

import numpy as np
import ray

import arimaa


def load_policy(spec):
    """The policy named by ``spec``: ``"random"`` or ``"module:function"``."""
    if spec == "random":
        return lambda obs, mask, env: env.random_actions()
    module, sep, name = spec.partition(":")
    if not sep or not module or not name:
        raise ValueError(f"--policy: expected 'random' or 'module:function', not {spec!r}")
    return getattr(importlib.import_module(module), name)


@ray.remote(num_cpus=1)
class SelfPlayActor:
    """One actor: a ``VecEnv`` of its own, a policy, and the shards it writes."""

    def __init__(self, index, args):
        self.index = index
        self.args = args
        self.env = arimaa.VecEnv(
            num_envs=args.envs,
            seed=args.seed + index,
            max_turns=args.max_turns,
            observations=not args.no_observations,
            threads=1,
        )
        self.policy = load_policy(args.policy)
        self.obs, self.mask = self.env.reset()

    def shard(self, n):
        """Plays ``--steps`` batch steps and writes them as shard ``n``; returns the
        shard's path and its number of finished games."""
        args, env = self.args, self.env
        steps, games = args.steps, args.envs
        start = np.array([str(env.position(i)) for i in range(games)])
        record = {
            "mask": np.empty((steps, games, arimaa.ACTIONS), dtype=bool),
            "action": np.empty((steps, games), dtype=np.int64),
            "reward": np.empty((steps, games), dtype=np.float32),
            "terminated": np.empty((steps, games), dtype=bool),
            "truncated": np.empty((steps, games), dtype=bool),
        }
        if not args.no_observations:
            shape = (steps, games) + tuple(arimaa.OBSERVATION_SHAPE)
            record["observation"] = np.empty(shape, dtype=np.float32)
        restarts = ([], [], [])

        for t in range(steps):
            if self.obs is not None:
                record["observation"][t] = self.obs
            record["mask"][t] = self.mask
            actions = np.asarray(self.policy(self.obs, self.mask, env), dtype=np.int64)
            # The env's arrays are its own buffers, overwritten by each step: the record
            # copies them (the observation and mask above, before this step).
            self.obs, self.mask, reward, terminated, truncated = env.step(actions)
            record["action"][t] = actions
            record["reward"][t] = reward
            record["terminated"][t] = terminated
            record["truncated"][t] = truncated
            for i in np.flatnonzero(terminated | truncated):
                restarts[0].append(t)
                restarts[1].append(i)
                restarts[2].append(str(env.position(int(i))))

        path = os.path.join(args.out, f"shard-{self.index:03d}-{n:05d}.npz")
        np.savez_compressed(
            path,
            start=start,
            restart_step=np.array(restarts[0], dtype=np.int64),
            restart_game=np.array(restarts[1], dtype=np.int64),
            restart_position=np.array(restarts[2], dtype=str),
            **record,
        )
        return path, len(restarts[0])


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--local", action="store_true", help="run on this machine: ray.init(num_cpus=2)")
    p.add_argument("--address", default="auto", help="the Ray cluster to join without --local (default: auto)")
    p.add_argument("--out", default=".", help="the directory the shards go to (default: the current one)")
    p.add_argument("--actors", type=int, default=2, help="self-play actors, one CPU each (default: 2)")
    p.add_argument("--envs", type=int, default=64, help="games per actor (default: 64)")
    p.add_argument("--shards", type=int, default=2, help="shards per actor (default: 2)")
    p.add_argument("--steps", type=int, default=256, help="batch steps per shard (default: 256)")
    p.add_argument("--max-turns", type=int, default=300, help="movement turns before a game is truncated (default: 300)")
    p.add_argument("--seed", type=int, default=0, help="actor k seeds its VecEnv with seed + k (default: 0)")
    p.add_argument("--policy", default="random", help="'random' or 'module:function' (default: random)")
    p.add_argument("--no-observations", action="store_true", help="record masks and actions only")
    args = p.parse_args(argv)
    for name in ("actors", "envs", "shards", "steps"):
        if getattr(args, name) < 1:
            p.error(f"--{name} must be at least 1")
    try:
        load_policy(args.policy)  # a bad policy fails here, before Ray starts
    except (ValueError, ImportError, AttributeError) as e:
        p.error(f"--policy {args.policy}: {e}")
    return args


def main(argv=None):
    args = parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    args.out = os.path.abspath(args.out)
    if args.local:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    else:
        ray.init(address=args.address)

    began = time.perf_counter()
    actors = [SelfPlayActor.remote(k, args) for k in range(args.actors)]
    # Each actor plays its shards in order; the actors run side by side.
    pending = [a.shard.remote(n) for n in range(args.shards) for a in actors]
    finished = 0
    for path, games in ray.get(pending):
        finished += games
        print(f"wrote {path}")
    seconds = time.perf_counter() - began
    steps = args.actors * args.envs * args.shards * args.steps
    print(
        f"{len(pending)} shards, {steps} steps, {finished} games finished, "
        f"{seconds:.1f} s ({steps / seconds:,.0f} steps/s with the shards' writing)"
    )
    ray.shutdown()


if __name__ == "__main__":
    main(sys.argv[1:])
