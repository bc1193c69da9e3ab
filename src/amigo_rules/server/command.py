"""``amigo-rules serve``: the game server on uvicorn (the command line's ``serve`` calls
`run`)."""

from __future__ import annotations

import gc
import logging

from .app import MAX_FRAME, create_app
from .settings import Settings
from .storage import database_label, open_storage
from .wire import gathering


def run(settings: Settings, port: int = 8000, database: str | None = None, *,
        max_connections: int = 1000) -> None:
    """Serve until interrupted: the app with ``settings`` over the database at
    ``database`` (see `open_storage`) on ``settings.host``:``port``, at most
    ``max_connections`` connections at once (more are answered 503). Prints the address
    it listens on and the database it uses."""
    import uvicorn
    from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

    storage = open_storage(database)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")
    try:
        config = uvicorn.Config(create_app(storage, settings), host=settings.host, port=port,
                                ws=("auto" if AutoWebSocketsProtocol is None  # (no ws)
                                    else gathering(AutoWebSocketsProtocol)),
                                ws_max_size=MAX_FRAME, ws_per_message_deflate=False,
                                log_level="warning", lifespan="on",
                                limit_concurrency=max_connections)
        sock = config.bind_socket()
        host, bound = sock.getsockname()[:2]
        shown = f"[{host}]" if ":" in host else host
        print(f"amigo-rules serve: http://{shown}:{bound}/ (database "
              f"{database_label(database)})", flush=True)
        config.load()  # (the server's own modules imported: frozen with the rest)
        freeze_start()
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        storage.close()


FULL_PASS_EVERY = 100
"""The collector's passes over its middle generation between two full passes (Python's
default: 10)."""


def freeze_start() -> None:
    """Collect once and freeze what is left (`gc.freeze`): the objects made until the
    server starts (modules, classes, the app) live as long as its process, and the
    cyclic garbage collector's full passes, which hold up the event loop, need not go over
    them again and again (about a third of each pass's time at 200 tables being played).
    Full passes come every `FULL_PASS_EVERY` passes over the middle generation: each
    stopped every table for 100–130 ms at 200 tables in play, about every 2 s (p99 of a
    move 221–232 ms; with full passes ten times rarer 160–185 ms). What the server makes
    per move is freed by its references (a test finds no cycles at a table); cyclic
    garbage from elsewhere waits longer for the pass that frees it."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_PASS_EVERY)
