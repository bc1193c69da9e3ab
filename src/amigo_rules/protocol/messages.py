"""The seat protocol's messages: one JSON object a line, written here and read
here strictly. What the other side sends is hostile input: a reader accepts only the
message types and fields the protocol names (unknown fields are ignored) and raises
`ProtocolError` with a short message naming what was wrong.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..core import GAMES
from ..core.checks import quote
from ..core.errors import AmigoRulesError

PROTOCOL = 1
"""The protocol's version."""
MAX_LINE = 1 << 20
"""The longest message line (1 MiB); a longer one is a protocol error."""
SEAT_TYPES = ("ready", "move", "info")
HOST_TYPES = ("hello", "act", "event", "end", "error", "quit")
REASONS = ("rules", "truncated", "forfeit")
MAX_NAME = 100
"""The longest engine name, version or author accepted from a ``ready``."""
UNSHOWABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e"
                        "\u2066-\u2069]")
"""What a name must not hold: control characters (a line break, NUL, an escape), line and
paragraph separators, and the bidirectional controls that turn the text around it."""

Message = dict[str, Any]


class ProtocolError(AmigoRulesError):
    """A message the protocol does not allow: not JSON, a wrong type, a missing field."""


def encode(message: Message) -> bytes:
    """One message as its line: compact JSON, UTF-8, ``\\n``-ended (a `Raw` value is
    embedded as the JSON text it is)."""
    return (text(message) + "\n").encode()


def text(message: Message) -> str:
    """One message as its compact JSON text, without the line's end (a WebSocket frame).
    Written as `json` writes it, field by field, the simple values directly (the host
    writes one a move for every seat)."""
    fields = []
    for key, value in message.items():
        kind = type(value)
        if kind is str:
            written = _STRING(value)
        elif kind is int:
            written = int.__repr__(value)
        elif value is None:
            written = "null"
        elif kind is Raw:
            written = value
        else:
            written = _ENCODE(value)
        fields.append(f"{_STRING(key)}:{written}")
    return "{" + ",".join(fields) + "}"


_ENCODE = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
_STRING = json.encoder.encode_basestring
"""A string as JSON, as `_ENCODE` writes it (``ensure_ascii`` off)."""


def hello(game: str, rules: Message, players: int, seat: int, seed: int | None,
          handshake_ms: int, move_ms: int | None) -> Message:
    return {"type": "hello", "protocol": PROTOCOL, "game": game, "rules": rules,
            "players": players, "seat": seat, "seed": seed,
            "limits": {"handshake_ms": handshake_ms, "move_ms": move_ms}}


class Raw(str):
    """JSON text already written (an observation document), embedded as it is."""


def act(move_number: int, observation: Raw | str, legal: list[Message],
        deadline_ms: int | None) -> Message:
    """``observation`` is the document's text (``observation_to_json``), embedded as is."""
    return {"type": "act", "move_number": move_number, "observation": Raw(observation),
            "legal": legal, "deadline_ms": deadline_ms}


def event(move_number: int, player: int, move: str | None, text: str) -> Message:
    return {"type": "event", "move_number": move_number, "player": player, "move": move,
            "text": text}


def end(returns: list[float], scores: list[int], winners: list[int], reason: str) -> Message:
    return {"type": "end", "returns": returns, "scores": scores, "winners": winners,
            "reason": reason}


def error(message: str) -> Message:
    return {"type": "error", "message": message}


QUIT: Message = {"type": "quit"}


def decode(line: bytes | str) -> Message:
    """A JSON object with a string ``type`` from one line; `ProtocolError` otherwise."""
    if len(line) > MAX_LINE:
        raise ProtocolError(f"a line of {len(line)} bytes, over the 1 MiB limit")
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        raise ProtocolError(f"not JSON: {quote(_text(line))}") from None
    if not isinstance(data, dict):
        raise ProtocolError(f"not a JSON object: {quote(_text(line))}")
    kind = data.get("type")
    if type(kind) is not str:
        raise ProtocolError(f"a message without a string 'type': {quote(_text(line))}")
    return data


def _text(line: bytes | str) -> str:
    return line.decode("utf-8", "replace").rstrip("\n") if isinstance(line, bytes) else line


def _string(data: Message, key: str, *, optional: bool = False) -> None:
    value = data.get(key)
    if value is None and optional and key not in data:
        return
    if type(value) is not str or not value.strip() or len(value) > MAX_NAME:
        raise ProtocolError(f"'{data['type']}': {key!r} must be a non-empty string of at "
                            f"most {MAX_NAME} characters, got {quote(value)}")
    if (bad := UNSHOWABLE.search(value)) is not None:
        raise ProtocolError(f"'{data['type']}': {key!r} must hold no control or "
                            f"bidirectional override character, got U+{ord(bad[0]):04X} in "
                            f"{quote(value)}")


def _integer(data: Message, key: str) -> int:
    value = data.get(key)
    if type(value) is not int:
        raise ProtocolError(f"'{data['type']}': {key!r} must be an integer, got "
                            f"{quote(value)}")
    return value


def read_seat(line: bytes | str) -> Message:
    """A message from a seat (``ready``, ``move``, ``info``), its fields checked."""
    data = decode(line)
    kind = data["type"]
    if kind == "ready":
        _string(data, "name")
        _string(data, "version", optional=True)
        _string(data, "author", optional=True)
        if "protocol" in data and data["protocol"] != PROTOCOL:
            raise ProtocolError(f"'ready': protocol {quote(data['protocol'])} is not "
                                f"{PROTOCOL}")
    elif kind == "move":
        _integer(data, "move_number")
        if "id" not in data and "move" not in data:
            raise ProtocolError("'move' needs an 'id' or a 'move'")
        if "id" in data:
            _integer(data, "id")
        if "move" in data and type(data["move"]) is not str:
            raise ProtocolError(f"'move': 'move' must be a string, got {quote(data['move'])}")
    elif kind == "info":
        if type(data.get("text")) is not str:
            raise ProtocolError(f"'info': 'text' must be a string, got "
                                f"{quote(data.get('text'))}")
    else:
        raise ProtocolError(f"unknown message type {quote(kind)} (a seat sends "
                            f"{', '.join(SEAT_TYPES)})")
    return data


def read_host(line: bytes | str) -> Message | None:
    """A message from the host, or ``None`` for a type this seat does not know (ignored,
    as the protocol says); the fields a seat relies on are checked."""
    data = decode(line)
    kind = data["type"]
    if kind not in HOST_TYPES:
        return None
    if kind == "hello":
        if data.get("protocol") != PROTOCOL:
            raise ProtocolError(f"'hello': protocol {quote(data.get('protocol'))} is not "
                                f"{PROTOCOL}")
        if data.get("game") not in GAMES:
            raise ProtocolError(f"'hello': unknown game {quote(data.get('game'))}")
        _integer(data, "seat")
        _integer(data, "players")
    elif kind == "act":
        _integer(data, "move_number")
        legal = data.get("legal")
        if not isinstance(legal, list) or not legal or not all(
            isinstance(m, dict) and type(m.get("id")) is int and type(m.get("move")) is str
            for m in legal
        ):
            raise ProtocolError("'act': 'legal' must be a non-empty list of {id, move}")
        if not isinstance(data.get("observation"), dict):
            raise ProtocolError("'act': 'observation' must be an object")
    return data
