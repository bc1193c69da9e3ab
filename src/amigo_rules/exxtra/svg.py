"""The table of an EXXtra game as an SVG picture: the dice ladder with its pairs, the
counter track from the start to the finish, and the roll waiting for a decision."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core.checks import wrong_type
from ..core.events import Event
from ..core.names import NUMBERS, Names, names_of
from ..core.svg import (
    INK,
    MARGIN,
    MUTED,
    WIDTH,
    Canvas,
    halo,
    highlight_entry,
    highlight_events,
    pawn,
    player_colour,
    player_entries,
    ring,
    table_document,
    table_header,
)
from .dice import combination_text
from .moves import RUNGS
from .observations import Observation, observation
from .state import FINISH, Pair, State

TITLE = "EXXtra"
"""The picture's title."""
SPACES_PER_ROW = 11
SPACE_W = (WIDTH - 2 * MARGIN) / SPACES_PER_ROW
SPACE_H = 44
RUNG_H = 50
PAIR_W = 64
"""The room of one pair on a rung."""
DIE = 44


class Marks(NamedTuple):
    """What the last move did on the table: the spaces a counter passed and reached, the
    counters moved ``(player, space)``, the pairs placed ``(player, rung)``, whether the
    roll waiting for a decision is new, and the move in words."""

    spaces: frozenset[int] = frozenset()
    counters: frozenset[tuple[int, int]] = frozenset()
    pairs: frozenset[tuple[int, int]] = frozenset()
    dice: bool = False
    words: str = ""


def marks(events: Sequence[Event], names: Names = NUMBERS) -> Marks | None:
    """The `Marks` of a move from its events (None for a move showing nothing new: a
    re-roll)."""
    spaces: set[int] = set()
    counters: set[tuple[int, int]] = set()
    pairs: set[tuple[int, int]] = set()
    dice = False
    said = []
    for e in events:
        who = names.short(e.player or 0)
        if e.kind == "roll":
            dice = True
            said.append(f"{who} rolls {e.item} ({e.value:02d})" if e.value is not None
                        else f"{who} rolls {e.item}")
        elif e.kind == "place":
            pairs.add((e.player or 0, e.value or 0))
            said.append(f"{who} places {e.item} on rung {e.value}")
        elif e.kind == "knock_off":
            said.append(f"{names.short(e.other or 0)}'s {e.item} knocked off")
        elif e.kind in ("advance", "double", "x_end") and e.origin is not None:
            target = e.origin if e.target is None else e.target
            step = 1 if target >= e.origin else -1
            spaces |= set(range(e.origin + step, target + step, step))
            counters.add((e.player or 0, target))
            said.append(f"{who}'s counter {e.origin} → {target}")
    if not said:
        return None
    return Marks(frozenset(spaces), frozenset(counters), frozenset(pairs), dice,
                 "Last move: " + "; ".join(said))


def render_svg(state: State, *, player: int | None = None, names: Sequence[str] | None = None,
               highlight: Sequence[Event] | None = None) -> str:
    """The table as a standalone SVG document: the dice ladder (rungs 0-5 with the pairs on
    them, in their owners' colours), every counter on the track from the start (0) to the
    finish (21), each player's dice and the roll waiting for a decision, and a legend.

    Everything in EXXtra is public: ``player`` only names the viewer (and must be a player
    of the game). ``names`` (one string per seat) calls the players by name (escaped, cut
    and isolated as `amigo_rules.core.names` says). ``highlight``, the events of the move
    that led to ``state`` (``move_events(before, move, after)``), marks what it did: the
    pair placed and the counters moved (a ring), the spaces a counter passed and reached
    (a dark band), a new roll (a band round the dice), and the move in words.

    >>> from amigo_rules import exxtra
    >>> state = exxtra.apply(exxtra.new_game(), exxtra.Roll(4, 6))
    >>> "rolled 64" in exxtra.render_svg(state)
    True
    """
    if type(state) is not State:
        raise wrong_type("render_svg", State, state)
    seen = state if player is None else observation(state, player)
    players = state.rules.players
    called = names_of(names, players, "render_svg")
    marked = marks(highlight_events(highlight), called)
    canvas = Canvas()
    status = _status(seen, players, called)
    top = table_header(canvas, TITLE, status, players, player, called,
                       marked.words if marked else None)
    shown = marked or Marks()
    top += _counter_track(canvas, top, seen.counters, shown, called)
    ladder_top = top + 10
    canvas.text(MARGIN, ladder_top + 12, "Dice ladder", size=18, anchor="start",
                font_weight="bold")
    ladder = _ladder(canvas, ladder_top + 30, seen.ladder, shown, called)
    side = _players(canvas, ladder_top, seen, players, shown, called)
    top = max(ladder_top + 30 + ladder, side) + 8
    entries = player_entries(players, called)
    if marked:
        entries.append(highlight_entry())
    return table_document(canvas, top, TITLE, status, entries)


def _status(seen: State | Observation, players: int, called: Names) -> str:
    """Whose turn it is and what they do, in words."""
    who = called.capital(seen.turn % players)
    if FINISH in seen.counters:
        return f"Game over: {called.long(seen.counters.index(FINISH))} reached the finish"
    max_turns = seen.rules.max_turns
    if max_turns is not None and seen.turn >= max_turns:
        return "Game over: the turn limit ended it without a winner"
    if seen.roll is not None:
        return f"{who} rolled {combination_text(seen.roll)}: re-roll or place"
    if seen.first_roll:
        return f"{who} rolls both dice (first roll: an X counts as 0)"
    return f"{who} rolls again (an X ends the turn)"


def _faces(combination: int) -> tuple[str, str]:
    """The two dice of a combination, higher first, X for 0 (EX-ROLL-2)."""
    tens, units = divmod(combination, 10)
    return ("X" if tens == 0 else str(tens)), ("X" if units == 0 else str(units))


def _die(canvas: Canvas, x: float, y: float, face: str, size: float = DIE) -> None:
    canvas.rect(x, y, size, size, rx=7, fill="#FFFFFF", stroke=INK, stroke_width=2)
    canvas.text(x + size / 2, y + size / 2, face, size=size * 0.55, font_weight="bold",
                fill="#B34A00" if face == "X" else INK)


def _counter_track(canvas: Canvas, y: float, counters: tuple[int, ...], marked: Marks,
                   called: Names) -> float:
    """Spaces 0 (start) … 21 (finish) in two rows, each counter under its space; the
    spaces and counters of the last move ``marked``."""
    canvas.text(MARGIN, y + 12, "Counters", size=18, anchor="start", font_weight="bold")
    top = y + 30
    for first in range(0, FINISH + 1, SPACES_PER_ROW):
        row = range(first, min(first + SPACES_PER_ROW, FINISH + 1))
        depth = max((counters.count(space) + 2) // 3 for space in row)
        for column, space in enumerate(row):
            x = MARGIN + column * SPACE_W
            end = space in (0, FINISH)
            if space in marked.spaces:
                halo(canvas, x + 2, top, SPACE_W - 4, SPACE_H, rx=6)
            canvas.rect(x + 2, top, SPACE_W - 4, SPACE_H, rx=6,
                        fill="#FBE0AE" if end else "#FFFFFF", stroke="#8C8C8C", stroke_width=1.5)
            canvas.text(x + SPACE_W / 2, top + SPACE_H / 2,
                        "start" if space == 0 else "finish" if space == FINISH else str(space),
                        size=15 if end else 19, font_weight="bold" if end else None)
            here = [p for p, c in enumerate(counters) if c == space]
            for i, p in enumerate(here):
                cx, cy = x + SPACE_W / 2 + (i % 3 - 1) * 21, top + SPACE_H + 17 + i // 3 * 24
                if (p, space) in marked.counters:
                    ring(canvas, cx, cy, 11)
                pawn(canvas, cx, cy, p, r=11, names=called)
        top += SPACE_H + depth * 24 + 16
    return top - y


def _ladder(canvas: Canvas, y: float, ladder: tuple[Pair | None, ...], marked: Marks,
            called: Names) -> float:
    """Rungs 5 (top) … 0, each with the pairs on it (rung 0 in as many lines as its pairs
    need), the pair the last move placed ``marked``; returns the height used."""
    left, right = MARGIN + 10, WIDTH / 2 - 10
    per_line = int((right - left - 52) // PAIR_W)
    on = {rung: [(p, pair[1]) for p, pair in enumerate(ladder)
                 if pair is not None and pair[0] == rung] for rung in range(RUNGS)}
    heights = {rung: RUNG_H * max(1, -(-len(on[rung]) // per_line)) for rung in range(RUNGS)}
    bottom = y + sum(heights.values())
    for rail in (left, right):
        canvas.element("line", x1=rail, y1=y, x2=rail, y2=bottom, stroke="#8C6D46",
                       stroke_width=6, stroke_linecap="round")
    top = y
    for rung in reversed(range(RUNGS)):
        cy = top + RUNG_H / 2
        top += heights[rung]
        canvas.element("line", x1=left, y1=top - RUNG_H / 2 + 14, x2=right,
                       y2=top - RUNG_H / 2 + 14, stroke="#B89B72", stroke_width=4)
        canvas.circle(left + 26, cy, 15, fill="#FFFFFF", stroke=INK, stroke_width=1.5)
        canvas.text(left + 26, cy, str(rung), size=17, font_weight="bold")
        if not on[rung]:
            canvas.text(left + 52, cy, "empty" if rung else "any number of pairs", size=13,
                        anchor="start", fill=MUTED)
        for i, (p, value) in enumerate(on[rung]):
            x, pair_y = left + 52 + i % per_line * PAIR_W, cy + i // per_line * RUNG_H
            if (p, rung) in marked.pairs:
                halo(canvas, x, pair_y - 15, PAIR_W - 6, 30, rx=6)
            canvas.open("g")
            canvas.title(f"{called.long(p)}'s pair {combination_text(value)} on rung {rung}")
            canvas.rect(x, pair_y - 15, PAIR_W - 6, 30, rx=6, fill="#FFFFFF",
                        stroke=player_colour(p), stroke_width=3)
            pawn(canvas, x + 13, pair_y, p, r=9, names=called)
            canvas.text(x + 40, pair_y, combination_text(value), size=17, font_weight="bold")
            canvas.close("g")
    return bottom - y


def _players(canvas: Canvas, y: float, seen: State | Observation, players: int,
             marked: Marks, called: Names) -> float:
    """Right of the ladder: per player the counter and where the dice are, then the roll
    waiting for a decision (banded when the last move rolled it). Returns the bottom
    edge."""
    x = WIDTH / 2 + 14
    canvas.text(x, y + 12, "Players", size=18, anchor="start", font_weight="bold")
    top = y + 40
    to_move = seen.turn % players
    for p in range(players):
        pair = seen.ladder[p]
        dice = "dice in hand" if pair is None else (
            f"{combination_text(pair[1])} on rung {pair[0]}")
        pawn(canvas, x + 12, top, p, r=12, names=called)
        marker = " \u25c0 to move" if p == to_move and FINISH not in seen.counters else ""
        if called.shown:
            canvas.text(x + 32, top - 9, called.short(p), size=15, anchor="start",
                        fit=WIDTH - MARGIN - x - 32)
            canvas.text(x + 32, top + 10, f"space {seen.counters[p]}, {dice}{marker}",
                        size=14, anchor="start", fill=MUTED)
            top += 42
        else:
            canvas.text(x + 32, top, f"space {seen.counters[p]}, {dice}{marker}", size=16,
                        anchor="start")
            top += 34
    if seen.roll is not None:
        high, low = _faces(seen.roll)
        canvas.text(x, top + 10, "Roll waiting for a decision", size=16, anchor="start",
                    font_weight="bold")
        if marked.dice:
            halo(canvas, x, top + 26, 2 * DIE + 10, DIE, rx=7)
        _die(canvas, x, top + 26, high)
        _die(canvas, x + DIE + 10, top + 26, low)
        canvas.text(x + 2 * DIE + 24, top + 26 + DIE / 2, f"= {combination_text(seen.roll)}",
                    size=22, anchor="start", font_weight="bold")
        top += 26 + DIE + 10
    return top
