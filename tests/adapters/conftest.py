"""The configurations every adapter is tested on: each game and a hidden-information
variant of each Verflixxt game by default (face-down tiles with hidden towers, hoch²
hands); a `slow` sweep over presets, variants and player counts."""

from __future__ import annotations

import pytest

from amigo_rules import exxtra, verflixxt, verflixxt_hoch

DEFAULT = [
    ("verflixxt", verflixxt.Rules.classic(players=2)),
    ("verflixxt", verflixxt.Rules.amigo(players=3, hidden_tiles=True, towers="hidden")),
    ("verflixxt_hoch", verflixxt_hoch.Rules(players=2)),
    ("exxtra", exxtra.Rules(players=3)),
]
DEFAULT_IDS = ["verflixxt", "verflixxt-face-down", "verflixxt_hoch-hands", "exxtra"]

SWEEP = [
    *((("verflixxt", verflixxt.PRESETS[preset](players=players)))
      for preset in ("classic", "amigo", "amigo_pro") for players in (2, 4, 6, 8)),
    ("verflixxt", verflixxt.Rules.classic(players=3, towers="top")),
    ("verflixxt", verflixxt.Rules.classic(players=4, layout="random", hidden_tiles=True)),
    ("verflixxt", verflixxt.Rules.amigo(players=4, tactical_cards=True)),
    ("verflixxt", verflixxt.Rules.classic(players=3, tactical_cards=True)),
    ("verflixxt", verflixxt.Rules.classic(players=3, roll_one="choice")),
    ("verflixxt", verflixxt.Rules.classic(players=4, roll_one="swap", early_end="first_home")),
    ("verflixxt", verflixxt.Rules.classic(players=5, negative_lucky=True,
                                          negative_lucky_sweep=True)),
    ("verflixxt", verflixxt.Rules.amigo_pro(players=3, passed_tiles_to_end=True,
                                            lucky_below=True, early_end="one_pawn_left")),
    *(("verflixxt_hoch", verflixxt_hoch.Rules(players=players)) for players in (3, 4, 5, 8)),
    ("verflixxt_hoch", verflixxt_hoch.Rules(players=4, attack=True, action_tiles=True)),
    ("verflixxt_hoch", verflixxt_hoch.Rules(players=3, action_tiles=True, risk_rank="parity")),
    *(("exxtra", exxtra.Rules(players=players)) for players in (4, 5, 6)),
    ("exxtra", exxtra.Rules(players=4, max_turns=12)),
]


@pytest.fixture(params=DEFAULT, ids=DEFAULT_IDS)
def config(request):
    """(game name, rules) of a default configuration."""
    return request.param


@pytest.fixture(params=SWEEP, ids=[f"{game}-{i}" for i, (game, _) in enumerate(SWEEP)])
def sweep_config(request):
    """(game name, rules) of the slow sweep."""
    return request.param
