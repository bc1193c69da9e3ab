"""The messages: written as one JSON line, read strictly (a seat's message is hostile
input; a host's unknown types are ignored)."""

from __future__ import annotations

import json
import re

import pytest

from amigo_rules import IllegalMoveError, exxtra
from amigo_rules.protocol import messages
from amigo_rules.protocol.host import answered_move, legal_entries
from amigo_rules.protocol.messages import ProtocolError, read_host, read_seat


def test_a_message_is_one_compact_utf8_line():
    line = messages.encode(messages.event(3, -1, None, "chance: roll 7-X"))
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert json.loads(line) == {"type": "event", "move_number": 3, "player": -1,
                                "move": None, "text": "chance: roll 7-X"}


@pytest.mark.parametrize("value", [
    "chance: roll 7-X", "Ärger \"quoted\" \\ back\nnewline\t\u0001 \u2028 ☃ 😀", "", 0, -3,
    2**70, True, False, None, 0.5, -1e300, [1, "a", None, [True]], {"a": {"b": [1.5]}},
    {1: "int key"}, [{"id": 3, "move": "card 4o pawn 0"}], (1, 2),
])
def test_a_line_is_what_json_writes(value):
    """Each kind of value written field by field as `json` writes it, compactly."""
    message = {"type": "event", "value": value, "ünïcode key": value}
    assert messages.encode(message) == (json.dumps(
        message, separators=(",", ":"), ensure_ascii=False) + "\n").encode()


def test_a_raw_value_goes_in_as_its_text():
    line = messages.encode(messages.act(2, '{"player": 0}', [{"id": 1, "move": "x"}], None))
    assert line == (b'{"type":"act","move_number":2,"observation":{"player": 0},'
                    b'"legal":[{"id":1,"move":"x"}],"deadline_ms":null}\n')


@pytest.mark.parametrize(
    "line",
    [
        '{"type": "ready", "name": "bot"}',
        '{"type": "ready", "name": "bot", "version": "2", "author": "me", "protocol": 1}',
        '{"type": "move", "move_number": 4, "id": 7}',
        '{"type": "move", "move_number": 4, "move": "place 3", "later": [1, 2]}',
        '{"type": "info", "text": "thinking"}',
    ],
)
def test_a_seats_good_messages_are_read(line):
    assert read_seat(line) == json.loads(line)


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("", "not JSON"),
        ("\x00\xff garbage", "not JSON"),
        ("[1, 2]", "not a JSON object"),
        ('{"name": "bot"}', "without a string 'type'"),
        ('{"type": "hello"}', "unknown message type 'hello'"),
        ('{"type": "ready"}', "'name' must be a non-empty string"),
        ('{"type": "ready", "name": "  "}', "'name' must be a non-empty string"),
        ('{"type": "ready", "name": "' + "x" * 101 + '"}', "at most 100"),
        ('{"type": "ready", "name": "b", "version": 2}', "'version' must be"),
        ('{"type": "ready", "name": "b", "protocol": 2}', "protocol 2 is not 1"),
        ('{"type": "move", "id": 3}', "'move_number' must be an integer"),
        ('{"type": "move", "move_number": 1.0, "id": 3}', "'move_number' must be an integer"),
        ('{"type": "move", "move_number": 1}', "needs an 'id' or a 'move'"),
        ('{"type": "move", "move_number": 1, "id": true}', "'id' must be an integer"),
        ('{"type": "move", "move_number": 1, "move": 3}', "'move' must be a string"),
        ('{"type": "info"}', "'text' must be a string"),
    ],
)
def test_a_seats_bad_message_is_a_protocol_error_saying_what(line, says):
    with pytest.raises(ProtocolError, match=says):
        read_seat(line)


def test_a_line_over_one_mebibyte_is_refused_before_parsing():
    with pytest.raises(ProtocolError, match="over the 1 MiB limit"):
        read_seat(b'{"type": "info", "text": "' + b"x" * messages.MAX_LINE + b'"}')


def test_the_seat_ignores_a_hosts_unknown_type_but_checks_what_it_relies_on():
    assert read_host('{"type": "vote", "x": 1}') is None
    with pytest.raises(ProtocolError, match="unknown game"):
        read_host('{"type": "hello", "protocol": 1, "game": "chess", "seat": 0, '
                  '"players": 2}')
    with pytest.raises(ProtocolError, match="'legal' must be a non-empty list"):
        read_host('{"type": "act", "move_number": 0, "observation": {}, "legal": []}')


@pytest.mark.parametrize(("action", "notation", "says"), [
    (10**6, None, "id 1000000 is not a legal move here"),
    (None, "fly away", "'fly away' is not a legal move here"),
    (0, "place 5", "id 0 and move 'place 5' name different moves"),
    (None, None, "needs an 'id' or a 'move'"),
])
def test_an_answer_naming_no_legal_move_is_refused(action, notation, says) -> None:
    state = exxtra.apply(exxtra.new_game(), exxtra.Roll(7, 6))
    legal = exxtra.legal_moves(state)
    entries = legal_entries(exxtra, state, legal)
    assert answered_move(legal, entries, entries[-1]["id"], " Place 5 ") == exxtra.Place(5)
    with pytest.raises(IllegalMoveError, match=re.escape(says)):
        answered_move(legal, entries, action, notation)
