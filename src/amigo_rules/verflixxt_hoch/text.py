"""The table of Verflixxt hoch² as text: `render_text`, what ``str(state)`` shows.

>>> from amigo_rules import verflixxt_hoch as ho
>>> state = ho.new_game(ho.Rules(players=2), seed=3)
>>> print(ho.render_text(state, player=0).splitlines()[-1])
P0 (you) to play a card
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core.checks import wrong_type
from ..core.names import Names, names_of
from ..core.text import Line, Span, check_width, flow, plain, plural, words
from ..core.text import player as seat
from ..track.text import collection_lines, guard_spans, legend, tile_span, track_lines
from .observations import observation
from .scoring import score, winners
from .state import Phase, State
from .tiles import CARDS, CURSED_CAP, LUCKY_HAT, RISK, TOKEN_STACK, TOKENS

HAT_MARKS = ("+", "-")
"""Drawn right after the digit of the pawn wearing the lucky hat / the cursed cap."""


def item_span(item: str) -> Span:
    """A tile, risk tile (``±5``), finish token (``T3``) or hat, with its style."""
    if item in RISK:
        return f"±{item[1:]}", "risk"
    if item in TOKENS:
        return item, "token"
    if item == LUCKY_HAT:
        return "lucky hat", "hat+"
    if item == CURSED_CAP:
        return "cursed cap", "hat-"
    return tile_span(item)


def card_span(card: str) -> Span:
    """A movement card (``3y`` yellow, ``-1o`` orange) in its colour."""
    return card, "yellow" if card.endswith("y") else "orange"


def render_text(state: State, *, player: int | None = None, width: int = 80,
                names: Sequence[str] | None = None) -> str:
    """The table as plain text at most ``width`` characters wide: the track with position
    numbers, the pieces under their tiles (a ``+``/``-`` after the pawn wearing the lucky
    hat / cursed cap), the finish tokens left, each collection with its score, the cards,
    the piles, whose turn it is.

    With ``player`` only what ``observation(state, player)`` shows is drawn: that player's
    cards, the size of the other hands. Without, every hand.

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
        out: list[Span] = []
        for p, positions in enumerate(table.pawns):
            worn = [i for i, h in enumerate(table.hats) if h == (p, x)]
            for _ in range(positions.count(x)):
                out.append((str(p), f"p{p}"))
                if worn:
                    i = worn.pop(0)
                    out.append((HAT_MARKS[i], ("hat+", "hat-")[i]))
        return out + guard_spans(table.guards, x)

    lines = track_lines(table.tiles, item_span, pieces, width)
    lines += legend(rules.players, width, guards=bool(table.guards), actions=rules.action_tiles,
                    extra=["+ lucky hat", "- cursed cap"], names=called)
    left = [(item_span(t),) for t in TOKEN_STACK[table.tokens :]]
    lines += flow((("finish tokens left (top first): ", ""),), left, width)
    points = score(state)
    for p, items in enumerate(table.towers):
        if table.hands is None:
            count = table.hand_sizes[p]
            cards = [(f" · {plural(count, 'card')} ·", "")]
        else:
            held = _spaced([card_span(c) for c in table.hands[p]]) or [("none", "dim")]
            cards = [(" · cards ", ""), *held, (" ·", "")]
        lines += collection_lines(p, player, cards, points[p], [item_span(t) for t in items],
                                  width, called)
    if table.hand is not None:
        lines += flow((("your cards: ", "bold"),), [(card_span(c),) for c in table.hand], width)
    discard = [(card_span(c), (f"×{n}", "")) for c, n in zip(CARDS, table.discard, strict=True)
               if n]
    lines += flow(((f"draw pile: {plural(table.pile, 'card')} · discard pile: ", ""),), discard,
                  width, empty=("empty", "dim"))
    lines += flow((), words(_status(state, player, called)), width)
    return lines


class _Table(NamedTuple):
    """What a drawing shows: an observation's fields, or the whole state's."""

    tiles: tuple[str, ...]
    pawns: tuple[tuple[int, ...], ...]
    guards: tuple[int, ...]
    towers: tuple[tuple[str, ...], ...]
    hats: tuple[tuple[int, int] | None, tuple[int, int] | None]
    tokens: int
    hands: tuple[tuple[str, ...], ...] | None
    """Every hand (all-seeing), or None."""
    hand: tuple[str, ...] | None
    """The viewer's own hand, or None (all-seeing)."""
    hand_sizes: tuple[int, ...]
    pile: int
    discard: tuple[int, ...]


def _table(state: State, viewer: int | None) -> _Table:
    if viewer is None:
        board = state.board
        return _Table(board.tiles, board.pawns, board.guards, state.towers, state.hats,
                      state.tokens, state.hands, None, tuple(map(len, state.hands)),
                      sum(state.pile), state.discard)
    seen = observation(state, viewer)
    return _Table(seen.tiles, seen.pawns, seen.guards, seen.towers, seen.hats, seen.tokens,
                  None, seen.hand, seen.hand_sizes, seen.pile_size, seen.discard)


def _spaced(spans: list[Span]) -> list[Span]:
    out: list[Span] = []
    for span in spans:
        out += [(" ", "")] * bool(out) + [span]
    return out


def _status(state: State, viewer: int | None, called: Names) -> list[Span]:
    """Whose turn it is and what they are to do."""
    who = [seat(state.player, called),
           *([(" (you)", "bold")] if state.player == viewer else [])]
    phase = state.phase
    if phase is Phase.OVER:
        won = winners(state)
        verb = "wins" if len(won) == 1 else "share the win"
        names = ", ".join(called.short(p) for p in won)
        return [("game over: ", "bold"), (f"{names} {verb}", "bold")]
    if phase is Phase.LAY:
        return [(f"setting up: {len(state.board.tiles) - 1} tiles laid", "")]
    if phase is Phase.DEAL:
        return [("setting up: dealing cards to", ""), *who]
    if phase is Phase.HATS:
        return [("setting up: turning up cards for the hats,", ""), *who, (" next", "")]
    if phase is Phase.DRAW:
        return [*who, (" draws back to two cards", "")]
    if phase is Phase.HAT:
        return [*who, (f" may take, hand over or swap a hat on tile {state.arrived}", "")]
    if phase is Phase.DOUBLE:
        return [*who, (" may play the second card (yellow first card) or stop", "")]
    if phase is Phase.STEAL:
        return [*who, (" chooses whose top tile to steal", "")]
    return [*who, (" to play a card", "")]
