"""The track with its pieces: positions with gaps closed, pawns, guards and tile taking.

Positions count the tiles currently in the track, 0 being the first (VX-TURN-3): taking a
tile closes the gap, so every piece beyond it moves one position closer to the start.
Verflixxt and hoch² both build their states on `Board`.
"""

from __future__ import annotations

import attrs

from .tiles import FINISH, START


@attrs.frozen
class Board:
    """The track and every piece on it."""

    tiles: tuple[str, ...]
    """The tiles in the track, start (while it exists) to finish (always last)."""
    pawns: tuple[tuple[int, ...], ...]
    """Per player, the positions of their pawns (VX-COMP-2)."""
    guards: tuple[int, ...] = ()
    """Positions of the guards, ascending."""

    @property
    def finish(self) -> int:
        """The position of the finish tile."""
        return len(self.tiles) - 1

    def pieces_at(self, position: int) -> int:
        """How many pieces (pawns of anyone and guards) stand on ``position``."""
        return sum(ps.count(position) for ps in self.pawns) + self.guards.count(position)

    def has_pawn_at(self, position: int) -> bool:
        return any(position in ps for ps in self.pawns)


def destination(board: Board, origin: int, steps: int) -> int:
    """Where a piece on ``origin`` ends after ``steps`` (negative: backward).

    Forward it stops on the finish with movement left (VX-TURN-3); backward it stops on the
    first tile of the track.
    """
    return max(0, min(origin + steps, len(board.tiles) - 1))


def moved(positions: tuple[int, ...], origin: int, target: int) -> tuple[int, ...]:
    """``positions`` with one piece on ``origin`` moved to ``target``, kept ascending."""
    index = positions.index(origin)
    return tuple(sorted((*positions[:index], target, *positions[index + 1 :])))


def remove_tile(board: Board, position: int) -> Board:
    """The board without the tile at ``position``, the gap closed (VX-TURN-3)."""
    tiles = board.tiles
    return Board(
        tiles[:position] + tiles[position + 1 :],
        tuple(tuple(x - (x > position) for x in ps) for ps in board.pawns),
        tuple(x - (x > position) for x in board.guards),
    )


def left_alone(board: Board, origin: int, start_tile_to_box: bool) -> str | None:
    """What happens to ``origin`` when a pawn that stands there alone moves off it.

    Returns the tile the pawn's owner takes (VX-TAKE-1), the action tile it triggers
    (VX-TAKE-3), ``START`` when the start tile goes back to the box (VX-TAKE-2), or None.
    The caller checks that the pawn was alone.
    """
    tile = board.tiles[origin]
    if tile == START:
        return START if start_tile_to_box else None
    return None if tile == FINISH else tile
