"""VXV-2: a roll of 1 moves one tile forward, one tile back, or not at all."""

from __future__ import annotations

import pytest
from vx_scenarios import make_state, moves, play

from amigo_rules import IllegalMoveError, RulesError, verflixxt
from amigo_rules.testing import check_game
from amigo_rules.verflixxt import Phase, Rules

# Classic track: S=0, -1 … -8 on 1 … 8, lucky on 9 … 14, +1 … +8 on 15 … 22, F=33.
CHOICE = Rules(players=2, roll_one="choice")


@pytest.mark.rule("VXV-2")
def test_a_one_offers_forward_back_and_stay_but_not_back_from_the_first_tile():
    state = make_state(CHOICE, [(0, 0, 3), (5, 5, 5)], roll=1)
    assert moves(state) == ["pawn 0 +1", "pawn 0 +0", "pawn 3 +1", "pawn 3 -1", "pawn 3 +0"]
    plain = make_state(Rules(players=2), [(0, 0, 3), (5, 5, 5)], roll=1)
    assert moves(plain) == ["pawn 0", "pawn 3"]


@pytest.mark.rule("VXV-2")
def test_other_rolls_keep_the_plain_moves():
    state = make_state(CHOICE, [(0, 0, 3), (5, 5, 5)], roll=2)
    assert moves(state) == ["pawn 0", "pawn 3"]
    with pytest.raises(IllegalMoveError):
        verflixxt.parse_move(state, "pawn 3 +1")


@pytest.mark.rule("VXV-2")
def test_moving_back_off_a_tile_alone_takes_it():
    state = make_state(CHOICE, [(0, 0, 3), (5, 5, 5)], roll=1)
    after = play(state, "pawn 3 -1")
    assert after.towers[0] == ("-3",)
    assert after.board.pawns[0] == (0, 0, 2)
    assert after.board.pawns[1] == (4, 4, 4)  # the gap closed behind them
    assert after.phase is Phase.ROLL and after.player == 1


@pytest.mark.rule("VXV-2")
def test_moving_forward_on_a_one_is_the_ordinary_move():
    state = make_state(CHOICE, [(0, 0, 3), (5, 5, 5)], roll=1)
    after = play(state, "pawn 3 +1")
    assert after.towers[0] == ("-3",)
    assert after.board.pawns[0] == (0, 0, 3)  # on the -4, now at 3


@pytest.mark.rule("VXV-2")
def test_staying_takes_no_tile_and_ends_the_turn():
    state = make_state(CHOICE, [(0, 0, 3), (5, 5, 5)], roll=1)
    after = play(state, "pawn 3 +0")
    assert after.towers == ((), ())
    assert after.board == state.board
    assert after.phase is Phase.ROLL and after.player == 1


@pytest.mark.rule("VXV-2")
def test_a_guard_can_go_back_or_stay_too():
    state = make_state(CHOICE, [(0, 0, 9), (5, 5, 5)], roll=1)
    assert "guard 9 -1" in moves(state) and "guard 9 +0" in moves(state)
    after = play(state, "guard 9 -1")
    assert after.board.guards[0] == 8
    assert after.towers == ((), ())  # a guard never takes a tile


@pytest.mark.rule("VXV-2")
def test_nothing_moves_back_from_the_first_tile_when_the_start_tile_is_gone():
    rules = Rules.amigo(players=2, roll_one="choice")
    tiles = verflixxt.new_game(rules, seed=0).board.tiles[1:]
    state = make_state(rules, [(0, 0, 0), (2, 2, 2)], tiles=tiles, roll=1)
    assert state.board.tiles[0] != "S"
    assert moves(state) == ["pawn 0 +1", "pawn 0 +0"]


@pytest.mark.rule("VXV-2")
def test_notation_and_action_ids_of_the_directions():
    state = make_state(CHOICE, [(0, 0, 3), (5, 5, 5)], roll=1)
    length = 34
    ids = {str(m): verflixxt.action_id(state, m) for m in verflixxt.legal_moves(state)}
    assert ids == {
        "pawn 0 +1": 0,
        "pawn 0 +0": 4 * length + 2,
        "pawn 3 +1": 3,
        "pawn 3 -1": 2 * length + 2 + 3,
        "pawn 3 +0": 4 * length + 2 + 3,
    }
    assert verflixxt.num_actions(CHOICE) == 6 * length + 2
    assert verflixxt.num_actions(Rules(players=2)) == 2 * length + 2
    assert str(verflixxt.parse_move(state, "  PAWN 3   -1 ")) == "pawn 3 -1"
    with pytest.raises(IllegalMoveError):
        verflixxt.parse_move(state, "pawn 3")


@pytest.mark.rule("VXV-2")
def test_roll_one_is_validated():
    with pytest.raises(RulesError, match="roll_one"):
        Rules(roll_one="sideways")
    state = verflixxt.new_game(CHOICE)
    assert verflixxt.from_json(verflixxt.to_json(state)).rules.roll_one == "choice"


@pytest.mark.rule("VXV-2")
@pytest.mark.parametrize(
    "rules",
    [
        Rules(roll_one="choice"),
        Rules.amigo(players=3, roll_one="choice"),
        Rules.amigo_pro(players=5, action_tiles=True, roll_one="choice", towers="top"),
        Rules(players=8, layout="lucky_last", roll_one="choice", lucky_below=True),
    ],
)
def test_conformance_with_choice(rules):
    assert check_game(verflixxt, rules, seeds=range(4)).terminal == 4
