"""Player colours and names for terminal drawing (rich markup styles)."""

from __future__ import annotations

COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan", "white", "bright_black")
"""Colour of player 0, 1, …; the rulebooks' six colours, then two for 7-8 players."""


def player_style(player: int) -> str:
    """The rich style of ``player``'s pieces."""
    return f"bold {COLOURS[player % len(COLOURS)]}"


def player_label(player: int) -> str:
    """``P0`` … in the player's colour, as rich markup."""
    return f"[{player_style(player)}]P{player}[/]"
