"""The terminal views of the games, by name, imported only when a command needs one: each
game's module of this package holds its `View` as ``VIEW``."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

import attrs

from ...core import GAMES, RulesError
from ...core.text import Line


@attrs.frozen
class View:
    """A game on the command line: its rules' presets and variants as options, and its
    drawing."""

    rules: Callable[..., Any]
    """The game's ``Rules``: what a game without presets is played under."""
    presets: Mapping[str, Callable[..., Any]]
    """``--preset NAME`` → the ``Rules`` constructor it names, the first one the default;
    empty for a game without presets."""
    variant_options: Mapping[str, tuple[str, Mapping[str, Any]]]
    """``--variant NAME`` → (help text, the `Rules` options it sets)."""
    draw: Callable[..., list[Line]]
    """The game's ``render_lines``: ``draw(state, *, player=None, width=80)``."""
    default_players: int = 4
    """The players when ``--players`` is not given."""

    @property
    def default_preset(self) -> str | None:
        """The preset played when ``--preset`` is not given; None for a game without."""
        return next(iter(self.presets), None)

    @property
    def variants(self) -> Mapping[str, str]:
        """``--variant NAME`` → its help text."""
        return MappingProxyType({name: text for name, (text, _) in self.variant_options.items()})

    def make_rules(self, preset: str | None, players: int | None,
                   variants: tuple[str, ...]) -> Any:
        """The `Rules` of ``preset`` (default: the first) for ``players`` (default:
        `default_players`) with the ``variants`` switched on; a `RulesError` for an unknown
        preset or variant, two variants setting one option differently, or a bad player
        count."""
        make = self.rules
        chosen = self.default_preset if preset is None else preset
        if chosen is not None:
            if chosen not in self.presets:
                known = ", ".join(self.presets) or "none"
                raise RulesError(f"unknown preset {chosen!r}; the presets are {known}")
            make = self.presets[chosen]
        options: dict[str, Any] = {}
        chosen_by: dict[str, str] = {}
        for variant in variants:
            if variant not in self.variant_options:
                known = ", ".join(self.variant_options) or "none"
                raise RulesError(f"unknown variant {variant!r}; the variants are: {known}")
            for key, value in self.variant_options[variant][1].items():
                if key in options and options[key] != value:
                    raise RulesError(
                        f"variants {chosen_by[key]!r} and {variant!r} both set {key}")
                options[key] = value
                chosen_by[key] = variant
        return make(players=self.default_players if players is None else players, **options)

VIEWS: Final = {name: f"{__name__}.{name}" for name in GAMES}
"""Game name → the module of its terminal view (a module of this package named as the
game)."""


def names() -> tuple[str, ...]:
    """The games the command line offers: every game of ``amigo_rules.GAMES``."""
    return GAMES


def view(name: str) -> View:
    """The terminal view of the game ``name`` (its module's ``VIEW``).

    Raises `RulesError` when the game has no view (or its view is not written yet).
    """
    if name not in names():
        raise RulesError(f"no terminal view for {name!r}; the games are {', '.join(names())}")
    module = VIEWS[name]
    try:
        found: View = importlib.import_module(module).VIEW
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        raise RulesError(f"the terminal view of {name!r} is not available yet") from None
    return found


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
