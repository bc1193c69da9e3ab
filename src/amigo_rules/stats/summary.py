"""What a tally says: per seat the win share with its 95% interval and the score
distribution, the game's length in turns and decisions, how often the leader wins, ties;
and between two rule sets, the differences with their intervals.

Shares (of the win, of games) carry the Wilson score interval, a shared win counting
``1/k`` (as the arena's standings do); means carry the normal interval of the mean; a
difference between two independent runs the normal interval of the difference, with the
variance each run measured (a win share's from its shares ``1/k`` exactly).
"""

from __future__ import annotations

import math
from functools import cached_property
from typing import Any

import attrs
import numpy as np

from ..arena.standings import Z95, wilson
from ..core.jsonio import rules_to_data
from .tally import HALF_TIME, STAGES, Histogram, Tally

FORMAT = "amigo-rules stats 1"
"""The ``format`` of `Summary.to_document`'s documents."""


@attrs.frozen
class Estimate:
    """A figure measured over games, with its 95% interval."""

    value: float
    """The figure."""
    low: float
    """The interval's lower end."""
    high: float
    """The interval's upper end."""

    @property
    def half_width(self) -> float:
        """Half the interval's width (the ``±`` of a symmetric one)."""
        return (self.high - self.low) / 2

    def excludes(self, value: float) -> bool:
        """Whether ``value`` lies outside the interval."""
        return not self.low <= value <= self.high

    def to_data(self, key: str) -> dict[str, float]:
        """``{key: value, key_low: low, key_high: high}``."""
        return {key: self.value, f"{key}_low": self.low, f"{key}_high": self.high}


def share(successes: float, trials: int) -> Estimate:
    """A share with its Wilson interval (NaN without trials)."""
    if not trials:
        return Estimate(math.nan, 0.0, 1.0)
    low, high = wilson(successes, trials)
    return Estimate(successes / trials, low, high)


def mean(histogram: Histogram) -> Estimate:
    """The mean of a histogram's values with its normal interval."""
    value = histogram.mean()
    half = Z95 * math.sqrt(histogram.variance() / max(histogram.total, 1))
    return Estimate(value, value - half, value + half)


def difference(a: float, variance_a: float, b: float, variance_b: float) -> Estimate:
    """``b - a`` with the normal interval of two independent estimates of the given
    variances (of the estimates, not of single games)."""
    half = Z95 * math.sqrt(variance_a + variance_b)
    return Estimate(b - a, b - a - half, b - a + half)


@attrs.frozen
class Distribution:
    """The distribution of an integer figure over games."""

    histogram: Histogram
    """How many games had each value."""

    @cached_property
    def mean(self) -> Estimate:
        """The mean, with the 95% interval of the mean."""
        return mean(self.histogram)

    @property
    def sd(self) -> float:
        """The standard deviation over games."""
        return math.sqrt(self.histogram.variance())

    def quantile(self, q: float) -> int:
        """The smallest value at or below which a share ``q`` of the games lie."""
        return self.histogram.quantile(q)

    def to_data(self) -> dict[str, Any]:
        """The distribution's figures and its histogram, JSON-ready."""
        return {**self.mean.to_data("mean"), "sd": self.sd,
                **{f"p{round(100 * q)}": self.quantile(q) for q in (0.05, 0.25, 0.5, 0.75, 0.95)},
                "histogram": self.histogram.to_data()}


@attrs.frozen
class Seat:
    """One seat's results."""

    seat: int
    """The seat, from 0 (seat 0 moves first)."""
    agent: str
    """The batch policy that played it."""
    win: Estimate
    """Its share of the win (a win shared by ``k`` counts ``1/k``)."""
    win_variance: float = attrs.field(repr=False)
    """The variance of the estimate `win` (of the mean of its shares over the games)."""
    score: Distribution
    """Its final score."""
    led_at_half: int
    """Games it led alone at half time."""
    won_when_led: Estimate
    """Its share of the win in those games."""

    def to_data(self) -> dict[str, Any]:
        """The seat's figures, JSON-ready."""
        return {"seat": self.seat, "agent": self.agent, **self.win.to_data("win_share"),
                "score": self.score.to_data(), "led_at_half": self.led_at_half,
                **self.won_when_led.to_data("won_when_led")}


@attrs.frozen
class Summary:
    """What a run of games shows (`measure`); built from its `Tally`."""

    game: str
    """The game's name."""
    rules: Any
    """The rules played."""
    agents: tuple[str, ...]
    """The batch policy of each seat."""
    seed: int
    """The run's seed."""
    chunk: int
    """Games per chunk (with the seed, what decides the games); 0 for games played
    otherwise (counted by `amigo_rules.stats.tally_of`)."""
    tally: Tally = attrs.field(repr=False)
    """Everything counted."""
    cpu_seconds: float = attrs.field(default=0.0, eq=False, repr=False)
    """The CPU time the games took, summed over the workers."""

    @property
    def games(self) -> int:
        """Games played."""
        return self.tally.games

    @property
    def players(self) -> int:
        """Seats."""
        return self.tally.players

    @cached_property
    def seats(self) -> tuple[Seat, ...]:
        """Per seat its results."""
        tally, games = self.tally, max(self.tally.games, 1)
        shares = 1 / np.arange(1, tally.players + 1)
        out = []
        for seat, agent in enumerate(self.agents):
            won = float(tally.wins[seat] @ shares)
            squares = float(tally.wins[seat] @ (shares * shares))
            variance = max(squares / games - (won / games) ** 2, 0.0) / games
            led = int(tally.led[HALF_TIME, seat])
            out.append(Seat(seat, agent, share(won, tally.games), variance,
                            Distribution(tally.scores[seat]), led,
                            share(float(tally.led_won[HALF_TIME, seat] @ shares), led)))
        return tuple(out)

    @property
    def turns(self) -> Distribution:
        """Turns per game (a turn begins with a roll of the die in Verflixxt!, a card
        played in hoch², a turn's first roll in EXXtra)."""
        return Distribution(self.tally.turns)

    @property
    def decisions(self) -> Distribution:
        """Decisions per game, every seat's (chance outcomes are not decisions)."""
        return Distribution(self.tally.decisions)

    @property
    def top(self) -> Distribution:
        """The highest final score of each game (the winner's, ties and tie-breaks
        aside)."""
        return Distribution(self.tally.top)

    @property
    def margin(self) -> Distribution:
        """The highest final score less the second highest."""
        return Distribution(self.tally.margin)

    @cached_property
    def leader_wins(self) -> tuple[Estimate, ...]:
        """Per stage (after 1/10 … 9/10 of a game's turns) the share of the win of the
        player then leading alone by score, over the games with such a leader."""
        shares = 1 / np.arange(1, self.players + 1)
        return tuple(share(float((self.tally.led_won[stage] @ shares).sum()),
                           int(self.tally.led[stage].sum())) for stage in range(STAGES))

    @property
    def half_time(self) -> Estimate:
        """The share of the win of the player leading alone at half time (after half the
        game's turns, rounded down)."""
        return self.leader_wins[HALF_TIME]

    @property
    def led_at_half(self) -> int:
        """Games with a player leading alone at half time."""
        return int(self.tally.led[HALF_TIME].sum())

    @property
    def shared(self) -> Estimate:
        """The share of games whose win is shared."""
        return share(float(self.tally.winners[2:].sum()), self.games)

    @property
    def no_winner(self) -> int:
        """Games cut off without a winner (EXXtra's turn limit)."""
        return int(self.tally.winners[0])

    def to_document(self) -> dict[str, Any]:
        """Everything as one JSON-ready document (``format`` `FORMAT`); each seat's win share
        is ``win_share``, with ``win_share_low`` and ``win_share_high``."""
        return {
            "format": FORMAT,
            "game": self.game,
            "rules": rules_to_data(self.rules),
            "agents": list(self.agents),
            "games": self.games,
            "seed": self.seed,
            "chunk": self.chunk,
            "seats": [seat.to_data() for seat in self.seats],
            "turns": self.turns.to_data(),
            "decisions": self.decisions.to_data(),
            "top_score": self.top.to_data(),
            "margin": self.margin.to_data(),
            "half_time": {"led": self.led_at_half, **self.half_time.to_data("leader_wins")},
            "leader_wins_by_stage": [
                {"after": f"{stage + 1}/10", **estimate.to_data("leader_wins")}
                for stage, estimate in enumerate(self.leader_wins)],
            "winners": self.tally.winners.tolist(),
            **self.shared.to_data("shared"),
        }


@attrs.frozen
class Differences:
    """How a rule set's results differ from a reference's (same seats): each figure of
    the rule set less the reference's, with the 95% interval of the difference."""

    reference: int
    """The index of the reference rule set in the comparison."""
    win: tuple[Estimate, ...]
    """Per seat, the difference of win shares."""
    score: tuple[Estimate, ...]
    """Per seat, the difference of mean scores."""
    turns: Estimate
    """The difference of mean turns per game."""
    decisions: Estimate
    """The difference of mean decisions per game."""
    half_time: Estimate
    """The difference of the half-time leader's share of the win."""
    shared: Estimate
    """The difference of the share of games with a shared win."""

    @classmethod
    def between(cls, index: int, reference: Summary, other: Summary) -> Differences:
        """``other`` less ``reference`` (the rule set ``index``)."""

        def means(a: Distribution, b: Distribution) -> Estimate:
            return difference(a.mean.value, _variance_of_mean(a), b.mean.value,
                              _variance_of_mean(b))

        def shares(a: Estimate, n_a: int, b: Estimate, n_b: int) -> Estimate:
            return difference(a.value, _binomial(a.value, n_a), b.value, _binomial(b.value, n_b))

        return cls(
            reference=index,
            win=tuple(difference(a.win.value, a.win_variance, b.win.value, b.win_variance)
                      for a, b in zip(reference.seats, other.seats, strict=True)),
            score=tuple(means(a.score, b.score)
                        for a, b in zip(reference.seats, other.seats, strict=True)),
            turns=means(reference.turns, other.turns),
            decisions=means(reference.decisions, other.decisions),
            half_time=shares(reference.half_time, reference.led_at_half, other.half_time,
                             other.led_at_half),
            shared=shares(reference.shared, reference.games, other.shared, other.games),
        )

    def to_data(self) -> dict[str, Any]:
        """The differences, JSON-ready."""
        return {
            "reference": self.reference,
            "seats": [{"seat": seat, **win.to_data("win_share"), **score.to_data("score_mean")}
                      for seat, (win, score) in enumerate(zip(self.win, self.score, strict=True))],
            **self.turns.to_data("turns_mean"),
            **self.decisions.to_data("decisions_mean"),
            **self.half_time.to_data("leader_wins"),
            **self.shared.to_data("shared"),
        }


def _variance_of_mean(distribution: Distribution) -> float:
    return distribution.histogram.variance() / max(distribution.histogram.total, 1)


def _binomial(p: float, n: int) -> float:
    return p * (1 - p) / n if n and not math.isnan(p) else math.inf


@attrs.frozen
class Comparison:
    """Several rule sets of one game side by side (`compare`)."""

    summaries: tuple[Summary, ...]
    """Per rule set, its results."""

    @cached_property
    def differences(self) -> tuple[Differences | None, ...]:
        """Per rule set, how it differs from the first rule set of as many players (None
        for that one)."""
        out: list[Differences | None] = []
        for summary in self.summaries:
            reference = next(i for i, s in enumerate(self.summaries)
                             if s.players == summary.players)
            out.append(None if self.summaries[reference] is summary else
                       Differences.between(reference, self.summaries[reference], summary))
        return tuple(out)

    def to_document(self) -> dict[str, Any]:
        """The rule sets' documents and their differences, JSON-ready."""
        return {
            "format": FORMAT,
            "rule_sets": [summary.to_document() for summary in self.summaries],
            "differences": [None if d is None else d.to_data() for d in self.differences],
        }
