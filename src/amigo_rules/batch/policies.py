"""Opponents on the batch engines: per game, the agents of `amigo_rules.agents` that play
in numpy, one choice per game of a batch, equal to the scalar agent's choices.

Each policy is ``policy(batch, rng) -> int64[n]``: per game at a decision node a legal
decision id, -1 at chance and terminal games. ``"random"`` is the engine's
``sample_actions``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import numpy as np

from . import exxtra as exxtra_batch
from . import verflixxt as verflixxt_batch

Policy = Callable[[Any, np.random.Generator], np.ndarray]
"""``policy(batch, rng) -> int64[n]``: a legal decision id per game at a decision node, -1
elsewhere."""

POLICIES: Mapping[str, Mapping[str, Policy]] = MappingProxyType({
    "verflixxt": MappingProxyType({"random": verflixxt_batch.sample_actions}),
    "exxtra": MappingProxyType({"random": exxtra_batch.sample_actions}),
})
"""Per game, the batch policies by agent name."""
