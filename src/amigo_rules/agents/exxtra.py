"""A heuristic EXXtra agent: weighs each placement's worth against the odds of a re-roll."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core import ArgumentError, checks
from ..exxtra import Observation, Place, Reroll, place_worth, reroll_worth


class ExxtraHeuristicAgent:
    """Places where a pair is likely to stay and pays off; re-rolls while that is worth it.

    A pair on rung ``r`` pays ``r`` spaces next turn unless an opponent places a combination
    at least as high below it first (EX-PLACE-2); each opponent is assumed to reach a given
    combination with about twice the odds of one roll, and to place below the pair only if a
    lower rung is free (rung 0 counts half). Knocking opponents' pairs off counts half a space
    per rung, more when it stops a win. A re-roll is worth the average over the 36 rolls of
    the best placement after it (plus a double's advance), minus one retreat per X: 11 rolls
    in 36 show an X and end the turn (EX-ROLL-4). Ties are broken by the seeded generator.
    """

    name = "heuristic"
    """The registry name."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(checks.seed(seed))
        """The generator that breaks ties."""

    def act(self, observation: Observation, legal_moves: tuple[Any, ...]) -> Any:
        """A legal move of highest value (see the class), ties broken at random."""
        if observation.roll is None:  # never asked at a roll; stay total anyway
            return legal_moves[0]
        values = self.values(observation, legal_moves)
        best = max(values)
        choices = [move for move, value in zip(legal_moves, values, strict=True) if value == best]
        return choices[int(self.rng.integers(len(choices)))]

    __call__ = act

    def values(self, observation: Observation, legal_moves: tuple[Any, ...]) -> list[float]:
        """The worth of each legal move of a decision, in order (the player to move is
        ``observation.player``)."""
        obs = observation
        if obs.roll is None:
            raise ArgumentError("values: the observation shows no roll to decide on")
        position = (obs.rules.players, obs.counters, obs.ladder, obs.player)
        rungs = tuple(move.rung for move in legal_moves if type(move) is Place)
        return [
            reroll_worth(*position, rungs)
            if type(move) is Reroll
            else place_worth(*position, move.rung, obs.roll, 0)
            for move in legal_moves
        ]
