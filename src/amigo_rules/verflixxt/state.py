"""The `State` of a Verflixxt! game: the board, the towers and whose turn it is."""

from __future__ import annotations

from enum import StrEnum

import attrs

from ..core.state import StateBase
from ..track import Board, Towers
from .rules import Rules


class Phase(StrEnum):
    """Where the game stands."""

    ROLL = "roll"
    """A chance node: the active player rolls the die (VX-TURN-2)."""
    MOVE = "move"
    """The active player moves a piece by ``State.roll`` (VX-TURN-2)."""
    STEAL = "steal"
    """The active player chooses whose top tile to steal (VX-ACT-2)."""
    FLIP = "flip"
    """The active player turns an unoccupied path tile face down (VXV-10)."""
    OVER = "over"
    """Every pawn is on the finish (VX-END-1)."""
    LAY = "lay"
    """A chance node of the setup: the next tile of the shuffled track is laid (VX-SETUP-2,
    VXV-1 c, VXV-10)."""


@attrs.frozen
class State(StateBase):
    """A position of Verflixxt!: immutable, hashable, holding its `Rules`."""

    rules: Rules
    """The game's rules."""
    board: Board
    """The track, the pawns (ascending per player) and the guards."""
    towers: Towers
    """Per player the collected tiles, bottom to top (VX-TAKE-4)."""
    player: int
    """The active player."""
    phase: Phase
    """Where the game stands."""
    roll: int = 0
    """The die rolled this turn while ``phase`` is MOVE, else 0."""
    penalty: tuple[int, str] | None = None
    """VXV-5: ``(player, tile)``, the penalty tile the owner of the last pawn took at the
    end; it counts at face value, no lucky tile turns it. None otherwise."""
    hands: tuple[tuple[int, ...], ...] = ()
    """VXV-9: per player the tactical cards in hand, ascending; ``()`` without the variant."""
    played: tuple[int, ...] = ()
    """VXV-9: the cards the active player has played this turn, in order."""

    def at(
        self,
        board: Board,
        towers: Towers,
        player: int,
        phase: Phase,
        roll: int = 0,
    ) -> State:
        """This game at another position, with the same penalty, hands and cards played.

        The engine's way to build the next state: the one place the fields are passed by
        position, in their order (by keyword the hot path builds a state about 60 % slower;
        measured with Python 3.11)."""
        return State(self.rules, board, towers, player, phase, roll, self.penalty, self.hands,
                     self.played)
