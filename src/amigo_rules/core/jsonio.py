"""The versioned JSON envelope of states and records, and strict readers for its fields.

Every reader raises `StateError` naming the field, so ``from_json`` never lets another
exception type escape.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from enum import Enum
from typing import Any, TypeVar

import attrs

from .checks import quote, type_name
from .errors import ArgumentError, RulesError, StateError

SCHEMA_VERSION = 1
MAX_DEPTH = 16
"""The deepest nesting of lists and objects a document may have (states use 4)."""
T = TypeVar("T")
E = TypeVar("E", bound=Enum)
A = TypeVar("A", bound=attrs.AttrsInstance)


compact = json.JSONEncoder(separators=(",", ":")).encode
"""A value as the documents are written: compact JSON, ASCII."""


def envelope(kind: str, game: str) -> dict[str, Any]:
    """The envelope ``{"schema", "version", "game"}`` a document of ``kind`` begins with."""
    return {"schema": f"amigo-rules/{kind}", "version": SCHEMA_VERSION, "game": game}


def dump(kind: str, game: str, body: dict[str, Any]) -> str:
    """Serialize ``body`` inside the envelope ``{"schema", "version", "game", ...}``."""
    return compact(envelope(kind, game) | body)


def load(text: str | bytes, kind: str, game: str, fields: tuple[str, ...]) -> dict[str, Any]:
    """Parse an envelope of ``kind`` for ``game`` holding exactly ``fields`` besides
    ``schema``, ``version`` and ``game``; raise `StateError` on anything else."""
    data = parse(text)
    if data.get("schema") != f"amigo-rules/{kind}":
        raise StateError(f"schema {quote(data.get('schema'))} is not 'amigo-rules/{kind}'")
    if type(data.get("version")) is not int or data["version"] != SCHEMA_VERSION:
        raise StateError(
            f"unsupported version {quote(data.get('version'))} (this is {SCHEMA_VERSION})"
        )
    if data.get("game") != game:
        raise StateError(f"the document is for game {quote(data.get('game'))}, not {game!r}")
    keys(data, ("schema", "version", "game", *fields), what="the document")
    return data


def dump_state(game: str, rules: Any, body: dict[str, Any]) -> str:
    """A state document of ``game``: its ``rules`` and the state's fields ``body``."""
    return dump("state", game, {"rules": rules_to_data(rules), "state": body})


def load_state(text: str | bytes, game: str, rules_class: type[A]) -> tuple[A, dict[str, Any]]:
    """The rules and the state's fields of a document of `dump_state` (the fields still to
    be checked); `StateError` on anything else."""
    data = load(text, "state", game, ("rules", "state"))
    return rules_from_data(rules_class, data["rules"]), field(data, "state", mapping)


def parse(text: Any) -> dict[str, Any]:
    """A JSON object from ``text``, nested at most `MAX_DEPTH` deep; `StateError` on
    anything else (`ArgumentError` for a ``text`` that is no string or bytes)."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise ArgumentError(f"a JSON document must be a string or bytes, got {type_name(text)}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise StateError(f"not a JSON document: {quote(str(exc))}") from None
    if not isinstance(data, dict):
        raise StateError("a JSON object was expected at the top level")
    _check_depth(data)
    return data


def _check_depth(data: Any) -> None:
    """`StateError` if ``data`` nests lists and objects more than `MAX_DEPTH` deep (walked
    without recursion, so any depth is refused cleanly)."""
    level = [data]
    for _ in range(MAX_DEPTH):
        level = [
            item
            for value in level
            for item in (value.values() if isinstance(value, dict) else value)
            if isinstance(item, (dict, list))
        ]
        if not level:
            return
    raise StateError(f"the document nests deeper than {MAX_DEPTH} levels")


def keys(
    data: dict[str, Any], required: Iterable[str], optional: Iterable[str] = (), *, what: str
) -> None:
    """`StateError` naming the keys of the object ``data`` that are missing or unknown."""
    required = set(required)
    missing = sorted(required - data.keys())
    if missing:
        raise StateError(f"{what}: missing {_named('field', missing)}")
    unknown = sorted(data.keys() - required - set(optional))
    if unknown:
        raise StateError(f"{what}: unknown {_named('field', unknown)}")


def _named(noun: str, names: list[str]) -> str:
    """``field 'a'`` or ``fields 'a', 'b'`` (at most eight, each quoted short)."""
    listed = ", ".join(quote(name) for name in names[:8]) + (", …" if len(names) > 8 else "")
    return f"{noun}{'s' if len(names) > 1 else ''} {listed}"


def field(data: dict[str, Any], key: str, check: Callable[[Any], T]) -> T:
    """Read ``data[key]`` through ``check``, turning any failure into `StateError`."""
    if key not in data:
        raise StateError(f"missing field {key!r}")
    try:
        return check(data[key])
    except StateError as exc:
        raise StateError(f"field {key!r}: {exc}") from None


def integer(value: Any) -> int:
    if type(value) is not int:
        raise StateError(f"{quote(value)} is not an integer")
    return value


def boolean(value: Any) -> bool:
    if type(value) is not bool:
        raise StateError(f"{quote(value)} is not a boolean")
    return value


def string(value: Any) -> str:
    if type(value) is not str:
        raise StateError(f"{quote(value)} is not a string")
    return value


def mapping(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise StateError("not an object")
    return value


def member(enum: type[E]) -> Callable[[Any], E]:
    """A reader of the values of a string ``enum``."""

    def read(value: Any) -> E:
        try:
            return enum(string(value))
        except ValueError:
            raise StateError(f"{quote(value)} is not one of {[e.value for e in enum]}") from None

    return read


def optional(check: Callable[[Any], T]) -> Callable[[Any], T | None]:
    return lambda value: None if value is None else check(value)


def array(check: Callable[[Any], T]) -> Callable[[Any], tuple[T, ...]]:
    def read(value: Any) -> tuple[T, ...]:
        if not isinstance(value, list):
            raise StateError(f"{quote(value)} is not a list")
        return tuple(check(item) for item in value)

    return read


def rules_to_data(rules: Any) -> dict[str, Any]:
    """A `Rules` value as JSON-ready data (tuples become lists)."""
    return attrs.asdict(rules)


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def rules_from_data(rules_class: type[A], data: Any, *, partial: bool = False) -> A:
    """Rebuild (and so re-validate) a `Rules` value from all of its options (with
    ``partial``, from some: the others take their defaults); any problem (a missing or
    unknown option among them) is a `StateError`."""
    if not isinstance(data, dict):
        raise StateError("field 'rules' is not an object")
    names = [a.name for a in attrs.fields(rules_class)]
    keys(data, () if partial else names, names if partial else (), what="field 'rules'")
    try:
        return rules_class(**{k: _tuples(v) for k, v in data.items()})
    except RulesError as exc:
        raise StateError(f"field 'rules': {exc}") from None
