"""Every exit path of the host ends its engines' process groups: Ctrl-C, ``SIGTERM``, a
process pool's workers; after a ``SIGKILL`` of the host (where nothing of it runs) the
engines die with it (checked with psutil). The engines here ignore ``quit`` and the end of
their input, and each leaves a child in its process group: only the host can end them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import uuid
from pathlib import Path

import psutil
import pytest
from engine_processes import HANG, alive, waited

HOST = Path(__file__).with_name("host.py")
ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}


def engines(tag: str) -> list[psutil.Process]:
    return alive(f"deaf {tag}")


@pytest.mark.parametrize(
    ("how", "workers"),
    [(signal.SIGINT, 1), (signal.SIGTERM, 1), (signal.SIGKILL, 1), (signal.SIGTERM, 2)],
    ids=["ctrl-c", "sigterm", "sigkill", "sigterm-pool"],
)
def test_ending_the_host_ends_every_engine(how, workers):
    tag = uuid.uuid4().hex
    host = subprocess.Popen([sys.executable, str(HOST), tag, str(workers)], env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        assert waited(lambda: len(engines(tag)) >= 2 * workers)
        ours = {p.pid for p in engines(tag) if "deaf" not in " ".join(p.parent().cmdline())}
        if workers > 1:  # the pool's workers: SIGTERM each, as an executor's shutdown may
            for child in psutil.Process(host.pid).children():
                if "deaf" not in " ".join(child.cmdline()):
                    child.send_signal(how)
        host.send_signal(how)
        host.wait(HANG)
        if how == signal.SIGKILL:  # nothing of the host runs: the engines die with it,
            # what they left behind lives on (documented)
            assert waited(lambda: not ours & {p.pid for p in engines(tag)})
            assert engines(tag)
        else:
            assert waited(lambda: not engines(tag)), engines(tag)
    finally:
        host.kill()
        host.wait()
        for process in engines(tag):
            process.kill()


@pytest.mark.skipif(sys.platform != "linux", reason="the parent-death signal is Linux's")
def test_an_engine_whose_starter_is_gone_before_it_runs_ends_itself():
    """The death signal is asked for after the fork: if the starting process died in
    between, nothing would ever send it. The engine sees that its parent is no longer the
    one that started it (prctl(2)) and ends before it runs."""
    from amigo_rules.protocol.process import _die_with_parent

    for parent, code in ((os.getpid(), 0), (os.getpid() + 1, -signal.SIGKILL)):
        child = subprocess.Popen([sys.executable, "-c", "pass"],
                                 preexec_fn=lambda parent=parent: _die_with_parent(parent))
        assert child.wait(HANG) == code


STUCK = """
import os, sys
from amigo_rules.protocol import process

class Stuck:  # an engine whose killing fails
    def kill(self):
        raise RuntimeError("the kill failed")

stuck = Stuck()
process._LIVE.add(stuck)
process._install_handlers()
read, write = os.pipe()  # this process holds the read end, as a pool worker does
os.set_blocking(write, False)
try:
    while True:
        os.write(write, bytes(65536))
except BlockingIOError:
    pass
os.set_blocking(write, True)
print("full", flush=True)
while True:  # a pool worker's result hand-over: an exception is caught and sent again
    try:
        os.write(write, b"x")
    except BaseException:
        continue
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM handlers are POSIX")
def test_a_sigterm_ends_the_host_even_when_killing_an_engine_fails():
    """The handler ends the process whatever the killing raises: an exception out of it
    would be caught by the interrupted code (here, like a pool worker's result hand-over,
    blocked on a full pipe), and the process would live on."""
    host = subprocess.Popen([sys.executable, "-c", STUCK], env=ENV, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    try:
        assert host.stdout is not None and host.stdout.readline() == b"full\n"
        host.send_signal(signal.SIGTERM)
        assert host.wait(HANG) == -signal.SIGTERM
    finally:
        host.kill()
        host.wait()
