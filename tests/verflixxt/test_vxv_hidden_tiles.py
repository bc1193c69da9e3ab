"""VXV-10: hidden tiles, turned face down one per turn."""

from __future__ import annotations

import attrs
import numpy as np
import pytest
from vx_scenarios import make_state, moves, play

from amigo_rules import IllegalMoveError, RulesError, verflixxt
from amigo_rules.testing import check_game
from amigo_rules.verflixxt import HIDDEN, Flip, Phase, Rules

HIDDEN_RULES = Rules(players=2, layout="random", guards=False, hidden_tiles=True)


def track():
    return verflixxt.new_game(HIDDEN_RULES, seed=0).board.tiles


@pytest.mark.rule("VXV-10")
@pytest.mark.parametrize("seed", range(5))
def test_guards_start_on_the_first_eight_positive_tiles(seed):
    state = verflixxt.new_game(Rules(layout="random", hidden_tiles=True), seed=seed)
    tiles = state.board.tiles
    positive = [i for i, t in enumerate(tiles) if t == "L" or t.startswith("+")]
    assert state.board.guards == tuple(positive[:8])
    assert all(not t.startswith("?") for t in tiles)


@pytest.mark.rule("VXV-10")
def test_a_turn_ends_by_turning_an_unoccupied_path_tile_face_down():
    tiles = track()
    state = make_state(HIDDEN_RULES, [(0, 0, 0), (2, 2, 2)], roll=3)
    after = play(state, "pawn 0")
    assert after.phase is Phase.FLIP and after.player == 0
    flips = [int(m.split()[1]) for m in moves(after)]
    assert flips == [x for x in range(1, len(tiles) - 1) if x not in (2, 3)]
    turned = play(after, "flip 5")
    assert turned.board.tiles[5] == "?" + tiles[5]
    assert turned.phase is Phase.ROLL and turned.player == 1
    assert verflixxt.from_json(verflixxt.to_json(after)) == after
    assert verflixxt.from_json(verflixxt.to_json(turned)) == turned
    plain = Rules(players=2, layout="random", guards=False)
    assert play(make_state(plain, [(0, 0, 0), (2, 2, 2)], tiles=tiles, roll=3),
                "pawn 0").phase is Phase.ROLL


@pytest.mark.rule("VXV-10")
def test_no_flip_of_occupied_or_face_down_tiles_and_none_when_nothing_is_left():
    tiles = list(track())
    finish = len(tiles) - 1
    down = [("?" + t if 0 < i < finish and i not in (2, 3) else t) for i, t in enumerate(tiles)]
    state = make_state(HIDDEN_RULES, [(0, 0, 0), (2, 2, 2)], tiles=down, roll=3)
    after = play(state, "pawn 0")
    assert after.phase is Phase.ROLL and after.player == 1  # skipped: nothing to turn
    with pytest.raises(IllegalMoveError):
        verflixxt.parse_move(after, "flip 4")


@pytest.mark.rule("VXV-10")
def test_a_face_down_tile_is_taken_at_its_value():
    tiles = list(track())
    tiles[4] = "?" + tiles[4]
    state = make_state(HIDDEN_RULES, [(0, 0, 4), (2, 2, 2)], tiles=tiles, roll=2)
    after = play(state, "pawn 4")
    assert after.towers[0] == (tiles[4][1:],)


@pytest.mark.rule("VXV-10")
def test_observations_hide_face_down_values():
    tiles = list(track())
    a, b = tiles[4], tiles[5]
    assert a != b
    one = tiles.copy()
    one[4], one[5] = "?" + a, "?" + b
    two = tiles.copy()
    two[4], two[5] = "?" + b, "?" + a  # the two face-down tiles exchanged
    states = [make_state(HIDDEN_RULES, [(0, 0, 0), (2, 2, 2)], tiles=t) for t in (one, two)]
    for viewer in (0, 1):
        seen = [verflixxt.observation(s, viewer) for s in states]
        assert seen[0].tiles[4:6] == (HIDDEN, HIDDEN)
        assert seen[0].tiles == seen[1].tiles
        assert np.array_equal(seen[0].to_array(), seen[1].to_array())
        assert seen[0].to_array().shape == (verflixxt.array_length(HIDDEN_RULES),)


@pytest.mark.rule("VXV-10")
def test_flip_notation_and_ids():
    state = play(make_state(HIDDEN_RULES, [(0, 0, 0), (2, 2, 2)], roll=3), "pawn 0")
    assert verflixxt.parse_move(state, " FLIP  7 ") == Flip(7)
    length = len(track())
    base = 2 * length + 2
    assert verflixxt.action_id(state, Flip(7)) == base + 7
    assert verflixxt.num_actions(HIDDEN_RULES) == base + length


@pytest.mark.rule("VXV-10")
def test_hidden_tiles_alone_lays_the_tiles_shuffled():
    """003, variant 10: "De tegels worden zeer grondig gemixt en daarna open in een
    willekeurige volgorde op een parcours uitgespreid." The variant chooses the shuffled
    layout by itself, on every preset."""
    shuffled = verflixxt.new_game(Rules(players=2, layout="random", hidden_tiles=True), seed=3)
    for rules in (Rules(players=2, hidden_tiles=True), Rules.classic(2, hidden_tiles=True),
                  Rules.amigo_pro(2, hidden_tiles=True)):
        assert rules.layout == "random"
        state = verflixxt.new_game(rules, seed=3)
        assert state.board == shuffled.board
        assert state.board.tiles[:5] == ("S", "L", "L", "+4", "-5")
        assert state.board.guards == (1, 2, 3, 5, 8, 11, 12, 20)
        assert verflixxt.from_json(verflixxt.to_json(state)) == state
    assert Rules.amigo(hidden_tiles=True).layout == "random"
    assert Rules().layout == "classic" == Rules.amigo_pro().layout
    assert Rules() == Rules(layout="classic")
    # attrs.evolve carries the resolved layout: it stays shuffled without hidden tiles, and
    # layout=None (not given) lets hidden_tiles choose it again
    assert attrs.evolve(Rules(hidden_tiles=True), hidden_tiles=False).layout == "random"
    assert attrs.evolve(Rules(), hidden_tiles=True, layout=None).layout == "random"
    with pytest.raises(RulesError, match=r"hidden_tiles.*layout.*'classic'"):
        attrs.evolve(Rules(), hidden_tiles=True)


@pytest.mark.rule("VXV-10")
@pytest.mark.parametrize("layout", ["classic", "plus_before_lucky", "lucky_last",
                                    ("-1", "+1", "L")])
def test_hidden_tiles_refuses_an_explicit_fixed_layout(layout):
    with pytest.raises(RulesError, match=r"Rules.hidden_tiles .*Rules.layout"):
        Rules(hidden_tiles=True, layout=layout)


@pytest.mark.rule("VXV-10")
def test_hidden_tiles_refuses_negative_lucky():
    with pytest.raises(RulesError, match=r"hidden_tiles.*negative_lucky"):
        Rules(hidden_tiles=True, negative_lucky=True)


@pytest.mark.rule("VXV-10")
@pytest.mark.parametrize(
    "rules",
    [
        Rules(layout="random", hidden_tiles=True),
        Rules.amigo(players=3, hidden_tiles=True, towers="hidden"),
        Rules(layout="random", players=6, hidden_tiles=True, roll_one="choice",
              passed_tiles_to_end=True, early_end="one_pawn_left"),
        Rules.amigo_pro(layout="random", action_tiles=True, hidden_tiles=True,
                        roll_one="swap", early_end="first_home", lucky_below=True),
    ],
)
def test_conformance_with_hidden_tiles(rules):
    assert check_game(verflixxt, rules, seeds=range(4)).terminal == 4
