"""Markers returned by ``current_player`` for the two kinds of non-decision nodes."""

from __future__ import annotations

from typing import Final

CHANCE: Final = -1
"""``current_player`` at a chance node: the next move is drawn from ``chance_outcomes``."""

TERMINAL: Final = -2
"""``current_player`` once the game is over."""

SPECTATOR: Final = -3
"""A viewer at no seat (the game server's spectators), as the ``player`` of the functions
that show a state (``observation``, ``move_events``, ``render_svg`` …): they see what is
public, nothing any single player alone may see (no hand, no hidden tower, no face-down
tile)."""
