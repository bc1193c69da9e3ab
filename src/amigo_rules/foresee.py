"""What a move would do, as the player about to choose it can foresee it: the narration
of the move (the game's ``move_events``) told to that player for the real state, with every
tile the player cannot know before the choice hidden.

Told to its mover, the narration says what the mover sees *after* the move: the face-down
tile the pawn takes (VXV-10), the top of the hidden tower stolen from (VXV-HIDDEN-TOWERS),
the tiles the early end gives. A preview shows a tile only where the player's observation
*before* the move shows it where it comes from (its source), which is exactly when the
tile is the same in every state the player cannot tell from the real one (any tile the
player has not seen may lie in any hidden place, so where the observation admits more than
one state, no hidden place's tile is certain; where it admits one, everything is):

- the tile a piece moves onto and the passed tiles (VXV-3): the narration told to the
  player already hides face-down ones, alike before and after the move;
- a tile taken from the track (``take``): the observed tile at ``origin``;
- a tile given or stolen (``gift``, ``steal``): the observed top of the giver's or the
  victim's tower.

Where not a tile but what happens depends on what the player cannot see, the preview ends
before that event: a Gift's receiver (VX-ACT-1, ranked by the other towers' tops) unless
every other tower's top is in view or there is a single other player; the VXV-5 penalty
while face-down tiles lie in the track. The tiles the VXV-4 end gives are all ``?`` while
face-down tiles lie in the track. *Ruling:* these three are cautious, not exact (a receiver,
penalty or end tile the unseen tiles happen to decide anyway is not shown); every other
event is public. The preview depends on the observation and the move alone."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any, Final

import attrs

from .core import Event
from .verflixxt import HIDDEN

_FROM_TOWER: Final = {"gift": "player", "steal": "other"}
"""Kinds moving a tower's top tile, and the field naming whose tower."""


def foreseen(module: ModuleType, state: Any, moves: Sequence[Any],
             player: int) -> list[tuple[Event, ...]]:
    """Per move of ``moves`` (``player``'s legal moves in ``state``), its events as
    ``player`` can foresee them: a ``tile`` the player cannot know is None, such an item
    `HIDDEN`; from an event whose happening the player cannot know, none."""
    seen = module.observation(state, player)
    told = [module.move_events(state, move, module.apply(state, move), player=player)
            for move in moves]
    if module.consistent_states(seen, 1) is not None:  # one state: nothing to hide
        return told
    return [_foreseeable(events, seen) for events in told]


def _foreseeable(events: Sequence[Event], seen: Any) -> tuple[Event, ...]:
    """``events`` (a move's narration told to its mover) cut and hidden to what the
    observation ``seen`` before the move tells."""
    out = []
    for event in events:
        kind = event.kind
        if kind == "take" and seen.tiles[event.origin] == HIDDEN:
            event = attrs.evolve(event, tile=None)
        elif kind in _FROM_TOWER:
            if kind == "gift" and not _receiver_in_view(seen, event.player):
                break
            tower = seen.towers[getattr(event, _FROM_TOWER[kind])]
            if tower[-1] == HIDDEN:
                event = attrs.evolve(event, tile=None)
        elif kind in ("end_take", "penalty") and HIDDEN in seen.tiles:
            if kind == "penalty":
                break
            event = attrs.evolve(event, items=(HIDDEN,) * len(event.items))
        out.append(event)
    return tuple(out)


def _receiver_in_view(seen: Any, giver: int | None) -> bool:
    """Whether the observation decides who receives ``giver``'s Gift (VX-ACT-1): the
    receiver is ranked by the other towers' tops."""
    others = [tower for p, tower in enumerate(seen.towers) if p != giver]
    return len(others) == 1 or all(tower[-1:] != (HIDDEN,) for tower in others)
