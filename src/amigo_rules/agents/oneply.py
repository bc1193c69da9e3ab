"""The frame of the one-ply agents: value every legal move, play a best one."""

from __future__ import annotations

from typing import Any

import numpy as np

TIE = 1e-9
"""Values this close count as equal."""


class OnePlyAgent:
    """Plays a legal move of highest `value`, ties broken by its seeded generator.

    Subclasses define ``value(observation, move) -> float`` from the observation alone.
    """

    name = "one-ply"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    def act(self, observation: Any, legal_moves: tuple[Any, ...]) -> Any:
        values = [self.value(observation, move) for move in legal_moves]
        best = max(values)
        choices = [m for m, v in zip(legal_moves, values, strict=True) if v >= best - TIE]
        return choices[int(self.rng.integers(len(choices)))]

    __call__ = act

    def value(self, observation: Any, move: Any) -> float:
        raise NotImplementedError
