"""The uniformly random agent, for every game."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core import checks


class RandomAgent:
    """Plays a uniformly random legal move, from its own seeded generator.

    >>> RandomAgent(seed=1).act(None, ("a", "b", "c"))
    'b'
    """

    name = "random"
    """The registry name."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(checks.seed(seed))
        """The generator of its choices."""

    def act(self, observation: Any, legal_moves: tuple[Any, ...]) -> Any:
        """A legal move drawn uniformly."""
        return legal_moves[int(self.rng.integers(len(legal_moves)))]

    __call__ = act
