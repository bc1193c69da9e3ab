"""Notation, observations, action ids, JSON and bad input."""

from __future__ import annotations

import json

import numpy as np
import pytest
from ho_scenarios import make_state, play, rules

from amigo_rules import CHANCE, ArgumentError, IllegalMoveError, RulesError, StateError
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.verflixxt_hoch import Phase, Rules

NOTATION = ["card 3y pawn 7", "card -1o guard 4", "card 0y", "card 3o cursed 7 -3",
            "card -1y cursed 0 +1", "card 2y lucky 5", "stop", "hat take lucky",
            "hat take cursed", "hat give 2", "hat swap", "hat none", "attack 3", "draw 3y",
            "draw -1o"]


@pytest.mark.parametrize("text", NOTATION)
def test_notation_round_trips(text):
    assert str(ho.parse_notation(text)) == text
    assert str(ho.parse_notation(text.upper())) == text


@pytest.mark.parametrize("text", ["", "card", "card 7y", "card 3x pawn 1", "card 3y pawn",
                                  "card 3y cursed 4 -2", "card 0y pawn 1 -0", "hat take",
                                  "hat give", "draw 9y", "pawn 7", "roll 3", "stop now"])
def test_bad_notation_raises(text):
    state = ho.new_game(Rules(players=2), seed=0)
    with pytest.raises(IllegalMoveError):
        ho.parse_move(state, text)


def test_a_legal_looking_move_that_is_not_legal_here():
    state = ho.new_game(Rules(players=2), seed=0)
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        ho.parse_move(state, "card 6y pawn 0" if "6y" not in state.hands[state.player]
                      else "card -1y pawn 0")
    with pytest.raises(IllegalMoveError):
        ho.apply(state, ho.Draw("3y"))
    with pytest.raises(IllegalMoveError):
        ho.apply(state, "stop")


def test_observation_hides_other_hands():
    state = make_state(rules(players=3), [(0, 0, 0)] * 3,
                       hands=[("1y", "2o"), ("6y", "6o"), ("-1y", "0o")])
    obs = ho.observation(state, 0)
    assert obs.hand == ("1y", "2o") and obs.hand_sizes == (2, 2, 2)
    assert "6y" not in repr(obs) and "-1y" not in repr(obs)
    other = make_state(rules(players=3), [(0, 0, 0)] * 3,
                       hands=[("1y", "2o"), ("3y", "3o"), ("4y", "4o")])
    assert np.array_equal(obs.to_array(), ho.observation(other, 0).to_array())
    assert not np.array_equal(obs.to_array(), ho.observation(other, 1).to_array())
    assert obs.to_array().shape == (ho.array_length(state.rules),)
    assert obs.pile_size == sum(state.pile)
    with pytest.raises(RulesError):
        ho.observation(state, 3)


def test_action_ids_are_stable_and_bijective():
    state = make_state(rules(), [(0, 0, 2), (0, 0, 2)], hands=[("3y", "5y"), ("1y", "1o")],
                       hats=((0, 0), (1, 2)))
    ids = {str(m): ho.action_id(state, m) for m in ho.legal_moves(state)}
    assert len(set(ids.values())) == len(ids)
    mask = ho.legal_action_mask(state)
    assert mask.sum() == len(ids) and mask.shape == (ho.num_actions(state.rules),)
    for text, action in ids.items():
        assert str(ho.move_for_action(state, action)) == text
    with pytest.raises(IllegalMoveError):
        ho.move_for_action(state, ho.num_actions(state.rules) - 1)
    after = play(state, "card 3y pawn 2")  # arrives on 5: no hat there
    assert ho.action_id(after, ho.parse_move(after, "card 5y pawn 0")) == ids["card 5y pawn 0"]
    drawn = play(after, "stop")
    assert ho.current_player(drawn) == CHANCE
    for move, _ in ho.chance_outcomes(drawn):
        assert 0 <= ho.action_id(drawn, move) < ho.num_chance_outcomes(drawn.rules)


def test_json_round_trip_and_envelope():
    state = ho.new_game(Rules(players=4), seed=3)
    text = ho.to_json(state)
    data = json.loads(text)
    assert data["schema"] == "amigo-rules/state" and data["game"] == "verflixxt_hoch"
    assert ho.from_json(text) == state


def _tamper(state, **changes):
    data = json.loads(ho.to_json(state))
    data["state"].update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("changes", [
    {"hands": [["1y", "2o", "3y"], ["1y", "2o"]]},
    {"hands": [["2o", "1y"], ["1y", "2o"]]},
    {"pile": [0] * 16},
    {"tokens": 3},
    {"hats": [[0, 5], [1, 0]]},
    {"hats": [None, [1, 0]]},
    {"hats": [[0, 0]]},
    {"tiles": ["S", "-1", "-2", "R4", "-4", "R5", "F"]},
    {"tiles": ["S", "-1", "-2", "R4", "-4", "R5", "-5", "X", "F"]},
    {"towers": [["T2"], []]},
    {"pawns": [[0, 0], [0, 0, 0]]},
    {"pawns": [[3, 0, 0], [0, 0, 0]]},
    {"phase": "double"},
    {"phase": "nope"},
    {"player": 5},
    {"arrived": 3},
    {"yellow": "yes"},
    {"guards": [1]},
])
def test_tampered_documents_raise_state_error(changes):
    state = make_state(rules(), [(0, 0, 0), (0, 0, 0)])
    with pytest.raises(StateError):
        ho.from_json(_tamper(state, **changes))


@pytest.mark.parametrize("text", ["", "[]", "{", '{"schema": "amigo-rules/state"}', "null",
                                  json.dumps({"schema": "amigo-rules/state", "version": 1,
                                              "game": "verflixxt_hoch", "rules": {},
                                              "state": []})])
def test_malformed_documents_raise_state_error(text):
    with pytest.raises(StateError):
        ho.from_json(text)


def test_rules_validation():
    for bad in [{"players": 9}, {"players": "4"}, {"attack": 1}, {"action_tiles": 1},
                {"layout": ("+1",)}, {"layout": ("X",)}, {"deck": ((1, 1, 1),)}]:
        with pytest.raises(RulesError):
            Rules(**bad)
    with pytest.raises(ArgumentError, match=r"verflixxt_hoch.new_game expects"):
        ho.new_game("rules")


def test_phases_are_documented_values():
    assert {p.value for p in Phase} == {
        "play", "hat", "double", "steal", "draw", "over", "lay", "deal", "hats"
    }
