"""The players' names, as every picture and sentence of the library shows them.

``render_svg``, ``render_text``, ``explain_score`` and the narration of every game take
``names``: None (the seats are called by number, ``P0`` …) or a sequence of strings, one
per seat. A name comes from outside (a lobby, a file, an engine) and is hostile input; it
is shown as text, never read as markup (the pictures and HTML escape it where they write
it), and `shown_name` makes it safe to put anywhere first:

- control characters (C0, DEL, C1), line and paragraph separators, the bidirectional
  controls (embeddings, overrides, isolates, marks), lone surrogates and the two
  noncharacters XML forbids are replaced by their escapes (``\\x0a``, ``\\u202e``), so a
  name cannot break a line, reorder the text after it or make a picture invalid;
- it is cut to `NAME_LIMIT` characters, ending in ``…`` (a 2 MiB name is 24 characters on
  the board);
- a name written right to left is isolated (FSI … PDI, Unicode's bidirectional isolates),
  so the sentence around it keeps its order (``אבי: 5 pts``, not ``5 pts :אבי``);
- surrounding whitespace is dropped; a blank name is the seat's number, as without names.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Final

import attrs

from .checks import quote, type_name
from .errors import ArgumentError, RulesError

NAME_LIMIT: Final = 24
"""The most characters of a name shown (longer ones end in ``…``)."""
UNSAFE: Final = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
    "\ud800-\udfff\ufffe\uffff]")
"""Characters outside text shows only as their escapes: controls, separators that break a
line, bidirectional controls, lone surrogates, noncharacters."""
ISOLATE: Final = ("\u2068", "\u2069")
"""First strong isolate and pop directional isolate, around a right-to-left name."""


def _escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escaped(text: str) -> str:
    """``text`` with every `UNSAFE` character replaced by its escape.

    >>> escaped("a\\nb\\u202ec")
    'a\\\\x0ab\\\\u202ec'
    """
    return UNSAFE.sub(_escape, text)


def shown_name(text: str, limit: int = NAME_LIMIT) -> str:
    """``text`` as a name is shown: stripped, unsafe characters escaped, cut to ``limit``
    characters, a right-to-left name isolated; ``""`` for a blank one.

    >>> shown_name("  Alice ")
    'Alice'
    >>> shown_name("<b>Bob</b>\\n" + "x" * 30)
    '<b>Bob</b>\\\\x0axxxxxxxxx…'
    """
    stripped = text.strip()
    name = escaped(stripped[: limit + 1])
    if len(name) > limit:
        name = name[: limit - 1].rstrip() + "…"
    if any(unicodedata.bidirectional(c) in ("R", "AL") for c in name):
        return ISOLATE[0] + name + ISOLATE[1]
    return name


@attrs.frozen
class Names:
    """What each seat is called: a shown name (`shown_name`) or, without one, its number."""

    shown: tuple[str, ...] = ()
    """Per seat the name shown, ``""`` for none (then the seat's number is used)."""

    def short(self, player: int) -> str:
        """The name, else ``P2``."""
        return self._name(player) or f"P{player}"

    def long(self, player: int) -> str:
        """The name, else ``player 2``."""
        return self._name(player) or f"player {player}"

    def capital(self, player: int) -> str:
        """The name, else ``Player 2`` (to begin a sentence)."""
        return self._name(player) or f"Player {player}"

    def padded(self, player: int) -> str:
        """`short`, padded with spaces to the widest name (for a column of names; the
        isolates around a right-to-left name take no room)."""
        widest = max(map(self._width, range(len(self.shown))), default=0)
        return self.short(player) + " " * (widest - self._width(player))

    def _width(self, player: int) -> int:
        return len(self.short(player).strip("".join(ISOLATE)))

    def _name(self, player: int) -> str:
        return self.shown[player] if 0 <= player < len(self.shown) else ""


NUMBERS: Final = Names()
"""Every seat by its number: what ``names=None`` shows."""


def names_of(value: Any, players: int, function: str) -> Names:
    """The ``names`` argument of ``function`` in a game of ``players``: None (`NUMBERS`) or
    a sequence of ``players`` strings (a list or a tuple); another type is an
    `ArgumentError`, another length a `RulesError`.

    >>> names_of(["Alice", ""], 2, "render_text").short(0), names_of(None, 2, "f").short(1)
    ('Alice', 'P1')
    """
    if value is None:
        return NUMBERS
    if not isinstance(value, (list, tuple)) or not all(type(n) is str for n in value):
        raise ArgumentError(f"{function}: names must be None or a list of strings, one per "
                            f"seat, got {quote(value)} ({type_name(value)})")
    if len(value) != players:
        raise RulesError(f"{function}: names must name each of the {players} seats, got "
                         f"{len(value)} names")
    return Names(tuple(shown_name(name) for name in value))


__all__ = [
    "ISOLATE",
    "NAME_LIMIT",
    "NUMBERS",
    "UNSAFE",
    "Names",
    "escaped",
    "names_of",
    "shown_name",
]
