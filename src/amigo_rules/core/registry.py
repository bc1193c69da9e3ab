"""The registry of games: each name maps to the subpackage that brings its functions.
`GAMES` is the one list of the games; every other list of them is derived from it (the
game of an object: `amigo_rules.core.games.game_of`)."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Final

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
