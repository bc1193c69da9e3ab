"""`EngineAgent`: the host side of the seat protocol, an agent played by another program.

The engine hears the table through `amigo_rules.play`'s hooks (``seated``, ``moved``,
``finished``): a ``hello`` per game, an ``event`` per move, an ``end``. Whatever it does
wrong is an `EngineError` raised at its seat's next decision (so the arena forfeits that
game only); its process group is killed then, and a new one starts for the next game.
"""

from __future__ import annotations

import contextlib
import shlex
import threading
import time
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from ..core import game_of, get_game, jsonio
from ..core.checks import cut, quote
from ..core.errors import AmigoRulesError, ArgumentError, IllegalMoveError
from ..core.events import Event
from ..words import Teller
from . import messages
from .host import answered_move, end_of, legal_entries, told_event
from .process import Deadline, LineTooLong, Process, ProcessGone

QUIT_GRACE = 2.0
"""Seconds an engine has to exit after ``quit`` before it is killed."""
ERROR_GRACE = 0.2
"""Seconds spent telling a faulty engine why (the ``error`` message) before killing it."""
EVENT_BATCH = 1 << 16
"""Bytes of events kept back at most: they go with the next ``act`` or ``end``."""
FAULTS = ("crash", "garbage", "handshake", "illegal", "stale", "timeout")
"""The kinds of `EngineError`: the engine exited or closed its output; sent what the
protocol does not allow; did not answer ``hello`` with ``ready`` in time; chose no legal
move; answered for another ``move_number``; missed a move deadline."""


class EngineError(AmigoRulesError):
    """An engine broke the protocol; ``kind`` is one of `FAULTS`, ``stderr`` the last lines
    of its error output."""

    def __init__(self, message: str, *, kind: str, stderr: tuple[str, ...] = ()) -> None:
        tail = "".join(f"\n  stderr: {line}" for line in stderr)
        super().__init__(message + tail)
        self.kind = kind
        """What went wrong: one of `FAULTS`."""
        self.fault_kind = kind
        """The same as ``kind``: the name the arena reads off any agent's error."""
        self.stderr = stderr
        """The last lines of the engine's error output."""

    def __reduce__(self) -> tuple[Any, ...]:
        return _engine_error, (str(self), self.kind)


def _engine_error(message: str, kind: str) -> EngineError:
    return EngineError(message, kind=kind)


def split_command(command: str | Sequence[str]) -> tuple[str, ...]:
    """The command as its arguments: a list as given, a string split like a shell would."""
    if isinstance(command, str):
        try:
            args = shlex.split(command)
        except ValueError as exc:
            raise ArgumentError(f"engine command {quote(command)}: {exc}") from None
    elif isinstance(command, Sequence) and all(isinstance(a, str) for a in command):
        args = list(command)
    else:
        raise ArgumentError(f"an engine command is a string or a list of strings, got "
                            f"{quote(command)}")
    if not args:
        raise ArgumentError("an engine command names a program to run")
    return tuple(args)


class Table:
    """The game an engine is seated at, as the host sees it."""

    def __init__(self, module: ModuleType, seat: int, state: Any, rules: Any) -> None:
        self.module = module
        self.seat = seat
        self.state = state
        """The true state (from the hooks), or ``None`` when driven by ``act`` alone."""
        self.move_number = 0
        self.hidden = state is None or module.spec(state.rules).has_hidden_information
        """Whether a move may be hidden from the seat (else every notation is shown)."""
        self.teller = Teller.of(module, rules, seat)
        """Words the moves' events for the seat, as the narration does."""


class EngineAgent:
    """An agent played by the program ``command`` over the seat protocol.

    ``command`` is a list of strings, or a string split like a shell would; ``name``
    replaces the engine's own (from its ``ready``). ``handshake_timeout`` and
    ``move_timeout`` are seconds (``None``: no move limit, yet an engine that exits is
    noticed at once). The process starts at the first game and serves every game after it;
    `close` ends it (the whole process group), as do a fault, interpreter exit and
    ``SIGTERM``. Pickles by its command: a worker process starts its own engine.
    """

    def __init__(self, command: str | Sequence[str], *, name: str | None = None,
                 cwd: str | None = None, env: dict[str, str] | None = None,
                 handshake_timeout: float = 10.0, move_timeout: float | None = None) -> None:
        self.args = split_command(command)
        """The command as the list of strings that is run."""
        self.command = command if isinstance(command, str) else shlex.join(self.args)
        """The command as text (as given, or joined as a shell would read it)."""
        self.fixed_name = name
        """The name given instead of the engine's own, or None."""
        self.cwd = cwd
        """The engine's working directory (None: this process's)."""
        self.env = env
        """The engine's environment (None: this process's)."""
        self.handshake_timeout = float(handshake_timeout)
        """Seconds the engine has to answer ``hello`` with ``ready``."""
        self.move_timeout = None if move_timeout is None else float(move_timeout)
        """Seconds the engine has per move, or None: no limit."""
        self._reset()

    def _reset(self) -> None:
        self.process: Process | None = None
        self.ready: messages.Message | None = None
        self.table: Table | None = None
        self.fault: EngineError | None = None
        self.log: list[str] = []
        """The engine's ``info`` lines of the game under way."""
        self.pool: list[EngineAgent] | None = None
        self.pending: list[bytes] = []
        """Lines not sent yet (the events since the engine's last message)."""
        self.queued = 0
        self.transcript: list[tuple[str, str]] | None = None
        """Set to a list to keep every line: ``("host", line)`` sent, ``("seat", line)``
        received (the documentation's transcript, tests)."""

    def __getstate__(self) -> dict[str, Any]:
        return {"args": self.args, "command": self.command, "fixed_name": self.fixed_name,
                "cwd": self.cwd, "env": self.env, "handshake_timeout": self.handshake_timeout,
                "move_timeout": self.move_timeout}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._reset()

    def __repr__(self) -> str:
        return f"EngineAgent({self.command!r})"

    @property
    def name(self) -> str:
        """The name given, else the engine's ``ready`` name and version, else its command."""
        if self.fixed_name is not None:
            return self.fixed_name
        if self.ready is None:
            return f"engine:{self.command}"
        version = self.ready.get("version")
        return str(self.ready["name"]) + (f" {version}" if version else "")

    # the table's hooks (amigo_rules.play)

    def seated(self, game: str, state: Any, seat: int, seed: int | None) -> None:
        """A new game: ``hello``, answered by ``ready``. A fault is kept for the seat's
        first decision (a forfeit of this game, not an exception in the middle of setup)."""
        self._leave()
        self.fault = None
        self.log = []
        module = get_game(game)
        self.table = Table(module, seat, state, state.rules)
        try:
            self._hello(module, state.rules, seat, seed)
        except EngineError as exc:
            self.fault = exc

    def moved(self, before: Any, move: Any, after: Any, move_number: int,
              events: tuple[Event, ...]) -> None:
        """Tell the engine of a move (``event``), as its seat may see it (``events``: what
        the move did, all shown)."""
        table = self.table
        if table is None:
            return
        table.state = after
        table.move_number = move_number + 1
        if self.fault is not None or self.process is None:
            return
        self._queue(told_event(table.module, before, move, after, move_number, events,
                               table.seat, table.teller, hidden=table.hidden))
        if self.queued > EVENT_BATCH:
            try:
                self._send(None, self.move_timeout)
            except EngineError as exc:
                self.fault = exc

    def _queue(self, message: messages.Message) -> None:
        """Keep a line to go with the next message sent (events: one write per decision,
        not per move)."""
        line = messages.encode(message)
        if self.transcript is not None:
            self.transcript.append(("host", line.decode().rstrip("\n")))
        self.pending.append(line)
        self.queued += len(line)

    def finished(self, state: Any, reason: str) -> None:
        """The game's end (``end``); an engine from a pool goes back to it."""
        self._end(state, reason)
        if self.pool is not None and self.process is not None:
            with _POOL_LOCK:
                self.pool.append(self)

    def _end(self, state: Any, reason: str) -> None:
        table = self.table
        self.table = None
        if table is not None and self.fault is None and self.process is not None:
            with contextlib.suppress(EngineError):  # killed: the next game starts anew
                self._send(end_of(table.module, state, reason), self.move_timeout)
        self.fault = None

    # the agent

    def act(self, observation: Any, legal_moves: tuple[Any, ...]) -> Any:
        """The engine's move: ``act``, answered by ``move`` (``info`` lines are logged)."""
        if self.fault is not None:
            fault, self.fault = self.fault, None
            raise fault
        try:
            table = self.table or self._seat_from(observation)
            return self._ask(table, observation, legal_moves)
        except EngineError:
            self.table = None
            raise
        except BaseException:  # interrupted, or abandoned by the arena's move clock
            self._kill()
            raise

    __call__ = act

    def close(self) -> None:
        """``quit``, then end the process group if it has not exited within 2 s."""
        self.table = None
        process = self.process
        if process is None:
            return
        with contextlib.suppress(ProcessGone, Deadline):
            process.write(messages.encode(messages.QUIT), time.monotonic() + ERROR_GRACE)
        process.stop(QUIT_GRACE)
        self.process = None

    # the protocol

    def _seat_from(self, observation: Any) -> Table:
        """Driven by ``act`` alone (no hooks): the game and seat from the observation."""
        module = game_of(observation)
        seat = jsonio.parse(module.observation_to_json(observation))["player"]
        table = Table(module, seat, None, observation.rules)
        self.table = table
        self._hello(module, observation.rules, seat, None)
        return table

    def _hello(self, module: ModuleType, rules: Any, seat: int, seed: int | None) -> None:
        if self.process is None:
            try:
                self.process = Process(self.args, cwd=self.cwd, env=self.env)
            except OSError as exc:
                raise EngineError(f"engine {quote(self.command)} could not start: {exc}",
                                  kind="crash") from None
        move_ms = None if self.move_timeout is None else round(self.move_timeout * 1000)
        hello = messages.hello(module.NAME, jsonio.rules_to_data(rules), rules.players, seat,
                               seed, round(self.handshake_timeout * 1000), move_ms)
        deadline = time.monotonic() + self.handshake_timeout
        self._send(hello, self.handshake_timeout, handshake=True)
        self.ready = self._receive("ready", deadline, handshake=True)

    def _ask(self, table: Table, observation: Any, legal_moves: tuple[Any, ...]) -> Any:
        module = table.module
        state = table.state
        legal = legal_entries(module, state, legal_moves)
        number = table.move_number
        self._send(messages.act(number, module.observation_to_json(observation), legal,
                                None if self.move_timeout is None
                                else round(self.move_timeout * 1000)), self.move_timeout)
        deadline = None if self.move_timeout is None else time.monotonic() + self.move_timeout
        answer = self._receive("move", deadline)
        if answer["move_number"] != number:
            self._fail("stale", f"answered move_number {answer['move_number']} to the act "
                                f"of move_number {number}")
        try:
            chosen = answered_move(legal_moves, legal, answer.get("id"), answer.get("move"))
        except IllegalMoveError as error:
            self._fail("illegal", f"answered: {error}")
        if state is None:
            table.move_number += 1
        return chosen

    def _send(self, message: messages.Message | None, timeout: float | None, *,
              handshake: bool = False) -> None:
        """Write the lines queued and ``message`` (if any) in one go."""
        assert self.process is not None
        deadline = None if timeout is None else time.monotonic() + timeout
        if message is not None:
            self._queue(message)
        data = b"".join(self.pending)
        self.pending.clear()
        self.queued = 0
        try:
            self.process.write(data, deadline)
        except ProcessGone:
            self._fail("handshake" if handshake else "crash", "closed its input (exited)")
        except Deadline:
            self._fail("handshake" if handshake else "timeout",
                       "did not read its input in time")

    def _receive(self, kind: str, deadline: float | None, *,
                 handshake: bool = False) -> messages.Message:
        """The next message of ``kind``, ``info`` lines logged on the way."""
        assert self.process is not None
        while True:
            try:
                line = self.process.read_line(deadline)
            except ProcessGone as gone:
                code = "" if gone.args[0] is None else f" (exit code {gone.args[0]})"
                self._fail("handshake" if handshake else "crash",
                           f"closed its output{code} instead of sending {kind!r}")
            except LineTooLong as long:
                self._fail("garbage", f"sent a line of {long.args[0]} bytes or more, over "
                                      f"the 1 MiB limit")
            except Deadline:
                limit = self.handshake_timeout if handshake else self.move_timeout
                self._fail("handshake" if handshake else "timeout",
                           f"sent no {kind!r} within {limit:g} s")
            if self.transcript is not None:
                self.transcript.append(("seat", line.decode("utf-8", "replace")))
            try:
                message = messages.read_seat(line)
            except messages.ProtocolError as exc:
                self._fail("garbage", f"broke the protocol waiting for {kind!r}: {exc}")
            if message["type"] == "info":
                self.log.append(cut(message["text"]))
                continue
            if message["type"] != kind:
                self._fail("garbage", f"sent {message['type']!r} where {kind!r} was due")
            return message

    def _fail(self, kind: str, what: str) -> Any:
        """Tell the engine why (``error``), end its process group, raise `EngineError`."""
        seat = "" if self.table is None else f" (seat {self.table.seat})"
        message = f"engine {quote(self.name if self.ready else self.command)}{seat} {what}"
        stderr: tuple[str, ...] = ()
        process = self.process
        if process is not None:
            with contextlib.suppress(ProcessGone, Deadline):
                process.write(messages.encode(messages.error(message)),
                              time.monotonic() + ERROR_GRACE)
            self._kill()
            stderr = tuple(process.stderr)
        raise EngineError(message, kind=kind, stderr=stderr)

    def _kill(self) -> None:
        self.pending.clear()
        self.queued = 0
        if self.process is not None:
            self.process.kill()
            self.process = None

    def _leave(self) -> None:
        """A game left without ``end`` (abandoned by its host): end it as a forfeit."""
        table = self.table
        if table is not None and table.state is not None:
            self._end(table.state, "forfeit")
        self.table = None


_POOL_LOCK = threading.Lock()
_POOLS: dict[tuple[tuple[str, ...], str], list[EngineAgent]] = {}
"""Idle engines of this process by command: a tournament's games reuse them."""


def pooled(command: str | Sequence[str], game: str | None = None, *, seed: int | None = None,
           **options: Any) -> EngineAgent:
    """An idle engine of this process running ``command`` with ``options`` (`EngineAgent`'s
    keywords), or a new one; it returns to the pool at the end of its game, so a worker's
    games reuse one process per seat. The agent names' ``engine:COMMAND`` comes here, and
    ``functools.partial(pooled, command, move_timeout=1.0)`` is a tournament's factory
    (``game`` and ``seed`` are the caller's and ignored: the engine hears them in
    ``hello``)."""
    key = (split_command(command), repr(sorted(options.items())))
    with _POOL_LOCK:
        pool = _POOLS.setdefault(key, [])
        agent = pool.pop() if pool else None
    if agent is None:
        agent = EngineAgent(command, **options)
        agent.pool = pool
    return agent


def close_pools() -> None:
    """`close` every idle engine of this process's pools (they end at exit anyway)."""
    with _POOL_LOCK:
        idle = [agent for pool in _POOLS.values() for agent in pool]
        for pool in _POOLS.values():
            pool.clear()
    for agent in idle:
        agent.close()
