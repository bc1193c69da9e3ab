"""Gift and Steal between towers (VX-ACT-1, VX-ACT-2), shared by every game with action
tiles.

A tower is a tuple of items bottom to top (VX-TAKE-4). ``tradeable`` says which items can
change hands (in hoch² finish tokens and hats stay where they are); the top-most tradeable
item is the one given or stolen. ``rank(tower, tile)`` places a tile in the value order of
VX-ACT-1 (``tile`` None: the tower has none), and ``bad(tower, tile)`` says whether a given
tile goes to the best-ranked player (minus tiles) rather than the worst (plus, lucky).
"""

from __future__ import annotations

from collections.abc import Callable

from .board import Board, Towers
from .tiles import gift_rank, is_minus

Rank = Callable[[tuple[str, ...], str | None], int]
"""``rank(tower, tile)``: the place of ``tile`` in VX-ACT-1's value order."""
Bad = Callable[[tuple[str, ...], str], bool]
"""``bad(tower, tile)``: whether the given ``tile`` goes to the best-ranked player."""


def anything(tile: str) -> bool:
    """Every item of a Verflixxt! tower is a path tile, so every one can change hands."""
    return True


def by_value(tower: tuple[str, ...], tile: str | None) -> int:
    """VX-ACT-1's value order: lucky, +8 … +1, none, -1 … -10."""
    return gift_rank(tile)


def minus(tower: tuple[str, ...], tile: str) -> bool:
    """VX-ACT-1: a minus tile goes to the player whose top tile is the most valuable."""
    return is_minus(tile)


def top_index(tower: tuple[str, ...], tradeable: Callable[[str], bool] = anything) -> int | None:
    """The index of the top-most tradeable item of ``tower``, None if it has none."""
    for index in range(len(tower) - 1, -1, -1):
        if tradeable(tower[index]):
            return index
    return None


def gift_receiver(
    towers: Towers,
    giver: int,
    *,
    rank: Rank = by_value,
    bad: Bad = minus,
    tradeable: Callable[[str], bool] = anything,
) -> int | None:
    """Who receives ``giver``'s top tile (VX-ACT-1); None when there is nothing to give.

    A bad tile goes to the player whose top tile ranks highest, a good one to the lowest;
    ties go to the tied player nearest clockwise from the giver.
    """
    index = top_index(towers[giver], tradeable)
    players = len(towers)
    if index is None or players < 2:
        return None
    tile = towers[giver][index]
    others = [(giver + k) % players for k in range(1, players)]
    ranks = []
    for p in others:
        top = top_index(towers[p], tradeable)
        ranks.append(rank(towers[p], None if top is None else towers[p][top]))
    best = max(ranks) if bad(towers[giver], tile) else min(ranks)
    return others[ranks.index(best)]


def hand_over(
    towers: Towers, source: int, target: int, tradeable: Callable[[str], bool] = anything
) -> Towers:
    """``source``'s top tradeable item goes on top of ``target``'s tower (VX-ACT-1/2)."""
    index = top_index(towers[source], tradeable)
    if index is None:
        return towers
    tile = towers[source][index]
    out = list(towers)
    out[source] = towers[source][:index] + towers[source][index + 1 :]
    out[target] = (*towers[target], tile)
    return tuple(out)


def victims(
    towers: Towers, thief: int, tradeable: Callable[[str], bool] = anything
) -> tuple[int, ...]:
    """VX-ACT-2: the other players with something to steal, by index."""
    return tuple(
        p for p, t in enumerate(towers) if p != thief and top_index(t, tradeable) is not None
    )


def flip(board: Board, position: int, side: str) -> Board:
    """The action tile on ``position`` turned to ``side`` (VX-ACT-1/2)."""
    tiles = board.tiles
    return Board((*tiles[:position], side, *tiles[position + 1 :]), board.pawns, board.guards)
