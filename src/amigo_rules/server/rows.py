"""What the game server stores and asks of a database: a table's row (`TableRow`) and the
interface every database meets (`Storage`: SQLite in ``amigo_rules.server.storage``,
PostgreSQL in ``amigo_rules.server.postgres``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Protocol

import attrs

from ..core.checks import quote
from ..core.errors import ArgumentError

OPEN = "open"
"""The seat kind of a seat nobody has taken yet (no token until `Storage.claim_seat`)."""
FORFEIT = "forfeit"
"""The entry that ends a table's stored moves when the seat to move forfeits (the bot the
server runs for it failed); no game writes a move so."""


@attrs.frozen
class TableRow:
    """One table as stored."""

    id: str
    """A url-safe random id (``secrets.token_urlsafe(8)``)."""
    game: str
    """``"verflixxt"``, ``"verflixxt_hoch"`` or ``"exxtra"``."""
    rules: str
    """The ``Rules`` as JSON text (a state document's ``"rules"``)."""
    seed: int
    """The table's seed (drawn at random when the client gave none)."""
    seats: tuple[str, ...]
    """The seat kinds as given: ``"human"``, ``"remote"``, ``"agent:NAME"``,
    ``"engine:COMMAND"``."""
    created: float
    """Unix time of creation."""
    status: str = "playing"
    """``"playing"`` or ``"over"``."""
    winners: tuple[int, ...] = ()
    """The winners' seats once over, else ``()``."""
    clock: Clock | None = None
    """The time each seat has for a move, if the table has a clock."""
    updated: float | None = attrs.field(default=None, eq=False)
    """Unix time of the last move or seat taken (a clock counts from it); None: unknown."""
    rematch: str | None = None
    """The table of its rematch, once one was asked for."""
    to_move: int | None = attrs.field(default=None, eq=False)
    """The seat to move after the last move stored (None: chance, over, or no move yet)."""


TIMEOUTS = ("forfeit", "agent")
"""What a clock does when a seat lets its time pass (`Clock.on_timeout`)."""


@attrs.frozen
class Clock:
    """A table's clock: ``move_seconds`` for each move of a person's or remote bot's seat;
    when they pass, the seat forfeits (``"forfeit"``) or the game's default agent plays
    that move for it (``"agent"``)."""

    move_seconds: float
    on_timeout: str

    def to_json(self) -> str:
        return json.dumps({"move_seconds": self.move_seconds, "on_timeout": self.on_timeout},
                          separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | None) -> Clock | None:
        if text is None:
            return None
        data = json.loads(text)
        return cls(float(data["move_seconds"]), str(data["on_timeout"]))


@attrs.frozen
class StoredTable:
    """Everything stored of one table, read in one call (`Storage.read`)."""

    row: TableRow
    token_hashes: tuple[str | None, ...]
    """Each seat's token hash (sha256 hex)."""
    names: tuple[str | None, ...]
    """Each seat's name as last given, None where none was."""
    moves: tuple[str, ...]
    """The moves in order (notation), a final `FORFEIT` included."""


@attrs.frozen
class Leads:
    """What a `Storage.lead` call changed: the tables this process now leads (it runs their
    agents and engines) and those it no longer does (another process may)."""

    gained: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()


class Storage(Protocol):
    """What the server needs of a database.

    The one policy of its calls (``amigo_rules.server.stored``): the server makes every
    call in one of the storage's own `threads`, never on its event loop; each method is
    safe to call from any thread. SQLite has one such thread, its writer (one connection;
    a second would only wait for the file's lock), which commits the calls waiting
    together (`group`); PostgreSQL has one thread per pooled connection."""

    threads: int
    """How many threads the server calls the storage from."""
    group: bool
    """Whether a thread makes the calls waiting together, in one `batch`."""

    def batch(self) -> AbstractContextManager[None]:
        """The calls made inside commit together (each still all or nothing), or each on
        its own where the storage does not `group` them."""

    def create(self, table: TableRow, token_hashes: Sequence[str]) -> None:
        """Store ``table`` and its seats' token hashes (``token_hashes[i]``: sha256 hex of
        seat ``i``'s token), in one transaction."""

    def read(self, table_id: str) -> StoredTable | None:
        """The table ``table_id`` with its seats and moves, or None."""

    def table(self, table_id: str) -> TableRow | None:
        """The table ``table_id``, or None."""

    def tables(self, *, limit: int = 100) -> list[TableRow]:
        """At most ``limit`` tables, newest first."""

    def token_hash(self, table_id: str, seat: int) -> str | None:
        """The sha256 hex of the token of ``seat`` at ``table_id``, or None."""

    def name_seat(self, table_id: str, seat: int, name: str) -> None:
        """Keep ``name``, the name the client at ``seat`` gave in its ``ready``."""

    def seat_names(self, table_id: str) -> list[str | None]:
        """Each seat's name as last given (`name_seat`), None where none was."""

    def moves(self, table_id: str, start: int = 0) -> list[str]:
        """The table's moves (notation) in order, from number ``start`` on."""

    def move_counts(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The number of moves played at each of ``table_ids`` (a forfeit is no move);
        tables without moves are left out."""

    def append(self, table_id: str, move_number: int, moves: Sequence[str], *,
               to_move: int | None = None, winners: Sequence[int] | None = None) -> bool:
        """Commit ``moves`` as numbers ``move_number``, ``move_number + 1`` … (the first
        after the ``move_number`` moves stored), atomically; False, nothing written, when
        that number is taken (or is not the next one). ``to_move``: the seat to move after
        them (`lead` looks for tables whose server-played seat is to move). ``winners``
        given: the last of them ends the game (status ``"over"``, in the same
        transaction). Raises `StateError` when there is no table ``table_id``."""

    def lead(self, limit: int) -> Leads:
        """Take the lead of at most ``limit`` more tables that no process leads, still
        being played, with a seat the server plays (``agent:``, ``engine:``) to move (or
        not known yet); say which this process lost meanwhile. Exactly one process leads a
        table; when it dies another takes the lead at its next call."""

    def unlead(self, table_id: str) -> None:
        """Give up the lead of ``table_id`` (it is over, or this process stops)."""

    def hold_seat(self, table_id: str, seat: int, holder: str) -> str:
        """The connection ``holder`` now plays ``seat``: its claim, ``CLOCK/holder`` with
        the database's clock (claims order as text), which every other process's
        subscribers hear (`subscribe`'s ``seated``): each closes its own connection to
        that seat if its claim is older."""

    def claim_seat(self, table_id: str, seat: int, token_hash: str, name: str) -> bool:
        """Give the `OPEN` seat ``seat`` to its first claimant: its kind becomes
        ``"human"``, its token hash ``token_hash``, its name ``name``, the table's clock
        counts from now; False, nothing written, if the seat is not open (any more)."""

    def rematch(self, table_id: str, table: TableRow) -> str:
        """The rematch of the finished ``table_id``: ``table`` stored (same seats, each with
        the old seat's token hash and name) and linked, in one transaction, and its id; the
        id of the one stored before if there is one (``table`` is then not stored)."""

    def due(self, now: float) -> list[str]:
        """The tables being played whose clock ran out by ``now`` (Unix time), no seat open,
        a seat the server does not play to move (or not known yet)."""

    def expire(self, before: float) -> list[str]:
        """Delete the tables nobody created or moved in since ``before`` (Unix time), with
        their seats and moves; their ids."""

    def forget(self, table_id: str) -> None:
        """This process no longer holds ``table_id`` in memory (it needs no more news of
        it after a lost connection)."""

    def subscribe(self, moved: Callable[[str, int], None],
                  seated: Callable[[str, int, str], None] | None = None) -> None:
        """Call ``moved(table_id, moves_count)`` after another process appended moves,
        ``seated(table_id, seat, claim)`` after another process's `hold_seat` (from any
        thread)."""

    def close(self) -> None:
        """Release the connections."""


def checked_moves(moves: Sequence[str]) -> Sequence[str]:
    """``moves`` if it is a non-empty sequence of strings (not one string)."""
    if isinstance(moves, str) or not moves or not all(type(m) is str for m in moves):
        raise ArgumentError(f"moves to append are a non-empty list of strings, got "
                            f"{quote(moves)}")
    return moves
