"""Online play as players expect it (the game server's second version): open seats taken
with ``POST …/claim``, clocks that end a stalled table or let the game's default agent play
a missed move (kept across a restart), rematches, the games' seat kinds from the server,
names on the board, in the log and at the end in every game, seeds as strings, errors in
JSON's words. Clocks are tiny and the tests wait on the server's messages (a hang guard,
no wall-clock threshold)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from server_helpers import Client, bearer
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from amigo_rules import GAMES, get_game
from amigo_rules.agents import AGENTS
from amigo_rules.core.names import shown_name
from amigo_rules.server import open_storage
from amigo_rules.server.app import create_app

HOSTILE = '<script>alert(1)</script>&amp;"Ann"'
PAUSES = 1500
"""The hang guard of a wait that polls: this many pauses of 20 ms."""


async def _pause() -> None:
    import asyncio

    await asyncio.sleep(0.02)


def create(client: TestClient, game: str = "verflixxt", seats: Any = ("human", "human"),
           **fields: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": game, "seats": list(seats), **fields})
    assert answer.status_code == 201, answer.text
    table: dict[str, Any] = answer.json()
    return table


def facts_when(client: TestClient, table: str, condition: Any) -> dict[str, Any]:
    """The table's facts once ``condition(facts)`` holds (polled, with a hang guard)."""
    for _ in range(PAUSES):
        facts: dict[str, Any] = client.get(f"/api/tables/{table}").json()
        if condition(facts):
            return facts
        client.portal.call(_pause)  # type: ignore[union-attr]
    raise AssertionError(f"table {table} never got there: {facts}")


def messages_until(socket: Any, kind: str) -> list[dict[str, Any]]:
    """The messages a WebSocket gets up to and with the first of type ``kind``."""
    got: list[dict[str, Any]] = []
    while not got or got[-1]["type"] != kind:
        got.append(json.loads(socket.receive_text()))
    return got


# ---------------------------------------------------------------- open seats


def test_an_open_seat_goes_to_its_first_claimant_and_the_game_waits_for_it(
    client: TestClient
) -> None:
    table = create(client, seats=["agent:random", "open"], seed=4)
    tid = table["table"]
    assert table["seats"][1] == {"seat": 1, "kind": "open", "token": None, "url": None}
    facts = client.get(f"/api/tables/{tid}").json()
    assert facts["status"] == "waiting" and facts["seats"][1]["kind"] == "open"
    assert facts["to_move"] == 0 and facts["move_number"] == 1  # the setup's roll
    # a table of agents made after it, played to its end: the server's bots went round
    done = create(client, seats=["agent:random", "agent:random"], seed=4)["table"]
    facts_when(client, done, lambda f: f["status"] == "over")
    assert client.get(f"/api/tables/{tid}").json()["move_number"] == 1  # ours waits
    listed = next(t for t in client.get("/api/tables").json()["tables"] if t["table"] == tid)
    assert listed["open"] == [1] and listed["seats"] == ["agent:random", "open"]
    with client.websocket_connect(f"/ws/tables/{tid}/seats/1?token=guess") as socket, \
            pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_text()
    assert closed.value.code == 4403 and "open" in closed.value.reason
    claim = client.post(f"/api/tables/{tid}/seats/1/claim", json={"name": HOSTILE})
    assert claim.status_code == 201, claim.text
    token = claim.json()["token"]
    assert claim.json() == {"seat": 1, "token": token, "url": f"/play/{tid}/1#{token}"}
    again = client.post(f"/api/tables/{tid}/seats/1/claim", json={"name": "Bo"})
    assert again.status_code == 409 and "taken" in again.json()["error"]
    assert client.post(f"/api/tables/{tid}/seats/0/claim", json={"name": "Bo"}).status_code == 409
    facts = client.get(f"/api/tables/{tid}").json()
    assert facts["seats"][1]["kind"] == "human" and facts["names"][1] == HOSTILE
    assert client.get(f"/api/tables/{tid}/seats/1", headers=bearer(token)).status_code == 200
    listed = next(t for t in client.get("/api/tables").json()["tables"] if t["table"] == tid)
    assert listed["open"] == []
    with client.websocket_connect(f"/ws/tables/{tid}/seats/1?token={token}") as socket:
        messages_until(socket, "act")  # the game began: the agent moved, our turn came
    board = client.get(f"/api/tables/{tid}/board.svg").text
    assert HOSTILE not in board and "&lt;script&gt;" in board  # the name, escaped


@pytest.mark.parametrize("body, status, words", [
    ({}, 400, "'name'"),
    ({"name": ""}, 400, "'name'"),
    ({"name": "x" * 101}, 400, "'name'"),
    ({"name": 7}, 400, "'name'"),
    ({"name": "Ann\u202egnp.exe"}, 400, "U+202E"),
    ({"name": "Ann\nBo"}, 400, "U+000A"),
    ({"name": "A", "token": "x"}, 400, "unknown field"),
])
def test_a_claim_needs_a_name(client: TestClient, body: Any, status: int, words: str) -> None:
    tid = create(client, seats=["open", "open"])["table"]
    answer = client.post(f"/api/tables/{tid}/seats/1/claim", json=body)
    assert answer.status_code == status and words in answer.json()["error"]
    assert client.post(f"/api/tables/{tid}/seats/2/claim", json={"name": "A"}).status_code == 404
    assert client.post(f"/api/tables/{tid}/seats/1/claim", content=b'{"name": "A"}',
                       headers={"Content-Type": "text/plain"}).status_code == 415
    assert client.post(f"/api/tables/{tid}/seats/1/claim", json={"name": "A"},
                       headers={"Origin": "https://evil.example"}).status_code == 403
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["kind"] == "open"


# ---------------------------------------------------------------- the games' seats


def test_the_lobby_s_seat_kinds_come_from_the_registries(client: TestClient) -> None:
    games = {g["game"]: g for g in client.get("/api/games").json()["games"]}
    assert sorted(games) == sorted(GAMES)
    for name, facts in games.items():
        assert facts["agents"] == list(AGENTS[name])
        assert facts["seats"] == ["human", "remote", "open",
                                  *(f"agent:{a}" for a in AGENTS[name])]
        spec = get_game(name).spec(get_game(name).Rules())
        assert (facts["min_players"], facts["max_players"]) == (spec.min_players,
                                                                spec.max_players)
    assert "agent:heuristic" not in games["verflixxt_hoch"]["seats"]
    assert games["exxtra"]["default_agent"] == "heuristic"
    assert games["verflixxt_hoch"]["default_agent"] == "greedy"


# ---------------------------------------------------------------- clocks


def test_a_seat_that_lets_its_clock_run_out_forfeits_and_the_table_ends(
    client: TestClient
) -> None:
    table = create(client, seats=["human", "human"], seed=5,
                   clock={"move_seconds": 0.05, "on_timeout": "forfeit"})
    tid = table["table"]
    with client.websocket_connect(f"/ws/tables/{tid}/watch") as socket:
        end = messages_until(socket, "end")[-1]
    facts = client.get(f"/api/tables/{tid}").json()
    assert end["reason"] == "timeout" and end["winners"] == []
    assert re.fullmatch(f"P{facts['forfeit']} forfeited at move [0-9]+: its time for a move "
                        f"ran out. Nobody wins.", end["explanation"])
    assert facts["status"] == "over" and facts["clock"] == {"move_seconds": 0.05,
                                                            "on_timeout": "forfeit"}


def test_the_clock_s_agent_plays_missed_moves_and_the_seat_keeps_its_place(
    client: TestClient
) -> None:
    table = create(client, seats=["human", "human"], seed=6,
                   clock={"move_seconds": 0.02, "on_timeout": "agent"})
    tid, token = table["table"], table["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}/seats/0?token={token}") as socket:
        assert json.loads(socket.receive_text())["limits"]["move_ms"] == 20
        socket.send_text(json.dumps({"type": "ready", "name": "Ann"}))
        got = messages_until(socket, "end")
    acts = [m for m in got if m["type"] == "act"]
    assert acts and all(type(m["deadline_ms"]) is int and 0 <= m["deadline_ms"] <= 20
                        for m in acts)
    texts = [m["text"] for m in got if m["type"] == "event"]
    assert any(text.endswith("'s time ran out: greedy played this move)") for text in texts)
    assert any("Ann's time ran out" in text for text in texts)
    assert got[-1]["reason"] == "rules"  # played to the end by the rules
    assert client.get(f"/api/tables/{tid}").json()["seats"][0]["kind"] == "human"


def test_without_a_clock_act_has_no_deadline_and_the_facts_say_since_when(
    client: TestClient
) -> None:
    table = create(client, seats=["human", "human"], seed=7)
    tid, seat = table["table"], table["seats"][0]
    with client.websocket_connect(f"/ws/tables/{tid}/seats/0?token={seat['token']}") as ws:
        hello = json.loads(ws.receive_text())
        assert hello["type"] == "hello" and hello["limits"]["move_ms"] is None
    facts = facts_when(client, tid, lambda f: f["to_move"] is not None)
    assert facts["clock"] is None and facts["deadline_ms"] is None
    assert facts["since"] >= facts["created"]
    listed = next(t for t in client.get("/api/tables").json()["tables"] if t["table"] == tid)
    assert listed["since"] >= listed["created"] and listed["clock"] is None


def test_a_clock_runs_out_across_a_restart(database: str) -> None:
    storage = open_storage(database)
    with Client(create_app(storage)) as first:
        table = create(first, seats=["human", "human"], seed=8,
                       clock={"move_seconds": 0.5, "on_timeout": "forfeit"})
        tid = table["table"]
        assert first.get(f"/api/tables/{tid}").json()["status"] == "waiting"
    storage.close()  # stopped before the clock ran out (its timer gone with it)
    storage = open_storage(database)
    with Client(create_app(storage)) as second:  # nobody opens the table: the scan does
        row = storage.table(tid)
        for _ in range(PAUSES):
            row = storage.table(tid)
            if row.status == "over":
                break
            second.portal.call(_pause)  # type: ignore[union-attr]
        assert row.status == "over" and storage.moves(tid)[-1] == "forfeit"
        assert second.get(f"/api/tables/{tid}").json()["forfeit"] in (0, 1)
    storage.close()


@pytest.mark.parametrize("clock, words", [
    ({"move_seconds": 0}, "'clock.move_seconds'"),
    ({"move_seconds": "3"}, "'clock.move_seconds'"),
    ({"move_seconds": 1e9}, "'clock.move_seconds'"),
    ({"move_seconds": 3, "on_timeout": "pass"}, "'clock.on_timeout'"),
    ({"move_seconds": 3, "extra": 1}, "'clock' must be"),
    (3, "'clock' must be"),
])
def test_a_bad_clock_is_refused(client: TestClient, clock: Any, words: str) -> None:
    answer = client.post("/api/tables", json={"game": "verflixxt", "seats": ["human"] * 2,
                                              "clock": clock})
    assert answer.status_code == 400 and words in answer.json()["error"], answer.text


# ---------------------------------------------------------------- rematches


def test_a_rematch_keeps_the_seats_tokens_and_clock_with_a_new_seed(client: TestClient) -> None:
    clock = {"move_seconds": 0.02, "on_timeout": "agent"}
    table = create(client, seats=["human", "open"], seed=9, clock=clock)
    tid, token = table["table"], table["seats"][0]["token"]
    assert client.post(f"/api/tables/{tid}/rematch", json={},
                       headers=bearer(token)).status_code == 409  # not over yet
    other = client.post(f"/api/tables/{tid}/seats/1/claim", json={"name": "Bo"}).json()
    with client.websocket_connect(f"/ws/tables/{tid}/seats/0?token={token}") as socket:
        messages_until(socket, "end")
        assert client.post(f"/api/tables/{tid}/rematch", json={}).status_code == 401
        assert client.post(f"/api/tables/{tid}/rematch", json={},
                           headers=bearer("x" * 40)).status_code == 403
        made = client.post(f"/api/tables/{tid}/rematch", json={},
                           headers=bearer(other["token"]))
        assert made.status_code == 201, made.text
        new = made.json()["table"]
        assert messages_until(socket, "rematch")[-1] == {"type": "rematch", "table": new}
    again = client.post(f"/api/tables/{tid}/rematch", json={}, headers=bearer(token))
    assert again.status_code == 200 and again.json() == {"table": new}
    old, facts = client.get(f"/api/tables/{tid}").json(), client.get(f"/api/tables/{new}").json()
    assert old["rematch"] == new and facts["rematch"] is None
    assert [s["kind"] for s in facts["seats"]] == ["human", "human"]
    assert facts["clock"] == clock and facts["game"] == old["game"]
    assert facts["names"] == old["names"] == [None, "Bo"]
    for seat, grant in enumerate((token, other["token"])):  # the old links, the new id
        assert client.get(f"/api/tables/{new}/seats/{seat}",
                          headers=bearer(grant)).status_code == 200
    with client.websocket_connect(f"/ws/tables/{new}/watch") as socket:
        messages_until(socket, "end")
    assert client.get(f"/api/tables/{new}").json()["seed"] != old["seed"]


# ---------------------------------------------------------------- names everywhere


@pytest.mark.parametrize("game, players", [("verflixxt", 2), ("verflixxt_hoch", 2),
                                           ("exxtra", 3)])
def test_names_reach_the_board_the_log_and_the_end_in_every_game(
    client: TestClient, game: str, players: int
) -> None:
    table = create(client, game, seats=["human"] * players, seed=10,
                   clock={"move_seconds": 0.01, "on_timeout": "agent"})
    tid, token = table["table"], table["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}/seats/0?token={token}") as socket:
        socket.receive_text()
        socket.send_text(json.dumps({"type": "ready", "name": HOSTILE}))
        got = messages_until(socket, "end")
    end, shown = got[-1], shown_name(HOSTILE)  # cut to 24 characters
    assert shown in end["explanation"] and shown.startswith("<script>")
    assert [row["name"] for row in end["sheet"]["rows"] if row["player"] == 0] == [shown]
    assert any(shown in m["text"] for m in got if m["type"] == "event")
    with client.websocket_connect(f"/ws/tables/{tid}/watch") as socket:  # worded again
        told = [m["text"] for m in messages_until(socket, "end") if m["type"] == "event"]
    assert any(shown in text for text in told) and not any("P0" in t for t in told)
    board = client.get(f"/api/tables/{tid}/seats/0/board.svg", headers=bearer(token)).text
    assert html.escape(shown, quote=False) in board and "<script>" not in board


# ---------------------------------------------------------------- seeds and errors


def test_a_seed_given_as_a_string_is_exact(client: TestClient) -> None:
    seed = "12345678901234567891"  # above 2**53: a JavaScript number would round it
    tid = create(client, seats=["agent:random", "agent:random"], seed=seed)["table"]
    facts = facts_when(client, tid, lambda f: f["status"] == "over")
    assert facts["seed"] == int(seed)
    assert client.get(f"/api/tables/{tid}/record").json()["seed"] == int(seed)


@pytest.mark.parametrize("body, words", [
    (b'{"game": "verflixxt", "seats": ["human", "human"], "seed": true}', "got true"),
    (b'{"game": "verflixxt", "seats": ["human", "human"], "rules": {"players": null}}',
     "got null"),
    (b'{"game": "verflixxt", "seats": ["human", "human"], "seed": "12x"}',
     "'seed' must be an integer, a string of digits or null"),
    (b'{"game": "verflixxt", "seats": ["human", "human"], "seed": ' + b"9" * 5000 + b"}",
     "an integer in the body is too large"),
    (b"[" * 5000 + b"]" * 5000, "the body is nested too deep"),
    (b'{"game": ', "the body is not JSON"),
])
def test_errors_speak_json(client: TestClient, body: bytes, words: str) -> None:
    answer = client.post("/api/tables", content=body,
                         headers={"Content-Type": "application/json"})
    error = answer.json()["error"]
    assert answer.status_code == 400 and words in error, error
    assert not {"None", "True", "False"} & set(error.replace("'", " ").split())
