"""Every public function of every game, and every agent constructor, turns a bad argument
into a library error (issue 18 item 7).

The functions are read from `core.protocol.Game` (and each game's ``__all__``), so a function
added there is checked here without a change: each argument in turn is replaced by ``None``,
a value of a wrong type, another game's state and another game's rules.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Iterator
from functools import partial
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from amigo_rules import AmigoRulesError, ArgumentError, IllegalMoveError, agents, exxtra, verflixxt
from amigo_rules import verflixxt_hoch as hoch
from amigo_rules.core.checks import QUOTE_LIMIT
from amigo_rules.core.protocol import Game

GAMES = (exxtra, verflixxt, hoch)
MESSAGE_LIMIT = 2 * QUOTE_LIMIT + 200
"""The longest message allowed here: two quoted inputs and a sentence."""


def protocol_functions() -> tuple[str, ...]:
    """The functions of the game protocol, by name."""
    return tuple(name for name, _ in inspect.getmembers(Game, inspect.isfunction)
                 if not name.startswith("_"))


def public_functions(game: ModuleType) -> tuple[str, ...]:
    """The protocol's functions and every other function the game exports."""
    exported = tuple(name for name in game.__all__
                     if inspect.isfunction(getattr(game, name)) and not name[0].isupper())
    return tuple(sorted({*protocol_functions(), *exported}))


def _other(game: ModuleType) -> ModuleType:
    return GAMES[(GAMES.index(game) + 1) % len(GAMES)]


def _good(game: ModuleType, function: str, name: str) -> Any:
    """A valid value of the argument ``name`` of ``function``, in a game midway (a decision
    node)."""
    state = _midgame(game)
    move = game.legal_moves(state)[0]
    if name == "text" and function.endswith("from_json"):  # what the partner wrote
        partner = function.replace("from_json", "to_json")
        return getattr(game, partner)(*(_good(game, partner, p.name)
                                        for p in _parameters(getattr(game, partner))))
    return {
        "state": state, "before": state, "after": game.apply(state, move), "move": move,
        "events": game.apply_events(state, move)[1],
        "rules": state.rules, "player": 0, "text": str(move),
        "observation": game.observation(state, 0), "rng": np.random.default_rng(0),
        "action_id": game.action_id(state, move), "action": game.action_id(state, move),
        "tiles": ["L"], "seed": 1, "players": 3, "values": [6, 4, 2], "limit": 64,
    }.get(name, state)


def _midgame(game: ModuleType) -> Any:
    state = game.new_game(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(12):
        outcomes = game.chance_outcomes(state)
        moves = [m for m, _ in outcomes] or list(game.legal_moves(state))
        state = game.apply(state, moves[int(rng.integers(len(moves)))])
    while not game.legal_moves(state) or game.chance_outcomes(state):
        state = game.apply(state, game.chance_outcomes(state)[0][0])
    return state


def _bad_values(game: ModuleType) -> Iterator[tuple[str, Any]]:
    other = _other(game)
    yield "None", None
    yield "a float", 1.5
    yield "an object", object()
    yield "another game's state", other.new_game(seed=1)
    yield "another game's rules", other.Rules()
    yield "a huge text", "x" * 10_000


def _cases() -> Iterator[Any]:
    for game in GAMES:
        for function in public_functions(game):
            yield pytest.param(game, function, id=f"{game.NAME}.{function}")


def _parameters(function: Callable[..., Any], *, keywords: bool = False) -> list[inspect.Parameter]:
    """The positional parameters of ``function`` (and its keyword-only ones too)."""
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD,
             *((inspect.Parameter.KEYWORD_ONLY,) if keywords else ()))
    return [p for p in inspect.signature(function).parameters.values() if p.kind in kinds]


def _accepts(parameter: inspect.Parameter, value: Any) -> bool:
    """Whether ``value`` is of a type ``parameter`` takes: None or a float where its
    annotation says so."""
    annotation = str(parameter.annotation)
    if value is None:
        return parameter.default is None or "None" in annotation
    return type(value) is float and "float" in annotation


def library_error(
    call: Callable[[], Any], what: str, faults: list[str], *, may_succeed: bool = False
) -> Exception | None:
    """The library error ``call()`` raises; else (another exception, a long message, no
    error at all unless it ``may_succeed``) None, with the fault added to ``faults``."""
    try:
        call()
    except AmigoRulesError as error:
        if len(str(error)) > MESSAGE_LIMIT:
            faults.append(f"{what}: a message of {len(str(error))} characters")
        return error
    except Exception as error:
        faults.append(f"{what} raised {type(error).__name__}: {str(error)[:QUOTE_LIMIT]}")
        return None
    if not may_succeed:
        faults.append(f"{what} accepted it")
    return None


@pytest.mark.parametrize(("game", "function"), list(_cases()))
def test_every_game_function_rejects_bad_arguments(game: ModuleType, function: str) -> None:
    callee = getattr(game, function)
    parameters = _parameters(callee)
    good = [_good(game, function, p.name) for p in parameters]
    callee(*good)  # the arguments above are valid
    faults: list[str] = []
    for i, parameter in enumerate(_parameters(callee, keywords=True)):
        for label, value in _bad_values(game):
            if _accepts(parameter, value):
                continue
            what = f"{game.NAME}.{function}({parameter.name}={label})"
            if i < len(good):
                args, kwargs = [*good[:i], value, *good[i + 1:]], {}
            else:
                args, kwargs = good, {parameter.name: value}
            library_error(partial(callee, *args, **kwargs), what, faults)
    assert not faults, "\n".join(faults)


def agent_classes() -> tuple[type, ...]:
    return tuple(value for name in agents.__all__
                 if inspect.isclass(value := getattr(agents, name)))


@pytest.mark.parametrize("agent", agent_classes(), ids=lambda a: a.__name__)
def test_every_agent_constructor_rejects_bad_arguments(agent: type) -> None:
    parameters = [p for p in inspect.signature(agent).parameters.values()
                  if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    assert parameters, agent
    faults: list[str] = []
    for parameter in parameters:
        for label, value in _bad_values(verflixxt):
            if _accepts(parameter, value):
                continue
            what = f"{agent.__name__}({parameter.name}={label})"
            kwargs = {parameter.name: value}
            error = library_error(partial(agent, **kwargs), what, faults)
            if error is not None and label != "a huge text" \
                    and not isinstance(error, ArgumentError):
                faults.append(f"{what}: {error!r}, not an ArgumentError")
    assert not faults, "\n".join(faults)


def _paths(document: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The paths to every value of a JSON document (the first two items of each list)."""
    items = document.items() if isinstance(document, dict) else \
        enumerate(document[:2]) if isinstance(document, list) else ()
    for key, value in items:
        yield (*path, key)
        yield from _paths(value, (*path, key))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
def test_a_huge_value_anywhere_in_a_document_gives_a_short_message(game: ModuleType) -> None:
    text = game.to_json(_midgame(game))
    faults: list[str] = []
    for path in _paths(json.loads(text)):
        for label, value in (("a long text", "y" * 10_000), ("a huge number", 10**400),
                             ("a long list", [["x" * 50] * 20] * 10)):
            document = json.loads(text)
            place = document
            for key in path[:-1]:
                place = place[key]
            place[path[-1]] = value
            what = f"{game.NAME}.from_json({'.'.join(map(str, path))}={label})"
            library_error(partial(game.from_json, json.dumps(document)), what, faults,
                          may_succeed=True)  # EXXtra counts turns without a bound
    assert not faults, "\n".join(faults)


def test_the_holes_found_by_the_review_are_closed() -> None:
    """Issue 18 item 7: each of these raised a Python error, or the wrong library error."""
    with pytest.raises(ArgumentError, match=r"exxtra\.array_length expects"):
        exxtra.array_length(None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"exxtra\.array_length expects"):
        exxtra.array_length(exxtra.Rules)  # type: ignore[arg-type]
    state = hoch.new_game(seed=1)
    with pytest.raises(IllegalMoveError, match="roll 3"):
        hoch.move_events(state, verflixxt.Roll(3), state)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="simulations must be an integer"):
        agents.MCTSAgent(simulations=1.5)  # type: ignore[arg-type]


def test_an_array_as_a_setup_move_is_an_illegal_move() -> None:
    """Found by the fuzzer: at hoch²'s setup chance nodes an array compared with the
    outcomes gave an array, whose truth value raised ValueError."""
    state = hoch.initial_state(hoch.Rules(players=3))
    with pytest.raises(IllegalMoveError):
        hoch.apply(state, np.zeros(3))  # type: ignore[arg-type]
