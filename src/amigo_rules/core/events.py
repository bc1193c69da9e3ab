"""What a move did, as events: each game's ``narration.events(before, move, after)`` tells
the consequences of one move as the rules carried them out, one `Event` per happening
(a roll, a move, a tile taken, a gift, a knock-off, …), for a program or a narrator.

With ``player`` given, an event shows only what that player may see: a hidden tile or card
is None (``tile``) or left out (``items``).
"""

from __future__ import annotations

import attrs


@attrs.frozen
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
    tile: str | None = None
    """The tile, card or combination concerned (in the move notation); None when hidden."""
    value: int | None = None
    """A number: the die, a card's value, steps, a rung, how many."""
    items: tuple[str, ...] = ()
    """Several tiles or cards (those the viewer may see)."""


Sink = list[Event] | None
"""Where an engine's step tells what it did: a list the events are appended to, or None
on the plain ``apply`` path, which then pays nothing for them."""
