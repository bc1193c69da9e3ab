"""Kill -9 in the middle of running tables, restart on the same file: every acknowledged
move is there (a person's moves over HTTP, each answered 200; the bots' moves committed),
every table finishes, and the records equal ``amigo_rules.play``'s for the same seeds and
agents (a real ``python -m amigo_rules serve`` process)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
from server_helpers import bearer, free_port, kill, start_process

from amigo_rules import GameRecord, get_game, play
from amigo_rules.agents import make_agent
from amigo_rules.arena.plan import agent_seed
from amigo_rules.server import open_storage

LINE_UPS = [
    ("verflixxt", ("random", "greedy", "random", "greedy")),
    ("verflixxt_hoch", ("random", "greedy", "random", "greedy")),
    ("exxtra", ("random", "heuristic", "random", "heuristic", "random", "random")),
]
UNDER_WAY = ("verflixxt", ("mcts", "random"))
"""The first table's line-up: a game that lasts seconds, so that a table of agents is
under way when the server is killed however fast the others finish (on an idle machine
the random and greedy tables were all over before the first look)."""


def run_and_kill(tmp_path: Path, tables: int) -> None:
    database = f"sqlite:///{tmp_path / 'kill.sqlite3'}"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    # one client creates every table: the limit per address (30 a minute) raised for it
    options = ("--max-creates-per-minute", str(tables + 10))
    server = start_process(database, port, *options)
    made: list[tuple[str, str, tuple[str, ...], int]] = []
    try:
        human = httpx2.post(f"{url}/api/tables", json={
            "game": "verflixxt", "seats": ["human", "agent:random"], "seed": 99}).json()
        acknowledged = play_human(url, human, 6)
        made = asyncio.run(create(url, tables))
        deadline = time.monotonic() + 60  # a hang guard
        while not any(facts["move_number"] > 0 and facts["status"] != "over"
                      for facts in (httpx2.get(f"{url}/api/tables/{tid}").json()
                                    for tid, *_ in made)):
            assert time.monotonic() < deadline, "no table of agents got under way"
    finally:
        kill(server)  # a table of agents is mid-game
    storage = open_storage(database)
    stored = storage.moves(human["table"])
    for number, move in acknowledged:
        assert stored[number] == move
    at_kill = {tid: storage.moves(tid) for tid, *_ in made}
    rows = [storage.table(tid) for tid in at_kill]
    assert any(row is not None and row.status == "playing" for row in rows), "killed late"
    storage.close()
    server = start_process(database, port, *options)
    try:
        deadline = time.monotonic() + 120
        for tid, game, names, seed in made:
            while (facts := httpx2.get(f"{url}/api/tables/{tid}").json())["status"] != "over":
                assert time.monotonic() < deadline, f"table {tid} did not finish"
                time.sleep(0.05)
            record = GameRecord.from_json(httpx2.get(f"{url}/api/tables/{tid}/record").text)
            agents = [make_agent(n, game, seed=agent_seed(seed, s)) for s, n in enumerate(names)]
            assert record == play(game, agents, get_game(game).Rules(players=len(names)),
                                  seed=seed)
            assert facts["move_number"] == len(record.moves)
            assert [str(m) for m in record.moves[:len(at_kill[tid])]] == at_kill[tid]
        still = httpx2.get(f"{url}/api/tables/{human['table']}/record")
        assert still.status_code == 403 and "once the game is over" in still.json()["error"]
        view = httpx2.get(f"{url}/api/tables/{human['table']}/seats/0",
                         headers=bearer(human["seats"][0]["token"])).json()
        assert view["move_number"] >= acknowledged[-1][0] + 1
    finally:
        kill(server)


async def create(url: str, tables: int) -> list[tuple[str, str, tuple[str, ...], int]]:
    """The tables of agents, created at once: table id, game, agents, seed."""
    async with httpx2.AsyncClient(base_url=url) as client:
        line_ups = [UNDER_WAY, *(LINE_UPS[index % len(LINE_UPS)] for index in range(tables - 1))]
        answers = await asyncio.gather(*(
            client.post("/api/tables", json={"game": game, "seed": index,
                                             "seats": [f"agent:{n}" for n in names]})
            for index, (game, names) in enumerate(line_ups)))
    return [(answer.json()["table"], game, names, index)
            for index, (answer, (game, names)) in enumerate(zip(answers, line_ups,
                                                                strict=True))]


def play_human(url: str, table: dict[str, Any], count: int) -> list[tuple[int, str]]:
    """Play ``count`` moves of seat 0 over HTTP; each move acknowledged (200), by number."""
    token = table["seats"][0]["token"]
    seat_url = f"{url}/api/tables/{table['table']}/seats/0"
    acknowledged: list[tuple[int, str]] = []
    while len(acknowledged) < count:
        view = httpx2.get(seat_url, headers=bearer(token)).json()
        if not view["legal"]:
            time.sleep(0.01)
            continue
        choice = view["legal"][0]
        answer = httpx2.post(f"{seat_url}/moves", headers=bearer(token),
                            json={"move_number": view["move_number"], "id": choice["id"]})
        assert answer.status_code == 200, answer.text
        acknowledged.append((view["move_number"], choice["move"]))
    return acknowledged


def test_kill_9_and_restart_loses_no_acknowledged_move(tmp_path: Path) -> None:
    run_and_kill(tmp_path, 10)


@pytest.mark.slow
def test_kill_9_and_restart_with_fifty_tables(tmp_path: Path) -> None:
    run_and_kill(tmp_path, 50)
