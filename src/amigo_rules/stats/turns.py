"""Where a turn begins, per game: on the batch engine (for the statistics) and on the scalar
engine (for the cross-check against its games), the one place that says what a turn is.

A turn begins with the move made from a position that starts it: in Verflixxt! the roll of
the die (VX-TURN-2), or with tactical cards the turn's first card or its pass (VXV-9), in
hoch² the turn's first card (HO-TURN-1), in EXXtra the turn's first
roll (EX-ROLL-1). A turn of Verflixxt! that a Steal lengthens, or of EXXtra with re-rolls,
is still one turn; a player left alone on the track plays a turn per roll.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import attrs
import numpy as np

from .. import verflixxt, verflixxt_hoch


@attrs.frozen
class Turns:
    """How a game tells the positions at which a turn begins."""

    batch: Callable[[Any], np.ndarray]
    """``bool[n]``: the games of a batch whose next move begins a turn."""
    scalar: Callable[[Any], bool]
    """Whether the next move of a scalar state begins a turn."""


_VX_ROLL = verflixxt.PHASES.index(verflixxt.Phase.ROLL)
_VX_MOVE = verflixxt.PHASES.index(verflixxt.Phase.MOVE)
_HO_PLAY = verflixxt_hoch.PHASES.index(verflixxt_hoch.Phase.PLAY)

TURNS: Mapping[str, Turns] = MappingProxyType({
    "verflixxt": Turns(
        batch=lambda games: (
            (games.phase == _VX_MOVE) & (games.played[0] == 0) if len(games.played)  # VXV-9
            else games.phase == _VX_ROLL),
        scalar=lambda state: (
            state.phase is verflixxt.Phase.MOVE and not state.played
            if state.rules.tactical_cards else state.phase is verflixxt.Phase.ROLL),
    ),
    "verflixxt_hoch": Turns(
        batch=lambda games: (games.phase == _HO_PLAY) & (games.plays == 0),
        scalar=lambda state: state.phase is verflixxt_hoch.Phase.PLAY and state.plays == 0,
    ),
    "exxtra": Turns(
        batch=lambda games: games.first & (games.roll < 0) & ~games.over,
        scalar=lambda state: state.first_roll and state.roll is None and not state.over,
    ),
})
"""Per game (`amigo_rules.GAMES`), where its turns begin."""

__all__ = ["TURNS", "Turns"]
