"""The game server under load, on loopback: a real ``amigo-rules serve`` process, and
``--tables`` tables of remote random bots playing over WebSockets to the end, all at once
(one client process). Prints moves per second, the latency of a move from its submission to
the next ``act`` (p50, p99) and the errors. Bounded: ``--timeout`` seconds at most.

    python benchmarks/server.py                      # 200 tables, 2 players each
    python benchmarks/server.py --tables 20 --game exxtra --players 3
    python benchmarks/server.py --kill 50            # kill -9 mid-game, restart, check

``--kill N`` runs N tables of our agents instead, kills the server with SIGKILL in the
middle, restarts it on the same file and checks that every table finishes with the record
``amigo_rules.play`` gives for the same seed and agents.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2
import numpy as np
import psutil

from amigo_rules import GameRecord, get_game, play
from amigo_rules.agents import make_agent
from amigo_rules.arena.plan import agent_seed
from amigo_rules.server.remote import MoveClock, RandomRemote

ROOT = Path(__file__).parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start(database: str, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    process = subprocess.Popen([sys.executable, "-m", "amigo_rules", "serve", "--port",
                                str(port), "--database", database], env=env,
                               start_new_session=True)
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx2.get(f"http://127.0.0.1:{port}/api/tables", timeout=1)
            return process
        except httpx2.HTTPError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise SystemExit("the server did not start") from None
            time.sleep(0.05)


def stop(process: subprocess.Popen[bytes], how: int = signal.SIGTERM) -> None:
    try:
        os.kill(process.pid, how)
    except ProcessLookupError:
        return
    process.wait(30)


async def load(url: str, tables: int, game: str, players: int,
               timeout: float) -> tuple[list[float], int, int, list[str], float]:
    """Create the tables, play them; latencies, moves, finished tables, errors, seconds."""
    errors: list[str] = []
    clocks: list[MoveClock] = []
    bots: list[tuple[RandomRemote, str]] = []
    async with httpx2.AsyncClient(base_url=url, timeout=30) as client:
        for index in range(tables):
            answer = await client.post("/api/tables", json={
                "game": game, "seats": ["remote"] * players, "seed": index})
            if answer.status_code != 201:
                errors.append(f"create: {answer.status_code} {answer.text[:100]}")
                continue
            table = answer.json()
            clock = MoveClock()
            clocks.append(clock)
            for seat in table["seats"]:
                bot = RandomRemote(seed=index * 10 + seat["seat"], clock=clock)
                bots.append((bot, f"ws{url[4:]}/ws/tables/{table['table']}/seats/"
                                  f"{seat['seat']}?token={seat['token']}"))
    started = time.perf_counter()
    results = await asyncio.wait_for(
        asyncio.gather(*(bot.play(where) for bot, where in bots), return_exceptions=True),
        timeout)
    seconds = time.perf_counter() - started
    finished = 0
    for (bot, _), result in zip(bots, results, strict=True):
        errors += bot.errors
        if isinstance(result, BaseException):
            errors.append(f"{type(result).__name__}: {result}")
        else:
            finished += 1
    moves = sum(len(clock.latencies) for clock in clocks) + len(clocks)
    latencies = [x for clock in clocks for x in clock.latencies]
    return latencies, moves, finished // players, errors, seconds


def load_run(args: argparse.Namespace, database: str) -> None:
    port = free_port()
    server = start(database, port)
    cpu = psutil.Process(server.pid)
    try:
        before, client_before = sum(cpu.cpu_times()[:2]), time.process_time()
        latencies, moves, finished, errors, seconds = asyncio.run(load(
            f"http://127.0.0.1:{port}", args.tables, args.game, args.players, args.timeout))
        server_cpu = sum(cpu.cpu_times()[:2]) - before
        client_cpu = time.process_time() - client_before
    finally:
        stop(server)
    ms = np.array(latencies) * 1000
    print(f"{args.tables} tables of {args.players} remote random bots ({args.game}), "
          f"loopback, {seconds:.1f} s")
    print(f"  tables finished  {finished} / {args.tables}")
    print(f"  player moves     {moves}  ({moves / seconds:.0f} moves/s)")
    if len(ms):
        print(f"  latency          p50 {np.percentile(ms, 50):.1f} ms, p99 "
              f"{np.percentile(ms, 99):.1f} ms, max {ms.max():.1f} ms "
              "(a move sent -> the next act)")
    print(f"  server CPU       {server_cpu:.1f} s ({server_cpu / max(moves, 1) * 1000:.2f} ms "
          "a player move, its chance moves included); the bots' process "
          f"{client_cpu:.1f} s")
    print(f"  errors           {len(errors)}")
    for error in errors[:10]:
        print(f"    {error}")


LINE_UPS = [("verflixxt", ("random", "greedy", "random", "greedy")),
            ("verflixxt_hoch", ("random", "greedy", "random", "greedy")),
            ("exxtra", ("random", "heuristic", "random", "heuristic", "random", "random"))]


async def start_tables(url: str, count: int, wait: float) -> tuple[list[Any], dict[str, Any]]:
    """``count`` tables of agents created at once, and their facts ``wait`` s later."""
    line_ups = [LINE_UPS[index % len(LINE_UPS)] for index in range(count)]
    async with httpx2.AsyncClient(base_url=url, timeout=30) as client:
        answers = await asyncio.gather(*(
            client.post("/api/tables", json={"game": game, "seed": index,
                                             "seats": [f"agent:{n}" for n in names]})
            for index, (game, names) in enumerate(line_ups)))
        made = [(answer.json()["table"], game, names, index)
                for index, (answer, (game, names)) in enumerate(zip(answers, line_ups,
                                                                    strict=True))]
        await asyncio.sleep(wait)
        facts = await asyncio.gather(*(client.get(f"/api/tables/{m[0]}") for m in made))
    return made, {m[0]: answer.json() for m, answer in zip(made, facts, strict=True)}


def kill_run(args: argparse.Namespace, database: str) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start(database, port)
    made, seen = asyncio.run(start_tables(url, args.kill, args.kill_after))
    stop(server, signal.SIGKILL)
    running = sum(facts["status"] != "over" for facts in seen.values())
    acknowledged = sum(facts["move_number"] for facts in seen.values())
    print(f"{args.kill} tables of agents; SIGKILL after {args.kill_after:g} s with {running} "
          f"tables mid-game and {acknowledged} moves acknowledged")
    started = time.perf_counter()
    server = start(database, port)
    equal = lost = 0
    try:
        for tid, game, names, seed in made:
            while httpx2.get(f"{url}/api/tables/{tid}").json()["status"] != "over":
                if time.perf_counter() - started > args.timeout:
                    raise SystemExit(f"table {tid} did not finish in time")
                time.sleep(0.05)
            record = GameRecord.from_json(httpx2.get(f"{url}/api/tables/{tid}/record").text)
            agents = [make_agent(n, game, seed=agent_seed(seed, s)) for s, n in enumerate(names)]
            expected = play(game, agents, get_game(game).Rules(players=len(names)), seed=seed)
            equal += record == expected
            lost += len(record.moves) < seen[tid]["move_number"]
    finally:
        stop(server)
    print(f"  restarted: all {len(made)} tables finished in "
          f"{time.perf_counter() - started:.1f} s; records equal to play: {equal} / "
          f"{len(made)}; tables with an acknowledged move lost: {lost}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--game", default="verflixxt")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=600.0,
                        help="seconds the run may take at most")
    parser.add_argument("--database", help="sqlite:///PATH (default: a temporary file)")
    parser.add_argument("--kill", type=int, metavar="N",
                        help="the kill -9 run with N tables of agents instead")
    parser.add_argument("--kill-after", type=float, default=0.0, metavar="SECONDS",
                        help="seconds between creating the tables and the kill")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = args.database or f"sqlite:///{folder}/bench.sqlite3"
        (kill_run if args.kill else load_run)(args, database)


if __name__ == "__main__":
    main()
