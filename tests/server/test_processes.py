"""Two real ``amigo-rules serve`` processes on one PostgreSQL database serve the same tables.

Seat 0 plays over a WebSocket of process A, seat 1 over one of process B (PROTOCOL.md's
seat protocol, spoken here by a small client). Each move reaches the other process through
the database (``LISTEN``/``NOTIFY``); both seats see every event, each in its turn, and the
record, read from either process, is the game ``amigo_rules.play`` gives for the same seed
and the same choices (from the seed the table played, shown once it is over). One move sent to
both processes at once is applied once."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from postgres import create_database, drop_database
from server_helpers import bearer, free_port, kill, start_process
from websockets.asyncio import client as websockets_client

import amigo_rules
from amigo_rules import verflixxt_hoch
from amigo_rules.core import GameRecord, jsonio

GAME = "verflixxt_hoch"
RULES = verflixxt_hoch.Rules(players=2)  # hands: each seat sees what the other may not
SEED = 7
GAME_TIME = 60.0  # seconds the game may take over the two servers


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
