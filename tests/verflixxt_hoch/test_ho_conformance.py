"""The conformance checker for 2 … 8 players."""

from __future__ import annotations

import pytest

from amigo_rules import verflixxt_hoch
from amigo_rules.testing import check_game
from amigo_rules.verflixxt_hoch import Rules


@pytest.mark.parametrize("players", range(2, 9))
def test_conformance(players):
    """4 games per player count; the slow sweep plays 200 at every count."""
    report = check_game(verflixxt_hoch, Rules(players=players), seeds=range(4))
    assert report.terminal == report.games == 4


@pytest.mark.parametrize("players", [2, 4, 8])
def test_conformance_with_attacks(players):
    report = check_game(verflixxt_hoch, Rules(players=players, attack=True), seeds=range(4))
    assert report.terminal == 4


def test_conformance_with_a_small_deck():
    rules = Rules(players=3, deck=((-1, 1, 1), (0, 1, 0), (2, 2, 1), (6, 1, 2)))
    assert check_game(verflixxt_hoch, rules, seeds=range(4)).terminal == 4


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"attack": True},
        {"action_tiles": True},
        {"action_tiles": True, "attack": True, "risk_rank": "parity"},
    ],
)
def test_conformance_sweep(players, options):
    rules = Rules(players=players, **options)
    report = check_game(verflixxt_hoch, rules, seeds=range(200), deep_every=3)
    assert report.terminal == report.games == 200
