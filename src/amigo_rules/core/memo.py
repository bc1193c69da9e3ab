"""One remembered answer: what a game's ``legal_moves`` computed last, so that ``apply``,
asked right after it for one of those moves, checks the move without computing them again
(callers ask for the moves, then apply one)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class LastAnswer(Generic[K, V]):
    """The last key asked (compared by identity) and its answer.

    Safe across threads: the pair is replaced whole and a reader takes it once and checks
    its key by identity, so a race only misses the memo (the answer is computed again),
    never answers another key. Measured against a cached field on each game's `State`:
    that field costs every `State` built a fifth more.

    >>> memo = LastAnswer(len)
    >>> key = "abc"
    >>> memo(key), memo(key) is memo(key)
    (3, True)
    """

    __slots__ = ("compute", "pair")

    def __init__(self, compute: Callable[[K], V]) -> None:
        self.compute = compute
        """What the answer to a key is."""
        self.pair: tuple[K, V] | None = None
        """The last key and its answer (None before the first call)."""

    def __call__(self, key: K) -> V:
        """``compute(key)``, remembered for the next call with the same ``key``."""
        pair = self.pair
        if pair is not None and pair[0] is key:
            return pair[1]
        answer = self.compute(key)
        self.pair = (key, answer)
        return answer
