"""Helpers of the game server's tests: a real uvicorn in a thread or a process, tables."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import httpx2
import uvicorn
from starlette.testclient import TestClient

from amigo_rules.server import open_storage
from amigo_rules.server.app import MAX_FRAME, create_app
from amigo_rules.server.settings import ADMIN_TOKEN_VARIABLE, Settings

ROOT = Path(__file__).parents[2]
ADMIN = "operator-token-of-the-tests"
"""The operator token of the tests' servers that run engines."""
BASE = "http://localhost"
"""The base URL of a test client (a name every server answers to)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Client(TestClient):
    """Starlette's test client at `BASE`, its WebSockets too (a host the server answers
    to; the plain client says ``testserver``)."""

    def __init__(self, app: Any, **options: Any) -> None:
        super().__init__(app, base_url=BASE, **options)

    def websocket_connect(self, url: str, *args: Any, **options: Any) -> Any:
        return super().websocket_connect(urljoin("ws://localhost", url), *args, **options)


def engines(**options: Any) -> Settings:
    """The settings of a server that runs engines (with the tests' operator token)."""
    return Settings(allow_engines=True, admin_token=ADMIN, **options)


@contextlib.contextmanager
def uvicorn_thread(database: str, *, ws: Any = "auto", deflate: bool = True,
                   **options: Any) -> Iterator[str]:
    """A real uvicorn serving the app over ``database`` in a thread, with the `Settings`
    ``options`` (its WebSocket protocol ``ws``, per-message compression if ``deflate``:
    uvicorn's default, ``serve`` turns it off); its base URL."""
    storage = open_storage(database)
    port = free_port()
    config = uvicorn.Config(create_app(storage, Settings(**options)), host="127.0.0.1",
                            port=port, ws=ws, ws_per_message_deflate=deflate,
                            log_level="warning", ws_max_size=MAX_FRAME, lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(20)
        storage.close()


def start_process(database: str, port: int, *options: str) -> subprocess.Popen[bytes]:
    """``python -m amigo_rules serve`` on ``port`` with the command line ``options`` (and
    the tests' operator token in its environment), ready to answer."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), ADMIN_TOKEN_VARIABLE: ADMIN}
    process = subprocess.Popen(
        [sys.executable, "-m", "amigo_rules", "serve", "--port", str(port), "--database",
         database, *options], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        start_new_session=True)
    deadline = time.monotonic() + 30
    while True:
        assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
        try:
            httpx2.get(f"http://127.0.0.1:{port}/api/tables", timeout=1)
            return process
        except httpx2.HTTPError:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)


def kill(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL the server (no clean-up of any kind)."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(process.pid, signal.SIGKILL)
    process.wait(10)
    if process.stderr:
        process.stderr.close()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
