"""``serve``: any of our agents as an engine, read from and written to streams."""

from __future__ import annotations

import io
import json

import amigo_rules as ar
from amigo_rules.protocol import messages, serve


def _act_lines(state) -> list[str]:
    module = ar.exxtra
    seat = module.current_player(state)
    legal = [{"id": module.action_id(state, m), "move": str(m)}
             for m in module.legal_moves(state)]
    hello = messages.hello("exxtra", {"players": 3, "max_turns": None}, 3, seat, 4, 1000,
                           None)
    act = messages.act(1, module.observation_to_json(module.observation(state, seat)), legal,
                       None)
    return [messages.encode(m).decode() for m in (hello, {"type": "later"}, act)]


def test_serve_answers_hello_and_act_with_a_legal_id_and_stops_at_quit():
    state = ar.exxtra.new_game(ar.exxtra.Rules(players=3), seed=2)
    state = ar.exxtra.apply(state, ar.exxtra.parse_move(state, "roll 4-5"))
    lines = [*_act_lines(state), messages.encode(messages.QUIT).decode(), "never read\n"]
    out = io.StringIO()
    assert serve("heuristic", stdin=io.StringIO("".join(lines)), stdout=out) == 0
    ready, move = (json.loads(line) for line in out.getvalue().splitlines())
    assert (ready["type"], ready["name"], ready["protocol"]) == ("ready", "heuristic", 1)
    legal_ids = [ar.exxtra.action_id(state, m) for m in ar.exxtra.legal_moves(state)]
    assert move["type"] == "move" and move["move_number"] == 1 and move["id"] in legal_ids


def test_serve_stops_with_exit_code_1_on_a_message_it_cannot_read(capsys):
    out = io.StringIO()
    assert serve("random", stdin=io.StringIO("not json\n"), stdout=out) == 1
    assert out.getvalue() == ""
    assert "not JSON" in capsys.readouterr().err
