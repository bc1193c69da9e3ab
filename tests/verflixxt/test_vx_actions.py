"""Action tiles: VX-ACT-1 (Gift), VX-ACT-2 (Steal), VX-ACT-3 (what triggers them)."""

from __future__ import annotations

import pytest
from vx_scenarios import make_state, moves, play

from amigo_rules import CHANCE, TERMINAL, verflixxt
from amigo_rules.verflixxt import Phase, Rules

LAYOUT = (
    "gift", "-1", "-7", "+6", "-2", "+5", "L", "+8", "-10", "+1", "L", "-2", "-3", "-3", "-8",
    "-8",
)
# Track during these scenarios: S=0, action tile=1, -1=2, F=3; the rest is in the towers.


def gift_rules(players: int, **options) -> Rules:
    return Rules(players=players, layout=LAYOUT, guards=False, action_tiles=True, **options)


def on_action(players: int, towers, *, side="gift", player=0, pawns=None, filler="-1"):
    """Player ``player`` alone on the action tile with a roll of 1; the layout's tiles that
    neither ``towers`` nor the track (``filler``) hold go under the mover's tower."""
    per = 3 if players <= 4 else 2
    pawns = pawns or [(1,) + (0,) * (per - 1) if p == player else (0,) * per
                      for p in range(players)]
    rest = list(LAYOUT[1:])
    for tile in [filler, *(t for tower in towers for t in tower)]:
        rest.remove(tile)
    towers = [tuple(rest) + tuple(t) if p == player else tuple(t) for p, t in enumerate(towers)]
    return make_state(
        gift_rules(players), pawns, tiles=("S", side, filler, "F"), towers=towers,
        player=player, roll=1,
    )


@pytest.mark.rule("VX-ACT-1")
def test_gift_a_minus_tile_goes_to_the_most_valuable_top():
    # 000: Steffen gives his -7 to Basti, who has the most valuable tile on top.
    state = on_action(3, [("+5", "-7"), ("L", "+6"), ("+8", "-10", "-2", "+1")])
    after = play(state, "pawn 1")
    assert after.towers[0][-1] == "+5"
    assert after.towers[1:] == (("L", "+6", "-7"), ("+8", "-10", "-2", "+1"))
    assert after.board.tiles[1] == "steal"  # then the tile flips
    assert verflixxt.current_player(after) == CHANCE and after.player == 1


@pytest.mark.rule("VX-ACT-1")
def test_gift_a_plus_tile_goes_to_the_least_valuable_top():
    # 000: Mella gives her +5 to Steffen, who has the least valuable tile on top.
    state = on_action(3, [("+1", "-10"), ("L", "+8"), ("-7", "+6", "-2", "+5")], player=2)
    after = play(state, "pawn 1")
    assert after.towers[0] == ("+1", "-10", "+5")
    assert after.towers[2][-3:] == ("-7", "+6", "-2")


@pytest.mark.rule("VX-ACT-1")
@pytest.mark.parametrize(
    ("tops", "receiver"),
    [
        ({2: "-2", 3: "-2", 4: "-10", 0: "-3"}, 2),
        ({2: "-10", 3: "L", 0: "L", 4: "-3"}, 3),
        ({2: "-10", 4: "-2", 0: "-2", 3: "-3"}, 4),
        ({3: "-3", 0: "-3", 2: "-10", 4: "-8"}, 3),
    ],
)
def test_gift_ties_go_to_the_nearest_player_clockwise(tops, receiver):
    # Player 1 gives -7 to the most valuable top; ties: 2, 3, 4, 0 in that order.
    towers = [(tops[p],) if p in tops else () for p in range(5)]
    towers[1] = ("-7",)
    state = on_action(5, towers, player=1, filler="+5")
    after = play(state, "pawn 1")
    assert after.towers[receiver][-1] == "-7"
    assert after.towers[receiver][:-1] == (tops[receiver],)


@pytest.mark.rule("VX-ACT-1")
@pytest.mark.parametrize(
    ("top1", "top2", "receiver"),
    [("L", "+8", 1), ("+8", "+1", 1), ("+1", None, 1), (None, "-1", 1), ("-1", "-10", 1)],
)
def test_gift_value_order(top1, top2, receiver):
    # Best first: lucky, +8 … +1, empty tower, -1 … -10: a -7 goes to the better top.
    filler = "+6" if "-1" in (top1, top2) else "-1"
    towers = [("-7",), (top1,) if top1 else (), (top2,) if top2 else ()]
    after = play(on_action(3, towers, filler=filler), "pawn 1")
    assert after.towers[receiver][-1] == "-7"
    swapped = [("-7",), (top2,) if top2 else (), (top1,) if top1 else ()]
    after = play(on_action(3, swapped, filler=filler), "pawn 1")
    assert after.towers[3 - receiver][-1] == "-7"


@pytest.mark.rule("VX-ACT-1")
def test_gift_with_an_empty_tower_gives_nothing_but_flips():
    rest = [t for t in LAYOUT[1:] if t not in ("-1", "-7", "+5")]
    towers = [(), ("-7", "+5"), tuple(rest)]
    state = make_state(
        gift_rules(3), [(1, 0, 0), (0, 0, 0), (0, 0, 0)], tiles=("S", "gift", "-1", "F"),
        towers=towers, roll=1,
    )
    after = play(state, "pawn 1")
    assert after.towers == tuple(tuple(t) for t in towers)
    assert after.board.tiles[1] == "steal"


@pytest.mark.rule("VX-ACT-1")
def test_players_whose_pawns_are_home_still_receive_gifts():
    towers = [("-7",), ("+8",), ("+1",)]
    state = on_action(3, towers, pawns=[(1, 0, 0), (3, 3, 3), (0, 0, 0)])
    assert play(state, "pawn 1").towers[1] == ("+8", "-7")


@pytest.mark.rule("VX-ACT-2")
def test_steal_is_a_decision_among_players_with_tiles():
    towers = [("+5",), ("-7", "+8"), (), ("-10",)]
    state = on_action(4, towers, side="steal")
    after = play(state, "pawn 1")
    assert after.phase is Phase.STEAL and verflixxt.current_player(after) == 0
    assert moves(after) == ["steal 1", "steal 3"]
    assert after.board.tiles[1] == "gift"
    done = play(after, "steal 1")
    assert done.towers[0][-2:] == ("+5", "+8") and done.towers[1] == ("-7",)
    assert verflixxt.current_player(done) == CHANCE and done.player == 1


@pytest.mark.rule("VX-ACT-2")
def test_steal_is_a_decision_even_with_one_victim_and_from_players_home():
    towers = [(), ("+1",), ()]
    state = on_action(3, towers, side="steal", pawns=[(1, 0, 0), (3, 3, 3), (0, 0, 0)])
    after = play(state, "pawn 1")
    assert moves(after) == ["steal 1"]
    assert play(after, "steal 1").towers[1] == ()


@pytest.mark.rule("VX-ACT-2")
def test_steal_with_nothing_to_steal_just_flips():
    after = play(on_action(3, [(), (), ()], side="steal"), "pawn 1")
    assert after.board.tiles[1] == "gift"
    assert verflixxt.current_player(after) == CHANCE and after.player == 1


@pytest.mark.rule("VX-ACT-3")
def test_a_guard_or_a_pawn_with_a_guard_triggers_nothing():
    rules = Rules(players=2, layout=("gift", "+1"), action_tiles=True, guard_positions=(1,))
    state = make_state(rules, [(1, 0, 0), (0, 0, 0)], guards=(1,), roll=1)
    assert moves(state) == ["pawn 0", "pawn 1", "guard 1"]
    for move in ("pawn 1", "guard 1"):
        after = play(state, move)
        assert "gift" in after.board.tiles and after.towers == ((), ())
        assert verflixxt.current_player(after) == CHANCE


@pytest.mark.rule("VX-ACT-3")
def test_the_action_runs_even_when_it_brings_the_last_pawn_home():
    rest = [t for t in LAYOUT[1:] if t not in ("-1", "+5", "+1")]
    towers = [("+5",), (*rest, "+1"), ()]
    state = make_state(
        gift_rules(3), [(1, 3, 3), (3, 3, 3), (3, 3, 3)], tiles=("S", "steal", "-1", "F"),
        towers=towers, roll=2,
    )
    after = play(state, "pawn 1")
    assert after.board.pawns[0] == (3, 3, 3)
    assert verflixxt.current_player(after) == 0 and not verflixxt.is_terminal(after)
    done = play(after, "steal 1")
    assert verflixxt.current_player(done) == TERMINAL and done.towers[0] == ("+5", "+1")
