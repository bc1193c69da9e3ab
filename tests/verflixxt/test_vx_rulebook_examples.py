"""The translator's notes of the 2005 rulebook (001), played through the public API."""

from __future__ import annotations

import pytest
from vx_scenarios import make_state, moves, play

from amigo_rules.verflixxt import Rules

RED, BLUE, ORANGE = 0, 1, 2


@pytest.mark.rule("VX-TURN-2", "VX-TAKE-1", "VX-TURN-3", "VX-SETUP-1")
def test_red_blue_and_orange_on_page_three():
    rules = Rules.classic(players=3)
    # Red and Blue on -4 (position 4), Orange on -2 (position 2) and the start.
    state = make_state(rules, [(4, 0, 0), (4, 0, 0), (2, 0, 0)], player=RED, roll=5)
    state = play(state, "pawn 4")  # Red: -4 → the first lucky tile; Blue is still on -4
    assert state.board.tiles[9] == "L" and state.board.pawns[RED] == (0, 0, 9)
    assert state.towers[RED] == ()
    state = play(state, "roll 5", "pawn 4")  # Blue alone on -4 now: takes it
    assert state.towers[BLUE] == ("-4",)
    lucky = 8  # the same lucky tile, one closer now that -4 is gone
    assert state.board.pawns[RED] == (0, 0, lucky) and state.board.pawns[BLUE] == (0, 0, lucky)
    state = play(state, "roll 4")
    # Orange: -2 → -7 or start → -5, or the guard with Red and Blue; no other guard.
    assert moves(state) == ["pawn 0", "pawn 2", f"guard {lucky}"]
    to_minus_7 = play(state, "pawn 2")  # Orange leaves -2 alone and takes it
    assert to_minus_7.towers[ORANGE] == ("-2",)
    assert to_minus_7.board.tiles[to_minus_7.board.pawns[ORANGE][-1]] == "-7"
    to_minus_5 = play(state, "pawn 0")
    assert to_minus_5.board.tiles[to_minus_5.board.pawns[ORANGE][-1]] == "-5"
    after = play(state, f"guard {lucky}")
    assert after.board.guards.count(lucky) == 0 and after.board.guards.count(lucky + 4) == 2


@pytest.mark.rule("VX-TURN-2")
def test_guard_pictures_on_page_two():
    # Left photo: a guard with a pawn may be moved by any player; right photo: guards alone
    # (or only with guards) may not be moved by anyone.
    rules = Rules.classic(players=3)
    for player in range(3):
        state = make_state(rules, [(9, 0, 0), (0, 0, 0), (0, 0, 0)], player=player, roll=3)
        assert "guard 9" in moves(state)
        assert not any(m.startswith("guard") and m != "guard 9" for m in moves(state))
