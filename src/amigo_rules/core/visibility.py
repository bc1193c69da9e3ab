"""Which move a seat saw: a move's notation as one player may see it.

The narration is the one source of truth: ``redact_events(before, events, player=p)`` (the
events of ``apply_events``) hides what ``p`` may not see (a card dealt or drawn to another
player, a face-down tile, a tile handed over between hidden towers). A player's choice is
made at the table: everyone sees which move it was, even when a tile it reaches stays
hidden. A chance
outcome whose narration hides something from ``p`` (another player's card) is hidden from
``p`` as a whole: its notation names what ``p`` may not see. Whether a move is hidden
depends on the move and the viewer only, never on what else the hidden state holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .checks import onlooker, wrong_type
from .events import Event
from .nodes import CHANCE


def visible_notation(
    state: Any,
    move: Any,
    player: Any,
    *,
    kind: type[Any],
    apply_events: Callable[[Any, Any], tuple[Any, tuple[Event, ...]]],
    redact_events: Callable[..., tuple[Event, ...]],
    current_player: Callable[[Any], int],
) -> str | None:
    """``str(move)`` if ``player`` (None: everyone) may see which move was played in
    ``state`` (a game's ``kind`` of state), else None: a chance outcome whose events
    ``redact_events`` hides in part from ``player``. The game's ``visible_notation``; the
    move is played once (``apply_events``, which raises for an illegal one)."""
    if type(state) is not kind:
        raise wrong_type("visible_notation", kind, state)
    if player is not None:
        player = onlooker(player, state.rules.players)
    _, events = apply_events(state, move)
    if player is None or current_player(state) != CHANCE:
        return str(move)
    seen = redact_events(state, events, player=player)
    return visible_notation_from(move, CHANCE, seen, events)


def visible_notation_from(move: Any, mover: int, seen: tuple[Event, ...],
                  shown: tuple[Event, ...]) -> str | None:
    """``str(move)``, played by ``mover``, for a viewer who sees its events as ``seen``
    (``shown``: all of them): None when it is a chance outcome they see only in part."""
    return None if mover == CHANCE and seen != shown else str(move)
