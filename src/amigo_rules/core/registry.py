"""The registry of games: each name maps to the subpackage that brings its functions."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Final

from .errors import RulesError

GAMES: Final = ("exxtra", "verflixxt", "verflixxt_hoch")
"""The names of the implemented games, as ``get_game`` takes them."""


def get_game(name: str | ModuleType) -> ModuleType:
    """Return the game module named ``name`` (a module is returned as it is).

    >>> get_game("verflixxt").NAME
    'verflixxt'
    """
    if isinstance(name, ModuleType):
        return name
    if name not in GAMES:
        raise RulesError(f"unknown game {name!r}; the games are {', '.join(GAMES)}")
    return importlib.import_module(f"amigo_rules.{name}")
