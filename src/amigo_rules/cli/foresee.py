"""What a move would do, as the player about to choose it can foresee it: the narration
of the move (the game's ``move_events``) told for states drawn from that player's
observation (``sample_state``), keeping a tile only where they all agree.

Told for the real state, the narration of a move says what its mover will see afterwards:
the face-down tile the pawn is about to take (VXV-10), the top of the hidden tower about to
be stolen from (VXV-HIDDEN-TOWERS). A preview must not show those before the choice. The
states drawn depend on the observation alone (a fixed seed), so the preview does too."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any, Final

import attrs
import numpy as np

from ..core import Event

SAMPLES: Final = 16
"""How many states are drawn from the observation."""
HIDDEN: Final = "?"
"""An item of ``items`` the player cannot foresee."""


def foreseen(module: ModuleType, state: Any, moves: Sequence[Any],
             player: int) -> list[tuple[Event, ...]]:
    """Per move of ``moves`` (``player``'s legal moves in ``state``), its events as
    ``player`` can foresee them: a ``tile`` the drawn states disagree on is None, such an
    item `HIDDEN`; from the first event they disagree on otherwise (which, where), none."""
    rng = np.random.default_rng(0)
    seen = module.observation(state, player)
    drawn = [module.sample_state(seen, rng) for _ in range(SAMPLES)]
    return [_agreed([module.move_events(s, move, module.apply(s, move), player=player)
                     for s in drawn]) for move in moves]


def _agreed(told: list[tuple[Event, ...]]) -> tuple[Event, ...]:
    """The events every telling agrees on, up to the first they do not; a tile or an
    item they disagree on hidden."""
    out = []
    for events in zip(*told, strict=False):
        first = events[0]
        if any(attrs.evolve(e, tile=None, items=()) != attrs.evolve(first, tile=None, items=())
               for e in events):
            break
        tile = first.tile if all(e.tile == first.tile for e in events) else None
        items = tuple(item if all(e.items[k:k + 1] == (item,) for e in events) else HIDDEN
                      for k, item in enumerate(first.items))
        out.append(attrs.evolve(first, tile=tile, items=items))
    return tuple(out)
