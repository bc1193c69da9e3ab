"""The game server (``amigo-rules serve``, the ``server`` extra): tables kept in a database,
seats for people in a browser, remote bots over WebSockets, our agents and engines
(the [Game server](../server.md) page).

``create_app(storage)`` is the ASGI application; `open_storage` the database by URL.
"""

from .rows import Storage, TableRow
from .storage import SQLiteStorage, open_storage

__all__ = ["SQLiteStorage", "Storage", "TableRow", "open_storage"]
