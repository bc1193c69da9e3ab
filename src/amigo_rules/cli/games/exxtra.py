"""EXXtra on the command line: no presets or variants, its drawing."""

from __future__ import annotations

from typing import Any

from ... import exxtra
from ...core import RulesError
from ...exxtra import render_lines as draw

PRESETS: tuple[str, ...] = ()
"""EXXtra has no presets."""
VARIANT_OPTIONS: dict[str, tuple[str, dict[str, Any]]] = {}
VARIANTS: dict[str, str] = {}
"""EXXtra has no variants."""
DEFAULT_PLAYERS = 4


def make_rules(preset: str | None, players: int | None, variants: tuple[str, ...]) -> exxtra.Rules:
    """The rules for the command line's options; raises `RulesError` on bad input."""
    if preset is not None:
        raise RulesError(f"EXXtra has no presets, got {preset!r}")
    if variants:
        raise RulesError(f"EXXtra has no variants, got {', '.join(variants)}")
    return exxtra.Rules(players=DEFAULT_PLAYERS if players is None else players)


__all__ = ["DEFAULT_PLAYERS", "PRESETS", "VARIANTS", "VARIANT_OPTIONS", "draw", "make_rules"]
