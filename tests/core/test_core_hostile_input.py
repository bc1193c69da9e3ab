"""Issue 8, case by case: every bad input found by the fuzzer gets a library error with a
short message, and nothing hangs or yields a broken state. (The fuzzer itself, with a
strategy per category, is ``tests/fuzz``.)"""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

import amigo_rules
from amigo_rules import (
    AgentError,
    AmigoRulesError,
    ArgumentError,
    GameRecord,
    IllegalMoveError,
    RulesError,
    StateError,
    exxtra,
    verflixxt,
)
from amigo_rules import verflixxt_hoch as hoch
from amigo_rules.agents import RandomAgent

GAMES = (exxtra, verflixxt, hoch)


def record_text(game=verflixxt, **changes) -> str:
    players = 3 if game is exxtra else 2
    rules = game.Rules(players=players)
    data = json.loads(amigo_rules.play(game, [RandomAgent(seed=1)] * players, rules, seed=4,
                                       max_moves=20).to_json())
    data.update(changes)
    return json.dumps(data)


def state_data(game, rules=None) -> dict:
    return json.loads(game.to_json(game.new_game(rules, seed=2)))


# ---------------------------------------------------------------- plain data


@pytest.mark.parametrize("depth", [600, 10_000])
@pytest.mark.parametrize("game", GAMES)
def test_a_deeply_nested_value_is_a_state_error(game, depth):
    nested = "[" * depth + "]" * depth
    data = state_data(game)
    text = json.dumps({**data, "state": "HERE"}).replace('"HERE"', nested)
    with pytest.raises(StateError, match=r"nests deeper|not a JSON document"):
        game.from_json(text)
    record = record_text(game).replace('"agents":', f'"agents":{nested},"x":', 1)
    with pytest.raises(StateError, match=r"nests deeper|not a JSON document"):
        GameRecord.from_json(record)


@pytest.mark.parametrize(
    ("game", "legal", "texts"),
    [
        (verflixxt, "roll 3", ["roll {n}", "pawn {n}", "guard {n}", "steal {n}", "flip {n}",
                               "swap {n} 1", "pawn 0 +{n}"]),
        (hoch, None, ["attack {n}", "steal {n}", "hat give {n}", "card 3y pawn {n}"]),
        (exxtra, "roll 7-X", ["place {n}", "roll {n}-1"]),
    ],
)
def test_numbers_of_thousands_of_digits_are_refused(game, legal, texts):
    state = game.new_game(game.Rules(players=3), seed=1)
    for text in texts:
        for digits in (7, 5000):
            with pytest.raises(IllegalMoveError) as caught:
                game.parse_move(state, text.format(n="9" * digits))
            assert len(str(caught.value)) < 1000


@pytest.mark.parametrize("digit", ["٣", "０", "³", "𝟘"])
def test_notation_is_ascii(digit):
    with pytest.raises(IllegalMoveError, match="ASCII"):
        verflixxt.parse_move(verflixxt.new_game(), f"roll {digit}")
    with pytest.raises(IllegalMoveError, match="ASCII"):
        exxtra.parse_move(exxtra.new_game(), f"roll 1-{digit}")
    state = hoch.new_game(seed=1)
    with pytest.raises(IllegalMoveError, match="ASCII"):
        hoch.parse_move(state, f"card {digit}y")


def test_messages_quote_at_most_80_characters_of_the_input():
    huge = "pawn " + "x" * 1_000_000
    for game in GAMES:
        with pytest.raises(IllegalMoveError) as caught:
            game.parse_move(game.new_game(seed=1), huge)
        assert "x" * 79 not in str(caught.value) and "…" in str(caught.value)
    with pytest.raises(StateError) as caught:
        verflixxt.from_json(json.dumps({**state_data(verflixxt), "game": "y" * 100_000}))
    assert len(str(caught.value)) < 200
    with pytest.raises(RulesError) as caught:
        verflixxt.Rules(layout="z" * 100_000)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize("game", GAMES)
def test_seeds_are_none_or_non_negative_integers(game):
    assert game.new_game(seed=np.int64(3)) == game.new_game(seed=3)
    for bad in (-1, -(2**70), 2**128):
        with pytest.raises(RulesError, match="seed must be None or a non-negative integer"):
            game.new_game(seed=bad)
        with pytest.raises(RulesError, match="seed"):
            amigo_rules.play(game, [RandomAgent()] * 4, seed=bad)
    for bad in ("1", 1.0, True, [1]):
        with pytest.raises(ArgumentError, match="seed must be an integer"):
            game.new_game(seed=bad)
    with pytest.raises(StateError, match="field 'seed'"):
        GameRecord.from_json(record_text(game, seed=-1))


def test_a_huge_deck_and_a_deck_that_cannot_finish_a_game_are_refused():
    with pytest.raises(RulesError, match="at most 240"):
        hoch.Rules(deck=((1, 10**8, 0),))
    with pytest.raises(RulesError, match="no card of value 1"):
        hoch.Rules(deck=((0, 3, 3), (-1, 3, 3)))
    assert sum(map(sum, (c[1:] for c in hoch.Rules(deck=((1, 120, 120),)).deck))) == 240


def test_a_tactical_cards_game_has_no_roll_phase():
    rules = verflixxt.Rules.classic(players=3, tactical_cards=True)
    data = state_data(verflixxt, rules)
    data["state"]["phase"] = "roll"
    with pytest.raises(StateError, match="tactical_cards replace the die"):
        verflixxt.from_json(json.dumps(data))


def test_a_steal_phase_needs_action_tiles():
    data = state_data(verflixxt, verflixxt.Rules.classic(players=2))
    data["state"]["phase"] = "steal"
    data["state"]["towers"] = [["-1"], ["-2"]]
    data["state"]["tiles"].remove("-1")
    data["state"]["tiles"].remove("-2")
    with pytest.raises(StateError, match="needs action_tiles"):
        verflixxt.from_json(json.dumps(data))


@pytest.mark.parametrize("game", GAMES)
def test_unknown_and_missing_fields_are_state_errors_naming_them(game):
    data = state_data(game)
    unknown = {**data, "state": {**data["state"], "colour": "red"}}
    with pytest.raises(StateError, match="field 'state': unknown field 'colour'"):
        game.from_json(json.dumps(unknown))
    first = next(iter(data["state"]))
    missing = {**data, "state": {k: v for k, v in data["state"].items() if k != first}}
    with pytest.raises(StateError, match=f"field 'state': missing field '{first}'"):
        game.from_json(json.dumps(missing))
    rules = dict(data["rules"])
    del rules["players"]
    with pytest.raises(StateError, match="field 'rules': missing field 'players'"):
        game.from_json(json.dumps({**data, "rules": rules}))
    with pytest.raises(StateError, match="the document: unknown field 'extra'"):
        game.from_json(json.dumps({**data, "extra": 1}))
    with pytest.raises(StateError, match="the document: unknown field 'extra'"):
        GameRecord.from_json(record_text(game, extra=1))


def test_a_version_that_is_a_boolean_is_refused():
    with pytest.raises(StateError, match="version"):
        exxtra.from_json(json.dumps({**state_data(exxtra), "version": True}))


# ---------------------------------------------------------------- moves built by hand


def test_integer_fields_take_any_integer_type_and_become_int():
    move = verflixxt.Step("pawn", np.int64(0))
    assert move == verflixxt.Step("pawn", 0) and type(move.position) is int
    assert type(exxtra.Roll(np.uint8(7), np.int16(0)).a) is int
    assert type(hoch.Play("3y", "pawn", np.int32(2)).position) is int
    state = verflixxt.apply(verflixxt.new_game(seed=1), verflixxt.Roll(np.int8(3)))
    after = verflixxt.apply(state, move)
    assert verflixxt.from_json(verflixxt.to_json(after)) == after


@pytest.mark.parametrize("bad", [1.0, True, np.True_, Fraction(1), "1", None, np.array(1)])
def test_other_types_in_integer_fields_are_argument_errors(bad):
    for build in (lambda v: exxtra.Roll(v, 0), lambda v: exxtra.Place(v),
                  lambda v: verflixxt.Roll(v), lambda v: verflixxt.Step("pawn", 0, v)
                  if v is not None else verflixxt.Step("pawn", v),
                  lambda v: verflixxt.Swap(1, v), lambda v: verflixxt.Steal(v),
                  lambda v: verflixxt.Flip(v), lambda v: hoch.Attack(v),
                  lambda v: hoch.Play("3y", "pawn", v), lambda v: hoch.Steal(v)):
        with pytest.raises(ArgumentError, match="must be an integer"):
            build(bad)


def test_string_and_flag_fields_are_checked():
    with pytest.raises(IllegalMoveError, match=r"Play.card must be one of"):
        hoch.Play("9z", "pawn", 0, True)
    with pytest.raises(ArgumentError, match=r"Play.reverse must be True or False"):
        hoch.Play("3y", "pawn", 0, 1)
    assert hoch.Play("3y", "cursed", 2, np.True_).reverse is True
    with pytest.raises(IllegalMoveError, match=r"Step.piece must be one of pawn, guard"):
        verflixxt.Step("queen", 1)
    with pytest.raises(ArgumentError, match=r"Draw.card must be a string"):
        hoch.Draw(["3y"])
    with pytest.raises(IllegalMoveError, match="more than 6 digits"):
        verflixxt.Step("pawn", 10**5000)


def test_building_the_error_message_of_a_hand_built_move_never_fails():
    state = exxtra.apply(exxtra.new_game(), exxtra.Roll(2, 1))
    with pytest.raises(IllegalMoveError, match="roll 1-1 is not legal here"):
        exxtra.apply(state, exxtra.Roll(np.int64(1), 1))
    with pytest.raises(IllegalMoveError, match=r"pawn 7 -1 is not legal here"):
        verflixxt.apply(verflixxt.new_game(), verflixxt.Step("pawn", 7, np.int8(-1)))
    with pytest.raises(IllegalMoveError, match=r"'x{78}…"):
        verflixxt.apply(verflixxt.new_game(), "x" * 10_000)


@pytest.mark.parametrize("game", GAMES)
def test_a_foreign_object_as_a_move_is_an_illegal_move(game):
    state = game.new_game(seed=1)
    for thing in (np.array([1, 2]), np.array(1), None, "roll 1", exxtra.new_game()):
        for function in (game.apply, game.action_id):
            with pytest.raises(IllegalMoveError, match=r"not (a )?legal"):
                function(state, thing)


# ---------------------------------------------------------------- API misuse


@pytest.mark.parametrize("game", GAMES)
def test_one_seat_check_for_every_game(game):
    state = game.new_game(seed=1)
    assert game.observation(state, np.int64(1)) == game.observation(state, 1)
    assert game.observation(state, np.uint8(1)).to_array().shape == (
        game.observation(state, 1).to_array().shape
    )
    for bad in ("0", None, (0,), 1.5, True, np.array(1)):
        with pytest.raises(ArgumentError, match="player must be an integer"):
            game.observation(state, bad)
    for bad in (-1, state.rules.players, np.uint64(2**64 - 1), 10**5000):
        with pytest.raises(RulesError, match="player must be 0 …"):
            game.observation(state, bad)


@pytest.mark.parametrize("game", GAMES)
def test_action_ids_are_integers(game):
    state = game.new_game(seed=1)
    legal = game.legal_moves(state)
    first = game.action_id(state, legal[0])
    assert game.move_for_action(state, np.int64(first)) == legal[0]
    for bad in (np.array([0, 0]), np.array(first), True, float(first), str(first), None):
        with pytest.raises(ArgumentError, match="action id must be an integer"):
            game.move_for_action(state, bad)


def test_sample_chance_needs_a_chance_node_and_a_generator():
    rng = np.random.default_rng(0)
    decision = exxtra.apply(exxtra.new_game(), exxtra.Roll(2, 1))
    with pytest.raises(IllegalMoveError, match="not a chance node"):
        amigo_rules.sample_chance(exxtra, decision, rng)
    for bad in (np.random.RandomState(0), 0, None):
        with pytest.raises(ArgumentError, match=r"numpy.random.Generator"):
            amigo_rules.sample_chance(exxtra, exxtra.new_game(), bad)
    assert amigo_rules.sample_chance("exxtra", exxtra.new_game(), rng) in exxtra.legal_moves(
        exxtra.new_game()
    )


def test_play_checks_its_arguments():
    with pytest.raises(ArgumentError, match="agents must be a list"):
        amigo_rules.play("exxtra", None)
    with pytest.raises(ArgumentError, match="max_moves must be an integer"):
        amigo_rules.play("exxtra", [RandomAgent()] * 4, max_moves="3")
    with pytest.raises(RulesError, match="max_moves must be None or a non-negative"):
        amigo_rules.play("exxtra", [RandomAgent()] * 4, max_moves=-1)
    with pytest.raises(ArgumentError, match="a game is a name"):
        amigo_rules.play(None, [RandomAgent()] * 4)
    record = amigo_rules.play("exxtra", [RandomAgent()] * 4, seed=np.int64(1),
                              max_moves=np.int64(5))
    assert len(record.moves) == 5 and type(record.seed) is int


def test_score_tiles_needs_a_sequence_of_tiles():
    for game in (verflixxt, hoch):
        for bad in (None, 5, "L+5", np.array(0)):
            with pytest.raises(ArgumentError, match="tiles must be a sequence"):
                game.score_tiles(bad)
        with pytest.raises(RulesError, match="not Verflixxt"):
            game.score_tiles(["L", None])
        with pytest.raises(RulesError, match="more than 1000 tiles"):
            game.score_tiles(iter(lambda: "L", None))
        with pytest.raises(ArgumentError, match=f"{game.NAME}.score_tiles expects"):
            game.score_tiles(["L"], exxtra.Rules())
        assert game.score_tiles(np.array(["-3", "L"])) == 3


FOREIGN = (None, {}, {"phase": "roll"}, 3, "state", [], object())


@pytest.mark.parametrize("game", GAMES)
def test_a_foreign_object_as_a_state_names_what_was_expected(game):
    others = [g.new_game() for g in GAMES if g is not game]
    for thing in (*FOREIGN, *others, game.Rules()):
        for function, args in (("legal_moves", ()), ("current_player", ()), ("apply", (None,)),
                               ("chance_outcomes", ()), ("is_terminal", ()), ("score", ()),
                               ("winners", ()), ("observation", (0,)), ("to_json", ()),
                               ("parse_move", ("x",)), ("action_id", (None,)),
                               ("move_for_action", (0,)), ("legal_action_mask", ()),
                               ("legal_action_ids", ()), ("returns", ())):
            with pytest.raises(ArgumentError) as caught:
                getattr(game, function)(thing, *args)
            assert str(caught.value).startswith(
                f"{game.NAME}.{function} expects {article(game)} {game.NAME} State, got "
            )
    for function in ("new_game", "initial_state", "spec"):
        with pytest.raises(ArgumentError,
                           match=f"{game.NAME}.{function} expects {article(game)} {game.NAME} "
                                 "Rules"):
            getattr(game, function)(others[0].rules)
    with pytest.raises(ArgumentError,
                       match=f"{game.NAME}.sample_state expects {article(game)} {game.NAME} "
                             "Observation"):
        game.sample_state(FOREIGN[0], np.random.default_rng())
    for function in ("num_actions", "num_chance_outcomes"):
        with pytest.raises(ArgumentError, match=f"{game.NAME}.{function} expects"):
            getattr(game, function)(others[0])


def article(game) -> str:
    return "an" if game.NAME[0] in "aeiou" else "a"


def test_the_example_of_the_issue():
    with pytest.raises(ArgumentError) as caught:
        verflixxt.legal_moves(exxtra.new_game())
    assert str(caught.value) == (
        "verflixxt.legal_moves expects a verflixxt State, got exxtra.State"
    )
    assert isinstance(caught.value, TypeError) and isinstance(caught.value, AmigoRulesError)


def test_an_agent_error_keeps_the_record():
    def broken(observation, legal):
        raise RuntimeError("x" * 10_000)

    with pytest.raises(AgentError) as caught:
        amigo_rules.play("exxtra", [broken] * 3, exxtra.Rules(players=3), seed=1)
    assert len(str(caught.value)) < 200 and caught.value.record.moves
