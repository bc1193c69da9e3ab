"""A heuristic EXXtra agent: weighs each placement's worth against the odds of a re-roll."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

import numpy as np

from ..core import ArgumentError, checks
from ..exxtra import DIE_A, DIE_B, FINISH, RUNGS, Observation, Place, Reroll, X, combination

WIN = 12.0
"""Worth of a placement that carries the counter to the finish, in spaces."""
DENIAL = 0.5
"""Worth of one space taken from an opponent, relative to one space of one's own."""


@cache
def at_least(value: int) -> float:
    """Probability that one roll shows a combination of at least ``value`` (X as 0)."""
    hits = sum(combination(a, b) >= value for a in DIE_A for b in DIE_B)
    return hits / (len(DIE_A) * len(DIE_B))


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


Ladder = tuple[tuple[int, int] | None, ...]


def place_worth(
    players: int, counters: tuple[int, ...], ladder: Ladder, me: int, rung: int, value: int,
    advanced: int,
) -> float:
    """Worth to player ``me`` of placing ``value`` on ``rung`` after a double advanced
    ``advanced`` spaces."""
    counter = counters[me] + advanced
    if counter >= FINISH:
        return WIN + FINISH
    free_below, rivals = _position(counters, ladder, me)
    threat = 0.0 if rung == 0 else min(1.0, 2 * at_least(value)) * (
        1.0 if free_below[rung] else 0.5
    )
    survive = (1 - threat) ** (players - 1)
    worth = advanced + survive * (rung + (WIN if counter + rung >= FINISH else 0.0))
    for top, pair_value, denial in rivals:
        if top > rung and pair_value <= value:
            worth += denial
    return worth


@lru_cache(maxsize=1 << 14)
def _position(
    counters: tuple[int, ...], ladder: Ladder, me: int
) -> tuple[tuple[bool, ...], tuple[tuple[int, int, float], ...]]:
    """Per rung whether a lower rung 1-5 is free; the opponents' pairs as (rung,
    combination, worth of sending it home)."""
    taken = {pair[0] for pair in ladder if pair is not None}
    free_below = tuple(any(r not in taken for r in range(1, rung)) for rung in range(RUNGS))
    rivals = tuple(
        (pair[0], pair[1], DENIAL * pair[0] + (WIN if counters[owner] + pair[0] >= FINISH
                                                else 0.0))
        for owner, pair in enumerate(ladder)
        if owner != me and pair is not None
    )
    return free_below, rivals


@lru_cache(maxsize=1 << 16)
def reroll_worth(
    players: int, counters: tuple[int, ...], ladder: Ladder, me: int, rungs: tuple[int, ...]
) -> float:
    """Average worth to player ``me`` of rolling again and then placing at best on one of
    ``rungs`` (EX-ROLL-4/5); it does not depend on the roll in hand, so it is kept."""
    counter = counters[me]
    total = 0.0
    for a in DIE_A:
        for b in DIE_B:
            if a == X or b == X:
                total -= min(counter, (a == X) + (b == X))
                continue
            advanced = a if a == b else 0
            value = combination(a, b)
            total += max(
                place_worth(players, counters, ladder, me, r, value, advanced) for r in rungs
            )
    return total / (len(DIE_A) * len(DIE_B))
