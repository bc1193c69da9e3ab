"""The table of a Verflixxt hoch² game as an SVG picture: the track with risk tiles, pawns
with their hats and guards, the collections, the hands, the piles and the finish tokens."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.checks import wrong_type
from ..core.events import Event
from ..core.names import NUMBERS, Names, names_of
from ..core.svg import (
    INK,
    MARGIN,
    MUTED,
    WIDTH,
    Canvas,
    highlight_entry,
    highlight_events,
    pawn,
    player_entries,
    table_document,
    table_header,
    who,
)
from ..core.text import plural
from ..track import Board
from ..track.svg import (
    CHIP_H,
    CHIP_W,
    Look,
    Piece,
    draw_chip,
    draw_collections,
    draw_track,
    pieces_on,
    route,
    tile_look,
)
from .narration import HAT_PAWNS
from .observations import Observation, observation
from .scoring import score, score_tiles, winners
from .state import Phase, State
from .tiles import CARDS, CURSED_CAP, HAT_POINTS, LUCKY_HAT, RISK, TOKEN_STACK, TOKENS, is_yellow

TITLE = "Verflixxt hoch\u00b2"
"""The picture's title."""
HAT_NAMES = ("lucky hat", "cursed cap")
SETUP = (Phase.LAY, Phase.DEAL, Phase.HATS)
CARD_W, CARD_H = 40, 54
HAND_X = 190
"""Where a hand's cards begin, right of the player's words."""


def look(item: str) -> Look:
    """The look of a hoch² tile or finish token: risk tiles ``±N``, finish tokens and every
    Verflixxt tile (hats are drawn as hats, `hat_chip`)."""
    if item in RISK:
        return Look("\u00b1" + item[1:], "risk", "#E4DAF0", "#5E3C99")
    if item in TOKENS:
        return Look(item, f"finish token, {plural(int(item[1:]), 'point')}", "#FFFFFF",
                    "#B87A00")
    return tile_look(item)


def lucky_hat(canvas: Canvas, x: float, base: float, scale: float = 1) -> None:
    """A golden top hat standing on (x, ``base``), e.g. on top of a pawn."""
    canvas.open("g", transform=f"translate({x:g} {base:g}) scale({scale:g})")
    canvas.title(f"lucky hat (+{HAT_POINTS})")
    canvas.rect(-12, -5, 24, 5, rx=1.5, fill="#F6D32D", stroke=INK, stroke_width=1.3)
    canvas.rect(-7, -18, 14, 14, rx=1.5, fill="#F6D32D", stroke=INK, stroke_width=1.3)
    canvas.rect(-7, -9, 14, 3, fill="#B8860B")
    canvas.close("g")


def cursed_cap(canvas: Canvas, x: float, base: float, scale: float = 1) -> None:
    """A dark pointed cap standing on (x, ``base``), e.g. on top of a pawn."""
    canvas.open("g", transform=f"translate({x:g} {base:g}) scale({scale:g})")
    canvas.title(f"cursed cap (\u2212{HAT_POINTS})")
    canvas.polygon([(-11, -1), (11, -1), (3, -22)], fill="#3B2A63", stroke=INK,
                   stroke_width=1.3)
    canvas.circle(3, -22, 3, fill="#FFFFFF", stroke=INK, stroke_width=1)
    canvas.close("g")


HATS = {LUCKY_HAT: (lucky_hat, f"+{HAT_POINTS}"), CURSED_CAP: (cursed_cap, f"\u2212{HAT_POINTS}")}
"""Each hat's drawing and its points."""
MARKS = tuple((lambda c, x, y, draw=draw: draw(c, x, y - 10)) for draw, _ in HATS.values())
"""The lucky hat and the cursed cap on a pawn centred at (x, y)."""


def hat_chip(canvas: Canvas, x: float, y: float, item: str) -> None:
    """An item of a collection with its top-left corner at (x, y): a hat as the hat and its
    points on a plain chip, anything else as a tile (`look`)."""
    if item not in HATS:
        draw_chip(canvas, x, y, look(item))
        return
    draw, points = HATS[item]
    canvas.rect(x, y, CHIP_W, CHIP_H, rx=5, fill="#FFFFFF", stroke=MUTED, stroke_width=1.5)
    draw(canvas, x + 14, y + CHIP_H - 6, 0.8)
    canvas.text(x + CHIP_W - 11, y + CHIP_H / 2, points, size=12, font_weight="bold")


def _pieces(
    board: Board | Observation, hats: tuple[tuple[int, int] | None, ...], position: int,
    names: Names = NUMBERS,
) -> list[Piece]:
    """The pieces on ``position``: each hat on its pawn first (so the hat has room above
    it), then per player the hatless pawns, then the guards."""
    hatted, plain = [], []
    for piece in pieces_on(position, board.pawns, board.guards):
        worn = [i for i, hat in enumerate(hats) if hat == (piece.player, position)]
        if piece.kind == "pawn" and worn:
            if piece.number > len(worn):
                plain.append(piece._replace(number=piece.number - len(worn)))
            wearer = who(piece.player, names)
            hatted += [Piece("pawn", piece.player, 1, MARKS[i], f"{wearer}, wearing the "
                             f"{HAT_NAMES[i]}") for i in worn]
        else:
            plain.append(piece)
    return hatted + plain


def render_svg(state: State, *, player: int | None = None, names: Sequence[str] | None = None,
               highlight: Sequence[Event] | None = None) -> str:
    """The table as a standalone SVG document: the track (risk tiles ``±N``, pawns in the
    players' colours with their numbers, the lucky hat and the cursed cap on their pawns,
    guards), every collection with its score, the hands, the draw and discard piles, the
    finish tokens left and a legend.

    With ``player`` it draws ``observation(state, player)``: that player's cards face up,
    every other hand as card backs with their number; without it, every hand face up.

    ``names`` (one string per seat) calls the players by name (escaped, cut and isolated
    as `amigo_rules.core.names` says). ``highlight``, the events of the move that led to
    ``state`` (``move_events(before, move, after)``), marks what it did: the tiles the
    piece passed and reached (a dark band), the tile it left if still there (dashed), the
    pieces moved or pushed (a ring), and the move in words under the status. Finish tokens
    read ``T4`` as everywhere (a token worth 4, HO-FIN-1).

    >>> from amigo_rules import verflixxt_hoch as ho
    >>> "lucky hat" in ho.render_svg(ho.new_game(seed=1), player=0)
    True
    """
    if type(state) is not State:
        raise wrong_type("render_svg", State, state)
    view = None if player is None else observation(state, player)
    seen = state if view is None else view
    board = state.board if view is None else view
    rules = state.rules
    called = names_of(names, rules.players, "render_svg")
    marked = route(highlight_events(highlight), called, HAT_PAWNS)
    canvas = Canvas()
    status = _status(seen, board, called)
    if player is None and seen.phase is Phase.OVER:
        status += ": " + " and ".join(called.long(p) for p in winners(state)) + " won"
    top = table_header(canvas, TITLE, status, rules.players, player, called,
                       marked.words if marked else None)
    top += draw_track(canvas, top, board.tiles, lambda x: _pieces(board, seen.hats, x, called),
                      look, marked, called)
    points = score(state) if view is None else score_of(view)
    rows = [(p, f"{called.short(p)}: {points[p]} pts", tower)
            for p, tower in enumerate(seen.towers)]
    top += draw_collections(canvas, top + 6, "Collections (first taken on the left)", rows,
                            hat_chip, called) + 8
    top += _hands(canvas, top, seen, player, called)
    top += _piles(canvas, top, seen, player)
    entries = player_entries(rules.players, called)
    if marked:
        entries.append(highlight_entry())
    entries += [
        (lambda c, x, y: lucky_hat(c, x, y + 10), f"lucky hat (+{HAT_POINTS})"),
        (lambda c, x, y: cursed_cap(c, x, y + 12), f"cursed cap (\u2212{HAT_POINTS})"),
    ]
    return table_document(canvas, top, TITLE, status, entries, gap=4)


def score_of(seen: Observation) -> tuple[int, ...]:
    """The scores an observation shows (every collection is public)."""
    return tuple(score_tiles(tower) for tower in seen.towers)


def draw_card(canvas: Canvas, x: float, y: float, card: str | None, count: int = 1) -> None:
    """A movement card face up (value, and its colour in words), or its back (None);
    ``count`` > 1 is written beside it."""
    canvas.open("g")
    if card is None:
        canvas.title(plural(count, "card") + " face down")
        canvas.rect(x, y, CARD_W, CARD_H, rx=5, fill="#44546A", stroke=INK, stroke_width=1.5)
        canvas.rect(x + 5, y + 5, CARD_W - 10, CARD_H - 10, rx=3, fill="none",
                    stroke="#9FB0C8", stroke_width=1.5)
    else:
        yellow = is_yellow(card)
        colour = "yellow" if yellow else "orange"
        canvas.title(f"card {card[:-1]} ({colour})" + (f" \u00d7{count}" if count > 1 else ""))
        canvas.rect(x, y, CARD_W, CARD_H, rx=5, fill="#F0E442" if yellow else "#E69F00",
                    stroke=INK, stroke_width=1.5)
        canvas.text(x + CARD_W / 2, y + 22, card[:-1].replace("-", "\u2212"), size=22,
                    font_weight="bold")
        canvas.text(x + CARD_W / 2, y + 44, colour[:3], size=12)
    if count > 1:
        canvas.text(x + CARD_W + 4, y + CARD_H - 10, f"\u00d7{count}", size=15, anchor="start")
    canvas.close("g")


def _hands(canvas: Canvas, y: float, seen: State | Observation, viewer: int | None,
           called: Names) -> float:
    """Per player the cards in hand: face up for the viewer (everyone's without one), else
    backs and their number."""
    canvas.text(MARGIN, y + 14, "Hands", size=18, anchor="start", font_weight="bold")
    top = y + 32
    sizes = (seen.hand_sizes if isinstance(seen, Observation)
             else tuple(len(h) for h in seen.hands))
    half = (WIDTH - 2 * MARGIN) / 2
    for p, size in enumerate(sizes):
        x, row_top = MARGIN + (p % 2) * half, top + (p // 2) * (CARD_H + 8)
        pawn(canvas, x + 14, row_top + CARD_H / 2, p, names=called)
        canvas.text(x + 36, row_top + CARD_H / 2 - 9, called.short(p), size=16,
                    anchor="start", fit=HAND_X - 44)
        canvas.text(x + 36, row_top + CARD_H / 2 + 11, plural(size, "card"), size=14,
                    anchor="start", fill=MUTED)
        if viewer is None or p == viewer:
            cards = seen.hand if isinstance(seen, Observation) else seen.hands[p]
            for i, card in enumerate(cards):
                draw_card(canvas, x + HAND_X + i * (CARD_W + 6), row_top, card)
        elif size:
            draw_card(canvas, x + HAND_X, row_top, None, size)
    return 32 + (len(sizes) + 1) // 2 * (CARD_H + 8)


def _piles(canvas: Canvas, y: float, seen: State | Observation, viewer: int | None) -> float:
    """The draw pile (backs; its cards too without a viewer), the discard pile (public) and
    the finish tokens still to win, top of the stack first."""
    pile = seen.pile_size if isinstance(seen, Observation) else sum(seen.pile)
    canvas.text(MARGIN, y + 14, f"Draw pile: {plural(pile, 'card')}", size=18, anchor="start",
                font_weight="bold")
    top = y + 32
    if not isinstance(seen, Observation):
        top += _card_counts(canvas, top, seen.pile)
    else:
        draw_card(canvas, MARGIN, top, None, pile)
        top += CARD_H + 10
    canvas.text(MARGIN, top + 14, f"Discard pile: {plural(sum(seen.discard), 'card')}", size=18,
                anchor="start", font_weight="bold")
    top += 32 + _card_counts(canvas, top + 32, seen.discard)
    left = TOKEN_STACK[seen.tokens :]
    canvas.text(MARGIN, top + 14, f"Finish tokens left: {len(left)} (top first)", size=18,
                anchor="start", font_weight="bold")
    top += 32
    for i, token in enumerate(left):
        draw_chip(canvas, MARGIN + i * 48, top, look(token))
    return top + (CHIP_H + 10 if left else 0) - y


def _card_counts(canvas: Canvas, y: float, counts: tuple[int, ...]) -> float:
    """One card per kind present, with its number; returns the height used."""
    kinds = [(card, n) for card, n in zip(CARDS, counts, strict=True) if n]
    if not kinds:
        canvas.text(MARGIN, y + 12, "empty", size=14, anchor="start", fill=MUTED)
        return 30
    per_line = int((WIDTH - 2 * MARGIN) // (CARD_W + 38))
    for i, (card, n) in enumerate(kinds):
        draw_card(canvas, MARGIN + (i % per_line) * (CARD_W + 38),
                  y + (i // per_line) * (CARD_H + 8), card, n)
    return ((len(kinds) + per_line - 1) // per_line) * (CARD_H + 8) + 4


def _tile(tiles: Sequence[str], position: int) -> str:
    """A tile of the track in words: ``the start tile``, ``the ±4 (position 3)``."""
    if position == 0:
        return "the start tile"
    return f"the {look(tiles[position]).label} (position {position})"


def _status(seen: State | Observation, board: Board | Observation, called: Names) -> str:
    """Whose turn it is and what they do, in words."""
    who = called.capital(seen.player)
    phase = seen.phase
    if phase is Phase.LAY:
        return f"Setting up: {len(board.tiles) - 1} tiles laid"
    if phase is Phase.DEAL:
        return f"Setting up: dealing to {called.long(seen.player)}"
    if phase is Phase.HATS:
        turned = " ".join(seen.turned) or "none yet"
        return (f"Setting up: {called.long(seen.player)} turns up a card for the hats "
                f"({turned})")
    return {
        Phase.PLAY: f"{who} plays a card",
        Phase.HAT: f"{who} may take, hand over or swap a hat on {_tile(board.tiles, seen.arrived)}",
        Phase.DOUBLE: f"{who} may play the second card (yellow first card) or stop",
        Phase.STEAL: f"{who} chooses whose top tile to steal",
        Phase.DRAW: f"{who} draws back to two cards",
        Phase.OVER: "Game over",
    }[phase]
