"""Variants VXV-1, VXV-6, VXV-PRO-ACTIONS, VXV-LUCKY-BELOW and VXV-HIDDEN-TOWERS."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from vx_scenarios import make_state, play

from amigo_rules import RulesError, verflixxt
from amigo_rules.testing import check_game
from amigo_rules.verflixxt import HIDDEN, Rules

PLUS = tuple(f"+{n}" for n in range(1, 9))
MINUS8 = tuple(f"-{n}" for n in range(1, 9))
MINUS10 = tuple(f"-{n}" for n in range(1, 11))
LUCKY6 = ("L",) * 6


def guarded(state) -> list[str]:
    return [state.board.tiles[g] for g in state.board.guards]


@pytest.mark.rule("VXV-1")
def test_plus_before_lucky_layout_guards_the_plus_tiles():
    state = verflixxt.new_game(Rules(layout="plus_before_lucky"), seed=0)
    assert state.board.tiles == ("S", *MINUS8, *PLUS, *LUCKY6, *MINUS10, "F")
    assert guarded(state) == list(PLUS)
    assert state.board.guards == tuple(range(9, 17))


@pytest.mark.rule("VXV-1")
def test_lucky_last_layout_guards_the_plus_tiles():
    state = verflixxt.new_game(Rules(layout="lucky_last"), seed=0)
    assert state.board.tiles == ("S", *MINUS8, *PLUS, *MINUS10, *LUCKY6, "F")
    assert guarded(state) == list(PLUS)


@pytest.mark.rule("VXV-1")
def test_random_layout_with_guards_shuffles_and_guards_lucky_and_top_plus():
    layouts = set()
    for seed in range(6):
        state = verflixxt.new_game(Rules(layout="random", guards=True), seed=seed)
        tiles = state.board.tiles
        layouts.add(tiles)
        assert Counter(tiles[1:-1]) == Counter((*PLUS, *MINUS8, *MINUS10, *LUCKY6))
        assert sorted(guarded(state)) == sorted(["+7", "+8", *LUCKY6])
        assert len(state.board.guards) == 8
    assert len(layouts) == 6


@pytest.mark.rule("VXV-6")
@pytest.mark.parametrize("players", [7, 8])
def test_seven_or_eight_players_have_two_pawns_each(players):
    state = verflixxt.new_game(Rules(players=players))
    assert state.board.pawns == ((0, 0),) * players
    state = play(state, "roll 3", "pawn 0")
    assert verflixxt.current_player(state) == -1 and state.player == 1
    assert check_game(verflixxt, Rules(players=players), seeds=range(4)).terminal == 4


@pytest.mark.rule("VXV-6")
def test_nine_players_are_refused():
    with pytest.raises(RulesError, match="players"):
        Rules(players=9)


@pytest.mark.rule("VXV-PRO-ACTIONS")
def test_pro_with_action_tiles_inserts_one_after_every_eight_path_tiles():
    rules = Rules.amigo_pro(action_tiles=True)
    state = verflixxt.new_game(rules, seed=0)
    tiles = state.board.tiles
    assert [i for i, t in enumerate(tiles) if t == "gift"] == [9, 18, 27, 36]
    classic = [t for t in tiles if t != "gift"]
    assert classic == ["S", *MINUS8, *LUCKY6, *PLUS, *MINUS10, "F"]
    assert sorted(guarded(state)) == sorted(["+7", "+8", *LUCKY6])
    assert rules.guards and rules.start_tile_to_box and rules.tie_break_fewer_lucky


# --- VXV-LUCKY-BELOW ------------------------------------------------------------------


@pytest.mark.rule("VXV-LUCKY-BELOW")
@pytest.mark.parametrize(
    ("tower", "classic", "below"),
    [
        (["-5", "L"], 5, 5),
        (["+3", "L"], 3, -3),  # a lucky tile on a plus tile makes it count as minus
        (["L", "-5"], 5, -5),  # at the bottom: no effect
        (["-5", "L", "L"], 5, 5),  # on another lucky tile: no effect
        (["-8", "-2", "L"], 6, -6),  # only the tile directly below turns
        (["-2", "-8", "L"], 6, 6),
    ],
)
def test_lucky_acts_on_the_tile_below(tower, classic, below):
    assert verflixxt.score_tiles(tower, Rules()) == classic
    assert verflixxt.score_tiles(tower, Rules(lucky_below=True)) == below


@pytest.mark.rule("VXV-LUCKY-BELOW")
def test_score_and_winners_follow_lucky_below():
    towers = [("+3", "L", "-1"), ("-2", "+1"), ()]
    tiles = [t for t in verflixxt.new_game(Rules(players=3)).board.tiles]
    for tower in towers:
        for tile in tower:
            tiles.remove(tile)
    finish = len(tiles) - 1
    pawns = [(finish,) * 3] * 3
    over = verflixxt.Phase.OVER
    classic = make_state(Rules(players=3), pawns, tiles=tiles, towers=towers, phase=over)
    below = make_state(Rules(players=3, lucky_below=True), pawns, tiles=tiles, towers=towers,
                       phase=over)
    assert verflixxt.score(classic) == (4, -1, 0)
    assert verflixxt.score(below) == (-4, -1, 0)
    assert verflixxt.winners(classic) == (0,)
    assert verflixxt.winners(below) == (2,)


@pytest.mark.rule("VXV-LUCKY-BELOW")
def test_lucky_below_round_trips_and_rejects_non_bools():
    state = verflixxt.new_game(Rules(lucky_below=True))
    assert verflixxt.from_json(verflixxt.to_json(state)).rules.lucky_below is True
    with pytest.raises(RulesError, match="lucky_below"):
        Rules(lucky_below="yes")


# --- VXV-HIDDEN-TOWERS -----------------------------------------------------------------


def towers_state(towers_option: str):
    towers = [("-1", "+2", "L"), ("-3",), ()]
    tiles = list(verflixxt.new_game(Rules(players=3)).board.tiles)
    for tower in towers:
        for tile in tower:
            tiles.remove(tile)
    rules = Rules(players=3, towers=towers_option)
    return make_state(rules, [(0,) * 3] * 3, tiles=tiles, towers=towers)


@pytest.mark.rule("VXV-HIDDEN-TOWERS")
def test_open_towers_are_visible_to_everyone():
    obs = verflixxt.observation(towers_state("open"), 1)
    assert obs.towers == (("-1", "+2", "L"), ("-3",), ())


@pytest.mark.rule("VXV-HIDDEN-TOWERS")
def test_hidden_towers_show_only_sizes_of_others():
    state = towers_state("hidden")
    assert verflixxt.observation(state, 1).towers == ((HIDDEN,) * 3, ("-3",), ())
    assert verflixxt.observation(state, 0).towers == (("-1", "+2", "L"), (HIDDEN,), ())


@pytest.mark.rule("VXV-HIDDEN-TOWERS")
def test_top_towers_show_the_top_tile_of_others():
    state = towers_state("top")
    assert verflixxt.observation(state, 1).towers == ((HIDDEN, HIDDEN, "L"), ("-3",), ())
    assert verflixxt.observation(state, 2).towers == ((HIDDEN, HIDDEN, "L"), ("-3",), ())


def swapped(state, first, second):
    """``state`` with the towers of players 0 and 1 replaced (the tiles they hold are the
    same)."""
    towers = [first, second, ()]
    tiles = list(verflixxt.new_game(state.rules).board.tiles)
    for tile in (*first, *second):
        tiles.remove(tile)
    return make_state(state.rules, state.board.pawns, tiles=tiles, towers=towers)


@pytest.mark.rule("VXV-HIDDEN-TOWERS")
@pytest.mark.parametrize("option", ["hidden", "top"])
def test_to_array_does_not_leak_hidden_tiles(option):
    """The exchange is invisible to player 2 (it touches hidden tiles only), visible to the
    two owners, and visible to everyone with open towers."""
    # The bottom tiles -1 and -3 change places: below the top in both options.
    state = swapped(towers_state(option), ("-1", "+2", "L"), ("-3", "+5"))
    other = swapped(state, ("-3", "+2", "L"), ("-1", "+5"))

    def arrays(viewer):
        return [verflixxt.observation(s, viewer).to_array() for s in (state, other)]

    assert np.array_equal(*arrays(2))
    assert not np.array_equal(*arrays(0))
    assert not np.array_equal(*arrays(1))
    assert arrays(2)[0].shape == (verflixxt.array_length(state.rules),)
    open_state = swapped(towers_state("open"), ("-1", "+2", "L"), ("-3", "+5"))
    open_other = swapped(open_state, ("-3", "+2", "L"), ("-1", "+5"))
    a, b = (verflixxt.observation(s, 2).to_array() for s in (open_state, open_other))
    assert not np.array_equal(a, b)


@pytest.mark.rule("VXV-HIDDEN-TOWERS")
def test_hidden_towers_array_counts_the_hidden_tiles():
    state = towers_state("hidden")
    a = verflixxt.observation(state, 2).to_array()
    other = make_state(state.rules, state.board.pawns, tiles=state.board.tiles,
                       towers=[("-1", "+2"), ("-3", "L"), ()])
    b = verflixxt.observation(other, 2).to_array()
    assert not np.array_equal(a, b)  # sizes 3, 1 against 2, 2


@pytest.mark.rule("VXV-HIDDEN-TOWERS")
def test_towers_option_is_validated_and_round_trips():
    with pytest.raises(RulesError, match="towers"):
        Rules(towers="secret")
    state = verflixxt.new_game(Rules(towers="top"))
    assert verflixxt.from_json(verflixxt.to_json(state)).rules.towers == "top"


@pytest.mark.rule("VXV-HIDDEN-TOWERS")
@pytest.mark.rule("VXV-LUCKY-BELOW")
@pytest.mark.parametrize(
    "rules",
    [
        Rules(lucky_below=True),
        Rules(towers="hidden", players=3),
        Rules.amigo(towers="top", lucky_below=True),
        Rules.amigo_pro(action_tiles=True, towers="hidden"),
        Rules(layout="lucky_last", players=7, towers="top"),
        Rules(layout="plus_before_lucky", lucky_below=True),
        Rules(layout="random", guards=True, players=8),
    ],
)
def test_conformance_of_variants(rules):
    assert check_game(verflixxt, rules, seeds=range(4)).terminal == 4
