"""The storage calls' one policy (`stored.Stored`): made in the storage's threads, the
calls of one turn of the event loop handed over together, at most `GROUP` in a
transaction where the storage groups them, each answer (or failure) its caller's."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from amigo_rules.server.stored import GROUP, Stored


class Storage:
    """A storage recording which calls each transaction (`batch`) made, in which thread."""

    def __init__(self, *, group: bool, threads: int) -> None:
        self.group = group
        self.threads = threads
        self.batches: list[list[int]] = []
        self.current: dict[int, list[int]] = {}
        self.lock = threading.Lock()

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        made: list[int] = []
        self.current[threading.get_ident()] = made
        yield
        with self.lock:
            self.batches.append(made)

    def work(self, number: int) -> int:
        assert threading.current_thread() is not threading.main_thread()
        self.current[threading.get_ident()].append(number)
        if number == 13:
            raise ValueError("thirteen")
        return number * 2


async def _calls(storage: Storage, count: int) -> list[Any]:
    stored = Stored(storage)
    stored.start()
    try:
        futures = [stored(storage.work, number) for number in range(count)]  # one turn
        return await asyncio.gather(*futures, return_exceptions=True)
    finally:
        stored.stop()


def test_the_calls_of_one_turn_are_made_together_at_most_group_at_a_time() -> None:
    storage = Storage(group=True, threads=1)
    answers = asyncio.run(_calls(storage, 2 * GROUP + 22))
    assert [len(batch) for batch in storage.batches] == [GROUP, GROUP, 22]
    assert [n for batch in storage.batches for n in batch] == list(range(2 * GROUP + 22))
    assert isinstance(answers[13], ValueError)  # its own failure, nobody else's
    assert answers[:13] + answers[14:] == [2 * n for n in range(2 * GROUP + 22) if n != 13]


def test_a_storage_that_does_not_group_makes_each_call_alone() -> None:
    storage = Storage(group=False, threads=3)
    answers = asyncio.run(_calls(storage, 40))
    assert all(len(batch) == 1 for batch in storage.batches)
    assert sorted(n for batch in storage.batches for n in batch) == list(range(40))
    assert answers[12] == 24 and isinstance(answers[13], ValueError)


def test_calls_handed_over_meanwhile_join_the_next_transaction_up_to_group() -> None:
    """While a thread is busy, the turns' hand-overs wait; it takes them together next,
    never more than `GROUP` in one transaction."""
    storage = Storage(group=True, threads=1)
    busy = threading.Event()
    go = threading.Event()

    def block() -> None:
        busy.set()
        go.wait(10)

    async def run() -> None:
        stored = Stored(storage)
        stored.start()
        first = stored(block)
        await asyncio.to_thread(busy.wait, 10)
        futures = []
        for turn in range(5):
            futures += [stored(storage.work, 1000 + 100 * turn + n) for n in range(20)]
            await asyncio.sleep(0)  # the turn's end: handed over
        go.set()
        await first
        await asyncio.gather(*futures)
        stored.stop()

    asyncio.run(run())
    assert [len(batch) for batch in storage.batches] == [0, 60, 40]


@pytest.mark.parametrize("group", [True, False])
def test_stop_makes_the_calls_waiting_first(group: bool) -> None:
    storage = Storage(group=group, threads=2)

    async def run() -> None:
        stored = Stored(storage)
        stored.start()
        for number in range(5):
            stored(storage.work, number)
        stored.stop()  # in the same turn: nothing was handed over yet
        for thread in stored.threads:
            await asyncio.to_thread(thread.join, 10)

    asyncio.run(run())
    assert sorted(n for batch in storage.batches for n in batch) == list(range(5))
