"""EXXtra on the command line: no presets or variants, its drawing."""

from __future__ import annotations

from ...exxtra import Rules, render_lines
from . import View

VIEW = View(Rules, {}, variant_options={}, draw=render_lines)
"""EXXtra has no presets and no variants."""

__all__ = ["VIEW"]
