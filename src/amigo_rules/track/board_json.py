"""The board and the towers in a state document: written as plain lists, read back
strictly, the pawns checked against the rules."""

from __future__ import annotations

from typing import Any

from ..core import StateError, jsonio
from ..core.checks import quote
from .board import Board, Towers


def table_to_data(board: Board, towers: Towers) -> dict[str, Any]:
    """The ``tiles``, ``pawns``, ``guards`` and ``towers`` fields of a state document."""
    return {
        "tiles": list(board.tiles),
        "pawns": [list(p) for p in board.pawns],
        "guards": list(board.guards),
        "towers": [list(t) for t in towers],
    }


def table_from_data(body: dict[str, Any]) -> tuple[Board, Towers]:
    """The board and the towers of a state document's fields; wrong types raise
    `StateError` (whether the rules can reach them is the game's to check)."""
    ints = jsonio.array(jsonio.integer)
    strings = jsonio.array(jsonio.string)
    board = Board(
        jsonio.field(body, "tiles", strings),
        jsonio.field(body, "pawns", jsonio.array(ints)),
        jsonio.field(body, "guards", ints),
    )
    return board, jsonio.field(body, "towers", jsonio.array(strings))


def check_pawns(board: Board, players: int, pawns_per_player: int) -> None:
    """`StateError` unless ``board`` holds ``pawns_per_player`` pawns for each of ``players``
    players, on the track and ascending (`check_positions`)."""
    finish = len(board.tiles) - 1
    if len(board.pawns) != players:
        raise StateError(f"pawns: {len(board.pawns)} players, the rules say {players}")
    for p, positions in enumerate(board.pawns):
        if len(positions) != pawns_per_player:
            raise StateError(f"pawns: player {p} has {len(positions)}, not {pawns_per_player}")
        check_positions(f"pawns of player {p}", positions, finish)


def check_positions(what: str, positions: tuple[int, ...], finish: int) -> None:
    """`StateError` unless ``positions`` lie on the track 0 … ``finish``, ascending."""
    if any(not 0 <= x <= finish for x in positions):
        raise StateError(f"{what}: positions {quote(list(positions))} outside the track "
                         f"0 … {finish}")
    if list(positions) != sorted(positions):
        raise StateError(f"{what}: positions {quote(list(positions))} are not in ascending order")
