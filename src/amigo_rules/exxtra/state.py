"""The state of a game of EXXtra: counters, ladder, whose turn and the pending roll."""

from __future__ import annotations

import attrs

from ..core.state import StateBase
from .rules import Rules

FINISH = 21
"""The finish space (EX-COMP-2); the start space is 0."""

Pair = tuple[int, int]
"""A pair of dice on the ladder: ``(rung, combination)``."""


@attrs.frozen
class State(StateBase):
    """A position of EXXtra. The player to move is ``turn % players``.

    The game is over when a counter stands on the finish (its owner won, EX-END-1) or when
    ``turn`` reached ``rules.max_turns`` (truncated, EX-END-2).
    """

    rules: Rules
    """The game's rules."""
    counters: tuple[int, ...]
    """Each player's counter: 0 (start) … 21 (finish)."""
    ladder: tuple[Pair | None, ...]
    """Each player's dice: ``(rung, combination)`` on the ladder, or ``None`` in hand."""
    turn: int = 0
    """Turns begun so far minus one: turn 0 is player 0's first turn (EX-SETUP-1)."""
    roll: int | None = None
    """The combination waiting for the player's decision, or ``None`` when dice must roll."""
    first_roll: bool = True
    """Whether the pending roll (or the one just rolled into ``roll``) is the turn's first."""


    @property
    def player(self) -> int:
        """The player whose turn it is (after a truncation: whose turn would be next)."""
        return self.turn % self.rules.players

    @property
    def truncated(self) -> bool:
        """Whether the turn limit stopped the game (EX-END-2)."""
        return self.rules.max_turns is not None and self.turn >= self.rules.max_turns

    @property
    def over(self) -> bool:
        """Whether the game is over: a counter reached the finish, or truncated."""
        max_turns = self.rules.max_turns
        return FINISH in self.counters or (max_turns is not None and self.turn >= max_turns)
