"""The game server under stress, on a real uvicorn: two clients racing for one move, bad
input over HTTP and WebSockets, clients that never read, seats reconnecting."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from server_helpers import BASE, bearer, uvicorn_thread
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from amigo_rules.server import open_storage
from amigo_rules.server.app import MAX_FRAME, create_app
from amigo_rules.server.seats import SEND_QUEUE, TOO_SLOW, Connection


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.sqlite3'}"


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


@pytest.mark.parametrize("path", ["/seats/0?token=nope", "/seats/0", "/seats/9?token=x"])
def test_a_websocket_without_its_token_is_closed(server: str, path: str) -> None:
    table = new_table(server)
    with connect(f"ws{server[4:]}/ws/tables/{table['table']}{path}") as socket_, \
            pytest.raises(ConnectionClosed) as closed:
        socket_.recv(5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code in (4401, 4403, 4404)
    with connect(f"ws{server[4:]}/ws/tables/nosuch/watch") as socket_, \
            pytest.raises(ConnectionClosed) as closed:
        socket_.recv(5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404


def test_a_client_that_never_reads_holds_nobody_up(server: str) -> None:
    """A spectator that connects and never reads a byte, while a table of bots plays to
    its end: another spectator sees the whole game and the end."""
    table = new_table(server, "verflixxt_hoch", ("agent:random", "agent:random"), seed=9)
    host, port = server[7:].split(":")
    sleeper = socket.create_connection((host, int(port)))
    sleeper.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sleeper.sendall(f"GET /ws/tables/{table['table']}/watch HTTP/1.1\r\nHost: x\r\n"
                    "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n".encode())
    try:
        with connect(f"ws{server[4:]}/ws/tables/{table['table']}/watch") as watcher:
            while json.loads(watcher.recv(30))["type"] != "end":
                pass
    finally:
        sleeper.close()


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
