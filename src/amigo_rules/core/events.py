"""What a move did, as events: each game's ``narration.events(before, move, after)`` tells
the consequences of one move as the rules carried them out, one `Event` per happening
(a roll, a move, a tile taken, a gift, a knock-off, …), for a program or a narrator.

With ``player`` given, an event shows only what that player may see: a hidden tile or card
is None (``item``) or ``?`` (``items``).

``item`` was called ``tile`` in version 0.2 (it carries tiles, cards, dice, hats and sides
alike): ``Event(tile=…)`` and ``event.tile`` still work, with a `DeprecationWarning`.
"""

from __future__ import annotations

import warnings
from typing import Any

import attrs

_UNSET: Any = object()


def _tile_deprecated() -> None:
    warnings.warn("Event.tile is deprecated and will be removed in the next version: use "
                  "Event.item", DeprecationWarning, stacklevel=3)


@attrs.frozen(init=False)
class Event:
    """One happening; which fields it uses depends on its ``kind`` (each game's narration
    module lists its kinds)."""

    kind: str
    """What happened, e.g. ``"take"``, ``"gift"``, ``"knock_off"``."""
    player: int | None = None
    """The player it happens to, or who acts; None for no one (a tile laid, a guard)."""
    other: int | None = None
    """A second player: who receives, whose tile is stolen, whose pawn is pushed."""
    piece: str | None = None
    """The piece concerned: ``"pawn"``, ``"guard"``, ``"lucky"``, ``"cursed"``."""
    origin: int | None = None
    """Where it starts: a track position, a space of the board."""
    target: int | None = None
    """Where it ends."""
    item: str | None = None
    """The thing concerned, in the move notation: a tile or finish token (``"-3"``,
    ``"R5"``, ``"T4"``), a card (``"3y"``), a hat (``"hat+"``), an action tile's side
    (``"steal"``), a roll or pair of dice (``"7-X"``, ``"64"``); None when hidden."""
    value: int | None = None
    """A number: the die, a card's value, steps, a rung, how many."""
    items: tuple[str, ...] = ()
    """Several tiles or cards (``?`` for one the viewer may not see)."""

    def __init__(self, kind: str, player: int | None = None, other: int | None = None,
                 piece: str | None = None, origin: int | None = None,
                 target: int | None = None, item: str | None = None,
                 value: int | None = None, items: tuple[str, ...] = (), *,
                 tile: str | None = _UNSET) -> None:
        if tile is not _UNSET:
            _tile_deprecated()
            item = tile
        self.__attrs_init__(kind, player, other, piece, origin, target, item, value, items)

    @property
    def tile(self) -> str | None:
        """Deprecated: `item`."""
        _tile_deprecated()
        return self.item


Sink = list[Event] | None
"""Where an engine's step tells what it did: a list the events are appended to, or None
on the plain ``apply`` path, which then pays nothing for them."""
