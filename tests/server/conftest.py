"""Fixtures of the server's tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from postgres import postgres_server, postgres_url  # noqa: F401  (a real PostgreSQL)
from server_helpers import Client

from amigo_rules.server import open_storage
from amigo_rules.server.app import create_app
from amigo_rules.server.settings import Settings


@pytest.fixture
def database(tmp_path: Path) -> str:
    """A fresh SQLite database's URL (a module may override it: PostgreSQL's tests do)."""
    return f"sqlite:///{tmp_path / 'tables.sqlite3'}"


@pytest.fixture
def client(database: str) -> Iterator[Client]:
    """A test client (entered) of a server over the test's database."""
    storage = open_storage(database)
    with Client(create_app(storage)) as test_client:
        yield test_client
    storage.close()


@pytest.fixture
def opened(database: str) -> Iterator[Any]:
    """Opens test clients (entered) over the test's database (its module's ``database``
    fixture) with given settings; closes them all at the end."""
    storages: list[Any] = []
    clients: list[Client] = []

    def open_client(settings: Settings | None = None, **options: Any) -> Client:
        storages.append(open_storage(database))
        clients.append(Client(create_app(storages[-1], settings), **options))
        return clients[-1].__enter__()

    yield open_client
    for client in clients:
        client.__exit__(None, None, None)
    for storage in storages:
        storage.close()
