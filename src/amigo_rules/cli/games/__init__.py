"""The terminal views of the games, by name, imported only when a command needs one.

Every view module provides::

    PRESETS: tuple[str, ...]            # --preset choices, the first one the default
    VARIANTS: dict[str, str]            # --variant NAME -> help text
    VARIANT_OPTIONS: dict[str, tuple[str, dict]]   # --variant NAME -> (help, Rules options)
    DEFAULT_PLAYERS: int
    def make_rules(preset, players, variants) -> Rules   # RulesError on bad input
    def draw(state, *, player=None, width=80) -> list[Line]   # the game's render_lines
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Final

from ...core import GAMES, RulesError

VIEWS: Final = {name: f"{__name__}.{name}" for name in GAMES}
"""Game name → the module of its terminal view (a module of this package named as the
game)."""


def names() -> tuple[str, ...]:
    """The games the command line offers: every game of ``amigo_rules.GAMES``."""
    return GAMES


def view(name: str) -> ModuleType:
    """The terminal view of the game ``name``.

    Raises `RulesError` when the game has no view (or its view is not written yet).
    """
    if name not in names():
        raise RulesError(f"no terminal view for {name!r}; the games are {', '.join(names())}")
    module = VIEWS[name]
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        raise RulesError(f"the terminal view of {name!r} is not available yet") from None


def available() -> tuple[str, ...]:
    """The games whose view imports, in `names` order."""
    found = []
    for name in names():
        try:
            view(name)
        except RulesError:
            continue
        found.append(name)
    return tuple(found)
