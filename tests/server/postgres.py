"""A real PostgreSQL for the server's tests: one server per test session, a fresh database
per test (the game server page, "PostgreSQL and several processes").

The server runs from a temporary directory on a free port of 127.0.0.1 with ``initdb -A
trust``; as root (PostgreSQL refuses to run as root) the directory belongs to the ``postgres``
user and every command runs through ``runuser -u postgres --``. The tests that use it skip,
saying why, where the PostgreSQL binaries or psycopg are absent.

Import the fixtures in a ``conftest.py``: ``from postgres import postgres_server, postgres_url``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import free_port

DEBIAN_BINARIES = Path("/usr/lib/postgresql")
"""Where Debian's ``postgresql`` package puts ``initdb`` and ``pg_ctl``: ``<version>/bin``."""


def binaries() -> Path | None:
    """The directory holding ``initdb`` and ``pg_ctl``: on the PATH, else Debian's newest."""
    on_path = shutil.which("pg_ctl")
    if on_path is not None and shutil.which("initdb") is not None:
        return Path(on_path).resolve().parent
    versions = sorted(
        (path for path in DEBIAN_BINARIES.glob("*/bin") if (path / "pg_ctl").exists()),
        key=lambda path: int(path.parent.name) if path.parent.name.isdigit() else 0,
    )
    return versions[-1] if versions else None


def _as_server_user() -> tuple[list[str], str | None]:
    """The command prefix running a PostgreSQL program, and the user owning its files.

    As root: through ``runuser`` as ``postgres``; otherwise as the current user."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return [], None
    import pwd

    try:
        pwd.getpwnam("postgres")
    except KeyError:
        pytest.skip("running as root and there is no 'postgres' user to run PostgreSQL as")
    if shutil.which("runuser") is None:
        pytest.skip("running as root and runuser (util-linux) is absent")
    return ["runuser", "-u", "postgres", "--"], "postgres"


def _run(command: list[str]) -> None:
    """Run a setup command; a failure fails the test with the command's output."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    if done.returncode != 0:
        pytest.fail(f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}{done.stderr}")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server started for this test session (no database named),
    e.g. ``postgresql://postgres@127.0.0.1:PORT``; stopped and deleted at the end."""
    pytest.importorskip("psycopg", reason="psycopg comes with the server extra")
    bin_dir = binaries()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    prefix, owner = _as_server_user()
    # the server's user must reach its directory: as root, not under a private TMPDIR
    home = Path(tempfile.mkdtemp(prefix="amigo-pg-", dir="/tmp" if owner else None))
    data = home / "data"
    if owner is not None:
        shutil.chown(home, user=owner, group=owner)
    port = free_port()
    options = (f"-p {port} -k {home} -c listen_addresses=127.0.0.1 -c fsync=off "
               "-c max_connections=200")
    pg_ctl = [*prefix, str(bin_dir / "pg_ctl"), "-D", str(data)]
    try:
        _run([*prefix, str(bin_dir / "initdb"), "-A", "trust", "-U", "postgres",
              "-E", "UTF8", "--no-sync", "-D", str(data)])
        _run([*pg_ctl, "-l", str(home / "log"), "-o", options, "-w", "-t", "30", "start"])
        try:
            yield f"postgresql://postgres@127.0.0.1:{port}"
        finally:
            _run([*pg_ctl, "-m", "immediate", "-w", "stop"])
    finally:
        shutil.rmtree(home, ignore_errors=True)


def create_database(server: str) -> str:
    """Create a new, empty database on `server` (a `postgres_server` URL); its URL."""
    import psycopg

    name = f"test_{uuid.uuid4().hex}"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"{server}/{name}"


def drop_database(url: str) -> None:
    """Drop the database of `url` (made by `create_database`), ending its connections."""
    import psycopg

    server, _, name = url.rpartition("/")
    with psycopg.connect(f"{server}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """The URL of a fresh database of the session's PostgreSQL, dropped after the test."""
    url = create_database(postgres_server)
    yield url
    drop_database(url)
