"""Who sits at a table: a WebSocket connection (a ``human`` seat's page, a ``remote`` bot, a
spectator) and the players the server runs itself (``agent:NAME``, ``engine:COMMAND``).

A connection's message is written at once while its writer is idle and the server offers
that (`wire.DIRECT`: the connection open and writable), else it goes through a bounded
queue to one writer task, which sends all that waits when it wakes: a client that stops
reading fills it and is closed (code 1008), never holding anyone else up. A bot
thinks in a worker thread, never on the event loop; an engine program starts with a
minimal environment and has a deadline for each move (`Settings`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Sequence
from typing import Any

from starlette.websockets import WebSocket

from ..agents import AGENTS, make_agent
from ..arena.plan import agent_seed
from ..core import RulesError, agent_name, checks, decide
from ..protocol.engine import EngineAgent
from .limits import Bucket
from .settings import Settings
from .tables import LiveTable, Step
from .wire import direct_sender

SEND_QUEUE = 1024
"""Messages waiting for a client at most; a client this far behind is closed."""
REPLACED = 4000
"""The close code of a connection replaced by a newer one to the same seat."""
TOO_SLOW = 1008
"""The close code of a connection that does not read what it is sent."""
TOO_BIG = 1009
"""The close code of a connection that sent a message over the limit."""
BOT_KINDS = ("agent", "engine")
NO_ENGINES = "this server runs no engines (--allow-engines)"
"""Why an ``engine:`` seat is refused, or forfeits, on a server without the flag."""
PLAYER_KINDS = ("human", "remote")


def kind_of(seat_kind: str) -> str:
    """``"human"``, ``"remote"``, ``"agent"`` or ``"engine"`` of a seat kind as given."""
    return seat_kind.partition(":")[0]


class Connection:
    """One WebSocket reading a table: as a seat (``viewer`` its number) or a spectator
    (``viewer`` `SPECTATOR`). Tracks what it was sent: events so far, the last ``act``'s
    move number, the ``end``."""

    def __init__(self, websocket: WebSocket, viewer: int, *, previews: bool,
                 holder: str = "", rate: int = 20) -> None:
        self.websocket = websocket
        self.viewer = viewer
        self.previews = previews
        self.holder = holder
        """This connection's id across the server's processes: a seat's claim
        (`Storage.hold_seat`), the newest of which holds the seat."""
        self.bucket = Bucket(rate, 2 * rate)
        """The pace its messages are read at (`Settings.max_messages_per_second`)."""
        self.throttled = False
        """Whether it was told that it sends too fast."""
        self.direct = direct_sender(websocket)
        """Writes a line at once if it can (`wire.DIRECT`), if the server offers that."""
        self.queue: deque[str] = deque()
        """The lines waiting for the writer (at most `SEND_QUEUE`)."""
        self.wake: asyncio.Future[None] | None = None
        """What the writer waits on while the queue is empty."""
        self.code = 1000
        self.events = 0
        self.acted = -1
        self.ended = False
        self.closed = False
        self.name: str | None = None
        """The name of the ``ready`` it sent."""

    def push(self, line: str) -> None:
        """Send ``line``: at once while the writer waits with nothing queued (nothing sent
        before it is still on its way) and the connection takes it, else queued; a client
        too far behind is closed instead."""
        if self.closed:
            return
        if (self.direct is not None and self.wake is not None and not self.wake.done()
                and self.direct(line)):
            return
        if len(self.queue) >= SEND_QUEUE:
            self.close(TOO_SLOW)
            return
        self.queue.append(line)
        self._wake()

    def close(self, code: int) -> None:
        """Close after what is queued (at once, what is queued dropped, when the client is
        too far behind)."""
        if self.closed:
            return
        self.closed = True
        self.code = code
        self._wake()
        if code == TOO_SLOW:  # the writer may wait on the client for ever
            self.queue.clear()
            self.writer_task.cancel()

    def _wake(self) -> None:
        if self.wake is not None and not self.wake.done():
            self.wake.set_result(None)

    def start(self) -> None:
        self.writer_task = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        websocket, queue = self.websocket, self.queue
        loop = asyncio.get_running_loop()
        try:
            while True:
                while queue:
                    await websocket.send_text(queue.popleft())
                if self.closed:
                    break
                self.wake = loop.create_future()
                await self.wake
        except Exception:  # the client went away: nothing left to tell it
            self.closed = True
        finally:
            with contextlib.suppress(Exception):
                await websocket.close(self.code)

    def again(self, table: LiveTable) -> None:
        """After a refused move: the ``act`` again, if the seat is still to move."""
        self.acted = -1
        self.update(table)

    def update(self, table: LiveTable) -> None:
        """Send what is new at ``table`` for this viewer: events, the ``act`` when its seat
        is to move, the ``end``."""
        lines = table.event_lines(self.viewer)
        for line in lines[self.events:]:
            self.push(line)
        self.events = len(lines)
        if self.acted != table.move_number:
            act = table.act(self.viewer, previews=self.previews) if self.viewer >= 0 else None
            if act is not None:
                self.acted = table.move_number
                self.push(act)
        if not self.ended and (end := table.end(self.viewer)) is not None:
            self.ended = True
            self.push(end)


def house_agent(name: str, game: str) -> str:
    """``name`` if the server plays it as an ``agent:NAME`` seat: one of ``game``'s own
    agents by its bare name (`amigo_rules.agents.AGENTS`), else a `RulesError`. Outside
    text chooses these seats, so no registry prefix reaches them (``engine:`` runs a
    program: that is an ``engine:`` seat, allowed apart; ``ppo:`` reads a file) and no
    parameters (a search's budget is the server's CPU)."""
    names = AGENTS.get(game, {})
    if name not in names:
        raise RulesError(f"an 'agent:' seat takes one of {', '.join(names)} by name alone, "
                         f"got {checks.quote(name)}")
    return name


def default_agent(game: str) -> str:
    """The agent that plays a move a seat's clock let pass: the game's ``greedy``, else
    its ``heuristic`` (EXXtra's)."""
    return "greedy" if "greedy" in AGENTS[game] else "heuristic"


class Bot:
    """A seat the server plays: one of our agents (seeded as the command line seeds its
    bots, `agent_seed`) or an engine (`EngineAgent`, with the environment and move deadline
    of ``settings``). Made on its first turn and driven from a worker thread, one call at
    a time; an ``engine:`` seat on a server that runs no engines (one read back by a server
    started without ``--allow-engines``) never starts its program and fails instead."""

    def __init__(self, seat_kind: str, game: str, seed: int, seat: int,
                 replay_until: int, settings: Settings) -> None:
        kind, _, self.rest = seat_kind.partition(":")
        self.seat = seat
        self.game = game
        self.seed = seed
        self.settings = settings
        self.engine = kind == "engine"
        """Whether a program plays it (it waits for the program, not for the CPU)."""
        self.agent: Any = None
        """The agent, once made (`think`)."""
        self.hooks: Any = None
        self.replay_until = replay_until
        """Moves read back from the database: our agent is asked again for its own among
        them, so that a seeded agent continues as it would have (its answers are not
        used); an engine only hears them."""
        self.told = -1
        """Steps told so far (-1: not seated yet)."""

    @property
    def name(self) -> str:
        if self.agent is None:
            return f"engine:{self.rest}" if self.engine else self.rest
        return agent_name(self.agent)

    def _made(self) -> Any:
        if self.agent is None:
            settings = self.settings
            if self.engine and not settings.allow_engines:
                raise RulesError(NO_ENGINES)
            self.agent = (
                EngineAgent(self.rest, env=settings.engine_environment(),
                            move_timeout=settings.engine_move_seconds) if self.engine
                else make_agent(house_agent(self.rest, self.game), self.game,
                                seed=agent_seed(self.seed, self.seat)))
            hooks = getattr(self.agent, "listener", self.agent)
            self.hooks = hooks if hasattr(hooks, "seated") else None
        return self.agent

    def _catch_up(self, table: LiveTable, steps: Sequence[Step]) -> None:
        module = table.module
        agent = self._made()
        if self.told < 0:
            if self.hooks is not None:  # no seed: it would tell an engine the hidden parts
                self.hooks.seated(self.game, table.first, self.seat, None)
            self.told = 0
        for number in range(self.told, len(steps)):
            step = steps[number]
            if number < self.replay_until and step.mover == self.seat and not self.engine:
                decide(agent, module.observation(step.before, self.seat),
                       module.legal_moves(step.before))
            if self.hooks is not None:
                self.hooks.moved(step.before, step.move, step.after, number, step.events)
        self.told = len(steps)

    def think(self, table: LiveTable, steps: Sequence[Step], state: Any) -> Any:
        """The bot's move in ``state`` (after ``steps``); in a worker thread."""
        self._catch_up(table, steps)
        module = table.module
        return decide(self.agent, module.observation(state, self.seat),
                      module.legal_moves(state))

    def finish(self, table: LiveTable, steps: Sequence[Step], state: Any) -> None:
        """The game is over: the hooks hear the rest and the end; an engine is closed."""
        if self.agent is not None and self.hooks is not None:
            self._catch_up(table, steps)
            self.hooks.finished(state, "rules" if table.forfeited is None else "forfeit")
        self.close()

    def close(self) -> None:
        """Quit the engine, if one plays (in a worker thread: it may take seconds)."""
        if isinstance(self.agent, EngineAgent):
            self.agent.close()

    def kill(self) -> None:
        """End the engine's program at once, if one runs (from any thread: a move it is
        thinking of fails)."""
        process = self.agent.process if isinstance(self.agent, EngineAgent) else None
        if process is not None:
            process.kill()
