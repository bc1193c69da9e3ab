"""The tables a server process holds: read back from the database when first asked for,
moves committed (before anyone hears of them) and applied, chance drawn, bots asked in a
worker, every connection told what is new.

One lock per table orders what this process does at it; the database orders the moves
between processes (`Storage.append` refuses a number taken), and another process's moves
are read back on its notice (`Storage.subscribe`) or when an append is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from ..core import CHANCE, TERMINAL
from .rows import FORFEIT, Storage, TableRow
from .seats import BOT_KINDS, PLAYER_KINDS, Bot, Connection, kind_of
from .tables import LiveTable, Refused, token_hash

T = TypeVar("T")
LOG = logging.getLogger("amigo_rules.server")
BOT_WORKERS = 4
"""Threads the bots think in (shared by every table of the process)."""


class Seated:
    """A live table with who sits at it in this process."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.seats: dict[int, Connection] = {}
        """The connection playing each human or remote seat, if any."""
        self.bots: dict[int, Bot] = {}
        self.thinking = False
        self.finished = False

    def notify(self) -> None:
        for connection in list(self.connections):
            connection.update(self.table)

    def names(self) -> list[str | None]:
        out: list[str | None] = []
        for seat, _ in enumerate(self.table.row.seats):
            bot = self.bots.get(seat)
            connection = self.seats.get(seat)
            out.append(bot.name if bot is not None
                       else connection.name if connection is not None
                       else self.table.names[seat])
        return out


class Hall:
    """The live tables of one server process over one `Storage`."""

    def __init__(self, storage: Storage, *, allow_engines: bool = False) -> None:
        self.storage = storage
        self.allow_engines = allow_engines
        """Whether tables may seat ``engine:COMMAND`` (and the seats read back start their
        programs)."""
        self.live: dict[str, Seated] = {}
        self.opening: dict[str, asyncio.Lock] = {}
        self.pool = ThreadPoolExecutor(BOT_WORKERS, thread_name_prefix="amigo-bot")
        self.loop: asyncio.AbstractEventLoop | None = None
        self.tasks: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        """Subscribe to other processes' moves; resume the tables with bots at them."""
        self.loop = asyncio.get_running_loop()
        self.storage.subscribe(self._heard)
        rows = await asyncio.to_thread(self.storage.tables, limit=1 << 30)
        for row in rows:
            if row.status == "playing" and any(kind_of(k) in BOT_KINDS for k in row.seats):
                seated = await self.open(row.id)
                if seated is not None:
                    self._spawn(self.advance(seated))

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        for seated in self.live.values():
            for connection in list(seated.connections):
                connection.close(1001)
        self.pool.shutdown(wait=False, cancel_futures=True)
        for seated in self.live.values():
            for bot in seated.bots.values():
                with contextlib.suppress(Exception):
                    bot.close()

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            LOG.error("table task failed", exc_info=task.exception())

    # ------------------------------------------------------------------ tables

    async def create(self, row: TableRow) -> list[str | None]:
        """Store the table ``row``; the tokens of its human and remote seats (None for the
        seats the server plays)."""
        tokens = [secrets.token_urlsafe(24) for _ in row.seats]
        await asyncio.to_thread(self.storage.create, row,
                                [token_hash(token) for token in tokens])
        seated = await self.open(row.id)
        if seated is not None:
            self._spawn(self.advance(seated))
        return [token if kind_of(kind) in PLAYER_KINDS else None
                for token, kind in zip(tokens, row.seats, strict=True)]

    async def list(self, limit: int) -> list[tuple[TableRow, int]]:
        """The newest ``limit`` tables as stored (their status as live where open here),
        each with its number of moves."""
        rows = await asyncio.to_thread(self.storage.tables, limit=limit)
        counts = await asyncio.to_thread(self.storage.move_counts, [r.id for r in rows])
        return [(self.live[r.id].table.row, self.live[r.id].table.move_number)
                if r.id in self.live else (r, counts.get(r.id, 0)) for r in rows]

    async def open(self, table_id: str) -> Seated | None:
        """The live table ``table_id`` (read back from the database the first time), or
        None."""
        seated = self.live.get(table_id)
        if seated is not None:
            return seated
        lock = self.opening.setdefault(table_id, asyncio.Lock())
        async with lock:
            seated = self.live.get(table_id)
            if seated is None:
                seated = await asyncio.to_thread(self._read, table_id)
                if seated is not None:
                    self.live[table_id] = seated
        self.opening.pop(table_id, None)
        return seated

    def _read(self, table_id: str) -> Seated | None:
        storage = self.storage
        row = storage.table(table_id)
        if row is None:
            return None
        hashes = [storage.token_hash(table_id, seat) for seat in range(len(row.seats))]
        table = LiveTable(row, hashes)
        table.names = storage.seat_names(table_id)
        moves = storage.moves(table_id)
        table.absorb(moves)
        seated = Seated(table)
        for seat, kind in enumerate(row.seats):
            if kind_of(kind) in BOT_KINDS:
                seated.bots[seat] = Bot(kind, row.game, row.seed, seat, len(moves),
                                        allow_engines=self.allow_engines)
        return seated

    async def _stored(self, work: Callable[[], T]) -> T:
        """``work()``, a call of the storage: at once for a local database (it takes
        microseconds: a thread would cost more than it saves), else in a thread."""
        if getattr(self.storage, "local", False):
            return work()
        return await asyncio.to_thread(work)

    async def name(self, seated: Seated, seat: int, name: str) -> None:
        """Keep the name the client at ``seat`` gave, here and in the database (another
        process, or this one restarted, shows it)."""
        seated.table.names[seat] = name
        await self._stored(functools.partial(self.storage.name_seat, seated.table.row.id,
                                             seat, name))

    async def read_names(self, seated: Seated) -> None:
        """Read the seats' names back (a seat may have connected to another process)."""
        names = await self._stored(functools.partial(self.storage.seat_names,
                                                     seated.table.row.id))
        if len(names) == len(seated.table.names):
            seated.table.names = names

    # ------------------------------------------------------------------ moves

    async def play(self, seated: Seated, seat: int, move_number: Any, action: Any,
                   notation: Any) -> None:
        """Play ``seat``'s move (checked by `LiveTable.resolve`, `Refused` otherwise),
        committed before it is applied; then the chance moves after it."""
        async with seated.lock:
            move = seated.table.resolve(seat, move_number, action, notation)
            await self._commit(seated, move)
            await self._chance(seated)
        self._spawn(self.advance(seated))

    async def _commit(self, seated: Seated, move: Any) -> None:
        """Append ``move`` to the database, then apply it and tell everyone; `Refused`
        (409) when another process took its number first (its moves are read back)."""
        table = seated.table
        step = table.step(move)
        over = table.module.current_player(step.after) == TERMINAL
        winners = table.module.winners(step.after) if over else None
        taken = await self._stored(functools.partial(
            self.storage.append, table.row.id, table.move_number, str(move), winners=winners))
        if not taken:
            await self._sync(seated)
            raise Refused(409, "another move took this move_number")
        table.advance(step)
        if over:
            table.row = _over(table.row, winners or ())
        seated.notify()

    async def _chance(self, seated: Seated) -> None:
        """Draw and commit the chance moves due (another process's draw, read back,
        stands in for ours)."""
        table = seated.table
        while table.player == CHANCE:
            number = table.move_number
            try:
                await self._commit(seated, table.draw())
            except Refused:
                if table.move_number == number:
                    raise

    async def advance(self, seated: Seated) -> None:
        """Draw the chance moves due, then let a bot to move think (in a worker); at the
        end, the bots hear of it."""
        table = seated.table
        async with seated.lock:
            await self._chance(seated)
            player = table.player
            bot = seated.bots.get(player)
            if player == TERMINAL and not seated.finished:
                seated.finished = True
                steps = tuple(table.steps)
                for bot in seated.bots.values():
                    self._spawn(self._finish(bot, table, steps))
                return
            if bot is None or seated.thinking:
                return
            seated.thinking = True
            steps, state, number = tuple(table.steps), table.state, table.move_number
        loop = asyncio.get_running_loop()
        try:
            move = await loop.run_in_executor(self.pool, bot.think, table, steps, state)
        except Exception as exc:  # a bot's bug or an engine's fault: the seat forfeits
            LOG.error("table %s: seat %d (%r) failed, and forfeits: %r", table.row.id, player,
                      table.row.seats[player], str(exc))  # quoted: outside text, one line
            seated.thinking = False
            await self._forfeit(seated, player, number)
            return
        seated.thinking = False
        with contextlib.suppress(Refused):
            await self.play(seated, player, number, table.module.action_id(state, move), None)

    async def _forfeit(self, seated: Seated, seat: int, number: int) -> None:
        """End the game with ``seat`` forfeiting at move ``number`` (`FORFEIT` stored as the
        table's last entry, so every process and a restart read it back); nothing if the
        table moved on meanwhile."""
        table = seated.table
        async with seated.lock:
            if table.move_number != number or table.player != seat:
                return
            if not await self._stored(functools.partial(
                    self.storage.append, table.row.id, number, FORFEIT, winners=())):
                await self._sync(seated)
                return
            table.forfeited = seat
            table.row = _over(table.row, ())
            seated.notify()
        await self.advance(seated)

    async def _finish(self, bot: Bot, table: LiveTable, steps: Sequence[Any]) -> None:
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self.pool, bot.finish, table, steps, table.state)
        except Exception as exc:
            LOG.warning("table %s: seat %d at the end: %r", table.row.id, bot.seat, str(exc))

    # ------------------------------------------------------------------ other processes

    def _heard(self, table_id: str, count: int) -> None:
        """`Storage.subscribe`'s callback (any thread): another process appended."""
        loop = self.loop
        if loop is None or table_id not in self.live:
            return
        loop.call_soon_threadsafe(self._spawn_sync, table_id, count)

    def _spawn_sync(self, table_id: str, count: int) -> None:
        seated = self.live.get(table_id)
        if seated is not None and count > seated.table.move_number:
            self._spawn(self._locked_sync(seated))

    async def _locked_sync(self, seated: Seated) -> None:
        async with seated.lock:
            await self._sync(seated)
        await self.advance(seated)

    async def _sync(self, seated: Seated) -> None:
        """Read back the moves another process committed, apply them, tell everyone."""
        table = seated.table
        moves = await asyncio.to_thread(self.storage.moves, table.row.id, table.move_number)
        if moves:
            table.absorb(moves)
            if table.over:
                table.row = _over(table.row, table.module.winners(table.state))
            seated.notify()


def _over(row: TableRow, winners: Sequence[int]) -> TableRow:
    return TableRow(row.id, row.game, row.rules, row.seed, row.seats, row.created, "over",
                    tuple(winners))


def new_row(game: str, rules_json: str, seed: int, seats: Sequence[str]) -> TableRow:
    """A new table's row: a fresh url-safe id, created now."""
    return TableRow(secrets.token_urlsafe(8), game, rules_json, seed, tuple(seats),
                    time.time())
