"""Scores and winners (VX-SCORE-1, VX-SCORE-2)."""

from __future__ import annotations

from collections.abc import Iterable

from ..core import RulesError
from ..track import LUCKY, PATH_TILES, lucky_converts
from .rules import Rules
from .state import Phase, State


def score_tiles(tiles: Iterable[str], rules: Rules | None = None) -> int:
    """Score one player's tower, given bottom to top (VX-SCORE-1).

    >>> score_tiles(["-3", "L", "+5"])
    8
    """
    tower = tuple(tiles)
    unknown = [t for t in tower if t not in PATH_TILES]
    if unknown:
        raise RulesError(f"not Verflixxt path tiles: {unknown}; tiles are +1…+8, -1…-10, L")
    return lucky_converts(tower)


def score(state: State) -> tuple[int, ...]:
    """Each player's score as if the game ended now (VX-SCORE-1)."""
    return tuple(lucky_converts(tower) for tower in state.towers)


def winners(state: State) -> tuple[int, ...]:
    """The winners once the game is over (VX-SCORE-2); ``()`` before."""
    if state.phase is not Phase.OVER:
        return ()
    scores = score(state)
    best = max(scores)
    tied = [p for p, s in enumerate(scores) if s == best]
    if state.rules.tie_break_fewer_lucky and len(tied) > 1:
        fewest = min(state.towers[p].count(LUCKY) for p in tied)
        tied = [p for p in tied if state.towers[p].count(LUCKY) == fewest]
    return tuple(tied)
