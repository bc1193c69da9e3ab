"""The hats: HO-HAT-1 … HO-HAT-5."""

from __future__ import annotations

import pytest
from ho_scenarios import make_state, moves, play, rules

from amigo_rules import IllegalMoveError
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.verflixxt_hoch import Phase

# PLAIN: S=0, -1=1, -2=2, R4=3, -4=4, R5=5, -5=6, F=7.
HANDS = [("2o", "-1o"), ("1y", "1o")]


@pytest.mark.rule("HO-HAT-2")
def test_a_hatless_pawn_takes_a_hat_on_its_tile():
    state = make_state(rules(), [(0, 0, 0), (0, 0, 2)], hands=HANDS, hats=((1, 2), (1, 0)))
    arrived = play(state, "card 2o pawn 0")
    assert arrived.phase is Phase.HAT and ho.current_player(arrived) == 0
    assert moves(arrived) == ["hat take lucky", "hat none"]
    taken = play(arrived, "hat take lucky")
    assert taken.hats == ((0, 2), (1, 0)) and taken.phase is Phase.DRAW
    kept = play(arrived, "hat none")
    assert kept.hats == ((1, 2), (1, 0))


@pytest.mark.rule("HO-HAT-2")
def test_a_hat_wearer_hands_its_hat_over():
    state = make_state(rules(), [(0, 0, 0), (0, 0, 2)], hands=HANDS, hats=((0, 0), (1, 0)))
    arrived = play(state, "card 2o lucky 0")
    assert moves(arrived) == ["hat give 1", "hat none"]
    given = play(arrived, "hat give 1")
    assert given.hats == ((1, 2), (1, 0))


@pytest.mark.rule("HO-HAT-2")
def test_a_hat_may_be_handed_to_an_own_pawn():
    state = make_state(rules(), [(0, 0, 2), (0, 0, 0)], hands=HANDS, hats=((0, 0), (1, 0)))
    arrived = play(state, "card 2o lucky 0")
    assert moves(arrived) == ["hat give 0", "hat none"]
    assert play(arrived, "hat give 0").hats == ((0, 2), (1, 0))


@pytest.mark.rule("HO-HAT-2")
def test_two_hats_swap_and_handing_over_stays_possible():
    state = make_state(rules(), [(0, 0, 0), (0, 2, 2)], hands=HANDS, hats=((0, 0), (1, 2)))
    arrived = play(state, "card 2o lucky 0")
    assert moves(arrived) == ["hat swap", "hat give 1", "hat none"]
    swapped = play(arrived, "hat swap")
    assert swapped.hats == ((1, 2), (0, 2))


@pytest.mark.rule("HO-HAT-2")
def test_no_hat_action_without_arrival():
    # A 0 card, a guard move and a -1 that leaves the pawn on the start make no hat action.
    state = make_state(rules(), [(0, 0, 0), (0, 0, 0)], hands=[("0o", "-1o"), ("1y", "1o")],
                       hats=((1, 0), (1, 0)))
    assert play(state, "card 0o").phase is Phase.DRAW
    assert play(state, "card -1o pawn 0").phase is Phase.DRAW
    r = rules(layout=("-1", "+3", "L", "-2", "R4", "+5"))  # guards on 2, 3 and 6
    state = make_state(r, [(0, 0, 2), (0, 0, 3)], hands=[("1o", "2o"), ("1y", "1o")],
                       hats=((1, 3), (1, 0)))
    assert play(state, "card 1o guard 2").phase is Phase.DRAW
    assert play(state, "card 1o pawn 2").phase is Phase.HAT


@pytest.mark.rule("HO-HAT-2")
def test_hat_action_comes_before_the_double_move():
    state = make_state(rules(), [(0, 0, 0), (0, 0, 2)], hands=[("2y", "1o"), ("1y", "1o")],
                       hats=((1, 2), (1, 0)))
    arrived = play(state, "card 2y pawn 0")
    assert arrived.phase is Phase.HAT
    assert play(arrived, "hat take lucky").phase is Phase.DOUBLE


@pytest.mark.rule("HO-HAT-1")
def test_hats_only_go_to_hatless_pawns():
    state = make_state(rules(), [(0, 0, 0), (0, 0, 2)], hands=HANDS, hats=((0, 0), (1, 2)))
    arrived = play(state, "card 2o lucky 0")
    assert moves(arrived) == ["hat swap", "hat none"]  # player 1's pawn already wears one
    with pytest.raises(IllegalMoveError):
        play(arrived, "hat give 1")


@pytest.mark.rule("HO-HAT-3")
def test_the_lucky_hat_pawn_must_come_home_last():
    state = make_state(rules(), [(2, 5, 6), (0, 0, 0)], hands=[("1o", "2o"), ("1y", "1o")],
                       hats=((0, 6), (1, 0)))
    assert "card 1o lucky 6" not in moves(state)
    assert "card 2o lucky 5" not in moves(state)  # movement left over is no way out
    assert "card 1o pawn 5" in moves(state)
    with pytest.raises(IllegalMoveError):
        play(state, "card 1o lucky 6")


@pytest.mark.rule("HO-HAT-3")
def test_the_lucky_hat_pawn_may_come_home_when_it_is_the_last():
    state = make_state(rules(), [(6, 7, 7), (0, 0, 0)], hands=[("1o", "2o"), ("1y", "1o")],
                       hats=((0, 6), (1, 0)))
    after = play(state, "card 1o lucky 6")
    assert after.towers[0][-2:] == ("T2", "hat+") and after.hats[0] is None


@pytest.mark.rule("HO-HAT-4")
def test_the_cursed_cap_may_move_backward():
    state = make_state(rules(), [(0, 0, 0), (0, 0, 4)], hands=[("1y", "1o"), ("3o", "5o")],
                       hats=((0, 0), (1, 4)), player=1)
    assert moves(state) == ["card 3o pawn 0", "card 3o cursed 4", "card 3o cursed 4 -3",
                            "card 5o pawn 0", "card 5o cursed 4"]  # never past the start
    back = play(state, "card 3o cursed 4 -3")
    assert back.board.pawns[1] == (0, 0, 1) and back.hats[1] == (1, 1)
    assert back.towers[1] == ("-4",)  # the tile left alone is taken


@pytest.mark.rule("HO-HAT-4")
def test_the_cursed_cap_with_minus_one():
    state = make_state(rules(), [(0, 0, 0), (0, 0, 4)], hands=[("1y", "1o"), ("-1o", "0o")],
                       hats=((0, 0), (1, 4)), player=1)
    assert "card -1o cursed 4" in moves(state) and "card -1o cursed 4 +1" in moves(state)
    assert play(state, "card -1o cursed 4 +1").board.pawns[1] == (0, 0, 4)  # -4 taken
    assert play(state, "card -1o cursed 4").board.pawns[1] == (0, 0, 3)
    on_start = make_state(rules(), [(0, 0, 0), (0, 0, 4)], hands=[("1y", "1o"), ("-1o", "0o")],
                          hats=((0, 0), (1, 0)), player=1)
    assert [m for m in moves(on_start) if "cursed" in m] == ["card -1o cursed 0 +1"]
    assert play(on_start, "card -1o cursed 0 +1").hats[1] == (1, 1)


@pytest.mark.rule("HO-HAT-5")
def test_a_hat_reaching_the_finish_goes_to_its_owner():
    state = make_state(rules(), [(0, 0, 0), (0, 4, 6)], hands=[("1y", "1o"), ("3o", "5o")],
                       hats=((0, 0), (1, 4)), player=1)
    after = play(state, "card 3o cursed 4")
    assert after.hats[1] is None and after.towers[1] == ("-4", "T2", "hat-")
    assert ho.score(after)[1] == -4 + 2 - 10


@pytest.mark.rule("HO-HAT-4")
def test_rulebook_example_julia_three_tiles_from_the_start():
    # Julia's cursed pawn is 3 tiles from the start: a 3 may take it back onto the start
    # tile, a 4, 5 or 6 only forward.
    state = make_state(rules(), [(0, 0, 0), (0, 0, 3)], hands=[("1y", "1o"), ("3o", "4o")],
                       hats=((0, 0), (1, 3)), player=1)
    assert "card 3o cursed 3 -3" in moves(state)
    assert "card 4o cursed 3 -4" not in moves(state) and "card 4o cursed 3" in moves(state)
    back = play(state, "card 3o cursed 3 -3")
    assert back.hats[1] == (1, 0) and back.towers[1] == ("R4",)
