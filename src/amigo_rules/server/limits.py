"""Rate limits of the game server, each in constant memory per key: table creations per
client address (`Window`), messages read from a WebSocket connection (`Bucket`)."""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable

KEYS = 10_000
"""Client addresses a `Window` remembers before it forgets those with nothing recent."""


class Window:
    """At most ``count`` events in any ``seconds`` per key (a client address)."""

    def __init__(self, count: int, seconds: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.count = count
        self.seconds = seconds
        self.clock = clock
        self.events: dict[str, deque[float]] = {}

    def take(self, key: str) -> int:
        """0 if ``key`` may have one more event now (it is counted), else the whole seconds
        until it may (``Retry-After``)."""
        now = self.clock()
        events = self.events.get(key)
        if events is None:
            if len(self.events) >= KEYS:
                self._forget(now)
            events = self.events[key] = deque()
        while events and events[0] <= now - self.seconds:
            events.popleft()
        if len(events) >= self.count:
            return max(1, math.ceil(events[0] + self.seconds - now))
        events.append(now)
        return 0

    def _forget(self, now: float) -> None:
        stale = [key for key, events in self.events.items()
                 if not events or events[-1] <= now - self.seconds]
        for key in stale:
            del self.events[key]


class Bucket:
    """A token bucket: ``rate`` events a second on average, ``burst`` at once; an event
    beyond waits its turn."""

    def __init__(self, rate: float, burst: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = burst
        self.last = clock()

    def wait(self) -> float:
        """The seconds until one more event may happen (0: now); it is counted."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate
