"""Notation (``roll 7-X``, ``reroll``, ``place 3``), parsing and integer action ids."""

from __future__ import annotations

import numpy as np
import pytest

from amigo_rules import ArgumentError, IllegalMoveError, exxtra


def decision() -> exxtra.State:
    state = exxtra.new_game()
    state = exxtra.apply(state, exxtra.parse_move(state, "roll 4-6"))
    return exxtra.apply(state, exxtra.parse_move(state, "place 3"))


@pytest.mark.rule("EX-ROLL-1")
@pytest.mark.rule("EX-ROLL-6")
def test_every_legal_move_prints_and_parses_back() -> None:
    state = exxtra.new_game()
    for move in exxtra.legal_moves(state):
        assert exxtra.parse_move(state, str(move)) == move
    state = exxtra.apply(decision(), exxtra.Roll(7, 0))
    assert [str(m) for m in exxtra.legal_moves(state)] == [
        "reroll",
        "place 0",
        "place 1",
        "place 2",
        "place 4",
        "place 5",
    ]
    for move in exxtra.legal_moves(state):
        assert exxtra.parse_move(state, str(move)) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("  ROLL   7 - x ", exxtra.Roll(7, 0)),
        ("Roll X-X", exxtra.Roll(0, 0)),
        ("roll 1-6", exxtra.Roll(1, 6)),
    ],
)
def test_parsing_is_case_insensitive_and_tolerates_whitespace(text: str, move: object) -> None:
    assert exxtra.parse_move(exxtra.new_game(), text) == move


def test_decision_notation() -> None:
    state = exxtra.apply(decision(), exxtra.Roll(2, 1))
    assert exxtra.parse_move(state, " REROLL ") == exxtra.Reroll()
    assert exxtra.parse_move(state, "Place  5") == exxtra.Place(5)
    assert str(exxtra.Place(5)) == "place 5" and str(exxtra.Reroll()) == "reroll"
    assert str(exxtra.Roll(7, 0)) == "roll 7-X"


@pytest.mark.parametrize(
    "text",
    ["", "no such move", "pawn -99", "roll 77", "place", "roll 5-5", "place 6", "reroll now"],
)
def test_unknown_text_is_refused_and_says_so(text: object) -> None:
    state = decision()
    with pytest.raises(IllegalMoveError, match="unknown move") as caught:
        exxtra.parse_move(state, text)  # type: ignore[arg-type]
    assert "legal here: roll 1-1" in str(caught.value)


def test_text_that_is_no_string_is_an_argument_error() -> None:
    with pytest.raises(ArgumentError, match="move text must be a string"):
        exxtra.parse_move(decision(), 3)  # type: ignore[arg-type]


def test_text_naming_no_legal_move_here_is_refused_with_the_reason_and_the_legal_moves() -> None:
    state = exxtra.apply(decision(), exxtra.Roll(2, 1))
    with pytest.raises(IllegalMoveError, match="rung 3 holds player 0's 64") as caught:
        exxtra.parse_move(state, "place 3")
    assert "legal here: reroll, place 0, place 1, place 2, place 4, place 5" in str(caught.value)
    with pytest.raises(IllegalMoveError, match="reroll or place"):
        exxtra.parse_move(state, "roll 2-1")
    with pytest.raises(IllegalMoveError, match="the dice must be rolled"):
        exxtra.parse_move(decision(), "reroll")


def test_apply_refuses_illegal_moves_and_leaves_the_state_alone() -> None:
    state = exxtra.apply(decision(), exxtra.Roll(2, 1))
    before = exxtra.to_json(state)
    for move in (exxtra.Place(3), exxtra.Place(9), exxtra.Roll(2, 1), "reroll", None):
        with pytest.raises(IllegalMoveError, match="not legal here"):
            exxtra.apply(state, move)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="die A shows"):
        exxtra.apply(decision(), exxtra.Roll(5, 5))
    assert exxtra.to_json(state) == before


def test_action_ids() -> None:
    rules = exxtra.Rules()
    assert exxtra.num_actions(rules) == 7 and exxtra.num_chance_outcomes(rules) == 36
    chance = decision()
    ids = [exxtra.action_id(chance, m) for m in exxtra.legal_moves(chance)]
    assert ids == list(range(36))
    assert exxtra.move_for_action(chance, 29) == exxtra.Roll(7, 0)
    state = exxtra.apply(chance, exxtra.Roll(2, 1))
    legal = exxtra.legal_moves(state)
    assert [exxtra.action_id(state, m) for m in legal] == [0, 1, 2, 3, 5, 6]
    assert [exxtra.move_for_action(state, i) for i in (0, 1, 2, 3, 5, 6)] == list(legal)
    assert exxtra.legal_action_mask(state).tolist() == [True, True, True, True, False, True, True]
    assert exxtra.legal_action_mask(chance).dtype == np.bool_
    assert not exxtra.legal_action_mask(chance).any()
    for bad in (4, 7, -1, 36):
        with pytest.raises(IllegalMoveError):
            exxtra.move_for_action(state, bad)
    with pytest.raises(ArgumentError, match="action id must be an integer"):
        exxtra.move_for_action(state, "1")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        exxtra.move_for_action(chance, 36)
    with pytest.raises(IllegalMoveError):
        exxtra.action_id(state, exxtra.Place(3))
