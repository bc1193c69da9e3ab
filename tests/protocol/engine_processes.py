"""Finding the tests' engine processes (psutil): those still alive, by a marker in their
command line, and waiting until none is; a call's result, with a guard against its hanging.

The tests wait on events (a process gone, a call returned), never on the clock: `HANG` is
only the ceiling past which a wait is a hang, so generous that a loaded machine never
reaches it."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Any

import psutil

HANG = 120.0
"""Seconds after which a wait is a hang (a guard, not a measure of speed)."""


def alive(marker: str) -> list[psutil.Process]:
    """Processes (not zombies) whose command line holds ``marker``."""
    found = []
    for process in psutil.process_iter(["cmdline", "status"]):
        try:
            if (process.info["status"] != psutil.STATUS_ZOMBIE
                    and marker in " ".join(process.info["cmdline"] or ())):
                found.append(process)
        except psutil.Error:
            continue
    return found


def waited(condition: Callable[[], Any], within: float = HANG) -> bool:
    """Whether ``condition()`` came true (within ``within`` seconds)."""
    end = time.monotonic() + within
    while not condition() and time.monotonic() < end:
        time.sleep(0.02)
    return bool(condition())


def gone(marker: str, within: float = HANG) -> bool:
    """Whether every process with ``marker`` has ended (within ``within`` seconds)."""
    return waited(lambda: not alive(marker), within)


def started(call: Callable[..., Any], *args: Any, **kwargs: Any) -> Callable[[], Any]:
    """``call(*args, **kwargs)`` started in a thread; the function returned waits for its
    result (or raises its exception), and fails the test if it has not returned within
    `HANG` seconds."""
    outcome: queue.Queue[tuple[bool, Any]] = queue.Queue()

    def run() -> None:
        try:
            outcome.put((True, call(*args, **kwargs)))
        except BaseException as exc:  # handed to the waiting thread
            outcome.put((False, exc))

    threading.Thread(target=run, daemon=True).start()

    def result() -> Any:
        try:
            ok, value = outcome.get(timeout=HANG)
        except queue.Empty:
            raise AssertionError(f"{getattr(call, '__qualname__', call)} hung: no return "
                                 f"within {HANG:g} s") from None
        if not ok:
            raise value
        return value

    return result


def returned(call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``call(*args, **kwargs)``'s result, with `started`'s guard against its hanging."""
    return started(call, *args, **kwargs)()
