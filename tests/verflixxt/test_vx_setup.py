"""Components and setup: VX-COMP-*, VX-SETUP-*."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from vx_scenarios import CLASSIC, moves, play

from amigo_rules import CHANCE, RulesError, verflixxt
from amigo_rules.verflixxt import Rules

BOX = Counter(
    {**{f"+{n}": 1 for n in range(1, 9)}, **{f"-{n}": 2 for n in range(1, 9)}, "-9": 1, "-10": 1,
     "L": 6}
)


def path(state) -> Counter:
    return Counter(t for t in state.board.tiles if t not in ("S", "F", "gift", "steal"))


@pytest.mark.rule("VX-COMP-1")
@pytest.mark.parametrize("preset", ["classic", "amigo", "amigo_pro"])
def test_the_box_holds_32_path_tiles(preset):
    state = verflixxt.new_game(verflixxt.PRESETS[preset](), seed=3)
    assert path(state) == BOX
    assert sum(BOX.values()) == 32
    assert state.board.tiles[0] == "S" and state.board.tiles[-1] == "F"
    assert state.board.tiles.count("S") == 1 and state.board.tiles.count("F") == 1


@pytest.mark.rule("VX-COMP-2")
@pytest.mark.parametrize(("players", "pawns"), [(2, 3), (3, 3), (4, 3), (5, 2), (6, 2)])
def test_pawns_per_player_and_eight_guards(players, pawns):
    state = verflixxt.new_game(Rules.classic(players=players))
    assert state.board.pawns == ((0,) * pawns,) * players
    assert len(state.board.guards) == 8


@pytest.mark.rule("VX-COMP-2")
def test_one_six_sided_die():
    state = verflixxt.new_game()
    assert verflixxt.current_player(state) == CHANCE
    outcomes = verflixxt.chance_outcomes(state)
    assert [str(m) for m, _ in outcomes] == [f"roll {v}" for v in range(1, 7)]
    assert {p for _, p in outcomes} == {Fraction(1, 6)}


@pytest.mark.rule("VX-COMP-3")
def test_amigo_has_four_action_tiles_gift_side_up():
    state = verflixxt.new_game(Rules.amigo(), seed=5)
    assert state.board.tiles.count("gift") == 4
    assert "steal" not in state.board.tiles
    assert verflixxt.new_game(Rules.classic()).board.tiles.count("gift") == 0


@pytest.mark.rule("VX-SETUP-1")
def test_classic_layout_and_guards():
    state = verflixxt.new_game(Rules.classic())
    tiles = state.board.tiles
    assert tiles == CLASSIC
    guarded = [tiles[g] for g in state.board.guards]
    assert sorted(guarded) == sorted(["L"] * 6 + ["+7", "+8"])


@pytest.mark.rule("VX-SETUP-1")
def test_classic_order_agrees_with_the_translators_example():
    # 001: once -4 is gone, a 4 moves a pawn from -2 to -7 and from the start to -5.
    rules = Rules.classic(players=2)
    state = verflixxt.new_game(rules)
    state = play(state, "roll 4", "pawn 0", "roll 4", "pawn 0")  # both on -4
    state = play(state, "roll 1", "pawn 4")  # player 0 leaves -4, not alone: stays
    state = play(state, "roll 2", "pawn 0", "roll 1", "pawn 0")  # p1 to -2, p0 to -1
    state = play(state, "roll 1", "pawn 4")  # player 1 leaves -4 alone: takes it
    assert state.towers[1] == ("-4",)
    tiles = state.board.tiles
    assert tiles[2] == "-2" and tiles[2 + 4] == "-7" and tiles[0 + 4] == "-5"


@pytest.mark.rule("VX-SETUP-2")
def test_random_layout_has_an_action_tile_after_every_eight():
    for seed in range(5):
        tiles = verflixxt.new_game(Rules.amigo(), seed=seed).board.tiles
        assert len(tiles) == 38
        assert [i for i, t in enumerate(tiles) if t == "gift"] == [9, 18, 27, 36]
        assert tiles[-2] == "gift"


@pytest.mark.rule("VX-SETUP-2")
def test_random_layout_is_shuffled_from_the_seed():
    layouts = {verflixxt.new_game(Rules.amigo(), seed=s).board.tiles for s in range(30)}
    assert len(layouts) == 30
    again = verflixxt.new_game(Rules.amigo(), seed=11).board.tiles
    assert again == verflixxt.new_game(Rules.amigo(), seed=11).board.tiles
    first = Counter(verflixxt.new_game(Rules.amigo(), seed=s).board.tiles[1] for s in range(300))
    # Every kind of tile turns up first: minus tiles most often, as 18 of 32 are minus.
    assert first["L"] > 20 and sum(v for t, v in first.items() if t[0] == "-") > 120


@pytest.mark.rule("VX-SETUP-3")
def test_pawns_on_start_and_player_zero_begins():
    state = verflixxt.new_game(Rules.amigo(players=3), seed=1)
    assert state.board.pawns == ((0, 0, 0),) * 3
    state = play(state, "roll 2")
    assert verflixxt.current_player(state) == 0
    state = play(state, "pawn 0", "roll 2")
    assert verflixxt.current_player(state) == 1
    state = play(state, "pawn 0", "roll 2", "pawn 0", "roll 3")
    assert verflixxt.current_player(state) == 0  # clockwise: 0, 1, 2, 0


@pytest.mark.rule("VX-SETUP-4")
def test_explicit_layout_is_laid_exactly_with_guards_by_the_classic_rule():
    layout = ("-3", "L", "+7", "gift", "+2", "+8", "-10")
    rules = Rules(layout=layout, action_tiles=True)
    state = verflixxt.new_game(rules, seed=9)
    assert state.board.tiles == ("S", *layout, "F")
    assert state.board.guards == (2, 3, 6)


@pytest.mark.rule("VX-SETUP-4")
def test_explicit_guard_positions():
    rules = Rules(layout=("-3", "-4", "+1"), guard_positions=(3, 1, 1))
    assert verflixxt.new_game(rules).board.guards == (1, 1, 3)
    assert moves(play(verflixxt.new_game(rules), "roll 1")) == ["pawn 0"]


@pytest.mark.rule("VX-SETUP-4")
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"layout": ("+9",)}, "unknown tiles"),
        ({"layout": ("+1", "+1")}, r"'\+1' 2 times"),
        ({"layout": ("L",) * 7}, "'L' 7 times"),
        ({"layout": ("gift",) * 3 + ("steal",) * 2, "action_tiles": True}, "action tiles"),
        ({"layout": ("-1",), "guard_positions": (1,) * 9}, "9 guards; the box has 8"),
        ({"layout": ("-1",), "guard_positions": (2,)}, "not path tiles"),
        ({"layout": ("-1",), "guard_positions": (0,)}, "not path tiles"),
        ({"layout": ("gift", "-1")}, "disagree"),
        ({"layout": "spiral"}, "Rules.layout"),
        ({"guard_positions": (1,)}, "explicit"),
    ],
)
def test_impossible_layouts_are_refused(options, message):
    with pytest.raises(RulesError, match=message):
        Rules(**options)
