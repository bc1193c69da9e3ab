"""Gift and Steal on hoch² collections (HO-COMBINE-1): VX-ACT-1/2 of `amigo_rules.track`
with hoch²'s tradeable items and the rank of risk tiles.

A collection is a tower in order of arrival (VX-TAKE-4) that also holds finish tokens and
hats; only path and risk tiles are given or stolen — the top-most one, whatever token or hat
lies above it.
"""

from __future__ import annotations

from ..track import LUCKY, Towers, gift_rank, gift_receiver, hand_over, is_minus, top_index
from ..track import victims as track_victims
from ..track.gifts import Bad, Rank
from .tiles import RISK, TRACK_TILES


def tradeable(item: str) -> bool:
    """Path and risk tiles change hands; finish tokens and hats stay."""
    return item in TRACK_TILES


def ranking(risk_rank: str) -> tuple[Rank, Bad]:
    """The gift rank of a tile (VX-ACT-1's order) under the ``risk_rank`` ruling.

    A risk tile ``RN`` is worth 0 with ``"zero"``, and with ``"parity"`` -N or +N as its
    holder's collection holds an odd or even number of risk tiles.
    """

    def rank(collection: tuple[str, ...], tile: str | None) -> int:
        if tile in RISK:
            if risk_rank == "zero":
                return 0
            odd = sum(t in RISK for t in collection) % 2
            return -int(tile[1:]) if odd else int(tile[1:])
        return gift_rank(tile)

    def bad(collection: tuple[str, ...], tile: str) -> bool:
        """A minus tile, or a risk tile ranked "zero" or negative for its giver, goes to the
        best-ranked player."""
        if tile in RISK:
            return risk_rank == "zero" or rank(collection, tile) < 0
        return tile != LUCKY and is_minus(tile)

    return rank, bad


def gift(towers: Towers, giver: int, risk_rank: str) -> Towers:
    """VX-ACT-1 on hoch² collections: the towers after ``giver``'s Gift."""
    rank, bad = ranking(risk_rank)
    receiver = gift_receiver(towers, giver, rank=rank, bad=bad, tradeable=tradeable)
    return towers if receiver is None else hand_over(towers, giver, receiver, tradeable)


def stolen(towers: Towers, victim: int, thief: int) -> Towers:
    """VX-ACT-2 on hoch² collections: the victim's top-most tile goes to the thief."""
    return hand_over(towers, victim, thief, tradeable)


def victims(towers: Towers, thief: int) -> tuple[int, ...]:
    """VX-ACT-2: the other players holding a path or risk tile, by index."""
    return track_victims(towers, thief, tradeable)


def top_tile(collection: tuple[str, ...]) -> int | None:
    """The index of the top-most path or risk tile of ``collection``, None if it has none."""
    return top_index(collection, tradeable)
