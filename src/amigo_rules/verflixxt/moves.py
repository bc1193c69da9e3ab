"""Moves of Verflixxt! and their notation (the *Move notation* page of the documentation):
``roll 4``, ``pawn 7``, ``guard 7``, ``steal 2``, ``flip 7`` (VXV-10); with a direction on a
roll of 1 under VXV-2:
``pawn 7 +1``, ``pawn 7 -1``, ``pawn 7 +0``; a swap on a roll of 1 under VXV-7:
``swap 7 8`` (``swap 7 8 2`` naming the opponent when several have pawns on tile 8);
tactical cards under VXV-9 as a distance: ``pawn 7 +3``, ``guard 7 -1``, and ``stop``,
``pass``; while a shuffled track is laid (chance): ``lay +3``, ``lay L``."""

from __future__ import annotations

import re
from functools import cache

import attrs

from ..core import IllegalMoveError
from ..core.checks import (
    integer_field,
    notation,
    number,
    quote,
    string_field,
)
from ..core.deprecation import renamed
from ..track import PATH_TILES, Lay, lay, tile_named


# Converters carry ignore[misc]: mypy's attrs plugin reads named converters only, not
# the checks.*_field(...) factories (the __init__ argument is then Any, as it is at runtime).
@attrs.frozen
class Roll:
    """The die showing ``value`` (a chance outcome, VX-TURN-2)."""

    value: int = attrs.field(converter=integer_field("Roll.value"))  # type: ignore[misc]
    """The number rolled, 1-6."""

    def __str__(self) -> str:
        return f"roll {self.value}"


@attrs.frozen(repr=False)
class Step:
    """Move the ``piece`` (``"pawn"`` or ``"guard"``) standing on ``position`` by the roll,
    or by ``delta`` tiles: +1, -1 or 0 when the roll of 1 leaves the direction open (VXV-2),
    the value of the tactical card played (VXV-9).
    """

    piece: str = attrs.field(converter=string_field("Step.piece", ("pawn", "guard")))  # type: ignore[misc]
    """``"pawn"`` or ``"guard"``."""
    position: int = attrs.field(converter=integer_field("Step.position"))  # type: ignore[misc]
    """Where the piece stands before the move."""
    delta: int | None = attrs.field(
        default=None, converter=integer_field("Step.delta", optional=True)  # type: ignore[misc]
    )
    """None when the roll decides; else the chosen +1, -1 or 0 (VXV-2) or the card (VXV-9)."""

    def __str__(self) -> str:
        if self.delta is None:
            return f"{self.piece} {self.position}"
        return f"{self.piece} {self.position} {self.delta:+d}"

    def __repr__(self) -> str:
        delta = "" if self.delta is None else f", delta={self.delta}"
        return f"Step(piece={self.piece!r}, position={self.position}{delta})"


@attrs.frozen
class Steal:
    """Steal the top tile of ``victim``'s tower (VX-ACT-2)."""

    victim: int = attrs.field(converter=integer_field("Steal.victim"))  # type: ignore[misc]
    """The seat whose top tile is taken."""

    def __str__(self) -> str:
        return f"steal {self.victim}"


@attrs.frozen
class Swap:
    """VXV-7: the own pawn on ``position`` and an opponent's pawn on the adjacent tile
    ``target`` change places; ``owner`` names the opponent when several have pawns there,
    else it is None."""

    position: int = attrs.field(converter=integer_field("Swap.position"))  # type: ignore[misc]
    """Where the moving pawn stands (VXV-2)."""
    target: int = attrs.field(converter=integer_field("Swap.target"))  # type: ignore[misc]
    """The adjacent tile where the opponent's pawn stands; the two change places."""
    owner: int | None = attrs.field(
        default=None, converter=integer_field("Swap.owner", optional=True)  # type: ignore[misc]
    )
    """The opponent whose pawn moves, when several have pawns on ``target``; else None."""

    def __str__(self) -> str:
        owner = "" if self.owner is None else f" {self.owner}"
        return f"swap {self.position} {self.target}{owner}"


@attrs.frozen
class Flip:
    """VXV-10: turn the unoccupied face-up path tile on ``position`` face down."""

    position: int = attrs.field(converter=integer_field("Flip.position"))  # type: ignore[misc]
    """The position of the path tile turned face down (VXV-10)."""

    def __str__(self) -> str:
        return f"flip {self.position}"


@attrs.frozen
class Stop:
    """VXV-9: end the turn after at least one card."""

    def __str__(self) -> str:
        return "stop"


@attrs.frozen
class Pass:
    """VXV-9: the only move of a player who holds no card they can play."""

    def __str__(self) -> str:
        return "pass"


STOP = Stop()
PASS = Pass()

Move = Roll | Step | Steal | Swap | Flip | Stop | Pass | Lay
"""A move of Verflixxt!: a chance roll or laid tile, or a player's move."""

PAWN = "pawn"
GUARD = "guard"


@cache
def roll(value: int) -> Roll:
    return Roll(value)


@cache
def step(piece: str, position: int, delta: int | None = None) -> Step:
    return Step(piece, position, delta)


@cache
def steal(victim: int) -> Steal:
    return Steal(victim)


@cache
def swap(position: int, target: int, owner: int | None = None) -> Swap:
    return Swap(position, target, owner)


@cache
def flip(position: int) -> Flip:
    return Flip(position)


_GRAMMAR = re.compile(
    r"(roll|pawn|guard|steal|flip) (\d+)|(pawn|guard) (\d+) ([+-]\d+)|swap (\d+) (\d+)(?: (\d+))?"
    r"|(stop|pass)|lay (\S+)"
)
GRAMMAR = (
    "'roll N', 'pawn P', 'guard P', 'pawn P +1' / '-1' / '+0', 'swap P Q [N]', 'steal N', "
    "'flip P', 'stop', 'pass' or 'lay T' (T a path tile)"
)
"""The notation's forms, as ``parse_move`` names them in its error messages."""


def parse_notation(text: str) -> Move:
    """The move written ``text`` (case and spacing are free), legal or not; `parse_move`
    checks it against a state's legal moves.

    >>> parse_notation("  Pawn   7 ")
    Step(piece='pawn', position=7)
    >>> str(parse_notation("guard 3 -1"))
    'guard 3 -1'
    """
    match = _GRAMMAR.fullmatch(notation(text))
    if match is None:
        raise IllegalMoveError(f"unknown move notation {quote(text)}; expected {GRAMMAR}")
    if match.group(10):
        tile = tile_named(match.group(10), PATH_TILES)
        if tile is None:
            raise IllegalMoveError(f"unknown tile in {quote(text)}; tiles are +1…+8, -1…-10, L")
        return lay(tile)
    if match.group(9):
        return STOP if match.group(9) == "stop" else PASS
    if match.group(6):
        owner = match.group(8)
        return Swap(number(match.group(6)), number(match.group(7)),
                    None if owner is None else number(owner))
    if match.group(3):
        sign, digits = match.group(5)[0], match.group(5)[1:]
        delta = number(digits) * (-1 if sign == "-" else 1)
        return Step(match.group(3), number(match.group(4)), delta)
    word, value = match.group(1), number(match.group(2))
    if word == "roll":
        return Roll(value)
    if word == "steal":
        return Steal(value)
    if word == "flip":
        return Flip(value)
    return Step(word, value)


__getattr__ = renamed(__name__, {"parse": "parse_notation"}, globals())
