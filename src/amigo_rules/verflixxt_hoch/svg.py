"""STUB, replaced at merge by the pictures of issue 14: ``render_svg`` returns a minimal valid
SVG holding the text drawing, so that the command line's HTML replay works before then."""

from __future__ import annotations

from html import escape

from .state import State
from .text import render_text


def render_svg(state: State, *, player: int | None = None) -> str:
    """STUB (issue 14 writes the real picture): the text drawing in an SVG ``<text>``."""
    lines = render_text(state, player=player).splitlines()
    rows = "".join(
        f'<tspan x="4" dy="1.2em">{escape(line) or " "}</tspan>' for line in lines
    )
    height = int(len(lines) * 1.2 * 12) + 12
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="560" height="{height}" '
        f'font-family="monospace" font-size="12"><text xml:space="preserve">{rows}</text></svg>'
    )
