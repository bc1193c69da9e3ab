"""Where the game server keeps its tables: one small interface (`Storage`, in
``amigo_rules.server.rows``), an SQLite file by default (`SQLiteStorage`), PostgreSQL by URL
(``amigo_rules.server.postgres``).

Stored are the tables (game, rules, seed, seat kinds, status, winners), each seat's token
hash (sha256, never the token) and every move in order as notation text, chance outcomes
included; the live state is recomputed from the seed and the moves. The database orders a
table's moves (primary key ``(table, number)``): `Storage.append` of a number already taken
writes nothing and returns False, so two processes, or two clients of one, can never both
play move ``n``.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from ..core.checks import quote
from ..core.errors import ArgumentError, StateError
from .rows import FORFEIT, OPEN, Clock, Leads, Storage, StoredTable, TableRow, checked_moves

LOG = logging.getLogger("amigo_rules.server")
SQLITE_PREFIX = "sqlite:///"
"""How an SQLite database URL starts (``sqlite:///PATH``)."""
POSTGRES_PREFIXES = ("postgresql://", "postgres://")
"""How a PostgreSQL database URL starts."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL, seed TEXT NOT NULL,
    seats TEXT NOT NULL, created REAL NOT NULL, status TEXT NOT NULL, winners TEXT NOT NULL,
    updated REAL, to_move INTEGER);
CREATE INDEX IF NOT EXISTS tables_created ON tables (created);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables (id), seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL, name TEXT, PRIMARY KEY (table_id, seat)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables (id), number INTEGER NOT NULL,
    move TEXT NOT NULL, PRIMARY KEY (table_id, number)) WITHOUT ROWID;
"""
_INDEXES = """
CREATE INDEX IF NOT EXISTS tables_updated ON tables (updated);
CREATE INDEX IF NOT EXISTS tables_status ON tables (status);
"""
CHECKPOINT_SECONDS = 0.5
"""How often, while moves are committed, the checkpointer copies them into the database
file."""
WAL_LIMIT = 64 * 2**20
"""The write-ahead log's size (bytes) beyond which the checkpointer starts it anew,
waiting for the writer between two commits, when the copies alone never caught up."""
_COLUMNS = ("id, game, rules, seed, seats, created, status, winners, clock, updated, rematch, "
            "to_move")
_BOT_TO_MOVE = """(CASE WHEN to_move IS NULL THEN seats LIKE '%"agent:%' OR seats LIKE '%"engine:%'
    ELSE json_extract(seats, '$[' || to_move || ']') LIKE 'agent:%'
      OR json_extract(seats, '$[' || to_move || ']') LIKE 'engine:%' END)"""
"""A table whose seat to move the server plays, or (not known yet) with such a seat (the
seat kinds are a JSON list)."""


_DUE = f"""SELECT id FROM tables
    WHERE status = 'playing' AND clock IS NOT NULL AND seats NOT LIKE '%"{OPEN}"%'
    AND updated + json_extract(clock, '$.move_seconds') <= ?
    AND (to_move IS NULL OR NOT {_BOT_TO_MOVE})"""
"""The tables whose clock ran out (`Storage.due`)."""


def _row(values: tuple[Any, ...]) -> TableRow:
    (id_, game, rules, seed, seats, created, status, winners, clock, updated, rematch,
     to_move) = values
    return TableRow(id_, game, rules, int(seed), tuple(json.loads(seats)), created, status,
                    tuple(json.loads(winners)), Clock.from_json(clock), updated, rematch, to_move)


class _Checkpointer:
    """Copies the write-ahead log of an SQLite file into the file and syncs it to disk (a
    checkpoint), in a thread and connection of its own, every `CHECKPOINT_SECONDS` while
    commits come: the writer, whose connection never checkpoints, never waits for a disk
    sync (SQLite's own checkpoints run in the committing thread, every thousand pages). A
    checkpoint that copied every commit lets the writer start the log anew; one that
    never catches up (commits arriving throughout) leaves it growing until `WAL_LIMIT`,
    where a checkpoint waits for the writer to pause and restarts the log."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.due = threading.Event()
        """Set by a commit (`committed`); the thread waits for it."""
        self.stopping = threading.Event()
        self.checkpoints = 0
        """Checkpoints made, those that copied all but the newest commits included."""
        self.thread: threading.Thread | None = None

    def committed(self) -> None:
        """A transaction was committed (the writer, after each): a checkpoint is due."""
        if self.thread is None:
            self.thread = threading.Thread(target=self._run, name="amigo-checkpoint",
                                           daemon=True)
            self.thread.start()
        self.due.set()

    def _run(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, timeout=30.0,
                             check_same_thread=False)
        try:
            while True:
                self.due.wait()
                if self.stopping.wait(CHECKPOINT_SECONDS):
                    return
                self.due.clear()
                try:
                    self.checkpoint(db)
                except sqlite3.Error as exc:  # (a full disk …) the next commit tries again
                    LOG.warning("checkpointing %s failed: %r", self.path, str(exc))
        finally:
            db.close()

    def checkpoint(self, db: sqlite3.Connection) -> bool:
        """Copy the log into the file (over ``db``), again if commits came meanwhile (or
        a reader's snapshot held some back), three times at most; restart the log
        (waiting for the writer and readers) once it outgrew `WAL_LIMIT`. Whether all of
        it was copied."""
        for _ in range(3):
            _, logged, copied = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            if copied >= logged:
                break
        else:
            with suppress(OSError):
                if os.stat(f"{self.path}-wal").st_size > WAL_LIMIT:
                    db.execute("PRAGMA wal_checkpoint(RESTART)")
        self.checkpoints += 1
        return bool(copied >= logged)

    def stop(self) -> None:
        """End the thread (the last connection to close checkpoints what is left)."""
        self.stopping.set()
        self.due.set()
        if self.thread is not None:
            self.thread.join()


class SQLiteStorage:
    """`Storage` in one SQLite file, WAL mode with ``synchronous=NORMAL``: a move appended
    is committed (in the write-ahead log) before `append` returns (or before the `batch`
    it is made in ends), so it survives the server's process dying (``kill -9``); the log
    is synced to disk at checkpoints, so a power cut may lose the last moments
    (``synchronous=FULL`` would sync every move, at several times the cost). The
    checkpoints run in a thread of their own (`_Checkpointer`): a commit never waits for
    the disk. One connection under a lock; the server calls it from one thread, which
    commits the calls waiting together. One server process serves a file: it leads every
    table (`lead`) and hears no other process's moves."""

    threads = 1
    """The server's one storage thread (the writer): a second connection would only wait
    for the file's lock."""
    group = True
    """The writer commits the calls waiting together (`batch`)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        """The database file."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._batched = False
        """Whether a `batch` is open (its thread holds the lock)."""
        self._leading: set[str] = set()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None,
                                   timeout=30.0)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA wal_autocheckpoint=0")  # the checkpointer's work
        self._checkpointer = _Checkpointer(self.path)
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)
        seat_columns = {row[1] for row in self._db.execute("PRAGMA table_info(seats)")}
        if "name" not in seat_columns:  # a file from before seat names were kept
            self._db.execute("ALTER TABLE seats ADD COLUMN name TEXT")
        table_columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
        for column in ("updated REAL", "to_move INTEGER",  # a file from before expiry, leads,
                       "clock TEXT", "rematch TEXT"):  # clocks, rematches
            if column.split()[0] not in table_columns:
                self._db.execute(f"ALTER TABLE tables ADD COLUMN {column}")
        self._db.execute("UPDATE tables SET updated = created WHERE updated IS NULL")
        self._db.executescript(_INDEXES)

    def create(self, table: TableRow, token_hashes: Sequence[str]) -> None:
        """Store a table and its seats' token hashes, in one transaction (`Storage.create`)."""
        if len(token_hashes) != len(table.seats):
            raise ArgumentError(f"{len(token_hashes)} token hashes for {len(table.seats)} seats")
        with self._lock, self._transaction() as db:
            self._insert(db, table)
            db.executemany("INSERT INTO seats (table_id, seat, token_hash) VALUES (?, ?, ?)",
                           [(table.id, i, h) for i, h in enumerate(token_hashes)])

    @staticmethod
    def _insert(db: sqlite3.Connection, table: TableRow) -> None:
        db.execute(f"INSERT INTO tables ({_COLUMNS}) VALUES ({', '.join('?' * 12)})",
                   (table.id, table.game, table.rules, str(table.seed),
                    json.dumps(list(table.seats)), table.created, table.status,
                    json.dumps(list(table.winners)),
                    None if table.clock is None else table.clock.to_json(), table.created,
                    None, None))

    @contextmanager
    def batch(self) -> Iterator[None]:
        """One transaction for the calls made inside, each in a savepoint of its own (a
        call that fails undoes only its own writes); committed at the end."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            self._batched = True
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            else:
                self._db.execute("COMMIT")
                self._checkpointer.committed()
            finally:
                self._batched = False

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """A transaction, or a savepoint inside a `batch`. Under the lock."""
        db = self._db
        begin, commit, rollback = (
            ("SAVEPOINT call", "RELEASE call", ("ROLLBACK TO call", "RELEASE call"))
            if self._batched else ("BEGIN IMMEDIATE", "COMMIT", ("ROLLBACK",)))
        db.execute(begin)
        try:
            yield db
        except BaseException:
            for statement in rollback:
                db.execute(statement)
            raise
        db.execute(commit)
        if not self._batched:
            self._checkpointer.committed()

    def read(self, table_id: str) -> StoredTable | None:
        """The table with its seats and moves (`Storage.read`)."""
        with self._lock:
            db = self._db
            found = db.execute(f"SELECT {_COLUMNS} FROM tables WHERE id = ?",
                               (table_id,)).fetchone()
            if found is None:
                return None
            seats = db.execute("SELECT token_hash, name FROM seats WHERE table_id = ? "
                               "ORDER BY seat", (table_id,)).fetchall()
            moves = db.execute("SELECT move FROM moves WHERE table_id = ? ORDER BY number",
                               (table_id,)).fetchall()
        return StoredTable(_row(found), tuple(h for h, _ in seats),
                           tuple(n for _, n in seats), tuple(m for (m,) in moves))

    def table(self, table_id: str) -> TableRow | None:
        """The table ``table_id``, or None (`Storage.table`)."""
        with self._lock:
            found = self._db.execute(f"SELECT {_COLUMNS} FROM tables WHERE id = ?",
                                     (table_id,)).fetchone()
        return None if found is None else _row(found)

    def tables(self, *, limit: int = 100) -> list[TableRow]:
        """At most ``limit`` tables, newest first (`Storage.tables`)."""
        with self._lock:
            found = self._db.execute(
                f"SELECT {_COLUMNS} FROM tables ORDER BY created DESC, id LIMIT ?",
                (limit,)).fetchall()
        return [_row(values) for values in found]

    def token_hash(self, table_id: str, seat: int) -> str | None:
        """The sha256 hex of a seat's token, or None (`Storage.token_hash`)."""
        with self._lock:
            found = self._db.execute(
                "SELECT token_hash FROM seats WHERE table_id = ? AND seat = ?",
                (table_id, seat)).fetchone()
        return None if found is None else str(found[0])

    def name_seat(self, table_id: str, seat: int, name: str) -> None:
        """Keep the name a seat's client gave (`Storage.name_seat`)."""
        with self._lock:
            self._db.execute("UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?",
                             (name, table_id, seat))

    def seat_names(self, table_id: str) -> list[str | None]:
        """Each seat's name as last given, None where none was (`Storage.seat_names`)."""
        with self._lock:
            found = self._db.execute("SELECT name FROM seats WHERE table_id = ? ORDER BY seat",
                                     (table_id,)).fetchall()
        return [None if values[0] is None else str(values[0]) for values in found]

    def moves(self, table_id: str, start: int = 0) -> list[str]:
        """The table's moves from number ``start`` on (`Storage.moves`)."""
        with self._lock:
            found = self._db.execute(
                "SELECT move FROM moves WHERE table_id = ? AND number >= ? ORDER BY number",
                (table_id, start)).fetchall()
        return [str(values[0]) for values in found]

    def move_counts(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The moves played at each table, a forfeit not counted (`Storage.move_counts`)."""
        marks = ", ".join("?" * len(table_ids))
        with self._lock:
            found = self._db.execute(
                f"SELECT table_id, count(*) FROM moves WHERE table_id IN ({marks}) "
                f"AND move <> ? GROUP BY table_id", (*table_ids, FORFEIT)).fetchall()
        return {str(table_id): int(count) for table_id, count in found}

    def append(self, table_id: str, move_number: int, moves: Sequence[str], *,
               to_move: int | None = None, winners: Sequence[int] | None = None) -> bool:
        """Commit moves if the first's number is the next one, else False
        (`Storage.append`)."""
        moves = list(checked_moves(moves))
        with self._lock, self._transaction() as db:
            found = db.execute(
                "SELECT EXISTS (SELECT 1 FROM tables WHERE id = ?), "
                "(SELECT max(number) FROM moves WHERE table_id = ?)",
                (table_id, table_id)).fetchone()
            if not found[0]:
                raise StateError(f"no table {quote(table_id)} to append a move to")
            if (-1 if found[1] is None else found[1]) != move_number - 1:
                return False
            db.executemany("INSERT INTO moves VALUES (?, ?, ?)",
                           [(table_id, move_number + i, m) for i, m in enumerate(moves)])
            if winners is None:
                db.execute("UPDATE tables SET updated = ?, to_move = ? WHERE id = ?",
                           (time.time(), to_move, table_id))
            else:
                db.execute("UPDATE tables SET status = 'over', winners = ?, updated = ?, "
                           "to_move = NULL WHERE id = ?",
                           (json.dumps(list(winners)), time.time(), table_id))
        return True

    def lead(self, limit: int) -> Leads:
        """Lead the tables whose seat to move the server plays (`Storage.lead`): this
        process serves the file alone."""
        with self._lock:
            found = self._db.execute(
                f"SELECT id FROM tables WHERE status = 'playing' AND {_BOT_TO_MOVE} "
                f"ORDER BY created").fetchall()
            gained = [table_id for (table_id,) in found
                      if table_id not in self._leading][:max(limit, 0)]
            self._leading.update(gained)
        return Leads(gained=tuple(gained))

    def unlead(self, table_id: str) -> None:
        """Give up the lead of a table (`Storage.unlead`)."""
        with self._lock:
            self._leading.discard(table_id)

    def hold_seat(self, table_id: str, seat: int, holder: str) -> str:
        """The claim, kept nowhere: no other process serves this file
        (`Storage.hold_seat`)."""
        return f"{time.time():017.6f}/{holder}"

    def claim_seat(self, table_id: str, seat: int, token_hash: str, name: str) -> bool:
        """Give an open seat to its first claimant (`Storage.claim_seat`)."""
        with self._lock, self._transaction() as db:
            found = db.execute("SELECT seats FROM tables WHERE id = ?", (table_id,)).fetchone()
            kinds = [] if found is None else json.loads(found[0])
            if not 0 <= seat < len(kinds) or kinds[seat] != OPEN:
                return False
            kinds[seat] = "human"
            db.execute("UPDATE tables SET seats = ?, updated = ? WHERE id = ?",
                       (json.dumps(kinds), time.time(), table_id))
            db.execute("UPDATE seats SET token_hash = ?, name = ? WHERE table_id = ? AND "
                       "seat = ?", (token_hash, name, table_id, seat))
        return True

    def rematch(self, table_id: str, table: TableRow) -> str:
        """Store and link the rematch of a table, or say the earlier one
        (`Storage.rematch`)."""
        with self._lock, self._transaction() as db:
            found = db.execute("SELECT rematch FROM tables WHERE id = ?",
                               (table_id,)).fetchone()
            if found is None:
                raise StateError(f"no table {quote(table_id)} to play again")
            if found[0] is not None:
                return str(found[0])
            self._insert(db, table)
            db.execute("INSERT INTO seats (table_id, seat, token_hash, name) SELECT ?, seat, "
                       "token_hash, name FROM seats WHERE table_id = ?", (table.id, table_id))
            db.execute("UPDATE tables SET rematch = ? WHERE id = ?", (table.id, table_id))
        return table.id

    def due(self, now: float) -> list[str]:
        """The tables whose clock ran out (`Storage.due`)."""
        with self._lock:
            found = self._db.execute(_DUE, (now,)).fetchall()
        return [str(table_id) for (table_id,) in found]

    def expire(self, before: float) -> list[str]:
        """Delete the tables not moved in since ``before`` (`Storage.expire`)."""
        with self._lock, self._transaction() as db:
            found = [table_id for (table_id,) in db.execute(
                "SELECT id FROM tables WHERE updated < ?", (before,)).fetchall()]
            for table in ("moves", "seats"):
                db.execute(f"DELETE FROM {table} WHERE table_id IN "
                           f"(SELECT id FROM tables WHERE updated < ?)", (before,))
            db.execute("DELETE FROM tables WHERE updated < ?", (before,))
            self._leading.difference_update(found)
        return found

    def forget(self, table_id: str) -> None:
        """Nothing to forget: no news comes from other processes (`Storage.forget`)."""

    def subscribe(self, moved: Callable[[str, int], None],
                  seated: Callable[[str, int, str], None] | None = None) -> None:
        """A no-op: one process serves an SQLite file's tables (see the server docs)."""

    def close(self) -> None:
        """Release the connection (`Storage.close`), the checkpointer's first."""
        self._checkpointer.stop()
        with self._lock:
            self._db.close()


def default_path() -> Path:
    """The default database: ``server.sqlite3`` in the user's data directory."""
    import platformdirs

    return Path(platformdirs.user_data_dir("amigo-rules")) / "server.sqlite3"


def database_label(url: str | None) -> str:
    """The database of ``url`` as the server names it when it starts: an SQLite file's
    whole path; a PostgreSQL URL without its password.

    >>> database_label("postgresql://games:secret@db:5432/games?sslmode=require&password=x")
    'postgresql://games:***@db:5432/games?sslmode=require&password=***'
    """
    if url is None:
        return f"{SQLITE_PREFIX}{default_path()}"
    if url.startswith(SQLITE_PREFIX):
        return f"{SQLITE_PREFIX}{Path(url[len(SQLITE_PREFIX):]).resolve()}"
    scheme, sep, rest = url.partition("://")
    authority, slash, path = rest.partition("/")
    user, at, host = authority.rpartition("@")
    if at and ":" in user:
        user = user.split(":", 1)[0] + ":***"
    path = re.sub(r"(?i)(password=)[^&]*", r"\1***", path)
    return f"{scheme}{sep}{user}{at}{host}{slash}{path}"


def open_storage(url: str | None) -> Storage:
    """The storage at ``url``: None for the default SQLite file (`default_path`),
    ``sqlite:///PATH`` (relative; ``sqlite:////abs/path`` absolute) or
    ``postgresql://…``. Another scheme is an `ArgumentError`."""
    if url is None:
        return SQLiteStorage(default_path())
    if not isinstance(url, str):
        raise ArgumentError(f"a database URL is a string, got {quote(url)}")
    if url.startswith(SQLITE_PREFIX) and len(url) > len(SQLITE_PREFIX):
        return SQLiteStorage(url[len(SQLITE_PREFIX):])
    if url.startswith(POSTGRES_PREFIXES):
        from .postgres import PostgresStorage

        storage: Storage = PostgresStorage(url)
        return storage
    scheme = url.partition(":")[0]
    raise ArgumentError(f"unknown database URL scheme {quote(scheme)}: use sqlite:///PATH or "
                        f"postgresql://…")
