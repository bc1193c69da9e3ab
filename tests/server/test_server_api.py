"""The game server's HTTP API: its answers and status codes (docs/server.md), tokens that
grant one seat of one table, bad input refused with the state untouched."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from server_helpers import ADMIN, Client, bearer, engines
from starlette.testclient import TestClient

from amigo_rules import GameRecord, get_game, play
from amigo_rules.agents import make_agent
from amigo_rules.arena.plan import agent_seed
from amigo_rules.server import open_storage
from amigo_rules.server.app import MAX_BODY, create_app


def new_table(client: TestClient, game: str = "verflixxt", seats: Any = ("human", "human"),
              seed: int = 3, rules: Any = None) -> dict[str, Any]:
    """A new table (engine seats with the operator token)."""
    operator = bearer(ADMIN) if any(s.startswith("engine:") for s in seats) else {}
    answer = client.post("/api/tables", headers=operator, json={
        "game": game, "rules": rules, "seats": list(seats), "seed": seed})
    assert answer.status_code == 201, answer.text
    table: dict[str, Any] = answer.json()
    return table


def to_move(client: TestClient, table: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The seat to move (``to_move``, once the chance moves due are drawn: the setup's are
    drawn after the table is created) and its view, which alone offers moves."""
    for _ in range(500):
        seat = client.get(f"/api/tables/{table['table']}").json()["to_move"]
        if seat is not None:
            break
        client.portal.call(_pause)  # type: ignore[union-attr]
    else:
        raise AssertionError("nobody is to move")
    views = [client.get(f"/api/tables/{table['table']}/seats/{s['seat']}",
                        headers=bearer(s["token"])).json() for s in table["seats"]]
    assert [bool(view["legal"]) for view in views] == [s == seat for s in range(len(views))]
    return seat, views[seat]


def test_a_table_is_created_and_played_to_its_end_over_http(client: TestClient) -> None:
    table = new_table(client)
    tid = table["table"]
    assert [s["url"] for s in table["seats"]] == [
        f"/play/{tid}/{s['seat']}#{s['token']}" for s in table["seats"]]
    assert client.get(f"/api/tables/{tid}/record").status_code == 403
    facts = client.get(f"/api/tables/{tid}").json()
    assert facts["status"] == "waiting" and facts["players"] == 2 and "seed" not in facts
    moves = 0
    while client.get(f"/api/tables/{tid}").json()["status"] != "over":
        seat, view = to_move(client, table)
        answer = client.post(f"/api/tables/{tid}/seats/{seat}/moves",
                             headers=bearer(table["seats"][seat]["token"]),
                             json={"move_number": view["move_number"],
                                   "id": view["legal"][-1]["id"]})
        assert answer.status_code == 200, answer.text
        assert answer.json()["move_number"] > view["move_number"]
        moves += 1
    record = GameRecord.from_json(client.get(f"/api/tables/{tid}/record").text)  # replays
    assert len(record.moves) > moves
    facts = client.get(f"/api/tables/{tid}").json()
    assert facts["winners"] == list(record.winners) and facts["seed"] == record.seed
    assert record.seed != 3  # the creator's seed mixed with the server's secret
    listed = client.get("/api/tables").json()["tables"]
    assert [t["table"] for t in listed] == [tid] and listed[0]["status"] == "over"
    assert listed[0]["move_number"] == len(record.moves) == facts["move_number"]


@pytest.mark.parametrize(("game", "rules", "names"), [
    ("verflixxt", {"players": 3, "towers": "hidden", "hidden_tiles": True},
     ("random", "greedy", "random")),
    ("verflixxt_hoch", None, ("greedy", "random")),
    ("exxtra", None, ("heuristic", "random", "random")),
])
def test_a_table_of_agents_gives_the_record_play_gives(client: TestClient, game: str,
                                                       rules: Any, names: Any) -> None:
    module = get_game(game)
    table = new_table(client, game, [f"agent:{n}" for n in names], seed=11, rules=rules)
    tid = table["table"]
    for _ in range(400):
        if client.get(f"/api/tables/{tid}").json()["status"] == "over":
            break
        client.portal.call(_pause)  # type: ignore[union-attr]
    served = GameRecord.from_json(client.get(f"/api/tables/{tid}/record").text)
    agents = [make_agent(n, game, seed=agent_seed(11, seat)) for seat, n in enumerate(names)]
    rules_value = served.rules if rules is None else module.Rules(**rules)
    assert served == play(game, agents, rules_value, seed=11)


JSON = {"Content-Type": "application/json"}


async def _pause() -> None:
    import asyncio

    await asyncio.sleep(0.02)


@pytest.mark.parametrize(("body", "status", "says"), [
    (b"{not json", 400, "not JSON"),
    (b"[1, 2]", 400, "JSON object"),
    (b'{"game": "verflixxt", "seats": ["human", "human"], "seet": 1}', 400, "'seet'"),
    (b'{"game": 7, "seats": ["human", "human"]}', 400, "'game'"),
    (b'{"game": "chess", "seats": ["human", "human"]}', 400, "chess"),
    (b'{"game": "verflixxt", "seats": "human"}', 400, "'seats'"),
    (b'{"game": "verflixxt", "seats": [1, 2]}', 400, "'seats'"),
    (b'{"game": "verflixxt", "seats": ["human", "robot"]}', 400, "robot"),
    (b'{"game": "verflixxt", "seats": ["human", "agent:nobody"]}', 400, "nobody"),
    # outside text picks these seats: no program, file or search budget through 'agent:'
    (b'{"game": "verflixxt", "seats": ["human", "agent:engine:true"]}', 400,
     "takes one of random, greedy, mcts, value by name alone, got 'engine:true'"),
    (b'{"game": "verflixxt", "seats": ["human", "agent:value:/etc/passwd"]}', 400,
     "by name alone, got 'value:/etc/passwd'"),
    (b'{"game": "verflixxt", "seats": ["human", "agent:ppo:/etc/passwd"]}', 400, "ppo:"),
    (b'{"game": "verflixxt", "seats": ["human", "agent:mcts:999999999"]}', 400,
     "by name alone"),
    (b'{"game": "exxtra", "seats": ["human", "human", "agent:rollout:100000000"]}', 400,
     "takes one of random, heuristic, rollout, mcts, value by name alone"),
    (b'{"game": "verflixxt", "seats": ["human", "engine:true"]}', 403, "--allow-engines"),
    (b'{"game": "verflixxt", "seats": ["human", "human"], "seed": "x"}', 400, "seed"),
    (b'{"game": "verflixxt", "seats": ["human", "human"], "seed": -1}', 400, "seed"),
    (b'{"game": "verflixxt", "seats": ["human", "human"], "rules": {"players": 3}}', 400,
     "3 players"),
    (b'{"game": "verflixxt", "seats": ["human", "human"], "rules": {"towers": 5}}', 400,
     "towers"),
    (b'{"game": "verflixxt", "seats": ["human", "human"], "rules": []}', 400, "'rules'"),
    (b"[" * 100_000, 413, "bytes"),
    (b'{"game": "' + b"x" * MAX_BODY + b'"}', 413, "bytes"),
])
def test_a_bad_new_table_is_refused_with_its_status(client: TestClient, body: bytes,
                                                    status: int, says: str) -> None:
    answer = client.post("/api/tables", content=body, headers=JSON)
    assert answer.status_code == status, answer.text
    assert says in answer.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []


def test_tokens_grant_one_seat_of_one_table(client: TestClient, database: str) -> None:
    table, other = new_table(client), new_table(client)
    tid = table["table"]
    seat, view = to_move(client, table)
    mine, theirs = table["seats"][seat]["token"], table["seats"][1 - seat]["token"]
    move = {"move_number": view["move_number"], "id": view["legal"][0]["id"]}
    url = f"/api/tables/{tid}/seats/{seat}"
    before = open_storage(database).moves(tid)
    refusals = [
        (client.post(f"{url}/moves", json=move), 401),
        (client.post(f"{url}/moves", json=move, headers={"Authorization": "Basic x"}), 401),
        (client.post(f"{url}/moves", json=move, headers=bearer(theirs)), 403),
        (client.post(f"{url}/moves", json=move,
                     headers=bearer(other["seats"][seat]["token"])), 403),
        (client.post(f"{url}/moves", json=move, headers=bearer("x" * 10_000)), 403),
        (client.post(f"/api/tables/nosuch/seats/{seat}/moves", json=move,
                     headers=bearer(mine)), 404),
        (client.post(f"/api/tables/{tid}/seats/2/moves", json=move, headers=bearer(mine)),
         404),
        (client.post(f"/api/tables/{tid}/seats/-1/moves", json=move, headers=bearer(mine)),
         404),
        (client.post(f"/api/tables/{tid}/seats/{1 - seat}/moves", json=move,
                     headers=bearer(theirs)), 409),
        (client.post(f"{url}/moves", json={**move, "move_number": move["move_number"] - 1},
                     headers=bearer(mine)), 409),
        (client.post(f"{url}/moves", json={**move, "move_number": move["move_number"] + 1},
                     headers=bearer(mine)), 409),
        (client.post(f"{url}/moves", json={**move, "id": 10**6}, headers=bearer(mine)), 422),
        (client.post(f"{url}/moves", json={"move_number": move["move_number"],
                                           "move": "fly away"}, headers=bearer(mine)), 422),
        (client.post(f"{url}/moves", json={**move, "id": "1"}, headers=bearer(mine)), 400),
        (client.post(f"{url}/moves", json={**move, "move_number": 1.5},
                     headers=bearer(mine)), 400),
        (client.post(f"{url}/moves", json={"id": 1}, headers=bearer(mine)), 400),
        (client.post(f"{url}/moves", json={**move, "extra": 1}, headers=bearer(mine)), 400),
        (client.post(f"{url}/moves", content=b"{", headers={**bearer(mine), **JSON}), 400),
        (client.get(url), 401),
        (client.get(url, headers=bearer(theirs)), 403),
        (client.get(f"{url}/board.svg", headers=bearer(theirs)), 403),
        (client.get(f"{url}/board.svg"), 401),
        (client.get(f"{url}/board.svg?token={mine}"), 401),  # the header only
    ]
    for answer, status in refusals:
        assert answer.status_code == status, (status, answer.text)
        assert answer.json()["error"]
    assert open_storage(database).moves(tid) == before
    assert client.get(url, headers=bearer(mine)).json() == view
    assert client.get(f"{url}/board.svg", headers=bearer(mine)).status_code == 200
    assert client.post(f"{url}/moves", json=move, headers=bearer(mine)).status_code == 200


def test_unknown_paths_and_methods_answer_json(client: TestClient) -> None:
    assert client.get("/nope").json() == {"error": "Not Found"}
    assert client.delete("/api/tables").status_code == 405
    assert client.get("/static/../app.py").status_code == 404
    assert client.get("/static/table.css").status_code == 200
    assert client.get("/static/shell.html").status_code == 404  # pages are served whole
    for page in ("/", "/play/x/0", "/watch/x"):
        assert client.get(page).headers["content-type"].startswith("text/html")


@pytest.mark.parametrize(("path", "name", "title"), [
    ("/", "lobby", "Tables"), ("/play/x/0", "play", "Play"), ("/watch/x", "watch", "Watch"),
])
def test_every_page_is_its_body_in_the_one_shell(client: TestClient, path: str, name: str,
                                                  title: str) -> None:
    page = client.get(path)
    html = page.text
    assert html.startswith("<!doctype html>") and html.rstrip().endswith("</body>\n</html>")
    assert "script-src 'self';" in page.headers["content-security-policy"]
    assert f"<title>{title} · amigo-rules</title>" in html
    assert html.count("<body") == 1 and f'<body data-page="{name}">' in html
    assert "{" not in html.split("</head>")[0]  # no placeholder left in the head


def test_the_record_equals_the_stored_moves(client: TestClient, database: str) -> None:
    table = new_table(client, "verflixxt_hoch", ("human", "agent:random"), seed=5)
    tid = table["table"]
    while True:
        view = client.get(f"/api/tables/{tid}/seats/0",
                          headers=bearer(table["seats"][0]["token"])).json()
        if not view["legal"]:
            if client.get(f"/api/tables/{tid}").json()["status"] == "over":
                break
            client.portal.call(_pause)  # type: ignore[union-attr]
            continue
        client.post(f"/api/tables/{tid}/seats/0/moves", headers=bearer(table["seats"][0]["token"]),
                    json={"move_number": view["move_number"], "id": view["legal"][0]["id"]})
    record = json.loads(client.get(f"/api/tables/{tid}/record").text)
    assert record["moves"] == open_storage(database).moves(tid)
    assert record["agents"] == ["human", "random"]


def test_an_engine_seat_plays_where_engines_are_allowed(database: str) -> None:
    storage = open_storage(database)
    engine = f"engine:{sys.executable} -m amigo_rules.protocol.serve random"
    with Client(create_app(storage, engines())) as client:
        table = new_table(client, "exxtra", ("agent:random", engine, "agent:heuristic"))
        tid = table["table"]
        for _ in range(1000):
            facts = client.get(f"/api/tables/{tid}").json()
            if facts["status"] == "over":
                break
            client.portal.call(_pause)  # type: ignore[union-attr]
        assert facts["status"] == "over" and facts["seats"][1]["name"].startswith("random")
    storage.close()


def play_seat_0_until_over(client: TestClient, tid: str, token: str) -> dict[str, Any]:
    """Seat 0 plays its last legal move whenever it is to move; the table's facts once it
    is over."""
    for _ in range(2000):
        facts: dict[str, Any] = client.get(f"/api/tables/{tid}").json()
        if facts["status"] == "over":
            return facts
        view = client.get(f"/api/tables/{tid}/seats/0", headers=bearer(token)).json()
        if view["legal"]:
            move = {"move_number": view["move_number"], "id": view["legal"][-1]["id"]}
            client.post(f"/api/tables/{tid}/seats/0/moves", headers=bearer(token), json=move)
        else:
            client.portal.call(_pause)  # type: ignore[union-attr]
    raise AssertionError(f"table {tid} is not over after 2000 looks")


def test_a_failing_bot_seat_forfeits_and_the_table_ends(database: str) -> None:
    """An engine that exits instead of answering forfeits its seat (the seat protocol's forfeit):
    the table ends where it stood, nobody wins, and a restart reads the forfeit back."""
    storage = open_storage(database)
    failing = f"engine:{sys.executable} -c 'import sys; sys.exit(3)'"
    with Client(create_app(storage, engines())) as client:
        table = new_table(client, "exxtra", ("human", failing, "agent:heuristic"), seed=2)
        tid, human = table["table"], table["seats"][0]
        facts = play_seat_0_until_over(client, tid, human["token"])
        assert facts["status"] == "over" and facts["forfeit"] == 1 and facts["winners"] == []
        assert facts["to_move"] is None
        stored = storage.moves(tid)
        assert stored[-1] == "forfeit" and len(stored) == facts["move_number"] + 1
        record = json.loads(client.get(f"/api/tables/{tid}/record").text)
        assert record["moves"] == stored[:-1]
        with client.websocket_connect(f"/ws/tables/{tid}/watch") as socket:
            while (message := json.loads(socket.receive_text()))["type"] != "end":
                pass
        assert message["reason"] == "forfeit" and message["winners"] == []
        assert "P1 forfeited" in message["explanation"]
        view = client.get(f"/api/tables/{tid}/seats/0", headers=bearer(human["token"])).json()
        refused = client.post(f"/api/tables/{tid}/seats/0/moves", headers=bearer(human["token"]),
                              json={"move_number": view["move_number"], "id": 0})
        assert refused.status_code == 409 and "over" in refused.json()["error"]
    storage.close()
    storage = open_storage(database)  # a restarted server reads the forfeit back
    with Client(create_app(storage, engines())) as client:
        listed = client.get("/api/tables").json()["tables"]  # counted in the database
        assert listed[0]["move_number"] == facts["move_number"]
        again = client.get(f"/api/tables/{tid}").json()
        assert (again["status"], again["forfeit"], again["move_number"]) == (
            "over", 1, facts["move_number"])
    assert storage.moves(tid) == stored
    storage.close()


def test_a_stored_engine_seat_needs_the_flag_again(
    database: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A table seated ``engine:COMMAND`` on a server with ``--allow-engines`` and read back
    by one without: the program is never started, and the seat forfeits on its turn. The
    log quotes the command (outside text: no escape or line of its own reaches the log)."""
    ran = tmp_path / "ran"
    engine = (f"engine:{sys.executable} -c \"import sys; open(sys.argv[1], 'w')\" {ran} "
              f"'\x1b[2J\nforged line'")
    storage = open_storage(database)
    with Client(create_app(storage, engines())) as client:
        table = new_table(client, "exxtra", ("human", engine, "agent:heuristic"), seed=2)
    storage.close()
    tid, human = table["table"], table["seats"][0]
    storage = open_storage(database)
    with Client(create_app(storage)) as client:
        facts = play_seat_0_until_over(client, tid, human["token"])
        assert facts["status"] == "over" and facts["forfeit"] == 1 and facts["winners"] == []
    storage.close()
    assert not ran.exists()
    [logged] = [r.getMessage() for r in caplog.records if "forfeits" in r.getMessage()]
    assert "runs no engines" in logged and "\\x1b[2J\\nforged" in logged
    assert "\x1b" not in logged and "\n" not in logged


def test_a_seats_name_outlives_the_server(database: str) -> None:
    """The name a seat's client gives (``ready``) is stored: a restarted server (or another
    process) shows it in the table's facts and its record."""
    storage = open_storage(database)
    with Client(create_app(storage)) as client:
        table = new_table(client, "exxtra", ("remote", "agent:random", "agent:random"))
        tid, seat = table["table"], table["seats"][0]
        with client.websocket_connect(f"/ws/tables/{tid}/seats/0?token={seat['token']}") as ws:
            ws.receive_text()  # hello
            ws.send_text(json.dumps({"type": "ready", "name": "Ada", "protocol": 1}))
            ws.send_text(json.dumps({"type": "info"}))
            while json.loads(ws.receive_text())["type"] != "act":
                pass
        assert client.get(f"/api/tables/{tid}").json()["names"][0] == "Ada"
    storage.close()
    storage = open_storage(database)
    with Client(create_app(storage)) as client:
        facts = client.get(f"/api/tables/{tid}").json()
        assert facts["names"][0] == "Ada" and facts["seats"][0]["name"] == "Ada"
        assert not facts["seats"][0]["connected"]
    storage.close()


def test_serve_says_how_to_install_the_server_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from amigo_rules.cli import main

    assert "--allow-engines" in CliRunner().invoke(main, ["serve", "--help"]).output
    for package in ("uvicorn", "orjson"):
        monkeypatch.setitem(sys.modules, package, None)
        result = CliRunner().invoke(main, ["serve"])
        assert result.exit_code == 1
        assert "pip install 'amigo-rules[server]'" in result.output
        monkeypatch.undo()
    result = CliRunner().invoke(main, ["serve", "--database", "mysql://x"])
    assert result.exit_code == 2 and "'mysql'" in result.output


def test_serve_refuses_engines_without_an_operator_token(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from amigo_rules.cli import main

    monkeypatch.delenv("AMIGO_RULES_ADMIN_TOKEN", raising=False)
    result = CliRunner().invoke(main, ["serve", "--allow-engines"])
    assert result.exit_code == 2 and "operator token" in result.output
    result = CliRunner().invoke(main, ["serve", "--allow-origin", "evil.example"])
    assert result.exit_code == 2 and "https://games.example.org" in result.output


def test_serve_says_where_it_listens_and_which_database(tmp_path: Path) -> None:
    """The first line ``serve`` prints: its address (the port the system chose for 0) and
    its database (an SQLite file's whole path; a PostgreSQL URL without its password)."""
    import subprocess

    from server_helpers import ROOT

    database = tmp_path / "said.sqlite3"
    process = subprocess.Popen(
        [sys.executable, "-m", "amigo_rules", "serve", "--port", "0", "--database",
         f"sqlite:///{database}"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, start_new_session=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline().decode()
    finally:
        process.kill()
        process.wait(10)
        if process.stdout is not None:
            process.stdout.close()
    match = re.fullmatch(r"amigo-rules serve: http://127\.0\.0\.1:(\d+)/ \(database (.*)\)\n",
                         line)
    assert match is not None, line
    assert int(match[1]) > 0 and match[2] == f"sqlite:///{database}"


def test_serve_freezes_its_start_up_objects_before_serving(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What exists when ``serve`` starts serving lives as long as the process: frozen out
    of the garbage collector's passes (`gc.freeze`), the app and uvicorn's modules
    included; full passes come ten times rarer than Python's default."""
    import gc

    import uvicorn

    from amigo_rules.server.command import FULL_PASS_EVERY, run
    from amigo_rules.server.settings import Settings

    frozen: list[tuple[int, tuple[int, int, int]]] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: frozen.append(
        (gc.get_freeze_count(), gc.get_threshold())))
    thresholds = gc.get_threshold()
    gc.unfreeze()
    try:
        run(Settings(), port=0, database=f"sqlite:///{tmp_path / 'frozen.sqlite3'}")
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
    [(count, (young, middle, full))] = frozen
    assert count > 1000
    assert (young, middle) == thresholds[:2] and full == FULL_PASS_EVERY > thresholds[2]


def test_the_server_benchmark_reads_its_arguments_without_the_dev_extra() -> None:
    """``benchmarks/server.py --help`` imports nothing beyond the standard library first."""
    import subprocess

    from server_helpers import ROOT

    blocked = ("import sys; [sys.modules.__setitem__(m, None) for m in ('httpx2', 'psutil', "
               "'websockets', 'uvicorn', 'starlette', 'numpy', 'amigo_rules')]; "
               "sys.argv = ['server.py', '--help']; "
               f"import runpy; runpy.run_path({str(ROOT / 'benchmarks' / 'server.py')!r}, "
               "run_name='__main__')")
    done = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "--memory N" in done.stdout and "--restart N" in done.stdout


def test_the_server_benchmark_tells_running_from_waiting_for_a_cpu() -> None:
    """The load run's ``event loop`` line: a main thread's share of the play running and
    runnable but waiting (Linux's schedstat), which tells a CPU-bound thread on a shared
    machine from an idle one."""
    import runpy

    from server_helpers import ROOT

    bench = runpy.run_path(str(ROOT / "benchmarks" / "server.py"))
    assert bench["shares"]((1.0, 2.0), (1.5, 4.0), 4.0) == (
        "running 12%, waiting for a CPU 50% of the play")
    assert bench["shares"](None, (1.5, 4.0), 4.0) == "not known here"
    mine = bench["scheduled"](os.getpid())
    if sys.platform == "linux":
        sum(range(10**6))  # some running
        again = bench["scheduled"](os.getpid())
        assert mine is not None and again is not None and again[0] > mine[0] >= 0
    assert bench["scheduled"](2**22 + 1) is None  # no such process


def test_the_docs_proxy_keeps_tokens_out_of_its_access_log() -> None:
    """A WebSocket's token travels as ``?token=``: the server page's nginx example logs
    with a format of its own that holds no query string (``$request``, ``$request_uri``,
    ``$args`` … would), and every ``access_log`` uses such a format."""
    from server_helpers import ROOT

    text = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```nginx\n(.*?)```", text, re.S)
    config = next(block for block in blocks if "proxy_pass http://127.0.0.1:8000;" in block)
    formats = dict(re.findall(r"log_format\s+(\w+)\s+((?:'[^']*'\s*)+);", config))
    assert formats, "no log_format"
    query = re.compile(r"\$(request\b|request_uri|args|query_string|arg_\w+|is_args)")
    assert not [name for name, fields in formats.items() if query.search(fields)]
    logs = re.findall(r"access_log\s+(\S+)(?:\s+(\w+))?\s*;", config)
    assert logs and all(fmt in formats for _, fmt in logs), logs


def test_a_table_s_pages_share_their_top(client: Any) -> None:
    """The play and watch pages begin alike (one fragment): the game, the status line, the
    clock, the players; each page once, no marker left."""
    for path in ("/play/T/0", "/watch/T"):
        page = client.get(path).text
        assert "{table_top}" not in page and "{body}" not in page
        for part in ('<span id="game">', 'id="status"', '<p id="clock" hidden>',
                     '<ul id="players"'):
            assert page.count(part) == 1, (path, part)
