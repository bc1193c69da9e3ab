"""What the game server stores and asks of a database: a table's row (`TableRow`) and the
interface every database meets (`Storage`: SQLite in ``amigo_rules.server.storage``,
PostgreSQL in ``amigo_rules.server.postgres``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

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


class Storage(Protocol):
    """What the server needs of a database. Every method is safe to call from any thread."""

    def create(self, table: TableRow, token_hashes: Sequence[str]) -> None:
        """Store ``table`` and its seats' token hashes (``token_hashes[i]``: sha256 hex of
        seat ``i``'s token), in one transaction."""

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

    def append(self, table_id: str, move_number: int, move: str, *,
               winners: Sequence[int] | None = None) -> bool:
        """Commit ``move`` as number ``move_number`` (the moves applied before it), atomically;
        False, nothing written, when that number is taken (or is not the next one).
        ``winners`` given: this move ends the game (status ``"over"``, in the same
        transaction). Raises `StateError` when there is no table ``table_id``."""

    def subscribe(self, callback: Callable[[str, int], None]) -> None:
        """Call ``callback(table_id, moves_count)`` (from any thread) after another process
        appended a move."""

    def close(self) -> None:
        """Release the connection."""
