"""What the statistics count: integer histograms and counts that add up exactly, so that
chunks of games merged in any order give the same `Tally`, and a tally stays the same size
whatever the number of games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core import StateError
from ..core.checks import quote

STAGES = 9
"""The points of a game at which its leader is noted: after 1/10, 2/10 … 9/10 of its turns
(stage ``k`` is ``k + 1`` tenths; half time is stage 4)."""
HALF_TIME = 4
"""The stage of half time: after ``turns // 2`` turns."""


class Histogram:
    """Counts of integer values (scores, turns, decisions): ``counts[i]`` games had the value
    ``low + i``. Adding and merging keep the counts exact."""

    def __init__(self, low: int = 0, counts: Sequence[int] | np.ndarray = ()) -> None:
        self.low = int(low)
        """The value of ``counts[0]``."""
        self.counts = np.array(counts, dtype=np.int64)
        """How many times each value from ``low`` on was seen."""

    def add(self, values: np.ndarray) -> None:
        """Count each of the integer ``values``."""
        if not values.size:
            return
        low = int(values.min())
        self._cover(low, int(values.max()))
        self.counts += np.bincount(values - self.low, minlength=len(self.counts))

    def merge(self, other: Histogram) -> None:
        """Add the counts of ``other``."""
        if not other.counts.any():
            return
        seen = np.flatnonzero(other.counts)
        self._cover(other.low + int(seen[0]), other.low + int(seen[-1]))
        start = other.low + int(seen[0]) - self.low
        self.counts[start : start + int(seen[-1] - seen[0]) + 1] += \
            other.counts[seen[0] : seen[-1] + 1]

    def _cover(self, low: int, high: int) -> None:
        """Grow ``counts`` to reach from ``low`` to ``high``."""
        if not self.counts.any():
            self.low, self.counts = low, np.zeros(high - low + 1, dtype=np.int64)
            return
        start = min(low, self.low)
        end = max(high, self.low + len(self.counts) - 1)
        if start < self.low or end >= self.low + len(self.counts):
            grown = np.zeros(end - start + 1, dtype=np.int64)
            grown[self.low - start : self.low - start + len(self.counts)] = self.counts
            self.low, self.counts = start, grown

    @property
    def total(self) -> int:
        """How many values were counted."""
        return int(self.counts.sum())

    @property
    def values(self) -> np.ndarray:
        """``int64[len(counts)]``: the value of each count."""
        return np.arange(self.low, self.low + len(self.counts), dtype=np.int64)

    def mean(self) -> float:
        """The mean of the values (NaN when empty)."""
        total = self.total
        return float(self.counts @ self.values) / total if total else float("nan")

    def variance(self) -> float:
        """The variance of the values (over ``total - 1``; 0 for fewer than two)."""
        total = self.total
        if total < 2:
            return 0.0
        centred = self.values - self.mean()
        return float(self.counts @ (centred * centred)) / (total - 1)

    def quantile(self, q: float) -> int:
        """The smallest value with at least a share ``q`` of the values at or below it."""
        cumulative = np.cumsum(self.counts)
        return self.low + int(np.searchsorted(cumulative, q * cumulative[-1]))

    def to_data(self) -> dict[str, Any]:
        """The histogram as JSON-ready data, without empty counts at either end."""
        seen = np.flatnonzero(self.counts)
        if not seen.size:
            return {"low": 0, "counts": []}
        return {"low": self.low + int(seen[0]),
                "counts": self.counts[seen[0] : seen[-1] + 1].tolist()}

    @classmethod
    def from_data(cls, data: Any, what: str) -> Histogram:
        """The histogram of `to_data`'s ``data``; `StateError` naming ``what`` otherwise."""
        if not (isinstance(data, dict) and set(data) == {"low", "counts"}
                and type(data["low"]) is int and isinstance(data["counts"], list)):
            raise StateError(f"{what}: a histogram is {{'low': int, 'counts': [int, …]}}, "
                             f"got {quote(data)}")
        return cls(data["low"], _counts(data["counts"], what))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Histogram) and self.to_data() == other.to_data()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Histogram(low={self.low}, total={self.total})"


def _counts(data: Any, what: str) -> np.ndarray:
    """``data`` (nested lists of non-negative ints) as an int64 array."""
    try:
        array = np.array(data, dtype=object)
        ok = all(type(x) is int and x >= 0 for x in array.ravel())
    except ValueError:  # ragged lists
        ok = False
    if not ok:
        raise StateError(f"{what}: counts must be non-negative integers in lists of equal "
                         f"length, got {quote(data)}")
    return np.array(data, dtype=np.int64)


class Tally:
    """Everything counted over some games of one game and `Rules` with ``players`` seats."""

    def __init__(self, players: int) -> None:
        self.players = players
        """The number of seats."""
        self.games = 0
        """Games counted."""
        self.wins = np.zeros((players, players), dtype=np.int64)
        """``wins[s, k - 1]``: games seat ``s`` won with ``k`` winners in all."""
        self.winners = np.zeros(players + 1, dtype=np.int64)
        """``winners[k]``: games with ``k`` winners (0: a game cut off without a winner)."""
        self.scores = [Histogram() for _ in range(players)]
        """Per seat, its final score."""
        self.top = Histogram()
        """The highest final score of each game."""
        self.margin = Histogram()
        """The highest final score of each game less the second highest."""
        self.turns = Histogram()
        """The turns of each game."""
        self.decisions = Histogram()
        """The decisions of each game (every seat's, chance outcomes not counted)."""
        self.led = np.zeros((STAGES, players), dtype=np.int64)
        """``led[t, s]``: games seat ``s`` led alone at stage ``t`` (see `STAGES`)."""
        self.led_won = np.zeros((STAGES, players, players), dtype=np.int64)
        """``led_won[t, s, k - 1]``: of those, games ``s`` won with ``k`` winners in all."""

    def merge(self, other: Tally) -> None:
        """Add the counts of ``other`` (a tally of the same seats)."""
        if other.players != self.players:
            raise ValueError(f"a tally of {other.players} seats cannot join one of "
                             f"{self.players}")
        self.games += other.games
        for name in _ARRAYS:
            getattr(self, name).__iadd__(getattr(other, name))
        for mine, theirs in zip(self._histograms(), other._histograms(), strict=True):
            mine.merge(theirs)

    def _histograms(self) -> list[Histogram]:
        return [*self.scores, self.top, self.margin, self.turns, self.decisions]

    def to_data(self) -> dict[str, Any]:
        """The tally as JSON-ready data (integers only)."""
        return {
            "players": self.players,
            "games": self.games,
            **{name: getattr(self, name).tolist() for name in _ARRAYS},
            "scores": [h.to_data() for h in self.scores],
            **{name: getattr(self, name).to_data() for name in _SINGLE},
        }

    @classmethod
    def from_data(cls, data: Any) -> Tally:
        """The tally of `to_data`'s ``data``, checked: `StateError` naming what is wrong."""
        if not isinstance(data, dict):
            raise StateError(f"a tally is an object, got {quote(data)}")
        expected = {"players", "games", *_ARRAYS, "scores", *_SINGLE}
        if set(data) != expected:
            raise StateError(f"a tally has the keys {', '.join(sorted(expected))}; got "
                             f"{quote(sorted(data))}")
        players, games = data["players"], data["games"]
        if type(players) is not int or not 1 <= players <= 16:
            raise StateError(f"tally players must be an integer 1 … 16, got {quote(players)}")
        if type(games) is not int or games < 0:
            raise StateError(f"tally games must be a non-negative integer, got {quote(games)}")
        tally = cls(players)
        tally.games = games
        for name in _ARRAYS:
            counts = _counts(data[name], f"tally {name}")
            if counts.shape != getattr(tally, name).shape:
                raise StateError(f"tally {name} must have the shape "
                                 f"{getattr(tally, name).shape}, got {counts.shape}")
            setattr(tally, name, counts)
        if not isinstance(data["scores"], list) or len(data["scores"]) != players:
            raise StateError(f"tally scores must list {players} histograms")
        tally.scores = [Histogram.from_data(h, f"tally scores[{seat}]")
                        for seat, h in enumerate(data["scores"])]
        for name in _SINGLE:
            setattr(tally, name, Histogram.from_data(data[name], f"tally {name}"))
        tally._check()
        return tally

    def _check(self) -> None:
        """`StateError` unless the counts agree with each other and with ``games``."""
        games = self.games
        per_game = [self.winners.sum(), self.top.total, self.margin.total, self.turns.total,
                    self.decisions.total, *(h.total for h in self.scores)]
        if any(count != games for count in per_game):
            raise StateError(f"a tally of {games} games counts some figure of another "
                             "number of games")
        k = np.arange(1, self.players + 1)
        if not (self.wins.sum(axis=0) == self.winners[1:] * k).all():
            raise StateError("tally wins disagree with its winners")
        if (self.led.sum(axis=1) > games).any() or (self.led_won.sum(axis=2) > self.led).any():
            raise StateError("tally led counts more games than were played or led")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tally) and self.to_data() == other.to_data()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Tally(players={self.players}, games={self.games})"


_ARRAYS = ("wins", "winners", "led", "led_won")
_SINGLE = ("top", "margin", "turns", "decisions")
