"""The table of an EXXtra game as an SVG picture: the dice ladder with its pairs, the
counter track from the start to the finish, and the roll waiting for a decision."""

from __future__ import annotations

from ..core.checks import wrong_type
from ..core.svg import (
    INK,
    MUTED,
    Canvas,
    header,
    legend,
    pawn,
    player_colour,
    player_entries,
    viewer_caption,
)
from .dice import combination_text
from .moves import RUNGS
from .observations import Observation, observation
from .state import FINISH, Pair, State

WIDTH = 768
MARGIN = 20
SPACES_PER_ROW = 11
SPACE_W = (WIDTH - 2 * MARGIN) / SPACES_PER_ROW
SPACE_H = 44
RUNG_H = 50
PAIR_W = 64
"""The room of one pair on a rung."""
DIE = 44


def render_svg(state: State, *, player: int | None = None) -> str:
    """The table as a standalone SVG document: the dice ladder (rungs 0-5 with the pairs on
    them, in their owners' colours), every counter on the track from the start (0) to the
    finish (21), each player's dice and the roll waiting for a decision, and a legend.

    Everything in EXXtra is public: ``player`` only names the viewer (and must be a player
    of the game).

    >>> from amigo_rules import exxtra
    >>> state = exxtra.apply(exxtra.new_game(), exxtra.Roll(4, 6))
    >>> "rolled 64" in exxtra.render_svg(state)
    True
    """
    if type(state) is not State:
        raise wrong_type("render_svg", State, state)
    seen = state if player is None else observation(state, player)
    players = state.rules.players
    canvas = Canvas()
    viewer = viewer_caption(player)
    status = _status(seen, players)
    top = header(canvas, "EXXtra", [status, f"{players} players, {viewer}"])
    top += _counter_track(canvas, top, seen.counters)
    ladder_top = top + 10
    canvas.text(MARGIN, ladder_top + 12, "Dice ladder", size=18, anchor="start",
                font_weight="bold")
    ladder = _ladder(canvas, ladder_top + 30, seen.ladder)
    side = _players(canvas, ladder_top, seen, players)
    top = max(ladder_top + 30 + ladder, side) + 8
    entries = player_entries(players)
    top += legend(canvas, MARGIN, top, WIDTH - 2 * MARGIN, entries) + 12
    return canvas.document(WIDTH, top, f"EXXtra table: {status}")


def _status(seen: State | Observation, players: int) -> str:
    """Whose turn it is and what they do, in words."""
    who = seen.turn % players
    if FINISH in seen.counters:
        return f"Game over: player {seen.counters.index(FINISH)} reached the finish"
    max_turns = seen.rules.max_turns
    if max_turns is not None and seen.turn >= max_turns:
        return "Game over: the turn limit ended it without a winner"
    if seen.roll is not None:
        return f"Player {who} rolled {combination_text(seen.roll)}: re-roll or place"
    if seen.first_roll:
        return f"Player {who} rolls both dice (first roll: an X counts as 0)"
    return f"Player {who} rolls again (an X ends the turn)"


def _faces(combination: int) -> tuple[str, str]:
    """The two dice of a combination, higher first, X for 0 (EX-ROLL-2)."""
    tens, units = divmod(combination, 10)
    return ("X" if tens == 0 else str(tens)), ("X" if units == 0 else str(units))


def _die(canvas: Canvas, x: float, y: float, face: str, size: float = DIE) -> None:
    canvas.rect(x, y, size, size, rx=7, fill="#FFFFFF", stroke=INK, stroke_width=2)
    canvas.text(x + size / 2, y + size / 2, face, size=size * 0.55, font_weight="bold",
                fill="#B34A00" if face == "X" else INK)


def _counter_track(canvas: Canvas, y: float, counters: tuple[int, ...]) -> float:
    """Spaces 0 (start) … 21 (finish) in two rows, each counter under its space."""
    canvas.text(MARGIN, y + 12, "Counters", size=18, anchor="start", font_weight="bold")
    top = y + 30
    for first in range(0, FINISH + 1, SPACES_PER_ROW):
        row = range(first, min(first + SPACES_PER_ROW, FINISH + 1))
        depth = max((counters.count(space) + 2) // 3 for space in row)
        for column, space in enumerate(row):
            x = MARGIN + column * SPACE_W
            end = space in (0, FINISH)
            canvas.rect(x + 2, top, SPACE_W - 4, SPACE_H, rx=6,
                        fill="#FBE0AE" if end else "#FFFFFF", stroke="#8C8C8C", stroke_width=1.5)
            canvas.text(x + SPACE_W / 2, top + SPACE_H / 2,
                        "start" if space == 0 else "finish" if space == FINISH else str(space),
                        size=15 if end else 19, font_weight="bold" if end else None)
            here = [p for p, c in enumerate(counters) if c == space]
            for i, p in enumerate(here):
                pawn(canvas, x + SPACE_W / 2 + (i % 3 - 1) * 21, top + SPACE_H + 17 + i // 3 * 24,
                     p, r=11)
        top += SPACE_H + depth * 24 + 16
    return top - y


def _ladder(canvas: Canvas, y: float, ladder: tuple[Pair | None, ...]) -> float:
    """Rungs 5 (top) … 0, each with the pairs on it (rung 0 in as many lines as its pairs
    need); returns the height used."""
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
            canvas.open("g")
            canvas.title(f"player {p}'s pair {combination_text(value)} on rung {rung}")
            canvas.rect(x, pair_y - 15, PAIR_W - 6, 30, rx=6, fill="#FFFFFF",
                        stroke=player_colour(p), stroke_width=3)
            pawn(canvas, x + 13, pair_y, p, r=9)
            canvas.text(x + 40, pair_y, combination_text(value), size=17, font_weight="bold")
            canvas.close("g")
    return bottom - y


def _players(canvas: Canvas, y: float, seen: State | Observation, players: int) -> float:
    """Right of the ladder: per player the counter and where the dice are, then the roll
    waiting for a decision. Returns the bottom edge."""
    x = WIDTH / 2 + 14
    canvas.text(x, y + 12, "Players", size=18, anchor="start", font_weight="bold")
    top = y + 40
    to_move = seen.turn % players
    for p in range(players):
        pair = seen.ladder[p]
        dice = "dice in hand" if pair is None else (
            f"{combination_text(pair[1])} on rung {pair[0]}")
        pawn(canvas, x + 12, top, p, r=12)
        marker = " \u25c0 to move" if p == to_move and FINISH not in seen.counters else ""
        canvas.text(x + 32, top, f"space {seen.counters[p]}, {dice}{marker}", size=16,
                    anchor="start")
        top += 34
    if seen.roll is not None:
        high, low = _faces(seen.roll)
        canvas.text(x, top + 10, "Roll waiting for a decision", size=16, anchor="start",
                    font_weight="bold")
        _die(canvas, x, top + 26, high)
        _die(canvas, x + DIE + 10, top + 26, low)
        canvas.text(x + 2 * DIE + 24, top + 26 + DIE / 2, f"= {combination_text(seen.roll)}",
                    size=22, anchor="start", font_weight="bold")
        top += 26 + DIE + 10
    return top
