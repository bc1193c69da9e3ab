"""The terminal view of EXXtra for the command line."""

from __future__ import annotations

import pytest

from amigo_rules import RulesError, exxtra
from amigo_rules.cli.games import exxtra as view


def play(state: exxtra.State, *texts: str) -> exxtra.State:
    for text in texts:
        state = exxtra.apply(state, exxtra.parse_move(state, text))
    return state


def test_make_rules() -> None:
    assert view.make_rules(None, None, ()) == exxtra.Rules(players=view.DEFAULT_PLAYERS)
    assert view.make_rules(None, 6, ()).players == 6
    for preset, players, variants in ((None, 2, ()), ("classic", None, ()), (None, 4, ("x",))):
        with pytest.raises(RulesError):
            view.make_rules(preset, players, variants)


def test_draw_shows_board_ladder_turn_and_risk() -> None:
    state = play(exxtra.new_game(), "roll 4-6", "place 5", "roll 2-1", "reroll", "roll 3-3")
    text = view.draw(state, 1)
    assert "rung 5" in text and "64" in text and "33" in text
    assert "11/36" in text and "P1" in text and "(you)" in text
    assert "truncated" not in view.draw(state, None)
