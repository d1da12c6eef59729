"""Arimaa as a PettingZoo AEC environment (the conventions of PettingZoo's ``chess_v6``).

    pip install "./python[pettingzoo]"     # pettingzoo and gymnasium

    from arimaa import pettingzoo as arimaa_pz
    env = arimaa_pz.env(render_mode="ansi")
    env.reset(seed=0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Agents ``"gold"`` and ``"silver"``. An action is one step of the 257-action space
(``4 * square + direction``, 256 ends the turn), so the same agent acts again until its
turn ends. Each observation is a dict: ``"observation"``, float32 planes of
``arimaa.OBSERVATION_SHAPE`` ``(19, 8, 8)`` in the absolute orientation (the board as it
stands, whoever observes; see ``arimaa.Position.observation`` for the planes), and
``"action_mask"``, int8 ``(257,)``: the exact legal-action mask (repetition included) for
the agent to act, all zeros for the other. The reward is +1 to the winner and -1 to the
loser when the game ends by the rules; ``max_turns`` movement turns without a result
truncate it (reward 0). An illegal action raises ``arimaa.IllegalMove`` (a
``ValueError``) and changes nothing. ``reset(seed=s)`` draws the setups from ``s`` (the
same seed gives the same game); ``start`` is as for ``arimaa.VecEnv``.
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import _arimaa

AGENTS = ("gold", "silver")


def env(render_mode=None, max_turns=300, start="random"):
    """The AEC environment (``raw_env``), unwrapped: PettingZoo's wrappers would only
    repeat the checks it makes itself (an illegal action raises ``IllegalMove``)."""
    return raw_env(render_mode=render_mode, max_turns=max_turns, start=start)


class raw_env(AECEnv):
    """Arimaa for two agents, ``"gold"`` and ``"silver"``, a step per action."""

    metadata = {
        "render_modes": ["ansi"],
        "name": "arimaa_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, render_mode=None, max_turns=300, start="random"):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: expected None or 'ansi'")
        self.render_mode = render_mode
        self._max_turns = max_turns
        self._start = start
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self._action_spaces = {a: spaces.Discrete(_arimaa.ACTIONS) for a in AGENTS}
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        0.0, 1.0, _arimaa.OBSERVATION_SHAPE, dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (_arimaa.ACTIONS,), dtype=np.int8),
                }
            )
            for a in AGENTS
        }
        self._no_mask = np.zeros(_arimaa.ACTIONS, dtype=np.int8)
        self._episode = None
        self._seed_rng = np.random.default_rng()
        self._reset_state(None)

    def observation_space(self, agent):
        """The observation space of ``agent``: a ``Dict`` of ``"observation"`` and
        ``"action_mask"``."""
        return self._observation_spaces[agent]

    def action_space(self, agent):
        """``Discrete(257)``."""
        return self._action_spaces[agent]

    def _reset_state(self, seed):
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        game_seed = int(self._seed_rng.integers(0, 2**63))
        if self._episode is None:
            self._episode = _arimaa.Episode(self._start, game_seed, self._max_turns)
        else:
            self._episode.reset(game_seed)
        self.agents = list(AGENTS)
        self.rewards = {a: 0 for a in AGENTS}
        self._cumulative_rewards = {a: 0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self.agent_selection = self._episode.side_to_move

    def reset(self, seed=None, options=None):
        """A new game, its setups drawn from ``seed`` (or from the environment's
        generator, seeded by the last seed given)."""
        self._reset_state(seed)

    @property
    def episode(self):
        """The ``arimaa.Episode`` underneath (its position, game and outcome)."""
        return self._episode

    def observe(self, agent):
        """The observation dict of ``agent``: the planes, and the mask if it is to act."""
        planes = self._episode.observation()
        if agent == self.agent_selection and not self._episode.is_over:
            mask = self._episode.action_mask().view(np.int8)
        else:
            mask = self._no_mask.copy()
        return {"observation": planes, "action_mask": mask}

    def step(self, action):
        """Plays ``action`` for ``agent_selection`` (``None`` once its game is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        if action is None:
            raise _arimaa.IllegalMove("an action is needed while the game goes on")
        reward, terminated, truncated = self._episode.step(int(action))
        self._cumulative_rewards[agent] = 0
        other = AGENTS[1] if agent == AGENTS[0] else AGENTS[0]
        self.rewards[agent] = reward
        self.rewards[other] = -reward
        if terminated or truncated:
            self.terminations = {a: terminated for a in AGENTS}
            self.truncations = {a: truncated for a in AGENTS}
        self._accumulate_rewards()
        self.agent_selection = self._episode.side_to_move

    def render(self):
        """With ``render_mode="ansi"``: the board diagram (``Position.diagram``), the
        side to move, the steps taken and the turns played; ``None`` otherwise."""
        if self.render_mode is None:
            return None
        pos = self._episode.position
        return (
            f"{pos.diagram()}{pos.side_to_move} to move, {pos.steps_taken} step(s) "
            f"taken, {self._episode.turns_played} turn(s) played"
        )

    def close(self):
        """Nothing to release."""
