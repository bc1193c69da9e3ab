"""The property every fuzzed call must have: it succeeds, or raises a library error with a
short message; it never hangs and never changes its input; what it returns is immutable or
its own (a mutable result is never handed out again by a cache); every state it produces
is valid (its JSON reads back equal, its scores are plain integers, its node has moves) and
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
    if outcome[1] is None:
        _check_not_shared(function, args, kwargs, result)
    return outcome


def _check_not_shared(function: Callable[..., Any], args: Any, kwargs: Any, result: Any) -> None:
    """A result holding anything mutable (a container, a writable array, an object whose
    attributes can be set) is the caller's own: the same call again returns none of those
    objects (a cache handing them out would let one caller change every later answer)."""
    mutable = set(map(id, _mutable_parts(result)))
    if not mutable:
        return
    STATS["mutable results checked"] += 1
    with hang_guard():
        again = function(*args, **kwargs)
    shared = mutable & set(map(id, _mutable_parts(again)))
    assert not shared, f"{function.__qualname__} hands out the same mutable object twice"


def _mutable_parts(value: Any, depth: int = 0) -> Iterator[Any]:
    """The objects of ``value`` (nested in tuples, lists, dicts, sets and attrs values, a
    few levels deep) that can be changed in place."""
    if depth > 4 or isinstance(value, (str, bytes, int, float, complex, type(None), ModuleType,
                                       np.random.Generator)):
        return
    if isinstance(value, np.ndarray):
        if value.flags.writeable and value.size:
            yield value
        return
    if isinstance(value, (list, dict, set, bytearray)):
        yield value
    if isinstance(value, dict):
        items: Any = value.values()
    elif isinstance(value, (tuple, list, set, frozenset)):
        items = value
    else:
        items = getattr(value, "__dict__", {}).values()
        if _settable(value):
            yield value
    for item in list(items)[:64]:
        yield from _mutable_parts(item, depth + 1)


def _settable(value: Any) -> bool:
    """Whether an attribute of ``value`` can be set (tried with its own value)."""
    names = list(getattr(value, "__dict__", {})) or [
        name for name in getattr(type(value), "__slots__", ()) if hasattr(value, name)]
    if not names or type(value).__module__.split(".")[0] != "amigo_rules":
        return False
    try:
        setattr(value, names[0], getattr(value, names[0]))
    except (AttributeError, TypeError):
        return False
    return True


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
