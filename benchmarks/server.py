"""The game server under load, on loopback: a real ``amigo-rules serve`` process, and
``--tables`` tables of remote random bots playing over WebSockets to the end, all at once
(the bots in this process, the server in its own). Prints moves per second, the latency
of a move from its submission to the next ``act`` (p50, p99, max), the server's CPU per
move and the errors. Bounded: ``--timeout`` seconds at most.

    python benchmarks/server.py                      # 200 tables, 2 players each
    python benchmarks/server.py --tables 100 --game verflixxt_hoch --players 4
    python benchmarks/server.py --rules              # the rules work left on the event loop
    python benchmarks/server.py --memory 5000        # the server's memory over finished tables
    python benchmarks/server.py --restart 10000      # a restart over that many stored tables
    python benchmarks/server.py --kill 50            # kill -9 mid-game, restart, check

``--rules`` times, per move of random games in this process, the work the server does on
its event loop (checking the move, applying it with the chance moves after it, each
viewer's ``event``, the ``act``). ``--kill N`` runs N tables of our agents instead, kills
the server with SIGKILL in the middle, restarts it on the same file and checks that every
table finishes with the record ``amigo_rules.play`` gives for the same seed and agents.
Run by hand on a quiet machine (the figures are printed, never asserted); the runtime
dependencies (httpx2, psutil, websockets) come with the ``dev`` extra and are imported
after the arguments are read.
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

ROOT = Path(__file__).parents[1]
UNLIMITED = ("--max-creates-per-minute", "1000000", "--max-live-tables", "100000",
             "--max-connections", "20000")
"""The server's limits lifted: the benchmark's one client creates every table."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start(database: str, port: int) -> subprocess.Popen[bytes]:
    import httpx2

    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    process = subprocess.Popen([sys.executable, "-m", "amigo_rules", "serve", "--port",
                                str(port), "--database", database, *UNLIMITED], env=env,
                               stdout=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx2.get(f"http://127.0.0.1:{port}/api/tables", timeout=1)
            return process
        except httpx2.HTTPError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise SystemExit("the server did not start") from None
            time.sleep(0.02)


def stop(process: subprocess.Popen[bytes], how: int = signal.SIGTERM) -> None:
    try:
        os.kill(process.pid, how)
    except ProcessLookupError:
        return
    process.wait(30)


def percentiles(values: list[float]) -> str:
    import numpy as np

    ms = np.array(values) * 1000
    return (f"p50 {np.percentile(ms, 50):.3f} ms, p99 {np.percentile(ms, 99):.3f} ms, "
            f"max {ms.max():.3f} ms")


# ---------------------------------------------------------------- load


def scheduled(pid: int) -> tuple[float, float] | None:
    """The seconds the main thread of process ``pid`` has run and has waited, runnable,
    for a CPU (Linux's ``schedstat``), or None where the system does not say."""
    try:
        with open(f"/proc/{pid}/task/{pid}/schedstat") as stat:
            ran, waited = stat.read().split()[:2]
    except (OSError, ValueError):
        return None
    return int(ran) / 1e9, int(waited) / 1e9


def shares(before: tuple[float, float] | None, after: tuple[float, float] | None,
           seconds: float) -> str:
    """A main thread's share of the play: running, and runnable but waiting for a CPU (a
    thread that does both nearly all the time is CPU-bound, however little it ran)."""
    if before is None or after is None:
        return "not known here"
    return (f"running {(after[0] - before[0]) / seconds:.0%}, waiting for a CPU "
            f"{(after[1] - before[1]) / seconds:.0%} of the play")


async def load(url: str, tables: int, game: str, players: int, timeout: float,
               server: int) -> tuple[list[float], int, int, list[str], float, str, str]:
    """Create the tables, play them; latencies, moves, finished tables, errors, seconds,
    the `shares` of the server's main thread (process ``server``: its event loop) and the
    bots' during the play."""
    import httpx2

    from amigo_rules.server.remote import MoveClock, RandomRemote

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
    threads = scheduled(server), scheduled(os.getpid())
    results = await asyncio.wait_for(
        asyncio.gather(*(bot.play(where) for bot, where in bots), return_exceptions=True),
        timeout)
    seconds = time.perf_counter() - started
    loop_share = shares(threads[0], scheduled(server), seconds)
    bots_share = shares(threads[1], scheduled(os.getpid()), seconds)
    finished = 0
    for (bot, _), result in zip(bots, results, strict=True):
        errors += bot.errors
        if isinstance(result, BaseException):
            errors.append(f"{type(result).__name__}: {result}")
        else:
            finished += 1
    moves = sum(len(clock.latencies) for clock in clocks) + len(clocks)
    latencies = [x for clock in clocks for x in clock.latencies]
    return latencies, moves, finished // players, errors, seconds, loop_share, bots_share


def load_run(args: argparse.Namespace, database: str) -> None:
    import psutil

    port = free_port()
    server = start(database, port)
    cpu = psutil.Process(server.pid)
    try:
        before, client_before = sum(cpu.cpu_times()[:2]), time.process_time()
        latencies, moves, finished, errors, seconds, loop_share, bots_share = asyncio.run(
            load(f"http://127.0.0.1:{port}", args.tables, args.game, args.players,
                 args.timeout, server.pid))
        server_cpu = sum(cpu.cpu_times()[:2]) - before
        client_cpu = time.process_time() - client_before
    finally:
        stop(server)
    print(f"{args.tables} tables of {args.players} remote random bots ({args.game}), "
          f"loopback, {seconds:.1f} s")
    print(f"  tables finished  {finished} / {args.tables}")
    print(f"  player moves     {moves}  ({moves / seconds:.0f} moves/s)")
    if latencies:
        print(f"  latency          {percentiles(latencies)} (a move sent -> the next act)")
    print(f"  server CPU       {server_cpu:.1f} s ({server_cpu / max(moves, 1) * 1000:.2f} ms "
          "a player move, its chance moves included); the bots' process "
          f"{client_cpu:.1f} s")
    print(f"  event loop       {loop_share} (the bots' loop: {bots_share}); load "
          f"average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(f"  errors           {len(errors)}")
    for error in errors[:10]:
        print(f"    {error}")


# ---------------------------------------------------------------- the event loop's share


RULES_GAMES = [("verflixxt", 2, {}), ("verflixxt", 4, {"towers": "hidden",
                                                      "hidden_tiles": True}),
               ("verflixxt_hoch", 4, {}), ("exxtra", 4, {})]


def rules_run(args: argparse.Namespace) -> None:
    """Per player move, the rules work the server does on its event loop (what
    `Hall.play` and the connections' updates do between two awaits), in this process, in
    CPU time (another process's work on a shared machine does not count)."""
    import json

    import numpy as np

    from amigo_rules import SPECTATOR, get_game
    from amigo_rules.core import jsonio
    from amigo_rules.server import TableRow
    from amigo_rules.server.tables import LiveTable

    print("the rules work of one player move on the event loop, CPU time (resolve, apply with "
          "the chance moves after it, every viewer's event, the act with previews for a "
          "person)")
    for game, players, options in RULES_GAMES:
        module = get_game(game)
        rules = module.Rules(players=players, **options)
        rules_json = json.dumps(jsonio.rules_to_data(rules))
        times: list[float] = []
        for seed in range(args.games):
            row = TableRow("bench", game, rules_json, seed, ("human",) * players, 0.0)
            table = LiveTable(row, [None] * players)
            table.extend(table.plan(None))
            rng = np.random.default_rng(seed)
            while not table.over:
                seat = table.player
                ids = module.legal_action_ids(table.state).tolist()
                chosen = ids[int(rng.integers(len(ids)))]
                started = time.thread_time()
                table.extend(table.plan(table.resolve(seat, table.move_number, chosen, None)))
                for viewer in (*range(players), SPECTATOR):
                    table.event_lines(viewer)
                if table.player >= 0:
                    table.act(table.player, previews=True)
                times.append(time.thread_time() - started)
        label = f"{game} {players} players {' '.join(map(str, options.values()))}".strip()
        print(f"  {label:38s} {len(times):6d} moves: {percentiles(times)}")


# ---------------------------------------------------------------- memory and restart


async def finish_tables(url: str, count: int, batch: int = 50) -> None:
    """``count`` tables of two random agents, played to their end, ``batch`` at a time."""
    import httpx2

    async with httpx2.AsyncClient(base_url=url, timeout=60) as client:
        for start_index in range(0, count, batch):
            made = await asyncio.gather(*(
                client.post("/api/tables", json={"game": "verflixxt", "seed": index,
                                                 "seats": ["agent:random", "agent:random"]})
                for index in range(start_index, min(count, start_index + batch))))
            for answer in made:
                table = answer.json()["table"]
                while (await client.get(f"/api/tables/{table}")).json()["status"] != "over":
                    await asyncio.sleep(0.02)


def memory_run(args: argparse.Namespace, database: str) -> None:
    import psutil

    port = free_port()
    server = start(database, port)
    memory = psutil.Process(server.pid)
    url = f"http://127.0.0.1:{port}"
    try:
        asyncio.run(finish_tables(url, 50))  # warmed up: imports, caches, pools
        rss = [memory.memory_info().rss]
        done = [50]
        for count in (args.memory // 5,) * 5:
            started = time.perf_counter()
            asyncio.run(finish_tables(url, count))
            done.append(done[-1] + count)
            rss.append(memory.memory_info().rss)
            print(f"  {done[-1]:6d} finished tables: server RSS {rss[-1] / 2**20:.1f} MiB "
                  f"({time.perf_counter() - started:.1f} s for the last {count})")
    finally:
        stop(server)
    grown = (rss[-1] - rss[1]) / (done[-1] - done[1])
    print(f"{args.memory} finished tables of two random agents: RSS {rss[0] / 2**20:.1f} -> "
          f"{rss[-1] / 2**20:.1f} MiB, {grown / 1024:.2f} KiB a table after the first fifth")


def store_tables(database: str, count: int, playing: int) -> None:
    """``count`` stored tables of two random agents, the last ``playing`` of them mid-game
    (the others over), written to the database as the server writes them."""
    import json

    from amigo_rules import get_game, play
    from amigo_rules.agents import make_agent
    from amigo_rules.arena.plan import agent_seed
    from amigo_rules.core import jsonio
    from amigo_rules.server import TableRow, open_storage
    from amigo_rules.server.hall import new_row

    module = get_game("verflixxt")
    rules = module.Rules(players=2)
    rules_json = json.dumps(jsonio.rules_to_data(rules), separators=(",", ":"))
    storage = open_storage(database)
    try:
        for index in range(count):
            agents = [make_agent("random", "verflixxt", seed=agent_seed(index, s))
                      for s in range(2)]
            record = play("verflixxt", agents, rules, seed=index)
            moves = [str(m) for m in record.moves]
            row: TableRow = new_row("verflixxt", rules_json, index,
                                    ("agent:random", "agent:random"))
            storage.create(row, ["0" * 64, "1" * 64])
            if index >= count - playing:
                moves = moves[: len(moves) // 2]
                storage.append(row.id, 0, moves)
            else:
                storage.append(row.id, 0, moves, winners=list(record.winners))
    finally:
        storage.close()


def restart_run(args: argparse.Namespace, database: str) -> None:
    import httpx2

    with tempfile.TemporaryDirectory() as folder:  # twice: the second with warm files
        for _ in range(2):
            started = time.perf_counter()
            empty = start(f"sqlite:///{folder}/empty.sqlite3", free_port())
            baseline = time.perf_counter() - started
            stop(empty)
    playing = args.restart // 100  # the newest: GET /api/tables lists them
    started = time.perf_counter()
    store_tables(database, args.restart, playing)
    print(f"{args.restart} tables stored ({playing} of them mid-game) in "
          f"{time.perf_counter() - started:.1f} s")
    port = free_port()
    started = time.perf_counter()
    server = start(database, port)
    answered = time.perf_counter() - started
    try:
        url = f"http://127.0.0.1:{port}/api/tables"
        while any(t["status"] != "over" for t in httpx2.get(url, timeout=30).json()["tables"]):
            if time.perf_counter() - started > args.timeout:
                raise SystemExit("the tables mid-game did not finish in time")
            time.sleep(0.05)
        resumed = time.perf_counter() - started
    finally:
        stop(server)
    print(f"  restart: the first answer {answered:.2f} s after the start (over an empty "
          f"database {baseline:.2f} s); the {playing} tables mid-game all finished "
          f"{resumed:.2f} s after the start")


# ---------------------------------------------------------------- kill -9


LINE_UPS = [("verflixxt", ("random", "greedy", "random", "greedy")),
            ("verflixxt_hoch", ("random", "greedy", "random", "greedy")),
            ("exxtra", ("random", "heuristic", "random", "heuristic", "random", "random"))]


async def start_tables(url: str, count: int, wait: float) -> tuple[list[Any], dict[str, Any]]:
    """``count`` tables of agents created at once, and their facts ``wait`` s later."""
    import httpx2

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
    import httpx2

    from amigo_rules import GameRecord, get_game, play
    from amigo_rules.agents import make_agent
    from amigo_rules.arena.plan import agent_seed

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
    parser.add_argument("--database", help="sqlite:///PATH or postgresql://… (default: a "
                                           "temporary SQLite file)")
    parser.add_argument("--rules", action="store_true",
                        help="time the rules work the server does on its event loop")
    parser.add_argument("--games", type=int, default=30,
                        help="random games per configuration of --rules")
    parser.add_argument("--memory", type=int, metavar="N",
                        help="the server's memory over N finished tables of agents")
    parser.add_argument("--restart", type=int, metavar="N",
                        help="a restart over N stored tables (1%% of them mid-game)")
    parser.add_argument("--kill", type=int, metavar="N",
                        help="the kill -9 run with N tables of agents instead")
    parser.add_argument("--kill-after", type=float, default=0.0, metavar="SECONDS",
                        help="seconds between creating the tables and the kill")
    args = parser.parse_args()
    if args.rules:
        rules_run(args)
        return
    with tempfile.TemporaryDirectory() as folder:
        database = args.database or f"sqlite:///{folder}/bench.sqlite3"
        if args.memory:
            memory_run(args, database)
        elif args.restart:
            restart_run(args, database)
        elif args.kill:
            kill_run(args, database)
        else:
            load_run(args, database)


if __name__ == "__main__":
    main()
