"""`Storage` in PostgreSQL, so several server processes serve the same tables.

The database orders each table's moves: `PostgresStorage.append` locks the table's row,
writes move ``n`` only when ``n`` moves are stored, and the primary key ``(table_id,
number)`` forbids a second move ``n`` (one statement, so one round trip). In the same
transaction it sends ``NOTIFY amigo_rules_moves, 'TABLE:COUNT'``; every other process's
`PostgresStorage.subscribe` thread, listening on that channel, calls its callbacks with
(table, count), so the process holding that table pushes the move to its seats; a seat's
new connection is announced likewise (``amigo_rules_seats``), so the connection it replaces
closes in whichever process it is.

One process leads each table still being played with a seat the server plays: it holds the
table's session-level advisory lock on its lease connection (`PostgresStorage.lead`), so
when the process dies its locks go with its connection and another takes the lead at its
next call. Needs ``psycopg`` (the ``server`` extra).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import select
import socket
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg

from ..core.checks import quote
from ..core.errors import ArgumentError, StateError
from .rows import FORFEIT, OPEN, Clock, Leads, StoredTable, TableRow, checked_moves

__all__ = ["CHANNEL", "LISTENER_KEEPALIVE", "POOL_SIZE", "RECONNECT_DELAYS", "SEAT_CHANNEL",
           "PostgresStorage", "parse_payload"]

CHANNEL = "amigo_rules_moves"
"""The ``LISTEN``/``NOTIFY`` channel of appended moves; payload ``TABLE_ID:MOVES_COUNT``."""
SEAT_CHANNEL = "amigo_rules_seats"
"""The channel of seats taken by a new connection; payload ``TABLE_ID:SEAT:CLAIM``."""
POOL_SIZE = 4
"""The most idle connections a `PostgresStorage` keeps for its queries, and the server's
threads calling it (one connection each; besides the listener's and the lease's)."""
RECONNECT_DELAYS = (0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
"""Seconds the listener waits before each new try after losing its connection (the last
repeats)."""
LISTENER_KEEPALIVE = {"keepalives": 1, "keepalives_idle": 30, "keepalives_interval": 10,
                      "keepalives_count": 3}
"""TCP keepalives of the listener's connection, which only ever waits: a database gone
silently (a failover, a dropped route) ends it within about a minute, and it reconnects."""
MESSAGE_LIMIT = 300
"""The most characters of the driver's reason an error repeats (libpq's never hold a
password)."""
_SCHEMA_LOCK = 0x616D69676F  # pg_advisory_xact_lock key: one process creates the schema

_SCHEMA = """
CREATE TABLE IF NOT EXISTS amigo_tables (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL, seed NUMERIC NOT NULL,
    seats TEXT[] NOT NULL, created DOUBLE PRECISION NOT NULL, status TEXT NOT NULL,
    winners INTEGER[] NOT NULL);
CREATE INDEX IF NOT EXISTS amigo_tables_created ON amigo_tables (created);
CREATE TABLE IF NOT EXISTS amigo_seats (
    table_id TEXT NOT NULL REFERENCES amigo_tables (id), seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL, name TEXT, PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS amigo_moves (
    table_id TEXT NOT NULL REFERENCES amigo_tables (id), number INTEGER NOT NULL,
    move TEXT NOT NULL, PRIMARY KEY (table_id, number));
"""
# A database from before seat names, seat holders or expiry gains the columns (only then:
# ALTER TABLE needs the table's owner, and later processes may run as a user that only
# reads and writes).
_COLUMNS_MISSING = """
SELECT table_name, column_name FROM (VALUES ('amigo_seats', 'name'), ('amigo_seats', 'holder'),
    ('amigo_tables', 'updated'), ('amigo_tables', 'to_move'), ('amigo_tables', 'clock'),
    ('amigo_tables', 'rematch')) AS wanted (table_name, column_name)
EXCEPT SELECT table_name, column_name FROM information_schema.columns
WHERE table_schema = current_schema()
"""
_ADD_COLUMN = {
    ("amigo_seats", "name"): "ALTER TABLE amigo_seats ADD COLUMN name TEXT",
    ("amigo_seats", "holder"): "ALTER TABLE amigo_seats ADD COLUMN holder TEXT",
    ("amigo_tables", "updated"): """
        ALTER TABLE amigo_tables ADD COLUMN updated DOUBLE PRECISION;
        UPDATE amigo_tables SET updated = created;
        CREATE INDEX IF NOT EXISTS amigo_tables_updated ON amigo_tables (updated);
        CREATE INDEX IF NOT EXISTS amigo_tables_status ON amigo_tables (status)""",
    ("amigo_tables", "to_move"): "ALTER TABLE amigo_tables ADD COLUMN to_move INTEGER",
    ("amigo_tables", "clock"): "ALTER TABLE amigo_tables ADD COLUMN clock TEXT",
    ("amigo_tables", "rematch"): "ALTER TABLE amigo_tables ADD COLUMN rematch TEXT",
}
_COLUMNS = ("id, game, rules, seed, seats, created, status, winners, clock, updated, rematch, "
            "to_move")
_INSERT = f"INSERT INTO amigo_tables ({_COLUMNS}) VALUES ({', '.join(['%s'] * 12)})"
# The tables being played whose clock ran out (`Storage.due`): no seat open, the seat to
# move not one the server plays (or not known yet).
_DUE = f"""
SELECT id FROM amigo_tables
WHERE status = 'playing' AND clock IS NOT NULL AND NOT ('{OPEN}' = ANY(seats))
  AND updated + (clock::json->>'move_seconds')::float8 <= %s
  AND (to_move IS NULL OR NOT (seats[to_move + 1] LIKE 'agent:%%'
                               OR seats[to_move + 1] LIKE 'engine:%%'))
"""
# One statement, one round trip, one transaction: lock the table's row (concurrent appends
# to a table wait here), insert the moves from `number` on if `number` moves are stored (a
# concurrent insert of one of them, unseen by this statement's snapshot, meets the primary
# key: the statement fails whole), end the table if `over`, notify. Answers (table found,
# moves inserted).
_APPEND = """
WITH held AS (SELECT id FROM amigo_tables WHERE id = %(table)s FOR UPDATE),
stored AS (SELECT coalesce(max(number) + 1, 0) AS moves FROM amigo_moves
           WHERE table_id = %(table)s),
added AS (
    INSERT INTO amigo_moves (table_id, number, move)
    SELECT id, %(number)s + m.place - 1, m.move
    FROM held, stored, unnest(%(moves)s::text[]) WITH ORDINALITY AS m (move, place)
    WHERE stored.moves = %(number)s
    RETURNING table_id),
changed AS (
    UPDATE amigo_tables SET updated = %(now)s, to_move = %(to_move)s,
        status = CASE WHEN %(over)s THEN 'over' ELSE status END,
        winners = CASE WHEN %(over)s THEN %(winners)s ELSE winners END
    WHERE id IN (SELECT table_id FROM added) RETURNING id)
SELECT EXISTS (SELECT FROM held), EXISTS (SELECT FROM added),
    (SELECT pg_notify(%(channel)s, %(payload)s) WHERE EXISTS (SELECT FROM added))
"""
_KEY = "('x' || left(md5({}), 16))::bit(64)::bigint"
"""A table's advisory lock key in SQL: the first 64 bits of the md5 of its id (`lock_key`)."""
# The tables being played whose seat to move the server plays (or, not known yet, with such
# a seat) and whose lock nobody holds; of those, up to `limit` locked now (in a random
# order, so that processes share them out).
_LEAD = f"""
WITH held AS (
    SELECT (classid::bigint << 32) | objid::bigint AS key FROM pg_locks
    WHERE locktype = 'advisory' AND objsubid = 1 AND granted
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())),
free AS MATERIALIZED (
    SELECT id, {_KEY.format("id")} AS key FROM amigo_tables
    WHERE status = 'playing' AND CASE
        WHEN to_move IS NULL THEN EXISTS (
            SELECT FROM unnest(seats) AS kind WHERE kind LIKE 'agent:%%' OR kind LIKE 'engine:%%')
        ELSE seats[to_move + 1] LIKE 'agent:%%' OR seats[to_move + 1] LIKE 'engine:%%' END
      AND {_KEY.format("id")} NOT IN (SELECT key FROM held)
    ORDER BY random() LIMIT %(limit)s)
SELECT id FROM free WHERE pg_try_advisory_lock(key)
"""
# A seat's claim: the database's clock (zero-padded: claims order as text) and the holder;
# kept, and told to every process.
_HOLD = """
WITH claim AS (
    SELECT to_char(extract(epoch FROM clock_timestamp()), 'FM0000000000.000000') || '/'
        || %(holder)s AS id),
held AS (UPDATE amigo_seats SET holder = (SELECT id FROM claim)
         WHERE table_id = %(table)s AND seat = %(seat)s RETURNING holder)
SELECT (SELECT id FROM claim),
    (SELECT pg_notify(%(channel)s, %(table)s || ':' || %(seat)s || ':' || holder) FROM held)
"""

log = logging.getLogger(__name__)
"""The storage's logger (a lost and regained connection, a failing callback)."""

Connection = psycopg.Connection[tuple[Any, ...]]
"""A psycopg connection returning tuples."""


def lock_key(table_id: str) -> int:
    """A table's advisory lock key, as `_KEY` computes it in SQL.

    >>> lock_key("t1") == int.from_bytes(hashlib.md5(b"t1").digest()[:8], "big", signed=True)
    True
    """
    return int.from_bytes(hashlib.md5(table_id.encode()).digest()[:8], "big", signed=True)


def _row(values: tuple[Any, ...]) -> TableRow:
    (id_, game, rules, seed, seats, created, status, winners, clock, updated, rematch,
     to_move) = values
    return TableRow(id_, game, rules, int(seed), tuple(seats), created, status, tuple(winners),
                    Clock.from_json(clock), updated, rematch, to_move)


def _values(table: TableRow) -> tuple[Any, ...]:
    """A new table's row as `_INSERT` takes it."""
    return (table.id, table.game, table.rules, table.seed, list(table.seats), table.created,
            table.status, list(table.winners),
            None if table.clock is None else table.clock.to_json(), table.created, None, None)


def parse_payload(payload: str) -> tuple[str, int] | None:
    """(table id, count) of a notification's ``TABLE_ID:COUNT``; None if malformed
    (anyone allowed to connect may notify on the channel).

    >>> parse_payload("AbC-_9:12"), parse_payload("x:-1"), parse_payload("12")
    (('AbC-_9', 12), None, None)
    """
    table_id, colon, count = payload.rpartition(":")
    if (not colon or not table_id or not count.isascii() or not count.isdigit()
            or len(count) > 9):
        return None
    return table_id, int(count)


def parse_seat_payload(payload: str) -> tuple[str, int, str] | None:
    """(table id, seat, holder) of a notification's ``TABLE_ID:SEAT:HOLDER``; None if
    malformed.

    >>> parse_seat_payload("AbC:2:p1/7"), parse_seat_payload("AbC:x:p")
    (('AbC', 2, 'p1/7'), None)
    """
    front, colon, holder = payload.rpartition(":")
    parsed = parse_payload(front) if colon and holder else None
    return None if parsed is None else (*parsed, holder)


def _dropped(connection: Connection) -> bool:
    """Whether an idle connection is gone: closed, or the server said something unasked
    (its goodbye when it was ended or restarted), so its next query would fail."""
    if connection.closed:
        return True
    ready, _, _ = select.select([connection.pgconn.socket], [], [], 0)
    return bool(ready)


class _Pool:
    """Autocommit connections, each lent to one thread at a time. A thread takes an idle
    one or opens its own, never waits for another's (a wait for a lent connection starves
    some threads for many seconds under load); at most `POOL_SIZE` are kept idle. A
    connection found broken is dropped."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._idle: list[tuple[Connection, int]] = []
        self._lock = threading.Lock()
        self._closed = False
        self.backend_pids: frozenset[int] = frozenset()
        """The server processes behind these connections (their notifications are ours)."""

    @contextmanager
    def connection(self) -> Iterator[Connection]:
        with self._lock:
            if self._closed:
                raise StateError("this PostgresStorage is closed")
            lent = self._idle.pop() if self._idle else None
        if lent is not None and _dropped(lent[0]):
            self._forget(lent)
            lent = None
        if lent is None:
            connection = psycopg.connect(self._url, autocommit=True)
            lent = connection, connection.info.backend_pid
            with self._lock:
                self.backend_pids |= {lent[1]}
        try:
            yield lent[0]
        finally:
            with self._lock:
                kept = not (lent[0].closed or self._closed) and len(self._idle) < POOL_SIZE
                if kept:
                    self._idle.append(lent)
            if not kept:
                self._forget(lent)

    def _forget(self, lent: tuple[Connection, int]) -> None:
        with self._lock:
            self.backend_pids -= {lent[1]}
        lent[0].close()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for connection, _ in idle:
            connection.close()


class PostgresStorage:
    """`Storage` in the PostgreSQL database at ``url`` (``postgresql://…``, any libpq
    connection URL); creates its three tables (``amigo_tables``, ``amigo_seats``,
    ``amigo_moves``) if absent. Safe to call from any thread."""

    threads = POOL_SIZE
    """The server's storage threads (each with a connection of its own, `POOL_SIZE`)."""
    group = False
    """Each call commits on its own (in its own round trip)."""

    def batch(self) -> contextlib.AbstractContextManager[None]:
        """Nothing: each call commits on its own (`Storage.batch`)."""
        return contextlib.nullcontext()

    def __init__(self, url: str) -> None:
        self._url = url
        self._pool = _Pool(url)
        self._moved: list[Callable[[str, int], None]] = []
        self._seated: list[Callable[[str, int, str], None]] = []
        self._listener: threading.Thread | None = None
        self._subscribing = threading.Lock()  # also guards _held
        self._held: set[str] = set()
        """The tables whose moves this storage read or wrote (this process holds them)."""
        self._leasing = threading.Lock()  # guards _lease and _leading
        self._lease: Connection | None = None
        """The connection holding the advisory locks of the tables this process leads."""
        self._leading: set[str] = set()
        self._stop = threading.Event()
        self._wake, self._waker = socket.socketpair()
        try:
            with self._pool.connection() as connection, connection.transaction():
                connection.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
                connection.execute(_SCHEMA)
                for missing in connection.execute(_COLUMNS_MISSING).fetchall():
                    connection.execute(_ADD_COLUMN[missing])
        except psycopg.Error as error:
            self.close()
            reason = " ".join(str(error).split())[:MESSAGE_LIMIT]
            raise ArgumentError(f"cannot open the PostgreSQL database: {reason}") from error

    def create(self, table: TableRow, token_hashes: Sequence[str]) -> None:
        """Store a table and its seats' token hashes, in one transaction (`Storage.create`)."""
        if len(token_hashes) != len(table.seats):
            raise ArgumentError(f"{len(token_hashes)} token hashes for {len(table.seats)} seats")
        with self._pool.connection() as connection, connection.transaction():
            connection.execute(_INSERT, _values(table))
            with connection.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO amigo_seats (table_id, seat, token_hash) VALUES (%s, %s, %s)",
                    [(table.id, seat, hash_) for seat, hash_ in enumerate(token_hashes)])

    def read(self, table_id: str) -> StoredTable | None:
        """The table with its seats and moves (`Storage.read`)."""
        self._hold(table_id)
        with self._pool.connection() as connection:
            found = connection.execute(f"SELECT {_COLUMNS} FROM amigo_tables WHERE id = %s",
                                       (table_id,)).fetchone()
            if found is None:
                return None
            seats = connection.execute(
                "SELECT token_hash, name FROM amigo_seats WHERE table_id = %s ORDER BY seat",
                (table_id,)).fetchall()
            moves = connection.execute(
                "SELECT move FROM amigo_moves WHERE table_id = %s ORDER BY number",
                (table_id,)).fetchall()
        return StoredTable(_row(found), tuple(h for h, _ in seats),
                           tuple(n for _, n in seats), tuple(m for (m,) in moves))

    def table(self, table_id: str) -> TableRow | None:
        """The table ``table_id``, or None (`Storage.table`)."""
        with self._pool.connection() as connection:
            found = connection.execute(f"SELECT {_COLUMNS} FROM amigo_tables WHERE id = %s",
                                       (table_id,)).fetchone()
        return None if found is None else _row(found)

    def tables(self, *, limit: int = 100) -> list[TableRow]:
        """At most ``limit`` tables, newest first (`Storage.tables`)."""
        with self._pool.connection() as connection:
            found = connection.execute(
                f"SELECT {_COLUMNS} FROM amigo_tables ORDER BY created DESC, id LIMIT %s",
                (limit,)).fetchall()
        return [_row(values) for values in found]

    def token_hash(self, table_id: str, seat: int) -> str | None:
        """The sha256 hex of a seat's token, or None (`Storage.token_hash`)."""
        with self._pool.connection() as connection:
            found = connection.execute(
                "SELECT token_hash FROM amigo_seats WHERE table_id = %s AND seat = %s",
                (table_id, seat)).fetchone()
        return None if found is None else str(found[0])

    def name_seat(self, table_id: str, seat: int, name: str) -> None:
        """Keep the name a seat's client gave (`Storage.name_seat`)."""
        with self._pool.connection() as connection:
            connection.execute(
                "UPDATE amigo_seats SET name = %s WHERE table_id = %s AND seat = %s",
                (name, table_id, seat))

    def seat_names(self, table_id: str) -> list[str | None]:
        """Each seat's name as last given, None where none was (`Storage.seat_names`)."""
        with self._pool.connection() as connection:
            found = connection.execute(
                "SELECT name FROM amigo_seats WHERE table_id = %s ORDER BY seat",
                (table_id,)).fetchall()
        return [None if values[0] is None else str(values[0]) for values in found]

    def moves(self, table_id: str, start: int = 0) -> list[str]:
        """The table's moves from number ``start`` on (`Storage.moves`)."""
        self._hold(table_id)
        with self._pool.connection() as connection:
            found = connection.execute(
                "SELECT move FROM amigo_moves WHERE table_id = %s AND number >= %s "
                "ORDER BY number", (table_id, start)).fetchall()
        return [str(values[0]) for values in found]

    def move_counts(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The moves played at each table, a forfeit not counted (`Storage.move_counts`)."""
        with self._pool.connection() as connection:
            found = connection.execute(
                "SELECT table_id, count(*) FROM amigo_moves WHERE table_id = ANY(%s) "
                "AND move <> %s GROUP BY table_id", (list(table_ids), FORFEIT)).fetchall()
        return {str(table_id): int(count) for table_id, count in found}

    def append(self, table_id: str, move_number: int, moves: Sequence[str], *,
               to_move: int | None = None, winners: Sequence[int] | None = None) -> bool:
        """Commit moves if the first's number is the next one, else False
        (`Storage.append`)."""
        moves = list(checked_moves(moves))
        self._hold(table_id)
        try:
            with self._pool.connection() as connection:
                found = connection.execute(_APPEND, {
                    "table": table_id, "number": move_number, "moves": moves,
                    "over": winners is not None, "winners": list(winners or ()),
                    "to_move": None if winners is not None else to_move,
                    "now": time.time(), "channel": CHANNEL,
                    "payload": f"{table_id}:{move_number + len(moves)}"}).fetchone()
        except psycopg.errors.UniqueViolation:  # another process's move took a number
            return False
        if found is None or not found[0]:
            raise StateError(f"no table {quote(table_id)} to append a move to")
        return bool(found[1])

    def lead(self, limit: int) -> Leads:
        """Lead up to ``limit`` more tables nobody leads (`Storage.lead`): their advisory
        locks taken on the lease connection. A lease connection lost lost every lead."""
        with self._leasing:
            try:
                if self._lease is None or self._lease.closed:
                    conninfo = psycopg.conninfo.make_conninfo(self._url, **LISTENER_KEEPALIVE)
                    self._lease = psycopg.connect(conninfo, autocommit=True)
                found = self._lease.execute(_LEAD, {"limit": max(limit, 0)}).fetchall()
            except psycopg.Error as error:
                log.warning("the lease connection failed (%s): every lead is lost", error)
                if self._lease is not None:
                    self._lease.close()
                    self._lease = None
                lost, self._leading = tuple(self._leading), set()
                return Leads(lost=lost)
            gained = tuple(table_id for (table_id,) in found)
            self._leading.update(gained)
        for table_id in gained:
            self._hold(table_id)
        return Leads(gained=gained)

    def unlead(self, table_id: str) -> None:
        """Give up the lead of a table: its advisory lock released (`Storage.unlead`)."""
        with self._leasing:
            if table_id not in self._leading:
                return
            self._leading.discard(table_id)
            if self._lease is not None and not self._lease.closed:
                with contextlib.suppress(psycopg.Error):
                    self._lease.execute("SELECT pg_advisory_unlock(%s)", (lock_key(table_id),))

    def hold_seat(self, table_id: str, seat: int, holder: str) -> str:
        """Keep the claim of ``holder`` on the seat and tell every other process
        (`Storage.hold_seat`)."""
        self._hold(table_id)
        with self._pool.connection() as connection:
            found = connection.execute(_HOLD, {"holder": holder, "table": table_id,
                                               "seat": seat, "channel": SEAT_CHANNEL}
                                       ).fetchone()
        assert found is not None
        return str(found[0])

    def claim_seat(self, table_id: str, seat: int, token_hash: str, name: str) -> bool:
        """Give an open seat to its first claimant (`Storage.claim_seat`)."""
        with self._pool.connection() as connection, connection.transaction():
            found = connection.execute(
                "UPDATE amigo_tables SET seats[%(place)s] = 'human', updated = %(now)s "
                "WHERE id = %(table)s AND seats[%(place)s] = %(open)s RETURNING id",
                {"place": seat + 1, "now": time.time(), "table": table_id, "open": OPEN}
            ).fetchone()
            if found is None:
                return False
            connection.execute(
                "UPDATE amigo_seats SET token_hash = %s, name = %s WHERE table_id = %s "
                "AND seat = %s", (token_hash, name, table_id, seat))
        return True

    def rematch(self, table_id: str, table: TableRow) -> str:
        """Store and link the rematch of a table, or say the earlier one
        (`Storage.rematch`)."""
        with self._pool.connection() as connection, connection.transaction():
            found = connection.execute(
                "SELECT rematch FROM amigo_tables WHERE id = %s FOR UPDATE",
                (table_id,)).fetchone()
            if found is None:
                raise StateError(f"no table {quote(table_id)} to play again")
            if found[0] is not None:
                return str(found[0])
            connection.execute(_INSERT, _values(table))
            connection.execute(
                "INSERT INTO amigo_seats (table_id, seat, token_hash, name) SELECT %s, seat, "
                "token_hash, name FROM amigo_seats WHERE table_id = %s", (table.id, table_id))
            connection.execute("UPDATE amigo_tables SET rematch = %s WHERE id = %s",
                               (table.id, table_id))
        return table.id

    def due(self, now: float) -> list[str]:
        """The tables whose clock ran out (`Storage.due`)."""
        with self._pool.connection() as connection:
            found = connection.execute(_DUE, (now,)).fetchall()
        return [str(table_id) for (table_id,) in found]

    def expire(self, before: float) -> list[str]:
        """Delete the tables not moved in since ``before`` (`Storage.expire`)."""
        with self._pool.connection() as connection, connection.transaction():
            found = [table_id for (table_id,) in connection.execute(
                "SELECT id FROM amigo_tables WHERE updated < %s FOR UPDATE",
                (before,)).fetchall()]
            for table in ("amigo_moves", "amigo_seats"):
                connection.execute(f"DELETE FROM {table} WHERE table_id = ANY(%s)", (found,))
            connection.execute("DELETE FROM amigo_tables WHERE id = ANY(%s)", (found,))
        for table_id in found:
            self.unlead(table_id)
            self.forget(table_id)
        return found

    def forget(self, table_id: str) -> None:
        """No more catching up on ``table_id`` after a lost connection (`Storage.forget`)."""
        with self._subscribing:
            self._held.discard(table_id)

    def subscribe(self, moved: Callable[[str, int], None],
                  seated: Callable[[str, int, str], None] | None = None) -> None:
        """Call ``moved(table_id, moves_count)`` from the listener thread after another
        process (or another `PostgresStorage`) appended moves, ``seated(table_id, seat,
        holder)`` after another's `hold_seat`; after the listener lost and regained its
        connection, once for every table this storage read or wrote (moves and seats may
        have been missed meanwhile). The first call starts listening before it returns."""
        with self._subscribing:
            if self._stop.is_set():
                raise StateError("this PostgresStorage is closed")
            if self._listener is None:
                connection = self._listen()
                self._listener = threading.Thread(target=self._run, args=(connection,),
                                                  name="amigo-rules-listen", daemon=True)
                self._listener.start()
            self._moved.append(moved)
            if seated is not None:
                self._seated.append(seated)

    def close(self) -> None:
        """Stop listening and close every connection (a second call does nothing)."""
        if self._stop.is_set():
            return
        self._stop.set()
        self._waker.send(b"x")
        if self._listener is not None:
            self._listener.join()
        with self._leasing:
            if self._lease is not None:
                self._lease.close()
                self._lease = None
            self._leading.clear()
        self._pool.close()
        self._wake.close()
        self._waker.close()

    def _hold(self, table_id: str) -> None:
        with self._subscribing:
            self._held.add(table_id)

    def _listen(self) -> Connection:
        conninfo = psycopg.conninfo.make_conninfo(self._url, **LISTENER_KEEPALIVE)
        connection = psycopg.connect(conninfo, autocommit=True)
        connection.execute(f"LISTEN {CHANNEL}")
        connection.execute(f"LISTEN {SEAT_CHANNEL}")
        return connection

    def _run(self, connection: Connection | None) -> None:
        """The listener thread: deliver notifications until `close`, reconnecting."""
        failures = 0
        while not self._stop.is_set():
            try:
                if connection is None:
                    connection = self._listen()
                    self._catch_up()
                failures = 0
                self._deliver(connection)
            except psycopg.Error as error:
                delay = RECONNECT_DELAYS[min(failures, len(RECONNECT_DELAYS) - 1)]
                log.warning("listening for moves failed (%s); again in %s s", error, delay)
                failures += 1
                if connection is not None:
                    connection.close()
                    connection = None
                self._stop.wait(delay)
        if connection is not None:
            connection.close()

    def _deliver(self, connection: Connection) -> None:
        """Pass each notification on ``connection`` to the callbacks, until `close`."""
        while True:
            wake = self._wake.fileno()
            ready, _, _ = select.select([connection.fileno(), wake], [], [])
            if wake in ready:
                return
            for note in connection.notifies(timeout=0):
                if note.pid in self._pool.backend_pids:
                    continue
                if note.channel == CHANNEL:
                    parsed = parse_payload(note.payload)
                    if parsed is not None:
                        self._call(self._moved, *parsed)
                elif (seat := parse_seat_payload(note.payload)) is not None:
                    self._call(self._seated, *seat)

    def _catch_up(self) -> None:
        """Call the callbacks for every table held (after notifications may be lost)."""
        with self._subscribing:
            held = list(self._held)
        with self._pool.connection() as connection:
            counts = connection.execute(
                "SELECT table_id, count(*) FROM amigo_moves WHERE table_id = ANY(%s) "
                "GROUP BY table_id", (held,)).fetchall()
            holders = connection.execute(
                "SELECT table_id, seat, holder FROM amigo_seats WHERE table_id = ANY(%s) "
                "AND holder IS NOT NULL", (held,)).fetchall()
        for table_id, count in counts:
            self._call(self._moved, table_id, count)
        for table_id, seat, holder in holders:
            self._call(self._seated, table_id, seat, holder)

    def _call(self, callbacks: Sequence[Callable[..., None]], *arguments: Any) -> None:
        for callback in list(callbacks):
            try:
                callback(*arguments)
            except Exception:  # one failing callback neither stops the listener nor others
                log.exception("a callback failed for table %s", arguments[0])
