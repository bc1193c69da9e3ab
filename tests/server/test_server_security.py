"""The game server as a security reviewer tries it: a page elsewhere forging a request that
would run a program, a host name that is not the server's (DNS rebinding), an engine that
would read the server's secrets, bodies and paths built to break the parser, headers that
keep the pages out of frames, names that turn text around, seeds a creator could compute."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from server_helpers import ADMIN, bearer, engines
from starlette.websockets import WebSocketDisconnect

from amigo_rules import GameRecord, get_game
from amigo_rules.server.settings import Settings, played_seed

ENGINE_WRITES_ITS_ENVIRONMENT = """
import json, os, sys
open(sys.argv[1], "w").write(json.dumps(dict(os.environ)))
"""
"""An engine that writes its environment to a file (and exits: its seat forfeits)."""


def engine_table(marker: Path) -> dict[str, Any]:
    """A new table's body: a person and an engine that writes its environment to
    ``marker``."""
    script = marker.with_suffix(".py")
    script.write_text(ENGINE_WRITES_ITS_ENVIRONMENT)
    return {"game": "verflixxt", "seats": ["human", f"engine:{sys.executable} {script} {marker}"],
            "seed": 1}


def test_a_forged_cross_site_request_runs_no_program(opened: Any, tmp_path: Path) -> None:
    """A page elsewhere can send a text/plain or form body without asking first, with its
    own Origin: neither creates a table, and the engine never runs."""
    client = opened(engines())
    marker = tmp_path / "ran"
    body = json.dumps(engine_table(marker))
    forged = [
        client.post("/api/tables", content=body, headers={
            "Content-Type": "text/plain", "Origin": "http://evil.example", **bearer(ADMIN)}),
        client.post("/api/tables", content=body, headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Origin": "http://evil.example"}),
        client.post("/api/tables", content=body, headers={"Content-Type": "text/plain"}),
        client.post("/api/tables", content=body, headers={
            "Content-Type": "application/json", "Origin": "http://evil.example",
            **bearer(ADMIN)}),
        client.post("/api/tables", content=body, headers={
            "Content-Type": "application/json", "Origin": "null", **bearer(ADMIN)}),
        client.post("/api/tables", content=body, headers={
            "Content-Type": "application/json", "Origin": "http://localhost.evil.example"}),
    ]
    assert [answer.status_code for answer in forged] == [403, 403, 415, 403, 403, 403]
    assert all(answer.json()["error"] for answer in forged)
    assert client.get("/api/tables").json()["tables"] == []
    assert not marker.exists()


def test_an_engine_seat_needs_the_operator_token(opened: Any, tmp_path: Path) -> None:
    client = opened(engines())
    marker = tmp_path / "ran"
    body = engine_table(marker)
    for headers in ({}, bearer("wrong"), bearer(ADMIN[:-1]), bearer("x" * 10_000)):
        answer = client.post("/api/tables", json=body, headers=headers)
        assert answer.status_code == 403 and "operator token" in answer.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []
    same_origin = {"Origin": "http://localhost", **bearer(ADMIN)}
    assert client.post("/api/tables", json=body, headers=same_origin).status_code == 201


def test_engines_need_an_operator_token_to_be_allowed(tmp_path: Path) -> None:
    from amigo_rules.core.errors import ArgumentError
    from amigo_rules.server.settings import read_admin_token

    with pytest.raises(ArgumentError, match="--admin-token-file"):
        Settings(allow_engines=True)
    with pytest.raises(ArgumentError, match="at least 16"):
        Settings(allow_engines=True, admin_token="short")
    token_file = tmp_path / "token"
    token_file.write_text(f"{ADMIN}\n")
    assert read_admin_token(token_file, {}) == ADMIN
    assert read_admin_token(None, {"AMIGO_RULES_ADMIN_TOKEN": f" {ADMIN} "}) == ADMIN
    assert read_admin_token(None, {}) is None
    with pytest.raises(ArgumentError, match="cannot read the operator token file"):
        read_admin_token(tmp_path / "missing", {})


def test_an_engine_starts_with_a_minimal_environment(
        opened: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AMIGO_SECRET_OF_THE_SERVER", "do-not-leak")
    monkeypatch.setenv("ENGINE_OPTION", "passed-on")
    monkeypatch.setenv("LANG", "C.UTF-8")
    client = opened(engines(engine_env=("ENGINE_OPTION",)))
    marker = tmp_path / "ran"
    created = client.post("/api/tables", json=engine_table(marker), headers=bearer(ADMIN))
    assert created.status_code == 201, created.text
    table = created.json()
    token = table["seats"][0]["token"]
    url = f"/api/tables/{table['table']}"
    for _ in range(2000):  # seat 0 plays until the engine is to move (and forfeits)
        if client.get(url).json()["status"] == "over":
            break
        view = client.get(f"{url}/seats/0", headers=bearer(token)).json()
        if view["legal"]:
            client.post(f"{url}/seats/0/moves", headers=bearer(token), json={
                "move_number": view["move_number"], "id": view["legal"][0]["id"]})
    assert client.get(url).json()["forfeit"] == 1
    seen = json.loads(marker.read_text())
    assert seen.get("ENGINE_OPTION") == "passed-on" and seen.get("LANG") == "C.UTF-8"
    assert "AMIGO_SECRET_OF_THE_SERVER" not in seen
    assert set(seen) <= {"PATH", "HOME", "LANG", "ENGINE_OPTION", "LC_CTYPE"}  # (libc's own)


@pytest.mark.parametrize(("host", "status"), [
    ("attacker.example", 400), ("attacker.example:8000", 400), ("", 400),
    ("localhost.attacker.example", 400), ("127.0.0.1.nip.io", 400),
    ("localhost", 200), ("LOCALHOST:8000", 200), ("127.0.0.1:1234", 200),
    ("games.example.org", 200), ("[::1]:80", 400),
])
def test_a_request_must_name_one_of_the_servers_hosts(opened: Any, host: str,
                                                      status: int) -> None:
    """DNS rebinding: a page at attacker.example resolved to this server is its own
    origin for the browser, but its requests say ``Host: attacker.example``."""
    client = opened(Settings(allow_hosts=("games.example.org",)))
    answer = client.get("/api/tables", headers={"Host": host})
    assert answer.status_code == status, answer.text
    if status == 400:
        assert "does not answer to the host" in answer.json()["error"]
        assert answer.headers["x-content-type-options"] == "nosniff"


def test_websockets_check_the_host_and_the_origin(opened: Any) -> None:
    client = opened(Settings(allow_origins=("https://games.example.org",)))
    table = client.post("/api/tables", json={"game": "exxtra",
                                             "seats": ["agent:random"] * 3}).json()["table"]
    for headers, code in (({"Host": "attacker.example"}, 4400),
                          ({"Origin": "http://attacker.example"}, 4403)):
        with client.websocket_connect(f"/ws/tables/{table}/watch", headers=headers) as socket, \
                pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_text()
        assert closed.value.code == code
    for origin in ("http://localhost", "https://games.example.org"):
        with client.websocket_connect(f"/ws/tables/{table}/watch",
                                      headers={"Origin": origin}) as socket:
            assert json.loads(socket.receive_text())["type"] == "hello"


@pytest.mark.parametrize("content_type", [None, "text/plain", "multipart/form-data; boundary=x",
                                          "application/x-www-form-urlencoded",
                                          "application/jsonx", "text/json"])
def test_a_post_takes_json_only(opened: Any, content_type: str | None) -> None:
    client = opened()
    body = b'{"game": "exxtra", "seats": ["human", "human", "human"]}'
    answer = client.post("/api/tables", content=body, headers=(
        {} if content_type is None else {"Content-Type": content_type}))
    assert answer.status_code == 415 and "application/json" in answer.json()["error"]
    answer = client.post("/api/tables", content=body,
                         headers={"Content-Type": "Application/JSON; charset=utf-8"})
    assert answer.status_code == 201


def test_every_response_carries_the_security_headers(opened: Any) -> None:
    client = opened()
    table = client.post("/api/tables", json={"game": "exxtra", "seats": ["human"] * 3}).json()
    answers = [client.get(path) for path in (
        "/", "/play/x/0", "/watch/x", "/static/table.js", "/static/table.css", "/api/tables",
        f"/api/tables/{table['table']}", f"/api/tables/{table['table']}/board.svg",
        f"/api/tables/{table['table']}/record", "/api/tables/nosuch", "/nope")]
    answers += [client.delete("/api/tables"), client.post("/api/tables", content=b"{"),
                client.get("/", headers={"Host": "evil.example"})]
    assert [a.status_code for a in answers] == [200] * 8 + [403, 404, 404, 405, 415, 400]
    for answer in answers:
        policy = answer.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "default-src 'none'" in policy
        assert "script-src 'self';" in policy
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["referrer-policy"] == "no-referrer"
        assert answer.headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize("seat", ["%C2%B2", "%D9%A1", "1%00", "+1", " 1", "01a", "99999999",
                                  "-1", "1.0", "%EF%BC%91"])
def test_a_seat_number_is_ascii_digits(opened: Any, seat: str) -> None:
    """``'²'.isdigit()`` and ``'١'.isdigit()`` are true, ``int('²')`` fails: a 404, not a
    500 with a traceback."""
    client = opened()
    table = client.post("/api/tables", json={"game": "exxtra", "seats": ["human"] * 3}).json()
    token = table["seats"][0]["token"]
    for path in (f"/api/tables/{table['table']}/seats/{seat}",
                 f"/api/tables/{table['table']}/seats/{seat}/board.svg"):
        answer = client.get(path, headers=bearer(token))
        assert answer.status_code == 404, (path, answer.text)
        assert "no seat" in answer.json()["error"]
    for table_id in ("%C2%B2", "a%00b", "a.b", "x" * 51):
        assert client.get(f"/api/tables/{table_id}").status_code == 404


def test_a_body_built_to_break_the_parser_is_a_400(opened: Any) -> None:
    client = opened()
    deep = {"game": "verflixxt_hoch", "seats": ["human", "human"], "rules": {"layout": None}}
    layout: Any = "S"
    for _ in range(900):
        layout = [layout]
    deep["rules"]["layout"] = layout
    answer = client.post("/api/tables", content=json.dumps(deep),
                         headers={"Content-Type": "application/json"})
    assert answer.status_code == 400 and answer.json()["error"]
    for body in (b"[" * 5000 + b"]" * 5000, b'{"seed": ' + b"9" * 5000 + b"}",
                 b'{"game": "\xff\xfe"}', b"\x00"):
        answer = client.post("/api/tables", content=body,
                             headers={"Content-Type": "application/json"})
        assert answer.status_code == 400, (body[:20], answer.text)
    assert client.get("/api/tables").json()["tables"] == []


@pytest.mark.parametrize("name", ["Eve\u202egnp.exe", "two\nlines", "nul\x00", "esc\x1b[2J",
                                  "\u2066isolate", "del\x7f", "line\u2028separator"])
def test_a_name_that_turns_text_around_is_refused(opened: Any, name: str) -> None:
    client = opened()
    table = client.post("/api/tables", json={"game": "exxtra", "seats": ["remote"] * 3}).json()
    token = table["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table['table']}/seats/0?token={token}") as ws:
        assert json.loads(ws.receive_text())["type"] == "hello"
        ws.send_text(json.dumps({"type": "ready", "name": name}))
        while (message := json.loads(ws.receive_text()))["type"] != "error":
            pass
        assert "no control or bidirectional override character" in message["message"]
        ws.send_text(json.dumps({"type": "ready", "name": "Ève ☃ 🎲"}))
        ws.send_text(json.dumps({"type": "info", "text": "flush"}))
    facts = client.get(f"/api/tables/{table['table']}").json()
    assert facts["names"][0] == "Ève ☃ 🎲"


def test_the_app_limits_a_websocket_message_whatever_server_runs_it(opened: Any) -> None:
    """The test client has no frame limit of its own (as an app under another ASGI server
    may not): a 2 MiB ``ready`` closes the connection (1009) and names nobody."""
    client = opened()
    table = client.post("/api/tables", json={"game": "exxtra", "seats": ["remote"] * 3}).json()
    token = table["seats"][0]["token"]
    for big in ("x" * (2 << 20), "é" * 40_000):  # characters or bytes over 64 KiB
        with client.websocket_connect(f"/ws/tables/{table['table']}/seats/0?token={token}"
                                      ) as ws:
            ws.receive_text()
            ws.send_text(json.dumps({"type": "ready", "name": big}))
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    ws.receive_text()
            assert closed.value.code == 1009
    assert client.get(f"/api/tables/{table['table']}").json()["names"][0] is None


def test_a_tables_seed_is_mixed_with_the_servers_secret(opened: Any) -> None:
    """The creator of a table with a person at it chooses a seed, yet cannot compute the
    deal from it: the table plays the seed mixed with the server's secret, shown (the
    record replays from it) only once the game is over. A table of bots alone plays its
    seed as it is (its record is ``amigo_rules.play``'s)."""
    secret = b"s" * 32
    client = opened(Settings(seed_secret=secret))
    seats = ["human", "human"]
    table = client.post("/api/tables", json={"game": "verflixxt_hoch", "seats": seats,
                                             "seed": 7}).json()
    tid, tokens = table["table"], [s["token"] for s in table["seats"]]
    facts = client.get(f"/api/tables/{tid}").json()
    assert "seed" not in facts
    assert client.get(f"/api/tables/{tid}/record").status_code == 403
    for _ in range(2000):
        facts = client.get(f"/api/tables/{tid}").json()
        if facts["status"] == "over":
            break
        seat = facts["to_move"]
        view = client.get(f"/api/tables/{tid}/seats/{seat}", headers=bearer(tokens[seat])).json()
        client.post(f"/api/tables/{tid}/seats/{seat}/moves", headers=bearer(tokens[seat]),
                    json={"move_number": view["move_number"], "id": view["legal"][0]["id"]})
    record = GameRecord.from_json(client.get(f"/api/tables/{tid}/record").text)
    assert facts["seed"] == record.seed == played_seed(secret, 7) != 7
    module = get_game("verflixxt_hoch")  # the deal the creator would compute is not it
    assert module.new_game(record.rules, seed=7) != module.new_game(record.rules,
                                                                    seed=record.seed)
    bots = client.post("/api/tables", json={"game": "verflixxt", "seed": 7,
                                            "seats": ["agent:random", "agent:random"]}).json()
    row = client.app.state.server.hall.storage.table(bots["table"])
    assert row is not None and row.seed == 7
