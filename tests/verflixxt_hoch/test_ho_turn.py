"""A turn: HO-TURN-*, HO-FIN-1, HO-END-1."""

from __future__ import annotations

from fractions import Fraction

import pytest
from ho_scenarios import CARDS, GUARDED, make_state, moves, play, rules

from amigo_rules import CHANCE, TERMINAL, IllegalMoveError
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.verflixxt_hoch import Phase

# PLAIN: S=0, -1=1, -2=2, R4=3, -4=4, R5=5, -5=6, F=7.
# hats default: lucky on player 0's pawn at 0, cursed on player 1's pawn at 0.
HATLESS = (None, None)


def home_hats():
    return {"hats": HATLESS, "towers": [["hat+"], ["hat-"]]}


@pytest.mark.rule("HO-TURN-1")
def test_card_moves_an_own_pawn_forward_by_its_value():
    state = make_state(rules(), [(0, 0, 2), (0, 0, 0)], hands=[("3o", "5o"), ("1y", "1o")],
                       **home_hats())
    assert moves(state) == ["card 3o pawn 0", "card 3o pawn 2", "card 5o pawn 0",
                            "card 5o pawn 2"]
    after = play(state, "card 3o pawn 2")
    assert after.board.pawns[0] == (0, 0, 4)
    assert after.towers[0] == ("hat+", "-2")  # left -2 alone: taken (VX-TAKE-1)
    assert after.hands[0] == ("5o",) and after.discard[ho_index("3o")] == 1


def ho_index(card: str) -> int:
    return CARDS.index(card)


@pytest.mark.rule("HO-TURN-1")
def test_zero_moves_nothing():
    state = make_state(rules(), [(0, 2, 2), (0, 0, 0)], hands=[("0o", "5o"), ("1y", "1o")],
                       **home_hats())
    assert "card 0o" in moves(state)
    after = play(state, "card 0o")
    assert after.board == state.board and after.phase is Phase.DRAW


@pytest.mark.rule("HO-TURN-1")
def test_minus_one_moves_back_and_stays_on_the_start():
    state = make_state(rules(), [(0, 0, 3), (0, 0, 0)], hands=[("-1o", "5o"), ("1y", "1o")],
                       **home_hats())
    assert moves(state)[:2] == ["card -1o pawn 0", "card -1o pawn 3"]
    back = play(state, "card -1o pawn 3")
    # Left R4 alone: taken, the gap closes; the pawn is on -2 (position 2).
    assert back.board.pawns[0] == (0, 0, 2) and back.towers[0][-1] == "R4"
    stay = play(state, "card -1o pawn 0")
    assert stay.board == state.board and stay.towers == state.towers


@pytest.mark.rule("HO-TURN-1")
def test_only_guards_with_a_pawn_may_move():
    r = rules(layout=GUARDED)  # S=0, -1, +3=2 (guard), L=3 (guard), -2, R4, +5=6 (guard), F
    state = make_state(r, [(0, 0, 2), (0, 0, 0)], hands=[("2o", "-1o"), ("1y", "1o")],
                       **home_hats())
    assert "card 2o guard 2" in moves(state) and "card 2o guard 3" not in moves(state)
    after = play(state, "card -1o guard 2")
    assert after.board.guards == (1, 3, 6)


@pytest.mark.rule("HO-TURN-2")
def test_finish_stops_a_piece_with_movement_left():
    state = make_state(rules(), [(5, 6, 6), (0, 0, 0)], hands=[("6o", "5o"), ("1y", "1o")],
                       **home_hats())
    after = play(state, "card 6o pawn 5")
    assert after.board.pawns[0] == (5, 5, 6)  # R5 taken, the finish is now position 6
    assert after.board.tiles[-1] == "F" and len(after.board.tiles) == 7


@pytest.mark.rule("HO-TURN-2")
def test_backward_moves_take_tiles_too():
    state = make_state(rules(), [(0, 0, 4), (0, 0, 0)], hands=[("-1y", "5o"), ("1y", "1o")],
                       **home_hats())
    after = play(state, "card -1y pawn 4")
    assert after.towers[0][-1] == "-4" and after.board.pawns[0] == (0, 0, 3)


@pytest.mark.rule("HO-TURN-3")
def test_yellow_first_card_offers_a_double_move():
    state = make_state(rules(), [(0, 0, 2), (0, 0, 0)], hands=[("3y", "5y"), ("1y", "1o")],
                       **home_hats())
    after = play(state, "card 3y pawn 2")
    assert after.phase is Phase.DOUBLE and ho.current_player(after) == 0
    assert moves(after) == ["card 5y pawn 0", "card 5y pawn 4", "stop"]  # -2 was taken
    twice = play(after, "card 5y pawn 0")  # a second yellow gives no third move
    assert twice.phase is Phase.DRAW and twice.hands[0] == ()
    stopped = play(after, "stop")
    assert stopped.phase is Phase.DRAW and stopped.hands[0] == ("5y",)


@pytest.mark.rule("HO-TURN-3")
def test_orange_first_card_gives_no_double_move():
    state = make_state(rules(), [(0, 0, 2), (0, 0, 0)], hands=[("3o", "5y"), ("1y", "1o")],
                       **home_hats())
    after = play(state, "card 3o pawn 2")
    assert after.phase is Phase.DRAW
    with pytest.raises(IllegalMoveError):
        play(after, "stop")


@pytest.mark.rule("HO-TURN-4")
def test_drawing_is_a_chance_node_by_pile_composition():
    state = make_state(rules(), [(0, 0, 2), (0, 0, 0)], hands=[("3o", "5y"), ("1y", "1o")],
                       pile=["6y", "6y", "-1o"], **home_hats())
    after = play(state, "card 3o pawn 2")
    assert ho.current_player(after) == CHANCE
    assert [(str(m), p) for m, p in ho.chance_outcomes(after)] == [
        ("draw -1o", Fraction(1, 3)), ("draw 6y", Fraction(2, 3))]
    drawn = play(after, "draw 6y")
    assert drawn.hands[0] == ("5y", "6y") and ho.current_player(drawn) == 1
    assert sum(drawn.pile) == 2


@pytest.mark.rule("HO-TURN-4")
def test_empty_pile_is_refilled_from_the_discard_pile():
    r = rules()
    state = make_state(r, [(0, 0, 2), (0, 0, 0)], hands=[("3y", "5o"), ("1y", "1o")],
                       pile=["4o"], **home_hats())
    discard = [c for c, n in zip(CARDS, state.discard, strict=True) for _ in range(n)]
    state = play(state, "card 3y pawn 2", "card 5o pawn 0")
    assert [str(m) for m, _ in ho.chance_outcomes(state)] == ["draw 4o"]
    state = play(state, "draw 4o")
    outcomes = dict((str(m), p) for m, p in ho.chance_outcomes(state))
    total = len(discard) + 2  # the reshuffled discard pile holds the two cards just played
    assert outcomes["draw 3y"] == Fraction(discard.count("3y") + 1, total)
    assert sum(outcomes.values()) == 1
    state = play(state, "draw 3y")
    assert sum(state.discard) == 0 and sum(state.pile) == total - 1


@pytest.mark.rule("HO-TURN-5")
def test_pawns_home_leave_play_and_players_home_are_skipped():
    r = rules(players=3)
    state = make_state(r, [(6, 7, 7), (7, 7, 7), (0, 0, 0)],
                       hands=[("1o", "5o"), ("1y", "1o"), ("2y", "2o")],
                       hats=HATLESS, towers=[["hat+"], ["hat-"], []], tokens=0)
    after = play(state, "card 1o pawn 6")
    assert after.phase is not Phase.DRAW  # player 0 is home: no draw
    assert ho.current_player(after) == 2  # player 1 is skipped
    assert ho.legal_moves(after)[0].piece == "pawn"


@pytest.mark.rule("HO-FIN-1")
def test_exact_arrival_takes_the_top_finish_token():
    state = make_state(rules(), [(0, 4, 6), (0, 0, 0)], hands=[("1o", "5o"), ("1y", "1o")],
                       **home_hats())
    exact = play(state, "card 1o pawn 6")
    assert exact.towers[0][-1] == "T2" and exact.tokens == 1
    over = play(state, "card 5o pawn 6")
    assert "T2" not in over.towers[0] and over.tokens == 0


@pytest.mark.rule("HO-FIN-1")
@pytest.mark.rule("HO-COMP-3")
@pytest.mark.parametrize(("taken", "token"), [(0, "T2"), (2, "T3"), (6, "T5"), (7, "T6")])
def test_finish_tokens_stack_order(taken, token):
    stack = ["T2", "T2", "T3", "T3", "T4", "T4", "T5", "T6"]
    state = make_state(rules(), [(0, 4, 6), (0, 0, 0)], hands=[("1o", "5o"), ("1y", "1o")],
                       hats=HATLESS, towers=[["hat+", *stack[:taken]], ["hat-"]], tokens=taken)
    after = play(state, "card 1o pawn 6")
    assert after.towers[0][-1] == token


@pytest.mark.rule("HO-FIN-1")
def test_no_token_once_the_stack_is_empty_and_guards_earn_tokens():
    stack = ["T2", "T2", "T3", "T3", "T4", "T4", "T5", "T6"]
    state = make_state(rules(), [(0, 4, 6), (0, 0, 0)], hands=[("1o", "5o"), ("1y", "1o")],
                       hats=HATLESS, towers=[["hat+", *stack], ["hat-"]], tokens=8)
    assert play(state, "card 1o pawn 6").towers[0][-1] == "-5"
    r = rules(layout=("-1", "+3", "L", "-2", "R4", "+5"))
    state = make_state(r, [(0, 0, 6), (0, 0, 0)], hands=[("1o", "5o"), ("1y", "1o")],
                       **home_hats())
    after = play(state, "card 1o guard 6")
    assert after.towers[0][-1] == "T2" and after.board.guards == (2, 3, 7)


@pytest.mark.rule("HO-END-1")
def test_game_ends_when_every_pawn_is_home():
    state = make_state(rules(), [(6, 7, 7), (7, 7, 7)], hands=[("1o", "5o"), ("1y", "1o")],
                       **home_hats())
    after = play(state, "card 5o pawn 6")
    assert ho.is_terminal(after) and ho.current_player(after) == TERMINAL
    assert ho.legal_moves(after) == () and ho.winners(after) != ()
