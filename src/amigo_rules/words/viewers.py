"""A move as each viewer may see it, filtered from the events already computed (the
game's ``redact_events``), never by playing the move again: what the seat protocol's
``event`` and a table's log tell each seat and spectator."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ..core.events import Event
from ..core.visibility import visible_notation_from


def seen_move(module: ModuleType, before: Any, move: Any, events: tuple[Event, ...],
              viewer: int) -> tuple[str | None, tuple[Event, ...]]:
    """``move``, played in ``before`` and doing ``events`` (all shown, as the game's
    ``apply_events`` gives them), as ``viewer`` (a seat or `SPECTATOR`) may see it: its
    notation (None for a chance outcome the viewer sees only in part) and its events.

    >>> from amigo_rules import verflixxt_hoch as ho
    >>> state = ho.initial_state(ho.Rules(players=2))
    >>> while state.phase.value == "lay":
    ...     state = ho.apply(state, ho.chance_outcomes(state)[0][0])
    >>> move = ho.chance_outcomes(state)[0][0]  # a card dealt to player 0
    >>> _, events = ho.apply_events(state, move)
    >>> seen_move(ho, state, move, events, 1)[0], seen_move(ho, state, move, events, 0)[0]
    (None, 'deal -1y')
    """
    seen = module.redact_events(before, events, player=viewer)
    return visible_notation_from(move, module.current_player(before), seen, events), seen


__all__ = [
    "seen_move",
]
