"""The one policy of the game server's storage calls: every call runs in one of the
storage's own threads (`Storage.threads`), never on the event loop, SQLite and PostgreSQL
alike. A thread takes the calls waiting for it; where the storage commits them together
(`Storage.group`: SQLite's one writer thread, one transaction and one commit for all of
them, each call in a savepoint of its own) a burst of moves costs one commit, and the
answers go back to the loop in one hand-over. The calls made in one turn of the loop reach
the threads at the turn's end, together (a thread woken once a turn, not once a call). A
call's answer is delivered only after its commit: nothing is told before it is stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from .rows import Storage

T = TypeVar("T")
GROUP = 64
"""The most calls a writer commits together."""

_Call = tuple[asyncio.Future[Any], Callable[[], Any]]
_Calls = list[_Call]
"""Calls handed to the threads together: one thread makes them (at most `group`)."""


class Stored:
    """The storage threads of one server: ``await stored(work, *args)`` runs
    ``work(*args)`` (a method of ``storage``) in one of them."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.calls: queue.SimpleQueue[_Calls | None] = queue.SimpleQueue()
        self.group = GROUP if storage.group else 1
        """The most calls a thread makes in one go (one transaction where grouped)."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self.waiting: list[_Call] = []
        """The calls made in this turn of the loop, not handed to the threads yet."""
        self.threads = [threading.Thread(target=self._run, name=f"amigo-storage-{index}",
                                         daemon=True) for index in range(storage.threads)]

    def start(self) -> None:
        """Start the threads (they answer on the running loop)."""
        self.loop = asyncio.get_running_loop()
        for thread in self.threads:
            thread.start()

    def stop(self) -> None:
        """Let the threads end once the calls waiting are made."""
        self._hand_over()
        for _ in self.threads:
            self.calls.put(None)

    def __call__(self, work: Callable[..., T], *args: Any,
                 **kwargs: Any) -> asyncio.Future[T]:
        loop = self.loop
        assert loop is not None, "Stored.start first"
        future: asyncio.Future[T] = loop.create_future()
        if not self.waiting:
            loop.call_soon(self._hand_over)
        self.waiting.append((future, functools.partial(work, *args, **kwargs)))
        return future

    def _hand_over(self) -> None:
        """The calls made in this turn, to the threads: `group` at a time (waking a
        thread costs the loop about 5 µs)."""
        waiting, self.waiting, group = self.waiting, [], self.group
        for start in range(0, len(waiting), group):
            self.calls.put(waiting[start:start + group])

    def _run(self) -> None:
        group, calls = self.group, self.calls.get()
        while calls is not None:
            ahead: _Calls | None = []  # the next hand-over, if taken already (None: the end)
            while len(calls) < group:  # with those handed over meanwhile, up to `group`
                try:
                    ahead = self.calls.get_nowait()
                except queue.Empty:
                    ahead = []
                    break
                if ahead is None or len(calls) + len(ahead) > group:
                    break
                calls, ahead = calls + ahead, []
            self._make(calls)
            calls = self.calls.get() if ahead == [] else ahead

    def _make(self, calls: _Calls) -> None:
        """Make ``calls`` (one transaction where the storage groups them); their answers
        go back to the loop together."""
        answers: list[tuple[asyncio.Future[Any], Any, BaseException | None]] = []
        try:
            with self.storage.batch():
                for future, work in calls:
                    try:
                        answers.append((future, work(), None))
                    except Exception as exc:
                        answers.append((future, None, exc))
        except Exception as exc:  # the commit failed: no call's answer stands
            answers = [(future, None, exc) for future, _ in calls]
        assert self.loop is not None
        with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits now
            self.loop.call_soon_threadsafe(_deliver, answers)


def _deliver(answers: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
    for future, answer, failure in answers:
        if future.done():  # its caller was cancelled
            continue
        if failure is None:
            future.set_result(answer)
        else:
            future.set_exception(failure)
