"""A trained policy as an agent: a saved sb3-contrib ``MaskablePPO`` model plays a seat
(``pip install 'amigo-rules[rl]'``; the only module that imports stable-baselines3).

The registry's ``ppo:PATH`` names one (``--bots ppo:verflixxt.zip``, a tournament's
``"ppo:verflixxt.zip"``). A model file holds pickled Python: load only files you trust.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ..core import ArgumentError, RulesError, checks, get_game
from ..core.checks import cut, quote

__all__ = ["INSTALL", "LearnedAgent", "loaded"]

INSTALL = "learned agents need sb3-contrib: pip install 'amigo-rules[rl]'"
"""What to install where sb3-contrib is missing."""


class LearnedAgent:
    """Plays what ``model`` (a ``MaskablePPO``) chooses from the observation array, among
    the legal moves only (the policy's action mask).

    ``deterministic`` plays the most likely legal move (ties: the first), else one
    drawn from the policy's distribution with the agent's seeded generator, so a seed
    gives the same games. The model must fit the game's rules: its observation space the
    shape of ``observation.to_array()``, its action space ``spec(rules).num_actions``.
    """

    name = "ppo"
    """The registry name (``ppo:PATH``)."""

    def __init__(self, model: Any, game: str, *, deterministic: bool = True,
                 seed: int | None = None) -> None:
        self.model = model
        """The ``MaskablePPO`` model."""
        self.game = get_game(game)
        """The module of the game it plays."""
        if type(deterministic) is not bool:
            raise ArgumentError(f"deterministic must be True or False, got "
                                f"{checks.type_name(deterministic)}")
        self.deterministic = deterministic
        """Whether it plays the most likely action rather than a drawn one."""
        self.rng = np.random.default_rng(checks.seed(seed))
        """The generator of drawn actions (and of the states it imagines, see `act`)."""

    @classmethod
    def load(cls, path: str | os.PathLike[str], game: str, *, deterministic: bool = True,
             seed: int | None = None) -> LearnedAgent:
        """The agent of the model saved at ``path`` (``model.save(path)``), read once per
        process and file version."""
        if not isinstance(path, str | os.PathLike):
            raise ArgumentError(f"path must be a path, got {checks.type_name(path)}")
        file = Path(path).expanduser().resolve()
        if not file.is_file():
            raise RulesError(f"no model file {quote(str(path))}")
        stat = file.stat()
        return cls(_model(str(file), stat.st_mtime_ns, stat.st_size), game,
                   deterministic=deterministic, seed=seed)

    def act(self, observation: Any, legal_moves: tuple[Any, ...]) -> Any:
        """The policy's choice among ``legal_moves``.

        The moves' action ids come from a state consistent with the observation
        (``sample_state``): the ids depend only on what the seat sees.
        """
        array = observation.to_array()
        space = self.model.observation_space
        if array.shape != space.shape:
            raise RulesError(f"the model expects observations of shape {space.shape}, this "
                             f"game's have {array.shape}: trained on other rules?")
        state = self.game.sample_state(observation, self.rng)
        ids = dict(zip(self.game.legal_moves(state),
                       self.game.legal_action_ids(state).tolist(), strict=True))
        actions = self.model.action_space.n
        legal = np.fromiter((ids.get(move, -1) for move in legal_moves), dtype=np.int64,
                            count=len(legal_moves))
        unknown = (legal < 0) | (legal >= actions)
        if unknown.any():
            move = legal_moves[int(np.argmax(unknown))]
            raise RulesError(f"move {quote(str(move))} has no action of the model here")
        mask = np.zeros(actions, dtype=bool)
        mask[legal] = True
        weights = self.probabilities(array, mask)[legal]
        if self.deterministic:
            return legal_moves[int(np.argmax(weights))]
        total = weights.sum()
        chances = weights / total if total > 0 else None  # None: uniform
        return legal_moves[int(self.rng.choice(len(legal_moves), p=chances))]

    __call__ = act

    def probabilities(self, array: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The policy's probability of each action id for the observation ``array``, the
        ids outside ``mask`` at 0."""
        import torch

        policy = self.model.policy
        with torch.no_grad():
            tensor = policy.obs_to_tensor(array)[0]
            distribution = policy.get_distribution(tensor, action_masks=mask[None])
            probabilities: np.ndarray = distribution.distribution.probs[0].cpu().numpy()
        return np.where(mask, probabilities.astype(np.float64), 0.0)


@lru_cache(maxsize=8)
def _model(path: str, mtime: int, size: int) -> Any:
    """The ``MaskablePPO`` saved at ``path`` (on the CPU), kept per file version."""
    try:
        from sb3_contrib import MaskablePPO
    except ImportError:
        raise ImportError(INSTALL) from None
    try:
        return MaskablePPO.load(path, device="cpu")
    except Exception as exc:  # a file that is no saved model: whatever the loader raised
        raise RulesError(f"{quote(path)} is no MaskablePPO model: "
                         f"{type(exc).__name__}: {cut(str(exc))}") from None


def loaded(path: str, game: str, *, seed: int | None = None) -> LearnedAgent:
    """The agent named ``ppo:PATH`` in the registry: `LearnedAgent.load` of ``path`` (a
    `RulesError` without sb3-contrib: a name this installation cannot play)."""
    try:
        return LearnedAgent.load(path, game, seed=seed)
    except ImportError:
        raise RulesError(f"agent {quote('ppo:' + path)}: {INSTALL}") from None
