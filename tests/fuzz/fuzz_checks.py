"""The property every fuzzed call must have: it succeeds, or raises a library error with a
short message; it never hangs and never changes its input; every state it produces is
valid (its JSON reads back equal, its scores are plain integers, its node has moves) and
plays on to the end without another kind of exception."""

from __future__ import annotations

import copy
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import numpy as np
from fuzz_cases import walk

from amigo_rules import TERMINAL, AmigoRulesError

HANG_SECONDS = 20
"""A single call running longer than this counts as a hang (normal calls take
milliseconds; the bound is generous so that a loaded machine never trips it)."""
MESSAGE_LIMIT = 3000
"""The longest error message allowed: a short quote of the input, the reason, and at most
the listing of a state's legal moves."""
PLAYOUT_CAP = 3000
"""Moves played on from an accepted state before stopping (most games end far sooner)."""

STATS: Counter[str] = Counter()
"""Inputs tried per category (printed by conftest after a run)."""
SECONDS: Counter[str] = Counter()
"""Seconds spent per category."""


class Hang(AssertionError):
    """A call that did not return within `HANG_SECONDS`."""


@contextmanager
def hang_guard() -> Iterator[None]:
    def expire(_signum: int, _frame: Any) -> None:
        raise Hang(f"a call ran longer than {HANG_SECONDS} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def attempt(function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, Any]:
    """``(result, None)`` or ``(None, error)`` for a library error; any other exception
    propagates (and fails the property), as does a hang or a changed argument."""
    before = _snapshot((args, kwargs))
    try:
        with hang_guard():
            result = function(*args, **kwargs)
    except AmigoRulesError as exc:
        message = str(exc)
        assert len(message) <= MESSAGE_LIMIT, f"a message of {len(message)} characters"
        outcome: tuple[Any, Any] = (None, exc)
    else:
        outcome = (result, None)
    assert _same(before, (args, kwargs)), f"{function.__qualname__} changed its arguments"
    return outcome


def _snapshot(value: Any) -> Any:
    """A copy of the containers in ``value`` (lists, dicts, sets, arrays); other objects
    (states, moves, numbers, modules, generators) are kept as they are: immutable, or not
    the library's to change."""
    if isinstance(value, (list, tuple)):
        return type(value)(_snapshot(v) for v in value) if type(value) in (list, tuple) \
            else copy.copy(value)
    if isinstance(value, dict):
        return {k: _snapshot(v) for k, v in value.items()}
    if isinstance(value, (set, bytearray, np.ndarray)):
        return copy.copy(value)
    return value


def _same(a: Any, b: Any) -> bool:
    """Equality that treats arrays and NaN as the values they hold, and other objects by
    identity when they define no equality."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return type(a) is type(b) and np.array_equal(a, b, equal_nan=a.dtype.kind == "f")
    if isinstance(a, (list, tuple)) and type(a) is type(b):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and type(a) is type(b):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, float) and isinstance(b, float) and a != a and b != b:
        return True
    if a is b:
        return True
    return type(a) is type(b) and a == b


def counted(category: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Count the inputs and time of a property under ``category``."""

    def wrap(check: Callable[..., None]) -> Callable[..., None]:
        def run(*args: Any, **kwargs: Any) -> None:
            STATS[category] += 1
            started = time.perf_counter()
            try:
                check(*args, **kwargs)
            finally:
                SECONDS[category] += time.perf_counter() - started

        return run

    return wrap


def valid(game: ModuleType, state: Any) -> None:
    """``state`` is one the game accepts back from JSON, with integer scores and a move at
    every node that is not terminal."""
    assert type(state) is game.State
    assert game.from_json(game.to_json(state)) == state, "the JSON does not read back"
    scores = game.score(state)
    assert len(scores) == state.rules.players and all(type(s) is int for s in scores), scores
    player = game.current_player(state)
    assert type(player) is int
    if player == TERMINAL:
        assert game.legal_moves(state) == () and game.is_terminal(state)
    else:
        assert game.legal_moves(state), "a node without moves"
        assert not game.is_terminal(state) and game.winners(state) == ()


def play_on(game: ModuleType, state: Any, seed: int, cap: int = PLAYOUT_CAP) -> None:
    """Play random moves from ``state`` to the end (or ``cap`` moves), checking that every
    state on the way is `valid`."""
    with hang_guard():
        for after in walk(game, state, seed, cap):
            valid(game, after)
