"""Verflixxt! on the command line: its presets and variants as options, its drawing."""

from __future__ import annotations

from ...verflixxt import PRESETS, Rules, render_lines
from . import View

VIEW = View(Rules, PRESETS, variant_options={
    "plus_before_lucky": ("VXV-1 a: -1…-8, +1…+8, six lucky, -1…-10",
                          {"layout": "plus_before_lucky"}),
    "lucky_last": ("VXV-1 b: the lucky tiles last", {"layout": "lucky_last"}),
    "random_layout": ("VXV-1 c: the 32 tiles shuffled", {"layout": "random"}),
    "roll_one_choice": ("VXV-2: a 1 moves forward, back or not at all", {"roll_one": "choice"}),
    "roll_one_swap": ("VXV-7: a 1 moves forward or swaps with a neighbour", {"roll_one": "swap"}),
    "passed_tiles_to_end": ("VXV-3: tiles every pawn has passed move before the finish",
                            {"passed_tiles_to_end": True}),
    "first_home": ("VXV-4: the game ends when a player is home", {"early_end": "first_home"}),
    "one_pawn_left": ("VXV-5: the game ends when one pawn is left",
                      {"early_end": "one_pawn_left"}),
    "negative_lucky": ("VXV-8: lucky tiles can turn negative", {"negative_lucky": True}),
    "negative_lucky_sweep": ("VXV-8 with its optional sweep",
                             {"negative_lucky": True, "negative_lucky_sweep": True}),
    "tactical_cards": ("VXV-9: cards -1, 1…6 instead of the die, at most 6 a turn",
                       {"tactical_cards": True}),
    "hidden_tiles": ("VXV-10: a shuffled track, a tile turned face down every turn",
                     {"hidden_tiles": True}),
    "towers_top": ("VXV-HIDDEN-TOWERS: only the top of other towers shows", {"towers": "top"}),
    "towers_hidden": ("VXV-HIDDEN-TOWERS: other towers show only their size",
                      {"towers": "hidden"}),
    "lucky_below": ("VXV-LUCKY-BELOW: a lucky tile flips the tile below it",
                    {"lucky_below": True}),
    "action_tiles": ("VXV-PRO-ACTIONS: Gift/Steal tiles on a guard preset",
                     {"action_tiles": True}),
}, draw=render_lines)
"""The ``--preset`` choices (``classic`` the default) and ``--variant NAME`` → (help
text, the `Rules` options it sets)."""

__all__ = ["VIEW"]
