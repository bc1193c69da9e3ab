"""Drawing a tile track in rows, shared by the Verflixxt! and hoch² views."""

from __future__ import annotations

from collections.abc import Callable

from rich.markup import escape

TILES_PER_ROW = 8
"""Tiles per line of the track drawing: 8 cells of 10 columns fit an 80-column terminal."""
CELL = 9
"""Width of one tile cell, without the separating space."""


def track_rows(
    length: int,
    tile: Callable[[int, int], str],
    pieces: Callable[[int], list[tuple[str, str]]],
) -> list[str]:
    """The track in rows of `TILES_PER_ROW` cells: a line of tiles, then lines of pieces.

    ``tile(position, width)`` is the markup of a tile padded to ``width``; ``pieces(position)``
    the pieces on it as (one character, rich style) pairs.
    """
    lines = []
    width = CELL - 1
    for start in range(0, length, TILES_PER_ROW):
        row = range(start, min(start + TILES_PER_ROW, length))
        lines.append(" ".join(f"[dim]{x:>2}[/] {tile(x, CELL - 3)}" for x in row).rstrip())
        stacks = [pieces(x) for x in row]
        depth = max((len(s) + width - 1) // width for s in stacks)
        for level in range(depth):
            parts = []
            for stack in stacks:
                chunk = stack[level * width : (level + 1) * width]
                text = "".join(f"[{style}]{escape(char)}[/]" for char, style in chunk)
                parts.append(" " + text + " " * (width - len(chunk)))
            lines.append(" ".join(parts).rstrip())
    return lines
