"""The game server under stress, on a real uvicorn: two clients racing for one move, bad
input over HTTP and WebSockets, clients that never read, seats reconnecting; and every
limit of `Settings`: creations, live tables, connections, messages, engines that sleep,
finished tables in memory, expiry."""

from __future__ import annotations

import asyncio
import gc
import json
import socket
import sqlite3
import sys
import threading
import time
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import numpy as np
import pytest
from server_helpers import ADMIN, BASE, Client, bearer, engines, uvicorn_thread
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from amigo_rules import GameRecord, get_game
from amigo_rules.core import SPECTATOR, jsonio
from amigo_rules.server import TableRow, open_storage
from amigo_rules.server import hall as hall_module
from amigo_rules.server.app import MAX_FRAME, create_app
from amigo_rules.server.seats import SEND_QUEUE, TOO_SLOW, Connection
from amigo_rules.server.settings import Settings
from amigo_rules.server.tables import LiveTable


@pytest.fixture
def server(database: str) -> Iterator[str]:
    with uvicorn_thread(database) as url:
        yield url


def new_table(url: str, game: str = "verflixxt", seats: Any = ("human", "human"),
              seed: int = 3) -> dict[str, Any]:
    answer = httpx2.post(f"{url}/api/tables", json={"game": game, "seats": list(seats),
                                                   "seed": seed})
    assert answer.status_code == 201, answer.text
    table: dict[str, Any] = answer.json()
    return table


def ws_url(url: str, table: dict[str, Any], seat: int) -> str:
    return (f"ws{url[4:]}/ws/tables/{table['table']}/seats/{seat}?token="
            f"{table['seats'][seat]['token']}")


def until(socket_: Any, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` on the socket."""
    while (message := json.loads(socket_.recv(5)))["type"] != kind:
        pass
    return dict(message)


def first_act(url: str, table: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    for seat in range(len(table["seats"])):
        view = httpx2.get(f"{url}/api/tables/{table['table']}/seats/{seat}",
                         headers=bearer(table["seats"][seat]["token"])).json()
        if view["legal"]:
            return seat, view
    raise AssertionError("nobody to move")


def test_two_clients_racing_for_one_move_one_is_applied_the_other_409(
        server: str, database: str) -> None:
    for round_ in range(3):
        table = new_table(server, seed=round_)
        seat, view = first_act(server, table)
        move = {"move_number": view["move_number"], "id": view["legal"][0]["id"]}
        url = f"{server}/api/tables/{table['table']}/seats/{seat}/moves"
        barrier = threading.Barrier(2)
        codes: list[int] = []

        token = table["seats"][seat]["token"]

        def submit(url: str, move: dict[str, Any], token: str, barrier: threading.Barrier,
                   codes: list[int]) -> None:
            with httpx2.Client() as client:
                barrier.wait()
                codes.append(client.post(url, json=move, headers=bearer(token)).status_code)
        threads = [threading.Thread(target=submit, args=(url, move, token, barrier, codes))
                   for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(codes) == [200, 409]
        stored = open_storage(database).moves(table["table"])
        assert stored[view["move_number"]] == view["legal"][0]["move"]


def test_the_database_url_names_its_scheme(tmp_path: Path) -> None:
    from amigo_rules.core.errors import ArgumentError

    with pytest.raises(ArgumentError, match="'mysql'"):
        open_storage("mysql://somewhere")
    storage = open_storage(f"sqlite:///{tmp_path / 'deeper' / 'x.sqlite3'}")
    assert storage.tables() == [] and (tmp_path / "deeper" / "x.sqlite3").exists()


def test_ten_thousand_bad_tokens_while_a_table_is_played(database: str) -> None:
    async def run() -> None:
        app = create_app(open_storage(database))
        async with app.router.lifespan_context(app), httpx2.AsyncClient(
                transport=httpx2.ASGITransport(app=app), base_url=BASE) as client:
            answer = await client.post("/api/tables", json={
                "game": "verflixxt", "seats": ["human", "agent:random"], "seed": 4})
            table = answer.json()
            url = f"/api/tables/{table['table']}/seats/0"
            token = table["seats"][0]["token"]

            async def bad(i: int) -> int:
                """A GET with a bad token, straight to the ASGI app (httpx's own cost would
                be most of the time)."""
                scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                         "method": "GET", "scheme": "http", "path": url, "raw_path": url.encode(),
                         "query_string": b"", "root_path": "", "server": ("test", 80),
                         "client": ("test", 1), "headers": [
                             (b"host", b"localhost"),
                             (b"authorization", f"Bearer bad-{i}".encode())]}
                sent: list[dict[str, Any]] = []

                async def receive() -> dict[str, Any]:
                    return {"type": "http.request", "body": b"", "more_body": False}

                async def send(message: dict[str, Any]) -> None:
                    sent.append(message)

                await app(scope, receive, send)
                status: int = sent[0]["status"]
                return status

            async def good() -> int:
                played = 0
                while played < 10:
                    view = (await client.get(url, headers=bearer(token))).json()
                    if view["legal"]:
                        answer = await client.post(f"{url}/moves", headers=bearer(token), json={
                            "move_number": view["move_number"], "id": view["legal"][0]["id"]})
                        assert answer.status_code in (200, 409)
                        played += answer.status_code == 200
                    await asyncio.sleep(0.005)
                return played

            player = asyncio.create_task(good())
            for start in range(0, 10_000, 500):
                codes = await asyncio.gather(*(bad(i) for i in range(start, start + 500)))
                assert set(codes) == {403}
            assert await asyncio.wait_for(player, 30) == 10

    asyncio.run(run())


def test_bad_websocket_messages_are_answered_and_the_seat_kept(server: str) -> None:
    table = new_table(server)
    seat, view = first_act(server, table)
    with connect(ws_url(server, table, seat)) as socket_:
        hello = json.loads(socket_.recv(5))
        assert hello["type"] == "hello" and hello["seat"] == seat and hello["seed"] is None
        act = until(socket_, "act")
        assert act["move_number"] == view["move_number"]
        refused_moves = (json.dumps({"type": "move", "move_number": act["move_number"] - 1,
                                     "id": act["legal"][0]["id"]}),
                         json.dumps({"type": "move", "move_number": act["move_number"],
                                     "id": -5}))
        for bad in ("{not json", "[]", '{"type": "dance"}', '{"type": "move"}',
                    '{"type": "move", "move_number": "1", "id": 0}', *refused_moves):
            socket_.send(bad)
            answer = json.loads(socket_.recv(5))
            assert answer["type"] == "error" and answer["message"]
            if bad in refused_moves:  # the act again: the seat is still to move
                assert json.loads(socket_.recv(5)) == act
        socket_.send(json.dumps({"type": "ready", "name": "tester", "extra": [1, 2]}))
        socket_.send(json.dumps({"type": "move", "move_number": act["move_number"],
                                 "id": act["legal"][0]["id"], "unknown": True}))
        assert until(socket_, "event")["move_number"] == act["move_number"]
    facts = httpx2.get(f"{server}/api/tables/{table['table']}").json()
    assert facts["move_number"] > view["move_number"] and facts["names"][seat] == "tester"


def test_an_oversized_frame_closes_that_connection_only(server: str) -> None:
    table = new_table(server)
    with connect(ws_url(server, table, 0), max_size=None) as big, \
            connect(ws_url(server, table, 1)) as other:
        big.recv(5)
        big.send("x" * (MAX_FRAME + 1))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                big.recv(5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        assert json.loads(other.recv(5))["type"] == "hello"
    assert httpx2.get(f"{server}/api/tables/{table['table']}").status_code == 200


def test_a_second_connection_replaces_the_first_and_gets_the_game_so_far(server: str) -> None:
    table = new_table(server)
    seat, view = first_act(server, table)
    token = table["seats"][seat]["token"]
    url = f"{server}/api/tables/{table['table']}/seats/{seat}/moves"
    with connect(ws_url(server, table, seat)) as first:
        until(first, "act")
        with connect(ws_url(server, table, seat)) as second:
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    first.recv(5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4000
            assert json.loads(second.recv(5))["type"] == "hello"
            until(second, "act")
            assert httpx2.post(url, headers=bearer(token), json={
                "move_number": view["move_number"], "id": view["legal"][0]["id"]}
            ).status_code == 200
            assert until(second, "event")["move_number"] == view["move_number"]
    with connect(ws_url(server, table, seat)) as again:
        frames = []
        while len(frames) < 1 + view["move_number"] + 1:
            frames.append(json.loads(again.recv(5)))
        assert frames[0]["type"] == "hello"
        assert [f["move_number"] for f in frames[1:]] == list(range(view["move_number"] + 1))


@pytest.mark.parametrize(("path", "code"), [
    ("/seats/0?token=nope", 4403),  # a token that is not this seat's
    ("/seats/0", 4401),  # no token
    ("/seats/0?token=", 4401),
    ("/seats/9?token=x", 4404),  # no such seat
    ("/seats/%C2%B2?token=x", 4404),
])
def test_a_websocket_without_its_token_is_closed(server: str, path: str, code: int) -> None:
    table = new_table(server)
    with connect(f"ws{server[4:]}/ws/tables/{table['table']}{path}") as socket_, \
            pytest.raises(ConnectionClosed) as closed:
        socket_.recv(5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == code
    with connect(f"ws{server[4:]}/ws/tables/nosuch/watch") as socket_, \
            pytest.raises(ConnectionClosed) as closed:
        socket_.recv(5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404


def test_a_client_that_never_reads_holds_nobody_up(server: str) -> None:
    """A spectator that connects (accepted) and never reads a byte, while a table of bots
    plays to its end: another spectator sees the whole game, every move in order, and the
    end the table's facts and record say."""
    table = new_table(server, "verflixxt_hoch", ("agent:random", "agent:random"), seed=9)
    host, port = server[7:].split(":")
    sleeper = socket.create_connection((host, int(port)))
    sleeper.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sleeper.sendall(f"GET /ws/tables/{table['table']}/watch HTTP/1.1\r\nHost: {host}\r\n"
                    "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n".encode())
    try:
        with connect(f"ws{server[4:]}/ws/tables/{table['table']}/watch") as watcher:
            messages = [json.loads(watcher.recv(30))]
            while messages[-1]["type"] != "end":
                messages.append(json.loads(watcher.recv(30)))
        assert sleeper.recv(12) == b"HTTP/1.1 101"  # it was let in, and never read
    finally:
        sleeper.close()
    events = [m for m in messages if m["type"] == "event"]
    facts = httpx2.get(f"{server}/api/tables/{table['table']}").json()
    record = json.loads(httpx2.get(f"{server}/api/tables/{table['table']}/record").text)
    assert messages[0]["type"] == "hello" and len(messages) == len(events) + 2
    assert [e["move_number"] for e in events] == list(range(facts["move_number"]))
    shown = [e["move"] for e in events]  # what a spectator may see of each move: all or nothing
    assert all(seen in (None, move) for seen, move in zip(shown, record["moves"], strict=True))
    assert shown.count(None) < len(shown) / 2
    assert facts["status"] == "over" and messages[-1]["winners"] == facts["winners"]


def test_a_connection_too_far_behind_is_closed_not_waited_for() -> None:
    class Stuck:
        async def send_text(self, text: str) -> None:
            await asyncio.Event().wait()

        async def close(self, code: int = 1000) -> None:
            pass

    async def run() -> Connection:
        connection = Connection(Stuck(), 0, previews=False)  # type: ignore[arg-type]
        connection.start()
        for i in range(SEND_QUEUE + 10):
            connection.push(f"line {i}")
        await asyncio.sleep(0.01)
        return connection

    connection = asyncio.run(run())
    assert connection.closed and connection.code == TOO_SLOW


# ---------------------------------------------------------------- the limits of Settings


def test_a_flood_of_creations_is_answered_429(database: str) -> None:
    """16,825 tables from one client in 45 s, once: now a client address (behind a proxy on
    this machine, the one it forwards for) creates ``--max-creates-per-minute`` tables a
    minute, and is told when to come back; another address is not held up."""
    body = {"game": "exxtra", "seats": ["human"] * 3}
    flooder = {"X-Forwarded-For": "203.0.113.7"}
    with uvicorn_thread(database, max_creates_per_minute=5) as url:
        codes = [httpx2.post(f"{url}/api/tables", json=body, headers=flooder).status_code
                 for _ in range(5)]
        refused = httpx2.post(f"{url}/api/tables", json=body, headers=flooder)
        assert codes == [201] * 5 and refused.status_code == 429
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert "5 tables a minute" in refused.json()["error"]
        other = httpx2.post(f"{url}/api/tables", json=body,
                            headers={"X-Forwarded-For": "198.51.100.2"})
        assert other.status_code == 201
        assert len(httpx2.get(f"{url}/api/tables").json()["tables"]) == 6


def test_the_live_tables_are_bounded(opened: Any) -> None:
    """A table counts while it is played here (someone connected, or a bot to move); at
    ``--max-live-tables`` a new one is refused until one is not."""
    client = opened(Settings(max_live_tables=2))
    body = {"game": "exxtra", "seats": ["remote"] * 3}
    tables = [client.post("/api/tables", json=body).json() for _ in range(2)]
    sockets = [client.websocket_connect(
        f"/ws/tables/{t['table']}/seats/0?token={t['seats'][0]['token']}") for t in tables]
    for socket_ in sockets:
        socket_.__enter__()
        assert json.loads(socket_.receive_text())["type"] == "hello"
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 429 and "retry-after" in refused.headers
    sockets[0].__exit__(None, None, None)  # nobody plays that table here now
    assert client.post("/api/tables", json=body).status_code == 201
    sockets[1].__exit__(None, None, None)


def test_the_connections_to_a_table_are_bounded(opened: Any) -> None:
    client = opened(Settings(max_sockets_per_table=2))
    table = client.post("/api/tables", json={"game": "exxtra",
                                             "seats": ["remote"] * 3}).json()
    watch = f"/ws/tables/{table['table']}/watch"
    with client.websocket_connect(watch) as first, client.websocket_connect(watch) as second:
        for socket_ in (first, second):
            assert json.loads(socket_.receive_text())["type"] == "hello"
        with client.websocket_connect(watch) as third, \
                pytest.raises(WebSocketDisconnect) as closed:
            third.receive_text()
        assert closed.value.code == 4429
        seat = table["seats"][1]
        with client.websocket_connect(f"/ws/tables/{table['table']}/seats/1?token="
                                      f"{seat['token']}") as player:  # a seat always gets in
            assert json.loads(player.receive_text())["type"] == "hello"


def test_a_flood_of_messages_is_read_at_the_limit(opened: Any) -> None:
    """704k ``ready`` frames in 22 s, each a database write, once: a connection's messages
    beyond ``--max-messages-per-second`` wait their turn (the client hears it once), and a
    name given again is not written again."""
    client = opened(Settings(max_messages_per_second=1))  # bursts of 2
    table = client.post("/api/tables", json={"game": "exxtra",
                                             "seats": ["remote"] * 3}).json()
    token = table["seats"][0]["token"]
    storage = client.app.state.server.hall.storage
    written: list[str] = []
    name_seat = storage.name_seat
    storage.name_seat = lambda *args: (written.append(args[2]), name_seat(*args))[1]
    with client.websocket_connect(f"/ws/tables/{table['table']}/seats/0?token={token}") as ws:
        assert json.loads(ws.receive_text())["type"] == "hello"
        for _ in range(3):
            ws.send_text(json.dumps({"type": "ready", "name": "Ada"}))
        while (message := json.loads(ws.receive_text()))["type"] != "error":
            pass
        assert "too many messages: 1 a second at most" in message["message"]
    assert written == ["Ada"]


def sleeping_engine(folder: Path) -> str:
    """An ``engine:`` seat kind whose program answers ``hello`` (keeping it in a file
    ``hello-PID.json``) and never its ``act``."""
    script = folder / "sleeper.py"
    script.write_text(
        "import json, os, sys, time\n"
        "for line in sys.stdin:\n"
        "    message = json.loads(line)\n"
        "    if message['type'] == 'hello':\n"
        f"        open(os.path.join({str(folder)!r}, f'hello-{{os.getpid()}}.json'), 'w'"
        ").write(line)\n"
        "        print(json.dumps({'type': 'ready', 'name': 'sleeper'}), flush=True)\n"
        "    elif message['type'] == 'act':\n"
        "        time.sleep(3600)\n")
    return f"engine:{sys.executable} {script}"


def wait_for_status(client: Client, table: str, status: str) -> dict[str, Any]:
    """The table's facts once its status is ``status`` (a hang guard of a minute)."""
    deadline = time.monotonic() + 60
    while (facts := client.get(f"/api/tables/{table}").json())["status"] != status:
        assert time.monotonic() < deadline, f"table {table} is not {status}: {facts}"
        time.sleep(0.02)
    return facts


def test_sleeping_engines_hold_up_no_agent_table(opened: Any, tmp_path: Path) -> None:
    """Four engines that answer ``ready`` and sleep took all four bot threads once, and an
    unrelated table of agents stood still for 20 s: now engines wait in a pool of their
    own, and the agents' table plays to its end while they sleep."""
    client = opened(engines(engine_move_seconds=600.0, max_engines_thinking=4))
    sleeper = sleeping_engine(tmp_path)
    sleeping = [client.post("/api/tables", headers=bearer(ADMIN), json={
        "game": "exxtra", "seats": [sleeper, "agent:random", "agent:random"], "seed": i}
    ).json()["table"] for i in range(6)]
    deadline = time.monotonic() + 60
    while len(list(tmp_path.glob("hello-*.json"))) < 4:  # every engine thread waits on one
        assert time.monotonic() < deadline, "the engines did not start"
        time.sleep(0.02)
    agents = client.post("/api/tables", json={"game": "exxtra", "seed": 9,
                                              "seats": ["agent:random"] * 3}).json()["table"]
    assert wait_for_status(client, agents, "over")["winners"]
    for table in sleeping:  # their engines still think (the deadline is far)
        assert client.get(f"/api/tables/{table}").json()["status"] == "playing"


def test_a_sleeping_engine_forfeits_by_its_deadline(opened: Any, tmp_path: Path) -> None:
    client = opened(engines(engine_move_seconds=1.5))
    table = client.post("/api/tables", headers=bearer(ADMIN), json={
        "game": "exxtra", "seats": [sleeping_engine(tmp_path), "agent:random", "agent:random"],
        "seed": 1}).json()["table"]
    facts = wait_for_status(client, table, "over")
    assert facts["forfeit"] == 0 and facts["winners"] == []
    [hello] = [json.loads(path.read_text()) for path in tmp_path.glob("hello-*.json")]
    assert hello["limits"]["move_ms"] == 1500


def test_a_table_s_clock_is_its_engines_deadline(opened: Any, tmp_path: Path) -> None:
    client = opened(engines(engine_move_seconds=600.0))
    table = client.post("/api/tables", headers=bearer(ADMIN), json={
        "game": "exxtra", "seats": [sleeping_engine(tmp_path), "agent:random", "agent:random"],
        "seed": 1, "clock": {"move_seconds": 0.5, "on_timeout": "agent"}}).json()["table"]
    facts = wait_for_status(client, table, "over")  # by the clock, not in ten minutes
    assert facts["forfeit"] == 0 and facts["winners"] == []
    [hello] = [json.loads(path.read_text()) for path in tmp_path.glob("hello-*.json")]
    assert hello["limits"]["move_ms"] == 500


def test_finished_tables_leave_memory(opened: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """866 tables of agents held 190 KB each for ever, once: now a finished table nobody
    reads leaves memory (at most `IDLE_ROOMS` idle tables are kept) and is read back from
    the database when asked for."""
    monkeypatch.setattr(hall_module, "IDLE_ROOMS", 3)
    client = opened()
    hall = client.app.state.server.hall
    games: list[weakref.ref[Any]] = []
    tables = []
    for seed in range(12):
        table = client.post("/api/tables", json={"game": "exxtra", "seed": seed,
                                                 "seats": ["agent:random"] * 3}).json()["table"]
        games.append(weakref.ref(hall.rooms[table].table))
        tables.append(table)
        wait_for_status(client, table, "over")
    gc.collect()
    assert len(hall.rooms) <= 3 and sum(game() is not None for game in games) <= 3
    facts = client.get(f"/api/tables/{tables[0]}").json()  # read back on demand
    assert facts["status"] == "over" and facts["move_number"] > 0
    record = GameRecord.from_json(client.get(f"/api/tables/{tables[0]}/record").text)
    assert len(record.moves) == facts["move_number"]


@pytest.mark.parametrize(("game", "players"), [("verflixxt", 2), ("verflixxt_hoch", 4),
                                             ("exxtra", 3)])
def test_a_table_s_moves_leave_no_cyclic_garbage(game: str, players: int) -> None:
    """What the server works out at a table, move by move (the steps, every viewer's
    events, the ``act`` with its previews, the end, the record, the board) is freed by its
    references alone: the collector finds nothing to collect. The previews once left ~500
    objects of reference cycles per game (a closure calling itself in
    `core.chance.arrangements`), garbage that waited for the collector's full passes,
    which stop the event loop for tens of milliseconds with many tables in play."""
    module = get_game(game)
    rules = json.dumps(jsonio.rules_to_data(module.Rules(players=players)))
    row = TableRow("t", game, rules, 5, ("remote",) * players, 0.0)
    gc.collect()
    gc.disable()
    try:
        table = LiveTable(row, [None] * players)
        table.extend(table.plan(None))
        rng = np.random.default_rng(5)
        while not table.over:
            ids = module.legal_action_ids(table.state).tolist()
            move = table.resolve(table.player, table.move_number,
                                 ids[int(rng.integers(len(ids)))], None)
            table.extend(table.plan(move))
            for viewer in (*range(players), SPECTATOR):
                table.event_lines(viewer)
            if table.player >= 0:
                assert table.act(table.player, previews=True) is not None
        assert all(table.end(viewer) is not None for viewer in range(players))
        assert table.record(["a"] * players).moves and table.svg(SPECTATOR)
        del table
        gc.set_debug(gc.DEBUG_SAVEALL)
        found = gc.collect()
        kinds = sorted({type(thing).__name__ for thing in gc.garbage})
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert found == 0, f"{found} objects in reference cycles: {kinds}"


def test_tables_nobody_moved_in_expire(database: str, opened: Any) -> None:
    client = opened()
    body = {"game": "exxtra", "seats": ["human"] * 3}
    old, recent = (client.post("/api/tables", json=body).json()["table"] for _ in range(2))
    with sqlite3.connect(database.removeprefix("sqlite:///")) as db:
        db.execute("UPDATE tables SET updated = ? WHERE id = ?",
                   (time.time() - 31 * 86400, old))
    db.close()
    again = opened()  # a server starting deletes what expired
    deadline = time.monotonic() + 60
    while again.get(f"/api/tables/{old}").status_code != 404:
        assert time.monotonic() < deadline, "the old table was not deleted"
        time.sleep(0.02)
    assert again.get(f"/api/tables/{recent}").status_code == 200
    assert open_storage(database).moves(old) == []


def test_a_table_in_use_stays_one_room(database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With no idle table kept at all, two bots play a table to its end, each through its
    own connection: a table is never evicted while a request or a connection uses it, so
    both seats sit at the one table in memory (once, a seat joining while the table was
    evicted sat at a copy the other seat never heard of, and the game stood still)."""
    monkeypatch.setattr(hall_module, "IDLE_ROOMS", 0)
    with uvicorn_thread(database) as url:
        for seed in range(3):
            table = new_table(url, "verflixxt", ("remote", "remote"), seed=seed)
            ends = []
            deadline = time.monotonic() + 60  # a hang guard
            with connect(ws_url(url, table, 0)) as first, \
                    connect(ws_url(url, table, 1)) as second:
                sockets = [first, second]
                while len(ends) < 2:
                    for socket_ in sockets:
                        try:
                            message = json.loads(socket_.recv(0.05))
                        except TimeoutError:
                            continue
                        if message["type"] == "act":
                            socket_.send(json.dumps({
                                "type": "move", "move_number": message["move_number"],
                                "id": message["legal"][0]["id"]}))
                        elif message["type"] == "end":
                            ends.append(message)
                            sockets.remove(socket_)
                            break
                    assert time.monotonic() < deadline, "the game stands still"
            facts = httpx2.get(f"{url}/api/tables/{table['table']}").json()
            assert facts["status"] == "over"
            assert [end["winners"] for end in ends] == [facts["winners"]] * 2
