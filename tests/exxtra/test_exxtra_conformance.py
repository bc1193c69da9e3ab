"""The library's conformance checker on EXXtra, for every player count."""

from __future__ import annotations

import pytest

from amigo_rules import exxtra
from amigo_rules.testing import check_game


@pytest.mark.rule("EX-COMP-3")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_conformance(players: int) -> None:
    report = check_game("exxtra", exxtra.Rules(players=players), seeds=range(5))
    assert report.terminal == report.games == 5


@pytest.mark.rule("EX-END-2")
def test_conformance_with_a_turn_limit() -> None:
    report = check_game("exxtra", exxtra.Rules(players=4, max_turns=6), seeds=range(10))
    assert report.terminal == 10


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_conformance_sweep(players: int) -> None:
    report = check_game("exxtra", exxtra.Rules(players=players), seeds=range(500), deep_every=3)
    assert report.terminal == report.games == 500
