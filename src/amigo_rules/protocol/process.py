"""An engine's process, handled as a trusted system would: its own process group; its
output read with a deadline (a selector on the pipe, no thread left blocked on it); its
error output drained by a thread, the last lines kept; every exit path (close, a fault,
interpreter exit, ``SIGTERM``, a pool worker's end) kills the whole group and reaps it.
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import ctypes
import functools
import multiprocessing.util
import os
import selectors
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from types import FrameType

from .messages import MAX_LINE

STDERR_LINES = 20
"""How many of the last lines of an engine's error output a fault quotes."""
STDERR_LINE = 300
"""Characters kept of each of those lines."""
POLL = 0.25
"""The longest wait in one call (seconds): a thread abandoned by the arena's move clock gets
its `Abandoned` between two waits."""


class ProcessGone(Exception):
    """The process closed its output or exited (``returncode`` when known)."""


class LineTooLong(Exception):
    """A line over `MAX_LINE` bytes."""


class Deadline(Exception):
    """No whole line came before the deadline."""


class Process:
    """One running engine: write lines to it, read its lines with a deadline, `kill` it."""

    def __init__(self, args: Sequence[str], *, cwd: str | None, env: dict[str, str] | None) -> None:
        self.popen = _spawner().submit(
            subprocess.Popen, list(args), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, cwd=cwd, env=env, start_new_session=True, bufsize=0,
            preexec_fn=functools.partial(_die_with_parent, os.getpid()),
        ).result()
        assert self.popen.stdin and self.popen.stdout and self.popen.stderr
        self.stdin = self.popen.stdin.fileno()
        self.stdout = self.popen.stdout.fileno()
        os.set_blocking(self.stdin, False)
        os.set_blocking(self.stdout, False)
        self.buffer = bytearray()
        self.readable = selectors.DefaultSelector()
        self.readable.register(self.stdout, selectors.EVENT_READ)
        self.writable = selectors.DefaultSelector()
        self.writable.register(self.stdin, selectors.EVENT_WRITE)
        self.stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self.drain = threading.Thread(target=self._drain, name="amigo-rules engine stderr",
                                      daemon=True)
        self.drain.start()
        _LIVE.add(self)
        _install_handlers()

    @property
    def pid(self) -> int:
        return self.popen.pid

    def _drain(self) -> None:
        """Read the error output to its end (so the engine never blocks on it), keeping the
        last lines."""
        stream = self.popen.stderr
        assert stream is not None
        partial = b""
        try:
            while chunk := stream.read(65536):
                lines = (partial + chunk).split(b"\n")
                partial = lines.pop()[-STDERR_LINE * 4:]
                for line in lines[-STDERR_LINES:]:
                    self.stderr.append(line.decode("utf-8", "replace")[:STDERR_LINE])
        except (OSError, ValueError):  # the pipe was closed under us by kill()
            return
        if partial:
            self.stderr.append(partial.decode("utf-8", "replace")[:STDERR_LINE])

    def write(self, data: bytes, deadline: float | None) -> None:
        """Write ``data`` whole before ``deadline`` (`time.monotonic`); `ProcessGone` if
        the engine closed its input, `Deadline` if it does not read."""
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(self.stdin, view):]
            except BlockingIOError:  # the pipe is full: wait until the engine reads
                self.writable.select(_wait(deadline))
            except OSError:
                raise ProcessGone(self.popen.poll()) from None

    def read_line(self, deadline: float | None) -> bytes:
        """The next line (without ``\n``), before ``deadline`` (`time.monotonic`, or
        ``None``: no limit, but an engine that exits is noticed)."""
        while True:
            end = self.buffer.find(b"\n")
            if end >= 0:
                line = bytes(self.buffer[:end])
                del self.buffer[:end + 1]
                if len(line) > MAX_LINE:
                    raise LineTooLong(len(line))
                return line
            if len(self.buffer) > MAX_LINE:
                raise LineTooLong(len(self.buffer))
            try:
                chunk = os.read(self.stdout, 65536)
            except BlockingIOError:
                if not self.readable.select(_wait(deadline)) and self.popen.poll() is not None:
                    raise ProcessGone(self.popen.returncode) from None  # a child holds the pipe
                continue
            if not chunk:
                raise ProcessGone(self._exit_code())
            self.buffer += chunk

    def _exit_code(self) -> int | None:
        try:
            return self.popen.wait(0.5)
        except subprocess.TimeoutExpired:
            return None

    def stop(self, grace: float) -> None:
        """Close its input, let the engine exit by itself within ``grace`` seconds, then
        `kill` (its group, and so whatever it left behind)."""
        try:
            assert self.popen.stdin is not None
            self.popen.stdin.close()
        except OSError:
            pass
        if self.popen.poll() is None and grace > 0:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.popen.wait(grace)
        self.kill()

    def kill(self) -> None:
        """End the whole process group (children left behind included), reap the engine,
        close the pipes. Safe to call more than once, from any exit path."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.popen.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):  # SIGKILL is not refused
            self.popen.wait(5)
        for stream in (self.popen.stdin, self.popen.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self.readable.close()
        self.writable.close()
        if threading.current_thread() is not self.drain:
            self.drain.join(1.0)
        _LIVE.discard(self)


def _wait(deadline: float | None) -> float:
    """How long one select may wait: up to `POLL`, `Deadline` once ``deadline`` passed."""
    if deadline is None:
        return POLL
    left = deadline - time.monotonic()
    if left <= 0:
        raise Deadline()
    return min(left, POLL)


def _die_with_parent(parent: int) -> None:
    """In the engine, before it runs (Linux): killed when the process that started it,
    ``parent``, dies (even by ``SIGKILL``, when no exit path of ours can run). The kernel
    ties this to the starting thread, hence the one long-lived `_spawner` thread; a parent
    that died before the request took hold is seen by the engine's new parent, and the
    engine ends itself (prctl(2))."""
    if _PRCTL is not None:
        _PRCTL(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)


_PR_SET_PDEATHSIG = 1
_PRCTL = ctypes.CDLL(None, use_errno=True).prctl if sys.platform == "linux" else None
_SPAWNER: list[ThreadPoolExecutor] = []


def _spawner() -> ThreadPoolExecutor:
    """The thread that starts every engine of this process: it lives as long as the
    process, so an engine's death signal fires only when the process ends."""
    with _SPAWN_LOCK:
        if not _SPAWNER:
            _SPAWNER.append(ThreadPoolExecutor(1, thread_name_prefix="amigo-rules spawner"))
        return _SPAWNER[0]


_SPAWN_LOCK = threading.Lock()
_LIVE: weakref.WeakSet[Process] = weakref.WeakSet()
"""Every engine process running in this interpreter."""
_installed = False
_sigterm = False


def _forget() -> None:
    """In a forked child: the parent's engines are not ours to kill, nor its handlers."""
    global _installed, _sigterm
    _LIVE.clear()
    _SPAWNER.clear()  # its thread was not forked
    _installed = _sigterm = False


os.register_at_fork(after_in_child=_forget)


def kill_all() -> None:
    """Kill every engine this interpreter started (at exit, on ``SIGTERM``)."""
    for process in list(_LIVE):
        process.kill()


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    """Kill the engines, then end as ``SIGTERM`` would have: whatever the killing raises,
    the process ends (an exception out of a handler would be caught by the code it
    interrupted, a pool worker's result hand-over, which then waits for ever)."""
    try:
        kill_all()
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)


def _install_handlers() -> None:
    """Once per process: kill the engines at exit (a pool worker's exit too); and on a
    ``SIGTERM`` nobody else handles, once an engine starts in the main thread (only it may
    set a handler)."""
    global _installed, _sigterm
    if not _installed:
        _installed = True
        atexit.register(kill_all)
        multiprocessing.util.Finalize(None, kill_all, exitpriority=100)
    if not _sigterm and threading.current_thread() is threading.main_thread():
        _sigterm = True
        if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _on_sigterm)
