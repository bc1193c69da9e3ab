"""Scoring: HO-RISK-1, HO-SCORE-1."""

from __future__ import annotations

import pytest
from ho_scenarios import make_state, rules

from amigo_rules import RulesError
from amigo_rules import verflixxt_hoch as ho


@pytest.mark.rule("HO-RISK-1")
def test_rulebook_example_three_risk_tiles_score_minus_14():
    assert ho.score_tiles(["R3", "R5", "R6"]) == -14


@pytest.mark.rule("HO-RISK-1")
@pytest.mark.parametrize(("tiles", "points"), [
    ([], 0), (["R4"], -4), (["R4", "R7"], 11), (["R4", "R4", "R5", "R6"], 19),
    (["L", "R4"], -4),  # a lucky tile never acts on a risk tile
    (["-3", "L", "R5"], 3 - 5),
])
def test_odd_count_negative_even_count_positive(tiles, points):
    assert ho.score_tiles(tiles) == points


@pytest.mark.rule("HO-SCORE-1")
def test_score_adds_path_tiles_risk_tiles_tokens_and_hats():
    assert ho.score_tiles(["-3", "L", "+5", "R4", "R7", "T2", "hat+"]) == 8 + 11 + 2 + 10
    assert ho.score_tiles(["-8", "-2", "L", "T6", "T3", "hat-"]) == 8 - 2 + 9 - 10
    with pytest.raises(RulesError):
        ho.score_tiles(["R9"])
    with pytest.raises(RulesError):
        ho.score_tiles(["gift"])


@pytest.mark.rule("HO-SCORE-1")
def test_state_score_and_winners():
    # Track S=0, -1=1, -5=2, F=3; the rest of the layout is collected.
    state = make_state(rules(players=3), [(2, 3, 3), (3, 3, 3), (3, 3, 3)],
                       hands=[("1o", "5o"), ("1y", "1o"), ("2y", "2o")], hats=(None, None),
                       towers=[["hat+"], ["hat-", "R4", "R5"], ["-2", "-4"]],
                       tiles=("-1", "-5"), guards=())
    assert ho.score(state) == (10, -1, -6)
    assert ho.winners(state) == ()
    over = ho.apply(state, ho.parse_move(state, "card 1o pawn 2"))
    assert ho.is_terminal(over) and ho.score(over) == (10 - 5 + 2, -1, -6)  # -5 and T2
    assert ho.winners(over) == (0,)


@pytest.mark.rule("HO-SCORE-1")
def test_tied_players_share_the_win():
    state = make_state(rules(players=2), [(2, 3, 3), (3, 3, 3)],
                       hands=[("1o", "5o"), ("1y", "1o")], hats=(None, None),
                       towers=[["hat+", "-2", "-4"], ["hat-", "R4", "R5"]],
                       tiles=("-1", "-5"), guards=())
    over = ho.apply(state, ho.parse_move(state, "card 5o pawn 2"))  # no token: overshoot
    assert ho.score(over) == (-1, -1) and ho.winners(over) == (0, 1)
