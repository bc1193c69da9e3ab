"""Finding the tests' engine processes (psutil): those still alive, by a marker in their
command line, and waiting until none is."""

from __future__ import annotations

import time

import psutil


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


def gone(marker: str, within: float = 3.0) -> bool:
    """Whether every process with ``marker`` has ended within ``within`` seconds."""
    end = time.monotonic() + within
    while alive(marker) and time.monotonic() < end:
        time.sleep(0.05)
    return not alive(marker)
