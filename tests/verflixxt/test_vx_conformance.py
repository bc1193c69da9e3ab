"""The conformance checker over every preset and player count."""

from __future__ import annotations

import pytest

from amigo_rules import verflixxt
from amigo_rules.testing import check_game
from amigo_rules.verflixxt import PRESETS

CONFIGS = [(p, n) for p in sorted(PRESETS) for n in range(2, 7)]


@pytest.mark.parametrize(("preset", "players"), CONFIGS)
def test_conformance(preset, players):
    """4 games per preset and player count; the slow sweep plays 200."""
    report = check_game(verflixxt, PRESETS[preset](players=players), seeds=range(4))
    assert report.terminal == report.games == 4


def test_conformance_pro_with_action_tiles():
    rules = verflixxt.Rules.amigo_pro(players=4, action_tiles=True)
    report = check_game(verflixxt, rules, seeds=range(8))
    assert report.terminal == 8


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "players"), CONFIGS)
def test_conformance_sweep(preset, players):
    report = check_game(verflixxt, PRESETS[preset](players=players), seeds=range(200),
                        deep_every=3)
    assert report.terminal == report.games == 200


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 7))
def test_conformance_sweep_pro_with_action_tiles(players):
    rules = verflixxt.Rules.amigo_pro(players=players, action_tiles=True)
    assert check_game(verflixxt, rules, seeds=range(200), deep_every=3).terminal == 200
