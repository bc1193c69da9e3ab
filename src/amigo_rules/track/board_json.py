"""The board in a state document: written as plain lists, read back strictly."""

from __future__ import annotations

from typing import Any

from ..core import StateError, jsonio
from ..core.checks import quote
from .board import Board


def board_to_data(board: Board) -> dict[str, Any]:
    """The ``tiles``, ``pawns`` and ``guards`` fields of a state document."""
    return {
        "tiles": list(board.tiles),
        "pawns": [list(p) for p in board.pawns],
        "guards": list(board.guards),
    }


def board_from_data(body: dict[str, Any]) -> Board:
    """The board of a state document's fields; wrong types raise `StateError`."""
    ints = jsonio.array(jsonio.integer)
    return Board(
        jsonio.field(body, "tiles", jsonio.array(jsonio.string)),
        jsonio.field(body, "pawns", jsonio.array(ints)),
        jsonio.field(body, "guards", ints),
    )


def check_positions(what: str, positions: tuple[int, ...], finish: int) -> None:
    """`StateError` unless ``positions`` lie on the track 0 … ``finish``, ascending."""
    if any(not 0 <= x <= finish for x in positions):
        raise StateError(f"{what}: positions {quote(list(positions))} outside the track "
                         f"0 … {finish}")
    if list(positions) != sorted(positions):
        raise StateError(f"{what}: positions {quote(list(positions))} are not in ascending order")
