"""Moves of Verflixxt! and their notation (API.md): ``roll 4``, ``pawn 7``, ``guard 7``,
``steal 2``."""

from __future__ import annotations

import re
from functools import cache

import attrs

from ..core import IllegalMoveError


@attrs.frozen
class Roll:
    """The die showing ``value`` (a chance outcome, VX-TURN-2)."""

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@attrs.frozen
class Step:
    """Move the ``piece`` (``"pawn"`` or ``"guard"``) standing on ``position`` by the roll."""

    piece: str
    position: int

    def __str__(self) -> str:
        return f"{self.piece} {self.position}"


@attrs.frozen
class Steal:
    """Steal the top tile of ``victim``'s tower (VX-ACT-2)."""

    victim: int

    def __str__(self) -> str:
        return f"steal {self.victim}"


Move = Roll | Step | Steal

PAWN = "pawn"
GUARD = "guard"


@cache
def roll(value: int) -> Roll:
    return Roll(value)


@cache
def step(piece: str, position: int) -> Step:
    return Step(piece, position)


@cache
def steal(victim: int) -> Steal:
    return Steal(victim)


_GRAMMAR = re.compile(r"(roll|pawn|guard|steal) (\d+)")
GRAMMAR = "'roll N', 'pawn P', 'guard P' or 'steal N'"


def parse(text: str) -> Move:
    """The move written ``text`` (case and spacing are free), legal or not.

    >>> parse("  Pawn   7 ")
    Step(piece='pawn', position=7)
    """
    words = " ".join(str(text).lower().split())
    match = _GRAMMAR.fullmatch(words)
    if match is None:
        raise IllegalMoveError(f"unknown move notation {text!r}; expected {GRAMMAR}")
    word, number = match.group(1), int(match.group(2))
    if word == "roll":
        return roll(number)
    if word == "steal":
        return steal(number)
    return step(word, number)
