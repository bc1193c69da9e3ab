"""Stable-Baselines3 adapter: a vector environment of `amigo_rules.adapters.vector` as
SB3's ``VecEnv``, so that ``MaskablePPO`` (sb3-contrib) trains on the batch engine
(``pip install 'amigo-rules[rl]'``; the only module that imports stable-baselines3 at
import time).

SB3 steps its own ``VecEnv`` type, not Gymnasium's vector environments; `SB3VecEnv`
translates:

- ``step`` returns ``(observations, rewards, dones, infos)``, ``dones`` being
  terminated or truncated, ``infos`` one dict per game: a game that ended carries its
  last observation as ``"terminal_observation"`` and ``"TimeLimit.truncated"`` when the
  move limit stopped it (SB3's names; the environment has already started the next game,
  Gymnasium's same-step autoreset, which is SB3's);
- ``env_method("action_masks")`` gives each game's legal action ids, as ``MaskablePPO``
  asks for them;
- ``seed(s)`` seeds the next ``reset`` (the vector environment has one generator for all
  its games).

`evaluate` measures a trained ``MaskablePPO`` over many games on the vector environments,
its seat rotated, with the 95% interval of its win share.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs
import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from stable_baselines3.common.vec_env import VecEnv

from ..arena.standings import wilson
from ..core import ArgumentError, RulesError, checks
from .vector import AmigoVectorEnv

__all__ = ["Evaluation", "SB3VecEnv", "evaluate"]


class SB3VecEnv(VecEnv):  # type: ignore[misc,unused-ignore]
    """``env``, a Gymnasium vector environment with ``action_masks()`` and same-step
    autoreset (`AmigoVectorEnv`), as a Stable-Baselines3 ``VecEnv`` (see the module).

    >>> from amigo_rules.adapters.vector import AmigoVectorEnv
    >>> env = SB3VecEnv(AmigoVectorEnv("exxtra", num_envs=4, opponent="random"))
    >>> env.seed(1)
    [1, 2, 3, 4]
    >>> env.reset().shape, env.env_method("action_masks")[0].shape
    ((4, 47), (7,))
    """

    def __init__(self, env: gymnasium.vector.VectorEnv) -> None:
        if not isinstance(env, gymnasium.vector.VectorEnv):
            raise ArgumentError(f"env must be a gymnasium.vector.VectorEnv, got "
                                f"{checks.type_name(env)}")
        if env.metadata.get("autoreset_mode") != AutoresetMode.SAME_STEP:
            raise RulesError("SB3VecEnv needs a vector environment that resets in the same "
                             "step (metadata['autoreset_mode'] == AutoresetMode.SAME_STEP)")
        masks = getattr(env, "action_masks", None)
        if not callable(masks):
            raise RulesError("SB3VecEnv needs a vector environment with action_masks()")
        self._masks: Callable[[], np.ndarray] = masks
        self.env = env
        """The Gymnasium vector environment."""
        super().__init__(env.num_envs, env.single_observation_space, env.single_action_space)
        self._actions: np.ndarray | None = None

    def reset(self) -> np.ndarray:
        """New games in every slot (seeded by the last ``seed`` call, if any)."""
        seed = self._seeds[0] if self._seeds else None
        observations, _ = self.env.reset(seed=seed)
        self._reset_seeds()
        return np.asarray(observations)

    def step_async(self, actions: np.ndarray) -> None:
        """Keep one action id per game for `step_wait`."""
        self._actions = np.asarray(actions)

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        """Step every game with the kept actions: observations (of the new games where one
        ended), rewards, dones and one info dict per game (see the module)."""
        if self._actions is None:
            raise RulesError("step_wait without step_async")
        actions, self._actions = self._actions, None
        observations, rewards, terminated, truncated, info = self.env.step(actions)
        dones = np.asarray(terminated | truncated)
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for row in np.flatnonzero(dones):
            infos[row] = {"terminal_observation": info["final_obs"][row],
                          "TimeLimit.truncated": bool(truncated[row] and not terminated[row])}
        return np.asarray(observations), np.asarray(rewards, dtype=np.float32), dones, infos

    def action_masks(self) -> np.ndarray:
        """``bool[num_envs, num_actions]``: the legal action ids of every game."""
        return self._masks()

    def close(self) -> None:
        """Close the vector environment."""
        self.env.close()

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        """The vector environment's attribute, once per game of ``indices``."""
        return [getattr(self.env, attr_name)] * len(self._rows(indices))

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        """Set the vector environment's attribute (one for every game)."""
        setattr(self.env, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None,
                   **method_kwargs: Any) -> list[Any]:
        """``action_masks``: each game's mask; another method of the vector environment:
        its result once per game of ``indices``."""
        rows = self._rows(indices)
        if method_name == "action_masks":
            return list(self.action_masks()[rows])
        result = getattr(self.env, method_name)(*method_args, **method_kwargs)
        return [result] * len(rows)

    def env_is_wrapped(self, wrapper_class: type[gymnasium.Wrapper[Any, Any, Any, Any]],
                       indices: Any = None) -> list[bool]:
        """False for every game: the games are rows of one environment, never wrapped."""
        return [False] * len(self._rows(indices))

    def get_images(self) -> Sequence[np.ndarray | None]:
        """Refused: a `RulesError` (the vector environments draw no pictures)."""
        raise RulesError("the vector environments do not render")

    def _rows(self, indices: int | Iterable[int] | None) -> list[int]:
        rows: list[int] = list(self._get_indices(indices))
        return rows


@attrs.frozen
class Evaluation:
    """What `evaluate` measured: a model's games against one opponent."""

    opponent: str
    """The agent in every other seat."""
    games: int
    """Games played."""
    wins: float
    """The model's shares of the win, summed (a win shared by ``k`` counts ``1/k``)."""

    @property
    def win_share(self) -> float:
        """``wins / games``; a player as strong as the field gets ``1 / players``."""
        return self.wins / self.games

    @property
    def confidence(self) -> tuple[float, float]:
        """The 95% Wilson interval of `win_share`."""
        return wilson(self.wins, self.games)


def evaluate(model: Any, game: str, rules: Any = None, *, opponent: str | None = None,
             games: int = 1000, seed: int = 0, deterministic: bool = True) -> Evaluation:
    """Play ``games`` games of ``model`` (a ``MaskablePPO``) against ``opponent`` (a batch
    policy of `AmigoVectorEnv`; None: the game's baseline) in every other seat, the model's
    seat rotated (``games / players`` games per seat, each its own environment game, so
    short games count no more than long ones), with sb3-contrib's ``evaluate_policy``."""
    from sb3_contrib.common.maskable.evaluation import evaluate_policy

    count = checks.integer(games, "games")
    vector = AmigoVectorEnv(game, rules, num_envs=1, opponent=opponent)
    players = vector.table.spec.players
    if count < players:
        raise RulesError(f"games must be at least the {players} players, got {count}")
    wins = 0.0
    for seat in range(players):
        n = (count + seat) // players
        env = SB3VecEnv(AmigoVectorEnv(game, vector.table.rules, num_envs=n, player=seat,
                                       opponent=vector.opponent))
        env.seed(checks.integer(seed, "seed") + seat)
        rewards, _ = evaluate_policy(model, env, n_eval_episodes=n,
                                     deterministic=deterministic,
                                     return_episode_rewards=True, warn=False)
        wins += float(np.sum(rewards))
    return Evaluation(vector.opponent, count, wins)
