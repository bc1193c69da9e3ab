"""The rules options of EXXtra (EX-COMP-3, EX-END-2), validated on construction."""

from __future__ import annotations

from typing import Any

import attrs

from ..core import RulesError
from ..core.checks import quote
from ..core.validators import integer

MIN_PLAYERS = 3
MAX_PLAYERS = 6
MAX_TURNS = 1_000_000
"""The largest turn limit (ruling: far beyond any game, and keeps every number small)."""


def _check_max_turns(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and (type(value) is not int or not 1 <= value <= MAX_TURNS):
        raise RulesError(f"Rules.max_turns must be None or a positive integer (at most "
                         f"{MAX_TURNS}), got {quote(value)}")


@attrs.frozen(cache_hash=True)
class Rules:
    """The options of a game of EXXtra.

    >>> Rules(players=5)
    Rules(players=5, max_turns=None)
    >>> Rules(players=7)
    Traceback (most recent call last):
    ...
    amigo_rules.core.errors.RulesError: Rules.players must be an integer from 3 to 6, got 7
    """

    players: int = attrs.field(default=4, validator=integer(MIN_PLAYERS, MAX_PLAYERS))
    """Number of players, 3-6 (EX-COMP-3)."""
    max_turns: int | None = attrs.field(default=None, validator=_check_max_turns)
    """Turn limit (EX-END-2): after this many turns (each player's turn counts one) the game
    is truncated with no winner; ``None`` plays until a counter reaches the finish."""
