"""The text drawing of a tile track, shared by Verflixxt! and hoch²: rows of numbered tiles
with the pieces under them, and one line per player's collection.

Cells read ``7:-4``: position 7 holds the -4 tile (positions count the tiles in the track,
so they change as tiles are taken, VX-TURN-3). Under each cell the pieces standing there:
a digit per pawn (its owner), ``G`` per guard.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.names import NUMBERS, Names
from ..core.text import Line, Span, flow, padded, words
from .tiles import FACE_DOWN, FINISH, GIFT, LUCKY, START, STEAL, is_minus, is_plus

LABEL = 6
"""Characters of a tile's label in a cell (``finish``)."""
GUARD = "G"
NAMES = {START: "start", FINISH: "finish", LUCKY: "lucky", GIFT: "gift", STEAL: "steal"}
STYLES = {START: "special", FINISH: "special", LUCKY: "lucky", GIFT: "gift", STEAL: "steal"}


def tile_span(tile: str) -> Span:
    """A tile as text with its style: ``+5`` plus, ``-3`` minus, ``lucky``, ``start``, …; a
    tile lying face down (VXV-10) reads ``?`` to players, ``?-5`` to an all-seeing view."""
    if tile in NAMES:
        return NAMES[tile], STYLES[tile]
    if tile[0] == FACE_DOWN:
        return tile, "hidden"
    if is_plus(tile):
        return tile, "plus"
    if is_minus(tile):
        return tile, "minus"
    return tile, ""


def pawn_spans(pawns: Sequence[Sequence[int]], position: int) -> list[Span]:
    """One digit per pawn on ``position``, in its owner's style."""
    return [(str(p), f"p{p}") for p, ps in enumerate(pawns) for x in ps if x == position]


def guard_spans(guards: Sequence[int], position: int) -> list[Span]:
    return [(GUARD, "guard")] * guards.count(position)


def track_lines(
    tiles: Sequence[str],
    label: Callable[[str], Span],
    pieces: Callable[[int], list[Span]],
    width: int,
) -> list[Line]:
    """The track in rows of numbered cells that fit ``width`` characters, each row followed
    by the lines of the pieces on its tiles (``pieces(position)``, one character each)."""
    digits = len(str(len(tiles) - 1))
    cell = digits + 1 + LABEL
    per_row = max(1, (width + 1) // (cell + 1))
    lines: list[Line] = []
    for start in range(0, len(tiles), per_row):
        row = range(start, min(start + per_row, len(tiles)))
        line: list[Span] = []
        for x in row:
            if line:
                line.append((" ", ""))
            line += padded([(f"{x:>{digits}}:", "dim"), label(tiles[x])], cell)
        lines.append(tuple(line))
        stacks = [pieces(x) for x in row]
        depth = max((len(s) + cell - 1) // cell for s in stacks)
        for level in range(depth):
            line = []
            for stack in stacks:
                if line:
                    line.append((" ", ""))
                line += padded(stack[level * cell : (level + 1) * cell], cell)
            lines.append(tuple(line))
    return lines


def collection_lines(
    owner: int,
    viewer: int | None,
    before_score: Sequence[Span],
    points: int | str,
    items: Sequence[Span],
    width: int,
    names: Names = NUMBERS,
) -> list[Line]:
    """One player's collection: ``P1 (you) … score  12 │ -3 lucky +5`` (the player's name
    of ``names`` for ``P1``), bottom to top, wrapped under itself."""
    you = " (you)" if owner == viewer else "      " if viewer is not None else ""
    head = [(names.padded(owner), f"p{owner}"), (you, "bold"),
            *before_score, (" score ", ""),
            (f"{points:>3}", "bold"), (" │ ", "dim")]
    return flow(head, [(item,) for item in items], width, empty=("empty", "dim"))


def legend(players: int, width: int, *, guards: bool, actions: bool,
           extra: Sequence[str] = (), names: Names = NUMBERS) -> list[Line]:
    """What the pieces and special tiles on the board mean (only those in play): the
    digit of each player's pawns (``0 Alice`` per player with ``names``)."""
    if names.shown:
        pawns = [f"{p} {names.short(p)}" for p in range(players)]
        parts = ["pawns " + ", ".join(pawns), *extra]
    else:
        parts = [f"0-{players - 1} pawns of P0-P{players - 1}", *extra]
    if guards:
        parts.append(f"{GUARD} guard")
    if actions:
        parts.append("gift: leaving it alone gives your top tile away")
        parts.append("steal: leaving it alone takes another's top tile")
    return flow((("pieces: ", "dim"),), words([(" · ".join(parts), "dim")]), width)


__all__ = [
    "LABEL",
    "collection_lines",
    "guard_spans",
    "legend",
    "pawn_spans",
    "tile_span",
    "track_lines",
]
