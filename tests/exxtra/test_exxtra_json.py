"""JSON: round trips, and tampered documents refused with `StateError` only."""

from __future__ import annotations

import json

import pytest

from amigo_rules import ArgumentError, StateError, exxtra


def sample() -> exxtra.State:
    state = exxtra.new_game(exxtra.Rules(players=3, max_turns=50))
    for text in ("roll 4-6", "place 4", "roll 3-3", "reroll", "roll 7-1"):
        state = exxtra.apply(state, exxtra.parse_move(state, text))
    return state


def tampered(**changes: object) -> str:
    data = json.loads(exxtra.to_json(sample()))
    for key, value in changes.items():
        if key in data:
            data[key] = value
        else:
            data["state"][key] = value
    return json.dumps(data)


def test_round_trip() -> None:
    state = sample()
    assert exxtra.from_json(exxtra.to_json(state)) == state
    assert json.loads(exxtra.to_json(state))["state"] == {
        "counters": [0, 3, 0],
        "ladder": [[4, 64], None, None],
        "turn": 1,
        "roll": 71,
        "first_roll": False,
    }


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ("{", "not a JSON document"),
        (exxtra.to_json(exxtra.new_game())[:-5], "not a JSON document"),
        ("[]", "JSON object"),
        (tampered(schema="amigo-rules/record"), "schema"),
        (tampered(version=2), "version"),
        (tampered(game="verflixxt"), "game"),
        (tampered(rules={"players": 2, "max_turns": 50}), "players"),
        (tampered(rules={"players": 3}), "missing field 'max_turns'"),
        (tampered(rules={"players": 3, "max_turns": 50, "colour": 1}), "unknown field 'colour'"),
        (tampered(counters=[0, 30, 0]), "leave the board"),
        (tampered(counters=[0, 3]), "one entry per player"),
        (tampered(counters=[0, "3", 0]), "not an integer"),
        (tampered(counters=[0, True, 0]), "not an integer"),
        (tampered(ladder=[[4, 64], [4, 30], None]), "rung 1-5 holds two pairs"),
        (tampered(ladder=[[6, 64], None, None]), "not on the ladder"),
        (tampered(ladder=[[4, 44], None, None]), "no combination"),
        (tampered(ladder=[[4], None, None]), "pair"),
        (tampered(ladder=[[4, 64], [0, 21], None]), "on the ladder"),
        (tampered(turn=-1), "turn"),
        (tampered(turn=51), "turn"),
        (tampered(turn=0, ladder=[None, None, None]), "not had a turn"),
        (tampered(roll=30), "X after the first roll"),
        (tampered(roll=33, counters=[0, 2, 0]), "double"),
        (tampered(roll="71"), "not an integer"),
        (tampered(first_roll=1), "not a boolean"),
        (tampered(counters=[0, 21, 21]), "finish"),
        (tampered(counters=[21, 3, 0]), "finish"),
        (tampered(counters=[0, 21, 0]), "no pending roll"),
        (tampered(turn=50, roll=None), "stops between turns"),
        (tampered(extra=1), "field 'state': unknown field 'extra'"),
        (tampered(state=[]), "not an object"),
    ],
)
def test_tampered_documents_raise_state_error(document: str, message: str) -> None:
    with pytest.raises(StateError, match=message):
        exxtra.from_json(document)


@pytest.mark.parametrize("document", [b"\xff", "null", '{"schema": 1}'])
def test_garbage_raises_state_error(document: object) -> None:
    with pytest.raises(StateError):
        exxtra.from_json(document)  # type: ignore[arg-type]


@pytest.mark.parametrize("document", [None, 5])
def test_a_document_that_is_no_text_raises_argument_error(document: object) -> None:
    with pytest.raises(ArgumentError, match="string or bytes"):
        exxtra.from_json(document)  # type: ignore[arg-type]
