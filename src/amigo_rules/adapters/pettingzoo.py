"""PettingZoo adapter: every game as an AEC environment, one agent per player.

``env(game, rules=None, *, render_mode=None, max_game_length=None)`` is the environment
with PettingZoo's usual wrappers (an illegal action ends the game, the offender getting
``ILLEGAL_REWARD``; actions out of range and calls out of order raise); `raw_env` is the
bare environment, where an illegal action raises `amigo_rules.IllegalMoveError` and
changes nothing.

- Agents ``player_0`` … ``player_{n-1}``; the agent to act is the game's current player.
- Observation of an agent: ``{"observation": observation(state, p).to_array(),
  "action_mask": legal_action_mask(state)}`` (the mask all zero when it is not that
  agent's turn), in a ``Dict`` of a ``Box`` bounded by ``spec(rules).observation_low`` /
  ``observation_high`` and a ``MultiBinary(num_actions)``; actions are the game's action
  ids, ``Discrete(num_actions)``.
- Chance nodes, setup included, are resolved inside the environment by its generator,
  seeded by ``reset(seed=...)``.
- Rewards: ``returns(state)`` when the game ends (each winner's share of the win), 0
  before. Terminations when the rules end the game; truncations (rewards 0) when it reaches
  the move limit ``max_game_length`` (every move counted, chance outcomes included; None:
  the rules' own bound, or `DEFAULT_MAX_GAME_LENGTH` where the rules bound no game).
- ``render()`` draws the table as the agent to act (``agent_selection``) sees it, as text:
  printed for ``"human"``, returned for ``"ansi"`` (``"rgb_array"`` draws nothing).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..core import TERMINAL
from .episode import (
    DEFAULT_MAX_GAME_LENGTH,
    Episode,
    observation_bounds,
    render_metadata,
    table,
)
from .episode import render_mode as checked_render_mode

ILLEGAL_REWARD = -1.0
"""The reward of an agent whose illegal action ends the game (`env` only)."""

__all__ = ["DEFAULT_MAX_GAME_LENGTH", "ILLEGAL_REWARD", "AmigoAECEnv", "env", "raw_env"]


class AmigoAECEnv(AECEnv):
    """An amigo-rules game as a PettingZoo AEC environment (see the module's docstring)."""

    # each instance replaces it with one naming its game (not a ClassVar)
    metadata: dict[str, Any] = render_metadata(is_parallelizable=False)

    def __init__(
        self,
        game: str | ModuleType,
        rules: Any = None,
        *,
        render_mode: str | None = None,
        max_game_length: int | None = None,
    ) -> None:
        super().__init__()
        render_mode = checked_render_mode(render_mode)
        self.table = table(game, rules, max_game_length)
        """The game, its rules and its move limit (`Table`)."""
        spec = self.table.spec
        self.metadata = {**self.metadata, "name": f"amigo_rules_{spec.game}_v0"}
        """The render modes, the environment's name and ``is_parallelizable`` (False)."""
        self.render_mode = render_mode
        """``None``, ``"human"``, ``"ansi"`` or ``"rgb_array"``."""
        self.possible_agents = [f"player_{p}" for p in range(spec.players)]
        """``player_0``, ``player_1`` …, one per seat."""
        self.agent_name_mapping = {a: p for p, a in enumerate(self.possible_agents)}
        """Agent name -> seat."""
        low, high = observation_bounds(spec)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.MultiBinary(spec.num_actions),
            })
            for a in self.possible_agents
        }
        """Per agent a ``Dict`` of its ``observation`` (a ``Box``) and ``action_mask``."""
        self.action_spaces = {a: spaces.Discrete(spec.num_actions) for a in self.possible_agents}
        """Per agent ``Discrete(num_actions)``: the game's action ids."""
        self.episode = Episode(self.table, np.random.default_rng())
        """The game in progress."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (seeded when ``seed`` is given) and play chance up to the first
        decision."""
        rng = self.episode.rng if seed is None else np.random.default_rng(seed)
        self.episode = Episode(self.table, rng)
        self.episode.play_chance()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._settle()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The observation array of ``agent`` and its action mask (all zero when it is not to
        move)."""
        module, state = self.table.module, self.episode.state
        player = self.agent_name_mapping[agent]
        mask = np.zeros(self.table.spec.num_actions, dtype=np.int8)
        if self.episode.player == player:
            mask[module.legal_action_mask(state)] = 1
        return {"observation": module.observation(state, player).to_array(), "action_mask": mask}

    def step(self, action: int) -> None:
        """Play the selected agent's ``action``, then chance up to the next decision; at the end,
        each agent's reward is its share of the win."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        episode = self.episode
        module = self.table.module
        episode.play(module.move_for_action(episode.state, int(action)))
        episode.play_chance()
        self._cumulative_rewards[agent] = 0.0
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """Select the agent to act; at the end, rewards and terminations or truncations."""
        episode = self.episode
        player = episode.player
        if player != TERMINAL:
            self.agent_selection = self.possible_agents[player]
            return
        over = episode.finished
        for agent, value in zip(self.agents, episode.returns(), strict=True):
            self.rewards[agent] = float(value)
            self.terminations[agent] = over
            self.truncations[agent] = not over
        if getattr(self, "agent_selection", None) not in self.agents:
            self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        """The table as the agent to act sees it (``agent_selection``: its own hand only,
        as its observation shows), as text (``"ansi"``: returned; ``"human"``: printed;
        ``"rgb_array"``: None and a warning)."""
        return self.episode.render(self.render_mode,
                                   lambda: self.agent_name_mapping[self.agent_selection])

    def close(self) -> None:
        """Nothing to release."""


def raw_env(
    game: str | ModuleType,
    rules: Any = None,
    *,
    render_mode: str | None = None,
    max_game_length: int | None = None,
) -> AmigoAECEnv:
    """The bare AEC environment of ``game`` under ``rules`` (None: the default rules)."""
    return AmigoAECEnv(game, rules, render_mode=render_mode, max_game_length=max_game_length)


def env(
    game: str | ModuleType,
    rules: Any = None,
    *,
    render_mode: str | None = None,
    max_game_length: int | None = None,
) -> AECEnv:
    """The AEC environment of ``game`` under ``rules`` with PettingZoo's wrappers.

    >>> e = env("exxtra")
    >>> e.reset(seed=1)
    >>> e.agent_selection, sorted(e.observe(e.agent_selection))
    ('player_0', ['action_mask', 'observation'])
    """
    base = raw_env(game, rules, render_mode=render_mode, max_game_length=max_game_length)
    wrapped = wrappers.TerminateIllegalWrapper(base, illegal_reward=ILLEGAL_REWARD)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(wrapped))
