"""Gymnasium adapter: one seat of a game as a single-agent environment, the other seats
played by amigo-rules agents.

Importing this module registers ``ENV_IDS`` with Gymnasium::

    gymnasium.make("amigo_rules/Verflixxt-v0", rules=..., player=0, opponents=[...])
    gymnasium.make("amigo_rules/VerflixxtHoch-v0")
    gymnasium.make("amigo_rules/Exxtra-v0")

(``gymnasium.make("amigo_rules.adapters.gymnasium:amigo_rules/Exxtra-v0")`` imports it
first.) The learner plays seat ``player``:

- Observation: ``observation(state, player).to_array()`` in a ``Box`` bounded by
  ``spec(rules).observation_low`` / ``observation_high``; actions are the game's action
  ids, ``Discrete(num_actions)``.
- Action masking as sb3-contrib's ``MaskablePPO`` expects: the method ``action_masks()``
  (the legal ids of the learner's turn), and the same mask as ``info["action_mask"]``.
  An illegal action ends the episode with reward ``illegal_reward`` and
  ``info["illegal_action"]`` True, the game unchanged.
- Between the learner's turns the environment resolves chance nodes (setup included) with
  its generator, seeded by ``reset(seed=...)``, and lets ``opponents`` play the other
  seats, in seat order (default: the game's first registered agent other than
  ``"random"``, seeded from the same generator).
- Reward: the learner's ``returns`` when the game ends (its share of the win), else 0;
  ``terminated`` when the rules end the game, ``truncated`` (reward 0) when it reaches the
  move limit ``max_game_length`` (every move counted, chance outcomes and opponents'
  moves included; None: the rules' own bound, or `DEFAULT_MAX_GAME_LENGTH`).
- ``render()`` draws the table as the learner sees it, as text: printed for ``"human"``,
  returned for ``"ansi"``; ``"rgb_array"`` is accepted and draws nothing (a warning says
  why: `amigo_rules.adapters.episode.NO_RGB`).
- ``gymnasium.make`` returns the environment itself (it checks the order of calls on its
  own), so ``gymnasium.make(id).action_masks()`` works; through other wrappers use
  ``env.get_wrapper_attr("action_masks")()``, through a vector env
  ``envs.call("action_masks")``.

``VECTOR_ENV_IDS`` and ``SELF_PLAY_ENV_IDS`` register the vector environments of
`amigo_rules.adapters.vector` for ``gymnasium.make_vec``.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..agents import AGENTS, make_agent
from ..core import (
    CHANCE,
    GAMES,
    TERMINAL,
    AgentError,
    ArgumentError,
    RulesError,
    StateError,
    agent_name,
    checks,
    decide,
)
from .episode import (
    DEFAULT_MAX_GAME_LENGTH,
    Episode,
    observation_bounds,
    render_metadata,
    table,
)
from .episode import render_mode as checked_render_mode


def _env_id(game: str, kind: str = "") -> str:
    """``amigo_rules/<Game><kind>-v0``: the game's name in CamelCase (``VerflixxtHoch``)."""
    return f"amigo_rules/{''.join(w.capitalize() for w in game.split('_'))}{kind}-v0"


ENV_IDS = {game: _env_id(game) for game in GAMES}
"""The Gymnasium id each game is registered under (``amigo_rules/VerflixxtHoch-v0``)."""

__all__ = ["DEFAULT_MAX_GAME_LENGTH", "ENV_IDS", "AmigoEnv", "default_opponent"]


def default_opponent(game: str) -> str:
    """The agent that plays the other seats by default: the game's first registered agent
    other than ``"random"``.

    >>> default_opponent("verflixxt"), default_opponent("exxtra")
    ('greedy', 'heuristic')
    """
    return next(name for name in AGENTS[game] if name != "random")


class AmigoEnv(gymnasium.Env):
    """Seat ``player`` of an amigo-rules game as a Gymnasium environment (see the module's
    docstring).

    >>> env = AmigoEnv("exxtra")
    >>> observation, info = env.reset(seed=1)
    >>> env.observation_space.contains(observation), bool(info["action_mask"].any())
    (True, True)
    """

    # gymnasium.Env declares metadata an instance attribute, not a ClassVar
    metadata: dict[str, Any] = render_metadata()
    """The render modes Gymnasium may ask for: ``"human"`` (printed), ``"ansi"`` (returned)
    and ``"rgb_array"`` (nothing: `amigo_rules.adapters.episode.NO_RGB`); frames per
    second."""

    def __init__(
        self,
        game: str | ModuleType = "verflixxt",
        rules: Any = None,
        *,
        player: int = 0,
        opponents: Sequence[Any] | None = None,
        render_mode: str | None = None,
        max_game_length: int | None = None,
        illegal_reward: float = -1.0,
    ) -> None:
        render_mode = checked_render_mode(render_mode)
        self.table = table(game, rules, max_game_length)
        """The game, its rules and its move limit (`Table`)."""
        spec = self.table.spec
        player = checks.seat(player, spec.players)
        if opponents is not None and (isinstance(opponents, (str, bytes))
                                      or not isinstance(opponents, Sequence)):
            raise ArgumentError(f"opponents must be None or a sequence of agents, got "
                                f"{checks.type_name(opponents)}")
        if opponents is not None and len(opponents) != spec.players - 1:
            raise RulesError(
                f"{spec.players} players need {spec.players - 1} opponents, got {len(opponents)}"
            )
        self.player = player
        """The learner's seat."""
        self.render_mode = render_mode
        """``None``, ``"human"``, ``"ansi"`` or ``"rgb_array"``."""
        self.illegal_reward = checks.real(illegal_reward, "illegal_reward")
        """The reward of an illegal action, which ends the episode."""
        self.given_opponents = None if opponents is None else list(opponents)
        """The opponents passed in, or None for the game's default agent."""
        self.opponents: list[Any] | None = self.given_opponents
        """The agents of the other seats, in seat order (built at ``reset`` when none were
        given)."""
        self.observation_space = spaces.Box(*observation_bounds(spec), dtype=np.float32)
        """A ``Box`` of the game's observation array, with the bounds of its `spec`
        (`observation_bounds`)."""
        self.action_space = spaces.Discrete(spec.num_actions)
        """``Discrete(num_actions)``: the game's action ids."""
        self.episode: Episode | None = None
        """The game in progress, None before the first ``reset``."""

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Start a new game, play the others' moves and chance up to the learner's first turn, and
        return its observation and ``info`` (with ``action_mask``)."""
        super().reset(seed=seed)
        if self.given_opponents is None and (seed is not None or self.opponents is None):
            name = default_opponent(self.table.spec.game)
            seeds = self.np_random.integers(2**63, size=self.table.spec.players - 1)
            self.opponents = [make_agent(name, self.table.spec.game, seed=int(s)) for s in seeds]
        self.episode = Episode(self.table, self.np_random)
        self._play_others()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play the learner's ``action``, then the others' moves and chance up to its next turn or
        the end; the reward is its share of the win at the end, else 0 (``illegal_reward`` for an
        illegal action, which ends the episode)."""
        episode = self._running()
        if episode.player != self.player:
            raise StateError("the episode is over; call reset()")
        module = self.table.module
        mask = module.legal_action_mask(episode.state)
        action = checks.integer(action, "action")
        if not (0 <= action < len(mask) and mask[action]):
            return self._observation(), self.illegal_reward, True, False, {
                **self._info(), "illegal_action": True
            }
        episode.play(module.move_for_action(episode.state, action))
        self._play_others()
        over = episode.player == TERMINAL
        reward = float(episode.returns()[self.player]) if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, episode.finished, episode.truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal action ids of the learner's turn as a boolean array (all False when it
        is not the learner's turn)."""
        episode = self._running()
        if episode.player != self.player:
            return np.zeros(self.table.spec.num_actions, dtype=bool)
        mask: np.ndarray = self.table.module.legal_action_mask(episode.state)
        return mask

    def render(self) -> str | None:
        """The table as the learner sees it (``"ansi"``: returned; ``"human"``: printed;
        ``"rgb_array"``: None and a warning)."""
        return self._running().render(self.render_mode, lambda: self.player)

    def _running(self) -> Episode:
        if self.episode is None:
            raise StateError("call reset() before using the environment")
        return self.episode

    def _play_others(self) -> None:
        """Resolve chance and let the opponents move until the learner is to move or the
        game is over."""
        episode, module, opponents = self._running(), self.table.module, self.opponents
        if opponents is None:
            raise StateError("call reset() before using the environment")
        while (player := episode.player) not in (self.player, TERMINAL):
            if player == CHANCE:
                episode.play_chance()
                continue
            agent = opponents[player - (player > self.player)]
            legal = module.legal_moves(episode.state)
            move = decide(agent, module.observation(episode.state, player), legal)
            if move not in legal:
                raise AgentError(
                    f"agent {agent_name(agent)!r} (player {player}) returned the illegal "
                    f"move {move!r}",
                    agent=agent_name(agent),
                    player=player,
                    record=None,
                )
            episode.play(move)

    def _observation(self) -> np.ndarray:
        state = self._running().state
        observation: np.ndarray = self.table.module.observation(state, self.player).to_array()
        return observation

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}


# The environment enforces the order of calls itself (StateError) and the test suite runs
# Gymnasium's checker on it: without those two wrappers gymnasium.make returns the
# environment, so that its action_masks() is reachable.
for _game, _id in ENV_IDS.items():
    gymnasium.register(id=_id, entry_point=f"{__name__}:AmigoEnv", kwargs={"game": _game},
                       order_enforce=False, disable_env_checker=True)

VECTOR_ENV_IDS = {game: _env_id(game, "Vec") for game in GAMES}
"""The ``gymnasium.make_vec`` id of each game's `AmigoVectorEnv` (the batch engine)."""
SELF_PLAY_ENV_IDS = {game: _env_id(game, "SelfPlayVec") for game in GAMES}
"""The ``gymnasium.make_vec`` id of each game's `SelfPlayVectorEnv`."""

for _game, _id in VECTOR_ENV_IDS.items():
    gymnasium.register(id=_id, vector_entry_point=f"{__package__}.vector:AmigoVectorEnv",
                       kwargs={"game": _game})
for _game, _id in SELF_PLAY_ENV_IDS.items():
    gymnasium.register(id=_id, vector_entry_point=f"{__package__}.vector:SelfPlayVectorEnv",
                       kwargs={"game": _game})
