"""SQLite's checkpoints (copying the write-ahead log into the database file, with a disk
sync) run in a thread of their own, never in the writer's commits: a commit waits for no
disk sync, and the moves still reach the file."""

from __future__ import annotations

import shutil
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from amigo_rules.server import TableRow
from amigo_rules.server import storage as storage_module
from amigo_rules.server.storage import SQLiteStorage

COMMITS = 600
"""Enough one-move commits for a log of well over SQLite's own checkpoint mark (1,000
pages), which a connection checkpointing by itself would have copied."""


def write(storage: SQLiteStorage, commits: int) -> None:
    storage.create(TableRow("t", "verflixxt", "{}", 1, ("remote", "remote"), 0.0),
                   ["0" * 64, "1" * 64])
    for number in range(commits):
        assert storage.append("t", number, [f"m{number}"], to_move=number % 2)


def moves_in_file(path: Path, folder: Path) -> int:
    """The moves the database file itself holds (its log left out: a copy of the file
    alone; 0 before even the schema was copied there, -1 for a copy taken while a
    checkpoint wrote)."""
    alone = folder / "alone.sqlite3"
    shutil.copyfile(path, alone)
    db = sqlite3.connect(alone)
    try:
        if db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'moves'").fetchone()[0]:
            return int(db.execute("SELECT count(*) FROM moves").fetchone()[0])
        return 0
    except sqlite3.DatabaseError:
        return -1
    finally:
        db.close()
        alone.unlink()


def test_the_writer_never_checkpoints(tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage_module, "CHECKPOINT_SECONDS", 3600.0, raising=False)
    path = tmp_path / "games.sqlite3"
    storage = SQLiteStorage(path)
    try:
        write(storage, COMMITS)
        wal_pages = (tmp_path / "games.sqlite3-wal").stat().st_size // 4096
        assert wal_pages > 1000
        assert moves_in_file(path, tmp_path) == 0
        assert storage.moves("t") == [f"m{n}" for n in range(COMMITS)]  # committed
    finally:
        storage.close()


def test_the_checkpointer_copies_the_moves_into_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage_module, "CHECKPOINT_SECONDS", 0.01)
    path = tmp_path / "games.sqlite3"
    storage = SQLiteStorage(path)
    try:
        write(storage, 50)
        deadline = time.monotonic() + 60  # a hang guard
        while moves_in_file(path, tmp_path) < 50 or storage._checkpointer.checkpoints < 1:
            assert time.monotonic() < deadline, "the moves never reached the file"
            time.sleep(0.02)
        thread = storage._checkpointer.thread
        assert thread is not None and thread.name == "amigo-checkpoint"
    finally:
        storage.close()
    assert thread is not None and not thread.is_alive()


def test_a_failing_checkpoint_is_logged_and_the_next_one_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(storage_module, "CHECKPOINT_SECONDS", 0.01)
    checkpoint = storage_module._Checkpointer.checkpoint
    failed: list[bool] = []

    def failing_once(self: Any, db: sqlite3.Connection) -> bool:
        if not failed:
            failed.append(True)
            raise sqlite3.OperationalError("disk I/O error")
        return checkpoint(self, db)

    monkeypatch.setattr(storage_module._Checkpointer, "checkpoint", failing_once)
    path = tmp_path / "games.sqlite3"
    storage = SQLiteStorage(path)
    try:
        write(storage, 5)
        deadline = time.monotonic() + 60  # a hang guard
        while not failed:
            assert time.monotonic() < deadline, "no checkpoint was tried"
            time.sleep(0.02)
        write_more = [storage.append("t", number, [f"m{number}"]) for number in range(5, 8)]
        assert all(write_more)
        while moves_in_file(path, tmp_path) < 8:
            assert time.monotonic() < deadline, "the checkpointer stopped after a failure"
            time.sleep(0.02)
    finally:
        storage.close()
    assert "disk I/O error" in caplog.text


def test_a_checkpoint_waits_for_no_reader(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader on an old snapshot keeps the log's newer part from being copied: the
    checkpoint copies what it can and returns (the log is below `WAL_LIMIT`); the next
    one, the reader gone, copies the rest."""
    monkeypatch.setattr(storage_module, "CHECKPOINT_SECONDS", 3600.0)
    path = tmp_path / "games.sqlite3"
    storage = SQLiteStorage(path)
    reader = sqlite3.connect(path, isolation_level=None)
    checkpointing = sqlite3.connect(path, isolation_level=None, timeout=30.0)
    try:
        write(storage, 5)
        reader.execute("BEGIN")
        assert reader.execute("SELECT count(*) FROM moves").fetchone()[0] == 5
        for number in range(5, 10):
            assert storage.append("t", number, [f"m{number}"])
        assert storage._checkpointer.checkpoint(checkpointing) is False
        reader.execute("COMMIT")
        assert storage._checkpointer.checkpoint(checkpointing) is True
        assert storage._checkpointer.checkpoints == 2
        assert moves_in_file(path, tmp_path) == 10
    finally:
        reader.close()
        checkpointing.close()
        storage.close()
