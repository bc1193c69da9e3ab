"""The track with its pieces: positions with gaps closed, pawns, guards and tile taking.

Positions count the tiles currently in the track, 0 being the first (VX-TURN-3): taking a
tile closes the gap, so every piece beyond it moves one position closer to the start.
Verflixxt and hoch² both build their states on `Board`.
"""

from __future__ import annotations

from bisect import insort

import attrs

from .tiles import FINISH, START, face_up, takeable

Towers = tuple[tuple[str, ...], ...]
"""Per player what is collected, bottom to top (VX-TAKE-4)."""


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

    def alone_at(self, position: int) -> bool:
        """Whether exactly one piece stands on ``position`` (VX-TAKE-1)."""
        seen = position in self.guards
        for ps in self.pawns:
            if position in ps:
                if seen or ps.count(position) > 1:
                    return False
                seen = True
        return seen


def crowds(pawns: tuple[tuple[int, ...], ...], guards: tuple[int, ...]) -> dict[int, int]:
    """How many pieces (pawns of anyone and guards) stand on each occupied position: a
    board's or an observation's, counted once for every position (VX-TAKE-1's "alone" is a
    count of 1)."""
    counts: dict[int, int] = {}
    for own in pawns:
        for x in own:
            counts[x] = counts.get(x, 0) + 1
    for x in guards:
        counts[x] = counts.get(x, 0) + 1
    return counts


def destination(board: Board, origin: int, steps: int) -> int:
    """Where a piece on ``origin`` ends after ``steps`` (negative: backward).

    Forward it stops on the finish with movement left (VX-TURN-3); backward it stops on the
    first tile of the track.
    """
    return max(0, min(origin + steps, len(board.tiles) - 1))


def moved(positions: tuple[int, ...], origin: int, target: int) -> tuple[int, ...]:
    """``positions`` with one piece on ``origin`` moved to ``target``, kept ascending."""
    rest = list(positions)
    rest.remove(origin)
    insort(rest, target)
    return tuple(rest)


def remove_tile(board: Board, position: int) -> Board:
    """The board without the tile at ``position``, the gap closed (VX-TURN-3)."""
    return without_tile(board.tiles, board.pawns, board.guards, position)


def without_tile(
    tiles: tuple[str, ...], pawns: tuple[tuple[int, ...], ...], guards: tuple[int, ...],
    position: int,
) -> Board:
    """The board of ``tiles`` and these pieces once the tile at ``position`` is gone."""
    return Board(
        tiles[:position] + tiles[position + 1 :],
        tuple([_closed(ps, position) for ps in pawns]),
        _closed(guards, position),
    )


def _closed(positions: tuple[int, ...], position: int) -> tuple[int, ...]:
    """Ascending ``positions`` once the tile at ``position`` is gone."""
    if not positions or positions[-1] <= position:
        return positions
    return tuple([x - 1 if x > position else x for x in positions])


def left_alone(board: Board, origin: int, start_tile_to_box: bool) -> str | None:
    """What happens to ``origin`` when a pawn that stands there alone moves off it.

    Returns the tile the pawn's owner takes (VX-TAKE-1), the action tile it triggers
    (VX-TAKE-3), ``START`` when the start tile goes back to the box (VX-TAKE-2), or None.
    The caller checks that the pawn was alone. A face-down tile is taken face up (VXV-10).
    """
    tile = board.tiles[origin]
    if tile == START:
        return START if start_tile_to_box else None
    return None if tile == FINISH else face_up(tile)


def passed_tiles(board: Board) -> list[int]:
    """The positions of the path tiles every pawn has passed, in track order (VXV-3): before
    the rearmost pawn, takeable, without a guard."""
    rearmost = min(min(ps) for ps in board.pawns)
    guards = board.guards
    tiles = board.tiles
    return [i for i in range(rearmost) if takeable(tiles[i]) and i not in guards]


def passed_to_end(board: Board) -> Board:
    """The path tiles every pawn has passed move, in their order, to directly before the
    finish (VXV-3, VXV-8b).

    A tile is passed when every pawn (those on the finish included) stands beyond it:
    guards do not count, and a tile under a guard left behind stays in place with its
    guard. Only takeable path tiles move: the start tile and action tiles stay.
    """
    passed = passed_tiles(board)
    if not passed:
        return board
    tiles = board.tiles
    guards = board.guards
    finish = len(tiles) - 1
    kept = tuple(t for i, t in enumerate(tiles[:-1]) if i not in passed)
    moved_tiles = tuple(tiles[i] for i in passed)

    def shifted(x: int) -> int:
        return x if x == finish else x - sum(i < x for i in passed)

    return Board(
        (*kept, *moved_tiles, FINISH),
        tuple(tuple(map(shifted, ps)) for ps in board.pawns),
        tuple(map(shifted, guards)),
    )
