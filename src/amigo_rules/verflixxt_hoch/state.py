"""The `State` of a Verflixxt hoch² game."""

from __future__ import annotations

from enum import StrEnum

import attrs

from ..core.state import StateBase
from ..track import Board
from .rules import Rules


class Phase(StrEnum):
    """Where the game stands."""

    PLAY = "play"
    """The active player plays a card (HO-TURN-1)."""
    HAT = "hat"
    """The pawn just moved may take, hand over or swap a hat (HO-HAT-2)."""
    DOUBLE = "double"
    """After a yellow first card: play the second card too, or stop (HO-TURN-3)."""
    STEAL = "steal"
    """A pawn left a Steal tile alone: the active player picks whose tile (HO-COMBINE-1)."""
    DRAW = "draw"
    """A chance node: the active player draws a card (HO-TURN-4)."""
    OVER = "over"
    """Every pawn has reached the finish (HO-END-1)."""
    LAY = "lay"
    """A chance node of the setup: the next tile of the shuffled track is laid (HO-SETUP-1)."""
    DEAL = "deal"
    """A chance node of the setup: a card is dealt to ``player`` (HO-SETUP-3)."""
    HATS = "hats"
    """A chance node of the setup: ``player`` turns up a card for the hats (HO-SETUP-4)."""


NO_HAT = 0
LUCKY = 1
CURSED = 2

Hat = tuple[int, int] | None
"""Where a hat is: (player, position) of the pawn wearing it, or None."""


@attrs.frozen
class State(StateBase):
    """A position of Verflixxt hoch²: immutable, hashable, holding its `Rules`."""

    rules: Rules
    """The game's rules."""
    board: Board
    """The track, the pawns (ascending per player) and the guards."""
    towers: tuple[tuple[str, ...], ...]
    """Per player everything collected, in order: tiles, finish tokens, hats."""
    hats: tuple[Hat, Hat]
    """(player, position) of the pawn wearing the lucky hat and the cursed cap; None once
    the hat has reached the finish (it is then in its owner's collection), and during the
    setup, before the hats are given out."""
    tokens: int
    """How many finish tokens have been taken from the top of the stack (HO-FIN-1)."""
    hands: tuple[tuple[str, ...], ...]
    """Per player the cards in hand, in card order (secret, HO-SETUP-3)."""
    pile: tuple[int, ...]
    """The draw pile: how many of each card kind (the order is unknown, so only counts)."""
    discard: tuple[int, ...]
    """The discard pile: how many of each card kind."""
    player: int
    """The active player."""
    phase: Phase
    """Where the game stands."""
    plays: int = 0
    """Cards played this turn."""
    yellow: bool = False
    """The first card played this turn was yellow (HO-TURN-3)."""
    arrived: int = -1
    """In the HAT phase, the position of the pawn that just moved; in the STEAL phase the
    same when a hat action follows the steal; else -1."""
    arrived_hat: int = NO_HAT
    """With ``arrived``, which hat that pawn wears (0 none, 1 lucky, 2 cursed)."""
    turned: tuple[str, ...] = ()
    """In the HATS phase, the cards turned up so far, in order (HO-SETUP-4); else empty."""

