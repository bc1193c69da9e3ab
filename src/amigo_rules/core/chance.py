"""Resolving chance nodes: exact outcome tables sampled with a ``numpy.random.Generator``."""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from itertools import accumulate
from typing import Any, TypeVar

import numpy as np

T = TypeVar("T", bound=Hashable)

_TABLES: dict[int, tuple[tuple[Any, ...], tuple[int, ...], int]] = {}
"""Sampling tables by the identity of the outcome tuple (games reuse constant tuples, and
hashing Fractions costs more than sampling); each entry keeps its tuple alive."""


def _table(outcomes: tuple[tuple[Any, Fraction], ...]) -> tuple[tuple[int, ...], int]:
    """Cumulative integer weights over a common denominator, for exact sampling."""
    entry = _TABLES.get(id(outcomes))
    if entry is not None and entry[0] is outcomes:
        return entry[1], entry[2]
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    weights = [p.numerator * (denominator // p.denominator) for _, p in outcomes]
    cumulative = tuple(accumulate(weights))
    if len(_TABLES) >= 1024:
        _TABLES.clear()
    _TABLES[id(outcomes)] = (outcomes, cumulative, denominator)
    return cumulative, denominator


def sample_outcome(outcomes: tuple[tuple[Any, Fraction], ...], rng: np.random.Generator) -> Any:
    """Draw one move of a chance node's ``outcomes`` with its exact probability.

    >>> from fractions import Fraction
    >>> rng = np.random.default_rng(0)
    >>> sample_outcome((("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))), rng)
    'tails'
    """
    return draw_outcome(outcomes, lambda n: int(rng.integers(n)))


def draw_outcome(
    outcomes: tuple[tuple[Any, Fraction], ...], randbelow: Callable[[int], int]
) -> Any:
    """Draw one move of ``outcomes`` with its exact probability, given ``randbelow(n)``, a
    uniform integer of ``range(n)`` (such as ``random.Random(seed).randrange``): for search
    loops, where a numpy call per draw costs more than the draw.

    >>> import random
    >>> from fractions import Fraction
    >>> coin = (("heads", Fraction(1, 2)), ("tails", Fraction(1, 2)))
    >>> draw_outcome(coin, random.Random(1).randrange)
    'heads'
    """
    cumulative, denominator = _table(outcomes)
    return outcomes[bisect_right(cumulative, randbelow(denominator))][0]


def sample_chance(game: Any, state: Any, rng: np.random.Generator) -> Any:
    """Draw the outcome of the chance node ``state`` of ``game``."""
    return sample_outcome(game.chance_outcomes(state), rng)


def arrangement(counts: Mapping[T, int], rng: np.random.Generator) -> list[T]:
    """A uniformly random arrangement of the multiset ``counts`` (every distinct order of
    its items equally likely): how hidden tiles and cards are redistributed.

    >>> sorted(arrangement({"a": 2, "b": 1}, np.random.default_rng(0)))
    ['a', 'a', 'b']
    """
    items = [item for item, n in counts.items() for _ in range(n)]
    return [items[i] for i in rng.permutation(len(items))]
