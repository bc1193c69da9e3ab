"""Pictures of a game table as SVG: a small element builder, the players' colours and a
legend. Game-independent; each game's ``svg`` module draws its table with it.

The pictures are standalone SVG documents (``xmlns`` and ``viewBox``, no fixed size, so
they scale to their container) on a light card of their own, readable on a dark page too.
Player colours are colour-blind-safe colours (Okabe & Ito's, with Tol's red), each with
the one name the text uses for it (`colour_name`), and never the only cue: every pawn
carries its player's number, every tile its value in words or figures.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from xml.sax.saxutils import escape, quoteattr

from .checks import quote
from .errors import ArgumentError
from .events import Event
from .names import NUMBERS, Names
from .nodes import SPECTATOR
from .text import plural

WIDTH = 768
"""The width of every table picture, in user units (its height follows its contents)."""
MARGIN = 20
"""The blank border left and right of a table picture's contents."""
PLAYERS = (
    ("red", "#CC3311"),  # Tol's vibrant red
    ("blue", "#0072B2"),
    ("orange", "#E69F00"),
    ("green", "#009E73"),  # Okabe & Ito's bluish green
    ("pink", "#CC79A7"),  # Okabe & Ito's reddish purple
    ("sky blue", "#56B4E9"),
    ("yellow", "#F0E442"),
    ("black", "#000000"),
)
"""The name and fill of player 0, 1, …: red, blue and orange as the rulebook's examples name
their first three players (rulebook 001, page 3), then five more colour-blind-safe colours."""
COLOUR_NAMES = tuple(name for name, _ in PLAYERS)
"""The colour names of player 0, 1, …: the one source of every colour word the text uses."""
PLAYER_COLOURS = tuple(fill for _, fill in PLAYERS)
"""The fill of player 0, 1, …'s pieces."""
INK = "#1F1F1F"
"""Text and outlines."""
MUTED = "#6B6B6B"
"""Secondary text: position numbers, captions."""
PAPER = "#FBFAF7"
"""The card the picture is drawn on."""
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif"
GUARD_FILL = "#BDBDBD"
"""The neutral colour of pieces that belong to nobody (guards)."""
STACK_STEP = 3
"""How far the top piece of a stack of equal pieces is drawn up and right of the one below
(a stack shows two pieces and a `count_badge`)."""


def player_colour(player: int) -> str:
    """The fill of ``player``'s pieces."""
    return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


def colour_name(player: int) -> str:
    """The name of ``player``'s colour, as the text says it: ``colour_name(1) == "blue"``."""
    return COLOUR_NAMES[player % len(COLOUR_NAMES)]


def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on the colour ``fill`` (``#RRGGBB``)."""
    red, green, blue = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "#FFFFFF"


def text_colour(fill: str) -> str:
    """``fill`` (``#RRGGBB``) as a colour for text on white: darkened when it is light."""
    if ink_on(fill) != INK:
        return fill
    return "#" + "".join(f"{int(int(fill[i : i + 2], 16) * 0.7):02X}" for i in (1, 3, 5))


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is at font ``size`` (a generous average glyph width)."""
    return len(text) * size * 0.56


def _attributes(attributes: dict[str, object]) -> str:
    """``font_size=12, class_="x"`` as `` font-size="12" class="x"``; None values left out."""
    return "".join(
        f" {name.rstrip('_').replace('_', '-')}={quoteattr(_number(value))}"
        for name, value in attributes.items()
        if value is not None
    )


def _number(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.1f}".rstrip("0").rstrip(".")
    return str(value)


class Canvas:
    """SVG elements collected in drawing order; `document` wraps them into a picture."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def element(self, tag: str, content: str | None = None, /, **attributes: object) -> None:
        """Add ``<tag …>content</tag>``; ``content`` is text (escaped here)."""
        head = f"<{tag}{_attributes(attributes)}"
        if content is None:
            self.parts.append(head + "/>")
        else:
            self.parts.append(f"{head}>{escape(content)}</{tag}>")

    def open(self, tag: str, **attributes: object) -> None:
        self.parts.append(f"<{tag}{_attributes(attributes)}>")

    def close(self, tag: str) -> None:
        self.parts.append(f"</{tag}>")

    def rect(self, x: float, y: float, width: float, height: float, **style: object) -> None:
        self.element("rect", x=x, y=y, width=width, height=height, **style)

    def circle(self, cx: float, cy: float, r: float, **style: object) -> None:
        self.element("circle", cx=cx, cy=cy, r=r, **style)

    def text(self, x: float, y: float, content: str, size: float = 16, **style: object) -> None:
        """Text whose middle line sits on ``y``; ``anchor`` start/middle/end (default middle);
        ``fit``: the most user units it may take (longer text is squeezed into them, e.g.
        a long player name)."""
        anchor = style.pop("anchor", "middle")
        fit = style.pop("fit", None)
        if isinstance(fit, (int, float)) and text_width(content, size) > fit:
            style.update(textLength=fit, lengthAdjust="spacingAndGlyphs")
        self.element(
            "text", content, x=x, y=y, dy="0.35em", font_size=size, text_anchor=anchor,
            fill=style.pop("fill", INK), **style,
        )

    def polygon(self, points: list[tuple[float, float]], **style: object) -> None:
        self.element("polygon", points=" ".join(f"{_number(x)},{_number(y)}" for x, y in points),
                     **style)

    def title(self, content: str) -> None:
        """A tooltip for the group just opened (and words for screen readers)."""
        self.element("title", content)

    def document(self, width: float, height: float, title: str) -> str:
        """The picture: ``width`` × ``height`` user units on a rounded light card."""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_number(width)} '
            f'{_number(height)}" role="img" font-family={quoteattr(FONT)}>'
            f"<title>{escape(title)}</title>"
            f'<rect x="0" y="0" width="{_number(width)}" height="{_number(height)}" rx="12" '
            f'fill="{PAPER}" stroke="#D0CCC4"/>'
        )
        return head + "".join(self.parts) + "</svg>"


def pawn(canvas: Canvas, cx: float, cy: float, player: int, r: float = 14, count: int = 1,
         label: str | None = None, names: Names = NUMBERS) -> None:
    """A pawn (``count`` of them stacked) of ``player``: a disc in the player's colour with
    the player's number on it, and the stack's size on a badge (`count_badge`); its
    tooltip ``label``, else the player's name (`who`)."""
    fill = player_colour(player)
    canvas.open("g")
    canvas.title(label or who(player, names)
                 + (f": {plural(count, 'pawn')}" if count > 1 else ""))
    for i in reversed(range(min(count, 2))):
        step = STACK_STEP * i
        canvas.circle(cx + step, cy - step, r, fill=fill, stroke=INK, stroke_width=1.5)
    top = STACK_STEP * (min(count, 2) - 1)
    canvas.text(cx + top, cy - top, str(player), size=max(12, r * 1.25), fill=ink_on(fill),
                font_weight="bold")
    count_badge(canvas, cx, cy + r, count)
    canvas.close("g")


def count_badge(canvas: Canvas, x: float, y: float, count: int) -> None:
    """``×3`` on a white pill centred at (x, y): how many pieces a stack holds (nothing for
    a single piece), so that a stack can be counted whatever its height."""
    if count < 2:
        return
    words = f"\u00d7{count}"
    half = 4 + len(words) * 3.6
    canvas.rect(x - half, y - 8, 2 * half, 16, rx=8, fill="#FFFFFF", stroke=INK,
                stroke_width=1.2)
    canvas.text(x, y, words, size=12, font_weight="bold")


LegendEntry = tuple[Callable[[Canvas, float, float], None], str]
"""A symbol drawn centred on (x, y), and its words."""


def who(player: int, names: Names = NUMBERS) -> str:
    """A player with their colour: ``player 0 (red)``, ``Alice (red)``."""
    return f"{names.long(player)} ({colour_name(player)})"


def player_entries(players: int, names: Names = NUMBERS) -> list[LegendEntry]:
    """A legend entry per player: their pawn and "player 0 (red)" (their name with
    ``names``)."""

    def disc(player: int) -> Callable[[Canvas, float, float], None]:
        return lambda canvas, x, y: pawn(canvas, x, y, player, r=11, names=names)

    return [(disc(p), who(p, names)) for p in range(players)]


HALO = "#1F1F1F"
"""The last move's mark (`halo`, `ring`): ink, never a player's colour; a dashed outline
where the move began. The marks carry the classes ``amigo-last``, ``amigo-last-start`` and
``amigo-last-piece`` (for a page's style sheet)."""


def halo(canvas: Canvas, x: float, y: float, width: float, height: float,
         rx: float = 8) -> None:
    """A dark band around the box at (x, y) (drawn before the box): a place the last move
    passed or reached."""
    canvas.rect(x - 5, y - 5, width + 10, height + 10, rx=rx + 4, fill=HALO,
                class_="amigo-last")


def start_mark(canvas: Canvas, x: float, y: float, width: float, height: float,
               rx: float = 8) -> None:
    """A dashed outline around the box at (x, y): where the last move began."""
    canvas.rect(x - 4, y - 4, width + 8, height + 8, rx=rx + 3, fill="none", stroke=HALO,
                stroke_width=2.5, stroke_dasharray="6 4", class_="amigo-last-start")


def ring(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    """A ring around a piece at (cx, cy) of radius ``r``: the piece the last move moved."""
    canvas.open("g", class_="amigo-last-piece")
    canvas.circle(cx, cy, r + 5, fill="none", stroke="#FFFFFF", stroke_width=5)
    canvas.circle(cx, cy, r + 5, fill="none", stroke=HALO, stroke_width=2.5)
    canvas.close("g")


def highlight_events(value: object, function: str = "render_svg") -> tuple[Event, ...]:
    """The ``highlight`` argument of ``function``: None (``()``) or the events of the last
    move (a sequence of `Event`, e.g. ``move_events(before, move, after)``); anything else
    is an `ArgumentError`."""
    if value is None:
        return ()
    found = None if isinstance(value, (str, bytes)) else value
    if isinstance(found, Iterable):
        events = tuple(found)
        if all(type(e) is Event for e in events):
            return events
    raise ArgumentError(f"{function}: highlight must be None or the events of the last move "
                        f"(move_events(before, move, after)), got {quote(value)}")


def highlight_entry() -> LegendEntry:
    """The legend's words for the last move's marks."""

    def symbol(canvas: Canvas, x: float, y: float) -> None:
        canvas.rect(x - 14, y - 13, 28, 26, rx=7, fill=HALO)
        canvas.rect(x - 9, y - 8, 18, 16, rx=3, fill=PAPER)

    return symbol, "last move"


def legend(canvas: Canvas, x: float, y: float, width: float, entries: list[LegendEntry],
           size: float = 16) -> float:
    """The ``entries`` in rows from (x, y) within ``width``; returns the height used."""
    row_height = size * 2.2
    cx, cy = x, y + row_height / 2
    for draw, words in entries:
        needed = 34 + text_width(words, size) + 18
        if cx > x and cx + needed > x + width:
            cx, cy = x, cy + row_height
        draw(canvas, cx + 14, cy)
        canvas.text(cx + 34, cy, words, size=size, anchor="start")
        cx += needed
    return cy + row_height / 2 - y


def header(canvas: Canvas, title: str, lines: list[str], margin: float = MARGIN,
           width: float = WIDTH) -> float:
    """The picture's title and status lines at the top, each wrapped at its words to the
    picture's ``width``; returns the height used."""
    canvas.text(margin, 26, title, size=22, anchor="start", font_weight="bold")
    shown = [part for line in lines for part in wrap(line, 17, width - 2 * margin)]
    for i, line in enumerate(shown):
        canvas.text(margin, 56 + 24 * i, line, size=17, anchor="start",
                    fit=width - 2 * margin)
    return 50 + 24 * len(shown)


def table_header(canvas: Canvas, game: str, status: str, players: int, player: int | None,
                 names: Names, move: str | None) -> float:
    """The top of a game's table picture: the game's title, ``status``, the number of
    players and whose view it shows (`viewer_caption`), and the last move in words
    (``move``, when marked); returns the height used."""
    lines = [status, f"{players} players, {viewer_caption(player, names)}"]
    return header(canvas, game, lines + ([move] if move else []))


def table_document(canvas: Canvas, top: float, game: str, status: str,
                   entries: list[LegendEntry], gap: float = 0) -> str:
    """A game's table picture, finished: the legend's ``entries`` across the picture,
    ``gap`` below ``top`` (and as much less margin under it), and the document, `WIDTH`
    wide, titled ``"<game> table: <status>"``."""
    top += legend(canvas, MARGIN, top + gap, WIDTH - 2 * MARGIN, entries) + 12
    return canvas.document(WIDTH, top, f"{game} table: {status}")


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` in lines of whole words at most about ``width`` wide at font ``size`` (a
    word too long for a line has one of its own).

    >>> wrap("the quick brown fox", 10, 60)
    ['the quick', 'brown fox']
    """
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def viewer_caption(player: int | None, names: Names = NUMBERS) -> str:
    """Whose view a picture shows: everything (None), a spectator's or a player's."""
    if player is None:
        return "everything shown"
    if player == SPECTATOR:
        return "as a spectator sees it"
    return f"as {names.long(player)} sees it"
