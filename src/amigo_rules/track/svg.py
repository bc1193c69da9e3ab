"""Drawing the tile track as SVG, shared by the pictures of Verflixxt! and Verflixxt hoch²:
tiles by kind, the track laid in rows like a path on the table, the pieces on each tile,
and the players' collections."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from ..core.events import Event
from ..core.names import NUMBERS, Names
from ..core.svg import (
    GUARD_FILL,
    INK,
    MARGIN,
    MUTED,
    STACK_STEP,
    WIDTH,
    Canvas,
    count_badge,
    halo,
    pawn,
    ring,
    start_mark,
)
from ..core.text import plural
from .tiles import FACE_DOWN, FINISH, GIFT, LUCKY, START, STEAL

PER_ROW = 7
"""Tiles per row of the track."""
CELL = (WIDTH - 2 * MARGIN) / PER_ROW
TILE_W, TILE_H = CELL - 12, 66
SLOT = 30
"""The width of one piece (or stack of pieces) under a tile: three fit under a tile, so the
pieces of a crowded tile never stand under the next one."""
ROW = 40
"""The height of a row of pieces under a tile (room for a hat above a pawn)."""
PIECE_R = 12
"""The radius of a pawn under a tile (half the side of a guard)."""
PIECES_PER_ROW = int(TILE_W // SLOT)
"""Pieces side by side under a tile, within the tile's width."""
HIDDEN = "?"
"""A tile the viewer cannot see (face down on the track, or in another player's tower)."""


class Look(NamedTuple):
    """How a tile is drawn: its big label, a word under it, fill, outline, label colour and
    whether it lies face down (drawn with a dashed outline)."""

    label: str
    word: str
    fill: str
    stroke: str
    ink: str = INK
    face_down: bool = False


class Piece(NamedTuple):
    """What stands on a tile: ``number`` pawns of ``player`` (``kind`` ``"pawn"``) or guards
    (``"guard"``, ``player`` -1); ``mark`` draws an accessory on top (a hat), ``words`` is the
    tooltip."""

    kind: str
    player: int
    number: int = 1
    mark: Callable[[Canvas, float, float], None] | None = None
    words: str = ""


LOOKS = {
    LUCKY: Look("L", "lucky", "#F6EE9B", "#A89A00"),
    START: Look("S", "start", "#CFE6F6", "#0072B2"),
    FINISH: Look("F", "finish", "#FBE0AE", "#B87A00"),
    GIFT: Look("Gift", "action", "#F1D7E7", "#A4437B"),
    STEAL: Look("Steal", "action", "#E3C0D6", "#7E2F5C"),
    HIDDEN: Look("?", "face down", "#5E5E5E", INK, "#FFFFFF", True),
}


class Route(NamedTuple):
    """What the last move did on the track, in positions of the track after it: the
    tiles its piece passed and reached (`halo`), where it began if that tile is still
    there (`start_mark`), the pieces it moved (`ring`), and the move in words."""

    tiles: frozenset[int]
    start: int | None
    pieces: frozenset[tuple[str, int, int]]
    """``(kind, player, position)``: ``"pawn"`` (any pawn, hatted too) or ``"guard"``
    (player -1)."""
    words: str


def route(events: Sequence[Event], names: Names = NUMBERS,
          pieces: Mapping[str, str] | None = None) -> Route | None:
    """The `Route` of a move of a tile game from its events (None when they moved nothing
    on the track: a roll, a card drawn, a steal, a hat action). ``pieces`` words a piece
    (``"cursed"`` → ``"the cursed-cap pawn"``).

    Positions in the events are those of the track before the move; a tile taken or the
    start tile boxed closes the gap, so later positions move down by one. Tiles moved
    before the finish (VXV-3) rearrange the track: then only the words are given."""
    removed = sorted({e.origin or 0 for e in events if e.kind == "take"}
                     | {0 for e in events if e.kind == "start_to_box"})
    shuffled = any(e.kind == "passed_to_end" for e in events)

    def now(x: int) -> int | None:
        return None if x in removed else x - sum(r < x for r in removed)

    tiles: set[int] = set()
    start: int | None = None
    moved: set[tuple[str, int, int]] = set()
    said: list[str] = []
    for e in events:
        origin, target = e.origin, e.target
        if origin is None or e.kind not in ("move", "stay", "swap", "attack", "turn_down"):
            continue
        if e.kind == "turn_down":
            tiles.add(origin)
            said.append(f"{names.short(e.player or 0)} turns {origin} face down")
            continue
        target = origin if target is None else target
        piece = e.piece or "pawn"
        kind = "guard" if piece == "guard" else "pawn"
        who = names.short(e.player or 0)
        word = (pieces or {}).get(piece, piece)
        if e.kind == "swap":
            moved |= {("pawn", e.player or 0, target), ("pawn", e.other or 0, origin)}
            said.append(f"{who} swaps {origin} ↔ {target}")
            continue
        if e.kind == "attack":
            said.append(f"{who} attacks {origin} → {target}")
            moved |= {("guard" if p.piece == "guard" else "pawn",
                       -1 if p.player is None else p.player, target)
                      for p in events if p.kind == "pushed"}
        else:
            moved.add((kind, -1 if kind == "guard" else e.player or 0, target))
            closed = now(target)
            said.append(f"{who}: {word} stays on {origin}" if target == origin
                        else f"{who}: {word} {origin} → {target}" + (
                            f", now on {closed}" if closed != target and not shuffled
                            else ""))
        step = 1 if target >= origin else -1
        tiles |= set(range(origin + step, target + step, step))
        start = origin if target != origin else None
    if not said:
        return None
    words = "Last move: " + "; ".join(said)
    if shuffled:
        return Route(frozenset(), None, frozenset(), words)
    mapped = {now(x) for x in tiles} - {None}
    return Route(frozenset(x for x in mapped if x is not None),
                 None if start is None else now(start),
                 frozenset((k, p, y) for k, p, x in moved if (y := now(x)) is not None),
                 words)


def tile_look(tile: str) -> Look:
    """The look of a Verflixxt tile in API notation: ``+5``, ``-3``, ``L``, ``S``, ``F``,
    ``gift``, ``steal``, ``?`` (unseen) or ``?-5`` (face down, value shown to an all-seeing
    reader, VXV-10)."""
    if tile in LOOKS:
        return LOOKS[tile]
    if tile[0] == FACE_DOWN:
        return tile_look(tile[1:])._replace(word="face down", face_down=True)
    if tile[0] == "+":
        return Look(tile, "", "#CDEBDD", "#00795A")
    return Look("\u2212" + tile[1:], "", "#F8D3C1", "#B34A00")


def draw_tile(canvas: Canvas, x: float, y: float, look: Look, position: int | None = None,
              width: float = TILE_W, height: float = TILE_H) -> None:
    """A tile with its top-left corner at (x, y); ``position`` is written in its corner."""
    canvas.open("g")
    words = f"{look.label} ({look.word})" if look.word else look.label
    canvas.title(words if position is None else f"position {position}: {words}")
    canvas.rect(x, y, width, height, rx=8, fill=look.fill, stroke=look.stroke,
                stroke_width=2.5, stroke_dasharray="7 4" if look.face_down else None)
    if position is not None:
        canvas.text(x + 6, y + 11, str(position), size=13, anchor="start",
                    fill=look.ink if look.ink != INK else MUTED)
    big = 26 if len(look.label) <= 3 else 21
    canvas.text(x + width / 2, y + height * 0.47, look.label, size=big, fill=look.ink,
                font_weight="bold")
    canvas.text(x + width / 2, y + height - 10, look.word, size=12, fill=look.ink)
    canvas.close("g")


def draw_piece(canvas: Canvas, cx: float, cy: float, piece: Piece,
               names: Names = NUMBERS) -> None:
    """A pawn stack in its player's colour, or a guard: a grey square marked G; a stack
    carries its size on a badge (``×3``)."""
    if piece.kind == "guard":
        canvas.open("g")
        canvas.title(piece.words or plural(piece.number, "guard"))
        for i in reversed(range(min(piece.number, 2))):
            step = STACK_STEP * i
            canvas.rect(cx - PIECE_R + step, cy - PIECE_R - step, 2 * PIECE_R, 2 * PIECE_R,
                        rx=3, fill=GUARD_FILL, stroke=INK, stroke_width=1.5)
        top = STACK_STEP * (min(piece.number, 2) - 1)
        canvas.text(cx + top, cy - top, "G", size=15, font_weight="bold")
        count_badge(canvas, cx, cy + PIECE_R, piece.number)
        canvas.close("g")
    else:
        pawn(canvas, cx, cy, piece.player, r=PIECE_R, count=piece.number,
             label=piece.words or None, names=names)
    if piece.mark is not None:
        top = STACK_STEP * (min(piece.number, 2) - 1)
        piece.mark(canvas, cx + top, cy - top)


def _tray_rows(pieces: Sequence[Piece]) -> int:
    return (len(pieces) + PIECES_PER_ROW - 1) // PIECES_PER_ROW


def draw_track(canvas: Canvas, y: float, tiles: Sequence[str],
               pieces: Callable[[int], Sequence[Piece]],
               look: Callable[[str], Look] = tile_look, marked: Route | None = None,
               names: Names = NUMBERS) -> float:
    """The track from the top edge ``y``: rows of `PER_ROW` tiles laid like a path (left to
    right, then right to left, …), each tile with its position and its pieces under it;
    the last move's route ``marked``. Returns the height used."""
    cells = []  # (x, y) of each tile's top-left corner
    top = y
    for start in range(0, len(tiles), PER_ROW):
        row = range(start, min(start + PER_ROW, len(tiles)))
        tray = max(_tray_rows(pieces(p)) for p in row)
        for i in range(len(row)):
            column = i if (start // PER_ROW) % 2 == 0 else PER_ROW - 1 - i
            cells.append((MARGIN + column * CELL + (CELL - TILE_W) / 2, top))
        top += TILE_H + tray * ROW + 10 * bool(tray) + 16
    if cells:  # the path behind the tiles
        points = " ".join(f"{x + TILE_W / 2:.1f},{cy + TILE_H / 2:.1f}" for x, cy in cells)
        canvas.element("polyline", points=points, fill="none", stroke="#DDD6C8",
                       stroke_width=14, stroke_linejoin="round")
    per_row = PIECES_PER_ROW
    route = marked or Route(frozenset(), None, frozenset(), "")
    for position, (x, cy) in enumerate(cells):
        if position in route.tiles:
            halo(canvas, x, cy, TILE_W, TILE_H)
        draw_tile(canvas, x, cy, look(tiles[position]), position)
        if position == route.start:
            start_mark(canvas, x, cy, TILE_W, TILE_H)
        for i, piece in enumerate(pieces(position)):
            px = x + TILE_W / 2 + (i % per_row - (per_row - 1) / 2) * SLOT
            py = cy + TILE_H + ROW / 2 + 11 + (i // per_row) * ROW
            if (piece.kind, piece.player, position) in route.pieces:
                top_step = STACK_STEP * (min(piece.number, 2) - 1)
                ring(canvas, px + top_step / 2, py - top_step / 2, PIECE_R + top_step / 2)
            draw_piece(canvas, px, py, piece, names)
    return top - y


def pieces_on(position: int, pawns: Sequence[Sequence[int]], guards: Sequence[int]) -> list[Piece]:
    """The pawns (one stack per player) and guards on ``position``."""
    out = [Piece("pawn", p, ps.count(position)) for p, ps in enumerate(pawns) if position in ps]
    if position in guards:
        out.append(Piece("guard", -1, guards.count(position)))
    return out


CHIP_W, CHIP_H = 44, 34
CHIPS_X = 220
"""Where the chips of a collection begin, right of the player's words."""


def draw_chip(canvas: Canvas, x: float, y: float, look: Look) -> None:
    """A small tile of a collection, top-left at (x, y)."""
    canvas.open("g")
    canvas.title(f"{look.label} ({look.word})" if look.word else look.label)
    canvas.rect(x, y, CHIP_W, CHIP_H, rx=5, fill=look.fill, stroke=look.stroke, stroke_width=2,
                stroke_dasharray="5 3" if look.face_down else None)
    size = 17 if len(look.label) <= 3 else 12
    canvas.text(x + CHIP_W / 2, y + CHIP_H / 2, look.label, size=size, fill=look.ink,
                font_weight="bold")
    canvas.close("g")


Chip = Callable[[Canvas, float, float, str], None]
"""Draws an item of a collection with its top-left corner at (x, y)."""


def tile_chip(look: Callable[[str], Look] = tile_look) -> Chip:
    """Items drawn as small tiles of their `Look`."""
    return lambda canvas, x, y, item: draw_chip(canvas, x, y, look(item))


def draw_collections(canvas: Canvas, y: float, heading: str,
                     rows: Sequence[tuple[int, str, Sequence[str]]],
                     chip: Chip | None = None, names: Names = NUMBERS) -> float:
    """Per player a line: their pawn, ``words`` (name, score) and their collection drawn by
    ``chip`` (default: as tiles, `tile_chip`), bottom to top from left to right. Returns the
    height used."""
    chip = chip or tile_chip()
    canvas.text(MARGIN, y + 14, heading, size=18, anchor="start", font_weight="bold")
    top = y + 34
    per_line = int((WIDTH - 2 * MARGIN - CHIPS_X) // (CHIP_W + 4))
    for player, words, items in rows:
        pawn(canvas, MARGIN + 14, top + CHIP_H / 2, player, names=names)
        canvas.text(MARGIN + 36, top + CHIP_H / 2, words, size=16, anchor="start",
                    fit=CHIPS_X - 44)
        if not items:
            canvas.text(MARGIN + CHIPS_X, top + CHIP_H / 2, "nothing yet", size=14, anchor="start",
                        fill=MUTED)
        for i, item in enumerate(items):
            chip(canvas, MARGIN + CHIPS_X + (i % per_line) * (CHIP_W + 4),
                 top + (i // per_line) * (CHIP_H + 4), item)
        lines = max(1, (len(items) + per_line - 1) // per_line)
        top += lines * (CHIP_H + 4) + 8
    return top - y
