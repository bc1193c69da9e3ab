"""The features the learned values read: per seat a row of numbers derived from an
observation array (`Observation.to_array`, or a batch engine's ``observation_array`` for
many games at once), so from what the viewing seat may see and nothing else.

``features(game, rules, arrays, active)`` gives ``float64[n, players,
len(FEATURES[game])]`` for ``arrays`` of shape ``[n, array_length(rules)]`` and the seat
whose turn it is in each (public, but not in every array: EXXtra's marks it only at a
decision). ``observation_features(game, observation)`` gives the same numbers for one
observation, ``float64[players, F]``, without arrays: some twenty times faster for one
position, what a search evaluating positions one at a time needs.

>>> from amigo_rules import exxtra
>>> state = exxtra.new_game(exxtra.Rules(players=3))
>>> array = exxtra.observation(state, 0).to_array()[None]
>>> rows = features("exxtra", state.rules, array, [0])
>>> rows.shape, FEATURES["exxtra"][:3]
((1, 3, 20), ('counter', 'rung', 'pair'))
>>> bool((observation_features("exxtra", exxtra.observation(state, 0)) == rows[0]).all())
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import numpy as np

from ...core import RulesError
from ...core.checks import quote
from .exxtra import EXXTRA, exxtra_features, exxtra_observation_features
from .track import (
    HOCH,
    VERFLIXXT,
    hoch_features,
    hoch_observation_features,
    verflixxt_features,
    verflixxt_observation_features,
)

__all__ = ["FEATURES", "features", "observation_features"]

FEATURES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "verflixxt": VERFLIXXT, "verflixxt_hoch": HOCH, "exxtra": EXXTRA,
})
"""Per game, the names of a seat's features, in order."""

_FUNCTIONS: Mapping[str, tuple[Callable[[Any, np.ndarray, np.ndarray], np.ndarray],
                               Callable[[Any], np.ndarray]]] = MappingProxyType({
    "verflixxt": (verflixxt_features, verflixxt_observation_features),
    "verflixxt_hoch": (hoch_features, hoch_observation_features),
    "exxtra": (exxtra_features, exxtra_observation_features),
})


def _functions(game: str) -> tuple[Callable[[Any, np.ndarray, np.ndarray], np.ndarray],
                                   Callable[[Any], np.ndarray]]:
    found = _FUNCTIONS.get(game)
    if found is None:
        raise RulesError(f"no features for {quote(game)}: {', '.join(FEATURES)}")
    return found


def features(game: str, rules: Any, arrays: np.ndarray, active: Any) -> np.ndarray:
    """``float64[n, players, F]``: the features of every seat in each of the observation
    ``arrays`` (``[n, array_length(rules)]``) of ``game`` under ``rules``, ``active[i]``
    being the seat whose turn it is in row ``i`` (who rolls or decides)."""
    return _functions(game)[0](rules, np.asarray(arrays), np.asarray(active, dtype=np.intp))


def observation_features(game: str, observation: Any) -> np.ndarray:
    """``float64[players, F]``: the features of every seat in one observation of
    ``game`` (equal to `features` of its array)."""
    return _functions(game)[1](observation)
