"""Observation documents (the documentation's *Seat protocol* page): an ``Observation`` as JSON,
read back strictly, and the JSON Schema of each game's document, all from one description of its
fields.

Each game lists its observation's fields as `Kind` values (an integer in a range, one of
some strings, a list of …); the writer, the strict reader and the schema all follow that
list, so the three cannot drift apart. A game adds its rule-dependent checks (lengths per
player, positions on the track) as a ``check`` function returning a problem or ``None``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any, Generic, TypeVar

import attrs

from . import jsonio
from .checks import quote, type_name
from .errors import ArgumentError, StateError

KIND = "observation"


@attrs.frozen
class Kind:
    """How one JSON value is read (strictly, `StateError` on anything else) and described
    (its JSON Schema)."""

    read: Callable[[Any], Any]
    schema: dict[str, Any]


def integer(low: int, high: int | None = None) -> Kind:
    """An integer from ``low`` to ``high`` (inclusive; no upper bound for ``None``)."""

    def read(value: Any) -> int:
        number = jsonio.integer(value)
        if number < low or (high is not None and number > high):
            raise StateError(f"{number} is outside {low} … {'' if high is None else high}")
        return number

    schema: dict[str, Any] = {"type": "integer", "minimum": low}
    if high is not None:
        schema["maximum"] = high
    return Kind(read, schema)


BOOLEAN = Kind(jsonio.boolean, {"type": "boolean"})


def choice(values: Sequence[Any]) -> Kind:
    """One of ``values`` (strings or integers, compared by type too)."""
    allowed = tuple(values)

    def read(value: Any) -> Any:
        if not any(type(value) is type(v) and value == v for v in allowed):
            raise StateError(f"{quote(value)} is not one of {list(allowed)}")
        return value

    return Kind(read, {"enum": list(dict.fromkeys(allowed))})


def member(enum: type[StrEnum]) -> Kind:
    """A member of a string ``enum``, written as its value (JSON writes a `StrEnum` so)."""
    return Kind(jsonio.member(enum), {"enum": [e.value for e in enum]})


def array(item: Kind, *, length: int | None = None, most: int | None = None) -> Kind:
    """A list of ``item`` (of exactly ``length`` items, or at most ``most``), read as a tuple."""

    def read(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise StateError(f"{quote(value)} is not a list")
        if length is not None and len(value) != length:
            raise StateError(f"a list of {len(value)} items, not {length}")
        if most is not None and len(value) > most:
            raise StateError(f"a list of {len(value)} items, more than {most}")
        return tuple(item.read(v) for v in value)

    schema: dict[str, Any] = {"type": "array", "items": item.schema}
    if length is not None:
        schema |= {"minItems": length, "maxItems": length}
    if most is not None:
        schema["maxItems"] = most
    return Kind(read, schema)


def pair(first: Kind, second: Kind) -> Kind:
    """A list of two values of the given kinds, read as a tuple."""

    def read(value: Any) -> tuple[Any, Any]:
        if not isinstance(value, list) or len(value) != 2:
            raise StateError(f"{quote(value)} is not a pair [a, b]")
        return first.read(value[0]), second.read(value[1])

    return Kind(read, {"type": "array", "prefixItems": [first.schema, second.schema],
                       "minItems": 2, "maxItems": 2})


def nullable(kind: Kind) -> Kind:
    """``null`` or a value of ``kind``."""
    return Kind(jsonio.optional(kind.read), {"anyOf": [{"type": "null"}, kind.schema]})


Obs = TypeVar("Obs")


@attrs.frozen
class Layout(Generic[Obs]):
    """One game's observation document: its class, its `Rules` class, the fields beside
    ``rules`` (in the class's order), which field is the viewer, and the rule-dependent
    check of a value read."""

    game: str
    observation: type[Obs]
    rules: type
    fields: dict[str, Kind]
    viewer: str
    check: Callable[[Any], str | None]


@functools.lru_cache(maxsize=64)
def _opening(game: str, rules: Any) -> tuple[str, str]:
    """A document's text before its ``player``, and from there to its fields: the envelope
    and the rules, written once per game and rules (an observation per decision needs
    them)."""
    head = jsonio.compact(jsonio.envelope(KIND, game))
    rules_text = jsonio.compact(jsonio.rules_to_data(rules))
    return f'{head[:-1]},"player":', f',"observation":{{"rules":{rules_text}'


def to_json(layout: Layout[Obs], observation: Obs,
            encode: Callable[[dict[str, Any]], str] = jsonio.compact) -> str:
    """``observation`` as its document ``{"schema", "version", "game", "player",
    "observation"}`` (the text `jsonio.dump` writes: its envelope and rules written once);
    ``encode`` writes its fields (`jsonio.compact`, or a faster writer of the same text)."""
    if type(observation) is not layout.observation:
        raise ArgumentError(f"observation_to_json needs a {layout.game} Observation, got "
                            f"{type_name(observation)}")
    if not callable(encode):
        raise ArgumentError(f"observation_to_json's encode must be a function, got "
                            f"{type_name(encode)}")
    head, rules = _opening(layout.game, getattr(observation, "rules"))  # noqa: B009
    player = getattr(observation, layout.viewer)
    fields = encode({name: getattr(observation, name) for name in layout.fields})
    if encode is not jsonio.compact and (type(fields) is not str
                                         or not fields.startswith("{")):  # a caller's writer
        raise ArgumentError(f"observation_to_json's encode must write a JSON object, "
                            f"got {type_name(fields)}")
    return (f"{head}{player if type(player) is int else jsonio.compact(player)}{rules}"
            f"{',' + fields[1:] if len(fields) > 2 else '}'}}}")


def from_json(layout: Layout[Obs], text: str | bytes) -> Obs:
    """The observation of a document of `to_json`; `StateError` (naming the field) on
    anything else, malformed or inconsistent."""
    data = jsonio.load(text, KIND, layout.game, ("player", "observation"))
    body = jsonio.field(data, "observation", jsonio.mapping)
    jsonio.keys(body, ("rules", *layout.fields), what="field 'observation'")
    rules: Any = jsonio.rules_from_data(layout.rules, body["rules"])
    values = {name: jsonio.field(body, name, kind.read) for name, kind in layout.fields.items()}
    build: Callable[..., Obs] = layout.observation
    observation = build(rules=rules, **values)
    if type(data["player"]) is not int or data["player"] != values[layout.viewer]:
        raise StateError(f"field 'player' {quote(data['player'])} is not the observation's "
                         f"viewer {values[layout.viewer]}")
    problem = layout.check(observation)
    if problem is not None:
        raise StateError(f"inconsistent observation: {problem}")
    return observation


def schema(layout: Layout[Any]) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the game's observation documents."""
    fields = {"rules": {"type": "object"}} | {n: k.schema for n, k in layout.fields.items()}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"amigo-rules/{layout.game}.observation.json",
        "title": f"{layout.game} observation document (seat protocol, version "
                 f"{jsonio.SCHEMA_VERSION})",
        "type": "object",
        "required": ["schema", "version", "game", "player", "observation"],
        "additionalProperties": False,
        "properties": {
            "schema": {"const": f"amigo-rules/{KIND}"},
            "version": {"const": jsonio.SCHEMA_VERSION},
            "game": {"const": layout.game},
            "player": {"type": "integer", "minimum": 0},
            "observation": {
                "type": "object",
                "required": list(fields),
                "additionalProperties": False,
                "properties": fields,
            },
        },
    }


def writer(layout: Layout[Obs]) -> Callable[[Obs], str]:
    """A game's ``observation_to_json``."""

    def observation_to_json(observation: Obs, *,
                            encode: Callable[[dict[str, Any]], str] = jsonio.compact) -> str:
        """The [seat protocol's](../protocol.md#observation-documents) observation document of
        ``observation``; ``observation_from_json`` reads it back exactly. ``encode`` writes
        the observation's fields, a dict of integers, booleans, strings, None and lists
        of them: compact ASCII JSON (`jsonio.compact`; a faster writer of the same text,
        such as the game server's, may be passed)."""
        return to_json(layout, observation, encode)

    return observation_to_json


def reader(layout: Layout[Obs]) -> Callable[[str | bytes], Obs]:
    """A game's ``observation_from_json``."""

    def observation_from_json(text: str | bytes) -> Obs:
        """The observation of a document of ``observation_to_json``; `StateError` (naming
        the field) on anything malformed or inconsistent."""
        return from_json(layout, text)

    return observation_from_json


def describer(layout: Layout[Any]) -> Callable[[], dict[str, Any]]:
    """A game's ``observation_schema``."""

    def observation_schema() -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of the game's observation documents."""
        return schema(layout)

    return observation_schema


def per_player(observation: Any, *names: str) -> str | None:
    """A problem if a field among ``names`` has not one entry per player."""
    players = observation.rules.players
    for name in names:
        if len(getattr(observation, name)) != players:
            return f"{name} needs one entry per player ({players})"
    return None


def seats(observation: Any, *names: str) -> str | None:
    """A problem if a field among ``names`` is not a seat of the game."""
    players = observation.rules.players
    for name in names:
        if not 0 <= getattr(observation, name) < players:
            return f"{name} {getattr(observation, name)} is not a seat 0-{players - 1}"
    return None
