"""End and score: VX-END-1, VX-SCORE-1, VX-SCORE-2."""

from __future__ import annotations

import pytest
from vx_scenarios import make_state, play

from amigo_rules import TERMINAL, RulesError, verflixxt
from amigo_rules.verflixxt import Rules

BSW = ["-1", "-2", "-3", "-4", "-5", "-6", "-7", "-8", "L", "L", "+2", "+3", "+4", "+8"]


@pytest.mark.rule("VX-SCORE-1")
def test_bsw_scoring_example_is_worth_11():
    assert verflixxt.score_tiles(BSW) == 11


@pytest.mark.rule("VX-SCORE-1")
@pytest.mark.parametrize(
    ("tiles", "points"),
    [
        ([], 0),
        (["+8", "+1"], 9),
        (["-10", "-1"], -11),
        (["-10", "L", "-1"], 9),  # the lucky tile turns the largest minus tile
        (["L", "L", "L", "-2"], 2),  # extra lucky tiles are worth nothing
        (["L"], 0),
        (["-3", "L", "+5"], 8),
    ],
)
def test_lucky_tiles_turn_the_largest_minus_tiles(tiles, points):
    assert verflixxt.score_tiles(tiles) == points


@pytest.mark.rule("VX-SCORE-1")
def test_score_tiles_refuses_unknown_tiles():
    with pytest.raises(RulesError, match="not Verflixxt path tiles"):
        verflixxt.score_tiles(["+9"])
    with pytest.raises(RulesError):
        verflixxt.score_tiles(["gift"])


@pytest.mark.rule("VX-SCORE-1")
def test_score_is_valid_at_any_time():
    layout = ("-10", "L", "-1", "+8", "+7")
    rules = Rules(players=2, layout=layout, guards=False)
    state = make_state(rules, [(0, 0, 0), (0, 0, 0)], tiles=("S", "+8", "+7", "F"),
                       towers=[("-10", "L"), ("-1",)])
    assert verflixxt.score(state) == (10, -1)


def finished(rules: Rules, towers, layout):
    home = len(layout) - sum(len(t) for t in towers) + 1
    rest = list(layout)
    for t in (t for tower in towers for t in tower):
        rest.remove(t)
    return make_state(
        rules, [(home,) * rules.pawns_per_player] * rules.players,
        tiles=("S", *rest, "F"), towers=towers, phase=verflixxt.Phase.OVER,
    )


LAYOUT = ("+5", "-1", "L", "+6", "+4", "L", "-3", "+2")


@pytest.mark.rule("VX-SCORE-2")
def test_highest_score_wins():
    rules = Rules(players=3, layout=LAYOUT, guards=False)
    state = finished(rules, [("+5", "-1"), ("+6",), ("+4", "L")], LAYOUT)
    assert verflixxt.score(state) == (4, 6, 4)
    assert verflixxt.winners(state) == (1,)


@pytest.mark.rule("VX-SCORE-2")
def test_classic_tie_is_a_shared_win_and_amigo_breaks_it_by_fewer_lucky_tiles():
    rules = Rules(players=4, layout=LAYOUT, guards=False)
    towers = [("+6",), ("+5", "-1", "L"), ("L", "+4", "+2"), ()]
    state = finished(rules, towers, LAYOUT)
    assert verflixxt.score(state) == (6, 6, 6, 0)
    assert verflixxt.winners(state) == (0, 1, 2)
    amigo = Rules(players=4, layout=LAYOUT, guards=False, tie_break_fewer_lucky=True)
    assert verflixxt.winners(finished(amigo, towers, LAYOUT)) == (0,)
    towers = [("+6", "L"), ("+5", "-1", "L"), ("+4", "+2"), ()]
    # 6, 6, 6: players 0 and 1 hold one lucky tile each, player 2 none → player 2.
    assert verflixxt.winners(finished(amigo, towers, LAYOUT)) == (2,)
    towers = [("+6", "L"), ("+5", "-1", "L"), ("+4", "+2", "-3"), ()]
    # 6, 6, 3: the tie of 0 and 1 on lucky tiles stays: a shared win.
    assert verflixxt.winners(finished(amigo, towers, LAYOUT)) == (0, 1)


@pytest.mark.rule("VX-END-1")
def test_the_game_ends_when_every_pawn_is_home():
    rules = Rules(players=2, layout=("+1",), guards=False)
    state = make_state(rules, [(2, 2, 1), (2, 2, 2)], roll=1)
    assert verflixxt.winners(state) == ()
    state = play(state, "pawn 1")
    assert verflixxt.is_terminal(state) and verflixxt.current_player(state) == TERMINAL
    assert verflixxt.legal_moves(state) == () and verflixxt.chance_outcomes(state) == ()
    assert verflixxt.winners(state) == (0,) and verflixxt.score(state) == (1, 0)


@pytest.mark.rule("VX-END-1")
def test_the_game_goes_on_while_one_pawn_is_out():
    rules = Rules(players=2, layout=("+1", "-2"), guards=False)
    state = make_state(rules, [(3, 3, 1), (3, 3, 3)], roll=1)
    state = play(state, "pawn 1")
    assert not verflixxt.is_terminal(state) and state.player == 0
