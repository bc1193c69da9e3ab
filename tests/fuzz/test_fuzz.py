"""The fuzzer of issue 8: every category of hostile input against the public API.

Each property runs twice: a short run in the default suite (a few seconds per category)
and a long one behind ``slow`` (``pytest -m slow tests/fuzz`` prints the figures).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from typing import Any

import attrs
import numpy as np
import pytest
from fuzz_cases import GAMES, states
from fuzz_checks import STATS, attempt, counted, play_on, valid
from fuzz_strategies import (
    action_ids,
    anything,
    foreign_objects,
    hand_built_moves,
    integers,
    notation_cases,
    odd_numbers,
    record_documents,
    rules_kwargs,
    seats,
    state_documents,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import amigo_rules
from amigo_rules import (
    CHANCE,
    SPECTATOR,
    AgentError,
    ArgumentError,
    GameRecord,
    IllegalMoveError,
    RulesError,
    StateError,
)
from amigo_rules.agents import RandomAgent


def budget(short: int, long: int) -> Any:
    """The number of inputs of the short (default) and the long (``slow``) run."""
    return pytest.mark.parametrize(
        "examples",
        [pytest.param(short, id="short"), pytest.param(long, id="long", marks=pytest.mark.slow)],
    )


RANDOM_FROM = 5000
"""Runs of at least this many inputs (the long ones) draw new inputs each time; shorter
ones (the default suite's) always the same, so that the suite is reproducible."""


def run(examples: int, strategy: st.SearchStrategy[Any], check: Callable[[Any], None]) -> None:
    """Check ``check`` on ``examples`` inputs drawn from ``strategy``."""
    settings(
        max_examples=examples,
        database=None,
        derandomize=examples < RANDOM_FROM,
        suppress_health_check=list(HealthCheck),
    )(given(strategy)(lambda case: check(case)))()


# ---------------------------------------------------------------- plain data


@counted("state documents")
def check_state_document(case: tuple[Any, str]) -> None:
    game, text = case
    state, error = attempt(game.from_json, text)
    if error is not None:
        assert isinstance(error, StateError), repr(error)
        return
    STATS["state documents accepted"] += 1
    play_on(game, state, seed=len(text))
    for other in GAMES:
        if other is not game:
            assert isinstance(attempt(other.from_json, text)[1], StateError)


@budget(600, 40_000)
def test_mutated_state_documents(examples: int) -> None:
    run(examples, state_documents(), check_state_document)


@counted("record documents")
def check_record_document(text: str) -> None:
    record, error = attempt(GameRecord.from_json, text)
    if error is not None:
        assert isinstance(error, (StateError, ArgumentError)), repr(error)
        return
    game = amigo_rules.get_game(record.game)
    valid(game, record.final_state)
    assert GameRecord.from_json(record.to_json()) == record


@budget(150, 10_000)
def test_mutated_records(examples: int) -> None:
    run(examples, record_documents(), check_record_document)


@counted("notation")
def check_notation(case: tuple[Any, Any, Any]) -> None:
    game, state, text = case
    move, error = attempt(game.parse_move, state, text)
    if error is not None:
        expected = IllegalMoveError if isinstance(text, str) else ArgumentError
        assert isinstance(error, expected), repr(error)
        return
    assert isinstance(text, str) and text.isascii()
    assert move in game.legal_moves(state)
    assert game.parse_move(state, str(move)) == move


@budget(1500, 100_000)
def test_notation(examples: int) -> None:
    run(examples, notation_cases(), check_notation)


@counted("rules keyword arguments")
def check_rules_kwargs(case: tuple[Any, Any, dict[str, Any]]) -> None:
    game, build, kwargs = case
    try:
        rules, error = attempt(build, **kwargs)
    except TypeError as exc:  # Python's own, for a keyword the signature does not have
        assert "unexpected keyword argument" in str(exc), repr(exc)
        return
    if error is not None:
        assert isinstance(error, RulesError), repr(error)
        return
    assert type(rules) is game.Rules
    state, error = attempt(game.new_game, rules, seed=7)
    assert error is None, f"Rules accepted by the constructor but not by new_game: {error}"
    STATS["rules accepted"] += 1
    play_on(game, state, seed=7)


@budget(300, 20_000)
def test_rules_keyword_arguments(examples: int) -> None:
    run(examples, rules_kwargs(), check_rules_kwargs)


# ---------------------------------------------------------------- moves built by hand


@counted("move fields")
def check_hand_built_move(case: tuple[tuple[Any, tuple[Any, ...]], int]) -> None:
    (kind, fields), pick = case
    try:
        move, error = attempt(kind, *fields)
    except TypeError as exc:  # Python's own, for too many or too few fields
        assert "argument" in str(exc) and not isinstance(exc, amigo_rules.AmigoRulesError)
        return
    if error is not None:
        assert isinstance(error, (ArgumentError, IllegalMoveError)), repr(error)
        return
    for field in attrs.fields(type(move)):
        assert type(getattr(move, field.name)) in (int, str, bool, type(None)), move
    assert str(move)
    _label, game, state = states()[pick % len(states())]
    after, error = attempt(game.apply, state, move)
    if error is None:
        valid(game, after)
        assert game.action_id(state, move) in range(
            game.num_chance_outcomes(state.rules) if game.current_player(state) == CHANCE
            else game.num_actions(state.rules)
        )
    else:
        assert isinstance(error, IllegalMoveError), repr(error)
        assert isinstance(attempt(game.action_id, state, move)[1], IllegalMoveError)


@budget(1500, 100_000)
def test_hand_built_moves(examples: int) -> None:
    run(examples, st.tuples(hand_built_moves(), st.integers(0, 10**6)), check_hand_built_move)


# ---------------------------------------------------------------- API misuse


@counted("seats")
def check_seat(case: tuple[int, Any]) -> None:
    pick, seat = case
    _label, game, state = states()[pick % len(states())]
    seen, error = attempt(game.observation, state, seat)
    players = state.rules.players
    if error is not None:
        assert isinstance(error, (ArgumentError, RulesError)), repr(error)
        if isinstance(seat, (int, np.integer)) and not isinstance(seat, (bool, np.bool_)):
            assert isinstance(error, RulesError) and not 0 <= seat < players
        return
    assert not isinstance(seat, (bool, np.bool_, float, np.ndarray))
    assert 0 <= seat < players or seat == SPECTATOR  # a spectator: no seat, public view
    assert seen.to_array().dtype == np.float32


@budget(800, 50_000)
def test_seats(examples: int) -> None:
    run(examples, st.tuples(st.integers(0, 10**6), seats), check_seat)


@counted("action ids")
def check_action_id(case: tuple[int, Any]) -> None:
    pick, action = case
    _label, game, state = states()[pick % len(states())]
    move, error = attempt(game.move_for_action, state, action)
    if error is not None:
        assert isinstance(error, (ArgumentError, IllegalMoveError)), repr(error)
        return
    assert not isinstance(action, (bool, np.bool_, float, np.ndarray))
    assert move in game.legal_moves(state)
    assert game.action_id(state, move) == action


@budget(800, 50_000)
def test_action_ids(examples: int) -> None:
    run(examples, st.tuples(st.integers(0, 10**6), action_ids), check_action_id)


STATE_FUNCTIONS = (
    "current_player", "legal_moves", "chance_outcomes", "is_terminal", "score", "winners",
    "returns", "to_json", "legal_action_mask", "legal_action_ids", "render_text", "render_svg",
)
"""The public functions that take a state alone."""
RULES_FUNCTIONS = ("new_game", "initial_state", "spec", "num_actions", "num_chance_outcomes")
"""The public functions that take a `Rules` alone."""


@counted("foreign objects")
def check_foreign_object(case: tuple[Any, str, Any, int]) -> None:
    game, function, thing, pick = case
    name = function.split(" ")[0]
    if function.endswith("(move)"):  # a foreign object where a move belongs
        _label, game, state = states()[pick % len(states())]
        if type(thing).__module__.startswith(f"amigo_rules.{game.NAME}."):
            return
        _result, error = attempt(getattr(game, name), state, thing)
        assert isinstance(error, IllegalMoveError), f"{function}: {error!r}"
        return
    if function in RULES_FUNCTIONS:
        if type(thing) is game.Rules or (thing is None and function in ("new_game",
                                                                          "initial_state",
                                                                          "spec")):
            return
        expected, args = "Rules", (thing,)
    elif function == "sample_state":
        if type(thing) is game.Observation:
            return
        expected, args = "Observation", (thing, np.random.default_rng(0))
    else:
        if type(thing) is game.State:
            return
        extra = {"apply": (game.legal_moves(game.new_game())[0],), "observation": (0,),
                 "parse_move": ("stop",), "action_id": (None,), "move_for_action": (0,)}
        expected, args = "State", (thing, *extra.get(function, ()))
    _result, error = attempt(getattr(game, name), *args)
    assert isinstance(error, ArgumentError), f"{game.NAME}.{function}: {error!r}"
    article = "an" if game.NAME[0] in "aeiou" else "a"
    assert str(error).startswith(f"{game.NAME}.{name} expects {article} {game.NAME} {expected}, "
                                 "got ")


@budget(500, 30_000)
def test_foreign_objects(examples: int) -> None:
    functions = (*STATE_FUNCTIONS, *RULES_FUNCTIONS, "apply", "observation", "parse_move",
                 "action_id", "move_for_action", "sample_state", "apply (move)",
                 "action_id (move)")
    run(examples, st.tuples(st.sampled_from(GAMES), st.sampled_from(functions),
                            foreign_objects(), st.integers(0, 10**6)),
        check_foreign_object)


@counted("core functions")
def check_core_call(case: tuple[str, tuple[Any, ...]]) -> None:
    name, args = case
    if name == "sample_chance":
        game, pick, rng = args
        _label, module, state = states()[pick % len(states())]
        move, error = attempt(amigo_rules.sample_chance, game or module, state, rng)
        if error is None:
            assert move in [m for m, _ in module.chance_outcomes(state)]
            assert isinstance(rng, np.random.Generator)
        return
    if name == "play":
        game, agents, seed, max_moves = args
        record, error = attempt(amigo_rules.play, game, agents, seed=seed, max_moves=max_moves)
        if error is None:
            valid(amigo_rules.get_game(game), record.final_state)
            assert GameRecord.from_json(record.to_json()) == record
        else:
            assert not isinstance(error, AgentError), repr(error)
        return
    if name == "new_game":
        game, seed = args
        state, error = attempt(game.new_game, None, seed=seed)
        if error is None:
            valid(game, state)
            assert seed is None or not isinstance(seed, (bool, np.bool_, float))
        else:
            assert isinstance(error, (ArgumentError, RulesError)), repr(error)
        return
    game, tiles = args
    points, error = attempt(game.score_tiles, tiles)
    assert error is not None or type(points) is int


def core_calls() -> st.SearchStrategy[Any]:
    rngs = st.sampled_from((np.random.default_rng(1), np.random.RandomState(1), 1, None,
                            np.random.SeedSequence(1)))
    games = st.sampled_from((None, "exxtra", "verflixxt", "verflixxt_hoch", "chess", 3))
    seeds = st.one_of(st.none(), integers, odd_numbers, st.text(max_size=3))
    agents = st.one_of(
        st.integers(2, 6).map(lambda n: [RandomAgent(seed=1)] * n),
        st.sampled_from((None, "abc", 3, [], (RandomAgent(),))),
    )
    tiles = st.one_of(
        st.lists(st.sampled_from(("L", "+5", "-3", "R3", "T2", "hat+", "gift", "?", "")),
                 max_size=6),
        anything,
        st.just(iter(["L"] * 5000)),
    )
    return st.one_of(
        st.tuples(st.just("sample_chance"), st.tuples(games.filter(lambda g: g != 3),
                                                      st.integers(0, 10**6), rngs)),
        st.tuples(st.just("play"), st.tuples(
            st.sampled_from(("exxtra", "verflixxt", "verflixxt_hoch")), agents, seeds,
            st.one_of(st.just(30), st.none(), st.integers(-2, 40), odd_numbers,
                      st.just("3")))),
        st.tuples(st.just("new_game"), st.tuples(st.sampled_from(GAMES), seeds)),
        st.tuples(st.just("score_tiles"), st.tuples(
            st.sampled_from((amigo_rules.verflixxt, amigo_rules.verflixxt_hoch)), tiles)),
    )


@budget(300, 20_000)
def test_core_functions(examples: int) -> None:
    run(examples, core_calls(), check_core_call)


# ---------------------------------------------------------------- cached results


SHARED_CALLS = (*STATE_FUNCTIONS, "observation", "spec", "num_actions", "initial_state",
                "box")
"""What may come from a cache: every function of a state, of a seat and of the rules, and
the box of tiles (``verflixxt.box(rules)``, ``Rules.box()``)."""


@counted("cached results")
def check_cached_result(case: tuple[int, str]) -> None:
    pick, name = case
    _label, game, state = states()[pick % len(states())]
    if name == "box":
        box = getattr(game, "box", None) or (lambda rules: rules.box())
        if not hasattr(state.rules, "box") and not hasattr(game, "box"):
            return
        call, args = box, (state.rules,)
    elif name == "observation":
        call, args = game.observation, (state, pick % state.rules.players)
    elif name in RULES_FUNCTIONS:
        call, args = getattr(game, name), (state.rules,)
    else:
        call, args = getattr(game, name), (state,)
    result, error = attempt(call, *args)
    assert error is None, f"{game.NAME}.{name}: {error!r}"
    for part in (result, *(result if isinstance(result, tuple) else ())):
        for attribute in ("cumulative", "denominator"):
            if hasattr(part, attribute):  # an outcome table: read-only
                before = getattr(part, attribute)
                with contextlib.suppress(AttributeError):
                    setattr(part, attribute, (1,))
                assert getattr(part, attribute) == before, f"{game.NAME}.{name} is writable"
    if isinstance(result, Mapping):
        with contextlib.suppress(TypeError, AttributeError):
            result.clear()  # type: ignore[attr-defined]
        assert len(result), f"{game.NAME}.{name}: a cached mapping was cleared"


@budget(300, 20_000)
def test_cached_results(examples: int) -> None:
    run(examples, st.tuples(st.integers(0, 10**6), st.sampled_from(SHARED_CALLS)),
        check_cached_result)
