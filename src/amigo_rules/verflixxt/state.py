"""The `State` of a Verflixxt! game: the board, the towers and whose turn it is."""

from __future__ import annotations

from enum import StrEnum

import attrs

from ..track import Board
from .rules import Rules


class Phase(StrEnum):
    """Where the game stands."""

    ROLL = "roll"
    """A chance node: the active player rolls the die (VX-TURN-2)."""
    MOVE = "move"
    """The active player moves a piece by ``State.roll`` (VX-TURN-2)."""
    STEAL = "steal"
    """The active player chooses whose top tile to steal (VX-ACT-2)."""
    OVER = "over"
    """Every pawn is on the finish (VX-END-1)."""


@attrs.frozen
class State:
    """A position of Verflixxt!: immutable, hashable, holding its `Rules`."""

    rules: Rules
    board: Board
    """The track, the pawns (ascending per player) and the guards."""
    towers: tuple[tuple[str, ...], ...]
    """Per player the collected tiles, bottom to top (VX-TAKE-4)."""
    player: int
    """The active player."""
    phase: Phase
    roll: int = 0
    """The die rolled this turn while ``phase`` is MOVE, else 0."""
