"""Text drawings of a table, in lines of styled spans: every game's ``render_text`` lays its
table out once, as `Line` values, and joins them as plain text; the command line gives the
same lines colour by their style names.

A span is ``(text, style)``; the style is a name saying what the text is (``"plus"``,
``"minus"``, ``"p2"`` for player 2, ``"dim"``, ``""`` for plain text), never how it looks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .checks import integer
from .errors import RulesError
from .names import NUMBERS, Names

Span = tuple[str, str]
"""A piece of text and the name of its style."""
Line = tuple[Span, ...]
"""One line of a drawing."""

MIN_WIDTH = 24
"""The narrowest drawing: a track cell and its pieces must fit."""


def check_width(width: object) -> int:
    """``width`` if it is an integer (else `ArgumentError`) of at least `MIN_WIDTH` (else
    `RulesError`)."""
    number = integer(width, "width")
    if number < MIN_WIDTH:
        raise RulesError(f"width must be an integer of at least {MIN_WIDTH}, got {number}")
    return number


def player(index: int, names: Names = NUMBERS) -> Span:
    """``P2`` (or player 2's name of ``names``) in player 2's style."""
    return (names.short(index), f"p{index}")


def plural(count: int, word: str, words: str | None = None) -> str:
    """``count`` and the noun agreeing with it: ``plural(1, "card") == "1 card"``,
    ``plural(2, "card") == "2 cards"``; ``words`` for an irregular plural."""
    return f"{count} {word if count == 1 else words or word + 's'}"


def length(spans: Iterable[Span]) -> int:
    """The number of characters of ``spans``."""
    return sum(len(text) for text, _ in spans)


def padded(spans: Sequence[Span], width: int) -> tuple[Span, ...]:
    """``spans`` followed by spaces up to ``width`` characters."""
    return (*spans, (" " * max(0, width - length(spans)), ""))


def flow(head: Sequence[Span], items: Sequence[Sequence[Span]], width: int,
         indent: int | None = None, empty: Span = ("none", "dim")) -> list[Line]:
    """``head`` then ``items`` separated by spaces, wrapped at ``width`` characters; further
    lines are indented to the end of a short ``head``, else by two (or by ``indent``); a
    head too long for its line is wrapped word by word too. ``empty`` stands for no
    items."""
    if length(head) + 8 > width:  # a head too long to share its line: words like the rest
        head, items = (), [*words(head), *items]
    if indent is None:
        indent = length(head) if length(head) <= width // 2 else 2
    margin = indent
    lines: list[Line] = []
    line, filled, first = list(head), length(head), True
    for item in items or [(empty,)]:
        size = length(item)
        if not first and filled + 1 + size > width:
            lines.append(tuple(line))
            line, filled, first = [(" " * margin, "")], margin, True
        if not first:
            line.append((" ", ""))
            filled += 1
        line.extend(item)
        filled += size
        first = False
    lines.append(tuple(line))
    return lines


def words(spans: Iterable[Span]) -> list[tuple[Span, ...]]:
    """``spans`` cut into words at their spaces, to `flow` as a sentence; a word may join
    pieces of several styles (``33`` bold, then ``:``).

    >>> words([("rolled ", ""), ("33", "bold"), (": place it", "")])
    [(('rolled', ''),), (('33', 'bold'), (':', '')), (('place', ''),), (('it', ''),)]
    """
    out: list[tuple[Span, ...]] = []
    word: list[Span] = []
    for text, style in spans:
        for i, piece in enumerate(text.split(" ")):
            if i and word:  # a space ended the word before
                out.append(tuple(word))
                word = []
            if piece:
                word.append((piece, style))
    if word:
        out.append(tuple(word))
    return out


def plain(lines: Iterable[Line]) -> str:
    """The lines as text, trailing spaces removed."""
    return "\n".join("".join(text for text, _ in line).rstrip() for line in lines)
