"""Gift and Steal on hoch² collections (HO-COMBINE-1, after VX-ACT-1/2): pure functions.

A collection is a tower in order of arrival (VX-TAKE-4) that also holds finish tokens and
hats; only path and risk tiles are given or stolen — the top-most one, whatever token or hat
lies above it.
"""

from __future__ import annotations

from ..track import LUCKY, gift_rank, is_minus
from .tiles import RISK, TRACK_TILES


def top_tile(collection: tuple[str, ...]) -> int | None:
    """The index of the top-most path or risk tile of ``collection``, None if it has none."""
    for index in range(len(collection) - 1, -1, -1):
        if collection[index] in TRACK_TILES:
            return index
    return None


def tile_rank(collection: tuple[str, ...], tile: str | None, risk_rank: str) -> int:
    """The worth of ``tile`` in the gift order (VX-ACT-1): lucky, +8 … +1, none, -1 … -10.

    A risk tile ``RN`` is worth 0 with ``risk_rank="zero"``, and with ``"parity"`` -N or +N
    as ``collection`` (its holder's) holds an odd or even number of risk tiles.
    """
    if tile in RISK:
        if risk_rank == "zero":
            return 0
        odd = sum(t in RISK for t in collection) % 2
        return -int(tile[1:]) if odd else int(tile[1:])
    return gift_rank(tile)


def rank(collection: tuple[str, ...], risk_rank: str) -> int:
    """The gift rank of a collection: that of its top-most path or risk tile (0 if none)."""
    index = top_tile(collection)
    return 0 if index is None else tile_rank(collection, collection[index], risk_rank)


def _is_bad(collection: tuple[str, ...], tile: str, risk_rank: str) -> bool:
    """Whether a gifted tile goes to the best-ranked player (minus tiles, VX-ACT-1)."""
    if tile in RISK:
        return risk_rank == "zero" or tile_rank(collection, tile, risk_rank) < 0
    return tile != LUCKY and is_minus(tile)


def gift_receiver(towers: tuple[tuple[str, ...], ...], giver: int, risk_rank: str) -> int | None:
    """Who receives ``giver``'s top-most tile (VX-ACT-1), None when there is nothing to give.

    A bad tile (minus; a risk tile ranked "zero", or negative for its giver under "parity")
    goes to the player whose top-most tile ranks highest, a good one (plus, lucky, a positive
    risk tile) to the lowest; ties go to the tied player nearest clockwise from the giver.
    """
    index = top_tile(towers[giver])
    players = len(towers)
    if index is None or players < 2:
        return None
    tile = towers[giver][index]
    others = [(giver + k) % players for k in range(1, players)]
    ranks = [rank(towers[p], risk_rank) for p in others]
    best = max(ranks) if _is_bad(towers[giver], tile, risk_rank) else min(ranks)
    return others[ranks.index(best)]


def hand_over(
    towers: tuple[tuple[str, ...], ...], source: int, target: int
) -> tuple[tuple[str, ...], ...]:
    """``source``'s top-most path or risk tile goes on top of ``target``'s collection."""
    index = top_tile(towers[source])
    if index is None:
        return towers
    tile = towers[source][index]
    out = list(towers)
    out[source] = towers[source][:index] + towers[source][index + 1 :]
    out[target] = (*towers[target], tile)
    return tuple(out)


def gift(towers: tuple[tuple[str, ...], ...], giver: int, risk_rank: str):
    """VX-ACT-1 on hoch² collections: the towers after ``giver``'s Gift."""
    receiver = gift_receiver(towers, giver, risk_rank)
    return towers if receiver is None else hand_over(towers, giver, receiver)


def victims(towers: tuple[tuple[str, ...], ...], thief: int) -> tuple[int, ...]:
    """VX-ACT-2: the other players holding a path or risk tile, by index."""
    return tuple(p for p, t in enumerate(towers) if p != thief and top_tile(t) is not None)
