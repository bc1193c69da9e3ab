"""The checks at the entry of the public functions, shared by every game.

Each turns a bad argument into a library error with a short message: a wrong type into
`ArgumentError` (also a `TypeError`), a value out of range into `RulesError`, unreadable
notation into `IllegalMoveError`. Input is quoted at most `QUOTE_LIMIT` characters long.
The state check itself is one ``type(state) is State`` test inlined in each public
function (the hot path pays nothing more); `wrong_type` only builds its error.
"""

from __future__ import annotations

import operator
import os
import reprlib
from collections.abc import Callable
from itertools import islice
from typing import Any, TypeVar

import numpy as np

from .errors import ArgumentError, IllegalMoveError, RulesError
from .events import Event
from .games import game_of
from .nodes import SPECTATOR

R = TypeVar("R")

QUOTE_LIMIT = 80
"""The most characters of an input that a message repeats."""
NOTATION_LIMIT = 100
"""The longest move text read (every move of every game is far shorter)."""
NUMBER_DIGITS = 6
"""The most digits of a number in move notation (no position or player comes near)."""
_NUMBER_BOUND = 10**NUMBER_DIGITS
SEED_BOUND = 2**128
"""Seeds are below this (128 bits, as numpy's own fresh seeds)."""
TILES_LIMIT = 1000
"""The most tiles ``score_tiles`` reads (a collection holds at most the box's 50 or so)."""

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = _REPR.maxother = QUOTE_LIMIT


def quote(value: Any) -> str:
    """``repr(value)``, cut to at most `QUOTE_LIMIT` characters with ``…``.

    >>> quote("pawn 7")
    "'pawn 7'"
    >>> quote("x" * 1000)[-4:], len(quote("x" * 1000))
    ('xxx…', 80)
    """
    try:
        text = repr(value[: QUOTE_LIMIT + 1]) if type(value) is str else _REPR.repr(value)
    except Exception:  # a foreign object whose repr fails is still named
        text = f"<{type_name(value)}>"
    return cut(text)


def cut(text: str) -> str:
    """``text`` cut to at most `QUOTE_LIMIT` characters, ending in ``…`` when cut."""
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 1] + "…"


def shown(move: Any) -> str:
    """How a message names a move: a library move by its notation, anything else quoted."""
    if type(move).__module__.startswith("amigo_rules."):
        return cut(str(move))
    return quote(move)


def type_name(value: Any) -> str:
    """The name of ``value``'s type as a message gives it: ``exxtra.State``, ``dict``."""
    kind = type(value)
    if value is None:
        return "None"
    module = kind.__module__
    if module == "builtins":
        return kind.__qualname__
    if module.startswith("amigo_rules."):
        module = module.split(".")[1]
    return f"{module}.{kind.__qualname__}"


def wrong_type(function: str, expected: type, value: Any) -> ArgumentError:
    """The error of a public function given a value that is not its game's ``expected``.

    >>> from amigo_rules import exxtra, verflixxt
    >>> print(wrong_type("legal_moves", verflixxt.State, exxtra.new_game()))
    verflixxt.legal_moves expects a verflixxt State, got exxtra.State
    """
    game = game_of(expected).NAME
    article = "an" if game[0] in "aeiou" else "a"
    return ArgumentError(f"{game}.{function} expects {article} {game} {expected.__qualname__}, "
                         f"got {type_name(value)}")


def rules_of(rules_class: type[R], rules: Any, function: str) -> R:
    """``rules``, or the game's default ``rules_class()`` for None; anything but the game's
    `Rules` is an `ArgumentError` naming ``function``."""
    if rules is None:
        return rules_class()
    if type(rules) is not rules_class:
        raise wrong_type(function, rules_class, rules)
    return rules


def state_of(function: str, expected: type[R], state: Any) -> R:
    """``state`` if it is the game's ``expected`` state (or `Rules`); else the
    `ArgumentError` of `wrong_type`. For the functions off the per-move path (those on it
    inline the test)."""
    if type(state) is not expected:
        raise wrong_type(function, expected, state)
    return state


def told(
    expected: type,
    apply_events: Callable[[Any, Any], tuple[Any, tuple[Any, ...]]],
    before: Any,
    move: Any,
    after: Any,
    player: Any,
) -> tuple[tuple[Any, ...], int | None]:
    """The entry of every game's ``move_events``: ``before`` and ``after`` are states of
    the game (`ArgumentError`), ``player`` None or a seat (see `viewer`); then the move's
    events from the engine's ``apply_events`` (which raises `IllegalMoveError` for a move
    not legal in ``before``) and the viewer. ``after`` must be where the move leads
    (`ArgumentError`)."""
    state_of("move_events", expected, before)
    state_of("move_events", expected, after)
    seen_by = viewer(player, before.rules.players)
    state, events = apply_events(before, move)
    if state != after:
        raise ArgumentError("move_events: 'after' is not the state the move leads to")
    return events, seen_by


def redacting(expected: type, before: Any, events: Any,
              player: Any) -> tuple[tuple[Any, ...], int | None]:
    """The entry of every game's ``redact_events``: ``before`` a state of the game and
    ``events`` a sequence of `Event` (`ArgumentError`), ``player`` None or a viewer (see
    `viewer`); the events as a tuple and the viewer."""
    state_of("redact_events", expected, before)
    try:
        found = None if isinstance(events, (str, bytes)) else tuple(events)
    except TypeError:
        found = None
    if found is None or not all(type(e) is Event for e in found):
        raise ArgumentError(f"redact_events: events must be a sequence of Event, got "
                            f"{quote(events)}")
    return found, viewer(player, before.rules.players)


def viewer(value: Any, players: int) -> int | None:
    """The ``player`` argument of a function that shows a state: None (everything) or an
    `onlooker`."""
    return None if value is None else onlooker(value, players)


def onlooker(value: Any, players: int) -> int:
    """Whose view of a state: a seat (see `seat`) or `SPECTATOR` (what is public)."""
    if type(value) is int and value == SPECTATOR:
        return SPECTATOR
    return seat(value, players)


def real(value: Any, what: str) -> float:
    """``value`` as a ``float``: an int or a float (numpy's too), not a bool; anything else
    raises `ArgumentError` naming ``what``; NaN a `RulesError`."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer,
                                                                      np.floating)):
        raise ArgumentError(f"{what} must be a number, got {quote(value)} ({type_name(value)})")
    if value != value:
        raise RulesError(f"{what} must be a number, got NaN")
    return float(value)


def integer(value: Any, what: str) -> int:
    """``value`` as an ``int``: any integer type (numpy's too, via ``operator.index``);
    bools, floats, arrays and everything else raise `ArgumentError` naming ``what``."""
    if type(value) is int:
        return value
    if not isinstance(value, (bool, np.bool_, np.ndarray)):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise ArgumentError(f"{what} must be an integer, got {quote(value)} ({type_name(value)})")


def positive(value: Any, what: str) -> int:
    """``value`` as an ``int`` of at least 1 (a count, a limit): a wrong type is an
    `ArgumentError` (see `integer`), 0 or less a `RulesError`."""
    number = integer(value, what)
    if number < 1:
        raise RulesError(f"{what} must be at least 1, got {number}")
    return number


def seat(value: Any, players: int, what: str = "player") -> int:
    """A seat ``0 … players - 1``; a wrong type is an `ArgumentError`, another integer a
    `RulesError`."""
    player = integer(value, what)
    if not 0 <= player < players:
        raise RulesError(f"{what} must be 0 … {players - 1} in a {players}-player game, "
                         f"got {quote(player)}")
    return player


def seed(value: Any) -> int | None:
    """``None`` or an integer ``0 … 2**128 - 1`` (numpy's too), as the setup's random
    generator takes it and a record writes it; another integer is a `RulesError`."""
    if value is None:
        return None
    number = integer(value, "seed")
    if not 0 <= number < SEED_BOUND:
        raise RulesError(f"seed must be None or a non-negative integer below 2**128, "
                         f"got {quote(number)}")
    return number


def executor_and_results(executor: Any, results: Any) -> None:
    """The ``executor`` (None or anything with a callable ``submit``, as a
    ``concurrent.futures.Executor``) and ``results`` (None or a path) that a long run takes;
    `ArgumentError` for others."""
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ArgumentError(f"executor must be a concurrent.futures.Executor or None, got "
                            f"{quote(executor)} ({type_name(executor)})")
    if results is not None and not isinstance(results, str | os.PathLike):
        raise ArgumentError(f"results must be a path or None, got {quote(results)} "
                            f"({type_name(results)})")


def notation(text: Any) -> str:
    """The words of a move text: lower case, single spaces, ASCII only, bounded length.

    Raises `ArgumentError` for a text that is no string and `IllegalMoveError` for one too
    long or holding other than ASCII characters (``'pawn ٣'``: notation digits are 0-9).

    >>> notation("  Pawn   7 ")
    'pawn 7'
    """
    if type(text) is not str:
        raise ArgumentError(f"move text must be a string, got {quote(text)} "
                            f"({type_name(text)})")
    if len(text) > NOTATION_LIMIT:
        raise IllegalMoveError(f"unknown move notation {quote(text)}: a move is written in "
                               f"at most {NOTATION_LIMIT} characters")
    if not text.isascii():
        raise IllegalMoveError(f"unknown move notation {quote(text)}: notation is ASCII "
                               "(digits 0-9)")
    return " ".join(text.lower().split())


def number(digits: str) -> int:
    """The number written by the ASCII ``digits`` (at most `NUMBER_DIGITS` of them)."""
    if len(digits) > NUMBER_DIGITS:
        raise IllegalMoveError(f"unknown move notation: the number {quote(digits)} has more "
                               f"than {NUMBER_DIGITS} digits")
    return int(digits)


def tiles_of(tiles: Any, known: tuple[str, ...], what: str, listing: str) -> tuple[str, ...]:
    """The tiles of a collection given to ``score_tiles``: an iterable of tile names (not a
    string: `ArgumentError`), at most `TILES_LIMIT` of them, each among ``known``
    (`RulesError` naming the others as ``what`` and listing the tiles)."""
    try:
        items = None if isinstance(tiles, (str, bytes)) else iter(tiles)
    except TypeError:
        items = None
    if items is None:
        raise ArgumentError(f"tiles must be a sequence of tile names, got {type_name(tiles)}")
    tower = tuple(islice(items, TILES_LIMIT + 1))
    if len(tower) > TILES_LIMIT:
        raise RulesError(f"more than {TILES_LIMIT} tiles: no collection is that large")
    unknown = [t for t in tower if not isinstance(t, str) or t not in known]
    if unknown:
        raise RulesError(f"{what}: {quote(unknown)}; tiles are {listing}")
    return tuple(map(str, tower))


def integer_field(what: str, *, optional: bool = False) -> Callable[[Any], int]:
    """An attrs converter for an integer field of a move (see `integer`; ``None`` too when
    ``optional``): at most `NUMBER_DIGITS` digits, as in notation (`IllegalMoveError`)."""

    def convert(value: Any) -> Any:
        if value is None and optional:
            return value
        number = value if type(value) is int else integer(value, what)
        if not -_NUMBER_BOUND < number < _NUMBER_BOUND:
            raise IllegalMoveError(f"{what} {quote(number)} has more than {NUMBER_DIGITS} "
                                   "digits: no move is that far")
        return number

    return convert


def string_field(
    what: str, allowed: tuple[str, ...] | None = None, *, optional: bool = False
) -> Callable[[Any], str | None]:
    """An attrs converter for a string field of a move: a ``str`` (`ArgumentError`
    otherwise; ``None`` too when ``optional``), one of ``allowed`` when given
    (`IllegalMoveError` otherwise)."""

    def convert(value: Any) -> str | None:
        if value is None and optional:
            return None
        if type(value) is not str:
            raise ArgumentError(f"{what} must be a string, got {quote(value)} "
                                f"({type_name(value)})")
        if allowed is not None and value not in allowed:
            raise IllegalMoveError(f"{what} must be one of {', '.join(allowed)}, "
                                   f"got {quote(value)}")
        return value

    return convert


def flag_field(what: str) -> Callable[[Any], bool]:
    """An attrs converter for a boolean field of a move (numpy's bool becomes ``bool``)."""

    def convert(value: Any) -> bool:
        if type(value) is bool:
            return value
        if isinstance(value, np.bool_):
            return bool(value)
        raise ArgumentError(f"{what} must be True or False, got {quote(value)} "
                            f"({type_name(value)})")

    return convert


def generator(rng: Any) -> np.random.Generator:
    """``rng`` if it is a ``numpy.random.Generator``; else `ArgumentError`."""
    if not isinstance(rng, np.random.Generator):
        raise ArgumentError(f"rng must be a numpy.random.Generator, got {type_name(rng)}")
    return rng
