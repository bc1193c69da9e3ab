"""The table of Verflixxt! as text: `render_text`, what ``str(state)`` shows.

>>> from amigo_rules import verflixxt
>>> state = verflixxt.new_game(verflixxt.Rules.classic(players=2))
>>> print(verflixxt.render_text(state, width=60).splitlines()[0])
 0:start   1:-1      2:-2      3:-3      4:-4      5:-5
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core.checks import wrong_type
from ..core.names import Names, names_of
from ..core.text import Line, Span, check_width, flow, plain, plural, words
from ..core.text import player as seat
from ..track.text import collection_lines, guard_spans, legend, pawn_spans, tile_span, track_lines
from .observations import HIDDEN, observation
from .scoring import score, winners
from .state import Phase, State


def render_text(state: State, *, player: int | None = None, width: int = 80,
                names: Sequence[str] | None = None) -> str:
    """The table as plain text at most ``width`` characters wide: the track with position
    numbers and the pieces under their tiles, each tower (bottom to top) with its score,
    the tactical cards (VXV-9), whose turn it is.

    With ``player`` only what ``observation(state, player)`` shows is drawn: other towers
    as ``?`` where the rules hide them (VXV-HIDDEN-TOWERS), face-down tiles as ``?``
    (VXV-10). Without, everything, face-down tiles as ``?-5``.

    ``names``: one string per seat, said where ``P0`` … stood (`amigo_rules.core.names`).
    """
    if type(state) is not State:
        raise wrong_type("render_text", State, state)
    return plain(render_lines(state, player=player, width=width, names=names))


def render_lines(state: State, *, player: int | None = None, width: int = 80,
                 names: Sequence[str] | None = None) -> list[Line]:
    """`render_text` as lines of styled spans (`amigo_rules.core.text`)."""
    width = check_width(width)
    table = _table(state, player)
    rules = state.rules
    called = names_of(names, rules.players, "render_text")

    def pieces(x: int) -> list[Span]:
        return pawn_spans(table.pawns, x) + guard_spans(table.guards, x)

    lines = track_lines(table.tiles, tile_span, pieces, width)
    lines += legend(rules.players, width, guards=bool(table.guards),
                    actions=rules.action_tiles, names=called)
    points = score(state)
    for p, tower in enumerate(table.towers):
        cards = (" · cards " + " ".join(map(str, table.hands[p])) + " ·"
                 if rules.tactical_cards else "")
        items = [tile_span(t) for t in tower]
        if table.penalty is not None and table.penalty[0] == p:
            items.append((f"penalty {table.penalty[1]}", "minus"))
        shown = "?" if HIDDEN in tower else points[p]
        lines += collection_lines(p, player, [(cards, "")], shown, items, width, called)
    lines += flow((), words(_status(state, player, called)), width)
    return lines


class _Table(NamedTuple):
    """What a drawing shows: an observation's fields, or the whole state's."""

    tiles: tuple[str, ...]
    pawns: tuple[tuple[int, ...], ...]
    guards: tuple[int, ...]
    towers: tuple[tuple[str, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    penalty: tuple[int, str] | None


def _table(state: State, viewer: int | None) -> _Table:
    if viewer is None:
        board = state.board
        return _Table(board.tiles, board.pawns, board.guards, state.towers, state.hands,
                      state.penalty)
    seen = observation(state, viewer)
    return _Table(seen.tiles, seen.pawns, seen.guards, seen.towers, seen.hands, seen.penalty)


def _status(state: State, viewer: int | None, called: Names) -> list[Span]:
    """Whose turn it is and what they are to do, as words."""
    who = [seat(state.player, called),
           *([(" (you)", "bold")] if state.player == viewer else [])]
    phase = state.phase
    if phase is Phase.OVER:
        won = winners(state)
        names = ", ".join(called.short(p) for p in won)
        verb = "wins" if len(won) == 1 else "share the win"
        return [("game over: ", "bold"), (f"{names} {verb}", "bold")]
    if phase is Phase.LAY:
        return [(f"setting up: {len(state.board.tiles) - 1} tiles laid", "")]
    if phase is Phase.ROLL:
        return [*who, (" to roll the die", "")]
    if phase is Phase.STEAL:
        return [*who, (" to choose whose top tile to steal", "")]
    if phase is Phase.FLIP:
        return [*who, (" to turn a path tile face down", "")]
    if state.roll:
        return [*who, (" to move a piece ", ""), (plural(state.roll, "tile"), "bold"),
                (f" (die: {state.roll})", "")]
    played = state.played
    text = " to play a card"
    if played:
        text += (f" or stop · played this turn: {' '.join(map(str, played))} "
                 f"(sum {sum(played)}, at most 6)")
    return [*who, (text, "")]
