"""VXV-8: lucky tiles can be negative (and the VXV-8b sweep)."""

from __future__ import annotations

from collections import Counter

import pytest
from vx_scenarios import make_state, play

from amigo_rules import RulesError, verflixxt
from amigo_rules.testing import check_game
from amigo_rules.verflixxt import Phase, Rules

PLUS = tuple(f"+{n}" for n in range(1, 9))
MINUS8 = tuple(f"-{n}" for n in range(1, 9))
NEGATIVE = ("S", *MINUS8, *PLUS, "-1", "-2", "-3", "-4", "-5", "-6", "L", "-7", "L", "-8",
            "L", "-9", "-10", "L", "L", "L", "F")


@pytest.mark.rule("VXV-8")
def test_the_layout_puts_lucky_tiles_before_minus_7_8_9_and_the_finish():
    state = verflixxt.new_game(Rules(negative_lucky=True))
    assert state.board.tiles == NEGATIVE


@pytest.mark.rule("VXV-8")
@pytest.mark.rule("VX-SETUP-1")
def test_guards_keep_their_base_places_on_the_lucky_tiles_and_plus_7_and_8():
    """003: "De basisregels blijven dezelfde met de wijzigingen die in de verschillende
    varianten worden aangegeven." and "De 8 wachters worden op de 6 gelukstegels gelegd en
    ook op de plustegels met de waardes '+7' en '+8'." Variant 8 moves the lucky tiles, not
    the guards; with more than 6 lucky tiles the 6 nearest the start carry them."""
    state = verflixxt.new_game(Rules(negative_lucky=True))
    assert state.board.guards == (15, 16, 23, 25, 27, 30, 31, 32)
    assert [state.board.tiles[g] for g in state.board.guards] == ["+7", "+8", *["L"] * 6]
    eight = verflixxt.new_game(Rules(players=8, negative_lucky=True))  # 10 lucky tiles
    tiles = eight.board.tiles
    lucky = [i for i, t in enumerate(tiles) if t == "L"]
    assert len(lucky) == 10
    assert eight.board.guards == (15, 16, *lucky[:6]) == (15, 16, 23, 25, 27, 30, 31, 32)
    assert verflixxt.from_json(verflixxt.to_json(eight)) == eight


@pytest.mark.rule("VXV-8")
@pytest.mark.parametrize(("players", "lucky"), [(2, 6), (4, 6), (5, 7), (6, 8), (8, 10)])
def test_more_than_four_players_use_two_more_lucky_tiles_than_players(players, lucky):
    rules = Rules(players=players, negative_lucky=True)
    tiles = verflixxt.new_game(rules).board.tiles
    assert Counter(tiles)["L"] == lucky
    assert tiles[-lucky + 2 :] == ("L",) * (lucky - 3) + ("F",)
    assert verflixxt.num_actions(rules) == 2 * len(tiles) + players


@pytest.mark.rule("VXV-8")
@pytest.mark.parametrize(
    ("tower", "classic", "negative"),
    [
        (["-5", "-2", "+3", "L"], 6, 6),  # one lucky tile turns the largest minus
        (["-5", "-2", "+3", "L", "L"], 10, -4),  # two do nothing
        (["-5", "+3", "+1", "L", "L", "L"], 9, -7),  # three turn the largest plus
        (["-5", "-2", "+3", "L", "L", "L", "L"], 10, -10),
        (["+3", "L"], 3, 3),  # nothing to turn
        (["-3", "L", "L", "L"], 3, -3),
    ],
)
def test_lucky_tiles_count_by_their_number(tower, classic, negative):
    assert verflixxt.score_tiles(tower, Rules()) == classic
    assert verflixxt.score_tiles(tower, Rules(negative_lucky=True)) == negative


@pytest.mark.rule("VXV-8")
def test_negative_lucky_refuses_what_contradicts_it():
    with pytest.raises(RulesError, match=r"negative_lucky.*lucky_below"):
        Rules(negative_lucky=True, lucky_below=True)
    with pytest.raises(RulesError, match=r"negative_lucky.*layout"):
        Rules(negative_lucky=True, layout="random")
    with pytest.raises(RulesError, match=r"negative_lucky_sweep.*negative_lucky"):
        Rules(negative_lucky_sweep=True)
    with pytest.raises(RulesError, match=r"negative_lucky_sweep.*early_end"):
        Rules(negative_lucky=True, negative_lucky_sweep=True, early_end="first_home")


@pytest.mark.rule("VXV-8")
def test_negative_lucky_round_trips_with_its_extra_tiles():
    rules = Rules(players=6, negative_lucky=True)
    state = play(verflixxt.new_game(rules), "roll 2", "pawn 0", "roll 3", "pawn 0")
    assert verflixxt.from_json(verflixxt.to_json(state)) == state


SWEEP = Rules(players=3, guards=False, negative_lucky=True, negative_lucky_sweep=True)


@pytest.mark.rule("VXV-8")
def test_sweep_moves_tiles_behind_the_last_pawn_before_the_finish():
    state = make_state(SWEEP, [(2, 5, 5), (4, 4, 4), (3, 3, 3)], roll=1)
    after = play(state, "pawn 2")  # takes -2; -1 lies behind every pawn
    assert after.towers[0] == ("-2",)
    assert after.board.tiles[:2] == ("S", "-3")
    assert after.board.tiles[-2:] == ("-1", "F")
    plain = Rules(players=3, guards=False, negative_lucky=True)
    after = play(make_state(plain, [(2, 5, 5), (4, 4, 4), (3, 3, 3)], roll=1), "pawn 2")
    assert after.board.tiles[:3] == ("S", "-1", "-3")


@pytest.mark.rule("VXV-8")
def test_sweep_leaves_tiles_under_a_guard_behind():
    rules = Rules(players=3, negative_lucky=True, negative_lucky_sweep=True)
    guards = (1, 9, 10, 11, 12, 13, 14, 15)  # one guard left behind on the first -1
    state = make_state(rules, [(3, 5, 5), (4, 4, 4), (3, 3, 3)], guards=guards, roll=2)
    after = play(state, "pawn 5")
    assert after.board.tiles[:3] == ("S", "-1", "-3")  # the -2 went, the guarded -1 stayed
    assert after.board.tiles[-2:] == ("-2", "F")
    assert after.board.guards[0] == 1


@pytest.mark.rule("VXV-8")
def test_when_all_but_one_are_home_the_last_player_receives_every_tile():
    finish = len(NEGATIVE) - 1
    state = make_state(SWEEP, [(finish - 1, finish, finish), (finish,) * 3, (20, 20, 30)],
                       roll=1)
    tiles = state.board.tiles
    left = [t for i, t in enumerate(tiles) if t not in ("S", "F") and i != finish - 1]
    after = play(state, f"pawn {finish - 1}")
    assert after.phase is Phase.OVER
    assert after.towers[0] == ("L",)
    # First the tiles behind the last pawns (positions 1 … 19) moved before the finish.
    assert after.towers[2] == (*left[19:], *left[:19])
    assert after.board.tiles == ("S", "F")
    assert verflixxt.from_json(verflixxt.to_json(after)) == after


@pytest.mark.rule("VXV-8")
@pytest.mark.parametrize(
    "rules",
    [
        Rules(negative_lucky=True),
        Rules(negative_lucky=True, players=6, roll_one="choice"),
        Rules(negative_lucky=True, negative_lucky_sweep=True, players=3, towers="hidden"),
        Rules(negative_lucky=True, players=5, action_tiles=True, early_end="one_pawn_left"),
        Rules.amigo_pro(players=8, negative_lucky=True, negative_lucky_sweep=True,
                        action_tiles=True, roll_one="swap", passed_tiles_to_end=True),
    ],
)
def test_conformance_with_negative_lucky(rules):
    assert check_game(verflixxt, rules, seeds=range(4)).terminal == 4
