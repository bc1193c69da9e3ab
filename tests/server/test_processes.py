"""Real ``amigo-rules serve`` processes on one PostgreSQL database serve the same tables.

Seat 0 plays over a WebSocket of process A, seat 1 over one of process B (the library's
seat protocol, spoken here by a small client). Each move reaches the other process through
the database (``LISTEN``/``NOTIFY``); both seats see every event, each in its turn, and the
record, read from either process, is the game ``amigo_rules.play`` gives for the same seed
and the same choices (from the seed the table played, shown once it is over). One move sent
to both processes at once is applied once; a seat is held by one connection across the
processes; one process runs a table's bots, and another takes over when it is killed; three
processes play a table, one killed with SIGKILL mid-game."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from postgres import create_database, drop_database
from server_helpers import ADMIN, Client, bearer, free_port, kill, start_process
from websockets.asyncio import client as websockets_client
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import amigo_rules
from amigo_rules import verflixxt_hoch
from amigo_rules.core import GameRecord, jsonio
from amigo_rules.server import open_storage
from amigo_rules.server.app import create_app
from amigo_rules.server.postgres import PostgresStorage

GAME = "verflixxt_hoch"
RULES = verflixxt_hoch.Rules(players=2)  # hands: each seat sees what the other may not
SEED = 7
GAME_TIME = 60.0  # seconds the game may take over the two servers
WAIT = 10.0  # seconds a step waits (a hang guard)


@pytest.fixture(scope="module")
def servers(postgres_server: str) -> Iterator[list[int]]:
    """The ports of two server processes on one fresh database (for this module's tests,
    each at tables of its own)."""
    database = create_database(postgres_server)
    processes, ports = [], []
    try:
        for _ in range(2):
            ports.append(free_port())
            processes.append(start_process(database, ports[-1]))
        yield ports
    finally:
        for process in processes:
            kill(process)
        drop_database(database)


class Chooser:
    """A seat's choices: a seeded random index into the legal moves. The same object plays
    in `amigo_rules.play` (``act``) and picks from a protocol ``act``'s list (`pick`)."""

    name = "remote"

    def __init__(self, seat: int) -> None:
        self.rng = random.Random(seat)

    def pick(self, count: int) -> int:
        return self.rng.randrange(count)

    def act(self, observation: Any, legal_moves: list[Any]) -> Any:
        return legal_moves[self.pick(len(legal_moves))]


async def play_seat(url: str, seat: int) -> dict[str, Any]:
    """Play one seat to the end over the WebSocket at ``url``; what it was told: its
    ``hello``, its ``event`` messages and its ``end``."""
    chooser = Chooser(seat)
    events: list[dict[str, Any]] = []
    async with websockets_client.connect(url) as socket:
        hello = json.loads(await socket.recv())
        assert (hello["type"], hello["seat"], hello["game"]) == ("hello", seat, GAME)
        await socket.send(json.dumps({"type": "ready", "name": f"client {seat}"}))
        while True:
            message = json.loads(await socket.recv())
            if message["type"] == "event":
                events.append(message)
            elif message["type"] == "act":
                # every earlier move, also those played at the other process, came first
                assert message["move_number"] == len(events), (message, len(events))
                legal = message["legal"]
                await socket.send(json.dumps({
                    "type": "move", "move_number": message["move_number"],
                    "id": legal[chooser.pick(len(legal))]["id"]}))
            elif message["type"] == "end":
                return {"hello": hello, "events": events, "end": message}


async def play_table(urls: list[str]) -> list[dict[str, Any]]:
    async with asyncio.timeout(GAME_TIME):
        return list(await asyncio.gather(*(play_seat(url, seat)
                                           for seat, url in enumerate(urls))))


def test_two_processes_on_one_database_play_one_table(servers: list[int]) -> None:
    bases = [f"http://127.0.0.1:{port}" for port in servers]
    created = httpx2.post(f"{bases[0]}/api/tables", timeout=10.0, json={
        "game": GAME, "rules": jsonio.rules_to_data(RULES), "seats": ["remote", "remote"],
        "seed": SEED})
    assert created.status_code == 201, created.text
    table = created.json()["table"]
    tokens = [seat["token"] for seat in created.json()["seats"]]
    urls = [f"ws://127.0.0.1:{port}/ws/tables/{table}/seats/{seat}?token={tokens[seat]}"
            for seat, port in enumerate(servers)]

    told = asyncio.run(play_table(urls))

    played = httpx2.get(f"{bases[1]}/api/tables/{table}", timeout=10.0).json()["seed"]
    assert played != SEED  # remote seats: the creator's seed mixed with the server's secret
    expected = amigo_rules.play(GAME, [Chooser(0), Chooser(1)], RULES, seed=played)
    for seat in (0, 1):
        numbers = [event["move_number"] for event in told[seat]["events"]]
        assert numbers == list(range(len(expected.moves))), f"seat {seat}"
        assert told[seat]["end"]["winners"] == list(expected.winners)
    records = [httpx2.get(f"{base}/api/tables/{table}/record", timeout=10.0) for base in bases]
    assert [response.status_code for response in records] == [200, 200]
    for response in records:  # the names in "agents" are those each process heard (ready)
        record = GameRecord.from_json(response.text)
        assert (record.game, record.rules, record.seed, record.moves) == (
            expected.game, expected.rules, expected.seed, expected.moves)
    for base in bases:
        facts = httpx2.get(f"{base}/api/tables/{table}", timeout=10.0).json()
        assert (facts["status"], facts["winners"]) == ("over", list(expected.winners))


async def submit_to_both(bases: list[str], path: str, move: dict[str, Any],
                         token: str) -> list[int]:
    """The status codes of one move posted to each process at once."""
    async with httpx2.AsyncClient(timeout=10.0) as client:
        answers = await asyncio.gather(*(client.post(f"{base}{path}", json=move,
                                                     headers=bearer(token))
                                         for base in bases))
    return sorted(answer.status_code for answer in answers)


def test_one_move_sent_to_both_processes_is_applied_once(servers: list[int]) -> None:
    bases = [f"http://127.0.0.1:{port}" for port in servers]
    for seed in range(3):
        created = httpx2.post(f"{bases[seed % 2]}/api/tables", timeout=10.0, json={
            "game": "verflixxt", "seats": ["human", "human"], "seed": seed}).json()
        table, seats = created["table"], created["seats"]
        views = [httpx2.get(f"{bases[(seed + 1) % 2]}/api/tables/{table}/seats/{seat}",
                           headers=bearer(seats[seat]["token"]), timeout=10.0).json()
                 for seat in (0, 1)]
        seat = 0 if views[0]["legal"] else 1
        view = views[seat]
        move = {"move_number": view["move_number"], "id": view["legal"][-1]["id"]}
        codes = asyncio.run(submit_to_both(
            bases, f"/api/tables/{table}/seats/{seat}/moves", move, seats[seat]["token"]))
        assert codes == [200, 409]
        for base in bases:  # both processes have it once, in its place
            after = httpx2.get(f"{base}/api/tables/{table}/seats/{seat}",
                              headers=bearer(seats[seat]["token"]), timeout=10.0).json()
            assert after["move_number"] > view["move_number"]
            assert after["events"][view["move_number"]]["player"] == seat


# ---------------------------------------------------------------- a seat, a lead, a kill -9


def test_a_seat_is_held_by_one_connection_across_processes(servers: list[int]) -> None:
    """A seat's new connection through process B closes its connection through A (code
    4000, as within one process), so no seat is played twice."""
    created = httpx2.post(f"http://127.0.0.1:{servers[0]}/api/tables", timeout=10.0, json={
        "game": "exxtra", "seats": ["remote"] * 3, "seed": 1}).json()
    table, token = created["table"], created["seats"][0]["token"]
    urls = [f"ws://127.0.0.1:{port}/ws/tables/{table}/seats/0?token={token}"
            for port in servers]
    with connect(urls[0]) as first:
        assert json.loads(first.recv(10))["type"] == "hello"
        with connect(urls[1]) as second:
            assert json.loads(second.recv(10))["type"] == "hello"
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    first.recv(WAIT)  # a hang guard: it is closed as soon as B says so
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4000
            second.send(json.dumps({"type": "ready", "name": "the one"}))
            while json.loads(second.recv(10))["type"] != "act":
                pass


WRITES_ITS_SERVER = """
import os, sys
with open(sys.argv[1], "a") as marker:
    marker.write(f"{os.getppid()}\\n")
os.execv(sys.executable, [sys.executable, "-m", "amigo_rules.protocol.serve", "heuristic"])
"""
"""An engine that notes which server process started it, then plays EXXtra's heuristic."""


def until(condition: Any, what: str) -> Any:
    """``condition()`` once true (a hang guard of `WAIT` × 3 seconds)."""
    deadline = time.monotonic() + 3 * WAIT
    while not (value := condition()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)
    return value


def test_one_process_runs_a_tables_bots_and_another_takes_over_when_it_dies(
        postgres_server: str, tmp_path: Path) -> None:
    """Both processes hold a table of an engine, an agent and a person (a spectator at
    each): only one starts the engine and plays the bots. Killed with SIGKILL mid-game,
    the other takes the lead within seconds, starts the engine anew and plays on to the
    end; no acknowledged move is lost."""
    database = create_database(postgres_server)
    ports = [free_port(), free_port()]
    processes: list[Any] = []
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        for port in ports:  # each killed at the end, also if the next fails to start
            processes.append(start_process(database, port, "--allow-engines"))
        script, marker = tmp_path / "engine.py", tmp_path / "servers"
        script.write_text(WRITES_ITS_SERVER)
        created = httpx2.post(f"{bases[0]}/api/tables", headers=bearer(ADMIN), timeout=10.0,
                              json={"game": "exxtra", "seed": 4, "seats": [
                                  f"engine:{sys.executable} {script} {marker}",
                                  "agent:heuristic", "human"]}).json()
        table, token = created["table"], created["seats"][2]["token"]
        watchers = [connect(f"ws://127.0.0.1:{port}/ws/tables/{table}/watch").__enter__()
                    for port in ports]
        for watcher in watchers:
            assert json.loads(watcher.recv(10))["type"] == "hello"
        person = Person(table, token)
        assert person.play(bases[1], moves=3)["status"] != "over"
        started = marker.read_text().split()
        assert len(started) == 1, started  # one engine, by one process, for both
        leader = [process.pid for process in processes].index(int(started[0]))
        acknowledged = httpx2.get(f"{bases[1 - leader]}/api/tables/{table}").json()
        kill(processes[leader])
        watchers[leader].close_socket()
        survivor = bases[1 - leader]
        while len(marker.read_text().split()) == 1:  # until the engine's turn comes again
            assert person.play(survivor, moves=1)["status"] != "over"
        assert marker.read_text().split()[1:] == [str(processes[1 - leader].pid)]
        facts = person.play(survivor)
        assert facts["status"] == "over" and facts["move_number"] > acknowledged["move_number"]
        record = GameRecord.from_json(httpx2.get(f"{survivor}/api/tables/{table}/record").text)
        assert len(record.moves) == facts["move_number"]
        assert len(marker.read_text().split()) == 2
        watchers[1 - leader].close()
    finally:
        for process in processes:
            kill(process)
        drop_database(database)


class Person:
    """A person at a seat, over HTTP: a random legal move whenever it is its turn."""

    def __init__(self, table: str, token: str, seat: int = 2) -> None:
        self.table, self.token, self.seat = table, token, seat
        self.rng = random.Random(seat)

    def play(self, base: str, moves: int | None = None) -> dict[str, Any]:
        """Play ``moves`` moves through ``base`` (None: to the end); the table's facts."""
        url = f"{base}/api/tables/{self.table}"
        played = 0
        while moves is None or played < moves:
            facts: dict[str, Any] = until(lambda: self._turn(url), "the person's turn")
            if facts["status"] == "over":
                return facts
            view = httpx2.get(f"{url}/seats/{self.seat}", headers=bearer(self.token),
                              timeout=10.0).json()
            legal = view["legal"]
            answer = httpx2.post(f"{url}/seats/{self.seat}/moves", headers=bearer(self.token),
                                 timeout=10.0, json={"move_number": view["move_number"],
                                                     "id": self.rng.choice(legal)["id"]})
            assert answer.status_code == 200, answer.text
            played += 1
        facts = httpx2.get(url, timeout=10.0).json()
        return facts

    def _turn(self, url: str) -> dict[str, Any] | None:
        facts: dict[str, Any] = httpx2.get(url, timeout=10.0).json()
        return facts if facts["status"] == "over" or facts["to_move"] == self.seat else None


def test_three_processes_one_killed_mid_game(postgres_server: str) -> None:
    """Three seats of one table, each through its own process; the third process is killed
    with SIGKILL mid-game. Its seat's client connects again through another process and
    every seat plays to the end: each saw every move once, in order, and the record (from
    either survivor) has every move any seat was told of."""
    database = create_database(postgres_server)
    ports = [free_port() for _ in range(3)]
    processes: list[Any] = []
    try:
        for port in ports:
            processes.append(start_process(database, port))
        created = httpx2.post(f"http://127.0.0.1:{ports[0]}/api/tables", timeout=10.0, json={
            "game": "verflixxt_hoch", "seats": ["remote"] * 3, "seed": 5}).json()
        table = created["table"]
        urls = [[f"ws://127.0.0.1:{ports[(seat + k) % 3]}/ws/tables/{table}/seats/{seat}"
                 f"?token={created['seats'][seat]['token']}" for k in range(3)]
                for seat in range(3)]
        told = asyncio.run(three_seats_and_a_kill(urls, processes[2]))
        survivors = [f"http://127.0.0.1:{port}" for port in ports[:2]]
        records = [GameRecord.from_json(httpx2.get(f"{base}/api/tables/{table}/record",
                                                   timeout=10.0).text) for base in survivors]
        assert records[0].moves == records[1].moves
        moves = [str(move) for move in records[0].moves]
        for seat, (events, end, _) in enumerate(told):
            assert [e["move_number"] for e in events] == list(range(len(moves))), seat
            assert all(e["move"] in (None, m) for e, m in zip(events, moves, strict=True))
            assert end["winners"] == list(records[0].winners)
        assert told[2][2] >= 2  # the killed process's seat came back through another
    finally:
        for process in processes:
            kill(process)
        drop_database(database)


async def three_seats_and_a_kill(urls: list[list[str]],
                                 victim: Any) -> list[tuple[list[Any], Any, int]]:
    """Play each seat through its first URL (the next on a lost connection); kill
    ``victim`` once the game is at move 30."""
    at_thirty = asyncio.Event()

    async def seat(seat: int) -> tuple[list[Any], Any, int]:
        for connections, url in enumerate(itertools.cycle(urls[seat]), 1):
            events: list[Any] = []  # a new connection tells every event again
            try:
                async with websockets_client.connect(url) as socket:
                    await socket.send(json.dumps({"type": "ready", "name": f"seat {seat}"}))
                    async for text in socket:
                        message = json.loads(text)
                        if message["type"] == "event":
                            events.append(message)
                            if message["move_number"] >= 30:
                                at_thirty.set()
                        elif message["type"] == "act":
                            legal = message["legal"]
                            choice = random.Random(f"{seat}/{message['move_number']}")
                            await socket.send(json.dumps({
                                "type": "move", "move_number": message["move_number"],
                                "id": legal[choice.randrange(len(legal))]["id"]}))
                        elif message["type"] == "end":
                            return events, message, connections
            except (OSError, ConnectionClosed):
                await asyncio.sleep(0.1)
        raise AssertionError("unreachable")

    async def killer() -> None:
        await at_thirty.wait()
        await asyncio.to_thread(kill, victim)

    async with asyncio.timeout(3 * GAME_TIME):
        killing = asyncio.create_task(killer())
        told = await asyncio.gather(*(seat(s) for s in range(3)))
        await killing
    return list(told)


# ---------------------------------------------------------------- races, staged in-process


class Deaf(PostgresStorage):
    """A storage that never hears another process (its listener lost, say)."""

    def subscribe(self, moved: Any, seated: Any = None) -> None:
        pass


def table_of_two(client: Client) -> tuple[str, list[str], int, dict[str, Any]]:
    """A new table of two people: its id, tokens, the seat to move and its view."""
    created = client.post("/api/tables", json={"game": "verflixxt",
                                               "seats": ["human", "human"]}).json()
    tokens = [seat["token"] for seat in created["seats"]]
    seat = client.get(f"/api/tables/{created['table']}").json()["to_move"]
    view = client.get(f"/api/tables/{created['table']}/seats/{seat}",
                      headers=bearer(tokens[seat])).json()
    return created["table"], tokens, seat, view


def play_one(client: Client, table: str, tokens: list[str]) -> dict[str, Any]:
    """The seat to move plays its first legal move; the table's facts after it."""
    facts = client.get(f"/api/tables/{table}").json()
    seat = facts["to_move"]
    view = client.get(f"/api/tables/{table}/seats/{seat}", headers=bearer(tokens[seat])).json()
    answer = client.post(f"/api/tables/{table}/seats/{seat}/moves", headers=bearer(tokens[seat]),
                         json={"move_number": view["move_number"], "id": view["legal"][0]["id"]})
    assert answer.status_code == 200, answer.text
    after: dict[str, Any] = client.get(f"/api/tables/{table}").json()
    return after


def test_a_move_told_while_a_process_reads_the_table_is_not_lost(postgres_url: str) -> None:
    """Process B reads a table back while A plays a move at it, and A's notice arrives
    before B's read is done: B registered the table before reading, so it reads the move
    too (it dropped the notice once, and showed the table stale for ever)."""
    storages = [open_storage(postgres_url), open_storage(postgres_url)]
    with Client(create_app(storages[0])) as a, Client(create_app(storages[1])) as b:
        table, tokens, _, _ = table_of_two(a)
        counts: list[int] = []
        heard = threading.Condition()

        def hear(table_id: str, count: int) -> None:  # (called after B's own callback)
            with heard:
                counts.append(count)
                heard.notify_all()

        storages[1].subscribe(hear)
        reading = storages[1].read
        moved: list[dict[str, Any]] = []

        def read_while_a_moves(table_id: str) -> Any:
            stored = reading(table_id)
            moved.append(play_one(a, table, tokens))  # A moves now, B has read already
            with heard:  # and B's hall was told of it
                assert heard.wait_for(lambda: moved[0]["move_number"] in counts, WAIT)
            return stored

        storages[1].read = read_while_a_moves  # type: ignore[method-assign]
        facts = b.get(f"/api/tables/{table}").json()
        assert facts["move_number"] == moved[0]["move_number"] > 0
        assert facts["to_move"] == moved[0]["to_move"]
    for storage in storages:
        storage.close()


def test_a_move_that_looks_stale_reads_the_table_again(postgres_url: str) -> None:
    """B holds a table and hears nothing of A's moves: a move for the table's next number
    sent to B makes it read the table again and play (once a 409 "stale" that never
    cleared)."""
    storages = [open_storage(postgres_url), Deaf(postgres_url)]
    with Client(create_app(storages[0])) as a, Client(create_app(storages[1])) as b:
        table, tokens, _, before = table_of_two(a)
        held = b.get(f"/api/tables/{table}").json()["move_number"]  # B holds the table
        assert held == before["move_number"]
        after = play_one(a, table, tokens)
        seat = after["to_move"]
        view = a.get(f"/api/tables/{table}/seats/{seat}", headers=bearer(tokens[seat])).json()
        assert b.get(f"/api/tables/{table}").json()["move_number"] == held  # B is stale
        answer = b.post(f"/api/tables/{table}/seats/{seat}/moves", headers=bearer(tokens[seat]),
                        json={"move_number": view["move_number"], "id": view["legal"][0]["id"]})
        assert answer.status_code == 200, answer.text
        assert answer.json()["move_number"] > view["move_number"]
        stale = b.post(f"/api/tables/{table}/seats/{seat}/moves", headers=bearer(tokens[seat]),
                       json={"move_number": held, "id": view["legal"][0]["id"]})
        assert stale.status_code == 409 and "stale" in stale.json()["error"]
    for storage in storages:
        storage.close()


def test_an_open_seat_taken_at_one_process_is_played_at_the_other(servers: list[int]) -> None:
    """The other process held the table with the seat still open (its token unknown, its
    agent waiting): the seat's WebSocket there reads the seat back, and the table's agent,
    led by either process, plays once every seat is taken."""
    bases = [f"http://127.0.0.1:{port}" for port in servers]
    table = httpx2.post(f"{bases[0]}/api/tables", timeout=10.0, json={
        "game": "verflixxt", "rules": {"players": 2}, "seats": ["agent:random", "open"],
        "seed": SEED}).json()["table"]
    for base in bases:  # both hold it now, the seat open
        assert httpx2.get(f"{base}/api/tables/{table}").json()["seats"][1]["kind"] == "open"
    claim = httpx2.post(f"{bases[0]}/api/tables/{table}/seats/1/claim", timeout=10.0,
                        json={"name": "Ann"})
    assert claim.status_code == 201, claim.text
    taken = httpx2.post(f"{bases[1]}/api/tables/{table}/seats/1/claim", timeout=10.0,
                        json={"name": "Bo"})
    assert taken.status_code == 409
    url = (f"ws://127.0.0.1:{servers[1]}/ws/tables/{table}/seats/1"
           f"?token={claim.json()['token']}")

    async def first_act() -> dict[str, Any]:
        async with asyncio.timeout(WAIT), websockets_client.connect(url) as socket:
            while (message := json.loads(await socket.recv()))["type"] != "act":
                pass
            return message

    act = asyncio.run(first_act())
    assert act["move_number"] >= 2  # the setup's roll, the agent's move
