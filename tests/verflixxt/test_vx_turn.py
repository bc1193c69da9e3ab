"""A turn and taking tiles: VX-TURN-*, VX-TAKE-*."""

from __future__ import annotations

import pytest
from vx_scenarios import make_state, moves, play

from amigo_rules import CHANCE, IllegalMoveError, verflixxt
from amigo_rules.verflixxt import Rules

SHORT = ("-1", "-2", "L", "+3", "-4", "+5")  # S=0, -1=1, -2=2, L=3, +3=4, -4=5, +5=6, F=7


def short(players=2, **options) -> Rules:
    return Rules(players=players, layout=SHORT, **options)


@pytest.mark.rule("VX-TURN-1")
def test_a_player_with_every_pawn_home_is_skipped():
    rules = short(players=3, guards=False)
    state = make_state(rules, [(7, 7, 7), (0, 0, 0), (0, 0, 0)], player=2, roll=1)
    state = play(state, "pawn 0")
    assert state.player == 1  # 2 → 0 is skipped → 1
    state = play(state, "roll 1", "pawn 0", "roll 1")
    assert verflixxt.current_player(state) == 2


@pytest.mark.rule("VX-TURN-1")
def test_a_player_home_can_no_longer_move_guards():
    rules = short(players=2)
    state = make_state(rules, [(7, 7, 7), (3, 5, 6)], guards=(3,), player=1, roll=1)
    state = play(state, "pawn 3")
    assert state.player == 1 and verflixxt.current_player(state) == CHANCE


@pytest.mark.rule("VX-TURN-2")
def test_exactly_one_piece_moves_exactly_the_roll():
    rules = short(guards=False)
    state = make_state(rules, [(0, 0, 1), (0, 0, 0)], roll=3)
    after = play(state, "pawn 0")
    assert after.board.pawns[0] == (0, 1, 3)
    assert after.board.pawns[1] == (0, 0, 0)
    with pytest.raises(IllegalMoveError):
        verflixxt.parse_move(state, "pawn 2")


@pytest.mark.rule("VX-TURN-2")
def test_a_guard_moves_only_with_a_pawn_on_its_tile():
    rules = short(players=2, guard_positions=(3, 4))
    # Guards on L (3) alone, on +3 (4) with player 1's pawn.
    state = make_state(rules, [(0, 0, 1), (4, 0, 0)], guards=(3, 4), roll=2)
    assert moves(state) == ["pawn 0", "pawn 1", "guard 4"]
    state = play(state, "guard 4")
    assert state.board.guards == (3, 6)
    assert state.towers == ((), ())  # guards never take tiles


@pytest.mark.rule("VX-TURN-2")
def test_guards_together_without_a_pawn_cannot_move():
    rules = short(players=2, guard_positions=(3, 3, 4))
    state = make_state(rules, [(0, 0, 0), (0, 0, 0)], guards=(3, 3, 4), roll=1)
    assert moves(state) == ["pawn 0"]
    with pytest.raises(IllegalMoveError):
        verflixxt.apply(state, verflixxt.Step("guard", 3))


@pytest.mark.rule("VX-TURN-2")
def test_pieces_on_the_finish_never_move():
    rules = short(players=2)
    state = make_state(rules, [(1, 7, 7), (7, 7, 7)], guards=(7,), roll=6)
    assert moves(state) == ["pawn 1"]


@pytest.mark.rule("VX-TURN-3")
def test_counting_skips_taken_tiles_and_the_finish_absorbs_the_rest():
    rules = short(players=2, guards=False)
    state = make_state(rules, [(1, 0, 0), (0, 0, 0)], roll=2)
    state = play(state, "pawn 1")  # leaves -1 alone: taken, the gap closes
    assert state.towers[0] == ("-1",)
    assert state.board.tiles == ("S", "-2", "L", "+3", "-4", "+5", "F")
    assert state.board.pawns[0] == (0, 0, 2)  # on L, now position 2
    state = play(state, "roll 6", "pawn 0")
    assert state.board.pawns[1] == (0, 0, 6)  # six tiles on: +5, counted without -1
    state = play(state, "roll 6", "pawn 2")
    assert state.board.pawns[0] == (0, 0, 5)  # L (2) + 6 stops on the finish (position 5)
    assert state.board.tiles[5] == "F"


@pytest.mark.rule("VX-TURN-4")
def test_one_move_per_kind_and_tile():
    rules = short(players=2, guard_positions=(3, 3))
    state = make_state(rules, [(0, 0, 0), (3, 3, 0)], guards=(3, 3), roll=1, player=1)
    assert moves(state) == ["pawn 0", "pawn 3", "guard 3"]
    assert len(set(verflixxt.legal_moves(state))) == 3


@pytest.mark.rule("VX-TURN-5")
def test_any_number_of_pieces_share_a_tile():
    rules = short(players=3)
    state = make_state(rules, [(1, 3, 3), (3, 3, 0), (3, 0, 0)], guards=(3,), roll=2)
    state = play(state, "pawn 1")
    assert state.board.pieces_at(2) == 7  # L, one closer to the start once -1 is gone
    assert state.towers[0] == ("-1",)


@pytest.mark.rule("VX-TAKE-1")
def test_a_pawn_leaving_a_tile_alone_takes_it():
    rules = short(guards=False)
    state = make_state(rules, [(2, 0, 0), (0, 0, 0)], roll=1)
    state = play(state, "pawn 2")
    assert state.towers == (("-2",), ())
    assert "-2" not in state.board.tiles


@pytest.mark.rule("VX-TAKE-1")
@pytest.mark.parametrize(
    ("pawns", "guards"),
    [
        ([(2, 2, 0), (0, 0, 0)], (3,)),
        ([(2, 0, 0), (2, 0, 0)], (3,)),
        ([(2, 0, 0), (0, 0, 0)], (2,)),
    ],
    ids=["own pawn", "other pawn", "guard"],
)
def test_no_tile_is_taken_when_another_piece_stays(pawns, guards):
    rules = short(guard_positions=guards)
    state = make_state(rules, pawns, guards=guards, roll=1)
    state = play(state, "pawn 2")
    assert state.towers == ((), ())
    assert state.board.tiles == ("S", *SHORT, "F")


@pytest.mark.rule("VX-TAKE-1")
def test_guards_never_take_tiles():
    rules = short(guard_positions=(2,))
    state = make_state(rules, [(2, 0, 0), (0, 0, 0)], guards=(2,), roll=1)
    state = play(state, "guard 2")
    assert state.towers == ((), ()) and state.board.tiles[2] == "-2"


@pytest.mark.rule("VX-TAKE-2")
def test_start_and_finish_are_never_taken():
    rules = short(players=2, guards=False)
    state = make_state(rules, [(0, 7, 7), (6, 0, 0)], roll=3)
    state = play(state, "pawn 0")  # the last pawn leaves the start: it stays (classic)
    assert state.board.tiles[0] == "S" and state.towers[0] == ()
    state = play(state, "roll 1", "pawn 6")  # +5 is taken, the finish is not
    assert state.towers[1] == ("+5",)
    assert state.board.tiles[-1] == "F"


@pytest.mark.rule("VX-TAKE-2")
def test_amigo_start_tile_goes_to_the_box_when_left_empty():
    rules = short(players=2, guards=False, start_tile_to_box=True)
    state = make_state(rules, [(0, 0, 1), (1, 1, 1)], roll=2)
    state = play(state, "pawn 0")
    assert state.board.tiles[0] == "S"  # one pawn is still on it
    state = play(state, "roll 1", "pawn 1", "roll 1", "pawn 0")
    assert state.board.tiles[0] == "-1" and "S" not in state.board.tiles
    assert state.towers == ((), ())  # put back in the box, not taken


@pytest.mark.rule("VX-TAKE-3")
def test_an_action_tile_is_never_taken():
    rules = Rules(players=2, layout=("-1", "gift", "+2"), guards=False, action_tiles=True)
    state = make_state(rules, [(2, 0, 0), (0, 0, 0)], roll=1)
    state = play(state, "pawn 2")
    assert state.board.tiles == ("S", "-1", "steal", "+2", "F")
    assert state.towers == ((), ())


@pytest.mark.rule("VX-TAKE-4")
def test_the_tower_keeps_the_order_of_taking():
    rules = short(players=2, guards=False)
    state = make_state(rules, [(1, 2, 4), (0, 0, 0)], roll=1)
    state = play(state, "pawn 4", "roll 3", "pawn 0", "roll 2", "pawn 1")
    state = play(state, "roll 5", "pawn 0", "roll 1", "pawn 1")
    assert state.towers[0] == ("+3", "-1", "-2")
