"""Ratings with openskill (Plackett–Luce), the only module that imports it
(``pip install 'amigo-rules[arena]'``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from .results import GameResult

INSTALL = "ratings need openskill: pip install 'amigo-rules[arena]'"


@attrs.frozen
class Rating:
    """An agent's skill estimate: mean ``mu`` and uncertainty ``sigma``."""

    mu: float
    """The estimated skill."""
    sigma: float
    """The uncertainty of ``mu`` (one standard deviation)."""

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: a conservative skill to rank by."""
        return self.mu - 3 * self.sigma


def available() -> bool:
    """Whether openskill is installed."""
    try:
        import openskill  # noqa: F401
    except ImportError:
        return False
    return True


def rate(names: Sequence[str], games: Iterable[GameResult]) -> dict[str, Rating]:
    """Rate the agents from the games, taken in order: each game is a match between the
    agents in it, an agent placed by its best seat (so one holding two seats counts once).
    Games of a single agent tell nothing and are skipped."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise ImportError(INSTALL) from None
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    for game in games:
        best: dict[str, int] = {}
        for name, place in zip(game.seating, game.placings, strict=True):
            best[name] = min(place, best.get(name, place))
        if len(best) < 2:
            continue
        present = list(best)
        rated = model.rate([[ratings[name]] for name in present],
                           ranks=[best[name] for name in present])
        for name, (rating,) in zip(present, rated, strict=True):
            ratings[name] = rating
    return {name: Rating(r.mu, r.sigma) for name, r in ratings.items()}
