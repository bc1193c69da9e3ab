"""Bad input: illegal moves, unknown notation, impossible Rules, tampered JSON."""

from __future__ import annotations

import json

import attrs
import pytest
from vx_scenarios import make_state, play

from amigo_rules import ArgumentError, IllegalMoveError, RulesError, StateError, verflixxt
from amigo_rules.verflixxt import Roll, Rules, Steal, Step


@pytest.fixture
def midgame():
    state = verflixxt.new_game(Rules.amigo(players=3), seed=4)
    return play(state, "roll 3", "pawn 0", "roll 5", "pawn 0", "roll 2", "pawn 0", "roll 1")


@pytest.mark.parametrize(
    "move", [Roll(3), Step("pawn", 5), Step("guard", 3), Steal(1), Step("pawn", 99), "pawn 3"]
)
def test_illegal_moves_raise_and_leave_the_state_untouched(midgame, move):
    before = verflixxt.to_json(midgame)
    with pytest.raises(IllegalMoveError, match="not legal"):
        verflixxt.apply(midgame, move)
    assert verflixxt.to_json(midgame) == before


def test_a_roll_is_refused_at_a_decision_and_a_step_at_a_chance_node(midgame):
    with pytest.raises(IllegalMoveError, match="legal moves: pawn"):
        verflixxt.apply(midgame, Roll(4))
    chance = verflixxt.new_game()
    with pytest.raises(IllegalMoveError, match="roll phase"):
        verflixxt.apply(chance, Step("pawn", 0))
    with pytest.raises(IllegalMoveError):
        verflixxt.apply(chance, Roll(7))


@pytest.mark.parametrize("text", ["", "pawn", "pawn x", "jump 3", "roll -1", "pawn 3 4"])
def test_unknown_notation(midgame, text):
    with pytest.raises(IllegalMoveError, match="unknown move notation"):
        verflixxt.parse_move(midgame, text)


def test_notation_that_is_no_string(midgame):
    with pytest.raises(ArgumentError, match="move text must be a string"):
        verflixxt.parse_move(midgame, None)


def test_notation_not_legal_here(midgame):
    with pytest.raises(IllegalMoveError, match="not a legal move here; legal moves: pawn 0"):
        verflixxt.parse_move(midgame, "pawn 30")


def test_parse_is_case_and_space_insensitive(midgame):
    assert verflixxt.parse_move(midgame, "  PAWN   0 ") == Step("pawn", 0)


def test_game_over_has_no_moves():
    rules = Rules(players=2, layout=("+1",), guards=False)
    state = make_state(
        rules, [(1, 1, 1), (1, 1, 1)], tiles=("S", "F"), towers=[("+1",), ()],
        phase=verflixxt.Phase.OVER,
    )
    with pytest.raises(IllegalMoveError, match="game is over"):
        verflixxt.apply(state, Roll(1))


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 9},
        {"players": "4"},
        {"players": True},
        {"guards": 1},
        {"action_tiles": "yes"},
        {"layout": 3},
        {"layout": ["+1", 5]},
    ],
)
def test_impossible_rules(options):
    with pytest.raises(RulesError, match=r"Rules\."):
        Rules(**options)


def test_evolve_revalidates():
    with pytest.raises(RulesError, match="players"):
        attrs.evolve(Rules.classic(), players=0)


def test_new_game_needs_verflixxt_rules():
    with pytest.raises(ArgumentError, match=r"verflixxt.new_game expects a verflixxt Rules"):
        verflixxt.new_game("classic")


def test_json_round_trip_and_schema(midgame):
    text = verflixxt.to_json(midgame)
    data = json.loads(text)
    assert data["schema"] == "amigo-rules/state" and data["version"] == 1
    assert data["game"] == "verflixxt"
    assert verflixxt.from_json(text) == midgame


def tamper(state, path, value):
    data = json.loads(verflixxt.to_json(state))
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("schema",), "other", "schema"),
        (("version",), 2, "version"),
        (("game",), "exxtra", "game"),
        (("rules", "players"), 9, "players"),
        (("rules", "colour"), "red", "unknown field 'colour'"),
        (("state", "tiles"), KeyError, "missing field 'tiles'"),
        (("state", "player"), 7, "player 7"),
        (("state", "player"), "0", "not an integer"),
        (("state", "phase"), "dance", "not one of"),
        (("state", "roll"), 9, "roll"),
        (("state", "pawns", 0), [0, 0], "player 0 has 2"),
        (("state", "pawns", 0), [40, 0, 0], "outside the track"),
        (("state", "pawns", 1), [3, 0, 0], "ascending"),
        (("state", "guards"), [], "guards"),
        (("state", "towers", 0), ["+1"], "not conserved"),
        (("state", "towers", 0), ["gift"], "not path tiles"),
        (("state", "tiles", 0), "F", "finish"),
        (("state", "tiles", 1), "+9", "unknown tiles"),
        (("state", "towers"), [[], []], "towers"),
        (("state",), [], "not an object"),
    ],
)
def test_tampered_json_raises_state_error(path, value, message):
    state = verflixxt.new_game(Rules.classic(players=3), seed=1)
    state = play(state, "roll 3", "pawn 0", "roll 5", "pawn 0")
    with pytest.raises(StateError, match=message):
        verflixxt.from_json(tamper(state, path, value))


def test_reordered_track_is_refused():
    state = verflixxt.new_game(Rules.classic(players=2))
    data = json.loads(verflixxt.to_json(state))
    data["state"]["tiles"][1], data["state"]["tiles"][2] = "-2", "-1"
    with pytest.raises(StateError, match="order of the layout"):
        verflixxt.from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"schema": 1}', "x" * 10])
def test_malformed_documents(text):
    with pytest.raises(StateError):
        verflixxt.from_json(text)


def test_truncated_documents_never_raise_another_error(midgame):
    text = verflixxt.to_json(midgame)
    for cut in range(0, len(text), 7):
        with pytest.raises(StateError):
            verflixxt.from_json(text[:cut])
