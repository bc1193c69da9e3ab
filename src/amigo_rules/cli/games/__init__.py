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
from collections.abc import Mapping
from types import ModuleType
from typing import Any, Final

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


def chosen_options(presets: tuple[str, ...], preset: str | None,
                   variant_options: Mapping[str, tuple[str, dict[str, Any]]],
                   variants: tuple[str, ...]) -> tuple[str, dict[str, Any]]:
    """The preset (the first of ``presets`` by default) and the `Rules` options that the
    ``variants`` set (``variant_options``: name → (help, options)); a `RulesError` for an
    unknown preset or variant, or two variants setting one option differently."""
    preset = presets[0] if preset is None else preset
    if preset not in presets:
        raise RulesError(f"unknown preset {preset!r}; the presets are {', '.join(presets)}")
    options: dict[str, Any] = {}
    chosen_by: dict[str, str] = {}
    for variant in variants:
        if variant not in variant_options:
            known = ", ".join(variant_options)
            raise RulesError(f"unknown variant {variant!r}; the variants are: {known}")
        for key, value in variant_options[variant][1].items():
            if key in options and options[key] != value:
                raise RulesError(f"variants {chosen_by[key]!r} and {variant!r} both set {key}")
            options[key] = value
            chosen_by[key] = variant
    return preset, options


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
