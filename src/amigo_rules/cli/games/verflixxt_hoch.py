"""Verflixxt hoch² on the command line: its variants as options, its drawing."""

from __future__ import annotations

from typing import Any

from ...verflixxt_hoch import Rules
from ...verflixxt_hoch import render_lines as draw
from . import chosen_options

PRESETS: tuple[str, ...] = ("standard",)
"""The ``--preset`` choices: the game as boxed (options come as variants)."""
VARIANT_OPTIONS: dict[str, tuple[str, dict[str, Any]]] = {
    "attack": ("À l'attaque ! — a pair of equal cards pushes opponents (HO-ATTACK-1)",
               {"attack": True}),
    "action_tiles": ("the amigo Gift/Steal action tiles on the track (HO-COMBINE-1)",
                     {"action_tiles": True}),
}
"""``--variant NAME`` → (help text, the `Rules` options it sets)."""
VARIANTS: dict[str, str] = {name: text for name, (text, _) in VARIANT_OPTIONS.items()}
"""``--variant NAME`` → its help text."""
DEFAULT_PLAYERS = 4


def make_rules(preset: str | None, players: int | None, variants: tuple[str, ...]) -> Rules:
    """The `Rules` for ``players`` (default 4) with the named variants switched on.

    Raises `RulesError` for an unknown preset or variant and for a bad player count.
    """
    _, options = chosen_options(PRESETS, preset, VARIANT_OPTIONS, variants)
    return Rules(players=DEFAULT_PLAYERS if players is None else players, **options)


__all__ = ["DEFAULT_PLAYERS", "PRESETS", "VARIANTS", "VARIANT_OPTIONS", "draw", "make_rules"]
