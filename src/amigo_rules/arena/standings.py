"""What a tournament says about its agents: per agent games, wins, win share with a 95%
confidence interval, mean score and faults; head-to-head results; ratings."""

from __future__ import annotations

import math
from functools import cached_property
from itertools import permutations
from typing import Any

import attrs

from . import ratings as ratings_
from .ratings import Rating
from .results import Fault, GameResult

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may be fractional: a shared
    win counts ``1/k``).

    >>> low, high = wilson(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class AgentStats:
    """One agent's results over a tournament."""

    name: str
    """The agent's name in the standings."""
    games: int
    """Games it took part in."""
    seats: int
    """Seats it held (with fewer agents than seats, an agent holds several per game)."""
    wins: float
    """Its shares of the win summed over its seats (a win shared by ``k`` counts ``1/k``;
    a forfeit gives the faulty seat 0 and the other seats equal shares)."""
    faults: int
    """Games it forfeited (raised, returned an illegal move, or overran ``move_timeout``)."""
    mean_score: float | None
    """Its mean score per seat over the games that ended normally (``None`` if none did)."""

    @property
    def win_share(self) -> float:
        """``wins / seats``: its share of the win per seat; an agent as strong as the field
        gets ``1 / players``."""
        return self.wins / self.seats if self.seats else 0.0

    @property
    def confidence(self) -> tuple[float, float]:
        """The 95% Wilson interval of `win_share` over its seats (conservative for an agent
        holding several seats of a game: at most one of them wins)."""
        return wilson(self.wins, self.seats)


@attrs.frozen
class Head2Head:
    """How agent A fared against agent B in the games they both played, each placed by its
    best seat."""

    games: int
    """Games both agents played."""
    ahead: int
    """Games in which A placed before B."""
    behind: int
    """Games in which A placed after B."""
    tied: int
    """Games in which A and B placed equal."""

    @property
    def score(self) -> float:
        """``(ahead + tied / 2) / games``: above 0.5 when A tends to place before B."""
        return (self.ahead + self.tied / 2) / self.games if self.games else 0.5


@attrs.frozen(repr=False)
class TournamentResult:
    """The games of a tournament and what they say about its agents."""

    game: str
    """The game's name."""
    rules: Any
    """The game's `Rules`."""
    names: tuple[str, ...]
    """The agents' tournament names."""
    games: tuple[GameResult, ...]
    """Every game, by index (records are in the results file; a forfeited game keeps its
    partial record in its `Fault`)."""

    def __repr__(self) -> str:
        return (f"TournamentResult(game={self.game!r}, games={len(self.games)}, "
                f"names={self.names!r})")

    @cached_property
    def agents(self) -> dict[str, AgentStats]:
        """Per agent name, its `AgentStats`."""
        count = dict.fromkeys(self.names, 0)
        seats, faults, scored = count.copy(), count.copy(), count.copy()
        wins = dict.fromkeys(self.names, 0.0)
        points = dict.fromkeys(self.names, 0.0)
        for game in self.games:
            for name in set(game.seating):
                count[name] += 1
            for fault in game.faults:
                faults[fault.agent] += 1
            for name, share, score in zip(game.seating, game.shares, game.scores, strict=True):
                seats[name] += 1
                wins[name] += share
                if not game.faults:
                    scored[name] += 1
                    points[name] += score
        return {
            name: AgentStats(name, count[name], seats[name], wins[name], faults[name],
                             points[name] / scored[name] if scored[name] else None)
            for name in self.names
        }

    @cached_property
    def pairwise(self) -> dict[tuple[str, str], Head2Head]:
        """Per ordered pair ``(a, b)`` of agents that met, a's `Head2Head` against b."""
        tally: dict[tuple[str, str], list[int]] = {}
        for game in self.games:
            best: dict[str, int] = {}
            for name, place in zip(game.seating, game.placings, strict=True):
                best[name] = min(place, best.get(name, place))
            for a, b in permutations(best, 2):
                counts = tally.setdefault((a, b), [0, 0, 0, 0])
                counts[0] += 1
                counts[1 if best[a] < best[b] else 2 if best[a] > best[b] else 3] += 1
        return {pair: Head2Head(*counts) for pair, counts in sorted(tally.items())}

    @cached_property
    def ratings(self) -> dict[str, Rating]:
        """Per agent, its openskill (Plackett–Luce) `Rating` after the games in index order.
        Needs ``pip install 'amigo-rules[arena]'``."""
        return ratings_.rate(self.names, self.games)

    @property
    def faults(self) -> tuple[Fault, ...]:
        """Every fault, by game index."""
        return tuple(fault for game in self.games for fault in game.faults)

    def rows(self) -> list[dict[str, Any]]:
        """The standings as one row per agent (best win share first), with the openskill
        rating (``mu``, ``sigma``) when openskill is installed."""
        rated = ratings_.available()
        rows = []
        for stats in self.agents.values():
            low, high = stats.confidence
            row = {
                "agent": stats.name, "games": stats.games, "seats": stats.seats,
                "wins": stats.wins, "win_share": stats.win_share, "ci_low": low,
                "ci_high": high, "mean_score": stats.mean_score, "faults": stats.faults,
            }
            if rated:
                row |= {"mu": self.ratings[stats.name].mu,
                        "sigma": self.ratings[stats.name].sigma}
            rows.append(row)
        return sorted(rows, key=lambda row: (-row["win_share"], row["agent"]))

    def to_pandas(self) -> Any:
        """`rows` as a ``pandas.DataFrame`` indexed by agent (needs pandas installed)."""
        try:
            import pandas
        except ImportError:
            raise ImportError("to_pandas needs pandas: pip install pandas") from None
        return pandas.DataFrame(self.rows()).set_index("agent")
