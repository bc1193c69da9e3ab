"""Text from outside (a file, an agent, a results line) as the terminal must show it:
literally. Rich markup in it stays text, and control characters (C0, DEL, C1: ESC and its
terminal sequences among them) and the bidirectional overrides that reorder a line are
replaced by their escapes (``\\x1b``), so no string can style, link, retitle or rewrite the
terminal. Everything such a string reaches the console through passes `literal`."""

from __future__ import annotations

import re
from typing import Final

from rich.text import Text

LIMIT: Final = 80
"""The most characters of one outside string shown (a name); longer ones end in ``…``."""
MESSAGE_LIMIT: Final = 500
"""The most characters of an outside message shown (an agent's error)."""

_UNSAFE: Final = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def literal(text: str, *, limit: int | None = LIMIT, style: str = "") -> Text:
    """``text`` as a rich `Text` shown character for character: never read as markup,
    unsafe characters escaped, cut to ``limit`` characters (None: whole).

    >>> literal("[link=http://x]click[/link] \\x1b]0;pwned\\x07").plain
    '[link=http://x]click[/link] \\\\x1b]0;pwned\\\\x07'
    >>> literal("x" * 100, limit=5).plain
    'xxxx…'
    """
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    return Text(_UNSAFE.sub(_escape, text), style=style)
