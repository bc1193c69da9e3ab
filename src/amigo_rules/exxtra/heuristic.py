"""What EXXtra's heuristic knows (EX-PLACE-2, EX-ROLL-4/5): the worth of a placement
against the odds that it survives, and of a re-roll. `amigo_rules.agents.ExxtraHeuristicAgent`
plays by it and `amigo_rules.batch.policies` plays the same moves for a whole batch; the
fitted value (`amigo_rules.agents.exxtra_value`) takes its odds."""

from __future__ import annotations

from functools import cache, lru_cache

from .dice import DIE_A, DIE_B, X, combination
from .moves import RUNGS
from .state import FINISH

WIN = 12.0
"""Worth of a placement that carries the counter to the finish, in spaces."""
DENIAL = 0.5
"""Worth of one space taken from an opponent, relative to one space of one's own."""


@cache
def at_least(value: int) -> float:
    """Probability that one roll shows a combination of at least ``value`` (X as 0)."""
    hits = sum(combination(a, b) >= value for a in DIE_A for b in DIE_B)
    return hits / (len(DIE_A) * len(DIE_B))


Ladder = tuple[tuple[int, int] | None, ...]
"""Each player's pair on the ladder, ``(rung, combination)``, or None in hand."""


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
