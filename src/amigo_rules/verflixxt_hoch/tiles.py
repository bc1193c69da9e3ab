"""The pieces hoch² adds to the track machinery: its box of path tiles, risk tiles,
finish tokens, hats and movement cards (HO-COMP-1 … HO-COMP-4)."""

from __future__ import annotations

from collections import Counter
from typing import Final

from ..track import BOX, LUCKY, PATH_TILES, frozen_counts

RISK: Final = tuple(f"R{n}" for n in range(3, 8))
"""Risk tile kinds ``R3`` … ``R7`` (±N, HO-COMP-1)."""
TOKENS: Final = tuple(f"T{n}" for n in range(2, 7))
"""Finish token kinds ``T2`` … ``T6`` (HO-COMP-3)."""
LUCKY_HAT: Final = "hat+"
CURSED_CAP: Final = "hat-"
HATS: Final = (LUCKY_HAT, CURSED_CAP)
"""The two hats as collected by their owner (HO-HAT-5)."""
HAT_POINTS: Final = 10
"""What a hat counts at the finish (HO-HAT-5): the lucky hat plus, the cursed cap minus."""

TOKEN_STACK: Final = ("T2", "T2", "T3", "T3", "T4", "T4", "T5", "T6")
"""The finish tokens, top of the stack first (HO-COMP-3)."""

PATH_BOX: Final = frozen_counts(
    Counter(BOX) - Counter(["+1", "+2", "-3", "-4", "-5", "-6", "-7", LUCKY]))
"""The 24 path tiles of hoch² (HO-COMP-1), read-only."""
RISK_BOX: Final = frozen_counts({"R3": 1, "R4": 2, "R5": 2, "R6": 2, "R7": 1})
"""The 8 risk tiles (HO-COMP-1), read-only."""
TRACK_TILES: Final = (*PATH_TILES, *RISK)
"""Every kind of tile a pawn can take in hoch²."""
COLLECTED: Final = (*PATH_TILES, *RISK, *TOKENS, *HATS)
"""Everything that can end in a player's collection, in a fixed order."""

VALUES: Final = tuple(range(-1, 7))
"""Card values -1 … 6 (HO-COMP-2)."""
COLOURS: Final = ("y", "o")
"""Card colours: yellow, orange."""
CARDS: Final = tuple(f"{v}{c}" for v in VALUES for c in COLOURS)
"""The 16 kinds of movement card: value then colour letter (``3y``, ``-1o``)."""
CARD_INDEX: Final = {c: i for i, c in enumerate(CARDS)}
CARD_VALUE: Final = {c: int(c[:-1]) for c in CARDS}
DEFAULT_DECK: Final = ((-1, 3, 3), (0, 3, 3), *((v, 4, 4) for v in range(1, 7)))
"""HO-COMP-2's ruling: (value, yellow, orange) — -1 ×6, 0 ×6, 1 … 6 ×8, half each colour."""


def is_positive(tile: str) -> bool:
    """Plus or lucky (HO-SETUP-2); risk tiles are not positive."""
    return tile == LUCKY or tile[0] == "+"


def is_yellow(card: str) -> bool:
    return card[-1] == "y"
