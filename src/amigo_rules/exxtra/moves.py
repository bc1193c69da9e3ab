"""EXXtra's moves and their notation: ``roll 7-X`` (chance), ``reroll``, ``place 3``."""

from __future__ import annotations

import re
from functools import cache

import attrs

from ..core import IllegalMoveError
from ..core.chance import Outcomes, by_counts
from ..core.checks import integer_field, notation, number, quote
from .dice import DIE_A, DIE_B, X, face_text

RUNGS = 6
"""The ladder's rungs 0-5 (EX-COMP-2)."""


# Converters carry ignore[misc]: mypy's attrs plugin reads named converters only, not
# the checks.*_field(...) factories (the __init__ argument is then Any, as it is at runtime).
@attrs.frozen(cache_hash=True)
class Roll:
    """A roll of both dice (chance, EX-ROLL-1): die A's face, then die B's; 0 stands for X.

    The hash is cached: the sampler of chance nodes hashes the whole outcome table.
    """

    a: int = attrs.field(converter=integer_field("Roll.a"))  # type: ignore[misc]
    """Die A's face: 1, 2, 3, 4, 7, or 0 for the X (EX-COMP-1)."""
    b: int = attrs.field(converter=integer_field("Roll.b"))  # type: ignore[misc]
    """Die B's face: 1, 2, 3, 5, 6, or 0 for the X (EX-COMP-1)."""

    def __str__(self) -> str:
        return f"roll {face_text(self.a)}-{face_text(self.b)}"


@attrs.frozen
class Reroll:
    """Roll both dice again instead of accepting the combination (EX-ROLL-6)."""

    def __str__(self) -> str:
        return "reroll"


@attrs.frozen
class Place:
    """Accept the combination and place the pair on ``rung`` (EX-PLACE-1)."""

    rung: int = attrs.field(converter=integer_field("Place.rung"))  # type: ignore[misc]
    """The rung of the ladder the dice go to, 0-5 (EX-PLACE-1)."""

    def __str__(self) -> str:
        return f"place {self.rung}"


Move = Roll | Reroll | Place
"""A move of EXXtra: a chance roll, a re-roll or a placement."""

REROLL = Reroll()
PLACES = tuple(Place(rung) for rung in range(RUNGS))
"""``place 0`` … ``place 5``, shared by every state."""


@cache
def rolls() -> tuple[Roll, ...]:
    """The 36 rolls, die A's face major, faces in notation order (1 2 3 4 7 X / 1 2 3 5 6 X)."""
    return tuple(Roll(a, b) for a in DIE_A for b in DIE_B)


@cache
def roll_outcomes() -> Outcomes:
    """The 36 equally likely rolls with their probability (EX-ROLL-1), carrying their
    sampling weights."""
    return by_counts(rolls(), (1,) * len(rolls()))


_NOTATION = re.compile(r"(reroll)|place\s+(\d+)|roll\s+(\w+)\s*-\s*(\w+)")
GRAMMAR = "'roll 7-X' (die A: 1 2 3 4 7 X, die B: 1 2 3 5 6 X), 'reroll' or 'place 0' … 'place 5'"


def _face(text: str, faces: tuple[int, ...]) -> int | None:
    face = X if text == "x" else number(text) if text.isdigit() and int(text) != X else None
    return face if face in faces else None


def parse_notation(text: str) -> Move:
    """The move written ``text`` (case-insensitive, any whitespace), whether legal or not.

    Raises `IllegalMoveError` for text that names no EXXtra move at all.

    >>> parse_notation("  ROLL 7 - x ")
    Roll(a=7, b=0)
    """
    found = _NOTATION.fullmatch(notation(text))
    if found is None:
        raise IllegalMoveError(f"unknown move {quote(text)}: EXXtra moves are {GRAMMAR}")
    reroll, rung, a, b = found.groups()
    if reroll:
        return REROLL
    if rung is not None:
        if number(rung) >= RUNGS:
            raise IllegalMoveError(f"unknown move {quote(text)}: the ladder's rungs are 0-5")
        return PLACES[int(rung)]
    face_a, face_b = _face(a, DIE_A), _face(b, DIE_B)
    if face_a is None or face_b is None:
        raise IllegalMoveError(
            f"unknown move {quote(text)}: no such roll; EXXtra moves are {GRAMMAR}"
        )
    return Roll(face_a, face_b)
