"""What a game hands the words floor (narration, previews, score sheets): how its things
read. Each game's facade has ``wording(rules) -> Wording``; the floor above words every
game's events with it and knows no game's tiles, cards or pieces itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from .events import Event
from .text import Span


def _bold(text: str) -> Span:
    return text, "bold"


def _nameless(item: str) -> str:
    return ""


def _worthless(item: str) -> int:
    return 0


def _foreseen(events: tuple[Event, ...], seen: Any) -> tuple[Event, ...]:
    return events


@attrs.frozen
class Wording:
    """A game's wording parts under one `Rules`."""

    item: Callable[[str], Span]
    """A tile, token, hat, dice combination … in the notation of `Event.item`, as text and
    its style name (``"-3"`` → ``("-3", "minus")``)."""
    card: Callable[[str], Span] = _bold
    """A card of the game, as text and style."""
    noun: Callable[[str], str] = _nameless
    """What an item is called where it is named alone (``"risk tile"``), or ``""``."""
    pieces: Mapping[str, str] = attrs.field(factory=dict)
    """`Event.piece` → its words where they are not the piece's own name
    (``"cursed"`` → ``"the cursed-cap pawn"``)."""
    worth: Callable[[str], int] = _worthless
    """What an item counts for on its own in a collection (a hat's ±10)."""
    pawns: int | None = None
    """Pawns per player: a player with that many home has every pawn home (None: no
    pawns)."""
    foresee: Callable[[tuple[Event, ...], Any], tuple[Event, ...]] = _foreseen
    """A move's events told to its mover, cut to what the mover's observation before the
    move (the second argument) lets them foresee: the game's hidden-information rules for
    previews. Without hidden information, the events as they are."""

    def piece(self, piece: str | None) -> str:
        """The words for `Event.piece` ``piece``."""
        return self.pieces.get(piece or "", piece or "piece")


__all__ = [
    "Wording",
]
