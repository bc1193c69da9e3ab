"""The `Storage` contract, kept alike by `SQLiteStorage` (a file) and `PostgresStorage` (a
real PostgreSQL, tests/server/postgres.py): tables read back as stored, the database
ordering moves between threads and between storages (two storages on one database stand for
two server processes); then PostgreSQL's own: the pushes across storages through
LISTEN/NOTIFY, connections lost and regained, a database that cannot be opened."""

from __future__ import annotations

import functools
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs
import pytest
from server_helpers import free_port

psycopg = pytest.importorskip("psycopg", reason="psycopg comes with the server extra")

from amigo_rules.core.errors import ArgumentError, StateError  # noqa: E402
from amigo_rules.server import Storage, TableRow, open_storage  # noqa: E402
from amigo_rules.server.postgres import POOL_SIZE, PostgresStorage, lock_key  # noqa: E402
from amigo_rules.server.rows import Clock  # noqa: E402

WAIT = 10.0  # seconds a test waits for a notification before it fails


def row(table_id: str = "t1", *, created: float = 1000.0, seats: int = 2) -> TableRow:
    return TableRow(id=table_id, game="exxtra", rules='{"players": 2}', seed=2**127 + 5,
                    seats=("remote", "agent:random", "human")[:seats], created=created)


class Calls:
    """The (table, count) calls a subscriber received, waited for across threads."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []
        self._changed = threading.Condition()

    def __call__(self, table_id: str, count: int) -> None:
        with self._changed:
            self.calls.append((table_id, count))
            self._changed.notify_all()

    def wait_for(self, call: tuple[str, int]) -> None:
        with self._changed:
            assert self._changed.wait_for(lambda: call in self.calls, timeout=WAIT), self.calls


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of a fresh database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


def opening(url: str) -> Iterator[Callable[[], Storage]]:
    """Opens storages on ``url`` (each a "process"); closes them when resumed."""
    storages: list[Storage] = []

    def open_one() -> Storage:
        storages.append(open_storage(url))
        return storages[-1]

    yield open_one
    for storage in storages:
        storage.close()


@pytest.fixture
def opened(database: str) -> Iterator[Callable[[], Storage]]:
    """Opens storages on the test's database of each kind."""
    yield from opening(database)


@pytest.fixture
def opened_postgres(postgres_url: str) -> Iterator[Callable[[], Storage]]:
    """Opens `PostgresStorage` objects on the test's PostgreSQL database."""
    yield from opening(postgres_url)


def test_tables_and_seats_read_back_as_created(opened: Callable[[], Storage]) -> None:
    storage = opened()
    storage.create(row("old", created=1000.0), ["a" * 64, "b" * 64])
    storage.create(row("new", created=2000.0, seats=3), ["c" * 64, "d" * 64, "e" * 64])
    assert storage.table("old") == row("old", created=1000.0)
    assert storage.table("missing") is None
    assert [table.id for table in storage.tables()] == ["new", "old"]
    assert [table.id for table in storage.tables(limit=1)] == ["new"]
    assert storage.token_hash("new", 2) == "e" * 64
    assert storage.token_hash("new", 3) is None
    assert storage.token_hash("missing", 0) is None
    assert storage.moves("new") == []


def test_a_reopened_storage_has_everything(opened: Callable[[], Storage]) -> None:
    first = opened()
    first.create(row(), ["a" * 64, "b" * 64])
    assert first.append("t1", 0, ["roll 3"])
    first.close()
    again = opened()
    assert again.table("t1") == row()
    assert again.moves("t1") == ["roll 3"]


def test_move_counts_leave_out_a_forfeit(opened: Callable[[], Storage]) -> None:
    storage = opened()
    storage.create(row("t1"), ["a" * 64, "b" * 64])
    storage.create(row("t2"), ["a" * 64, "b" * 64])
    for number, move in enumerate(("roll 3", "pawn 0", "forfeit")):
        assert storage.append("t1", number, [move], winners=() if move == "forfeit" else None)
    assert storage.move_counts(["t1", "t2", "missing"]) == {"t1": 2}
    assert storage.move_counts([]) == {}


def test_seat_names_are_kept(opened: Callable[[], Storage]) -> None:
    first = opened()
    first.create(row(), ["a" * 64, "b" * 64])
    assert first.seat_names("t1") == [None, None]
    first.name_seat("t1", 1, "Ada")
    first.name_seat("t1", 1, "Bea <b>")
    assert first.seat_names("t1") == [None, "Bea <b>"]
    assert first.seat_names("missing") == []
    first.close()
    assert opened().seat_names("t1") == [None, "Bea <b>"]


def test_an_sqlite_file_from_before_seat_names_opens(tmp_path: Path) -> None:
    """A file written before seats had names gains the column; its tables read as before."""
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as old:
        old.executescript("""
            CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL,
                seed TEXT NOT NULL, seats TEXT NOT NULL, created REAL NOT NULL,
                status TEXT NOT NULL, winners TEXT NOT NULL);
            CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables (id),
                seat INTEGER NOT NULL, token_hash TEXT NOT NULL,
                PRIMARY KEY (table_id, seat)) WITHOUT ROWID;
            CREATE TABLE moves (table_id TEXT NOT NULL REFERENCES tables (id),
                number INTEGER NOT NULL, move TEXT NOT NULL,
                PRIMARY KEY (table_id, number)) WITHOUT ROWID;
            INSERT INTO tables VALUES ('t1', 'verflixxt', '{}', '7', '["human", "human"]',
                1000.0, 'playing', '[]');
            INSERT INTO seats VALUES ('t1', 0, 'aa'), ('t1', 1, 'bb');""")
    old.close()
    storage = open_storage(f"sqlite:///{path}")
    assert storage.table("t1") is not None and storage.token_hash("t1", 1) == "bb"
    assert storage.seat_names("t1") == [None, None]
    storage.name_seat("t1", 0, "Ada")
    assert storage.seat_names("t1") == ["Ada", None]
    storage.close()


def test_a_postgresql_database_from_before_seat_names_opens(postgres_url: str) -> None:
    with psycopg.connect(postgres_url, autocommit=True) as old:
        old.execute("""
            CREATE TABLE amigo_tables (id TEXT PRIMARY KEY, game TEXT NOT NULL,
                rules TEXT NOT NULL, seed NUMERIC NOT NULL, seats TEXT[] NOT NULL,
                created DOUBLE PRECISION NOT NULL, status TEXT NOT NULL,
                winners INTEGER[] NOT NULL);
            CREATE TABLE amigo_seats (table_id TEXT NOT NULL REFERENCES amigo_tables (id),
                seat INTEGER NOT NULL, token_hash TEXT NOT NULL, PRIMARY KEY (table_id, seat));
            INSERT INTO amigo_tables VALUES ('t1', 'verflixxt', '{}', 7, '{human,human}',
                1000.0, 'playing', '{}');
            INSERT INTO amigo_seats VALUES ('t1', 0, 'aa'), ('t1', 1, 'bb');""")
    storage = open_storage(postgres_url)
    assert storage.token_hash("t1", 1) == "bb" and storage.seat_names("t1") == [None, None]
    storage.name_seat("t1", 1, "Ada")
    assert storage.seat_names("t1") == [None, "Ada"]
    storage.close()


def test_a_database_that_cannot_be_reached_is_named() -> None:
    with pytest.raises(ArgumentError, match=r"database: connection failed: .* refused"):
        PostgresStorage(f"postgresql://nobody@127.0.0.1:{free_port()}/nothing")
    with pytest.raises(ArgumentError, match=r"database: .* IPv6 host address"):
        PostgresStorage("postgresql://[broken")


def test_a_missing_database_is_named(postgres_server: str) -> None:
    with pytest.raises(ArgumentError, match=r'database: .*"nothing" does not exist'):
        PostgresStorage(f"{postgres_server}/nothing")


def test_create_refuses_a_wrong_count_of_token_hashes(opened: Callable[[], Storage],
                                                      ) -> None:
    storage = opened()
    with pytest.raises(ArgumentError, match="1 token hashes for 2 seats"):
        storage.create(row(), ["a" * 64])
    assert storage.table("t1") is None


def test_create_writes_nothing_when_the_id_is_taken(opened: Callable[[], Storage],
                                                    ) -> None:
    storage = opened()
    storage.create(row(), ["a" * 64, "b" * 64])
    with pytest.raises((sqlite3.IntegrityError, psycopg.errors.UniqueViolation)):
        storage.create(row(seats=3, created=5.0), ["x" * 64, "y" * 64, "z" * 64])
    assert storage.table("t1") == row()
    assert storage.token_hash("t1", 2) is None


def test_append_takes_only_the_next_number(opened: Callable[[], Storage]) -> None:
    storage = opened()
    storage.create(row(), ["a" * 64, "b" * 64])
    assert storage.append("t1", 0, ["m0"])
    assert not storage.append("t1", 0, ["other"])  # taken
    assert not storage.append("t1", 2, ["gap"])  # not the next one
    assert storage.append("t1", 1, ["m1"])
    assert storage.moves("t1") == ["m0", "m1"]
    assert storage.moves("t1", 1) == ["m1"]
    assert storage.table("t1") == row()  # still playing


def test_the_last_move_ends_the_table_in_its_transaction(
        opened: Callable[[], Storage]) -> None:
    storage = opened()
    storage.create(row(), ["a" * 64, "b" * 64])
    assert storage.append("t1", 0, ["m0"])
    assert not storage.append("t1", 0, ["other"], winners=[0])
    assert storage.table("t1") == row()  # a refused last move changes nothing
    assert storage.append("t1", 1, ["m1"], winners=[0, 1])
    over = storage.table("t1")
    assert over is not None and (over.status, over.winners) == ("over", (0, 1))


def test_append_to_an_unknown_table_is_refused(opened: Callable[[], Storage]) -> None:
    storage = opened()
    with pytest.raises(StateError, match="no table 'nope'"):
        storage.append("nope", 0, ["m0"])
    assert storage.moves("nope") == []


def race(appends: list[Callable[[], bool]]) -> list[bool]:
    """The results of ``appends`` run at once, each in its own thread, sorted."""
    start = threading.Barrier(len(appends))
    results: list[bool] = []

    def run(append: Callable[[], bool]) -> None:
        start.wait()
        results.append(append())

    threads = [threading.Thread(target=run, args=(append,)) for append in appends]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(results)


def test_two_storages_appending_the_same_number_one_wins(
        opened: Callable[[], Storage]) -> None:
    storages = [opened(), opened()]
    storages[0].create(row(), ["a" * 64, "b" * 64])
    for number in range(20):
        appends = [functools.partial(storage.append, "t1", number, [f"{number}-{i}"])
                   for i in range(2) for storage in storages]  # two threads in each "process"
        assert race(appends) == [False, False, False, True]
    moves = storages[1].moves("t1")
    assert [int(move.partition("-")[0]) for move in moves] == list(range(20))


def test_no_thread_waits_for_another_threads_connection(
        opened_postgres: Callable[[], Storage], postgres_url: str) -> None:
    storage = opened_postgres()
    threads = POOL_SIZE + 2
    for index in range(threads):
        storage.create(row(f"t{index}"), ["a" * 64, "b" * 64])
    with psycopg.connect(postgres_url, autocommit=True) as locker, locker.transaction(), \
            psycopg.connect(postgres_url, autocommit=True) as watcher:
        locker.execute("LOCK TABLE amigo_moves IN EXCLUSIVE MODE")  # every append waits here
        appends = [functools.partial(storage.append, f"t{index}", 0, ["m0"])
                   for index in range(threads)]
        results: list[list[bool]] = []
        racing = threading.Thread(target=lambda: results.append(race(appends)))
        racing.start()
        deadline = time.monotonic() + WAIT
        waiting = 0
        while waiting < threads and time.monotonic() < deadline:
            time.sleep(0.02)
            waiting = watcher.execute(  # (a transaction of its own: a fresh snapshot)
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock'").fetchone()[0]
        assert waiting == threads  # all in the database at once, none queued in the pool
    racing.join()
    assert results == [[True] * threads]


def test_another_storage_hears_each_append(opened_postgres: Callable[[], Storage]) -> None:
    writer, reader = opened_postgres(), opened_postgres()
    heard_by_writer, heard_by_reader = Calls(), Calls()
    writer.subscribe(heard_by_writer)
    reader.subscribe(heard_by_reader)
    writer.create(row(), ["a" * 64, "b" * 64])
    assert writer.append("t1", 0, ["m0"])
    assert not reader.append("t1", 0, ["refused"])  # a refused append notifies nobody
    assert writer.append("t1", 1, ["m1"], winners=[1])
    heard_by_reader.wait_for(("t1", 2))
    assert heard_by_reader.calls == [("t1", 1), ("t1", 2)]
    assert heard_by_writer.calls == []  # its own appends are not news to a storage


def test_the_listener_ignores_foreign_notifications_and_failing_callbacks(
        opened_postgres: Callable[[], Storage], postgres_url: str) -> None:
    writer, reader = opened_postgres(), opened_postgres()
    heard = Calls()

    def failing(table_id: str, count: int) -> None:
        raise RuntimeError("a broken subscriber")

    reader.subscribe(failing)
    reader.subscribe(heard)
    writer.create(row(), ["a" * 64, "b" * 64])
    with psycopg.connect(postgres_url, autocommit=True) as stranger:
        for payload in ("", "t1", "t1:", "t1:-1", ":3", "t1:x", "t1:99999999999"):
            stranger.execute("SELECT pg_notify('amigo_rules_moves', %s)", (payload,))
    assert writer.append("t1", 0, ["m0"])
    heard.wait_for(("t1", 1))
    assert heard.calls == [("t1", 1)]


def test_the_listener_reconnects_and_catches_up(opened_postgres: Callable[[], Storage],
                                                postgres_url: str) -> None:
    writer, reader = opened_postgres(), opened_postgres()
    heard = Calls()
    reader.subscribe(heard)
    writer.create(row("held"), ["a" * 64, "b" * 64])
    assert reader.moves("held") == []  # the reader's process holds this table
    server, _, name = postgres_url.rpartition("/")
    with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        ended = admin.execute(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
            "WHERE datname = %s AND query LIKE 'LISTEN %%'", (name,)).fetchall()
        assert ended == [(True,)]
        # while the listener cannot come back: the last move (over a connection kept)
        assert writer.append("held", 0, ["m0"], winners=[1])
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
    heard.wait_for(("held", 1))
    writer.create(row("next"), ["a" * 64, "b" * 64])
    assert writer.append("next", 0, ["m0"])  # heard again as it happens
    heard.wait_for(("next", 1))


def test_queries_go_on_after_the_database_ended_the_connections(
        opened_postgres: Callable[[], Storage], postgres_url: str) -> None:
    storage = opened_postgres()
    storage.create(row(), ["a" * 64, "b" * 64])
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        ended = admin.execute(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()").fetchall()
    assert ended == [(True,)]  # the storage's one idle connection
    assert storage.append("t1", 0, ["m0"])
    assert storage.moves("t1") == ["m0"]


def test_a_closed_storage_refuses_work(opened_postgres: Callable[[], Storage]) -> None:
    """``close`` wakes the listener (it does not wait for a notification that may never
    come): the thread is gone when it returns; a second call does nothing."""
    storage = opened_postgres()
    storage.subscribe(Calls())
    assert [t for t in threading.enumerate() if t.name == "amigo-rules-listen"]
    closing = threading.Thread(target=lambda: (storage.close(), storage.close()))
    closing.start()
    closing.join(WAIT)  # a hang guard: it returns at once
    assert not closing.is_alive()
    assert not [t for t in threading.enumerate() if t.name == "amigo-rules-listen"]
    with pytest.raises(StateError, match="closed"):
        storage.table("t1")


def bots_row(table_id: str) -> TableRow:
    return TableRow(id=table_id, game="exxtra", rules='{"players": 3}', seed=3,
                    seats=("agent:random", "human", "engine:x"), created=1000.0)


def test_one_storage_leads_a_table_the_next_takes_over(opened: Callable[[], Storage],
                                                       database: str) -> None:
    """Exactly one storage (one process) leads a table whose seat to move the server
    plays; when it gives the lead up or closes (dies), another takes it at its next call.
    SQLite has one process: it leads them all."""
    first, second = opened(), opened()
    first.create(bots_row("bots"), ["a" * 64] * 3)
    first.create(row("people"), ["a" * 64] * 2)  # (an agent seat, but a person to move)
    assert first.append("people", 0, ["roll 3"], to_move=0)
    first.create(TableRow(id="nobots", game="exxtra", rules="{}", seed=1, created=1.0,
                          seats=("human", "remote", "human")), ["a" * 64] * 3)
    assert first.lead(10).gained == ("bots",)
    assert first.lead(10).gained == ()  # led already
    if database.startswith("sqlite"):
        return
    assert second.lead(10).gained == ()
    first.unlead("bots")
    assert second.lead(10).gained == ("bots",)
    assert first.lead(10).gained == ()
    assert second.append("bots", 0, ["roll 3"], to_move=1)  # a person to move: none to lead
    second.unlead("bots")
    assert first.lead(10).gained == ()
    assert second.append("bots", 1, ["pawn 0"], to_move=2)  # the engine's turn again
    assert first.lead(10).gained == ("bots",)
    first.close()  # its connections go, and its leads with them
    assert second.lead(0).gained == ()  # (a limit of 0 takes nothing)
    # the database ends the closed connections' sessions a moment later (it frees their
    # locks then: once under load, a moment after the next call)
    deadline = time.monotonic() + 30  # a hang guard
    while (gained := second.lead(10).gained) == ():
        assert time.monotonic() < deadline, "the lead of a closed storage was never freed"
        time.sleep(0.01)
    assert gained == ("bots",)


def test_a_lost_lease_connection_loses_every_lead(opened_postgres: Callable[[], Storage],
                                                  postgres_url: str) -> None:
    leader, other = opened_postgres(), opened_postgres()
    leader.create(bots_row("bots"), ["a" * 64] * 3)
    assert leader.lead(10).gained == ("bots",)
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        ended = admin.execute(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_locks "
            "WHERE locktype = 'advisory' AND granted").fetchall()
    assert ended == [(True,)]
    assert other.lead(10).gained == ("bots",)  # the lock went with the connection
    assert leader.lead(10).lost == ("bots",)
    assert leader.lead(10) == type(leader.lead(10))()  # reconnected, leading nothing


def test_another_storage_hears_a_seat_taken(opened_postgres: Callable[[], Storage]) -> None:
    taker, holder = opened_postgres(), opened_postgres()
    seats: list[tuple[str, int, str]] = []
    heard = threading.Event()
    holder.subscribe(Calls(), lambda *seat: (seats.append(seat), heard.set()))
    taker.create(row(), ["a" * 64, "b" * 64])
    claims = [taker.hold_seat("t1", 1, "process-b/7"), taker.hold_seat("t1", 1, "b/8")]
    assert claims[0].endswith("/process-b/7") and claims[1].endswith("/b/8")
    assert claims[0] < claims[1] and len(claims[0].split("/")[0]) == 17
    while len(seats) < 2:
        assert heard.wait(WAIT)
        heard.clear()
    assert seats == [("t1", 1, claim) for claim in claims]


def test_tables_nobody_moved_in_expire_with_their_seats_and_moves(
        opened: Callable[[], Storage]) -> None:
    storage = opened()
    storage.create(row("old", created=1000.0), ["a" * 64, "b" * 64])
    storage.create(row("moved", created=1000.0), ["a" * 64, "b" * 64])
    storage.create(row("new", created=5000.0), ["a" * 64, "b" * 64])
    assert storage.append("moved", 0, ["roll 3"])  # moved in now
    assert sorted(storage.expire(2000.0)) == ["old"]
    assert storage.table("old") is None and storage.moves("old") == []
    assert storage.token_hash("old", 0) is None
    assert [t.id for t in storage.tables()] == ["new", "moved"]
    assert storage.moves("moved") == ["roll 3"]


def test_a_batch_commits_together_and_a_failing_call_undoes_only_itself(
        opened: Callable[[], Storage]) -> None:
    storage = opened()
    storage.create(row(), ["a" * 64, "b" * 64])
    with storage.batch():
        assert storage.append("t1", 0, ["m0"])
        with pytest.raises(StateError):
            storage.append("nope", 0, ["m0"])
        with pytest.raises((sqlite3.IntegrityError, psycopg.errors.UniqueViolation)):
            storage.create(row(), ["a" * 64, "b" * 64])
        assert storage.append("t1", 1, ["m1", "m2"])
    assert storage.moves("t1") == ["m0", "m1", "m2"]
    with pytest.raises(RuntimeError), storage.batch():
        assert storage.append("t1", 3, ["m3"])
        raise RuntimeError("the whole batch fails")
    assert storage.moves("t1") == ["m0", "m1", "m2"] if storage.group else ["m0", "m1", "m2",
                                                                           "m3"]


def test_moves_to_append_are_a_list(opened: Callable[[], Storage]) -> None:
    storage = opened()
    storage.create(row(), ["a" * 64, "b" * 64])
    for bad in ("roll 3", [], [3]):
        with pytest.raises(ArgumentError, match="non-empty list of strings"):
            storage.append("t1", 0, bad)  # type: ignore[arg-type]
    assert storage.moves("t1") == []


def test_a_lead_looks_past_the_tables_others_lead(
        opened_postgres: Callable[[], Storage]) -> None:
    """The tables another process leads are no candidates (their locks are seen whatever
    the sign of their 64-bit key), so a limit of one finds the one free table."""
    first, second = opened_postgres(), opened_postgres()
    for index in range(40):
        first.create(bots_row(f"led-{index}"), ["a" * 64] * 3)
    assert len(first.lead(100).gained) == 40
    signs = {lock_key(f"led-{index}") < 0 for index in range(40)}
    assert signs == {True, False}
    first.create(bots_row("free"), ["a" * 64] * 3)
    assert second.lead(1).gained == ("free",)


def test_an_open_seat_is_claimed_once_and_a_rematch_stored_once(
    opened: Callable[[], Storage]
) -> None:
    first, second = opened(), opened()
    clock = Clock(3.0, "agent")
    first.create(attrs.evolve(row(), seats=("open", "human"), clock=clock),
                 ["a" * 64, "b" * 64])
    assert first.claim_seat("t1", 0, "c" * 64, "Ann")
    assert not second.claim_seat("t1", 0, "d" * 64, "Bo")  # taken
    assert not second.claim_seat("t1", 1, "d" * 64, "Bo")  # never open
    assert not second.claim_seat("missing", 0, "d" * 64, "Bo")
    table = second.table("t1")
    assert table is not None and table.seats == ("human", "human") and table.clock == clock
    assert second.token_hash("t1", 0) == "c" * 64 and second.seat_names("t1") == ["Ann", None]
    again = attrs.evolve(row("t2"), seats=("human", "human"), clock=clock)
    assert first.rematch("t1", again) == "t2"
    assert second.rematch("t1", attrs.evolve(again, id="t3")) == "t2"  # the first stands
    assert second.table("t3") is None and second.table("t1").rematch == "t2"  # type: ignore
    assert second.token_hash("t2", 0) == "c" * 64 and second.seat_names("t2") == ["Ann", None]
    with pytest.raises(StateError):
        first.rematch("missing", attrs.evolve(again, id="t4"))


def test_due_lists_the_tables_whose_clock_ran_out(opened: Callable[[], Storage]) -> None:
    storage = opened()
    clocked = attrs.evolve(row("c", created=1000.0), seats=("human", "remote"),
                           clock=Clock(5.0, "forfeit"))
    storage.create(clocked, ["a" * 64, "b" * 64])
    storage.create(attrs.evolve(clocked, id="open", seats=("open", "human")), ["a" * 64] * 2)
    storage.create(attrs.evolve(clocked, id="bot", seats=("human", "agent:random")),
                   ["a" * 64] * 2)
    storage.create(attrs.evolve(clocked, id="free", clock=None), ["a" * 64] * 2)
    assert storage.due(1004.0) == []
    assert sorted(storage.due(1005.0)) == ["bot", "c"]  # (the bot's table: who moves?)
    assert storage.append("bot", 0, ["roll 3"], to_move=1)  # the agent to move
    assert storage.append("c", 0, ["roll 3"], to_move=0)  # moved now: counts from now
    assert storage.due(1005.0) == []
    assert storage.append("c", 1, ["roll 4"], winners=(0,))
    assert storage.due(time.time() + 10) == []
