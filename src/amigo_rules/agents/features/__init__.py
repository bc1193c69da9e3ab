"""The features the learned values read: per seat a row of numbers derived from an
observation array (`Observation.to_array`, or a batch engine's ``observation_array`` for
many games at once), so from what the viewing seat may see and nothing else.

``features(game, rules, arrays)`` gives ``float64[n, players, len(FEATURES[game])]`` for
``arrays`` of shape ``[n, array_length(rules)]``; one function serves a single position and
a whole batch.

>>> from amigo_rules import exxtra
>>> state = exxtra.new_game(exxtra.Rules(players=3))
>>> rows = features("exxtra", state.rules, exxtra.observation(state, 0).to_array()[None])
>>> rows.shape, FEATURES["exxtra"][:3]
((1, 3, 19), ('counter', 'rung', 'pair'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import numpy as np

from ...core import RulesError
from ...core.checks import quote
from .exxtra import EXXTRA, exxtra_features
from .track import HOCH, VERFLIXXT, hoch_features, verflixxt_features

__all__ = ["FEATURES", "features"]

FEATURES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "verflixxt": VERFLIXXT, "verflixxt_hoch": HOCH, "exxtra": EXXTRA,
})
"""Per game, the names of a seat's features, in order."""

_FUNCTIONS: Mapping[str, Callable[[Any, np.ndarray], np.ndarray]] = MappingProxyType({
    "verflixxt": verflixxt_features, "verflixxt_hoch": hoch_features,
    "exxtra": exxtra_features,
})


def features(game: str, rules: Any, arrays: np.ndarray) -> np.ndarray:
    """``float64[n, players, F]``: the features of every seat in each of the observation
    ``arrays`` (``[n, array_length(rules)]``) of ``game`` under ``rules``."""
    function = _FUNCTIONS.get(game)
    if function is None:
        raise RulesError(f"no features for {quote(game)}: {', '.join(FEATURES)}")
    return function(rules, np.asarray(arrays))
