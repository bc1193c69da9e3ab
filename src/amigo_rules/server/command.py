"""``amigo-rules serve``: the game server on uvicorn (the command line's ``serve`` calls
`run`)."""

from __future__ import annotations

import logging

from .app import MAX_FRAME, create_app
from .storage import open_storage


def run(host: str = "127.0.0.1", port: int = 8000, database: str | None = None, *,
        allow_engines: bool = False) -> None:
    """Serve until interrupted: the app over the database at ``database`` (see
    `open_storage`) on ``host``:``port``."""
    import uvicorn

    storage = open_storage(database)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")
    try:
        uvicorn.run(create_app(storage, allow_engines=allow_engines), host=host, port=port,
                    ws_max_size=MAX_FRAME, ws_per_message_deflate=False, log_level="warning",
                    lifespan="on")
    finally:
        storage.close()
