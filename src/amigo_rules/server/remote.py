"""A remote bot: plays a seat of a game server over its WebSocket, choosing
uniformly among the legal moves. The example of a bot in a few lines, and the load of
the server's tests and benchmark (it times each move from its submission to the next
``act``).

    asyncio.run(RandomRemote(seed=1).play("ws://127.0.0.1:8000/ws/tables/ID/seats/1?token=T"))
"""

from __future__ import annotations

import json
import time
from typing import Any

import numpy as np

from ..protocol import messages


class MoveClock:
    """Times a table's moves: from a move sent (by any bot sharing the clock) to the next
    ``act`` received (by any of them)."""

    def __init__(self) -> None:
        self.sent: float | None = None
        self.latencies: list[float] = []
        """Seconds from each move sent to the next ``act``."""

    def acted(self) -> None:
        if self.sent is not None:
            self.latencies.append(time.perf_counter() - self.sent)
            self.sent = None

    def moved(self) -> None:
        self.sent = time.perf_counter()


class RandomRemote:
    """Plays one seat to the game's end, a random legal move each ``act`` (timed by
    ``clock``, shared by a table's bots, or its own)."""

    def __init__(self, seed: int | None = None, name: str = "random-remote",
                 clock: MoveClock | None = None) -> None:
        self.rng = np.random.default_rng(seed)
        self.name = name
        self.clock = MoveClock() if clock is None else clock
        self.errors: list[str] = []
        """The ``error`` messages the server sent."""
        self.messages: list[str] = []
        """Every message received, as its text."""

    async def play(self, url: str) -> dict[str, Any]:
        """Play at ``url`` (``ws://…/ws/tables/ID/seats/N?token=T``) until ``end``; the
        ``end`` message."""
        import websockets

        clock = self.clock
        async with websockets.connect(url, max_size=messages.MAX_LINE) as socket:
            async for text in socket:
                assert isinstance(text, str)
                self.messages.append(text)
                message = json.loads(text)
                kind = message["type"]
                if kind == "hello":
                    await socket.send(json.dumps({"type": "ready", "name": self.name}))
                elif kind == "act":
                    clock.acted()
                    legal = message["legal"]
                    choice = legal[int(self.rng.integers(len(legal)))]
                    clock.moved()
                    await socket.send(json.dumps({"type": "move", "id": choice["id"],
                                                  "move_number": message["move_number"]}))
                elif kind == "error":
                    self.errors.append(message["message"])
                elif kind == "end":
                    return dict(message)
        raise ConnectionError("the server closed the connection before the end")
