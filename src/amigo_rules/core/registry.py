"""The registry of games: each name maps to the subpackage that brings its functions.
`GAMES` is the one list of the games; every other list of them is derived from it."""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any, Final

from .checks import quote, type_name
from .errors import ArgumentError, RulesError

GAMES: Final = ("exxtra", "verflixxt", "verflixxt_hoch")
"""The names of the implemented games, as ``get_game`` takes them."""


def get_game(name: str | ModuleType) -> ModuleType:
    """Return the game module named ``name`` (a module is returned as it is).

    >>> get_game("verflixxt").NAME
    'verflixxt'
    """
    if isinstance(name, ModuleType):
        return name
    if type(name) is not str:
        raise ArgumentError(f"a game is a name of {', '.join(GAMES)} or a game module, "
                            f"got {type_name(name)}")
    if name not in GAMES:
        raise RulesError(f"unknown game {quote(name)}; the games are {', '.join(GAMES)}")
    return importlib.import_module(f"amigo_rules.{name}")


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
                     f"module {quote(kind.__module__)} has a game's functions")
