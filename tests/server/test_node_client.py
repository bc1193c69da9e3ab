"""The Node.js WebSocket example (``random_ws.js``, an example engine installed with the
package) plays a seat of a real game server to the end, on the Node.js this machine has:
with ``--experimental-websocket`` before Node.js 22, as the engines page says, and without
the flag there it says what to do. Skipped, saying why, where ``node`` is absent."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the server extra is not installed")

import httpx2
from server_helpers import uvicorn_thread

from amigo_rules.protocol import example_engine

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js (node) on the PATH")
SCRIPT = str(example_engine("random_ws.js"))


def node_major() -> int:
    version = subprocess.run([NODE, "--version"], capture_output=True, text=True,
                             check=True).stdout
    found = re.match(r"v(\d+)\.(\d+)", version)
    assert found, version
    major, minor = int(found.group(1)), int(found.group(2))
    if (major, minor) < (20, 10):
        pytest.skip(f"Node.js {version.strip()} has no WebSocket (20.10 or later needed)")
    return major


def remote_seat(base: str) -> tuple[str, str]:
    """A two-player Verflixxt! table, seat 0 remote, seat 1 our greedy agent: (table id,
    seat 0's WebSocket URL)."""
    answer = httpx2.post(f"{base}/api/tables", json={
        "game": "verflixxt", "rules": {"players": 2}, "seats": ["remote", "agent:greedy"],
        "seed": 1}, timeout=30)
    assert answer.status_code == 201, answer.text
    table = answer.json()
    token = table["seats"][0]["token"]
    host = base.removeprefix("http://")
    return table["table"], f"ws://{host}/ws/tables/{table['table']}/seats/0?token={token}"


def test_the_node_websocket_example_plays_a_seat_to_the_end(tmp_path: Path):
    flags = [] if node_major() >= 22 else ["--experimental-websocket"]
    with uvicorn_thread(f"sqlite:///{tmp_path / 'tables.db'}") as base:
        table, url = remote_seat(base)
        run = subprocess.run([NODE, *flags, SCRIPT, url], capture_output=True, text=True,
                             timeout=300, check=False)
        assert run.returncode == 0, run.stderr
        assert re.fullmatch(r"winners: \[[01](,[01])?\]\n", run.stdout), run.stdout
        record = httpx2.get(f"{base}/api/tables/{table}/record", timeout=30).json()
    assert record["agents"] == ["random_ws.js", "greedy"]


def test_without_websocket_the_node_example_says_which_node_it_needs():
    if node_major() >= 22:
        pytest.skip("this Node.js has WebSocket built in")
    run = subprocess.run([NODE, SCRIPT, "ws://127.0.0.1:1/ws/tables/x/seats/0?token=t"],
                         capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 2
    assert "node --experimental-websocket" in run.stderr and "Node.js 22" in run.stderr
