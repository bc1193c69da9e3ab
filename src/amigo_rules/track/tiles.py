"""Tiles in the library's tile notation (the *Move notation* page of the documentation):
what each one is, what it is worth, what the box holds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

START: Final = "S"
FINISH: Final = "F"
LUCKY: Final = "L"
GIFT: Final = "gift"
FACE_DOWN: Final = "?"
"""The prefix of a path tile lying face down in the track (VXV-10): ``"?-5"``."""
STEAL: Final = "steal"

PLUS: Final = tuple(f"+{n}" for n in range(1, 9))
"""The plus tiles +1 … +8 (VX-COMP-1)."""
MINUS: Final = tuple(f"-{n}" for n in range(1, 11))
"""The minus tile values -1 … -10 (VX-COMP-1: -1 … -8 twice, -9 and -10 once)."""
ACTIONS: Final = (GIFT, STEAL)
"""The two sides of an action tile (VX-COMP-3)."""
PATH_TILES: Final = (*PLUS, *MINUS, LUCKY)
"""Every kind of Verflixxt path tile, the ones a pawn can take."""



def frozen_counts(counts: Mapping[str, int]) -> Mapping[str, int]:
    """A read-only view of a multiset of tiles: what a constant or a cache hands out
    (``Counter(view)`` gives a copy to compute with)."""
    return MappingProxyType(Counter(counts))


def sorted_tiles(counts: Mapping[str, int]) -> tuple[str, ...]:
    """Every tile of the multiset ``counts``, sorted: ``{"L": 2, "+3": 1}`` → ``("+3", "L",
    "L")``."""
    return tuple(sorted(Counter(counts).elements()))


BOX: Final = frozen_counts({**dict.fromkeys(PLUS, 1), **dict.fromkeys(MINUS[:8], 2), "-9": 1,
                            "-10": 1, LUCKY: 6})
"""The 32 path tiles of the box (VX-COMP-1), read-only."""
ACTION_TILES_IN_BOX: Final = 4
GUARDS_IN_BOX: Final = 8


def value(tile: str) -> int:
    """The printed value of a plus or minus tile (``"+5"`` → 5, ``"-3"`` → -3)."""
    return int(tile)


def is_plus(tile: str) -> bool:
    return tile[0] == "+"


def is_minus(tile: str) -> bool:
    return tile[0] == "-"


def face_up(tile: str) -> str:
    """The tile itself, a face-down one (``"?-5"``) turned up (VXV-10)."""
    return tile[1:] if tile[0] == FACE_DOWN else tile


UNTAKEABLE: Final = frozenset((START, FINISH, GIFT, STEAL))
"""The tiles nobody takes: start, finish and the action tiles (VX-TAKE-2, VX-TAKE-3)."""


def takeable(tile: str) -> bool:
    """Whether a pawn leaving the tile alone takes it (VX-TAKE-1/2/3)."""
    return tile not in UNTAKEABLE


def gift_rank(top: str | None) -> int:
    """The value order of VX-ACT-1: lucky, +8 … +1, empty tower (None), -1 … -10."""
    if top is None:
        return 0
    if top == LUCKY:
        return 100
    return value(top)
