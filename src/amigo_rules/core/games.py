"""The game an object belongs to: `game_of`, one way for every caller (pictures, error
messages, the search, the engines)."""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any, Final

from .errors import RulesError

SEARCH_FUNCTIONS: Final = ("sample_state", "current_player", "legal_moves", "chance_outcomes",
                           "apply", "returns")
"""The functions by which `game_of` knows a game module (those a search needs)."""


def game_of(thing: Any) -> ModuleType:
    """The game module that ``thing`` belongs to: a state, observation, move or rules of a
    game, or such a class. It is the innermost package above the class's module that has a
    game's functions (`SEARCH_FUNCTIONS`), so a game the library does not know is found too.

    >>> from amigo_rules import exxtra
    >>> game_of(exxtra.observation(exxtra.new_game(), 0)).NAME
    'exxtra'
    >>> game_of(exxtra.Place).NAME
    'exxtra'
    """
    kind = thing if isinstance(thing, type) else type(thing)
    parts = kind.__module__.split(".")
    for end in range(len(parts), 0, -1):
        module = sys.modules.get(".".join(parts[:end]))
        if module is not None and all(hasattr(module, name) for name in SEARCH_FUNCTIONS):
            return module
    raise RulesError(f"cannot tell the game of a {kind.__qualname__}: no package above its "
                     f"module {kind.__module__!r} has a game's functions")
