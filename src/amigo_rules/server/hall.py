"""The tables a server process holds, and their one owner: the `Hall`.

A table held here is a `Room` — its game (`LiveTable`), the connections reading it, the
bots this process runs for it, its status — and changes only through the Hall's methods:
a move is checked, committed to the database together with the chance moves it leads to
(before anyone hears of it), then applied and told to every connection.

The event loop never waits: every storage call runs in one of the storage's own threads
(the one policy, ``stored.py``); our agents think in one bounded pool of threads
and engines in another (`Settings.max_agents_thinking`, ``max_engines_thinking``: a table
whose bot is to move waits its turn, first come first served, and a slow engine never
holds up an agent); reading a table back (replaying its moves) and drawing a board run in
a worker thread; an engine is closed in its pool. What stays on the loop is the per-move
rules work — checking a move, applying it, drawing chance, each viewer's ``event`` and the
``act`` — measured cheap (``benchmarks/server.py --rules``).

One lock per room orders what this process does at a table; the database orders the moves
between processes (`Storage.append` refuses a number taken), and another process's moves
are read back on its notice (a table is registered before it is read, so no notice is
lost), on a refused number, and on a move that looks stale. Exactly one process leads a
table whose server-played seat is to move (`Storage.lead`): only it runs that table's
agents and engines; another takes over within about `LEAD_SECONDS` when it dies.

Memory: a room stays while it has a connection or bot work; idle rooms (nobody connected,
nothing for our bots to do, finished tables among them) are kept `IDLE_ROOMS` at most, the
least recently used evicted first, and read back from the database on demand.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any, TypeVar

import attrs

from ..core import SPECTATOR, TERMINAL
from ..protocol import messages
from .rows import FORFEIT, OPEN, Clock, Storage, StoredTable, TableRow
from .seats import (
    BOT_KINDS,
    PLAYER_KINDS,
    REPLACED,
    Bot,
    Connection,
    default_agent,
    kind_of,
)
from .settings import Settings, played_seed
from .stored import Stored
from .tables import LiveTable, Refused, token_hash

T = TypeVar("T")
LOG = logging.getLogger("amigo_rules.server")
IDLE_ROOMS = 64
"""Rooms kept in memory with nobody connected and nothing for our bots to do."""
LEAD_SECONDS = 1.0
"""How often a process looks for tables nobody leads (a dead process's among them)."""
CLOCK_SECONDS = 1.0
"""How often a process looks for tables whose clock ran out that it does not time itself
(read back after a restart, evicted, or held by another process)."""
EXPIRE_SECONDS = 3600.0
"""How often expired tables are deleted (and once at start)."""
STOP_SECONDS = 5.0
"""How long a stopping server waits for its engines to quit."""
WAITING, PLAYING, OVER = "waiting", "playing", "over"
"""A table's status: a person's or remote bot's seat has no connection here; being played;
over."""


class Room:
    """One table as this process holds it. Read by the routes, changed by the `Hall`
    alone."""

    def __init__(self, table: LiveTable, names: Sequence[str | None]) -> None:
        self.id = table.row.id
        self.table = table
        """The game."""
        self.kinds = table.row.seats
        """The seat kinds."""
        self.names: list[str | None] = list(names)
        """Each seat's name as stored (the ``ready`` of its client or the bot's own)."""
        self.status = PLAYING
        """`WAITING`, `PLAYING` or `OVER`: the one status field."""
        self.lock = asyncio.Lock()
        """Orders the moves committed here."""
        self.connections: set[Connection] = set()
        """Every WebSocket reading the table (seats and spectators)."""
        self.seats: dict[int, Connection] = {}
        """The connection playing each human or remote seat, if any."""
        self.bots: dict[int, Bot] = {}
        """The seats our bots play, while this process leads the table."""
        self.thinking: int | None = None
        """The seat whose bot is thinking."""
        self.users = 0
        """The requests using the room now (`Hall.using`): it is not evicted meanwhile."""
        self.since = table.row.updated or table.row.created
        """When (Unix time) the seat to move began to move: its clock counts from then."""
        self.clocked = table.stored
        """The table's stored entries when `since` was set (a new move sets it again)."""
        self.timer: asyncio.TimerHandle | None = None
        """The clock's timer for the seat to move."""
        self.rematch = table.row.rematch
        """The table of its rematch, once asked for (`Hall.rematch`)."""
        self.substitutes: dict[int, Bot] = {}
        """The agents playing the moves a seat's clock let pass."""

    @property
    def led(self) -> bool:
        return bool(self.bots)

    def shown_names(self) -> list[str | None]:
        """Each seat's name: its connection's, else its bot's, else the stored one."""
        shown: list[str | None] = []
        for seat, name in enumerate(self.names):
            connection = self.seats.get(seat)
            bot = self.bots.get(seat)
            shown.append(connection.name if connection is not None and connection.name
                         else bot.name if bot is not None else name)
        return shown

    @property
    def open_seats(self) -> bool:
        """Whether a seat is still open (the game waits until every seat is taken)."""
        return OPEN in self.kinds

    def connected(self, seat: int) -> bool:
        """Whether someone plays ``seat`` now: a connection here, or the server's bot."""
        return seat in self.seats or kind_of(self.kinds[seat]) in BOT_KINDS


class Hall:
    """The rooms of one server process over one `Storage`."""

    def __init__(self, storage: Storage, settings: Settings) -> None:
        self.storage = storage
        self.settings = settings
        self.rooms: dict[str, Room] = {}
        self.idle: OrderedDict[str, None] = OrderedDict()
        """The rooms with nobody connected and nothing for our bots to do, least recently
        used first."""
        self.opening: dict[str, int] = {}
        """The tables being read back: the most moves another process said it has."""
        self.open_locks: dict[str, asyncio.Lock] = {}
        self.stored = Stored(storage)
        """Calls the storage (``await self.stored(storage.method, …)``) in its threads."""
        self.work_pool = ThreadPoolExecutor(1, thread_name_prefix="amigo-work")
        self.agent_pool = ThreadPoolExecutor(settings.max_agents_thinking,
                                             thread_name_prefix="amigo-agent")
        self.engine_pool = ThreadPoolExecutor(settings.max_engines_thinking,
                                              thread_name_prefix="amigo-engine")
        self.process = secrets.token_hex(6)
        """This process's part of its connections' ids (`Connection.holder`)."""
        self.counter = itertools.count()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.tasks: set[asyncio.Future[Any]] = set()
        self.wake_lead = asyncio.Event()

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        """Hear other processes' moves and seats; look for tables to lead; expire."""
        self.loop = asyncio.get_running_loop()
        self.stored.start()
        await self.stored(self.storage.subscribe, self._heard, self._heard_seat)
        self._spawn(self._leading())
        self._spawn(self._expiring())
        self._spawn(self._clocking())

    async def stop(self) -> None:
        """Close every connection; quit the engines (killed, those thinking), in threads of
        their own (the engines' pool may be busy with them)."""
        for task in list(self.tasks):
            task.cancel()
        quitting = []
        for room in self.rooms.values():
            for connection in list(room.connections):
                connection.close(1001)
            quitting += [asyncio.ensure_future(asyncio.to_thread(
                bot.kill if bot.seat == room.thinking else bot.close))
                for bot in room.bots.values() if bot.engine]
        if quitting:
            await asyncio.wait(quitting, timeout=STOP_SECONDS)
        for pool in (self.agent_pool, self.engine_pool, self.work_pool):
            pool.shutdown(wait=False, cancel_futures=True)
        self.stored.stop()

    def _spawn(self, work: Awaitable[Any]) -> None:
        """Run ``work`` (a coroutine, or a storage call's future) on its own; a failure is
        logged."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Future[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            LOG.error("table task failed", exc_info=task.exception())

    async def worked(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in the worker thread (a table read back, a board drawn)."""
        return await self._in(self.work_pool, work, *args)

    async def _in(self, pool: Executor, work: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(
            pool, functools.partial(work, *args))

    async def _quietly(self, pool: Executor, work: Callable[..., Any], *args: Any) -> None:
        """``work(*args)`` in ``pool``, its failure logged (a bot's end, an engine's quit)."""
        try:
            await self._in(pool, work, *args)
        except Exception as exc:
            LOG.warning("a bot's clean-up failed: %r", str(exc))

    # ------------------------------------------------------------------ tables

    def live(self) -> int:
        """The tables being played here: not over, and someone connected or a bot to
        move (`Settings.max_live_tables`)."""
        return sum(1 for room in self.rooms.values()
                   if room.status != OVER and room.id not in self.idle)

    async def create(self, row: TableRow) -> list[str | None]:
        """Store the table ``row``; the tokens of its human and remote seats (None for the
        seats the server plays). `Refused` (429) when `live` tables are at the limit."""
        if self.live() >= self.settings.max_live_tables:
            raise Refused(429, f"this server plays {self.settings.max_live_tables} tables "
                               f"at once, its most: try again later", retry_after=60)
        tokens = [secrets.token_urlsafe(24) for _ in row.seats]
        hashes = [token_hash(token) for token in tokens]
        await self.stored(self.storage.create, row, hashes)
        async with self._registered(Room(LiveTable(row, hashes), [None] * len(row.seats))
                                    ) as room, room.lock:
            await self._commit(room, None)  # the setup's chance moves
        if any(kind_of(kind) in BOT_KINDS for kind in row.seats):
            self.wake_lead.set()
        return [token if kind_of(kind) in PLAYER_KINDS else None
                for token, kind in zip(tokens, row.seats, strict=True)]

    async def list(self, limit: int) -> list[tuple[TableRow, str, int]]:
        """The newest ``limit`` tables as stored, each with its status (as held here, where
        it is) and number of moves."""
        rows = await self.stored(self.storage.tables, limit=limit)
        counts = await self.stored(self.storage.move_counts, [row.id for row in rows])
        listed = []
        for row in rows:
            room = self.rooms.get(row.id)
            listed.append((row, room.status, room.table.move_number) if room is not None
                          else (row, row.status, counts.get(row.id, 0)))
        return listed

    @contextlib.asynccontextmanager
    async def using(self, table_id: str) -> AsyncIterator[Room | None]:
        """The room of ``table_id`` (read back from the database if not held), or None;
        it stays in memory, the one room of its table here, while the caller uses it."""
        room = self.rooms.get(table_id)
        if room is not None:
            room.users += 1
        else:
            lock = self.open_locks.setdefault(table_id, asyncio.Lock())
            async with lock:
                room = self.rooms.get(table_id)
                if room is not None:
                    room.users += 1
                else:
                    room = await self._read(table_id)  # (in use already)
            self.open_locks.pop(table_id, None)
        if room is None:
            yield None
            return
        self.idle.pop(table_id, None)
        try:
            yield room
        finally:
            room.users -= 1
            self._settle(room)

    @contextlib.asynccontextmanager
    async def _registered(self, room: Room) -> AsyncIterator[Room]:
        """``room`` held, and in use until the block ends."""
        room.users += 1
        self.rooms[room.id] = room
        try:
            yield room
        finally:
            room.users -= 1
            self._settle(room)

    async def _read(self, table_id: str) -> Room | None:
        """Read a table back: registered first, so that another process's moves told
        meanwhile are read too. The room is in use (`Room.users`) by the caller."""
        self.opening[table_id] = 0
        try:
            stored = await self.stored(self.storage.read, table_id)
            table = None if stored is None else await self.worked(_replayed, stored)
        finally:
            heard = self.opening.pop(table_id)
        if stored is None or table is None:
            return None
        room = Room(table, stored.names)
        room.users = 1  # kept while its first moves are read and drawn
        self.rooms[table_id] = room
        async with room.lock:
            if heard > table.stored:
                await self._sync(room)
            await self._commit(room, None)  # chance moves due, if any
        return room

    def _settle(self, room: Room) -> None:
        """Keep ``room`` among the idle ones if it is, evicting the least recently used
        beyond `IDLE_ROOMS`."""
        if self.rooms.get(room.id) is not room:
            return
        busy = (room.users or room.connections or room.thinking is not None
                or (room.status != OVER and room.table.player in room.bots))
        if busy:
            self.idle.pop(room.id, None)
            return
        self.idle[room.id] = None
        self.idle.move_to_end(room.id)
        while len(self.idle) > IDLE_ROOMS:
            table_id, _ = self.idle.popitem(last=False)
            self._evict(self.rooms[table_id])

    def _evict(self, room: Room) -> None:
        del self.rooms[room.id]
        self._unseat(room)
        self._spawn(self.stored(self.storage.forget, room.id))

    def _unseat(self, room: Room) -> None:
        """This process leads the table no more: its bots go (engines quit in their pool;
        a thinking one when it has thought)."""
        bots, room.bots = room.bots, {}
        for bot in bots.values():
            if bot.seat != room.thinking:
                self._close(bot)
        if bots:
            self._spawn(self.stored(self.storage.unlead, room.id))

    def _close(self, bot: Bot) -> None:
        if bot.engine:
            self._spawn(self._quietly(self.engine_pool, bot.close))

    # ------------------------------------------------------------------ connections

    async def join(self, room: Room, websocket: Any, viewer: int, *,
                   previews: bool) -> Connection:
        """A new connection reading ``room`` as ``viewer`` (a seat or `SPECTATOR`): told
        ``hello``, the events so far and the ``act`` when due. A seat's connection claims
        the seat (`Storage.hold_seat`) and replaces its former one, here and in every
        process; a spectator beyond `Settings.max_sockets_per_table` is `Refused` (429)."""
        if (viewer == SPECTATOR
                and len(room.connections) >= self.settings.max_sockets_per_table):
            raise Refused(429, f"this table has {len(room.connections)} connections, its "
                               f"most", retry_after=60)
        holder = f"{self.process}/{next(self.counter)}"
        if viewer != SPECTATOR:
            holder = await self.stored(self.storage.hold_seat, room.id, viewer, holder)
        connection = Connection(websocket, viewer, previews=previews, holder=holder,
                                rate=self.settings.max_messages_per_second)
        connection.start()
        if viewer != SPECTATOR:
            former = room.seats.get(viewer)
            if former is not None:
                self._drop(room, former, REPLACED)
            room.seats[viewer] = connection
        room.connections.add(connection)
        connection.push(room.table.hello(viewer))
        connection.update(room.table)
        self._restatus(room)
        self._settle(room)
        return connection

    def leave(self, room: Room, connection: Connection, code: int = 1000) -> None:
        """``connection`` closed, or is to close with ``code`` (`REPLACED` by a newer
        connection to its seat, a message too big, …)."""
        self._drop(room, connection, code)
        self._restatus(room)
        self._settle(room)

    def _drop(self, room: Room, connection: Connection, code: int) -> None:
        connection.close(code)
        room.connections.discard(connection)
        if room.seats.get(connection.viewer) is connection:
            del room.seats[connection.viewer]

    async def name(self, room: Room, connection: Connection, name: str) -> None:
        """The client at ``connection`` calls itself ``name`` (its ``ready``): kept for its
        seat here and in the database (another process, or this one restarted, shows it)."""
        connection.name = name
        seat = connection.viewer
        room.table.rename(room.shown_names())
        if seat == SPECTATOR or room.names[seat] == name:
            return
        room.names[seat] = name
        await self.stored(self.storage.name_seat, room.id, seat, name)

    async def read_names(self, room: Room) -> None:
        """Read the seats' names back (a seat may have connected to another process)."""
        names = await self.stored(self.storage.seat_names, room.id)
        if len(names) == len(room.names):
            room.names = names
            room.table.rename(room.shown_names())

    def _restatus(self, room: Room) -> None:
        """Set the room's status from its game and connections; at the end the bots hear
        of it and the lead is given up."""
        table = room.table
        status = (OVER if table.over else
                  WAITING if room.open_seats or any(
                      kind_of(kind) in PLAYER_KINDS and seat not in room.seats
                      for seat, kind in enumerate(room.kinds))
                  else PLAYING)
        if status == room.status:
            return
        room.status = status
        if status == OVER:
            self._finish(room)

    def _finish(self, room: Room) -> None:
        table = room.table
        steps, state = tuple(table.steps), table.state
        bots, room.bots = room.bots, {}
        for bot in bots.values():
            if bot.seat == room.thinking:  # (the lead given up: `_think` closes it)
                continue
            pool = self.engine_pool if bot.engine else self.agent_pool
            self._spawn(self._quietly(pool, bot.finish, table, steps, state))
        if bots:
            self._spawn(self.stored(self.storage.unlead, room.id))

    # ------------------------------------------------------------------ moves

    async def play(self, room: Room, seat: int, move_number: Any, action: Any,
                   notation: Any) -> None:
        """Play ``seat``'s move (checked by `LiveTable.resolve`, `Refused` otherwise; a move
        that looks stale first reads the table back: another process may have moved),
        committed with the chance moves after it."""
        async with room.lock:
            table = room.table
            try:
                move = table.resolve(seat, move_number, action, notation)
            except Refused as refused:
                if (refused.status != 409 or type(move_number) is not int
                        or move_number < table.move_number):
                    raise
                await self._sync(room)
                move = table.resolve(seat, move_number, action, notation)
            await self._commit(room, move)

    async def _commit(self, room: Room, move: Any | None) -> None:
        """Append ``move`` (None: none) and the chance moves after it to the database,
        then apply them and tell everyone; `Refused` (409) when another process took
        their number first (its moves are read back). Under the room's lock."""
        table = room.table
        steps = table.plan(move) if not table.over else []
        if steps:
            module = table.module
            after = steps[-1].after
            player = module.current_player(after)
            over = player == TERMINAL
            try:
                taken = await self.stored(
                    self.storage.append, room.id, table.move_number,
                    [str(step.move) for step in steps], to_move=None if over else player,
                    winners=module.winners(after) if over else None)
            except BaseException:
                table.rewind()
                raise
            if not taken:
                table.rewind()
                await self._sync(room)
                raise Refused(409, "another move took this move_number")
            table.extend(steps)
            if not over and player not in room.bots and kind_of(
                    room.kinds[player]) in BOT_KINDS:
                self.wake_lead.set()  # a bot to move that this process does not run
        self._changed(room)

    async def _sync(self, room: Room) -> None:
        """Read back the moves another process committed, apply them, tell everyone.
        Under the room's lock."""
        table = room.table
        moves = await self.stored(self.storage.moves, room.id, table.move_number)
        if moves and not table.over:
            table.absorb(moves)
            self._changed(room)

    def _changed(self, room: Room) -> None:
        """After the table moved: the status, the clock, every connection told, the next
        turn."""
        room.table.rename(room.shown_names())
        self._restatus(room)
        self._clock(room)
        for connection in list(room.connections):
            connection.update(room.table)
        self._turn(room)
        self._settle(room)

    def _turn(self, room: Room) -> None:
        """What the seat to move needs of the server: its bot thinks, if this process runs
        it and it is not thinking yet."""
        if room.status == OVER or room.thinking is not None or room.open_seats:
            return
        bot = room.bots.get(room.table.player)
        if bot is not None:
            room.thinking = bot.seat
            self._spawn(self._think(room, bot))

    async def _think(self, room: Room, bot: Bot) -> None:
        """Let ``bot`` think in its pool, then play its move; a failure forfeits."""
        table = room.table
        steps, state, number = tuple(table.steps), table.state, table.move_number
        pool = self.engine_pool if bot.engine else self.agent_pool
        try:
            move = await self._in(pool, bot.think, table, steps, state)
        except Exception as exc:  # a bot's bug or an engine's fault: the seat forfeits
            LOG.error("table %s: seat %d (%r) failed, and forfeits: %r", room.id, bot.seat,
                      room.kinds[bot.seat], str(exc))  # quoted: outside text, one line
            room.thinking = None
            if room.bots.get(bot.seat) is bot:
                await self.forfeit(room, bot.seat, number)
            else:
                self._close(bot)
            return
        finally:
            room.thinking = None
        if room.bots.get(bot.seat) is not bot:  # the lead was given up meanwhile
            self._close(bot)
            return
        if room.names[bot.seat] != bot.name:
            room.names[bot.seat] = bot.name
            self._spawn(self.stored(self.storage.name_seat, room.id, bot.seat, bot.name))
        try:
            await self.play(room, bot.seat, number, table.module.action_id(state, move), None)
        except Refused:  # the table moved on meanwhile (another process's move)
            self._turn(room)

    async def forfeit(self, room: Room, seat: int, number: int) -> None:
        """End the game with ``seat`` forfeiting at move ``number`` (`FORFEIT` stored as
        the table's last entry, so every process and a restart read it back); nothing if
        the table moved on meanwhile."""
        async with room.lock:
            table = room.table
            if table.move_number != number or table.player != seat:
                return
            if not await self.stored(self.storage.append, room.id, number, [FORFEIT],
                                     winners=()):
                await self._sync(room)
                return
            table.forfeit()
            self._changed(room)

    # ------------------------------------------------------------------ open seats, rematches

    async def claim(self, room: Room, seat: int, name: str) -> str:
        """Give the `OPEN` seat ``seat`` to the caller, called ``name``: its new token
        (the seat is ``human`` from now on). `Refused` (409) once it is taken, here or in
        another process; the game begins once every seat is taken."""
        if room.kinds[seat] == OPEN:
            token = secrets.token_urlsafe(24)
            hashed = token_hash(token)
            if await self.stored(self.storage.claim_seat, room.id, seat, hashed, name):
                self._seat_taken(room, seat, hashed, name)
                return token
            await self.reseat(room)
        raise Refused(409, f"seat {seat} is taken")

    def _seat_taken(self, room: Room, seat: int, hashed: str | None, name: str | None) -> None:
        kinds = list(room.kinds)
        kinds[seat] = "human"
        room.kinds = tuple(kinds)
        hashes = list(room.table.token_hashes)
        hashes[seat] = hashed
        room.table.token_hashes = tuple(hashes)
        if name is not None:
            room.names[seat] = name
        if not room.open_seats:  # the game begins: the clock counts from now
            room.since, room.clocked = time.time(), room.table.stored
            if any(kind_of(kind) in BOT_KINDS for kind in room.kinds):
                self.wake_lead.set()
        self._changed(room)

    async def reseat(self, room: Room) -> None:
        """Read back the open seats another process gave away (their kinds and tokens)."""
        row = await self.stored(self.storage.table, room.id)
        if row is None:
            return
        for seat, kind in enumerate(row.seats):
            if room.kinds[seat] == OPEN and kind != OPEN:
                hashed = await self.stored(self.storage.token_hash, room.id, seat)
                if room.kinds[seat] == OPEN:
                    self._seat_taken(room, seat, hashed, None)

    async def rematch(self, room: Room) -> tuple[str, bool]:
        """The rematch of the finished table of ``room`` (`Storage.rematch`): the same game,
        rules, seats and clock, a new seed, each seat's token holding the same seat there;
        its id, and whether it is new (then every connection is told: ``rematch``)."""
        if room.status != OVER:
            raise Refused(409, "the game is not over: a rematch follows its end")
        if room.rematch is None:
            if self.live() >= self.settings.max_live_tables:
                raise Refused(429, f"this server plays {self.settings.max_live_tables} "
                                   f"tables at once, its most: try again later",
                              retry_after=60)
            row = room.table.row
            seed = secrets.randbits(63)
            if any(kind_of(kind) in PLAYER_KINDS for kind in room.kinds):
                seed = played_seed(self.settings.seed_secret, seed)
            new = new_row(row.game, row.rules, seed, room.kinds, row.clock)
            table_id = await self.stored(self.storage.rematch, room.id, new)
            if any(kind_of(kind) in BOT_KINDS for kind in room.kinds):
                self.wake_lead.set()
            if room.rematch is None:
                room.rematch = table_id
                line = messages.text({"type": "rematch", "table": table_id})
                for connection in list(room.connections):
                    connection.push(line)
                return table_id, table_id == new.id
        return room.rematch, False

    # ------------------------------------------------------------------ clocks

    def _clock(self, room: Room) -> None:
        """Set the clock of the seat to move (`Room.timer`; `LiveTable.deadline` for its
        ``act``): a person's or remote bot's seat, once every seat is taken, at a table
        with a clock. A new move starts it again."""
        table = room.table
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        if table.stored != room.clocked:
            room.since, room.clocked = time.time(), table.stored
        clock, seat = table.row.clock, table.player
        if (clock is None or room.status == OVER or room.open_seats or seat < 0
                or kind_of(room.kinds[seat]) in BOT_KINDS):
            table.deadline = None
            return
        table.deadline = room.since + clock.move_seconds
        room.timer = asyncio.get_running_loop().call_later(
            max(0.0, table.deadline - time.time()), self._ran_out, room, table.move_number)

    def _ran_out(self, room: Room, number: int) -> None:
        room.timer = None
        if self.rooms.get(room.id) is room:
            self._spawn(self._timeout(room, number))

    async def _timeout(self, room: Room, number: int) -> None:
        """The seat to move at move ``number`` let its time pass: it forfeits, or the
        game's default agent plays that move for it (`default_agent`)."""
        table, clock = room.table, room.table.row.clock
        seat = table.player
        if clock is None or table.move_number != number or table.over or seat < 0:
            return
        if clock.on_timeout == "forfeit":
            await self.forfeit(room, seat, number)
            return
        bot = room.substitutes.get(seat)
        if bot is None:
            name = default_agent(table.row.game)
            bot = room.substitutes[seat] = Bot(f"agent:{name}", table.row.game,
                                               table.row.seed, seat, 0, self.settings)
        steps, state = tuple(table.steps), table.state
        move = await self._in(self.agent_pool, bot.think, table, steps, state)
        table.substituted[number] = bot.name
        try:
            await self.play(room, seat, number, table.module.action_id(state, move), None)
        except Refused:  # the seat moved meanwhile
            table.substituted.pop(number, None)

    async def _clocking(self) -> None:
        """Every `CLOCK_SECONDS`, read back the tables whose clock ran out that this
        process does not hold (a restart's, an evicted one): reading one back sets its
        clock, which has run out."""
        while True:
            try:
                due = await self.stored(self.storage.due, time.time())
            except Exception:
                LOG.exception("looking for clocks that ran out failed")
                due = []
            for table_id in due:
                if table_id not in self.rooms:
                    self._spawn(self._open(table_id))
            await asyncio.sleep(CLOCK_SECONDS)

    async def _open(self, table_id: str) -> None:
        async with self.using(table_id):
            pass

    # ------------------------------------------------------------------ other processes

    def _heard(self, table_id: str, count: int) -> None:
        """`Storage.subscribe`'s ``moved`` (any thread): another process appended."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._moved, table_id, count)

    def _moved(self, table_id: str, count: int) -> None:
        if table_id in self.opening:
            self.opening[table_id] = max(self.opening[table_id], count)
            return
        room = self.rooms.get(table_id)
        if room is not None and count > room.table.stored:
            self._spawn(self._locked_sync(room))

    async def _locked_sync(self, room: Room) -> None:
        async with room.lock:
            await self._sync(room)

    def _heard_seat(self, table_id: str, seat: int, claim: str) -> None:
        """`Storage.subscribe`'s ``seated`` (any thread): a seat claimed elsewhere."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._seated, table_id, seat, claim)

    def _seated(self, table_id: str, seat: int, claim: str) -> None:
        room = self.rooms.get(table_id)
        if room is not None and room.kinds[seat] == OPEN:  # taken in another process
            self._spawn(self.reseat(room))
        connection = None if room is None else room.seats.get(seat)
        if room is not None and connection is not None and connection.holder < claim:
            self.leave(room, connection, REPLACED)

    async def _leading(self) -> None:
        """Take the lead of tables nobody leads, every `LEAD_SECONDS` (or when a bot
        this process does not run is to move)."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake_lead.wait(), LEAD_SECONDS)
            self.wake_lead.clear()
            try:
                leads = await self.stored(self.storage.lead,
                                          self.settings.max_live_tables - self.live())
            except Exception:
                LOG.exception("looking for tables to lead failed")
                continue
            for table_id in leads.lost:
                if (room := self.rooms.get(table_id)) is not None:
                    LOG.warning("table %s: led by this process no more", table_id)
                    self._unseat(room)
            for table_id in leads.gained:
                self._spawn(self._lead(table_id))

    async def _lead(self, table_id: str) -> None:
        """This process leads ``table_id`` now: its bots are seated, and play."""
        async with self.using(table_id) as room:
            if (room is None or room.status == OVER or room.led
                    or not any(kind_of(kind) in BOT_KINDS for kind in room.kinds)):
                if room is None or not room.led:
                    await self.stored(self.storage.unlead, table_id)
                return
            table = room.table
            clock = table.row.clock  # an engine's deadline: the table's clock, if any
            settings = self.settings if clock is None else attrs.evolve(
                self.settings, engine_move_seconds=clock.move_seconds)
            room.bots = {seat: Bot(kind, table.row.game, table.row.seed, seat,
                                   table.move_number, settings)
                         for seat, kind in enumerate(room.kinds)
                         if kind_of(kind) in BOT_KINDS}
            self._changed(room)

    async def _expiring(self) -> None:
        """Delete the tables nobody moved in for `Settings.expire_days`, now and every
        `EXPIRE_SECONDS`."""
        while True:
            try:
                gone = await self.stored(self.storage.expire,
                                         time.time() - self.settings.expire_days * 86400)
            except Exception:
                LOG.exception("expiring tables failed")
                gone = []
            for table_id in gone:
                if (room := self.rooms.get(table_id)) is not None:
                    for connection in list(room.connections):
                        self._drop(room, connection, 1001)
                    self.idle.pop(table_id, None)
                    self._evict(room)
            if gone:
                LOG.info("deleted %d tables nobody moved in for %g days", len(gone),
                         self.settings.expire_days)
            await asyncio.sleep(EXPIRE_SECONDS)


def _replayed(stored: StoredTable) -> LiveTable:
    """A stored table's game: its moves replayed (in the worker thread)."""
    table = LiveTable(stored.row, stored.token_hashes)
    table.absorb(stored.moves)
    return table


def new_row(game: str, rules_json: str, seed: int, seats: Sequence[str],
            clock: Clock | None = None) -> TableRow:
    """A new table's row: a fresh url-safe id, created now."""
    return TableRow(secrets.token_urlsafe(8), game, rules_json, seed, tuple(seats),
                    time.time(), clock=clock)
