"""The versioned JSON envelope of states and records, and strict readers for its fields.

Every reader raises `StateError` naming the field, so ``from_json`` never lets another
exception type escape.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

import attrs

from .errors import RulesError, StateError

SCHEMA_VERSION = 1
T = TypeVar("T")
E = TypeVar("E", bound=Enum)


def dump(kind: str, game: str, body: dict[str, Any]) -> str:
    """Serialize ``body`` inside the envelope ``{"schema", "version", "game", ...}``."""
    return json.dumps(
        {"schema": f"amigo-rules/{kind}", "version": SCHEMA_VERSION, "game": game, **body},
        separators=(",", ":"),
    )


def load(text: str | bytes, kind: str, game: str) -> dict[str, Any]:
    """Parse an envelope of ``kind`` for ``game``; raise `StateError` on anything else."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise StateError(f"not a JSON document: {exc}") from None
    if not isinstance(data, dict):
        raise StateError("a JSON object was expected at the top level")
    if data.get("schema") != f"amigo-rules/{kind}":
        raise StateError(f"schema {data.get('schema')!r} is not 'amigo-rules/{kind}'")
    if data.get("version") != SCHEMA_VERSION:
        raise StateError(f"unsupported version {data.get('version')!r} (this is {SCHEMA_VERSION})")
    if data.get("game") != game:
        raise StateError(f"the document is for game {data.get('game')!r}, not {game!r}")
    return data


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
        raise StateError(f"{value!r} is not an integer")
    return value


def boolean(value: Any) -> bool:
    if type(value) is not bool:
        raise StateError(f"{value!r} is not a boolean")
    return value


def string(value: Any) -> str:
    if type(value) is not str:
        raise StateError(f"{value!r} is not a string")
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
            raise StateError(f"{value!r} is not one of {[e.value for e in enum]}") from None

    return read


def optional(check: Callable[[Any], T]) -> Callable[[Any], T | None]:
    return lambda value: None if value is None else check(value)


def array(check: Callable[[Any], T]) -> Callable[[Any], tuple[T, ...]]:
    def read(value: Any) -> tuple[T, ...]:
        if not isinstance(value, list):
            raise StateError(f"{value!r} is not a list")
        return tuple(check(item) for item in value)

    return read


def rules_to_data(rules: Any) -> dict[str, Any]:
    """A `Rules` value as JSON-ready data (tuples become lists)."""
    return attrs.asdict(rules)


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def rules_from_data(rules_class: type[T], data: Any) -> T:
    """Rebuild (and so re-validate) a `Rules` value; any problem is a `StateError`."""
    if not isinstance(data, dict):
        raise StateError("field 'rules' is not an object")
    names = {a.name for a in attrs.fields(rules_class)}
    unknown = sorted(set(data) - names)
    if unknown:
        raise StateError(f"field 'rules': unknown options {unknown}")
    try:
        return rules_class(**{k: _tuples(v) for k, v in data.items()})
    except (RulesError, TypeError) as exc:
        raise StateError(f"field 'rules': {exc}") from None
