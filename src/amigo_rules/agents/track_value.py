"""A fitted value of the tile-track games' positions (Verflixxt!, Verflixxt hoch²): each
player's expected share of the win, ``softmax(theta . features)`` over the players.

A player's features are their score, their pending gain (`amigo_rules.agents.playouts.
Pending`: the tiles under their pawns standing alone), both again weighted by how far the
game has come (so that a point counts more near the end), how far their own pawns have come,
and in hoch² whether they wear the lucky hat or the cursed cap. ``theta`` is fitted by
maximum likelihood (a conditional logit, Newton's method) to the winners of games between
the baseline agents and shipped in ``track_value.json``; ``benchmarks/fit_value.py`` fits
it again, deterministically from its seed.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from types import ModuleType
from typing import Any

from ..core import RulesError
from ..core.checks import quote
from .pending import pending_for

__all__ = ["DATA", "FEATURES", "Value", "features_for", "load_weights", "parts_for", "value_for"]

FEATURES: dict[str, tuple[str, ...]] = {
    "verflixxt": ("score", "pending", "score_late", "pending_late", "progress"),
    "verflixxt_hoch": ("score", "pending", "score_late", "pending_late", "progress",
                       "lucky_hat", "cursed_cap"),
}
"""Per game, the names of a player's features, in the order of the weights."""
DATA = "track_value.json"
"""The file in the package's ``agents/data`` folder holding the fitted weights per game."""

Features = Callable[[Any], list[list[float]]]
"""``features(state) -> rows``: per player the values of the game's `FEATURES`."""
Parts = Callable[[Any], tuple[Sequence[float], list[float], list[float], float,
                              tuple[Any, Any] | None]]
"""``parts(state)``: per player the score, the pending gain and the progress, how far the
game has come, and hoch²'s hats (else None): what the features are made of."""


def parts_for(game: ModuleType) -> Parts:
    """The parts of the features of ``game``'s states (a game of `FEATURES`)."""
    name = getattr(game, "NAME", "")
    if name not in FEATURES:
        raise RulesError(f"no fitted value for {name or game}: {', '.join(FEATURES)}")
    score = game.score
    pending = pending_for(game)
    assert pending is not None
    hats = name == "verflixxt_hoch"

    def parts(state: Any) -> tuple[Sequence[float], list[float], list[float], float,
                                   tuple[Any, Any] | None]:
        board = state.board
        last = len(board.tiles) - 1
        progress = [sum(own) / (last * len(own)) if own else 1.0 for own in board.pawns]
        late = sum(progress) / len(progress)
        return score(state), pending(state), progress, late, state.hats if hats else None

    return parts


def features_for(game: ModuleType) -> Features:
    """The feature rows of ``game``'s states (a game of `FEATURES`)."""
    parts = parts_for(game)

    def features(state: Any) -> list[list[float]]:
        scores, gains, progress, late, hats = parts(state)
        rows = [[s, g, s * late, g * late, p]
                for s, g, p in zip(scores, gains, progress, strict=True)]
        if hats is not None:
            lucky, cursed = hats
            for player, row in enumerate(rows):
                row.append(1.0 if lucky is not None and lucky[0] == player else 0.0)
                row.append(1.0 if cursed is not None and cursed[0] == player else 0.0)
        return rows

    return features


def load_weights(text: str) -> dict[str, tuple[float, ...]]:
    """The weights per game of a ``track_value.json`` text: an object mapping each game of
    `FEATURES` to ``{"features": [names], "weights": [numbers]}``, the names those of
    `FEATURES` in order. Raises `RulesError` naming what is wrong."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise RulesError(f"{DATA} is not JSON: {error}") from None
    if not isinstance(data, dict):
        raise RulesError(f"{DATA} must hold an object, got {type(data).__name__}")
    weights: dict[str, tuple[float, ...]] = {}
    for game, names in FEATURES.items():
        entry = data.get(game)
        if not isinstance(entry, dict):
            raise RulesError(f"{DATA} has no object for {quote(game)}")
        if entry.get("features") != list(names):
            raise RulesError(f"{DATA}: the features of {quote(game)} must be {list(names)}")
        numbers = entry.get("weights")
        if not (isinstance(numbers, list) and len(numbers) == len(names) and all(
            type(w) in (int, float) and math.isfinite(w) for w in numbers
        )):
            raise RulesError(f"{DATA}: the weights of {quote(game)} must be "
                             f"{len(names)} finite numbers")
        weights[game] = tuple(float(w) for w in numbers)
    return weights


_WEIGHTS: dict[str, tuple[float, ...]] = {}


def _shipped() -> Mapping[str, tuple[float, ...]]:
    if not _WEIGHTS:
        text = resources.files(__package__).joinpath("data", DATA).read_text(encoding="utf-8")
        _WEIGHTS.update(load_weights(text))
    return _WEIGHTS


class Value:
    """``value(state)``: each player's estimated share of the win, ``softmax(theta .
    features)``, for a game of `FEATURES` (weights: the shipped ones by default). It
    computes ``theta . features`` from the features' parts, without building them."""

    def __init__(self, game: ModuleType, weights: Sequence[float] | None = None) -> None:
        name = getattr(game, "NAME", "")
        self.parts = parts_for(game)
        """The parts of the features of a state."""
        theta = tuple(_shipped()[name] if weights is None else weights)
        if len(theta) != len(FEATURES[name]):
            raise RulesError(f"{name} takes {len(FEATURES[name])} weights, got {len(theta)}")
        self.weights = theta
        """``theta``, one weight per feature."""

    def __call__(self, state: Any) -> tuple[float, ...]:
        scores, gains, progress, late, hats = self.parts(state)
        theta = self.weights
        per_score = theta[0] + theta[2] * late
        per_gain = theta[1] + theta[3] * late
        utilities = [per_score * s + per_gain * g + theta[4] * p
                     for s, g, p in zip(scores, gains, progress, strict=True)]
        if hats is not None:
            for hat, weight in zip(hats, theta[5:], strict=True):
                if hat is not None:
                    utilities[hat[0]] += weight
        top = max(utilities)
        exps = [math.exp(u - top) for u in utilities]
        total = sum(exps)
        return tuple(e / total for e in exps)


def value_for(game: ModuleType) -> Value | None:
    """The fitted value of ``game``'s positions, or None for a game without one."""
    return Value(game) if getattr(game, "NAME", "") in FEATURES else None
