"""The frame of the one-ply agents: value every legal move, play a best one."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core import checks
from ..core.ties import TIE
from ..track import ACTIONS, FINISH, START


class OnePlyAgent:
    """Plays a legal move of highest `value`, ties broken by its seeded generator.

    Subclasses define ``value(observation, move) -> float`` from the observation alone.
    """

    name = "one-ply"
    """The registry name of a subclass."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(checks.seed(seed))
        """The generator that breaks ties."""

    def act(self, observation: Any, legal_moves: tuple[Any, ...]) -> Any:
        """A legal move of highest `value`, ties broken at random."""
        values = self.values(observation, legal_moves)
        best = max(values)
        choices = [m for m, v in zip(legal_moves, values, strict=True) if v >= best - TIE]
        return choices[int(self.rng.integers(len(choices)))]

    __call__ = act

    def values(self, observation: Any, legal_moves: tuple[Any, ...]) -> list[float]:
        """The `value` of each legal move, in order."""
        return [self.value(observation, move) for move in legal_moves]

    def value(self, observation: Any, move: Any) -> float:
        """What ``move`` is worth to the acting player, from the observation alone (defined by
        subclasses)."""
        raise NotImplementedError


class TrackAgent(OnePlyAgent):
    """A one-ply agent of the tile-track games: subclasses define ``gain(obs, tile)``, the
    change of the own score by taking ``tile``, and ``landing_weight``, the share of it a
    pawn standing alone on that tile counts."""

    landing_weight = 0.0

    def gain(self, observation: Any, tile: str) -> float:
        raise NotImplementedError

    def guard_value(self, obs: Any, origin: int, target: int) -> float:
        """A guard move takes nothing; it may protect an own pawn standing alone on a bad
        tile (the pawn is no longer alone) or expose one (the guard leaves it alone)."""
        own = obs.pawns[obs.viewer]
        value = 0.0
        for position, sign in ((target, 1), (origin, -1)):
            others = sum(ps.count(position) for ps in obs.pawns) + obs.guards.count(position)
            if own.count(position) == 1 and others - (sign < 0) == 1:
                tile = obs.tiles[position]
                if tile not in (START, FINISH, *ACTIONS):
                    value -= sign * self.landing_weight * min(0.0, self.gain(obs, tile))
        return value
