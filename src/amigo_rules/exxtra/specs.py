"""``spec(rules)``: the fixed facts of an EXXtra game for adapters and learners."""

from __future__ import annotations

import numpy as np

from ..core import GameSpec
from ..core.checks import rules_of
from ..core.spec import game_spec
from .actions import num_actions, num_chance_outcomes
from .observations import array_length
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules


def spec(rules: Rules | None = None) -> GameSpec:
    """The `GameSpec` of EXXtra under ``rules`` (default: 4 players).

    A player may re-roll as long as no X shows, so a game can last any number of moves even
    under ``max_turns``: ``max_game_length`` is None. Adapters bound it with a truncation
    parameter; `amigo_rules.play` with ``max_moves``.

    >>> s = spec(Rules(players=3))
    >>> s.num_actions, s.num_chance_outcomes, s.observation_shape, s.max_game_length
    (7, 36, (36,), None)
    """
    rules = rules_of(Rules, rules, "spec")
    length = array_length(rules)  # every entry a one-hot, a flag or a share: 0 to 1
    return game_spec(
        "exxtra", rules, (MIN_PLAYERS, MAX_PLAYERS), num_actions(rules),
        num_chance_outcomes(rules), (np.zeros(length), np.ones(length)),
        max_game_length=None, has_chance=True, has_hidden_information=False,
    )
