"""The end of a game in words (the terminal's and the game server's): every player's
score with its arithmetic (from the game's ``explain_score``), the ranks and the winners.

One `ScoreSheet` (`score_sheet`) is written three ways: as lines of styled text
(`result_lines`, the terminal), as HTML that reflows in any width (`result_html`, a
page), and as plain data (`ScoreSheet.to_data`, for a page that builds its own)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from types import ModuleType
from typing import Any

import attrs

from ..core.breakdown import Term
from ..core.text import Line, Span, flow, words


def ranks(scores: tuple[int, ...], winners: tuple[int, ...]) -> list[int]:
    """Each player's place, 1 the best: winners first, then by score; equal results share
    a place.

    >>> ranks((10, 12, 12, 3), (1, 2))
    [3, 1, 1, 4]
    >>> ranks((10, 12, 12, 3), (2,))  # a tie broken by the rules (fewer lucky tiles)
    [3, 2, 1, 4]
    """
    keys = [(p in winners, s) for p, s in enumerate(scores)]
    return [1 + sum(other > key for other in keys) for key in keys]


def ordinal(n: int) -> str:
    """A place in words: ``1st``, ``2nd``, ``11th``, ``23rd``."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


@attrs.frozen
class Part:
    """One term of a score as the sheet writes it."""

    what: str
    """What is counted (``"path tiles"``)."""
    sums: str
    """The arithmetic: each value signed, and their sum when there are several
    (``"+5 -3 = +2"``; a counter's space unsigned)."""
    note: str
    """Why the values are what they are, or ``""``."""


@attrs.frozen
class Row:
    """One player's line of the sheet."""

    place: int
    """1 for the best (`ranks`)."""
    player: int
    """The seat."""
    name: str
    """What the seat is called (the name shown, or ``P2``)."""
    you: bool
    """Whether the sheet is told to this seat."""
    score: int
    """The player's score (the game's ``score``)."""
    winner: bool
    """Whether the player won (or shares the win)."""
    parts: tuple[Part, ...]
    """The score's terms that count something (or say why not)."""


@attrs.frozen
class ScoreSheet:
    """The end of a game: the players in rank order and the winners."""

    rows: tuple[Row, ...]
    """Per player, best place first."""
    winners: tuple[int, ...]
    """The winning seats (none: no winner)."""

    def to_data(self) -> dict[str, Any]:
        """The sheet as JSON-ready data: ``{"rows": [{"place", "player", "name", "you",
        "score", "winner", "parts": [{"what", "sums", "note"}]}], "winners": [...]}``."""
        return attrs.asdict(self)

    def name(self, player: int) -> str:
        """What seat ``player`` is called on the sheet."""
        return next(row.name for row in self.rows if row.player == player)

    def told_to(self, viewer: int | None) -> ScoreSheet:
        """The same sheet told to ``viewer`` (`score_sheet` of another viewer: only the
        rows' ``you`` differ)."""
        return ScoreSheet(tuple(attrs.evolve(row, you=row.player == viewer)
                                for row in self.rows), self.winners)


def score_sheet(module: ModuleType, state: Any, viewer: int | None = None, *,
                names: Sequence[str] | None = None) -> ScoreSheet:
    """The sheet of ``state`` (a game of ``module``) told to ``viewer``, the seats called
    ``names`` (as the game's ``explain_score`` takes them)."""
    scores = module.score(state)
    won = module.winners(state)
    places = ranks(scores, won)
    rows = []
    for breakdown in module.explain_score(state, names=names):
        p = breakdown.player
        assert breakdown.total == scores[p], (breakdown, scores)
        parts = tuple(_part(term) for term in breakdown.terms if term.values or term.note)
        rows.append(Row(places[p], p, breakdown.name, p == viewer, scores[p], p in won, parts))
    rows.sort(key=lambda row: row.place)
    return ScoreSheet(tuple(rows), won)


def _part(term: Term) -> Part:
    sign = "" if term.what == "counter" else "+"
    sums = " ".join(f"{v:{sign}d}" for v in term.values) or "0"
    if len(term.values) > 1:
        sums += f" = {term.points:+d}"
    return Part(term.what, sums, term.note)


def result_lines(module: ModuleType, state: Any, viewer: int | None = None,
                 width: int = 80, *, names: Sequence[str] | None = None) -> list[Line]:
    """Per player in rank order: place, score and what makes it up, term by term; then the
    winners; ``width`` characters wide, the seats called ``names``."""
    return sheet_lines(score_sheet(module, state, viewer, names=names), width)


def sheet_lines(sheet: ScoreSheet, width: int = 80) -> list[Line]:
    """`result_lines` of a `score_sheet`."""
    lines: list[Line] = []
    for row in sheet.rows:
        you = [(" (you)", "bold")] if row.you else []
        mark: list[Span] = [(" winner", "good")] if row.winner else []
        lines.append((((ordinal(row.place) + " ").rjust(5), "bold"),
                      (row.name, f"p{row.player}"), *you, (" score ", ""),
                      (str(row.score), "bold"), *mark))
        for part in row.parts:
            note = words([(f"· {part.note}", "dim")]) if part.note else []
            lines += flow(((f"      {part.what}: ", "dim"),),
                          [*words([(part.sums, "")]), *note], width, indent=8)
    if not sheet.winners:
        lines.append((("no winner", "bold"),))
    else:
        label = "winner: " if len(sheet.winners) == 1 else "shared win: "
        won: list[Span] = []
        for p in sheet.winners:
            won += [(", ", "")] * bool(won) + [(sheet.name(p), f"p{p}")]
        lines.append(((label, "bold"), *won))
    return lines


def result_html(module: ModuleType, state: Any, viewer: int | None = None, *,
                names: Sequence[str] | None = None) -> str:
    """The sheet as an HTML fragment that reflows in any width (no ``<pre>``, no fixed
    size): a ``<section class="amigo-scores">`` holding an ordered list of the players in
    rank order (each item's number its place, shared by equal results), each with its
    terms as a list, then the winners. Every name is escaped and
    isolated in ``<bdi>``; the classes (``amigo-…``, ``amigo-p2`` per seat) are for the
    page's style sheet.

    >>> from amigo_rules import exxtra
    >>> html = result_html(exxtra, exxtra.new_game(), names=["<b>A</b>", "B", "C", "D"])
    >>> "&lt;b&gt;A&lt;/b&gt;" in html and "<b>A</b>" not in html
    True
    """
    sheet = score_sheet(module, state, viewer, names=names)
    out = ['<section class="amigo-scores"><ol class="amigo-ranks">']
    for row in sheet.rows:
        won = " amigo-winner" if row.winner else ""
        out.append(f'<li class="amigo-rank{won}" value="{row.place}">'
                   f'<p class="amigo-head">{_name(sheet, row.player)}'
                   + (' <span class="amigo-you">(you)</span>' if row.you else "")
                   + f' score <strong class="amigo-total">{row.score}</strong>'
                   + (' <span class="amigo-won">winner</span>' if row.winner else "")
                   + "</p>")
        if row.parts:
            out.append('<ul class="amigo-terms">')
            for part in row.parts:
                note = (f' <span class="amigo-note">· {escape(part.note)}</span>'
                        if part.note else "")
                out.append(f'<li><span class="amigo-what">{escape(part.what)}:</span> '
                           f'<span class="amigo-sums">{escape(part.sums)}</span>{note}</li>')
            out.append("</ul>")
        out.append("</li>")
    out.append("</ol>")
    if not sheet.winners:
        out.append('<p class="amigo-result">no winner</p>')
    else:
        label = "winner" if len(sheet.winners) == 1 else "shared win"
        won_names = ", ".join(_name(sheet, p) for p in sheet.winners)
        out.append(f'<p class="amigo-result">{label}: {won_names}</p>')
    out.append("</section>")
    return "".join(out)


def _name(sheet: ScoreSheet, player: int) -> str:
    return f'<bdi class="amigo-name amigo-p{player}">{escape(sheet.name(player))}</bdi>'


__all__ = [
    "Part",
    "Row",
    "ScoreSheet",
    "ordinal",
    "ranks",
    "result_html",
    "result_lines",
    "score_sheet",
    "sheet_lines",
]
