"""The table of a Verflixxt! game as an SVG picture: the track with its tiles, pawns and
guards, and every player's tower."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.checks import wrong_type
from ..core.events import Event
from ..core.names import Names, names_of
from ..core.svg import (
    GUARD_FILL,
    INK,
    MARGIN,
    WIDTH,
    Canvas,
    highlight_entry,
    highlight_events,
    player_entries,
    table_document,
    table_header,
)
from ..track import Board
from ..track.svg import (
    HIDDEN,
    LOOKS,
    draw_collections,
    draw_track,
    pieces_on,
    route,
)
from .observations import Observation, observation
from .scoring import score, score_tiles, winners
from .state import Phase, State

TITLE = "Verflixxt!"
"""The picture's title."""


def render_svg(state: State, *, player: int | None = None, names: Sequence[str] | None = None,
               highlight: Sequence[Event] | None = None) -> str:
    """The table as a standalone SVG document: the track (tiles, pawns in the players'
    colours with their numbers, guards), every tower bottom to top with its score, whose turn
    it is and a legend.

    With ``player`` it draws ``observation(state, player)``: face-down tiles (VXV-10) and the
    towers ``player`` may not see (VXV-HIDDEN-TOWERS) show as ``?``. Without it, everything:
    a face-down tile shows its value with a dashed outline.

    ``names`` (one string per seat) calls the players by name (escaped, cut and isolated
    as `amigo_rules.core.names` says). ``highlight``, the events of the move that led to
    ``state`` (``move_events(before, move, after)``), marks what it did: the tiles the
    piece passed and reached (a dark band), the tile it left if still there (dashed), the
    piece moved (a ring), and the move in words under the status. Only positions are
    read from the events, so they may be told to anyone.

    >>> from amigo_rules import verflixxt
    >>> picture = verflixxt.render_svg(verflixxt.new_game())
    >>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 768 ')
    True
    """
    if type(state) is not State:
        raise wrong_type("render_svg", State, state)
    view = None if player is None else observation(state, player)
    seen = state if view is None else view
    board = state.board if view is None else view
    rules = state.rules
    called = names_of(names, rules.players, "render_svg")
    marked = route(highlight_events(highlight), called)
    canvas = Canvas()
    status = _status(seen, board, called)
    if player is None and seen.phase is Phase.OVER:
        status += ": " + " and ".join(called.long(p) for p in winners(state)) + " won"
    top = table_header(canvas, TITLE, status, rules.players, player, called,
                       marked.words if marked else None)
    top += draw_track(canvas, top, board.tiles,
                      lambda x: pieces_on(x, board.pawns, board.guards), marked=marked,
                      names=called)
    scores = score(state) if player is None else None
    rows = []
    for p, tower in enumerate(seen.towers):
        points = (
            "?" if HIDDEN in tower
            else scores[p] if scores is not None
            else score_tiles(tower, rules) + _penalty(seen, p)
        )
        moving = p == seen.player and seen.phase not in (Phase.OVER, Phase.LAY)
        marks = " (to move)" if moving else ""
        rows.append((p, f"{called.short(p)}: {points} pts{marks}", tower))
    top += draw_collections(canvas, top + 6, "Towers (bottom to top)", rows,
                            names=called) + 6
    for line in _cards(seen, called):
        canvas.text(MARGIN, top + 10, line, size=15, anchor="start", fit=WIDTH - 2 * MARGIN)
        top += 24
    entries = player_entries(rules.players, called)
    if marked:
        entries.append(highlight_entry())
    if rules.guards:
        entries.append((_guard_symbol, "guard"))
    if rules.hidden_tiles or rules.towers != "open":
        entries.append((_hidden_symbol, "face down, unseen"))
    return table_document(canvas, top, TITLE, status, entries, gap=4)


def _guard_symbol(canvas: Canvas, x: float, y: float) -> None:
    canvas.rect(x - 10, y - 10, 20, 20, rx=3, fill=GUARD_FILL, stroke=INK, stroke_width=1.5)
    canvas.text(x, y, "G", size=13, font_weight="bold")


def _hidden_symbol(canvas: Canvas, x: float, y: float) -> None:
    look = LOOKS[HIDDEN]
    canvas.rect(x - 12, y - 11, 24, 22, rx=3, fill=look.fill, stroke=look.stroke,
                stroke_width=1.5, stroke_dasharray="4 2")
    canvas.text(x, y, "?", size=14, fill=look.ink, font_weight="bold")


def _penalty(seen: State | Observation, p: int) -> int:
    penalty = seen.penalty
    return int(penalty[1]) if penalty is not None and penalty[0] == p else 0


def _status(seen: State | Observation, board: Board | Observation, called: Names) -> str:
    """Whose turn it is and what they do, in words."""
    who = called.capital(seen.player)
    phase = seen.phase
    if phase is Phase.LAY:
        return f"Setting up: {len(board.tiles) - 1} tiles laid"
    if phase is Phase.OVER:
        return "Game over"
    if phase is Phase.ROLL:
        return f"{who} rolls the die"
    if phase is Phase.STEAL:
        return f"{who} chooses whose top tile to steal"
    if phase is Phase.FLIP:
        return f"{who} turns a tile face down"
    if seen.rules.tactical_cards:
        played = ", ".join(map(str, seen.played)) or "none yet"
        return f"{who} plays cards (played: {played})"
    return f"{who} rolled {seen.roll} and moves a piece"


def _cards(seen: State | Observation, called: Names) -> list[str]:
    """VXV-9: every hand (public), a line per two players."""
    if not seen.hands:
        return []
    hands = [f"{called.short(p)} holds {' '.join(map(str, hand)) or 'no cards'}"
             for p, hand in enumerate(seen.hands)]
    return ["Cards: " + ";  ".join(hands[i : i + 2]) for i in range(0, len(hands), 2)]

