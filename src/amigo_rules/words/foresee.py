"""What a move would do, as the player about to choose it can foresee it: the events of
the move (the game's ``apply_events``, each legal move played once) told to that player
(``redact_events``), with every item the player cannot know before the choice hidden.

Told to its mover, the narration says what the mover sees *after* the move (in
Verflixxt!, the face-down tile the pawn takes, VXV-10). A preview shows an item only where
the player's observation *before* the move shows it where it comes from, which is exactly
when the item is the same in every state the player cannot tell from the real one: where
the observation admits one state, everything is certain; where it admits more, the game
cuts the events to what its observation shows (its `Wording.foresee`; the Verflixxt! page
says which tiles and events that hides, and its rulings). The preview depends on the
observation and the move alone."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from ..core import Event


def foreseen(module: ModuleType, state: Any, moves: Sequence[Any],
             player: int) -> list[tuple[Event, ...]]:
    """Per move of ``moves`` (``player``'s legal moves in ``state``), its events as
    ``player`` can foresee them: an ``item`` the player cannot know is None, such an item
    of ``items`` ``?``; from an event whose happening the player cannot know, none. Each
    move is played once."""
    told = [module.redact_events(state, module.apply_events(state, move)[1], player=player)
            for move in moves]
    seen = module.observation(state, player)
    if module.consistent_states(seen, 1) is not None:  # one state: nothing to hide
        return told
    foresee = module.wording(state.rules).foresee
    return [foresee(events, seen) for events in told]


__all__ = [
    "foreseen",
]
