"""Verflixxt hoch² on the command line: its variants as options, its drawing."""

from __future__ import annotations

from ...verflixxt_hoch import Rules, render_lines
from . import View

VIEW = View(Rules, {"standard": Rules}, variant_options={
    "attack": ("À l'attaque ! — a pair of equal cards pushes opponents (HO-ATTACK-1)",
               {"attack": True}),
    "action_tiles": ("the amigo Gift/Steal action tiles on the track (HO-COMBINE-1)",
                     {"action_tiles": True}),
}, draw=render_lines)
"""One ``--preset``, the game as boxed (options come as ``--variant NAME`` → (help text,
the `Rules` options it sets))."""

__all__ = ["VIEW"]
