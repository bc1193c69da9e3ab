"""Observation documents (docs/protocol.md): exact round trip, strict reading, the shipped
JSON Schemas, and a seat's document holding only what its observation holds."""

from __future__ import annotations

import json

import attrs
import jsonschema
import numpy as np
import pytest

import amigo_rules as ar
from amigo_rules import exxtra, verflixxt, verflixxt_hoch
from amigo_rules.core.chance import sample_chance
from amigo_rules.protocol.schema_files import schema_text, shipped_schema

CASES = [
    ("exxtra", None),
    ("verflixxt", None),
    ("verflixxt", verflixxt.Rules(players=3, towers="top", hidden_tiles=True,
                                  tactical_cards=True)),
    ("verflixxt_hoch", None),
]


def observations(game: str, rules: object, seed: int, every: int = 3):
    """Every seat's observation at every ``every``-th state of a random game."""
    module = ar.get_game(game)
    state = module.new_game(rules, seed=seed)
    rng = np.random.default_rng(seed)
    step = 0
    while True:
        if step % every == 0 or module.is_terminal(state):
            for seat in range(state.rules.players):
                yield state, module.observation(state, seat)
        if module.is_terminal(state):
            return
        if module.current_player(state) == ar.CHANCE:
            move = sample_chance(module, state, rng)
        else:
            legal = module.legal_moves(state)
            move = legal[int(rng.integers(len(legal)))]
        state = module.apply(state, move)
        step += 1


@pytest.mark.parametrize(("game", "rules"), CASES, ids=lambda c: getattr(c, "__name__", None))
def test_documents_round_trip_and_validate_against_the_shipped_schema(game, rules):
    module = ar.get_game(game)
    validator = jsonschema.Draft202012Validator(shipped_schema(game))
    count = 0
    for _, observation in observations(game, rules, seed=5, every=6):
        text = module.observation_to_json(observation)
        assert module.observation_from_json(text) == observation
        document = json.loads(text)
        validator.validate(document)
        # written as the envelope's `jsonio.dump` writes it: compact, ASCII, in this order
        assert text == json.dumps(document, separators=(",", ":"))
        assert list(document) == ["schema", "version", "game", "player", "observation"]
        assert next(iter(document["observation"])) == "rules"
        count += 1
    assert count > 50


@pytest.mark.parametrize("game", ar.GAMES)
def test_the_shipped_schema_is_the_games_own(game):
    """The package data is current (``python -m amigo_rules.protocol.schema_files``)."""
    assert json.loads(schema_text(game)) == shipped_schema(game)


@pytest.mark.parametrize(("game", "rules"), CASES, ids=lambda c: getattr(c, "__name__", None))
def test_a_document_holds_exactly_the_observations_fields(game, rules):
    module = ar.get_game(game)
    _state, observation = next(observations(game, rules, seed=2))
    body = json.loads(module.observation_to_json(observation))["observation"]
    assert set(body) == {f.name for f in attrs.fields(type(observation))}


def test_a_hoch_document_is_the_same_whatever_the_other_hands_hold():
    """Hidden information stays hidden: states differing only in what seat 0 may not see
    (others' hands, the pile) give seat 0 the same document."""
    state = verflixxt_hoch.new_game(seed=4)
    observation = verflixxt_hoch.observation(state, 0)
    rng = np.random.default_rng(1)
    others = {verflixxt_hoch.sample_state(observation, rng) for _ in range(20)}
    others = [s for s in others if s.hands[1:] != state.hands[1:]]
    assert others
    text = verflixxt_hoch.observation_to_json(observation)
    for other in others:
        assert verflixxt_hoch.observation_to_json(verflixxt_hoch.observation(other, 0)) == text
    assert json.loads(text)["observation"]["hand"] == list(state.hands[0])


def test_a_verflixxt_document_shows_other_towers_as_hidden_tiles():
    rules = verflixxt.Rules(players=3, towers="hidden")
    for state, observation in observations("verflixxt", rules, seed=3, every=1):
        viewer = observation.viewer
        body = json.loads(verflixxt.observation_to_json(observation))["observation"]
        for seat, tower in enumerate(body["towers"]):
            if seat != viewer:
                assert set(tower) <= {"?"}
            else:
                assert tower == list(state.towers[seat])


def _exxtra_document() -> dict:
    state = exxtra.new_game(exxtra.Rules(players=3), seed=1)
    return json.loads(exxtra.observation_to_json(exxtra.observation(state, 1)))


def _edit(document: dict, path: tuple, value: object) -> str:
    target = document
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return json.dumps(document)


@pytest.mark.parametrize(
    ("path", "value", "says"),
    [
        (("schema",), "amigo-rules/state", "schema"),
        (("version",), 2, "version"),
        (("game",), "verflixxt", "game"),
        (("player",), 0, "viewer"),
        (("player",), True, "viewer"),
        (("observation", "extra"), 1, "unknown field 'extra'"),
        (("observation", "counters"), KeyError, "missing field 'counters'"),
        (("observation", "counters"), [0, 0], "one entry per player"),
        (("observation", "counters"), [0, 0, 22], "outside"),
        (("observation", "counters"), [0, "0", 0], "not an integer"),
        (("observation", "ladder"), [None, None, [9, 21]], "outside"),
        (("observation", "ladder"), [None, None, [1, 99]], "not one of"),
        (("observation", "roll"), 1.5, "not one of"),
        (("observation", "to_move"), 2, "to_move"),
        (("observation", "first_roll"), "yes", "not a boolean"),
        (("observation", "rules"), {"players": 3}, "rules"),
        (("observation", "rules", "players"), 99, "rules"),
    ],
)
def test_a_bad_exxtra_document_is_a_state_error_naming_the_problem(path, value, says):
    with pytest.raises(ar.StateError, match=says):
        exxtra.observation_from_json(_edit(_exxtra_document(), path, value))


def test_a_viewer_not_in_the_game_is_refused():
    document = _exxtra_document()
    document["player"] = document["observation"]["player"] = 7
    with pytest.raises(ar.StateError, match="not a seat"):
        exxtra.observation_from_json(json.dumps(document))


@pytest.mark.parametrize(
    "text", ["", "[]", "nul", "{" * 5000, '{"schema": "amigo-rules/observation"}', "\xff"]
)
def test_hostile_text_is_a_state_error_in_every_game(text):
    for game in ar.GAMES:
        with pytest.raises(ar.StateError):
            ar.get_game(game).observation_from_json(text)


def test_a_verflixxt_document_with_a_pawn_off_the_track_is_refused():
    state = verflixxt.new_game(seed=1)
    document = json.loads(verflixxt.observation_to_json(verflixxt.observation(state, 0)))
    document["observation"]["pawns"][1][0] = len(document["observation"]["tiles"])
    with pytest.raises(ar.StateError, match="beyond the track"):
        verflixxt.observation_from_json(json.dumps(document))


def test_a_hoch_document_whose_hand_disagrees_with_the_hand_sizes_is_refused():
    state = verflixxt_hoch.new_game(seed=1)
    document = json.loads(verflixxt_hoch.observation_to_json(verflixxt_hoch.observation(state, 0)))
    document["observation"]["hand"].append("6o")
    with pytest.raises(ar.StateError, match="hand_sizes"):
        verflixxt_hoch.observation_from_json(json.dumps(document))


def test_writing_another_games_observation_is_an_argument_error():
    observation = exxtra.observation(exxtra.new_game(), 0)
    with pytest.raises(ar.ArgumentError, match="verflixxt Observation"):
        verflixxt.observation_to_json(observation)


def test_the_fields_writer_is_passed_the_fields_and_must_write_an_object():
    """``encode`` writes the fields (the same text as the default for a writer of the same
    JSON); a writer of anything but a JSON object's text is an `ArgumentError`."""
    observation = exxtra.observation(exxtra.new_game(), 0)
    seen = []

    def compact(fields):
        seen.append(fields)
        return json.dumps(fields, separators=(",", ":"))

    assert exxtra.observation_to_json(observation, encode=compact) == \
        exxtra.observation_to_json(observation)
    assert list(seen[0]) == ["player", "to_move", "turn", "counters", "ladder", "roll",
                             "first_roll"]
    for wrong in (lambda fields: b"{}", lambda fields: "[]"):
        with pytest.raises(ar.ArgumentError, match="encode must write a JSON object"):
            exxtra.observation_to_json(observation, encode=wrong)
