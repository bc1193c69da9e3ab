"""Resolving chance nodes: exact outcome tables sampled with a ``numpy.random.Generator``."""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, compress
from typing import Any, TypeVar

import numpy as np
from attrs.exceptions import FrozenInstanceError

from .checks import generator
from .errors import IllegalMoveError
from .registry import get_game

T = TypeVar("T", bound=Hashable)
S = TypeVar("S")

_TABLES: dict[int, tuple[tuple[Any, ...], tuple[int, ...], int]] = {}
"""Sampling tables by the identity of the outcome tuple (games reuse constant tuples, and
hashing Fractions costs more than sampling); each entry keeps its tuple alive."""


class Outcomes(tuple[tuple[Any, Fraction], ...]):
    """A chance node's ``(move, probability)`` pairs that also carry the integer weights
    they come from (card or tile counts), so that sampling needs no arithmetic on them.

    Read-only like a state (games cache their outcome tables and share them): setting or
    deleting an attribute raises ``attrs.exceptions.FrozenInstanceError``.
    """

    cumulative: tuple[int, ...]
    """The running sums of the weights."""
    denominator: int
    """The sum of the weights: each probability is its weight over this."""

    def __new__(
        cls, pairs: Iterable[tuple[Any, Fraction]], cumulative: tuple[int, ...], denominator: int
    ) -> Outcomes:
        outcomes = super().__new__(cls, pairs)
        object.__setattr__(outcomes, "cumulative", cumulative)
        object.__setattr__(outcomes, "denominator", denominator)
        return outcomes

    def __reduce__(self) -> tuple[Any, ...]:
        return Outcomes, (tuple(self), self.cumulative, self.denominator)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


@lru_cache(maxsize=1024)
def _shares(total: int) -> tuple[Fraction, ...]:
    """``Fraction(k, total)`` for every ``k`` from 0 to ``total``."""
    return tuple(Fraction(k, total) for k in range(total + 1))


def by_counts(moves: Sequence[Any], counts: Sequence[int]) -> Outcomes:
    """The outcomes of a draw from a pile holding ``counts[i]`` of ``moves[i]``'s kind
    (kinds with count 0 are left out), in the order given.

    >>> by_counts(("a", "b", "c"), (2, 0, 1))
    (('a', Fraction(2, 3)), ('c', Fraction(1, 3)))
    """
    kept = [count for count in counts if count]
    cumulative = tuple(accumulate(kept))
    total = cumulative[-1]
    shares = map(_shares(total).__getitem__, kept)
    return Outcomes(zip(compress(moves, counts), shares, strict=True), cumulative, total)


def _table(outcomes: tuple[tuple[Any, Fraction], ...]) -> tuple[tuple[int, ...], int]:
    """Cumulative integer weights over a common denominator, for exact sampling."""
    entry = _TABLES.get(id(outcomes))
    if entry is not None and entry[0] is outcomes:
        return entry[1], entry[2]
    ratios = [p.as_integer_ratio() for _, p in outcomes]
    denominator = math.lcm(*[d for _, d in ratios])
    weights = [n * (denominator // d) for n, d in ratios]
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
    if type(rng) is not np.random.Generator:
        generator(rng)  # a subclass passes; anything else is an ArgumentError
    cumulative, denominator = _weights(outcomes)
    return outcomes[bisect_right(cumulative, int(rng.integers(denominator)))][0]


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
    cumulative, denominator = _weights(outcomes)
    return outcomes[bisect_right(cumulative, randbelow(denominator))][0]


def _weights(outcomes: tuple[tuple[Any, Fraction], ...]) -> tuple[tuple[int, ...], int]:
    """The cumulative integer weights of ``outcomes`` and their sum: carried by `Outcomes`,
    else from the cached table."""
    if type(outcomes) is Outcomes:
        return outcomes.cumulative, outcomes.denominator
    if not outcomes:
        raise IllegalMoveError("no chance outcome to draw: the state is not a chance node")
    return _table(outcomes)


def sample_chance(game: Any, state: Any, rng: np.random.Generator) -> Any:
    """Draw the outcome of the chance node ``state`` of ``game`` (a name or a game module).

    Raises `IllegalMoveError` when ``state`` is not a chance node.
    """
    return sample_outcome(get_game(game).chance_outcomes(state), rng)


def arrangement(counts: Mapping[T, int], rng: np.random.Generator) -> list[T]:
    """A uniformly random arrangement of the multiset ``counts`` (every distinct order of
    its items equally likely): how hidden tiles and cards are redistributed.

    >>> sorted(arrangement({"a": 2, "b": 1}, np.random.default_rng(0)))
    ['a', 'a', 'b']
    """
    items = [item for item, n in counts.items() for _ in range(n)]
    return [items[i] for i in rng.permutation(len(items))]


def arrangement_count(counts: Mapping[T, int]) -> int:
    """How many distinct arrangements the multiset ``counts`` has (the multinomial).

    >>> arrangement_count({"a": 2, "b": 1})
    3
    """
    total = 0
    ways = 1
    for n in counts.values():
        total += n
        ways *= math.comb(total, n)
    return ways


def arrangements(counts: Mapping[T, int], limit: int) -> list[tuple[T, ...]] | None:
    """Every distinct arrangement of the multiset ``counts``, each once (`arrangement`
    draws one of them uniformly), or None when there are more than ``limit``.

    >>> arrangements({"a": 2, "b": 1}, 3)
    [('a', 'a', 'b'), ('a', 'b', 'a'), ('b', 'a', 'a')]
    >>> arrangements({"a": 2, "b": 1}, 2) is None
    True
    """
    if arrangement_count(counts) > limit:
        return None
    left = {item: n for item, n in counts.items() if n > 0}
    found: list[tuple[T, ...]] = []
    _place(left, sum(left.values()), [], found)
    return found


def _place(left: dict[T, int], size: int, order: list[T], found: list[tuple[T, ...]]) -> None:
    """Append to ``found`` every arrangement of ``left`` after ``order`` (a function of its
    own, not a closure calling itself: that would be a reference cycle, garbage the
    collector must find, left behind by every call)."""
    if len(order) == size:
        found.append(tuple(order))
        return
    for item in list(left):
        if left[item]:
            left[item] -= 1
            order.append(item)
            _place(left, size, order, found)
            order.pop()
            left[item] += 1


def dealings(counts: Mapping[T, int], limit: int,
             deal: Callable[[tuple[T, ...]], S]) -> tuple[S, ...] | None:
    """``deal`` of every distinct arrangement of the multiset ``counts``, each once
    (`arrangements`), or None when there are more than ``limit``: the states of an
    information set, one per way of dealing what its viewer has not seen.

    >>> dealings({"a": 1, "b": 1}, 2, "".join)
    ('ab', 'ba')
    """
    found = arrangements(counts, limit)
    return None if found is None else tuple(map(deal, found))
